"""Placement errors: each a clear message naming the squares, and the board left as it was.

The rules (seed 003, «Как ходить»): «Первый игрок составляет слово из двух и более своих букв и
выкладывает его … так, чтобы одна буква легла на центральную клетку… По диагонали — нельзя.» «Все
буквы за ход кладутся в один ряд». Seed 001: «Выкладывать новое слово на пустом месте нельзя — слова
должны «цепляться» одно за другое». «Слова читаются … слева направо или сверху вниз.»
"""

from __future__ import annotations

import pytest

from printkit.config import load_kit
from printkit.engine import IllegalMove, Placement, State, Tile, parse_move, placement
from printkit.engine.board import OffBoard
from printkit.engine.notation import NotationError

RU = load_kit("scrabble-ru")


def after(*moves: str) -> State:
    state = State.for_kit(RU)
    for m in moves:
        state.play(parse_move(state, m))
    return state


def refused(state: State, move) -> str:
    """The message of an illegal move, checking that the board and the turn did not change."""
    before, turn, tiles = state.text(), state.turn, len(state.history)
    with pytest.raises(NotationError) as exc:
        state.play(parse_move(state, move) if isinstance(move, str) else move)
    assert (state.text(), state.turn, len(state.history)) == (before, turn, tiles)
    return str(exc.value)


@pytest.mark.parametrize("move, message", [
    # a gap between the tiles of a turn (only tiles already there may be between them)
    ("9G ДА + 9J Д", "G9–J9: a gap at I9: only tiles already on the board may lie between the tiles of a turn"),
    # not in one row or column (a diagonal among them)
    ("9G Д + 10H О", "G9, H10: not in one row or column: the tiles of a turn go in one line"),
    # not connected to the tiles on the board
    ("12A ДОМ", "A12–C12: not connected: every word after the first hooks onto the tiles already on the board"),
    # a square already taken, named by a tile of the move
    (Placement((Tile(7, 7, "Д"), Tile(7, 6, "А"))), "H8 is taken: О is there"),
    # the same square twice
    (Placement((Tile(8, 7, "Д"), Tile(8, 7, "А"))), "H9 is named twice in one move"),
    # a letter the set does not have, and a blank that names no letter
    ("9H ДW", "'ДW': the set has no tile 'W'"),
    (Placement((Tile(8, 7, "W"),)), "H9: the set has no tile 'W'"),
    ("9H Д?", "'Д?': a blank names the letter it stands for: write that letter in lower case"),
    (Placement((Tile(8, 7, "", True),)), "H9: a blank names the letter it stands for"),
    # off the board
    ("8L ТОПОТ", "5 tiles across from 8L run off the 15×15 board: only 4 fit"),
    ("16A ДА", "'16A' is off the 15×15 board (rows 1–15, columns A–O)"),
    (Placement((Tile(15, 0, "Д"),)), "A16 is off the 15×15 board (rows 1–15, columns A–O)"),
    # more of a letter than the set has (one Ф, one Щ)
    ("A1 ФФ", "A1, A2: too many Ф: the set has 1, 0 on the board, 2 more do not fit"),
    # a word as written that the board does not bear out
    ("J9 .О", "'.О' at J9: '.' stands for a tile on the board, but J9 is empty"),
    ("8G ДАМ", "'ДАМ' at 8G: H8 holds О, not А"),
    ("8J А", "'А' at 8J: I8 holds М, so the word goes on: write the whole word, with '.' for the tiles already there"),
    ("8F Д.", "'Д.' at 8F: H8 holds О, so the word goes on: write the whole word, with '.' for the tiles "
              "already there"),
    ("8G ..", "'..' at 8G: I8 holds М, so the word goes on: write the whole word, with '.' for the tiles "
              "already there"),
    ("8G ...", "'8G ...' places no tile: every square it names holds one already"),
    ("8H ДОМ X", "'8H ДОМ X' is not COORD WORD, as 8H ПОЛ (across) or H8 ПОЛ (down)"),
    ("8H", "'8H' is not COORD WORD, as 8H ПОЛ (across) or H8 ПОЛ (down)"),
    ("9H ДА +", "'9H ДА +': an empty part: a move is COORD WORD, as 8H ПОЛ, groups joined by '+'"),
    ("88 ДОМ", "'88' is not a coordinate such as 8D (across) or D8 (down)"),
])
def test_refused_after_a_first_move(move, message):
    state = after("8G ДОМ")  # Д G8, О H8, М I8
    assert refused(state, move) == message


def test_the_first_move_covers_the_start_square_with_two_tiles():
    state = State.for_kit(RU)
    assert refused(state, "7G ДОМ") == "G7–I7: the first move covers the start square H8"
    assert refused(state, "8H Д") == "H8: the first move places two tiles or more"
    assert refused(state, "8G Д + 8I М") == "G8–I8: a gap at H8: only tiles already on the board may lie between " \
                                          "the tiles of a turn"
    assert state.empty


def test_error_kinds():
    state = after("8G ДОМ")
    for move, kind in (("12A ДОМ", IllegalMove), ("16A ДА", OffBoard), ("9H ДW", NotationError)):
        with pytest.raises(kind):
            state.play(parse_move(state, move))
    assert issubclass(IllegalMove, ValueError) and issubclass(OffBoard, NotationError)


