"""``printkit check``: does a kit's data hold together?

Integrity of the tile set and the board, and every worked example of the rule set scored with the
kit's values and rules. The result is data (a list of findings); the command line prints it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Iterable

from . import fonts
from .engine.board import Board
from .engine.move import placement
from .engine.notation import parse_word
from .engine.score import Square, loose, score_turn
from .engine.state import State
from .install import install_line
from .model import Example, Kit, Premium
from .notation import NotationError, square_name
from .records import record
from .summary import of_document, product_line
from .text import Said
from .text.plural import english

if TYPE_CHECKING:
    from .budget import Work

OK, FAIL, NOTE, WARN = "ok", "FAIL", "note", "warn"
SAFE_MARGIN_MM = 5.0  # most home printers cannot print the outer 3–5 mm of a page
MIN_CONTRAST = 3.0  # WCAG's least contrast for large text
TRACKING_BOX_MM = 3.0  # a tracking sheet's box smaller than this is hard to cross off with a pencil


@record
class Finding:
    section: str
    status: str  # OK, FAIL, WARN (likely a mistake, but buildable) or NOTE (information)
    text: str
    detail: tuple[str, ...] = ()
    option: str | None = None  # the kit's option it is about (``print.margin_mm``): the page shows it there
    # the text and each detail line as a sentence of the text table (None: a line the table lacks)
    said: tuple[Said | None, ...] = ()

    def say(self, language: str = "en") -> tuple[str, ...]:
        """The text and its detail lines in ``language`` (in English, those the table lacks)."""
        lines = (self.text, *self.detail)
        said = self.said or (None,) * len(lines)
        return tuple(s(language) if s is not None else line for s, line in zip(said, lines))


@dataclass
class Report:
    kit: Kit
    findings: list[Finding] = field(default_factory=list)

    @property
    def passed(self) -> bool:
        return not any(f.status == FAIL for f in self.findings)

    def add(self, section: str, ok: bool | None, text: str | Said, *detail: str | Said,
            option: str | None = None) -> None:
        status = NOTE if ok is None else (OK if ok else FAIL)
        self.findings.append(_finding(section, status, text, detail, option))

    def warn(self, section: str, text: str | Said, *detail: str | Said, option: str | None = None) -> None:
        self.findings.append(_finding(section, WARN, text, detail, option))

    def count(self, status: str) -> int:
        return sum(1 for f in self.findings if f.status == status)

    def lines(self, figures: bool = False) -> list[str]:
        """The report as ``printkit check`` prints it: the kit, each section's findings (with their detail
        lines), the set's figures when asked, and the verdict with its counts."""
        kit = self.kit
        out = [f"{kit.name}: {kit.title} ({kit.source})"]
        section = None
        for f in self.findings:
            if f.section != section:
                section = f.section
                out.append(f"  {section}")
            mark = {FAIL: "FAIL", NOTE: "note", WARN: "warn"}.get(f.status, "ok  ")
            out.append(f"    {mark} {f.text}")
            out += [f"           {line}" for line in f.detail]
        if figures:
            from .stats import rows, stats

            out.append("  figures")
            out += [f"    {label:<26} {value}" for label, value in rows(stats(kit))]
        warned, notes = self.count(WARN), self.count(NOTE)
        out.append(f"  {'passed' if self.passed else 'FAILED'}: {self.count(OK)} ok, {self.count(FAIL)} failed, "
                   f"{notes} note{'s' if notes != 1 else ''}"
                   + (f", {warned} warning{'s' if warned != 1 else ''}" if warned else ""))
        return out


def _finding(section: str, status: str, text: str | Said, detail: tuple, option: str | None) -> Finding:
    lines = (text, *detail)
    said = tuple(x if isinstance(x, Said) else None for x in lines)
    plain = [x("en") if isinstance(x, Said) else x for x in lines]
    return Finding(section, status, plain[0], tuple(plain[1:]), option, said if any(said) else ())


def check_kit(kit: Kit, products: Iterable[str] | None = None, simulate: int = 0, work: Work | None = None) -> Report:
    """Every finding about ``kit``; ``products``: the products whose layout is tried (None: all,
    as ``printkit check`` does; the web page, which lays out its preview itself, tries none);
    ``simulate``: that many self-play games, and a warning for each letter that sticks on racks;
    ``work``: the budget's :func:`printkit.products.estimate` of ``kit`` when the caller has made it."""
    report = Report(kit)
    _tiles(kit, report)
    _shares(kit, report)
    _board(kit, report)
    _examples(kit, report)
    _words(kit, report)
    _printing(kit, report, products, work)
    if simulate:
        _simulate(kit, report, simulate)
    return report


