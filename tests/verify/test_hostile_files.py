"""``simulate`` and ``fit`` under hostile files and folders: nothing outside the named folder, nothing
replaced that printkit did not write, nothing half-written, nothing unbounded (issue 31).

- ``simulate --gcg DIR`` and ``--chart DIR`` keep a record of the files they wrote there
  (``.printkit-simulate.json``, as ``fit`` keeps ``.printkit-fit.json``): a file of the user's in the
  way stops the run before any game is played; a smaller run removes the earlier run's records, and an
  earlier record the user edited since stops it too (it would otherwise be left among the new ones);
- a record path that is not a regular file (a named pipe, a folder, a link, a device) is refused;
- the files and the record land all at once or not at all (a full disk, a move refused);
- a folder that cannot be made or written in is said before any game, in one line;
- every language ``fit --derive`` offers gives a kit ``check`` passes;
- ``PRINTKIT_CACHE=off`` writes no cache anywhere, the working folder least of all;
- a number option is never echoed with more than 20 digits.
"""

from __future__ import annotations

import errno
import hashlib
import json
import os
import shutil
import signal
import stat
import subprocess
from contextlib import contextmanager
from pathlib import Path

import pytest

pytest.importorskip("wordfreq")

from printkit import simreport  # noqa: E402
from printkit.engine import fit as F  # noqa: E402

RECORD = ".printkit-simulate.json"
FIT_RECORD = ".printkit-fit.json"
ADVICE_GCG = "move it away, give another --gcg, or --force to replace it; nothing was written"
ADVICE_OUT = "move it away, give another --out, or --force to replace it; nothing was written"
LONG = "1234567890" * 500  # 5000 digits: more than int() reads (4300), echoed as its first 20 and '…'
MID = "1234567890" * 300  # 3000 digits: int() reads it


@pytest.fixture(scope="module")
def lexicon(tmp_path_factory) -> Path:
    """English words for short, fast games of scrabble-en."""
    from wordfreq import top_n_list

    path = tmp_path_factory.mktemp("lex") / "en.txt"
    path.write_text("\n".join(w for w in top_n_list("en", 2000) if w.isalpha()) + "\n", encoding="utf-8")
    return path


def _contents(folder: Path) -> dict[str, bytes | str]:
    """Every entry under ``folder``: a file's bytes, or what else it is."""
    out: dict[str, bytes | str] = {}
    for p in sorted(folder.rglob("*")):
        mode = os.lstat(p).st_mode
        rel = str(p.relative_to(folder))
        out[rel] = (p.read_bytes() if stat.S_ISREG(mode) else "link -> " + os.readlink(p) if stat.S_ISLNK(mode)
                    else "folder" if stat.S_ISDIR(mode) else "special")
    return out


def _record(folder: Path, name: str = RECORD) -> dict[str, str]:
    return json.loads((folder / name).read_text(encoding="utf-8"))


def _sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


@pytest.fixture
def no_games(monkeypatch):
    """Fails the test if a game is played: a refusal comes before."""

    def played(*args, **kwargs):
        raise AssertionError("games were played before the refusal")

    monkeypatch.setattr(simreport, "simulate", played)


def _sim(run, lexicon, *args, games=2, seed=1):
    return run("simulate", "scrabble-en", "--games", games, "--seed", seed, "--lexicon", lexicon, *args)


# -- 1. simulate's records and chart: only its own files, the earlier run's replaced whole ---------------

def test_a_gcg_of_the_users_is_not_replaced_and_no_game_is_played(run, tmp_path, lexicon, no_games):
    g = tmp_path / "g"
    g.mkdir()
    (g / "game-0001.gcg").write_text("#character-encoding UTF-8\n#note my own game\n", encoding="utf-8")
    before = _contents(g)
    code, out, err = _sim(run, lexicon, "--gcg", g)
    assert (code, out, err) == (2, "", f"{g / 'game-0001.gcg'} is in the way: printkit simulate did not write it "
                                       f"(or it was changed since); {ADVICE_GCG}\n")
    assert _contents(g) == before


