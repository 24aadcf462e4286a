"""The 3D-printed tiles (``--only 3d``): every tile of the set and its spares as solids on the
printer's plates, one 3MF per plate (each tile an object of two parts, body and letters, each
with its filament) and the STL pair of each plate (bodies, letters) for any slicer. The solids
are made by :mod:`printkit.solid`; this module decides the plates and what the manifest says."""

from __future__ import annotations

from ..budget import Cause, FileWork, Work, plate_px
from ..model import Kit
from ..needs import SOLIDS
from ..solid.document import FILAMENTS, ONE_PART, Part, Solid, SolidDocument, extruder, plate_files
from .board3d import board3d_documents

CM3 = 1000.0  # mm³ in a cm³


def threed_documents(kit: Kit) -> list[SolidDocument]:
    SOLIDS.require(kit)  # as the registry does before it lays the product out
    from ..solid.board import plan_board3d
    from ..solid.plates import plate_grid, plates
    from ..solid.tiles import tile_solid
    from .common import lettering, require_faces
    from .tiles import face_style, kit_spares, tile_faces

    lt = lettering(kit)
    require_faces(kit, lt)
    parts = kit.print3d.parts
    # a board or a rack that cannot fit the bed stops here, before any solid is made
    board_plan = plan_board3d(kit) if "board" in parts else None
    if "racks" in parts:
        rack_plate(kit)
    font = lt.letters
    if "tiles" not in parts:
        return _racks_and_board(kit, font, lt, board_plan)
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
        names = _tile_filaments(kit)
        grams = _grams(objects, p3.density, names)
        figures = {"plate": number, "plates": len(on_plates), "tiles": len(objects), "tiles_per_plate": grid.count,
                   "printer": p3.printer.name, "bed_mm": list(bed), "tile_mm": kit.physical.tile_mm,
                   "thickness_mm": p3.thickness_mm, "letter_mm": p3.letter_mm, "letters": p3.letters, "face": p3.face,
                   "layer_mm": p3.printer.layer_mm,
                   "density": p3.density, "slicer": p3.printer.slicer,
                   "filaments": {n: {"extruder": extruder(n), "grams": grams[n]} for n in names}}
        change = p3.colour_change_mm
        if change is not None:
            figures["colour_change_mm"] = change
        if grid.tower is not None:
            figures["tower_mm"] = grid.tower.box
        stem = f"3d/tiles-plate-{number}"
        title = f"{kit.title}: tiles, plate {number} of {len(on_plates)}"
        changes = ((change, kit.tile_style.ink),) if change is not None else ()
        docs += plate_files(stem, title, figures, objects, bed, p3.printer.slicer, names, changes, grid.tower)
    return docs + _racks_and_board(kit, font, lt, board_plan)


def _racks_and_board(kit: Kit, font, lt, board_plan) -> list[SolidDocument]:
    parts = kit.print3d.parts
    return ((rack_documents(kit) if "racks" in parts else [])
            + (board3d_documents(kit, lt, board_plan) if "board" in parts else []))


def rack_plate(kit: Kit):
    """How many racks go across and down a plate (inside the bed's margins, ``gap_mm`` apart), and
    the racks' shape; an error (exit 2) when not one fits."""
    import math

    from ..errors import PrintkitError
    from ..solid.racks import rack_shape

    p3 = kit.print3d
    shape = rack_shape(kit)

    def fit(room: float, size: float) -> int:
        return max(0, math.floor((room - size) / (size + p3.gap_mm) + 1e-9) + 1) if room >= size else 0

    cols, rows = fit(p3.printer.bed_w - 2 * p3.margin_mm, shape.length), fit(p3.printer.bed_h - 2 * p3.margin_mm,
                                                                              shape.depth)
    if cols * rows == 0:
        raise PrintkitError(f"{kit.at('physical.tile_mm')}: a rack of {shape.length:g} × {shape.depth:g} mm (7 tiles "
                            f"of {kit.physical.tile_mm:g} mm) does not fit the bed of {p3.printer.title} with "
                            f"margins of {p3.margin_mm:g} mm: leave the racks out (print3d: {{parts: [tiles, "
                            f"board]}}) or choose a larger printer")
    return cols, rows, shape


