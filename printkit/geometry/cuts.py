"""Shared-edge cuts: the outline of a set of grid cells as straight runs, each shared edge once.

Neighbouring tiles share one cut (a knife or a laser goes along it once, so no edge is burnt
twice), and a straight run is one stroke however many cells it passes.
"""

from __future__ import annotations

Corner = tuple[int, int]  # (row, col) of a grid-line crossing: cell (r, c) spans corners (r, c)–(r + 1, c + 1)


def cut_runs(cells: set[tuple[int, int]]) -> list[tuple[Corner, Corner]]:
    """Every edge of the (row, col) ``cells``, joined into straight runs: horizontal runs first,
    top to bottom, then vertical ones, left to right; each from its smaller corner."""
    horizontal: dict[int, set[int]] = {}  # grid line → columns of the cells above or below it
    vertical: dict[int, set[int]] = {}
    for r, c in cells:
        horizontal.setdefault(r, set()).add(c)
        horizontal.setdefault(r + 1, set()).add(c)
        vertical.setdefault(c, set()).add(r)
        vertical.setdefault(c + 1, set()).add(r)
    out = []
    for r in sorted(horizontal):
        out += [((r, a), (r, b + 1)) for a, b in _runs(sorted(horizontal[r]))]
    for c in sorted(vertical):
        out += [((a, c), (b + 1, c)) for a, b in _runs(sorted(vertical[c]))]
    return out


def _runs(values: list[int]) -> list[tuple[int, int]]:
    """Sorted whole numbers as runs of consecutive ones, (first, last)."""
    runs: list[tuple[int, int]] = []
    for v in values:
        if runs and v == runs[-1][1] + 1:
            runs[-1] = (runs[-1][0], v)
        else:
            runs.append((v, v))
    return runs


Edge = tuple[Corner, Corner]  # one cell's side: two neighbouring corners, the smaller first


def unit_edges(run: tuple[Corner, Corner]) -> list[Edge]:
    """The one-cell edges a straight run passes, from its first corner."""
    (r1, c1), (r2, c2) = run
    if r1 == r2:
        return [((r1, c), (r1, c + 1)) for c in range(c1, c2)]
    return [((r, c1), (r + 1, c1)) for r in range(r1, r2)]


def shared(cells: set[tuple[int, int]], edge: Edge) -> bool:
    """True if ``edge`` lies between two of the ``cells`` (inside the block they make), False if
    it is on the block's outline."""
    (r1, c1), (r2, _) = edge
    if r1 == r2:  # horizontal: the cells above and below it
        return (r1 - 1, c1) in cells and (r1, c1) in cells
    return (r1, c1 - 1) in cells and (r1, c1) in cells


def split_runs(runs: list[tuple[Corner, Corner]], key) -> list[tuple[object, tuple[Corner, Corner]]]:
    """Each run cut where ``key`` (a function of one-cell edges) changes along it, as (key, run)
    pairs in the runs' order: a line that is partly inside a block and partly on its outline (under
    a short last row) becomes an inner run and an outer one, which no two of overlap."""
    out: list[tuple[object, tuple[Corner, Corner]]] = []
    for run in runs:
        part: list = []
        for edge in unit_edges(run):
            k = key(edge)
            if part and part[0] == k:
                part[2] = edge[1]
            else:
                if part:
                    out.append((part[0], (part[1], part[2])))
                part = [k, edge[0], edge[1]]
        if part:
            out.append((part[0], (part[1], part[2])))
    return out
