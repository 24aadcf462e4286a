"""``manifest.json``: what a build wrote into a kit's folder, the folder's one record of it.

One name (:data:`MANIFEST`), one writer (:func:`write`: a build's work folder, before its files are
moved into place) and one reader (:func:`read`), for the build (the previous build's files, which it
may replace), ``verify`` (every file it lists), the gallery and the web page (the files to show and
to download). Its fields are README's contract ("The manifest").

Version 2 (``"manifest_version": 2``) keeps each file's figures apart from what names the file: an entry
is its ``path``, ``kind``, ``product``, ``format``, ``bytes`` and ``sha256``, and its ``figures`` (a 3D file's
``item`` among them) (declared for each kind in :mod:`printkit.figures`). Version 1 (no ``manifest_version``)
wrote the figures among those names. In printkit, an entry is read as one mapping either way (:func:`flat`:
the figures, then the names, which no figure can hide); :func:`text` writes version 2.
"""

from __future__ import annotations

import json
from pathlib import Path

from .errors import PrintkitError
from .inputs import NotUtf8, read_bounded

MANIFEST = "manifest.json"
MAX_MANIFEST_BYTES = 64 * 1024 * 1024  # the manifest of ten sets with every preview is under 1 MB
VERSION = 2  # the manifest this printkit writes; it reads VERSIONS
VERSIONS = (1, 2)
# what names a file in an entry: everything else is one of its figures
NAMES = ("path", "kind", "product", "format", "bytes", "sha256")


class ManifestError(PrintkitError):
    """A kit's folder whose manifest is missing (``missing``), or cannot be read or is not a printkit
    manifest; the message says which, in the words of ``printkit verify``."""

    def __init__(self, message: str, path: Path, missing: bool = False):
        super().__init__(message)
        self.path = path
        self.missing = missing


def entry(names: dict, figures: dict) -> dict:
    """A file's entry as printkit holds it: its names (path, kind, product, format, bytes, sha256) and its
    figures in one mapping. A figure called as a name is a mistake of the sheet that states it."""
    clash = sorted(set(figures) & set(NAMES))
    if clash:
        raise ValueError(f"{names.get('path')}: a figure may not be called {', '.join(clash)}: those name the file")
    return {**figures, **names}


def flat(stored: dict) -> dict:
    """An entry of a version 2 manifest as printkit holds it: its figures, then its names (which no figure
    can hide). A ``figures`` that is not a mapping is kept as it is, for the reader to refuse."""
    figures = stored.get("figures")
    if not isinstance(figures, dict):
        return dict(stored)
    rest = {k: v for k, v in stored.items() if k != "figures"}
    return {**figures, **rest}


def nested(held: dict) -> dict:
    """An entry as version 2 stores it: its names in their order, then ``figures``, then bytes and sha256."""
    names = {k: held[k] for k in NAMES[:4] if k in held}
    figures = {k: v for k, v in held.items() if k not in NAMES}
    stamp = {k: held[k] for k in NAMES[4:] if k in held}
    return {**names, "figures": figures, **stamp}


def text(manifest: dict) -> str:
    """The manifest's bytes as the build writes them (version 2: UTF-8, indented, the kit's own letters
    kept, each file's figures under its ``figures``)."""
    stored = {"manifest_version": VERSION, **{k: v for k, v in manifest.items() if k != "manifest_version"}}
    stored["artifacts"] = [nested(a) for a in manifest["artifacts"]]
    return json.dumps(stored, ensure_ascii=False, indent=2) + "\n"


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
    version = data.get("manifest_version", 1) if isinstance(data, dict) else 1
    if type(version) is not int or version not in VERSIONS:
        shown = json.dumps(version, ensure_ascii=True)  # one line, whatever it holds
        shown = shown if len(shown) <= 20 else shown[:20] + "…"
        raise ManifestError(f"{who}: {path} is a manifest of version {shown}, which this "
                            f"printkit does not read (it reads {' and '.join(map(str, VERSIONS))}): verify it with "
                            f"the printkit that built it, or build the kit again", path)
    if version == 2 and isinstance(data.get("artifacts"), list):
        if not all(isinstance(a, dict) and isinstance(a.get("figures", {}), dict) for a in data["artifacts"]):
            raise ManifestError(f"{who}: {path} is not a printkit manifest (each file's 'figures' is a mapping)", path)
        data["artifacts"] = [flat(a) for a in data["artifacts"]]
    good = (isinstance(data, dict) and isinstance(data.get("kit"), str) and isinstance(data.get("artifacts"), list)
            and all(isinstance(a, dict) and isinstance(a.get("path"), str) and isinstance(a.get("format"), str)
                    for a in data["artifacts"]))
    if not good:
        raise ManifestError(f"{who}: {path} is not a printkit manifest (it needs 'kit' and 'artifacts', "
                            f"each with 'path' and 'format')", path)
    return data


__all__ = ["MANIFEST", "NAMES", "VERSION", "VERSIONS", "ManifestError", "entry", "flat", "nested", "read", "text",
           "write"]
