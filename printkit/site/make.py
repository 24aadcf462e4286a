"""``printkit site DIR``: the page of ``printkit serve`` as a static site, with printkit itself inside it.

The folder holds the same pages (``index.html`` and the score keeper's ``keeper.html``, their scripts and styles
in ``static/``, ``backend.js`` theirs in common, with one line more that tells a page its back end is in the
browser), the Web Worker that runs the library under Pyodide (``worker.js``, :mod:`printkit.site.browser`),
Pyodide's files (``pyodide/``, :mod:`printkit.site.runtime`), the wheels of printkit and of the pure-Python
libraries it builds with (``wheels/``, :mod:`printkit.site.wheels`; the Python of the page's start compiled
ahead where Node.js is found, :mod:`printkit.site.compiled`), ``site.json`` (what the worker installs, and every
file's sha256), and the service worker (``sw.js``) that keeps them all once the page has been opened, so that it
works offline.

Any static web server serves it (``python3 -m http.server``, GitHub Pages, a folder on any host); a browser
needs it served over https or from ``localhost`` for the service worker (it works without one, online). The
page asks for nothing outside the site's own address: its Content-Security-Policy says so to the browser.

The folder is written whole or not at all: into a new folder beside it, then moved into place. A folder that
holds anything else than an earlier site is refused, never emptied.
"""

from __future__ import annotations

import hashlib
import io
import json
import shutil
import tempfile
import zipfile
from dataclasses import dataclass
from html import escape
from pathlib import Path

from .. import __version__
from ..errors import PrintkitError
from ..report import quoted
from ..serve import answers
from ..text import LANGUAGES, TABLE
from . import compiled, runtime as runtimes, wheels as wheels_
from .backend import LIMITS

SERVE_STATIC = Path(__file__).resolve().parent.parent / "serve" / "static"
OWN_STATIC = Path(__file__).resolve().parent / "static"
GENERATOR = "printkit site"
BACKEND_META = '<meta name="printkit-backend" content="browser">'
PAGES = ("index.html", "keeper.html")  # the settings page, the score keeper: the same pages as printkit serve's
STATIC_FILES = ("backend.js", "page.js", "page.css", "keeper.js", "keeper.css")  # their scripts and styles
EARLY_WORDS = ("serve_browser_loading", "serve_browser_failed")  # said before printkit is loaded: in the page itself
# the browser refuses any request outside the site: scripts, the worker, styles, pictures, fetches
POLICY = ("default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; worker-src 'self'; connect-src 'self'; "
          "style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; object-src 'none'; base-uri 'none'")


@dataclass(frozen=True)
class Site:
    """A site written: its folder, its files (path → bytes written), Pyodide's version."""

    folder: Path
    files: dict[str, int]
    pyodide: str
    wheels: list[str]
    compiled: bool = False  # the Python of the page's start compiled ahead (Node.js was found)

    @property
    def bytes(self) -> int:
        return sum(self.files.values())

    def lines(self) -> list[str]:
        mb = self.bytes / 1e6
        ahead = ("its start's Python compiled ahead" if self.compiled
                 else "no Node.js here: each browser compiles its Python on the first visit, about 1.5 s slower")
        return [f"{self.folder}/  ({len(self.files)} files, {mb:.1f} MB: the page, Pyodide {self.pyodide}, "
                f"{len(self.wheels)} wheels; {ahead})",
                f"Serve it with any static web server, e.g. python3 -m http.server -d {self.folder} 8000, and open "
                f"http://localhost:8000/ (once opened, the page works offline)."]


def index_html() -> str:
    """``printkit serve``'s page, its addresses relative (a site may live under a path, as on GitHub Pages),
    told that its back end is in the browser, and held to its own site by its policy."""
    return page_html("index.html")


def page_html(name: str) -> str:
    """One of ``printkit serve``'s pages (``index.html``, the score keeper's ``keeper.html``) as the site writes it:
    as :func:`index_html` says."""
    html = (SERVE_STATIC / name).read_text(encoding="utf-8")
    for old in ('href="/static/', 'src="/static/'):
        if old not in html:
            raise PrintkitError(f"printkit site: the page's {name} no longer has {old}…: printkit site needs "
                                f"updating with it")
        html = html.replace(old, old.replace("/static/", "static/"))
    early = {lang: {key[len("serve_"):]: TABLE[key].get(lang) or TABLE[key]["en"] for key in EARLY_WORDS}
             for lang in LANGUAGES}
    words = escape(json.dumps(early, ensure_ascii=False), quote=True)
    head = (f'{BACKEND_META}\n<meta name="printkit-words" content="{words}">\n'
            f'<meta http-equiv="Content-Security-Policy" content="{POLICY}">\n<link rel="icon" href="data:,">\n')
    return html.replace("<title>", head + "<title>", 1)


