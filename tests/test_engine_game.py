"""A game: racks, a seeded bag, turns, exchanges, the end (seed 003 for Scrabble, the book's texts
for «Крестословица»), and the book's blank swap played from a rack.

Seed 003: «Вместо хода можно обменять любое число фишек: отложить их, взять столько же из мешочка, а
отложенные вернуть.» «Игра кончается, когда фишки в мешочке закончились и кто-то выложил последнюю,
или когда ходов больше нет. У каждого из счёта вычитают цену оставшихся у него букв, а тот, кто
выложил всё, получает сумму чужих остатков.»
Seed 000: «Грають до тих пір, поки хто-небудь не набере умовлене кількість очок, наприклад 200
(гравцям, які мають право чергового ходу, дається можливість виставити свої фішки…)».
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest

from printkit.config import load_kit
from printkit.engine import Exchange, IllegalMove, Pass, State, parse_move
from printkit.engine.game import Bag, Game, end_adjustments, rack_value

RU = load_kit("scrabble-ru")
BOOK = load_kit("krestoslovitsa")


def _full(dist) -> Counter:
    return Counter({t.face: t.count for t in dist.tiles}) + Counter({"?": dist.blanks})


# -- the bag -----------------------------------------------------------------------------------------

def test_same_seed_same_racks():
    a, b = Game.for_kit(RU, players=3, seed=2024), Game.for_kit(RU, players=3, seed=2024)
    assert a.racks == b.racks and a.bag.tiles() == b.bag.tiles()
    assert Bag.full(RU.distribution, seed="x").draw(20) == Bag.full(RU.distribution, seed="x").draw(20)
    others = {tuple(Game.for_kit(RU, seed=s).racks[0]) for s in range(5)}
    assert len(others) > 1  # the seed matters


def test_bag_and_racks_hold_the_whole_set():
    game = Game.for_kit(RU, players=4, seed=7)
    assert [len(r) for r in game.racks] == [7, 7, 7, 7]
    assert len(game.bag) == 104 - 28
    assert Counter(game.bag.tiles()) + sum((Counter(r) for r in game.racks), Counter()) == _full(RU.distribution)


def test_draw_past_the_end_of_the_bag():
    bag = Bag(["А", "Б"], seed=1)
    assert sorted(bag.draw(5)) == ["А", "Б"] and len(bag) == 0 and bag.draw(1) == []


def test_rack_value_blank_is_zero():
    assert rack_value(["Ф", "?", "А"], RU.distribution) == 11
    assert rack_value([], RU.distribution) == 0


# -- turns -------------------------------------------------------------------------------------------

def _game(kit, racks, bag=(), players=None, scores=None) -> Game:
    game = Game.for_kit(kit, players=players or len(racks), seed=0)
    game.racks = [list(r) for r in racks]
    game.bag = Bag(bag, seed=0)
    if scores:
        game.scores = list(scores)
    return game


def test_a_play_takes_tiles_from_the_rack_and_draws_as_many():
    game = _game(RU, ["ДАМКАОО", "ЕЕЕЕЕЕЕ"], bag=["Ф", "Щ", "Ы", "Я"])
    score = game.play(parse_move(game.state, "8H ДАМА"))
    assert score.total == (2 + 1 + 2 + 1) * 2
    assert sorted(game.racks[0]) == sorted(["К", "О", "О", "Ф", "Щ", "Ы", "Я"])
    assert (game.scores, game.player, len(game.bag), game.over) == ([12, 0], 1, 0, False)


def test_a_tile_not_on_the_rack_is_refused():
    game = _game(RU, ["ДАМКАОО", "ЕЕЕЕЕЕЕ"], bag=["Ф"])
    with pytest.raises(IllegalMove, match=r"^cannot play Т: the rack holds ААДКМОО$"):
        game.play(parse_move(game.state, "8H КОТ"))
    with pytest.raises(IllegalMove, match=r"^cannot play a blank: the rack holds "):
        game.play(parse_move(game.state, "8H кОМ"))
    assert game.state.empty and game.player == 0 and sorted(game.racks[0]) == sorted("ДАМКАОО")


def test_exchange_loses_the_turn_and_keeps_the_bag_whole():
    game = _game(RU, ["ЪЪЫЫЬЬЭ", "ЕЕЕЕЕЕЕ"], bag=list("АБВГДЕЖ"))
    before = Counter(game.racks[0]) + Counter(game.bag.tiles())
    score = game.play(Exchange(("Ъ", "Ъ", "Ы")))
    assert (score.total, game.player, game.scores, len(game.racks[0]), len(game.bag)) == (0, 1, [0, 0], 7, 7)
    assert Counter(game.racks[0]) + Counter(game.bag.tiles()) == before
    assert Counter(game.racks[0])["Ъ"] == 0  # put back after drawing: not drawn again in the same turn
    with pytest.raises(IllegalMove, match=r"^cannot exchange Ъ: "):
        game.play(Exchange(("Ъ",)))
    game.bag = Bag(["А"], seed=0)
    with pytest.raises(IllegalMove, match=r"^the bag holds 1 tile: 2 cannot be exchanged$"):
        game.play(Exchange(("Е", "Е")))


# -- the end -----------------------------------------------------------------------------------------

def test_going_out_seed_003():
    """Player 1 plays ДА with the bag empty: every rack is deducted from its own player, and the one
    who went out gains the others' (Ф10 + О1 = 11, blank 0 + Щ10 + Ы4 = 14)."""
    game = _game(RU, ["ДА", "ФО", "?ЩЫ"])
    game.play(parse_move(game.state, "8H ДА"))
    assert (game.over, game.ending, game.went_out) == (True, "out", 0)
    assert game.adjustments == [25, -11, -14]
    assert game.scores == [6 + 25, -11, -14]
    with pytest.raises(IllegalMove, match="^the game is over$"):
        game.play(Pass())


