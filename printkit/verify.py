"""``printkit verify``: re-measure a built kit's files against its manifest and the kit.

Everything here reads the files a build left behind, as a user's software would, and never asks
the code that drew them: no sheet, writer or geometry module is imported. PDFs are opened with
pypdf (the file's structure: pages, boxes, fonts, streams) and their page content is interpreted
here (rectangles, paths and text runs in millimetres); SVG is read as XML; DXF with ezdxf. The kit
(a shipped kit named by the manifest, or a file) is loaded only to compare the manifest with it
and for its laser profile. Each check is one line: ``ok  FILE: what was measured`` or
``FAIL FILE: why``.
"""

from __future__ import annotations

import hashlib
import io
import json
import logging
import math
import os
import re
import xml.etree.ElementTree as ET
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath

from .errors import PrintkitError
from .inputs import read_input
from .interrupt import checkpoint, held
from .outdir import PENDING, locked, recover
from .paths import cwd

MANIFEST = "manifest.json"
MM = 25.4 / 72  # millimetres per PDF point
TOL = 0.01  # mm: sizes agree when they differ by no more than this
NEAR = 0.1  # a square within this share of a size is meant to be of that size (and is wrong if not within TOL)
SVG_NS = "{http://www.w3.org/2000/svg}"
INKSCAPE_NS = "{http://www.inkscape.org/namespaces/inkscape}"
LASER_LAYERS = {"engrave": "engrave", "score": "score", "inner cuts": "inner_cut", "outer cut": "cut"}
CUT_OPS = ("inner_cut", "cut")
TURNING = {"print-all"}  # kinds of PDF gathering others' pages: a page may be the paper turned (landscape)


# -- the report ---------------------------------------------------------------------------------------

_MARK = {"ok": "ok  ", "FAIL": "FAIL ", "note": "note "}


@dataclass(frozen=True)
class Check:
    status: str  # "ok", "FAIL" or "note" (a note never fails the kit)
    path: str
    text: str

    def line(self) -> str:
        return f"{_MARK[self.status]}{self.path}: {self.text}"


@dataclass
class Report:
    folder: Path
    checks: list[Check] = field(default_factory=list)

    def ok(self, path: str, text: str) -> None:
        self.checks.append(Check("ok", path, text))

    def fail(self, path: str, text: str) -> None:
        self.checks.append(Check("FAIL", path, text))

    def note(self, path: str, text: str) -> None:
        self.checks.append(Check("note", path, text))

    def expect(self, good: bool, path: str, ok_text: str, fail_text: str) -> None:
        (self.ok if good else self.fail)(path, ok_text if good else fail_text)

    @property
    def failures(self) -> list[Check]:
        return [c for c in self.checks if c.status == "FAIL"]

    @property
    def passed(self) -> bool:
        return not self.failures

    def summary(self) -> str:
        n = sum(1 for c in self.checks if c.status != "note")
        if self.passed:
            return f"verify {self.folder}: all {n} checks passed"
        return f"verify {self.folder}: {len(self.failures)} of {n} checks FAILED"


# -- small helpers ------------------------------------------------------------------------------------

def _mm(v: float) -> str:
    """A length to the micrometre, without trailing zeros: 210, 20.5, 28.085."""
    text = f"{v:.3f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def _size(w: float, h: float) -> str:
    return f"{_mm(w)} × {_mm(h)} mm"


def _close(a: float, b: float, tol: float = TOL) -> bool:
    return abs(a - b) <= tol + 1e-9


def _pair(value) -> tuple[float, float] | None:
    if isinstance(value, (list, tuple)) and len(value) == 2 and all(_number(v) is not None for v in value):
        return float(value[0]), float(value[1])
    return None


