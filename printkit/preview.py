"""PNG previews of the files a build wrote: every page of a PDF (pypdfium2) and every SVG sheet
(resvg-py), read back from the files themselves, so a preview shows what the file holds; a PNG (a craft
cutter's page as an image) on white paper at 100 dpi; a DXF file (a laser's or a cutter's lines), where the
dxf extra is installed, a drawing of its lines on its sheet, each a pixel wide, as its SVG's preview shows
the cuts; a 3MF or STL file, where the 3D extra is installed, a picture of its plate drawn from its triangles
(:func:`printkit.solid.render.picture`).

Both renderers are pip wheels with nothing of the system under them (no cairo, no poppler, no
system fonts: printkit's SVGs draw letters as paths, and resvg is told not to look for fonts).
One scale for all: 100 dpi, made smaller only for a sheet whose longer side would pass 1200 px (a
poster, a laser bed), so a tile looks the same size in every page of paper. A PDF page is shown as
its TrimBox says, as it is once cut: the poster without the bleed around it, like its SVG. The pixels are
quantized to a palette of at most 256 colours (a quarter of the bytes, and faster to write), or, where
every pixel is grey (most pages), to 16 even greys at 4 bits a pixel (each pixel at most 8 of 255
off, paper white and black exact: half the bytes to compress, and no quantizer to run), and saved
by Pillow with fixed settings and no metadata (no time, no resolution, no text chunks): the bytes
follow from the file and the pinned renderers.

So a page's preview is kept in printkit's cache (:mod:`printkit.cache`) under the sha256 of the
file's bytes and the page's number, with the renderers' installed files (PDFium's, resvg's and
Pillow's: names, sizes, times), and this module's source in the key: a build that writes a file
byte for byte as before (the same kit, or another kit with the same sheet) takes its previews from
there, and a changed file, renderer or recipe never meets an old preview.
"""

from __future__ import annotations

import hashlib
import io
import os
import re
from pathlib import Path, PurePosixPath
from typing import Iterator

from .errors import PrintkitError

FOLDER = "preview"  # inside the kit's folder
DPI = 100.0
MAX_PX = 1200  # the longer side of a preview at most
COLOURS = 256
COMPRESS = 6  # zlib level: 9 is four times slower for 3 % fewer bytes
FORMATS = ("pdf", "svg")  # the pages of paper this module renders; a PNG and
PICTURES = ("png",)  # the DXF and 3D files (DRAWINGS, SOLID, below) are previewed too: every format whose entry
# says ``previewed``
MM_PER_PT = 25.4 / 72.0


def preview_paths(path: str, fmt: str, pages: int) -> list[tuple[int, str]]:
    """(page, path of its preview) for a file of the kit: ``tiles-A4.pdf`` page 2 →
    ``preview/tiles-A4-2.png``; ``tiles-A4-1.svg`` → ``preview/tiles-A4-1-svg.png`` (never the name of
    a PDF page's preview: those end in ``-N.png``). A file in a subfolder keeps it under
    ``preview/``."""
    p = PurePosixPath(path)
    if fmt == "pdf":
        return [(n, str(PurePosixPath(FOLDER, p.parent, f"{p.stem}-{n}.png"))) for n in range(1, pages + 1)]
    if fmt == "svg" or fmt in PICTURES or fmt in SOLID and solid_previewed() or fmt in DRAWINGS and dxf_previewed():
        return [(1, str(PurePosixPath(FOLDER, p.parent, f"{p.stem}-{fmt}.png")))]
    return []


def pixels(width_mm: float, height_mm: float) -> tuple[int, int]:
    """The size in pixels of the preview of a page of ``width_mm`` × ``height_mm``: 100 dpi, or
    less so that the longer side is at most 1200 px."""
    per_mm = min(DPI / 25.4, MAX_PX / max(width_mm, height_mm))
    return max(1, round(width_mm * per_mm)), max(1, round(height_mm * per_mm))


GREYS = 16  # the levels of a preview whose pixels are all grey: 4 bits a pixel
GREY_LEVELS = [round(k * 255 / (GREYS - 1)) for k in range(GREYS)]  # 0, 17, 34 … 255: paper and ink exact
_GREY_INDEX = [min(range(GREYS), key=lambda i: abs(GREY_LEVELS[i] - v)) for v in range(256)]


