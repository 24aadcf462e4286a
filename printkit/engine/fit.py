"""How well a set's letters fit its language: letter shares, suggested values, and a new set derived
from the shares alone.

The shares come from wordfreq (word frequencies of 40+ languages, shipped in the package) or from a
word list. Each word is written in the set's tiles (Ё as Е where the set folds them, É as E where the
set has no É, ß as SS, CH as one tile where the set has one); a word the tiles cannot write is left
out. Two views of the language:

- *text*: letters in running text, each word weighted by its frequency (what a page of print holds);
- *lexicon*: each word once (what a dictionary holds: the words a player may lay);

and the share compared with the tiles is their mean (a list has no frequencies: there both are the
lexicon).

The suggested value of a letter, in the spirit of Valett (a letter is worth more the rarer it is and
the harder it is to place), is::

    rarity      R = min(log2(p_max / p), 6)  p: the letter's share, p_max: the commonest letter's
    difficulty  D = 1 - H / log2(K + 1)      H: entropy (bits) of the letters next to it in the lexicon,
                                             a word's edge counted as one more neighbour; K: letters
    s = R + 2 D
    value = round(1 + (V - 1) * ((s - s_min) / (s_max - s_min)) ** 1.5)
                                             V: the set's top value (10 for a new set)

so the commonest, easiest letter is worth 1 and the rarest, hardest V. A letter's count is flagged
when it is more than FACTOR times off the share of the set's lettered tiles its language share asks
for (a letter is never asked fewer than one tile), its value when more than 2 points off the
suggestion.

wordfreq is an optional extra (``printkit-tiles[words]``), imported only here and only when shares are
counted.
"""

from __future__ import annotations

import math
import unicodedata
from dataclasses import field
from typing import Iterable

from ..model import Distribution
from ..records import record
from ..text import case
from .judge import APOSTROPHES, WordsError, missing_extra

FACTOR = 2.0  # a count more than this many times off is flagged
VALUE_SLACK = 2  # a value more than this many points off is flagged
LEXICON = 50_000  # the commonest words of wordfreq's list taken as the language
DIFFICULTY_WEIGHT = 2.0
CURVE = 1.5
RARITY_CAP = 6.0  # a letter 64 times rarer than the commonest is as rare as it counts
NEW_TOP_VALUE = 10
FORMULA = ("value = round(1 + (V - 1) * ((s - s_min) / (s_max - s_min)) ** 1.5), s = min(log2(p_max / p), 6) + "
           "2 * (1 - H / log2(K + 1)); "
           "p: the letter's language share, H: entropy of its neighbours in the lexicon (word edges included), "
           "K: letters in the set, V: the set's top value")
EDGE = "#"

