"""Lines a pen or a burning tip draws (plotter SVGs): no line drawn twice, no two lines side by
side closer than a pen's width (they would be drawn as one thick line), and the pen's moves with
nothing drawn kept short (no longer than a greedy nearest-end order's by more than TRAVEL_OVER)."""

from __future__ import annotations

import math

from .laser import overlaps
from .measure import mm, plural
from .report import Report
from .svgread import Shape

NEAR_MM = 1.0  # two lines closer than this, side by side...
ALONG_MM = 1.0  # ...for longer than this are drawn as one thick line (a pen's or a burning tip's width)
PARALLEL_DEG = 15.0  # lines within this angle of each other run side by side; wider, they meet or cross
ROUND_WAY = 1.5  # two points of one line are neighbours unless the way between them along it is longer
TRAVEL_OVER = 0.10  # the pen may travel this share further than a greedy order (vpype's linesort) does


def _polylines(lines: list) -> list[list[tuple[float, float]]]:
    """Segments in drawing order as polylines: each that starts where the one before ends goes on."""
    out: list[list[tuple[float, float]]] = []
    for a, b in lines:
        if out and math.dist(out[-1][-1], a) < 1e-6:
            out[-1].append(b)
        else:
            out.append([a, b])
    return out


def _beside_span(length: float, *limits: tuple[float, float, float, float]) -> tuple[float, float]:
    """The stretch (from, to) of a segment ``length`` mm long, u mm along it, where each quantity
    ``base + k·u`` stays within its (low, high): the distance across to the other line, and the foot of
    the perpendicular on the other segment. Empty (to ≤ from) where there is none."""
    lo, hi = 0.0, length
    for base, k, low, high in limits:
        if abs(k) < 1e-12:
            if not low <= base <= high:
                return 1.0, 0.0
            continue
        u1, u2 = sorted(((low - base) / k, (high - base) / k))
        lo, hi = max(lo, u1), min(hi, u2)
    return lo, hi


def _come_round(lo: float, hi: float, ring: tuple[float, bool], way, across) -> list[tuple[float, float]]:
    """The parts of a stretch (lo, hi) where a polyline beside itself has come round to itself: the way
    between the two points along it (``way(u)``, the shorter way round a closed ring of length
    ``ring[0]``) is more than ROUND_WAY times the way across (``across(u)``), sampled every 0.02 mm."""
    total, closed = ring
    steps = max(1, math.ceil((hi - lo) / 0.02))
    parts, start = [], None
    for k in range(steps + 1):
        u = lo + (hi - lo) * k / steps
        along = way(u)
        if closed:
            along = min(along, total - along)
        far = along > ROUND_WAY * across(u) + 0.01
        if far and start is None:
            start = u
        elif not far and start is not None:
            parts.append((start, u))
            start = None
    if start is not None:
        parts.append((start, hi))
    return parts


def _merged(spans: list[tuple[float, float]]) -> list[list[float]]:
    """Overlapping or touching spans joined, in order."""
    merged: list[list[float]] = []
    for lo, hi in sorted(spans):
        if merged and lo <= merged[-1][1] + 1e-6:
            merged[-1][1] = max(merged[-1][1], hi)
        else:
            merged.append([lo, hi])
    return merged


