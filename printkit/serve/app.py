"""The web page's server: a Flask app whose handlers call the command line's own loading, build and
preview code, and answer in JSON (a failure is its one-line message, never a traceback page).

``create_app()`` makes the app (the tests drive it with Flask's test client); ``serve()`` runs it
with Werkzeug's threaded server until Ctrl-C.

Who may use it: a request must name the page by one of its own names (the Host header; see
:class:`printkit.serve.names.Names`), a browser's request must come from the page itself (its
Origin is this scheme, host and port exactly: not another site, not another port of this
machine), and every request that changes something (each POST) carries the run's token, which
only the address ``printkit serve`` printed gives (``/?token=…``, kept then in a cookie of the page).
"""

from __future__ import annotations

import hmac
import io
import json
import re
import secrets
import sys
import threading
import zipfile
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import Any

from flask import Flask, Response, current_app, jsonify, redirect, request, send_file
from werkzeug.exceptions import HTTPException

from .. import __version__, fonts
from ..config import DEFAULT_KIT, kit_names, load_kit
from ..errors import PrintkitError
from ..formats import media_type
from ..paths import name_problem
from ..products import names as products
from ..report import quoted
from ..text import LANGUAGES, TABLE, Said
from . import offers, previews as product_previews, state
from .jobs import Busy, Pool
from .names import Names
from .sessions import Store, remove

STATIC = Path(__file__).resolve().parent / "static"
MAX_FONT = 10 * 1024 * 1024  # bytes of an uploaded font (PT Sans Bold is 0.5 MB; large CJK fonts 20 MB)
MAX_BODY = MAX_FONT + 64 * 1024  # a request: the font and its form, or the kit's text as JSON
MAX_DEPTH = 16  # levels of nesting in a request's JSON (the page sends 2)
ZIP_TIME = (1980, 1, 1, 0, 0, 0)  # every member's date: the zip's bytes follow from the kit
PREVIEWS = 4  # previews laid out at once (each holds a kit's geometry); more wait their turn
PREVIEW_WAIT_S = 60.0  # how long a preview waits for its turn before the page is told the server is busy
TOKEN_HEADER = "X-Printkit-Token"
LANGUAGE_HEADER = "X-Printkit-Language"
TOKEN_META = '<meta name="printkit-token" content="">'


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


def _language() -> str:
    """The language the page speaks (it says so with each request); English for anyone else."""
    return state.language(request.headers.get(LANGUAGE_HEADER) or request.args.get("lang"))


def _fail(status: int, lines: list[dict[str, Any]] | str | Said, **extra) -> Response:
    if isinstance(lines, Said):
        lines = lines(_language())
    errors = [{"text": lines}] if isinstance(lines, str) else lines
    response = jsonify({"ok": False, "errors": errors, **extra})
    response.status_code = status
    return response


def _upload(req: state.Request, store: Store) -> state.Upload | None:
    if req.font is None:
        return None
    entry = store.get(req.font, "font")
    if entry is None:
        raise state.BadRequest("serve_err_font_gone")
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


def host_name(host: str) -> str:
    """The name in a Host header, without its port: ``127.0.0.1:8765`` → ``127.0.0.1``, ``[::1]:80`` → ``[::1]``."""
    host = host.strip().lower()
    if host.startswith("["):
        return host[:host.find("]") + 1] if "]" in host else host
    return host.partition(":")[0]


def _origin(scheme: str, host: str) -> str:
    """A page's origin as a browser writes it, from a scheme and a Host header (the default port left out)."""
    host = host.strip().lower()
    default = {"http": ":80", "https": ":443"}.get(scheme)
    if default and host.endswith(default):
        host = host[:-len(default)]
    return f"{scheme}://{host}"


_JSON_TOKENS = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]')


def depth(text: str) -> int:
    """How deeply the arrays and objects of a JSON text nest (strings skipped), without parsing it."""
    deepest = level = 0
    for m in _JSON_TOKENS.finditer(text):
        ch = m.group()
        if ch in "[{":
            level += 1
            deepest = max(deepest, level)
        elif ch in "]}":
            level -= 1
    return deepest


