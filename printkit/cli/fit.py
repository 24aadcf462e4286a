"""``printkit fit``: how well a kit's counts and values fit its language; or a new set derived from it."""

from __future__ import annotations

import argparse
import os

from ..errors import PrintkitError
from . import terminal
from .parser import number
from .terminal import EXIT_OK, out

HELP = "how well a kit's tile counts and values fit its language; or --derive a new set"


def arguments(f: argparse.ArgumentParser) -> None:
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
    f.add_argument("--tiles", type=number, metavar="N", help="with --derive: tiles in the set, blanks included "
                                                              "(default: 100)")
    f.add_argument("--blanks", type=number, metavar="B", help="with --derive: blanks (default: 2)")


def run(args) -> int:
    from .. import fitreport as fitting

    if args.derive:
        if args.kit or args.words_file:
            raise PrintkitError("--derive makes a new set from --language: it takes no kit and no --words")
        if not args.language:
            raise PrintkitError("--derive needs --language CODE (bg, it, …)")
        made = fitting.derive(args.language, 100 if args.tiles is None else args.tiles,
                              2 if args.blanks is None else args.blanks, args.out or os.path.join("out", "derived"),
                              force=args.force)
        for line in made.lines:
            out(line)
        out(made.kit_path)
        return EXIT_OK
    if args.tiles is not None or args.blanks is not None:
        raise PrintkitError("--tiles and --blanks are for --derive")
    from ..config import DEFAULT_KIT, load_kit

    kit = load_kit(args.kit or DEFAULT_KIT)
    report = fitting.fit_kit(kit, words_file=args.words_file, language=args.language,
                             out=args.out or os.path.join("out", kit.name, "fit"), force=args.force)
    terminal.report(report, args.json)
    return EXIT_OK
