"""Judging a word by a kit's rules: allowed or refused, and why.

Two judges, one interface (``judge(word) -> Verdict``):

- :class:`MorphJudge` (rules ``words: nouns``, Russian and Ukrainian): a morphological analyser
  (pymorphy3 with its dictionaries from pip) reads every reading of the word; the word is allowed when
  one reading is a noun in the nominative singular, or a plural-only noun (НОЖНИЦЫ) in the nominative,
  and, for a proper noun (a place, a surname, a first name), when the rules allow that kind. Only words
  the dictionary knows count; the analyser's guesses for unknown words do not. Ё and Е are one letter
  where the distribution folds them; elsewhere a word must be written with the letter the dictionary has.
- :class:`ListJudge` (``words: list``, and any language without an analyser): a word list, a plain
  UTF-8 file of one word a line in any case, loaded once into a set.

pymorphy3 is an optional extra (``printkit-tiles[words]``) and is imported only when a judge is made, so the
rest of printkit never loads it. Bad input (a letter the set lacks, a list that cannot be read, the
extra missing) raises :class:`WordsError`: one line, exit code 2.
"""

from __future__ import annotations

import unicodedata
from pathlib import Path
from typing import Iterable, Protocol

from ..errors import PrintkitError
from ..inputs import LineTooLong, NotUtf8, TooLarge, read_bounded
from ..install import install_line
from ..model import PROPER_NOUNS, DiminutiveRule, Distribution, Kit, Title, WordRule
from ..records import record
from ..report import one_line

MAX_LIST_BYTES = 64 * 1024 * 1024  # the biggest public word lists are a few MB
# the longest line of a word list or a lexicon (a word, or a comment): a language's longest words are under 100
# letters (200 bytes of Cyrillic). A file of one 30 MB line took 19 s and 1.7 GB to be refused as no words.
MAX_LINE_BYTES = 4096
ANALYSED = ("ru", "uk")  # languages with a pymorphy3 dictionary on PyPI
APOSTROPHES = "'\u2019\u02bc"  # the Ukrainian apostrophe, however it was typed


class WordsError(PrintkitError):
    """Unusable input to the judge: one line, exit code 2."""


def missing_extra(what: str) -> WordsError:
    return WordsError(f"printkit: {what} needs the optional extra: {install_line('words')}")


@record
class Verdict:
    word: str  # as judged (upper case)
    allowed: bool
    why: str  # the reading that allows it, or why not

    def line(self) -> str:
        return f"{self.word}: {'allowed' if self.allowed else 'refused'}: {self.why}"


class Judge(Protocol):
    source: str  # what it judges by, for the output's header

    def judge(self, word: str) -> Verdict: ...


# -- letters ---------------------------------------------------------------------------------------------

def normalise(word: str, dist: Distribution) -> str:
    """A word as the set writes it: NFC, upper case, apostrophes as the set's own (ʼ), letters the
    set folds into another as that one (Ё as Е in Эрудит's set)."""
    text = dist.upper(unicodedata.normalize("NFC", word.strip()))
    faces = set(dist.faces()) | set(dist.alphabet)
    own = next((a for a in APOSTROPHES if a in faces), None)
    if own:
        text = "".join(own if ch in APOSTROPHES else ch for ch in text)
    if dist.folds:  # Ё as Е, É as E, where the set has one tile for both
        text = "".join(dist.folds.get(ch, ch) for ch in text)
    return text


def letters_problem(word: str, dist: Distribution) -> str | None:
    """Why ``word`` (normalised) cannot be laid with the set's tiles, or None."""
    if not word:
        return "an empty word"
    known = set("".join(dist.faces())) | set("".join(dist.alphabet)) | set(dist.folds)
    bad = [ch for ch in dict.fromkeys(word) if ch not in known]
    if bad:
        shown = ", ".join(f"'{one_line(ch)}' (U+{ord(ch):04X})" for ch in bad)
        return f"{shown} {'is' if len(bad) == 1 else 'are'} not in the set {dist.name}"
    return None


# -- the word list -------------------------------------------------------------------------------------

