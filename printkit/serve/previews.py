"""The page's preview of any product of the kit: one page of one of its files, as the build makes it.

The page shows the tiles and the board with every change (:func:`printkit.serve.state.preview`); any
other product, or another page of those, it asks for here: the product, which of its files (``file``,
from 0 in the build's order) and which page of it (``page``, from 0). Only that product is laid out,
by the build's own plan (:func:`printkit.products.plan`), and drawn by the SVG writer as the tiles'
page is; a page of a PDF is drawn in the order the PDF paints it. The 3D tiles are solids: their plate
is a PNG picture (:func:`printkit.solid.render.picture`), and only the part shown (the tiles' plates,
the racks, the board's pieces) is laid out, since the board's pieces alone take seconds.

A product this install cannot build (:func:`printkit.serve.offers.missing`) is answered with its reason
in the kit's language, and laid out not at all. The last few layouts are kept, so that stepping
through a product's pages lays nothing out again. No Flask here: the handler in :mod:`printkit.serve.app`
calls :func:`view`.
"""

from __future__ import annotations

import base64
import io
import threading
import time
from collections import OrderedDict
from dataclasses import dataclass, replace
from typing import Any

from ..errors import PrintkitError
from ..geometry import Document, Layer
from ..model import Kit
from ..products import names, plan
from ..report import quoted
from . import offers, state

KEPT = 6  # layouts kept (a kit's text and a product each): a 3D part holds its meshes, some MB
SOLID_PX_PER_MM = 2.0  # a 3D plate's picture: a plate of 256 mm is about 520 px across
THREE_D = "3d"  # the 3D-printed tiles: solids, drawn as a PNG picture of their plate


@dataclass(frozen=True)
class Asked:
    """What the page asks to see: a product, the index of its file and of the page in it, and for the
    3D tiles which part (``tiles``, ``racks``, ``board``; None: the first the kit makes)."""

    product: str
    file: int = 0
    page: int = 0
    part: str | None = None


def _index(data: dict, key: str) -> int:
    value = data.get(key, 0)
    if value is None:
        return 0
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < 100_000:
        raise state.BadRequest("serve_view_err_index", key=key)
    return value


def asked(data: Any) -> Asked:
    """The product, file, page and part the page asks for, checked for shape (the product one of the registry's)."""
    if not isinstance(data, dict):
        raise state.BadRequest("serve_err_object")
    product = data.get("product")
    if not isinstance(product, str) or product not in names():
        raise state.BadRequest("serve_err_product", name=quoted(product, 60), products=", ".join(names()))
    part = data.get("part")
    if part is not None and not isinstance(part, str):
        raise state.BadRequest("serve_view_err_part")
    return Asked(product, _index(data, "file"), _index(data, "page"), part or None)


# -- the layouts, the last few kept -----------------------------------------------------------------------

_kept: OrderedDict[tuple, list[Document] | PrintkitError] = OrderedDict()
_pictures: OrderedDict[tuple, tuple[bytes, tuple[int, int]]] = OrderedDict()  # a 3D plate's PNG: 0.5 s to draw
_lock = threading.Lock()


def forget() -> None:
    """Drop the kept layouts and pictures (the tests start from none)."""
    with _lock:
        _kept.clear()
        _pictures.clear()


def _keep(kept: OrderedDict, key: tuple, value) -> None:
    with _lock:
        kept[key] = value
        while len(kept) > KEPT:
            kept.popitem(last=False)


def _laid(kit: Kit, key: tuple, product: str) -> list[Document]:
    """The documents of ``product`` for ``kit`` (whose text and font ``key`` names), as the build plans
    them; a layout that failed fails again from the kept ones."""
    with _lock:
        found = _kept.get(key)
        if found is not None:
            _kept.move_to_end(key)
    if found is None:
        try:
            found = [doc for _, doc in plan(kit, [product])]
        except PrintkitError as exc:
            found = exc
        _keep(_kept, key, found)
    if isinstance(found, PrintkitError):
        raise found
    return found


# -- the pictures ------------------------------------------------------------------------------------------

