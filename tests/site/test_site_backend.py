"""What printkit site puts in the browser, tried here (issue 36): the wheels (pure files only, the installed versions,
the same bytes from any process), printkit run from those wheels alone in a Python that has nothing else (its
builds byte for byte ``printkit build --no-previews``'s, no renderer or Flask imported), and the back end's answers
to bad input: a status and one line, never a traceback."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
import textwrap
import time
import zipfile
from email.parser import Parser
from importlib import metadata
from pathlib import Path

import pytest

from printkit import __version__, install
from printkit.serve import answers
from printkit.site import backend, wheels
from printkit.text import Said

NEVER_IMPORTED = ("PIL", "pypdf", "pypdfium2", "resvg_py", "numpy", "flask", "manifold3d", "ezdxf", "rl_accel")


@pytest.fixture(scope="module")
def made() -> list[wheels.Wheel]:
    return wheels.wheels()


def members(wheel: wheels.Wheel) -> dict[str, bytes]:
    with zipfile.ZipFile(io.BytesIO(wheel.data)) as z:
        return {name: z.read(name) for name in z.namelist()}


def wheel_metadata(wheel: wheels.Wheel) -> dict[str, str]:
    info = [n for n in members(wheel) if n.count("/") == 1 and n.endswith(".dist-info/METADATA")]
    assert len(info) == 1, wheel.file
    return dict(Parser().parsestr(members(wheel)[info[0]].decode("utf-8")).items())


# -- the wheels ------------------------------------------------------------------------------------------------

def test_the_wheels_hold_pure_python_only(made):
    assert [w.file for w in made][-1] == f"printkit_tiles-{__version__}-py3-none-any.whl"
    assert len(made) == len(wheels.PACKED) + 1 and all(w.file.endswith("-py3-none-any.whl") for w in made)
    for w in made:
        names = list(members(w))
        assert names == sorted(names) and len(names) > 2, w.file
        assert [n for n in names if n.endswith((".so", ".pyd", ".pyc", ".c", ".dll", ".dylib"))] == [], w.file
        assert [n for n in names if "__pycache__" in n.split("/")] == [], w.file
        assert [n for n in names if n.endswith(".dist-info/RECORD")] == [], w.file  # it would list files left out
        with zipfile.ZipFile(io.BytesIO(w.data)) as z:
            assert {i.date_time for i in z.infolist()} == {wheels.ZIP_TIME}, w.file
            assert z.testzip() is None


def test_printkits_wheel_holds_its_kits_and_the_back_end_not_the_pages_files(made):
    names = set(members(made[-1]))
    for needed in ("printkit/data/configs/kits/krestoslovitsa.yaml", "printkit/site/backend.py",
                   "printkit/site/browser.py", "printkit/serve/answers.py", "printkit/__init__.py"):
        assert needed in names, needed
    assert "printkit/serve/static/page.js" not in names and "printkit/site/static/worker.js" not in names
    assert not any(n.startswith(("printkit/serve/static/", "printkit/site/static/")) for n in names)
    assert len([n for n in names if n.startswith("printkit/data/configs/kits/")]) >= 4
    assert wheel_metadata(made[-1])["Version"] == __version__ == metadata.version("printkit-tiles")


def test_each_library_wheel_is_the_installed_version(made):
    for packed, w in zip(wheels.PACKED, made):
        data = wheel_metadata(w)
        assert data["Version"] == metadata.version(packed.name), packed.name
        assert w.file == f"{data['Name'].replace('-', '_')}-{data['Version']}-py3-none-any.whl"
        for left in packed.left_out:
            assert not any(n.startswith(left) for n in members(w)), (w.file, left)
    fonttools = members(made[wheels.PACKED.index(next(p for p in wheels.PACKED if p.name == "fonttools"))])
    assert "fontTools/subset/__init__.py" in fonttools and "fontTools/ttLib/ttFont.py" in fonttools
    assert any(n.startswith("yaml/") and n.endswith("loader.py") for n in members(made[0]))


WHEEL_DIGESTS = """
import hashlib, json
from printkit.site import wheels
print(json.dumps({w.file: hashlib.sha256(w.data).hexdigest() for w in wheels.wheels()}))
"""


def test_the_wheels_are_the_same_bytes_from_any_process():
    seen = []
    for i, seed in enumerate(("0", "12345")):
        if i:
            time.sleep(1.1)  # a zip member's date from the clock would differ
        proc = subprocess.run([sys.executable, "-c", WHEEL_DIGESTS], capture_output=True, text=True, timeout=300,
                              env={**os.environ, "PYTHONHASHSEED": seed})
        assert proc.returncode == 0, proc.stderr
        seen.append(json.loads(proc.stdout))
    assert seen[0] == seen[1] == {w.file: w.sha256 for w in wheels.wheels()}  # and this one's


# -- printkit from its wheels alone ------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def unpacked(made, tmp_path_factory) -> Path:
    """Every wheel unzipped into one folder, as the worker unpacks them into Pyodide's site-packages."""
    folder = tmp_path_factory.mktemp("wheels")
    for w in made:
        with zipfile.ZipFile(io.BytesIO(w.data)) as z:
            z.extractall(folder)
    return folder


