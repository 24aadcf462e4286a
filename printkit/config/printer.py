"""3D printer profiles (``templates/printers/*.yaml``, or a file of the user's): the bed, the layer
height the tiles' letters are inset by, the nozzle, and where the figures come from. Read and
validated as the laser's profiles are (:mod:`.machine`): every problem at its file:line:col.
"""

from __future__ import annotations

from pathlib import Path

from ..model import Printer
from ..paths import shown
from .options import PRINTER_OPTIONS, parsed, read
from .profiles import PRINTERS
from .reader import Problems
from .sizes import parse_size
from .yamlsrc import Mark

MIN_BED, MAX_BED = 50.0, 2000.0
# The room each slicer's wipe (prime) tower takes, with its brim: its width, and the depth each filament change of
# a layer adds. PrusaSlicer: wipe_tower_width 60 mm (PrintConfig.cpp's default) and a brim of 3 mm a side (the MMU
# print profiles of PrusaResearch.ini; the default is 2), measured with PrusaSlicer 2.5's command line at its default
# purge (140 mm³ a change): extrusions 66.4 × 18.9 mm with one change a layer (a tile's letters), 60 + 3.2 a side
# wide; 69.2 mm deep with five (a board piece's six parts) and a brim of 2. Bambu Studio: prime_tower_width 35 mm and
# a brim of 3 mm a side; its depth (prime_volume 45 mm³ a change over a 0.2 mm layer 35 mm wide: 6.4 mm, and its
# walls) is not measured here.
TOWER_MM = {"prusa": (67.0, 20.0), "bambu": (42.0, 16.0)}


def printers_dir() -> Path:
    return SHELF.folder()


SHELF = PRINTERS


def printer_names() -> list[str]:
    return SHELF.names()


def find_printer(ref: str, base: Path) -> Path | None:
    """The profile a name (``bambu-x1``) or a path (``my-printer.yaml``, relative to ``base``) means."""
    return SHELF.find(ref, base)


_read_bed = parsed(lambda text: parse_size(text, MIN_BED, MAX_BED), named=True)


def load_printer(ref: str, base: Path, where: Mark | str, problems: Problems) -> Printer | None:
    """The profile ``ref`` names, validated; None after recording what is wrong."""
    found = SHELF.read(ref, base, where, problems)
    if found is None:
        return None
    path, root = found
    before = len(problems.items)
    v = read(root, problems, "a 3D printer profile", PRINTER_OPTIONS, {"size": _read_bed})
    optional = ("name", "title", "tower_width_mm", "tower_depth_mm")
    if len(problems.items) > before or any(x is None for k, x in v.values.items() if k not in optional):
        return None
    if not v["source"].strip():
        problems.add(v.marks["source"], "'source' is blank: say where the bed and layer figures come from")
        return None
    name = v["name"] or path.stem
    return Printer(name=name, title=v["title"] or name, bed_w=v["bed"][0], bed_h=v["bed"][1], layer_mm=v["layer_mm"],
                   nozzle_mm=v["nozzle_mm"], source=v["source"], slicer=v["slicer"], filaments=v["filaments"],
                   tower_mm=(v["tower_width_mm"] or TOWER_MM[v["slicer"]][0],
                             v["tower_depth_mm"] or TOWER_MM[v["slicer"]][1]),
                   file=shown(path))


__all__ = ["find_printer", "load_printer", "printer_names", "printers_dir"]
