"""The ``printkit`` command: parses arguments, calls the library, prints, maps errors to exit codes.

Exit codes: 0 done (all checks pass), 1 a check failed, 2 unusable input (the message says which
file, line and column), or output that cannot be written (a full disk, a closed standard output:
one line on standard error when that can be written), 3 a fault in printkit itself (the full trace
is written to a file), 128 + N stopped by signal N (130 Ctrl-C, 143 SIGTERM, 129 SIGHUP; 141 when
the reader of the output went away, as in ``printkit check --all | head -1``).

Everything the command prints goes through :func:`_out` (standard output) and :func:`_err`
(standard error). A character the output's encoding cannot write (``PYTHONIOENCODING=ascii``) is
written as a backslash escape (``\\u041a``), never an error.
"""

from __future__ import annotations

import argparse
import os
import signal
import sys
from contextlib import contextmanager
from typing import Callable, Iterator, NoReturn, Sequence

from . import __version__, interrupt
from .errors import PrintkitError
from .paths import GONE, cwd_gone
from .report import fault_line, quoted, write_trace
from .text.plural import english

EXIT_OK, EXIT_FAILED, EXIT_INPUT, EXIT_BUG = 0, 1, 2, 3
EXIT_PIPE = 128 + 13  # SIGPIPE, as a shell reports a command whose reader went away
MAX_BOARD_BYTES = 1_000_000  # a --board position: 25 rows of 25 cells is under 1 KB


class _OutputError(Exception):
    """The command's own output could not be written (a full disk, a closed standard output)."""

    def __init__(self, stream: str, exc: BaseException | None):
        self.stream = stream
        why = getattr(exc, "strerror", None) or (str(exc) if exc is not None else "") or "it is closed"
        super().__init__(f"printkit: cannot write to {stream}: {why}")


def _given(what: str) -> Callable[[str], str]:
    """An argument's type: any text but an empty one, which would silently mean the default."""

    def check(text: str) -> str:
        if text == "":
            raise argparse.ArgumentTypeError(f"an empty value: give {what}")
        return text

    return check


# What an option's value is, by its metavar, for the message refusing an empty one.
_WHAT = {"DIR": "a folder", "KIT|FILE": "a kit name or file", "KIT": "a kit name or file", "FILE": "a file",
         "GAME.gcg": "a game record file", "DIR/KIT": "a built kit's folder", "PAPER": "a paper",
         "FILE.ttf": "a font file", "NAME|FILE": "a laser profile", "N|NAMES": "a number or names",
         "WxH": "a size WxH", "H": "an address", "CODE": "a language code", "PRODUCT,...": "products", "K": "a factor"}
_OWN_EMPTY = {"MOVE", "WORD", "--gcg"}  # these say themselves what is empty (which move, which word)


class _Help(argparse.HelpFormatter):
    """argparse's help, its lines broken at spaces only: print-all and k40-whisperer stay whole."""

    def _split_lines(self, text: str, width: int) -> list[str]:
        import textwrap

        return textwrap.wrap(" ".join(text.split()), width, break_on_hyphens=False)


class _Parser(argparse.ArgumentParser):
    def __init__(self, *args, **kwargs):
        kwargs.setdefault("formatter_class", _Help)
        super().__init__(*args, **kwargs)
        self._later: list[Callable[[argparse.ArgumentParser], None]] = []

    def later(self, fill: Callable[[argparse.ArgumentParser], None]) -> None:
        """Arguments added when this parser is used (its command given, or its help shown): the
        flags made from the kit's option declarations load the config package, which the other
        commands and ``printkit --help`` do without."""
        self._later.append(fill)

    def _ready(self) -> None:
        while self._later:
            self._later.pop(0)(self)

    def parse_known_args(self, args=None, namespace=None):
        self._ready()
        self._given = list(sys.argv[1:] if args is None else args)  # for the error's "did you mean"
        return super().parse_known_args(args, namespace)

    def format_help(self) -> str:
        self._ready()
        return super().format_help()

    def format_usage(self) -> str:
        self._ready()
        return super().format_usage()

    def _add_action(self, action: argparse.Action) -> argparse.Action:
        """Every text argument refuses an empty value (``--out ''`` is not the default)."""
        if (isinstance(action, argparse._StoreAction) and action.type is None  # noqa: SLF001 - argparse's own class
                and action.metavar not in _OWN_EMPTY and not _OWN_EMPTY & set(action.option_strings)):
            action.type = _given(_WHAT.get(action.metavar, action.metavar or "a value"))
        return super()._add_action(action)

    def _print_message(self, message: str, file=None) -> None:  # argparse would drop a failed write
        if message:
            stream = file or sys.stderr
            name = "standard output" if stream is sys.stdout else "standard error"
            _write(stream, name, message[:-1] if message.endswith("\n") else message)

    def error(self, message: str):  # argparse's own exit code 2 matches ours; keep its one line
        import re

        from .report import shortened

        # a value argparse quotes (invalid int value: '…') at most 40 characters, the line at most 300: a
        # 5000-digit --port is not a message
        message = re.sub(r"'([^'\n]{41,})'", lambda m: f"'{shortened(m[1], 40)}'", message)
        parser, message = self._meant(message)
        parser.print_usage(sys.stderr)
        self.exit(EXIT_INPUT, f"printkit: error: {shortened(message, 300)}\n")

    def _meant(self, message: str) -> tuple[argparse.ArgumentParser, str]:
        """The parser whose usage to show (a command's own, for an option it does not take) and the message
        with the nearest command or option named: ``printkit buld``, ``build --papr``."""
        import difflib
        import re

        commands = next((a.choices for a in self._actions if isinstance(a, argparse._SubParsersAction)), None)  # noqa: SLF001
        m = re.fullmatch(r"argument COMMAND: invalid choice: '([^']*)'.*", message, re.S)
        if commands and m:
            near = difflib.get_close_matches(m[1], list(commands), n=1, cutoff=0.6)
            hint = f"did you mean '{near[0]}'? " if near else ""
            return self, f"no command '{m[1]}': {hint}the commands are {', '.join(commands)}"
        m = re.fullmatch(r"unrecognized arguments: (.*)", message, re.S)
        given = getattr(self, "_given", [])
        command = next((a for a in given if commands and a in commands), None)
        if not (commands and m and command):
            return self, message
        sub = commands[command]
        sub._ready()  # noqa: SLF001 - our own class
        options = [o for a in sub._actions for o in a.option_strings]  # noqa: SLF001
        hints = []
        for word in m[1].split():
            flag = word.split("=", 1)[0]
            near = difflib.get_close_matches(flag, options, n=1, cutoff=0.6) if flag.startswith("-") else []
            if near:
                hints.append(f"{flag}: did you mean {near[0]}?")
        return sub, message + (f" ({'; '.join(hints)})" if hints else "")


