"""The bag's sewing pattern (kind ``bag``), re-measured from its pages: each page is placed by the
registration crosses it carries (the manifest says where each cross is on the piece), the cut lines
it shows (cut to its window, as the page prints them) are put together, and the piece they make must
be the stated cut size: the finished bag with its seam allowances, the notches of the boxed base,
the stitching line the seam allowance inside the side edges, the fold line across the middle. A page
drawn off its marks leaves the cut line in pieces that do not meet, and fails."""

from __future__ import annotations

from .measure import TOL, number, pair
from .pdfcontent import PdfPage
from .report import Report

LONG_MM = 12.0  # a solid line at least this long is a cut line (dashes and cross arms are shorter)
SHORT_MM = 8.5  # a dash of a stitching or fold line at most this long


def _crosses(page: PdfPage) -> list[tuple[float, float]]:
    """The centres of the registration crosses: a line across and one down of one length, crossing
    at their middles."""
    across = [ln for ln in page.lines if abs(ln[1] - ln[3]) < 1e-6 and abs(ln[2] - ln[0]) > 1e-6]
    down = [ln for ln in page.lines if abs(ln[0] - ln[2]) < 1e-6 and abs(ln[3] - ln[1]) > 1e-6]
    out = []
    for a in across:
        ax, ay, la = (a[0] + a[2]) / 2, a[1], abs(a[2] - a[0])
        for d in down:
            if abs(d[0] - ax) < TOL and abs((d[1] + d[3]) / 2 - ay) < TOL and abs(abs(d[3] - d[1]) - la) < TOL:
                out.append((ax, ay))
    return out


def _offset(found: list[tuple[float, float]], stated: list[tuple[float, float]]) -> tuple[float, float] | None:
    """The shift that puts every cross found on the page onto a stated one (and finds them all)."""
    if not found or len(found) < len(stated):
        return None
    for sx, sy in stated:
        dx, dy = sx - found[0][0], sy - found[0][1]
        if all(any(abs(fx + dx - x) < TOL and abs(fy + dy - y) < TOL for x, y in stated) for fx, fy in found) and \
                all(any(abs(fx + dx - x) < TOL and abs(fy + dy - y) < TOL for fx, fy in found) for x, y in stated):
            return dx, dy
    return None


def _merge(spans: list[tuple[float, float]]) -> list[tuple[float, float]]:
    out: list[list[float]] = []
    for a, b in sorted(spans):
        if out and a <= out[-1][1] + TOL:
            out[-1][1] = max(out[-1][1], b)
        else:
            out.append([a, b])
    return [(round(a, 3), round(b, 3)) for a, b in out]


def _edges(width: float, height: float, notch: tuple[float, float], fold: float):
    """The cut line's edges as (across or down, where, from, to): a rectangle, a notch at each end of
    the fold."""
    n, t = notch
    a, b = fold - t / 2, fold + t / 2
    across = {0.0: [(0.0, width)], height: [(0.0, width)], a: [(0.0, n), (width - n, width)],
              b: [(0.0, n), (width - n, width)]}
    down = {0.0: [(0.0, a), (b, height)], width: [(0.0, a), (b, height)], n: [(a, b)], width - n: [(a, b)]}
    return across, down


def _sort(lines, shift: tuple[float, float], window: tuple[float, float, float, float],
          across: tuple[dict[float, list], set[float]], down: tuple[dict[float, list], set[float]]) -> None:
    """A page's lines, moved by shift into the piece's frame, sorted by direction into the cut line's
    runs (long lines, by where they lie) and the dashes of folds and stitching (short lines), each
    clipped to the page's window (the part of the piece it shows)."""
    dx, dy = shift
    wx0, wy0, wx1, wy1 = window
    for x0, y0, x1, y1 in lines:
        x0, y0, x1, y1 = x0 + dx, y0 + dy, x1 + dx, y1 + dy
        length = abs(x1 - x0) + abs(y1 - y0)
        if abs(y0 - y1) < 1e-6 and wy0 - TOL <= y0 <= wy1 + TOL:
            runs, dashes, at, lo, hi = *across, y0, max(min(x0, x1), wx0), min(max(x0, x1), wx1)
        elif abs(x0 - x1) < 1e-6 and wx0 - TOL <= x0 <= wx1 + TOL:
            runs, dashes, at, lo, hi = *down, x0, max(min(y0, y1), wy0), min(max(y0, y1), wy1)
        else:
            continue
        if hi <= lo:
            continue
        if length >= LONG_MM:
            runs.setdefault(round(at, 2), []).append((lo, hi))
        elif length <= SHORT_MM:
            dashes.add(round(at, 2))


def _outline_wrong(want: dict[float, list], got: dict[float, list], what: str) -> list[str]:
    """How the cut line's runs found in one direction differ from the outline's."""
    bad = []
    keys = {round(k, 2) for k in want}
    for k in got:
        if k not in keys:
            bad.append(f"a cut line {what} {k:g} mm, not on the piece's outline")
    for k, spans in want.items():
        found = got.get(round(k, 2), [])
        if len(found) != len(spans) or any(abs(f[0] - s[0]) > TOL or abs(f[1] - s[1]) > TOL
                                           for f, s in zip(found, spans)):
            bad.append(f"the cut line {what} {k:g} mm runs {', '.join(f'{f0:g}–{f1:g}' for f0, f1 in found)} mm, "
                       f"not {', '.join(f'{s0:g}–{s1:g}' for s0, s1 in spans)}")
    return bad


