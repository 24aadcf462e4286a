"""The kit as data: frozen dataclasses with no I/O and no drawing.

Everything downstream (sheets, engine, check) reads these; only :mod:`printkit.config` builds them,
and only from validated input.
"""

from __future__ import annotations

from dataclasses import field, replace
from enum import Enum
from math import comb
from types import MappingProxyType
from typing import TYPE_CHECKING, Mapping

from .records import record
from .text import case

if TYPE_CHECKING:
    from fractions import Fraction

# -- tiles --------------------------------------------------------------------------------------

@record
class Tile:
    """A kind of lettered tile: its face (one letter, or two as Spanish CH), how many, its value."""

    face: str
    count: int
    value: int


@record
class ShareNote:
    """A letter the set gives a count or a value far from its language's share, on purpose: why.
    ``printkit check`` prints such a letter as a note with the reason, not as a warning, as long as
    the set still has that figure."""

    face: str
    kind: str  # "count" or "value"
    figure: int  # the count or value explained
    reason: str
    where: str = ""  # file:line:col of the note


@record
class Distribution:
    name: str
    title: str
    language: str
    script: str  # "Cyrillic" or "Latin"
    alphabet: tuple[str, ...]
    tiles: tuple[Tile, ...]
    blanks: int
    vowels: frozenset[str] = frozenset()
    signs: frozenset[str] = frozenset()  # neither vowel nor consonant: Ъ Ь, the apostrophe
    folds: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))  # Ё is played as Е
    sources: str = ""
    share_notes: tuple[ShareNote, ...] = ()
    # face → file:line:col of its tile, for messages (not part of what the set is)
    where: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}), compare=False)
    # what reading the files found that is no mistake, for check to say: (``"note"`` or ``"warn"``, the
    # file:line:col it is about, its text); not part of what the set is
    read_notes: tuple[tuple[str, str, str], ...] = field(default=(), compare=False)

    @property
    def letter_tiles(self) -> int:
        return sum(t.count for t in self.tiles)

    @property
    def total(self) -> int:
        return self.letter_tiles + self.blanks

    @property
    def points(self) -> int:
        return sum(t.count * t.value for t in self.tiles)

    def tile(self, face: str) -> Tile:
        for t in self.tiles:
            if t.face == face:
                return t
        raise KeyError(face)

    def value(self, face: str) -> int:
        return self.tile(self.folds.get(face, face)).value

    def counts(self) -> dict[str, int]:
        return {t.face: t.count for t in self.tiles}

    def faces(self) -> tuple[str, ...]:
        return tuple(t.face for t in self.tiles)

    def upper(self, text: str) -> str:
        """``text`` in capitals as the set's language writes them (Turkish i → İ): :mod:`printkit.text.case`."""
        return case.upper(text, self.language)

    def lower(self, text: str) -> str:
        """``text`` in small letters as the set's language writes them (Turkish I → ı), a blank's way."""
        return case.lower(text, self.language)

    def is_vowel(self, face: str) -> bool:
        return face in self.vowels

    def is_consonant(self, face: str) -> bool:
        return face not in self.vowels and face not in self.signs


# -- board --------------------------------------------------------------------------------------

class Premium(Enum):
    """A square's premium: how it multiplies a letter and the word through it."""

    NONE = ("..", 1, 1)
    DL = ("DL", 2, 1)
    TL = ("TL", 3, 1)
    DW = ("DW", 1, 2)
    TW = ("TW", 1, 3)

    def __init__(self, code: str, letter: int, word: int):
        self.code = code
        self.letter_mult = letter
        self.word_mult = word

    @classmethod
    def from_code(cls, code: str) -> "Premium":
        for p in cls:
            if p.code == code:
                return p
        raise KeyError(code)


PREMIUM_CODES = tuple(p.code for p in Premium if p is not Premium.NONE)


