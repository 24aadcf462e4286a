"""The paper parts of issue 24 (the card racks of --only racks, the card box of --only box, the bag's
pattern of --only bag) in
print-all, in the gallery and with previews: print-all holds their pages once they are made, and keeps
them through a later build that does not make them; a build that never made them has none; the gallery
shows each under its heading in the kit's language, its first page from its preview; every page of
theirs has a preview of the page's size, with ink on it."""

from __future__ import annotations

from manifestread import manifest_of
from pageread import shown
from PIL import Image

from printkit.build import build_kit
from printkit.config import load_kit
from printkit.preview import pixels


def contents(folder) -> list[str]:
    m = manifest_of(folder)
    return [e["path"] for e in next(a for a in m["artifacts"] if a["kind"] == "print-all")["contents"]]


def test_print_all_takes_the_paper_racks_and_the_bag_once_made_and_keeps_them(tmp_path):
    import pypdf

    kit = load_kit("krestoslovitsa-mini")
    folder = build_kit(kit, tmp_path).folder
    before = contents(folder)
    assert "racks-paper-A4.pdf" not in before and not any(p.startswith("bag") for p in before)
    build_kit(kit, tmp_path, only=["racks"])
    assert contents(folder) == before + ["racks-paper-A4.pdf"]
    build_kit(kit, tmp_path, only=["bag"])
    after = before + ["racks-paper-A4.pdf", "bag-pattern-A4.pdf", "bag-A4-instructions.pdf"]
    assert contents(folder) == after
    build_kit(kit, tmp_path)  # a full build makes neither: print-all keeps the folder's
    assert contents(folder) == after
    build_kit(kit, tmp_path, only=["box"])  # the card box joins them in the registry's order; its laser sheets do not
    after = before + ["racks-paper-A4.pdf", "box-paper-A4.pdf", "bag-pattern-A4.pdf", "bag-A4-instructions.pdf"]
    assert contents(folder) == after
    m = manifest_of(folder)
    entry = next(a for a in m["artifacts"] if a["kind"] == "print-all")
    pdf = pypdf.PdfReader(folder / entry["path"])
    assert len(pdf.pages) == entry["pages"] == 1 + sum(
        next(a["pages"] for a in m["artifacts"] if a["path"] == p) for p in after)
    bag = next(e for e in entry["contents"] if e["path"] == "bag-pattern-A4.pdf")
    first = pdf.pages[bag["pages"][0] - 1].extract_text()
    assert "вырезать" in first or "подогнуть" in first  # the pattern's own page, not another's


def test_the_gallery_shows_the_racks_the_box_and_the_bag_under_headings_in_the_kits_language(tmp_path):
    heads = {("ru", "racks"): "Подставки для фишек: лазер и картон", ("ru", "bag"): "Мешочек для фишек: выкройка",
             ("en", "racks"): "Tile racks: laser and card", ("en", "bag"): "Drawstring bag: sewing pattern",
             ("ru", "box"): "Коробка для набора", ("en", "box"): "The box for the set"}
    for kit, lang in (("krestoslovitsa-mini", "ru"), ("scrabble-en", "en")):
        for product in ("racks", "box", "bag"):
            folder = build_kit(load_kit(kit), tmp_path / f"{kit}-{product}", only=[product]).folder
            got, _ = shown(folder, product)
            assert got[product] == heads[lang, product], (kit, product)
            assert "print-all" in got  # print-all is made again with them


def test_every_page_of_the_paper_parts_has_a_preview_of_its_size_with_ink_on_it(tmp_path):
    kit = load_kit("krestoslovitsa-mini")
    folder = build_kit(kit, tmp_path, only=["racks", "box", "bag"]).folder
    m = manifest_of(folder)
    for kind in ("racks-paper", "box-paper", "bag", "bag-instructions"):
        a = next(a for a in m["artifacts"] if a["kind"] == kind)
        shots = sorted((p for p in m["artifacts"] if p["kind"] == "preview" and p["of"] == a["path"]),
                       key=lambda p: p["page"])
        assert [p["page"] for p in shots] == list(range(1, a["pages"] + 1)), kind
        w, h = a["paper_mm"] if "paper_mm" in a else a["page_mm"]
        for shot in shots:
            image = Image.open(folder / shot["path"]).convert("L")
            assert image.size == pixels(w, h) == tuple(shot["px"])
            dark = sum(image.histogram()[:128])
            assert dark > 0.002 * image.size[0] * image.size[1], (kind, shot["page"])  # lines drawn, not blank
