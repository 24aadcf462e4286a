"""The score keeper at the table: a game kept as a GCG record, one turn at a time, scored by the engine.

The game IS its record. The keeper's page keeps the GCG text; each request sends it with one new turn, and
the keeper reads the record, replays it (:func:`printkit.engine.replay.replay`'s replayer: the board, the
scores and the running totals all come from there, never worked out twice), writes the turn as a GCG
event the way ``printkit score --gcg`` writes its turns (:func:`printkit.engine.replay.game_record`), replays
the longer record and answers with its text and the game's state. A turn the rules refuse raises
:class:`Refused` with the engine's reason, and the record the page holds stays as it was. Importing a GCG is
sending it with no turn; exporting is the text the answer carries, which ``printkit replay`` replays with
every move matched.

API (no web framework: :mod:`printkit.serve.answers` calls it for the local server and the page in the browser):

- ``load(kit, text, players=None) -> Game``: the game of a record's text (``""``: a new game, its players
  ``players`` or the kit's ``play.players``, as the score sheet names them);
- ``play(game, turn) -> Game``: the game with one more turn (the page's JSON: ``{"kind": "place", "move":
  "8H ПОЛ"}``, ``pass``, ``exchange`` (``tiles``: ``"АБВ"`` or a count ``"3"``), ``challenge`` (the last play
  withdrawn: GCG ``--``), ``bonus`` (``points`` for the last play, challenged and standing: GCG
  ``(challenge)``), ``undo`` (the last event taken out of the record; the whole end at once), ``end``
  (``racks``: the tiles left on each player's rack, in player order));
- ``text(game) -> str``: the record as GCG; ``view(game) -> dict``: the state the page shows.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, replace
from types import SimpleNamespace
from typing import Any, Mapping, Sequence

from . import __version__
from .engine.gcg import TURN_KINDS, Event, GcgError, Player, Record, decode_gcg, parse_gcg, write_gcg
from .engine.move import Pass, Placement, TooManyBlanks, lower_case_blanks, parse_move
from .engine.notation import BLANK, NotationError, parse_rack
from .engine.replay import RecordError, Replay, game_record, guess_kit, replay
from .engine.score import EXPLAINED, MoveScore, stalled_by_rules
from .engine.state import State
from .errors import PrintkitError
from .model import Kit, Layout, Premium
from .report import quoted
from .text import Said, words

MAX_GCG = 200_000  # characters of a record (a long annotated game is about 20 KB)
MAX_MOVE = 400  # characters of a move as written
MAX_BONUS = 999  # points of a challenge bonus
NAME = "GCG"  # the record's name in the engine's messages: "GCG:12: ..."
KINDS = ("place", "pass", "exchange", "challenge", "bonus", "undo", "end")
END_KINDS = ("end_rack", "last_rack")
# the kinds of event as the page names a move
SHOWN = {"placement": "place", "pass": "pass", "exchange": "exchange", "withdrawn": "withdrawn",
         "challenge": "bonus", "end_rack": "end", "last_rack": "end", "time": "time"}


class Refused(PrintkitError):
    """A turn or a record the keeper refuses: one line, a sentence of the text table (``said``, in the
    page's language) or the engine's own sentence; ``status`` 422, or 400 for a request the page would
    never send."""

    def __init__(self, said: Said | str, status: int = 422):
        self.said_as = said
        self.status = status
        super().__init__(said("en") if isinstance(said, Said) else said)

    def text(self, language: str) -> str:
        return self.said_as(language) if isinstance(self.said_as, Said) else self.said_as


def _said(key: str, **figures: Any) -> Said:
    return Said("serve_keeper_err_" + key, figures)


@dataclass(frozen=True)
class Last:
    """The last turn (what a challenge withdraws): whose, of what kind, its score, whether withdrawn."""

    seat: int
    kind: str
    score: int = 0
    withdrawn: bool = False


@dataclass(frozen=True)
class Game:
    """A record replayed on the kit: each event's step (its score and total, the engine's), the board, each
    play's words, the totals."""

    kit: Kit
    layout: Layout
    record: Record
    replay: Replay
    scored: tuple[MoveScore | None, ...]  # each event's play with its words (None: not a play laid)
    state: State
    totals: Mapping[int, int]  # player number → total
    last: Last | None

    @property
    def players(self) -> tuple[Player, ...]:
        return self.record.players

    def index(self, seat: int) -> int:
        """A player's place in turn order (0 first), from their number."""
        return next((i for i, p in enumerate(self.players) if p.number == seat), 0)

    @property
    def over(self) -> bool:
        return any(e.kind in END_KINDS for e in self.record.events)

    @property
    def next(self) -> int | None:
        """The index of the player to play, None when the game is over."""
        if self.over:
            return None
        seat = next((e.seat for e in reversed(self.record.events) if e.kind in TURN_KINDS), None)
        return 0 if seat is None else (self.index(seat) + 1) % len(self.players)

    def total(self, seat: int) -> int:
        return self.totals.get(seat, 0)


