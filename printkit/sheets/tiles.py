"""Tile cut-sheets: every tile of the set (and its spares) on as few pages as the paper allows.

Each face has one big letter centred on its ink box, on a baseline shared by every tile (a mark such
as the Ukrainian apostrophe is drawn larger and centred where the capitals are), and the
value small in a corner; blanks are empty. Letter and value sizes are shares of the tile side, so
a 20 mm and a 9 mm tile look alike. Sizes and positions are decided here; writers only draw.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..budget import FOOTER_ITEMS, Cause, FileWork, Work, paper_px
from ..errors import PrintkitError
from ..fonts import Font, require, tile_text
from ..geometry import Circle, Clip, Document, Grid, Group, Item, Line, Page, Rect, Role, Text, Transform, cut_runs
from ..model import Kit
from ..records import record
from ..text import Said
from .common import FOOTER_MM, LABEL_EM, MARK_ZONE, Lettering, crop_marks, footer, lettering, require_words

GUIDE_MM = 0.1  # shared cut lines and tile outlines
MAX_RUN = 0.84  # the widest a letter (or a two-letter face) may be, share of the tile side
GAP = 0.06  # least space between letter, value and tile edge, share of the tile side...
MIN_GAP_MM = 0.6  # ...and never less than this: a gap a person sees at arm's length (9 mm tiles too)
EDGE_MM = 1.0  # the value is at least this far from the cut edge (and GAP of the side): more than a hand cuts off
MARK_LIMIT = 0.5  # a face whose ink is less tall than this share of the capitals is a mark (the apostrophe)...
MARK_HEIGHT = 0.6  # ...drawn this share of the capitals tall, centred where the capitals are
STEP_MM = 0.05  # resolution of the baseline search


@dataclass(frozen=True)
class Face:
    face: str | None  # None: a blank
    value: int | None


def tile_faces(kit: Kit) -> list[Face]:
    """Every tile of the set, in alphabet order; blanks last."""
    d = kit.distribution
    return [Face(t.face, t.value) for t in d.tiles for _ in range(t.count)] + [Face(None, None)] * d.blanks


def spare_faces(kit: Kit, room: int) -> list[Face]:
    """The spares: those the kit asks for (alphabet order, blanks last); with ``spares: fill``, one
    each of the ``room`` commonest letters (a lost tile is most likely one of those)."""
    d, spares = kit.distribution, kit.print.spares
    if spares.fill:
        common = sorted(d.tiles, key=lambda t: -t.count)[:room]  # stable: alphabet order among equals
        return [Face(t.face, t.value) for t in d.tiles if t in common]
    return ([Face(t.face, t.value) for t in d.tiles for _ in range(spares.count(t.face))]
            + [Face(None, None)] * spares.blanks)


def kit_spares(kit: Kit) -> list[Face]:
    """The kit's spare tiles: those its paper tile sheets print (``print.spares``; with ``fill``, the
    row of the commonest letters that the last page has room for). One declaration for every product
    that makes the set: the laser cuts these same spares. A tile too large for the paper leaves the
    spares the kit names (``fill`` has no page to fill)."""
    try:
        grid = page_grid(kit, kit.physical.tile_mm)
    except PrintkitError:
        return spare_faces(kit, 0)
    placed, _ = place(kit, grid)
    return [t.face for t in placed if t.spare]


@dataclass(frozen=True)
class Placed:
    """A tile on the sheets: its face, page (from 0), cell, and whether it is a spare."""

    face: Face
    page: int
    row: int
    col: int
    spare: bool = False


def place(kit: Kit, grid: Grid) -> tuple[list[Placed], tuple[int, int] | None]:
    """Every tile's page and cell: the set in reading order, then the spares apart from it, from
    the start of a row after an empty one that holds their label; returns the places and the
    label's (page, row), None without spares. Spares that the last page has no room for go on a
    page of their own, but ``fill`` never adds a page. A page of one row has no room for the label:
    its spares start a page of their own, unlabelled."""
    faces = tile_faces(kit)
    placed = [Placed(f, i // grid.count, *divmod(i % grid.count, grid.cols)) for i, f in enumerate(faces)]
    last = placed[-1]
    if grid.rows < 2:
        spares = spare_faces(kit, 0)
        return placed + [Placed(f, last.page + 1 + i // grid.cols, 0, i % grid.cols, spare=True)
                         for i, f in enumerate(spares)], None
    page, row = (last.page, last.row + 2) if last.row + 2 < grid.rows else (last.page + 1, 1)
    same_page = page == last.page
    spares = spare_faces(kit, grid.cols if same_page else 0)
    if not spares:
        return placed, None
    start = page * grid.count + row * grid.cols
    for i, f in enumerate(spares):
        k = start + i
        placed.append(Placed(f, k // grid.count, *divmod(k % grid.count, grid.cols), spare=True))
    return placed, (page, row - 1)


@record
class FaceStyle:
    """Where the letter and the value of each face go, in tile coordinates (mm, y down)."""

    side: float
    baseline: float  # shared by every letter
    letter: dict  # face → (x of origin, em)
    value_em: float
    values: dict  # value text → (x of origin, baseline)
    baselines: dict = field(default_factory=dict)  # a mark's own baseline (face → y), centred with the capitals

    def baseline_of(self, face: str) -> float:
        return self.baselines.get(face, self.baseline)


_STYLES: dict[tuple, FaceStyle] = {}  # face_style's answers: the tile sheets, burning and laser ask alike


def face_style(kit: Kit, font: Font, side: float | None = None) -> FaceStyle:
    """Sizes and positions of letters and values for the kit's faces: the letter as large as the
    style asks, moved away from the value's corner (all letters together) until no letter touches
    any value, and made smaller only if that is not enough. Found once a process for the same
    font, sizes and faces (the search tries hundreds of baselines)."""
    st = kit.tile_style
    s = side if side is not None else kit.physical.tile_mm
    key = (font.key, s, st.letter_height, st.value_height, st.inset, st.corner,
           tuple(sorted({(t.face, t.value) for t in kit.distribution.tiles})),
           (GAP, MIN_GAP_MM, EDGE_MM, MARK_LIMIT, MARK_HEIGHT, MAX_RUN, STEP_MM))  # and what it is found with
    style = _STYLES.get(key)
    if style is None:
        style = _face_style(kit, font, s)
        if style is None:
            raise _unfit(kit, font, s)
        if len(_STYLES) > 64:  # a server's kits
            _STYLES.clear()
        _STYLES[key] = style
    return style


def _face_style(kit: Kit, font: Font, s: float) -> FaceStyle | None:
    st = kit.tile_style
    gap = max(GAP * s, MIN_GAP_MM)
    cap_units = font.cap_height
    pairs = sorted({(t.face, t.value) for t in kit.distribution.tiles})
    value_em = st.value_height * s * font.units / cap_units
    inset = max(st.inset * s, GAP * s, EDGE_MM)  # off the cut edge by more than hand-cutting takes
    bottom = st.corner.startswith("bottom")
    right = st.corner.endswith("right")

    values = {}
    value_box = {}
    for text in sorted({str(v) for _, v in pairs}):
        ink = font.run_ink(text)
        k = value_em / font.units
        x = (s - inset - ink.x1 * k) if right else (inset - ink.x0 * k)
        y = (s - inset + ink.y0 * k) if bottom else (inset + ink.y1 * k)
        values[text] = (x, y)
        value_box[text] = (x + ink.x0 * k, y - ink.y1 * k, x + ink.x1 * k, y - ink.y0 * k)

    def layout(scale: float):
        em = st.letter_height * s * font.units / cap_units * scale
        cap = em * cap_units / font.units
        letters = {}
        for face, _ in pairs:
            ink = font.run_ink(face)
            height = ink.y1 - ink.y0
            mark = len(face) == 1 and 0 < height < MARK_LIMIT * cap_units
            e = em * MARK_HEIGHT * cap_units / height if mark else em  # a mark as tall as a share of the capitals
            width = (ink.x1 - ink.x0) * e / font.units
            e = e * min(1.0, MAX_RUN * s / width) if width > 0 else e
            k = e / font.units
            # a mark's ink centred on the capitals' middle: its baseline this far below the letters'
            dy = (ink.y0 + ink.y1) / 2 * k - cap / 2 if mark else 0.0
            letters[face] = ((s - (ink.x0 + ink.x1) * k) / 2, e, ink, dy)
        return em, letters

    def clear(baseline: float, letters) -> bool | None:
        """True if every letter is clear of its value and inside the tile; None if a letter already
        leaves the tile on the side we move towards (no use moving further)."""
        for face, value in pairs:
            x, e, ink, dy = letters[face]
            k = e / font.units
            box = (x + ink.x0 * k, baseline + dy - ink.y1 * k, x + ink.x1 * k, baseline + dy - ink.y0 * k)
            if (bottom and box[1] < gap) or (not bottom and box[3] > s - gap):
                return None
            if box[0] < gap or box[2] > s - gap or box[1] < gap or box[3] > s - gap:
                return False
            v = value_box[str(value)]
            if not (box[2] + gap <= v[0] or v[2] + gap <= box[0] or box[3] + gap <= v[1] or v[3] + gap <= box[1]):
                return False
        return True

    scale = 1.0
    while scale > 0.4:
        em, letters = layout(scale)
        cap = em * cap_units / font.units
        start = (s + cap) / 2  # the baseline that centres the capitals
        direction = -1.0 if bottom else 1.0
        for step in range(int(s / STEP_MM) + 1):
            baseline = round(start + direction * step * STEP_MM, 4)
            ok = clear(baseline, letters)
            if ok:
                return FaceStyle(s, baseline, {f: (x, e) for f, (x, e, _, _) in letters.items()}, value_em, values,
                                 {f: round(baseline + dy, 4) for f, (_, _, _, dy) in letters.items() if dy})
            if ok is None:
                break
        scale -= 0.02
    return None  # see _unfit


SIDES_TRIED = (4.0, 5.0, 6.0, 8.0, 10.0, 12.0, 15.0, 20.0, 30.0, 50.0, 100.0)  # for the message of a face that fits not


def _unfit(kit: Kit, font: Font, s: float) -> PrintkitError:
    """Why no face fits a tile of ``s`` mm: a tile too small for its letters and values (every font
    fails at 3 mm, where the least gaps take most of the tile), named at the tile's size with the
    least of :data:`SIDES_TRIED` the letters fit; or, when they fit none, a font whose letters are far
    taller than its capitals (an A four times as tall as its H, say), named at the font."""
    fits = next((side for side in SIDES_TRIED if side > s and _face_style(kit, font, side) is not None), None)
    if fits is not None:
        return PrintkitError.saying(Said("cfg_tile_small", {"s": f"{s:g}", "font": font.path.name, "fits": f"{fits:g}"},
                                         where=kit.at("physical.tile_mm")))
    return PrintkitError.saying(Said("cfg_font_tall", {"font": font.path.name, "s": f"{s:g}"},
                                     where=kit.at("style.tile.font")))


def draw_face(face: Face, x: float, y: float, style: FaceStyle, kit: Kit, font: Font) -> list[Item]:
    st = kit.tile_style
    items: list[Item] = []
    if face.face is not None:
        lx, em = style.letter[face.face]
        items.append(Text(x + lx, y + style.baseline_of(face.face), face.face, font, em, st.ink, role=Role.PRINT,
                          tag="letter"))
        vx, vy = style.values[str(face.value)]
        items.append(Text(x + vx, y + vy, str(face.value), font, style.value_em, st.ink, role=Role.PRINT,
                          tag="value"))
    return items


def lowest_ink(kit: Kit) -> float:
    """From a face's bottom edge to the lowest ink of any letter or value of the kit's faces (mm): what a
    rack's lip may hide of a tile standing in it and leave every face whole."""
    font = lettering(kit).letters
    style = face_style(kit, font)
    side, low = kit.physical.tile_mm, 0.0
    for face in {(f.face, f.value): f for f in tile_faces(kit)}.values():
        for item in draw_face(face, 0.0, 0.0, style, kit, font):
            box = item.ink() if isinstance(item, Text) else None
            if box is not None:
                low = max(low, box[3])
    return round(side - low, 4)


