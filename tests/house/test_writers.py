"""Writers draw what the geometry says, read back in mm, and refuse what they cannot write faithfully."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path as FilePath

import pdfplumber
import pytest
from pdfread import MM, SVG, svg_root

from printkit.fonts import load
from printkit.geometry import Circle, Document, Group, Line, Page, Path, Rect, Role, Text, outline
from printkit.install import install_line
from printkit.writers.errors import WriterError
from printkit.writers.pdf import write_pdf
from printkit.writers.svg import write_svg

TOL = 0.01


def doc(*items, fmt: str = "svg", pages: int = 1) -> Document:
    return Document(f"test.{fmt}", "test", fmt, tuple(Page(100.0, 80.0, tuple(items)) for _ in range(pages)))


def layers(path) -> dict[str, list]:
    """Each Inkscape layer's label and the elements directly inside it."""
    root = svg_root(path)
    return {g.get("{http://www.inkscape.org/namespaces/inkscape}label"): list(g)
            for g in root.findall(f"{SVG}g")}


# -- the PDF writer draws quadratic curves as the same curve -------------------------------------------

def test_pdf_draws_a_quadratic_as_its_exact_cubic(tmp_path):
    p0, q, p2 = (10.0, 10.0), (20.0, 30.0), (40.0, 10.0)
    curve = Path((("M", *p0), ("Q", *q, *p2), ("Z",)), stroke="#000000", stroke_mm=0.2, role=Role.CUT)
    write_pdf(doc(curve, fmt="pdf"), tmp_path / "q.pdf")
    with pdfplumber.open(tmp_path / "q.pdf") as pdf:
        (drawn,) = pdf.pages[0].curves
    ops = drawn["path"]
    assert [op[0] for op in ops] == ["m", "c", "h"]
    start, (c1, c2, end) = ops[0][1], ops[1][1:]
    mm = [(x * MM, y * MM) for x, y in (start, c1, c2, end)]  # pdfplumber measures y from the top
    want = [p0, (10 + 20 / 3, 10 + 40 / 3), (40 - 40 / 3, 10 + 40 / 3), p2]
    for got, exp in zip(mm, want):
        assert got == pytest.approx(exp, abs=TOL)
    # and the cubic passes where the quadratic does, half way along
    mid = [(a + 3 * b + 3 * c + d) / 8 for a, b, c, d in zip(*mm)]
    assert mid == pytest.approx([(p0[i] + 2 * q[i] + p2[i]) / 4 for i in (0, 1)], abs=TOL)


def test_a_quadratic_after_a_closed_contour_starts_where_that_contour_began(tmp_path):
    box = (("M", 10.0, 10.0), ("L", 30.0, 10.0), ("L", 30.0, 20.0), ("Z",), ("Q", 20.0, 40.0, 30.0, 10.0))
    write_pdf(doc(Path(box, stroke="#000000", stroke_mm=0.2, role=Role.CUT), fmt="pdf"), tmp_path / "z.pdf")
    with pdfplumber.open(tmp_path / "z.pdf") as pdf:
        (drawn,) = pdf.pages[0].curves
    c1 = next(op for op in drawn["path"] if op[0] == "c")[1]
    assert (c1[0] * MM, c1[1] * MM) == pytest.approx((10 + 20 / 3, 10 + 20), abs=TOL)


# -- the SVG writer draws letters as the geometry's outlines -------------------------------------------

def test_svg_letters_are_the_outline_path_with_quadratics_kept(tmp_path):
    text = Text(12.5, 40.0, "Ор", load(None), 20.0, "#112233", role=Role.ENGRAVE, tag="letter")
    write_svg(doc(text), tmp_path / "t.svg")
    (path,) = layers(tmp_path / "t.svg")["engrave"]
    d = path.get("d")
    assert path.get("fill") == "#112233"
    assert "Q" in d and "C" not in d  # TrueType curves stay quadratic
    assert all(len(n.split(".")[1]) <= 3 for n in re.findall(r"-?\d+\.\d+", d))  # to the micrometre
    def micrometres(v: float) -> str:
        text = f"{v:.3f}".rstrip("0").rstrip(".")
        return "0" if text == "-0" else text

    shape = outline(text)
    assert d == "".join(c[0] + " ".join(micrometres(v) for v in c[1:]) for c in shape.commands)
    numbers = [float(n) for n in re.findall(r"-?\d+(?:\.\d+)?", d)]
    xs, ys = numbers[0::2], numbers[1::2]
    x0, y0, x1, y1 = text.ink()
    assert x0 - TOL <= min(xs) and max(xs) <= x1 + TOL and y0 - TOL <= min(ys) and max(ys) <= y1 + TOL


