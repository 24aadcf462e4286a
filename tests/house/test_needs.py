"""What a product needs from an optional extra is declared once, on its entry in the registry (Product.needs,
printkit.needs), and read by the build (exit 2 with the pip line, before any layout), ``check`` and the web page
(printkit.serve.offers: the product marked, its download refused). The reviewer's finding (issue 34): offers.py kept
its own table of which product needs which library, so a new product with a new extra was two edits, and the page
knew nothing of a need offers.py did not list."""

from __future__ import annotations

import dataclasses
import sys
from importlib import import_module
from pathlib import Path
from types import SimpleNamespace

import pytest

from printkit import products
from printkit.config import load_kit
from printkit.errors import PrintkitError
from printkit.formats import FORMATS, Format
from printkit.install import install_line
from printkit.needs import SINGLE_LINE, SOLIDS, Need
from printkit.products import REGISTRY, Product
from printkit.serve import offers

MISSING = "printkit_test_no_such_module"  # a module no install has
ROOT = Path(__file__).resolve().parents[2]


def _never(kit):
    """The test product's sheet: it imports its library, as a sheet does (the budget's count by drawing meets the
    ImportError; the build, check and the page never lay it out)."""
    import_module(MISSING)
    raise AssertionError(f"{MISSING} imported")


def widgets(monkeypatch, need: Need, by_default: bool = False) -> Product:
    """A product of the test's own, registered for the test only, that needs ``need``: its one entry is all it
    takes (no word of offers.py, the command line or check)."""
    product = Product("widgets", _never, "widgets", by_default=by_default, needs=(need,))
    monkeypatch.setitem(REGISTRY, "widgets", product)
    return product


@pytest.fixture(scope="module")
def kit():
    return load_kit("krestoslovitsa-mini")


def test_a_new_products_missing_module_is_unavailable_on_the_page(kit, monkeypatch):
    widgets(monkeypatch, Need((MISSING,), "widgets"))
    line = install_line("widgets")
    said, control = offers.missing(kit, "widgets")
    assert control is None
    assert said("en") == f"the optional extra widgets ({MISSING}) is not installed here: {line}"
    assert offers.unavailable(kit, ["tiles", "widgets"], "ru") == {
        "widgets": f"дополнение widgets ({MISSING}) здесь не установлено: {line}"}
    assert offers.unavailable(kit, ["widgets"], "uk") == {
        "widgets": f"доповнення widgets ({MISSING}) тут не встановлено: {line}"}
    assert offers.refusal(kit, "widgets") == (said, None)
    assert offers.refusal(kit, "tiles") is None
    assert offers.missing(kit, "tiles") is None  # a product of no needs


def test_a_new_product_made_by_default_refuses_the_whole_kit(kit, monkeypatch):
    widgets(monkeypatch, Need((MISSING,), "widgets"), by_default=True)
    refused = offers.refusal(kit, None)
    assert refused is not None and refused[0]("en").startswith(f"widgets: the optional extra widgets ({MISSING})")


def test_the_command_line_refuses_it_with_exit_2_and_the_pip_line(run, tmp_path, monkeypatch):
    widgets(monkeypatch, Need((MISSING,), "widgets"))
    out = tmp_path / "out"
    code, _, err = run("build", "krestoslovitsa-mini", "--only", "widgets", "--out", out)
    assert code == 2, err
    assert err.strip().splitlines() == [
        f"widgets: the optional extra widgets ({MISSING}) is not installed here: {install_line('widgets')}"]
    assert not out.exists() or not any(p.is_file() for p in out.rglob("*"))


def test_a_need_for_some_kits_only_is_said_at_its_option_with_its_control(kit, run, write, tmp_path, monkeypatch):
    need = Need((MISSING,), "widgets", when=lambda k: k.burn.letters == "single", at="burn.letters",
                control="burn.letters", says="single-line widgets need {library}: {line}")
    widgets(monkeypatch, need)
    assert offers.missing(kit, "widgets") is None and products.lacking(kit, "widgets") is None  # outline letters
    mine = write("k.yaml", "extends: krestoslovitsa-mini\nburn: {letters: single}\n")
    single = load_kit(str(mine))
    said, control = offers.missing(single, "widgets")
    assert control == "burn.letters" and said("en").startswith("the optional extra widgets")
    code, _, err = run("build", mine, "--only", "widgets", "--out", tmp_path / "out")
    assert code == 2
    [line] = err.strip().splitlines()
    assert line.startswith(f"{mine}:2:") and line.endswith(f": single-line widgets need {MISSING}: "
                                                            f"{install_line('widgets')}")


