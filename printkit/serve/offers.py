"""What the page offers that this install cannot build: a product whose library is an optional extra not
installed here (the 3D tiles' manifold3d; ezdxf for a cutter or laser profile whose files are DXF;
hershey-fonts for single-line burnt letters).

The page marks such a product in its list with the reason and the pip line that installs the extra
(:func:`printkit.install.install_line`), in the page's language, and the server refuses its download
with the same words before a build is queued (the build itself runs in a worker process, which would
only fail there). The libraries are looked for without importing them, as :meth:`printkit.formats.Format.require`
does. No Flask here.
"""

from __future__ import annotations

import importlib.util

from ..formats import FORMATS
from ..install import install_line
from ..model import Kit
from ..products import chosen
from ..text import Said

THREE_D = "3d"  # the 3D-printed tiles: solids by manifold3d (and numpy under it), the 3D extra
CUTTER = "cutter"  # a craft cutter's files: the formats its profile lists
LASERED = ("laser", "racks", "box")  # the laser's sheets: the formats its machine profile lists
BURN = "burn"  # the burning templates: single-line letters are Hershey's (hershey-fonts, the burn extra)


def found(module: str) -> bool:
    """Whether ``module`` is installed (found, not imported); a module hidden in ``sys.modules`` is not."""
    try:
        return importlib.util.find_spec(module) is not None
    except (ImportError, ValueError):  # ValueError: sys.modules holds None for it (a test hides it so)
        return False


def _library_missing(formats: tuple[str, ...]):
    """The first format of ``formats`` whose library is not installed, or None."""
    for name in formats:
        fmt = FORMATS.get(name)
        if fmt is not None and fmt.library and not found(fmt.library):
            return fmt
    return None


def missing(kit: Kit, product: str) -> tuple[Said, str | None] | None:
    """Why ``product`` of ``kit`` cannot be built here, and the control that would mend it (None: no
    control does), or None when it can."""
    if product == THREE_D and not (found("manifold3d") and found("numpy")):
        return Said("serve_needs_3d", {"line": install_line("3d")}), None
    if product == BURN and kit.burn.letters == "single" and not found("HersheyFonts"):
        return Said("serve_needs_burn", {"line": install_line("burn")}), "burn.letters"
    if product == CUTTER:
        fmt = _library_missing(kit.cutter.cutter.formats)
        if fmt is not None:
            c = kit.cutter.cutter
            return Said("serve_needs_cutter", {"title": c.title, "format": fmt.label, "library": fmt.library,
                                               "line": install_line(fmt.extra)}), "cutter.profile"
    if product in LASERED and kit.laser is not None:
        fmt = _library_missing(kit.laser.machine.formats)
        if fmt is not None:
            m = kit.laser.machine
            return Said("serve_needs_laser", {"product": Said("product_" + product), "title": m.title,
                                              "format": fmt.label, "library": fmt.library,
                                              "line": install_line(fmt.extra)}), "laser.profile"
    return None


def unavailable(kit: Kit, products: list[str], language: str) -> dict[str, str]:
    """Each product of ``products`` that cannot be built here → why, in ``language``."""
    out = {}
    for name in products:
        why = missing(kit, name)
        if why is not None:
            out[name] = why[0](language)
    return out


def refusal(kit: Kit, product: str | None) -> tuple[Said, str | None] | None:
    """Why a download of ``product`` (None: the whole kit, every product made by default) cannot be
    built here, or None."""
    for name in [product] if product else chosen(None):
        why = missing(kit, name)
        if why is not None:
            return why
    return None


__all__ = ["found", "missing", "refusal", "unavailable"]
