"""The board: the kit's layout as cells of the exact size, drawn once and printed three ways.

One *sheet* holds the whole board in millimetres from its own top-left corner: the kit's title,
coordinate strips (A–O, 1–15) around the grid of cells, and the legend below. The poster and the
SVG show the sheet on one page; the paper version shows a window of the same sheet on each page
(a clipped, translated group), with glue strips, registration marks and trim marks added on top;
the assembly map shows the sheet scaled down with the pages drawn over it. So the pages, glued,
are the poster: every size and position is decided here, and writers only draw.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import ceil, cos, floor, pi, sin

from ..errors import PrintkitError
from ..fonts import Font, label_font, load, require
from ..geometry import Circle, Clip, Document, Group, Item, Line, Page, Path, Rect, Role, Text, Transform, pieces, seams
from ..model import Kit, Paper, Premium
from .common import (FOOTER_MM, INK, LABEL_EM, MARK_GAP, MARK_LEN, MARK_STROKE, MARK_ZONE, footer, label,
                     require_text, text_width)

LEGEND_ORDER = ("DL", "TL", "DW", "TW")  # as the book lists them: Б2, Б3, С2, С3
LABEL_MARGIN = 0.1  # least space between a label and the cell's sides, share of the cell
STAR_INNER = cos(2 * pi / 5) / cos(pi / 5)  # inner radius of a regular five-pointed star, share of outer
HATCH_PITCH = 3.0  # mm between the lines that hatch a glue strip
HATCH_COLOR = "#6f6f6f"
HATCH_MM = 0.25
MARK_COLOR = "#000000"
POSTER_GAP = 5.0  # mm between the legend and the footer of the poster
MAP_LEAST_STROKE = 0.08  # mm: the thinnest line of the assembly map, however small it is drawn


def _clamp(v: float, lo: float, hi: float) -> float:
    return max(lo, min(hi, v))


# -- the sheet --------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Sheet:
    """The board drawing and where its parts are, in mm from the sheet's top-left corner."""

    items: tuple[Item, ...]
    width: float
    height: float
    grid_x: float  # top-left corner of the grid of cells
    grid_y: float
    cell: float
    rows: int
    cols: int
    strip: float  # width of the coordinate strips around the grid

    @property
    def grid_right(self) -> float:
        return self.grid_x + self.cols * self.cell

    @property
    def grid_bottom(self) -> float:
        return self.grid_y + self.rows * self.cell


@dataclass(frozen=True)
class Metrics:
    """Sizes of everything around the cells, as shares of the cell with sensible limits, so that a
    22 mm and a 10 mm board both look right."""

    cell: float
    coord_cap: float  # cap height of the coordinates
    strip: float  # coordinate strip around the grid (also holds the registration marks)
    title_cap: float
    title_gap: float  # from the title's baseline to the top strip
    swatch: float  # legend swatch side
    legend_cap: float
    legend_gap: float  # from the bottom strip to the legend
    grid_mm: float  # grid line width

    @classmethod
    def of(cls, cell: float) -> "Metrics":
        coord_cap = round(_clamp(0.14 * cell, 1.8, 3.0), 2)
        swatch = round(_clamp(0.45 * cell, 5.0, 9.0), 2)
        title_cap = round(_clamp(0.24 * cell, 3.0, 5.4), 2)
        return cls(cell=cell, coord_cap=coord_cap, strip=round(coord_cap * 2.4, 1), title_cap=title_cap,
                   title_gap=round(title_cap * 0.9, 1), swatch=swatch,
                   legend_cap=round(max(1.8, swatch * 0.3), 2), legend_gap=round(coord_cap, 1),
                   grid_mm=round(max(0.15, 0.012 * cell), 3))


def cell_color(kit: Kit, row: int, col: int) -> tuple[str, str]:
    """(code, fill) of a cell: the premium's colour; the start colour only on a plain start square."""
    p = kit.layout.at(row, col)
    colors = kit.board_style.colors
    if p is Premium.NONE:
        if (row, col) == kit.layout.start:
            return "plain", colors["start"]
        return "plain", colors["plain"]
    return p.code, colors[p.code]


def ink_of(kit: Kit, code: str) -> str:
    """Colour of the label (and star) printed on a cell of ``code``."""
    st = kit.board_style
    return st.label_colors.get(code, st.ink)