@record
class Layout:
    name: str
    title: str
    grid: tuple[tuple[Premium, ...], ...]  # grid[row][col], row 0 at the top
    start: tuple[int, int]  # (row, col)
    symmetric: bool = True  # the layout claims 8-fold symmetry (check tests it)
    expect: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({}))
    sources: str = ""

    @property
    def rows(self) -> int:
        return len(self.grid)

    @property
    def cols(self) -> int:
        return len(self.grid[0])

    def at(self, row: int, col: int) -> Premium:
        return self.grid[row][col]

    def counts(self) -> dict[str, int]:
        out = {code: 0 for code in PREMIUM_CODES}
        for row in self.grid:
            for p in row:
                if p is not Premium.NONE:
                    out[p.code] += 1
        return out

    def symmetry_faults(self) -> list[tuple[int, int]]:
        """Squares whose premium differs from a mirror image (horizontal, vertical, diagonal)."""
        g, n, m = self.grid, self.rows, self.cols
        faults = []
        for r in range(n):
            for c in range(m):
                images = [g[n - 1 - r][c], g[r][m - 1 - c]]
                if n == m:
                    images.append(g[c][r])
                if any(p is not g[r][c] for p in images):
                    faults.append((r, c))
        return faults


# -- rules --------------------------------------------------------------------------------------

@record
class Variant:
    """A figure from another edition of the source that disagrees, and why."""

    edition: str
    value: int
    reason: str


@record
class Example:
    """A worked example from the rule set's source.

    ``kind`` is "word" (``play`` is the letters placed, lowercase for a blank standing for that
    letter, ``value`` the score) or "letter" (``play`` is one letter, ``value`` its tile value).
    """

    kind: str
    play: str
    value: int
    at: str = ""  # where the word lies, as in game records: 8D across, D8 down; "" for no premiums
    tiles: str = ""  # the distribution whose values the figure assumes ("" for the kit's own)
    source: str = ""
    note: str = ""
    variants: tuple[Variant, ...] = ()


class _Spelled(Enum):
    """A rule-set choice: its value is the YAML spelling, which is also how messages print it."""

    def __str__(self) -> str:
        return self.value


class Placement(_Spelled):
    LINE = "line"  # all tiles of a turn in one row or column
    ANYWHERE = "anywhere"  # one or more whole words anywhere, each hooked onto the board


class BlankValue(_Spelled):
    ZERO = "zero"
    LETTER = "letter"  # the value of the letter it stands for


class PremiumUse(_Spelled):
    ONCE = "once"  # only on the turn its square is covered
    ALWAYS = "always"  # every time a word passes through it


class WordPremiums(_Spelled):
    MULTIPLY = "multiply"  # ×2 ×2 = ×4
    ADD = "add"  # ×2 ×2 = ×3


class WordRule(_Spelled):
    """Which words count: what the judge (``printkit word``, ``--judge``) checks a word against."""

    NOUNS = "nouns"  # the book and Эрудит: a noun in the nominative singular, or a plural-only one
    LIST = "list"  # boxed Scrabble: "agree on a dictionary": a word list the players chose


class DiminutiveRule(_Spelled):
    """Whether a noun formed with a diminutive suffix on another noun counts (СТОЛИК on СТОЛ)."""

    ALLOWED = "allowed"  # the judge does not ask
    REFUSED = "refused"  # the book: «Слова с уменьшительными суффиксами не считаются»


@record
class Title:
    """A one-word title of a work the rules allow though the dictionary refuses it (a pet name, a
    first name, a word it lacks): the Ukrainian text's «Каштанка»."""

    word: str  # upper case, as the judge sees it
    language: str  # the language whose text allows it ("" for every language)
    source: str = ""


# proper nouns a rule set may allow, and the analyser's tags of each (pymorphy3's OpenCorpora tags);
# titles of works and the heroes of literature (the book's Ukrainian text) have no tag: the analyser
# cannot tell them, the players decide (beyond the rules' own ``titles``)
PROPER_NOUNS = {"places": ("Geox",), "surnames": ("Surn",), "names": ("Name", "Patr"),
                "organisations": ("Orgn", "Trad"), "works": (), "heroes": ()}


class Exchange(_Spelled):
    """When a player may exchange tiles instead of playing."""

    ANY = "any"  # boxed Scrabble: instead of any turn
    STUCK = "stuck"  # the book: when you cannot make a word ("Если вы не смогли придумать ни одного слова")


class Authority(_Spelled):
    """Whose rule a statement of a rule set is: the reference card prints each group under its heading."""

    BOOK = "book"  # «Твое свободное время»: the Russian text and its Ukrainian translation
    SCRABBLE = "scrabble"  # the rules of boxed Scrabble (the Russian rule sheet)
    ERUDIT = "erudit"  # Эрудит as its published editions play it
    RECORDS = "records"  # recorded tournament games
    FEDERATION = "federation"  # a national federation's tournament rules (the Polish PFS's, …)
    AGREED = "agreed"  # a house rule of the set: the players agree on it; no source to quote


