"""Tile stickers on label stock: one face per label, as the tile sheets draw a face
(:func:`printkit.sheets.tiles.draw_face`) but at the label's size (a 19.05 mm label for 19 mm wooden
tiles, whatever tile size the kit's cut products use), centred on the label, its colour running a
bleed past the label's edge where labels butt; the set, then the spares. Before them, two pages on
plain paper: how to print (with the scale bar and "print at 100 %"), and the alignment page, the labels'
outlines and nothing else, to hold against the stock before printing on it (first, so it is checked
before a label sheet is used; nothing on it hides an outline).

The face pages print nothing but the faces (anything else would print on the labels)."""

from __future__ import annotations

from ..errors import PrintkitError
from ..fonts import require
from ..geometry import Circle, Document, Item, Page, Path, Rect, Role
from ..model import LABEL_OVERHANG_MM, Kit
from ..text.table import TABLE
from .common import INK, footer, lettering, require_words
from .play.page import Area, title, wrapped
from .tiles import draw_face, face_style, kit_spares, tile_faces

OUTLINE_MM = 0.15  # the alignment page's outlines


def label_boxes(kit: Kit) -> list[tuple[float, float, float, float]]:
    """Every label of a sheet, (x, y, w, h) mm from the paper's top-left corner, in reading order."""
    s = kit.stickers.stock
    return [(round(s.left + c * s.pitch_x, 4), round(s.top + r * s.pitch_y, 4), s.width, s.height)
            for r in range(s.rows) for c in range(s.cols)]


def bleeds(kit: Kit) -> tuple[float, float]:
    """How far a face's colour runs past its label across and down: the bleed where labels butt, no
    more than half the gap where they do not (a neighbour's label is never printed on)."""
    s, b = kit.stickers.stock, kit.stickers.bleed_mm
    bx = b if s.cols == 1 else min(b, (s.pitch_x - s.width) / 2) if s.pitch_x - s.width > 1e-6 else b
    by = b if s.rows == 1 else min(b, (s.pitch_y - s.height) / 2) if s.pitch_y - s.height > 1e-6 else b
    return round(bx, 4), round(by, 4)


def _rounded(x: float, y: float, w: float, h: float, r: float, **paint) -> Path:
    """A rectangle with corners of radius ``r``, as cubic curves."""
    k = 0.5523 * r
    cmds = [("M", x + r, y), ("L", x + w - r, y), ("C", x + w - r + k, y, x + w, y + r - k, x + w, y + r),
            ("L", x + w, y + h - r), ("C", x + w, y + h - r + k, x + w - r + k, y + h, x + w - r, y + h),
            ("L", x + r, y + h), ("C", x + r - k, y + h, x, y + h - r + k, x, y + h - r),
            ("L", x, y + r), ("C", x, y + r - k, x + r - k, y, x + r, y), ("Z",)]
    return Path(tuple(cmds), **paint)