def png_bytes(image) -> bytes:
    """A PIL image as the bytes of a palette PNG, the same for the same pixels. An image all of greys
    (most pages: black ink on white paper, and the edges between) gets the 16 greys of
    :data:`GREY_LEVELS` at 4 bits a pixel, each pixel the nearest (at most 8 off, white and black
    exact); one with colour, a palette of at most 256 colours made for it."""
    from PIL import Image

    if image.mode != "RGB":
        image = image.convert("RGB")
    colours = image.getcolors(COLOURS)  # None at once past 256 colours
    if colours is not None and all(r == g == b for _, (r, g, b) in colours):
        return _grey_png(image)
    image = image.quantize(COLOURS, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    # The octree gives each colour the mean of its bucket, so paper white (its bucket shared with the
    # lightest edges of anti-aliased ink) comes out 254: put the ends of each channel back.
    image.putpalette([255 if v >= 253 else 0 if v <= 2 else v for v in image.getpalette()])
    buf = io.BytesIO()
    image.save(buf, "PNG", optimize=False, compress_level=COMPRESS)
    return buf.getvalue()


def _grey_png(image) -> bytes:
    """:func:`png_bytes` of an RGB image whose every pixel is grey: its grey (exact, R = G = B) to the
    nearest of :data:`GREY_LEVELS`, as a 4-bit palette PNG (the quantizer's work skipped, and half the
    bytes to compress)."""
    from PIL import Image

    index = image.convert("L").point(_GREY_INDEX)
    image = Image.frombytes("P", index.size, index.tobytes())
    image.putpalette([v for level in GREY_LEVELS for v in (level, level, level)])
    buf = io.BytesIO()
    image.save(buf, "PNG", optimize=False, compress_level=COMPRESS, bits=4)
    return buf.getvalue()


def _exact(image, size: tuple[int, int]):
    """``image`` on a white canvas of exactly ``size``: the renderers round the last pixel their
    own ways (ceil, round); this keeps the size the rule of :func:`pixels` gives."""
    if image.size == size:
        return image
    from PIL import Image

    canvas = Image.new("RGB", size, (255, 255, 255))
    canvas.paste(image.convert("RGB"), (0, 0))
    return canvas


def _encode(image, size: tuple[int, int], keep=None) -> tuple[bytes, tuple[int, int]]:
    """``keep``: what must live as long as the image (the bitmap a PDF page's image shares)."""
    return png_bytes(_exact(image, size)), size


def _trimmed(page) -> tuple[tuple[float, float, float, float], float, float]:
    """What a preview of the page shows: its TrimBox, the page as it is once cut (the whole page
    for a home printer's; a poster without the bleed the shop cuts away). Returns how much to crop
    off the shown page (left, bottom, right, top) and the width and height left, in points."""
    cl, cb, cr, ct = page.get_cropbox()
    tl, tb, tr, tt = page.get_trimbox()
    tl, tb, tr, tt = max(tl, cl), max(tb, cb), min(tr, cr), min(tt, ct)
    if tr - tl <= 0 or tt - tb <= 0:  # a trim box off the page: show the page
        tl, tb, tr, tt = cl, cb, cr, ct
    return (tl - cl, tb - cb, cr - tr, ct - tt), tr - tl, tt - tb


def _pdf_images(source: Path, pages: int | None, start: int = 0):
    """(image, size, bitmap) for each page of the PDF ``source`` (the first ``pages`` of them), from
    page ``start`` (0: the first) on."""
    import pypdfium2 as pdfium
    import pypdfium2.raw as pdfium_c

    pdf = pdfium.PdfDocument(str(source))
    try:
        for i in range(start, len(pdf) if pages is None else min(pages, len(pdf))):
            page = pdf[i]
            try:
                crop, w_pt, h_pt = _trimmed(page)
                size = pixels(w_pt * MM_PER_PT, h_pt * MM_PER_PT)
                # three bytes a pixel in RGB order: the image Pillow takes as it is (the same pixels as
                # four bytes a pixel, without a copy to drop the fourth)
                bitmap = page.render(scale=size[0] / w_pt, crop=crop, draw_annots=False, rev_byteorder=True,
                                     fill_color=(255, 255, 255, 255), force_bitmap_format=pdfium_c.FPDFBitmap_BGR)
                yield bitmap.to_pil(), size, bitmap
            finally:
                page.close()
    finally:
        pdf.close()


_LENGTH = re.compile(r"^\s*([0-9]*\.?[0-9]+(?:[eE][-+]?[0-9]+)?)\s*(mm|cm|in|pt|pc|px|)\s*$")
_MM = {"mm": 1.0, "cm": 10.0, "in": 25.4, "pt": 25.4 / 72, "pc": 25.4 / 6, "px": 25.4 / 96, "": 25.4 / 96}


def svg_size_mm(source: Path) -> tuple[float, float]:
    """The width and height of an SVG's root in mm (printkit writes ``width="210mm"``)."""
    import xml.etree.ElementTree as ET  # not for check, which imports this module for pixels()

    for _, element in ET.iterparse(str(source), events=("start",)):
        sizes = []
        for key in ("width", "height"):
            m = _LENGTH.match(element.get(key, ""))
            if not m or float(m.group(1)) <= 0:
                raise PrintkitError(f"{source}: the SVG's {key} {element.get(key)!r} is not a length")
            sizes.append(float(m.group(1)) * _MM[m.group(2)])
        return sizes[0], sizes[1]
    raise PrintkitError(f"{source}: not an SVG")


_STROKE_WIDTH = re.compile(r'stroke-width="([0-9]*\.?[0-9]+)"')


def _scale(w_mm: float, h_mm: float) -> tuple[tuple[int, int], float]:
    """The preview's size in pixels of a sheet of ``w_mm`` × ``h_mm``, and its pixels a millimetre: the larger
    of the two scales, so that the sheet covers every pixel (the smaller leaves the last row or column white,
    where a poster's background runs to its edge)."""
    size = pixels(w_mm, h_mm)
    return size, max(size[0] / w_mm, size[1] / h_mm)


def _resvg(text: str, size: tuple[int, int], per_mm: float):
    """(image, size) of the SVG ``text`` drawn by resvg on white at ``per_mm`` pixels a millimetre."""
    import resvg_py
    from PIL import Image

    png = resvg_py.svg_to_bytes(svg_string=text, background="#ffffff", skip_system_fonts=True,
                                dpi=per_mm * 25.4, width=size[0], height=size[1])
    return Image.open(io.BytesIO(bytes(png))).convert("RGB"), size


def _svg_image(source: Path):
    """(image, size) of the SVG ``source``. A stroke thinner than a pixel is drawn a pixel wide, as
    drawing programs show a hairline: a laser file's 0.01 mm cuts would not show at all."""
    w_mm, h_mm = svg_size_mm(source)
    size, per_mm = _scale(w_mm, h_mm)
    px_mm = 1 / per_mm
    text = source.read_text(encoding="utf-8")
    text = _STROKE_WIDTH.sub(lambda m: m.group(0) if float(m.group(1)) >= px_mm else f'stroke-width="{px_mm:.4f}"',
                             text)
    return _resvg(text, size, per_mm)


# -- DXF files: a drawing of the lines the file holds ------------------------------------------------------

DRAWINGS = ("dxf",)  # previewed where ezdxf is installed (the dxf extra), as the files need it
DXF_FLATNESS_MM = 0.05  # an arc or a curve is drawn as straight lines this close to it (a pixel: 0.25 mm)


def dxf_previewed() -> bool:
    """Whether DXF files get previews here: ezdxf (the dxf extra) installed, which reads them."""
    from importlib.util import find_spec

    return find_spec("ezdxf") is not None


def _mm(v: float) -> str:
    return f"{v:.3f}".rstrip("0").rstrip(".")


def _dxf_rgb(entity, layers) -> tuple[int, int, int]:
    """The colour an entity is drawn in: its true colour, else its colour number's, else its layer's (the same
    two); white or none drawn black, as ink on the white of the preview."""
    from ezdxf.colors import aci2rgb, int2rgb

    for owner in (entity, layers.get(entity.dxf.layer)):
        if owner is None:
            continue
        if owner.dxf.hasattr("true_color"):
            rgb = tuple(int2rgb(owner.dxf.true_color))
        elif 1 <= (number := abs(owner.dxf.get("color", 256))) <= 255:
            rgb = tuple(aci2rgb(number))
        else:  # by layer (256) or by block (0)
            continue
        return (0, 0, 0) if rgb == (255, 255, 255) else rgb
    return 0, 0, 0


def dxf_drawing(source: Path) -> tuple[str, float, float]:
    """The DXF file ``source`` as an SVG of its sheet: (the SVG's text without its size, the sheet's width and
    height in mm). The sheet is the file's limits (``$LIMMIN`` to ``$LIMMAX``: printkit writes the bed there,
    or the page), else the drawing's extents; y turned to point down, as on the sheet. Each line, polyline,
    circle, arc, ellipse and spline the model space holds, in its colour; the width of every line is left to
    the caller (a DXF's lines have none: the laser's beam, the cutter's blade); text is not drawn (printkit
    writes letters as their outlines)."""
    import ezdxf
    from ezdxf import bbox
    from ezdxf.path import make_path

    doc = ezdxf.readfile(str(source))
    msp = doc.modelspace()
    (x0, y0), (x1, y1) = ((float(v) for v in doc.header.get(name, (0.0, 0.0))[:2]) for name in ("$LIMMIN", "$LIMMAX"))
    if x1 <= x0 or y1 <= y0:
        box = bbox.extents(msp, fast=True)
        (x0, y0), (x1, y1) = (box.extmin[:2], box.extmax[:2]) if box.has_data else ((0.0, 0.0), (1.0, 1.0))
        x1, y1 = max(x1, x0 + 1.0), max(y1, y0 + 1.0)
    layers = {layer.dxf.name: layer for layer in doc.layers}

    def xy(x: float, y: float) -> str:
        return f"{_mm(x - x0)} {_mm(y1 - y)}"

    strokes: dict[tuple[int, int, int], list[str]] = {}
    for entity in msp:
        kind = entity.dxftype()
        if kind == "LINE":
            (ax, ay, _), (bx, by, _) = entity.dxf.start, entity.dxf.end
            d = f"M{xy(ax, ay)}L{xy(bx, by)}"
        elif kind == "CIRCLE":
            (cx, cy, _), r = entity.dxf.center, entity.dxf.radius
            d = (f"M{xy(cx - r, cy)}A{_mm(r)} {_mm(r)} 0 1 0 {xy(cx + r, cy)}"
                 f"A{_mm(r)} {_mm(r)} 0 1 0 {xy(cx - r, cy)}Z")
        elif kind == "LWPOLYLINE" and not any(b for *_, b in entity.get_points("xyb")):
            points = [xy(x, y) for x, y in entity.get_points("xy")]
            d = "M" + "L".join(points) + ("Z" if entity.closed else "") if points else ""
        else:
            try:
                path = make_path(entity)
            except (TypeError, ValueError):  # not a line of the drawing: text, a hatch, an image
                continue
            d = "".join("M" + "L".join(xy(v.x, v.y) for v in part.flattening(DXF_FLATNESS_MM))
                        for part in path.sub_paths() if len(part))
        if d:
            strokes.setdefault(_dxf_rgb(entity, layers), []).append(d)
    body = "".join(f'<path d="{"".join(ds)}" stroke="#{r:02x}{g:02x}{b:02x}"/>' for (r, g, b), ds in strokes.items())
    return body, x1 - x0, y1 - y0


def _dxf_image(source: Path):
    """(image, size) of the DXF ``source``: :func:`dxf_drawing` on white, each line a pixel wide, as drawing
    programs show a hairline and as the SVG's preview shows its cuts."""
    body, w_mm, h_mm = dxf_drawing(source)
    size, per_mm = _scale(w_mm, h_mm)
    text = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{_mm(w_mm)}mm" height="{_mm(h_mm)}mm" '
            f'viewBox="0 0 {_mm(w_mm)} {_mm(h_mm)}"><g fill="none" stroke-width="{1 / per_mm:.4f}" '
            f'stroke-linejoin="round" stroke-linecap="round">{body}</g></svg>')
    return _resvg(text, size, per_mm)


