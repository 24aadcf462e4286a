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
import shutil
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from . import __version__, outdir, preview, summary
from .errors import PrintkitError
from .formats import FORMATS
from .interrupt import Interrupted, checkpoint, held, leaving
from .manifest import MANIFEST, VERSION as MANIFEST_VERSION, entry, write as write_manifest
from .model import Kit
from .paths import name_problem
from .products import CALIBRATION, PRINT_ALL, REGISTRY, chosen as products, estimate, plan
from .report import quoted

GALLERY = "index.html"
KIT_WIDE = ("gallery",)  # products no --only names: made anew by every build, from the whole folder


# Manifests written before artifacts named their product: the product of each kind.
_LEGACY_PRODUCT = {"tiles": "tiles", "tile-backs": "tiles", "board": "board", "board-assembly": "board"}


def _product_of(artifact: dict) -> str | None:
    """The product of a file an earlier build listed, None when this printkit makes no such product
    (the file is then not printkit's to replace or remove)."""
    product = artifact.get("product") or _LEGACY_PRODUCT.get(artifact.get("kind"))
    return product if product in REGISTRY or product in KIT_WIDE else None


@dataclass
class BuildResult:
    folder: Path
    manifest: dict
    artifacts: list[dict] = field(default_factory=list)  # the files this build wrote

    def lines(self) -> list[str]:
        """A line a file written (with its figures, :func:`printkit.summary.file_line`), the previews in one."""
        shots = [a for a in self.artifacts if a["kind"] == "preview"]
        out = [f"{self.folder / a['path']}  ({summary.file_line(a)})" for a in self.artifacts if a["kind"] != "preview"]
        if shots:
            out.append(f"{self.folder / preview.FOLDER}/  ({len(shots)} preview{'s' if len(shots) != 1 else ''}, "
                       f"{summary.size(sum(a['bytes'] for a in shots))})")
        out.append(f"{self.folder / MANIFEST}")
        out.append(self.next_line())
        return out

    def next_line(self) -> str:
        """What to do next, in one line: open the gallery; print the calibration sheet first and then
        print-all, or what of them this build wrote (nothing to print after ``--only laser``); a kit
        whose calibration was measured (``print.measured``, ``--scale-x``) prints print-all straight away."""
        def written(product: str) -> str | None:
            return next((a["path"] for a in self.artifacts if a["product"] == product and a["format"] == "pdf"), None)

        calibration, print_all = written(CALIBRATION), written(PRINT_ALL)
        line = f"Open {self.folder / GALLERY}"
        if print_all and tuple(self.manifest.get("scale", (1, 1))) != (1, 1):  # measured already: print
            line += f"; print {print_all} (at 100 %: drawn for your printer's measured calibration)"
        elif calibration and print_all:
            line += f"; print {calibration} first (at 100 %) and measure it, then {print_all}"
        elif calibration or print_all:
            line += f"; print {calibration or print_all} (at 100 %)"
        return line + "."


