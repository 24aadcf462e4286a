"""Hostile profiles and label stocks (issue 31): a name that becomes part of a file's name, a glabels file made to
be large, a PNG made to be large, and the lines the refusals name. Every case is one located line, exit 2, and
nothing written: no output folder, and nothing outside it changed."""

from __future__ import annotations

import dataclasses
import re
import time
from pathlib import Path

import pytest

from printkit.budget import MAX_IMAGE_PX
from printkit.build import build_kit
from printkit.config import load_kit
from printkit.errors import PrintkitError
from printkit.products import estimate

KIT = "krestoslovitsa-mini"  # 130 tiles of 9 mm: the stickers and the cutter's pages in a few tenths of a second


def snapshot(folder: Path) -> dict[str, bytes]:
    """Every file under ``folder`` but the test's own input files (in ``in/``)."""
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*"))
            if p.is_file() and p.relative_to(folder).parts[0] != "in"}


@pytest.fixture
def victim(tmp_path):
    """The user's files around the output folder (tmp/work/out): a name that climbs out must not touch them."""
    files = {tmp_path / "VICTIM.pdf": b"my own PDF", tmp_path / "manifest.json": b"{}",
             tmp_path / "work" / "VICTIM.pdf": b"another of mine"}
    for path, data in files.items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
    before = snapshot(tmp_path)

    def unchanged():
        assert snapshot(tmp_path) == before
    unchanged.work = tmp_path / "work"
    (tmp_path / "in").mkdir()
    return unchanged


def refused(run, *args, out: Path) -> str:
    code, _, err = run(*args, "--out", out)
    assert code == 2, err
    assert len(err.strip().splitlines()) == 1, err
    assert "Traceback" not in err
    assert not out.exists()
    return err.strip()


# labels of the mini kit's tiles' size (9 mm; a larger label would hang over them, and is refused)
STOCK = ("paper: A4\nwidth_mm: 9.5\nheight_mm: 9.5\ncolumns: 5\nrows: 5\nleft_mm: 10\ntop_mm: 10\n"
         "pitch_x_mm: 25\npitch_y_mm: 25\n")

GLABELS = """<?xml version="1.0"{decl}?>
<Glabels-templates>
  <Template brand="{brand}" part="{part}" size="{size}" width="{width}" height="297mm">
    <Label-rectangle id="0" width="0.37in" height="0.37in" round="0in">
      <Layout nx="{nx}" ny="{ny}" x0="0.5in" y0="0.25in" dx="0.75in" dy="0.75in"/>
    </Label-rectangle>
  </Template>
</Glabels-templates>
"""


def glabels(**changes) -> str:
    fields = {"decl": "", "brand": "Online Labels", "part": "OL3008", "size": "US-Letter", "width": "210mm",
              "nx": "10", "ny": "14"}
    return GLABELS.format(**{**fields, **changes})


# -- names that become part of a file's name ------------------------------------------------------------

BAD_NAMES = [
    ('"../../../../VICTIM"', "contains '/': a name is part of a file's name"),
    ('"../manifest"', "contains '/'"),
    ('"a/b"', "contains '/'"),
    ('"a\\\\b"', "contains '\\'"),
    ('"two\\nlines"', "contains the invisible or control character U+000A"),
    ('".."', "names a folder, not part of a file's name"),
    ('""', "is empty"),
    ('".hidden"', "starts with '.'"),
    ("x" * 100, "is 100 characters long: the limit is 80"),
]


@pytest.mark.parametrize("name, why", BAD_NAMES)
def test_a_label_stocks_name_that_is_no_part_of_a_file_name_is_refused_at_its_line(run, tmp_path, victim, name, why):
    stock = tmp_path / "in" / "s.yaml"
    stock.write_text(f"name: {name}\n" + STOCK, encoding="utf-8")
    err = refused(run, "build", KIT, "--only", "stickers", "--labels", stock, out=victim.work / "out")
    assert err.startswith(f"{stock}:1:7: the label stock's name '") and why in err, err
    victim()


@pytest.mark.parametrize("name, why", BAD_NAMES[:4])
def test_a_cutter_profiles_name_is_refused_at_its_line(run, tmp_path, victim, name, why):
    profile = tmp_path / "in" / "c.yaml"
    profile.write_text(f"name: {name}\npapers: [A4]\n", encoding="utf-8")
    err = refused(run, "build", KIT, "--only", "cutter", "--cutter", profile, out=victim.work / "out")
    assert err.startswith(f"{profile}:1:7: the cutter profile's name '") and why in err, err
    victim()


