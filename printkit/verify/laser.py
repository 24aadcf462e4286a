"""Laser files (SVG or DXF): layers in the profile's job order, each element in its operation's look,
everything on the bed, no cut made twice; the tiles a tile sheet cuts free, and its inner cuts
starting inside the outline."""

from __future__ import annotations

import math
from dataclasses import dataclass

from .context import Context
from .measure import CUT_OPS, LASER_LAYERS, TOL, close, mm, number, pair, plural, size_text
from .report import Report
from .svgread import Shape
from .tiles import of_which


def _job_layers(machine) -> list[str]:
    """The layer names of the machine's job order: the inner cuts where it lists inner_cut (at the
    latest right before the cut), then the outer cut."""
    names = {"engrave": "engrave", "score": "score", "inner_cut": "inner cuts", "cut": "outer cut"}
    out = [names[op] for op in machine.order if op in names]
    if "inner cuts" not in out:
        i = out.index("outer cut")
        out.insert(i, "inner cuts")
    return out


def check_laser(report: Report, ctx: Context, a: dict, shapes: list[Shape], layers: list[str] | None,
                 colour_only: bool = False, paint: bool = True) -> list[LaserBlock] | None:
    """Layers in job order, each element in its operation's colour and width, everything on the
    bed, and no cut or score made twice; the tiles a tile sheet frees, and its inner cuts starting inside.
    ``colour_only``: the format has no fill or stroke width (DXF); ``paint`` False: nor colours (a LightBurn
    project, whose shapes are on their layer by its index). Returns a tile sheet's blocks."""
    rel = a["path"]
    name = a.get("profile")
    machine = ctx.machine(name) if isinstance(name, str) else "the manifest names no laser profile"
    if isinstance(machine, str):
        report.fail(rel, machine)
    else:
        if layers is not None:
            _check_layer_order(report, rel, machine, layers)
        if paint:
            _check_paint(report, rel, machine, shapes, colour_only)
    _check_bed(report, rel, pair(a.get("bed_mm")), shapes)
    blocks = None
    if a.get("kind") == "laser-tiles":
        blocks = _check_laser_tiles(report, a, shapes)
        _check_inner_first(report, a, shapes)
    cuts = [s for s in shapes if LASER_LAYERS.get(s.layer or "") in CUT_OPS]
    twice, where = overlaps([ln for s in cuts for ln in s.lines], [c for s in cuts for c in s.curves])
    n = sum(len(s.lines) + len(s.curves) for s in cuts)
    report.expect(not twice, rel, f"each cut once ({plural(n, 'cut segment')}, none overlapping)",
                  f"{plural(twice, 'cut segment')} cut twice (the first at {where}): the beam would burn "
                  f"the edge again")
    scores = [s for s in shapes if LASER_LAYERS.get(s.layer or "") == "score"]
    if scores:  # a line scored twice burns twice as deep: a groove where the grid should be a line
        twice, where = overlaps([ln for s in scores for ln in s.lines], [c for s in scores for c in s.curves])
        n = sum(len(s.lines) + len(s.curves) for s in scores)
        report.expect(not twice, rel, f"each score line once ({plural(n, 'score segment')}, none overlapping)",
                      f"{plural(twice, 'score segment')} scored twice (the first at {where}): the beam would "
                      f"burn that line twice as deep")
    return blocks


def _check_bed(report: Report, rel: str, bed: tuple[float, float] | None, shapes: list[Shape]) -> None:
    """Every element inside the bed, from (0, 0) to its width and height."""
    if bed is None:
        report.fail(rel, "the manifest gives no bed_mm")
        return

    def inside(box) -> bool:
        return box[0] >= -TOL and box[1] >= -TOL and box[2] <= bed[0] + TOL and box[3] <= bed[1] + TOL

    out = [s.exact_box() for s in shapes if s.box and not inside(s.box)]  # a curve's own box, where it matters
    out = [box for box in out if box and not inside(box)]
    if not out:
        report.ok(rel, f"everything inside the bed of {size_text(*bed)}")
        return
    x0, y0, x1, y1 = out[0]
    report.fail(rel, f"{plural(len(out), 'element')} outside the bed of {size_text(*bed)} (the first spans "
                     f"{mm(x0)}–{mm(x1)} × {mm(y0)}–{mm(y1)} mm)")


def _check_layer_order(report: Report, rel: str, machine, layers: list[str]) -> None:
    known = [n for n in layers if n in LASER_LAYERS]
    unknown = [n for n in layers if n not in LASER_LAYERS]
    order = [n for n in _job_layers(machine) if n in known]
    if unknown:
        report.fail(rel, f"layers {', '.join(repr(n) for n in unknown)} are none of engrave, score, inner cuts, "
                         f"outer cut")
    elif known != order or len(set(known)) != len(known):
        report.fail(rel, f"layers in the order {', '.join(known)}; the job order of {machine.name} is "
                         f"{', '.join(order)}")
    else:
        report.ok(rel, f"layers in the job order of {machine.name}: {', '.join(known)}")


