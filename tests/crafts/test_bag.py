"""The drawstring bag's sewing pattern (--only bag), read back from the PDF with pdfplumber in mm: each
page placed by its registration crosses, the cut line put together from what each page's window shows
is one piece of the stated cut size (the finished bag with its 1 cm seam allowances, 25 mm channels
and the notches that box its base), the stitching line 1 cm inside the side edges, the fold across the
middle; the sizes follow from the set's tiles; the words are the kit's; verify re-measures it and
fails a page moved off its marks; a paper too small for the instructions is one line, exit 2."""

from __future__ import annotations

import json

import pytest
from manifestread import manifest_of

TOL = 0.01
K = 25.4 / 72  # mm a point


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    from printkit.cli import main

    out = tmp_path_factory.mktemp("bag")
    assert main(["build", "krestoslovitsa", "--only", "bag", "--out", str(out)]) == 0
    folder = out / "krestoslovitsa"
    return folder, manifest_of(folder)


def pattern(manifest: dict) -> dict:
    return next(a for a in manifest["artifacts"] if a["kind"] == "bag")


def read_pages(path):
    """Each page's lines (x0, y0, x1, y1, width mm, y down), its window (the largest clipping
    rectangle is not read by pdfplumber: the page's trim marks give it) and its crosses' centres."""
    import pdfplumber

    pages = []
    with pdfplumber.open(path) as pdf:
        for page in pdf.pages:
            lines = [(ln["x0"] * K, ln["top"] * K, ln["x1"] * K, ln["bottom"] * K, ln["linewidth"] * K)
                     for ln in page.lines]
            curves = [(c["x0"] * K, c["top"] * K, c["x1"] * K, c["bottom"] * K) for c in page.curves]
            pages.append((lines, curves))
    return pages


def crosses(lines, curves) -> list[tuple[float, float]]:
    """A registration cross: a line across and one down crossing at their middles, in a circle."""
    out = []
    for x0, y0, x1, y1, _ in lines:
        if abs(y0 - y1) < 1e-6 and x1 - x0 > 1:
            cx = (x0 + x1) / 2
            for a0, b0, a1, b1, _ in lines:
                if abs(a0 - a1) < 1e-6 and abs(a0 - cx) < TOL and abs((b0 + b1) / 2 - y0) < TOL and \
                        abs((b1 - b0) - (x1 - x0)) < TOL:
                    assert any(abs((c[0] + c[2]) / 2 - cx) < TOL and abs((c[1] + c[3]) / 2 - y0) < TOL for c in curves)
                    out.append((round(cx, 3), round(y0, 3)))
    return out


def placed(a: dict, pages) -> list[tuple[float, float]]:
    """Each page's shift onto the piece (mm from its top-left corner), from its crosses and where the
    manifest says they are; every cross found is a stated one."""
    shifts = []
    for (lines, curves), stated in zip(pages, a["marks_mm"]):
        found = crosses(lines, curves)
        assert len(found) == len(stated) >= 1
        fx, fy = found[0]
        shift = next((sx - fx, sy - fy) for sx, sy in stated
                     if all(any(abs(x + sx - fx - u) < TOL and abs(y + sy - fy - v) < TOL for u, v in stated)
                            for x, y in found))
        shifts.append(shift)
    return shifts


def test_the_bag_is_sized_from_the_tiles_and_its_pieces_add_up_with_the_seam_allowance(built):
    folder, manifest = built
    a = pattern(manifest)
    w, d, h = a["finished_mm"]
    tiles = a["tiles"]
    assert tiles >= 130 and a["tile_mm"] == 20.0 and a["thickness_mm"] == 3.0  # the set and its spares
    assert abs(a["tiles_cm3"] - tiles * 20 * 20 * 3 / 1000) < TOL
    assert a["factor"] == 4.0 and a["room_cm3"] >= a["factor"] * a["tiles_cm3"] and w >= 120  # a hand fits
    assert (w, d, h) == (120.0, 60.0, 180.0)  # at least 120 wide, the depth half the width, the fill as high
    seam, channel = a["seam_mm"], a["channel_mm"]
    assert seam == 10.0 and channel == 25.0
    assert a["cut_size_mm"] == [w + d + 2 * seam, d + 2 * h + 2 * channel + 2 * seam] == [200.0, 490.0]
    assert a["notch_mm"] == [d / 2, d - 2 * seam]
    assert a["pages"] == 4 and a["split"] == [2, 2] and a["paper"] == "A4"


