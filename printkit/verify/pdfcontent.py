"""A PDF page's content, interpreted here (never by the code that drew it): the rectangles painted,
the stroked lines, the clipping rectangles and the runs of text with their fonts' ink boxes, all in
millimetres. The content stream is tokenised by hand (strings with nested brackets, escapes,
inline images)."""

from __future__ import annotations

import hashlib
import io
import math
import re
import struct
import zlib
from dataclasses import dataclass, field

from .measure import IDENTITY, MM, Square, apply, mul


@dataclass(frozen=True)
class Run:
    """A run of text on a page: its middle point (mm), its size (mm) and its characters."""

    x: float
    y: float
    size: float
    text: str
    ink: tuple[float, float, float, float] | None = None  # the glyphs' ink box (x0, y0, x1, y1), mm, from the font


@dataclass
class PdfPage:
    width: float  # mm, as a viewer shows the page
    height: float
    squares: list[Square] = field(default_factory=list)
    runs: list[Run] = field(default_factory=list)
    lines: list[tuple[float, float, float, float]] = field(default_factory=list)  # stroked segments, mm
    clips: list[Square] = field(default_factory=list)  # rectangles the page is cut to


def resolve(obj):
    return obj.get_object() if hasattr(obj, "get_object") else obj


_A85 = bytes(range(ord("!"), ord("u") + 1)) + b"z"  # ASCII85's digits and its "z" for four zeros
_PDF_WHITE = b"\x00\t\n\x0c\r "
# the most a stream may inflate to on the quick way (the default kit's largest page is 0.19 MB): past it,
# pypdf decodes the stream, with its own limit against a file made to inflate without end
INFLATED_AT_MOST = 16_000_000


def decoded(stream) -> bytes:
    """A PDF stream's bytes, its filters undone. What reportlab writes (ASCII85, then Flate, no
    parameters: every page's content) is undone by reportlab's C accelerator and zlib, a tenth of
    the time pypdf's pure-Python ASCII85 takes (63 → 6.5 ms for the default kit's PDFs); that is only
    taken for a stream of nothing but ASCII85's digits and its end mark, and whose Flate data
    decompresses whole (zlib checks its Adler-32) to at most :data:`INFLATED_AT_MOST` bytes, else
    pypdf decodes it, and says what is wrong."""
    stream = resolve(stream)
    filters = stream.get("/Filter")
    raw = getattr(stream, "_data", None)  # pypdf keeps a stream's bytes as read from the file there
    if (isinstance(raw, bytes) and stream.get("/DecodeParms") is None and isinstance(filters, list)
            and [str(f) for f in filters] == ["/ASCII85Decode", "/FlateDecode"]):
        digits = raw.translate(None, _PDF_WHITE)
        if digits.endswith(b"~>") and not digits[:-2].translate(None, _A85):
            from reportlab.lib.rl_accel import asciiBase85Decode

            try:
                inflate = zlib.decompressobj()
                data = inflate.decompress(asciiBase85Decode(digits), INFLATED_AT_MOST)
                if inflate.eof and not inflate.unused_data and not inflate.unconsumed_tail:
                    return data
            except (ValueError, zlib.error):
                pass
    return stream.get_data()


# PDF content: tokens of a content stream. Strings are read by hand (nested brackets, escapes).
_PDF_TOKEN = re.compile(rb"""
    (?P<ws>[\x00\t\n\x0c\r ]+|%[^\r\n]*)
  | (?P<num>[+-]?(?:\d+\.?\d*|\.\d+))(?![^\x00\t\n\x0c\r ()<>\[\]{}/%])
  | (?P<name>/[^\x00\t\n\x0c\r ()<>\[\]{}/%]*)
  | (?P<str>\()
  | (?P<dict><<|>>)
  | (?P<hex><[0-9A-Fa-f\x00\t\n\x0c\r ]*>)
  | (?P<open>\[) | (?P<close>\])
  | (?P<op>[^\x00\t\n\x0c\r ()<>\[\]{}/%]+)
""", re.X)
_ESCAPES = {ord("n"): b"\n", ord("r"): b"\r", ord("t"): b"\t", ord("b"): b"\b", ord("f"): b"\f",
            ord("("): b"(", ord(")"): b")", ord("\\"): b"\\"}
