"""Review the diminutive rule: what it refuses, and what it lets through, among a language's commonest words.

    python bench/review_diminutives.py ru [--top 40000] [--own]

For each of wordfreq's N commonest words in the language that is a common noun in the nominative
singular formed like a diminutive (printkit/engine/diminutive.py), prints the word, REFUSED or own,
and the rule's reason. Read the REFUSED lines: a word whose ordinary meaning is not "a small (or
dear) X" of the base named belongs in printkit/engine/lexicalised.py, with its meaning. ``--own``
prints the words let through as well. The words of the judge's evaluation list
(tests/data/judge-eval.tsv) are left out, so that list stays one the rule was not fitted to.
Needs the extra ``words``: ``.venv/bin/pip install -e '.[words]'``.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

EVAL = ROOT / "tests" / "data" / "judge-eval.tsv"


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("language", choices=("ru", "uk"))
    p.add_argument("--top", type=int, default=40_000)
    p.add_argument("--own", action="store_true", help="print the words let through too")
    args = p.parse_args(argv)

    import wordfreq

    from printkit.engine.diminutive import DiminutiveFinder, fold, nominative_noun
    from printkit.engine.judge import analyser

    left_out = set()
    for line in EVAL.read_text(encoding="utf-8").splitlines():
        cells = line.split("\t")
        if not line.startswith("#") and len(cells) > 2 and cells[0] == args.language:
            left_out.add(cells[1].lower())
    morph = analyser(args.language)
    finder = DiminutiveFinder(morph, args.language)
    refused = own = 0
    for word in wordfreq.top_n_list(args.language, args.top):
        if not word.replace("'", "").isalpha() or word in left_out:
            continue
        readings = [r for r in morph.parse(word) if r.is_known and nominative_noun(r)
                    and fold(r.normal_form) == fold(word)]
        if not readings:
            continue
        formation = finder.formation(readings[0].normal_form, [r.tag for r in readings])
        if formation is None:
            continue
        refused += formation.refused
        own += not formation.refused
        if formation.refused or args.own:
            print(f"{word}\t{'REFUSED' if formation.refused else 'own'}\t{formation.why}")
    print(f"# {args.language}: {args.top:,} commonest words: {refused} refused as diminutives, {own} formed like "
          f"one but let through; {len(left_out)} words of the evaluation list left out", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