# run with python -I -S: sys.path is the wheels' folder and the standard library, nothing installed
ALONE = textwrap.dedent("""
    import json, sys
    wheels, out, kit, options = sys.argv[1], sys.argv[2], sys.argv[3], json.loads(sys.argv[4])
    assert not any("site-packages" in p or "dist-packages" in p for p in sys.path), sys.path
    sys.path.insert(0, wheels)
    from printkit.site import browser
    browser.start()
    import printkit
    report = {"printkit": printkit.__file__}
    meta = browser.handle("GET", "/api/meta", "ru")
    report["meta"] = [meta["status"], json.loads(meta["text"])]
    body = json.dumps({"kit": kit, "options": options, "yaml": None, "font": None})
    shown = browser.handle("POST", "/api/preview", "ru", body)
    report["preview"] = [shown["status"], json.loads(shown["text"])]
    report["views"] = {}
    for product in report["meta"][1]["products"]:
        view = browser.handle("POST", "/api/view", "ru", json.dumps({**json.loads(body), "product": product}))
        report["views"][product] = [view["status"], json.loads(view["text"])]
    steps = []
    built = browser.handle("POST", "/api/build", "ru", body, lambda done, total: steps.append([done, total]))
    report["build"] = [built["status"], json.loads(built["text"]), steps]
    got = browser.handle("GET", report["build"][1]["url"], "ru")
    report["download"] = {k: v for k, v in got.items() if k != "bytes"}
    open(out, "wb").write(got["bytes"])
    pil = sys.modules.get("PIL")
    report["PIL"] = None if pil is None else [getattr(pil, "__file__", None), getattr(pil, "Image", "no Image")]
    report["modules"] = sorted({m.split(".")[0] for m in sys.modules})
    print(json.dumps(report))
""")


def alone(unpacked: Path, tmp_path: Path, kit: str, options: dict) -> tuple[dict, dict[str, bytes]]:
    """The page's requests answered by printkit from its wheels alone (``python -I -S``): what it answered, and
    the files of the whole kit's download (the zip's paths inside its kit folder → bytes)."""
    out = tmp_path / "download.zip"
    proc = subprocess.run([sys.executable, "-I", "-S", "-c", ALONE, str(unpacked), str(out), kit, json.dumps(options)],
                          capture_output=True, text=True, timeout=600, cwd=tmp_path)
    assert proc.returncode == 0 and proc.stderr == "", proc.stderr[-3000:]
    report = json.loads(proc.stdout)
    with zipfile.ZipFile(out) as z:
        names = z.namelist()
        assert all(n.startswith(f"{kit}/") for n in names), names
        return report, {n[len(kit) + 1:]: z.read(n) for n in names}


def cli_build(run, tmp_path: Path, kit: str, *flags: str) -> dict[str, bytes]:
    code, _, err = run("build", kit, "--out", tmp_path / "cli", "--no-previews", "--no-verify", "-q", *flags)
    assert code == 0, err
    folder = tmp_path / "cli" / kit
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


