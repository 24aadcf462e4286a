"""``printkit score``: moves scored in order on one board, each word explained, the running total;
bad input is one line and exit code 2."""

from __future__ import annotations

import pytest

BOOK_MOVES = ["H5 ЛАЗАРЕТ", "5F ПО.", "5F ...КА", "5C ПРО.....", "8G Б.РАК", "11F фЕ.Р", "swap F11 + K6 щУ.А"]


def test_score_the_books_sequence(run):
    code, out, err = run("score", "--kit", "krestoslovitsa", *BOOK_MOVES)
    assert (code, err) == (0, "")
    assert out.splitlines() == [
        "krestoslovitsa: krestoslovitsa tiles, standard-15 board, rules krestoslovitsa",
        "1. H5 ЛАЗАРЕТ",
        "   ЛАЗАРЕТ: Л2 + А1 + З5 + А1 + Р2 + Е1 + Т2 = 14, word ×2 = 28",
        "   turn 28, total 28",
        "2. 5F ПО.",
        "   ПОЛ: П2 + О1 + Л2 = 5",
        "   turn 5, total 33",
        "3. 5F ...КА",
        "   ПОЛКА: П2 + О1 + Л2 + К2 + А1 = 8",
        "   turn 8, total 41",
        "4. 5C ПРО.....",
        "   ПРОПОЛКА: П2 + Р2 + О1 + П2 + О1 + Л2 + К2 + А1 = 13, word ×2 = 26",
        "   turn 26, total 67",
        "5. 8G Б.РАК",
        "   БАРАК: Б3 + А1 + Р2 + А1 + К2 = 9, word ×2 = 18",
        "   turn 18, total 85",
        "6. 11F фЕ.Р",
        "   фЕТР: ф10 + Е1 + Т2 + Р2 = 15",
        "   turn 15, total 100",
        "7. swap F11 + K6 щУ.А",
        "   щУКА: щ10 + У3 + К2 + А1 = 16",
        "   turn 16, total 116",
    ]


def test_score_cross_words_bonus_pass_and_exchange(run):
    code, out, err = run("score", "--kit", "scrabble-ru", "8H ПРОСТОР", "9G ДА", "pass", "exchange ФЩ")
    assert code == 0, err
    assert out.splitlines()[1:] == [
        "1. 8H ПРОСТОР",
        "   ПРОСТОР: П2 + Р1 + О1 + С1 + Т1×2 + О1 + Р1 = 9, word ×2 = 18",
        "   all 7 tiles: +50",
        "   turn 68, total 68",
        "2. 9G ДА",
        "   ДА: Д2×2 + А1 = 5",
        "   ПА: П2 + А1 = 3",
        "   turn 8, total 76",
        "3. pass",
        "   pass",
        "   turn 0, total 76",
        "4. exchange ФЩ",
        "   exchange of 2 tiles",
        "   turn 0, total 76",
    ]


def test_score_the_books_turn_of_two_groups(run):
    code, out, err = run("score", *BOOK_MOVES[:5], "11F фЕ.Р + K6 ЩУ.А")
    assert code == 0, err
    assert out.splitlines()[-4:] == ["6. 11F фЕ.Р + K6 ЩУ.А", "   фЕТР: ф10 + Е1 + Т2 + Р2 = 15",
                                     "   ЩУКА: Щ10 + У3 + К2 + А1 = 16", "   turn 31, total 116"]


def test_score_from_a_board_file(run, write):
    board = write("board.txt", "# after 8G ДОМ, with a blank as Д\n" + "\n".join(
        ["." * 15] * 7 + ["......д О М......".replace(" ", "")] + ["." * 15] * 7) + "\n")
    code, out, err = run("score", "--kit", "scrabble-ru", "--board", board, "9H ДА")
    assert code == 0, err
    assert out.splitlines()[1:] == ["1. 9H ДА", "   ДА: Д2 + А1×2 = 4", "   ОД: О1 + Д2 = 3", "   МА: М2 + А1×2 = 4",
                                    "   turn 11, total 11"]


@pytest.mark.parametrize("moves, message", [
    (["8H ПОЛ", "12A ДОМ"], "move 2 '12A ДОМ': A12–C12: not connected: every word after the first hooks onto the "
                            "tiles already on the board"),
    (["8H WORD"], "move 1 '8H WORD': 'WORD': the set has no tile 'W'"),
    (["8L ПРОПОЛКА"], "move 1 '8L ПРОПОЛКА': 8 tiles across from 8L run off the 15×15 board: only 4 fit"),
    (["16A ПОЛ"], "move 1 '16A ПОЛ': '16A' is off the 15×15 board (rows 1–15, columns A–O)"),
    (["9H ПОЛ"], "move 1 '9H ПОЛ': H9–J9: the first move covers the start square H8"),
    (["8H П"], "move 1 '8H П': H8: the first move places two tiles or more"),
    (["8H ПОЛ", "8H ПОЛ."], "move 2 '8H ПОЛ.': 'ПОЛ.' at 8H: '.' stands for a tile on the board, but K8 is empty"),
    (["8H ?ОЛ"], "move 1 '8H ?ОЛ': '?ОЛ': a blank names the letter it stands for: write that letter in lower case"),
    (["ПОЛ"], "move 1 'ПОЛ': 'ПОЛ' is not COORD WORD, as 8H ПОЛ (across) or H8 ПОЛ (down)"),
    (["8H ПОЛ", "swap H8 + 9H фА"], "move 2 'swap H8 + 9H фА': swap H8: only a blank can be swapped, and П there "
                                    "is a real tile"),
])
def test_score_bad_moves(run, moves, message):
    code, out, err = run("score", *moves)
    assert code == 2
    assert err.splitlines() == [message]


def test_score_bad_kit_and_board(run, write, tmp_path):
    code, _, err = run("score", "--kit", "no-such-kit", "8H ПОЛ")
    assert code == 2 and len(err.splitlines()) == 1 and "no-such-kit" in err
    code, _, err = run("score", "--board", tmp_path / "missing.txt", "8H ПОЛ")
    assert code == 2 and err.splitlines() == [f"{tmp_path / 'missing.txt'}: cannot read the board: No such file or directory"]
    short = write("short.txt", "...\n")
    code, _, err = run("score", "--board", short, "8H ПОЛ")
    assert code == 2 and err.splitlines() == [f"{short}:1: row 1 has 3 squares, the board has 15"]
    binary = tmp_path / "bin.txt"
    binary.write_bytes(b"\xff\xfe\x00")
    code, _, err = run("score", "--board", binary, "8H ПОЛ")
    assert code == 2 and len(err.splitlines()) == 1 and err.startswith(f"{binary}: cannot read the board:")


def test_score_needs_a_move(run, capsys):
    with pytest.raises(SystemExit) as exc:  # argparse's own message and exit code, as for every command
        run("score")
    err = capsys.readouterr().err
    assert exc.value.code == 2 and err.splitlines()[-1] == "printkit: error: the following arguments are required: MOVE"