def read_word_file(path: str | Path, limit: int, what: str, error: type[PrintkitError], *, folder: str = "",
                   too_large: str = "") -> str:
    """The text of a file of words, one a line (a word list, a lexicon): read through the one
    bounded reader; a folder, a special file, a file over ``limit`` bytes, a line over
    :data:`MAX_LINE_BYTES` (refused where it is, the rest unread) or text that is not UTF-8 is an
    ``error`` of one line naming the file (and the line), ``what`` the file's kind."""
    p = Path(path)
    name = one_line(str(path))
    try:
        if p.is_dir():
            raise error(f"{name}: a folder, not a word list{folder}")
        # a FIFO or a device: refused at once
        return read_bounded(p, limit, f"a {what}", text=True, longest_line=MAX_LINE_BYTES)
    except LineTooLong as exc:
        raise error(f"{name}:{exc.line}: a line of more than {exc.limit:,} bytes: a {what} has one word a "
                    f"line") from None
    except NotUtf8 as exc:
        raise error(f"{name}:{exc.line}: {exc} (a {what} is plain UTF-8, one word a line)") from None
    except TooLarge as exc:
        raise error(f"{name}: {exc.strerror}{too_large}") from None
    except OSError as exc:
        raise error(f"{name}: cannot read the {what}: {exc.strerror or exc}") from None


