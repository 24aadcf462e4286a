"""Laser materials (templates/materials/): each shipped one read with its sources, applied to a profile where the
profile writes no setting of its own, chosen by laser.material or --material; a hostile material or profile
refused at its line, nothing written."""

from __future__ import annotations

import re

import pytest

from printkit.config import load_kit
from printkit.config.material import MATERIAL_OPTIONS, material_names
from printkit.config.reader import Problems
from printkit.geometry import Layer, Line, Role
from printkit.model import Operation
from printkit.paths import templates_dir
from printkit.sheets.laser.common import measure

SHIPPED = ["card-2mm-co2-40w", "card-2mm-diode-10w", "mdf-3mm-co2-40w", "mdf-3mm-diode-10w", "plywood-3mm-co2-40w",
           "plywood-3mm-diode-10w"]


def _material(name):
    from printkit.config.material import load_material

    problems = Problems()
    m = load_material(name, templates_dir(), "test", problems)
    assert m is not None, problems.items
    return m


def test_the_shipped_materials_are_three_materials_for_two_lasers():
    assert material_names() == SHIPPED
    for name in SHIPPED:
        m = _material(name)
        stuff, thickness, laser = re.fullmatch(r"(\w+)-(\d)mm-(co2-40w|diode-10w)", name).groups()
        assert m.thickness_mm == float(thickness)
        assert m.laser == {"co2-40w": "40 W CO2", "diode-10w": "10 W diode"}[laser]
        assert set(m.operations) == {"engrave", "score", "cut"}
        for op, figures in m.operations.items():
            assert 0 < figures["power_pct"] <= 100 and figures["min_power_pct"] <= figures["power_pct"]
            assert 0 < figures["speed_mm_s"] <= 400
        assert m.operations["engrave"]["interval_mm"] == 0.1
        # each figure names where it comes from: at least one page for the cut and one for the engraving
        assert re.search(r"cut[^;]*\b[a-z]+\.(com|net|org|co\.uk)\b", m.source), name
        assert re.search(r"engrav", m.source), name


def test_a_diode_laser_cuts_in_passes_and_a_co2_laser_in_one():
    assert _material("plywood-3mm-co2-40w").operations["cut"]["passes"] == 1
    assert _material("plywood-3mm-diode-10w").operations["cut"]["passes"] == 5
    assert _material("mdf-3mm-diode-10w").operations["cut"]["passes"] == 2


def test_lightburn_takes_plywood_on_a_40_w_co2_laser_unless_told_otherwise():
    m = load_kit("krestoslovitsa").laser.machine
    assert m.settings.name == "plywood-3mm-co2-40w"
    cut, engrave = m.operations["cut"], m.operations["engrave"]
    assert (cut.speed_mm_s, cut.power_pct, cut.min_power_pct, cut.passes) == (12.5, 90, 80, 1)
    assert (engrave.speed_mm_s, engrave.power_pct, engrave.interval_mm) == (175, 20, 0.1)
    assert m.operations["inner_cut"].speed_mm_s == 12.5 and m.operations["inner_cut"].colour == "#00e000"
    other = load_kit("krestoslovitsa", flags={"laser.material": "card-2mm-diode-10w"})
    cut = other.laser.machine.operations["cut"]
    assert (cut.speed_mm_s, cut.power_pct, cut.passes) == (37.5, 48, 2)
    # a profile without a material keeps its own speeds (the time estimate) and no power
    k40 = load_kit("krestoslovitsa", laser="k40-whisperer").laser.machine
    assert k40.settings is None and k40.operations["cut"].power_pct is None


def test_what_the_profile_writes_wins_over_the_material(write):
    text = (templates_dir() / "machines" / "lightburn.yaml").read_text(encoding="utf-8")
    text = text.replace('  cut: {colour: "#ff0000", width_mm: 0.01}', '  cut: {colour: "#ff0000", width_mm: 0.01, '
                                                                        'speed_mm_s: 9, passes: 2}')
    assert "speed_mm_s: 9" in text
    write("mine.yaml", text)
    kit = load_kit(str(write("k.yaml", "extends: krestoslovitsa\nlaser: {profile: mine.yaml}\n")))
    ops = kit.laser.machine.operations
    assert (ops["cut"].speed_mm_s, ops["cut"].passes, ops["cut"].power_pct) == (9, 2, 90)  # power: the material's
    assert (ops["inner_cut"].speed_mm_s, ops["inner_cut"].passes) == (9, 2)  # the cut's, as the profile says
    assert ops["engrave"].speed_mm_s == 175


def test_a_material_file_of_ones_own_beside_the_kit(write):
    own = (templates_dir() / "materials" / "plywood-3mm-co2-40w.yaml").read_text(encoding="utf-8")
    write("my-ply.yaml", own.replace("cut: {speed_mm_s: 12.5", "cut: {speed_mm_s: 8"))
    kit = load_kit(str(write("k.yaml", "extends: krestoslovitsa\nlaser: {material: my-ply.yaml}\n")))
    assert kit.laser.machine.settings.name == "my-ply"
    assert kit.laser.machine.operations["cut"].speed_mm_s == 8


