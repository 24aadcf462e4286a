"""Every option of a kit file, declared once: key, kind, default, unit, limits and one line of help; and
:func:`read`, which reads a file's options by their declarations.

The kit reader (:mod:`printkit.config.kit`), the README's table of options, the JSON Schema of a
kit file (``printkit schema``) and the command line's flags that override an option (``--paper``:
each declared here with its option, its help made from the declaration) are all made from these
declarations, so they cannot drift apart: what a kind of option is lives in :mod:`printkit.config.kinds`,
and the table, the flags' help and the schema are rendered in :mod:`printkit.config.reference`.
A key is a dotted path in the file (``print.margin_mm``); a style template (``templates/styles/``)
holds the same ``tile.*`` and ``board.*`` options that ``style.tile`` and ``style.board`` override.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Iterable

from ..model import PREMIUM_CODES, SCALE_LIMITS
from ..records import record
from ..text import Said
from .distribution import MAX_TILES
from .kinds import KINDS, MAX_PLAYERS, MIN_PLAYERS, default
from .option import REQUIRED, Flag, Option, Reader
from .reader import Fields, Problems, key_of
from .sizes import PAPER_NAMES
from .yamlsrc import Map, Mark, Scalar

CORNERS = ("bottom-right", "bottom-left", "top-right", "top-left")
COLOR_KEYS = ("plain", "start", "grid") + PREMIUM_CODES


def _mm(key: str, help: str, default: Any, lo: float, hi: float, lo_open: bool = False,
        flag: Flag | None = None) -> Option:
    return Option(key, "mm", help, default, lo, hi, lo_open, unit="mm", flag=flag)


_SCALE_HELP = ("draw the sheets for the printer K times as large {axis} the paper, so that they print true to size: "
               "K = a ruler's length / what it printed as (200/199.2, or 1.004)")


# -- the declarations --------------------------------------------------------------------------------

KIT_OPTIONS: tuple[Option, ...] = (
    Option("extends", "kit", "a kit to start from (a name or a file); this file changes only what differs"),
    Option("name", "name", "the kit's name: its output folder, and how other kits and commands name it",
           shown="the file's name"),
    Option("title", "text", "the title printed on the sheets", shown="the name"),
    Option("language", "text", "the language of the kit (ru, uk, en, …)", REQUIRED),
    Option("distribution", "ref", "the letters: a shipped name, a file, or written inline", REQUIRED),
    Option("layout", "ref", "the board's premium squares: a shipped name, a file, or inline", REQUIRED),
    Option("rules", "ref", "the rule set: a shipped name, a file, or inline", REQUIRED),
    Option("words", "file", "a word list (plain UTF-8, one word a line, any case; a path relative to the kit): "
           "which words count where the rules say `words: list` (`printkit word`, `--judge`; --words "
           "overrides it)"),
    Option("expect.tiles", "whole", "the number of tiles, for `check` to compare with the set", lo=0, hi=MAX_TILES),
    Option("expect.blanks", "whole", "the number of blanks, for `check`", lo=0, hi=100),
    _mm("physical.tile_mm", "side of a tile", REQUIRED, 3, 100),
    _mm("physical.cell_mm", "side of a board cell", REQUIRED, 3, 100),
    _mm("physical.thickness_mm", "thickness of the material", 3.0, 0.1, 20, lo_open=True),
    _mm("physical.kerf_mm", "width of the laser's cut", 0.2, 0, 1),
    _mm("physical.slot_fit_mm", "play of a tenon or tab in its slot (racks, box): each slot this much wider and "
        "longer; 0: a press fit, 0.1: room for glue", 0.0, 0, 1),
    Option("style.template", "text", "a style from templates/styles/", "classic"),
    Option("style.labels", "labels", "premium labels: a set from templates/labels.yaml, or inline", REQUIRED),
    Option("style.tile", "overrides", "changes to the template's `tile` options (below)", shown="none"),
    Option("style.board", "overrides", "changes to the template's `board` options (below)", shown="none"),
    Option("style.page", "overrides", "changes to the template's `page` options (below)", shown="none"),
    Option("print.paper", "paper", f"{', '.join(PAPER_NAMES)}, or WxH in mm", "A4", choices=PAPER_NAMES,
           flag=Flag("--paper", "PAPER", "the paper")),
    _mm("print.margin_mm", "white margin round every page", 10.0, 0, 100),
    Option("print.spares", "spares", "spare tiles, printed apart: so many of each letter; `fill` (a row of the "
           "commonest letters where the last page has room); or {per_letter, blanks, letters: {О: 2}}", 0),
    Option("print.cut", "choice", "shared: one cut between neighbours; gap: tiles apart by gap_mm", "shared",
           choices=("shared", "gap")),
    _mm("print.gap_mm", "space between tiles when cut is gap", 3.0, 0.5, 50),
    Option("print.outline", "flag", "a thin outline round each tile", False),
    Option("print.backs", "choice", "a page of backs behind each page of fronts", "none",
           choices=("none", "plain", "pattern")),
    _mm("print.overlap_mm", "glue strip where board pages join", 10.0, 0, 50),
    Option("print.coordinates", "flag", "A–O and 1–15 along the board's edges", True),
    _mm("print.measured.across", "what the longest ruler across `calibration.pdf` measured, printed at 100 %: "
        "the print products are then drawn so much larger or smaller that they print true to size (the "
        "ruler's length, 200, 180, 150, 100 or 50 mm, is told by the figure), or give the factor", None, 45, 215,
        flag=Flag("--scale-x", "K", _SCALE_HELP.format(axis="across"), *SCALE_LIMITS)),
    _mm("print.measured.down", "what the longest ruler down `calibration.pdf` measured, or give the factor",
        None, 45, 215, flag=Flag("--scale-y", "K", _SCALE_HELP.format(axis="down"), *SCALE_LIMITS)),
    Option("laser.profile", "machine", "the laser's profile: a name from templates/machines/ or a file",
           "lightburn", flag=Flag("--laser", "NAME|FILE", "the laser's profile")),
    Option("laser.bed", "size", "the bed used, WxH in mm", shown="the profile's",
           flag=Flag("--bed", "WxH", "the laser's bed")),
    Option("laser.material", "material", "the material and laser the LightBurn project's speeds and powers are for: a "
           "name from templates/materials/ (plywood-3mm-co2-40w, card-2mm-diode-10w…), or none", None,
           shown="the profile's", flag=Flag("--material", "NAME", "the material and laser of the laser settings")),
    _mm("laser.margin_mm", "kept clear along the bed's edges", 5.0, 0, 50),
    _mm("laser.tabs_mm", "hold tabs left uncut in each tile's edge, so tiles stay in the sheet (0: none)",
        0.0, 0, 5),
    Option("laser.board_fill", "flag", "fill the board's premium cells for raster engraving", False),
    Option("laser.fill_bed", "flag", "fill the free places of the last tile sheet with more spare tiles (in the "
           "set's proportions), beside the kit's spares and apart from the set", False),
    Option("cutter.profile", "cutter", "the craft cutter's profile for print-and-cut (`--only cutter`): a name from "
           "templates/cutters/ or a file", "silhouette",
           flag=Flag("--cutter", "NAME|FILE", "the craft cutter's profile")),
    Option("cutter.cut", "choice", "print-and-cut tiles: shared, one grid of shared edges; gap, apart by gap_mm (a "
           "blade cutting card or chipboard)", None, choices=("shared", "gap"), shown="the profile's"),
    Option("cutter.gap_mm", "mm", "space between print-and-cut tiles when cut is gap", None, 1, 20, unit="mm",
           shown="the profile's"),
    Option("cutter.bleed_mm", "mm", "how far a print-and-cut tile's face colour runs past its cut line", None, 0.5, 1,
           unit="mm", shown="the profile's"),
    Option("stickers.stock", "stock", "the label stock of the tile stickers (`--only stickers`): a name from "
           "templates/labels/, a YAML file or a glabels template XML file", None,
           shown="OL3008 on Letter paper, else endisch-6502020",
           flag=Flag("--labels", "NAME|FILE", "the label stock of the stickers")),
    Option("stickers.bleed_mm", "mm", "how far a sticker's face colour runs past its label's edge where labels "
           "butt (no more than half the gap where they do not)", 0.75, 0.5, 1, unit="mm"),
    Option("play.players", "players", "players or teams on the score sheet: a number, or their names; a team as "
           "'Аня + Боря'", 2, MIN_PLAYERS, MAX_PLAYERS, flag=Flag("--players", "N|NAMES", "players or teams on the "
                                                                 "score sheet")),
    Option("play.keeper_url", "url", "the score keeper's web address (http:// or https://, at most 200 characters, "
           "no '#'): the score sheet prints a QR code of it with the kit's name, URL#kit=NAME, to keep the score on "
           "a phone", "", shown="not set: no QR code"),
    Option("burn.letters", "choice",
           "outline: thin outlines of the letters; single: single-line letters and plotter SVGs", "outline",
           choices=("outline", "single")),
    Option("print3d.printer", "printer", "the 3D printer's profile: a name from templates/printers/ or a file",
           "bambu-x1", flag=Flag("--printer", "NAME|FILE", "the 3D printer's profile")),
    Option("print3d.parts", "parts", "the 3D parts `--only 3d` makes, each once: tiles, racks, board (leave out "
           "what your bed cannot take, or what you make otherwise)", ("tiles", "racks", "board"),
           choices=("tiles", "racks", "board"), shown="tiles, racks, board"),
    _mm("print3d.thickness_mm", "thickness of a 3D-printed tile", 4.0, 1, 20),
    _mm("print3d.corner_mm", "corner radius of a 3D-printed tile", 1.0, 0, 20),
    _mm("print3d.chamfer_mm", "45° chamfer round the bed side of a 3D-printed tile, against elephant's foot", 0.6,
        0, 5),
    Option("print3d.letter_layers", "whole", "letters and values inset into the face (or raised on it) by so many "
           "of the printer's layers", 3, 1, 50),
    Option("print3d.letters", "choice", "auto: inset with a printer of two filaments or more, raised with one; "
           "inset: letters and values sunk into the face, printed face down in a second filament; raised: standing "
           "on the face, printed face up (with one filament, the colour changes where they start); pockets: sunk "
           "into the face and left empty, to fill with paint or wax and sand flush (one filament, no change)",
           "auto", choices=("auto", "inset", "raised", "pockets")),
    _mm("print3d.margin_mm", "kept clear along the 3D printer's bed edges", 5.0, 0, 50),
    _mm("print3d.gap_mm", "space between 3D-printed tiles on a plate", 3.0, 0.5, 50),
    _mm("print3d.board_mm", "thickness of the 3D-printed board", 4.0, 2, 20),
    _mm("print3d.board_recess_mm", "how deep the 3D-printed board's cells are recessed, so the tiles sit", 0.6, 0,
        5),
    _mm("print3d.board_clearance_mm", "gap on each side between a 3D-printed board piece's dovetail and its "
        "neighbour's socket: 0.15 mm slides together by hand (a slip fit); less grips tighter", 0.15, 0, 1),
    Option("print3d.density", "number", "the filament's density in g/cm³, for the grams the manifest lists (PLA "
           "1.24)", 1.24, 0.5, 3, unit="g/cm³"),
    Option("notes", "text", "free text for yourself; not printed", ""),
)

# Keys that were options once and are read no more: each is refused with its own line, saying why
# and what to do, rather than as an unknown key (a kit copied from an older shipped kit has them).
RETIRED: dict[str, str] = {
    "physical.material": "printkit does not read physical.material: the cut is made from thickness_mm and "
                         "kerf_mm; the laser's speeds and powers come from laser.material (a name from "
                         "templates/materials/) and the profile; remove the line",
}

OPERATIONS = ("engrave", "score", "cut")
INNER_CUT = "inner_cut"  # the cuts inside a part, before the cut that frees it: an operation of its own or not
MAPS_BY = ("colour", "layer", "none")


def _operation(op: str, colour: str, width: float, fill: bool, speed: float) -> tuple[Option, ...]:
    return (
        Option(f"operations.{op}.colour", "colour", f"the colour the software reads as {op}", colour),
        _mm(f"operations.{op}.width_mm", f"stroke width of {op} lines", width, 0, 2),
        Option(f"operations.{op}.fill", "flag", f"{op} closed shapes filled (raster) rather than outlined", fill),
        Option(f"operations.{op}.speed_mm_s", "number", f"speed of {op}, mm/s (the time estimate; a LightBurn "
               f"project's layer)", speed, 0.1, 5000, lo_open=True, shown=f"the material's, else {speed:g}"),
        Option(f"operations.{op}.aci", "whole", f"the colour number (AutoCAD Colour Index) of {op} in a DXF",
               None, 1, 255, shown="the standard one for the colour: red 1, yellow 2, green 3, cyan 4, blue 5, "
               "magenta 6, black or white 7, else the nearest"),
        *power_options(f"operations.{op}", op, fill, shown="the material's"),
    )


# A laser setting of an operation that a material's figures (templates/materials/) or a profile give:
# power, the power at corners, passes, a fill's line interval. Speed is the operation's own option.
SETTINGS = ("speed_mm_s", "power_pct", "min_power_pct", "passes", "interval_mm")


def power_options(prefix: str, op: str, fill: bool, shown: str = "") -> tuple[Option, ...]:
    """The power, corner power, passes (and for a fill its line interval) of ``op`` under ``prefix``."""
    out = (
        Option(f"{prefix}.power_pct", "number", f"power of {op}, % of the laser's most (LightBurn's Max Power)",
               None, 0, 100, lo_open=True, unit="%", shown=shown or "not set"),
        Option(f"{prefix}.min_power_pct", "number", f"power of {op} at corners and slow moves, % (LightBurn's Min "
               f"Power; GCode lasers use only the most)", None, 0, 100, unit="%", shown=shown or "the power"),
        Option(f"{prefix}.passes", "whole", f"how many times the beam runs over {op}", None, 1, 100,
               shown=shown or "1"),
    )
    if fill:
        out += (Option(f"{prefix}.interval_mm", "mm", f"line interval of the {op} fill", None, 0.01, 1, unit="mm",
                       shown=shown or "line_mm"),)
    return out


def corner_power_fits(v: "Values", at: str, op: str, problems: Problems) -> bool:
    """Whether ``op``'s power at corners (``at`` + min_power_pct) is at most its power; else a problem at it."""
    low, high = v.values.get(at + "min_power_pct"), v.values.get(at + "power_pct")
    if low is None or high is None or low <= high:
        return True
    problems.add(v.marks[at + "min_power_pct"], f"'min_power_pct' {low:g} of {op} is more than its 'power_pct' "
                                                f"{high:g}: the power at corners is at most the power")
    return False