def _replayed(kit: Kit, layout: Layout, record: Record) -> Game:
    """The record replayed (:func:`~printkit.engine.replay.replay`: every score and total); beside it, the
    board the page shows, each step laid as the replay laid it (a play it laid; a pass for a turn, or a play
    it could not lay; a withdrawal taking back the turn before), keeping each play's words for their
    explanations."""
    if record.problems:
        raise Refused(_said("gcg_bad", why=str(record.problems[0])))
    try:
        result = replay(record, kit, layout)
    except RecordError as exc:
        raise Refused(_said("gcg_bad", why=exc.lines()[0])) from None
    state = State.new(layout, kit.distribution, kit.rules)
    scored: list[MoveScore | None] = []
    totals: dict[int, int] = {}
    last = None
    for e, step in zip(record.events, result.steps):
        played = None
        if e.kind == "placement":
            if step.score is not None:
                try:
                    played = state.play(parse_move(state, _written(e)))
                except NotationError:  # not reached: the replay laid it on this board
                    played = None
            if played is None:
                state.play(Pass())
            last = Last(e.seat, e.kind, step.score if step.score is not None else (e.score or 0))
        elif e.kind in ("pass", "exchange"):
            state.play(Pass())
            last = Last(e.seat, e.kind)
        elif e.kind == "withdrawn" and last is not None:
            state.undo()
            state.play(Pass())
            last = replace(last, withdrawn=True)
        scored.append(played)
        if step.total is not None:
            totals[e.seat] = step.total
        elif e.cumulative is not None:
            totals[e.seat] = e.cumulative
    return Game(kit, layout, record, result, tuple(scored), state, totals, last)


# -- a game from its record ------------------------------------------------------------------------------

def players_of(kit: Kit, players: Any = None) -> list[str]:
    """The players of a new game: the names given (a list; an empty name is "Player N" in the kit's
    language), or the kit's ``play.players`` as its score sheet names them."""
    from .config.kit import player_names

    say = words(kit.language)
    if players is None:
        players = list(kit.play.players)
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise Refused(_said("players"), 400)
    named = [" ".join(p.split()) or say("player_n", n=i) for i, p in enumerate(players, 1)]
    why: list[Any] = []
    checked = player_names(named, why.append)
    if checked is None:
        raise Refused(why[0])
    return list(checked)


def start(kit: Kit, players: Any = None) -> Game:
    """A new game of ``kit`` (see :func:`players_of`): its record has the headers ``printkit score --gcg``
    writes, the game type (the kit), the board and ``#incomplete``."""
    state = State.for_kit(kit)
    record = game_record(kit, state, [], players_of(kit, players), name=NAME,
                         description=f"Kept with printkit {__version__}, kit {kit.name}")
    record = replace(record, game_type=kit.name, board_layout=kit.layout.name)
    return _replayed(kit, kit.layout, record)


def load(kit: Kit, text: Any, players: Any = None) -> Game:
    """The game of a record's text under ``kit`` (``""`` or ``None``: a new game with ``players``); a record
    that cannot be read, of another set, or too long is :class:`Refused` in one line."""
    if text is None or (isinstance(text, str) and not text.strip()):
        return start(kit, players)
    if not isinstance(text, str):
        raise Refused(_said("gcg_type"), 400)
    if len(text) > MAX_GCG:
        raise Refused(_said("gcg_long", n=len(text), limit=MAX_GCG))
    try:
        text, _, problems = decode_gcg(text.encode("utf-8", "surrogatepass"), NAME)
    except GcgError as exc:
        raise Refused(_said("gcg_bad", why=str(exc))) from None
    record = parse_gcg(text, NAME, problems=problems)
    _same_set(kit, record)
    layout = kit.layout
    if record.board_layout and record.board_layout != kit.layout.name:
        from .config import load_layout

        try:
            layout = load_layout(record.board_layout) or kit.layout
        except PrintkitError:
            layout = kit.layout
    if not record.players:  # no #player lines: the nicknames in the order they first play
        seen = {e.seat: e.player for e in record.events if e.seat}
        if seen:
            record = replace(record, players=tuple(Player(n, nick, nick) for n, nick in sorted(seen.items())))
        else:
            record = replace(record, players=start(kit, players).record.players)
    return _replayed(kit, layout, record)


