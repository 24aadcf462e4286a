"""Self-play: games of a kit played by greedy players, for the figures a maker checks a set by.

Each player takes the highest-scoring single-line placement the generator (:mod:`.movegen`) finds
(optionally with a simple leave heuristic: a kept blank is worth something, duplicates and racks
far from two vowels in five cost), first of equals in the generator's fixed order. When no
placement scores, the player exchanges their whole rack (or as many tiles as the bag holds; a pass
when it is empty). The game ends by the kit's rules: a player goes out when the bag is empty; the
target score (the book's 150) once a round is completed; or, nobody going out, as the rules say
(:func:`stalled`: the Polish federation's two passes each in a row), else when every player has had two
turns in a row without a placement. A player exchanges only as often as the rules allow (``exchange_limit``),
then passes. The racks left are settled by :func:`~.score.end_adjustments`.

With ``record``, ``Game.gcg`` is the game's GCG record (:func:`~.replay.game_record`): each turn's
whole rack before it (``Game.racks``), and the lines that settle the racks at the end, so that each
player's last total is the final score. Going out, the target score and a stalled game's end where the rules
give one (``rules``) are the rules' ends; the other two (``stuck``, the turn limit) are the simulator's guards,
and their records are marked ``#incomplete``.

Every game has its own ``random.Random`` seeded from the run's seed and the game's number, so a
game is the same whatever else runs, and ``jobs`` processes give the same games in the same order
as one.

API: ``play_game(kit, graph, seed, index, players=2, leave=False, record=False) -> Game``;
``simulate(kit, graph, games, seed, players=2, jobs=1, leave=False, record=False, progress=None) ->
Run`` (``Run.games``: those finished, in order; ``Run.stopped``: a Ctrl-C came first).
"""

from __future__ import annotations

import os
import random
from dataclasses import dataclass, field
from typing import Callable

from ..model import Kit
from .move import Exchange, Pass
from .movegen import Candidate, Generator, WordGraph
from .notation import BLANK, Letter, write_word
from .score import end_adjustments, stalled_by_rules
from .state import State

__all__ = ["Game", "Run", "MAX_TURNS", "play_game", "simulate"]

MAX_TURNS = 500  # a guard: no game of 100-odd tiles lasts this long


@dataclass
class Game:
    """One game's figures: final scores (after the racks are settled), turns, and per face: tiles
    played, turns held (summed over its tiles), points earned (summed), whether it ended on a rack."""

    index: int
    scores: list[int]
    turns: int
    placements: int = 0
    no_move: int = 0  # turns whose rack had no placement at all
    bonuses: int = 0
    exchanges: int = 0
    passes: int = 0
    swaps: int = 0  # the book's blank swaps made
    went_out: int | None = None
    end: str = ""  # out, target, rules (a stalled game the rules end), stuck, limit
    played: dict[str, int] = field(default_factory=dict)
    held: dict[str, int] = field(default_factory=dict)  # turns held, summed over tiles played or left
    held_tiles: dict[str, int] = field(default_factory=dict)  # tiles those turns are summed over
    points: dict[str, float] = field(default_factory=dict)
    left: tuple[str, ...] = ()  # faces on a rack at the end (each once)
    rack_tiles: int = 0  # tiles on the racks at the end
    words: tuple[str, ...] = ()  # every word formed, in order
    moves: tuple[str, ...] = ()  # as the score command reads them
    end_racks: tuple[tuple[str, ...], ...] = ()  # each player's rack when the game ended (``?`` a blank)
    racks: tuple[tuple[str, ...], ...] = ()  # with a record: the rack each turn began with, in turn order
    gcg: str = ""  # the game record, when asked for


def _leave(kept: list[str], kit: Kit) -> float:
    d = kit.distribution
    if not kept:
        return 0.0
    blanks = kept.count(BLANK)
    letters = [f for f in kept if f != BLANK]
    dups = len(letters) - len(set(letters))
    vowels = sum(d.is_vowel(f) for f in letters)
    return 5.0 * blanks - 3.0 * dups - 2.0 * abs(vowels - 0.4 * len(letters))


def stalled(rules, players: int, passed: int, idle: int) -> str | None:
    """How a game nobody went out of ends, after ``passed`` passes and ``idle`` turns that scored nothing, both
    in a row: ``"rules"`` where the rules end it (``end_passes``: every player passed that many times;
    ``end_scoreless``: that many turns), ``"stuck"`` where the simulator stops a game the rules would let run on
    (every player has had two turns that scored nothing: exchanges, which no rule of these bounds, or passes
    where the rules say nothing), None while it goes on."""
    if (rules.end_passes or rules.end_scoreless) and stalled_by_rules(rules, players, passed, idle):
        return "rules"
    bounded = rules.end_scoreless or (rules.end_passes and rules.exchange_limit)  # the rules' end comes
    return "stuck" if not bounded and idle >= 2 * players else None


