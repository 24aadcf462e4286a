"""The ``printkit`` command: parses arguments, calls the library, prints, maps errors to exit codes.

Exit codes: 0 done (all checks pass), 1 a check failed, 2 unusable input (the message says which
file, line and column), or output that cannot be written (a full disk, a closed standard output:
one line on standard error when that can be written), 3 a fault in printkit itself (the full trace
is written to a file), 128 + N stopped by signal N (130 Ctrl-C, 143 SIGTERM, 129 SIGHUP; 141 when
the reader of the output went away, as in ``printkit check --all | head -1``).

The package: this module is the program (its run, its exit codes, its stops and faults);
:mod:`.terminal` the output's plumbing (every line through ``out`` and ``err``); :mod:`.parser` the
arguments; and one module a command (:data:`.parser.COMMANDS`), each with its ``HELP`` line, its
``arguments(parser)`` and its ``run(args)``, which calls the library and prints what it renders.
"""

from __future__ import annotations

import argparse
import signal
from typing import Callable, NoReturn, Sequence

from .. import interrupt
from ..errors import PrintkitError
from ..paths import GONE, cwd_gone
from ..report import fault_line, write_trace
from . import parser as arguments, terminal
from .terminal import (
    EXIT_BUG,
    EXIT_FAILED,
    EXIT_INPUT,
    EXIT_OK,
    EXIT_PIPE,
    OutputError,
    cannot_write,
    flush,
    reader_gone,
    say,
)


def program(argv: Sequence[str] | None = None) -> NoReturn:
    """The ``printkit`` program (its console script, ``python -m printkit``): :func:`main`, and the
    process ends with its exit code, whatever signal comes once the command is done."""
    raise SystemExit(main(argv, _program=True))


def main(argv: Sequence[str] | None = None, _program: bool = False) -> int:
    terminal.standard_fds()
    # first, so that a stop is never Python's default death
    with interrupt.installed(_program), terminal.escaping_output():
        try:
            return _command(argv)
        except KeyboardInterrupt as exc:  # while the arguments were read: the command's own are caught in _run
            return _stopped(signal.SIGINT, exc)
        except interrupt.Interrupted as exc:
            return _stopped(exc.signum, exc)
        except Exception:  # noqa: BLE001 - a stop Python wrapped while the commands were imported (3.11 wraps
            # what __set_name__ raises, as a dataclass's field does when a stop lands in it, in a RuntimeError)
            if interrupt.stopped() is not None:
                return _stopped(interrupt.stopped())
            raise


def _command(argv: Sequence[str] | None) -> int:
    args = _parsed(argv)
    run: Callable | None = getattr(args, "run", None)
    if run is None:
        try:
            arguments.parser().print_help()
            flush()
        except BrokenPipeError:
            return reader_gone()
        except OutputError as exc:
            return cannot_write(exc)
        return EXIT_INPUT
    return _main(run, args)


def _parsed(argv: Sequence[str] | None) -> argparse.Namespace:
    try:
        try:
            return arguments.parser().parse_args(argv)
        except SystemExit:  # --help, --version or a usage error: argparse has written its lines
            flush()
            raise
    except BrokenPipeError:
        raise SystemExit(reader_gone()) from None
    except OutputError as exc:
        raise SystemExit(cannot_write(exc)) from None


def _main(run: Callable, args: argparse.Namespace) -> int:
    try:
        return _run(run, args)
    except BrokenPipeError:
        return reader_gone()
    except OutputError as exc:  # the command's output, or its messages, could not be written
        return cannot_write(exc)


def _run(run: Callable, args: argparse.Namespace) -> int:
    try:
        if cwd_gone():
            raise PrintkitError(f"printkit: {GONE}")
        code = run(args)
        flush()
        stop = interrupt.stopped()
        if stop is not None:  # a library caught the stop and carried on: it is still a stop
            return _stopped(stop)
        return code
    except PrintkitError as exc:
        if interrupt.stopped() is not None:  # a stop that landed where it could not be raised, then an error of it
            return _stopped(interrupt.stopped())
        for line in exc.lines():
            terminal.err(line)
        flush()
        return EXIT_INPUT
    except (BrokenPipeError, OutputError):
        raise
    except KeyboardInterrupt as exc:
        return _stopped(signal.SIGINT, exc)
    except interrupt.Interrupted as exc:
        return _stopped(exc.signum, exc)
    except Exception as exc:  # noqa: BLE001 - the last line of defence: one line, and the trace in a file
        if interrupt.stopped() is not None:  # a library turned the stop into an error of its own
            return _stopped(interrupt.stopped())
        if cwd_gone():  # the working folder was removed while the command ran
            say(f"printkit: {GONE}")
            return EXIT_INPUT
        if isinstance(exc, OSError) and terminal.output_failed(exc):
            return cannot_write(OutputError("standard output", exc))
        say(f"printkit: internal error, a bug in printkit: {fault_line(exc)} "
            f"(the full trace is in {write_trace(exc)}; please report it)")
        return EXIT_BUG


def _stopped(signum: int, exc: BaseException | None = None) -> int:
    after = getattr(exc, "after", None) or interrupt.left()
    what = "interrupted (Ctrl-C)" if signum == signal.SIGINT else f"stopped by {signal.Signals(signum).name}"
    say(f"printkit: {what}" + (f"; {after}" if after else ""))
    return 128 + signum


__all__ = ["EXIT_BUG", "EXIT_FAILED", "EXIT_INPUT", "EXIT_OK", "EXIT_PIPE", "main", "program"]