# The statements of a rule set, in the order the reference card prints them: each one sentence
# (from the field of the same name where there is one), each with its source (``statements:``).
# ``first``, ``first_length`` and ``read`` are always printed; ``challenge`` when it is declared;
# ``blank_swap``, ``all_tiles_bonus`` and ``target_score`` when the rules have them.
STATEMENTS = ("rack", "first", "first_length", "placement", "read", "words", "challenge", "blank_value",
              "blank_swap", "premiums", "word_premiums", "all_tiles_bonus", "exchange", "end", "target_score")


@record
class Statement:
    """Where a statement of a rule set comes from: whose rule it is and the source's own words."""

    by: Authority
    quote: str = ""  # the line of the source it comes from (none for an agreed rule)
    edition: str = ""  # which text of the source: "Russian text", "Ukrainian text", a repository's file


class EndRule(_Spelled):
    DEDUCT = "deduct"  # each player's rack values are deducted from their own score
    DEDUCT_AND_AWARD = "deduct-and-award"  # and the player who went out gains the others'


@record
class Rules:
    name: str
    title: str
    rack: int  # tiles on a rack
    placement: Placement
    blank_value: BlankValue
    premiums: PremiumUse
    word_premiums: WordPremiums
    all_tiles_bonus: int  # for playing a whole rack in one turn
    blank_swap: bool  # a blank on the board may be swapped for the real letter
    target_score: int | None  # the game may end when someone reaches it (after the round)
    end: EndRule  # how rack values are settled at the end
    # under deduct-and-award, how many times over the player who went out gains the others' rack
    # values: 1, the boxed rules ("получает сумму чужих остатков"), every rack deducted; 2, tournament
    # rules as game records score them ("(OPEG) +14"), the others keeping their scores (the same
    # spread in a two-player game). 0 under deduct.
    end_award: int = 0
    # how a game ends when nobody goes out (0: not by these rules): when every player has passed this many
    # times in a row (the Polish federation's "all players twice in a row"), or when this many turns in a row
    # have scored nothing (passes, exchanges, withdrawn plays)
    end_passes: int = 0
    end_scoreless: int = 0
    exchange_limit: int = 0  # exchanges a player may make in a game (0: no limit)
    examples: tuple[Example, ...] = ()
    sources: str = ""
    words: WordRule = WordRule.LIST  # which words count (the judge's rule)
    proper_nouns: frozenset[str] = frozenset()  # kinds of PROPER_NOUNS allowed under WordRule.NOUNS
    diminutives: DiminutiveRule = DiminutiveRule.ALLOWED  # under WordRule.NOUNS
    titles: tuple[Title, ...] = ()  # one-word titles of works allowed under WordRule.NOUNS
    exchange: Exchange = Exchange.ANY
    # each statement's source, by its key in STATEMENTS; one without is the set's own (printed
    # without a source heading, or under "agreed" beside sourced ones)
    statements: Mapping[str, Statement] = field(default_factory=lambda: MappingProxyType({}))
    # what differs in another language's text of the source, by language code: overrides of
    # target_score, proper_nouns, statements; a kit in that language plays by it (in_language)
    editions: Mapping[str, Mapping[str, object]] = field(default_factory=lambda: MappingProxyType({}))
    edition: str = ""  # the language whose edition this is ("" for the rule set as written)

    def printed(self) -> tuple[str, ...]:
        """The keys of STATEMENTS the reference card prints for these rules, in its order."""
        skip = {"challenge": "challenge" not in self.statements, "blank_swap": not self.blank_swap,
                "all_tiles_bonus": not self.all_tiles_bonus, "target_score": not self.target_score}
        return tuple(k for k in STATEMENTS if not skip.get(k, False))

    def source(self, key: str) -> Statement:
        """The source of statement ``key``: the one declared, else the set's own (agreed)."""
        return self.statements.get(key) or Statement(Authority.AGREED)

    def in_language(self, language: str) -> "Rules":
        """The rules as the source's text in ``language`` gives them (the book's Ukrainian text plays
        to 200 and allows titles of works), or these rules where it has no such text."""
        changes = self.editions.get(language)
        if not changes:
            return self
        own = dict(changes)
        statements = {**self.statements, **own.pop("statements", {})}
        return replace(self, **own, statements=MappingProxyType(statements), edition=language)


