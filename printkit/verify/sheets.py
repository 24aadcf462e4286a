"""What the sheets say, and where (issue 19): tile faces clear of the cut edge and centred, the
board's edges, the assembly map, the reference card, the tracking and score sheets, the
calibration sheet's inch ruler, print-all's order."""

from __future__ import annotations

import re

from .bag import check_bag
from .box import check_box_paper
from .context import Context
from .measure import TOL, Square, Want, number, sized
from .pdfcontent import PdfPage, Run
from .report import Report

EDGE_LEAST_MM = 1.0  # a tile's value keeps at least this from the cut edge (and EDGE_SHARE of the side)
EDGE_SHARE = 0.06
FACE_LEAST = 0.2  # every face's ink is at least this share of the tile side tall (an apostrophe too)...
FACE_OFF_CENTRE = 0.1  # ...and its middle within this share of the side from where the letters' middles are
WORD_LEAST_MM = 33.0  # a score sheet's word column: two words of 8 letters in 3.2 mm small print (33.3 mm)
INCH_PAPERS = ("Letter", "Legal", "Tabloid")
CLEAR_MM = 0.3  # text keeps this far from the edges of a frame drawn round it (a 0.5 mm outline's half, and more)
FRAME_LEAST_MM = 40.0
_COORDINATE = re.compile(r"[A-Z]|[0-9]{1,2}")


def _box_in(box, sq: Square, tol: float = TOL) -> bool:
    return sq.x0 - tol <= box[0] and box[2] <= sq.x1 + tol and sq.y0 - tol <= box[1] and box[3] <= sq.y1 + tol


