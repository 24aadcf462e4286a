"""Is a noun a diminutive (or an endearing form) of another noun? By morphology, not by a list.

The book refuses "words with diminutive suffixes" («Слова с уменьшительными суффиксами не считаются»;
«Слова з зменшувальними суфіксами не пишуть»). Neither dictionary tags diminutives (OpenCorpora and
VESUM, as pymorphy3 ships them, have no such grammeme), so the rule is worked out from the word:

1. **A diminutive suffix.** The word (a common noun in the nominative singular) ends in one of its
   language's diminutive or endearing suffixes for its gender (:data:`SUFFIXES`, the grammars' lists:
   -ик, -чик, -ок/-ек/-ёк, -ец, -к(а), -очк-/-ечк-, -ичк-, -оньк-/-еньк-, -ушк-/-юшк-, -ышк-/-ишк-,
   -ц(е), -ец(о); Ukrainian also -ус-/-юс-, -ятк-).
2. **A base noun the dictionary knows.** Taking the suffix off, undoing the usual alternations of the
   stem's last consonant (к/ч, ц/ч, г/ж, з/ж, х/ш, с/ш, ск/щ), a fleeting vowel (пальч-ик → палец,
   колеч-ко → кольцо, зайч-ик → заяц) and, in Ukrainian, the і of a closed syllable (стол-ик → стіл,
   ніж-ка → нога), and putting back an ending of the gender (стол, дождь, рыба, окно…) gives a
   common noun in the dictionary of the **same gender and animacy** (стол-ик → стол; but полк-а is
   no diminutive of пол, a masculine noun, nor пес-ок of пёс, an animate one).
3. **Its meaning is not its own.** A diminutive is rarer than its base, used at most two thirds as
   often (столик beside стол). A word formed like one that is used more has become a word of its own
   (девочка beside дева, чашка beside чаша): it is not refused. Frequencies are wordfreq's (its small
   list for the language, the words used at least once in a million; a word below that is not used:
   both unused refuses), ё and е spellings together, times the share of the spelling's readings that
   are the noun (пола is mostly the genitive of пол).
4. **Words whose ordinary meaning is not "a small X"** though they are rarer than their base (носок,
   a sock, beside нос) are named in :mod:`printkit.engine.lexicalised`, each with its meaning (found
   by reading every word the rule refuses among the 40 000 commonest of each language). That list
   only lets words through; it never refuses one.

Limits (honest ones): a diminutive whose base the dictionary lacks, or that is formed irregularly
(окошко from окно), is not found; a lexicalised word rarer than its base and not in the list (ножка
of a table, звёздочка as an asterisk) is refused, which is what the book's rule literally says; the
frequency of a word form mixes its senses (котик the cat and котик the fur).
"""

from __future__ import annotations

import os
from dataclasses import dataclass

from .lexicalised import LEXICALISED


def in_dictionary(p) -> bool:
    """A reading from the dictionary, not a guess (pymorphy3's ``is_known`` without its lookup)."""
    from pymorphy3.units import DictionaryAnalyzer

    return len(p.methods_stack) == 1 and isinstance(p.methods_stack[0][0], DictionaryAnalyzer)

# Diminutive and endearing suffixes with their inflection, by the gender of the diminutive: what the
# word ends in. Every one that fits is tried.
SUFFIXES: dict[str, dict[str, tuple[str, ...]]] = {
    "ru": {
        "masc": ("ик", "чик", "ок", "ёк", "ек", "ец", "очек", "ечек", "ишка", "ишко", "ушка", "юшка",
                 "очка", "ечка", "онька", "енька"),
        "femn": ("ка", "очка", "ечка", "ичка", "онька", "енька", "ушка", "юшка", "ышка"),
        "neut": ("ко", "очко", "ечко", "ышко", "ишко", "ушко", "юшко", "ико", "це", "цо", "ецо", "ице"),
    },
    "uk": {
        "masc": ("ик", "чик", "ок", "ець", "очок", "ечок", "усь", "юсь", "онько", "енько"),
        "femn": ("ка", "очка", "ечка", "ичка", "онька", "енька", "уся", "юся"),
        "neut": ("ко", "очко", "ечко", "енько", "онько", "ятко", "атко", "це"),
    },
}

