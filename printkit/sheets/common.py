"""What every printed page carries: a 50 mm scale bar, "print at 100 %", the kit's name and the
page number, in the kit's language; crop marks that stop short of the page edge; and the
kit's lettering (its three fonts and its words), which every sheet draws its text with."""

from __future__ import annotations

import unicodedata
from typing import Callable, TypeVar

from ..errors import PrintkitError
from ..fonts import Font, bold_for, default_regular, load, require, tile_text
from ..geometry import Item, Line, Rect, Role, Text
from ..model import Kit
from ..records import record
from ..text import TABLE, Words, words

SCALE_MM = 50.0  # length of the scale bar
FOOTER_MM = 12.0  # height kept free for the footer at the bottom of the printable area
LABEL_EM = 3.2  # em of footer text, mm (about 2.2 mm capitals)
MARK_GAP = 1.0  # crop marks start this far outside the cut line...
MARK_LEN = 4.0  # ...and are this long
MARK_ZONE = MARK_GAP + MARK_LEN
MARK_STROKE = 0.15
INK = "#000000"
T = TypeVar("T")


@record
class Lettering:
    """The fonts and words of one kit's sheets: ``letters`` for the tiles' letters and values;
    fonts for labels and titles (``bold``) and for the small print of every page (``small``), each
    the style's font first and a bundled one after it, so a text the style's font cannot draw (a
    Latin title in a capitals-only font) is drawn by the next that can; and the sentences of the
    kit's language (``say``)."""

    letters: Font
    bolds: tuple[Font, ...]
    smalls: tuple[Font, ...]
    say: Words

    def bold(self, text: str) -> Font:
        return _first(self.bolds, text)

    def small(self, text: str) -> Font:
        return _first(self.smalls, text)

    def width(self, text: str, em: float = LABEL_EM) -> float:
        """Width of ``text`` in small print of ``em`` mm."""
        font = self.small(text)
        return font.run_advance(text) * em / font.units

    def label(self, x: float, y: float, text: str, em: float = LABEL_EM, align: str = "left", fill: str = INK,
              tag: str = "label") -> Text:
        """A line of small print; ``y`` is its baseline, ``align`` left, centre or right of ``x``."""
        dx = {"left": 0.0, "centre": -self.width(text, em) / 2, "right": -self.width(text, em)}[align]
        return Text(x + dx, y, text, self.small(text), em, fill, role=Role.PRINT, tag=tag)

    def fitted(self, text: str, em: float, width: float) -> float:
        """``em``, or less if the text would be wider than ``width`` at that size."""
        w = self.width(text, em)
        return em if w <= width else em * width / w


def _first(fonts: tuple[Font, ...], text: str) -> Font:
    """The first font that draws all of ``text`` (the first of all if none does: ``require`` has
    stopped the build before that can matter)."""
    for f in fonts:
        if f.draws(text):
            return f
    return fonts[0]


def lettering(kit: Kit) -> Lettering:
    """The kit's fonts (from its style, with the bundled face that has its letters behind them) and words."""
    bundled = load(str(bold_for(tile_text(kit))))  # the bundled face that has every letter and digit of the tiles
    letters = load(kit.tile_style.font, kit.at("style.tile.font")) if kit.tile_style.font else bundled
    bold = load(kit.board_style.font, kit.at("style.board.font")) if kit.board_style.font else bundled
    regular = load(str(default_regular()))
    small = load(kit.page_style.font, kit.at("style.page.font")) if kit.page_style.font else regular
    return Lettering(letters=letters, bolds=_unique(bold, bundled, load(None)),
                     smalls=_unique(small, regular, letters, bundled), say=words(kit.language))


_ONCE: list[tuple[str, Kit, Lettering, object]] = []  # what was made for the last few kits (once)
ONCE_KEPT = 8


def once(what: str, kit: Kit, lt: Lettering, make: Callable[[], T]) -> T:
    """``make()``, made once for the same kit (the very object) and lettering (the same fonts and
    words): a sheet several products and the budget's estimate ask for alike (the board's sheet, the
    laser's kerf coupon). A mistake is raised each time, never kept."""
    for w, k, kept_lt, made in _ONCE:
        if w == what and k is kit and kept_lt == lt:
            return made  # type: ignore[return-value]
    made = make()
    _ONCE.append((what, kit, lt, made))
    del _ONCE[:-ONCE_KEPT]
    return made


def _unique(*fonts: Font) -> tuple[Font, ...]:
    out: list[Font] = []
    for f in fonts:
        if all(f.key != g.key for g in out):
            out.append(f)
    return tuple(out)


def require_words(kit: Kit, lt: Lettering) -> None:
    """Stop before drawing if no small-print font has every letter of the sheets' words in the
    kit's language (a Latin-only page font for a Russian kit, with the letters' font lacking them
    too), or of the kit's title."""
    language = lt.say.language
    for font, chars in _words_by_font(lt.smalls, language):
        require(font, chars, f"the sheets' words in '{language}'", kit.at("style.page.font"))
    require_text(kit, "title", kit.title, lt.smalls)