def _option_flags(parser: argparse.ArgumentParser) -> None:
    """``build``'s flags that override a kit's option, made from the option declarations
    (:mod:`printkit.config.options`): name, metavar, and help from the option's kind, choices and limits."""
    from .config.options import flag_help, flagged

    for o in flagged():
        parser.add_argument(o.flag.name, metavar=o.flag.metavar, dest=o.flag.dest, help=flag_help(o))


def _only(parser: argparse.ArgumentParser) -> None:
    from .products import names

    parser.add_argument("--only", metavar="PRODUCT,...", help=f"only these products ({', '.join(names())})")


def _build_last(parser: argparse.ArgumentParser) -> None:
    """``build``'s own switches, listed after the flags that override the kit."""
    parser.add_argument("--no-verify", action="store_true", help="do not re-measure the files after writing them")
    parser.add_argument("-q", "--quiet", action="store_true", help="print nothing but errors")


def _score_players(parser: argparse.ArgumentParser) -> None:
    from .config.options import flag_values, flagged

    players = next(o for o in flagged() if o.key == "play.players")
    parser.add_argument(players.flag.name, metavar=players.flag.metavar, dest=players.flag.dest,
                        help=f"with --gcg: the players, {flag_values(players)} (default: the kit's, as on its score "
                             f"sheet)")


def _flags(args: argparse.Namespace) -> dict[str, str | None]:
    """The values of the flags that override a kit's options, by option key: one layer for load_kit."""
    from .config.options import flagged

    return {o.key: getattr(args, o.flag.dest) for o in flagged() if hasattr(args, o.flag.dest)}


def _check_arguments(c: argparse.ArgumentParser) -> None:
    """``check``'s arguments, added when the command is given or its help shown."""
    c.add_argument("kits", nargs="*", metavar="KIT|FILE", help="kit names or kit files (default: krestoslovitsa)")
    c.add_argument("--all", action="store_true", help="check every shipped kit")
    c.add_argument("--stats", action="store_true", help="print the set's figures (totals, vowels, rack odds)")
    c.add_argument("--compare", nargs="+", metavar="KIT", help="put these kits' figures side by side")
    c.add_argument("--simulate", type=int, default=0, metavar="N", help="also play N self-play games and warn of "
                                                                       "the letters that stick on racks")


def _schema_arguments(sc: argparse.ArgumentParser) -> None:
    """``schema``'s arguments, added when the command is given or its help shown."""
    sc.add_argument("--markdown", action="store_true", help="print the table of kit options instead")


def _score_arguments(s: argparse.ArgumentParser) -> None:
    """``score``'s arguments, added when the command is given or its help shown."""
    s.add_argument("moves", nargs="+", metavar="MOVE",
                   help="'8H ПОЛ' (across, row first) or 'H8 ПОЛ' (down); lower case a blank, '.' a tile already "
                        "there; groups joined by '+' ('8H ПОЛ + K5 ...', the book); 'swap G6 + H3 щУКА' (the "
                        "book's blank swap); 'pass'; 'exchange АБВ'")
    s.add_argument("--kit", default=None, metavar="KIT|FILE", help="the kit whose tiles, board and rules score "
                                                                   "(default: krestoslovitsa)")
    s.add_argument("--board", metavar="FILE", help="a position to start from: a line a row, '.' empty, upper case "
                                                   "a tile, lower case a blank")
    s.add_argument("--judge", action="store_true", help="judge each word a move forms by the kit's rules and "
                                                          "flag the refused ones (scores do not change; exit 1 "
                                                          "when one is refused)")
    s.add_argument("--words", dest="words_file", metavar="FILE", help="with --judge: a word list to judge by")
    s.add_argument("--gcg", metavar="FILE", help="also write the moves as a game record (GCG, UTF-8), one turn a "
                                                 "player in turn, for printkit replay, Quackle and Macondo")
    s.add_argument("--force", action="store_true", help="with --gcg: replace a file of that name that printkit did "
                                                        "not write (or that was changed since)")
    s.later(_score_players)


def _replay_arguments(r: argparse.ArgumentParser) -> None:
    """``replay``'s arguments, added when the command is given or its help shown."""
    r.add_argument("record", metavar="GAME.gcg", help="a game record in GCG, with printkit's extension for the "
                                                      "book's turns")
    r.add_argument("--kit", default=None, metavar="KIT|FILE", help="the kit whose tiles, board and rules score "
                                                                   "(default: guessed from the record)")
    r.add_argument("-q", "--quiet", action="store_true", help="print only the moves that differ and the summary")
    r.add_argument("--judge", action="store_true", help="judge each word a move forms by the kit's rules and "
                                                          "flag the refused ones (scores do not change; exit 1 "
                                                          "when one is refused)")
    r.add_argument("--words", dest="words_file", metavar="FILE", help="with --judge: a word list to judge by")


