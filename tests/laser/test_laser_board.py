"""The board for the laser, read back from the files it writes (SVG with xml, DXF with ezdxf), in mm:
one piece where it fits, the fewest pieces along cell lines where it does not, cells of exactly the
kit's size, each grid line scored once, pin holes that meet their neighbours' and the splice plates'."""

from __future__ import annotations

import io
import re
from collections import defaultdict
from dataclasses import replace

import pytest
from pdfread import SVG, svg_root

from printkit.config import load_kit
from printkit.errors import PrintkitError
from printkit.fonts import load
from printkit.geometry import Circle, Group, Line, Path, Rect, Role, Text, quarter_turn, shares
from printkit.model import Premium
from printkit.sheets.common import lettering
from printkit.sheets.laser.board import (
    BORDER_MM,
    FILL_INSET_MM,
    PIN_MM,
    laser_board_documents as all_laser_board_documents,
    piece_parts,
    plan_board,
)
from printkit.writers import WRITERS


def laser_board_documents(kit):
    """The sheets but their LightBurn projects, which the default profile writes beside each SVG with the
    same geometry (tests/laser/test_lbrn2.py checks them)."""
    return [d for d in all_laser_board_documents(kit) if d.format != "lbrn2"]


TOL = 0.01
INKSCAPE = "{http://www.inkscape.org/namespaces/inkscape}"
JOB = ["engrave", "score", "inner cuts", "outer cut"]


def build(kit, folder) -> dict[str, dict]:
    """Write the board's documents into ``folder``; their figures by file name."""
    folder.mkdir(parents=True, exist_ok=True)
    out = {}
    for doc in laser_board_documents(kit):
        WRITERS[doc.format](doc, folder / doc.path)
        out[doc.path] = doc.figures
    return out


def numbers(text: str) -> list[float]:
    return [float(v) for v in re.findall(r"-?[0-9.]+(?:e-?[0-9]+)?", text)]


def read_svg(path) -> dict[str, list]:
    """Each Inkscape layer's drawn elements, by label, in file order. Nothing carries a transform,
    so every coordinate is bed mm as written."""
    root = svg_root(path)
    assert not [e for e in root.iter() if e.get("transform")]
    out = {}
    for g in root.findall(f"{SVG}g"):
        out[g.get(f"{INKSCAPE}label")] = [e for e in g.iter() if e.tag in (SVG + t for t in ("line", "circle", "rect",
                                                                                               "path"))]
    return out


def lines(elements) -> list[tuple[float, float, float, float]]:
    return [tuple(float(e.get(k)) for k in ("x1", "y1", "x2", "y2")) for e in elements if e.tag == SVG + "line"]


def circles(elements) -> list[tuple[float, float, float]]:
    return [tuple(float(e.get(k)) for k in ("cx", "cy", "r")) for e in elements if e.tag == SVG + "circle"]


def rects(elements) -> list[tuple[float, float, float, float]]:
    return [tuple(float(e.get(k)) for k in ("x", "y", "width", "height")) for e in elements if e.tag == SVG + "rect"]


def to_board(figures: dict, x: float, y: float) -> tuple[float, float]:
    """A point of a bed sheet on the board (mm from its outer top-left corner), by where the sheet's
    figures say the part lies on each."""
    ax, ay = figures["at_mm"]
    bx, by, bw, bh = figures["on_board_mm"]
    if figures["turned"]:  # turned a quarter clockwise: the board's left edge is the sheet's top
        return bx + (y - ay), by + bh - (x - ax)
    return bx + (x - ax), by + (y - ay)


@pytest.fixture(scope="module")
def k40(tmp_path_factory):
    """The default kit on a K40's bed, 325 × 220 mm."""
    kit = load_kit("krestoslovitsa", bed="325x220")
    folder = tmp_path_factory.mktemp("k40")
    return kit, folder, build(kit, folder)


# -- geometry: whole cells into runs, quarter turns ------------------------------------------------------

