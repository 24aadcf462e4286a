"""The work budget (issue 20, "Bounded work"): the estimate of a kit's work before anything is drawn,
the refusal of a kit over the budget by `check` and `build` at once (exit 2, one line at the option
that drives it), previews rendered one page at a time, and verify's check of a built folder."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from printkit import budget, build, preview
from printkit.budget import MAX_FILE_PAGES, items_of
from printkit.config import load_kit
from printkit.errors import PrintkitError
from printkit.products import estimate
from printkit.sheets import threed

ROOT = Path(__file__).resolve().parents[2]


def built_work(kit, only=None) -> dict[str, tuple[int, int, int]]:
    """(pages, preview pixels, items) of every document the build plans, by path."""
    out = {}
    for _, doc in build.plan(kit, build.products(only)):
        px = 0
        if doc.format in (*preview.FORMATS, "dxf"):  # a DXF's preview shows its limits: the bed, or its page
            for page in doc.pages[:build._preview_pages(doc.kind, len(doc.pages))]:
                w, h = page.trim_box[2:] if doc.format == "pdf" else (doc.bed or (page.width, page.height)) \
                    if doc.format == "dxf" else (page.width, page.height)
                a, b = preview.pixels(w, h)
                px += a * b
        out[doc.path] = (len(doc.pages), px, sum(items_of(p.items) for p in doc.pages))
    return out


def distribution(folder: Path, tiles: int) -> Path:
    """krestoslovitsa's letters scaled to ``tiles`` tiles, the rest blanks."""
    d = load_kit("krestoslovitsa").distribution
    counts = [max(1, int(t.count * tiles / d.total)) for t in d.tiles]
    lines = ["extends: krestoslovitsa", "name: many", f"blanks: {tiles - sum(counts)}", "tiles:"]
    lines += [f"  - [{t.face}, {c}, {t.value}]" for t, c in zip(d.tiles, counts)]
    path = folder / "many.yaml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


VARIANTS = [  # (kit, load_kit options, text of a kit extending it)
    ("krestoslovitsa", {}, ""),
    ("krestoslovitsa-mini", {"paper": "A5"}, ""),
    ("scrabble-de", {"paper": "Letter"},
     "print: {backs: pattern, cut: gap, spares: 2}\nstyle: {tile: {back_pattern: dots}}\n"),
    ("scrabble-en", {"paper": "A3"}, "print: {backs: plain}\nburn: {letters: single}\n"),
    ("erudit", {"laser": "rdworks", "bed": "200x150"}, ""),
    ("scrabble-uk", {},
     "physical: {tile_mm: 30, cell_mm: 60}\nprint: {paper: A5}\nstyle: {tile: {back_pattern: stripes}}\n"),
]


@pytest.mark.parametrize("name, options, text", VARIANTS, ids=[v[0] for v in VARIANTS])
def test_the_estimate_counts_the_pages_and_previews_the_build_makes(tmp_path, name, options, text):
    """Every file the build plans, with its pages and preview pixels exactly; the items within 5 %
    in all (each file within a factor of 2: a laser board's premium labels are guessed)."""
    if text:
        (tmp_path / "k.yaml").write_text(f"extends: {name}\nname: k\n{text}", encoding="utf-8")
        name = str(tmp_path / "k.yaml")
    kit = load_kit(name, **options)
    work = estimate(kit)
    made = built_work(kit)
    assert {f.path for f in work.files} == set(made)
    assert {f.path: (f.pages, f.preview_px) for f in work.files} == {p: v[:2] for p, v in made.items()}
    items = sum(v[2] for v in made.values())
    assert abs(work.items - items) <= 0.05 * items
    for f in work.files:
        assert made[f.path][2] / 2 <= f.items <= 2 * made[f.path][2] + 20, f.path
    assert work.pages == sum(v[0] for v in made.values())


def test_the_estimate_of_some_products_counts_them_and_print_all(tmp_path):
    kit = load_kit("scrabble-fr")
    work = estimate(kit, ["tiles", "laser"])
    assert work.products == ("tiles", "laser", "print-all")
    assert {f.path: (f.pages, f.preview_px) for f in work.files} == {
        p: v[:2] for p, v in built_work(kit, ["tiles", "laser"]).items()}
    print_all = work.of("print-all")[0]
    assert print_all.pages == 11  # its contents page, the tiles' 1, the board's 4 + map, play 3, calibration 1


