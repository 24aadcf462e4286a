"""The material the racks and the box are cut from, refused in one line where it cannot be jointed:
thicker than the tile, or a kerf as wide as the material is thick (a finger joint's slot would vanish)."""

import pytest

THICK = ("material 20 mm thick is thicker than the tile is wide (18 mm): the racks and the box could not be "
         "jointed round it; choose thinner material")
KERF = ("a kerf of 0.6 mm is as wide as the material is thick (0.5 mm) or wider: a finger joint's slot would "
        "vanish")


@pytest.mark.parametrize("text, line", [
    ("extends: krestoslovitsa\nphysical:\n  tile_mm: 18\n  thickness_mm: 20\n", f"4:17: {THICK}"),
    ("extends: krestoslovitsa\nphysical:\n  thickness_mm: 0.5\n  kerf_mm: 0.6\n", f"4:12: {KERF}"),
])
def test_material_that_cannot_be_jointed_is_refused_in_one_line(write, run, tmp_path, text, line):
    kit = write("k.yaml", text)
    for command in (["check", kit], ["build", kit, "--out", tmp_path / "out"]):
        code, out, err = run(*command)
        assert (code, out) == (2, "")
        assert err.splitlines() == [f"{kit}:{line}"]
    assert not (tmp_path / "out").exists()


def test_material_as_thick_as_the_tile_and_a_kerf_under_the_thickness_pass(write, run):
    kit = write("k.yaml", "extends: krestoslovitsa\nphysical:\n  tile_mm: 20\n  thickness_mm: 20\n  kerf_mm: 0.4\n")
    code, _, err = run("check", kit)
    assert code == 0, err
