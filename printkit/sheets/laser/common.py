"""What every laser sheet shares: the bed as an area, each operation in the machine's colours,
layers in job order, and the figures of a job (cut and score length, travel, an estimated time).

A laser sheet decides where things go (in mm); the profile decides how each operation looks (the
colour and hairline the software reads it by), so the same sheet serves every machine.
"""

from __future__ import annotations

from dataclasses import replace
from math import hypot
from operator import sub

from ...aci import own_numbers
from ...fonts import Font
from ...geometry import Circle, Group, Item, Layer, Line, Path, Rect, Role, Text, outline
from ...model import Kit, Machine
from ...records import record
from ..common import Lettering

# Layers in job order: what is engraved first, then scored, then the cuts inside a part before the
# cut that frees it (a part that falls out before its inner cuts moves under the beam). The inner cuts
# are the profile's inner_cut: an operation of their own where the software can tell them apart (a
# colour of their own), else in the cut's look and first in the file.
INNER, OUTER = "inner cuts", "outer cut"
ROLE_OF = {"engrave": Role.ENGRAVE, "score": Role.SCORE, INNER: Role.CUT, OUTER: Role.CUT}
OPERATION_OF = {"engrave": "engrave", "score": "score", INNER: "inner_cut", OUTER: "cut"}
CUTS = ("inner_cut", "cut")


@record
class Bed:
    """The laser's bed and the margin kept clear along its edges: an area like a page's."""

    width: float
    height: float
    margin: float

    @classmethod
    def of(cls, kit: Kit) -> "Bed":
        laser = kit.laser
        return cls(laser.bed_w, laser.bed_h, laser.margin_mm)

    @property
    def area(self) -> tuple[float, float, float, float]:
        """(x, y, width, height) of where parts may go."""
        return self.margin, self.margin, self.width - 2 * self.margin, self.height - 2 * self.margin

    @property
    def name(self) -> str:
        return f"{self.width:g}x{self.height:g}"


def layer_names(machine: Machine) -> tuple[str, ...]:
    """The layers in the machine's job order: its operations, the cut split into the inner cuts
    (where the order puts inner_cut, at the latest right before the cut) and the outer cut."""
    names = {"engrave": "engrave", "score": "score", "inner_cut": INNER, "cut": OUTER}
    out = [names[op] for op in machine.order]
    return tuple(out) if INNER in out else tuple(n for op in out for n in ((INNER, OUTER) if op == OUTER else (op,)))


def styled(item: Item, operation: str, machine: Machine) -> Item:
    """``item`` in the look the machine reads as ``operation`` ("engrave", "score", "inner_cut",
    "cut"): filled for raster engraving, else stroked with the operation's colour and hairline;
    text becomes its outline (laser software has no fonts)."""
    op = machine.operations[operation]
    role = {"engrave": Role.ENGRAVE, "score": Role.SCORE, "inner_cut": Role.CUT, "cut": Role.CUT}[operation]
    if isinstance(item, Group):
        return replace(item, items=tuple(styled(i, operation, machine) for i in item.items))
    if isinstance(item, Text):
        item = outline(item)
    fill, stroke, width = (op.colour, None, 0.0) if op.fill else (None, op.colour, op.width_mm)
    if isinstance(item, Line):
        return replace(item, stroke=op.colour, stroke_mm=op.width_mm or 0.01, role=role)
    if isinstance(item, (Rect, Circle, Path)):
        return replace(item, fill=fill, stroke=stroke, stroke_mm=width, role=role)
    raise TypeError(f"cannot style {item!r}")


def layers(machine: Machine, parts: dict[str, list[Item]]) -> tuple[Layer, ...]:
    """The non-empty ``parts`` (by layer name: engrave, score, inner cuts, outer cut) as named
    layers in the machine's job order, each item styled for its operation."""
    unknown = set(parts) - set(ROLE_OF)
    if unknown:
        raise ValueError(f"unknown laser layers {sorted(unknown)}")
    return tuple(Layer(tuple(styled(i, OPERATION_OF[name], machine) for i in parts[name]), name=name, tag=name)
                 for name in layer_names(machine) if parts.get(name))


# -- the figures of a job -------------------------------------------------------------------------------

@record
class Job:
    """What a sheet asks of the machine: lengths in mm, time in seconds."""

    cut_mm: float
    score_mm: float
    travel_mm: float  # moves with the laser off, in the order the file gives the vectors
    engrave_mm2: float  # the area scanned by raster engraving (its layer's bounding box)
    seconds: float

    def figures(self) -> dict:
        return {"cut_mm": round(self.cut_mm, 1), "score_mm": round(self.score_mm, 1),
                "travel_mm": round(self.travel_mm, 1), "engrave_mm2": round(self.engrave_mm2, 1),
                "time_s": round(self.seconds)}


