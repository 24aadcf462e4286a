"""The simulator's lexicon (printkit.engine.lexicon): a word list spelled in the set's tiles, the
words it cannot spell left out and counted, bad files refused in one line; the dictionaries' nouns
by the judge's rule, kept in the cache named by the dictionary's version."""

from __future__ import annotations

import pytest

from printkit.config import load_kit
from printkit.engine import lexicon as L

BOOK = load_kit("krestoslovitsa")
SPANISH = load_kit("scrabble-es")


def test_a_list_is_spelled_in_the_sets_tiles_and_the_rest_counted(tmp_path):
    f = tmp_path / "w.txt"
    f.write_text("# a comment\nкот\nЁЖ\n\nКОТ\nWORD\nА\nФФФФФФ\n" + "Д" * 16 + "\n", encoding="utf-8")
    lex = L.read_lexicon(f, BOOK)
    assert lex.words == (("Е", "Ж"), ("К", "О", "Т"))  # Ё folded into Е as the book's set plays it
    assert (lex.read, lex.unspellable, lex.misfit) == (7, 2, 2)  # WORD, ФФФФФФ (2 Ф + 2 blanks); А, 16 letters
    assert "2 the set cannot spell, 2 shorter than 2 tiles or longer than the board" in lex.describe()


def test_two_letter_faces_are_read_longest_first():
    lex = L.spell(["CHURRO", "LLAMA", "camión", "niño"], SPANISH, "t")
    assert ("CH", "U", "RR", "O") in lex.words and ("LL", "A", "M", "A") in lex.words
    assert ("C", "A", "M", "I", "O", "N") in lex.words  # Ó, which the set has no tile for, as O
    assert ("N", "I", "Ñ", "O") in lex.words  # Ñ, which it has


@pytest.mark.parametrize("data, line", [
    (b"\x00\x01\xff\xfe", "w.txt:1: not UTF-8 text: save the file as UTF-8 (byte 2 is 0xff) (a lexicon is plain "
                         "UTF-8, one word a line)"),
    (b"", "w.txt: no words: a lexicon is one word a line"),
    (b"# only\n\n", "w.txt: no words: a lexicon is one word a line"),
    ("кот\nдва слова\n".encode(), "w.txt:2: 'два слова' is more than one word: a lexicon has one word a line"),
    (b"WORD\nQUIZ\n", "w.txt: none of its 2 words can be laid with the tiles of krestoslovitsa (the first: "
                      "'WORD': 'W' is not in the set)"),
])
def test_bad_lexicons_are_one_line(tmp_path, data, line):
    f = tmp_path / "w.txt"
    f.write_bytes(data)
    with pytest.raises(L.LexiconError) as e:
        L.read_lexicon(f, BOOK)
    assert str(e.value).replace(str(tmp_path) + "/", "") == line


def test_a_lexicon_over_the_limits_is_refused(tmp_path, monkeypatch):
    f = tmp_path / "w.txt"
    f.write_text("КОТ\nТОК\nРОТ\n", encoding="utf-8")
    monkeypatch.setattr(L, "MAX_WORDS", 2)
    with pytest.raises(L.LexiconError, match=r"w.txt:3: more than 2 words"):
        L.read_lexicon(f, BOOK)
    monkeypatch.setattr(L, "MAX_BYTES", 8)
    with pytest.raises(L.LexiconError, match=r"w.txt: the file is 21 bytes: the limit for a lexicon is 8 bytes"):
        L.read_lexicon(f, BOOK)


def test_a_folder_and_a_missing_file(tmp_path):
    with pytest.raises(L.LexiconError, match="a folder, not a word list"):
        L.read_lexicon(tmp_path, BOOK)
    with pytest.raises(L.LexiconError, match="cannot read the lexicon"):
        L.read_lexicon(tmp_path / "none.txt", BOOK)


def test_the_nouns_are_the_judges():
    """Nominative singular nouns, plural-only nouns, places and surnames (the book allows them); no
    first names, no diminutives (the book refuses them), no verbs, no plurals of nouns with a singular."""
    got = L.morph_words(BOOK, ["кот", "котик", "ножницы", "москва", "иван", "бежать", "столы", "пушкин"])
    assert got == ["КОТ", "МОСКВА", "НОЖНИЦЫ", "ПУШКИН"]


def test_the_nouns_are_kept_in_the_cache_by_the_dictionarys_version(tmp_path, monkeypatch):
    monkeypatch.setenv("PRINTKIT_CACHE", str(tmp_path))
    built = []
    monkeypatch.setattr(L, "_build", lambda judge: built.append(1) or ["КОТ", "ТОК"])
    assert L.morph_words(BOOK) == ["КОТ", "ТОК"]
    assert L.morph_words(BOOK) == ["КОТ", "ТОК"] and built == [1]  # the second time from the cache
    name = L.cache_name(BOOK)
    kept = [p for p in tmp_path.rglob("*") if p.is_file()]  # printkit's cache, nowhere else
    assert [p.name for p in kept] == [name] and kept[0].parent.parent == tmp_path / "lexicon"
    assert "417150" in name  # the dictionary's source revision
    other = L._cache_name(BOOK, {"source_revision": "1", "compiled_at": "x"})
    assert other != name
    lex = L.lexicon_for(BOOK)
    assert lex.words == (("К", "О", "Т"), ("Т", "О", "К")) and "pymorphy3" in lex.source


def test_wordfreq_stands_in_for_other_languages():
    lex = L.lexicon_for(load_kit("scrabble-en"))
    assert ("T", "H", "E") in lex.words and len(lex.words) > 20000 and "wordfreq" in lex.source
