"""The work a build of a kit takes, known before anything is drawn, and the budget it must stay in.

:func:`estimate` counts, from the kit alone, every file a build writes: its pages (an SVG or DXF
sheet is a page), the pixels of its previews and about how many items of geometry it holds. It
lays the kit out as the sheets do (the tile grid and where each tile goes, the board's split over
the paper, the laser beds), draws nothing that grows with the kit, and takes a few tenths of a
second for any kit the config accepts. The products whose size does not grow with the kit (the
score sheets, the calibration sheet, the kerf test coupon) are drawn: a page or two each.

A kit within every limit of its config could still ask for 2000 pages of A5 (2000 tiles of
100 mm) and keep a build busy for many minutes: ``check`` and ``build`` refuse a kit whose work
passes the budget below, at once, with the figure and the limit (:meth:`Work.problems`), and the
web page's build pool reads the same estimate. The limits are set so that the largest kit under
them builds in well under 1 GB (a build streams: each page's preview is written as it is made)
and in about a minute of one processor; ``bench/bench_budget.py`` measures both.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from math import floor

from .errors import PrintkitError
from .model import Kit
from .records import record

# The budget. Each limit is far above what a real set needs (the shipped kits: at most 12 pages in a
# file, 38 pages, 26 million preview pixels, 13 000 items; ten sets of 20 mm tiles on A4, 2000 tiles:
# 30, 128, 95 million, 58 000) and below what keeps a build busy for more than about a minute of one
# processor (about 22 ms a page, and 25 s more a million items, measured by bench/bench_budget.py).
MAX_FILE_PAGES = 500  # pages in one file: a ream of paper
MAX_PAGES = 2000  # pages of all the files of one build together, every SVG and DXF sheet a page
MAX_PREVIEW_PX = 1_000_000_000  # pixels of all the previews of one build: 1000 pages of A4 at 100 dpi
MAX_ITEMS = 1_000_000  # items of geometry in the files of one build (rectangles, lines, paths, letters)
# The 3D files' triangles, each 3MF and STL counting its own (a plate's triangles are in its 3MF and again in
# its STLs): the default kit's 3D build holds about 0.7 million and takes 4 s; 2000 tiles, about 6 million,
# took 45 s and 418 MB. The limit keeps a build of the 3D parts to about half a minute and 300 MB.
MAX_TRIANGLES = 3_000_000
# Pixels of one image a build writes (a craft cutter's PNG): an A4 or Letter page at 600 dpi is 35 million. The PNG
# is made by resvg and Pillow, a few copies of 4 bytes a pixel: 40 million keeps one under about 700 MB (a cutter's
# area of 1000 × 1000 mm at 1200 dpi would be 2 232 million, past Pillow's own limit of 179 million).
MAX_IMAGE_PX = 40_000_000
# Triangles of one part, a little above the most measured on the shipped kits (``tests/test_budget.py``
# counts them in the files): a tile, body and letters (1000 to 1460 on average, up to 1590 on a plate of
# the default kit's last tiles), a cell of the board's pieces, its premiums' labels and rims shared out
# (310 to 615), a rack with its name (3300 to 18 200).
TILE_TRIANGLES = 1700
CELL_TRIANGLES = 650
RACK_TRIANGLES = 20_000

FOOTER_ITEMS = 15  # the scale bar, its ticks and labels, the note and the page label of every page


@record
class FileWork:
    """One file a build writes: its pages, the pixels of their previews, about how many items."""

    path: str
    product: str
    format: str
    pages: int
    preview_px: int
    items: int
    paper: str = ""  # what its pages are: "A5", "poster", "600x400 bed"
    triangles: int = 0  # a 3D file's (3MF, STL), about
    image_px: int = 0  # an image's (PNG) pixels: (width, height) of each of its pages, at its resolution
    image_size: tuple[int, int] = (0, 0)


@record
class Cause:
    """What makes a product's pages many, to name when they are too many: the option that drives
    them most (a key of the kit), and the words that say why."""

    key: str
    why: str
    advice: str
    at: str = ""  # where to name, file:line:col, when not where the kit gives ``key`` (a profile's own line)


@dataclass
class Work:
    """The work of building ``products`` of ``kit``: every file, with its figures."""

    kit: Kit
    products: tuple[str, ...]
    files: list[FileWork] = field(default_factory=list)
    causes: dict[str, Cause] = field(default_factory=dict)  # by file path: why that file has so many pages
    failed: dict[str, PrintkitError] = field(default_factory=dict)  # products that cannot be laid out, and why
    _made: dict = field(default_factory=dict, repr=False)  # layouts more than one product shares

    @property
    def pages(self) -> int:
        return sum(f.pages for f in self.files)

    @property
    def preview_px(self) -> int:
        return sum(f.preview_px for f in self.files)

    @property
    def items(self) -> int:
        return sum(f.items for f in self.files)

    @property
    def triangles(self) -> int:
        return sum(f.triangles for f in self.files)

    @property
    def previews(self) -> int:
        """How many previews the build renders."""
        return sum(_previewed(f) for f in self.files)

    @property
    def steps(self) -> int:
        """The files to write and the previews to render: a build's progress counts these."""
        return len(self.files) + self.previews

    def of(self, product: str) -> list[FileWork]:
        return [f for f in self.files if f.product == product]

    def largest(self) -> FileWork | None:
        return max(self.files, key=lambda f: f.pages, default=None)

    def problems(self) -> list[str]:
        """What passes the budget, one line each (``file:line:col: …``, the figure and the limit);
        empty when the kit is within it. A file with too many pages is named once by what makes
        them (the tile pages, not again by the burning templates and print-all made of them); the
        totals are named only when no file is too long."""
        return [line for _, line in self.over()]

    def over(self) -> list[tuple[str | None, str]]:
        """:meth:`problems` as (the kit's option each is about, as ``physical.tile_mm``, or None;
        the line): the web page shows a line at its option's control. None when a product the build
        needs cannot be laid out: the build stops on that, with its own message, and the figures
        of the others do not tell the work of a kit that builds."""
        if self.failed:
            return []
        lines: list[tuple[str | None, str]] = []
        seen: set[str] = set()
        long = sorted((f for f in self.files if f.pages > MAX_FILE_PAGES), key=lambda f: (f.product == "print-all",
                                                                                         -f.pages))
        for f in long:
            if f.product == "print-all" and lines:
                continue  # made of the pages named already
            cause = self.causes.get(f.path)
            key = cause.why if cause else f.path
            if key in seen:
                continue
            seen.add(key)
            what = _what(f.product)
            takes = "take" if what.endswith("s") else "takes"
            lines.append(self._line(cause, f"this kit's {what} {takes} {f.pages} pages "
                                           f"of {f.paper} in {f.path} (the limit is {MAX_FILE_PAGES} pages in a file)"))
        for f in self.files:
            if f.image_px > MAX_IMAGE_PX:
                (w, h), cause = f.image_size, self.causes.get(f.path)
                lines.append(self._line(cause, f"{f.path} would be an image of {_thousands(w)} × {_thousands(h)} "
                                               f"pixels ({_millions(f.image_px)}; the limit is "
                                               f"{_millions(MAX_IMAGE_PX)} an image)"))
                break  # the others of the product are the same size
        if lines:
            return lines
        driver = self._driver()
        if self.pages > MAX_PAGES:
            lines.append(self._total(driver,
                                     f"a build of this kit writes {self.pages} pages (the limit is {MAX_PAGES})",
                                     self._shares(lambda f: f.pages, "pages")))
        if self.preview_px > MAX_PREVIEW_PX:
            lines.append(self._total(driver, f"the previews of this kit take {_millions(self.preview_px)} pixels (the "
                                             f"limit is {_millions(MAX_PREVIEW_PX)})",
                                     self._shares(lambda f: f.preview_px, "pixels", _millions)))
        if self.items > MAX_ITEMS:
            lines.append(self._total(driver, f"this kit's files hold about {_millions(self.items)} items of geometry "
                                             f"(the limit is {_millions(MAX_ITEMS)})",
                                     self._shares(lambda f: f.items, "items", _millions)))
        if self.triangles > MAX_TRIANGLES:
            most = max((f for f in self.files if f.path in self.causes), key=lambda f: f.triangles)
            cause = self.causes[most.path]
            lines.append((cause.key, f"{self._where(cause)}: this kit's 3D files hold about "
                                     f"{_millions(self.triangles)} triangles (the limit is "
                                     f"{_millions(MAX_TRIANGLES)}): {cause.why}; {cause.advice}"))
        return lines

    def check(self) -> None:
        """Raise the :meth:`problems` as one error (exit 2), if there are any."""
        lines = self.problems()
        if lines:
            raise BudgetError(lines)

    def summary(self) -> str:
        """One line of the work, for ``check``: pages, files, preview pixels, items."""
        big = self.largest()
        most = f" (the most in one file: {big.pages} in {big.path})" if big and big.pages > 1 else ""
        return (f"work: {self.pages} pages in {len(self.files)} files{most}, {self.previews} previews of "
                f"{_millions(self.preview_px)} pixels, about {_thousands(self.items)} items (the budget: "
                f"{MAX_FILE_PAGES} pages a file, {MAX_PAGES} pages, {_millions(MAX_PREVIEW_PX)} pixels, "
                f"{_millions(MAX_ITEMS)} items)")

    # -- the words ---------------------------------------------------------------------------------

    def _where(self, cause: Cause) -> str:
        return cause.at or self.kit.at(cause.key)

    def _line(self, cause: Cause | None, text: str) -> tuple[str | None, str]:
        if cause is None:
            return None, f"{self.kit.source}: {text}"
        return cause.key, f"{self._where(cause)}: {text}: {cause.why}; {cause.advice}"

    def _driver(self) -> tuple[FileWork, Cause] | None:
        """The longest file but print-all (made of the others' pages) and what makes it long: what
        to change first when the totals are too large."""
        for f in sorted(self.files, key=lambda f: (f.product == "print-all", -f.pages)):
            if f.path in self.causes and f.product != "print-all":
                return f, self.causes[f.path]
        return None

    def _total(self, driver: tuple[FileWork, Cause] | None, text: str, shares: str) -> tuple[str | None, str]:
        if driver is None:
            return None, f"{self.kit.source}: {text}: {shares}"
        f, cause = driver
        return cause.key, (f"{self._where(cause)}: {text}: {shares}; the longest file is {f.path}, {cause.why}; "
                           f"{cause.advice}")

    def _shares(self, figure, unit: str, shown=str) -> str:
        """The products' shares of a total, largest first: "tiles 1001 pages, burn 1000, …"."""
        by: dict[str, int] = {}
        for f in self.files:
            by[f.product] = by.get(f.product, 0) + figure(f)
        parts = [(n, p) for p, n in by.items() if n]
        parts.sort(key=lambda np: -np[0])
        return ", ".join(f"{p} {shown(n)}" + (f" {unit}" if i == 0 else "") for i, (n, p) in enumerate(parts))


