"""``printkit list``: the shipped kits, one line each."""

from __future__ import annotations

from ..text.plural import english
from .terminal import EXIT_INPUT, EXIT_OK, err, out

HELP = 'list the shipped kits'


def arguments(parser) -> None:
    """``list`` takes no arguments."""


def run(args) -> int:
    from ..config import ConfigError, kit_names, load_kit

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
        out("  ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip())
    for line in bad:
        err(line)
    return EXIT_INPUT if bad else EXIT_OK
