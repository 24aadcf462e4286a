"""Replaying a game record: every move laid on the board and scored by the engine, and compared
with the score and running total the record wrote.

A placement is laid (all its groups, and the book's blank swap); a withdrawn play (``--``) is
taken back (exactly the challenged play: its tiles, or nothing when it could not be laid) and its
turn lost; passes and exchanges spend a turn; challenge bonuses, time penalties and end-of-game
rack points change only the totals. Rack points are checked in both conventions: the player who
went out gains the others' racks once (boxed rules, with each player deducting their own) or twice
(tournament records). Each rack is checked against the set: no more of a letter than the set has
off the board, no more tiles than a rack holds, and the tiles played or exchanged on it.

Two kinds of fault:

- a record that cannot be replayed under the kit raises :class:`RecordError` (``file:line:
  message``; exit 2 from the command line): a line the reader could not read, a word, rack or tile
  the kit has no tile for (a game of another set), a withdrawal with no play of that player to
  take back;
- a move the engine refuses, a score or total it does not reproduce, or a rack the set cannot
  hold is a :class:`Step` with a ``problem``, and the replay goes on.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field, replace
from typing import Any, Callable, Iterable, Sequence

from ..errors import PrintkitError
from ..model import Distribution, EndRule, Kit, Layout
from ..notation import Coord, NotationError, parse_coord, square_name
from ..report import shortened
from .gcg import Event, GcgProblem, Group, Player, Record, Swap
from .move import Exchange, IllegalMove, Pass, Placement, placement
from .notation import BLANK, Letter, parse_rack, parse_word, write_word
from .score import end_adjustments, rack_value
from .state import State


class RecordError(PrintkitError):
    """A record that cannot be replayed under this kit: its first problem, ``file:line: message``
    (with how many more there are)."""

    def __init__(self, problems: Iterable[GcgProblem]):
        self.problems = list(problems)
        super().__init__(self.lines()[0])

    def lines(self) -> list[str]:
        more = len(self.problems) - 1
        tail = f" (and {more} more problem{'s' if more != 1 else ''} in the record)" if more > 0 else ""
        return [str(self.problems[0]) + tail]


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


@dataclass
class _Turn:
    """The last turn: whose, of what kind, and for a placement what the engine made of it."""

    seat: int
    kind: str
    line: int
    laid: bool = False  # a placement the engine laid (else its turn is held by a pass)
    score: int = 0  # the engine's score of a laid placement, else the record's
    withdrawn: bool = False


def replay(record: Record, kit: Kit, layout: Layout | None = None,
           judge: Callable[[str], Any] | None = None) -> Replay:
    """Replay ``record`` on ``kit``'s board (or ``layout``) under its rules and distribution; with
    ``judge`` (word → verdict, :mod:`.judge`), each word a placement forms is judged too. Raises
    :class:`RecordError` when the record cannot be replayed under the kit (see the module)."""
    if record.problems:
        raise RecordError(record.problems)
    return _Replayer(record, kit, layout, judge).run()


class _Replayer:
    def __init__(self, record: Record, kit: Kit, layout: Layout | None, judge: Callable[[str], Any] | None):
        self.record, self.kit, self.judge = record, kit, judge
        self.state = State.new(layout or kit.layout, kit.distribution, kit.rules)
        self.dist = kit.distribution
        self.totals: dict[int, int] = {}
        self.last: _Turn | None = None
        self.out = Replay()

    def run(self) -> Replay:
        for event in self.record.events:
            before = self.totals.get(event.seat, 0)
            step = self.event(event, before)
            if step.total is not None:
                self.totals[event.seat] = step.total
            elif event.cumulative is not None:  # follow the record after a move that could not be laid
                self.totals[event.seat] = event.cumulative
            self.out.steps.append(step)
        return self.out

    # -- faults ---------------------------------------------------------------------------------------

    def refuse(self, line: int, message: str) -> RecordError:
        return RecordError([GcgProblem(self.record.name, line, message)])

    def read(self, text: str, line: int, what: str, word: bool = False) -> Any:
        """The tiles of a word (``word``: Letters, None for '.') or the faces of a rack as the record
        writes them; a letter the kit has no tile for means the record is another set's game.
        ``what`` names the field in the message, ``{}`` standing for its text."""
        try:
            if word:
                return parse_word(text, self.dist, through=True)
            return parse_rack(text, self.dist)
        except NotationError as exc:
            why = re.sub(r"^'[^']*': ", "", str(exc))
            raise self.refuse(line, f"{what.format(_shown(text))}: {why} (kit {self.kit.name}: is the record a "
                                    f"game of another set? --kit names its kit)") from None

    def rack(self, e: Event, text: str | None = None, size: bool = True) -> tuple[dict[str, int], list[str]]:
        """How many of each face a rack (the event's, or ``text``) holds, and what is wrong with it
        against the set: more of a letter than the set has off the board, more tiles than a rack
        holds."""
        text = e.rack if text is None else text
        if not text:
            return {}, []
        faces = self.read(text, e.line, "the rack '{}'")
        problems = []
        limit = self.kit.rules.rack
        if size and len(faces) > limit:
            problems.append(f"the rack {_shown(text)} holds {len(faces)} tiles; a rack holds {limit}")
        counts: dict[str, int] = {}
        for face in faces:
            counts[face] = counts.get(face, 0) + 1
        left_of = self.state.left
        for face, n in counts.items():
            left = left_of(face)
            if n > left:
                name = "blank" if face == BLANK else face
                problems.append(f"the rack {_shown(text)} holds {n} × {name}, but only {left} of the set's "
                                f"{self._count(face)} {'is' if left == 1 else 'are'} off the board")
        return counts, problems

    def _count(self, face: str) -> int:
        return self.dist.blanks if face == BLANK else self.dist.counts().get(face, 0)

    @staticmethod
    def lacks(counts: dict[str, int], need: dict[str, int], text: str, what: str) -> list[str]:
        """The tiles of ``need`` the rack (``counts``, empty: not known) does not hold."""
        if not counts:
            return []
        short = [(face, n - counts.get(face, 0)) for face, n in need.items() if n > counts.get(face, 0)]
        if not short:
            return []
        missing = " ".join(" ".join(["a blank" if f == BLANK else f] * n) for f, n in sorted(short))
        return [f"the rack {_shown(text)} does not hold {_shown(missing)} of {_shown(what)}"]

    # -- events ---------------------------------------------------------------------------------------

    def step(self, e: Event, before: int, score: int | None, what: str, problems: list[str] = (),
             trust_score: bool = True) -> Step:
        total = None if score is None else before + score
        problems = list(problems)
        if score is not None and trust_score and score != e.score:
            problems.append(f"the engine scores {score}, the record {e.score}")
        elif score is not None and total != e.cumulative:
            problems.append(f"the total is {total}, the record {e.cumulative}")
        return Step(e.line, self.record.name_of(e.seat) or e.player, what, score, e.score, total, e.cumulative,
                    "; ".join(problems), trust_score)

    def event(self, e: Event, before: int) -> Step:
        state = self.state
        kind = e.kind
        if kind == "placement":
            return self.placement(e, before)
        if kind == "withdrawn":
            return self.withdrawn(e, before)
        if kind in ("pass", "exchange"):
            counts, problems = self.rack(e)
            what = "-" + (e.tiles or (str(e.count) if e.count else ""))
            if e.tiles:
                tiles = self.read(e.tiles, e.line, "the exchange -{}")
                problems += self.lacks(counts, Counter(tiles), e.rack, f"the exchange {what}")
            elif e.count and counts and e.count > sum(counts.values()):
                problems.append(f"the exchange {what} puts back more tiles than the rack {_shown(e.rack)} holds")
            state.play(Pass())
            self.last = _Turn(e.seat, kind, e.line)
            return self.step(e, before, 0, what, problems)
        if kind == "challenge":  # a bonus the rules of the event set; nothing to lay
            self.rack(e, size=False)  # its letters must be the kit's; writers put either rack here
            return self.step(e, before, e.score, "(challenge)")
        if kind == "time":
            _, problems = self.rack(e)
            return self.step(e, before, e.score, "(time)", problems)
        if kind == "end_rack":
            counts, problems = self.rack(e, e.tiles, size=False)  # the others' racks, together
            left = rack_value(Counter(counts).elements(), self.dist)
            if e.score in (left, 2 * left):
                return self.step(e, before, e.score, f"({e.tiles})", problems)
            problems.append(f"({_shown(e.tiles)}) is worth {left}: the record gives {e.score}, neither {left} nor "
                            f"{2 * left}")
            return self.step(e, before, 2 * left, f"({e.tiles})", problems)
        if kind == "last_rack":
            self.rack(e, size=False)
            counts, problems = self.rack(e, e.tiles)
            return self.step(e, before, -rack_value(Counter(counts).elements(), self.dist), f"{e.rack} ({e.tiles})",
                             problems)
        # bad and unknown events carry a problem, and a record with problems is refused before
        return Step(e.line, e.player, e.raw.strip(), None, e.score, None, e.cumulative, f"an event of kind {kind}")

    def placement(self, e: Event, before: int) -> Step:
        state = self.state
        counts, problems = self.rack(e)
        groups = [(g, self.read(g.word, g.line, "'{}'", word=True)) for g in e.groups]
        for s in e.swaps:
            self.read(s.letter, s.line, f"#swap {s.position} " + "{}")
        what = " + ".join(f"{g.position} {g.word}" for g in e.groups)
        try:
            move = _placement(groups, e, state)
            need = _needs(move, state) if counts else None
            played = state.play(move)
        except (IllegalMove, NotationError) as exc:
            state.play(Pass())  # the turn is spent all the same: a withdrawal takes back exactly it
            self.last = _Turn(e.seat, "placement", e.line, laid=False, score=e.score or 0)
            return Step(e.line, self.record.name_of(e.seat) or e.player, what, None, e.score, None, e.cumulative,
                        "; ".join([str(exc)] + problems))
        self.last = _Turn(e.seat, "placement", e.line, laid=True, score=played.total)
        if need is not None:
            problems += self.lacks(counts, need, e.rack, "the play")
        step = self.step(e, before, played.total, what, problems)
        if self.judge is not None:
            step = replace(step, judged=tuple(self.judge(state.distribution.upper(w.word)) for w in played.words))
        return step

    def withdrawn(self, e: Event, before: int) -> Step:
        """``--``: the player's play of the turn before is challenged off: exactly that play comes
        off the board (nothing, when it could not be laid), and its turn is lost."""
        last, who = self.last, self.record.name_of(e.seat) or e.player
        why = None
        if last is None:
            why = "before any turn"
        elif last.seat != e.seat:
            why = f"but the turn before (line {last.line}) is {self.record.name_of(last.seat) or 'another player'}'s"
        elif last.kind != "placement":
            why = f"but their turn before (line {last.line}) is a {last.kind}, not a play"
        elif last.withdrawn:
            why = f"but the play of line {last.line} is withdrawn already"
        if why:
            raise self.refuse(e.line, f"{who} withdraws a play (--) {why}: there is no play to take back")
        self.state.undo()  # the challenged play's turn: its tiles, or the pass that held it
        self.state.play(Pass())
        last.withdrawn = True
        _, problems = self.rack(e)
        # old records write "-- +0" and lower the total all the same: the total is what counts
        return self.step(e, before, -last.score, "--", problems, trust_score=False)


def _needs(move: Placement, state: State) -> dict[str, int]:
    """The tiles a play takes from the rack: blanks as ``?``; with the book's swap, the real
    letter given for the blank taken from the board instead of that blank."""
    need: dict[str, int] = {}
    for t in move.tiles:
        face = BLANK if t.blank else t.face
        need[face] = need.get(face, 0) + 1
    if move.swap is not None and need.get(BLANK):
        on = state.tile(*move.swap)
        if on is not None and on.blank:
            need[BLANK] -= 1
            need[on.face] = need.get(on.face, 0) + 1
    return need


def _shown(text: str, limit: int = 40) -> str:
    """A field in a message, shortened to ``limit`` characters (a rack may be 2 MB long)."""
    return shortened(text, limit - 1, count=True)


def _placement(groups: list, e: Event, state: State) -> Placement:
    """The tiles of a placement event: each group laid in turn (a later one may run through the
    turn's own new tiles), and the book's blank swap."""
    tiles, pending = [], {}
    across = None
    for g, letters in groups:
        part = placement(state, g.coord, letters, pending)
        across = part.across if across is None else across
        tiles.extend(part.tiles)
        for t in part.tiles:
            pending[t.row * state.cols + t.col] = t
    swap = (e.swaps[0].row, e.swaps[0].col) if e.swaps else None
    return Placement(tuple(tiles), across, swap)




# -- the other way: a game scored on the engine, as a record ------------------------------------------

def game_record(kit: Kit, state: State, moves: Sequence[str], players: Sequence[str], *,
                description: str | None = None, name: str = "<game>",
                racks: Sequence[Sequence[str]] | None = None, end: Sequence[Sequence[str]] | None = None,
                went_out: int | None = None, incomplete: bool = True, notes: Sequence[str] = ()) -> Record:
    """The record of the turns of ``state`` (played from an empty board, in order, one a player in
    turn), as :func:`printkit.engine.gcg.write_gcg` writes it and :func:`replay` replays it:
    ``moves`` are the turns as the ``score`` command reads them (``8H ПОЛ + K5 ...``, ``swap G6 +
    H3 щУКА``, ``pass``, ``exchange АБ``); ``players`` their names (a nickname is the name with
    ``_`` for spaces).

    ``racks``, when known, holds the faces of each turn's whole rack before it (``?`` a blank), and
    each turn's rack is written as Quackle writes it: blanks first, then the letters in the set's
    alphabet order (an exchange's tiles too). Without it (``score --gcg``) no rack is known, so each
    turn's rack is the tiles it put down (blanks ``?``; with the book's swap, the real letter given
    for the blank) or exchanged; a pass has none. Words are written whole, ``.`` for a tile already
    on the board, a blank in lower case; the book's further words of a turn and its swap are
    printkit's ``#+`` and ``#swap`` lines.

    ``end``, when given, is each player's rack when the game ended (``went_out``: the player who
    went out, if one did), and the record ends with the lines that settle them as
    :func:`~.score.end_adjustments` does: under the rules' award the player who went out gets the
    others' tiles (``>NICK: (TILES) +P TOTAL``: once or twice, as ``end_award`` says) and, unless
    twice, each other player deducts their own; otherwise each player with tiles left deducts them
    (``>NICK: RACK (RACK) -P TOTAL``). ``incomplete`` writes ``#incomplete``; ``notes`` go before
    the first event."""
    dist = kit.distribution
    people = []
    for number, real in enumerate(players, 1):
        nick = "_".join(real.split())
        if any(p.nick == nick for p in people):
            nick = f"{nick}_{number}"
        people.append(Player(number, nick, real))
    if racks is not None and len(racks) != len(state.history):
        raise ValueError(f"{len(racks)} racks for {len(state.history)} turns")
    totals = [0] * len(people)
    events = []
    for i, (text, scored) in enumerate(zip(moves, state.history)):
        who = i % len(people)
        totals[who] += scored.total
        fields = {"line": 0, "raw": "", "player": people[who].nick, "seat": who + 1, "score": scored.total,
                  "cumulative": totals[who]}
        held = None if racks is None else _rack_text(racks[i], dist)
        move = scored.move
        if isinstance(move, Placement):
            new = {(t.row, t.col): t for t in move.tiles}
            groups = []
            for coord, length in _written_groups(text, dist):
                step = (0, 1) if coord.across else (1, 0)
                letters = []
                for k in range(length):
                    t = new.get((coord.row + step[0] * k, coord.col + step[1] * k))
                    letters.append(None if t is None else Letter(t.face, t.blank))
                groups.append(Group(str(coord), coord, write_word(letters, dist), 0))
            rack = [Letter(t.face) if not t.blank else None for t in move.tiles]
            swaps = ()
            if move.swap is not None:
                real = state.tile(*move.swap).face
                rack[rack.index(None)] = Letter(real)  # the blank came from the board, for this letter
                swaps = (Swap(square_name(*move.swap), *move.swap, real, 0),)
            events.append(Event(kind="placement", rack=_write_rack(rack, dist) if held is None else held,
                                position=groups[0].position, coord=groups[0].coord, word=groups[0].word,
                                groups=tuple(groups), swaps=swaps, **fields))
        elif isinstance(move, Exchange) and move.tiles:
            if held is None:
                tiles = _write_rack([None if f == BLANK else Letter(f) for f in move.tiles], dist)
            else:
                tiles = _rack_text(move.tiles, dist)
            events.append(Event(kind="exchange", rack=tiles if held is None else held, tiles=tiles, **fields))
        else:  # a pass, or an exchange that names no tiles
            events.append(Event(kind="pass", rack=held or "", **fields))
    if end is not None:
        events += _end_events(kit, end, went_out, people, totals)
    return Record(name=name, events=tuple(events), players=tuple(people), description=description,
                  tile_distribution=_DISTRIBUTION.get(kit.name, kit.name), incomplete=incomplete,
                  notes=tuple(notes))


def _end_events(kit: Kit, end: Sequence[Sequence[str]], went_out: int | None, people: list[Player],
                totals: list[int]) -> list[Event]:
    """The lines that settle the racks left at the end, as :func:`~.score.end_adjustments` does
    (``totals``, each player's total before them, are brought up to date)."""
    dist, rules = kit.distribution, kit.rules
    if len(end) != len(people):
        raise ValueError(f"{len(end)} racks at the end for {len(people)} players")
    adjust = end_adjustments([list(r) for r in end], went_out, dist, rules)
    events: list[Event] = []
    written = [0] * len(people)

    def add(seat: int, **fields: Any) -> None:
        written[seat] += fields["score"]
        totals[seat] += fields["score"]
        events.append(Event(line=0, raw="", player=people[seat].nick, seat=seat + 1, cumulative=totals[seat],
                            **fields))

    award = went_out is not None and rules.end is EndRule.DEDUCT_AND_AWARD
    if award:
        others = [f for i, r in enumerate(end) if i != went_out for f in r]
        if others:
            add(went_out, kind="end_rack", tiles=_rack_text(others, dist),
                score=rules.end_award * rack_value(others, dist))
    for i, left in enumerate(end):
        if left and not (award and (i == went_out or rules.end_award >= 2)):
            text = _rack_text(left, dist)
            add(i, kind="last_rack", rack=text, tiles=text, score=-rack_value(left, dist))
    if written != adjust:  # the lines must say what the rules' settlement gives
        raise AssertionError(f"the end's lines give {written}, end_adjustments {adjust}")
    return events


def _rack_text(faces: Iterable[str], dist: Distribution) -> str:
    """Faces (``?`` a blank) as a rack, as Quackle writes one: blanks first, then the set's
    alphabet order."""
    order: dict[str, int] = {}
    for face in (*dist.alphabet, *dist.faces()):
        order.setdefault(face, len(order))
    faces = sorted(faces, key=lambda f: (f != BLANK, order.get(f, len(order)), f))
    return _write_rack([None if f == BLANK else Letter(f) for f in faces], dist)


def _written_groups(text: str, dist: Distribution) -> list[tuple[Coord, int]]:
    """Each word of a move as the score command reads it (text it has read already): where it
    starts and how many squares it covers."""
    out = []
    for part in text.split("+"):
        words = part.split()
        if len(words) == 2 and words[0].lower() != "swap":
            out.append((parse_coord(words[0]), len(parse_word(words[1], dist, through=True))))
    return out


def _write_rack(tiles: list[Letter | None], dist: Distribution) -> str:
    """Tiles as a rack: each face as a word writes it, ``?`` a blank (``None``)."""
    return BLANK.join(write_word(chunk, dist) for chunk in _split(tiles))


def _split(tiles: list[Letter | None]) -> list[list[Letter]]:
    chunks: list[list[Letter]] = [[]]
    for t in tiles:
        if t is None:
            chunks.append([])
        else:
            chunks[-1].append(t)
    return chunks


_BY_NAME = {"english": "scrabble-en", "polish": "scrabble-pl", "german": "scrabble-de", "french": "scrabble-fr",
            "spanish": "scrabble-es", "dutch": "scrabble-nl", "russian": "scrabble-ru", "ukrainian": "scrabble-uk"}
_BY_LEXICON = (("NWL", "scrabble-en"), ("TWL", "scrabble-en"), ("CSW", "scrabble-en"), ("ECWL", "scrabble-en"),
               ("NSWL", "scrabble-en"), ("OSPS", "scrabble-pl"), ("ODS", "scrabble-fr"), ("FRA", "scrabble-fr"),
               ("FISE", "scrabble-es"), ("FILE", "scrabble-es"), ("RD", "scrabble-de"), ("DSW", "scrabble-de"))
_DISTRIBUTION = {kit: name for name, kit in _BY_NAME.items()}  # written as Macondo names the sets: english


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
