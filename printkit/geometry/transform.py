"""Moving, scaling and mirroring any item, groups included: one transform for every product.

A transform maps x → sx·x + tx and y → sy·y + ty. There is no rotation, so every side stays along
the page's axes and a Rect is still a Rect afterwards; what an item cannot stay (a circle stretched
into an ellipse, mirrored text) is refused rather than drawn wrong.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from math import sqrt

from .items import COMMANDS, Circle, Clip, Group, Item, Line, Path, Rect, Text


@dataclass(frozen=True)
class Transform:
    """x → sx·x + tx, y → sy·y + ty; the identity unless told otherwise."""

    sx: float = 1.0
    sy: float = 1.0
    tx: float = 0.0
    ty: float = 0.0

    @classmethod
    def translate(cls, dx: float, dy: float) -> "Transform":
        return cls(tx=dx, ty=dy)

    @classmethod
    def scale(cls, k: float, ky: float | None = None) -> "Transform":
        """``k`` times larger about the origin (``ky`` up and down, if it differs)."""
        return cls(sx=k, sy=k if ky is None else ky)

    @classmethod
    def mirror(cls, x: float | None = None, y: float | None = None) -> "Transform":
        """Mirror image in the vertical line at ``x`` (left and right swap), or in the horizontal
        line at ``y`` (top and bottom swap), or both."""
        if x is None and y is None:
            raise ValueError("mirror in what: give the line's x or y")
        return cls(sx=1.0 if x is None else -1.0, sy=1.0 if y is None else -1.0,
                   tx=0.0 if x is None else 2 * x, ty=0.0 if y is None else 2 * y)

    def point(self, x: float, y: float) -> tuple[float, float]:
        return self.sx * x + self.tx, self.sy * y + self.ty

    def box(self, x: float, y: float, w: float, h: float) -> tuple[float, float, float, float]:
        """Where the box (x, y, w, h) lands, as (x, y, w, h) with w and h not negative."""
        (x, w), (y, h) = _span(x, w, self.sx, self.tx), _span(y, h, self.sy, self.ty)
        return x, y, w, h

    def apply(self, item: Item, least_stroke: float = 0.0) -> Item:
        """``item`` transformed. Strokes scale with the drawing but stay at least ``least_stroke``
        mm wide (a map drawn small keeps its thin lines visible); no stroke stays none."""
        if isinstance(item, Group):
            inner = Transform(self.sx, self.sy)  # the group's offset takes the move
            dx, dy = self.point(item.dx, item.dy)
            clip = Clip(*inner.box(item.clip.x, item.clip.y, item.clip.w, item.clip.h)) if item.clip else None
            return replace(item, items=tuple(inner.apply(i, least_stroke) for i in item.items), dx=dx, dy=dy,
                           clip=clip)
        if isinstance(item, Rect):
            x, y, w, h = self.box(item.x, item.y, item.w, item.h)
            return replace(item, x=x, y=y, w=w, h=h, stroke_mm=self._stroke(item.stroke_mm, least_stroke))
        if isinstance(item, Line):
            (x1, y1), (x2, y2) = self.point(item.x1, item.y1), self.point(item.x2, item.y2)
            return replace(item, x1=x1, y1=y1, x2=x2, y2=y2, stroke_mm=self._stroke(item.stroke_mm, least_stroke))
        if isinstance(item, Circle):
            if abs(self.sx) != abs(self.sy):
                raise ValueError(f"circle {item.tag!r}: scaled unevenly it would be an ellipse")
            cx, cy = self.point(item.cx, item.cy)
            return replace(item, cx=cx, cy=cy, r=item.r * abs(self.sx),
                           stroke_mm=self._stroke(item.stroke_mm, least_stroke))
        if isinstance(item, Path):
            return replace(item, commands=self._commands(item.commands),
                           stroke_mm=self._stroke(item.stroke_mm, least_stroke))
        if isinstance(item, Text):
            if self.sx != self.sy or self.sx <= 0:
                raise ValueError(f"text {item.text!r}: only moved or scaled evenly does it stay text; "
                                 f"transform its outline (geometry.outline) instead")
            x, y = self.point(item.x, item.y)
            return replace(item, x=x, y=y, size=item.size * self.sx)
        raise TypeError(f"cannot transform {item!r}")

    def _commands(self, commands: tuple[tuple, ...]) -> tuple[tuple, ...]:
        """Every command moved: :meth:`_command`'s arithmetic, written out for the few shapes a path
        has (letters' outlines are thousands of commands a page: a generator per point cost more)."""
        sx, sy, tx, ty = self.sx, self.sy, self.tx, self.ty
        out = []
        for c in commands:
            n = len(c)
            if n == 3 and c[0] in _POINT:
                out.append((c[0], sx * c[1] + tx, sy * c[2] + ty))
            elif n == 5 and c[0] == "Q":
                out.append(("Q", sx * c[1] + tx, sy * c[2] + ty, sx * c[3] + tx, sy * c[4] + ty))
            elif n == 1 and c[0] == "Z":
                out.append(("Z",))
            else:
                out.append(self._command(c))
        return tuple(out)

    def _command(self, command: tuple) -> tuple:
        op, values = command[0], command[1:]
        if COMMANDS.get(op) != len(values):
            raise ValueError(f"path command {command!r} is not one of {', '.join(COMMANDS)} with its points")
        points = (self.point(values[i], values[i + 1]) for i in range(0, len(values), 2))
        return (op, *(v for p in points for v in p))

    def _stroke(self, width: float, least: float) -> float:
        if not width:
            return width
        k = abs(self.sx) if abs(self.sx) == abs(self.sy) else sqrt(abs(self.sx * self.sy))
        return max(width * k, least)


_POINT = frozenset(("M", "L"))


def _span(start: float, length: float, s: float, t: float) -> tuple[float, float]:
    """Where [start, start + length] lands under x → s·x + t, as (start, length), length not negative.
    A mirrored span starts at its image's far end: t - start - length, as one would write it."""
    a, size = s * start + t, s * length
    return (a + size, -size) if size < 0 else (a, size)
