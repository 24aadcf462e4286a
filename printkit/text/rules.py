"""A rule set in sentences, from its declaration: what the reference card, the score sheet and
``printkit word`` say about the rules, in the kit's language.

Each statement of :data:`printkit.model.STATEMENTS` is one sentence made from the rule set's field
of that name; :func:`grouped` puts them under the heading of whose rule they are (the book, the
boxed Scrabble rules, …), as the rules file's ``statements:`` names them.
"""

from __future__ import annotations

from ..model import (
    PROPER_NOUNS,
    Authority,
    BlankValue,
    DiminutiveRule,
    EndRule,
    Exchange,
    Placement,
    PremiumUse,
    Rules,
    WordPremiums,
    WordRule,
)
from . import Words


def _listed(say: Words, parts: list[str]) -> str:
    """"a, b and c" in the language of ``say``."""
    if len(parts) < 2:
        return "".join(parts)
    return ", ".join(parts[:-1]) + say("and") + parts[-1]


def words_rule(rules: Rules, say: Words) -> str:
    """Which words count, as the rules declare it (``words``, ``proper_nouns``, ``diminutives``)."""
    if rules.words is WordRule.LIST:
        return say("rule_words_list")
    kinds = [say(f"kind_{k}") for k in PROPER_NOUNS if k in rules.proper_nouns]
    also = say("rule_words_also", kinds=_listed(say, kinds)) if kinds else ""
    out = [say("rule_words_nouns", also=also)]
    if not rules.proper_nouns:
        out.append(say("rule_words_no_proper"))
    elif "names" not in rules.proper_nouns:
        out.append(say("rule_words_no_names_but_works" if "works" in rules.proper_nouns else "rule_words_no_names"))
    if rules.diminutives is DiminutiveRule.REFUSED:
        out.append(say("rule_words_no_diminutives"))
    return " ".join(out)


def sentence(rules: Rules, say: Words, key: str) -> str:
    """The sentence of statement ``key`` for these rules."""
    r = rules
    if key == "rack":
        return say("rule_rack", rack=r.rack)
    if key == "first":
        return say("rule_first")
    if key == "first_length":
        return say("rule_first_length")
    if key == "placement":
        return say("rule_anywhere" if r.placement is Placement.ANYWHERE else "rule_line")
    if key == "read":
        return say("rule_read")
    if key == "words":
        return words_rule(r, say)
    if key == "challenge":
        return say("rule_challenge")
    if key == "blank_value":
        return say("rule_blank_letter" if r.blank_value is BlankValue.LETTER else "rule_blank_zero")
    if key == "blank_swap":
        return say("rule_swap")
    if key == "premiums":
        return say("rule_premium_always" if r.premiums is PremiumUse.ALWAYS else "rule_premium_once")
    if key == "word_premiums":
        return say("rule_multiply" if r.word_premiums is WordPremiums.MULTIPLY else "rule_add")
    if key == "all_tiles_bonus":
        return say("rule_bonus", rack=r.rack, bonus=r.all_tiles_bonus)
    if key == "exchange":
        said = say("rule_exchange_stuck" if r.exchange is Exchange.STUCK else "rule_exchange")
        return said + (" " + say("rule_exchange_limit", n=r.exchange_limit) if r.exchange_limit else "")
    if key == "end":
        said = [say("rule_end_award" if r.end is EndRule.DEDUCT_AND_AWARD else "rule_end_deduct")]
        if r.end_passes:
            said.append(say("rule_end_passes", n=r.end_passes))
        if r.end_scoreless:
            said.append(say("rule_end_scoreless", n=r.end_scoreless))
        return " ".join(said)
    if key == "target_score":
        return say("rule_target", target=r.target_score)
    raise KeyError(key)


def heading(by: Authority, say: Words) -> str:
    return say(f"by_{by.value}")


def grouped(rules: Rules, say: Words) -> list[tuple[Authority | None, list[str]]]:
    """The printed statements in groups by whose rule they are: the first statement's source first,
    the others in the order they first appear, agreed house rules last; one group without a heading
    (None) when the rules name no sources."""
    keys = rules.printed()
    if not any(k in rules.statements for k in keys):
        return [(None, [sentence(rules, say, k) for k in keys])]
    groups: dict[Authority, list[str]] = {}
    for k in keys:
        groups.setdefault(rules.source(k).by, []).append(sentence(rules, say, k))
    order = sorted(groups, key=lambda a: a is Authority.AGREED)  # stable: first appearance, agreed last
    return [(a, groups[a]) for a in order]