def test_a_profiles_formats_need_their_formats_library(kit, run, tmp_path, monkeypatch):
    """A need of the formats a profile lists delegates to each format's library and extra (Format.library): the
    command line says the format's own sentence, the page the need's (here the laser's, with the profile's title)."""
    monkeypatch.setitem(FORMATS, "wid", Format("wid", "WID", "application/x-wid", _never, library=MISSING,
                                               extra="widgets"))
    profile = SimpleNamespace(name="w1", title="Widget One", formats=("svg", "wid"))
    widgets(monkeypatch, Need(profile=lambda k: profile, control="laser.profile", said="serve_needs_laser"))
    line = install_line("widgets")
    said, control = offers.missing(kit, "widgets")
    assert control == "laser.profile"
    assert said("en") == (f"the files of the laser profile Widget One are WID, which needs the {MISSING} "
                          f"library, not installed here: {line} (or choose a laser profile of SVG files)")
    code, _, err = run("build", "krestoslovitsa-mini", "--only", "widgets", "--out", tmp_path / "out")
    assert code == 2
    assert err.strip().splitlines() == [f"WID files need the {MISSING} library, which is not installed: {line}"]
    # a profile of none of them (or none at all for this kit) needs nothing
    widgets(monkeypatch, Need(profile=lambda k: None))
    assert products.lacking(kit, "widgets") is None


def test_check_reports_the_same_line(run, monkeypatch):
    widgets(monkeypatch, Need((MISSING,), "widgets"), by_default=True)
    code, out, err = run("check", "krestoslovitsa-mini")
    assert code != 0
    assert f"widgets: widgets: the optional extra widgets ({MISSING}) is not installed here: " \
           f"{install_line('widgets')}" in out + err


def test_the_page_marks_and_refuses_a_new_product_it_was_never_told_of(tmp_path, monkeypatch):
    pytest.importorskip("flask")
    from printkit.serve.app import create_app
    from printkit.serve.sessions import Store

    widgets(monkeypatch, Need((MISSING,), "widgets"), by_default=True)
    store = Store(root=str(tmp_path))
    app = create_app(store)
    client = app.test_client()
    client.environ_base["HTTP_X_PRINTKIT_TOKEN"] = app.config["PRINTKIT_TOKEN"]
    client.environ_base["HTTP_X_PRINTKIT_LANGUAGE"] = "ru"
    try:
        said = f"дополнение widgets ({MISSING}) здесь не установлено: {install_line('widgets')}"
        r = client.post("/api/preview", json={"kit": "krestoslovitsa-mini"})
        assert r.status_code == 200 and r.get_json()["unavailable"]["widgets"] == said
        # the product's download says why; the whole kit's says which product, too
        for product, text in (("widgets", said), (None, f"widgets: {said}")):
            r = client.post("/api/build", json={"kit": "krestoslovitsa-mini", "product": product})
            assert r.status_code == 422 and r.get_json()["errors"] == [{"text": text}]
        assert store.folders() == []
    finally:
        app.extensions["printkit_pool"].close()
        store.close()


def test_the_shipped_products_declare_their_needs_on_their_entries():
    laser = REGISTRY["laser"].needs
    assert REGISTRY["3d"].needs == (SOLIDS,) and REGISTRY["burn"].needs == (SINGLE_LINE,)
    assert len(laser) == 1 and laser[0].profile is not None and laser[0].control == "laser.profile"
    assert REGISTRY["racks"].needs == REGISTRY["box"].needs == laser  # the laser's sheets: its profile's formats
    assert REGISTRY["cutter"].needs[0].control == "cutter.profile"
    assert [n for n, p in REGISTRY.items() if p.needs] == ["laser", "burn", "3d", "cutter", "racks", "box"]
    assert SOLIDS.modules == ("manifold3d", "numpy") and SOLIDS.extra == "3d"
    assert SINGLE_LINE.modules == ("HersheyFonts",) and SINGLE_LINE.extra == "burn"


def test_the_page_and_the_sheets_keep_no_table_of_their_own():
    """offers.py names no product and no library; the sheets that import manifold3d or HersheyFonts check the
    registry's declarations (printkit.needs), not words of their own."""
    source = (ROOT / "printkit" / "serve" / "offers.py").read_text(encoding="utf-8")
    code = source.split('"""', 2)[2]  # past the docstring, which may name them
    for word in ('"3d"', '"burn"', '"cutter"', '"laser"', "manifold3d", "HersheyFonts", "ezdxf", "install_line"):
        assert word not in code, word
    for path in ("printkit/solid/mesh.py", "printkit/sheets/burn/strokes.py", "printkit/sheets/threed.py"):
        assert "install_line" not in (ROOT / path).read_text(encoding="utf-8"), path


def test_a_hidden_extra_of_a_shipped_product_is_said_as_before(kit, monkeypatch):
    """The declarations say what offers.py's table said (the page's tests hold the words of each)."""
    for module in ("manifold3d", "HersheyFonts"):
        monkeypatch.setitem(sys.modules, module, None)
    said, control = offers.missing(kit, "3d")
    assert control is None and said("en") == ("3D-printed tiles need the optional 3D extra (manifold3d), not "
                                              f"installed here: {install_line('3d')}")
    single = dataclasses.replace(kit, burn=dataclasses.replace(kit.burn, letters="single"))
    said, control = offers.missing(single, "burn")
    assert control == "burn.letters" and said("en").startswith("single-line letters need the optional burn extra")
    assert offers.missing(kit, "burn") is None
    with pytest.raises(PrintkitError) as info:
        products.require(kit, ["3d"])
    assert str(info.value) == (f"{kit.at('print3d.printer')}: the 3D-printed tiles need the optional extra "
                               f"(manifold3d): {install_line('3d')}")
