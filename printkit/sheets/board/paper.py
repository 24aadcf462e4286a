"""The sheet split over pages of paper: the fewest pages that hold it, each a window of the sheet
with the glue strips its neighbours cover, registration crosses on the seams and trim marks.
"""

from __future__ import annotations

from dataclasses import replace
from math import ceil, floor

from ...errors import PrintkitError
from ...geometry import Circle, Clip, Group, Item, Line, Page, Rect, Role, Text, pieces, seams
from ...model import Kit
from ...records import record
from ..common import FOOTER_MM, INK, MARK_GAP, MARK_LEN, MARK_STROKE, MARK_ZONE, Lettering, footer
from .sheet import Sheet

HATCH_PITCH = 3.0  # mm between the lines that hatch a glue strip
HATCH_COLOR = "#6f6f6f"
HATCH_MM = 0.25


@record
class Window:
    """One page of a split board. Rectangles are (x0, y0, x1, y1) in sheet mm."""

    number: int
    row: int
    col: int
    window: tuple[float, float, float, float]  # what the page shows, glue strips included
    own: tuple[float, float, float, float]  # what it shows on the finished board
    origin: tuple[float, float]  # where the sheet's top-left corner lies on the page
    glue: tuple[tuple[tuple[float, float, float, float], int], ...]  # (strip, page glued over it)
    trim: tuple[str, ...]  # edges cut before gluing: "left", "top"
    marks: tuple[tuple[float, float], ...]  # registration marks on this page, sheet mm


@record
class Split:
    """The board over pages of one paper: seams, and each page's window and place."""

    paper: str
    page_w: float
    page_h: float
    landscape: bool
    xs: tuple[float, ...]  # seams across, 0 and the sheet width included
    ys: tuple[float, ...]
    overlap: float
    windows: tuple[Window, ...]
    marks: tuple[tuple[float, float], ...]  # every registration mark, sheet mm

    @property
    def cols(self) -> int:
        return len(self.xs) - 1

    @property
    def rows(self) -> int:
        return len(self.ys) - 1


def content_box(paper_w: float, paper_h: float, margin: float) -> tuple[float, float, float, float]:
    """Where a window may go on a page: inside the margins, above the footer and the trim marks
    below the window."""
    return margin, margin, paper_w - margin, paper_h - margin - FOOTER_MM - MARK_ZONE


def plan_split(kit: Kit, sheet: Sheet) -> Split:
    """The fewest pages of the kit's paper (upright or turned) that hold the sheet, with the overlaps."""
    paper = kit.print.paper
    margin, o = kit.print.margin_mm, kit.print.overlap_mm
    best = None
    for landscape in (False, True):
        pw, ph = (paper.height_mm, paper.width_mm) if landscape else (paper.width_mm, paper.height_mm)
        x0, y0, x1, y1 = content_box(pw, ph, margin)
        nx, ny = pieces(sheet.width, x1 - x0, o), pieces(sheet.height, y1 - y0, o)
        if nx is None or ny is None:
            continue
        if best is None or nx * ny < best[0]:
            best = (nx * ny, landscape, pw, ph, nx, ny)
    if best is None:
        raise PrintkitError(f"{kit.at('print.overlap_mm')}: the board cannot be split over {paper.name} paper "
                            f"with margins of {margin:g} mm and an overlap of {o:g} mm")
    _, landscape, pw, ph, nx, ny = best
    x0, y0, x1, y1 = content_box(pw, ph, margin)
    xs = seams(sheet.width, x1 - x0, o, nx, [sheet.grid_x + k * sheet.cell for k in range(sheet.cols + 1)])
    ys = seams(sheet.height, y1 - y0, o, ny, [sheet.grid_y + k * sheet.cell for k in range(sheet.rows + 1)])
    marks = registration_marks(sheet, xs, ys)
    windows = tuple(_window(xs, ys, o, r, c, (x0, y0, x1, y1), marks) for r in range(ny) for c in range(nx))
    return Split(paper.name, pw, ph, landscape, tuple(xs), tuple(ys), o, windows, marks)


def registration_marks(sheet: Sheet, xs: list[float], ys: list[float]) -> tuple[tuple[float, float], ...]:
    """Crosses centred on each seam, in the coordinate strips where the seam leaves the grid: the half
    left on one page meets the half on the trimmed edge of the next."""
    out = []
    for x in xs[1:-1]:
        out += [(x, sheet.grid_y - sheet.strip / 2), (x, sheet.grid_bottom + sheet.strip / 2)]
    for y in ys[1:-1]:
        out += [(sheet.strip / 2, y), (sheet.width - sheet.strip / 2, y)]
    return tuple((round(x, 4), round(y, 4)) for x, y in out)


