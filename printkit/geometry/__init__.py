"""Geometry in millimetres, knowing nothing of tiles, boards or paper: items with their roles,
transforms and quarter turns, text outlines, grids, shared-edge cuts and splits, a tool's route
over strokes, for every product and writer."""

from .cuts import cut_runs, shared, split_runs, unit_edges
from .grid import Grid, fits
from .items import (
    COMMANDS,
    Circle,
    Clip,
    Document,
    Drawn,
    Group,
    Item,
    Layer,
    Line,
    Page,
    Path,
    Rect,
    Role,
    Text,
    roles,
)
from .outline import outline
from .route import joined, shortest_moves, travel, with_gaps
from .split import CellSplit, cell_box, pieces, seams, shares, split_cells
from .transform import Transform
from .turn import quarter_turn, turn_box, turn_point

__all__ = [
    "COMMANDS", "CellSplit", "Circle", "Clip", "Document", "Drawn", "Grid", "Group", "Item", "Layer", "Line", "Page",
    "Path", "Rect", "Role", "Text", "Transform", "cell_box", "cut_runs", "fits", "joined", "outline", "pieces",
    "quarter_turn", "roles", "seams", "shared", "shares", "shortest_moves", "split_cells", "split_runs", "travel",
    "turn_box", "turn_point", "unit_edges", "with_gaps",
]