def rack_documents(kit: Kit) -> list[SolidDocument]:
    """The racks, one per player the kit names, else four (``play.racks``), on plates of their own: racks
    ``gap_mm`` apart inside the bed's margins, front faces towards the bed's front, a 3MF and an STL pair a plate."""
    from ..solid.racks import RACK_TILES, rack_solid

    p3 = kit.print3d
    cols, rows, shape = rack_plate(kit)
    bed = (p3.printer.bed_w, p3.printer.bed_h)
    parts = (Part("body", rack_solid(kit)),)
    players = kit.play.players
    racks = kit.play.racks  # a rack for each player the kit names, else a set's four (as the laser and card racks)
    per = cols * rows
    w = cols * shape.length + (cols - 1) * p3.gap_mm
    h = rows * shape.depth + (rows - 1) * p3.gap_mm
    x0, y0 = (bed[0] - w) / 2, (bed[1] - h) / 2
    numbers = range(0, racks, per)
    docs: list[SolidDocument] = []
    for number, start in enumerate(numbers, 1):
        objects = []
        for i in range(start, min(start + per, racks)):
            row, col = divmod(i - start, cols)
            label = f"rack {i + 1}" + (f" {players[i]}" if i < len(players) and players[i] else "")
            objects.append(Solid(label, parts, round(x0 + col * (shape.length + p3.gap_mm), 4),
                                 round(y0 + (rows - 1 - row) * (shape.depth + p3.gap_mm), 4)))
        grams = _grams(objects, p3.density, ("body",))
        figures = {"item": "rack", "plate": number, "plates": len(numbers), "racks": len(objects),
                   "racks_per_plate": per, "holds": RACK_TILES, "printer": p3.printer.name, "bed_mm": list(bed),
                   "rack_mm": [round(shape.length, 4), shape.depth, shape.height],
                   "ledge_mm": round(shape.length, 4), "ledge_depth_mm": round(shape.ledge_y1 - shape.ledge_y0, 4),
                   "lip_mm": shape.lip,
                   "lean_deg": shape.lean_deg, "tile_mm": kit.physical.tile_mm, "thickness_mm": p3.thickness_mm,
                   "name": kit.title, "layer_mm": p3.printer.layer_mm,
                   "density": p3.density, "slicer": p3.printer.slicer,
                   "filaments": {"body": {"extruder": 1, "grams": grams["body"]}}}
        stem = f"3d/racks-plate-{number}"
        title = f"{kit.title}: racks, plate {number} of {len(numbers)}"
        docs += plate_files(stem, title, figures, objects, bed, p3.printer.slicer, ("body",))
    return docs


# -- the work of a build (printkit.budget): the plates and pieces counted by their parts' triangles ------------

# Triangles of one part, a little above the most measured on the shipped kits (``tests/house/test_budget.py``
# counts them in the files): a tile, body and letters (1000 to 1460 on average, up to 1590 on a plate of
# the default kit's last tiles), a cell of the board's pieces, its premiums' labels and rims shared out
# (310 to 615), a rack (its profile of 8 corners extruded: 28; with the name it no longer has, 3300 to 18 200).
TILE_TRIANGLES = 1700
CELL_TRIANGLES = 650
RACK_TRIANGLES = 40



