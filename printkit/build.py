"""``printkit build``: products → documents → files in ``OUT/KIT/``, the manifest written last.

The output folder is the user's. printkit writes every file of a build into a work folder of its
own inside ``OUT/KIT/`` and, once all are written, moves them into place; it then removes the
files of the products it rebuilt that this build no longer makes. It touches nothing else: the
previous manifest says which files printkit wrote, and a file printkit did not write is never
replaced or removed (a name clash is an error, and nothing is changed). ``--only`` rebuilds some
products and keeps the others, and the manifest lists everything the folder holds.

After the products' files are written (in the work folder, before the manifest) every page of
every PDF and SVG gets a PNG preview under ``preview/``, rendered from the file itself; a preview
belongs to the product of its file, so ``--only`` keeps the previews of the products it keeps.
Then ``index.html``, the gallery, is made from the manifest about to be written: it shows the
whole folder, kept products too, and every build makes it anew.

``print-all-PAPER.pdf`` is a product of its own, made of the pages of the printable products'
documents (tiles, board, play, calibration). It is rebuilt whenever one of them is, so it never
holds pages of another build than theirs; ``--only print-all`` makes it alone.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import tempfile
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import Callable

from . import __version__, outdir, preview
from .budget import estimate
from .config.reader import suggest
from .errors import PrintkitError
from .geometry import Document
from .inputs import read_input
from .interrupt import Interrupted, checkpoint, held
from .model import Kit
from .outdir import MANIFEST, PENDING, REPLACED, WORK_MARK, WORK_PREFIX
from .paths import name_problem, printable
from .sheets.compensate import compensate, laid_out
from .sheets.printall import SOURCES as PRINTED
from .text.plural import english
from .writers import WRITERS, require as require_writer

GALLERY = "index.html"
PRINT_ALL = "print-all"
KIT_WIDE = ("gallery",)  # products no --only names: made anew by every build, from the whole folder


def _tiles(kit: Kit) -> list[Document]:
    from .sheets.tiles import tile_documents

    return tile_documents(kit)


def _board(kit: Kit) -> list[Document]:
    from .sheets.board import board_documents

    return board_documents(kit)


def _laser(kit: Kit) -> list[Document]:
    from .sheets.laser import laser_documents

    return laser_documents(kit)


def _burn(kit: Kit) -> list[Document]:
    from .sheets.burn import burn_documents

    return burn_documents(kit)


def _play(kit: Kit) -> list[Document]:
    from .sheets.play import play_documents

    return play_documents(kit)


def _calibration(kit: Kit) -> list[Document]:
    from .sheets.calibration import calibration_documents

    return calibration_documents(kit)


def _print_all(kit: Kit, made: dict[str, list[Document]] | None = None) -> list[Document]:
    """The print-all document, from the documents of the printable products as a build makes them
    (laid out and compensated for the printer): those in ``made``, already planned, the others
    made here. Its own contents page is compensated like theirs; their pages are so already, and
    the calibration sheet's never are."""
    from dataclasses import replace

    from .sheets.printall import print_all_document

    made = made or {}
    sources = {name: made[name] if name in made else _documents(kit, name) for name in PRINTED if name in PRODUCTS}
    doc = print_all_document(laid_out(kit), sources)
    contents = compensate(replace(doc, pages=doc.pages[:1]), kit)
    return [replace(doc, pages=contents.pages + doc.pages[1:], figures=contents.figures)]


PRODUCTS: dict[str, Callable[[Kit], list[Document]]] = {
    "tiles": _tiles,
    "board": _board,
    "laser": _laser,
    "burn": _burn,
    "play": _play,
    "calibration": _calibration,
    PRINT_ALL: _print_all,
}

# Manifests written before artifacts named their product: the product of each kind.
_LEGACY_PRODUCT = {"tiles": "tiles", "tile-backs": "tiles", "board": "board", "board-assembly": "board"}


