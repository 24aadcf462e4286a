"""``printkit word`` and ``--judge``: words judged by the kit's rules, from the real analyser (pymorphy3
and its dictionaries) or a word list; bad input is one line and exit code 2; the other commands never
load the extra."""

from __future__ import annotations

from pathlib import Path

import pytest
from judgerun import BLOCK, python

pytest.importorskip("pymorphy3")

ROOT = Path(__file__).resolve().parents[2]


def _lines(out: str) -> dict[str, str]:
    """``WORD: verdict: why`` lines by word."""
    return {line.split(":", 1)[0]: line.split(":", 1)[1].strip() for line in out.splitlines()}


def test_the_books_nouns_are_allowed(run):
    code, out, err = run("word", "--kit", "krestoslovitsa", "ЩУКА", "полка", "НОЖНИЦЫ")
    assert (code, err) == (0, "")
    lines = _lines(out)
    assert lines["ЩУКА"] == "allowed: щука: noun, nominative, singular"
    assert lines["ПОЛКА"] == ("allowed: полка: noun, nominative, singular (formed like a diminutive of пола, but "
                              "not much rarer than it: a word of its own)")
    assert lines["НОЖНИЦЫ"] == "allowed: ножницы: noun, nominative, plural only"


@pytest.mark.parametrize("word, why", [
    ("БЕЖАТЬ", "бежать: verb, infinitive (not a noun)"),
    ("КРАСИВЫЙ", "красивый: adjective, nominative, singular (not a noun)"),
    ("ЩУКИ", "щука: noun, genitive, singular (not nominative)"),
    ("ЩУКИ", "щука: noun, nominative, plural (plural of a noun that has a singular)"),
    ("ИВАН", "иван: noun, nominative, singular, a first name (first names are not allowed by the rules "
             "krestoslovitsa)"),
    ("ХРЮКОЗЯБРА", "not in the dictionary"),
])
def test_other_words_are_refused_with_the_reason(run, word, why):
    code, out, err = run("word", word)
    assert (code, err) == (1, "")
    verdict = _lines(out)[word]
    assert verdict.startswith("refused: ")
    assert why in verdict


def test_one_refused_word_among_allowed_ones_exits_1(run):
    code, out, _ = run("word", "ЩУКА", "БЕЖАТЬ")
    assert code == 1
    assert out.splitlines()[0].startswith("rule: Words: common nouns")  # the rule judged by, then a line a word
    assert [line.split(": ")[1] for line in out.splitlines()[1:]] == ["allowed", "refused"]


def test_proper_nouns_follow_the_rule_set(run):
    """The book allows places and surnames; Эрудит no proper nouns."""
    code, out, _ = run("word", "--kit", "krestoslovitsa", "МОСКВА", "ПУШКИН")
    assert code == 0
    assert _lines(out)["МОСКВА"].endswith("a place")
    code, out, _ = run("word", "--kit", "erudit", "МОСКВА")
    assert code == 1
    assert "places are not allowed by the rules erudit" in out


def test_yo_folds_where_the_set_folds_it(run, write):
    """Эрудит's set has no Ё tile (ЁЖ is laid as ЕЖ); a set with a Ё tile must write the dictionary's letter."""
    assert run("word", "--kit", "erudit", "ЕЖ", "ЁЖ")[0] == 0
    kit = write("ru-yo.yaml", """
        extends: scrabble-ru
        name: ru-yo
        rules: {extends: scrabble, name: ru-nouns, words: nouns}
    """)
    code, out, _ = run("word", "--kit", kit, "ЁЖ", "ЕЖ")
    assert code == 1
    lines = _lines(out)
    assert lines["ЁЖ"].startswith("allowed")
    assert lines["ЕЖ"] == "refused: written ЁЖ in the dictionary"