def _simulate(kit: Kit, report: Report, games: int) -> None:
    from .simreport import stuck_letters

    said, warnings = stuck_letters(kit, games)
    s = "simulation"
    report.add(s, None, said)
    for line in warnings:
        report.warn(s, line)
    if not warnings:
        report.add(s, True, "no letter sticks on the racks")


def _words(kit: Kit, report: Report) -> None:
    """The kit's word list (``words:``) can be read; a list rule with no list is said. The list is
    not read here (it may be large): ``printkit word`` reads it, and says what is wrong inside."""
    import os

    from .model import WordRule

    s = f"words (rules {kit.rules.name}: {kit.rules.words.value})"
    if kit.words is not None:
        path = kit.words
        if not os.path.isfile(path):
            why = "is a folder, not a word list" if os.path.isdir(path) else "no such file"
            report.add(s, False, f"{kit.at('words')}: 'words': {path}: {why}")
        elif not os.access(path, os.R_OK):
            report.add(s, False, f"{kit.at('words')}: 'words': {path}: cannot be read (permission denied)")
        else:
            report.add(s, True, f"word list {path} ({os.path.getsize(path):,} bytes)")
    elif kit.rules.words is WordRule.LIST:
        report.add(s, None, "the rules judge words by a list and the kit names none: printkit word and --judge "
                            "need --words FILE (or 'words: FILE' in the kit)")


def _tiles(kit: Kit, report: Report) -> None:
    d, e = kit.distribution, kit.expect
    s = f"tiles ({d.name})"
    for status, where, text in d.read_notes:  # what reading the set's files found that is no mistake
        if status == WARN:
            report.warn(s, f"{where}: {text}", option="distribution")
        else:
            report.add(s, None, f"{where}: {text}", option="distribution")
    summary = f"{english(d.total, 'tile')}: {d.letter_tiles} lettered + {english(d.blanks, 'blank')}"
    if e.tiles is None and e.blanks is None:
        report.add(s, None, summary + " (the kit declares no totals)")
    else:
        tiles_wrong = e.tiles is not None and e.tiles != d.total
        blanks_wrong = e.blanks is not None and e.blanks != d.blanks
        if tiles_wrong or blanks_wrong:
            key = "check_expect_both" if tiles_wrong and blanks_wrong else \
                "check_expect_tiles" if tiles_wrong else "check_expect_blanks"
            figures = {"set": Said("check_set", {"total": d.total, "lettered": d.letter_tiles, "blanks": d.blanks})}
            figures.update({"tiles": e.tiles} if tiles_wrong else {})
            figures.update({"blanks": e.blanks} if blanks_wrong else {})
            report.add(s, False, Said(key, figures), Said("check_expect_change", {"file": kit.source}),
                       option="expect")
        else:
            declared = ", ".join(x for x in (english(e.tiles, "tile") if e.tiles is not None else "",
                                             english(e.blanks, "blank") if e.blanks is not None else "") if x)
            report.add(s, True, f"{summary}, as declared ({declared})")
    counts = d.counts()
    missing = [a for a in d.alphabet if counts.get(a, 0) == 0 and a not in d.folds]
    folded = [f"{a} is played with {d.folds[a]}" for a in d.alphabet if a in d.folds]
    if missing:
        report.add(s, False, Said("check_missing_letters", {"letters": " ".join(missing)}), option="distribution")
    else:
        extra = f"; {', '.join(folded)}" if folded else ""
        report.add(s, True, f"every letter of the alphabet has a tile ({len(d.alphabet)} letters{extra})")
    if kit.rules.rack * 2 > d.total:
        report.add(s, False, Said("check_two_racks", {"total": d.total, "rack": kit.rules.rack}),
                   option="distribution")
    _font(kit, report, s)


