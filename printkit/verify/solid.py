"""The 3D-printed tiles' files, re-measured from the bytes: a 3MF read as the zip of XML it is
(each object's mesh, its parts by PrusaSlicer's ranges of triangles, the extruders PrusaSlicer and
Bambu Studio are told), an STL read as binary STL. Each part must be closed (every edge shared by
two triangles, in opposite directions), of positive volume; a tile's body must measure the
manifest's tile and thickness, its letters the stated depth (inset from the bed, or raised on
the face from the body's top), every tile lie on the bed; the grams
of each filament are recomputed from the volumes. numpy (with the extra printkit-tiles[3d]) reads the
meshes."""

from __future__ import annotations

import hashlib
import io
import struct
import xml.etree.ElementTree as ET
import zipfile
from collections import OrderedDict
from pathlib import Path

from ..budget import MAX_TRIANGLES
from ..install import install_line
from ..report import exception_text
from .context import Context
from .report import Report

CORE = "{http://schemas.microsoft.com/3dmanufacturing/core/2015/02}"
TOL = 0.05  # mm: the nominal size of a mesh
GRAMS_TOL = 0.01
EXTRUDERS = {"body": 1, "letters": 2, "tile": 1}  # "tile": a tile of one filament, its letters raised on it
MODEL = "3D/3dmodel.model"
CONFIGS = ("Metadata/Slic3r_PE_model.config", "Metadata/model_settings.config")
# The largest 3MF a build writes, whose members are read. The work budget's triangles count a plate's in its
# 3MF and again in its STLs, so a plate holds at most half of MAX_TRIANGLES; the model's XML takes 65 to 70
# bytes a triangle with its share of the vertices (the shipped kits' plates), at most 128 with long
# coordinates: 192 MB. The slicers' configs take about 800 bytes a tile (77 KB for 100 tiles): the 1500
# tiles of the largest plate take about 1.2 MB. A member is refused by the size the zip's directory gives
# before a byte is inflated, and inflated a chunk at a time, no further than that size and the limit.
PLATE_TRIANGLES = MAX_TRIANGLES // 2
MAX_MODEL_BYTES = PLATE_TRIANGLES * 128
# what the model's reader keeps: triangles, and vertices (a closed mesh has about half as many), at most
# PLATE_TRIANGLES of each; objects, their components and build items, at most MAX_OBJECTS (a plate of 1500
# tiles has 4500): a model of 192 MB of empty items or tiny vertices would take gigabytes to hold
MAX_OBJECTS = 100_000
MAX_CONFIG_BYTES = 16 * 1024 * 1024
# The 3MF plates read in this process, by the sha256 of their bytes: (the model, PrusaSlicer's and Bambu Studio's
# configs read). A plate verified again while it is kept (a folder of one or two plates verified twice, the
# hostile tests changing only the manifest's figures) is not parsed again; other bytes are another key. At most
# MODELS_KEPT of them: a plate's model holds its vertices and triangles as numbers (about 20 MB for a plate of
# 100 tiles).
_MODELS: OrderedDict[str, tuple] = OrderedDict()
MODELS_KEPT = 2
# printkit's members inflate 8 (the model) to 40 times (the configs) their size: one inflating more than
# MAX_RATIO times (deflate's most is about 1000) and past RATIO_FROM bytes is made to inflate, not a plate
MAX_RATIO = 200
RATIO_FROM = 1024 * 1024
_CHUNK = 1 << 20


class TooLargeMember(ValueError):
    """A member of a 3MF that inflates past what printkit writes: the message says how far."""


def _members(z: zipfile.ZipFile) -> list[bytes]:
    """The model and the two configs of the 3MF, in that order. Each is refused
    (:class:`TooLargeMember`) when the zip's directory says it inflates past its limit or more than
    MAX_RATIO times its size, before any is inflated; then each is inflated a chunk at a time, and
    refused once past its limit whatever the directory said."""
    wanted = [(z.getinfo(name), limit) for name, limit in ((MODEL, MAX_MODEL_BYTES), *((c, MAX_CONFIG_BYTES)
                                                                                        for c in CONFIGS))]
    for info, limit in wanted:  # KeyError above: no such member
        if info.file_size > limit:
            raise TooLargeMember(f"{info.filename} inflates to {info.file_size:,} bytes: a 3MF printkit writes "
                                 f"holds at most {limit:,}")
        if info.file_size > RATIO_FROM and info.file_size > MAX_RATIO * info.compress_size:
            raise TooLargeMember(f"{info.filename} inflates {info.file_size // max(1, info.compress_size):,} times "
                                 f"its {info.compress_size:,} bytes: printkit's inflate at most {MAX_RATIO} times")
    out = []
    for info, limit in wanted:
        chunks, got = [], 0
        with z.open(info) as f:
            while chunk := f.read(_CHUNK):
                got += len(chunk)
                if got > limit:
                    raise TooLargeMember(f"{info.filename} inflates past {limit:,} bytes: a 3MF printkit writes "
                                         f"holds at most {limit:,}")
                chunks.append(chunk)
        out.append(b"".join(chunks))
    return out