def test_ukrainian_nouns_by_a_ukrainian_kit(run, write):
    """The Ukrainian dictionary marks only plurals (no 'sing'): read the real words, not tags."""
    kit = write("uk-nouns.yaml", """
        extends: scrabble-uk
        name: uk-nouns
        rules: {extends: scrabble, name: uk-nouns, words: nouns, proper_nouns: [places, surnames]}
    """)
    code, out, err = run("word", "--kit", kit, "ЩУКА", "ножиці", "СІМ'Я", "сімʼя")
    assert (code, err) == (0, "")
    lines = _lines(out)
    assert lines["ЩУКА"].startswith("allowed: щука: noun, nominative")
    assert lines["НОЖИЦІ"] == "allowed: ножиці: noun, nominative, plural only"
    assert lines["СІМʼЯ"].startswith("allowed: сім'я: noun, nominative")  # the apostrophe tile ʼ, however typed
    code, out, _ = run("word", "--kit", kit, "БІГТИ", "ЩУКИ")
    assert code == 1
    lines = _lines(out)
    assert "not a noun" in lines["БІГТИ"]
    assert "not nominative" in lines["ЩУКИ"] and "plural of a noun that has a singular" in lines["ЩУКИ"]


def test_a_scrabble_kit_with_a_small_list(run, write):
    words = write("words.txt", "# a test list\nquiz\nZYZZYVA\n\nJo\n")
    code, out, err = run("word", "--kit", "scrabble-en", "--words", words, "QUIZ", "zyzzyva", "JO")
    assert (code, err) == (0, "")
    assert out.splitlines()[0] == f"QUIZ: allowed: in the list {words}"
    code, out, _ = run("word", "--kit", "scrabble-en", "--words", words, "QUIZ", "QUIZZES")
    assert code == 1
    assert out.splitlines()[1] == f"QUIZZES: refused: not in the list {words}"


def test_the_kits_own_list_relative_to_the_kit(run, write):
    write("lists/en.txt", "cat\ndog\n")
    kit = write("my-en.yaml", """
        extends: scrabble-en
        name: my-en
        words: lists/en.txt
    """)
    code, out, _ = run("word", "--kit", kit, "CAT", "COW")
    assert code == 1
    assert _lines(out) == {"rule": "Words: those of the dictionary the players agree on before the game. "
                                   "(rules scrabble: by the rules of boxed Scrabble)",
                           "CAT": f"allowed: in the list {kit.parent / 'lists' / 'en.txt'}",
                           "COW": f"refused: not in the list {kit.parent / 'lists' / 'en.txt'}"}


@pytest.mark.parametrize("content, message", [
    (b"", "the word list is empty"),
    (b"# only a comment\n\n", "the word list is empty"),
    (b"cat\n\x89PNG\r\n\x1a\n\x00\x00", ":2: not UTF-8 text"),
    (b"cat\ndog\x00\x01\n", ":2: control or invisible characters"),
    (b"cat\nhot dog\n", ":2: 'hot dog' is more than one word"),
])
def test_bad_word_lists(run, tmp_path, content, message):
    path = tmp_path / "list.txt"
    path.write_bytes(content)
    code, out, err = run("word", "--kit", "scrabble-en", "--words", path, "CAT")
    assert (code, out) == (2, "")
    assert len(err.splitlines()) == 1
    assert err.startswith(str(path)) and message in err


def test_bad_input(run, tmp_path):
    code, out, err = run("word", "--kit", "scrabble-en", "--words", tmp_path / "missing.txt", "CAT")
    assert (code, out) == (2, "")
    assert err == f"{tmp_path / 'missing.txt'}: cannot read the word list: No such file or directory\n"
    code, out, err = run("word", "ЩУКА", "SHUKA")
    assert (code, out) == (2, "")
    assert err == ("word 2 'SHUKA': 'S' (U+0053), 'H' (U+0048), 'U' (U+0055), 'K' (U+004B), 'A' (U+0041) are "
                   "not in the set krestoslovitsa\n")
    code, out, err = run("word", "--kit", "scrabble-en", "CAT")
    assert (code, out) == (2, "")
    assert err == ("configs/kits/scrabble-en.yaml: the rules scrabble judge words by a list: give one with "
                   "--words FILE, or 'words: FILE' in the kit\n")
    code, _, err = run("score", "--words", tmp_path / "x.txt", "8H ПОЛ")
    assert code == 2 and err == "--words is the word list of --judge: give --judge too\n"


