"""Laser materials (``templates/materials/*.yaml``, or a file of the user's): for one material and one kind of
laser, each operation's speed, power, passes and fill interval, with where the figures come from.

A laser profile says how its software reads a file (colours, layers, order); a material says how hard the beam
works. The kit's ``laser.material`` (``--material``) names one, else the profile's ``material:``; its figures
fill in every setting the profile does not write itself (:func:`apply_material`), so a user's profile that has
found its own cut speed keeps it. They are a starting point: the kerf coupon decides.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from types import MappingProxyType

from ..model import Machine, Material
from .option import REQUIRED
from .options import INNER_CUT, OPERATIONS, SETTINGS, Option, corner_power_fits, power_options, read
from .profiles import MATERIALS
from .reader import Problems
from .yamlsrc import Mark

SHELF = MATERIALS
NONE = "none"  # laser.material: none, no material (a profile that writes every setting, or none at all)
OPS = OPERATIONS + (INNER_CUT,)


def _options(op: str) -> tuple[Option, ...]:
    """An operation's figures: speed and power required (the inner cuts': the cut's where not given)."""
    own = op != INNER_CUT
    speed = Option(f"{op}.speed_mm_s", "number", f"speed of {op}, mm/s", REQUIRED if own else None, 0.1, 5000,
                   lo_open=True, shown="" if own else "the cut's")
    powers = power_options(op, op.replace("_", " "), op == "engrave", shown="" if own else "the cut's")
    return (speed, *(replace(o, default=REQUIRED) if own and o.key.endswith(".power_pct") else o for o in powers))


MATERIAL_OPTIONS: tuple[Option, ...] = (
    Option("name", "text", "the material's name", shown="the file's name"),
    Option("title", "text", "the material and the laser, in words (3 mm birch plywood, a 40 W CO2 laser)", REQUIRED),
    Option("laser", "text", "the laser the figures are for (40 W CO2, 10 W diode)", REQUIRED),
    Option("thickness_mm", "mm", "the material's thickness", REQUIRED, 0.1, 50, unit="mm"),
    Option("source", "text", "where the figures come from", REQUIRED),
    *(o for op in OPS for o in _options(op)),
)


def material_names() -> list[str]:
    return SHELF.names()


def load_material(ref: str, base: Path, where: Mark | str, problems: Problems) -> Material | None:
    """The material ``ref`` names (a shipped name or a file), validated; None after recording what is wrong."""
    found = SHELF.read(ref, base, where, problems)
    if found is None:
        return None
    path, root = found
    before = len(problems.items)
    v = read(root, problems, "a laser material", MATERIAL_OPTIONS, {})
    if len(problems.items) > before:
        return None
    name = SHELF.name(v["name"], v.marks.get("name", root.mark), path, problems)
    if name is None:
        return None
    operations = {}
    for op in OPS:
        figures = {key: v[f"{op}.{key}"] for key in SETTINGS if v.values.get(f"{op}.{key}") is not None}
        if not corner_power_fits(v, f"{op}.", op, problems):
            return None
        if figures:
            operations[op] = MappingProxyType(figures)
    return Material(name=name, title=v["title"], laser=v["laser"], thickness_mm=v["thickness_mm"],
                    operations=MappingProxyType(operations), source=v["source"], at=str(root.mark))


def apply_material(machine: Machine, material: Material | None) -> Machine:
    """``machine`` with the settings it does not write taken from ``material`` (the inner cuts: their own, else
    the cut's, as the profile's own inner cuts take the cut's); ``material`` None: as it is."""
    if material is None:
        return machine

    def value(op: str, key: str):
        if f"{op}.{key}" in machine.given:
            return getattr(machine.operations[op], key)
        found = material.operations.get(op, {}).get(key)
        if found is not None:
            return found
        if op == INNER_CUT:
            return value("cut", key)
        return getattr(machine.operations[op], key)

    operations = {op: replace(machine.operations[op], **{key: value(op, key) for key in SETTINGS})
                  for op in OPS}
    return replace(machine, operations=MappingProxyType(operations), settings=material)


__all__ = ["MATERIAL_OPTIONS", "NONE", "apply_material", "load_material", "material_names"]
