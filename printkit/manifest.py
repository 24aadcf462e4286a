"""``manifest.json``: what a build wrote into a kit's folder, the folder's one record of it.

One name (:data:`MANIFEST`), one writer (:func:`write`: a build's work folder, before its files are
moved into place) and one reader (:func:`read`), for the build (the previous build's files, which it
may replace), ``verify`` (every file it lists), the gallery and the web page (the files to show and
to download). Its fields are README's contract ("The manifest").
"""

from __future__ import annotations

import json
from pathlib import Path

from .errors import PrintkitError
from .inputs import NotUtf8, read_bounded

MANIFEST = "manifest.json"
MAX_MANIFEST_BYTES = 64 * 1024 * 1024  # the manifest of ten sets with every preview is under 1 MB


class ManifestError(PrintkitError):
    """A kit's folder whose manifest is missing (``missing``), or cannot be read or is not a printkit
    manifest; the message says which, in the words of ``printkit verify``."""

    def __init__(self, message: str, path: Path, missing: bool = False):
        super().__init__(message)
        self.path = path
        self.missing = missing


def text(manifest: dict) -> str:
    """The manifest's bytes as the build writes them (UTF-8, indented, the kit's own letters kept)."""
    return json.dumps(manifest, ensure_ascii=False, indent=2) + "\n"


def write(folder: Path, manifest: dict) -> Path:
    """Write ``manifest`` into ``folder`` (a build's work folder); return its path."""
    path = Path(folder) / MANIFEST
    path.write_text(text(manifest), encoding="utf-8")
    return path


def read(folder: Path, command: str = "verify") -> dict:
    """The manifest of a kit's folder: a dict with ``kit`` (a string) and ``artifacts`` (a list of
    dicts, each with a ``path`` and a ``format``, strings). Anything else is a :class:`ManifestError`
    (exit 2) saying what is wrong, as ``printkit COMMAND`` says it."""
    folder = Path(folder)
    who = f"printkit {command}"
    if not folder.is_dir():
        what = "is not a folder" if folder.exists() else "does not exist"
        raise ManifestError(f"{who}: {folder} {what} (give a built kit's folder, e.g. out/krestoslovitsa)",
                            folder / MANIFEST, missing=True)
    path = folder / MANIFEST
    try:
        data = json.loads(read_bounded(path, MAX_MANIFEST_BYTES, "a manifest", text=True))
    except FileNotFoundError:
        raise ManifestError(f"{who}: {folder} has no {MANIFEST} (give a built kit's folder, "
                            f"e.g. out/krestoslovitsa)", path, missing=True) from None
    except NotUtf8 as exc:
        raise ManifestError(f"{who}: {path}:{exc.line}:{exc.col} cannot be read: {exc}", path) from None
    except (OSError, ValueError) as exc:
        why = getattr(exc, "strerror", None) or str(exc).split("\n")[0]
        raise ManifestError(f"{who}: {path} cannot be read: {why}", path) from None
    except RecursionError:  # lists in lists a hundred thousand deep: no manifest
        raise ManifestError(f"{who}: {path} cannot be read: its lists and mappings are nested too deep",
                            path) from None
    good = (isinstance(data, dict) and isinstance(data.get("kit"), str) and isinstance(data.get("artifacts"), list)
            and all(isinstance(a, dict) and isinstance(a.get("path"), str) and isinstance(a.get("format"), str)
                    for a in data["artifacts"]))
    if not good:
        raise ManifestError(f"{who}: {path} is not a printkit manifest (it needs 'kit' and 'artifacts', "
                            f"each with 'path' and 'format')", path)
    return data


__all__ = ["MANIFEST", "ManifestError", "read", "text", "write"]
