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
