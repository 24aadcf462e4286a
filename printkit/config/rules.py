"""Validating a rule set and its worked examples, and building a :class:`~printkit.model.Rules`."""

from __future__ import annotations

from enum import Enum
from typing import TypeVar

from ..model import (PROPER_NOUNS, BlankValue, DiminutiveRule, EndRule, Example, Placement, PremiumUse, Rules, Title,
                     Variant, WordPremiums, WordRule)
from ..notation import NotationError, parse_coord
from .reader import Fields, Problems, describe, suggest
from .yamlsrc import Map

FIELDS = ("name", "title", "rack", "placement", "blank_value", "premiums", "word_premiums",
          "all_tiles_bonus", "blank_swap", "target_score", "end", "end_award", "words", "proper_nouns", "diminutives",
          "titles", "examples", "sources")
TITLE_FIELDS = ("word", "language", "source")
EXAMPLE_FIELDS = ("word", "letter", "score", "value", "at", "tiles", "source", "note", "variants")
VARIANT_FIELDS = ("edition", "score", "value", "reason")

E = TypeVar("E", bound=Enum)


def build(root: Map, problems: Problems, file_name: str) -> Rules | None:
    before = len(problems.items)
    f = Fields(root, problems, "a rule set", FIELDS)
    name = f.text("name", required=False, default=file_name)
    rules = dict(
        name=name,
        title=f.text("title", required=False, default=name),
        rack=f.whole("rack", lo=1, hi=20, limit_name="a rack"),
        placement=_choice(f, "placement", Placement),
        blank_value=_choice(f, "blank_value", BlankValue),
        premiums=_choice(f, "premiums", PremiumUse),
        word_premiums=_choice(f, "word_premiums", WordPremiums, default=WordPremiums.MULTIPLY),
        all_tiles_bonus=f.whole("all_tiles_bonus", required=False, default=0, hi=1000),
        blank_swap=f.flag("blank_swap", default=False),
        target_score=f.whole("target_score", required=False, default=None, lo=1, hi=100000),
        end=_choice(f, "end", EndRule),
        sources=f.text("sources", required=False, default="", max_len=20000),
        # which words count: a rule set written without it judges by a word list, the players' choice
        words=_choice(f, "words", WordRule, default=WordRule.LIST),
        proper_nouns=_proper_nouns(f, problems),
        diminutives=_choice(f, "diminutives", DiminutiveRule, default=DiminutiveRule.ALLOWED),
        titles=_titles(f, problems),
    )
    rules["end_award"] = _end_award(f, problems, rules["end"])
    examples = _examples(f, problems)
    if len(problems.items) > before or examples is None:
        return None
    return Rules(examples=examples, **rules)  # type: ignore[arg-type]


def _end_award(f: Fields, problems: Problems, end: EndRule | None) -> int:
    """How many times over the player who went out gains the others' racks: 1 or 2 under
    deduct-and-award (1 unless written), 0 under deduct. One inherited through ``extends`` from a
    rule set that awards is dropped when this file says ``end: deduct``."""
    award = f.whole("end_award", required=False, default=None, hi=2)
    if end is EndRule.DEDUCT:
        if award and f.mark("end_award").file == f.mark("end").file:
            problems.add(f.mark("end_award"), "'end_award' is for 'end: deduct-and-award'; under 'end: deduct' "
                                              "nobody gains the others' racks")
        return 0
    if end is EndRule.DEDUCT_AND_AWARD and award == 0:
        problems.add(f.mark("end_award"), "'end: deduct-and-award' gives the player who went out the others' "
                                          "racks once or twice over: 'end_award' is 1 or 2")
    return 1 if award is None else award


def _proper_nouns(f: Fields, problems: Problems) -> frozenset[str]:
    """The kinds of proper noun the rules allow (``[places, surnames]``); none unless written."""
    seq = f.seq("proper_nouns", required=False)
    if seq is None:
        return frozenset()
    out = set()
    for item in seq.items:
        value = getattr(item, "value", None)
        if not isinstance(value, str) or value not in PROPER_NOUNS:
            problems.add(item.mark, f"'proper_nouns' lists kinds of proper noun: {', '.join(PROPER_NOUNS)}, "
                                    f"not {describe(item)}{suggest(str(value), PROPER_NOUNS)}")
            continue
        out.add(value)
    return frozenset(out)


