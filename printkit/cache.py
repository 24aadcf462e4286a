"""printkit's cache: things that cost time to make and follow from bytes alone (a page's preview
from the file it shows, the copy of a font the PDF writer embeds), kept between processes.

An entry's key is the sha256 of everything its bytes depend on: the input's own bytes, the
versions of the libraries that make it (a renderer, fontTools, Pillow), the source of printkit's
module that makes it, and its settings; so a changed input, library or recipe is a new key and
never meets an old entry. Each entry is stored with the sha256 of its own bytes and read only if
they still match (a file cut short by a full disk, or changed by hand, is dropped and made anew).
Entries are written to a temporary name and moved into place, so a reader never sees half of
one; two processes making the same entry write the same bytes.

Where: ``PRINTKIT_CACHE`` if set (a folder; ``off`` turns the cache off), else the user's cache
folder (``$XDG_CACHE_HOME/printkit``, ``~/.cache/printkit``; ``~/Library/Caches/printkit`` on
macOS; ``%LOCALAPPDATA%\\printkit\\Cache`` on Windows). At most :data:`LIMIT` bytes: past it,
the entries read or written longest ago go first. A cache that cannot be written (a read-only
home, a full disk) is no error: the work is done again, as with the cache off.
"""

from __future__ import annotations

import hashlib
import os
import stat
import sys
import threading
from pathlib import Path

ENV = "PRINTKIT_CACHE"
OFF = frozenset({"off", "0", "no", "false", "none"})
LIMIT = 256 * 1024 * 1024  # bytes the cache keeps at most
MAGIC = b"printkit-cache 1\n"
_DIGEST = 32  # bytes of a sha256
_pruned = threading.Event()  # once a process: the cache is pruned after its first write


def folder() -> Path | None:
    """The cache's folder, or None when it is turned off."""
    given = os.environ.get(ENV)
    if given is not None:
        return None if given.strip().lower() in OFF or not given.strip() else Path(given).expanduser()
    if sys.platform == "win32":  # pragma: no cover - not on the test machines
        base = os.environ.get("LOCALAPPDATA") or str(Path.home() / "AppData" / "Local")
        return Path(base) / "printkit" / "Cache"
    if sys.platform == "darwin":  # pragma: no cover
        return Path.home() / "Library" / "Caches" / "printkit"
    xdg = os.environ.get("XDG_CACHE_HOME", "")
    base = Path(xdg) if xdg and os.path.isabs(xdg) else Path.home() / ".cache"
    return base / "printkit"


def key(*parts: str | bytes) -> str:
    """The sha256 of the parts, each length-prefixed (so that ("ab", "c") and ("a", "bc") differ)."""
    digest = hashlib.sha256()
    for part in parts:
        data = part.encode("utf-8") if isinstance(part, str) else bytes(part)
        digest.update(len(data).to_bytes(8, "big"))
        digest.update(data)
    return digest.hexdigest()


def source_digest(module_file: str) -> str:
    """The sha256 of a module's source: a recipe's part of a key, so that changing the code that
    makes an entry changes its key too."""
    return hashlib.sha256(Path(module_file).read_bytes()).hexdigest()


def _path(kind: str, name: str) -> Path | None:
    root = folder()
    return None if root is None else root / kind / name[:2] / name


def get(kind: str, name: str) -> bytes | None:
    """The bytes stored under ``name`` (a :func:`key`) among the ``kind`` entries; None if there are none,
    or they are not whole."""
    path = _path(kind, name)
    if path is None:
        return None
    try:
        data = _read(path)
    except OSError:
        return None
    head = len(MAGIC) + _DIGEST
    body = data[head:]
    if not data.startswith(MAGIC) or hashlib.sha256(body).digest() != data[len(MAGIC):head]:
        try:  # cut short or changed: never served; made anew by the caller
            path.unlink()
        except OSError:
            pass
        return None
    try:
        os.utime(path)  # read now: the last to go when the cache is pruned
    except OSError:
        pass
    return body


def _read(path: Path) -> bytes:
    """An entry's bytes: a regular file of at most :data:`LIMIT` bytes, opened without waiting (a named
    pipe or a device put where an entry goes is an OSError at once, never a read that blocks or never ends)."""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
                 | getattr(os, "O_BINARY", 0))
    with os.fdopen(fd, "rb") as f:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode) or st.st_size > LIMIT:
            raise OSError(f"{path}: not an entry of the cache")
        if getattr(os, "O_NONBLOCK", 0):
            os.set_blocking(fd, True)
        return f.read(LIMIT + 1)


def put(kind: str, name: str, data: bytes) -> None:
    """Store ``data`` under ``name``; quietly nothing if the cache is off or cannot be written."""
    path = _path(kind, name)
    if path is None:
        return
    from .atomic import write_atomic

    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        # rename, not os.replace: the same atomic move on POSIX, and the build's own moves into the kit's
        # folder (os.replace, which tests intercept to fail or stop one of them) stay the only ones; on
        # Windows an entry already there stays (another process wrote the same bytes)
        write_atomic(path, MAGIC + hashlib.sha256(data).digest() + data, move=os.rename)
    except OSError:
        return
    if not _pruned.is_set():
        _pruned.set()
        prune()


def prune(limit: int = LIMIT) -> None:
    """Remove the entries used longest ago until the cache holds at most ``limit`` bytes (and
    temporary files left by a process that died while writing one)."""
    root = folder()
    if root is None:
        return
    entries = []
    try:
        for dirpath, _, names in os.walk(root):
            for n in names:
                p = os.path.join(dirpath, n)
                try:
                    st = os.stat(p)
                except OSError:
                    continue
                entries.append((st.st_mtime, st.st_size, p, n.startswith(".") and n.endswith(".new")))  # atomic's
    except OSError:
        return
    total = sum(size for _, size, _, _ in entries)
    for mtime, size, p, tmp in sorted(entries):
        if total <= limit and not tmp:
            continue
        if tmp and total <= limit and _recent(mtime):
            continue  # another process may be writing it now
        try:
            os.unlink(p)
            total -= size
        except OSError:
            pass


def _recent(mtime: float, seconds: float = 3600.0) -> bool:
    import time

    return time.time() - mtime < seconds


__all__ = ["ENV", "LIMIT", "folder", "get", "key", "prune", "put", "source_digest"]
