"""The products a build makes: one registry, read by everything that lists or makes them.

A product is a :class:`Product` record: its name (``--only NAME``, the manifest's ``product``), how
it lays out its documents from the kit (a sheet's function), what it needs from the kit (the kit
laid out for the home printer's compensation, or the kit as it is) and what the budget's estimate
of its work needs (:mod:`printkit.budget`), and what it needs from an optional extra (:mod:`printkit.needs`: the
build, ``check`` and the web page read it). The build's plan and ``--only``, the budget, print-all,
the gallery, the web page's downloads and the command line's help all read :data:`REGISTRY`; a new
product is an entry here (or :func:`register`) and its sheet.

This module lays out (:func:`plan`: all the geometry, no file): ``check`` and the web page's
preview use it without the module that writes folders. It imports no sheet until one is laid
out, so that the command line's help can list the products at once.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Callable, Iterable

from .errors import PrintkitError
from .formats import lazy
from .needs import SINGLE_LINE, SOLIDS, Lack, Need
from .records import record

if TYPE_CHECKING:  # for the annotations only: the help lists the products without loading these
    from .budget import Cause, FileWork, Work
    from .geometry import Document
    from .model import Kit

PRINT_ALL = "print-all"
CALIBRATION = "calibration"  # printed first in print-all: a printer that scales the page is found first


@record
class Product:
    """One product of a kit."""

    name: str  # as --only and the manifest name it: "tiles", "print-all"
    documents: Callable[..., list[Document]]  # its documents from the kit (``gathers``: from the kit and the others')
    what: str  # its files in a sentence of the budget: "this kit's {what} take 600 pages"
    for_printer: bool = True  # lays out on the paper the printer's compensation leaves, and is compensated
    in_print_all: bool = False  # its pages of the kit's paper go into print-all
    # made of the documents of the products ``in_print_all``: laid out after them, rebuilt with them
    gathers: bool = False
    estimate: Callable[[Kit, Work], list[FileWork]] | None = None  # the budget's count; None: drawn and counted
    # what makes a drawn product's files large (its pages, an image's pixels), for the budget to name: a
    # :class:`printkit.budget.Cause`; None: the kit's file is named
    cause: Callable[[Kit], Cause] | None = None
    # made by a build that names no products; else only when ``--only`` names it (a craft cutter's files,
    # which a kit's every build need not write; the 3D tiles). ``check`` lays out the products made by default.
    by_default: bool = True
    # its files' own checks in verify, run before their format's (``printkit.formats``): (report, context, the
    # manifest's entry, the file's bytes, its path) → whether the format's checks run too; None: the format's
    verify: Callable[..., bool] | None = None
    # what it needs from an optional extra (printkit.needs): its modules and extra, or the libraries of the formats
    # a profile of the kit lists; the build stops before laying it out where one is missing, the web page marks it
    needs: tuple[Need, ...] = ()

    @property
    def words(self) -> str:
        """The key of its heading in :data:`printkit.text.TABLE` (the gallery, the web page)."""
        return "product_" + self.name.replace("-", "_")


# -- the products' sheets, imported when laid out ---------------------------------------------------

def _tiles(kit: Kit) -> list[Document]:
    from .sheets.tiles import tile_documents

    return tile_documents(kit)


def _board(kit: Kit) -> list[Document]:
    from .sheets.board import board_documents

    return board_documents(kit)


def _laser(kit: Kit) -> list[Document]:
    from .sheets.laser import laser_documents

    return laser_documents(kit)


def _burn(kit: Kit) -> list[Document]:
    from .sheets.burn import burn_documents

    return burn_documents(kit)


def _play(kit: Kit) -> list[Document]:
    from .sheets.play import play_documents

    return play_documents(kit)


def _calibration(kit: Kit) -> list[Document]:
    from .sheets.calibration import calibration_documents

    return calibration_documents(kit)


def _cutter(kit: Kit) -> list[Document]:
    from .sheets.cutter import cutter_documents

    return cutter_documents(kit)


def _stickers(kit: Kit) -> list[Document]:
    from .sheets.stickers import sticker_documents

    return sticker_documents(kit)


def _cutter_profile(kit: Kit):
    return kit.cutter.cutter


def _laser_profile(kit: Kit):
    return kit.laser.machine if kit.laser is not None else None


# the laser's sheets (the laser's, the racks', the box's): the formats its machine profile lists (DXF: ezdxf)
_LASER_FILES = Need(profile=_laser_profile, control="laser.profile", said="serve_needs_laser",
                    browser_said="serve_needs_laser_browser")
# a craft cutter's files: the formats its profile lists (Silhouette's cut file is DXF: ezdxf)
_CUTTER_FILES = Need(profile=_cutter_profile, control="cutter.profile", said="serve_needs_cutter",
                     says="the cut file of the cutter profile '{name}' ({title}) is {format}, which needs the "
                          "{library} library, not installed: {line} (or --cutter cricut: SVG and PNG, no library)")


def _cutter_cause(kit: Kit) -> Cause:
    from .budget import Cause

    c = kit.cutter.cutter
    page = f"pages of up to {c.area_w:g} × {c.area_h:g} mm" if not c.papers else "a page"
    return Cause("cutter.profile", f"the cutter profile {c.name} ({c.file}) prints {page}, its PNG at {c.png_dpi} dpi",
                 "lower its png_dpi or its area, or choose another profile (--cutter)", at=c.size_at)


def _stickers_cause(kit: Kit) -> Cause:
    from .budget import Cause
    from .text.plural import english

    s = kit.stickers.stock
    return Cause("stickers.stock", f"the label stock {s.name} ({s.file}) has {english(s.cols * s.rows, 'label')} a "
                                   f"sheet",
                 "choose a stock with more labels a sheet (--labels), or fewer tiles")


def _racks(kit: Kit) -> list[Document]:
    from .sheets.racks import rack_documents

    return rack_documents(kit)


def _box(kit: Kit) -> list[Document]:
    from .sheets.box import box_documents

    return box_documents(kit)


def _bag(kit: Kit) -> list[Document]:
    from .sheets.bag import bag_documents

    return bag_documents(kit)


def _print_all(kit: Kit, made: dict[str, list[Document]]) -> list[Document]:
    """The print-all document, from the documents of the products in print-all as a build makes
    them (laid out and compensated for the printer): those in ``made``, already planned, the others
    made here. Its own contents page is compensated like theirs; their pages are so already, and
    the calibration sheet's never are."""
    from .sheets.compensate import compensate, laid_out
    from .sheets.printall import print_all_document

    sources = {p.name: made[p.name] if p.name in made else documents(kit, p.name) for p in printed(made)}
    doc = print_all_document(laid_out(kit), sources)
    contents = compensate(replace(doc, pages=doc.pages[:1]), kit)
    return [replace(doc, pages=contents.pages + doc.pages[1:], figures=contents.figures)]


