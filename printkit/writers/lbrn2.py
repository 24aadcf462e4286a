"""LightBurn project writer (``.lbrn2``): one page of geometry → a project LightBurn opens with its layers made.

LightBurn publishes no specification of its format; what is written here follows what its developers have said on
their forum and what open programs that read and write it do (MeerK40t reads it; boxes.py and LaserPost write it),
and it is checked by loading every file in MeerK40t (tests/laser/test_lbrn2_meerk40t.py). A project is XML:

- ``<LightBurnProject FormatVersion="1">`` (the form whose shapes list their points as text);
- one ``<CutSetting>`` per layer of the page, in the page's (the job's) order: ``type`` ``Scan`` for a filled
  operation (LightBurn's Fill mode) and ``Cut`` for a line (Line mode); ``index``, the colour LightBurn shows it
  in (:data:`PALETTE`: the profile's colour where LightBurn has it, else the next free one: every layer its own,
  even two layers of one colour); ``name``; ``priority``, the job order; ``speed`` in mm/s; ``maxPower`` and
  ``minPower`` in % (and the ``…2`` pair, LightBurn's second laser source, the same); ``numPasses``; for a fill its
  line ``interval`` in mm;
- every drawn item as a ``<Shape>`` of its layer's ``CutIndex``, in millimetres with y pointing up (LightBurn's
  workspace: the page flipped about its height, as in a DXF): a circle as an ``Ellipse`` placed by its
  ``XForm``; everything else as a ``Path`` of one contour, its vertices in ``VertList`` (``V x y``, and the
  control points ``c0`` out of the vertex and ``c1`` into it where a curve has them; ``c0x1``/``c1x1`` where
  it has none) and its segments in ``PrimList`` (``L i j`` a line, ``B i j`` a cubic curve; a closed contour
  ends with a segment back to vertex 0). Letters are their outlines (TrueType's quadratic curves raised to
  cubic ones exactly): no font is needed;
- ``<Notes>``: the document's notes (the kit, the material, printkit's version).

The bytes depend on nothing but the document.
"""

from __future__ import annotations

from pathlib import Path
from typing import BinaryIO
from xml.sax.saxutils import escape

from ..geometry import COMMANDS, Circle, Document, Group, Layer, Line, Path as GPath, Rect, Text, outline
from .errors import WriterError

# LightBurn's palette: the layers C00 to C03 and the colours it shows them in (docs.lightburnsoftware.com, Color
# Palette, "RGB and Hex codes"; as templates/machines/lightburn.yaml says). A layer of another colour takes the
# lowest index no layer of the page has taken.
PALETTE = {"#000000": 0, "#0000ff": 1, "#ff0000": 2, "#00e000": 3}
LAYERS = 30  # C00 to C29: LightBurn's colour layers (30 and 31 are its tool layers, never cut)
APP_VERSION = "1.0.06"  # the LightBurn the project says it is from: an old one, which every later one opens
TYPES = {True: "Scan", False: "Cut"}
# what an attribute's value escapes besides & < >: its quote, and the breaks a reader would make spaces of
_ATTRIBUTE = {'"': "&quot;", "\n": "&#10;", "\r": "&#13;", "\t": "&#9;"}


def attr(value) -> str:
    """An attribute's value, quoted and escaped."""
    return '"' + escape(str(value), _ATTRIBUTE) + '"'
  # a CutSetting's type: fill (raster) or line


def num(v: float) -> str:
    """A coordinate as the project writes it: at most four decimals (0.1 µm), no trailing zeros, no -0."""
    text = f"{v:.4f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


class _Vertex:
    __slots__ = ("x", "y", "c0", "c1")

    def __init__(self, x: float, y: float):
        self.x, self.y = x, y
        self.c0: tuple[float, float] | None = None  # the control point leaving this vertex
        self.c1: tuple[float, float] | None = None  # the control point arriving at it

    def text(self) -> str:
        out = f"V{num(self.x)} {num(self.y)}"
        out += f"c0x{num(self.c0[0])}c0y{num(self.c0[1])}" if self.c0 else "c0x1"
        out += f"c1x{num(self.c1[0])}c1y{num(self.c1[1])}" if self.c1 else "c1x1"
        return out