def page_svg(doc: Document, page: int, prefix: str = "v") -> str:
    """Page ``page`` of ``doc`` as SVG for the page: an SVG file's own bytes (its layers as the laser's
    software sees them); a page of a PDF (or a cutter's DXF or PNG) as the PDF paints it, its items in
    their order in one layer (the SVG writer would sort them into layers by role)."""
    one = doc.pages[page]
    if doc.format != "svg" and not all(isinstance(i, Layer) for i in one.items):
        one = replace(one, items=(Layer(items=tuple(one.items), name=doc.kind),))
    return state.svg_of(replace(doc, pages=(one,)), prefix)


def solid_png(doc) -> tuple[bytes, tuple[int, int]]:
    """A 3D file's plate as a PNG (:func:`printkit.solid.render.picture`): the parts it holds (an STL one
    filament's), the faces seen as they read, as the gallery shows the written file."""
    import numpy as np

    from ..solid.render import picture

    tris: dict[str, list] = {}
    for solid in doc.objects:
        for part in solid.parts:
            if doc.part is None or part.name == doc.part:
                moved = part.mesh.vertices[part.mesh.triangles] + np.array([solid.x, solid.y, 0.0])
                tris.setdefault(part.name, []).append(moved)
    parts = [(name, np.concatenate(t)) for name, t in tris.items()]
    letters = [t for name, t in parts if name == "letters"]
    face_up = not letters or float(letters[0][..., 2].min()) > 0.01
    image = picture(parts, face_up=face_up, px_per_mm=SOLID_PX_PER_MM)
    buf = io.BytesIO()
    image.save(buf, "PNG")
    return buf.getvalue(), image.size


def _file(doc: Document) -> dict[str, Any]:
    return {"path": doc.path, "format": doc.format, "pages": len(doc.pages)}


def view(kit: Kit, text: str, upload: state.Upload | None, shown: Asked) -> dict[str, Any]:
    """What the page shows of ``shown.product`` of ``kit`` (its YAML ``text``): the product's files, the
    one shown and its page, and the picture (``svg``, or ``png`` as a data address for a 3D plate) with
    its size in mm; or why there is none: ``unavailable`` (this install lacks a library; ``control``: the
    control that mends it) or ``failed`` (the product cannot be laid out for this kit: its message's
    lines). Words in the kit's language."""
    started = time.perf_counter()
    language = kit.language
    product = shown.product
    out: dict[str, Any] = {"product": product}
    why = offers.missing(kit, product)
    if why is not None:
        out["unavailable"] = why[0](language)
        if why[1]:
            out["control"] = why[1]
        return out
    laid_kit = kit
    if product == THREE_D and kit.print3d is not None:
        parts = list(kit.print3d.parts)
        part = shown.part if shown.part in parts else parts[0]
        out.update(parts=parts, part=part)
        laid_kit = replace(kit, print3d=replace(kit.print3d, parts=(part,)))
    key = (text, upload.folder if upload else None, upload.name if upload else None, product, out.get("part"))
    try:
        documents = _laid(laid_kit, key, product)
    except PrintkitError as exc:
        out["failed"] = [line["text"] for line in state.error_lines(exc, language, text)]
        return out
    out["files"] = [_file(d) for d in documents]
    if not documents:
        out["failed"] = []
        return out
    index = min(shown.file, len(documents) - 1)
    doc = documents[index]
    page = min(shown.page, max(len(doc.pages) - 1, 0))
    out.update(file=index, page=page, pages=len(doc.pages))
    if doc.pages:  # (a 3D plate's title is the command line's English: the page words its own)
        p = doc.pages[page]
        out.update(title=doc.title, svg=page_svg(doc, page), size_mm=[round(p.width, 3), round(p.height, 3)])
    elif hasattr(doc, "objects"):
        with _lock:
            drawn = _pictures.get((key, index))
        if drawn is None:
            drawn = solid_png(doc)
            _keep(_pictures, (key, index), drawn)
        png, (w, h) = drawn
        out.update(png="data:image/png;base64," + base64.b64encode(png).decode("ascii"),
                   size_mm=[round(w / SOLID_PX_PER_MM, 1), round(h / SOLID_PX_PER_MM, 1)],
                   figures={k: doc.figures[k] for k in ("plate", "plates", "tiles", "racks", "piece", "pieces")
                            if k in doc.figures})
    out["ms"] = round((time.perf_counter() - started) * 1000)
    return out


__all__ = ["Asked", "asked", "forget", "page_svg", "solid_png", "view"]