def _number(value) -> float | None:
    return float(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else None


def _plural(n: int, one: str, many: str | None = None) -> str:
    return f"{n} {one if n == 1 else (many or one + 's')}"


# -- the manifest and the kit -------------------------------------------------------------------------

def read_manifest(folder: Path) -> dict:
    """The manifest of a kit's folder; a PrintkitError (exit 2) when the folder or manifest cannot be read."""
    if not folder.is_dir():
        what = "is not a folder" if folder.exists() else "does not exist"
        raise PrintkitError(f"printkit verify: {folder} {what} (give a built kit's folder, e.g. out/krestoslovitsa)")
    path = folder / MANIFEST
    try:
        data = json.loads(read_input(path).decode("utf-8"))
    except FileNotFoundError:
        raise PrintkitError(f"printkit verify: {folder} has no {MANIFEST} (give a built kit's folder, "
                            f"e.g. out/krestoslovitsa)") from None
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        why = getattr(exc, "strerror", None) or str(exc).split("\n")[0]
        raise PrintkitError(f"printkit verify: {path} cannot be read: {why}") from None
    good = (isinstance(data, dict) and isinstance(data.get("kit"), str) and isinstance(data.get("artifacts"), list)
            and all(isinstance(a, dict) and isinstance(a.get("path"), str) and isinstance(a.get("format"), str)
                    for a in data["artifacts"]))
    if not good:
        raise PrintkitError(f"printkit verify: {path} is not a printkit manifest (it needs 'kit' and 'artifacts', "
                            f"each with 'path' and 'format')")
    return data


def _load_kit(manifest: dict, kit_file: str | None):
    """The kit to compare with: ``--kit FILE``, else the shipped kit the manifest names, else None."""
    from .config import kit_names, load_kit

    if kit_file:
        return load_kit(kit_file)
    if manifest["kit"] in kit_names():
        return load_kit(manifest["kit"])
    return None


def _check_moves(report: Report, folder: Path) -> None:
    """A record of moves that :func:`printkit.outdir.recover` could not finish or undo (an older
    printkit's, or one whose work folder is gone): the folder may hold files of two builds."""
    if os.path.lexists(folder / PENDING):
        report.fail(PENDING, "a build was stopped while moving its files into place, and its moves cannot be "
                             "undone (its work folder is gone, or an older printkit wrote it): build the kit again")


def _check_kit(report: Report, manifest: dict, kit, by_name: bool) -> None:
    """The manifest's set and board against the kit's (``by_name``: the shipped kit the manifest names)."""
    if kit is None:
        report.note(MANIFEST, f"kit '{manifest['kit']}' is not a shipped kit and no --kit FILE was given: "
                              f"the files are checked against the manifest alone")
        return
    d, lay, phys = kit.distribution, kit.layout, kit.physical
    tiles, board = manifest.get("tiles") or {}, manifest.get("board") or {}
    problems = []
    if manifest["kit"] != kit.name:
        problems.append(f"kit '{manifest['kit']}', not '{kit.name}'")
    if tiles.get("letters") != {t.face: t.count for t in d.tiles}:
        problems.append("other letters or counts than the kit's")
    if tiles.get("values") is not None and tiles.get("values") != {t.face: t.value for t in d.tiles}:
        problems.append("other values than the kit's")
    if tiles.get("blanks") != d.blanks or tiles.get("total") != d.total:
        problems.append(f"{tiles.get('total')} tiles with {tiles.get('blanks')} blanks, the kit has {d.total} "
                        f"with {d.blanks}")
    if not _close(_number(tiles.get("tile_mm")) or 0, phys.tile_mm):
        problems.append(f"tiles of {tiles.get('tile_mm')} mm, the kit's are {phys.tile_mm:g} mm")
    if (board.get("rows"), board.get("cols")) != (lay.rows, lay.cols) or not _close(
            _number(board.get("cell_mm")) or 0, phys.cell_mm):
        problems.append(f"a board of {board.get('rows')} × {board.get('cols')} cells of {board.get('cell_mm')} mm, "
                        f"the kit's is {lay.rows} × {lay.cols} of {phys.cell_mm:g} mm")
    report.expect(not problems, MANIFEST,
                  f"kit {kit.name} ({kit.source}): {d.total} tiles ({d.blanks} blanks) of {phys.tile_mm:g} mm, "
                  f"{lay.rows} × {lay.cols} cells of {phys.cell_mm:g} mm, as the manifest says",
                  f"the manifest does not match the kit {kit.name} ({kit.source}): " + "; ".join(problems)
                  + (" (built from another kit file? give it with --kit FILE)" if by_name else ""))


def _check_budget(report: Report, manifest: dict) -> None:
    """Each file's pages within the work budget (:mod:`printkit.budget`): ``build`` refuses a kit
    that would write more pages into one file, so a longer one was built past it. (The folder's
    totals are not checked: ``--only`` builds may fill one folder, each within the budget.)"""
    from . import budget

    longest = None
    for a in manifest["artifacts"]:
        pages = a.get("pages") if isinstance(a, dict) else None
        if not isinstance(pages, int) or isinstance(pages, bool) or a.get("kind") in ("preview", "gallery"):
            continue
        if pages > budget.MAX_FILE_PAGES:
            report.fail(str(a.get("path")), f"{pages} pages: the budget is {budget.MAX_FILE_PAGES} pages in a file")
        if longest is None or pages > longest[0]:
            longest = (pages, str(a.get("path")))
    if longest and longest[0] <= budget.MAX_FILE_PAGES:
        report.ok(MANIFEST, f"the longest file, {longest[1]}, has {_plural(longest[0], 'page')}: within the "
                            f"budget of {budget.MAX_FILE_PAGES} pages in a file")


# -- verify -------------------------------------------------------------------------------------------

def verify(folder: str | Path, kit=None, kit_file: str | None = None, laser: str | None = None,
           say=None) -> Report:
    """Check every file the manifest of ``folder`` lists. ``kit``: the Kit the files were built
    from (``printkit build`` passes it); else ``kit_file``, else the shipped kit the manifest names.
    ``laser``: a profile (name or file) for laser files whose profile is not a shipped one.

    The folder is locked while it is read (a build of it meanwhile would change the files under
    the checks; ``say`` tells that this one waits), and a move a killed build left half done is
    first finished or undone (``say`` tells which). A stop lands between two files' checks, never
    inside pypdf or ezdxf, which could turn it into a false failure."""
    folder = Path(folder)
    if not folder.is_dir():
        read_manifest(folder)  # says what is wrong with it
    with held(), locked(folder, "verify", say):
        recover(folder, say)
        manifest = read_manifest(folder)
        by_name = kit is None and not kit_file
        if kit is None:
            kit = _load_kit(manifest, kit_file)
        report = Report(folder)
        _check_moves(report, folder)
        _check_kit(report, manifest, kit, by_name)
        _check_budget(report, manifest)
        ctx = _Context(folder, manifest, kit, laser)
        for artifact in manifest["artifacts"]:
            checkpoint()
            _check_artifact(report, ctx, artifact)
        checkpoint()
        _check_laser_sets(report, ctx)
    return report


class _Context:
    """What the checks of every file share: the folder, the manifest, the kit, laser profiles."""

    def __init__(self, folder: Path, manifest: dict, kit, laser: str | None):
        self.folder = folder
        self.manifest = manifest
        self.kit = kit
        self.laser = laser
        self._machines: dict[str, object] = {}
        self.paper_spares: dict | None = None  # the spares the paper tile sheets were read to hold
        self.laser_sets: list[tuple[str, dict, dict]] = []  # (file, set, spares) read on each laser tile sheet
        self._glyphs = None

    def paper_mm(self, artifact: dict) -> tuple[float, float] | None:
        """The paper of an artifact: its own paper_mm, else that of another file on the same paper."""
        own = _pair(artifact.get("paper_mm"))
        if own or "paper" not in artifact:
            return own
        for a in self.manifest["artifacts"]:
            if a.get("paper") == artifact["paper"] and _pair(a.get("paper_mm")):
                return _pair(a["paper_mm"])
        from .config.kit import parse_paper

        paper = parse_paper(str(artifact["paper"]))  # a paper by name: A4, Letter…
        return None if isinstance(paper, str) else (paper.width_mm, paper.height_mm)

    def machine(self, name: str):
        """The laser profile named ``name``: the kit's, a shipped one, or --laser; a string saying why not."""
        if name in self._machines:
            return self._machines[name]
        found = None
        if self.kit is not None and self.kit.laser.machine.name == name:
            found = self.kit.laser.machine
        else:
            from .config.machine import load_machine
            from .config.reader import Problems

            for ref in ([self.laser] if self.laser else []) + [name]:
                problems = Problems()
                m = load_machine(ref, cwd(), "--laser" if ref == self.laser else MANIFEST, problems)
                if m is not None and m.name == name:
                    found = m
                    break
        self._machines[name] = found or (f"the laser profile '{name}' is not a shipped one: give it with "
                                         f"--laser FILE")
        return self._machines[name]


def _check_artifact(report: Report, ctx: _Context, a: dict) -> None:
    rel = a["path"]
    pure = PurePosixPath(rel)
    if pure.is_absolute() or ".." in pure.parts or "\\" in rel or not pure.parts:
        report.fail(rel, "the path leaves the kit's folder; not read")
        return
    path = ctx.folder / rel
    try:
        data = read_input(path)  # a FIFO put in its place is refused, never waited on
    except FileNotFoundError:
        report.fail(rel, "missing: the manifest lists it, the folder does not have it")
        return
    except OSError as exc:
        report.fail(rel, f"cannot be read: {exc.strerror or exc}")
        return
    digest = hashlib.sha256(data).hexdigest()
    listed_bytes, listed_sha = a.get("bytes"), a.get("sha256")
    if len(data) != listed_bytes:
        report.fail(rel, f"{len(data)} bytes, the manifest says {listed_bytes} (changed after the build)")
    elif digest != listed_sha:
        report.fail(rel, f"sha256 {digest[:12]}…, the manifest says {str(listed_sha)[:12]}… "
                         f"(changed after the build)")
    else:
        report.ok(rel, f"{len(data)} bytes, sha256 as the manifest says")
    fmt = a["format"]
    if fmt == "pdf":
        _check_pdf(report, ctx, a, data)
    elif fmt == "svg":
        _check_svg(report, ctx, a, data)
    elif fmt == "dxf":
        _check_dxf(report, ctx, a, path)
    # other files (previews, a gallery) are checked for their bytes alone


# -- squares: tiles and cells -------------------------------------------------------------------------

@dataclass(frozen=True)
class Square:
    """A rectangle drawn on a page, in mm: its box on the page and its sides."""

    x0: float
    y0: float
    x1: float
    y1: float
    w: float
    h: float

    def contains(self, x: float, y: float) -> bool:
        return self.x0 <= x <= self.x1 and self.y0 <= y <= self.y1


@dataclass(frozen=True)
class Want:
    """The squares to count: their nominal side, and their sides as drawn, across and down the
    page (larger or smaller than nominal on pages compensated for a printer's scale)."""

    side: float
    w: float
    h: float

    @classmethod
    def of(cls, a: dict, key: str) -> "Want | None":
        """From the manifest's ``key`` (tile_mm, cell_mm) and ``drawn_KEY`` where the page is compensated."""
        side = _number(a.get(key))
        if side is None:
            return None
        drawn = _pair(a.get(f"drawn_{key}")) or (side, side)
        return cls(side, *drawn)

    def scaled(self, side: float) -> "Want":
        """Squares of another nominal side, drawn to the same scale."""
        return Want(side, side * self.w / self.side, side * self.h / self.side)

    def text(self) -> str:
        drawn = "" if self.w == self.h == self.side else f", drawn {_size(self.w, self.h)} for the printer"
        return f"{self.side:.2f} mm{drawn}"


def _sized(squares: list[Square], want: Want) -> tuple[list[Square], list[Square]]:
    """The squares of the size wanted (to TOL), and those nearly so but not (a tile or cell of the wrong size)."""
    exact, wrong = [], []
    near = NEAR * want.side
    for s in squares:
        if _close(s.w, want.w) and _close(s.h, want.h):
            exact.append(s)
        elif abs(s.w - want.w) <= near and abs(s.h - want.h) <= near:
            wrong.append(s)
    return exact, wrong


def _count_line(what: str, n: int, want: Want, expected: int, wrong: list[Square], where: str = "") -> tuple[bool, str]:
    """Whether ``n`` squares of the size wanted and no wrong ones is what is expected; the line saying so."""
    good = n == expected and not wrong
    text = f"{_plural(n, what)} of {want.text()}{where}"
    if not good:
        text += f", expected {expected}"
        if wrong:
            sizes = sorted({(round(s.w, 3), round(s.h, 3)) for s in wrong})
            text += (f"; {_plural(len(wrong), 'square')} of another size ("
                     + ", ".join(_size(w, h) for w, h in sizes[:3]) + ("…" if len(sizes) > 3 else "") + ")")
    return good, text


# -- PDF ----------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Run:
    """A run of text on a page: its middle point (mm), its size (mm) and its characters."""

    x: float
    y: float
    size: float
    text: str
    ink: tuple[float, float, float, float] | None = None  # the glyphs' ink box (x0, y0, x1, y1), mm, from the font


@dataclass
class PdfPage:
    width: float  # mm, as a viewer shows the page
    height: float
    squares: list[Square] = field(default_factory=list)
    runs: list[Run] = field(default_factory=list)
    lines: list[tuple[float, float, float, float]] = field(default_factory=list)  # stroked segments, mm
    clips: list[Square] = field(default_factory=list)  # rectangles the page is cut to


@contextmanager
def _quiet(logger_name: str):
    """Hold back a library's warnings for a while: a damaged file is a FAIL line, not a warning."""
    logger = logging.getLogger(logger_name)
    level = logger.level
    logger.setLevel(logging.ERROR)
    try:
        yield
    finally:
        logger.setLevel(level)


def _check_pdf(report: Report, ctx: _Context, a: dict, data: bytes) -> None:
    with _quiet("pypdf"):
        _check_pdf_file(report, ctx, a, data)


def _check_pdf_file(report: Report, ctx: _Context, a: dict, data: bytes) -> None:
    rel = a["path"]
    try:
        import pypdf
    except ImportError:  # a core dependency; only a broken install gets here
        report.fail(rel, "pypdf is not installed: pip install pypdf")
        return
    try:
        reader = pypdf.PdfReader(io.BytesIO(data))
        pages = list(reader.pages)
        sizes = [_page_size(p) for p in pages]
    except Exception as exc:  # noqa: BLE001 - any damage in the file is a failed check, not a crash
        report.fail(rel, f"cannot be read as PDF: {_why(exc)}")
        return
    _check_pages(report, ctx, a, sizes)
    _check_boxes(report, a, pages)
    try:
        fonts = _pdf_fonts(pages)
    except Exception as exc:  # noqa: BLE001
        report.fail(rel, f"its fonts cannot be read: {_why(exc)}")
        fonts = None
    if fonts is not None:
        _check_fonts(report, rel, fonts)
    kind = a.get("kind")
    if kind in ("tiles", "board", "burn-tiles", "burn-tiles-mirrored"):
        try:
            content = [_read_page(p, w, h) for p, (w, h) in zip(pages, sizes)]
        except Exception as exc:  # noqa: BLE001
            report.fail(rel, f"its pages cannot be read: {_why(exc)}")
            return
        if kind != "board":
            _check_tile_pages(report, ctx, a, content, letters=kind == "tiles")
            if kind == "tiles":
                _check_tile_faces(report, a, content)
        else:
            _check_board_pages(report, ctx, a, content)
            _check_board_edges(report, a, content)
    elif kind in _SHEET_CHECKS:
        try:
            content = [_read_page(p, w, h) for p, (w, h) in zip(pages, sizes)]
        except Exception as exc:  # noqa: BLE001
            report.fail(rel, f"its pages cannot be read: {_why(exc)}")
            return
        for check in _SHEET_CHECKS[kind]:
            check(report, ctx, a, content)
    if kind == "print-all":
        _check_print_all_order(report, ctx, a, pages)


def _why(exc: Exception) -> str:
    text = " ".join(str(exc).split()) or type(exc).__name__
    return text if len(text) <= 120 else text[:119] + "…"


def _page_size(page) -> tuple[float, float]:
    """(width, height) in mm of the page as a viewer shows it: its crop box, turned by /Rotate."""
    box = page.cropbox
    unit = float(page.get("/UserUnit", 1.0))
    w, h = float(box.width) * unit * MM, float(box.height) * unit * MM
    return (h, w) if int(page.get("/Rotate", 0) or 0) % 180 else (w, h)


def _check_pages(report: Report, ctx: _Context, a: dict, sizes: list[tuple[float, float]]) -> None:
    rel = a["path"]
    expected_pages = a.get("pages")
    paper = ctx.paper_mm(a)
    problems = []
    if isinstance(expected_pages, int) and len(sizes) != expected_pages:
        problems.append(f"{_plural(len(sizes), 'page')}, the manifest says {expected_pages}")
    if not sizes:
        problems.append("no pages")
    if paper is None:
        problems.append("the manifest gives no paper_mm")
    else:
        turned = a.get("kind") in TURNING
        for n, (w, h) in enumerate(sizes, 1):
            if not (_close(w, paper[0]) and _close(h, paper[1])) and not (
                    turned and _close(w, paper[1]) and _close(h, paper[0])):
                problems.append(f"page {n} is {_size(w, h)}, the manifest says {_size(*paper)}")
                break
    if problems:
        report.fail(rel, "; ".join(problems))
    else:
        report.ok(rel, f"{_plural(len(sizes), 'page')} of {_size(*paper)}")


def _resolve(obj):
    return obj.get_object() if hasattr(obj, "get_object") else obj


# -- PDF: the boxes a print shop cuts by ---------------------------------------------------------------

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
        values = _resolve(page[name])
        if not isinstance(values, list) or len(values) != 4:
            return f"its {name[1:]} is not four numbers"
        values = [_resolve(v) for v in values]
    try:
        x0, y0, x1, y1 = (float(v) for v in values)
    except (TypeError, ValueError):
        return f"its {name[1:]} is not four numbers"
    unit = float(page.get("/UserUnit", 1.0)) * MM
    return min(x0, x1) * unit, min(y0, y1) * unit, max(x0, x1) * unit, max(y0, y1) * unit


def _box_text(box: tuple[float, float, float, float]) -> str:
    return f"{_size(box[2] - box[0], box[3] - box[1])} at ({_mm(box[0])}, {_mm(box[1])})"


def _same_box(a, b) -> bool:
    return all(_close(u, v) for u, v in zip(a, b))


def _grown(box, by: float) -> tuple[float, float, float, float]:
    return box[0] - by, box[1] - by, box[2] + by, box[3] + by


def _inside(inner, outer) -> bool:
    return (inner[0] >= outer[0] - TOL and inner[1] >= outer[1] - TOL and inner[2] <= outer[2] + TOL
            and inner[3] <= outer[3] + TOL)


def _check_boxes(report: Report, a: dict, pages) -> None:
    """Every page states its TrimBox (the finished size) and BleedBox (how far the print runs past
    it), as a print shop's software reads them. A file the manifest gives ``trim_mm`` and ``bleed_mm``
    (the poster) is trimmed to that size with that bleed on every side inside the page, its
    background reaching the bleed's edge and its words inside the trim; any other (a home printer's
    pages) keeps TrimBox = BleedBox = MediaBox."""
    rel = a["path"]
    trim_mm, bleed_mm = _pair(a.get("trim_mm")), _number(a.get("bleed_mm"))
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
            problems.append(f"{at}its boxes cannot be read: {_why(exc)}")
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
        if not (_close(tw, trim_mm[0]) and _close(th, trim_mm[1])):
            problems.append(f"{at}TrimBox {_box_text(trim)}, the manifest says {_size(*trim_mm)}")
            break
        if not _same_box(bleed, _grown(trim, bleed_mm)):
            problems.append(f"{at}BleedBox {_box_text(bleed)} is not the TrimBox and {_mm(bleed_mm)} mm on every "
                            f"side ({_box_text(_grown(trim, bleed_mm))}), as the manifest says")
            break
        if not _inside(bleed, media):
            problems.append(f"{at}BleedBox {_box_text(bleed)} runs off the page {_box_text(media)}")
            break
        try:
            content = _read_page(page, media[2] - media[0], media[3] - media[1])
        except Exception as exc:  # noqa: BLE001
            problems.append(f"{at}its content cannot be read: {_why(exc)}")
            break
        if bleed_mm > 0 and not any(s.x0 <= bleed[0] + TOL and s.y0 <= bleed[1] + TOL and s.x1 >= bleed[2] - TOL
                                    and s.y1 >= bleed[3] - TOL for s in content.squares):
            problems.append(f"{at}nothing is painted to the edge of the bleed {_box_text(bleed)}: the cut shows "
                            f"a white edge wherever it strays")
            break
        outside = [r for r in content.runs if not (trim[0] <= r.x <= trim[2] and trim[1] <= r.y <= trim[3])]
        if outside:
            r = outside[0]
            problems.append(f"{at}{_plural(len(outside), 'text run')} outside the TrimBox, the first "
                            f"{r.text[:20]!r} at ({_mm(r.x)}, {_mm(r.y)}) mm: cut off with the bleed")
            break
        texts += len(content.runs)
    if problems:
        report.fail(rel, "; ".join(problems))
    elif shop:
        report.ok(rel, f"TrimBox {_size(*trim_mm)}, BleedBox {_mm(bleed_mm)} mm past it on every side, painted to "
                       f"its edge; {_plural(texts, 'text run')} inside the trim")
    else:
        on = f" on each of {len(pages)} pages" if len(pages) > 1 else ""
        report.ok(rel, f"TrimBox = BleedBox = MediaBox{on} (trimmed nowhere)")


def _pdf_fonts(pages) -> dict[str, list[str]]:
    """Every font the pages use (their resources and those of their forms): name → its problems."""
    found: dict[str, list[str]] = {}
    seen: set[int] = set()

    def visit(resources) -> None:
        resources = _resolve(resources)
        if not resources or id(resources) in seen:
            return
        seen.add(id(resources))
        for _, ref in (_resolve(resources.get("/Font")) or {}).items():
            font = _resolve(ref)
            name = str(font.get("/BaseFont", "(no name)")).lstrip("/")
            found.setdefault(name, _font_problems(font, name))
        for _, ref in (_resolve(resources.get("/XObject")) or {}).items():
            xobject = _resolve(ref)
            if xobject.get("/Subtype") == "/Form" and "/Resources" in xobject:
                visit(xobject["/Resources"])

    for page in pages:
        if "/Resources" in page:
            visit(page["/Resources"])
    return found


def _font_problems(font, name: str) -> list[str]:
    subtype = font.get("/Subtype")
    if subtype == "/Type0":
        descendants = _resolve(font.get("/DescendantFonts")) or []
        font = _resolve(descendants[0]) if descendants else {}
    descriptor = _resolve(font.get("/FontDescriptor")) if font else None
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
        report.ok(rel, f"{_plural(len(fonts), 'font')}, each embedded (FontFile2) and subset")
    else:
        report.ok(rel, "no fonts (no text)")


# PDF content: tokens of a content stream. Strings are read by hand (nested brackets, escapes).
_PDF_TOKEN = re.compile(rb"""
    (?P<ws>[\x00\t\n\x0c\r ]+|%[^\r\n]*)
  | (?P<num>[+-]?(?:\d+\.?\d*|\.\d+))(?![^\x00\t\n\x0c\r ()<>\[\]{}/%])
  | (?P<name>/[^\x00\t\n\x0c\r ()<>\[\]{}/%]*)
  | (?P<str>\()
  | (?P<dict><<|>>)
  | (?P<hex><[0-9A-Fa-f\x00\t\n\x0c\r ]*>)
  | (?P<open>\[) | (?P<close>\])
  | (?P<op>[^\x00\t\n\x0c\r ()<>\[\]{}/%]+)
""", re.X)
_ESCAPES = {ord("n"): b"\n", ord("r"): b"\r", ord("t"): b"\t", ord("b"): b"\b", ord("f"): b"\f",
            ord("("): b"(", ord(")"): b")", ord("\\"): b"\\"}
_PAINT = {"f", "F", "f*", "S", "s", "B", "B*", "b", "b*"}
_STROKE = {"S", "s", "B", "B*", "b", "b*"}


def _run_ink(font, codes: list[int], m, size: float) -> tuple[float, float, float, float] | None:
    """The ink box (mm) of a run of ``codes`` shown with text-and-page matrix ``m`` at ``size``."""
    points, x = [], 0.0
    for c in codes:
        box = font.box(c)
        if box is not None:
            x0, y0, x1, y1 = box
            points += [_apply(m, (x + px) / 1000 * size, py / 1000 * size) for px in (x0, x1) for py in (y0, y1)]
        x += font.widths.get(c, 0.0)
    if not points:
        return None
    xs, ys = [p[0] * MM for p in points], [p[1] * MM for p in points]
    return (min(xs), min(ys), max(xs), max(ys))


def _literal(data: bytes, i: int) -> tuple[bytes, int]:
    """The literal string starting after the "(" at ``i``; returns its bytes and the index after it."""
    out = bytearray()
    depth = 1
    n = len(data)
    while i < n:
        c = data[i]
        if c == 0x5C:  # backslash
            i += 1
            if i >= n:
                break
            e = data[i]
            if e in _ESCAPES:
                out += _ESCAPES[e]
            elif 0x30 <= e <= 0x37:
                j = i
                while j < n and j < i + 3 and 0x30 <= data[j] <= 0x37:
                    j += 1
                out.append(int(data[i:j], 8) & 0xFF)
                i = j
                continue
            elif e in (0x0A, 0x0D):  # a line continuation
                if e == 0x0D and i + 1 < n and data[i + 1] == 0x0A:
                    i += 1
            else:
                out.append(e)
        elif c == 0x28:
            depth += 1
            out.append(c)
        elif c == 0x29:
            depth -= 1
            if depth == 0:
                return bytes(out), i + 1
            out.append(c)
        else:
            out.append(c)
        i += 1
    return bytes(out), i


_FAST_TOKEN = re.compile(rb"""
    ([+-]?(?:\d+\.?\d*|\.\d+))(?![^\x00\t\n\x0c\r ()<>\[\]{}/%])
  | (/[^\x00\t\n\x0c\r ()<>\[\]{}/%]*)
  | (\((?:[^\\()]|\\.)*\))
  | (<[0-9A-Fa-f\x00\t\n\x0c\r ]*>)
  | (\[|\]|<<|>>|\(|BI(?![^\x00\t\n\x0c\r ()<>\[\]{}/%]))
  | ([^\x00\t\n\x0c\r ()<>\[\]{}/%]+)
  | %[^\r\n]*
""", re.X | re.S)


def _operations(data: bytes) -> list[tuple[str, list]]:
    """The operators of a content stream, each with its operands (numbers as floats, names as
    str, strings as bytes, arrays as lists). One regular expression reads the usual stream; one
    with nested brackets in a string or an inline image is read token by token."""
    out: list[tuple[str, list]] = []
    args: list = []
    stack: list[list] = []
    for num, name, string, hexs, punct, op in _FAST_TOKEN.findall(data):
        if num:
            value = float(num)
        elif op:
            out.append((op.decode("latin-1"), args))
            args = []
            continue
        elif name:
            value = name.decode("latin-1")
        elif string:
            value = string[1:-1] if b"\\" not in string else _literal(string[1:] + b")", 0)[0]
        elif hexs:
            digits = re.sub(rb"[^0-9A-Fa-f]", b"", hexs[1:-1])
            value = bytes.fromhex((digits + b"0" * (len(digits) % 2)).decode("ascii"))
        elif punct == b"[":
            stack.append([])
            continue
        elif punct == b"]":
            if not stack:
                continue
            value = stack.pop()
        elif punct in (b"<<", b">>"):
            continue
        elif punct:  # "(" of a string with brackets inside, or "BI": read it token by token
            return _slow_operations(data)
        else:
            continue  # a comment
        (stack[-1] if stack else args).append(value)
    return out


def _slow_operations(data: bytes) -> list[tuple[str, list]]:
    out: list[tuple[str, list]] = []
    args: list = []
    for kind, value in _tokens(data):
        if kind == "op":
            out.append((value, args))
            args = []
        else:
            args.append(value)
    return out


def _tokens(data: bytes):
    """(kind, value) of each token: "op" with its name, or an operand (number, name, string, array)."""
    i, n = 0, len(data)
    stack: list[list] = []
    while i < n:
        m = _PDF_TOKEN.match(data, i)
        if m is None:
            i += 1
            continue
        kind = m.lastgroup
        i = m.end()
        if kind == "ws" or kind == "dict":
            continue
        if kind == "num":
            value = float(m.group(kind))
        elif kind == "str":
            value, i = _literal(data, i)
        elif kind == "hex":
            digits = re.sub(rb"[^0-9A-Fa-f]", b"", m.group(kind)[1:-1])
            value = bytes.fromhex((digits + b"0" * (len(digits) % 2)).decode("ascii"))
        elif kind == "name":
            value = m.group(kind).decode("latin-1")
        elif kind == "open":
            stack.append([])
            continue
        elif kind == "close":
            if stack:
                value = stack.pop()
            else:
                continue
        else:  # an operator
            op = m.group(kind).decode("latin-1")
            if op == "BI":  # an inline image: skip its data up to EI
                end = re.compile(rb"[\x00\t\n\x0c\r ]EI(?=[\x00\t\n\x0c\r ]|$)").search(data, i)
                i = end.end() if end else n
                continue
            yield "op", op
            continue
        if stack:
            stack[-1].append(value)
        else:
            yield "arg", value


def _mul(a, b):
    """The product of two PDF matrices (a then b)."""
    return (a[0] * b[0] + a[1] * b[2], a[0] * b[1] + a[1] * b[3],
            a[2] * b[0] + a[3] * b[2], a[2] * b[1] + a[3] * b[3],
            a[4] * b[0] + a[5] * b[2] + b[4], a[4] * b[1] + a[5] * b[3] + b[5])


def _apply(m, x: float, y: float) -> tuple[float, float]:
    return m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]