# -- what the writers refuse --------------------------------------------------------------------------

def test_svg_refuses_a_document_of_more_than_one_page(tmp_path):
    square = Rect(10, 10, 20, 20, fill="#000000", role=Role.PRINT)
    with pytest.raises(WriterError, match="2 pages"):
        write_svg(doc(square, pages=2), tmp_path / "two.svg")
    assert not (tmp_path / "two.svg").exists()


def test_pdf_refuses_a_document_without_pages(tmp_path):
    with pytest.raises(WriterError, match="no pages"):
        write_pdf(Document("none.pdf", "test", "pdf", ()), tmp_path / "none.pdf")


@pytest.mark.parametrize("write, fmt", [(write_svg, "svg"), (write_pdf, "pdf")])
@pytest.mark.parametrize("command", [("A", 5, 5, 0, 0, 1, 20, 20), ("L", 10), ("Q", 1, 2, 3)])
def test_writers_refuse_a_path_command_they_do_not_know(tmp_path, write, fmt, command):
    bad = Path((("M", 0.0, 0.0), command, ("Z",)), stroke="#000000", stroke_mm=0.1, role=Role.CUT)
    with pytest.raises(WriterError, match=re.escape(repr(command))):
        write(doc(bad, fmt=fmt), tmp_path / f"bad.{fmt}")
    assert not (tmp_path / f"bad.{fmt}").exists()


@pytest.mark.parametrize("write, fmt", [(write_svg, "svg"), (write_pdf, "pdf")])
def test_writers_refuse_an_item_they_do_not_know(tmp_path, write, fmt):
    with pytest.raises(WriterError, match="cannot write"):
        write(doc("a string is not an item", fmt=fmt), tmp_path / f"bad.{fmt}")


def test_svg_refuses_a_group_of_several_roles_naming_them(tmp_path):
    cut = Rect(10, 10, 20, 20, stroke="#ff0000", stroke_mm=0.05, role=Role.CUT)
    guide = Line(0, 0, 5, 5, role=Role.GUIDE)
    mixed = Group((Group((cut,)), guide), tag="tile")  # the first child alone would say "cut"
    with pytest.raises(WriterError, match="'tile' holds cut, guide"):
        write_svg(doc(mixed), tmp_path / "mixed.svg")
    with pytest.raises(WriterError, match="holds nothing"):
        write_svg(doc(Group((), tag="empty")), tmp_path / "empty.svg")


def test_svg_puts_a_group_in_the_layer_of_its_one_role(tmp_path):
    cut = Rect(10, 10, 20, 20, stroke="#ff0000", stroke_mm=0.05, role=Role.CUT)
    engraved = Group((Group((Circle(50, 40, 5, fill="#000000", role=Role.ENGRAVE),), dx=2.5),), dy=1.5)
    write_svg(doc(engraved, cut, Line(0, 0, 5, 5, role=Role.GUIDE)), tmp_path / "layers.svg")
    found = layers(tmp_path / "layers.svg")
    assert list(found) == ["engrave", "guide", "cut"]  # job order
    (group,) = found["engrave"]
    circle = next(group.iter(f"{SVG}circle"))
    assert circle.get("cx") == "50" and circle.get("r") == "5"
    (rect,) = found["cut"]
    assert [float(rect.get(k)) for k in ("x", "y", "width", "height")] == [10, 10, 20, 20]