def sticker_documents(kit: Kit) -> list[Document]:
    s = kit.stickers.stock
    tile = kit.physical.tile_mm
    over = (max(s.width, s.height) - tile) / 2
    if over > LABEL_OVERHANG_MM + 1e-9:  # a sticker hanging over its tile's edges: say so before a sheet is printed
        where = kit.at("stickers.stock" if "stickers.stock" in kit.where else "physical.tile_mm")
        raise PrintkitError(f"{where}: labels of {s.width:g} × {s.height:g} mm ({s.name}) hang over "
                            f"tiles of {tile:g} mm by {round(over, 2):g} mm each edge: choose a stock of labels the "
                            f"tiles' size (--labels NAME|FILE; printkit ships none under 19 mm)")
    lt = lettering(kit)
    font = lt.letters
    faces = [(f, False) for f in tile_faces(kit)] + [(f, True) for f in kit_spares(kit)]
    require(font, "".join(f.face + str(f.value) for f, _ in faces if f.face), f"the kit {kit.name}",
            kit.at("style.tile.font"))
    require_words(kit, lt)
    round_ = s.shape == "round"
    side = min(s.width, s.height) / (2 ** 0.5 if round_ else 1.0)  # the square the face is drawn in
    style = face_style(kit, font, side=side)
    boxes = label_boxes(kit)
    bx, by = bleeds(kit)
    st = kit.tile_style
    pages: list[Page] = []
    for k in range(0, len(faces), len(boxes)):
        items: list[Item] = []
        for (face, spare), (x, y, w, h) in zip(faces[k:k + len(boxes)], boxes):
            tag = "spare-face" if spare else "face"
            if round_:
                items.append(Circle(x + w / 2, y + h / 2, w / 2 + min(bx, by), fill=st.face, role=Role.PRINT, tag=tag))
            else:
                items.append(Rect(x - bx, y - by, w + 2 * bx, h + 2 * by, fill=st.face, role=Role.PRINT, tag=tag))
            items.extend(draw_face(face, x + (w - side) / 2, y + (h - side) / 2, style, kit, font))
        pages.append(Page(s.paper_w, s.paper_h, tuple(items)))
    sheets = len(pages)
    total = sheets + 2
    pages = [_instructions(kit, lt, len(boxes), total), _alignment(kit, boxes), *pages]
    spares = sum(1 for _, sp in faces if sp)
    figures = {"pages": len(pages), "paper": s.paper, "paper_mm": [s.paper_w, s.paper_h], "stock": s.name,
               "shape": s.shape, "label_mm": [s.width, s.height], "corner_mm": s.corner,
               "grid": [s.cols, s.rows], "first_mm": [s.left, s.top], "pitch_mm": [s.pitch_x, s.pitch_y],
               "per_sheet": len(boxes), "face_mm": round(side, 4), "face_bleed_mm": [bx, by],
               "tiles": len(faces) - spares, "spares": spares, "sheets": sheets, "tile_mm": kit.physical.tile_mm,
               "instructions_page": 1, "alignment_page": 2}
    return [Document(f"stickers-{s.name}.pdf", "stickers", "pdf", tuple(pages),
                     lt.say("doc_stickers", title=kit.title, stock=stock_title(lt, s)), figures)]


def _alignment(kit: Kit, boxes) -> Page:
    """Plain paper, held against the stock: every label's outline and nothing else, so that no word or
    panel hides an outline (the instructions, the page before, say how to use it)."""
    s = kit.stickers.stock
    items: list[Item] = []
    for x, y, w, h in boxes:
        paint = dict(stroke=INK, stroke_mm=OUTLINE_MM, role=Role.GUIDE, tag="label-outline")
        if s.shape == "round":
            items.append(Circle(x + w / 2, y + h / 2, w / 2, **paint))
        elif s.corner > 0:
            items.append(_rounded(x, y, w, h, s.corner, **paint))
        else:
            items.append(Rect(x, y, w, h, **paint))
    return Page(s.paper_w, s.paper_h, tuple(items))


def stock_title(lt, stock) -> str:
    """A shipped stock's title in the kit's language (``Endisch 6502020x (квадраты 20 мм)``: the names the web page
    gives it, :mod:`printkit.text.sentences.fields`); a stock of the user's own, or a shipped name given a title
    of its own, as its file gives it."""
    key = "profile_title_" + stock.name
    entry = TABLE.get(key)
    return lt.say(key) if entry is not None and entry["en"] == stock.title else stock.title


def _instructions(kit: Kit, lt, labels: int, pages: int) -> Page:
    """The first page, on plain paper: how to check the stock with the alignment page (page 2) and print the
    label sheets (pages 3 on), the scale bar and "print at 100 %"."""
    s = kit.stickers.stock
    margin = kit.print.margin_mm
    area = Area(s.paper_w, s.paper_h, margin, margin, s.paper_w - margin, s.paper_h - margin)
    items: list[Item] = [title(lt, area, lt.say("stickers_how_title", stock=stock_title(lt, s)), margin + 8.0)]
    y = margin + 18.0
    for key, fields in (("stickers_how_check", {"stock": stock_title(lt, s), "n": labels}),
                        ("stickers_how_print", {"pages": lt.say("stickers_page", n=3) if pages == 3 else
                                                lt.say("stickers_pages", first=3, last=pages)}),
                        ("stickers_how_stick", {})):
        for line in wrapped(lt, lt.say(key, **fields), area.inner, 3.6):
            items.append(lt.label(area.left, round(y, 4), line, 3.6, tag="stickers-step"))
            y += 5.2
        y += 2.0
    items.extend(footer(lt, s.paper_w, s.paper_h, margin, kit.title,
                        lt.say("stickers_footer", stock=stock_title(lt, s)), 1, pages))
    return Page(s.paper_w, s.paper_h, tuple(items))


__all__ = ["bleeds", "label_boxes", "sticker_documents"]