class _Contour:
    """One contour: its vertices and segments (``L`` or ``B``, from one vertex to the next)."""

    def __init__(self, x: float, y: float):
        self.verts = [_Vertex(x, y)]
        self.prims: list[str] = []
        self.closed = False

    def line(self, x: float, y: float) -> None:
        self.verts.append(_Vertex(x, y))
        self.prims.append("L")

    def cubic(self, c1: tuple[float, float], c2: tuple[float, float], x: float, y: float) -> None:
        self.verts[-1].c0 = c1
        self.verts.append(_Vertex(x, y))
        self.verts[-1].c1 = c2
        self.prims.append("B")

    def close(self) -> None:
        """Join the end to the start: a last vertex on the start is the start (its arriving control point
        moved there); else a straight segment back."""
        first, last = self.verts[0], self.verts[-1]
        if len(self.verts) > 1 and (num(first.x), num(first.y)) == (num(last.x), num(last.y)):
            first.c1 = last.c1
            self.verts.pop()
        else:
            self.prims.append("L")
        self.closed = True

    def xml(self, index: int) -> str:
        n = len(self.verts)
        prims = "".join(f"{kind}{i} {(i + 1) % n}" for i, kind in enumerate(self.prims))
        verts = "".join(v.text() for v in self.verts)
        return (f'<Shape Type="Path" CutIndex="{index}"><XForm>1 0 0 1 0 0</XForm>'
                f"<VertList>{verts}</VertList><PrimList>{prims}</PrimList></Shape>")


class _Shapes:
    """The shapes of one layer, in LightBurn's coordinates (mm, y up from the page's bottom edge)."""

    def __init__(self, height: float, index: int):
        self.h = height
        self.index = index
        self.out: list[str] = []

    def pt(self, x: float, y: float, dx: float, dy: float) -> tuple[float, float]:
        return x + dx, self.h - (y + dy)

    def add(self, item, dx: float = 0.0, dy: float = 0.0) -> None:
        if isinstance(item, Group):
            if item.clip is not None:
                raise WriterError("LightBurn project: a clipped group cannot be written (it has no clipping)")
            for child in item.items:
                self.add(child, dx + item.dx, dy + item.dy)
        elif isinstance(item, Line):
            c = _Contour(*self.pt(item.x1, item.y1, dx, dy))
            c.line(*self.pt(item.x2, item.y2, dx, dy))
            self.out.append(c.xml(self.index))
        elif isinstance(item, Rect):
            c = _Contour(*self.pt(item.x, item.y, dx, dy))
            for x, y in ((item.x + item.w, item.y), (item.x + item.w, item.y + item.h), (item.x, item.y + item.h)):
                c.line(*self.pt(x, y, dx, dy))
            c.close()
            self.out.append(c.xml(self.index))
        elif isinstance(item, Circle):
            cx, cy = self.pt(item.cx, item.cy, dx, dy)
            r = num(item.r)
            self.out.append(f'<Shape Type="Ellipse" CutIndex="{self.index}" Rx="{r}" Ry="{r}">'
                            f"<XForm>1 0 0 1 {num(cx)} {num(cy)}</XForm></Shape>")
        elif isinstance(item, Text):
            self.add(outline(item), dx, dy)
        elif isinstance(item, GPath):
            self.path(item, dx, dy)
        else:
            raise WriterError(f"LightBurn project: cannot write {item!r}")

    def path(self, item: GPath, dx: float, dy: float) -> None:
        contour: _Contour | None = None
        here = (0.0, 0.0)

        def done() -> None:
            if contour is not None and contour.prims:
                self.out.append(contour.xml(self.index))

        for cmd in item.commands:
            op, args = cmd[0], cmd[1:]
            if COMMANDS.get(op) != len(args):
                raise WriterError(f"LightBurn project: path command {cmd!r} is not one of {', '.join(COMMANDS)} "
                                  f"with its points")
            pts = [self.pt(args[i], args[i + 1], dx, dy) for i in range(0, len(args), 2)]
            if op == "M":
                done()
                contour = _Contour(*pts[0])
            elif contour is None:
                raise WriterError(f"LightBurn project: path {item.tag!r} draws before it moves to a start")
            elif op == "L":
                contour.line(*pts[0])
            elif op == "Q":  # a quadratic curve is the cubic whose controls lie 2/3 of the way to its one
                (qx, qy), (x, y) = pts
                c1 = (here[0] + 2 * (qx - here[0]) / 3, here[1] + 2 * (qy - here[1]) / 3)
                c2 = (x + 2 * (qx - x) / 3, y + 2 * (qy - y) / 3)
                contour.cubic(c1, c2, x, y)
            elif op == "C":
                contour.cubic(pts[0], pts[1], *pts[2])
            elif op == "Z":
                contour.close()
                done()
                start = contour.verts[0]
                here = (start.x, start.y)
                contour = None
                continue
            here = pts[-1]
        done()


