"""The box (kinds ``box`` and ``box-paper``), re-measured from the files.

A laser sheet (``box``): every part the manifest lists is cut where it says, at the size the box's
stated inner and outer sizes give it (the floor the inside and its fingers, the walls the outside
wide and the inside and the floor and the lid's locating plate high, the lid the outside, the dividers
as long as the inside or a compartment); every finger and every gap between fingers of a jointed part,
and every slot in the floor, is as wide as one of the joints' segments (``fingers_mm``) once the beam
has taken its kerf, and the fingers stand, the slots reach, the material's thickness: a finger and its
slot, measured apart, agree. From the floor and the walls as cut: the inside holds what the manifest says
it holds (the board with the clearance, the racks in their rows, the compartments of ten tiles, the
dividers under the board, no farther apart than the board's stated span, read from the floor's slots;
a rack in a stall of its size; no room for an eleventh tile in a compartment).

The card box (``box-paper``): each net's fold lines make a base of the stated width and depth, and each
of its four walls stands the stated height from its fold to the cut parallel to it.
"""

from __future__ import annotations

from math import ceil

from .measure import mm, plural
from .report import Report
from .svgread import Shape

TOL = 0.01
Seg = tuple[tuple[float, float], tuple[float, float]]


def _num(*values) -> bool:
    return all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in values)


def _triple(v) -> list[float] | None:
    return [float(x) for x in v] if isinstance(v, list) and len(v) == 3 and _num(*v) else None


def _same(box, want) -> bool:
    return all(abs(u - v) <= TOL for u, v in zip(box, want))


def _key(p) -> tuple[float, float]:
    return (round(p[0], 3), round(p[1], 3))


def _length(s: Seg) -> float:
    (x0, y0), (x1, y1) = s
    return abs(x1 - x0) + abs(y1 - y0)


def _axis(s: Seg) -> str | None:
    (x0, y0), (x1, y1) = s
    if abs(y0 - y1) < 1e-6:
        return "x"
    if abs(x0 - x1) < 1e-6:
        return "y"
    return None


def fingers_and_gaps(lines: list[Seg], box, t: float) -> tuple[list[float], list[float], list[float]]:
    """A part's fingers and gaps as drawn: every straight side between two square turns of ``t`` (a
    finger's or a gap's flanks), a finger's on the part's bounding box, a gap's ``t`` inside it. Returns
    (finger widths, gap widths, the flanks' lengths), as drawn."""
    ends: dict[tuple[float, float], list[Seg]] = {}
    for s in lines:
        for p in s:
            ends.setdefault(_key(p), []).append(s)
    fingers, gaps, flanks = [], [], []
    x0, y0, x1, y1 = box
    for s in lines:
        axis = _axis(s)
        if axis is None:
            continue
        side = []
        for p in s:
            other = [o for o in ends[_key(p)] if o is not s and _axis(o) not in (None, axis)]
            side += [_length(o) for o in other]
        if len(side) != 2 or not all(abs(f - t) <= TOL for f in side):
            continue
        at = s[0][1] if axis == "x" else s[0][0]
        edges = (y0, y1) if axis == "x" else (x0, x1)
        if any(abs(at - e) <= TOL for e in edges):
            fingers.append(_length(s))
            flanks += side
        elif any(abs(abs(at - e) - t) <= TOL for e in edges):
            gaps.append(_length(s))
    return fingers, gaps, flanks


def _sizes(a: dict, inner: list[float], outer: list[float], t: float) -> dict[str, tuple[float, float]]:
    """The size as cut of each kind of part, long side first, from the box's stated sizes."""
    w, d, h = inner
    wall = h + 2 * t
    lid = a.get("lid_clearance_mm", 1.0)
    div = a.get("divider_mm", 0.0) + t
    cd = (a.get("compartment_mm") or [0.0, 0.0])[1]
    pairs = {"floor": (w + 2 * t, d + 2 * t), "front": (outer[0], wall), "back": (outer[0], wall),
             "left": (outer[1], wall), "right": (outer[1], wall), "lid": (outer[0], outer[1]),
             "locator": (w - lid, d - lid), "divider": (w, div), "cross": (cd, div)}
    return {k: (max(v), min(v)) for k, v in pairs.items()}