IDENTITY = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


class _Font:
    """Enough of a PDF font to read its text: codes → characters (ToUnicode) and advance widths."""

    def __init__(self, font):
        self.two_bytes = font.get("/Subtype") == "/Type0"
        self.chars: dict[int, str] = {}
        self.widths: dict[int, float] = {}
        if "/ToUnicode" in font:
            self.chars = _cmap(_resolve(font["/ToUnicode"]).get_data())
        if not self.two_bytes and "/Widths" in font:
            first = int(font.get("/FirstChar", 0))
            for k, w in enumerate(_resolve(font["/Widths"])):
                self.widths[first + k] = float(_resolve(w))

        self._file = None if self.two_bytes else _resolve(_resolve(font.get("/FontDescriptor") or {}).get("/FontFile2"))
        self._boxes: dict[int, tuple[float, float, float, float] | None] | None = None

    def box(self, code: int) -> tuple[float, float, float, float] | None:
        """The ink box of a code's glyph in thousandths of the em, read from the embedded TrueType
        font (None where there is none, or nothing to read)."""
        if self._boxes is None:
            self._boxes = {}
            try:
                from fontTools.ttLib import TTFont

                font = TTFont(io.BytesIO(self._file.get_data()))
                k = 1000 / font["head"].unitsPerEm
                glyf, cmap = font["glyf"], font["cmap"].tables[0].cmap
                for c, name in cmap.items():
                    g = glyf[name]
                    self._boxes[c] = (g.xMin * k, g.yMin * k, g.xMax * k, g.yMax * k) if g.numberOfContours else None
            except Exception:  # noqa: BLE001 - no font file, or one fontTools cannot read: no ink boxes
                pass
        return self._boxes.get(code)

    def codes(self, data: bytes) -> list[int]:
        if self.two_bytes:
            return [int.from_bytes(data[i:i + 2], "big") for i in range(0, len(data) - 1, 2)]
        return list(data)

    def text(self, codes: list[int]) -> str:
        return "".join(self.chars.get(c, chr(c) if not self.two_bytes else "\ufffd") for c in codes)


def _cmap(data: bytes) -> dict[int, str]:
    """The bfchar and bfrange entries of a ToUnicode CMap."""
    out: dict[int, str] = {}

    def utf16(h: bytes) -> str:
        return bytes.fromhex(h.decode("ascii")).decode("utf-16-be", errors="replace")

    for block in re.findall(rb"beginbfchar(.*?)endbfchar", data, re.S):
        for src, dst in re.findall(rb"<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]*)>", block):
            out[int(src, 16)] = utf16(dst)
    for block in re.findall(rb"beginbfrange(.*?)endbfrange", data, re.S):
        for lo, hi, rest in re.findall(rb"<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*(<[0-9A-Fa-f]*>|\[[^\]]*\])", block):
            lo_i, hi_i = int(lo, 16), int(hi, 16)
            if rest.startswith(b"["):
                for k, dst in enumerate(re.findall(rb"<([0-9A-Fa-f]*)>", rest)):
                    out[lo_i + k] = utf16(dst)
            else:
                start = bytes.fromhex(rest[1:-1].decode("ascii"))
                base = int.from_bytes(start, "big")
                for k in range(min(hi_i - lo_i, 0xFFFF) + 1):
                    out[lo_i + k] = (base + k).to_bytes(len(start), "big").decode("utf-16-be", errors="replace")
    return out


def _page_fonts(page) -> dict[str, _Font]:
    resources = _resolve(page.get("/Resources")) or {}
    return {str(name): _Font(_resolve(ref)) for name, ref in (_resolve(resources.get("/Font")) or {}).items()}


def _stream_bytes(page) -> bytes:
    contents = page.get("/Contents")
    if contents is None:
        return b""
    contents = _resolve(contents)
    parts = contents if isinstance(contents, list) else [contents]
    return b"\n".join(_resolve(p).get_data() for p in parts)


def _read_page(page, width: float, height: float) -> PdfPage:
    """The rectangles (``re``, or a closed path of four corners at right angles) painted on the
    page and its text runs, in mm; clipping paths are not painted and are left out."""
    out = PdfPage(width, height)
    fonts = _page_fonts(page)
    ctm = IDENTITY
    saved: list = []
    subpaths: list[list[tuple[float, float]]] = []  # the current path, in page points
    rects: list[tuple] = []  # (corners in page points) from "re"
    clip = False
    tm = tlm = IDENTITY
    font: _Font | None = None
    size = leading = 0.0

    def show(codes: list[int], adjust: list[tuple[int, float]] = ()) -> None:
        nonlocal tm
        if font is None:
            return
        advance = sum(font.widths.get(c, 0.0) for c in codes) / 1000 * size
        advance -= sum(k for _, k in adjust) / 1000 * size
        m = _mul(tm, ctm)
        x0, y0 = _apply(m, 0.0, 0.0)
        x1, y1 = _apply(m, advance / 2, size * 0.35)
        scale = math.hypot(m[2], m[3])
        text = font.text(codes)
        if text.strip():
            out.runs.append(Run(x1 * MM, y1 * MM, size * scale * MM, text, _run_ink(font, codes, m, size)))
        tm = _mul((1.0, 0.0, 0.0, 1.0, advance, 0.0), tm)

    for op, args in _operations(_stream_bytes(page)):
        try:
            if op == "q":
                saved.append(ctm)
            elif op == "Q":
                ctm = saved.pop() if saved else ctm
            elif op == "cm" and len(args) >= 6:
                ctm = _mul(tuple(args[-6:]), ctm)
            elif op == "re" and len(args) >= 4:
                x, y, w, h = args[-4:]
                rects.append(tuple(_apply(ctm, px, py) for px, py in ((x, y), (x + w, y), (x + w, y + h), (x, y + h))))
            elif op == "m" and len(args) >= 2:
                subpaths.append([_apply(ctm, *args[-2:])])
            elif op == "l" and len(args) >= 2 and subpaths:
                subpaths[-1].append(_apply(ctm, *args[-2:]))
            elif op in ("c", "v", "y") and subpaths:
                subpaths[-1].append(None)  # a curve: this subpath is no rectangle
                subpaths[-1].append(_apply(ctm, *args[-2:]))
            elif op in ("W", "W*"):
                clip = True
            elif op in _PAINT or op == "n":
                if op != "n" and not clip:
                    for corners in rects + [c for c in (_corners(s) for s in subpaths) if c]:
                        out.squares.append(_square(corners))
                if op in _STROKE:
                    out.lines += [(a[0] * MM, a[1] * MM, b[0] * MM, b[1] * MM) for a, b in
                                  (sp for sp in subpaths if len(sp) == 2 and None not in sp)]
                if clip:
                    out.clips += [_square(c) for c in rects + [c for c in (_corners(s) for s in subpaths) if c]]
                subpaths, rects, clip = [], [], False
            elif op == "BT":
                tm = tlm = IDENTITY
            elif op == "Tf" and len(args) >= 2:
                font, size = fonts.get(str(args[-2])), float(args[-1])
            elif op == "TL" and args:
                leading = float(args[-1])
            elif op in ("Td", "TD") and len(args) >= 2:
                tlm = _mul((1.0, 0.0, 0.0, 1.0, args[-2], args[-1]), tlm)
                tm = tlm
                if op == "TD":
                    leading = -args[-1]
            elif op == "Tm" and len(args) >= 6:
                tm = tlm = tuple(args[-6:])
            elif op == "T*":
                tlm = _mul((1.0, 0.0, 0.0, 1.0, 0.0, -leading), tlm)
                tm = tlm
            elif op in ("Tj", "'", '"') and args and isinstance(args[-1], bytes) and font:
                if op != "Tj":
                    tlm = _mul((1.0, 0.0, 0.0, 1.0, 0.0, -leading), tlm)
                    tm = tlm
                show(font.codes(args[-1]))
            elif op == "TJ" and args and isinstance(args[-1], list) and font:
                codes: list[int] = []
                adjust = []
                for part in args[-1]:
                    if isinstance(part, bytes):
                        codes += font.codes(part)
                    elif isinstance(part, float):
                        adjust.append((len(codes), part))
                show(codes, adjust)
        except (TypeError, ValueError, IndexError):
            pass  # an operator with operands of the wrong kind draws nothing a check looks for
    return out


def _corners(points: list) -> tuple | None:
    """The four corners of a closed subpath that is a rectangle (sides at right angles), else None."""
    if None in points:
        return None
    pts = list(points)
    if len(pts) == 5 and math.dist(pts[0], pts[4]) < 1e-3:
        pts = pts[:4]
    if len(pts) != 4:
        return None
    for k in range(4):
        a, b, c = pts[k - 1], pts[k], pts[(k + 1) % 4]
        u, v = (b[0] - a[0], b[1] - a[1]), (c[0] - b[0], c[1] - b[1])
        if abs(u[0] * v[0] + u[1] * v[1]) > 1e-3 * (math.hypot(*u) * math.hypot(*v) + 1e-9):
            return None
    return tuple(pts)


def _square(corners) -> Square:
    """A Square (mm) from four corners in points, in order around the rectangle."""
    (ax, ay), (bx, by), _, (dx, dy) = corners
    xs, ys = [p[0] * MM for p in corners], [p[1] * MM for p in corners]
    return Square(min(xs), min(ys), max(xs), max(ys), math.hypot(bx - ax, by - ay) * MM,
                  math.hypot(dx - ax, dy - ay) * MM)


BLEED_MM = 1.5  # the most a tile back may reach past its tile on each side (printed backs of tiles cut apart)


def _backs(ctx: _Context, a: dict) -> bool:
    """Whether the tile sheets of this artifact's paper have a page of backs after each page of fronts."""
    for b in [a] + ctx.manifest["artifacts"]:
        if b.get("kind") == "tiles" and b.get("paper") == a.get("paper") and "backs" in b:
            return b["backs"] not in ("none", None)
    return False


def _tile_count(squares: list[Square], want: Want, back: bool) -> tuple[list[Square], list[Square], Want]:
    """The tiles on a page, those nearly of their size, and the size counted. On a page of backs,
    the backs may reach up to BLEED_MM past the tile on each side: the commonest size from the
    tile's to the tile's + 2 BLEED_MM counts there."""
    if back:
        kx, ky = want.w / want.side, want.h / want.side
        sizes: dict[float, int] = {}
        for s in squares:
            nominal = s.w / kx
            if _close(nominal, s.h / ky) and want.side - TOL <= nominal <= want.side + 2 * BLEED_MM + TOL:
                sizes[round(nominal, 2)] = sizes.get(round(nominal, 2), 0) + 1
        if sizes:
            want = want.scaled(max(sizes, key=lambda k: (sizes[k], -k)))
    exact, near = _sized(squares, want)
    return exact, near, want


def _check_tile_pages(report: Report, ctx: _Context, a: dict, pages: list[PdfPage], letters: bool) -> None:
    """Tiles of the size, as many as the set and its spares (and a back behind each); their letters."""
    rel = a["path"]
    want, tiles, spares = Want.of(a, "tile_mm"), a.get("tiles"), a.get("spares", 0)
    if want is None or not isinstance(tiles, int) or not isinstance(spares, int):
        report.fail(rel, "the manifest gives no tile_mm, tiles or spares: the tiles cannot be counted")
        return
    backs = _backs(ctx, a) and a.get("kind") == "tiles"
    found: list[tuple[PdfPage, Square]] = []  # the tiles: those of the size, and those nearly so
    wrong: list[Square] = []
    for n, page in enumerate(pages):
        if backs and n % 2:
            exact, near, back = _tile_count(page.squares, want, True)
            front = len(_sized(pages[n - 1].squares, want)[0])
            good, text = _count_line("tile back", len(exact), back, front, near, f" on page {n + 1}")
            if not good:
                report.fail(rel, text + " (one behind each tile of the page before)")
            continue
        exact, near = _sized(page.squares, want)
        found += [(page, s) for s in exact + near]
        wrong += near
    good, text = _count_line("tile", len(found) - len(wrong), want, tiles + spares, wrong)
    report.expect(good, rel, text + _of_which(tiles, spares) + (", a back behind each" if backs else ""), text)
    if letters:
        _check_letters(report, ctx, a, found)


def _of_which(tiles: int, spares: int) -> str:
    return f" ({tiles} + {_plural(spares, 'spare')})" if spares else ""


def _faces(page: PdfPage, square: Square) -> tuple[str | None, str]:
    """(letter, value) printed on a tile: the largest run inside it, and the others left to right."""
    inside = [r for r in page.runs if square.contains(r.x, r.y)]
    if not inside:
        return None, ""
    letter = max(inside, key=lambda r: r.size)
    rest = sorted((r for r in inside if r is not letter), key=lambda r: r.x)
    return letter.text.strip(), "".join(r.text for r in rest).strip()


def _check_letters(report: Report, ctx: _Context, a: dict, tiles: list[tuple[PdfPage, Square]]) -> None:
    """Each letter of the set on as many tiles as the set has, each with its value; the spares on top."""
    rel = a["path"]
    kit = ctx.kit
    if kit is not None:
        letters = {t.face: t.count for t in kit.distribution.tiles}
        values = {t.face: t.value for t in kit.distribution.tiles}
        blanks = kit.distribution.blanks
    else:
        info = ctx.manifest.get("tiles") or {}
        letters, values, blanks = info.get("letters"), info.get("values") or {}, info.get("blanks")
        if not isinstance(letters, dict) or not isinstance(blanks, int):
            report.fail(rel, "neither a kit nor the manifest's tiles give the letters to compare with")
            return
    counts: dict[str | None, int] = {}
    bad_values: dict[str, set[str]] = {}
    for page, square in tiles:
        face, value = _faces(page, square)
        counts[face] = counts.get(face, 0) + 1
        if face is not None and face in values and value != str(values[face]):
            bad_values.setdefault(face, set()).add(value or "none")
    expected = {**letters, None: blanks}
    extra = {f: counts.get(f, 0) - n for f, n in expected.items() if counts.get(f, 0) != n}
    strangers = sorted(f for f in counts if f not in expected)
    problems = []
    short = [f"{_face(f)} {counts.get(f, 0)} of {n}" for f, n in expected.items() if counts.get(f, 0) < n]
    if short:
        problems.append("too few: " + ", ".join(short))
    if strangers:
        problems.append("not in the set: " + ", ".join(f"{_face(f)} ×{counts[f]}" for f in strangers))
    spares = {f: k for f, k in extra.items() if k > 0}
    n_spares = sum(spares.values())
    if n_spares != a.get("spares", 0):
        problems.append(f"{n_spares} more than the set, the manifest says {a.get('spares', 0)} spares")
    elif kit is not None and n_spares:
        want = _spares_wanted(kit, letters)
        if want is not None and spares != want:
            problems.append("spares " + _faces_text(spares) + ", the kit asks for " + _faces_text(want))
        elif want is None and not _commonest(spares, letters):
            problems.append(f"spares {_faces_text(spares)} are not one each of the commonest letters of the set "
                            f"(the kit's spares: fill)")
    if bad_values:
        problems.append("wrong values: " + ", ".join(f"{_face(f)} {'/'.join(sorted(v))} (not {values[f]})"
                                                      for f, v in sorted(bad_values.items())))
    if a.get("kind") == "tiles" and not problems:
        ctx.paper_spares = dict(spares)
    spare_text = f" + {_plural(n_spares, 'spare')} ({_faces_text(spares)})" if n_spares else ""
    report.expect(not problems, rel,
                  f"letters: each of the {len(letters)} letters as often as the set has it, "
                  f"{_plural(blanks, 'blank')}{spare_text}; each with its value",
                  "letters: " + "; ".join(problems))


