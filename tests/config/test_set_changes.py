"""A set that changes a shipped one (issue 34): a ``tiles:`` list under ``extends:`` replaces the whole list,
which check says; the share notes and folds of the shipped file that name letters the new list has not are
left out with one warning at the user's ``tiles:``, not errors blaming a file the user cannot change; a
note or fold the user wrote is still an error at its line. So are the shipped vowels, signs and symbols the user's
alphabet has not. A letter the user gives a tile of its own is no longer folded (Ё scores its own value, not Е's)."""

from __future__ import annotations

import json

import pytest

from printkit.config import load_kit

SHIPPED = "configs/distributions/erudit.yaml"
TILES_SECTION = "  tiles ("


def _tiles_yaml(without: str = "", indent: str = "  ") -> str:
    """Эрудит's tiles as YAML lines, but for the letters in ``without``."""
    return "".join(f"{indent}- [{json.dumps(t.face, ensure_ascii=False)}, {t.count}, {t.value}]\n"
                   for t in load_kit("erudit").distribution.tiles if t.face not in without)


# Эрудит without Е, Ё and Й: 115 lettered tiles (128 - 9 Е - 4 Й) in 30 letters, and its 3 blanks
ALPHABET = "А Б В Г Д Ж З И К Л М Н О П Р С Т У Ф Х Ц Ч Ш Щ Ъ Ы Ь Э Ю Я"
OWN = (f"extends: erudit\nname: mine\nalphabet: {ALPHABET}\nvowels: А И О У Ы Э Ю Я\ntiles:\n"
       + _tiles_yaml("ЕЙ"))
KIT = "extends: erudit\nname: k\ndistribution: d.yaml\nexpect: {tiles: 118, blanks: 3}\n"
LEFT_OUT = ("d.yaml:5:1: your tiles replace erudit's list; its share note of 'Й' and its fold 'Ё' → 'Е' name "
            "letters your set has not, and are left out")


def _tiles_section(out: str) -> list[str]:
    lines = out.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(TILES_SECTION))
    end = next(i for i in range(start + 1, len(lines)) if not lines[i].startswith("    "))
    return lines[start + 1:end]


def test_own_tiles_without_the_letters_of_a_shipped_note_and_fold_check_with_one_warning(here, write, run):
    """Was exit 2: erudit.yaml:54:13 (the note of Й) and erudit.yaml:9:12 (the fold Ё → Е)."""
    write("d.yaml", OWN)
    code, out, err = run("check", write("k.yaml", KIT))
    assert code == 0, out + err
    assert SHIPPED not in out + err
    warns = [line for line in out.splitlines() if line.startswith("    warn")]
    assert warns == [f"    warn {LEFT_OUT}"]
    assert "ok   118 tiles: 115 lettered + 3 blanks, as declared (118 tiles, 3 blanks)" in out
    assert out.rstrip().endswith("1 warning")


def test_own_tiles_without_one_noted_letter_left_out_in_one_warning(here, write, run):
    """The first of the issue's errors alone: the alphabet and tiles without Й; Е and its fold stay."""
    alphabet = "А Б В Г Д Е Ё Ж З И К Л М Н О П Р С Т У Ф Х Ц Ч Ш Щ Ъ Ы Ь Э Ю Я"
    write("d.yaml", f"extends: erudit\nalphabet: {alphabet}\ntiles:\n" + _tiles_yaml("Й"))
    code, out, err = run("check", write("k.yaml", KIT.replace("118", "127")))
    assert code == 0, out + err
    assert [line for line in out.splitlines() if line.startswith("    warn")] == [
        "    warn d.yaml:3:1: your tiles replace erudit's list; its share note of 'Й' names a letter your set has "
        "not, and is left out"]
    kit = load_kit(str(here / "k.yaml"))
    assert kit.distribution.share_notes == () and dict(kit.distribution.folds) == {"Ё": "Е"}