# Endings a base noun of each gender may have after the stem ("" for стол, дуб).
ENDINGS: dict[str, dict[str, tuple[str, ...]]] = {
    "ru": {"masc": ("", "ь", "й"), "femn": ("а", "я", "ь"), "neut": ("о", "е", "ё", "це")},
    "uk": {"masc": ("", "ь", "й", "о"), "femn": ("а", "я", "ь", "и"), "neut": ("о", "е", "я", "а", "це")},
}
# Second-degree diminutives (коробочка, кусочек, будиночок) are formed on a base with its own -к-:
# after a suffix -очк-/-ечк- the base may end in -ок, -ка, -ко as well.
SECOND = {"masc": ("ок", "ек"), "femn": ("ка",), "neut": ("ко",)}

# The stem's last consonant in the diminutive → what it is in the base.
ALTERNATIONS = {"ч": ("к", "ц"), "ж": ("г", "з"), "ш": ("х", "с"), "щ": ("ск",)}
VOWELS = set("аеёиоуыэюяіїє")
# A diminutive is used at most this share as often as its base; a word formed like one that is used
# more has a meaning of its own (chosen on the words of bench/review_diminutives.py: between 2/3 and
# 1, more of them are lexicalised words than diminutives, and below 2/3 fewer).
RARER = 2 / 3

GENDERS = frozenset({"masc", "femn", "neut"})
NONSTANDARD = frozenset({"Dist"})  # uk: покруч, a corrupt or borrowed form (VESUM's :bad)
PROPER = frozenset({"Name", "Surn", "Patr", "Geox", "Orgn", "Trad"})
_CASES = frozenset({"nomn", "gent", "datv", "accs", "ablt", "loct", "voct", "gen2", "acc2", "loc2"})


@dataclass(frozen=True)
class Formation:
    """How a noun is formed on another: ``столик`` on ``стол`` with the suffix ``ик``."""

    word: str
    base: str
    suffix: str
    refused: bool  # a diminutive by the rule (False: formed like one, but a word of its own)
    why: str  # "a diminutive of стол", or why it is not refused


def fold(text: str) -> str:
    return text.replace("ё", "е")


def genders(tag) -> frozenset[str]:
    """A noun's genders: one, or masculine and feminine for the common gender (сирота), or any."""
    grams = tag.grammemes
    if "ms-f" in grams:
        return frozenset({"masc", "femn"})
    found = grams & GENDERS
    return found or GENDERS


def _stems(stem: str, language: str) -> list[str]:
    """The stem as the base may have it: the stem itself, its last consonant alternated, a fleeting
    vowel put in or taken out, and in Ukrainian the і of a closed syllable."""
    if not stem:
        return []
    out = [stem]
    if stem.endswith("ь") and len(stem) > 2:  # стуль-чик → стул, колоколь-чик → колокол
        out.append(stem[:-1])
    last = stem[-1]
    for other in ALTERNATIONS.get(last, ()):
        out.append(stem[:-1] + other)
    more = []
    for s in out:
        if len(s) >= 3 and s[-1] not in VOWELS:
            before = s[-2]
            if before not in VOWELS and before not in "ьй'":  # a fleeting vowel put back: пальц → палец
                more += [s[:-1] + v + s[-1] for v in ("о", "е")]
            elif before in "ьй":  # пальц → палец, зайц → заяц, бойц → боец
                more += [s[:-2] + v + s[-1] for v in ("е", "я")]
            elif before in "оеё" and s[-3] not in VOWELS:  # колец → кольцо, сердец → сердце
                more += [s[:-2] + s[-1], s[:-2] + "ь" + s[-1]]
        if language == "uk":  # стол → стіл, кот → кіт, ведмед → ведмідь; ніж → ног
            for i in range(len(s) - 1, -1, -1):
                if s[i] in VOWELS:
                    swaps = {"о": ("і",), "е": ("і",), "і": ("о", "е")}.get(s[i], ())
                    more += [s[:i] + v + s[i + 1:] for v in swaps]
                    break
    seen = []
    for s in out + more:
        if s not in seen:
            seen.append(s)
    return seen


