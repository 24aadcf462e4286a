"""The page's preview of every product (issue 34: it showed only the first tile page and the board):
``/api/view`` lays out only the product asked for and answers one page of one of its files, as the
build plans it, or why it has none, in the kit's language."""

from __future__ import annotations

import base64
import io
import re
import sys

import pytest

pytest.importorskip("flask")

from printkit.config import load_kit  # noqa: E402
from printkit.install import install_line  # noqa: E402
from printkit.products import names, plan  # noqa: E402
from printkit.serve import previews  # noqa: E402
from printkit.serve.app import create_app  # noqa: E402
from printkit.serve.sessions import Store  # noqa: E402

KIT = "krestoslovitsa"


@pytest.fixture
def client(tmp_path):
    store = Store(root=str(tmp_path))
    app = create_app(store)
    c = app.test_client()
    c.environ_base["HTTP_X_PRINTKIT_TOKEN"] = app.config["PRINTKIT_TOKEN"]
    c.environ_base["HTTP_X_PRINTKIT_LANGUAGE"] = "ru"
    previews.forget()
    yield c
    previews.forget()
    app.extensions["printkit_pool"].close()
    store.close()


def view(client, status=200, **body):
    body.setdefault("kit", KIT)
    r = client.post("/api/view", json=body)
    assert r.status_code == status, r.get_data(as_text=True)[:500]
    return r.get_json()


def view_box(svg: str) -> list[float]:
    m = re.match(r"<svg [^>]*?viewBox=\"([^\"]+)\"", svg)
    assert m, svg[:200]
    return [float(x) for x in m.group(1).split()]


PAPER = [p for p in names() if p != "3d"]


@pytest.mark.parametrize("product", PAPER)
def test_every_product_shows_its_first_page_at_its_size(client, product):
    """Each product's first file and its first page, at the size the build makes it (the viewBox in mm)."""
    planned = [doc for _, doc in plan(load_kit(KIT), [product])]
    data = view(client, product=product)
    assert data["ok"] and data["product"] == product
    assert [f["path"] for f in data["files"]] == [d.path for d in planned]
    assert [f["pages"] for f in data["files"]] == [len(d.pages) for d in planned]
    first = planned[0].pages[0]
    assert (data["file"], data["page"], data["pages"]) == (0, 0, len(planned[0].pages))
    assert view_box(data["svg"]) == pytest.approx([0, 0, first.width, first.height], abs=0.001)
    assert data["size_mm"] == pytest.approx([first.width, first.height], abs=0.001)
    assert data["title"] == planned[0].title
    assert "unavailable" not in data and "failed" not in data


def test_a_page_and_a_file_of_a_product(client):
    """The tiles' second page; their second file (an SVG of one page); a page past the end is the last."""
    first = view(client, product="tiles")
    second = view(client, product="tiles", page=1)
    assert first["files"][0] == {"path": "tiles-A4.pdf", "format": "pdf", "pages": 2}
    assert second["page"] == 1 and second["svg"] != first["svg"]
    assert view(client, product="tiles", page=7)["page"] == 1
    svg = view(client, product="tiles", file=1)
    assert (svg["file"], svg["pages"]) == (1, 1)
    assert 'inkscape:label="print"' in svg["svg"]  # an SVG file's own layers, as the laser's software sees them
    # a page of a PDF whose groups hold several roles (the board's pages with their guides): as the PDF paints it
    board = view(client, product="board", file=2)
    assert board["files"][2] == {"path": "board-A4.pdf", "format": "pdf", "pages": 4}
    assert view_box(board["svg"]) == [0, 0, 210, 297]
    assert board["svg"].count("inkscape:groupmode=\"layer\"") == 1


def test_the_poster_board_and_the_laser_sheet_at_their_own_sizes(client):
    assert view_box(view(client, product="board")["svg"]) == [0, 0, 371, 411]  # the poster
    laser = view(client, product="laser", options={"laser.bed": "500x300"})
    assert view_box(laser["svg"]) == [0, 0, 500, 300]
    assert laser["files"][0]["path"] == "laser-tiles-1.svg"


def test_only_the_product_shown_is_laid_out_and_kept(client, monkeypatch):
    calls = []
    real = previews.plan
    monkeypatch.setattr(previews, "plan", lambda kit, products: calls.append(products) or real(kit, products))
    view(client, product="stickers")
    view(client, product="stickers", page=3)
    assert calls == [["stickers"]]  # the next page is drawn from the kept layout
    view(client, product="stickers", options={"physical.tile_mm": "19"})
    assert calls == [["stickers"], ["stickers"]]  # another kit: laid out again