def test_pdf_draws_a_group_of_several_roles_in_order(tmp_path):
    """A PDF page has no layers: a group holding print and guide items is drawn, none dropped."""
    mixed = Group((Rect(10, 10, 20, 20, fill="#000000", role=Role.PRINT),
                   Line(0, 5, 50, 5, stroke_mm=0.2, role=Role.GUIDE)), dx=5.0, dy=2.0)
    write_pdf(doc(mixed, fmt="pdf"), tmp_path / "mixed.pdf")
    with pdfplumber.open(tmp_path / "mixed.pdf") as pdf:
        page = pdf.pages[0]
        (rect,), (line,) = page.rects, page.lines
    assert (rect["x0"] * MM, rect["top"] * MM, rect["width"] * MM) == pytest.approx((15, 12, 20), abs=TOL)
    assert (line["x0"] * MM, line["top"] * MM, line["x1"] * MM) == pytest.approx((5, 7, 55), abs=TOL)


# -- named layers (laser jobs) and DXF -----------------------------------------------------------------

def _laser_page():
    from printkit.geometry import Layer

    engrave = Layer((Path((("M", 10.0, 10.0), ("Q", 20.0, 0.0, 30.0, 10.0), ("L", 30.0, 20.0), ("Z",)),
                          fill="#000000", role=Role.ENGRAVE),), name="engrave")
    score = Layer((Circle(50.0, 40.0, 5.0, stroke="#0000ff", stroke_mm=0.1, role=Role.SCORE),), name="score")
    inner = Layer((Line(10.0, 60.0, 90.0, 60.0, "#ff0000", 0.1, role=Role.CUT),), name="inner cuts")
    outer = Layer((Rect(5.0, 5.0, 90.0, 70.0, stroke="#ff0000", stroke_mm=0.1, role=Role.CUT),), name="outer cut")
    return engrave, score, inner, outer


def test_svg_keeps_named_layers_in_the_pages_order(tmp_path):
    write_svg(doc(*_laser_page()), tmp_path / "l.svg")
    assert list(layers(tmp_path / "l.svg")) == ["engrave", "score", "inner cuts", "outer cut"]
    from printkit.geometry import Layer

    with pytest.raises(WriterError, match="named layers holds everything"):
        write_svg(doc(*_laser_page(), Line(0, 0, 1, 1, role=Role.CUT)), tmp_path / "x.svg")
    with pytest.raises(WriterError, match="different"):
        write_svg(doc(Layer((), name="cut"), Layer((), name="cut")), tmp_path / "x.svg")


def test_dxf_is_in_millimetres_with_a_layer_per_operation(tmp_path):
    import ezdxf

    from printkit.writers.dxf import write_dxf

    write_dxf(doc(*_laser_page(), fmt="dxf"), tmp_path / "l.dxf")
    dxf = ezdxf.readfile(str(tmp_path / "l.dxf"))
    assert dxf.header["$INSUNITS"] == 4 and dxf.units == ezdxf.units.MM
    msp = dxf.modelspace()
    by_layer = {}
    for e in msp:
        by_layer.setdefault(e.dxf.layer, []).append(e)
    assert list(by_layer) == ["1-engrave", "2-score", "3-inner-cuts", "4-outer-cut"]  # in the page's order
    by_layer = {name.split("-", 1)[1].replace("-", " "): items for name, items in by_layer.items()}
    (curve,) = by_layer["engrave"]
    points = [tuple(p[:2]) for p in curve.get_points()]
    assert curve.closed and points[0] == (10.0, 70.0)  # y flipped about the page's 80 mm
    assert max(y for _, y in points) == pytest.approx(75.0, abs=0.02)  # the curve's top, within 0.01 mm
    (circle,) = by_layer["score"]
    assert (circle.dxftype(), tuple(circle.dxf.center)[:2], circle.dxf.radius) == ("CIRCLE", (50.0, 40.0), 5.0)
    (line,) = by_layer["inner cuts"]
    assert (tuple(line.dxf.start)[:2], tuple(line.dxf.end)[:2]) == ((10.0, 20.0), (90.0, 20.0))
    assert ezdxf.int2rgb(line.dxf.true_color) == (255, 0, 0)
    (rect,) = by_layer["outer cut"]
    assert rect.closed and sorted(tuple(p[:2]) for p in rect.get_points()) == [
        (5.0, 5.0), (5.0, 75.0), (95.0, 5.0), (95.0, 75.0)]