def _json() -> Any:
    """The request's JSON, refused in one line when it is not JSON or nests too deeply."""
    if not request.is_json:
        raise state.BadRequest("serve_err_json")
    try:
        text = request.get_data(cache=True).decode("utf-8")
    except UnicodeDecodeError:
        raise state.BadRequest("serve_err_json") from None
    if depth(text) > MAX_DEPTH:
        raise state.BadRequest("serve_err_nested", n=MAX_DEPTH)
    try:
        return json.loads(text)
    except RecursionError:  # not reached after the depth check; kept as the last guard
        raise state.BadRequest("serve_err_nested", n=MAX_DEPTH) from None
    except ValueError:
        raise state.BadRequest("serve_err_json") from None


@dataclass
class Page:
    """What the page's handlers share: the uploads' and builds' store, the builds' workers, the names the
    Host header may give, the run's token and the previews' turns. One a server; the app keeps it in
    ``app.extensions["printkit_page"]``, where each handler finds it (:func:`page`)."""

    store: Store
    pool: Pool
    names: Names
    token: str
    previews: threading.BoundedSemaphore = field(default_factory=lambda: threading.BoundedSemaphore(PREVIEWS))

    def has_token(self, value: str | None) -> bool:
        return isinstance(value, str) and hmac.compare_digest(value.encode("utf-8", "replace"), self.token.encode())


def page() -> Page:
    """The serving app's :class:`Page` (a handler runs inside its app's context)."""
    return current_app.extensions["printkit_page"]


def cookie_name() -> str:
    """The token's cookie for this port: cookies are shared by every port of a host, so one name a port."""
    after = request.host.rpartition("]")[2]  # past an IPv6 address's brackets
    port = after.rpartition(":")[2] if ":" in after else ""
    return f"printkit_{port}" if port.isdigit() else "printkit"


