"""The items pages are made of, in millimetres from the page's top-left corner, y pointing down.

Every drawn item states its *role* (what a person or a machine does with it) at construction:
there is no default, so a cut line can never become a printed guide by omission. Writers put
items into layers and colours by role without knowing what a tile or a board is.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Iterator, Mapping, Union

from ..fonts import Font


class Role(str, Enum):
    PRINT = "print"  # ink on paper
    CUT = "cut"  # cut through (laser, knife)
    SCORE = "score"  # cut shallow or draw a thin line
    ENGRAVE = "engrave"  # burn or engrave a filled area
    GUIDE = "guide"  # cut guides and marks: printed, thin, not part of the product


# Path commands and how many numbers each takes: points as x, y pairs, the end point last.
COMMANDS = {"M": 2, "L": 2, "Q": 4, "C": 6, "Z": 0}


@dataclass(frozen=True)
class Drawn:
    """What every drawn item carries: its role (keyword, required) and a tag naming it for readers."""

    role: Role = field(kw_only=True)
    tag: str = field(default="", kw_only=True)

    def __post_init__(self) -> None:
        if not isinstance(self.role, Role):
            raise TypeError(f"{type(self).__name__} {self.tag!r}: role must be a Role, not {self.role!r}")


@dataclass(frozen=True)
class Rect(Drawn):
    x: float
    y: float
    w: float
    h: float
    fill: str | None = None
    stroke: str | None = None
    stroke_mm: float = 0.0


@dataclass(frozen=True)
class Line(Drawn):
    x1: float
    y1: float
    x2: float
    y2: float
    stroke: str = "#000000"
    stroke_mm: float = 0.1


@dataclass(frozen=True)
class Circle(Drawn):
    cx: float
    cy: float
    r: float
    fill: str | None = None
    stroke: str | None = None
    stroke_mm: float = 0.0


@dataclass(frozen=True)
class Path(Drawn):
    """Commands ("M", x, y), ("L", x, y), ("Q", x1, y1, x, y), ("C", x1, y1, x2, y2, x, y), ("Z",):
    Q is the quadratic curve of TrueType outlines, C the cubic."""

    commands: tuple[tuple, ...]
    fill: str | None = None
    stroke: str | None = None
    stroke_mm: float = 0.0


@dataclass(frozen=True)
class Text(Drawn):
    """A run of glyphs: ``x`` is the origin of the first glyph, ``y`` the baseline, ``size`` the
    em in millimetres. Glyphs follow each other by their advances, with no kerning."""

    x: float
    y: float
    text: str
    font: Font
    size: float
    fill: str = "#000000"

    def ink(self) -> tuple[float, float, float, float] | None:
        """Ink box on the page (x0, y0, x1, y1), y down."""
        box = self.font.run_ink(self.text)
        if box is None:
            return None
        k = self.size / self.font.units
        return (self.x + box.x0 * k, self.y - box.y1 * k, self.x + box.x1 * k, self.y - box.y0 * k)


@dataclass(frozen=True)
class Clip:
    """The rectangle a group is cut to, in the group's own coordinates; not drawn, so no role."""

    x: float
    y: float
    w: float
    h: float


@dataclass(frozen=True)
class Group:
    """Items moved by (dx, dy) and, if ``clip`` is given, cut to it. A group has no role of its
    own: it draws the roles of what it holds (see :func:`roles`)."""

    items: tuple["Item", ...]
    dx: float = 0.0
    dy: float = 0.0
    clip: Clip | None = None
    tag: str = ""


@dataclass(frozen=True)
class Layer(Group):
    """A named group that writers keep apart, in the order the page lists it: an Inkscape layer of
    an SVG, a layer of a DXF. Laser software shows ``name``; jobs run in layer order."""

    name: str = ""


Item = Union[Rect, Line, Circle, Path, Text, Group]


def roles(item: Item) -> frozenset[Role]:
    """Every role an item draws: its own, or for a group those of everything inside it."""
    if isinstance(item, Group):
        return frozenset().union(*(roles(i) for i in item.items))
    if isinstance(item, Drawn):
        return frozenset((item.role,))
    raise TypeError(f"not an item: {item!r}")


BOX_TOL = 1e-6  # mm: a box may touch the page's edge, rounding aside


@dataclass(frozen=True)
class Page:
    """A page of ``width`` × ``height`` mm (the paper the file holds: a PDF's MediaBox), its items,
    and what a print shop needs besides: ``trim``, the finished page after cutting, as (x, y, w, h)
    mm from the page's top-left corner (None: the whole page, as for every page a home printer
    prints), and ``bleed``, how far the print runs past the trim on every side for the cutter
    (0: none). The trim and its bleed lie on the page."""

    width: float
    height: float
    items: tuple[Item, ...]
    trim: tuple[float, float, float, float] | None = None
    bleed: float = 0.0

    def __post_init__(self) -> None:
        x, y, w, h = self.trim_box
        b = self.bleed
        if not (b >= 0 and w > 0 and h > 0):
            raise ValueError(f"page of {self.width:g} × {self.height:g} mm: trim {self.trim} and bleed {b!r} "
                             f"must be a rectangle and a length of no less than 0")
        if x - b < -BOX_TOL or y - b < -BOX_TOL or x + w + b > self.width + BOX_TOL \
                or y + h + b > self.height + BOX_TOL:
            raise ValueError(f"page of {self.width:g} × {self.height:g} mm: the trim {self.trim} with a bleed "
                             f"of {b:g} mm runs off the page")

    @property
    def trim_box(self) -> tuple[float, float, float, float]:
        """(x, y, w, h) of the finished page, mm from the page's top-left corner."""
        return self.trim if self.trim is not None else (0.0, 0.0, self.width, self.height)

    @property
    def bleed_box(self) -> tuple[float, float, float, float]:
        """(x, y, w, h) of the trim and its bleed: how far the print may run."""
        x, y, w, h = self.trim_box
        b = self.bleed
        return x - b, y - b, w + 2 * b, h + 2 * b

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
    # what a laser file says of its machine (DXF): the bed (its limits), and the colour numbers (ACI) the
    # machine's profile gives its colours (colour → 1-255; other colours take their standard number)
    bed: tuple[float, float] | None = None
    index_colours: Mapping[str, int] = field(default_factory=dict)
    # what a laser project says besides (LightBurn's .lbrn2): each named layer's settings (a model.Operation:
    # speed, power, passes, fill or line), and the project's notes (the kit, the material, printkit's version)
    settings: Mapping[str, object] = field(default_factory=dict)
    notes: str = ""