def test_build_says_the_warning_on_one_line_and_builds(here, write, run):
    write("d.yaml", OWN)
    code, out, err = run("build", write("k.yaml", KIT), "--only", "calibration", "--no-verify", "-q",
                         "--out", str(here / "out"))
    assert code == 0, out + err
    assert err.splitlines() == [LEFT_OUT.replace("d.yaml:5:1: ", "d.yaml:5:1: warning: ")]
    assert (here / "out" / "k" / "calibration.pdf").is_file()


def test_an_inline_set_is_warned_at_its_tiles_in_the_kit(here, write, run):
    own = OWN.replace("extends: erudit\n", "")
    kit = (KIT.replace("distribution: d.yaml\n", "") + "distribution:\n  extends: erudit\n"
           + "".join(f"  {line}\n" for line in own.splitlines()))
    code, out, err = run("check", write("k.yaml", kit))
    assert code == 0, out + err
    assert [line for line in out.splitlines() if line.startswith("    warn")] == [
        "    warn k.yaml:9:3: " + LEFT_OUT.split(": ", 1)[1]]


@pytest.mark.parametrize("own, line", [
    ("share_notes:\n  - {letter: Й, count: 4, reason: the book's own count}\n",
     "d.yaml:37:14: a share note of 'Й': the set has no tile 'Й'"),
    ("folds: {Ё: Е}\n", "d.yaml:36:12: fold 'Ё' → 'Е': there is no tile 'Е'"),
])
def test_a_note_or_fold_the_user_wrote_is_still_an_error_at_their_line(here, write, run, own, line):
    """Only the user's own line: the shipped file's note or fold of the same missing letter is left out."""
    write("d.yaml", OWN + own)
    code, out, err = run("check", write("k.yaml", KIT))
    assert code == 2, out + err
    assert err.splitlines() == [line]


def test_check_says_that_a_tiles_list_under_extends_replaces_the_whole_list(here, write, run):
    """One note at the user's tiles: the parent's whole list is gone, and how to change some letters instead."""
    write("d.yaml", "extends: erudit\ntiles:\n" + _tiles_yaml())
    code, out, err = run("check", write("k.yaml", KIT.replace("118", "131")))
    assert code == 0, out + err
    assert _tiles_section(out)[0] == (
        "    note d.yaml:2:1: tiles: this list replaces erudit's whole list (32 letters, 128 tiles); to change only "
        "some letters, write tile_changes: instead")
    assert "warn" not in out
    # this one, the explained Й × 4 (its share note kept: the list has Й) and the worked examples' (none)
    assert out.rstrip().endswith("3 notes")
    # a set that extends without a tiles: list of its own gets no such note
    write("d.yaml", "extends: erudit\nblanks: 4\n")
    code, out, err = run("check", write("k.yaml", KIT.replace("118", "132").replace("blanks: 3", "blanks: 4")))
    assert code == 0, out + err
    assert "replaces" not in out and "ok   132 tiles: 128 lettered + 4 blanks" in out


# -- tile_changes: one letter's count or value without restating the list ------------------------------------

def _figures(out: str) -> dict[str, str]:
    """``printkit check --stats``'s figures: label → value."""
    lines = out.splitlines()
    start = lines.index("  figures")
    return {line[4:30].strip(): line[30:].strip() for line in lines[start + 1:] if line.startswith("    ")}


def test_tile_changes_change_a_count_and_a_value(here, write, run):
    """Эрудит with 9 А (of 10) and Ф worth 8 (of 10): 130 tiles, 3 points fewer; nothing else restated."""
    _, shipped, _ = run("check", "erudit", "--stats")
    write("d.yaml", "extends: erudit\ntile_changes: {А: {count: 9}, Ф: {value: 8}}\n")
    code, out, err = run("check", write("k.yaml", KIT.replace("118", "130")), "--stats")
    assert code == 0, out + err
    before, after = _figures(shipped), _figures(out)
    assert (before["tiles"], after["tiles"]) == ("131", "130")
    assert int(after["total points"]) == int(before["total points"]) - 1 - 2
    d = load_kit(str(here / "k.yaml")).distribution
    assert (d.tile("А").count, d.tile("А").value, d.tile("Ф").count, d.tile("Ф").value) == (9, 1, 1, 8)
    assert (d.where["А"], d.where["Ф"]) == ("d.yaml:2:16", "d.yaml:2:31")  # each at the user's change
    assert "replaces" not in out and "warn" not in out


