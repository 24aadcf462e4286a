"""What a wheel ships: every package of the source tree is listed in pyproject.toml (a package left
out works in a checkout and is missing after `pip install .`)."""

from __future__ import annotations

from pathlib import Path

import pytest

tomllib = pytest.importorskip("tomllib")  # Python 3.11 and later

ROOT = Path(__file__).resolve().parents[2]


def test_every_package_is_listed_in_pyproject():
    listed = set(tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]["packages"])
    found = {".".join(p.parent.relative_to(ROOT).parts) for p in (ROOT / "printkit").rglob("__init__.py")}
    assert found - listed == set(), "add these to [tool.setuptools] packages"
    assert {p for p in listed if not p.startswith("printkit.data.")} == found


def test_every_data_file_of_a_package_is_in_its_package_data():
    """The page of printkit serve (index.html, page.js, page.css) is data of printkit.serve: a file
    no pattern names works in a checkout and is missing after `pip install .`."""
    from fnmatch import fnmatch

    data = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]["package-data"]
    files = [p for p in (ROOT / "printkit").rglob("*") if p.is_file() and p.suffix not in (".py", ".pyc")
             and "__pycache__" not in p.parts]
    assert any(p.name == "page.js" for p in files)
    for p in files:
        package = ".".join(p.parent.relative_to(ROOT).parts)
        while package not in data and "." in package:
            package = package.rsplit(".", 1)[0]
        rel = p.relative_to(ROOT.joinpath(*package.split("."))).as_posix()
        assert any(fnmatch(rel, pattern) for pattern in data.get(package, [])), f"{p} is in no package-data"