_PAINT = {"f", "F", "f*", "S", "s", "B", "B*", "b", "b*"}
_STROKE = {"S", "s", "B", "B*", "b", "b*"}


def _run_ink(font, codes: list[int], m, size: float) -> tuple[float, float, float, float] | None:
    """The ink box (mm) of a run of ``codes`` shown with text-and-page matrix ``m`` at ``size``."""
    points, x = [], 0.0
    for c in codes:
        box = font.box(c)
        if box is not None:
            x0, y0, x1, y1 = box
            points += [apply(m, (x + px) / 1000 * size, py / 1000 * size) for px in (x0, x1) for py in (y0, y1)]
        x += font.widths.get(c, 0.0)
    if not points:
        return None
    xs, ys = [p[0] * MM for p in points], [p[1] * MM for p in points]
    return (min(xs), min(ys), max(xs), max(ys))


def _literal(data: bytes, i: int) -> tuple[bytes, int]:
    """The literal string starting after the "(" at ``i``; returns its bytes and the index after it."""
    out = bytearray()
    depth = 1
    n = len(data)
    while i < n:
        c = data[i]
        if c == 0x5C:  # backslash
            i += 1
            if i >= n:
                break
            e = data[i]
            if e in _ESCAPES:
                out += _ESCAPES[e]
            elif 0x30 <= e <= 0x37:
                j = i
                while j < n and j < i + 3 and 0x30 <= data[j] <= 0x37:
                    j += 1
                out.append(int(data[i:j], 8) & 0xFF)
                i = j
                continue
            elif e in (0x0A, 0x0D):  # a line continuation
                if e == 0x0D and i + 1 < n and data[i + 1] == 0x0A:
                    i += 1
            else:
                out.append(e)
        elif c == 0x28:
            depth += 1
            out.append(c)
        elif c == 0x29:
            depth -= 1
            if depth == 0:
                return bytes(out), i + 1
            out.append(c)
        else:
            out.append(c)
        i += 1
    return bytes(out), i


_FAST_TOKEN = re.compile(rb"""
    ([+-]?(?:\d+\.?\d*|\.\d+))(?![^\x00\t\n\x0c\r ()<>\[\]{}/%])
  | (/[^\x00\t\n\x0c\r ()<>\[\]{}/%]*)
  | (\((?:[^\\()]|\\.)*\))
  | (<[0-9A-Fa-f\x00\t\n\x0c\r ]*>)
  | (\[|\]|<<|>>|\(|BI(?![^\x00\t\n\x0c\r ()<>\[\]{}/%]))
  | ([^\x00\t\n\x0c\r ()<>\[\]{}/%]+)
  | %[^\r\n]*
""", re.X | re.S)


# The delimited tokens of a content stream, split out of it (leftmost first, as the tokenizer meets them):
# a string (or the "(" of one with brackets inside), a hex string, << >> [ ], a comment. Between them are
# numbers, names and operators, separated by white space.
_DELIMITED = re.compile(rb"""(
    \((?:[^\\()]|\\.)*\) | \( | <[0-9A-Fa-f\x00\t\n\x0c\r ]*> | << | >> | \[ | \] | %[^\r\n]*
)""", re.X | re.S)
_ODD = b")<>{}\x00\x0b"  # stray delimiters; PDF's NUL (white space) and Python's vertical tab (not in PDF)
_BEFORE_NAME = (b" /", b"\n/", b"\r/", b"\t/", b"\x0c/")


def _uneven(words: bytes) -> bool:
    """Whether the words between two delimited tokens are other than numbers, names and operators
    apart at white space: a stray delimiter, a name written against the word before it, PDF's NUL
    or Python's vertical tab. Such a stretch is read by :data:`_FAST_TOKEN`."""
    if len(words.translate(None, _ODD)) != len(words):
        return True
    names = words.count(b"/")
    return bool(names) and names != words.startswith(b"/") + sum(words.count(w) for w in _BEFORE_NAME)
