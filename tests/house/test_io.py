"""Every I/O failure is an answer: special files, output that cannot be written, an ASCII terminal,
a deleted working folder, empty arguments. Each is one line and an exit code, never a hang, a
traceback or an internal error (exit 3).

The commands run in processes of their own, with a timeout: before the fix a FIFO hung them.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest

FIFO_LINE = "a named pipe (FIFO), not a regular file"


def printkit(*args, cwd=None, env=None, timeout=120, shell_tail: str = "") -> subprocess.CompletedProcess:
    """``python -m printkit ARGS`` (through sh when ``shell_tail`` redirects), with a timeout."""
    full = {**os.environ, **(env or {})}
    if shell_tail:
        command = " ".join(f"'{a}'" for a in (sys.executable, "-m", "printkit", *map(str, args))) + " " + shell_tail
        return subprocess.run(["sh", "-c", command], capture_output=True, text=True, timeout=timeout, cwd=cwd,
                              env=full)
    return subprocess.run([sys.executable, "-m", "printkit", *map(str, args)], capture_output=True, text=True,
                          timeout=timeout, cwd=cwd, env=full)


@pytest.fixture
def fifo(tmp_path) -> Path:
    path = tmp_path / "pipe"
    os.mkfifo(path)
    return path


# -- special files are refused at once -----------------------------------------------------------------

@pytest.mark.parametrize("args, line", [
    (["score", "--board", "{f}", "8H КОТ"], "{f}: cannot read the board: " + FIFO_LINE),
    (["score", "--judge", "--words", "{f}", "8H КОТ"], "{f}: cannot read the word list: " + FIFO_LINE),
    (["word", "--words", "{f}", "КОТ"], "{f}: cannot read the word list: " + FIFO_LINE),
    (["fit", "--words", "{f}"], "{f}: cannot read the word list: " + FIFO_LINE),
    (["replay", "{f}"], "{f}: cannot read it (" + FIFO_LINE + ")"),
    (["check", "{f}"], "{f}:1:1: cannot read: " + FIFO_LINE),
    (["build", "{f}.yaml", "--out", "{d}/out"], "{f}.yaml:1:1: cannot read: " + FIFO_LINE),
    (["build", "--laser", "{f}.yaml", "--out", "{d}/out"], "{f}.yaml:1:1: cannot read: " + FIFO_LINE),
    (["build", "--font", "{f}", "--out", "{d}/out"], "--font: font file '{f}' is " + FIFO_LINE),
])
def test_a_fifo_with_no_writer_is_refused_at_once(tmp_path, fifo, args, line):
    os.mkfifo(f"{fifo}.yaml")
    fill = {"f": fifo, "d": tmp_path}
    proc = printkit(*[a.format(**fill) for a in args], timeout=60)
    assert proc.returncode == 2, proc.stderr
    assert proc.stderr.strip() == line.format(**fill)
    assert not (tmp_path / "out").exists()


def test_a_fifo_named_by_a_kit_is_refused_where_the_kit_names_it(write, run, tmp_path):
    os.mkfifo(tmp_path / "d.yaml")
    kit = write("k.yaml", "extends: krestoslovitsa\ndistribution: d.yaml\n")
    proc = printkit("check", kit, timeout=60)
    assert proc.returncode == 2
    assert proc.stderr.strip() == f"{tmp_path / 'd.yaml'}:1:1: cannot read: {FIFO_LINE}"


@pytest.mark.parametrize("kind", ["socket", "device", "folder"])
def test_sockets_devices_and_folders_are_named_for_what_they_are(tmp_path, kind):
    if kind == "socket":
        path = tmp_path / "sock"
        s = socket.socket(socket.AF_UNIX)
        s.bind(str(path))
        what = "a socket, not a regular file"
    elif kind == "device":
        path, what = Path("/dev/zero"), "a character device, not a regular file"  # it never ends
    else:
        path, what = tmp_path, "a folder, not a regular file"
    proc = printkit("score", "--board", path, "8H КОТ", timeout=60)
    assert proc.returncode == 2
    assert proc.stderr.strip() == f"{path}: cannot read the board: {what}"
    proc = printkit("word", "--words", path, "КОТ", timeout=60)
    assert proc.returncode == 2
    assert proc.stderr.strip() == f"{path}: " + ("a folder, not a word list" if kind == "folder"
                                                 else f"cannot read the word list: {what}")


def test_a_fifo_in_a_built_kit_is_a_failed_check_not_a_hang(run, tmp_path):
    out = tmp_path / "out"
    assert run("build", "krestoslovitsa-mini", "--out", out, "--only", "tiles", "-q")[0] == 0
    folder = out / "krestoslovitsa-mini"
    (folder / "tiles-A4.pdf").unlink()
    os.mkfifo(folder / "tiles-A4.pdf")
    proc = printkit("verify", folder, "-q", timeout=120)
    assert proc.returncode == 1
    assert proc.stdout.splitlines()[0] == f"FAIL tiles-A4.pdf: cannot be read: {FIFO_LINE}"
    (folder / "manifest.json").unlink()
    os.mkfifo(folder / "manifest.json")
    proc = printkit("verify", folder, timeout=60)
    assert proc.returncode == 2
    assert proc.stderr.strip() == f"printkit verify: {folder / 'manifest.json'} cannot be read: {FIFO_LINE}"
    proc = printkit("build", "krestoslovitsa-mini", "--out", out, "--only", "tiles", timeout=120)
    assert proc.returncode == 2
    assert proc.stderr.strip() == (f"{folder / 'manifest.json'} was not written by printkit (or was edited): move it "
                                   f"away; nothing was changed")


# -- output that cannot be written ---------------------------------------------------------------------

FULL = "printkit: cannot write to standard output: No space left on device"


@pytest.mark.parametrize("args", [["list"], ["schema"], ["schema", "--markdown"], ["check"], ["check", "--all"],
                                  ["word", "КОТ"]])
def test_output_to_a_full_disk_is_one_line_and_exit_2(args):
    proc = printkit(*args, shell_tail="> /dev/full")
    assert proc.returncode == 2, proc.stderr
    assert proc.stderr == FULL + "\n"


def test_messages_to_a_full_disk_are_exit_2_and_silent():
    proc = printkit("check", "no-such-kit", shell_tail="2> /dev/full")
    assert proc.returncode == 2 and proc.stdout == ""
    proc = printkit("list", shell_tail="> /dev/full 2> /dev/full")
    assert proc.returncode == 2


def test_a_closed_standard_output_is_said(tmp_path):
    proc = printkit("list", shell_tail=">&-")
    assert proc.returncode == 2
    assert proc.stderr == "printkit: cannot write to standard output: it is closed\n"
    proc = printkit("build", "krestoslovitsa-mini", "--only", "tiles", "--out", tmp_path, "-q", shell_tail=">&-")
    assert proc.returncode == 0 and proc.stderr == ""  # nothing to write, nothing lost


def test_an_ascii_terminal_gets_escapes_not_an_error():
    proc = printkit("check", env={"LC_ALL": "C", "PYTHONIOENCODING": "ascii"})
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines()[0] == ("krestoslovitsa: \\u041a\\u0440\\u0435\\u0441\\u0442\\u043e\\u0441\\u043b"
                                           "\\u043e\\u0432\\u0438\\u0446\\u0430 (configs/kits/krestoslovitsa.yaml)")
    proc = printkit("check", "no-such-кит", env={"LC_ALL": "C", "PYTHONIOENCODING": "ascii"})
    assert proc.returncode == 2
    assert proc.stderr.startswith("no-such-\\u043a\\u0438\\u0442: no kit named 'no-such-\\u043a\\u0438\\u0442'")
    proc = printkit("check", env={"LC_ALL": "C"})  # Python reads C as UTF-8: the Cyrillic kits as they are
    assert proc.returncode == 0 and proc.stdout.splitlines()[0].startswith("krestoslovitsa: Крестословица ")


# -- a deleted working folder --------------------------------------------------------------------------

GONE = ("printkit: the working folder no longer exists (it was deleted or moved away): change to a folder that "
        "exists and run printkit again")


@pytest.mark.parametrize("args", [["list"], ["check"], ["build", "--out", "{t}/out", "--only", "tiles"],
                                  ["verify", "{t}/out/krestoslovitsa"], ["schema"]])
def test_a_deleted_working_folder_is_one_line(tmp_path, args):
    gone = tmp_path / "gone"
    command = " ".join(f"'{a}'" for a in (sys.executable, "-m", "printkit", *[a.format(t=tmp_path) for a in args]))
    proc = subprocess.run(["sh", "-c", f"mkdir '{gone}' && cd '{gone}' && rmdir '{gone}' && exec {command}"],
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 2
    assert proc.stderr == GONE + "\n" and proc.stdout == ""
    assert not (tmp_path / "out").exists()


def test_a_working_folder_deleted_during_a_command_is_one_line(run, tmp_path, monkeypatch):
    """Removed while the command runs: the first use of the working folder says so."""
    gone = tmp_path / "gone"
    gone.mkdir()
    monkeypatch.chdir(gone)
    import printkit.config as config

    real = config.load_kit

    def load_kit(*args, **kw):
        os.rmdir(gone)
        return real(*args, **kw)

    monkeypatch.setattr(config, "load_kit", load_kit)
    code, out, err = run("check", "krestoslovitsa")
    assert code == 2 and err == GONE + "\n" and out == ""


# -- an empty argument is not the default --------------------------------------------------------------

@pytest.mark.parametrize("args, name, what", [
    (["build", "--out", ""], "--out", "a folder"),
    (["build", ""], "KIT|FILE", "a kit name or file"),
    (["build", "--players", ""], "--players", "a number or names"),
    (["build", "--paper", ""], "--paper", "a paper"),
    (["build", "--font", ""], "--font", "a font file"),
    (["build", "--laser", ""], "--laser", "a laser profile"),
    (["build", "--bed", ""], "--bed", "a size WxH"),
    (["check", ""], "KIT|FILE", "a kit name or file"),
    (["verify", ""], "DIR/KIT", "a built kit's folder"),
    (["score", "--kit", "", "8H КОТ"], "--kit", "a kit name or file"),
    (["score", "--board", "", "8H КОТ"], "--board", "a file"),
    (["word", "--words", "", "КОТ"], "--words", "a file"),
    (["fit", "--words", ""], "--words", "a file"),
    (["build", "--only", ""], "--only", "products"),
    (["build", "--scale-x", ""], "--scale-x", "a factor"),
    (["check", "--compare", ""], "--compare", "a kit name or file"),
    (["replay", ""], "GAME.gcg", "a game record file"),
    (["fit", "--out", ""], "--out", "a folder"),
    (["serve", "--host", ""], "--host", "an address"),
])
def test_an_empty_value_is_refused(run, capsys, tmp_path, monkeypatch, args, name, what):
    monkeypatch.chdir(tmp_path)  # `build --out ''` used to write the kit into the working folder
    with pytest.raises(SystemExit) as exc:
        run(*args)
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert err.splitlines()[-1] == f"printkit: error: argument {name}: an empty value: give {what}"
    assert list(tmp_path.iterdir()) == []