def _spares_wanted(kit, letters: dict) -> dict | None:
    """The spares the kit asks for by letter (None for ``fill``: one each of the commonest)."""
    sp = kit.print.spares
    if sp.fill:
        return None
    want = {f: sp.count(f) for f in letters if sp.count(f)}
    if sp.blanks:
        want[None] = sp.blanks
    return want


def _commonest(spares: dict, letters: dict) -> bool:
    """Whether ``spares`` are one each of letters no rarer in the set than any letter left out."""
    if None in spares or any(k != 1 for k in spares.values()):
        return False
    left_out = [n for f, n in letters.items() if f not in spares]
    return not left_out or min(letters[f] for f in spares) >= max(left_out)


def _face(f: str | None) -> str:
    return "blank" if f is None else f


def _faces_text(faces: dict) -> str:
    return " ".join(_face(f) + (f"×{k}" if k != 1 else "") for f, k in sorted(faces.items(), key=lambda x: (
        x[0] is None, x[0] or "")))


def _check_board_pages(report: Report, ctx: _Context, a: dict, pages: list[PdfPage]) -> None:
    rel = a["path"]
    want, rows, cols = Want.of(a, "cell_mm"), a.get("rows"), a.get("cols")
    if want is None or not isinstance(rows, int) or not isinstance(cols, int):
        report.fail(rel, "the manifest gives no cell_mm, rows or cols: the cells cannot be counted")
        return
    for n, page in enumerate(pages, 1):
        exact, wrong = _sized(page.squares, want)
        where = f" on page {n}" if len(pages) > 1 else ""
        good, text = _count_line("cell", len(exact), want, rows * cols, wrong, where)
        if not good:
            report.fail(rel, text)
            return
    on = f" on each of {len(pages)} pages" if len(pages) > 1 else ""
    report.ok(rel, f"{rows * cols} cells of {want.text()} ({rows} × {cols}){on}")


# -- SVG ----------------------------------------------------------------------------------------------

@dataclass
class Shape:
    """A drawn SVG element, in the root's user units (mm): its paint, and what geometry needs."""

    tag: str
    layer: str | None  # the label of the Inkscape layer it is in
    fill: str | None  # "#rrggbb" (or a name), None for none
    stroke: str | None
    width: float  # stroke width, mm
    square: Square | None = None  # a <rect>'s box and sides
    box: tuple[float, float, float, float] | None = None  # (x0, y0, x1, y1)
    lines: list[tuple[tuple[float, float], tuple[float, float]]] = field(default_factory=list)
    curves: list[tuple] = field(default_factory=list)  # curves and circles, each as a rounded key
    hull: tuple | None = None  # (path data, matrix) while ``box`` is that of the control points, not the curve

    def exact_box(self) -> tuple[float, float, float, float] | None:
        """The box of the curve itself: narrower than the control points' where a curve bends inwards."""
        if self.hull is not None:
            d, m = self.hull
            self.hull = None
            _path_geometry(self, [(k, *(_apply(m, *p) for p in pts)) for k, *pts in _path_segments(d)])
        return self.box


_NOT_DRAWN = {"defs", "clipPath", "mask", "pattern", "symbol", "marker", "metadata", "title", "desc", "style",
              "script", "linearGradient", "radialGradient", "filter"}
_SHAPES = {"rect", "line", "path", "circle", "ellipse", "polyline", "polygon"}
_NAMED = {"black": "#000000", "white": "#ffffff", "red": "#ff0000", "blue": "#0000ff", "lime": "#00ff00",
          "green": "#008000", "yellow": "#ffff00"}
_NUMBER = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")


def _local(tag) -> str:
    return tag.rsplit("}", 1)[-1] if isinstance(tag, str) else ""


def _colour(value: str | None) -> str | None:
    if value is None:
        return None
    v = value.strip().lower()
    if v in ("none", "transparent", ""):
        return None
    if re.fullmatch(r"#[0-9a-f]{3}", v):
        return "#" + "".join(c * 2 for c in v[1:])
    m = re.fullmatch(r"rgb\(\s*(\d+)\s*,\s*(\d+)\s*,\s*(\d+)\s*\)", v)
    if m:
        return "#" + "".join(f"{min(int(g), 255):02x}" for g in m.groups())
    return _NAMED.get(v, v)


def _float(value, default: float = 0.0) -> float:
    m = _NUMBER.match(str(value).strip()) if value is not None else None
    return float(m.group(0)) if m else default


def _transform(text: str | None):
    """An SVG transform list as one matrix (a, b, c, d, e, f)."""
    m = IDENTITY
    for name, args in re.findall(r"(matrix|translate|scale|rotate|skewX|skewY)\s*\(([^)]*)\)", text or ""):
        v = [float(x) for x in _NUMBER.findall(args)]
        if name == "matrix" and len(v) == 6:
            t = tuple(v)
        elif name == "translate" and v:
            t = (1.0, 0.0, 0.0, 1.0, v[0], v[1] if len(v) > 1 else 0.0)
        elif name == "scale" and v:
            t = (v[0], 0.0, 0.0, v[1] if len(v) > 1 else v[0], 0.0, 0.0)
        elif name == "rotate" and v:
            c, s = math.cos(math.radians(v[0])), math.sin(math.radians(v[0]))
            cx, cy = (v[1], v[2]) if len(v) == 3 else (0.0, 0.0)
            t = _mul(_mul((1.0, 0.0, 0.0, 1.0, -cx, -cy), (c, s, -s, c, 0.0, 0.0)), (1.0, 0.0, 0.0, 1.0, cx, cy))
        elif name in ("skewX", "skewY") and v:
            k = math.tan(math.radians(v[0]))
            t = (1.0, 0.0, k, 1.0, 0.0, 0.0) if name == "skewX" else (1.0, k, 0.0, 1.0, 0.0, 0.0)
        else:
            continue
        m = _mul(t, m)
    return m


def _paint(el, inherited: dict) -> dict:
    paint = dict(inherited)
    for key in ("fill", "stroke", "stroke-width"):
        if el.get(key) is not None:
            paint[key] = el.get(key)
    for decl in (el.get("style") or "").split(";"):
        if ":" in decl:
            key, value = (p.strip() for p in decl.split(":", 1))
            if key in ("fill", "stroke", "stroke-width"):
                paint[key] = value
    return paint


def read_svg(data: bytes, geometry: bool) -> tuple[ET.Element, list[Shape], int]:
    """The root, the drawn shapes (with boxes, lines and curves when ``geometry``) and the number of
    ``<text>`` elements (anywhere in the file)."""
    root = ET.fromstring(data)
    texts = sum(1 for el in root.iter() if _local(el.tag) in ("text", "tspan", "textPath"))
    shapes: list[Shape] = []

    def visit(el, m, paint: dict, layer: str | None) -> None:
        tag = _local(el.tag)
        if tag in _NOT_DRAWN:
            return
        m = _mul(_transform(el.get("transform")), m)
        paint = _paint(el, paint)
        if tag == "g" and el.get(INKSCAPE_NS + "groupmode") == "layer":
            layer = el.get(INKSCAPE_NS + "label") or el.get("id")
        if tag in _SHAPES:
            scale = math.sqrt(abs(m[0] * m[3] - m[1] * m[2]))
            shape = Shape(tag, layer, _colour(paint.get("fill", "black")), _colour(paint.get("stroke")),
                          _float(paint.get("stroke-width"), 1.0) * scale)
            _geometry(el, tag, m, shape, geometry, cut=LASER_LAYERS.get(layer or "") in CUT_OPS)
            shapes.append(shape)
        for child in el:
            visit(child, m, paint, layer)

    for child in root:
        visit(child, IDENTITY, {}, None)
    return root, shapes, texts


_ABSOLUTE = re.compile(r"[MLQCZ0-9.eE+\-\s,]*")  # path data of absolute moves, lines and curves only


def _geometry(el, tag: str, m, shape: Shape, full: bool, cut: bool = False) -> None:
    """The shape's square (a <rect>) and, when ``full``, its box, straight lines and curves, in mm.
    A path that is not cut gets the box of its points and control points (a box at least as
    large as the curve's; :meth:`Shape.exact_box` narrows it)."""
    f = _float
    if tag == "rect":
        x, y, w, h = f(el.get("x")), f(el.get("y")), f(el.get("width")), f(el.get("height"))
        corners = [_apply(m, px, py) for px, py in ((x, y), (x + w, y), (x + w, y + h), (x, y + h))]
        xs, ys = [p[0] for p in corners], [p[1] for p in corners]
        shape.square = Square(min(xs), min(ys), max(xs), max(ys), math.dist(corners[0], corners[1]),
                              math.dist(corners[0], corners[3]))
        if full:
            shape.box = (min(xs), min(ys), max(xs), max(ys))
            shape.lines = list(zip(corners, corners[1:] + corners[:1]))
        return
    if not full:
        return
    if tag in ("circle", "ellipse"):
        cx, cy = f(el.get("cx")), f(el.get("cy"))
        rx = f(el.get("r")) if tag == "circle" else f(el.get("rx"))
        ry = f(el.get("r")) if tag == "circle" else f(el.get("ry"))
        # the box of the transformed ellipse: exact for any affine map
        ex, ey = math.hypot(m[0] * rx, m[2] * ry), math.hypot(m[1] * rx, m[3] * ry)
        px, py = _apply(m, cx, cy)
        shape.box = (px - ex, py - ey, px + ex, py + ey)
        shape.curves = [("ellipse", round(px, 3), round(py, 3), round(ex, 3), round(ey, 3))]
        return
    if tag == "line":
        a = _apply(m, f(el.get("x1")), f(el.get("y1")))
        b = _apply(m, f(el.get("x2")), f(el.get("y2")))
        segments = [("L", a, b)]
    elif tag in ("polyline", "polygon"):
        v = [float(x) for x in _NUMBER.findall(el.get("points") or "")]
        pts = [_apply(m, v[i], v[i + 1]) for i in range(0, len(v) - 1, 2)]
        if tag == "polygon" and pts:
            pts.append(pts[0])
        segments = [("L", a, b) for a, b in zip(pts, pts[1:])]
    else:
        d = el.get("d") or ""
        if not cut and _ABSOLUTE.fullmatch(d):
            v = [float(x) for x in _NUMBER.findall(d)]
            pts = [_apply(m, v[i], v[i + 1]) for i in range(0, len(v) - 1, 2)]
            if pts:
                shape.box = (min(p[0] for p in pts), min(p[1] for p in pts), max(p[0] for p in pts),
                             max(p[1] for p in pts))
                shape.hull = (d, m)
            return
        segments = [(k, *(_apply(m, *p) for p in pts)) for k, *pts in _path_segments(d)]
    _path_geometry(shape, segments)


def _path_geometry(shape: Shape, segments: list[tuple]) -> None:
    """The lines, curves and box of a shape from its segments (in mm)."""
    xs: list[float] = []
    ys: list[float] = []
    for seg in segments:
        pts = seg[1:]
        if seg[0] == "L":
            shape.lines.append((pts[0], pts[1]))
            xs += [pts[0][0], pts[1][0]]
            ys += [pts[0][1], pts[1][1]]
        else:
            key = tuple(round(c, 3) for p in pts for c in p)
            back = tuple(round(c, 3) for p in reversed(pts) for c in p)
            shape.curves.append(("C",) + min(key, back))
            for axis, out in ((0, xs), (1, ys)):
                out.extend(_cubic_range(*(p[axis] for p in pts)))
    if xs:
        shape.box = (min(xs), min(ys), max(xs), max(ys))


def _cubic_range(p0: float, p1: float, p2: float, p3: float) -> tuple[float, float]:
    """The least and greatest value a cubic Bézier takes on one axis."""
    values = [p0, p3]
    a = -p0 + 3 * p1 - 3 * p2 + p3
    b = 2 * (p0 - 2 * p1 + p2)
    c = p1 - p0
    roots = []
    if abs(a) < 1e-12:
        if abs(b) > 1e-12:
            roots = [-c / b]
    else:
        disc = b * b - 4 * a * c
        if disc >= 0:
            r = math.sqrt(disc)
            roots = [(-b + r) / (2 * a), (-b - r) / (2 * a)]
    for t in roots:
        if 0 < t < 1:
            u = 1 - t
            values.append(u ** 3 * p0 + 3 * u * u * t * p1 + 3 * u * t * t * p2 + t ** 3 * p3)
    return min(values), max(values)


_PATH_TOKEN = re.compile(r"([MmLlHhVvCcSsQqTtAaZz])|([-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)")
_ARGS = {"M": 2, "L": 2, "H": 1, "V": 1, "C": 6, "S": 4, "Q": 4, "T": 2, "A": 7, "Z": 0}


def _path_segments(d: str) -> list[tuple]:
    """Path data as segments in user units: ("L", a, b), or ("C", a, c1, c2, b) for every curve (a
    quadratic raised to a cubic). Arcs count as the straight line between their ends."""
    out: list[tuple] = []
    cmd = None
    nums: list[float] = []
    items: list[tuple[str, list[float]]] = []
    for letter, number in _PATH_TOKEN.findall(d):
        if letter:
            if cmd is not None:
                items.append((cmd, nums))
            cmd, nums = letter, []
        else:
            nums.append(float(number))
    if cmd is not None:
        items.append((cmd, nums))
    here = start = (0.0, 0.0)
    last_c = last_q = None  # the previous curve's second control point, for S and T
    for letter, nums in items:
        op, rel = letter.upper(), letter.islower()
        n = _ARGS[op]
        groups = [nums[i:i + n] for i in range(0, len(nums) - n + 1, n)] if n else [[]]
        for k, g in enumerate(groups):
            def pt(i: int) -> tuple[float, float]:
                return (here[0] + g[i], here[1] + g[i + 1]) if rel else (g[i], g[i + 1])
            this = op if not (op == "M" and k > 0) else "L"  # pairs after a moveto are linetos
            c2 = q = None
            if this == "M":
                here = start = pt(0)
            elif this == "L":
                out.append(("L", here, pt(0)))
                here = pt(0)
            elif this == "H":
                end = ((here[0] if rel else 0.0) + g[0], here[1])
                out.append(("L", here, end))
                here = end
            elif this == "V":
                end = (here[0], (here[1] if rel else 0.0) + g[0])
                out.append(("L", here, end))
                here = end
            elif this in ("C", "S"):
                if this == "C":
                    c1, c2, end = pt(0), pt(2), pt(4)
                else:
                    c1 = (2 * here[0] - last_c[0], 2 * here[1] - last_c[1]) if last_c else here
                    c2, end = pt(0), pt(2)
                out.append(("C", here, c1, c2, end))
                here = end
            elif this in ("Q", "T"):
                if this == "Q":
                    q, end = pt(0), pt(2)
                else:
                    q = (2 * here[0] - last_q[0], 2 * here[1] - last_q[1]) if last_q else here
                    end = pt(0)
                out.append(("C", here, (here[0] + 2 * (q[0] - here[0]) / 3, here[1] + 2 * (q[1] - here[1]) / 3),
                            (end[0] + 2 * (q[0] - end[0]) / 3, end[1] + 2 * (q[1] - end[1]) / 3), end))
                here = end
            elif this == "A":
                end = pt(5)
                out.append(("L", here, end))
                here = end
            elif this == "Z":
                if here != start:
                    out.append(("L", here, start))
                here = start
            last_c, last_q = c2, q
    return out


