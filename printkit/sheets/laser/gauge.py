"""The thickness gauge: a comb of slots in steps round the thickness the kit's joints are drawn for, so
that a maker learns the true thickness of the sheet in hand before cutting a box or racks ("3 mm"
plywood runs 2.7 to 3.2 mm, and a finger of 3 mm does not enter a slot of 2.8).

The slots open on the comb's top edge, :data:`STEPS` of :data:`STEP_MM` either side of
``physical.thickness_mm``, each :data:`DEPTH_MM` deep and engraved below with its width as the config
takes it. The outline is kerf-compensated like every part (:func:`printkit.geometry.fingers.compensated`),
so each slot comes off the beam as wide as its label says, with the kit's ``physical.kerf_mm`` true (the
kerf coupon tells it: cut both together). Two lines engraved above say how to read it and the thickness
the files are drawn for. Made with the box and the racks (:mod:`printkit.sheets.box`,
:mod:`printkit.sheets.racks`), once for a build that makes both.
"""

from __future__ import annotations

from ...errors import PrintkitError
from ...fonts import require
from ...geometry import Document, Item, Page, Path, Role
from ...geometry.fingers import compensated
from ...model import Kit
from ..common import Lettering, lettering, once, require_words
from .common import OUTER, Bed, centred, for_machine, heading, job_figures, layers

KIND = "laser-gauge"
STEPS = 3  # slots either side of the nominal thickness...
STEP_MM = 0.1  # ...this much apart
DEPTH_MM = 10.0  # a slot's depth: the stock's edge goes in this far
WEB_MM = 8.0  # the comb's body below the slots, where their widths are engraved
PITCH_MM = 12.0  # from one slot's middle to the next
END_MM = 6.0  # the comb beyond its first and last slot
LABEL_CAP_MM = 2.6  # the engraved widths' capital height

Point = tuple[float, float]


def widths(t: float) -> list[float]:
    """The slots' widths, narrowest first, in steps round ``t``; none of them 0 or less."""
    return [round(t + k * STEP_MM, 3) for k in range(-STEPS, STEPS + 1) if t + k * STEP_MM > 0.05]


def width_label(w: float) -> str:
    """As the config takes it: a dot, two decimals at most ("2.9", "3", "3.05")."""
    return f"{w:.2f}".rstrip("0").rstrip(".")


def comb(t: float) -> tuple[list[Point], list[float]]:
    """The comb's nominal outline (clockwise on the page, y down, its top edge on y = 0) and each slot's
    middle x."""
    ws = widths(t)
    length = 2 * END_MM + (len(ws) - 1) * PITCH_MM
    height = DEPTH_MM + WEB_MM
    pts: list[Point] = [(0.0, 0.0)]
    middles = []
    for i, w in enumerate(ws):
        x = END_MM + i * PITCH_MM
        middles.append(x)
        pts += [(x - w / 2, 0.0), (x - w / 2, DEPTH_MM), (x + w / 2, DEPTH_MM), (x + w / 2, 0.0)]
    pts += [(length, 0.0), (length, height), (0.0, height)]
    return pts, middles


def gauge_documents(kit: Kit) -> list[Document]:
    """One small page, in each format the profile reads: the heading engraved, the comb cut round."""
    lt = lettering(kit)
    return list(once("thickness gauge", kit, lt, lambda: _gauge_documents(kit, lt)))


def _gauge_documents(kit: Kit, lt: Lettering) -> list[Document]:
    require_words(kit, lt)
    t, kerf = kit.physical.thickness_mm, kit.physical.kerf_mm
    ws = widths(t)
    digits = "".join(sorted(set("".join(width_label(w) for w in ws))))
    font = lt.bold(digits)
    require(font, digits, "the thickness gauge", kit.at("style.board.font"))
    bed, machine, margin = Bed.of(kit), kit.laser.machine, kit.laser.margin_mm
    nominal, middles = comb(t)
    drawn, _ = compensated(nominal, [], kerf)
    width = max(x for x, _ in drawn) - min(x for x, _ in drawn)
    height = max(y for _, y in drawn) - min(y for _, y in drawn)
    _, _, area_w, area_h = bed.area
    if width > area_w or height > area_h:
        raise PrintkitError(f"{kit.at('laser.bed')}: a bed of {bed.width:g} × {bed.height:g} mm with margins of "
                            f"{margin:g} mm has no room for the thickness gauge ({width:.1f} × {height:.1f} mm)")
    lines = [lt.say("gauge_title", low=width_label(ws[0]), high=width_label(ws[-1])),
             lt.say("gauge_howto", thickness=width_label(t))]
    head, head_h = heading(lt, lines, max(width, 60.0), margin, area_h - height, "gauge-heading")
    engrave: list[Item] = list(head)
    top = margin + head_h + kerf / 2  # the comb's nominal top edge
    left = margin + kerf / 2
    outline = [(round(x + left, 4), round(y_ + top, 4)) for x, y_ in drawn]
    cut = Path((("M", *outline[0]), *(("L", *p) for p in outline[1:]), ("Z",)), role=Role.CUT, tag="gauge")
    for w, x in zip(ws, middles):
        engrave.append(centred(width_label(w), left + x, top + DEPTH_MM + WEB_MM / 2, font, LABEL_CAP_MM,
                               0.8 * PITCH_MM, "gauge-width"))
    page_w = max(margin + width + margin, max((h.x + lt.width(h.text, h.size) for h in head), default=0) + margin)
    page_h = margin + head_h + height + margin
    sheet_layers = layers(machine, {"engrave": engrave, OUTER: [cut]})
    page = Page(round(page_w, 3), round(page_h, 3), sheet_layers)
    figures = job_figures(kit, bed, sheet_layers, slots_mm=ws, slot_depth_mm=DEPTH_MM, thickness_mm=t,
                          kerf_mm=kerf, comb_mm=[round(width - kerf, 3), round(height - kerf, 3)],
                          page_mm=[page.width, page.height])
    title = lt.say("doc_laser_gauge", title=kit.title)
    return [Document(f"{KIND}.{fmt}", KIND, fmt, (page,), title, dict(figures), **for_machine(kit, bed))
            for fmt in machine.formats]



__all__ = ["DEPTH_MM", "KIND", "STEP_MM", "STEPS", "comb", "gauge_documents", "width_label", "widths"]
