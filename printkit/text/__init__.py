"""The words printed on the sheets, in the kit's language: one table, English as the fallback.

Sheets never write a sentence themselves; they ask ``words(kit.language)`` for one by its key and
fill in the figures: ``words("ru")("page_of", page=2, pages=4)`` → ``лист 2 из 4``. A language
missing a key falls back to English, and a test keeps the table whole (every key in English,
the same placeholders in every language, Russian and Ukrainian complete).
"""

from __future__ import annotations

import string
from dataclasses import dataclass

from .table import LANGUAGES, TABLE


def plural(n: int, language: str, forms: str) -> str:
    """The form of a noun for ``n``: ``forms`` is "one|few|many" (ru, uk: лист|листа|листов) or
    "one|other" (en: page|pages)."""
    parts = forms.split("|")
    if len(parts) == 3:  # East Slavic: 1, 21 лист; 2–4, 22 листа; 5–20, 25 листов
        if n % 10 == 1 and n % 100 != 11:
            return parts[0]
        if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
            return parts[1]
        return parts[2]
    return parts[0] if n == 1 else parts[-1]


@dataclass(frozen=True)
class Words:
    """The sentences of one language."""

    language: str

    def __call__(self, key: str, **figures) -> str:
        entry = TABLE[key]
        text = entry.get(self.language) or entry["en"]
        return text.format(**figures)

    def counted(self, key: str, n: int) -> str:
        """``n`` and the right form of the noun ``key`` (a "one|few|many" entry): "4 листа"."""
        entry = TABLE[key]
        language = self.language if self.language in entry else "en"
        return f"{n} {plural(n, language, entry[language])}"


def words(language: str) -> Words:
    """The words of ``language`` (an ISO 639-1 code such as ru, uk, en); others get English."""
    return Words(language if language in LANGUAGES else "en")


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


__all__ = ["LANGUAGES", "TABLE", "Words", "placeholders", "plural", "words"]