def _shares(kit: Kit, report: Report) -> None:
    """Each letter's count and value against its language's letter shares (the shipped table, see
    :mod:`printkit.engine.shares`): a letter far off is a warning naming it and what its share asks
    for, or a note when the distribution explains that figure (``share_notes``)."""
    from .engine import shares as S
    from .paths import shown

    d = kit.distribution
    table = S.table()
    lang = table.languages.get(d.language)
    where = shown(table.path)
    if lang is None and d.language in S.NOT_IN_WORDFREQ:
        report.add(f"letter shares ({d.language})", None,
                   f"no letter shares of '{d.language}': wordfreq, which they are counted from, has no "
                   f"{S.NOT_IN_WORDFREQ[d.language]} words; the set's counts are not compared with the language")
        return
    if lang is None:
        report.add(f"letter shares ({d.language})", None,
                   f"no letter shares of '{d.language}' are shipped ({where} has {', '.join(table.languages)}): "
                   f"`printkit fit` counts them from wordfreq ({install_line('words')})")
        return
    s = f"letter shares ({lang.name}: {where}, from wordfreq {table.wordfreq})"
    c = S.compare(d, lang)
    notes = {(n.face, n.kind, n.figure): n for n in d.share_notes}
    explained, warned = [], []
    for far in c.far:
        note = notes.get((far.face, far.kind, far.figure))
        (explained if note else warned).append((far, note))
    compared = len(c.shares)
    if not warned:
        but = f", but for {len(explained)} explained below" if explained else ""
        report.add(s, True, f"the counts and values of the {compared} letters ({c.lettered} lettered tiles) "
                            f"follow their {lang.name} shares{but}")
    for far, note in explained:
        report.add(s, None, f"{d.where.get(far.face, kit.source)}: {S.describe(far, c)}",
                   f"explained at {note.where}: {note.reason}")
    for far, _ in warned:
        report.warn(s, f"{d.where.get(far.face, kit.source)}: {S.describe(far, c)}")
    if c.unknown:
        report.add(s, None, f"{where} has no share of {lang.name} for {' '.join(c.unknown)}, so "
                            f"{'they are' if len(c.unknown) != 1 else 'it is'} not compared")


def _font(kit: Kit, report: Report, s: str) -> None:
    """The letter font can be used and has every face and value of the set (else build stops)."""
    try:
        font = fonts.load(fonts.letters_font(kit), kit.at("style.tile.font"))  # the bundled face by coverage
    except fonts.FontError as exc:
        report.add(s, False, str(exc), option="style.tile.font")
        return
    needed = "".join(t.face + str(t.value) for t in kit.distribution.tiles)
    try:
        fonts.require(font, needed, "the set")  # missing or empty: as build would find
        fonts.check_embedding(font, needed, "")  # and as the PDF writer's preflight would
    except fonts.FontError as exc:
        report.add(s, False, str(exc), option="style.tile.font")
    else:
        report.add(s, True, f"font {font.ps_name} has every letter and digit of the set")


def _board(kit: Kit, report: Report) -> None:
    lay, phys = kit.layout, kit.physical
    s = f"board ({lay.name}, {lay.rows}×{lay.cols})"
    counts = lay.counts()
    listed = ", ".join(f"{c} {counts[c]}" for c in ("TW", "DW", "TL", "DL"))
    if lay.expect:
        wrong = [f"{c} {counts[c]} (declared {n})" for c, n in lay.expect.items() if counts[c] != n]
        if wrong:
            report.add(s, False, f"premium squares {listed}: " + ", ".join(wrong))
        else:
            report.add(s, True, f"premium squares {listed}, as the layout declares")
    else:
        report.add(s, None, f"premium squares {listed}")
    faults = lay.symmetry_faults()
    if lay.symmetric:
        if faults:
            report.add(s, False, "not symmetric: " + " ".join(square_name(r, c) for r, c in faults[:12])
                       + (" …" if len(faults) > 12 else "") + " differ from their mirror images")
        else:
            axes = "both axes and both diagonals" if lay.rows == lay.cols else "both axes"
            report.add(s, True, f"symmetric about {axes}")
    r, c = lay.start
    centre = (r, c) == ((lay.rows - 1) / 2, (lay.cols - 1) / 2)
    premium = lay.at(r, c)
    on = f", on a {premium.code}" if premium is not Premium.NONE else ", no premium"
    report.add(s, True, f"start square {square_name(r, c)}" + (" (the centre)" if centre else "") + on)
    play = (phys.cell_mm - phys.tile_mm) / 2
    fits = f"tiles of {phys.tile_mm:g} mm in cells of {phys.cell_mm:g} mm"
    if play < 0:
        report.add(s, False, Said("check_tiles_larger", {"tile": f"{phys.tile_mm:g}", "cell": f"{phys.cell_mm:g}"},
                                  where=kit.at("physical.tile_mm")), option="physical.tile_mm")
    else:
        report.add(s, True, f"{fits}: {play:.1f} mm play on each side")


