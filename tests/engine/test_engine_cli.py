"""``printkit score``: moves scored in order on one board, each word explained, the running total;
bad input is one line and exit code 2."""

from __future__ import annotations

from pathlib import Path

import pytest

from printkit import __version__
from printkit.engine.gcg import read_gcg

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
    assert code == 2 and err.splitlines() == [
        f"{tmp_path / 'missing.txt'}: cannot read the board: No such file or directory"]
    short = write("short.txt", "...\n")
    code, _, err = run("score", "--board", short, "8H ПОЛ")
    assert code == 2 and err.splitlines() == [f"{short}:1: row 1 has 3 squares, the board has 15"]
    binary = tmp_path / "bin.txt"
    binary.write_bytes(b"\xff\xfe\x00")
    code, _, err = run("score", "--board", binary, "8H ПОЛ")
    assert code == 2 and err.splitlines() == [f"{binary}:1:1: cannot read the board: not UTF-8 text: save the file as "
                                              f"UTF-8 (byte 0 is 0xff)"]  # where, as every reader says (inputs.py)


def test_score_needs_a_move(run, capsys):
    with pytest.raises(SystemExit) as exc:  # argparse's own message and exit code, as for every command
        run("score")
    err = capsys.readouterr().err
    assert exc.value.code == 2 and err.splitlines()[-1] == "printkit: error: the following arguments are required: MOVE"


# -- score --gcg: the moves as a game record ---------------------------------------------------------

DATA = Path(__file__).parents[1] / "data" / "gcg"


def test_score_writes_the_books_sequence_as_a_record_that_replays(run, tmp_path):
    path = tmp_path / "book.gcg"
    code, out, err = run("score", "--kit", "krestoslovitsa", *BOOK_MOVES, "--gcg", path)
    assert (code, err) == (0, "")
    assert out.splitlines()[-1] == f"game record: {path} (7 turns, 2 players)"
    data = path.read_bytes()
    assert data.decode("utf-8") == (
        "#character-encoding UTF-8\n"
        "#player1 Игрок_1 Игрок 1\n"
        "#player2 Игрок_2 Игрок 2\n"
        f"#description Scored with printkit {__version__}, kit krestoslovitsa\n"
        "#tile-distribution krestoslovitsa\n"
        "#incomplete\n"
        ">Игрок_1: ЛАЗАРЕТ H5 ЛАЗАРЕТ +28 28\n"
        ">Игрок_2: ПО 5F ПО. +5 5\n"
        ">Игрок_1: КА 5F ...КА +8 36\n"
        ">Игрок_2: ПРО 5C ПРО..... +26 31\n"
        ">Игрок_1: БРАК 8G Б.РАК +18 54\n"
        ">Игрок_2: ?ЕР 11F фЕ.Р +15 46\n"
        ">Игрок_1: ФУА K6 щУ.А +16 70\n"  # the rack before the swap: the Ф given for the blank
        "#swap F11 Ф\n")
    code, out, err = run("replay", path)
    assert (code, err) == (0, "")
    assert out.splitlines()[0] == f"{path}: kit krestoslovitsa (#tile-distribution krestoslovitsa), board " \
                                  f"standard-15, rules krestoslovitsa"
    assert [line.split("  ")[-1] for line in out.splitlines()[1:-1]] == ["ok"] * 7
    assert out.splitlines()[-1] == "moves: 7, matched: 7, differ: 0"


def test_score_writes_a_turn_of_several_words(run, tmp_path):
    path = tmp_path / "two.gcg"
    code, _, err = run("score", *BOOK_MOVES[:5], "11F фЕ.Р + K6 ЩУ.А", "--gcg", path, "--players", "Аня Б, Боря")
    assert code == 0, err
    lines = path.read_text("utf-8").splitlines()
    assert lines[1:3] == ["#player1 Аня_Б Аня Б", "#player2 Боря Боря"]
    assert lines[-2:] == [">Боря: ?ЕРЩУА 11F фЕ.Р +31 62", "#+ K6 ЩУ.А"]
    code, out, _ = run("replay", path, "-q")
    assert (code, out.splitlines()[-1]) == (0, "moves: 6, matched: 6, differ: 0")


def test_score_rewrites_a_real_game_as_it_was_recorded(run, tmp_path):
    """vs_frentz's placements scored by printkit and written: the same players, coordinates, words
    and scores as the record (only the challenge bonuses, which are not moves, are missing)."""
    original = read_gcg(DATA / "macondo__vs_frentz.gcg")
    plays = [e for e in original.events if e.kind == "placement"]
    path = tmp_path / "frentz.gcg"
    code, _, err = run("score", "--kit", "scrabble-en", "--players", "cesar,frentz", "--gcg", path,
                       *[f"{e.position} {e.word}" for e in plays])
    assert code == 0, err
    written = read_gcg(path)
    assert written.problems == () and written.tile_distribution == "english"
    assert [(e.player, e.coord, e.word, e.score) for e in written.events] == [
        (e.player, e.coord, e.word, e.score) for e in plays]
    assert [e.rack for e in written.events][:3] == ["CRAA?ED", "ENDOWES", "AWA"]  # the tiles each turn put down
    assert all(sorted(e.rack) == sorted("?" if c.islower() else c for c in e.word if c != ".")
               for e in written.events)
    code, out, _ = run("replay", path, "-q")
    assert (code, out.splitlines()[-1]) == (0, f"moves: {len(plays)}, matched: {len(plays)}, differ: 0")


