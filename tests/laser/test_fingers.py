"""Finger joints (printkit.geometry.fingers): measured off the drawn outlines, every finger of one edge
comes off the beam as wide as the slot it goes into on the mating edge, within the kerf."""

import pytest

from printkit.geometry.fingers import FingerEdge, area, compensated, finger_count, finger_edge, grown, slots

TOL = 0.01


def plate(edge: FingerEdge, height: float) -> list:
    """A plate whose top edge (y = 0, from x = 0 to the edge's length) is ``edge``, fingers upwards."""
    return edge.placed((0.0, 0.0), (edge.length, 0.0)) + [(edge.length, height), (0.0, height)]


def runs_at(points, y):
    """The x-intervals of the polygon's horizontal edges lying at ``y``, left to right."""
    n = len(points)
    out = []
    for i in range(n):
        (x0, y0), (x1, y1) = points[i], points[(i + 1) % n]
        if abs(y0 - y) < 1e-9 and abs(y1 - y) < 1e-9:
            out.append((min(x0, x1), max(x0, x1)))
    return sorted(out)


@pytest.mark.parametrize("length, t, kerf", [(100.0, 3.0, 0.2), (57.3, 4.0, 0.15), (19.0, 3.0, 0.3), (40.0, 6.0, 0.0)])
def test_every_finger_fits_its_slot_on_the_mating_edge(length, t, kerf):
    edge = finger_edge(length, t)
    a, _ = compensated(plate(edge, 30.0), [], kerf)
    b, _ = compensated(plate(edge.mate(), 30.0), [], kerf)
    top = -(t + kerf / 2)  # the drawn fingers' tops
    # as cut: the beam takes half the kerf off each side of the drawn line
    a_cut = [(x0 + kerf / 2, x1 - kerf / 2) for x0, x1 in runs_at(a, top)]
    b_cut = [(x0 + kerf / 2, x1 - kerf / 2) for x0, x1 in runs_at(b, top)]
    assert len(a_cut) == (edge.count + 1) // 2 and len(b_cut) == (edge.count - 1) // 2
    # the fingers of the two edges, as cut, fill the joint's length with neither gap nor overlap: A, B, A, ..., A
    both = sorted([(s, e, "a") for s, e in a_cut] + [(s, e, "b") for s, e in b_cut])
    assert [w for *_, w in both] == ["a", "b"] * (len(b_cut)) + ["a"]
    assert abs(both[0][0]) <= TOL and abs(both[-1][1] - length) <= TOL
    for (_, end, _), (start, _, _) in zip(both, both[1:]):
        assert abs(end - start) <= TOL
    # each slot as cut (a gap of the mating edge's drawn line, widened by the kerf) is as wide as its finger
    for edge_pts, fingers in ((b, a_cut[1:-1]), (a, b_cut)):
        gaps = [(x0 - kerf / 2, x1 + kerf / 2) for x0, x1 in runs_at(edge_pts, -kerf / 2)]
        inner = [g for g in gaps if g[0] > 0 and g[1] < length]  # the open ends past a corner have one side
        assert len(inner) == len(fingers)
        for (fs, fe), (gs, ge) in zip(fingers, inner):
            assert abs((fe - fs) - (ge - gs)) <= TOL and abs(fs - gs) <= TOL
            assert abs((fe - fs) - edge.segment) <= TOL


def test_a_finger_stands_the_material_thickness_out_and_the_kerf_is_compensated():
    edge = finger_edge(60.0, 3.0)
    nominal = plate(edge, 20.0)
    drawn, _ = compensated(nominal, [], 0.2)
    ys = sorted({round(y, 6) for _, y in drawn})
    assert ys == [round(-3.1, 6), round(-0.1, 6), round(20.1, 6)]
    xs = [x for x, _ in drawn]
    assert abs(min(xs) + 0.1) <= TOL and abs(max(xs) - 60.1) <= TOL
    first = runs_at(drawn, -3.1)[0]
    assert abs((first[1] - first[0]) - (edge.segment + 0.2)) <= TOL  # grown by half the kerf on each side


def test_slots_through_a_plate_take_the_fingers_of_the_edge():
    edge = finger_edge(50.0, 4.0)
    kerf = 0.2
    holes = slots(edge, (10.0, 30.0), (60.0, 30.0))
    _, drawn = compensated([(0, 0), (80, 0), (80, 60), (0, 60)], holes, kerf)
    assert len(drawn) == len(edge.fingers())
    for (a, b), hole in zip(edge.fingers(), drawn):
        xs = [x for x, _ in hole]
        ys = [y for _, y in hole]
        width_cut = max(xs) - min(xs) + kerf  # a hole widens by the kerf
        depth_cut = max(ys) - min(ys) + kerf
        assert abs(width_cut - (b - a)) <= TOL  # as wide as the finger comes off the beam
        assert abs(depth_cut - 4.0) <= TOL  # as deep as the material is thick
        assert abs(min(xs) - (10.0 + a + kerf / 2)) <= TOL


def test_finger_count_is_odd_and_fingers_are_sturdy():
    for length in (5.0, 12.0, 19.0, 100.0, 333.3):
        n = finger_count(length, 3.0)
        assert n % 2 == 1 and (n == 1 or length / n >= 6.0)
    assert finger_count(100.0, 3.0) == 15


def test_grown_keeps_a_slanted_edge_parallel():
    tri = [(0.0, 0.0), (40.0, 0.0), (0.0, 30.0)]
    if area(tri) < 0:
        tri.reverse()
    big = grown(tri, 1.0)
    assert abs(area(big)) > abs(area(tri))
    # the hypotenuse moved out by 1 mm: its distance from the origin grew by 1
    (x1, y1), (x2, y2) = big[1], big[2]  # the hypotenuse's ends, moved
    d_old = abs(40.0 * 30.0) / 50.0
    d_new = abs((x2 - x1) * (0 - y1) - (0 - x1) * (y2 - y1)) / ((x2 - x1) ** 2 + (y2 - y1) ** 2) ** 0.5
    assert abs(d_new - (d_old + 1.0)) <= TOL


def test_bad_edges_are_refused():
    with pytest.raises(ValueError):
        FingerEdge(10.0, 3.0, 2)
    with pytest.raises(ValueError):
        finger_edge(0.0, 3.0)
    with pytest.raises(ValueError):
        finger_edge(10.0, 3.0).placed((0, 0), (5, 0))
