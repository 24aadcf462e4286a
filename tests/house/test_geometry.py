"""The geometry layer on its own: roles, transforms, outlines, grids, cut runs and splits, in mm."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from printkit.fonts import load
from printkit.geometry import (
    Circle,
    Clip,
    Grid,
    Group,
    Line,
    Page,
    Path,
    Rect,
    Role,
    Text,
    Transform,
    cut_runs,
    fits,
    outline,
    pieces,
    roles,
    seams,
)

TOL = 0.01


# -- items: every role stated -------------------------------------------------------------------------

@pytest.mark.parametrize("make", [
    lambda **k: Rect(0, 0, 10, 10, **k),
    lambda **k: Line(0, 0, 10, 10, **k),
    lambda **k: Circle(5, 5, 2, **k),
    lambda **k: Path((("M", 0, 0), ("L", 1, 1)), **k),
    lambda **k: Text(0, 10, "A", load(None), 10, **k),
])
def test_every_drawn_item_needs_a_role(make):
    with pytest.raises(TypeError, match="role"):
        make()
    with pytest.raises(TypeError, match="role must be a Role"):
        make(role="cut")  # a string that looks right is still not a role
    assert make(role=Role.CUT).role is Role.CUT


def test_a_group_draws_the_roles_of_what_it_holds():
    cut = Rect(0, 0, 1, 1, role=Role.CUT)
    assert roles(Group((Group((cut,)), Line(0, 0, 1, 1, role=Role.GUIDE)))) == {Role.CUT, Role.GUIDE}
    assert roles(Group((cut, cut))) == {Role.CUT}
    assert roles(Group(())) == set()


# -- transforms ---------------------------------------------------------------------------------------

def leaves(item) -> list:
    """Every drawn item of ``item`` in page mm, its groups' offsets applied (and dropped)."""
    out = []
    for leaf, dx, dy in Page(100, 100, (item,)).walk():
        out.append(Transform.translate(dx, dy).apply(leaf))
    return out


def test_move_scale_and_mirror_a_rect():
    r = Rect(10, 20, 30, 5, stroke="#000000", stroke_mm=0.2, role=Role.CUT)
    assert Transform.translate(5, -2).apply(r) == Rect(15, 18, 30, 5, stroke="#000000", stroke_mm=0.2,
                                                       role=Role.CUT)
    scaled = Transform.scale(0.5).apply(r)
    assert (scaled.x, scaled.y, scaled.w, scaled.h, scaled.stroke_mm) == pytest.approx((5, 10, 15, 2.5, 0.1))
    # mirrored left to right in the line x = 105 (an A4 page's middle): [10, 40] lands on [170, 200]
    m = Transform.mirror(x=105).apply(r)
    assert (m.x, m.y, m.w, m.h) == pytest.approx((170, 20, 30, 5))
    m = Transform.mirror(y=50).apply(r)
    assert (m.x, m.y, m.w, m.h) == pytest.approx((10, 75, 30, 5))
    with pytest.raises(ValueError):
        Transform.mirror()


def test_the_mirror_of_a_box_is_computed_as_one_would_write_it():
    """The backs of tiles land at width - x - side, to the last bit, as the sheets always put them."""
    for width, x, side in ((210.0, 15.0, 20.0), (215.9, 12.95 + 3 * 19.0, 19.0), (297.0, 0.1 + 0.2, 9.3)):
        bx, _, w, _ = Transform.mirror(x=width / 2).box(x, 0.0, side, side)
        assert bx == width - x - side and w == side