def _check_paint(report: Report, rel: str, machine, shapes: list[Shape], colour_only: bool) -> None:
    """Each element in its layer's look: filled in the engrave colour, or stroked in the colour and
    hairline of its operation (DXF: the colour alone)."""
    wrong: dict[str, int] = {}
    outside = 0
    for s in shapes:
        operation = LASER_LAYERS.get(s.layer or "")
        if operation is None:
            outside += 1
            continue
        op = machine.operations[operation]
        if colour_only:
            good = s.stroke == op.colour
            look = f"in {s.stroke}"
        elif op.fill:
            good = s.fill == op.colour and s.stroke is None
            look = f"filled {s.fill or 'none'}" + (f", stroked {s.stroke}" if s.stroke else "")
        else:
            width_ok = close(s.width, op.width_mm, 0.001) or (op.width_mm == 0 and s.width <= 0.01 + 1e-9)
            good = s.stroke == op.colour and s.fill is None and width_ok
            look = f"stroked {s.stroke or 'none'} {mm(s.width)} mm" + (f", filled {s.fill}" if s.fill else "")
        if not good:
            key = f"in '{s.layer}' {look}"
            wrong[key] = wrong.get(key, 0) + 1
    looks = []
    for operation in machine.order:
        op = machine.operations[operation]
        looks.append(f"{operation} {op.colour}" + ("" if colour_only else " filled" if op.fill
                                                   else f" {mm(op.width_mm)} mm"))
    problems = [f"{plural(n, 'element')} {key}" for key, n in sorted(wrong.items())]
    if outside:
        problems.append(f"{plural(outside, 'element')} outside the engrave, score and cut layers")
    report.expect(not problems, rel,
                  f"{'colours' if colour_only else 'colours and widths'} per {machine.name} ({', '.join(looks)}): "
                  f"{plural(len(shapes), 'element')}",
                  "; ".join(problems) + f" (the profile {machine.name}: {', '.join(looks)})")


def overlaps(lines: list, curves: list) -> tuple[int, str]:
    """How many cut segments lie on another (collinear and overlapping by more than TOL, or the
    same curve or circle twice), and where the first is."""
    runs: dict[tuple, list[tuple[float, float, tuple]]] = {}
    for a, b in lines:
        length = math.dist(a, b)
        if length < 1e-6:
            continue
        ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
        if ux < -1e-9 or (abs(ux) <= 1e-9 and uy < 0):
            ux, uy = -ux, -uy
        offset = ux * a[1] - uy * a[0]  # the line's distance from the origin, signed
        key = (round(ux, 4), round(uy, 4), round(offset / 0.002))
        t0, t1 = sorted((ux * a[0] + uy * a[1], ux * b[0] + uy * b[1]))
        runs.setdefault(key, []).append((t0, t1, (a, b)))
    twice = 0
    first = None
    for key in sorted(runs):
        reach = None
        for t0, t1, seg in sorted(runs[key]):
            if reach is not None and t0 < reach - TOL:
                twice += 1
                if first is None:
                    first = seg
            reach = t1 if reach is None else max(reach, t1)
    seen: set = set()
    for c in curves:
        if c in seen:
            twice += 1
            if first is None:
                first = c
        seen.add(c)
    if first is None:
        return twice, ""
    if isinstance(first[0], tuple):
        (x1, y1), (x2, y2) = first
        return twice, f"{mm(x1)},{mm(y1)} → {mm(x2)},{mm(y2)} mm"
    return twice, "a curve or circle near " + ",".join(mm(v) for v in first[1:3]) + " mm"


@dataclass(frozen=True)
class LaserBlock:
    """Tiles a laser sheet cuts free as one block (neighbours sharing cuts): each tile's top-left
    corner on the bed, in reading order, and the side of its cell (tile + kerf)."""

    tiles: tuple[tuple[float, float], ...]
    pitch: float

    @property
    def top(self) -> float:
        return min(y for _, y in self.tiles)

    @property
    def bottom(self) -> float:
        return max(y for _, y in self.tiles) + self.pitch

    def holds(self, x: float, y: float) -> tuple[float, float] | None:
        """The tile whose cell holds the point (x, y), if any."""
        for tx, ty in self.tiles:
            if tx <= x <= tx + self.pitch and ty <= y <= ty + self.pitch:
                return tx, ty
        return None


