"""Plural categories of whole numbers, by the CLDR plural rules, for the languages printkit's sets
are in: which form of a noun goes with a number ("1 фишка, 2 фишки, 5 фишек; 21 фишка, 111 фишек").

The rules are CLDR's ``plurals.xml`` (Unicode CLDR 46) for integers, written out by hand so that the
core install needs no locale library; ``tests/config/test_plural.py`` compares every category with Babel's
for every n from 0 to 10 000 and for the millions, in each language. A language not listed here
follows English (``one`` for 1, ``other`` else).

A noun's forms are written in one string, in the order of its language's categories
(:data:`ORDER`), separated by ``|``: ``"фишка|фишки|фишек"`` (ru: one, few, many), ``"tile|tiles"``
(en: one, other), ``"tuile|tuiles|tuiles"`` (fr: one, many, other). A form left out is taken from
the last one given, so ``"tuile|tuiles"`` serves French too.
"""

from __future__ import annotations


def _east_slavic(n: int) -> str:
    """ru, uk: 1, 21, 101 фишка; 2–4, 22–24 фишки; 0, 5–20, 25–30, 111 фишек."""
    if n % 10 == 1 and n % 100 != 11:
        return "one"
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return "few"
    return "many"


def _polish(n: int) -> str:
    """pl: 1 płytka; 2–4, 22–24 płytki; 0, 5–21, 25–31, 112 płytek (21 is many in Polish)."""
    if n == 1:
        return "one"
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return "few"
    return "many"


def _germanic(n: int) -> str:
    """en, de, nl: one for 1, other for every other whole number (0 tiles, 2 tiles)."""
    return "one" if n == 1 else "other"


def _million_many(n: int) -> bool:
    """fr, es: a whole number of millions (1 000 000, 2 000 000) takes its own form ("de")."""
    return n != 0 and n % 1_000_000 == 0


def _french(n: int) -> str:
    """fr: 0 and 1 tuile; 2 tuiles; 1 000 000 de tuiles."""
    if n in (0, 1):
        return "one"
    return "many" if _million_many(n) else "other"


def _spanish(n: int) -> str:
    """es: 1 ficha; 0, 2 fichas; 1 000 000 de fichas."""
    if n == 1:
        return "one"
    return "many" if _million_many(n) else "other"


RULES = {"ru": _east_slavic, "uk": _east_slavic, "pl": _polish, "en": _germanic, "de": _germanic,
         "nl": _germanic, "fr": _french, "es": _spanish}

# The categories each language uses for whole numbers, in the order its forms are written.
ORDER = {"ru": ("one", "few", "many"), "uk": ("one", "few", "many"), "pl": ("one", "few", "many"),
         "en": ("one", "other"), "de": ("one", "other"), "nl": ("one", "other"),
         "fr": ("one", "other", "many"), "es": ("one", "other", "many")}


def category(n: int, language: str) -> str:
    """The CLDR plural category of the whole number ``n`` (0 or more) in ``language``."""
    if isinstance(n, bool) or not isinstance(n, int) or n < 0:
        raise ValueError(f"a count is a whole number of 0 or more, not {n!r}")
    return RULES.get(language, _germanic)(n)


def form(n: int, language: str, forms: str) -> str:
    """The form of a noun that goes with ``n``: ``forms`` is its forms in :data:`ORDER`, ``|`` apart."""
    parts = forms.split("|")
    order = ORDER.get(language, ORDER["en"])
    i = order.index(category(n, language if language in RULES else "en"))
    return parts[min(i, len(parts) - 1)]


def counted(n: int, language: str, forms: str) -> str:
    """``n`` and the form of the noun that goes with it: ``counted(22, "ru", "фишка|фишки|фишек")``
    → ``22 фишки``."""
    return f"{n} {form(n, language, forms)}"


def english(n: int, noun: str, plural: str | None = None) -> str:
    """An English count for the command's own output: ``1 tile``, ``0 tiles``, ``2 boxes``."""
    return f"{n} {noun if n == 1 else (plural or noun + 's')}"


__all__ = ["ORDER", "RULES", "category", "counted", "english", "form"]