def test_tile_changes_add_a_letter_and_take_one_out(here, write, run):
    """German Scrabble with a capital ẞ (1 tile worth 8) and no Q (1 tile worth 10): still 102 tiles, 2 points
    fewer, 29 letters."""
    _, shipped, _ = run("check", "scrabble-de", "--stats")
    write("d.yaml", "extends: scrabble-de\nalphabet: A Ä B C D E F G H I J K L M N O Ö P R S T U Ü V W X Y Z ẞ\n"
                    "tile_changes: {Q: {count: 0}, ẞ: {count: 1, value: 8}}\n")
    code, out, err = run("check", write("k.yaml", "extends: scrabble-de\ndistribution: d.yaml\n"), "--stats")
    assert code == 0, out + err
    before, after = _figures(shipped), _figures(out)
    assert before["tiles"] == after["tiles"] == "102"
    assert int(after["total points"]) == int(before["total points"]) - 10 + 8
    assert "ok   every letter of the alphabet has a tile (29 letters)" in out
    d = load_kit(str(here / "k.yaml")).distribution
    assert "Q" not in d.faces() and (d.tile("ẞ").count, d.tile("ẞ").value) == (1, 8)


def test_a_letter_taken_out_by_tile_changes_leaves_out_the_shipped_note_of_it(here, write, run):
    alphabet = ALPHABET.replace("Д ", "Д Е Ё ")
    write("d.yaml", f"extends: erudit\nalphabet: {alphabet}\ntile_changes: {{Й: {{count: 0}}}}\n")
    code, out, err = run("check", write("k.yaml", KIT.replace("118", "127")))
    assert code == 0, out + err
    assert [line for line in out.splitlines() if line.startswith("    warn")] == [
        "    warn d.yaml:3:1: your tile_changes take Й out of erudit's set; its share note of 'Й' names a letter "
        "your set has not, and is left out"]


def _tile_message(write, run, row: str) -> str:
    """The message of a tile written ``row`` in a tiles: list, without its place."""
    write("t.yaml", f"extends: erudit\ntiles:\n  - {row}\n" + _tiles_yaml("Ф"))
    code, _, err = run("check", write("kt.yaml", KIT.replace("d.yaml", "t.yaml")))
    assert code == 2 and len(err.splitlines()) == 1, err
    return err.split(": ", 1)[1].rstrip("\n")


@pytest.mark.parametrize("change, place, message", [
    ("{Ф: {value: -1}}", "3:27", "[Ф, 1, -1]"),  # the same message as the tile's
    ("{Ф: {count: 1001}}", "3:27", "[Ф, 1001, 10]"),
    ("{Ф: {value: x}}", "3:27", "[Ф, 1, x]"),
    ("{f: {count: 1}}", "3:16", "[f, 1, 10]"),
    ("{Ї: {count: 2}}", "3:16", "tile_changes: the set has no tile 'Ї': to add one, give its count and value"),
    ("{Ї: {count: 0}}", "3:16", "tile_changes: count 0 takes a letter out, and the set has no tile 'Ї'"),
    ("{Ф: {}}", "3:19", "tile_changes: the change of 'Ф' changes nothing: give its count, its value or both"),
    ("{Ф: {cuont: 1}}", "3:20", "unknown key 'cuont' in the change of 'Ф' (did you mean 'count'?)"),
    ("{Ф: 8}", "3:19", "tile_changes: the change of 'Ф' is {count: N}, {value: N} or both, not 8"),
    ("[Ф, 8]", "3:15", "'tile_changes' must map a letter to its change (e.g. {Ф: {value: 8}}), not a list"),
])
def test_a_bad_change_is_one_line_at_its_place(here, write, run, change, place, message):
    if message.startswith("["):
        message = _tile_message(write, run, message)
    write("d.yaml", f"extends: erudit\nname: m\ntile_changes: {change}\n")
    code, out, err = run("check", write("k.yaml", KIT))
    assert code == 2, out + err
    assert err.splitlines() == [f"d.yaml:{place}: {message}"]