def test_cells_go_to_the_shortest_piece_so_far():
    assert shares(15, 22.0, 2, (14.0, 14.0)) == [8, 7]
    assert shares(15, 22.0, 3, (14.0, 14.0)) == [5, 5, 5]  # 124, 110, 124 mm: the middle one has no border
    assert shares(15, 22.0, 3, (40.0, 0.0)) == [4, 6, 5]  # a wide border on the first: 128, 132, 110 mm
    assert shares(15, 22.0, 1) == [15]
    assert shares(3, 0.1, 2, (0.0, 0.1)) == [2, 1]  # 0.2 mm against 0.1 + 0.1 mm: counted in micrometres
    with pytest.raises(ValueError):
        shares(3, 22.0, 4)


def test_a_quarter_turn_keeps_every_item_along_the_axes():
    a = Rect(1.0, 2.0, 10.0, 5.0, role=Role.CUT)
    assert quarter_turn(a) == replace(a, x=-7.0, y=1.0, w=5.0, h=10.0)
    assert quarter_turn(a, clockwise=False) == replace(a, x=2.0, y=-11.0, w=5.0, h=10.0)
    line = Line(1.0, 2.0, 3.0, 4.0, role=Role.SCORE)
    assert (lambda t: (t.x1, t.y1, t.x2, t.y2))(quarter_turn(line)) == (-2.0, 1.0, -4.0, 3.0)
    circle = quarter_turn(Circle(3.0, 4.0, 2.0, role=Role.CUT))
    assert (circle.cx, circle.cy, circle.r) == (-4.0, 3.0, 2.0)
    path = Path((("M", 0.0, 0.0), ("Q", 1.0, 0.0, 1.0, 1.0), ("Z",)), role=Role.ENGRAVE)
    assert quarter_turn(path).commands == (("M", 0.0, 0.0), ("Q", 0.0, 1.0, -1.0, 1.0), ("Z",))
    text = quarter_turn(Text(0.0, 0.0, "Б", load(None), 10.0, role=Role.ENGRAVE))
    assert isinstance(text, Path) and text.role is Role.ENGRAVE  # text is turned as its outline
    group = quarter_turn(Group((a,), dx=5.0, dy=0.0))
    assert (group.dx, group.dy, group.items[0].x) == (0.0, 5.0, -7.0)
    four = a
    for _ in range(4):
        four = quarter_turn(four)
    assert four == a


# -- one piece where the board fits ------------------------------------------------------------------------

def test_the_default_board_is_one_piece_on_the_lightburn_bed(tmp_path):
    kit = load_kit("krestoslovitsa")
    figures = build(kit, tmp_path)
    assert list(figures) == ["laser-board-1.svg"]  # no DXF for LightBurn, no plates for one piece
    f = figures["laser-board-1.svg"]
    assert (f["pieces"], f["split"], f["cells"], f["cell_mm"], f["bed"]) == (1, [1, 1], "A1:O15", 22.0, "600x400")
    side = 15 * 22.0 + 2 * BORDER_MM
    (cut,) = rects(read_svg(tmp_path / "laser-board-1.svg")["outer cut"])
    kerf = kit.physical.kerf_mm
    assert cut == pytest.approx((5.0, 5.0, side + kerf, side + kerf), abs=TOL)  # half a kerf outside the board
    assert f["on_board_mm"] == [0.0, 0.0, side, side] and not f["turned"]
    assert not circles(read_svg(tmp_path / "laser-board-1.svg").get("inner cuts", []))  # no pins: nothing to join


def test_labels_star_and_coordinates_are_filled_paths_never_text(tmp_path):
    kit = load_kit("krestoslovitsa")
    build(kit, tmp_path)
    root = svg_root(tmp_path / "laser-board-1.svg")
    assert not list(root.iter(SVG + "text"))
    engrave = read_svg(tmp_path / "laser-board-1.svg")["engrave"]
    assert {e.tag for e in engrave} == {SVG + "path"}
    labels = sum(kit.layout.counts().values())  # the start square (С2) among them
    assert len(engrave) == labels + 1 + 4 * 15  # and the star, and A–O, 1–15 on four sides
    assert {(e.get("fill"), e.get("stroke")) for e in engrave} == {("#000000", None)}


