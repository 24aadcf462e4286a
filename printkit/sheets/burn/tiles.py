"""Burning templates of the tiles: the printed tile sheet's pages, each tile a thin square of the
exact tile size with its letter and value as thin outlines (or single strokes) exactly where the
printed sheet prints them, to trace through carbon paper; the same pages mirrored for toner or
heat transfer (the footer stays readable); and, with single strokes, one SVG per page for pen
plotters: the tile grid with each shared edge drawn once (a straight run in one line), then the
letters tile by tile in an order that keeps the pen's moves short. The grid, the pages and the
spares are the printed sheet's (sheets.tiles)."""

from __future__ import annotations

from dataclasses import replace

from ...fonts import Font, require, tile_text
from ...geometry import (
    Document,
    Grid,
    Item,
    Layer,
    Page,
    Path,
    Rect,
    Role,
    Text,
    Transform,
    cut_runs,
    joined,
    outline,
    shortest_moves,
)
from ...geometry.route import Stroke
from ...model import Kit
from ...needs import SINGLE_LINE
from ...records import record
from ..common import INK, LABEL_EM, Lettering, footer, require_words
from ..tiles import (
    GAP,
    MIN_GAP_MM,
    Face,
    FaceStyle,
    Placed,
    draw_face,
    face_style,
    page_grid,
    place,
)
from . import strokes as st

LINE_MM = 0.15  # every line of a template: tile squares, letter outlines, strokes
SHRINK = 0.98  # a single-stroke letter that does not fit is made this much smaller, until it does
LEAST = 0.5  # ...but never below this share of the outline letter's size
VALUE_LEAST_MM = 2.0  # single-stroke values are never lower than this: smaller, a pen's or a burning
# tip's line closes their loops and gaps (the 9 mm tiles' 1.5 mm values)


def thin(text: Text, stroke_mm: float = LINE_MM) -> Path:
    """``text`` as the outline of its glyphs, stroked thin and not filled: a line to trace."""
    return replace(outline(text), fill=None, stroke=INK, stroke_mm=stroke_mm)


def cap_of(text: Text) -> float:
    """The capitals' height of ``text``, mm."""
    return text.size * text.font.cap_height / text.font.units


def single_face(face: Face, style: FaceStyle, kit: Kit, font: Font) -> list[Path]:
    """A face (at the tile's origin) in single strokes: the letter with the outline letter's cap
    height, on its baseline, centred on its ink; the value with the outline value's digit height,
    in its corner (at least VALUE_LEAST_MM high, growing from the corner inwards). Tails (Д Ц Щ)
    that hang deeper than the outline font's and would touch a value below are pressed up, no
    shallower than the outline letter's; a letter that still touches a value below it is lifted,
    as far as the room over it allows; one that still touches the value or leaves the tile is made
    smaller about the same centre and baseline."""
    texts = draw_face(face, 0.0, 0.0, style, kit, font)
    if not texts:
        return []
    letter, value = texts
    s = style.side
    gap = max(GAP * s, MIN_GAP_MM)
    corner = kit.tile_style.corner
    vx0, vy0, vx1, vy1 = value.ink()
    right, bottom = corner.endswith("right"), corner.startswith("bottom")
    digits = st.place(value.text, max(cap_of(value), VALUE_LEAST_MM), vx1 if right else vx0, value.y,
                      "right" if right else "left")
    digits = digits.moved(0.0, (vy1 - digits.box[3]) if bottom else (vy0 - digits.box[1]))
    lx0, _, lx1, _ = letter.ink()
    cx, cap = (lx0 + lx1) / 2, cap_of(letter)
    v = digits.box
    k = 1.0
    while True:
        placed = st.place(letter.text, cap * k, cx, letter.y)
        x0, y0, x1, y1 = placed.box
        beside = x1 + gap <= v[0] or v[2] + gap <= x0
        floor = min(s, v[1] if bottom and not beside else s) - gap  # the lowest a tail may reach
        if y1 > floor and floor - letter.y >= min(y1, letter.ink()[3]) - letter.y:
            placed = placed.squashed(letter.y, floor - letter.y)
            x0, y0, x1, y1 = placed.box
        clear = x1 + gap <= v[0] or v[2] + gap <= x0 or y1 + gap <= v[1] or v[3] + gap <= y0
        lift = y1 + gap - v[1]  # how far up it would be clear of a value below
        if not clear and bottom and 0 < lift <= y0 - gap:
            placed = placed.moved(0.0, -lift)
            x0, y0, x1, y1 = placed.box
            clear = True
        inside = x0 >= gap and y0 >= gap and x1 <= s - gap and y1 <= s - gap
        if (inside and clear) or k * SHRINK < LEAST:
            break
        k *= SHRINK
    return [placed.path(INK, LINE_MM, Role.PRINT, "letter"), digits.path(INK, LINE_MM, Role.PRINT, "value")]


def outline_face(face: Face, style: FaceStyle, kit: Kit, font: Font) -> list[Path]:
    """A face (at the tile's origin) as the printed sheet draws it, every glyph a thin outline."""
    return [thin(t) for t in draw_face(face, 0.0, 0.0, style, kit, font)]


