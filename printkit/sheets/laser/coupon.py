"""The kerf test coupon: a few small squares, each cut for another kerf, so that one measurement
with calipers tells the kerf of the user's machine and material.

A square cut for a kerf of c has its cut line c/2 outside the nominal square; the beam takes half
the true kerf k from each side, so the square comes out at nominal + c − k. The one that measures
the nominal size was cut for the true kerf: that value goes into ``physical.kerf_mm``. Each square
carries its value engraved, so the squares can be told apart once they are out of the sheet.
"""

from __future__ import annotations

from ...errors import PrintkitError
from ...fonts import require
from ...geometry import Document, Item, Page, Rect, Role, fits
from ...model import Kit
from ..common import Lettering, lettering, once, require_words
from .common import OUTER, Bed, centred, for_machine, heading, job_figures, layers

KIND = "laser-coupon"
KERFS = (0.10, 0.15, 0.20, 0.25, 0.30)  # mm, around the 0.2 mm of 3 mm plywood on a CO2 laser
SQUARE_MM = 10.0  # nominal side: a round figure that calipers read to 0.01 mm
GAP_MM = 4.0  # between neighbouring squares' cut lines: enough that the heat of one leaves the next alone
LABEL_CAP = 0.22  # the engraved kerf's digits: cap height, share of the square...
LABEL_WIDTH = 0.7  # ...and at most this share of its width


def kerf_label(kerf: float) -> str:
    """The value as the config takes it (a dot, whatever the language: it is typed into YAML)."""
    return f"{kerf:.2f}"


def coupon_documents(kit: Kit) -> list[Document]:
    """One small page: a heading engraved on the stock, then the squares in a row (rows, on a small
    bed), each with its kerf engraved in the middle; in each format the profile reads. Made once
    for the same kit and lettering (the laser's files and the budget's estimate ask alike)."""
    lt = lettering(kit)
    return list(once("kerf coupon", kit, lt, lambda: _coupon_documents(kit, lt)))


def _coupon_documents(kit: Kit, lt: Lettering) -> list[Document]:
    require_words(kit, lt)
    digits = "".join(sorted(set("".join(kerf_label(k) for k in KERFS))))
    font = lt.bold(digits)
    require(font, digits, "the kerf test coupon", kit.at("style.board.font"))
    bed, machine, margin = Bed.of(kit), kit.laser.machine, kit.laser.margin_mm
    biggest = SQUARE_MM + max(KERFS)  # the widest cut square
    _, _, area_w, area_h = bed.area
    cols = min(len(KERFS), fits(area_w, biggest, GAP_MM))
    rows = -(-len(KERFS) // max(cols, 1))
    pitch = biggest + GAP_MM
    width, height = cols * pitch - GAP_MM, rows * pitch - GAP_MM
    if cols < 1 or height > area_h:
        raise PrintkitError(f"{kit.at('laser.bed')}: a bed of {bed.width:g} × {bed.height:g} mm with margins of "
                            f"{margin:g} mm has no room for the kerf test's {len(KERFS)} squares of {SQUARE_MM:g} mm")

    lines = [lt.say("coupon_title", size=f"{SQUARE_MM:g}"), lt.say("coupon_howto", size=f"{SQUARE_MM:.2f}")]
    engrave, head_h = heading(lt, lines, width, margin, area_h - height, "coupon-heading")
    top = margin + head_h

    cuts: list[Item] = []
    for i, kerf in enumerate(KERFS):
        row, col = divmod(i, cols)  # in reading order, as a person looks for them
        cx, cy = margin + col * pitch + biggest / 2, top + row * pitch + biggest / 2
        side = SQUARE_MM + kerf  # the cut line kerf/2 outside the nominal square
        cuts.append(Rect(cx - side / 2, cy - side / 2, side, side, role=Role.CUT, tag="coupon-square"))
        engrave.append(centred(kerf_label(kerf), cx, cy, font, LABEL_CAP * SQUARE_MM, LABEL_WIDTH * SQUARE_MM,
                               "coupon-kerf"))
    page_w = margin + width + margin
    page_h = top + height + margin
    sheet_layers = layers(machine, {"engrave": engrave, OUTER: cuts})
    page = Page(round(page_w, 3), round(page_h, 3), sheet_layers)
    figures = job_figures(kit, bed, sheet_layers, kerfs_mm=list(KERFS), square_mm=SQUARE_MM,
                          page_mm=[page.width, page.height])
    title = lt.say("doc_laser_coupon", title=kit.title)
    return [Document(f"{KIND}.{fmt}", KIND, fmt, (page,), title, dict(figures), **for_machine(kit, bed))
            for fmt in machine.formats]