def _check_svg(report: Report, ctx: _Context, a: dict, data: bytes) -> None:
    rel = a["path"]
    kind = a.get("kind", "")
    laser = a.get("product") == "laser" or kind.startswith("laser")
    drawn = kind.startswith("burn")  # a pen plotter's (or a burning pen's) lines
    try:
        root, shapes, texts = read_svg(data, geometry=laser or drawn)
    except ET.ParseError as exc:
        report.fail(rel, f"cannot be read as SVG: {_why(exc)}")
        return
    if _local(root.tag) != "svg":
        report.fail(rel, f"its root is <{_local(root.tag)}>, not <svg>")
        return
    _check_svg_root(report, ctx, a, root)
    report.expect(texts == 0, rel, "letters are paths (no <text>)",
                  f"{_plural(texts, '<text> element')} (letters must be paths: the opening machine's "
                  f"fonts would change them)")
    if kind == "tiles":
        want, tiles, spares = Want.of(a, "tile_mm"), a.get("tiles"), a.get("spares", 0)
        if want is None or not isinstance(tiles, int) or not isinstance(spares, int):
            report.fail(rel, "the manifest gives no tile_mm, tiles or spares: the tiles cannot be counted")
        else:
            back = _backs(ctx, a) and a.get("page", 1) % 2 == 0
            exact, wrong, want = _tile_count([s.square for s in shapes if s.square], want, back)
            good, text = _count_line("tile back" if back else "tile", len(exact), want, tiles + spares, wrong)
            report.expect(good, rel, text + _of_which(tiles, spares), text)
    elif kind == "board":
        want, rows, cols = Want.of(a, "cell_mm"), a.get("rows"), a.get("cols")
        if want is None or not isinstance(rows, int) or not isinstance(cols, int):
            report.fail(rel, "the manifest gives no cell_mm, rows or cols: the cells cannot be counted")
        else:
            exact, wrong = _sized([s.square for s in shapes if s.square], want)
            good, text = _count_line("cell", len(exact), want, rows * cols, wrong)
            report.expect(good, rel, f"{text} ({rows} × {cols})", text)
    if laser:
        layers = [el.get(INKSCAPE_NS + "label") or el.get("id") or "" for el in root.iter(SVG_NS + "g")
                  if el.get(INKSCAPE_NS + "groupmode") == "layer"]
        blocks = _check_laser(report, ctx, a, shapes, layers)
        if kind == "laser-tiles" and blocks is not None:
            _check_laser_letters(report, ctx, a, root, blocks)
    if drawn:
        _check_drawn(report, a, shapes)


def _check_svg_root(report: Report, ctx: _Context, a: dict, root) -> None:
    """``width="Wmm" height="Hmm" viewBox="0 0 W H"``, and W × H the manifest's page."""
    rel = a["path"]
    width, height, view = root.get("width", ""), root.get("height", ""), root.get("viewBox", "")
    box = [float(v) for v in _NUMBER.findall(view)]
    m = [re.fullmatch(r"\s*([-+]?(?:\d+\.?\d*|\.\d+))\s*mm\s*", v) for v in (width, height)]
    if not all(m) or len(box) != 4:
        report.fail(rel, f'the root is width="{width}" height="{height}" viewBox="{view}": it needs millimetres '
                         f"and a viewBox, so that one unit is one millimetre")
        return
    w, h = float(m[0].group(1)), float(m[1].group(1))
    if box[:2] != [0.0, 0.0] or not (_close(box[2], w, 1e-6) and _close(box[3], h, 1e-6)):
        report.fail(rel, f'viewBox="{view}" is not "0 0 {_mm(w)} {_mm(h)}": one unit would not be one millimetre')
        return
    expected = _pair(a.get("page_mm")) or ctx.paper_mm(a)
    if expected is None and a.get("product") == "laser":
        expected = _pair(a.get("bed_mm"))
    if expected is None:
        report.fail(rel, f"{_size(w, h)}, and the manifest gives no page_mm, paper or bed_mm to compare with")
    elif not (_close(w, expected[0]) and _close(h, expected[1])):
        report.fail(rel, f"{_size(w, h)}, the manifest says {_size(*expected)}")
    else:
        report.ok(rel, f"{_size(w, h)}, viewBox in millimetres")


# -- laser files --------------------------------------------------------------------------------------

def _job_layers(machine) -> list[str]:
    """The layer names of the machine's job order: the inner cuts where it lists inner_cut (at the
    latest right before the cut), then the outer cut."""
    names = {"engrave": "engrave", "score": "score", "inner_cut": "inner cuts", "cut": "outer cut"}
    out = [names[op] for op in machine.order if op in names]
    if "inner cuts" not in out:
        i = out.index("outer cut")
        out.insert(i, "inner cuts")
    return out


def _check_laser(report: Report, ctx: _Context, a: dict, shapes: list[Shape], layers: list[str] | None,
                 colour_only: bool = False) -> list[LaserBlock] | None:
    """Layers in job order, each element in its operation's colour and width, everything on the
    bed, and no cut made twice; the tiles a tile sheet frees, and its inner cuts starting inside.
    ``colour_only``: the format has no fill or stroke width (DXF). Returns a tile sheet's blocks."""
    rel = a["path"]
    name = a.get("profile")
    machine = ctx.machine(name) if isinstance(name, str) else "the manifest names no laser profile"
    if isinstance(machine, str):
        report.fail(rel, machine)
    else:
        if layers is not None:
            _check_layer_order(report, rel, machine, layers)
        _check_paint(report, rel, machine, shapes, colour_only)
    _check_bed(report, rel, _pair(a.get("bed_mm")), shapes)
    blocks = None
    if a.get("kind") == "laser-tiles":
        blocks = _check_laser_tiles(report, a, shapes)
        _check_inner_first(report, a, shapes)
    cuts = [s for s in shapes if LASER_LAYERS.get(s.layer or "") in CUT_OPS]
    twice, where = _overlaps([ln for s in cuts for ln in s.lines], [c for s in cuts for c in s.curves])
    n = sum(len(s.lines) + len(s.curves) for s in cuts)
    report.expect(not twice, rel, f"each cut once ({_plural(n, 'cut segment')}, none overlapping)",
                  f"{_plural(twice, 'cut segment')} cut twice (the first at {where}): the beam would burn "
                  f"the edge again")
    return blocks


def _check_bed(report: Report, rel: str, bed: tuple[float, float] | None, shapes: list[Shape]) -> None:
    """Every element inside the bed, from (0, 0) to its width and height."""
    if bed is None:
        report.fail(rel, "the manifest gives no bed_mm")
        return

    def inside(box) -> bool:
        return box[0] >= -TOL and box[1] >= -TOL and box[2] <= bed[0] + TOL and box[3] <= bed[1] + TOL

    out = [s.exact_box() for s in shapes if s.box and not inside(s.box)]  # a curve's own box, where it matters
    out = [box for box in out if box and not inside(box)]
    if not out:
        report.ok(rel, f"everything inside the bed of {_size(*bed)}")
        return
    x0, y0, x1, y1 = out[0]
    report.fail(rel, f"{_plural(len(out), 'element')} outside the bed of {_size(*bed)} (the first spans "
                     f"{_mm(x0)}–{_mm(x1)} × {_mm(y0)}–{_mm(y1)} mm)")


def _check_layer_order(report: Report, rel: str, machine, layers: list[str]) -> None:
    known = [n for n in layers if n in LASER_LAYERS]
    unknown = [n for n in layers if n not in LASER_LAYERS]
    order = [n for n in _job_layers(machine) if n in known]
    if unknown:
        report.fail(rel, f"layers {', '.join(repr(n) for n in unknown)} are none of engrave, score, inner cuts, "
                         f"outer cut")
    elif known != order or len(set(known)) != len(known):
        report.fail(rel, f"layers in the order {', '.join(known)}; the job order of {machine.name} is "
                         f"{', '.join(order)}")
    else:
        report.ok(rel, f"layers in the job order of {machine.name}: {', '.join(known)}")


def _check_paint(report: Report, rel: str, machine, shapes: list[Shape], colour_only: bool) -> None:
    """Each element in its layer's look: filled in the engrave colour, or stroked in the colour and
    hairline of its operation (DXF: the colour alone)."""
    wrong: dict[str, int] = {}
    outside = 0
    for s in shapes:
        operation = LASER_LAYERS.get(s.layer or "")
        if operation is None:
            outside += 1
            continue
        op = machine.operations[operation]
        if colour_only:
            good = s.stroke == op.colour
            look = f"in {s.stroke}"
        elif op.fill:
            good = s.fill == op.colour and s.stroke is None
            look = f"filled {s.fill or 'none'}" + (f", stroked {s.stroke}" if s.stroke else "")
        else:
            width_ok = _close(s.width, op.width_mm, 0.001) or (op.width_mm == 0 and s.width <= 0.01 + 1e-9)
            good = s.stroke == op.colour and s.fill is None and width_ok
            look = f"stroked {s.stroke or 'none'} {_mm(s.width)} mm" + (f", filled {s.fill}" if s.fill else "")
        if not good:
            key = f"in '{s.layer}' {look}"
            wrong[key] = wrong.get(key, 0) + 1
    looks = []
    for operation in machine.order:
        op = machine.operations[operation]
        looks.append(f"{operation} {op.colour}" + ("" if colour_only else " filled" if op.fill
                                                   else f" {_mm(op.width_mm)} mm"))
    problems = [f"{_plural(n, 'element')} {key}" for key, n in sorted(wrong.items())]
    if outside:
        problems.append(f"{_plural(outside, 'element')} outside the engrave, score and cut layers")
    report.expect(not problems, rel,
                  f"{'colours' if colour_only else 'colours and widths'} per {machine.name} ({', '.join(looks)}): "
                  f"{_plural(len(shapes), 'element')}",
                  "; ".join(problems) + f" (the profile {machine.name}: {', '.join(looks)})")


def _overlaps(lines: list, curves: list) -> tuple[int, str]:
    """How many cut segments lie on another (collinear and overlapping by more than TOL, or the
    same curve or circle twice), and where the first is."""
    runs: dict[tuple, list[tuple[float, float, tuple]]] = {}
    for a, b in lines:
        length = math.dist(a, b)
        if length < 1e-6:
            continue
        ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
        if ux < -1e-9 or (abs(ux) <= 1e-9 and uy < 0):
            ux, uy = -ux, -uy
        offset = ux * a[1] - uy * a[0]  # the line's distance from the origin, signed
        key = (round(ux, 4), round(uy, 4), round(offset / 0.002))
        t0, t1 = sorted((ux * a[0] + uy * a[1], ux * b[0] + uy * b[1]))
        runs.setdefault(key, []).append((t0, t1, (a, b)))
    twice = 0
    first = None
    for key in sorted(runs):
        reach = None
        for t0, t1, seg in sorted(runs[key]):
            if reach is not None and t0 < reach - TOL:
                twice += 1
                if first is None:
                    first = seg
            reach = t1 if reach is None else max(reach, t1)
    seen: set = set()
    for c in curves:
        if c in seen:
            twice += 1
            if first is None:
                first = c
        seen.add(c)
    if first is None:
        return twice, ""
    if isinstance(first[0], tuple):
        (x1, y1), (x2, y2) = first
        return twice, f"{_mm(x1)},{_mm(y1)} → {_mm(x2)},{_mm(y2)} mm"
    return twice, "a curve or circle near " + ",".join(_mm(v) for v in first[1:3]) + " mm"


@dataclass(frozen=True)
class LaserBlock:
    """Tiles a laser sheet cuts free as one block (neighbours sharing cuts): each tile's top-left
    corner on the bed, in reading order, and the side of its cell (tile + kerf)."""

    tiles: tuple[tuple[float, float], ...]
    pitch: float

    @property
    def top(self) -> float:
        return min(y for _, y in self.tiles)

    @property
    def bottom(self) -> float:
        return max(y for _, y in self.tiles) + self.pitch

    def holds(self, x: float, y: float) -> tuple[float, float] | None:
        """The tile whose cell holds the point (x, y), if any."""
        for tx, ty in self.tiles:
            if tx <= x <= tx + self.pitch and ty <= y <= ty + self.pitch:
                return tx, ty
        return None


def _residues(values: list[float], pitch: float) -> list[float]:
    """The grid origins that ``values`` (the places of lines across one axis) fall on: for each
    class of values a whole number of pitches apart, its smallest value."""
    origins: list[float] = []
    for v in sorted(values):
        if not any(abs((v - o) / pitch - round((v - o) / pitch)) * pitch <= TOL for o in origins):
            origins.append(v)
    return origins


def _check_laser_tiles(report: Report, a: dict, shapes: list[Shape]) -> list[LaserBlock] | None:
    """The tiles a laser sheet frees: cells of a grid of pitch tile + kerf whose four edges are cut
    (all but the hold tab), as many as the manifest says; every straight cut on such a grid. The
    set and its spares are cut as blocks apart, each on a grid of its own (the same pitch, its own
    origin), so each class of lines a whole number of pitches apart is a candidate grid; one that
    frees no tile is no grid, and its lines are off the grid. Returns the blocks freed."""
    rel = a["path"]
    side, kerf, tiles, spares = (_number(a.get("tile_mm")), _number(a.get("kerf_mm")), a.get("tiles"),
                                 a.get("spares", 0))
    if side is None or kerf is None or not isinstance(tiles, int) or not isinstance(spares, int):
        report.fail(rel, "the manifest gives no tile_mm, kerf_mm, tiles or spares: the tiles cannot be counted")
        return None
    tabs = _number(a.get("tabs_mm")) or 0.0
    pitch = side + kerf
    lines = [ln for s in shapes if LASER_LAYERS.get(s.layer or "") in CUT_OPS for ln in s.lines]
    if not lines:
        report.fail(rel, "no cuts: no tile is freed")
        return None
    horizontal = [ln for ln in lines if abs(ln[0][1] - ln[1][1]) <= 1e-6 and abs(ln[0][0] - ln[1][0]) > 1e-6]
    vertical = [ln for ln in lines if abs(ln[0][0] - ln[1][0]) <= 1e-6 and abs(ln[0][1] - ln[1][1]) > 1e-6]
    need = pitch - (tabs + kerf if tabs > 0 else 0.0) - TOL  # a tab leaves tab + kerf uncut: the beam is kerf wide
    blocks: list[LaserBlock] = []
    used_x: set[float] = set()
    used_y: set[float] = set()
    for ox in _residues([ln[0][0] for ln in vertical], pitch):
        for oy in _residues([ln[0][1] for ln in horizontal], pitch):
            cut = _cut_edges(horizontal, vertical, ox, oy, pitch, need)
            rows = max((k for kind, k, _ in cut if kind == "h"), default=0)
            cols = max((k for kind, k, _ in cut if kind == "v"), default=0)
            freed = {(r, c) for r in range(rows) for c in range(cols)
                     if {("h", r, c), ("h", r + 1, c), ("v", c, r), ("v", c + 1, r)} <= cut}
            if freed:
                used_x.add(ox)
                used_y.add(oy)
                blocks += [LaserBlock(tuple((round(ox + c * pitch, 6), round(oy + r * pitch, 6)) for r, c in part),
                                      pitch) for part in _parts(freed)]

    def on(v: float, origins: set[float]) -> bool:
        return any(abs((v - o) / pitch - round((v - o) / pitch)) * pitch <= TOL for o in origins)

    off = (len(lines) - len(horizontal) - len(vertical) + sum(1 for ln in horizontal if not on(ln[0][1], used_y))
           + sum(1 for ln in vertical if not on(ln[0][0], used_x)))
    blocks.sort(key=lambda b: (b.top, min(x for x, _ in b.tiles)))
    freed_n = sum(len(b.tiles) for b in blocks)
    grid = f"a grid of {_mm(pitch)} mm (tile {_mm(side)} + kerf {_mm(kerf)})"
    problems = []
    if off:
        problems.append(f"{_plural(off, 'cut')} off {grid}")
    if freed_n != tiles + spares:
        problems.append(f"{_plural(freed_n, 'tile')} of {side:.2f} mm cut free on {grid}, expected {tiles + spares}")
    pitch_mm = _number(a.get("pitch_mm"))
    if pitch_mm is not None and not _close(pitch_mm, pitch, 0.001):
        problems.append(f"the manifest's pitch_mm {_mm(pitch_mm)} is not tile + kerf")
    in_blocks = f" in {len(blocks)} blocks" if len(blocks) > 1 else ""
    report.expect(not problems, rel, f"{_plural(freed_n, 'tile')} of {side:.2f} mm cut free{_of_which(tiles, spares)}"
                                     f"{in_blocks}, on {grid}", "; ".join(problems))
    return None if problems else blocks  # tiles not found as they should be: their letters cannot be told