def _window(xs, ys, o: float, r: int, c: int, box, marks) -> Window:
    """Page (r, c): its own part between the seams, plus the glue strips right of and below it
    (covered by the neighbours), centred in the page's ``box``."""
    nx, ny = len(xs) - 1, len(ys) - 1
    own = (xs[c], ys[r], xs[c + 1], ys[r + 1])
    right = xs[c + 1] + (o if c < nx - 1 else 0.0)
    bottom = ys[r + 1] + (o if r < ny - 1 else 0.0)
    window = (xs[c], ys[r], right, bottom)
    number = r * nx + c + 1
    glue = []
    if c < nx - 1 and o > 0:
        glue.append(((xs[c + 1], ys[r], right, bottom), number + 1))
    if r < ny - 1 and o > 0:
        glue.append(((xs[c], ys[r + 1], right, bottom), number + nx))
    trim = tuple(edge for edge, cut in (("left", c > 0), ("top", r > 0)) if cut)
    bx0, by0, bx1, by1 = box
    origin = (place(bx0, bx1, xs[c], right), place(by0, by1, ys[r], bottom))
    on_page = tuple(p for p in marks if window[0] - 1e-6 <= p[0] <= window[2] + 1e-6
                    and window[1] - 1e-6 <= p[1] <= window[3] + 1e-6)
    return Window(number, r, c, window, own, origin, tuple(glue), trim, on_page)


def place(lo: float, hi: float, start: float, end: float) -> float:
    """Where the sheet's origin goes so that its span [start, end] is centred in [lo, hi] of the
    page: on a whole millimetre when there is room, so that every page and the poster put the
    board at the same fraction of a pixel when rendered (and compare exactly)."""
    ideal = lo + (hi - lo - (end - start)) / 2 - start
    for o in (round(ideal), floor(ideal), ceil(ideal)):
        if lo - 1e-9 <= o + start and o + end <= hi + 1e-9:
            return float(o)
    return round(ideal, 4)


def where(lt: Lettering, window: Window, split: Split) -> str:
    """Where a page goes, in words: "top right", "left", "middle"..."""

    def part(n: int, i: int, names: dict, nth: str) -> str:
        if n == 1:
            return ""
        return lt.say(names[n][i]) if n in names else lt.say(nth, n=i + 1)

    v = part(split.rows, window.row, {2: ("top", "bottom"), 3: ("top", "middle", "bottom")}, "nth_row")
    h = part(split.cols, window.col, {2: ("left", "right"), 3: ("left", "centre", "right")}, "nth_column")
    return " ".join(w for w in (v, h) if w) or lt.say("whole_board")


def page_label(lt: Lettering, window: Window, split: Split) -> str:
    """Which page this is and where it goes, for the footer: "page 2 of 4: top right, row 1 col 2"."""
    total = len(split.windows)
    if total == 1:
        return lt.say("page_whole")
    return lt.say("page_where", page=window.number, pages=total, where=where(lt, window, split),
                  row=window.row + 1, col=window.col + 1)


# -- what a split page carries besides its window ------------------------------------------------------

def registration_cross(x: float, y: float, arm: float) -> list[Item]:
    """A crosshair in a circle, centred on (x, y)."""
    return [Line(x - arm, y, x + arm, y, INK, MARK_STROKE, role=Role.GUIDE, tag="registration"),
            Line(x, y - arm, x, y + arm, INK, MARK_STROKE, role=Role.GUIDE, tag="registration"),
            Circle(x, y, arm * 0.55, stroke=INK, stroke_mm=MARK_STROKE, role=Role.GUIDE, tag="registration")]


def mark_arm(sheet: Sheet) -> float:
    """Half the span of a registration cross: it stays inside the coordinate strip."""
    return round(min(sheet.strip * 0.38, 3.0), 3)


def hatch(rect: tuple[float, float, float, float]) -> Group:
    """Light diagonal hatching over a glue strip, the neighbour's cells still visible under it."""
    x0, y0, x1, y1 = rect
    lines: list[Item] = []
    k = floor((x0 + y0) / HATCH_PITCH)
    while k * HATCH_PITCH <= x1 + y1:
        s = k * HATCH_PITCH  # the line x + y = s, in sheet coordinates so neighbouring strips line up
        lines.append(Line(s - y0, y0, s - y1, y1, HATCH_COLOR, HATCH_MM, role=Role.PRINT, tag="glue-hatch"))
        k += 1
    return Group(tuple(lines), clip=Clip(x0, y0, x1 - x0, y1 - y0), tag="glue")


