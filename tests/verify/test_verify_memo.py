"""A build's verification kept for the same bytes (printkit/verify/memo.py): the second build of
a kit takes the first one's passing report instead of measuring again, and measures whenever
anything verify reads differs: the kit, a file of the folder, the cache turned off. A failing
report is never kept, and ``printkit verify`` always measures."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from manifestread import manifest_of

import printkit.verify as verify_package
from printkit.cli import main
from printkit.config import kit_names
from printkit.verify import memo

ROOT = Path(__file__).resolve().parents[2]
MINI = "krestoslovitsa-mini"


@pytest.fixture
def measured(monkeypatch, tmp_path):
    """A cache of the test's own, and the number of files verify has measured so far (its
    ``count``): every call of the per-file checks."""
    monkeypatch.setenv("PRINTKIT_CACHE", str(tmp_path / "cache"))
    real = verify_package._check_artifact
    calls = []

    def counted(report, ctx, a):
        calls.append(a["path"])
        return real(report, ctx, a)

    monkeypatch.setattr(verify_package, "_check_artifact", counted)
    counted.count = lambda: len(calls)
    return counted


def build(capsys, out: Path, *more: str) -> str:
    capsys.readouterr()
    assert main(["build", MINI, "--out", str(out), "--only", "tiles,board", *more]) == 0
    return capsys.readouterr().out


def test_the_second_build_of_the_same_bytes_takes_the_first_ones_report(measured, tmp_path, capsys):
    first = build(capsys, tmp_path / "a")
    n = measured.count()
    assert n > 5
    second = build(capsys, tmp_path / "b")  # another folder, the same bytes
    assert measured.count() == n  # nothing measured again
    summary = [line for line in second.splitlines() if line.startswith("verify ")]
    assert summary == [f"verify {tmp_path / 'b' / MINI}: all {first.splitlines()[-1].split('all ')[1]}"]
    assert first.splitlines()[-1] == f"verify {tmp_path / 'a' / MINI}: all {summary[0].split('all ')[1]}"
    capsys.readouterr()
    assert main(["verify", str(tmp_path / "b" / MINI)]) == 0  # the command always measures
    assert measured.count() > n


def test_another_kit_another_file_or_no_cache_is_measured(measured, tmp_path, capsys, monkeypatch):
    build(capsys, tmp_path / "a")
    n = measured.count()
    build(capsys, tmp_path / "b", "--paper", "Letter")  # other bytes, another kit
    assert measured.count() > n
    n = measured.count()
    (tmp_path / "a" / MINI / "notes.txt").write_text("mine", encoding="utf-8")  # a file of the user's in the folder
    build(capsys, tmp_path / "a")
    assert measured.count() > n
    n = measured.count()
    monkeypatch.setenv("PRINTKIT_CACHE", "off")
    build(capsys, tmp_path / "c")
    assert measured.count() > n


def test_a_failing_report_is_never_kept(measured, tmp_path, capsys, monkeypatch):
    from printkit.verify.report import Report

    real = Report.ok

    def failing(self, path, text):  # every check fails, as a broken writer's files would
        self.fail(path, text)

    monkeypatch.setattr(Report, "ok", failing)
    capsys.readouterr()
    assert main(["build", MINI, "--out", str(tmp_path / "a"), "--only", "tiles"]) == 1
    monkeypatch.setattr(Report, "ok", real)
    n = measured.count()
    build(capsys, tmp_path / "b", "--only", "tiles")
    assert measured.count() > n  # measured again, and passing now
    assert list((tmp_path / "cache").rglob("*")) != []


def test_a_file_changed_on_the_disk_is_no_key(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("PRINTKIT_CACHE", str(tmp_path / "cache"))
    build(capsys, tmp_path / "a")
    from printkit.config import load_kit

    folder = tmp_path / "a" / MINI
    kit = load_kit(MINI)
    assert memo.key(folder, kit) is not None
    manifest = manifest_of(folder)
    path = folder / manifest["artifacts"][0]["path"]
    data = path.read_bytes()
    path.write_bytes(data[:-1] + bytes([data[-1] ^ 1]))  # one bit of the last byte
    assert memo.key(folder, kit) is None  # the file is not the manifest's: verify measures it, and fails


def test_the_kit_is_written_the_same_way_under_any_hash_seed():
    script = ("import hashlib\nfrom printkit.config import kit_names, load_kit\nfrom printkit.verify.memo import "
              "canonical\nfor n in kit_names():\n    print(n, hashlib.sha256(canonical(load_kit(n)).encode())"
              ".hexdigest())\n")
    outs = {subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True, cwd=ROOT,
                           env=dict(os.environ, PYTHONHASHSEED=seed, PYTHONPATH=str(ROOT))).stdout
            for seed in ("0", "7")}
    (out,) = outs
    assert len(out.splitlines()) == len(kit_names()) == 27
    with pytest.raises(TypeError, match="no canonical form for object"):
        memo.canonical({"a": object()})
    assert memo.canonical(frozenset({"b", "a"})) == "{'a','b'}"
