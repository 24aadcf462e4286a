"""Every letter of every shipped kit as a solid: each distinct face of each kit (its letters, values
and blank) made by manifold3d, each part closed, of positive volume, the body of the kit's tile
size and the letters at the inset depth (the meshes in their canonical form, checked by edges)."""

from __future__ import annotations

import numpy as np
import pytest

from printkit.config import kit_names, load_kit

pytest.importorskip("manifold3d")


def _closed(t) -> bool:
    edges = {tuple(e) for e in np.concatenate([t[:, [0, 1]], t[:, [1, 2]], t[:, [2, 0]]]).tolist()}
    return len(edges) == 3 * len(t) and all((b, a) in edges for a, b in edges)


@pytest.mark.parametrize("name", kit_names())
def test_every_face_of_every_shipped_kit_is_a_closed_solid(name):
    from printkit.sheets.common import lettering
    from printkit.sheets.tiles import Face, face_style
    from printkit.solid.tiles import tile_solid

    kit = load_kit(name)
    lt = lettering(kit)
    style = face_style(kit, lt.letters)
    side, p3 = kit.physical.tile_mm, kit.print3d
    faces = [Face(t.face, t.value) for t in kit.distribution.tiles] + [Face(None, None)]
    blank = tile_solid(kit, Face(None, None), style, lt.letters).body.volume
    for face in faces:
        solid = tile_solid(kit, face, style, lt.letters)
        assert (solid.letters is None) == (face.face is None)
        for part, mesh in solid.parts:
            assert _closed(mesh.triangles) and mesh.volume > 0, (name, face, part)
        (lo, hi) = solid.body.bounds
        assert np.allclose(lo, 0, atol=1e-6) and np.allclose(hi, [side, side, p3.thickness_mm], atol=0.05)
        if solid.letters is not None:
            (lo, hi) = solid.letters.bounds
            assert lo[2] == pytest.approx(0.0, abs=1e-6) and hi[2] == pytest.approx(p3.letter_mm, abs=1e-6)
            assert solid.body.volume + solid.letters.volume == pytest.approx(blank, abs=0.01)
