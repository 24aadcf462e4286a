"""The output folder is the user's: printkit replaces or removes only files it wrote itself.

Every test puts user files around and inside the output and proves they survive the build:
complete, partial (--only), failed, interrupted (SIGTERM, SIGHUP) or killed outright.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from folders import listed, ours, snapshot
from manifestread import manifest_in

KIT = "krestoslovitsa"
PAGES = {"tiles-A4.pdf": 2, "tiles-Letter.pdf": 2, "board-poster.pdf": 1, "board-A4.pdf": 4,
         "board-A4-assembly.pdf": 1, "burn-tiles-A4.pdf": 2, "burn-tiles-mirrored-A4.pdf": 2, "burn-board-A4.pdf": 4,
         "scoresheet.pdf": 1, "tracking.pdf": 1, "reference.pdf": 1, "calibration.pdf": 1,
         "print-all-A4.pdf": 1, "print-all-Letter.pdf": 1}  # print-all: a preview of its contents page only


def with_previews(files: set[str]) -> set[str]:
    """The files and a PNG preview of each page of their PDFs and SVGs (preview/NAME-N.png, NAME-svg.png)."""
    shots = {f"preview/{f[:-4]}-{n}.png" for f in files if f.endswith(".pdf") for n in range(1, PAGES[f] + 1)}
    return files | shots | {f"preview/{f[:-4]}-svg.png" for f in files if f.endswith(".svg")}


ALL_FILES = with_previews({
    "tiles-A4.pdf", "tiles-A4-1.svg", "tiles-A4-2.svg", "board-poster.pdf", "board.svg", "board-A4.pdf",
    "board-A4-assembly.pdf", "laser-tiles-1.svg", "laser-coupon.svg", "laser-board-1.svg", "laser-tiles-1.lbrn2",
    "laser-coupon.lbrn2", "laser-board-1.lbrn2", "burn-tiles-A4.pdf",
    "burn-tiles-mirrored-A4.pdf", "burn-board-A4.pdf", "scoresheet.pdf", "tracking.pdf", "reference.pdf",
    "calibration.pdf", "print-all-A4.pdf", "index.html", "manifest.json"})
TILE_FILES = {"tiles-A4.pdf", "tiles-A4-1.svg", "tiles-A4-2.svg", "manifest.json"}


@pytest.fixture
def user_files(tmp_path):
    """An output folder holding the user's own files beside and inside the kit's folder."""
    out = tmp_path / "out"
    files = {
        out / "README.txt": b"my notes about my prints",
        out / KIT / "notes.txt": b"glue the board on 3 mm card",
        out / KIT / "photos" / "set.jpg": b"\xff\xd8 a photo",
        out / KIT / ".my-hidden" / "x": b"hidden",
        out / f".{KIT}.backup" / "tiles-A4.pdf": b"an old print I keep",
    }
    for path, data in files.items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)

    def intact():
        for path, data in files.items():
            assert path.read_bytes() == data, path
    intact.out = out
    return intact


def previous_kit(default_kit: Path, out: Path) -> Path:
    """The kit's folder under ``out`` as ``printkit build --out OUT`` writes it (a full build of the
    default kit, whose bytes do not depend on the process: test_reproducible), copied from the
    run's shared build (tests/conftest.py) beside whatever the folder already holds."""
    return Path(shutil.copytree(default_kit, out / KIT, dirs_exist_ok=True))


# -- names ------------------------------------------------------------------------------------------