@dataclass
class BuildResult:
    folder: Path
    manifest: dict
    artifacts: list[dict] = field(default_factory=list)  # the files this build wrote

    def lines(self) -> list[str]:
        out = []
        shots = [a for a in self.artifacts if a["kind"] == "preview"]
        for a in self.artifacts:
            if a["kind"] == "preview":
                continue
            figures = []
            if "pages" in a:
                figures.append(english(a["pages"], "page"))
            if "page" in a:
                figures.append(f"page {a['page']}")
            if "paper" in a:
                figures.append(a["paper"])
            if "tiles" in a:
                figures.append(english(a["tiles"], "tile")
                               + (f" + {english(a['spares'], 'spare')}" if a.get("spares") else ""))
            if "tile_mm" in a:
                figures.append(f"tile {a['tile_mm']:.2f} mm")
            if "cell_mm" in a:
                figures.append(f"cell {a['cell_mm']:.2f} mm")
            if "bed" in a:
                figures.append(f"{a['profile']}, bed {a['bed']}")
            if a.get("cut_mm"):
                figures.append(f"cut {a['cut_mm'] / 1000:.2f} m, travel {a['travel_mm'] / 1000:.2f} m, "
                               f"about {_duration(a['time_s'])}")
            if a["kind"] == "gallery":
                figures.append("gallery")
            figures.append(_size(a["bytes"]))
            out.append(f"{self.folder / a['path']}  ({', '.join(figures)})")
        if shots:
            out.append(f"{self.folder / preview.FOLDER}/  ({len(shots)} preview{'s' if len(shots) != 1 else ''}, "
                       f"{_size(sum(a['bytes'] for a in shots))})")
        out.append(f"{self.folder / MANIFEST}")
        return out


def _duration(seconds: float) -> str:
    minutes = round(seconds / 60)
    return f"{minutes} min" if minutes < 120 else f"{minutes / 60:.1f} h"


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
    names = [p for p in PRODUCTS if p in only]
    if PRINT_ALL in PRODUCTS and PRINT_ALL not in names and any(n in PRINTED for n in names):
        names.append(PRINT_ALL)  # its pages are theirs: rebuilt with them
    return names


def manifest_for(kit: Kit, artifacts: list[dict]) -> dict:
    d, lay = kit.distribution, kit.layout
    spares = next((a.get("spares", 0) for a in artifacts if a["kind"] == "tiles" and a["format"] == "pdf"), 0)
    return {
        "kit": kit.name,
        "title": kit.title,
        "printkit": __version__,
        "tiles": {"total": d.total, "blanks": d.blanks, "letters": {t.face: t.count for t in d.tiles},
                  "values": {t.face: t.value for t in d.tiles}, "tile_mm": kit.physical.tile_mm,
                  "spares": spares},
        "board": {"rows": lay.rows, "cols": lay.cols, "cell_mm": kit.physical.cell_mm, "layout": lay.name},
        "rules": kit.rules.name,
        "scale": list(kit.print_scale),  # this build's printer compensation, across and down the paper
        "artifacts": artifacts,
    }


def plan(kit: Kit, names: list[str]) -> list[tuple[str, Document]]:
    """Every document of the products ``names``, as (product, document): all the geometry, no files.
    A mistake found here stops a build before any file is touched (and ``check`` finds it too)."""
    made: dict[str, list[Document]] = {}
    for name in sorted(names, key=lambda n: n == PRINT_ALL):  # print-all last, from the others' documents
        checkpoint()  # a stop asked for while a build is held (see build_kit) lands between products
        made[name] = _print_all(kit, made) if name == PRINT_ALL else _documents(kit, name)
    documents = [(name, doc) for name in names for doc in made[name]]
    for fmt in sorted({doc.format for _, doc in documents}):
        require_writer(fmt)
    return documents


def _documents(kit: Kit, product: str) -> list[Document]:
    """The documents of a product (not print-all) as a build writes them: laid out for the printer's
    compensation, then compensated."""
    return [compensate(doc, kit) for doc in PRODUCTS[product](_laid_out(kit, product))]


def _laid_out(kit: Kit, product: str) -> Kit:
    """The kit a product lays out: with room for the printer's compensation (see
    :mod:`printkit.sheets.compensate`), except the calibration sheet, which is never compensated,
    and the laser's sheets, which are not printed (their spares are those of the paper sheets at
    100 %, so that a printer's calibration changes no byte of them)."""
    return kit if product in ("calibration", "laser") else laid_out(kit)


