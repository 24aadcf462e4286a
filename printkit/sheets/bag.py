"""A drawstring bag for the tiles (``--only bag``): a sewing pattern at 1:1 on the kit's paper.

The bag's size follows from the set: its tiles and spares, each the tile's side squared times the
material's thickness (``physical.thickness_mm``), make the tiles' volume; the bag holds
:data:`FACTOR` times that (the tiles lie loose, at about 60 % of the space they fill, and a hand
rummages among them), and is at least :data:`LEAST_WIDTH_MM` wide so that a hand goes in.

Its shape: one piece of fabric folded at the bottom, with a flat base. The base is ``width`` ×
``depth`` (the depth half the width), the tiles fill it as high as the bag is wide, and above them
:data:`GATHER_SHARE` of the depth more lets the top draw shut. The piece's two side seams are sewn
along the dashed line 1 cm inside the cut line (:data:`SEAM_MM`); a notch cut out at each end of the
bottom fold (half the depth and the seam allowance wide, the depth tall) is sewn across after the side
seams, which boxes the corners into the flat base; each top edge is turned under 1 cm and folded
:data:`CHANNEL_MM` down into the channel the cord runs through.

The pattern is a *sheet* as the board is one (:class:`printkit.sheets.board.sheet.Sheet`: the piece on
a 5 mm grid from its top-left corner, with a strip round it for the registration marks), split over
pages of the kit's paper by the board's own :func:`printkit.sheets.board.paper.plan_split`: the same
glue strips, registration crosses and trim marks, drawn by its :func:`window_page`. Its first page is
the instructions: the sizes, the board's assembly map of the pages, and the steps to glue the pattern
and to sew the bag, in the kit's language.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import ceil

from ..errors import PrintkitError
from ..geometry import Document, Group, Item, Line, Page, Path, Role
from ..model import Kit
from .board.assembly import assembly_map, assembly_steps
from .board.paper import Split, plan_split, window_page
from .board.sheet import Sheet
from .common import FOOTER_MM, INK, Lettering, footer, lettering, require_words
from .play.page import wrapped
from .tiles import kit_spares, tile_faces

KIND = "bag"
FACTOR = 4.0  # the bag holds this many times the tiles' own volume
LEAST_WIDTH_MM = 120.0  # the bag's width at least: a hand goes in (the opening is then 2 × (120 + 60) mm round)
DEPTH_SHARE = 0.5  # the base's depth: this share of its width
GATHER_SHARE = 1.0  # above the tiles, this share of the depth more: the top draws shut
ROUND_MM = 10.0  # the width rounded up to whole centimetres (so the depth is whole half-centimetres)
SEAM_MM = 10.0  # the seam allowance, on every sewn edge, and the top's turn-under
CHANNEL_MM = 25.0  # the top folded down this far: the channel the cord runs through
CHANNEL_EDGE_MM = 2.0  # the channel is stitched this far above the turned-under edge
CORD_SPARE_MM = 300.0  # cord beyond the opening's round: both ends out of the channel, to pull and knot
STRIP_MM = 8.0  # round the piece on the sheet: the registration crosses sit there
GRID_MM = 5.0  # the sheet's grid: the seams between pages fall on its lines where they can

CUT_MM = 0.5  # the cut line: solid
STITCH_MM = 0.3  # the stitching line: dashed
FOLD_MM = 0.3  # a fold line: dash and dot
STITCH_DASH, STITCH_SPACE = 4.0, 2.0
FOLD_DASH, FOLD_SPACE, FOLD_DOT = 8.0, 1.5, 1.0
NOTCH_MARK_MM = 6.0  # the side seam's stop, a short line in from the cut edge
ARROW_MM = 0.5
TEXT_EM = 3.6  # labels on the pattern
TITLE_EM = 5.0
STEP_EM = 3.2
LINE_MM = 4.6  # a line of the steps
MAP_MAX_MM = 130.0  # the map of the pages on the first page: at most this high...
MAP_LEAST_MM = 40.0  # ...and at least this: smaller, a page's number cannot be read


@dataclass(frozen=True)
class Bag:
    """The bag's sizes, mm, from the set: the finished bag and its one piece of fabric."""

    tiles: int  # the set's tiles and its spares
    tile: float
    thickness: float
    width: float  # the finished bag: its front, between the side seams once the base is boxed
    depth: float  # the base front to back, and each end's width
    height: float  # from the base to the top edge
    fill: float  # how high the tiles' room is (the rest gathers shut)

    @property
    def tiles_cm3(self) -> float:
        return self.tiles * self.tile * self.tile * self.thickness / 1000

    @property
    def room_cm3(self) -> float:
        """What the bag's box below the gathered top holds."""
        return self.width * self.depth * self.fill / 1000

    @property
    def cut_width(self) -> float:
        return self.width + self.depth + 2 * SEAM_MM

    @property
    def half(self) -> float:
        """From the bottom fold to a top raw edge."""
        return self.depth / 2 + self.height + CHANNEL_MM + SEAM_MM

    @property
    def cut_height(self) -> float:
        return 2 * self.half

    @property
    def notch(self) -> tuple[float, float]:
        """The notch at each end of the bottom fold: in from the side edge, and tall (half above the fold).
        Sewn :data:`SEAM_MM` inside its edges, it leaves a square of half the depth missing from each half's
        corner between the stitching lines (in: half the depth from the side seam; up: half its height and
        the seam from the fold), so the seam across the boxed corner is the depth long and the side seam
        meets the fold: the base comes out ``width`` × ``depth``. (A notch half the depth *and* the seam in,
        the depth tall, boxed a base 80 mm deep for 60 and made the bag 100 × 80 × 170 for 120 × 60 × 180.)"""
        return self.depth / 2, self.depth - 2 * SEAM_MM

    @property
    def stop(self) -> float:
        """The side seam's end, from a top raw edge: where the channel is stitched (the channel stays open)."""
        return SEAM_MM + 2 * CHANNEL_MM - CHANNEL_EDGE_MM

    @property
    def cord(self) -> float:
        return 2 * (self.width + self.depth) + CORD_SPARE_MM