@pytest.mark.parametrize("kit, options, flags", [
    ("krestoslovitsa", {}, ()),
    ("scrabble-en", {"print.paper": "Letter"}, ("--set", "print.paper=Letter")),
    ("erudit", {}, ()),
])
def test_the_wheels_alone_build_what_the_command_line_builds(run, unpacked, tmp_path, kit, options, flags):
    report, zipped = alone(unpacked, tmp_path, kit, options)
    assert report["printkit"].startswith(str(unpacked))
    status, meta = report["meta"]
    assert status == 200 and meta["browser"] is True and kit in {k["name"] for k in meta["kits"]}
    status, shown = report["preview"]
    assert status == 200 and shown["ok"] and shown["kit"] == kit and shown["check"]["passed"], shown.get("errors")
    for product, (status, view) in report["views"].items():
        assert status == 200 and view["ok"] and view["product"] == product, (product, view)
        assert view.get("unavailable") or view["svg"].startswith("<svg"), product
    status, job, steps = report["build"]
    assert status == 202 and job["ok"] and job["state"] == "done" and job["download"] == f"{kit}.zip", job
    assert steps and steps[-1][0] == steps[-1][1] and job["done"] == job["total"] == len(job["files"])
    assert report["download"] == {"status": 200, "type": "application/zip", "name": f"{kit}.zip"}

    cli = cli_build(run, tmp_path, kit, *flags)
    assert sorted(zipped) == sorted(cli) == sorted(job["files"])
    assert [rel for rel in cli if zipped[rel] != cli[rel]] == []
    assert not any(rel.startswith("preview/") for rel in zipped) and any(rel.endswith(".pdf") for rel in zipped)
    if options.get("print.paper") == "Letter":
        assert any("Letter" in rel for rel in zipped) and not any("A4" in rel for rel in zipped)

    assert report["PIL"] == [None, None]  # browser.start()'s stand-in for Pillow: no file, no Image
    assert [m for m in NEVER_IMPORTED if m != "PIL" and m in report["modules"]] == []


# each product made on request, downloaded one by one as the page's product buttons do
EACH = textwrap.dedent("""
    import io, json, sys, zipfile
    wheels, kit, options, products = sys.argv[1], sys.argv[2], json.loads(sys.argv[3]), sys.argv[4:]
    sys.path.insert(0, wheels)
    from printkit.site import browser
    browser.start()
    files = {}
    for product in products:
        body = json.dumps({"kit": kit, "options": options, "yaml": None, "font": None, "product": product})
        built = browser.handle("POST", "/api/build", "ru", body)
        job = json.loads(built["text"])
        assert built["status"] == 202 and job["ok"] and job["state"] == "done", (product, job)
        got = browser.handle("GET", job["url"], "ru")
        if got["type"] != "application/zip":  # a product of one file is given as that file
            files[got["name"]] = [product, got["bytes"].hex()]
            continue
        with zipfile.ZipFile(io.BytesIO(got["bytes"])) as z:
            for name in z.namelist():
                files[name.split("/", 1)[1]] = [product, z.read(name).hex()]
    # the craft cutter on the Cricut profile, whose PNG resvg draws: refused before anything runs
    body = json.dumps({"kit": kit, "options": {"cutter.profile": "cricut"}, "yaml": None, "font": None,
                       "product": "cutter"})
    cutter = browser.handle("POST", "/api/build", "ru", body)
    print(json.dumps({"files": files, "cutter": [cutter["status"], json.loads(cutter["text"])]}))
""")
ON_REQUEST = ("stickers", "racks", "box", "bag")