def test_dxf_layers_are_numbered_in_job_order_and_each_layer_and_entity_has_its_colour_number(tmp_path):
    """ACI on the layer and on every entity (several readers ignore the layer's), the true colour
    kept beside it; the layers in the table in the page's order, numbered so that a program that
    sorts layers by name keeps that order."""
    import ezdxf

    from printkit.writers.dxf import write_dxf

    write_dxf(doc(*_laser_page(), fmt="dxf"), tmp_path / "l.dxf")
    dxf = ezdxf.readfile(str(tmp_path / "l.dxf"))
    table = [(layer.dxf.name, layer.dxf.color, layer.dxf.get("true_color")) for layer in dxf.layers]
    assert table == [("0", 7, None), ("Defpoints", 7, None), ("1-engrave", 7, 0x000000), ("2-score", 5, 0x0000ff),
                     ("3-inner-cuts", 1, 0xff0000), ("4-outer-cut", 1, 0xff0000)]
    assert sorted(name for name, _, _ in table[2:]) == [name for name, _, _ in table[2:]]
    assert [(e.dxf.layer, e.dxf.color, e.dxf.true_color) for e in dxf.modelspace()] == [
        ("1-engrave", 7, 0x000000), ("2-score", 5, 0x0000ff), ("3-inner-cuts", 1, 0xff0000),
        ("4-outer-cut", 1, 0xff0000)]


def test_dxf_colour_numbers_are_the_profiles_then_the_standard_then_the_nearest(tmp_path):
    import ezdxf

    from printkit.geometry import Layer
    from printkit.writers.dxf import write_dxf

    page = (Layer((Line(0, 0, 10, 0, "#ff0000", 0.1, role=Role.CUT),), name="outer cut"),
            Layer((Line(0, 5, 10, 5, "#ff8000", 0.1, role=Role.CUT),), name="inner cuts"),  # no number of its own
            Layer((Line(0, 9, 10, 9, "#00ff00", 0.1, role=Role.SCORE),), name="score"))
    write_dxf(Document("n.dxf", "test", "dxf", (Page(100.0, 80.0, page),), index_colours={"#ff0000": 11}),
              tmp_path / "n.dxf")
    dxf = ezdxf.readfile(str(tmp_path / "n.dxf"))
    assert [(layer.dxf.name, layer.dxf.color) for layer in dxf.layers][2:] == [
        ("1-outer-cut", 11), ("2-inner-cuts", 30), ("3-score", 3)]
    assert [e.dxf.color for e in dxf.modelspace()] == [11, 30, 3]
    assert tuple(ezdxf.colors.aci2rgb(30)) == (255, 127, 0)  # the palette's nearest to #ff8000


def test_the_colour_number_of_a_colour():
    from ezdxf.colors import aci2rgb

    from printkit.aci import aci

    standard = {"#ff0000": 1, "#ffff00": 2, "#00ff00": 3, "#00ffff": 4, "#0000ff": 5, "#ff00ff": 6, "#000000": 7,
                "#ffffff": 7, "#FF0000": 1}
    assert {c: aci(c) for c in standard} == standard
    assert aci("#ff0000", {"#ff0000": 12}) == 12 and aci("#ff0000", {"#0000ff": 12}) == 1
    assert aci("#fe0101") == 1 and aci("#0a0a0a") == 7 and aci("#f5f5f5") == 7  # near black and white: 7
    assert aci("#808080") == 8 and aci("#ff7f7f") == 11
    for n in (20, 95, 171, 252):  # a palette colour is its own number (the lowest of equal ones)
        r, g, b = aci2rgb(n)
        got = aci(f"#{r:02x}{g:02x}{b:02x}")
        assert tuple(aci2rgb(got)) == (r, g, b) and got <= n