def build_kit(kit: Kit, out: str | Path, only: list[str] | None = None,
              progress: Callable[[int, int], None] | None = None, *,
              say: Callable[[str], None] | None = None,
              after: Callable[[BuildResult], None] | None = None) -> BuildResult:
    """Write the kit's products (all, or ``only`` these) into ``out/KIT/`` and return what was written.
    ``progress(done, total)``, if given, is called as the work goes: after each file, after each
    file's previews, and once all is in place (the web page's progress bar).

    The kit's folder is locked for the whole build (see :mod:`printkit.outdir`): a second build of
    it waits, and ``say`` tells that it does; a move an earlier build was killed in is first finished
    or undone, and ``say`` tells which. ``after`` is called with the result while the folder is still
    locked (the command line prints and verifies there, so that no other build changes the files in
    between).

    A stop (Ctrl-C, SIGTERM, SIGHUP, with the command line's handlers installed) lands at a safe
    point between two files, or two moves, never inside a library: until the new manifest is in
    place, the previous kit is left as it was (moves already made are undone); after that, the
    new kit stays and the stop's ``after`` says so."""
    with held():
        checkpoint()
        return _build(kit, out, only, progress, say, after)


def _build(kit: Kit, out: str | Path, only: list[str] | None, progress, say, after) -> BuildResult:
    names = products(only)
    estimate(kit, only).check()  # a kit whose work passes the budget stops here, before anything is drawn
    documents = plan(kit, names)
    why = name_problem(kit.name)
    if why:  # the config refuses such names; a Kit made in code must not get further either
        raise PrintkitError(f"{kit.source}: the kit's name {printable(kit.name)} {why}")
    out = Path(out)
    target = out / kit.name
    folder = KitFolder(target)
    folder.in_place()
    shots = [(name, doc.path, doc.format, _preview_pages(doc.kind, len(doc.pages))) for name, doc in documents]
    created = _make_folders(out, target)
    work = None
    try:
        with outdir.locked(target, "build", say):
            outdir.recover(target, say)
            previous = folder.inspect([doc.path for _, doc in documents] + _shot_paths(shots) + [GALLERY])
            kept = _kept(previous, names, target)
            kept_shots = _missing_previews(kept, target)  # kept files an older build left without previews
            again = {path for _, path, _, _ in kept_shots}
            kept = [a for a in kept if a.get("of") not in again]  # their previews are all made anew
            folder.refuse(_shot_paths(kept_shots), previous)
            steps = [0, len(documents) + len(shots) + len(kept_shots) + 1]

            def step() -> None:
                steps[0] += 1
                if progress is not None:
                    progress(*steps)
                checkpoint()  # a stop lands here, between two files, never inside a writer or a renderer

            try:
                work = folder.new_work_folder()
                artifacts = []
                for product, doc in documents:
                    path = work / doc.path
                    path.parent.mkdir(parents=True, exist_ok=True)
                    WRITERS[doc.format](doc, path)
                    artifacts.append({"path": doc.path, "kind": doc.kind, "product": product, "format": doc.format,
                                      **doc.figures, **_stamp_file(path)})
                    step()
                artifacts += _write_previews([(work, shot) for shot in shots] + [(target, shot) for shot in kept_shots],
                                             work, step)
                listed = _ordered(artifacts + kept)
                (work / GALLERY).write_text(gallery_html(kit, manifest_for(kit, listed)), encoding="utf-8")
                artifacts.append({"path": GALLERY, "kind": "gallery", "product": "gallery", "format": "html",
                                  **_stamp_file(work / GALLERY)})
                listed = _ordered(artifacts + kept)
                manifest = manifest_for(kit, listed)
                (work / MANIFEST).write_text(json.dumps(manifest, ensure_ascii=False, indent=2) + "\n",
                                             encoding="utf-8")
                now = {a["path"] for a in listed}
                stale = [a["path"] for a in previous.artifacts
                         if a["path"] not in now and (a["product"] in names or a["product"] in KIT_WIDE
                                                      or a["kind"] == "preview")]
                folder.commit(work, [a["path"] for a in artifacts], stale)
            except OSError as exc:
                raise PrintkitError(
                    f"{out}: cannot write the kit ({exc.strerror or exc}); nothing was changed") from None
            finally:
                if work is not None:
                    shutil.rmtree(work, ignore_errors=True)
            result = BuildResult(target, manifest, artifacts)
            try:  # the new kit is in place: a stop from here on cannot bring the previous one back
                step()
                if after is not None:
                    after(result)
            except (Interrupted, KeyboardInterrupt) as exc:
                exc.after = f"the new kit was already in place in {target} (not verified: printkit verify {target})"
                raise
            return result
    finally:
        for path in reversed(created):  # folders this build made and left empty
            try:
                path.rmdir()
            except OSError:
                pass


