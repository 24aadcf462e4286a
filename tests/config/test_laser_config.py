"""Laser profiles and the kit's laser and burn options: read strictly, one line per mistake."""

from __future__ import annotations

import pytest

from printkit.config import load_kit
from printkit.config.machine import machine_names

PROFILES = {  # name: bed, formats, inner cut colour, cut colour, the width drawn, whether the software reads it
    "lightburn": ((600.0, 400.0), ("svg", "lbrn2"), "#00e000", "#ff0000", 0.01, False),
    "glowforge": ((495.0, 279.0), ("svg",), "#00e000", "#ff0000", 0.01, False),
    "k40-whisperer": ((325.0, 220.0), ("svg",), "#fa0000", "#ff0000", 0.01, False),
    "xtool": ((430.0, 390.0), ("svg",), "#00e000", "#ff0000", 0.01, False),
    "epilog-trotec": ((610.0, 305.0), ("svg",), "#00ff00", "#ff0000", 0.01, True),
    "rdworks": ((600.0, 400.0), ("dxf",), "#00ff00", "#ff0000", 0.01, False),
}


def test_the_shipped_profiles():
    assert machine_names() == sorted(PROFILES)
    for name, (bed, formats, inner, cut, width, reads) in PROFILES.items():
        laser = load_kit("krestoslovitsa", laser=name).laser
        m = laser.machine
        assert (laser.bed_w, laser.bed_h) == bed and m.formats == formats
        assert m.order == ("engrave", "score", "inner_cut", "cut") and m.maps_by == "colour"
        ops = m.operations
        assert (ops["inner_cut"].colour, ops["cut"].colour, ops["cut"].width_mm, m.reads_widths) == (
            inner, cut, width, reads)
        assert ops["inner_cut"].width_mm == ops["cut"].width_mm and ops["inner_cut"].speed_mm_s == ops["cut"].speed_mm_s
        assert ops["engrave"].fill and not ops["cut"].fill and not ops["inner_cut"].fill
        assert len({ops[op].colour for op in ops}) == 4  # they map colour to operation: no two share one
    k40 = load_kit("krestoslovitsa", laser="k40-whisperer").laser.machine.operations
    assert (k40["cut"].colour, k40["score"].colour, k40["engrave"].colour) == ("#ff0000", "#0000ff", "#000000")
    # K40 Whisperer cuts a stroke within 10 of pure red (svg_reader.py): its inner cuts are red to it
    r, g, b = (int(k40["inner_cut"].colour[i:i + 2], 16) for i in (1, 3, 5))
    assert r >= 245 and g <= 10 and b <= 10
    trotec = load_kit("krestoslovitsa", laser="epilog-trotec").laser.machine.operations
    assert all(0.01 <= trotec[op].width_mm <= 0.025 for op in ("cut", "score"))  # hairlines, or they engrave


def test_each_shipped_profile_says_where_its_behaviour_comes_from():
    """The comment at the top of each profile names how the software reads the file, with a source
    or "not confirmed"; this keeps a profile from being shipped without it."""
    from printkit.config.machine import machines_dir

    for name in PROFILES:
        head = "".join(line for line in (machines_dir() / f"{name}.yaml").read_text(encoding="utf-8").splitlines(True)
                       if line.startswith("#"))
        assert len(head) > 200, name
        assert any(w in head for w in ("docs.", ".com", "github.com", "manual", "source", "not confirmed")), name
        assert "width" in head, name  # what it does with stroke widths


def test_a_profile_written_before_the_inner_cut_had_keys_of_its_own_still_works(write):
    """A user's profile with the keys of before (no maps_by, reads_widths, inner_cut; order of three):
    the inner cuts take the cut's look and go first in the file, as before."""
    write("old.yaml", """
        title: My old laser
        bed: 400x300
        order: [engrave, score, cut]
        operations:
          engrave: {colour: "#000000", fill: true, speed_mm_s: 200}
          score: {colour: "#0000ff", width_mm: 0.1, speed_mm_s: 50}
          cut: {colour: "#ff0000", width_mm: 0.1, speed_mm_s: 5}
        travel_mm_s: 250
        line_mm: 0.1
    """)
    kit = load_kit(str(write("k.yaml", "extends: krestoslovitsa\nlaser: {profile: old.yaml}\n")))
    m = kit.laser.machine
    assert (m.maps_by, m.reads_widths, m.order) == ("colour", True, ("engrave", "score", "inner_cut", "cut"))
    assert m.operations["inner_cut"] == m.operations["cut"]


