"""Every word the page shows about its fields is in the page's language (ru, uk, en): the config reader's
messages for a value a field cannot take, a build's own failures, the tooltips, the shipped profiles'
names in the menus; and a message at a field the page set names the field by its label («Фишка, мм»),
not by its YAML key, while a key typed in the editor is named as it was typed (as the command line
does). The command line's English is unchanged (the config tests hold it word for word).
"""

from __future__ import annotations

import re

import pytest

from printkit.config.profiles import CUTTERS, MACHINES, PRINTERS, STOCKS
from printkit.errors import PrintkitError
from printkit.products import plan
from printkit.serve import state
from printkit.text import Said
from printkit.text.table import TABLE

# What a maker types wrong into a field: a word, a minus, a decimal comma, a Cyrillic А for the Latin,
# a half-typed size, a huge number, a number where a name goes
HOSTILE = ("abc", "-5", "0,15", "А4", "600x", "1e9", "0", "1.5", "true", "x")

# Latin words a Russian or Ukrainian message may hold: names (papers, programs, files, fonts), the YAML
# words a value is written with (the choices, fill, the spares' keys), units of the calibration file
NAMES = {"calibration", "pdf", "fill", "per_letter", "blanks", "letters", "Letter", "Legal", "Tabloid", "PT", "Sans",
         "Web", "Bold", "ttf", "WxH", "true", "false", "LightBurn"}


def foreign(text: str, allowed: set[str], typed: str = "") -> list[str]:
    """The English words left in ``text`` once what the user typed (``typed``, and anything quoted: '…',
    «…», "…"), sizes (330x480), the names listed in parentheses after a colon, and ``allowed`` are taken
    out."""
    text = re.sub(r"^kit\.yaml:\d+:\d+: ", "", text)
    text = re.sub(r"\d+x\d+", " ", text)
    if typed:
        text = text.replace(typed, " ")
    text = re.sub(r"'[^']*'|«[^»]*»|\"[^\"]*\"", " ", text)
    text = re.sub(r"\((?:есть|є|there are): [^)]*\)", " ", text)
    return [w for w in re.findall(r"[A-Za-z_][A-Za-z_0-9]{2,}", text) if w not in allowed]


def allowed_for(key: str) -> set[str]:
    c = next(c for c in state.controls() if c["key"] == key)
    words = set(NAMES)
    for choice in c["choices"]:
        words.update(re.findall(r"[A-Za-z_][A-Za-z_0-9]*", choice))
    return words


def mistakes(key: str, value: str, language: str) -> list[dict]:
    req = state.parse_request({"kit": "krestoslovitsa", "options": {key: value}})
    try:
        kit, text = state.load(req)
        state.preview(kit)
    except PrintkitError as exc:
        return state.error_lines(exc, language, state.compose(req), req.options)
    return []


@pytest.mark.parametrize("language", ["ru", "uk"])
@pytest.mark.parametrize("key", state.CONTROLS)
def test_a_fields_mistakes_are_in_the_pages_language_and_name_the_field_by_its_label(key, language):
    said = 0
    label = state.label(key)(language)
    yaml_key = key.rpartition(".")[2]
    for value in HOSTILE:
        for line in mistakes(key, value, language):
            said += 1
            text = line["text"]
            assert foreign(text, allowed_for(key), value) == [], (value, text)
            if line.get("control") == key:
                # the field by its label where the message names it; never its YAML key
                assert f"'{yaml_key}'" not in text, (value, text)
                if yaml_key in ("tile_mm", "cell_mm", "margin_mm", "kerf_mm", "thickness_mm", "tabs_mm", "players",
                                "across", "down") and value in ("abc", "-5"):
                    assert f"«{label}»" in text, (value, text)
    assert said, "no value of the hostile ones was refused: the test tries nothing"


def test_the_same_mistake_typed_in_the_editor_names_its_key_as_the_command_line_does():
    text = "extends: krestoslovitsa\nname: mine\nphysical:\n  tile_mm: -5\n"
    with pytest.raises(PrintkitError) as caught:
        state.load_text(text)
    ru, = state.error_lines(caught.value, "ru", text)
    en, = state.error_lines(caught.value, "en", text)
    assert ru["text"] == "kit.yaml:4:12: 'tile_mm': -5 мм, а нужно не меньше 3 мм"
    assert en["text"] == "kit.yaml:4:12: 'tile_mm' is -5 mm: it must be at least 3 mm" == str(caught.value.problems[0])
    assert ru["control"] == "physical.tile_mm"  # still shown at its field too


def test_a_builds_own_failure_is_said_in_the_pages_language_at_its_field():
    req = state.parse_request({"kit": "krestoslovitsa", "options": {"physical.tile_mm": "3"}})
    kit, text = state.load(req)
    with pytest.raises(PrintkitError) as caught:
        plan(kit, ["tiles"])
    en, = state.error_lines(caught.value, "en", text, req.options)
    ru, = state.error_lines(caught.value, "ru", text, req.options)
    uk, = state.error_lines(caught.value, "uk", text, req.options)
    assert str(caught.value).startswith("kit.yaml:5:12: a tile of 3 mm is too small for the letters of font")
    assert en["text"] == str(caught.value)  # the command line's words
    assert ru["text"].startswith("kit.yaml:5:12: фишка 3 мм мала для букв шрифта 'PT_Sans-Web-Bold.ttf'")
    assert uk["text"].startswith("kit.yaml:5:12: фішка 3 мм замала для літер шрифту")
    assert ru["control"] == uk["control"] == "physical.tile_mm"


