"""The rule sets' statements and their sources, read back from the sheets that print them: the reference
card says which words count and prints each rule under whose rule it is (the book, the boxed Scrabble
rules, Эрудит's editions, the game records, an agreed house rule); the score sheet gives the target as
an agreed option; a kit in Ukrainian plays by the book's Ukrainian text (200 points, titles of works);
a statement without its source is bad input at its line."""

from __future__ import annotations

import pdfplumber
import pytest
from pdfread import MM

from printkit.config import load_kit
from printkit.model import STATEMENTS, Authority

TOL = 0.01


@pytest.fixture(scope="module")
def built(shared):
    """A kit's play sheets, built once per (kit, options) for the whole run (tests/conftest.py)."""

    def _built(ref: str, **options):
        return shared.build(ref, only=["play"], **options)

    return _built


@pytest.fixture(scope="module")
def book_uk(tmp_path_factory):
    """The book's set in Ukrainian: a kit whose language is uk plays by the Ukrainian text."""
    path = tmp_path_factory.mktemp("uk") / "book-uk.yaml"
    path.write_text("extends: krestoslovitsa\nname: book-uk\ntitle: Крестословиця\nlanguage: uk\n", encoding="utf-8")
    return str(path)


def lines_of(path) -> list[tuple[float, str]]:
    """The lines of text of a PDF's first page with the height of each (mm from the top)."""
    with pdfplumber.open(path) as pdf:
        page = pdf.pages[0]
        return [(line["top"] * MM, " ".join(line["text"].split())) for line in page.extract_text_lines()]


def notes(path) -> str:
    """The score sheet's text left of its date line (the notes under the title, then the table)."""
    with pdfplumber.open(path) as pdf:
        page = pdf.pages[0]
        date = next(w for w in page.extract_words() if w["text"] in ("Дата:", "Date:"))
        return " ".join(page.crop((0, 0, date["x0"] - 1, page.height)).extract_text().split())


def after(lines: list[tuple[float, str]], heading: str) -> tuple[float, str]:
    """The text below ``heading`` up to the next heading (a line ending in a colon), and where it starts."""
    tops = [k for k, (_, text) in enumerate(lines) if text == heading]
    assert tops, f"no heading {heading!r} in {[t for _, t in lines]}"
    k = tops[0] + 1
    out = []
    while k < len(lines) and not lines[k][1].endswith(":") and not lines[k][1].startswith("Печатайте") \
            and not lines[k][1].startswith("Print at") and not lines[k][1].startswith("Друкуйте"):
        out.append(lines[k][1])
        k += 1
    return lines[tops[0]][0], " ".join(out).replace("• ", "")


# -- the rules files ------------------------------------------------------------------------------------

@pytest.mark.parametrize("kit", ["krestoslovitsa", "erudit", "scrabble-en", "book-uk"])
def test_every_printed_statement_of_a_shipped_rule_set_names_its_source_and_quotes_it(kit, book_uk):
    rules = load_kit(book_uk if kit == "book-uk" else kit).rules
    assert set(rules.printed()) <= set(STATEMENTS)
    for key in rules.printed():
        source = rules.statements[key]
        assert source.by is not Authority.AGREED and len(source.quote) > 5, (kit, key)


def test_the_book_says_which_words_and_the_ukrainian_text_adds_titles_and_200_points(book_uk):
    ru, uk = load_kit("krestoslovitsa").rules, load_kit(book_uk).rules
    assert (ru.target_score, ru.proper_nouns, ru.diminutives.value) == (
        150, frozenset({"places", "surnames"}), "refused")
    assert (uk.target_score, uk.edition) == (200, "uk")
    assert uk.proper_nouns == {"places", "surnames", "works", "heroes"}
    assert uk.statements["target_score"].edition == "Ukrainian text" and "200" in uk.statements["target_score"].quote
    assert "Каштанка" in uk.statements["words"].quote and "ножницы" in ru.statements["words"].quote
    assert ru.statements["first_length"].by is Authority.SCRABBLE  # "из двух и более своих букв": not the book
    assert ru.statements["word_premiums"].by is Authority.SCRABBLE  # ×4, ×9: the boxed rules


