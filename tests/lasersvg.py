"""Reading a laser sheet's SVG back in millimetres, for the tests of the parts cut from it (racks, box):
each layer's closed polygons, their boxes, and whether one box lies inside another."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

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
