"""`printkit replay`: real recorded games, every move laid on the board and scored by the engine,
must reproduce every recorded score and running total; bad records are reported and skipped."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from printkit.config import kit_names, load_kit, load_layout
from printkit.engine.gcg import parse_gcg, read_gcg
from printkit.engine.replay import guess_kit, replay

DATA = Path(__file__).parents[1] / "data" / "gcg"
RECORDS = sorted(p.name for p in DATA.glob("*.gcg"))
CORPUS = sorted(p.name for p in (DATA / "corpus").glob("*.gcg"))
MOVES = {  # events replayed in each record (placements, passes, exchanges, withdrawn, bonuses, end points)
    "book_examples.gcg": 5, "several_words.gcg": 4, "latin1_german.gcg": 2, "macondo__doug_v_emely.gcg": 28,
    "macondo__polish_endgame.gcg": 53, "quackle__capp.gcg": 28, "macondo__noah_vs_peter.gcg": 46,
}


def test_the_records_are_all_here():
    assert len(RECORDS) == 41  # 38 public games and three of printkit's own
    assert len(CORPUS) == 42  # more public games, odd ones included (tests/data/gcg/README.md)


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
>a: AEJNOSV 8D WINDS +0 32
>a: AEJNOSV E3 JAVE..N +35 67
>b: DEILOVX F2 VOX +39 55
"""


def test_moves_the_engine_refuses_are_reported_by_line_and_the_replay_goes_on(run, tmp_path):
    path = tmp_path / "bad.gcg"
    path.write_text(BAD, encoding="utf-8")
    code, out, err = run("replay", path, "--kit", "scrabble-en", "-q")
    assert (code, err) == (1, "")
    lines = out.strip().splitlines()
    problems = {int(line.split(":")[1]): line for line in lines[1:-1]}
    assert "off the 15×15 board" in problems[6]  # JAVELIN across from P3: P is off the board
    assert "'WINDS' at 8D: H8 holds Y, not S" in problems[7]  # over WINDY's squares
    assert "the engine scores 34, the record 35" in problems[8]  # JAVELIN through WINDY's N and GALE's E
    assert sorted(problems) == [6, 7, 8]  # WINDY, GALE and VOX are fine
    assert lines[-1] == "moves: 6, matched: 3, differ: 3"


@pytest.mark.parametrize("lines, line, message", [
    # a letter the kit has no tile for: the record is another set's game
    ([">b: DEILOVX F2 VOЖ +39 55"], 5, "'VOЖ': the set has no tile 'Ж' (kit scrabble-en: is the record a game of "
                                       "another set? --kit names its kit)"),
    ([">b: ЖEILOVX F2 VOX +39 55"], 5, "the rack 'ЖEILOVX': the set has no tile 'Ж'"),
    ([">b: (ЖB) +8 24"], 5, "the rack 'ЖB': the set has no tile 'Ж'"),
    ([">b: DEILOVX -ЖE +0 16"], 5, "the exchange -ЖE: the set has no tile 'Ж'"),
    # a line that cannot be read
    ([">b: this is not an event"], 5, "'is' is not a coordinate such as 8D (across) or D8 (down)"),
    ([">b: DEILOVX F2 VOX +" + "9" * 5000 + " 55"], 5,
     "the score '+9999999999… (5001 characters)' has 5000 digits: no game comes near that (at most 6)"),
    ([">b: DEILOVX F2 VOX +39 " + "5" * 5000], 5, "the cumulative total '55555555555… (5000 characters)' has "
                                                  "5000 digits"),
    ([">b: DEILOVX -" + "2" * 5000 + " +0 16"], 5, "the number of tiles exchanged '22222222222… (5000 characters)'"),
    # a withdrawal with no play to take back
    ([">b: DEILOVX --  -16 0"], 5, "b withdraws a play (--) but the turn before (line 4) is a's: there is no play "
                                   "to take back"),
    ([">b: DEILOVX - +0 16", ">b: DEILOVX --  -16 0"], 6, "b withdraws a play (--) but their turn before (line 5) "
                                                           "is a pass, not a play"),
    ([">b: DEILOVX F2 VOX +39 39", ">b: DEILOVX -- -39 0", ">b: DEILOVX -- -39 0"], 7,
     "b withdraws a play (--) but the play of line 5 is withdrawn already"),
])
def test_a_record_that_cannot_be_replayed_is_one_line_exit_2(run, tmp_path, lines, line, message):
    path = tmp_path / "refused.gcg"
    path.write_text("#player1 a A\n#player2 b B\n#note\n>a: DINNVWY 8D WINDY +32 32\n" + "\n".join(lines) + "\n",
                    encoding="utf-8")
    code, out, err = run("replay", path, "--kit", "scrabble-en")
    assert (code, out) == (2, "")
    assert len(err.splitlines()) == 1 and len(err) < 300, err
    assert err.startswith(f"{path}:{line}: {message}"), err