_WORDS: dict[tuple, list[tuple[int, str]]] = {}  # (the small-print fonts' keys, language): (font's index, chars)


def _words_by_font(smalls: tuple[Font, ...], language: str) -> list[tuple[Font, str]]:
    """The characters of the sheets' words in ``language``, by the small-print font that draws each
    sentence (the first that has all its letters); found once a process for the same fonts (every
    sheet of a build asks: 25 times)."""
    key = (tuple(f.key for f in smalls), language)
    found = _WORDS.get(key)
    if found is None:
        by_font: dict[int, set[str]] = {}
        for entry in TABLE.values():
            text = entry.get(language, entry["en"]).replace("|", "")
            by_font.setdefault(smalls.index(_first(smalls, text)), set()).update(text)
        found = [(i, "".join(sorted(chars))) for i, chars in by_font.items()]
        if len(_WORDS) > 64:  # a server's kits: a few fonts and languages
            _WORDS.clear()
        _WORDS[key] = found
    return [(smalls[i], chars) for i, chars in found]


def require_faces(kit: Kit, lt: Lettering) -> None:
    """Stop before drawing if no board font (``style.board.font``, then the bundled face) draws
    every tile face: the play sheets print the faces in it, and a face no font has would otherwise
    be found only while measuring its ink."""
    faces = "".join(sorted({ch for t in kit.distribution.tiles for ch in t.face}))
    require(lt.bold(faces), faces, f"the kit {kit.name}", kit.at("style.board.font"))


GAP = "   "  # between two texts on one line of the footer


def footer(lt: Lettering, width: float, height: float, margin: float, title: str, what: str, page: int,
           pages: int, note: str = "") -> list[Item]:
    """The scale bar at the bottom left, "print at 100 %" beside it, the kit, the product (``what``)
    and the page at the right, and a ``note`` (where the page goes) when there is room."""
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
    items.append(lt.label(x0, base, "0"))
    items.append(lt.label(x0 + SCALE_MM, base, lt.say("scale_mm", n=50), align="centre"))
    text_x = x0 + SCALE_MM + 8.0
    room = width - margin - text_x  # what is left beside the bar, for two lines of small print
    notes = [lt.say(key) for key in ("print_note_long", "print_note_medium", "print_note_short")]
    short = lt.say("page_of", page=page, pages=pages)
    right = lt.say("footer", title=title, what=f"{what} · {short}")
    small = LABEL_EM * 0.7
    fits = lambda *texts: lt.width(GAP.join(texts), small) <= room  # noqa: E731
    # The kit and the product always print when they fit: the note gives way first, moving up beside
    # "print at 100 %", then dropping out (a sheet without its set's name is a sheet of nobody's set).
    line1 = next((n for n in notes if lt.width(n, small) <= room), notes[-1])
    up = ""  # the note on the first line, at the right
    if note and fits(note, right):
        parts = [note, right]
    elif fits(right):
        parts = [right]
        up_line1 = next((n for n in notes if note and lt.width(GAP.join((n, note))) <= room), None) or \
            next((n for n in notes if note and fits(n, note)), None)  # at the usual size if one does, else smaller
        if up_line1 is not None:
            line1, up = up_line1, note
    else:
        parts = [short]
    items.append(lt.label(text_x, bar_y + bar_h, line1, em=_fit(lt, room, GAP.join((line1, up)) if up else line1),
                          tag="print-note"))
    if up:
        items.append(lt.label(width - margin, bar_y + bar_h, up, em=_fit(lt, room, GAP.join((line1, up))),
                              align="right", tag="page-note"))
    em = _fit(lt, room, GAP.join(parts))
    items.append(lt.label(width - margin, base, parts[-1], em=em, align="right", tag="page-label"))
    if len(parts) == 2:
        items.append(lt.label(text_x, base, parts[0], em=em, tag="page-note"))
    return items


def _fit(lt: Lettering, room: float, text: str) -> float:
    """The em for ``text`` to fit ``room`` mm: the usual size, or smaller down to 70 % of it."""
    width = lt.width(text)
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


def require_text(kit: Kit, key: str, text: str, fonts: tuple[Font, ...]) -> None:
    """Stop before drawing if the kit's text ``key`` (the title, a label…) holds a character that
    cannot be printed, or if no font of ``fonts`` draws all of it; the message points at the option
    and names what the first font lacks."""
    for ch in text:
        if unicodedata.category(ch) in ("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"):
            name = unicodedata.name(ch, "a control character").lower()
            raise PrintkitError(f"{kit.at(key)}: '{key}' contains U+{ord(ch):04X} ({name}), which cannot be "
                                f"printed: remove it")
    require(_first(fonts, text), text, f"the text of '{key}'", kit.at(key))
