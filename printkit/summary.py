"""What a build's files come to, said once for every reader: ``check`` (a line a product), the build's
own lines (a line a file), the gallery (its laser plan) and the web page (its figures).

Each reader takes a file as printkit holds a manifest's entry (:func:`printkit.manifest.entry`: its
names and its figures in one mapping); a document not yet written is held the same way
(:func:`of_document`). What the figures mean is declared with their kind (:mod:`printkit.figures`):
the tiles a box or a bag ``holds`` are not tiles it draws, and a file whose figures state a laser job
(``bed`` and ``cut_mm``) is a job of the laser, whatever its product.

A laser profile may write each sheet as SVG, DXF and a LightBurn project: they are one sheet to cut, so the
plan's totals (:class:`Jobs`) count a sheet once, however many files hold it.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from typing import Iterable, Mapping

from .text.plural import english


def of_document(doc) -> dict:
    """A document laid out but not written, held as a manifest's entry is (no bytes yet)."""
    return {**doc.figures, "path": doc.path, "kind": doc.kind, "format": doc.format}


def holds(a: Mapping) -> bool:
    """Whether the file's ``tiles`` are the tiles it holds (a box, a bag), not tiles it draws."""
    from .figures import KINDS  # the declarations of every kind: 10 ms that check and the page need not pay

    return any(k.holder for (name, _), k in KINDS.items() if name == a.get("kind"))


def sheet(a: Mapping) -> str:
    """The sheet a laser file cuts: its path without the format's suffix (``tiles-1.svg`` and
    ``tiles-1.dxf`` are one sheet)."""
    return a["path"].rsplit(".", 1)[0]


def is_job(a: Mapping) -> bool:
    """Whether a file is a job of the laser: its figures state the bed and the length to cut."""
    return "bed" in a and "cut_mm" in a


@dataclass(frozen=True)
class Jobs:
    """The laser jobs among a build's files, one a sheet, in the files' order."""

    sheets: tuple[Mapping, ...]

    @classmethod
    def of(cls, files: Iterable[Mapping]) -> Jobs:
        first: dict[str, Mapping] = {}
        for a in files:
            if is_job(a):
                first.setdefault(sheet(a), a)
        return cls(tuple(first.values()))

    def __bool__(self) -> bool:
        return bool(self.sheets)

    def __len__(self) -> int:
        return len(self.sheets)

    def by_kind(self) -> dict[str, Jobs]:
        """The jobs of each kind of file (the tiles, the board, the coupon…), in the order they come."""
        kinds: dict[str, list[Mapping]] = {}
        for a in self.sheets:
            kinds.setdefault(a["kind"], []).append(a)
        return {k: Jobs(tuple(v)) for k, v in kinds.items()}

    def of_kind(self, kind: str) -> Jobs:
        return Jobs(tuple(a for a in self.sheets if a["kind"] == kind))

    def _sum(self, figure: str) -> float:
        return sum(a.get(figure, 0) for a in self.sheets)

    @property
    def cut_mm(self) -> float:
        return self._sum("cut_mm")

    @property
    def travel_mm(self) -> float:
        return self._sum("travel_mm")

    @property
    def time_s(self) -> float:
        return self._sum("time_s")

    @property
    def bed(self) -> str:
        return self.sheets[0].get("bed", "") if self.sheets else ""

    @property
    def profile(self) -> str:
        return self.sheets[0].get("profile", "") if self.sheets else ""

    @property
    def kerf_mm(self) -> float | None:
        return next((a["kerf_mm"] for a in self.sheets if "kerf_mm" in a), None)


def duration(seconds: float) -> str:
    """A machine's time in English: minutes, or hours from two hours on."""
    minutes = round(seconds / 60)
    return f"{minutes} min" if minutes < 120 else f"{minutes / 60:.1f} h"


def size(n: int) -> str:
    """A file's size in English, as the build's lines give it."""
    return f"{n / 1024:.1f} KB" if n >= 1024 else f"{n} B"


