"""The laser tile sheets opened in a real laser program: MeerK40t (open software for K40-class
machines, run here without its window through its kernel). It must load them at true size and
plan no inner cut after the outline that frees the block: the inner cuts in an operation of their
own, before the cut, and every one of them cut before any stretch of the outline.

MeerK40t sorts the elements it classifies into an operation through a set (so in no fixed order),
and with its default settings sequences each operation as it holds them, its "inner first" left
aside: a sheet whose inner and outer cuts share one colour comes out in an order of chance, as it
did before issue 18 (13 inner lines after the outline for the K40 sheet, 2 for LightBurn's). Only
an operation of their own, which it makes for a colour of its own, keeps them first.

MeerK40t runs in a child process with its own empty home, so that nothing of it stays in this one
and no setting of the machine's user is read or written.
"""

from __future__ import annotations

import math
import re
import sys
import xml.etree.ElementTree as ET

import pytest
from meerkat import run_meerk40t

from printkit.config import load_kit
from printkit.sheets.laser.tiles import laser_tile_documents
from printkit.writers import WRITERS

if sys.version_info < (3, 11):
    pytest.skip("MeerK40t needs Python 3.11 or later (the test extra installs it there)", allow_module_level=True)
import meerk40t  # noqa: E402,F401 - on 3.11 and later the test extra has it: missing, this fails

SVG = "{http://www.w3.org/2000/svg}"
LABEL = "{http://www.inkscape.org/namespaces/inkscape}label"

# Loads a file, plans the job as its Execute Job does by default (copy, preprocess, validate, blob,
# preopt, optimize), and prints what it planned: its operations, the cuts of the plan in order in
# mm, and the bounds of what it loaded in mm. Written here from reading MeerK40t's source.
PLAN = r"""
kernel.console(f"load {sys.argv[1]}\n")
elements = kernel.elements
ops = [[op.type, str(op.color)[:7].lower(), len(list(op.children))] for op in elements.ops()
       if len(list(op.children))]
boxes = [e.bounds for e in elements.elems() if getattr(e, "bounds", None) is not None and e.type.startswith("elem")]
bounds = [min(b[0] for b in boxes) / UNITS_PER_MM, min(b[1] for b in boxes) / UNITS_PER_MM,
          max(b[2] for b in boxes) / UNITS_PER_MM, max(b[3] for b in boxes) / UNITS_PER_MM]
kernel.console("plan copy preprocess validate blob preopt optimize\n")
view = kernel.device.view
cuts = []
for block in kernel.planner.default_plan.plan:
    for cut in block.flat():
        if type(cut).__name__ != "LineCut":
            continue
        a = view.iposition(*cut.start)
        b = view.iposition(*cut.end)
        cuts.append([a[0] / UNITS_PER_MM, a[1] / UNITS_PER_MM, b[0] / UNITS_PER_MM, b[1] / UNITS_PER_MM])
print(json.dumps({"ops": ops, "bounds": bounds, "cuts": cuts}))
kernel.shutdown()
"""


def meerk40t_plan(path, home) -> dict:
    return run_meerk40t(PLAN, [path], home, timeout=300)


def outline_segments(path) -> list[tuple[tuple[float, float], tuple[float, float]]]:
    """The straight segments of the file's outer cut, read from the SVG."""
    root = ET.parse(path).getroot()
    segs = []
    for g in root.iter(f"{SVG}g"):
        if g.get(LABEL) != "outer cut":
            continue
        for e in g.iter(f"{SVG}path"):
            for ring in re.findall(r"M[^MZ]*Z?", e.get("d")):
                v = [float(x) for x in re.findall(r"-?\d+(?:\.\d+)?", ring)]
                pts = list(zip(v[::2], v[1::2]))
                if ring.endswith("Z"):
                    pts.append(pts[0])
                segs += list(zip(pts, pts[1:]))
    return segs


def extents(path) -> tuple[float, float, float, float]:
    """The bounds of every cut line in the file (the engraving lies inside them)."""
    root = ET.parse(path).getroot()
    xs, ys = [], []
    for g in root.iter(f"{SVG}g"):
        if g.get(LABEL) not in ("inner cuts", "outer cut"):
            continue
        for e in g.iter():
            if e.tag == f"{SVG}line":
                xs += [float(e.get("x1")), float(e.get("x2"))]
                ys += [float(e.get("y1")), float(e.get("y2"))]
            elif e.tag == f"{SVG}path":
                v = [float(x) for x in re.findall(r"-?\d+(?:\.\d+)?", e.get("d"))]
                xs += v[::2]
                ys += v[1::2]
    return min(xs), min(ys), max(xs), max(ys)


def on_outline(cut, segs, tol=0.05) -> bool:
    """Whether the planned cut lies along the outline (its middle on one of its segments). MeerK40t
    plans in its machine's steps (a thousandth of an inch), so it is a few hundredths off."""
    mx, my = (cut[0] + cut[2]) / 2, (cut[1] + cut[3]) / 2
    for (x1, y1), (x2, y2) in segs:
        length = math.dist((x1, y1), (x2, y2))
        if length == 0:
            continue
        across = abs((x2 - x1) * (my - y1) - (y2 - y1) * (mx - x1)) / length
        if across <= tol and min(x1, x2) - tol <= mx <= max(x1, x2) + tol and \
                min(y1, y2) - tol <= my <= max(y1, y2) + tol:
            return True
    return False


@pytest.mark.parametrize("profile, bed", [("k40-whisperer", None), ("lightburn", None)])
def test_meerk40t_loads_the_tile_sheet_at_true_size_and_cuts_every_inner_line_before_the_outline(
        tmp_path, profile, bed):
    kit = load_kit("krestoslovitsa", laser=profile)
    (doc,) = [d for d in laser_tile_documents(kit) if d.format == "svg"]
    path = tmp_path / doc.path
    WRITERS["svg"](doc, path)
    home = tmp_path / "home"
    plan = meerk40t_plan(path, home)

    # true size: what it loaded spans what the file draws, to the hundredth of a millimetre
    x0, y0, x1, y1 = extents(path)
    bx0, by0, bx1, by1 = plan["bounds"]
    assert (bx0, by0, bx1, by1) == pytest.approx((x0, y0, x1, y1), abs=0.01)

    # the inner cuts (their own colour) are an operation of their own, before the cut
    machine = kit.laser.machine
    inner, outer = machine.operations["inner_cut"].colour, machine.operations["cut"].colour
    assert inner != outer
    kinds = [(op[0], op[1]) for op in plan["ops"]]
    colours = [c for _, c in kinds]
    assert inner in colours and outer in colours
    assert colours.index(inner) < colours.index(outer)
    n_inner = sum(1 for e in ET.parse(path).getroot().iter() if e.tag == f"{SVG}line")
    assert next(op[2] for op in plan["ops"] if op[1] == inner) == n_inner

    # and the plan cuts no inner line after any stretch of the outline
    segs = outline_segments(path)
    order = ["outer" if on_outline(c, segs) else "inner" for c in plan["cuts"]]
    assert order.count("inner") == n_inner and order.count("outer") >= 8  # two blocks of four sides or more
    first_outer = order.index("outer")
    assert "inner" not in order[first_outer:], order
