"""A glyph's outline made once into a template that places it at any size and point with a few
multiplications: its points in font units, the commands made of them, and the implied midpoints
computed after the map as fontTools' pens compute them, so that every number placed is the pens' to
the last bit. :class:`printkit.fonts.Font` keeps one a glyph (and its packed form in the prepared
font's cache entry: this module's source is part of that entry's recipe)."""

from __future__ import annotations

import marshal
from math import copysign


class Unplaceable(Exception):
    """An outline :class:`Template` does not take."""


class Template:
    """A glyph's outline as its points in font units and the commands made of them.

    ``steps`` are (op, indices): indices into the transformed points, followed by the implied
    points, each the midpoint of two transformed points (``mids``), computed after the map as the
    pens compute them, so that every number is the pens' to the last bit."""

    __slots__ = ("points", "mids", "steps", "xs", "ys", "flat")

    def __init__(self, points: list, mids: list, steps: list):
        self.points, self.mids, self.steps = points, mids, steps
        # The quick way (place): whole-number points, as TrueType's are unless a component is scaled
        whole = all(type(px) is int and type(py) is int for px, py in points)
        self.xs = tuple(px for px, _ in points) if whole else None
        self.ys = tuple(py for _, py in points) if whole else None
        self.flat = tuple((op, ix[0] if ix else -1, ix[1] if len(ix) == 2 else -1) for op, ix in steps) \
            if all(len(ix) <= 2 for _, ix in steps) else None

    @classmethod
    def of(cls, recorded: list) -> Template | Unplaceable:
        points: list = []
        mids: list = []
        steps: list = []

        def at(pt) -> int:
            points.append(pt)
            return len(points) - 1

        def quadratic(indices: list) -> None:  # BasePen.qCurveTo with decomposeQuadraticSegment
            n = len(indices) - 1
            if indices[-1] is None:
                mids.append((indices[-2], indices[0]))
                start = -len(mids)  # a midpoint: numbered after the points, once their count is known
                steps.append(("M", (start,)))
                indices = indices[:-1] + [start]
            if n > 0:
                for i in range(len(indices) - 2):
                    mids.append((indices[i], indices[i + 1]))
                    steps.append(("Q", (indices[i], -len(mids))))
                steps.append(("Q", (indices[-2], indices[-1])))
            else:
                steps.append(("L", (indices[0],)))

        try:
            for op, args in recorded:
                if op in ("moveTo", "lineTo"):
                    steps.append(("M" if op == "moveTo" else "L", (at(args[0]),)))
                elif op == "qCurveTo":
                    quadratic([None if pt is None else at(pt) for pt in args])
                elif op == "curveTo":
                    if len(args) == 3:
                        steps.append(("C", tuple(at(pt) for pt in args)))
                    elif len(args) == 2:
                        quadratic([at(pt) for pt in args])
                    elif len(args) == 1:
                        steps.append(("L", (at(args[0]),)))
                    else:
                        raise Unplaceable(op)
                elif op == "closePath":
                    steps.append(("Z", ()))
                elif op != "endPath":
                    raise Unplaceable(op)
        except Unplaceable as exc:
            return exc
        count = len(points)
        fix = lambda i: count - i - 1 if i < 0 else i  # noqa: E731 - the midpoint -m is number count + m - 1
        mids = [(fix(a), fix(b)) for a, b in mids]
        steps = [(op, tuple(fix(i) for i in ix)) for op, ix in steps]
        return cls(points, mids, steps)

    def pack(self) -> bytes | None:
        """The template as the prepared font keeps it: flat tuples of whole numbers, read back in
        microseconds (:meth:`unpack`); None for one the quick way does not take (kept as an outline)."""
        if self.xs is None or self.flat is None:
            return None
        return marshal.dumps(("".join(op for op, _, _ in self.flat), self.xs, self.ys,
                              tuple(i for pair in self.mids for i in pair), tuple(a for _, a, _ in self.flat),
                              tuple(b for _, _, b in self.flat)))

    @classmethod
    def unpack(cls, packed: bytes) -> Template:
        ops, xs, ys, mids, a, b = marshal.loads(packed)
        template = cls.__new__(cls)
        template.xs, template.ys = xs, ys
        template.mids = list(zip(mids[0::2], mids[1::2]))
        template.flat = tuple(zip(ops, a, b))
        template.points = list(zip(xs, ys))
        template.steps = [(op, (i, j) if j >= 0 else (i,) if i >= 0 else ()) for op, i, j in template.flat]
        return template

    def place(self, k: float, x: float, y: float) -> list[tuple]:
        if self.xs is not None and self.flat is not None and k > 0 and (y or copysign(1.0, y) > 0):
            return self._quick(k, x, y)
        xx, xy, yx, yy, dx, dy = k, 0, 0, -k, x, y  # fontTools' Transform.transformPoint, term by term
        t = [(xx * px + yx * py + dx, xy * px + yy * py + dy) for px, py in self.points]
        for a, b in self.mids:
            (ax, ay), (bx, by) = t[a], t[b]
            t.append((0.5 * (ax + bx), 0.5 * (ay + by)))
        out = []
        for op, ix in self.steps:
            if len(ix) == 1:
                out.append((op, *t[ix[0]]))
            elif len(ix) == 2:
                out.append((op, *t[ix[0]], *t[ix[1]]))
            elif ix:
                out.append((op, *(v for i in ix for v in t[i])))
            else:
                out.append((op,))
        return out

    def _quick(self, k: float, x: float, y: float) -> list[tuple]:
        """:meth:`place` for whole-number points, k > 0 and y not -0.0, where the terms it drops are
        exact: k·px + 0·py is k·px (never -0.0 for a whole px and k > 0), and 0·px + (-k)·py + y is
        (-k)·py + y (a -0.0 product, at py = 0, added to a y that is not -0.0 gives what 0.0 does)."""
        nk = -k
        xs = [k * px + x for px in self.xs]
        ys = [nk * py + y for py in self.ys]
        for a, b in self.mids:
            xs.append(0.5 * (xs[a] + xs[b]))
            ys.append(0.5 * (ys[a] + ys[b]))
        return [(op, xs[a], ys[a], xs[b], ys[b]) if b >= 0 else (op, xs[a], ys[a]) if a >= 0 else (op,)
                for op, a, b in self.flat]
