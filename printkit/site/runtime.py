"""Pyodide, the Python the page runs in the browser: the npm package ``pyodide``, its interpreter and standard
library (WebAssembly), 14 MB, of which the site takes the five files a page needs.

Where it comes from, first found: the folder given (``printkit site --pyodide DIR``: an unpacked npm package,
``node_modules/pyodide``); ``node_modules/pyodide`` under the working folder (``npm install pyodide@VERSION``
there); else the package's tarball from the npm registry, checked against the registry's sha512 written below
and kept in printkit's cache, so that it is downloaded once. Another version than :data:`VERSION` is used as
given, and said: printkit's bytes are checked in the browser with this one.
"""

from __future__ import annotations

import base64
import hashlib
import io
import json
import tarfile
import urllib.error
import urllib.request
from dataclasses import dataclass
from pathlib import Path

from ..errors import PrintkitError
from ..report import quoted

VERSION = "314.0.8"  # Python 3.14.2 in the browser
TARBALL = f"https://registry.npmjs.org/pyodide/-/pyodide-{VERSION}.tgz"
# the registry's own integrity of that tarball (npm view pyodide@314.0.8 dist.integrity)
INTEGRITY = "sha512-74Wq1kXOC+CCEzAfxuRAO701nAcCMLjf8NrwvWpu8S41dVMXwXmLQ05dYB+F4e46AdnGo0oq7YHSVUpHsoarLQ=="
FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json",
         "package.json")  # package.json: its version and licence (MPL-2.0), kept beside it
TIMEOUT_S = 60.0
NPM_LINE = f"npm install pyodide@{VERSION}"


@dataclass(frozen=True)
class Runtime:
    """Pyodide's files for the site (name → bytes), its version and where they came from."""

    files: dict[str, bytes]
    version: str
    source: str


def _version(package_json: bytes, where: str) -> str:
    try:
        return str(json.loads(package_json)["version"])
    except (ValueError, KeyError, TypeError):
        raise PrintkitError(f"{where}: not the npm package pyodide (its package.json has no version)") from None


def from_folder(folder: Path) -> Runtime:
    """Pyodide's files from an unpacked npm package (``node_modules/pyodide``)."""
    shown = quoted(str(folder), 100)
    if not folder.is_dir():
        raise PrintkitError(f"--pyodide {shown}: no such folder (the npm package pyodide: {NPM_LINE})")
    lacking = [name for name in FILES if not (folder / name).is_file()]
    if lacking:
        raise PrintkitError(f"--pyodide {shown}: not the npm package pyodide: it lacks {', '.join(lacking)} "
                            f"({NPM_LINE})")
    files = {name: (folder / name).read_bytes() for name in FILES}
    return Runtime(files, _version(files["package.json"], str(folder / "package.json")), str(folder))


def _checked(data: bytes) -> bool:
    algorithm, _, digest = INTEGRITY.partition("-")
    return base64.b64encode(hashlib.new(algorithm, data).digest()).decode("ascii") == digest


def _unpacked(data: bytes, source: str) -> Runtime:
    files = {}
    with tarfile.open(fileobj=io.BytesIO(data), mode="r:gz") as tar:
        for name in FILES:
            try:
                member = tar.extractfile(f"package/{name}")
            except KeyError:  # extractfile raises for a name the tarball does not hold
                member = None
            if member is None:
                raise PrintkitError(f"{source}: the tarball lacks package/{name}")
            files[name] = member.read()
    return Runtime(files, _version(files["package.json"], source), source)


def downloaded(url: str = TARBALL) -> Runtime:
    """Pyodide from the npm registry's tarball (checked against :data:`INTEGRITY`), kept in printkit's cache."""
    from .. import cache

    name = cache.key(url, INTEGRITY)
    data = cache.get("pyodide", name)
    if data is None or not _checked(data):
        try:
            with urllib.request.urlopen(url, timeout=TIMEOUT_S) as response:  # noqa: S310 - a fixed https address
                data = response.read()
        except (urllib.error.URLError, OSError) as exc:
            reason = getattr(exc, "reason", None) or exc
            raise PrintkitError(f"printkit site: cannot download Pyodide {VERSION} from the npm registry "
                                f"({reason}): install it with npm ({NPM_LINE}) and give its folder: "
                                f"--pyodide node_modules/pyodide") from None
        if not _checked(data):
            raise PrintkitError(f"printkit site: the Pyodide tarball from {url} is not the one the npm registry "
                                f"lists for {VERSION} (its sha512 differs); nothing was written")
        cache.put("pyodide", name, data)
    return _unpacked(data, url)


def find(given: Path | None = None, here: Path | None = None) -> Runtime:
    """Pyodide's files: from ``given``, else ``node_modules/pyodide`` under ``here``, else the npm registry."""
    if given is not None:
        return from_folder(given)
    local = (here or Path.cwd()) / "node_modules" / "pyodide"
    if local.is_dir():
        return from_folder(local)
    return downloaded()


__all__ = ["FILES", "INTEGRITY", "NPM_LINE", "TARBALL", "VERSION", "Runtime", "downloaded", "find", "from_folder"]
