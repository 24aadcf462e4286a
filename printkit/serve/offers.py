"""What the page offers that this install cannot build: a product that needs a library of an optional extra not
installed here, as its entry in the registry declares (:attr:`printkit.products.Product.needs`: the 3D tiles'
manifold3d; ezdxf for a cutter or laser profile whose files are DXF; hershey-fonts for single-line burnt letters).

The page marks such a product in its list with the reason and the pip line that installs the extra
(:func:`printkit.install.install_line`), in the page's language, and the server refuses its download
with the same words before a build is queued (the build itself runs in a worker process, which would
only fail there). The libraries are looked for without importing them (:func:`printkit.formats.found`).
No Flask here, and no product named: a new product's needs are its entry's.
"""

from __future__ import annotations

from ..formats import found
from ..model import Kit
from ..products import chosen, lacking
from ..text import Said


def missing(kit: Kit, product: str) -> tuple[Said, str | None] | None:
    """Why ``product`` of ``kit`` cannot be built here, and the control that would mend it (None: no
    control does), or None when it can."""
    lack = lacking(kit, product)
    return None if lack is None else (lack.said(), lack.control)


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
        lack = lacking(kit, name)
        if lack is None:
            continue
        if product:
            return lack.said(), lack.control
        # the whole kit: which of its products, in the page's words
        return Said("serve_product_lacks", {"product": lack.figures()["product"], "why": lack.said()}), lack.control
    return None


__all__ = ["found", "missing", "refusal", "unavailable"]
