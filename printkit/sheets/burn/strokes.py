"""Single-stroke letters: centre lines to trace with a burning pen or draw with a pen plotter, from
the Hershey fonts of the optional package hershey-fonts (``pip install 'printkit[burn]'``).

Hershey's two Cyrillic fonts are keyed on ASCII: ``cyrilc_1`` holds А…Щ on A…Z in alphabet order
and stops there; ``cyrillic`` holds the whole alphabet, scrambled, so Ъ Ы Ь Э Ю Я come from it.
Latin letters and digits come from ``timesr`` (Hershey's Roman complex: the same design as the
Cyrillic complex, stroke for stroke in the letters they share). Neither has Ё Ґ Є І Ї, nor the
Latin letters with marks of the shipped kits: those are composed here from strokes of other glyphs.

Glyphs are in Hershey units: x from the glyph's centre, y down, capitals from CAP_LINE to BASELINE.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from ...errors import PrintkitError
from ...geometry import Path, Role

CAP_LINE, BASELINE = -12.0, 9.0
CAP = BASELINE - CAP_LINE  # the capitals' height, Hershey units
INSTALL = "pip install 'printkit[burn]'"

Point = tuple[float, float]
Stroke = tuple[Point, ...]

CYRILLIC_ORDERED = "АБВГДЕЖЗИЙКЛМНОПРСТУФХЦЧШЩ"  # cyrilc_1, on A…Z
CYRILLIC_SCRAMBLED = {"Ъ": "]", "Ы": "$", "Ь": "_", "Э": "C", "Ю": "U", "Я": "^"}  # cyrillic, where it keeps them
LATIN = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"  # timesr, on themselves
MARKS_FROM = {"ʼ": ("cyrilc_1", "'"), "'": ("cyrilc_1", "'"), "’": ("cyrilc_1", "'"), "-": ("timesr", "-")}


@dataclass(frozen=True)
class Glyph:
    """Strokes (polylines) and the advance box ``left``…``right`` of one letter, Hershey units."""

    strokes: tuple[Stroke, ...]
    left: float
    right: float

    def box(self) -> tuple[float, float, float, float]:
        """Ink box (x0, y0, x1, y1), y down."""
        xs = [x for s in self.strokes for x, _ in s]
        ys = [y for s in self.strokes for _, y in s]
        return min(xs), min(ys), max(xs), max(ys)

    @property
    def centre(self) -> float:
        x0, _, x1, _ = self.box()
        return (x0 + x1) / 2

    def plus(self, *strokes: Stroke) -> "Glyph":
        return Glyph(self.strokes + tuple(strokes), self.left, self.right)


def require_hershey(where: str = "burn.letters") -> None:
    """Stop, in one line saying what to install, if the optional package is missing."""
    try:
        import HersheyFonts  # noqa: F401
    except ImportError:
        raise PrintkitError(f"{where}: single-stroke letters need the package hershey-fonts, which is not "
                            f"installed: {INSTALL}") from None


@lru_cache(maxsize=None)
def _font(name: str) -> dict[str, Glyph]:
    from HersheyFonts import HersheyFonts

    font = HersheyFonts()
    font.load_default_font(name)
    out = {}
    for key, g in font.all_glyphs.items():
        strokes = tuple(tuple((float(x), float(y)) for x, y in s) for s in g.strokes if len(s) > 1)
        out[key] = Glyph(strokes, float(g.left_offset), float(g.left_offset + g.char_width))
    return out


def _shift(strokes, dx: float = 0.0, dy: float = 0.0, k: float = 1.0) -> tuple[Stroke, ...]:
    return tuple(tuple((x * k + dx, y * k + dy) for x, y in s) for s in strokes)


def _mark(font: str, key: str, cx: float, cy: float, k: float = 1.0) -> tuple[Stroke, ...]:
    """A glyph's strokes (a dot, a tilde) ``k`` times its size, its ink box centred on (cx, cy)."""
    g = _font(font)[key]
    x0, y0, x1, y1 = g.box()
    return _shift(g.strokes, cx - (x0 + x1) / 2 * k, cy - (y0 + y1) / 2 * k, k)


