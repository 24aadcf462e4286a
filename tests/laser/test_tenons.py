"""Tenons placed by hand (printkit.geometry.fingers.Tenons): measured off the drawn outlines, each tenon comes
off the beam as wide as its slot, at its place along the edge; a tenon may run to an end of its edge; the
edge travelled from its other end is the mirror image; and edges that cannot be cut are refused."""

import pytest

from printkit.geometry.fingers import FingerEdge, Tenons, compensated, finger_edge, slots

TOL = 0.01


def plate(edge, height: float) -> list:
    """A plate whose top edge (y = 0, from x = 0 to the edge's length) is ``edge``, tenons upwards."""
    return edge.placed((0.0, 0.0), (edge.length, 0.0)) + [(edge.length, height), (0.0, height)]


def runs_at(points, y):
    n = len(points)
    return sorted((min(x0, x1), max(x0, x1)) for i in range(n)
                  for (x0, y0), (x1, y1) in [(points[i], points[(i + 1) % n])]
                  if abs(y0 - y) < 1e-9 and abs(y1 - y) < 1e-9)


@pytest.mark.parametrize("length, spans, kerf", [(10.4, ((4.0, 10.4),), 0.2), (10.36, ((4.0, 10.36),), 0.15),
                                                 (16.0, ((4.2, 11.8),), 0.0), (14.0, ((0.0, 6.5), (9.0, 12.0)), 0.3)])
def test_each_tenon_comes_off_the_beam_as_wide_as_its_slot(length, spans, kerf):
    edge = Tenons(length, 3.0, spans)
    drawn, _ = compensated(plate(edge, 20.0), [], kerf)
    tops = [(x0 + kerf / 2, x1 - kerf / 2) for x0, x1 in runs_at(drawn, -(3.0 + kerf / 2))]  # as cut
    assert len(tops) == len(spans)
    holes = slots(edge, (10.0, 30.0), (10.0 + length, 30.0))
    _, cut = compensated([(0, 0), (80, 0), (80, 60), (0, 60)], holes, kerf)
    assert len(cut) == len(spans)
    for (a, b), (s, e), hole in zip(spans, tops, cut):
        xs, ys = [x for x, _ in hole], [y for _, y in hole]
        assert abs((e - s) - (b - a)) <= TOL and abs(s - a) <= TOL
        assert abs(max(xs) - min(xs) + kerf - (b - a)) <= TOL  # the slot, widened by the beam: the tenon's width
        assert abs(max(ys) - min(ys) + kerf - 3.0) <= TOL  # as deep as the material is thick
        assert abs(min(xs) - kerf / 2 - (10.0 + a)) <= TOL  # at the tenon's place along the edge


def test_a_tenon_to_the_end_of_its_edge_and_the_edge_reversed():
    edge = Tenons(10.4, 3.0, ((4.0, 10.4),))
    assert edge.gaps() == [(0.0, 4.0)]
    assert edge.profile() == [(0.0, 0.0), (4.0, 0.0), (4.0, 3.0), (10.4, 3.0)]
    back = edge.reversed()
    assert back.fingers() == [(0.0, 6.4)] and back.gaps() == [(6.4, 10.4)]
    assert back.reversed() == edge
    # placed from its other end, the tenon lands on the same stretch of the page
    a = edge.placed((0.0, 0.0), (0.0, 10.4))
    b = back.placed((0.0, 10.4), (0.0, 0.0))
    span = sorted(y for x, y in a if abs(x - 3.0) < 1e-9)
    assert span == [4.0, 10.4] == sorted(y for x, y in b if abs(x + 3.0) < 1e-9)


def test_a_finger_edge_is_placed_as_before():
    edge = FingerEdge(60.0, 3.0, 5)
    assert edge.placed((0.0, 0.0), (60.0, 0.0))[:4] == [(0.0, -3.0), (12.0, -3.0), (12.0, 0.0), (24.0, 0.0)]
    with pytest.raises(ValueError, match="an edge of 60 mm placed between points 5 mm apart"):
        edge.placed((0, 0), (5, 0))
    assert finger_edge(60.0, 3.0).placed((0.0, 0.0), (0.0, 60.0))[1] == pytest.approx((3.0, 60 / 9))


@pytest.mark.parametrize("spans", [(), ((0.0, 10.0),), ((5.0, 4.0),), ((1.0, 5.0), (4.0, 8.0)), ((-1.0, 5.0),),
                                   ((2.0, 11.0),)])
def test_tenons_that_cannot_be_cut_are_refused(spans):
    with pytest.raises(ValueError):
        Tenons(10.0, 3.0, spans)
    with pytest.raises(ValueError):
        Tenons(10.0, 3.0, ((2.0, 5.0),)).placed((0, 0), (5, 0))
