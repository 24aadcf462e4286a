"""Previews of grey pages (issue 21): a page or sheet whose pixels are all grey (black ink on white
paper, and the edges between) is written as 16 even greys at 4 bits a pixel instead of going
through the quantizer. Why its bytes changed and the picture did not: against the renderer's own
pixels, every pixel is at most 8 of 255 off (the quantizer's 16 greys were up to 15 off), paper
white and black exact; against the preview the quantizer made, at most 19 of 255 on an edge pixel
(measured on every grey preview of the default kit), and a page with colour is written as before."""

from __future__ import annotations

import io

import pytest
from PIL import Image, ImageChops

from printkit import preview
from printkit.preview import GREY_LEVELS, _pdf_images, _svg_image, png_bytes


def _quantized(image: Image.Image) -> Image.Image:
    """The preview as it was made before (the quantizer for every page)."""
    q = image.convert("RGB").quantize(256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    q.putpalette([255 if v >= 253 else 0 if v <= 2 else v for v in q.getpalette()])
    return q.convert("RGB")


def _most_off(a: Image.Image, b: Image.Image) -> int:
    return max(hi for _, hi in ImageChops.difference(a.convert("RGB"), b.convert("RGB")).getextrema())


def _rendered(default_kit, name: str, page: int = 1) -> Image.Image:
    path = default_kit / name
    if name.endswith(".svg"):
        image, size = _svg_image(path)
    else:
        image, size, _bitmap = list(_pdf_images(path, page, page - 1))[0]
        image = image.convert("RGB")  # a copy: the bitmap goes with the renderer's page
    return preview._exact(image, size).convert("RGB")


@pytest.mark.parametrize("name, page", [("tiles-A4.pdf", 1), ("tiles-A4-1.svg", 1), ("burn-board-A4.pdf", 3)])
def test_a_grey_page_is_16_greys_close_to_the_renderers_pixels(default_kit, name, page):
    shown = _rendered(default_kit, name, page)
    data = png_bytes(shown)
    image = Image.open(io.BytesIO(data))
    assert data[24] == 4 and data[25] == 3  # IHDR: 4 bits a pixel, a palette
    assert image.mode == "P" and image.size == shown.size
    greys = {rgb for _, rgb in image.convert("RGB").getcolors(256)}
    assert greys <= {(v, v, v) for v in GREY_LEVELS} and (255, 255, 255) in greys and (0, 0, 0) in greys
    assert _most_off(image, shown) <= 8 < _most_off(_quantized(shown), shown) <= 15
    assert _most_off(image, _quantized(shown)) <= 19  # against the preview made before: the same to the eye


def test_a_page_with_colour_is_quantized_as_before(default_kit):
    shown = _rendered(default_kit, "board-A4.pdf")
    image = Image.open(io.BytesIO(png_bytes(shown)))
    assert image.mode == "P" and len(image.getcolors(256)) > len(GREY_LEVELS)
    assert image.convert("RGB").tobytes() == _quantized(shown).tobytes()


def test_the_greys_of_every_level():
    """Each grey goes to the nearest of the 16, at most 8 off; white, black and the levels themselves exact."""
    ramp = Image.frombytes("L", (256, 1), bytes(range(256))).convert("RGB")
    back = Image.open(io.BytesIO(png_bytes(ramp))).convert("L")
    got = list(back.tobytes())
    assert all(abs(g - v) <= 8 for v, g in enumerate(got))
    assert got[0] == 0 and got[255] == 255 and all(got[v] == v for v in GREY_LEVELS)
    assert GREY_LEVELS == [17 * k for k in range(16)]
