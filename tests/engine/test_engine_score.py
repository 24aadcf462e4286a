"""Scoring (printkit.engine.score): words under each rule set and their explanations, a turn's
score and the bonus for a whole rack (score_turn, the one function every score comes from), and the
points left on racks at the end of a game.

Seed 003 (the end): «Игра кончается, когда фишки в мешочке закончились и кто-то выложил последнюю,
или когда ходов больше нет. У каждого из счёта вычитают цену оставшихся у него букв, а тот, кто
выложил всё, получает сумму чужих остатков.»
"""

from __future__ import annotations

import re
from dataclasses import replace

import pytest

from printkit.config import load_kit
from printkit.engine.notation import Letter, parse_word
from printkit.engine.score import Square, end_adjustments, loose, rack_value, score_turn, score_word
from printkit.model import BlankValue, Placement, Premium, PremiumUse, WordPremiums

DW, TW, DL, TL, NO = Premium.DW, Premium.TW, Premium.DL, Premium.TL, Premium.NONE


@pytest.fixture(scope="module")
def kit():
    cache = {}
    return lambda name: cache.setdefault(name, load_kit(name))


def _score(kit, squares, rules=None):
    return score_word(squares, kit.distribution, rules or kit.rules)


def _adds_up(text: str, total: int) -> bool:
    """The parts of an explanation (``Л2×3``, ``ф10``) and its word multiplier give the total."""
    letters, _, word = text.partition(", ")
    parts = re.findall(r"\D(\d+)(?:×(\d+))?(?= \+| =)", letters)
    points = sum(int(v) * int(m or 1) for v, m in parts)
    mult = int(re.search(r"×(\d+) = \d+$", word)[1]) if word else 1
    return points * mult == total


# -- explain: the parts add up to the total ------------------------------------------------------

def test_explain_shows_no_premium_that_did_not_count(kit):
    """Scrabble: an old Л on a TL scores its plain 2; explain used to print Л0×3 (parts adding up to 6)."""
    word = [Square("П"), Square("О"), Square("Л", new=False, premium=TL), Square("К"), Square("А")]
    score = _score(kit("scrabble-ru"), word)
    assert score.total == 8
    assert score.explain() == "П2 + О1 + Л2 + К2 + А1 = 8"
    assert _adds_up(score.explain(), score.total)


def test_explain_premium_counted_always_on_an_old_tile(kit):
    """The book: every word through a premium square scores it, old tile or new."""
    book = kit("krestoslovitsa")
    assert book.rules.premiums is PremiumUse.ALWAYS
    tl = _score(book, [Square("П"), Square("О"), Square("Л", new=False, premium=TL)])
    assert (tl.total, tl.explain()) == (9, "П2 + О1 + Л2×3 = 9")
    dw = _score(book, [Square("П", new=False, premium=DW), Square("О"), Square("Л")])
    assert (dw.total, dw.explain()) == (10, "П2 + О1 + Л2 = 5, word ×2 = 10")


def test_explain_blank_worth_zero_under_scrabble(kit):
    """A blank covering a DL uses the premium up on nothing: 0×2."""
    en = kit("scrabble-en")
    assert en.rules.blank_value is BlankValue.ZERO
    score = _score(en, [Square("C", blank=True, premium=DL), Square("A"), Square("T", premium=DW)])
    assert (score.total, score.explain()) == (4, "c0×2 + A1 + T1 = 2, word ×2 = 4")
    erudit = kit("erudit")
    fetr = _score(erudit, loose(parse_word("фЕТР", erudit.distribution)))
    assert (fetr.total, fetr.explain()) == (5, "ф0 + Е1 + Т2 + Р2 = 5")


def test_explain_blank_worth_its_letter_under_the_book(kit):
    book = kit("krestoslovitsa")
    assert book.rules.blank_value is BlankValue.LETTER
    score = _score(book, [Square("Ф", blank=True, premium=DL), Square("Е"), Square("Т"), Square("Р")])
    assert (score.total, score.explain()) == (25, "ф10×2 + Е1 + Т2 + Р2 = 25")


@pytest.mark.parametrize("premium, total, text", [
    (DW, 20, "C3 + A1 + T1 = 5, words ×2 ×2 multiplied: ×4 = 20"),
    (TW, 45, "C3 + A1 + T1 = 5, words ×3 ×3 multiplied: ×9 = 45"),
])
def test_explain_two_word_premiums_multiplied(kit, premium, total, text):
    en = kit("scrabble-en")
    score = _score(en, [Square("C", premium=premium), Square("A"), Square("T", premium=premium)])
    assert (score.word_mults, score.total, score.explain()) == ((premium.word_mult,) * 2, total, text)
    assert _adds_up(score.explain(), score.total)