# The alphabets of languages with no set shipped (for --derive): script, letters, vowels, signs. Only
# scripts the bundled font draws (Latin, Cyrillic): a derived kit must build with no font of the user's.
ALPHABETS: dict[str, tuple[str, str, str, str]] = {
    "bg": ("Cyrillic", "А Б В Г Д Е Ж З И Й К Л М Н О П Р С Т У Ф Х Ц Ч Ш Щ Ъ Ь Ю Я", "А Е И О У Ъ Ю Я", "Ь"),
    "mk": ("Cyrillic", "А Б В Г Д Ѓ Е Ж З Ѕ И Ј К Л Љ М Н Њ О П Р С Т Ќ У Ф Х Ц Ч Џ Ш", "А Е И О У", ""),
    "it": ("Latin", "A B C D E F G H I L M N O P Q R S T U V Z", "A E I O U", ""),
    "pt": ("Latin", "A B C Ç D E F G H I J L M N O P Q R S T U V X Z", "A E I O U", ""),
    "ca": ("Latin", "A B C Ç D E F G H I J L M N O P Q R S T U V X Z", "A E I O U", ""),
    "ro": ("Latin", "A Ă Â B C D E F G H I Î J L M N O P R S Ș T Ț U V X Z", "A Ă Â E I Î O U", ""),
    "cs": ("Latin", "A Á B C Č D Ď E É Ě F G H I Í J K L M N Ň O Ó P R Ř S Š T Ť U Ú Ů V X Y Ý Z Ž",
           "A Á E É Ě I Í O Ó U Ú Ů Y Ý", ""),
    "sk": ("Latin", "A Á Ä B C Č D Ď E É F G H I Í J K L Ĺ Ľ M N Ň O Ó Ô P R Ŕ S Š T Ť U Ú V X Y Ý Z Ž",
           "A Á Ä E É I Í O Ó Ô U Ú Y Ý", ""),
    "sv": ("Latin", "A B C D E F G H I J K L M N O P R S T U V X Y Z Å Ä Ö", "A E I O U Y Å Ä Ö", ""),
    "da": ("Latin", "A B C D E F G H I J K L M N O P R S T U V X Y Z Æ Ø Å", "A E I O U Y Æ Ø Å", ""),
    "nb": ("Latin", "A B C D E F G H I J K L M N O P R S T U V W Y Æ Ø Å", "A E I O U Y Æ Ø Å", ""),
    "fi": ("Latin", "A B D E G H I J K L M N O P R S T U V Y Ä Ö", "A E I O U Y Ä Ö", ""),
    "hu": ("Latin", "A Á B C D E É F G H I Í J K L M N O Ó Ö Ő P R S T U Ú Ü Ű V Z", "A Á E É I Í O Ó Ö Ő U Ú Ü Ű",
           ""),
    "tr": ("Latin", "A B C Ç D E F G Ğ H I İ J K L M N O Ö P R S Ş T U Ü V Y Z", "A E I İ O Ö U Ü", ""),
}


# -- letter shares ----------------------------------------------------------------------------------------

class Speller:
    """Writes a word in a set's tiles: a tuple of faces, or None when the tiles cannot write it."""

    def __init__(self, faces: Iterable[str], folds: dict[str, str] | None = None, language: str = ""):
        self.faces = tuple(faces)
        self.language = language  # whose capitals: Turkish i is İ
        self.set = frozenset(self.faces)
        self.longest = max((len(f) for f in self.faces), default=1)
        self.folds = dict(folds or {})
        # the characters of a multi-letter tile that have no tile alone (Hungarian GY's Y, Catalan QU's Q and
        # L·L's dot): kept as they are, for the tile they are part of to take them; alone, they write nothing
        self.parts = frozenset(ch for f in self.faces if len(f) > 1 for ch in f) - self.set
        apostrophe = next((a for a in APOSTROPHES if a in self.set), None)
        if apostrophe:  # the Ukrainian apostrophe tile, however the words write it
            self.folds.update({a: apostrophe for a in APOSTROPHES if a != apostrophe})
        self._char: dict[str, str | None] = {}

    def _fold(self, ch: str) -> str | None:
        """One character as the set writes it: itself, its fold, its base letter, or None."""
        if ch not in self._char:
            out: str | None = None
            if ch in self.set:
                out = ch
            elif ch in self.folds:
                out = self.folds[ch]
            elif ch in self.parts:
                out = ch
            elif ch == "ß" or ch == "ẞ":
                out = "SS" if "S" in self.set else None
            else:
                base = unicodedata.normalize("NFD", ch)[0]
                out = base if base in self.set else None
            self._char[ch] = out
        return self._char[ch]

    def spell(self, word: str) -> tuple[str, ...] | None:
        text = case.upper(unicodedata.normalize("NFC", word), self.language)
        chars = []
        for ch in text:
            f = self._fold(ch)
            if f is None:
                return None
            chars.append(f)
        text = "".join(chars)
        out = []
        i = 0
        while i < len(text):
            for n in range(min(self.longest, len(text) - i), 0, -1):
                if text[i:i + n] in self.set:
                    out.append(text[i:i + n])
                    i += n
                    break
            else:
                return None
        return tuple(out)