def file_line(a: Mapping) -> str:
    """What one written file is, in English, as the build lists it: its pages, paper, tiles, sizes, the
    laser's job, its size on disk (the parts a file has no figure for are left out)."""
    figures = []
    if "pages" in a:
        figures.append(english(a["pages"], "page"))
    if "page" in a:
        figures.append(f"page {a['page']}")
    if "paper" in a:
        figures.append(a["paper"])
    if "tiles" in a and holds(a):
        figures.append(f"holds {english(a['tiles'], 'tile')}")
    elif "tiles" in a:
        figures.append(english(a["tiles"], "tile") + (f" + {english(a['spares'], 'spare')}" if a.get("spares") else ""))
    if "inner_mm" in a:
        figures.append("inside " + " × ".join(f"{v:g}" for v in a["inner_mm"]) + " mm")
    if "tile_mm" in a:
        figures.append(f"tile {a['tile_mm']:.2f} mm")
    if "cell_mm" in a:
        figures.append(f"cell {a['cell_mm']:.2f} mm")
    if "bed" in a:
        figures.append(f"{a['profile']}" + (f" for {a['material']}" if a.get("material") else "") + f", bed {a['bed']}")
    if a.get("cut_mm"):
        figures.append(f"cut {a['cut_mm'] / 1000:.2f} m, travel {a['travel_mm'] / 1000:.2f} m, "
                       f"about {duration(a['time_s'])}")
    if a.get("unstroked"):
        figures.append(unstroked_words(a["unstroked"]))
    if a["kind"] == "gallery":
        figures.append("gallery")
    figures.append(size(a["bytes"]))
    return ", ".join(figures)


STROKED_SCRIPTS = ("LATIN", "CYRILLIC", "GREEK", "DIGIT")  # what the single strokes draw (sheets/burn/strokes.py)


def unstroked_words(lacking: str) -> str:
    """What the burning templates say of a set asking for single strokes with letters beyond them
    (``lacking``): the letters named, or a script the strokes do not draw named as a whole (Armenian)."""
    scripts: dict[str, list[str]] = {}
    for ch in lacking:
        script = unicodedata.name(ch, "?").split(" ")[0]
        scripts.setdefault(script if script not in STROKED_SCRIPTS else "", []).append(ch)
    named = [script.title() + " letters" for script in scripts if script] + scripts.get("", [])
    return f"outline letters: no single strokes for {', '.join(named)}"


def product_line(product: str, files: list[Mapping]) -> str:
    """One line of what a product makes (``check``'s): each PDF with its pages and paper, the laser's
    jobs by kind with their sheets, cut length and time, a craft cutter's pages."""
    parts = []
    for f in files:
        if f["format"] == "pdf":
            pages = english(f["pages"], "page")
            paper = f"{f['paper_mm'][0]:g} × {f['paper_mm'][1]:g} mm" if f.get("paper") == "poster" else f["paper"]
            what = f"{f['tiles']} tiles of {f['tile_mm']:g} mm, " if "tiles" in f and "tile_mm" in f else ""
            parts.append(f"{f['path']}: {what}{pages} of {paper}")
    lacking = next((f["unstroked"] for f in files if f.get("unstroked")), "")
    if lacking:  # burn.letters: single on a set with letters beyond the strokes
        parts.append(unstroked_words(lacking))
    for kind, jobs in Jobs.of(files).by_kind().items():
        parts.append(f"{kind}: {english(len(jobs), 'sheet')} of the {jobs.bed} bed, "
                     f"cut {jobs.cut_mm / 1000:.2f} m, about {jobs.time_s / 60:.0f} min")
    cuts = [f for f in files if f["kind"] == "cutter" and f["format"] != "pdf"]  # print-and-cut's pages
    if cuts:
        f = cuts[0]
        pages = len({c.get("page") for c in cuts})
        formats = ", ".join(sorted({c["format"] for c in cuts}))
        marks = f"marks {f['marks']} {f['marks_inset_mm']:g} mm in" if f.get("marks") != "none" else "no marks"
        parts.append(f"{f['cutter']}: {english(pages, 'page')} of {f['page_mm'][0]:g} × "
                     f"{f['page_mm'][1]:g} mm ({formats}), {f['per_page']} tiles a page, {marks}")
    return f"{product}: " + "; ".join(parts)


__all__ = ["Jobs", "duration", "file_line", "holds", "is_job", "of_document", "product_line", "sheet", "size"]
