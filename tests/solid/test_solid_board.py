"""The 3D-printed board (with the tiles, ``--only 3d``): the kit's grid in the fewest pieces that fit
the printer's bed, read back with trimesh from the files a build writes: every part watertight and
of positive volume, each piece its stated size within 0.05 mm and inside the bed's margins, the
cells recessed and the premium pockets filled by a part per premium kind on its own extruder, the
labels inset; the pieces put back together make the board with no overlap, and each dovetail sits
in its neighbour's socket with the stated clearance all round; verify re-measures them; bad input
is one line, exit 2."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import numpy as np
import pytest
from manifestread import manifest_in, manifest_of
from solidbuild import DIST, KIT, TOL, five_built, one_line, plate_meshes

from printkit.config import load_kit

trimesh = pytest.importorskip("trimesh")
manifold3d = pytest.importorskip("manifold3d")
shapely = pytest.importorskip("shapely")


def _built(shared, printer, copy_to: Path | None = None):
    """The five-tile kit's 3D folder for ``printer`` (built once for the run: test_solid.five_built), or
    a copy of it in ``copy_to`` to change; its manifest, and the manifest's board pieces."""
    folder = five_built(shared, printer)
    if copy_to is not None:
        folder = Path(shutil.copytree(folder, copy_to / "five"))
    manifest = manifest_of(folder)
    pieces = [a for a in manifest["artifacts"] if a.get("item") == "board" and a["format"] == "3mf"]
    return folder, manifest, pieces


@pytest.mark.parametrize("printer, split", [("bambu-x1", [2, 2]), ("bambu-a1-mini", [3, 3]),
                                            ("prusa-mk4-mmu3", [3, 2])])