def test_force_replaces_the_users_files_and_an_edited_earlier_record(run, tmp_path, lexicon):
    """--force (issue 32: one rule, for fit, simulate and score): the user's game-0001.gcg replaced, and an earlier
    run's record edited since removed with the others."""
    g = tmp_path / "g"
    assert _sim(run, lexicon, "--gcg", g, games=3)[0] == 0
    (g / "game-0001.gcg").write_text("#character-encoding UTF-8\n#note my own game\n", encoding="utf-8")
    (g / "game-0003.gcg").write_text("#character-encoding UTF-8\n#note edited\n", encoding="utf-8")
    assert _sim(run, lexicon, "--gcg", g, games=2)[0] == 2
    code, _, err = _sim(run, lexicon, "--gcg", g, "--force", games=2)
    assert (code, err) == (0, "")
    assert sorted(p.name for p in g.iterdir()) == [".printkit-simulate.json", "game-0001.gcg", "game-0002.gcg"]
    assert "my own game" not in (g / "game-0001.gcg").read_text(encoding="utf-8")


def test_derive_force_replaces_an_edited_kit(run, tmp_path):
    out = tmp_path / "d"
    assert run("fit", "--derive", "--language", "bg", "--out", out)[0] == 0
    (out / "derived-bg.yaml").write_text("# mine\n", encoding="utf-8")
    assert run("fit", "--derive", "--language", "bg", "--out", out)[0] == 2
    assert (out / "derived-bg.yaml").read_text(encoding="utf-8") == "# mine\n"
    code, _, err = run("fit", "--derive", "--language", "bg", "--out", out, "--force")
    assert (code, err) == (0, "")
    assert (out / "derived-bg.yaml").read_text(encoding="utf-8").startswith("# Derived by printkit fit --derive")


def test_the_chart_replaces_no_file_of_the_users(run, tmp_path, lexicon, no_games):
    c = tmp_path / "c"
    c.mkdir()
    (c / "simulate.png").write_bytes(b"\x89PNG my own")
    before = _contents(c)
    code, out, err = _sim(run, lexicon, "--chart", c)
    assert (code, out, err) == (2, "", f"{c / 'simulate.png'} is in the way: printkit simulate did not write it "
                                       f"(or it was changed since); move it away, give another --chart, or "
                                       f"--force to replace it; nothing was written\n")
    assert _contents(c) == before


def test_a_smaller_run_replaces_the_earlier_runs_records_whole(run, tmp_path, lexicon):
    g = tmp_path / "g"
    assert _sim(run, lexicon, "--gcg", g, games=3)[0] == 0
    assert sorted(_contents(g)) == [RECORD, "game-0001.gcg", "game-0002.gcg", "game-0003.gcg"]
    (g / "notes.txt").write_text("mine\n", encoding="utf-8")  # a file of the user's: never touched
    code, out, err = _sim(run, lexicon, "--gcg", g, games=2, seed=5)
    assert (code, err) == (0, "") and f"game records: 2 in {g}" in out
    after = _contents(g)
    assert sorted(after) == [RECORD, "game-0001.gcg", "game-0002.gcg", "notes.txt"]  # game-0003.gcg: gone
    assert _record(g) == {n: _sha(after[n]) for n in ("game-0001.gcg", "game-0002.gcg")}
    assert after["notes.txt"] == b"mine\n"


def test_an_earlier_record_edited_since_stops_a_smaller_run_before_any_game(run, tmp_path, lexicon, monkeypatch):
    """A smaller run would leave it among the new records: the user's edit is theirs, so the run stops
    (as it does at a file of theirs in the way) and says which; nothing is written."""
    g = tmp_path / "g"
    assert _sim(run, lexicon, "--gcg", g, games=3)[0] == 0
    with open(g / "game-0003.gcg", "a", encoding="utf-8") as f:
        f.write("#note my analysis\n")
    before = _contents(g)
    monkeypatch.setattr(simreport, "simulate", lambda *a, **k: pytest.fail("games were played"))
    code, out, err = _sim(run, lexicon, "--gcg", g, games=2)
    assert (code, out, err) == (2, "", f"{g / 'game-0003.gcg'} is in the way: printkit simulate wrote it in an "
                                       f"earlier run and it was changed since (a run replaces or removes all the game "
                                       f"records of the one before); {ADVICE_GCG}\n")
    assert _contents(g) == before