def _word_arguments(w: argparse.ArgumentParser) -> None:
    """``word``'s arguments, added when the command is given or its help shown."""
    w.add_argument("words", nargs="+", metavar="WORD", help="words to judge (any case)")
    w.add_argument("--kit", default=None, metavar="KIT|FILE", help="the kit whose rules and letters judge "
                                                                   "(default: krestoslovitsa)")
    w.add_argument("--words", dest="words_file", metavar="FILE", help="a word list (UTF-8, one word a line): "
                                                                      "judge by it (overrides the kit)")


def _number(text: str) -> int:
    """A whole number of ``fit``'s and ``simulate``'s options. One of more than 20 digits is kept to its
    first 21 (each option refuses it, echoing 20 and '…'), so that no message echoes a 5000-digit one."""
    import re

    if len(text) > 21 and re.fullmatch(r"\s*[+-]?[0-9]+\s*", text):
        digits = text.strip().lstrip("+-").lstrip("0") or "0"
        return int(("-" if text.strip().startswith("-") else "") + digits[:21])
    try:
        return int(text)
    except ValueError:
        shown = text[:20] + "…" if len(text) > 20 else text
        raise argparse.ArgumentTypeError(f"invalid int value: {shown!r}") from None


def _fit_arguments(f: argparse.ArgumentParser) -> None:
    """``fit``'s arguments, added when the command is given or its help shown."""
    f.add_argument("kit", nargs="?", default=None, metavar="KIT|FILE", help="the kit (default: krestoslovitsa)")
    source = f.add_mutually_exclusive_group()
    source.add_argument("--words", dest="words_file", metavar="FILE", help="count letters in this word list "
                                                                           "(UTF-8, one word a line)")
    source.add_argument("--language", metavar="CODE", help="count letters in wordfreq's words of this language "
                                                           "(default: the kit's)")
    f.add_argument("--json", action="store_true", help="print the whole table as JSON")
    f.add_argument("--out", metavar="DIR", help="where the chart goes (default: out/KIT/fit); with --derive, where "
                                                "the new distribution and kit go (default: out/derived)")
    f.add_argument("--derive", action="store_true", help="write a new distribution and kit for --language from "
                                                         "its letter shares")
    f.add_argument("--force", action="store_true", help="replace files in --out that printkit did not write (or "
                                                        "that were changed since)")
    f.add_argument("--tiles", type=_number, metavar="N", help="with --derive: tiles in the set, blanks included "
                                                              "(default: 100)")
    f.add_argument("--blanks", type=_number, metavar="B", help="with --derive: blanks (default: 2)")


def _simulate_arguments(sim: argparse.ArgumentParser) -> None:
    """``simulate``'s arguments, added when the command is given or its help shown."""
    sim.add_argument("kit", nargs="?", default=None, metavar="KIT|FILE", help="the kit (default: krestoslovitsa)")
    sim.add_argument("--games", type=_number, default=100, metavar="N", help="games to play (default: 100)")
    sim.add_argument("--seed", type=_number, default=1, metavar="S", help="the seed: the same seed, the same "
                                                                         "games (default: 1)")
    sim.add_argument("--players", type=_number, default=2, metavar="N", help="players a game, 2 to 4 (default: 2)")
    sim.add_argument("--jobs", type=_number, default=1, metavar="J", help="processes to play on (default: 1); "
                                                                         "the output is the same for any J")
    sim.add_argument("--lexicon", metavar="FILE", help="the words to play (UTF-8, one word a line; default: the "
                                                       "dictionary's nouns for ru and uk, else wordfreq's words)")
    sim.add_argument("--leave", action="store_true", help="players weigh what they keep (a simple leave value), "
                                                          "not only the score")
    sim.add_argument("--json", action="store_true", help="print the figures as JSON")
    sim.add_argument("--gcg", metavar="DIR", help="also write every game as a GCG record in DIR (game-0001.gcg …)")
    sim.add_argument("--compare", nargs="+", metavar="KIT", help="play these kits too and put the sets side by side")
    sim.add_argument("--chart", metavar="DIR", help="also draw the set's values beside the suggested ones: "
                                                    "DIR/simulate.svg and .png")
    sim.add_argument("--force", action="store_true", help="replace files in --gcg's and --chart's folders that "
                                                          "printkit did not write (or that were changed since)")


def _build_arguments(b: argparse.ArgumentParser) -> None:
    """``build``'s arguments, added when the command is given or its help shown."""
    b.add_argument("kit", nargs="?", default=None, metavar="KIT|FILE",
                   help="a kit name or file (default: krestoslovitsa)")
    b.add_argument("--out", default="out", metavar="DIR", help="where to write DIR/KIT/ (default: out)")
    b.later(_only)
    b.later(_option_flags)
    b.later(_build_last)


def _serve_arguments(sv: argparse.ArgumentParser) -> None:
    """``serve``'s arguments, added when the command is given or its help shown."""
    sv.add_argument("--port", type=int, default=None, metavar="N", help="the port (default: 8765, or a free one "
                                                                       "when it is taken; 0: a free one)")
    sv.add_argument("--host", default="127.0.0.1", metavar="H", help="the address to listen on (default: 127.0.0.1, "
                                                                     "this machine only)")
    sv.add_argument("--open", action="store_true", help="open the page in the browser")


