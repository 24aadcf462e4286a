"""Routing a tool (a laser, a plotter's pen) over strokes: an order that keeps its moves short,
strokes that meet joined into one, and gaps left in a line for hold tabs.

A stroke is a polyline, a tuple of (x, y) points in mm; the tool may draw it either way round.
"""

from __future__ import annotations

from math import hypot

Point = tuple[float, float]
Stroke = tuple[Point, ...]


def travel(strokes: list[Stroke], start: Point = (0.0, 0.0)) -> float:
    """How far the tool moves with nothing drawn, from ``start`` through ``strokes`` in order."""
    total, here = 0.0, start
    for s in strokes:
        total += hypot(s[0][0] - here[0], s[0][1] - here[1])
        here = s[-1]
    return total


def shortest_moves(strokes: list[Stroke], start: Point = (0.0, 0.0)) -> list[Stroke]:
    """``strokes`` in the order, each maybe reversed, that a tool at ``start`` draws them by always
    going to the nearest end of a stroke not yet drawn (ties: the earlier stroke, from its first
    point). On a grid of cuts that is a serpentine. If the order given moves less, it is kept:
    the result never travels further than ``strokes`` as they are."""
    left = list(range(len(strokes)))
    out: list[Stroke] = []
    here = start
    while left:
        best = None
        for i in left:
            s = strokes[i]
            for flip, end in ((0, s[0]), (1, s[-1])):
                d = hypot(end[0] - here[0], end[1] - here[1])
                if best is None or d < best[0] - 1e-9:
                    best = (d, i, flip)
        _, i, flip = best
        left.remove(i)
        s = strokes[i][::-1] if flip else strokes[i]
        out.append(s)
        here = s[-1]
    return out if travel(out, start) <= travel(strokes, start) else list(strokes)


def joined(strokes: list[Stroke]) -> list[Stroke]:
    """Strokes in order, each that starts where the one before ends drawn on as one polyline (a
    contour the tool follows without stopping)."""
    out: list[list[Point]] = []
    for s in strokes:
        if out and _same(out[-1][-1], s[0]):
            out[-1] += s[1:]
        else:
            out.append(list(s))
    return [tuple(s) for s in out]


def with_gaps(a: Point, b: Point, spans: int, gap: float) -> list[Stroke]:
    """The line from ``a`` to ``b`` in ``spans`` equal spans with ``gap`` mm left undrawn in the
    middle of each (a hold tab in each tile's edge), as strokes from ``a`` towards ``b``; the
    whole line if ``gap`` is 0."""
    if gap <= 0 or spans < 1:
        return [(a, b)]
    length = hypot(b[0] - a[0], b[1] - a[1])
    ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
    step = length / spans
    if gap >= step:
        raise ValueError(f"a gap of {gap:g} mm leaves nothing of a span of {step:g} mm")

    def at(d: float) -> Point:
        return round(a[0] + ux * d, 6), round(a[1] + uy * d, 6)

    cuts = [0.0] + [d for i in range(spans) for d in ((i + 0.5) * step - gap / 2, (i + 0.5) * step + gap / 2)]
    cuts.append(length)
    return [(a if i == 0 else at(cuts[i]), b if i == len(cuts) - 2 else at(cuts[i + 1]))
            for i in range(0, len(cuts), 2)]


def _same(p: Point, q: Point) -> bool:
    return abs(p[0] - q[0]) < 1e-9 and abs(p[1] - q[1]) < 1e-9
