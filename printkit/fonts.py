"""Fonts: the bundled default, any TrueType file, glyph coverage, ink boxes and outlines.

The same outlines feed every writer (PDF embeds the font and draws real text; SVG and laser files
draw the outlines as paths), so sheets can measure ink boxes here and writers never decide a size.

A font file either loads completely (every table the sheets and the PDF writer read, the glyphs
for the whole character map, and the copy the PDF will embed made from them) or stops with one
``FontError`` line that says where it was named and what is wrong with it. What only a PDF needs,
reportlab's own reading of that copy and its subset of the letters drawn, is the PDF writer's
preflight (:func:`check_embedding`, run by :func:`printkit.writers.preflight.preflight` once the documents
are laid out, before any file is written): a build without a PDF never pays for it. Nothing
third-party is left to fail later, in the middle of writing files.

The copy a PDF embeds (:meth:`Font.embeddable_bytes`: the font re-saved by fontTools without its
hinting and layout tables, 80 ms for PT Sans Bold) is kept in printkit's cache (:mod:`printkit.cache`)
under the sha256 of the font's bytes, fontTools' version and this module's source; so is the prepared
font (the figures and outlines fontTools gave for these bytes: :func:`store_prepared`), with which a
process that loads a font read before imports no fontTools.
"""

from __future__ import annotations

import atexit
import hashlib
import io
import marshal
import os
import stat
import struct
import sys
import threading
from collections import OrderedDict
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from . import fontplace
from .errors import PrintkitError
from .inputs import TooLarge, kind, read_bounded

if TYPE_CHECKING:
    from fontTools.ttLib import TTFont


def __getattr__(name: str):
    """``fonts.TTFont``, fontTools' font class, imported when first asked for."""
    if name == "TTFont":
        return _fonttools()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _fonttools():
    """fontTools' font reader, imported when a font is read (not when it is prepared: :class:`Font`)."""
    import logging

    from fontTools.ttLib import TTFont

    # fontTools logs what it mends in odd fonts (timestamps out of range, too much table data...).
    # Without a handler of the application's, Python would print those warnings on stderr, where a
    # build prints one line per problem and nothing else; an application that sets up logging sees them.
    logger = logging.getLogger("fontTools")
    if not any(isinstance(h, logging.NullHandler) for h in logger.handlers):
        logger.addHandler(logging.NullHandler())
    return TTFont


MAX_FONT_BYTES = 50 * 1024 * 1024  # a font file: PT Sans Bold is 0.5 MB, the largest CJK TrueType fonts 20-30 MB


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


def fallback_bold() -> Path:
    """Fira Sans Bold (Mozilla, SIL Open Font License), bundled in printkit/faces/: Latin, Greek and Cyrillic,
    for the letters of a kit PT Sans has not."""
    return Path(__file__).resolve().parent / "faces" / "FiraSans-Bold.ttf"


def bold_for(text: str) -> Path:
    """The bundled bold face for a kit whose tiles carry ``text`` (every letter and digit): PT Sans Bold where
    it has them all, else Fira Sans Bold where that has them all (a Greek set), else PT Sans Bold (whose
    missing letters :func:`require` then names). The face is chosen by coverage, once for the whole kit: one
    set's letters in one face."""
    for path in (default_bold(), fallback_bold()):
        if not load(str(path)).missing(text):
            return path
    return default_bold()


def tile_text(kit) -> str:
    """Every character a kit's tiles carry (a :class:`printkit.model.Kit`): their letters and their values'
    digits."""
    return "".join(sorted({ch for t in kit.distribution.tiles for ch in t.face + str(t.value)}))


def letters_font(kit) -> str:
    """The path of a kit's letters' font: its style's (``style.tile.font``), or the bundled bold face that has
    every letter and digit of its tiles (:func:`bold_for`: PT Sans; Fira Sans for Greek). The sheets draw with
    it and verify reads the engraved letters by it."""
    return kit.tile_style.font or str(bold_for(tile_text(kit)))


