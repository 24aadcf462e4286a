"""The box that holds the set (``--only box``): the laser box (:mod:`.laser`) and the card box (:mod:`.paper`),
both of the inner size :mod:`.sizes` measures from the parts the kit makes. This module is the product's entry."""

from __future__ import annotations

from ...geometry import Document
from ...model import Kit
from .laser import laser_box_documents
from .paper import paper_box_documents
from .sizes import CLEARANCE_MM, KIND, PER_COMPARTMENT, TILE_CLEARANCE_MM, Contents, Layout, contents, layout


def box_documents(kit: Kit) -> list[Document]:
    """The laser box (its parts nested on bed sheets, a file each in every format the profile reads),
    the kerf coupon and the thickness gauge to cut first (its joints are drawn for the kit's kerf and
    thickness), then the card box's nets on the kit's paper."""
    from ..laser.coupon import coupon_documents
    from ..laser.gauge import gauge_documents

    return laser_box_documents(kit) + coupon_documents(kit) + gauge_documents(kit) + paper_box_documents(kit)


__all__ = ["CLEARANCE_MM", "KIND", "PER_COMPARTMENT", "TILE_CLEARANCE_MM", "Contents", "Layout", "box_documents",
           "contents", "layout"]
