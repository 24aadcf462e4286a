"""A kit's output folder: one printkit at a time, and a move that was cut short is finished or undone.

**The lock.** A build holds the kit's folder from before it reads the previous manifest until it
has verified what it wrote; ``printkit verify`` holds it while it reads. Two builds into one folder
at once would otherwise mix their files, and the one verifying last would find the other's files
"changed after the build". The lock is ``flock`` on the folder itself (nothing is left behind; the
kernel lets go when the process ends, even by ``kill -9``); while it is held, ``.printkit-busy``
in the folder says which process holds it and why, for the message of one that waits. A second
printkit waits for it, saying so once, up to :data:`WAIT_S` seconds, then gives up with exit 2
having changed nothing. Where ``flock`` does not exist (Windows) or the file system refuses it,
there is no lock: builds into one folder at once are then the user's to avoid.

**A move cut short.** A build moves its files into place last, after claiming them in
``.printkit-pending.json`` (which also names its work folder, the order of the moves and which
files had a predecessor, kept in ``WORK/.replaced/``). ``kill -9`` (or a power cut) half way leaves
that record behind. The next build or verify of the folder, holding the lock, first reads it: if
the new manifest (always the last move) is not in place, every move is undone, the predecessors put
back and the new files removed, so the previous kit is back; if it is, the build had finished but
for tidying, which is done. Either way one line says which.
"""

from __future__ import annotations

import errno
import json
import os
import shutil
import tempfile
import threading
import time
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import Callable, Iterator

from .atomic import write_atomic
from .errors import PrintkitError
from .inputs import read_input
from .interrupt import checkpoint, held
from .manifest import MANIFEST, ManifestError, read as read_manifest
from .paths import name_problem
from .written import in_the_way

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows: no lock
    fcntl = None

PENDING = ".printkit-pending.json"  # files being moved into place, claimed before they land
WORK_PREFIX = ".printkit-work-"  # work folders: .printkit-work-PID-RANDOM
WORK_MARK = ".printkit-work"  # a file inside each work folder, holding the PID that made it
REPLACED = ".replaced"  # inside a work folder: the files the moves replaced, until they are done
BUSY = ".printkit-busy"  # while the folder is locked: "PID WHAT"
WAIT_S = 600.0  # how long a second printkit waits for the folder before giving up
POLL_S = 0.1

Say = Callable[[str], None]

_locks: dict[tuple[str, int], list] = {}  # (folder, thread) → [fd, depth]: the locks this process holds


@contextmanager
def locked(folder: Path, what: str = "build", say: Say | None = None, wait_s: float | None = None) -> Iterator[None]:
    """Hold the kit's ``folder`` (which exists) for ``what`` ("build", "verify"): wait for another
    printkit that holds it, saying so through ``say``, up to ``wait_s`` (default :data:`WAIT_S`)
    seconds, then refuse (PrintkitError). Re-entrant in one thread: a build verifies under its own lock."""
    folder = Path(folder)
    key = (os.path.realpath(folder), threading.get_ident())
    if key in _locks:
        _locks[key][1] += 1
        try:
            yield
        finally:
            _locks[key][1] -= 1
        return
    fd = _acquire(folder, what, say, WAIT_S if wait_s is None else wait_s)
    _locks[key] = [fd, 1]
    try:
        yield
    finally:
        del _locks[key]
        _release(folder, fd)


def _acquire(folder: Path, what: str, say: Say | None, wait_s: float) -> int | None:
    if fcntl is None:  # pragma: no cover - Windows
        return None
    started = said = None
    while True:
        try:
            fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
        except OSError as exc:
            raise PrintkitError(f"printkit: {folder}: cannot open the kit's folder ({exc.strerror or exc}); "
                                f"nothing was changed") from None
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            now = time.monotonic()
            started = now if started is None else started
            holder = _holder(folder)
            if said is None and (holder.startswith("the ") or now - started > 1.0):  # its note may be on its way
                said = holder
                if say:
                    say(f"printkit: waiting for {holder} to finish")
            if now - started > wait_s:
                raise PrintkitError(f"printkit: {_holder(folder)} has not finished after {wait_s:g} s; "
                                    f"nothing was changed: try again once it has") from None
            checkpoint()  # a stop while waiting stops at once
            time.sleep(POLL_S)
            continue
        except OSError as exc:  # a file system without flock (some network mounts): go on unlocked
            os.close(fd)
            if exc.errno in (errno.ENOLCK, errno.EOPNOTSUPP, errno.EINVAL, errno.ENOSYS):
                return None
            raise
        try:  # the folder may have been removed (and made anew) while this one waited
            same = os.path.samestat(os.fstat(fd), os.stat(folder))
        except OSError:
            same = False
        if same:
            break
        os.close(fd)
        if not folder.is_dir():
            raise PrintkitError(f"printkit: {folder} was removed while waiting for it; nothing was changed")
    _note(folder, f"{os.getpid()} {what}\n")
    return fd