# -- physical and print -------------------------------------------------------------------------

@record
class Physical:
    tile_mm: float
    cell_mm: float
    thickness_mm: float = 3.0
    kerf_mm: float = 0.2
    slot_fit_mm: float = 0.0  # a slot this much wider and longer than what goes in it (0: a press fit)


@record
class Paper:
    name: str  # "A4", "Letter", "A3", or "210x297"
    width_mm: float
    height_mm: float


@record
class Spares:
    """Spare tiles, printed apart from the set: so many of each letter (and of some more), spare
    blanks; or ``fill``: one row of the commonest letters where the last page has room."""

    per_letter: int = 0
    extra: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({}))
    blanks: int = 0
    fill: bool = False

    def count(self, face: str) -> int:
        return self.per_letter + self.extra.get(face, 0)

    @property
    def any(self) -> bool:
        return bool(self.per_letter or self.blanks or any(self.extra.values()) or self.fill)


# The calibration sheet's rulers, longest first, and how far a printer may be off. Within these
# limits the rulers' printed lengths never overlap, so a figure measured on the sheet tells which
# ruler it was: 199.2 is the 200 mm ruler, 179.4 the 180 mm one. A print more than 5 % off was
# not printed at 100 % (a driver's "fit to page" shrinks A4 by 3–6 %).
CALIBRATION_RULERS_MM = (200.0, 180.0, 150.0, 100.0, 50.0)
SCALE_LIMITS = (0.95, 1.05)


def ruler_measured(measured: float) -> float | None:
    """The calibration ruler that prints as ``measured`` mm on a printer within the limits."""
    lo, hi = SCALE_LIMITS
    return next((r for r in CALIBRATION_RULERS_MM if lo <= r / measured <= hi), None)


@record
class PrintOptions:
    paper: Paper
    margin_mm: float = 10.0
    spares: Spares = Spares()
    cut: str = "shared"  # "shared": one cut between neighbours; "gap": tiles apart by gap_mm
    gap_mm: float = 3.0
    outline: bool = False  # a thin outline on each tile
    backs: str = "none"  # "none", "plain", "pattern"
    overlap_mm: float = 10.0  # glue strip of a board split over pages
    coordinates: bool = True  # A–O, 1–15 along the board's edges


@record
class TileStyle:
    font: str | None  # a TrueType file; None for the bundled default
    letter_height: float  # cap height of the letter, as a share of the tile side
    value_height: float  # height of the value's digits, as a share of the tile side
    inset: float  # distance of the value from the tile's edges, share of the side
    corner: str  # where the value sits: "bottom-right", "bottom-left", "top-right", "top-left"
    ink: str  # colour of letter and value
    face: str  # colour of the tile face ("#ffffff": none printed)
    border: str  # colour of tile outlines and cut guides
    back: str  # colour of tile backs
    back_pattern: str  # "none", "dots", "stripes"


@record
class BoardStyle:
    colors: Mapping[str, str]  # premium code (and "plain", "start", "grid") → colour
    labels: Mapping[str, str]  # premium code (and "start") → label
    legend: Mapping[str, str]  # premium code → legend text
    label_height: float  # label cap height as a share of the cell
    ink: str
    label_colors: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    font: str | None = None  # labels and titles: a TrueType file; None for the bundled PT Sans Bold
    poster: str = "#ffffff"  # the poster's background, to its trimmed edge and into the bleed


@record
class PageStyle:
    font: str | None = None  # small print of every page: a TrueType file; None for PT Sans Regular


@record
class Operation:
    """How a machine does one operation: the colour (and stroke width) its software reads it by,
    whether it fills closed shapes (raster engraving), its speed (the time estimate, and a LightBurn
    project's layer), and the settings a project file carries: power, passes, the fill's line interval."""

    colour: str
    width_mm: float  # stroke width; filled engraving has none
    fill: bool
    speed_mm_s: float
    aci: int | None = None  # its colour number in a DXF (1-255); None: the standard one for the colour
    power_pct: float | None = None  # the laser's power, % of its most (LightBurn's Max Power); None: not set
    min_power_pct: float | None = None  # the power at corners and slow moves (LightBurn's Min Power); None: max
    passes: int = 1  # how many times the beam runs over each line (or the fill)
    interval_mm: float | None = None  # a fill's line interval; None: the machine's line_mm


