"""What every check measures with: millimetres and their tolerance, the words of a line (sizes,
plurals), squares on a page and the sizes wanted of them, and 2D matrices (PDF and SVG alike)."""

from __future__ import annotations

import logging
from contextlib import contextmanager
from dataclasses import dataclass

MM = 25.4 / 72  # millimetres per PDF point
TOL = 0.01  # mm: sizes agree when they differ by no more than this
NEAR = 0.1  # a square within this share of a size is meant to be of that size (and is wrong if not within TOL)
SVG_NS = "{http://www.w3.org/2000/svg}"
INKSCAPE_NS = "{http://www.inkscape.org/namespaces/inkscape}"
LASER_LAYERS = {"engrave": "engrave", "score": "score", "inner cuts": "inner_cut", "outer cut": "cut"}
CUT_OPS = ("inner_cut", "cut")


def mm(v: float) -> str:
    """A length to the micrometre, without trailing zeros: 210, 20.5, 28.085."""
    text = f"{v:.3f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def size_text(w: float, h: float) -> str:
    return f"{mm(w)} × {mm(h)} mm"


def close(a: float, b: float, tol: float = TOL) -> bool:
    return abs(a - b) <= tol + 1e-9


def pair(value) -> tuple[float, float] | None:
    if isinstance(value, (list, tuple)) and len(value) == 2 and all(number(v) is not None for v in value):
        return float(value[0]), float(value[1])
    return None


def number(value) -> float | None:
    return float(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else None


def plural(n: int, one: str, many: str | None = None) -> str:
    return f"{n} {one if n == 1 else (many or one + 's')}"
    # other files (previews, a gallery) are checked for their bytes alone


@dataclass(frozen=True)
class Square:
    """A rectangle drawn on a page, in mm: its box on the page and its sides."""

    x0: float
    y0: float
    x1: float
    y1: float
    w: float
    h: float

    def contains(self, x: float, y: float) -> bool:
        return self.x0 <= x <= self.x1 and self.y0 <= y <= self.y1


@dataclass(frozen=True)
class Want:
    """The squares to count: their nominal side, and their sides as drawn, across and down the
    page (larger or smaller than nominal on pages compensated for a printer's scale)."""

    side: float
    w: float
    h: float

    @classmethod
    def of(cls, a: dict, key: str) -> "Want | None":
        """From the manifest's ``key`` (tile_mm, cell_mm) and ``drawn_KEY`` where the page is compensated."""
        side = number(a.get(key))
        if side is None:
            return None
        drawn = pair(a.get(f"drawn_{key}")) or (side, side)
        return cls(side, *drawn)

    def scaled(self, side: float) -> "Want":
        """Squares of another nominal side, drawn to the same scale."""
        return Want(side, side * self.w / self.side, side * self.h / self.side)

    def text(self) -> str:
        drawn = "" if self.w == self.h == self.side else f", drawn {size_text(self.w, self.h)} for the printer"
        return f"{self.side:.2f} mm{drawn}"


def sized(squares: list[Square], want: Want) -> tuple[list[Square], list[Square]]:
    """The squares of the size wanted (to TOL), and those nearly so but not (a tile or cell of the wrong size)."""
    exact, wrong = [], []
    near = NEAR * want.side
    for s in squares:
        if close(s.w, want.w) and close(s.h, want.h):
            exact.append(s)
        elif abs(s.w - want.w) <= near and abs(s.h - want.h) <= near:
            wrong.append(s)
    return exact, wrong


def count_line(what: str, n: int, want: Want, expected: int, wrong: list[Square], where: str = "") -> tuple[bool, str]:
    """Whether ``n`` squares of the size wanted and no wrong ones is what is expected; the line saying so."""
    good = n == expected and not wrong
    text = f"{plural(n, what)} of {want.text()}{where}"
    if not good:
        text += f", expected {expected}"
        if wrong:
            sizes = sorted({(round(s.w, 3), round(s.h, 3)) for s in wrong})
            text += (f"; {plural(len(wrong), 'square')} of another size ("
                     + ", ".join(size_text(w, h) for w, h in sizes[:3]) + ("…" if len(sizes) > 3 else "") + ")")
    return good, text


@contextmanager
def quiet(logger_name: str):
    """Hold back a library's warnings for a while: a damaged file is a FAIL line, not a warning."""
    logger = logging.getLogger(logger_name)
    level = logger.level
    logger.setLevel(logging.ERROR)
    try:
        yield
    finally:
        logger.setLevel(level)


def mul(a, b):
    """The product of two PDF matrices (a then b)."""
    return (a[0] * b[0] + a[1] * b[2], a[0] * b[1] + a[1] * b[3],
            a[2] * b[0] + a[3] * b[2], a[2] * b[1] + a[3] * b[3],
            a[4] * b[0] + a[5] * b[2] + b[4], a[4] * b[1] + a[5] * b[3] + b[5])


def apply(m, x: float, y: float) -> tuple[float, float]:
    return m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]


IDENTITY = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
