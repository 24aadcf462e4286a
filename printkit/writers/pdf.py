"""PDF writer (reportlab): pages of geometry → one PDF, millimetres turned into points only here.

Text is real text in the embedded, subset TrueType font. ``invariant=1`` keeps the bytes the same
from run to run (no timestamps, fixed document id); fonts are registered under names made from
their files' bytes, so nothing a process did before changes what this document embeds. A PDF
page is one layer of ink drawn in order, so roles do not sort items here and a group may hold
several. Every page states its TrimBox and BleedBox as the page says (the whole page for a home
printer's page; the finished size and the bleed around it for a print shop's); the MediaBox is the
page. It refuses, rather than drop, a document without pages, a path command it does not know
and an item it cannot draw.
"""

from __future__ import annotations

import io
import os
import threading
from collections import OrderedDict
from functools import lru_cache
from pathlib import Path
from typing import BinaryIO

from reportlab.lib.colors import HexColor
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

from .. import __version__
from ..geometry import COMMANDS, Circle, Document, Group, Line, Path as GPath, Rect, Text
from .errors import WriterError

PT = 72.0 / 25.4  # points per millimetre

# reportlab's colour for a "#rrggbb" text, parsed once (a page sets a colour for every item: 11 000 a build)
_colour = lru_cache(maxsize=256)(HexColor)

MAX_REGISTERED = 32  # fonts kept in reportlab's registry (process-wide); the least recently used go first
_registered: OrderedDict[str, None] = OrderedDict()
_lock = threading.Lock()


def _register(font) -> str:
    """Register a font file in reportlab under its content key (``font.key``), its embedded
    PostScript name made from its bytes too (``font.embed_name``): reportlab merges fonts that share
    a PostScript name, and these never do, whatever was registered before. Returns the key."""
    with _lock:
        if font.key in _registered:
            _registered.move_to_end(font.key)
            return font.key
        if font.key not in pdfmetrics.getRegisteredFontNames():
            pdfmetrics.registerFont(TTFont(font.key, io.BytesIO(font.embeddable_bytes()), asciiReadable=1))
        _registered[font.key] = None
        while len(_registered) > MAX_REGISTERED:
            _unregister(_registered.popitem(last=False)[0])
    return font.key


def _unregister(key: str) -> None:
    """Take a font out of reportlab's registry again (the font, its face and its family mapping)."""
    try:
        pdfmetrics.getFont(key).unregister()
    except KeyError:
        return
    from reportlab.lib import fonts as families

    for bold in (0, 1):
        for italic in (0, 1):
            getattr(families, "_tt2ps_map", {}).pop((key.lower(), bold, italic), None)
    getattr(families, "_ps2tt_map", {}).pop(key.lower(), None)


def _fonts(doc: Document) -> dict:
    """The registered name of every font the document draws text with."""
    used = {item.font for page in doc.pages for item, _, _ in page.walk() if isinstance(item, Text)}
    return {font: _register(font) for font in sorted(used, key=lambda f: f.key)}


