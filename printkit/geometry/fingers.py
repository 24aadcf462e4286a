"""Finger joints for parts cut from sheet material, in millimetres, knowing nothing of racks or boxes.

A :class:`FingerEdge` is one side of a joint: an edge of ``length`` cut into an odd number of equal
segments, every other one a finger standing ``thickness`` (the mating part's material) out of the
edge. Its :meth:`~FingerEdge.mate` is the other side: fingers where this one has gaps, so that the two
edges, meeting at a right angle, fill each other. :func:`slots` are the holes (mortises) a row of
fingers goes through when it meets a plate away from the plate's edge. :class:`Tenons` is an edge whose
fingers are placed by hand (a long tenon on a short edge, its shoulders unequal), for such holes.

Everything here is *nominal*: the part as it should come off the bed. A laser's beam burns away
half its kerf on each side of the line it follows, so the line drawn is the nominal outline
:func:`grown` by half the kerf (holes shrunk by it): :func:`compensated`. Cut along that line, a
finger comes out exactly as wide as the slot it goes into, and the joint press-fits.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

Point = tuple[float, float]


def finger_count(length: float, thickness: float) -> int:
    """The odd number of segments an edge of ``length`` is cut into: each at least twice the
    material's ``thickness`` wide (a finger that is sturdy), 1 when the edge is too short for 3."""
    if length <= 0 or thickness <= 0:
        raise ValueError(f"a finger edge needs a length and a thickness above 0, not {length!r} and {thickness!r}")
    n = int(length // (2 * thickness))
    if n % 2 == 0:
        n -= 1
    return max(n, 1)


@dataclass(frozen=True)
class FingerEdge:
    """One side of a finger joint, nominal: ``count`` equal segments along ``length``; the fingers
    are the even segments (0, 2, …: both ends) if ``ends`` else the odd ones, and stand ``thickness``
    out of the edge."""

    length: float
    thickness: float
    count: int
    ends: bool = True

    def __post_init__(self) -> None:
        if self.count < 1 or self.count % 2 == 0:
            raise ValueError(f"a finger edge has an odd number of segments, not {self.count!r}")
        if self.length <= 0 or self.thickness <= 0:
            raise ValueError(f"a finger edge needs a length and a thickness above 0, not {self.length!r} "
                             f"and {self.thickness!r}")

    @property
    def segment(self) -> float:
        return self.length / self.count

    def mate(self) -> "FingerEdge":
        """The mating edge: its fingers fill this one's gaps."""
        return FingerEdge(self.length, self.thickness, self.count, not self.ends)

    def fingers(self) -> list[tuple[float, float]]:
        """(start, end) along the edge of every finger, mm from the edge's start."""
        first = 0 if self.ends else 1
        return [(i * self.segment, (i + 1) * self.segment) for i in range(first, self.count, 2)]

    def gaps(self) -> list[tuple[float, float]]:
        """(start, end) of every gap between fingers: where the mating edge's fingers go."""
        first = 1 if self.ends else 0
        return [(i * self.segment, (i + 1) * self.segment) for i in range(first, self.count, 2)]

    def profile(self) -> list[Point]:
        """The edge's nominal outline in its own frame, (u along the edge, v out of the part): from
        (0, ·) to (length, ·), v = thickness over a finger and 0 over a gap."""
        pts: list[Point] = []
        for i in range(self.count):
            v = self.thickness if (i % 2 == 0) == self.ends else 0.0
            a, b = i * self.segment, (i + 1) * self.segment
            pts += [(a, v), (b, v)]
        return _dedupe(pts)

    def placed(self, start: Point, end: Point) -> list[Point]:
        """:meth:`profile` on the page, from ``start`` to ``end`` (their distance must be ``length``),
        the fingers standing out to the left of the direction of travel (y down: a part drawn
        clockwise on the page has them outside)."""
        return _placed(self.profile(), self.length, start, end)


@dataclass(frozen=True)
class Tenons:
    """One side of a joint through a plate, nominal, its fingers (tenons) placed by hand rather than in
    equal segments: each of ``spans`` (start, end), mm along an edge of ``length``, stands ``thickness``
    out of it; the rest of the edge is shoulder. A tenon may run to an end of the edge (a shoulder on one
    side only), so that a short edge still carries one long tenon where it has room for it. It goes
    through :func:`slots` as a :class:`FingerEdge` does."""

    length: float
    thickness: float
    spans: tuple[tuple[float, float], ...]

    def __post_init__(self) -> None:
        if self.length <= 0 or self.thickness <= 0:
            raise ValueError(f"a tenon edge needs a length and a thickness above 0, not {self.length!r} "
                             f"and {self.thickness!r}")
        ends = [x for span in self.spans for x in span]
        if not self.spans or any(b - a <= 1e-9 for a, b in self.spans) or ends != sorted(ends) \
                or ends[0] < -1e-9 or ends[-1] > self.length + 1e-9:
            raise ValueError(f"tenons of an edge of {self.length:g} mm are spans along it, in order, apart, "
                             f"not {self.spans!r}")
        if ends[0] <= 1e-9 and ends[-1] >= self.length - 1e-9 and len(self.spans) == 1:
            raise ValueError(f"a tenon as long as its edge ({self.length:g} mm) leaves no shoulder to stop it")

    def fingers(self) -> list[tuple[float, float]]:
        """(start, end) along the edge of every tenon, mm from the edge's start."""
        return list(self.spans)

    def gaps(self) -> list[tuple[float, float]]:
        """(start, end) of the shoulders between and beside the tenons."""
        cuts = [0.0, *(x for span in self.spans for x in span), self.length]
        return [(a, b) for a, b in zip(cuts[::2], cuts[1::2]) if b - a > 1e-9]

    def reversed(self) -> "Tenons":
        """The same edge travelled from its other end (the opposite side of a plate, drawn the other way)."""
        return Tenons(self.length, self.thickness, tuple((self.length - b, self.length - a) for a, b in
                                                         reversed(self.spans)))

    def profile(self) -> list[Point]:
        """The edge's nominal outline in its own frame, (u along the edge, v out of the part): v =
        thickness over a tenon and 0 over a shoulder."""
        runs = sorted([(a, b, self.thickness) for a, b in self.spans] + [(a, b, 0.0) for a, b in self.gaps()])
        return _dedupe([p for a, b, v in runs for p in ((a, v), (b, v))])

    def placed(self, start: Point, end: Point) -> list[Point]:
        """:meth:`profile` on the page, from ``start`` to ``end``, the tenons standing out to the left of
        the direction of travel (as :meth:`FingerEdge.placed`)."""
        return _placed(self.profile(), self.length, start, end)


def _placed(profile: list[Point], length: float, start: Point, end: Point) -> list[Point]:
    """An edge's ``profile`` (u along, v out) on the page from ``start`` to ``end``, v to the left of travel."""
    (x0, y0), (x1, y1) = start, end
    d = math.hypot(x1 - x0, y1 - y0)
    if abs(d - length) > 1e-6:
        raise ValueError(f"an edge of {length:g} mm placed between points {d:g} mm apart")
    ux, uy = (x1 - x0) / d, (y1 - y0) / d
    nx, ny = uy, -ux  # left of travel with y pointing down
    return [(x0 + u * ux + v * nx, y0 + u * uy + v * ny) for u, v in profile]


def finger_edge(length: float, thickness: float, count: int | None = None) -> FingerEdge:
    """The edge of ``length`` with fingers at both ends for material of ``thickness``; its
    :meth:`~FingerEdge.mate` is the other side of the joint."""
    return FingerEdge(length, thickness, count if count is not None else finger_count(length, thickness))


def slots(edge: FingerEdge | Tenons, start: Point, end: Point) -> list[list[Point]]:
    """The holes in a plate that ``edge``'s fingers (or tenons) go through: for every finger a rectangle as wide
    as the finger and ``thickness`` deep, on the line from ``start`` to ``end`` and reaching to its
    left (y down), nominal, each clockwise on the page."""
    (x0, y0), (x1, y1) = start, end
    d = math.hypot(x1 - x0, y1 - y0)
    if abs(d - edge.length) > 1e-6:
        raise ValueError(f"slots for an edge of {edge.length:g} mm placed between points {d:g} mm apart")
    ux, uy = (x1 - x0) / d, (y1 - y0) / d
    nx, ny = uy, -ux
    t = edge.thickness

    def at(u: float, v: float) -> Point:
        return (x0 + u * ux + v * nx, y0 + u * uy + v * ny)

    return [[at(a, 0), at(a, t), at(b, t), at(b, 0)] for a, b in edge.fingers()]


def area(points: list[Point]) -> float:
    """The signed area of a closed polygon (the shoelace formula; y down: clockwise on the page > 0)."""
    n = len(points)
    return sum(points[i][0] * points[(i + 1) % n][1] - points[(i + 1) % n][0] * points[i][1] for i in range(n)) / 2


def grown(points: list[Point], d: float) -> list[Point]:
    """The closed polygon ``points`` with every edge moved ``d`` mm outwards (inwards if ``d`` < 0),
    corners mitred: each edge stays parallel to itself, so a right-angled finger stays right-angled
    and grows by ``d`` on each side. For offsets smaller than the polygon's shortest edge."""
    pts = _dedupe(list(points))
    if len(pts) > 1 and pts[0] == pts[-1]:
        pts.pop()
    n = len(pts)
    if n < 3:
        raise ValueError("a polygon needs three corners")
    sign = 1.0 if area(pts) > 0 else -1.0  # clockwise on the page (y down): outward is left of travel

    def normal(a: Point, b: Point) -> Point:
        dx, dy = b[0] - a[0], b[1] - a[1]
        length = math.hypot(dx, dy)
        return (sign * dy / length, -sign * dx / length)

    out: list[Point] = []
    for i in range(n):
        n1 = normal(pts[i - 1], pts[i])
        n2 = normal(pts[i], pts[(i + 1) % n])
        dot = n1[0] * n2[0] + n1[1] * n2[1]
        if abs(1 + dot) < 1e-9:
            raise ValueError("a polygon that turns back on itself cannot be offset")
        k = d / (1 + dot)
        out.append((pts[i][0] + k * (n1[0] + n2[0]), pts[i][1] + k * (n1[1] + n2[1])))
    return out


def compensated(outline: list[Point], holes: list[list[Point]], kerf: float,
                fit: float = 0.0) -> tuple[list[Point], list[list[Point]]]:
    """What to draw so that a part of nominal ``outline`` with ``holes`` comes off a beam of
    ``kerf`` true: the outline grown by half the kerf, every hole shrunk by it; and each hole ``fit``
    wider and longer than nominal (half of it each side), the play of what goes through it."""
    if kerf < 0 or fit < 0:
        raise ValueError(f"a kerf and a fit are not negative: {kerf!r}, {fit!r}")
    return grown(outline, kerf / 2), [grown(h, (fit - kerf) / 2) for h in holes]


def _dedupe(pts: list[Point]) -> list[Point]:
    out: list[Point] = []
    for p in pts:
        if not out or abs(p[0] - out[-1][0]) > 1e-9 or abs(p[1] - out[-1][1]) > 1e-9:
            out.append(p)
    return out


__all__ = ["FingerEdge", "Tenons", "area", "compensated", "finger_count", "finger_edge", "grown", "slots"]
