"""Reading a laser sheet's SVG back in millimetres, for the tests of the laser tiles, the coupon, the
calibration and the parts cut from the bed (racks, box): each layer's elements and closed polygons, their
boxes, a path's commands and strokes, an engraving's exact ink box, the cut segments grouped by the line
they lie on; and writing documents to files as the build does."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass

from printkit.writers import WRITERS

SVG = "{http://www.w3.org/2000/svg}"
LABEL = "{http://www.inkscape.org/namespaces/inkscape}label"


def rings(path) -> dict[str, list]:
    """The closed polygons of each layer of a sheet, by layer name (the cut paths: M, L and Z only; the
    engraving's path data as written). The sheet is in page millimetres: no transform anywhere."""
    root = ET.parse(path).getroot()
    assert all(e.get("transform") is None for e in root.iter())  # page millimetres as written
    out: dict[str, list] = {}
    for g in root.findall(f"{SVG}g"):
        polys = out.setdefault(g.get(LABEL), [])
        for e in g.iter(f"{SVG}path"):
            if g.get(LABEL) == "engrave":
                polys.append(e.get("d"))
                continue
            ops = re.findall(r"([MLZ])([^MLZ]*)", e.get("d"))
            assert ops[0][0] == "M" and ops[-1][0] == "Z" and {op for op, _ in ops} <= set("MLZ")
            nums = [[float(v) for v in re.findall(r"-?\d+(?:\.\d+)?", args)] for op, args in ops if op != "Z"]
            polys.append([(v[0], v[1]) for v in nums])
    return out


def box(poly) -> tuple[float, float, float, float]:
    xs, ys = [p[0] for p in poly], [p[1] for p in poly]
    return min(xs), min(ys), max(xs), max(ys)


def inside(b, outer, tol: float = 0.0) -> bool:
    """Box ``b`` (x0, y0, x1, y1) within ``outer``, ``tol`` mm of slack on each side."""
    return b[0] >= outer[0] - tol and b[1] >= outer[1] - tol and b[2] <= outer[2] + tol and b[3] <= outer[3] + tol


Seg = tuple[tuple[float, float], tuple[float, float]]


@dataclass
class Sheet:
    width: str
    height: str
    view_box: str
    layers: list[tuple[str, list[ET.Element]]]  # Inkscape layers in file order, with every element inside

    def layer(self, name: str) -> list[ET.Element]:
        return next((elements for label, elements in self.layers if label == name), [])


def read_svg(path) -> Sheet:
    root = ET.parse(path).getroot()
    assert not list(root.iter(f"{SVG}text"))  # letters are outline paths
    assert all(e.get("transform") is None for e in root.iter())  # coordinates are page millimetres as written
    layers = [(g.get(LABEL), [e for e in g.iter() if e is not g and e.tag != f"{SVG}g"])
              for g in root.findall(f"{SVG}g")]
    return Sheet(root.get("width"), root.get("height"), root.get("viewBox"), layers)


def commands(d: str) -> list[tuple[str, list[float]]]:
    return [(op, [float(v) for v in re.findall(r"-?\d+(?:\.\d+)?", args)])
            for op, args in re.findall(r"([MLQCZ])([^MLQCZ]*)", d)]


def polylines(e: ET.Element) -> list[list[tuple[float, float]]]:
    """The straight strokes of a cut element (line, rect, or a path of M, L and Z), in drawing order."""
    tag = e.tag.removeprefix(SVG)
    if tag == "line":
        return [[(float(e.get("x1")), float(e.get("y1"))), (float(e.get("x2")), float(e.get("y2")))]]
    if tag == "rect":
        x, y, w, h = (float(e.get(a)) for a in ("x", "y", "width", "height"))
        return [[(x, y), (x + w, y), (x + w, y + h), (x, y + h), (x, y)]]
    assert tag == "path", tag
    out: list[list[tuple[float, float]]] = []
    for op, v in commands(e.get("d")):
        assert op in "MLZ", f"a cut path draws straight lines only, not {op}"
        if op == "M":
            out.append([(v[0], v[1])])
        elif op == "L":
            out[-1].append((v[0], v[1]))
        else:
            out[-1].append(out[-1][0])
    return out


def segments(elements: list[ET.Element]) -> list[Seg]:
    return [(a, b) for e in elements for line in polylines(e) for a, b in zip(line, line[1:])]


def ink(e: ET.Element) -> tuple[float, float, float, float]:
    """The exact bounds (x0, y0, x1, y1) of an engraved path of lines and quadratic curves."""
    xs, ys = [], []
    here = start = (0.0, 0.0)
    for op, v in commands(e.get("d")):
        if op in "ML":
            here = (v[0], v[1])
            start = here if op == "M" else start
            xs.append(here[0]), ys.append(here[1])
        elif op == "Q":
            for axis, out in ((0, xs), (1, ys)):
                p0, p1, p2 = here[axis], v[axis], v[2 + axis]
                out.append(p2)
                den = p0 - 2 * p1 + p2
                t = (p0 - p1) / den if den else -1.0
                if 0 < t < 1:
                    out.append((1 - t) ** 2 * p0 + 2 * t * (1 - t) * p1 + t * t * p2)
            here = (v[2], v[3])
        elif op == "Z":
            here = start
        else:
            raise AssertionError(f"unexpected path command {op}")
    return min(xs), min(ys), max(xs), max(ys)


def write(docs, folder) -> dict[str, object]:
    out = {}
    for d in docs:
        WRITERS[d.format](d, folder / d.path)
        out[d.path] = folder / d.path
    return out


def on_lines(segs: list[Seg]) -> dict[tuple[str, float], list[tuple[float, float]]]:
    """Axis-parallel segments grouped by the line they lie on, as sorted (from, to) intervals."""
    lines: dict[tuple[str, float], list[tuple[float, float]]] = {}
    for (x1, y1), (x2, y2) in segs:
        if abs(y1 - y2) < 1e-9:
            lines.setdefault(("h", round(y1, 3)), []).append(tuple(sorted((x1, x2))))
        else:
            assert abs(x1 - x2) < 1e-9, "cuts run along the grid"
            lines.setdefault(("v", round(x1, 3)), []).append(tuple(sorted((y1, y2))))
    return {k: sorted(v) for k, v in lines.items()}