def page_grid(kit: Kit, side: float) -> Grid:
    """The most tiles a page holds: inside the margins, crop marks around, the footer below.
    The grid is centred across the page so that backs printed long-edge duplex land behind."""
    p, paper = kit.print, kit.print.paper
    gap = p.gap_mm if p.cut == "gap" else 0.0
    avail_w = paper.width_mm - 2 * p.margin_mm - 2 * MARK_ZONE
    avail_h = paper.height_mm - 2 * p.margin_mm - 2 * MARK_ZONE - FOOTER_MM
    grid = Grid.fitting(avail_w, avail_h, side, gap)
    if grid.count < 1:
        raise PrintkitError(
            f"{kit.at('physical.tile_mm')}: a tile of {side:g} mm does not fit on {paper.name} paper "
            f"({paper.width_mm:g} × {paper.height_mm:g} mm) with margins of {p.margin_mm:g} mm")
    return grid.at((paper.width_mm - grid.width) / 2, p.margin_mm + MARK_ZONE)


def tile_documents(kit: Kit) -> list[Document]:
    """The tile sheets: one PDF with every page, and one SVG per page."""
    lt = lettering(kit)
    font = lt.letters
    require(font, tile_text(kit), f"the kit {kit.name}", kit.at("style.tile.font"))
    require_words(kit, lt)
    side = kit.physical.tile_mm
    style = face_style(kit, font)
    grid = page_grid(kit, side)
    placed, label_at = place(kit, grid)
    spares = sum(1 for t in placed if t.spare)
    fronts = placed[-1].page + 1
    backs = kit.print.backs != "none"
    total_pages = fronts * (2 if backs else 1)
    paper = kit.print.paper
    pages: list[Page] = []
    for i in range(fronts):
        here = [t for t in placed if t.page == i]
        number = len(pages) + 1
        note = lt.say("spares_note", n=spares, total=len(placed) - spares) if label_at and label_at[0] == i else ""
        pages.append(_front(kit, lt, here, grid, style, number, total_pages, note and (label_at[1], note)))
        if backs:
            pages.append(_back(kit, lt, here, grid, number + 1, total_pages))
    name = f"tiles-{paper.name}"
    figures = {
        "pages": len(pages), "paper": paper.name, "paper_mm": [paper.width_mm, paper.height_mm],
        "tile_mm": side, "tiles": len(placed) - spares, "spares": spares, "per_page": grid.count,
        "grid": [grid.cols, grid.rows], "cut": kit.print.cut, "backs": kit.print.backs,
    }
    title = lt.say("doc_tiles", title=kit.title)
    docs = [Document(f"{name}.pdf", "tiles", "pdf", tuple(pages), title, figures)]
    for n, page in enumerate(pages, 1):
        tags = [getattr(it, "tag", "") for it, _, _ in page.walk()]
        docs.append(Document(f"{name}-{n}.svg", "tiles", "svg", (page,), title,
                             {"page": n, "paper": paper.name, "tile_mm": side,
                              "tiles": sum(1 for t in tags if t in ("tile", "tile-back")),
                              "spares": sum(1 for t in tags if t in ("spare", "spare-back"))}))
    return docs


