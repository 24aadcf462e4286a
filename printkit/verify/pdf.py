"""PDF files, opened with pypdf as a print shop's or a viewer's software would: the pages and their
sizes, the boxes a print shop cuts by, the fonts embedded; then the page content of each kind of
sheet, read by :mod:`.pdfcontent`, goes to the checks of :mod:`.tiles` and :mod:`.sheets`."""

from __future__ import annotations

import io
import re
from dataclasses import replace
from pathlib import Path

from ..install import install_line
from ..report import exception_text
from .context import Context
from .measure import MM, TOL, close, mm, number, pair, plural, quiet, size_text
from .pdfcontent import PdfPage, read_page, resolve
from .report import Report
from .sheets import SHEET_CHECKS, check_board_edges, check_print_all_order, check_tile_faces
from .tiles import check_board_pages, check_tile_pages

TURNING = {"print-all"}  # kinds of PDF gathering others' pages: a page may be the paper turned (landscape)


def check_pdf(report: Report, ctx: Context, a: dict, data: bytes, path: Path | None = None) -> None:
    with quiet("pypdf"):
        _check_pdf_file(report, ctx, a, data)


def _check_pdf_file(report: Report, ctx: Context, a: dict, data: bytes) -> None:
    rel = a["path"]
    try:
        import pypdf
    except ImportError:  # a core dependency; only a broken install gets here
        report.fail(rel, f"pypdf is not installed: {install_line()}")
        return
    try:
        reader = pypdf.PdfReader(io.BytesIO(data))
        pages = list(reader.pages)
        sizes = [_page_size(p) for p in pages]
    except Exception as exc:  # noqa: BLE001 - any damage in the file is a failed check, not a crash
        report.fail(rel, f"cannot be read as PDF: {exception_text(exc, 119)}")
        return
    _check_pages(report, ctx, a, sizes)
    read = _Pages(pages)
    _check_boxes(report, a, pages, read)
    try:
        fonts = _pdf_fonts(pages)
    except Exception as exc:  # noqa: BLE001
        report.fail(rel, f"its fonts cannot be read: {exception_text(exc, 119)}")
        fonts = None
    if fonts is not None:
        _check_fonts(report, rel, fonts)
    kind = a.get("kind")
    if kind in ("tiles", "board", "burn-tiles", "burn-tiles-mirrored"):
        try:
            content = [read(n, w, h) for n, (w, h) in enumerate(sizes)]
        except Exception as exc:  # noqa: BLE001
            report.fail(rel, f"its pages cannot be read: {exception_text(exc, 119)}")
            return
        if kind != "board":
            check_tile_pages(report, ctx, a, content, letters=kind == "tiles")
            if kind == "tiles":
                check_tile_faces(report, a, content)
        else:
            check_board_pages(report, ctx, a, content)
            check_board_edges(report, a, content)
    elif kind in SHEET_CHECKS:
        try:
            content = [read(n, w, h) for n, (w, h) in enumerate(sizes)]
        except Exception as exc:  # noqa: BLE001
            report.fail(rel, f"its pages cannot be read: {exception_text(exc, 119)}")
            return
        for check in SHEET_CHECKS[kind]:
            check(report, ctx, a, content)
    if kind == "print-all":
        check_print_all_order(report, ctx, a, pages)


class _Pages:
    """The content of a file's pages, each read once (the poster's is read for its boxes and for its
    cells), with the fonts the pages share read once."""

    def __init__(self, pages):
        self.pages = pages
        self.fonts: dict = {}
        self.done: dict[int, PdfPage] = {}

    def __call__(self, index: int, width: float, height: float) -> PdfPage:
        """Page ``index`` (0: the first) as :func:`read_page` reads it, given as ``width`` × ``height``."""
        page = self.done.get(index)
        if page is None:
            page = self.done[index] = read_page(self.pages[index], width, height, self.fonts)
        return page if (page.width, page.height) == (width, height) else replace(page, width=width, height=height)


def _page_size(page) -> tuple[float, float]:
    """(width, height) in mm of the page as a viewer shows it: its crop box, turned by /Rotate."""
    box = page.cropbox
    unit = float(page.get("/UserUnit", 1.0))
    w, h = float(box.width) * unit * MM, float(box.height) * unit * MM
    return (h, w) if int(page.get("/Rotate", 0) or 0) % 180 else (w, h)