# -- 3D files: a picture of the plate, drawn from the triangles the file holds --------------------------

SOLID = ("3mf", "stl")  # previewed only where the 3D extra's libraries are installed, as the files need them
SOLID_PX_PER_MM = 2.0  # a plate of 256 mm: about 520 px across
_OBJECT = re.compile(r'<object id="([^"]+)"[^>]*>(.*?)</object>', re.S)
_NAME = re.compile(r'<object id="[^"]+" name="([^"]*)"')
_VERTEX = re.compile(r'<vertex x="([^"]+)" y="([^"]+)" z="([^"]+)"')
_TRIANGLE = re.compile(r'<triangle v1="(\d+)" v2="(\d+)" v3="(\d+)"')
_COMPONENT = re.compile(r'<component objectid="([^"]+)"')
_ITEM = re.compile(r'<item objectid="([^"]+)"(?: transform="([^"]*)")?')


def solid_previewed() -> bool:
    """Whether 3MF and STL files get previews here: the 3D extra (manifold3d, and numpy under it) installed."""
    from importlib.util import find_spec

    return find_spec("numpy") is not None and find_spec("manifold3d") is not None


def solid_parts(source: Path, fmt: str) -> list[tuple[str, object]]:
    """(part name, triangles in millimetres on the bed as an array (n, 3, 3)) of a 3MF or binary STL file
    printkit wrote: a 3MF's parts named by its PrusaSlicer metadata (each volume's name and its range of
    triangles; printkit writes it for every slicer), an STL's by its name's last word (``-body.stl``)."""
    import numpy as np

    data = source.read_bytes()
    if fmt == "stl":
        count = int.from_bytes(data[80:84], "little")
        rows = np.frombuffer(data, dtype=[("n", "<f4", 3), ("v", "<f4", (3, 3)), ("a", "<u2")], count=count,
                             offset=84)
        return [(source.stem.rsplit("-", 1)[-1], rows["v"].astype(np.float64))]
    import xml.etree.ElementTree as ET
    import zipfile

    with zipfile.ZipFile(source) as z:
        model = z.read("3D/3dmodel.model").decode("utf-8")
        names = set(z.namelist())
        config = z.read("Metadata/Slic3r_PE_model.config") if "Metadata/Slic3r_PE_model.config" in names else None
    volumes: dict[str, list[tuple[int, int, str]]] = {}
    if config is not None:
        for obj in ET.fromstring(config).iter("object"):
            volumes[obj.get("id")] = [
                (int(v.get("firstid")), int(v.get("lastid")),
                 next((m.get("value") for m in v.findall("metadata") if m.get("key") == "name"), ""))
                for v in obj.findall("volume")]
    meshes, components = {}, {}
    for m in _OBJECT.finditer(model):
        oid, body = m.group(1), m.group(2)
        if "<mesh>" in body:
            v = np.array(_VERTEX.findall(body), dtype=np.float64).reshape(-1, 3)
            t = np.array(_TRIANGLE.findall(body), dtype=np.int64).reshape(-1, 3)
            name = (_NAME.match(m.group(0)).group(1) if _NAME.match(m.group(0)) else "").rsplit(" ", 1)[-1]
            meshes[oid] = (v, t, volumes.get(oid) or [(0, len(t) - 1, name)])
        else:
            components[oid] = _COMPONENT.findall(body)
    parts: dict[str, list] = {}
    for oid, transform in _ITEM.findall(model):
        at = np.array([float(x) for x in (transform or "1 0 0 0 1 0 0 0 1 0 0 0").split()][9:12])
        for mid in components.get(oid, [oid]):
            if mid not in meshes:
                continue
            v, t, ranges = meshes[mid]
            for first, last, name in ranges:
                parts.setdefault(name, []).append((v + at)[t[first:last + 1]])
    return [(name, np.concatenate(tris)) for name, tris in parts.items()]