def centred(text: str, font: Font, cap: float, cx: float, cy: float, fill: str, tag: str,
            max_width: float | None = None) -> Text:
    """``text`` with capitals ``cap`` mm high, its ink box centred on (cx, cy); made smaller if its
    ink is wider than ``max_width``."""
    em = cap * font.units / font.cap_height
    ink = font.run_ink(text)
    k = em / font.units
    width = (ink.x1 - ink.x0) * k
    if max_width is not None and width > max_width:
        em *= max_width / width
        k = em / font.units
    x = cx - (ink.x0 + ink.x1) / 2 * k
    baseline = cy + (ink.y0 + ink.y1) / 2 * k
    return Text(round(x, 4), round(baseline, 4), text, font, round(em, 4), fill, role=Role.PRINT, tag=tag)


def star(cx: float, cy: float, radius: float, fill: str, tag: str = "start-star") -> Path:
    """A five-pointed star, point up, its ink box centred on (cx, cy) (the fonts have no ★)."""
    depth = radius * (1 + cos(pi / 5))  # from the top point to the line of the two lower points
    top = cy - depth / 2
    centre_y = top + radius
    commands = []
    for i in range(10):
        r = radius if i % 2 == 0 else radius * STAR_INNER
        a = -pi / 2 + i * pi / 5
        commands.append(("M" if i == 0 else "L", round(cx + r * cos(a), 4), round(centre_y + r * sin(a), 4)))
    commands.append(("Z",))
    return Path(tuple(commands), fill=fill, role=Role.PRINT, tag=tag)


def _cell_items(kit: Kit, font: Font, row: int, col: int, x: float, y: float, cell: float) -> list[Item]:
    """One cell: its fill, its premium label and, on the start square, a star."""
    st = kit.board_style
    code, fill = cell_color(kit, row, col)
    is_start = (row, col) == kit.layout.start
    tag = f"cell:{code}:start" if is_start else f"cell:{code}"
    items: list[Item] = [Rect(x, y, cell, cell, fill=fill, role=Role.PRINT, tag=tag)]
    text = st.labels.get(code) if code != "plain" else (st.labels.get("start") if is_start else None)
    cap = st.label_height * cell
    room = cell * (1 - 2 * LABEL_MARGIN)
    cx = x + cell / 2
    colour = ink_of(kit, code if code != "plain" else "start")
    if is_start and text:  # star above, label below: both legible
        items.append(star(cx, y + 0.31 * cell, 0.2 * cell, colour))
        items.append(centred(text, font, cap * 0.85, cx, y + 0.71 * cell, colour, f"label:{code}", room))
    elif is_start:
        items.append(star(cx, y + cell / 2, 0.36 * cell, colour))
    elif text:
        items.append(centred(text, font, cap, cx, y + cell / 2, colour, f"label:{code}", room))
    return items


def _grid_lines(kit: Kit, m: Metrics, gx: float, gy: float) -> list[Item]:
    """One line per row and column boundary, so each shared edge is drawn once; the frame a little
    heavier."""
    rows, cols, c = kit.layout.rows, kit.layout.cols, m.cell
    colour = kit.board_style.colors["grid"]
    items: list[Item] = []
    for k in range(cols + 1):
        w = m.grid_mm * (1.6 if k in (0, cols) else 1.0)
        items.append(Line(gx + k * c, gy, gx + k * c, gy + rows * c, colour, w, role=Role.PRINT, tag="grid"))
    for k in range(rows + 1):
        w = m.grid_mm * (1.6 if k in (0, rows) else 1.0)
        items.append(Line(gx, gy + k * c, gx + cols * c, gy + k * c, colour, w, role=Role.PRINT, tag="grid"))
    return items


def _coordinates(kit: Kit, m: Metrics, gx: float, gy: float) -> list[Item]:
    """Columns A–O above and below the grid, rows 1–15 left and right, as game records name them."""
    font, ink = label_font(), kit.board_style.ink
    rows, cols, c, s = kit.layout.rows, kit.layout.cols, m.cell, m.strip
    items: list[Item] = []
    for col in range(cols):
        name = chr(ord("A") + col)
        for cy in (gy - s / 2, gy + rows * c + s / 2):
            items.append(centred(name, font, m.coord_cap, gx + (col + 0.5) * c, cy, ink, "coordinate"))
    for row in range(rows):
        name = str(row + 1)
        for cx in (gx - s / 2, gx + cols * c + s / 2):
            items.append(centred(name, font, m.coord_cap, cx, gy + (row + 0.5) * c, ink, "coordinate", s * 0.9))
    return items


