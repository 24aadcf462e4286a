"""Craft cutter profiles (``templates/cutters/*.yaml``, or a file of the user's): the papers a
print-and-cut page may be (or the area an image may span), the registration marks, the files the
cutter's software takes, and where each figure comes from. Read and refused as the laser profiles
are (:mod:`printkit.config.machine`): every problem is one line ``file:line:col: what``."""

from __future__ import annotations

import re
from pathlib import Path

from ..formats import names
from ..model import Cutter, CutterOptions
from ..paths import shown
from .options import Option, parsed, read
from .profiles import CUTTERS
from .reader import Fields, Problems, word_list
from .sizes import PAPER_NAMES, PAPERS, parse_size
from .sources import base_of
from .yamlsrc import Mark

MARKS = ("type1", "four-l", "none")
HEX = re.compile(r"#[0-9a-fA-F]{6}\Z")
MIN_AREA, MAX_AREA = 50.0, 1000.0


def _mm(key: str, help: str, default, lo: float, hi: float, lo_open: bool = False) -> Option:
    return Option(key, "mm", help, default, lo, hi, lo_open, unit="mm")



CUTTER_OPTIONS: tuple[Option, ...] = (
    Option("name", "text", "the profile's name", shown="the file's name"),
    Option("title", "text", "the cutter or its software", shown="the name"),
    Option("source", "text", "where the profile's figures come from", None),
    Option("papers", "papers", "the papers a page may be (A4, Letter); none: the page is the area", ("A4", "Letter")),
    Option("area", "size", "the most the tiles of a page (with their bleed) may span, WxH in mm", None),
    Option("marks", "choice", "type1: a square and two L marks; four-l: an L in each corner; none: the software "
           "draws its own", "none", choices=MARKS),
    _mm("inset_mm", "from the paper's edges to the square's outer edge and the L marks' corner lines", 10.0, 5, 50),
    _mm("square_mm", "side of the type-1 square", 5.0, 1, 20),
    _mm("arm_mm", "length of an L mark's arm", 20.0, 5, 50),
    _mm("stroke_mm", "stroke of an L mark", 0.3, 0.3, 1.0),
    _mm("clear_mm", "nothing printed within this of a mark", 2.0, 2, 20),
    Option("formats", "formats", "the files its software takes: pdf, svg, dxf, png", ("pdf", "svg")),
    Option("cut", "choice", "shared: one grid of shared edges; gap: tiles apart by gap_mm", "gap",
           choices=("shared", "gap")),
    _mm("gap_mm", "space between tiles when cut is gap", 2.0, 1, 20),
    _mm("bleed_mm", "how far a face's colour runs past its cut line", 0.75, 0.5, 1),
    Option("bleed_by", "choice", "printkit: the faces are drawn with the bleed; software: at the tile's size, the "
           "cutter's software adds its own bleed as it prints (Design Space's Bleed)", "printkit",
           choices=("printkit", "software")),
    Option("cut_colour", "colour", "colour of the cut lines", "#ff0000"),
    _mm("cut_width_mm", "stroke of the cut lines", 0.1, 0.01, 1),
    Option("png_dpi", "whole", "resolution of the PNG image", 300, 100, 1200),
    Option("instructions", "choice", "a page of steps at the machine in the kit's language: cricut (Design Space's "
           "Print Then Cut), or none", "none", choices=("cricut", "none")),
)


def cutters_dir() -> Path:
    return SHELF.folder()


SHELF = CUTTERS


def cutter_names() -> list[str]:
    return SHELF.names()


def find_cutter(ref: str, base: Path) -> Path | None:
    """The profile a name (``silhouette``) or a path (``my-cutter.yaml``, relative to ``base``) means."""
    return SHELF.find(ref, base)


def _colour(f: Fields, o: Option):
    value = f.text(o.name, required=False)
    if value is not None and not HEX.match(value):
        f.problems.add(f.mark(o.name), f"'{o.name}' must be a colour written #rrggbb (quoted), not '{value}'")
        return None
    return value


_READERS = {
    "papers": lambda f, o: word_list(f, o.name, PAPER_NAMES, empty=True),
    "formats": lambda f, o: word_list(f, o.name, names(cutter=True)),
    "size": parsed(lambda t: parse_size(t, MIN_AREA, MAX_AREA), named=True),
    "colour": _colour,
}


