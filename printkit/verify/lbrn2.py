"""LightBurn projects (``.lbrn2``), read back: one layer (``CutSetting``) for each layer of the job, in its order,
each typed, named and set as the profile and its material say (speed, power, passes, the fill's interval); every
shape on a layer of the project; then the laser checks of :mod:`.laser` (the job order, the bed, no cut made
twice, the tiles a sheet frees) and those of racks and boxes, on the shapes turned back to the page (y down).

The reader is printkit's own (printkit.writers.lbrn2 says what the format is): a project that declares a document
type or entities is refused unread.
"""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET
from pathlib import Path

from ..report import exception_text
from .box import check_box
from .context import Context
from .laser import check_laser
from .measure import LASER_LAYERS, close, pair, plural
from .racks import check_racks
from .report import Report
from .svgread import Shape

_VERTEX = re.compile(r"V\s*([-+0-9.eE]+)\s+([-+0-9.eE]+)((?:c[01][xy][-+0-9.eE]+)*)")
_CONTROL = re.compile(r"c([01])([xy])([-+0-9.eE]+)")
_PRIM = re.compile(r"([LB])\s*(\d+)\s+(\d+)")


class ProjectError(Exception):
    """What makes a file no LightBurn project printkit wrote."""


def read_project(data: bytes, height: float) -> tuple[list[dict], list[Shape], str]:
    """The project's cut settings (each a mapping of its values, ``type`` among them), its shapes on the page
    (y down from ``height``, each its layer's name as ``layer``) and its notes."""
    head = data[:4096]
    if b"<!DOCTYPE" in head or b"<!ENTITY" in data:
        raise ProjectError("it declares a document type or entities, which a LightBurn project has not")
    root = ET.fromstring(data)
    if root.tag != "LightBurnProject":
        raise ProjectError(f"its root is <{root.tag[:40]}>, not <LightBurnProject>")
    if root.get("FormatVersion") != "1":
        raise ProjectError(f"FormatVersion is {root.get('FormatVersion')!r}, not '1' (shapes as vertex lists)")
    settings: list[dict] = []
    for cs in root.findall("CutSetting"):
        values = {"type": cs.get("type")}
        for child in cs:
            values[child.tag] = child.get("Value")
        settings.append(values)
    names = {s.get("index"): s.get("name") or "" for s in settings}
    shapes: list[Shape] = []
    for el in root.iter("Shape"):
        kind = el.get("Type")
        if kind == "Group":
            continue
        index = el.get("CutIndex")
        layer = names.get(index, f"CutIndex {index}")
        shapes.append(_shape(el, kind, layer, height))
    notes = root.find("Notes")
    return settings, shapes, (notes.get("Notes", "") if notes is not None else "")