def _verify_arguments(v: argparse.ArgumentParser) -> None:
    """``verify``'s arguments, added when the command is given or its help shown."""
    v.add_argument("folder", metavar="DIR/KIT", help="a built kit's folder (the one holding manifest.json)")
    v.add_argument("--kit", metavar="FILE", help="the kit file it was built from (default: the shipped kit "
                                                  "the manifest names)")
    v.add_argument("--laser", metavar="NAME|FILE", help="the laser profile, when the manifest's is not a "
                                                         "shipped one")
    v.add_argument("-q", "--quiet", action="store_true", help="print only the failures and the summary")


def _parser() -> argparse.ArgumentParser:
    p = _Parser(prog="printkit", description="Print, laser and scoring kit for a home-made crossword tile game.")
    p.add_argument("--version", action="version", version=f"printkit {__version__}")
    sub = p.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)

    c = sub.add_parser("check", help="check that a kit's tiles, board and rules hold together")
    c.later(_check_arguments)
    c.set_defaults(run=_check)

    ls = sub.add_parser("list", help="list the shipped kits")
    ls.set_defaults(run=_list)

    sc = sub.add_parser("schema", help="print the JSON Schema of a kit file (for editors and forms)")
    sc.later(_schema_arguments)
    sc.set_defaults(run=_schema)

    s = sub.add_parser("score", help="score moves in order on one board, explaining each word")
    s.later(_score_arguments)
    s.set_defaults(run=_score)

    r = sub.add_parser("replay", help="replay a game record (GCG), scoring every move against the record")
    r.later(_replay_arguments)
    r.set_defaults(run=_replay)

    w = sub.add_parser("word", help="judge words by a kit's rules: allowed or refused, and why")
    w.later(_word_arguments)
    w.set_defaults(run=_word)

    f = sub.add_parser("fit", help="how well a kit's tile counts and values fit its language; or --derive a new set")
    f.later(_fit_arguments)
    f.set_defaults(run=_fit)

    sim = sub.add_parser("simulate", help="self-play games of a kit by greedy players: which letters stick on racks, "
                                          "what values the games suggest")
    sim.later(_simulate_arguments)
    sim.set_defaults(run=_simulate)

    b = sub.add_parser("build", help="write the print files of a kit")
    b.later(_build_arguments)
    b.set_defaults(run=_build)

    sv = sub.add_parser("serve", help="a local web page to choose a kit, change it, see it and download it")
    sv.later(_serve_arguments)
    sv.set_defaults(run=_serve)

    v = sub.add_parser("verify", help="re-measure a built kit's files against its manifest and the kit")
    v.later(_verify_arguments)
    v.set_defaults(run=_verify)
    return p


def program(argv: Sequence[str] | None = None) -> NoReturn:
    """The ``printkit`` program (its console script, ``python -m printkit``): :func:`main`, and the
    process ends with its exit code, whatever signal comes once the command is done."""
    raise SystemExit(main(argv, _program=True))


def main(argv: Sequence[str] | None = None, _program: bool = False) -> int:
    _standard_fds()
    with interrupt.installed(_program), _escaping_output():  # first, so that a stop is never Python's default death
        try:
            return _command(argv)
        except KeyboardInterrupt as exc:  # while the arguments were read: the command's own are caught in _run
            return _stopped(signal.SIGINT, exc)
        except interrupt.Interrupted as exc:
            return _stopped(exc.signum, exc)


def _command(argv: Sequence[str] | None) -> int:
    args = _parsed(argv)
    run: Callable | None = getattr(args, "run", None)
    if run is None:
        try:
            _parser().print_help()
            _flush()
        except BrokenPipeError:
            return _reader_gone()
        except _OutputError as exc:
            return _cannot_write(exc)
        return EXIT_INPUT
    return _main(run, args)


def _parsed(argv: Sequence[str] | None) -> argparse.Namespace:
    try:
        try:
            return _parser().parse_args(argv)
        except SystemExit:  # --help, --version or a usage error: argparse has written its lines
            _flush()
            raise
    except BrokenPipeError:
        raise SystemExit(_reader_gone()) from None
    except _OutputError as exc:
        raise SystemExit(_cannot_write(exc)) from None


def _main(run: Callable, args: argparse.Namespace) -> int:
    try:
        return _run(run, args)
    except BrokenPipeError:
        return _reader_gone()
    except _OutputError as exc:  # the command's output, or its messages, could not be written
        return _cannot_write(exc)


def _run(run: Callable, args: argparse.Namespace) -> int:
    try:
        if cwd_gone():
            raise PrintkitError(f"printkit: {GONE}")
        code = run(args)
        _flush()
        stop = interrupt.stopped()
        if stop is not None:  # a library caught the stop and carried on: it is still a stop
            return _stopped(stop)
        return code
    except PrintkitError as exc:
        if interrupt.stopped() is not None:  # a stop that landed where it could not be raised, then an error of it
            return _stopped(interrupt.stopped())
        for line in exc.lines():
            _err(line)
        _flush()
        return EXIT_INPUT
    except (BrokenPipeError, _OutputError):
        raise
    except KeyboardInterrupt as exc:
        return _stopped(signal.SIGINT, exc)
    except interrupt.Interrupted as exc:
        return _stopped(exc.signum, exc)
    except Exception as exc:  # noqa: BLE001 - the last line of defence: one line, and the trace in a file
        if interrupt.stopped() is not None:  # a library turned the stop into an error of its own
            return _stopped(interrupt.stopped())
        if cwd_gone():  # the working folder was removed while the command ran
            _say(f"printkit: {GONE}")
            return EXIT_INPUT
        if isinstance(exc, OSError) and _output_failed(exc):
            return _cannot_write(_OutputError("standard output", exc))
        _say(f"printkit: internal error, a bug in printkit: {fault_line(exc)} "
             f"(the full trace is in {write_trace(exc)}; please report it)")
        return EXIT_BUG