def _release(folder: Path, fd: int | None) -> None:
    if fd is None:
        return
    try:
        os.unlink(folder / BUSY)
    except OSError:
        pass
    os.close(fd)  # closing lets go of the lock


def _note(folder: Path, text: str) -> None:
    """Write ``.printkit-busy`` (best effort: a read-only folder can be verified without it)."""
    try:
        write_atomic(folder / BUSY, text.encode("ascii"))
    except OSError:
        pass


def _holder(folder: Path) -> str:
    """Who holds ``folder``, for a message: "the build of out/kit (pid 123)"."""
    try:
        pid, what = read_input(folder / BUSY, 100).decode("ascii").split()
        if _alive(int(pid)):  # not the note of one killed outright, before the holder writes its own
            return f"the {what} of {folder} (pid {int(pid)})"
    except (OSError, ValueError):
        pass
    return f"another printkit using {folder}"


def _alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    if os.name == "nt":  # pragma: no cover - os.kill(pid, 0) would end the process on Windows
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True
    return pid > 0


# -- a move cut short ------------------------------------------------------------------------------

def pending_record(work: Path, order: list[str], stale: list[str], replaced: list[str], claims: list[str]) -> dict:
    """What :func:`recover` needs to finish or undo the moves of ``work`` into its kit's folder."""
    return {"pid": os.getpid(), "work": work.name, "order": order, "stale": stale, "replaced": replaced,
            "paths": sorted(set(claims))}


def recover(folder: Path, say: Say | None = None) -> str | None:
    """Finish or undo the moves of a build that was killed while moving its files into ``folder``
    (whose lock the caller holds); return the line said, or None when there was nothing to do."""
    record = _record(folder)
    if record is None:
        return None
    work = folder / record["work"]
    order, replaced, stale = record["order"], set(record["replaced"]), set(record["stale"])
    who = f"a build (pid {record['pid']})" if isinstance(record.get("pid"), int) else "a build"
    landed = not os.path.lexists(work / MANIFEST) and os.path.lexists(folder / MANIFEST)
    try:
        if landed:
            remove_empty_parents(folder, sorted(stale))
            line = (f"printkit: {folder}: {who} was stopped after its new kit was in place; finished its last "
                    f"steps (the kit is the new one)")
        else:
            moved = sum(1 for rel in order if _moved(folder, work, rel, rel in replaced))
            for rel in reversed(order):
                dest, old = folder / rel, work / REPLACED / rel
                if rel in replaced:
                    if os.path.lexists(old):
                        dest.parent.mkdir(parents=True, exist_ok=True)
                        os.replace(old, dest)  # its predecessor back, over the new file if that landed
                elif not os.path.lexists(work / rel) and os.path.lexists(dest):
                    os.unlink(dest)  # a new file that had no predecessor
            line = (f"printkit: {folder}: {who} was stopped while moving its files into place "
                    f"({moved} of {len(order)} moves done); undone: the previous kit is back")
        os.unlink(folder / PENDING)
    except OSError as exc:
        raise PrintkitError(f"printkit: {folder}: {who} was stopped while moving its files into place, and "
                            f"its moves cannot be {'finished' if landed else 'undone'} ({exc.strerror or exc}); "
                            f"the files it replaced are in {work / REPLACED}") from None
    shutil.rmtree(work, ignore_errors=True)
    if say:
        say(line)
    return line


def _moved(folder: Path, work: Path, rel: str, had: bool) -> bool:
    if had:
        return os.path.lexists(work / REPLACED / rel)
    return not os.path.lexists(work / rel) and os.path.lexists(folder / rel)