def test_a_withdrawal_before_any_turn(run, tmp_path):
    path = tmp_path / "w.gcg"
    path.write_text("#player1 a A\n#player2 b B\n>a: AB -- -8 0\n", encoding="utf-8")
    code, _, err = run("replay", path, "--kit", "scrabble-en")
    assert (code, err) == (2, f"{path}:3: a withdraws a play (--) before any turn: there is no play to take back\n")


def test_the_first_problem_says_how_many_more(run, tmp_path):
    path = tmp_path / "two.gcg"
    path.write_text("#player1 a A\n>a: AB 8H AB +8\n>a: AB 8H AB 8 8\n", encoding="utf-8")
    code, _, err = run("replay", path, "--kit", "scrabble-en")
    assert (code, err) == (2, f"{path}:2: the event ends without its score and cumulative total (e.g. +26 66) "
                              f"(and 1 more problem in the record)\n")


def test_an_english_game_under_a_russian_kit_is_refused_at_its_first_line(run):
    """Every English record under erudit is refused where its first Latin letter is; the ending's
    rack alone used to be an internal error."""
    code, out, err = run("replay", DATA / "macondo__doug_v_emely.gcg", "--kit", "erudit")
    assert (code, out) == (2, "")
    assert err == (f"{DATA / 'macondo__doug_v_emely.gcg'}:3: the rack 'DINNVWY': the set has no tile 'D' (kit "
                   f"erudit: is the record a game of another set? --kit names its kit)\n")


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


# -- a withdrawal takes back exactly the challenged play -------------------------------------------

def replayed(text: str, kit: str = "scrabble-en", name: str = "t.gcg"):
    return replay(parse_gcg(text, name), load_kit(kit))


def test_a_withdrawn_play_that_could_not_be_laid_takes_nothing_off_the_board():
    """b's DOG could not be laid (it touches nothing); its withdrawal used to take a's CAT off the
    board instead, so that a's next play through CAT's A could not be laid either."""
    result = replayed("#player1 a A\n#player2 b B\n>a: ACT 8G CAT +10 10\n>b: DGO 8A DOG +10 10\n"
                      ">b: DGO -- -10 0\n>a: EST H7 T.E +3 13\n")
    got = [(s.line, s.score, s.total, s.matched) for s in result.steps]
    assert got == [(3, 10, 10, True), (4, None, None, False), (5, -10, 0, True), (6, 3, 13, True)]
    assert "not connected" in result.steps[1].problem


def test_a_withdrawn_play_comes_off_and_its_squares_are_free_again():
    result = replayed("#player1 a A\n#player2 b B\n>a: ACT 8G CAT +10 10\n>b: DOXY G7 D.XY +27 27\n"
                      ">b: DOXY -- -27 0\n>a: ES G7 E.S +7 17\n")
    assert [(s.line, s.score, s.matched) for s in result.steps] == [(3, 10, True), (4, 27, True), (5, -27, True),
                                                                     (6, 7, True)]


# -- both players named NoName ---------------------------------------------------------------------

def test_two_players_named_noname_take_turns_by_order(run):
    """Quackle writes NoName for both players; it gives the turns to them in order, and so does
    printkit: every turn used to be credited to player 1, so every other total differed."""
    path = DATA / "corpus" / "quackle__consonant_heaviness_tendency.gcg"
    code, out, err = run("replay", path, "-q")
    assert (code, err) == (0, ""), out
    lines = out.splitlines()
    assert lines[1] == ("note: the players share the nickname NoName: turns go to them in order, as Quackle reads "
                        "such a record")
    assert lines[-1] == "moves: 17, matched: 17, differ: 0"
    record = read_gcg(path)
    assert [e.seat for e in record.events][:4] == [1, 2, 1, 2]
    code, out, _ = run("replay", path)
    assert out.splitlines()[2:4] == [f"{path}:3: NoName (1) 8D BLAWN +26 total 26  ok",
                                     f"{path}:4: NoName (2) F8 ADZ +33 total 33  ok"]