def test_the_estimate_draws_no_page_of_tiles_or_board(monkeypatch, tmp_path):
    """Cheap, before any drawing: the 2000 pages of tiles and the board's pages are counted, not drawn."""
    from printkit.sheets import tiles
    from printkit.sheets.board import paper

    def never(*a, **k):
        raise AssertionError("drawn")

    monkeypatch.setattr(tiles, "_front", never)
    monkeypatch.setattr(paper, "window_page", never)
    distribution(tmp_path, 2000)
    (tmp_path / "k.yaml").write_text("extends: krestoslovitsa\nname: k\ndistribution: many.yaml\n"
                                     "physical: {tile_mm: 100, cell_mm: 100}\nprint: {paper: A5}\n", encoding="utf-8")
    work = estimate(load_kit(str(tmp_path / "k.yaml")))
    assert work.of("tiles")[0].pages == 2000 and len(work.of("tiles")) == 2001
    assert work.of("board")[2].path == "board-A5.pdf" and work.of("board")[2].pages == 130
    assert work.pages == 10757  # the laser sheets twice: each an SVG and a LightBurn project


HEAVY = """\
extends: krestoslovitsa
name: heavy
distribution: many.yaml
expect: {tiles: 2000, blanks: 80}
physical:
  tile_mm: 100
  cell_mm: 100
print:
  paper: A5
"""


def test_check_and_build_refuse_a_kit_over_the_budget_at_once(run, tmp_path, monkeypatch):
    """2000 tiles of 100 mm on A5 passed every limit and took 4 GB and minutes; now one line at the
    tile size, with the figure and the limit, exit 2, nothing written, nothing laid out."""
    distribution(tmp_path, 2000)
    kit = tmp_path / "k.yaml"
    kit.write_text(HEAVY, encoding="utf-8")
    monkeypatch.setattr(build, "plan", lambda *a: pytest.fail("laid out"))
    line = (f"{kit}:6:12: this kit's tiles take 2000 pages of A5 in tiles-A5.pdf (the limit is 500 pages in a file): "
            f"2000 tiles of 100 mm, 1 on a page of A5; choose smaller tiles (physical.tile_mm), larger paper "
            f"(print.paper) or fewer tiles (distribution)")
    code, out, err = run("check", kit)
    assert (code, out, err) == (2, "", line + "\n")
    code, out, err = run("build", kit, "--out", tmp_path / "out")
    assert (code, out, err) == (2, "", line + "\n")
    assert not (tmp_path / "out").exists()
    # the board's 130 pages are within the budget, but print-all, rebuilt with it, holds the tiles' too
    code, out, err = run("build", kit, "--out", tmp_path / "out", "--only", "board")
    assert (code, out) == (2, "") and err == (
        f"{kit}:9:10: this kit's print-all takes 2159 pages of A5 in print-all-A5.pdf (the limit is 500 pages in a "
        f"file): its contents page and the pages of tiles-A5.pdf (2000), board-A5.pdf (130), scoresheet.pdf (23)…; "
        f"choose larger paper (print.paper), larger cells or tiles, or fewer tiles\n")
    assert not (tmp_path / "out").exists()


def test_the_board_over_the_budget_is_named_at_the_cell_size(run, tmp_path):
    kit = tmp_path / "k.yaml"
    kit.write_text("extends: krestoslovitsa\nname: k\nphysical: {tile_mm: 20, cell_mm: 100}\nprint: {paper: 100x100}\n",
                   encoding="utf-8")
    code, out, err = run("check", kit)
    assert (code, out) == (2, "")
    assert err.splitlines() == [
        f"{kit}:3:34: this kit's board takes 638 pages of 100x100 in board-100x100.pdf (the limit is 500 pages in a "
        f"file): a board of 1514 × 1538 mm (15 × 15 cells of 100 mm) on 22 × 29 pages of 100x100; choose smaller "
        f"cells (physical.cell_mm) or larger paper (print.paper)"]