class DiminutiveFinder:
    """Finds what a noun is a diminutive of, with one analyser's dictionary and a frequency list."""

    def __init__(self, morph, language: str):
        self.morph = morph
        self.language = language
        self.suffixes = SUFFIXES.get(language, {})
        self.endings = ENDINGS.get(language, {})
        self.lexicalised = LEXICALISED.get(language, {})
        self._freq: dict[str, float] | None = None
        self._estimator = None  # pymorphy3's P(tag|word), loaded with the frequencies
        self._shares: dict[tuple[str, str], float] = {}
        self._bases: dict[tuple[str, str], list[tuple[str, str, str]]] = {}

    # -- frequencies --------------------------------------------------------------------------------

    def load(self) -> None:
        """Load the frequency list (wordfreq's small list: 0.1 s, 8 MB) and pymorphy3's P(tag|word)."""
        from wordfreq import get_frequency_dict  # the words extra, as pymorphy3

        self._freq = get_frequency_dict(self.language, wordlist="small")
        self._probabilities("", [])

    def frequency(self, word: str, lemma: str | None = None) -> float:
        """How often ``word`` is written as the noun ``lemma`` (itself unless given): wordfreq's share
        for the spelling (its small list; ё and е spellings together) times the share of the readings
        of that spelling that are this noun (пола is mostly пол's genitive, справа mostly an adverb):
        pymorphy3's P(tag|word) where the dictionary has it (Russian), else the words the spelling
        can be counted alike (Ukrainian)."""
        if self._freq is None:
            self.load()
        f = self._freq.get(word, 0.0)
        if "ё" in word:
            f += self._freq.get(fold(word), 0.0)
        return f * self._share(word, lemma or word) if f else 0.0

    def _share(self, word: str, lemma: str) -> float:
        key = (word, lemma)
        known = self._shares.get(key)
        if known is not None:
            return known
        parses = [p for p in self.morph.parse(fold(word)) if in_dictionary(p)]
        mine = [i for i, p in enumerate(parses) if "NOUN" in p.tag.grammemes and fold(p.normal_form) == fold(lemma)]
        probs = self._probabilities(fold(word), parses)
        total = sum(probs)
        if total:
            share = sum(probs[i] for i in mine) / total
        else:  # no P(tag|word): each word the spelling can be (lemma and part of speech) counts alike
            words = {(p.normal_form, p.tag.POS) for p in parses}
            share = len({(parses[i].normal_form, parses[i].tag.POS) for i in mine}) / len(words) if words else 0.0
        self._shares[key] = share
        return share

    def _probabilities(self, word: str, parses) -> list[float]:
        """P(tag|word) of each parse where the dictionary has the table (the Russian one), else 0s."""
        if self._estimator is None:
            self._estimator = False
            path = getattr(self.morph.dictionary, "path", None)
            if path and os.path.exists(os.path.join(path, "p_t_given_w.intdawg")):
                from pymorphy3.analyzer import ProbabilityEstimator

                self._estimator = ProbabilityEstimator(path)
        if not self._estimator:
            return [0.0] * len(parses)
        return [self._estimator.p_t_given_w.prob(word, p.tag) for p in parses]

    # -- the base -------------------------------------------------------------------------------------

    def _candidates(self, word: str, gender: str) -> list[tuple[str, str]]:
        """(base, suffix) strings a diminutive ``word`` of ``gender`` may be formed on."""
        out = []
        for suffix in self.suffixes.get(gender, ()):
            if not word.endswith(suffix):
                continue
            stem = word[: -len(suffix)]
            if not VOWELS & set(stem):  # гр-ечка is no diminutive of гра: a base's stem has a vowel
                continue
            endings = self.endings.get(gender, ())
            if suffix[:2] in ("оч", "еч"):
                endings += SECOND[gender]
            for s in _stems(stem, self.language):
                if not VOWELS & set(s):
                    continue
                for ending in endings:
                    base = s + ending
                    if base != word:
                        out.append((base, suffix))
        return out

    def _nouns(self, base: str, gender: str) -> dict[str, frozenset[str]]:
        """The common nouns of ``gender`` that ``base`` is the nominative singular of, with the
        animacies of their readings: {lemma: {"anim", "inan"}} (голова is a head and a village's
        headman). A word the dictionary marks non-standard (the Ukrainian dictionary's покруч, Dist)
        is no base. First names are no bases: the dictionary tags their endearing forms as names
        (Петенька), and a first name as a base makes карлик a small Карл."""
        key = (base, gender)
        known = self._bases.get(key)
        if known is not None:
            return known
        found: dict[str, set[str]] = {}
        if self.morph.word_is_known(fold(base)):
            for p in self.morph.parse(fold(base)):
                if (in_dictionary(p) and fold(p.normal_form) == fold(base) and nominative_noun(p)
                        and gender in genders(p.tag)):
                    found.setdefault(p.normal_form, set()).add(p.tag.animacy or "")
        out = {lemma: frozenset(kinds) for lemma, kinds in found.items()}
        self._bases[key] = out
        return out

    def formation(self, word: str, tags) -> Formation | None:
        """What ``word`` (the nominative singular of a common noun, lower case, as the dictionary
        writes it) is formed on as a diminutive, or None. ``tags``: the word's readings as that noun.
        The commonest base is named."""
        own: dict[str, set[str]] = {}
        for tag in tags:
            for g in genders(tag):
                own.setdefault(g, set()).add(tag.animacy or "")
        bases: dict[str, tuple[float, str]] = {}
        for gender in sorted(own):
            mine = animacy(own[gender])
            for base, suffix in self._candidates(word, gender):
                for lemma, theirs in self._nouns(base, gender).items():
                    if mine and "" not in theirs and mine not in theirs:
                        continue  # пес-ок is no small пёс
                    if lemma not in bases:
                        bases[lemma] = (self.frequency(lemma), suffix)
        if not bases:
            return None
        lemma = min(bases, key=lambda b: (-bases[b][0], b))
        base_freq, suffix = bases[lemma]
        if word in self.lexicalised:
            return Formation(word, lemma, suffix, False,
                             f"formed like a diminutive of {lemma}, but a word of its own: {self.lexicalised[word]}")
        mine_freq = self.frequency(word)
        if mine_freq > 0 and mine_freq > RARER * base_freq:
            return Formation(word, lemma, suffix, False,
                             f"formed like a diminutive of {lemma}, but not much rarer than it: a word of its own")
        return Formation(word, lemma, suffix, True, f"a diminutive of {lemma}")


def nominative_noun(p) -> bool:
    """A common noun's reading in the nominative singular (a caseless lemma counts: the Ukrainian
    dictionary drops the case of some lemmas)."""
    grams = p.tag.grammemes
    if "NOUN" not in grams or grams & PROPER or grams & NONSTANDARD or "plur" in grams:
        return False
    if "Abbr" in grams or "Init" in grams:
        return False
    if "nomn" in grams:
        return True
    return not grams & _CASES and fold(p.word) == fold(p.normal_form)


def animacy(kinds: set[str]) -> str:
    """A diminutive's animacy from its readings: animate if any is (the Ukrainian dictionary gives
    animals an inanimate twin, for the accusative they may take; OpenCorpora splits котик the cat from
    котик the fur), else inanimate if any is, else unknown. Its base may be either of its readings'."""
    return "anim" if "anim" in kinds else "inan" if "inan" in kinds else ""