@dataclass(frozen=True)
class Ink:
    """An ink box in font units: x from the glyph origin, y up from the baseline."""

    x0: float
    y0: float
    x1: float
    y1: float


# Tables every TrueType font has and that the sheets, the subsetter or reportlab read, in an order
# where each is read after those it needs (post gives the glyph names that hmtx, glyf and cmap use).
REQUIRED = ("head", "maxp", "post", "hhea", "hmtx", "loca", "glyf", "cmap", "name")
# What the embedded copy keeps: the above and OS/2 (metrics and licence flags). Everything else
# (hinting, layout, signatures, tool-private tables such as FontForge's FFTM) goes.
EMBEDDED_TABLES = frozenset(REQUIRED + ("OS/2",))
RUNS_KEPT = 20000  # texts whose widths a font remembers (a server's fonts live long)
CAP_PROBES = ("H", "Н", "I")  # capitals whose ink top is the cap height when OS/2 does not give it


def _detail(exc: BaseException) -> str:
    """A third-party exception as a short reason (its type, and its message's first line)."""
    text = str(exc).strip().splitlines()[0] if str(exc).strip() else ""
    text = f"{type(exc).__name__}: {text}" if text else type(exc).__name__
    return text if len(text) <= 100 else text[:97] + "..."


def _stat(path: Path, shown: str) -> os.stat_result:
    """The file's status, or a FontError if there is no regular file to read there."""
    try:
        st = path.stat()
    except (FileNotFoundError, NotADirectoryError):
        raise FontError(f"{shown}: font file '{path}' not found") from None
    except OSError as exc:
        raise FontError(f"{shown}: cannot read font file '{path}' ({exc.strerror or exc})") from None
    if stat.S_ISDIR(st.st_mode):
        raise FontError(f"{shown}: font file '{path}' is a folder, not a file")
    if not stat.S_ISREG(st.st_mode):
        raise FontError(f"{shown}: font file '{path}' is {kind(st.st_mode)}, not a regular file")
    return st


def _kind(data: bytes) -> str | None:
    """Why these bytes are not a single TrueType font, judged from their first bytes; None if they may be."""
    if not data:
        return "is empty (0 bytes), not a font file"
    head = data[:4]
    if head == b"wOFF":
        return "is a WOFF web font, not a TrueType file: use the font's .ttf file"
    if head == b"wOF2":
        return "is a WOFF2 web font, not a TrueType file: use the font's .ttf file"
    if head == b"ttcf":
        count = struct.unpack(">L", data[8:12])[0] if len(data) >= 12 else 0
        return (f"is a font collection (.ttc, {count} fonts in one file): printkit takes a single "
                f"TrueType font (.ttf)")
    if head == b"OTTO":
        return ("has PostScript (CFF) outlines, which PDF embedding here does not take: use the TrueType "
                "(.ttf) version of the font")
    if head not in (b"\x00\x01\x00\x00", b"true"):
        return "is not a font file that can be read (it does not start like a TrueType font)"
    return None


def _truncated(data: bytes) -> str | None:
    """Why the table directory does not fit the file (a file cut short); None if it fits."""
    if len(data) < 12:
        return f"is not a font file that can be read (cut short: {len(data)} bytes)"
    count = struct.unpack(">H", data[4:6])[0]
    if count == 0:
        return "is not a font file that can be read (it has no tables)"
    if len(data) < 12 + 16 * count:
        return "is not a font file that can be read (cut short in its table directory)"
    for i in range(count):
        tag, _, offset, length = struct.unpack(">4sLLL", data[12 + 16 * i:28 + 16 * i])
        if not all(32 <= b <= 126 for b in tag):
            return "is not a font file that can be read (its table directory is damaged)"
        if offset + length > len(data):
            name = tag.decode("latin-1").strip()
            return (f"is not a font file that can be read (its '{name}' table runs past the end of the file "
                    f"at {len(data)} bytes: cut short or damaged)")
    return None


