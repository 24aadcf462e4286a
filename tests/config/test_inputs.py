"""printkit.inputs.read_bounded: the one reader of a user's file. It refuses a special file at once, a
file over its reader's limit before reading it all, and text that is not UTF-8 at its line and column;
every reader of a user's file (a kit and its config files, --board, a word list, a game record, a
font, a built kit's manifest, the simulator's lexicon) goes through it and says so in the same words."""

from __future__ import annotations

import os
import time

import pytest

from printkit import fonts, inputs, manifest as manifest_module
from printkit.config import yamlsrc
from printkit.engine import gcg, judge, lexicon
from printkit.inputs import NotARegularFile, NotUtf8, TooLarge, read_bounded


def test_a_file_within_its_limit_is_read_whole(tmp_path):
    path = tmp_path / "f.txt"
    path.write_bytes(b"\xef\xbb\xbf" + "Ёж\n".encode() * 3)
    assert read_bounded(path, 100, "a test file") == b"\xef\xbb\xbf" + "Ёж\n".encode() * 3
    assert read_bounded(path, 100, "a test file", text=True) == "Ёж\n" * 3  # the byte-order mark dropped
    path.write_bytes(b"x" * 100)
    assert read_bounded(path, 100, "a test file") == b"x" * 100  # the limit itself is allowed


def test_a_file_over_its_limit_is_refused_before_it_is_read(tmp_path, monkeypatch):
    path = tmp_path / "big.txt"
    path.write_bytes(b"x" * 101)
    reads = []
    real = inputs.open_input

    def spying(p):
        f = real(p)
        reads.append(f)
        return f

    monkeypatch.setattr(inputs, "open_input", spying)
    with pytest.raises(TooLarge) as exc:
        read_bounded(path, 100, "a test file")
    assert exc.value.strerror == "the file is 101 bytes: the limit for a test file is 100 bytes"
    assert reads and reads[0].closed


def test_a_file_that_says_it_is_empty_is_read_no_further_than_the_limit():
    """/proc files give size 0 and hold more: what is read is counted too."""
    assert os.stat("/proc/self/status").st_size == 0
    with pytest.raises(TooLarge) as exc:
        read_bounded("/proc/self/status", 10, "a test file")
    assert exc.value.strerror == "the file is more than 10 bytes: the limit for a test file is 10 bytes"


@pytest.mark.parametrize("make, what", [
    (lambda p: os.mkfifo(p), "a named pipe (FIFO), not a regular file"),
    (lambda p: p.mkdir(), "a folder, not a regular file"),
])
def test_a_special_file_is_refused_at_once(tmp_path, make, what):
    path = tmp_path / "special"
    make(path)
    started = time.monotonic()
    with pytest.raises(NotARegularFile) as exc:
        read_bounded(path, 100, "a test file")
    assert exc.value.strerror == what and time.monotonic() - started < 5
    with pytest.raises(NotARegularFile) as exc:
        read_bounded("/dev/zero", 100, "a test file")  # never ends
    assert exc.value.strerror == "a character device, not a regular file"


@pytest.mark.parametrize("data, line, col, offset", [
    (b"\xff", 1, 1, 0),
    (b"ok\nstill ok\n\xd0\x81\xd0\x81\xff rest", 3, 3, 16),  # the column in characters: Ё is two bytes
    (b"a\r\nb\xc0", 2, 2, 4),
])
def test_text_that_is_not_utf8_is_placed_at_its_line_and_column(tmp_path, data, line, col, offset):
    path = tmp_path / "t.txt"
    path.write_bytes(data)
    with pytest.raises(NotUtf8) as exc:
        read_bounded(path, 100, "a test file", text=True)
    assert (exc.value.line, exc.value.col, exc.value.offset, exc.value.byte) == (line, col, offset, data[offset])
    assert str(exc.value) == f"not UTF-8 text: save the file as UTF-8 (byte {offset} is {data[offset]:#04x})"


