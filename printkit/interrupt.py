"""Stopping cleanly: Ctrl-C, SIGTERM and SIGHUP stop the command, and a build leaves the previous kit.

Python's default for SIGTERM and SIGHUP is to die at once, leaving a half-written work folder
behind. The command line calls :func:`installed`; from then on those signals raise
:class:`Interrupted` (Ctrl-C, SIGINT: :class:`KeyboardInterrupt`, as Python does) wherever the
program is, so every ``finally`` runs, and the handlers that were there before come back when
the command returns (the tests call the command line in-process, and must stay stoppable).

An exception raised by a signal handler lands in whatever code is running, and some libraries
catch everything: reportlab's bare ``except:`` turns it into a ``ValueError``, which read as a bug
in printkit (exit 3) about once in 15 stopped builds. No exception class escapes a bare
``except:``, not even a BaseException such as KeyboardInterrupt. So a stop is first of all
*remembered* (:func:`stopped`), and whatever error it turns into, the command line still reports
the stop. And where a build calls such libraries (writing files, rendering previews, verifying)
it runs :func:`held`: a signal there only sets the flag, and the build stops at the next
:func:`checkpoint`, between two files or two steps of the final moves, in printkit's own code,
where undoing is safe. A library user (or a web server's worker thread) who never installs the
handlers gets Python's default behaviour, and :func:`checkpoint` never stops anything.
"""

from __future__ import annotations

import signal
import sys
import threading
from contextlib import contextmanager
from typing import Iterator


class Interrupted(BaseException):
    """The process was asked to stop (SIGTERM, SIGHUP). A BaseException, like KeyboardInterrupt,
    so that ``except Exception`` does not swallow it. ``after`` says what had already happened
    when the stop came too late to undo it (a build's new kit already in place)."""

    def __init__(self, signum: int, after: str | None = None):
        self.signum = signum
        self.after = after
        super().__init__(signal.Signals(signum).name)


_held = 0  # how many held sections the main thread is in
_stops: list[int] = []  # the signals that asked to stop, first first; cleared by reset()
SIGINT = signal.SIGINT
SIGNALS = tuple(s for s in (SIGINT, getattr(signal, "SIGTERM", None), getattr(signal, "SIGHUP", None))
                if s is not None)


def _stop(signum: int) -> BaseException:
    return KeyboardInterrupt() if signum == SIGINT else Interrupted(signum)


def _handler(signum: int, frame) -> None:
    _stops.append(signum)
    if _held:
        return  # the next checkpoint stops
    raise _stop(signum)


def stopped() -> int | None:
    """The signal that asked this command to stop, or None."""
    return _stops[0] if _stops else None


def _main_thread() -> bool:
    return threading.current_thread() is threading.main_thread()


def checkpoint() -> None:
    """Stop here if a signal asked to: a point where stopping is safe. Only in the main thread,
    where the handlers run: a web server's worker thread ends with the process."""
    if _stops and _main_thread():
        raise _stop(_stops[0])


@contextmanager
def held() -> Iterator[None]:
    """A section where a signal only asks to stop, at the next :func:`checkpoint` (or after it).
    Nothing is raised on leaving it: the caller decides where the stop lands. In another thread
    than the main one it changes nothing (a build in a server's worker must not keep the server
    from stopping)."""
    global _held
    if not _main_thread():
        yield
        return
    _held += 1
    try:
        yield
    finally:
        _held -= 1


def install() -> dict:
    """Turn Ctrl-C, SIGTERM and SIGHUP into stops (main thread only; elsewhere a no-op), but for
    those that are ignored (``nohup`` ignores SIGHUP). Returns the handlers that were there, for
    :func:`restore`."""
    if not _main_thread():
        return {}
    previous = {}
    for s in SIGNALS:
        if signal.getsignal(s) == signal.SIG_IGN:
            continue  # ignored on purpose (nohup; a web server's build process ignores Ctrl-C): it stays so
        previous[s] = signal.getsignal(s)
        signal.signal(s, _handler)
    return previous


def restore(previous: dict) -> None:
    """Put back the handlers :func:`install` replaced, and forget any stop."""
    for s, h in previous.items():
        try:
            signal.signal(s, h if h is not None else signal.SIG_DFL)
        except (TypeError, ValueError, OSError):  # pragma: no cover - a handler set from C
            signal.signal(s, signal.SIG_DFL)
    reset()


def reset() -> None:
    _stops.clear()
    _left.clear()


_left: list[str] = []  # what a stop from now on leaves behind, said with it (the main thread's command)


def leaving(text: str) -> None:
    """From now on in this command a stop leaves ``text`` to say (``the new kit was already in
    place in …``): once a build's new kit has landed, a stop anywhere after, in the build, while it
    verifies, or on the way out of the command, cannot bring the previous kit back, and says so."""
    if _main_thread():
        _left[:] = [text]


def left() -> str | None:
    """What :func:`leaving` last said, or None."""
    return _left[0] if _left else None


@contextmanager
def installed(program: bool = False) -> Iterator[None]:
    """The command line's handlers for the length of one command. ``program``: the command is the
    process (the ``printkit`` program, ``python -m printkit``), which ends when it returns: the stop
    signals are then blocked before the handlers go back, so that one arriving in the process's last
    moments (its work done, Python exiting) waits unanswered and is dropped as the process exits,
    with the command's own exit code, rather than killing it in the signal's default death (exit -15,
    seen about once in 30 stopped builds). In-process callers (the tests) get their handlers back
    and stay stoppable."""
    previous = install()
    hook = sys.unraisablehook
    if _main_thread():
        _left.clear()  # what a stop leaves behind is this command's: not a build's called before it, outside a command
        sys.unraisablehook = _unraisable(hook)
    try:
        yield
    finally:
        if program and _main_thread() and hasattr(signal, "pthread_sigmask"):
            signal.pthread_sigmask(signal.SIG_BLOCK, set(SIGNALS))
        restore(previous)
        sys.unraisablehook = hook


def _unraisable(before):
    """``sys.unraisablehook`` while the handlers are installed. A stop raised where Python cannot
    pass an exception on (in a weakref's callback as a module is imported, in a ``__del__``) is
    printed by Python as "Exception ignored in …" with its traceback, and the code goes on: seen
    once in 32 stopped builds, on stderr above "stopped by SIGHUP". Such a stop is remembered
    (:func:`stopped`) and lands at the next :func:`checkpoint` or as the command returns, said once,
    as the stop; anything else goes to the hook that was there."""

    def hook(unraisable) -> None:
        if _stops and isinstance(unraisable.exc_value, (Interrupted, KeyboardInterrupt)):
            return
        before(unraisable)

    return hook
