"""Quarter turns: the one rotation that keeps every side along the page's axes, so a Rect is still a
Rect afterwards (a part turned to fit a bed, a label run along a vertical strip).

A turn is about the origin; move the result with a :class:`Transform` afterwards. Text cannot be
turned as text, so it becomes its outline first.
"""

from __future__ import annotations

from dataclasses import replace

from .items import COMMANDS, Circle, Clip, Group, Item, Line, Path, Rect, Text
from .outline import outline


def turn_point(x: float, y: float, clockwise: bool = True) -> tuple[float, float]:
    """(x, y) turned a quarter about the origin, clockwise as seen on the page (y down): right → down."""
    return (-y, x) if clockwise else (y, -x)


def turn_box(x: float, y: float, w: float, h: float, clockwise: bool = True) -> tuple[float, float, float, float]:
    """Where the box (x, y, w, h) lands, as (x, y, w, h): its sides swap."""
    return (-(y + h), x, h, w) if clockwise else (y, -(x + w), h, w)


def quarter_turn(item: Item, clockwise: bool = True) -> Item:
    """``item`` turned a quarter about the origin; text becomes its outline, strokes keep their width."""
    if isinstance(item, Group):
        dx, dy = turn_point(item.dx, item.dy, clockwise)
        clip = Clip(*turn_box(item.clip.x, item.clip.y, item.clip.w, item.clip.h, clockwise)) if item.clip else None
        return replace(item, items=tuple(quarter_turn(i, clockwise) for i in item.items), dx=dx, dy=dy, clip=clip)
    if isinstance(item, Rect):
        x, y, w, h = turn_box(item.x, item.y, item.w, item.h, clockwise)
        return replace(item, x=x, y=y, w=w, h=h)
    if isinstance(item, Line):
        (x1, y1), (x2, y2) = turn_point(item.x1, item.y1, clockwise), turn_point(item.x2, item.y2, clockwise)
        return replace(item, x1=x1, y1=y1, x2=x2, y2=y2)
    if isinstance(item, Circle):
        cx, cy = turn_point(item.cx, item.cy, clockwise)
        return replace(item, cx=cx, cy=cy)
    if isinstance(item, Text):
        return quarter_turn(outline(item), clockwise)
    if isinstance(item, Path):
        return replace(item, commands=tuple(_command(c, clockwise) for c in item.commands))
    raise TypeError(f"cannot turn {item!r}")


def _command(command: tuple, clockwise: bool) -> tuple:
    op, values = command[0], command[1:]
    if COMMANDS.get(op) != len(values):
        raise ValueError(f"path command {command!r} is not one of {', '.join(COMMANDS)} with its points")
    points = (turn_point(values[i], values[i + 1], clockwise) for i in range(0, len(values), 2))
    return (op, *(v for p in points for v in p))
