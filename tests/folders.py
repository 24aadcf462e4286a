"""A kit's folder as the safety tests see it: every file's bytes, which are printkit's, which the manifest lists."""

from __future__ import annotations

import hashlib
from pathlib import Path

from manifestread import manifest_of


def snapshot(folder: Path) -> dict[str, bytes]:
    """Every file under ``folder`` (hidden ones too), by path relative to it."""
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def ours(folder: Path) -> set[str]:
    """The files in the kit's folder that are not the user's (the fixture's)."""
    return {p for p in snapshot(folder) if not p.startswith(("notes.txt", "photos", ".my-hidden"))}


def listed(folder: Path) -> set[str]:
    manifest = manifest_of(folder)
    for a in manifest["artifacts"]:
        data = (folder / a["path"]).read_bytes()
        assert a["sha256"] == hashlib.sha256(data).hexdigest() and a["bytes"] == len(data), a["path"]
    return {a["path"] for a in manifest["artifacts"]} | {"manifest.json"}