def test_score_judge_flags_words_and_keeps_scores(run):
    moves = ["H5 ЛАЗАРЕТ", "5F ПО.", "5F ...КАН"]
    plain = run("score", *moves)
    code, out, err = run("score", "--judge", *moves)
    assert (code, err) == (1, "")
    lines = out.splitlines()
    assert lines[1] == "words judged by the ru dictionary of pymorphy3, rules krestoslovitsa: nouns, no diminutives"
    assert "      allowed: пол: noun, nominative, singular" in lines
    assert ("      REFUSED: полкан: noun, nominative, singular, a first name (first names are not allowed by "
            "the rules krestoslovitsa)") in lines
    assert lines[-1] == "words refused: 1"
    # the same scores, line for line, without the judge's lines
    kept = [line for line in lines[:1] + lines[2:-1] if not line.startswith("      ")]
    assert plain[0] == 0 and kept == plain[1].splitlines()


def test_replay_judge_flags_words_and_keeps_scores(run, tmp_path):
    record = ROOT / "tests" / "data" / "gcg" / "book_examples.gcg"
    code, out, err = run("replay", "--judge", record)
    assert (code, err) == (0, "")
    assert out.splitlines()[-1] == "moves: 5, matched: 5, differ: 0, words refused: 0"
    assert "ok  words: ПРОПОЛКА ok" in out
    words = tmp_path / "en.txt"
    words.write_text("WINDY\n", encoding="utf-8")
    game = ROOT / "tests" / "data" / "gcg" / "liwords__josh_nationals_round_1.gcg"
    code, out, _ = run("replay", "--judge", "--words", words, "-q", game)
    summary = out.splitlines()[-1]
    assert code == 1
    assert summary.startswith("moves: ") and ", differ: 0, words refused: " in summary
    assert int(summary.rsplit(" ", 1)[1]) > 10
    assert "   REFUSED " in out and f"not in the list {words}" in out


# -- the extra stays optional --------------------------------------------------------------------------


_WATCH = """
import sys
from printkit.cli import main
code = main(sys.argv[1:])
loaded = sorted(m for m in sys.modules if m.split(".")[0] in ("pymorphy3", "wordfreq"))
print("LOADED", loaded, file=sys.stderr)
sys.exit(code)
"""


def test_without_the_extra_word_says_how_to_install_it(monkeypatch):
    from printkit.install import install_line

    p = python(BLOCK, "word", "ЩУКА")
    assert p.returncode == 2
    assert p.stdout == ""
    monkeypatch.chdir(ROOT)  # the process's folder (judgerun's): the pip line is said relative to it
    assert p.stderr == f"printkit: judging words needs the optional extra: {install_line('words')}\n"


@pytest.mark.parametrize("args", [
    ("list",),
    ("check", "krestoslovitsa"),
    ("score", "--kit", "scrabble-ru", "8H ПРОСТОР"),
    ("build", "scrabble-en", "--only", "tiles", "--out", "{tmp}", "-q"),
])
def test_the_other_commands_load_nothing_of_the_extra(tmp_path, args):
    p = python(_WATCH, *(a.format(tmp=tmp_path) for a in args))
    assert p.returncode == 0, p.stderr
    assert p.stderr.splitlines()[-1] == "LOADED []"


# -- the rule set's fields -------------------------------------------------------------------------------

def test_rule_sets_declare_their_words():
    from printkit.config import load_kit
    from printkit.model import WordRule

    book, erudit, scrabble = (load_kit(k).rules for k in ("krestoslovitsa", "erudit", "scrabble-en"))
    assert (book.words, book.proper_nouns) == (WordRule.NOUNS, frozenset({"places", "surnames"}))
    assert (erudit.words, erudit.proper_nouns) == (WordRule.NOUNS, frozenset())
    assert (scrabble.words, scrabble.proper_nouns) == (WordRule.LIST, frozenset())