def check_box(report: Report, a: dict, shapes: list[Shape]) -> None:
    rel = a["path"]
    t, kerf, widths, parts = a.get("thickness_mm"), a.get("kerf_mm"), a.get("fingers_mm"), a.get("parts")
    inner, outer = _triple(a.get("inner_mm")), _triple(a.get("outer_mm"))
    if not _num(t, kerf) or inner is None or outer is None or not isinstance(widths, list) or not _num(*widths) \
            or not isinstance(parts, list):
        report.fail(rel, "the manifest gives no thickness_mm, kerf_mm, inner_mm, outer_mm, fingers_mm or parts: "
                         "the box cannot be measured")
        return
    outers = [s for s in shapes if s.layer == "outer cut" and s.box and s.lines]
    inners = [s for s in shapes if s.layer == "inner cuts" and s.box and s.lines]
    want = _sizes(a, inner, outer, t)
    fit = a.get("slot_fit_mm", 0.0) if _num(a.get("slot_fit_mm", 0.0)) else 0.0  # a slot's play over its tab
    bad: list[str] = []
    cut: dict[str, tuple[float, float]] = {}
    n_fingers = n_gaps = n_slots = 0
    supports: list[float] = []  # the long dividers, from the floor's slots

    def width_ok(v: float) -> bool:
        return any(abs(v - w) <= TOL for w in widths)

    for entry in parts:
        if not (isinstance(entry, list) and len(entry) == 6 and isinstance(entry[0], str) and _num(*entry[1:5])):
            bad.append(f"a part listed as {entry!r}")
            continue
        name, box = entry[0], tuple(entry[1:5])
        shape = next((s for s in outers if _same(s.box, box)), None)
        if shape is None:
            bad.append(f"the {name} listed at {mm(box[0])}, {mm(box[1])} mm is not cut there")
            continue
        kind = name.split("-")[0]
        size = (box[2] - box[0] - kerf, box[3] - box[1] - kerf)
        size = (max(size), min(size))
        cut.setdefault(kind, size)
        wanted = _cross(a, name, t) if kind == "cross" else want.get(kind)
        if wanted is not None and not (abs(size[0] - wanted[0]) <= TOL and abs(size[1] - wanted[1]) <= TOL):
            bad.append(f"the {name} is {size[0]:.2f} × {size[1]:.2f} mm as cut, not {wanted[0]:.2f} × "
                       f"{wanted[1]:.2f}")
        if kind in ("lid", "locator"):
            continue
        fingers, gaps, _ = fingers_and_gaps(shape.lines, shape.box, t)
        if not fingers and not gaps:
            bad.append(f"the {name} has no fingers standing {t:g} mm out")
        for f in fingers:
            n_fingers += 1
            if not width_ok(f - kerf):
                bad.append(f"a finger of the {name} {f - kerf:.3f} mm wide as cut: the joints' segments are "
                           f"{', '.join(f'{w:g}' for w in widths)} mm")
        for g in gaps:
            n_gaps += 1
            if not width_ok(g + kerf):
                bad.append(f"a gap of the {name} {g + kerf:.3f} mm wide as cut: the joints' segments are "
                           f"{', '.join(f'{w:g}' for w in widths)} mm")
        if kind == "floor":
            supports[:] = _supports(shape, [h for h in inners if all(shape.box[i] <= h.box[i] + TOL
                                                                         for i in (0, 1))
                                                and all(h.box[i] <= shape.box[i] + TOL for i in (2, 3))],
                                        bool(entry[5]), t, kerf)
            for hole in (h for h in inners if all(shape.box[i] <= h.box[i] + TOL for i in (0, 1))
                         and all(h.box[i] <= shape.box[i] + TOL for i in (2, 3))):
                n_slots += 1
                sides = sorted((hole.box[2] - hole.box[0] + kerf - fit, hole.box[3] - hole.box[1] + kerf - fit))
                if len(hole.lines) != 4 or not (abs(sides[0] - t) <= TOL and width_ok(sides[1])) and \
                        not (abs(sides[1] - t) <= TOL and width_ok(sides[0])):
                    bad.append(f"a slot in the floor at {mm(hole.box[0])}, {mm(hole.box[1])} mm is "
                               f"{sides[0] + fit:.3f} × {sides[1] + fit:.3f} mm as cut, not {t + fit:g} mm by a "
                               f"finger's width and {fit:g} mm")
    holds = _holds(a, cut, inner, t, supports) if not bad else []
    bad += holds
    if bad:
        report.fail(rel, f"{len(bad)} box measurement{'s' if len(bad) > 1 else ''} wrong; the first: {bad[0]}")
        return
    what = ", ".join(sorted(cut))
    size = " × ".join(f"{v:g}" for v in inner)
    slots_ = f", {n_slots} slots" if n_slots else ""
    report.ok(rel, f"{plural(len(parts), 'part')} ({what}) at the sizes of an inside of {size} "
                   f"mm; {n_fingers} fingers and {n_gaps} gaps {t:g} mm deep{slots_}, "
                   f"each {'/'.join(f'{w:g}' for w in widths)} mm wide as cut (kerf {kerf:g} mm"
                   f"{f'; each slot {fit:g} mm wider and longer, the fit' if fit else ''})"
                   + ("; the inside as cut holds the board, the racks and the tiles as stated"
                      if "floor" in cut else ""))