def _examples(kit: Kit, report: Report) -> None:
    rules = kit.rules
    s = f"worked examples (rules {rules.name})"
    if not rules.examples:
        report.add(s, None, "the rule set has no worked examples")
        return
    elsewhere = sorted({ex.tiles for ex in rules.examples if ex.tiles and ex.tiles != kit.distribution.name})
    board = Board.from_layout(kit.layout)
    for ex in rules.examples:
        if ex.tiles and ex.tiles != kit.distribution.name:
            continue
        if ex.kind == "letter":
            _letter_example(kit, ex, report, s)
        else:
            _word_example(kit, board, ex, report, s)
    if elsewhere:
        n = sum(1 for ex in rules.examples if ex.tiles in elsewhere)
        report.add(s, None, f"{n} example{'s' if n != 1 else ''} scored with other tile sets "
                            f"({', '.join(elsewhere)}) not applied")


def _cite(ex: Example) -> tuple[str, ...]:
    lines = []
    if ex.source:
        lines.append(f"source: {ex.source}")
    if ex.note:
        lines.append(f"note: {ex.note}")
    return tuple(lines)


def _variants(ex: Example, computed: int, what: str) -> tuple[str, ...]:
    return tuple(f"{v.edition} gives {v.value}: disagrees with the table ({what} {computed}); {v.reason}"
                 for v in ex.variants if v.value != computed)


def _letter_example(kit: Kit, ex: Example, report: Report, s: str) -> None:
    d = kit.distribution
    try:
        value = d.value(ex.play)
    except KeyError:
        report.add(s, False, f"{ex.play}: the set has no such tile", *_cite(ex))
        return
    ok = value == ex.value
    text = f"{ex.play} is worth {ex.value}" if ok else f"{ex.play} is worth {value}, the example says {ex.value}"
    report.add(s, ok, text, *_cite(ex), *_variants(ex, value, "which gives"))


def _word_example(kit: Kit, board: Board, ex: Example, report: Report, s: str) -> None:
    """An example with ``at`` is played as the first move on the kit's empty board, by the engine
    (placement rules, premiums, the bonus); one without is scored as loose tiles, no premiums. Both
    are scored by the engine's one scoring function."""
    d = kit.distribution
    try:
        if ex.at:
            state = State(board, d, kit.rules)
            move = state.play(placement(state, ex.at, ex.play))
        else:
            squares = loose(parse_word(ex.play, d))
            move = score_turn([squares], len(squares), d, kit.rules)
        word, bonus, total = move.words[0], move.bonus, move.total
    except NotationError as exc:
        report.add(s, False, f"{ex.play}: {exc}", *_cite(ex))
        return
    where = f" at {ex.at}" if ex.at else ""
    squares: tuple[Square, ...] = word.squares
    how = word.explain() + (f", all {kit.rules.rack} tiles +{bonus} = {total}" if bonus else "")
    blanks = [sq.face for sq in squares if sq.blank]
    blank_note = f" (blank as {', '.join(blanks)})" if blanks else ""
    ok = total == ex.value
    head = f"{kit.distribution.upper(ex.play)}{blank_note}{where} scores {total}"
    text = head + ("" if ok else f", the example says {ex.value}") + f": {how}"
    report.add(s, ok, text, *_cite(ex), *_variants(ex, total, "which gives"))


def _printing(kit: Kit, report: Report, products: Iterable[str] | None = None, work: Work | None = None) -> None:
    """Lay out every product (or ``products``) as ``build`` would, without writing a file: whatever
    would stop a build (a tile larger than the paper, a title the font cannot draw) fails here,
    with the option's file:line:col. Then warnings for what builds but is likely a mistake. A kit
    whose work passes the budget (:mod:`printkit.budget`) fails at once, at the option that drives
    it, and is not laid out; within it, a full check says its work."""
    from .errors import PrintkitError
    from .products import chosen, estimate, plan

    s = "print"
    work = work if work is not None else estimate(kit)
    over = work.over()
    for option, line in over:
        report.add(s, False, line, option=option)
    if over:
        return
    if products is None:
        report.add(s, True, work.summary())
    laid: dict[str, list] = {}  # print-all gathers the pages of the products laid out before it
    for name in chosen(None) if products is None else products:
        try:
            documents = laid[name] = [doc for _, doc in plan(kit, [name], laid, work)]
        except PrintkitError as exc:
            report.add(s, False, f"{name}: {exc}")
            continue
        report.add(s, True, product_line(name, [of_document(d) for d in documents]))
        for doc in documents:
            if doc.kind == "tracking" and doc.figures["box_mm"] < TRACKING_BOX_MM:
                report.warn(s, _tracking_boxes(kit, doc.figures["box_mm"]), option="distribution")
    for option, said in printing_findings(kit):
        report.warn(s, said, option=option)


