"""The board for the laser, read back from the files it writes (SVG with xml, DXF with ezdxf), in mm:
one piece where it fits, the fewest pieces along cell lines where it does not, cells of exactly the
kit's size, each grid line scored once, pin holes that meet their neighbours' and the splice plates'."""

from __future__ import annotations

from dataclasses import replace

import pytest

from printkit.fonts import load
from printkit.geometry import Circle, Group, Line, Path, Rect, Role, Text, quarter_turn, shares


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
