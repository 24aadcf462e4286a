"""``printkit simulate``: self-play games of a kit, reported in the kit's language, as JSON, and as
game records.

The games are :mod:`printkit.engine.selfplay`'s, the moves :mod:`printkit.engine.movegen`'s, the
words :mod:`printkit.engine.lexicon`'s. This module reads the inputs, adds the games up, writes
the records and words the report. The output holds no timing, so the same seed gives the same
bytes for any ``jobs``.

Per letter: the share of games it was left on a rack at the end, the turns a tile of it spent on a
rack (played or left), the points a tile of it earned when played (its letter premium and its
words' multipliers; the bonus is no tile's), and a suggested value: the set's value × the letter's
turns held ÷ the mean turns a tile is held (over all lettered tiles), rounded, at least 1 (a letter
that stays on racks half as long again as the average is suggested half as much again as its value).
Greedy players play a valuable tile sooner, so the suggestion corrects a value; it does not derive one.

The game records (``gcg``) and the chart (``chart``) go into folders of the user's (:class:`Outputs`):
printkit simulate replaces only files it wrote there (their sha256 in the folder's
``.printkit-simulate.json``), an earlier run's records are replaced or removed whole, and
everything lands at once or not at all.

API: ``simulate_kit(kit, games, seed, players=2, jobs=1, lexicon=None, leave=False, gcg=None,
progress=None, chart=None) -> Report`` (``lines()``, ``json()``, ``stopped``); ``stuck_letters(kit, games,
share)``; ``check_limits(games, players, jobs, seed)`` (a number is echoed by ``report.shown_number``);
:data:`MAX_GAMES`, :data:`PLAYERS`, :data:`MAX_JOBS`, :data:`SEED_DIGITS`.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from .engine.lexicon import Lexicon, lexicon_for
from .engine.movegen import WordGraph
from .engine.selfplay import Game, Run, simulate
from .errors import PrintkitError, one_line
from .model import Kit, Placement as PlacementRule
from .report import shown_number
from .text import words

MAX_GAMES = 100_000
PLAYERS = (2, 4)
MAX_JOBS = 64
SEED_DIGITS = 20  # a seed of at most 20 digits (2^64 has 20)
BLANK = "?"
RECORD = ".printkit-simulate.json"  # the files printkit simulate wrote in a folder, by sha256: only those it replaces
RECORD_LIMIT = 16_000_000  # bytes of that record read at most (100 000 games' records: about 9 MB)
WHO = "printkit simulate"
GAME = re.compile(r"game-[0-9]{4,}\.gcg")  # a game record's name
CHART_FILES = ("simulate.svg", "simulate.png")


@dataclass
class Letter:
    face: str
    count: int
    value: int
    ended: float  # share of games it was left on a rack
    held: float  # mean turns a tile spent on a rack
    points: float  # mean points a tile played earned
    played: int
    suggested: int | None


@dataclass
class Report:
    kit: Kit
    lexicon: Lexicon
    run: Run
    players: int
    seed: int
    leave: bool
    letters: list[Letter]
    records: list[str] = field(default_factory=list)
    gcg: str | None = None
    charts: list[str] = field(default_factory=list)

    @property
    def stopped(self) -> bool:
        return self.run.stopped

    @property
    def games(self) -> list[Game]:
        return self.run.games

    def figures(self) -> dict:
        g = self.games
        n = len(g) or 1
        turns = sum(x.turns for x in g)
        placements = sum(x.placements for x in g)
        ends = {k: sum(x.end == k for x in g) for k in ("out", "target", "rules", "stuck", "limit")}
        return {
            "games": len(g), "mean_score": round(sum(sum(x.scores) for x in g) / (n * self.players), 2),
            "mean_winner": round(sum(max(x.scores) for x in g) / n, 2),
            "mean_turns": round(turns / n, 2),
            "no_move_rate": round(sum(x.no_move for x in g) / (turns or 1), 4),
            "bonus_per_game": round(sum(x.bonuses for x in g) / n, 3),
            "bonus_rate": round(sum(x.bonuses for x in g) / (placements or 1), 4),
            "placements": placements, "exchanges": sum(x.exchanges for x in g), "passes": sum(x.passes for x in g),
            "swaps": sum(x.swaps for x in g), "ends": ends,
        }

    def lines(self) -> list[str]:
        kit = self.kit
        say = words(kit.language)
        f = self.figures()
        lx = self.lexicon
        out = [say("sim_header", kit=kit.name, games=f["games"], players=self.players, seed=self.seed,
                   who=say("sim_greedy_leave" if self.leave else "sim_greedy"))]
        if self.stopped:
            out.append(say("sim_stopped", done=len(self.games), games=self.run.requested))
        out.append(say("sim_lexicon", words=f"{len(lx.words):,}", source=lx.source, left=f"{lx.left_out:,}",
                       unspellable=f"{lx.unspellable:,}", misfit=f"{lx.misfit:,}"))
        if kit.rules.placement is PlacementRule.ANYWHERE:
            out.append(say("sim_one_line"))
        if kit.rules.blank_swap:
            out.append(say("sim_swap", n=f["swaps"]))
        out.append(say("sim_end", **f["ends"]))
        out.append(say("sim_game", score=f"{f['mean_score']:.1f}", turns=f"{f['mean_turns']:.1f}",
                       nomove=f"{f['no_move_rate'] * 100:.1f}", bonus=f"{f['bonus_per_game']:.2f}",
                       bonus_share=f"{f['bonus_rate'] * 100:.1f}"))
        out.append(say("sim_formula"))
        out.append(say("sim_columns_note"))
        rows = [tuple(say("sim_columns").split(";"))]
        for r in self.letters:
            rows.append((r.face, str(r.count), str(r.value), f"{r.ended * 100:.1f}", f"{r.held:.2f}",
                         f"{r.points:.2f}", str(r.played), "—" if r.suggested is None else str(r.suggested)))
        widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
        for row in rows:
            cells = [row[0].ljust(widths[0])] + [c.rjust(w) for c, w in zip(row[1:], widths[1:])]
            out.append("  ".join(cells).rstrip())
        if self.gcg is not None:
            out.append(say("sim_gcg", n=len(self.records), folder=self.gcg))
        if self.charts:
            out.append(say("sim_chart", files=", ".join(self.charts)))
        return out

    def json(self) -> dict:
        f = self.figures()
        lx = self.lexicon
        return {
            "kit": self.kit.name, "games": f["games"], "requested": self.run.requested, "stopped": self.stopped,
            "players": self.players, "seed": self.seed, "leave": self.leave,
            "not_generated": (["the book's turns of several words in different places"]
                              if self.kit.rules.placement is PlacementRule.ANYWHERE else []),
            "lexicon": {"source": lx.source, "words": len(lx.words), "read": lx.read, "unspellable": lx.unspellable,
                        "misfit": lx.misfit},
            "per_game": {k: v for k, v in f.items() if k != "games"},
            "letters": [{"face": r.face, "tiles": r.count, "value": r.value, "ended_share": round(r.ended, 4),
                         "turns_held": round(r.held, 3), "points_per_tile": round(r.points, 3), "played": r.played,
                         "suggested": r.suggested} for r in self.letters],
            "scores": [list(g.scores) for g in self.games],
            "gcg": self.records,
            "chart": self.charts,
        }


def _letters(kit: Kit, games: list[Game]) -> list[Letter]:
    d = kit.distribution
    n = len(games) or 1
    faces = [(t.face, t.count, t.value) for t in d.tiles] + ([(BLANK, d.blanks, 0)] if d.blanks else [])
    held: dict[str, int] = {}
    tiles: dict[str, int] = {}
    played: dict[str, int] = {}
    points: dict[str, float] = {}
    ended: dict[str, int] = {}
    for g in games:
        for k, v in g.held.items():
            held[k] = held.get(k, 0) + v
        for k, v in g.held_tiles.items():
            tiles[k] = tiles.get(k, 0) + v
        for k, v in g.played.items():
            played[k] = played.get(k, 0) + v
        for k, v in g.points.items():
            points[k] = points.get(k, 0.0) + v
        for k in g.left:
            ended[k] = ended.get(k, 0) + 1
    mean_held = {f: held.get(f, 0) / tiles[f] for f, _, _ in faces if tiles.get(f)}
    letter_faces = [(f, c, v) for f, c, v in faces if f != BLANK]
    counted = [(f, c) for f, c, _ in letter_faces if f in mean_held]
    average = sum(c * mean_held[f] for f, c in counted) / (sum(c for _, c in counted) or 1)
    rows = []
    for f, c, v in faces:
        h = mean_held.get(f)
        suggested = None if f == BLANK or h is None or not average else max(1, int(v * h / average + 0.5))
        rows.append(Letter(f, c, v, ended.get(f, 0) / n, h or 0.0,
                           points.get(f, 0.0) / played[f] if played.get(f) else 0.0, played.get(f, 0), suggested))
    return rows


def check_limits(games: int, players: int, jobs: int, seed: int = 1) -> None:
    if not 1 <= games <= MAX_GAMES:
        raise PrintkitError(f"--games {shown_number(games)}: give 1 to {MAX_GAMES:,} games")
    if not PLAYERS[0] <= players <= PLAYERS[1]:
        raise PrintkitError(f"--players {shown_number(players)}: a game has {PLAYERS[0]} to {PLAYERS[1]} players")
    if not 1 <= jobs <= MAX_JOBS:
        raise PrintkitError(f"--jobs {shown_number(jobs)}: give 1 to {MAX_JOBS} processes")
    if abs(seed) >= 10 ** SEED_DIGITS:
        raise PrintkitError(f"--seed {shown_number(seed)}: a seed has at most {SEED_DIGITS} digits")


def _folder(path: str, option: str) -> Path:
    """The folder ``option`` names, checked: a folder, or one that can be made (made and removed again
    here, so that a folder that cannot be is said before any game is played)."""
    p = Path(path)
    if not path.strip():
        raise PrintkitError(f"{option} '': name the folder the files go to")
    if p.exists() and not p.is_dir():
        raise PrintkitError(f"{option} {one_line(path)}: is not a folder")
    if os.path.islink(p) and not p.exists():
        raise PrintkitError(f"{option} {one_line(path)}: is a link to {one_line(os.readlink(p))}, which does not "
                            f"exist; nothing was written")
    if not p.parent.is_dir() and not p.exists():
        raise PrintkitError(f"{option} {one_line(path)}: the folder {one_line(str(p.parent.resolve()))} does not exist")
    try:
        if p.is_dir():
            import tempfile

            os.rmdir(tempfile.mkdtemp(prefix=".printkit-simulate-", dir=p))
        else:
            p.mkdir()
            p.rmdir()
    except OSError as exc:
        doing = "write in the folder" if p.is_dir() else "make the folder"
        raise PrintkitError(f"{option} {one_line(path)}: cannot {doing} ({exc.strerror or exc}); nothing was "
                            f"written") from None
    return p


class Outputs:
    """Where a run writes its files (``--gcg``'s folder, ``--chart``'s: they may be one), each folder with
    one record of the files printkit simulate wrote there (:class:`~printkit.written.Written`): a file is
    replaced only if printkit simulate wrote it and it is unchanged since; the game records of an
    earlier run into the folder are replaced or removed, all of them (none is left beside the new
    ones); everything, the record last, lands at once or not at all."""

    def __init__(self, gcg: str | None, chart: str | None, games: int, force: bool = False):
        from .written import Written

        self.gcg = _folder(gcg, "--gcg") if gcg is not None else None
        self.chart = _folder(chart, "--chart") if chart is not None else None
        self.force = force
        self.folders: dict[str, tuple[Path, list[str]]] = {}  # its real path → (folder, the options naming it)
        for option, folder in (("--gcg", self.gcg), ("--chart", self.chart)):
            if folder is not None:
                self.folders.setdefault(os.path.realpath(folder), (folder, []))[1].append(option)
        for folder, options in self.folders.values():
            own = Written(folder, RECORD, WHO, RECORD_LIMIT, self.force)
            names = [_game(i) for i in range(games)] if "--gcg" in options else []
            names += list(CHART_FILES) if "--chart" in options else []
            advice = _advice(options)
            own.refuse(names, advice)
            if "--gcg" in options:  # every earlier record is replaced or removed: none of them may be the user's
                before = set(names)
                own.refuse([n for n in own.recorded() if GAME.fullmatch(n) and n not in before], advice,
                           f"{WHO} wrote it in an earlier run and it was changed since (a run replaces or removes "
                           f"all the game records of the one before)")

    def write(self, records: dict[str, bytes], charts: dict[str, bytes]) -> None:
        """Write the game records and the chart's files, and remove the earlier run's other records."""
        from .written import Written

        jobs, labels = [], []
        for folder, options in self.folders.values():
            own = Written(folder, RECORD, WHO, RECORD_LIMIT, self.force)
            files = {**(records if "--gcg" in options else {}), **(charts if "--chart" in options else {})}
            stale = [n for n in own.recorded() if GAME.fullmatch(n) and n not in files] if "--gcg" in options else []
            jobs.append((own, files, stale))
            labels.append(f"{' and '.join(options)} {folder}")
        what = " and ".join(w for w, given in (("the game records", self.gcg), ("the chart", self.chart)) if given)
        try:
            Written.write_all(jobs, _advice([o for _, options in self.folders.values() for o in options]))
        except OSError as exc:
            raise PrintkitError(f"{', '.join(labels)}: cannot write {what} ({exc.strerror or exc}); nothing "
                                f"was written") from None


def _advice(options: list[str]) -> str:
    return f"move it away, give another {' or '.join(options)}, or --force to replace it; nothing was written"


def simulate_kit(kit: Kit, games: int, seed: int, players: int = 2, jobs: int = 1, lexicon: str | None = None,
                 leave: bool = False, gcg: str | None = None,
                 progress: Callable[[int, int], None] | None = None, chart: str | None = None,
                 force: bool = False) -> Report:
    """Play ``games`` games of ``kit`` and add them up (see the module's docstring); with ``gcg``,
    write each game's record there as ``game-NNNN.gcg``; with ``chart``, the chart there (see :class:`Outputs`)."""
    check_limits(games, players, jobs, seed)
    outputs = Outputs(gcg, chart, games, force) if gcg is not None or chart is not None else None
    lex = lexicon_for(kit, lexicon)
    graph = WordGraph(lex.words, kit.distribution.faces())
    run = simulate(kit, graph, games, seed, players, jobs, leave, record=gcg is not None, progress=progress)
    report = Report(kit, lex, run, players, seed, leave, _letters(kit, run.games), gcg=gcg)
    if outputs is not None:
        records = {_game(g.index): g.gcg.encode("utf-8") for g in run.games} if gcg is not None else {}
        charts = _chart_files(report) if chart is not None else {}
        outputs.write(records, charts)
        report.records = list(records)
        report.charts = [str(outputs.chart / name) for name in charts] if outputs.chart is not None else []
    return report


def _game(index: int) -> str:
    return f"game-{index + 1:04d}.gcg"


def _chart_files(report: Report) -> dict[str, bytes]:
    """``simulate.svg`` and ``simulate.png``: the set's values beside the suggested ones."""
    import tempfile

    from .geometry import Document
    from .preview import render
    from .sheets.simchart import chart
    from .writers.svg import write_svg

    say = words(report.kit.language)
    title = say("sim_title", title=report.kit.title, games=len(report.games))
    page = chart(report.letters, title, say)
    with tempfile.TemporaryDirectory(prefix="printkit-simulate-") as tmp:  # made whole before the folder is touched
        svg = Path(tmp) / "simulate.svg"
        write_svg(Document("simulate.svg", "simulate", "svg", (page,), title=title), svg)
        (png, _), = render([(svg, "svg", None)])[0]
        return {"simulate.svg": svg.read_bytes(), "simulate.png": png}


def compare_lines(reports: list[Report], unplayed: list[str] = ()) -> list[str]:
    """Sets side by side (``--compare``), in the first kit's language: each kit's games, then per
    letter (in the first set's order, then letters only the others have) its value, suggested value
    and share of games left on a rack under each kit. A stop (Ctrl-C) says which kit it cut short
    and which ``unplayed`` kits it left out."""
    say = words(reports[0].kit.language)
    out = [say("sim_compare", kits=", ".join(r.kit.name for r in reports), games=reports[0].run.requested,
               players=reports[0].players, seed=reports[0].seed)]
    for r in reports:
        if r.stopped:
            out.append(f"{r.kit.name}: " + say("sim_stopped", done=len(r.games), games=r.run.requested))
    if unplayed:
        out.append(say("sim_cmp_unplayed", kits=", ".join(unplayed)))
    head = ("", *[r.kit.name for r in reports])
    rows = [head]
    figures = [r.figures() for r in reports]
    for key, label in (("mean_score", "sim_cmp_score"), ("mean_turns", "sim_cmp_turns"),
                       ("no_move_rate", "sim_cmp_nomove"), ("bonus_per_game", "sim_cmp_bonus")):
        cells = []
        for f in figures:
            v = f[key]
            cells.append(f"{v * 100:.1f} %" if key == "no_move_rate" else f"{v:.2f}" if key == "bonus_per_game"
                         else f"{v:.1f}")
        rows.append((say(label), *cells))
    out += _table(rows)
    faces: list[str] = []
    for r in reports:
        faces += [x.face for x in r.letters if x.face not in faces]
    by = [{x.face: x for x in r.letters} for r in reports]
    letter_rows = [(say("sim_cmp_letter"), *[r.kit.name for r in reports])]
    for face in faces:
        cells = []
        for table in by:
            x = table.get(face)
            if x is None:
                cells.append("—")
            else:
                sugg = "—" if x.suggested is None else str(x.suggested)
                cells.append(f"{x.value}/{sugg} {x.ended * 100:.0f}%")
        letter_rows.append((face, *cells))
    out.append(say("sim_cmp_note"))
    out += _table(letter_rows)
    return out


def _table(rows: list[tuple[str, ...]]) -> list[str]:
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    return ["  ".join([row[0].ljust(widths[0])] + [c.rjust(w) for c, w in zip(row[1:], widths[1:])]).rstrip()
            for row in rows]


STUCK_SHARE = 0.25  # check --simulate warns of a letter left on a rack in more than this share of games


def stuck_letters(kit: Kit, games: int, seed: int = 1) -> tuple[str, list[str]]:
    """For ``check --simulate N``: what was played, and a warning for each letter left on a rack
    at the end of more than :data:`STUCK_SHARE` of ``games`` greedy two-player games and more than
    twice as often as chance would leave it there (its share of the set's tiles, drawn as many
    times as there were tiles on the racks at the end)."""
    if not 1 <= games <= MAX_GAMES:
        raise PrintkitError(f"--simulate {shown_number(games)}: give 1 to {MAX_GAMES:,} games")
    report = simulate_kit(kit, games, seed)
    d = kit.distribution
    total = d.total
    left = sum(g.rack_tiles for g in report.games) / (len(report.games) or 1)
    said = (f"{games} greedy 2-player games (seed {seed}, {len(report.lexicon.words):,} words); "
            f"{left:.1f} tiles on the racks at the end, on average")
    warnings = []
    for r in report.letters:
        chance = 1 - (1 - r.count / total) ** left if total else 0.0
        if r.face != BLANK and r.ended > STUCK_SHARE and r.ended > 2 * chance:
            warnings.append(f"{r.face}: left on a rack at the end of {r.ended * 100:.0f} % of the games (more than "
                            f"{STUCK_SHARE * 100:.0f} %, and by chance about {chance * 100:.0f} %); held "
                            f"{r.held:.1f} turns on average; the games suggest {r.suggested} for its {r.value}")
    return said, warnings