_NUMBER_CHARS = b"0123456789+-."


def operations(data: bytes) -> list[tuple[str, list]]:
    """The operators of a content stream, each with its operands (numbers as floats, names as
    str, strings as bytes, arrays as lists). The stream is cut at its strings, arrays and comments;
    the words between them are split at white space (most of a stream: numbers and operators). A
    stream with nested brackets in a string or an inline image is read token by token. The same
    operations as :func:`regex_operations` and :func:`slow_operations` give."""
    out: list[tuple[str, list]] = []
    args: list = []
    stack: list[list] = []
    for i, piece in enumerate(_DELIMITED.split(data)):
        if i % 2:  # a delimited token
            c = piece[0]
            if c == 0x28:  # (
                if len(piece) == 1:  # a string with brackets inside
                    return slow_operations(data)
                value = piece[1:-1] if b"\\" not in piece else _literal(piece[1:] + b")", 0)[0]
            elif c == 0x5B:  # [
                stack.append([])
                continue
            elif c == 0x5D:  # ]
                if not stack:
                    continue
                value = stack.pop()
            elif c == 0x3C and piece != b"<<":  # a hex string
                digits = re.sub(rb"[^0-9A-Fa-f]", b"", piece[1:-1])
                value = bytes.fromhex((digits + b"0" * (len(digits) % 2)).decode("ascii"))
            else:  # << >> or a comment
                continue
            (stack[-1] if stack else args).append(value)
            continue
        if not piece:
            continue
        if _uneven(piece):
            if _read_words(_FAST_TOKEN.findall(piece), out, stack, args_box := [args]):
                return slow_operations(data)
            args = args_box[0]
            continue
        into = stack[-1] if stack else args
        for word in piece.split():
            if not word.strip(_NUMBER_CHARS):  # digits, signs and points only
                try:
                    into.append(float(word))
                    continue
                except ValueError:
                    pass  # + - . 1.2.3: an operator, as the tokenizer reads it
            elif word[0] == 0x2F:  # /
                into.append(word.decode("latin-1"))
                continue
            if word == b"BI":  # an inline image
                return slow_operations(data)
            out.append((word.decode("latin-1"), args))
            args = []
            into = stack[-1] if stack else args
    return out


def _read_words(tokens: list[tuple], out: list, stack: list[list], args_box: list[list]) -> bool:
    """Numbers, names and operators from :data:`_FAST_TOKEN` matches of a stretch without strings or
    arrays, into ``out`` and the operands (``args_box[0]``, or the array open); True at an inline image
    (the stream is then read token by token)."""
    args = args_box[0]
    for num, name, string, hexs, punct, op in tokens:
        if num:
            value = float(num)
        elif op:
            out.append((op.decode("latin-1"), args))
            args = []
            continue
        elif name:
            value = name.decode("latin-1")
        elif string or hexs or punct:  # an inline image ("BI"; the rest cannot be in such a stretch)
            return True
        else:
            continue  # a comment
        (stack[-1] if stack else args).append(value)
    args_box[0] = args
    return False


def regex_operations(data: bytes) -> list[tuple[str, list]]:
    """:func:`operations` read by one regular expression (as it was read before the faster split)."""
    out: list[tuple[str, list]] = []
    args: list = []
    stack: list[list] = []
    for num, name, string, hexs, punct, op in _FAST_TOKEN.findall(data):
        if num:
            value = float(num)
        elif op:
            out.append((op.decode("latin-1"), args))
            args = []
            continue
        elif name:
            value = name.decode("latin-1")
        elif string:
            value = string[1:-1] if b"\\" not in string else _literal(string[1:] + b")", 0)[0]
        elif hexs:
            digits = re.sub(rb"[^0-9A-Fa-f]", b"", hexs[1:-1])
            value = bytes.fromhex((digits + b"0" * (len(digits) % 2)).decode("ascii"))
        elif punct == b"[":
            stack.append([])
            continue
        elif punct == b"]":
            if not stack:
                continue
            value = stack.pop()
        elif punct in (b"<<", b">>"):
            continue
        elif punct:  # "(" of a string with brackets inside, or "BI": read it token by token
            return slow_operations(data)
        else:
            continue  # a comment
        (stack[-1] if stack else args).append(value)
    return out