class BudgetError(PrintkitError):
    """A kit whose build would pass the budget: the lines say by how much, and what drives it."""

    def __init__(self, lines: list[str]):
        super().__init__("\n".join(lines))
        self._lines = list(lines)

    def lines(self) -> list[str]:
        return list(self._lines)


def _what(product: str) -> str:
    """A product's files in a sentence ("this kit's burning templates take …"), from the registry."""
    from .products import REGISTRY

    return REGISTRY[product].what if product in REGISTRY else product


def _millions(n: int) -> str:
    """``n`` in millions to two figures (26 million, 7.7 million, 0.97 million); below 100 000 whole."""
    if n >= 100_000:
        v = n / 1_000_000
        return f"{v:.0f} million" if v >= 10 else f"{v:.2g} million"
    return _thousands(n)


def _thousands(n: int) -> str:
    return f"{n:,}".replace(",", " ")


def _previewed(f: FileWork) -> int:
    from .preview import FORMATS

    if f.format not in FORMATS:
        return 0
    return 1 if f.product == "print-all" or f.format == "svg" else f.pages


# -- counting ----------------------------------------------------------------------------------------

def items_of(items) -> int:
    """Drawn items (not groups) in ``items``, at any depth."""
    from .geometry import Group

    n = 0
    stack = list(items)
    while stack:
        item = stack.pop()
        if isinstance(item, Group):
            stack.extend(item.items)
        else:
            n += 1
    return n