def bag_of(kit: Kit) -> Bag:
    """The bag of the kit's set: its width from the volume it holds, at least :data:`LEAST_WIDTH_MM`."""
    p = kit.physical
    n = len(tile_faces(kit)) + len(kit_spares(kit))
    volume = FACTOR * n * p.tile_mm * p.tile_mm * p.thickness_mm  # mm³
    # width × (DEPTH_SHARE × width) × width holds it: the tiles fill the base as high as the bag is wide
    width = max(LEAST_WIDTH_MM, ceil(round((volume / DEPTH_SHARE) ** (1 / 3) / ROUND_MM, 9)) * ROUND_MM)
    depth = DEPTH_SHARE * width
    return Bag(n, p.tile_mm, p.thickness_mm, width, depth, width + GATHER_SHARE * depth, width)


# -- the pattern, in mm from the piece's top-left corner ----------------------------------------------

def outline(bag: Bag) -> list[tuple[float, float]]:
    """The cut line, clockwise from the top-left corner: a rectangle with a notch at each end of the
    bottom fold."""
    w, h = bag.cut_width, bag.cut_height
    n, t = bag.notch
    f = bag.half
    a, b = f - t / 2, f + t / 2
    return [(0.0, 0.0), (w, 0.0), (w, a), (w - n, a), (w - n, b), (w, b), (w, h), (0.0, h), (0.0, b), (n, b),
            (n, a), (0.0, a)]


def stitching(bag: Bag) -> list[list[tuple[float, float]]]:
    """The stitching lines, :data:`SEAM_MM` inside the sewn edges: each side seam from the top stop
    round its notch to the bottom stop (the notch's edges are the boxed corner's seam)."""
    w, h, s = bag.cut_width, bag.cut_height, SEAM_MM
    n, t = bag.notch
    f = bag.half
    a, b = f - t / 2 - s, f + t / 2 + s
    left = [(s, bag.stop), (s, a), (n + s, a), (n + s, b), (s, b), (s, h - bag.stop)]
    return [left, [(w - x, y) for x, y in left]]


def folds(bag: Bag) -> list[tuple[str, float, float, float]]:
    """The fold lines across the piece, (what, y, x from, x to): the bottom between the notches; at
    each top, the turn-under and the channel's fold (the bag's top edge)."""
    w, h = bag.cut_width, bag.cut_height
    n, _ = bag.notch
    out = [("bottom", bag.half, n, w - n)]
    for y in (SEAM_MM, SEAM_MM + CHANNEL_MM):
        out += [("hem" if y == SEAM_MM else "channel", y, 0.0, w),
                ("hem" if y == SEAM_MM else "channel", h - y, 0.0, w)]
    return sorted(out, key=lambda f: f[1])


