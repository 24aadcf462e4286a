"""Laser machine profiles (``templates/machines/*.yaml``, or a file of the user's): the colour and
stroke width each operation is read by, the job order, the bed, the file formats and the speeds.
"""

from __future__ import annotations

import re
from pathlib import Path
from types import MappingProxyType

from ..formats import names
from ..model import Machine, Operation
from ..paths import shown
from .options import INNER_CUT, MACHINE_OPTIONS, OPERATIONS, SETTINGS, Option, corner_power_fits, parsed, read
from .profiles import MACHINES
from .reader import Fields, Problems, word_list
from .sizes import MAX_BED, MIN_BED, parse_size  # noqa: F401 - MAX_BED, MIN_BED: the machine's names
from .yamlsrc import Map, Mark

HEX = re.compile(r"#[0-9a-fA-F]{6}\Z")


def machines_dir() -> Path:
    return SHELF.folder()


SHELF = MACHINES


def machine_names() -> list[str]:
    return SHELF.names()


def find_machine(ref: str, base: Path) -> Path | None:
    """The profile a name (``lightburn``) or a path (``my-laser.yaml``, relative to ``base``) means."""
    return SHELF.find(ref, base)


def load_machine(ref: str, base: Path, where: Mark | str, problems: Problems) -> Machine | None:
    """The profile ``ref`` names, validated; None after recording what is wrong."""
    found = SHELF.read(ref, base, where, problems)
    if found is None:
        return None
    path, root = found
    key = (id(root), str(path), shown(path))
    built = _BUILT.get(key)
    if built is not None and built[0] is root:  # the same parsed file (the parse cache shares it): as before
        return built[1]
    machine = _machine(root, path, problems)
    if machine is not None:
        if len(_BUILT) >= BUILT_KEPT:
            _BUILT.clear()
        _BUILT[key] = (root, machine)
    return machine


_BUILT: dict[tuple, tuple[Map, Machine]] = {}  # profiles built, by their parsed tree, path and shown name
BUILT_KEPT = 64


def _machine(root: Map, path: Path, problems: Problems) -> Machine | None:
    before = len(problems.items)
    v = read(root, problems, "a laser profile", MACHINE_OPTIONS,
             {"size": read_size, "formats": _formats, "order": _order, "colour": _colour})
    optional = {o.key for o in MACHINE_OPTIONS if o.default is None}  # absent: "as the cut", "the standard one"…
    if len(problems.items) > before or any(x is None for k, x in v.values.items() if k not in optional):
        return None
    operations = {op: Operation(colour=v[f"operations.{op}.colour"].lower(), width_mm=v[f"operations.{op}.width_mm"],
                                fill=v[f"operations.{op}.fill"], speed_mm_s=v[f"operations.{op}.speed_mm_s"],
                                aci=v[f"operations.{op}.aci"], **_power(v, op))
                  for op in OPERATIONS}
    cut = operations["cut"]
    inner = f"operations.{INNER_CUT}."
    own = v[inner + "colour"] is not None and v[inner + "colour"].lower() != cut.colour
    as_cut = {k: getattr(cut, k) if v.values.get(inner + k) is None else v[inner + k]
              for k in ("power_pct", "min_power_pct", "passes")}
    operations[INNER_CUT] = Operation(
        colour=(v[inner + "colour"] or cut.colour).lower(),
        width_mm=cut.width_mm if v[inner + "width_mm"] is None else v[inner + "width_mm"], fill=False,
        speed_mm_s=v[inner + "speed_mm_s"] or cut.speed_mm_s, aci=v[inner + "aci"] if own else cut.aci, **as_cut)
    if not _powers_in_order(v, problems):
        return None
    # what the profile writes of each operation's settings (the inner cuts', where it gives the cut's: theirs)
    given = {key.split(".", 1)[1] for key in v.marks if key.startswith("operations.") and key.endswith(SETTINGS)}
    given |= {f"{INNER_CUT}.{key.split('.', 1)[1]}" for key in given if key.startswith("cut.")}
    name = v["name"] or path.stem
    if v["maps_by"] == "colour" and not _colours_apart(v, operations, name, v["title"] or name, problems):
        return None
    if "dxf" in v["formats"] and not _distinct_aci(operations, v, root, problems):
        return None
    return Machine(name=name, title=v["title"] or name, bed_w=v["bed"][0], bed_h=v["bed"][1],
                   formats=tuple(v["formats"]), operations=MappingProxyType(operations), order=job_order(v["order"]),
                   travel_mm_s=v["travel_mm_s"], line_mm=v["line_mm"], source=shown(path), maps_by=v["maps_by"],
                   reads_widths=v["reads_widths"], bed_at=str(v.marks["bed"]) if "bed" in v.marks else "",
                   material=v["material"] or "", given=frozenset(given), material_at=_at(v, "material"),
                   formats_at=_at(v, "formats"))


def _at(v, key: str) -> str:
    return str(v.marks[key]) if key in v.marks else ""