def slow_operations(data: bytes) -> list[tuple[str, list]]:
    out: list[tuple[str, list]] = []
    args: list = []
    for kind, value in _tokens(data):
        if kind == "op":
            out.append((value, args))
            args = []
        else:
            args.append(value)
    return out


def _tokens(data: bytes):
    """(kind, value) of each token: "op" with its name, or an operand (number, name, string, array)."""
    i, n = 0, len(data)
    stack: list[list] = []
    while i < n:
        m = _PDF_TOKEN.match(data, i)
        if m is None:
            i += 1
            continue
        kind = m.lastgroup
        i = m.end()
        if kind == "ws" or kind == "dict":
            continue
        if kind == "num":
            value = float(m.group(kind))
        elif kind == "str":
            value, i = _literal(data, i)
        elif kind == "hex":
            digits = re.sub(rb"[^0-9A-Fa-f]", b"", m.group(kind)[1:-1])
            value = bytes.fromhex((digits + b"0" * (len(digits) % 2)).decode("ascii"))
        elif kind == "name":
            value = m.group(kind).decode("latin-1")
        elif kind == "open":
            stack.append([])
            continue
        elif kind == "close":
            if stack:
                value = stack.pop()
            else:
                continue
        else:  # an operator
            op = m.group(kind).decode("latin-1")
            if op == "BI":  # an inline image: skip its data up to EI
                end = re.compile(rb"[\x00\t\n\x0c\r ]EI(?=[\x00\t\n\x0c\r ]|$)").search(data, i)
                i = end.end() if end else n
                continue
            yield "op", op
            continue
        if stack:
            stack[-1].append(value)
        else:
            yield "arg", value


INK_CACHED = 64  # font programs whose ink boxes are kept (a verify of a kit meets about 20)
_ink_cache: dict[str, dict[int, tuple[float, float, float, float] | None]] = {}


def ink_boxes(program: bytes) -> dict[int, tuple[float, float, float, float] | None]:
    """Code → the ink box of its glyph (thousandths of the em; None for a glyph without contours)
    of an embedded TrueType font program, through its first cmap. Read once for each program: kept
    by the sha256 of its bytes (the same subset is embedded in many pages and files), so a font
    changed under the same name is another program, read anew."""
    key = hashlib.sha256(program).hexdigest()
    boxes = _ink_cache.pop(key, None)  # popped and put back: the last used is the last to go
    if boxes is None:
        boxes = _read_ink_boxes(program)
        while len(_ink_cache) >= INK_CACHED:
            del _ink_cache[next(iter(_ink_cache))]
    _ink_cache[key] = boxes
    return boxes


def _read_ink_boxes(program: bytes) -> dict[int, tuple[float, float, float, float] | None]:
    """:func:`ink_boxes`, read with fontTools. A glyph's box is the one its header in the glyf table
    states (the numbers fontTools gives as xMin, yMin, xMax, yMax): read from the header's ten bytes,
    without decoding the outline after it; what is no whole header is read by fontTools itself (and
    ends the reading where fontTools fails, as the whole font does)."""
    boxes: dict[int, tuple[float, float, float, float] | None] = {}
    try:
        from fontTools.ttLib import TTFont

        font = TTFont(io.BytesIO(program))
        k = 1000 / font["head"].unitsPerEm
        glyf, cmap = font["glyf"], font["cmap"].tables[0].cmap
        raw = getattr(glyf, "glyphs", {})
        for c, name in cmap.items():
            data = getattr(raw.get(name), "data", None)
            if isinstance(data, bytes) and len(data) >= 10:
                contours, x0, y0, x1, y1 = _GLYPH_HEADER.unpack_from(data)
            else:  # empty, or already read: fontTools' own
                g = glyf[name]
                contours = g.numberOfContours
                if contours:
                    x0, y0, x1, y1 = g.xMin, g.yMin, g.xMax, g.yMax
            boxes[c] = (x0 * k, y0 * k, x1 * k, y1 * k) if contours else None
    except Exception:  # noqa: BLE001 - a font fontTools cannot read: no ink boxes (from where it failed)
        pass
    return boxes