def _title(kit: Kit, m: Metrics, width: float) -> list[Item]:
    """The kit's name in bold at the top left; the board's size in small print at the right."""
    bold = load(None)
    em = m.title_cap * bold.units / bold.cap_height
    items: list[Item] = [Text(m.strip, m.title_cap, kit.title, bold, round(em, 4), kit.board_style.ink,
                              role=Role.PRINT, tag="title")]
    lay = kit.layout
    note = f"{lay.rows} × {lay.cols} cells of {m.cell:g} mm"
    note_em = m.legend_cap * 1.45
    title_w = bold.run_advance(kit.title) * em / bold.units
    if m.strip + title_w + 5 + text_width(note, note_em) <= width - m.strip:
        items.append(label(width - m.strip, m.title_cap, note, note_em, "right", kit.board_style.ink, "title-note"))
    return items


def legend_entries(kit: Kit) -> list[tuple[str, str]]:
    """(code, text) for each premium on the board, in the book's order, then the start square."""
    counts = kit.layout.counts()
    st = kit.board_style
    out = [(code, st.legend[code]) for code in LEGEND_ORDER if counts.get(code)]
    out.append(("start", st.legend.get("start", "start")))
    return out


def swatch(kit: Kit, code: str, x: float, y: float, side: float, grid_mm: float) -> list[Item]:
    """A small cell as the board draws it: colour, and label or star."""
    st = kit.board_style
    font = load(None)
    if code == "start":
        r, c = kit.layout.start
        start_code, fill = cell_color(kit, r, c)
        colour = ink_of(kit, start_code if start_code != "plain" else "start")
    else:
        fill, colour = st.colors[code], ink_of(kit, code)
    items: list[Item] = [Rect(x, y, side, side, fill=fill, stroke=st.colors["grid"], stroke_mm=grid_mm,
                              role=Role.PRINT, tag=f"legend-swatch:{code}")]
    if code == "start":
        items.append(star(x + side / 2, y + side / 2, 0.38 * side, colour, "legend-star"))
    else:
        items.append(centred(st.labels[code], font, side * 0.3, x + side / 2, y + side / 2, colour,
                             "legend-label", side * 0.84))
    return items


def _legend(kit: Kit, m: Metrics, x0: float, y0: float, right: float,
            seams: tuple[float, ...] = ()) -> tuple[list[Item], float]:
    """Swatches and their meaning in rows from (x0, y0), wrapped at ``right``, no entry across one of
    the ``seams`` (where a split page's edge is cut); returns the items and the bottom of the legend."""
    font = label_font()
    em = m.legend_cap * font.units / font.cap_height
    gap, space = m.swatch * 0.35, m.swatch * 0.9
    items: list[Item] = []
    x, y = x0, y0
    for code, text in legend_entries(kit):
        width = m.swatch + gap + text_width(text, em)
        x = _clear_of(x, width, seams)
        if x > x0 and x + width > right:
            x, y = x0, y + m.swatch * 1.4
            x = _clear_of(x, width, seams)
        items.extend(swatch(kit, code, x, y, m.swatch, m.grid_mm))
        baseline = y + m.swatch / 2 + m.legend_cap / 2
        items.append(Text(round(x + m.swatch + gap, 4), round(baseline, 4), text, font, round(em, 4),
                          kit.board_style.ink, role=Role.PRINT, tag="legend"))
        x += width + space
    return items, y + m.swatch


def _clear_of(x: float, width: float, seams: tuple[float, ...], room: float = 1.5) -> float:
    """The first start at or after ``x`` where [start, start + width] keeps ``room`` mm from every seam."""
    for s in sorted(seams):
        if x - room < s < x + width + room:
            x = s + room
    return x


