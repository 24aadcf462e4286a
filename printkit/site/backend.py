"""The page's second back end: the library itself, answering the page's requests inside the browser.

The static site (:mod:`printkit.site.make`) runs this module under Pyodide in a Web Worker
(``worker.js``): the page sends each request it would send to ``printkit serve`` (its path, its JSON, its
language) as a message, and :func:`handle` answers it with :mod:`printkit.serve.answers`, the code the
local server answers with. What differs is only what a browser lacks: no processes and no threads, so a
build runs here and now (its progress posted to the page as it goes) and the page stops one by ending the
worker; no renderer, so a build makes no PNG previews (``printkit build --no-previews`` makes the same
files); no file system of the user's, so a build is written in the worker's memory and handed over as
the download's bytes.
"""

from __future__ import annotations

import secrets
import shutil
import tempfile
from pathlib import Path
from typing import Any, Callable

from ..errors import PrintkitError
from ..serve import answers, state
from ..serve.sessions import Store
from ..text import Said

STORE = Store()  # the uploaded fonts, in the worker's memory
TURNS = answers.Turns(1, 0.0)  # one request at a time: the worker answers them in turn
_downloads: dict[str, tuple[str, bytes]] = {}  # a finished build's token → its download's name and bytes
LIMITS = {"yaml": state.MAX_YAML, "font": answers.MAX_FONT}

Progress = Callable[[int, int], None]


def _answer(answer: answers.Answer) -> dict[str, Any]:
    return {"status": answer.status, "type": "application/json", "text": answers.as_json(answer.data)}


def _json(status: int, data: dict[str, Any]) -> dict[str, Any]:
    return _answer(answers.Answer(status, data))


def _reader(body: Any) -> Callable[[], Any]:
    def read() -> Any:
        if not isinstance(body, str):
            raise state.BadRequest("serve_err_json")
        return answers.parse_json(body)
    return read


def build(body: Any, language: str, progress: Progress | None = None) -> dict[str, Any]:
    """A build of the kit the page describes, made at once into the worker's memory: the job as the page
    reads it, done (its download's address) or failed (its lines, each at its control)."""
    asked = answers.wanted(_reader(body), language, STORE)
    if isinstance(asked, answers.Answer):
        return _answer(asked)
    kit = asked.kit
    job = {"job": secrets.token_hex(8), "kit": kit.name, "product": asked.product}
    work = Path(tempfile.mkdtemp(prefix="printkit-site-build-"))
    try:
        from ..build import build_kit

        result = build_kit(kit, work, only=[asked.product] if asked.product else None, progress=progress,
                           previews=False)
        files, name, single = answers.bundle(result.folder, result.manifest["artifacts"], asked.product, kit.name)
        data = (result.folder / files[0]).read_bytes() if single else answers.zipped(result.folder, files, kit.name)
    except PrintkitError as exc:
        lines = state.error_lines(exc, language, asked.text, asked.fields)
        return _json(200, {"ok": False, "state": "failed", **job, "errors": lines})
    finally:
        shutil.rmtree(work, ignore_errors=True)
    _downloads.clear()  # one build's bytes kept at a time: the page downloads them at once
    token = secrets.token_urlsafe(24)
    _downloads[token] = (name, data)
    total = len(files)
    return _json(202, {"ok": True, "state": "done", **job, "done": total, "total": total, "token": token,
                       "download": name, "files": files, "url": f"/download/{token}"})


def download(token: str, language: str) -> dict[str, Any]:
    """A finished build's bytes, once."""
    found = _downloads.pop(token, None)
    if found is None:
        return _answer(answers.failure(404, Said("serve_err_no_build"), language))
    name, data = found
    from ..formats import media_type

    return {"status": 200, "type": media_type(name), "bytes": data, "name": name}


def handle(method: str, path: str, language: str | None, body: Any = None,
           progress: Progress | None = None) -> dict[str, Any]:
    """The answer to one of the page's requests: ``{status, type, text | bytes, name?}``. ``body``: the
    request's JSON as text, or for a font ``{"name": file name, "bytes": its bytes}``."""
    lang = state.language(language)
    try:
        if method == "GET" and path == "/api/meta":
            return _json(200, answers.meta(LIMITS, browser=True))
        if method == "GET" and path.startswith("/download/"):
            return download(path[len("/download/"):], lang)
        if method == "POST" and path == "/api/preview":
            return _answer(answers.preview(_reader(body), lang, STORE, TURNS))
        if method == "POST" and path == "/api/view":
            return _answer(answers.view(_reader(body), lang, STORE, TURNS))
        if method == "POST" and path == "/api/build":
            return build(body, lang, progress)
        if method == "POST" and path == "/api/font":
            if not isinstance(body, dict) or not isinstance(body.get("bytes"), (bytes, bytearray)):
                return _answer(answers.failure(400, Said("serve_err_no_file"), lang))
            return _answer(answers.font(body.get("name"), bytes(body["bytes"]), STORE, lang))
        if method == "POST" and path == "/api/keeper":
            return _answer(answers.keeper(_reader(body), lang, STORE))
        if method == "POST" and path == "/api/yaml":
            asked = answers.kit_yaml(_reader(body), lang, STORE)
            if isinstance(asked, answers.Answer):
                return _answer(asked)
            text, name = asked
            return {"status": 200, "type": "application/yaml", "text": text, "name": name}
    except Exception as exc:  # noqa: BLE001 - one line to the page, as the server's last line of defence
        from ..report import fault_line

        return _answer(answers.failure(500, Said("serve_err_internal", {"why": fault_line(exc)}), lang))
    return _answer(answers.failure(404, Said("serve_err_http", {"code": 404, "name": "Not Found"}), lang))


__all__ = ["build", "download", "handle"]


def first_request(kit: str) -> str:
    """The page's first request, as its JavaScript writes it (``JSON.stringify(state)``): the shipped kit it opens
    on, unchanged."""
    import json

    return json.dumps({"kit": kit, "options": {}, "yaml": None, "font": None}, separators=(",", ":"),
                      ensure_ascii=False)


def libraries() -> list[str]:
    """The libraries a product or a format needs installed (the 3D parts' manifold3d, DXF's ezdxf, …)."""
    from .. import needs
    from ..formats import FORMATS

    named = {m for n in vars(needs).values() if isinstance(n, needs.Need) for m in n.modules}
    return sorted(named | {f.library for f in FORMATS.values() if f.library})


def first_answer(kit: str, language: str, present: set[str]) -> dict[str, Any]:
    """The preview the page shows first, answered here as the worker answers it: as in the browser, whose modules
    are the site's wheels' (``present``: their top-level names), so a library no wheel brings is not found and its
    products are marked as needing a computer. ``printkit site`` writes it into the site, so that the page shows
    the kit at once, while printkit loads; the browser test checks that the worker's own answer is the same."""
    import sys

    from .. import install

    hidden = [m for m in libraries() if m.split(".")[0] not in present]
    kept = {m: sys.modules[m] for m in hidden if m in sys.modules}
    was = install.BROWSER
    install.BROWSER = True
    sys.modules.update(dict.fromkeys(hidden))  # None: not found (printkit.formats.found)
    try:
        return handle("POST", "/api/preview", language, first_request(kit))
    finally:
        install.BROWSER = was
        for m in hidden:
            del sys.modules[m]
        sys.modules.update(kept)

