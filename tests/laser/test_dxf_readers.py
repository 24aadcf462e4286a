"""Every DXF printkit writes, opened by programs nobody here wrote, and measured in what they make of it:
Inkscape's own DXF importer (``dxf_input.py`` from Debian's inkscape, run by the Python it runs under,
with lxml, numpy, tinycss2 and cssselect), LibreCAD's ``dxf2pdf``, and ezdxf's audit.

Inkscape's importer reads only the colour number (ACI) of an entity or its layer: before, it brought
all 445 entities of ``laser-tiles-1.dxf`` in black. Its "automatic scaling" places the drawing by
``$EXTMIN``/``$EXTMAX`` and fits its width to an A4 page (210 mm): before, at x = -1e20 mm. LibreCAD
reads the true colour and prints the paper's limits as its page, on a grid of 1/1200 inch.
The laser files of the default kit (on its bed, and on a small bed that splits the board and adds
pin holes and splice plates) and of the mini kit, for the rdworks profile (DXF only).
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from manifestread import manifest_of

from printkit.config import load_kit

ezdxf = pytest.importorskip("ezdxf")

TOL = 0.01
PX = 25.4 / 96  # mm per px of Inkscape's SVG
A4_W, A4_H = 210.0, 297.0  # Inkscape's importer draws on an A4 page: y is flipped about its height
LIBRECAD_GRID = 25.4 / 1200  # LibreCAD's PDF puts every point on a grid of 1/1200 inch
PT = 25.4 / 72
SVG = "{http://www.w3.org/2000/svg}"
INKSCAPE = "{http://www.inkscape.org/namespaces/inkscape}"
DXF_INPUT = Path("/usr/share/inkscape/extensions/dxf_input.py")
SYSTEM_PYTHON = "/usr/bin/python3"
JOB = ["engrave", "score", "inner cuts", "outer cut"]  # the rdworks profile's job order
OPERATION = {"engrave": "engrave", "score": "score", "inner cuts": "inner_cut", "outer cut": "cut"}
CUTS = ("inner_cut", "cut")
# The colours the rdworks profile gives each operation, as each reader shows them: Inkscape by the
# colour number (ACI 7, 5, 3, 1), LibreCAD by the true colour.
INKSCAPE_COLOUR = {"engrave": "#000000", "score": "#0000ff", "inner_cut": "#00ff00", "cut": "#ff0000"}
LIBRECAD_COLOUR = {"engrave": (0.0, 0.0, 0.0), "score": (0.0, 0.0, 1.0), "inner_cut": (0.0, 1.0, 0.0),
                   "cut": (1.0, 0.0, 0.0)}
SPARES_STRIP = 7.0  # mm between a tile sheet's set and the block of its spares
BUILDS = {"default": ("krestoslovitsa", None), "small bed": ("krestoslovitsa", "325x220"),
          "mini": ("krestoslovitsa-mini", None)}


def _inkscape_missing() -> str | None:
    if not DXF_INPUT.exists():
        return f"no Inkscape DXF importer at {DXF_INPUT} (CI installs Debian's inkscape)"
    if not Path(SYSTEM_PYTHON).exists():
        return f"no {SYSTEM_PYTHON} to run Inkscape's importer"
    need = subprocess.run([SYSTEM_PYTHON, "-c", "import lxml, numpy, tinycss2, cssselect"], capture_output=True)
    if need.returncode:
        return "Inkscape's importer needs python3-lxml, python3-numpy, python3-tinycss2, python3-cssselect"
    return None


INKSCAPE_MISSING = _inkscape_missing()
LIBRECAD = shutil.which("librecad")


@pytest.fixture(scope="module")
def kits(shared) -> dict[str, Path]:
    """The laser files of each build, built once for the run (tests/conftest.py: test_verify and
    test_reproducible read the default kit's)."""
    return {label: shared.build(name, only=["laser"], laser="rdworks", bed=bed)
            for label, (name, bed) in BUILDS.items()}


def dxf_files(folder: Path) -> list[dict]:
    manifest = manifest_of(folder)
    return [a for a in manifest["artifacts"] if a["format"] == "dxf"]


def every_file(kits) -> list[tuple[str, Path, dict]]:
    return [(label, folder / a["path"], a) for label, folder in kits.items() for a in dxf_files(folder)]


def test_every_laser_file_is_a_dxf(kits):
    kinds = {(label, a["kind"]) for label, folder in kits.items() for a in dxf_files(folder)}
    assert kinds == {(label, kind) for label in BUILDS for kind in ("laser-tiles", "laser-coupon", "laser-board")} | {
        ("small bed", "laser-board-plates")}


def dxf_facts(path: Path) -> dict:
    """What the file itself says (read with ezdxf): its layers in order, extents, entities per layer."""
    doc = ezdxf.readfile(str(path))
    layers = [layer.dxf.name for layer in doc.layers if layer.dxf.name not in ("0", "Defpoints")]
    return {"layers": layers, "extmin": tuple(doc.header["$EXTMIN"])[:2], "extmax": tuple(doc.header["$EXTMAX"])[:2],
            "count": {name: sum(1 for e in doc.modelspace() if e.dxf.layer == name) for name in layers}}


def job_name(layer: str) -> str:
    """``3-inner-cuts`` → ``inner cuts``."""
    number, _, name = layer.partition("-")
    assert number.isdigit(), layer
    return name.replace("-", " ")


# -- ezdxf's audit ------------------------------------------------------------------------------------

def test_ezdxf_audit_finds_nothing_to_fix(kits):
    for label, path, _ in every_file(kits):
        auditor = ezdxf.readfile(str(path)).audit()
        assert (len(auditor.errors), len(auditor.fixes)) == (0, 0), (label, path.name, auditor.errors, auditor.fixes)


# -- Inkscape -----------------------------------------------------------------------------------------

_IMPORTED: dict[tuple[Path, str], bytes] = {}


def inkscape_import(path: Path, method: str) -> ET.Element:
    """The SVG Inkscape's importer makes of ``path`` (each file and method imported once)."""
    if (path, method) not in _IMPORTED:
        _IMPORTED[path, method] = _run_importer(path, method)
    return ET.fromstring(_IMPORTED[path, method])


def _run_importer(path: Path, method: str) -> bytes:
    done = subprocess.run([SYSTEM_PYTHON, str(DXF_INPUT), f"--scalemethod={method}", str(path)],
                          capture_output=True, timeout=300, cwd=DXF_INPUT.parent)
    assert done.returncode == 0, done.stderr.decode(errors="replace")
    return done.stdout


def _numbers(d: str) -> list:
    return re.findall(r"[MLAZmlaz]|-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?", d)


def path_points(d: str) -> tuple[list[tuple[float, float]], list[tuple[float, float, float]]]:
    """The corners of a path Inkscape's importer wrote (absolute M, L, Z; px), and its circles
    (two half arcs: centre between their ends, and the radius)."""
    points, circles = [], []
    tokens = _numbers(d)
    i, cmd = 0, None
    while i < len(tokens):
        if tokens[i] in "MLAZmlaz":
            cmd = tokens[i].upper()
            i += 1
            continue
        if cmd in ("M", "L"):
            points.append((float(tokens[i]), float(tokens[i + 1])))
            i += 2
        elif cmd == "A":
            rx, end = float(tokens[i]), (float(tokens[i + 5]), float(tokens[i + 6]))
            start = points[-1]
            circles.append(((start[0] + end[0]) / 2, (start[1] + end[1]) / 2, rx))
            points.append(end)
            i += 7
        else:
            raise AssertionError(f"unexpected path data {d[:80]!r}")
    return points, circles


def inkscape_layers(root: ET.Element) -> dict[str, list[tuple[str, list, list]]]:
    """Each layer's label and its paths: (stroke colour, corners in mm, circles in mm), with y up as in the
    DXF (Inkscape's y is down from the top of its A4 page)."""
    out = {}
    for g in root.iter(f"{SVG}g"):
        if g.get(f"{INKSCAPE}groupmode") != "layer":
            continue
        paths = []
        for p in g.iter(f"{SVG}path"):
            stroke = re.search(r"stroke:\s*(#[0-9a-fA-F]{6})", p.get("style", ""))
            pts, circles = path_points(p.get("d", ""))
            paths.append((stroke.group(1).lower() if stroke else None,
                          [(x * PX, A4_H - y * PX) for x, y in pts],
                          [(x * PX, A4_H - y * PX, r * PX) for x, y, r in circles]))
        out[g.get(f"{INKSCAPE}label")] = paths
    return out


def box(paths) -> tuple[float, float, float, float]:
    xs, ys = [], []
    for _, pts, circles in paths:
        xs += [x for x, _ in pts] + [x + s * r for x, _, r in circles for s in (-1, 1)]
        ys += [y for _, y in pts] + [y + s * r for _, y, r in circles for s in (-1, 1)]
    return min(xs), min(ys), max(xs), max(ys)


def distinct(values, within: float = 0.005) -> list[float]:
    """Sorted values, those within ``within`` of the one before taken as the same (Inkscape writes
    some coordinates to six digits: 1236.28 px)."""
    out: list[float] = []
    for v in sorted(values):
        if not out or v - out[-1] > within:
            out.append(v)
    return out


def lines_along(paths, vertical: bool) -> list[float]:
    """The distinct x of vertical (or y of horizontal) segments."""
    at = []
    for _, pts, _ in paths:
        for (x0, y0), (x1, y1) in zip(pts, pts[1:]):
            if vertical and abs(x0 - x1) < 1e-3 and abs(y0 - y1) > 1e-3:
                at.append(x0)
            elif not vertical and abs(y0 - y1) < 1e-3 and abs(x0 - x1) > 1e-3:
                at.append(y0)
    return distinct(at)


def assert_pitch(positions: list[float], pitch: float, what: str, tol: float = TOL, strip: bool = False) -> None:
    """Lines a whole number of cells apart (a short row leaves a gap of whole cells); with ``strip``,
    at most once a step of whole cells and the spares' strip (the block of spares below the set)."""
    assert len(positions) >= 2, what
    steps = [b - a for a, b in zip(positions, positions[1:])]
    strips = 0
    for step in steps:
        if abs(step / pitch - round(step / pitch)) * pitch <= tol and round(step / pitch) >= 1:
            continue
        rest = step - SPARES_STRIP
        assert strip and rest >= -tol and abs(rest / pitch - round(rest / pitch)) * pitch <= tol, (what, step)
        strips += 1
    assert strips <= 1, what


@pytest.mark.skipif(INKSCAPE_MISSING is not None, reason=INKSCAPE_MISSING or "")
def test_inkscape_imports_each_layer_in_its_operations_colour_in_job_order(kits):
    """Cut red, score blue, engrave black, one Inkscape layer per DXF layer, in job order; every entity
    the DXF holds is there (the importer makes one path of each)."""
    for label, path, _ in every_file(kits):
        facts = dxf_facts(path)
        layers = inkscape_layers(inkscape_import(path, "file"))
        assert list(layers) == ["0", "Defpoints", *facts["layers"]], (label, path.name)
        assert layers["0"] == [] and layers["Defpoints"] == []
        names = [job_name(n) for n in facts["layers"]]
        assert names == [n for n in JOB if n in names], (label, path.name)
        assert facts["layers"] == [f"{i}-{n.replace(' ', '-')}" for i, n in enumerate(names, 1)]
        for layer, name in zip(facts["layers"], names):
            colours = {colour for colour, _, _ in layers[layer]}
            assert colours == {INKSCAPE_COLOUR[OPERATION[name]]}, (label, path.name, layer, colours)
            assert len(layers[layer]) == facts["count"][layer], (label, path.name, layer)


@pytest.mark.skipif(INKSCAPE_MISSING is not None, reason=INKSCAPE_MISSING or "")
def test_inkscape_imports_each_file_at_true_size_where_the_bed_puts_it(kits):
    """Read at 1 mm a unit: the drawing's box is the DXF's extents and lies on the bed; the tiles' cuts
    are on the grid of tile + kerf, the board's scored lines a cell apart, the coupon's squares
    10 mm + each kerf."""
    for label, path, a in every_file(kits):
        facts = dxf_facts(path)
        layers = inkscape_layers(inkscape_import(path, "file"))
        drawn = [p for name in facts["layers"] for p in layers[name]]
        x0, y0, x1, y1 = box(drawn)
        (ex0, ey0), (ex1, ey1) = facts["extmin"], facts["extmax"]
        assert (x0, y0, x1, y1) == pytest.approx((ex0, ey0, ex1, ey1), abs=TOL), (label, path.name)
        bed_w, bed_h = a["bed_mm"]
        assert -TOL <= x0 and x1 <= bed_w + TOL and -TOL <= y0 and y1 <= bed_h + TOL, (label, path.name)
        cuts = [p for name in facts["layers"] if OPERATION[job_name(name)] in CUTS for p in layers[name]]
        if a["kind"] == "laser-tiles":
            for vertical in (True, False):
                assert_pitch(lines_along(cuts, vertical), a["pitch_mm"], (label, path.name, vertical),
                             strip=not vertical)
            assert a["pitch_mm"] == pytest.approx(a["tile_mm"] + a["kerf_mm"], abs=1e-9)
        elif a["kind"] == "laser-board":
            score = layers[next(n for n in facts["layers"] if job_name(n) == "score")]
            for vertical in (True, False):
                assert_pitch(lines_along(score, vertical), a["cell_mm"], (label, path.name, vertical))
        elif a["kind"] == "laser-coupon":
            sides = sorted(round(max(x for x, _ in pts) - min(x for x, _ in pts), 3) for _, pts, _ in cuts)
            assert sides == pytest.approx([a["square_mm"] + k for k in a["kerfs_mm"]], abs=TOL), label
        if label == "small bed" and a["kind"] in ("laser-board", "laser-board-plates"):
            kerf = load_kit(BUILDS[label][0]).physical.kerf_mm
            holes = [c for _, _, circles in cuts for c in circles]  # cut kerf/2 inside: the burnt hole is the pin
            assert holes and {round(2 * r + kerf, 3) for _, _, r in holes} == {a["pin_mm"]}, (label, path.name)


@pytest.mark.skipif(INKSCAPE_MISSING is not None, reason=INKSCAPE_MISSING or "")
def test_inkscapes_automatic_scaling_places_the_drawing_on_the_page(kits):
    """Automatic scaling moves $EXTMIN to the page's corner and fits the extents' width to 210 mm: with
    the extents left at ±1e20 it put the drawing at x = -1e20 mm."""
    for label, path, _ in every_file(kits):
        facts = dxf_facts(path)
        root = inkscape_import(path, "auto")
        desc = root.find(f"{SVG}desc").text
        m = re.search(r"scale = ([0-9.]+), origin = \(([-0-9.e+]+), ([-0-9.e+]+)\), method = auto", desc)
        (ex0, ey0), (ex1, ey1) = facts["extmin"], facts["extmax"]
        assert m and (float(m.group(2)), float(m.group(3))) == pytest.approx((ex0, ey0), abs=1e-6), desc
        layers = inkscape_layers(root)
        x0, y0, x1, y1 = box([p for name in facts["layers"] for p in layers[name]])
        k = A4_W / (ex1 - ex0)
        assert (x0, x1) == pytest.approx((0.0, A4_W), abs=TOL), (label, path.name)
        assert (y0, y1) == pytest.approx((0.0, (ey1 - ey0) * k), abs=TOL), (label, path.name)


# -- LibreCAD -----------------------------------------------------------------------------------------

def librecad_pdf(path: Path, tmp: Path) -> Path:
    """``librecad dxf2pdf`` at 1:1 with no margins (its Debian version ignores -o and -p: the page is
    the paper limits the file gives, the PDF lands in -t's folder)."""
    home = tmp / "home"
    (home / "run").mkdir(parents=True, exist_ok=True)
    os.chmod(home / "run", 0o700)
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "HOME": str(home), "XDG_RUNTIME_DIR": str(home / "run"),
           "XDG_CONFIG_HOME": str(home / "config")}
    out = tmp / "pdf"
    out.mkdir(exist_ok=True)
    done = subprocess.run([LIBRECAD, "dxf2pdf", "-s", "1", "-f", "0,0,0,0", "-t", str(out), str(path)],
                          capture_output=True, timeout=300, env=env)
    pdf = out / (path.stem + ".pdf")
    assert done.returncode == 0 and pdf.exists(), done.stderr.decode(errors="replace")
    return pdf


