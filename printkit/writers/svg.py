"""SVG writer (svgwrite): one page of geometry → one SVG file at true size.

The root is ``width="Wmm" height="Hmm" viewBox="0 0 W H"``, so one user unit is one millimetre;
inner elements carry plain numbers. Letters are the geometry's outline paths (never ``<text>``),
so nothing depends on the fonts of the machine that opens the file. Items go into Inkscape layers
by role, in job order. It refuses, rather than drop or misfile, a document of more than one page,
a path command it does not know, and a group holding more than one role.
"""

from __future__ import annotations

import importlib
import io
import sys
import types
from pathlib import Path
from typing import BinaryIO

from ..geometry import (
    COMMANDS,
    Circle,
    Document,
    Drawn,
    Group,
    Layer,
    Line,
    Page,
    Path as GPath,
    Rect,
    Role,
    Text,
    outline,
    roles,
)
from .errors import WriterError

_GRAMMAR = "svgwrite.data.svgparser"


class _Unbuilt(types.ModuleType):
    """Stands in for svgwrite's validation grammar while svgwrite is imported: each function asked
    of it is one that imports the real grammar when first called. svgwrite compiles that grammar
    (its regular expressions for path data, transforms, timings) on import, 0.15 s, a tenth of a
    build, and calls it only to validate attributes with ``debug=True``; printkit writes with
    ``debug=False``, so it is never built, and the SVGs are the same bytes."""

    def __getattr__(self, name: str):
        if name.startswith("__"):
            raise AttributeError(name)

        def call(*args, **kwargs):
            return getattr(importlib.import_module(_GRAMMAR), name)(*args, **kwargs)

        call.__name__ = name
        return call


def _svgwrite():
    if "svgwrite" not in sys.modules and _GRAMMAR not in sys.modules:
        stub = sys.modules[_GRAMMAR] = _Unbuilt(_GRAMMAR)
        try:
            import svgwrite  # noqa: F401
        finally:
            if sys.modules.get(_GRAMMAR) is stub:  # whoever imports it from now on gets the real one
                del sys.modules[_GRAMMAR]
    import svgwrite

    return svgwrite


svgwrite = _svgwrite()
from svgwrite.extensions import Inkscape  # noqa: E402 - after svgwrite, imported without its grammar

LAYER_ORDER = (Role.PRINT, Role.ENGRAVE, Role.SCORE, Role.GUIDE, Role.CUT)


# tags written as the element's id: the registration marks, which inkscape-silhouette's send dialogue
# finds by the ids its own regmark generator gives them (regmark-tl, -tr, -bl, -br)
ID_TAGS = ("regmark-",)


def num(v: float) -> str:
    """A coordinate to the micrometre, without trailing zeros."""
    text = f"{v:.3f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


class _Builder:
    def __init__(self, dwg: svgwrite.Drawing):
        self.dwg = dwg
        self.clips = 0

    def element(self, item):
        el = self._element(item)
        if getattr(item, "tag", "").startswith(ID_TAGS):  # an element other software finds by its id
            el["id"] = item.tag
        return el

    def _element(self, item):
        d = self.dwg
        if isinstance(item, Rect):
            return d.rect((num(item.x), num(item.y)), (num(item.w), num(item.h)), **_paint(item.fill, item.stroke,
                                                                                         item.stroke_mm))
        if isinstance(item, Line):
            return d.line((num(item.x1), num(item.y1)), (num(item.x2), num(item.y2)),
                          **_paint(None, item.stroke, item.stroke_mm))
        if isinstance(item, Circle):
            return d.circle((num(item.cx), num(item.cy)), num(item.r), **_paint(item.fill, item.stroke, item.stroke_mm))
        if isinstance(item, GPath):
            return d.path(d=_commands(item.commands), **_paint(item.fill, item.stroke, item.stroke_mm))
        if isinstance(item, Text):
            return self.element(outline(item))
        if isinstance(item, Group):
            g = d.g()
            if item.dx or item.dy:
                g["transform"] = f"translate({num(item.dx)} {num(item.dy)})"
            if item.clip is not None:
                self.clips += 1
                cid = f"clip{self.clips}"
                cp = d.defs.add(d.clipPath(id=cid))
                r = item.clip
                cp.add(d.rect((num(r.x), num(r.y)), (num(r.w), num(r.h))))
                inner = d.g(clip_path=f"url(#{cid})")
                g.add(inner)
                target = inner
            else:
                target = g
            for child in item.items:
                target.add(self.element(child))
            return g
        raise WriterError(f"SVG: cannot write {item!r}")