def _ps_safe(name: str) -> str:
    """A PostScript name that PDF and reportlab take: printable ASCII without delimiters or spaces."""
    safe = "".join(c for c in name.replace(" ", "-") if 33 <= ord(c) <= 126 and c not in "[](){}<>/%")
    return safe[:50] or "Font"


# The bundled fonts of the pinned fontpkg-pt-sans (Bold, Regular), by the sha256 of their files: the
# tests check them through and through, so loading them skips the checks that cost time (decoding
# every glyph, making and reading back the embedded copy). Any other file, or another version of
# these, is checked in full.
BUNDLED_DIGESTS = frozenset({
    "3128bd5ecf01816e59a23d54c57a7a6b14615b07db53ff277c77376010265b05",
    "9cc831490532009bae2b3ce0d39c62adfc889060beb421593bfd9d2396d0f10a",
})


class Font:
    """A static TrueType font, read once from its file's bytes and checked through and through."""

    def __init__(self, path: Path, where: str = ""):
        self.path = Path(path)
        self.where = where or str(self.path)
        self._ink: dict[str, Ink] = {}
        self._outline: dict[str, list] = {}
        # outline → commands at any size and place (placed)
        self._templates: dict[str, fontplace.Template | fontplace.Unplaceable] = {}
        self._embeds: set[int] = set()  # characters reportlab has already subset from this font
        self._advance: dict[str, float] = {}
        self._runs: dict[str, float] = {}  # run_advance of texts measured so far (at most RUNS_KEPT)
        self._drawn: set[str] = set()  # texts the font has every glyph of, as asked so far (missing)
        self._chars: set[str] = set()  # and their characters
        self._pdf_checked = False  # reportlab has read the embeddable copy (check_embedding)
        # fontTools expands a glyph's outline in place when it is first drawn: two threads drawing it at once
        # (the page's previews and builds share the cached fonts) saw a glyph half expanded ('Glyph' object has
        # no attribute 'coordinates'). Every use of fontTools' objects after reading holds this.
        self._fonttools = threading.RLock()
        _stat(self.path, self.where)
        try:
            data = read_bounded(self.path, MAX_FONT_BYTES, "a font")
        except TooLarge as exc:
            raise FontError(f"{self.where}: font file '{self.path}': {exc.strerror}") from None
        except OSError as exc:
            raise FontError(f"{self.where}: cannot read font file '{self.path}' ({exc.strerror or exc})") from None
        reason = _kind(data) or _truncated(data)
        if reason:
            raise self._error(reason)
        self._data = data
        self.digest = hashlib.sha256(data).hexdigest()
        # Registered and embedded under names made from the file's bytes: two fonts sharing a PostScript
        # name never merge, and the same file always gets the same names (reproducible PDFs).
        self.key = f"pk-{self.digest[:10]}"
        self.trusted = self.digest in BUNDLED_DIGESTS
        self._tt: TTFont | None = None
        self._glyphs = None
        self._store_key = cache_key = _prepared_key(self.digest)
        stored = _prepared(cache_key)
        if stored is not None:  # these bytes were read and checked through before: what they gave
            self._stored = stored
            self.units, self.cmap, self.ps_name = stored["units"], stored["cmap"], stored["ps_name"]
            self.cap_height, self.embed_name = stored["cap_height"], stored["embed_name"]
            self._embeddable = None  # made again (or taken from the cache) when a PDF asks
            return
        self._stored = {"advance": {}, "ink": {}, "outline": {}, "template": {}}
        self._tt = self._parse(data)
        self.units = self.tt["head"].unitsPerEm
        if not 16 <= self.units <= 16384:
            raise self._error(f"is not a font file that can be read (its 'head' table gives {self.units} "
                              f"units per em)")
        try:
            self.cmap = self.tt.getBestCmap() or {}  # fontTools reads the subtables only now
        except Exception as exc:  # noqa: BLE001
            raise self._error(f"is not a font file that can be read (its 'cmap' table is damaged: "
                              f"{_detail(exc)})") from None
        if not self.cmap:
            raise self._error("has no Unicode character map (cmap), so no letter can be found in it")
        self._licence()
        try:
            self.ps_name = (self.tt["name"].getDebugName(6) or self.tt["name"].getDebugName(4)
                            or self.tt["name"].getDebugName(1) or "Font")
        except Exception as exc:  # noqa: BLE001 - undecodable names
            raise self._error(f"is not a font file that can be read (its 'name' table is damaged: "
                              f"{_detail(exc)})") from None
        self.cap_height = self._cap_height()
        self.embed_name = f"{_ps_safe(self.ps_name)}-{self.digest[:10]}"
        self._embeddable = None if self.trusted else self._prepare_embedding()
        self._stored.update(units=self.units, cmap=self.cmap, ps_name=self.ps_name, cap_height=self.cap_height,
                            embed_name=self.embed_name)
        _keep(self)

    @property
    def tt(self) -> TTFont:
        """fontTools' reading of the file, made when first asked (a prepared font may need none)."""
        if self._tt is None:
            with self._fonttools:
                if self._tt is None:
                    self._tt = self._parse(self._data)
        return self._tt

    @property
    def glyphs(self):
        """The font's glyph set (fontTools), made when first asked."""
        if self._glyphs is None:
            with self._fonttools:
                if self._glyphs is None:
                    self._glyphs = self.tt.getGlyphSet()
        return self._glyphs

    def _error(self, reason: str) -> FontError:
        return FontError(f"{self.where}: '{self.path.name}' {reason}")

    def _parse(self, data: bytes) -> TTFont:
        """fontTools' reading of every table used here, each decompiled now so damage shows now."""
        try:
            tt = _fonttools()(io.BytesIO(data), recalcTimestamp=False)
            tags = set(tt.keys())
        except Exception as exc:  # noqa: BLE001 - fontTools raises many kinds of exception on bad data
            raise self._error(f"is not a font file that can be read ({_detail(exc)})") from None
        if "CFF " in tags or "CFF2" in tags:
            raise self._error("has PostScript (CFF) outlines, which PDF embedding here does not take: use the "
                              "TrueType (.ttf) version of the font")
        if "fvar" in tags:
            raise self._error("is a variable font, which would be drawn in its default instance only: use a "
                              "static instance (e.g. the Bold .ttf)")
        if "glyf" not in tags:
            raise self._error("has no TrueType outlines (glyf table)")
        for tag in REQUIRED + ("OS/2",):
            if tag not in tags:
                if tag == "OS/2":
                    continue  # optional (Apple fonts): metrics come from head and the glyphs
                raise self._error(f"is not a font file that can be read (it has no '{tag}' table, which every "
                                  f"TrueType font has)")
            if self.trusted:
                continue
            try:
                tt[tag]
            except Exception as exc:  # noqa: BLE001
                raise self._error(f"is not a font file that can be read (its '{tag}' table is damaged: "
                                  f"{_detail(exc)})") from None
        return tt

    def _licence(self) -> None:
        """Refuse what the font's embedding permissions (OS/2 fsType) forbid a PDF to do with it."""
        fs_type = getattr(self.tt["OS/2"], "fsType", 0) if "OS/2" in self.tt else 0
        if fs_type & 0x000F == 0x0002:
            raise self._error(f"does not allow embedding: its licence flags (OS/2 fsType 0x{fs_type:04X}) forbid "
                              f"putting it in a PDF")
        if fs_type & 0x0200:
            raise self._error(f"allows bitmap embedding only (OS/2 fsType 0x{fs_type:04X}), not the outlines a "
                              f"PDF needs")
        if fs_type & 0x0100:
            raise self._error(f"does not allow subsetting (OS/2 fsType 0x{fs_type:04X}), which PDF embedding "
                              f"here needs")

    def _cap_height(self) -> float:
        """OS/2's cap height if it gives a plausible one (version 2 and later), else the ink top of
        H, Cyrillic Н or I, else 0.7 em."""
        os2 = self.tt["OS/2"] if "OS/2" in self.tt else None
        cap = (getattr(os2, "sCapHeight", 0) or 0) if os2 is not None and os2.version >= 2 else 0
        if 0.25 * self.units <= cap <= 1.25 * self.units:
            return cap
        for probe in CAP_PROBES:
            if self.has(probe):
                try:
                    top = self.ink(probe).y1
                except Exception as exc:  # noqa: BLE001 - a damaged glyph: fontTools raises anything
                    raise self._error(f"is not a font file that can be read (its glyph for {probe} is damaged: "
                                      f"{_detail(exc)})") from None
                if top > 0:
                    return top
        return 0.7 * self.units

    def _prepare_embedding(self) -> bytes:
        """The bytes the PDF writer will register, made now: fontTools reads every glyph and table
        on the way, so a damaged font stops here, before a build lays out anything. (Whether
        reportlab takes them is the PDF writer's preflight: :meth:`pdf_problem`.)"""
        try:
            return self.embeddable_bytes(self.embed_name)
        except Exception as exc:  # noqa: BLE001 - a damaged glyph or table met while subsetting
            raise self._error(f"is not a font file that can be read (damaged glyphs or tables: "
                              f"{_detail(exc)})") from None

    def pdf_problem(self) -> FontError | None:
        """The error to stop with if reportlab cannot read the copy the PDF would embed; None if it
        can (read once a font)."""
        if self._pdf_checked or self.trusted:
            return None
        from reportlab.pdfbase.ttfonts import TTFontFile

        try:
            TTFontFile(io.BytesIO(self.embeddable_bytes()))
        except Exception as exc:  # noqa: BLE001 - reportlab's own parser, with its own exceptions
            return self._error(f"cannot be embedded in a PDF (reportlab: {_detail(exc)})")
        self._pdf_checked = True
        return None

    def has(self, ch: str) -> bool:
        return ord(ch) in self.cmap

    def missing(self, text: str) -> list[str]:
        """Characters of ``text`` the font has no glyph for (spaces too: an em space a font lacks
        cannot be drawn either)."""
        if text in self._drawn:  # the sheets ask of the same few texts thousands of times a build
            return []
        chars = set(text)
        out = [] if chars <= self._chars else sorted(ch for ch in chars if ord(ch) not in self.cmap)
        if not out:
            self._chars |= chars
            if len(self._drawn) < RUNS_KEPT:
                self._drawn.add(text)
        return out

    def draws(self, text: str) -> bool:
        """Whether the font has a glyph for every character of ``text`` (:meth:`missing` is empty)."""
        return text in self._drawn or not self.missing(text)

    def blank(self, text: str) -> list[str]:
        """Characters of ``text`` the font maps to a glyph that draws nothing (no outline, or one
        without area): they would print as empty tiles."""
        out = set()
        for ch in set(text):
            if not ch.isspace() and self.has(ch):
                i = self.ink(ch)
                if i.x1 <= i.x0 or i.y1 <= i.y0:
                    out.add(ch)
        return sorted(out)

    def glyph_name(self, ch: str) -> str:
        return self.cmap[ord(ch)]

    def advance(self, ch: str) -> float:
        width = self._advance.get(ch)
        if width is None:  # fontTools makes a glyph object at each lookup: 20 µs, 100 000 times a build
            name = self.glyph_name(ch)
            width = self._stored["advance"].get(name)
            if width is None:
                with self._fonttools:
                    width = self.glyphs[name].width
                _keep(self, "advance", name, width)
            self._advance[ch] = width
        return width

    def ink(self, ch: str) -> Ink:
        if ch not in self._ink:
            name = self.glyph_name(ch)
            b = self._stored["ink"].get(name)
            if b is None:
                from fontTools.pens.boundsPen import BoundsPen

                with self._fonttools:
                    pen = BoundsPen(self.glyphs)
                    self.glyphs[name].draw(pen)
                b = tuple(pen.bounds or (0, 0, 0, 0))
                _keep(self, "ink", name, b)
            self._ink[ch] = Ink(*b)
        return self._ink[ch]

    def run_advance(self, text: str) -> float:
        """Width of a run in font units (no kerning: the PDF does not kern either)."""
        width = self._runs.get(text)
        if width is None:  # the sheets measure the same labels again and again
            try:  # the same additions in the same order as one advance after the other
                width = sum(map(self._advance.__getitem__, text))
            except KeyError:  # a character not measured yet
                width = sum(map(self.advance, text))
            if len(self._runs) < RUNS_KEPT:
                self._runs[text] = width
        return width

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
            name = self.glyph_name(ch)
            kept = self._stored["outline"].get(name)  # marshalled: read only when this glyph is drawn
            if kept is not None:
                value = marshal.loads(kept)
            else:
                from fontTools.pens.recordingPen import DecomposingRecordingPen

                with self._fonttools:
                    pen = DecomposingRecordingPen(self.glyphs)
                    self.glyphs[name].draw(pen)
                value = [(op, tuple(args)) for op, args in pen.value]
                _keep(self, "outline", name, marshal.dumps(value))
            self._outline[ch] = value
        return self._outline[ch]

    def embeddable_bytes(self, ps_name: str | None = None) -> bytes:
        """The font without hinting and layout tables, every character kept, under the PostScript
        name ``ps_name`` (default: ``embed_name``, the font's own name and the start of its digest):
        what a PDF writer registers once and subsets per document (PT Sans Bold: 58 KB instead of
        540 KB, 12 KB per embedded set of tiles). The bytes depend on the file's bytes only: its own
        head.modified is kept (fontTools would stamp the clock, or SOURCE_DATE_EPOCH, otherwise)."""
        if ps_name is None:
            if self._embeddable is None:
                self._embeddable = self.embeddable_bytes(self.embed_name)
            return self._embeddable
        from . import cache

        name = cache.key("embeddable font", self.digest, ps_name, _fonttools_version(), _recipe())
        data = cache.get("fonts", name)
        if data is None:
            data = self._embeddable_bytes(ps_name)
            cache.put("fonts", name, data)
        return data

    def _embeddable_bytes(self, ps_name: str) -> bytes:
        from fontTools import subset  # 50 ms of imports, needed only to write a PDF

        tt = _fonttools()(io.BytesIO(self._data), recalcTimestamp=False)
        for tag in list(tt.keys()):
            if tag != "GlyphOrder" and tag not in EMBEDDED_TABLES:
                del tt[tag]
        options = subset.Options()
        options.hinting = False
        options.layout_features = []
        options.notdef_outline = True
        options.name_IDs = ["*"]
        options.name_languages = ["*"]
        sub = subset.Subsetter(options)
        sub.populate(unicodes=self.cmap.keys())
        sub.subset(tt)
        name = tt["name"]
        name.names = [record for record in name.names if record.nameID != 6]
        name.setName(ps_name or self.embed_name, 6, 3, 1, 0x409)
        buffer = io.BytesIO()
        tt.save(buffer)
        return buffer.getvalue()

    def embedding_problem(self, text: str) -> str | None:
        """Why reportlab could not make the PDF subset of ``text``'s glyphs; None if it can."""
        wanted = {ord(ch) for ch in text} - self._embeds  # each character is tried once per font
        if not wanted or self.trusted:
            return None
        from reportlab.pdfbase.ttfonts import TTFontFile

        try:
            TTFontFile(io.BytesIO(self.embeddable_bytes())).makeSubset(sorted(wanted))
        except Exception as exc:  # noqa: BLE001
            return _detail(exc)
        self._embeds |= wanted
        return None

    def outline_replay(self, ch: str, pen) -> None:
        """Draw the glyph's outline into ``pen`` (font units, y up)."""
        for op, args in self.outline(ch):
            getattr(pen, op)(*args)

    def placed(self, ch: str, k: float, x: float, y: float) -> list[tuple] | None:
        """The glyph's outline as path commands (M, L, Q, C, Z) drawn at ``k`` mm a font unit with
        its origin at (x, y) and y turned down: the numbers fontTools' pens give (a TransformPen by
        (k, 0, 0, -k, x, y) into a pen that splits TrueType's runs of curves at their implied
        points), worked out by one map of the glyph's points (:class:`fontplace.Template`, made once a glyph).
        None for a glyph whose outline the template does not take (a cubic run of more than one
        curve, which TrueType fonts do not have): draw it with the pens."""
        template = self._templates.get(ch)
        if template is None:
            name = self.glyph_name(ch)
            packed = self._stored["template"].get(name)
            if packed is not None:
                template = fontplace.Template.unpack(packed)
            else:
                template = fontplace.Template.of(self.outline(ch))
                packed = template.pack() if isinstance(template, fontplace.Template) else None
                if packed is not None:
                    _keep(self, "template", name, packed)
            self._templates[ch] = template
        return None if isinstance(template, fontplace.Unplaceable) else template.place(k, x, y)