def test_gcg_and_chart_in_one_folder_share_one_record(run, tmp_path, lexicon):
    d = tmp_path / "d"
    code, out, err = _sim(run, lexicon, "--gcg", d, "--chart", d, games=2)
    assert (code, err) == (0, "")
    files = _contents(d)
    assert sorted(files) == [RECORD, "game-0001.gcg", "game-0002.gcg", "simulate.png", "simulate.svg"]
    assert _record(d) == {n: _sha(b) for n, b in files.items() if n != RECORD}
    code, out, err = _sim(run, lexicon, "--gcg", d, games=1)  # the chart is not drawn this time: it stays
    assert (code, err) == (0, "")
    after = _contents(d)
    assert sorted(after) == [RECORD, "game-0001.gcg", "simulate.png", "simulate.svg"]
    assert _record(d) == {n: _sha(b) for n, b in after.items() if n != RECORD}
    assert (after["simulate.png"], after["simulate.svg"]) == (files["simulate.png"], files["simulate.svg"])


# -- 2. a record that is not a regular file -------------------------------------------------------------

class Blocked(Exception):
    """Not an OSError: no ``except OSError`` of the code under test takes it for a failure it handles."""


@contextmanager
def _deadline(seconds: int):
    """A read or a write that blocks (a named pipe with no one at the other end) fails the test
    instead of hanging it."""

    def late(signum, frame):
        raise Blocked(f"blocked for {seconds} s")

    previous = signal.signal(signal.SIGALRM, late)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


def _not_regular(kind: str, path: Path, outside: Path) -> str:
    """Make ``path`` something else than a regular file; what the refusal calls it."""
    if kind == "fifo":
        os.mkfifo(path)
        return "a named pipe (FIFO)"
    if kind == "folder":
        path.mkdir()
        return "a folder"
    if kind == "link":
        outside.write_text("{}\n", encoding="utf-8")  # the write would land outside the folder
        path.symlink_to(outside)
        return "a symbolic link"
    if kind == "device":
        if os.geteuid() != 0:
            pytest.skip("making a device needs root")
        os.mknod(path, stat.S_IFCHR | 0o666, os.makedev(1, 3))  # /dev/null's
        return "a character device"
    raise AssertionError(kind)


@pytest.mark.parametrize("kind", ["fifo", "folder", "link", "device"])
def test_derive_refuses_a_record_that_is_not_a_regular_file(run, tmp_path, kind):
    d = tmp_path / "d"
    d.mkdir()
    outside = tmp_path / "outside.json"
    what = _not_regular(kind, d / FIT_RECORD, outside)
    before, outside_before = _contents(d), _contents(tmp_path)
    with _deadline(60):
        code, out, err = run("fit", "--derive", "--language", "bg", "--out", d)
    assert (code, out, err) == (2, "", f"{d / FIT_RECORD} is in the way: it is {what}, not the record printkit fit "
                                       f"--derive keeps of the files it wrote there; {ADVICE_OUT}\n")
    assert _contents(d) == before and _contents(tmp_path) == outside_before


@pytest.mark.parametrize("kind", ["fifo", "link"])
def test_simulate_refuses_a_record_that_is_not_a_regular_file(run, tmp_path, lexicon, kind, no_games):
    g = tmp_path / "g"
    g.mkdir()
    what = _not_regular(kind, g / RECORD, tmp_path / "outside.json")
    before = _contents(tmp_path)
    with _deadline(60):
        code, out, err = _sim(run, lexicon, "--gcg", g)
    assert (code, out, err) == (2, "", f"{g / RECORD} is in the way: it is {what}, not the record printkit simulate "
                                       f"keeps of the files it wrote there; {ADVICE_GCG}\n")
    assert _contents(tmp_path) == before


# -- 3. all or nothing -------------------------------------------------------------------------------