def _record(folder: Path) -> dict | None:
    """The pending record of a build cut short, when it is one that can be finished or undone."""
    try:
        data = json.loads(read_input(folder / PENDING, 10_000_000).decode("utf-8"))
    except (OSError, UnicodeDecodeError, ValueError):
        return None
    if not isinstance(data, dict):
        return None
    work, lists = data.get("work"), [data.get(k) for k in ("order", "stale", "replaced")]
    if not (isinstance(work, str) and work.startswith(WORK_PREFIX) and "/" not in work and "\\" not in work
            and all(isinstance(x, list) and all(_inside(p) for p in x) for x in lists)):
        return None  # an older printkit's claims only: they stay claims (see KitFolder)
    if not (folder / work).is_dir():
        return None  # nothing to undo with
    return data


def _inside(rel) -> bool:
    if not isinstance(rel, str) or not rel or "\\" in rel:
        return False
    p = PurePosixPath(rel)
    return not p.is_absolute() and ".." not in p.parts and not rel.startswith(".")


def remove_empty_parents(root: Path, paths: list[str]) -> None:
    for rel in paths:
        parent = (root / rel).parent
        while parent != root:
            try:
                parent.rmdir()
            except OSError:
                break
            parent = parent.parent


# -- files printkit wrote -------------------------------------------------------------------------
#
# -- the kit's folder: what printkit wrote there, and the moves into place ----------------------------

def make_folders(out: Path, target: Path) -> list[Path]:
    """Make ``out`` and ``out/KIT`` as needed; return those made (to remove them if the build fails)."""
    created = []
    for path in (*reversed(out.parents), out, target):
        if path.is_dir():
            continue
        if os.path.lexists(path) and not path.is_dir():
            what = "--out" if path != target else f"{out}: the kit's folder"
            raise PrintkitError(f"{what} {path} is a file, not a folder; nothing was changed")
        try:
            path.mkdir()
        except OSError as exc:
            raise PrintkitError(f"--out {out}: cannot create the folder {path} ({exc.strerror or exc})") from None
        created.append(path)
    return created


@dataclass
class Previous:
    """What an earlier build left in the kit's folder, by the manifest it wrote."""

    artifacts: list[dict]  # each with "path" and "product"
    owned: set[str]  # every path printkit wrote there and may replace or remove