def _same_set(kit: Kit, record: Record) -> None:
    """A record whose header names another shipped set (``#tile-distribution english`` under Эрудит) is
    another set's game."""
    from .config import kit_names, load_kit

    named = record.tile_distribution or record.game_type
    if not named or named in (kit.name, kit.distribution.name):
        return
    other, why = guess_kit(record, kit_names())
    if not why.startswith("#"):  # the header names no set printkit knows: the letters decide
        return
    try:
        if other == kit.name or load_kit(other).distribution.name == kit.distribution.name:
            return
    except PrintkitError:
        return
    raise Refused(_said("gcg_set", named=quoted(named, 40), kit=kit.name))


def text(game: Game) -> str:
    """The game's record as GCG text."""
    return write_gcg(game.record)


# -- a turn ------------------------------------------------------------------------------------------------

def play(game: Game, turn: Any) -> Game:
    """The game with ``turn`` played (see the module); :class:`Refused` when the rules refuse it."""
    if turn is None:
        return game
    if not isinstance(turn, dict):
        raise Refused(_said("turn", kinds=", ".join(KINDS), kind=quoted(str(turn), 40)), 400)
    kind = turn.get("kind")
    if kind not in KINDS:
        raise Refused(_said("turn", kinds=", ".join(KINDS), kind=quoted(str(kind), 40)), 400)
    if kind == "undo":
        return undo(game)
    if game.over:
        raise Refused(_said("over"))
    if kind == "challenge":
        return _add(game, [_withdrawn(game)])
    if kind == "bonus":
        return _add(game, [_bonus(game, turn.get("points"))])
    if kind == "end":
        return _add(game, _end(game, turn.get("racks")), complete=True)
    return _add(game, [_turn(game, kind, turn)])


def undo(game: Game) -> Game:
    """The game without its last event (the whole end, when it has ended)."""
    events = list(game.record.events)
    if not events:
        raise Refused(_said("no_undo"))
    ended = events[-1].kind in END_KINDS
    events.pop()
    while ended and events and events[-1].kind in END_KINDS:
        events.pop()
    record = replace(game.record, events=tuple(events), incomplete=True if ended else game.record.incomplete)
    return _replayed(game.kit, game.layout, record)


def _add(game: Game, events: list[Event], complete: bool = False) -> Game:
    """The game with ``events`` added, replayed; refused with the replay's reason if one of them differs."""
    record = replace(game.record, events=game.record.events + tuple(events))
    if complete:
        record = replace(record, incomplete=False)
    after = _replayed(game.kit, game.layout, record)
    for step in after.replay.steps[len(game.record.events):]:
        if step.problem:
            raise Refused(engine_said(step.problem))
    return after


def _fields(game: Game, seat: int, score: int) -> dict[str, Any]:
    nick = next(p.nick for p in game.players if p.number == seat)
    return {"line": 0, "raw": "", "player": nick, "seat": seat, "score": score,
            "cumulative": game.total(seat) + score}


