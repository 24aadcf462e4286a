"""Letter shares of the shipped sets' languages, and which of a set's letters sit far from them.

The table, ``configs/letter-shares.yaml``, was counted once from wordfreq by
``tools/letter_shares.py``, exactly as ``printkit fit`` counts (each language's 50 000 commonest
words written in the letters of its shipped sets; the share of a letter is the mean of its share in
running text and in the lexicon). This module only reads it: ``printkit check`` needs neither
wordfreq nor any other extra.

A set is compared with the shares of the letters it writes: a letter the set plays as another tile
(Ё as Е) adds its share to that tile, a two-letter tile the set lacks (Spanish CH) adds its share to
the letters that write it, a letter the set cannot write drops out, and the shares are taken again
out of what is left. A face the table has no share for is left out of the comparison (and said).

Counts: a letter's share ``s`` of the set's ``n`` lettered tiles asks for ``e = s * n`` tiles. A
count ``c`` is far off when it is more than COUNT_FACTOR times off and at least COUNT_FLOOR tiles
off::

    c > 2 * max(e, 1)  and  c - e >= 2        (too many: a rare letter is always allowed its one tile)
    c < e / 2          and  e - c >= 2        (too few)

Values: each letter's rarity ``x = min(log2(s_max / s), 6)`` (as ``printkit fit``'s rarity R); the
set's own values against rarity give a straight line by the median of the slopes of all pairs of
letters (Theil and Sen: one or a few wrong values do not bend it), clamped to the set's lowest and
highest value. A value is far off when it is more than half the set's range of values from the line,
and more than VALUE_FLOOR points (4.5 on a set valued 1 to 10).
"""

from __future__ import annotations

import math
from functools import lru_cache
from pathlib import Path
from types import MappingProxyType
from typing import Mapping

from ..model import Distribution
from ..records import record

TABLE = "letter-shares.yaml"  # in configs/
COUNT_FACTOR = 2.0
COUNT_FLOOR = 2.0  # tiles
VALUE_FLOOR = 2.0  # points
RARITY_CAP = 6.0  # a letter 64 times rarer than the commonest is as rare as it counts (as fit's)
# the shipped sets' languages wordfreq (3.1) has no word list of, so no shares are counted for them
NOT_IN_WORDFREQ = {"af": "Afrikaans", "cy": "Welsh"}


@record
class Language:
    code: str
    name: str  # "Russian"
    words: int  # words of wordfreq's list its letters write
    share: Mapping[str, float]  # face → share (fraction: the mean of text and lexicon)
    text: Mapping[str, float]
    lexicon: Mapping[str, float]


@record
class Table:
    path: Path
    source: str
    wordfreq: str  # its version
    derived: str  # the date it was counted
    languages: Mapping[str, Language]


@lru_cache(maxsize=4)
def table(path: Path | None = None) -> Table:
    """The shipped table (or the one at ``path``), read with the configs' strict YAML reader."""
    from ..config.yamlsrc import Map, Scalar, Seq, parse_file
    from ..errors import ConfigError, Problem
    from ..paths import configs_dir, shown

    path = Path(path) if path is not None else configs_dir() / TABLE
    name = shown(path)
    root = parse_file(path, name)

    def bad(node, what: str):
        return ConfigError([Problem(node.mark, f"the letter-share table: {what}")])

    def field(node: Map, key: str, kind: type):
        value = node.values.get(key)
        if kind in (Map, Seq):
            if not isinstance(value, kind):
                raise bad(value or node, f"'{key}' must be a {'mapping' if kind is Map else 'list'}")
            return value
        if not isinstance(value, Scalar) or not isinstance(value.value, kind) or isinstance(value.value, bool):
            raise bad(value or node, f"'{key}' must be {kind.__name__}")
        return value.value

    if not isinstance(root, Map):
        raise bad(root, "must be a mapping")
    languages = {}
    for code, node in field(root, "languages", Map).values.items():
        if not isinstance(node, Map):
            raise bad(node, f"language '{code}' must be a mapping")
        views: dict[str, dict[str, float]] = {"text": {}, "lexicon": {}, "share": {}}
        for face, row in field(node, "letters", Map).values.items():
            if not isinstance(row, Seq) or len(row.items) != 3 or not all(
                    isinstance(v, Scalar) and isinstance(v.value, (int, float)) and not isinstance(v.value, bool)
                    and 0 <= v.value <= 100 for v in row.items):
                raise bad(row, f"{code} {face}: a letter's row is [text %, lexicon %, share %]")
            for view, v in zip(views, row.items):
                views[view][face] = float(v.value) / 100
        languages[code] = Language(code, field(node, "name", str), field(node, "words", int),
                                   **{k: MappingProxyType(v) for k, v in views.items()})
    return Table(path, field(root, "source", str), field(root, "wordfreq", str), field(root, "derived", str),
                 MappingProxyType(languages))


# -- one set against its language ------------------------------------------------------------------------

