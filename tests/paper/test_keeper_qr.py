"""The score keeper's QR code on the score sheet (issue 37): where a kit sets ``play.keeper_url``, the sheet prints a
QR code of the keeper's address for the kit (``URL#kit=NAME``), read back here by a decoder (zxing-cpp) from the
rendered page and measured in the PDF: at least 25 mm, inside the printable area, its quiet zone clear and the table
below it; the same on the score sheet's page of print-all. A kit without it draws the sheet byte for byte as
before; a value that is no web address is refused at its line."""

from __future__ import annotations

import pdfplumber
import pypdfium2
import pytest
import segno
import zxingcpp
from pdfread import MM

from printkit.build import build_kit
from printkit.config import load_kit
from printkit.config.keeperurl import keeper_address

URL = "https://example.org/printkit/keeper/"
QUIET = 4  # modules of white round the code


def decoded(path, page: int = 0) -> list[str]:
    """The QR codes a decoder reads on a page rendered at 200 dpi (a phone sees less)."""
    pdf = pypdfium2.PdfDocument(str(path))
    try:
        image = pdf[page].render(scale=200 / 72).to_pil().convert("L")
    finally:
        pdf.close()
    return [r.text for r in zxingcpp.read_barcodes(image, formats=zxingcpp.BarcodeFormat.QRCode)]


@pytest.fixture(scope="module")
def keeper_kit(tmp_path_factory):
    """A kit extending krestoslovitsa with a keeper, built with its play sheets and print-all."""
    root = tmp_path_factory.mktemp("keeper")
    path = root / "дома.yaml"
    path.write_text(f"extends: krestoslovitsa\nplay:\n  keeper_url: {URL}\n", encoding="utf-8")
    kit = load_kit(str(path))
    return kit, build_kit(kit, root / "out", only=["play", "print-all"]).folder


def test_the_address_is_the_keeper_url_with_the_kits_name_in_its_fragment():
    assert keeper_address(URL, "krestoslovitsa") == URL + "#kit=krestoslovitsa"
    assert keeper_address(URL, "дома") == URL + "#kit=%D0%B4%D0%BE%D0%BC%D0%B0"
    assert keeper_address("https://x.org", "a b&c") == "https://x.org#kit=a%20b%26c"
    assert keeper_address("https://пример.рф/счёт?a=1", "k") == "https://xn--e1afmkfd.xn--p1ai/%D1%81%D1%87%D1%91%D1%82?a=1#kit=k"


def test_the_score_sheet_prints_the_keepers_address_as_a_qr_code(keeper_kit):
    kit, folder = keeper_kit
    address = keeper_address(URL, "дома")
    assert kit.name == "дома" and kit.play.keeper_url == URL
    assert decoded(folder / "scoresheet.pdf") == [address]
    modules = segno.make_qr(address, error="m").symbol_size(border=0)[0]
    margin = kit.print.margin_mm
    with pdfplumber.open(folder / "scoresheet.pdf") as pdf:
        page = pdf.pages[0]
        width = page.width * MM
        table_top = min(ln["top"] for ln in page.lines if (ln["x1"] - ln["x0"]) * MM > 100) * MM
        squares = [r for r in page.rects if r["bottom"] * MM < table_top]  # the scale bar's are at the foot
        x0, top = min(r["x0"] for r in squares) * MM, min(r["top"] for r in squares) * MM
        x1, bottom = max(r["x1"] for r in squares) * MM, max(r["bottom"] for r in squares) * MM
        quiet = QUIET * (x1 - x0) / modules
        clear = (x0 - quiet, top - quiet, x1 + quiet, bottom + quiet)
        inside = [o for o in page.chars + page.lines + page.rects if o not in squares and
                  o["x1"] * MM > clear[0] and o["x0"] * MM < clear[2] and o["bottom"] * MM > clear[1] and
                  o["top"] * MM < clear[3]]
        caption = " ".join(w["text"] for w in page.extract_words() if w["top"] * MM > clear[3] and
                           w["bottom"] * MM < table_top and w["x0"] * MM > clear[0] - 1)
        assert not [w for w in page.extract_words() if "Дата" in w["text"] and w["x1"] * MM > clear[0]]
    assert abs((x1 - x0) - (bottom - top)) < 0.01 and x1 - x0 >= 25.0 - 0.01  # square, at least 25 mm
    assert clear[0] >= margin - 0.01 and clear[1] >= margin - 0.01 and clear[2] <= width - margin + 0.01
    assert clear[2] > width - margin - 1.0  # at the top right corner of the printable area
    assert not inside  # the quiet zone is white
    assert clear[3] < table_top  # above the table: it covers no row
    assert caption == "Счёт на телефоне"


