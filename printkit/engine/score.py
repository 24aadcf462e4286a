"""Scoring one turn under a rule set: letter values, premiums, word multipliers, the all-tiles bonus.

This is the one place where the rules' differences meet: a blank's value (0, or the letter's),
premiums used once or every time a word passes, two word premiums multiplied or added. (The board
state scores a move with the same arithmetic on its flat squares, and a test holds the two equal.)

API: ``score_word(squares, distribution, rules) -> WordScore`` (``total``, ``explain()``, ``word``),
``tile_points``, ``turn_bonus(tiles_placed, rules)``, and :class:`MoveScore`, what
``State.play`` returns: ``total``, ``bonus``, ``tiles``, ``turn``, ``move``, ``words`` (the
:class:`WordScore` of every word formed or extended, the main word first), ``explain()``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Sequence

from ..model import BlankValue, Distribution, Premium, PremiumUse, Rules, WordPremiums
from .board import Square

if TYPE_CHECKING:
    from .move import Move
    from .state import State

__all__ = ["MoveScore", "Square", "WordScore", "score_word", "tile_points", "turn_bonus"]


@dataclass(frozen=True)
class WordScore:
    """A word's score with every figure that went into it, so that it can be explained."""

    squares: tuple[Square, ...]
    values: tuple[int, ...]  # each tile's points before premiums (a blank's under the rules)
    letter_mults: tuple[int, ...]  # the letter premium that counted on each square (1: none did)
    word_mults: tuple[int, ...]  # the word premiums that counted, in the word's order
    word_mult: int  # what they come to under the rules
    total: int
    combine: WordPremiums = WordPremiums.MULTIPLY  # how two or more word premiums came together

    @property
    def word(self) -> str:
        """The word as written in records: lower case for a blank."""
        return "".join(sq.face.lower() if sq.blank else sq.face for sq in self.squares)

    @property
    def letters(self) -> tuple[int, ...]:
        """Each square's points after its letter premium."""
        return tuple(v * m for v, m in zip(self.values, self.letter_mults))

    def explain(self) -> str:
        """``П2 + О1 + Л2×3 = 9``: each tile's real points and the premiums that counted, adding up
        to the total (a blank is written in lower case)."""
        parts = []
        for sq, value, mult in zip(self.squares, self.values, self.letter_mults):
            name = sq.face.lower() if sq.blank else sq.face
            parts.append(f"{name}{value}" + (f"×{mult}" if mult > 1 else ""))
        text = " + ".join(parts) + f" = {sum(self.letters)}"
        if len(self.word_mults) == 1:
            text += f", word ×{self.word_mult} = {self.total}"
        elif self.word_mults:
            each = " ".join(f"×{m}" for m in self.word_mults)
            how = "multiplied" if self.combine is WordPremiums.MULTIPLY else "added"
            text += f", words {each} {how}: ×{self.word_mult} = {self.total}"
        return text


def tile_points(sq: Square, dist: Distribution, rules: Rules) -> int:
    """A tile's points before premiums: its value, or 0 for a blank where the rules give it none."""
    if sq.blank and rules.blank_value is BlankValue.ZERO:
        return 0
    return dist.value(sq.face)


def score_word(squares: Sequence[Square], dist: Distribution, rules: Rules) -> WordScore:
    """A word's score: premiums count on new tiles only, or on every tile where the rules say so."""
    values, letter_mults, word_mults = [], [], []
    for sq in squares:
        counts = sq.new or rules.premiums is PremiumUse.ALWAYS
        premium = sq.premium if counts else Premium.NONE
        values.append(tile_points(sq, dist, rules))
        letter_mults.append(premium.letter_mult)
        if premium.word_mult > 1:
            word_mults.append(premium.word_mult)
    if rules.word_premiums is WordPremiums.MULTIPLY:
        mult = 1
        for m in word_mults:
            mult *= m
    else:
        mult = 1 + sum(m - 1 for m in word_mults)
    letters = sum(v * m for v, m in zip(values, letter_mults))
    return WordScore(tuple(squares), tuple(values), tuple(letter_mults), tuple(word_mults), mult,
                     letters * mult, rules.word_premiums)


def turn_bonus(tiles_placed: int, rules: Rules) -> int:
    """The bonus for playing a whole rack in one turn (0 where the rules give none)."""
    return rules.all_tiles_bonus if tiles_placed >= rules.rack else 0


class MoveScore:
    """A turn's score: ``total`` (its words and the bonus), ``bonus`` (for the whole rack), ``tiles``
    (how many were placed), ``turn`` (its number, from 1), ``move`` (what was played), ``words``.

    ``words`` is worked out when first asked, from the board as it was on that turn (a blank swapped
    later still shows as the blank), so that replaying a game allocates nothing per letter; a turn
    taken back with ``State.undo`` keeps its words.
    """

    __slots__ = ("move", "turn", "total", "bonus", "tiles", "_spans", "_state", "_words")

    def __init__(self, move: "Move", turn: int, total: int, bonus: int, tiles: int, spans: tuple,
                 state: "State"):
        self.move, self.turn, self.total, self.bonus, self.tiles = move, turn, total, bonus, tiles
        self._spans = spans  # per word: (first square, step, length, points, holds an older tile)
        self._state: "State | None" = state
        self._words: tuple[WordScore, ...] | None = None

    @property
    def word_totals(self) -> tuple[int, ...]:
        """Each word's points, in the order of ``words``, without building them."""
        return tuple(span[3] for span in self._spans)

    @property
    def words(self) -> tuple[WordScore, ...]:
        if self._words is None:
            self._keep()
        return self._words  # type: ignore[return-value]

    def _keep(self) -> None:
        """Work out the words now, from the board (before a take-back changes it)."""
        if self._words is not None:
            return
        st = self._state
        self._words = tuple(score_word(st._squares(start, step, n, self.turn), st.distribution, st.rules)
                            for start, step, n, _, _ in self._spans)
        self._state = None

    def explain(self) -> list[str]:
        """One line a word (``ПОЛ: П2 + О1 + Л2 = 5``), then the bonus, then ``turn: N``."""
        lines = [f"{w.word}: {w.explain()}" for w in self.words]
        if self.bonus:
            lines.append(f"all {self.tiles} tiles: +{self.bonus}")
        lines.append(f"turn: {self.total}")
        return lines

    def __repr__(self) -> str:
        return f"MoveScore(turn={self.turn}, move={self.move}, total={self.total}, bonus={self.bonus})"