def test_a_rule_set_written_without_them_judges_by_a_list(run, write):
    rules = write("house.yaml", """
        name: house
        rack: 7
        placement: line
        blank_value: zero
        premiums: once
        end: deduct
    """)
    kit = write("house-kit.yaml", f"""
        extends: scrabble-en
        name: house-kit
        rules: {rules.name}
    """)
    code, _, err = run("word", "--kit", kit, "CAT")
    assert code == 2 and "the rules house judge words by a list" in err


def test_bad_word_rules_are_reported_at_their_line(run, write):
    kit = write("bad.yaml", """
        extends: krestoslovitsa
        name: bad
        rules:
          extends: krestoslovitsa
          words: verbs
          proper_nouns: [places, pets]
    """)
    code, out, err = run("check", kit)
    assert (code, out) == (2, "")
    assert f"{kit}:5:" in err and "'words' must be one of nouns, list, not 'verbs'" in err
    assert f"{kit}:6:" in err and "'proper_nouns' lists kinds of proper noun: places, surnames, names, " \
                                  "organisations, works, heroes, not pets" in err


def test_a_kits_missing_list_is_reported_where_the_kit_names_it(run, write):
    kit = write("my-en.yaml", """
        extends: scrabble-en
        name: my-en
        words: lists/none.txt
    """)
    code, out, err = run("word", "--kit", kit, "CAT")
    assert (code, out) == (2, "")
    assert err == (f"{kit}:3:8: 'words': {kit.parent / 'lists' / 'none.txt'}: cannot read the word list: No such "
                   f"file or directory\n")


@pytest.mark.parametrize("word, message", [
    ("", "word 2 '': an empty word"),
    ("ЩУ КА", "word 2 'ЩУ КА': ' ' (U+0020) is not in the set krestoslovitsa"),
    ("ЩУКА\u200b", "word 2 'ЩУКА\\u200b': '\\u200b' (U+200B) is not in the set krestoslovitsa"),
    ("ПРЕДПРИНИМАТЕЛЬСТВО", "word 2 'ПРЕДПРИНИМАТЕЛЬСТВО': 19 letters: no word that long fits the board "
                            "standard-15 (15 squares)"),
    ("Я" * 20000, f"word 2 '{'Я' * 40}…': 20000 letters: no word that long fits the board standard-15 (15 squares)"),
])
def test_words_that_cannot_be_laid(run, word, message):
    code, out, err = run("word", "ПОЛ", word)
    assert (code, out) == (2, "")
    assert err == message + "\n"


def test_a_word_list_folds_letters_as_the_set_does(run, write):
    """French Scrabble has one E for É È Ê Ë: a list written with accents judges words typed either way."""
    words = write("fr.txt", "été\nÉlève\n")
    code, out, _ = run("word", "--kit", "scrabble-fr", "--words", words, "ETE", "ÉTÉ", "élève", "ELEVES")
    assert code == 1
    assert [line.split(": ")[:2] for line in out.splitlines()] == [
        ["ETE", "allowed"], ["ÉTÉ", "allowed"], ["ÉLÈVE", "allowed"], ["ELEVES", "refused"]]


def test_check_says_whether_the_kits_word_list_can_be_read(run, write, tmp_path):
    """``words:`` is a path; check finds a missing one at its line (the list itself is read by word)."""
    kit = write("k.yaml", "extends: scrabble-en\nname: lists\nwords: lists/missing.txt\n")
    code, out, _ = run("check", kit)
    assert code == 1
    assert f"    FAIL {kit}:3:8: 'words': {tmp_path / 'lists' / 'missing.txt'}: no such file" in out.splitlines()
    write("lists/missing.txt", "cat\ndog\n")
    code, out, _ = run("check", kit)
    assert code == 0 and f"    ok   word list {tmp_path / 'lists' / 'missing.txt'} (8 bytes)" in out.splitlines()
    code, out, _ = run("check", "scrabble-en")
    assert code == 0 and "    note the rules judge words by a list and the kit names none: printkit word and " \
                         "--judge need --words FILE (or 'words: FILE' in the kit)" in out.splitlines()