def _closed(tris) -> bool:
    """Every directed edge once, and its reverse once: a closed, consistently wound surface."""
    import numpy as np

    edges = np.concatenate([tris[:, [0, 1]], tris[:, [1, 2]], tris[:, [2, 0]]]).astype(np.int64)
    n = int(edges.max()) + 1
    forward = np.sort(edges[:, 0] * n + edges[:, 1])
    backward = np.sort(edges[:, 1] * n + edges[:, 0])
    return bool(np.all(forward[1:] != forward[:-1]) and np.array_equal(forward, backward))


def _volume(v, tris) -> float:
    import numpy as np

    p = v[tris]
    return float(np.einsum("ij,ij->i", p[:, 0], np.cross(p[:, 1], p[:, 2])).sum() / 6.0)


def check_solid(report: Report, ctx: Context, a: dict, data: bytes, path: Path | None = None) -> None:
    rel = a["path"]
    try:
        import numpy  # noqa: F401
    except ImportError:
        report.fail(rel, f"numpy is not installed, so the meshes cannot be checked: {install_line('3d')}")
        return
    try:
        parts = _read_3mf(report, rel, a, data) if a["format"] == "3mf" else _read_stl(a, data)
    except Exception as exc:  # noqa: BLE001 - a damaged file is a failed check
        report.fail(rel, f"cannot be read as {a['format'].upper()}: {exception_text(exc, 119)}")
        return
    if parts is None:
        return
    _measure(report, rel, a, parts)
    if a["format"] == "3mf" and a.get("item") in (None, "board"):
        _colour_changes(report, rel, a, data)
    if a["format"] == "3mf" and a.get("tower_mm") is not None:
        _tower(report, rel, a, parts, data)


TOWER = "Metadata/Prusa_Slicer_wipe_tower_information.xml"


def _tower(report: Report, rel: str, a: dict, parts, data: bytes) -> None:
    """A plate of two filaments or more: the wipe tower's room (``tower_mm``) lies on the bed, no part's
    footprint reaches into it, and PrusaSlicer is told to put the tower inside it (its corner within the room,
    by the 3MF's wipe tower information)."""
    import numpy as np

    x0, y0, x1, y1 = a["tower_mm"]
    bed = a.get("bed_mm") or [0, 0]
    wrong = []
    if not (0 <= x0 < x1 <= bed[0] and 0 <= y0 < y1 <= bed[1]):
        wrong.append(f"the tower's room {x0:g}, {y0:g} to {x1:g}, {y1:g} mm is not on the bed")
    for name, part, v, t in parts:
        used = v[np.unique(t)] if len(t) else v[:0]
        if not len(used):
            continue
        lo, hi = used.min(axis=0), used.max(axis=0)
        if hi[0] > x0 + TOL and lo[0] < x1 - TOL and hi[1] > y0 + TOL and lo[1] < y1 - TOL:
            wrong.append(f"{name}: its {part} reaches into the wipe tower's room ({lo[0]:.2f}, {lo[1]:.2f} to "
                         f"{hi[0]:.2f}, {hi[1]:.2f} mm)")
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as z:
            info = z.getinfo(TOWER)
            if info.file_size > MAX_CONFIG_BYTES:
                raise ValueError(f"inflates past {MAX_CONFIG_BYTES:,} bytes")
            towers = [(float(e.get("position_x", "nan")), float(e.get("position_y", "nan")))
                      for e in ET.fromstring(z.read(info)).iter("wipe_tower_information")]
    except (KeyError, ET.ParseError, ValueError, zipfile.BadZipFile, OSError) as exc:
        towers = None
        wrong.append(f"{TOWER} cannot be read: {exception_text(exc, 80)}")
    if towers is not None and not (len(towers) == 1 and x0 <= towers[0][0] < x1 and y0 <= towers[0][1] < y1):
        wrong.append(f"PrusaSlicer is told to put the wipe tower at {towers or 'no place'}, not in its room")
    first = wrong[0] + (f" (and {len(wrong) - 1} more)" if len(wrong) > 1 else "") if wrong else ""
    report.expect(not wrong, rel, f"the wipe tower's room {x1 - x0:g} × {y1 - y0:g} mm at {x0:g}, {y0:g} mm clear of "
                                  f"every part, PrusaSlicer told to put the tower there", first)


