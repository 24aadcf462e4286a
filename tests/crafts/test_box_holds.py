"""The box as a maker meets it (issue 33), measured from the files: the board lies on dividers along its whole
depth (it tipped onto the floor from the one row of dividers at the front), each rack stands in a stall of its
size (they slid 62 mm across and 276 mm front to back), no compartment or card stack has room for an eleventh
tile, and the card tray's end stacks keep their clearance once the walls' card stands inside the folds."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from dataclasses import replace

import pytest
from lasersvg import LABEL, SVG, box, inside, rings
from manifestread import manifest_of

TOL = 0.01
KERF, T = 0.2, 3.0  # the default kit
SPAN_MM = 100.0  # the longest stretch the board may lie without a divider under it
CLEARANCE = 2.0


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    from printkit.cli import main

    out = tmp_path_factory.mktemp("box")
    assert main(["build", "krestoslovitsa", "--only", "box", "--out", str(out), "--no-verify"]) == 0
    folder = out / "krestoslovitsa"
    return folder, manifest_of(folder)


def floor_of(folder, manifest):
    """The floor's outline and slots as cut, upright (its front edge at the top), from (0, 0)."""
    for a in manifest["artifacts"]:
        if a["kind"] != "box":
            continue
        for name, x0, y0, x1, y1, turned in a["parts"]:
            if name != "floor":
                continue
            layers = rings(folder / a["path"])
            holes = [h for h in layers.get("inner cuts", []) if inside(box(h), (x0, y0, x1, y1), TOL)]

            def upright(pts):
                pts = [(x - x0, y - y0) for x, y in pts]
                return [(y, (x1 - x0) - x) for x, y in pts] if turned else pts

            return a, [upright(h) for h in holes]
    raise AssertionError("no floor")


def slots(holes):
    """(long, short): the slots running across the floor (a long divider's) and front to back (a short one's),
    each as its box in the inside's frame (from the inside's front left corner), as cut: widened by the kerf."""
    body = KERF / 2 + T  # the floor's body starts t inside its outline, which the kerf grew by half
    long, short = [], []
    for h in holes:
        x0, y0, x1, y1 = box(h)
        b = (x0 - KERF / 2 - body, y0 - KERF / 2 - body, x1 + KERF / 2 - body, y1 + KERF / 2 - body)
        (long if b[2] - b[0] > b[3] - b[1] else short).append(b)
    return long, short


def test_the_board_lies_on_dividers_from_its_front_to_its_back(built):
    """From the floor's slots: a long divider at least every 100 mm; the front wall to the first and the last to the
    back wall too. Before, one row of dividers 34 mm from the front carried a board 358 mm deep."""
    folder, manifest = built
    a, holes = floor_of(folder, manifest)
    w, d, _ = a["inner_mm"]
    long, _ = slots(holes)
    supports = sorted({round((b[1] + b[3]) / 2, 2) for b in long})
    edges = [0.0, *supports, d]
    gaps = [round(q - p, 2) for p, q in zip(edges, edges[1:])]
    assert len(supports) == 5 and max(gaps) <= SPAN_MM, gaps
    assert max(gaps) == pytest.approx(a["board_span_mm"], abs=TOL)
    assert [round(v, 2) for v in a["supports_mm"]] == supports
    # the board (358 mm, centred) has a support either side of its middle and near each of its edges: it cannot tip
    assert supports[0] < d / 2 < supports[-1] and d - supports[-1] <= SPAN_MM
    # each long divider's slots run the inside's whole width: it carries the board from wall to wall
    for y in supports:
        row = sorted(b for b in long if abs((b[1] + b[3]) / 2 - y) <= TOL)
        assert row[0][0] < 2 * T + 10 and row[-1][2] > w - 2 * T - 10
    # and every long divider is as high as the others: the board lies level on them
    heights = {round(p[4] - p[2] - KERF, 3) if not p[5] else round(p[3] - p[1] - KERF, 3)
               for s in manifest["artifacts"] if s["kind"] == "box" for p in s["parts"] if p[0].startswith("divider")}
    assert heights == {round(a["divider_mm"] + T, 3)}


def test_each_rack_stands_in_a_stall_of_its_size(built):
    """From the floor's slots: the racks' rows are bays their depth and 2 mm deep, the short dividers make stalls
    their length and 2 mm wide, one a rack; the rest of a row is a bay of its own."""
    folder, manifest = built
    a, holes = floor_of(folder, manifest)
    w, d, _ = a["inner_mm"]
    rl, rd, _ = a["rack_mm"]
    long, short = slots(holes)
    fronts = [0.0] + sorted({round(b[3], 3) for b in long})  # the back face of each long divider: a row's front
    backs = sorted({round(b[1], 3) for b in long}) + [d]
    stalls = []
    for y0, y1 in zip(fronts, backs):
        xs = sorted({round(b[0], 3) for b in short if y0 - TOL <= b[1] and b[3] <= y1 + TOL})
        walls = [0.0, *[x for x in xs], w]
        starts = [0.0, *[x + T for x in xs]]
        cells = [round(e - s, 3) for s, e in zip(starts, walls[1:])]
        for c in cells:
            if 0 <= c - rl <= CLEARANCE + TOL and 0 <= (y1 - y0) - rd <= CLEARANCE + TOL:
                stalls.append((c, round(y1 - y0, 3)))
    assert len(stalls) == a["racks"] == 4
    for width, depth in stalls:  # the play a rack has: the clearance, not 62 mm
        assert width - rl == pytest.approx(CLEARANCE, abs=TOL) and depth - rd == pytest.approx(CLEARANCE, abs=TOL)