DOTS_Y = CAP_LINE - 4.0  # centre of the dots over a capital (Ё Ї Ä Ö Ü Ż)
DOTS_APART = 8.0
DOT_SIZE = 1.5  # times Hershey's full stop: dots a burning pen can follow


def dots(g: Glyph, n: int = 2) -> Glyph:
    """The letter with ``n`` dots (1 or 2) over its ink box: Ё from Е, Ї from І, Ż from Z."""
    cx = g.centre
    xs = (cx,) if n == 1 else (cx - DOTS_APART / 2, cx + DOTS_APART / 2)
    return g.plus(*(s for x in xs for s in _mark("cyrilc_1", ".", x, DOTS_Y, DOT_SIZE)))


def upturn(g: Glyph) -> Glyph:
    """Ґ from Г: the serif that hangs down from the right end of the top bar turned up instead."""
    i = max(range(len(g.strokes)), key=lambda j: max(x for x, _ in g.strokes[j]))
    bar = tuple((x, 2 * CAP_LINE - y if y > CAP_LINE else y) for x, y in g.strokes[i])
    return Glyph(g.strokes[:i] + (bar,) + g.strokes[i + 1:], g.left, g.right)


def barred(c: Glyph, bar_from: Glyph) -> Glyph:
    """Є from С: С with the middle bar of Э (``bar_from``), mirrored to start at С's inner left."""
    bar = min(bar_from.strokes, key=len)  # Э's only two-point stroke
    (ax, y), (bx, _) = bar
    x0, _, x1, _ = c.box()
    inner = x0 + 1.0  # С's bowl is two strokes thick at the left
    return c.plus(((inner, y), (inner + abs(bx - ax), y)))


def acute(g: Glyph) -> Glyph:
    """Ć Ń Ó Ś Ź: a short rising stroke over the letter's centre."""
    cx = g.centre + 1.0
    return g.plus(((cx - 2.0, CAP_LINE - 2.0), (cx + 2.0, CAP_LINE - 6.0)),
                  ((cx - 1.5, CAP_LINE - 2.0), (cx + 2.5, CAP_LINE - 6.0)))


def tilde(g: Glyph) -> Glyph:
    """Ñ: Hershey's tilde, half its size, over the letter."""
    return g.plus(*_mark("timesr", "~", g.centre, DOTS_Y, 0.5))


def slash(g: Glyph) -> Glyph:
    """Ł from L: a rising stroke across the stem (the leftmost upright)."""
    stem = min(x for s in g.strokes for x, y in s if len(s) == 2 and s[0][0] == s[1][0])
    return g.plus(((stem - 3.5, 1.0), (stem + 4.5, -5.0)))


def ogonek(g: Glyph) -> Glyph:
    """Ą Ę: a small hook under the right foot, turning to the right."""
    x1 = g.box()[2] - 2.0
    hook = ((0.0, 0.0), (-1.4, 1.2), (-2.0, 2.6), (-1.6, 4.0), (-0.4, 4.8), (1.0, 4.8), (2.0, 4.2))
    return g.plus(tuple((x1 + x, BASELINE + y) for x, y in hook))


def _table() -> dict[str, Glyph]:
    """Every letter, digit and mark there are strokes for, by Unicode character."""
    ordered, scrambled, roman = _font("cyrilc_1"), _font("cyrillic"), _font("timesr")
    out: dict[str, Glyph] = {}
    for letter, key in zip(CYRILLIC_ORDERED, "ABCDEFGHIJKLMNOPQRSTUVWXYZ"):
        out[letter] = ordered[key]
    for letter, key in CYRILLIC_SCRAMBLED.items():
        out[letter] = scrambled[key]
    for ch in LATIN:
        out[ch] = roman[ch]
    for ch, (font, key) in MARKS_FROM.items():
        out[ch] = _font(font)[key]
    out["І"] = roman["I"]
    out["Ё"] = dots(out["Е"])
    out["Ї"] = dots(out["І"])
    out["Ґ"] = upturn(out["Г"])
    out["Є"] = barred(ordered["R"], out["Э"])  # cyrilc_1 R is С
    for ch, base in zip("ÄÖÜ", "AOU"):
        out[ch] = dots(out[base])
    for ch, base in zip("ĆŃÓŚŹ", "CNOSZ"):
        out[ch] = acute(out[base])
    out["Ż"] = dots(out["Z"], 1)
    out["Ñ"] = tilde(out["N"])
    out["Ł"] = slash(out["L"])
    out["Ą"], out["Ę"] = ogonek(out["A"]), ogonek(out["E"])
    return out


