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
import secrets
import sys
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import Any
from urllib.parse import urlencode

from flask import Flask, Response, current_app, jsonify, redirect, request, send_file
from werkzeug.exceptions import HTTPException

from ..errors import PrintkitError
from ..formats import media_type
from ..report import quoted
from ..text import Said
from . import answers, state
from .answers import MAX_DEPTH, MAX_FONT, depth, font_name, words
from .jobs import Busy, Pool
from .names import Names
from .sessions import Store, remove

STATIC = Path(__file__).resolve().parent / "static"
MAX_BODY = MAX_FONT + 64 * 1024  # a request: the font and its form, or the kit's text as JSON
PREVIEWS = 4  # previews laid out at once (each holds a kit's geometry); more wait their turn
PREVIEW_WAIT_S = 60.0  # how long a preview waits for its turn before the page is told the server is busy
TOKEN_HEADER = "X-Printkit-Token"
LANGUAGE_HEADER = "X-Printkit-Language"
TOKEN_META = '<meta name="printkit-token" content="">'


def _language() -> str:
    """The language the page speaks (it says so with each request); English for anyone else."""
    return state.language(request.headers.get(LANGUAGE_HEADER) or request.args.get("lang"))


def _answer(answer: answers.Answer) -> Response:
    response = jsonify(answer.data)
    response.status_code = answer.status
    return response


def _fail(status: int, lines: list[dict[str, Any]] | str | Said, **extra) -> Response:
    return _answer(answers.failure(status, lines, _language(), **extra))


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


def _json() -> Any:
    """The request's JSON, refused in one line when it is not JSON or nests too deeply."""
    if not request.is_json:
        raise state.BadRequest("serve_err_json")
    return answers.parse_json(request.get_data(cache=True))


@dataclass
class Page:
    """What the page's handlers share: the uploads' and builds' store, the builds' workers, the names the
    Host header may give, the run's token and the previews' turns. One a server; the app keeps it in
    ``app.extensions["printkit_page"]``, where each handler finds it (:func:`page`)."""

    store: Store
    pool: Pool
    names: Names
    token: str
    previews: answers.Turns = field(default_factory=lambda: answers.Turns(PREVIEWS, PREVIEW_WAIT_S))

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
    return _page("index.html", "/")


def keeper_page():
    """The score keeper's page (printkit.keeper), opened as the page itself is: by the address with the token,
    then by its cookie."""
    return _page("keeper.html", "/keeper")


def _page(name: str, path: str):
    """One of the pages in static/, with the run's token in its meta tag; ``?token=`` (the address printkit
    serve printed, or a page's link) is kept in a cookie and dropped from the address, the rest of the query
    (``?kit=erudit``) kept."""
    given = request.args.get("token")
    here = page()
    if given is not None:
        if not here.has_token(given):
            return _locked(403)
        # the address printkit serve printed: remember the token for this port, and drop it from the address bar
        rest = urlencode([(k, v) for k, v in request.args.items(multi=True) if k != "token"])
        response = redirect(f"{path}?{rest}" if rest else path, code=303)
        response.set_cookie(cookie_name(), here.token, httponly=True, samesite="Strict", path="/")
        return response
    if not here.has_token(request.cookies.get(cookie_name())):
        return _locked(403)
    html = (STATIC / name).read_text(encoding="utf-8")
    html = html.replace(TOKEN_META, f'<meta name="printkit-token" content="{here.token}">')
    return Response(html, mimetype="text/html")


def _locked(status: int) -> Response:
    lines = "".join(f"<p lang=\"{lang}\">{Said('serve_locked')(lang)}</p>" for lang in ("en", "ru", "uk"))
    html = ("<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>printkit serve</title>"
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"></head>"
            f"<body style=\"font: 16px/1.5 system-ui, sans-serif; margin: 2em\">{lines}</body></html>")
    return Response(html, status=status, mimetype="text/html")


def meta():
    return jsonify(answers.meta({"yaml": state.MAX_YAML, "font": MAX_FONT}))


def preview():
    return _answer(answers.preview(_json, _language(), page().store, page().previews))


def product_view():
    """One page of any product of the kit (printkit.serve.previews): only that product laid out."""
    return _answer(answers.view(_json, _language(), page().store, page().previews))


def upload_font():
    file = request.files.get("font")
    if file is None:
        return _fail(400, Said("serve_err_no_file"))
    return _answer(answers.font(file.filename, file.stream.read(MAX_FONT + 1), page().store, _language()))


def build():
    language = _language()
    pool = page().pool
    asked = answers.wanted(_json, language, page().store)
    if isinstance(asked, answers.Answer):
        return _answer(asked)
    try:
        job = pool.submit(asked.kit, asked.text, asked.upload, asked.product, asked.fields)
    except Busy as exc:
        return _fail(503, exc.said)
    except PrintkitError as exc:
        return _answer(answers.refused(exc, language, asked.text, None))
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
            data = answers.zipped(folder, files, entry.meta["kit"])
    finally:
        remove(entry.folder)
    return send_file(io.BytesIO(data), mimetype=media_type(entry.meta["download"]), as_attachment=True,
                     download_name=PurePosixPath(entry.meta["download"]).name, max_age=0)


def keeper():
    """A turn of the score keeper: the game's record, one more turn, the game's state (printkit.keeper)."""
    return _answer(answers.keeper(_json, _language(), page().store))


def kit_yaml():
    asked = answers.kit_yaml(_json, _language(), page().store)
    if isinstance(asked, answers.Answer):
        return _answer(asked)
    text, name = asked
    return Response(text, mimetype="application/yaml",
                    headers={"Content-Disposition": f"attachment; filename={json.dumps(name)}"})


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
    ("/keeper", "GET", keeper_page),
    ("/api/keeper", "POST", keeper),
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
