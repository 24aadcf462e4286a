"""The score keeper's QR code on the score sheet: where the kit sets ``play.keeper_url``, a phone held over the
sheet opens the keeper with the kit (:func:`printkit.config.keeperurl.keeper_address`, ``URL#kit=NAME``).

The code is made by segno (pure Python, so the page in the browser draws the same) and drawn as vector squares,
one filled path of a rectangle per run of dark modules along a row (no raster, no seams between squares): at
least :data:`QR_MM` a side, modules no smaller than :data:`MODULE_MM`, with the quiet zone of four modules the
standard asks for left white round it, and a line of small print under it saying what it is for.
"""

from __future__ import annotations

from ...config.keeperurl import keeper_address
from ...geometry import Item, Path, Role
from ...model import Kit
from ...records import record
from ..common import INK, LABEL_EM, Lettering

QR_MM = 25.0  # the least side of the code (without its quiet zone): read by a phone from arm's length
MODULE_MM = 0.5  # the least side of one module, for a long address (a home printer's dots stay sharp at that)
QUIET = 4  # modules of white round the code (ISO/IEC 18004)
CAPTION_MM = 4.5  # under the quiet zone: the caption's line
ERROR = "m"  # error correction M (15 %): a pencil mark or a crease on the sheet is still read


@record
class KeeperCode:
    """The QR code of a kit's keeper address: the address, its modules (rows of 0/1) and their size."""

    address: str
    rows: tuple[tuple[int, ...], ...]
    module_mm: float

    @property
    def side(self) -> float:
        """The code's side, without its quiet zone."""
        return len(self.rows) * self.module_mm

    @property
    def block(self) -> float:
        """The side of the code with its quiet zone."""
        return self.side + 2 * QUIET * self.module_mm

    @property
    def height(self) -> float:
        """What it takes down the page: the code, its quiet zone and the caption."""
        return self.block + CAPTION_MM


def keeper_code(kit: Kit) -> KeeperCode | None:
    """The QR code of the kit's keeper address, or None where the kit sets no ``play.keeper_url``."""
    if not kit.play.keeper_url:
        return None
    import segno  # only for a kit with a keeper: the other sheets never load it

    address = keeper_address(kit.play.keeper_url, kit.name)
    qr = segno.make_qr(address, error=ERROR)
    rows = tuple(tuple(1 if bit & 1 else 0 for bit in row) for row in qr.matrix)
    module = round(max(QR_MM / len(rows), MODULE_MM), 4)
    return KeeperCode(address, rows, module)


def keeper_items(lt: Lettering, code: KeeperCode, left: float, top: float) -> list[Item]:
    """The code with its quiet zone's top-left corner at (``left``, ``top``), and its caption centred under it."""
    m = code.module_mm
    x0, y0 = left + QUIET * m, top + QUIET * m
    commands: list[tuple] = []
    for r, row in enumerate(code.rows):
        c = 0
        while c < len(row):
            if not row[c]:
                c += 1
                continue
            start = c
            while c < len(row) and row[c]:
                c += 1
            xa, xb = round(x0 + start * m, 4), round(x0 + c * m, 4)
            ya, yb = round(y0 + r * m, 4), round(y0 + (r + 1) * m, 4)
            commands += [("M", xa, ya), ("L", xb, ya), ("L", xb, yb), ("L", xa, yb), ("Z",)]
    caption = lt.say("keeper_caption")
    em = lt.fitted(caption, LABEL_EM, code.block)
    return [Path(tuple(commands), fill=INK, role=Role.PRINT, tag="keeper-qr"),
            lt.label(left + code.block / 2, top + code.block + CAPTION_MM - 1.2, caption, em, "centre",
                     tag="keeper-caption")]