@pytest.mark.parametrize("name, why", [
    ('"/../../../../tmp/victim"', "contains '/': a name is one folder name"),
    ('"a/b"', "contains '/'"),
    ('"a\\\\b"', "contains '\\'"),
    ('".."', "names the output folder itself or the one above it"),
    ('"."', "names the output folder itself or the one above it"),
    ('""', "is empty"),
    ('"a\\0b"', "contains the invisible or control character U+0000"),
    ('"x\\u202e"', "contains the invisible or control character U+202E"),
    ('"tab\\there"', "contains the invisible or control character U+0009"),
    ("x" * 300, "is 300 characters long: the limit is 80"),
    (".hidden", "starts with '.', which hides the folder"),
    ("-rf", "starts with '-'"),
    ('"ends "', "ends with a space"),
    ("CON", "is a device name that Windows reserves"),
    ('"a:b"', "contains ':'"),
])
def test_a_kit_name_is_one_safe_folder_name(write, run, tmp_path, name, why):
    victim = tmp_path / "victim"
    victim.mkdir()
    (victim / "precious.txt").write_text("keep me")
    kit = write("k.yaml", f"extends: krestoslovitsa\nname: {name}\n")
    out = tmp_path / "out"
    for command in (["check", kit], ["build", kit, "--out", out]):
        code, _, err = run(*command)
        assert code == 2, err
        assert len(err.strip().splitlines()) == 1
        assert err.startswith(f"{kit}:2:7: the kit's name '") and why in err, err
    assert not out.exists()
    assert (victim / "precious.txt").read_text() == "keep me"


def test_a_name_from_the_file_name_is_checked_too(write, run, tmp_path):
    kit = write(".hidden.yaml", "extends: krestoslovitsa\n")
    code, _, err = run("build", kit, "--out", tmp_path / "out")
    assert code == 2
    assert err.strip() == (f"{kit}:1:1: the kit's name '.hidden', taken from the file's name, starts with '.', "
                           f"which hides the folder: set 'name:' in the kit")


def test_cyrillic_and_spaced_names_are_fine(write, run, tmp_path):
    kit = write("k.yaml", "extends: krestoslovitsa-mini\nname: моя крестословица\n")
    code, _, err = run("build", kit, "--out", tmp_path / "out", "--only", "tiles", "-q")
    assert code == 0, err
    assert (tmp_path / "out" / "моя крестословица" / "tiles-A4.pdf").is_file()


# -- user files survive -----------------------------------------------------------------------------

def test_every_kind_of_build_keeps_the_users_files(run, user_files, tmp_path):
    out = user_files.out
    folder = out / KIT
    code, _, err = run("build", "--out", out, "-q")
    assert code == 0, err
    user_files()
    assert ours(folder) == listed(folder) == ALL_FILES

    board = {p: folder.joinpath(p).read_bytes() for p in ALL_FILES if p.startswith("board")}
    code, _, err = run("build", "--out", out, "--only", "tiles", "--paper", "Letter", "-q")
    assert code == 0, err
    user_files()
    a4 = with_previews({"tiles-A4.pdf", "tiles-A4-1.svg", "tiles-A4-2.svg", "print-all-A4.pdf"})
    letter = with_previews({"tiles-Letter.pdf", "tiles-Letter-1.svg", "tiles-Letter-2.svg", "print-all-Letter.pdf"})
    expected = ALL_FILES - a4 | letter
    assert ours(folder) == listed(folder) == expected  # the A4 tiles replaced, the board kept
    assert {p: folder.joinpath(p).read_bytes() for p in board} == board

    code, _, err = run("build", "--out", out, "--only", "board", "-q")
    assert code == 0, err
    user_files()
    print_all = with_previews({"print-all-A4.pdf"})  # rebuilt with the board, on the kit's paper again
    assert ours(folder) == listed(folder) == expected - with_previews({"print-all-Letter.pdf"}) | print_all

    code, _, err = run("build", "--out", out, "-q")
    assert code == 0, err
    user_files()
    assert ours(folder) == listed(folder) == ALL_FILES  # a full build replaces everything it made before


def test_only_after_a_full_build_keeps_the_other_products(run, tmp_path, default_kit):
    out = tmp_path / "out"
    previous_kit(default_kit, out)  # a full build
    before = snapshot(out / KIT)
    assert run("build", "--out", out, "--only", "tiles", "-q")[0] == 0
    after = snapshot(out / KIT)
    assert set(after) == ALL_FILES
    assert {p: d for p, d in after.items() if p != "manifest.json"} == {
        p: d for p, d in before.items() if p != "manifest.json"}
    manifest = manifest_in(after["manifest.json"])
    files = ["tiles"] * 3 + ["board"] * 4 + ["laser"] * 6 + ["burn"] * 3 + ["play"] * 3 + ["calibration", "print-all"]
    previews = ["tiles"] * 4 + ["board"] * 7 + ["laser"] * 3 + ["burn"] * 8 + ["play"] * 3 + ["calibration",
                                                                                             "print-all"]
    assert [a["product"] for a in manifest["artifacts"]] == files + previews + ["gallery"]