_STAMP: list[str] = []


def _fonttools_version() -> str:
    """The installed fontTools, told by the sha256 of its package's first module (which states its
    version) without importing it: 15 ms a process that a prepared font does not need."""
    if not _STAMP:
        from importlib.util import find_spec

        spec = find_spec("fontTools")
        origin = spec.origin if spec is not None else None
        _STAMP.append(hashlib.sha256(Path(origin).read_bytes()).hexdigest() if origin else "no fontTools")
    return _STAMP[0]


# -- prepared fonts: what a font's bytes gave, kept in printkit's cache -------------------------------
#
# A font read and checked through (every table, the copy a PDF embeds) is stored in the cache under
# the sha256 of its bytes, fontTools' and this module's: its units, character map, names and cap
# height, and each glyph's advance, ink box, outline and placing template (:class:`fontplace.Template`, packed
# flat) once it has been asked for, the outlines and templates each marshalled on its own and read
# only when drawn. The next process
# that loads the same bytes takes them from there and needs no fontTools (nor its 40 ms of imports
# and reading) until it meets a glyph not prepared yet; what it adds is stored when it exits.

PREPARED = 2  # the layout of a prepared font's entry


def _prepared_key(digest: str) -> str:
    from .cache import key

    return key("prepared font", str(PREPARED), digest, _fonttools_version(), _recipe(),
               str(marshal.version), sys.version)