def beside_runs(strokes, near: float = NEAR_MM, along: float = ALONG_MM,
                angle: float = PARALLEL_DEG) -> list[tuple[float, tuple[float, float]]]:
    """Where lines run side by side: each stretch of a polyline longer than ``along`` mm that has
    another line (or another part of itself) beside it, closer than ``near`` mm and within ``angle``
    degrees of parallel, as (length, where it starts). "Beside" is straight across: the other
    segment's foot of the perpendicular lies on it. Two parts of one polyline count only where
    the way between them along it is more than ROUND_WAY times the way across (a line turning back
    on itself, a loop too small to stay open), not where a curve or a corner runs on."""
    segs = []  # (polyline, a, b, ux, uy, length, distance along the polyline at a)
    rings: list[tuple[float, bool]] = []
    for i, pts in enumerate(strokes):
        arc = 0.0
        for a, b in zip(pts, pts[1:]):
            length = math.dist(a, b)
            if length > 1e-9:
                segs.append((i, a, b, (b[0] - a[0]) / length, (b[1] - a[1]) / length, length, arc))
            arc += length
        rings.append((arc, len(pts) > 2 and math.dist(pts[0], pts[-1]) < 1e-6))
    cells: dict[tuple[int, int], list[int]] = {}  # squares of ``near`` mm → the segments that reach them

    def squares(a, b, grow: float):
        for cx in range(math.floor((min(a[0], b[0]) - grow) / near), math.floor((max(a[0], b[0]) + grow) / near) + 1):
            for cy in range(math.floor((min(a[1], b[1]) - grow) / near),
                            math.floor((max(a[1], b[1]) + grow) / near) + 1):
                yield cx, cy

    for n, seg in enumerate(segs):
        for key in squares(seg[1], seg[2], near):
            cells.setdefault(key, []).append(n)
    sin_max = math.sin(math.radians(angle))
    spans: dict[int, list[tuple[float, float]]] = {}
    for n, (i, a, b, ux, uy, length, arc) in enumerate(segs):
        others = sorted({m for key in squares(a, b, 0.0) for m in cells.get(key, ()) if m != n})
        for m in others:
            j, c, _, vx, vy, other, arc2 = segs[m]
            cross = vx * uy - vy * ux
            if abs(cross) > sin_max:
                continue
            # a point u mm along this segment: its distance from the other's line, and its foot on
            # it, both linear in u
            wx, wy = a[0] - c[0], a[1] - c[1]
            d0, t0, t1 = vx * wy - vy * wx, vx * wx + vy * wy, vx * ux + vy * uy
            lo, hi = _beside_span(length, (d0, cross, -near, near), (t0, t1, 0.0, other))
            if hi - lo <= 1e-9:
                continue
            parts = [(lo, hi)]
            if j == i:  # one polyline: only where it has come round to itself
                parts = _come_round(lo, hi, rings[i], lambda u: abs(arc + u - (arc2 + t0 + u * t1)),
                                    lambda u: abs(d0 + u * cross))
            spans.setdefault(i, []).extend((arc + p, arc + q) for p, q in parts)
    out = []
    for i in sorted(spans):
        for lo, hi in _merged(spans[i]):
            if hi - lo > along:
                out.append((hi - lo, _point_at(strokes[i], lo)))
    return out


def greedy_travel(strokes: list[list[tuple[float, float]]], start: tuple[float, float] = (0.0, 0.0)) -> float:
    """How far the pen travels with nothing drawn when it always goes on to the nearest end of a
    line not yet drawn (either way round), from ``start``: what a plotter's line sorter (vpype's
    ``linesort``) finds. The ends are kept in squares of BUCKET mm and searched ring by ring
    outwards, so a page of a few thousand lines takes a moment, not n² steps."""
    bucket = 10.0
    where: dict[tuple[int, int], set[tuple[int, int]]] = {}  # square -> (line, which end)

    def square(p):
        return math.floor(p[0] / bucket), math.floor(p[1] / bucket)

    for i, pts in enumerate(strokes):
        for end in (0, 1):
            where.setdefault(square(pts[-end]), set()).add((i, end))
    if not where:
        return 0.0
    xs = [k[0] for k in where]
    ys = [k[1] for k in where]
    span = max(max(xs) - min(xs), max(ys) - min(ys)) + 2
    here, total, left = start, 0.0, len(strokes)
    while left:
        cx, cy = square(here)
        best = None
        for ring in range(span + abs(cx) + abs(cy) + 1):
            if best is not None and best[0] <= (ring - 1) * bucket:
                break  # nothing in a farther ring can be nearer
            for kx in range(cx - ring, cx + ring + 1):
                for ky in (range(cy - ring, cy + ring + 1) if kx in (cx - ring, cx + ring) else (cy - ring, cy + ring)):
                    for i, end in where.get((kx, ky), ()):
                        d = math.dist(here, strokes[i][-end])
                        if best is None or (d, i, end) < best:
                            best = (d, i, end)
        d, i, end = best
        for e in (0, 1):
            where[square(strokes[i][-e])].discard((i, e))
        total += d
        here = strokes[i][-1 if end == 0 else 0]
        left -= 1
    return total


