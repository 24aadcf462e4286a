"""A game: players with racks, a bag drawn with a seedable random generator, turns in order, the
scores, and the end (rack values deducted, the player who went out gaining the others' racks where
the rules say so, or a target score reached when the round is complete).

API:

- ``Bag(tiles, seed=None)``, ``Bag.full(distribution, seed=None)``: ``draw(n) -> list[str]``,
  ``put_back(tiles)``, ``len(bag)``; a blank is ``"?"``; the same seed draws the same tiles;
- ``rack_value(tiles, distribution) -> int``: the points of tiles left on a rack (a blank: 0);
- ``end_adjustments(racks, went_out, distribution, rules) -> list[int]``: what the end of the game
  adds to each player's score (``went_out``: the player who emptied their rack, or ``None``);
- ``Game(state, players=2, seed=None)``, ``Game.for_kit(kit, players=2, seed=None)``: the first
  racks are drawn in turn order; ``game.play(move) -> MoveScore`` for the player to move (the
  tiles must be on their rack; with the book's blank swap the real letter must be, and the blank
  taken up is played at once), then the rack is filled from the bag; ``game.finish()`` ends a game
  nobody can move in; ``racks``, ``scores``, ``player`` (to move), ``over``, ``ending``
  (``"out"``, ``"passes"``, ``"target"``, ``"agreed"``), ``went_out``, ``adjustments``.

The end:

- a player empties their rack when the bag is empty ("out"): each player's rack values are
  deducted from their own score, and under ``end: deduct-and-award`` the player who went out gains
  the others' (``end_award: 1``, the boxed rules of seed 003); with ``end_award: 2`` (tournament
  rules, as game records score it) the player who went out gains them twice over and the others
  keep their scores (:func:`end_adjustments`);
- every player passes in a row ("passes"), or ``finish()`` ("agreed"): the racks are deducted;
- ``rules.target_score``: when a round is complete (every player has had as many turns) and a
  score has reached it ("target"), the game ends with the scores as they stand (the book: "пока
  кто-нибудь не наберет условленное количество очков"; the racks are not deducted, the Ukrainian
  text deducts them only when the tiles run out).
"""

from __future__ import annotations

import random
from collections import Counter
from typing import TYPE_CHECKING, Iterable

from ..model import Distribution, EndRule, Rules
from .move import Exchange, IllegalMove, Move, Pass, Placement
from .notation import BLANK
from .score import MoveScore
from .state import State

if TYPE_CHECKING:
    from ..model import Kit


class Bag:
    """The tiles not yet drawn. ``draw`` takes tiles at random with its own generator, so a seed
    makes a game repeatable."""

    def __init__(self, tiles: Iterable[str], seed: int | str | None = None):
        self._tiles = list(tiles)
        self._rng = random.Random(seed)

    @classmethod
    def full(cls, distribution: Distribution, seed: int | str | None = None) -> "Bag":
        tiles = [t.face for t in distribution.tiles for _ in range(t.count)] + [BLANK] * distribution.blanks
        return cls(tiles, seed)

    def __len__(self) -> int:
        return len(self._tiles)

    def draw(self, n: int) -> list[str]:
        """Up to ``n`` tiles (fewer when the bag runs out), each drawn at random."""
        out = []
        tiles, rng = self._tiles, self._rng
        for _ in range(min(n, len(tiles))):
            j = rng.randrange(len(tiles))
            tiles[j], tiles[-1] = tiles[-1], tiles[j]
            out.append(tiles.pop())
        return out

    def put_back(self, tiles: Iterable[str]) -> None:
        self._tiles.extend(tiles)

    def tiles(self) -> list[str]:
        """What is left, sorted (the order of the bag is not part of it)."""
        return sorted(self._tiles)


def rack_value(tiles: Iterable[str], distribution: Distribution) -> int:
    """The points of the tiles on a rack; a blank stands for nothing there and is worth 0."""
    return sum(distribution.value(t) for t in tiles if t != BLANK)