def _front(kit: Kit, lt: Lettering, tiles: list[Placed], grid: Grid, style: FaceStyle, number: int,
           total: int, label: tuple[int, str] | None) -> Page:
    """A page of fronts; ``label`` is (row, text) of the note over the spares, if it is on this page."""
    st, p, paper = kit.tile_style, kit.print, kit.print.paper
    side = kit.physical.tile_mm
    items: list[Item] = []
    outline = st.border if p.outline else None
    for t in tiles:
        x, y = grid.corner(t.row, t.col)
        items.append(Rect(x, y, side, side, fill=st.face, stroke=outline, stroke_mm=GUIDE_MM if outline else 0.0,
                          role=Role.PRINT, tag="spare" if t.spare else "tile"))
        items.extend(draw_face(t.face, x, y, style, kit, lt.letters))
    if label:
        row, text = label
        x, y = grid.corner(row, 0)
        em = lt.fitted(text, LABEL_EM, grid.width)
        items.append(lt.label(x, y + side / 2 + em * 0.25, text, em, tag="spares-note"))
    items.extend(_cut_guides(kit, [(t.row, t.col) for t in tiles], grid))
    items.extend(footer(lt, paper.width_mm, paper.height_mm, p.margin_mm, kit.title,
                        lt.say("tiles_footer", size=f"{side:g}"), number, total))
    return Page(paper.width_mm, paper.height_mm, tuple(items))