def check_fonts(kit: Kit) -> None:
    """Stop before drawing if a font lacks a glyph of the labels, legend, title or coordinates,
    naming the option that holds the text."""
    st = kit.board_style
    bold, small = load(None), label_font()
    require_text(kit, "title", kit.title, bold, small)
    for code, text in st.labels.items():
        require_text(kit, f"style.labels.{code}", text, bold)
    for code, text in legend_entries(kit):
        require_text(kit, f"style.legend.{code}", text, small)
    coordinates = "".join(chr(ord("A") + c) for c in range(kit.layout.cols)) + "0123456789×"
    require(small, coordinates, f"the board of {kit.name}")


def draw_sheet(kit: Kit, seams: tuple[float, ...] = ()) -> Sheet:
    """The whole board drawing: title, coordinate strips, cells, grid lines and legend (its entries
    kept off the vertical ``seams`` of a split, so no word is cut in two)."""
    check_fonts(kit)
    lay = kit.layout
    m = Metrics.of(kit.physical.cell_mm)
    width = 2 * m.strip + lay.cols * m.cell
    gx, gy = m.strip, m.title_cap + m.title_gap + m.strip
    font = load(None)
    items: list[Item] = []
    for row in range(lay.rows):
        for col in range(lay.cols):
            items.extend(_cell_items(kit, font, row, col, gx + col * m.cell, gy + row * m.cell, m.cell))
    items.extend(_grid_lines(kit, m, gx, gy))
    if kit.print.coordinates:
        items.extend(_coordinates(kit, m, gx, gy))
    items.extend(_title(kit, m, width))
    legend, bottom = _legend(kit, m, m.strip, gy + lay.rows * m.cell + m.strip + m.legend_gap, width - m.strip,
                             seams)
    items.extend(legend)
    return Sheet(tuple(items), round(width, 4), round(bottom + 1.0, 4), gx, gy, m.cell, lay.rows, lay.cols, m.strip)


# -- splitting the sheet over pages -----------------------------------------------------------------

@dataclass(frozen=True)
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


@dataclass(frozen=True)
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


def plan_split(kit: Kit, sheet: Sheet, paper: Paper | None = None) -> Split:
    """The fewest pages of the paper (upright or turned) that hold the sheet, with the overlaps."""
    paper = paper or kit.print.paper
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
        raise PrintkitError(f"{kit.at('print.overlap_mm')}: the board cannot be split over {paper.name} paper with margins of "
                            f"{margin:g} mm and an overlap of {o:g} mm")
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


def where(window: Window, split: Split) -> str:
    """Where a page goes, in words: "top right", "left", "middle"..."""
    across = {1: [""], 2: ["left", "right"], 3: ["left", "centre", "right"]}
    down = {1: [""], 2: ["top", "bottom"], 3: ["top", "middle", "bottom"]}
    v = down.get(split.rows, [f"row {i + 1}" for i in range(split.rows)])[window.row]
    h = across.get(split.cols, [f"column {i + 1}" for i in range(split.cols)])[window.col]
    words = " ".join(w for w in (v, h) if w)
    return words or "the whole board"


def page_label(window: Window, split: Split) -> str:
    """Which page this is and where it goes, for the footer: "page 2 of 4: top right, row 1 col 2"."""
    total = len(split.windows)
    if total == 1:
        return "page 1 of 1: the whole board"
    return f"page {window.number} of {total}: {where(window, split)}, row {window.row + 1} col {window.col + 1}"


# -- overlays of a split page -------------------------------------------------------------------------

def registration_cross(x: float, y: float, arm: float) -> list[Item]:
    """A crosshair in a circle, centred on (x, y)."""
    return [Line(x - arm, y, x + arm, y, MARK_COLOR, MARK_STROKE, role=Role.GUIDE, tag="registration"),
            Line(x, y - arm, x, y + arm, MARK_COLOR, MARK_STROKE, role=Role.GUIDE, tag="registration"),
            Circle(x, y, arm * 0.55, stroke=MARK_COLOR, stroke_mm=MARK_STROKE, role=Role.GUIDE, tag="registration")]


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


def glue_labels(rect: tuple[float, float, float, float], over: int, vertical: bool) -> list[Item]:
    """'glue here' on white patches along a strip, naming the page that goes over it."""
    x0, y0, x1, y1 = rect
    font = label_font()
    thickness = (x1 - x0) if vertical else (y1 - y0)
    lines = ["glue", "here", f"p. {over}"] if vertical else [f"glue here · overlap for page {over}"]
    cap = min(2.0, thickness * 0.22)
    if cap < 1.0:
        return []
    em = cap * font.units / font.cap_height
    widest = max(text_width(t, em) for t in lines)
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
            items.append(label(cx, round(base, 4), text, em, "centre", "#000000", "glue-label"))
    return items


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