def _threed(kit: Kit) -> list[Document]:
    from .sheets.threed import threed_documents

    return threed_documents(kit)


# -- the budget's counts, imported when counted ----------------------------------------------------

def _tiles_work(kit: Kit, work: Work) -> list[FileWork]:
    from .sheets.tiles import tiles_work

    return tiles_work(kit, work)


def _board_work(kit: Kit, work: Work) -> list[FileWork]:
    from .sheets.board.work import board_work

    return board_work(kit, work)


def _laser_work(kit: Kit, work: Work) -> list[FileWork]:
    from .sheets.laser.work import laser_work

    return laser_work(kit, work)


def _threed_work(kit: Kit, work: Work) -> list[FileWork]:
    from .sheets.threed import threed_work

    return threed_work(kit, work)


def _burn_work(kit: Kit, work: Work) -> list[FileWork]:
    from .sheets.burn.work import burn_work

    return burn_work(kit, work)


REGISTRY: dict[str, Product] = {p.name: p for p in (
    Product("tiles", _tiles, "tiles", in_print_all=True, estimate=_tiles_work),
    Product("board", _board, "board", in_print_all=True, estimate=_board_work),
    Product("laser", _laser, "laser jobs", for_printer=False, estimate=_laser_work,  # not printed: at 100 %
            needs=(_LASER_FILES,)),
    Product("burn", _burn, "burning templates", estimate=_burn_work, needs=(SINGLE_LINE,)),
    Product("play", _play, "play sheets", in_print_all=True),
    Product(CALIBRATION, _calibration, "calibration sheet", for_printer=False, in_print_all=True),  # never scaled
    Product(PRINT_ALL, _print_all, "print-all", gathers=True),
    # the 3D-printed tiles: an optional extra (manifold3d) and seconds of solids, so only on request
    Product("3d", _threed, "3D-printed tiles", for_printer=False, estimate=_threed_work, by_default=False,
            needs=(SOLIDS,)),
    # print-and-cut for a craft cutter: never scaled for the printer (its marks register the cut)
    Product("cutter", _cutter, "print-and-cut sheets", for_printer=False, by_default=False, cause=_cutter_cause,
            verify=lazy("printkit.verify.cutter:checks"), needs=(_CUTTER_FILES,)),
    # tile stickers on label stock: printed on the home printer (its calibration applies)
    Product("stickers", _stickers, "sticker sheets", by_default=False, cause=_stickers_cause,
            verify=lazy("printkit.verify.stickers:checks")),
    # tile racks cut by the laser, one per player: at 100 % like the laser's sheets, and only on request; the
    # card racks' page goes into print-all when the racks are made
    Product("racks", _racks, "tile racks", for_printer=False, in_print_all=True, by_default=False,
            needs=(_LASER_FILES,)),
    # the box that holds the set, cut by the laser, and a card box to print: only on request; the card box's page
    # goes into print-all when the box is made (the laser sheets are not on paper)
    Product("box", _box, "box parts", for_printer=False, in_print_all=True, by_default=False,
            needs=(_LASER_FILES,)),
    # the drawstring bag's sewing pattern, printed at 1:1 on the home printer (its calibration applies)
    Product("bag", _bag, "bag pattern", in_print_all=True, by_default=False),
)}


