"""The web page's server: a Flask app whose handlers call the command line's own loading, build and
preview code, and answer in JSON (a failure is its one-line message, never a traceback page).

``create_app()`` makes the app (the tests drive it with Flask's test client); ``serve()`` runs it
with Werkzeug's threaded server until Ctrl-C.
"""

from __future__ import annotations

import io
import json
import re
import sys
import threading
import zipfile
from pathlib import Path, PurePosixPath
from typing import Any

from flask import Flask, Response, jsonify, request, send_file
from werkzeug.exceptions import HTTPException

from .. import __version__, fonts
from ..build import PRODUCTS, build_kit
from ..config import DEFAULT_KIT, kit_names, load_kit
from ..errors import PrintkitError
from ..paths import name_problem
from ..text import LANGUAGES, TABLE
from . import state
from .sessions import Store, remove

STATIC = Path(__file__).resolve().parent / "static"
MAX_FONT = 10 * 1024 * 1024  # bytes of an uploaded font (PT Sans Bold is 0.5 MB; large CJK fonts 20 MB)
MAX_BODY = MAX_FONT + 64 * 1024  # a request: the font and its form, or the kit's text as JSON
ZIP_TIME = (1980, 1, 1, 0, 0, 0)  # every member's date: the zip's bytes follow from the kit

_BUILD = threading.Lock()  # one build at a time: PDFium, which renders the previews, is not thread-safe


def words() -> dict[str, dict[str, str]]:
    """The page's words in each language, from the sheets' table: the ``serve_`` entries, and the
    products' names (``product_tiles``) that the gallery uses too."""
    def key(k: str) -> str:
        return k[len("serve_"):] if k.startswith("serve_") else k

    return {lang: {key(k): e.get(lang) or e["en"] for k, e in TABLE.items() if k.startswith(("serve_", "product_"))}
            for lang in LANGUAGES}


def _kits() -> list[dict[str, str]]:
    out = []
    for name in kit_names():
        try:
            k = load_kit(name)
        except PrintkitError:
            continue
        out.append({"name": k.name, "title": k.title, "language": k.language})
    return out


def _fail(status: int, lines: list[dict[str, Any]] | str, **extra) -> Response:
    errors = [{"text": lines}] if isinstance(lines, str) else lines
    response = jsonify({"ok": False, "errors": errors, **extra})
    response.status_code = status
    return response


def _upload(req: state.Request, store: Store) -> state.Upload | None:
    if req.font is None:
        return None
    entry = store.get(req.font, "font")
    if entry is None:
        raise state.BadRequest("the uploaded font is no longer here (the server forgets uploads after a while): "
                               "upload it again")
    return state.Upload(entry.folder, entry.meta["name"])


def font_name(filename: str | None) -> str:
    """A safe file name for an uploaded font, kept from the user's own where it can be: it is the
    name the kit's YAML gives the font."""
    base = re.split(r"[\\/]", filename or "")[-1]
    stem = base[:-4] if base.lower().endswith(".ttf") else base
    stem = re.sub(r"[^A-Za-z0-9_.-]+", "_", stem).strip("._-")[:60]
    name = f"{stem}.ttf" if stem else "font.ttf"
    return name if name_problem(name) is None and name not in state.FONT_NAMES else "font.ttf"