@record
class Shares:
    """A language's letter shares in one set's tiles, and how each letter sits among the others."""

    language: str
    source: str
    words: int  # words counted
    text: dict[str, float]  # face → share of letters in running text (sums to 1)
    lexicon: dict[str, float]  # face → share of letters in the lexicon, each word once
    neighbours: dict[str, dict[str, int]] = field(repr=False, default_factory=dict)  # face → next-to counts

    def share(self, face: str) -> float:
        """The share compared with the tiles: the mean of the two views."""
        return (self.text.get(face, 0.0) + self.lexicon.get(face, 0.0)) / 2


def count_shares(pairs: Iterable[tuple[str, float]], speller: Speller, language: str, source: str) -> Shares:
    """Shares from (word, frequency) pairs; each pair is one word of the lexicon."""
    text = dict.fromkeys(speller.faces, 0.0)
    lexicon = dict.fromkeys(speller.faces, 0.0)
    neighbours: dict[str, dict[str, int]] = {f: {} for f in speller.faces}
    words = 0
    for word, freq in pairs:
        spelled = speller.spell(word)
        if not spelled:
            continue
        words += 1
        padded = (EDGE,) + spelled + (EDGE,)
        for i, face in enumerate(spelled, 1):
            text[face] += freq
            lexicon[face] += 1
            near = neighbours[face]
            for other in (padded[i - 1], padded[i + 1]):
                near[other] = near.get(other, 0) + 1
    if words == 0:
        raise WordsError(f"{source}: no word can be written with the set's tiles")
    return Shares(language, source, words, _normal(text), _normal(lexicon), neighbours)


def _normal(counts: dict[str, float]) -> dict[str, float]:
    total = sum(counts.values()) or 1.0
    return {k: v / total for k, v in counts.items()}


# a set's language wordfreq keeps under another code: Croatian, Bosnian and Serbian (Latin) words are its
# Serbo-Croatian list
WORDFREQ_CODES = {"hr": "sh", "bs": "sh", "sr": "sh"}


def wordfreq_languages() -> list[str]:
    try:
        import wordfreq
    except ImportError:
        raise missing_extra("fitting a set to its language") from None
    return sorted(wordfreq.available_languages(wordlist="best"))


def language_shares(language: str, speller: Speller, limit: int = LEXICON) -> Shares:
    """The shares of ``language`` from wordfreq's list: its ``limit`` commonest words."""
    try:
        import wordfreq
    except ImportError:
        raise missing_extra("fitting a set to its language") from None
    known = wordfreq.available_languages(wordlist="best")
    listed = WORDFREQ_CODES.get(language, language)
    if listed not in known:
        raise WordsError(f"printkit: wordfreq has no word frequencies for the language '{language}' "
                         f"(it has {', '.join(sorted(known))}): give a word list with --words FILE")
    freqs = wordfreq.get_frequency_dict(listed, wordlist="best")
    pairs = []
    for word, freq in freqs.items():  # the commonest first
        pairs.append((word, freq))
        if len(pairs) >= limit:
            break
    try:
        from importlib.metadata import version as _version

        version = _version("wordfreq")
    except Exception:  # noqa: BLE001 - the version is only named in the report
        version = ""
    return count_shares(pairs, speller, language, f"wordfreq{' ' + version if version else ''} ('best' list of "
                                                  f"'{listed}', its {limit:,} commonest words)")


def list_shares(words: Iterable[str], speller: Speller, language: str, source: str) -> Shares:
    """The shares of a word list: no frequencies, so running text is the lexicon too."""
    s = count_shares(((w, 1.0) for w in words), speller, language, f"the word list {source}")
    return s


# -- suggested values --------------------------------------------------------------------------------------

@record
class Suggestion:
    rarity: float
    difficulty: float
    score: float
    value: int


