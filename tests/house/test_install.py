"""The name and the install (issue 34): the distribution is printkit-tiles (``printkit`` on PyPI is another
project's), every install line names the environment's own pip, from printkit's messages to the README, and a
build ends by saying what to open and what to print first."""

from __future__ import annotations

import json
import os
import re
import shlex
import subprocess
import sys
from importlib import metadata
from pathlib import Path, PureWindowsPath

import pytest
from extras import without
from pdfread import open_pdf

import printkit
from printkit import install
from printkit.install import install_line

ROOT = Path(__file__).resolve().parents[2]


# -- the distribution's name ----------------------------------------------------------------------------------

def test_the_distribution_is_printkit_tiles_with_the_command_and_the_package_printkit():
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert re.search(r'^name = "printkit-tiles"$', text, re.MULTILINE)
    dist = metadata.distribution("printkit-tiles")  # the installed one: the name importlib.metadata finds
    assert dist.version == metadata.version("printkit-tiles") == printkit.__version__
    scripts = {e.name: e.value for e in dist.entry_points if e.group == "console_scripts"}
    assert scripts == {"printkit": "printkit.cli:program"}
    assert {"serve", "3d", "dxf", "words", "burn", "docs", "test"} <= set(dist.metadata.get_all("Provides-Extra"))
    # the test extra brings the others by this distribution's name, never by the other project's
    requires = dist.requires or []
    assert {r.split(";")[0].strip() for r in requires if r.startswith("printkit")} == {
        "printkit-tiles[serve]", "printkit-tiles[dxf]", "printkit-tiles[burn]", "printkit-tiles[3d]",
        "printkit-tiles[words]", "printkit-tiles[docs]"}


def test_printkit_version_still_answers():
    done = subprocess.run([sys.executable, "-m", "printkit", "--version"], capture_output=True, text=True,
                          timeout=60, cwd=ROOT)
    assert (done.returncode, done.stdout, done.stderr) == (0, f"printkit {printkit.__version__}\n", "")


def test_no_install_line_names_the_other_projects_distribution():
    """No `pip install 'printkit[...]'` (the PyPI project of that name) left in the code, the README, the docs, the
    tools and the configs: an extra is `printkit-tiles[...]`, and a pip line is the environment's own."""
    places = [ROOT / "README.md", ROOT / "pyproject.toml",
              *(p for top in ("printkit", "docs", "bench", "tools", "configs", ".ci") for p in (ROOT / top).rglob("*")
                if p.is_file() and p.suffix in (".py", ".md", ".yaml", ".toml", ".js", ".html", "")
                and "__pycache__" not in p.parts)]
    other = re.compile(r"(?<![\w-])printkit\[")
    found = [f"{p.relative_to(ROOT)}:{n}" for p in places for n, line in
             enumerate(p.read_text(encoding="utf-8", errors="replace").splitlines(), 1) if other.search(line)]
    assert found == []
    said = [f"{p.relative_to(ROOT)}:{n}" for p in (ROOT / "printkit").rglob("*.py") if p.name != "install.py"
            for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1) if "pip install" in line]
    assert said == [], "a message takes its pip line from printkit.install.install_line"


def test_every_install_line_of_the_readme_and_the_docs_is_the_environments_pip():
    """`pip install` typed outside the virtual environment the README made installs into another Python (or the
    other project): every one in the README and the docs is `.venv/bin/pip` (or `.venv\\Scripts\\pip`), and the
    README gives the Windows form where it sets up."""
    pages = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
    bare = [f"{p.relative_to(ROOT)}:{n}: {line.strip()}" for p in pages
            for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1)
            for m in re.finditer(r"\bpip install\b", line)
            if not re.search(r"\.venv(/bin/|\\Scripts\\)$", line[:m.start()])]
    assert bare == []
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    setup = readme[:readme.index("## ")]  # the README's first lines: set up, build, test
    assert '.venv\\Scripts\\pip install -e ".[' in setup


# -- the line for an extra --------------------------------------------------------------------------------------

def _venv(folder: Path, windows: bool = False) -> Path:
    """A folder laid out as a virtual environment: its python and its pip (empty files: nothing runs them)."""
    bin_ = folder / ".venv" / ("Scripts" if windows else "bin")
    bin_.mkdir(parents=True)
    for name in ("python", "pip"):
        (bin_ / name).write_text("", encoding="utf-8")
    return bin_ / "python"


