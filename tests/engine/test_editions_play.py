"""The editions of issue 39 in play: Turkish's two i's in either case everywhere a word is read or written
(score, the game record, replay, fit's spelling, the list judge, the score keeper's messages), and the tiles of
more than one letter (Hungarian CS … ZS, Catalan L·L NY QU, Croatian DŽ LJ NJ, Welsh CH … TH) played, scored,
written to a game record and replayed from it."""

from __future__ import annotations

import pytest

from printkit.config import load_kit
from printkit.engine.fit import Speller
from printkit.engine.judge import normalise
from printkit.engine.notation import Letter, parse_rack, parse_word, write_word
from printkit.text import case


def test_turkish_capitals_and_small_letters_keep_the_dot():
    assert case.upper("iı", "tr") == "İI" and case.lower("İI", "tr") == "iı"
    assert case.upper("işık", "tr") == "İŞIK" and case.lower("IŞIK", "tr") == "ışık"
    assert case.upper("iı", "az") == "İI"
    # every other language: Unicode's default mapping (Python's own), Greek's final sigma included
    assert case.upper("iı", "en") == "II" and case.lower("İ", "de") == "i̇"
    assert case.upper("οδος", "el") == case.upper("οδοσ", "el") == "ΟΔΟΣ" and case.lower("ΟΔΟΣ", "el") == "οδος"


def test_a_turkish_blank_is_written_in_its_own_small_letter_and_read_back():
    tr = load_kit("scrabble-tr").distribution
    assert parse_word("iYİ", tr) == (Letter("İ", True), Letter("Y"), Letter("İ"))
    assert parse_word("ıŞIK", tr) == (Letter("I", True), Letter("Ş"), Letter("I"), Letter("K"))
    assert write_word((Letter("İ", True), Letter("I", True)), tr) == "iı"
    assert parse_rack("?İIŞ", tr) == ["?", "İ", "I", "Ş"]
    # the same letters read by an English set: i is I, and there is no İ
    en = load_kit("scrabble-en").distribution
    assert parse_word("iI", en) == (Letter("I", True), Letter("I"))


def test_turkish_words_are_spelled_with_their_own_capitals():
    tr = load_kit("scrabble-tr").distribution
    speller = Speller(tr.faces(), dict(tr.folds), tr.language)
    assert speller.spell("için") == ("İ", "Ç", "İ", "N")
    assert speller.spell("ışık") == ("I", "Ş", "I", "K")
    assert speller.spell("hâlâ") == ("H", "A", "L", "A")  # Â is played as A
    assert normalise("iyi", tr) == "İYİ" and normalise("kız", tr) == "KIZ"


def test_turkish_moves_score_and_explain_in_turkish_case(run):
    code, out, err = run("score", "--kit", "scrabble-tr", "8H IŞIK", "9G iYİ", "10F ıŞIK")
    assert code == 0, err
    lines = [ln.strip() for ln in out.splitlines()]
    assert "IŞIK: I2 + Ş4 + I2 + K1 = 9, word ×2 = 18" in lines
    assert "iYİ: i0×2 + Y3 + İ1×2 = 5" in lines  # the blank İ is i, worth 0
    assert "ıŞIK: ı0×3 + Ş4 + I2 + K1 = 7" in lines and "iŞ: i0 + Ş4 = 4" in lines  # the blank I is ı
    assert lines[-1] == "turn 24, total 58"
    code, out, err = run("score", "--kit", "scrabble-tr", "8H işık")
    assert code == 2 and out.startswith("scrabble-tr")
    assert err.strip().endswith("lower-case letters are blanks (işık: 4 blanks, the set has 2); write the word in "
                                "capitals: İŞIK")


def test_a_turkish_game_record_replays_as_written(run, tmp_path):
    gcg = tmp_path / "tr.gcg"
    code, _, err = run("score", "--kit", "scrabble-tr", "8H IŞIK", "9G iYİ", "10F ıŞIK", "--gcg", gcg)
    assert code == 0, err
    text = gcg.read_text(encoding="utf-8")
    assert ">Player_2: ?Yİ 9G iYİ +16 16" in text and ">Player_1: ?ŞIK 10F ıŞIK +24 42" in text
    for kit in (["--kit", "scrabble-tr"], []):  # the record names its set: replay finds it alone
        code, out, err = run("replay", gcg, *kit)
        assert code == 0, err
        assert out.splitlines()[-1] == "moves: 3, matched: 3, differ: 0"


@pytest.mark.parametrize("kit, moves, words", [
    ("scrabble-hu", ["8G HOGY", "I8 .ÚT"], ["HOGY: H3 + O1 + GY4 = 8, word ×2 = 16", "GYÚT: GY4 + Ú7×2 + T1 = 19"]),
    ("scrabble-ca", ["8G COL·LA"], ["COL·LA: C2 + O1 + L·L10 + A1 = 14, word ×2 = 28"]),
    ("scrabble-ca", ["8H QUAN", "9H ANY"], ["QUAN: QU8 + A1 + N1 = 10, word ×2 = 20"]),
    # Croatian: DŽ, LJ and NJ one tile each
    ("scrabble-hr", ["8G LJUBAV", "J7 DŽ.NJ"], ["LJUBAV: LJ4 + U1 + B3 + A1 + V2 = 11, word ×2 = 22",
                                             "DŽANJ: DŽ10 + A1 + NJ4 = 15"]),
    # Welsh: DD, LL and NG one tile each; N + G two tiles where the word has them apart, written [N]G
    ("scrabble-cy", ["8G DYDD", "H7 LL.N", "10E ANGEN", "11F BA[N]GOR"],
     ["DYDD: D1 + Y1 + DD1 = 3, word ×2 = 6", "LLYN: LL5 + Y1 + N1 = 7", "ANGEN: A1 + NG10×3 + E1 + N1 = 33",
      "BANGOR: B3 + A1 + N1 + G2 + O1 + R1 = 9, word ×2 = 18", "NGB: NG10 + B3 = 13"]),
])
def test_tiles_of_two_letters_are_played_scored_recorded_and_replayed(run, tmp_path, kit, moves, words):
    gcg = tmp_path / "game.gcg"
    code, out, err = run("score", "--kit", kit, *moves, "--gcg", gcg)
    assert code == 0, err
    lines = [ln.strip() for ln in out.splitlines()]
    for word in words:
        assert word in lines, out
    code, out, err = run("replay", gcg, "--kit", kit)
    assert code == 0, (err, gcg.read_text(encoding="utf-8"))
    assert out.splitlines()[-1] == f"moves: {len(moves)}, matched: {len(moves)}, differ: 0"


def test_welsh_letters_of_two_are_read_longest_first_and_split_in_brackets():
    cy = load_kit("scrabble-cy").distribution
    assert [x.face for x in parse_word("BANGOR", cy)] == ["B", "A", "NG", "O", "R"]
    assert [x.face for x in parse_word("BA[N]GOR", cy)] == ["B", "A", "N", "G", "O", "R"]
    assert write_word(parse_word("BA[N]GOR", cy), cy) == "BA[N]GOR"
    assert [x.face for x in parse_word("LLAETH", cy)] == ["LL", "A", "E", "TH"]
    assert parse_rack("DDLLNG?", cy) == ["DD", "LL", "NG", "?"]
    # a word of the set's letters spelled as the set plays it: Welsh ll is one tile, ŵ is W
    speller = Speller(cy.faces(), dict(cy.folds), cy.language)
    assert speller.spell("llŵyd") == ("LL", "W", "Y", "D")