def test_the_pages_join_at_their_marks_into_the_stated_piece(built):
    """Read with pdfplumber: the cut lines (0.5 mm, solid) each page shows, moved by the shift its crosses
    give, join into the outline of the piece; the stitching (0.3 mm dashes) runs 1 cm inside the sides."""
    folder, manifest = built
    a = pattern(manifest)
    pages = read_pages(folder / a["path"])
    shifts = placed(a, pages)
    width, height = a["cut_size_mm"]
    n, t = a["notch_mm"]
    fold = a["fold_mm"]
    assert fold == height / 2
    across: dict[float, list] = {}
    down: dict[float, list] = {}
    stitch_x: set[float] = set()
    # what each page shows (pdfplumber does not clip: the writer draws the whole piece and clips it to
    # the page's window, which the manifest states in the piece's frame)
    for (lines, _), (dx, dy), (x_lo, y_lo, x_hi, y_hi) in zip(pages, shifts, a["windows_mm"]):
        for x0, y0, x1, y1, lw in lines:
            x0, x1, y0, y1 = x0 + dx, x1 + dx, y0 + dy, y1 + dy
            if abs(lw - 0.5) <= TOL and abs(y0 - y1) < 1e-6 and y_lo - TOL <= y0 <= y_hi + TOL:
                lo, hi = max(x0, x_lo), min(x1, x_hi)
                if hi > lo:
                    across.setdefault(round(y0, 2), []).append((lo, hi))
            elif abs(lw - 0.5) <= TOL and abs(x0 - x1) < 1e-6 and x_lo - TOL <= x0 <= x_hi + TOL:
                lo, hi = max(y0, y_lo), min(y1, y_hi)
                if hi > lo:
                    down.setdefault(round(x0, 2), []).append((lo, hi))
            elif abs(lw - 0.3) <= TOL and abs(x0 - x1) < 1e-6 and x_lo <= x0 <= x_hi:
                stitch_x.add(round(x0, 2))
    a0, b0 = fold - t / 2, fold + t / 2
    assert {y: merged(s) for y, s in across.items()} == {
        0.0: [(0.0, width)], round(a0, 2): [(0.0, n), (width - n, width)],
        round(b0, 2): [(0.0, n), (width - n, width)], height: [(0.0, width)]}
    assert {x: merged(s) for x, s in down.items()} == {
        0.0: [(0.0, a0), (b0, height)], n: [(a0, b0)], width - n: [(a0, b0)], width: [(0.0, a0), (b0, height)]}
    assert {10.0, width - 10.0, n + 10.0, width - n - 10.0} <= stitch_x  # 1 cm inside the sides and the notches
    # each cross is on every page whose window holds it, at the same place of the piece: the glued pages meet
    for (x, y) in {tuple(p) for marks in a["marks_mm"] for p in marks}:
        holders = [k for k, (x0, y0, x1, y1) in enumerate(a["windows_mm"])
                   if x0 - 4 <= x <= x1 + 4 and y0 - 4 <= y <= y1 + 4]
        assert len(holders) >= 2 and all([x, y] in a["marks_mm"][k] for k in holders)