def test_from_a_checkout_in_the_current_folder_the_line_is_its_venvs_pip_installing_it_editable(tmp_path,
                                                                                               monkeypatch):
    monkeypatch.setattr(sys, "executable", str(_venv(tmp_path)))
    monkeypatch.setattr(install, "checkout", lambda: tmp_path)
    monkeypatch.chdir(tmp_path)
    assert install_line("serve") == ".venv/bin/pip install -e '.[serve]'"
    assert install_line() == ".venv/bin/pip install -e ."
    other = tmp_path / "elsewhere"
    other.mkdir()
    monkeypatch.chdir(other)  # paths outside the current folder are shown whole
    assert install_line("3d") == f"{tmp_path}/.venv/bin/pip install -e '{tmp_path}[3d]'"


def test_the_checkout_is_the_packages_parent_when_its_pyproject_names_printkit_tiles(tmp_path, monkeypatch):
    package = tmp_path / "printkit"
    package.mkdir()
    monkeypatch.setattr(install, "__file__", str(package / "install.py"))
    assert install.checkout() is None  # a wheel: site-packages holds no pyproject.toml
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "printkit"\n', encoding="utf-8")
    assert install.checkout() is None  # the other project's
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "printkit-tiles"\nversion = "1"\n', encoding="utf-8")
    assert install.checkout() == tmp_path
    monkeypatch.undo()
    assert install.checkout() == ROOT  # the tests run from the checkout, installed editable


def test_from_an_installed_wheel_the_line_is_the_pip_beside_the_python(tmp_path, monkeypatch):
    env = tmp_path / "env"
    python = _venv(env)
    monkeypatch.setattr(sys, "executable", str(python))
    monkeypatch.setattr(install, "checkout", lambda: None)
    (tmp_path / "work").mkdir()
    monkeypatch.chdir(tmp_path / "work")
    assert install_line("3d") == f"{python.parent / 'pip'} install 'printkit-tiles[3d]'"
    monkeypatch.chdir(env)
    assert install_line("3d") == ".venv/bin/pip install 'printkit-tiles[3d]'"
    (python.parent / "pip").unlink()  # a Python with no pip beside it: its own pip module
    assert install_line("words") == ".venv/bin/python -m pip install 'printkit-tiles[words]'"


def test_a_path_with_a_space_is_quoted(tmp_path, monkeypatch):
    home = tmp_path / "my kit"
    monkeypatch.setattr(sys, "executable", str(_venv(home)))
    monkeypatch.setattr(install, "checkout", lambda: home)
    monkeypatch.chdir(tmp_path)
    line = install_line("serve")
    assert shlex.split(line) == ["my kit/.venv/bin/pip", "install", "-e", "./my kit[serve]"]


def test_on_windows_the_line_is_scripts_pip_with_double_quotes(monkeypatch):
    monkeypatch.setattr(install, "WINDOWS", True)
    monkeypatch.setattr(sys, "executable", r"C:\Users\me\kit\.venv\Scripts\python.exe")
    monkeypatch.setattr(install, "checkout", lambda: PureWindowsPath(r"C:\Users\me\kit"))
    with monkeypatch.context() as m:
        m.setattr(os, "getcwd", lambda: r"C:\Users\me\kit")
        here = install_line("serve")
    assert here == '.venv\\Scripts\\pip install -e ".[serve]"'
    with monkeypatch.context() as m:
        m.setattr(os, "getcwd", lambda: r"D:\prints")
        there = install_line("serve")
    assert there == 'C:\\Users\\me\\kit\\.venv\\Scripts\\pip install -e "C:\\Users\\me\\kit[serve]"'
    monkeypatch.setattr(sys, "executable", r"C:\Program Files\Python311\python.exe")  # no venv: its Scripts
    monkeypatch.setattr(install, "checkout", lambda: None)
    with monkeypatch.context() as m:
        m.setattr(os, "getcwd", lambda: r"D:\prints")
        system = install_line("3d")
    assert system == '"C:\\Program Files\\Python311\\Scripts\\pip" install "printkit-tiles[3d]"'


# -- a real message -----------------------------------------------------------------------------------------------