def _dashes(x0: float, y0: float, x1: float, y1: float, dash: float, space: float, width: float, tag: str,
            dot: float = 0.0) -> list[Item]:
    """A dashed line from (x0, y0) to (x1, y1) (across or down), as one line a dash (each a segment
    a reader measures); ``dot``: a dot between the dashes (a fold)."""
    length = abs(x1 - x0) + abs(y1 - y0)
    ux, uy = (x1 - x0) / length, (y1 - y0) / length
    out: list[Item] = []
    pos = 0.0
    while pos < length - 1e-9:
        for size, gap in ((dash, space), (dot, space)) if dot else ((dash, space),):
            end = min(pos + size, length)
            if end > pos + 1e-9:
                out.append(Line(round(x0 + ux * pos, 4), round(y0 + uy * pos, 4), round(x0 + ux * end, 4),
                                round(y0 + uy * end, 4), INK, width, role=Role.GUIDE, tag=tag))
            pos = end + gap
            if pos >= length - 1e-9:
                break
    return out


def grain_arrow(x: float, y0: float, y1: float) -> Path:
    """A double-headed arrow down the piece, along the fabric's threads: one path (never a cut line)."""
    head = 4.0
    return Path((("M", x - head / 2, y0 + head), ("L", x, y0), ("L", x, y1), ("L", x - head / 2, y1 - head),
                 ("M", x + head / 2, y0 + head), ("L", x, y0), ("L", x + head / 2, y0 + head),
                 ("M", x + head / 2, y1 - head), ("L", x, y1), ("L", x + head / 2, y1 - head)),
                stroke=INK, stroke_mm=ARROW_MM, role=Role.PRINT, tag="grain")


def _clear(y: float, height: float, seams: tuple[float, ...], room: float = 2.0) -> float:
    """The first top at or below ``y`` where [top, top + height] keeps ``room`` from each seam."""
    for s in sorted(seams):
        if y - room < s < y + height + room:
            y = s + room
    return y


def column(x0: float, x1: float, seams: tuple[float, ...], room: float = 2.0) -> tuple[float, float]:
    """The widest stretch of [x0, x1] that keeps ``room`` from every seam across it: where a label goes
    whole, not cut in two by a page's edge."""
    cuts = sorted(s for s in seams if x0 < s < x1)
    edges = [x0] + [v for s in cuts for v in (s - room, s + room)] + [x1]
    spans = [(edges[i], edges[i + 1]) for i in range(0, len(edges), 2)]
    return max(spans, key=lambda span: span[1] - span[0])