def _stopped(signum: int, exc: BaseException | None = None) -> int:
    after = getattr(exc, "after", None) or interrupt.left()
    what = "interrupted (Ctrl-C)" if signum == signal.SIGINT else f"stopped by {signal.Signals(signum).name}"
    _say(f"printkit: {what}" + (f"; {after}" if after else ""))
    return 128 + signum


def _say(line: str) -> None:
    """A line on standard error, whatever happens to it."""
    try:
        _err(line)
    except (_OutputError, OSError, ValueError):
        pass


# -- the command's own output --------------------------------------------------------------------

def _out(text: str = "") -> None:
    """A line of the command's output (standard output)."""
    _write(sys.stdout, "standard output", text)


def _report(report, as_json: bool) -> None:
    """A report's output (fit's, simulate's): its JSON, or its lines."""
    if as_json:
        import json

        _out(json.dumps(report.json(), ensure_ascii=False, indent=2))
    else:
        for line in report.lines():
            _out(line)


def _err(text: str) -> None:
    """A line of messages (standard error)."""
    _write(sys.stderr, "standard error", text)


def _write(stream, name: str, text: str) -> None:
    if stream is None:  # Python sets it to None when the descriptor was closed (printkit list >&-)
        raise _OutputError(name, None)
    try:
        stream.write(text + "\n")
        if stream is sys.stderr:
            stream.flush()
    except BrokenPipeError:
        raise
    except (OSError, ValueError) as exc:  # ENOSPC, EIO, EBADF; ValueError: the stream was closed
        raise _OutputError(name, exc) from None


def _flush() -> None:
    """Write out what is buffered for standard output, where a full disk shows."""
    for stream, name in ((sys.stdout, "standard output"), (sys.stderr, "standard error")):
        if stream is None:
            continue
        try:
            stream.flush()
        except BrokenPipeError:
            raise
        except (OSError, ValueError) as exc:
            raise _OutputError(name, exc) from None


def _output_failed(exc: OSError) -> bool:
    """Whether an OSError that reached the top was standard output's (a write inside a library)."""
    import errno

    return exc.errno in (errno.ENOSPC, errno.EBADF, errno.EIO) and sys.stdout is not None and _is_broken(sys.stdout)


def _is_broken(stream) -> bool:
    try:
        stream.flush()
    except (OSError, ValueError):
        return True
    return False


def _cannot_write(exc: _OutputError) -> int:
    """One line on standard error (when that is not the stream that failed), then quiet: Python
    would complain again when it flushes the stream at exit."""
    if exc.stream != "standard error":
        try:  # standard error may be full too: then its line is lost, and it is silenced as well
            _say(str(exc))
            sys.stderr.flush()
        except (OSError, ValueError, AttributeError):
            exc.stream = "standard error"
    _silence(1)
    if exc.stream == "standard error":
        _silence(2)
    return EXIT_INPUT


def _silence(fd: int) -> None:
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


def _standard_fds() -> None:
    """Give a closed standard descriptor (``>&-``) /dev/null, so that no file printkit opens gets
    its number (and a library writing to it, its text). sys.stdout stays None: :func:`_out` says it."""
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
def _escaping_output() -> Iterator[None]:
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


def _reader_gone() -> int:
    """The output's reader went away (a pipe into ``head``): stop quietly. Python would complain
    again when it flushes stdout at exit, so stdout is pointed at nothing first."""
    _silence(1)
    return EXIT_PIPE


def _note(line: str) -> None:
    """A message beside the output (waiting for a folder, a move finished or undone): standard error."""
    _err(line)


def _check(args) -> int:
    from .check import FAIL, NOTE, WARN, check_kit
    from .config import DEFAULT_KIT, ConfigError, kit_names, load_kit
    from .products import estimate

    names = list(args.kits)
    if args.all:
        names += kit_names()
    if not names and not args.compare:
        names = [DEFAULT_KIT]
    code = EXIT_OK
    errors: list[str] = []
    for name in names:
        try:
            kit = load_kit(name)
        except ConfigError as exc:
            errors.extend(exc.lines())
            code = EXIT_INPUT
            continue
        work = estimate(kit)
        over = work.problems()
        if over:  # the budget: refused at once, as a mistake in the kit (exit 2)
            errors.extend(over)
            code = EXIT_INPUT
            continue
        report = check_kit(kit, simulate=args.simulate, work=work)
        _out(f"{kit.name}: {kit.title} ({kit.source})")
        section = None
        for f in report.findings:
            if f.section != section:
                section = f.section
                _out(f"  {section}")
            mark = {FAIL: "FAIL", NOTE: "note", WARN: "warn"}.get(f.status, "ok  ")
            _out(f"    {mark} {f.text}")
            for line in f.detail:
                _out(f"           {line}")
        if args.stats:
            from .stats import rows, stats

            _out("  figures")
            for label, value in rows(stats(kit)):
                _out(f"    {label:<26} {value}")
        verdict = "passed" if report.passed else "FAILED"
        warned = report.count(WARN)
        notes = report.count(NOTE)
        _out(f"  {verdict}: {report.count('ok')} ok, {report.count(FAIL)} failed, "
             f"{notes} note{'s' if notes != 1 else ''}"
             + (f", {warned} warning{'s' if warned != 1 else ''}" if warned else ""))
        _out()
        if not report.passed and code == EXIT_OK:
            code = EXIT_FAILED
    if args.compare:
        kits = []
        for name in dict.fromkeys(list(args.kits) + args.compare):
            try:
                kits.append(load_kit(name))
            except ConfigError as exc:
                errors.extend(exc.lines())
                code = EXIT_INPUT
        if kits:
            table = [rows(stats(k)) for k in kits]
            labels = [label for label, _ in table[0]]
            widths = [max(len(k.name), *(len(v) for _, v in t)) for k, t in zip(kits, table)]
            _out(" " * 26 + "  ".join(k.name.rjust(w) for k, w in zip(kits, widths)))
            for i, label in enumerate(labels):
                _out(f"{label:<26}" + "  ".join(t[i][1].rjust(w) for t, w in zip(table, widths)))
    for line in errors:
        _err(line)
    return code