def _power(v, op: str) -> dict:
    """The power settings the profile writes for ``op`` (None where it writes none; one pass)."""
    at = f"operations.{op}."
    return {"power_pct": v[at + "power_pct"], "min_power_pct": v[at + "min_power_pct"],
            "passes": v[at + "passes"] or 1, "interval_mm": v.values.get(at + "interval_mm")}


def _powers_in_order(v, problems: Problems) -> bool:
    """No operation's power at corners above its power (LightBurn would take the two the other way round)."""
    return all(corner_power_fits(v, f"operations.{op}.", op, problems) for op in OPERATIONS + (INNER_CUT,))


def _colours_apart(v, operations: dict, name: str, title: str, problems: Problems) -> bool:
    """Where the software maps colour to operation, no two operations of the profile share a
    colour (they would run as one: an inner cut with the cut that frees the part, a score at cutting
    power); the one written last is refused at its colour. An inner cut whose colour is not given
    is no operation of its own (it goes first in the file instead)."""
    ops = [op for op in ("engrave", "score", INNER_CUT, "cut")
           if op != INNER_CUT or v[f"operations.{INNER_CUT}.colour"] is not None]
    seen: dict[str, str] = {}
    for op in sorted(ops, key=lambda o: _place(v.marks.get(f"operations.{o}.colour"))):
        colour = operations[op].colour
        if colour in seen:
            mark = v.marks.get(f"operations.{op}.colour") or v.marks.get(f"operations.{seen[colour]}.colour")
            problems.add(mark, f"'colour' {colour} of {op} is also the colour of {seen[colour]}: {title} tells "
                               f"operations apart by colour (maps_by: colour), so the two would run as one; give "
                               f"{op} a colour of its own")
            return False
        seen[colour] = op
    return True


def job_order(order) -> tuple[str, ...]:
    """``order`` with the inner cuts right before the cut where it does not list them."""
    order = tuple(order)
    if INNER_CUT in order:
        return order
    i = order.index("cut")
    return order[:i] + (INNER_CUT,) + order[i:]


def _place(mark: Mark | None) -> tuple[int, int]:
    """Where a value was written, for ordering (a default: before everything written)."""
    return (-1, -1) if mark is None else (mark.line, mark.col)


read_size = parsed(parse_size, named=True)  # a WxH option (a bed)


def _distinct_aci(operations: dict[str, Operation], v, root: Map, problems: Problems) -> bool:
    """In a DXF each operation of its own colour has its own colour number (ACI): software that
    sorts a DXF by the number (RDWorks, LaserCAD) would run two of one number as one operation."""
    try:
        from ..aci import aci, own_numbers
        numbers = {op: aci(o.colour, own_numbers(operations)) for op, o in operations.items()}
    except ImportError:  # no ezdxf: the build says so before it writes a DXF
        return True
    seen: dict[int, str] = {}
    own_inner = operations[INNER_CUT].colour != operations["cut"].colour  # else the cut's, and its number
    for op in OPERATIONS + ((INNER_CUT,) if own_inner else ()):
        first = seen.setdefault(numbers[op], op)
        if first != op and operations[first].colour != operations[op].colour:
            key = f"operations.{op}.aci" if f"operations.{op}.aci" in v.marks else f"operations.{op}.colour"
            problems.add(v.marks.get(key, root.mark),
                         f"{op} ({operations[op].colour}) and {first} ({operations[first].colour}) would both be "
                         f"colour number {numbers[op]} in a DXF, which software that sorts a DXF by colour number "
                         f"runs as one operation: give {op} an 'aci:' of its own (1-255)")
            return False
    return True


def _colour(f: Fields, o: Option):
    value = f.text(o.name, required=False)
    if value is not None and not HEX.match(value):
        f.problems.add(f.mark(o.name), f"'{o.name}' must be a colour written #rrggbb (quoted), not '{value}'")
        return None
    return value


def _formats(f: Fields, o: Option):
    return word_list(f, o.name, names(laser=True))


def _order(f: Fields, o: Option):
    """The job order: engrave, score and cut once each; inner_cut, if listed, before cut (a part
    that falls out before its inner cuts moves under the beam), else right before it."""
    node = f.raw(o.name)
    listed = word_list(f, o.name, OPERATIONS + (INNER_CUT,))
    if listed is None:
        return None
    if set(listed) - {INNER_CUT} != set(OPERATIONS):
        f.problems.add(node.mark, f"'{o.name}' must list each of {', '.join(OPERATIONS)} once")
        return None
    if INNER_CUT in listed and listed.index(INNER_CUT) > listed.index("cut"):
        item = node.items[listed.index(INNER_CUT)]
        f.problems.add(item.mark, f"'{o.name}' lists {INNER_CUT} after cut: the inner cuts go before the cut that "
                                  f"frees the part (which would fall out and move under the beam)")
        return None
    return listed


__all__ = ["find_machine", "job_order", "load_machine", "machine_names", "parse_size"]