_GLYPH_HEADER = struct.Struct(">hhhhh")  # a glyph's numberOfContours, xMin, yMin, xMax, yMax


class _Font:
    """Enough of a PDF font to read its text: codes → characters (ToUnicode) and advance widths."""

    def __init__(self, font):
        self.two_bytes = font.get("/Subtype") == "/Type0"
        self.chars: dict[int, str] = {}
        self.widths: dict[int, float] = {}
        if "/ToUnicode" in font:
            self.chars = _cmap(decoded(font["/ToUnicode"]))
        if not self.two_bytes and "/Widths" in font:
            first = int(font.get("/FirstChar", 0))
            for k, w in enumerate(resolve(font["/Widths"])):
                self.widths[first + k] = float(resolve(w))

        self._file = None if self.two_bytes else resolve(resolve(font.get("/FontDescriptor") or {}).get("/FontFile2"))
        self._boxes: dict[int, tuple[float, float, float, float] | None] | None = None

    def box(self, code: int) -> tuple[float, float, float, float] | None:
        """The ink box of a code's glyph in thousandths of the em, read from the embedded TrueType
        font (None where there is none, or nothing to read)."""
        if self._boxes is None:
            try:
                data = decoded(self._file)
            except Exception:  # noqa: BLE001 - no font file, or one that cannot be decoded: no ink boxes
                data = None
            self._boxes = ink_boxes(data) if isinstance(data, bytes) else {}
        return self._boxes.get(code)

    def codes(self, data: bytes) -> list[int]:
        if self.two_bytes:
            return [int.from_bytes(data[i:i + 2], "big") for i in range(0, len(data) - 1, 2)]
        return list(data)

    def text(self, codes: list[int]) -> str:
        return "".join(self.chars.get(c, chr(c) if not self.two_bytes else "\ufffd") for c in codes)


def _cmap(data: bytes) -> dict[int, str]:
    """The bfchar and bfrange entries of a ToUnicode CMap."""
    out: dict[int, str] = {}

    def utf16(h: bytes) -> str:
        return bytes.fromhex(h.decode("ascii")).decode("utf-16-be", errors="replace")

    for block in re.findall(rb"beginbfchar(.*?)endbfchar", data, re.S):
        for src, dst in re.findall(rb"<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]*)>", block):
            out[int(src, 16)] = utf16(dst)
    for block in re.findall(rb"beginbfrange(.*?)endbfrange", data, re.S):
        for lo, hi, rest in re.findall(rb"<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*(<[0-9A-Fa-f]*>|\[[^\]]*\])", block):
            lo_i, hi_i = int(lo, 16), int(hi, 16)
            if rest.startswith(b"["):
                for k, dst in enumerate(re.findall(rb"<([0-9A-Fa-f]*)>", rest)):
                    out[lo_i + k] = utf16(dst)
            else:
                start = bytes.fromhex(rest[1:-1].decode("ascii"))
                base = int.from_bytes(start, "big")
                for k in range(min(hi_i - lo_i, 0xFFFF) + 1):
                    out[lo_i + k] = (base + k).to_bytes(len(start), "big").decode("utf-16-be", errors="replace")
    return out


def _page_fonts(page, known: dict | None = None) -> dict[str, _Font]:
    """The page's fonts by resource name. ``known``: the fonts read from other pages of the same file,
    by their object number (a font the pages share is read once)."""
    resources = resolve(page.get("/Resources")) or {}
    out = {}
    for name, ref in (resolve(resources.get("/Font")) or {}).items():
        number = (ref.idnum, ref.generation) if known is not None and hasattr(ref, "idnum") else None
        font = known.get(number) if number is not None else None
        if font is None:
            font = _Font(resolve(ref))
            if number is not None:
                known[number] = font
        out[str(name)] = font
    return out


