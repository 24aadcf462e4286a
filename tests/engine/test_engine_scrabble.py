"""Boxed Scrabble as its Russian rule sheet gives it (seed 003), on Russian Scrabble's tiles and the
standard board: two word premiums in one word, premiums only on the turn they are covered, a blank
worth 0 whose word premium still works, 50 for all 7 tiles.

Quoted from seed 003 («Скрэббл»):

    «Сначала считают бонусы букв, потом удваивают или утраивают слово.
     Слово на двух розовых клетках — ×4, на двух красных — ×9.
     Бонус клетки действует только в тот ход, когда на неё положили фишку.
     Пустая фишка стоит 0 очков, но бонус слова на ней работает.»

Values used below (the kit scrabble-ru): А1 В1 Е1 И1 Н1 О1 Р1 С1 Т1, Д2 К2 Л2 П2 М2 У2, Б3 Я3, Ы4,
Ф10 Щ10.
"""

from __future__ import annotations

from dataclasses import replace

from printkit.config import load_kit
from printkit.engine import State, parse_move
from printkit.model import PremiumUse

RU = load_kit("scrabble-ru")


def play(state: State, text: str):
    return state.play(parse_move(state, text))


def test_rules_of_seed_003():
    r = RU.rules
    assert (r.premiums, r.all_tiles_bonus, str(r.blank_value), str(r.word_premiums), str(r.end), r.end_award) == \
        (PremiumUse.ONCE, 50, "zero", "multiply", "deduct-and-award", 1)


def test_two_pink_squares_make_x4():
    """СЛОН down to the centre, then ПРОСТОР across its С from E5 (С2) to K5 (С2)."""
    state = State.for_kit(RU)
    assert play(state, "H5 СЛОН").total == (1 + 2 + 1 + 1) * 2  # Н on the centre
    score = play(state, "5E ПРО.ТОР")
    (word,) = score.words
    assert word.explain() == "П2 + Р1 + О1 + С1 + Т1 + О1 + Р1 = 8, words ×2 ×2 multiplied: ×4 = 32"
    assert (score.total, score.bonus, score.tiles) == (32, 0, 6)


def test_two_red_squares_make_x9():
    """From a position with СОК down from C1 and АКТ down from E1: ВЫСТАВКА from A1 (TW) to H1 (TW),
    its Т new on the DL of D1, six tiles."""
    position = "\n".join(["..С.А" + "." * 10, "..О.К" + "." * 10, "..К.Т" + "." * 10] + ["." * 15] * 12)
    state = State.from_text(position, RU.layout, RU.distribution, RU.rules)
    score = play(state, "1A ВЫ.Т.ВКА")
    assert score.words[0].explain() == ("В1 + Ы4 + С1 + Т1×2 + А1 + В1 + К2 + А1 = 13, words ×3 ×3 multiplied: "
                                        "×9 = 117")
    assert (score.total, score.tiles) == (117, 6)


def test_a_premium_counts_only_on_the_turn_it_is_covered():
    """ПОТ down from the П of ПРОСТОР on E5: the С2 there was used by ПРОСТОР, so ПОТ gets nothing from
    it; the same moves under 'always' (the book) double it again."""
    totals = {}
    for rules in (RU.rules, replace(RU.rules, premiums=PremiumUse.ALWAYS)):
        state = State.new(RU.layout, RU.distribution, rules)
        totals[rules.premiums] = [play(state, m).total for m in ("H5 СЛОН", "5E ПРО.ТОР", "E5 .ОТ")]
    assert totals[PremiumUse.ONCE] == [10, 32, 4]
    assert totals[PremiumUse.ALWAYS] == [10, 32, 8]


def test_a_letter_premium_counts_only_on_the_turn_it_is_covered():
    """ПОТОК puts its К on the DL of L8; КОТ down from that К: 4 under Scrabble, 6 under 'always'."""
    state = State.for_kit(RU)
    potok = play(state, "8H ПОТОК")
    assert potok.words[0].explain() == "П2 + О1 + Т1 + О1 + К2×2 = 9, word ×2 = 18"
    kot = play(state, "L8 .ОТ")
    assert (kot.total, kot.words[0].explain()) == (4, "К2 + О1 + Т1 = 4")
    state = State.new(RU.layout, RU.distribution, replace(RU.rules, premiums=PremiumUse.ALWAYS))
    assert [play(state, m).total for m in ("8H ПОТОК", "L8 .ОТ")] == [18, 6]


def test_a_blank_is_worth_0_but_its_word_premium_works():
    state = State.for_kit(RU)
    score = play(state, "8H кОТ")  # a blank К on the centre С2
    assert (score.total, score.words[0].explain()) == (4, "к0 + О1 + Т1 = 2, word ×2 = 4")
    state.undo()
    assert play(state, "8H КОТ").total == 8


def test_a_blank_on_a_letter_premium_is_still_0():
    state = State.for_kit(RU)
    score = play(state, "8D фОТОН")  # ф on the DL of D8, Н on the centre
    assert score.words[0].explain() == "ф0×2 + О1 + Т1 + О1 + Н1 = 4, word ×2 = 8"


def test_fifty_for_all_seven_tiles():
    state = State.for_kit(RU)
    score = play(state, "8H ПРОСТОР")  # П on the centre, Т on the DL of L8
    assert score.words[0].explain() == "П2 + Р1 + О1 + С1 + Т1×2 + О1 + Р1 = 9, word ×2 = 18"
    assert (score.bonus, score.tiles, score.total) == (50, 7, 68)
    assert score.explain()[-2:] == ["all 7 tiles: +50", "turn: 68"]
    state.undo()
    assert play(state, "8H ПРОСТО").bonus == 0  # six tiles: no bonus