def first_json(made: list[wheels_.Wheel]) -> bytes:
    """The page's first preview (the default kit in its language, unchanged), answered ahead as the worker will
    answer it (:func:`printkit.site.backend.first_answer`): the page shows it at once and printkit takes over
    the moment it has loaded (the first change is the worker's)."""
    from ..config import DEFAULT_KIT, load_kit
    from . import backend

    language = load_kit(DEFAULT_KIT).language
    present = {name.split("/")[0] for w in made for name in zipfile.ZipFile(io.BytesIO(w.data)).namelist()}
    first = {"request": backend.first_request(DEFAULT_KIT), "language": language,
             "answer": backend.first_answer(DEFAULT_KIT, language, present)}
    return (json.dumps(first, ensure_ascii=False, separators=(",", ":")) + "\n").encode("utf-8")


def _files(runtime: runtimes.Runtime, made: list[wheels_.Wheel]) -> dict[str, bytes]:
    files: dict[str, bytes] = {name: page_html(name).encode("utf-8") for name in PAGES}
    for name in STATIC_FILES:
        files[f"static/{name}"] = (SERVE_STATIC / name).read_bytes()
    files["worker.js"] = (OWN_STATIC / "worker.js").read_bytes()
    # what the page is made from (the kits, the controls, the words), as the back end's /api/meta answers it:
    # written here so that the page shows its controls at once, while printkit loads into the worker
    files["meta.json"] = (answers.as_json(answers.meta(LIMITS, browser=True)) + "\n").encode("utf-8")
    files["first.json"] = first_json(made)
    for name, data in runtime.files.items():
        files[f"pyodide/{name}"] = data
    for wheel in made:
        files[f"wheels/{wheel.file}"] = wheel.data
    files[".nojekyll"] = b""  # GitHub Pages: serve the folder as it is
    listed = {rel: {"bytes": len(data), "sha256": hashlib.sha256(data).hexdigest()}
              for rel, data in sorted(files.items())}
    site = {"generator": GENERATOR, "printkit": __version__, "pyodide": runtime.version,
            "wheels": [{"file": w.file, "bytes": len(w.data), "sha256": w.sha256} for w in made], "files": listed}
    files["site.json"] = (json.dumps(site, indent=1, ensure_ascii=False) + "\n").encode("utf-8")
    identity = hashlib.sha256(files["site.json"]).hexdigest()[:16]
    kept = ["./"] + [rel for rel in sorted(files) if rel != ".nojekyll"]
    sw = (OWN_STATIC / "sw.js").read_text(encoding="utf-8")
    sw = sw.replace('"__SITE__"', json.dumps(f"printkit-{identity}")).replace("__FILES__", json.dumps(kept + ["sw.js"]))
    files["sw.js"] = sw.encode("utf-8")
    return files


def _ours(folder: Path) -> bool:
    try:
        return json.loads((folder / "site.json").read_text(encoding="utf-8")).get("generator") == GENERATOR
    except (OSError, ValueError, AttributeError):
        return False


def _writable(dest: Path) -> None:
    shown = quoted(str(dest), 100)
    if dest.exists() and not dest.is_dir():
        raise PrintkitError(f"printkit site {shown}: a file, not a folder; nothing was written")
    if dest.is_dir() and any(dest.iterdir()) and not _ours(dest):
        raise PrintkitError(f"printkit site {shown}: the folder holds files printkit site did not write; give a new "
                            f"or empty folder (nothing was written)")


def make_site(dest: str | Path, pyodide: str | Path | None = None) -> Site:
    """Write the static site into ``dest`` (new, empty, or an earlier site, which it replaces)."""
    dest = Path(dest)
    _writable(dest)
    runtime = runtimes.find(Path(pyodide) if pyodide is not None else None)
    made = wheels_.wheels()
    ahead = compiled.compiled(runtime, made)  # None: no Node.js here, the browser compiles it all
    made = ahead or made
    files = _files(runtime, made)
    parent = dest.resolve().parent
    try:
        parent.mkdir(parents=True, exist_ok=True)
        work = Path(tempfile.mkdtemp(prefix=f".{dest.name}-", dir=parent))
    except OSError as exc:
        raise PrintkitError(f"printkit site {quoted(str(dest), 100)}: cannot write there "
                            f"({exc.strerror or exc}); nothing was written") from None
    old = None
    try:
        for rel, data in files.items():
            path = work / rel
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)
        work.chmod(0o755)
        if dest.exists():
            old = parent / f"{work.name}-old"
            dest.rename(old)
        work.rename(dest)
    except OSError as exc:
        if old is not None and not dest.exists():
            old.rename(dest)
        raise PrintkitError(f"printkit site {quoted(str(dest), 100)}: cannot write the site "
                            f"({exc.strerror or exc}); nothing was changed") from None
    finally:
        shutil.rmtree(work, ignore_errors=True)
        if old is not None:
            shutil.rmtree(old, ignore_errors=True)
    return Site(dest, {rel: len(data) for rel, data in files.items()}, runtime.version, [w.file for w in made],
                ahead is not None)


__all__ = ["GENERATOR", "PAGES", "POLICY", "Site", "index_html", "make_site", "page_html"]
