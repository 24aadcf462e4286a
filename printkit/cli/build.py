"""``printkit build``: a kit's print files written, then re-measured."""

from __future__ import annotations

import argparse

from .parser import flags, option_flags, set_option
from .terminal import EXIT_FAILED, EXIT_OK, note, out

HELP = 'write the print files of a kit'


def arguments(b: argparse.ArgumentParser) -> None:
    """``build``'s arguments, added when the command is given or its help shown."""
    b.add_argument("kit", nargs="?", default=None, metavar="KIT|FILE",
                   help="a kit name or file (default: krestoslovitsa)")
    b.add_argument("--out", default="out", metavar="DIR", help="where to write DIR/KIT/ (default: out)")
    b.later(_only)
    b.later(option_flags)
    b.later(set_option)
    b.later(_build_last)


def _only(parser: argparse.ArgumentParser) -> None:
    from ..products import names

    parser.add_argument("--only", metavar="PRODUCT,...", help=f"only these products ({', '.join(names())})")


def _build_last(parser: argparse.ArgumentParser) -> None:
    """``build``'s own switches, listed after the flags that override the kit."""
    parser.add_argument("--no-verify", action="store_true", help="do not re-measure the files after writing them")
    parser.add_argument("--no-previews", action="store_true",
                        help="no PNG previews (preview/): every other file the same, written sooner; the page in "
                             "the browser builds so")
    parser.add_argument("-q", "--quiet", action="store_true", help="print nothing but errors")


def run(args) -> int:
    from ..build import build_kit
    from ..config import DEFAULT_KIT, load_kit

    kit = load_kit(args.kit or DEFAULT_KIT, flags(args), args.sets)
    for status, where, text in kit.distribution.read_notes:  # as check says them: a warning, not a stop
        if status == "warn":
            note(f"{where}: warning: {text}")
    only = None if args.only is None else [p.strip() for p in args.only.split(",") if p.strip()]
    passed = []

    def after(result) -> None:  # while the kit's folder is still locked: no other build changes it meanwhile
        if not args.quiet:
            if kit.print_scale != (1.0, 1.0):
                out(_compensation(kit))
            for line in result.lines():
                out(line)
        if args.no_verify:
            return
        from ..verify import verify

        report = verify(result.folder, kit=kit, say=note, memo=True)
        for check in report.failures:
            out(check.line())
        if not args.quiet or not report.passed:
            out(report.summary())
        passed.append(report.passed)

    build_kit(kit, args.out, only=only, say=note, after=after, previews=not args.no_previews)
    return EXIT_OK if all(passed) else EXIT_FAILED


def _compensation(kit) -> str:
    """What the printer's compensation does, said both ways, so that a factor entered upside down
    shows at once: for 199.2 mm measured, "drawn ×1.0040 … where 200 mm printed as 199.20 mm"."""
    sx, sy = kit.print_scale
    return (f"printer compensation: the sheets for the printer drawn ×{sx:.4f} across and ×{sy:.4f} down, to print "
            f"true to size on a printer that prints 200 mm as {200 / sx:.2f} mm across and {200 / sy:.2f} mm down "
            f"(calibration.pdf and the laser and plotter files as they are)")
