"""The work a build of a kit takes, known before anything is drawn, and the budget it must stay in.

:func:`printkit.products.estimate` counts, from the kit alone, every file a build writes (a
:class:`FileWork`): its pages (an SVG or DXF sheet is a page), the pixels of its previews (a page's of
paper, and the gallery's pictures of the files that are not: a DXF sheet's drawing, a PNG page's, a 3D
plate's, :func:`sheet_px`, :func:`plate_px`) and about how many items of geometry it holds. Each product
counts its own files (its entry's ``estimate``, beside its sheets: the tile grid and where each tile goes,
the board's split over the paper, the laser beds), drawing nothing that grows with the kit, in a few
tenths of a second for any kit the config accepts; the products whose size does not grow with the kit
(the score sheets, the calibration sheet, the kerf test coupon) are drawn and counted from their
documents (:func:`document_px` their previews). This module holds the kinds of work, the
limits and the words of a refusal, and knows no product.

A kit within every limit of its config could still ask for 2000 pages of A5 (2000 tiles of
100 mm) and keep a build busy for many minutes: ``check`` and ``build`` refuse a kit whose work
passes the budget below, at once, with the figure and the limit (:meth:`Work.problems`), and the
web page's build pool reads the same estimate. The limits are set so that the largest kit under
them builds in well under 1 GB (a build streams: each page's preview is written as it is made)
and in about a minute of one processor; ``bench/bench_budget.py`` measures both.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace

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
# took 45 s and 418 MB. The pictures of the gallery draw every file's triangles once more (printkit.preview, in
# the painter's order): 2.7 s more for the default kit's 0.7 million (3.0 s without them, 5.7 s with, no cache).
# The limit keeps a build of the 3D parts to about half a minute and 300 MB.
MAX_TRIANGLES = 3_000_000
# Pixels of one image a build writes (a craft cutter's PNG): an A4 or Letter page at 600 dpi is 35 million. The PNG
# is made by resvg and Pillow, a few copies of 4 bytes a pixel: 40 million keeps one under about 700 MB (a cutter's
# area of 1000 × 1000 mm at 1200 dpi would be 2 232 million, past Pillow's own limit of 179 million).
MAX_IMAGE_PX = 40_000_000
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
    """The work of building ``products`` of ``kit``: every file, with its figures. A product counted from its
    documents (:func:`printkit.products.drawn`, which counts the previews of its pages of paper) keeps them in
    ``shared``; as ``files`` is set, each of its files that is a picture of its own (a PNG page, a DXF sheet)
    gets its preview's pixels from its document (:func:`document_px`)."""

    kit: Kit
    products: tuple[str, ...]
    files: list[FileWork] = field(default_factory=list)
    causes: dict[str, Cause] = field(default_factory=dict)  # by file path: why that file has so many pages
    failed: dict[str, PrintkitError] = field(default_factory=dict)  # products that cannot be laid out, and why
    shared: dict = field(default_factory=dict, repr=False)  # layouts more than one product shares
    what: dict[str, str] = field(default_factory=dict)  # each product's files in a sentence ("tiles", "laser jobs")

    def __setattr__(self, name: str, value) -> None:
        if name == "files":
            value = [self._pictured(f) for f in value]
        object.__setattr__(self, name, value)

    def _pictured(self, f: FileWork) -> FileWork:
        """``f`` with its pictures' pixels counted from the document its product drew to count it, if it did,
        where its count left them out."""
        from .preview import FORMATS as PAGES  # the pages of paper, whose previews the product counted

        if f.preview_px or f.format in PAGES:
            return f
        kept = getattr(self, "shared", {}).get(("documents", f.product))  # printkit.products.count keeps them
        doc = next((d for d in kept[1] if d.path == f.path), None) if kept else None
        return f if doc is None else replace(f, preview_px=document_px(doc))

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
            what = self.what.get(f.product, f.product)
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


