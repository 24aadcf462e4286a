"""Fonts: the bundled default, any TrueType file, glyph coverage, ink boxes and outlines.

The same outlines feed every writer (PDF embeds the font and draws real text; SVG and laser files
draw the outlines as paths), so sheets can measure ink boxes here and writers never decide a size.
"""

from __future__ import annotations

import hashlib
import io
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from fontTools.pens.boundsPen import BoundsPen
from fontTools.pens.recordingPen import DecomposingRecordingPen
from fontTools import subset
from fontTools.ttLib import TTFont, TTLibError

from .errors import PrintkitError


class FontError(PrintkitError):
    pass


def _bundled(name: str) -> Path:
    import fontpkg_pt_sans

    return Path(fontpkg_pt_sans.__file__).resolve().parent / "files" / name


def default_bold() -> Path:
    """PT Sans Bold (ParaType, SIL Open Font License): Russian, Ukrainian and Latin letters."""
    return _bundled("PT_Sans-Web-Bold.ttf")


def default_regular() -> Path:
    return _bundled("PT_Sans-Web-Regular.ttf")


@dataclass(frozen=True)
class Ink:
    """An ink box in font units: x from the glyph origin, y up from the baseline."""

    x0: float
    y0: float
    x1: float
    y1: float


class Font:
    """A static TrueType font, loaded once per file."""

    def __init__(self, path: Path, where: str = ""):
        self.path = Path(path)
        shown = where or str(self.path)
        if not self.path.is_file():
            raise FontError(f"{shown}: font file '{self.path}' not found")
        try:
            tt = TTFont(str(self.path), lazy=True)
        except (TTLibError, OSError, AssertionError) as exc:
            raise FontError(f"{shown}: '{self.path.name}' is not a font file that can be read ({exc})") from None
        if "CFF " in tt or "CFF2" in tt:
            raise FontError(f"{shown}: '{self.path.name}' has PostScript (CFF) outlines, which PDF embedding "
                            f"here does not take: use the TrueType (.ttf) version of the font")
        if "glyf" not in tt:
            raise FontError(f"{shown}: '{self.path.name}' has no TrueType outlines (glyf table)")
        if "fvar" in tt:
            raise FontError(f"{shown}: '{self.path.name}' is a variable font, which would be drawn in its default "
                            f"instance only: use a static instance (e.g. the Bold .ttf)")
        self.tt = tt
        self.units = tt["head"].unitsPerEm
        self.cmap = tt.getBestCmap() or {}
        self.glyphs = tt.getGlyphSet()
        self.ps_name = tt["name"].getDebugName(6) or self.path.stem
        digest = hashlib.sha1(self.path.read_bytes()).hexdigest()[:10]
        # Registered under a name made from the file's bytes: two fonts sharing a PostScript name
        # never merge, and the same file always gets the same name (reproducible PDFs).
        self.key = f"pk-{digest}"
        cap = getattr(tt["OS/2"], "sCapHeight", 0) or 0
        if cap <= 0:
            for probe in ("H", "Н", "I"):
                if self.has(probe):
                    cap = self.ink(probe).y1
                    break
        self.cap_height = cap or 0.7 * self.units
        self._ink: dict[str, Ink] = {}
        self._outline: dict[str, list] = {}

    def has(self, ch: str) -> bool:
        return ord(ch) in self.cmap

    def missing(self, text: str) -> list[str]:
        return sorted({ch for ch in text if not ch.isspace() and not self.has(ch)})

    def glyph_name(self, ch: str) -> str:
        return self.cmap[ord(ch)]

    def advance(self, ch: str) -> float:
        return self.glyphs[self.glyph_name(ch)].width

    def ink(self, ch: str) -> Ink:
        if ch not in self._ink:
            pen = BoundsPen(self.glyphs)
            self.glyphs[self.glyph_name(ch)].draw(pen)
            b = pen.bounds or (0, 0, 0, 0)
            self._ink[ch] = Ink(*b)
        return self._ink[ch]

    def run_advance(self, text: str) -> float:
        """Width of a run in font units (no kerning: the PDF does not kern either)."""
        return sum(self.advance(ch) for ch in text)

    def run_ink(self, text: str) -> Ink | None:
        """Union of the ink boxes of a run laid out with its advances, in font units."""
        x = 0.0
        box = None
        for ch in text:
            i = self.ink(ch)
            if i.x1 > i.x0 or i.y1 > i.y0:
                b = (x + i.x0, i.y0, x + i.x1, i.y1)
                box = b if box is None else (min(box[0], b[0]), min(box[1], b[1]), max(box[2], b[2]), max(box[3], b[3]))
            x += self.advance(ch)
        return Ink(*box) if box else None

    def outline(self, ch: str) -> list:
        """The glyph's outline as pen operations in font units (y up), components decomposed."""
        if ch not in self._outline:
            pen = DecomposingRecordingPen(self.glyphs)
            self.glyphs[self.glyph_name(ch)].draw(pen)
            self._outline[ch] = pen.value
        return self._outline[ch]

    def embeddable_bytes(self, ps_name: str | None = None) -> bytes:
        """The font without hinting and layout tables, every character kept: what a PDF writer
        registers once and subsets per document (PT Sans Bold: 160 KB instead of 540 KB, 12 KB per
        embedded set of tiles). ``ps_name`` renames the font, for a writer that must keep two fonts
        with the same PostScript name apart."""
        tt = TTFont(str(self.path))
        options = subset.Options()
        options.hinting = False
        options.layout_features = []
        options.notdef_outline = True
        options.name_IDs = ["*"]
        options.name_languages = ["*"]
        options.drop_tables = options.drop_tables + ["DSIG", "GPOS", "GSUB", "GDEF", "kern", "hdmx", "LTSH", "VDMX"]
        sub = subset.Subsetter(options)
        sub.populate(unicodes=self.cmap.keys())
        sub.subset(tt)
        if ps_name:
            for record in tt["name"].names:
                if record.nameID == 6:
                    record.string = ps_name
        buffer = io.BytesIO()
        tt.save(buffer)
        return buffer.getvalue()

    def outline_replay(self, ch: str, pen) -> None:
        """Draw the glyph's outline into ``pen`` (font units, y up)."""
        for op, args in self.outline(ch):
            getattr(pen, op)(*args)


@lru_cache(maxsize=None)
def load(path: str | None = None, where: str = "") -> Font:
    """The font at ``path`` (None: the bundled PT Sans Bold)."""
    return Font(Path(path) if path else default_bold(), where)


def label_font() -> Font:
    """Small print (scale bar, page labels, legends): the bundled PT Sans Regular."""
    return load(str(default_regular()))


def require(font: Font, text: str, needed_by: str, where: str = "") -> None:
    """Stop before drawing if the font lacks a glyph the kit needs."""
    missing = font.missing(text)
    if missing:
        head = f"{where}: " if where else ""
        raise FontError(f"{head}font '{font.path.name}' has no glyph for {' '.join(missing)} "
                        f"({len(missing)} letter{'s' if len(missing) != 1 else ''} {needed_by} needs)")
