"""Paper and bed sizes: the papers printkit knows by name, a paper or a size written ``WxH`` in millimetres,
and their limits. A leaf of the config package: the kit's reader, the profiles' readers and the option
declarations all read sizes, and none of them is imported here."""

from __future__ import annotations

import re

from ..model import Paper
from .reader import cyrillic, suggest

PAPER_NAMES = ("A5", "A4", "A3", "A2", "Letter", "Legal", "Tabloid")
PAPERS = {"A5": (148.0, 210.0), "A4": (210.0, 297.0), "A3": (297.0, 420.0), "A2": (420.0, 594.0),
          "Letter": (215.9, 279.4), "Legal": (215.9, 355.6), "Tabloid": (279.4, 431.8)}
assert tuple(PAPERS) == PAPER_NAMES
MIN_PAPER, MAX_PAPER = 100.0, 2000.0  # a page must hold the 50 mm scale bar and its labels
MIN_BED, MAX_BED = 20.0, 5000.0  # a laser's bed, a cutter's area, a printer's bed: each side, mm
_WXH = re.compile(r"\s*([0-9]+(?:\.[0-9]+)?)\s*[xX×]\s*([0-9]+(?:\.[0-9]+)?)\s*(?:mm)?\s*")


def parse_paper(text: str) -> Paper | str:
    """A paper by name (A4, Letter…) or as ``WxH`` in millimetres; a message when it is neither."""
    for name, (w, h) in PAPERS.items():
        if text.lower() == name.lower():
            return Paper(name, w, h)
    m = _WXH.fullmatch(text)
    latin = cyrillic(text, PAPERS, case=False)
    if not m and latin:
        return f"paper '{text}': {latin}"
    if not m and _WXH.fullmatch(text.replace(",", ".")):
        return f"paper '{text}' has a decimal comma: write {text.replace(',', '.')}"
    if not m:
        return (f"paper '{text}' is neither a size name ({', '.join(PAPERS)}) nor WxH in millimetres "
                f"(e.g. 330x480){suggest(text, PAPERS)}")
    w, h = float(m.group(1)), float(m.group(2))
    for side in (w, h):
        if not MIN_PAPER <= side <= MAX_PAPER:
            return f"paper {text}: each side must be {MIN_PAPER:g} to {MAX_PAPER:g} mm"
    return Paper(f"{w:g}x{h:g}", w, h)


def parse_size(text: str, lo: float = MIN_BED, hi: float = MAX_BED) -> tuple[float, float] | str:
    """``WxH`` in millimetres (``300x200``, ``300 × 200 mm``); a message when it is not one."""
    m = _WXH.fullmatch(text)
    if not m and _WXH.fullmatch(text.replace(",", ".")):
        return f"'{text}' has a decimal comma: write {text.replace(',', '.')}"
    if not m:
        return f"'{text}' is not a size WxH in millimetres (e.g. 300x200)"
    w, h = float(m.group(1)), float(m.group(2))
    if not (lo <= w <= hi and lo <= h <= hi):
        return f"{text}: each side must be {lo:g} to {hi:g} mm"
    return w, h


__all__ = ["MAX_BED", "MAX_PAPER", "MIN_BED", "MIN_PAPER", "PAPERS", "PAPER_NAMES", "parse_paper", "parse_size"]