@pytest.mark.parametrize("name, thickness", [("krestoslovitsa", None), ("scrabble-en", None),
                                             ("krestoslovitsa-mini", None), ("krestoslovitsa", 0.8),
                                             ("scrabble-en", 1.5)])
def test_no_compartment_takes_an_eleventh_tile(name, thickness):
    """Ten tiles standing face to face, and no room for an eleventh: along the stack less than a tile's
    thickness over ten, across less than a tile's thickness beside it (scrabble-en's compartments were
    31.8 mm wide for 19 mm tiles: four more tiles stood turned beside each stack; the mini kit's 1.6 mm for
    tiles of 1.5 mm)."""
    from printkit.config import load_kit
    from printkit.sheets.box import layout

    kit = load_kit(name)
    if thickness is not None:
        kit = replace(kit, physical=replace(kit.physical, thickness_mm=thickness, kerf_mm=min(0.2, thickness / 4)))
    lay = layout(kit)
    t, tile = kit.physical.thickness_mm, kit.physical.tile_mm
    for row in lay.bays:
        if row.kind != "tiles":
            continue
        assert 10 * t < row.depth < 11 * t
        compartments = row.cells[:lay.cols]  # the rest of the row, if any, is a bay behind a divider of its own
        assert all(tile < c < tile + t for c in compartments), (row.cells, tile, t)
    assert lay.cols * lay.rows >= lay.contents.compartments


@pytest.mark.parametrize("name", ["krestoslovitsa", "scrabble-en", "krestoslovitsa-mini"])
def test_the_card_tray_keeps_each_stacks_clearance_and_takes_no_eleventh_tile(run, tmp_path, name):
    """The tray's walls fold up inside its base: the base is the stacks' grid and the card of two walls, so each end
    stack keeps the 1 mm the others have (it had 0 mm); the walls stand less than a tile over ten."""
    code, _, err = run("build", name, "--only", "box", "--out", tmp_path, "--no-verify")
    assert code == 0, err
    a = next(x for x in manifest_of(tmp_path / name)["artifacts"] if x["kind"] == "box-paper")
    w, d, h = a["tray_mm"]
    cols, rows = a["stacks"]
    card, tile, t = a["card_mm"], a["tile_mm"], a["thickness_mm"]
    inside_w, inside_d = w - 2 * card, d - 2 * card  # the walls' card stands inside the folds
    assert inside_w - cols * tile == pytest.approx(cols * 1.0, abs=TOL)  # 1 mm a stack, the end ones too
    assert inside_d - rows * tile == pytest.approx(rows * 1.0, abs=TOL)
    assert 10 * t < h < 11 * t


def test_verify_fails_a_board_left_without_support(built, tmp_path, capsys):
    """A manifest that promises a shorter span than the floor's slots give fails verify (exit 1)."""
    import shutil

    from printkit.cli import main

    folder = tmp_path / "k"
    shutil.copytree(built[0], folder)
    manifest = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
    for a in manifest["artifacts"]:
        if a["kind"] == "box":
            a["figures"]["board_span_mm"] = 50.0
    (folder / "manifest.json").write_text(json.dumps(manifest, ensure_ascii=False), encoding="utf-8")
    capsys.readouterr()
    assert main(["verify", str(folder)]) == 1
    out = capsys.readouterr().out
    assert "the board lies 91.00 mm without a divider under it, the manifest says at most 50 mm" in out


def test_every_box_sheet_states_the_thickness_and_kerf_it_is_drawn_for(built):
    """Each sheet scores the material's thickness and the kerf in the room between its parts (seen in the laser's
    program and on the offcut), off every part; real '3 mm' plywood runs 2.7 to 3.2 mm."""
    folder, manifest = built
    sheets = [a for a in manifest["artifacts"] if a["kind"] == "box" and a["format"] == "svg"]
    assert len(sheets) == 3
    for a in sheets:
        assert a["stamp"] == "Крестословица: начерчено для материала толщиной 3 мм, пропил 0.2 мм"
        assert "score" in [n for n, _ in a["layers"]]
        root = ET.parse(folder / a["path"]).getroot()
        (score,) = [g for g in root.iter(f"{SVG}g") if g.get(LABEL) == "score"]
        xs, ys = [], []
        for e in score.iter(f"{SVG}path"):
            nums = [float(v) for v in re.findall(r"-?\d+(?:\.\d+)?", e.get("d"))]
            xs += nums[0::2]
            ys += nums[1::2]
        ink = (min(xs), min(ys), max(xs), max(ys))
        assert inside(ink, (5, 5, 595, 395), TOL)
        for _, x0, y0, x1, y1, _ in a["parts"]:  # clear of every part's box
            assert ink[2] <= x0 or x1 <= ink[0] or ink[3] <= y0 or y1 <= ink[1]
        assert 2.0 <= ink[3] - ink[1] <= 4.5  # letters about 3 mm high, descenders included