def _check_pages(report: Report, ctx: Context, a: dict, sizes: list[tuple[float, float]]) -> None:
    rel = a["path"]
    expected_pages = a.get("pages")
    paper = ctx.paper_mm(a)
    problems = []
    if isinstance(expected_pages, int) and len(sizes) != expected_pages:
        problems.append(f"{plural(len(sizes), 'page')}, the manifest says {expected_pages}")
    if not sizes:
        problems.append("no pages")
    if paper is None:
        problems.append("the manifest gives no paper_mm")
    else:
        turned = a.get("kind") in TURNING
        for n, (w, h) in enumerate(sizes, 1):
            if not (close(w, paper[0]) and close(h, paper[1])) and not (
                    turned and close(w, paper[1]) and close(h, paper[0])):
                problems.append(f"page {n} is {size_text(w, h)}, the manifest says {size_text(*paper)}")
                break
    if problems:
        report.fail(rel, "; ".join(problems))
    else:
        report.ok(rel, f"{plural(len(sizes), 'page')} of {size_text(*paper)}")


def _page_box(page, name: str) -> tuple[float, float, float, float] | None | str:
    """The page's own ``name`` box (/TrimBox, /BleedBox; /MediaBox inherited from the page tree) as
    (left, bottom, right, top) in mm; None when the page does not state it; a string saying what
    is wrong with one that is not four numbers."""
    if name == "/MediaBox":
        box = page.mediabox
        values = [box.left, box.bottom, box.right, box.top]
    else:
        if name not in page:
            return None
        values = resolve(page[name])
        if not isinstance(values, list) or len(values) != 4:
            return f"its {name[1:]} is not four numbers"
        values = [resolve(v) for v in values]
    try:
        x0, y0, x1, y1 = (float(v) for v in values)
    except (TypeError, ValueError):
        return f"its {name[1:]} is not four numbers"
    unit = float(page.get("/UserUnit", 1.0)) * MM
    return min(x0, x1) * unit, min(y0, y1) * unit, max(x0, x1) * unit, max(y0, y1) * unit


def _box_text(box: tuple[float, float, float, float]) -> str:
    return f"{size_text(box[2] - box[0], box[3] - box[1])} at ({mm(box[0])}, {mm(box[1])})"


def _same_box(a, b) -> bool:
    return all(close(u, v) for u, v in zip(a, b))


def _grown(box, by: float) -> tuple[float, float, float, float]:
    return box[0] - by, box[1] - by, box[2] + by, box[3] + by


def _inside(inner, outer) -> bool:
    return (inner[0] >= outer[0] - TOL and inner[1] >= outer[1] - TOL and inner[2] <= outer[2] + TOL
            and inner[3] <= outer[3] + TOL)