def _px(width_mm: float, height_mm: float) -> int:
    from .preview import pixels

    w, h = pixels(width_mm, height_mm)
    return w * h


def _paper_px(kit: Kit) -> int:
    p = kit.print.paper
    return _px(p.width_mm, p.height_mm)


def estimate(kit: Kit, only: list[str] | None = None) -> Work:
    """The work of ``printkit build`` of ``kit`` (all products, or ``only`` these, with print-all
    when it is rebuilt with them): every file, its pages, preview pixels and items. A product the
    kit cannot be laid out for (a tile larger than the paper, say) is left out, and named in
    ``failed``: the build stops on it with its own message."""
    from .products import REGISTRY, chosen, laid_out_for

    names = chosen(only)
    work = Work(kit, tuple(names))
    made: dict[str, list[FileWork]] = {}
    for name in names:
        product = REGISTRY[name]
        if product.gathers:
            continue
        try:
            made[name] = _count(product, laid_out_for(kit, product), work)
        except PrintkitError as exc:
            made[name] = []
            work.failed[name] = exc
    for name in names:
        if REGISTRY[name].gathers:
            made[name] = _print_all(kit, made, work)
    work.files = [f for name in names for f in made.get(name, [])]
    return work


# -- each product ------------------------------------------------------------------------------------

