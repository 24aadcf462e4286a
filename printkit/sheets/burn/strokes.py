"""Single-line letters: centre lines to trace with a burning pen or draw with a pen plotter, each
part of a letter one line (never two side by side, as Hershey's "complex" faces draw a stem).

Latin letters and digits are Hershey's simplex Roman, ``futural`` of the optional package
hershey-fonts (the extra ``printkit-tiles[burn]``): one line per stroke; Greek capitals are its simplex
Greek (``greek``), drawn on the same grid. Hershey has no simplex
Cyrillic: the Cyrillic letters that look like Latin ones (А В Е К М Н О Р С Т Х І) are futural's,
the others are printkit's own single-line design on the same grid (cyrillic.py). The letters with
marks are composed here on those bases, each mark one short line: the dots of Ё Ї Ä Ö Ü Ż İ, the
acute of Á Ć É Í Ĺ Ń Ó Ŕ Ś Ú Ý Ź (two for Hungarian Ő Ű), the caron of Č Ď Ě Ň Ř Š Ť Ž (beside the stem
of Ľ), the circumflex of Â Î Ô Û, the breve of Ă Ğ, the ring of Å Ů, the cedilla of Ç Ş, the tilde of
Ñ, the stroke of Ł, the bar of Đ, the slash of Ø, the ogonek of Ą Ę, the bar of Є; Catalan L·L's dot; and Æ,
printkit's own (A's leg and bar on E).

Glyphs are in Hershey units: x from the glyph's centre, y down, capitals from CAP_LINE to BASELINE.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from ...geometry import Path, Role
from .cyrillic import LETTERS as OWN_CYRILLIC

CAP_LINE, BASELINE = -12.0, 9.0
CAP = BASELINE - CAP_LINE  # the capitals' height, Hershey units
FACE = "futural"  # Hershey's simplex Roman (rowmans holds the same capitals and digits)

Point = tuple[float, float]
Stroke = tuple[Point, ...]

LATIN = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-"  # futural, on themselves
SHARED = dict(zip("АВЕКМНОРСТХІ", "ABEKMHOPCTXI"))  # Cyrillic letters drawn as the Latin ones
# Greek capitals: Hershey's simplex Greek (``greek``), on the same grid, each on the Latin key it is kept under
# (Υ is simplex Roman's Y: the simplex Greek one has curled arms, where the printed faces have straight ones)
GREEK = dict(zip("ΑΒΓΔΕΖΗΘΙΚΛΜΝΞΟΠΡΣΤΦΧΨΩ", "ABGDEZHQIKLMNXOPRSTFCYW"))
GREEK_FACE = "greek"
APOSTROPHES = "ʼ'’"  # the Ukrainian apostrophe (a letter of its alphabet) and the two a kit may write


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


# Æ (Norwegian, Danish): printkit's own, on the simplex grid: A's left leg up to E's stem, A's bar between them,
# E's three arms; each line once
ASH = Glyph((((-9.0, 9.0), (0.0, -12.0), (9.0, -12.0)), ((0.0, -12.0), (0.0, 9.0), (9.0, 9.0)),
             ((0.0, -2.0), (7.0, -2.0)), ((-6.0, 2.0), (0.0, 2.0))), -11.0, 11.0)


def _shift(strokes, dx: float = 0.0, dy: float = 0.0) -> tuple[Stroke, ...]:
    return tuple(tuple((x + dx, y + dy) for x, y in s) for s in strokes)


# -- marks: each one short line, over (or under) the letter's ink -------------------------------------

DOTS_Y = CAP_LINE - 4.0  # centre of the dots over a capital (Ё Ї Ä Ö Ü Ż)
DOTS_APART = 8.0
DOT = ((0.0, -0.75), (0.0, 0.75))  # a dot is a dash 1.5 units long: a pen's touch, never a small loop
TILDE = ((-5, -15.5), (-4, -16.25), (-3, -16.5), (-2, -16.5), (-1, -16.25), (0, -15.5), (1, -14.75), (2, -14.5),
         (3, -14.5), (4, -14.75), (5, -15.5))  # one wave, 2 units high, over the letter's centre
ACUTE = ((-1.5, -14.5), (2.0, -18.0))  # rising to the right, over the centre
# down and back
OGONEK = ((0.0, 0.0), (-1.75, 1.5), (-2.75, 3.25), (-2.75, 4.75), (-1.75, 5.75), (-0.25, 6.0), (1.0, 5.5))
CARON = ((-3.0, -17.5), (0.0, -14.5), (3.0, -17.5))  # a v over the centre, one line
CIRCUMFLEX = ((-3.0, -14.5), (0.0, -17.5), (3.0, -14.5))  # a roof over the centre
BREVE = ((-3.0, -17.5), (-2.25, -15.5), (0.0, -14.5), (2.25, -15.5), (3.0, -17.5))  # a cup over the centre
DOUBLE_APART = 2.5  # Ő Ű: the two acutes this far either side of the centre
RING_R, RING_Y = 2.75, -16.75  # Å Ů: a ring over the centre, wide enough to stay open at a 9 mm tile's size
# down from the foot and curling back under it, as a 5's tail
CEDILLA = ((0.0, 9.0), (0.0, 10.75), (1.5, 11.0), (2.5, 12.0), (2.25, 13.25), (1.0, 14.0), (-1.25, 14.0))
IE_BAR = 9.5  # Є: the bar from С's inner left, as long as Э's is short of its bowl
IE_BAR_Y = -1.5


def dots(g: Glyph, n: int = 2) -> Glyph:
    """The letter with ``n`` dots (1 or 2) over its ink box: Ё from Е, Ї from І, Ż from Z."""
    cx = g.centre
    xs = (cx,) if n == 1 else (cx - DOTS_APART / 2, cx + DOTS_APART / 2)
    return g.plus(*(_shift((DOT,), x, DOTS_Y)[0] for x in xs))


def barred(c: Glyph) -> Glyph:
    """Є from С: a bar across the middle, from the bowl's inner left to the right."""
    left = min(x for s in c.strokes for x, y in s if abs(y - IE_BAR_Y) <= 3)
    return c.plus(((left, IE_BAR_Y), (left + IE_BAR, IE_BAR_Y)))


