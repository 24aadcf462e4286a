"""3D printer profiles (``templates/printers/*.yaml``, or a file of the user's): the bed, the layer
height the tiles' letters are inset by, the nozzle, and where the figures come from. Read and
validated as the laser's profiles are (:mod:`.machine`): every problem at its file:line:col.
"""

from __future__ import annotations

import re
from pathlib import Path

from ..errors import ConfigError
from ..model import Printer
from ..paths import shown, templates_dir
from .machine import parse_size
from .options import PRINTER_OPTIONS, parsed, read
from .reader import Problems, describe, suggest
from .yamlsrc import Map, Mark, parse_file

MIN_BED, MAX_BED = 50.0, 2000.0


def printers_dir() -> Path:
    return templates_dir() / "printers"


def printer_names() -> list[str]:
    return sorted(p.stem for p in printers_dir().glob("*.yaml"))


def _is_file(ref: str) -> bool:
    return ref.endswith((".yaml", ".yml")) or "/" in ref or "\\" in ref


def find_printer(ref: str, base: Path) -> Path | None:
    """The profile a name (``bambu-x1``) or a path (``my-printer.yaml``, relative to ``base``) means."""
    if _is_file(ref):
        path = Path(ref).expanduser()
        path = path if path.is_absolute() else base / path
    elif re.fullmatch(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,79}", ref):
        path = printers_dir() / f"{ref}.yaml"
    else:
        return None
    try:
        return path if path.exists() and not path.is_dir() else None
    except OSError:
        return None


_read_bed = parsed(lambda text: parse_size(text, MIN_BED, MAX_BED), named=True)


def load_printer(ref: str, base: Path, where: Mark | str, problems: Problems) -> Printer | None:
    """The profile ``ref`` names, validated; None after recording what is wrong."""
    path = find_printer(ref, base)
    if path is None:
        if _is_file(ref):
            problems.add(where, f"no 3D printer profile file '{ref[:80]}'")
            return None
        names = printer_names()
        hint = suggest(ref, names) if len(ref) <= 100 else ""
        problems.add(where, f"no 3D printer profile named '{ref[:80]}'"
                            f"{hint or ' (there are: ' + ', '.join(names) + ')'}")
        return None
    try:
        root = parse_file(path, shown(path))
    except ConfigError as exc:
        problems.items.extend(exc.problems)
        return None
    if not isinstance(root, Map):
        problems.add(root.mark, f"a 3D printer profile must be a mapping of keys, not {describe(root)}")
        return None
    before = len(problems.items)
    v = read(root, problems, "a 3D printer profile", PRINTER_OPTIONS, {"size": _read_bed})
    if len(problems.items) > before or any(x is None for k, x in v.values.items() if k not in ("name", "title")):
        return None
    if not v["source"].strip():
        problems.add(v.marks["source"], "'source' is blank: say where the bed and layer figures come from")
        return None
    name = v["name"] or path.stem
    return Printer(name=name, title=v["title"] or name, bed_w=v["bed"][0], bed_h=v["bed"][1], layer_mm=v["layer_mm"],
                   nozzle_mm=v["nozzle_mm"], source=v["source"], slicer=v["slicer"], file=shown(path))


__all__ = ["find_printer", "load_printer", "printer_names", "printers_dir"]
