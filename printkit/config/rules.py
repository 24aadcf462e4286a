"""Validating a rule set and its worked examples, and building a :class:`~printkit.model.Rules`."""

from __future__ import annotations

import re
from enum import Enum
from types import MappingProxyType
from typing import TypeVar

from ..model import (
    PROPER_NOUNS,
    STATEMENTS,
    Authority,
    BlankValue,
    DiminutiveRule,
    EndRule,
    Example,
    Exchange,
    Placement,
    PremiumUse,
    Rules,
    Statement,
    Title,
    Variant,
    WordPremiums,
    WordRule,
)
from ..notation import NotationError, parse_coord
from .reader import Fields, Problems, describe, suggest
from .yamlsrc import Map, Mark

FIELDS = ("name", "title", "rack", "placement", "blank_value", "premiums", "word_premiums",
          "all_tiles_bonus", "blank_swap", "target_score", "end", "end_award", "end_passes", "end_scoreless",
          "exchange_limit", "words", "proper_nouns",
          "diminutives", "titles", "exchange", "statements", "editions", "examples", "sources")
TITLE_FIELDS = ("word", "language", "source")
EXAMPLE_FIELDS = ("word", "letter", "score", "value", "at", "tiles", "source", "note", "variants")
VARIANT_FIELDS = ("edition", "score", "value", "reason")
STATEMENT_FIELDS = ("by", "quote", "edition")
EDITION_FIELDS = ("target_score", "proper_nouns", "statements")  # what another language's text may change
LANGUAGE = re.compile(r"[a-z]{2,3}")
# the field each statement states (the others state what the engine always does, or nothing it models)
STATED = {"rack": ("rack",), "placement": ("placement",),
          "words": ("words", "proper_nouns", "diminutives", "titles"), "blank_value": ("blank_value",),
          "blank_swap": ("blank_swap",), "premiums": ("premiums",),
          "word_premiums": ("word_premiums",), "all_tiles_bonus": ("all_tiles_bonus",),
          "exchange": ("exchange", "exchange_limit"),
          "end": ("end", "end_award", "end_passes", "end_scoreless"), "target_score": ("target_score",)}

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
        proper_nouns=_proper_nouns(f.seq("proper_nouns", required=False), problems),
        diminutives=_choice(f, "diminutives", DiminutiveRule, default=DiminutiveRule.ALLOWED),
        titles=_titles(f, problems),
        exchange=_choice(f, "exchange", Exchange, default=Exchange.ANY),
        end_passes=f.whole("end_passes", required=False, default=0, lo=0, hi=10),
        end_scoreless=f.whole("end_scoreless", required=False, default=0, lo=0, hi=100),
        exchange_limit=f.whole("exchange_limit", required=False, default=0, lo=0, hi=100),
    )
    rules["end_award"] = _end_award(f, problems, rules["end"])
    examples = _examples(f, problems)
    statements = _statements(f.raw("statements"), problems, _stale(root))
    editions = _editions(f, problems)
    if len(problems.items) > before or examples is None or statements is None or editions is None:
        return None
    out = Rules(examples=examples, statements=MappingProxyType(statements), editions=MappingProxyType(editions),
                **rules)  # type: ignore[arg-type]
    if "statements" in root.keys and root.keys["statements"].file == root.mark.file:
        _complete(out, root.keys["statements"], problems, "")
    node = f.raw("editions")
    for language in (editions if isinstance(node, Map) else ()):
        _complete(out.in_language(language), node.keys[language], problems, language, editions[language])
    return None if len(problems.items) > before else out


# -- statements and their sources -------------------------------------------------------------------

def _stale(root: Map) -> set[str]:
    """Statements inherited through ``extends`` whose field this file writes anew: their source
    spoke of the parent's value, so they are the set's own now."""
    own = root.mark.file
    node = root.values.get("statements")
    if not isinstance(node, Map):
        return set()
    out = set()
    for key, fields in STATED.items():
        stated = node.values.get(key)
        if stated is None or stated.mark.file == own:
            continue
        if any(name in root.keys and root.keys[name].file == own for name in fields):
            out.add(key)
    return out