def test_played_through_letters_spelled_out_or_dotted():
    """Old records spell out the letters a word passes through; both readings place the same tiles."""
    state = after("8G ДОМ")
    dotted, spelled = placement(state, "H6", "ДО.А"), placement(state, "H6", "ДООА")
    assert dotted == spelled
    assert [(t.square, t.face, t.blank) for t in dotted.tiles] == [("H6", "Д", False), ("H7", "О", False),
                                                                   ("H9", "А", False)]
    assert dotted.across is False
    assert state.play(dotted).total == 2 + 1 + 1 + 1  # ДООА is no word; the engine checks placement only


def test_cross_words_are_scored_with_the_main_word_first():
    """ДА across row 9 under ДОМ: the main word ДА, then the cross-words ОД and МА (not words either);
    the А on the DL of I9 is doubled in both words through it."""
    state = after("8G ДОМ")
    score = state.play(parse_move(state, "9H ДА"))
    assert [(w.word, w.total) for w in score.words] == [("ДА", 2 + 1 * 2), ("ОД", 1 + 2), ("МА", 2 + 1 * 2)]
    assert score.total == 11
    down = state.play(parse_move(state, "J7 ЯМ"))  # down: Я on J7, М on J8 next to ДОМ: ДОММ across
    assert [w.word for w in down.words] == ["ЯМ", "ДОММ"]


def test_a_single_tile_scores_both_its_words():
    state = after("8G ДОМ", "G8 .А")  # ДА down from G8
    score = state.play(parse_move(state, "9G .Я"))  # Я on H9: АЯ across and ОЯ down
    assert {w.word for w in score.words} == {"АЯ", "ОЯ"}


def test_undo_restores_the_board_and_keeps_the_score_explainable():
    state = after("8G ДОМ")
    board, turn = state.text(), state.turn
    score = state.play(parse_move(state, "9H ДА"))
    taken = state.undo()
    assert taken is score and (state.text(), state.turn) == (board, turn)
    assert [w.word for w in taken.words] == ["ДА", "ОД", "МА"]
    with pytest.raises(IllegalMove, match="^no turn to take back$"):
        State.for_kit(RU).undo()


def test_the_faces_on_the_board_are_read_through_public_calls():
    """What reading a move needs of the state (move.Position): its face on a square, None when empty,
    OffBoard off the board; tile() adds the blank and the turn."""
    state = after("8G дОМ")
    assert [state.face(7, c) for c in (5, 6, 7, 8, 9)] == [None, "Д", "О", "М", None]
    assert state.tile(7, 6) == ("Д", True, 1) and state.tile(0, 0) is None
    for row, col in ((7, 15), (-1, 0), (15, 3)):
        with pytest.raises(OffBoard, match=r" is off the 15×15 board \(rows 1–15, columns A–O\)$"):
            state.face(row, col)


def test_position_from_text_and_back():
    text = "\n".join(["." * 15] * 7 + ["......дОМ......"] + ["." * 15] * 7) + "\n"
    state = State.from_text("# a position\n" + text.replace("дОМ", "д О М"), RU.layout, RU.distribution, RU.rules)
    assert state.text() == text
    assert state.tile(7, 6) == (("Д", True, 0)) and state.premium_used(7, 7)
    assert state.play(parse_move(state, "9H ДА")).total == 11  # as after the move 8G дОМ: ДА, ОД, МА


@pytest.mark.parametrize("text, message", [
    ("." * 15 + "\n", "b.txt: the board has 15 rows, the text 1"),
    ("\n".join(["." * 15] * 16), "b.txt:16: the board has 15 rows; this is one more"),
    ("." * 14 + "\n", "b.txt:1: row 1 has 14 squares, the board has 15"),
    ("." * 14 + "W\n", "b.txt:1: '..............W': the set has no tile 'W'"),
    ("ФФ" + "." * 13 + "\n", "b.txt:1: B1: too many Ф: the set has 1, 1 on the board, 1 more does not fit"),
])
def test_bad_position_text(text, message):
    with pytest.raises(NotationError) as exc:
        State.from_text(text, RU.layout, RU.distribution, RU.rules, name="b.txt")
    assert str(exc.value) == message


def test_a_copy_is_a_board_of_its_own():
    state = after("8G ДОМ")
    trial = state.copy()
    assert trial.play(parse_move(trial, "9H ДА")).total == 11
    assert [(r, c, t.face) for r, c, t in trial.tiles()] == [(7, 6, "Д"), (7, 7, "О"), (7, 8, "М"),
                                                             (8, 7, "Д"), (8, 8, "А")]
    assert [(r, c, t.face) for r, c, t in state.tiles()] == [(7, 6, "Д"), (7, 7, "О"), (7, 8, "М")]
    assert (state.turn, trial.turn) == (1, 2)
    assert state.play(parse_move(state, "9H ДА")).total == 11  # the squares are still free on the original


def test_placement_written_back():
    state = after("8G ДОМ")
    move = parse_move(state, "swap H8 + 9H дА")  # read, not played: the text of what it places
    assert str(move) == "swap H8 + H9 д + I9 А"