CHANGES = (("PrusaSlicer", "Metadata/Prusa_Slicer_custom_gcode_per_print_z.xml", "code", "print_z"),
           ("Bambu Studio", "Metadata/custom_gcode_per_layer.xml", "layer", "top_z"))


def _colour_changes(report: Report, rel: str, a: dict, data: bytes) -> None:
    """A plate of one filament: each slicer's list of colour changes holds one, at ``colour_change_mm``, a
    colour change (type 0) of extruder 1; a plate of two filaments or more has no such list."""
    want = a.get("colour_change_mm")
    found = []
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        names = set(z.namelist())
        for slicer, member, tag, z_name in CHANGES:
            if member not in names:
                found.append((slicer, None))
                continue
            if z.getinfo(member).file_size > MAX_CONFIG_BYTES:
                found.append((slicer, f"{member} inflates past {MAX_CONFIG_BYTES:,} bytes"))
                continue
            try:  # a member changed by hand: its first problem in one line, never a crash
                codes = [(float(c.get(z_name, "nan")), c.get("type"), c.get("extruder"))
                         for c in ET.fromstring(z.read(member)).iter(tag)]
            except (ET.ParseError, ValueError, zipfile.BadZipFile, OSError) as exc:
                found.append((slicer, f"{member} cannot be read: {exception_text(exc, 80)}"))
                continue
            found.append((slicer, codes))
    if want is None:
        told = [slicer for slicer, codes in found if codes]
        if told:
            report.fail(rel, f"{told[0]} is told to stop for a colour change, and the manifest states none")
        return
    wrong = []
    for slicer, codes in found:
        if isinstance(codes, str):
            wrong.append(f"{slicer}'s colour changes: {codes}")
        elif not codes:
            wrong.append(f"{slicer} is told of no colour change")
        elif len(codes) != 1 or abs(codes[0][0] - want) > 1e-3 or codes[0][1:] != ("0", "1"):
            told = ", ".join(f"{z:g} mm (type {t})" for z, t, _ in codes)
            wrong.append(f"{slicer} is told to change colour at {told}, not once at {want:g} mm")
    where = "the premiums' colour starts" if a.get("item") == "board" else "the letters start"
    report.expect(not wrong, rel, f"the colour changes at {want:g} mm, where {where} (PrusaSlicer, Bambu Studio)",
                  "; ".join(wrong))