def _zip(folder: Path, paths: list[str], prefix: str) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        for rel in paths:
            info = zipfile.ZipInfo(str(PurePosixPath(prefix, rel)) if prefix else rel, ZIP_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            z.writestr(info, (folder / rel).read_bytes())
    return buf.getvalue()


def _inside(folder: Path, rel: str) -> bool:
    p = PurePosixPath(rel)
    if p.is_absolute() or ".." in p.parts or "\\" in rel:
        return False
    target = (folder / rel).resolve()
    return folder.resolve() in target.parents and target.is_file()


def host_name(host: str) -> str:
    """The name in a Host header, without its port: ``127.0.0.1:8765`` → ``127.0.0.1``, ``[::1]:80`` → ``[::1]``."""
    host = host.strip().lower()
    if host.startswith("["):
        return host[:host.find("]") + 1] if "]" in host else host
    return host.partition(":")[0]


def create_app(store: Store | None = None, hosts: frozenset[str] | None = None) -> Flask:
    """The page's application. ``hosts``: the only names the Host header may give (the server on
    loopback passes ``127.0.0.1``, ``localhost`` and ``[::1]``), so that a web page elsewhere cannot
    reach this one through a name of its own that resolves to 127.0.0.1 (DNS rebinding); None: any."""
    app = Flask(__name__, static_folder=str(STATIC), static_url_path="/static")
    app.config["MAX_CONTENT_LENGTH"] = MAX_BODY
    app.json.ensure_ascii = False
    app.json.sort_keys = False
    store = store or Store()
    app.extensions["printkit_store"] = store

    @app.errorhandler(HTTPException)
    def http_error(exc: HTTPException):
        if exc.code == 413:
            return _fail(413, f"the upload is larger than {MAX_FONT // (1024 * 1024)} MB")
        return _fail(exc.code or 500, f"{exc.code} {exc.name}")

    @app.errorhandler(Exception)
    def internal_error(exc: Exception):  # the last line of defence: one line, never a traceback page
        from ..cli import _one_line, _trace_file

        line = f"internal error, a bug in printkit: {type(exc).__name__}: {_one_line(exc)}"
        print(f"printkit serve: {line} (the full trace is in {_trace_file(exc)}; please report it)", file=sys.stderr)
        return _fail(500, line)

    @app.before_request
    def this_machine_only():
        if hosts is None:
            return None
        if host_name(request.host) not in hosts:
            return _fail(403, f"this page answers only to {', '.join(sorted(hosts))}, not to the name "
                              f"'{request.host[:80]}'")
        origin = request.headers.get("Origin")  # a browser's request from another site's page says so
        if origin is not None and host_name(origin.partition("://")[2]) not in hosts:
            return _fail(403, f"requests from another site's page ('{origin[:80]}') are refused")
        return None

    @app.get("/")
    def index():
        return send_file(STATIC / "index.html", mimetype="text/html", max_age=0)

    @app.get("/api/meta")
    def meta():
        return jsonify({"version": __version__, "default": DEFAULT_KIT, "kits": _kits(),
                        "controls": state.controls(), "products": list(PRODUCTS), "words": words(),
                        "limits": {"yaml": state.MAX_YAML, "font": MAX_FONT}})

    def _request() -> tuple[state.Request, state.Upload | None]:
        data = request.get_json(silent=True)
        if data is None:
            raise state.BadRequest("the request must be JSON")
        req = state.parse_request(data)
        return req, _upload(req, store)

    @app.post("/api/preview")
    def preview():
        try:
            req, upload = _request()
        except state.BadRequest as exc:
            return _fail(400, str(exc))
        text = None
        try:
            text = state.compose(req, upload)
            kit = state.load_text(text, upload)
            shown = state.preview(kit)
        except PrintkitError as exc:
            return _fail(422, state.error_lines(exc), yaml=text)
        return jsonify({"ok": True, "kit": kit.name, "title": kit.title, "language": kit.language, "yaml": text,
                        "values": state.values(kit, upload), **shown})

    @app.post("/api/font")
    def upload_font():
        file = request.files.get("font")
        if file is None:
            return _fail(400, "no file in the field 'font'")
        data = file.stream.read(MAX_FONT + 1)
        if len(data) > MAX_FONT:
            return _fail(413, f"the upload is larger than {MAX_FONT // (1024 * 1024)} MB")
        name = font_name(file.filename)
        token, entry = store.new("font", name=name)
        path = entry.folder / name
        path.write_bytes(data)
        try:
            font = fonts.load(str(path), where=name)
        except PrintkitError as exc:
            store.drop(token)
            return _fail(422, [{"text": line} for line in exc.lines()])
        return jsonify({"ok": True, "font": token, "name": name, "family": font.ps_name})

    @app.post("/api/build")
    def build():
        try:
            req, upload = _request()
            product = (request.get_json(silent=True) or {}).get("product")
            if product is not None and product not in PRODUCTS:
                raise state.BadRequest(f"no product named {state.quoted(product)} (products: {', '.join(PRODUCTS)})")
        except state.BadRequest as exc:
            return _fail(400, str(exc))
        token, entry = store.new("build")
        try:
            kit, text = state.load(req, upload)
            with _BUILD:
                result = build_kit(kit, entry.folder / "out", only=[product] if product else None)
        except PrintkitError as exc:
            store.drop(token)
            return _fail(422, state.error_lines(exc))
        except BaseException:
            store.drop(token)
            raise
        artifacts = result.manifest["artifacts"]
        if product:
            files = [a["path"] for a in artifacts if a["product"] == product and a["kind"] != "preview"]
        else:
            files = [a["path"] for a in artifacts] + ["manifest.json"]
        files = [f for f in files if _inside(result.folder, f)]
        if product and len(files) == 1:
            download = files[0]
        else:
            download = f"{kit.name}-{product}.zip" if product else f"{kit.name}.zip"
        entry.meta.update(folder=str(result.folder), files=files, download=download, kit=kit.name,
                          single=bool(product and len(files) == 1), yaml=text)
        return jsonify({"ok": True, "token": token, "download": download, "files": files,
                        "url": f"/download/{token}"})

    @app.get("/download/<token>")
    def download(token: str):
        entry = store.take(token, "build")
        if entry is None:
            return _fail(404, "no such build: it was downloaded already, or is too old (build it again)")
        try:
            folder = Path(entry.meta["folder"])
            files = entry.meta["files"]
            if entry.meta["single"]:
                data = (folder / files[0]).read_bytes()
            else:
                data = _zip(folder, files, entry.meta["kit"])
        finally:
            remove(entry.folder)
        mimetype = {"pdf": "application/pdf", "svg": "image/svg+xml", "dxf": "application/dxf",
                    "zip": "application/zip"}.get(entry.meta["download"].rsplit(".", 1)[-1], "application/octet-stream")
        return send_file(io.BytesIO(data), mimetype=mimetype, as_attachment=True,
                         download_name=PurePosixPath(entry.meta["download"]).name, max_age=0)

    @app.post("/api/yaml")
    def kit_yaml():
        try:
            req, upload = _request()
            text = state.compose(req, upload)
        except state.BadRequest as exc:
            return _fail(400, str(exc))
        except PrintkitError as exc:
            return _fail(422, state.error_lines(exc))
        return Response(text, mimetype="application/yaml",
                        headers={"Content-Disposition": f"attachment; filename={json.dumps(req.kit + '.yaml')}"})

    @app.after_request
    def no_cache(response: Response) -> Response:
        response.headers.setdefault("Cache-Control", "no-store")
        response.headers["X-Content-Type-Options"] = "nosniff"
        return response

    return app


__all__ = ["MAX_FONT", "create_app", "font_name", "host_name", "words"]
