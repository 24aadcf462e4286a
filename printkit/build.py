"""``printkit build``: products → documents → files in ``OUT/KIT/``, the manifest written last.

The kit is built into a temporary folder beside the target and moved into place only when every
file is written, so a failed build leaves the previous output untouched.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from .config.reader import suggest
from .errors import PrintkitError
from .geometry import Document
from .model import Kit
from .writers import WRITERS


def _tiles(kit: Kit) -> list[Document]:
    from .sheets.tiles import tile_documents

    return tile_documents(kit)


def _board(kit: Kit) -> list[Document]:
    from .sheets.board import board_documents

    return board_documents(kit)


PRODUCTS: dict[str, Callable[[Kit], list[Document]]] = {
    "tiles": _tiles,
    "board": _board,
}


@dataclass
class BuildResult:
    folder: Path
    manifest: dict
    artifacts: list[dict] = field(default_factory=list)

    def lines(self) -> list[str]:
        out = []
        for a in self.artifacts:
            figures = []
            if "pages" in a:
                figures.append(f"{a['pages']} page{'s' if a['pages'] != 1 else ''}")
            if "page" in a:
                figures.append(f"page {a['page']}")
            if "paper" in a:
                figures.append(a["paper"])
            if "tiles" in a:
                figures.append(f"{a['tiles']} tiles")
            if "tile_mm" in a:
                figures.append(f"tile {a['tile_mm']:.2f} mm")
            if "cell_mm" in a:
                figures.append(f"cell {a['cell_mm']:.2f} mm")
            figures.append(_size(a["bytes"]))
            out.append(f"{self.folder / a['path']}  ({', '.join(figures)})")
        out.append(f"{self.folder / 'manifest.json'}")
        return out


def _size(n: int) -> str:
    return f"{n / 1024:.1f} KB" if n >= 1024 else f"{n} B"


def products(only: list[str] | None) -> list[str]:
    if only is None:
        return list(PRODUCTS)
    if not only:
        raise PrintkitError(f"--only: name at least one product ({', '.join(PRODUCTS)})")
    for name in only:
        if name not in PRODUCTS:
            raise PrintkitError(f"--only: unknown product '{name}'{suggest(name, PRODUCTS) or ''} "
                                f"(products: {', '.join(PRODUCTS)})")
    return [p for p in PRODUCTS if p in only]


def manifest_for(kit: Kit, artifacts: list[dict]) -> dict:
    d, lay = kit.distribution, kit.layout
    return {
        "kit": kit.name,
        "title": kit.title,
        "tiles": {"total": d.total, "blanks": d.blanks, "letters": {t.face: t.count for t in d.tiles},
                  "values": {t.face: t.value for t in d.tiles}, "tile_mm": kit.physical.tile_mm},
        "board": {"rows": lay.rows, "cols": lay.cols, "cell_mm": kit.physical.cell_mm, "layout": lay.name},
        "rules": kit.rules.name,
        "artifacts": artifacts,
    }


def build_kit(kit: Kit, out: str | Path, only: list[str] | None = None) -> BuildResult:
    names = products(only)
    documents: list[Document] = []
    for name in names:  # all geometry first: a mistake stops the build before any file is written
        documents.extend(PRODUCTS[name](kit))
    out = Path(out)
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise PrintkitError(f"--out {out}: cannot create the folder ({exc.strerror})") from None
    target = out / kit.name
    tmp = Path(tempfile.mkdtemp(prefix=f".{kit.name}.", suffix=".tmp", dir=out))
    try:
        artifacts = []
        for doc in documents:
            path = tmp / doc.path
            WRITERS[doc.format](doc, path)
            data = path.read_bytes()
            artifacts.append({"path": doc.path, "kind": doc.kind, "format": doc.format, **doc.figures,
                              "bytes": len(data), "sha256": hashlib.sha256(data).hexdigest()})
        manifest = manifest_for(kit, artifacts)
        (tmp / "manifest.json").write_text(json.dumps(manifest, ensure_ascii=False, indent=2) + "\n",
                                           encoding="utf-8")
        os.chmod(tmp, 0o755)
        _replace(tmp, target)
    except OSError as exc:
        shutil.rmtree(tmp, ignore_errors=True)
        raise PrintkitError(f"{out}: cannot write the kit ({exc.strerror or exc}); nothing was changed") from None
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    return BuildResult(target, manifest, artifacts)


def _replace(new: Path, target: Path) -> None:
    """Put ``new`` where ``target`` is, keeping the old one until the new one is in place."""
    old = None
    if target.exists():
        old = target.with_name(f".{target.name}.old-{os.getpid()}")
        if old.exists():
            shutil.rmtree(old)
        target.rename(old)
    try:
        new.rename(target)
    except BaseException:
        if old is not None:
            old.rename(target)
        raise
    if old is not None:
        shutil.rmtree(old, ignore_errors=True)