def _matrix(el) -> tuple[float, ...]:
    xform = el.find("XForm")
    if xform is None or not (xform.text or "").strip():
        return (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
    values = tuple(float(v) for v in xform.text.split())
    if len(values) != 6:
        raise ProjectError(f"an XForm of {len(values)} numbers, not 6")
    return values


def _shape(el, kind: str | None, layer: str, height: float) -> Shape:
    a, b, c, d, e, f = _matrix(el)

    def page(x: float, y: float) -> tuple[float, float]:  # the project's point → the page's (mm, y down)
        return a * x + c * y + e, height - (b * x + d * y + f)

    shape = Shape(kind or "", layer, None, None, 0.0)
    if kind == "Ellipse":
        rx, ry = float(el.get("Rx", "0")), float(el.get("Ry", "0"))
        cx, cy = page(0.0, 0.0)
        shape.curves = [("ellipse", round(cx, 3), round(cy, 3), round(rx, 3), round(ry, 3))]
        shape.box = (cx - rx, cy - ry, cx + rx, cy + ry)
        return shape
    if kind != "Path":
        raise ProjectError(f"a shape of type {kind!r}: printkit writes paths and ellipses")
    verts = []
    for m in _VERTEX.finditer(el.findtext("VertList") or ""):
        controls = {f"c{k}{axis}": float(v) for k, axis, v in _CONTROL.findall(m.group(3))}
        vert = {"v": page(float(m.group(1)), float(m.group(2)))}
        for k in "01":
            if f"c{k}y" in controls:
                vert[k] = page(controls[f"c{k}x"], controls[f"c{k}y"])
        verts.append(vert)
    points = []
    for kind_, i, j in _PRIM.findall(el.findtext("PrimList") or ""):
        i, j = int(i), int(j)
        if i >= len(verts) or j >= len(verts):
            raise ProjectError(f"a segment from vertex {i} to {j} of a path of {len(verts)}")
        p, q = verts[i]["v"], verts[j]["v"]
        if kind_ == "L":
            shape.lines.append((p, q))
            points += [p, q]
        else:
            c0, c1 = verts[i].get("0"), verts[j].get("1")
            if c0 is None or c1 is None:
                raise ProjectError(f"a curve from vertex {i} to {j} without its control points")
            shape.curves.append(("cubic", *(round(v, 3) for pt in (p, c0, c1, q) for v in pt)))
            points += [p, c0, c1, q]
    if points:
        xs, ys = [pt[0] for pt in points], [pt[1] for pt in points]
        shape.box = (min(xs), min(ys), max(xs), max(ys))
    return shape


def _machine(report: Report, ctx: Context, a: dict):
    """The profile the file was made for, with its material's settings: the kit's, or a shipped one's."""
    machine = ctx.machine(a["profile"]) if isinstance(a.get("profile"), str) else None
    material = a.get("material")
    if machine is None or isinstance(machine, str):
        return None
    if isinstance(material, str) and (machine.settings is None or machine.settings.name != material):
        found = ctx.material(material)
        if isinstance(found, str):
            report.fail(a["path"], found)
            return None
        from ..config.material import apply_material

        machine = apply_material(machine, found)
    return machine


def check_lbrn2(report: Report, ctx: Context, a: dict, data: bytes, path: Path) -> None:
    rel = a["path"]
    size = pair(a.get("page_mm")) or pair(a.get("bed_mm"))
    if size is None:
        report.fail(rel, "the manifest gives no page_mm or bed_mm: the project's shapes cannot be placed")
        return
    try:
        settings, shapes, notes = read_project(data, size[1])
    except (ET.ParseError, ProjectError, ValueError) as exc:
        report.fail(rel, f"cannot be read as a LightBurn project: {exception_text(exc, 119)}")
        return
    layers = [name for name, _ in (a.get("layers") or [])]
    _check_settings(report, ctx, a, settings, layers)
    names = {s.get("name") for s in settings}
    stray = [s for s in shapes if s.layer not in names]
    report.expect(not stray and bool(shapes), rel, f"{plural(len(shapes), 'shape')}, each on a layer of the project",
                  f"{plural(len(stray), 'shape')} on no layer of the project (the first: {stray[0].layer})"
                  if stray else "no shapes")
    ordered = [s.get("name") for s in sorted(settings, key=_priority)]
    check_laser(report, ctx, a, shapes, ordered, colour_only=True, paint=False)
    if a.get("kind") == "racks":
        check_racks(report, a, shapes)
    if a.get("kind") == "box":
        check_box(report, a, shapes)
    kit = ctx.manifest.get("kit")
    report.expect(isinstance(kit, str) and f"({kit})" in notes and "printkit " in notes, rel,
                  "the notes name the kit and printkit's version",
                  f"the notes do not name the kit ({kit}) and printkit's version")


def _priority(s: dict) -> float:
    try:
        return float(s.get("priority"))
    except (TypeError, ValueError):
        return math.inf


def _number(value) -> float | None:
    try:
        x = float(value)
    except (TypeError, ValueError):
        return None
    return x if math.isfinite(x) else None


def _check_settings(report: Report, ctx: Context, a: dict, settings: list[dict], layers: list[str]) -> None:
    """One CutSetting a layer of the manifest, in its order (priorities 0, 1, …), of distinct indexes, each typed
    (Scan: filled, Cut: lines) and set as the profile and its material say."""
    rel = a["path"]
    names = [s.get("name") for s in settings]
    priorities = [_number(s.get("priority")) for s in settings]
    indexes = [s.get("index") for s in settings]
    wrong = []
    if names != layers:
        wrong.append(f"layers {', '.join(map(str, names))}; the manifest lists {', '.join(layers)}")
    if priorities != list(range(len(settings))):
        shown = ", ".join("none" if p is None else f"{p:g}" for p in priorities)
        wrong.append(f"priorities {shown}, not 0 to {len(settings) - 1} in the file's order")
    if len(set(indexes)) != len(indexes):
        wrong.append(f"indexes {', '.join(map(str, indexes))}: two layers would be one in LightBurn")
    report.expect(not wrong, rel, f"{plural(len(settings), 'layer')} in job order: {', '.join(map(str, names))}",
                  "; ".join(wrong))
    machine = _machine(report, ctx, a)
    if machine is None:
        return
    off = []
    said = []
    for s in settings:
        operation = LASER_LAYERS.get(s.get("name") or "")
        if operation is None:
            continue
        op = machine.operations[operation]
        want = {"type": "Scan" if op.fill else "Cut", "speed": op.speed_mm_s, "maxPower": op.power_pct,
                "minPower": op.power_pct if op.min_power_pct is None else op.min_power_pct,
                "numPasses": op.passes or 1}
        if op.fill:
            want["interval"] = op.interval_mm or machine.line_mm
        for key, value in want.items():
            got = s.get(key) if key == "type" else _number(s.get(key))
            if value is None or got is None or (got != value if key == "type" else not close(got, value, 1e-6)):
                off.append(f"{s.get('name')}: {key} {s.get(key)}, the profile says {value}")
        said.append(f"{s.get('name')} {want['type']} {want['speed']:g} mm/s {want['minPower']:g}-"
                    f"{want['maxPower']:g} % ×{want['numPasses']}")
    material = f" and {machine.settings.name}" if machine.settings is not None else ""
    report.expect(not off, rel, f"settings of {machine.name}{material}: {'; '.join(said)}",
                  "; ".join(off[:4]) + (f" (and {len(off) - 4} more)" if len(off) > 4 else ""))
