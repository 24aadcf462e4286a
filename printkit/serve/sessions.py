"""Temporary folders of the web page: one per build or uploaded font, each keyed by a random token.

A folder is made by :func:`tempfile.mkdtemp` and found again only by its token (never by a name
the page sent), removed once its build has been downloaded, and in any case after ``ttl``
seconds; :meth:`Store.close` removes them all when the server stops. Thread-safe: the server
answers several browsers at once.
"""

from __future__ import annotations

import re
import secrets
import shutil
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

TOKEN = re.compile(r"[A-Za-z0-9_-]{20,64}\Z")
PREFIX = "printkit-serve-"


@dataclass
class Entry:
    kind: str  # "build" or "font"
    folder: Path
    made: float
    meta: dict[str, Any] = field(default_factory=dict)


class Store:
    def __init__(self, ttl: float = 900.0, root: str | None = None, clock=time.monotonic):
        self.ttl = ttl
        self.root = root  # where the folders are made (None: the system's temporary folder)
        self.clock = clock
        self._items: dict[str, Entry] = {}
        self._lock = threading.Lock()

    def new(self, kind: str, **meta) -> tuple[str, Entry]:
        """A fresh, empty folder and its token."""
        self.sweep()
        folder = Path(tempfile.mkdtemp(prefix=f"{PREFIX}{kind}-", dir=self.root))
        token = secrets.token_urlsafe(24)
        entry = Entry(kind, folder, self.clock(), dict(meta))
        with self._lock:
            self._items[token] = entry
        return token, entry

    def get(self, token: Any, kind: str) -> Entry | None:
        """The entry of ``token`` if it is one of ``kind`` and has not expired. An uploaded font
        lives on while the page uses it: each use starts its time again."""
        self.sweep()
        if not isinstance(token, str) or not TOKEN.match(token):
            return None
        with self._lock:
            entry = self._items.get(token)
            if entry is None or entry.kind != kind:
                return None
            if kind == "font":
                entry.made = self.clock()
        return entry

    def take(self, token: Any, kind: str) -> Entry | None:
        """Like :meth:`get`, and forget the token: the caller removes the folder when done with it."""
        entry = self.get(token, kind)
        if entry is None:
            return None
        with self._lock:
            if self._items.get(token) is not entry:
                return None  # another request took it first
            del self._items[token]
        return entry

    def touch(self, token: str) -> None:
        """Start an entry's time again (a build's folder, once the build has finished)."""
        with self._lock:
            entry = self._items.get(token)
            if entry is not None:
                entry.made = self.clock()

    def drop(self, token: str) -> None:
        with self._lock:
            entry = self._items.pop(token, None)
        if entry is not None:
            remove(entry.folder)

    def sweep(self, now: float | None = None) -> list[Path]:
        """Remove the folders older than ``ttl``; return them."""
        now = self.clock() if now is None else now
        with self._lock:
            old = [t for t, e in self._items.items() if now - e.made > self.ttl]
            entries = [self._items.pop(t) for t in old]
        for e in entries:
            remove(e.folder)
        return [e.folder for e in entries]

    def folders(self) -> list[Path]:
        with self._lock:
            return [e.folder for e in self._items.values()]

    def close(self) -> None:
        with self._lock:
            entries = list(self._items.values())
            self._items.clear()
        for e in entries:
            remove(e.folder)


def remove(folder: Path) -> None:
    shutil.rmtree(folder, ignore_errors=True)


__all__ = ["Entry", "Store", "remove"]
