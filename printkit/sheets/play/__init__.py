"""Play materials, printed from the same configs as the set, in the kit's language: the score
sheet, the tile-tracking sheet and the reference card the book points to."""

from __future__ import annotations

from ...geometry import Document
from ...model import Kit


def play_documents(kit: Kit) -> list[Document]:
    from ..board.sheet import check_fonts
    from ..common import lettering, require_faces, require_text
    from .reference import reference_document
    from .scoresheet import scoresheet_document
    from .tracking import tracking_document

    lt = lettering(kit)
    check_fonts(kit, lt)  # the title, the labels and legend of the reference card, the sheets' words
    require_faces(kit, lt)  # the tracking sheet and the reference card print every face
    for name in kit.play.players:
        require_text(kit, "play.players", name, lt.smalls)
    return [scoresheet_document(kit, lt), tracking_document(kit, lt), reference_document(kit, lt)]