def check_tile_faces(report: Report, a: dict, pages: list[PdfPage]) -> None:
    """On the fronts: each value at least EDGE_LEAST_MM (and 6 % of the side) from the cut edge; each
    face's mark tall enough to see and centred up and down like the letters (the apostrophe)."""
    rel, want = a["path"], Want.of(a, "tile_mm")
    if want is None:
        return
    least = max(EDGE_LEAST_MM, EDGE_SHARE * want.side)
    worst, faces, problems = None, 0, []
    middles: list[float] = []
    drawn: list[tuple[Run, Square]] = []
    for page in pages:
        tiles, _ = sized(page.squares, want)
        for sq in tiles:
            runs = [r for r in page.runs if r.ink and sq.x0 <= r.x <= sq.x1 and sq.y0 <= r.y <= sq.y1]
            if len(runs) < 2:
                continue  # a blank, or a back
            big = max(r.size for r in runs)
            letters = [r for r in runs if r.size > big * 0.75]
            values = [r for r in runs if r.size <= big * 0.75]
            for v in values:
                gap = min(v.ink[0] - sq.x0, sq.x1 - v.ink[2], v.ink[1] - sq.y0, sq.y1 - v.ink[3])
                worst = gap if worst is None else min(worst, gap)
            for r in letters:
                middles.append(((r.ink[1] + r.ink[3]) / 2 - sq.y0) / sq.h)
                drawn.append((r, sq))
    centre = sorted(middles)[len(middles) // 2] if middles else 0.0  # where the letters' middles are
    for r, sq in drawn:
        faces += 1
        height = (r.ink[3] - r.ink[1]) / sq.h
        off = abs(((r.ink[1] + r.ink[3]) / 2 - sq.y0) / sq.h - centre)
        if height < FACE_LEAST - 1e-6 or off > FACE_OFF_CENTRE + 1e-6:
            problems.append(f"'{r.text}' is {height * sq.h:.2f} mm tall, its middle {off * sq.h:.2f} mm from the "
                            f"letters'")
    if worst is not None:
        report.expect(worst >= least - TOL, rel, f"every value at least {least:.2f} mm from the cut edge "
                                                 f"(nearest {worst:.2f} mm)",
                      f"a value is {worst:.2f} mm from the cut edge: at least {least:.2f} mm (1 mm, or 6 % of the "
                      f"tile) keeps it on a tile cut by hand")
    if faces:
        shown = sorted(set(problems))
        report.expect(not shown, rel,
                      f"every face at least {FACE_LEAST:.0%} of the tile tall, centred like the letters",
                      "; ".join(shown[:3]) + f": a face is at least {FACE_LEAST:.0%} of the tile tall and centred "
                      f"like the letters (within {FACE_OFF_CENTRE:.0%}), to tell it from a blank")


def check_board_edges(report: Report, a: dict, pages: list[PdfPage]) -> None:
    """On the pages of a split board: no row number or column letter cut by the edge of its window
    (the glue strips end in the middle of the next row)."""
    rel, cut = a["path"], []
    for n, page in enumerate(pages, 1):
        for clip in page.clips:
            for r in page.runs:
                if not (r.ink and _COORDINATE.fullmatch(r.text)):
                    continue
                x0, y0, x1, y1 = r.ink
                overlaps = x0 < clip.x1 and x1 > clip.x0 and y0 < clip.y1 and y1 > clip.y0
                if overlaps and not _box_in(r.ink, clip, 0.05):
                    cut.append(f"'{r.text}' on page {n}")
    if any(p.clips for p in pages):
        report.expect(not cut, rel, "no row number or column letter cut by a page's edge",
                      f"{', '.join(sorted(set(cut))[:4])} cut in half by the edge of the glue strip")


def _check_clear_of_frames(report: Report, a: dict, pages: list[PdfPage]) -> None:
    """The assembly map: no text crossed by the edge of a page's outline (a rectangle of more than
    FRAME_LEAST_MM a side: the cells drawn small are less)."""
    rel, crossed = a["path"], []
    for page in pages:
        frames = [sq for sq in page.squares if min(sq.w, sq.h) > FRAME_LEAST_MM]
        for r in page.runs:
            if not r.ink:
                continue
            for sq in frames:
                grown = Square(sq.x0 - CLEAR_MM, sq.y0 - CLEAR_MM, sq.x1 + CLEAR_MM, sq.y1 + CLEAR_MM, 0, 0)
                shrunk = Square(sq.x0 + CLEAR_MM, sq.y0 + CLEAR_MM, sq.x1 - CLEAR_MM, sq.y1 - CLEAR_MM, 0, 0)
                x0, y0, x1, y1 = r.ink
                near = x0 < grown.x1 and x1 > grown.x0 and y0 < grown.y1 and y1 > grown.y0
                if near and not _box_in(r.ink, shrunk, 0):
                    crossed.append(r.text)
                    break
    report.expect(not crossed, rel, "no text crossed by the outline of a page",
                  f"{', '.join(repr(t) for t in sorted(set(crossed))[:4])} crossed by the edge of a frame")


def _outside(box, sq: Square) -> bool:
    return box[2] <= sq.x0 or box[0] >= sq.x1 or box[3] <= sq.y0 or box[1] >= sq.y1


def _check_rows_share_baselines(report: Report, ctx: Context, a: dict, pages: list[PdfPage]) -> None:
    """The letters of a table row (the reference card, the tracking sheet) stand on one line: a letter
    with a tail (Q) or a breve (Й) is not lifted or lowered."""
    if ctx.kit is None:
        return
    faces = set(ctx.kit.distribution.faces())
    rel, off = a["path"], []
    for page in pages:
        letters = [r for r in page.runs if r.text in faces and r.ink]
        for r in letters:
            base = r.y - 0.35 * r.size
            for o in letters:
                if o is not r and abs(o.size - r.size) < TOL and abs(o.y - r.y) < r.size * 0.5:
                    if abs((o.y - 0.35 * o.size) - base) > TOL:
                        off.append(r.text)
    report.expect(not off, rel, "the letters of each row on one baseline",
                  f"{', '.join(sorted(set(off))[:4])} off the baseline of the letters beside")


def _check_reference_words(report: Report, ctx: Context, a: dict, pages: list[PdfPage]) -> None:
    """The reference card says which words count, gives the blank the value the rules give it, and
    heads each group of rules with whose rules they are."""
    kit, rel = ctx.kit, a["path"]
    if kit is None or not pages:
        return
    from ..model import BlankValue
    from ..text import words
    from ..text.rules import grouped, heading, words_rule

    say = words(kit.language)
    text = " ".join(r.text for r in pages[0].runs)
    flat = " ".join(text.split())
    start = " ".join(words_rule(kit.rules, say).split()[:5])
    report.expect(start in flat, rel, f"the word rule: {start}…", f"no word rule: the card never says which words "
                                                                  f"count ({start}…)")
    blanks = [r for r in pages[0].runs if r.text == say("blanks")]
    if blanks and kit.distribution.blanks:
        b = blanks[0]
        row = sorted((r for r in pages[0].runs if abs(r.y - b.y) < 0.6 and r.x > b.x), key=lambda r: r.x)
        value = " ".join(r.text for r in row[1:])
        want = "0" if kit.rules.blank_value is BlankValue.ZERO else say("blank_as_letter")
        report.expect(value == want, rel, f"the blank's value in the table: {value}",
                      f"the table gives the blank '{value}', the rules {kit.rules.name} '{want}'")
    groups = grouped(kit.rules, say)
    if len(groups) > 1:
        missing = [heading(by, say) for by, _ in groups if by is not None and heading(by, say) + ":" not in flat]
        report.expect(not missing, rel, f"{len(groups)} groups of rules, each under whose rules they are",
                      f"no heading '{missing[0] if missing else ''}': the rules of others are printed as the set's own")


def _check_scoresheet_table(report: Report, ctx: Context, a: dict, pages: list[PdfPage]) -> None:
    """The score sheet's rows reach the foot of the page, and its word column holds two words."""
    rel = a["path"]
    if not pages:
        return
    page = pages[0]
    long_flat = [ln for ln in page.lines if abs(ln[1] - ln[3]) < 1e-6 and abs(ln[2] - ln[0]) > page.width * 0.3]
    upright = sorted({round(ln[0], 2) for ln in page.lines if abs(ln[0] - ln[2]) < 1e-6 and abs(ln[3] - ln[1]) > 5})
    if not long_flat or len(upright) < 3:
        report.fail(rel, "no table found on the score sheet")
        return
    widest = max(b - a for a, b in zip(upright, upright[1:]))
    report.expect(widest >= WORD_LEAST_MM - TOL, rel, f"the word column {widest:.2f} mm wide",
                  f"the word column is {widest:.2f} mm wide: two words of 8 letters need {WORD_LEAST_MM:g} mm")
    if ctx.kit is not None and a.get("pages") == 1:
        lowest = min(min(ln[1], ln[3]) for ln in long_flat)  # y up: the lowest rule of the table
        foot = ctx.kit.print.margin_mm + 12.0 + 2.0  # the footer's band and its gap, from the page's edge
        gap = lowest - foot
        row = number(a.get("row_mm")) or 7.0
        report.expect(abs(gap) <= TOL + 1e-6 or (gap > 0 and gap < row), rel, "the rows reach the foot of the page",
                      f"{gap:.1f} mm left empty below the table: rows fill the page")


def _check_inch_ruler(report: Report, ctx: Context, a: dict, pages: list[PdfPage]) -> None:
    """On paper measured in inches (Letter, Legal, Tabloid) the calibration sheet has an inch ruler."""
    rel, paper = a["path"], a.get("paper")
    if paper not in INCH_PAPERS:
        return
    inches = (a.get("rulers_in") or {}).get("across") or []
    lengths = [abs(ln[2] - ln[0]) for p in pages for ln in p.lines if abs(ln[1] - ln[3]) < 1e-6]
    found = [n for n in inches if isinstance(n, int) and any(abs(v - n * 25.4) <= TOL for v in lengths)]
    report.expect(bool(found) and found == inches, rel, f"an inch ruler of {found[0] if found else 0} in",
                  f"no inch ruler on {paper} paper: a user there measures in inches")


def check_print_all_order(report: Report, ctx: Context, a: dict, pages) -> None:
    """print-all's contents: page ranges one after another from page 2 to its last page, the
    calibration sheet first. (Its pages are this build's layout of every product: a file kept from an
    earlier build, of another paper or other players, may differ from them, so they are not compared.)"""
    rel = a["path"]
    contents = a.get("contents") or []
    if not contents:
        return
    expected, problems = 2, []
    for e in contents:
        first, last = (list(e.get("pages") or []) + [0, 0])[:2]
        if first != expected or last < first:
            problems.append(f"{e.get('path')} at pages {first}–{last}, expected from page {expected}")
        expected = last + 1
    if expected - 1 != len(pages):
        problems.append(f"the contents end at page {expected - 1}, the file has {len(pages)}")
    kinds = [e.get("kind") for e in contents]
    if "calibration" in kinds and kinds[0] != "calibration":
        problems.append(f"the calibration sheet is at page {contents[kinds.index('calibration')]['pages'][0]}, not "
                        f"first: printed in one job, every page before it is printed before the scale is checked")
    report.expect(not problems, rel, f"{len(contents)} files in print order, the calibration sheet first",
                  "; ".join(problems[:3]))


SHEET_CHECKS = {
    "bag": (check_bag,),
    "reference": (_check_reference_words, _check_rows_share_baselines),
    "tracking": (_check_rows_share_baselines,),
    "scoresheet": (_check_scoresheet_table,),
    "calibration": (_check_inch_ruler,),
    "board-assembly": (lambda report, ctx, a, pages: _check_clear_of_frames(report, a, pages),),
    "box-paper": (check_box_paper,),
}