def _read_3mf(report: Report, rel: str, a: dict, data: bytes):
    """(object name, part name, vertices on the bed, triangles) of every part, or None after a failure.
    An object's parts are the ranges of its mesh that PrusaSlicer's metadata names, or, for an object
    of components, the mesh objects it is made of (as Bambu Studio reads it)."""
    import numpy as np

    model, prusa, bambu = _parsed(data)
    report.expect(model.unit == "millimeter", rel, "units are millimetres",
                  f"the model's unit is {model.unit!r}, not millimeter: a slicer would print it at another size")
    objects = model.objects
    volumes = {o.get("id"): o.findall("volume") for o in prusa.iter("object")}
    bambu_parts = {o.get("id"): {p.get("id"): {m.get("key"): m.get("value") for m in p.findall("metadata")}
                                 for p in o.findall("part")} for o in bambu.iter("object")}

    def mesh(obj):
        v = np.array(obj.vertices, dtype=np.float64).reshape(-1, 3)
        t = np.array(obj.triangles, dtype=np.int64).reshape(-1, 3)
        return v, t

    out, wrong = [], []
    items = model.items
    for item in items:
        oid = item.get("objectid")
        obj = objects.get(oid)
        if obj is None:
            wrong.append(f"a build item places object {oid}, which the model does not have")
            continue
        name = obj.name or oid
        at = np.array([float(x) for x in item.get("transform", "1 0 0 0 1 0 0 0 1 0 0 0").split()][9:])
        components = obj.components
        for mid in components or [oid]:
            sub = objects.get(mid)
            if sub is None or mid not in volumes:
                wrong.append(f"{name}: its mesh {mid} has no parts in Metadata/Slic3r_PE_model.config")
                continue
            v, t = mesh(sub)
            for vol in volumes[mid]:
                meta = {m.get("key"): m.get("value") for m in vol.findall("metadata")}
                part = meta.get("name", "")
                want = (((a.get("filaments") or {}).get(part) or {}).get("extruder") if a.get("item") == "board"
                        else EXTRUDERS.get(part))
                told = [("PrusaSlicer", meta.get("extruder"))]
                if components:  # Bambu Studio reads the parts of an object of components
                    told.append(("Bambu Studio", bambu_parts.get(oid, {}).get(mid, {}).get("extruder")))
                for slicer, got in told:
                    if want is None or got != str(want):
                        wrong.append(f"{name}: {slicer} is told extruder {got} for its part {part!r}, not {want}")
                out.append((name, part, v + at, t[int(vol.get("firstid")):int(vol.get("lastid")) + 1]))
    if wrong:
        report.fail(rel, f"{wrong[0]}{f' (and {len(wrong) - 1} more)' if len(wrong) > 1 else ''}")
        return None
    if a.get("item") == "board":
        report.expect(len(items) == 1, rel, f"one piece of the board, its {len(out)} parts on the manifest's extruders",
                      f"{len(items)} objects on the plate of a board piece, not one")
        return out
    what = "racks" if a.get("item") == "rack" else "tiles"
    parts = ",".join(a.get("filaments") or ())
    each = {"tile": "each one part (one filament)", "body": "each a body, its letters as pockets"}.get(parts)
    if what == "racks":
        each = "each one part, its body"
    report.expect(len(items) == a.get(what), rel,
                  f"{len(items)} {what}, " + (each or "each a body and its letters on extruders 1 and 2"),
                  f"{len(items)} objects on the plate, the manifest says {a.get(what)} {what}")
    return out


def _parsed(data: bytes) -> tuple:
    """A 3MF's model and its two slicers' configs, read (or kept from reading the same bytes)."""
    digest = hashlib.sha256(data).hexdigest()
    kept = _MODELS.get(digest)
    if kept is not None:
        _MODELS.move_to_end(digest)
        return kept
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        xml, prusa_xml, bambu_xml = _members(z)
    model = _Model(xml)
    del xml  # the model's text, up to MAX_MODEL_BYTES, is not kept while its meshes are measured
    _MODELS[digest] = (model, ET.fromstring(prusa_xml), ET.fromstring(bambu_xml))
    while len(_MODELS) > MODELS_KEPT:
        _MODELS.popitem(last=False)
    return _MODELS[digest]


class _Object:
    """An object of a 3MF model: its name, its mesh's vertices (x, y, z, … as numbers) and triangles
    (v1, v2, v3, …), and the objects it is made of (its components)."""

    def __init__(self, name: str | None):
        self.name = name
        self.vertices: list[float] = []
        self.triangles: list[int] = []
        self.components: list[str | None] = []


