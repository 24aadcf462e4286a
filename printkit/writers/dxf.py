"""DXF writer (ezdxf): one page of geometry → one DXF in millimetres, for laser software that reads
DXF (RDWorks, and most others).

``$INSUNITS`` is millimetres, so the file imports at true size. y points up in DXF: the page is
flipped about its height. Named layers of the page become DXF layers in the page's order (else one
layer per role), numbered from 1 so that a program listing layers by name lists them in job order
(``1-engrave``, ``2-score``, ``3-inner-cuts``, ``4-outer-cut``: letters, digits and dashes only, which
every DXF reader takes). Every entity and every layer carries its colour twice: as its colour
number (ACI, :mod:`printkit.aci`: the number the profile gives the colour, else the standard one),
which RDWorks, LaserCAD and Inkscape's importer read, and as a true colour. ``$EXTMIN``/``$EXTMAX``
are the drawing's own extents and ``$LIMMIN``/``$LIMMAX`` the bed (or the page). Curves (letter
outlines) are flattened to closed polylines within 0.01 mm, which laser software fills or follows.
The bytes do not depend on the clock (ezdxf's stamps and ids are fixed) nor on the hash seed.
"""

from __future__ import annotations

import io
import re
import threading
from collections import Counter
from pathlib import Path
from typing import BinaryIO

from ..aci import aci
from ..errors import PrintkitError
from ..geometry import COMMANDS, Circle, Document, Group, Layer, Line, Path as GPath, Rect, Text, outline, roles
from ..install import install_line
from .errors import WriterError

FLATNESS_MM = 0.01  # the most a flattened curve strays from the true one
_lock = threading.Lock()  # ezdxf's option for fixed metadata is process-wide


def require_ezdxf():
    try:
        import ezdxf
    except ImportError:
        raise PrintkitError("DXF files need the ezdxf library, which is not installed: "
                            f"{install_line('dxf')}") from None
    return ezdxf


def _rgb(colour: str) -> tuple[int, int, int]:
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


class _Builder:
    def __init__(self, ezdxf, msp, height: float, numbers: dict[str, int]):
        self.ezdxf = ezdxf
        self.msp = msp
        self.h = height
        self.numbers = numbers  # the profile's colour numbers

    def pt(self, x: float, y: float, dx: float, dy: float) -> tuple[float, float]:
        return round(x + dx, 4), round(self.h - (y + dy), 4)

    def attribs(self, layer: str, colour: str | None) -> dict:
        """The entity's layer and its own colour: the number, not BYLAYER, since several readers
        ignore a layer's colour; and the true colour beside it."""
        out: dict = {"layer": layer}
        if colour:
            out["color"] = aci(colour, self.numbers)
            out["true_color"] = self.ezdxf.rgb2int(_rgb(colour))
        return out

    def add(self, item, layer: str, dx: float = 0.0, dy: float = 0.0) -> None:
        if isinstance(item, Group):
            if item.clip is not None:
                raise WriterError("DXF: a clipped group cannot be written (DXF has no clipping)")
            for child in item.items:
                self.add(child, layer, dx + item.dx, dy + item.dy)
        elif isinstance(item, Line):
            self.msp.add_line(self.pt(item.x1, item.y1, dx, dy), self.pt(item.x2, item.y2, dx, dy),
                              dxfattribs=self.attribs(layer, item.stroke))
        elif isinstance(item, Rect):
            corners = [(item.x, item.y), (item.x + item.w, item.y), (item.x + item.w, item.y + item.h),
                       (item.x, item.y + item.h)]
            self.msp.add_lwpolyline([self.pt(x, y, dx, dy) for x, y in corners], close=True,
                                    dxfattribs=self.attribs(layer, item.stroke or item.fill))
        elif isinstance(item, Circle):
            self.msp.add_circle(self.pt(item.cx, item.cy, dx, dy), item.r,
                                dxfattribs=self.attribs(layer, item.stroke or item.fill))
        elif isinstance(item, Text):
            self.add(outline(item), layer, dx, dy)
        elif isinstance(item, GPath):
            self.path(item, layer, dx, dy)
        else:
            raise WriterError(f"DXF: cannot write {item!r}")

    def path(self, item: GPath, layer: str, dx: float, dy: float) -> None:
        """Each subpath of ``item`` as a polyline, closed where the path closes it."""
        from ezdxf.path import Path as EzPath

        attribs = self.attribs(layer, item.stroke or item.fill)
        current: EzPath | None = None
        start = None

        def flush(closed: bool) -> None:
            if current is not None:
                points = [(round(v.x, 4), round(v.y, 4)) for v in current.flattening(FLATNESS_MM)]
                if closed and len(points) > 1 and points[0] == points[-1]:
                    points.pop()
                if len(points) > 1:
                    self.msp.add_lwpolyline(points, close=closed, dxfattribs=attribs)

        for cmd in item.commands:
            op, args = cmd[0], cmd[1:]
            if COMMANDS.get(op) != len(args):
                raise WriterError(f"DXF: path command {cmd!r} is not one of {', '.join(COMMANDS)} with its points")
            pts = [self.pt(args[i], args[i + 1], dx, dy) for i in range(0, len(args), 2)]
            if op == "M":
                flush(False)
                current, start = EzPath(pts[0]), pts[0]
            elif current is None:
                raise WriterError(f"DXF: path {item.tag!r} draws before it moves to a start")
            elif op == "L":
                current.line_to(pts[0])
            elif op == "Q":
                current.curve3_to(pts[1], pts[0])
            elif op == "C":
                current.curve4_to(pts[2], pts[0], pts[1])
            elif op == "Z":
                if current.end != start:
                    current.line_to(start)
                flush(True)
                current = None
        flush(False)


