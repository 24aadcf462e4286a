"""The words printed on the sheets, in the kit's language: one table, English as the fallback.

Sheets never write a sentence themselves; they ask ``words(kit.language)`` for one by its key and
fill in the figures: ``words("ru")("page_of", page=2, pages=4)`` → ``лист 2 из 4``. A count is
written with its noun's forms, ``{total:фишка|фишки|фишек}``, and printed with the form its number
takes (``131 фишка``, ``22 фишки``; :mod:`printkit.text.plural`, the CLDR rules). A language missing
a key falls back to English, and a test keeps the table whole (every key in English, the same
placeholders and forms in every language, Russian and Ukrainian complete).
"""

from __future__ import annotations

import string
from dataclasses import field
from typing import Any

from ..records import record
from .plural import counted, form
from .table import LANGUAGES, TABLE


def plural(n: int, language: str, forms: str) -> str:
    """The form of a noun for ``n``: ``forms`` in the order of the language's CLDR categories, "|"
    apart: "one|few|many" (ru, uk: лист|листа|листов), "one|other" (en: page|pages)."""
    return form(n, language, forms)


class _Formatter(string.Formatter):
    """str.format, and a field written ``{n:фишка|фишки|фишек}`` prints the number with the form of
    the noun that goes with it in the sentence's language (``22 фишки``)."""

    def __init__(self, language: str):
        self.language = language

    def format_field(self, value, spec: str) -> str:
        if "|" in spec:
            return counted(value, self.language, spec)
        return super().format_field(value, spec)


@record
class Words:
    """The sentences of one language."""

    language: str

    def __call__(self, key: str, /, **figures) -> str:
        entry = TABLE[key]
        language = self.language if entry.get(self.language) else "en"
        return _Formatter(language).format(entry[language], **figures)

    def counted(self, key: str, n: int) -> str:
        """``n`` and the right form of the noun ``key`` (a "one|few|many" entry): "4 листа"."""
        entry = TABLE[key]
        language = self.language if self.language in entry else "en"
        return counted(n, language, entry[language])


def words(language: str) -> Words:
    """The words of ``language`` (an ISO 639-1 code such as ru, uk, en); others get English."""
    return Words(language if language in LANGUAGES else "en")


@record
class Said:
    """A sentence of the table by its key, with its figures, to be said in any language later: the
    command line prints the English (``said("en")``), the web page the kit's language. A figure may
    be a Said itself (a part of the sentence, said in the same language). ``where``: the place
    (``file:line:col``) the line starts with, if it names one."""

    key: str
    figures: dict[str, Any] = field(default_factory=dict)
    where: str = ""

    def __call__(self, language: str = "en") -> str:
        figures = {k: v(language) if isinstance(v, Said) else v for k, v in self.figures.items()}
        text = words(language)(self.key, **figures)
        return f"{self.where}: {text}" if self.where else text


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


__all__ = ["LANGUAGES", "TABLE", "Said", "Words", "placeholders", "plural", "words"]