class _Model:
    """The model of a 3MF (``3D/3dmodel.model``), read by expat's handlers: its unit, its objects by
    id, its build items' attributes. Any XML the core namespace's elements are in reads the same as
    with ElementTree; this takes a third of the time, making no element of the 200 000 a plate has."""

    def __init__(self, xml: bytes):
        from xml.parsers import expat

        self.unit: str | None = None
        self.objects: dict[str | None, _Object] = {}
        self.items: list[dict[str, str]] = []
        inside: list[_Object] = []
        vertex, triangle, obj, component, item, model = (f"{CORE[1:-1]} {n}" for n in (
            "vertex", "triangle", "object", "component", "item", "model"))
        kept = {vertex: 0, triangle: 0, obj: 0}  # objects, components and items together
        most = {vertex: PLATE_TRIANGLES, triangle: PLATE_TRIANGLES, obj: MAX_OBJECTS}

        def count(name: str) -> None:
            kept[name] += 1
            if kept[name] > most[name]:
                what = {vertex: "vertices", triangle: "triangles", obj: "objects, components and build items"}
                raise TooLargeMember(f"{MODEL} has more than {most[name]:,} {what[name]}: a 3MF printkit writes has "
                                     f"at most {most[name]:,}")

        def start(name: str, attrs: dict[str, str]) -> None:
            if name == vertex and inside:
                count(vertex)
                inside[-1].vertices.extend((float(attrs["x"]), float(attrs["y"]), float(attrs["z"])))
            elif name == triangle and inside:
                count(triangle)
                inside[-1].triangles.extend((int(attrs["v1"]), int(attrs["v2"]), int(attrs["v3"])))
            elif name == obj:
                count(obj)
                inside.append(_Object(attrs.get("name")))
                self.objects[attrs.get("id")] = inside[-1]  # as ElementTree's reading: the last of an id
            elif name == component and inside:
                count(obj)
                inside[-1].components.append(attrs.get("objectid"))
            elif name == item:
                count(obj)
                self.items.append(attrs)
            elif name == model:
                self.unit = attrs.get("unit")

        def end(name: str) -> None:
            if name == obj:
                inside.pop()

        parser = expat.ParserCreate(namespace_separator=" ")
        parser.StartElementHandler = start
        parser.EndElementHandler = end
        parser.Parse(xml, True)


def _read_stl(a: dict, data: bytes):
    import numpy as np

    (n,) = struct.unpack_from("<I", data, 80)
    if n > PLATE_TRIANGLES:
        raise ValueError(f"{n:,} triangles: a plate printkit writes has at most {PLATE_TRIANGLES:,}")
    if len(data) != 84 + 50 * n:
        raise ValueError(f"{len(data)} bytes for {n} triangles (a binary STL has {84 + 50 * n})")
    rows = np.frombuffer(data, dtype=[("n", "<f4", 3), ("v", "<f4", (3, 3)), ("a", "<u2")], count=n, offset=84)
    points = rows["v"].reshape(-1, 3).astype(np.float64)
    # a vertex is one float32 triple in every triangle the writer puts it in, so equal values are one vertex; a
    # tolerance would weld distinct ones (a letter clipped by a corner of 5.99 mm on a 12 mm tile: 0.6 µm apart)
    unique, index = _welded(points)
    return [("all", a.get("part", ""), unique, index.reshape(-1, 3))]


def _welded(points):
    """The distinct rows of ``points`` in lexicographic order, and each row's index among them: what
    ``numpy.unique(points, axis=0, return_inverse=True)`` gives (equal values, -0.0 and 0.0 too, are
    one), by a lexsort of the columns, five times faster on a plate's 240 000 points."""
    import numpy as np

    order = np.lexsort((points[:, 2], points[:, 1], points[:, 0]))
    ordered = points[order]
    new = np.ones(len(ordered), dtype=bool)
    new[1:] = np.any(ordered[1:] != ordered[:-1], axis=1)
    index = np.empty(len(ordered), dtype=np.int64)
    index[order] = np.cumsum(new) - 1
    return ordered[new], index


def _parts_measured(report: Report, rel: str, a: dict, bad: list[str], grams: dict[str, float], sizes: str) -> None:
    """The plate's line: its first problem (and how many more), or every part good, with ``sizes``
    for a 3MF (an STL is one filament's parts, not the objects); then its filaments' grams."""
    if bad:
        report.fail(rel, f"{bad[0]}{f' (and {len(bad) - 1} more)' if len(bad) > 1 else ''}")
        return
    bed = a.get("bed_mm") or [0, 0]
    report.ok(rel, f"every part closed, of positive volume, on the bed of {bed[0]:g} × {bed[1]:g} mm"
                   + (f"; {sizes}" if a["format"] == "3mf" else ""))
    _grams(report, rel, a, grams)


def _solid_parts(parts, bed, bad: list[str], grams: dict[str, float]):
    """Each part that is a closed surface of positive volume lying on the bed, as (object, part,
    vertices, triangles, least corner, greatest corner); a part that is not is a line in ``bad``.
    Every closed part's volume is added to ``grams`` by its part's name (mm³; made grams later)."""
    import numpy as np

    for name, part, v, t in parts:
        used = v[np.unique(t)] if len(t) else v[:0]
        if not len(t) or not _closed(t):
            bad.append(f"{name}: its {part} is not a closed surface (an edge is not shared by two triangles)")
            continue
        vol = _volume(v, t)
        if vol <= 0:
            bad.append(f"{name}: its {part} has a volume of {vol:.3f} mm³")
            continue
        grams[part] = grams.get(part, 0.0) + vol
        lo, hi = used.min(axis=0), used.max(axis=0)
        if lo[0] < -TOL or lo[1] < -TOL or hi[0] > bed[0] + TOL or hi[1] > bed[1] + TOL or lo[2] < -TOL:
            bad.append(f"{name}: its {part} runs off the bed of {bed[0]:g} × {bed[1]:g} mm")
            continue
        yield name, part, v, t, lo, hi


