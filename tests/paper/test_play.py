"""Play materials read back from the PDFs: the reference table is the distribution, the tracking
sheet holds each letter as often as the bag does, the score sheet has a column group per player
and a row for every turn a long game takes."""

from __future__ import annotations

from collections import Counter
from math import ceil

import pdfplumber
import pytest
from manifestread import manifest_of
from pdfread import MM

from printkit.config import load_kit

TOL = 0.01


@pytest.fixture(scope="module")
def built(shared):
    """A kit's play sheets, built once per (kit, options) for the whole run (tests/conftest.py)."""

    def _built(name: str, **options):
        return shared.build(name, only=["play"], **options)

    return _built


def table_rows(page) -> list[list[str]]:
    """The words of the table's rows, left to right: a row is the band between two horizontal rules
    of the full width (the letter, big and bold, and the small numbers beside it share a band)."""
    full = max(ln["x1"] - ln["x0"] for ln in page.lines)
    rules = sorted({round(ln["top"], 2) for ln in page.lines
                    if abs(ln["top"] - ln["bottom"]) < 0.01 and ln["x1"] - ln["x0"] > full - 1})
    out = []
    for top, bottom in zip(rules, rules[1:]):
        words = [w for w in page.extract_words() if top < (w["top"] + w["bottom"]) / 2 < bottom]
        out.append([w["text"] for w in sorted(words, key=lambda w: w["x0"])])
    return out


@pytest.mark.parametrize("name, blanks_word", [("krestoslovitsa", "пустышки"), ("scrabble-uk", "порожні"),
                                               ("scrabble-en", "blanks")])
def test_the_reference_table_is_the_distribution(built, name, blanks_word):
    kit = load_kit(name)
    d = kit.distribution
    with pdfplumber.open(built(name) / "reference.pdf") as pdf:
        assert len(pdf.pages) == 1
        page = pdf.pages[0]
        rows = table_rows(page)
        text = page.extract_text()
    assert rows[0][:3] == {"krestoslovitsa": ["буква", "фишки", "очки"], "scrabble-uk": ["літера", "фішки", "очки"],
                           "scrabble-en": ["letter", "tiles", "value"]}[name]
    found = set()
    blanks = None
    for tokens in rows[1:]:
        while len(tokens) >= 3:
            face, count, value = tokens[:3]
            tokens = tokens[3:]
            if face == blanks_word:  # the last cell: the blank's value as the rules count it, maybe two words
                blanks = (int(count), " ".join([value] + tokens))
                tokens = []
            elif count.isdigit() and value.isdigit():
                found.add((face, int(count), int(value)))
    assert found == {(t.face, t.count, t.value) for t in d.tiles}
    assert blanks == (d.blanks, {"krestoslovitsa": "как буква"}.get(name, "0"))  # the book: the letter's value
    totals = {"krestoslovitsa": "всего 130 фишек: 128 с буквами и 2 пустые; всего 315 очков",
              "scrabble-uk": "усього 104 фішки: 102 з літерами і 2 порожні; усього 234 очка",
              "scrabble-en": "100 tiles: 98 with letters and 2 blanks; 187 points in all"}[name]
    assert totals in text and kit.title in text


def test_the_reference_card_states_the_kits_rules(built):
    with pdfplumber.open(built("krestoslovitsa") / "reference.pdf") as pdf:
        book = pdf.pages[0].extract_text()
    with pdfplumber.open(built("scrabble-en") / "reference.pdf") as pdf:
        scrabble = pdf.pages[0].extract_text()
    assert "Пустышка заменяет любую букву и стоит столько же, сколько эта буква." in book
    assert "Особая клетка засчитывается каждому слову, которое через неё проходит, в любой ход." in book
    assert "Можно играть и до 150 очков" in book and "слово ×2: 17 клеток" in book
    assert "A blank stands for any letter and is worth 0 points." in scrabble
    assert "All 7 tiles in one turn: 50 points more." in scrabble
    assert "the one who went out gains the others' totals" in scrabble and "150" not in scrabble


@pytest.mark.parametrize("name", ["krestoslovitsa", "scrabble-uk", "scrabble-en"])
def test_the_tracking_sheet_holds_every_tile(built, name):
    d = load_kit(name).distribution
    folder = built(name)
    manifest = manifest_of(folder)
    box = next(a for a in manifest["artifacts"] if a["kind"] == "tracking")["box_mm"]
    with pdfplumber.open(folder / "tracking.pdf") as pdf:
        assert len(pdf.pages) == 1
        page = pdf.pages[0]
        boxes = [r for r in page.rects if abs(r["width"] * MM - box) < TOL and abs(r["height"] * MM - box) < TOL]
        grey = Counter(c["text"] for c in page.chars if c.get("non_stroking_color") not in ((0,), (0, 0, 0), None)
                       and c["text"].strip())
        text = page.extract_text()
    assert len(boxes) == d.total  # every tile, blanks included, has its box
    assert grey == Counter({t.face: t.count for t in d.tiles})  # the letters in the boxes, greyed
    vowels = sum(t.count for t in d.tiles if d.is_vowel(t.face))
    assert str(vowels) in text and str(d.total) in text


