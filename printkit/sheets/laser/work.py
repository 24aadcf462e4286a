"""The laser jobs' work for the budget (:mod:`printkit.budget`): the tile sheets and the board's pieces and plates
counted as the beds are filled, the kerf coupon drawn."""

from __future__ import annotations

from ...budget import Cause, FileWork, Work, document_px, items_of, sheet_px
from ...model import Kit, Premium
from .board import plan_board, plate_sheets
from .common import Bed
from .coupon import coupon_documents
from .tiles import bed_grid, place


def laser_work(kit: Kit, work: Work) -> list[FileWork]:
    if kit.laser is None:
        return []
    bed = Bed.of(kit)
    formats = list(kit.laser.machine.formats)
    on = f"{bed.name} bed"
    files: list[FileWork] = []

    def sheet(path: str, items: int) -> list[FileWork]:  # every sheet is the bed, its SVG's page and its DXF's limits
        return [FileWork(f"{path}.{fmt}", "laser", fmt, 1, sheet_px(fmt, bed.width, bed.height), items, on)
                for fmt in formats]

    grid = bed_grid(kit, bed)
    blocks = place(kit, bed, grid)
    sheets = blocks[-1].sheet + 1
    per = [0] * sheets
    for block in blocks:  # a face's letter and value; the block's grid lines and its label
        per[block.sheet] += sum(2 for c in block.cells if c.face.face is not None)
        per[block.sheet] += block.grid.rows + block.grid.cols + 2 + (1 if block.spare else 0)
    tiles = sum(len(b.cells) for b in blocks)
    tiles_cause = Cause("laser.bed", f"{tiles} tiles of {kit.physical.tile_mm:g} mm, {grid.count} on a bed of "
                        f"{bed.name} mm", "choose a larger bed (laser.bed), smaller tiles or fewer tiles")
    for n, items in enumerate(per, 1):
        files += sheet(f"laser-tiles-{n}", items)
    for doc in coupon_documents(kit):
        files.append(FileWork(doc.path, "laser", doc.format, 1, document_px(doc), items_of(doc.pages[0].items), on))
    split = plan_board(kit)
    lay = kit.layout
    for piece in split.pieces:  # a premium cell's label (and star), the grid lines, the coordinates, the label
        rows, cols = piece.rows[1] - piece.rows[0], piece.cols[1] - piece.cols[0]
        premiums = sum(1 for r in range(*piece.rows) for c in range(*piece.cols) if lay.at(r, c) is not Premium.NONE)
        files += sheet(f"laser-board-{piece.number}", 2 * premiums + 2 * (rows + cols) + 12)
    plates = plate_sheets(kit, split, bed)
    for n, on_sheet in enumerate(plates, 1):
        name = "laser-board-plates" if len(plates) == 1 else f"laser-board-plates-{n}"
        files += sheet(name, sum(4 + 2 * len(joint.along) for joint, *_ in on_sheet))
    board_cause = Cause("laser.bed", f"a board of {kit.layout.cols} × {kit.layout.rows} cells of {split.cell:g} mm "
                        f"in {len(split.pieces)} pieces", "choose a larger bed (laser.bed) or smaller cells")
    for f in files:
        work.causes[f.path] = board_cause if f.path.startswith("laser-board") else tiles_cause
    return files


__all__ = ["laser_work"]
