"""A built kit's manifest as printkit reads it: each file's entry one mapping of its names (path, kind,
product, format, bytes, sha256) and its figures, whichever version of the manifest the file is
(printkit.manifest). Tests read figures from it by name, as verify does."""

from __future__ import annotations

import json
from pathlib import Path

from printkit.manifest import flat, read


def manifest_of(folder) -> dict:
    """The manifest of a built kit's folder."""
    return read(Path(folder), "test")


def manifest_in(text: str | bytes) -> dict:
    """A manifest's text (as a zip or a snapshot holds it)."""
    data = json.loads(text)
    if data.get("manifest_version") == 2:
        data["artifacts"] = [flat(a) for a in data["artifacts"]]
    return data
