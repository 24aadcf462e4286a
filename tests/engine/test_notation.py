"""Reading plays as game records write them: words in a set's tiles (printkit.engine.notation:
tiles, blanks, folds, brackets) and coordinates (printkit.notation, which the rule sets read too).
Whether a coordinate is on the board is the board's question (tests/engine/test_engine_board.py)."""

from __future__ import annotations

import pytest

from printkit.config import load_kit
from printkit.engine.notation import Letter, parse_word
from printkit.notation import Coord, NotationError, parse_coord, square_name

_KITS: dict = {}


def dist(name: str):
    """The distribution of a shipped kit."""
    if name not in _KITS:
        _KITS[name] = load_kit(name)
    return _KITS[name].distribution


def faces(text: str, kit: str) -> list[str]:
    """The word as tiles: the face, in lower case for a blank."""
    return [t.face.lower() if t.blank else t.face for t in parse_word(text, dist(kit))]


def refused(text: str, kit: str) -> str:
    with pytest.raises(NotationError) as exc:
        parse_word(text, dist(kit))
    return str(exc.value)


# -- words ------------------------------------------------------------------------------------------

def test_upper_case_is_the_tile_lower_case_a_blank():
    assert parse_word("фЕТР", dist("krestoslovitsa")) == (Letter("Ф", True), Letter("Е"), Letter("Т"),
                                                          Letter("Р"))
    assert faces("NoCTUrN", "scrabble-en") == ["N", "o", "C", "T", "U", "r", "N"]
    assert faces("stępić", "scrabble-pl") == ["s", "t", "ę", "p", "i", "ć"]


def test_ukrainian_apostrophe_is_a_tile():
    """ʼ (U+02BC) has no case: it is the tile itself, never a blank (it used to be refused)."""
    uk = dist("scrabble-uk")
    assert parse_word("ПʼЯТЬ", uk) == (Letter("П"), Letter("ʼ"), Letter("Я"), Letter("Т"), Letter("Ь"))
    assert faces("пʼЯть", "scrabble-uk") == ["п", "ʼ", "Я", "т", "ь"]
    assert faces("[ʼ]ЯТЬ", "scrabble-uk") == ["ʼ", "Я", "Т", "Ь"]
    # the typewriter apostrophe and the right single quotation mark are other characters
    assert refused("П'ЯТЬ", "scrabble-uk") == "'П'ЯТЬ': the set has no tile '''"
    assert refused("П’ЯТЬ", "scrabble-uk") == "'П’ЯТЬ': the set has no tile '’'"


def test_longest_face_first():
    """Spanish CH, LL and RR are single tiles; the longest face that fits is read first."""
    assert faces("CHALLA", "scrabble-es") == ["CH", "A", "LL", "A"]
    assert faces("PERRO", "scrabble-es") == ["P", "E", "RR", "O"]
    assert faces("CCHH", "scrabble-es") == ["C", "CH", "H"]
    assert faces("chllrr", "scrabble-es") == ["ch", "ll", "rr"]


def test_brackets_force_a_reading():
    assert faces("[CH]E", "scrabble-es") == ["CH", "E"]
    assert faces("[C]HE", "scrabble-es") == ["C", "H", "E"]
    assert faces("C[H]E", "scrabble-es") == ["C", "H", "E"]
    assert faces("[ch]E", "scrabble-es") == ["ch", "E"]
    assert faces("[L][L]AMA", "scrabble-es") == ["L", "L", "A", "M", "A"]
    assert faces("[Ё]Ж", "erudit") == ["Е", "Ж"]


def test_bracket_mistakes():
    assert refused("[CHE", "scrabble-es") == "'[CHE': '[' without ']'"
    assert refused("CH]E", "scrabble-es") == "'CH]E': ']' without '['"
    assert refused("[]E", "scrabble-es") == "'[]E': '[]' names no tile"
    assert refused("[CHE]", "scrabble-es") == "'[CHE]': the set has no tile 'CHE'"
    assert refused("[[CH]]", "scrabble-es") == "'[[CH]]': the set has no tile '[CH'"
    assert refused("[K]ILO", "scrabble-es") == "'[K]ILO': the set has no tile 'K'"


def test_mixed_case_faces():
    """A tile is written in one case: Ch is C and a blank H; inside brackets it is a mistake."""
    assert faces("Ch", "scrabble-es") == ["C", "h"]
    assert faces("cH", "scrabble-es") == ["c", "H"]
    assert faces("lL", "scrabble-es") == ["l", "L"]
    assert refused("[Ch]E", "scrabble-es") == ("'[Ch]E': '[Ch]' mixes cases: [CH] is the tile, "
                                               "[ch] a blank standing for it")
    assert faces("Ch", "scrabble-en") == ["C", "h"]


