"""The tile-tracking sheet: every tile of the set, each letter printed as many times as the bag holds
it, in alphabet order, to be crossed off as tiles are played; the blanks; and the totals of vowels,
consonants, signs and blanks. One page, in two columns of letters."""

from __future__ import annotations

from math import ceil

from ...geometry import Document, Item, Page, Rect, Role
from ..board.sheet import centred
from ..common import INK, LABEL_EM, Lettering, footer
from .page import Area, title, wrapped

BOX_MM = 6.5  # a tile to cross off
BOX_GAP = 0.8
MIN_BOX_MM = 2.0  # smaller than this, the gap shrinks with the box (a set of a hundred of one letter)
LABEL_MM = 16.0  # the letter and its value before its boxes
ROW_MM = 9.0


def tracking_document(kit, lt: Lettering) -> Document:
    d = kit.distribution
    area = Area.of(kit)
    heading = lt.say("tracking_title", title=kit.title)
    rows = [(t.face, t.value, t.count) for t in d.tiles] + [(None, 0, d.blanks)] * bool(d.blanks)
    per_column = ceil(len(rows) / 2)
    column_w = area.inner / 2
    most = max(count for _, _, count in rows)
    pitch = (column_w - LABEL_MM - 2.0) / most  # a box and its gap, the most of one letter on one line
    row_h = min(ROW_MM, (area.bottom - area.top - 22.0) / per_column)
    if min(pitch - BOX_GAP, row_h - 1.5) >= MIN_BOX_MM:
        box, gap = min(BOX_MM, pitch - BOX_GAP, row_h - 1.5), BOX_GAP
        face_mm = box * 0.62
    else:  # a set of very many of one letter (or letters): smaller boxes, closer, still inside the column and row,
        box = min(pitch * 0.8, row_h * 0.8)  # and the row's letter as large as a small box's would be
        gap = pitch - box
        face_mm = min(BOX_MM, max(row_h - 1.5, row_h * 0.5)) * 0.62
    items: list[Item] = [title(lt, area, heading, area.top + 6.0)]
    vowels = sum(t.count for t in d.tiles if d.is_vowel(t.face))
    signs = sum(t.count for t in d.tiles if t.face in d.signs)
    groups = {"count_vowels": vowels, "count_consonants": d.letter_tiles - vowels - signs, "count_signs": signs,
              "count_blanks": d.blanks}  # a group with no tiles is left out (a Latin set has no signs)
    totals = lt.say("tracking_totals", total=d.total,
                    groups=lt.say("list_comma").join(lt.say(key, n=n) for key, n in groups.items() if n))
    for k, text in enumerate(wrapped(lt, totals, area.inner)):
        items.append(lt.label(area.left, area.top + 12.0 + 5.0 * k, text, tag="totals"))
    top = area.top + 20.0
    for i, (face, value, count) in enumerate(rows):
        col, r = divmod(i, per_column)
        x = area.left + col * column_w
        cy = top + r * row_h + row_h / 2
        name = face if face is not None else lt.say("blanks")
        if face is not None:
            items.append(centred(face, lt.bold(face), face_mm, x + 5.0, cy, INK, "letter", 9.0, on_caps=True))
            items.append(lt.label(x + 12.5, cy + 1.1, str(value), LABEL_EM * 0.8, "centre", tag="value"))
        else:
            items.append(lt.label(x, cy + 1.1, name, lt.fitted(name, LABEL_EM * 0.8, LABEL_MM - 1.0), tag="blanks"))
        for k in range(count):
            bx = x + LABEL_MM + k * (box + gap)
            items.append(Rect(round(bx, 4), round(cy - box / 2, 4), round(box, 4), round(box, 4), stroke=INK,
                              stroke_mm=0.2, role=Role.PRINT, tag="box"))
            if face is not None:
                items.append(centred(face, lt.letters if not lt.letters.missing(face) else lt.bold(face), box * 0.45,
                                     bx + box / 2, cy, "#6f6f6f", "box-letter", box * 0.8, on_caps=True))
    items += footer(lt, area.width, area.height, kit.print.margin_mm, kit.title, lt.say("tracking_footer"), 1, 1)
    paper = kit.print.paper
    figures = {"pages": 1, "paper": paper.name, "paper_mm": [area.width, area.height], "tiles": d.total,
               "letters": len(d.tiles), "blanks": d.blanks, "vowels": vowels, "box_mm": round(box, 2)}
    return Document("tracking.pdf", "tracking", "pdf", (Page(area.width, area.height, tuple(items)),),
                    lt.say("doc_tracking", title=kit.title), figures)