@record
class Material:
    """A material's laser settings for one kind of laser (templates/materials/): per operation, the
    speed, power and passes where the table gives them, with where each figure comes from."""

    name: str  # "plywood-3mm-co2-40w"
    title: str  # "3 mm birch plywood, a 40 W CO2 laser"
    laser: str  # "40 W CO2"
    thickness_mm: float
    operations: Mapping[str, Mapping[str, float]]  # "cut" → {"speed_mm_s": 12.5, "power_pct": 90, ...}
    source: str  # where the figures come from
    at: str = ""  # where the table gives it, file:line:col


@record
class Machine:
    """A laser machine profile (templates/machines/): operations in job order, bed, file formats.

    ``operations`` holds "engrave", "score", "cut" and "inner_cut": the cuts inside a part, which
    the software runs as an operation of their own only where it tells them apart (``maps_by``
    colour or layer, and the profile gives them their own colour); else they share the cut's look
    and go first in the file."""

    name: str
    title: str
    bed_w: float
    bed_h: float
    formats: tuple[str, ...]  # "svg", "dxf"
    operations: Mapping[str, Operation]  # "engrave", "score", "inner_cut", "cut"
    order: tuple[str, ...]  # job order of the operations: "inner_cut" always right before or somewhere before "cut"
    travel_mm_s: float  # moves with the laser off
    line_mm: float  # line interval of raster engraving
    source: str = ""
    maps_by: str = "colour"  # how the software tells operations apart: "colour", "layer", "none"
    reads_widths: bool = True  # whether it reads stroke widths (else a width only shows the line in a viewer)
    bed_at: str = ""  # where the profile gives its bed, file:line:col (a bed too small for a part points there)
    material: str = ""  # the profile's material (templates/materials/), before the kit's laser.material
    material_at: str = ""  # where the profile names it, file:line:col (a material not found points there)
    formats_at: str = ""  # where the profile lists its formats (a project without its powers points there)
    given: frozenset[str] = frozenset()  # the operations' settings the profile writes ("cut.speed_mm_s"): a
    # material's figures fill in the others
    settings: "Material | None" = None  # the material whose figures the operations carry, once applied

    @property
    def inner_own(self) -> bool:
        """Whether the inner cuts are an operation of their own in the software: by colour, a colour
        of their own; by layer, always (their layer is theirs); by neither, never."""
        if self.maps_by == "none":
            return False
        return self.maps_by == "layer" or self.operations["inner_cut"].colour != self.operations["cut"].colour


@record
class LaserOptions:
    machine: Machine
    bed_w: float  # the bed used: the machine's, or --bed / laser.bed
    bed_h: float
    margin_mm: float = 5.0  # kept clear along the bed's edges
    tabs_mm: float = 0.0  # hold tabs left uncut in each tile's edge (0: none)
    board_fill: bool = False  # premium cells filled for raster engraving on the board
    fill_bed: bool = False  # the last tile sheet's free places filled with more spares, apart from the set


@record
class Printer:
    """A 3D printer's profile (templates/printers/): its bed, layer height and nozzle, and where
    the figures come from."""

    name: str
    title: str
    bed_w: float
    bed_h: float
    layer_mm: float  # the layer height the tiles' letters are inset by whole numbers of
    nozzle_mm: float
    source: str  # where the figures come from (the maker's page, a manual)
    slicer: str = "bambu"  # the 3MF's layout: "prusa" (parts as ranges of one mesh) or "bambu" (parts as components)
    filaments: int = 1  # the filaments it changes between by itself (an AMS, an MMU); 1: colour changes by hand
    # the wipe tower's room with its brim: width, and depth per filament change of a layer (plates of 2+ filaments)
    tower_mm: tuple[float, float] = (67.0, 20.0)
    file: str = ""  # the profile's file, for messages


BOARD_POCKET_LAYERS = 3  # the 3D board's premium pockets, in layers