@pytest.mark.parametrize("part, why", [("../../../../VICTIM", "contains '/'"), ("../manifest", "contains '/'"),
                                       ("a&#10;b", "U+000A"), ("..", "names a folder")])
def test_a_glabels_part_is_refused_at_its_template(run, tmp_path, victim, part, why):
    xml = tmp_path / "in" / "g.xml"
    xml.write_text(glabels(part=part), encoding="utf-8")
    err = refused(run, "build", KIT, "--only", "stickers", "--labels", xml, out=victim.work / "out")
    assert err.startswith(f"{xml}:3:3: the <Template>'s part, the stock's name, '") and why in err, err
    victim()


def test_a_name_taken_from_the_files_name_is_checked_too(run, tmp_path, victim):
    stock = tmp_path / "in" / ".mine.yaml"
    stock.write_text(STOCK, encoding="utf-8")
    err = refused(run, "build", KIT, "--only", "stickers", "--labels", stock, out=victim.work / "out")
    assert err == (f"{stock}:1:1: the label stock's name '.mine', taken from the file's name, starts with '.', as "
                   f"printkit's own hidden files do: set name: in the label stock")
    xml = tmp_path / "in" / ".mine.xml"
    xml.write_text(glabels(part=""), encoding="utf-8")
    err = refused(run, "build", KIT, "--only", "stickers", "--labels", xml, out=victim.work / "out")
    assert err.endswith("taken from the file's name, starts with '.', as printkit's own hidden files do: give the "
                        "<Template> a part"), err
    victim()


def test_a_good_name_still_names_the_files(run, tmp_path):
    stock = tmp_path / "s.yaml"
    stock.write_text("name: моя-наклейка 20\n" + STOCK, encoding="utf-8")
    code, _, err = run("build", KIT, "--only", "stickers", "--labels", stock, "--out", tmp_path / "out", "-q")
    assert code == 0, err
    assert (tmp_path / "out" / KIT / "stickers-моя-наклейка 20.pdf").is_file()


def test_a_kit_made_in_code_with_a_name_that_climbs_out_writes_nothing(tmp_path, victim):
    """The config refuses such names; a Kit made another way (the web page, a script) is stopped by the build."""
    kit = load_kit(KIT, flags={"cutter.profile": "silhouette"})
    cutter = dataclasses.replace(kit.cutter, cutter=dataclasses.replace(kit.cutter.cutter, name="../../../VICTIM"))
    kit = dataclasses.replace(kit, cutter=cutter)
    out = victim.work / "out"
    with pytest.raises(PrintkitError, match=r"the cutter would write the file 'cutter-\.\./\.\./\.\./VICTIM-A4\.pdf', "
                                            r"which is not a plain file name inside the kit's folder; nothing was "
                                            r"written"):
        build_kit(kit, out, only=["cutter"])
    assert not out.exists()
    victim()


# -- glabels files made to be large ------------------------------------------------------------------

@pytest.mark.parametrize("changes, message", [
    ({"nx": "9999", "ny": "9999"}, r"g\.xml:5:7: <Layout>'s nx is 9999: a sheet has at most 100 columns of labels"),
    ({"nx": "1", "ny": "2000"}, r"g\.xml:5:7: <Layout>'s ny is 2000: a sheet has at most 100 rows of labels"),
    ({"size": "custom", "width": "99999999mm"}, r"g\.xml:3:3: the <Template>'s paper of 1e\+08 × 297 mm: each side "
                                                r"must be 100 to 2000 mm"),
    ({"size": "custom", "width": "100000000mm"}, r"the <Template>'s paper of 1e\+08 × 297 mm"),  # 100 km
    ({"size": "custom", "width": "100km"}, r"g\.xml:3:3: the <Template>'s width '100km' is no length \(a number "
                                           r"with pt, in, mm, cm or pc\)"),
    ({"brand": "B" * 3_000_000}, r"g\.xml:3:3: the <Template>'s brand is 3,000,000 characters long: the limit is "
                                 r"200"),
    ({"decl": ' encoding="x-klingon"'}, r"g\.xml:1:\d+: not a glabels template file: unknown encoding: x-klingon "
                                        r"\(glabels writes UTF-8\)"),
])
def test_a_glabels_file_made_to_be_large_is_refused_at_once(run, tmp_path, changes, message):
    xml = tmp_path / "g.xml"
    xml.write_text(glabels(**changes), encoding="utf-8")
    started = time.perf_counter()
    err = refused(run, "build", KIT, "--only", "stickers", "--labels", xml, out=tmp_path / "out")
    assert time.perf_counter() - started < 5  # measured: 0.1 s (it was 20 s and 1.3 GB for 2000 × 2000 labels)
    assert re.search(message, err) and err.startswith(str(xml)), err