def test_the_totals_of_a_build_over_the_budget(monkeypatch):
    """Each file within the limit, the build's totals over theirs: each total its own line, with the
    products' shares, at the option that drives the longest file but print-all."""
    monkeypatch.setattr(budget, "MAX_PAGES", 30)
    monkeypatch.setattr(budget, "MAX_PREVIEW_PX", 20_000_000)
    monkeypatch.setattr(budget, "MAX_ITEMS", 10_000)
    kit = load_kit("krestoslovitsa")
    where = kit.at("physical.cell_mm")
    why = ("the longest file is board-A4.pdf, a board of 344 × 367 mm (15 × 15 cells of 22 mm) on 2 × 2 pages of A4; "
           "choose smaller cells (physical.cell_mm) or larger paper (print.paper)")
    assert estimate(kit).problems() == [
        f"{where}: a build of this kit writes 41 pages (the limit is 30): print-all 12 pages, burn 8, board 7, "
        "laser 6, "  # three sheets, each an SVG and a LightBurn project
        f"tiles 4, play 3, calibration 1; {why}",
        f"{where}: the previews of this kit take 26 million pixels (the limit is 20 million): burn 7.7 million pixels, "
        f"board 7.4 million, tiles 3.9 million, play 2.9 million, laser 2 million, calibration 0.97 million, print-all "
        f"0.97 million; {why}",
        f"{where}: this kit's files hold about 13 231 items of geometry (the limit is 10 000): print-all 4 680 items, "
        f"board 3 467, burn 1 476, laser 1 150, tiles 1 120, calibration 691, play 647; {why}"]
    with pytest.raises(PrintkitError) as caught:
        build.build_kit(kit, "/nonexistent/never-made")
    assert caught.value.lines() == estimate(kit).problems()


def test_check_states_the_work_within_the_budget(run):
    code, out, err = run("check", "krestoslovitsa")
    assert code == 0
    assert ("    ok   work: 41 pages in 21 files (the most in one file: 12 in print-all-A4.pdf), 27 previews of "
            "26 million pixels, about 13 231 items (the budget: 500 pages a file, 2000 pages, 1000 million pixels, "
            "1 million items)\n") in out


RENDER = r"""
import resource, sys, time
from pathlib import Path
from reportlab.pdfgen.canvas import Canvas
from printkit import preview

pdf = Path(sys.argv[1])
c = Canvas(str(pdf), pagesize=(595.3, 841.9), invariant=1)
for i in range(int(sys.argv[2])):
    c.drawString(72, 72, f"page {i + 1}")
    c.showPage()
c.save()
encode = preview._encode
def slow(*a, **k):  # an encoder slower than the renderer, as it is for pages with ink
    time.sleep(0.02)
    return encode(*a, **k)
preview._encode = slow
preview.render([(pdf, "pdf", 1)])  # the renderers loaded, before the measure
before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
shots = preview.render([(pdf, "pdf", None)])[0]
assert len(shots) == int(sys.argv[2]) and all(size == (827, 1169) for _, size in shots)
print((resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before) // 1024)
"""


def test_previews_of_a_long_pdf_are_rendered_a_few_pages_at_a_time(tmp_path):
    """A build rendered every page before encoding any: 150 pages of A4 held 150 bitmaps of 4 MB.
    Now at most preview.AHEAD wait for the encoder (measured by the process's peak memory)."""
    done = subprocess.run([sys.executable, "-c", RENDER, str(tmp_path / "long.pdf"), "150"], cwd=ROOT,
                          capture_output=True, text=True, check=True)
    grown_mb = int(done.stdout.strip())
    assert grown_mb < 150, f"the previews took {grown_mb} MB more"  # 4 MB a page: 660 MB before, 50 now


def test_verify_finds_a_folder_over_the_budget(tmp_path, monkeypatch):
    """A folder built past the budget (by an older printkit, or another limit) fails verify, with the
    file, its pages and the limit."""
    from printkit.verify import verify

    kit = load_kit("krestoslovitsa")
    folder = build.build_kit(kit, tmp_path, only=["play"]).folder
    assert verify(folder, kit=kit).passed
    monkeypatch.setattr(budget, "MAX_FILE_PAGES", 2)
    report = verify(folder, kit=kit)
    fails = [c.line() for c in report.failures]
    assert fails == ["FAIL print-all-A4.pdf: 12 pages: the budget is 2 pages in a file"]
    monkeypatch.setattr(budget, "MAX_FILE_PAGES", MAX_FILE_PAGES)
    assert "ok  manifest.json: the longest file, print-all-A4.pdf, has 12 pages: within the budget of 500 pages in " \
           "a file" in [c.line() for c in verify(folder, kit=kit).checks]