# -- inherited vowels, signs and symbols: lists of letters, left out where the user's alphabet has not them ----

ALPHABET_NO_YO = "А Б В Г Д Е Ж З И К Л М Н О П Р С Т У Ф Х Ц Ч Ш Щ Ъ Ы Ь Э Ю Я"  # Эрудит's without Ё and Й


def test_own_alphabet_and_tiles_without_the_shipped_vowel_leave_it_out_in_the_same_warning(here, write, run):
    """Was exit 2 at erudit.yaml:10:9 ('vowels' lists 'Ё', which is not in the alphabet): the user never wrote
    vowels:. Now the shipped vowel Ё is left out beside the shipped note of Й, in one warning at the user's tiles:."""
    write("d.yaml", f"extends: erudit\nname: mine\nalphabet: {ALPHABET_NO_YO}\ntiles:\n" + _tiles_yaml("Й"))
    code, out, err = run("check", write("k.yaml", KIT.replace("118", "127")))
    assert code == 0, out + err
    assert SHIPPED not in out + err
    assert [line for line in out.splitlines() if line.startswith("    warn")] == [
        "    warn d.yaml:4:1: your tiles replace erudit's list; its vowel 'Ё' and its share note of 'Й' name letters "
        "your set has not, and are left out"]
    d = load_kit(str(here / "k.yaml")).distribution
    assert d.vowels == frozenset("А Е И О У Ы Э Ю Я".split()) and d.signs == frozenset("ЪЬ")
    assert dict(d.folds) == {"Ё": "Е"}  # Е has its tile: the fold stays


def test_an_own_alphabet_alone_leaves_out_the_shipped_vowel_with_a_warning_at_it(here, write, run):
    write("d.yaml", f"extends: erudit\nalphabet: {ALPHABET_NO_YO.replace('И ', 'И Й ')}\n")
    code, out, err = run("check", write("k.yaml", KIT.replace("118", "131")))
    assert code == 0, out + err
    assert [line for line in out.splitlines() if line.startswith("    warn")] == [
        "    warn d.yaml:2:1: your alphabet replaces erudit's; its vowel 'Ё' names a letter your set has not, and is "
        "left out"]


def test_shipped_vowels_signs_and_symbols_left_out_each_named_in_one_warning(here, write, run):
    """Эрудит without Ё, Й and Ъ, over a parent that also lists a symbol ʼ: all four in the user's one line."""
    write("p.yaml", "extends: erudit\nname: parent\nsymbols: ʼ\nalphabet: "
                    "А Б В Г Д Е Ё Ж З И Й К Л М Н О П Р С Т У Ф Х Ц Ч Ш Щ Ъ Ы Ь Э Ю Я ʼ\n")
    write("d.yaml", f"extends: p.yaml\nalphabet: {ALPHABET_NO_YO.replace('Ъ ', '')}\ntiles:\n"
                    + _tiles_yaml("ЙЪ"))
    code, out, err = run("check", write("k.yaml", KIT.replace("118", "126")))
    assert code == 0, out + err
    assert [line for line in out.splitlines() if line.startswith("    warn")] == [
        "    warn d.yaml:3:1: your tiles replace parent's list; its vowel 'Ё', its sign 'Ъ', its symbol 'ʼ' and its "
        "share note of 'Й' name letters your set has not, and are left out"]
    d = load_kit(str(here / "k.yaml")).distribution
    assert d.signs == frozenset("Ь") and "Ё" not in d.vowels


