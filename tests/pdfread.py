"""Reading built files back in millimetres, for the tests."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from pathlib import Path

import pdfplumber
from fontTools.pens.boundsPen import BoundsPen

MM = 25.4 / 72  # millimetres per point
SVG = "{http://www.w3.org/2000/svg}"


@dataclass(frozen=True)
class Box:
    x: float
    y: float  # from the top of the page
    w: float
    h: float

    def contains(self, x: float, y: float) -> bool:
        return self.x <= x <= self.x + self.w and self.y <= y <= self.y + self.h


def squares(page, min_mm: float = 5.0) -> list[Box]:
    """Filled squares on a pdfplumber page, in mm (tiles, board cells)."""
    out = []
    for r in page.rects:
        w, h = r["width"] * MM, r["height"] * MM
        if w >= min_mm and abs(w - h) < 0.05 and r.get("fill"):
            out.append(Box(r["x0"] * MM, r["top"] * MM, w, h))
    return out


def chars(page) -> list[dict]:
    """Characters with their centre in mm and size (em) in mm."""
    out = []
    for c in page.chars:
        out.append({"text": c["text"], "font": c["fontname"], "size": c["size"] * MM,
                    "x": (c["x0"] + c["x1"]) / 2 * MM, "y": (c["top"] + c["bottom"]) / 2 * MM,
                    "x0": c["x0"] * MM})
    return out


def tile_texts(page, tiles: list[Box], big_mm: float) -> list[tuple[str, str]]:
    """For each tile, (letter, value) read from the characters inside it: the big characters make
    the letter (left to right), the small ones the value."""
    found = {i: ([], []) for i in range(len(tiles))}
    for c in chars(page):
        for i, t in enumerate(tiles):
            if t.contains(c["x"], c["y"]):
                found[i][0 if c["size"] >= big_mm else 1].append(c)
                break
    out = []
    for i in range(len(tiles)):
        big, small = found[i]
        out.append(("".join(c["text"] for c in sorted(big, key=lambda c: c["x0"])),
                    "".join(c["text"] for c in sorted(small, key=lambda c: c["x0"]))))
    return out


def open_pdf(path: Path):
    return pdfplumber.open(str(path))


def svg_root(path: Path) -> ET.Element:
    return ET.parse(str(path)).getroot()


def svg_elements(root: ET.Element, tag: str) -> list[ET.Element]:
    return list(root.iter(SVG + tag))


_PATH_TOKEN = re.compile(r"[MLQCZ]|-?[0-9.]+(?:e-?[0-9]+)?")


def path_bounds(d: str) -> tuple[float, float, float, float]:
    """The exact ink box (x0, y0, x1, y1) of SVG path data made of M L Q C Z, curves included."""
    pen = BoundsPen(None)
    tokens = _PATH_TOKEN.findall(d)
    i, open_ = 0, False

    def take(n):
        nonlocal i
        v = [float(t) for t in tokens[i:i + n]]
        i += n
        return [(v[k], v[k + 1]) for k in range(0, n, 2)]

    while i < len(tokens):
        op = tokens[i]
        i += 1
        if op == "M":
            if open_:
                pen.endPath()
            pen.moveTo(*take(2))
            open_ = True
        elif op == "L":
            pen.lineTo(*take(2))
        elif op == "Q":
            pen.qCurveTo(*take(4))
        elif op == "C":
            pen.curveTo(*take(6))
        elif op == "Z":
            pen.closePath()
            open_ = False
        else:
            raise ValueError(f"path command {op!r}")
    if open_:
        pen.endPath()
    return pen.bounds


def svg_tiles(path: Path) -> list[tuple[float, tuple, tuple]]:
    """Each lettered tile of a tile-sheet SVG: (side, letter ink box, value ink box), in mm. A tile
    is a filled square; its letter and value are the two paths drawn right after it."""
    layer = svg_root(path).find(SVG + "g")
    elements = list(layer)
    out = []
    for k, el in enumerate(elements):
        if el.tag == SVG + "rect" and el.get("fill") and el.get("width") == el.get("height"):
            boxes = [path_bounds(e.get("d")) for e in elements[k + 1:k + 3] if e.tag == SVG + "path"]
            if len(boxes) == 2:
                letter, value = sorted(boxes, key=lambda b: b[3] - b[1], reverse=True)
                out.append((float(el.get("width")), letter, value))
    return out


def clips(path: Path, page_number: int = 0) -> list[Box]:
    """The rectangles a PDF page clips to (``re`` then ``W`` or ``W*``), in mm from the page's top-left
    corner, in the order drawn; the translations (``cm``) and saved states (``q``/``Q``) before
    them are applied. pdfplumber ignores clipping, so this reads the content stream itself."""
    from pypdf import PdfReader
    from pypdf.generic import ContentStream

    reader = PdfReader(str(path))
    page = reader.pages[page_number]
    height = float(page.mediabox.height)
    content = ContentStream(page.get_contents(), reader)
    m, stack, rects, out = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0), [], [], []
    for operands, op in content.operations:
        if op == b"q":
            stack.append(m)
        elif op == b"Q":
            m = stack.pop()
        elif op == b"cm":
            a, b, c, d, e, f = (float(v) for v in operands)
            A, B, C, D, E, F = m
            m = (a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D, e * A + f * C + E, e * B + f * D + F)
        elif op == b"re":
            rects.append(tuple(float(v) for v in operands))
        elif op in (b"W", b"W*"):
            for x, y, w, h in rects:
                A, B, C, D, E, F = m
                assert B == C == 0, "a rotated clip"  # the writers only translate and flip
                xs = sorted((A * x + E, A * (x + w) + E))
                ys = sorted((D * y + F, D * (y + h) + F))
                out.append(Box(xs[0] * MM, (height - ys[1]) * MM, (xs[1] - xs[0]) * MM, (ys[1] - ys[0]) * MM))
        if op in (b"n", b"f", b"f*", b"S", b"B", b"B*", b"b", b"b*", b"s"):
            rects = []
    return out