def _statements(node, problems: Problems, stale: set[str] = frozenset()) -> dict[str, Statement] | None:
    """``statements:``: each statement's source, ``{by: book, quote: "…", edition: "…"}``."""
    if node is None:
        return {}
    if not isinstance(node, Map):
        problems.add(node.mark, f"'statements' must be a mapping of statements to their sources, not {describe(node)}")
        return None
    before = len(problems.items)
    out = {}
    for key, item in node.values.items():
        if key not in STATEMENTS:
            problems.add(node.keys[key], f"'{key}' is not a statement of a rule set: they are {', '.join(STATEMENTS)}"
                                         f"{suggest(key, STATEMENTS)}")
            continue
        sf = Fields.of(item, problems, f"the source of '{key}'", STATEMENT_FIELDS)
        if sf is None:
            continue
        by = sf.choice("by", (a.value for a in Authority))
        quote = sf.text("quote", required=False, default="", max_len=2000)
        edition = sf.text("edition", required=False, default="", max_len=200)
        if by is None or quote is None or edition is None:
            continue
        if by != Authority.AGREED.value and not quote.strip():
            problems.add(sf.mark("quote") if sf.has("quote") else item.mark,
                         f"the source of '{key}' quotes no line of it: give 'quote' (the source's own words), "
                         f"or 'by: agreed' for a rule the players agree on")
            continue
        if key not in stale:
            out[key] = Statement(Authority(by), " ".join(quote.split()), edition)
    return None if len(problems.items) > before else out


def _complete(rules: Rules, where: Mark, problems: Problems, language: str, changes=None) -> None:
    """A file that sources its statements sources every one the card prints, and no other; an
    edition sources each field it changes."""
    printed = rules.printed()
    named = f"the {language} edition" if language else "'statements'"
    missing = [k for k in printed if k not in rules.statements]
    if missing and not language:
        problems.add(where, f"{named} gives no source for {', '.join(repr(k) for k in missing)}, which the reference "
                            f"card prints: add each with 'by' (one of {', '.join(a.value for a in Authority)}) and "
                            f"'quote'")
    extra = [k for k in rules.statements if k not in printed]
    if extra and not language:
        problems.add(where, f"'statements' sources {', '.join(repr(k) for k in extra)}, which these rules do not "
                            f"have (no blank swap, bonus or target score): remove it")
    for key in changes or {}:
        if key != "statements" and key in printed and key not in (changes.get("statements") or {}):
            problems.add(where, f"{named} changes '{key}' but gives no source for it: add statements: {{{key}: "
                                f"{{by: …, edition: …, quote: …}}}}")


def _editions(f: Fields, problems: Problems) -> dict[str, dict] | None:
    """``editions:``: by language, what the source's text in that language says otherwise."""
    node = f.raw("editions")
    if node is None:
        return {}
    if not isinstance(node, Map):
        problems.add(node.mark, f"'editions' must be a mapping of language codes (uk, ru…) to what differs, "
                                f"not {describe(node)}")
        return None
    before = len(problems.items)
    out = {}
    for language, item in node.values.items():
        if not LANGUAGE.fullmatch(language):
            problems.add(node.keys[language], f"'editions' is keyed by a language code of 2 or 3 small letters "
                                              f"(uk, ru, en), not '{language}'")
            continue
        ef = Fields.of(item, problems, f"the {language} edition", EDITION_FIELDS)
        if ef is None:
            continue
        changes: dict = {}
        if ef.has("target_score"):
            changes["target_score"] = ef.whole("target_score", lo=1, hi=100000)
        if ef.has("proper_nouns"):
            changes["proper_nouns"] = _proper_nouns(ef.seq("proper_nouns"), problems)
        if ef.has("statements"):
            changes["statements"] = _statements(ef.raw("statements"), problems)
        out[language] = changes
    return None if len(problems.items) > before else out


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


def _proper_nouns(seq, problems: Problems) -> frozenset[str]:
    """The kinds of proper noun the rules allow (``[places, surnames]``); none unless written."""
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