# -- the fewest pieces on a K40 --------------------------------------------------------------------------------

def test_the_k40_bed_takes_four_pieces_of_near_equal_size(k40):
    """The bed's area is 315 × 210 mm (325 × 220 less 5 mm margins). 15 cells are 330 mm, longer than
    either side, so no piece can hold every row or every column: at least 2 × 2 pieces. 2 × 2 fit:
    the largest is 8 × 8 cells and one border, 190 × 190 mm."""
    kit, folder, figures = k40
    assert list(figures) == [f"laser-board-{n}.svg" for n in range(1, 5)] + ["laser-board-plates.svg"]
    got = [(f["piece"], f["pieces"], f["split"], f["cells"], f["rows"], f["cols"])
           for f in figures.values() if "piece" in f]
    assert got == [(1, 4, [2, 2], "A1:H8", 8, 8), (2, 4, [2, 2], "I1:O8", 8, 7), (3, 4, [2, 2], "A9:H15", 7, 8),
                   (4, 4, [2, 2], "I9:O15", 7, 7)]
    assert 15 * 22.0 > max(325.0, 220.0) - 2 * 5.0


def test_every_piece_and_plate_lies_inside_the_bed(k40):
    kit, folder, figures = k40
    for name in figures:
        points = []
        for elements in read_svg(folder / name).values():
            points += [(x, y) for x1, y1, x2, y2 in lines(elements) for x, y in ((x1, y1), (x2, y2))]
            points += [(cx + dx, cy + dy) for cx, cy, r in circles(elements) for dx, dy in ((-r, -r), (r, r))]
            points += [(x + dx, y + dy) for x, y, w, h in rects(elements) for dx, dy in ((0, 0), (w, h))]
            for e in elements:
                if e.tag == SVG + "path":
                    v = numbers(re.sub("[MLQCZ]", " ", e.get("d")))
                    points += list(zip(v[::2], v[1::2]))
        xs, ys = [p[0] for p in points], [p[1] for p in points]
        assert 5.0 - TOL <= min(xs) and max(xs) <= 320.0 + TOL, name
        assert 5.0 - TOL <= min(ys) and max(ys) <= 215.0 + TOL, name


def test_cells_are_exactly_22_mm_and_seams_lie_on_cell_lines(k40):
    kit, folder, figures = k40
    kerf, b, c = kit.physical.kerf_mm, BORDER_MM, 22.0
    for name, f in figures.items():
        if "piece" not in f:
            continue
        layer = read_svg(folder / name)
        score = [(*to_board(f, x1, y1), *to_board(f, x2, y2)) for x1, y1, x2, y2 in lines(layer["score"])]
        down = sorted(x1 for x1, y1, x2, y2 in score if abs(x1 - x2) < TOL)
        across = sorted(y1 for x1, y1, x2, y2 in score if abs(y1 - y2) < TOL)
        assert len(down) + len(across) == len(score)
        for grid in (down, across):
            assert all(abs(q - p - c) < TOL for p, q in zip(grid, grid[1:])), (name, grid)
            assert all(abs((v - b) / c - round((v - b) / c)) * c < TOL for v in grid)  # on the board's grid
        (x, y, w, h), = rects(layer["outer cut"])
        (x0, y0), (x1, y1) = to_board(f, x + kerf / 2, y + kerf / 2), to_board(f, x + w - kerf / 2, y + h - kerf / 2)
        for edge, inside in ((x0, min(down)), (x1, max(down)), (y0, min(across)), (y1, max(across))):
            side = 15 * c + 2 * b
            if min(abs(edge), abs(edge - side)) > TOL:  # a seam, not the board's edge: on a cell line
                assert abs((edge - b) / c - round((edge - b) / c)) * c < TOL, (name, edge)
                assert abs(abs(edge - inside) - c) < TOL  # and one full cell from the nearest scored line
            else:  # the border strip outside the frame line
                assert abs(abs(edge - inside) - b) < TOL, (name, edge)