def test_passes_multiply_the_time_of_their_lines():
    def seconds(passes):
        op = Operation(colour="#ff0000", width_mm=0.01, fill=False, speed_mm_s=10, power_pct=50, passes=passes)
        m = load_kit("krestoslovitsa", laser="k40-whisperer").laser.machine
        from dataclasses import replace

        m = replace(m, operations={**m.operations, "cut": op}, travel_mm_s=1e9)
        layer = Layer((Line(0, 0, 100, 0, role=Role.CUT),), name="outer cut")
        return measure(m, (layer,)).seconds

    assert seconds(1) == pytest.approx(10.0) and seconds(3) == pytest.approx(30.0)


GOOD = ("title: t\nlaser: 40 W CO2\nthickness_mm: 3\nsource: me\n"
        "engrave: {speed_mm_s: 100, power_pct: 20}\nscore: {speed_mm_s: 100, power_pct: 20}\n"
        "cut: {speed_mm_s: 10, power_pct: 90}\n")


@pytest.mark.parametrize("text, where, message", [
    (GOOD.replace("power_pct: 90", "power_pct: 200"), "7:34", "'power_pct' is 200 %: the limit is 100 %"),
    (GOOD.replace("speed_mm_s: 10,", "speed_mm_s: -1,"), "7:19", "'speed_mm_s' is -1: it must be more than 0.1"),
    (GOOD.replace("power_pct: 90}", "power_pct: 90, min_power_pct: 95}"), "7:53",
     "'min_power_pct' 95 of cut is more than its 'power_pct' 90"),
    (GOOD.replace("power_pct: 90}", "power_pct: 90, passes: 2.5}"), "7:46", "'passes' must be a whole number, not 2.5"),
    (GOOD.replace("cut: {speed_mm_s: 10, power_pct: 90}\n", ""), "1:1", "a laser material has no 'cut'"),
    (GOOD.replace("source: me\n", ""), "1:1", "a laser material has no 'source'"),
    (GOOD.replace("cut: {", "cut: {speeed: 3, "), "7:7", "unknown key 'speeed' in 'cut'"),
    (GOOD + "name: ../../x\n", "8:7", "the laser material's name '../../x'"),
])
def test_a_hostile_material_is_refused_at_its_line(write, run, tmp_path, text, where, message):
    path = write("m.yaml", text)
    code, out, err = run("build", "--material", path, "--out", tmp_path / "out", "--only", "laser")
    assert (code, out) == (2, ""), err
    assert err.strip().startswith(f"{path}:{where}: {message}"), err
    assert len(err.strip().splitlines()) == 1
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("text, where, message", [
    ("bed: 300x200\noperations: {cut: {speed_mm_s: -1}}\n", "2:32", "'speed_mm_s' is -1: it must be more than 0.1"),
    ("bed: 300x200\noperations: {cut: {power_pct: 200}}\n", "2:31", "'power_pct' is 200 %: the limit is 100 %"),
    ("bed: 300x200\noperations: {cut: {power_pct: 0}}\n", "2:31", "'power_pct' is 0 %: it must be more than 0 %"),
    ("bed: 300x200\noperations: {cut: {power_pct: 50, min_power_pct: 60}}\n", "2:50",
     "'min_power_pct' 60 of cut is more than its 'power_pct' 50"),
    ("bed: 300x200\noperations: {cut: {passes: 0}}\n", "2:28", "'passes' must be 1 or more, not 0"),
    ("bed: 300x200\noperations: {engrave: {interval_mm: 5}}\n", "2:37", "'interval_mm' is 5 mm: the limit is 1 mm"),
    ("bed: 300x200\nformats: [svg, lbrn2]\n", "2:10", "p projects (lbrn2) carry each layer's power, and engrave, "
                                                     "score, cut have none: name a material"),
    ("bed: 300x200\nformats: [lbrn2]\nmaterial: plywod-3mm-co2-40w\n", "3:11",
     "no laser material named 'plywod-3mm-co2-40w' (did you mean 'plywood-3mm-co2-40w'?)"),
])
def test_a_hostile_laser_profile_is_refused_at_its_line(write, run, tmp_path, text, where, message):
    profile = write("p.yaml", text)
    code, out, err = run("build", "--laser", profile, "--out", tmp_path / "out")
    assert (code, out) == (2, ""), err
    assert err.strip().startswith(f"{profile}:{where}: {message}"), err
    assert not (tmp_path / "out").exists()


def test_a_kit_naming_no_such_material_is_told_the_nearest(write, run):
    kit = write("k.yaml", "extends: krestoslovitsa\nlaser: {material: card-2mm}\n")
    code, _, err = run("check", kit)
    assert code == 2 and err.strip() == f"{kit}:2:19: no laser material named 'card-2mm' (did you mean " \
                                        f"'card-2mm-co2-40w'?)"


def test_every_material_option_is_documented():
    for o in MATERIAL_OPTIONS:
        assert o.help and o.key