def written_travel(strokes: list[list[tuple[float, float]]], start: tuple[float, float] = (0.0, 0.0)) -> float:
    """How far the pen travels with nothing drawn through ``strokes`` in the file's order."""
    total, here = 0.0, start
    for pts in strokes:
        total += math.dist(here, pts[0])
        here = pts[-1]
    return total


def _point_at(pts, s: float) -> tuple[float, float]:
    """The point ``s`` mm along a polyline."""
    for a, b in zip(pts, pts[1:]):
        length = math.dist(a, b)
        if s <= length:
            f = s / length if length else 0.0
            return a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f
        s -= length
    return pts[-1]


def check_drawn(report: Report, a: dict, shapes: list[Shape]) -> None:
    """A file a pen plotter or a burning pen follows line by line: no line drawn twice (a line on
    another, overlapping, counts), the pen-up travel within TRAVEL_OVER of a greedy order's (layer by
    layer, as a plotter draws them), and no
    two lines of one layer side by side closer than NEAR_MM for more than ALONG_MM (single-line
    letters: a doubled stem burns as one fat line)."""
    rel = a["path"]
    for s in shapes:
        s.exact_box()  # a path's lines, where only its box was read
    lines = [ln for s in shapes for ln in s.lines]
    twice, where = overlaps(lines, [c for s in shapes for c in s.curves])
    report.expect(not twice, rel, f"each line drawn once ({plural(len(lines), 'segment')}, none on another)",
                  f"{plural(twice, 'segment')} drawn twice (the first at {where}): the pen would go over "
                  f"it again")
    by_layer: dict[str, list] = {}  # a plotter draws layer after layer (vpype's linesort sorts within each)
    for s in shapes:
        by_layer.setdefault(s.layer or "", []).extend(_polylines(s.lines))
    ours = sorted_ = 0.0
    for strokes in by_layer.values():  # as vpype measures it: the moves between a layer's lines, its first kept first
        if strokes:
            ours += written_travel(strokes[1:], strokes[0][-1])
            sorted_ += greedy_travel(strokes[1:], strokes[0][-1])
    limit = sorted_ * (1 + TRAVEL_OVER) + 1.0
    report.expect(ours <= limit, rel,
                  f"pen-up travel {mm(round(ours))} mm, within {round(TRAVEL_OVER * 100)} % of a nearest-end "
                  f"order's {mm(round(sorted_))} mm",
                  f"pen-up travel {mm(round(ours))} mm, {round((ours / sorted_ - 1) * 100) if sorted_ else 0} % "
                  f"more than a nearest-end order's {mm(round(sorted_))} mm (at most {round(TRAVEL_OVER * 100)} %): "
                  f"the lines are drawn out of order")
    layers: dict[str, list[Shape]] = {}
    for s in shapes:
        layers.setdefault(s.layer or "", []).append(s)
    found = []
    for name in layers:
        runs = beside_runs([p for s in layers[name] for p in _polylines(s.lines)])
        found += [(name, length, at) for length, at in runs]
    if not found:
        report.ok(rel, f"single lines: no two lines side by side closer than {mm(NEAR_MM)} mm for more than "
                       f"{mm(ALONG_MM)} mm")
        return
    name, length, (x, y) = found[0]
    report.fail(rel, f"{plural(len(found), 'stretch', 'stretches')} of line run beside another closer than "
                     f"{mm(NEAR_MM)} mm for more than {mm(ALONG_MM)} mm (the first {mm(length)} mm long, "
                     f"from {mm(x)},{mm(y)} mm in '{name}'): a pen or a burning tip draws them as one thick line")