def test_each_grid_line_is_scored_once_in_one_straight_run_per_piece(k40):
    """Over the whole board: no two score lines overlap; each grid line not on a seam is scored
    over its full 330 mm; the seams (the cut edges meet there) are not scored."""
    kit, folder, figures = k40
    b, c = BORDER_MM, 22.0
    by_line = defaultdict(list)  # (direction, position) → [(start, end, piece)]
    for name, f in figures.items():
        if "piece" not in f:
            continue
        runs = set()
        for x1, y1, x2, y2 in lines(read_svg(folder / name)["score"]):
            (x1, y1), (x2, y2) = to_board(f, x1, y1), to_board(f, x2, y2)
            key = ("down", round(x1, 2)) if abs(x1 - x2) < TOL else ("across", round(y1, 2))
            assert key not in runs, (name, key)  # one run per line within a piece
            runs.add(key)
            lo, hi = sorted((y1, y2) if key[0] == "down" else (x1, x2))
            by_line[key].append((lo, hi, name))
    seams = {round(b + 8 * c, 2)}
    for direction in ("down", "across"):
        positions = sorted(p for d, p in by_line if d == direction)
        assert positions == [round(b + k * c, 2) for k in range(16) if round(b + k * c, 2) not in seams]
    for key, segments in by_line.items():
        segments.sort()
        assert all(a[1] <= n[0] + TOL for a, n in zip(segments, segments[1:])), key  # no overlap
        assert sum(hi - lo for lo, hi, _ in segments) == pytest.approx(15 * c, abs=TOL), key


def test_pin_holes_meet_their_neighbours_and_the_splice_plates(k40):
    kit, folder, figures = k40
    kerf, b, c = kit.physical.kerf_mm, BORDER_MM, 22.0
    seam = b + 8 * c
    holes = {}
    for name, f in figures.items():
        if "piece" in f:
            found = circles(read_svg(folder / name)["inner cuts"])
            assert {round(r, 3) for _, _, r in found} == {round((PIN_MM - kerf) / 2, 3)}  # 3 mm across after the cut
            holes[f["piece"]] = {tuple(round(v, 2) for v in to_board(f, x, y)) for x, y, _ in found}
    # neighbours side by side: mirrored across the seam x = seam; one above the other: across y = seam
    for a, n, axis in ((1, 2, 0), (3, 4, 0), (1, 3, 1), (2, 4, 1)):
        near_a = {p for p in holes[a] if abs(p[axis] - seam) < 2 * c}
        near_n = {p for p in holes[n] if abs(p[axis] - seam) < 2 * c}
        mirrored = {tuple(round(2 * seam - v, 2) if i == axis else v for i, v in enumerate(p)) for p in near_a}
        assert len(near_a) >= 2 and mirrored == near_n, (a, n)
    for p in set().union(*holes.values()):  # on grid crossings, in the gaps between tiles
        assert all(abs((v - b) / c - round((v - b) / c)) * c < TOL for v in p), p
    # the plates: each hole of a plate, put where the plate goes under the board, is a hole of both pieces
    (plates,) = [f["plates"] for f in figures.values() if "plates" in f]
    layer = read_svg(folder / "laser-board-plates.svg")
    plate_holes = circles(layer["inner cuts"])
    assert {round(r, 3) for _, _, r in plate_holes} == {round((PIN_MM - kerf) / 2, 3)}
    assert len(plate_holes) == sum(len(h) for h in holes.values())
    for plate in plates:
        a, n = plate["pieces"]
        ax, ay = plate["at_mm"]
        bx, by, bw, bh = plate["on_board_mm"]
        along, across = (bh, bw) if plate["seam"] == "down" else (bw, bh)
        assert not plate["turned"]  # on the sheet its side along the seam runs across
        mine = [(x - ax, y - ay) for x, y, _ in plate_holes if ax <= x <= ax + along and ay <= y <= ay + across]
        # under a seam down the board the plate's side across the sheet is laid down the board
        on_board = {(round(bx + v, 2), round(by + u, 2)) if plate["seam"] == "down" else (round(bx + u, 2),
                                                                                           round(by + v, 2))
                    for u, v in mine}
        assert len(mine) == 4 and on_board <= holes[a] | holes[n], plate
        assert len(on_board & holes[a]) == len(on_board & holes[n]) == 2


