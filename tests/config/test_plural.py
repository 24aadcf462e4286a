"""Counts agree with their numbers: printkit's plural rules are CLDR's (checked against Babel), and every
counted phrase on the sheets, the web page and the command's output takes the form its number asks."""

from __future__ import annotations

import re

import pytest
from babel import Locale

from printkit.text import TABLE, placeholders, words
from printkit.text.plural import ORDER, RULES, category, counted, english, form

LANGUAGES = ("ru", "uk", "en", "pl", "de", "fr", "es", "nl")
NUMBERS = (0, 1, 2, 4, 5, 11, 12, 21, 22, 25, 101, 111, 131)


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_whole_number_takes_cldr_s_category(language):
    rule = Locale.parse(language).plural_form
    numbers = list(range(0, 10_001)) + [10 ** 6, 2 * 10 ** 6, 10 ** 6 + 1, 10 ** 7, 10 ** 9]
    wrong = [(n, category(n, language), rule(n)) for n in numbers if category(n, language) != rule(n)]
    assert not wrong[:5], f"{language}: (n, ours, CLDR) {wrong[:5]}"


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_order_of_forms_lists_every_category_the_language_uses(language):
    used = {category(n, language) for n in list(range(0, 1001)) + [10 ** 6]}
    assert used == set(ORDER[language])
    assert set(RULES) == set(LANGUAGES)


@pytest.mark.parametrize("n, ru, uk, pl", [
    (0, "фишек", "фішок", "płytek"), (1, "фишка", "фішка", "płytka"), (2, "фишки", "фішки", "płytki"),
    (4, "фишки", "фішки", "płytki"), (5, "фишек", "фішок", "płytek"), (11, "фишек", "фішок", "płytek"),
    (12, "фишек", "фішок", "płytek"), (21, "фишка", "фішка", "płytek"), (22, "фишки", "фішки", "płytki"),
    (25, "фишек", "фішок", "płytek"), (101, "фишка", "фішка", "płytek"), (111, "фишек", "фішок", "płytek"),
    (131, "фишка", "фішка", "płytek")])
def test_slavic_forms(n, ru, uk, pl):
    assert form(n, "ru", "фишка|фишки|фишек") == ru
    assert form(n, "uk", "фішка|фішки|фішок") == uk
    assert form(n, "pl", "płytka|płytki|płytek") == pl


@pytest.mark.parametrize("n", NUMBERS)
def test_other_forms(n):
    assert counted(n, "en", "tile|tiles") == f"{n} {'tile' if n == 1 else 'tiles'}"
    assert counted(n, "de", "Stein|Steine") == f"{n} {'Stein' if n == 1 else 'Steine'}"
    assert counted(n, "nl", "steen|stenen") == f"{n} {'steen' if n == 1 else 'stenen'}"
    assert counted(n, "es", "ficha|fichas") == f"{n} {'ficha' if n == 1 else 'fichas'}"
    assert counted(n, "fr", "jeton|jetons") == f"{n} {'jeton' if n in (0, 1) else 'jetons'}"
    assert english(n, "blank") == f"{n} {'blank' if n == 1 else 'blanks'}"
    assert english(n, "box", "boxes") == f"{n} {'box' if n == 1 else 'boxes'}"


def test_a_count_is_a_whole_number():
    for bad in (-1, 1.5, True, "3"):
        with pytest.raises(ValueError):
            category(bad, "ru")


# -- every counted phrase of the table ----------------------------------------------------------------

COUNT_FIELD = re.compile(r"\{(\w+):([^{}]*\|[^{}]*)\}")


def counted_phrases():
    """(key, language, field) for every field of the table written with a noun's forms."""
    for key, entry in TABLE.items():
        for language, text in entry.items():
            for name, forms in COUNT_FIELD.findall(text):
                yield key, language, name, forms


def test_the_table_writes_counts_with_the_forms_of_its_language():
    found = list(counted_phrases())
    assert len({k for k, *_ in found}) >= 12  # the sheets' counts: totals, premiums, rules, groups…
    for key, language, name, forms in found:
        n_forms = len(forms.split("|"))
        assert n_forms in ((3,) if language in ("ru", "uk") else (2,)), (key, language, forms)
        # every language counts the same figures
        assert {n for n, _ in COUNT_FIELD.findall(TABLE[key]["en"])} == \
               {n for n, _ in COUNT_FIELD.findall(TABLE[key][language])}, (key, language)


def _fill(key: str, language: str, n: int) -> str:
    figures = {name: n for name in placeholders(TABLE[key]["en"])}
    figures.update({k: "X" for k in ("title", "legend", "rules", "groups", "paper", "cell") if k in figures})
    return words(language)(key, **figures)


