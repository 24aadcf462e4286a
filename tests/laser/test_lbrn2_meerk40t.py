"""The default kit's LightBurn projects opened in MeerK40t (open laser software that reads .lbrn2 with its own
loader, meerk40t/extra/lbrn.py): each layer an operation of its kind, in the project's order, with the speed and
power written; every shape loaded, at the true size: the bounds of what it loaded, and of each layer's shapes,
equal the SVG's drawing and that layer's to 0.01 mm (the project's y pointing up, turned back about the page's
height).

MeerK40t runs in a child process with its own empty home (as in test_meerk40t.py)."""

from __future__ import annotations

import re
import sys
import xml.etree.ElementTree as ET

import pytest
from meerkat import run_meerk40t

if sys.version_info < (3, 11):
    pytest.skip("MeerK40t needs Python 3.11 or later (the test extra installs it there)", allow_module_level=True)
import meerk40t  # noqa: E402,F401 - on 3.11 and later the test extra has it: missing, this fails

SVG = "{http://www.w3.org/2000/svg}"
LABEL = "{http://www.inkscape.org/namespaces/inkscape}label"

# Loads each file given and prints, for each, its operations (type, label, speed, power, how many elements) and
# the bounds of its elements in mm. Written from reading MeerK40t's source (kernel, elements, lbrn loader).
LOAD = r"""
out = {}
for path in sys.argv[1:]:
    kernel.console(f"load {path}\n")
    elements = kernel.elements
    ops = [[op.type, op.label, op.speed, op.power, len(list(op.children))] for op in elements.ops()]
    layers = {}
    for op in elements.ops():
        inside = [b for b in (getattr(c, "node", c).bounds for c in op.children) if b is not None]
        layers[op.label] = [min(b[0] for b in inside) / UNITS_PER_MM, min(b[1] for b in inside) / UNITS_PER_MM,
                            max(b[2] for b in inside) / UNITS_PER_MM, max(b[3] for b in inside) / UNITS_PER_MM]
    boxes = [e.bounds for e in elements.elems() if getattr(e, "bounds", None) is not None
             and e.type.startswith("elem")]
    out[path] = {"ops": ops, "shapes": len(boxes), "note": getattr(elements, "note", None), "layers": layers,
                 "bounds": [min(b[0] for b in boxes) / UNITS_PER_MM, min(b[1] for b in boxes) / UNITS_PER_MM,
                            max(b[2] for b in boxes) / UNITS_PER_MM, max(b[3] for b in boxes) / UNITS_PER_MM]}
print(json.dumps(out))
kernel.shutdown()
"""


def meerk40t_load(paths, home) -> dict:
    return run_meerk40t(LOAD, paths, home)


def svg_bounds(root) -> tuple[float, float, float, float]:
    """The bounds of everything an SVG element draws (its numbers: lines, rectangles, circles, paths' points; the
    curves' control points lie within the outlines' bounds here, as the letters' do)."""
    xs, ys = [], []
    for e in root.iter():
        tag = e.tag.replace(SVG, "")
        if tag == "line":
            xs += [float(e.get("x1")), float(e.get("x2"))]
            ys += [float(e.get("y1")), float(e.get("y2"))]
        elif tag == "rect":
            x, y, w, h = (float(e.get(k)) for k in ("x", "y", "width", "height"))
            xs += [x, x + w]
            ys += [y, y + h]
        elif tag == "circle":
            cx, cy, r = (float(e.get(k)) for k in ("cx", "cy", "r"))
            xs += [cx - r, cx + r]
            ys += [cy - r, cy + r]
        elif tag == "path":
            v = [float(x) for x in re.findall(r"-?\d+(?:\.\d+)?(?:e-?\d+)?", e.get("d"))]
            xs += v[::2]
            ys += v[1::2]
    return min(xs), min(ys), max(xs), max(ys)


@pytest.fixture(scope="module")
def projects(tmp_path_factory):
    from printkit.cli import main

    out = tmp_path_factory.mktemp("mk")
    assert main(["build", "--only", "laser,racks,box", "--out", str(out), "-q", "--no-previews"]) == 0
    return out / "krestoslovitsa"


def test_meerk40t_loads_every_project_as_its_layers_at_true_size(projects, tmp_path):
    files = sorted(projects.glob("*.lbrn2"))
    assert len(files) >= 7, files  # tiles, coupon, board, gauge, racks, three box sheets
    home = tmp_path / "home"
    loaded = meerk40t_load(files, home)
    kinds = {"Scan": "op raster", "Cut": "op cut"}
    for path in files:
        got = loaded[str(path)]
        root = ET.parse(path).getroot()
        settings = [(cs.get("type"), {c.tag: c.get("Value") for c in cs}) for cs in root.findall("CutSetting")]
        shapes = root.findall("Shape")
        # one operation a layer, of its kind, in the project's order, with its speed and power
        # (MeerK40t's power is in tenths of a per cent), every shape in one of them
        assert [op[:4] for op in got["ops"]] == [
            [kinds[t], s["name"], float(s["speed"]), float(s["maxPower"]) * 10] for t, s in settings], path.name
        assert sum(op[4] for op in got["ops"]) == got["shapes"] == len(shapes), path.name
        # at the true size, where the SVG draws it (MeerK40t keeps the project's y, which points up)
        svg = path.with_suffix(".svg")
        height = float(ET.parse(svg).getroot().get("viewBox").split()[3])
        drawing = ET.parse(svg).getroot()
        x0, y0, x1, y1 = svg_bounds(drawing)
        bx0, by0, bx1, by1 = got["bounds"]
        assert (bx0, height - by1, bx1, height - by0) == pytest.approx((x0, y0, x1, y1), abs=0.01), path.name
        # and each layer where the SVG's layer of that name lies
        groups = {g.get(LABEL): g for g in drawing.iter(f"{SVG}g") if g.get(LABEL)}
        assert set(got["layers"]) == set(groups), path.name
        for name, (bx0, by0, bx1, by1) in got["layers"].items():
            assert (bx0, height - by1, bx1, height - by0) == pytest.approx(svg_bounds(groups[name]), abs=0.01), \
                (path.name, name)
        assert "(krestoslovitsa): printkit " in got["note"]


def test_the_materials_speeds_and_powers_reach_meerk40t(projects, tmp_path):
    """3 mm plywood on a 40 W CO2 laser: engrave 175 mm/s at 20 %, cut 12.5 mm/s at 90 %."""
    home = tmp_path / "home"
    path = projects / "laser-tiles-1.lbrn2"
    ops = meerk40t_load([path], home)[str(path)]["ops"]
    assert [op[:4] for op in ops] == [["op raster", "engrave", 175.0, 200.0], ["op cut", "inner cuts", 12.5, 900.0],
                                      ["op cut", "outer cut", 12.5, 900.0]]
    assert [op[4] for op in ops][1:] == [80, 2]  # the lines between the tiles; the two blocks' outlines
