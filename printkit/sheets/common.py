"""What every printed page carries: a 50 mm scale bar, "print at 100 %", the kit's name and the
page number; and crop marks that stop short of the page edge."""

from __future__ import annotations

import unicodedata

from ..errors import PrintkitError
from ..fonts import Font, label_font, require
from ..geometry import Item, Line, Rect, Role, Text
from ..model import Kit

SCALE_MM = 50.0  # length of the scale bar
FOOTER_MM = 12.0  # height kept free for the footer at the bottom of the printable area
LABEL_EM = 3.2  # em of footer text, mm (about 2.2 mm capitals)
MARK_GAP = 1.0  # crop marks start this far outside the cut line...
MARK_LEN = 4.0  # ...and are this long
MARK_ZONE = MARK_GAP + MARK_LEN
MARK_STROKE = 0.15
INK = "#000000"


def text_width(text: str, em: float = LABEL_EM) -> float:
    font = label_font()
    return font.run_advance(text) * em / font.units


def label(x: float, y: float, text: str, em: float = LABEL_EM, align: str = "left", fill: str = INK,
          tag: str = "label") -> Text:
    """A line of small print; ``y`` is its baseline, ``align`` left, centre or right of ``x``."""
    width = text_width(text, em)
    dx = {"left": 0.0, "centre": -width / 2, "right": -width}[align]
    return Text(x + dx, y, text, label_font(), em, fill, role=Role.PRINT, tag=tag)


def footer(width: float, height: float, margin: float, title: str, page: int, pages: int,
           note: str = "") -> list[Item]:
    """The scale bar at the bottom left, "print at 100 %" beside it, the kit and page at the right."""
    bottom = height - margin
    bar_y = bottom - FOOTER_MM + 1.0
    bar_h = 2.0
    x0 = margin
    items: list[Item] = [Rect(x0, bar_y, SCALE_MM, bar_h, fill=None, stroke=INK, stroke_mm=0.2, role=Role.PRINT,
                              tag="scale-bar")]
    for i in range(0, 5, 2):  # alternate black 10 mm segments, as on a map
        items.append(Rect(x0 + i * 10.0, bar_y, 10.0, bar_h, fill=INK, role=Role.PRINT, tag="scale-segment"))
    for i in range(6):
        items.append(Line(x0 + i * 10.0, bar_y + bar_h, x0 + i * 10.0, bar_y + bar_h + 1.2, INK, 0.2,
                          role=Role.PRINT, tag="scale-tick"))
    base = bottom - 1.0
    items.append(label(x0, base, "0"))
    items.append(label(x0 + SCALE_MM, base, "50 mm", align="centre"))
    text_x = x0 + SCALE_MM + 8.0
    room = width - margin - text_x  # what is left beside the bar, for two lines of small print
    notes = ("Print at 100 % / actual size: this bar must measure 50 mm",
             "Print at 100 %: the bar must measure 50 mm", "Print at 100 %")
    line1 = next((n for n in notes if text_width(n, LABEL_EM * 0.7) <= room), notes[-1])
    items.append(label(text_x, bar_y + bar_h, line1, em=_fit(room, line1), tag="print-note"))
    short = f"page {page} of {pages}"
    right = f"{title} · {short}"
    choices = ([note, right], [note, short]) if note else ()
    parts = next((c for c in (*choices, [right], [short]) if text_width("   ".join(c), LABEL_EM * 0.7) <= room),
                 [short])
    em = _fit(room, "   ".join(parts))
    items.append(label(width - margin, base, parts[-1], em=em, align="right", tag="page-label"))
    if len(parts) == 2:
        items.append(label(text_x, base, parts[0], em=em, tag="page-note"))
    return items


def _fit(room: float, text: str) -> float:
    """The em for ``text`` to fit ``room`` mm: the usual size, or smaller down to 70 % of it."""
    width = text_width(text)
    return LABEL_EM if width <= room else max(LABEL_EM * 0.7, LABEL_EM * room / width)


def crop_marks(xs: list[float], ys: list[float], left: float, top: float, right: float,
               bottom: float) -> list[Item]:
    """Short marks outside the box (left, top, right, bottom) in line with each cut: vertical cuts
    at ``xs``, horizontal cuts at ``ys``."""
    items: list[Item] = []
    a, b = MARK_GAP, MARK_ZONE
    for x in xs:
        items.append(Line(x, top - b, x, top - a, INK, MARK_STROKE, role=Role.GUIDE, tag="crop"))
        items.append(Line(x, bottom + a, x, bottom + b, INK, MARK_STROKE, role=Role.GUIDE, tag="crop"))
    for y in ys:
        items.append(Line(left - b, y, left - a, y, INK, MARK_STROKE, role=Role.GUIDE, tag="crop"))
        items.append(Line(right + a, y, right + b, y, INK, MARK_STROKE, role=Role.GUIDE, tag="crop"))
    return items


def require_text(kit: Kit, key: str, text: str, *fonts: Font) -> None:
    """Stop before drawing if the kit's text ``key`` (the title, a label…) holds a character that
    cannot be printed, or one that a font drawing it lacks; the message points at the option."""
    for ch in text:
        if unicodedata.category(ch) in ("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"):
            name = unicodedata.name(ch, "a control character").lower()
            raise PrintkitError(f"{kit.at(key)}: '{key}' contains U+{ord(ch):04X} ({name}), which cannot be "
                                f"printed: remove it")
    for font in fonts:
        require(font, text, f"the text of '{key}'", kit.at(key))
