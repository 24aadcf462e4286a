"""The board: 15 × 15 cells from the kit's layout (being built; see issue 4)."""

from __future__ import annotations

from ..geometry import Document
from ..model import Kit


def board_documents(kit: Kit) -> list[Document]:
    return []