def _prepared(name: str) -> dict | None:
    from . import cache

    data = cache.get("fonts", name)
    if data is None:
        return None
    try:
        stored = marshal.loads(data)
    except (EOFError, ValueError, TypeError):
        return None
    want = ("units", "cmap", "ps_name", "cap_height", "embed_name", "advance", "ink", "outline", "template")
    return stored if isinstance(stored, dict) and all(k in stored for k in want) else None


GLYPH_FIGURES = ("advance", "ink", "outline", "template")
UNSAVED_KEPT = 16  # prepared entries held for the exit at most: past them the oldest is stored at once
_unsaved: OrderedDict[str, dict] = OrderedDict()  # cache key → what a font prepared, not yet stored
_unsaved_lock = threading.Lock()
_at_exit: list[bool] = []


def _keep(font: Font, kind: str | None = None, name: str | None = None, value=None) -> None:
    """Remember a glyph's figure (``kind``: advance, ink, outline or template) for the font's prepared
    entry (none: the font itself, read now), to be stored when the process exits. What is held is the
    entry, never the font (a server's fonts come and go), and at most UNSAVED_KEPT of them."""
    with _unsaved_lock:
        stored = font._stored
        if kind is not None:
            stored[kind][name] = value
        held = _unsaved.get(font._store_key)
        if held is not None and held is not stored:  # another Font of the same bytes: both are kept
            for k in GLYPH_FIGURES:
                stored[k].update({n: v for n, v in held[k].items() if n not in stored[k]})
        _unsaved[font._store_key] = stored
        _unsaved.move_to_end(font._store_key)
        over = [_unsaved.popitem(last=False) for _ in range(len(_unsaved) - UNSAVED_KEPT)]
        if not _at_exit:
            _at_exit.append(True)
            atexit.register(store_prepared)
    _store(over)