def _turn(game: Game, kind: str, turn: Mapping[str, Any]) -> Event:
    """A play, a pass or an exchange of the player to play, as ``printkit score --gcg`` writes it."""
    player = game.players[game.next]
    state = game.state
    limit = game.kit.rules.rack
    if kind == "place":
        written = turn.get("move")
        if not isinstance(written, str) or not written.strip() or len(written) > MAX_MOVE:
            raise Refused(_said("field", kind=kind, field="move", what="8H WORD"), 400)
        written = " ".join(written.split())
        try:
            move = parse_move(state, written)
        except TooManyBlanks as exc:
            why = lower_case_blanks(written, exc, state.distribution.language)
            raise Refused(why or engine_said(str(exc))) from None
        except NotationError as exc:
            raise Refused(engine_said(str(exc))) from None
        if not isinstance(move, Placement):
            raise Refused(_said("not_play", move=quoted(written, 60)))
    elif kind == "pass":
        written, move = "pass", Pass()
    else:
        allowed = game.kit.rules.exchange_limit
        made = sum(1 for e in game.record.events if e.kind == "exchange" and e.seat == player.number)
        if allowed and made >= allowed:
            raise Refused(_said("exchanges_spent", n=allowed))
        tiles = turn.get("tiles")
        if isinstance(tiles, int) and not isinstance(tiles, bool):
            tiles = str(tiles)
        if not isinstance(tiles, str) or not tiles.strip() or len(tiles) > MAX_MOVE:
            raise Refused(_said("exchange", limit=limit))
        tiles = "".join(tiles.split()).upper()  # an exchange names real tiles: a blank is "?"
        if tiles.isascii() and tiles.isdigit():
            count = int(tiles)
            if not 1 <= count <= limit:
                raise Refused(_said("exchange", limit=limit))
            return Event(kind="exchange", count=count, **_fields(game, player.number, 0))
        written = f"exchange {tiles}"
        try:
            move = parse_move(state, written)
        except NotationError as exc:
            raise Refused(engine_said(str(exc))) from None
        if not 1 <= len(move.tiles) <= limit:
            raise Refused(_said("exchange", limit=limit))
        _room(game, [list(move.tiles)])
    try:
        scored = state.play(move)
    except TooManyBlanks as exc:
        why = lower_case_blanks(written, exc, state.distribution.language)
        raise Refused(why or engine_said(str(exc))) from None
    except NotationError as exc:
        raise Refused(engine_said(str(exc))) from None
    try:
        one = SimpleNamespace(history=[scored], tile=state.tile)  # this turn alone, as the record writes a turn
        event = game_record(game.kit, one, [written], [player.name or player.nick]).events[0]  # type: ignore[arg-type]
    finally:
        state.undo()
    return replace(event, **_fields(game, player.number, scored.total))


def _withdrawn(game: Game) -> Event:
    """``--``: the last play taken back, its player's turn lost."""
    last = game.last
    if last is None or last.kind != "placement" or last.withdrawn:
        raise Refused(_said("no_play"))
    return Event(kind="withdrawn", **_fields(game, last.seat, -last.score))


def _bonus(game: Game, points: Any) -> Event:
    """``(challenge)``: the last play was challenged and stands; its player gains the points the rules of
    the game give for that."""
    if isinstance(points, str) and points.isascii() and points.isdigit() and len(points) < 6:
        points = int(points)
    if not isinstance(points, int) or isinstance(points, bool) or not 1 <= points <= MAX_BONUS:
        raise Refused(_said("bonus", limit=MAX_BONUS))
    last = game.last
    if last is None or last.kind != "placement" or last.withdrawn:
        raise Refused(_said("no_play"))
    return Event(kind="challenge", **_fields(game, last.seat, points))


def _end(game: Game, racks: Any) -> list[Event]:
    """The lines that settle the racks left at the end under the kit's rules (``end_adjustments``)."""
    players = game.players
    n = len(players)
    if not isinstance(racks, list) or len(racks) != n or not all(isinstance(r, str) for r in racks) \
            or any(len(r) > MAX_MOVE for r in racks):
        raise Refused(_said("racks", n=n))
    faces = []
    for i, text in enumerate(racks):
        text = "".join(text.split())
        try:
            rack = parse_rack(text, game.kit.distribution) if text else []
        except NotationError as exc:
            raise Refused(engine_said(str(exc))) from None
        if len(rack) > game.kit.rules.rack:
            raise Refused(_said("rack_long", name=players[i].name or players[i].nick, n=len(rack),
                                limit=game.kit.rules.rack))
        faces.append(rack)
    _room(game, faces)
    out = [i for i, rack in enumerate(faces) if not rack]
    if len(out) > 1:
        raise Refused(_said("out_twice", names=", ".join(players[i].name or players[i].nick for i in out)))
    went_out = out[0] if out else None
    none = SimpleNamespace(history=[], tile=None)  # no turns: only the lines that settle the racks
    written = game_record(game.kit, none, [], [p.name or p.nick for p in players], end=faces,  # type: ignore[arg-type]
                          went_out=went_out).events
    events = []
    totals = {p.number: game.total(p.number) for p in players}
    for e in written:  # each line for its player, from their total
        seat = players[e.seat - 1].number
        totals[seat] += e.score
        events.append(replace(e, player=players[e.seat - 1].nick, seat=seat, cumulative=totals[seat]))
    return events


