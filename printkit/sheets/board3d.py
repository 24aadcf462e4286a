"""The 3D-printed board (with the tiles, ``--only 3d``): the kit's board cut into the fewest pieces
that fit the printer's bed, one plate per piece: a 3MF (the piece one object of its parts: body,
letters, and a part per premium kind, each with its extruder; on a printer of one filament one part,
its colours apart by height, the slicer told where to stop for the change) and an STL per part.
The solids are made by :mod:`printkit.solid.board`; this module decides the plates and what the
manifest says (kind ``3d``, item ``board``: the piece, the pieces' sizes, the bed, the dovetails on
the plate and the grams of each filament)."""

from __future__ import annotations

from ..model import Kit
from ..solid.document import Part, Solid, SolidDocument, plate_files

CM3 = 1000.0  # mm³ in a cm³


def _on_bed(d, piece, origin, size, at) -> dict:
    """A dovetail of the plate in bed mm: which way it points (from the tongue's piece into the
    socket's: "+x", "-x", "-y"), its seam's line across that way and its middle along the seam, as
    they lie on this plate (the piece moved from ``origin`` on the board to ``at``, turned or not)."""
    x, y = (d.seam, d.at) if d.axis == "x" else (d.at, d.seam)
    x, y = x - origin[0], y - origin[1]
    dx, dy = (1, 0) if d.axis == "x" else (0, -1)
    if piece.turned:  # a quarter clockwise: (x, y) → (y, w − x), the piece's width w before it turned
        x, y, dx, dy = y, size[1] - x, dy, -dx
    x, y = x + at[0], y + at[1]
    points = {(1, 0): "+x", (-1, 0): "-x", (0, -1): "-y", (0, 1): "+y"}[(dx, dy)]
    seam, along = (x, y) if dy == 0 else (y, x)
    return {"role": "tongue" if d.tongue == piece.number else "socket",
            "with": d.socket if d.tongue == piece.number else d.tongue, "points": points,
            "seam_mm": round(seam, 4), "at_mm": round(along, 4)}


def _at(plan, bed, size, margin: float) -> tuple[float, float]:
    """Where a piece lies on its plate: in the middle of the bed; beside the wipe tower's room if the plate
    keeps one, against the margin on the side away from it (its left with the room right of it, its front
    with the room behind it), in the middle the other way."""
    x, y = round((bed[0] - size[0]) / 2, 4), round((bed[1] - size[1]) / 2, 4)
    if plan.beside == "x":
        return round(margin, 4), y
    if plan.beside == "y":
        return x, round(margin, 4)
    return x, y


def _second_colour(kit: Kit) -> str:
    """The colour a board of one filament changes to, as the slicer shows it: the first premium's on the
    board in the book's order (the premium cells, the ridges and the rim are printed in it)."""
    from ..solid.board import PREMIUMS

    lay, colors = kit.layout, kit.board_style.colors
    present = [code for code in PREMIUMS if code in colors and any(lay.at(r, c).code == code for r in range(lay.rows)
                                                                   for c in range(lay.cols))]
    return colors[present[0]] if present else kit.board_style.ink


def board3d_documents(kit: Kit, lt, plan=None) -> list[SolidDocument]:
    from ..solid.board import RIDGE_MM, board_extruders, board_solids, piece_solid, plan_board3d
    from .board.sheet import check_fonts

    check_fonts(kit, lt)
    p3 = kit.print3d
    plan = plan or plan_board3d(kit)
    solids = board_solids(kit, plan, lt)
    extruders = board_extruders(solids.premiums, p3.printer.filaments)
    bed = (p3.printer.bed_w, p3.printer.bed_h)
    made = [piece_solid(plan, solids, piece, p3.board_mm) for piece in plan.pieces]
    sizes = [[round(m.size[0], 4), round(m.size[1], 4), p3.board_mm] for m in made]
    d0 = plan.dovetails[0] if plan.dovetails else None
    # one filament: the board one part, the slicer stopping once for the premiums' colour (the 3MF says where)
    change = p3.board_colour_change_mm
    changes = ((change, _second_colour(kit)),) if change is not None else ()
    docs: list[SolidDocument] = []
    total = len(plan.pieces)
    for piece, m, size in zip(plan.pieces, made, sizes):
        at = _at(plan, bed, size, p3.margin_mm)
        parts = tuple(Part(n, mesh, extruders[n]) for n, mesh in m.parts)
        first = f"{chr(ord('A') + piece.cols[0])}{piece.rows[0] + 1}"
        last = f"{chr(ord('A') + piece.cols[1] - 1)}{piece.rows[1]}"
        objects = (Solid(f"board piece {piece.number} {first}-{last}", parts, at[0], at[1]),)
        grams = {n: round(mesh.volume / CM3 * p3.density, 2) for n, mesh in m.parts}
        joints = [_on_bed(d, piece, m.origin, m.size, at) for d in plan.dovetails
                  if piece.number in (d.tongue, d.socket)]
        figures = {"item": "board", "piece": piece.number, "pieces": total, "split": list(plan.split),
                   "cells": f"{first}:{last}", "rows": piece.rows[1] - piece.rows[0],
                   "cols": piece.cols[1] - piece.cols[0], "piece_mm": size, "pieces_mm": sizes,
                   "board_mm": [plan.width, plan.height, p3.board_mm], "cell_mm": plan.cell, "rim_mm": plan.border,
                   "ridge_mm": RIDGE_MM, "recess_mm": p3.board_recess_mm, "pocket_mm": p3.board_pocket_mm,
                   "floor_z_mm": solids.floor, "pocket_z_mm": solids.pocket, "turned": piece.turned,
                   "on_board_mm": [round(m.origin[0], 4), round(m.origin[1], 4)], "at_mm": list(at),
                   "printer": p3.printer.name, "bed_mm": list(bed), "margin_mm": p3.margin_mm,
                   "layer_mm": p3.printer.layer_mm, "face": "up", "density": p3.density,
                   "slicer": p3.printer.slicer, "thickness_mm": p3.board_mm,
                   "filaments": {n: {"extruder": extruders[n], "grams": grams[n]} for n, _ in m.parts}}
        if d0 is not None:
            figures["dovetail"] = {"neck_mm": d0.neck, "head_mm": d0.head, "depth_mm": d0.depth,
                                   "clearance_mm": d0.clearance, "socket_widen_mm": round(d0.widen, 4)}
            figures["joints"] = joints
        if change is not None:
            figures["colour_change_mm"] = change
        if plan.tower is not None:
            figures["tower_mm"] = plan.tower.box
        stem = f"3d/board-piece-{piece.number}"
        title = f"{kit.title}: board, piece {piece.number} of {total}"
        docs += plate_files(stem, title, figures, objects, bed, p3.printer.slicer, [n for n, _ in m.parts], changes,
                            plan.tower)
    return docs


__all__ = ["board3d_documents"]
