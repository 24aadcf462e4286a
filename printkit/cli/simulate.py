"""``printkit simulate``: self-play games of a kit by greedy players, and what they suggest."""

from __future__ import annotations

import argparse
import sys

from ..errors import PrintkitError
from . import terminal
from .parser import number
from .terminal import EXIT_OK, out

HELP = 'self-play games of a kit by greedy players: which letters stick on racks, what values the games suggest'


def arguments(sim: argparse.ArgumentParser) -> None:
    """``simulate``'s arguments, added when the command is given or its help shown."""
    sim.add_argument("kit", nargs="?", default=None, metavar="KIT|FILE", help="the kit (default: krestoslovitsa)")
    sim.add_argument("--games", type=number, default=100, metavar="N", help="games to play (default: 100)")
    sim.add_argument("--seed", type=number, default=1, metavar="S", help="the seed: the same seed, the same "
                                                                         "games (default: 1)")
    sim.add_argument("--players", type=number, default=2, metavar="N", help="players a game, 2 to 4 (default: 2)")
    sim.add_argument("--jobs", type=number, default=1, metavar="J", help="processes to play on (default: 1); "
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


def run(args) -> int:
    import time

    from .. import simreport
    from ..config import DEFAULT_KIT, load_kit

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

            out(json.dumps({"compare": [r.json() for r in reports], "not_played": unplayed}, ensure_ascii=False,
                            indent=2))
        else:
            for line in simreport.compare_lines(reports, unplayed):
                out(line)
        return EXIT_OK
    report = simreport.simulate_kit(kit, args.games, args.seed, args.players, args.jobs, args.lexicon, args.leave,
                                    args.gcg, progress, args.chart, force=args.force)
    _end_bar(progress, report)
    terminal.report(report, args.json)
    return EXIT_OK


def _end_bar(progress, report) -> None:
    """A progress bar a stop cut short ends its line, so that the stop's message starts its own."""
    if progress is not None and report.stopped:
        try:
            sys.stderr.write("\n")
            sys.stderr.flush()
        except (OSError, ValueError):
            pass