@pytest.mark.parametrize("first, second, total, text", [
    (DW, DW, 15, "C3 + A1 + T1 = 5, words ×2 ×2 added: ×3 = 15"),
    (TW, TW, 25, "C3 + A1 + T1 = 5, words ×3 ×3 added: ×5 = 25"),
    (DW, TW, 20, "C3 + A1 + T1 = 5, words ×2 ×3 added: ×4 = 20"),
])
def test_explain_two_word_premiums_added(kit, first, second, total, text):
    en = kit("scrabble-en")
    add = replace(en.rules, word_premiums=WordPremiums.ADD)
    score = _score(en, [Square("C", premium=first), Square("A"), Square("T", premium=second)], add)
    assert (score.total, score.explain()) == (total, text)
    assert _adds_up(score.explain(), score.total)


def test_explain_letter_and_word_premiums_together(kit):
    en = kit("scrabble-en")
    score = _score(en, [Square("C", premium=TL), Square("A", premium=DL), Square("T", premium=DW)])
    assert (score.letters, score.total) == ((9, 2, 1), 24)
    assert score.explain() == "C3×3 + A1×2 + T1 = 12, word ×2 = 24"
    assert _adds_up(score.explain(), score.total)


def test_adds_up_catches_the_old_explanation():
    """The helper above would have caught the defect: Л0×3 in a word of 8."""
    assert not _adds_up("П2 + О1 + Л0×3 + К2 + А1 = 8", 8)
    assert _adds_up("П2 + О1 + Л2 + К2 + А1 = 8", 8)


def test_scrabble_ignores_an_old_word_premium(kit):
    en = kit("scrabble-en")
    score = _score(en, [Square("C", new=False, premium=TW), Square("A"), Square("T")])
    assert (score.word_mults, score.word_mult, score.total, score.explain()) == ((), 1, 5, "C3 + A1 + T1 = 5")


# -- a turn: its words and the bonus -------------------------------------------------------------

def _bonus(kit, tiles: int) -> int:
    return score_turn((), tiles, kit.distribution, kit.rules).bonus


def test_turn_bonus_for_the_whole_rack(kit):
    assert _bonus(kit("scrabble-en"), 7) == 50
    assert _bonus(kit("scrabble-en"), 6) == 0
    assert _bonus(kit("erudit"), 7) == 15
    assert _bonus(kit("krestoslovitsa"), 7) == 0


def test_a_turn_adds_its_words_and_the_bonus(kit):
    """score_turn: each word as score_word gives it, in order, the bonus once for the turn."""
    en = kit("scrabble-en")
    main = [Square("Q", premium=DL), Square("U"), Square("I"), Square("Z", premium=TW), Square("Z", True),
            Square("E"), Square("S")]
    cross = [Square("A", new=False), Square("U")]
    turn = score_turn([main, cross], 7, en.distribution, en.rules, turn=3)
    words = [score_word(main, en.distribution, en.rules), score_word(cross, en.distribution, en.rules)]
    assert list(turn.words) == words
    assert [w.total for w in words] == [(20 + 1 + 1 + 10 + 0 + 1 + 1) * 3, 2]
    assert (turn.bonus, turn.tiles, turn.total, turn.turn, turn.move) == (50, 7, 102 + 2 + 50, 3, None)
    assert turn.explain() == ["QUIZzES: Q10×2 + U1 + I1 + Z10 + z0 + E1 + S1 = 34, word ×3 = 102",
                              "AU: A1 + U1 = 2", "all 7 tiles: +50", "turn: 154"]


def test_a_turn_with_no_word_scores_nothing(kit):
    en = kit("scrabble-en")
    assert score_turn((), 0, en.distribution, en.rules).total == 0
    assert score_turn((), 0, en.distribution, en.rules).explain() == ["turn: 0"]


def test_loose_squares_have_no_premium_or_place():
    assert loose((Letter("П"), Letter("Ф", True))) == (Square("П"), Square("Ф", True))
    assert loose(()) == ()