def store_prepared() -> None:
    """Store the prepared figures the fonts of this process have added (at exit; a server may call it
    any time)."""
    with _unsaved_lock:
        entries = list(_unsaved.items())
        _unsaved.clear()
    _store(entries)


def _store(entries: list[tuple[str, dict]]) -> None:
    from . import cache

    with _unsaved_lock:  # marshalled while no glyph is being added
        blobs = [(name, marshal.dumps(stored)) for name, stored in entries if "embed_name" in stored]
    for name, data in blobs:  # a font that failed (no embed_name: it never finished loading) is not kept
        cache.put("fonts", name, data)


_RECIPE: list[str] = []


def _recipe() -> str:
    """The sha256 of this module's source and the placing templates' (:mod:`printkit.fontplace`): the recipe of
    the embeddable copy and of a prepared font is part of their cache keys."""
    if not _RECIPE:
        from .cache import source_digest

        both = source_digest(__file__) + source_digest(fontplace.__file__)
        _RECIPE.append(hashlib.sha256(both.encode()).hexdigest())
    return _RECIPE[0]


CACHE_SIZE = 16  # fonts kept loaded: the bundled two, a kit's letter font, and room for a server's others
_cache: OrderedDict[tuple, Font] = OrderedDict()
_cache_lock = threading.Lock()


