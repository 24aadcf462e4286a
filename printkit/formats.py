"""The file formats a build writes: one entry each, read by everything that writes, lists, previews, serves or
verifies a file of that format.

A format is a :class:`Format` record: its name (the manifest's ``format``, a document's ``format``), the suffix
of its files, its media type (the web page's downloads), the function that writes it (imported when a file of
it is first written, so that ``check`` and ``list`` load no writer's library), the library it needs and the
optional extra that brings it, whether its files get PNG previews, which profiles may list it (a laser's, a
craft cutter's) and the function that verifies a file of it. A new format is one entry here (or
:func:`register`) and its writer: nothing else names formats.
"""

from __future__ import annotations

from importlib import import_module
from typing import Callable

from .errors import PrintkitError
from .install import install_line
from .records import record


def lazy(target: str) -> Callable:
    """The function ``module:name`` of printkit, imported when first called."""
    module, _, name = target.partition(":")

    def call(*args, **kwargs):
        return getattr(import_module(module), name)(*args, **kwargs)

    call.__name__ = name
    call.__qualname__ = name
    call.__doc__ = f"{target}, imported on first use."
    return call


@record
class Format:
    """One file format."""

    name: str  # "pdf": the manifest's format, a document's
    label: str  # "PDF": in messages
    media_type: str  # "application/pdf": the web page's download
    write: Callable  # (document, target path or binary stream) -> None
    verify: Callable | None = None  # (report, ctx, artifact, data, path) -> None; None: its bytes only
    library: str | None = None  # a compiled module its writer needs that an extra brings ("ezdxf"), or that the
    # core install brings but the page in the browser lacks (resvg_py: printkit.site)
    extra: str | None = None  # the optional extra that installs it ("dxf": printkit.install.install_line("dxf"))
    previewed: bool = False  # its files get PNG previews (the gallery, the page)
    laser: bool = False  # a laser profile may list it (templates/machines/)
    cutter: bool = False  # a craft cutter's profile may list it (templates/cutters/)

    @property
    def suffix(self) -> str:
        return "." + self.name

    def require(self) -> None:
        """Stop before any file is written if the library the format needs is missing; the message says which
        pip line installs it."""
        if self.library is not None and not found(self.library):  # not imported: check and the page write nothing
            raise PrintkitError(self.missing())

    def missing(self) -> str:
        """What stops a file of this format where its library is not installed: the sentence and its pip line."""
        return f"{self.label} files need the {self.library} library, which is not installed: {install_line(self.extra)}"


def found(module: str) -> bool:
    """Whether ``module`` is installed: found, not imported (``check`` and the web page import no writer's
    library); a module hidden in ``sys.modules`` (None there, as a test hides one) is not."""
    from importlib.util import find_spec

    try:
        return find_spec(module) is not None
    except (ImportError, ValueError):  # ValueError: a module in sys.modules without a spec
        return False


FORMATS: dict[str, Format] = {f.name: f for f in (
    Format("pdf", "PDF", "application/pdf", lazy("printkit.writers.pdf:write_pdf"),
           lazy("printkit.verify.pdf:check_pdf"), previewed=True, cutter=True),
    Format("svg", "SVG", "image/svg+xml", lazy("printkit.writers.svg:write_svg"),
           lazy("printkit.verify.svg:check_svg"), previewed=True, laser=True, cutter=True),
    Format("dxf", "DXF", "application/dxf", lazy("printkit.writers.dxf:write_dxf"),
           lazy("printkit.verify.dxf:check_dxf"), library="ezdxf", extra="dxf", previewed=True, laser=True,
           cutter=True),
    # a LightBurn project: the laser's layers with their speeds and powers (templates/machines/lightburn.yaml)
    Format("lbrn2", "LightBurn project", "application/x-lightburn", lazy("printkit.writers.lbrn2:write_lbrn2"),
           lazy("printkit.verify.lbrn2:check_lbrn2"), laser=True),
    # a page as an image (a craft cutter's "cut around it"); its own checks are the cutter's; drawn by resvg (Rust),
    # which the core install brings and the browser has not: there the product is marked, as DXF's is
    Format("png", "PNG", "image/png", lazy("printkit.writers.png:write_png"), library="resvg_py", previewed=True,
           cutter=True),
    # a 3D file's preview is a picture of its plate, drawn where the 3D extra is installed (printkit.preview)
    Format("3mf", "3MF", "model/3mf", lazy("printkit.writers.threemf:write_3mf"),
           lazy("printkit.verify.solid:check_solid"), previewed=True),
    Format("stl", "STL", "model/stl", lazy("printkit.writers.stl:write_stl"),
           lazy("printkit.verify.solid:check_solid"), previewed=True),
)}


def register(fmt: Format) -> Format:
    """Add ``fmt`` to the formats (a format of a plug-in, or a test's)."""
    if fmt.name in FORMATS:
        raise ValueError(f"a format named {fmt.name!r} is registered already")
    FORMATS[fmt.name] = fmt
    return fmt


def names(**flags: bool) -> tuple[str, ...]:
    """The formats' names, in the table's order; with ``laser=True`` (or ``cutter``, ``previewed``) those that are."""
    return tuple(n for n, f in FORMATS.items() if all(getattr(f, k) == v for k, v in flags.items()))


def media_type(name: str) -> str:
    """The media type of a file named ``name`` (by its suffix; a zip's; else bytes)."""
    suffix = name.rsplit(".", 1)[-1].lower()
    if suffix == "zip":
        return "application/zip"
    return FORMATS[suffix].media_type if suffix in FORMATS else "application/octet-stream"


__all__ = ["FORMATS", "Format", "found", "lazy", "media_type", "names", "register"]