def _triangles(path: Path) -> int:
    """The triangles a 3D file holds, read from its bytes: an STL's count, a 3MF model's elements."""
    import zipfile

    if path.suffix == ".stl":
        return int.from_bytes(path.read_bytes()[80:84], "little")
    with zipfile.ZipFile(path) as z:
        return z.read("3D/3dmodel.model").count(b"<triangle ")


def test_the_3d_estimate_names_every_file_and_counts_at_least_its_triangles(run, tmp_path):
    """The 3D parts are counted by their triangles (a tile's, a board cell's, a rack's) from the plates
    and pieces as the product lays them out, no solid made: every file the build writes, and for each
    plate's 3MF at least the triangles it holds, the whole within 30 % of what the files hold."""
    pytest.importorskip("manifold3d")
    kit = load_kit("krestoslovitsa")
    work = estimate(kit, ["3d"])
    assert run("build", "--only", "3d", "--out", tmp_path, "--no-verify", "-q")[0] == 0
    folder = tmp_path / "krestoslovitsa"
    real = {str(p.relative_to(folder)): _triangles(p) for p in sorted((folder / "3d").iterdir())}
    assert sorted(f.path for f in work.files) == sorted(real)
    assert all(f.product == "3d" and f.pages == 0 and f.preview_px == budget.plate_px(256, 256) for f in work.files)
    for f in work.files:
        if f.format == "3mf":
            assert f.triangles >= real[f.path], f.path
    assert sum(real.values()) <= work.triangles <= 1.3 * sum(real.values()), (work.triangles, sum(real.values()))
    assert len(work.files) == 36 and 0 < work.triangles < budget.MAX_TRIANGLES  # the racks' plate: 3MF, body STL
    # on a printer of one filament the tiles' plates are one part: their STL is named for it
    one = estimate(load_kit("krestoslovitsa", printer="ender-3"), ["3d"])
    assert "3d/tiles-plate-1-tile.stl" in {f.path for f in one.files}
    assert not [f.path for f in one.files if f.path.endswith(("-letters.stl", "-body.stl")) and "tiles" in f.path]


@pytest.mark.parametrize("name", ["krestoslovitsa-mini", "scrabble-en", "scrabble-uk"])
def test_the_3d_counts_of_a_part_hold_the_shipped_kits(name):
    """The triangles of a tile, a board cell and a rack the estimate counts by are at least what the
    solids of the shipped kits have (the parts made, not written)."""
    pytest.importorskip("manifold3d")
    from printkit.sheets.threed import threed_documents

    kit = load_kit(name)
    counted = {f.path: f.triangles for f in estimate(kit, ["3d"]).files}
    for doc in threed_documents(kit):
        if doc.format == "3mf":
            made = sum(len(p.mesh.triangles) for o in doc.objects for p in o.parts)
            assert counted[doc.path] >= made, (doc.path, counted[doc.path], made)


def test_a_3d_build_over_the_budget_is_refused_at_once(run, tmp_path, monkeypatch):
    """2000 tiles as 3D parts took 45 s and 418 MB and were counted as no work; now one line at the
    kit's distribution, with the figure and the limit, exit 2, nothing written, nothing laid out."""
    distribution(tmp_path, 2000)
    kit = tmp_path / "k.yaml"
    kit.write_text("extends: krestoslovitsa\nname: many3d\ndistribution: many.yaml\nexpect: {}\n", encoding="utf-8")
    monkeypatch.setattr(build, "plan", lambda *a: pytest.fail("laid out"))
    code, out, err = run("build", kit, "--only", "3d", "--out", tmp_path / "out")
    triangles = estimate(load_kit(str(kit)), ["3d"]).triangles
    assert 2009 * threed.TILE_TRIANGLES * 2 < triangles
    assert (code, out, err) == (2, "", (
        f"{kit}:3:15: this kit's 3D files hold about {budget._millions(triangles)} triangles (the limit is 3 "
        f"million): 2009 tiles on 21 plates of Bambu Lab X1 / P1 / A1 (256 × 256); choose fewer tiles "
        f"(distribution): a set this large prints as several kits, each of part of it\n"))
    assert not (tmp_path / "out").exists()
