"""A fold-up card rack for a paper set: a rack per player on a page of the kit's paper (three of 20 mm
tiles on A4; a second page for the rest), each a strip folded into a triangular tube with a shelf
and a lip in front of it.

Across the strip (the ledge's length: the rules' rack of tiles + 3 mm, as the laser's racks), from
top to bottom: the lip, the shelf the tiles stand on (their thickness + clearance), the face they lean
on (leaning :data:`printkit.sheets.racks.LEAN_DEG` back), the rear face, the base, and a glue tab that
goes under the shelf. Cut lines are solid, fold lines dashed, the glue tab is marked.
"""

from __future__ import annotations

from math import cos, hypot, radians, sin

from ...geometry import Document, Item, Line, Page, Role
from ...model import Kit
from ..common import lettering
from ..nets import CUT_MM, DASH_MM, FOLD_MM, GAP_MM, INK, LABEL_EM, SPACE_MM
from .laser import CLEARANCE_MM, LEAN_DEG, LEDGE_SPARE_MM, players

KIND = "racks-paper"
LIP_MM = 6.0
FACE_SHARE = 0.9  # the face the tiles lean on: this share of the tile's side
BASE_EXTRA_MM = 10.0  # the base reaches this far behind the face's top: the rack does not tip


def panels(kit: Kit) -> list[tuple[str, float]]:
    """The strip's panels from top to bottom: (name, height mm)."""
    tile, t = kit.physical.tile_mm, kit.physical.thickness_mm
    a = radians(LEAN_DEG)
    shelf = t + CLEARANCE_MM
    face = FACE_SHARE * tile
    top = (face * sin(a), face * cos(a))
    base = top[0] + BASE_EXTRA_MM
    rear = hypot(base - top[0], top[1])
    return [("lip", LIP_MM), ("shelf", shelf), ("face", face), ("rear", rear), ("base", base), ("tab", shelf)]


def _dashed(x0: float, x1: float, y: float) -> list[Item]:
    out: list[Item] = []
    x = x0
    while x < x1 - 1e-9:
        out.append(Line(x, y, min(x + DASH_MM, x1), y, INK, FOLD_MM, role=Role.GUIDE, tag="fold"))
        x += DASH_MM + SPACE_MM
    return out


def paper_rack_documents(kit: Kit) -> list[Document]:
    """One page (more if the players' racks do not fit on one): the title and how to fold, then the
    racks' strips one under another."""
    lt = lettering(kit)
    paper, margin = kit.print.paper, kit.print.margin_mm
    length = kit.rules.rack * kit.physical.tile_mm + LEDGE_SPARE_MM
    strip = panels(kit)
    height = sum(h for _, h in strip)
    x0 = (paper.width_mm - length) / 2
    x1 = x0 + length
    title = lt.say("doc_racks_paper", title=kit.title)
    how = lt.say("racks_paper_howto")
    head = margin + 4 * LABEL_EM
    per_page = max(1, int((paper.height_mm - margin - head + GAP_MM) // (height + GAP_MM)))
    total = players(kit)
    pages = []
    racks = []
    for first in range(0, total, per_page):
        items: list[Item] = [lt.label(x0, margin + LABEL_EM, title, LABEL_EM, tag="title"),
                             lt.label(x0, margin + 2.8 * LABEL_EM, how, lt.fitted(how, LABEL_EM * 0.8, length),
                                      tag="howto")]
        for r in range(first, min(total, first + per_page)):
            top = head + (r - first) * (height + GAP_MM)
            bottom = top + height
            tab = strip[-1][1]
            chamfer = min(tab, 5.0)
            # the outline: a rectangle, the glue tab's corners cut at 45° so it slips under the shelf
            outline = [(x0, top), (x1, top), (x1, bottom - tab), (x1 - chamfer, bottom), (x0 + chamfer, bottom),
                       (x0, bottom - tab)]
            for (ax, ay), (bx, by) in zip(outline, outline[1:] + outline[:1]):
                items.append(Line(ax, ay, bx, by, INK, CUT_MM, role=Role.GUIDE, tag="cut"))
            yy = top
            folds = []
            for _, h in strip[:-1]:
                yy += h
                folds.append(round(yy - top, 3))
                items += _dashed(x0, x1, yy)
            items.append(lt.label((x0 + x1) / 2, bottom - tab / 2 + LABEL_EM * 0.35, lt.say("glue"), LABEL_EM,
                                  align="centre", tag="glue"))
            racks.append({"page": len(pages) + 1, "top_mm": round(top, 3), "folds_mm": folds})
        pages.append(Page(paper.width_mm, paper.height_mm, tuple(items)))
    figures = {"paper": paper.name, "page_mm": [paper.width_mm, paper.height_mm], "racks": total,
               "ledge_mm": round(length, 3), "width_mm": round(length, 3), "height_mm": round(height, 3),
               "panels_mm": [[k, round(h, 3)] for k, h in strip], "lean_deg": LEAN_DEG, "pages": len(pages),
               "strips": racks}
    return [Document(f"{KIND}-{paper.name}.pdf", KIND, "pdf", tuple(pages), title, figures)]


__all__ = ["KIND", "panels", "paper_rack_documents"]