@lru_cache(maxsize=1)
def glyphs() -> dict[str, Glyph]:
    """The Unicode map (read once; :func:`require_hershey` first)."""
    return _table()


def missing(text: str) -> str:
    """The characters of ``text`` (spaces aside) that have no strokes, each once, in order."""
    table = glyphs()
    return "".join(dict.fromkeys(ch for ch in text if ch != " " and ch not in table))


def run(text: str) -> Glyph:
    """``text`` laid out by the glyphs' advances, as one glyph (x from the run's start)."""
    table = glyphs()
    strokes: list[Stroke] = []
    pen = 0.0
    for ch in text:
        if ch == " ":
            pen += table["I"].right - table["I"].left
            continue
        g = table[ch]
        strokes.extend(_shift(g.strokes, pen - g.left))
        pen += g.right - g.left
    return Glyph(tuple(strokes), 0.0, pen)


@dataclass(frozen=True)
class Placed:
    """A run of strokes on the page, in mm: polylines and their ink box (x0, y0, x1, y1)."""

    strokes: tuple[Stroke, ...]
    box: tuple[float, float, float, float]

    @property
    def width(self) -> float:
        return self.box[2] - self.box[0]

    def moved(self, dx: float, dy: float) -> "Placed":
        x0, y0, x1, y1 = self.box
        return Placed(tuple(tuple((round(x + dx, 4), round(y + dy, 4)) for x, y in s) for s in self.strokes),
                      (x0 + dx, y0 + dy, x1 + dx, y1 + dy))

    def squashed(self, baseline: float, depth: float) -> "Placed":
        """The same strokes with what hangs below ``baseline`` (the tails of Д Ц Щ) made ``depth`` mm
        deep at most, pressed up towards the baseline; nothing else moves."""
        x0, y0, x1, y1 = self.box
        if y1 - baseline <= depth:
            return self
        k = max(depth, 0.0) / (y1 - baseline)
        strokes = tuple(tuple((x, round(baseline + (y - baseline) * k, 4) if y > baseline else y) for x, y in s)
                        for s in self.strokes)
        return Placed(strokes, (x0, y0, x1, baseline + max(depth, 0.0)))

    def path(self, stroke: str, stroke_mm: float, role: Role, tag: str) -> Path:
        """The strokes as one open path: stroked, never filled."""
        commands = tuple((op, x, y) for s in self.strokes for op, (x, y) in zip(("M",) + ("L",) * (len(s) - 1), s))
        return Path(commands, fill=None, stroke=stroke, stroke_mm=stroke_mm, role=role, tag=tag)


def place(text: str, cap_mm: float, x: float, baseline: float, anchor: str = "centre") -> Placed:
    """``text`` with capitals ``cap_mm`` high on ``baseline``; its ink box's centre (``anchor``
    "centre"), left side ("left") or right side ("right") at ``x``."""
    g = run(text)
    k = cap_mm / CAP
    x0, y0, x1, y1 = g.box()
    ref = {"centre": (x0 + x1) / 2, "left": x0, "right": x1}[anchor]
    dx, dy = x - ref * k, baseline - BASELINE * k
    strokes = tuple(tuple((round(px * k + dx, 4), round(py * k + dy, 4)) for px, py in s) for s in g.strokes)
    return Placed(strokes, (x0 * k + dx, y0 * k + dy, x1 * k + dx, y1 * k + dy))