def test_each_piece_says_where_it_goes():
    kit = load_kit("krestoslovitsa", bed="325x220")
    split = plan_board(kit)
    lt = lettering(kit)
    texts = [[i.text for i in piece_parts(kit, lt, split, p)["engrave"] if getattr(i, "tag", "") == "piece-label"]
             for p in split.pieces]
    assert texts == [["часть 1/4: вверху слева, A1–H8"], ["часть 2/4: вверху справа, I1–O8"],
                     ["часть 3/4: внизу слева, A9–H15"],
                     ["часть 4/4: внизу справа, I9–O15"]]
    en = load_kit("scrabble-en", bed="325x220")
    label = [i.text for i in piece_parts(en, lettering(en), plan_board(en), plan_board(en).pieces[0])["engrave"]
             if getattr(i, "tag", "") == "piece-label"]
    assert label == ["piece 1/4: top left, A1–H8"]


# -- the look of each operation is the profile's ---------------------------------------------------------------

@pytest.mark.parametrize("profile", ["lightburn", "k40-whisperer", "glowforge", "epilog-trotec"])
def test_colours_and_widths_are_the_profiles(profile, tmp_path):
    kit = load_kit("krestoslovitsa", laser=profile, bed="325x220")
    ops = kit.laser.machine.operations
    figures = build(kit, tmp_path)
    for name in figures:
        layer = read_svg(tmp_path / name)
        assert list(layer) == JOB
        assert {(e.get("fill"), e.get("stroke")) for e in layer["engrave"]} == {(ops["engrave"].colour, None)}
        for label, op in (("score", "score"), ("inner cuts", "inner_cut"), ("outer cut", "cut")):
            assert {(e.get("fill"), e.get("stroke"), float(e.get("stroke-width"))) for e in layer[label]} == {
                ("none", ops[op].colour, ops[op].width_mm)}, (name, label)


def test_the_rdworks_dxf_holds_the_same_entities_in_millimetres(tmp_path):
    import ezdxf

    kit = load_kit("krestoslovitsa", laser="rdworks", bed="325x220")
    figures = build(kit, tmp_path)
    assert list(figures) == [f"laser-board-{n}.dxf" for n in range(1, 5)] + ["laser-board-plates.dxf"]  # DXF only
    build(load_kit("krestoslovitsa", laser="lightburn", bed="325x220"), tmp_path / "svg")  # the same parts as SVG
    for name in ("laser-board-1", "laser-board-plates"):
        dxf = ezdxf.readfile(str(tmp_path / f"{name}.dxf"))
        assert dxf.header["$INSUNITS"] == 4
        layer = read_svg(tmp_path / "svg" / f"{name}.svg")
        by_layer = defaultdict(list)
        for e in dxf.modelspace():
            by_layer[e.dxf.layer].append(e)
        assert list(by_layer) == [f"{n}-{name.replace(' ', '-')}" for n, name in enumerate(JOB, 1)]
        # each operation in its colour number (rdworks: engrave 7, score 5, inner cuts 3, cut 1), on layer and entity
        assert {(layer.dxf.name, layer.dxf.color) for layer in dxf.layers if layer.dxf.name in by_layer} == {
            ("1-engrave", 7), ("2-score", 5), ("3-inner-cuts", 3), ("4-outer-cut", 1)}
        assert {name: {e.dxf.color for e in items} for name, items in by_layer.items()} == {
            "1-engrave": {7}, "2-score": {5}, "3-inner-cuts": {3}, "4-outer-cut": {1}}
        by_layer = {name.split("-", 1)[1].replace("-", " "): items for name, items in by_layer.items()}
        h = 220.0  # y up in DXF: flipped about the bed's height
        got = sorted((round(e.dxf.start.x, 2), round(h - e.dxf.start.y, 2), round(e.dxf.end.x, 2),
                      round(h - e.dxf.end.y, 2)) for e in by_layer["score"])
        assert got == sorted(tuple(round(v, 2) for v in line) for line in lines(layer["score"]))
        got = sorted((round(e.dxf.center.x, 2), round(h - e.dxf.center.y, 2), round(e.dxf.radius, 3))
                     for e in by_layer["inner cuts"])
        assert got == sorted((round(x, 2), round(y, 2), round(r, 3)) for x, y, r in circles(layer["inner cuts"]))
        outlines = [sorted((round(p[0], 2), round(h - p[1], 2)) for p in e.get_points()) for e in by_layer["outer cut"]]
        assert sorted(outlines) == sorted(sorted([(round(x, 2), round(y, 2)), (round(x + w, 2), round(y, 2)),
                                                  (round(x, 2), round(y + h_, 2)), (round(x + w, 2), round(y + h_, 2))])
                                          for x, y, w, h_ in rects(layer["outer cut"]))
        assert {ezdxf.int2rgb(e.dxf.true_color) for e in by_layer["outer cut"]} == {(255, 0, 0)}
        assert len(by_layer["engrave"]) >= len(layer["engrave"])  # each letter's contours as closed polylines


