"""The book's rules («Крестословица», seed texts 001 and 000) on a real board: its worked examples
played in sequence, premiums counted every time a word passes, a blank worth its letter, several
groups in one turn, and the blank swap.

The texts give the numbers but not the squares. Quoted from the Ukrainian edition (000), whose
figures the kit's values reproduce:

    «хтось написав слово ПОЛ і отримав за нього покладені 5 очок. Ви, додавши склад КА і отримавши
    слово ПОЛКА, запишіть собі 8 очок. … додавши зліва букви ПРО, він тим самим напише ПРОПОЛКА і
    отримає за кмітливість 13 очок.»
    «у вас є фішки Е, Т, Р і пустушка, але немає фішки Ф. … Сказавши, що вона замінює букву Ф, ви
    отримаєте 15 очок … Він змінює свою фішку Ф на пустушку, яка замінює на поле цю букву в слові
    фетру, вважаючи пустушку буквою Щ в слові ЩУКА, і отримує за нього 16 очок.»
    «Нові слова повинні включати в себе букву (літери) вже написаного слова.»

Squares chosen (the text names none): the first word ЛАЗАРЕТ down from H5 through the centre; ПОЛ
across from F5 on its Л, ПОЛКА, ПРОПОЛКА from C5; БАРАК across from G8 (another player's word, for
ЩУКА to hook onto); ФЕТР across from F11 on the Т of ЛАЗАРЕТ; ЩУКА down from K6 on the К of БАРАК.
ПОЛ 5, ПОЛКА 8, ФЕТР 15 and ЩУКА 16 are exactly the text's. ПРОПОЛКА cannot be 13 on this board:
no row or column has 8 squares in a row without a premium (the longest run is 5), and under the book
a premium counts for every word through it; from C5 the О of ПРО lands on E5's С2, 13 × 2 = 26 («А
якщо до того ж дописана буква потрапляє на клітинку подвоєння…»). On a board without premiums the
whole sequence gives the text's five numbers.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from printkit.config import load_kit
from printkit.engine import IllegalMove, OnBoard, Pass, Placement, State, Tile, parse_move
from printkit.engine.notation import NotationError
from printkit.model import BlankValue, Layout, Premium, PremiumUse, WordPremiums

BOOK = load_kit("krestoslovitsa")

SEQUENCE = [  # (move, word, explanation, turn total)
    ("H5 ЛАЗАРЕТ", "ЛАЗАРЕТ", "Л2 + А1 + З5 + А1 + Р2 + Е1 + Т2 = 14, word ×2 = 28", 28),
    ("5F ПО.", "ПОЛ", "П2 + О1 + Л2 = 5", 5),
    ("5F ...КА", "ПОЛКА", "П2 + О1 + Л2 + К2 + А1 = 8", 8),
    ("5C ПРО.....", "ПРОПОЛКА", "П2 + Р2 + О1 + П2 + О1 + Л2 + К2 + А1 = 13, word ×2 = 26", 26),
    ("8G Б.РАК", "БАРАК", "Б3 + А1 + Р2 + А1 + К2 = 9, word ×2 = 18", 18),
    ("11F фЕ.Р", "фЕТР", "ф10 + Е1 + Т2 + Р2 = 15", 15),
    ("swap F11 + K6 щУ.А", "щУКА", "щ10 + У3 + К2 + А1 = 16", 16),
]


def play(state: State, text: str):
    return state.play(parse_move(state, text))


def test_book_examples_in_sequence_on_the_kits_board():
    state = State.for_kit(BOOK)
    for text, word, how, total in SEQUENCE:
        score = play(state, text)
        assert [(w.word, w.explain()) for w in score.words] == [(word, how)], text
        assert (score.total, score.bonus) == (total, 0), text
    assert state.turn == 7
    assert state.text() == (
        "...............\n"
        "...............\n"
        "...............\n"
        "...............\n"
        "..ПРОПОЛКА.....\n"
        ".......А..щ....\n"
        ".......З..У....\n"
        "......БАРАК....\n"
        ".......Р..А....\n"
        ".......Е.......\n"
        ".....ФЕТР......\n"
        "...............\n"
        "...............\n"
        "...............\n"
        "...............\n")


def test_the_blank_swap_moves_the_blank_and_leaves_the_real_letter():
    state = State.for_kit(BOOK)
    for text, *_ in SEQUENCE[:-1]:
        play(state, text)
    fetr = state.history[-1]
    assert state.tile(10, 5) == OnBoard("Ф", True, 6)
    play(state, SEQUENCE[-1][0])
    assert state.tile(10, 5) == OnBoard("Ф", False, 6)  # the real Ф, in the blank's place (placed turn 6)
    assert state.tile(5, 10) == OnBoard("Щ", True, 7)
    assert fetr.words[0].explain() == "ф10 + Е1 + Т2 + Р2 = 15"  # as it was played: with the blank
    state.undo()
    assert state.tile(10, 5) == OnBoard("Ф", True, 6) and state.tile(5, 10) is None
    assert play(state, SEQUENCE[-1][0]).total == 16  # and again


def _plain(layout: Layout) -> Layout:
    rows = tuple(tuple(Premium.NONE for _ in row) for row in layout.grid)
    return replace(layout, name="plain", grid=rows)


def test_book_examples_exactly_on_a_board_without_premiums():
    """The texts count no premium: there ПОЛ can be the first word and every figure is the book's."""
    state = State.new(_plain(BOOK.layout), BOOK.distribution, BOOK.rules)
    got = [play(state, m).total for m in ("8H ПОЛ", "8H ...КА", "8E ПРО.....", "F5 фЕТ.", "swap F5 + K6 щУ.А")]
    assert got == [5, 8, 13, 15, 16]