# -- diminutives: the book's rule («Слова с уменьшительными суффиксами не считаются») ---------------------
# These are the words the rule was developed on; tests/data/judge-eval.tsv holds others, judged once.

RU_DIMINUTIVES = {"СТОЛИК": "стол", "КОТИК": "кот", "ДОМИК": "дом", "ШАРИК": "шар", "ЕЖИК": "ёж", "РЫБКА": "рыба",
                  "ОГОНЕК": "огонь", "КОЛЕЧКО": "кольцо", "СЛОВЕЧКО": "слово", "ДОЧЕНЬКА": "дочь",
                  "СТУЛЬЧИК": "стул", "ПЛАТЬИЦЕ": "платье", "КУСОЧЕК": "кусок", "УШКО": "ухо", "НОЖКА": "нога",
                  "ГОЛОВУШКА": "голова", "ЗВЕЗДОЧКА": "звезда"}
RU_PLAIN = ["КРОЛИК", "ХИМИК", "УЧЕБНИК", "ПАМЯТНИК", "ЯЩИК", "БУБЛИК", "СОЛНЦЕ", "СТОЛ"]
UK_DIMINUTIVES = {"КОТИК": "кіт", "СТОЛИК": "стіл", "ХАТКА": "хата", "РИБКА": "риба", "ВУШКО": "вухо",
                  "ЯБЛУЧКО": "яблуко", "КОНИК": "кінь", "СЕСТРИЧКА": "сестра", "БУДИНОЧОК": "будинок",
                  "ДІДУСЬ": "дід", "КУРЧАТКО": "курча"}
UK_PLAIN = ["ЯЩИК", "КІТ", "СТІЛ", "КІНЬ", "БІЛКА"]


def _uk_book(write):
    """The book's rules on the Ukrainian set (no shipped kit has both)."""
    return write("uk-book.yaml", """
        extends: scrabble-uk
        name: uk-book
        rules: krestoslovitsa
    """)


def test_diminutives_are_refused_naming_their_base(run):
    code, out, err = run("word", *RU_DIMINUTIVES)
    assert (code, err) == (1, "")
    lines = _lines(out)
    for word, base in RU_DIMINUTIVES.items():  # the set folds Ё into Е; the dictionary writes ёжик
        assert lines[word].replace("ё", "е") == (f"refused: {word.lower()}: noun, nominative, singular, a diminutive "
                                                 f"of {base} (diminutives are not allowed by the rules "
                                                 f"krestoslovitsa)").replace("ё", "е"), word


def test_nouns_that_only_end_like_diminutives_are_allowed(run):
    """кроль-ик, хим-ик, учебн-ик…: no noun of the same gender is left when the suffix goes."""
    code, out, err = run("word", *RU_PLAIN)
    assert (code, err) == (0, "")
    lines = _lines(out)
    for word in RU_PLAIN:
        assert lines[word] == f"allowed: {word.lower()}: noun, nominative, singular", word


@pytest.mark.parametrize("word, why", [
    # the same gender is asked: полк-а is no small пол (a masculine noun)
    ("ПОЛКА", "полка: noun, nominative, singular (formed like a diminutive of пола, but not much rarer than it: a word "
              "of its own)"),
    # a word used more than two thirds as often as its base is one of its own
    ("ДЕВОЧКА", "девочка: noun, nominative, singular (formed like a diminutive of дева, but not much rarer than it: "
                "a word of its own)"),
    # and the few lexicalised ones rarer than their base are listed with their meaning
    ("НОСОК", "носок: noun, nominative, singular (formed like a diminutive of нос, but a word of its own: a sock)"),
    ("РУЧКА", "ручка: noun, nominative, singular (formed like a diminutive of рука, but a word of its own: a pen, "
              "a handle)"),
])
def test_words_formed_like_diminutives_with_a_meaning_of_their_own(run, word, why):
    code, out, _ = run("word", word)
    assert code == 0
    assert _lines(out)[word] == f"allowed: {why}"


