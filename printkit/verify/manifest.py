"""The manifest of a built kit's folder, read; the kit it names (or ``--kit FILE``), compared with it;
the record of a build stopped while moving its files into place."""

from __future__ import annotations

import os
from pathlib import Path

from ..manifest import MANIFEST
from ..outdir import PENDING
from .measure import close, number
from .report import Report


def kit_to_compare(manifest: dict, kit_file: str | None):
    """The kit to compare with: ``--kit FILE``, else the shipped kit the manifest names, else None."""
    from ..config import kit_names, load_kit

    if kit_file:
        return load_kit(kit_file)
    if manifest["kit"] in kit_names():
        return load_kit(manifest["kit"])
    return None


def check_moves(report: Report, folder: Path) -> None:
    """A record of moves that :func:`printkit.outdir.recover` could not finish or undo (an older
    printkit's, or one whose work folder is gone): the folder may hold files of two builds."""
    if os.path.lexists(folder / PENDING):
        report.fail(PENDING, "a build was stopped while moving its files into place, and its moves cannot be "
                             "undone (its work folder is gone, or an older printkit wrote it): build the kit again")


def check_kit(report: Report, manifest: dict, kit, by_name: bool) -> None:
    """The manifest's set and board against the kit's (``by_name``: the shipped kit the manifest names)."""
    if kit is None:
        report.note(MANIFEST, f"kit '{manifest['kit'][:200]}' is not a shipped kit and no --kit FILE was given: "
                              f"the files are checked against the manifest alone")
        return
    d, lay, phys = kit.distribution, kit.layout, kit.physical
    tiles, board = manifest.get("tiles") or {}, manifest.get("board") or {}
    problems = []
    if manifest["kit"] != kit.name:
        problems.append(f"kit '{manifest['kit']}', not '{kit.name}'")
    if tiles.get("letters") != {t.face: t.count for t in d.tiles}:
        problems.append("other letters or counts than the kit's")
    if tiles.get("values") is not None and tiles.get("values") != {t.face: t.value for t in d.tiles}:
        problems.append("other values than the kit's")
    if tiles.get("blanks") != d.blanks or tiles.get("total") != d.total:
        problems.append(f"{tiles.get('total')} tiles with {tiles.get('blanks')} blanks, the kit has {d.total} "
                        f"with {d.blanks}")
    if not close(number(tiles.get("tile_mm")) or 0, phys.tile_mm):
        problems.append(f"tiles of {tiles.get('tile_mm')} mm, the kit's are {phys.tile_mm:g} mm")
    if (board.get("rows"), board.get("cols")) != (lay.rows, lay.cols) or not close(
            number(board.get("cell_mm")) or 0, phys.cell_mm):
        problems.append(f"a board of {board.get('rows')} × {board.get('cols')} cells of {board.get('cell_mm')} mm, "
                        f"the kit's is {lay.rows} × {lay.cols} of {phys.cell_mm:g} mm")
    report.expect(not problems, MANIFEST,
                  f"kit {kit.name} ({kit.source}): {d.total} tiles ({d.blanks} blanks) of {phys.tile_mm:g} mm, "
                  f"{lay.rows} × {lay.cols} cells of {phys.cell_mm:g} mm, as the manifest says",
                  f"the manifest does not match the kit {kit.name} ({kit.source}): " + "; ".join(problems)
                  + (" (built from another kit file? give it with --kit FILE)" if by_name else ""))