def load(path: str | None = None, where: str = "") -> Font:
    """The font at ``path`` (None: the bundled PT Sans Bold), read again whenever the file changed
    (its path, identity, size and modification time are the key). ``where`` says where it was named,
    for the messages."""
    p = Path(path) if path else default_bold()
    st = _stat(p, where or str(p))
    key = (os.path.abspath(p), st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns)
    with _cache_lock:
        font = _cache.get(key)
        if font is not None:
            _cache.move_to_end(key)
            return font
    font = Font(p, where)
    with _cache_lock:
        _cache[key] = font
        while len(_cache) > CACHE_SIZE:
            _cache.popitem(last=False)
    return font


def label_font() -> Font:
    """Small print (scale bar, page labels, legends): the bundled PT Sans Regular."""
    return load(str(default_regular()))


def require(font: Font, text: str, needed_by: str, where: str = "") -> None:
    """Stop before drawing if the font lacks a glyph the kit needs or has one that draws nothing
    (every writer would fail on those; what only a PDF needs is :func:`check_embedding`)."""
    head = f"{where}: " if where else ""
    for problem, letters in (("has no glyph for", font.missing(text)),
                             ("has an empty glyph (no outline) for", _blank(font, text, head))):
        if letters:
            raise FontError(f"{head}font '{font.path.name}' {problem} {' '.join(map(shown_char, letters))} "
                            f"({len(letters)} letter{'s' if len(letters) != 1 else ''} {needed_by} needs)")


