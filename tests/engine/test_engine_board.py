"""The board (printkit.engine.board): its squares and premiums from the kit's layout, and whether a
word laid from a coordinate fits on it; the squares a word covers, as the state lays and scores it."""

from __future__ import annotations

import pytest

from printkit.config import load_kit
from printkit.engine import State, placement
from printkit.engine.board import Board, OffBoard
from printkit.model import Premium
from printkit.notation import NotationError, parse_coord

DW, TW, DL, TL, NO = Premium.DW, Premium.TW, Premium.DL, Premium.TL, Premium.NONE


@pytest.fixture(scope="module")
def kit():
    cache = {}
    return lambda name: cache.setdefault(name, load_kit(name))


def test_board_from_the_kit_layout(kit):
    board = Board.from_layout(kit("scrabble-en").layout)
    assert (board.rows, board.cols, board.start, board.size) == (15, 15, (7, 7), "15×15")
    assert (board.premium(0, 0), board.premium(7, 3), board.premium(7, 7), board.premium(1, 5)) == (TW, DL, DW, TL)
    assert board.extent() == "rows 1–15, columns A–O"
    with pytest.raises(OffBoard, match="P1 is off the 15×15 board"):
        board.premium(0, 15)


def test_a_word_across_and_down(kit):
    """The squares WINDY covers from 8D across (as played and scored) and from D8 down."""
    en = kit("scrabble-en")
    state = State.for_kit(en)
    score = state.play(placement(state, "8D", "WINDY"))
    (across,) = score.words
    assert [(s.face, s.premium, s.at, s.new) for s in across.squares] == [
        ("W", DL, (7, 3), True), ("I", NO, (7, 4), True), ("N", NO, (7, 5), True), ("D", NO, (7, 6), True),
        ("Y", DW, (7, 7), True)]
    assert score.total == 32  # the recorded game's first move
    down = placement(State.for_kit(en), "D8", "WINDY").tiles
    assert [(state.board.premium(t.row, t.col), (t.row, t.col)) for t in down] == [
        (DL, (7, 3)), (NO, (8, 3)), (NO, (9, 3)), (NO, (10, 3)), (DW, (11, 3))]


def test_a_word_to_the_edge_and_past_it(kit):
    en = kit("scrabble-en")
    board = Board.from_layout(en.layout)
    board.fit(parse_coord("8K"), 5)
    assert [(t.row, t.col) for t in placement(State.for_kit(en), "8K", "WINDY").tiles][-1] == (7, 14)
    with pytest.raises(OffBoard) as across:
        board.fit(parse_coord("8L"), 5)
    assert str(across.value) == "5 tiles across from 8L run off the 15×15 board: only 4 fit"
    with pytest.raises(OffBoard) as down:
        board.fit(parse_coord("A12"), 5)
    assert str(down.value) == "5 tiles down from A12 run off the 15×15 board: only 4 fit"
    assert isinstance(down.value, NotationError)  # one kind of error for anything written wrong
    with pytest.raises(OffBoard, match=r"^5 tiles across from 8L run off the 15×15 board: only 4 fit$"):
        placement(State.for_kit(en), "8L", "WINDY")


def test_a_word_keeps_blanks_and_two_letter_tiles(kit):
    es = kit("scrabble-es")
    tiles = placement(State.for_kit(es), "H8", "chE").tiles
    assert [(t.face, t.blank, (t.row, t.col)) for t in tiles] == [("CH", True, (7, 7)), ("E", False, (8, 7))]


@pytest.mark.parametrize("text", ["0A", "16A", "P1", "A0", "A16", "1P", "99Z", "Z99"])
def test_off_board_coordinates(text):
    board = Board.from_layout(load_kit("scrabble-en").layout)
    with pytest.raises(OffBoard) as exc:
        board.fit(parse_coord(text), 1)
    assert str(exc.value) == f"'{text}' is off the 15×15 board (rows 1–15, columns A–O)"


@pytest.mark.parametrize("text, last", [("15A", (14, 0)), ("O1", (0, 14)), ("1O", (0, 14)), ("A15", (14, 0))])
def test_corner_coordinates_are_on_the_board(text, last):
    board = Board.from_layout(load_kit("scrabble-en").layout)
    at = parse_coord(text)
    board.fit(at, 1)
    assert ((at.row, at.col), board.premium(at.row, at.col).code) == (last, "TW")