def test_the_same_kit_gives_the_same_bytes(tmp_path):
    kit = load_kit("krestoslovitsa", laser="rdworks", bed="325x220")
    names = build(kit, tmp_path / "a")
    build(load_kit("krestoslovitsa", laser="rdworks", bed="325x220"), tmp_path / "b")
    for name in names:
        assert (tmp_path / "a" / name).read_bytes() == (tmp_path / "b" / name).read_bytes(), name


# -- premium cells filled for raster engraving --------------------------------------------------------------

def _render(path, rule: str):
    import resvg_py
    from PIL import Image

    png = bytes(resvg_py.svg_to_bytes(svg_path=str(path), background="white", dpi=25.4 * 10, skip_system_fonts=True,
                                      style_sheet=f"path {{ fill-rule: {rule} }}"))
    return Image.open(io.BytesIO(png)).convert("L")


def test_filled_premium_cells_leave_their_labels_bare(tmp_path):
    """With board_fill each premium cell is engraved 1 mm inside its grid lines, its label and star
    left as bare wood: the same under the nonzero and the even-odd fill rule, so every program
    reads it alike. Rendered at 10 px/mm and measured inside the engraved square."""
    kit = load_kit("scrabble-en")  # the start square is a premium: star and label cut out of its fill
    kit = replace(kit, laser=replace(kit.laser, board_fill=True))
    figures = build(kit, tmp_path)
    f = figures["laser-board-1.svg"]
    c, inset = kit.physical.cell_mm, FILL_INSET_MM
    engrave = read_svg(tmp_path / "laser-board-1.svg")["engrave"]
    squares = [numbers(e.get("d").split("Z")[0]) for e in engrave]
    ax, ay = f["at_mm"]
    grid = ax + BORDER_MM, ay + BORDER_MM

    def square_at(row, col):
        """The fills whose first contour is the square of cell (row, col), 1 mm inside its lines."""
        x, y = grid[0] + col * c + inset, grid[1] + row * c + inset
        xs, ys = {round(x, 2), round(x + c - 2 * inset, 2)}, {round(y, 2), round(y + c - 2 * inset, 2)}
        return [v for v in squares if len(v) == 8 and {round(p, 2) for p in v[0::2]} == xs
                and {round(p, 2) for p in v[1::2]} == ys]

    premiums = [(r, q) for r in range(15) for q in range(15) if kit.layout.at(r, q) is not Premium.NONE]
    assert all(len(square_at(r, q)) == 1 for r, q in premiums)
    assert not square_at(0, 1)  # a plain cell is not filled
    renders = {rule: _render(tmp_path / "laser-board-1.svg", rule) for rule in ("nonzero", "evenodd")}
    px = 10

    def dark(image, row, col):
        x, y = grid[0] + col * c + inset + 0.3, grid[1] + row * c + inset + 0.3  # inside the engraved square
        crop = image.crop((round(x * px), round(y * px), round((x + c - 2 * inset - 0.6) * px),
                           round((y + c - 2 * inset - 0.6) * px)))
        counts = crop.histogram()
        return sum(counts[:128]) / sum(counts)

    for rule, image in renders.items():
        start = dark(image, *kit.layout.start)
        assert 0.5 < start < 0.95, rule  # engraved, the star and "DW" left bare
        assert 0.5 < dark(image, 0, 0) < 0.95, rule  # TW
        assert dark(image, 0, 1) == 0.0, rule  # a plain cell
    assert abs(dark(renders["nonzero"], *kit.layout.start) - dark(renders["evenodd"], *kit.layout.start)) < 0.005