def _solid_image(source: Path, fmt: str):
    """(image, size) of a 3MF or STL file: :func:`printkit.solid.render.picture` of its parts, the faces seen
    as they read (from under the bed when the letters lie on it)."""
    from .solid.render import picture

    parts = solid_parts(source, fmt)
    letters = [t for name, t in parts if name == "letters"]
    face_up = not letters or float(letters[0][..., 2].min()) > 0.01
    image = picture(parts, face_up=face_up, px_per_mm=SOLID_PX_PER_MM)
    return image, image.size


def png_pixels(size: tuple[int, int], dpi: float) -> tuple[int, int]:
    """The size of the preview of a PNG of ``size`` pixels at ``dpi``: its page's at :data:`DPI` (:func:`pixels`)."""
    return pixels(size[0] / dpi * 25.4, size[1] / dpi * 25.4)


def _png_image(source: Path):
    """(image, size) of a PNG file (a page as an image: a craft cutter's print-then-cut): on white paper
    where it is transparent, at :data:`DPI` by the resolution it states (300 when it states none), at most
    :data:`MAX_PX` on its longer side."""
    from PIL import Image

    with Image.open(source) as im:
        dpi = im.info.get("dpi", (300.0, 300.0))[0] or 300.0
        rgba = im.convert("RGBA")
    paper = Image.new("RGBA", rgba.size, (255, 255, 255, 255))
    paper.alpha_composite(rgba)
    size = png_pixels(rgba.size, dpi)
    return paper.convert("RGB").resize(size, Image.Resampling.LANCZOS), size