def register(product: Product) -> Product:
    """Add ``product`` to the registry (after the others: the manifest lists its files there)."""
    if product.name in REGISTRY:
        raise ValueError(f"a product named {product.name!r} is registered already")
    REGISTRY[product.name] = product
    return product


def names() -> list[str]:
    """Every product's name, in the registry's order (the manifest's): what ``--only`` takes."""
    return list(REGISTRY)


def get(name: str) -> Product:
    return REGISTRY[name]


def printed(made: Iterable[str] = ()) -> list[Product]:
    """The products whose pages go into print-all, in the registry's order: those a build makes by
    default, and of those made only on request (the racks, the bag) the ones in ``made`` (this build
    makes them, or the kit's folder holds them already)."""
    made = set(made)
    return [p for p in REGISTRY.values() if p.in_print_all and (p.by_default or p.name in made)]


def chosen(only: list[str] | None) -> list[str]:
    """The products a build makes: all made by default, or ``only`` these, with print-all when one of its products is
    rebuilt (its pages are theirs). An unknown or empty choice is an error naming the products."""
    from .config.reader import suggest

    if only is None:
        return [p.name for p in REGISTRY.values() if p.by_default]
    if not only:
        raise PrintkitError(f"--only: name at least one product ({', '.join(REGISTRY)})")
    for name in only:
        if name not in REGISTRY:
            raise PrintkitError(f"--only: unknown product '{name}'{suggest(name, REGISTRY) or ''} "
                                f"(products: {', '.join(REGISTRY)})")
    chosen_ = [p for p in REGISTRY if p in only]
    if any(REGISTRY[n].in_print_all for n in chosen_):
        chosen_ += [p.name for p in REGISTRY.values() if p.gathers and p.name not in chosen_]
    return chosen_


def laid_out_for(kit: Kit, product: Product) -> Kit:
    """The kit a product lays out: with room for the printer's compensation (see
    :mod:`printkit.sheets.compensate`), except for a product not for the printer: the calibration
    sheet, which is never compensated, and the laser's sheets, which are not printed (their spares
    are those of the paper sheets at 100 %, so that a printer's calibration changes no byte of them)."""
    from .sheets.compensate import laid_out

    return laid_out(kit) if product.for_printer else kit


def documents(kit: Kit, name: str, work: Work | None = None) -> list[Document]:
    """The documents of a product (not one that gathers others) as a build writes them: laid out
    for the printer's compensation, then compensated. ``work``: the budget's estimate of this kit,
    whose count may have laid them out already (:func:`drawn_documents`)."""
    from .sheets.compensate import compensate

    product = REGISTRY[name]
    laid = laid_out_for(kit, product)
    counted = None
    if work is not None:
        counted = drawn_documents(work, name, laid)
    return [compensate(doc, kit) for doc in (counted if counted is not None else product.documents(laid))]


def lacking(kit: Kit, name: str) -> Lack | None:
    """What the product ``name`` lacks to be made of ``kit`` here: the first of its needs (:attr:`Product.needs`)
    whose library is not installed, or None. The build, ``check`` and the web page (:mod:`printkit.serve.offers`)
    read it."""
    product = REGISTRY[name]
    for need in product.needs:
        lack = need.lacking(kit, name, product.words)
        if lack is not None:
            return lack
    return None


def require(kit: Kit, names_: Iterable[str]) -> None:
    """Stop before any product of ``names_`` is laid out if one lacks a library (:func:`lacking`): the first one's
    line, with the pip line of its extra."""
    for name in names_:
        lack = lacking(kit, name)
        if lack is not None:
            raise PrintkitError(lack.message(kit))