def _millions(n: int) -> str:
    """``n`` in millions to two figures (26 million, 7.7 million, 0.97 million); below 100 000 whole."""
    if n >= 100_000:
        v = n / 1_000_000
        return f"{v:.0f} million" if v >= 10 else f"{v:.2g} million"
    return _thousands(n)


def _thousands(n: int) -> str:
    return f"{n:,}".replace(",", " ")


def _previewed(f: FileWork) -> int:
    """How many previews a build makes of ``f``: one a page of a PDF (print-all's first alone), one of any other
    file printkit.preview draws here (a 3D plate's where the 3D extra is, a DXF's where the dxf extra is)."""
    from .preview import preview_paths

    return len(preview_paths(f.path, f.format, 1 if f.product == "print-all" else f.pages))


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


def page_px(width_mm: float, height_mm: float) -> int:
    """The pixels of the preview of a page of ``width_mm`` × ``height_mm``."""
    from .preview import pixels

    w, h = pixels(width_mm, height_mm)
    return w * h


def paper_px(kit: Kit) -> int:
    """The pixels of the preview of a page of the kit's paper."""
    p = kit.print.paper
    return page_px(p.width_mm, p.height_mm)


def sheet_px(fmt: str, width_mm: float, height_mm: float) -> int:
    """The pixels of the preview of one sheet of a ``fmt`` file of ``width_mm`` × ``height_mm`` (a DXF's limits:
    the laser's bed or the page): a page's, where printkit.preview draws that format here; else 0."""
    from .preview import preview_paths

    return page_px(width_mm, height_mm) if preview_paths("sheet", fmt, 1) else 0


def plate_px(bed_w: float, bed_h: float) -> int:
    """At most the pixels of the picture of a 3D file on a bed of ``bed_w`` × ``bed_h`` (printkit.preview: its
    parts at 2 px a mm, 3 mm around them, tilted 35° towards the viewer): the whole bed's, as the parts on it,
    lower than a third of its depth, take less than its depth seen tilted (the default kit's files: 30 % of it
    on average). 0 where the 3D pictures are not drawn."""
    from .preview import SOLID_PX_PER_MM, preview_paths

    if not preview_paths("plate.3mf", "3mf", 0):
        return 0
    return math.ceil((bed_w + 6.0) * SOLID_PX_PER_MM) * math.ceil((bed_h + 6.0) * SOLID_PX_PER_MM)


def document_px(doc) -> int:
    """The pixels of all the previews printkit.preview makes of the document of pages ``doc`` (as
    :func:`_previewed` counts them): each page of a PDF as its trim box shows it, an SVG's page, a PNG's page at
    its resolution as the file states it, a DXF's limits (the bed it names, or its page)."""
    from .preview import preview_paths

    if not doc.pages or not preview_paths(doc.path, doc.format, len(doc.pages)):
        return 0
    page = doc.pages[0]
    if doc.format == "pdf":
        return sum(page_px(*p.trim_box[2:]) for p in doc.pages)
    if doc.format == "png":
        from .preview import png_pixels
        from .writers.png import png_size

        dpi = doc.figures.get("dpi", 0)
        stated = int(dpi / 0.0254 + 0.5) * 0.0254  # as Pillow writes it in the PNG (pixels a metre) and reads it
        w, h = png_pixels(png_size(page.width, page.height, dpi), stated)
        return w * h
    if doc.format == "dxf":
        return page_px(*(getattr(doc, "bed", None) or (page.width, page.height)))
    return page_px(page.width, page.height)


__all__ = ["FOOTER_ITEMS", "MAX_FILE_PAGES", "MAX_IMAGE_PX", "MAX_ITEMS", "MAX_PAGES", "MAX_PREVIEW_PX",
           "MAX_TRIANGLES", "BudgetError", "Cause", "FileWork", "Work", "document_px", "items_of",
           "page_px", "paper_px", "plate_px", "sheet_px"]
