"""Scoring, in one place: the words of a turn under a rule set (letter values, premiums, word
multipliers), the bonus for a whole rack, and the points left on racks at the end of a game.

:func:`score_turn` is the one function every score comes from: the board in play
(:meth:`~.state.State.play`, and through it ``score``, ``replay`` and the words the judge is
given) calls it for each turn, and ``check`` for the rule sets' worked examples. It is a pure
function of the squares of the words a turn forms (each square's tile, whether it was placed this
turn, the premium under it), the set's letter values and the rules, and it returns each word's
breakdown, so that what an explanation prints is what was added up.

This is where the rules' differences meet: a blank's value (0, or the letter's), premiums used
once or every time a word passes, two word premiums multiplied or added, the all-tiles bonus.

API:

- ``score_turn(words, tiles, distribution, rules, move=None, turn=0) -> MoveScore``: ``words``
  the squares of each word formed or extended (the main word first), ``tiles`` how many tiles
  were placed; :class:`MoveScore` (``total``, ``bonus``, ``tiles``, ``words``, ``move``,
  ``turn``, ``explain()``);
- ``score_word(squares, distribution, rules) -> WordScore`` (``total``, ``word``, ``explain()``):
  one word, the part of a turn's score that the rules' premiums decide;
- :class:`Square` (a tile as scoring sees it), ``loose(letters)`` (a word's squares without a
  position: new tiles, no premiums);
- ``rack_value(tiles, distribution)``, ``end_adjustments(racks, went_out, distribution, rules)``:
  the end of a game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Iterable, Mapping, NamedTuple, Sequence

from ..model import BlankValue, Distribution, EndRule, Premium, PremiumUse, Rules, WordPremiums
from ..text import case
from .notation import BLANK, Letter

if TYPE_CHECKING:
    from .move import Move

__all__ = ["MoveScore", "Square", "Tally", "WordScore", "end_adjustments", "loose", "rack_value", "score_turn",
           "score_word"]


class Square(NamedTuple):
    """A tile as it lies on the board: its face, whether it is a blank, whether it was placed this
    turn, the premium under it, and where it is (``None`` for a word scored without a position)."""

    face: str
    blank: bool = False
    new: bool = True  # placed this turn
    premium: Premium = Premium.NONE
    at: tuple[int, int] | None = None  # (row, col), 0-based


def loose(letters: Iterable[Letter]) -> tuple[Square, ...]:
    """The squares of a word scored without a position: new tiles, no premiums."""
    return tuple(Square(letter.face, letter.blank) for letter in letters)


class WordScore(NamedTuple):
    """A word's score with every figure that went into it, so that it can be explained. (The
    scores are named tuples, not dataclasses: a game replayed makes one for every word, and a
    frozen dataclass takes four times as long to make.)"""

    squares: tuple[Square, ...]
    values: tuple[int, ...]  # each tile's points before premiums (a blank's under the rules)
    letter_mults: tuple[int, ...]  # the letter premium that counted on each square (1: none did)
    word_mults: tuple[int, ...]  # the word premiums that counted, in the word's order
    word_mult: int  # what they come to under the rules
    total: int
    combine: WordPremiums = WordPremiums.MULTIPLY  # how two or more word premiums came together
    language: str = ""  # the set's: how a blank is written (a Turkish blank I is ı)

    @property
    def word(self) -> str:
        """The word as written in records: lower case for a blank."""
        return "".join(case.lower(sq.face, self.language) if sq.blank else sq.face for sq in self.squares)

    @property
    def letters(self) -> tuple[int, ...]:
        """Each square's points after its letter premium."""
        return tuple(v * m for v, m in zip(self.values, self.letter_mults))

    def explain(self, phrases: Mapping[str, str] | None = None) -> str:
        """``П2 + О1 + Л2×3 = 9``: each tile's real points and the premiums that counted, adding up
        to the total (a blank is written in lower case). ``phrases``: the words around the figures in
        another language than the command line's English (:data:`EXPLAINED`'s keys)."""
        say = EXPLAINED if phrases is None else phrases
        parts = []
        for sq, value, mult in zip(self.squares, self.values, self.letter_mults):
            name = case.lower(sq.face, self.language) if sq.blank else sq.face
            parts.append(f"{name}{value}" + (f"×{mult}" if mult > 1 else ""))
        text = " + ".join(parts) + f" = {sum(self.letters)}"
        if len(self.word_mults) == 1:
            text += say["word"].format(mult=self.word_mult, total=self.total)
        elif self.word_mults:
            each = " ".join(f"×{m}" for m in self.word_mults)
            how = say["multiplied" if self.combine is WordPremiums.MULTIPLY else "added"]
            text += say["words"].format(each=each, how=how, mult=self.word_mult, total=self.total)
        return text


# the command line's words around a word's figures (WordScore.explain); the keeper's page says them in its language
EXPLAINED = {"word": ", word ×{mult} = {total}", "words": ", words {each} {how}: ×{mult} = {total}",
             "multiplied": "multiplied", "added": "added"}


class MoveScore(NamedTuple):
    """A turn's score: ``total`` (its words and the bonus), ``bonus`` (for the whole rack), ``tiles``
    (how many were placed), ``words`` (each word formed or extended, the main word first), and
    ``move`` (what was played: ``None`` for tiles scored off the board) and ``turn`` (its number,
    from 1; 0 off the board)."""

    words: tuple[WordScore, ...]
    bonus: int
    tiles: int
    total: int
    move: "Move | None" = None
    turn: int = 0

    def explain(self) -> list[str]:
        """One line a word (``ПОЛ: П2 + О1 + Л2 = 5``), then the bonus, then ``turn: N``."""
        lines = [f"{w.word}: {w.explain()}" for w in self.words]
        if self.bonus:
            lines.append(f"all {self.tiles} tiles: +{self.bonus}")
        lines.append(f"turn: {self.total}")
        return lines

    def __repr__(self) -> str:
        return f"MoveScore(turn={self.turn}, move={self.move}, total={self.total}, bonus={self.bonus})"