def test_defaults_and_overrides(write):
    kit = load_kit("krestoslovitsa")
    assert kit.laser.machine.name == "lightburn" and (kit.laser.bed_w, kit.laser.bed_h) == (600.0, 400.0)
    assert (kit.laser.margin_mm, kit.laser.tabs_mm, kit.laser.board_fill) == (5.0, 0.0, False)
    assert kit.burn.letters == "outline"
    mine = write("k.yaml", "extends: krestoslovitsa\nlaser: {profile: xtool, bed: 300x200, tabs_mm: 0.5}\n"
                           "burn: {letters: single}\n")
    kit = load_kit(str(mine))
    assert (kit.laser.machine.name, kit.laser.bed_w, kit.laser.bed_h, kit.laser.tabs_mm) == ("xtool", 300, 200, 0.5)
    assert kit.burn.letters == "single" and kit.at("laser.bed") == f"{mine}:2:30"
    kit = load_kit(str(mine), laser="k40-whisperer", bed="325 x 220 mm")
    assert (kit.laser.machine.name, kit.laser.bed_w, kit.at("laser.bed"), kit.at("laser.profile")) == (
        "k40-whisperer", 325.0, "--bed", "--laser")


def test_a_profile_of_ones_own(write):
    write("my-laser.yaml", """
        title: My diode laser
        bed: 400x400
        operations:
          cut: {colour: "#00ff00", width_mm: 0.05, speed_mm_s: 3}
    """)
    kit = load_kit(str(write("k.yaml", "extends: krestoslovitsa\nlaser: {profile: my-laser.yaml}\n")))
    m = kit.laser.machine
    assert (m.name, m.title, m.bed_w, m.formats) == ("my-laser", "My diode laser", 400.0, ("svg",))
    assert (m.operations["cut"].colour, m.operations["cut"].width_mm, m.operations["score"].colour) == (
        "#00ff00", 0.05, "#0000ff")


@pytest.mark.parametrize("args, message", [
    (["--laser", "lightburm"], "--laser: no laser profile named 'lightburm' (did you mean 'lightburn'?)"),
    (["--laser", "nosuch"], "--laser: no laser profile named 'nosuch' (there are: epilog-trotec, glowforge, "
                            "k40-whisperer, lightburn, rdworks, xtool)"),
    (["--laser", "none.yaml"], "--laser: no laser profile file 'none.yaml'"),
    # the message the kit's laser.bed gives, at the flag (tests/config/test_flags.py)
    (["--bed", "10x10"], "--bed: 'bed': 10x10: each side must be 20 to 5000 mm"),
    (["--bed", "300"], "--bed: 'bed': '300' is not a size WxH in millimetres (e.g. 300x200)"),
    (["--bed", "25x25"], "--bed: a bed of 25 × 25 mm with margins of 5 mm has no room for one tile of 20 mm"),
])
def test_bad_laser_options_on_the_command_line(run, tmp_path, args, message):
    code, _, err = run("build", "--out", tmp_path / "out", *args)
    assert code == 2 and err.strip() == message
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("text, where, message", [
    ("physical: {tile_mm: 5, cell_mm: 6, kerf_mm: 1}\nlaser: {tabs_mm: 3}\n", "3:18",
     "hold tabs of 3 mm leave too little of a 5 mm tile's edge to cut: keep them under half the side"),
    ("laser: {tabs_mm: -1}\n", "2:18", "'tabs_mm' is -1 mm: it must be at least 0 mm"),
    ("physical: {kerf_mm: -0.1}\n", "2:21", "'kerf_mm' is -0.1 mm: it must be at least 0 mm"),
    ("physical: {tile_mm: 3, cell_mm: 4, kerf_mm: 1}\nlaser: {margin_mm: 0}\n", None, None),
    ("laser: {profile: 42}\n", "2:18", "no laser profile named '42' (there are: epilog-trotec, glowforge, "
                                       "k40-whisperer, lightburn, rdworks, xtool)"),
    ("laser: {bed: 20x20}\n", "2:14", "a bed of 20 × 20 mm with margins of 5 mm has no room for one tile of 20 mm"),
    ("laser: {board_fill: yes}\n", "2:21", "'board_fill' must be true or false, not yes: YAML 1.1 reads yes as"),
    ("burn: {letters: singel}\n", "2:17", "'letters' must be one of outline, single, not 'singel' "
                                         "(did you mean 'single'?)"),
    ("laser: {profil: xtool}\n", "2:9", "unknown key 'profil' in 'laser' (did you mean 'profile'?)"),
])
def test_bad_laser_options_in_a_kit(write, run, text, where, message):
    kit = write("k.yaml", "extends: krestoslovitsa\n" + text)
    code, _, err = run("check", kit)
    if message is None:
        assert code in (0, 1), err
        return
    assert code == 2 and err.strip().startswith(f"{kit}:{where}: {message}"), err