def _measure(report: Report, rel: str, a: dict, parts) -> None:

    if a.get("item") == "rack":
        _measure_racks(report, rel, a, parts)
        return
    if a.get("item") == "board":
        _measure_board(report, rel, a, parts)
        return
    side, thick, depth = a.get("tile_mm"), a.get("thickness_mm"), a.get("letter_mm")
    bed = a.get("bed_mm") or [0, 0]
    raised = a.get("letters") == "raised"  # face up: the letters stand on the face, from the body's top
    how = {"raised": "raised", "pockets": "as pockets"}.get(a.get("letters"), "inset")
    top = thick if raised and isinstance(thick, (int, float)) else 0.0
    grams: dict[str, float] = {}
    bad = []
    for name, part, v, t, lo, hi in _solid_parts(parts, bed, bad, grams):
        # a tile of one part: the body and its raised letters on it (a blank, the body alone)
        high = thick + depth if part == "tile" and not name.endswith(" blank") else thick
        if name != "all" and part in ("body", "tile") and not (
                abs(hi[0] - lo[0] - side) <= TOL and abs(hi[1] - lo[1] - side) <= TOL and abs(hi[2] - high) <= TOL
                and abs(lo[2]) <= TOL):
            size = " × ".join(f"{x:.2f}" for x in hi - lo)
            bad.append(f"{name}: its {part} measures {size} mm, not {side:g} × {side:g} × {high:g}")
        elif name != "all" and part == "letters" and not (abs(hi[2] - top - depth) <= 1e-3
                                                          and abs(lo[2] - top) <= 1e-3):
            bad.append(f"{name}: its letters reach {lo[2]:.3f} to {hi[2]:.3f} mm, not {top:g} to {top + depth:g} "
                       f"({how})")
    _parts_measured(report, rel, a, bad, grams,
                    f"bodies {side:g} × {side:g} × {thick:g} mm, letters {how} {depth:g} mm")


def _measure_racks(report: Report, rel: str, a: dict, parts) -> None:
    """A plate of racks: each rack one part, its body, measuring ``rack_mm`` on the bed (no name: a part besides
    the body is a failure, the name the racks had once printed a fifth of it in 14 tool changes a plate)."""
    import numpy as np

    size = a.get("rack_mm") or [0, 0, 0]
    bed = a.get("bed_mm") or [0, 0]
    grams: dict[str, float] = {}
    bad = []
    for name, part, v, t, lo, hi in _solid_parts(parts, bed, bad, grams):
        if name == "all":
            continue
        if part != "body":
            bad.append(f"{name}: a part {part!r} besides its body (a rack is one part, one filament)")
        elif not (np.allclose(hi - lo, size, atol=TOL) and abs(lo[2]) <= TOL):
            got = " × ".join(f"{x:.2f}" for x in hi - lo)
            bad.append(f"{name}: its body measures {got} mm, not {' × '.join(f'{x:g}' for x in size)}")
    _parts_measured(report, rel, a, bad, grams, f"racks {' × '.join(f'{x:g}' for x in size)} mm, one part each")


