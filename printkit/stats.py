"""Figures of a tile set: totals, vowel share, mean value, and exact first-rack probabilities."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from .model import Kit, rack_probability_without


@dataclass(frozen=True)
class Stats:
    kit: str
    tiles: int
    lettered: int
    blanks: int
    points: int
    vowel_tiles: int
    vowel_share: Fraction  # of the lettered tiles
    mean_value: Fraction  # points per lettered tile
    rack: int
    no_vowel: Fraction  # P(first rack has no vowel), a blank counting as one
    no_consonant: Fraction


def stats(kit: Kit) -> Stats:
    d = kit.distribution
    vowels = sum(t.count for t in d.tiles if d.is_vowel(t.face))
    lettered = d.letter_tiles
    rack = kit.rules.rack
    return Stats(
        kit=kit.name, tiles=d.total, lettered=lettered, blanks=d.blanks, points=d.points,
        vowel_tiles=vowels,
        vowel_share=Fraction(vowels, lettered) if lettered else Fraction(0),
        mean_value=Fraction(d.points, lettered) if lettered else Fraction(0),
        rack=rack,
        no_vowel=rack_probability_without(d, rack, "vowel"),
        no_consonant=rack_probability_without(d, rack, "consonant"),
    )


def rows(s: Stats) -> list[tuple[str, str]]:
    """The figures as (label, text) rows, for one kit or a side-by-side table."""
    return [
        ("tiles", f"{s.tiles}"),
        ("lettered + blanks", f"{s.lettered} + {s.blanks}"),
        ("total points", f"{s.points}"),
        ("vowel share", f"{float(s.vowel_share):.1%} ({s.vowel_tiles}/{s.lettered})"),
        ("mean value", f"{float(s.mean_value):.2f}"),
        (f"P(first {s.rack} no vowel)", _p(s.no_vowel)),
        (f"P(first {s.rack} no consonant)", _p(s.no_consonant)),
    ]


def side_by_side(kits: list) -> list[str]:
    """The kits' figures as a table, a column a kit (``printkit check --compare``)."""
    table = [rows(stats(k)) for k in kits]
    widths = [max(len(k.name), *(len(v) for _, v in t)) for k, t in zip(kits, table)]
    out = [" " * 26 + "  ".join(k.name.rjust(w) for k, w in zip(kits, widths))]
    for i, (label, _) in enumerate(table[0]):
        out.append(f"{label:<26}" + "  ".join(t[i][1].rjust(w) for t, w in zip(table, widths)))
    return out


def _p(p: Fraction) -> str:
    if p == 0:
        return "0"
    if p >= Fraction(1, 1000):
        return f"{float(p):.4%}"
    return f"1 in {float(1 / p):,.0f}"