def _stream_bytes(page) -> bytes:
    contents = page.get("/Contents")
    if contents is None:
        return b""
    contents = resolve(contents)
    parts = contents if isinstance(contents, list) else [contents]
    return b"\n".join(decoded(p) for p in parts)


class _PageReader:
    """The state of a content stream read operator by operator: the graphics state's matrix and its saved
    copies, the path being built and the text state. Each operator the reader needs has a method of its
    own (``_OPS``); the rest draw nothing a check looks for."""

    def __init__(self, out: PdfPage, fonts: dict[str, _Font]):
        self.out, self.fonts = out, fonts
        self.ctm = IDENTITY
        self.saved: list = []
        self.subpaths: list[list[tuple[float, float] | None]] = []  # the current path, in page points
        self.rects: list[tuple] = []  # (corners in page points) from "re"
        self.clip = False
        self.tm = self.tlm = IDENTITY
        self.font: _Font | None = None
        self.size = self.leading = 0.0

    # the graphics state and paths
    def q(self, args) -> None:
        self.saved.append(self.ctm)

    def Q(self, args) -> None:  # PDF's operator Q (restore the graphics state)
        self.ctm = self.saved.pop() if self.saved else self.ctm

    def cm(self, args) -> None:
        if len(args) >= 6:
            self.ctm = mul(tuple(args[-6:]), self.ctm)

    def re(self, args) -> None:
        if len(args) >= 4:
            x, y, w, h = args[-4:]
            self.rects.append(tuple(apply(self.ctm, px, py)
                                    for px, py in ((x, y), (x + w, y), (x + w, y + h), (x, y + h))))

    def move(self, args) -> None:
        if len(args) >= 2:
            self.subpaths.append([apply(self.ctm, *args[-2:])])

    def line(self, args) -> None:
        if len(args) >= 2 and self.subpaths:
            self.subpaths[-1].append(apply(self.ctm, *args[-2:]))

    def curve(self, args) -> None:
        if self.subpaths:
            self.subpaths[-1].append(None)  # a curve: this subpath is no rectangle
            self.subpaths[-1].append(apply(self.ctm, *args[-2:]))

    def clip_next(self, args) -> None:
        self.clip = True

    def paint(self, op: str) -> None:
        """Ends the path: its rectangles painted (unless it clips), its straight two-point subpaths stroked,
        or its rectangles a clip."""
        shapes = self.rects + [c for c in (_corners(s) for s in self.subpaths) if c]
        out = self.out
        if op != "n" and not self.clip:
            out.squares += [_square(corners) for corners in shapes]
        if op in _STROKE:
            out.lines += [(a[0] * MM, a[1] * MM, b[0] * MM, b[1] * MM) for a, b in
                          (sp for sp in self.subpaths if len(sp) == 2 and None not in sp)]
        if self.clip:
            out.clips += [_square(c) for c in shapes]
        self.subpaths, self.rects, self.clip = [], [], False

    # the text state
    def begin_text(self, args) -> None:
        self.tm = self.tlm = IDENTITY

    def set_font(self, args) -> None:
        if len(args) >= 2:
            self.font, self.size = self.fonts.get(str(args[-2])), float(args[-1])

    def set_leading(self, args) -> None:
        if args:
            self.leading = float(args[-1])

    def next_line(self, args) -> None:
        self.tlm = mul((1.0, 0.0, 0.0, 1.0, 0.0, -self.leading), self.tlm)
        self.tm = self.tlm

    def move_text(self, args) -> None:
        if len(args) >= 2:
            self.tlm = mul((1.0, 0.0, 0.0, 1.0, args[-2], args[-1]), self.tlm)
            self.tm = self.tlm

    def move_text_leading(self, args) -> None:
        if len(args) >= 2:
            self.move_text(args)
            self.leading = -args[-1]

    def set_matrix(self, args) -> None:
        if len(args) >= 6:
            self.tm = self.tlm = tuple(args[-6:])

    def show_string(self, args) -> None:
        if args and isinstance(args[-1], bytes) and self.font:
            self.show(self.font.codes(args[-1]))

    def show_on_next_line(self, args) -> None:
        if args and isinstance(args[-1], bytes) and self.font:
            self.next_line(args)
            self.show(self.font.codes(args[-1]))

    def show_array(self, args) -> None:
        if not (args and isinstance(args[-1], list) and self.font):
            return
        codes: list[int] = []
        adjust = []
        for part in args[-1]:
            if isinstance(part, bytes):
                codes += self.font.codes(part)
            elif isinstance(part, float):
                adjust.append((len(codes), part))
        self.show(codes, adjust)

    def show(self, codes: list[int], adjust: list[tuple[int, float]] = ()) -> None:
        font, size = self.font, self.size
        if font is None:
            return
        advance = sum(font.widths.get(c, 0.0) for c in codes) / 1000 * size
        advance -= sum(k for _, k in adjust) / 1000 * size
        m = mul(self.tm, self.ctm)
        x1, y1 = apply(m, advance / 2, size * 0.35)
        scale = math.hypot(m[2], m[3])
        text = font.text(codes)
        if text.strip():
            self.out.runs.append(Run(x1 * MM, y1 * MM, size * scale * MM, text, _run_ink(font, codes, m, size)))
        self.tm = mul((1.0, 0.0, 0.0, 1.0, advance, 0.0), self.tm)

    def read(self, op: str, args: list) -> None:
        if op in _PAINT or op == "n":
            self.paint(op)
            return
        name = _OPS.get(op)
        if name is not None:
            getattr(self, name)(args)