MACHINE_OPTIONS: tuple[Option, ...] = (
    Option("name", "text", "the profile's name", shown="the file's name"),
    Option("title", "text", "the machine or software", shown="the name"),
    Option("bed", "size", "the bed, WxH in mm", REQUIRED),
    Option("formats", "formats", "the files the software takes: svg, dxf", ("svg",)),
    Option("maps_by", "choice", "how the software tells operations apart: colour (two operations may not share "
           "one), layer (by the layer's name), none (only the file's order)", "colour", choices=MAPS_BY),
    Option("reads_widths", "flag", "whether the software reads a stroke's width (a driver that cuts only "
           "hairlines does; software that cuts every stroke of a cut colour does not)", True),
    Option("order", "order", "job order of the operations; inner_cut, if listed, before cut", OPERATIONS),
    Option("material", "text", "the material whose speeds and powers the operations take where they give none "
           "(templates/materials/; the kit's laser.material overrides it)", "", shown="none"),
    *_operation("engrave", "#000000", 0.0, True, 300.0),
    *_operation("score", "#0000ff", 0.1, False, 100.0),
    Option(f"operations.{INNER_CUT}.colour", "colour", "the colour of the cuts inside a part, where the software "
           "can run them as an operation of their own before the cut that frees it", shown="the cut's"),
    Option(f"operations.{INNER_CUT}.width_mm", "mm", "stroke width of inner cuts", None, 0, 2, unit="mm",
           shown="the cut's"),
    Option(f"operations.{INNER_CUT}.speed_mm_s", "number", "speed of inner cuts, mm/s (for the time estimate)",
           None, 0.1, 5000, lo_open=True, shown="the cut's"),
    Option(f"operations.{INNER_CUT}.aci", "whole", "the colour number (AutoCAD Colour Index) of inner cuts in a DXF",
           None, 1, 255, shown="the cut's if they share its colour, else the standard one for theirs"),
    *power_options(f"operations.{INNER_CUT}", "inner cuts", False, shown="the cut's"),
    *_operation("cut", "#ff0000", 0.1, False, 10.0),
    Option("travel_mm_s", "number", "speed of moves with the laser off, mm/s", 300.0, 1, 10000),
    _mm("line_mm", "line interval of raster engraving", 0.1, 0.01, 1),
)