def test_a_kit_file_inside_its_own_output_folder_survives(write, run, tmp_path, monkeypatch):
    kit = write("mykit/mykit.yaml", "extends: krestoslovitsa-mini\n")
    text = kit.read_bytes()
    monkeypatch.chdir(tmp_path)
    code, _, err = run("build", "mykit/mykit.yaml", "--out", ".", "-q")
    assert code == 0, err
    assert kit.read_bytes() == text
    assert (tmp_path / "mykit" / "tiles-A4.pdf").is_file()
    code, _, err = run("build", "mykit/mykit.yaml", "--out", ".", "-q")  # and once more
    assert code == 0, err
    assert kit.read_bytes() == text


def test_a_file_where_the_kit_folder_should_be(run, tmp_path):
    out = tmp_path / "out"
    out.mkdir()
    (out / KIT).write_text("my file")
    code, _, err = run("build", "--out", out)
    assert code == 2
    assert err.strip() == (f"{out / KIT} is a file where the kit's folder should be: move it away or build with "
                           f"another --out; nothing was changed")
    assert (out / KIT).read_text() == "my file"
    assert sorted(p.name for p in out.iterdir()) == [KIT]


def test_a_file_printkit_did_not_write_is_never_replaced(run, tmp_path):
    folder = tmp_path / "out" / KIT
    folder.mkdir(parents=True)
    (folder / "board.svg").write_text("my own board")
    code, _, err = run("build", "--out", tmp_path / "out")
    assert code == 2
    assert err.strip() == (f"{folder / 'board.svg'} is in the way: printkit did not write it (its manifest.json "
                           f"does not list it); move it away or build with another --out; nothing was changed")
    assert snapshot(folder) == {"board.svg": b"my own board"}


@pytest.mark.parametrize("manifest", [
    "not json",
    '{"kit": "krestoslovitsa"}',
    '{"kit": "x", "artifacts": [{"path": "../victim.txt", "kind": "tiles"}]}',
    '{"kit": "x", "artifacts": [{"path": "/tmp/victim.txt", "kind": "tiles"}]}',
    '{"kit": "x", "artifacts": [{"path": "a/../../victim.txt", "kind": "board"}]}',
])
def test_a_manifest_printkit_did_not_write(run, tmp_path, manifest):
    victim = tmp_path / "out" / "victim.txt"
    folder = tmp_path / "out" / KIT
    folder.mkdir(parents=True)
    victim.write_text("keep")
    (folder / "manifest.json").write_text(manifest)
    code, _, err = run("build", "--out", tmp_path / "out", "-q")
    assert code == 2
    assert err.strip() == f"{folder / 'manifest.json'} was not written by printkit (or was edited): move it away; " \
                          f"nothing was changed"
    assert victim.read_text() == "keep" and snapshot(folder) == {"manifest.json": manifest.encode()}


def test_unwritable_out(run, tmp_path):
    afile = tmp_path / "afile"
    afile.write_text("x")
    code, _, err = run("build", "--out", afile / "sub")
    assert code == 2 and err.strip() == f"--out {afile} is a file, not a folder; nothing was changed"
    code, _, err = run("build", "--out", "/proc/printkit-cannot-be-here")
    assert code == 2
    assert err.strip() == ("--out /proc/printkit-cannot-be-here: cannot create the folder "
                           "/proc/printkit-cannot-be-here (No such file or directory)")


def test_a_failure_while_moving_files_into_place_restores_the_previous_kit(run, user_files, monkeypatch,
                                                                          default_kit):
    out = user_files.out
    previous_kit(default_kit, out)  # a full build among the user's files
    before = snapshot(out / KIT)
    real, calls = os.replace, []

    def flaky(src, dst):
        calls.append(dst)
        if len(calls) == 6:  # some files already replaced, some not
            raise OSError(5, "Input/output error")
        return real(src, dst)

    monkeypatch.setattr(os, "replace", flaky)
    code, _, err = run("build", "--out", out, "--paper", "Letter", "-q")
    assert code == 2 and err.strip() == f"{out}: cannot write the kit (Input/output error); nothing was changed"
    monkeypatch.setattr(os, "replace", real)
    assert snapshot(out / KIT) == before
    user_files()


