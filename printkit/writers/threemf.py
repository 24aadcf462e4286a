"""3MF of a plate of solids (3D Manufacturing Format core, millimetres): each solid one object
whose mesh holds its parts' triangles one part after the other, placed on the bed by its build
item. Beside it, what the slicers read to open the plate with the filaments assigned:
``Metadata/Slic3r_PE_model.config`` (PrusaSlicer: each object's volumes as ranges of its
triangles, each with its extruder) and ``Metadata/model_settings.config`` (Bambu Studio and
OrcaSlicer: each object's parts with their extruder). The zip's entries are in a fixed order
with a fixed date, so the same plate is the same bytes."""

from __future__ import annotations

import io
import zipfile
from pathlib import Path
from typing import BinaryIO
from xml.sax.saxutils import quoteattr

from .. import __version__

DATE = (1980, 1, 1, 0, 0, 0)  # the zip's earliest date: no clock in the bytes
CORE = "http://schemas.microsoft.com/3dmanufacturing/core/2015/02"
SLIC3RPE = "http://schemas.slic3r.org/3mf/2017/06"

CONTENT_TYPES = (
    '<?xml version="1.0" encoding="UTF-8"?>\n'
    '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">\n'
    ' <Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>\n'
    ' <Default Extension="model" ContentType="application/vnd.ms-package.3dmanufacturing-3dmodel+xml"/>\n'
    ' <Default Extension="config" ContentType="text/xml"/>\n'
    '</Types>\n')
RELS = (
    '<?xml version="1.0" encoding="UTF-8"?>\n'
    '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">\n'
    ' <Relationship Target="/3D/3dmodel.model" Id="rel0" '
    'Type="http://schemas.microsoft.com/3dmanufacturing/2013/01/3dmodel"/>\n'
    '</Relationships>\n')


def _num(x: float) -> str:
    text = f"{x:.4f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _model(doc) -> tuple[str, list[list[tuple[int, int]]]]:
    """The model's XML, and each object's parts as (first, last) triangle of its mesh."""
    out = ['<?xml version="1.0" encoding="UTF-8"?>\n',
           f'<model unit="millimeter" xml:lang="en-US" xmlns="{CORE}" xmlns:slic3rpe="{SLIC3RPE}">\n',
           ' <metadata name="slic3rpe:Version3mf">1</metadata>\n',
           f' <metadata name="Title">{_text(doc.title)}</metadata>\n',
           f' <metadata name="Application">printkit-{__version__}</metadata>\n',
           ' <resources>\n']
    ranges = []
    for n, solid in enumerate(doc.objects, 1):
        out.append(f'  <object id="{n}" name={quoteattr(solid.name)} type="model">\n   <mesh>\n    <vertices>\n')
        base, first, spans = 0, 0, []
        tris = []
        for part in solid.parts:
            v, t = part.mesh.vertices, part.mesh.triangles
            out.extend(f'     <vertex x="{_num(x)}" y="{_num(y)}" z="{_num(z)}"/>\n' for x, y, z in v.tolist())
            tris.append((t + base).tolist())
            spans.append((first, first + len(t) - 1))
            base += len(v)
            first += len(t)
        out.append('    </vertices>\n    <triangles>\n')
        for t in tris:
            out.extend(f'     <triangle v1="{a}" v2="{b}" v3="{c}"/>\n' for a, b, c in t)
        out.append('    </triangles>\n   </mesh>\n  </object>\n')
        ranges.append(spans)
    out.append(' </resources>\n <build>\n')
    for n, solid in enumerate(doc.objects, 1):
        out.append(f'  <item objectid="{n}" transform="1 0 0 0 1 0 0 0 1 {_num(solid.x)} {_num(solid.y)} 0" '
                   f'printable="1"/>\n')
    out.append(' </build>\n</model>\n')
    return "".join(out), ranges


def _text(s: str) -> str:
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _prusa_config(doc, ranges) -> str:
    out = ['<?xml version="1.0" encoding="UTF-8"?>\n<config>\n']
    for n, (solid, spans) in enumerate(zip(doc.objects, ranges), 1):
        out.append(f' <object id="{n}" instances_count="1">\n')
        out.append(f'  <metadata type="object" key="name" value={quoteattr(solid.name)}/>\n')
        out.append(f'  <metadata type="object" key="extruder" value="{solid.parts[0].extruder}"/>\n')
        for part, (first, last) in zip(solid.parts, spans):
            out.append(f'  <volume firstid="{first}" lastid="{last}">\n')
            out.append(f'   <metadata type="volume" key="name" value="{part.name}"/>\n')
            out.append('   <metadata type="volume" key="volume_type" value="ModelPart"/>\n')
            out.append(f'   <metadata type="volume" key="extruder" value="{part.extruder}"/>\n')
            out.append('  </volume>\n')
        out.append(' </object>\n')
    out.append('</config>\n')
    return "".join(out)


def _bambu_config(doc) -> str:
    out = ['<?xml version="1.0" encoding="UTF-8"?>\n<config>\n']
    for n, solid in enumerate(doc.objects, 1):
        out.append(f'  <object id="{n}">\n')
        out.append(f'    <metadata key="name" value={quoteattr(solid.name)}/>\n')
        out.append(f'    <metadata key="extruder" value="{solid.parts[0].extruder}"/>\n')
        for i, part in enumerate(solid.parts, 1):
            out.append(f'    <part id="{i}" subtype="normal_part">\n')
            out.append(f'      <metadata key="name" value="{part.name}"/>\n')
            out.append(f'      <metadata key="extruder" value="{part.extruder}"/>\n')
            out.append('    </part>\n')
        out.append('  </object>\n')
    out.append('</config>\n')
    return "".join(out)


def three_mf_bytes(doc) -> bytes:
    model, ranges = _model(doc)
    entries = [("[Content_Types].xml", CONTENT_TYPES), ("_rels/.rels", RELS), ("3D/3dmodel.model", model),
               ("Metadata/Slic3r_PE_model.config", _prusa_config(doc, ranges)),
               ("Metadata/model_settings.config", _bambu_config(doc))]
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as z:
        for name, text in entries:
            info = zipfile.ZipInfo(name, DATE)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            info.create_system = 3  # the same header on every system
            z.writestr(info, text.encode("utf-8"), compresslevel=6)
    return buffer.getvalue()


def write_3mf(doc, target: Path | str | BinaryIO) -> None:
    data = three_mf_bytes(doc)
    if hasattr(target, "write"):
        target.write(data)
    else:
        Path(target).write_bytes(data)


__all__ = ["three_mf_bytes", "write_3mf"]