def test_the_products_made_on_request_are_the_command_lines_from_the_wheels_alone(run, unpacked, tmp_path):
    """The issue's pure-Python products beyond the default ones, each downloaded by itself from the page's back end
    run from the wheels alone, byte for byte the command line's ``--only`` build; the craft cutter, whose every
    profile needs a compiled library (Silhouette's DXF ezdxf, Cricut's PNG resvg), refused in one line (it had
    been offered on the Cricut profile and failed as an internal error: no module resvg_py)."""
    proc = subprocess.run([sys.executable, "-I", "-S", "-c", EACH, str(unpacked), "krestoslovitsa", "{}",
                           *ON_REQUEST], capture_output=True, text=True, timeout=600, cwd=tmp_path)
    assert proc.returncode == 0 and proc.stderr == "", proc.stderr[-3000:]
    report = json.loads(proc.stdout)
    browser = {rel: bytes.fromhex(data) for rel, (_, data) in report["files"].items()}
    assert {product for product, _ in report["files"].values()} == set(ON_REQUEST)
    cli = cli_build(run, tmp_path, "krestoslovitsa", "--only", ",".join(ON_REQUEST))
    # the command line's folder also holds what a whole build adds: its gallery, manifest and print-all
    assert sorted(set(cli) - set(browser)) == ["index.html", "manifest.json", "print-all-A4.pdf"]
    assert [rel for rel in browser if browser[rel] != cli[rel]] == []
    assert any(rel.startswith("box-") for rel in cli) and any(rel.startswith("stickers") for rel in cli)
    status, answer = report["cutter"]
    assert status == 422 and len(answer["errors"]) == 1, answer
    said = answer["errors"][0]["text"]
    assert said.startswith("в браузере не собрать: нужна библиотека resvg_py") and "\n" not in said, said


def test_what_needs_a_compiled_library_is_said_to_need_a_computer(unpacked, tmp_path):
    report, _ = alone(unpacked, tmp_path, "krestoslovitsa", {})
    unavailable = report["preview"][1]["unavailable"]
    assert set(unavailable) >= {"3d"}
    said = unavailable["3d"]
    assert "в браузере" in said and "pip install 'printkit-tiles[3d]'" in said and "manifold3d" in said
    assert report["views"]["3d"][1]["unavailable"] == said
    meta = report["meta"][1]
    assert meta["words"]["ru"]["browser_needs"].startswith("в браузере не собрать")


# -- bad input to the back end -----------------------------------------------------------------------------------

def one_line(answer: dict, status: int, said: Said | None = None) -> str:
    """The answer's status, and its one line (in Russian when ``said`` gives the sentence): no traceback."""
    assert answer["status"] == status and answer["type"] == "application/json", answer
    data = json.loads(answer["text"])
    assert data["ok"] is False and len(data["errors"]) == 1, data
    text = data["errors"][0]["text"]
    assert "\n" not in text and "Traceback" not in text and 'File "' not in text, text
    if said is not None:
        assert text == said("ru") != said("en")
    return text


def request(**body) -> str:
    return json.dumps({"kit": "krestoslovitsa", "options": {}, "yaml": None, "font": None, **body})


@pytest.fixture
def in_browser(monkeypatch):
    """The back end as browser.start() leaves it: the browser's sentences for what needs a computer."""
    monkeypatch.setattr(install, "BROWSER", True)


PRODUCTS = ", ".join(answers.products())


@pytest.mark.parametrize("method, path, body, status, said", [
    ("POST", "/api/preview", "{not json", 400, Said("serve_err_json")),
    ("POST", "/api/preview", None, 400, Said("serve_err_json")),
    ("POST", "/api/build", b"{}", 400, Said("serve_err_json")),
    ("POST", "/api/view", "[]", 400, Said("serve_err_object")),
    ("POST", "/api/preview", "[" * 40 + "]" * 40, 400, Said("serve_err_nested", {"n": answers.MAX_DEPTH})),
    ("POST", "/api/build", '{"kit": ' + "[" * 40 + "]" * 40 + "}", 400,
     Said("serve_err_nested", {"n": answers.MAX_DEPTH})),
    ("GET", "/api/nothing", None, 404, None),
    ("POST", "/api/meta", None, 404, None),
    ("GET", "/static/page.js", None, 404, None),
    ("POST", "/api/build", request(product="nothing"), 400,
     Said("serve_err_product", {"name": "'nothing'", "products": PRODUCTS})),
    ("POST", "/api/view", request(product="nothing"), 400,
     Said("serve_err_product", {"name": "'nothing'", "products": PRODUCTS})),
    ("POST", "/api/build", request(kit="nothing"), 400, Said("serve_err_kit", {"name": "'nothing'"})),
    ("GET", "/download/" + "x" * 32, None, 404, Said("serve_err_no_build")),
    ("GET", "/download/", None, 404, Said("serve_err_no_build")),
    ("POST", "/api/font", "not a font's bytes", 400, Said("serve_err_no_file")),
])
def test_bad_input_gets_a_status_and_one_line_in_the_pages_language(in_browser, method, path, body, status, said):
    text = one_line(backend.handle(method, path, "ru", body), status, said)
    if said is None:
        assert text == "404 Not Found"