def _count(product, kit: Kit, work: Work) -> list[FileWork]:
    """The files of ``product`` (a :class:`printkit.products.Product`) for ``kit`` as it lays it out:
    by its registered count, or else from its documents, drawn (a product whose size does not grow
    with the kit)."""
    if product.estimate is not None:
        return product.estimate(kit, work)
    docs = product.documents(kit)
    work._made[("documents", product.name)] = (kit, docs)
    files = _drawn(product.name, docs)
    if product.cause is not None:
        cause = product.cause(kit)
        work.causes.update((f.path, cause) for f in files)
    return files


def drawn_documents(work: Work, product: str, kit: Kit) -> list | None:
    """The documents of ``product`` the estimate drew to count them (a product counted by drawing),
    if it drew them for this very kit (or an equal one); None otherwise."""
    kept = work._made.get(("documents", product))
    if kept is None or not (kept[0] is kit or kept[0] == kit):
        return None
    return kept[1]


def _tile_layout(kit: Kit):
    """The printed tile sheets' grid and places (those of sheets.tiles): (grid, placed, front pages)."""
    from .sheets.tiles import page_grid, place

    grid = page_grid(kit, kit.physical.tile_mm)
    placed, _ = place(kit, grid)
    return grid, placed, placed[-1].page + 1


def _tile_cause(kit: Kit, grid, placed) -> Cause:
    p = kit.print.paper
    n = len(placed)
    return Cause("physical.tile_mm",
                 f"{n} tiles of {kit.physical.tile_mm:g} mm, {grid.count} on a page of {p.name}",
                 "choose smaller tiles (physical.tile_mm), larger paper (print.paper) or fewer tiles (distribution)")


def _face_pages(kit: Kit, grid, placed, fronts: int, guides: bool) -> list[int]:
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
    grid, placed, fronts = _tile_layout(kit)
    p = kit.print
    fronts_items = _face_pages(kit, grid, placed, fronts, True)
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
    px = _paper_px(kit)
    name = f"tiles-{p.paper.name}"
    files = [FileWork(f"{name}.pdf", "tiles", "pdf", len(pages_items), px * len(pages_items), sum(pages_items),
                      p.paper.name)]
    files += [FileWork(f"{name}-{n}.svg", "tiles", "svg", 1, px, items, p.paper.name)
              for n, items in enumerate(pages_items, 1)]
    cause = _tile_cause(kit, grid, placed)
    for f in files:
        work.causes[f.path] = cause
    return files


def _board_layout(kit: Kit, work: Work):
    """The board's sheet and its split over the paper (those of sheets.board), made once."""
    from .sheets.board.documents import board_layout
    from .sheets.common import lettering

    key = ("board", id(kit))
    if key not in work._made:
        try:
            lt = lettering(kit)
            work._made[key] = (lt, *board_layout(kit, lt))
        except PrintkitError as exc:
            work._made[key] = exc
    made = work._made[key]
    if isinstance(made, PrintkitError):
        raise made
    return made


def _hatch_lines(rect) -> int:
    from .sheets.board.paper import HATCH_PITCH

    x0, y0, x1, y1 = rect
    return max(0, floor((x1 + y1) / HATCH_PITCH) - floor((x0 + y0) / HATCH_PITCH) + 1)