def pattern_items(kit: Kit, lt: Lettering, bag: Bag, xs: tuple[float, ...] = (),
                  ys: tuple[float, ...] = ()) -> list[Item]:
    """The piece: cut line, stitching, folds, the side seams' stops, the notches, the grain arrow and
    the labels (kept off the seams ``xs`` and ``ys`` of a split, in the piece's frame)."""
    w, h = bag.cut_width, bag.cut_height
    pts = outline(bag)
    items: list[Item] = [Line(ax, ay, bx, by, INK, CUT_MM, role=Role.GUIDE, tag="cut")
                         for (ax, ay), (bx, by) in zip(pts, pts[1:] + pts[:1])]
    for run in stitching(bag):
        for (ax, ay), (bx, by) in zip(run, run[1:]):
            items += _dashes(ax, ay, bx, by, STITCH_DASH, STITCH_SPACE, STITCH_MM, "stitch")
    for what, y, x0, x1 in folds(bag):
        items += _dashes(x0, y, x1, y, FOLD_DASH, FOLD_SPACE, FOLD_MM, f"fold-{what}", FOLD_DOT)
    for y in (bag.stop, h - bag.stop):  # the channel's stitching, where the side seams stop: a mark at each side
        items += _dashes(SEAM_MM, y, w - SEAM_MM, y, STITCH_DASH, STITCH_SPACE, STITCH_MM, "stitch-channel")
        items.append(Line(0.0, y, NOTCH_MARK_MM, y, INK, CUT_MM * 0.6, role=Role.GUIDE, tag="stop"))
        items.append(Line(w - NOTCH_MARK_MM, y, w, y, INK, CUT_MM * 0.6, role=Role.GUIDE, tag="stop"))
    em, small = TEXT_EM, TEXT_EM * 0.8
    n, _ = bag.notch
    # the words of each fold line, just inside the piece from it (above the bottom fold), in a column
    # that no page's edge cuts
    for what, y, x0, x1 in folds(bag):
        key = {"bottom": "bag_fold_bottom", "hem": "bag_fold_hem", "channel": "bag_fold_channel"}[what]
        text = lt.say(key, n=f"{SEAM_MM / 10:g}", c=f"{CHANNEL_MM:g}")
        inside = what == "bottom" or (y > bag.half) == (what == "hem")  # above the line: toward the bottom fold
        base = y - 1.2 if inside else y + small + 0.8
        c0, c1 = column(x0 + SEAM_MM, x1 - SEAM_MM, xs)
        items.append(lt.label((c0 + c1) / 2, base, text, lt.fitted(text, small, c1 - c0), "centre", tag="fold"))
    stop = lt.say("bag_stop")
    for y in (bag.stop, h - bag.stop):
        items.append(lt.label(NOTCH_MARK_MM + 1.0, y + (small + 0.8 if y < bag.half else -1.0), stop, small * 0.9,
                              tag="stop-label"))
    channel = lt.say("bag_stitch_channel")
    c0, c1 = column(SEAM_MM * 2, w - SEAM_MM * 2, xs)
    for y in (bag.stop, h - bag.stop):
        base = y + small + 0.8 if y < bag.half else y - 1.2
        items.append(lt.label((c0 + c1) / 2, base, channel, lt.fitted(channel, small, c1 - c0), "centre",
                              tag="channel"))
    stitch = lt.say("bag_stitch", n=f"{SEAM_MM / 10:g}")
    items.append(lt.label(SEAM_MM + 2.0, _clear(bag.stop + 14.0, small, ys) + small, stitch, small * 0.9,
                          tag="stitch-label"))
    cut_out = lt.say("bag_cut_out")
    for x in (n / 2, w - n / 2):
        items.append(lt.label(x, bag.half + small * 0.35, cut_out, lt.fitted(cut_out, small * 0.9, n - 2), "centre",
                              tag="notch"))
    # the piece's name and sizes, then the grain arrow, in the upper half, off the seams between pages
    lines = [(lt.say("bag_piece", title=kit.title), em * 1.2), (lt.say("bag_cut_one"), em),
             (lt.say("bag_finished", w=f"{bag.width:g}", d=f"{bag.depth:g}", h=f"{bag.height:g}"), em),
             (lt.say("bag_cut_size", w=f"{bag.cut_width:g}", h=f"{bag.cut_height:g}"), em)]
    c0, c1 = column(SEAM_MM + 4.0, w - SEAM_MM - 4.0, xs)
    y = _clear(bag.stop + 24.0, len(lines) * em * 1.5, ys)
    for text, size in lines:
        y += size * 1.5
        items.append(lt.label((c0 + c1) / 2, y, text, lt.fitted(text, size, c1 - c0), "centre", tag="piece"))
    arrow_top = _clear(y + 10.0, 0.0, ys)
    arrow_len = min(100.0, bag.half - bag.depth / 2 - SEAM_MM - 8.0 - arrow_top)
    if arrow_len > 30:
        x = (c0 + c1) / 2
        items.append(grain_arrow(x, arrow_top, arrow_top + arrow_len))
        items.append(lt.label(x + 3.0, _clear(arrow_top + 10.0, small, ys) + small, lt.say("bag_grain"), small,
                              tag="grain-label"))
    return items


def pattern_sheet(kit: Kit, lt: Lettering, bag: Bag, xs: tuple[float, ...] = (), ys: tuple[float, ...] = ()) -> Sheet:
    """The piece as a sheet the board's split takes: the piece from (STRIP_MM, STRIP_MM), its box a grid
    of :data:`GRID_MM` cells (the split's seams fall on them), the strip round it for the marks."""
    s = STRIP_MM
    items = (Group(tuple(pattern_items(kit, lt, bag, xs, ys)), s, s, tag="piece"),)
    cols, rows = round(bag.cut_width / GRID_MM), round(bag.cut_height / GRID_MM)
    return Sheet(items, round(bag.cut_width + 2 * s, 4), round(bag.cut_height + 2 * s, 4), s, s, GRID_MM, rows, cols,
                 s)