def _signal_at_move(monkeypatch, when):
    """os.replace that sends this process SIGTERM on the move of which ``when(n, src, dst)`` is true."""
    real, calls = os.replace, []

    def replace(src, dst):
        calls.append(dst)
        if when(len(calls), str(src), str(dst)):
            os.kill(os.getpid(), signal.SIGTERM)
        return real(src, dst)

    monkeypatch.setattr(os, "replace", replace)
    return real


def test_a_signal_while_moving_files_undoes_the_moves(run, user_files, monkeypatch, default_kit):
    """SIGTERM half way through the final moves (here at the 4th: the pending record, then some
    files of the kit moved aside): the moves made are undone, the previous kit stays, exit 143."""
    out = user_files.out
    previous_kit(default_kit, out)  # a full build among the user's files
    before = snapshot(out / KIT)
    real = _signal_at_move(monkeypatch, lambda n, src, dst: n == 4)
    code, _, err = run("build", "--out", out, "--paper", "Letter", "-q")
    monkeypatch.setattr(os, "replace", real)
    assert code == 128 + signal.SIGTERM and err.strip() == "printkit: stopped by SIGTERM"
    assert snapshot(out / KIT) == before  # the A4 kit, byte for byte, and no work folder
    user_files()


def test_a_signal_as_the_manifest_lands_keeps_the_new_kit_and_says_so(run, user_files, monkeypatch, default_kit):
    """The manifest is the last move: a stop that arrives while it lands is too late to undo
    anything. The new kit stays, complete; the command still ends in 143, and says so."""
    out = user_files.out
    previous_kit(default_kit, out)  # a full build among the user's files
    real = _signal_at_move(monkeypatch, lambda n, src, dst: dst.endswith(f"/{KIT}/manifest.json")
                           and ".printkit-work-" in src)
    code, _, err = run("build", "--out", out, "--paper", "Letter", "-q")
    monkeypatch.setattr(os, "replace", real)
    folder = out / KIT
    assert code == 128 + signal.SIGTERM
    assert err.strip() == (f"printkit: stopped by SIGTERM; the new kit was already in place in {folder} "
                           f"(not verified: printkit verify {folder})")
    assert ours(folder) == listed(folder)  # complete and consistent: the Letter kit
    assert "tiles-Letter.pdf" in listed(folder) and "tiles-A4.pdf" not in ours(folder)
    user_files()


@pytest.mark.parametrize("where", ["the work folder's removal", "the way out of the command"])
def test_a_stop_after_the_new_kit_landed_says_so_wherever_it_lands(run, tmp_path, monkeypatch, where):
    """Once the new kit is in place, a stop anywhere after (as the build removes its work folder, or
    once the build has returned, on the command's way out) cannot bring the previous kit back: it
    says so, as a stop while the build verifies does. (It said only 'interrupted', as if nothing
    had changed: seen in CI, a Ctrl-C in the last moments of a build whose verify was kept.)"""
    import printkit.build
    import printkit.cli

    out = tmp_path / "out"
    assert run("build", "krestoslovitsa-mini", "--out", out, "--only", "tiles", "-q")[0] == 0
    if where == "the work folder's removal":
        real = shutil.rmtree

        def stopping(path, *args, **kwargs):
            real(path, *args, **kwargs)
            if ".printkit-work-" in str(path):
                raise KeyboardInterrupt

        monkeypatch.setattr(printkit.build.shutil, "rmtree", stopping)
    else:
        real = printkit.cli.flush

        def stopping():
            real()
            raise KeyboardInterrupt

        monkeypatch.setattr(printkit.cli, "flush", stopping)
    code, _, err = run("build", "krestoslovitsa-mini", "--out", out, "--only", "tiles", "--paper", "Letter", "-q")
    folder = out / "krestoslovitsa-mini"
    assert code == 130
    assert err.strip() == (f"printkit: interrupted (Ctrl-C); the new kit was already in place in {folder} "
                           f"(not verified: printkit verify {folder})")
    assert "tiles-Letter.pdf" in listed(folder) and ours(folder) == listed(folder)


