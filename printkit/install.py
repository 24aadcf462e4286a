"""The line that installs an optional extra (or printkit's own libraries), as the maker types it here.

printkit's distribution is ``printkit-tiles`` (``printkit`` on PyPI is another project); the command and
the import stay ``printkit``. A bare ``pip install`` may be another environment's pip, or none at all, so
every line names the pip of the environment printkit runs in: the ``pip`` beside ``sys.executable``
(``Scripts\\pip`` on Windows). From a source checkout installed editable (the package's parent folder
holds a pyproject.toml naming ``printkit-tiles``) the line installs the checkout with the extra:
``.venv/bin/pip install -e '.[serve]'``; otherwise the extra of the published distribution:
``/opt/venv/bin/pip install 'printkit-tiles[serve]'``. A path under the current folder is shown relative
to it, any other absolute. Every message about a missing extra takes its line from :func:`install_line`.
"""

from __future__ import annotations

import os
import re
import shlex
import sys
from pathlib import Path, PurePath, PurePosixPath, PureWindowsPath

DISTRIBUTION = "printkit-tiles"
WINDOWS = os.name == "nt"  # the form of the line: cmd.exe's and PowerShell's quotes and backslashes
_NAMED = re.compile(r'^\s*name\s*=\s*["\']' + re.escape(DISTRIBUTION) + r'["\']\s*$', re.MULTILINE)


def checkout() -> Path | None:
    """The source checkout printkit runs from (the folder of its pyproject.toml), or None when it runs
    from an installed wheel."""
    root = Path(__file__).resolve().parent.parent
    try:
        text = (root / "pyproject.toml").read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None
    return root if _NAMED.search(text) else None


def _cwd() -> PurePath | None:
    try:
        return _path(os.getcwd())
    except OSError:  # the current folder was removed: every path is then shown whole
        return None


def _path(text: str | os.PathLike) -> PurePath:
    return (PureWindowsPath if WINDOWS else PurePosixPath)(str(text))


def _shown(path: PurePath, cwd: PurePath | None) -> str:
    """``path`` relative to the current folder when it is under it (``.venv/bin/pip``), else as it is."""
    try:
        rel = path.relative_to(cwd) if cwd is not None else None
    except ValueError:
        rel = None
    if rel is None:
        return str(path)
    sep = "\\" if WINDOWS else "/"
    text = str(rel)
    return text if text == "." or sep in text else f".{sep}{text}"  # `./pip`, never a `pip` found on the PATH


def _quoted(text: str) -> str:
    if WINDOWS:
        return f'"{text}"' if re.search(r'[\s\[\]&|<>^()"]', text) else text
    return shlex.quote(text)


def pip() -> str:
    """The pip of the running environment, as a command: the ``pip`` beside ``sys.executable`` (a virtual
    environment's ``bin/`` or ``Scripts\\``; a Windows Python's own ``Scripts\\``), or ``PYTHON -m pip``
    when there is no such file."""
    cwd = _cwd()
    python = _path(sys.executable or "python")
    if not python.is_absolute() and cwd is not None:
        python = cwd / python
    folder = python.parent
    if WINDOWS:
        scripts = folder if folder.name.lower() == "scripts" else folder / "Scripts"
        return _quoted(_shown(scripts / "pip", cwd))
    beside = folder / "pip"
    if not os.path.exists(str(beside)):
        return f"{_quoted(_shown(python, cwd))} -m pip"
    return _quoted(_shown(beside, cwd))


BROWSER = False  # printkit runs in a web page (printkit.site.browser): nothing installs there; a computer's pip does


def install_line(extra: str | None = None) -> str:
    """The one line that installs the optional ``extra`` (``"serve"``, ``"3d"``...) into the environment
    printkit runs in, or printkit with its libraries when ``extra`` is None; in a web page (:data:`BROWSER`),
    the line that installs it on a computer."""
    tail = f"[{extra}]" if extra else ""
    if BROWSER:
        return f"pip install {_quoted(DISTRIBUTION + tail)}"
    root = checkout()
    if root is None:
        return f"{pip()} install {_quoted(DISTRIBUTION + tail)}"
    where = _shown(_path(root), _cwd())
    return f"{pip()} install -e {_quoted(where + tail)}"
