"""DXF files, read with ezdxf: millimetres, layers numbered in job order, colour numbers (ACI) as
RDWorks and LaserCAD sort by them, the extents and limits; then the laser checks of :mod:`.laser`."""

from __future__ import annotations

import hashlib
import re
from collections import OrderedDict
from pathlib import Path

from ..install import install_line
from ..report import exception_text
from .context import Context
from .laser import check_laser
from .measure import LASER_LAYERS, TOL, close, mm, pair, plural, size_text
from .report import Report
from .svgread import Shape

_UNITS = {0: "no unit", 1: "inches", 2: "feet", 4: "millimetres", 5: "centimetres", 6: "metres"}
# The DXF files read in this process, by the sha256 of their bytes: (the document, its entities, their extents,
# the file's size); past READ_KEPT_BYTES, the one used longest ago goes first.
# A verify of the same bytes (a build's file verified again, a test changing only the manifest's figures) reads
# neither the file nor its extents again; other bytes are another key. The checks only read what is kept.
_READ: OrderedDict[str, tuple] = OrderedDict()
READ_KEPT_BYTES = 4 * 1024 * 1024  # of DXF files kept read (the default kit's three are 1.2 MB; about 40 MB in memory)


def _read(data: bytes, path: Path) -> tuple:
    """The DXF of these bytes at ``path``: (document, entities, extents as (x0, y0, x1, y1) or None)."""
    import ezdxf
    from ezdxf import bbox as ezbbox

    digest = hashlib.sha256(data).hexdigest()
    kept = _READ.get(digest)
    if kept is not None:
        _READ.move_to_end(digest)
        return kept[:3]
    doc = ezdxf.readfile(str(path))
    entities = list(doc.modelspace())
    box = ezbbox.extents(entities, fast=False)
    read = (doc, entities, (box.extmin.x, box.extmin.y, box.extmax.x, box.extmax.y) if box.has_data else None)
    if len(data) <= READ_KEPT_BYTES:
        _READ[digest] = (*read, len(data))
        while sum(kept[3] for kept in _READ.values()) > READ_KEPT_BYTES:
            _READ.popitem(last=False)
    return read


def check_dxf(report: Report, ctx: Context, a: dict, data: bytes, path: Path) -> None:
    rel = a["path"]
    try:
        from ezdxf import bbox as ezbbox
        from ezdxf.colors import aci2rgb, int2rgb
    except ImportError:
        report.fail(rel, f"ezdxf is not installed, so the DXF cannot be checked: {install_line('dxf')}")
        return
    try:
        doc, entities, drawing = _read(data, path)
    except Exception as exc:  # noqa: BLE001 - a damaged file is a failed check
        report.fail(rel, f"cannot be read as DXF: {exception_text(exc, 119)}")
        return
    units = doc.header.get("$INSUNITS", 0)
    report.expect(units == 4, rel, "units are millimetres ($INSUNITS 4)",
                  f"$INSUNITS is {units} ({_UNITS.get(units, 'another unit')}), not 4 (millimetres): laser "
                  f"software would import it at another size")
    names = [layer.dxf.name for layer in doc.layers if layer.dxf.name not in _DXF_OWN_LAYERS]
    job = _check_dxf_layer_names(report, rel, names, entities)
    shapes: list[Shape] = []
    for e in entities:
        if e.dxf.hasattr("true_color"):
            r, g, b = int2rgb(e.dxf.true_color)
        else:
            r, g, b = aci2rgb(e.dxf.color) if 0 < e.dxf.color < 256 else (-1, -1, -1)
        colour = f"#{r:02x}{g:02x}{b:02x}" if r >= 0 else f"colour {e.dxf.color} (by layer or block)"
        shape = Shape(e.dxftype(), job.get(e.dxf.layer, e.dxf.layer), None, colour, 0.0)
        kind = e.dxftype()
        if kind == "LINE":
            a_, b_ = (e.dxf.start.x, e.dxf.start.y), (e.dxf.end.x, e.dxf.end.y)
            shape.lines = [(a_, b_)]
        elif kind == "LWPOLYLINE":
            pts = [(x, y) for x, y in e.get_points("xy")]
            if e.closed and pts:
                pts.append(pts[0])
            shape.lines = list(zip(pts, pts[1:]))
        elif kind == "CIRCLE":
            c, r_ = e.dxf.center, e.dxf.radius
            shape.curves = [("ellipse", round(c.x, 3), round(c.y, 3), round(r_, 3), round(r_, 3))]
        if shape.lines:
            xs = [p[0] for ln in shape.lines for p in ln]
            ys = [p[1] for ln in shape.lines for p in ln]
            shape.box = (min(xs), min(ys), max(xs), max(ys))
        else:
            extents = ezbbox.extents([e])
            if extents.has_data:
                shape.box = (extents.extmin.x, extents.extmin.y, extents.extmax.x, extents.extmax.y)
        shapes.append(shape)
    check_laser(report, ctx, a, shapes, [job.get(n, n) for n in names], colour_only=True)
    _check_dxf_numbers(report, ctx, a, doc, entities, job)
    _check_dxf_extents(report, a, doc, drawing)


def _span(x0: float, y0: float, x1: float, y1: float) -> str:
    def at(v: float) -> str:
        return mm(v) if abs(v) < 1e9 else f"{v:g}"

    return f"{at(x0)},{at(y0)} to {at(x1)},{at(y1)} mm"


_DXF_OWN_LAYERS = ("0", "Defpoints")  # the layers every DXF has (ezdxf makes both), empty in ours