# -- premiums count every time a word passes ----------------------------------------------------------

def _totals(rules, moves, layout=None):
    state = State.new(layout or BOOK.layout, BOOK.distribution, rules)
    return [play(state, m).total for m in moves]


def test_book_word_premium_counts_for_every_word_through_it():
    """The centre С2 doubles ЛАЗАРЕТ, and БАРАК through its А again; ТОН through the О on E5's С2
    (covered by ПРОПОЛКА) is doubled too. The same moves under 'once' get nothing from old squares."""
    once = replace(BOOK.rules, premiums=PremiumUse.ONCE)
    moves = [m for m, *_ in SEQUENCE[:5]] + ["E4 Т.Н"]
    assert _totals(BOOK.rules, moves) == [28, 5, 8, 26, 18, 8]  # ТОН: (Т2 + О1 + Н1) × 2
    assert _totals(once, moves) == [28, 5, 8, 26, 9, 4]


def test_book_letter_premium_counts_for_every_word_through_it():
    """ЛИМОН puts its Л on D8's Б2; ЛУК down from that Л doubles it again under the book."""
    state = State.for_kit(BOOK)
    assert play(state, "8D ЛИМОН").words[0].explain() == "Л2×2 + И1 + М2 + О1 + Н1 = 9, word ×2 = 18"
    luk = play(state, "D8 .УК")
    assert (luk.total, luk.words[0].explain()) == (9, "Л2×2 + У3 + К2 = 9")
    assert state.premium_used(7, 3) and not state.premium_used(8, 3) and not state.premium_used(7, 4)
    once = replace(BOOK.rules, premiums=PremiumUse.ONCE)
    assert _totals(once, ["8D ЛИМОН", "D8 .УК"]) == [18, 7]


def test_book_word_premiums_added_where_the_rules_say_so():
    """ПРОПОЛКАН is no word (the book: ПОЛКАН is a dog's name), but the engine judges placement, not
    words: an Н on K5 puts the С2 of E5 and of K5 in one word, ×4 multiplied, ×3 added."""
    add = replace(BOOK.rules, word_premiums=WordPremiums.ADD)
    moves = [m for m, *_ in SEQUENCE[:4]] + ["5C ........Н"]
    assert _totals(BOOK.rules, moves)[-1] == 14 * 4
    assert _totals(add, moves)[-1] == 14 * 3


def test_book_blank_worth_its_letter_erudit_blank_zero():
    erudit = load_kit("erudit")
    moves = [m for m, *_ in SEQUENCE[:6]]
    assert _totals(BOOK.rules, moves)[-1] == 15  # ф10 + Е1 + Т2 + Р2
    assert _totals(replace(BOOK.rules, blank_value=BlankValue.ZERO), moves)[-1] == 5
    assert _totals(erudit.rules, moves) == [28 + 15, 5, 8, 26, 9, 5]  # Эрудит: +15 for all 7, premiums once


# -- several groups in one turn ----------------------------------------------------------------------

def test_book_turn_of_two_groups_scores_every_word():
    state = State.for_kit(BOOK)
    for text, *_ in SEQUENCE[:5]:
        play(state, text)
    score = play(state, "11F фЕ.Р + K6 ЩУ.А")  # ФЕТР on the Т of ЛАЗАРЕТ, ЩУКА on the К of БАРАК
    assert [(w.word, w.total) for w in score.words] == [("фЕТР", 15), ("ЩУКА", 16)]
    assert (score.total, score.tiles) == (31, 6)


