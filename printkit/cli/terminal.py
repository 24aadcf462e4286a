"""The program's terminal plumbing: every line the command prints goes through :func:`out` (standard
output) or :func:`err` (standard error); an output that cannot be written (a full disk, a closed
standard output, a reader gone) becomes :class:`OutputError`, said in one line, and the stream is
pointed at nothing so that Python's own flush at exit stays quiet. A character the output's
encoding cannot write (``PYTHONIOENCODING=ascii``) is written as a backslash escape (``\\u041a``)."""

from __future__ import annotations

import os
import sys
from contextlib import contextmanager
from typing import Iterator

EXIT_OK, EXIT_FAILED, EXIT_INPUT, EXIT_BUG = 0, 1, 2, 3
EXIT_PIPE = 128 + 13  # SIGPIPE, as a shell reports a command whose reader went away


class OutputError(Exception):
    """The command's own output could not be written (a full disk, a closed standard output)."""

    def __init__(self, stream: str, exc: BaseException | None):
        self.stream = stream
        why = getattr(exc, "strerror", None) or (str(exc) if exc is not None else "") or "it is closed"
        super().__init__(f"printkit: cannot write to {stream}: {why}")


def say(line: str) -> None:
    """A line on standard error, whatever happens to it."""
    try:
        err(line)
    except (OutputError, OSError, ValueError):
        pass


def out(text: str = "") -> None:
    """A line of the command's output (standard output)."""
    write(sys.stdout, "standard output", text)


def report(shown, as_json: bool) -> None:
    """A report's output (fit's, simulate's): its JSON, or its lines."""
    if as_json:
        import json

        out(json.dumps(shown.json(), ensure_ascii=False, indent=2))
    else:
        for line in shown.lines():
            out(line)


def err(text: str) -> None:
    """A line of messages (standard error)."""
    write(sys.stderr, "standard error", text)


def write(stream, name: str, text: str) -> None:
    if stream is None:  # Python sets it to None when the descriptor was closed (printkit list >&-)
        raise OutputError(name, None)
    try:
        stream.write(text + "\n")
        if stream is sys.stderr:
            stream.flush()
    except BrokenPipeError:
        raise
    except (OSError, ValueError) as exc:  # ENOSPC, EIO, EBADF; ValueError: the stream was closed
        raise OutputError(name, exc) from None


def flush() -> None:
    """Write out what is buffered for standard output, where a full disk shows."""
    for stream, name in ((sys.stdout, "standard output"), (sys.stderr, "standard error")):
        if stream is None:
            continue
        try:
            stream.flush()
        except BrokenPipeError:
            raise
        except (OSError, ValueError) as exc:
            raise OutputError(name, exc) from None


def output_failed(exc: OSError) -> bool:
    """Whether an OSError that reached the top was standard output's (a write inside a library)."""
    import errno

    return exc.errno in (errno.ENOSPC, errno.EBADF, errno.EIO) and sys.stdout is not None and _is_broken(sys.stdout)


def _is_broken(stream) -> bool:
    try:
        stream.flush()
    except (OSError, ValueError):
        return True
    return False


def cannot_write(exc: OutputError) -> int:
    """One line on standard error (when that is not the stream that failed), then quiet: Python
    would complain again when it flushes the stream at exit."""
    if exc.stream != "standard error":
        try:  # standard error may be full too: then its line is lost, and it is silenced as well
            say(str(exc))
            sys.stderr.flush()
        except (OSError, ValueError, AttributeError):
            exc.stream = "standard error"
    silence(1)
    if exc.stream == "standard error":
        silence(2)
    return EXIT_INPUT


def silence(fd: int) -> None:
    """Point the descriptor of a stream that cannot be written at nothing, so that its last flush
    (at exit) succeeds."""
    stream = sys.stdout if fd == 1 else sys.stderr
    try:
        target = stream.fileno() if stream is not None else fd
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, target)
        os.close(devnull)
    except (OSError, ValueError, AttributeError):
        pass


def standard_fds() -> None:
    """Give a closed standard descriptor (``>&-``) /dev/null, so that no file printkit opens gets
    its number (and a library writing to it, its text). sys.stdout stays None: :func:`out` says it."""
    for fd in (0, 1, 2):
        try:
            os.fstat(fd)
        except OSError:
            try:
                devnull = os.open(os.devnull, os.O_RDWR)
                if devnull != fd:
                    os.dup2(devnull, fd)
                    os.close(devnull)
            except OSError:
                pass


@contextmanager
def escaping_output() -> Iterator[None]:
    """Standard output writes what its encoding cannot as backslash escapes (standard error does
    so already): ``PYTHONIOENCODING=ascii`` gives ``\\u041a``, never a UnicodeEncodeError."""
    changed = []
    stream = sys.stdout
    if stream is not None and getattr(stream, "errors", None) == "strict" and hasattr(stream, "reconfigure"):
        try:
            stream.reconfigure(errors="backslashreplace")
            changed.append(stream)
        except (OSError, ValueError):
            pass
    try:
        yield
    finally:
        for stream in changed:
            try:
                stream.reconfigure(errors="strict")
            except (OSError, ValueError):
                pass


def reader_gone() -> int:
    """The output's reader went away (a pipe into ``head``): stop quietly. Python would complain
    again when it flushes stdout at exit, so stdout is pointed at nothing first."""
    silence(1)
    return EXIT_PIPE


def note(line: str) -> None:
    """A message beside the output (waiting for a folder, a move finished or undone): standard error."""
    err(line)