PRINTER_OPTIONS: tuple[Option, ...] = (
    Option("name", "text", "the profile's name", shown="the file's name"),
    Option("title", "text", "the printer", shown="the name"),
    Option("bed", "size", "the bed, WxH in mm", REQUIRED),
    _mm("layer_mm", "the layer height the letters are inset by whole numbers of", REQUIRED, 0.04, 1),
    _mm("nozzle_mm", "the nozzle's diameter", 0.4, 0.1, 2),
    Option("source", "text", "where the figures come from (the maker's page or manual)", REQUIRED),
    Option("filaments", "whole", "how many filaments the printer changes between by itself (an AMS, an MMU, a tool "
           "changer); 1: one at a time, the colour changed by hand where the slicer stops (M600)", 1, 1, 16),
    Option("slicer", "choice", "how the 3MF stores each tile's two parts: bambu (Bambu Studio, OrcaSlicer: an "
           "object of components; PrusaSlicer opens it too, a tile as two objects, the filaments assigned) or "
           "prusa (PrusaSlicer's own: ranges of one mesh; Bambu Studio reads such a tile as one part)", "bambu",
           choices=("bambu", "prusa")),
    Option("tower_width_mm", "mm", "the wipe (prime) tower's width with its brim, kept free on every plate of two "
           "filaments or more", None, 10, 500, unit="mm", shown="67 with slicer: prusa (PrusaSlicer's 60 and a brim "
           "of 3 a side), 42 with bambu (Bambu Studio's 35 and 3 a side)"),
    Option("tower_depth_mm", "mm", "how deep each filament change of a layer makes the tower, with its brim: a plate "
           "of parts changed n times a layer keeps n times this free", None, 5, 500, unit="mm",
           shown="20 with slicer: prusa (PrusaSlicer: 18.9 mm measured for one change a layer), 16 with bambu"),
)