@pytest.mark.parametrize("name, totals", [
    ("krestoslovitsa", "всего 130 фишек: 47 гласных, 78 согласных, 3 знака, 2 пустышки"),
    ("scrabble-uk", "усього 104 фішки: 43 голосні, 57 приголосних, 2 знаки, 2 порожні"),
    ("scrabble-en", "100 tiles: 42 vowels, 56 consonants, 2 blanks"),  # no signs in English: left out
])
def test_the_tracking_sheet_counts_agree_with_their_numbers(built, name, totals):
    with pdfplumber.open(built(name) / "tracking.pdf") as pdf:
        text = pdf.pages[0].extract_text().replace("\n", " ")
    assert totals in text


@pytest.mark.parametrize("name, players, pages, width", [
    ("krestoslovitsa", None, 1, 210.0),
    ("krestoslovitsa", "4", 1, 297.0),  # four word columns of two 8-letter words do not fit across a portrait page
    ("krestoslovitsa", "Аня,Боря + Вера,Гена,Дима,Женя", 1, 297.0),
    ("scrabble-en", None, 1, 215.9),
    ("scrabble-pl", None, 1, 210.0),  # the Polish federation's end: every player passed twice in a row
])
def test_the_score_sheet_has_a_group_per_player_and_a_row_per_turn(built, name, players, pages, width):
    options = {"players": players} if players else {}
    kit = load_kit(name, **options)
    n = len(kit.play.players)
    with pdfplumber.open(built(name, **options) / "scoresheet.pdf") as pdf:
        assert len(pdf.pages) == pages
        page = pdf.pages[0]
        assert abs(page.width * MM - width) < TOL
        words = [w["text"] for w in page.extract_words()]
        numbers = [int(c["text"]) for c in _turn_numbers(page)]
        date = next(w for w in page.extract_words() if w["text"] in ("Дата:", "Date:"))
        text = page.crop((0, 0, date["x0"] - 1, page.height)).extract_text()  # the notes, without the date beside
    head = {"ru": "слово"}.get(kit.language, "word")  # a language without words of its own: English
    assert words.count(head) == n
    turns = ceil(kit.distribution.total / (2 * n)) + 1  # a long game: two tiles a turn
    assert max(numbers) >= turns and sorted(numbers) == list(range(1, max(numbers) + 1))
    if players and "Аня" in players:
        assert "Аня" in text and "Боря + Вера" in text and "Женя" in text
    elif kit.language == "ru":
        assert all(f"Игрок {i}" in text for i in range(1, n + 1))
    if kit.rules.target_score:
        assert f"Если договорились играть до {kit.rules.target_score} очков" in " ".join(text.split())  # agreed
    else:
        assert "The game ends when the tiles are used up" in text and "the others' tiles (+)" in text
    passes = "The game also ends when every player has passed 2 times in a row."
    assert (passes in " ".join(text.split())) == (kit.rules.end_passes == 2)


def _turn_numbers(page):
    """The turn numbers down the left of the table: whole numbers in its first column."""
    footer = page.height * MM - 25.0  # the scale bar's "0" sits below
    lines = [w for w in page.extract_words()
             if w["text"].isdigit() and w["x1"] * MM < 19.0 and 25.0 < w["top"] * MM < footer]
    return [{"text": w["text"]} for w in lines]


@pytest.mark.parametrize("players, message", [
    ("7", "--players: 'players' is 7: a score sheet holds 2 to 6 players or teams"),
    ("1", "--players: 'players' is 1: a score sheet holds 2 to 6 players or teams"),
    ("Аня", "--players: 'players' names 1: a score sheet holds 2 to 6 players or teams"),
    ("Аня,,Боря", "--players: 'players': '' is not a name of 1 to 40 printable characters"),
])
def test_bad_players(run, tmp_path, players, message):
    code, _, err = run("build", "--only", "play", "--players", players, "--out", tmp_path / "out")
    assert code == 2 and err.strip() == message
    assert not (tmp_path / "out").exists()


