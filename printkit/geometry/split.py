"""Splitting a length too long for one piece (paper, a laser bed) into the fewest pieces that
overlap at the seams, and choosing the seams.

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
