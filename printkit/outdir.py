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
import threading
import time
from contextlib import contextmanager
from pathlib import Path, PurePosixPath
from typing import Callable, Iterator

from .errors import PrintkitError
from .inputs import read_input
from .interrupt import checkpoint
from .manifest import MANIFEST

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
    tmp = folder / f"{BUSY}.{os.getpid()}"
    try:
        tmp.write_text(text, encoding="ascii")
        os.replace(tmp, folder / BUSY)
    except OSError:
        try:
            tmp.unlink()
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
        return None  # an older printkit's claims only: they stay claims (see build.KitFolder)
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