def test_the_stitching_boxes_the_stated_bag(built):
    """The finished bag worked out from the stitching lines read from the pages (0.3 mm dashes, placed by
    the crosses), as a sewer makes it: the side seams, and round each notch the corner's seam. Boxing the
    base opens the square missing between them (it must be a square) into a seam across the corner, the
    base's depth long; what is left of the front between the side seams is the width, and from the base to
    the channel's fold the height. The notch of 6c911ed (half the depth and the seam in, the depth tall)
    stitched a corner 40 × 40 mm: a base 80 mm deep, a bag 100 × 80 × 170 mm for 120 × 60 × 180."""
    folder, manifest = built
    a = pattern(manifest)
    pages = read_pages(folder / a["path"])
    width, _ = a["cut_size_mm"]
    fold, seam, channel = a["fold_mm"], a["seam_mm"], a["channel_mm"]
    down, across = set(), []
    for (lines, _), (dx, dy) in zip(pages, placed(a, pages)):
        for x0, y0, x1, y1, lw in lines:
            if abs(lw - 0.3) > TOL:
                continue
            if abs(x0 - x1) < 1e-6:
                down.add(round(x0 + dx, 2))
            elif abs(y0 - y1) < 1e-6:
                across.append((round(y0 + dy, 2), x0 + dx, x1 + dx))
    side = min(down)  # the side seam's stitching
    corner = min(x for x in down if side + 1 < x < width / 2)  # the stitching down the notch, across the fold
    top = max(y for y, x0, x1 in across if y < fold - 1 and side - TOL <= x0 and x1 <= corner + TOL)
    in_, up = corner - side, fold - top
    assert in_ == pytest.approx(up, abs=TOL), "the corner's stitching is a square: it opens into a straight seam"
    depth = 2 * in_
    finished = [width - 2 * side - depth, depth, fold - depth / 2 - (seam + channel)]
    assert finished == pytest.approx(a["finished_mm"], abs=TOL) and a["finished_mm"] == [120.0, 60.0, 180.0]


def merged(spans):
    out: list[list[float]] = []
    for a, b in sorted(spans):
        if out and a <= out[-1][1] + TOL:
            out[-1][1] = max(out[-1][1], b)
        else:
            out.append([a, b])
    return [(round(a, 2), round(b, 2)) for a, b in out]


def test_verify_measures_the_pattern_and_fails_a_page_moved_off_its_marks(built, tmp_path):
    import shutil

    from printkit.verify import verify

    folder, manifest = built
    report = verify(folder)
    lines = [c for c in report.checks if c.path == pattern(manifest)["path"]]
    assert lines and all(c.status == "ok" for c in lines)
    said = next(c.text for c in lines if "registration crosses" in c.text)
    assert "one piece 200 × 490 mm" in said and "120 × 60 × 180 mm" in said and "10 mm seam" in said
    moved = tmp_path / "krestoslovitsa"
    shutil.copytree(folder, moved)
    m = manifest_of(moved)
    a = pattern(m)
    a["marks_mm"][1] = [[x + 1.0, y] for x, y in a["marks_mm"][1]]  # page 2 said to lie 1 mm further right
    (moved / "manifest.json").write_text(json.dumps(m, ensure_ascii=False), encoding="utf-8")
    failed = [c for c in verify(moved).checks if c.path == a["path"] and c.status == "FAIL"]
    assert failed and "cut line" in failed[0].text


def test_the_instructions_are_in_the_kits_language(built, tmp_path):
    import pdfplumber

    folder, manifest = built
    path = next(a["path"] for a in manifest["artifacts"] if a["kind"] == "bag-instructions")
    with pdfplumber.open(folder / path) as pdf:
        text = pdf.pages[0].extract_text()
    assert "мешочек" in text and "Кулиса" in text and "1 см" in text and "bag-pattern-A4.pdf" in text
    from printkit.cli import main

    assert main(["build", "scrabble-en", "--only", "bag", "--paper", "Letter", "--out", str(tmp_path)]) == 0
    with pdfplumber.open(tmp_path / "scrabble-en" / "bag-Letter-instructions.pdf") as pdf:
        text = pdf.pages[0].extract_text()
    assert "drawstring bag" in text and "channel" in text and "bag-pattern-Letter.pdf" in text
    with pdfplumber.open(tmp_path / "scrabble-en" / "bag-pattern-Letter.pdf") as pdf:
        words = " ".join(p.extract_text() for p in pdf.pages)
    assert "grain" in words and "fold: the bottom of the bag" in words and "stop" in words