def acute(g: Glyph) -> Glyph:
    """Ć Ń Ó Ś Ź: one short rising line over the letter's centre."""
    return g.plus(_shift((ACUTE,), g.centre + 0.5)[0])


def double_acute(g: Glyph) -> Glyph:
    """Ő Ű: two acutes side by side."""
    return g.plus(*(_shift((ACUTE,), g.centre + 0.5 + dx)[0] for dx in (-DOUBLE_APART, DOUBLE_APART)))


def over(g: Glyph, mark: Stroke) -> Glyph:
    """The letter with ``mark`` (a caron, a circumflex, a breve) over its centre."""
    return g.plus(_shift((mark,), g.centre)[0])


def ring(g: Glyph) -> Glyph:
    """Å Ů: a small closed ring over the letter's centre."""
    import math

    cx = g.centre
    pts = tuple((round(cx + RING_R * math.sin(2 * math.pi * k / 12), 4),
                 round(RING_Y - RING_R * math.cos(2 * math.pi * k / 12), 4)) for k in range(13))
    return g.plus(pts)


def cedilla(g: Glyph) -> Glyph:
    """Ç Ş: a hook down from the letter's foot at its centre."""
    return g.plus(_shift((CEDILLA,), g.centre)[0])


def caron_beside(g: Glyph) -> Glyph:
    """Ľ: the capital's caron is a short stroke beside the top of its stem, as an apostrophe."""
    stem = min(x for s in g.strokes for x, y in s if len(s) == 2 and s[0][0] == s[1][0])
    return g.plus(((stem + 4.5, -12.0), (stem + 3.5, -8.5)))