def pdf_segments(pdf: Path) -> tuple[tuple[float, float], list[tuple[tuple, tuple, tuple]]]:
    """The page size (mm) and every stroked straight segment of LibreCAD's one-page PDF: (colour,
    start, end), in mm from the page's top-left corner. LibreCAD (Qt) writes one matrix, a colour per
    run (``r g b SCN``) and each segment as ``x y m x y l S``; pdfplumber reads the same in ten times
    the time."""
    import pypdf

    (page,) = pypdf.PdfReader(str(pdf)).pages
    width, height = float(page.mediabox.width) * PT, float(page.mediabox.height) * PT
    tokens = page.get_contents().get_data().decode("latin-1").split()
    matrix, colour, stack, path, out = None, None, [], [], []
    for token in tokens:
        if token == "cm":
            assert matrix is None, "one matrix"
            matrix = [float(v) for v in stack[-6:]]
        elif token == "SCN":
            colour = tuple(float(v) for v in stack[-3:])
        elif token == "m":
            path.append([(float(stack[-2]), float(stack[-1]))])
        elif token == "l":
            path[-1].append((float(stack[-2]), float(stack[-1])))
        elif token == "S":
            out += [(colour, a, b) for run in path for a, b in zip(run, run[1:])]
            path = []
        elif token in ("n", "W*", "W", "f", "f*", "B"):
            path = []
        if re.fullmatch(r"-?[0-9.]+", token):
            stack.append(token)
        else:
            stack = []
    a, b, c, d, e, f = matrix

    def mm(pt):  # user space → page points (y up) → mm from the top-left corner
        x, y = a * pt[0] + c * pt[1] + e, b * pt[0] + d * pt[1] + f
        return x * PT, height - y * PT

    return (width, height), [(colour, mm(p0), mm(p1)) for colour, p0, p1 in out]