def test_going_out_under_the_book_only_deducts():
    game = _game(BOOK, ["ДА", "ФО", "?ЩЫ"])
    game.play(parse_move(game.state, "8H ДА"))
    assert game.adjustments == [0, -11, -15]  # Эрудит values: Ф10 О1; Щ10 Ы5
    assert game.scores == [6, -11, -15]


def test_twice_over_as_tournament_records_score_it():
    """end_award 2: the player who went out gains twice the others' racks, nobody is deducted."""
    twice = replace(RU.rules, end_award=2)
    assert end_adjustments([["О", "П", "Е", "Г"], []], 1, RU.distribution, twice) == [0, 2 * (1 + 2 + 1 + 3)]
    assert end_adjustments([["О", "П", "Е", "Г"], []], 1, RU.distribution, RU.rules) == [-7, 7]
    assert end_adjustments([["О"], ["Ф"]], None, RU.distribution, RU.rules) == [-1, -10]  # nobody went out


def test_every_player_passing_ends_the_game():
    game = _game(RU, ["Ф", "ОО"], bag=["А"])
    game.play(Pass())
    assert not game.over
    game.play(Pass())
    assert (game.over, game.ending, game.went_out, game.scores) == (True, "passes", None, [-10, -2])


def test_finish_when_no_moves_are_left():
    game = _game(RU, ["Ф", "ОО"], bag=["А"], scores=[40, 30])
    game.finish()
    assert (game.over, game.ending, game.scores) == (True, "agreed", [30, 28])


def test_target_score_ends_the_game_when_the_round_is_complete():
    """The book: 150 points. Player 1 reaches it; player 2 still moves; then the game ends as it stands."""
    assert BOOK.rules.target_score == 150
    game = _game(BOOK, ["ДОМ", "ОО"], bag=list("АААА"), scores=[145, 0])
    game.play(parse_move(game.state, "8H ДОМ"))  # (2 + 1 + 2) × 2 = 10
    assert (game.scores[0], game.over) == (155, False)
    game.play(Pass())
    assert (game.over, game.ending, game.scores, game.adjustments) == (True, "target", [155, 0], [0, 0])


def test_no_target_under_scrabble():
    game = _game(RU, ["ДОМ", "ОО"], bag=list("АААА"), scores=[1000, 0])
    game.play(parse_move(game.state, "8H ДОМ"))
    game.play(Pass())
    assert not game.over


# -- the book's blank swap from a rack ------------------------------------------------------------------

def _before_swap(rack) -> Game:
    game = _game(BOOK, ["", rack], bag=list("ААААА"))
    state = game.state
    for move in ("H5 ЛАЗАРЕТ", "5F ПО.", "5F ...КА", "5C ПРО.....", "8G Б.РАК", "11F фЕ.Р"):
        state.play(parse_move(state, move))
    game.player = 1
    return game


def test_blank_swap_needs_the_real_letter_on_the_rack():
    game = _before_swap("ФУА")
    score = game.play(parse_move(game.state, "swap F11 + K6 щУ.А"))
    assert score.total == 16 and sorted(game.racks[1]) == ["А", "А", "А"]  # Ф, У, А gone; three drawn
    game = _before_swap("УА")
    with pytest.raises(IllegalMove, match=r"^cannot swap a blank for Ф: the rack holds АУ$"):
        game.play(parse_move(game.state, "swap F11 + K6 щУ.А"))
    assert game.state.tile(10, 5).blank and game.racks[1] == ["У", "А"]


def test_state_and_game_agree_on_the_turn():
    game = _game(RU, ["ДОМ", "ОО"], bag=list("АААА"))
    game.play(parse_move(game.state, "8H ДОМ"))
    game.play(Pass())
    assert game.state.turn == 2 and isinstance(game.state, State)


# -- end_award in a rule set -------------------------------------------------------------------------

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