def test_book_words_of_one_turn_may_cross_on_a_new_tile():
    """МОРЕ down from the М of ДОМ, and ГРОМ across through its new Р (on J10's Б3, tripled in both)."""
    state = State.for_kit(BOOK)
    play(state, "8H ДОМ")
    score = play(state, "J8 .ОРЕ + 10I Г.ОМ")
    assert [(w.word, w.explain()) for w in score.words] == [("МОРЕ", "М2 + О1 + Р2×3 + Е1 = 10"),
                                                            ("ГРОМ", "Г3 + Р2×3 + О1 + М2 = 12")]
    assert (score.total, score.tiles) == (22, 6)
    state.undo()
    with pytest.raises(IllegalMove, match=r"^'Г\.ОМ' at 10I: '\.' stands for a tile on the board, but J10 is empty$"):
        play(state, "10I Г.ОМ + J8 .ОРЕ")  # the word through the shared tile comes second


def test_book_each_group_hooks_onto_the_board():
    state = State.for_kit(BOOK)
    for text, *_ in SEQUENCE[:5]:
        play(state, text)
    before = state.text()
    with pytest.raises(IllegalMove) as exc:
        play(state, "11F фЕ.Р + 13A ДОМ")
    assert str(exc.value) == ("A13–C13: not connected: every word after the first hooks onto the tiles "
                              "already on the board")
    assert (state.text(), state.turn) == (before, 5)  # nothing of the refused move stays


def test_line_rules_refuse_two_groups():
    erudit = load_kit("erudit")
    state = State.new(BOOK.layout, BOOK.distribution, erudit.rules)
    for text, *_ in SEQUENCE[:5]:
        play(state, text)
    with pytest.raises(IllegalMove) as exc:
        play(state, "11F фЕ.Р + K6 ЩУ.А")
    assert str(exc.value) == ("K6, K7, K9, F11, G11, I11: not in one row or column: the tiles of a turn go in "
                              "one line")


def test_book_first_move_is_one_group_through_the_start():
    state = State.for_kit(BOOK)
    with pytest.raises(IllegalMove) as exc:
        play(state, "8H ДОМ + 10H ДОМ")
    assert str(exc.value) == "H8–J8 and H10–J10: the first move is one group of tiles through the start square H8"
    with pytest.raises(IllegalMove, match=r"^H8: the first move places two tiles or more$"):
        play(state, "8H Д")
    with pytest.raises(IllegalMove, match=r"^H9–J9: the first move covers the start square H8$"):
        play(state, "9H ДОМ")
    assert state.empty


def test_book_a_tile_on_its_own_makes_no_word():
    """Words read left to right or top to bottom: a tile touching the board only at a corner is none."""
    state = State.for_kit(BOOK)
    play(state, "8H ДОМ")
    with pytest.raises(IllegalMove) as exc:
        state.play(Placement((Tile(8, 10, "Д"),)))
    assert str(exc.value) == "K9: makes no word: each tile is part of a word read left to right or top to bottom"


# -- the blank swap ----------------------------------------------------------------------------------

def _before_swap(rules=None) -> State:
    state = State.new(BOOK.layout, BOOK.distribution, rules or BOOK.rules)
    for text, *_ in SEQUENCE[:6]:
        play(state, text)
    return state


@pytest.mark.parametrize("move, message", [
    ("swap H5 + K6 щУ.А", "swap H5: only a blank can be swapped, and Л there is a real tile"),
    ("swap A1 + K6 щУ.А", "swap A1: only a blank can be swapped, and it is empty"),
    ("swap F11 + K6 ЩУ.А", "swap F11: the blank taken from the board must be played in the same turn"),
    ("swap P11 + K6 щУ.А", "'P11' is off the 15×15 board (rows 1–15, columns A–O)"),
    ("swap F11 + swap F11 + K6 щУ.А", "'swap F11 + swap F11 + K6 щУ.А': one blank swap a turn"),
    ("swap F11", "a play places at least one tile"),
])
def test_blank_swap_refused(move, message):
    state = _before_swap()
    before = state.text()
    with pytest.raises(NotationError) as exc:  # IllegalMove, or OffBoard
        play(state, move)
    assert str(exc.value) == message
    assert state.text() == before and state.tile(10, 5).blank


def test_blank_swap_only_under_the_book():
    erudit = load_kit("erudit")
    state = _before_swap(erudit.rules)
    with pytest.raises(IllegalMove, match=r"^swap F11: the rules of Эрудит have no blank swap$"):
        play(state, SEQUENCE[-1][0])


def test_pass_spends_a_turn_and_nothing_else():
    state = _before_swap()
    score = state.play(Pass())
    assert (score.total, score.words, state.turn) == (0, (), 7)