def test_dxf_extents_are_the_drawings_and_the_limits_the_bed(tmp_path):
    """ezdxf left $EXTMIN/$EXTMAX at ±1e20 (Inkscape's automatic scaling then puts the drawing at
    x = -1e20 mm) and the limits at A3; the limits on paper are the bed too (LibreCAD's page)."""
    import ezdxf

    from printkit.writers.dxf import write_dxf

    base = doc(*_laser_page(), fmt="dxf")
    for bed, limits in ((None, (100.0, 80.0)), ((600.0, 400.0), (600.0, 400.0))):
        write_dxf(Document(base.path, base.kind, "dxf", base.pages, bed=bed), tmp_path / "e.dxf")
        header = ezdxf.readfile(str(tmp_path / "e.dxf")).header
        assert tuple(header["$EXTMIN"]) == (5.0, 5.0, 0.0) and tuple(header["$EXTMAX"]) == (95.0, 75.0, 0.0)
        assert tuple(header["$LIMMIN"]) == (0.0, 0.0) and tuple(header["$LIMMAX"]) == limits
        assert tuple(header["$PLIMMIN"]) == (0.0, 0.0) and tuple(header["$PLIMMAX"]) == limits


def test_dxf_bytes_do_not_depend_on_the_hash_seed(tmp_path):
    """ezdxf adds CLASS entries for the entity types in use from a set: seeds 0 and 4 wrote the
    LAYOUT and ACDBPLACEHOLDER classes in different orders."""
    # the test's folder and tests/ above it, where the helpers it imports are (as pytest puts them on the path)
    script = ("import sys, os; sys.path[:0] = [sys.argv[2], os.path.dirname(sys.argv[2])]; "
              "from test_writers import doc, _laser_page; "
              "from printkit.writers.dxf import write_dxf; write_dxf(doc(*_laser_page(), fmt='dxf'), sys.argv[1])")
    for seed in ("0", "4", "11"):
        subprocess.run([sys.executable, "-c", script, str(tmp_path / f"{seed}.dxf"), str(FilePath(__file__).parent)],
                       check=True, env={**os.environ, "PYTHONHASHSEED": seed}, timeout=120)
    assert (tmp_path / "0.dxf").read_bytes() == (tmp_path / "4.dxf").read_bytes() == (tmp_path / "11.dxf").read_bytes()


def test_dxf_bytes_do_not_depend_on_the_clock(tmp_path):
    import time

    from printkit.writers.dxf import write_dxf

    write_dxf(doc(*_laser_page(), fmt="dxf"), tmp_path / "a.dxf")
    time.sleep(1.1)
    write_dxf(doc(*_laser_page(), fmt="dxf"), tmp_path / "b.dxf")
    assert (tmp_path / "a.dxf").read_bytes() == (tmp_path / "b.dxf").read_bytes()


def test_dxf_refuses_what_it_cannot_write(tmp_path):
    from printkit.geometry import Clip
    from printkit.writers.dxf import write_dxf

    with pytest.raises(WriterError, match="clipped group"):
        write_dxf(doc(Group((Line(0, 0, 1, 1, role=Role.CUT),), clip=Clip(0, 0, 1, 1)), fmt="dxf"), tmp_path / "x")
    with pytest.raises(WriterError, match="path command"):
        write_dxf(doc(Path((("M", 0.0, 0.0), ("X", 1.0)), role=Role.CUT), fmt="dxf"), tmp_path / "x")
    with pytest.raises(WriterError, match="exactly one"):
        write_dxf(doc(Line(0, 0, 1, 1, role=Role.CUT), fmt="dxf", pages=2), tmp_path / "x")


def test_a_missing_dxf_library_is_one_line_with_the_pip_line(monkeypatch):
    import builtins

    from printkit.errors import PrintkitError
    from printkit.writers import require

    real = builtins.__import__

    def no_ezdxf(name, *args, **kwargs):
        if name == "ezdxf" or name.startswith("ezdxf."):
            raise ImportError(name)
        return real(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_ezdxf)
    import importlib.util  # require() looks for the library without importing it (check loads no writer's library)

    real_spec = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None if name == "ezdxf" else real_spec(name, *a))
    with pytest.raises(PrintkitError) as info:
        require("dxf")
    assert str(info.value) == f"DXF files need the ezdxf library, which is not installed: {install_line('dxf')}"
