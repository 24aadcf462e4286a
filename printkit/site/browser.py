"""The worker's first Python under Pyodide: ``worker.js`` calls :func:`start` once, then :func:`handle` for
each of the page's requests.

Pillow is not in the browser: Pyodide's npm package holds the interpreter and its standard library only,
and the page makes no PNG previews. reportlab 5 imports ``PIL.Image`` when it loads, and reads an ``Image``
of None as "no raster images here" (``reportlab.lib.utils.haveImages``); printkit's PDFs hold none. So where
no Pillow is found, a module ``PIL`` whose ``Image`` is None stands in for it, in ``sys.modules`` only (no file
on the path). And a product that needs a compiled library (the 3D tiles' manifold3d, a DXF profile's ezdxf)
is said to need a computer (:data:`printkit.install.BROWSER`).
"""

from __future__ import annotations

import sys
import types
from importlib.util import find_spec
from typing import Any


def _without_pillow() -> None:
    if "PIL" in sys.modules or find_spec("PIL") is not None:
        return
    stand_in = types.ModuleType("PIL", "Pillow is not in the browser: no raster images (printkit.site.browser)")
    stand_in.Image = None
    stand_in.__path__ = []  # a package with no submodules: ``import PIL.Image`` fails at once, as it should
    sys.modules["PIL"] = stand_in


def start() -> None:
    """Ready the library for the page: the stand-in for Pillow, the browser's sentences for what needs a computer,
    and the modules every request uses imported now, while the page shows that printkit is loading."""
    from .. import install

    _without_pillow()
    install.BROWSER = True
    from . import backend  # noqa: F401 - imported now: the first preview should not wait for it


def handle(method: str, path: str, language: str | None, body: Any = None, progress: Any = None) -> dict[str, Any]:
    """:func:`printkit.site.backend.handle`, with the page's values as the worker passes them: a font's bytes
    arrive as a JavaScript ``Uint8Array`` (``{name, bytes}``), the JSON as a string."""
    from .backend import handle as answer

    if body is not None and not isinstance(body, (str, dict)):  # a JsProxy: {name, bytes}, or JavaScript's null
        font = getattr(body, "bytes", None)
        body = {"name": str(getattr(body, "name", "") or ""), "bytes": font.to_bytes()} if font is not None else None
    return answer(method, path, language, body, progress)


__all__ = ["handle", "start"]