def test_the_score_sheets_page_of_print_all_has_the_code_too(keeper_kit):
    kit, folder = keeper_kit
    with pdfplumber.open(folder / "print-all-A4.pdf") as pdf:
        page = next(i for i, p in enumerate(pdf.pages) if "подсчёт очков · лист 1" in (p.extract_text() or ""))
    assert decoded(folder / "print-all-A4.pdf", page) == [keeper_address(URL, "дома")]


@pytest.mark.parametrize("name, caption", [("scrabble-en", "Score on a phone"), ("scrabble-uk", "Рахунок на телефоні")])
def test_set_on_the_command_line_and_said_in_the_kits_language(run, tmp_path, name, caption):
    url = "http://192.168.1.20:8000/keeper"
    code, _, err = run("build", name, "--only", "play", "--set", f"play.keeper_url={url}", "--out", tmp_path / "out")
    assert code == 0, err
    sheet = tmp_path / "out" / name / "scoresheet.pdf"
    assert decoded(sheet) == [f"{url}#kit={name}"]
    with pdfplumber.open(sheet) as pdf:
        assert caption in " ".join(pdf.pages[0].extract_text().split())


def test_a_kit_without_a_keeper_draws_the_sheet_as_before(default, tmp_path):
    """The default kit's score sheet, built again with ``keeper_url: ""`` (none), is the shared build's to the byte,
    and has no code."""
    path = tmp_path / "krestoslovitsa.yaml"
    path.write_text('extends: krestoslovitsa\nplay:\n  keeper_url: ""\n', encoding="utf-8")
    folder = build_kit(load_kit(str(path)), tmp_path / "out", only=["play"]).folder
    assert (folder / "scoresheet.pdf").read_bytes() == (default / "scoresheet.pdf").read_bytes()
    assert decoded(default / "scoresheet.pdf") == []


LONG = "https://example.org/" + "a" * 181


@pytest.mark.parametrize("value, why", [
    ("ftp://example.org/keeper", "'ftp://example.org/keeper' is not a web address: write the keeper's, beginning with "
                                 "https:// (or http://)"),
    ("example.org/keeper", "'example.org/keeper' is not a web address: write the keeper's, beginning with https:// "
                           "(or http://)"),
    ("https://", "'https://' is not a web address: write the keeper's, beginning with https:// (or http://)"),
    ("15", "'15' is not a web address: write the keeper's, beginning with https:// (or http://)"),
    (LONG, "the address is 201 characters long: at most 200 fit a QR code a phone reads at the table"),
    ('"https://example.org/my keeper"', "the address has a space or an invisible character (U+0020) at character 23: "
                                        "a web address has none (write a space as %20)"),
    ('"https://example.org/\\tk"', "the address has a space or an invisible character (U+0009) at character 21: a "
                                   "web address has none (write a space as %20)"),
    ('"https://example.org/\\u200bk"', "the address has a space or an invisible character (U+200B) at character 21: "
                                       "a web address has none (write a space as %20)"),
    ("https://example.org/keeper#game", "the address has a '#…': printkit puts the kit's name there (#kit=NAME); "
                                        "leave it out"),
])
def test_a_value_that_is_no_web_address_is_refused_at_its_line(run, tmp_path, monkeypatch, value, why):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "k.yaml").write_text(f"extends: krestoslovitsa\nplay:\n  keeper_url: {value}\n", encoding="utf-8")
    code, out, err = run("build", "k.yaml", "--only", "play", "--out", "out")
    assert (code, out, err.strip()) == (2, "", f"k.yaml:3:15: 'keeper_url': {why}")
    assert not (tmp_path / "out").exists()
    if not value.startswith('"'):  # the same from --set, at the flag
        code, out, err = run("build", "--only", "play", "--set", f"play.keeper_url={value}", "--out", "out")
        assert (code, out, err.strip()) == (2, "", f"--set play.keeper_url: 'keeper_url': {why}")


def test_the_schema_takes_what_the_reader_takes():
    """The JSON Schema's pattern (editors, forms) agrees with the reader on the cases it can tell."""
    import re

    from printkit.config.reference import json_schema

    schema = json_schema()["properties"]["play"]["properties"]["keeper_url"]
    pattern = re.compile(schema["pattern"])
    assert schema["maxLength"] == 200
    for ok in ("", URL, "HTTP://x.org/a?b=c"):
        assert pattern.search(ok)
    for bad in ("ftp://x.org", "x.org", "https://x.org/a b", "https://x.org/#a"):
        assert not pattern.search(bad)