def test_a_font_that_is_not_a_font_is_refused_at_the_font_control(in_browser):
    before = backend.STORE.folders()
    answer = backend.handle("POST", "/api/font", "ru", {"name": "x.ttf", "bytes": b"not a font"})
    text = one_line(answer, 422)
    assert text.startswith("x.ttf: ") and "font" in text
    assert json.loads(answer["text"])["errors"][0]["control"] == "style.tile.font"
    assert backend.STORE.folders() == before  # nothing kept of it


def test_a_download_is_given_once(in_browser):
    job = backend.handle("POST", "/api/build", "ru", request(product="calibration"))
    assert job["status"] == 202, job
    data = json.loads(job["text"])
    assert data["download"] == "calibration.pdf" and data["files"] == ["calibration.pdf"]
    got = backend.handle("GET", data["url"], "ru")
    assert got["status"] == 200 and got["name"] == "calibration.pdf" and got["bytes"].startswith(b"%PDF-")
    assert got["type"] == "application/pdf"
    one_line(backend.handle("GET", data["url"], "ru"), 404, Said("serve_err_no_build"))


def test_a_fault_inside_printkit_is_one_line_not_a_traceback(in_browser, monkeypatch):
    def broken(*args, **kw):
        raise ValueError("the meta is broken\nat line two")

    monkeypatch.setattr(answers, "meta", broken)
    text = one_line(backend.handle("GET", "/api/meta", "ru"), 500)
    assert text.startswith("внутренняя ошибка, это ошибка printkit: ") and "the meta is broken" in text


def test_a_kit_that_does_not_load_is_refused_at_its_control_in_russian(in_browser):
    answer = backend.handle("POST", "/api/build", "ru", request(options={"physical.tile_mm": "abc"}))
    text = one_line(answer, 422)
    assert "«Фишка, мм»" in text and "abc" in text
    assert json.loads(answer["text"])["errors"][0]["control"] == "physical.tile_mm"


def test_the_3d_tiles_are_refused_in_the_browser_before_anything_runs(in_browser, monkeypatch):
    from printkit import needs

    real = needs.found
    monkeypatch.setattr(needs, "found", lambda module: module not in ("manifold3d", "numpy") and real(module))
    answer = backend.handle("POST", "/api/build", "ru", request(product="3d"))
    text = one_line(answer, 422)
    assert "в браузере" in text and "pip install 'printkit-tiles[3d]'" in text and "manifold3d" in text


def test_a_dxf_laser_profile_in_the_browser_is_sent_to_a_profile_of_svg_files(in_browser, monkeypatch):
    """The laser's sheets on a DXF profile (RDWorks): in the browser, where ezdxf is not, the page offers what it
    can make (a laser profile of SVG files) before a computer; the 3D tiles take the browser's plain words."""
    from printkit.config import load_kit
    from printkit.serve import offers

    monkeypatch.setitem(sys.modules, "ezdxf", None)
    monkeypatch.setitem(sys.modules, "manifold3d", None)
    kit = load_kit("krestoslovitsa", laser="rdworks")
    said = offers.unavailable(kit, ["laser", "3d"], "ru")
    assert said["laser"].startswith("файлы профиля лазера RDWorks — DXF, для них нужна скомпилированная библиотека "
                                    "ezdxf, эта страница её не загрузит: выберите профиль лазера с файлами SVG"), said
    assert said["3d"].startswith("в браузере не собрать: нужна библиотека manifold3d"), said