def stroked(g: Glyph) -> Glyph:
    """Ø from O: one line across the bowl, rising to the right."""
    x0, y0, x1, y1 = g.box()
    return g.plus(((x0 - 1.0, y1 + 1.0), (x1 + 1.0, y0 - 1.0)))


def tilde(g: Glyph) -> Glyph:
    """Ñ: one wave over the letter."""
    return g.plus(_shift((TILDE,), g.centre)[0])


def slash(g: Glyph) -> Glyph:
    """Ł from L: a rising line across the stem (the leftmost upright)."""
    stem = min(x for s in g.strokes for x, y in s if len(s) == 2 and s[0][0] == s[1][0])
    return g.plus(((stem - 3.5, 0.5), (stem + 4.0, -5.0)))


def crossbar(g: Glyph) -> Glyph:
    """Đ from D: a level bar across the stem at mid-height, longer on the outer side."""
    stem = min(x for s in g.strokes for x, y in s if len(s) == 2 and s[0][0] == s[1][0])
    mid = (CAP_LINE + BASELINE) / 2
    return g.plus(((stem - 3.0, mid), (stem + 4.0, mid)))


def ogonek(g: Glyph, at: float) -> Glyph:
    """Ą Ę: a small hook hanging from the baseline at x = ``at``, curling back to the right."""
    return g.plus(_shift((OGONEK,), at, BASELINE)[0])


def _table() -> dict[str, Glyph]:
    """Every letter, digit and mark there are strokes for, by Unicode character."""
    simplex = _font(FACE)
    out: dict[str, Glyph] = {ch: simplex[ch] for ch in LATIN}
    for letter, latin in SHARED.items():
        out[letter] = simplex[latin]
    greek = _font(GREEK_FACE)
    for letter, key in GREEK.items():
        out[letter] = greek[key]
    out["Υ"] = simplex["Y"]
    out["Æ"] = ASH
    for letter, (left, right, strokes) in OWN_CYRILLIC.items():
        out[letter] = Glyph(tuple(tuple((float(x), float(y)) for x, y in s) for s in strokes), float(left),
                            float(right))
    for ch in APOSTROPHES:
        out[ch] = out["ʼ"]
    out["Ё"] = dots(out["Е"])
    out["Ї"] = dots(out["І"])
    out["Є"] = barred(out["С"])
    for ch, base in zip("ÄÖÜ", "AOU"):
        out[ch] = dots(out[base])
    for ch, base in zip("ÁĆÉÍĹŃÓŔŚÚÝŹ", "ACEILNORSUYZ"):
        out[ch] = acute(out[base])
    for ch, base in zip("ŐŰ", "OU"):
        out[ch] = double_acute(out[base])
    for marks, bases, mark in (("ČĎĚŇŘŠŤŽ", "CDENRSTZ", CARON), ("ÂÎÔÛ", "AIOU", CIRCUMFLEX), ("ĂĞ", "AG", BREVE)):
        for ch, base in zip(marks, bases):
            out[ch] = over(out[base], mark)
    for ch, base in zip("ÅŮ", "AU"):
        out[ch] = ring(out[base])
    for ch, base in zip("ÇŞ", "CS"):
        out[ch] = cedilla(out[base])
    out["Ľ"] = caron_beside(out["L"])
    out["Ø"] = stroked(out["O"])
    out["İ"] = dots(out["I"], 1)
    out["·"] = Glyph((_shift((DOT,), 0.0, -1.5)[0],), -3.0, 3.0)  # Catalan L·L: a dot at mid-height
    out["Ż"] = dots(out["Z"], 1)
    out["Ñ"] = tilde(out["N"])
    out["Ł"] = slash(out["L"])
    out["Đ"] = crossbar(out["D"])
    out["Ą"] = ogonek(out["A"], out["A"].box()[2])  # from the right foot
    out["Ę"] = ogonek(out["E"], out["E"].box()[2] - 3.0)  # under the foot bar, near its right end
    return out


@lru_cache(maxsize=1)
def glyphs() -> dict[str, Glyph]:
    """The Unicode map (read once; :data:`printkit.needs.SINGLE_LINE` required first)."""
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