def _room(game: Game, racks: Sequence[Sequence[str]]) -> None:
    """No more of a tile on the racks than the set has off the board."""
    need = Counter(f for rack in racks for f in rack)
    dist = game.kit.distribution
    for face, n in need.items():
        left = game.state.left(face)
        if n > left:
            count = dist.blanks if face == BLANK else dist.counts().get(face, 0)
            tile = _said("blank") if face == BLANK else face
            raise Refused(_said("left", tile=tile, n=n, left=left, count=count))


# -- the engine's reasons, in the page's language ----------------------------------------------------------

_REASONS = (
    (re.compile(r"(?P<squares>.+): not connected: "), "not_joined"),
    (re.compile(r"(?P<squares>\S+): a gap at (?P<at>\S+): "), "gap"),
    (re.compile(r"(?P<squares>.+): not in one row or column"), "not_line"),
    (re.compile(r"(?P<squares>.+): the first move covers the start square (?P<at>\S+)$"), "start"),
    (re.compile(r"(?P<squares>.+): the first move is one group of tiles through the start square (?P<at>\S+)$"),
     "start"),
    (re.compile(r"(?P<squares>.+): the first move places two tiles or more$"), "first_two"),
    (re.compile(r"(?P<squares>.+): makes no word: "), "no_word"),
    (re.compile(r"(?P<at>\S+) is taken: (?P<tile>.+) is there$"), "taken"),
    (re.compile(r"'?(?P<what>[^']+?)'? is off the .+ board \((?P<extent>[^)]*)\)$"), "off_board"),
    (re.compile(r"(?P<what>.+) run off the .+ board: only (?P<n>\d+) fit$"), "run_off"),
    (re.compile(r"(?P<what>.+): the set has no tile '(?P<letter>[^']+)'$"), "no_tile"),
    (re.compile(r"(?P<what>.+): too many (?P<tile>.+): the set has (?P<limit>\d+), (?P<on>\d+) on the board"),
     "too_many"),
)


def engine_said(sentence: str) -> Said | str:
    """The engine's reason for refusing a move as a sentence of the text table where it has one (so that a
    Russian page says it in Russian), else the engine's own sentence."""
    for pattern, key in _REASONS:
        m = pattern.match(sentence)
        if m:
            figures: dict[str, Any] = {k: v or "" for k, v in m.groupdict().items()}
            if key == "too_many" and figures["tile"] == "blank":
                figures["tile"] = _said("blank")
            return _said(key, **figures)
    return sentence


# -- the state the page shows ------------------------------------------------------------------------------

def _written(e: Event) -> str:
    """A play as ``printkit score`` takes it: ``swap F5 + K6 щУ.А``, ``8H ПОЛ + K5 ...``."""
    return " + ".join([f"swap {s.position.upper()}" for s in e.swaps] + [f"{g.coord} {g.word}" for g in e.groups])


def explained(language: str) -> dict[str, str]:
    """The words around a word's figures (:data:`printkit.engine.score.EXPLAINED`) in ``language``."""
    from .text import TABLE

    return {k: TABLE[f"serve_keeper_explain_{k}"].get(language) or TABLE[f"serve_keeper_explain_{k}"]["en"]
            for k in EXPLAINED}


_judges: dict[tuple, Any] = {}  # a kit's word judge (or None: none here), made once: the dictionary takes a second


def _judge(kit: Kit):
    from .engine.judge import judge_for

    key = (kit.rules.name, kit.language, kit.distribution.language, kit.words, kit.source)
    if key not in _judges:
        try:
            _judges[key] = judge_for(kit)
        except PrintkitError:  # the rules judge by a list the kit does not give
            _judges[key] = None
    return _judges[key]


def advice(game: Game) -> list[dict[str, Any]] | None:
    """The word judge's verdict on each word of the last play, the play a challenge would withdraw, where a judge
    is here: the dictionary of the words extra for the rules that judge Russian or Ukrainian nouns, or the kit's
    word list. None where there is none (the page in the browser has no dictionary; a Scrabble kit names no list),
    or when the last turn was no play."""
    if game.over or not game.record.events or game.record.events[-1].kind != "placement" or game.scored[-1] is None:
        return None  # the last thing written is no play to challenge (a pass, an exchange, a withdrawal, a bonus)
    last = (game.record.events[-1], game.scored[-1])
    judge = _judge(game.kit)
    if judge is None:
        return None
    out = []
    for word in last[1].words:
        try:
            verdict = judge.judge(word.word)
        except PrintkitError:  # the dictionary is not installed here (the words extra)
            _judges[next(k for k, v in _judges.items() if v is judge)] = None
            return None
        out.append({"word": word.word, "allowed": verdict.allowed, "why": verdict.why})
    return out


