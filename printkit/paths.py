"""Where the shipped configs and templates are: beside the package in a checkout, inside it when installed."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


@lru_cache(maxsize=None)
def data_root() -> Path:
    """The folder holding ``configs/`` and ``templates/``."""
    checkout = _PACKAGE.parent
    if (checkout / "configs" / "kits").is_dir() and (checkout / "pyproject.toml").is_file():
        return checkout
    return _PACKAGE / "data"


def configs_dir() -> Path:
    return data_root() / "configs"


def templates_dir() -> Path:
    return data_root() / "templates"


def shown(path: Path) -> str:
    """A path as the user should read it in a message: relative to the working folder or the
    project when it is inside them, else absolute."""
    path = Path(path)
    for base in (Path.cwd(), data_root()):
        try:
            return str(path.resolve().relative_to(base.resolve()))
        except ValueError:
            continue
    return str(path)
