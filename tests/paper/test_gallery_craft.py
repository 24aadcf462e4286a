"""The gallery (index.html) of a build with ``--only cutter`` or ``--only stickers``, and of those built
into a folder a full build made: the craft cutter's and the stickers' files each linked, the first
page of each shown from its preview, under a heading in the kit's language (issue 22: "the gallery
shows the pages")."""

from __future__ import annotations

from pageread import Page, shown

from printkit.build import build_kit
from printkit.config import load_kit

HEADING = {("ru", "cutter"): "Плоттер: печать и резка", ("ru", "stickers"): "Наклейки на фишки",
           ("en", "cutter"): "Craft cutter: print and cut", ("en", "stickers"): "Tile stickers"}


def small_labels(folder) -> str:
    """A label stock of the mini kit's 9 mm tiles (the shipped stocks' 19 and 20 mm labels would hang over them)."""
    stock = folder / "small.yaml"
    stock.write_text("name: small\npaper: A4\nwidth_mm: 9.5\nheight_mm: 9.5\ncolumns: 15\nrows: 20\nleft_mm: 15\n"
                     "top_mm: 15\npitch_x_mm: 12\npitch_y_mm: 12\n", encoding="utf-8")
    return str(stock)


def test_only_cutter_and_only_stickers_each_show_their_pages_under_a_heading_in_the_kits_language(tmp_path):
    for kit, lang in (("krestoslovitsa-mini", "ru"), ("scrabble-en", "en")):
        for product in ("cutter", "stickers"):
            out = tmp_path / f"{kit}-{product}"
            labels = {"labels": small_labels(tmp_path)} if kit == "krestoslovitsa-mini" else {}
            folder = build_kit(load_kit(kit, **labels), out, only=[product]).folder
            heads, _ = shown(folder, product)
            assert heads == {product: HEADING[lang, product]}, (kit, product)


def test_after_a_full_build_the_gallery_keeps_the_other_products_and_adds_the_cutter_and_stickers(tmp_path):
    kit = load_kit("krestoslovitsa-mini", labels=small_labels(tmp_path))
    folder = build_kit(kit, tmp_path).folder
    before = Page((folder / "index.html").read_text(encoding="utf-8"))
    full = [a["id"].removeprefix("product-") for a in before.attrs["h3"]]
    assert "cutter" not in full and "stickers" not in full and "tiles" in full
    build_kit(kit, tmp_path, only=["cutter"])
    build_kit(kit, tmp_path, only=["stickers"])
    heads, p = shown(folder, "cutter")
    assert shown(folder, "stickers")[0] == heads
    assert set(full) | {"cutter", "stickers"} == set(heads)
    assert heads["cutter"] == HEADING["ru", "cutter"] and heads["stickers"] == HEADING["ru", "stickers"]
    assert set(before.hrefs) <= set(p.hrefs) and set(before.srcs) <= set(p.srcs)  # nothing of the full build lost