@record
class Print3DOptions:
    """The 3D-printed tiles (``print3d.*``): the printer, the solid's sizes, the plates' spacing and
    the filament's density (for the grams the manifest lists)."""

    printer: Printer
    thickness_mm: float = 4.0
    corner_mm: float = 1.0
    chamfer_mm: float = 0.6  # 45° on the bed side, against elephant's foot
    letter_layers: int = 3  # letters and values inset (or raised) by so many layers
    # "inset": sunk into the face, printed face down in a second filament; "raised": on the face, face up (with one
    # filament, the colour changes where they start); "pockets": sunk into the face and left empty, to fill with paint
    letters: str = "inset"
    margin_mm: float = 5.0  # kept clear along the bed's edges
    gap_mm: float = 3.0  # between tiles on a plate
    density: float = 1.24  # g/cm³ (PLA)
    board_mm: float = 4.0  # the board's thickness
    board_recess_mm: float = 0.6  # the cells sunk so deep, so the tiles sit
    board_clearance_mm: float = 0.15  # a side, between a piece's dovetail and its neighbour's socket
    parts: tuple[str, ...] = ("tiles", "racks", "board")  # what --only 3d makes

    @property
    def letter_mm(self) -> float:
        return round(self.letter_layers * self.printer.layer_mm, 6)

    @property
    def board_pocket_mm(self) -> float:
        """How deep the 3D board's premium pockets (and its labels) go below the cells' floor: three of
        the printer's layers, whatever the tiles' letters take."""
        return round(BOARD_POCKET_LAYERS * self.printer.layer_mm, 6)

    @property
    def face(self) -> str:
        """How the tiles lie on the bed: "down" for inset letters and pockets (the face on the bed,
        flat and smooth), "up" for raised ones (they stand on the face, which cannot lie on the bed)."""
        return "up" if self.letters == "raised" else "down"

    @property
    def one_filament(self) -> bool:
        """The printer prints one filament at a time (no AMS, no MMU)."""
        return self.printer.filaments == 1

    @property
    def one_part(self) -> bool:
        """A tile is one part, its colours apart by height: raised letters on a printer of one filament."""
        return self.one_filament and self.letters == "raised"

    @property
    def colour_change_mm(self) -> float | None:
        """The height of the first layer in the letters' colour on a tile of one part (the top of that
        layer, as slicers name a layer), where the slicer stops for the change (M600); None when no
        colour changes by hand (two filaments or more, or letters as pockets, or inset letters)."""
        return round(self.thickness_mm + self.printer.layer_mm, 6) if self.one_part else None

    @property
    def board_colour_change_mm(self) -> float | None:
        """On a printer of one filament, the 3D board's first layer in its second colour (the layer above the
        premium pockets' bottom, where the plain cells' floor lies): None with two filaments or more."""
        if not self.one_filament:
            return None
        return round(self.board_mm - self.board_recess_mm - self.board_pocket_mm + self.printer.layer_mm, 6)


@record
class Cutter:
    """A craft cutter's profile (templates/cutters/): the pages it prints and cuts, its registration
    marks (or none), its file formats, and where each figure comes from."""

    name: str
    title: str
    source: str  # where the figures come from (the profile's ``source:``)
    papers: tuple[str, ...]  # the papers a page may be ("A4", "Letter"); empty: the page is the area
    area_w: float | None  # the most a page's tiles (with bleed) may span, mm; None: the marks' frame decides
    area_h: float | None
    marks: str  # "type1" (square + two L), "four-l" (four L), "none" (the software draws its own)
    inset_mm: float  # from the paper's edges to the square's outer edge and the L marks' corner lines
    square_mm: float  # the type-1 square's side
    arm_mm: float  # an L mark's arm, from its corner line
    stroke_mm: float  # an L mark's stroke
    clear_mm: float  # nothing printed within this of a mark
    formats: tuple[str, ...]  # "pdf", "svg", "dxf", "png"
    cut: str  # "shared" or "gap", unless the kit says
    gap_mm: float
    bleed_mm: float  # the face's colour past the cut line, unless the kit says
    bleed_by: str  # "printkit" (drawn with the faces) or "software" (faces at the tile's size, the software's bleed)
    cut_colour: str
    cut_width_mm: float
    png_dpi: int
    instructions: str = "none"  # "cricut": a page of Design Space's steps; "none"
    file: str = ""  # the profile file, shown
    size_at: str = ""  # where the profile gives its png_dpi (else its area), file:line:col: a PNG too large says so


@record
class CutterOptions:
    """The kit's print-and-cut options: the profile and what the kit sets over it."""

    cutter: Cutter
    cut: str  # "shared" or "gap"
    gap_mm: float
    bleed_mm: float
    # the page (name, width, height mm): the kit's paper where the profile lists it, else the profile's
    # first paper (a cutter's mat takes A4 or Letter whatever the kit's other sheets print on); the
    # profile's area where it lists no paper
    page: tuple[str, float, float] = ("A4", 210.0, 297.0)


