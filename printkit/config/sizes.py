"""Paper and bed sizes: the papers printkit knows by name, a paper or a size written ``WxH`` in millimetres,
and their limits. A leaf of the config package: the kit's reader, the profiles' readers and the option
declarations all read sizes, and none of them is imported here."""

from __future__ import annotations

import re

from ..model import Paper
from ..text import Said
from .reader import cyrillic_said, suggested

PAPER_NAMES = ("A5", "A4", "A3", "A2", "Letter", "Legal", "Tabloid")
PAPERS = {"A5": (148.0, 210.0), "A4": (210.0, 297.0), "A3": (297.0, 420.0), "A2": (420.0, 594.0),
          "Letter": (215.9, 279.4), "Legal": (215.9, 355.6), "Tabloid": (279.4, 431.8)}
assert tuple(PAPERS) == PAPER_NAMES
MIN_PAPER, MAX_PAPER = 100.0, 2000.0  # a page must hold the 50 mm scale bar and its labels
MIN_BED, MAX_BED = 20.0, 5000.0  # a laser's bed, a cutter's area, a printer's bed: each side, mm
_WXH = re.compile(r"\s*([0-9]+(?:\.[0-9]+)?)\s*[xX×]\s*([0-9]+(?:\.[0-9]+)?)\s*(?:mm)?\s*")


def parse_paper(text: str) -> Paper | Said:
    """A paper by name (A4, Letter…) or as ``WxH`` in millimetres; a message (a sentence, to be said in any
    language) when it is neither."""
    for name, (w, h) in PAPERS.items():
        if text.lower() == name.lower():
            return Paper(name, w, h)
    m = _WXH.fullmatch(text)
    latin = cyrillic_said(text, PAPERS, case=False)
    if not m and latin:
        return Said("cfg_paper_latin", {"text": text, "why": latin})
    if not m and _WXH.fullmatch(text.replace(",", ".")):
        return Said("cfg_paper_comma", {"text": text, "fixed": text.replace(",", ".")})
    if not m:
        return Said("cfg_paper_neither", {"text": text, "names": ", ".join(PAPERS), "hint": suggested(text, PAPERS)})
    w, h = float(m.group(1)), float(m.group(2))
    for side in (w, h):
        if not MIN_PAPER <= side <= MAX_PAPER:
            return Said("cfg_paper_sides", {"text": text, "lo": f"{MIN_PAPER:g}", "hi": f"{MAX_PAPER:g}"})
    return Paper(f"{w:g}x{h:g}", w, h)


def parse_size(text: str, lo: float = MIN_BED, hi: float = MAX_BED) -> tuple[float, float] | Said:
    """``WxH`` in millimetres (``300x200``, ``300 × 200 mm``); a message (a sentence) when it is not one."""
    m = _WXH.fullmatch(text)
    if not m and _WXH.fullmatch(text.replace(",", ".")):
        return Said("cfg_size_comma", {"text": text, "fixed": text.replace(",", ".")})
    if not m:
        return Said("cfg_size_not", {"text": text})
    w, h = float(m.group(1)), float(m.group(2))
    if not (lo <= w <= hi and lo <= h <= hi):
        return Said("cfg_size_sides", {"text": text, "lo": f"{lo:g}", "hi": f"{hi:g}"})
    return w, h


__all__ = ["MAX_BED", "MAX_PAPER", "MIN_BED", "MIN_PAPER", "PAPERS", "PAPER_NAMES", "parse_paper", "parse_size"]