@pytest.fixture
def full_disk(monkeypatch):
    """``full_disk(folder, room)``: writes into files under ``folder`` fail as on a full disk
    (ENOSPC) once ``room`` bytes have been written there, as the kernel says it (at the write)."""
    import builtins
    import io

    real = io.open

    def limit(folder: Path, room: int) -> None:
        root = os.path.realpath(folder)
        left = [room]

        class Full(io.FileIO):
            def write(self, b):
                n = len(memoryview(b))
                if n > left[0]:
                    raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
                left[0] -= n
                return super().write(b)

        def opened(file, mode="r", buffering=-1, encoding=None, errors=None, newline=None, closefd=True,
                   opener=None):
            if (isinstance(file, (str, os.PathLike)) and any(c in mode for c in "wxa")
                    and os.path.realpath(os.path.dirname(os.fspath(file))).startswith(root)):
                raw = Full(file, mode.replace("b", "").replace("t", ""), closefd=closefd, opener=opener)
                buffered = io.BufferedWriter(raw)
                return buffered if "b" in mode else io.TextIOWrapper(buffered, encoding=encoding or "utf-8",
                                                                     errors=errors, newline=newline)
            return real(file, mode, buffering, encoding, errors, newline, closefd, opener)

        monkeypatch.setattr(io, "open", opened)
        monkeypatch.setattr(builtins, "open", opened)

    return limit


def _derived(folder: Path) -> int:
    """The bytes ``fit --derive --language bg`` writes into ``folder`` (its files, without the record)."""
    return sum(len(b) for n, b in _contents(folder).items() if n != FIT_RECORD)


def test_derive_on_a_full_disk_leaves_the_folder_as_it_was(run, tmp_path, full_disk):
    """The record cannot be written (the disk filled with the derived files): before, the derived files
    stayed without it, and a .part file with them."""
    probe = tmp_path / "probe"
    assert run("fit", "--derive", "--language", "bg", "--out", probe)[0] == 0
    d = tmp_path / "d"
    d.mkdir()
    (d / "mine.txt").write_text("mine\n", encoding="utf-8")
    before = _contents(d)
    full_disk(d, _derived(probe) + 10)  # room for the derived files, not for the record
    code, out, err = run("fit", "--derive", "--language", "bg", "--out", d)
    assert (code, out, err) == (2, "", f"{d}: cannot write the derived set (No space left on device); nothing was "
                                       f"written\n")
    assert _contents(d) == before


def test_derive_on_a_full_disk_keeps_the_earlier_set(run, tmp_path, full_disk):
    d = tmp_path / "d"
    assert run("fit", "--derive", "--language", "bg", "--tiles", "110", "--out", d)[0] == 0
    before = _contents(d)
    full_disk(d, 1500)  # the first of the new files fits, the rest do not
    code, out, err = run("fit", "--derive", "--language", "bg", "--tiles", "120", "--out", d)
    assert (code, out) == (2, "") and err.endswith("(No space left on device); nothing was written\n")
    assert _contents(d) == before


def test_simulate_on_a_full_disk_writes_no_record(run, tmp_path, lexicon, full_disk):
    """Before: records 1 to 4 of 10 written, the earlier run's 5 to 6 beside them."""
    g = tmp_path / "g"
    assert _sim(run, lexicon, "--gcg", g, games=6, seed=3)[0] == 0
    before = _contents(g)
    full_disk(g, 6000)
    code, out, err = _sim(run, lexicon, "--gcg", g, games=10)
    assert (code, out, err) == (2, "", f"--gcg {g}: cannot write the game records (No space left on device); "
                                       f"nothing was written\n")
    assert _contents(g) == before


def test_simulate_into_a_new_folder_on_a_full_disk_leaves_no_folder(run, tmp_path, lexicon, full_disk):
    g = tmp_path / "g"
    full_disk(tmp_path, 3000)
    code, out, err = _sim(run, lexicon, "--gcg", g, "--chart", g, games=4)
    assert (code, out, err) == (2, "", f"--gcg and --chart {g}: cannot write the game records and the chart (No "
                                       f"space left on device); nothing was written\n")
    assert _contents(tmp_path) == {}


def test_a_move_that_fails_puts_the_earlier_files_back(run, tmp_path, lexicon, monkeypatch):
    """The third move into place fails (a file system that refuses it): the two before it are undone."""
    g = tmp_path / "g"
    assert _sim(run, lexicon, "--gcg", g, games=4, seed=3)[0] == 0
    before = _contents(g)
    real, moves = os.replace, []

    def replace(src, dst, **kw):
        if os.path.realpath(os.path.dirname(os.fspath(dst))) == os.path.realpath(g):
            moves.append(dst)
            if len(moves) == 3:
                raise OSError(errno.EIO, os.strerror(errno.EIO))
        return real(src, dst, **kw)

    monkeypatch.setattr(os, "replace", replace)
    code, out, err = _sim(run, lexicon, "--gcg", g, games=4)
    assert (code, out, err) == (2, "", f"--gcg {g}: cannot write the game records (Input/output error); nothing was "
                                       f"written\n")
    monkeypatch.setattr(os, "replace", real)
    assert _contents(g) == before