def _measure_board(report: Report, rel: str, a: dict, parts) -> None:
    """A plate of one board piece: every part closed, of positive volume, on the bed; the body
    measures ``piece_mm``; the premiums' fillings and the labels lie between the pockets' bottom and
    the cells' floor; each dovetail tongue and socket the manifest lists measures its nominal size in
    a section of the body near the bed (a socket wider by the clearance a side, and deeper by it)."""
    import numpy as np

    size, bed = a.get("piece_mm") or [0, 0, 0], a.get("bed_mm") or [0, 0]
    lo_z, hi_z = a.get("pocket_z_mm"), a.get("floor_z_mm")
    grams: dict[str, float] = {}
    bad = []
    body = None
    for name, part, v, t, lo, hi in _solid_parts(parts, bed, bad, grams):
        if name == "all":
            continue
        elif part == "body":
            body = (v, t)
            if not (np.allclose(hi - lo, size, atol=TOL) and abs(lo[2]) <= TOL):
                got = " × ".join(f"{x:.2f}" for x in hi - lo)
                bad.append(f"{name}: its body measures {got} mm, not {' × '.join(f'{x:g}' for x in size)}")
        elif not (abs(lo[2] - lo_z) <= 1e-3 and abs(hi[2] - hi_z) <= 1e-3):
            bad.append(f"{name}: its {part} reaches {lo[2]:.3f} to {hi[2]:.3f} mm, not {lo_z:g} to {hi_z:g} "
                       f"(the pockets under the cells' floor)")
    if body is not None and a.get("joints"):
        bad += [f"{a.get('cells')}: {m}" for m in _joints(a, *body)]
    if body is not None and isinstance(a.get("colour_change_mm"), (int, float)):
        bad += [f"{a.get('cells')}: {m}" for m in _colours_by_height(a, *body)]
    joints = a.get("joints") or []
    _parts_measured(report, rel, a, bad, grams, f"the piece {' × '.join(f'{x:g}' for x in size)} mm, "
                                                 f"{len(joints)} dovetails and sockets as the manifest says")


def _colours_by_height(a: dict, v, t) -> list[str]:
    """A board piece of one filament: the heights its body shows from above (its faces turned up) are the
    first colour's top, the pockets' bottom, under the change, the layer under it, and the second colour's
    above it (the cells' floor, the ridges' top)."""
    import numpy as np

    p = v[t]
    n = np.cross(p[:, 1] - p[:, 0], p[:, 2] - p[:, 0])
    length = np.linalg.norm(n, axis=1)
    up = (length > 0) & (n[:, 2] > 0.999 * np.where(length > 0, length, 1))
    levels = sorted({round(float(z), 4) for z in p[up, 0, 2]})
    change, layer = a["colour_change_mm"], a.get("layer_mm") or 0.0
    below = [z for z in levels if z < change - 1e-4]
    above = [z for z in levels if z >= change - 1e-4]
    want_below, want_above = [a.get("pocket_z_mm")], [a.get("floor_z_mm"), a.get("thickness_mm")]
    if below == want_below and above == want_above and abs(below[-1] + layer - change) <= 1e-3:
        return []
    shown = ", ".join(f"{z:g}" for z in below) or "nowhere"
    return [f"the first colour's top at {shown} mm and the second's at {', '.join(f'{z:g}' for z in above) or 'none'} "
            f"mm, not the pockets' bottom ({want_below[0]:g} mm) a layer under the change at {change:g} mm and the "
            f"cells' floor and the top above it"]


def _section(v, t, z: float):
    """The segments (n × 2 × 2, x and y) where the plane at height ``z`` cuts the surface."""
    import numpy as np

    p = v[t]
    d = p[..., 2] - z
    ends, hits = [], []
    for i, j in ((0, 1), (1, 2), (2, 0)):
        hit = d[:, i] * d[:, j] < 0
        with np.errstate(divide="ignore", invalid="ignore"):
            k = np.where(hit, d[:, i] / (d[:, i] - d[:, j]), 0.0)
        ends.append(p[:, i, :2] + (p[:, j, :2] - p[:, i, :2]) * k[:, None])
        hits.append(hit)
    ends, hits = np.stack(ends, axis=1), np.stack(hits, axis=1)
    keep = hits.sum(axis=1) == 2
    order = np.argsort(~hits[keep], axis=1, kind="stable")[:, :2]
    return np.take_along_axis(ends[keep], order[:, :, None], axis=1)


def _crossings(segments, k: int, value: float):
    """Where the segments cross the line (coordinate ``k``) = ``value``: the other coordinate of each."""
    import numpy as np

    a, b = segments[:, 0], segments[:, 1]
    hit = (a[:, k] - value) * (b[:, k] - value) < 0
    a, b = a[hit], b[hit]
    return np.sort(a[:, 1 - k] + (b[:, 1 - k] - a[:, 1 - k]) * (value - a[:, k]) / (b[:, k] - a[:, k]))