def word_lines(text: str, name: str, what: str, error: type[PrintkitError], short: str | None = None):
    """The words of a word file's ``text``, one a line, as (line number, word): empty lines and lines
    starting with ``#`` skipped; control or invisible characters, or two words on a line, an ``error``
    at its line. ``what`` names the file's kind ("word list"), ``short`` in the second message ("list")."""
    for n, raw in enumerate(text.split("\n"), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if any(unicodedata.category(ch) in ("Cc", "Cf", "Co", "Cs", "Cn") for ch in line):
            raise error(f"{name}:{n}: control or invisible characters: a {what} is plain text, one word a line")
        if len(line.split()) > 1:
            raise error(f"{name}:{n}: '{one_line(line[:40])}' is more than one word: a {short or what} has one "
                        f"word a line")
        yield n, line


def read_list(path: str | Path, dist: Distribution | None = None) -> frozenset[str]:
    """The words of a list file, normalised (upper case), as a set. Empty lines and lines starting
    with ``#`` are skipped; anything that is not one word of text a line is an error at its line."""
    name = one_line(str(path))
    text = read_word_file(path, MAX_LIST_BYTES, "word list", WordsError)
    words = set()
    for _, line in word_lines(text, name, "word list", WordsError, "list"):
        words.add(normalise(line, dist) if dist else unicodedata.normalize("NFC", line).upper())
    if not words:
        raise WordsError(f"{name}: the word list is empty")
    return frozenset(words)


class ListJudge:
    """Allowed when the word is in the list."""

    def __init__(self, words: Iterable[str], source: str):
        self.words = frozenset(words)
        self.source = source

    def judge(self, word: str) -> Verdict:
        if word in self.words:
            return Verdict(word, True, f"in the list {self.source}")
        return Verdict(word, False, f"not in the list {self.source}")


# -- the analyser ----------------------------------------------------------------------------------------

_POS = {"NOUN": "noun", "ADJF": "adjective", "ADJS": "short adjective", "COMP": "comparative",
        "VERB": "verb", "INFN": "verb, infinitive", "PRTF": "participle", "PRTS": "short participle",
        "GRND": "adverbial participle", "NUMR": "numeral", "ADVB": "adverb", "NPRO": "pronoun",
        "PRED": "predicative", "PREP": "preposition", "CONJ": "conjunction", "PRCL": "particle",
        "INTJ": "interjection"}
_CASES = {"nomn": "nominative", "gent": "genitive", "datv": "dative", "accs": "accusative",
          "ablt": "instrumental", "loct": "locative", "voct": "vocative", "gen2": "second genitive",
          "acc2": "second accusative", "loc2": "second locative"}
_PROPER = {tag: kind for kind, tags in PROPER_NOUNS.items() for tag in tags}
_KIND_NAME = {"places": "a place", "surnames": "a surname", "names": "a first name",
              "organisations": "an organisation"}
_KINDS_NAMED = {"places": "places", "surnames": "surnames", "names": "first names",
                "organisations": "organisations"}
_ANALYSERS: dict[str, object] = {}  # one per language and process: a load takes about 0.25 s and 16 MB


def analyser(language: str):
    """pymorphy3's analyser for ``language`` (ru, uk), made once."""
    if language not in _ANALYSERS:
        try:
            import pymorphy3
        except ImportError:
            raise missing_extra("judging words") from None
        try:
            # no probability estimator: it only orders the readings, and every reading is looked at
            # (it would cost half the time of a parse)
            _ANALYSERS[language] = pymorphy3.MorphAnalyzer(lang=language, probability_estimator_cls=None)
        except (ValueError, ImportError, OSError, KeyError):
            raise WordsError(f"printkit: no dictionary for the language '{language}': {install_line('words')} "
                             f"installs Russian (pymorphy3-dicts-ru) and Ukrainian (pymorphy3-dicts-uk)") from None
    return _ANALYSERS[language]


def in_dictionary(p) -> bool:
    """A reading the dictionary has (not the analyser's guess for an unknown word). The same as
    pymorphy3's ``Parse.is_known`` for a word's readings, without a dictionary lookup for each."""
    from pymorphy3.units import DictionaryAnalyzer

    return len(p.methods_stack) == 1 and isinstance(p.methods_stack[0][0], DictionaryAnalyzer)


def describe(tag, lemma_form: bool = False) -> str:
    """``noun, nominative, singular, a surname``: what a reading is, in words (``lemma_form``: a
    caseless lemma, read as the nominative)."""
    grams = tag.grammemes
    pos = str(tag.POS) if tag.POS else ""
    parts = [_POS.get(pos, pos.lower() or "unknown")]
    case = next((c for c in _CASES if c in grams), "nomn" if lemma_form else None)
    if case:
        parts.append(_CASES[case])
    if "plur" in grams:
        parts.append("plural only" if "Pltm" in grams else "plural")
    elif "sing" in grams or (pos == "NOUN" and case):
        parts.append("singular")
    kinds = [_KIND_NAME[_PROPER[g]] for g in grams if g in _PROPER]
    if kinds:
        parts.append(sorted(kinds)[0])
    if "Abbr" in grams:
        parts.append("an abbreviation")
    return ", ".join(parts)


class MorphJudge:
    """Nouns in the nominative singular, or plural-only nouns in the nominative; proper nouns of
    the allowed kinds (the Ukrainian dictionaries mark number only on plurals: no ``plur`` is singular);
    where the rules refuse them, no diminutives (:mod:`printkit.engine.diminutive`); and the one-word
    titles the rules name."""

    def __init__(self, language: str, proper: frozenset[str], folds_yo: bool, rules_name: str = "",
                 diminutives: DiminutiveRule = DiminutiveRule.ALLOWED, titles: Iterable[Title] = ()):
        self.morph = analyser(language)
        self.language = language
        self.proper = proper
        self.folds_yo = folds_yo
        self.apostrophe = language == "uk"
        self.rules = rules_name
        self.source = f"the {language} dictionary of pymorphy3, rules {rules_name}: nouns"
        self.titles = {self._key(t.word): t for t in titles if t.language in ("", language)}
        self.diminutives = None
        if diminutives is DiminutiveRule.REFUSED:
            from .diminutive import DiminutiveFinder

            self.diminutives = DiminutiveFinder(self.morph, language)
            self.diminutives.load()  # with the judge, not at the first word that needs it
            self.source += ", no diminutives"
        self._tags: dict[tuple[str, bool], tuple[str, str | None]] = {}  # a tag → (what it is, why not)

    def _key(self, word: str) -> str:
        text = unicodedata.normalize("NFC", word).lower()
        if self.apostrophe:
            text = "".join("'" if ch in APOSTROPHES else ch for ch in text)
        return text.replace("ё", "е") if self.folds_yo else text

    def _reading(self, tag, lemma_form: bool) -> tuple[str, str | None]:
        key = (str(tag), lemma_form)
        known = self._tags.get(key)
        if known is None:
            known = self._tags[key] = (describe(tag, lemma_form), self._why_not(tag.grammemes, lemma_form))
        return known

    def _why_not(self, grams: frozenset[str], lemma_form: bool = False) -> str | None:
        """Why one reading does not count (None: it does)."""
        if "NOUN" not in grams:
            return "not a noun"
        if "Abbr" in grams or "Init" in grams:
            return "an abbreviation"
        if "nomn" not in grams and not lemma_form:
            return "not nominative"
        if "plur" in grams and "Pltm" not in grams:
            return "plural of a noun that has a singular"
        kinds = {_PROPER[g] for g in grams if g in _PROPER}
        refused = sorted(kinds - self.proper)
        if refused:
            return f"{_KINDS_NAMED[refused[0]]} are not allowed by the rules {self.rules}"
        return None

    def judge(self, word: str) -> Verdict:
        text = word.lower()
        if self.apostrophe:
            text = "".join("'" if ch in APOSTROPHES else ch for ch in text)
        title = self.titles.get(self._key(word))
        if title is not None:
            source = f" ({one_line(title.source)})" if title.source else ""
            return Verdict(word, True, f"{title.word.lower()}: a title of a work, allowed by the rules "
                                       f"{self.rules}{source}")
        readings = [p for p in self.morph.parse(text) if in_dictionary(p)]
        if not readings:
            return Verdict(word, False, "not in the dictionary")
        if not self.folds_yo:  # the set has Ё: the word must be written as the dictionary writes it
            exact = [p for p in readings if p.word == text]
            if not exact:
                return Verdict(word, False, f"written {readings[0].word.upper()} in the dictionary")
            readings = exact
        refused, formed = self._diminutive(readings) if self.diminutives is not None else (None, {})
        if refused is not None:
            return Verdict(word, False, refused)
        reasons, allowed = [], []
        for p in readings:
            lemma_form = _caseless_lemma(p)
            description, why = self._reading(p.tag, lemma_form)
            what = f"{p.normal_form}: {description}"
            if why is None:
                note = formed.get(p.normal_form)
                if note:
                    what += f" ({note})"
                if not (p.tag.grammemes & _PROPER.keys()):
                    return Verdict(word, True, what)  # a common noun: the plainest reason
                allowed.append(what)
                continue
            entry = f"{what} ({why})"
            if entry not in reasons:
                reasons.append(entry)
        if allowed:
            return Verdict(word, True, allowed[0])
        return Verdict(word, False, "; ".join(reasons[:4]) + ("; …" if len(reasons) > 4 else ""))

    def _diminutive(self, readings) -> tuple[str | None, dict[str, str]]:
        """Why the word is refused as a diminutive (or None), and for each lemma formed like one but
        with a meaning of its own, why it is not refused. A word one of whose readings as a common
        noun in the nominative singular is a diminutive is refused, whatever its other readings (котик
        the cat, though котик is also a fur and, in Ukrainian, a surname)."""
        from .diminutive import nominative_noun

        formed: dict[str, str] = {}
        lemmas: dict[str, list] = {}
        for p in readings:
            if nominative_noun(p) and p.normal_form.replace("ё", "е") == p.word.replace("ё", "е"):
                lemmas.setdefault(p.normal_form, []).append(p)
        for lemma, ps in lemmas.items():
            formation = self.diminutives.formation(lemma, [p.tag for p in ps])
            if formation is None:
                continue
            if formation.refused:
                description, _ = self._reading(ps[0].tag, _caseless_lemma(ps[0]))
                return (f"{lemma}: {description}, {formation.why} (diminutives are not allowed by the rules "
                        f"{self.rules})"), formed
            formed[lemma] = formation.why
        return None, formed


def _caseless_lemma(p) -> bool:
    """A noun's lemma with no case in its tag: the Ukrainian dictionary drops the nominative from the
    first form of some of its paradigms (сонечко, котик): read as the nominative singular."""
    grams = p.tag.grammemes
    return ("NOUN" in grams and not grams & _CASE_TAGS and "plur" not in grams
            and p.word.replace("ё", "е") == p.normal_form.replace("ё", "е"))


_CASE_TAGS = frozenset(_CASES)


# -- choosing a judge -----------------------------------------------------------------------------------

def judge_for(kit: Kit, words_file: str | None = None) -> Judge:
    """The judge of ``kit``: the word list given (``--words``), else the analyser where the rules
    judge nouns in Russian or Ukrainian, else the kit's own list (``words:``)."""
    dist = kit.distribution
    if words_file is not None:
        return ListJudge(read_list(words_file, dist), one_line(str(words_file)))
    language = (dist.language or kit.language).split("-")[0].lower()
    if kit.rules.words is WordRule.NOUNS and language in ANALYSED:
        folds_yo = dist.folds.get("Ё") == "Е" or "Ё" not in dist.faces()
        return MorphJudge(language, kit.rules.proper_nouns, folds_yo, kit.rules.name, kit.rules.diminutives,
                          kit.rules.titles)
    if kit.words:
        try:
            words = read_list(kit.words, dist)
        except WordsError as exc:  # say where the kit named the list, too
            raise WordsError(f"{kit.at('words')}: 'words': {exc}") from None
        return ListJudge(words, one_line(kit.words))
    why = ("judge words by a list" if kit.rules.words is WordRule.LIST
           else f"judge nouns, and printkit has a dictionary for {' and '.join(ANALYSED)} only")
    raise WordsError(f"{kit.source}: the rules {kit.rules.name} {why}: give one with --words FILE, or "
                     f"'words: FILE' in the kit")