def test_the_3d_plate_is_a_picture_of_its_part(client, monkeypatch):
    pytest.importorskip("manifold3d")
    from PIL import Image

    calls = []
    real = previews.plan
    monkeypatch.setattr(previews, "plan", lambda kit, products: calls.append(kit.print3d.parts) or real(kit, products))
    data = view(client, product="3d")
    assert calls == [("tiles",)]  # the board's pieces (seconds) are not laid out for the tiles' plate
    assert (data["parts"], data["part"]) == (["tiles", "racks", "board"], "tiles")
    assert [f["path"] for f in data["files"]][:3] == ["3d/tiles-plate-1.3mf", "3d/tiles-plate-1-body.stl",
                                                      "3d/tiles-plate-1-letters.stl"]
    assert data["figures"] == {"plate": 1, "plates": 2, "tiles": 98}
    assert "svg" not in data and data["png"].startswith("data:image/png;base64,")
    image = Image.open(io.BytesIO(base64.b64decode(data["png"].split(",", 1)[1])))
    assert [image.size[0] / 2, image.size[1] / 2] == data["size_mm"]
    assert 150 < data["size_mm"][0] < 260  # a plate of the default printer's 256 mm bed
    racks = view(client, product="3d", part="racks")
    assert racks["part"] == "racks" and racks["files"][0]["path"] == "3d/racks-plate-1.3mf"
    assert calls == [("tiles",), ("racks",)]


NEEDS_3D = "3D-фишкам нужно дополнение 3d (библиотека manifold3d), здесь оно не установлено: {line}"
NEEDS_DXF = ("файл реза профиля плоттера Silhouette Studio / inkscape-silhouette — DXF, для него нужна библиотека "
             "ezdxf, здесь она не установлена: {line} (или выберите профиль Cricut: SVG и PNG, без библиотек)")


def test_a_product_this_install_cannot_make_says_why_in_the_kits_language(client, monkeypatch):
    for module in ("manifold3d", "ezdxf"):  # the serve extra alone
        monkeypatch.setitem(sys.modules, module, None)
    calls = []
    monkeypatch.setattr(previews, "plan", lambda kit, products: calls.append(products))
    assert view(client, product="3d") == {"ok": True, "kit": KIT, "product": "3d",
                                          "unavailable": NEEDS_3D.format(line=install_line("3d"))}
    assert view(client, product="cutter") == {"ok": True, "kit": KIT, "product": "cutter",
                                              "unavailable": NEEDS_DXF.format(line=install_line("dxf")),
                                              "control": "cutter.profile"}
    assert calls == []  # nothing laid out
    english = view(client, kit="scrabble-en", product="3d")["unavailable"]
    assert english.startswith("3D-printed tiles need the optional 3D extra (manifold3d)")
    ukrainian = view(client, kit="scrabble-uk", product="3d")["unavailable"]
    assert ukrainian == f"3D-фішкам потрібне доповнення 3d (бібліотека manifold3d), тут його не встановлено: " \
                        f"{install_line('3d')}"


def test_a_product_that_cannot_be_laid_out_for_the_kit_says_so(client):
    data = view(client, product="racks", options={"laser.bed": "40x40"})
    assert "svg" not in data and "files" not in data
    assert data["failed"] == ["kit.yaml:5:8: a bed of 40 × 40 mm with margins of 5 mm is smaller than the rack's "
                              "base (149.2 × 10.6 mm)"]
    assert "svg" in view(client, product="tiles", options={"laser.bed": "40x40"})  # the others still show


def test_what_the_page_may_not_ask(client):
    assert view(client, 400, product="nope")["errors"][0]["text"].startswith("нет изделия 'nope' (изделия: tiles, ")
    assert view(client, 400, product="tiles", page=-1)["errors"] == [{"text": "page: нужно целое число от 0"}]
    assert view(client, 400, product="tiles", file="2")["errors"] == [{"text": "file: нужно целое число от 0"}]
    assert view(client, 400, product="3d", part=3)["errors"][0]["text"].startswith("part: нужен текст")
    refused = view(client, 422, product="laser", options={"physical.tile_mm": "-5"})  # a kit that does not load
    assert refused["errors"][0]["control"] == "physical.tile_mm"
    r = create_app(Store()).test_client().post("/api/view", json={"kit": KIT, "product": "tiles"})
    assert r.status_code == 403  # without the run's token