def strokes(item: Item, dx: float = 0.0, dy: float = 0.0) -> list[list[tuple[float, float]]]:
    """The polylines the laser follows for a stroked item, in order (curves by their control
    polygon, which is close enough for lengths and travel)."""
    if isinstance(item, Group):
        return [s for child in item.items for s in strokes(child, dx + item.dx, dy + item.dy)]
    if isinstance(item, Line):
        return [[(item.x1 + dx, item.y1 + dy), (item.x2 + dx, item.y2 + dy)]]
    if isinstance(item, Rect):
        x, y = item.x + dx, item.y + dy
        return [[(x, y), (x + item.w, y), (x + item.w, y + item.h), (x, y + item.h), (x, y)]]
    if isinstance(item, Circle):
        from math import cos, pi, sin

        n = 48
        return [[(item.cx + dx + item.r * cos(2 * pi * k / n), item.cy + dy + item.r * sin(2 * pi * k / n))
                 for k in range(n + 1)]]
    if isinstance(item, Text):
        return strokes(outline(item), dx, dy)
    if isinstance(item, Path):
        return [list(zip([x + dx for x in flat[0::2]], [y + dy for y in flat[1::2]])) for flat in _flat(item)]
    raise TypeError(f"not an item: {item!r}")


def _flat(path: Path) -> list[list[float]]:
    """A path's polylines as flat lists x0, y0, x1, y1, … (a closing Z repeats the start): the
    numbers of its points by the count of numbers, letters having thousands of them."""
    out: list[list[float]] = []
    flat: list[float] = None  # type: ignore[assignment] - a path starts with M
    for cmd in path.commands:
        op = cmd[0]
        if op == "M":
            flat = [cmd[1], cmd[2]]
            out.append(flat)
        elif op == "Z":
            flat += flat[0:2]
        else:
            flat += cmd[1:]
    return out


def _bounds(item: Item, dx: float = 0.0, dy: float = 0.0) -> tuple[float, float, float, float] | None:
    """(least x, least y, greatest x, greatest y) of the points of :func:`strokes`, None if none.
    Of a path, the least and greatest of its own numbers moved: adding the same number keeps their
    order, so these are the very numbers the moved points give."""
    if isinstance(item, Group):
        boxes = [b for b in (_bounds(i, dx + item.dx, dy + item.dy) for i in item.items) if b is not None]
        if not boxes:
            return None
        return (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes),
                max(b[3] for b in boxes))
    if isinstance(item, Path):
        xs = [v for c in item.commands for v in c[1::2]]
        ys = [v for c in item.commands for v in c[2::2]]
        return (min(xs) + dx, min(ys) + dy, max(xs) + dx, max(ys) + dy) if xs else None
    points = [p for line in strokes(item, dx, dy) for p in line]
    if not points:
        return None
    return (min(p[0] for p in points), min(p[1] for p in points), max(p[0] for p in points),
            max(p[1] for p in points))


def _length(polyline: list[tuple[float, float]]) -> float:
    """The sum of the segments' lengths, in order (the same additions as a loop over the pairs)."""
    xs = [p[0] for p in polyline]
    ys = [p[1] for p in polyline]
    return sum(map(hypot, map(sub, xs[1:], xs), map(sub, ys[1:], ys)))


def measure(machine: Machine, sheet_layers: tuple[Layer, ...]) -> Job:
    """Cut and score lengths, travel in file order from the bed's origin, raster area, and time."""
    ops = machine.operations
    cut = score = travel = area = seconds = 0.0
    here = (0.0, 0.0)
    for layer in sheet_layers:
        operation = OPERATION_OF[layer.name]
        op = ops[operation]
        passes = op.passes or 1
        if op.fill:  # raster: the head sweeps the layer's box line by line
            box = _bounds(layer)
            if box is not None:
                w, h = box[2] - box[0], box[3] - box[1]
                area += w * h
                seconds += passes * (h / (op.interval_mm or machine.line_mm)) * (w / op.speed_mm_s)
            continue
        for line in strokes(layer):
            travel += hypot(line[0][0] - here[0], line[0][1] - here[1])
            length = _length(line)
            seconds += passes * length / op.speed_mm_s
            if operation in CUTS:
                cut += length
            else:
                score += length
            here = line[-1]
    seconds += travel / machine.travel_mm_s
    return Job(cut, score, travel, area, seconds)


def for_machine(kit: Kit, bed: Bed) -> dict:
    """What a laser Document says of its machine, for the formats that carry it: the bed and the colour numbers
    the profile gives its colours (DXF), each layer's settings and the notes (a LightBurn project)."""
    machine = kit.laser.machine
    return {"bed": (bed.width, bed.height), "index_colours": own_numbers(machine.operations),
            "settings": {name: _interval_set(machine.operations[op], machine) for name, op in OPERATION_OF.items()},
            "notes": project_notes(kit)}


def _interval_set(op, machine: Machine):
    """The operation as a project carries it: a fill's line interval the machine's ``line_mm`` where neither the
    material nor the profile gives its own (as the time estimate and verify take it)."""
    return replace(op, interval_mm=machine.line_mm) if op.fill and op.interval_mm is None else op