def test_folds_are_played_as_their_tile():
    """Эрудит has no Ё tile: Ё is played with Е. Russian Scrabble has a Ё tile of its own."""
    assert parse_word("ЁЖ", dist("erudit")) == (Letter("Е"), Letter("Ж"))
    assert parse_word("ёЖ", dist("erudit")) == (Letter("Е", True), Letter("Ж"))
    assert parse_word("ЁЖ", dist("scrabble-ru")) == (Letter("Ё"), Letter("Ж"))
    assert faces("ÉTÉ", "scrabble-fr") == ["E", "T", "E"]
    assert faces("çA", "scrabble-fr") == ["c", "A"]
    assert refused("CAFÉ", "scrabble-en") == "'CAFÉ': the set has no tile 'É'"


def test_letters_the_set_does_not_have():
    assert refused("ФЕТР", "scrabble-en") == "'ФЕТР': the set has no tile 'Ф'"
    assert refused("WINDY", "krestoslovitsa") == "'WINDY': the set has no tile 'W'"
    assert refused("ЪЕМ", "scrabble-uk") == "'ЪЕМ': the set has no tile 'Ъ'"
    assert refused("ПО1", "krestoslovitsa") == "'ПО1': the set has no tile '1'"
    assert refused("wINDY", "scrabble-es") == "'wINDY': the set has no tile 'W'"


def test_spaces_are_not_part_of_a_word():
    assert refused("ПО Л", "krestoslovitsa") == "'ПО Л': a word is written without spaces"
    assert refused(" ПОЛ", "krestoslovitsa") == "' ПОЛ': a word is written without spaces"
    assert refused("ПОЛ\t", "krestoslovitsa") == "'ПОЛ\t': a word is written without spaces"
    assert parse_word("", dist("krestoslovitsa")) == ()


# -- coordinates ------------------------------------------------------------------------------------

@pytest.mark.parametrize("text, coord, canonical", [
    ("8D", Coord(7, 3, True), "8D"),
    ("D8", Coord(7, 3, False), "D8"),
    ("8d", Coord(7, 3, True), "8D"),
    ("d8", Coord(7, 3, False), "D8"),
    ("  H8 ", Coord(7, 7, False), "H8"),
    ("\t15O\n", Coord(14, 14, True), "15O"),
    ("08A", Coord(7, 0, True), "8A"),
    ("A1", Coord(0, 0, False), "A1"),
    ("0A", Coord(-1, 0, True), "0A"),  # syntax only: the board says it is off
    ("P1", Coord(0, 15, False), "P1"),
])
def test_coordinates(text, coord, canonical):
    assert parse_coord(text) == coord
    assert str(coord) == canonical


@pytest.mark.parametrize("text", ["8 D", "D 8", "8", "D", "", "  ", "8DD", "DD8", "100A", "A100", "8D8",
                                  "Д8", "8Д", "-1A", "8-D", "８D", "H8 across"])
def test_not_coordinates(text):
    with pytest.raises(NotationError) as exc:
        parse_coord(text)
    assert str(exc.value) == f"'{text}' is not a coordinate such as 8D (across) or D8 (down)"


def test_square_names():
    assert [square_name(7, 7), square_name(0, 0), square_name(14, 14), square_name(0, 14)] == ["H8", "A1", "O15", "O1"]
    for row, col in ((7, 7), (0, 14), (14, 0)):  # a square's name is its coordinate running down
        assert parse_coord(square_name(row, col)) == Coord(row, col, False)


def test_one_error_for_everything_written_wrong():
    """Coordinates and words raise the same error, whichever module reads them."""
    import printkit.engine.notation as words

    assert words.NotationError is NotationError
    with pytest.raises(NotationError):
        parse_word("WORD", dist("krestoslovitsa"))


# -- the same parser in the rule set and in check ---------------------------------------------------

def _kit_with_example(write, at: str):
    write("r.yaml", f"""
        extends: scrabble
        examples:
          - {{word: WINDY, at: "{at}", score: 32}}
    """)
    return write("k.yaml", """
        extends: scrabble-en
        rules: r.yaml
    """)


def test_rule_set_reads_at_with_the_engine(write, run):
    code, out, err = run("check", _kit_with_example(write, " 8d "))
    assert code == 0, out + err
    assert "ok   WINDY at 8D scores 32: W4×2 + I1 + N1 + D2 + Y4 = 16, word ×2 = 32" in out


@pytest.mark.parametrize("at", ["8 D", "8", "H8 across"])
def test_rule_set_refuses_what_the_engine_cannot_read(write, run, at):
    code, out, err = run("check", _kit_with_example(write, at))
    assert code == 2
    assert err.strip().endswith(f"'at' is a game-record coordinate such as 8D (across) or D8 (down), not '{at}'")


def test_check_fails_an_example_off_the_board(write, run):
    code, out, _ = run("check", _kit_with_example(write, "16A"))
    assert code == 1
    assert "FAIL WINDY: '16A' is off the 15×15 board (rows 1–15, columns A–O)" in out
    code, out, _ = run("check", _kit_with_example(write, "8L"))
    assert code == 1
    assert "FAIL WINDY: 5 tiles across from 8L run off the 15×15 board: only 4 fit" in out