TILE_STYLE: tuple[Option, ...] = (
    Option("tile.font", "font", "`default` (PT Sans Bold; Fira Sans Bold for letters PT Sans lacks, as Greek) or a "
           "TrueType file for letters and values", "default",
           flag=Flag("--font", "FILE.ttf", "the letters' and values' font")),
    Option("tile.letter_height", "number", "cap height of the letter, share of the tile side", REQUIRED, 0.1, 0.8),
    Option("tile.value_height", "number", "height of the value's digits, share of the tile side", REQUIRED,
           0.05, 0.4),
    Option("tile.inset", "number", "distance of the value from the tile's edges, share of the side", REQUIRED,
           0, 0.3),
    Option("tile.corner", "choice", "where the value sits", REQUIRED, choices=CORNERS),
    Option("tile.ink", "colour", "colour of letters and values", REQUIRED),
    Option("tile.face", "colour", "colour of the tile's face (#ffffff prints nothing)", REQUIRED),
    Option("tile.border", "colour", "colour of outlines and cut guides", REQUIRED),
    Option("tile.back", "colour", "colour of the backs", REQUIRED),
    Option("tile.back_pattern", "choice", "pattern on the backs when print.backs is pattern", "none",
           choices=("none", "dots", "stripes")),
)

BOARD_STYLE: tuple[Option, ...] = (
    Option("board.font", "font", "`letters` (the tiles' font), `default` (PT Sans Bold) or a TrueType file for "
           "the premium labels and titles", "letters"),
    Option("board.label_height", "number", "cap height of a premium label, share of the cell", REQUIRED,
           0.05, 0.6),
    Option("board.ink", "colour", "colour of the title, coordinates and legend", REQUIRED),
    Option("board.colors", "colours", f"cell colours: {', '.join(COLOR_KEYS)}", REQUIRED, choices=COLOR_KEYS),
    Option("board.label_colors", "colours", f"label colours: {', '.join(PREMIUM_CODES + ('start',))}",
           {}, shown="the board's ink", choices=PREMIUM_CODES + ("start",)),
    Option("board.poster", "colour", "background of the poster (`board-poster.pdf`, `board.svg`) around the cells, "
           "printed to its trimmed edge and 3 mm past it; the board's pages for home printers leave it paper white",
           "#ffffff"),
)