def _cut_guides(kit: Kit, cells: list[tuple[int, int]], grid: Grid) -> list[Item]:
    """Shared cuts: one line between neighbours, each drawn once; crop marks outside the grid."""
    st, side = kit.tile_style, grid.size
    items: list[Item] = []
    rows_used = max(r for r, _ in cells) + 1
    cols_used = grid.cols if rows_used > 1 else max(c for _, c in cells) + 1
    left, top = grid.x, grid.y
    right = left + (cols_used - 1) * grid.pitch + side
    bottom = top + (rows_used - 1) * grid.pitch + side
    if kit.print.cut == "shared":  # no gap: the grid's corners are where its lines cross
        for a, b in cut_runs(set(cells)):
            (x1, y1), (x2, y2) = grid.corner(*a), grid.corner(*b)
            items.append(Line(x1, y1, x2, y2, st.border, GUIDE_MM, role=Role.GUIDE, tag="cut-guide"))
        xs = [grid.corner(0, c)[0] for c in range(cols_used + 1)]
        ys = [grid.corner(r, 0)[1] for r in range(rows_used + 1)]
    else:
        xs = sorted({left + c * grid.pitch + d for c in range(cols_used) for d in (0.0, side)})
        ys = sorted({top + r * grid.pitch + d for r in range(rows_used) for d in (0.0, side)})
    items.extend(crop_marks(xs, ys, left, top, right, bottom))
    return items


