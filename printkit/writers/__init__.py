"""Writers turn pages of geometry into files. They never decide a size or a position.

Each writer's module (and its library: reportlab, svgwrite) is imported when a file of its format
is first written, so commands that write nothing (check, list) do not pay for them.
"""

from __future__ import annotations

from importlib import import_module
from pathlib import Path
from typing import BinaryIO


def _lazy(module: str, name: str):
    def write(doc, target: Path | str | BinaryIO) -> None:
        return getattr(import_module(module, __name__), name)(doc, target)

    write.__name__ = name
    write.__doc__ = f"{name} of printkit.writers{module}, imported on first use."
    return write


write_pdf = _lazy(".pdf", "write_pdf")
write_svg = _lazy(".svg", "write_svg")
write_dxf = _lazy(".dxf", "write_dxf")
write_3mf = _lazy(".threemf", "write_3mf")
write_stl = _lazy(".stl", "write_stl")
write_png = _lazy(".png", "write_png")  # a page as an image (a craft cutter's "cut around it")

WRITERS = {"pdf": write_pdf, "svg": write_svg, "dxf": write_dxf, "3mf": write_3mf, "stl": write_stl, "png": write_png}


def require(fmt: str) -> None:
    """Stop before any file is written if the library a format needs is missing (DXF: ezdxf, an
    optional extra); the message says which pip line installs it."""
    if fmt == "dxf":
        from importlib.util import find_spec

        if find_spec("ezdxf") is None:  # found without importing it: check and the web page's preview write nothing
            from .dxf import require_ezdxf

            require_ezdxf()