def window_page(kit: Kit, sheet: Sheet, split: Split, window: Window) -> Page:
    """One page of the split board: its window of the sheet, glue strips, marks and footer."""
    ox, oy = window.origin
    x0, y0, x1, y1 = window.window
    items: list[Item] = [Group(sheet.items, ox, oy, clip=Clip(x0, y0, x1 - x0, y1 - y0), tag="board")]
    overlay: list[Item] = []
    for rect, over in window.glue:
        overlay.append(hatch(rect))
        vertical = rect[0] > x0  # a strip on the right edge runs down the page
        overlay.extend(glue_labels(rect, over, vertical))
    arm = mark_arm(sheet)
    for mx, my in window.marks:
        overlay.extend(registration_cross(mx, my, arm))
    if overlay:
        items.append(Group(tuple(overlay), ox, oy, tag="overlay"))
    items.extend(trim_marks(ox + x0, oy + y0, ox + x1, oy + y1, window.trim))
    total = len(split.windows)
    items.extend(footer(split.page_w, split.page_h, kit.print.margin_mm, f"{kit.title} · board {split.paper}",
                        window.number, total, note=page_label(window, split)))
    return Page(split.page_w, split.page_h, tuple(items))


# -- the documents -----------------------------------------------------------------------------------

def _figures(kit: Kit, sheet: Sheet, **more) -> dict:
    """What the manifest says of a board file: ``more``, then cell size, rows and columns."""
    return {**more, "cell_mm": kit.physical.cell_mm, "rows": sheet.rows, "cols": sheet.cols}


def poster_page(kit: Kit, sheet: Sheet) -> Page:
    """The whole sheet on one page of its own size plus margins and the footer, rounded up to whole
    millimetres (the sheet keeps its place at the top left margin)."""
    m = kit.print.margin_mm
    w, h = ceil(round(sheet.width + 2 * m, 3)), ceil(round(sheet.height + 2 * m + POSTER_GAP + FOOTER_MM, 3))
    items: list[Item] = [Group(sheet.items, m, m, tag="board")]
    size = f"{sheet.cols * sheet.cell:g} × {sheet.rows * sheet.cell:g} mm"
    items.extend(footer(w, h, m, f"{kit.title} · board {size}", 1, 1))
    return Page(w, h, tuple(items))


def assembly_page(kit: Kit, sheet: Sheet, split: Split) -> Page:
    """How the pages go together: the sheet drawn small with each page's part outlined and numbered,
    the glue strips hatched, and the steps in words."""
    paper = kit.print.paper
    pw, ph, m = paper.width_mm, paper.height_mm, kit.print.margin_mm
    width = pw - 2 * m
    title = f"{kit.title}: assembling the board from {len(split.windows)} pages of {split.paper}"
    intro = (f"board {sheet.cols * sheet.cell:g} × {sheet.rows * sheet.cell:g} mm, cells {sheet.cell:g} mm; "
             f"{split.cols} × {split.rows} pages{' (landscape)' if split.landscape else ''}, "
             f"overlap {split.overlap:g} mm")
    items: list[Item] = [label(m, m + 6.0, title, fitted(title, 6.0, width), tag="title"),
                         label(m, m + 12.0, intro, fitted(intro, LABEL_EM, width))]
    top = m + 17.0
    steps = assembly_steps(split)
    steps_h = len(steps) * 5.0 + 4.0
    avail_h = ph - 2 * m - FOOTER_MM - (top - m) - steps_h
    k = min(width / sheet.width, avail_h / sheet.height)
    items.append(Group(tuple(assembly_map(sheet, split, k)), round(m + (width - sheet.width * k) / 2, 4), top,
                       tag="map"))
    y = top + sheet.height * k + 6.0
    em = min(fitted(step, LABEL_EM, width) for step in steps)
    for step in steps:
        items.append(label(m, y, step, em, tag="step"))
        y += 5.0
    items.extend(footer(pw, ph, m, f"{kit.title} · board {split.paper} assembly", 1, 1))
    return Page(pw, ph, tuple(items))