def layout(kit: Kit, lt: Lettering, bag: Bag) -> tuple[Sheet, Split]:
    """The sheet and its split: split once to know the seams, then drawn with the labels off them
    (the seams follow from the sheet's size alone)."""
    sheet = pattern_sheet(kit, lt, bag)
    try:
        split = plan_split(kit, sheet)
    except PrintkitError:  # the board's words name the board: say it of the bag
        p = kit.print
        raise PrintkitError(f"{kit.at('print.overlap_mm')}: the bag's pattern ({bag.cut_width:g} × "
                            f"{bag.cut_height:g} mm) cannot be split over {p.paper.name} paper with margins of "
                            f"{p.margin_mm:g} mm and an overlap of {p.overlap_mm:g} mm") from None
    sheet = pattern_sheet(kit, lt, bag, tuple(x - STRIP_MM for x in split.xs[1:-1]),
                          tuple(y - STRIP_MM for y in split.ys[1:-1]))
    return sheet, plan_split(kit, sheet)


# -- the first page: sizes, the map of the pages, the steps ---------------------------------------------

def sewing_steps(lt: Lettering, bag: Bag) -> list[str]:
    """The seven steps, in the kit's language, with the bag's own sizes."""
    return [lt.say("bag_step_cut"), lt.say("bag_step_fold"),
            lt.say("bag_step_sides", n=f"{SEAM_MM / 10:g}"),
            lt.say("bag_step_base", d=f"{bag.depth:g}", n=f"{SEAM_MM / 10:g}"),
            lt.say("bag_step_channel", n=f"{SEAM_MM / 10:g}", c=f"{CHANNEL_MM:g}"),
            lt.say("bag_step_cord", cord=f"{bag.cord / 10:g}"), lt.say("bag_step_turn")]


def first_page(kit: Kit, lt: Lettering, bag: Bag, sheet: Sheet, split: Split, path: str) -> Page:
    """The instructions: what the bag is, the map of the pages, gluing the pattern, sewing the bag. A
    paper too small for them (the map at its least) is an error at ``print.paper``."""
    paper = kit.print.paper
    pw, ph, m = paper.width_mm, paper.height_mm, kit.print.margin_mm
    width = pw - 2 * m
    title = lt.say("bag_title", title=kit.title)
    intro = [lt.say("bag_intro_size", w=f"{bag.width:g}", d=f"{bag.depth:g}", h=f"{bag.height:g}",
                    room=f"{bag.room_cm3:.0f}", factor=f"{FACTOR:g}", tiles_cm3=f"{bag.tiles_cm3:.0f}",
                    tiles=bag.tiles, side=f"{bag.tile:g}", t=f"{bag.thickness:g}"),
             lt.say("bag_intro_cut", w=f"{bag.cut_width:g}", h=f"{bag.cut_height:g}", n=f"{SEAM_MM / 10:g}",
                    cord=f"{bag.cord / 10:g}")]
    glue = [lt.say("bag_glue_print", file=path, pages=len(split.windows))]
    if len(split.windows) > 1:  # cut the edges the trim marks show, and glue the pages at their crosses
        glue += assembly_steps(lt, split)[1:2] + [lt.say("bag_glue_join")]
    text_lines: list[tuple[str, float, str]] = []
    for para in intro:
        text_lines += [(line, STEP_EM, "intro") for line in wrapped(lt, para, width, STEP_EM)]
    text_lines.append(("", 0.0, "gap"))
    after: list[tuple[str, float, str]] = [(lt.say("bag_glue_head"), STEP_EM * 1.1, "head")]
    for step in glue:
        after += [(line, STEP_EM, "glue-step") for line in wrapped(lt, step, width, STEP_EM)]
    after.append(("", 0.0, "gap"))
    after.append((lt.say("bag_sew_head"), STEP_EM * 1.1, "head"))
    for step in sewing_steps(lt, bag):
        after += [(line, STEP_EM, "sew-step") for line in wrapped(lt, step, width, STEP_EM)]
    top = m + 8.0
    text_h = LINE_MM * (len(text_lines) + len(after)) + 8.0
    avail = ph - m - FOOTER_MM - top - text_h
    if avail < MAP_LEAST_MM:
        raise PrintkitError(f"{kit.at('print.paper')}: {paper.name} paper ({pw:g} × {ph:g} mm, margins {m:g} mm) "
                            f"is too small for the bag pattern's instructions: they need {text_h + MAP_LEAST_MM:.0f} "
                            f"mm down the page and have {ph - m - FOOTER_MM - top:.0f}; choose larger paper")
    items: list[Item] = [lt.label(m, m + 6.0, title, lt.fitted(title, TITLE_EM, width), tag="title")]
    y = top
    for text, em, tag in text_lines:
        y += LINE_MM
        if text:
            items.append(lt.label(m, y, text, em, tag=tag))
    k = min(width / sheet.width, min(avail, MAP_MAX_MM) / sheet.height)
    y += 3.0
    items.append(Group(tuple(assembly_map(lt, sheet, split, k)), round(m + (width - sheet.width * k) / 2, 4),
                       round(y, 4), tag="map"))
    y += sheet.height * k + 3.0
    for text, em, tag in after:
        y += LINE_MM
        if text:
            items.append(lt.label(m, y, text, em, tag=tag))
    items.extend(footer(lt, pw, ph, m, kit.title, lt.say("bag_instructions_footer"), 1, 1))
    return Page(pw, ph, tuple(items))