def _indexes(colours: list[str | None]) -> list[int]:
    """Each layer's CutSetting index: its colour's in LightBurn's palette where that is not taken yet, else the
    lowest free one (two layers of one colour stay two layers)."""
    taken: set[int] = set()
    out: list[int] = []
    for colour in colours:
        wanted = PALETTE.get(colour or "")
        if wanted is None or wanted in taken:
            wanted = next((i for i in range(LAYERS) if i not in taken and i not in PALETTE.values()),
                          next((i for i in range(LAYERS) if i not in taken), None))
        if wanted is None:
            raise WriterError(f"LightBurn project: more than {LAYERS} layers")
        taken.add(wanted)
        out.append(wanted)
    return out


def _cut_setting(index: int, name: str, priority: int, op) -> str:
    power = op.power_pct
    if power is None:
        raise WriterError(f"LightBurn project: the layer {name!r} has no power (a material or the profile gives it)")
    low = power if op.min_power_pct is None else op.min_power_pct
    rows = [("index", index), ("name", name), ("minPower", num(low)), ("maxPower", num(power)),
            ("minPower2", num(low)), ("maxPower2", num(power)), ("speed", num(op.speed_mm_s)),
            ("priority", priority), ("numPasses", op.passes or 1)]
    if op.fill:
        rows.append(("interval", num(op.interval_mm)))
    body = "".join(f"<{k} Value={attr(v)}/>" for k, v in rows)
    return f'<CutSetting type="{TYPES[bool(op.fill)]}">{body}</CutSetting>'


def lbrn2_bytes(doc: Document) -> bytes:
    """The project of the one page of ``doc``."""
    if len(doc.pages) != 1:
        raise WriterError(f"LightBurn project: {doc.path} has {len(doc.pages)} pages; a project holds exactly one")
    page = doc.pages[0]
    layers = [item for item in page.items if isinstance(item, Layer)]
    if not layers or len(layers) != len(page.items):
        raise WriterError("LightBurn project: a page of named layers only (each layer a LightBurn layer)")
    settings = dict(doc.settings)
    missing = [layer.name for layer in layers if layer.name not in settings]
    if missing:
        raise WriterError(f"LightBurn project: no settings for the layers {', '.join(missing)}")
    indexes = _indexes([getattr(settings[layer.name], "colour", None) for layer in layers])
    out = ['<?xml version="1.0" encoding="UTF-8"?>\n',
           f'<LightBurnProject AppVersion="{APP_VERSION}" FormatVersion="1" MaterialHeight="0" MirrorX="False" '
           f'MirrorY="False">\n']
    for priority, (layer, index) in enumerate(zip(layers, indexes)):
        out.append(_cut_setting(index, layer.name, priority, settings[layer.name]) + "\n")
    for layer, index in zip(layers, indexes):
        shapes = _Shapes(page.height, index)
        shapes.add(layer)
        out.extend(s + "\n" for s in shapes.out)
    out.append(f"<Notes ShowOnLoad=\"0\" Notes={attr(doc.notes)}/>\n")
    out.append("</LightBurnProject>\n")
    return "".join(out).encode("utf-8")


def write_lbrn2(doc: Document, target: Path | str | BinaryIO) -> None:
    """Write the one page of ``doc`` to ``target``: a path, or a binary file object."""
    data = lbrn2_bytes(doc)
    if hasattr(target, "write"):
        target.write(data)
    else:
        Path(target).write_bytes(data)