@record
class TilePage:
    """What a page of the template holds, before it is mirrored or not: tile squares, the faces'
    lines, and the spares' note as (x, baseline, text, em) if it is on this page; the page's grid,
    each square's (row, col) on it and each square's face lines (in the squares' order)."""

    squares: tuple[Rect, ...]
    faces: tuple[Path, ...]
    note: tuple[float, float, str, float] | None
    tiles: int
    spares: int
    grid: Grid
    cells: tuple[tuple[int, int], ...]
    inside: tuple[tuple[Path, ...], ...]


def unstroked(kit: Kit) -> str:
    """The letters and digits of the kit's tiles with no single strokes, each once, when the kit asks for them
    (``burn.letters: single``) and the extra that draws them is installed; "" otherwise. The single strokes draw
    Latin letters (with their marks) and Cyrillic; a kit with a letter beyond them (Greek, Norwegian Æ) burns
    its tiles in outline letters, the whole set alike, and its build says so (the figure ``unstroked``)."""
    if kit.burn.letters != "single" or SINGLE_LINE.lacking(kit) is not None:
        return ""
    return st.missing(tile_text(kit))


def check_letters(kit: Kit, font: Font, single: bool) -> None:
    """Stop before drawing if the font lacks a letter or digit of the set, or, with single strokes, if
    the package that draws them is missing."""
    require(font, tile_text(kit), f"the kit {kit.name}", kit.at("style.tile.font"))
    if kit.burn.letters == "single":
        SINGLE_LINE.require(kit)


def tile_pages(kit: Kit, lt: Lettering, single: bool) -> list[TilePage]:
    """Every tile of the set and its spares on the printed sheet's grid and pages."""
    font = lt.letters
    check_letters(kit, font, single)
    style = face_style(kit, font)
    side = kit.physical.tile_mm
    grid = page_grid(kit, side)
    placed, label_at = place(kit, grid)
    draw = single_face if single else outline_face
    drawn: dict[tuple, list[Path]] = {}  # each kind of face drawn once, then moved to each tile
    spares = sum(1 for t in placed if t.spare)
    pages = []
    for i in range(placed[-1].page + 1):
        here: list[Placed] = [t for t in placed if t.page == i]
        squares, inside = [], []
        for t in here:
            x, y = grid.corner(t.row, t.col)
            squares.append(Rect(x, y, side, side, stroke=INK, stroke_mm=LINE_MM, role=Role.PRINT,
                                tag="spare" if t.spare else "tile"))
            key = (t.face.face, t.face.value)
            if key not in drawn:
                drawn[key] = draw(t.face, style, kit, font)
            move = Transform.translate(x, y)
            inside.append(tuple(move.apply(p) for p in drawn[key]))
        note = None
        if label_at and label_at[0] == i:
            text = lt.say("spares_note", n=spares, total=len(placed) - spares)
            x, y = grid.corner(label_at[1], 0)
            em = lt.fitted(text, LABEL_EM, grid.width)
            note = (x, y + side / 2 + em * 0.25, text, em)
        pages.append(TilePage(tuple(squares), tuple(p for ps in inside for p in ps), note,
                              sum(1 for t in here if not t.spare), sum(1 for t in here if t.spare), grid,
                              tuple((t.row, t.col) for t in here), tuple(inside)))
    return pages


def _page(kit: Kit, lt: Lettering, page: TilePage, number: int, total: int, mirrored: bool) -> Page:
    """A page of the template; ``mirrored``: its tiles and lines mirrored left to right, its words not."""
    paper, p = kit.print.paper, kit.print
    w = paper.width_mm
    size = f"{kit.physical.tile_mm:g}"
    # Not mirrored, the items are as placed: each was moved to its tile by a translation (whose sums
    # are never -0.0), which the identity would only copy.
    flip = Transform.mirror(x=w / 2)
    items: list[Item] = [flip.apply(i) for i in (*page.squares, *page.faces)] if mirrored \
        else [*page.squares, *page.faces]
    if page.note:
        x, y, text, em = page.note
        items.append(lt.label(w - x, y, text, em, align="right", tag="spares-note") if mirrored
                     else lt.label(x, y, text, em, tag="spares-note"))
    what = lt.say("burn_mirrored_footer" if mirrored else "burn_tiles_footer", size=size)
    note = lt.say("burn_mirrored_note" if mirrored else "burn_carbon_note")
    items.extend(footer(lt, w, paper.height_mm, p.margin_mm, kit.title, what, number, total, note=note))
    return Page(w, paper.height_mm, tuple(items))


def _strokes(path: Path) -> list[Stroke]:
    """A path of moves and lines as its polylines (a closing Z drawn back to the start)."""
    out: list[list[tuple[float, float]]] = []
    for op, *xy in path.commands:
        if op == "M":
            out.append([tuple(xy)])
        elif op == "L":
            out[-1].append(tuple(xy))
        elif op == "Z":
            out[-1].append(out[-1][0])
        else:
            raise ValueError(f"plotter page: a {op} in {path.tag!r}, single strokes are straight lines")
    return [tuple(s) for s in out if len(s) > 1]