def test_a_paper_too_small_for_the_instructions_is_one_line_and_exit_2(run, tmp_path):
    code, out, err = run("build", "krestoslovitsa", "--only", "bag", "--paper", "A5", "--out", tmp_path / "o")
    assert code == 2 and out == ""
    assert err.splitlines() == ["--paper: A5 paper (148 × 210 mm, margins 10 mm) is too small for the bag pattern's "
                                "instructions: they need 177 mm down the page and have 170; choose larger paper"]
    assert not (tmp_path / "o").exists()


def test_a_larger_set_gets_a_bag_as_wide_as_its_volume_needs_and_no_wider(write, run, tmp_path):
    """30 mm tiles of 6 mm material: the tiles' volume, times 4, wants a base w × w/2 filled w high; w is
    rounded up to whole centimetres past the 120 mm a hand needs."""
    kit = write("big.yaml", "extends: krestoslovitsa\nphysical:\n  tile_mm: 30\n  cell_mm: 32\n  thickness_mm: 6\n")
    code, _, err = run("build", kit, "--only", "bag", "--paper", "A3", "--out", tmp_path / "o")
    assert code == 0 and "FAIL" not in err, err
    m = manifest_of(next((tmp_path / "o").glob("*/manifest.json")).parent)
    a = pattern(m)
    w, d, h = a["finished_mm"]
    need = a["factor"] * a["tiles"] * 30 * 30 * 6  # mm³
    assert a["tiles_cm3"] == a["tiles"] * 30 * 30 * 6 / 1000
    assert w * (w / 2) * w >= need > (w - 10) * ((w - 10) / 2) * (w - 10) and w > 120 and w % 10 == 0
    assert (d, h) == (w / 2, w + w / 2)
    assert a["cut_size_mm"] == [w + d + 20, d + 2 * h + 70] and a["paper"] == "A3"


@pytest.mark.parametrize("paper", ["A4", "Letter", "A3"])
@pytest.mark.parametrize("name", ["krestoslovitsa", "scrabble-uk"])
def test_the_instructions_fit_their_page_and_nothing_on_it_overlaps(name, paper):
    """Every line of the instructions page inside the margins, none on another, none on the map."""
    from printkit.config import load_kit
    from printkit.geometry import Group, Line, Rect, Text
    from printkit.products import REGISTRY

    kit = load_kit(name, paper=paper)
    doc = next(d for d in REGISTRY["bag"].documents(kit) if d.kind == "bag-instructions")
    page = doc.pages[0]
    m = kit.print.margin_mm
    texts = [i.ink() for i in page.items if isinstance(i, Text) and i.text.strip()]
    (the_map,) = [i for i in page.items if isinstance(i, Group) and i.tag == "map"]
    xs, ys = [], []
    for item in Group(the_map.items).items:
        for sub in (item.items if isinstance(item, Group) else (item,)):
            if isinstance(sub, Rect):
                xs += [sub.x, sub.x + sub.w]
                ys += [sub.y, sub.y + sub.h]
            elif isinstance(sub, Line):
                xs += [sub.x1, sub.x2]
                ys += [sub.y1, sub.y2]
    box = (min(xs) + the_map.dx, min(ys) + the_map.dy, max(xs) + the_map.dx, max(ys) + the_map.dy)
    assert m - 0.01 <= box[0] and box[2] <= page.width - m + 0.01
    for i, a in enumerate(texts + [box]):
        assert m - 0.01 <= a[0] and a[2] <= page.width - m + 0.01 and a[3] <= page.height - m + 0.5
        for b in (texts + [box])[i + 1:]:
            assert a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1], (name, paper, a, b)