def _window_items(split, shown: int) -> list[int]:
    """Items on each page of a split board: the sheet's (clipped, but all drawn), the glue strips'
    hatching, the registration crosses, trim marks, footer."""
    return [shown + sum(_hatch_lines(rect) + 3 for rect, _ in w.glue) + 2 * len(w.marks) + 4 + FOOTER_ITEMS
            for w in split.windows]


def _board_cause(kit: Kit, sheet, split) -> Cause:
    return Cause("physical.cell_mm",
                 f"a board of {sheet.width:.0f} × {sheet.height:.0f} mm ({sheet.cols} × {sheet.rows} cells of "
                 f"{sheet.cell:g} mm) on {split.cols} × {split.rows} pages of {split.paper}",
                 "choose smaller cells (physical.cell_mm) or larger paper (print.paper)")


def board_work(kit: Kit, work: Work) -> list[FileWork]:
    from .sheets.board.documents import poster_page

    lt, sheet, split = _board_layout(kit, work)
    on_sheet = items_of(sheet.items)
    poster = poster_page(kit, lt, sheet, bleed=0.0)
    poster_px = _px(poster.width, poster.height)
    poster_items = on_sheet + 1 + FOOTER_ITEMS
    pages = _window_items(split, on_sheet)
    paper_px = _px(split.page_w, split.page_h)
    files = [FileWork("board-poster.pdf", "board", "pdf", 1, poster_px, poster_items, "poster"),
             FileWork("board.svg", "board", "svg", 1, poster_px, poster_items, "poster"),
             FileWork(f"board-{split.paper}.pdf", "board", "pdf", len(pages), paper_px * len(pages), sum(pages),
                      split.paper)]
    if len(pages) > 1:
        hatch = sum(_hatch_lines(rect) for w in split.windows for rect, _ in w.glue)
        files.append(FileWork(f"board-{split.paper}-assembly.pdf", "board", "pdf", 1, _paper_px(kit),
                              on_sheet + hatch + 3 * len(split.windows) + 12 + FOOTER_ITEMS, split.paper))
    work.causes[files[2].path] = _board_cause(kit, sheet, split)
    return files


def laser_work(kit: Kit, work: Work) -> list[FileWork]:
    from .sheets.laser.board import plan_board, plate_sheets
    from .sheets.laser.common import Bed
    from .sheets.laser.coupon import coupon_documents
    from .sheets.laser.tiles import bed_grid, place

    if kit.laser is None:
        return []
    bed = Bed.of(kit)
    formats = list(kit.laser.machine.formats)
    bed_px = _px(bed.width, bed.height)
    on = f"{bed.name} bed"
    files: list[FileWork] = []

    def sheet(path: str, items: int) -> list[FileWork]:
        return [FileWork(f"{path}.{fmt}", "laser", fmt, 1, bed_px if fmt == "svg" else 0, items, on)
                for fmt in formats]

    grid = bed_grid(kit, bed)
    blocks = place(kit, bed, grid)
    sheets = blocks[-1].sheet + 1
    per = [0] * sheets
    for block in blocks:  # a face's letter and value; the block's grid lines and its label
        per[block.sheet] += sum(2 for c in block.cells if c.face.face is not None)
        per[block.sheet] += block.grid.rows + block.grid.cols + 2 + (1 if block.spare else 0)
    tiles = sum(len(b.cells) for b in blocks)
    tiles_cause = Cause("laser.bed", f"{tiles} tiles of {kit.physical.tile_mm:g} mm, {grid.count} on a bed of "
                        f"{bed.name} mm", "choose a larger bed (laser.bed), smaller tiles or fewer tiles")
    for n, items in enumerate(per, 1):
        files += sheet(f"laser-tiles-{n}", items)
    for doc in coupon_documents(kit):
        files.append(FileWork(doc.path, "laser", doc.format, 1, _px(doc.pages[0].width, doc.pages[0].height)
                              if doc.format == "svg" else 0, items_of(doc.pages[0].items), on))
    split = plan_board(kit)
    from .model import Premium

    lay = kit.layout
    for piece in split.pieces:  # a premium cell's label (and star), the grid lines, the coordinates, the label
        rows, cols = piece.rows[1] - piece.rows[0], piece.cols[1] - piece.cols[0]
        premiums = sum(1 for r in range(*piece.rows) for c in range(*piece.cols) if lay.at(r, c) is not Premium.NONE)
        files += sheet(f"laser-board-{piece.number}", 2 * premiums + 2 * (rows + cols) + 12)
    plates = plate_sheets(kit, split, bed)
    for n, on_sheet in enumerate(plates, 1):
        name = "laser-board-plates" if len(plates) == 1 else f"laser-board-plates-{n}"
        files += sheet(name, sum(4 + 2 * len(joint.along) for joint, *_ in on_sheet))
    board_cause = Cause("laser.bed", f"a board of {kit.layout.cols} × {kit.layout.rows} cells of {split.cell:g} mm "
                        f"in {len(split.pieces)} pieces", "choose a larger bed (laser.bed) or smaller cells")
    for f in files:
        work.causes[f.path] = board_cause if f.path.startswith("laser-board") else tiles_cause
    return files


