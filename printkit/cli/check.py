"""``printkit check``: a kit's tiles, board and rules against each other, and its figures."""

from __future__ import annotations

import argparse

from .parser import set_option
from .terminal import EXIT_FAILED, EXIT_INPUT, EXIT_OK, err, out

HELP = "check that a kit's tiles, board and rules hold together"


def arguments(c: argparse.ArgumentParser) -> None:
    """``check``'s arguments, added when the command is given or its help shown."""
    c.add_argument("kits", nargs="*", metavar="KIT|FILE", help="kit names or kit files (default: krestoslovitsa)")
    c.add_argument("--all", action="store_true", help="check every shipped kit")
    c.add_argument("--stats", action="store_true", help="print the set's figures (totals, vowels, rack odds)")
    c.add_argument("--compare", nargs="+", metavar="KIT", help="put these kits' figures side by side")
    c.add_argument("--simulate", type=int, default=0, metavar="N", help="also play N self-play games and warn of "
                                                                       "the letters that stick on racks")
    set_option(c)


def run(args) -> int:
    from ..check import check_kit
    from ..config import DEFAULT_KIT, ConfigError, kit_names, load_kit
    from ..products import estimate

    names = list(args.kits)
    if args.all:
        names += kit_names()
    if not names and not args.compare:
        names = [DEFAULT_KIT]
    code = EXIT_OK
    errors: list[str] = []
    for name in names:
        try:
            kit = load_kit(name, sets=args.sets)
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
        for line in report.lines(figures=args.stats):
            out(line)
        out()
        if not report.passed and code == EXIT_OK:
            code = EXIT_FAILED
    if args.compare:
        kits = []
        for name in dict.fromkeys(list(args.kits) + args.compare):
            try:
                kits.append(load_kit(name, sets=args.sets))
            except ConfigError as exc:
                errors.extend(exc.lines())
                code = EXIT_INPUT
        if kits:
            from ..stats import side_by_side

            for line in side_by_side(kits):
                out(line)
    for line in errors:
        err(line)
    return code