def _joints(a: dict, v, t) -> list[str]:
    """Each dovetail of the plate re-measured in a section of the body 1 mm above the bed (under every
    pocket): its width across at a quarter and three quarters of its depth, and where it ends."""
    tail = a.get("dovetail") or {}
    neck, head, depth = tail.get("neck_mm", 0), tail.get("head_mm", 0), tail.get("depth_mm", 0)
    clear, widen = tail.get("clearance_mm", 0), tail.get("socket_widen_mm", 0)
    cut = _section(v, t, min(1.0, a.get("pocket_z_mm", 1.0) / 2) + 1.234e-4)
    out = []
    for j in a.get("joints") or []:
        k, sign = (0 if j["points"][1] == "x" else 1), (1 if j["points"][0] == "+" else -1)
        seam, mid = j["seam_mm"], j["at_mm"]
        socket = j["role"] == "socket"
        what = f"the {j['role']} to piece {j['with']} at {mid:g} mm"
        for share in (0.25, 0.75):
            want = neck + (head - neck) * share + (widen if socket else 0.0)
            near = [x for x in _crossings(cut, k, seam + sign * share * depth) if abs(x - mid) < want / 2 + 2.0]
            got = near[-1] - near[0] if len(near) == 2 else None
            if got is None or abs(got - want) > TOL:
                out.append(f"{what} is {'not found' if got is None else f'{got:.3f} mm wide'} at {share:g} of its "
                           f"depth, not {want:.3f} mm")
        end = depth + (clear if socket else 0.0)
        ends = [abs(x - seam) for x in _crossings(cut, 1 - k, mid) if 0 < sign * (x - seam) < end + 2.0
                and abs(x - seam) > depth / 2]
        if len(ends) != 1 or abs(ends[0] - end) > TOL:
            out.append(f"{what} ends {ends and f'{ends[0]:.3f}' or 'nowhere'} mm from the seam, not {end:g}")
    return out


def _grams(report: Report, rel: str, a: dict, grams: dict[str, float]) -> None:
    density, listed = a.get("density"), a.get("filaments") or {}
    if a["format"] != "3mf" or not listed or not isinstance(density, (int, float)):
        return
    off = [p for p in sorted(set(grams) | set(listed))
           if abs(grams.get(p, 0.0) / 1000 * density - (listed.get(p) or {}).get("grams", -1)) > GRAMS_TOL]
    figures = ", ".join(f"{p} {grams[p] / 1000 * density:.2f} g" for p in sorted(grams))
    report.expect(not off, rel, f"filaments {figures} at {density:g} g/cm³, as the manifest says",
                  f"the manifest's grams of {', '.join(off)} are not the parts' volume at {density:g} g/cm³ "
                  f"(measured: {figures})")


def check_plates(report: Report, artifacts: list[dict]) -> None:
    """The 3D files' plate numbers (a board's, its pieces'): each item's entries say one count of
    plates, each a number up to it, and its 3MFs are the plates from 1 to that count, as a build
    lists them. (Their types and ranges are :mod:`.fields`'s.)"""
    groups: dict[str, list[tuple[dict, int, int]]] = {}
    for a in artifacts:
        if a.get("kind") != "3d":
            continue
        board = a.get("item") == "board"
        n, of = (a.get("piece"), a.get("pieces")) if board else (a.get("plate"), a.get("plates"))
        if isinstance(n, int) and isinstance(of, int):
            groups.setdefault(str(a.get("item") or "tiles"), []).append((a, n, of))
    for item, entries in groups.items():
        word = "piece" if item == "board" else "plate"
        counts = sorted({of for _, _, of in entries})
        threemf = sorted(n for a, n, _ in entries if a["format"] == "3mf")
        past = next(((a, n, of) for a, n, of in entries if n > of), None)
        first = entries[0][0]["path"]
        if len(counts) > 1:
            report.fail(first, f"the {item}' files say {' and '.join(map(str, counts[:2]))} {word}s: one build writes "
                               f"one count")
        elif past is not None:
            report.fail(past[0]["path"], f"{word} {past[1]} of {past[2]}")
        elif threemf and (len(threemf) != counts[0] or threemf != list(range(1, len(threemf) + 1))):
            listed = ", ".join(map(str, threemf[:5])) + (", …" if len(threemf) > 5 else "")
            report.fail(first, f"{counts[0]} {word}s of {item}, but the manifest lists the 3MF of {word}"
                               f"{'s' if len(threemf) > 1 else ''} {listed}: a build lists one a {word}")
