"""The README's picture of a plate of 3D-printed tiles, rendered from the meshes printkit makes
(not a photo): the default kit's first plate, seen from below (the faces), 3.5 px a millimetre.

    python tools/plate_picture.py [OUT.png]
"""

from __future__ import annotations

import sys

from printkit.config import load_kit
from printkit.sheets.threed import threed_documents
from printkit.solid.render import render


def main() -> None:
    target = sys.argv[1] if len(sys.argv) > 1 else "docs/3d-plate.png"
    plate = next(d for d in threed_documents(load_kit("krestoslovitsa")) if d.format == "3mf")
    render(plate, px_per_mm=3.5).quantize(colors=64).save(target, optimize=True)
    print(target)


if __name__ == "__main__":
    main()
