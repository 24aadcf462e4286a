"""Wood-burning templates (``--only burn``): the tiles and the board at 1:1 as thin lines to trace
through carbon paper, the tiles also mirrored for toner or heat transfer, and, with single-line
letters (``burn.letters: single``), the tile pages as SVG for pen plotters.

tiles.py draws the tile pages on the printed sheet's grid (and the plotter's order of lines),
board.py the board on the printed board's pages, strokes.py the single-line letters by Unicode
character (Hershey's simplex Roman, marks composed), cyrillic.py printkit's own single-line Cyrillic.
"""

from __future__ import annotations

from ...geometry import Document
from ...model import Kit
from ..common import lettering
from .board import board_document
from .tiles import tile_documents


def burn_documents(kit: Kit) -> list[Document]:
    """The tiles' template and its mirror image (PDF), the board's template (PDF) and, with
    single-stroke letters, one plotter SVG per tile page."""
    lt = lettering(kit)
    return [*tile_documents(kit, lt), board_document(kit, lt)]


__all__ = ["burn_documents"]