def _check_dxf_layer_names(report: Report, rel: str, names: list[str], entities: list) -> dict[str, str]:
    """Each layer named after its operation and numbered in the file's order (``1-engrave``,
    ``3-inner-cuts``), so a program that lists layers by name lists them in job order; the entities
    in the layers' order. The operation each layer's name gives (``inner cuts``)."""
    job: dict[str, str] = {}
    wrong = []
    for n, name in enumerate(names, 1):
        m = re.fullmatch(r"(\d+)-([A-Za-z0-9_$-]+)", name)
        if m:
            job[name] = m.group(2).replace("-", " ")
        if not m or int(m.group(1)) != n:
            wrong.append(f"layer {n} is named {name!r}, not {n}-OPERATION")
    order: list[str] = []
    for e in entities:
        if not order or order[-1] != e.dxf.layer:
            order.append(e.dxf.layer)
    drawn = [n for n in names if n in order]
    if order != drawn:
        wrong.append(f"the entities run through the layers as {' > '.join(order[:8])}"
                     f"{' …' if len(order) > 8 else ''}, not once each in the order {', '.join(drawn)}")
    report.expect(not wrong, rel, f"layers numbered in job order: {', '.join(names)}", "; ".join(wrong))
    return job


def _check_dxf_numbers(report: Report, ctx: Context, a: dict, doc, entities: list, job: dict[str, str]) -> None:
    """Every layer and every entity has its colour number (ACI; not BYLAYER, which several readers
    ignore): the profile's number for its true colour, else the standard one; operations of
    different colours have different numbers, since RDWorks and LaserCAD sort the job by it."""
    from ezdxf.colors import int2rgb

    from ..aci import aci, own_numbers

    rel = a["path"]
    name = a.get("profile")
    machine = ctx.machine(name) if isinstance(name, str) else None
    own = own_numbers(machine.operations) if machine is not None and not isinstance(machine, str) else {}
    wrong: dict[str, int] = {}
    per_layer: dict[str, dict[int, set[str]]] = {}  # layer → number → true colours
    for e in entities:
        n = e.dxf.color
        if not e.dxf.hasattr("true_color"):
            colour = None
        else:
            colour = "#%02x%02x%02x" % tuple(int2rgb(e.dxf.true_color))
        if not 0 < n < 256:
            key = f"in {e.dxf.layer!r} of colour number {n} ({'by layer' if n == 256 else 'by block'})"
        elif colour is not None and n != aci(colour, own):
            key = f"in {e.dxf.layer!r} of colour number {n} for {colour}, whose number is {aci(colour, own)}"
        else:
            per_layer.setdefault(e.dxf.layer, {}).setdefault(n, set()).add(colour or "")
            continue
        wrong[key] = wrong.get(key, 0) + 1
    problems = [f"{plural(k, 'entity', 'entities')} {key}" for key, k in sorted(wrong.items())]
    layers = {layer.dxf.name: layer for layer in doc.layers}
    numbers: dict[str, int] = {}
    for name_, found in per_layer.items():
        if len(found) > 1:
            problems.append(f"layer {name_!r} holds colour numbers {', '.join(map(str, sorted(found)))}")
            continue
        numbers[name_] = next(iter(found))
        layer = layers.get(name_)
        own_n = abs(layer.dxf.color) if layer is not None else None
        if own_n != numbers[name_]:
            problems.append(f"layer {name_!r} is colour number {own_n}, its entities {numbers[name_]}")
    by_number: dict[int, dict[str, set[str]]] = {}
    for name_, n in numbers.items():
        op = LASER_LAYERS.get(job.get(name_, ""), name_)
        by_number.setdefault(n, {}).setdefault(op, set()).update(per_layer[name_][n])
    for n, ops in sorted(by_number.items()):
        if len(ops) > 1 and len(set().union(*ops.values())) > 1:
            problems.append(f"{' and '.join(sorted(ops))} are both colour number {n}: software that sorts a DXF "
                            f"by colour number runs them as one operation")
    said = ", ".join(f"{job.get(k, k)} {v}" for k, v in numbers.items())
    report.expect(not problems, rel, f"colour numbers (ACI) on every layer and entity: {said or 'none drawn'}",
                  "; ".join(problems))


def _check_dxf_extents(report: Report, a: dict, doc, extents: tuple | None) -> None:
    """``$EXTMIN``/``$EXTMAX`` are the drawing's own box (``extents``, its entities' exact box; readers place and
    scale the drawing by them: at ±1e20, Inkscape's automatic scaling puts it 1e20 mm away) and the limits are
    the bed."""
    rel = a["path"]
    header = doc.header
    low, high = header.get("$EXTMIN", (1e20, 1e20, 1e20)), header.get("$EXTMAX", (-1e20, -1e20, -1e20))
    problems = []
    if extents is not None:
        want = extents
        got = (low[0], low[1], high[0], high[1])
        if not all(close(g, w, TOL) for g, w in zip(got, want)):
            problems.append(f"$EXTMIN/$EXTMAX are {_span(*got)}, but the drawing spans {_span(*want)}: a reader "
                            f"that places or scales the drawing by them puts it elsewhere")
    bed = pair(a.get("bed_mm"))
    lo_lim, hi_lim = header.get("$LIMMIN", (0, 0)), header.get("$LIMMAX", (0, 0))
    if bed is not None and not (close(lo_lim[0], 0, TOL) and close(lo_lim[1], 0, TOL)
                                and close(hi_lim[0], bed[0], TOL) and close(hi_lim[1], bed[1], TOL)):
        problems.append(f"the limits are {_span(lo_lim[0], lo_lim[1], hi_lim[0], hi_lim[1])}, not the bed "
                        f"{_span(0, 0, *bed)}")
    spans = _span(*extents) if extents is not None else "nothing drawn"
    report.expect(not problems, rel, f"extents are the drawing's ({spans}), limits the bed"
                                     f"{f' ({size_text(*bed)})' if bed else ''}", "; ".join(problems))