def bag_documents(kit: Kit) -> list[Document]:
    """``bag-pattern-PAPER.pdf``, the pattern over pages of the kit's paper, and
    ``bag-PAPER-instructions.pdf``, the sizes, the map of the pages and the steps (as the board's pages
    and its assembly map)."""
    lt = lettering(kit)
    require_words(kit, lt)
    bag = bag_of(kit)
    sheet, split = layout(kit, lt, bag)
    paper = kit.print.paper
    path = f"bag-pattern-{split.paper}.pdf"
    what = lt.say("bag_footer", paper=split.paper)
    pages = tuple(window_page(kit, lt, sheet, split, w, what=what, whole=lt.say("bag_page_whole"))
                  for w in split.windows)
    s = STRIP_MM
    n, t = bag.notch
    figures = {"pages": len(pages), "paper": split.paper, "paper_mm": [split.page_w, split.page_h],
               "orientation": "landscape" if split.landscape else "portrait", "split": [split.cols, split.rows],
               "overlap_mm": split.overlap, "finished_mm": [bag.width, bag.depth, bag.height],
               "cut_size_mm": [bag.cut_width, bag.cut_height], "seam_mm": SEAM_MM, "channel_mm": CHANNEL_MM,
               "notch_mm": [n, t], "fold_mm": bag.half, "stop_mm": bag.stop, "cord_mm": bag.cord,
               "tiles": bag.tiles, "tile_mm": bag.tile, "thickness_mm": bag.thickness,
               "tiles_cm3": round(bag.tiles_cm3, 3), "room_cm3": round(bag.room_cm3, 3), "factor": FACTOR,
               # each page's registration crosses, mm from the piece's top-left corner
               "marks_mm": [[[round(x - s, 4), round(y - s, 4)] for x, y in w.marks] for w in split.windows],
               # and what each page shows of it, glue strips included, mm from the same corner
               "windows_mm": [[round(v - s, 4) for v in w.window] for w in split.windows]}
    docs = [Document(path, KIND, "pdf", pages, lt.say("doc_bag", title=kit.title, paper=split.paper), figures)]
    docs.append(Document(f"bag-{paper.name}-instructions.pdf", f"{KIND}-instructions", "pdf",
                         (first_page(kit, lt, bag, sheet, split, path),),
                         lt.say("doc_bag_instructions", title=kit.title), {
                             "pages": 1, "paper": paper.name, "paper_mm": [paper.width_mm, paper.height_mm],
                             "pattern_pages": len(pages), "split": [split.cols, split.rows],
                             "finished_mm": [bag.width, bag.depth, bag.height],
                             "cut_size_mm": [bag.cut_width, bag.cut_height]}))
    return docs


__all__ = ["CHANNEL_MM", "FACTOR", "KIND", "LEAST_WIDTH_MM", "SEAM_MM", "Bag", "bag_documents", "bag_of", "folds",
           "outline", "stitching"]