def gallery_html(kit: Kit, manifest: dict) -> str:
    from .gallery import gallery_html as html

    return html(kit, manifest)


def _stamp(data: bytes) -> dict:
    return {"bytes": len(data), "sha256": hashlib.sha256(data).hexdigest()}


CHUNK = 1 << 20  # bytes read at a time to hash a file


def _stamp_file(path: Path) -> dict:
    """:func:`_stamp` of a file's bytes, read a chunk at a time (a file is never whole in memory)."""
    digest, size = hashlib.sha256(), 0
    with open(path, "rb") as f:
        while chunk := f.read(CHUNK):
            digest.update(chunk)
            size += len(chunk)
    return {"bytes": size, "sha256": digest.hexdigest()}


def _preview_pages(kind: str, pages: int) -> int:
    """How many pages of a file get previews: all, but the first of print-all (its other pages are
    the pages of the files it is made of, which have theirs)."""
    return 1 if kind == "print-all" else pages


# (product, path of the file, format, pages to preview)
Shot = tuple[str, str, str, int]


def _shot_paths(shots: list[Shot]) -> list[str]:
    return [p for _, path, fmt, pages in shots for _, p in preview.preview_paths(path, fmt, pages)]


def _kept(previous: Previous, names: list[str], target: Path) -> list[dict]:
    """What the folder keeps of the previous build: the files of the products not rebuilt that are
    still there, and the previews of those files."""
    files = [a for a in previous.artifacts if a["product"] not in names and a["product"] not in KIT_WIDE
             and a["kind"] != "preview" and (target / a["path"]).is_file()]
    paths = {a["path"] for a in files}
    shots = [a for a in previous.artifacts if a["kind"] == "preview" and a.get("of") in paths
             and (target / a["path"]).is_file()]
    return files + shots


def _missing_previews(kept: list[dict], target: Path) -> list[Shot]:
    """The kept files that lack a preview, to render from the folder."""
    have = {a["path"] for a in kept if a["kind"] == "preview"}
    out = []
    for a in kept:
        fmt = a.get("format")
        if a["kind"] == "preview" or fmt not in preview.FORMATS:
            continue
        pages = a.get("pages", 1) if fmt == "pdf" else 1
        if not isinstance(pages, int) or pages < 1:
            continue
        shot = (a["product"], a["path"], fmt, _preview_pages(a["kind"], pages))
        if any(p not in have for p in _shot_paths([shot])):
            out.append(shot)
    return out


def _write_previews(shots: list[tuple[Path, Shot]], work: Path, progress=None) -> list[dict]:
    """Render the previews of each file (read from the folder given with it) into ``work``, each
    page's written as soon as it is made (a kit's previews are never all in memory at once).
    ``progress()``, if given, is called once each file's pages are rendered."""
    paths = [preview.preview_paths(path, fmt, pages) for _, (_, path, fmt, pages) in shots]
    done = [0] * len(shots)
    artifacts = []
    for index, data, size in preview.stream([(root / path, fmt, pages) for root, (_, path, fmt, pages) in shots],
                                            progress):
        product, path = shots[index][1][0], shots[index][1][1]
        page, rel = paths[index][done[index]]
        done[index] += 1
        dest = work / rel
        dest.parent.mkdir(parents=True, exist_ok=True)
        dest.write_bytes(data)
        artifacts.append({"path": rel, "kind": "preview", "product": product, "format": "png", "of": path,
                          "page": page, "px": list(size), **_stamp(data)})
    return artifacts