def test_every_reader_of_a_users_file_goes_through_it():
    import printkit.cli.score

    for module in (yamlsrc, judge, gcg, fonts, manifest_module):
        assert module.read_bounded is read_bounded, module.__name__
    assert lexicon.read_word_file is judge.read_word_file  # a lexicon is read as a word list is
    assert "read_bounded(args.board" in open(printkit.cli.score.__file__, encoding="utf-8").read()  # imported in run


def test_each_reader_says_a_file_is_too_large_in_the_same_words(run, write, tmp_path, monkeypatch):
    """Each reader's limit, lowered here so that the files are small; the words are the same."""
    big = b"x" * 2000
    (tmp_path / "k.yaml").write_bytes(big)
    limit = yamlsrc.MAX_FILE_BYTES
    monkeypatch.setattr(yamlsrc, "MAX_FILE_BYTES", 1000)  # the shipped configs are over it too: the kit alone
    said = {"kit": run("check", tmp_path / "k.yaml")}
    monkeypatch.setattr(yamlsrc, "MAX_FILE_BYTES", limit)
    monkeypatch.setattr(judge, "MAX_LIST_BYTES", 1000)
    monkeypatch.setattr(gcg, "MAX_BYTES", 1000)
    monkeypatch.setattr(fonts, "MAX_FONT_BYTES", 1000)
    monkeypatch.setattr(manifest_module, "MAX_MANIFEST_BYTES", 1000)
    monkeypatch.setattr("printkit.cli.score.MAX_BOARD_BYTES", 1000)
    for name in ("words.txt", "game.gcg", "font.ttf", "board.txt"):
        (tmp_path / name).write_bytes(big)
    (tmp_path / "built").mkdir()
    (tmp_path / "built" / "manifest.json").write_bytes(big)
    said |= {
        "word list": run("word", "--words", tmp_path / "words.txt", "КОТ"),
        "game record": run("replay", tmp_path / "game.gcg"),
        "font": run("build", "--font", tmp_path / "font.ttf", "--out", tmp_path / "out"),
        "board": run("score", "--board", tmp_path / "board.txt", "8H КОТ"),
        "manifest": run("verify", tmp_path / "built"),
    }
    what = {"kit": "a config file", "word list": "a word list", "game record": "a game record", "font": "a font",
            "board": "a board", "manifest": "a manifest"}
    for reader, (code, out, err) in said.items():
        assert code == 2 and len(err.splitlines()) == 1, (reader, err)
        assert err.strip().endswith(f"the file is 2,000 bytes: the limit for {what[reader]} is 1,000 bytes"), err


def test_each_reader_places_text_that_is_not_utf8(run, tmp_path):
    bad = "КОТ\nДОМ\nЁ".encode() + b"\xff\n"
    for name in ("k.yaml", "words.txt", "board.txt"):
        (tmp_path / name).write_bytes(bad)
    (tmp_path / "built").mkdir()
    (tmp_path / "built" / "manifest.json").write_bytes(b'{"kit":\n "\xff"}')
    offset = len("КОТ\nДОМ\nЁ".encode())
    byte = f"(byte {offset} is 0xff)"
    _, _, err = run("check", tmp_path / "k.yaml")
    assert err.strip() == f"{tmp_path / 'k.yaml'}:3:2: not UTF-8 text: save the file as UTF-8 {byte}"
    _, _, err = run("word", "--words", tmp_path / "words.txt", "КОТ")
    assert err.strip() == (f"{tmp_path / 'words.txt'}:3: not UTF-8 text: save the file as UTF-8 {byte} (a word list "
                           f"is plain UTF-8, one word a line)")
    _, _, err = run("score", "--board", tmp_path / "board.txt", "8H КОТ")  # was: 'utf-8' codec can't decode…
    assert err.strip() == f"{tmp_path / 'board.txt'}:3:2: cannot read the board: not UTF-8 text: save the file as " \
                          f"UTF-8 {byte}"
    code, _, err = run("verify", tmp_path / "built")
    assert code == 2 and err.strip() == (f"printkit verify: {tmp_path / 'built' / 'manifest.json'}:2:3 cannot be read: "
                                         f"not UTF-8 text: save the file as UTF-8 (byte 10 is 0xff)")
