"""Binary STL of one part of a plate's solids (every tile's body, or every tile's letters), placed
on the bed: the fallback for a slicer that reads no 3MF, loaded as two objects, one per filament."""

from __future__ import annotations

import struct
from pathlib import Path
from typing import BinaryIO

HEADER = b"printkit STL, millimetres".ljust(80, b" ")


def stl_bytes(doc) -> bytes:
    import numpy as np

    tris = []
    for solid in doc.objects:
        for part in solid.parts:
            if part.name == doc.part:
                tris.append(part.mesh.vertices[part.mesh.triangles] + np.array([solid.x, solid.y, 0.0]))
    t = np.concatenate(tris) if tris else np.zeros((0, 3, 3))
    n = np.cross(t[:, 1] - t[:, 0], t[:, 2] - t[:, 0])
    length = np.linalg.norm(n, axis=1, keepdims=True)
    n = np.divide(n, length, out=np.zeros_like(n), where=length > 0)
    rows = np.zeros(len(t), dtype=[("n", "<f4", 3), ("v", "<f4", (3, 3)), ("a", "<u2")])
    rows["n"], rows["v"] = n, t
    return HEADER + struct.pack("<I", len(t)) + rows.tobytes()


def write_stl(doc, target: Path | str | BinaryIO) -> None:
    data = stl_bytes(doc)
    if hasattr(target, "write"):
        target.write(data)
    else:
        Path(target).write_bytes(data)


__all__ = ["stl_bytes", "write_stl"]