def _residues(values: list[float], pitch: float) -> list[float]:
    """The grid origins that ``values`` (the places of lines across one axis) fall on: for each
    class of values a whole number of pitches apart, its smallest value."""
    origins: list[float] = []
    for v in sorted(values):
        if not any(abs((v - o) / pitch - round((v - o) / pitch)) * pitch <= TOL for o in origins):
            origins.append(v)
    return origins


def _check_laser_tiles(report: Report, a: dict, shapes: list[Shape]) -> list[LaserBlock] | None:
    """The tiles a laser sheet frees: cells of a grid of pitch tile + kerf whose four edges are cut
    (all but the hold tab), as many as the manifest says; every straight cut on such a grid. The
    set and its spares are cut as blocks apart, each on a grid of its own (the same pitch, its own
    origin), so each class of lines a whole number of pitches apart is a candidate grid; one that
    frees no tile is no grid, and its lines are off the grid. Returns the blocks freed."""
    rel = a["path"]
    side, kerf, tiles, spares = (number(a.get("tile_mm")), number(a.get("kerf_mm")), a.get("tiles"),
                                 a.get("spares", 0))
    if side is None or kerf is None or not isinstance(tiles, int) or not isinstance(spares, int):
        report.fail(rel, "the manifest gives no tile_mm, kerf_mm, tiles or spares: the tiles cannot be counted")
        return None
    tabs = number(a.get("tabs_mm")) or 0.0
    pitch = side + kerf
    # the cuts on the bed (those off it fail the bed's check): a line of a changed file reaching 10^15 mm is not
    # walked pitch by pitch, nor a grid line that far counted
    from ..config.sizes import MAX_BED  # the largest bed a laser profile may give

    w, h = pair(a.get("bed_mm")) or (MAX_BED, MAX_BED)
    w, h = min(w, MAX_BED), min(h, MAX_BED)
    lines = [ln for s in shapes if LASER_LAYERS.get(s.layer or "") in CUT_OPS for ln in s.lines
             if all(-1.0 <= x <= w + 1.0 and -1.0 <= y <= h + 1.0 for x, y in ln)]
    if not lines:
        report.fail(rel, "no cuts: no tile is freed")
        return None
    horizontal = [ln for ln in lines if abs(ln[0][1] - ln[1][1]) <= 1e-6 and abs(ln[0][0] - ln[1][0]) > 1e-6]
    vertical = [ln for ln in lines if abs(ln[0][0] - ln[1][0]) <= 1e-6 and abs(ln[0][1] - ln[1][1]) > 1e-6]
    need = pitch - (tabs + kerf if tabs > 0 else 0.0) - TOL  # a tab leaves tab + kerf uncut: the beam is kerf wide
    blocks: list[LaserBlock] = []
    used_x: set[float] = set()
    used_y: set[float] = set()
    for ox in _residues([ln[0][0] for ln in vertical], pitch):
        for oy in _residues([ln[0][1] for ln in horizontal], pitch):
            cut = _cut_edges(horizontal, vertical, ox, oy, pitch, need)
            rows = max((k for kind, k, _ in cut if kind == "h"), default=0)
            cols = max((k for kind, k, _ in cut if kind == "v"), default=0)
            freed = {(r, c) for r in range(rows) for c in range(cols)
                     if {("h", r, c), ("h", r + 1, c), ("v", c, r), ("v", c + 1, r)} <= cut}
            if freed:
                used_x.add(ox)
                used_y.add(oy)
                blocks += [LaserBlock(tuple((round(ox + c * pitch, 6), round(oy + r * pitch, 6)) for r, c in part),
                                      pitch) for part in _parts(freed)]

    def on(v: float, origins: set[float]) -> bool:
        return any(abs((v - o) / pitch - round((v - o) / pitch)) * pitch <= TOL for o in origins)

    off = (len(lines) - len(horizontal) - len(vertical) + sum(1 for ln in horizontal if not on(ln[0][1], used_y))
           + sum(1 for ln in vertical if not on(ln[0][0], used_x)))
    blocks.sort(key=lambda b: (b.top, min(x for x, _ in b.tiles)))
    freed_n = sum(len(b.tiles) for b in blocks)
    grid = f"a grid of {mm(pitch)} mm (tile {mm(side)} + kerf {mm(kerf)})"
    problems = []
    if off:
        problems.append(f"{plural(off, 'cut')} off {grid}")
    if freed_n != tiles + spares:
        problems.append(f"{plural(freed_n, 'tile')} of {side:.2f} mm cut free on {grid}, expected {tiles + spares}")
    pitch_mm = number(a.get("pitch_mm"))
    if pitch_mm is not None and not close(pitch_mm, pitch, 0.001):
        problems.append(f"the manifest's pitch_mm {mm(pitch_mm)} is not tile + kerf")
    in_blocks = f" in {len(blocks)} blocks" if len(blocks) > 1 else ""
    report.expect(not problems, rel, f"{plural(freed_n, 'tile')} of {side:.2f} mm cut free{of_which(tiles, spares)}"
                                     f"{in_blocks}, on {grid}", "; ".join(problems))
    return None if problems else blocks  # tiles not found as they should be: their letters cannot be told