def load_cutter(ref: str, base: Path, where: Mark | str, problems: Problems) -> Cutter | None:
    """The profile ``ref`` names, validated; None after recording what is wrong."""
    found = SHELF.read(ref, base, where, problems)
    if found is None:
        return None
    path, root = found
    before = len(problems.items)
    v = read(root, problems, "a cutter profile", CUTTER_OPTIONS, _READERS)
    optional = {o.key for o in CUTTER_OPTIONS if o.default is None}
    if len(problems.items) > before or any(x is None for k, x in v.values.items() if k not in optional):
        return None
    area = v["area"]
    if not v["papers"] and area is None:
        problems.add(v.marks.get("papers", root.mark), "a cutter profile with no papers needs an 'area' (WxH in mm): "
                                                       "the size of its pages")
        return None
    if v["marks"] != "none" and not v["papers"]:
        problems.add(v.marks["marks"], f"marks '{v['marks']}' are printed at the paper's edges: list the 'papers' "
                                       f"they are for")
        return None
    if v["marks"] != "none" and "png" in v["formats"]:
        problems.add(v.marks["formats"], "a PNG has no registration marks: a profile with marks lists pdf, svg, dxf")
        return None
    if v["marks"] == "type1" and v["square_mm"] >= v["arm_mm"]:
        problems.add(v.marks.get("square_mm", root.mark), f"a square of {v['square_mm']:g} mm is no smaller than the "
                                                          f"L marks' arms ({v['arm_mm']:g} mm)")
        return None
    name = SHELF.name(v["name"], v.marks.get("name", root.mark), path, problems)
    if name is None:
        return None
    return Cutter(name=name, title=v["title"] or name, source=v["source"] or "", papers=tuple(v["papers"]),
                  area_w=area[0] if area else None, area_h=area[1] if area else None, marks=v["marks"],
                  inset_mm=v["inset_mm"], square_mm=v["square_mm"], arm_mm=v["arm_mm"], stroke_mm=v["stroke_mm"],
                  clear_mm=v["clear_mm"], formats=tuple(v["formats"]), cut=v["cut"], gap_mm=v["gap_mm"],
                  bleed_mm=v["bleed_mm"], bleed_by=v["bleed_by"],
                  cut_colour=v["cut_colour"].lower(), cut_width_mm=v["cut_width_mm"], png_dpi=v["png_dpi"],
                  instructions=v["instructions"], file=shown(path),
                  size_at=str(v.marks.get("png_dpi") or v.marks.get("area") or ""))


def cutter_options(v, doc, problems: Problems, where: dict[str, str]) -> CutterOptions | None:
    """The kit's print-and-cut options: the profile (--cutter over cutter.profile) and the cut,
    gap and bleed over the profile's; None after recording what is wrong."""
    ref, mark = v["cutter.profile"], v.marks.get("cutter.profile")
    if ref is None:
        return None
    base = base_of(mark, doc.path.parent)  # a path from the file that wrote it; a flag's from the working folder
    cutter = load_cutter(ref, base, where.get("cutter.profile", doc.file), problems)
    if cutter is None or any(key in v.marks and v[key] is None for key in ("cutter.bleed_mm", "cutter.cut",
                                                                            "cutter.gap_mm")):
        return None
    cut = v["cutter.cut"] or cutter.cut
    gap = v["cutter.gap_mm"] if v["cutter.gap_mm"] is not None else cutter.gap_mm
    bleed = v["cutter.bleed_mm"] if v["cutter.bleed_mm"] is not None else cutter.bleed_mm
    if cutter.bleed_by == "software":  # the faces at the tile's size: the software bleeds as it prints
        bleed = 0.0
    if cut == "gap" and bleed > gap / 2:
        at = where.get("cutter.bleed_mm") or where.get("cutter.gap_mm") or where.get("cutter.profile", doc.file)
        problems.add(at, f"a bleed of {bleed:g} mm is more than half the gap of {gap:g} mm between print-and-cut "
                         f"tiles: the faces would run into each other")
        return None
    return CutterOptions(cutter=cutter, cut=cut, gap_mm=gap, bleed_mm=bleed, page=_page(cutter, v["print.paper"]))


def _page(cutter: Cutter, paper) -> tuple[str, float, float]:
    """The page of the print-and-cut sheets: see :class:`printkit.model.CutterOptions`."""
    if not cutter.papers:
        return f"{cutter.area_w:g}x{cutter.area_h:g}", cutter.area_w, cutter.area_h
    if paper is not None and getattr(paper, "name", None) in cutter.papers:
        return paper.name, paper.width_mm, paper.height_mm
    name = cutter.papers[0]
    return (name, *PAPERS[name])


__all__ = ["CUTTER_OPTIONS", "cutter_options", "MARKS", "cutter_names", "find_cutter", "load_cutter"]