def glue_labels(lt: Lettering, rect: tuple[float, float, float, float], over: int, vertical: bool) -> list[Item]:
    """'glue here' on white patches along a strip, naming the page that goes over it."""
    x0, y0, x1, y1 = rect
    thickness = (x1 - x0) if vertical else (y1 - y0)
    lines = ([lt.say("glue"), lt.say("here"), lt.say("page_short", page=over)] if vertical
             else [lt.say("glue_across", page=over)])
    font = lt.small("".join(lines))
    cap = min(2.0, thickness * 0.22)
    if cap < 1.0:
        return []
    em = cap * font.units / font.cap_height
    widest = max(lt.width(t, em) for t in lines)
    if widest > thickness - 1.0 and vertical:
        return []
    pad, step_line = cap * 0.6, cap * 1.7
    box_w, box_h = widest + 2 * pad, (len(lines) - 1) * step_line + cap + 2 * pad
    length = (y1 - y0) if vertical else (x1 - x0)
    spacing = 90.0 if vertical else 140.0
    count = max(1, int(length // spacing))
    items: list[Item] = []
    for i in range(count):
        along = (i + 0.5) * length / count
        cx = (x0 + x1) / 2 if vertical else x0 + along
        cy = y0 + along if vertical else (y0 + y1) / 2
        if not vertical and box_w > length:
            break
        items.append(Rect(round(cx - box_w / 2, 4), round(cy - box_h / 2, 4), round(box_w, 4), round(box_h, 4),
                          fill="#ffffff", role=Role.PRINT, tag="glue-label-box"))
        for j, text in enumerate(lines):
            base = cy - box_h / 2 + pad + cap + j * step_line
            items.append(lt.label(cx, round(base, 4), text, em, "centre", "#000000", "glue-label"))
    return items


COORDINATE_CLEAR_MM = 0.8  # a coordinate moved onto a glue strip keeps this far from the strip's edge


def whole_coordinates(items: tuple[Item, ...], window: tuple[float, float, float, float]) -> tuple[Item, ...]:
    """``items`` with each coordinate (a row number, a column letter) that the window's right or
    bottom edge would cut in half moved inside it, whole: where a glue strip ends in the middle of
    the next row, its number sits at the strip's edge instead of half of it."""
    x0, y0, x1, y1 = window
    out: list[Item] = []
    for it in items:
        box = it.ink() if isinstance(it, Text) and it.tag == "coordinate" else None
        if box is not None and (box[0] < x1 < box[2] or box[1] < y1 < box[3]) and box[2] > x0 and box[3] > y0:
            dx = min(0.0, x1 - COORDINATE_CLEAR_MM - box[2]) if box[0] < x1 < box[2] else 0.0
            dy = min(0.0, y1 - COORDINATE_CLEAR_MM - box[3]) if box[1] < y1 < box[3] else 0.0
            it = replace(it, x=round(it.x + dx, 4), y=round(it.y + dy, 4))
        out.append(it)
    return tuple(out)


def trim_marks(left: float, top: float, right: float, bottom: float, edges: tuple[str, ...]) -> list[Item]:
    """Short lines in the margin, in line with each edge to cut, stopping short of the window."""
    items: list[Item] = []
    a, b = MARK_GAP, MARK_GAP + MARK_LEN
    if "left" in edges:
        items.append(Line(left, top - b, left, top - a, INK, MARK_STROKE, role=Role.GUIDE, tag="trim"))
        items.append(Line(left, bottom + a, left, bottom + b, INK, MARK_STROKE, role=Role.GUIDE, tag="trim"))
    if "top" in edges:
        items.append(Line(left - b, top, left - a, top, INK, MARK_STROKE, role=Role.GUIDE, tag="trim"))
        items.append(Line(right + a, top, right + b, top, INK, MARK_STROKE, role=Role.GUIDE, tag="trim"))
    return items


def window_page(kit: Kit, lt: Lettering, sheet: Sheet, split: Split, window: Window,
                shown: tuple[Item, ...] | None = None, what: str = "", whole: str = "") -> Page:
    """One page of the split board: its window of the sheet (of ``shown``, the sheet's items by
    default), glue strips, marks, and the footer naming the product (``what``, default the board) and
    where the page goes (``whole``: what a page holding all of the sheet says, default the board's)."""
    ox, oy = window.origin
    x0, y0, x1, y1 = window.window
    shown = whole_coordinates(sheet.items if shown is None else shown, window.window)
    items: list[Item] = [Group(shown, ox, oy, clip=Clip(x0, y0, x1 - x0, y1 - y0), tag="board")]
    overlay: list[Item] = []
    for rect, over in window.glue:
        overlay.append(hatch(rect))
        vertical = rect[0] > x0  # a strip on the right edge runs down the page
        overlay.extend(glue_labels(lt, rect, over, vertical))
    arm = mark_arm(sheet)
    for mx, my in window.marks:
        overlay.extend(registration_cross(mx, my, arm))
    if overlay:
        items.append(Group(tuple(overlay), ox, oy, tag="overlay"))
    items.extend(trim_marks(ox + x0, oy + y0, ox + x1, oy + y1, window.trim))
    total = len(split.windows)
    items.extend(footer(lt, split.page_w, split.page_h, kit.print.margin_mm, kit.title,
                        what or lt.say("board_footer", paper=split.paper), window.number, total,
                        note=whole if whole and len(split.windows) == 1 else page_label(lt, window, split)))
    return Page(split.page_w, split.page_h, tuple(items))