def test_score_writes_passes_exchanges_and_split_tiles(run, tmp_path):
    path = tmp_path / "es.gcg"
    code, _, err = run("score", "--kit", "scrabble-es", "8G [C]HE", "pass", "exchange CHLL?", "I6 LLA.", "--gcg", path)
    assert code == 0, err
    lines = path.read_text("utf-8").splitlines()
    assert lines[-4:] == [">Player_1: [C]HE 8G [C]HE +16 16",  # C and H, not the tile CH
                          ">Player_2: - +0 0",  # a pass: no rack is known
                          ">Player_1: CHLL? -CHLL? +0 16",  # the tiles CH and LL and a blank
                          ">Player_2: LLA I6 LLA. +11 11"]
    record = read_gcg(path)
    assert [e.kind for e in record.events] == ["placement", "pass", "exchange", "placement"]
    assert record.events[0].word == "[C]HE" and record.events[3].word == "LLA."
    code, out, _ = run("replay", path, "-q")
    assert (code, out.splitlines()[-1]) == (0, "moves: 4, matched: 4, differ: 0")


def test_score_gcg_is_the_same_bytes_in_any_folder(run, tmp_path, monkeypatch):
    paths = []
    for folder in ("a", "b/c"):
        (tmp_path / folder).mkdir(parents=True)
        monkeypatch.chdir(tmp_path / folder)
        assert run("score", "--kit", "scrabble-en", "8D WINDY", "7C GALE", "--gcg", "game.gcg")[0] == 0
        paths.append(tmp_path / folder / "game.gcg")
    assert paths[0].read_bytes() == paths[1].read_bytes()
    # no temporary file left; the record of what printkit score wrote there (only those files it replaces)
    assert sorted(p.name for p in (tmp_path / "b" / "c").iterdir()) == [".printkit-score.json", "game.gcg"]


def test_score_gcg_replaces_a_file_whole_and_only_its_own(run, tmp_path):
    """A file printkit score did not write is refused, unchanged (issue 32: one rule for fit, simulate and score),
    unless --force; its own record it replaces whole, and a failed score leaves it as it was."""
    path = tmp_path / "game.gcg"
    path.write_text("old", encoding="utf-8")
    code, _, err = run("score", "--kit", "scrabble-en", "8D WINDY", "--gcg", path)
    assert (code, err) == (2, f"{path} is in the way: printkit score did not write it (or it was changed since); "
                              f"move it away, give another --gcg, or --force to replace it; nothing was written\n")
    assert path.read_text("utf-8") == "old"
    assert run("score", "--kit", "scrabble-en", "8D WINDY", "--gcg", path, "--force")[0] == 0
    assert path.read_text("utf-8").startswith("#character-encoding UTF-8\n")
    assert run("score", "--kit", "scrabble-en", "8D WINDY", "7C GALE", "--gcg", path)[0] == 0  # its own: replaced
    code, _, err = run("score", "--kit", "scrabble-en", "8D WINDY", "12A DOG", "--gcg", path)
    assert code == 2 and err.splitlines() == ["move 2 '12A DOG': A12–C12: not connected: every word after the first "
                                              "hooks onto the tiles already on the board"]
    assert path.read_text("utf-8").endswith(">Player_2: GALE 7C GALE +16 16\n")  # the earlier record stays
    assert sorted(p.name for p in tmp_path.iterdir()) == [".printkit-score.json", "game.gcg"]


@pytest.mark.parametrize("args, message", [
    (["--gcg", "{tmp}/g.gcg", "--board", "{tmp}/board.txt"],
     "--gcg writes a game from the empty board: a record cannot start from --board's position"),
    (["--players", "Аня,Боря"], "--players names the players of --gcg's record: give --gcg too"),
    (["--force"], "--force replaces a file in --gcg's way: give --gcg too"),
    (["--gcg", ""], "--gcg '': name the file to write"),
    (["--gcg", "{tmp}"], "--gcg {tmp}: is a folder; name a file in it"),
    (["--gcg", "/dev/null"], "--gcg /dev/null: is not a plain file (a device, a pipe or a broken link): printkit "
                             "writes only files"),
    (["--gcg", "{tmp}/none/g.gcg"], "--gcg {tmp}/none/g.gcg: the folder {tmp}/none does not exist"),
    (["--gcg", "{tmp}/g.gcg", "--players", "7"], "--players: 'players' is 7: a score sheet holds 2 to 6 players "
                                                  "or teams"),
])
def test_score_gcg_bad_input(run, tmp_path, args, message):
    args = [a.format(tmp=tmp_path) for a in args]
    code, out, err = run("score", "--kit", "scrabble-en", "8D WINDY", *args)
    assert (code, out) == (2, "")
    assert err.splitlines() == [message.format(tmp=tmp_path)]
    assert list(tmp_path.iterdir()) == []