def _cut_edges(horizontal: list, vertical: list, ox: float, oy: float, pitch: float, need: float) -> set:
    """The one-cell edges of the grid at (ox, oy) that the lines cut (all but a hold tab):
    ("h", grid line, cell) and ("v", grid line, cell)."""
    cover: dict[tuple, float] = {}
    for kind, group, at_i, along_i, origin, start in (("h", horizontal, 1, 0, ox, oy), ("v", vertical, 0, 1, oy, ox)):
        for a_, b_ in group:
            k = (a_[at_i] - start) / pitch
            if abs(k - round(k)) * pitch > TOL:
                continue
            lo, hi = sorted((a_[along_i], b_[along_i]))
            for i in range(math.floor((lo - origin) / pitch + 1e-9), math.ceil((hi - origin) / pitch - 1e-9)):
                e0 = origin + i * pitch
                key = (kind, round(k), i)
                cover[key] = cover.get(key, 0.0) + max(0.0, min(hi, e0 + pitch) - max(lo, e0))
    return {key for key, length in cover.items() if length >= need}


def _parts(cells: set[tuple[int, int]]) -> list[list[tuple[int, int]]]:
    """``cells`` in groups of neighbours (sharing an edge), each in reading order."""
    left, out = set(cells), []
    while left:
        todo = [min(left)]
        part = set()
        while todo:
            c = todo.pop()
            if c in left:
                left.discard(c)
                part.add(c)
                r, k = c
                todo += [(r - 1, k), (r + 1, k), (r, k - 1), (r, k + 1)]
        out.append(sorted(part))
    return out


def _strictly_inside(x: float, y: float, ring: list[tuple[float, float]]) -> bool:
    """Whether (x, y) is strictly inside the closed polygon ``ring`` (a point on its edge is not)."""
    n = len(ring)
    for i in range(n):
        (x1, y1), (x2, y2) = ring[i], ring[(i + 1) % n]
        if min(x1, x2) - 1e-6 <= x <= max(x1, x2) + 1e-6 and min(y1, y2) - 1e-6 <= y <= max(y1, y2) + 1e-6 and \
                abs((x2 - x1) * (y - y1) - (y2 - y1) * (x - x1)) <= 1e-6 * max(1.0, math.dist((x1, y1), (x2, y2))):
            return False
    inside = False
    for i in range(n):
        (x1, y1), (x2, y2) = ring[i], ring[(i + 1) % n]
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


def _check_inner_first(report: Report, a: dict, shapes: list[Shape]) -> None:
    """Every inner cut starts strictly inside the closed outline it is cut before: where a profile
    has one colour for every cut, or the software merges them anyway (K40 Whisperer's one Vector
    Cut), its inside-first ordering tells inner cuts by where they start, and an inner cut that
    starts on the outline may be cut after it, when the block has already fallen free. With hold
    tabs nothing falls out and the order does not matter."""
    rel = a["path"]
    inner = [s for s in shapes if s.layer == "inner cuts" and s.lines]
    if not inner:
        return
    tabs = _number(a.get("tabs_mm")) or 0.0
    if tabs > 0:
        report.ok(rel, f"inner cuts: hold tabs of {_mm(tabs)} mm keep every tile in the sheet, whatever the order")
        return
    rings = []
    for s in shapes:
        if s.layer == "outer cut" and s.lines and _close(s.lines[0][0][0], s.lines[-1][1][0], 1e-6) and \
                _close(s.lines[0][0][1], s.lines[-1][1][1], 1e-6):
            rings.append([ln[0] for ln in s.lines])
    outside = [s.lines[0][0] for s in inner if not any(_strictly_inside(*s.lines[0][0], ring) for ring in rings)]
    if outside:
        x, y = outside[0]
        report.fail(rel, f"{_plural(len(outside), 'inner cut')} of {len(inner)} start on or outside the outlines "
                         f"(the first at {_mm(x)},{_mm(y)} mm): software that finds inner cuts by where they start "
                         f"(K40 Whisperer's Cut Inside First) may cut the outline first and free the block")
    else:
        report.ok(rel, f"inner cuts: each of {len(inner)} starts inside the closed outline it is cut before")


# -- the letters of a laser tile sheet ----------------------------------------------------------------
#
# Letters on a laser sheet are engraved outlines, not text: each is read by its shape, its outline's
# moments (area, centroid, spread, correlation), perimeter and number of contours against those of the
# kit's font's own glyphs, all of them measured relative to the box of the ink (so at any size). The
# font is read with fontTools, not through printkit's drawing code.

GLYPH_TOL = 0.01  # an engraving is a glyph when no measure differs by more than this (rounding: ~0.001)


def _glyph_measures(replay) -> tuple[int, tuple[float, ...]] | None:
    """(contours, measures) of an outline drawn by ``replay(pen)``, y up; None if it has no area."""
    from fontTools.pens.boundsPen import BoundsPen
    from fontTools.pens.perimeterPen import PerimeterPen
    from fontTools.pens.recordingPen import RecordingPen
    from fontTools.pens.statisticsPen import StatisticsPen

    rec = RecordingPen()
    replay(rec)
    bounds, stats, perimeter = BoundsPen(None), StatisticsPen(), PerimeterPen(None)
    for pen in (bounds, stats, perimeter):
        rec.replay(pen)
    if bounds.bounds is None:
        return None
    x0, y0, x1, y1 = bounds.bounds
    w, h = x1 - x0, y1 - y0
    if w <= 0 or h <= 0 or not stats.area:
        return None
    contours = sum(1 for op, _ in rec.value if op == "moveTo")
    return contours, (w / h, abs(stats.area) / (w * h), (stats.meanX - x0) / w, (stats.meanY - y0) / h,
                      stats.stddevX / w, stats.stddevY / h, stats.correlation, perimeter.value / (w + h) / 4)


class _Glyphs:
    """The measures of every text the kit's tiles engrave (letters and values) in its letters' font."""

    def __init__(self, kit):
        from fontTools.pens.recordingPen import DecomposingRecordingPen
        from fontTools.pens.transformPen import TransformPen
        from fontTools.ttLib import TTFont

        from .fonts import default_bold

        path = Path(kit.tile_style.font) if kit.tile_style.font else default_bold()
        font = TTFont(str(path), lazy=True)
        glyphs, cmap, hmtx = font.getGlyphSet(), font.getBestCmap(), font["hmtx"]
        self.letters = {t.face: t.value for t in kit.distribution.tiles}
        texts = sorted(set(self.letters) | {str(v) for v in self.letters.values()})

        def run(text: str):
            def replay(pen) -> None:
                rec = DecomposingRecordingPen(glyphs)
                x = 0
                for ch in text:
                    name = cmap.get(ord(ch))
                    if name is None:
                        continue
                    glyphs[name].draw(TransformPen(rec, (1, 0, 0, 1, x, 0)))
                    x += hmtx[name][0]
                rec.replay(pen)
            return _glyph_measures(replay)

        self.known = {t: m for t in texts if (m := run(t)) is not None}
        self.alike = next(((a, b) for a in self.known for b in self.known if a < b and
                           self._distance(self.known[a], self.known[b]) <= 2 * GLYPH_TOL), None)

    @staticmethod
    def _distance(m, n) -> float:
        return math.inf if m[0] != n[0] else max(abs(p - q) for p, q in zip(m[1], n[1]))

    def read(self, measures) -> str | None:
        """The text whose glyphs an engraving's outline is, or None."""
        if measures is None:
            return None
        best = min(self.known, key=lambda t: self._distance(self.known[t], measures), default=None)
        return best if best is not None and self._distance(self.known[best], measures) <= GLYPH_TOL else None


def _engraved_paths(root) -> list[tuple[str, tuple]]:
    """(path data, matrix) of every <path> in the engrave layer, with the transforms above it."""
    out: list[tuple[str, tuple]] = []

    def visit(el, m, layer: str | None) -> None:
        tag = _local(el.tag)
        if tag in _NOT_DRAWN:
            return
        m = _mul(_transform(el.get("transform")), m)
        if tag == "g" and el.get(INKSCAPE_NS + "groupmode") == "layer":
            layer = el.get(INKSCAPE_NS + "label") or el.get("id")
        if tag == "path" and layer == "engrave" and el.get("d"):
            out.append((el.get("d"), m))
        for child in el:
            visit(child, m, layer)

    for child in root:
        visit(child, IDENTITY, None)
    return out


def _counted(faces: list[str | None]) -> dict:
    out: dict = {}
    for f in faces:
        out[f] = out.get(f, 0) + 1
    return out


def _as_faces(entry) -> dict | None:
    """A manifest's {"letters": {…}, "blanks": n} as {face or None: count}."""
    if not isinstance(entry, dict) or not isinstance(entry.get("letters"), dict):
        return None
    out = {f: n for f, n in entry["letters"].items() if n}
    if entry.get("blanks"):
        out[None] = entry["blanks"]
    return out


def _differs(read: dict, want: dict) -> str:
    """How the faces read differ from those wanted: too few, too many."""
    few = [f"{_face(f)} {read.get(f, 0)} of {n}" for f, n in sorted(want.items(), key=_face_order)
           if read.get(f, 0) < n]
    many = [f"{_face(f)} {n} of {want.get(f, 0)}" for f, n in sorted(read.items(), key=_face_order)
            if n > want.get(f, 0)]
    return "; ".join(x for x in (few and "too few: " + ", ".join(few), many and "too many: " + ", ".join(many)) if x)


def _face_order(item) -> tuple:
    return item[0] is None, item[0] or ""


def _check_laser_letters(report: Report, ctx: _Context, a: dict, root, blocks: list[LaserBlock]) -> None:
    """The letters a laser tile sheet engraves, read by their shapes: in the set's block the set's
    tiles of this sheet, each with its value; the spares in a block of their own, apart from the set
    with an engraved label between (bagged with the set, unmarked spares make a wrong set), as
    the manifest says for this sheet. What is read is summed over the sheets at the end."""
    from fontTools.pens.transformPen import TransformPen
    from fontTools.svgLib.path import parse_path

    rel = a["path"]
    if ctx.kit is None:
        report.note(rel, "letters: no kit to take the letters' font from, so the engraved letters are not read")
        return
    try:
        if ctx._glyphs is None:
            ctx._glyphs = _Glyphs(ctx.kit)
    except Exception as exc:  # noqa: BLE001 - a font fontTools cannot read: the letters are not checked
        report.note(rel, f"letters: the kit's font cannot be read ({_why(exc)}), so the engraved letters are not read")
        return
    glyphs = ctx._glyphs
    if glyphs.alike:
        report.note(rel, f"letters: {glyphs.alike[0]} and {glyphs.alike[1]} are too alike in the kit's font to tell "
                         f"apart by their outlines: not read")
        return
    engraved: list[tuple[tuple[float, float, float, float], object]] = []
    for d, m in _engraved_paths(root):
        def on_bed(pen, d=d, m=m):
            parse_path(d, TransformPen(pen, m))

        from fontTools.pens.boundsPen import BoundsPen

        bounds = BoundsPen(None)
        try:
            on_bed(bounds)
        except Exception:  # noqa: BLE001 - path data fontTools cannot read: not a letter
            continue
        if bounds.bounds is None:
            continue

        def y_up(pen, on_bed=on_bed):
            return on_bed(TransformPen(pen, (1, 0, 0, -1, 0, 0)))

        engraved.append((bounds.bounds, y_up))
    in_tile: dict[tuple[int, tuple[float, float]], list] = {}
    loose = []  # engraved outside every tile: a label
    for box, draw in engraved:
        cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
        where = next(((i, t) for i, b in enumerate(blocks) if (t := b.holds(cx, cy)) is not None), None)
        if where is None:
            loose.append(box)
        else:
            in_tile.setdefault(where, []).append((box, draw))
    values, bad_values, unread = glyphs.letters, {}, 0
    faces_of: list[list[str | None]] = []
    for i, b in enumerate(blocks):
        faces: list[str | None] = []
        for t in b.tiles:
            marks = in_tile.get((i, t), [])
            if not marks:
                faces.append(None)
                continue
            # each mark read; the letter is the one that reads as a face of the set (the tallest of those;
            # an apostrophe is smaller than its value), the value the rest, left to right
            read = [(glyphs.read(_glyph_measures(e[1])), e[0]) for e in marks]
            named = sorted((r for r in read if r[0] in values), key=lambda r: -(r[1][3] - r[1][1]))
            letter = named[0][0] if named else None
            rest = sorted((r for r in read if not named or r is not named[0]), key=lambda r: r[1][0])
            value = "".join(v or "?" for v, _ in rest)
            if letter not in values:
                unread += 1
                faces.append("?")
                continue
            faces.append(letter)
            if value != str(values[letter]):
                bad_values.setdefault(letter, set()).add(value or "none")
        faces_of.append(faces)
    want_set, want_spares = _as_faces(a.get("set_tiles")), _as_faces(a.get("spare_tiles"))
    tiles, spares = a.get("tiles", 0), a.get("spares", 0)
    problems = []
    if unread:
        problems.append(f"{_plural(unread, 'tile')} engraved with what is no letter of the set")
    if bad_values:
        problems.append("wrong values: " + ", ".join(f"{_face(f)} {'/'.join(sorted(v))} (not {values[f]})"
                                                      for f, v in sorted(bad_values.items())))
    set_faces: dict = {}
    spare_faces: dict = {}
    if tiles and spares:
        # the set's block first (the top one), the spares' blocks below it with a label between
        if len(blocks) < 2:
            read = _counted([f for fs in faces_of for f in fs])
            base = want_set
            if base is None and a.get("sheets") == 1:  # a manifest that does not say: the whole set is here
                base = {f: n for f, n in values_count(ctx.kit).items()}
            extra = {f: n - (base or {}).get(f, 0) for f, n in read.items() if n > (base or {}).get(f, 0)}
            problems.append(f"{sum(len(b.tiles) for b in blocks)} tiles cut as one block: the {spares} spares "
                            f"({_faces_text(extra) if base is not None else 'not told apart'}) are mixed into the "
                            f"set of {tiles}, with no block of their own and no label (bagged, it is a wrong set)")
            set_faces = read  # all of it, as one would bag it
        else:
            set_faces = _counted(faces_of[0])
            spare_faces = _counted([f for fs in faces_of[1:] for f in fs])
            gap = (blocks[0].bottom, min(b.top for b in blocks[1:]))
            labelled = any(box[1] >= gap[0] - TOL and box[3] <= gap[1] + TOL for box in loose)
            if not labelled:
                problems.append(f"no engraved label between the set and its {spares} spares (between "
                                f"{_mm(gap[0])} and {_mm(gap[1])} mm down the bed)")
    elif spares:
        spare_faces = _counted([f for fs in faces_of for f in fs])
    else:
        set_faces = _counted([f for fs in faces_of for f in fs])
    if set_faces or spare_faces:
        if want_set is not None and set_faces != want_set:
            problems.append("the set's block: " + _differs(set_faces, want_set))
        if want_spares is not None and spare_faces != want_spares:
            problems.append("the spares: " + _differs(spare_faces, want_spares))
        ctx.laser_sets.append((rel, set_faces, spare_faces))
    n_set = sum(set_faces.values())
    spare_text = f"{_plural(sum(spare_faces.values()), 'spare')} ({_faces_text(spare_faces)})"
    if not n_set:
        text = f"letters: {spare_text} on a sheet of their own"
    else:
        text = f"letters: the set's {n_set} tiles in a block of their own"
        if spare_faces:
            text += f"; {spare_text} apart, below a label"
    report.expect(not problems, rel, text + ", as the manifest says; each with its value",
                  "letters: " + "; ".join(problems))


