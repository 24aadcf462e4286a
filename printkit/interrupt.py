"""Stopping cleanly: SIGTERM and SIGHUP become an exception, so a build removes its work folder.

Python's default for SIGTERM and SIGHUP is to die at once, leaving a half-written work folder
behind. The command line calls :func:`install`; from then on those signals raise
:class:`Interrupted` wherever the program is, and every ``finally`` runs. Inside
:func:`critical` (the few renames that put a finished kit in place) a signal waits until the
section ends, so the kit folder is never left half old and half new. A library user (or a web
server's worker thread) who never calls :func:`install` gets the default behaviour.
"""

from __future__ import annotations

import signal
import threading
from contextlib import contextmanager
from typing import Iterator


class Interrupted(BaseException):
    """The process was asked to stop (SIGTERM, SIGHUP). A BaseException, like KeyboardInterrupt,
    so that ``except Exception`` does not swallow it."""

    def __init__(self, signum: int):
        self.signum = signum
        super().__init__(signal.Signals(signum).name)


_depth = 0  # how many critical sections the main thread is in
_pending: list[int] = []  # signals that arrived inside one
SIGNALS = tuple(s for s in (getattr(signal, "SIGTERM", None), getattr(signal, "SIGHUP", None)) if s is not None)


def _handler(signum: int, frame) -> None:
    if _depth:
        _pending.append(signum)
        return
    raise Interrupted(signum)


def install() -> None:
    """Turn SIGTERM and SIGHUP into :class:`Interrupted` (main thread only; elsewhere a no-op)."""
    if threading.current_thread() is not threading.main_thread():
        return
    for s in SIGNALS:
        signal.signal(s, _handler)


@contextmanager
def critical() -> Iterator[None]:
    """A section that a signal does not cut short: the signal is raised when the section ends."""
    global _depth
    _depth += 1
    try:
        yield
    finally:
        _depth -= 1
        if not _depth and _pending:
            signum = _pending[0]
            _pending.clear()
            raise Interrupted(signum)