def check_embedding(font: Font, text: str, where: str | None = None) -> None:
    """Stop if reportlab cannot read the font's embeddable copy, or cannot make the PDF subset of
    ``text``'s characters: the PDF writer's preflight, run on every PDF's text once the documents
    are laid out and before any file is written (and by ``check``). ``where`` (None: where the
    font was named; "": nothing) begins the message. The bundled fonts pass by their digest."""
    if font.trusted:
        return
    error = font.pdf_problem()
    if error is not None:
        raise error
    problem = font.embedding_problem("".join(ch for ch in text if not ch.isspace()))
    if problem:
        head = font.where if where is None else where
        raise FontError(f"{head + ': ' if head else ''}font '{font.path.name}' cannot be embedded in a PDF "
                        f"(reportlab: {problem})")


def shown_char(ch: str) -> str:
    """A character as a message shows it: itself, or U+XXXX when it is a space or invisible."""
    return ch if ch.isprintable() and not ch.isspace() else f"U+{ord(ch):04X}"


def _blank(font: Font, text: str, head: str) -> list[str]:
    try:
        return font.blank(text)
    except Exception as exc:  # noqa: BLE001 - a damaged glyph: fontTools raises anything
        raise FontError(f"{head}font '{font.path.name}' is not a font file that can be read "
                        f"(damaged glyphs: {_detail(exc)})") from None