def values_count(kit) -> dict:
    """The kit's set as {face or None: count}."""
    out = {t.face: t.count for t in kit.distribution.tiles}
    if kit.distribution.blanks:
        out[None] = kit.distribution.blanks
    return out


def _check_laser_sets(report: Report, ctx: _Context) -> None:
    """Over every laser tile sheet (SVG): the set's blocks hold the kit's set, once; the spares are
    the paper sheets' spares (one declaration), or those and more with ``laser.fill_bed``."""
    if not ctx.laser_sets or ctx.kit is None:
        return
    kit = ctx.kit
    whole: dict = {}
    spares: dict = {}
    for _, set_faces, spare_faces in ctx.laser_sets:
        for f, n in set_faces.items():
            whole[f] = whole.get(f, 0) + n
        for f, n in spare_faces.items():
            spares[f] = spares.get(f, 0) + n
    want = values_count(kit)
    files = sorted({rel for rel, _, _ in ctx.laser_sets})
    where = files[0] if len(files) == 1 else f"{files[0]} … {files[-1]}"
    problems = []
    if whole != want:
        problems.append("the set: " + _differs(whole, want))
    fill = kit.laser is not None and kit.laser.fill_bed
    paper = ctx.paper_spares if ctx.manifest.get("scale", [1.0, 1.0]) == [1.0, 1.0] else None  # a compensated
    # paper sheet may have room for a spare less: the laser's are those of the paper at 100 %
    if paper is not None:
        short = {f: n for f, n in paper.items() if spares.get(f, 0) < n}
        if (spares != paper and not fill) or short:
            problems.append(f"spares {_faces_text(spares) or 'none'}, "
                            f"the paper sheets' are {_faces_text(paper) or 'none'}"
                            f"{' (and laser.fill_bed adds only more)' if fill else ''}")
    elif not fill:
        asked = _spares_wanted(kit, {t.face: t.count for t in kit.distribution.tiles})
        if asked is not None and spares != asked:
            problems.append(f"spares {_faces_text(spares) or 'none'}, the kit asks for {_faces_text(asked) or 'none'}")
        elif asked is None and spares and not _commonest(spares, {t.face: t.count for t in kit.distribution.tiles}):
            problems.append(f"spares {_faces_text(spares)} are not one each of the commonest letters (spares: fill)")
    spare_text = f" and {_plural(sum(spares.values()), 'spare')} apart" if spares else ""
    report.expect(not problems, where, f"letters over {_plural(len(files), 'laser tile sheet')}: the set of "
                                       f"{kit.distribution.total} once{spare_text}, as the paper sheets have them"
                  if paper is not None else f"letters over {_plural(len(files), 'laser tile sheet')}: the set of "
                                            f"{kit.distribution.total} once{spare_text}",
                  "letters over the laser tile sheets: " + "; ".join(problems))


# -- DXF ----------------------------------------------------------------------------------------------

_UNITS = {0: "no unit", 1: "inches", 2: "feet", 4: "millimetres", 5: "centimetres", 6: "metres"}


def _check_dxf(report: Report, ctx: _Context, a: dict, path: Path) -> None:
    rel = a["path"]
    try:
        import ezdxf
        from ezdxf import bbox as ezbbox
        from ezdxf.colors import aci2rgb, int2rgb
    except ImportError:
        report.fail(rel, "ezdxf is not installed, so the DXF cannot be checked: pip install 'printkit[dxf]'")
        return
    try:
        doc = ezdxf.readfile(str(path))
        entities = list(doc.modelspace())
    except Exception as exc:  # noqa: BLE001 - a damaged file is a failed check
        report.fail(rel, f"cannot be read as DXF: {_why(exc)}")
        return
    units = doc.header.get("$INSUNITS", 0)
    report.expect(units == 4, rel, "units are millimetres ($INSUNITS 4)",
                  f"$INSUNITS is {units} ({_UNITS.get(units, 'another unit')}), not 4 (millimetres): laser "
                  f"software would import it at another size")
    names = [layer.dxf.name for layer in doc.layers if layer.dxf.name not in _DXF_OWN_LAYERS]
    job = _check_dxf_layer_names(report, rel, names, entities)
    shapes: list[Shape] = []
    for e in entities:
        if e.dxf.hasattr("true_color"):
            r, g, b = int2rgb(e.dxf.true_color)
        else:
            r, g, b = aci2rgb(e.dxf.color) if 0 < e.dxf.color < 256 else (-1, -1, -1)
        colour = f"#{r:02x}{g:02x}{b:02x}" if r >= 0 else f"colour {e.dxf.color} (by layer or block)"
        shape = Shape(e.dxftype(), job.get(e.dxf.layer, e.dxf.layer), None, colour, 0.0)
        kind = e.dxftype()
        if kind == "LINE":
            a_, b_ = (e.dxf.start.x, e.dxf.start.y), (e.dxf.end.x, e.dxf.end.y)
            shape.lines = [(a_, b_)]
        elif kind == "LWPOLYLINE":
            pts = [(x, y) for x, y in e.get_points("xy")]
            if e.closed and pts:
                pts.append(pts[0])
            shape.lines = list(zip(pts, pts[1:]))
        elif kind == "CIRCLE":
            c, r_ = e.dxf.center, e.dxf.radius
            shape.curves = [("ellipse", round(c.x, 3), round(c.y, 3), round(r_, 3), round(r_, 3))]
        if shape.lines:
            xs = [p[0] for ln in shape.lines for p in ln]
            ys = [p[1] for ln in shape.lines for p in ln]
            shape.box = (min(xs), min(ys), max(xs), max(ys))
        else:
            extents = ezbbox.extents([e])
            if extents.has_data:
                shape.box = (extents.extmin.x, extents.extmin.y, extents.extmax.x, extents.extmax.y)
        shapes.append(shape)
    _check_laser(report, ctx, a, shapes, [job.get(n, n) for n in names], colour_only=True)
    _check_dxf_numbers(report, ctx, a, doc, entities, job)
    _check_dxf_extents(report, a, doc, entities)


def _span(x0: float, y0: float, x1: float, y1: float) -> str:
    def at(v: float) -> str:
        return _mm(v) if abs(v) < 1e9 else f"{v:g}"

    return f"{at(x0)},{at(y0)} to {at(x1)},{at(y1)} mm"


_DXF_OWN_LAYERS = ("0", "Defpoints")  # the layers every DXF has (ezdxf makes both), empty in ours


def _check_dxf_layer_names(report: Report, rel: str, names: list[str], entities: list) -> dict[str, str]:
    """Each layer named after its operation and numbered in the file's order (``1-engrave``,
    ``3-inner-cuts``), so a program that lists layers by name lists them in job order; the entities
    in the layers' order. The operation each layer's name gives (``inner cuts``)."""
    job: dict[str, str] = {}
    wrong = []
    for n, name in enumerate(names, 1):
        m = re.fullmatch(r"(\d+)-([A-Za-z0-9_$-]+)", name)
        if m:
            job[name] = m.group(2).replace("-", " ")
        if not m or int(m.group(1)) != n:
            wrong.append(f"layer {n} is named {name!r}, not {n}-OPERATION")
    order: list[str] = []
    for e in entities:
        if not order or order[-1] != e.dxf.layer:
            order.append(e.dxf.layer)
    drawn = [n for n in names if n in order]
    if order != drawn:
        wrong.append(f"the entities run through the layers as {' > '.join(order[:8])}"
                     f"{' …' if len(order) > 8 else ''}, not once each in the order {', '.join(drawn)}")
    report.expect(not wrong, rel, f"layers numbered in job order: {', '.join(names)}", "; ".join(wrong))
    return job


def _check_dxf_numbers(report: Report, ctx: _Context, a: dict, doc, entities: list, job: dict[str, str]) -> None:
    """Every layer and every entity has its colour number (ACI; not BYLAYER, which several readers
    ignore): the profile's number for its true colour, else the standard one; operations of
    different colours have different numbers, since RDWorks and LaserCAD sort the job by it."""
    from ezdxf.colors import int2rgb

    from .aci import aci, own_numbers

    rel = a["path"]
    name = a.get("profile")
    machine = ctx.machine(name) if isinstance(name, str) else None
    own = own_numbers(machine.operations) if machine is not None and not isinstance(machine, str) else {}
    wrong: dict[str, int] = {}
    per_layer: dict[str, dict[int, set[str]]] = {}  # layer → number → true colours
    for e in entities:
        n = e.dxf.color
        if not e.dxf.hasattr("true_color"):
            colour = None
        else:
            colour = "#%02x%02x%02x" % tuple(int2rgb(e.dxf.true_color))
        if not 0 < n < 256:
            key = f"in {e.dxf.layer!r} of colour number {n} ({'by layer' if n == 256 else 'by block'})"
        elif colour is not None and n != aci(colour, own):
            key = f"in {e.dxf.layer!r} of colour number {n} for {colour}, whose number is {aci(colour, own)}"
        else:
            per_layer.setdefault(e.dxf.layer, {}).setdefault(n, set()).add(colour or "")
            continue
        wrong[key] = wrong.get(key, 0) + 1
    problems = [f"{_plural(k, 'entity', 'entities')} {key}" for key, k in sorted(wrong.items())]
    layers = {layer.dxf.name: layer for layer in doc.layers}
    numbers: dict[str, int] = {}
    for name_, found in per_layer.items():
        if len(found) > 1:
            problems.append(f"layer {name_!r} holds colour numbers {', '.join(map(str, sorted(found)))}")
            continue
        numbers[name_] = next(iter(found))
        layer = layers.get(name_)
        own_n = abs(layer.dxf.color) if layer is not None else None
        if own_n != numbers[name_]:
            problems.append(f"layer {name_!r} is colour number {own_n}, its entities {numbers[name_]}")
    by_number: dict[int, dict[str, set[str]]] = {}
    for name_, n in numbers.items():
        op = LASER_LAYERS.get(job.get(name_, ""), name_)
        by_number.setdefault(n, {}).setdefault(op, set()).update(per_layer[name_][n])
    for n, ops in sorted(by_number.items()):
        if len(ops) > 1 and len(set().union(*ops.values())) > 1:
            problems.append(f"{' and '.join(sorted(ops))} are both colour number {n}: software that sorts a DXF "
                            f"by colour number runs them as one operation")
    said = ", ".join(f"{job.get(k, k)} {v}" for k, v in numbers.items())
    report.expect(not problems, rel, f"colour numbers (ACI) on every layer and entity: {said or 'none drawn'}",
                  "; ".join(problems))


def _check_dxf_extents(report: Report, a: dict, doc, entities: list) -> None:
    """``$EXTMIN``/``$EXTMAX`` are the drawing's own box (readers place and scale the drawing by them:
    at ±1e20, Inkscape's automatic scaling puts it 1e20 mm away) and the limits are the bed."""
    from ezdxf import bbox as ezbbox

    rel = a["path"]
    header = doc.header
    low, high = header.get("$EXTMIN", (1e20, 1e20, 1e20)), header.get("$EXTMAX", (-1e20, -1e20, -1e20))
    box = ezbbox.extents(entities, fast=False)
    problems = []
    if box.has_data:
        want = (box.extmin.x, box.extmin.y, box.extmax.x, box.extmax.y)
        got = (low[0], low[1], high[0], high[1])
        if not all(_close(g, w, TOL) for g, w in zip(got, want)):
            problems.append(f"$EXTMIN/$EXTMAX are {_span(*got)}, but the drawing spans {_span(*want)}: a reader "
                            f"that places or scales the drawing by them puts it elsewhere")
    bed = _pair(a.get("bed_mm"))
    lo_lim, hi_lim = header.get("$LIMMIN", (0, 0)), header.get("$LIMMAX", (0, 0))
    if bed is not None and not (_close(lo_lim[0], 0, TOL) and _close(lo_lim[1], 0, TOL)
                                and _close(hi_lim[0], bed[0], TOL) and _close(hi_lim[1], bed[1], TOL)):
        problems.append(f"the limits are {_span(lo_lim[0], lo_lim[1], hi_lim[0], hi_lim[1])}, not the bed "
                        f"{_span(0, 0, *bed)}")
    spans = _span(box.extmin.x, box.extmin.y, box.extmax.x, box.extmax.y) if box.has_data else "nothing drawn"
    report.expect(not problems, rel, f"extents are the drawing's ({spans}), limits the bed"
                                     f"{f' ({_size(*bed)})' if bed else ''}", "; ".join(problems))


# -- lines a pen or a burning tip draws (plotter SVGs) ----------------------------------------------

NEAR_MM = 1.0  # two lines closer than this, side by side...
ALONG_MM = 1.0  # ...for longer than this are drawn as one thick line (a pen's or a burning tip's width)
PARALLEL_DEG = 15.0  # lines within this angle of each other run side by side; wider, they meet or cross
ROUND_WAY = 1.5  # two points of one line are neighbours unless the way between them along it is longer


def _polylines(lines: list) -> list[list[tuple[float, float]]]:
    """Segments in drawing order as polylines: each that starts where the one before ends goes on."""
    out: list[list[tuple[float, float]]] = []
    for a, b in lines:
        if out and math.dist(out[-1][-1], a) < 1e-6:
            out[-1].append(b)
        else:
            out.append([a, b])
    return out


def beside_runs(strokes, near: float = NEAR_MM, along: float = ALONG_MM,
                angle: float = PARALLEL_DEG) -> list[tuple[float, tuple[float, float]]]:
    """Where lines run side by side: each stretch of a polyline longer than ``along`` mm that has
    another line (or another part of itself) beside it, closer than ``near`` mm and within ``angle``
    degrees of parallel, as (length, where it starts). "Beside" is straight across: the other
    segment's foot of the perpendicular lies on it. Two parts of one polyline count only where
    the way between them along it is more than ROUND_WAY times the way across (a line turning back
    on itself, a loop too small to stay open), not where a curve or a corner runs on."""
    segs = []  # (polyline, a, b, ux, uy, length, distance along the polyline at a)
    rings: list[tuple[float, bool]] = []
    for i, pts in enumerate(strokes):
        arc = 0.0
        for a, b in zip(pts, pts[1:]):
            length = math.dist(a, b)
            if length > 1e-9:
                segs.append((i, a, b, (b[0] - a[0]) / length, (b[1] - a[1]) / length, length, arc))
            arc += length
        rings.append((arc, len(pts) > 2 and math.dist(pts[0], pts[-1]) < 1e-6))
    cells: dict[tuple[int, int], list[int]] = {}  # squares of ``near`` mm → the segments that reach them

    def squares(a, b, grow: float):
        for cx in range(math.floor((min(a[0], b[0]) - grow) / near), math.floor((max(a[0], b[0]) + grow) / near) + 1):
            for cy in range(math.floor((min(a[1], b[1]) - grow) / near),
                            math.floor((max(a[1], b[1]) + grow) / near) + 1):
                yield cx, cy

    for n, seg in enumerate(segs):
        for key in squares(seg[1], seg[2], near):
            cells.setdefault(key, []).append(n)
    sin_max = math.sin(math.radians(angle))
    spans: dict[int, list[tuple[float, float]]] = {}
    for n, (i, a, b, ux, uy, length, arc) in enumerate(segs):
        others = sorted({m for key in squares(a, b, 0.0) for m in cells.get(key, ()) if m != n})
        for m in others:
            j, c, _, vx, vy, other, arc2 = segs[m]
            cross = vx * uy - vy * ux
            if abs(cross) > sin_max:
                continue
            # a point u mm along this segment: its distance from the other's line, and its foot on
            # it, both linear in u
            wx, wy = a[0] - c[0], a[1] - c[1]
            d0, t0, t1 = vx * wy - vy * wx, vx * wx + vy * wy, vx * ux + vy * uy
            lo, hi = 0.0, length
            for base, k, low, high in ((d0, cross, -near, near), (t0, t1, 0.0, other)):
                if abs(k) < 1e-12:
                    if not low <= base <= high:
                        lo, hi = 1.0, 0.0
                    continue
                u1, u2 = sorted(((low - base) / k, (high - base) / k))
                lo, hi = max(lo, u1), min(hi, u2)
            if hi - lo <= 1e-9:
                continue
            parts = [(lo, hi)]
            if j == i:  # one polyline: only where it has come round to itself
                total, ring = rings[i]
                steps = max(1, math.ceil((hi - lo) / 0.02))
                parts, start = [], None
                for k in range(steps + 1):
                    u = lo + (hi - lo) * k / steps
                    way = abs(arc + u - (arc2 + t0 + u * t1))
                    if ring:
                        way = min(way, total - way)
                    far = way > ROUND_WAY * abs(d0 + u * cross) + 0.01
                    if far and start is None:
                        start = u
                    elif not far and start is not None:
                        parts.append((start, u))
                        start = None
                if start is not None:
                    parts.append((start, hi))
            spans.setdefault(i, []).extend((arc + p, arc + q) for p, q in parts)
    out = []
    for i in sorted(spans):
        merged: list[list[float]] = []
        for lo, hi in sorted(spans[i]):
            if merged and lo <= merged[-1][1] + 1e-6:
                merged[-1][1] = max(merged[-1][1], hi)
            else:
                merged.append([lo, hi])
        for lo, hi in merged:
            if hi - lo > along:
                out.append((hi - lo, _point_at(strokes[i], lo)))
    return out


