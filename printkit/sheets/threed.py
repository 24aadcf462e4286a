"""The 3D-printed tiles (``--only 3d``): every tile of the set and its spares as solids on the
printer's plates, one 3MF per plate (each tile an object of two parts, body and letters, each
with its filament) and the STL pair of each plate (bodies, letters) for any slicer. The solids
are made by :mod:`printkit.solid`; this module decides the plates and what the manifest says."""

from __future__ import annotations

from ..model import Kit
from ..solid.document import FILAMENTS, Part, Solid, SolidDocument
from ..solid.mesh import require_3d

CM3 = 1000.0  # mm³ in a cm³


def threed_documents(kit: Kit) -> list[SolidDocument]:
    require_3d(kit.at("print3d.printer"))
    from ..solid.plates import plate_grid, plates
    from ..solid.tiles import tile_solid
    from .common import lettering, require_faces
    from .tiles import face_style, kit_spares, tile_faces

    lt = lettering(kit)
    require_faces(kit, lt)
    font = lt.letters
    style = face_style(kit, font)
    faces = tile_faces(kit) + kit_spares(kit)
    made: dict = {}
    for f in faces:
        if (f.face, f.value) not in made:
            made[(f.face, f.value)] = tile_solid(kit, f, style, font)
    p3 = kit.print3d
    grid = plate_grid(kit)
    on_plates = plates(kit, len(faces))
    docs: list[SolidDocument] = []
    bed = (p3.printer.bed_w, p3.printer.bed_h)
    for number, plate in enumerate(on_plates, 1):
        objects = []
        for i, slot in plate:
            f = faces[i]
            solid = made[(f.face, f.value)]
            name = f"{f.face} {f.value}" if f.face is not None else "blank"
            objects.append(Solid(f"{i + 1:03d} {name}", tuple(Part(n, m) for n, m in solid.parts), slot.x, slot.y))
        grams = {n: round(sum(p.mesh.volume for o in objects for p in o.parts if p.name == n) / CM3 * p3.density, 2)
                 for n in FILAMENTS}
        figures = {"plate": number, "plates": len(on_plates), "tiles": len(objects), "tiles_per_plate": grid.count,
                   "printer": p3.printer.name, "bed_mm": list(bed), "tile_mm": kit.physical.tile_mm,
                   "thickness_mm": p3.thickness_mm, "letter_mm": p3.letter_mm, "letters": p3.letters, "face": p3.face, "layer_mm": p3.printer.layer_mm,
                   "density": p3.density, "slicer": p3.printer.slicer,
                   "filaments": {n: {"extruder": i + 1, "grams": grams[n]} for i, n in enumerate(FILAMENTS)}}
        stem = f"3d/tiles-plate-{number}"
        title = f"{kit.title}: tiles, plate {number} of {len(on_plates)}"
        docs.append(SolidDocument(f"{stem}.3mf", "3d", "3mf", (), title, figures, objects=tuple(objects),
                                  bed_mm=bed, slicer=p3.printer.slicer))
        for n in FILAMENTS:
            part_figures = {**figures, "part": n, "filaments": {n: figures["filaments"][n]}}
            docs.append(SolidDocument(f"{stem}-{n}.stl", "3d", "stl", (), title, part_figures,
                                      objects=tuple(objects), bed_mm=bed, part=n))
    return docs


__all__ = ["threed_documents"]