def test_the_board_pieces_are_watertight_fit_the_bed_and_measure_their_size(five, shared, printer, split):
    folder, manifest, pieces = _built(shared, printer)
    kit = load_kit(str(five), printer=printer)
    p3, c = kit.print3d, kit.physical.cell_mm
    bed = (p3.printer.bed_w, p3.printer.bed_h)
    assert len(pieces) == split[0] * split[1] and all(a["split"] == split for a in pieces)
    assert [a["piece"] for a in pieces] == list(range(1, len(pieces) + 1))
    assert all((a["kind"], a["product"], a["format"]) == ("3d", "3d", "3mf") for a in pieces)
    # each of the piece's parts also as an STL, for any slicer
    stls = {a["path"] for a in manifest["artifacts"] if a.get("item") == "board" and a["format"] == "stl"}
    assert stls == {f"3d/board-piece-{a['piece']}-{n}.stl" for a in pieces for n in a["filaments"]}
    floor, pocket = p3.board_mm - p3.board_recess_mm, p3.board_mm - p3.board_recess_mm - p3.board_pocket_mm
    assert (floor, pocket) == (pytest.approx(3.4), pytest.approx(2.8))
    cols = rows = 0
    kinds = set()
    for a in pieces:
        (obj,) = plate_meshes(folder / a["path"])
        parts = obj["parts"]
        # body 1, letters 2 as on the tiles, the premiums from 3, as the manifest says: with four filaments (the AMS)
        # the letter premiums share one and the word premiums one, with five (the MMU3) only the letter premiums
        full = {4: {"body": 1, "letters": 2, "DL": 3, "TL": 3, "DW": 4, "TW": 4},
                5: {"body": 1, "letters": 2, "DL": 3, "TL": 3, "DW": 4, "TW": 5}}[p3.printer.filaments]
        assert {n: e for n, (_, e) in parts.items()} == {n: full[n] for n in parts} and "body" in parts
        kinds |= set(parts)
        assert {n: f["extruder"] for n, f in a["filaments"].items()} == {n: e for n, (_, e) in parts.items()}
        for name, (mesh, _) in parts.items():
            assert mesh.is_watertight and mesh.is_winding_consistent and mesh.volume > 0, (a["path"], name)
            assert a["filaments"][name]["grams"] == pytest.approx(mesh.volume / 1000 * p3.density, abs=0.01)
        body = parts["body"][0]
        lo, hi = body.bounds
        assert np.allclose(hi - lo, a["piece_mm"], atol=TOL), (a["path"], hi - lo)
        x, y, _ = obj["at"]
        assert p3.margin_mm - TOL <= x + lo[0] and x + hi[0] <= bed[0] - p3.margin_mm + TOL
        assert p3.margin_mm - TOL <= y + lo[1] and y + hi[1] <= bed[1] - p3.margin_mm + TOL
        # printed face up: the bed, the premium pockets' bottom, the recessed cells' floor, the top
        assert set(np.round(body.vertices[:, 2], 4)) == {0.0, pocket, floor, p3.board_mm}
        for name in set(parts) - {"body"}:
            assert set(np.round(parts[name][0].vertices[:, 2], 4)) == {pocket, floor}, name
        cols += a["cols"] if a["piece"] <= split[0] else 0
        rows += a["rows"] if (a["piece"] - 1) % split[0] == 0 else 0
    assert (cols, rows) == (15, 15)
    assert kinds == {"body", "letters", "DL", "TL", "DW", "TW"}  # every premium kind somewhere, the star and labels
    # the fewest pieces: one fewer across or down would not fit the bed inside its margins, beside the wipe tower's
    # room on a printer of two filaments or more (the pieces left of it, a gap from it: tests/solid/test_tower.py)
    rim, tail = pieces[0]["rim_mm"], pieces[0]["dovetail"]["depth_mm"]
    across, down = bed[0] - 2 * p3.margin_mm, bed[1] - 2 * p3.margin_mm
    tower = pieces[0]["tower_mm"]
    across -= tower[2] - tower[0] + p3.gap_mm
    assert all(a["at_mm"][0] == p3.margin_mm and a["tower_mm"] == tower for a in pieces)
    fewer = split[0] - 1
    assert rim + -(-15 // fewer) * c + tail > min(across, down)
    assert all(a["piece_mm"][0] <= across + TOL and a["piece_mm"][1] <= down + TOL for a in pieces)


def _section(mesh, x: float, y: float, z: float = 1.0):
    """The body's section at height ``z`` (under every pocket: the piece's outline) as a shapely shape,
    moved by (x, y) onto the board."""
    from shapely.geometry import LineString
    from shapely.ops import polygonize, unary_union

    segments = trimesh.intersections.mesh_plane(mesh, [0, 0, 1], [0, 0, z])
    lines = [LineString(np.round(s[:, :2] + [x, y], 6)) for s in segments]
    return unary_union(list(polygonize(unary_union(lines))))


def test_the_pieces_make_the_board_and_each_dovetail_fits_its_socket(five, shared):
    folder, _, pieces = _built(shared, "bambu-x1")
    kit = load_kit(str(five))
    clearance = kit.print3d.board_clearance_mm
    assert clearance == 0.15
    shapes, placed = {}, []
    for a in pieces:
        (obj,) = plate_meshes(folder / a["path"])
        body = obj["parts"]["body"][0]
        assert not a["turned"]
        ox, oy = a["on_board_mm"]  # where the piece's corner lies on the board
        shapes[a["piece"]] = _section(body, ox, oy)
        placed.append(body.copy().apply_translation([ox, oy, 0]))
    w, h, t = pieces[0]["board_mm"]
    assert (w, h, t) == (342.0, 342.0, 4.0)  # 15 cells of 22 mm and a rim of 6 mm each side
    whole = trimesh.util.concatenate(placed)
    assert np.allclose(whole.bounds, [[0, 0, 0], [w, h, t]], atol=TOL)
    union = shapely.union_all(list(shapes.values()))
    assert union.bounds == pytest.approx((0, 0, w, h), abs=TOL)
    # no two pieces overlap; what the board lacks is only the gaps round the dovetails
    for i in shapes:
        for j in shapes:
            if i < j:
                assert shapes[i].intersection(shapes[j]).area < 1e-3, (i, j)
    tail = pieces[0]["dovetail"]
    neck, head, depth = tail["neck_mm"], tail["head_mm"], tail["depth_mm"]
    joints = [(a["piece"], j) for a in pieces for j in a["joints"] if j["role"] == "tongue"]
    assert len(joints) == 8  # 4 seam stretches of 7 or 8 cells, 2 dovetails each
    k = (head - neck) / 2 / depth
    widen = 2 * clearance * np.hypot(1, k)  # the socket wider along the seam: the clearance square to each flank
    assert tail["socket_widen_mm"] == pytest.approx(widen, abs=1e-4)
    socket_area = (neck + widen) * (depth + clearance) + k * (depth + clearance) ** 2
    tongue_area = neck * depth + k * depth ** 2
    assert w * h - union.area == pytest.approx(len(joints) * (socket_area - tongue_area), abs=0.05)
    for number, j in joints:
        a = next(p for p in pieces if p["piece"] == number)
        ox, oy = a["on_board_mm"]
        bx, by = a["at_mm"]
        # the dovetail in board mm: the joint's figures are on the tongue's plate
        if j["points"] == "+x":
            seam, mid = j["seam_mm"] - bx + ox, j["at_mm"] - by + oy
            zone = shapely.box(seam + 0.01, mid - head, seam + depth + 1, mid + head)
        else:
            assert j["points"] == "-y"
            seam, mid = j["seam_mm"] - by + oy, j["at_mm"] - bx + ox
            zone = shapely.box(mid - head, seam - depth - 1, mid + head, seam - 0.01)
        tongue = shapes[number].intersection(zone)
        socket = shapes[j["with"]].intersection(zone)
        # the tongue measures its nominal shape: a trapezoid neck → head over its depth
        assert tongue.area == pytest.approx((neck + head) / 2 * depth - 0.01 * neck, abs=0.05)
        # and lies in the socket with the clearance all round, square to each flank and at its end
        assert tongue.distance(socket) == pytest.approx(clearance, abs=0.005)
        assert tongue.buffer(clearance - 0.005).intersection(socket).area == pytest.approx(0, abs=1e-6)
        assert tongue.buffer(clearance + 0.01).intersection(socket).area > 0.01


def test_verify_re_measures_the_board_and_fails_a_socket_that_moved(shared, tmp_path):
    from printkit.verify import verify

    folder, manifest, _ = _built(shared, "bambu-x1", copy_to=tmp_path)
    lines = [c.line() for c in verify(folder).checks]
    assert not [line for line in lines if line.startswith("FAIL")]
    assert ("ok  3d/board-piece-1.3mf: every part closed, of positive volume, on the bed of 256 × 256 mm; the piece "
            "187.5 × 187.5 × 4 mm, 4 dovetails and sockets as the manifest says") in lines
    assert "ok  3d/board-piece-1.3mf: one piece of the board, its 6 parts on the manifest's extruders" in lines
    path = folder / "manifest.json"
    original = path.read_text(encoding="utf-8")
    entry = next(a for a in manifest["artifacts"] if a["path"] == "3d/board-piece-2.3mf")
    socket = next(j for j in entry["joints"] if j["role"] == "socket")
    socket["seam_mm"] = round(socket["seam_mm"] + 0.2, 4)  # the manifest's socket 0.2 mm off the file's
    path.write_text(json.dumps(manifest, ensure_ascii=False), encoding="utf-8")
    fails = [c.line() for c in verify(folder).failures]
    assert len(fails) == 1 and fails[0].startswith("FAIL 3d/board-piece-2.3mf: I1:O8: the socket to piece 1 at "), fails
    assert "ends 5.65 mm from the seam, not 5.65" not in fails[0] and "wide at 0.25 of its depth" in fails[0], fails
    path.write_text(original, encoding="utf-8")
    manifest = manifest_in(original)
    entry = next(a for a in manifest["artifacts"] if a["path"] == "3d/board-piece-3.3mf")
    entry["dovetail"]["clearance_mm"] = 0.3  # the manifest's clearance is not the file's
    path.write_text(json.dumps(manifest, ensure_ascii=False), encoding="utf-8")
    fails = [c.line() for c in verify(folder).failures]
    assert len(fails) == 1 and "3d/board-piece-3.3mf" in fails[0] and "from the seam, not 5.8" in fails[0], fails


def test_bad_board_input_is_one_line_exit_2(write, tmp_path, run):
    write("d.yaml", DIST)
    out = tmp_path / "out"
    kit = write("k.yaml", KIT + "    print3d: {board_recess_mm: 3}\n")
    line = one_line(run, "build", kit, "--only", "3d", "--out", out)
    assert line.endswith("k.yaml:6:28: cells recessed 3 mm with premium pockets of 0.6 mm (3 layers) under them "
                         "leave 0.4 mm of a board 4 mm thick, less than 1 mm: recess less or make the board thicker")
    write("small.yaml", "bed: 120x120\nlayer_mm: 0.2\nsource: a test\n")
    kit = write("k2.yaml", KIT + "    physical: {cell_mm: 100}\n    print3d: {printer: small.yaml}\n")
    line = one_line(run, "build", kit, "--only", "3d", "--out", out)
    assert line.endswith("k2.yaml:6:21: a piece of the 3D-printed board needs at least one cell of 100 mm, the 6 mm "
                         "rim and a dovetail of 25 mm (131 mm), more than the bed of small (120 × 120 mm) has inside "
                         "margins of 5 mm: leave the board out (print3d: {parts: [tiles, racks]}) or choose smaller "
                         "cells")
    assert not out.exists() or not any(out.rglob("*.3mf"))  # nothing half-written


def test_a_board_that_fits_only_turned_lies_a_quarter_round_and_still_measures(write, tmp_path, run):
    """A board of 15 rows × 11 columns on a bed of 360 × 160 mm: two pieces of 6 and 5 columns fit
    only turned a quarter (the whole height along the bed's long side); verify finds each piece's
    size and every tongue and socket where the manifest says, on the turned plates."""
    from printkit.verify import verify

    rows = (Path(__file__).resolve().parents[2] / "configs" / "layouts" / "erudit-15-12tl.yaml").read_text(
        encoding="utf-8").split("rows: |")[1].split("sources:")[0].splitlines()[1:16]
    write("tall.yaml", "name: tall\ntitle: Tall\nrows: |\n" + "".join(
        "  " + "  ".join(r.split()[:11]) + "\n" for r in rows) + "sources: a test\n")
    write("wide.yaml", "bed: 360x160\nlayer_mm: 0.2\nslicer: prusa\nsource: a test\n")
    write("d.yaml", DIST)
    kit = write("k.yaml", KIT + "    layout: tall.yaml\n")
    out = tmp_path / "out"
    code, stdout, err = run("build", kit, "--only", "3d", "--printer", tmp_path / "wide.yaml", "--out", out)
    assert code == 0, stdout + err
    folder = tmp_path / "out" / "five"
    pieces = [a for a in manifest_of(folder)["artifacts"]
              if a.get("item") == "board" and a["format"] == "3mf"]
    assert [(a["turned"], a["piece_mm"], a["cols"], a["rows"]) for a in pieces] == [
        (True, [342.0, 143.5, 4.0], 6, 15), (True, [342.0, 116.0, 4.0], 5, 15)]
    for a in pieces:
        (obj,) = plate_meshes(folder / a["path"])
        lo, hi = obj["parts"]["body"][0].bounds
        assert np.allclose(hi - lo, a["piece_mm"], atol=TOL)
        assert {j["points"] for j in a["joints"]} == {"-y"}  # a tongue pointing right on the board, turned
    lines = [c.line() for c in verify(folder).checks]
    assert not [line for line in lines if line.startswith("FAIL")]
    assert any("board-piece-2.3mf" in line and "4 dovetails and sockets as the manifest says" in line
               for line in lines)