def check_bag(report: Report, ctx, a: dict, pages: list[PdfPage]) -> None:
    rel = a["path"]
    size, finished, notch = pair(a.get("cut_size_mm")), a.get("finished_mm"), pair(a.get("notch_mm"))
    seam, channel, fold = number(a.get("seam_mm")), number(a.get("channel_mm")), number(a.get("fold_mm"))
    marks = a.get("marks_mm")
    if None in (size, notch, seam, channel, fold) or not isinstance(finished, list) or len(finished) != 3 \
            or not isinstance(marks, list) or len(marks) != len(pages):
        report.fail(rel, "the manifest gives no cut_size_mm, finished_mm, notch_mm, seam_mm, channel_mm, fold_mm or "
                         "marks_mm for each page: the pattern cannot be measured")
        return
    width, height = size
    w, d, h = finished
    kx, ky = (pair(a.get("scale")) or (1.0, 1.0))
    across: dict[float, list] = {}
    down: dict[float, list] = {}
    dashes_down: set[float] = set()
    dashes_across: set[float] = set()
    problems = []
    for number_, (page, stated) in enumerate(zip(pages, marks), 1):
        cx, cy = page.width / 2, page.height / 2

        def true(x: float, y: float) -> tuple[float, float]:
            """A point of the page (y up, as PDF has it) as drawn, y down, the printer's compensation undone
            about the page's centre."""
            return cx + (x - cx) / kx, cy + (page.height - y - cy) / ky

        lines = [(*true(x0, y0), *true(x1, y1)) for x0, y0, x1, y1 in page.lines]
        shown = PdfPage(page.width, page.height, lines=lines)
        found = _crosses(shown)
        shift = _offset(found, [tuple(p) for p in stated])
        if not stated and not found:  # the whole piece on one page, no seam: placed by its outline's corner
            cut = [ln for ln in lines if abs(ln[0] - ln[2]) + abs(ln[1] - ln[3]) >= LONG_MM]
            shift = (-min(min(ln[0], ln[2]) for ln in cut), -min(min(ln[1], ln[3]) for ln in cut)) if cut else None
        windows = sorted(page.clips, key=lambda c: -(c.x1 - c.x0) * (c.y1 - c.y0))
        if shift is None or not windows:
            problems.append(f"page {number_}: its registration crosses are not where the manifest says")
            continue
        dx, dy = shift
        c = windows[0]
        (wx0, wy1), (wx1, wy0) = true(c.x0, c.y0), true(c.x1, c.y1)
        wx0, wy0, wx1, wy1 = wx0 + dx, wy0 + dy, wx1 + dx, wy1 + dy
        _sort(lines, (dx, dy), (wx0, wy0, wx1, wy1), (across, dashes_across), (down, dashes_down))
    if problems:
        report.fail(rel, f"{len(problems)} page{'s' if len(problems) > 1 else ''} not placed; the first: {problems[0]}")
        return
    want_across, want_down = _edges(width, height, notch, fold)
    got_across = {y: _merge(s) for y, s in across.items()}
    got_down = {x: _merge(s) for x, s in down.items()}
    bad = _outline_wrong(want_across, got_across, "across at") + _outline_wrong(want_down, got_down, "down at")
    n, t = notch
    if abs(width - (w + d + 2 * seam)) > TOL or abs(height - (d + 2 * h + 2 * channel + 2 * seam)) > TOL:
        bad.append(f"the piece {width:g} × {height:g} mm is not the finished {w:g} × {d:g} × {h:g} mm with "
                   f"{seam:g} mm seams and {channel:g} mm channels")
    if abs(n - d / 2) > TOL or abs(t - (d - 2 * seam)) > TOL or abs(fold - height / 2) > TOL:
        bad.append(f"the notches {n:g} × {t:g} mm do not box a base {d:g} mm deep at the fold ({fold:g} mm)")
    for x in (seam, width - seam):
        if round(x, 2) not in dashes_down:
            bad.append(f"no stitching line down at {x:g} mm, the seam allowance inside the side edge")
    for y in (fold, seam, seam + channel, height - seam, height - seam - channel):
        if round(y, 2) not in dashes_across:
            bad.append(f"no fold line across at {y:g} mm")
    if bad:
        report.fail(rel, f"{len(bad)} pattern measurement{'s' if len(bad) > 1 else ''} wrong; the first: {bad[0]}")
    else:
        report.ok(rel, f"{len(pages)} pages placed by their registration crosses make one piece {width:g} × "
                       f"{height:g} mm: the finished {w:g} × {d:g} × {h:g} mm bag, {seam:g} mm seam allowances "
                       f"(stitched {seam:g} mm in), {channel:g} mm channels, notches {n:g} × {t:g} mm at the fold")


__all__ = ["check_bag"]
