"""printkit site on this machine (issue 36): ``build --no-previews``, the folder ``printkit site DIR`` writes (its
page, site.json, the service worker's list), its refusals, and Pyodide found or downloaded (runtime). The page
running in Chromium is tests/site/test_site_browser.py; the library's answers in the browser's place are
tests/site/test_site_backend.py.

A test of the folder's logic gets a fake Pyodide (``--pyodide``: the six files of runtime.FILES): only the tests
that read Pyodide's real files need ``node_modules/pyodide`` (``npm ci``), and they are skipped without it."""

from __future__ import annotations

import base64
import functools
import hashlib
import http.server
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import threading
import time
from html.parser import HTMLParser
from pathlib import Path

import pytest
from manifestread import manifest_of

from printkit.errors import PrintkitError
from printkit.manifest import MANIFEST
from printkit.site import make, runtime, wheels
from printkit.text import TABLE

REPO = Path(__file__).resolve().parents[2]
NODE_PYODIDE = REPO / "node_modules" / "pyodide"
needs_pyodide = pytest.mark.skipif(not NODE_PYODIDE.is_dir(), reason="no node_modules/pyodide: npm ci")
GALLERY = "index.html"  # a built kit's gallery, which lists the previews it shows


def files_of(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def tree(folder: Path) -> dict[str, str]:
    """Every path under ``folder`` (files with their sha256, folders as '/'): what a refusal must leave as it was."""
    return {p.relative_to(folder).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest() if p.is_file() else "/"
            for p in sorted(folder.rglob("*"))}


def fake_pyodide(folder: Path, version: str = runtime.VERSION, wasm: bytes = b"\0asm fake") -> Path:
    """A folder shaped as the npm package pyodide, with its six files (tiny, and not Pyodide)."""
    folder.mkdir(parents=True)
    for name in runtime.FILES:
        (folder / name).write_bytes(f"// fake {name}\n".encode())
    (folder / "pyodide.asm.wasm").write_bytes(wasm)
    (folder / "package.json").write_text(json.dumps({"name": "pyodide", "version": version}), encoding="utf-8")
    return folder


# -- printkit build --no-previews -----------------------------------------------------------------------------

def same_files_without_previews(folder: Path, normal: Path) -> None:
    """``folder`` (built --no-previews) holds the normal build's files but its previews, byte for byte; its manifest
    lists the same files, and no preview."""
    mine, theirs = files_of(folder), files_of(normal)
    assert not (folder / "preview").exists()
    assert set(mine) == {rel for rel in theirs if not rel.startswith("preview/")}
    changed = [rel for rel in mine if mine[rel] != theirs[rel] and rel not in (MANIFEST, GALLERY)]
    assert changed == []
    m, n = manifest_of(folder), manifest_of(normal)
    assert [a for a in m["artifacts"] if a["kind"] == "preview"] == []
    assert [a for a in m["artifacts"] if a["path"] != GALLERY] == [
        a for a in n["artifacts"] if a["kind"] != "preview" and a["path"] != GALLERY]
    assert {k: v for k, v in m.items() if k != "artifacts"} == {k: v for k, v in n.items() if k != "artifacts"}
    listed = [a["path"] for a in m["artifacts"]]
    assert sorted(listed) == sorted(set(mine) - {MANIFEST}) and GALLERY in listed  # the manifest and the disk agree
    for a in m["artifacts"]:
        assert hashlib.sha256(mine[a["path"]]).hexdigest() == a["sha256"] and len(mine[a["path"]]) == a["bytes"]
    assert "preview/" not in mine[GALLERY].decode("utf-8") and "preview/" in theirs[GALLERY].decode("utf-8")


def test_build_without_previews_writes_every_other_file_the_same(run, tmp_path, default_kit):
    code, out, err = run("build", "--out", tmp_path, "--no-previews")
    assert code == 0, err
    folder = tmp_path / "krestoslovitsa"
    assert re.search(rf"^verify {re.escape(str(folder))}: all \d+ checks passed$", out, re.M), out  # no previews
    assert "/preview/" not in out and ".png" not in out
    same_files_without_previews(folder, default_kit)
    assert len(manifest_of(folder)["artifacts"]) >= 19


def test_a_folder_with_previews_rebuilt_without_them_loses_them(run, tmp_path, default_kit):
    shutil.copytree(default_kit, tmp_path / "krestoslovitsa")
    assert any((tmp_path / "krestoslovitsa" / "preview").iterdir())
    code, _, err = run("build", "--out", tmp_path, "--no-previews", "--no-verify", "-q")
    assert code == 0, err
    same_files_without_previews(tmp_path / "krestoslovitsa", default_kit)


def test_one_product_rebuilt_without_previews_takes_the_kept_products_previews_too(run, tmp_path, default_kit):
    folder = tmp_path / "krestoslovitsa"
    shutil.copytree(default_kit, folder)
    code, _, err = run("build", "--out", tmp_path, "--only", "tiles", "--no-previews", "--no-verify", "-q")
    assert code == 0, err
    m = manifest_of(folder)
    assert [a["path"] for a in m["artifacts"] if a["kind"] == "preview"] == []
    assert not (folder / "preview").exists() or list((folder / "preview").rglob("*")) == []
    assert {a["product"] for a in m["artifacts"]} >= {"tiles", "board", "laser", "play"}  # the others kept
    assert set(files_of(folder)) == {a["path"] for a in m["artifacts"]} | {MANIFEST}
    same_files_without_previews(folder, default_kit)


# -- printkit site: the folder --------------------------------------------------------------------------------

class Page(HTMLParser):
    def __init__(self, html: str):
        super().__init__()
        self.scripts, self.styles, self.links, self.metas = [], [], [], {}
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "script" and "src" in a:
            self.scripts.append(a["src"])
        if tag == "link":
            (self.styles if a.get("rel") == "stylesheet" else self.links).append(a.get("href"))
        if tag == "meta":
            self.metas[a.get("name") or a.get("http-equiv")] = a.get("content")


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    """``printkit site`` with a fake Pyodide, once for the module's tests that only read it."""
    root = tmp_path_factory.mktemp("site")
    pyodide = fake_pyodide(root / "pyodide")
    proc = subprocess.run([sys.executable, "-m", "printkit", "site", str(root / "out"), "--pyodide", str(pyodide)],
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0 and proc.stderr == "", proc.stderr
    assert proc.stdout.splitlines()[0].startswith(f"{root / 'out'}/  (")
    assert f"Pyodide {runtime.VERSION}, {len(wheels.PACKED) + 1} wheels" in proc.stdout
    return root / "out"


def test_the_site_holds_the_page_the_worker_pyodide_and_the_wheels(site):
    made = wheels.wheels()
    files = files_of(site)
    assert set(files) >= ({"index.html", "static/page.js", "static/page.css", "worker.js", "site.json", "sw.js",
                           ".nojekyll"} | {f"pyodide/{n}" for n in runtime.FILES} | {f"wheels/{w.file}" for w in made})
    assert [rel for rel in files if rel.startswith(("pyodide/", "wheels/"))] == sorted(
        [f"pyodide/{n}" for n in runtime.FILES] + [f"wheels/{w.file}" for w in made])
    for name in ("page.js", "page.css"):
        assert files[f"static/{name}"] == (make.SERVE_STATIC / name).read_bytes()
    assert files["worker.js"] == (make.OWN_STATIC / "worker.js").read_bytes()
    assert files["pyodide/pyodide.asm.wasm"] == b"\0asm fake"
    for w in made:
        assert files[f"wheels/{w.file}"] == w.data
    assert files[".nojekyll"] == b""


def test_the_page_is_the_serve_page_with_relative_addresses_told_its_back_end_is_the_browser(site):
    html = (site / "index.html").read_text(encoding="utf-8")
    page = Page(html)
    assert page.scripts == ["static/backend.js", "static/page.js"] and page.styles == ["static/page.css"]
    assert page.links == ["data:,"]  # the icon: no request for /favicon.ico
    assert "http:" not in html and "https:" not in html and 'src="/' not in html and 'href="/' not in html
    assert page.metas["printkit-backend"] == "browser"
    policy = page.metas["Content-Security-Policy"]
    assert policy == make.POLICY
    assert "default-src 'self'" in policy and "connect-src 'self'" in policy and "http" not in policy
    early = json.loads(page.metas["printkit-words"])
    assert early["ru"]["browser_loading"] == TABLE["serve_browser_loading"]["ru"]
    assert set(early) == {"en", "ru", "uk"} and early["uk"]["browser_failed"] == TABLE["serve_browser_failed"]["uk"]
    serve = (make.SERVE_STATIC / "index.html").read_text(encoding="utf-8")
    added = html[html.index(make.BACKEND_META):html.index("<title>")]
    assert html.replace(added, "", 1) == serve.replace('="/static/', '="static/')


def test_site_json_lists_every_file_with_its_sha256_and_bytes(site):
    files = files_of(site)
    listing = json.loads(files["site.json"])
    assert listing["generator"] == "printkit site" and listing["pyodide"] == runtime.VERSION
    from printkit import __version__

    assert listing["printkit"] == __version__
    assert set(listing["files"]) == set(files) - {"site.json", "sw.js"}  # the two written from this list
    for rel, entry in listing["files"].items():
        assert entry == {"bytes": len(files[rel]), "sha256": hashlib.sha256(files[rel]).hexdigest()}, rel
    names = [w["file"] for w in listing["wheels"]]
    assert names[-1].startswith("printkit_tiles-") and len(names) == len(wheels.PACKED) + 1
    for w in listing["wheels"]:
        assert listing["files"][f"wheels/{w['file']}"] == {"bytes": w["bytes"], "sha256": w["sha256"]}


def service_worker(folder: Path) -> tuple[str, list[str]]:
    sw = (folder / "sw.js").read_text(encoding="utf-8")
    name = re.search(r'^const SITE = "([^"]+)";$', sw, re.M)
    files = re.search(r"^const FILES = (\[.*\]);$", sw, re.M)
    assert name and files and "__SITE__" not in sw and "__FILES__" not in sw
    return name.group(1), json.loads(files.group(1))


def test_the_service_worker_keeps_every_file_of_the_site(site):
    name, kept = service_worker(site)
    written = sorted(set(files_of(site)) - {".nojekyll", "sw.js"})
    assert kept == ["./", *written, "sw.js"]
    assert "site.json" in kept and "pyodide/pyodide.asm.wasm" in kept and ".nojekyll" not in kept
    assert name == "printkit-" + hashlib.sha256((site / "site.json").read_bytes()).hexdigest()[:16]


def test_the_service_workers_cache_is_new_when_a_file_changes(tmp_path):
    one = make.make_site(tmp_path / "one", fake_pyodide(tmp_path / "p1"))
    again = make.make_site(tmp_path / "again", fake_pyodide(tmp_path / "p2"))
    other = make.make_site(tmp_path / "other", fake_pyodide(tmp_path / "p3", wasm=b"\0asm fake, changed"))
    assert one.files == again.files and one.pyodide == runtime.VERSION
    names = [service_worker(s.folder)[0] for s in (one, again, other)]
    assert names[0] == names[1] and names[2] != names[0]
    assert service_worker(one.folder)[1] == service_worker(other.folder)[1]  # the same files, one of them changed


def test_two_sites_made_in_two_processes_are_the_same_bytes(tmp_path):
    pyodide = fake_pyodide(tmp_path / "pyodide")
    for i, seed in enumerate(("1", "2")):
        if i:
            time.sleep(1.1)  # a date in a zip or a file would differ
        proc = subprocess.run([sys.executable, "-m", "printkit", "site", str(tmp_path / f"s{i}"), "--pyodide",
                               str(pyodide), "-q"], capture_output=True, text=True, timeout=300,
                              env={**os.environ, "PYTHONHASHSEED": seed})
        assert proc.returncode == 0 and proc.stdout == "" and proc.stderr == "", proc.stderr
    first, second = files_of(tmp_path / "s0"), files_of(tmp_path / "s1")
    assert len(first) > 10 and first.keys() == second.keys()
    assert [rel for rel in first if first[rel] != second[rel]] == []


def test_an_earlier_site_is_replaced_whole(run, tmp_path):
    dest = tmp_path / "site"
    pyodide = fake_pyodide(tmp_path / "pyodide")
    assert run("site", dest, "--pyodide", pyodide, "-q") == (0, "", "")
    before = files_of(dest)
    (dest / "stale.txt").write_text("from an older site")
    (dest / "wheels" / "gone-1.0-py3-none-any.whl").write_bytes(b"PK old")
    (dest / "index.html").write_text("an older page")
    assert run("site", dest, "--pyodide", pyodide, "-q") == (0, "", "")
    assert files_of(dest) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["pyodide", "site"]  # no work folder left beside it


# -- printkit site: refusals ----------------------------------------------------------------------------------

def refused(run, tmp_path, *args, names: tuple[str, ...]) -> str:
    """``printkit site ARGS`` refused: exit 2, one line on stderr naming ``names``, nothing written anywhere."""
    before = tree(tmp_path)
    code, out, err = run("site", *args)
    assert code == 2 and out == "", (code, out, err)
    assert err.endswith("\n") and err.count("\n") == 1 and "Traceback" not in err, err
    for name in names:
        assert name in err, (name, err)
    assert tree(tmp_path) == before
    return err


def test_a_file_given_as_the_folder_is_refused(run, tmp_path):
    (tmp_path / "notes").write_text("mine")
    err = refused(run, tmp_path, tmp_path / "notes", "--pyodide", fake_pyodide(tmp_path / "py"),
                  names=(str(tmp_path / "notes"),))
    assert "not a folder" in err and (tmp_path / "notes").read_text() == "mine"


@pytest.mark.parametrize("foreign", [
    {"notes.txt": "mine", "photos/cat.jpg": "\xff\xd8"},
    {"site.json": json.dumps({"generator": "another tool"}), "index.html": "<p>my own page</p>"},
    {"site.json": "not json at all"},
])
def test_a_folder_holding_other_files_is_refused_and_left_as_it_was(run, tmp_path, foreign):
    dest = tmp_path / "mine"
    for rel, text in foreign.items():
        (dest / rel).parent.mkdir(parents=True, exist_ok=True)
        (dest / rel).write_text(text)
    err = refused(run, tmp_path, dest, "--pyodide", fake_pyodide(tmp_path / "py"), names=(str(dest),))
    assert "did not write" in err


def test_a_missing_pyodide_folder_is_refused(run, tmp_path):
    err = refused(run, tmp_path, tmp_path / "site", "--pyodide", tmp_path / "nowhere",
                  names=(str(tmp_path / "nowhere"), runtime.NPM_LINE))
    assert not (tmp_path / "site").exists() and "no such folder" in err


def test_a_pyodide_folder_lacking_its_webassembly_is_refused(run, tmp_path):
    pyodide = fake_pyodide(tmp_path / "pyodide")
    (pyodide / "pyodide.asm.wasm").unlink()
    err = refused(run, tmp_path, tmp_path / "site", "--pyodide", pyodide, names=(str(pyodide), "pyodide.asm.wasm"))
    assert "python_stdlib.zip" not in err and not (tmp_path / "site").exists()


def test_a_pyodide_folder_without_a_version_is_refused(run, tmp_path):
    pyodide = fake_pyodide(tmp_path / "pyodide")
    (pyodide / "package.json").write_text('{"name": "pyodide"}')
    refused(run, tmp_path, tmp_path / "site", "--pyodide", pyodide, names=(str(pyodide / "package.json"),))


# -- Pyodide: the npm package, found or downloaded ---------------------------------------------------------------

@needs_pyodide
def test_the_site_takes_pyodide_from_node_modules_and_is_the_same_made_twice(tmp_path):
    """The real site (Pyodide from node_modules/pyodide where printkit site runs; with Node.js, its Python compiled
    ahead by that Pyodide): two runs in two processes write the same bytes."""
    for i, seed in enumerate(("1", "2")):
        if i:
            time.sleep(1.1)
        proc = subprocess.run([sys.executable, "-m", "printkit", "site", str(tmp_path / f"s{i}"), "-q"], cwd=REPO,
                              capture_output=True, text=True, timeout=600, env={**os.environ, "PYTHONHASHSEED": seed})
        assert proc.returncode == 0 and proc.stdout == "" and proc.stderr == "", proc.stderr
    first, second = files_of(tmp_path / "s0"), files_of(tmp_path / "s1")
    for name in runtime.FILES:
        assert first[f"pyodide/{name}"] == (NODE_PYODIDE / name).read_bytes(), name
    assert json.loads(first["site.json"])["pyodide"] == runtime.VERSION
    assert first.keys() == second.keys() and [rel for rel in first if first[rel] != second[rel]] == []


def test_the_pinned_pyodide_is_the_one_printkit_checks():
    package = REPO / "package.json"
    if not package.is_file():
        pytest.skip("no package.json in the repository")
    assert json.loads(package.read_text(encoding="utf-8"))["devDependencies"]["pyodide"] == runtime.VERSION
    assert runtime.TARBALL.endswith(f"/pyodide-{runtime.VERSION}.tgz") and runtime.NPM_LINE.endswith(runtime.VERSION)


def test_pyodide_is_looked_for_given_then_beside_then_downloaded(tmp_path, monkeypatch):
    given = fake_pyodide(tmp_path / "given", version="1.0.0")
    fake_pyodide(tmp_path / "here" / "node_modules" / "pyodide", version="2.0.0")
    (tmp_path / "empty").mkdir()
    monkeypatch.setattr(runtime, "downloaded", lambda: "downloaded")
    assert runtime.find(given, here=tmp_path / "here").version == "1.0.0"
    local = runtime.find(None, here=tmp_path / "here")
    assert local.version == "2.0.0" and local.source == str(tmp_path / "here" / "node_modules" / "pyodide")
    assert runtime.find(None, here=tmp_path / "empty") == "downloaded"


def tarball(files: dict[str, bytes]) -> bytes:
    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode="w:gz") as tar:
        for name, data in files.items():
            info = tarfile.TarInfo(f"package/{name}")
            info.size = len(data)
            tar.addfile(info, io.BytesIO(data))
    return buf.getvalue()


FAKE = {**{name: f"// fake {name}\n".encode() for name in runtime.FILES},
        "package.json": json.dumps({"name": "pyodide", "version": runtime.VERSION}).encode(), "README.md": b"x"}


def integrity(data: bytes) -> str:
    return "sha512-" + base64.b64encode(hashlib.sha512(data).digest()).decode()


@pytest.fixture
def registry(tmp_path, monkeypatch):
    """A local web server in the npm registry's place, serving the folder it returns; PRINTKIT_CACHE a new folder."""
    monkeypatch.setenv("PRINTKIT_CACHE", str(tmp_path / "cache"))
    served = tmp_path / "served"
    served.mkdir()
    asked = []

    class Handler(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args):
            asked.append(self.path)

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Handler, directory=str(served)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    server.url = f"http://127.0.0.1:{server.server_address[1]}/"
    server.folder, server.asked = served, asked
    yield server
    server.shutdown()
    server.server_close()


def test_a_downloaded_pyodide_is_checked_unpacked_and_kept(registry, tmp_path, monkeypatch):
    data = tarball(FAKE)
    (registry.folder / f"pyodide-{runtime.VERSION}.tgz").write_bytes(data)
    url = registry.url + f"pyodide-{runtime.VERSION}.tgz"
    monkeypatch.setattr(runtime, "INTEGRITY", integrity(data))
    monkeypatch.setattr(runtime, "TARBALL", url)
    got = runtime.downloaded(url)
    assert got.files == {name: FAKE[name] for name in runtime.FILES} and got.version == runtime.VERSION
    assert got.source == url and len(registry.asked) == 1
    assert len([p for p in (tmp_path / "cache").rglob("*") if p.is_file()]) >= 1
    registry.shutdown()
    registry.server_close()
    again = runtime.downloaded(url)  # the server gone: from printkit's cache
    assert again.files == got.files and again.version == got.version and len(registry.asked) == 1


def test_a_tarball_that_is_not_the_registrys_is_refused(registry, tmp_path, monkeypatch):
    data = tarball(FAKE)
    (registry.folder / "p.tgz").write_bytes(data)
    monkeypatch.setattr(runtime, "INTEGRITY", integrity(data + b"another"))
    with pytest.raises(PrintkitError) as caught:
        runtime.downloaded(registry.url + "p.tgz")
    message = str(caught.value)
    assert "\n" not in message and "sha512" in message and registry.url + "p.tgz" in message
    assert runtime.VERSION in message and len(registry.asked) == 1
    assert not (tmp_path / "cache" / "pyodide").exists()  # nothing kept of it


def test_a_checked_tarball_lacking_a_file_is_refused_in_one_line(registry, monkeypatch):
    data = tarball({k: v for k, v in FAKE.items() if k != "python_stdlib.zip"})
    (registry.folder / "p.tgz").write_bytes(data)
    monkeypatch.setattr(runtime, "INTEGRITY", integrity(data))
    with pytest.raises(PrintkitError) as caught:
        runtime.downloaded(registry.url + "p.tgz")
    assert "\n" not in str(caught.value) and "package/python_stdlib.zip" in str(caught.value)


def test_an_unreachable_registry_says_how_to_install_pyodide(tmp_path, monkeypatch):
    monkeypatch.setenv("PRINTKIT_CACHE", str(tmp_path / "cache"))
    with pytest.raises(PrintkitError) as caught:
        runtime.downloaded("http://127.0.0.1:9/pyodide.tgz")
    message = str(caught.value)
    assert "\n" not in message and runtime.NPM_LINE in message and "--pyodide node_modules/pyodide" in message
    assert message.startswith(f"printkit site: cannot download Pyodide {runtime.VERSION}")
