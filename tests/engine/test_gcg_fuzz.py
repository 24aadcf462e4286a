"""Property-based fuzzing of game records: real GCG files with lines mangled, swapped, repeated
and dropped, replayed under the kit they suggest and under any shipped kit.

Whatever the record, `printkit replay` ends with exit 0, 1 or 2 (one line naming the file and
line), never an internal error; and a mangled record that still reads cleanly is written back by
printkit into the same game. The style is tests/config/test_fuzz.py's: derandomized and small in CI, a
longer random run with

    PRINTKIT_FUZZ=long .venv/bin/python -m pytest tests/engine/test_gcg_fuzz.py -q
"""

from __future__ import annotations

import io
import os
import tempfile
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

from hypothesis import HealthCheck, event, given, settings, strategies as st

from printkit.cli import main
from printkit.config import kit_names
from printkit.engine.gcg import parse_gcg, write_gcg

LONG = os.environ.get("PRINTKIT_FUZZ") == "long"
EXAMPLES = int(os.environ.get("PRINTKIT_FUZZ_EXAMPLES", "2000" if LONG else "20"))
FUZZ = settings(max_examples=EXAMPLES, derandomize=not LONG, database=None, deadline=None,
                suppress_health_check=list(HealthCheck), print_blob=True)

DATA = Path(__file__).parents[1] / "data" / "gcg"
SEEDS = [DATA / n for n in ("macondo__vs_frentz.gcg", "macondo__noah_vs_peter.gcg", "quackle__capp.gcg",
                            "quackle__fivepoint.gcg", "book_examples.gcg", "several_words.gcg",
                            "macondo__polish_endgame.gcg", "latin1_german.gcg")] + \
        [DATA / "corpus" / n for n in ("quackle__consonant_heaviness_tendency.gcg", "macondo__issue_476.gcg",
                                       "liwords__combined_low_scoring.gcg", "quackle__multiplayer-crash.gcg")]
TEXTS = [p.read_bytes() for p in SEEDS]
KITS = kit_names()

TOKENS = ["--", " -- -9 0", "-", "- ", "+0", "+", "-0", "(", ")", "(challenge)", "(time)", "()", "?", ".", "..", "[",
          "]",
          "[CH]", ":", ": ", ">", ">x: ", "#", "#note ", "#- ", "#+ H8 .A", "#swap H8 A", "#swap F5 Ф",
          "#player1 NoName NoName\n", "#player2 NoName NoName\n", "#rack1 ", "#character-encoding UTF-8\n",
          "#character-encoding KOI8-R\n", "#incomplete\n", "#board-layout plain-15\n",
          "#tile-distribution erudit\n", "9" * 5000, "-" + "9" * 4400, "1" * 7, "8H ", "H8 ", "15O ", "O15 ",
          "16A ", "0H ", "ЖЩЪ", "Ё", "ʼ", "Ł", "ß", "\t", "\r", "\r\n", "\n", "\ufeff", "\u00a0", "\u202e",
          "😀", "\x1a"]


@st.composite
def mangled(draw) -> bytes:
    """A real record with a few lines changed, moved, repeated or dropped, and bytes inserted."""
    data = draw(st.sampled_from(TEXTS))
    lines = data.split(b"\n")
    for _ in range(draw(st.integers(1, 4))):
        op = draw(st.sampled_from(["insert", "delete", "repeat", "swap", "drop", "dup", "truncate", "withdraw"]))
        i = draw(st.integers(0, len(lines) - 1)) if lines else 0
        if not lines:
            lines = [b""]
        line = lines[i]
        if op == "insert":
            j = draw(st.integers(0, len(line)))
            token = draw(st.sampled_from(TOKENS)).encode(draw(st.sampled_from(["utf-8", "utf-8", "latin-1"])),
                                                         "replace")
            lines[i] = line[:j] + token + line[j:]
        elif op == "delete":
            j = draw(st.integers(0, len(line)))
            k = draw(st.integers(j, min(len(line), j + 8)))
            lines[i] = line[:j] + line[k:]
        elif op == "repeat":
            j = draw(st.integers(0, len(line)))
            lines[i] = line[:j] + line[j:j + 12] * draw(st.integers(2, 40)) + line[j:]
        elif op == "swap":
            k = draw(st.integers(0, len(lines) - 1))
            lines[i], lines[k] = lines[k], lines[i]
        elif op == "drop":
            del lines[i]
        elif op == "dup":
            lines.insert(i, line)
        elif op == "withdraw":  # the line's player withdraws a play, whether or not it was theirs to withdraw
            nick = line.split(b":", 1)[0] if line.startswith(b">") else b">x"
            lines.insert(i, nick + b": ABC -- -" + str(draw(st.integers(0, 99))).encode() + b" 0")
        else:
            lines = lines[:i + 1]
    return b"\n".join(lines)


def run(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = main(list(args))
    return code, out.getvalue(), err.getvalue()


def replay(data: bytes, *kit: str) -> int:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "fuzz.gcg"
        path.write_bytes(data)
        code, out, err = run("replay", str(path), *kit)
    assert code in (0, 1, 2), (code, err)
    assert "Traceback" not in err and "internal error" not in err, err
    if code == 2:
        lines = err.splitlines()
        assert len(lines) == 1 and lines[0].startswith(str(path)), err
    else:
        assert err == "" and out.splitlines()[-1].startswith("moves: "), (out, err)
    event(f"replay exit {code}")
    return code


@FUZZ
@given(mangled())
def test_mangled_records_replay_under_the_kit_they_suggest(data):
    replay(data)


@FUZZ
@given(mangled(), st.sampled_from(KITS))
def test_mangled_records_replay_under_any_kit(data, kit):
    replay(data, "--kit", kit)


@FUZZ
@given(mangled())
def test_a_mangled_record_that_reads_cleanly_is_written_back_the_same(data):
    text = data.decode("utf-8", "replace")
    record = parse_gcg(text, "fuzz.gcg")
    if record.problems:
        event("problems")
        return
    again = parse_gcg(write_gcg(record), "fuzz.gcg")
    assert again.problems == ()
    assert [(e.kind, e.player, e.seat, e.rack, e.coord, e.word, e.groups and [(g.coord, g.word) for g in e.groups],
             e.swaps and [(s.row, s.col, s.letter) for s in e.swaps], e.tiles, e.count, e.score, e.cumulative, e.notes)
            for e in again.events] == \
           [(e.kind, e.player, e.seat, e.rack, e.coord, e.word, e.groups and [(g.coord, g.word) for g in e.groups],
             e.swaps and [(s.row, s.col, s.letter) for s in e.swaps], e.tiles, e.count, e.score, e.cumulative, e.notes)
            for e in record.events]
    # a player with no real name is written with the nickname for it: Quackle and Macondo want one
    assert [(p.number, p.nick, p.name or p.nick) for p in again.players] == [
        (p.number, p.nick, p.name or p.nick) for p in record.players]
    assert (again.racks, again.notes) == (record.racks, record.notes)