def _cross(a: dict, name: str, t: float) -> tuple[float, float] | None:
    """A short divider's size as cut: its row's depth long (``cross-ROW-K``), the dividers' height and the
    floor's thickness high."""
    bays, div = a.get("bays"), a.get("divider_mm")
    try:
        row = int(name.split("-")[1])
        depth = bays[row - 1][1]
    except (ValueError, IndexError, KeyError, TypeError):
        return None
    if not _num(depth, div):
        return None
    return max(depth, div + t), min(depth, div + t)


def _supports(floor: Shape, holes: list[Shape], turned: bool, t: float, kerf: float) -> list[float]:
    """The long dividers' centres from the inside's front wall, read from the floor's slots that run across
    it (a slot longer across than front to back); the floor's front edge is its top, or its right side when
    the floor lies turned on the sheet."""
    x0, y0, x1, _ = floor.box
    out = set()
    for h in holes:
        hx0, hy0, hx1, hy1 = h.box
        if turned and hy1 - hy0 > hx1 - hx0:
            out.add(round((x1 - kerf / 2 - t) - (hx0 + hx1) / 2, 3))
        elif not turned and hx1 - hx0 > hy1 - hy0:
            out.add(round((hy0 + hy1) / 2 - (y0 + kerf / 2 + t), 3))
    return sorted(out)


