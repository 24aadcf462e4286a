"""``printkit verify``: a built kit's files re-measured against its manifest and the kit."""

from __future__ import annotations

import argparse

from .terminal import EXIT_FAILED, EXIT_OK, note, out

HELP = "re-measure a built kit's files against its manifest and the kit"


def arguments(v: argparse.ArgumentParser) -> None:
    """``verify``'s arguments, added when the command is given or its help shown."""
    v.add_argument("folder", metavar="DIR/KIT", help="a built kit's folder (the one holding manifest.json)")
    v.add_argument("--kit", metavar="FILE", help="the kit file it was built from (default: the shipped kit "
                                                  "the manifest names)")
    v.add_argument("--laser", metavar="NAME|FILE", help="the laser profile, when the manifest's is not a "
                                                         "shipped one")
    v.add_argument("-q", "--quiet", action="store_true", help="print only the failures and the summary")


def run(args) -> int:
    from ..verify import verify

    report = verify(args.folder, kit_file=args.kit, laser=args.laser, say=note)
    for check in report.checks:
        if not args.quiet or check.status == "FAIL":
            out(check.line())
    out(report.summary())
    return EXIT_OK if report.passed else EXIT_FAILED