def test_written_into_two_folders_is_all_or_nothing(tmp_path, full_disk):
    """The second folder's disk is full: the first folder's new file and removal are undone too."""
    from printkit.written import Written

    a, b = tmp_path / "a", tmp_path / "b"
    a.mkdir()
    b.mkdir()
    Written(a, ".record.json", "printkit test").write({"one.txt": b"1", "two.txt": b"2"}, "go away")
    before = _contents(tmp_path)
    full_disk(b, 3)
    with pytest.raises(OSError) as info:
        Written.write_all([(Written(a, ".record.json", "printkit test"), {"one.txt": b"new"}, ["two.txt"]),
                           (Written(b, ".record.json", "printkit test"), {"big.txt": b"more than three"}, [])],
                          "go away")
    assert info.value.errno == errno.ENOSPC
    assert _contents(tmp_path) == before


def test_written_removes_only_its_own_unchanged_files(tmp_path):
    from printkit.errors import PrintkitError
    from printkit.written import Written

    own = Written(tmp_path, ".record.json", "printkit test")
    own.write({"a.txt": b"a", "b.txt": b"b", "c.txt": b"c"}, "go away")
    own.write({"a.txt": b"A"}, "go away", remove=["b.txt"])
    assert _contents(tmp_path) == {".record.json": (json.dumps({"a.txt": _sha(b"A"), "c.txt": _sha(b"c")}, indent=1)
                                                    + "\n").encode(), "a.txt": b"A", "c.txt": b"c"}
    (tmp_path / "c.txt").write_bytes(b"mine")
    before = _contents(tmp_path)
    with pytest.raises(PrintkitError) as info:
        own.write({"a.txt": b"again"}, "go away", remove=["c.txt"])
    assert str(info.value) == (f"{tmp_path / 'c.txt'} is in the way: printkit test did not write it (or it was "
                               f"changed since); go away")
    assert _contents(tmp_path) == before


@contextmanager
def _tmpfs(where: Path, size: str, *options: str):
    """A small tmpfs mounted at ``where`` (root only; skipped where mounting is not allowed)."""
    if os.geteuid() != 0 or not shutil.which("mount"):
        pytest.skip("mounting a tmpfs needs root")
    where.mkdir()
    p = subprocess.run(["mount", "-t", "tmpfs", "-o", ",".join([f"size={size}", *options]), "tmpfs", str(where)],
                       capture_output=True, text=True)
    if p.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {p.stderr.strip()}")
    try:
        yield where
    finally:
        subprocess.run(["umount", "-l", str(where)], capture_output=True)


def test_a_real_full_disk(run, tmp_path, lexicon):
    """On a 16 KB tmpfs (four pages), ten records do not fit: none is written; nor is a derived set."""
    with _tmpfs(tmp_path / "disk", "16k") as disk:
        code, out, err = _sim(run, lexicon, "--gcg", disk / "g", games=10)
        assert (code, out) == (2, "")
        assert err == f"--gcg {disk / 'g'}: cannot write the game records (No space left on device); nothing was " \
                      f"written\n"
        assert _contents(disk) == {}
        (disk / "fill").write_bytes(b"x" * 12 * 1024)  # one page left: not enough for a derived set
        code, out, err = run("fit", "--derive", "--language", "bg", "--out", disk / "bg")
        assert (code, out, err) == (2, "", f"{disk / 'bg'}: cannot write the derived set (No space left on device); "
                                           f"nothing was written\n")
        assert sorted(_contents(disk)) == ["fill"]


# -- 4. a folder that cannot be made ------------------------------------------------------------------

@pytest.mark.parametrize("option", ["--gcg", "--chart"])
def test_a_folder_that_cannot_be_made_is_one_line_before_any_game(run, tmp_path, lexicon, option, no_games):
    code, out, err = _sim(run, lexicon, option, "/proc/printkit-test")
    assert (code, out, err) == (2, "", f"{option} /proc/printkit-test: cannot make the folder (No such file or "
                                       f"directory); nothing was written\n")
    assert not os.path.lexists("/proc/printkit-test")
    link = tmp_path / "link"
    link.symlink_to(tmp_path / "nowhere" / "g")
    code, out, err = _sim(run, lexicon, option, link)
    assert (code, out, err) == (2, "", f"{option} {link}: is a link to {tmp_path / 'nowhere' / 'g'}, which does not "
                                       f"exist; nothing was written\n")
    assert sorted(_contents(tmp_path)) == ["link"]


