"""The GitHub Pages workflow (.github/workflows/pages.yml) cannot run here, so it is read: it installs printkit
and Pyodide as the guides say, runs `printkit site` with arguments printkit's own parser takes, and publishes
the very folder that command writes. A renamed folder, flag or step breaks this test, not the published site."""

from __future__ import annotations

import json
import shlex
from pathlib import Path, PurePosixPath

import yaml

from printkit.cli.parser import parser
from printkit.site import runtime

ROOT = Path(__file__).resolve().parents[2]
WORKFLOW = ROOT / ".github" / "workflows" / "pages.yml"


def _workflow() -> dict:
    return yaml.safe_load(WORKFLOW.read_text(encoding="utf-8"))


def _steps() -> list[dict]:
    jobs = _workflow()["jobs"]
    assert len(jobs) == 1, "one job builds and publishes the site"
    return next(iter(jobs.values()))["steps"]


def _index(action: str) -> int:
    found = [i for i, step in enumerate(_steps()) if step.get("uses", "").split("@")[0] == action]
    assert len(found) == 1, f"{action}: used once"
    return found[0]


def _site_line() -> tuple[int, list[str]]:
    lines = [(i, shlex.split(step["run"])) for i, step in enumerate(_steps())
             if "run" in step and step["run"].strip().startswith("printkit site ")]
    assert len(lines) == 1, "one step runs printkit site"
    return lines[0]


def test_it_runs_on_a_push_to_main_and_by_hand_with_the_rights_pages_needs():
    flow = _workflow()
    on = flow.get("on", flow.get(True))  # YAML 1.1 reads a bare `on` as true
    assert on["push"]["branches"] == ["main"]
    assert "workflow_dispatch" in on
    assert flow["permissions"] == {"contents": "read", "pages": "write", "id-token": "write"}
    assert flow["concurrency"]["group"] == "pages"


def test_it_installs_printkit_and_pyodide_as_the_guides_say():
    steps = _steps()
    python = steps[_index("actions/setup-python")]["with"]["python-version"]
    node = steps[_index("actions/setup-node")]["with"]["node-version"]
    assert (str(python), str(node)) == ("3.12", "20")
    assert _index("actions/checkout") == 0
    package = json.loads((ROOT / "package.json").read_text(encoding="utf-8"))
    assert package["devDependencies"]["pyodide"] == runtime.VERSION
    assert (ROOT / "package-lock.json").is_file(), "npm ci needs the lock file"
    site, _ = _site_line()
    before = [step.get("run", "").strip() for step in _steps()[:site]]
    assert "pip install ." in before, "the core install, before printkit site: it needs no extra"
    assert "npm ci" in before, "Pyodide as package.json and package-lock.json pin it, before printkit site"


def test_the_folder_printkit_site_writes_is_the_folder_pages_publishes():
    steps = _steps()
    at, words = _site_line()
    args = parser().parse_args(words[1:])  # printkit's own parser: a renamed flag fails here
    assert args.command == "site"
    assert args.pyodide is not None and PurePosixPath(args.pyodide) == PurePosixPath("node_modules/pyodide")
    upload = _index("actions/upload-pages-artifact")
    assert PurePosixPath(steps[upload]["with"]["path"]) == PurePosixPath(args.dir)
    assert at < _index("actions/configure-pages") < upload < _index("actions/deploy-pages")
