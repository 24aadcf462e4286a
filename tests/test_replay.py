"""`printkit replay`: real recorded games, every move laid on the board and scored by the engine,
must reproduce every recorded score and running total; bad records are reported and skipped."""

from __future__ import annotations

from pathlib import Path

import pytest

from printkit.config import kit_names, load_kit, load_layout
from printkit.engine.gcg import parse_gcg, read_gcg
from printkit.engine.replay import guess_kit, replay

DATA = Path(__file__).parent / "data" / "gcg"
RECORDS = sorted(p.name for p in DATA.glob("*.gcg"))
MOVES = {  # events replayed in each record (placements, passes, exchanges, withdrawn, bonuses, end points)
    "book_examples.gcg": 5, "several_words.gcg": 4, "latin1_german.gcg": 2, "macondo__doug_v_emely.gcg": 28,
    "macondo__polish_endgame.gcg": 53, "quackle__capp.gcg": 28, "macondo__noah_vs_peter.gcg": 46,
}


def test_the_records_are_all_here():
    assert len(RECORDS) == 41  # 38 public games and three of printkit's own


@pytest.mark.parametrize("name", RECORDS)
def test_every_recorded_move_is_reproduced(name):
    record = read_gcg(DATA / name)
    kit_name, _ = guess_kit(record, kit_names())
    kit = load_kit(kit_name)
    layout = load_layout("plain-15") if record.board_layout == "plain-15" else None  # the book: bare sums
    result = replay(record, kit, layout)
    assert result.differ == 0, [s for s in result.steps if not s.matched][:3]
    assert result.moves == MOVES.get(name, result.moves) and result.moves >= 2
    placements = [e for e in record.events if e.kind == "placement"]
    assert sum(1 for s in result.steps if s.score is not None) >= len(placements)


def test_the_kit_is_guessed_from_the_record():
    guesses = {name: guess_kit(read_gcg(DATA / name), kit_names())[0] for name in RECORDS}
    assert guesses["book_examples.gcg"] == "krestoslovitsa"
    assert guesses["macondo__polish_endgame.gcg"] == "scrabble-pl"
    assert guesses["latin1_german.gcg"] == "scrabble-de"
    assert guesses["macondo__doug_v_emely.gcg"] == "scrabble-en"


def test_replay_prints_a_line_a_move_and_the_summary(run):
    code, out, err = run("replay", DATA / "book_examples.gcg")
    assert code == 0, err
    lines = out.strip().splitlines()
    assert lines[0].endswith("book_examples.gcg: kit krestoslovitsa (#tile-distribution krestoslovitsa), "
                             "board plain-15, rules krestoslovitsa")
    assert lines[1].endswith("book_examples.gcg:14: Первый 8H ПОЛ +5 total 5  ok")
    assert lines[4].endswith("book_examples.gcg:23: Первый F5 фЕТ. +15 total 20  ok")  # the blank as Ф
    assert lines[5].endswith("book_examples.gcg:27: Второй K6 щУ.А +16 total 24  ok")  # after the swap
    assert lines[-1] == "moves: 5, matched: 5, differ: 0"


BAD = """\
#character-encoding UTF-8
#player1 a A
#player2 b B
>a: DINNVWY 8D WINDY +32 32
>b: ADEEGIL 7C GALE +16 16
>a: AEJNOSV P3 JAVELIN +0 32
>b: DEILOVX F2 VOЖ +0 16
>a: AEJNOSV 8D WINDS +0 32
>b: this is not an event
>a: AEJNOSV E3 JAVE..N +35 67
>b: DEILOVX F2 VOX +39 55
"""


def test_bad_records_are_reported_by_line_and_the_replay_goes_on(run, tmp_path):
    path = tmp_path / "bad.gcg"
    path.write_text(BAD, encoding="utf-8")
    code, out, _ = run("replay", path, "--kit", "scrabble-en", "-q")
    assert code == 1
    lines = out.strip().splitlines()
    problems = {int(line.split(":")[1]): line for line in lines[1:-1]}
    assert "off the 15×15 board" in problems[6]  # JAVELIN across from P3: P is off the board
    assert "the set has no tile 'Ж'" in problems[7]
    assert "'WINDS' at 8D: H8 holds Y, not S" in problems[8]  # over WINDY's squares
    assert 9 in problems  # not an event
    assert "the engine scores 34, the record 35" in problems[10]  # JAVELIN through WINDY's N and GALE's E
    assert 11 not in problems and 4 not in problems and 5 not in problems  # VOX, WINDY and GALE are fine
    assert lines[-1] == "moves: 8, matched: 3, differ: 5"  # WINDY, GALE and VOX


def test_an_unreadable_record_is_one_line_exit_2(run, tmp_path):
    code, _, err = run("replay", tmp_path / "none.gcg")
    assert code == 2 and len(err.strip().splitlines()) == 1 and "none.gcg" in err
    (tmp_path / "bin.gcg").write_bytes(bytes(range(256)) * 10)
    code, _, err = run("replay", tmp_path / "bin.gcg")
    assert code == 2 and len(err.strip().splitlines()) == 1


def test_replay_reads_text_too():
    record = parse_gcg(">a: ?ABC 8G CAb +8 8\n>b: XYZ - +0 0\n", "inline.gcg")
    result = replay(record, load_kit("scrabble-en"))
    assert [(s.score, s.total, s.matched) for s in result.steps] == [(8, 8, True), (0, 0, True)]  # (C3 A1 b0) × 2