def http_error(exc: HTTPException):
    if exc.code == 413:
        return _fail(413, Said("serve_err_upload_big", {"n": MAX_FONT // (1024 * 1024)}))
    return _fail(exc.code or 500, Said("serve_err_http", {"code": exc.code, "name": exc.name}))


def internal_error(exc: Exception):
    """The last line of defence: one line, never a traceback page (the trace goes to a file)."""
    from ..report import fault_line, write_trace

    said = Said("serve_err_internal", {"why": fault_line(exc)})
    print(f"printkit serve: {said('en')} (the full trace is in {write_trace(exc)}; please report it)",
          file=sys.stderr)
    return _fail(500, said)


def this_page_only():
    """Refuses a request under a name that is not the page's, from another page's origin, or a change
    without the run's token."""
    names = page().names
    if not names.allows(host_name(request.host)):
        return _fail(403, Said("serve_err_host", {"names": names.shown(), "name": quoted(request.host, 80)}))
    origin = request.headers.get("Origin")  # a browser's request from another page says where it is from
    if origin is not None and origin.strip().lower() != _origin(request.scheme, request.host):
        return _fail(403, Said("serve_err_origin", {"origin": quoted(origin, 80)}))
    if request.method not in ("GET", "HEAD", "OPTIONS") and not page().has_token(request.headers.get(TOKEN_HEADER)):
        return _fail(403, Said("serve_err_token"))
    return None


def index():
    given = request.args.get("token")
    here = page()
    if given is not None:
        if not here.has_token(given):
            return _locked(403)
        # the address printkit serve printed: remember the token for this port, and drop it from the address bar
        response = redirect("/", code=303)
        response.set_cookie(cookie_name(), here.token, httponly=True, samesite="Strict", path="/")
        return response
    if not here.has_token(request.cookies.get(cookie_name())):
        return _locked(403)
    html = (STATIC / "index.html").read_text(encoding="utf-8")
    html = html.replace(TOKEN_META, f'<meta name="printkit-token" content="{here.token}">')
    return Response(html, mimetype="text/html")


def _locked(status: int) -> Response:
    lines = "".join(f"<p lang=\"{lang}\">{Said('serve_locked')(lang)}</p>" for lang in ("en", "ru", "uk"))
    html = ("<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>printkit serve</title>"
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"></head>"
            f"<body style=\"font: 16px/1.5 system-ui, sans-serif; margin: 2em\">{lines}</body></html>")
    return Response(html, status=status, mimetype="text/html")


def meta():
    return jsonify({"version": __version__, "default": DEFAULT_KIT, "kits": _kits(),
                    "controls": state.controls(), "products": products(), "words": words(),
                    "limits": {"yaml": state.MAX_YAML, "font": MAX_FONT}})


def _request() -> tuple[state.Request, state.Upload | None, Any]:
    data = _json()
    req = state.parse_request(data)
    return req, _upload(req, page().store), data


def _refused(exc: PrintkitError, language: str, text: str | None, req: state.Request | None, **extra) -> Response:
    """A kit the page cannot use: each line of its error, placed at its control (422, or the page error's status)."""
    status = exc.status if isinstance(exc, state.PageError) else 422
    return _fail(status, state.error_lines(exc, language, text or (req.yaml if req else None),
                                           req.options if req else ()), **extra)


def preview():
    language = _language()
    text = None
    req = None
    previews = page().previews
    try:
        req, upload, _ = _request()
        text = state.compose(req, upload)
        kit = state.load_text(text, upload)
        if not previews.acquire(timeout=PREVIEW_WAIT_S):
            return _fail(503, Said("serve_err_busy_previews"))
        try:
            shown = state.preview(kit)
        finally:
            previews.release()
    except PrintkitError as exc:
        return _refused(exc, language, text, req, yaml=text)
    return jsonify({"ok": True, "kit": kit.name, "title": kit.title, "language": kit.language, "yaml": text,
                    "values": state.values(kit, upload), **shown,
                    "unavailable": offers.unavailable(kit, products(), kit.language)})


def product_view():
    """One page of any product of the kit (printkit.serve.previews): only that product laid out."""
    language = _language()
    text = None
    req = None
    previews = page().previews
    try:
        req, upload, data = _request()
        shown = product_previews.asked(data)
        text = state.compose(req, upload)
        kit = state.load_text(text, upload)
        if not previews.acquire(timeout=PREVIEW_WAIT_S):
            return _fail(503, Said("serve_err_busy_previews"))
        try:
            answer = product_previews.view(kit, text, upload, shown)
        finally:
            previews.release()
    except PrintkitError as exc:
        return _refused(exc, language, text, req)
    return jsonify({"ok": True, "kit": kit.name, **answer})


def upload_font():
    file = request.files.get("font")
    if file is None:
        return _fail(400, Said("serve_err_no_file"))
    data = file.stream.read(MAX_FONT + 1)
    if len(data) > MAX_FONT:
        return _fail(413, Said("serve_err_upload_big", {"n": MAX_FONT // (1024 * 1024)}))
    store = page().store
    name = font_name(file.filename)
    token_, entry = store.new("font", name=name)
    path = entry.folder / name
    path.write_bytes(data)
    try:
        font = fonts.load(str(path), where=name)
    except PrintkitError as exc:
        store.drop(token_)
        return _fail(422, [{"text": line, "control": "style.tile.font"} for line in exc.lines()])
    return jsonify({"ok": True, "font": token_, "name": name, "family": font.ps_name})


def build():
    language = _language()
    text = None
    req = None
    pool = page().pool
    try:
        req, upload, data = _request()
        product = data.get("product")
        if product is not None and product not in products():
            raise state.BadRequest("serve_err_product", name=quoted(product, 60), products=", ".join(products()))
        text = state.compose(req, upload)
        kit = state.load_text(text, upload)
        refused = offers.refusal(kit, product)  # a library this install lacks: said here, not in the worker
        if refused is not None:
            said, control = refused
            return _fail(422, [{"text": said(language), **({"control": control} if control else {})}])
        job = pool.submit(kit, text, upload, product, tuple(req.options))
    except Busy as exc:
        return _fail(503, exc.said)
    except PrintkitError as exc:
        return _refused(exc, language, text, req)
    response = jsonify(job.answer(pool.position(job), language))
    response.status_code = 202
    return response


def job_state(job_id: str):
    pool = page().pool
    job = pool.get(job_id)
    if job is None:
        return _fail(404, Said("serve_err_no_job"))
    return jsonify(job.answer(pool.position(job), _language()))


def job_cancel(job_id: str):
    pool = page().pool
    job = pool.cancel(job_id)
    if job is None:
        return _fail(404, Said("serve_err_no_job"))
    pool.wait(job, timeout=10)
    return jsonify(job.answer(pool.position(job), _language()))


def download(token_: str):
    store = page().store
    entry = store.get(token_, "build")
    if entry is None or "files" not in entry.meta:
        return _fail(404, Said("serve_err_no_build"))
    entry = store.take(token_, "build")
    if entry is None:
        return _fail(404, Said("serve_err_no_build"))
    try:
        folder = Path(entry.meta["folder"])
        files = entry.meta["files"]
        if entry.meta["single"]:
            data = (folder / files[0]).read_bytes()
        else:
            data = _zip(folder, files, entry.meta["kit"])
    finally:
        remove(entry.folder)
    return send_file(io.BytesIO(data), mimetype=media_type(entry.meta["download"]), as_attachment=True,
                     download_name=PurePosixPath(entry.meta["download"]).name, max_age=0)


def kit_yaml():
    language = _language()
    try:
        req, upload, _ = _request()
        text = state.compose(req, upload)
    except PrintkitError as exc:
        status = exc.status if isinstance(exc, state.PageError) else 422
        return _fail(status, state.error_lines(exc, language))
    return Response(text, mimetype="application/yaml",
                    headers={"Content-Disposition": f"attachment; filename={json.dumps(req.kit + '.yaml')}"})


def no_cache(response: Response) -> Response:
    response.headers.setdefault("Cache-Control", "no-store")
    response.headers["X-Content-Type-Options"] = "nosniff"
    response.headers["Content-Security-Policy"] = "frame-ancestors 'none'"  # no other page frames this one
    response.headers["Referrer-Policy"] = "no-referrer"  # the token's address is never sent on
    return response


# the page's routes: (rule, method, handler)
ROUTES = (
    ("/", "GET", index),
    ("/api/meta", "GET", meta),
    ("/api/preview", "POST", preview),
    ("/api/view", "POST", product_view),
    ("/api/font", "POST", upload_font),
    ("/api/build", "POST", build),
    ("/api/job/<job_id>", "GET", job_state),
    ("/api/job/<job_id>/cancel", "POST", job_cancel),
    ("/download/<token_>", "GET", download),
    ("/api/yaml", "POST", kit_yaml),
)


def create_app(store: Store | None = None, names=None, token: str | None = None, pool: Pool | None = None) -> Flask:
    """The page's application. ``names``: the names the Host header may give (a
    :class:`printkit.serve.names.Names`; by default those of loopback), so that a web page elsewhere
    cannot reach this one through a name of its own that resolves to this machine (DNS rebinding).
    ``token``: the run's secret, which every POST must carry (a new one if not given; the app's
    ``config["PRINTKIT_TOKEN"]``). ``pool``: the builds' workers (a new :class:`Pool` if not given)."""
    app = Flask(__name__, static_folder=str(STATIC), static_url_path="/static")
    app.config["MAX_CONTENT_LENGTH"] = MAX_BODY
    app.json.ensure_ascii = False
    app.json.sort_keys = False
    store = store or Store()
    here = Page(store=store, pool=pool or Pool(store), names=names if names is not None else Names.loopback(),
                token=token or secrets.token_urlsafe(24))
    app.config["PRINTKIT_TOKEN"] = here.token
    app.extensions["printkit_page"] = here
    app.extensions["printkit_store"] = here.store
    app.extensions["printkit_pool"] = here.pool
    app.register_error_handler(HTTPException, http_error)
    app.register_error_handler(Exception, internal_error)
    app.before_request(this_page_only)
    app.after_request(no_cache)
    for rule, method, handler in ROUTES:
        app.add_url_rule(rule, handler.__name__, handler, methods=[method])
    return app


__all__ = ["MAX_DEPTH", "MAX_FONT", "ROUTES", "Page", "create_app", "depth", "font_name", "host_name", "page", "words"]