def burn_work(kit: Kit, work: Work) -> list[FileWork]:
    p = kit.print
    files: list[FileWork] = []
    grid, placed, fronts = _tile_layout(kit)
    single = kit.burn.letters == "single"
    pages = _face_pages(kit, grid, placed, fronts, False)
    px = _paper_px(kit)
    cause = _tile_cause(kit, grid, placed)
    for stem in ("burn-tiles", "burn-tiles-mirrored"):
        files.append(FileWork(f"{stem}-{p.paper.name}.pdf", "burn", "pdf", fronts, px * fronts, sum(pages),
                              p.paper.name))
    if single:
        files += [FileWork(f"burn-tiles-single-{n}.svg", "burn", "svg", 1, px, items - FOOTER_ITEMS, p.paper.name)
                  for n, items in enumerate(pages, 1)]
    for f in files:
        work.causes[f.path] = cause
    _, sheet, split = _board_layout(kit, work)
    from .geometry import Rect

    # the template draws every part of the printed board as a line but the cells' fills, and on each
    # page only the lines that reach into its window: about the window's share of the sheet
    burned = sum(items_of((i,)) for i in sheet.items if not (isinstance(i, Rect) and i.tag.startswith("cell:")))
    area = sheet.width * sheet.height
    shares = [min(1.0, (w.window[2] - w.window[0] + sheet.cell) * (w.window[3] - w.window[1] + sheet.cell) / area)
              for w in split.windows]
    board_pages = [n + round(burned * k) for n, k in zip(_window_items(split, 0), shares)]
    path = f"burn-board-{split.paper}.pdf"
    files.append(FileWork(path, "burn", "pdf", len(board_pages), _px(split.page_w, split.page_h) * len(board_pages),
                          sum(board_pages), split.paper))
    work.causes[path] = _board_cause(kit, sheet, split)
    return files


def threed_work(kit: Kit, work: Work) -> list[FileWork]:
    """The 3D parts' files: each plate of tiles, each piece of the board and each plate of racks as
    a 3MF and its STLs, their triangles counted by the part (a tile's, a cell's, a rack's: the
    constants above), the plates and pieces laid out as the product lays them (no solid is made)."""
    import math

    from .sheets.threed import rack_plate
    from .sheets.tiles import kit_spares, tile_faces
    from .solid.plates import plates

    p3 = kit.print3d
    if p3 is None:
        return []
    bed = f"{p3.printer.bed_w:g}x{p3.printer.bed_h:g} bed"

    def plate(stem: str, triangles: int, parts: tuple[str, ...]) -> list[FileWork]:
        return _plate_work(stem, bed, triangles, parts)

    files: list[FileWork] = []
    if "tiles" in p3.parts:
        tiles = len(tile_faces(kit)) + len(kit_spares(kit))
        on = plates(kit, tiles)
        for n, placed in enumerate(on, 1):
            files += plate(f"3d/tiles-plate-{n}", len(placed) * TILE_TRIANGLES, ("body", "letters"))
        cause = Cause("distribution", f"{tiles} tiles on {len(on)} plates of {p3.printer.title}",
                      "choose fewer tiles (distribution): a set this large prints as several kits, each of part of it")
        for f in files:
            work.causes[f.path] = cause
    if "board" in p3.parts:
        files += _board3d_work(kit)
    if "racks" in p3.parts:
        cols, rows, _ = rack_plate(kit)
        racks, per = len(kit.play.players), cols * rows
        for n in range(1, math.ceil(racks / per) + 1):
            files += plate(f"3d/racks-plate-{n}", min(per, racks - (n - 1) * per) * RACK_TRIANGLES,
                           ("body", "letters"))
    return files


