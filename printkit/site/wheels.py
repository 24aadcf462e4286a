"""The Python the page in the browser runs: printkit and the pure-Python libraries it builds with, each as a
wheel made from what is installed here, so that the browser runs the very code (the same versions) that
``printkit build`` runs, and makes the same bytes.

A wheel holds a distribution's pure files only: no compiled extension (``.so``, ``.pyd``; PyYAML, fontTools
and reportlab then use their own pure Python, which writes the same bytes: reportlab's accelerator is
optional, PyYAML's C loader and fontTools' Cython modules have pure twins), no bytecode, no C source, and
what the page never uses left out (reportlab's charts, its Type 1 fonts; fontTools' UFO and feature-file
tools): about 3.6 MB in all against 8 MB whole. Pillow, the renderers, pypdf, rl-accel and Flask are not
packed: the page makes no PNG previews, does not verify and has no server. Each wheel's bytes follow from
the files alone (their order and a fixed date), so a site made twice is the same site.
"""

from __future__ import annotations

import hashlib
import io
import zipfile
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path, PurePosixPath

from ..errors import PrintkitError

ZIP_TIME = (1980, 1, 1, 0, 0, 0)
NEVER = (".pyc", ".pyo", ".so", ".pyd", ".dylib", ".dll", ".c", ".h", ".pyx", ".pxd", ".pyi")
DIST_INFO_KEPT = ("METADATA", "WHEEL", "top_level.txt", "entry_points.txt")  # RECORD would list files left out


@dataclass(frozen=True)
class Packed:
    """A distribution the page needs: its name on PyPI, and the parts of it left out (paths' beginnings)."""

    name: str
    left_out: tuple[str, ...] = ()
    why: str = ""


# printkit's own wheel is made from its package folder (an editable install lists no files): see printkit_wheel
PACKED = (
    Packed("PyYAML", why="the kits' YAML (its pure-Python loader: the C one is compiled)"),
    Packed("svgwrite", why="the SVG files"),
    Packed("reportlab", ("reportlab/graphics/", "reportlab/platypus/", "reportlab/fonts/"),
           "the PDF files (printkit draws with pdfgen; the charts, the page layout and the Type 1 fonts unused)"),
    Packed("fonttools", ("fontTools/ufoLib/", "fontTools/voltLib/", "fontTools/mtiLib/", "fontTools/merge/",
                         "fontTools/qu2cu/", "fontTools/cu2qu/", "fontTools/svgLib/", "fontTools/t1Lib/",
                         "fontTools/diff/", "fontTools/ttx.py", "fontTools/help.py", "fontTools/tfmLib.py",
                         "fontTools/fontBuilder.py", "fontTools/afmLib.py", "fontTools/varLib/instancer/",
                         "fontTools/varLib/interpolatable", "fontTools/varLib/plot.py"),
           "the letters' outlines and the fonts the PDFs embed (subset)"),
    Packed("fontpkg", why="finds the shipped face"),
    Packed("fontpkg-pt-sans", why="PT Sans, the default face"),
    Packed("segno", why="the score keeper's QR code on the score sheet (play.keeper_url)"),
)


@dataclass(frozen=True)
class Wheel:
    """A wheel made for the site: its file name, bytes and sha256."""

    file: str
    data: bytes

    @property
    def sha256(self) -> str:
        return hashlib.sha256(self.data).hexdigest()


def _zip(members: list[tuple[str, bytes]]) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as z:
        for name, data in sorted(members):
            info = zipfile.ZipInfo(name, ZIP_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            z.writestr(info, data)
    return buf.getvalue()


def _kept(path: str, left_out: tuple[str, ...]) -> bool:
    parts = PurePosixPath(path).parts
    if not parts or parts[0] == ".." or "__pycache__" in parts or "tests" in parts or path.endswith(NEVER):
        return False
    if ".dist-info" in parts[0]:
        return len(parts) == 2 and (parts[1] in DIST_INFO_KEPT or parts[1].startswith(("LICENSE", "COPYING")))\
            or parts[1:2] == ("licenses",)
    return not path.startswith(left_out)


def _wheel_name(name: str, version: str) -> str:
    return f"{name.replace('-', '_')}-{version}-py3-none-any.whl"


def dependency_wheel(packed: Packed) -> Wheel:
    """The wheel of an installed distribution's pure files."""
    try:
        dist = metadata.distribution(packed.name)
    except metadata.PackageNotFoundError:
        raise PrintkitError(f"printkit site: {packed.name} is not installed here, and the page needs it "
                            f"({packed.why}): reinstall printkit") from None
    members = [(str(f), Path(str(f.locate())).read_bytes()) for f in dist.files or []
               if _kept(str(f), packed.left_out)]
    if not any(not n.split("/")[0].endswith(".dist-info") for n, _ in members):
        raise PrintkitError(f"printkit site: {packed.name} {dist.version} is installed without its files")
    return Wheel(_wheel_name(dist.metadata["Name"], dist.version), _zip(members))


def printkit_wheel() -> Wheel:
    """printkit's own wheel: its package, and the shipped configs and templates as ``printkit/data/`` (where an
    installed printkit keeps them), without the page's own files (the site serves those itself)."""
    from .. import __version__
    from ..paths import configs_dir, templates_dir

    package = Path(__file__).resolve().parent.parent
    members = []
    for path in sorted(package.rglob("*")):
        rel = path.relative_to(package.parent).as_posix()
        if path.is_file() and _kept(rel, ("printkit/serve/static/", "printkit/site/static/", "printkit/data/")):
            members.append((rel, path.read_bytes()))
    for name, root in (("configs", configs_dir()), ("templates", templates_dir())):
        for path in sorted(root.rglob("*.yaml")):
            if "__pycache__" not in path.parts:
                members.append((f"printkit/data/{name}/{path.relative_to(root).as_posix()}", path.read_bytes()))
    info = f"printkit_tiles-{__version__}.dist-info"
    members.append((f"{info}/METADATA", f"Metadata-Version: 2.1\nName: printkit-tiles\nVersion: {__version__}\n"
                    .encode()))
    members.append((f"{info}/WHEEL", b"Wheel-Version: 1.0\nGenerator: printkit site\nRoot-Is-Purelib: true\n"
                    b"Tag: py3-none-any\n"))
    return Wheel(_wheel_name("printkit-tiles", __version__), _zip(members))


def wheels() -> list[Wheel]:
    """Every wheel the page installs, printkit's last."""
    return [dependency_wheel(p) for p in PACKED] + [printkit_wheel()]


__all__ = ["PACKED", "Packed", "Wheel", "dependency_wheel", "printkit_wheel", "wheels"]