# -- other beds: a turned piece, a 3 × 3 split, a bed too small -----------------------------------------------

def test_a_piece_turns_a_quarter_when_only_so_it_fits(tmp_path):
    """11 rows of 15 columns (270 × 358 mm with the border) on an area of 280 × 365 mm: upright it
    would need two pieces, turned it is one."""
    kit = load_kit("krestoslovitsa", bed="290x375")
    kit = replace(kit, layout=replace(kit.layout, grid=kit.layout.grid[:11]))
    figures = build(kit, tmp_path)
    assert list(figures) == ["laser-board-1.svg"]
    f = figures["laser-board-1.svg"]
    assert f["turned"] and f["on_board_mm"] == [0.0, 0.0, 358.0, 270.0]
    layer = read_svg(tmp_path / "laser-board-1.svg")
    (cut,) = rects(layer["outer cut"])
    assert cut == pytest.approx((5.0, 5.0, 270.2, 358.2), abs=TOL)
    score = lines(layer["score"])
    down = sorted(x1 for x1, y1, x2, y2 in score if abs(x1 - x2) < TOL)  # the rows' lines, turned
    assert len(down) == 12 and all(abs(q - p - 22.0) < TOL for p, q in zip(down, down[1:]))
    assert all(abs(y2 - y1) == pytest.approx(15 * 22.0, abs=TOL) for x1, y1, x2, y2 in score if abs(x1 - x2) < TOL)


def test_a_small_bed_takes_three_by_three_pieces_with_plates_clear_of_each_other():
    """An area of 150 × 150 mm: two pieces across would be 190 mm wide, three are 124, 110 and 124."""
    kit = load_kit("krestoslovitsa", bed="160x160")
    split = plan_board(kit)
    assert (split.cols, split.rows, split.xs, split.ys) == (3, 3, (0, 5, 10, 15), (0, 5, 10, 15))
    assert len(split.joints) == 12
    for j in split.joints:
        assert len(j.along) == 2
        for p in (j.a, j.b):
            x0, y0, x1, y1 = split.pieces[p - 1].box
            assert all(x0 < x < x1 and y0 < y < y1 for x, y in j.holes(p))
    for i, j in enumerate(split.joints):  # plates never overlap
        for k in split.joints[i + 1:]:
            a, b = j.plate, k.plate
            assert a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1], (j, k)
    lt = lettering(kit)
    middle = [i for i in piece_parts(kit, lt, split, split.pieces[4])["engrave"] if i.tag == "piece-label"]
    assert [i.text for i in middle] == ["5/9"]  # no border: its number in the corner of its first cell
    left = [i for i in piece_parts(kit, lt, split, split.pieces[3])["engrave"] if i.tag == "piece-label"]
    (label,) = left
    xs = [v for cmd in label.commands for v in cmd[1::2]]
    assert isinstance(label, Path) and max(xs) - min(xs) < 3.0  # run up the left strip, letters turned
    docs = laser_board_documents(kit)
    assert [d.path for d in docs if d.kind == "laser-board"] == [f"laser-board-{n}.svg" for n in range(1, 10)]
    assert all(d.figures["pins"] > 0 for d in docs if d.kind == "laser-board-plates")


def test_a_bed_with_no_room_for_a_cell_and_the_border_is_one_clear_error():
    with pytest.raises(PrintkitError, match="no room for a piece of the board"):
        laser_board_documents(load_kit("krestoslovitsa", bed="40x40"))