def plan(kit: Kit, names_: list[str], laid: dict[str, list[Document]] | None = None,
         work: Work | None = None) -> list[tuple[str, Document]]:
    """Every document of the products ``names_``, as (product, document): all the geometry, no files.
    A mistake found here stops a build before any file is touched (and ``check`` finds it too).
    ``laid``: documents of other products planned already for this kit (by product, as :func:`plan`
    gave them), which a product that gathers others takes rather than laying them out again;
    ``work``: the budget's estimate of the kit, whose drawn documents are taken too."""
    from .interrupt import checkpoint
    from .writers import require as require_format
    from .writers.preflight import preflight  # the submodule: what a writer checks before a file is written

    require(kit, names_)  # a library a product needs (its entry's needs), before seconds of layout
    made: dict[str, list[Document]] = {}
    for name in sorted(names_, key=lambda n: REGISTRY[n].gathers):  # print-all last, from the others' documents
        checkpoint()  # a stop asked for while a build is held (see build.build_kit) lands between products
        product = REGISTRY[name]
        made[name] = product.documents(kit, {**(laid or {}), **made}) if product.gathers else \
            documents(kit, name, work)
    out: list[tuple[str, Document]] = []
    seen: set[str] = set()
    for name in names_:  # a file two products make (the kerf coupon: the laser's, the box's) is listed once
        for doc in made[name]:
            if doc.path not in seen:
                seen.add(doc.path)
                out.append((name, doc))
    for fmt in sorted({doc.format for _, doc in out}):
        require_format(fmt)  # a format's library no need of its product declared
    for _, doc in out:
        preflight(doc)  # what a writer checks before a file is written (a PDF: that its fonts embed)
    return out


# -- the work of a build: each product's count, for the budget (printkit.budget) ---------------------------

def estimate(kit: Kit, only: list[str] | None = None) -> Work:
    """The work of ``printkit build`` of ``kit`` (all products, or ``only`` these, with print-all
    when it is rebuilt with them): every file, its pages, preview pixels and items. A product the
    kit cannot be laid out for (a tile larger than the paper, say), or not counted for a library it lacks here
    (:func:`lacking`), is left out, and named in ``failed``: the build stops on it with its own message."""
    from .budget import Work

    names = chosen(only)
    work = Work(kit, tuple(names), what={p.name: p.what for p in REGISTRY.values()})
    made: dict[str, list[FileWork]] = {}
    for name in names:
        product = REGISTRY[name]
        if product.gathers:
            continue
        try:
            made[name] = count(product, laid_out_for(kit, product), work)
        except PrintkitError as exc:
            made[name] = []
            work.failed[name] = exc
        except ImportError:  # its sheets import a library this install lacks: the build stops on it in plan
            lack = lacking(kit, name)
            if lack is None:
                raise
            made[name] = []
            work.failed[name] = PrintkitError(lack.message(kit))
    for name in names:
        if REGISTRY[name].gathers:
            made[name] = _print_all_work(kit, made, work)
    work.files = [f for name in names for f in made.get(name, [])]
    return work


def count(product: Product, kit: Kit, work: Work) -> list[FileWork]:
    """The files of ``product`` for ``kit`` as it lays it out: by its registered count, or else from its
    documents, drawn (a product whose size does not grow with the kit)."""
    if product.estimate is not None:
        return product.estimate(kit, work)
    docs = product.documents(kit)
    work.shared[("documents", product.name)] = (kit, docs)
    files = drawn(product.name, docs)
    if product.cause is not None:
        cause = product.cause(kit)
        work.causes.update((f.path, cause) for f in files)
    return files


def drawn_documents(work: Work, product: str, kit: Kit) -> list | None:
    """The documents of ``product`` the estimate drew to count them (a product counted by drawing),
    if it drew them for this very kit (or an equal one); None otherwise."""
    kept = work.shared.get(("documents", product))
    if kept is None or not (kept[0] is kit or kept[0] == kit):
        return None
    return kept[1]


def drawn(product: str, documents) -> list[FileWork]:
    """Files of a product whose size does not grow with the kit, from its documents themselves
    (every page of a PDF or SVG has its preview: these are not print-all)."""
    from .budget import FileWork, items_of, page_px

    out = []
    for doc in documents:
        shown = doc.pages if doc.format in ("pdf", "svg") else ()
        px = sum(page_px(*(page.trim_box[2:] if doc.format == "pdf" else (page.width, page.height))) for page in shown)
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


def _print_all_work(kit: Kit, made: dict[str, list[FileWork]], work: Work) -> list[FileWork]:
    """print-all: a contents page and every page of the printable products' PDFs on the kit's paper
    (those this build does not rebuild counted too: print-all is made of all of them)."""
    from .budget import FOOTER_ITEMS, Cause, FileWork, Work, paper_px
    from .sheets.printall import print_all_path

    paper = kit.print.paper
    inside: list[FileWork] = []
    for product in printed(made):
        files = made.get(product.name)
        if files is None:
            try:
                files = count(product, laid_out_for(kit, product), Work(kit, (product.name,)))
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
    return [FileWork(path, "print-all", "pdf", pages, paper_px(kit), items, paper.name)]


__all__ = ["CALIBRATION", "PRINT_ALL", "REGISTRY", "Product", "chosen", "count", "documents", "drawn",
           "drawn_documents", "estimate", "get", "lacking", "laid_out_for", "names", "plan", "printed", "register",
           "require"]
