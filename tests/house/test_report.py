"""printkit.report: the one place that quotes the user's text in a message and writes down a fault of
printkit's own. Every caller (the command line, the web page, the config readers, the engine,
verify) says a control character, an invisible one, a long text and bytes that are not UTF-8 the
same way."""

from __future__ import annotations

import importlib
import os
from pathlib import Path

import pytest

import printkit.cli
from printkit import report
from printkit.report import exception_text, fault_line, one_line, quoted, shortened, write_trace


@pytest.mark.parametrize("text, shown", [
    ("plain text, Ёжик 42", "plain text, Ёжик 42"),
    ("a\nb\tc\rd", "a\\nb\\tc\\rd"),  # line breaks and tabs: the message stays one line
    ("esc\x1b[31mred", "esc\\u001b[31mred"),  # a terminal's colour code is shown, not obeyed
    ("\x00\x7f\x85", "\\u0000\\u007f\\u0085"),
    ("ЩУКА\u200b", "ЩУКА\\u200b"),  # zero-width space
    ("\ufeffkit", "\\ufeffkit"),  # a byte-order mark at the start of a pasted name
    ("abc\u202edcba", "abc\\u202edcba"),  # a right-to-left override would turn the rest of the line round
    ("Аня\u00a0Боря", "Аня\\u00a0Боря"),  # a no-break space is not the space it looks like
    ("\u2028\u2029", "\\u2028\\u2029"),  # line and paragraph separators
    ("tag\U000e0041", "tag\\U000e0041"),  # an invisible tag character beyond the BMP
    ("😀 ok", "😀 ok"),  # a visible character beyond the BMP stays
    (b"caf\xe9", "caf\\xe9"),  # not UTF-8: the byte itself
    (os.fsdecode(b"file\xff.yaml"), "file\\xff.yaml"),  # a file name of such bytes, as Python reads it
    (b"\xd0\x81\xd0", "Ё\\xd0"),  # valid UTF-8 and a cut one
])
def test_one_line_shows_what_is_really_there(text, shown):
    assert one_line(text) == shown
    assert one_line(text).isprintable()


def test_long_text_is_shortened_before_it_is_escaped():
    assert quoted("x" * 100) == "'" + "x" * 40 + "…'"
    assert quoted("x" * 40) == "'" + "x" * 40 + "'"
    assert quoted("Я" * 20000, 40) == "'" + "Я" * 40 + "…'"
    assert shortened("9" * 5000, 11, count=True) == "9" * 11 + "… (5000 characters)"
    assert shortened("\n" * 50, 3) == "\\n\\n\\n…"  # an escape is never cut in half
    assert shortened(b"\xff" * 10, 2) == "\\xff\\xff…"
    assert quoted(["a", 1]) == "'['a', 1]'" and quoted(7) == "'7'"  # a value from the page that is not text


def test_an_exception_in_one_line():
    assert exception_text(ValueError("two\n  lines\tand\x1b more")) == "two lines and\\u001b more"
    assert exception_text(KeyError()) == "KeyError"  # says nothing: its name
    assert exception_text(RuntimeError("y" * 500), 120) == "y" * 120 + "…"
    assert fault_line(ZeroDivisionError("division by zero")) == "ZeroDivisionError: division by zero"


def test_a_trace_is_written_to_a_file(tmp_path, monkeypatch):
    try:
        raise RuntimeError("deep down")
    except RuntimeError as exc:
        path = Path(write_trace(exc))
    text = path.read_text(encoding="utf-8")
    path.unlink()
    assert text.startswith(f"printkit {printkit.__version__}, Python ")
    assert "Traceback (most recent call last)" in text and "RuntimeError: deep down" in text
    monkeypatch.setattr("tempfile.tempdir", str(tmp_path / "gone"))
    assert write_trace(RuntimeError("x")) == "nowhere: the temporary folder is not writable"


def test_a_fault_of_the_command_line_is_one_escaped_line_and_a_trace(run, monkeypatch):
    def broken(args):
        raise RuntimeError("bad\nthing \x1b[2J" + "x" * 500)

    monkeypatch.setattr(importlib.import_module("printkit.cli.list"), "run", broken)  # the parser takes it when made
    code, out, err = run("list")
    assert (code, out) == (3, "")
    line, = err.splitlines()
    assert line.startswith("printkit: internal error, a bug in printkit: RuntimeError: bad thing \\u001b[2J" + "x" * 50)
    assert "\x1b" not in err and "x" * 200 + "…" not in line and "…" in line
    trace = Path(line.split("the full trace is in ")[1].split(";")[0])
    assert "RuntimeError: bad" in trace.read_text(encoding="utf-8")
    trace.unlink()


def test_a_long_value_in_a_kit_file_is_quoted_short(run, write, tmp_path):
    """describe() wrote the whole value into the message: a 5000-character text was a 5000-character line."""
    kit = write("k.yaml", f'extends: krestoslovitsa\nname: k\nprint:\n  margin_mm: "{"9" * 5000}"\n')
    code, _, err = run("build", kit, "--out", tmp_path / "out")
    assert code == 2
    assert err.strip() == f"{kit}:4:14: 'margin_mm' must be a number, not the text \"{'9' * 60}…\" (remove the quotes)"


def test_the_web_page_and_the_readers_quote_with_the_one_helper():
    from printkit.config import kit, sources
    from printkit.serve import app, jobs, state

    assert state.quoted is app.quoted is kit.quoted is sources.quoted is report.quoted
    assert "one_line" not in vars(printkit.cli) and "_trace_file" not in vars(printkit.cli)
    assert jobs  # imports without the command line (tests/house/test_architecture.py checks every module)
