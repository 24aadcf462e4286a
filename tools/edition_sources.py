"""Extract the tile tables of public game programs into tests/data/editions/, where the edition test
(tests/config/test_editions.py) cross-checks every shipped distribution with them.

    python tools/edition_sources.py MIRRORS [--out DIR]

MIRRORS is a folder holding bare git snapshots of the source repositories as ``owner+name/repo`` (the
layout of the tool library's ``fetch``): cdot+Xanado, quackle+quackle, domino14+macondo, andy-k+wolges,
Scrabble3D+4.0. Each table is read at the snapshot's HEAD, whose commit is written into the table's
first line. A tile table is a fact (letters, counts, values), not a work of its own; the file still names
its program, that program's licence and the path it came from.

Written: ``<out>/<source>/<language>.csv``, lines ``face,count,value`` in the source's order, the blank
as ``?``. Nothing is computed or corrected here: a source's mistake is kept, and the distribution that
does not follow it says why (its ``sources:``).
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "tests" / "data" / "editions"

# source → (snapshot folder, licence, {language: path in the repository})
SOURCES: dict[str, tuple[str, str, dict[str, str]]] = {
    "xanado": ("cdot+Xanado", "MIT", {
        lang: f"editions/{name}_Scrabble.json" for lang, name in (
            ("af", "Afrikaans"), ("ca", "Catalan"), ("cs", "Čeština"), ("cy", "Cymraeg"), ("da", "Dansk"),
            ("de", "Deutsch"), ("el", "ελληνικός"), ("en", "English"), ("eo", "Esperanto"), ("es", "Español"),
            ("fi", "Suomalainen"), ("fr", "Français"), ("hr", "Hrvatski"), ("hu", "Magyar"), ("it", "Italiano"),
            ("nb", "Norsk"), ("nl", "Nederlands"), ("pl", "Polski"), ("pt", "Português"), ("ro", "Română"),
            ("ru", "Русский"), ("sk", "Slovenský"), ("sl", "Slovenščina"), ("sv", "Svenska"), ("tr", "Türk"),
            ("uk", "українець"))
    }),
    "quackle": ("quackle+quackle", "GPL-3.0", {
        lang: f"data/alphabets/{name}.quackle_alphabet" for lang, name in (
            ("el", "greek"), ("en", "english"), ("fr", "french"), ("nb", "norwegian"), ("pl", "polish"),
            ("ru", "russian"), ("sv", "swedish"), ("tr", "turkish"))
    }),
    "macondo": ("domino14+macondo", "GPL-3.0", {
        lang: f"data/letterdistributions/{name}" for lang, name in (
            ("ca", "catalan"), ("de", "german"), ("en", "english"), ("es", "spanish"), ("fr", "french"),
            ("nb", "norwegian"), ("nl", "dutch"), ("pl", "polish"), ("sl", "slovene"))
    }),
    "wolges": ("andy-k+wolges", "MIT", {
        lang: f"src/alphabets/{name}.txt" for lang, name in (
            ("ca", "catalan"), ("de", "german"), ("en", "english"), ("es", "spanish"), ("fr", "french"),
            ("nb", "norwegian"), ("nl", "dutch"), ("pl", "polish"), ("sl", "slovene"), ("sv", "swedish"))
    }),
    "scrabble3d": ("Scrabble3D+4.0", "GPL-3.0", {
        lang: f"ScrDefaults.qml#{name}" for lang, name in (
            ("ca", "Catalan"), ("de", "German"), ("el", "Greek"), ("es", "Spanish"), ("fi", "Finnish"),
            ("fr", "French"), ("hu", "Hungarian"), ("it", "Italian"), ("nl", "Dutch"), ("pt", "Portuguese"),
            ("ro", "Romanian"), ("ru", "Russian"), ("sk", "Slovak"), ("sv", "Swedish"), ("tr", "Turkish"))
    }),
}

# Scrabble3D writes a multi-letter tile as a digit in the place the tile takes in the alphabet: which tile
# each digit is, read from where it stands (after C, before D: CS) and from the language's tile names.
SCRABBLE3D_DIGRAPHS = {
    "Catalan": {"1": "L·L", "2": "NY", "3": "QU"},
    "Hungarian": {"1": "CS", "2": "GY", "3": "LY", "4": "NY", "5": "SZ", "6": "TY", "7": "ZS"},
    "Slovak": {"1": "CH"},
    "Spanish": {"1": "CH", "2": "LL", "3": "RR"},
}

Table = list[tuple[str, int, int]]


def show(repo: Path, path: str) -> str:
    return subprocess.run(["git", "-C", str(repo), "show", f"HEAD:{path}"], check=True, capture_output=True,
                          text=True, encoding="utf-8").stdout


def head(repo: Path) -> str:
    return subprocess.run(["git", "-C", str(repo), "rev-parse", "HEAD"], check=True, capture_output=True,
                          text=True).stdout.strip()


def xanado(text: str) -> Table:
    out = []
    for tile in json.loads(text)["bag"]:
        out.append((tile.get("letter") or "?", int(tile.get("count", 1)), int(tile.get("score", 0))))
    return out


def quackle(text: str) -> Table:
    """``UPPER lower value count vowel``; the blank as ``blank value count``."""
    out = []
    for line in text.splitlines():
        cells = line.split()
        if not cells or line.startswith("#"):
            continue
        if cells[0] == "blank":
            out.append(("?", int(cells[2]), int(cells[1])))
        else:
            out.append((cells[0], int(cells[3]), int(cells[2])))
    return out


def macondo(text: str) -> Table:
    """``face,count,value,vowel``."""
    return [(f, int(c), int(v)) for f, c, v, *_ in (line.split(",") for line in text.splitlines() if line.strip())]


def wolges(text: str) -> Table:
    """``face lower count value vowel …`` (tab-separated)."""
    return [(cells[0], int(cells[2]), int(cells[3]))
            for cells in (line.split("\t") for line in text.splitlines() if line.strip())]


def scrabble3d(text: str, language: str) -> Table:
    """The ``letters`` array of the language's QtObject: ``"face", value, count`` triples, a multi-letter tile
    as a digit; and ``numberOfJokers`` blanks."""
    start = text.index(f'property string englishName: "{language}"')
    end = text.find("QtObject", start)
    block = text[start:end if end >= 0 else len(text)]
    jokers = int(re.search(r"numberOfJokers:\s*(\d+)", block).group(1))
    letters = re.search(r"property var letters:\s*\[(.*?)\]", block, re.S).group(1)
    digraphs = SCRABBLE3D_DIGRAPHS.get(language, {})
    out = []
    for face, value, count in re.findall(r'"([^"]+)"\s*,\s*(\d+)\s*,\s*(\d+)', letters):
        if face.isdigit() and face not in digraphs:
            raise SystemExit(f"Scrabble3D {language}: tile '{face}' has no face in SCRABBLE3D_DIGRAPHS")
        if int(count):
            out.append((digraphs.get(face, face), int(count), int(value)))
    return out + [("?", jokers, 0)]


def extract(mirrors: Path, out: Path) -> int:
    written = 0
    for source, (folder, licence, paths) in SOURCES.items():
        repo = mirrors / folder / "repo"
        commit = head(repo)
        for lang, path in sorted(paths.items()):
            file, _, part = path.partition("#")
            text = show(repo, file)
            table = {"xanado": xanado, "quackle": quackle, "macondo": macondo, "wolges": wolges}[source](text) \
                if source != "scrabble3d" else scrabble3d(text, part)
            target = out / source / f"{lang}.csv"
            target.parent.mkdir(parents=True, exist_ok=True)
            lines = [f"# {folder.replace('+', '/')} {commit} {path} ({licence})"]
            lines += [f"{face},{count},{value}" for face, count, value in table]
            target.write_text("\n".join(lines) + "\n", encoding="utf-8")
            written += 1
    return written


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("mirrors", type=Path, help="the folder of the snapshots (owner+name/repo)")
    ap.add_argument("--out", type=Path, default=OUT)
    args = ap.parse_args(argv)
    print(f"{extract(args.mirrors, args.out)} tables written to {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