@pytest.mark.parametrize("text, where, message", [
    ('bed: 300\n', "1:6", "'bed': '300' is not a size WxH in millimetres (e.g. 300x200)"),
    ('bed: 300x200\nformats: [svg, pdf]\n', "2:16", "'formats' lists pdf: it may list svg, dxf"),
    ('bed: 300x200\norder: [cut, score]\n', "2:8", "'order' must list each of engrave, score, cut once"),
    ('bed: 300x200\noperations: {cut: {colour: red}}\n', "2:28",
     "'colour' must be a colour written #rrggbb (quoted), not 'red'"),
    ('bed: 300x200\noperations: {cut: {speed: 3}}\n', "2:20",
     "unknown key 'speed' in 'cut' (did you mean 'speed_mm_s'?)"),
    ('bed: 300x200\noperations: {cut: {speed_mm_s: 0}}\n', "2:32", "'speed_mm_s' is 0: it must be more than 0.1"),
    ('bed: 300x200\nlaser: true\n', "2:1", "unknown key 'laser' in a laser profile"),
    ('bed: 300x200\norder: [engrave, score, cut, inner_cut]\n', "2:30",
     "'order' lists inner_cut after cut: the inner cuts go before the cut that frees the part"),
    ('bed: 300x200\norder: [engrave, inner_cut, score, inner_cut, cut]\n', "2:36", "'order' lists 'inner_cut' twice"),
    ('bed: 300x200\nmaps_by: color\n', "2:10", "'maps_by' must be one of colour, layer, none, not 'color'"),
    ('bed: 300x200\nreads_widths: no\n', "2:15", "'reads_widths' must be true or false, not no"),
    ('bed: 300x200\noperations: {inner_cut: {fill: true}}\n', "2:26", "unknown key 'fill' in 'inner_cut'"),
    ('bed: 300x200\noperations: {inner_cut: {colour: "#FF0000"}}\n', "2:34",
     "'colour' #ff0000 of inner_cut is also the colour of cut: p tells operations apart by colour (maps_by: "
     "colour), so the two would run as one; give inner_cut a colour of its own"),
    ('bed: 300x200\noperations:\n  score: {colour: "#ff0000"}\n', "3:19",
     "'colour' #ff0000 of score is also the colour of cut: p tells operations apart by colour"),
    ('bed: 300x200\noperations:\n  cut: {colour: "#00ff00"}\n  inner_cut: {colour: "#00FF00"}\n', "4:23",
     "'colour' #00ff00 of inner_cut is also the colour of cut"),
    ('title: Mine\nbed: 300x200\noperations:\n  engrave: {colour: "#0000ff"}\n', "4:21",
     "'colour' #0000ff of engrave is also the colour of score: Mine tells operations apart by colour"),
    ('bed: 300x200\noperations: {cut: {aci: 0}}\n', "2:25", "'aci' must be 1 or more, not 0"),
    ('bed: 300x200\noperations: {cut: {aci: 256}}\n', "2:25", "'aci' is 256: the limit is 255"),
    ('bed: 300x200\noperations: {cut: {aci: 1.5}}\n', "2:25", "'aci' must be a whole number"),
    ('bed: 300x200\noperations: {cut: {aci: red}}\n', "2:25", "'aci' must be a whole number"),
    ('bed: 300x200\noperations: {cut: {aci: true}}\n', "2:25", "'aci' must be a whole number"),
    # two operations of different colours with one colour number would be one operation in RDWorks
    ('bed: 300x200\nformats: [dxf]\noperations: {cut: {aci: 5}}\n', "3:25",
     "cut (#ff0000) and score (#0000ff) would both be colour number 5 in a DXF, which software that sorts a DXF "
     "by colour number runs as one operation: give cut an 'aci:' of its own (1-255)"),
    ('bed: 300x200\nformats: [svg, dxf]\noperations: {score: {colour: "#0000fe"}, cut: {colour: "#0101ff"}}\n',
     "3:56", "cut (#0101ff) and score (#0000fe) would both be colour number 5 in a DXF"),
])
def test_bad_profile_files(write, run, tmp_path, text, where, message):
    profile = write("p.yaml", text)
    code, _, err = run("build", "--laser", profile, "--out", tmp_path / "out")
    assert code == 2 and err.strip().startswith(f"{profile}:{where}: {message}"), err
    assert not (tmp_path / "out").exists()