def test_rules_fields_are_enum_members(kit):
    book, en = kit("krestoslovitsa").rules, kit("scrabble-en").rules
    assert (book.placement, book.blank_value, book.premiums) == (Placement.ANYWHERE, BlankValue.LETTER,
                                                                 PremiumUse.ALWAYS)
    assert (en.placement, en.blank_value, en.premiums) == (Placement.LINE, BlankValue.ZERO, PremiumUse.ONCE)
    assert f"{en.end} {book.end} {en.word_premiums}" == "deduct-and-award deduct multiply"
    assert en.placement != "line"  # members, not strings: a comparison with text cannot pass by accident


def test_a_folded_letter_is_worth_its_tiles_value(kit):
    """Эрудит plays Ё as Е: a square written with the fold scores as the tile it is played as."""
    erudit = kit("erudit")
    assert erudit.distribution.folds.get("Ё") == "Е"
    assert score_word([Square("Ё")], erudit.distribution, erudit.rules).values == (1,)


# -- the end of a game ---------------------------------------------------------------------------

def test_rack_value_blank_is_zero(kit):
    ru = kit("scrabble-ru")
    assert rack_value(["Ф", "?", "А"], ru.distribution) == 11
    assert rack_value([], ru.distribution) == 0


def test_going_out_seed_003(kit):
    """Player 1 goes out with the bag empty: every rack is deducted from its own player, and the one
    who went out gains the others' (Ф10 + О1 = 11, blank 0 + Щ10 + Ы4 = 14)."""
    ru = kit("scrabble-ru")
    assert end_adjustments([[], ["Ф", "О"], ["?", "Щ", "Ы"]], 0, ru.distribution, ru.rules) == [25, -11, -14]


def test_going_out_under_the_book_only_deducts(kit):
    book = kit("krestoslovitsa")
    assert end_adjustments([[], ["Ф", "О"], ["?", "Щ", "Ы"]], 0, book.distribution, book.rules) == [0, -11, -15]


def test_twice_over_as_tournament_records_score_it(kit):
    """end_award 2: the player who went out gains twice the others' racks, nobody is deducted."""
    ru = kit("scrabble-ru")
    twice = replace(ru.rules, end_award=2)
    assert end_adjustments([["О", "П", "Е", "Г"], []], 1, ru.distribution, twice) == [0, 2 * (1 + 2 + 1 + 3)]
    assert end_adjustments([["О", "П", "Е", "Г"], []], 1, ru.distribution, ru.rules) == [-7, 7]


def test_nobody_went_out_every_rack_is_deducted(kit):
    """Every player passed, or nobody can move: each deducts their own rack."""
    ru = kit("scrabble-ru")
    assert end_adjustments([["О"], ["Ф"]], None, ru.distribution, ru.rules) == [-1, -10]
    assert end_adjustments([["Ф"], ["О", "О"]], None, ru.distribution, ru.rules) == [-10, -2]


@pytest.mark.parametrize("rules, end, award", [
    ("extends: scrabble\n", "deduct-and-award", 1),
    ("extends: scrabble\nend_award: 2\n", "deduct-and-award", 2),
    ("extends: scrabble\nend: deduct\n", "deduct", 0),  # the inherited award goes with the rule it belongs to
    ("extends: krestoslovitsa\nend: deduct-and-award\n", "deduct-and-award", 1),
])
def test_end_award_in_a_rule_set(write, rules, end, award):
    write("r.yaml", rules)
    kit = load_kit(str(write("k.yaml", "extends: scrabble-ru\nrules: r.yaml\n")))
    assert (str(kit.rules.end), kit.rules.end_award) == (end, award)


@pytest.mark.parametrize("rules, message", [
    ("extends: scrabble\nend: deduct\nend_award: 2\n",
     "r.yaml:3:12: 'end_award' is for 'end: deduct-and-award'; under 'end: deduct' nobody gains the others' racks"),
    ("extends: scrabble\nend_award: 0\n", "r.yaml:2:12: 'end: deduct-and-award' gives the player who went out "
                                          "the others' racks once or twice over: 'end_award' is 1 or 2"),
    ("extends: scrabble\nend_award: 3\n", "r.yaml:2:12: 'end_award' is 3: the limit is 2"),
])
def test_end_award_mistakes(write, run, rules, message):
    write("r.yaml", rules)
    code, out, err = run("check", write("k.yaml", "extends: scrabble-ru\nrules: r.yaml\n"))
    assert code == 2 and err.strip().rsplit("/", 1)[-1] == message
