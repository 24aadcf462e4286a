"""Tile racks as solids (with the 3D-printed tiles, product ``3d``): the set's racks, each a bar whose
profile holds a row of ``RACK_TILES`` tiles of the kit's side and ``print3d`` thickness leaning back
by ``LEAN_DEG`` against a sloped back, standing on a ledge behind a front lip; one part, one filament.
(The kit's name was inset into the lip's upright front face in a second filament: a slicer laid down a
fifth of it, for 14 tool changes and a 4 g tower a plate. It is left off.)

Coordinates: x along the rack (its length), y from the front face (0) to the back, z up from the bed;
the rack lies on its flat bottom, the profile (y, z) extruded along x."""

from __future__ import annotations

import math
from dataclasses import dataclass

from ..model import Kit
from .mesh import Mesh
from .sizes import LIP_DEPTH_MM

RACK_TILES = 7
LEAN_DEG = 17.5  # the tiles lean back so far from upright: the 15–20°
SPARE_MM = 3.0  # the ledge is longer than the row of tiles by at least this
END_MM = 3.0  # beyond the spare, at each end
BASE_MM = 3.0  # the ledge's height above the bed
LIP_MM = 5.0  # the front lip's height above the ledge at most (no higher than the back: see rack_shape)
LIP_LEAST_MM = 1.0  # and at least: it stops a tile's foot sliding off the ledge
VIEW_DEG = 45.0  # a player seated at a table looks down at their rack about so steeply
CLEARANCE_MM = 1.0  # on the ledge, beyond the tile's foot
TOP_MM = 4.0  # the back's flat top, front to back


@dataclass(frozen=True)
class RackShape:
    """The profile's figures (mm, degrees) a test or the manifest reads back."""

    length: float  # along x: the ledge's length
    depth: float  # y: front to back
    height: float  # z: the back's top
    ledge_y0: float  # the ledge runs from the lip (y0) to the back's foot (y1) at z = BASE_MM
    ledge_y1: float
    lean_deg: float
    back_top: float  # the back's height above the ledge
    lip: float = LIP_MM  # the lip's height above the ledge

    def profile(self) -> list[tuple[float, float]]:
        """The rack's cross-section (y, z), counter-clockwise."""
        b, lip = BASE_MM, BASE_MM + self.lip
        return [(0.0, 0.0), (self.depth, 0.0), (self.depth, self.height), (self.depth - TOP_MM, self.height),
                (self.ledge_y1, b), (self.ledge_y0, b), (self.ledge_y0, lip), (0.0, lip)]


def rack_shape(kit: Kit) -> RackShape:
    """The profile for the kit's tiles. The lip is as high as lets a player looking down at
    :data:`VIEW_DEG` see every letter and value whole (:func:`lip_for_view`), at most :data:`LIP_MM`
    and the back (a lip above the back hid the tile and was the rack's top)."""
    side, t = kit.physical.tile_mm, kit.print3d.thickness_mm
    lean = math.radians(LEAN_DEG)
    back = round(side * 0.6, 4)  # the back holds the tile up to 60 % of its height
    foot = t / math.cos(lean) + CLEARANCE_MM  # a tile leaning back covers so much of the ledge, and a clearance
    y0 = LIP_DEPTH_MM
    y1 = round(y0 + foot, 4)
    depth = round(y1 + back * math.tan(lean) + TOP_MM, 4)
    length = RACK_TILES * side + SPARE_MM + 2 * END_MM
    return RackShape(length, depth, BASE_MM + back, y0, y1, LEAN_DEG, back, lip_for_view(kit, back))


def hidden_mm(lip: float, lean_deg: float = LEAN_DEG, view_deg: float = VIEW_DEG) -> float:
    """How far up a tile's face a lip ``lip`` mm above the ledge hides it from an eye looking down at
    ``view_deg`` (the face leaning back ``lean_deg``), the tile's foot against the lip (where it hides most)."""
    lean, view = math.radians(lean_deg), math.radians(view_deg)
    return lip / (math.cos(lean) + math.sin(lean) * math.tan(view))


def lip_for_view(kit: Kit, back: float) -> float:
    """The highest lip (to 0.1 mm, at least :data:`LIP_LEAST_MM`) that hides no ink of any face seen at
    :data:`VIEW_DEG`: the lowest letter or value of the kit's faces stays in sight (the old 5 mm lip hid
    3.2 mm of a 20 mm tile's face, most of the value in its corner)."""
    from ..sheets.tiles import lowest_ink

    room = lowest_ink(kit)  # from the face's bottom edge to the lowest ink of any face
    most = math.floor(room / hidden_mm(1.0) * 10 + 1e-9) / 10
    return round(max(LIP_LEAST_MM, min(LIP_MM, back, most)), 4)


def rack_solid(kit: Kit) -> Mesh:
    """A rack: the profile extruded along its length."""
    from manifold3d import CrossSection, FillRule, Manifold

    shape = rack_shape(kit)
    section = CrossSection([shape.profile()], FillRule.NonZero)
    # the profile in (x, y) extruded along z, then turned so that its x is y and its y is z, along x
    return Mesh.of(_along_x(Manifold.extrude(section, shape.length)))


def _along_x(bar):
    """A manifold extruded along z from the profile (y, z) in its (x, y) turned to lie along x."""
    # (p, q, s) -> (s, p, q): the profile's first coordinate to y, its second to z, the extrusion to x
    return bar.transform([[0.0, 0.0, 1.0, 0.0], [1.0, 0.0, 0.0, 0.0], [0.0, 1.0, 0.0, 0.0]])


__all__ = ["LEAN_DEG", "RACK_TILES", "VIEW_DEG", "RackShape", "hidden_mm", "lip_for_view", "rack_shape", "rack_solid"]
