"""The figures of each kind of file, declared once: the typed contract between the sheets that state
them (a document's ``figures``), the manifest that keeps them (each file's ``figures``, manifest
version 2) and ``verify``, which reads them here, each field's type and range, before any check
uses them. Every figure a build writes is declared here, typed and ranged
(``tests/verify/test_hostile_verify.py``).

A manifest is a file anyone can edit, and every check measures a file against its figures. A
figure of the wrong type (a text for a number, NaN, a list for a mapping) or one that a check needs
and is missing makes the manifest unreadable: one line naming the manifest, the file and the
field, exit 2 (:class:`~printkit.manifest.ManifestError`), before anything is measured. A figure of
the right type outside what printkit writes (a kind it does not make, letters "sideways", a tile
of -20 mm, a thousand columns of labels) is a failed check of its file, whose other checks are not
run: they would measure against a figure no build writes, some of them for ever.

A kind is declared by :func:`kind`: the formats it is written in and its fields besides the ones
every kind may have (:data:`COMMON`). A kind verify does not know is a failed check, unless it is a
product registered with :mod:`printkit.products` that verify has no checks of its own for: its
files get the checks of their format.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterator

from .manifest import ManifestError
from .report import one_line

WRONG, OFF = "wrong", "off"  # a figure of the wrong type (exit 2), one of the right type out of range (FAIL)
Problem = tuple[str, str, str]  # (WRONG or OFF, the field, what is wrong with it)


def shown(value, room: int = 40) -> str:
    """A figure as the manifest writes it, cut short: a long text, a long list, a deep one."""
    if isinstance(value, str):
        return json.dumps(value[:room], ensure_ascii=False) + ("…" if len(value) > room else "")
    if isinstance(value, list):
        if room < 10:
            return "[…]"
        inner = ", ".join(shown(v, room // 4) for v in value[:4])
        return f"[{inner}{', …' if len(value) > 4 else ''}]"
    if isinstance(value, dict):
        if room < 10:
            return "{…}"
        inner = ", ".join(f"{shown(k, 20)}: {shown(v, room // 4)}" for k, v in list(value.items())[:3])
        return f"{{{inner}{', …' if len(value) > 3 else ''}}}"
    text = json.dumps(value)  # a number (NaN and Infinity as JSON's readers write them), true, false, null
    return text if len(text) <= room else text[:room] + "…"


def _g(x: float) -> str:
    return f"{x:,}" if isinstance(x, int) else f"{x:g}"


class Spec:
    """What a field holds: :attr:`what` in words, and :meth:`problems` of a value."""

    what = "anything"

    def problems(self, value, at: str) -> Iterator[Problem]:
        return iter(())


@dataclass(frozen=True)
class Number(Spec):
    """A finite number (``whole``: an integer) from ``lo`` to ``hi``, in ``unit``."""

    lo: float
    hi: float
    unit: str = " mm"
    whole: bool = False

    @property
    def what(self) -> str:
        return "a whole number" if self.whole else "a number"

    def problems(self, value, at):
        kinds = int if self.whole else (int, float)
        if isinstance(value, bool) or not isinstance(value, kinds) or (isinstance(value, float)
                                                                       and not math.isfinite(value)):
            yield WRONG, at, f"is {shown(value)}, not {self.what}"
        elif not self.lo <= value <= self.hi:
            yield OFF, at, f"is {shown(value)}, not {_g(self.lo)} to {_g(self.hi)}{self.unit}"


@dataclass(frozen=True)
class Numbers(Spec):
    """A list of ``n`` numbers, each an ``each``."""

    n: int
    each: Number

    @property
    def what(self) -> str:
        return f"{('two', 'three', 'four')[self.n - 2]} {'whole ' if self.each.whole else ''}numbers"

    def problems(self, value, at):
        if not isinstance(value, list) or len(value) != self.n or any(
                p[0] == WRONG for v in value for p in self.each.problems(v, at)):
            yield WRONG, at, f"is {shown(value)}, not {self.what}"
            return
        for i, v in enumerate(value):
            yield from self.each.problems(v, f"{at}[{i}]")


@dataclass(frozen=True)
class Text(Spec):
    """A text; one of ``choices`` where they are given; at most ``longest`` characters."""

    choices: tuple[str, ...] = ()
    longest: int = 1000
    what = "a text"

    def problems(self, value, at):
        if not isinstance(value, str):
            yield WRONG, at, f"is {shown(value)}, not a text"
        elif self.choices and value not in self.choices:
            yield OFF, at, f"is {shown(value)}, not one printkit writes ({', '.join(self.choices)})"
        elif len(value) > self.longest:
            yield OFF, at, f"is {len(value):,} characters long, not at most {self.longest:,}"


@dataclass(frozen=True)
class Flag(Spec):
    what = "true or false"

    def problems(self, value, at):
        if not isinstance(value, bool):
            yield WRONG, at, f"is {shown(value)}, not true or false"


@dataclass(frozen=True)
class OrNone(Spec):
    """Nothing (null), or an ``each``: a figure a kit may leave unset (a target score)."""

    each: Spec

    @property
    def what(self) -> str:
        return f"{self.each.what} or null"

    def problems(self, value, at):
        if value is not None:
            yield from self.each.problems(value, at)


@dataclass(frozen=True)
class Items(Spec):
    """A list of at most ``most`` items, each an ``each``."""

    each: Spec
    most: int = 10_000

    @property
    def what(self) -> str:
        return f"a list of {self.each.what}"

    def problems(self, value, at):
        if not isinstance(value, list):
            yield WRONG, at, f"is {shown(value)}, not {self.what}"
            return
        if len(value) > self.most:
            yield OFF, at, f"has {len(value):,} items, not at most {self.most:,}"
            return
        for i, v in enumerate(value):
            yield from self.each.problems(v, f"{at}[{i}]")


@dataclass(frozen=True)
class Row(Spec):
    """A list of one item of each spec, in their order (a part: its name, its box, turned or not)."""

    specs: tuple[Spec, ...]
    what: str = "a row"

    def problems(self, value, at):
        if not isinstance(value, list) or len(value) != len(self.specs) or any(
                p[0] == WRONG for s, v in zip(self.specs, value) for p in s.problems(v, at)):
            yield WRONG, at, f"is {shown(value)}, not {self.what}"
            return
        for i, (s, v) in enumerate(zip(self.specs, value)):
            yield from s.problems(v, f"{at}[{i}]")


@dataclass(frozen=True)
class Record(Spec):
    """A mapping with these fields (others are kept, unread); ``required`` ones must be there."""

    fields: dict[str, Spec]
    required: tuple[str, ...] = ()
    what = "a mapping"

    def problems(self, value, at):
        if not isinstance(value, dict):
            yield WRONG, at, f"is {shown(value)}, not a mapping"
            return
        for key in self.required:
            if key not in value:
                yield WRONG, _join(at, key), f"is missing ({self.fields[key].what})"
        for key, spec in self.fields.items():
            if key in value:
                yield from spec.problems(value[key], _join(at, key))


@dataclass(frozen=True)
class Table(Spec):
    """A mapping of any names (letters, filaments) to values of one spec; at most ``most`` of them."""

    each: Spec
    most: int = 10_000

    @property
    def what(self) -> str:
        return f"a mapping of names to {self.each.what}"

    def problems(self, value, at):
        if not isinstance(value, dict):
            yield WRONG, at, f"is {shown(value)}, not {self.what}"
            return
        if len(value) > self.most:
            yield OFF, at, f"has {len(value):,} entries, not at most {self.most:,}"
            return
        for key, v in value.items():
            yield from self.each.problems(v, _join(at, key))


def _join(at: str, key: str) -> str:
    key = one_line(key[:30]) + ("…" if len(key) > 30 else "")
    return f"{at}.{key}" if at else key


# -- the figures ---------------------------------------------------------------------------------------------

MM = Number(0, 100_000)  # a length: a kerf, a bleed, a clearance (100 m is more than any)
SIZE = Number(0.1, 100_000)  # a size that is something
AT = Number(-100_000, 100_000)  # a place, mm from a corner
SIDE = Number(1, 1000)  # a tile's or a cell's side (printkit's are 3 to 100 mm)
COUNT = Number(0, 10_000_000, "", whole=True)
NTH = Number(1, 10_000_000, "", whole=True)  # a page's, a plate's, a piece's number
SHEET = Numbers(2, Number(1, 100_000))  # a page, a bed: width and height
PAIR, TRIPLE = Numbers(2, MM), Numbers(3, MM)
SCALE = Numbers(2, Number(0.5, 2, ""))  # the printer's compensation (0.95 to 1.05)
FACES = Record({"letters": Table(COUNT), "blanks": COUNT})  # a set or its spares: {"letters": {…}, "blanks": n}

# Every kind's fields that mean the same in each (the file's bytes, its pages, its paper, the tiles it draws
# or holds), besides ``path`` and ``format``, which the manifest's reader checks.
COMMON: dict[str, Spec] = {
    "product": Text(), "bytes": Number(0, 2 ** 63, " bytes", whole=True), "sha256": Text(),
    "pages": Number(0, 1_000_000_000, "", whole=True), "page": NTH, "paper": Text(longest=100), "paper_mm": SHEET,
    "page_mm": SHEET, "scale": SCALE, "trim_mm": SHEET, "bleed_mm": Number(0, 1000), "tiles": COUNT,
    "spares": COUNT, "tile_mm": SIDE, "drawn_tile_mm": Numbers(2, SIZE), "cell_mm": SIDE,
    "drawn_cell_mm": Numbers(2, SIZE), "rows": COUNT, "cols": COUNT, "thickness_mm": Number(0, 1000),
    "kerf_mm": Number(0, 100), "bed_mm": SHEET, "profile": Text(longest=100)}

# The manifest's own fields that verify reads, besides ``artifacts`` (``kit``: a text, its reader says).
TOP = Record({"kit": Text(longest=200),
              "tiles": Record({"letters": Table(COUNT), "values": Table(Spec()), "blanks": COUNT, "total": COUNT,
                               "tile_mm": SIDE, "spares": COUNT}),
              "board": Record({"rows": COUNT, "cols": COUNT, "cell_mm": SIDE}), "scale": SCALE})


@dataclass(frozen=True)
class Kind:
    """A kind of file: its name, its product (None: any, as a preview's), the formats it is
    written in, its fields (with :data:`COMMON`), those it must have (``needs``)."""

    name: str
    product: str | None
    formats: tuple[str, ...]
    fields: dict[str, Spec] = field(default_factory=dict)
    needs: tuple[str, ...] = ()
    item: str | None = None  # a 3D file's item (a rack, a board piece); None: tiles
    holder: bool = False  # its ``tiles`` are the tiles it holds (a box, a bag), not tiles it draws

    def record(self) -> Record:
        return Record({**COMMON, **self.fields}, self.needs)


KINDS: dict[tuple[str, str | None], Kind] = {}


def kind(name: str, product: str | None, formats: tuple[str, ...], /, *, item: str | None = None,
         needs: tuple[str, ...] = (), holder: bool = False, **fields: Spec) -> None:
    """Declare a kind of file (and, for 3D files, an item of it; ``holder``: its tiles are the tiles it holds)."""
    KINDS[(name, item)] = Kind(name, product, formats, fields, needs, item, holder)


# figures several kinds state, each meaning the same in all of them
NAME = Text(longest=200)  # a kit's title, a profile's, a rule set's, a stock's, a part's name
SPLIT = Numbers(2, Number(1, 10_000, "", whole=True))  # pages (or pieces) across and down
GRID = Numbers(2, Number(0, 100_000, "", whole=True))  # tiles across and down
QUAD = Numbers(4, AT)  # a rectangle: x0, y0, x1, y1
DEGREES = Number(0, 90, "°")
LAYERS = Items(Row((Text(longest=100), Text(longest=20)), "a layer: its name and colour"), 100)
# a laser file's job: the bed, what each operation's lines measure, how long it takes, its layers in job order
JOB = {"bed": Text(longest=100), "cut_mm": MM, "score_mm": MM, "engrave_mm2": Number(0, 1e12, " mm²"),
       "travel_mm": MM, "time_s": Number(0, 1e9, " s"), "layers": LAYERS, "material": Text(longest=100)}
# a drawing split over pages of paper: their orientation, the overlap to glue them by, pages across and down
PAGED = {"orientation": Text(("portrait", "landscape")), "overlap_mm": MM, "split": SPLIT}

TILE_SHEET = {"backs": Text(), "cut": Text(longest=100), "grid": GRID, "per_page": COUNT}
kind("tiles", "tiles", ("pdf", "svg"), **TILE_SHEET)
kind("tile-backs", "tiles", ("pdf", "svg"), **TILE_SHEET)  # written by printkit before the backs were a kind's
kind("board", "board", ("pdf", "svg"), **PAGED)
kind("board-assembly", "board", ("pdf",), board_pages=COUNT, split=SPLIT)
LASER = {"sheets": COUNT, "sheet": NTH, **JOB}
kind("laser-tiles", "laser", ("svg", "dxf", "lbrn2"), set_tiles=FACES, spare_tiles=FACES, tabs_mm=Number(0, 100),
     pitch_mm=Number(0, 2000), grid=GRID, spares_filled=COUNT, **LASER)
kind("laser-board", "laser", ("svg", "dxf", "lbrn2"), at_mm=PAIR, board_mm=PAIR, border_mm=MM, cells=Text(longest=100),
     fill=Flag(), on_board_mm=QUAD, piece=NTH, pieces=NTH, pin_mm=MM, split=SPLIT, turned=Flag(), **LASER)
kind("laser-board-plates", "laser", ("svg", "dxf", "lbrn2"), pin_mm=MM, pin_length_mm=MM, pins=COUNT,
     plates=Items(Record({"pieces": Items(NTH, 10_000), "seam": Text(longest=20), "on_board_mm": QUAD,
                          "at_mm": PAIR, "turned": Flag()}), 10_000), **LASER)
kind("laser-coupon", "laser", ("svg", "dxf", "lbrn2"), kerfs_mm=Items(Number(0, 100), 100), square_mm=SIZE, **JOB)
kind("laser-gauge", "laser", ("svg", "dxf", "lbrn2"), slots_mm=Items(SIZE, 100), slot_depth_mm=SIZE, thickness_mm=SIZE,
     kerf_mm=MM, comb_mm=PAIR, **JOB)
BURN = {"letters": Text(("outline", "single")), "mirrored": Flag(), "line_mm": Number(0, 100)}
kind("burn-tiles", "burn", ("pdf", "svg"), **BURN)
kind("burn-tiles-mirrored", "burn", ("pdf",), **BURN)
kind("burn-board", "burn", ("pdf",), **BURN, **PAGED)
kind("scoresheet", "play", ("pdf",), row_mm=Number(0.1, 1000), bands=NTH, names=Items(NAME, 100),
     orientation=Text(("portrait", "landscape")), players=NTH, target_score=OrNone(COUNT), turns=COUNT,
     word_mm=SIZE)
kind("tracking", "play", ("pdf",), blanks=COUNT, box_mm=SIZE, letters=COUNT, vowels=COUNT)
kind("reference", "play", ("pdf",), letters=COUNT, points=COUNT, rules=NAME)
kind("calibration", "calibration", ("pdf",), rulers_in=Record({"across": Items(COUNT, 100), "down": Items(COUNT, 100)}),
     rulers_mm=Record({"across": Items(SIZE, 100), "down": Items(SIZE, 100)}), square_mm=SIZE,
     measure=Record({"across": SIZE, "down": SIZE}), compensated=Flag())
kind("print-all", "print-all", ("pdf",),
     contents=Items(Record({"path": Text(), "kind": Text(), "pages": Numbers(2, COUNT)}, ("pages",)), 1000),
     left_out=Items(Text(), 10_000))
SOLID = {"plate": NTH, "plates": NTH, "racks": COUNT, "density": Number(0.1, 100, " g/cm³"), "letter_mm": MM,
         "filaments": Table(Record({"extruder": Number(0, 1000, "", whole=True), "grams": Number(0, 1e9, " g")}), 100),
         "part": Text(longest=100), "printer": NAME, "slicer": Text(longest=100), "name": NAME, "layer_mm": MM,
         "face": Text(("up", "down")), "margin_mm": MM, "recess_mm": MM, "ridge_mm": MM, "tower_mm": QUAD}
kind("3d", "3d", ("3mf", "stl"), letters=Text(("inset", "raised", "pockets")),
     needs=("tile_mm", "thickness_mm", "letter_mm"), tiles_per_plate=COUNT, colour_change_mm=MM, **SOLID)
kind("3d", "3d", ("3mf", "stl"), item="rack", rack_mm=TRIPLE, holds=COUNT, lean_deg=DEGREES, lip_mm=MM,
     ledge_mm=MM, ledge_depth_mm=MM, racks_per_plate=COUNT, **SOLID)
JOINT = Record({"role": Text(("tongue", "socket")), "points": Text(("+x", "-x", "+y", "-y")), "seam_mm": AT,
                "at_mm": AT, "with": NTH}, ("role", "points", "seam_mm", "at_mm"))
kind("3d", "3d", ("3mf", "stl"), item="board", piece_mm=TRIPLE, pocket_z_mm=MM, floor_z_mm=MM, piece=NTH, pieces=NTH,
     joints=Items(JOINT, 1000), cells=Text(longest=100), colour_change_mm=MM,
     dovetail=Record({k: MM for k in ("neck_mm", "head_mm", "depth_mm", "clearance_mm", "socket_widen_mm")}),
     needs=("pocket_z_mm", "floor_z_mm"), at_mm=PAIR, board_mm=TRIPLE, on_board_mm=PAIR,
     pieces_mm=Items(TRIPLE, 10_000), pocket_mm=MM, rim_mm=MM, split=SPLIT, turned=Flag(), **SOLID)
kind("cutter", "cutter", ("pdf", "svg", "dxf", "png"), cutter=Text(longest=100), sheet=Text(),
     marks=Text(("type1", "four-l", "none")), face_bleed_mm=Number(0, 100), area_mm=PAIR,
     **{k: Number(0, 1000) for k in ("marks_inset_mm", "mark_square_mm", "mark_arm_mm", "mark_stroke_mm",
                                     "mark_clear_mm")}, dpi=Number(1, 10_000, " dpi", whole=True),
     background=Text(longest=100), cut=Text(longest=100), gap_mm=MM, grid=GRID, origin=Text(longest=100),
     per_page=COUNT)
kind("stickers", "stickers", ("pdf",), grid=Numbers(2, Number(0, 100, "", whole=True)), first_mm=PAIR,
     pitch_mm=Numbers(2, Number(0.1, 2000)), label_mm=Numbers(2, Number(0.1, 1000)), face_bleed_mm=PAIR,
     shape=Text(("rectangle", "round")), alignment_page=NTH, instructions_page=NTH, corner_mm=MM, face_mm=SIZE,
     per_sheet=COUNT, sheets=COUNT, stock=NAME)
kind("racks", "racks", ("svg", "dxf", "lbrn2"), stamp=Text(longest=400), slot_fit_mm=MM, rack_tiles=COUNT,
     fingers_mm=Items(SIZE, 100), groove_mm=MM, lean_deg=DEGREES, ledge_mm=MM, players=COUNT, racks=COUNT,
     lip_mm=MM, hidden_at_45_mm=MM,
     parts=Items(Row((Text(longest=100), AT, AT), "a part: its name, width and height"), 10_000), **LASER)
kind("racks-paper", "racks", ("pdf",), height_mm=MM, width_mm=MM, lean_deg=DEGREES, ledge_mm=MM, racks=COUNT,
     panels_mm=Items(Row((Text(longest=100), AT), "a panel: its name and height"), 100),
     strips=Items(Record({"page": NTH, "top_mm": AT, "folds_mm": Items(AT, 100)}), 10_000))
kind("box", "box", ("svg", "dxf", "lbrn2"), holder=True, inner_mm=TRIPLE, outer_mm=TRIPLE, fingers_mm=Items(SIZE, 100),
     parts=Items(Row((Text(longest=100), AT, AT, AT, AT, Flag()), "a part: its name, x0, y0, x1, y1 and whether "
                     "it is turned"), 1000),
     compartments=Numbers(2, COUNT), compartment_tiles=Number(1, 10_000, "", whole=True), compartment_mm=PAIR,
     divider_mm=MM, racks=COUNT, rack_mm=TRIPLE, racks_layout=Numbers(2, COUNT), board_mm=PAIR, board_stack_mm=MM,
     board_turned=Flag(), clearance_mm=MM, lid_clearance_mm=MM, tile_clearance_mm=MM, tiles_standing=Flag(),
     bays=Items(Row((Text(("tiles", "racks", "spare")), SIZE, Items(SIZE, 1000), Flag()),
                    "a row of the inside: its kind, depth, its cells' widths and whether a divider stands behind it"),
                1000),
     supports_mm=Items(AT, 1000), board_span_mm=MM, stamp=Text(longest=400), slot_fit_mm=MM, **LASER)
kind("box-paper", "box", ("pdf",), holder=True,
     nets=Items(Record({"net": Text(longest=100), "page": NTH, "base_mm": Numbers(2, AT), "inner_mm": TRIPLE,
                        "net_mm": PAIR}), 100),
     card_mm=MM, lid_mm=TRIPLE, tray_mm=TRIPLE, stack_tiles=COUNT, stacks=Numbers(2, COUNT), tab_mm=MM)
kind("bag", "bag", ("pdf",), holder=True, finished_mm=TRIPLE, cut_size_mm=PAIR, notch_mm=PAIR, seam_mm=MM,
     channel_mm=MM,
     fold_mm=MM, marks_mm=Items(Items(Numbers(2, AT), 100), 10_000), cord_mm=MM, stop_mm=MM,
     factor=Number(0, 1000, ""), room_cm3=Number(0, 1e9, " cm³"), tiles_cm3=Number(0, 1e9, " cm³"),
     windows_mm=Items(QUAD, 10_000), **PAGED)
kind("bag-instructions", "bag", ("pdf",), cut_size_mm=PAIR, finished_mm=TRIPLE, pattern_pages=COUNT, split=SPLIT)
kind("preview", None, ("png",), of=Text(), px=Numbers(2, Number(1, 1_000_000, " px", whole=True)))
kind("gallery", "gallery", ("html",))
OWN_PRODUCTS = {k.product for k in KINDS.values()}


def any_products_formats() -> tuple[str, ...]:
    """The formats a registered product's files verify has no kind for may be in: every registered format
    (:data:`printkit.formats.FORMATS`, a plug-in's too) and the gallery's HTML."""
    from .formats import FORMATS

    return (*FORMATS, "html")


def _of(a: dict) -> tuple[Kind | None, list[Problem]]:
    """The declared kind of an artifact, or None with the problem that there is none."""
    name, item = a.get("kind"), a.get("item")
    if not isinstance(name, str):
        return None, [(WRONG, "kind", f"is {shown(name)}, not a text" if "kind" in a else "is missing (a text)")]
    if item is not None and not isinstance(item, str):
        return None, [(WRONG, "item", f"is {shown(item)}, not a text")]
    known = KINDS.get((name, item))
    if known is not None:
        return known, []
    if any(k[0] == name for k in KINDS):
        items = sorted(i for n, i in KINDS if n == name and i is not None)
        return None, [(OFF, "item", f"is {shown(item)}, not one printkit writes ({', '.join(items)})")]
    from .products import REGISTRY

    product = a.get("product")
    if isinstance(product, str) and product in REGISTRY and product not in OWN_PRODUCTS:
        return Kind(name, product, any_products_formats()), []  # a product of one's own: its format's checks
    return None, [(OFF, "kind", f"is {shown(name)}, not one printkit writes")]


def artifact_problems(a: dict) -> list[Problem]:
    """Every problem of one artifact's figures (its kind, its format, its fields)."""
    known, found = _of(a)
    if known is None:
        return found
    found = list(known.record().problems(a, ""))
    if a["format"] not in known.formats:  # typed all the same: other files' checks may read its figures
        found.insert(0, (OFF, "format", f"is {shown(a['format'])}: printkit writes {known.name} files as "
                                        f"{', '.join(known.formats)}"))
    return found


def read_fields(manifest: dict, path: Path) -> list[str]:
    """The manifest's figures read against their declarations: a :class:`ManifestError` (exit 2) at
    the first of the wrong type, naming ``path``, the file and the field; else what is out of range
    in the manifest's own fields, a line each (each file's: :func:`off`)."""
    def wrong(where: str, at: str, text: str):
        return ManifestError(f"printkit verify: {path}: {where}{at} {text}", path)

    own = []
    for status, at, text in TOP.problems(manifest, ""):
        if status == WRONG:
            raise wrong("", at, text)
        own.append(f"the manifest's {at} {text}")
    for a in manifest["artifacts"]:
        for status, at, text in artifact_problems(a):
            if status == WRONG:
                raise wrong(f"{one_line(a['path'][:200])}: ", at, text)
    return own


def off(a: dict) -> str | None:
    """What is out of range in the figures of an artifact whose types :func:`read_fields` has read,
    in one line; None when nothing is."""
    found = artifact_problems(a)
    if not found:
        return None
    _, at, text = found[0]
    more = f" (and {len(found) - 1} more)" if len(found) > 1 else ""
    return f"the manifest's {at} {text}{more}: the file is not measured against it"


__all__ = ["COMMON", "KINDS", "Kind", "artifact_problems", "kind", "off", "read_fields", "shown"]
