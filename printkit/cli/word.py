"""``printkit word``: words judged by a kit's rules, allowed or refused, and why."""

from __future__ import annotations

import argparse

from ..report import quoted
from .terminal import EXIT_FAILED, EXIT_OK, out

HELP = "judge words by a kit's rules: allowed or refused, and why"


def arguments(w: argparse.ArgumentParser) -> None:
    """``word``'s arguments, added when the command is given or its help shown."""
    w.add_argument("words", nargs="+", metavar="WORD", help="words to judge (any case)")
    w.add_argument("--kit", default=None, metavar="KIT|FILE", help="the kit whose rules and letters judge "
                                                                   "(default: krestoslovitsa)")
    w.add_argument("--words", dest="words_file", metavar="FILE", help="a word list (UTF-8, one word a line): "
                                                                      "judge by it (overrides the kit)")


def run(args) -> int:
    import unicodedata
    from dataclasses import replace

    from ..config import DEFAULT_KIT, load_kit
    from ..engine.judge import WordsError, judge_for, letters_problem, normalise

    kit = load_kit(args.kit or DEFAULT_KIT)
    lay, d = kit.layout, kit.distribution
    longest = max(lay.rows, lay.cols) * max(len(f) for f in d.faces())  # letters of the longest word it holds
    words = []
    for n, text in enumerate(args.words, 1):
        word = normalise(text, d)
        why = letters_problem(word, d)
        if why is None and len(word) > longest:
            why = (f"{len(word)} letters: no word that long fits the board {lay.name} "
                   f"({max(lay.rows, lay.cols)} squares)")
        if why:
            raise WordsError(f"word {n} {quoted(text.strip(), 40)}: {why}")
        words.append(word)
    judge = judge_for(kit, args.words_file)
    if args.words_file is None:  # the rule judged by, as the rules file declares it (and the card prints it)
        from ..text import words as sentences
        from ..text.rules import heading, words_rule

        say = sentences("en")
        by = heading(kit.rules.source("words").by, say)
        out(f"rule: {words_rule(kit.rules, say)} (rules {kit.rules.name}: {by[:1].lower()}{by[1:]})")
    shown = [unicodedata.normalize("NFC", t.strip()).upper() for t in args.words]  # as typed: ЁЖ, not ЕЖ
    verdicts = [replace(judge.judge(w), word=s) for w, s in zip(words, shown)]
    for v in verdicts:
        out(v.line())
    return EXIT_OK if all(v.allowed for v in verdicts) else EXIT_FAILED