def _tracking_boxes(kit: Kit, box: float) -> Said:
    """The tracking sheet's boxes too small to cross off (a set of very many of one letter)."""
    from .sheets.play.tracking import BOX_GAP, LABEL_MM

    most = max([t.count for t in kit.distribution.tiles] + [kit.distribution.blanks])
    room = (kit.print.paper.width_mm - 2 * kit.print.margin_mm) / 2 - LABEL_MM - 2.0
    fits = int(room // (TRACKING_BOX_MM + BOX_GAP))
    return Said("check_tracking_boxes", {"box": f"{box:g}", "most": most, "least": f"{TRACKING_BOX_MM:g}",
                                         "fits": fits}, where=kit.at("distribution"))


def printing_warnings(kit: Kit) -> list[str]:
    """What builds but is likely a mistake: margins a home printer clips, ink that hardly shows on
    its ground. Each line starts with the place of the option (``file:line:col``). Lays out nothing."""
    return [said("en") for _, said in printing_findings(kit)]


def printing_findings(kit: Kit) -> list[tuple[str, Said]]:
    """:func:`printing_warnings` as (the option it is about, its sentence to say in any language)."""
    out = []
    margin = kit.print.margin_mm
    if margin < SAFE_MARGIN_MM:
        out.append(("print.margin_mm", Said("check_margin", {"margin": f"{margin:g}", "safe": f"{SAFE_MARGIN_MM:g}"},
                                            where=kit.at("print.margin_mm"))))
    if _fill_finds_no_room(kit):
        out.append(("print.spares", Said("check_fill_no_room", {"tiles": kit.distribution.total,
                                                                "tile": f"{kit.physical.tile_mm:g}",
                                                                "paper": kit.print.paper.name},
                                         where=kit.at("print.spares"))))
    p3 = kit.print3d
    if p3 is not None and p3.one_filament and p3.letters == "inset" and "tiles" in p3.parts:
        out.append(("print3d.letters", Said("check_one_filament_inset", {"printer": p3.printer.title},
                                            where=kit.at("print3d.letters"))))
    st, bs = kit.tile_style, kit.board_style
    pairs = [("style.tile.ink", st.ink, "style.tile.face", st.face, Said("check_what_tiles")),
             ("style.board.ink", bs.ink, None, "#ffffff", Said("check_what_board"))]
    for code, label in bs.labels.items():
        cell = bs.colors["start" if code == "start" else code]
        pairs.append((f"style.board.label_colors.{code}", bs.label_colors.get(code, bs.ink),
                      f"style.board.colors.{code}", cell, Said("check_what_label", {"label": label})))
    for ink_key, ink, ground_key, ground, what in pairs:
        ratio = contrast(ink, ground)
        if ratio < MIN_CONTRAST:
            key = ink_key if ink_key in kit.where or ground_key is None else ground_key
            out.append((key, Said("check_contrast", {"what": what, "ink": ink, "ground": ground,
                                                     "ratio": f"{ratio:.1f}", "least": f"{MIN_CONTRAST:g}"},
                                  where=kit.at(key))))
    return out


def _fill_finds_no_room(kit: Kit) -> bool:
    """``spares: fill`` that makes no spare: the set's tiles leave the last page no row for them (a tile too
    large for the paper is the tile sheet's own failure)."""
    from .errors import PrintkitError
    from .sheets.tiles import kit_spares, page_grid

    if not kit.print.spares.fill:
        return False
    try:
        page_grid(kit, kit.physical.tile_mm)
    except PrintkitError:
        return False
    return not kit_spares(kit)


def _luminance(colour: str) -> float:
    def channel(c: int) -> float:
        v = c / 255
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4

    r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def contrast(a: str, b: str) -> float:
    """WCAG contrast ratio of two #rrggbb colours: 1 (the same) to 21 (black on white)."""
    la, lb = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)