def _pip_of_this_python(cwd: Path) -> str:
    """The pip beside the tests' Python, as a line run in ``cwd`` shows it (independently of printkit.install)."""
    pip = Path(sys.executable).parent / "pip"
    return str(pip.relative_to(cwd)) if pip.is_relative_to(cwd) else str(pip)


@pytest.mark.parametrize("where", ["checkout", "elsewhere"])
def test_serve_without_flask_names_the_environments_pip(where, tmp_path):
    code = without("flask", ["serve"])
    cwd = ROOT if where == "checkout" else tmp_path
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, cwd=cwd,
                          env=dict(os.environ, PYTHONPATH=str(ROOT)))
    target = "." if where == "checkout" else str(ROOT)
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == (f"printkit: the web page needs the optional extra (Flask): "
                           f"{_pip_of_this_python(cwd)} install -e '{target}[serve]'\n")
    if where == "checkout" and Path(sys.executable).parent == ROOT / ".venv" / "bin":
        assert done.stderr.endswith(": .venv/bin/pip install -e '.[serve]'\n")  # as the README writes it


# -- after a build --------------------------------------------------------------------------------------------

def _printed(folder: Path) -> tuple[str, str]:
    """The calibration sheet and print-all the build listed in its manifest, by their products."""
    artifacts = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))["artifacts"]
    first = [a["path"] for a in artifacts if a["product"] == "calibration" and a["format"] == "pdf"]
    all_ = [a["path"] for a in artifacts if a["product"] == "print-all"]
    return first[0], all_[0]


def test_a_build_ends_by_saying_what_to_open_and_what_to_print_first(run, tmp_path):
    out = tmp_path / "out"
    code, stdout, err = run("build", "--out", out)  # the README's first command
    assert code == 0, err
    lines = stdout.strip().splitlines()
    folder = out / "krestoslovitsa"
    calibration, print_all = _printed(folder)
    assert (calibration, print_all) == ("calibration.pdf", "print-all-A4.pdf")
    assert (folder / calibration).is_file() and (folder / print_all).is_file() and (folder / "index.html").is_file()
    assert lines[-3] == f"{folder}/manifest.json"  # after the files it wrote, before verify's summary
    assert lines[-2] == (f"Open {folder}/index.html; print calibration.pdf first (at 100 %) and measure it, "
                         f"then print-all-A4.pdf.")
    assert lines[-1].startswith(f"verify {folder}: all ")
    # print-all holds the calibration sheet too, right after its contents: the same sheet, whichever is printed
    with open_pdf(folder / print_all) as pdf, open_pdf(folder / calibration) as alone:
        assert pdf.pages[1].extract_text() == alone.pages[0].extract_text()

    code, stdout, err = run("build", "--out", out, "--only", "laser")  # nothing for the printer
    assert code == 0, err
    assert stdout.strip().splitlines()[-2] == f"Open {folder}/index.html."

    code, stdout, err = run("build", "--out", out, "--only", "tiles")  # print-all remade, not the calibration
    assert code == 0, err
    assert stdout.strip().splitlines()[-2] == f"Open {folder}/index.html; print print-all-A4.pdf (at 100 %)."

    # the calibration measured already: print-all straight away, not the calibration sheet again
    code, stdout, err = run("build", "--out", out, "--set", "print.measured.across=179.3",
                            "--set", "print.measured.down=200.6")
    assert code == 0, err
    assert stdout.strip().splitlines()[-2] == (f"Open {folder}/index.html; print print-all-A4.pdf (at 100 %: drawn "
                                               "for your printer's measured calibration).")


def test_the_files_named_are_the_builds_own(run, tmp_path):
    code, stdout, err = run("build", "--out", tmp_path, "--only", "calibration", "--paper", "Letter")
    assert code == 0, err
    folder = tmp_path / "krestoslovitsa"
    calibration, print_all = _printed(folder)
    assert print_all == "print-all-Letter.pdf" and (folder / print_all).is_file()
    assert stdout.strip().splitlines()[-2] == (f"Open {folder}/index.html; print {calibration} first (at 100 %) "
                                               f"and measure it, then print-all-Letter.pdf.")
    code, stdout, err = run("build", "--out", tmp_path, "--only", "calibration", "-q")
    assert (code, stdout, err) == (0, "", "")  # quiet: nothing but errors