def _back(kit: Kit, lt: Lettering, tiles: list[Placed], grid: Grid, number: int, total: int) -> Page:
    """Backs, mirrored left to right: printed long-edge duplex, each lands behind its front."""
    st, p, paper = kit.tile_style, kit.print, kit.print.paper
    side = kit.physical.tile_mm
    bleed = min(p.gap_mm / 2, 1.5) if p.cut == "gap" else 0.0
    behind = Transform.mirror(x=paper.width_mm / 2)
    items: list[Item] = []
    for t in tiles:
        x, y, _, _ = behind.box(*grid.corner(t.row, t.col), side, side)  # its pattern is not mirrored
        items.append(Rect(x - bleed, y - bleed, side + 2 * bleed, side + 2 * bleed, fill=st.back,
                          role=Role.PRINT, tag="spare-back" if t.spare else "tile-back"))
        if p.backs == "pattern" and st.back_pattern != "none":
            items.append(_pattern(x, y, side, st.back_pattern, st.border))
    items.extend(footer(lt, paper.width_mm, paper.height_mm, p.margin_mm, kit.title, lt.say("backs_footer"),
                        number, total, note=lt.say("backs_note")))
    return Page(paper.width_mm, paper.height_mm, tuple(items))


def _pattern(x: float, y: float, side: float, kind: str, color: str) -> Group:
    items: list[Item] = []
    n = 4
    step = side / n
    if kind == "dots":
        for i in range(n):
            for j in range(n):
                items.append(Circle(x + (i + 0.5) * step, y + (j + 0.5) * step, side * 0.035, fill=color,
                                    role=Role.PRINT, tag="back-pattern"))
    else:
        for i in range(-n, n + 1):
            x1 = x + i * step
            items.append(Line(x1, y + side, x1 + side, y, color, side * 0.03, role=Role.PRINT, tag="back-pattern"))
    return Group(tuple(items), clip=Clip(x, y, side, side), tag="back-pattern")


# -- the work of a build (printkit.budget): the tile sheets counted as they are laid out, nothing drawn ----------

def tile_layout(kit: Kit):
    """The printed tile sheets' grid and places: (grid, placed, front pages)."""
    grid = page_grid(kit, kit.physical.tile_mm)
    placed, _ = place(kit, grid)
    return grid, placed, placed[-1].page + 1


def tile_cause(kit: Kit, grid, placed) -> Cause:
    p = kit.print.paper
    n = len(placed)
    return Cause("physical.tile_mm",
                 f"{n} tiles of {kit.physical.tile_mm:g} mm, {grid.count} on a page of {p.name}",
                 "choose smaller tiles (physical.tile_mm), larger paper (print.paper) or fewer tiles (distribution)")


def face_pages(kit: Kit, grid, placed, fronts: int, guides: bool) -> list[int]:
    """Items on each page of tiles: the square, letter and value of a tile (a blank: the square),
    the cut guides and crop marks along the grid's lines (``guides``), the footer."""
    counts = [0] * fronts
    rows = [0] * fronts
    for t in placed:
        counts[t.page] += 3 if t.face.face is not None else 1
        rows[t.page] = max(rows[t.page], t.row + 1)
    lines = (3 if kit.print.cut == "shared" else 4) if guides else 0
    return [c + lines * (r + grid.cols + 2) + FOOTER_ITEMS for c, r in zip(counts, rows)]


def tiles_work(kit: Kit, work: Work) -> list[FileWork]:
    grid, placed, fronts = tile_layout(kit)
    p = kit.print
    fronts_items = face_pages(kit, grid, placed, fronts, True)
    pages_items: list[int] = []
    per_back = 1 + (17 if p.backs == "pattern" and kit.tile_style.back_pattern == "dots" else
                    10 if p.backs == "pattern" and kit.tile_style.back_pattern != "none" else 0)
    on = [0] * fronts
    for t in placed:
        on[t.page] += 1
    for i, n in enumerate(fronts_items):
        pages_items.append(n)
        if p.backs != "none":
            pages_items.append(on[i] * per_back + FOOTER_ITEMS)
    px = paper_px(kit)
    name = f"tiles-{p.paper.name}"
    files = [FileWork(f"{name}.pdf", "tiles", "pdf", len(pages_items), px * len(pages_items), sum(pages_items),
                      p.paper.name)]
    files += [FileWork(f"{name}-{n}.svg", "tiles", "svg", 1, px, items, p.paper.name)
              for n, items in enumerate(pages_items, 1)]
    cause = tile_cause(kit, grid, placed)
    for f in files:
        work.causes[f.path] = cause
    return files
