"""3MF of a plate of solids (3D Manufacturing Format core, millimetres): each solid one object
placed on the bed by its build item, its parts stored as the slicer its printer names stores them
(the document's ``slicer``): PrusaSlicer's one mesh holding the parts' triangles one part after
the other, or Bambu Studio's and OrcaSlicer's object of components, a mesh object a part. Beside
it, what both read to open the plate with the filaments assigned: ``Metadata/Slic3r_PE_model.config``
(PrusaSlicer: each mesh object's volumes as ranges of its triangles, each with its extruder) and
``Metadata/model_settings.config`` (Bambu Studio, OrcaSlicer: each object's parts, by the ids of
their mesh objects, with their extruders). The zip's entries are in a fixed order
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


def _nums(values):
    """:func:`_num` of each of ``values`` (a numpy array), in its shape: each distinct value written
    once (a plate of 139 tiles has 206 670 coordinates and 3141 values), the same text as one by one."""
    import numpy as np  # the meshes are numpy's: printkit-tiles[3d] is installed

    distinct, where = np.unique(values.ravel(), return_inverse=True)
    texts = np.array([_num(x) for x in distinct.tolist()], dtype=object)
    return texts[where.ravel()].reshape(values.shape)


def _mesh(out: list[str], meshes) -> None:
    """``<mesh>`` of the meshes one after the other (their vertices, then their triangles)."""
    out.append('   <mesh>\n    <vertices>\n')
    for m in meshes:
        out.extend(f'     <vertex x="{x}" y="{y}" z="{z}"/>\n' for x, y, z in _nums(m.vertices).tolist())
    out.append('    </vertices>\n    <triangles>\n')
    base = 0
    for m in meshes:
        out.extend(f'     <triangle v1="{a}" v2="{b}" v3="{c}"/>\n' for a, b, c in (m.triangles + base).tolist())
        base += len(m.vertices)
    out.append('    </triangles>\n   </mesh>\n')


def _model(doc) -> tuple[str, list[tuple[int, list[tuple[int, int, int]]]]]:
    """The model's XML, and each solid's id with its parts as (mesh object's id, first, last triangle):
    with ``slicer`` "prusa" each solid is one mesh object, its parts ranges of its triangles; with
    "bambu" each part is a mesh object of its own and the solid an object of their components."""
    out = ['<?xml version="1.0" encoding="UTF-8"?>\n',
           f'<model unit="millimeter" xml:lang="en-US" xmlns="{CORE}" xmlns:slic3rpe="{SLIC3RPE}">\n',
           ' <metadata name="slic3rpe:Version3mf">1</metadata>\n',
           f' <metadata name="Title">{_text(doc.title)}</metadata>\n',
           f' <metadata name="Application">printkit-{__version__}</metadata>\n',
           ' <resources>\n']
    solids = []
    next_id = 1
    for solid in doc.objects:
        if doc.slicer == "bambu":
            parts = []
            for part in solid.parts:
                out.append(f'  <object id="{next_id}" name={quoteattr(solid.name + " " + part.name)} type="model">\n')
                _mesh(out, [part.mesh])
                out.append('  </object>\n')
                parts.append((next_id, 0, len(part.mesh.triangles) - 1))
                next_id += 1
            out.append(f'  <object id="{next_id}" name={quoteattr(solid.name)} type="model">\n   <components>\n')
            out.extend(f'    <component objectid="{pid}"/>\n' for pid, _, _ in parts)
            out.append('   </components>\n  </object>\n')
        else:
            out.append(f'  <object id="{next_id}" name={quoteattr(solid.name)} type="model">\n')
            _mesh(out, [part.mesh for part in solid.parts])
            out.append('  </object>\n')
            parts, first = [], 0
            for part in solid.parts:
                parts.append((next_id, first, first + len(part.mesh.triangles) - 1))
                first += len(part.mesh.triangles)
        solids.append((next_id, parts))
        next_id += 1
    out.append(' </resources>\n <build>\n')
    for solid, (sid, _) in zip(doc.objects, solids):
        out.append(f'  <item objectid="{sid}" transform="1 0 0 0 1 0 0 0 1 {_num(solid.x)} {_num(solid.y)} 0" '
                   f'printable="1"/>\n')
    out.append(' </build>\n</model>\n')
    return "".join(out), solids


def _text(s: str) -> str:
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _prusa_config(doc, solids) -> str:
    """PrusaSlicer's metadata: for each mesh object its volumes (ranges of its triangles) and the
    extruder of each; a solid stored as components is, to PrusaSlicer, one object a part."""
    out = ['<?xml version="1.0" encoding="UTF-8"?>\n<config>\n']
    for solid, (_, parts) in zip(doc.objects, solids):
        meshes: dict[int, list] = {}
        for part, (mid, first, last) in zip(solid.parts, parts):
            meshes.setdefault(mid, []).append((part, first, last))
        for mid, volumes in meshes.items():
            name = solid.name if len(meshes) == 1 else f"{solid.name} {volumes[0][0].name}"
            out.append(f' <object id="{mid}" instances_count="1">\n')
            out.append(f'  <metadata type="object" key="name" value={quoteattr(name)}/>\n')
            out.append(f'  <metadata type="object" key="extruder" value="{volumes[0][0].extruder}"/>\n')
            for part, first, last in volumes:
                out.append(f'  <volume firstid="{first}" lastid="{last}">\n')
                out.append(f'   <metadata type="volume" key="name" value="{part.name}"/>\n')
                out.append('   <metadata type="volume" key="volume_type" value="ModelPart"/>\n')
                out.append(f'   <metadata type="volume" key="extruder" value="{part.extruder}"/>\n')
                out.append('  </volume>\n')
            out.append(' </object>\n')
    out.append('</config>\n')
    return "".join(out)


def _bambu_config(doc, solids) -> str:
    """Bambu Studio's and OrcaSlicer's metadata: each solid with its parts, a part named by the id of
    the mesh object it is (they read a solid's parts from its components; a solid of one mesh is one
    part to them), each with its extruder."""
    out = ['<?xml version="1.0" encoding="UTF-8"?>\n<config>\n']
    for solid, (sid, parts) in zip(doc.objects, solids):
        out.append(f'  <object id="{sid}">\n')
        out.append(f'    <metadata key="name" value={quoteattr(solid.name)}/>\n')
        out.append(f'    <metadata key="extruder" value="{solid.parts[0].extruder}"/>\n')
        for part, (mid, _, _) in zip(solid.parts, parts):
            out.append(f'    <part id="{mid}" subtype="normal_part">\n')
            out.append(f'      <metadata key="name" value="{part.name}"/>\n')
            out.append(f'      <metadata key="extruder" value="{part.extruder}"/>\n')
            out.append('    </part>\n')
        out.append('  </object>\n')
    out.append('</config>\n')
    return "".join(out)


# The colour changes of a printer of one filament, in each slicer's layout: PrusaSlicer's list by print_z (read from
# any 3MF), Bambu Studio's and OrcaSlicer's by plate and top_z (type 0: a colour change; the slicer writes its
# printer's own command for it, M600 on the shipped profiles' printers). Bambu Studio reads its list only from a
# 3MF whose Application metadata begins "BambuStudio-" (bbs_3mf.cpp, _load_model_from_file: no such version, no
# project config and no custom_gcode_per_layer.xml loaded); printkit's 3MF names itself, so there the maker adds the
# pause by hand (README, the 3D guide). The list is kept: it is what a Bambu-made project would hold.
PRUSA_CHANGES = "Metadata/Prusa_Slicer_custom_gcode_per_print_z.xml"
BAMBU_CHANGES = "Metadata/custom_gcode_per_layer.xml"


def _changes(tag: str, z_name: str, doc) -> str:
    codes = "".join(f'<{tag} {z_name}="{_num(z)}" type="0" extruder="1" color="{colour}" extra="" gcode="M600"/>\n'
                    for z, colour in doc.colour_changes)
    return f"{codes}<mode value=\"SingleExtruder\"/>\n"


def _prusa_changes(doc) -> str:
    return ('<?xml version="1.0" encoding="utf-8"?>\n<custom_gcodes_per_print_z>\n'
            + _changes("code", "print_z", doc) + "</custom_gcodes_per_print_z>\n")


def _bambu_changes(doc) -> str:
    return ('<?xml version="1.0" encoding="utf-8"?>\n<custom_gcodes_per_layer>\n<plate>\n<plate_info id="1"/>\n'
            + _changes("layer", "top_z", doc) + "</plate>\n</custom_gcodes_per_layer>\n")


# Where PrusaSlicer (2.9 and later) reads the wipe tower's place on each bed: the tower's own corner, inside its
# brim, and its turn. Older PrusaSlicers read it only from Metadata/Slic3r_PE.config, the whole print config, which
# its window lays over its built-in defaults when the 3MF opens as a project (Plater.cpp): a config of the tower's
# keys alone would reset every other setting, so none is written. Bambu Studio reads project_settings.config only
# from a 3MF it wrote (bbs_3mf.cpp: no BambuStudio version, no config loaded); OrcaSlicer's copy skips that check
# ("Orca: skip version check"), so a partial one would reach its settings too: none is written for either.
PRUSA_TOWER = "Metadata/Prusa_Slicer_wipe_tower_information.xml"


def _prusa_tower(doc) -> str:
    x, y = doc.tower.position
    return ('<?xml version="1.0" encoding="utf-8"?>\n'
            f'<wipe_tower_information bed_idx="0" position_x="{_num(x)}" position_y="{_num(y)}" rotation_deg="0"/>\n')


def three_mf_bytes(doc) -> bytes:
    model, solids = _model(doc)
    entries = [("[Content_Types].xml", CONTENT_TYPES), ("_rels/.rels", RELS), ("3D/3dmodel.model", model),
               ("Metadata/Slic3r_PE_model.config", _prusa_config(doc, solids)),
               ("Metadata/model_settings.config", _bambu_config(doc, solids))]
    if doc.colour_changes:
        entries += [(PRUSA_CHANGES, _prusa_changes(doc)), (BAMBU_CHANGES, _bambu_changes(doc))]
    if getattr(doc, "tower", None) is not None:
        entries.append((PRUSA_TOWER, _prusa_tower(doc)))
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