def _list(args) -> int:
    from .config import ConfigError, kit_names, load_kit

    rows = [("kit", "language", "tiles", "board", "rules", "title")]
    bad = []
    for name in kit_names():
        try:
            k = load_kit(name)
        except ConfigError as exc:
            bad.extend(exc.lines())
            continue
        board = f"{k.layout.rows}×{k.layout.cols} {k.layout.name}, {k.physical.cell_mm:g} mm"
        rows.append((k.name, k.language, f"{k.distribution.total} ({english(k.distribution.blanks, 'blank')})",
                     board, k.rules.name, k.title))
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    for r in rows:
        _out("  ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip())
    for line in bad:
        _err(line)
    return EXIT_INPUT if bad else EXIT_OK


def _schema(args) -> int:
    from .config.options import markdown_table, schema_text

    text = markdown_table() if args.markdown else schema_text()
    _out(text[:-1] if text.endswith("\n") else text)
    return EXIT_OK


def _score(args) -> int:
    from .config import DEFAULT_KIT, load_kit
    from .engine.move import Exchange, Pass, parse_move
    from .engine.notation import NotationError
    from .engine.state import State

    if args.gcg is not None and args.board:
        raise PrintkitError("--gcg writes a game from the empty board: a record cannot start from --board's position")
    if args.players is not None and args.gcg is None:
        raise PrintkitError("--players names the players of --gcg's record: give --gcg too")
    if args.force and args.gcg is None:
        raise PrintkitError("--force replaces a file in --gcg's way: give --gcg too")
    if args.gcg is not None:
        _writable(args.gcg, "--gcg", args.force)
    kit = load_kit(args.kit or DEFAULT_KIT, _flags(args))
    if args.board:
        from .inputs import NotUtf8, read_bounded

        try:
            text = read_bounded(args.board, MAX_BOARD_BYTES, "a board", text=True)  # a FIFO: refused at once
        except NotUtf8 as exc:
            raise PrintkitError(f"{args.board}:{exc.line}:{exc.col}: cannot read the board: {exc}") from None
        except OSError as exc:
            raise PrintkitError(f"{args.board}: cannot read the board: {exc.strerror or exc}") from None
        try:
            state = State.from_text(text, kit.layout, kit.distribution, kit.rules, name=args.board)
        except NotationError as exc:
            raise PrintkitError(str(exc)) from None
    else:
        state = State.for_kit(kit)
    judge = _judge(args, kit)
    _out(f"{kit.name}: {kit.distribution.name} tiles, {kit.layout.name} board, rules {kit.rules.name}")
    if judge:
        _out(f"words judged by {judge.source}")
    total = 0
    refused = 0
    for n, text in enumerate(args.moves, 1):
        try:
            score = state.play(parse_move(state, text))
        except NotationError as exc:
            raise PrintkitError(f"move {n} {quoted(text.strip(), 79)}: {exc}") from None
        total += score.total
        _out(f"{n}. {text.strip()}")
        if isinstance(score.move, Pass):
            _out("   pass")
        elif isinstance(score.move, Exchange):
            _out(f"   exchange of {len(score.move.tiles)} tile{'s' if len(score.move.tiles) != 1 else ''}")
        for word in score.words:
            _out(f"   {word.word}: {word.explain()}")
            if judge:
                verdict = judge.judge(word.word.upper())
                refused += not verdict.allowed
                _out(f"      {'allowed' if verdict.allowed else 'REFUSED'}: {verdict.why}")
        if score.bonus:
            _out(f"   all {score.tiles} tiles: +{score.bonus}")
        _out(f"   turn {score.total}, total {total}")
    if judge:
        _out(f"words refused: {refused}")
    if args.gcg is not None:
        _write_record(args.gcg, kit, state, args.moves, args.force)
    return EXIT_OK if not refused else EXIT_FAILED


SCORE_RECORD = ".printkit-score.json"  # the game records printkit score wrote in a folder, by sha256


def _writable(path: str, option: str, force: bool = False) -> None:
    """Refuse at once a file the command could not write, or must not (before any work): an empty name, a
    folder, a device or pipe, a folder that does not exist, a file printkit did not write (without ``force``)."""
    from .written import Written

    if not path.strip():
        raise PrintkitError(f"{option} '': name the file to write")
    if os.path.isdir(path):
        raise PrintkitError(f"{option} {path}: is a folder; name a file in it")
    if os.path.lexists(path) and not os.path.isfile(path):
        raise PrintkitError(f"{option} {path}: is not a plain file (a device, a pipe or a broken link): "
                            f"printkit writes only files")
    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder):
        raise PrintkitError(f"{option} {path}: the folder {folder} does not exist")
    Written(folder, SCORE_RECORD, "printkit score", force=force).refuse([os.path.basename(path)], _ADVICE)