def manifest_for(kit: Kit, artifacts: list[dict]) -> dict:
    d, lay = kit.distribution, kit.layout
    spares = next((a.get("spares", 0) for a in artifacts if a["kind"] == "tiles" and a["format"] == "pdf"), 0)
    return {
        "manifest_version": MANIFEST_VERSION,
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


def build_kit(kit: Kit, out: str | Path, only: list[str] | None = None,
              progress: Callable[[int, int], None] | None = None, *,
              say: Callable[[str], None] | None = None,
              after: Callable[[BuildResult], None] | None = None, previews: bool = True) -> BuildResult:
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
    new kit stays and the stop's ``after`` says so.

    ``previews=False``: no PNG previews (``printkit build --no-previews``, and the page in the browser,
    which has no renderer): every other file is byte for byte the same, the folder's old previews go,
    and the manifest and the gallery list none."""
    with held():
        checkpoint()
        return _build(kit, out, only, progress, say, after, previews)


def _build(kit: Kit, out: str | Path, only: list[str] | None, progress, say, after,
           previews: bool = True) -> BuildResult:
    names = products(only)
    work = estimate(kit, only)
    work.check()  # a kit whose work passes the budget stops here, before anything is drawn
    documents = plan(kit, names, work=work)  # the sheets the estimate drew to count them are not drawn again
    why = name_problem(kit.name)
    if why:  # the config refuses such names; a Kit made in code must not get further either
        raise PrintkitError(f"{kit.source}: the kit's name {quoted(kit.name)} {why}")
    for product, doc in documents:  # names in file names are refused by the config; a bug must stop here too
        if not outdir.own_path(doc.path) or doc.path == GALLERY:
            raise PrintkitError(f"{kit.source}: the {product} would write the file {quoted(doc.path, 80)}, which is "
                                f"not a plain file name inside the kit's folder; nothing was written")
    out = Path(out)
    target = out / kit.name
    folder = outdir.KitFolder(target, _product_of)
    folder.in_place()
    shots = [(name, doc.path, doc.format, _preview_pages(doc.kind, len(doc.pages)))
             for name, doc in documents] if previews else []
    created = outdir.make_folders(out, target)
    work = None
    try:
        with outdir.locked(target, "build", say):
            outdir.recover(target, say)
            previous = folder.inspect([doc.path for _, doc in documents] + _shot_paths(shots) + [GALLERY])
            kept = _kept(previous, names, target, {doc.path for _, doc in documents})
            if not previews:  # the kept files' previews go with the others: the folder holds none
                kept = [a for a in kept if a["kind"] != "preview"]
            documents = _with_kept_pages(kit, documents, kept)
            kept_shots = _missing_previews(kept, target) if previews else []  # kept files left without previews
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
                    FORMATS[doc.format].write(doc, path)
                    artifacts.append(entry({"path": doc.path, "kind": doc.kind, "product": product,
                                            "format": doc.format, **_stamp_file(path)}, doc.figures))
                    step()
                artifacts += _write_previews([(work, shot) for shot in shots] + [(target, shot) for shot in kept_shots],
                                             work, step)
                listed = _ordered(artifacts + kept)
                (work / GALLERY).write_text(gallery_html(kit, manifest_for(kit, listed)), encoding="utf-8")
                artifacts.append({"path": GALLERY, "kind": "gallery", "product": "gallery", "format": "html",
                                  **_stamp_file(work / GALLERY)})
                listed = _ordered(artifacts + kept)
                manifest = manifest_for(kit, listed)
                write_manifest(work, manifest)
                now = {a["path"] for a in listed}
                stale = [a["path"] for a in previous.artifacts
                         if a["path"] not in now and (a["product"] in names or a["product"] in KIT_WIDE
                                                      or a["kind"] == "preview")]
                folder.commit(work, [a["path"] for a in artifacts], stale)
                leaving(f"the new kit was already in place in {target} (not verified: printkit verify {target})")
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


def _with_kept_pages(kit: Kit, documents: list, kept: list[dict]) -> list:
    """``documents`` with print-all made again when the folder keeps the files of a product made only on
    request whose pages go into print-all (the racks, the bag of an earlier ``--only``): print-all holds
    the pages of every such product the folder holds, not only of those this build makes."""
    from .products import PRINT_ALL, REGISTRY as products_, documents as laid_out_documents

    if not any(name == PRINT_ALL for name, _ in documents):
        return documents
    made = {name for name, _ in documents}
    extra = sorted({a["product"] for a in kept if a.get("product") in products_} - made,
                   key=list(products_).index)
    extra = [n for n in extra if products_[n].in_print_all and not products_[n].by_default]
    if not extra:
        return documents
    laid: dict[str, list] = {}
    for name, doc in documents:
        laid.setdefault(name, []).append(doc)
    laid.pop(PRINT_ALL)
    for name in extra:
        try:
            laid[name] = laid_out_documents(kit, name)
        except PrintkitError:  # the kept files' product no longer lays out for this kit: print-all goes without it
            pass
    if not set(extra) & set(laid):
        return documents
    again = dict(plan(kit, [PRINT_ALL], laid))
    return [(name, again[PRINT_ALL] if name == PRINT_ALL else doc) for name, doc in documents]


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


def _kept(previous: outdir.Previous, names: list[str], target: Path, written: set[str]) -> list[dict]:
    """What the folder keeps of the previous build: the files of the products not rebuilt that are
    still there (and not ``written`` again: a file two products make is the rebuilt one's now), and the
    previews of those files."""
    files = [a for a in previous.artifacts if a["product"] not in names and a["product"] not in KIT_WIDE
             and a["kind"] != "preview" and a["path"] not in written and (target / a["path"]).is_file()]
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
        if a["kind"] == "preview" or fmt not in FORMATS or not FORMATS[fmt].previewed:
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
        artifacts.append(entry({"path": rel, "kind": "preview", "product": product, "format": "png", **_stamp(data)},
                               {"of": path, "page": page, "px": list(size)}))
    return artifacts


def _ordered(artifacts: list[dict]) -> list[dict]:
    """The manifest's order: the products' files by product, then the previews, then the gallery."""
    order = [*REGISTRY, *KIT_WIDE]
    group = {"preview": 1, "gallery": 2}

    def key(a: dict) -> tuple[int, int]:
        product = order.index(a["product"]) if a["product"] in order else len(order)
        return group.get(a["kind"], 0), product

    return sorted(artifacts, key=key)
