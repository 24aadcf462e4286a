"""Replaying a game record: every move laid on the board and scored by the engine, and compared
with the score and running total the record wrote.

A placement is laid (all its groups, and the book's blank swap); a withdrawn play (``--``) is
taken back and its turn lost; passes and exchanges spend a turn; challenge bonuses, time penalties
and end-of-game rack points change only the totals. Rack points are checked in both conventions:
the player who went out gains the others' racks once (boxed rules, with each player deducting
their own) or twice (tournament records). A move the engine refuses, or a score it does not
reproduce, is reported with the file and line, and the replay goes on.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from ..model import Distribution, Kit, Layout
from .game import rack_value
from .gcg import Event, Record
from .move import BLANK, IllegalMove, Pass, Placement, placement
from .notation import NotationError, parse_word
from .state import State


@dataclass(frozen=True)
class Step:
    """One event replayed: what the engine made of it, against the record."""

    line: int
    player: str
    what: str  # the move as written
    score: int | None  # the engine's (None: the move could not be laid)
    recorded: int | None
    total: int | None
    recorded_total: int | None
    problem: str = ""  # why it differs, or could not be replayed
    compare_score: bool = True  # False where records are known to write anything in the middle (``--``)
    judged: tuple[Any, ...] = ()  # with a judge: the verdict on each word the move formed

    @property
    def matched(self) -> bool:
        return (not self.problem and (self.score == self.recorded or not self.compare_score)
                and self.total == self.recorded_total)


@dataclass
class Replay:
    steps: list[Step] = field(default_factory=list)

    @property
    def moves(self) -> int:
        return len(self.steps)

    @property
    def matched(self) -> int:
        return sum(1 for s in self.steps if s.matched)

    @property
    def differ(self) -> int:
        return self.moves - self.matched

    @property
    def refused(self) -> int:
        """Words a judge refused (0 without a judge)."""
        return sum(1 for s in self.steps for v in s.judged if not v.allowed)


def replay(record: Record, kit: Kit, layout: Layout | None = None,
           judge: Callable[[str], Any] | None = None) -> Replay:
    """Replay ``record`` on ``kit``'s board (or ``layout``) under its rules and distribution; with
    ``judge`` (word → verdict, :mod:`.judge`), each word a placement forms is judged too."""
    state = State.new(layout or kit.layout, kit.distribution, kit.rules)
    dist = kit.distribution
    totals: dict[str, int] = {}
    last_play: dict[str, int] = {}  # player → score of their last placement (for a withdrawn one)
    out = Replay()
    for problem in record.problems:
        if not any(e.problem is problem for e in record.events):
            out.steps.append(Step(problem.line, "", "", None, None, None, None, problem.message))
    for event in record.events:
        if event.kind in ("unknown",):
            continue
        before = totals.get(event.player, 0)
        step = _replay_event(event, state, dist, before, last_play, judge)
        if step.total is not None:
            totals[event.player] = step.total
        elif event.cumulative is not None:  # follow the record after a move that could not be laid
            totals[event.player] = event.cumulative
        out.steps.append(step)
    return out


def _replay_event(e: Event, state: State, dist: Distribution, before: int, last_play: dict[str, int],
                  judge: Callable[[str], Any] | None = None) -> Step:
    def step(score: int | None, what: str, problem: str = "", trust_score: bool = True) -> Step:
        total = None if score is None else before + score
        if not problem and trust_score and score != e.score:
            problem = f"the engine scores {score}, the record {e.score}"
        elif not problem and total != e.cumulative:
            problem = f"the total is {total}, the record {e.cumulative}"
        return Step(e.line, e.player, what, score, e.score, total, e.cumulative, problem, trust_score)

    if e.kind == "bad":
        return Step(e.line, e.player, e.raw.strip(), None, e.score, None, e.cumulative,
                    e.problem.message if e.problem else "a line that is not a game event")
    if e.kind == "placement":
        what = " + ".join([f"{e.position} {e.word}"] + [f"{g.position} {g.word}" for g in e.groups[1:]])
        try:
            move = _placement(e, state)
            played = state.play(move)
            score = played.total
        except (IllegalMove, NotationError) as exc:
            return Step(e.line, e.player, what, None, e.score, None, e.cumulative, str(exc))
        last_play[e.player] = score
        if judge is None:
            return step(score, what)
        from dataclasses import replace
        return replace(step(score, what), judged=tuple(judge(w.word.upper()) for w in played.words))
    if e.kind == "withdrawn":
        state.undo()
        state.play(Pass())
        # old records write "-- +0" and lower the total all the same: the total is what counts
        return step(-last_play.pop(e.player, 0), "--", trust_score=False)
    if e.kind in ("pass", "exchange"):
        state.play(Pass())
        return step(0, "-" + (e.tiles or (str(e.count) if e.count else "")))
    if e.kind == "challenge":
        return step(e.score, "(challenge)")  # a bonus the rules of the event set; nothing to lay
    if e.kind == "time":
        return step(e.score, "(time)")
    if e.kind == "end_rack":
        left = rack_value(_rack(e.tiles, dist), dist)
        ok = e.score in (left, 2 * left)
        return step(e.score if ok else 2 * left, f"({e.tiles})",
                    "" if ok else f"({e.tiles}) is worth {left}: the record gives {e.score}, neither {left} nor "
                                  f"{2 * left}")
    if e.kind == "last_rack":
        return step(-rack_value(_rack(e.tiles, dist), dist), f"{e.rack} ({e.tiles})")
    return Step(e.line, e.player, e.raw.strip(), None, e.score, None, e.cumulative, f"an event of kind {e.kind}")


def _placement(e: Event, state: State) -> Placement:
    """The tiles of a placement event: each group laid in turn (a later one may run through the
    turn's own new tiles), and the book's blank swap."""
    groups = e.groups or ()
    tiles, pending = [], {}
    across = None
    for g in groups:
        part = placement(state, g.coord, g.word, pending)
        across = part.across if across is None else across
        tiles.extend(part.tiles)
        for t in part.tiles:
            pending[t.row * state.cols + t.col] = t
    swap = (e.swaps[0].row, e.swaps[0].col) if e.swaps else None
    return Placement(tuple(tiles), across, swap)


def _rack(text: str, dist: Distribution) -> list[str]:
    """The faces of a rack as records write it (``?`` a blank; a lower case letter read as its tile)."""
    faces = []
    for chunk in text.split(BLANK):
        faces += [letter.face for letter in parse_word(chunk.upper(), dist)]
        faces.append(BLANK)
    return faces[:-1]


_BY_NAME = {"english": "scrabble-en", "polish": "scrabble-pl", "german": "scrabble-de", "french": "scrabble-fr",
            "spanish": "scrabble-es", "dutch": "scrabble-nl", "russian": "scrabble-ru", "ukrainian": "scrabble-uk"}
_BY_LEXICON = (("NWL", "scrabble-en"), ("TWL", "scrabble-en"), ("CSW", "scrabble-en"), ("ECWL", "scrabble-en"),
               ("NSWL", "scrabble-en"), ("OSPS", "scrabble-pl"), ("ODS", "scrabble-fr"), ("FRA", "scrabble-fr"),
               ("FISE", "scrabble-es"), ("FILE", "scrabble-es"), ("RD", "scrabble-de"), ("DSW", "scrabble-de"))


def guess_kit(record: Record, names: list[str]) -> tuple[str, str]:
    """The shipped kit a record is most likely played with, and why: its tile distribution or game
    type when they name a kit or a language, its lexicon, else the letters of its words."""
    for value in (record.tile_distribution, record.game_type):
        if value and value in names:
            return value, f"#{'tile-distribution' if value == record.tile_distribution else 'game-type'} {value}"
        if value and value.lower() in _BY_NAME:
            return _BY_NAME[value.lower()], f"#tile-distribution {value}"
    if record.lexicon:
        for prefix, kit in _BY_LEXICON:
            if record.lexicon.upper().startswith(prefix):
                return kit, f"#lexicon {record.lexicon}"
    letters = {ch for e in record.events for g in e.groups for ch in g.word.upper() if ch.isalpha()}
    if any("\u0400" <= ch <= "\u04ff" for ch in letters):
        return ("scrabble-uk" if letters & set("ҐЄІЇ") else "krestoslovitsa"), "Cyrillic letters"
    if letters & set("ĄĆĘŁŃÓŚŹŻ"):
        return "scrabble-pl", "Polish letters"
    return "scrabble-en", "Latin letters"
