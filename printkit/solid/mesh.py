"""A triangle mesh in millimetres, in one canonical form so that the same solid always gives the
same bytes: vertices rounded to 0.1 µm and sorted, triangles sorted, each starting at its smallest
vertex with its winding kept (the order manifold3d returns them in is not part of the solid)."""

from __future__ import annotations

from dataclasses import dataclass

DIGITS = 4  # vertices rounded to 0.1 µm: far below a printer's resolution, above float noise


@dataclass(frozen=True)
class Mesh:
    """Vertices (n × 3 float64, mm) and triangles (m × 3 int, counter-clockwise seen from outside)."""

    vertices: "object"  # numpy arrays; typed loosely so that this module imports without numpy
    triangles: "object"

    @staticmethod
    def of(manifold) -> "Mesh":
        import numpy as np

        m = manifold.to_mesh()
        vertices = np.asarray(m.vert_properties, dtype=np.float64)[:, :3]
        return canonical(vertices, np.asarray(m.tri_verts, dtype=np.int64))

    def moved(self, dx: float, dy: float, dz: float = 0.0) -> "Mesh":
        import numpy as np

        return Mesh(np.round(self.vertices + np.array([dx, dy, dz]), DIGITS), self.triangles)

    @property
    def volume(self) -> float:
        """mm³, from the signed volumes of the triangles' tetrahedra."""
        import numpy as np

        v = self.vertices[self.triangles]
        return float(np.einsum("ij,ij->i", v[:, 0], np.cross(v[:, 1], v[:, 2])).sum() / 6.0)

    @property
    def bounds(self) -> tuple[tuple[float, float, float], tuple[float, float, float]]:
        lo, hi = self.vertices.min(axis=0), self.vertices.max(axis=0)
        return tuple(float(x) for x in lo), tuple(float(x) for x in hi)


def canonical(vertices, triangles) -> Mesh:
    import numpy as np

    v = np.round(vertices, DIGITS) + 0.0  # + 0.0: no negative zero
    order = np.lexsort((v[:, 2], v[:, 1], v[:, 0]))
    rank = np.empty(len(order), dtype=np.int64)
    rank[order] = np.arange(len(order))
    t = rank[triangles]
    first = t.argmin(axis=1)  # rotate each triangle to start at its smallest index, keeping its winding
    rows = np.arange(len(t))[:, None]
    t = t[rows, (first[:, None] + np.arange(3)) % 3]
    t = t[np.lexsort((t[:, 2], t[:, 1], t[:, 0]))]
    return Mesh(v[order], t)
