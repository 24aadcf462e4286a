"""``printkit schema``: the JSON Schema of a kit file, or the table of its options."""

from __future__ import annotations

import argparse

from .terminal import EXIT_OK, out

HELP = 'print the JSON Schema of a kit file (for editors and forms)'


def arguments(sc: argparse.ArgumentParser) -> None:
    """``schema``'s arguments, added when the command is given or its help shown."""
    sc.add_argument("--markdown", action="store_true", help="print the table of kit options instead")


def run(args) -> int:
    from ..config.reference import markdown_table, schema_text

    text = markdown_table() if args.markdown else schema_text()
    out(text[:-1] if text.endswith("\n") else text)
    return EXIT_OK