def _cut_edges(horizontal: list, vertical: list, ox: float, oy: float, pitch: float, need: float) -> set:
    """The one-cell edges of the grid at (ox, oy) that the lines cut (all but a hold tab):
    ("h", grid line, cell) and ("v", grid line, cell)."""
    cover: dict[tuple, float] = {}
    for kind, group, at_i, along_i, origin, start in (("h", horizontal, 1, 0, ox, oy), ("v", vertical, 0, 1, oy, ox)):
        for a_, b_ in group:
            k = (a_[at_i] - start) / pitch
            if abs(k - round(k)) * pitch > TOL:
                continue
            lo, hi = sorted((a_[along_i], b_[along_i]))
            for i in range(math.floor((lo - origin) / pitch + 1e-9), math.ceil((hi - origin) / pitch - 1e-9)):
                e0 = origin + i * pitch
                key = (kind, round(k), i)
                cover[key] = cover.get(key, 0.0) + max(0.0, min(hi, e0 + pitch) - max(lo, e0))
    return {key for key, length in cover.items() if length >= need}


def _parts(cells: set[tuple[int, int]]) -> list[list[tuple[int, int]]]:
    """``cells`` in groups of neighbours (sharing an edge), each in reading order."""
    left, out = set(cells), []
    while left:
        todo = [min(left)]
        part = set()
        while todo:
            c = todo.pop()
            if c in left:
                left.discard(c)
                part.add(c)
                r, k = c
                todo += [(r - 1, k), (r + 1, k), (r, k - 1), (r, k + 1)]
        out.append(sorted(part))
    return out


def _strictly_inside(x: float, y: float, ring: list[tuple[float, float]]) -> bool:
    """Whether (x, y) is strictly inside the closed polygon ``ring`` (a point on its edge is not)."""
    n = len(ring)
    for i in range(n):
        (x1, y1), (x2, y2) = ring[i], ring[(i + 1) % n]
        on_box = min(x1, x2) - 1e-6 <= x <= max(x1, x2) + 1e-6 and min(y1, y2) - 1e-6 <= y <= max(y1, y2) + 1e-6
        if on_box and abs((x2 - x1) * (y - y1) - (y2 - y1) * (x - x1)) <= 1e-6 * max(1.0, math.dist(ring[i],
                                                                                                    ring[(i + 1) % n])):
            return False
    inside = False
    for i in range(n):
        (x1, y1), (x2, y2) = ring[i], ring[(i + 1) % n]
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


def _check_inner_first(report: Report, a: dict, shapes: list[Shape]) -> None:
    """Every inner cut starts strictly inside the closed outline it is cut before: where a profile
    has one colour for every cut, or the software merges them anyway (K40 Whisperer's one Vector
    Cut), its inside-first ordering tells inner cuts by where they start, and an inner cut that
    starts on the outline may be cut after it, when the block has already fallen free. With hold
    tabs nothing falls out and the order does not matter."""
    rel = a["path"]
    inner = [s for s in shapes if s.layer == "inner cuts" and s.lines]
    if not inner:
        return
    tabs = number(a.get("tabs_mm")) or 0.0
    if tabs > 0:
        report.ok(rel, f"inner cuts: hold tabs of {mm(tabs)} mm keep every tile in the sheet, whatever the order")
        return
    rings = []
    for s in shapes:
        if s.layer == "outer cut" and s.lines and close(s.lines[0][0][0], s.lines[-1][1][0], 1e-6) and \
                close(s.lines[0][0][1], s.lines[-1][1][1], 1e-6):
            rings.append([ln[0] for ln in s.lines])
    outside = [s.lines[0][0] for s in inner if not any(_strictly_inside(*s.lines[0][0], ring) for ring in rings)]
    if outside:
        x, y = outside[0]
        report.fail(rel, f"{plural(len(outside), 'inner cut')} of {len(inner)} start on or outside the outlines "
                         f"(the first at {mm(x)},{mm(y)} mm): software that finds inner cuts by where they start "
                         f"(K40 Whisperer's Cut Inside First) may cut the outline first and free the block")
    else:
        report.ok(rel, f"inner cuts: each of {len(inner)} starts inside the closed outline it is cut before")