def _holds(a: dict, cut: dict, inner: list[float], t: float, supports: list[float]) -> list[str]:
    """What the inside, measured from the floor and the walls, must hold by the manifest's account."""
    if "floor" not in cut:
        return []
    w, d = cut["floor"][0] - 2 * t, cut["floor"][1] - 2 * t  # long side first: back to width and depth
    if abs(w - inner[0]) > TOL or abs(d - inner[1]) > TOL:
        w, d = d, w
    h = (cut["front"][1] - 2 * t) if "front" in cut else inner[2]
    cl = a.get("clearance_mm", 0.0)
    board, rack, bays = a.get("board_mm"), a.get("rack_mm"), a.get("bays")
    comp, tiles, per = a.get("compartments"), a.get("tiles"), a.get("compartment_tiles")
    cell, div, stack, span = a.get("compartment_mm"), a.get("divider_mm"), a.get("board_stack_mm"), \
        a.get("board_span_mm")
    out = []
    if not (isinstance(board, list) and isinstance(rack, list) and isinstance(comp, list) and isinstance(cell, list)
            and isinstance(bays, list) and _num(cl, tiles, per, div, stack, span, *board, *rack, *comp, *cell)
            and all(isinstance(b, list) and len(b) == 4 and _num(b[1]) and isinstance(b[2], list)
                    and _num(*b[2]) for b in bays)):
        return ["the manifest does not say what the box holds (board_mm, rack_mm, bays, compartments, …)"]
    bw, bd = (board[1], board[0]) if a.get("board_turned") else (board[0], board[1])
    if w + TOL < bw + cl or d + TOL < bd + cl:
        out.append(f"an inside of {w:.2f} × {d:.2f} mm as cut does not hold the board of {bw:g} × {bd:g} mm with "
                   f"{cl:g} mm")
    depth = sum(b[1] + (t if b[3] else 0.0) for b in bays)
    widths = [sum(b[2]) + (len(b[2]) - 1) * t for b in bays]
    if abs(depth - d) > TOL or any(abs(x - w) > TOL for x in widths):
        out.append(f"the rows of the inside, {depth:.2f} mm deep, do not fill an inside of {w:.2f} × {d:.2f} mm "
                   "as cut")
    stalls = [c for b in bays if b[0] == "racks" for c in b[2]
              if rack[0] + TOL <= c <= rack[0] + 2 * cl + TOL and rack[1] + TOL <= b[1] <= rack[1] + 2 * cl + TOL]
    if len(stalls) < a.get("racks", 0):
        out.append(f"{len(stalls)} stalls hold a rack of {rack[0]:g} × {rack[1]:g} mm in place (within {2 * cl:g} "
                   f"mm), not {a.get('racks')}")
    if comp[0] * comp[1] * per < tiles or comp[0] * cell[0] + (comp[0] - 1) * t > w + TOL:
        out.append(f"{comp[0]} × {comp[1]} compartments of {per} do not hold {tiles} tiles across {w:.2f} mm")
    if cell[0] + TOL < a.get("tile_mm", 0) or cell[1] + TOL < per * t or ceil(tiles / per) > comp[0] * comp[1]:
        out.append(f"a compartment of {cell[0]:g} × {cell[1]:g} mm does not hold {per} tiles standing")
    if cell[1] - per * t >= t - TOL:
        out.append(f"a compartment {cell[1]:g} mm deep holds an eleventh tile of {t:g} mm")
    if div + TOL < max(a.get("tile_mm", 0), rack[2]) or h + TOL < div + stack + cl:
        out.append(f"an inside {h:.2f} mm high as cut does not hold dividers of {div:g} mm, the board's "
                   f"{stack:g} mm and {cl:g} mm")
    edges = [0.0, *supports, d]
    longest = max(b - a_ for a_, b in zip(edges, edges[1:]))
    if longest > span + TOL:
        out.append(f"the board lies {longest:.2f} mm without a divider under it, the manifest says at most "
                   f"{span:g} mm")
    return out


# -- the card box ------------------------------------------------------------------------------------------

def _runs(lines: list[tuple[float, float, float, float]], axis: str) -> list[tuple[float, float, float]]:
    """Collinear segments along ``axis`` joined where they touch or leave a dash's space (≤ 2.5 mm):
    (at, from, to)."""
    segs = []
    for x0, y0, x1, y1 in lines:
        if axis == "x" and abs(y0 - y1) < 1e-3:
            segs.append((round(y0, 2), min(x0, x1), max(x0, x1)))
        elif axis == "y" and abs(x0 - x1) < 1e-3:
            segs.append((round(x0, 2), min(y0, y1), max(y0, y1)))
    segs.sort()
    out: list[list[float]] = []
    for at, a, b in segs:
        if out and abs(out[-1][0] - at) < 0.02 and a <= out[-1][2] + 2.5:
            out[-1][2] = max(out[-1][2], b)
        else:
            out.append([at, a, b])
    return [tuple(r) for r in out]


