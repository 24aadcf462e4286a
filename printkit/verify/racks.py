"""A rack sheet (kind ``racks``), re-measured from its cut lines: every plate's ledge holds the rack's
tiles and its spare millimetres, every finger stands the material's thickness out of its plate, and
every slot of an end, widened by the kerf as the beam widens it, is as wide as a finger narrowed by
the kerf and as deep as the material is thick: the joint press-fits. A sheet may hold ends without
their plates: fingers and slots are each measured against the joints' finger widths the manifest
states (``fingers_mm``), so that a finger and its slot, measured apart, agree."""

from __future__ import annotations

from math import hypot

from .measure import mm
from .report import Report
from .svgread import Shape

TOL = 0.01
LEDGE_SPARE_MM = 3.0  # what the ledge holds beyond its tiles (printkit.sheets.racks: the number)


def _inside(box, outer) -> bool:
    return box[0] >= outer[0] - TOL and box[1] >= outer[1] - TOL and box[2] <= outer[2] + TOL \
        and box[3] <= outer[3] + TOL


def check_racks(report: Report, a: dict, shapes: list[Shape]) -> None:
    rel = a["path"]
    t, kerf, tile, tiles = (a.get(k) for k in ("thickness_mm", "kerf_mm", "tile_mm", "rack_tiles"))
    widths = a.get("fingers_mm")
    if not all(isinstance(v, (int, float)) for v in (t, kerf, tile, tiles)) or not isinstance(widths, list) \
            or not all(isinstance(w, (int, float)) for w in widths):
        report.fail(rel, "the manifest gives no thickness_mm, kerf_mm, tile_mm, rack_tiles or fingers_mm: the racks "
                         "cannot be measured")
        return
    outers = [s for s in shapes if s.layer == "outer cut" and s.box and s.lines]
    inners = [s for s in shapes if s.layer == "inner cuts" and s.box and s.lines]
    ends = [s for s in outers if any(_inside(h.box, s.box) for h in inners)]
    plates = [s for s in outers if s not in ends]
    fingers: list[float] = []
    ledge_want = tiles * tile + LEDGE_SPARE_MM
    bad: list[str] = []
    for p in plates:
        xs = sorted({round(x, 4) for (x0, y0), (x1, y1) in p.lines if abs(x0 - x1) < 1e-6 for x in (x0,)})
        if len(xs) < 4:
            bad.append(f"a plate at {mm(p.box[0])}, {mm(p.box[1])} mm has no fingers on its ends")
            continue
        ledge = xs[-2] - xs[1] - kerf  # between the plate's corners, as the beam leaves it
        if abs(ledge - ledge_want) > TOL:
            bad.append(f"a ledge of {ledge:.2f} mm at {mm(p.box[0])}, {mm(p.box[1])} mm, not {ledge_want:.2f} "
                       f"({tiles} tiles of {tile:g} mm + {LEDGE_SPARE_MM:g} mm)")
        for depth in (xs[-1] - xs[-2], xs[1] - xs[0]):
            if abs(depth - t) > TOL:
                bad.append(f"a finger standing {depth:.2f} mm out of its plate at {mm(p.box[0])}, {mm(p.box[1])} "
                           f"mm, not the material's {t:g} mm")
        for (x0, y0), (x1, y1) in p.lines:
            if abs(x0 - x1) < 1e-6 and (abs(x0 - xs[-1]) < 1e-4 or abs(x0 - xs[0]) < 1e-4):
                f = abs(y1 - y0) - kerf
                fingers.append(f)
                if not any(abs(f - w) <= TOL for w in widths):
                    bad.append(f"a finger {f:.2f} mm wide as cut at {mm(x0)}, {mm(min(y0, y1))} mm: the joints' "
                               f"fingers are {', '.join(f'{w:g}' for w in widths)} mm")
    slots = 0
    fit = a.get("slot_fit_mm", 0.0)
    fit = fit if isinstance(fit, (int, float)) else 0.0  # a slot's play over its tenon, each way
    for e in ends:
        for h in (h for h in inners if _inside(h.box, e.box)):
            sides = [hypot(x1 - x0, y1 - y0) + kerf - fit for (x0, y0), (x1, y1) in h.lines]
            slots += 1
            deep = [s for s in sides if abs(s - t) <= TOL]
            wide = [s for s in sides if abs(s - t) > TOL] or deep
            if len(sides) != 4 or not deep:
                bad.append(f"a slot at {mm(h.box[0])}, {mm(h.box[1])} mm is not {t:g} mm deep as cut "
                           f"(sides {', '.join(f'{s:.2f}' for s in sides)} mm)")
            elif not any(abs(wide[0] - w) <= TOL for w in widths):
                bad.append(f"a slot at {mm(h.box[0])}, {mm(h.box[1])} mm is {wide[0]:.2f} mm wide as cut: the joints' "
                           f"fingers are {', '.join(f'{w:g}' for w in widths)} mm")
    if bad:
        report.fail(rel, f"{len(bad)} rack measurement{'s' if len(bad) > 1 else ''} wrong; the first: {bad[0]}")
    else:
        report.ok(rel, f"{len(plates)} plates with a ledge of {ledge_want:.2f} mm ({tiles} tiles of {tile:g} mm + "
                       f"{LEDGE_SPARE_MM:g} mm), {len(fingers)} fingers {t:g} mm out, {slots} slots, each finger "
                       f"and slot {'/'.join(f'{w:g}' for w in widths)} mm wide and the slots {t:g} mm deep as cut "
                       f"(kerf {kerf:g} mm{f'; each slot {fit:g} mm wider and longer, the fit' if fit else ''})")


__all__ = ["check_racks"]