# -- racks checked against the set -----------------------------------------------------------------

@pytest.mark.parametrize("line, problem", [
    (">a: ZZZABCD 8G CAB +14 14", "the rack ZZZABCD holds 3 × Z, but only 1 of the set's 1 is off the board"),
    (">a: ??ABCDE 8G CAb +8 8", ""),
    (">a: ???ABCD 8G CAb +8 8", "the rack ???ABCD holds 3 × blank, but only 2 of the set's 2 are off the board"),
    (">a: ABCDEFGH 8G CAB +14 14", "the rack ABCDEFGH holds 8 tiles; a rack holds 7"),
    (">a: ABDEFGH 8G CAB +14 14", "the rack ABDEFGH does not hold C of the play"),
    (">a: ABDEFG? 8G CAB +14 14", "the rack ABDEFG? does not hold C of the play"),
    (">a: ABDEFG? 8G cAB +8 8", ""),
    (">a: ABCDEFG -XY +0 0", "the rack ABCDEFG does not hold X Y of the exchange -XY"),
    (">a: ABCDEFG -QQ +0 0", "the rack ABCDEFG does not hold Q Q of the exchange -QQ"),
    (">a: ABC -4 +0 0", "the exchange -4 puts back more tiles than the rack ABC holds"),
    (">a: ABCDEFG -ABC +0 0", ""),
])
def test_racks_are_checked_against_the_set(line, problem):
    result = replayed("#player1 a A\n#player2 b B\n" + line + "\n")
    assert result.steps[0].problem == problem


def test_a_rack_holding_letters_already_on_the_board():
    """The set has one Z and it is on the board: a later rack with a Z is impossible."""
    result = replayed("#player1 a A\n#player2 b B\n>a: ADZ 8G ADZ +26 26\n>b: EEZ H7 E.E +4 4\n"
                      ">a: (EZ) +22 48\n")
    assert [s.problem for s in result.steps] == [
        "", "the rack EEZ holds 1 × Z, but only 0 of the set's 1 are off the board",
        "the rack EZ holds 1 × Z, but only 0 of the set's 1 are off the board"]
    assert [s.total for s in result.steps] == [26, 4, 48]  # the scores themselves are right


# -- every record under every kit ------------------------------------------------------------------

ALL = [DATA / n for n in RECORDS] + [DATA / "corpus" / n for n in CORPUS]


@pytest.mark.parametrize("kit", [None] + kit_names())
def test_every_record_under_every_kit_ends_in_an_answer(run, kit):
    """Each public record (83) under each shipped kit, and under the kit it names or its letters
    suggest: exit 0 (all matched), 1 (moves differ) or 2 (one line: the record is another set's,
    or cannot be read), never an internal error (905 of 2266 such runs were one)."""
    codes = Counter()
    for path in ALL:
        code, out, err = run("replay", path, *(["--kit", kit] if kit else []), "-q")
        codes[code] += 1
        assert code in (0, 1, 2), (path.name, code, err)
        assert "internal error" not in err and "Traceback" not in err, (path.name, err)
        if code == 2:
            assert len(err.splitlines()) == 1 and err.startswith(str(path)) and out == "", (path.name, err)
        else:
            assert err == "" and out.splitlines()[-1].startswith("moves: "), (path.name, err)
    if kit is None:  # the kits records name or their letters suggest: all but three replay cleanly
        assert codes == {0: len(ALL) - 3, 1: 2, 2: 1}, codes


def test_the_corpus_replays_under_its_own_kit():
    """Each record of the corpus under the kit its letters suggest: every move matched but in the
    three that are known to be odd."""
    odd = {"liwords__r20_peter.gcg": 1,  # the phony BRUnCH..Y: the record gives 115, the board 113
           "quackle__multiplayer-crash.gcg": 9,  # a test of a crash: racks that do not hold the plays
           }
    for name in CORPUS:
        record = read_gcg(DATA / "corpus" / name)
        if record.problems:
            assert name == "macondo__name_weird_encoding_with_header.gcg"  # ISO8859-6: printkit reads no such
            continue
        result = replay(record, load_kit(guess_kit(record, kit_names())[0]))
        assert result.differ == odd.get(name, 0), (name, [s for s in result.steps if not s.matched][:3])