_ADVICE = "move it away, give another --gcg, or --force to replace it; nothing was written"


def _write_record(path: str, kit, state, moves, force: bool = False) -> None:
    """The moves as a GCG record, written whole or not at all, replacing only a record printkit score wrote
    there (the folder's ``.printkit-score.json``), unless ``force``."""
    from .engine.gcg import write_gcg
    from .engine.replay import game_record
    from .text import words
    from .written import Written

    say = words(kit.language)
    players = [name or say("player_n", n=i) for i, name in enumerate(kit.play.players, 1)]
    record = game_record(kit, state, [m.strip() for m in moves], players,
                         description=f"Scored with printkit {__version__}, kit {kit.name}")
    data = write_gcg(record).encode("utf-8")
    folder = os.path.dirname(os.path.abspath(path))
    try:
        Written(folder, SCORE_RECORD, "printkit score", force=force).write({os.path.basename(path): data},
                                                                                   _ADVICE)
    except OSError as exc:
        raise PrintkitError(f"--gcg {path}: cannot write it ({exc.strerror or exc}); nothing was written") from None
    turns = len(record.events)
    _out(f"game record: {path} ({turns} turn{'s' if turns != 1 else ''}, {len(record.players)} players)")


def _judge(args, kit):
    """The kit's judge when ``--judge`` is given (None otherwise); ``--words`` alone is a mistake."""
    if not args.judge:
        if args.words_file:
            raise PrintkitError("--words is the word list of --judge: give --judge too")
        return None
    from .engine.judge import judge_for

    return judge_for(kit, args.words_file)


def _word(args) -> int:
    import unicodedata
    from dataclasses import replace

    from .config import DEFAULT_KIT, load_kit
    from .engine.judge import WordsError, judge_for, letters_problem, normalise

    kit = load_kit(args.kit or DEFAULT_KIT)
    lay, d = kit.layout, kit.distribution
    longest = max(lay.rows, lay.cols) * max(len(f) for f in d.faces())  # letters of the longest word it holds
    words = []
    for n, text in enumerate(args.words, 1):
        word = normalise(text, d)
        why = letters_problem(word, d)
        if why is None and len(word) > longest:
            why = (f"{len(word)} letters: no word that long fits the board {lay.name} "
                   f"({max(lay.rows, lay.cols)} squares)")
        if why:
            raise WordsError(f"word {n} {quoted(text.strip(), 40)}: {why}")
        words.append(word)
    judge = judge_for(kit, args.words_file)
    if args.words_file is None:  # the rule judged by, as the rules file declares it (and the card prints it)
        from .text import words as sentences
        from .text.rules import heading, words_rule

        say = sentences("en")
        by = heading(kit.rules.source("words").by, say)
        _out(f"rule: {words_rule(kit.rules, say)} (rules {kit.rules.name}: {by[:1].lower()}{by[1:]})")
    shown = [unicodedata.normalize("NFC", t.strip()).upper() for t in args.words]  # as typed: ЁЖ, not ЕЖ
    verdicts = [replace(judge.judge(w), word=s) for w, s in zip(words, shown)]
    for v in verdicts:
        _out(v.line())
    return EXIT_OK if all(v.allowed for v in verdicts) else EXIT_FAILED


def _fit(args) -> int:
    from . import fitreport as fitting

    if args.derive:
        if args.kit or args.words_file:
            raise PrintkitError("--derive makes a new set from --language: it takes no kit and no --words")
        if not args.language:
            raise PrintkitError("--derive needs --language CODE (bg, it, …)")
        made = fitting.derive(args.language, 100 if args.tiles is None else args.tiles,
                              2 if args.blanks is None else args.blanks, args.out or os.path.join("out", "derived"),
                              force=args.force)
        for line in made.lines:
            _out(line)
        _out(made.kit_path)
        return EXIT_OK
    if args.tiles is not None or args.blanks is not None:
        raise PrintkitError("--tiles and --blanks are for --derive")
    from .config import DEFAULT_KIT, load_kit

    kit = load_kit(args.kit or DEFAULT_KIT)
    report = fitting.fit_kit(kit, words_file=args.words_file, language=args.language,
                             out=args.out or os.path.join("out", kit.name, "fit"), force=args.force)
    _report(report, args.json)
    return EXIT_OK


def _replay(args) -> int:
    from .config import kit_names, load_kit, load_layout
    from .engine.gcg import read_gcg
    from .engine.replay import guess_kit, replay

    record = read_gcg(args.record)
    if args.kit:
        kit, why = load_kit(args.kit), "--kit"
    else:
        name, why = guess_kit(record, kit_names())
        kit = load_kit(name)
    layout, notes = None, []
    if record.board_layout and record.board_layout != kit.layout.name:
        layout = load_layout(record.board_layout)
        if layout is None:
            notes.append(f"note: #board-layout {record.board_layout} is not a shipped layout; playing on "
                         f"{kit.layout.name}")
    board = layout.name if layout else kit.layout.name
    judge = _judge(args, kit)
    result = replay(record, kit, layout, judge=judge.judge if judge else None)  # RecordError: exit 2, no output
    for line in notes:
        _out(line)
    _out(f"{record.name}: kit {kit.name} ({why}), board {board}, rules {kit.rules.name}")
    if record.by_order:
        shared = sorted({p.nick for p in record.players if sum(q.nick == p.nick for q in record.players) > 1})
        _out(f"note: the players share the nickname{'s' if len(shared) > 1 else ''} {', '.join(shared)}: turns "
             f"go to them in order, as Quackle reads such a record")
    if judge:
        _out(f"words judged by {judge.source}")
    for s in result.steps:
        refused = [v for v in s.judged if not v.allowed]
        if args.quiet and s.matched and not refused:
            continue
        score = "—" if s.score is None else f"{s.score:+d}"
        total = "" if s.total is None else f" total {s.total}"
        verdict = "ok" if s.matched else f"DIFFERS: {s.problem}"
        words = ("  words: " + ", ".join(f"{v.word} {'ok' if v.allowed else 'REFUSED'}" for v in s.judged)
                 if s.judged else "")
        _out(f"{record.name}:{s.line}: {s.player} {s.what} {score}{total}  {verdict}{words}")
        for v in refused:
            _out(f"   REFUSED {v.line()}")
    summary = f"moves: {result.moves}, matched: {result.matched}, differ: {result.differ}"
    if judge:
        summary += f", words refused: {result.refused}"
    _out(summary)
    return EXIT_OK if result.differ == 0 and result.refused == 0 else EXIT_FAILED


