"""The sheets' words: one table, whole in every language it claims, English as the fallback."""

from __future__ import annotations

import pytest

from printkit.fonts import default_bold, default_regular, load
from printkit.text import LANGUAGES, TABLE, placeholders, plural, words


def test_every_key_is_in_english_and_every_claimed_language():
    for key, entry in TABLE.items():
        for language in LANGUAGES:
            assert entry.get(language), f"'{key}' has no {language}"


def test_every_language_has_the_same_placeholders_and_plural_forms():
    for key, entry in TABLE.items():
        names = placeholders(entry["en"])
        counted = "|" in entry["en"] and "{" not in entry["en"]  # a noun's forms alone (counts in a
        # sentence, {n:a|b}, are checked by tests/config/test_plural.py)
        for language, text in entry.items():
            assert placeholders(text) == names, (key, language)
            if counted:
                assert text.count("|") == (2 if language in ("ru", "uk") else 1), (key, language)


def test_the_bundled_fonts_draw_every_word():
    regular, bold = load(str(default_regular())), load(str(default_bold()))
    for entry in TABLE.values():
        for text in entry.values():
            assert not regular.missing(text) and not bold.missing(text), text


@pytest.mark.parametrize("n, ru, uk", [(1, "лист", "аркуш"), (2, "листа", "аркуші"), (4, "листа", "аркуші"),
                                       (5, "листов", "аркушів"), (11, "листов", "аркушів"),
                                       (12, "листов", "аркушів"), (21, "лист", "аркуш"), (22, "листа", "аркуші"),
                                       (111, "листов", "аркушів"), (0, "листов", "аркушів")])
def test_plural_forms(n, ru, uk):
    assert plural(n, "ru", "лист|листа|листов") == ru
    assert plural(n, "uk", "аркуш|аркуші|аркушів") == uk
    assert plural(n, "en", "page|pages") == ("page" if n == 1 else "pages")


def test_words_fill_in_and_fall_back_to_english():
    assert words("ru")("page_of", page=2, pages=4) == "лист 2 из 4"
    assert words("uk")("page_of", page=2, pages=4) == "аркуш 2 з 4"
    assert words("de")("page_of", page=2, pages=4) == "page 2 of 4"
    assert words("ru").counted("pages_from", 4) == "4 листов"
    assert words("ru").counted("pages_from", 1) == "1 листа"
    assert words("en").counted("pages_from", 2) == "2 pages"
