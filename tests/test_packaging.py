"""What a wheel ships: every package of the source tree is listed in pyproject.toml (a package left
out works in a checkout and is missing after `pip install .`)."""

from __future__ import annotations

from pathlib import Path

import pytest

tomllib = pytest.importorskip("tomllib")  # Python 3.11 and later

ROOT = Path(__file__).resolve().parent.parent


def test_every_package_is_listed_in_pyproject():
    listed = set(tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]["packages"])
    found = {".".join(p.parent.relative_to(ROOT).parts) for p in (ROOT / "printkit").rglob("__init__.py")}
    assert found - listed == set(), "add these to [tool.setuptools] packages"
    assert {p for p in listed if not p.startswith("printkit.data.")} == found