def test_pet_names(run):
    """«Имена и клички не считаются»: ПОЛКАН is a first name to the dictionary; ШАРИК, the dog of the
    issue, is its small ball (шарик, of шар) and refused as a diminutive."""
    code, out, _ = run("word", "ПОЛКАН", "ШАРИК")
    assert code == 1
    lines = _lines(out)
    assert lines["ПОЛКАН"] == ("refused: полкан: noun, nominative, singular, a first name (first names are not "
                               "allowed by the rules krestoslovitsa)")
    assert lines["ШАРИК"].startswith("refused: шарик: noun, nominative, singular, a diminutive of шар")


def test_ukrainian_diminutives(run, write):
    kit = _uk_book(write)
    code, out, err = run("word", "--kit", kit, *UK_DIMINUTIVES)
    assert (code, err) == (1, "")
    lines = _lines(out)
    for word, base in UK_DIMINUTIVES.items():
        assert lines[word] == (f"refused: {word.lower()}: noun, nominative, singular, a diminutive of {base} "
                               f"(diminutives are not allowed by the rules krestoslovitsa)"), word
    code, out, err = run("word", "--kit", kit, *UK_PLAIN)
    assert (code, err) == (0, "")
    assert all(line.split(": ")[1] == "allowed" for line in out.splitlines()[1:])  # after the rule line
    # КОТИК is also a surname in the Ukrainian dictionary: the diminutive refuses it all the same
    assert "a surname" not in _lines(run("word", "--kit", kit, "КОТИК")[1])["КОТИК"]


def test_ukrainian_lemmas_the_dictionary_left_without_a_case(run, write):
    """pymorphy3's Ukrainian dictionary drops the nominative from the first form of some paradigms
    (кінь: 'NOUN,anim masc'): such a lemma is the nominative singular, not "not nominative"."""
    code, out, _ = run("word", "--kit", _uk_book(write), "КІНЬ")
    assert code == 0
    assert _lines(out)["КІНЬ"] == "allowed: кінь: noun, nominative, singular"


def test_kashtanka_a_title_the_ukrainian_text_allows(run, write):
    """«Імена та прізвиська не приймаються (якщо вони … не означають назв … творів, наприклад
    «Каштанка»)» (Ukrainian text); the Russian text allows no titles."""
    code, out, _ = run("word", "--kit", _uk_book(write), "КАШТАНКА")
    assert code == 0
    assert _lines(out)["КАШТАНКА"].startswith("allowed: каштанка: a title of a work, allowed by the rules "
                                              "krestoslovitsa (Ukrainian text: «Імена та прізвиська не приймаються")
    code, out, _ = run("word", "КАШТАНКА")
    assert code == 1
    assert _lines(out)["КАШТАНКА"] == "refused: not in the dictionary"


def test_the_rule_is_the_rule_sets(run, write):
    """Эрудит's rules say nothing of diminutives: СТОЛИК counts there; a rule set may refuse them."""
    code, out, _ = run("word", "--kit", "erudit", "СТОЛИК")
    assert (code, _lines(out)["СТОЛИК"]) == (0, "allowed: столик: noun, nominative, singular")
    kit = write("erudit-strict.yaml", """
        extends: erudit
        name: erudit-strict
        rules: {extends: erudit, name: erudit-strict, diminutives: refused}
    """)
    code, out, _ = run("word", "--kit", kit, "СТОЛИК")
    assert code == 1
    assert _lines(out)["СТОЛИК"].endswith("a diminutive of стол (diminutives are not allowed by the rules "
                                          "erudit-strict)")


def test_score_judge_refuses_a_diminutive_in_a_move(run):
    code, out, err = run("score", "--judge", "H8 СТОЛИК")
    assert (code, err) == (1, "")
    lines = out.splitlines()
    assert ("      REFUSED: столик: noun, nominative, singular, a diminutive of стол (diminutives are not "
            "allowed by the rules krestoslovitsa)") in lines
    assert lines[-1] == "words refused: 1"