def test_a_glabels_layout_of_one_label_may_have_no_pitch(run, tmp_path):
    """glabels writes dx="0" where a sheet has one label across: the pitch's range starts at 0 there."""
    xml = tmp_path / "g.xml"
    xml.write_text(glabels(nx="1", size="A4").replace('dx="0.75in"', 'dx="0"'), encoding="utf-8")
    code, _, err = run("build", KIT, "--only", "stickers", "--labels", xml, "--out", tmp_path / "out", "-q")
    assert code == 0, err


# -- a craft cutter's PNG made to be large --------------------------------------------------------------

# each page is its tiles and nothing round them (a Cricut page: issue 33): the mini kit's 130 tiles of 9 mm in one
# or a few rows of a large area; an A4-sized area at 600 dpi is within the limit (the test after this one)
@pytest.mark.parametrize("area, dpi, pixels", [("1000x1000", 1200, "46 748 × 1 016 pixels (47 million"),
                                               ("600x600", 1200, "28 039 × 1 535 pixels (43 million"),
                                               ("234.95x171.45", 1200, "10 890 × 4 134 pixels (45 million")])
def test_a_png_past_the_image_limit_is_refused_at_the_profiles_line(run, tmp_path, area, dpi, pixels):
    profile = tmp_path / "c.yaml"
    profile.write_text(f"name: big\npapers: []\narea: {area}\nformats: [svg, png]\npng_dpi: {dpi}\n", encoding="utf-8")
    started = time.perf_counter()
    err = refused(run, "build", KIT, "--only", "cutter", "--cutter", profile, out=tmp_path / "out")
    assert time.perf_counter() - started < 5  # measured: 0.3 s (it was 4 GB in 8 s, or Pillow's error, exit 3)
    assert err == (f"{profile}:5:10: cutter-big-1.png would be an image of {pixels}; the limit is 40 million an "
                   f"image): the cutter profile big ({profile}) prints pages of up to {area.replace('x', ' × ')} mm, "
                   f"its PNG at {dpi} dpi; lower its png_dpi or its area, or choose another profile (--cutter)")


def test_the_image_limit_takes_a_page_of_a4_at_600_dpi(tmp_path):
    """35 million pixels: the largest a home printer's page needs is within the limit."""
    assert 4961 * 7016 < MAX_IMAGE_PX
    profile = tmp_path / "c.yaml"
    profile.write_text("name: fine\npapers: []\narea: 210x297\nformats: [png]\npng_dpi: 600\n", encoding="utf-8")
    kit = load_kit("krestoslovitsa", flags={"cutter.profile": str(profile)})  # 139 tiles of 20 mm: A4 filled
    work = estimate(kit, ["cutter"])
    assert work.problems() == []
    (png,) = [f for f in work.files if f.path == "cutter-fine-1.png"]
    assert png.image_size[0] <= 4961 and png.image_size[1] <= 7016 and png.image_size[0] * png.image_size[1] > 30e6


# -- where the refusals point --------------------------------------------------------------------------

@pytest.mark.parametrize("flag, what", [("--printer", "3D printer profile"), ("--cutter", "cutter profile"),
                                        ("--labels", "label stock"), ("--laser", "laser profile")])
def test_a_profile_path_that_is_a_folder_is_called_a_folder(run, tmp_path, flag, what):
    (tmp_path / "adir").mkdir()
    only = {"--printer": "tiles", "--cutter": "cutter", "--labels": "stickers", "--laser": "laser"}[flag]
    err = refused(run, "build", KIT, "--only", only, flag, f"{tmp_path / 'adir'}/", out=tmp_path / "out")
    assert err == f"{flag}: '{tmp_path / 'adir'}/' is a folder, not a {what} file"


BIG = """
name: big
language: ru
script: Cyrillic
alphabet: А Б
vowels: А
blanks: 0
tiles:
  - [А, 300, 1]
  - [Б, 300, 3]
"""


def test_a_budget_refusal_the_stock_causes_names_where_the_stock_was_chosen(run, write, tmp_path):
    write("d.yaml", BIG)
    write("one.yaml", "name: one\n" + STOCK.replace("columns: 5", "columns: 1").replace("rows: 5", "rows: 1"))
    kit = write("k.yaml", f"extends: {KIT}\ndistribution: d.yaml\nexpect: {{}}\nstickers:\n  stock: one.yaml\n")
    tail = ("this kit's sticker sheets take 604 pages of A4 in stickers-one.pdf (the limit is 500 pages in a file): "
            f"the label stock one ({tmp_path / 'one.yaml'}) has 1 label a sheet; choose a stock with more labels a "
            "sheet (--labels), or fewer tiles")
    assert refused(run, "build", kit, "--only", "stickers", out=tmp_path / "out") == f"{kit}:5:10: {tail}"
    assert refused(run, "build", kit, "--only", "stickers", "--labels", tmp_path / "one.yaml",
                   out=tmp_path / "out") == f"--labels: {tail}"