def _point_at(pts, s: float) -> tuple[float, float]:
    """The point ``s`` mm along a polyline."""
    for a, b in zip(pts, pts[1:]):
        length = math.dist(a, b)
        if s <= length:
            f = s / length if length else 0.0
            return a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f
        s -= length
    return pts[-1]


def _check_drawn(report: Report, a: dict, shapes: list[Shape]) -> None:
    """A file a pen plotter or a burning pen follows line by line: no line drawn twice (a line on
    another, overlapping, counts), and no two lines of one layer side by side closer than
    NEAR_MM for more than ALONG_MM (single-line letters: a doubled stem burns as one fat line)."""
    rel = a["path"]
    for s in shapes:
        s.exact_box()  # a path's lines, where only its box was read
    lines = [ln for s in shapes for ln in s.lines]
    twice, where = _overlaps(lines, [c for s in shapes for c in s.curves])
    report.expect(not twice, rel, f"each line drawn once ({_plural(len(lines), 'segment')}, none on another)",
                  f"{_plural(twice, 'segment')} drawn twice (the first at {where}): the pen would go over "
                  f"it again")
    layers: dict[str, list[Shape]] = {}
    for s in shapes:
        layers.setdefault(s.layer or "", []).append(s)
    found = []
    for name in layers:
        runs = beside_runs([p for s in layers[name] for p in _polylines(s.lines)])
        found += [(name, length, at) for length, at in runs]
    if not found:
        report.ok(rel, f"single lines: no two lines side by side closer than {_mm(NEAR_MM)} mm for more than "
                       f"{_mm(ALONG_MM)} mm")
        return
    name, length, (x, y) = found[0]
    report.fail(rel, f"{_plural(len(found), 'stretch', 'stretches')} of line run beside another closer than "
                     f"{_mm(NEAR_MM)} mm for more than {_mm(ALONG_MM)} mm (the first {_mm(length)} mm long, "
                     f"from {_mm(x)},{_mm(y)} mm in '{name}'): a pen or a burning tip draws them as one thick line")


# -- what the sheets say, and where (issue 19): tile faces, the board's edges, the play sheets ----------

EDGE_LEAST_MM = 1.0  # a tile's value keeps at least this from the cut edge (and EDGE_SHARE of the side)
EDGE_SHARE = 0.06
FACE_LEAST = 0.2  # every face's ink is at least this share of the tile side tall (an apostrophe too)...
FACE_OFF_CENTRE = 0.1  # ...and its middle within this share of the side from where the letters' middles are
WORD_LEAST_MM = 33.0  # a score sheet's word column: two words of 8 letters in 3.2 mm small print (33.3 mm)
INCH_PAPERS = ("Letter", "Legal", "Tabloid")
CLEAR_MM = 0.3  # text keeps this far from the edges of a frame drawn round it (a 0.5 mm outline's half, and more)
FRAME_LEAST_MM = 40.0
_COORDINATE = re.compile(r"[A-Z]|[0-9]{1,2}")


def _box_in(box, sq: Square, tol: float = TOL) -> bool:
    return sq.x0 - tol <= box[0] and box[2] <= sq.x1 + tol and sq.y0 - tol <= box[1] and box[3] <= sq.y1 + tol


def _check_tile_faces(report: Report, a: dict, pages: list[PdfPage]) -> None:
    """On the fronts: each value at least EDGE_LEAST_MM (and 6 % of the side) from the cut edge; each
    face's mark tall enough to see and centred up and down like the letters (the apostrophe)."""
    rel, want = a["path"], Want.of(a, "tile_mm")
    if want is None:
        return
    least = max(EDGE_LEAST_MM, EDGE_SHARE * want.side)
    worst, faces, problems = None, 0, []
    middles: list[float] = []
    drawn: list[tuple[Run, Square]] = []
    for page in pages:
        tiles, _ = _sized(page.squares, want)
        for sq in tiles:
            runs = [r for r in page.runs if r.ink and sq.x0 <= r.x <= sq.x1 and sq.y0 <= r.y <= sq.y1]
            if len(runs) < 2:
                continue  # a blank, or a back
            big = max(r.size for r in runs)
            letters = [r for r in runs if r.size > big * 0.75]
            values = [r for r in runs if r.size <= big * 0.75]
            for v in values:
                gap = min(v.ink[0] - sq.x0, sq.x1 - v.ink[2], v.ink[1] - sq.y0, sq.y1 - v.ink[3])
                worst = gap if worst is None else min(worst, gap)
            for r in letters:
                middles.append(((r.ink[1] + r.ink[3]) / 2 - sq.y0) / sq.h)
                drawn.append((r, sq))
    centre = sorted(middles)[len(middles) // 2] if middles else 0.0  # where the letters' middles are
    for r, sq in drawn:
        faces += 1
        height = (r.ink[3] - r.ink[1]) / sq.h
        off = abs(((r.ink[1] + r.ink[3]) / 2 - sq.y0) / sq.h - centre)
        if height < FACE_LEAST - 1e-6 or off > FACE_OFF_CENTRE + 1e-6:
            problems.append(f"'{r.text}' is {height * sq.h:.2f} mm tall, its middle {off * sq.h:.2f} mm from the "
                            f"letters'")
    if worst is not None:
        report.expect(worst >= least - TOL, rel, f"every value at least {least:.2f} mm from the cut edge "
                                                 f"(nearest {worst:.2f} mm)",
                      f"a value is {worst:.2f} mm from the cut edge: at least {least:.2f} mm (1 mm, or 6 % of the "
                      f"tile) keeps it on a tile cut by hand")
    if faces:
        shown = sorted(set(problems))
        report.expect(not shown, rel,
                      f"every face at least {FACE_LEAST:.0%} of the tile tall, centred like the letters",
                      "; ".join(shown[:3]) + f": a face is at least {FACE_LEAST:.0%} of the tile tall and "
                                             f"centred like the letters (within {FACE_OFF_CENTRE:.0%}), "
                                             "to tell it from a blank")


def _check_board_edges(report: Report, a: dict, pages: list[PdfPage]) -> None:
    """On the pages of a split board: no row number or column letter cut by the edge of its window
    (the glue strips end in the middle of the next row)."""
    rel, cut = a["path"], []
    for n, page in enumerate(pages, 1):
        for clip in page.clips:
            for r in page.runs:
                if not (r.ink and _COORDINATE.fullmatch(r.text)):
                    continue
                x0, y0, x1, y1 = r.ink
                overlaps = x0 < clip.x1 and x1 > clip.x0 and y0 < clip.y1 and y1 > clip.y0
                if overlaps and not _box_in(r.ink, clip, 0.05):
                    cut.append(f"'{r.text}' on page {n}")
    if any(p.clips for p in pages):
        report.expect(not cut, rel, "no row number or column letter cut by a page's edge",
                      f"{', '.join(sorted(set(cut))[:4])} cut in half by the edge of the glue strip")


def _check_clear_of_frames(report: Report, a: dict, pages: list[PdfPage]) -> None:
    """The assembly map: no text crossed by the edge of a page's outline (a rectangle of more than
    FRAME_LEAST_MM a side: the cells drawn small are less)."""
    rel, crossed = a["path"], []
    for page in pages:
        frames = [sq for sq in page.squares if min(sq.w, sq.h) > FRAME_LEAST_MM]
        for r in page.runs:
            if not r.ink:
                continue
            for sq in frames:
                grown = Square(sq.x0 - CLEAR_MM, sq.y0 - CLEAR_MM, sq.x1 + CLEAR_MM, sq.y1 + CLEAR_MM, 0, 0)
                shrunk = Square(sq.x0 + CLEAR_MM, sq.y0 + CLEAR_MM, sq.x1 - CLEAR_MM, sq.y1 - CLEAR_MM, 0, 0)
                x0, y0, x1, y1 = r.ink
                near = x0 < grown.x1 and x1 > grown.x0 and y0 < grown.y1 and y1 > grown.y0
                if near and not _box_in(r.ink, shrunk, 0):
                    crossed.append(r.text)
                    break
    report.expect(not crossed, rel, "no text crossed by the outline of a page",
                  f"{', '.join(repr(t) for t in sorted(set(crossed))[:4])} crossed by the edge of a frame")


def _outside(box, sq: Square) -> bool:
    return box[2] <= sq.x0 or box[0] >= sq.x1 or box[3] <= sq.y0 or box[1] >= sq.y1


def _check_rows_share_baselines(report: Report, ctx: _Context, a: dict, pages: list[PdfPage]) -> None:
    """The letters of a table row (the reference card, the tracking sheet) stand on one line: a letter
    with a tail (Q) or a breve (Й) is not lifted or lowered."""
    if ctx.kit is None:
        return
    faces = set(ctx.kit.distribution.faces())
    rel, off = a["path"], []
    for page in pages:
        letters = [r for r in page.runs if r.text in faces and r.ink]
        for r in letters:
            base = r.y - 0.35 * r.size
            for o in letters:
                if o is not r and abs(o.size - r.size) < TOL and abs(o.y - r.y) < r.size * 0.5:
                    if abs((o.y - 0.35 * o.size) - base) > TOL:
                        off.append(r.text)
    report.expect(not off, rel, "the letters of each row on one baseline",
                  f"{', '.join(sorted(set(off))[:4])} off the baseline of the letters beside")


def _check_reference_words(report: Report, ctx: _Context, a: dict, pages: list[PdfPage]) -> None:
    """The reference card says which words count, gives the blank the value the rules give it, and
    heads each group of rules with whose rules they are."""
    kit, rel = ctx.kit, a["path"]
    if kit is None or not pages:
        return
    from .model import BlankValue
    from .text import words
    from .text.rules import grouped, heading, words_rule

    say = words(kit.language)
    text = " ".join(r.text for r in pages[0].runs)
    flat = " ".join(text.split())
    start = " ".join(words_rule(kit.rules, say).split()[:5])
    report.expect(start in flat, rel, f"the word rule: {start}…", f"no word rule: the card never says which words "
                                                                  f"count ({start}…)")
    blanks = [r for r in pages[0].runs if r.text == say("blanks")]
    if blanks and kit.distribution.blanks:
        b = blanks[0]
        row = sorted((r for r in pages[0].runs if abs(r.y - b.y) < 0.6 and r.x > b.x), key=lambda r: r.x)
        value = " ".join(r.text for r in row[1:])
        want = "0" if kit.rules.blank_value is BlankValue.ZERO else say("blank_as_letter")
        report.expect(value == want, rel, f"the blank's value in the table: {value}",
                      f"the table gives the blank '{value}', the rules {kit.rules.name} '{want}'")
    groups = grouped(kit.rules, say)
    if len(groups) > 1:
        missing = [heading(by, say) for by, _ in groups if by is not None and heading(by, say) + ":" not in flat]
        report.expect(not missing, rel, f"{len(groups)} groups of rules, each under whose rules they are",
                      f"no heading '{missing[0] if missing else ''}': the rules of others are printed as the set's own")


def _check_scoresheet_table(report: Report, ctx: _Context, a: dict, pages: list[PdfPage]) -> None:
    """The score sheet's rows reach the foot of the page, and its word column holds two words."""
    rel = a["path"]
    if not pages:
        return
    page = pages[0]
    long_flat = [ln for ln in page.lines if abs(ln[1] - ln[3]) < 1e-6 and abs(ln[2] - ln[0]) > page.width * 0.3]
    upright = sorted({round(ln[0], 2) for ln in page.lines if abs(ln[0] - ln[2]) < 1e-6 and abs(ln[3] - ln[1]) > 5})
    if not long_flat or len(upright) < 3:
        report.fail(rel, "no table found on the score sheet")
        return
    widest = max(b - a for a, b in zip(upright, upright[1:]))
    report.expect(widest >= WORD_LEAST_MM - TOL, rel, f"the word column {widest:.2f} mm wide",
                  f"the word column is {widest:.2f} mm wide: two words of 8 letters need {WORD_LEAST_MM:g} mm")
    if ctx.kit is not None and a.get("pages") == 1:
        lowest = min(min(ln[1], ln[3]) for ln in long_flat)  # y up: the lowest rule of the table
        foot = ctx.kit.print.margin_mm + 12.0 + 2.0  # the footer's band and its gap, from the page's edge
        gap = lowest - foot
        row = _number(a.get("row_mm")) or 7.0
        report.expect(abs(gap) <= TOL + 1e-6 or (gap > 0 and gap < row), rel, "the rows reach the foot of the page",
                      f"{gap:.1f} mm left empty below the table: rows fill the page")


def _check_inch_ruler(report: Report, ctx: _Context, a: dict, pages: list[PdfPage]) -> None:
    """On paper measured in inches (Letter, Legal, Tabloid) the calibration sheet has an inch ruler."""
    rel, paper = a["path"], a.get("paper")
    if paper not in INCH_PAPERS:
        return
    inches = (a.get("rulers_in") or {}).get("across") or []
    lengths = [abs(ln[2] - ln[0]) for p in pages for ln in p.lines if abs(ln[1] - ln[3]) < 1e-6]
    found = [n for n in inches if isinstance(n, int) and any(abs(v - n * 25.4) <= TOL for v in lengths)]
    report.expect(bool(found) and found == inches, rel, f"an inch ruler of {found[0] if found else 0} in",
                  f"no inch ruler on {paper} paper: a user there measures in inches")


def _check_print_all_order(report: Report, ctx: _Context, a: dict, pages) -> None:
    """print-all's contents: page ranges one after another from page 2 to its last page, the
    calibration sheet first. (Its pages are this build's layout of every product: a file kept from an
    earlier build, of another paper or other players, may differ from them, so they are not compared.)"""
    rel = a["path"]
    contents = a.get("contents") or []
    if not contents:
        return
    expected, problems = 2, []
    for e in contents:
        first, last = (list(e.get("pages") or []) + [0, 0])[:2]
        if first != expected or last < first:
            problems.append(f"{e.get('path')} at pages {first}–{last}, expected from page {expected}")
        expected = last + 1
    if expected - 1 != len(pages):
        problems.append(f"the contents end at page {expected - 1}, the file has {len(pages)}")
    kinds = [e.get("kind") for e in contents]
    if "calibration" in kinds and kinds[0] != "calibration":
        problems.append(f"the calibration sheet is at page {contents[kinds.index('calibration')]['pages'][0]}, not "
                        f"first: printed in one job, every page before it is printed before the scale is checked")
    report.expect(not problems, rel, f"{len(contents)} files in print order, the calibration sheet first",
                  "; ".join(problems[:3]))


_SHEET_CHECKS = {
    "reference": (_check_reference_words, _check_rows_share_baselines),
    "tracking": (_check_rows_share_baselines,),
    "scoresheet": (_check_scoresheet_table,),
    "calibration": (_check_inch_ruler,),
    "board-assembly": (lambda report, ctx, a, pages: _check_clear_of_frames(report, a, pages),),
}