# a content stream's operators the reader follows, and its method for each
_OPS = {"q": "q", "Q": "Q", "cm": "cm", "re": "re", "m": "move", "l": "line", "c": "curve", "v": "curve",
        "y": "curve", "W": "clip_next", "W*": "clip_next", "BT": "begin_text", "Tf": "set_font", "TL": "set_leading",
        "Td": "move_text", "TD": "move_text_leading", "Tm": "set_matrix", "T*": "next_line", "Tj": "show_string",
        "'": "show_on_next_line", '"': "show_on_next_line", "TJ": "show_array"}


def read_page(page, width: float, height: float, fonts: dict | None = None) -> PdfPage:
    """The rectangles (``re``, or a closed path of four corners at right angles) painted on the
    page and its text runs, in mm; clipping paths are not painted and are left out. ``fonts``: a
    dict kept over the pages of one file, where the fonts they share are read once."""
    out = PdfPage(width, height)
    reader = _PageReader(out, _page_fonts(page, fonts))
    for op, args in operations(_stream_bytes(page)):
        try:
            reader.read(op, args)
        except (TypeError, ValueError, IndexError):
            pass  # an operator with operands of the wrong kind draws nothing a check looks for
    return out


def _corners(points: list) -> tuple | None:
    """The four corners of a closed subpath that is a rectangle (sides at right angles), else None."""
    if None in points:
        return None
    pts = list(points)
    if len(pts) == 5 and math.dist(pts[0], pts[4]) < 1e-3:
        pts = pts[:4]
    if len(pts) != 4:
        return None
    for k in range(4):
        a, b, c = pts[k - 1], pts[k], pts[(k + 1) % 4]
        u, v = (b[0] - a[0], b[1] - a[1]), (c[0] - b[0], c[1] - b[1])
        if abs(u[0] * v[0] + u[1] * v[1]) > 1e-3 * (math.hypot(*u) * math.hypot(*v) + 1e-9):
            return None
    return tuple(pts)


def _square(corners) -> Square:
    """A Square (mm) from four corners in points, in order around the rectangle."""
    (ax, ay), (bx, by), _, (dx, dy) = corners
    xs, ys = [p[0] * MM for p in corners], [p[1] * MM for p in corners]
    return Square(min(xs), min(ys), max(xs), max(ys), math.hypot(bx - ax, by - ay) * MM,
                  math.hypot(dx - ax, dy - ay) * MM)