def score_turn(words: Iterable[Sequence[Square]], tiles: int, distribution: Distribution, rules: Rules,
               move: "Move | None" = None, turn: int = 0) -> MoveScore:
    """A turn's score: each word's (:func:`score_word`), and the bonus for playing a whole rack
    (``tiles`` placed, at least the rack's size), where the rules give one. ``move`` and ``turn``
    only label the result."""
    scored = tuple([score_word(squares, distribution, rules) for squares in words])
    bonus = rules.all_tiles_bonus if tiles >= rules.rack else 0
    total = bonus
    for word in scored:
        total += word.total
    return MoveScore(scored, bonus, tiles, total, move, turn)


def score_word(squares: Sequence[Square], distribution: Distribution, rules: Rules) -> WordScore:
    """A word's score: each tile's value (a blank's 0 where the rules say so), times the letter
    premium under it, the sum times the word premiums. Premiums count on the tiles placed this turn
    only, or on every tile where the rules say ``premiums: always``."""
    value = _values(distribution)
    zero = rules.blank_value is BlankValue.ZERO
    always = rules.premiums is PremiumUse.ALWAYS
    add = rules.word_premiums is WordPremiums.ADD
    values, letter_mults, word_mults = [], [], []
    letters, mult = 0, 1
    for face, blank, new, premium, _ in squares:
        points = 0 if blank and zero else value[face]
        if new or always:
            times = premium.letter_mult
            w = premium.word_mult
            if w > 1:
                word_mults.append(w)
                mult = mult + w - 1 if add else mult * w
        else:
            times = 1
        values.append(points)
        letter_mults.append(times)
        letters += points * times
    return WordScore(tuple(squares), tuple(values), tuple(letter_mults), tuple(word_mults), mult, letters * mult,
                     rules.word_premiums, distribution.language)


_VALUES: dict[int, tuple[Distribution, dict[str, int]]] = {}


class Tally:
    """:func:`score_turn`'s total of a move given by square numbers, for the move generator, which
    finds thousands of candidates a turn and plays one: the same arithmetic as :func:`score_word`
    (kept beside it), on each face's value and each square's premium looked up by number, with no
    square or word score made. ``faces``: the faces by number; ``premiums``: each square's, row by row."""

    def __init__(self, distribution: Distribution, rules: Rules, faces: Sequence[str], premiums: Sequence[Premium]):
        value = _values(distribution)
        self.value = [value[f] for f in faces]
        self.letter_mult = [p.letter_mult for p in premiums]
        self.word_mult = [p.word_mult for p in premiums]
        self.zero = rules.blank_value is BlankValue.ZERO
        self.always = rules.premiums is PremiumUse.ALWAYS
        self.add = rules.word_premiums is WordPremiums.ADD
        self.bonus, self.rack = rules.all_tiles_bonus, rules.rack

    def total(self, words: Iterable[Iterable[int]], new: dict[int, tuple[int, bool]], letter: Sequence[int],
              blank: Sequence[bool], swap: int | None) -> int:
        """The move's score: ``words`` each as its squares' numbers, ``new`` the tiles placed (square →
        face number, blank), ``letter`` and ``blank`` the board's (face number and blank by square),
        ``swap`` the square of the book's blank swap (its tile counts as the real letter)."""
        zero, always, add = self.zero, self.always, self.add
        value, letter_mult, word_mult = self.value, self.letter_mult, self.word_mult
        total = self.bonus if len(new) >= self.rack else 0
        for word in words:
            letters, mult = 0, 1
            for i in word:
                placed = new.get(i)
                if placed is not None:
                    e, b = placed
                else:
                    e, b = letter[i], blank[i] and i != swap
                points = 0 if b and zero else value[e]
                if placed is not None or always:
                    w = word_mult[i]
                    if w > 1:
                        mult = mult + w - 1 if add else mult * w
                    letters += points * letter_mult[i]
                else:
                    letters += points
            total += letters * mult
        return total


def _values(distribution: Distribution) -> dict[str, int]:
    """Each face's value (a letter the set folds into another tile: that tile's), built once per
    distribution: scoring looks a value up for every tile of every word."""
    hit = _VALUES.get(id(distribution))
    if hit is None or hit[0] is not distribution:
        table = {t.face: t.value for t in distribution.tiles}
        table.update({fold: table[face] for fold, face in distribution.folds.items() if face in table})
        hit = _VALUES[id(distribution)] = (distribution, table)
    return hit[1]


# -- the end of a game ---------------------------------------------------------------------------

def rack_value(tiles: Iterable[str], distribution: Distribution) -> int:
    """The points of the tiles on a rack; a blank (``?``) stands for nothing there and is worth 0."""
    return sum(distribution.value(t) for t in tiles if t != BLANK)


def stalled_by_rules(rules: Rules, players: int, passed: int, idle: int) -> bool:
    """Whether the rules end a game nobody went out of, after ``passed`` passes and ``idle`` turns that scored
    nothing, both in a row: every player passed ``end_passes`` times, or ``end_scoreless`` turns scored nothing
    (never, where the rules set neither)."""
    return bool((rules.end_passes and passed >= rules.end_passes * players)
                or (rules.end_scoreless and idle >= rules.end_scoreless))


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
