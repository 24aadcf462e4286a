"""The board drawing (the *sheet*): cells of the exact size with their labels and the start star,
grid lines, coordinate strips, the title and the legend, in mm from the sheet's top-left corner.

The poster, the pages and the assembly map all show this one drawing.
"""

from __future__ import annotations

from math import cos, pi, sin

from ...fonts import Font, require
from ...geometry import Item, Line, Path, Rect, Role, Text
from ...model import Kit, Premium
from ...records import record
from ..common import Lettering, require_text, require_words

LEGEND_ORDER = ("DL", "TL", "DW", "TW")  # as the book lists them: Б2, Б3, С2, С3
LABEL_MARGIN = 0.1  # least space between a label and the cell's sides, share of the cell
STAR_INNER = cos(2 * pi / 5) / cos(pi / 5)  # inner radius of a regular five-pointed star, share of outer


def _clamp(v: float, lo: float, hi: float) -> float:
    return max(lo, min(hi, v))


@record
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
    def grid_bottom(self) -> float:
        return self.grid_y + self.rows * self.cell


@record
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
            max_width: float | None = None, on_caps: bool = False) -> Text:
    """``text`` with capitals ``cap`` mm high, its ink box centred on (cx, cy); made smaller if its
    ink is wider than ``max_width``. ``on_caps``: centred across on its ink, but up and down on the
    capitals' height, so that letters in a row share a baseline (Q's tail and Й's breve do not move
    the letter)."""
    em = cap * font.units / font.cap_height
    ink = font.run_ink(text)
    k = em / font.units
    width = (ink.x1 - ink.x0) * k
    if max_width is not None and width > max_width:
        em *= max_width / width
        k = em / font.units
    x = cx - (ink.x0 + ink.x1) / 2 * k
    baseline = cy + (font.cap_height / 2 if on_caps else (ink.y0 + ink.y1) / 2) * k
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


def _cell_items(kit: Kit, lt: Lettering, row: int, col: int, x: float, y: float, cell: float) -> list[Item]:
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
    font = lt.bold(text or "")
    if is_start and text:  # star above, label below: both legible
        items.append(star(cx, y + 0.31 * cell, 0.2 * cell, colour))
        items.append(centred(text, font, cap * 0.85, cx, y + 0.71 * cell, colour, f"label:{code}", room))
    elif is_start:
        items.append(star(cx, y + cell / 2, 0.36 * cell, colour))
    elif text:
        items.append(centred(text, font, cap, cx, y + cell / 2, colour, f"label:{code}", room))
    return items


def cell_marks(kit: Kit, lt: Lettering, row: int, col: int, x: float, y: float, cell: float) -> list[Item]:
    """A cell's premium label and start star as the printed board places them, without its fill
    (the 3D board insets them)."""
    return [i for i in _cell_items(kit, lt, row, col, x, y, cell) if not isinstance(i, Rect)]


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


def _coordinates(kit: Kit, lt: Lettering, m: Metrics, gx: float, gy: float) -> list[Item]:
    """Columns A–O above and below the grid, rows 1–15 left and right, as game records name them."""
    ink = kit.board_style.ink
    font = lt.small("".join(chr(ord("A") + c) for c in range(kit.layout.cols)) + "0123456789")
    rows, cols, c, s = kit.layout.rows, kit.layout.cols, m.cell, m.strip
    items: list[Item] = []
    for col in range(cols):
        name = chr(ord("A") + col)
        for cy in (gy - s / 2, gy + rows * c + s / 2):
            items.append(centred(name, font, m.coord_cap, gx + (col + 0.5) * c, cy, ink, "coordinate", on_caps=True))
    for row in range(rows):
        name = str(row + 1)
        for cx in (gx - s / 2, gx + cols * c + s / 2):
            items.append(centred(name, font, m.coord_cap, cx, gy + (row + 0.5) * c, ink, "coordinate", s * 0.9,
                                 on_caps=True))
    return items