def play_game(kit: Kit, graph: WordGraph, seed: int, index: int, players: int = 2, leave: bool = False,
              record: bool = False) -> Game:
    """Game number ``index`` of the run seeded ``seed`` (see the module's docstring)."""
    rng = random.Random(f"printkit-simulate:{seed}:{index}")
    d, rules = kit.distribution, kit.rules
    bag = [t.face for t in d.tiles for _ in range(t.count)] + [BLANK] * d.blanks
    rng.shuffle(bag)
    state = State.for_kit(kit)
    racks: list[list[str]] = []
    since: list[list[int]] = []  # the holder's turn number when each tile came to the rack
    own = [0] * players  # turns each player has begun
    for p in range(players):
        racks.append([bag.pop() for _ in range(min(rules.rack, len(bag)))])
        since.append([0] * len(racks[p]))
    scores = [0] * players
    game = Game(index, scores, 0)
    held, held_tiles, played, points = game.held, game.held_tiles, game.played, game.points
    words: list[str] = []
    moves: list[str] = []
    before: list[tuple[str, ...]] = []  # the rack each turn began with (kept for a record only)
    idle = 0  # turns in a row that scored nothing
    passed = 0  # passes in a row
    exchanged = [0] * players  # exchanges each player has made
    turn = 0

    def hold(face: str, turns: int) -> None:
        held[face] = held.get(face, 0) + turns
        held_tiles[face] = held_tiles.get(face, 0) + 1

    while True:
        p = turn % players
        rack = racks[p]
        own[p] += 1
        if record:
            before.append(tuple(rack))
        found = Generator(graph, state).moves(rack)
        if not found:
            game.no_move += 1
        best = None
        if found:
            if leave:
                best = max(found, key=lambda m: m.score + _leave(_rack_left(rack, m, state), kit))
            else:
                best = max(found, key=lambda m: m.score)
        if best is not None and best.score > 0:
            text = best.text(state)
            scored = state.play(best.placement())
            assert scored.total == best.score, (text, scored.total, best.score)
            moves.append(text)
            scores[p] += scored.total
            game.placements += 1
            if scored.bonus:
                game.bonuses += 1
            if best.swap is not None:
                game.swaps += 1
            words.extend("".join(sq.face for sq in w.squares) for w in scored.words)
            _credit(scored, best, points)
            used = _used(best, state)
            for face in used:
                k = rack.index(face)
                rack.pop(k)
                hold(face, own[p] - since[p].pop(k))
            for t in best.tiles:
                key = BLANK if t.blank else t.face
                played[key] = played.get(key, 0) + 1
            while len(rack) < rules.rack and bag:
                rack.append(bag.pop())
                since[p].append(own[p])
            idle = passed = 0
            if not rack and not bag:
                game.went_out, game.end = p, "out"
        else:
            k = min(len(rack), len(bag)) if exchanged[p] < (rules.exchange_limit or MAX_TURNS) else 0  # else spent
            if k:
                exchanged[p] += 1
                passed = 0
                back = rack[:k]
                new = [bag.pop() for _ in range(k)]
                for face, start in zip(back, since[p][:k]):
                    hold(face, own[p] - start)
                del rack[:k]
                del since[p][:k]
                rack.extend(new)
                since[p].extend([own[p]] * k)
                bag.extend(back)
                rng.shuffle(bag)
                state.play(Exchange(tuple(back)))
                moves.append("exchange " + write_word([Letter(f) for f in back if f != BLANK], d)
                             + BLANK * back.count(BLANK))
                game.exchanges += 1
            else:
                state.play(Pass())
                moves.append("pass")
                game.passes += 1
                passed += 1
            idle += 1
        turn += 1
        if game.end:
            break
        if rules.target_score and p == players - 1 and max(scores) >= rules.target_score:
            game.end = "target"
            break
        stop = stalled(rules, players, passed, idle)
        if stop:
            game.end = stop
            break
        if turn >= MAX_TURNS:
            game.end = "limit"
            break
    for p in range(players):
        for face, start in zip(racks[p], since[p]):
            hold(face, own[p] - start)
    adjust = end_adjustments([list(r) for r in racks], game.went_out, d, rules)
    for p in range(players):
        scores[p] += adjust[p]
    game.turns = turn
    game.left = tuple(sorted({f for r in racks for f in r}))
    game.rack_tiles = sum(len(r) for r in racks)
    game.words = tuple(words)
    game.moves = tuple(moves)
    game.end_racks = tuple(tuple(r) for r in racks)
    if record:
        game.racks = tuple(before)
        game.gcg = _record(kit, state, game, seed)
    return game