PAGE_STYLE: tuple[Option, ...] = (
    Option("page.font", "font", "`default` (PT Sans Regular) or a TrueType file for the small print of every "
           "page: footers, coordinates, legends, notes", "default"),
)


STYLE_PARTS = {"tile": TILE_STYLE, "board": BOARD_STYLE, "page": PAGE_STYLE}


# -- reading -------------------------------------------------------------------------------------------



@dataclass
class Values:
    """What was read: each option's value (None after a problem) and where it was written."""

    values: dict[str, Any]
    marks: dict[str, Mark]

    def __getitem__(self, key: str) -> Any:
        return self.values[key]


def read(root: Map, problems: Problems, what: str, options: Iterable[Option],
         readers: dict[str, Reader], prefix: str = "") -> Values:
    """Read ``options`` from ``root`` (a kit, or a style template): every value, defaulted or
    validated, with its mark; unknown keys and missing required ones are problems."""
    plan = _plan(options if isinstance(options, tuple) else tuple(options), prefix)
    values: dict[str, Any] = {}
    marks: dict[str, Mark] = {}
    top = Fields(root, problems, what, plan.keys[""], retired=plan.retired_keys[""])
    sections: dict[str, tuple[Fields | None, bool]] = {"": (top, True)}  # (fields, written)

    def section_of(name: str) -> tuple[Fields | None, bool]:
        """The fields of a (dotted) section, made on first use; sections may nest."""
        if name not in sections:
            parent_name, _, key = name.rpartition(".")
            parent, _ = section_of(parent_name)
            if parent is None:
                sections[name] = (None, False)
            else:
                sections[name] = (parent.sub(key, plan.keys.get(name, ()), required=name in plan.required,
                                             retired=plan.retired_keys.get(name, ())),
                                  parent.has(key))
        return sections[name]

    for o, section in plan.own:
        fields, written = section_of(section)
        if fields is None:  # the section is missing (defaults) or is not a mapping (reported)
            values[o.key] = None if (o.required or written) else default(o)
            continue
        if fields.has(o.name):
            marks[o.key] = fields.mark(o.name)
            before = len(problems.items)
            values[o.key] = (readers.get(o.kind) or KINDS[o.kind].read)(fields, o)
            node = fields.raw(o.name)
            if values[o.key] is None and len(problems.items) == before and isinstance(node, Scalar) \
                    and node.value is None and not node.quoted:  # `paper:` with nothing after it
                problems.add(node.mark, Said("cfg_empty_option", {"key": key_of(o.name)}))
        elif o.required:
            problems.add(fields.node.mark, f"{fields.what} has no '{o.name}'")
            values[o.key] = None
        else:
            values[o.key] = default(o)
    for key, why in plan.retired.items():
        section, _, name = key.rpartition(".")
        fields, _ = section_of(section)
        if fields is not None and name in fields.node.keys:
            problems.add(fields.node.keys[name], f"'{name}' is no longer an option: {why}")
    return Values(values, marks)