def project_notes(kit: Kit) -> str:
    """A laser project's notes, in the kit's language: the kit, printkit, the material its settings are for (a
    starting point) and where its figures come from, the kerf and thickness it is drawn for."""
    from ... import __version__
    from ...text import Said
    from ...text.table import TABLE

    machine = kit.laser.machine
    material = machine.settings
    lang = kit.language
    lines = [Said("lbrn2_notes", {"title": kit.title, "kit": kit.name, "version": __version__,
                                  "profile": machine.name})(lang)]
    if material is not None:
        key = "profile_title_" + material.name
        title = Said(key)(lang) if key in TABLE else material.title
        lines.append(Said("lbrn2_notes_material", {"material": title, "name": material.name,
                                                   "source": material.source})(lang))
    comma = lang in ("ru", "uk")  # 0,2 мм: the decimal comma of the kit's language

    def mm(v: float) -> str:
        return f"{v:g}".replace(".", ",") if comma else f"{v:g}"

    lines.append(Said("lbrn2_notes_kerf", {"kerf": mm(kit.physical.kerf_mm),
                                           "thickness": mm(kit.physical.thickness_mm)})(lang))
    return "\n".join(lines)


def job_figures(kit: Kit, bed: Bed, sheet_layers: tuple[Layer, ...], **more) -> dict:
    """What the manifest says of a laser file: bed, profile, and the job's figures."""
    m = kit.laser.machine
    material = {"material": m.settings.name} if m.settings is not None else {}
    return {**more, "bed": bed.name, "bed_mm": [bed.width, bed.height], "profile": m.name, **material,
            "layers": [[layer.name, m.operations[OPERATION_OF[layer.name]].colour] for layer in sheet_layers],
            **measure(m, sheet_layers).figures()}


# -- the material a sheet is drawn for ------------------------------------------------------------------

STAMP_EM = 3.0  # the stamp's em, or less to fit the room left on the sheet...
STAMP_MIN_EM = 1.5  # ...but not less: a smaller one could not be read


def stamp(kit: Kit, lt: Lettering, room: list[tuple[float, float, float, float]]) -> tuple[str, list[Item]]:
    """The material and kerf the sheet's joints are drawn for, in the room left between the parts (x, y, w,
    h on the page) that takes it largest, off every part: on the offcut, seen on the screen and at the
    machine. Scored (its letters' outlines, a few seconds), or engraved by a machine that does not score.
    Returns its layer and the text, none where no room takes it legibly."""
    layer = "score" if "score" in kit.laser.machine.order else "engrave"
    p = kit.physical
    text = lt.say("laser_stamp", title=kit.title, thickness=f"{p.thickness_mm:g}", kerf=f"{p.kerf_mm:g}")
    best = None
    for x, y, w, h in room:
        em = min(STAMP_EM, lt.fitted(text, STAMP_EM, w), h / 1.3)
        if em >= STAMP_MIN_EM and (best is None or em > best[0] + 1e-9):
            best = (em, x, y)
    if best is None:
        return layer, []
    em, x, y = best
    return layer, [Text(x, y + em, text, lt.bold(text), em, role=Role.ENGRAVE, tag="stamp")]


# -- the small sheets: the kerf coupon, the thickness gauge ---------------------------------------------

HEAD_LINE_MM = 1.6  # between a heading's lines, besides their em
HEAD_MIN_EM = 1.5  # a smaller heading could not be read: the sheet goes without it


def heading(lt: Lettering, lines: list[str], width: float, margin: float, room: float,
            tag: str) -> tuple[list[Item], float]:
    """A small sheet's heading, engraved above its body from the margin: ``lines`` at one em, at most
    :data:`~printkit.sheets.common.LABEL_EM` and no wider than ``width``. Returns its items and its height;
    none where it would be smaller than :data:`HEAD_MIN_EM` or taller than ``room`` leaves."""
    from ..common import LABEL_EM

    em = min(lt.fitted(line, LABEL_EM, width) for line in lines)  # one size for every line
    height = (em + HEAD_LINE_MM) * len(lines)
    if em < HEAD_MIN_EM or height > room:
        return [], 0.0
    out: list[Item] = []
    y = margin
    for line in lines:
        y += em
        out.append(lt.label(margin, y, line, em, tag=tag))
        y += HEAD_LINE_MM
    return out, height


def centred(text: str, cx: float, cy: float, font: Font, cap: float, widest: float, tag: str) -> Text:
    """``text`` engraved with its ink box centred on (cx, cy), its capitals ``cap`` mm high and no wider
    than ``widest``."""
    ink = font.run_ink(text)
    em = cap * font.units / font.cap_height
    em = min(em, widest * font.units / (ink.x1 - ink.x0))
    k = em / font.units
    x = cx - (ink.x0 + ink.x1) / 2 * k
    baseline = cy + (ink.y0 + ink.y1) / 2 * k
    return Text(x, baseline, text, font, em, role=Role.ENGRAVE, tag=tag)