def test_a_transformed_group_puts_every_leaf_where_transforming_the_leaves_would():
    font = load(None)
    inner = Group((Circle(3, 4, 2, fill="#000000", role=Role.PRINT),
                   Path((("M", 0, 0), ("Q", 5, 10, 10, 0), ("C", 1, 2, 3, 4, 5, 6), ("Z",)), fill="#000000",
                        role=Role.ENGRAVE),
                   Text(1, 9, "Ж", font, 8, role=Role.PRINT)), dx=7, dy=-3)
    group = Group((inner, Line(0, 0, 20, 10, stroke_mm=0.3, role=Role.SCORE)), dx=11, dy=13,
                  clip=Clip(0, 0, 30, 40))
    for t in (Transform.translate(4, 5), Transform.scale(0.25), Transform(3, 3, -2, 9)):  # scaled by 3, then moved
        got, want = leaves(t.apply(group)), [t.apply(leaf) for leaf in leaves(group)]
        assert [type(g) for g in got] == [type(w) for w in want]
        for g, w in zip(got, want):
            for name in g.__dataclass_fields__:
                a, b = getattr(g, name), getattr(w, name)
                if name == "commands":
                    for ca, cb in zip(a, b):
                        assert ca[0] == cb[0] and ca[1:] == pytest.approx(cb[1:], abs=1e-9)
                elif isinstance(a, float):
                    assert a == pytest.approx(b, abs=1e-9), name
                else:
                    assert a == b, name
    small = Transform.scale(0.5).apply(group)
    assert (small.dx, small.dy) == (5.5, 6.5)
    assert small.clip == Clip(0, 0, 15, 20)


def test_mirroring_a_group_mirrors_its_clip_in_its_own_coordinates():
    g = Group((Rect(2, 2, 6, 6, fill="#000000", role=Role.PRINT),), dx=10, dy=0, clip=Clip(0, 0, 10, 10))
    m = Transform.mirror(x=50).apply(g)
    assert (m.dx, m.clip) == (90, Clip(-10, 0, 10, 10))  # the clip still covers the rect: 90 - 10 … 90
    (rect,) = leaves(m)
    assert (rect.x, rect.w) == (82, 6)


def test_strokes_scale_but_keep_a_least_width():
    line = Line(0, 0, 100, 0, stroke_mm=0.25, role=Role.PRINT)
    assert Transform.scale(0.4).apply(line).stroke_mm == pytest.approx(0.1)
    assert Transform.scale(0.1).apply(line, least_stroke=0.08).stroke_mm == pytest.approx(0.08)
    filled = Rect(0, 0, 10, 10, fill="#000000", role=Role.PRINT)
    assert Transform.scale(0.1).apply(filled, least_stroke=0.08).stroke_mm == 0.0  # no stroke stays none


def test_what_an_item_cannot_stay_is_refused():
    dot = Circle(0, 0, 1, fill="#000000", role=Role.PRINT)
    with pytest.raises(ValueError, match="ellipse"):
        Transform.scale(1, 2).apply(dot)
    assert Transform.mirror(x=5).apply(dot).cx == 10
    text = Text(0, 10, "Я", load(None), 10, role=Role.ENGRAVE)
    with pytest.raises(ValueError, match="outline"):
        Transform.mirror(x=50).apply(text)
    mirrored = Transform.mirror(x=50).apply(outline(text))  # a burn template's mirrored letter
    x0, _, x1, _ = text.ink()
    xs = [c[i] for c in mirrored.commands for i in range(1, len(c), 2)]
    assert min(xs) == pytest.approx(100 - x1, abs=TOL) and max(xs) == pytest.approx(100 - x0, abs=TOL)
    assert Transform.scale(2).apply(text).size == 20
    with pytest.raises(ValueError, match="path command"):
        Transform.scale(2).apply(Path((("A", 1, 1, 0, 0, 1, 5, 5),), role=Role.CUT))


# -- text to outline ----------------------------------------------------------------------------------

def test_outline_of_a_straight_letter_is_its_ink_box_in_mm():
    font = load(None)
    text = Text(20.0, 50.0, "Н", font, 15.0, "#123456", role=Role.ENGRAVE, tag="letter")
    shape = outline(text)
    assert (shape.role, shape.fill, shape.tag) == (Role.ENGRAVE, "#123456", "letter")
    assert {c[0] for c in shape.commands} == {"M", "L", "Z"}
    xs = [c[i] for c in shape.commands for i in range(1, len(c), 2)]
    ys = [c[i] for c in shape.commands for i in range(2, len(c), 2)]
    assert (min(xs), min(ys), max(xs), max(ys)) == pytest.approx(text.ink(), abs=TOL)
    cap = font.ink("Н").y1 * 15.0 / font.units
    assert max(ys) == pytest.approx(50.0, abs=TOL) and min(ys) == pytest.approx(50.0 - cap, abs=TOL)


