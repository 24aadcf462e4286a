"""A build's verification kept for the same bytes (``printkit build`` only: ``printkit verify``
always measures).

verify is a function of what it reads: the files of a kit's folder, the kit they were built from,
printkit's own code and data, and the libraries that read PDFs, DXFs and meshes. A build's files
are the same bytes whenever those are the same (builds are byte for byte reproducible), so the
second build of a kit would measure again exactly what the first measured. The build therefore
keeps a passing report in printkit's cache (:mod:`printkit.cache`) under the sha256 of all of it:
the manifest's bytes (which list every file's sha256), each listed file's sha256 read back from
the disk (a file that is not the manifest's is measured, and fails), every name in the folder, the
kit written out in one canonical form, the working folder (the kit's file is named from it), the
sha256 of printkit's sources, configs and templates, and the libraries' versions. Anything else
is a new key and a full verification; a report with a failure is never kept, so a failure is
always measured again.
"""

from __future__ import annotations

import dataclasses
import enum
import hashlib
import json
from pathlib import Path, PurePath, PurePosixPath
from types import MappingProxyType

from .. import cache
from ..inputs import read_input
from ..manifest import MANIFEST, MAX_MANIFEST_BYTES
from .report import Check, Report

KIND = "verify"
FORMAT = "printkit-verify-memo 1"
LIBRARIES = ("pypdf", "pdfplumber", "pdfminer.six", "reportlab", "fonttools", "ezdxf", "numpy", "trimesh",
             "manifold3d", "pillow", "pypdfium2", "resvg-py")
_CODE: list[str] = []  # once a process: the digest of printkit's code and shipped data


def canonical(obj) -> str:
    """``obj`` (a Kit and what it holds) written out the same way in every process: dataclasses by
    their compared fields, mappings in their order, sets sorted (their order follows the hash
    seed). Anything else raises TypeError (then the build measures)."""
    out: list[str] = []
    _write(obj, out)
    return "".join(out)


def _write(obj, out: list[str]) -> None:
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        out.append(type(obj).__qualname__ + "(")
        for f in dataclasses.fields(obj):
            if f.compare:  # a field left out of ==, a cache's, is not what the object is
                out.append(f.name + "=")
                _write(getattr(obj, f.name), out)
                out.append(",")
        out.append(")")
    elif isinstance(obj, (dict, MappingProxyType)):
        out.append("{")
        for k, v in obj.items():
            _write(k, out)
            out.append(":")
            _write(v, out)
            out.append(",")
        out.append("}")
    elif isinstance(obj, (list, tuple)):
        out.append("[")
        for v in obj:
            _write(v, out)
            out.append(",")
        out.append("]")
    elif isinstance(obj, (set, frozenset)):
        out.append("{" + ",".join(sorted(canonical(v) for v in obj)) + "}")
    elif isinstance(obj, enum.Enum):
        out.append(f"{type(obj).__qualname__}.{obj.name}")
    elif obj is None or isinstance(obj, (str, int, float, bool, PurePath)):
        out.append(repr(obj))
    elif isinstance(obj, bytes):
        out.append("bytes:" + hashlib.sha256(obj).hexdigest())
    else:
        raise TypeError(f"no canonical form for {type(obj).__qualname__}")


def _code() -> str:
    """The sha256 of printkit's sources and of the configs and templates it ships, and the versions
    of the libraries verify reads files with."""
    if not _CODE:
        from importlib import metadata

        from .. import __version__
        from ..paths import configs_dir, templates_dir

        digest = hashlib.sha256(__version__.encode())
        package = Path(__file__).resolve().parent.parent
        roots = [(package, "*.py"), (configs_dir(), "*"), (templates_dir(), "*")]
        for root, pattern in roots:
            for path in sorted(p for p in root.rglob(pattern) if p.is_file() and "__pycache__" not in p.parts):
                digest.update(str(path.relative_to(root)).encode() + b"\0")
                digest.update(hashlib.sha256(path.read_bytes()).digest())
        for name in LIBRARIES:
            try:
                version = metadata.version(name)
            except metadata.PackageNotFoundError:
                version = "-"
            digest.update(f"{name}={version}\n".encode())
        _CODE.append(digest.hexdigest())
    return _CODE[0]


def key(folder: Path, kit) -> str | None:
    """The key of the folder's verification, or None when there can be none: the cache is off, a
    listed file is not the manifest's bytes, the manifest cannot be read, or the kit has no
    canonical form."""
    if cache.folder() is None:
        return None
    try:
        data = read_input(folder / MANIFEST, MAX_MANIFEST_BYTES)  # regular files only, as verify reads them
        manifest = json.loads(data)
        names = sorted(f"{p.relative_to(folder).as_posix()}:{'d' if p.is_dir() else 'f' if p.is_file() else '?'}"
                       for p in folder.rglob("*"))
        for a in manifest["artifacts"]:
            rel, size = PurePosixPath(a["path"]), a["bytes"]
            if rel.is_absolute() or ".." in rel.parts or "\\" in a["path"] or not rel.parts \
                    or not isinstance(size, int) or size < 0:
                return None  # verify says what is wrong with it
            body = read_input(folder / a["path"], size)
            if len(body) != size or hashlib.sha256(body).hexdigest() != a["sha256"]:
                return None
        kit_text = canonical(kit)
    except (OSError, ValueError, KeyError, TypeError, OverflowError, RecursionError):
        return None
    return cache.key(FORMAT, _code(), kit_text, data, "\n".join(names), str(Path.cwd()))


def recall(name: str, folder: Path) -> Report | None:
    """The report kept under ``name``, for ``folder``; None if there is none."""
    data = cache.get(KIND, name)
    if data is None:
        return None
    try:
        checks = [Check(status, path, text) for status, path, text in json.loads(data)]
    except (ValueError, TypeError):
        return None
    report = Report(folder, checks)
    return report if report.passed else None


def keep(name: str, report: Report) -> None:
    """Keep a passing report under ``name``."""
    if report.passed:
        cache.put(KIND, name, json.dumps([[c.status, c.path, c.text] for c in report.checks],
                                         ensure_ascii=False).encode("utf-8"))
