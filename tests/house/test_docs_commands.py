"""The guides cannot drift from the program: every `printkit …` command a guide gives (in a code block, or
as a whole command in a line of its text) runs, in the guide's order, in a folder of its own, and exits 0
as the guide says; one that needs a file the guide has the maker write (my.yaml, a font, a stock) or that
runs a server is left to the tests of that part. A command with an output shown after it in a code block
prints that output's first line. `printkit site` runs as the guide gives it, taking Pyodide from
node_modules/pyodide in its folder, as a maker's would after npm: the repository's own (npm ci), linked there;
without it the guide's other commands run and the test is then skipped, saying so (printkit site would
download Pyodide from the npm registry)."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
GUIDES = sorted(p for p in (ROOT / "docs" / "guides").glob("*.md") if not p.name.endswith(".ru.md"))
BLOCK = re.compile(r"```(\w*)\n(.*?)```", re.S)
FILES = re.compile(r"\.(yaml|yml|ttf|otf|xml)\b")  # a file the maker writes or brings
PYODIDE = ROOT / "node_modules" / "pyodide"  # npm ci (package.json, package-lock.json), as .ci/run runs it


def commands(guide: Path) -> list[tuple[list[str], str | None]]:
    """The guide's commands in its order, each with the first line of output a code block shows after it."""
    text = guide.read_text(encoding="utf-8")
    found: list[tuple[int, list[str], str | None]] = []
    for block in BLOCK.finditer(text):
        lines = block.group(2).splitlines()
        for i, line in enumerate(lines):
            line = re.sub(r"^\$ ", "", line.strip())
            if line.startswith(("printkit ", ".venv/bin/printkit ")):
                after = lines[i + 1].strip() if i + 1 < len(lines) else ""
                shown = after if after and not after.startswith(("printkit", "$", "#")) else None
                found.append((block.start(), shlex.split(line.split("  #")[0])[1:], shown))
    prose = BLOCK.sub(lambda m: " " * len(m.group(0)), text)
    for m in re.finditer(r"`((?:\.venv/bin/)?printkit [^`\n]+)`", prose):
        words = shlex.split(m.group(1))[1:]
        if len(words) > 1 and words[0] in ("build", "check", "verify", "score", "schema", "replay", "word"):
            found.append((m.start(), words, None))
    out = []
    for _, words, shown in sorted(found, key=lambda f: f[0]):
        joined = " ".join(words)
        if words[0] == "serve" or FILES.search(joined) or "…" in joined or ">" in words or "|" in words:
            continue
        if words[0] in ("score", "word", "replay") and all(w.startswith("-") for w in words[1:]):
            continue  # a flag named in a sentence (`printkit score --judge`), not a command to run
        out.append((words, shown))
    return out


@pytest.mark.parametrize("guide", GUIDES, ids=[g.stem for g in GUIDES])
def test_every_command_of_a_guide_runs_as_it_says(guide, run, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    ran, unrun = 0, []
    for words, shown in commands(guide):
        if words[0] in ("replay",) and not Path(words[-1]).exists():
            continue  # a record the guide's earlier command did not write here
        if words[0] == "site" and "--pyodide" not in words:
            if not PYODIDE.is_dir():
                unrun.append(" ".join(words))
                continue
            if not Path("node_modules").exists():  # where the maker's npm install puts it
                Path("node_modules").mkdir()
                Path("node_modules", "pyodide").symlink_to(PYODIDE, target_is_directory=True)
        try:
            code, out, err = run(*words)
        except SystemExit as stop:  # the parser's own refusal
            code, out, err = stop.code, "", ""
        assert code == 0, f"{guide.name}: printkit {' '.join(words)} → exit {code}: {err.strip()[-600:]}"
        if shown is not None:
            assert shown in out, f"{guide.name}: printkit {' '.join(words)} does not print {shown!r}"
        ran += 1
    assert ran or guide.stem in ("web-page",), f"{guide.name} gives no command a maker can run"
    if unrun:
        pytest.skip(f"{guide.name}: its other commands ran ({ran}); not run: printkit {', printkit '.join(unrun)}: "
                    f"no node_modules/pyodide in the repository (npm ci), and the test downloads nothing")
