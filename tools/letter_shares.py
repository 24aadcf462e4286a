"""Count the letter shares of the shipped sets' languages into configs/letter-shares.yaml.

    python tools/letter_shares.py [--date YYYY-MM-DD] [--out FILE]

Run once (and again only to move to another wordfreq): ``printkit check`` reads the table it
writes and never wordfreq. Needs the extra ``words``: ``.venv/bin/pip install -e '.[words]'``.

For each language of the shipped distributions (configs/distributions/*.yaml), the letters are the
union of those sets' alphabets (Russian: with Ё, which Эрудит plays as Е and Russian Scrabble has a
tile of), and the words are wordfreq's 50 000 commonest, written in those letters and counted by
``printkit fit``'s own code (printkit/engine/fit.py: ``Speller``, ``language_shares``): each letter's
share in running text (words weighted by frequency) and in the lexicon (each word once), and their
mean, the share ``check`` compares with (printkit/engine/shares.py).
"""

from __future__ import annotations

import argparse
import datetime
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from printkit.config import distribution as dist_cfg  # noqa: E402
from printkit.config.reader import Problems  # noqa: E402
from printkit.config.sources import available, find, load  # noqa: E402
from printkit.engine import fit as F  # noqa: E402

OUT = ROOT / "configs" / "letter-shares.yaml"
NAMES = {"ca": "Catalan", "cs": "Czech", "de": "German", "el": "Greek", "en": "English", "es": "Spanish",
         "fi": "Finnish", "fr": "French", "hr": "Croatian", "hu": "Hungarian", "it": "Italian", "nb": "Norwegian",
         "nl": "Dutch", "pl": "Polish", "pt": "Portuguese", "ro": "Romanian", "ru": "Russian", "sk": "Slovak",
         "sl": "Slovenian", "sv": "Swedish", "tr": "Turkish", "uk": "Ukrainian"}
from printkit.engine.shares import NOT_IN_WORDFREQ  # noqa: E402  (check says so of their sets)


def shipped() -> dict[str, list]:
    """language → its shipped distributions, by name."""
    out: dict[str, list] = {}
    for name in available("distribution"):
        path = find("distribution", name, None)
        problems = Problems()
        d = dist_cfg.build(load("distribution", path).root, problems, path.stem)
        if d is None:
            raise SystemExit(f"{path}: {problems.items[0]}")
        out.setdefault(d.language, []).append(d)
    return dict(sorted(out.items()))


def letters(dists: list) -> list[str]:
    """The union of the sets' alphabets, in the order of the longest."""
    longest = max(dists, key=lambda d: (len(d.alphabet), d.name))
    out = list(longest.alphabet)
    for d in dists:
        out += [a for a in d.alphabet if a not in out]
    return out


def wordfreq_version() -> str:
    from importlib.metadata import version

    return version("wordfreq")


def table_text(date: str) -> str:
    lines = [
        "# Letter shares of the languages of printkit's shipped sets, which `printkit check` compares each",
        "# set's counts and values with (printkit/engine/shares.py). Written by tools/letter_shares.py",
        "# (`python tools/letter_shares.py`, with the extra printkit-tiles[words] installed): do not edit it by hand.",
        "#",
        "# Counted as `printkit fit` counts: wordfreq's 'best' list of each language, its 50,000 commonest",
        "# words, each written in the letters of the language's shipped sets (the union of their alphabets;",
        "# a word they cannot write is left out). Per letter, in percent: its share of the letters of running",
        "# text (each word weighted by its frequency), of the lexicon (each word once), and their mean, the",
        "# share check uses.",
        f"source: wordfreq {wordfreq_version()}, 'best' list of each language, its {F.LEXICON:,} commonest words",
        f"wordfreq: \"{wordfreq_version()}\"",
        f"derived: \"{date}\"",
        "languages:",
    ]
    for code, dists in shipped().items():
        if code in NOT_IN_WORDFREQ:
            continue
        faces = letters(dists)
        shares = F.language_shares(code, F.Speller(faces, language=code))
        lines += [f"  {code}:",
                  f"    name: {NAMES[code]}"
                  + (f"  # wordfreq's '{F.WORDFREQ_CODES[code]}' list" if code in F.WORDFREQ_CODES else ""),
                  f"    sets: [{', '.join(d.name for d in dists)}]",
                  f"    words: {shares.words}  # of the {F.LEXICON:,} that these letters write",
                  "    letters:  # face: [text %, lexicon %, share %]"]
        for face in faces:
            text, lexicon = shares.text.get(face, 0.0) * 100, shares.lexicon.get(face, 0.0) * 100
            lines.append(f"      {json.dumps(face, ensure_ascii=False)}: "
                         f"[{text:.4f}, {lexicon:.4f}, {(text + lexicon) / 2:.4f}]")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--date", default=datetime.date.today().isoformat(), help="the date written in the table")
    ap.add_argument("--out", default=str(OUT), help=f"where to write it (default {OUT.relative_to(ROOT)})")
    args = ap.parse_args(argv)
    text = table_text(args.date)
    Path(args.out).write_text(text, encoding="utf-8")
    print(f"wrote {args.out}: {text.count(chr(10))} lines")
    return 0


if __name__ == "__main__":
    sys.exit(main())