def suggest(shares: Shares, faces: Iterable[str], top: int) -> dict[str, Suggestion]:
    """The suggested value of each face (see the module's formula); ``top`` is the set's top value."""
    faces = tuple(faces)
    k = len(faces)
    floor = min((shares.share(f) for f in faces if shares.share(f) > 0), default=1e-6) / 2
    p = {f: max(shares.share(f), floor) for f in faces}  # a letter never seen counts as half the rarest
    p_max = max(p.values())
    raw = {}
    for f in faces:
        rarity = min(math.log2(p_max / p[f]), RARITY_CAP)
        near = shares.neighbours.get(f, {})
        total = sum(near.values())
        if total:
            h = -sum(n / total * math.log2(n / total) for n in near.values())
            difficulty = max(0.0, 1 - h / math.log2(k + 1))
        else:
            difficulty = 1.0
        raw[f] = (rarity, difficulty, rarity + DIFFICULTY_WEIGHT * difficulty)
    s_min = min(r[2] for r in raw.values())
    s_max = max(r[2] - s_min for r in raw.values()) or 1.0
    out = {}
    for f, (rarity, difficulty, s) in raw.items():
        value = 1 + (top - 1) * ((s - s_min) / s_max) ** CURVE
        out[f] = Suggestion(rarity, difficulty, s, int(math.floor(value + 0.5)))
    return out


# -- the fit of a set -------------------------------------------------------------------------------------

@record
class Row:
    face: str
    count: int
    value: int
    tile_share: float  # of the lettered tiles
    text_share: float
    lexicon_share: float
    share: float  # the language's (mean of the two)
    ratio: float | None  # tile share / language share (None: the language never uses it)
    asked: float  # tiles the language share asks for (at least 1)
    suggested: int
    rarity: float
    difficulty: float
    flags: tuple[str, ...]


@record
class Fit:
    name: str
    shares: Shares
    rows: tuple[Row, ...]
    letter_tiles: int
    blanks: int
    top: int
    factor: float = FACTOR

    @property
    def flagged(self) -> tuple[str, ...]:
        return tuple(r.face for r in self.rows if r.flags)


def fit(dist: Distribution, shares: Shares, factor: float = FACTOR) -> Fit:
    """Each tile face of ``dist`` against the language's shares."""
    n = dist.letter_tiles
    top = max((t.value for t in dist.tiles), default=NEW_TOP_VALUE) or NEW_TOP_VALUE
    suggestions = suggest(shares, dist.faces(), top)
    rows = []
    for t in dist.tiles:
        share = shares.share(t.face)
        tile_share = t.count / n if n else 0.0
        asked = max(1.0, share * n)
        flags = []
        if t.count > factor * asked:
            flags.append(f"count: {t.count} tiles, the language asks {share * n:.1f}")
        elif t.count < share * n / factor:
            flags.append(f"count: {t.count} tile{'s' if t.count != 1 else ''}, the language asks {share * n:.1f}")
        sg = suggestions[t.face]
        if abs(t.value - sg.value) > VALUE_SLACK:
            flags.append(f"value: {t.value}, suggested {sg.value}")
        rows.append(Row(t.face, t.count, t.value, tile_share, shares.text.get(t.face, 0.0),
                        shares.lexicon.get(t.face, 0.0), share, tile_share / share if share else None,
                        asked, sg.value, sg.rarity, sg.difficulty, tuple(flags)))
    return Fit(dist.name, shares, tuple(rows), n, dist.blanks, top, factor)


# -- deriving a new set ------------------------------------------------------------------------------------

def apportion(shares: dict[str, float], n: int) -> dict[str, int]:
    """``n`` tiles over the faces by share, at least one each, summing to exactly ``n`` (largest
    remainders; a face given its one tile by the minimum gives way first when there are too many)."""
    faces = list(shares)
    if n < len(faces):
        raise ValueError(f"{n} tiles cannot give each of {len(faces)} letters one")
    total = sum(shares.values()) or 1.0
    target = {f: shares[f] / total * n for f in faces}
    counts = {f: max(1, int(math.floor(target[f]))) for f in faces}
    while sum(counts.values()) < n:
        f = max(faces, key=lambda x: (target[x] - counts[x], target[x], x))
        counts[f] += 1
    while sum(counts.values()) > n:
        f = min((x for x in faces if counts[x] > 1), key=lambda x: (target[x] - counts[x], target[x], x))
        counts[f] -= 1
    return counts
