"""The command line's parser: argparse, with every text argument refusing an empty value, help
broken at spaces only, the arguments of a command added only when that command is used (the
flags made from the kit's option declarations load the config package, which ``printkit list``
and ``--help`` do without), and a usage error that names the nearest command or option ("did you
mean") under the command's own usage. The commands are the modules named in :data:`COMMANDS`,
each with its ``HELP`` line, its ``arguments(parser)`` and its ``run(args)``."""

from __future__ import annotations

import argparse
import importlib
import sys
from typing import Callable

from .. import __version__
from .terminal import EXIT_INPUT, write

# the commands in the order --help lists them; each is the module printkit.cli.<name>
COMMANDS = ("check", "list", "schema", "score", "replay", "word", "fit", "simulate", "build", "serve", "site",
            "verify")


def given(what: str) -> Callable[[str], str]:
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


class Help(argparse.HelpFormatter):
    """argparse's help, its lines broken at spaces only: print-all and k40-whisperer stay whole."""

    def _split_lines(self, text: str, width: int) -> list[str]:
        import textwrap

        return textwrap.wrap(" ".join(text.split()), width, break_on_hyphens=False)


class Parser(argparse.ArgumentParser):
    def __init__(self, *args, **kwargs):
        kwargs.setdefault("formatter_class", Help)
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
        self._typed = list(sys.argv[1:] if args is None else args)  # for the error's "did you mean"
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
            action.type = given(_WHAT.get(action.metavar, action.metavar or "a value"))
        return super()._add_action(action)

    def _print_message(self, message: str, file=None) -> None:  # argparse would drop a failed write
        if message:
            stream = file or sys.stderr
            name = "standard output" if stream is sys.stdout else "standard error"
            write(stream, name, message[:-1] if message.endswith("\n") else message)

    def error(self, message: str):  # argparse's own exit code 2 matches ours; keep its one line
        import re

        from ..report import shortened

        # a value argparse quotes (invalid int value: '…') at most 40 characters, the line at most 300: a
        # 5000-digit --port is not a message
        message = re.sub(r"'([^'\n]{41,})'", lambda m: f"'{shortened(m[1], 40)}'", message)
        shown, message = self._meant(message)
        shown.print_usage(sys.stderr)
        self.exit(EXIT_INPUT, f"printkit: error: {shortened(message, 300)}\n")

    def _meant(self, message: str) -> tuple[argparse.ArgumentParser, str]:
        """The parser whose usage to show (a command's own, for an option it does not take) and the message
        with the nearest command or option named: ``printkit buld``, ``build --papr``, and ``verify --papr``,
        where argparse would only say that DIR/KIT is missing."""
        import re

        from ..config.reader import nearest

        commands = next((a.choices for a in self._actions if isinstance(a, argparse._SubParsersAction)), None)  # noqa: SLF001
        m = re.fullmatch(r"argument COMMAND: invalid choice: '([^']*)'.*", message, re.S)
        typed = getattr(self, "_typed", [])
        if commands and m:
            before = _before(commands, typed)
            if before:
                return before
            near = nearest(m[1], commands)
            hint = f"did you mean '{near}'? " if near else ""
            return self, f"no command '{m[1]}': {hint}the commands are {', '.join(commands)}"
        if commands is None and message.startswith("the following arguments are required"):
            hints = _hints(self, [w for w in typed if w.startswith("-")])  # a command's own parser
            return self, message + (f" ({'; '.join(hints)})" if hints else "")
        m = re.fullmatch(r"unrecognized arguments: (.*)", message, re.S)
        chosen = next((a for a in typed if commands and a in commands), None)
        if not (commands and m and chosen):
            return self, message
        before = _before(commands, typed)
        if before:
            return before
        sub = commands[chosen]
        hints = _hints(sub, m[1].split())
        return sub, message + (f" ({'; '.join(hints)})" if hints else "")


def _before(commands: dict, typed: list[str]) -> tuple[argparse.ArgumentParser, str] | None:
    """``printkit --papr A4 build``: an option typed before the command, which takes it after."""
    chosen = next((a for a in typed if a in commands), None)
    if not (chosen and typed[0].startswith("-")):
        return None
    flag = typed[0].split("=", 1)[0]
    hints = _hints(commands[chosen], [flag])
    near = hints[0].split("did you mean ")[-1][:-1] if hints else flag
    return commands[chosen], f"'{flag}' comes before the command: a command's options follow it: " \
                             f"printkit {chosen} {near} ..."


def _hints(parser: argparse.ArgumentParser, words: list[str]) -> list[str]:
    """``--papr: did you mean --paper?`` for each of ``words`` that is an option ``parser`` does not take
    and is near one it does."""
    from ..config.reader import nearest

    parser._ready()  # noqa: SLF001 - our own class
    options = [o for a in parser._actions for o in a.option_strings]  # noqa: SLF001
    hints = []
    for word in words:
        flag = word.split("=", 1)[0]
        near = nearest(flag, options) if flag.startswith("-") and flag not in options else None
        if near:
            hints.append(f"{flag}: did you mean {near}?")
    return hints


def option_flags(parser: argparse.ArgumentParser) -> None:
    """``build``'s flags that override a kit's option, made from the option declarations
    (:mod:`printkit.config.options`): name, metavar, and help from the option's kind, choices and limits."""
    from ..config.options import flagged
    from ..config.reference import flag_help

    for o in flagged():
        parser.add_argument(o.flag.name, metavar=o.flag.metavar, dest=o.flag.dest, help=flag_help(o))


def set_option(parser: argparse.ArgumentParser) -> None:
    """``--set KEY=VALUE``: any kit option for this run, read as the kit file's value would be
    (:mod:`printkit.config.setting`)."""
    parser.add_argument("--set", action="append", default=[], dest="sets", metavar="KEY=VALUE",
                        help="set any kit option for this run as a kit file would, without writing one: a key of "
                             "the options table (printkit schema --markdown) and a value read as YAML reads it, "
                             "e.g. --set physical.tile_mm=24 --set laser.profile=k40-whisperer; repeatable")


def flags(args: argparse.Namespace) -> dict[str, str | None]:
    """The values of the flags that override a kit's options, by option key: one layer for load_kit."""
    from ..config.options import flagged

    return {o.key: getattr(args, o.flag.dest) for o in flagged() if hasattr(args, o.flag.dest)}


def number(text: str) -> int:
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


def command(name: str):
    """The module of the command ``name``."""
    return importlib.import_module(f"{__package__}.{name}")


def parser() -> argparse.ArgumentParser:
    p = Parser(prog="printkit", description="Print, laser and scoring kit for a home-made crossword tile game.")
    p.add_argument("--version", action="version", version=f"printkit {__version__}")
    sub = p.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)
    for name in COMMANDS:
        module = command(name)
        c = sub.add_parser(name, help=module.HELP)
        c.later(module.arguments)
        c.set_defaults(run=module.run)
    return p