def assembly_map(sheet: Sheet, split: Split, k: float) -> list[Item]:
    """The sheet ``k`` times its size, glue strips hatched, each page's own part outlined and
    numbered in a white disc."""
    bold = load(None)
    small = Transform.scale(k)
    drawn: list[Item] = [small.apply(Group(sheet.items, tag="board"), least_stroke=MAP_LEAST_STROKE)]
    for window in split.windows:
        drawn.extend(small.apply(hatch(rect), least_stroke=MAP_LEAST_STROKE) for rect, _ in window.glue)
    for window in split.windows:
        x0, y0, x1, y1 = (v * k for v in window.own)
        drawn.append(Rect(x0, y0, x1 - x0, y1 - y0, stroke="#000000", stroke_mm=0.5, role=Role.PRINT,
                          tag="page-outline"))
        cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
        r = min(9.0, (x1 - x0) / 4, (y1 - y0) / 4)
        drawn.append(Circle(cx, cy, r, fill="#ffffff", stroke="#000000", stroke_mm=0.4, role=Role.PRINT,
                            tag="page-number"))
        drawn.append(centred(str(window.number), bold, r * 0.9, cx, cy, "#000000", "page-number"))
    return drawn


def fitted(text: str, em: float, width: float) -> float:
    """``em``, or less if the text would be wider than ``width`` at that size."""
    w = text_width(text, em)
    return em if w <= width else em * width / w


def assembly_steps(split: Split) -> list[str]:
    """The steps in words, naming the pages whose edges are cut."""
    cuts = []
    for edge, rest in (("left", "every page but those of the first column"),
                       ("top", "every page but those of the first row")):
        numbers = [str(t.number) for t in split.windows if edge in t.trim]
        if len(numbers) > 6:
            cuts.append(f"the {edge} edge of {rest}")
        elif numbers:
            cuts.append(f"the {edge} edge of page{'s' if len(numbers) > 1 else ''} {', '.join(numbers)}")
    return [
        f"1. Print every page of board-{split.paper}.pdf at 100 % (actual size); the bar on each must measure 50 mm.",
        f"2. Cut along the short trim marks: {' and '.join(cuts)}.",
        "3. In page order, lay each cut edge over the hatched strip of its neighbour so that the half crosses",
        "    and the grid lines meet, then glue. The hatched strips end up hidden.",
    ]


def board_layout(kit: Kit) -> tuple[Sheet, Split]:
    """The sheet and its split over the kit's paper. The seams across depend only on the sheet's
    width, so the sheet is drawn once more with its legend kept off them (the poster shows the
    same sheet, so the glued pages still equal it)."""
    sheet = draw_sheet(kit)
    split = plan_split(kit, sheet)
    if split.cols > 1:
        sheet = draw_sheet(kit, split.xs[1:-1])
        split = plan_split(kit, sheet)
    return sheet, split


def board_documents(kit: Kit) -> list[Document]:
    """The board: poster PDF and SVG, the board split over pages of the kit's paper, and, when it
    takes more than one page, the assembly map."""
    sheet, split = board_layout(kit)
    poster = poster_page(kit, sheet)
    title = f"{kit.title}: board"
    poster_fig = _figures(kit, sheet, pages=1, paper="poster", paper_mm=[poster.width, poster.height])
    docs = [Document("board-poster.pdf", "board", "pdf", (poster,), title, poster_fig),
            Document("board.svg", "board", "svg", (poster,), title, dict(poster_fig))]
    pages = tuple(window_page(kit, sheet, split, t) for t in split.windows)
    name = f"board-{split.paper}"
    docs.append(Document(f"{name}.pdf", "board", "pdf", pages, f"{title} on {split.paper}", _figures(
        kit, sheet, pages=len(pages), paper=split.paper, paper_mm=[split.page_w, split.page_h],
        orientation="landscape" if split.landscape else "portrait", split=[split.cols, split.rows],
        overlap_mm=split.overlap)))
    if len(pages) > 1:
        paper = kit.print.paper
        docs.append(Document(f"{name}-assembly.pdf", "board-assembly", "pdf", (assembly_page(kit, sheet, split),),
                             f"{title}: assembly on {split.paper}",
                             {"pages": 1, "paper": split.paper, "paper_mm": [paper.width_mm, paper.height_mm],
                              "board_pages": len(pages), "split": [split.cols, split.rows]}))
    return docs