def test_a_laser_bed_too_small_for_a_board_piece_is_said_in_russian():
    req = state.parse_request({"kit": "krestoslovitsa", "options": {"laser.bed": "60x40", "physical.cell_mm": "60",
                                                                    "physical.thickness_mm": "10"}})
    kit, text = state.load(req)
    with pytest.raises(PrintkitError) as caught:
        plan(kit, ["laser"])
    ru, = state.error_lines(caught.value, "ru", text, req.options)
    assert ru["text"].endswith("на столе 60 × 40 мм с полями 5 мм не помещается часть поля: одна клетка 60 мм "
                               "и кайма 14 мм")
    assert ru["control"] == "laser.bed"


@pytest.mark.parametrize("language", ["en", "ru", "uk"])
def test_every_field_has_a_tooltip_and_a_label_in_every_language(language):
    for c in state.controls():
        assert c["help"] == "help_" + c["word"]
        help_text = TABLE["serve_" + c["help"]].get(language)
        assert help_text and len(help_text) > 20, c["key"]
        assert TABLE["serve_" + c["word"]].get(language), c["key"]
        if language != "en":
            assert foreign(help_text, NAMES | {"TrueType", "Аня", "Боря"}) == [], (c["key"], help_text)
            assert help_text != TABLE["serve_" + c["help"]]["en"]


def test_every_shipped_profile_has_its_name_in_every_language_in_the_menus():
    shelves = {"laser.profile": MACHINES, "cutter.profile": CUTTERS, "stickers.stock": STOCKS,
               "print3d.printer": PRINTERS}
    by_key = {c["key"]: c for c in state.controls()}
    for key, shelf in shelves.items():
        labels = by_key[key]["labels"]
        assert sorted(labels) == sorted(shelf.names()) == sorted(by_key[key]["choices"])
        for name, said in labels.items():
            assert set(said) == {"en", "ru", "uk"} and all(said.values()), name
    stock = by_key["stickers.stock"]["labels"]
    assert stock["endisch-6502020"]["ru"] == "Endisch 6502020x (квадраты 20 мм)"
    assert stock["OL3008"]["uk"] == "Online Labels OL3008 (квадрати 19 мм, Letter)"
    assert by_key["cutter.profile"]["labels"]["silhouette-4l"]["ru"] == "Silhouette Cameo 5 Alpha (четыре метки-уголка)"


def test_the_hold_tabs_and_the_calibration_measurements_are_fields():
    req = state.parse_request({"kit": "krestoslovitsa", "options": {
        "laser.tabs_mm": "0,5", "print.measured.across": "201", "print.measured.down": "199"}})
    kit, text = state.load(req)
    assert kit.laser.tabs_mm == 0.5
    assert kit.print_scale == (round(200 / 201, 6), round(200 / 199, 6))
    assert state.values(kit)["laser.tabs_mm"] == "0.5"
    # left empty: not measured (the kit's own factors), never "a field left empty"
    req = state.parse_request({"kit": "krestoslovitsa", "options": {"print.measured.across": ""}})
    kit, _ = state.load(req)
    assert kit.print_scale == (1.0, 1.0)
    # a length no ruler prints as: said at the field, in the page's language
    line, = mistakes("print.measured.across", "120", "ru")
    assert line["control"] == "print.measured.across"
    assert "напечатайте calibration.pdf в масштабе 100 %" in line["text"]


def test_the_sentences_keep_the_command_lines_english():
    # a sentence's English is what the command line printed before the page had words of its own
    key = Said("cfg_key", {"name": "tile_mm"})
    assert Said("cfg_at_least_mm", {"key": key, "value": "-5", "lo": "3"})("en") == \
        "'tile_mm' is -5 mm: it must be at least 3 mm"
    assert Said("cfg_no_profile", {"what": Said("cfg_shelf_machines"), "ref": "x",
                                   "hint": Said("cfg_there_are", {"names": "a, b"})})("en") == \
        "no laser profile named 'x' (there are: a, b)"


def test_an_unknown_key_typed_in_the_editor_is_said_in_the_pages_language():
    text = "extends: krestoslovitsa\nname: mine\nprint:\n  papr: A4\ncolour: red\n"
    with pytest.raises(PrintkitError) as caught:
        state.load_text(text)
    assert sorted(e["text"] for e in state.error_lines(caught.value, "ru", text)) == [
        "kit.yaml:4:3: неизвестный ключ 'papr' в 'print' (может быть, 'paper'?)",
        "kit.yaml:5:1: неизвестный ключ 'colour' в наборе"]
    assert sorted(e["text"] for e in state.error_lines(caught.value, "en", text)) == [
        "kit.yaml:4:3: unknown key 'papr' in 'print' (did you mean 'paper'?)",
        "kit.yaml:5:1: unknown key 'colour' in a kit"]