def _simulate(args) -> int:
    import time

    from . import simreport
    from .config import DEFAULT_KIT, load_kit

    simreport.check_limits(args.games, args.players, args.jobs, args.seed)
    kit = load_kit(args.kit or DEFAULT_KIT)
    progress = None
    if sys.stderr.isatty():
        began = time.monotonic()

        def progress(done: int, moves: int) -> None:
            spent = time.monotonic() - began
            left = spent / done * (args.games - done)
            try:  # a bar on the terminal only, rewritten in place; it is never part of the output
                sys.stderr.write(f"\r{done}/{args.games} games, {moves / max(spent, 1e-9):.0f} moves/s, "
                                 f"{left:.0f} s left " + ("\n" if done == args.games else ""))
                sys.stderr.flush()
            except (OSError, ValueError):
                pass

    if args.compare:
        if args.gcg or args.chart:
            raise PrintkitError("--compare puts the sets' figures side by side: --gcg and --chart are for one kit")
        kits = [kit] + [load_kit(name) for name in args.compare]
        reports = []
        for k in kits:
            reports.append(simreport.simulate_kit(k, args.games, args.seed, args.players, args.jobs, args.lexicon,
                                                  args.leave, progress=progress))
            if reports[-1].stopped:  # Ctrl-C stops the whole comparison, not the one kit
                break
        _end_bar(progress, reports[-1])
        unplayed = [k.name for k in kits[len(reports):]]
        if args.json:
            import json

            _out(json.dumps({"compare": [r.json() for r in reports], "not_played": unplayed}, ensure_ascii=False,
                            indent=2))
        else:
            for line in simreport.compare_lines(reports, unplayed):
                _out(line)
        return EXIT_OK
    report = simreport.simulate_kit(kit, args.games, args.seed, args.players, args.jobs, args.lexicon, args.leave,
                                    args.gcg, progress, args.chart, force=args.force)
    _end_bar(progress, report)
    _report(report, args.json)
    return EXIT_OK


def _end_bar(progress, report) -> None:
    """A progress bar a stop cut short ends its line, so that the stop's message starts its own."""
    if progress is not None and report.stopped:
        try:
            sys.stderr.write("\n")
            sys.stderr.flush()
        except (OSError, ValueError):
            pass


def _build(args) -> int:
    from .build import build_kit
    from .config import DEFAULT_KIT, load_kit

    kit = load_kit(args.kit or DEFAULT_KIT, _flags(args))
    only = None if args.only is None else [p.strip() for p in args.only.split(",") if p.strip()]
    passed = []

    def after(result) -> None:  # while the kit's folder is still locked: no other build changes it meanwhile
        if not args.quiet:
            if kit.print_scale != (1.0, 1.0):
                _out(_compensation(kit))
            for line in result.lines():
                _out(line)
        if args.no_verify:
            return
        from .verify import verify

        report = verify(result.folder, kit=kit, say=_note, memo=True)
        for check in report.failures:
            _out(check.line())
        if not args.quiet or not report.passed:
            _out(report.summary())
        passed.append(report.passed)

    build_kit(kit, args.out, only=only, say=_note, after=after)
    return EXIT_OK if all(passed) else EXIT_FAILED


def _serve(args) -> int:
    try:
        import flask  # noqa: F401 - the optional extra
    except ImportError:
        _err("printkit: the web page needs the optional extra (Flask): pip install 'printkit[serve]'")
        return EXIT_INPUT
    if args.port is not None and not 0 <= args.port <= 65535:
        raise PrintkitError(f"--port {args.port}: a port is 0 to 65535 (0: a free one)")
    from .serve.run import serve

    code = serve(args.host, args.port, args.open, say=_out, warn=_err)
    if interrupt.stopped() == signal.SIGINT:  # Ctrl-C is how the server ends: exit 0
        interrupt.reset()
    return code


def _verify(args) -> int:
    from .verify import verify

    report = verify(args.folder, kit_file=args.kit, laser=args.laser, say=_note)
    for check in report.checks:
        if not args.quiet or check.status == "FAIL":
            _out(check.line())
    _out(report.summary())
    return EXIT_OK if report.passed else EXIT_FAILED


def _compensation(kit) -> str:
    """What the printer's compensation does, said both ways, so that a factor entered upside down
    shows at once: for 199.2 mm measured, "drawn ×1.0040 … where 200 mm printed as 199.20 mm"."""
    sx, sy = kit.print_scale
    return (f"printer compensation: the sheets for the printer drawn ×{sx:.4f} across and ×{sy:.4f} down, to print "
            f"true to size on a printer that prints 200 mm as {200 / sx:.2f} mm across and {200 / sy:.2f} mm down "
            f"(calibration.pdf and the laser and plotter files as they are)")


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