def _check_boxes(report: Report, a: dict, pages, read: _Pages) -> None:
    """Every page states its TrimBox (the finished size) and BleedBox (how far the print runs past
    it), as a print shop's software reads them. A file the manifest gives ``trim_mm`` and ``bleed_mm``
    (the poster) is trimmed to that size with that bleed on every side inside the page, its
    background reaching the bleed's edge and its words inside the trim; any other (a home printer's
    pages) keeps TrimBox = BleedBox = MediaBox."""
    rel = a["path"]
    trim_mm, bleed_mm = pair(a.get("trim_mm")), number(a.get("bleed_mm"))
    if ("trim_mm" in a or "bleed_mm" in a) and (trim_mm is None or bleed_mm is None or bleed_mm < 0):
        report.fail(rel, f"the manifest's trim_mm {a.get('trim_mm')!r} and bleed_mm {a.get('bleed_mm')!r} are not "
                         f"a size and a length")
        return
    shop = trim_mm is not None
    problems: list[str] = []
    texts = 0
    for n, page in enumerate(pages, 1):
        at = f"page {n}: " if len(pages) > 1 else ""
        try:
            media, trim, bleed = (_page_box(page, k) for k in ("/MediaBox", "/TrimBox", "/BleedBox"))
        except Exception as exc:  # noqa: BLE001 - a damaged box is a failed check
            problems.append(f"{at}its boxes cannot be read: {exception_text(exc, 119)}")
            break
        wrong = [b for b in (media, trim, bleed) if isinstance(b, str)]
        missing = [k for k, b in (("TrimBox", trim), ("BleedBox", bleed)) if b is None]
        if wrong or missing:
            if missing:
                wrong.append(" and ".join(f"no {k}" for k in missing) + " (a print shop's software then guesses "
                                                                        "where to cut)")
            problems.append(at + "; ".join(wrong))
            break
        if not shop:
            if not _same_box(trim, media) or not _same_box(bleed, media):
                problems.append(f"{at}TrimBox {_box_text(trim)} and BleedBox {_box_text(bleed)}, but a page for a "
                                f"home printer is trimmed nowhere: both should be the MediaBox {_box_text(media)}")
                break
            continue
        tw, th = trim[2] - trim[0], trim[3] - trim[1]
        if not (close(tw, trim_mm[0]) and close(th, trim_mm[1])):
            problems.append(f"{at}TrimBox {_box_text(trim)}, the manifest says {size_text(*trim_mm)}")
            break
        if not _same_box(bleed, _grown(trim, bleed_mm)):
            problems.append(f"{at}BleedBox {_box_text(bleed)} is not the TrimBox and {mm(bleed_mm)} mm on every "
                            f"side ({_box_text(_grown(trim, bleed_mm))}), as the manifest says")
            break
        if not _inside(bleed, media):
            problems.append(f"{at}BleedBox {_box_text(bleed)} runs off the page {_box_text(media)}")
            break
        try:
            content = read(n - 1, media[2] - media[0], media[3] - media[1])
        except Exception as exc:  # noqa: BLE001
            problems.append(f"{at}its content cannot be read: {exception_text(exc, 119)}")
            break
        if bleed_mm > 0 and not any(s.x0 <= bleed[0] + TOL and s.y0 <= bleed[1] + TOL and s.x1 >= bleed[2] - TOL
                                    and s.y1 >= bleed[3] - TOL for s in content.squares):
            problems.append(f"{at}nothing is painted to the edge of the bleed {_box_text(bleed)}: the cut shows "
                            f"a white edge wherever it strays")
            break
        outside = [r for r in content.runs if not (trim[0] <= r.x <= trim[2] and trim[1] <= r.y <= trim[3])]
        if outside:
            r = outside[0]
            problems.append(f"{at}{plural(len(outside), 'text run')} outside the TrimBox, the first "
                            f"{r.text[:20]!r} at ({mm(r.x)}, {mm(r.y)}) mm: cut off with the bleed")
            break
        texts += len(content.runs)
    if problems:
        report.fail(rel, "; ".join(problems))
    elif shop:
        report.ok(rel, f"TrimBox {size_text(*trim_mm)}, BleedBox {mm(bleed_mm)} mm past it on every side, painted to "
                       f"its edge; {plural(texts, 'text run')} inside the trim")
    else:
        on = f" on each of {len(pages)} pages" if len(pages) > 1 else ""
        report.ok(rel, f"TrimBox = BleedBox = MediaBox{on} (trimmed nowhere)")


def _pdf_fonts(pages) -> dict[str, list[str]]:
    """Every font the pages use (their resources and those of their forms): name → its problems."""
    found: dict[str, list[str]] = {}
    seen: set[int] = set()

    def visit(resources) -> None:
        resources = resolve(resources)
        if not resources or id(resources) in seen:
            return
        seen.add(id(resources))
        for _, ref in (resolve(resources.get("/Font")) or {}).items():
            font = resolve(ref)
            name = str(font.get("/BaseFont", "(no name)")).lstrip("/")
            found.setdefault(name, _font_problems(font, name))
        for _, ref in (resolve(resources.get("/XObject")) or {}).items():
            xobject = resolve(ref)
            if xobject.get("/Subtype") == "/Form" and "/Resources" in xobject:
                visit(xobject["/Resources"])

    for page in pages:
        if "/Resources" in page:
            visit(page["/Resources"])
    return found


def _font_problems(font, name: str) -> list[str]:
    subtype = font.get("/Subtype")
    if subtype == "/Type0":
        descendants = resolve(font.get("/DescendantFonts")) or []
        font = resolve(descendants[0]) if descendants else {}
    descriptor = resolve(font.get("/FontDescriptor")) if font else None
    problems = []
    if not descriptor or "/FontFile2" not in descriptor:
        other = [k for k in ("/FontFile", "/FontFile3") if descriptor and k in descriptor]
        problems.append(f"is not embedded as TrueType ({other[0][1:]} instead of FontFile2)" if other
                        else "is not embedded")
    if not re.match(r"[A-Z]{6}\+", name):
        problems.append("is not a subset (no ABCDEF+ prefix)")
    return problems


def _check_fonts(report: Report, rel: str, fonts: dict[str, list[str]]) -> None:
    bad = [f"font {name} {' and '.join(p)}" for name, p in sorted(fonts.items()) if p]
    if bad:
        report.fail(rel, "; ".join(bad))
    elif fonts:
        report.ok(rel, f"{plural(len(fonts), 'font')}, each embedded (FontFile2) and subset")
    else:
        report.ok(rel, "no fonts (no text)")