def test_a_3d_margin_too_wide_for_the_bed_is_named_at_the_users_line(run, write, tmp_path):
    printer = Path(__file__).parents[2] / "templates" / "printers" / "bambu-a1-mini.yaml"
    write("small.yaml", printer.read_text(encoding="utf-8").replace("bed: 180x180", "bed: 100x100"))
    kit = write("k.yaml", f"extends: {KIT}\nprint3d:\n  printer: small.yaml\n  margin_mm: 50\n")
    err = refused(run, "build", kit, "--only", "3d", out=tmp_path / "out")
    assert err.startswith(f"{kit}:4:14: a tile of 9 mm does not fit the bed of "), err
    assert err.endswith("(100 × 100 mm) with margins of 50 mm"), err


def test_a_laser_margin_too_wide_for_the_bed_is_named_at_the_users_line(run, write, tmp_path):
    kit = write("k.yaml", f"extends: {KIT}\nlaser:\n  margin_mm: 46\n")
    err = refused(run, "build", kit, "--only", "laser", "--bed", "100x100", out=tmp_path / "out")
    assert err == f"{kit}:3:14: a bed of 100 × 100 mm with margins of 46 mm has no room for one tile of 9 mm"


# -- paths in a kit another kit extends -------------------------------------------------------------------

def test_a_path_in_an_extended_kit_is_read_from_that_kits_folder(run, write, tmp_path):
    dist = (Path(__file__).parents[2] / "configs" / "distributions" / "krestoslovitsa.yaml").read_text("utf-8")
    write("sub/p.yaml", dist.replace("name: krestoslovitsa", "name: beside-parent", 1))
    write("sub/s.yaml", "name: beside\n" + STOCK)
    write("sub/parent.yaml", f"extends: {KIT}\ndistribution: p.yaml\nstickers: {{stock: s.yaml}}\n")
    child = write("child.yaml", "extends: sub/parent.yaml\nname: child\n")
    write("p.yaml", "this: is not the parent's file\n")  # beside the child: must not be the one read
    code, out, err = run("build", child, "--only", "stickers", "--out", tmp_path / "out", "-q")
    assert code == 0, err
    assert (tmp_path / "out" / "child" / "stickers-beside.pdf").is_file()
    code, out, err = run("check", child)
    assert "tiles (beside-parent)" in out, out


# -- found by fuzzing the profiles' edges ----------------------------------------------------------------

def _walk(items):
    for item in items:
        yield item
        yield from _walk(getattr(item, "items", ()))


def _cutter_page(tmp_path, profile: str, kit: str = KIT):
    from printkit.sheets.cutter import cutter_documents

    path = tmp_path / "c.yaml"
    path.write_text(profile, encoding="utf-8")
    pdf = next(d for d in cutter_documents(load_kit(kit, flags={"cutter.profile": str(path)})) if d.format == "pdf")
    return list(_walk(pdf.pages[0].items))


def test_the_footer_stays_below_the_tiles_when_the_marks_arms_are_short(write, tmp_path):
    """Arms of 5 mm, shorter than the footer is tall: the last row of a full page was printed over the footer."""
    write("d.yaml", BIG)
    kit = write("k.yaml", f"extends: {KIT}\ndistribution: d.yaml\nexpect: {{}}\n")
    items = _cutter_page(tmp_path, "name: arm5\npapers: [A4]\nmarks: type1\narm_mm: 5\nsquare_mm: 1\n", str(kit))
    bar = next(it for it in items if it.tag == "scale-bar")
    faces = [it for it in items if it.tag in ("face", "spare-face")]
    assert len(faces) > 300  # a full page
    assert max(f.y + f.h for f in faces) <= bar.y - 2.0


def test_marks_that_leave_no_room_across_for_the_footer_leave_it_out(tmp_path):
    """An inset and arms of 50 mm on A4 leave 4 mm between the bottom marks: the footer was drawn there anyway, over
    the marks' clear zone, and verify failed (exit 1)."""
    items = _cutter_page(tmp_path, "name: wide\npapers: [A4]\nmarks: type1\ninset_mm: 50\narm_mm: 50\n")
    assert not [it for it in items if it.tag in ("scale-bar", "print-note", "page-label")]
    assert [it.tag for it in items if it.tag.startswith("regmark")] == ["regmark-tl", "regmark-tr", "regmark-bl"]
