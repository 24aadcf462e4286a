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
    """A word's score with every figure that went into it, so that it can be explained."""

    squares: tuple[Square, ...]
    values: tuple[int, ...]  # each tile's points before premiums (a blank's under the rules)
    letter_mults: tuple[int, ...]  # the letter premium that counted on each square (1: none did)
    word_mults: tuple[int, ...]  # the word premiums that counted, in the word's order
    word_mult: int  # what they come to under the rules
    total: int
    combine: WordPremiums = WordPremiums.MULTIPLY  # how two or more word premiums came together

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