@record
class _Plan:
    """What :func:`read` needs to know of a list of options under a prefix, worked out once: the
    options it reads with the section (relative to the prefix) each is in, the keys allowed in each
    section, the sections with a required option, and the retired keys."""

    own: tuple[tuple[Option, str], ...]
    keys: dict[str, tuple[str, ...]]  # by section: the options and subsections allowed in it
    required: frozenset[str]  # sections holding a required option, at any depth
    retired: dict[str, str]  # retired keys (relative), with why
    retired_keys: dict[str, tuple[str, ...]]  # by section: its retired keys


_PLANS: dict[tuple[int, str], tuple[tuple[Option, ...], _Plan]] = {}


def _plan(options: tuple[Option, ...], prefix: str) -> _Plan:
    """The plan of ``options`` under ``prefix``, kept by the tuple's identity (the readers pass the
    module's constant tuples): working it out for each file read was a fifth of reading a kit."""
    kept = _PLANS.get((id(options), prefix))
    if kept is not None and kept[0] is options:
        return kept[1]
    own = [o for o in options if o.key.startswith(prefix)]
    rel = {o.key: o.key[len(prefix):] for o in own}
    # retired keys of the sections read here: refused with their reason, not as unknown keys
    sections_read = {o.section for o in own}
    retired = {key[len(prefix):]: why for key, why in RETIRED.items()
               if key.startswith(prefix) and key.rpartition(".")[0] in sections_read}
    names = {""} | {rel[o.key].rpartition(".")[0] for o in own}
    for name in list(names):  # every enclosing section too: sections nest
        while name:
            name = name.rpartition(".")[0]
            names.add(name)
    plan = _Plan(own=tuple((o, rel[o.key].rpartition(".")[0]) for o in own),
                 keys={name: _keys(own, prefix + name + "." if name else prefix) for name in names},
                 required=frozenset(name for name in names if name and any(
                     o.required for o in own if rel[o.key].startswith(name + "."))),
                 retired=retired,
                 retired_keys={name: _keys_of(retired, name + "." if name else "") for name in names})
    if len(_PLANS) > 64:
        _PLANS.clear()
    _PLANS[(id(options), prefix)] = (options, plan)
    return plan


