"""Geometry in millimetres, knowing nothing of tiles, boards or paper: items with their roles,
transforms, text outlines, grids, shared-edge cuts and splits, a tool's route over strokes, for
every product and writer."""

from .cuts import cut_runs, shared, split_runs, unit_edges
from .grid import Grid, fits
from .items import (COMMANDS, Circle, Clip, Document, Drawn, Group, Item, Layer, Line, Page, Path, Rect, Role, Text,
                    roles)
from .outline import outline
from .route import joined, shortest_moves, travel, with_gaps
from .split import pieces, seams
from .transform import Transform

__all__ = [
    "COMMANDS", "Circle", "Clip", "Document", "Drawn", "Grid", "Group", "Item", "Layer", "Line", "Page", "Path", "Rect",
    "Role", "Text", "Transform", "cut_runs", "fits", "joined", "outline", "pieces", "roles", "seams", "shared",
    "shortest_moves", "split_runs", "travel", "unit_edges", "with_gaps",
]