# -- the reference card -------------------------------------------------------------------------------

def test_the_book_card_prints_only_the_books_rules_under_the_book(built):
    lines = lines_of(built("krestoslovitsa") / "reference.pdf")
    top_book, book = after(lines, "По книге «Твое свободное время»:")
    top_scrabble, scrabble = after(lines, "По правилам Скрабла (коробочное издание):")
    assert top_book < top_scrabble
    assert ("Слова — имена существительные нарицательные в именительном падеже единственного числа (или "
            "множественного, если у слова нет единственного, как «ножницы»); а также географические названия и "
            "фамилии знаменитых людей. Имена и клички не считаются. Слова с уменьшительными суффиксами не "
            "считаются.") in book
    assert "Первое слово проходит через клетку со звёздочкой." in book
    assert "Кто не может составить ни одного слова, пропускает ход и, сказав «Меняю», может поменять" in book
    assert "двух букв" not in book and "×4" not in book  # not the book's: under the Scrabble heading
    assert scrabble == ("В первом слове не меньше двух букв. Сначала премии букв, потом слова; две премии слова в "
                        "одном слове перемножаются (×4, ×9).")


def test_the_scrabble_card_gives_the_dictionary_the_challenge_and_the_bonus_from_the_records(built):
    lines = lines_of(built("scrabble-en") / "reference.pdf")
    _, boxed = after(lines, "By the rules of boxed Scrabble:")
    _, records = after(lines, "As recorded tournament games score it:")
    assert "Words: those of the dictionary the players agree on before the game." in boxed
    assert ("A word may be challenged before the next player's turn: if it is not in the dictionary, its player takes "
            "the tiles back and loses the turn; if it is, the challenger loses their next turn.") in boxed
    assert records == "All 7 tiles in one turn: 50 points more."


def test_the_erudit_card_gives_common_nouns_by_its_editions(built):
    lines = lines_of(built("erudit") / "reference.pdf")
    _, own = after(lines, "По правилам «Эрудита» (его изданий):")
    assert "Слова — имена существительные нарицательные в именительном падеже единственного числа" in own
    assert "Имена собственные не считаются." in own and "Все 7 фишек за один ход: ещё 15 очков." in own


def test_a_ukrainian_book_kit_prints_the_ukrainian_texts_words_and_200(built, book_uk):
    folder = built(book_uk)
    _, book = after(lines_of(folder / "reference.pdf"), "За книгою «Твое свободное время»:")
    assert ("а також географічні назви, прізвища знаменитих людей, назви п'єс, фільмів і опер з одного слова і "
            "імена героїв творів літератури й мистецтва.") in book
    assert "Імена та прізвиська не зараховуються, якщо це не назва міста, річки чи твору («Каштанка»)." in book
    assert "Можна грати й до 200 очок" in book
    assert "Якщо домовилися грати до 200 очок" in notes(folder / "scoresheet.pdf")


def test_a_rule_written_anew_over_an_inherited_source_is_the_sets_own(built, write):
    """A kit whose rules extend the book's but change the blank: the book's line no longer says it."""
    kit = write("house.yaml", """
        extends: krestoslovitsa
        name: house
        rules:
          extends: krestoslovitsa
          blank_value: zero
        """)
    rules = load_kit(str(kit)).rules
    assert rules.source("blank_value").by is Authority.AGREED and rules.source("rack").by is Authority.BOOK
    _, agreed = after(lines_of(built(str(kit)) / "reference.pdf"), "По договорённости: правило этого набора:")
    assert agreed == "Пустышка заменяет любую букву и стоит 0 очков."


