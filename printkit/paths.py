"""Where the shipped configs and templates are: beside the package in a checkout, inside it when installed."""

from __future__ import annotations

import os
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


GONE = ("the working folder no longer exists (it was deleted or moved away): change to a folder that "
        "exists and run printkit again")


def cwd() -> Path:
    """The working folder; a PrintkitError (one line) when it is gone, as after ``rm -r`` of the
    folder a shell is in (``os.getcwd()`` then raises FileNotFoundError)."""
    from .errors import PrintkitError

    try:
        return Path.cwd()
    except OSError:
        raise PrintkitError(f"printkit: {GONE}") from None


def cwd_gone() -> bool:
    try:
        os.getcwd()
    except OSError:
        return True
    return False


def shown(path: Path) -> str:
    """A path as the user should read it in a message: relative to the working folder or the
    project when it is inside them, else absolute (or as given, when the working folder is gone)."""
    try:
        here = os.getcwd()
    except OSError:
        return str(path)
    return _shown(str(path), here)


@lru_cache(maxsize=1024)
def _shown(path: str, here: str) -> str:
    """:func:`shown` of ``path`` from the working folder ``here``, kept: a kit's reader names a
    score of files, the same ones for every kit, and resolving each was a quarter of reading a kit.
    (A name to show only: a link changed while the process runs may leave an old name shown.)"""
    try:
        full = Path(path).resolve()
        bases = (Path(here).resolve(), data_root().resolve())
    except OSError:
        return path
    for base in bases:
        try:
            return str(full.relative_to(base))
        except ValueError:
            continue
    return path


MAX_NAME = 80  # characters of a kit's name, which becomes a folder name
_RESERVED = frozenset({"CON", "PRN", "AUX", "NUL", *(f"COM{i}" for i in range(1, 10)),
                       *(f"LPT{i}" for i in range(1, 10))})  # device names Windows will not make a folder of
_FORBIDDEN = '/\\<>:"|?*'


def name_problem(name: str, part_of: str = "folder") -> str | None:
    """Why ``name`` cannot be one folder name on any common system, or None if it can.

    A kit's name becomes ``OUT/NAME/``: it must not reach outside ``OUT`` (``/``, ``..``), hide
    (a leading dot, like printkit's own work folders), or trip an operating system (control
    characters, Windows' reserved names and characters, trailing dots or spaces). A profile's or a
    label stock's name, which becomes part of a file's name (``stickers-NAME.pdf``), passes the same
    rule (``part_of="file"``: the messages say so)."""
    import unicodedata

    one = "one folder name" if part_of == "folder" else "part of a file's name"
    if not name:
        return "is empty"
    if len(name) > MAX_NAME:
        return f"is {len(name)} characters long: the limit is {MAX_NAME}"
    for ch in name:
        if ch in _FORBIDDEN:
            return f"contains '{ch}': a name is {one}, without {' '.join(_FORBIDDEN)}"
        if unicodedata.category(ch) in ("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"):
            return f"contains the invisible or control character U+{ord(ch):04X}"
    if name in (".", ".."):
        return ("names the output folder itself or the one above it, not a folder of its own" if part_of == "folder"
                else "names a folder, not part of a file's name")
    if name.startswith("."):
        return "starts with '.', which hides the folder" if part_of == "folder" else \
            "starts with '.', as printkit's own hidden files do"
    if name.startswith("-"):
        return "starts with '-', which reads as an option on the command line"
    if name != name.strip() or name.endswith("."):
        return "starts or ends with a space, or ends with '.'"
    if name.split(".")[0].upper() in _RESERVED:
        return "is a device name that Windows reserves"
    return None