def _title(kit: Kit, lt: Lettering, m: Metrics, width: float) -> list[Item]:
    """The kit's name in bold at the top left; the board's size in small print at the right."""
    bold = lt.bold(kit.title)
    em = m.title_cap * bold.units / bold.cap_height
    items: list[Item] = [Text(m.strip, m.title_cap, kit.title, bold, round(em, 4), kit.board_style.ink,
                              role=Role.PRINT, tag="title")]
    lay = kit.layout
    note = lt.say("board_size_note", rows=lay.rows, cols=lay.cols, cell=f"{m.cell:g}")
    note_em = m.legend_cap * 1.45
    title_w = bold.run_advance(kit.title) * em / bold.units
    if m.strip + title_w + 5 + lt.width(note, note_em) <= width - m.strip:
        items.append(lt.label(width - m.strip, m.title_cap, note, note_em, "right", kit.board_style.ink,
                              "title-note"))
    return items


def legend_entries(kit: Kit) -> list[tuple[str, str]]:
    """(code, text) for each premium on the board, in the book's order, then the start square."""
    counts = kit.layout.counts()
    st = kit.board_style
    out = [(code, st.legend[code]) for code in LEGEND_ORDER if counts.get(code)]
    out.append(("start", st.legend.get("start", "start")))
    return out


def swatch(kit: Kit, lt: Lettering, code: str, x: float, y: float, side: float, grid_mm: float) -> list[Item]:
    """A small cell as the board draws it: colour, and label or star."""
    st = kit.board_style
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
        items.append(centred(st.labels[code], lt.bold(st.labels[code]), side * 0.3, x + side / 2, y + side / 2, colour,
                             "legend-label", side * 0.84))
    return items


def _legend(kit: Kit, lt: Lettering, m: Metrics, x0: float, y0: float, right: float,
            seams: tuple[float, ...] = ()) -> tuple[list[Item], float]:
    """Swatches and their meaning in rows from (x0, y0), wrapped at ``right``, no entry across one of
    the ``seams`` (where a split page's edge is cut); returns the items and the bottom of the legend."""
    gap, space = m.swatch * 0.35, m.swatch * 0.9
    items: list[Item] = []
    x, y = x0, y0
    for code, text in legend_entries(kit):
        font = lt.small(text)
        em = m.legend_cap * font.units / font.cap_height
        width = m.swatch + gap + lt.width(text, em)
        x = _clear_of(x, width, seams)
        if x > x0 and x + width > right:
            x, y = x0, y + m.swatch * 1.4
            x = _clear_of(x, width, seams)
        items.extend(swatch(kit, lt, code, x, y, m.swatch, m.grid_mm))
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


def check_fonts(kit: Kit, lt: Lettering) -> None:
    """Stop before drawing if a font lacks a glyph of the labels, legend, title, coordinates or the
    sheets' words, naming the option that holds the text."""
    st = kit.board_style
    require_words(kit, lt)
    require_text(kit, "title", kit.title, lt.bolds)
    for code, text in st.labels.items():
        require_text(kit, f"style.labels.{code}", text, lt.bolds)
    for code, text in legend_entries(kit):
        require_text(kit, f"style.legend.{code}", text, lt.smalls)
    coordinates = "".join(chr(ord("A") + c) for c in range(kit.layout.cols)) + "0123456789"
    require(lt.small(coordinates), coordinates, f"the board of {kit.name}", kit.at("style.page.font"))


def draw_sheet(kit: Kit, lt: Lettering, seams: tuple[float, ...] = ()) -> Sheet:
    """The whole board drawing: title, coordinate strips, cells, grid lines and legend (its entries
    kept off the vertical ``seams`` of a split, so no word is cut in two)."""
    check_fonts(kit, lt)
    lay = kit.layout
    m = Metrics.of(kit.physical.cell_mm)
    width = 2 * m.strip + lay.cols * m.cell
    gx, gy = m.strip, m.title_cap + m.title_gap + m.strip
    items: list[Item] = []
    for row in range(lay.rows):
        for col in range(lay.cols):
            items.extend(_cell_items(kit, lt, row, col, gx + col * m.cell, gy + row * m.cell, m.cell))
    items.extend(_grid_lines(kit, m, gx, gy))
    if kit.print.coordinates:
        items.extend(_coordinates(kit, lt, m, gx, gy))
    items.extend(_title(kit, lt, m, width))
    legend, bottom = _legend(kit, lt, m, m.strip, gy + lay.rows * m.cell + m.strip + m.legend_gap, width - m.strip,
                             seams)
    items.extend(legend)
    return Sheet(tuple(items), round(width, 4), round(bottom + 1.0, 4), gx, gy, m.cell, lay.rows, lay.cols, m.strip)
