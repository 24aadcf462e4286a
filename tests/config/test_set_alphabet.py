"""A set's own alphabet that leaves out a letter the set it extends has tiles of (issue 34): under ``extends: erudit``,
an ``alphabet:`` without Ъ (with or without ``tile_changes:``) was an error blamed at the shipped file the user
cannot change (``configs/distributions/erudit.yaml:40:6: tile 'Ъ' is not in the alphabet (…)``), one line a tile.
The tiles are the set itself, not a note about its letters (the vowels, signs, notes and folds the user's set has
not are left out with a warning: tests/config/test_set_changes.py): now one error at the user's own alphabet names
the letters, their tiles and both ways out, the letters into the alphabet or their tiles out with tile_changes:.
A tile the user's own tile_changes gives a letter outside their alphabet stays an error at that change."""

from __future__ import annotations

import pytest

from printkit.config import load_kit
from printkit.errors import ConfigError

SHIPPED = "configs/distributions/erudit.yaml"
# Эрудит's alphabet: А Б В Г Д Е Ё Ж З И Й К Л М Н О П Р С Т У Ф Х Ц Ч Ш Щ Ъ Ы Ь Э Ю Я
NO_HARD_SIGN = "А Б В Г Д Е Ё Ж З И Й К Л М Н О П Р С Т У Ф Х Ц Ч Ш Щ Ы Ь Э Ю Я"
KIT = "extends: erudit\nname: k\ndistribution: d.yaml\nexpect: {tiles: 131, blanks: 3}\n"
ONE = ("d.yaml:3:11: alphabet: erudit's set has 1 tile of 'Ъ', which this alphabet leaves out: add 'Ъ' to it, or take "
       "the letter out of the set with tile_changes: {Ъ: {count: 0}}")


@pytest.mark.parametrize("own", ["", "tile_changes: {А: {count: 9}}\n", "vowels: А Е И О У Ы Э Ю Я\n"],
                         ids=["alphabet", "with-tile-changes", "with-vowels"])
def test_an_own_alphabet_without_a_shipped_tile_is_one_error_at_it(here, write, run, own):
    """Was: configs/distributions/erudit.yaml:40:6: tile 'Ъ' is not in the alphabet (А Б В … Я), exit 2."""
    write("d.yaml", f"extends: erudit\nname: mine\nalphabet: {NO_HARD_SIGN}\n{own}")
    code, out, err = run("check", write("k.yaml", KIT))
    assert code == 2, out + err
    assert err.splitlines() == [ONE]
    assert SHIPPED not in out + err


def test_several_letters_left_out_are_named_in_the_one_line(here, write, run):
    """Without Е, Й and Ъ: 9 + 4 + 1 tiles; the fold Ё → Е stays quiet (Е has its tile, only not in the alphabet)."""
    alphabet = NO_HARD_SIGN.replace("Е ", "").replace("Й ", "")
    write("d.yaml", f"extends: erudit\nalphabet: {alphabet}\n")
    code, out, err = run("check", write("k.yaml", KIT))
    assert code == 2, out + err
    assert err.splitlines() == [
        "d.yaml:2:11: alphabet: erudit's set has tiles of 'Е', 'Й', 'Ъ' (14 tiles), which this alphabet leaves out: "
        "add them to it, or take the letters out of the set with tile_changes: {Е: {count: 0}, Й: {count: 0}, Ъ: "
        "{count: 0}}"]


def test_the_way_out_it_names_checks(here, write, run):
    """The change the error names takes Ъ out: the set checks, its shipped sign Ъ left out with the one warning."""
    write("d.yaml", f"extends: erudit\nname: mine\nalphabet: {NO_HARD_SIGN}\ntile_changes: {{Ъ: {{count: 0}}}}\n")
    code, out, err = run("check", write("k.yaml", KIT.replace("131", "130")))
    assert code == 0, out + err
    assert [line for line in out.splitlines() if line.startswith("    warn")] == [
        "    warn d.yaml:4:1: your tile_changes take Ъ out of erudit's set; its sign 'Ъ' names a letter your set has "
        "not, and is left out"]
    assert "Ъ" not in load_kit(str(here / "k.yaml")).distribution.faces()


def test_a_tile_the_user_changes_outside_their_alphabet_stays_an_error_at_the_change(here, write, run):
    write("d.yaml", f"extends: erudit\nalphabet: {NO_HARD_SIGN}\ntile_changes: {{Ъ: {{count: 2}}}}\n")
    code, out, err = run("check", write("k.yaml", KIT))
    assert code == 2, out + err
    assert err.splitlines() == [f"d.yaml:3:16: tile 'Ъ' is not in the alphabet ({NO_HARD_SIGN})"]


def test_an_inline_set_is_told_at_its_alphabet_in_the_kit(here, write, run):
    kit = KIT.replace("distribution: d.yaml\n", f"distribution:\n  extends: erudit\n  alphabet: {NO_HARD_SIGN}\n")
    code, out, err = run("check", write("k.yaml", kit))
    assert code == 2, out + err
    assert err.splitlines() == ["k.yaml:5:13: " + ONE.split(": ", 1)[1]]


@pytest.mark.parametrize("language, text", [
    ("ru", "alphabet: в наборе erudit есть 1 фишка с буквой 'Ъ', а в этом алфавите её нет: добавьте 'Ъ' в алфавит "
           "или уберите букву из набора: tile_changes: {Ъ: {count: 0}}"),
    ("uk", "alphabet: у наборі erudit є 1 фішка з літерою 'Ъ', а в цій абетці її немає: додайте 'Ъ' до абетки або "
           "приберіть літеру з набору: tile_changes: {Ъ: {count: 0}}"),
])
def test_the_page_says_it_in_the_kits_language(here, write, language, text):
    write("d.yaml", f"extends: erudit\nname: mine\nalphabet: {NO_HARD_SIGN}\n")
    write("k.yaml", KIT)
    with pytest.raises(ConfigError) as caught:
        load_kit(str(here / "k.yaml"))
    [problem] = caught.value.problems
    assert str(problem.where) == "d.yaml:3:11" and problem.said(language) == text
