"""The one scheme of "files printkit wrote" (printkit.outdir): a record says which files printkit
wrote into a folder that is the user's too; a file in the way that is not printkit's (or was changed
since) stops the command before anything is written. ``printkit fit`` keeps its chart's and its
derived set's files in one record, ``.printkit-fit.json``."""

from __future__ import annotations

import hashlib
import json

import pytest

from printkit.errors import PrintkitError
from printkit.written import Written


def test_the_chart_and_a_derived_set_share_one_record(run, tmp_path):
    """Before, the derived set's files were told by their first line and the chart's by the record:
    now both are in the record, and each command keeps the other's entries."""
    out = tmp_path / "fit"
    assert run("fit", "krestoslovitsa", "--out", out)[0] == 0
    assert run("fit", "--derive", "--language", "bg", "--tiles", "110", "--out", out)[0] == 0
    record = json.loads((out / ".printkit-fit.json").read_text(encoding="utf-8"))
    assert sorted(record) == ["derived-bg-letters.yaml", "derived-bg.yaml", "fit.png", "fit.svg", "fit.txt"]
    for name, digest in record.items():
        assert hashlib.sha256((out / name).read_bytes()).hexdigest() == digest, name
    assert run("fit", "krestoslovitsa", "--out", out)[0] == 0  # the chart again: the set's entries kept
    assert sorted(json.loads((out / ".printkit-fit.json").read_text(encoding="utf-8"))) == sorted(record)
    kit = (out / "derived-bg.yaml").read_text(encoding="utf-8")
    (out / "derived-bg.yaml").write_text(kit.replace("rules: scrabble", "rules: erudit"), encoding="utf-8")
    code, _, err = run("fit", "--derive", "--language", "bg", "--tiles", "110", "--out", out)
    assert code == 2 and err == (f"{out / 'derived-bg.yaml'} is in the way: printkit fit --derive did not write it "
                                 f"(or it was changed since); move it away, give another --out, or --force to "
                                 f"replace it; nothing was written\n")  # the user's edit is kept
    assert "rules: erudit" in (out / "derived-bg.yaml").read_text(encoding="utf-8")


def test_written_replaces_only_its_own_unchanged_files(tmp_path):
    own = Written(tmp_path, ".record.json", "printkit test")
    own.write({"a.txt": b"one", "b.txt": b"two"}, "go away")
    own.write({"a.txt": b"three"}, "go away")  # its own, unchanged: replaced; b.txt kept in the record
    assert json.loads((tmp_path / ".record.json").read_text(encoding="utf-8")) == {
        "a.txt": hashlib.sha256(b"three").hexdigest(), "b.txt": hashlib.sha256(b"two").hexdigest()}
    (tmp_path / "b.txt").write_bytes(b"mine")
    (tmp_path / "c.txt").write_bytes(b"mine too")
    for name in ("b.txt", "c.txt"):
        with pytest.raises(PrintkitError) as info:
            own.write({"a.txt": b"four", name: b"x"}, "go away")
        assert str(info.value) == f"{tmp_path / name} is in the way: printkit test did not write it (or it was " \
                                  f"changed since); go away"
    assert (tmp_path / "a.txt").read_bytes() == b"three"  # nothing written
    assert sorted(p.name for p in tmp_path.iterdir()) == [".record.json", "a.txt", "b.txt", "c.txt"]