@pytest.mark.parametrize("own, without, line", [
    # the shipped sign Ъ (not in this alphabet) is left out; the user's own vowel Ё is their mistake
    ("vowels: А Е Ё И О У Ы Э Ю Я\n", "ЙЪ", "d.yaml:3:9: 'vowels' lists 'Ё', which is not in the alphabet"),
    ("signs: Ъ Ь Й\n", "Й", "d.yaml:3:8: 'signs' lists 'Й', which is not in the alphabet"),
])
def test_a_vowel_or_sign_the_user_wrote_is_still_an_error_at_their_line(here, write, run, own, without, line):
    alphabet = ALPHABET_NO_YO.replace("Ъ ", "" if "Ъ" in without else "Ъ ")
    write("d.yaml", f"extends: erudit\nalphabet: {alphabet}\n{own}tiles:\n" + _tiles_yaml(without))
    code, out, err = run("check", write("k.yaml", KIT))
    assert code == 2, out + err
    assert err.splitlines() == [line]


# -- a fold and a tile for the same letter: a tile of its own wins over an inherited fold ---------------------

YO_TILE = "extends: erudit\ntile_changes: {Ё: {count: 1, value: 3}}\n"  # Эрудит folds Ё into Е: here Ё has a tile


def test_a_tile_of_its_own_leaves_out_the_shipped_fold_and_scores_its_own_value(here, write, run):
    """Was: the fold Ё → Е stayed beside Ё's tile, and ЁЖ scored Ё as Е (1 + 5 = 6)."""
    write("d.yaml", YO_TILE)
    kit = write("k.yaml", KIT.replace("118", "132"))
    code, out, err = run("check", kit)
    assert code == 0, out + err
    assert [line for line in out.splitlines() if line.startswith("    note d.yaml")] == [
        "    note d.yaml:2:1: your tile_changes give 'Ё' a tile of its own; erudit's fold 'Ё' → 'Е' is left out"]
    d = load_kit(str(here / "k.yaml")).distribution
    assert dict(d.folds) == {} and (d.tile("Ё").count, d.tile("Ё").value) == (1, 3)
    code, out, err = run("score", "--kit", kit, "8H ЁЖ")
    assert code == 0, out + err
    assert "   ЁЖ: Ё3 + Ж5 = 8" in out.splitlines()


def test_own_tiles_with_the_folded_letter_leave_out_the_shipped_fold(here, write, run):
    write("d.yaml", "extends: erudit\ntiles:\n  - [Ё, 1, 3]\n" + _tiles_yaml())
    code, out, err = run("check", write("k.yaml", KIT.replace("118", "132")))
    assert code == 0, out + err
    assert [line for line in out.splitlines() if line.startswith("    note d.yaml:2:")] == [
        "    note d.yaml:2:1: tiles: this list replaces erudit's whole list (32 letters, 128 tiles); to change only "
        "some letters, write tile_changes: instead",
        "    note d.yaml:2:1: your tiles give 'Ё' a tile of its own; erudit's fold 'Ё' → 'Е' is left out"]
    assert dict(load_kit(str(here / "k.yaml")).distribution.folds) == {}


@pytest.mark.parametrize("text, line", [
    (YO_TILE + "folds: {Ё: Е}\n", "d.yaml:3:9: fold 'Ё' → 'Е': the set has a tile 'Ё' of its own: remove one"),
    (f"name: d\nlanguage: ru\nscript: Cyrillic\nalphabet: {ALPHABET_NO_YO} Ё\nfolds: {{Ё: Е}}\nblanks: 3\ntiles:\n"
     + _tiles_yaml("Й") + "  - [Ё, 1, 3]\n",
     "d.yaml:5:9: fold 'Ё' → 'Е': the set has a tile 'Ё' of its own: remove one"),
])
def test_a_fold_and_a_tile_the_user_wrote_for_one_letter_are_an_error_at_the_fold(here, write, run, text, line):
    write("d.yaml", text)
    code, out, err = run("check", write("k.yaml", KIT))
    assert code == 2, out + err
    assert err.splitlines() == [line]