@record
class Far:
    """A letter whose count or value is far from what its share asks."""

    face: str
    kind: str  # "count" or "value"
    figure: int  # the set's count or value
    share: float  # the letter's share of the letters the set writes
    asked: float  # the tiles its share asks for (count), or the line's value at its rarity (value)

    @property
    def about(self) -> int:
        """``asked`` as a whole number (a letter is always asked at least one tile)."""
        n = int(math.floor(self.asked + 0.5))
        return max(1, n) if self.kind == "count" else n


@record
class Comparison:
    language: Language
    shares: Mapping[str, float]  # face → share among the faces compared
    lettered: int  # tiles of the faces compared
    unknown: tuple[str, ...]  # faces of the set the table has no share for
    far: tuple[Far, ...]
    value_slack: float  # points a value may be off the line
    values: tuple[int, int]  # the set's lowest and highest value


def set_shares(dist: Distribution, lang: Language) -> tuple[dict[str, float], tuple[str, ...]]:
    """Each face's share among the letters ``dist`` writes, and the faces the table does not know."""
    from .fit import Speller

    faces = dist.faces()
    speller = Speller(faces, dict(dist.folds), dist.language)
    weight: dict[str, float] = {}
    for letter, share in lang.share.items():
        spelled = (letter,) if letter in faces else speller.spell(letter)
        for face in spelled or ():  # a letter the set cannot write drops out
            weight[face] = weight.get(face, 0.0) + share
    unknown = tuple(f for f in faces if f not in weight)
    total = sum(weight.values()) or 1.0
    return {f: weight[f] / total for f in faces if f in weight}, unknown


def rarity(shares: Mapping[str, float]) -> dict[str, float]:
    top = max(shares.values(), default=0.0)
    return {f: RARITY_CAP if s <= 0 else min(math.log2(top / s), RARITY_CAP) for f, s in shares.items()}


def median(values) -> float:
    """The middle value, or the mean of the two middle ones, as statistics.median gives it (whose
    import, with fractions, decimal and random under it, costs check 4 ms)."""
    data = sorted(values)
    n = len(data)
    if not n:
        raise ValueError("no median of no values")
    return data[n // 2] if n % 2 else (data[n // 2 - 1] + data[n // 2]) / 2


def value_line(points: list[tuple[float, int]]) -> tuple[float, float]:
    """(intercept, slope) of the line through (rarity, value) by Theil and Sen's medians."""
    slopes = [(v2 - v1) / (x2 - x1) for i, (x1, v1) in enumerate(points) for x2, v2 in points[i + 1:]
              if abs(x2 - x1) > 1e-12]
    slope = median(slopes) if slopes else 0.0
    return median(v - slope * x for x, v in points), slope


def compare(dist: Distribution, lang: Language) -> Comparison:
    shares, unknown = set_shares(dist, lang)
    tiles = [t for t in dist.tiles if t.face in shares]
    n = sum(t.count for t in tiles)
    far: list[Far] = []
    for t in tiles:
        e = shares[t.face] * n
        over = t.count > COUNT_FACTOR * max(e, 1.0) and t.count - e >= COUNT_FLOOR
        under = t.count < e / COUNT_FACTOR and e - t.count >= COUNT_FLOOR
        if over or under:
            far.append(Far(t.face, "count", t.count, shares[t.face], e))
    values = [t.value for t in tiles]
    low, high = (min(values), max(values)) if values else (0, 0)
    slack = max(VALUE_FLOOR, (high - low) / 2)
    if tiles:
        x = rarity(shares)
        a, b = value_line([(x[t.face], t.value) for t in tiles])
        for t in tiles:
            line = min(max(a + b * x[t.face], low), high)
            if abs(t.value - line) > slack:
                far.append(Far(t.face, "value", t.value, shares[t.face], line))
    order = {t.face: i for i, t in enumerate(dist.tiles)}
    far.sort(key=lambda f: (order[f.face], f.kind))
    return Comparison(lang, MappingProxyType(shares), n, unknown, tuple(far), slack, (low, high))


def percent(share: float) -> str:
    p = share * 100
    return f"{p:.1f} %" if p >= 1 else f"{p:.2g} %"


def describe(f: Far, c: Comparison) -> str:
    """``А: 1 tile where its Russian share of 8.2 % asks for about 10 (10.5 of 128 lettered tiles)``."""
    whose = f"its {c.language.name} share of {percent(f.share)}"
    if f.kind == "count":
        tiles = f"{f.figure} tile{'s' if f.figure != 1 else ''}"
        exact = f"{f.asked:.1f}" if f.asked >= 1 else f"{f.asked:.2f}"
        return f"{f.face}: {tiles} where {whose} asks for about {f.about} ({exact} of {c.lettered} lettered tiles)"
    return (f"{f.face}: worth {f.figure} where {whose} asks for about {f.about} ({f.asked:.1f} on the line of "
            f"the set's values against rarity, more than {c.value_slack:g} off)")