def test_a_rule_set_without_sources_prints_its_rules_under_its_own_heading(built, write):
    rules = write("plain-rules.yaml", """
        name: plain
        rack: 7
        placement: line
        blank_value: zero
        premiums: once
        end: deduct
        """)
    kit = write("plain.yaml", f"extends: scrabble-en\nname: plain\nrules: {rules}\n")
    lines = [t for _, t in lines_of(built(str(kit)) / "reference.pdf")]
    assert "The rules of this set: plain" in lines
    assert not any(t.startswith("By ") for t in lines)  # one group: no source heading


def test_the_score_sheet_gives_the_target_as_an_agreed_option_and_the_word_rule(built):
    text = notes(built("krestoslovitsa") / "scoresheet.pdf")
    assert ("Игра идёт, пока не кончатся фишки; выигрывает тот, у кого больше очков. Если договорились играть до 150 "
            "очков: когда кто-то их набрал, круг доигрывается") in text
    assert "Игра до 150" not in text
    assert "Слова — имена существительные нарицательные" in text


# -- bad input ------------------------------------------------------------------------------------------

RULES = "name: r\nrack: 7\nplacement: line\nblank_value: zero\npremiums: once\nend: deduct\nstatements:\n"
FULL = "".join(f"  {k}: {{by: agreed}}\n" for k in ("rack", "first", "first_length", "placement", "read", "words",
                                                         "blank_value", "premiums", "word_premiums", "exchange", "end"))


@pytest.mark.parametrize("extra, line, message", [
    ("  colour: {by: book, quote: x}\n", 19,
     "'colour' is not a statement of a rule set: they are rack, first, first_length"),
    ("  challenge: {quote: x}\n", 19, "the source of 'challenge' has no 'by'"),
    ("  challenge: {by: bok, quote: x}\n", 19, "'by' must be one of book, scrabble, erudit, records, federation, "
                                                "agreed, not 'bok' (did you mean 'book'?)"),
    ("  challenge: {by: book}\n", 19, "the source of 'challenge' quotes no line of it: give 'quote'"),
    ("  challenge: {by: book, quote: x, page: 3}\n", 19, "unknown key 'page' in the source of 'challenge'"),
    ("  blank_swap: {by: agreed}\n", 7, "'statements' sources 'blank_swap', which these rules do not have"),
])
def test_a_statement_without_a_proper_source_is_bad_input_at_its_line(run, write, extra, line, message):
    rules = write("r.yaml", RULES + FULL + extra)
    kit = write("k.yaml", f"extends: scrabble-en\nname: k\nrules: {rules}\n")
    code, out, err = run("check", kit)
    assert (code, out) == (2, "")
    assert f"{rules}:{line}:" in err and message in err, err


def test_a_file_that_sources_its_statements_sources_all_it_prints(run, write):
    rules = write("r.yaml", RULES + "  rack: {by: agreed}\n")
    kit = write("k.yaml", f"extends: scrabble-en\nname: k\nrules: {rules}\n")
    code, out, err = run("check", kit)
    assert (code, out) == (2, "")
    assert f"{rules}:7:1: 'statements' gives no source for 'first', 'first_length', 'placement', 'read', 'words', " \
           "'blank_value', 'premiums', 'word_premiums', 'exchange', 'end', which the reference card prints" in err


@pytest.mark.parametrize("edition, message", [
    ("  UK: {target_score: 200}\n", "'editions' is keyed by a language code of 2 or 3 small letters (uk, ru, en), "
                                    "not 'UK'"),
    ("  uk: {target_score: 200}\n", "the uk edition changes 'target_score' but gives no source for it"),
    ("  uk: {rack: 8}\n", "unknown key 'rack' in the uk edition"),
    ("  uk: {proper_nouns: [pets]}\n", "'proper_nouns' lists kinds of proper noun"),
])
def test_bad_editions_are_reported_at_their_line(run, write, edition, message):
    rules = write("r.yaml", RULES + FULL + "editions:\n" + edition)
    kit = write("k.yaml", f"extends: scrabble-en\nname: k\nrules: {rules}\n")
    code, out, err = run("check", kit)
    assert (code, out) == (2, "")
    assert f"{rules}:" in err and message in err, err