def _keys_of(keys: Iterable[str], prefix: str) -> tuple[str, ...]:
    """The keys directly under ``prefix`` among dotted ``keys``."""
    return tuple(k[len(prefix):] for k in keys if k.startswith(prefix) and "." not in k[len(prefix):])


def _keys(options: Iterable[Option], prefix: str) -> tuple[str, ...]:
    """The keys allowed directly in the mapping at ``prefix``: options and section names, in order."""
    out: dict[str, None] = {}
    for o in options:
        if o.key.startswith(prefix):
            out[o.key[len(prefix):].split(".", 1)[0]] = None
    return tuple(out)


def parsed(parse: Callable[[str], Any], named: bool = False) -> Reader:
    """A reader of a text option that ``parse`` turns into its value, or into a message saying why
    it cannot (then a problem at the option, prefixed with its name when ``named``)."""

    def read_one(f: Fields, o: Option) -> Any:
        text = f.text(o.name, required=False)
        if text is None:
            return None
        value = parse(text)
        if isinstance(value, (str, Said)):
            f.problems.add(f.mark(o.name), Said("cfg_named", {"key": key_of(o.name), "why": value}) if named
                           else value)
            return None
        return value

    return read_one




def flagged() -> tuple[Option, ...]:
    """The options a flag overrides, keyed as a kit writes them (``style.tile.font``), in the order
    of the README's table."""
    return tuple(o for o in KIT_OPTIONS + tuple(styled(o) for o in TILE_STYLE + BOARD_STYLE + PAGE_STYLE) if o.flag)


def styled(o: Option) -> Option:
    """A template option as a kit writes it: ``tile.ink`` → ``style.tile.ink``."""
    from dataclasses import replace

    return replace(o, key="style." + o.key)
