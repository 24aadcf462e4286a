"""PNG images of a page (a craft cutter's "upload image, cut around it"): the page written as SVG
(:func:`printkit.writers.svg.write_svg`) and rendered by resvg, as the previews are, at the
document's ``dpi`` figure, with a transparent background and that resolution in the file (pHYs),
so that software that reads it places the image at true size. The bytes are the same for the same
page: resvg draws no text from system fonts (printkit's letters are paths) and Pillow's encoder is
given fixed settings and no metadata but the resolution."""

from __future__ import annotations

import io
from pathlib import Path
from typing import BinaryIO

from ..geometry import Document
from .errors import WriterError

MM_PER_INCH = 25.4


def png_size(width_mm: float, height_mm: float, dpi: int) -> tuple[int, int]:
    """Pixels of a page of ``width_mm`` × ``height_mm`` at ``dpi``."""
    return max(1, round(width_mm * dpi / MM_PER_INCH)), max(1, round(height_mm * dpi / MM_PER_INCH))


def write_png(doc: Document, target: Path | str | BinaryIO) -> None:
    if len(doc.pages) != 1:
        raise WriterError(f"PNG: {doc.path} has {len(doc.pages)} pages; a PNG file holds exactly one")
    dpi = doc.figures.get("dpi")
    if not isinstance(dpi, int) or dpi <= 0:
        raise WriterError(f"PNG: {doc.path} gives no resolution (its figures' dpi)")
    import resvg_py
    from PIL import Image

    from .svg import write_svg

    svg = io.BytesIO()
    write_svg(doc, svg)
    page = doc.pages[0]
    size = png_size(page.width, page.height, dpi)
    png = resvg_py.svg_to_bytes(svg_string=svg.getvalue().decode("utf-8"), skip_system_fonts=True, dpi=dpi,
                                width=size[0], height=size[1])
    image = Image.open(io.BytesIO(bytes(png))).convert("RGBA")
    if image.size != size:
        canvas = Image.new("RGBA", size, (0, 0, 0, 0))
        canvas.paste(image, (0, 0))
        image = canvas
    out = io.BytesIO()
    image.save(out, "PNG", optimize=False, compress_level=9, dpi=(dpi, dpi))
    data = out.getvalue()
    if hasattr(target, "write"):
        target.write(data)
    else:
        Path(target).write_bytes(data)


__all__ = ["png_size", "write_png"]
