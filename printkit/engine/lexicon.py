"""The words a simulated game may play: a lexicon spelled in a set's tiles.

Three sources, one result (:class:`Lexicon`):

- a word-list file (``--lexicon FILE``): plain UTF-8, one word a line (``#`` lines and empty lines
  skipped), at most :data:`MAX_BYTES` and :data:`MAX_WORDS` words;
- for Russian and Ukrainian kits whose rules judge nouns: every lemma of the pymorphy3 dictionary
  the kit's judge (:class:`~.judge.MorphJudge`) allows: nouns in the nominative singular,
  plural-only nouns, places or surnames where the rules allow them, no diminutives where they
  refuse them. Reading the whole dictionary takes a minute or two, so the list is built once and
  kept under the user's cache folder (``$XDG_CACHE_HOME/printkit``, else ``~/.cache/printkit``;
  ``PRINTKIT_CACHE`` overrides), named by the dictionary's version and the rules;
- any other language: wordfreq's words of the language, a stand-in for a real lexicon.

Each word is spelled in the set's tiles as ``fit`` spells it (:class:`~.fit.Speller`: longest face
first, as game records read words; letters the set folds, Ё as Е, folded; an accented letter the
set has no tile for as its base letter). Words the set cannot spell (a letter it lacks, more of a letter
than its tiles and blanks), shorter than two tiles or longer than the board are left out and counted.

API: ``read_lexicon(path, kit) -> Lexicon``, ``cache_name(kit)``, ``lexicon_for(kit, path=None) -> Lexicon``,
``spell(words, kit, source) -> Lexicon``, ``morph_words(kit) -> list[str]`` (the judge's nouns, cached),
:class:`LexiconError` (one line, exit 2).
"""

from __future__ import annotations

import hashlib
import unicodedata
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable

from ..errors import PrintkitError, one_line
from ..install import install_line
from ..model import Kit, WordRule
from .judge import ANALYSED, MorphJudge, analyser, read_word_file, word_lines

__all__ = ["MAX_BYTES", "MAX_WORDS", "Lexicon", "LexiconError", "cache_name", "lexicon_for", "morph_words",
           "read_lexicon", "spell"]

MAX_BYTES = 32 * 1024 * 1024  # the largest public lexicons (CSW: 280 000 words) are about 3 MB
MAX_WORDS = 1_000_000
CACHE_KIND = "lexicon"  # the kind of printkit's cache entries the lists of nouns are
CACHE_FORMAT = 1  # bump when what the cached lists hold changes
WORDFREQ_WORDS = 60_000  # wordfreq's most frequent words taken as the stand-in lexicon


class LexiconError(PrintkitError):
    """A lexicon that cannot be used: one line, exit code 2."""


@dataclass(frozen=True)
class Lexicon:
    """Words spelled in a set's tiles (each a tuple of faces), sorted; where they came from; how
    many of the source's words were left out and why."""

    words: tuple[tuple[str, ...], ...]
    source: str
    read: int  # words in the source
    unspellable: int  # a letter the set lacks, or more of a letter than its tiles and blanks
    misfit: int  # shorter than two tiles or longer than the board

    @property
    def left_out(self) -> int:
        return self.unspellable + self.misfit

    def texts(self) -> frozenset[str]:
        """The words as upper-case text (faces joined)."""
        return frozenset("".join(w) for w in self.words)

    def describe(self) -> str:
        return (f"{len(self.words):,} words from {self.source}; {self.left_out:,} left out "
                f"({self.unspellable:,} the set cannot spell, {self.misfit:,} shorter than 2 tiles or longer "
                f"than the board)")


def spell(words: Iterable[str], kit: Kit, source: str, name: str | None = None) -> Lexicon:
    """The words the set can spell, as tuples of faces (as ``fit`` spells them: Ё as Е, É as E where
    the set has no É, CH as one tile where it has one); the rest counted. ``name``: the file the
    words came from, for the error when none is left."""
    from .fit import Speller

    dist = kit.distribution
    speller = Speller(dist.faces(), dict(dist.folds), dist.language)
    counts = dist.counts()
    blanks = dist.blanks
    most = max(kit.layout.rows, kit.layout.cols)
    out: set[tuple[str, ...]] = set()
    read = unspellable = misfit = 0
    first_bad = None
    for raw in words:
        read += 1
        tiles = speller.spell(raw.strip())
        if tiles is None:
            unspellable += 1
            if first_bad is None:
                text = unicodedata.normalize("NFC", raw.strip()).upper()
                first_bad = (raw, next((ch for ch in text if speller.spell(ch) is None), text[:1]))
            continue
        if not 2 <= len(tiles) <= most:
            misfit += 1
            continue
        need: dict[str, int] = {}
        for t in tiles:
            need[t] = need.get(t, 0) + 1
        if sum(max(0, n - counts.get(f, 0)) for f, n in need.items()) > blanks:
            unspellable += 1
            continue
        out.add(tiles)
    if not out:
        where = name or source
        why = f" (the first: '{one_line(first_bad[0][:40])}': '{one_line(first_bad[1])}' is not in the set)" \
            if first_bad else ""
        raise LexiconError(f"{where}: none of its {read:,} words can be laid with the tiles of "
                           f"{dist.name}{why}")
    return Lexicon(tuple(sorted(out)), source, read, unspellable, misfit)


