"""Scoring one turn under a rule set: letter values, premiums, word multipliers, the all-tiles bonus.

This is the one place where the rules' differences meet: a blank's value (0, or the letter's),
premiums used once or every time a word passes, two word premiums multiplied or added.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from ..model import BlankValue, Distribution, Premium, PremiumUse, Rules, WordPremiums
from .board import Square

__all__ = ["Square", "WordScore", "score_word", "tile_points", "turn_bonus"]


@dataclass(frozen=True)
class WordScore:
    squares: tuple[Square, ...]
    letters: tuple[int, ...]  # each square's points after letter premiums
    word_mult: int
    total: int

    def explain(self) -> str:
        """``П2 + О1 + Л2 = 5``, with premiums and blanks shown."""
        parts = []
        for sq, pts in zip(self.squares, self.letters):
            name = sq.face.lower() if sq.blank else sq.face
            mult = sq.premium.letter_mult if pts and sq.premium.letter_mult > 1 else 1
            base = pts // mult
            parts.append(f"{name}{base}" + (f"×{mult}" if mult > 1 else ""))
        text = " + ".join(parts) + f" = {sum(self.letters)}"
        if self.word_mult != 1:
            text += f", word ×{self.word_mult} = {self.total}"
        return text


def tile_points(sq: Square, dist: Distribution, rules: Rules) -> int:
    if sq.blank and rules.blank_value is BlankValue.ZERO:
        return 0
    return dist.value(sq.face)


def score_word(squares: Sequence[Square], dist: Distribution, rules: Rules) -> WordScore:
    letters = []
    word_mults = []
    for sq in squares:
        counts = sq.new or rules.premiums is PremiumUse.ALWAYS
        premium = sq.premium if counts else Premium.NONE
        letters.append(tile_points(sq, dist, rules) * premium.letter_mult)
        if premium.word_mult > 1:
            word_mults.append(premium.word_mult)
    if rules.word_premiums is WordPremiums.MULTIPLY:
        mult = 1
        for m in word_mults:
            mult *= m
    else:
        mult = 1 + sum(m - 1 for m in word_mults)
    return WordScore(tuple(squares), tuple(letters), mult, sum(letters) * mult)


def turn_bonus(tiles_placed: int, rules: Rules) -> int:
    """The bonus for playing a whole rack in one turn (0 where the rules give none)."""
    return rules.all_tiles_bonus if tiles_placed >= rules.rack else 0
