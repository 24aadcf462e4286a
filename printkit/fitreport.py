"""``printkit fit``: the fit of a kit's letters to its language as a table, a JSON document and a
chart (SVG and PNG), and ``--derive``: a new distribution and kit written from a language's shares.

The numbers are :mod:`printkit.engine.fit`'s; the chart's geometry is :mod:`printkit.sheets.fitchart`'s.
This module reads the inputs, writes the files and words the report.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from .config.distribution import MAX_BLANKS, MAX_TILES
from .engine import fit as F
from .engine.judge import read_list
from .errors import PrintkitError
from .model import Kit
from .report import one_line, shown_number
from .text.plural import english

CHART = "fit"  # fit.svg, fit.png and fit.txt in the output folder
HEADER = "# Derived by printkit fit --derive"
DERIVE = "printkit fit --derive"


@dataclass
class Report:
    kit: Kit
    fit: F.Fit
    files: list[str]

    def header(self) -> list[str]:
        f, s = self.fit, self.fit.shares
        return [
            f"fit {self.kit.name}: {f.letter_tiles} lettered tiles (+{f.blanks} blank{'s' if f.blanks != 1 else ''}), "
            f"language {s.language}",
            f"letters by {s.source}: {s.words:,} words the tiles can write",
            "text: share of letters in running text (words weighted by frequency); lexicon: each word once; "
            "language: their mean",
            f"suggested {F.FORMULA}; here V = {f.top}",
            f"flags: a count more than {f.factor:g}× off what the language share asks (share × {f.letter_tiles} "
            f"tiles, at least 1); a value more than {F.VALUE_SLACK} points off the suggestion",
        ]

    def lines(self) -> list[str]:
        out = self.header()
        rows = [("face", "tiles", "tiles%", "text%", "lexicon%", "language%", "ratio", "value", "suggested", "flags")]
        for r in self.fit.rows:
            rows.append((r.face, str(r.count), f"{r.tile_share * 100:.2f}", f"{r.text_share * 100:.2f}",
                         f"{r.lexicon_share * 100:.2f}", f"{r.share * 100:.2f}",
                         "—" if r.ratio is None else f"{r.ratio:.2f}", str(r.value), str(r.suggested),
                         "; ".join(r.flags)))
        widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]) - 1)]
        for row in rows:
            cells = [row[0].ljust(widths[0])] + [c.rjust(w) for c, w in zip(row[1:-1], widths[1:])]
            out.append(("  ".join(cells) + "  " + row[-1]).rstrip())
        out.append(f"chart: {', '.join(self.files)}")
        out.append(f"flagged: {' '.join(self.fit.flagged) or 'none'}")
        return out

    def json(self) -> dict:
        f, s = self.fit, self.fit.shares
        return {
            "kit": self.kit.name, "language": s.language, "source": s.source, "words": s.words,
            "letter_tiles": f.letter_tiles, "blanks": f.blanks, "top_value": f.top, "formula": F.FORMULA,
            "count_factor": f.factor, "value_slack": F.VALUE_SLACK,
            "letters": [{"face": r.face, "tiles": r.count, "tile_share": round(r.tile_share, 6),
                         "text_share": round(r.text_share, 6), "lexicon_share": round(r.lexicon_share, 6),
                         "language_share": round(r.share, 6),
                         "ratio": None if r.ratio is None else round(r.ratio, 4), "asked": round(r.asked, 3),
                         "value": r.value, "suggested": r.suggested, "rarity": round(r.rarity, 4),
                         "difficulty": round(r.difficulty, 4), "flags": list(r.flags)} for r in f.rows],
            "chart": self.files,
            "flagged": list(f.flagged),
        }


def _language(kit: Kit, language: str | None) -> str:
    code = (language or kit.distribution.language or kit.language).strip()
    if not code or len(code) > 12 or not code.replace("-", "").isalnum():
        raise PrintkitError(f"--language {one_line(code[:20])!s}: a language code is a few letters (ru, bg, en)")
    return code.lower()


def shares_for(kit: Kit, words_file: str | None, language: str | None) -> F.Shares:
    dist = kit.distribution
    speller = F.Speller(dist.faces(), dict(dist.folds), dist.language)
    if words_file:
        words = read_list(words_file)
        return F.list_shares(words, speller, _language(kit, None), one_line(str(words_file)))
    return F.language_shares(_language(kit, language), speller)


def fit_kit(kit: Kit, words_file: str | None = None, language: str | None = None, out: str = "",
            force: bool = False) -> Report:
    """The fit of ``kit``, with its chart and report written into ``out``."""
    shares = shares_for(kit, words_file, language)
    result = F.fit(kit.distribution, shares)
    folder = Path(out)
    report = Report(kit, result, [str(folder / f"{CHART}.svg"), str(folder / f"{CHART}.png")])
    _write_chart(report, folder, force)
    return report


def _write_chart(report: Report, folder: Path, force: bool = False) -> None:
    import tempfile

    from .geometry import Document
    from .preview import render
    from .sheets.fitchart import chart
    from .text import words
    from .writers.svg import write_svg

    say = words(report.kit.language)
    title = say("fit_title", title=report.kit.title, language=report.fit.shares.language)
    page = chart(report.fit, title, say)
    with tempfile.TemporaryDirectory(prefix="printkit-fit-") as tmp:  # made whole before the folder is touched
        svg = Path(tmp) / f"{CHART}.svg"
        write_svg(Document(f"{CHART}.svg", "fit", "svg", (page,), title=title), svg)
        (png, _), = render([(svg, "svg", None)])[0]
        files = {f"{CHART}.svg": svg.read_bytes(), f"{CHART}.png": png,
                 f"{CHART}.txt": ("\n".join(report.lines()) + "\n").encode("utf-8")}
    _write_own(folder, files, force=force)


OWN = ".printkit-fit.json"  # the files printkit fit wrote in a folder, by sha256: only those it replaces
ADVICE = "move it away, give another --out, or --force to replace it; nothing was written"


def _write_own(folder: Path, files: dict[str, bytes], who: str = "printkit fit", what: str = "the chart",
               force: bool = False) -> None:
    """Write ``files`` into ``folder`` (made as needed), all or nothing, replacing a file only if printkit fit
    wrote it there and it is unchanged since (a user's own fit.txt, or an edited one, stops it before
    anything is written)."""
    from .written import Written

    try:
        Written(folder, OWN, who, force=force).write(files, ADVICE)
    except (FileExistsError, NotADirectoryError):
        raise PrintkitError(f"{folder}: a file is in the way of the output folder; nothing was written") from None
    except OSError as exc:
        raise PrintkitError(f"{folder}: cannot write {what} ({exc.strerror or exc}); nothing was written") from None


# -- deriving a new set -----------------------------------------------------------------------------------

@dataclass
class Derived:
    lines: list[str]
    kit_path: str


def _alphabet(language: str) -> tuple[str, list[str], list[str], list[str], dict[str, str], list[str]]:
    """(script, alphabet, vowels, signs, folds, symbols) of ``language``: from printkit's table, or from
    a shipped distribution of that language."""
    if language in F.ALPHABETS:
        script, letters, vowels, signs = F.ALPHABETS[language]
        return script, letters.split(), vowels.split(), signs.split(), {}, []
    from .config import distribution as dist_cfg
    from .config.reader import Problems
    from .config.sources import available, find, load

    for name in available("distribution"):
        path = find("distribution", name, None)
        problems = Problems()
        d = dist_cfg.build(load("distribution", path).root, problems, path.stem) if path else None
        if d is not None and d.language == language:
            symbols = [f for f in d.faces() if dist_cfg.script_problem(f, d.script, frozenset())]
            faces = list(d.faces())  # a letter the set folds into another (Ё as Е) is no tile, nor a vowel of it
            vowels, signs = sorted(v for v in d.vowels if v in faces), sorted(s for s in d.signs if s in faces)
            return d.script, faces, vowels, signs, dict(d.folds), symbols
    known = sorted(set(F.ALPHABETS) | {"de", "en", "es", "fr", "nl", "pl", "ru", "uk"})
    raise PrintkitError(f"--language {language}: printkit knows no alphabet for it (it knows {', '.join(known)})")


def derive(language: str, tiles: int, blanks: int, out: str, force: bool = False) -> Derived:
    """Write a distribution and a kit for ``language`` into ``out``: counts by the language's shares
    (at least one tile a letter, ``tiles`` in all with the blanks), values suggested."""
    language = language.strip().lower()
    if not language or len(language) > 12 or not language.replace("-", "").isalnum():
        raise PrintkitError(f"--language {one_line(language[:20])}: a language code is a few letters (bg, it)")
    known = F.wordfreq_languages()  # the extra first: its message before any other
    if language not in known:
        raise PrintkitError(f"--language {language}: wordfreq has no word frequencies for it (it has "
                            f"{', '.join(known)})")
    script, alphabet, vowels, signs, folds, symbols = _alphabet(language)
    if not 0 <= blanks <= MAX_BLANKS:
        raise PrintkitError(f"--blanks {shown_number(blanks)}: a set has 0 to {MAX_BLANKS} blanks")
    if not 1 <= tiles <= MAX_TILES:
        raise PrintkitError(f"--tiles {shown_number(tiles)}: a set has 1 to {MAX_TILES} tiles")
    letters = tiles - blanks
    if letters < len(alphabet):
        raise PrintkitError(f"--tiles {tiles} with --blanks {blanks} leaves {max(letters, 0)} lettered tiles for the "
                            f"{len(alphabet)} letters of '{language}': give at least {len(alphabet) + blanks}")
    speller = F.Speller(alphabet, folds, language)
    shares = F.language_shares(language, speller)
    counts = F.apportion({f: shares.share(f) for f in alphabet}, letters)
    values = F.suggest(shares, alphabet, F.NEW_TOP_VALUE)
    folder = Path(out)
    name = f"derived-{language}"
    dist_path, kit_path = folder / f"{name}-letters.yaml", folder / f"{name}.yaml"
    if folder.is_dir():
        from .written import Written

        Written(folder, OWN, DERIVE, force=force).refuse([dist_path.name, kit_path.name], ADVICE)
    source = (f"counts by the letters' shares in {shares.source} (mean of running text and lexicon), at least "
              f"one tile a letter; values by printkit fit's formula: {F.FORMULA}")
    def q(text: str) -> str:
        return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'
    dist_lines = [
        HEADER + f" --language {language} --tiles {tiles} --blanks {blanks}",
        f"# {english(letters, 'lettered tile')} and {english(blanks, 'blank')}: {english(tiles, 'tile')}. "
        "Check the counts and values by playing.",
        "",
        f"name: {name}",
        f"title: {q(f'Derived set ({language})')}",
        f"language: {language}",
        f"script: {script}",
        f"alphabet: {q(' '.join(alphabet))}",
    ]
    if folds:
        dist_lines.append("folds: {" + ", ".join(f"{q(k)}: {q(v)}" for k, v in folds.items()) + "}")
    if vowels:
        dist_lines.append(f"vowels: {q(' '.join(vowels))}")
    if signs:
        dist_lines.append(f"signs: {q(' '.join(signs))}")
    if symbols:
        dist_lines.append(f"symbols: {q(' '.join(symbols))}")
    dist_lines += [f"blanks: {blanks}", "tiles:  # [face, count, value]"]
    dist_lines += [f"  - [{q(f)}, {counts[f]}, {values[f].value}]" for f in alphabet]
    dist_lines.append(f"sources: {q(source)}")
    kit_lines = [
        HEADER + f" --language {language} --tiles {tiles} --blanks {blanks}",
        "# The derived letters on the standard board under boxed Scrabble rules.",
        "",
        f"name: {name}",
        f"title: {q(f'Derived set ({language})')}",
        f"language: {language}",
        f"distribution: {dist_path.name}",
        "layout: standard-15",
        "rules: scrabble",
        f"expect: {{tiles: {tiles}, blanks: {blanks}}}",
        "physical: {tile_mm: 19, cell_mm: 21, thickness_mm: 3, kerf_mm: 0.2}",
        "style: {template: classic, labels: en}",
        "print: {paper: A4, margin_mm: 10}",
        f"notes: {q('Derived by printkit fit --derive from ' + shares.source)}",
    ]
    _write_own(folder, {dist_path.name: ("\n".join(dist_lines) + "\n").encode("utf-8"),
                        kit_path.name: ("\n".join(kit_lines) + "\n").encode("utf-8")}, DERIVE, "the derived set",
               force=force)
    return Derived([f"{dist_path}: {english(tiles, 'tile')} ({letters} lettered, {english(blanks, 'blank')}) "
                    f"of the {len(alphabet)} letters of '{language}', by {shares.source}",
                    "  " + " ".join(f"{f}×{counts[f]}={values[f].value}" for f in alphabet)], str(kit_path))
