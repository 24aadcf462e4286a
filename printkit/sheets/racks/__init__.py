"""The tile racks, one per player: cut by the laser (:mod:`.laser`: every size from the kit's tile, its
material and kerf) and folded from card (:mod:`.paper`). This module is the product's entry: its
documents, and the names other products use (the box holds the racks)."""

from __future__ import annotations

from ...geometry import Document
from ...model import Kit
from .laser import KIND, Part, Rack, laser_rack_documents, nest, players, rack_of, rack_parts
from .paper import paper_rack_documents


def rack_documents(kit: Kit) -> list[Document]:
    """Every player's rack for the laser (the parts nested on bed sheets, a file each in every format
    the profile reads), the kerf coupon and the thickness gauge to cut first (the joints are drawn for
    the kit's kerf and thickness: :mod:`printkit.sheets.laser.coupon`, :mod:`printkit.sheets.laser.gauge`),
    then the fold-up card racks on a page of the kit's paper."""
    from ..laser.coupon import coupon_documents
    from ..laser.gauge import gauge_documents

    return laser_rack_documents(kit) + coupon_documents(kit) + gauge_documents(kit) + paper_rack_documents(kit)


__all__ = ["KIND", "Part", "Rack", "laser_rack_documents", "nest", "paper_rack_documents", "players",
           "rack_documents", "rack_of", "rack_parts"]