def _board3d_work(kit: Kit) -> list[FileWork]:
    from .solid.board import PREMIUMS, plan_board3d

    p3 = kit.print3d
    bed = f"{p3.printer.bed_w:g}x{p3.printer.bed_h:g} bed"
    files: list[FileWork] = []
    lay = kit.layout
    premiums = tuple(code for code in PREMIUMS if any(lay.at(r, c).code == code for r in range(lay.rows)
                                                      for c in range(lay.cols)))
    for piece in plan_board3d(kit).pieces:  # a piece's parts: its body, letters and the board's premiums
        cells = (piece.rows[1] - piece.rows[0]) * (piece.cols[1] - piece.cols[0])
        files += _plate_work(f"3d/board-piece-{piece.number}", bed, cells * CELL_TRIANGLES,
                             ("body", "letters", *premiums))
    return files


def _plate_work(stem: str, bed: str, triangles: int, parts: tuple[str, ...]) -> list[FileWork]:
    """A plate's 3MF and an STL a part, the triangles shared out among the STLs."""
    return [FileWork(f"{stem}.3mf", "3d", "3mf", 0, 0, 0, bed, triangles)] + [
        FileWork(f"{stem}-{part}.stl", "3d", "stl", 0, 0, 0, bed, triangles // len(parts)) for part in parts]


def _drawn(product: str, documents) -> list[FileWork]:
    """Files of a product whose size does not grow with the kit, from its documents themselves
    (every page of a PDF or SVG has its preview: these are not print-all)."""
    out = []
    for doc in documents:
        shown = doc.pages if doc.format in ("pdf", "svg") else ()
        px = sum(_px(*(page.trim_box[2:] if doc.format == "pdf" else (page.width, page.height))) for page in shown)
        paper = doc.figures.get("paper", "") if isinstance(doc.figures.get("paper", ""), str) else ""
        size, image = (0, 0), 0
        if doc.format == "png":
            from .writers.png import png_size

            sizes = [png_size(page.width, page.height, doc.figures.get("dpi", 0)) for page in doc.pages]
            size = max(sizes, key=lambda wh: wh[0] * wh[1], default=(0, 0))
            image = max((w * h for w, h in sizes), default=0)
        out.append(FileWork(doc.path, product, doc.format, len(doc.pages), px,
                            sum(items_of(page.items) for page in doc.pages), paper, image_px=image, image_size=size))
    return out


def _print_all(kit: Kit, made: dict[str, list[FileWork]], work: Work) -> list[FileWork]:
    """print-all: a contents page and every page of the printable products' PDFs on the kit's paper
    (those this build does not rebuild counted too: print-all is made of all of them)."""
    from .products import laid_out_for, printed
    from .sheets.printall import print_all_path

    paper = kit.print.paper
    inside: list[FileWork] = []
    for product in printed(made):
        files = made.get(product.name)
        if files is None:
            try:
                files = _count(product, laid_out_for(kit, product), Work(kit, (product.name,)))
            except PrintkitError as exc:
                files = []
                work.failed[product.name] = exc
        inside += [f for f in files if f.format == "pdf" and f.paper in (paper.name, "")]
    pages = 1 + sum(f.pages for f in inside)
    items = sum(f.items for f in inside) + 40 + 12 * len(inside) + FOOTER_ITEMS
    path = print_all_path(kit)
    work.causes[path] = Cause("print.paper", "its contents page and the pages of " + ", ".join(
        f"{f.path} ({f.pages})" for f in sorted(inside, key=lambda f: -f.pages)[:3]) + ("…" if len(inside) > 3 else ""),
        "choose larger paper (print.paper), larger cells or tiles, or fewer tiles")
    return [FileWork(path, "print-all", "pdf", pages, _paper_px(kit), items, paper.name)]


__all__ = ["MAX_FILE_PAGES", "MAX_IMAGE_PX", "MAX_ITEMS", "MAX_PAGES", "MAX_PREVIEW_PX", "MAX_TRIANGLES", "BudgetError",
           "FileWork",
           "Work", "board_work", "burn_work", "estimate", "items_of", "laser_work", "threed_work", "tiles_work"]