@pytest.mark.skipif(LIBRECAD is None, reason="no LibreCAD on this machine (CI installs Debian's librecad)")
def test_librecad_prints_each_file_on_the_bed_at_true_size_in_the_operations_colours(kits, tmp_path):
    """The page is the bed (to the whole point Qt rounds a page to); every segment in its operation's
    colour, as many cut segments as the DXF holds; the tiles' cuts on the grid of tile + kerf (each
    within LibreCAD's 1/1200 inch, the run of them within 0.01 mm), where the DXF puts them."""
    for label, path, a in every_file(kits):
        doc = ezdxf.readfile(str(path))
        want: dict[tuple, int] = {}
        for e in doc.modelspace():
            colour = LIBRECAD_COLOUR[OPERATION[job_name(e.dxf.layer)]]
            if e.dxftype() == "LINE":
                n = 1
            elif e.dxftype() == "LWPOLYLINE":
                n = len(e) - (0 if e.closed else 1)
            else:
                continue  # circles are curves in the PDF
            want[colour] = want.get(colour, 0) + n
        (page_w, page_h), segments = pdf_segments(librecad_pdf(path, tmp_path / label))
        bed_w, bed_h = a["bed_mm"]
        assert (page_w, page_h) == pytest.approx((bed_w, bed_h), abs=PT / 2), (label, path.name)
        got: dict[tuple, int] = {}
        for colour, _, _ in segments:
            got[colour] = got.get(colour, 0) + 1
        assert set(got) == set(want), (label, path.name)  # no segment in another colour
        for operation in ("inner_cut", "cut", "score"):
            assert got.get(LIBRECAD_COLOUR[operation]) == want.get(LIBRECAD_COLOUR[operation]), (label, path.name)
        black = LIBRECAD_COLOUR["engrave"]  # letters' tiny segments (under its grid) LibreCAD leaves out
        assert 0.95 * want[black] <= got[black] <= want[black], (label, path.name)
        if a["kind"] == "laser-tiles":
            red = [(p0, p1) for colour, p0, p1 in segments if colour in (LIBRECAD_COLOUR["cut"],
                                                                            LIBRECAD_COLOUR["inner_cut"])]
            xs = distinct(p0[0] for p0, p1 in red if abs(p0[0] - p1[0]) < 1e-6)
            assert_pitch(xs, a["pitch_mm"], (label, path.name), tol=LIBRECAD_GRID)
            run = round((xs[-1] - xs[0]) / a["pitch_mm"])
            assert (xs[-1] - xs[0]) / run == pytest.approx(a["pitch_mm"], abs=TOL)
            cut = ezdxf.bbox.extents(e for e in doc.modelspace() if OPERATION[job_name(e.dxf.layer)] in CUTS)
            assert xs[0] == pytest.approx(cut.extmin.x, abs=LIBRECAD_GRID + TOL), (label, path.name)
            top = min(min(p0[1], p1[1]) for p0, p1 in red)  # from the page's top (Qt rounds the page to whole points)
            assert top == pytest.approx(bed_h - cut.extmax.y, abs=PT / 2), (label, path.name)
