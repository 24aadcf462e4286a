"""``--set KEY=VALUE`` (issue 34): any kit option set from the command line for one build or check, without
writing a kit file, read and checked exactly as the file's value would be, its message placed at ``--set KEY``;
an unknown key is named with the nearest of the option declarations; nothing is written when it is refused."""

from __future__ import annotations

import pytest
from manifestread import manifest_of


def test_a_set_tile_size_makes_tiles_of_that_size(run, tmp_path):
    code, out, err = run("build", "--only", "tiles,laser", "--set", "physical.tile_mm=24", "--set",
                         "laser.profile=k40-whisperer", "--out", tmp_path)
    assert code == 0, out + err
    made = manifest_of(tmp_path / "krestoslovitsa")["artifacts"]
    tiles = [a for a in made if a["kind"] in ("tiles", "laser-tiles")]
    assert {a["kind"] for a in tiles} == {"tiles", "laser-tiles"} and {a["tile_mm"] for a in tiles} == {24.0}
    assert {a["bed"] for a in made if a["kind"].startswith("laser")} == {"325x220"}  # the K40's bed, not 600x400


def test_a_set_value_is_read_as_the_files_and_checked_alike(run, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "k.yaml").write_text("extends: krestoslovitsa\nphysical:\n  tile_mm: -5\n", encoding="utf-8")
    code, _, in_file = run("build", "k.yaml", "--out", "out")
    assert code == 2 and in_file.splitlines() == ["k.yaml:3:12: 'tile_mm' is -5 mm: it must be at least 3 mm"]
    code, out, err = run("build", "--set", "physical.tile_mm=-5", "--out", "out")
    assert (code, out) == (2, "")
    assert err.splitlines() == ["--set physical.tile_mm: 'tile_mm' is -5 mm: it must be at least 3 mm"]
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("command, setting, line", [
    ("build", "physical.tile_mn=24", "--set: no kit option 'physical.tile_mn' (did you mean 'physical.tile_mm'?)"),
    ("build", "tile_mm=24", "--set: no kit option 'tile_mm' (did you mean 'physical.tile_mm'?)"),
    ("check", "laser.profile=k40-whispere",
     "--set laser.profile: no laser profile named 'k40-whispere' (did you mean 'k40-whisperer'?)"),
    ("check", "print.cut=gup", "--set print.cut: 'cut' must be one of shared, gap, not 'gup' (did you mean 'gap'?)"),
    ("check", "physical.tile_mm", "--set: 'physical.tile_mm' is not KEY=VALUE: write the option's key, '=' and its "
                                  "value, as physical.tile_mm=24"),
    ("build", "physical.tile_mm=", "--set physical.tile_mm: an empty value: give one, as physical.tile_mm=24"),
])
def test_a_wrong_set_is_one_line_at_the_set(run, tmp_path, command, setting, line):
    out = tmp_path / "out"
    code, stdout, err = run(command, "--set", setting, *(["--out", out] if command == "build" else []))
    assert (code, stdout, err.splitlines()) == (2, "", [line])
    assert not out.exists()


def test_a_set_and_a_flag_of_one_option_are_refused(run, tmp_path):
    code, _, err = run("build", "--paper", "A3", "--set", "print.paper=A4", "--out", tmp_path / "out")
    assert code == 2 and err.splitlines() == ["--set print.paper: --paper sets print.paper too: give one of them"]
    assert not (tmp_path / "out").exists()


def test_set_values_are_yaml_scalars(run):
    """``true``, a number and a flow list read as in a file: the check passes with each laid over the kit."""
    code, out, err = run("check", "--set", "print.outline=true", "--set", "print.margin_mm=12.5", "--set",
                         "print3d.parts=[tiles, racks]", "--set", "title=Мой: набор")
    assert (code, err) == (0, ""), out + err
    assert out.startswith("krestoslovitsa: Мой: набор")