def test_the_play_sheets_are_text_in_the_embedded_font(built):
    with pdfplumber.open(built("krestoslovitsa") / "scoresheet.pdf") as pdf:
        fonts = {c["fontname"] for c in pdf.pages[0].chars}
    assert fonts and all("+" in f for f in fonts)  # subset, embedded


def test_faces_no_font_draws_fail_check_and_build_with_their_letters_not_a_crash(run, write, tmp_path):
    """A set of Greek letters, which PT Sans lacks (but for Δ and Ω, which it has as symbols): the play
    sheets print every face, and used to crash measuring the ink of Α (internal error, exit 3). The default face
    is chosen by coverage now (the bundled Fira Sans Bold draws Greek): the set builds; with a font of the kit's
    own that lacks the letters (PT Sans named as a file), check fails and build stops, naming them."""
    from printkit.fonts import default_bold

    write("letters.yaml", """
        name: greek
        language: el
        script: Greek
        alphabet: Α Β Δ Ω
        vowels: Α Ω
        blanks: 2
        tiles:
          - [Α, 40, 1]
          - [Β, 38, 8]
          - [Δ, 10, 4]
          - [Ω, 10, 3]
        """)
    kit = write("kit.yaml", """
        extends: scrabble-en
        name: greek
        distribution: letters.yaml
        """)
    code, out, err = run("check", kit)
    assert code == 0 and "font FiraSans-Bold has every letter and digit of the set" in out, out
    code, out, err = run("build", kit, "--only", "play", "--out", tmp_path / "default", "-q")
    assert code == 0, err
    own = write("own.yaml", f"extends: kit.yaml\nname: greek-own\nstyle: {{tile: {{font: '{default_bold()}'}}}}\n")
    code, out, err = run("check", own)
    assert code == 1, err
    failed = [line.strip() for line in out.splitlines() if line.strip().startswith("FAIL ")]
    assert failed[0] == "FAIL font 'PT_Sans-Web-Bold.ttf' has no glyph for Α Β (2 letters the set needs)", out
    # each product that draws the letters in that font says so (the play sheets' faces fall back to the bundled one)
    assert [f.split(":")[0] for f in failed[1:]] == ["FAIL tiles", "FAIL laser", "FAIL burn", "FAIL print-all"], out
    assert all("has no glyph for Α Β (2 letters the kit greek-own needs)" in f for f in failed[1:]), out
    code, out, err = run("build", own, "--out", tmp_path / "out")
    assert code == 2 and "has no glyph for Α Β" in err and "internal error" not in err
    assert not (tmp_path / "out" / "greek-own").exists()


def test_a_set_of_a_hundred_of_one_letter_still_tracks_every_tile_inside_the_page(write, run, tmp_path):
    """A hundred of one letter made the boxes -0.08 mm wide (the room of the column over the count, less the gap),
    drawn backwards out of their column, and the row's letter went with them; verify now refuses a negative box.
    Past the smallest box with its gap the gap shrinks with the box: every tile has a box of positive size
    inside its half of the page, and the row's letter keeps its size."""
    write("d.yaml", "name: many\nlanguage: ru\nscript: Cyrillic\nalphabet: А Б\nvowels: А\nblanks: 0\n"
                    "tiles:\n  - [А, 100, 1]\n  - [Б, 3, 2]\n")
    kit = write("k.yaml", "extends: krestoslovitsa\nname: many\ndistribution: d.yaml\nexpect: {}\n")
    code, out, err = run("build", kit, "--only", "play", "--out", tmp_path / "out")
    assert code == 0, out + err
    folder = tmp_path / "out" / "many"
    box = next(a for a in manifest_of(folder)["artifacts"] if a["kind"] == "tracking")["box_mm"]
    with pdfplumber.open(folder / "tracking.pdf") as pdf:
        page = pdf.pages[0]
        width = page.width * MM
        boxes = [r for r in page.rects if abs(r["width"] * MM - box) < TOL and abs(r["height"] * MM - box) < TOL]
        letters = [c for c in page.chars if c["text"] == "А" and c.get("non_stroking_color") in ((0,), (0, 0, 0))]
    assert 0.5 < box < 2.0 and len(boxes) == 103
    assert all(r["x0"] * MM > 10 and r["x1"] * MM < width / 2 for r in boxes[:100])  # the А row, its half of the page
    assert letters and letters[0]["size"] * MM > 3.0  # the row's letter as a normal set's, not a box's size
    code, out, _ = run("check", kit)  # and check says so, at the distribution (the toy set fails the book's examples)
    assert code == 1 and (f"warn {kit}:3:15: the tile-tracking sheet's boxes are {box:g} mm, too small to cross off "
                          f"by hand: the set has 100 of one letter on one line of half a page (3 mm boxes hold about "
                          f"20)") in out