def test_outline_keeps_truetype_curves_quadratic_and_follows_the_advances():
    font = load(None)
    text = Text(0.0, 30.0, "ОО", font, 20.0, role=Role.PRINT)
    shape = outline(text)
    assert "Q" in {c[0] for c in shape.commands} and "C" not in {c[0] for c in shape.commands}
    starts = [c[1] for c in shape.commands if c[0] == "M"]
    step = font.advance("О") * 20.0 / font.units
    assert len(starts) == 4  # two contours a letter
    assert starts[2] - starts[0] == pytest.approx(step, abs=1e-9)
    # every on-curve point lies in the ink box, and the control points' box holds it
    ink = text.ink()
    on = [(c[-2], c[-1]) for c in shape.commands if c[0] != "Z"]
    every = [(c[i], c[i + 1]) for c in shape.commands for i in range(1, len(c), 2)]
    assert all(ink[0] - TOL <= x <= ink[2] + TOL and ink[1] - TOL <= y <= ink[3] + TOL for x, y in on)
    assert min(x for x, _ in every) <= ink[0] + TOL and max(y for _, y in every) >= ink[3] - TOL
    assert outline(Text(0, 0, " ", font, 10, role=Role.PRINT)).commands == ()


# -- grids --------------------------------------------------------------------------------------------

def test_fits_counts_in_whole_micrometres():
    assert fits(200.0, 20.0) == 10  # 10 × 20 mm really fits 200 mm, though 200 / 20.000000001 does not
    assert fits(0.1 * 3, 0.1) == 3  # 0.30000000000000004 / 0.1 is 3.0000000000000004 … and 0.3 // 0.1 is 2
    assert fits(199.999, 20.0) == 9
    assert fits(198.0, 18.0, 2.0) == 10  # ten of 18 mm with nine gaps of 2 mm
    assert fits(197.999, 18.0, 2.0) == 9
    assert fits(5.0, 20.0) == 0
    with pytest.raises(ValueError):
        fits(100.0, 0.0)


def test_a_grid_of_a_pitch_in_an_area():
    grid = Grid.fitting(190.0, 257.0, 20.0, 3.0)  # a laser bed or the printable part of a page
    assert (grid.cols, grid.rows, grid.count) == (8, 11, 88)
    assert grid.pitch == 23.0 and grid.width == 8 * 23 - 3 and grid.height == 11 * 23 - 3
    placed = grid.at(10.0, 12.5)
    assert placed.corner(0, 0) == (10.0, 12.5)
    assert placed.corner(2, 3) == (10.0 + 3 * 23.0, 12.5 + 2 * 23.0)
    assert placed.cells(10) == [(0, c) for c in range(8)] + [(1, 0), (1, 1)]
    assert Grid.fitting(200.0, 20.0, 20.0).cols == 10


# -- shared-edge cut runs -----------------------------------------------------------------------------

def unit_edges(runs) -> Counter:
    """How many runs cover each unit edge of the grid."""
    out = Counter()
    for (r0, c0), (r1, c1) in runs:
        assert r0 == r1 or c0 == c1, "runs are straight"
        assert (r0, c0) < (r1, c1), "from the smaller corner"
        for k in range(max(r1 - r0, c1 - c0)):
            out[((r0 + k, c0), (r0 + k + 1, c0)) if c0 == c1 else ((r0, c0 + k), (r0, c0 + k + 1))] += 1
    return out


def cell_edges(cells) -> set:
    out = set()
    for r, c in cells:
        out |= {((r, c), (r, c + 1)), ((r + 1, c), (r + 1, c + 1)), ((r, c), (r + 1, c)), ((r, c + 1), (r + 1, c + 1))}
    return out


@pytest.mark.parametrize("n, m", [(1, 1), (1, 5), (3, 4), (12, 9)])
def test_a_block_of_cells_is_cut_along_each_line_once(n, m):
    runs = cut_runs({(r, c) for r in range(n) for c in range(m)})
    assert len(runs) == (n + 1) + (m + 1)  # one stroke per grid line
    total = sum(abs(r1 - r0) + abs(c1 - c0) for (r0, c0), (r1, c1) in runs)
    assert total == n * (m + 1) + m * (n + 1)