def _rack_left(rack: list[str], move: Candidate, state: State) -> list[str]:
    kept = list(rack)
    for face in _used(move, state):
        kept.remove(face)
    return kept


def _used(move: Candidate, state: State) -> list[str]:
    """The rack's tiles a move takes: its tiles (a blank as ``?``), and with the book's swap the real
    letter given for the blank taken off the board (that blank is then one of the move's tiles)."""
    used = [BLANK if t.blank else t.face for t in move.tiles]
    if move.swap is not None:
        used.remove(BLANK)
        used.append(state.tile(*move.swap).face)
    return used


def _credit(scored, move: Candidate, points: dict[str, float]) -> None:
    """Each new tile's part of the move's words: its points after its letter premium, times its
    word's multiplier (the bonus for a whole rack is no tile's)."""
    for w in scored.words:
        base = sum(w.letters)
        times = w.total / base if base else 0.0
        for sq, pts in zip(w.squares, w.letters):
            if sq.new:
                key = BLANK if sq.blank else sq.face
                points[key] = points.get(key, 0.0) + pts * times


def _record(kit: Kit, state: State, game: Game, seed: int) -> str:
    """The game as a GCG record: each turn's whole rack, and the lines that settle the racks at the
    end, so that each player's last total is the game's final score. A game the kit's rules ended
    (a player went out, the target score) is complete; one the simulator stopped (every player
    stuck, the turn limit), which the rules do not end, is marked ``#incomplete`` and says why in a note."""
    from .gcg import write_gcg
    from .replay import game_record

    names = [f"Player {i}" for i in range(1, len(game.scores) + 1)]
    stopped = _stopped(game)
    rec = game_record(kit, state, game.moves, names,
                      description=f"printkit simulate: seed {seed}, game {game.index + 1}",
                      name=f"game-{game.index + 1:04d}", racks=game.racks, end=game.end_racks,
                      went_out=game.went_out, incomplete=stopped is not None,
                      notes=(stopped,) if stopped else ())
    return write_gcg(rec)


def _stopped(game: Game) -> str | None:
    """Why the simulator stopped a game the rules do not end (None: the rules ended it)."""
    if game.end == "stuck":
        return ("stopped by the simulator: every player had two turns in a row without a placement, an end the "
                "rules do not define; the racks are deducted as at the end")
    if game.end == "limit":
        return f"stopped by the simulator after {game.turns} turns; the racks are deducted as at the end"
    return None


# -- many games ----------------------------------------------------------------------------------------

@dataclass
class Run:
    games: list[Game]
    requested: int
    stopped: bool = False


_WORK: tuple | None = None  # what a worker process plays with (inherited when it forks)


def _one(index: int) -> Game:
    kit, graph, seed, players, leave, record = _WORK
    return play_game(kit, graph, seed, index, players, leave, record)


def simulate(kit: Kit, graph: WordGraph, games: int, seed: int, players: int = 2, jobs: int = 1,
             leave: bool = False, record: bool = False,
             progress: Callable[[int, int], None] | None = None) -> Run:
    """``games`` games, on ``jobs`` processes (the same games whatever ``jobs``); ``progress(done,
    placements)`` after each game. A Ctrl-C returns the games finished so far (``stopped``)."""
    global _WORK
    _WORK = (kit, graph, seed, players, leave, record)
    done: list[Game] = []
    moves = 0
    try:
        if jobs <= 1 or games <= 1:
            for i in range(games):
                g = _one(i)
                done.append(g)
                moves += g.placements
                if progress:
                    progress(len(done), moves)
            return Run(done, games)
        import multiprocessing

        method = "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"
        ctx = multiprocessing.get_context(method)
        pool = ctx.Pool(min(jobs, games, os.cpu_count() or 1), initializer=_init, initargs=(_WORK,))
        try:
            for g in pool.imap(_one, range(games)):
                done.append(g)
                moves += g.placements
                if progress:
                    progress(len(done), moves)
            pool.close()
        except BaseException:
            pool.terminate()
            raise
        finally:
            pool.join()
        return Run(done, games)
    except KeyboardInterrupt:
        return Run(done, games, stopped=True)
    finally:
        _WORK = None


def _init(work: tuple) -> None:
    import signal

    global _WORK
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's: it stops the pool
    for name in ("SIGTERM", "SIGHUP"):  # the pool ends its workers by SIGTERM: not the parent's handler (which
        if hasattr(signal, name):  # a forked worker inherits, and which raised a stop there, a traceback each)
            signal.signal(getattr(signal, name), signal.SIG_DFL)
    _WORK = work