def test_operations_may_share_a_colour_where_the_software_does_not_map_colour_to_operation(write):
    write("by-layer.yaml", """
        bed: 400x300
        maps_by: layer
        operations:
          score: {colour: "#ff0000"}
          inner_cut: {colour: "#ff0000"}
    """)
    kit = load_kit(str(write("k.yaml", "extends: krestoslovitsa\nlaser: {profile: by-layer.yaml}\n")))
    m = kit.laser.machine
    assert m.maps_by == "layer" and m.operations["score"].colour == m.operations["cut"].colour == "#ff0000"


def test_a_colliding_profile_is_refused_before_anything_is_written(write, run, tmp_path):
    profile = write("p.yaml", 'bed: 300x200\noperations:\n  cut: {colour: "#0000ff"}\n')
    code, out, err = run("build", "--laser", profile, "--out", tmp_path / "out")
    assert (code, out) == (2, "")
    assert err.strip().splitlines() == [
        f"{profile}:3:17: 'colour' #0000ff of cut is also the colour of score: p tells operations apart by colour "
        f"(maps_by: colour), so the two would run as one; give cut a colour of its own"]
    assert not (tmp_path / "out").exists()


def test_a_profiles_own_colour_numbers_reach_the_dxf(write, run, tmp_path):
    """``aci:`` per operation: the number on the layer and on every entity of that operation; the
    operations without one keep the standard number of their colour; a profile for SVG alone may
    give two operations one number (no DXF is written)."""
    import ezdxf

    profile = write("p.yaml", 'bed: 300x200\nformats: [dxf]\noperations:\n  cut: {aci: 10}\n'
                              '  score: {colour: "#00ff00"}\n')
    code, _, err = run("build", "--laser", profile, "--only", "laser", "--out", tmp_path / "out", "-q")
    assert code == 0, err
    dxf = ezdxf.readfile(str(tmp_path / "out" / "krestoslovitsa" / "laser-board-1.dxf"))
    want = [("1-engrave", 7), ("2-score", 3), ("3-inner-cuts", 10), ("4-outer-cut", 10)]  # pin holes: inner cuts
    assert [(layer.dxf.name, layer.dxf.color) for layer in dxf.layers][2:] == want
    assert sorted({(e.dxf.layer, e.dxf.color) for e in dxf.modelspace()}) == want
    svg_only = write("s.yaml", 'bed: 300x200\noperations: {cut: {aci: 5}}\n')
    from printkit.config.machine import load_machine
    from printkit.config.reader import Problems

    problems = Problems()
    assert load_machine(str(svg_only), tmp_path, "test", problems).operations["cut"].aci == 5 and not problems