@pytest.mark.parametrize("field, message", [
    ("diminutives: sometimes", "'diminutives' must be one of allowed, refused, not 'sometimes'"),
    ("titles: [{word: Наталка Полтавка}]", "a title is one word (the board holds one word), not 'Наталка Полтавка'"),
    ("titles: [{word: Каштанка, language: українська}]",
     "'language' is a language code such as uk or ru, not 'українська'"),
    ("titles: [{title: Каштанка}]", "unknown key 'title' in a title"),
])
def test_bad_diminutive_and_title_rules(run, write, field, message):
    kit = write("bad.yaml", f"""
        extends: krestoslovitsa
        name: bad
        rules:
          extends: krestoslovitsa
          {field}
    """)
    code, out, err = run("check", kit)
    assert (code, out) == (2, "")
    assert f"{kit}:5:" in err and message in err


def test_the_tuning_words_are_not_the_evaluation_words():
    """The rule was developed on the words above; the evaluation list must hold none of them."""
    evaluated = {(cells[0], cells[1]) for name in EVALS for cells in _eval_rows(name)}
    tuned = {("ru", w) for w in [*RU_DIMINUTIVES, *RU_PLAIN]}
    evaluated = {(lang, word.replace("Ё", "Е")) for lang, word in evaluated}
    tuned |= {("uk", w) for w in [*UK_DIMINUTIVES, *UK_PLAIN]}
    assert not evaluated & tuned


# -- the evaluation lists --------------------------------------------------------------------------------
# Each list holds 100 words with the verdict the book's rule gives them, written before the rule was run on
# it. judge-eval.tsv was judged once at commit 7ad5986 (89 right); judge-eval-2.tsv, written after that, was
# judged once at dfdbc6a (88 right). The target is 95: the misses are words formed like diminutives
# whose meaning is their own though they are rarer than their base (ЛОЖКА, ЦВЕТОК, ИГРУШКА, РЕЗИНКА…), and pet
# names the dictionaries know as common nouns or surnames (ЖУЧКА, БОБИК, РЯБКО): morphology and frequency
# cannot tell those. The floors below are the blind scores, so a change that loses words fails.

EVAL = ROOT / "tests" / "data" / "judge-eval.tsv"
EVALS = {"judge-eval.tsv": 89, "judge-eval-2.tsv": 88}


def _eval_rows(name: str = "judge-eval.tsv") -> list[list[str]]:
    rows = [line.split("\t") for line in (ROOT / "tests" / "data" / name).read_text(encoding="utf-8").splitlines()
            if line and not line.startswith("#")]
    assert rows[0] == ["lang", "word", "expected", "kind", "reason"]
    return rows[1:]


@pytest.mark.parametrize("name", EVALS)
def test_the_evaluation_lists_are_judged_by_the_books_rule(write, name):
    """Russian by the default kit, Ukrainian by the book's rules on the Ukrainian set."""
    from printkit.config import load_kit
    from printkit.engine.judge import judge_for, normalise

    rows = _eval_rows(name)
    assert len(rows) == 100 and {r[2] for r in rows} == {"allowed", "refused"}
    assert len({(r[0], r[1]) for r in rows}) == 100
    kits = {"ru": load_kit("krestoslovitsa"), "uk": load_kit(str(_uk_book(write)))}
    judges = {lang: judge_for(kit) for lang, kit in kits.items()}
    wrong = []
    for lang, word, expected, kind, reason in rows:
        verdict = judges[lang].judge(normalise(word, kits[lang].distribution))
        if ("allowed" if verdict.allowed else "refused") != expected:
            wrong.append(f"{lang} {word} ({kind}: {reason}): {verdict.line()}")
    assert 100 - len(wrong) >= EVALS[name], "\n".join(wrong)


def test_the_evaluation_lists_share_no_word():
    first = {(r[0], r[1]) for r in _eval_rows("judge-eval.tsv")}
    second = {(r[0], r[1]) for r in _eval_rows("judge-eval-2.tsv")}
    assert not first & second