def _colours(items):
    """The colour of each drawn item in ``items`` and the groups inside them, in order."""
    for item in items:
        if isinstance(item, Group):
            yield from _colours(item.items)
        elif colour := getattr(item, "stroke", None) or getattr(item, "fill", None):
            yield colour


def _layer_colour(items: list) -> str | None:
    """The colour most of a layer's items are drawn in (the first of equally many)."""
    count = Counter(_colours(items))
    return max(count, key=lambda c: count[c]) if count else None  # max keeps the first of a tie


def dxf_layer_name(n: int, name: str) -> str:
    """The DXF name of the ``n``-th layer (from 1) of a page: ``3-inner-cuts``."""
    return f"{n}-" + (re.sub(r"[^A-Za-z0-9_$-]+", "-", name).strip("-") or "layer")


def _layers(page) -> list[tuple[str, list]]:
    named = [item for item in page.items if isinstance(item, Layer)]
    if named:
        if len(named) != len(page.items):
            raise WriterError("DXF: a page with named layers holds everything in them")
        return [(layer.name, [layer]) for layer in named]
    out: dict[str, list] = {}
    for item in page.items:
        found = roles(item)
        if len(found) != 1:
            raise WriterError(f"DXF: group {getattr(item, 'tag', '')!r} holds several roles: split it by role")
        out.setdefault(next(iter(found)).value, []).append(item)
    return list(out.items())


def _extents(msp, limits: tuple[float, float]) -> None:
    """The drawing's own extents (ezdxf leaves them at ±1e20, which puts a reader that places the
    drawing by them, as Inkscape's automatic scaling does, 1e20 mm away) and the bed as its limits,
    in model space and on paper (ezdxf's default is A3; LibreCAD prints the paper's limits as the
    page). ezdxf copies the layouts' into the header when it writes."""
    from ezdxf import bbox

    box = bbox.extents(msp, fast=False)
    if box.has_data:
        low = tuple(round(v, 4) for v in box.extmin)
        high = tuple(round(v, 4) for v in box.extmax)
    else:
        low = high = (0.0, 0.0, 0.0)
    msp.reset_extents(low, high)
    for layout in (msp, msp.doc.paperspace()):
        layout.reset_limits((0.0, 0.0), (float(limits[0]), float(limits[1])))
    msp.doc.header["$EXTMIN"], msp.doc.header["$EXTMAX"] = low, high  # ezdxf copies no extents of (0, 0, 0)


def write_dxf(doc: Document, target: Path | str | BinaryIO) -> None:
    """Write the one page of ``doc`` to ``target``: a path, or a binary file object."""
    ezdxf = require_ezdxf()
    if len(doc.pages) != 1:
        raise WriterError(f"DXF: {doc.path} has {len(doc.pages)} pages; a DXF file holds exactly one")
    page = doc.pages[0]
    text = io.StringIO()
    with _lock:  # ezdxf stamps the clock and random ids when a document is made and written, unless told
        saved = ezdxf.options.write_fixed_meta_data_for_testing
        ezdxf.options.write_fixed_meta_data_for_testing = True
        try:
            dxf = ezdxf.new("R2010", setup=False)
            dxf.units = ezdxf.units.MM
            dxf.header["$MEASUREMENT"] = 1  # metric
            msp = dxf.modelspace()
            numbers = dict(doc.index_colours)
            builder = _Builder(ezdxf, msp, page.height, numbers)
            for n, (name, items) in enumerate(_layers(page), 1):
                name = dxf_layer_name(n, name)
                colour = _layer_colour(items)
                if colour:
                    dxf.layers.add(name, color=aci(colour, numbers), true_color=ezdxf.rgb2int(_rgb(colour)))
                else:
                    dxf.layers.add(name, color=7)
                for item in items:
                    builder.add(item, name)
            _extents(msp, doc.bed or (page.width, page.height))
            # ezdxf adds the classes of the entity types in use from a set, in an order that changes
            # with the hash seed: add them first, sorted (a class already there is kept where it is)
            for dxftype in sorted(dxf.entitydb.dxf_types_in_use()):
                dxf.classes.add_class(dxftype)
            dxf.write(text)
        finally:
            ezdxf.options.write_fixed_meta_data_for_testing = saved
    data = text.getvalue().encode("utf-8")
    if hasattr(target, "write"):
        target.write(data)
    else:
        Path(target).write_bytes(data)