# -- interrupted and killed builds, in a process of their own ---------------------------------------

SCRIPT = """
import os, signal, sys
from dataclasses import replace
from printkit.formats import FORMATS
from printkit.cli import main
real = FORMATS["svg"].write
calls = []
def writer(doc, path):
    calls.append(path)
    if len(calls) == 2:
        os.kill(os.getpid(), signal.{sig})
    return real(doc, path)
FORMATS["svg"] = replace(FORMATS["svg"], write=writer)
sys.exit(main(["build", "--out", sys.argv[1], "--paper", "Letter", "-q"]))
"""


@pytest.mark.parametrize("sig", ["SIGTERM", "SIGHUP", "SIGKILL"])
def test_an_interrupted_build_changes_nothing_and_leaves_no_work_folder(run, user_files, sig, default_kit):
    out = user_files.out
    previous_kit(default_kit, out)  # a full build among the user's files
    before = snapshot(out / KIT)
    proc = subprocess.run([sys.executable, "-c", textwrap.dedent(SCRIPT.format(sig=sig)), str(out)],
                          capture_output=True, text=True, timeout=120)
    number = getattr(signal, sig)
    user_files()
    if sig == "SIGKILL":  # nothing can clean up after SIGKILL: its work folder stays until the next build
        assert proc.returncode == -number
        left = [p for p in snapshot(out / KIT) if p.startswith(".printkit-work-") or p == ".printkit-busy"]
        assert ".printkit-busy" in left  # who held the folder: the next printkit there replaces it
        assert any(p.startswith(".printkit-work-") for p in left)
        assert {p: d for p, d in snapshot(out / KIT).items() if p not in left} == before
        assert run("build", "--out", out, "-q")[0] == 0
        after = snapshot(out / KIT)
        assert not [p for p in after if p.startswith((".printkit-work", ".printkit-busy"))]
        assert after == before  # same kit, same bytes
    else:
        assert proc.returncode == 128 + number, proc.stderr
        assert proc.stderr.strip() == f"printkit: stopped by {sig}"
        assert snapshot(out / KIT) == before
    user_files()


def test_a_work_folder_of_a_live_build_is_left_alone(run, tmp_path):
    out = tmp_path / "out"
    assert run("build", "--out", out, "-q", "--only", "tiles")[0] == 0
    live = out / KIT / f".printkit-work-{os.getppid()}-abc"
    live.mkdir()
    (live / ".printkit-work").write_text(str(os.getppid()))
    stranger = out / KIT / ".printkit-work-not-ours"
    stranger.mkdir()
    assert run("build", "--out", out, "-q", "--only", "tiles")[0] == 0
    assert live.is_dir() and stranger.is_dir()


# -- the command line never shows a traceback -------------------------------------------------------

def test_a_closed_pipe_is_quiet():
    proc = subprocess.Popen([sys.executable, "-m", "printkit", "check", "--all"], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE)
    first = proc.stdout.readline()
    proc.stdout.close()
    err = proc.stderr.read()
    proc.stderr.close()
    assert proc.wait(timeout=60) == 141
    assert first.startswith(b"erudit: ") and err == b""


def test_an_unforeseen_error_is_one_line_and_a_trace_file(run, monkeypatch, tmp_path):
    from dataclasses import replace

    from printkit.products import REGISTRY

    def broken(kit):
        return {}["no such key"]

    monkeypatch.setitem(REGISTRY, "tiles", replace(REGISTRY["tiles"], documents=broken))
    monkeypatch.setenv("TMPDIR", str(tmp_path))
    import tempfile
    monkeypatch.setattr(tempfile, "tempdir", None)
    code, out, err = run("build", "--out", tmp_path / "out")
    assert code == 3
    lines = err.strip().splitlines()
    assert len(lines) == 1
    head = "printkit: internal error, a bug in printkit: KeyError: 'no such key' (the full trace is in "
    assert lines[0].startswith(head) and lines[0].endswith("; please report it)")
    trace = Path(lines[0][len(head):].split(";")[0])
    assert trace.parent == tmp_path and "Traceback" in trace.read_text() and "broken" in trace.read_text()
    assert not (tmp_path / "out").exists()