class KitFolder:
    """The kit's output folder, and the rules for touching it: only files printkit wrote, those its
    manifest lists (``product_of`` says the product of a listed file, None for a file of no product
    this printkit makes: it is not printkit's to replace)."""

    def __init__(self, path: Path, product_of: Callable[[dict], str | None] = lambda a: a.get("product")):
        self.path = path
        self.product_of = product_of

    # -- what is there ------------------------------------------------------------------------

    def in_place(self) -> None:
        """Refuse a file where the kit's folder should be."""
        if os.path.lexists(self.path) and not self.path.is_dir():
            raise PrintkitError(f"{self.path} is a file where the kit's folder should be: move it away or "
                                f"build with another --out; nothing was changed")

    def inspect(self, new_paths: list[str]) -> Previous:
        """Read the previous manifest and refuse, before anything is written, to replace a file
        printkit did not write."""
        self.in_place()
        previous = self._previous()
        self.refuse([*new_paths, MANIFEST], previous)
        return previous

    def refuse(self, new_paths: list[str], previous: Previous) -> None:
        """Stop, before anything is written, if a path this build writes holds a file printkit did
        not write, or a folder."""
        for rel in new_paths:
            p = self.path / rel
            if rel not in previous.owned and os.path.lexists(p):
                if rel == MANIFEST:
                    continue  # _previous() refused a manifest that is not printkit's
                raise in_the_way(p, f"printkit did not write it (its {MANIFEST} does not list it)",
                                 "move it away or build with another --out; nothing was changed")
            if os.path.isdir(p) and not os.path.islink(p):
                raise PrintkitError(f"{p} is a folder where printkit writes a file: move it away; "
                                    f"nothing was changed")

    def _previous(self) -> Previous:
        manifest = self.path / MANIFEST
        if not os.path.lexists(manifest):
            return Previous([], self._pending())
        problem = f"{manifest} was not written by printkit (or was edited): move it away; nothing was changed"
        try:
            data = read_manifest(self.path, "build")
        except ManifestError:
            raise PrintkitError(problem) from None
        artifacts = []
        for a in data["artifacts"]:
            if not isinstance(a, dict) or not own_path(a.get("path")):
                raise PrintkitError(problem)
            product = self.product_of(a)
            if product is not None:
                artifacts.append({**a, "product": product})
        return Previous(artifacts, {a["path"] for a in artifacts} | {MANIFEST} | self._pending())

    def _pending(self) -> set[str]:
        """Files an interrupted build had claimed while moving them into place."""
        try:
            data = json.loads(read_input(self.path / PENDING).decode("utf-8"))
        except (OSError, UnicodeDecodeError, ValueError):
            return set()
        paths = data.get("paths") if isinstance(data, dict) else None
        return {p for p in paths if own_path(p)} if isinstance(paths, list) else set()

    # -- writing ------------------------------------------------------------------------------

    def new_work_folder(self) -> Path:
        """A fresh work folder in the kit's folder, after removing those of builds that died."""
        self.clean_dead_work()
        work = Path(tempfile.mkdtemp(prefix=f"{WORK_PREFIX}{os.getpid()}-", dir=self.path))
        (work / WORK_MARK).write_text(str(os.getpid()), encoding="ascii")
        return work

    def clean_dead_work(self) -> list[Path]:
        """Remove the work folders of builds whose process is gone (killed, or the machine stopped)."""
        removed = []
        try:  # a move cut short that could not be undone keeps the old files in its work folder
            keep = json.loads(read_input(self.path / PENDING, 10_000_000).decode("utf-8")).get("work")
        except (OSError, UnicodeDecodeError, ValueError, AttributeError):
            keep = None
        for p in self.path.glob(f"{WORK_PREFIX}*"):
            if p.name == keep:
                continue
            try:
                pid = int(read_input(p / WORK_MARK, 100).decode("ascii"))
            except (OSError, ValueError):
                continue  # not one of ours, or not finished being made: leave it
            if p.is_dir() and not p.is_symlink() and not _alive(pid):
                shutil.rmtree(p, ignore_errors=True)
                removed.append(p)
        return removed

    def commit(self, work: Path, paths: list[str], stale: list[str]) -> None:
        """Move the files of ``work`` into place, remove ``stale`` files, and the manifest last.

        The moves are first recorded in a pending file (the files about to land, so that a build
        killed half way still owns them, and what :func:`recover` needs to undo
        them). A failure, or a stop (checked before each move), moves the old files back: until
        the manifest lands, the previous kit is what the folder holds."""
        attic = work / REPLACED
        steps: list[tuple[Path, Path | None]] = []  # (file in the kit's folder, where its predecessor went)
        pending = self.path / PENDING
        leaving = set(stale)
        order = [*paths, *stale, MANIFEST]
        had = [rel for rel in order if os.path.lexists(self.path / rel)]
        record = pending_record(work, order, stale, had, [*paths, MANIFEST])
        with held():
            checkpoint()
            write_atomic(pending, (json.dumps(record, ensure_ascii=False) + "\n").encode("utf-8"), work)
            try:
                for rel in order:
                    checkpoint()  # the last one before the manifest: after it the new kit is in place
                    dest = self.path / rel
                    old = None
                    if os.path.lexists(dest):
                        old = attic / rel
                        old.parent.mkdir(parents=True, exist_ok=True)
                        os.replace(dest, old)
                    steps.append((dest, old))
                    if rel not in leaving:
                        dest.parent.mkdir(parents=True, exist_ok=True)
                        os.replace(work / rel, dest)
            except BaseException:
                for dest, old in reversed(steps):
                    _restore(dest, old)
                pending.unlink(missing_ok=True)
                raise
            remove_empty_parents(self.path, stale)
            pending.unlink()


def _restore(dest: Path, old: Path | None) -> None:
    """Undo one step of a commit: put the predecessor back, or remove the new file."""
    try:
        if old is not None and os.path.lexists(old):
            os.replace(old, dest)
        elif old is None and os.path.lexists(dest):
            os.unlink(dest)
    except OSError:
        pass



def own_path(rel) -> bool:
    """A path an earlier build may have written: relative, inside the kit's folder, not hidden."""
    if not isinstance(rel, str) or not rel or "\\" in rel:
        return False
    parts = PurePosixPath(rel).parts
    return (not PurePosixPath(rel).is_absolute() and all(name_problem(p) is None for p in parts)
            and rel != MANIFEST)