def test_a_read_only_folder_is_one_line_before_any_game(run, tmp_path, lexicon, no_games):
    with _tmpfs(tmp_path / "ro", "16k") as ro:
        (ro / "old").mkdir()
        subprocess.run(["mount", "-o", "remount,ro", str(ro)], check=True)
        code, out, err = _sim(run, lexicon, "--gcg", ro / "new")
        assert (code, out, err) == (2, "", f"--gcg {ro / 'new'}: cannot make the folder (Read-only file system); "
                                           f"nothing was written\n")
        code, out, err = _sim(run, lexicon, "--chart", ro / "old")
        assert (code, out, err) == (2, "", f"--chart {ro / 'old'}: cannot write in the folder (Read-only file "
                                           f"system); nothing was written\n")
        assert _contents(ro) == {"old": "folder"}


# -- 5. every language fit --derive offers gives a kit check passes ---------------------------------------

SHIPPED = ("de", "en", "es", "fr", "nl", "pl", "ru", "uk")  # the languages of the shipped sets
KNOWN = sorted(set(F.ALPHABETS) | set(SHIPPED))


def test_the_languages_derive_knows_are_these(run, tmp_path):
    code, _, err = run("fit", "--derive", "--language", "ja", "--out", tmp_path / "o")
    assert code == 2 and err.endswith(f"(it knows {', '.join(KNOWN)})\n")


@pytest.mark.parametrize("language", [x for x in KNOWN if x in F.wordfreq_languages()])
def test_every_derived_language_checks(run, tmp_path, language):
    code, out, err = run("fit", "--derive", "--language", language, "--out", tmp_path)
    assert (code, err) == (0, "")
    code, report, err = run("check", out.splitlines()[-1])
    assert (code, err) == (0, ""), report


# -- 6. PRINTKIT_CACHE=off ----------------------------------------------------------------------------

@pytest.mark.parametrize("value", ["off", "OFF", "0", "none", ""])
def test_a_cache_turned_off_writes_nothing_in_the_working_folder(run, tmp_path, lexicon, monkeypatch, value):
    """The book's nouns and the chart's preview, both printkit's cache: the nouns went to ./off/nouns-ru-….txt."""
    from printkit.engine import lexicon as L

    monkeypatch.setattr(L, "_build", lambda judge: ["КОТ", "ТОК", "КОРА", "РОТ", "ТОРТ", "АРКА", "КАРТА"])
    work = tmp_path / "work"
    work.mkdir()
    monkeypatch.chdir(work)
    monkeypatch.setenv("PRINTKIT_CACHE", value)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))  # the user's cache folder is not this test's to fill
    monkeypatch.delenv("XDG_CACHE_HOME", raising=False)
    code, out, err = run("simulate", "--games", "1", "--chart", tmp_path / "chart")
    assert (code, err) == (0, ""), err
    assert _contents(work) == {} and not (tmp_path / "home").exists()


def test_a_named_pipe_where_a_cache_entry_goes_is_no_entry(tmp_path, monkeypatch):
    """Read at once as no entry (it used to block the build for ever), then replaced by the entry."""
    from printkit import cache

    monkeypatch.setenv("PRINTKIT_CACHE", str(tmp_path))
    name = cache.key("test entry")
    (tmp_path / "test" / name[:2]).mkdir(parents=True)
    os.mkfifo(tmp_path / "test" / name[:2] / name)
    with _deadline(30):
        assert cache.get("test", name) is None
    cache.put("test", name, b"bytes")
    assert cache.get("test", name) == b"bytes"


# -- 7. numbers are echoed short ----------------------------------------------------------------------

