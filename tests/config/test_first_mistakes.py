"""The mistakes a new maker makes (issue 34), each one line naming its place, exit 2, nothing written:
a command or an option typed wrong or in the wrong place, a decimal comma, a tab, a Cyrillic look-alike,
a word in lower case given to ``score``, and ``--set`` checked as the file's value would be."""

from __future__ import annotations

import pytest


def _refused(run, capsys, *args) -> tuple[str, str]:
    """A usage error: exit 2; the usage's first line and the last line of standard error."""
    with pytest.raises(SystemExit) as stop:
        run(*args)
    err = capsys.readouterr().err
    assert stop.value.code == 2, err
    return err.splitlines()[0], err.splitlines()[-1]


@pytest.mark.parametrize("args, usage, line", [
    (("--papr", "A4", "build", "--out", "OUT"), "usage: printkit build [-h]",
     "printkit: error: '--papr' comes before the command: a command's options follow it: printkit build --paper ..."),
    (("-q", "build", "--out", "OUT"), "usage: printkit build [-h]",
     "printkit: error: '-q' comes before the command: a command's options follow it: printkit build -q ..."),
    (("verify", "--lasr"), "usage: printkit verify [-h]",
     "printkit: error: the following arguments are required: DIR/KIT (--lasr: did you mean --laser?)"),
])
def test_an_option_misplaced_or_mistyped_beside_a_missing_argument_says_the_nearest(run, capsys, tmp_path, args,
                                                                                    usage, line):
    out = tmp_path / "out"
    first, last = _refused(run, capsys, *(str(out) if a == "OUT" else a for a in args))
    assert first.startswith(usage) and last == line
    assert not out.exists()


@pytest.fixture
def build_refused(run, tmp_path, monkeypatch):
    """``printkit build KIT --out out`` in tmp_path, with k.yaml written there: exit 2, nothing written to out;
    its one line of standard error."""
    monkeypatch.chdir(tmp_path)

    def _build(kit: str | None, *args: str) -> str:
        if kit is not None:
            (tmp_path / "k.yaml").write_text(kit, encoding="utf-8")
        code, out, err = run("build", *(["k.yaml"] if kit is not None else []), "--out", "out", *args)
        assert (code, out) == (2, ""), err
        assert not (tmp_path / "out").exists()
        assert len(err.splitlines()) == 1, err
        return err.strip()

    return _build


@pytest.mark.parametrize("value, line", [
    ("20,5", "k.yaml:3:12: 'tile_mm': '20,5' has a decimal comma: write 20.5"),
    ("0,15", "k.yaml:3:12: 'tile_mm': '0,15' has a decimal comma: write 0.15"),
])
def test_a_decimal_comma_says_write_a_point(build_refused, value, line):
    assert build_refused(f"extends: krestoslovitsa\nphysical:\n  tile_mm: {value}\n") == line


@pytest.mark.parametrize("args, line", [
    (("--bed", "600,5x400"), "--bed: 'bed': '600,5x400' has a decimal comma: write 600.5x400"),
    (("--paper", "210,5x297"), "--paper: paper '210,5x297' has a decimal comma: write 210.5x297"),
])
def test_a_decimal_comma_in_a_size_says_write_a_point(build_refused, args, line):
    assert build_refused(None, *args) == line


@pytest.mark.parametrize("kit, line", [
    ("extends: krestoslovitsa\nphysical:\n\ttile_mm: 20\n",
     "k.yaml:3:1: a tab: indent with spaces (YAML allows no tabs in indentation)"),
    ("extends: krestoslovitsa\nphysical:\n  tile_mm: 20\n\tkerf_mm: 0.1\n",
     "k.yaml:4:1: a tab: indent with spaces (YAML allows no tabs in indentation)"),
])
def test_a_tab_in_the_indentation_says_a_tab(build_refused, kit, line):
    assert build_refused(kit) == line


@pytest.mark.parametrize("kit, args, line", [
    ('extends: krestoslovitsa\nprint:\n  paper: "А4"\n', (),
     "k.yaml:3:10: paper 'А4': the А is Cyrillic (U+0410); write the Latin A4"),
    ("extends: krestoslovitsa\nprint:\n  cut: gаp\n", (),
     "k.yaml:3:8: 'cut': 'gаp': the а is Cyrillic (U+0430); write the Latin gap"),
    (None, ("--paper", "А4"), "--paper: paper 'А4': the А is Cyrillic (U+0410); write the Latin A4"),
    (None, ("--laser", "xtооl"),
     "--laser: no laser profile named 'xtооl' (the о is Cyrillic (U+043E); write the Latin xtool)"),
])
def test_a_cyrillic_lookalike_letter_is_named(build_refused, kit, args, line):
    assert build_refused(kit, *args) == line


@pytest.mark.parametrize("moves, line", [
    (("8H слово",), "move 1 '8H слово': lower-case letters are blanks (слово: 5 blanks, the set has 2); write the "
                    "word in capitals: СЛОВО"),
    (("8H сл", "9H ово"), "move 2 '9H ово': lower-case letters are blanks (ово: 3 blanks, the set has 2, 2 on the "
                          "board); write the word in capitals: ОВО"),
])
def test_a_word_in_lower_case_says_lower_case_is_a_blank(run, tmp_path, moves, line):
    record = tmp_path / "game.gcg"
    code, out, err = run("score", *moves, "--gcg", record)
    assert code == 2 and err.splitlines() == [line]
    assert not record.exists()