def _paint(fill, stroke, width) -> dict:
    out = {"fill": fill or "none"}
    if stroke and width > 0:
        out["stroke"] = stroke
        out["stroke_width"] = num(width)
    return out


def _commands(commands) -> str:
    parts = []
    for cmd in commands:
        if COMMANDS.get(cmd[0]) != len(cmd) - 1:
            raise WriterError(f"SVG: path command {cmd!r} is not one of {', '.join(COMMANDS)} with its points")
        parts.append(cmd[0] + " ".join(num(v) for v in cmd[1:]))
    return "".join(parts)


def _layer(item) -> Role:
    """The one role of a top-level item: its layer. A group holding several roles has no layer."""
    if not isinstance(item, (Drawn, Group)):
        raise WriterError(f"SVG: cannot write {item!r}")
    found = roles(item)
    if len(found) != 1:
        what = ", ".join(sorted(r.value for r in found)) or "nothing"
        raise WriterError(f"SVG: group {item.tag!r} holds {what}: each layer holds one role, so split the group "
                          f"by role")
    return next(iter(found))


def _layers(page: Page) -> list[tuple[str, list]]:
    """The page's Inkscape layers, in order: its named layers as the page lists them (a laser
    job's operations), or else its items sorted by role in :data:`LAYER_ORDER`."""
    named = [item for item in page.items if isinstance(item, Layer)]
    if named:
        if len(named) != len(page.items):
            raise WriterError("SVG: a page with named layers holds everything in them")
        names = [layer.name for layer in named]
        if len(set(names)) != len(names) or not all(names):
            raise WriterError(f"SVG: layer names must be given and different: {names}")
        return [(layer.name, [layer]) for layer in named]
    by_role: dict[Role, list] = {}
    for item in page.items:
        by_role.setdefault(_layer(item), []).append(item)
    return [(role.value, by_role[role]) for role in LAYER_ORDER if role in by_role]


def _slug(name: str) -> str:
    return "".join(c if c.isalnum() else "-" for c in name.lower()).strip("-") or "layer"


def write_svg(doc: Document, target: Path | str | BinaryIO) -> None:
    """Write the page to ``target``: a path, or a binary file object (UTF-8, "\n" line ends either way)."""
    if len(doc.pages) != 1:
        raise WriterError(f"SVG: {doc.path} has {len(doc.pages)} pages; an SVG file holds exactly one")
    page: Page = doc.pages[0]
    w, h = num(page.width), num(page.height)
    dwg = svgwrite.Drawing(size=(f"{w}mm", f"{h}mm"), viewBox=f"0 0 {w} {h}", profile="full",
                           debug=False)
    if doc.title:
        dwg.set_desc(title=doc.title)
    inkscape = Inkscape(dwg)
    builder = _Builder(dwg)
    for label, items in _layers(page):
        layer = inkscape.layer(label=label, id=f"layer-{_slug(label)}")
        for item in items:
            layer.add(builder.element(item))
        dwg.add(layer)
    text = io.StringIO()
    dwg.write(text, pretty=False)
    data = text.getvalue().encode("utf-8")
    if hasattr(target, "write"):
        target.write(data)
    else:
        Path(target).write_bytes(data)
