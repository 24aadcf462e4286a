"""A set that changes a shipped one (issue 34): a ``tiles:`` list under ``extends:`` replaces the whole list,
which check says; the share notes and folds of the shipped file that name letters the new list has not are
left out with one warning at the user's ``tiles:``, not errors blaming a file the user cannot change; a
note or fold the user wrote is still an error at its line."""

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


@pytest.fixture
def here(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    return tmp_path


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


def test_a_set_that_extends_without_tiles_gets_no_note(here, write, run):
    write("d.yaml", "extends: erudit\nblanks: 4\n")
    code, out, err = run("check", write("k.yaml", KIT.replace("118", "132").replace("blanks: 3", "blanks: 4")))
    assert code == 0, out + err
    assert not any("replaces" in line for line in out.splitlines())