@pytest.mark.parametrize("seed", range(20))
def test_irregular_cells_have_every_edge_cut_exactly_once(seed):
    rng = random.Random(seed)
    cells = {(rng.randrange(7), rng.randrange(9)) for _ in range(rng.randrange(1, 40))}
    runs = cut_runs(cells)
    covered = unit_edges(runs)
    assert set(covered) == cell_edges(cells)  # every edge of a cell, and nothing else
    assert max(covered.values()) == 1  # none twice: no duplicated or overlapping segment
    ends = Counter((a, b[0] == a[0]) for a, b in runs) + Counter((b, b[0] == a[0]) for a, b in runs)
    assert max(ends.values()) == 1  # no two runs of one direction meet end to end: each is as long as it can be


def test_a_last_row_of_a_few_cells():
    cells = {(0, c) for c in range(4)} | {(1, 0), (1, 1)}
    assert cut_runs(cells) == [((0, 0), (0, 4)), ((1, 0), (1, 4)), ((2, 0), (2, 2)),
                               ((0, 0), (2, 0)), ((0, 1), (2, 1)), ((0, 2), (2, 2)), ((0, 3), (1, 3)),
                               ((0, 4), (1, 4))]
    assert cut_runs(set()) == []


# -- pieces and seams ---------------------------------------------------------------------------------

def test_pieces_counts_in_whole_micrometres():
    assert pieces(200.0, 200.0, 10.0) == 1
    assert pieces(200.001, 200.0, 10.0) == 2
    assert pieces(390.0, 200.0, 10.0) == 2  # 190 + 10 overlap, then 200
    assert pieces(390.001, 200.0, 10.0) == 3
    assert pieces(0.0, 200.0, 10.0) == 1
    assert pieces(1000.0, 200.0, 0.0) == 5
    assert pieces(100.0, 10.0, 10.0) is None  # each piece all overlap: no number covers it
    assert pieces(5.0, 10.0, 10.0) == 1  # …unless one piece does


def check_seams(cuts, length, avail, overlap, n):
    assert len(cuts) == n + 1 and cuts[0] == 0 and cuts[-1] == length
    for i in range(n):
        end = cuts[i + 1] + (overlap if i < n - 1 else 0.0)
        assert end - cuts[i] <= avail + 1e-3, (i, cuts)  # each piece, overlap included, fits
        assert cuts[i + 1] - cuts[i] >= overlap - 1e-3  # and owns at least its neighbour's overlap


@pytest.mark.parametrize("length, avail, overlap", [(330.0, 190.0, 10.0), (500.0, 170.0, 10.0),
                                                    (1000.0, 250.0, 0.0), (381.0, 200.0, 19.0),
                                                    (200.001, 200.0, 10.0)])
def test_seams_cut_into_the_fewest_pieces_that_fit(length, avail, overlap):
    n = pieces(length, avail, overlap)
    cuts = seams(length, avail, overlap, n, [])
    check_seams(cuts, length, avail, overlap, n)
    assert n == 1 or avail + (n - 2) * (avail - overlap) < length  # one piece fewer would not cover it


def test_seams_fall_on_a_boundary_in_reach_else_on_equal_shares():
    assert seams(330.0, 190.0, 10.0, 1, [100.0]) == [0.0, 330.0]
    assert seams(330.0, 190.0, 10.0, 2, []) == [0.0, 165.0, 330.0]  # equal shares
    assert seams(330.0, 190.0, 10.0, 2, [22.0 * k + 5 for k in range(16)]) == [0.0, 159.0, 330.0]
    assert seams(330.0, 190.0, 10.0, 2, [155.0, 175.0]) == [0.0, 155.0, 330.0]  # a tie: the earlier
    # out of reach: the second piece would be longer than 190 mm, or the first too
    assert seams(330.0, 190.0, 10.0, 2, [100.0, 185.0]) == [0.0, 165.0, 330.0]
    cuts = seams(600.0, 200.0, 10.0, 4, [float(b) for b in range(0, 601, 22)])
    check_seams(cuts, 600.0, 200.0, 10.0, 4)
    assert all(c % 22 == 0 for c in cuts[1:-1])