def _ordered(artifacts: list[dict]) -> list[dict]:
    """The manifest's order: the products' files by product, then the previews, then the gallery."""
    order = [*PRODUCTS, *KIT_WIDE]
    group = {"preview": 1, "gallery": 2}

    def key(a: dict) -> tuple[int, int]:
        product = order.index(a["product"]) if a["product"] in order else len(order)
        return group.get(a["kind"], 0), product

    return sorted(artifacts, key=key)


def _make_folders(out: Path, target: Path) -> list[Path]:
    """Make ``out`` and ``out/KIT`` as needed; return those made (to remove them if the build fails)."""
    created = []
    for path in (*reversed(out.parents), out, target):
        if path.is_dir():
            continue
        if os.path.lexists(path) and not path.is_dir():
            what = "--out" if path != target else f"{out}: the kit's folder"
            raise PrintkitError(f"{what} {path} is a file, not a folder; nothing was changed")
        try:
            path.mkdir()
        except OSError as exc:
            raise PrintkitError(f"--out {out}: cannot create the folder {path} ({exc.strerror or exc})") from None
        created.append(path)
    return created


@dataclass
class Previous:
    """What an earlier build left in the kit's folder, by the manifest it wrote."""

    artifacts: list[dict]  # each with "path" and "product"
    owned: set[str]  # every path printkit wrote there and may replace or remove


