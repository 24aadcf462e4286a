"""Splitting a length too long for one piece (paper, a laser bed) into the fewest pieces that
overlap at the seams, and choosing the seams; or a row of whole cells into runs that butt.

Counting is done in whole micrometres, like :func:`printkit.geometry.grid.fits`.
"""

from __future__ import annotations


def pieces(length: float, avail: float, overlap: float) -> int | None:
    """Fewest pieces of at most ``avail`` mm that cover ``length`` when each piece but the last also
    carries an ``overlap`` strip; None if no number does."""
    L, A, o = round(length * 1000), round(avail * 1000), round(overlap * 1000)
    if L <= A:
        return 1
    if A <= o:
        return None
    return 1 + -(-(L - A) // (A - o))


def seams(length: float, avail: float, overlap: float, n: int, boundaries: list[float]) -> list[float]:
    """Where to cut ``length`` into ``n`` pieces (0 and ``length`` included): near equal shares, on
    one of the ``boundaries`` when one is in reach (a cut edge then hides under a line). Piece i
    runs from seam i to seam i + 1 plus the overlap, so none is longer than ``avail``."""
    cuts = [0.0]
    for i in range(1, n):
        lo = max(length - avail - (n - 1 - i) * (avail - overlap), cuts[-1] + overlap)
        hi = cuts[-1] + avail - overlap
        target = length * i / n
        near = [b for b in boundaries if lo - 1e-6 <= b <= hi + 1e-6]
        s = min(near, key=lambda b: (abs(b - target), b)) if near else max(lo, min(hi, target))
        cuts.append(round(s, 4))
    cuts.append(length)
    return cuts


def shares(count: int, size: float, n: int, ends: tuple[float, float] = (0.0, 0.0)) -> list[int]:
    """``count`` cells of ``size`` mm in ``n`` runs of whole cells (seams on cell lines, no overlap),
    the first run ``ends[0]`` mm longer and the last ``ends[1]`` (a border): the runs whose longest
    piece is shortest. Each cell goes to the piece that is shortest so far (the first of equals),
    so the pieces differ by less than a cell and 15 cells in two make 8 + 7."""
    if not 1 <= n <= count:
        raise ValueError(f"{count} cells cannot make {n} runs")
    extra = [0] * n  # in whole micrometres, like fits()
    extra[0] += round(ends[0] * 1000)
    extra[-1] += round(ends[1] * 1000)
    step = round(size * 1000)
    runs = [1] * n
    for _ in range(count - n):
        i = min(range(n), key=lambda k: (runs[k] * step + extra[k], k))
        runs[i] += 1
    return runs
