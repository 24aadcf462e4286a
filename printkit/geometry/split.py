"""Splitting a length too long for one piece (paper, a laser bed) into the fewest pieces that
overlap at the seams, and choosing the seams; or a row of whole cells into runs that butt.

Counting is done in whole micrometres, like :func:`printkit.geometry.grid.fits`.
"""

from __future__ import annotations

from ..records import record

Box = tuple[float, float, float, float]  # (x0, y0, x1, y1)


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


# -- a grid of cells in pieces that fit a bed ----------------------------------------------------------

@record
class CellSplit:
    """A grid of cells cut along cell lines: the seams' grid lines each way (0 and the count
    included), and for each piece in reading order whether it lies on the bed turned a quarter."""

    xs: tuple[int, ...]
    ys: tuple[int, ...]
    turns: tuple[bool, ...]


def cell_lines(runs: list[int]) -> tuple[int, ...]:
    """The grid lines of the seams between runs of cells, 0 first."""
    out = [0]
    for n in runs:
        out.append(out[-1] + n)
    return tuple(out)


def cell_box(xs: tuple[int, ...], ys: tuple[int, ...], row: int, col: int, cell: float, border: float) -> Box:
    """The nominal outline of piece (row, col) from the grid's top-left corner: its cells, and the
    border where it lies on the grid's edge."""
    nx, ny = len(xs) - 1, len(ys) - 1
    return (round(xs[col] * cell - (border if col == 0 else 0.0), 4),
            round(ys[row] * cell - (border if row == 0 else 0.0), 4),
            round(xs[col + 1] * cell + (border if col == nx - 1 else 0.0), 4),
            round(ys[row + 1] * cell + (border if row == ny - 1 else 0.0), 4))


def turn_needed(box: Box, width: float, height: float, grow: float) -> bool | None:
    """False if a piece of ``box`` grown by ``grow`` each way fits the area upright, True if only
    turned a quarter, None if neither."""
    w, h = round((box[2] - box[0] + grow) * 1000), round((box[3] - box[1] + grow) * 1000)
    aw, ah = round(width * 1000), round(height * 1000)
    if w <= aw and h <= ah:
        return False
    if h <= aw and w <= ah:
        return True
    return None


def split_cells(rows: int, cols: int, cell: float, border: float, width: float, height: float,
                grow: float = 0.0) -> CellSplit | None:
    """The fewest pieces along cell lines of a grid of rows × cols cells (with a border round it)
    that fit an area of width × height, each piece grown by ``grow`` each way (a kerf, a joint's
    tongue): for each count, every grid of pieces that makes it, pieces upright before turned ones,
    fewer columns of pieces first. Cells are dealt by :func:`shares`. None: not even one cell fits."""
    for total in range(1, rows * cols + 1):
        found = []
        for nx in range(1, min(total, cols) + 1):
            ny, rest = divmod(total, nx)
            if rest or ny > rows:
                continue
            xs = cell_lines(shares(cols, cell, nx, (border, border)))
            ys = cell_lines(shares(rows, cell, ny, (border, border)))
            turns = [turn_needed(cell_box(xs, ys, r, q, cell, border), width, height, grow)
                     for r in range(ny) for q in range(nx)]
            if None not in turns:
                found.append((sum(turns), nx, xs, ys, tuple(turns)))
        if found:
            _, _, xs, ys, turns = min(found, key=lambda f: f[:2])
            return CellSplit(xs, ys, turns)
    return None
