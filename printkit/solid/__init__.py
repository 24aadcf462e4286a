"""3D: tiles as solids (a body and its inset letters), packed on printer plates. Knows no file
format (the writers in :mod:`printkit.writers` do); manifold3d underneath, an optional extra
(the extra ``printkit-tiles[3d]``, declared in :data:`printkit.needs.SOLIDS`), imported only when a solid
is made."""

from .mesh import Mesh

__all__ = ["Mesh"]
