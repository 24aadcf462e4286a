"""SVG writer (svgwrite): one page of geometry → one SVG file at true size.

The root is ``width="Wmm" height="Hmm" viewBox="0 0 W H"``, so one user unit is one millimetre;
inner elements carry plain numbers. Letters are paths made from the font's outlines (never
``<text>``), so nothing depends on the fonts of the machine that opens the file. Items go into
Inkscape layers by role, in job order.
"""

from __future__ import annotations

import io
from pathlib import Path
from typing import BinaryIO

import svgwrite
from fontTools.pens.basePen import BasePen
from fontTools.pens.transformPen import TransformPen
from svgwrite.extensions import Inkscape

from ..geometry import Circle, Document, Group, Line, Page, Path as GPath, Rect, Role, Text

LAYER_ORDER = (Role.PRINT, Role.ENGRAVE, Role.SCORE, Role.GUIDE, Role.CUT)


def num(v: float) -> str:
    """A coordinate to the micrometre, without trailing zeros."""
    text = f"{v:.3f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


class _PathData(BasePen):
    """Collects outline segments as SVG path data (quadratic TrueType curves kept as Q)."""

    def __init__(self):
        super().__init__(None)
        self.parts: list[str] = []

    def _moveTo(self, p):
        self.parts.append(f"M{num(p[0])} {num(p[1])}")

    def _lineTo(self, p):
        self.parts.append(f"L{num(p[0])} {num(p[1])}")

    def _qCurveToOne(self, p1, p2):
        self.parts.append(f"Q{num(p1[0])} {num(p1[1])} {num(p2[0])} {num(p2[1])}")

    def _curveToOne(self, p1, p2, p3):
        self.parts.append(f"C{num(p1[0])} {num(p1[1])} {num(p2[0])} {num(p2[1])} {num(p3[0])} {num(p3[1])}")

    def _closePath(self):
        self.parts.append("Z")


def text_path_data(t: Text) -> str:
    """Path data of a run of glyphs in page millimetres."""
    pen = _PathData()
    k = t.size / t.font.units
    x = t.x
    for ch in t.text:
        tp = TransformPen(pen, (k, 0, 0, -k, x, t.y))
        t.font.outline_replay(ch, tp)
        x += t.font.advance(ch) * k
    return "".join(pen.parts)


class _Builder:
    def __init__(self, dwg: svgwrite.Drawing):
        self.dwg = dwg
        self.clips = 0

    def element(self, item):
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
            return d.path(d=text_path_data(item), fill=item.fill)
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
        raise TypeError(f"cannot write {item!r}")


def _paint(fill, stroke, width) -> dict:
    out = {"fill": fill or "none"}
    if stroke and width > 0:
        out["stroke"] = stroke
        out["stroke_width"] = num(width)
    return out


def _commands(commands) -> str:
    parts = []
    for cmd in commands:
        parts.append(cmd[0] + " ".join(num(v) for v in cmd[1:]))
    return "".join(parts)


def _role(item) -> Role:
    if isinstance(item, Group):
        return _role(item.items[0]) if item.items else Role.PRINT
    return item.role


def write_svg(doc: Document, target: Path | str | BinaryIO) -> None:
    """Write the page to ``target``: a path, or a binary file object (UTF-8, "\n" line ends either way)."""
    page: Page = doc.pages[0]
    w, h = num(page.width), num(page.height)
    dwg = svgwrite.Drawing(size=(f"{w}mm", f"{h}mm"), viewBox=f"0 0 {w} {h}", profile="full",
                           debug=False)
    if doc.title:
        dwg.set_desc(title=doc.title)
    inkscape = Inkscape(dwg)
    builder = _Builder(dwg)
    by_role: dict[Role, list] = {}
    for item in page.items:
        by_role.setdefault(_role(item), []).append(item)
    for role in LAYER_ORDER:
        if role not in by_role:
            continue
        layer = inkscape.layer(label=role.value, id=f"layer-{role.value}")
        for item in by_role[role]:
            layer.add(builder.element(item))
        dwg.add(layer)
    text = io.StringIO()
    dwg.write(text, pretty=False)
    data = text.getvalue().encode("utf-8")
    if hasattr(target, "write"):
        target.write(data)
    else:
        Path(target).write_bytes(data)