def check_box_paper(report: Report, ctx, a: dict, pages) -> None:
    rel = a["path"]
    nets = a.get("nets")
    if not isinstance(nets, list) or not nets:
        report.fail(rel, "the manifest gives no nets: the card box cannot be measured")
        return
    bad, said = [], []
    for net in nets:
        size, base, page = _triple(net.get("inner_mm")), net.get("base_mm"), net.get("page")
        if size is None or not isinstance(base, list) or not _num(*base) or not isinstance(page, int) \
                or not 1 <= page <= len(pages):
            bad.append(f"a net listed as {net!r}")
            continue
        w, d, h = size
        bx, by = base
        sheet = pages[page - 1]
        # y down, and the printer's compensation (the manifest's scale, about the page's centre) undone: the
        # nets are measured as designed
        kx, ky = a.get("scale", [1.0, 1.0])
        cx, cy = sheet.width / 2, sheet.height / 2

        def unscaled(x: float, y: float) -> tuple[float, float]:
            return cx + (x - cx) / kx, cy + (sheet.height - y - cy) / ky

        flipped = [(*unscaled(x0, y0), *unscaled(x1, y1)) for x0, y0, x1, y1 in sheet.lines]
        span = net.get("net_mm")
        side = (span[0] - w) / 2 if isinstance(span, list) and len(span) == 2 and _num(*span) else h
        lines = [ln for ln in flipped  # the net's own stretch of the page: the walls' or the tabs' width round it
                 if bx - side - TOL <= min(ln[0], ln[2]) and max(ln[0], ln[2]) <= bx + w + side + TOL
                 and by - h - TOL <= min(ln[1], ln[3]) and max(ln[1], ln[3]) <= by + d + h + TOL]
        dashes = [ln for ln in lines if abs(ln[2] - ln[0]) + abs(ln[3] - ln[1]) <= 3.0 + TOL]
        cuts = [ln for ln in lines if ln not in dashes]
        across = [r for r in _runs(dashes, "x") if abs(r[1] - bx) <= TOL]
        name = net.get("net", "net")
        down = [r for r in _runs(dashes, "y") if len(across) == 2 and r[1] <= across[0][0] + TOL
                and r[2] >= across[1][0] - TOL]  # the base's sides and the tabs' folds, one run each side
        if len(across) != 2 or len(down) != 2:
            bad.append(f"the {name}'s base has {len(across)} folds across and {len(down)} down, not 2 and 2")
            continue
        mw, md = across[0][2] - across[0][1], across[1][0] - across[0][0]
        top, bottom = across[0][0], across[1][0]
        left, right = down[0][0], down[1][0]
        cut_x = _runs(cuts, "x")
        cut_y = _runs(cuts, "y")
        walls = [top - next((r[0] for r in cut_x if r[0] < top - TOL and abs(r[1] - left) <= TOL
                             and abs(r[2] - right) <= TOL), top),
                 next((r[0] for r in cut_x if r[0] > bottom + TOL and abs(r[1] - left) <= TOL
                       and abs(r[2] - right) <= TOL), bottom) - bottom,
                 left - next((r[0] for r in cut_y if r[0] < left - TOL and abs(r[1] - top) <= TOL
                              and abs(r[2] - bottom) <= TOL), left),
                 next((r[0] for r in cut_y if r[0] > right + TOL and abs(r[1] - top) <= TOL
                       and abs(r[2] - bottom) <= TOL), right) - right]
        if abs(mw - w) > TOL or abs(md - d) > TOL or abs(right - left - w) > TOL:
            bad.append(f"the {name}'s base is {mw:.2f} × {md:.2f} mm between its folds, not {w:g} × {d:g}")
        elif any(abs(x - h) > TOL for x in walls):
            bad.append(f"the {name}'s walls stand {', '.join(f'{x:.2f}' for x in walls)} mm from their folds, "
                       f"not {h:g}")
        else:
            said.append(f"the {name} {w:g} × {d:g} × {h:g} mm")
    if bad:
        report.fail(rel, f"{len(bad)} card box measurement{'s' if len(bad) > 1 else ''} wrong; the first: {bad[0]}")
    else:
        report.ok(rel, f"{' and '.join(said)} between the folds and the cuts, as stated")


__all__ = ["check_box", "check_box_paper", "fingers_and_gaps"]