AHEAD = 4  # pages rendered and not yet encoded, at most: each holds its bitmap (2 MB for A5, 4 MB for A4)
CACHED = "previews"  # the kind of printkit's cache entries that are previews
# The packages whose code makes a preview's pixels and bytes: PDFium (its Python side and its library),
# resvg, Pillow (quantizing and the PNG encoder).
RENDERERS = ("pypdfium2", "pypdfium2_raw", "resvg_py", "PIL")
_renderers: list[str] = []


def renderers() -> str:
    """What identifies the installed renderers: each package's top-level files (its libraries, its
    version files) by name, size and modification time, found without importing them (an import of
    PDFium costs more than a preview read from the cache). Another version of one is another key."""
    if not _renderers:
        from importlib.util import find_spec

        parts = []
        for name in RENDERERS:
            spec = find_spec(name)
            origin = spec.origin if spec is not None else None
            if origin is None:
                parts.append(f"{name}: missing")
                continue
            folder = os.path.dirname(origin)
            for entry in sorted(os.scandir(folder), key=lambda e: e.name):
                if entry.is_file():
                    st = entry.stat()
                    parts.append(f"{name}/{entry.name} {st.st_size} {st.st_mtime_ns}")
        _renderers.append("\n".join(parts))
    return _renderers[0]


