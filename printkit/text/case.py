"""Upper and lower case as a set's language writes them.

Python's ``str.upper`` and ``str.lower`` are Unicode's default mappings, right for every shipped language but
two kinds: Turkish and Azerbaijani have a dotted and a dotless i (``i`` ↔ ``İ``, ``ı`` ↔ ``I``), where the
default maps ``i`` to ``I`` and ``İ`` to ``i`` with a combining dot (two characters). A blank is written in
lower case and read back in upper case, so a Turkish blank İ must be written ``i`` and a blank I ``ı``, and
both read back as themselves. Greek's final sigma needs nothing: ``ς`` and ``σ`` are both ``Σ`` in capitals,
and a blank Σ is written ``σ``.
"""

from __future__ import annotations

DOTTED_I = frozenset({"tr", "az"})  # languages whose capital of i is İ and whose small of I is ı


def _dotted(language: str | None) -> bool:
    return bool(language) and language.split("-")[0].lower() in DOTTED_I


def upper(text: str, language: str | None = None) -> str:
    """``text`` in capitals as ``language`` writes them (Turkish ``i`` → ``İ``)."""
    if _dotted(language) and "i" in text:
        text = text.replace("i", "İ")
    return text.upper()


def lower(text: str, language: str | None = None) -> str:
    """``text`` in small letters as ``language`` writes them (Turkish ``I`` → ``ı``, ``İ`` → ``i``)."""
    if _dotted(language):
        text = text.replace("I", "ı").replace("İ", "i")
    return text.lower()


__all__ = ["DOTTED_I", "lower", "upper"]