# Each counted noun in each form, as the sheets print it: (key, language, n) → the words after n.
EXPECTED = {
    ("premium_count", "ru"): {0: "клеток", 1: "клетка", 2: "клетки", 4: "клетки", 5: "клеток", 11: "клеток",
                              12: "клеток", 21: "клетка", 22: "клетки", 25: "клеток", 101: "клетка",
                              111: "клеток", 131: "клетка"},
    ("premium_count", "uk"): {0: "клітинок", 1: "клітинка", 2: "клітинки", 4: "клітинки", 5: "клітинок",
                              11: "клітинок", 12: "клітинок", 21: "клітинка", 22: "клітинки", 25: "клітинок",
                              101: "клітинка", 111: "клітинок", 131: "клітинка"},
    ("premium_count", "en"): {n: "square" if n == 1 else "squares" for n in NUMBERS},
}


@pytest.mark.parametrize("n", NUMBERS)
@pytest.mark.parametrize("key, language", sorted(EXPECTED))
def test_premium_counts(key, language, n):
    assert _fill(key, language, n) == f"X: {n} {EXPECTED[key, language][n]}"


@pytest.mark.parametrize("n", NUMBERS)
def test_the_totals_of_the_reference_card(n):
    assert words("ru")("tiles_total", total=n, lettered=n, blanks=n, points=n) == (
        f"всего {n} {form(n, 'ru', 'фишка|фишки|фишек')}: {n} с буквами и {n} {form(n, 'ru', 'пустая|пустые|пустых')}; "
        f"всего {n} {form(n, 'ru', 'очко|очка|очков')}")
    assert words("uk")("tiles_total", total=n, lettered=n, blanks=n, points=n) == (
        f"усього {n} {form(n, 'uk', 'фішка|фішки|фішок')}: {n} з літерами і {n} "
        f"{form(n, 'uk', 'порожня|порожні|порожніх')}; усього {n} {form(n, 'uk', 'очко|очка|очок')}")
    blanks = "blank" if n == 1 else "blanks"
    assert words("en")("tiles_total", total=n, lettered=n, blanks=n, points=n).endswith(
        f"and {n} {blanks}; {n} {'point' if n == 1 else 'points'} in all")
    # the languages printed in English count in English
    for language in ("pl", "de", "fr", "es", "nl"):
        assert words(language)("tiles_total", total=n, lettered=n, blanks=n, points=n) == \
               words("en")("tiles_total", total=n, lettered=n, blanks=n, points=n)


def test_the_phrases_the_issue_found_wrong():
    assert _fill("premium_count", "ru", 24) == "X: 24 клетки"
    assert _fill("premium_count", "uk", 24) == "X: 24 клітинки"
    assert words("ru")("tiles_total", total=131, lettered=129, blanks=2, points=234).startswith("всего 131 фишка:")
    assert "234 очка" in words("uk")("tiles_total", total=131, lettered=129, blanks=2, points=234)
    assert "2 порожні" in words("uk")("tiles_total", total=131, lettered=129, blanks=2, points=234)
    assert "2 blanks" in words("en")("tiles_total", total=100, lettered=98, blanks=2, points=187)
    assert words("ru")("board_size_note", rows=15, cols=15, cell=22) == "15 × 15 клеток по 22 мм"
    assert words("ru")("board_size_note", rows=21, cols=21, cell=22) == "21 × 21 клетка по 22 мм"
    assert words("ru")("target_note", target=150).startswith("Если договорились играть до 150 очков")  # agreed
    assert words("ru")("target_note", target=201).startswith("Если договорились играть до 201 очка")
    assert words("uk")("target_note", target=200).startswith("Якщо домовилися грати до 200 очок")


# -- the Russian and Ukrainian forms, checked against a morphological dictionary ----------------------

@pytest.fixture(scope="module")
def morph():
    pymorphy3 = pytest.importorskip("pymorphy3")
    return {"ru": pymorphy3.MorphAnalyzer(lang="ru"), "uk": pymorphy3.MorphAnalyzer(lang="uk")}


def _dictionary_forms(analyser, language: str, one: str) -> tuple[str, str, str]:
    """What the dictionary gives for 1, 2 and 5 of the word ``one`` (in the case it is written in)."""
    parse = next(p for p in analyser.parse(one) if p.tag.POS in ("NOUN", "ADJF") and "plur" not in p.tag)
    if language == "ru":
        return tuple(parse.make_agree_with_number(n).word for n in (1, 2, 5))
    case = parse.tag.case  # uk: 2–4 take the plural in the word's own case, 5 and more the genitive plural
    return one, parse.inflect({"plur", case}).word, parse.inflect({"plur", "gent"}).word


@pytest.mark.parametrize("language", ["ru", "uk"])
def test_every_counted_noun_has_the_dictionary_s_forms(morph, language):
    checked = 0
    for key, lang, name, forms in counted_phrases():
        if lang != language:
            continue
        *words_before, last = forms.split("|")[0].split(" ")
        assert not words_before, f"{key}: one word per form"
        assert tuple(forms.split("|")) == _dictionary_forms(morph[language], language, last), (key, forms)
        checked += 1
    assert checked >= 12
