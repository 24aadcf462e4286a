"""Laser sheets: the tiles on as few bed sheets as possible (common-line cuts, kerf compensated),
a kerf test coupon, and the board for engraving, split along cell lines where it is larger than
the bed. Each is a kit → documents of geometry, in the layers of the kit's machine profile."""

from __future__ import annotations

from ...geometry import Document
from ...model import Kit


def laser_documents(kit: Kit) -> list[Document]:
    from .board import laser_board_documents
    from .coupon import coupon_documents
    from .tiles import laser_tile_documents

    return laser_tile_documents(kit) + coupon_documents(kit) + laser_board_documents(kit)
