"""The AutoCAD Colour Index (ACI): the colour number 1–255 a DXF gives each layer and entity. Laser
software that sorts a DXF's job by colour (RDWorks, LaserCAD) and viewers that ignore true colour
(Inkscape's DXF importer) read this number, so a DXF writes it beside the true colour.

One function, :func:`aci`, gives the number of any ``#rrggbb`` colour: the profile's own number for
it where the profile gives one (``operations.cut.aci``), else the standard number of the seven
standard colours (red 1, yellow 2, green 3, cyan 4, blue 5, magenta 6, black and white 7), else the
nearest colour of the ACI palette. The writer and ``printkit verify`` both ask it.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Mapping

STANDARD = {"#ff0000": 1, "#ffff00": 2, "#00ff00": 3, "#00ffff": 4, "#0000ff": 5, "#ff00ff": 6,
            "#000000": 7, "#ffffff": 7}
WHITE = 7  # black on a white background, white on a black one: the same number


def _rgb(colour: str) -> tuple[int, int, int]:
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


@lru_cache(maxsize=1)
def _palette() -> tuple[tuple[int, tuple[int, int, int]], ...]:
    """(number, rgb) of the ACI palette (ezdxf's table of it), with 7 both as white and as black."""
    from ezdxf.colors import aci2rgb

    out = [(i, tuple(aci2rgb(i))) for i in range(1, 256)]
    return tuple(out + [(WHITE, (0, 0, 0))])


def aci(colour: str, own: Mapping[str, int] | None = None) -> int:
    """The colour number of ``colour`` (``#rrggbb``): ``own`` (colour → number, as a profile gives
    them) first, then the standard colours, then the nearest of the palette (the lowest number of
    equally near ones)."""
    colour = colour.lower()
    if own and colour in own:
        return own[colour]
    if colour in STANDARD:
        return STANDARD[colour]
    r, g, b = _rgb(colour)
    return min(_palette(), key=lambda e: ((e[1][0] - r) ** 2 + (e[1][1] - g) ** 2 + (e[1][2] - b) ** 2, e[0]))[0]


def own_numbers(operations: Mapping) -> dict[str, int]:
    """The numbers a machine profile gives its operations' colours (``operations.OP.aci``):
    ``operations`` maps each operation to its :class:`~printkit.model.Operation`."""
    return {op.colour.lower(): op.aci for op in operations.values() if op.aci is not None}


__all__ = ["STANDARD", "aci", "own_numbers"]