def _titles(f: Fields, problems: Problems) -> tuple[Title, ...]:
    """One-word titles of works the rules allow: ``- {word: Каштанка, language: uk, source: …}``."""
    seq = f.seq("titles", required=False)
    if seq is None:
        return ()
    out = []
    for item in seq.items:
        tf = Fields.of(item, problems, "a title", TITLE_FIELDS)
        if tf is None:
            continue
        word = tf.text("word", max_len=100)
        language = tf.text("language", required=False, default="", max_len=20)
        source = tf.text("source", required=False, default="", max_len=2000)
        if word is None:
            continue
        if len(word.split()) != 1:
            problems.add(tf.mark("word"), f"a title is one word (the board holds one word), not '{word}'")
            continue
        if language and not (language.isascii() and language.replace("-", "").isalpha()):
            problems.add(tf.mark("language"), f"'language' is a language code such as uk or ru, not '{language}'")
            continue
        out.append(Title(word.upper(), language.lower(), source or ""))
    return tuple(out)


def _choice(f: Fields, key: str, kind: type[E], default: E | None = None) -> E | None:
    """One of an enum's members, written as its value (the YAML spelling); required without a default."""
    value = f.choice(key, (m.value for m in kind), required=default is None)
    return default if value is None else kind(value)


def _examples(f: Fields, problems: Problems) -> tuple[Example, ...] | None:
    seq = f.seq("examples", required=False)
    if seq is None:
        return ()
    out = []
    for item in seq.items:
        ef = Fields.of(item, problems, "an example", EXAMPLE_FIELDS)
        if ef is None:
            continue
        if ef.has("word") == ef.has("letter"):
            problems.add(item.mark, "an example has either 'word' (with 'score') or 'letter' (with 'value')")
            continue
        kind = "word" if ef.has("word") else "letter"
        figure = "score" if kind == "word" else "value"
        other = "value" if kind == "word" else "score"
        if ef.has(other):
            problems.add(ef.mark(other), f"a {kind} example gives its '{figure}', not '{other}'")
        play = ef.text(kind)
        value = ef.whole(figure, hi=100000)
        at = ef.text("at", required=False, default="")
        if at and kind == "letter":
            problems.add(ef.mark("at"), "'at' places a word; a letter example has no position")
        if at:
            try:
                at = str(parse_coord(at))  # the engine's reading; whether it is on the board, check says
            except NotationError:
                problems.add(ef.mark("at"), f"'at' is a game-record coordinate such as 8D (across) or D8 (down), "
                                            f"not '{at}'")
        if play is not None and kind == "letter" and len(play) > 3:
            problems.add(ef.mark(kind), f"a letter example names one tile, not '{play}'")
        if play is not None and not play.strip():
            problems.add(ef.mark(kind), f"the example's {kind} is empty")
        variants = []
        vseq = ef.seq("variants", required=False)
        for vitem in (vseq.items if vseq else ()):
            vf = Fields.of(vitem, problems, "a variant", VARIANT_FIELDS)
            if vf is None:
                continue
            v = vf.whole(figure, hi=100000)
            if vf.has(other):
                problems.add(vf.mark(other), f"a variant of a {kind} example gives its '{figure}'")
            edition = vf.text("edition")
            reason = vf.text("reason")
            if v is not None and edition and reason:
                variants.append(Variant(edition, v, reason))
        if play is None or value is None:
            continue
        out.append(Example(
            kind=kind, play=play, value=value, at=at or "",
            tiles=ef.text("tiles", required=False, default=""),
            source=ef.text("source", required=False, default=""),
            note=ef.text("note", required=False, default=""), variants=tuple(variants)))
    return tuple(out)
