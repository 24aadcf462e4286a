"""Sheets of geometry in millimetres: what every product is made of before it becomes a file.

Coordinates are millimetres from the page's top-left corner, y pointing down (as in SVG). Every
item carries a *role* saying what a machine or a person does with it, so a writer can put it in
the right layer and colour without knowing what a tile or a board is.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Iterator, Union

from .fonts import Font


class Role(str, Enum):
    PRINT = "print"  # ink on paper
    CUT = "cut"  # cut through (laser, knife)
    SCORE = "score"  # cut shallow or draw a thin line
    ENGRAVE = "engrave"  # burn or engrave a filled area
    GUIDE = "guide"  # cut guides and marks: printed, thin, not part of the product


@dataclass(frozen=True)
class Rect:
    x: float
    y: float
    w: float
    h: float
    fill: str | None = None
    stroke: str | None = None
    stroke_mm: float = 0.0
    role: Role = Role.PRINT
    tag: str = ""


@dataclass(frozen=True)
class Line:
    x1: float
    y1: float
    x2: float
    y2: float
    stroke: str = "#000000"
    stroke_mm: float = 0.1
    role: Role = Role.GUIDE
    tag: str = ""


@dataclass(frozen=True)
class Circle:
    cx: float
    cy: float
    r: float
    fill: str | None = None
    stroke: str | None = None
    stroke_mm: float = 0.0
    role: Role = Role.PRINT
    tag: str = ""


@dataclass(frozen=True)
class Path:
    """A path of commands ("M", x, y), ("L", x, y), ("C", x1, y1, x2, y2, x, y), ("Z",)."""

    commands: tuple[tuple, ...]
    fill: str | None = None
    stroke: str | None = None
    stroke_mm: float = 0.0
    role: Role = Role.PRINT
    tag: str = ""


@dataclass(frozen=True)
class Text:
    """A run of glyphs: ``x`` is the origin of the first glyph, ``y`` the baseline, ``size`` the
    em in millimetres. Glyphs follow each other by their advances, with no kerning."""

    x: float
    y: float
    text: str
    font: Font
    size: float
    fill: str = "#000000"
    role: Role = Role.PRINT
    tag: str = ""

    def advance(self) -> float:
        return self.font.run_advance(self.text) * self.size / self.font.units

    def ink(self) -> tuple[float, float, float, float] | None:
        """Ink box on the page (x0, y0, x1, y1), y down."""
        box = self.font.run_ink(self.text)
        if box is None:
            return None
        k = self.size / self.font.units
        return (self.x + box.x0 * k, self.y - box.y1 * k, self.x + box.x1 * k, self.y - box.y0 * k)


@dataclass(frozen=True)
class Group:
    """Items moved by (dx, dy) and, if ``clip`` is given, cut to that rectangle (in the group's
    own coordinates)."""

    items: tuple["Item", ...]
    dx: float = 0.0
    dy: float = 0.0
    clip: Rect | None = None
    tag: str = ""


Item = Union[Rect, Line, Circle, Path, Text, Group]


@dataclass(frozen=True)
class Page:
    width: float
    height: float
    items: tuple[Item, ...]
    label: str = ""

    def walk(self) -> Iterator[tuple[Item, float, float]]:
        """Every item that is not a group, with the offset of the groups around it."""
        yield from _walk(self.items, 0.0, 0.0)


def _walk(items, dx: float, dy: float):
    for item in items:
        if isinstance(item, Group):
            yield from _walk(item.items, dx + item.dx, dy + item.dy)
        else:
            yield item, dx, dy


@dataclass(frozen=True)
class Document:
    """Pages that become one file (or one file per page), with what the manifest says of them."""

    path: str  # relative to the kit's output folder
    kind: str  # "tiles", "tile-backs", "board", ...
    format: str  # "pdf" or "svg"
    pages: tuple[Page, ...]
    title: str = ""
    figures: dict = field(default_factory=dict)  # pages, paper, tile_mm, ... for the manifest


def fits(count_of: float, size: float, gap: float = 0.0) -> int:
    """How many items of ``size`` with ``gap`` between them fit in ``count_of`` millimetres.

    Done in whole micrometres so that 10 × 20 mm really fits 200 mm."""
    span, step, g = round(count_of * 1000), round((size + gap) * 1000), round(gap * 1000)
    if step <= 0:
        raise ValueError("size must be positive")
    return max(0, (span + g) // step)