def threed_work(kit: Kit, work: Work) -> list[FileWork]:
    """The 3D parts' files: each plate of tiles, each piece of the board and each plate of racks as
    a 3MF and its STLs, their triangles counted by the part (a tile's, a cell's, a rack's: the
    constants above), the plates and pieces laid out as the product lays them (no solid is made)."""
    import math

    from ..solid.plates import plates
    from .tiles import kit_spares, tile_faces

    p3 = kit.print3d
    if p3 is None:
        return []
    bed = f"{p3.printer.bed_w:g}x{p3.printer.bed_h:g} bed"
    px = plate_px(p3.printer.bed_w, p3.printer.bed_h)

    def plate(stem: str, triangles: int, parts: tuple[str, ...]) -> list[FileWork]:
        return _plate_work(stem, bed, triangles, parts, px)

    files: list[FileWork] = []
    if "tiles" in p3.parts:
        tiles = len(tile_faces(kit)) + len(kit_spares(kit))
        on = plates(kit, tiles)
        for n, placed in enumerate(on, 1):
            files += plate(f"3d/tiles-plate-{n}", len(placed) * TILE_TRIANGLES, _tile_filaments(kit))
        cause = Cause("distribution", f"{tiles} tiles on {len(on)} plates of {p3.printer.title}",
                      "choose fewer tiles (distribution): a set this large prints as several kits, each of part of it")
        for f in files:
            work.causes[f.path] = cause
    if "board" in p3.parts:
        files += _board3d_work(kit)
    if "racks" in p3.parts:
        cols, rows, _ = rack_plate(kit)
        racks, per = kit.play.racks, cols * rows
        for n in range(1, math.ceil(racks / per) + 1):
            files += plate(f"3d/racks-plate-{n}", min(per, racks - (n - 1) * per) * RACK_TRIANGLES, ("body",))
    return files


def _board3d_work(kit: Kit) -> list[FileWork]:
    from ..solid.board import PREMIUMS, plan_board3d

    p3 = kit.print3d
    bed = f"{p3.printer.bed_w:g}x{p3.printer.bed_h:g} bed"
    px = plate_px(p3.printer.bed_w, p3.printer.bed_h)
    files: list[FileWork] = []
    lay = kit.layout
    premiums = tuple(code for code in PREMIUMS if any(lay.at(r, c).code == code for r in range(lay.rows)
                                                      for c in range(lay.cols)))
    # a piece's parts: its body, letters and the board's premiums; on one filament the body alone, its colours by height
    parts = ("body",) if p3.one_filament else ("body", "letters", *premiums)
    for piece in plan_board3d(kit).pieces:
        cells = (piece.rows[1] - piece.rows[0]) * (piece.cols[1] - piece.cols[0])
        files += _plate_work(f"3d/board-piece-{piece.number}", bed, cells * CELL_TRIANGLES, parts, px)
    return files


def _plate_work(stem: str, bed: str, triangles: int, parts: tuple[str, ...], px: int) -> list[FileWork]:
    """A plate's 3MF and an STL a part, the triangles shared out among the STLs; each file's picture in the
    gallery at most ``px`` pixels (:func:`printkit.budget.plate_px`)."""
    return [FileWork(f"{stem}.3mf", "3d", "3mf", 0, px, 0, bed, triangles)] + [
        FileWork(f"{stem}-{part}.stl", "3d", "stl", 0, px, 0, bed, triangles // len(parts)) for part in parts]


__all__ = ["rack_documents", "rack_plate", "threed_documents"]


def _tile_filaments(kit: Kit) -> tuple[str, ...]:
    """The parts of the tiles' plates, in the order of their extruders: body and letters; the body alone
    (letters as pockets); or one part, the whole tile (raised letters in one filament)."""
    p3 = kit.print3d
    if p3.letters == "pockets":
        return ("body",)
    return (ONE_PART,) if p3.one_part else FILAMENTS


def _grams(objects, density: float, names=FILAMENTS) -> dict[str, float]:
    """Each filament's grams on a plate: its parts' volume at the filament's density."""
    return {n: round(sum(p.mesh.volume for o in objects for p in o.parts if p.name == n) / CM3 * density, 2)
            for n in names}