class KitFolder:
    """The kit's output folder, and the rules for touching it: only files printkit wrote."""

    def __init__(self, path: Path):
        self.path = path

    # -- what is there ------------------------------------------------------------------------

    def in_place(self) -> None:
        """Refuse a file where the kit's folder should be."""
        if os.path.lexists(self.path) and not self.path.is_dir():
            raise PrintkitError(f"{self.path} is a file where the kit's folder should be: move it away or "
                                f"build with another --out; nothing was changed")

    def inspect(self, new_paths: list[str]) -> Previous:
        """Read the previous manifest and refuse, before anything is written, to replace a file
        printkit did not write."""
        self.in_place()
        previous = self._previous()
        self.refuse([*new_paths, MANIFEST], previous)
        return previous

    def refuse(self, new_paths: list[str], previous: Previous) -> None:
        """Stop, before anything is written, if a path this build writes holds a file printkit did
        not write, or a folder."""
        for rel in new_paths:
            p = self.path / rel
            if rel not in previous.owned and os.path.lexists(p):
                if rel == MANIFEST:
                    continue  # _previous() refused a manifest that is not printkit's
                raise PrintkitError(f"{p} is in the way: printkit did not write it (its {MANIFEST} does not "
                                    f"list it); move it away or build with another --out; nothing was changed")
            if os.path.isdir(p) and not os.path.islink(p):
                raise PrintkitError(f"{p} is a folder where printkit writes a file: move it away; "
                                    f"nothing was changed")

    def _previous(self) -> Previous:
        manifest = self.path / MANIFEST
        if not os.path.lexists(manifest):
            return Previous([], self._pending())
        problem = f"{manifest} was not written by printkit (or was edited): move it away; nothing was changed"
        try:
            data = json.loads(read_input(manifest).decode("utf-8"))
        except (OSError, UnicodeDecodeError, ValueError):
            raise PrintkitError(problem) from None
        if not isinstance(data, dict) or not isinstance(data.get("artifacts"), list) or "kit" not in data:
            raise PrintkitError(problem)
        artifacts = []
        for a in data["artifacts"]:
            if not isinstance(a, dict) or not _own_path(a.get("path")):
                raise PrintkitError(problem)
            product = a.get("product") or _LEGACY_PRODUCT.get(a.get("kind"))
            if product in PRODUCTS or product in KIT_WIDE:
                artifacts.append({**a, "product": product})
        return Previous(artifacts, {a["path"] for a in artifacts} | {MANIFEST} | self._pending())

    def _pending(self) -> set[str]:
        """Files an interrupted build had claimed while moving them into place."""
        try:
            data = json.loads(read_input(self.path / PENDING).decode("utf-8"))
        except (OSError, UnicodeDecodeError, ValueError):
            return set()
        paths = data.get("paths") if isinstance(data, dict) else None
        return {p for p in paths if _own_path(p)} if isinstance(paths, list) else set()

    # -- writing ------------------------------------------------------------------------------

    def new_work_folder(self) -> Path:
        """A fresh work folder in the kit's folder, after removing those of builds that died."""
        self.clean_dead_work()
        work = Path(tempfile.mkdtemp(prefix=f"{WORK_PREFIX}{os.getpid()}-", dir=self.path))
        (work / WORK_MARK).write_text(str(os.getpid()), encoding="ascii")
        return work

    def clean_dead_work(self) -> list[Path]:
        """Remove the work folders of builds whose process is gone (killed, or the machine stopped)."""
        removed = []
        try:  # a move cut short that could not be undone keeps the old files in its work folder
            keep = json.loads(read_input(self.path / PENDING, 10_000_000).decode("utf-8")).get("work")
        except (OSError, UnicodeDecodeError, ValueError, AttributeError):
            keep = None
        for p in self.path.glob(f"{WORK_PREFIX}*"):
            if p.name == keep:
                continue
            try:
                pid = int(read_input(p / WORK_MARK, 100).decode("ascii"))
            except (OSError, ValueError):
                continue  # not one of ours, or not finished being made: leave it
            if p.is_dir() and not p.is_symlink() and not _alive(pid):
                shutil.rmtree(p, ignore_errors=True)
                removed.append(p)
        return removed

    def commit(self, work: Path, paths: list[str], stale: list[str]) -> None:
        """Move the files of ``work`` into place, remove ``stale`` files, and the manifest last.

        The moves are first recorded in a pending file (the files about to land, so that a build
        killed half way still owns them, and what :func:`printkit.outdir.recover` needs to undo
        them). A failure, or a stop (checked before each move), moves the old files back: until
        the manifest lands, the previous kit is what the folder holds."""
        attic = work / REPLACED
        steps: list[tuple[Path, Path | None]] = []  # (file in the kit's folder, where its predecessor went)
        pending = self.path / PENDING
        leaving = set(stale)
        order = [*paths, *stale, MANIFEST]
        had = [rel for rel in order if os.path.lexists(self.path / rel)]
        record = outdir.pending_record(work, order, stale, had, [*paths, MANIFEST])
        with held():
            checkpoint()
            _write_atomic(pending, json.dumps(record, ensure_ascii=False) + "\n", work)
            try:
                for rel in order:
                    checkpoint()  # the last one before the manifest: after it the new kit is in place
                    dest = self.path / rel
                    old = None
                    if os.path.lexists(dest):
                        old = attic / rel
                        old.parent.mkdir(parents=True, exist_ok=True)
                        os.replace(dest, old)
                    steps.append((dest, old))
                    if rel not in leaving:
                        dest.parent.mkdir(parents=True, exist_ok=True)
                        os.replace(work / rel, dest)
            except BaseException:
                for dest, old in reversed(steps):
                    _restore(dest, old)
                pending.unlink(missing_ok=True)
                raise
            outdir.remove_empty_parents(self.path, stale)
            pending.unlink()


def _restore(dest: Path, old: Path | None) -> None:
    """Undo one step of a commit: put the predecessor back, or remove the new file."""
    try:
        if old is not None and os.path.lexists(old):
            os.replace(old, dest)
        elif old is None and os.path.lexists(dest):
            os.unlink(dest)
    except OSError:
        pass


def _write_atomic(path: Path, text: str, work: Path) -> None:
    tmp = work / (path.name + ".new")
    tmp.write_text(text, encoding="utf-8")
    os.replace(tmp, path)


def _own_path(rel) -> bool:
    """A path an earlier build may have written: relative, inside the kit's folder, not hidden."""
    if not isinstance(rel, str) or not rel or "\\" in rel:
        return False
    parts = PurePosixPath(rel).parts
    return (not PurePosixPath(rel).is_absolute() and all(name_problem(p) is None for p in parts)
            and rel != MANIFEST)


def _alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    if os.name == "nt":  # pragma: no cover - os.kill(pid, 0) would end the process on Windows
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True
    return True
