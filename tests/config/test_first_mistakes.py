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