_RECIPE: list[str] = []


def _recipe() -> str:
    if not _RECIPE:
        from .cache import source_digest

        _RECIPE.append(source_digest(__file__))
    return _RECIPE[0]


def _file_digest(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as f:
        while chunk := f.read(1 << 20):
            digest.update(chunk)
    return digest.hexdigest()


def cache_key(digest: str, fmt: str, page: int) -> str:
    """The cache key of the preview of page ``page`` (1: the first) of the ``fmt`` file whose bytes
    have the sha256 ``digest``."""
    from .cache import key

    if fmt in SOLID:  # the picture of a plate is drawn by printkit.solid.render, with numpy
        from importlib.metadata import version

        from .cache import source_digest

        return key("preview", digest, fmt, str(page), renderers(), _recipe(),
                   source_digest(str(Path(__file__).parent / "solid" / "render.py")), version("numpy"))
    if fmt in DRAWINGS:  # a DXF is read by ezdxf before resvg draws it
        from importlib.metadata import version

        return key("preview", digest, fmt, str(page), renderers(), _recipe(), version("ezdxf"))
    return key("preview", digest, fmt, str(page), renderers(), _recipe())


def png_size(data: bytes) -> tuple[int, int]:
    """The width and height a PNG's header gives."""
    return int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")


def _cached(keys: list[str]) -> Iterator[tuple[int, bytes]]:
    """(page index, PNG bytes) of the first pages whose previews the cache holds, up to the first
    it does not hold."""
    from . import cache

    for i, name in enumerate(keys):
        data = cache.get(CACHED, name)
        if data is None or data[:8] != b"\x89PNG\r\n\x1a\n":
            return
        yield i, data


def _encode_kept(image, size: tuple[int, int], keep=None, name: str | None = None):
    """:func:`_encode`, and the result kept in the cache under ``name``."""
    data, size = _encode(image, size, keep)
    if name is not None:
        from . import cache

        cache.put(CACHED, name, data)
    return data, size


class _Done:
    """A finished job's result, for a preview taken from the cache."""

    def __init__(self, value):
        self.value = value

    def result(self):
        return self.value


def stream(sources: list[tuple[Path, str, int | None]],
           progress=None) -> Iterator[tuple[int, bytes, tuple[int, int]]]:
    """The previews of each (file, format, at most so many pages or None for all), one page at a
    time, in order: (index of the file in ``sources``, PNG bytes, (width, height)). ``progress()``,
    if given, is called once each file's pages are rendered.

    The renderers run in this thread, one page after another (PDFium is not thread-safe, resvg
    holds the interpreter); quantizing and compressing, most of the time, run meanwhile in two
    threads, as Pillow lets go of the interpreter while it works. Each page is encoded on its
    own, so the bytes do not depend on the order the threads finish in. At most :data:`AHEAD`
    pages wait to be encoded, and a page's bytes are handed on as soon as they are made, so the
    memory a preview takes does not grow with the pages of the kit (a 2000-page PDF rendered
    all at once held 4 GB of bitmaps)."""
    from collections import deque
    from concurrent.futures import ThreadPoolExecutor

    from . import cache

    pool = ThreadPoolExecutor(max_workers=2, thread_name_prefix="printkit-preview")
    waiting: deque = deque()
    try:
        for index, (source, fmt, count) in enumerate(sources):
            # the cache answers for a file whose pages are known: all an SVG's one, a PDF's ``count``
            pages = count if fmt == "pdf" else 1 if preview_paths(source.name, fmt, 1) else 0
            keys = []
            if pages and cache.folder() is not None:
                digest = _file_digest(source)
                keys = [cache_key(digest, fmt, n) for n in range(1, pages + 1)]
            start = 0  # the first page to render: those before it came from the cache
            for i, data in _cached(keys):
                waiting.append((index, _Done((data, png_size(data)))))
                start = i + 1
                while len(waiting) >= AHEAD:
                    i, job = waiting.popleft()
                    yield (i, *job.result())
            if keys and start == len(keys):
                rendered = iter(())
            elif fmt == "pdf":
                rendered = _pdf_images(source, count, start)
            elif fmt == "svg":
                rendered = iter([_svg_image(source)])
            elif fmt in PICTURES:
                rendered = iter([_png_image(source)])
            elif fmt in SOLID and pages:
                rendered = iter([_solid_image(source, fmt)])
            elif fmt in DRAWINGS and pages:
                rendered = iter([_dxf_image(source)])
            else:
                rendered = iter(())
            for n, page in enumerate(rendered, start):
                waiting.append((index, pool.submit(_encode_kept, *page, name=keys[n] if n < len(keys) else None)))
                del page  # the bitmap lives on only in its job
                while len(waiting) >= AHEAD:
                    i, job = waiting.popleft()
                    yield (i, *job.result())
            if progress is not None:
                progress()
        while waiting:
            i, job = waiting.popleft()
            yield (i, *job.result())
    finally:  # on Ctrl-C or an error, the pages not started yet are dropped, not encoded first
        pool.shutdown(wait=True, cancel_futures=True)


def render(sources: list[tuple[Path, str, int | None]],
           progress=None) -> list[list[tuple[bytes, tuple[int, int]]]]:
    """The previews of each (file, format, at most so many pages or None for all): for each file,
    (PNG bytes, (width, height)) a page, in order (all of them in memory: for a few files; a build
    writes each page's preview as it comes, from :func:`stream`). ``progress`` as for :func:`stream`."""
    out: list[list[tuple[bytes, tuple[int, int]]]] = [[] for _ in sources]
    for index, data, size in stream(sources, progress):
        out[index].append((data, size))
    return out


__all__ = ["DPI", "FOLDER", "FORMATS", "MAX_PX", "pixels", "png_bytes", "preview_paths", "render", "stream",
           "svg_size_mm"]