def view(game: Game) -> dict[str, Any]:
    """What the keeper's page shows: the players and their totals, whose turn, the board and its premiums,
    every move with its words explained, the tiles not on the board."""
    state, kit, layout = game.state, game.kit, game.layout
    dist = kit.distribution
    phrases = explained(kit.language)
    moves = []
    for e, step, scored in zip(game.record.events, game.replay.steps, game.scored):
        moves.append({
            "player": game.index(e.seat), "kind": SHOWN.get(e.kind, e.kind),
            "text": _written(e) if e.kind == "placement" else step.what,
            "score": step.score if step.score is not None else e.score,
            "total": step.total if step.total is not None else e.cumulative,
            "words": [{"word": w.word, "score": w.total, "explain": w.explain(phrases)} for w in scored.words]
            if scored else [],
            "bonus": scored.bonus if scored else 0, "problem": step.problem or None})
    order: dict[str, int] = {}
    for face in (*dist.alphabet, *dist.faces()):
        if face in dist.counts():
            order.setdefault(face, len(order))
    unseen = {face: state.left(face) for face in order}
    if dist.blanks:
        unseen[BLANK] = state.left(BLANK)
    board = []
    for r in range(state.rows):
        row = []
        for c in range(state.cols):
            t = state.tile(r, c)
            row.append("" if t is None else (t.face.lower() if t.blank else t.face))
        board.append(row)
    start = tuple(layout.start)
    premiums = [[("*" if (r, c) == start else "") + ("" if p is Premium.NONE else p.code)
                 for c, p in enumerate(row)] for r, row in enumerate(layout.grid)]
    return {"players": [{"name": p.name or p.nick, "total": game.total(p.number)} for p in game.players],
            "next": game.next, "over": game.over, "rows": state.rows, "cols": state.cols, "board": board,
            "premiums": premiums, "start": list(start), "layout": layout.name, "moves": moves, "unseen": unseen,
            "unseen_total": sum(unseen.values()), "blank": BLANK, "rack": kit.rules.rack, "language": kit.language,
            "kit": kit.name,  # the game's own set: the page goes back to it from a new game's setup
            "advice": advice(game), "target": target(game), "stalled": stalled(game),
            # the printed board's look (style.board): each premium's colour, its label and the label's colour
            "colors": dict(kit.board_style.colors), "labels": dict(kit.board_style.labels),
            "label_colors": dict(kit.board_style.label_colors)}


def target(game: Game) -> dict[str, Any] | None:
    """The rules' target score (the book's: the game may end when someone reaches it, after the round): who has
    reached it, and whether the round is over (every player has had as many turns: the first is to play), when
    the game then ends with the racks entered. None where the rules set none, nobody has reached it, or the game
    is over."""
    goal = game.kit.rules.target_score
    if not goal or game.over:
        return None
    reached = [i for i, p in enumerate(game.players) if game.total(p.number) >= goal]
    if not reached:
        return None
    return {"score": goal, "reached": reached, "round_over": game.next == 0}


def stalled(game: Game) -> dict[str, int] | None:
    """Where the rules end a game nobody goes out of (``end_passes``, ``end_scoreless``: the Polish and German
    federations') and the last turns have come to it: the passes and the turns that scored nothing, in a row, so
    that the page says so and opens the end's form. None otherwise, or when the game is over. A withdrawn play
    scored nothing; score adjustments (bonuses) are no turns."""
    rules = game.kit.rules
    if game.over or not (rules.end_passes or rules.end_scoreless):
        return None
    passed = idle = 0
    passes_only, withdrawn = True, False
    for e in reversed(game.record.events):
        if e.kind == "withdrawn":
            withdrawn = True
            continue
        if e.kind not in TURN_KINDS:
            continue
        if e.kind == "placement" and not withdrawn and e.score:
            break
        withdrawn = False
        idle += 1
        passes_only = passes_only and e.kind == "pass"
        passed += passes_only
    if not stalled_by_rules(rules, len(game.players), passed, idle):
        return None
    return {"passes": passed, "scoreless": idle, "end_passes": rules.end_passes, "end_scoreless": rules.end_scoreless}


__all__ = ["KINDS", "MAX_GCG", "Game", "Refused", "advice", "engine_said", "load", "play", "players_of", "stalled",
           "start", "target", "text", "undo", "view"]