def read_lexicon(path: str | Path, kit: Kit) -> Lexicon:
    """A word-list file, spelled in ``kit``'s tiles (see the module's docstring); a file that is not
    text, is too large, holds nothing or no word the set can spell is a :class:`LexiconError`."""
    name = one_line(str(path))
    text = read_word_file(path, MAX_BYTES, "lexicon", LexiconError, folder=" (one word a line)",
                          too_large=f" (and {MAX_WORDS:,} words)")
    words = []
    for n, line in word_lines(text, name, "lexicon", LexiconError):
        words.append(line)
        if len(words) > MAX_WORDS:
            raise LexiconError(f"{name}:{n}: more than {MAX_WORDS:,} words: a lexicon is at most {MAX_WORDS:,}")
    if not words:
        raise LexiconError(f"{name}: no words: a lexicon is one word a line")
    return spell(words, kit, name, name)


# -- the dictionaries' nouns -----------------------------------------------------------------------------------

def _language(kit: Kit) -> str:
    return (kit.distribution.language or kit.language).split("-")[0].lower()


def _judge(kit: Kit) -> MorphJudge:
    dist, rules = kit.distribution, kit.rules
    folds_yo = dist.folds.get("Ё") == "Е" or "Ё" not in dist.faces()
    return MorphJudge(_language(kit), rules.proper_nouns, folds_yo, rules.name, rules.diminutives, rules.titles)


def _cache_name(kit: Kit, meta: dict) -> str:
    rules = kit.rules
    key = "|".join([str(CACHE_FORMAT), _language(kit), str(meta.get("source_revision")), str(meta.get("compiled_at")),
                    str(meta.get("corpus_revision")), ",".join(sorted(rules.proper_nouns)), str(rules.diminutives),
                    ",".join(sorted(t.word for t in rules.titles))])
    digest = hashlib.sha256(key.encode("utf-8")).hexdigest()[:16]
    return f"nouns-{_language(kit)}-{meta.get('source_revision', 'x')}-{digest}.txt"


def cache_name(kit: Kit) -> str:
    """The name the kit's list of nouns is kept under in printkit's cache (:mod:`printkit.cache`, kind
    ``lexicon``): made of the dictionary's version and the rules."""
    return _cache_name(kit, dict(analyser(_language(kit)).dictionary.meta))


def morph_words(kit: Kit, candidates: Iterable[str] | None = None) -> list[str]:
    """The words the kit's judge allows among the dictionary's lemmas (or among ``candidates``),
    sorted; the dictionary's list is read from printkit's cache when it was built before (and kept
    there, unless ``PRINTKIT_CACHE=off``)."""
    from .. import cache

    if candidates is not None:
        judge = _judge(kit)
        return sorted({w.upper() for w in candidates if judge.judge(w.upper()).allowed})
    name = cache_name(kit)
    kept = cache.get(CACHE_KIND, name)
    if kept is not None:
        try:
            return kept.decode("utf-8").split()
        except UnicodeDecodeError:
            pass
    words = _build(_judge(kit))
    cache.put(CACHE_KIND, name, ("\n".join(words) + "\n").encode("utf-8"))  # nothing when the cache is off
    return words


def _build(judge: MorphJudge) -> list[str]:
    """Every lemma of the dictionary that is a noun, then the judge's verdict on each."""
    d = judge.morph.dictionary
    tag_ok: dict[int, bool] = {}
    nouns = set()
    for word, (para, idx) in d.words.iteritems():
        if idx != 0:
            continue
        ok = tag_ok.get(para)
        if ok is None:
            tag = d.build_tag_info(para, 0)
            ok = tag_ok[para] = "NOUN" in tag.grammemes
        if ok and (word.isalpha() or "'" in word):
            nouns.add(word)
    return sorted(w.upper() for w in nouns if judge.judge(w.upper()).allowed)


def lexicon_for(kit: Kit, path: str | Path | None = None) -> Lexicon:
    """The lexicon of a simulation: ``path``'s words, else the dictionary's nouns (ru, uk under
    ``words: nouns``), else wordfreq's words of the kit's language."""
    if path is not None:
        return read_lexicon(path, kit)
    language = _language(kit)
    if kit.rules.words is WordRule.NOUNS and language in ANALYSED:
        try:
            import pymorphy3  # noqa: F401 - the extra missing: its pip line, before any work
        except ImportError:
            raise LexiconError(f"printkit: a lexicon of {language} nouns needs the optional extra: "
                               f"{install_line('words')} (or give --lexicon FILE)") from None
        return spell(morph_words(kit), kit, f"the {language} dictionary of pymorphy3 under the rules "
                                             f"{kit.rules.name} (nouns)")
    try:
        from wordfreq import top_n_list
    except ImportError:
        raise LexiconError(f"printkit: a lexicon for {language} needs the optional extra: {install_line('words')} "
                           f"(or give --lexicon FILE)") from None
    try:
        from .fit import WORDFREQ_CODES

        words = top_n_list(WORDFREQ_CODES.get(language, language), WORDFREQ_WORDS)
    except (LookupError, ValueError):
        words = []
    if not words:
        raise LexiconError(f"printkit: wordfreq has no words for the language '{language}': give --lexicon FILE")
    return spell([w for w in words if w.isalpha()], kit, f"wordfreq's {len(words):,} most frequent {language} words "
                                                         f"(a stand-in for a lexicon)")