def _path(strokes: list[Stroke], tag: str) -> Path:
    commands = tuple((op, x, y) for s in strokes for op, (x, y) in zip(("M",) + ("L",) * (len(s) - 1), s))
    return Path(commands, stroke=INK, stroke_mm=LINE_MM, role=Role.PRINT, tag=tag)


def grid_strokes(page: TilePage) -> list[Stroke]:
    """The tile squares' edges as a pen draws them: on a grid with no gap, each edge once (a
    straight run of shared edges in one line, as the laser cuts them), else each square round; in
    an order of short moves from the page's corner, lines that meet drawn on as one."""
    grid = page.grid
    if grid.gap == 0:
        lines: list[Stroke] = [(grid.corner(*a), grid.corner(*b)) for a, b in cut_runs(set(page.cells))]
    else:
        lines = [((r.x, r.y), (r.x + r.w, r.y), (r.x + r.w, r.y + r.h), (r.x, r.y + r.h), (r.x, r.y))
                 for r in page.squares]
    return joined(shortest_moves(lines))


def face_strokes(page: TilePage, start: tuple[float, float]) -> list[tuple[str, list[Stroke]]]:
    """The letters and values as a pen draws them: tile by tile along the rows, every other row
    backwards (a serpentine), each tile's lines by the shortest moves from where the pen is; as
    (tag, strokes) runs of one tag."""
    rows = sorted({r for r, _ in page.cells})
    back = {r for k, r in enumerate(rows) if k % 2}  # rows drawn right to left

    def along(i: int) -> tuple[int, int]:
        row, col = page.cells[i]
        return row, -col if row in back else col

    order = sorted(range(len(page.cells)), key=along)
    out: list[tuple[str, list[Stroke]]] = []
    here = start
    for i in order:
        tagged = {s: p.tag for p in page.inside[i] for s in _strokes(p)}
        if not tagged:
            continue
        drawn = shortest_moves(list(tagged), here)
        here = drawn[-1][-1]
        for s in drawn:
            tag = tagged.get(s) or tagged[s[::-1]]
            if out and out[-1][0] == tag:
                out[-1][1].append(s)
            else:
                out.append((tag, [s]))
    return [(tag, joined(strokes)) for tag, strokes in out]


def plotter_page(kit: Kit, page: TilePage) -> Page:
    """A page for a pen plotter: nothing but stroked paths, the tile grid and the faces in layers
    of their own (draw the grid with another pen, or not at all), each in the order it is drawn."""
    edges = grid_strokes(page)
    squares = tuple(_path([s], "tile-grid") for s in edges)
    faces = tuple(_path(strokes, tag) for tag, strokes in face_strokes(page, edges[-1][-1] if edges else (0.0, 0.0)))
    paper = kit.print.paper
    return Page(paper.width_mm, paper.height_mm, (Layer(squares, name="tiles"), Layer(faces, name="letters")))


def tile_documents(kit: Kit, lt: Lettering) -> list[Document]:
    """The template (PDF), its mirror image (PDF) and, with single strokes, one SVG per page."""
    require_words(kit, lt)
    lacking = unstroked(kit) if kit.burn.letters == "single" else ""
    single = kit.burn.letters == "single" and not lacking
    pages = tile_pages(kit, lt, single)
    paper = kit.print.paper
    letters = "single" if single else "outline"
    figures = {"paper": paper.name, "paper_mm": [paper.width_mm, paper.height_mm], "tile_mm": kit.physical.tile_mm,
               "tiles": sum(p.tiles for p in pages), "spares": sum(p.spares for p in pages), "letters": letters,
               "line_mm": LINE_MM, **({"unstroked": lacking} if lacking else {})}
    docs = []
    for mirrored, stem, kind, title in ((False, "burn-tiles", "burn-tiles", "doc_burn_tiles"),
                                        (True, "burn-tiles-mirrored", "burn-tiles-mirrored",
                                         "doc_burn_tiles_mirrored")):
        drawn = tuple(_page(kit, lt, p, n, len(pages), mirrored) for n, p in enumerate(pages, 1))
        docs.append(Document(f"{stem}-{paper.name}.pdf", kind, "pdf", drawn, lt.say(title, title=kit.title),
                             {"pages": len(drawn), **figures, "mirrored": mirrored}))
    if single:
        for n, p in enumerate(pages, 1):
            docs.append(Document(f"burn-tiles-single-{n}.svg", "burn-tiles", "svg", (plotter_page(kit, p),),
                                 lt.say("doc_burn_tiles", title=kit.title),
                                 {"page": n, "pages": 1, "paper": paper.name, "tile_mm": kit.physical.tile_mm,
                                  "tiles": p.tiles, "spares": p.spares, "letters": letters, "mirrored": False,
                                  "line_mm": LINE_MM}))
    return docs