LABEL_OVERHANG_MM = 0.5  # a sticker may be larger than its tile by this much a side (a 20 mm label on a 19 mm tile)


@record
class LabelStock:
    """A sheet of labels (templates/labels/, a YAML file or a glabels template): the paper, each
    label's size and shape, the first label's top-left corner and the pitch between labels, mm."""

    name: str
    title: str
    source: str
    paper: str
    paper_w: float
    paper_h: float
    shape: str  # "rectangle" (corners of radius ``corner``) or "round"
    width: float
    height: float
    corner: float
    cols: int
    rows: int
    left: float
    top: float
    pitch_x: float
    pitch_y: float
    file: str = ""

    @property
    def count(self) -> int:
        return self.cols * self.rows


@record
class StickerOptions:
    stock: LabelStock
    bleed_mm: float  # the face's colour past a label's edge where labels butt (less where they are apart)


SET_RACKS = 4  # the racks of a set whose kit names no players: a boxed set's four


@record
class PlayOptions:
    """Who plays, for the score sheet: a name per player or team ("" for one not named); the set's
    racks, one declaration for every product that makes them (laser, card, 3D) and the box that holds
    them: a rack a player the kit names, else :data:`SET_RACKS`; and where the score keeper is, whose
    address for the kit (:func:`printkit.config.keeperurl.keeper_address`) the score sheet prints as a QR code."""

    players: tuple[str, ...] = ("", "")
    racks: int = SET_RACKS
    keeper_url: str = ""  # the score keeper's address (play.keeper_url): a QR code on the score sheet; "": none


@record
class BurnOptions:
    letters: str = "outline"  # "outline": thin outlines of the letters; "single": single-stroke letters


@record
class Expect:
    tiles: int | None = None
    blanks: int | None = None


@record
class Kit:
    name: str
    title: str
    language: str
    source: str  # the file it was read from
    distribution: Distribution
    layout: Layout
    rules: Rules
    physical: Physical
    print: PrintOptions
    tile_style: TileStyle
    board_style: BoardStyle
    page_style: PageStyle = PageStyle()
    laser: LaserOptions | None = None
    cutter: CutterOptions | None = None  # print-and-cut (templates/cutters/, --cutter)
    stickers: StickerOptions | None = None  # tile stickers on label stock (templates/labels/, --labels)
    burn: BurnOptions = BurnOptions()
    play: PlayOptions = PlayOptions()
    print3d: Print3DOptions | None = None  # the 3D-printed tiles (None: a Kit made in code without them)
    expect: Expect = Expect()
    notes: str = ""
    words: str | None = None  # a word list (``words:``, a path): the judge's list for list rules
    # compensation for the home printer (print.measured, --scale-x/--scale-y): what is printed on the
    # kit's paper is drawn print_scale[0] times as large across the paper and print_scale[1] times
    # down it (a ruler's length / what it printed as), so that it prints true to size; (1, 1): as is
    print_scale: tuple[float, float] = (1.0, 1.0)
    # where each option was written ("file:line:col", or "--paper" for a command-line override),
    # by its dotted key ("physical.tile_mm"); messages about a value point there
    where: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))

    def at(self, key: str) -> str:
        """Where the option ``key`` was written; else where the mapping holding it was (for
        ``style.board.colors.TW``: ``style.board.colors``); else the kit's file (a default)."""
        while key:
            if key in self.where:
                return self.where[key]
            key = key.rpartition(".")[0]
        return self.source


# -- statistics ---------------------------------------------------------------------------------

def rack_probability_without(dist: Distribution, rack: int, group: str) -> Fraction:
    """Exact probability that a first rack of ``rack`` tiles drawn from the full bag has no tile
    of ``group`` ("vowel" or "consonant"). A blank can stand for either, so it counts as both."""
    from fractions import Fraction  # with decimal, 2 ms of imports the kits' loading does without

    pick = dist.is_vowel if group == "vowel" else dist.is_consonant
    good = sum(t.count for t in dist.tiles if pick(t.face)) + dist.blanks
    n = dist.total
    if rack > n:
        return Fraction(0)
    return Fraction(comb(n - good, rack), comb(n, rack))
