"""``printkit site``: the web page as a static site, printkit running inside it (Pyodide), nothing to install."""

from __future__ import annotations

import argparse

from .terminal import EXIT_OK, out

HELP = "the web page as a static site that runs printkit in the browser: nothing to install, offline once opened"


def arguments(s: argparse.ArgumentParser) -> None:
    """``site``'s arguments, added when the command is given or its help shown."""
    s.add_argument("dir", metavar="DIR", help="the folder to write the site into (new, empty, or an earlier site)")
    s.add_argument("--pyodide", metavar="DIR", default=None,
                   help="the npm package pyodide, unpacked (default: node_modules/pyodide here, else downloaded "
                        "once from the npm registry and checked)")
    s.add_argument("-q", "--quiet", action="store_true", help="print nothing but errors")


def run(args) -> int:
    from ..site.make import make_site

    site = make_site(args.dir, args.pyodide)
    if not args.quiet:
        for line in site.lines():
            out(line)
    return EXIT_OK