class _Painter:
    def __init__(self, canvas: Canvas, height_mm: float, fonts: dict):
        self.c = canvas
        self.h = height_mm
        self.fonts = fonts

    def y(self, y_mm: float) -> float:
        return (self.h - y_mm) * PT

    def paint(self, items) -> None:
        for item in items:
            draw = self.DRAW.get(type(item))
            if draw is None:
                raise WriterError(f"PDF: cannot write {item!r}")
            draw(self, item)

    def _style(self, fill, stroke, width) -> tuple[int, int]:
        if fill:
            self.c.setFillColor(_colour(fill))
        if stroke:
            self.c.setStrokeColor(_colour(stroke))
            self.c.setLineWidth(width * PT)
        return (1 if fill else 0), (1 if stroke and width > 0 else 0)

    def rect(self, r: Rect) -> None:
        fill, stroke = self._style(r.fill, r.stroke, r.stroke_mm)
        if fill or stroke:
            self.c.rect(r.x * PT, self.y(r.y + r.h), r.w * PT, r.h * PT, stroke=stroke, fill=fill)

    def line(self, ln: Line) -> None:
        self._style(None, ln.stroke, ln.stroke_mm)
        self.c.line(ln.x1 * PT, self.y(ln.y1), ln.x2 * PT, self.y(ln.y2))

    def circle(self, ci: Circle) -> None:
        fill, stroke = self._style(ci.fill, ci.stroke, ci.stroke_mm)
        self.c.circle(ci.cx * PT, self.y(ci.cy), ci.r * PT, stroke=stroke, fill=fill)

    def path(self, p: GPath) -> None:
        fill, stroke = self._style(p.fill, p.stroke, p.stroke_mm)
        path = self.c.beginPath()
        start = here = (0.0, 0.0)  # where the subpath began, and the current point (mm)
        for cmd in p.commands:
            op, args = cmd[0], cmd[1:]
            if COMMANDS.get(op) != len(args):
                raise WriterError(f"PDF: path command {cmd!r} is not one of {', '.join(COMMANDS)} with its points")
            if op == "M":
                path.moveTo(args[0] * PT, self.y(args[1]))
                start = here = args
            elif op == "L":
                path.lineTo(args[0] * PT, self.y(args[1]))
                here = args
            elif op == "Q":  # the same curve as a cubic: control points 2/3 of the way to the quadratic's
                (x0, y0), (qx, qy), (x, y) = here, args[:2], args[2:]
                path.curveTo((x0 + 2 * (qx - x0) / 3) * PT, self.y(y0 + 2 * (qy - y0) / 3),
                             (x + 2 * (qx - x) / 3) * PT, self.y(y + 2 * (qy - y) / 3), x * PT, self.y(y))
                here = args[2:]
            elif op == "C":
                path.curveTo(args[0] * PT, self.y(args[1]), args[2] * PT, self.y(args[3]),
                             args[4] * PT, self.y(args[5]))
                here = args[4:]
            else:  # "Z"
                path.close()
                here = start
        self.c.drawPath(path, stroke=stroke, fill=fill, fillMode=1)

    def text(self, t: Text) -> None:
        self.c.setFillColor(_colour(t.fill))
        self.c.setFont(self.fonts[t.font], t.size * PT)
        self.c.drawString(t.x * PT, self.y(t.y), t.text)

    def group(self, g: Group) -> None:
        self.c.saveState()
        self.c.translate(g.dx * PT, -g.dy * PT)
        if g.clip is not None:
            r = g.clip
            clip = self.c.beginPath()
            clip.rect(r.x * PT, self.y(r.y + r.h), r.w * PT, r.h * PT)
            self.c.clipPath(clip, stroke=0, fill=0)
        self.paint(g.items)
        self.c.restoreState()

    DRAW = {Rect: rect, Line: line, Circle: circle, GPath: path, Text: text, Group: group}


def _box(page, box: tuple[float, float, float, float]) -> tuple[float, float, float, float]:
    """A box of the page, (x, y, w, h) mm from its top-left corner, as a PDF box: (left, bottom,
    right, top) in points from the bottom-left corner."""
    x, y, w, h = box
    return x * PT, (page.height - y - h) * PT, (x + w) * PT, (page.height - y) * PT


def write_pdf(doc: Document, target: Path | str | BinaryIO) -> None:
    """Write the document to ``target``: a path, or a binary file object (the bytes are the same)."""
    if not doc.pages:
        raise WriterError(f"PDF: {doc.path} has no pages")
    first = doc.pages[0]
    fonts = _fonts(doc)
    initial = next(iter(fonts.values()), "Helvetica")  # no unused, unembedded Helvetica in the file
    out = target if hasattr(target, "write") else str(target)
    with _lock:  # reportlab reads SOURCE_DATE_EPOCH when the canvas is made: dates and id would follow it
        saved = os.environ.pop("SOURCE_DATE_EPOCH", None)
        try:
            canvas = Canvas(out, pagesize=(first.width * PT, first.height * PT), invariant=1, pageCompression=1,
                            initialFontName=initial)
        finally:
            if saved is not None:
                os.environ["SOURCE_DATE_EPOCH"] = saved
    canvas.setTitle(doc.title)
    canvas.setAuthor("printkit")
    canvas.setCreator(f"printkit {__version__}")
    canvas.setSubject(doc.kind)
    for page in doc.pages:
        canvas.setPageSize((page.width * PT, page.height * PT))
        canvas.setTrimBox(_box(page, page.trim_box))  # reportlab writes a box on every page after it is set:
        canvas.setBleedBox(_box(page, page.bleed_box))  # so each page sets its own
        _Painter(canvas, page.height, fonts).paint(page.items)
        canvas.showPage()
    canvas.save()
