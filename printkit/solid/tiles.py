"""Tiles as solids, printed face down: a body of the kit's tile side and the thickness of
``print3d``, its corners rounded, a 45° chamfer round the face (the side on the bed, where the
first layers spread: elephant's foot), and the letter and value inset into the face by a whole
number of the printer's layers. The letters are a part of their own that fills the pockets, so
that the slicer prints them in the second filament in the first layers. With ``print3d.letters:
raised`` the letters stand on the face by the same layers instead, and the tile is printed face up
(the chamfer stays on the bed side, under the back); the colour changes in the last layers. On a
printer of one filament the raised tile is one part (``tile``), its colours apart by height: the
slicer stops for the change where the letters start (the 3MF says where). With ``print3d.letters:
pockets`` the letters are sunk into the face as with ``inset`` and left empty, for paint or wax.

The letters and values are where every other sheet puts them (:func:`printkit.sheets.tiles.face_style`
and ``draw_face``: the same fontTools outlines), seen from below: the face lies on the bed, so the
plate seen from above shows each face turned over (mirrored left to right).

Coordinates: x, y on the bed from the tile's corner, z up from the bed; the body is
``[0, side] × [0, side] × [0, thickness]``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from ..fonts import Font
from ..geometry import Text, outline
from ..model import Kit
from .document import ONE_PART
from .mesh import Mesh

CORNER_SEGMENTS = 8  # segments of each rounded corner's quarter circle
CURVE_SEGMENTS = 6  # segments of each quadratic (TrueType) curve of a letter; 10 for a cubic one


@dataclass(frozen=True)
class TileSolid:
    """One tile's parts, at the tile's own origin: its body and its letters (None: a blank, or letters
    as pockets in the body); or, printed in one filament (``one_part``), the whole tile as one part, its
    raised letters on it, named ``tile``."""

    body: Mesh
    letters: Mesh | None
    one_part: bool = False

    @property
    def parts(self) -> tuple[tuple[str, Mesh], ...]:
        if self.one_part:
            return ((ONE_PART, self.body),)
        return (("body", self.body),) + ((("letters", self.letters),) if self.letters is not None else ())


def rounded_square(side: float, radius: float, inset: float = 0.0) -> list[tuple[float, float]]:
    """A square of ``side`` with corners of ``radius``, made smaller by ``inset`` on every side
    (its corners' radius shrinks with it), counter-clockwise, as a polygon."""
    r = max(radius - inset, 0.0)
    lo, hi = inset + r, side - inset - r
    points = []
    for cx, cy, start in ((hi, lo, -90.0), (hi, hi, 0.0), (lo, hi, 90.0), (lo, lo, 180.0)):
        if r == 0.0:
            points.append((cx, cy))
            continue
        for i in range(CORNER_SEGMENTS + 1):
            a = math.radians(start + 90.0 * i / CORNER_SEGMENTS)
            points.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return points


def body(side: float, thickness: float, radius: float, chamfer: float):
    """The tile's body as a manifold: the convex hull of the chamfer's small outline on the bed, and
    the whole outline from the chamfer's height to the top."""
    from manifold3d import Manifold

    points = [(x, y, 0.0) for x, y in rounded_square(side, radius, chamfer)]
    points += [(x, y, z) for x, y in rounded_square(side, radius) for z in (chamfer, thickness)]
    return Manifold.hull_points(points)


def contours(commands) -> list[list[tuple[float, float]]]:
    """A path's closed contours as polygons, curves cut into straight segments."""
    out: list[list[tuple[float, float]]] = []
    here = (0.0, 0.0)
    current: list[tuple[float, float]] = []
    for c in commands:
        op = c[0]
        if op == "M":
            if len(current) > 2:
                out.append(current)
            here = (c[1], c[2])
            current = [here]
        elif op == "L":
            here = (c[1], c[2])
            current.append(here)
        elif op == "Q":
            (x0, y0), (x1, y1), (x2, y2) = here, (c[1], c[2]), (c[3], c[4])
            for i in range(1, CURVE_SEGMENTS + 1):
                t = i / CURVE_SEGMENTS
                u = 1 - t
                current.append((u * u * x0 + 2 * u * t * x1 + t * t * x2, u * u * y0 + 2 * u * t * y1 + t * t * y2))
            here = (x2, y2)
        elif op == "C":
            (x0, y0), (x1, y1), (x2, y2), (x3, y3) = here, (c[1], c[2]), (c[3], c[4]), (c[5], c[6])
            n = CURVE_SEGMENTS + 4
            for i in range(1, n + 1):
                t = i / n
                u = 1 - t
                current.append((u ** 3 * x0 + 3 * u * u * t * x1 + 3 * u * t * t * x2 + t ** 3 * x3,
                                u ** 3 * y0 + 3 * u * u * t * y1 + 3 * u * t * t * y2 + t ** 3 * y3))
            here = (x3, y3)
        elif op == "Z":
            if len(current) > 2:
                out.append(current)
            current = []
    if len(current) > 2:
        out.append(current)
    return out


def face_polygons(texts: list[Text], side: float, face_up: bool = False) -> list[list[tuple[float, float]]]:
    """The outlines of a face's letter and value on the bed, x right and y up seen from above. A
    point (x, y) of the face as the sheets draw it (y down the face) lies at (side - x, side - y):
    turned over left to right (the face is on the bed), the tile shows the face as the sheets do.
    Face up (raised letters), it lies at (x, side - y): the plate seen from above reads as a sheet."""
    polygons = []
    for text in texts:
        for contour in contours(outline(text).commands):
            polygon = [(x if face_up else side - x, side - y) for x, y in contour]
            polygons.append(polygon[::-1] if face_up else polygon)  # a mirror turns the winding: turn it back
    return polygons


def tile_solid(kit: Kit, face, style, font: Font) -> TileSolid:
    """A tile of ``face`` (a :class:`printkit.sheets.tiles.Face`) with the letters where
    ``style`` (its :class:`~printkit.sheets.tiles.FaceStyle`) puts them."""
    from manifold3d import CrossSection, FillRule, Manifold

    from ..sheets.tiles import draw_face

    p3 = kit.print3d
    side, t = kit.physical.tile_mm, p3.thickness_mm
    whole = body(side, t, p3.corner_mm, p3.chamfer_mm)
    texts = [i for i in draw_face(face, 0.0, 0.0, style, kit, font) if isinstance(i, Text)]
    if not texts:
        return TileSolid(Mesh.of(whole), None, one_part=p3.one_part)
    depth = p3.letter_mm
    if p3.letters == "raised":  # face up: the letters stand on the face (z = t) by the same layers
        section = CrossSection(face_polygons(texts, side, face_up=True), FillRule.NonZero)
        letters = Manifold.extrude(section, depth).translate((0.0, 0.0, t))
        if p3.one_part:  # one filament: the colour changes by height, where the letters start
            return TileSolid(Mesh.of(whole + letters), None, one_part=True)
        return TileSolid(Mesh.of(whole), Mesh.of(letters))
    section = CrossSection(face_polygons(texts, side), FillRule.NonZero)
    # from below the bed to the letters' depth, so that the pockets open cleanly through the face
    cutter = Manifold.extrude(section, depth + 1.0).translate((0.0, 0.0, -1.0))
    if p3.letters == "pockets":  # left empty, to fill with paint or wax and sand flush
        return TileSolid(Mesh.of(whole - cutter), None)
    letters = whole ^ cutter
    return TileSolid(Mesh.of(whole - cutter), Mesh.of(letters))


__all__ = ["TileSolid", "body", "face_polygons", "rounded_square", "tile_solid"]
