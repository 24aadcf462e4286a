"""The slots' fit (issue 33: a slot was exactly the finger, 3.000 mm for 3.000 mm, and real "3 mm" plywood runs 2.7
to 3.2): physical.slot_fit_mm makes every slot of the racks' ends and the box's floor that much wider and longer as
the beam leaves it, the tenons and tabs as they were; verify measures the slots with it; a fit out of range is one
line at its place, exit 2."""

from __future__ import annotations

from math import hypot

import pytest
from lasersvg import box, inside, rings
from manifestread import manifest_of

TOL = 0.005
KERF, T = 0.2, 3.0


def slot_sides(folder, kind: str) -> list[tuple[float, float]]:
    """Every slot (a hole inside an outline) of the kind's sheets, as cut: its sides widened by the kerf, short side
    first."""
    out = []
    for a in manifest_of(folder)["artifacts"]:
        if a["kind"] != kind or a["format"] != "svg":
            continue
        layers = rings(folder / a["path"])
        for h in layers.get("inner cuts", []):
            assert len(h) == 4 and any(inside(box(h), box(o), TOL) for o in layers["outer cut"])
            sides = sorted(round(hypot(q[0] - p[0], q[1] - p[1]) + KERF, 3) for p, q in zip(h, h[1:] + h[:1]))
            assert sides[0] == pytest.approx(sides[1], abs=TOL) and sides[2] == pytest.approx(sides[3], abs=TOL)
            out.append((sides[0], sides[2]))  # a rectangle, square or leaning: its short side and its long
    return out


@pytest.fixture(scope="module")
def pair(tmp_path_factory):
    from printkit.cli import main

    out = tmp_path_factory.mktemp("fit")
    kit = out / "fit.yaml"
    kit.write_text("extends: krestoslovitsa\nphysical:\n  slot_fit_mm: 0.1\n", encoding="utf-8")
    assert main(["build", "krestoslovitsa", "--only", "box,racks", "--out", str(out / "press"), "--no-verify"]) == 0
    assert main(["build", str(kit), "--only", "box,racks", "--out", str(out / "fit"), "--no-verify"]) == 0
    return out / "press" / "krestoslovitsa", out / "fit" / "fit"


@pytest.mark.parametrize("kind", ["racks", "box"])
def test_each_slot_is_the_fit_wider_and_longer_and_nothing_else_changes(pair, kind):
    press, fit = pair
    a, b = slot_sides(press, kind), slot_sides(fit, kind)
    assert len(a) == len(b) > 20
    assert all(s[0] == pytest.approx(T, abs=TOL) for s in a)  # a press fit: the material's thickness
    for (w0, l0), (w1, l1) in zip(a, b):
        assert w1 == pytest.approx(w0 + 0.1, abs=TOL) and l1 == pytest.approx(l0 + 0.1, abs=TOL)
    for x, y in ((press, "krestoslovitsa"), (fit, "fit")):  # the parts' outlines (tenons, tabs) the same
        sheet = next(s for s in manifest_of(x)["artifacts"] if s["kind"] == kind and s["format"] == "svg")
        if x is press:
            outlines = sorted(box(p) for p in rings(x / sheet["path"])["outer cut"])
        else:
            assert sorted(box(p) for p in rings(x / sheet["path"])["outer cut"]) == outlines
            assert sheet["slot_fit_mm"] == 0.1


def test_verify_measures_the_slots_with_their_fit(pair, run):
    _, fit = pair
    code, out, _ = run("verify", fit)
    assert code == 0, out
    assert "(kerf 0.2 mm; each slot 0.1 mm wider and longer, the fit)" in out


@pytest.mark.parametrize("value, problem", [("-0.1", "below"), ("2", "above"), ("0,1", "")])
def test_a_fit_out_of_range_is_one_line_at_its_place(write, run, tmp_path, value, problem):
    kit = write("k.yaml", f"extends: krestoslovitsa\nphysical:\n  slot_fit_mm: {value}\n")
    code, out, err = run("build", kit, "--only", "racks", "--out", tmp_path / "o")
    assert (code, out) == (2, "") and len(err.splitlines()) == 1
    assert err.startswith(f"{kit}:3:") and "slot_fit_mm" in err
    assert not (tmp_path / "o").exists()
