"""``printkit verify``: re-measure a built kit's files against its manifest and the kit.

Everything here reads the files a build left behind, as a user's software would, and never asks
the code that drew them: no sheet, writer or geometry module is imported. PDFs are opened with
pypdf (the file's structure: pages, boxes, fonts, streams) and their page content is interpreted
here (rectangles, paths and text runs in millimetres); SVG is read as XML; DXF with ezdxf. The kit
(a shipped kit named by the manifest, or a file) is loaded only to compare the manifest with it
and for its laser profile. Each check is one line: ``ok  FILE: what was measured`` or
``FAIL FILE: why``.

The package, by concern: :mod:`.report` (the report), :mod:`.manifest` (the manifest and the kit),
:mod:`.fields` (the manifest's figures: each kind's, typed and in range before any check reads them),
:mod:`.budget`, :mod:`.pdf` (PDF files) with :mod:`.pdfcontent` (a page content interpreter),
:mod:`.tiles` and :mod:`.sheets` (what the pages hold), :mod:`.svgread` (an SVG interpreter) and
:mod:`.svg`, :mod:`.laser` and :mod:`.letters` (laser sheets), :mod:`.dxf`, :mod:`.drawn` (burn and
plotter lines), :mod:`.bag` (the bag's pattern, its pages placed by their crosses); :mod:`.measure`
and :mod:`.context` are what they share. This module runs them.
"""

from __future__ import annotations

import hashlib
from pathlib import Path, PurePosixPath

from ..figures import off as off_figures, read_fields
from ..formats import FORMATS
from ..inputs import read_input
from ..interrupt import checkpoint, held
from ..manifest import MANIFEST, read as read_manifest
from ..outdir import locked, recover
from ..products import REGISTRY
from .budget import check_budget
from .context import Context
from .drawn import beside_runs
from .letters import check_laser_sets, values_count
from .manifest import check_kit, check_moves, kit_to_compare
from .memo import keep, key as memo_key, recall
from .pdfcontent import operations as _operations, slow_operations as _slow_operations
from .report import Check, Report
from .solid import check_plates
from .svgread import read_svg

__all__ = ["MANIFEST", "Check", "Report", "_operations", "_slow_operations", "beside_runs", "read_manifest", "read_svg",
           "values_count", "verify"]


def verify(folder: str | Path, kit=None, kit_file: str | None = None, laser: str | None = None,
           say=None, memo: bool = False) -> Report:
    """Check every file the manifest of ``folder`` lists. ``kit``: the Kit the files were built
    from (``printkit build`` passes it); else ``kit_file``, else the shipped kit the manifest names.
    ``laser``: a profile (name or file) for laser files whose profile is not a shipped one.

    The folder is locked while it is read (a build of it meanwhile would change the files under
    the checks; ``say`` tells that this one waits), and a move a killed build left half done is
    first finished or undone (``say`` tells which). A stop lands between two files' checks, never
    inside pypdf or ezdxf, which could turn it into a false failure.

    ``memo`` (a build verifying what it wrote, with its ``kit``): a passing report of the same
    bytes, kit and code is taken from printkit's cache, and a passing report is kept there
    (:mod:`.memo`)."""
    folder = Path(folder)
    if not folder.is_dir():
        read_manifest(folder)  # says what is wrong with it
    with held(), locked(folder, "verify", say):
        recover(folder, say)
        kept = memo_key(folder, kit) if memo and kit is not None else None
        if kept is not None:
            report = recall(kept, folder)
            if report is not None:
                return report
        manifest = read_manifest(folder)
        own = read_fields(manifest, folder / MANIFEST)  # a figure of the wrong type: exit 2, here
        by_name = kit is None and not kit_file
        if kit is None:
            kit = kit_to_compare(manifest, kit_file)
        report = Report(folder)
        check_moves(report, folder)
        for line in own:
            report.fail(MANIFEST, line)
        check_kit(report, manifest, kit, by_name)
        check_budget(report, manifest)
        check_plates(report, manifest["artifacts"])
        ctx = Context(folder, manifest, kit, laser)
        for artifact in manifest["artifacts"]:
            checkpoint()
            _check_artifact(report, ctx, artifact)
        checkpoint()
        check_laser_sets(report, ctx)
        if kept is not None:
            keep(kept, report)
    return report


READ_AT_MOST = 512 * 1024 * 1024  # bytes of a listed file verify reads: the largest a build writes is a 3MF of at most
# 192 MB (verify/solid.py, from the work budget's triangles); a file grown past this is not read


def _check_artifact(report: Report, ctx: Context, a: dict) -> None:
    """The file ``a`` lists: its bytes, then its format's and its kind's checks, unless a figure of
    it is out of what printkit writes (:mod:`.fields`), which fails instead."""
    rel = a["path"]
    pure = PurePosixPath(rel)
    if pure.is_absolute() or ".." in pure.parts or "\\" in rel or not pure.parts:
        report.fail(rel, "the path leaves the kit's folder; not read")
        return
    path = ctx.folder / rel
    listed_bytes, listed_sha = a.get("bytes"), a.get("sha256")
    if any(p.is_symlink() for p in (ctx.folder / Path(*pure.parts[:n]) for n in range(1, len(pure.parts) + 1))):
        report.fail(rel, "a link, where printkit wrote a file (changed after the build); not read")
        return
    try:
        size = path.stat().st_size
        if size > READ_AT_MOST:  # grown past anything a build writes: its bytes differ, and it is read no further
            report.fail(rel, f"{size} bytes, the manifest says {listed_bytes} (changed after the build); not read")
            return
        data = read_input(path, size)  # a FIFO put in its place is refused, never waited on
    except FileNotFoundError:
        report.fail(rel, "missing: the manifest lists it, the folder does not have it")
        return
    except OSError as exc:
        report.fail(rel, f"cannot be read: {exc.strerror or exc}")
        return
    digest = hashlib.sha256(data).hexdigest()
    if len(data) != listed_bytes:
        report.fail(rel, f"{len(data)} bytes, the manifest says {listed_bytes} (changed after the build)")
    elif digest != listed_sha:
        report.fail(rel, f"sha256 {digest[:12]}…, the manifest says {str(listed_sha)[:12]}… "
                         f"(changed after the build)")
    else:
        report.ok(rel, f"{len(data)} bytes, sha256 as the manifest says")
    off = off_figures(a)
    if off is not None:
        report.fail(rel, off)
        return
    product = REGISTRY.get(a.get("product")) if isinstance(a.get("product"), str) else None
    if product is not None and product.verify is not None and not product.verify(report, ctx, a, data, path):
        return  # the product's own checks, and its format's unless it says they do not apply
    entry = FORMATS.get(a["format"])
    if entry is not None and entry.verify is not None:  # the format's own reader (printkit.formats)
        entry.verify(report, ctx, a, data, path)