class Game:
    """Players taking turns on one board (see the module's docstring)."""

    def __init__(self, state: State, players: int = 2, seed: int | str | None = None):
        if players < 1:
            raise ValueError("a game has one player or more")
        self.state = state
        self.rules = state.rules
        self.bag = Bag.full(state.distribution, seed)
        rack = self.rules.rack
        if rack * players > len(self.bag):
            raise IllegalMove(f"{len(self.bag)} tiles cannot fill {players} racks of {rack}")
        self.racks: list[list[str]] = [self.bag.draw(rack) for _ in range(players)]
        self.scores = [0] * players
        self.player = 0  # to move
        self.over = False
        self.ending: str | None = None
        self.went_out: int | None = None
        self.adjustments = [0] * players
        self._passes = 0

    @classmethod
    def for_kit(cls, kit: "Kit", players: int = 2, seed: int | str | None = None) -> "Game":
        return cls(State.for_kit(kit), players, seed)

    @property
    def players(self) -> int:
        return len(self.racks)

    def play(self, move: Move) -> MoveScore:
        """The player to move plays ``move``: checked against their rack and the board, scored, the
        rack filled up; then the turn passes on, and the game may end."""
        if self.over:
            raise IllegalMove("the game is over")
        rack = self.racks[self.player]
        if isinstance(move, Placement):
            kept = self._take_from(rack, move)
            score = self.state.play(move)
            rack[:] = kept + self.bag.draw(len(move.tiles))
            self._passes = 0
        elif isinstance(move, Exchange):
            kept = self._without(rack, list(move.tiles), "exchange")
            if len(move.tiles) > len(self.bag):
                raise IllegalMove(f"the bag holds {len(self.bag)} tile{'s' if len(self.bag) != 1 else ''}: "
                                  f"{len(move.tiles)} cannot be exchanged")
            score = self.state.play(move)
            drawn = self.bag.draw(len(move.tiles))  # draw first, then put the others back
            self.bag.put_back(move.tiles)
            rack[:] = kept + drawn
            self._passes = 0
        elif isinstance(move, Pass):
            score = self.state.play(move)
            self._passes += 1
        else:
            raise TypeError(f"not a move: {move!r}")
        self.scores[self.player] += score.total
        mover = self.player
        self.player = (self.player + 1) % self.players
        if isinstance(move, Placement) and not rack and not self.bag:
            self._end("out", mover)
        elif self._passes >= self.players:
            self._end("passes")
        elif self.player == 0 and self.rules.target_score is not None \
                and max(self.scores) >= self.rules.target_score:
            self._end("target")
        return score

    def finish(self) -> None:
        """End the game now: nobody can move (the players agree); the racks are deducted."""
        if not self.over:
            self._end("agreed")

    def _take_from(self, rack: list[str], move: Placement) -> list[str]:
        """The rack once the move's tiles are taken from it (with a swap: the real letter given for
        the blank taken from the board)."""
        have = list(rack)
        if move.swap is not None:
            tile = self.state.tile(*move.swap)
            if tile is not None and tile.blank:
                have = self._without(have, [tile.face], "swap a blank for")
                have.append(BLANK)
        return self._without(have, [BLANK if t.blank else t.face for t in move.tiles], "play")

    @staticmethod
    def _without(rack: list[str], tiles: list[str], what: str) -> list[str]:
        short = Counter(tiles) - Counter(rack)
        if short:
            missing = " ".join(("a blank" if t == BLANK else t) for t in sorted(short.elements()))
            raise IllegalMove(f"cannot {what} {missing}: the rack holds {''.join(sorted(rack)) or 'nothing'}")
        left = list(rack)
        for t in tiles:
            left.remove(t)
        return left

    def _end(self, ending: str, went_out: int | None = None) -> None:
        self.over, self.ending, self.went_out = True, ending, went_out
        if ending == "target":
            return
        self.adjustments = end_adjustments(self.racks, went_out, self.state.distribution, self.rules)
        for i, a in enumerate(self.adjustments):
            self.scores[i] += a


def end_adjustments(racks: list[list[str]], went_out: int | None, distribution: Distribution,
                    rules: Rules) -> list[int]:
    """What the end adds to each score: every rack's values deducted from its own player; under
    ``deduct-and-award`` the player who went out gains the others' (``end_award: 1``), or twice
    the others' while they keep their scores (``end_award: 2``, tournament rules)."""
    left = [rack_value(r, distribution) for r in racks]
    if went_out is None or rules.end is not EndRule.DEDUCT_AND_AWARD:
        return [-v for v in left]
    others = sum(v for i, v in enumerate(left) if i != went_out)
    if rules.end_award >= 2:
        return [rules.end_award * others if i == went_out else 0 for i in range(len(racks))]
    return [others - left[i] if i == went_out else -left[i] for i in range(len(racks))]