@pytest.mark.parametrize("option, value, message", [
    ("--games", LONG, "--games 12345678901234567890…: give 1 to 100,000 games"),
    ("--games", MID, "--games 12345678901234567890…: give 1 to 100,000 games"),
    ("--games", "-" + LONG, "--games -12345678901234567890…: give 1 to 100,000 games"),
    ("--players", LONG, "--players 12345678901234567890…: a game has 2 to 4 players"),
    ("--jobs", MID, "--jobs 12345678901234567890…: give 1 to 64 processes"),
    ("--seed", LONG, "--seed 12345678901234567890…: a seed has at most 20 digits"),
    ("--seed", "-123456789012345678901", "--seed -12345678901234567890…: a seed has at most 20 digits"),
    ("--games", "0" * 5000 + "0", "--games 0: give 1 to 100,000 games"),
], ids=["games-5000", "games-3000", "games-negative", "players", "jobs", "seed-5000", "seed-21", "games-zeros"])
def test_a_long_number_is_echoed_short(run, lexicon, option, value, message, no_games):
    code, out, err = run("simulate", "scrabble-en", "--lexicon", lexicon, option, value)
    assert (code, out, err) == (2, "", message + "\n")


@pytest.mark.parametrize("option, value, message", [
    ("--tiles", LONG, "--tiles 12345678901234567890…: a set has 1 to 2000 tiles"),
    ("--tiles", MID, "--tiles 12345678901234567890…: a set has 1 to 2000 tiles"),
    ("--blanks", "-" + LONG, "--blanks -12345678901234567890…: a set has 0 to 100 blanks"),
], ids=["tiles-5000", "tiles-3000", "blanks-negative"])
def test_a_long_number_is_echoed_short_by_derive(run, tmp_path, option, value, message):
    code, out, err = run("fit", "--derive", "--language", "bg", option, value, "--out", tmp_path / "o")
    assert (code, out, err) == (2, "", message + "\n")
    assert not (tmp_path / "o").exists()


@pytest.mark.parametrize("command", [("simulate", "--games"), ("fit", "--derive", "--language", "bg", "--tiles")],
                         ids=["simulate", "fit"])
def test_a_long_value_that_is_no_number_is_echoed_short(run, capsys, command):
    with pytest.raises(SystemExit) as stop:  # argparse's own message and exit code
        run(*command, "x" * 5000)
    out, err = capsys.readouterr()
    assert (stop.value.code, out) == (2, "")
    assert err.splitlines()[-1] == f"printkit: error: argument {command[-1]}: invalid int value: '{'x' * 20}…'"
    assert len(err) < 1000


@pytest.mark.parametrize("args, flag", [(("check", "--simulate"), "--simulate"), (("serve", "--port"), "--port"),
                                        (("score", "--players"), None)])
def test_any_commands_long_value_is_echoed_short(run, capsys, args, flag):
    """argparse's own 'invalid int value' of every command, and an unknown argument of 5000 characters."""
    with pytest.raises(SystemExit) as stop:
        run(*args, "9" * 5000)
    err = capsys.readouterr().err
    assert stop.value.code == 2 and len(err.splitlines()[-1]) <= 340, err[-400:]
    if flag:
        assert err.splitlines()[-1] == f"printkit: error: argument {flag}: invalid int value: '{'9' * 40}…'"


def test_a_seed_of_twenty_digits_plays(run, lexicon):
    code, out, err = _sim(run, lexicon, "--json", games=1, seed="-99999999999999999999")
    assert (code, err) == (0, "") and json.loads(out)["seed"] == -99999999999999999999


@pytest.mark.parametrize("args, usage, line", [
    (("buld",), "usage: printkit [-h]", "printkit: error: no command 'buld': did you mean 'build'? the commands "
                                        "are check, list, schema, score, replay, word, fit, simulate, build, serve, "
                                        "site, verify"),
    (("build", "--papr", "A4"), "usage: printkit build [-h]",
     "printkit: error: unrecognized arguments: --papr (--papr: did you mean --paper?)"),
    (("simulate", "--gaems=5"), "usage: printkit simulate [-h]",
     "printkit: error: unrecognized arguments: --gaems=5 (--gaems: did you mean --games?)"),
])
def test_a_mistyped_command_or_option_says_the_nearest_with_the_commands_own_usage(run, capsys, args, usage, line):
    with pytest.raises(SystemExit) as stop:
        run(*args)
    err = capsys.readouterr().err
    assert stop.value.code == 2
    assert err.startswith(usage) and err.splitlines()[-1] == line, err
