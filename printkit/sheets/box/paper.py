"""The card box for a paper set: a tray and a lid, each a net on the kit's paper (A4, Letter), cut lines
solid, fold lines dashed, a glue tab at each end of the front and back walls.

The tray holds the set's tiles with their spares in stacks of :data:`printkit.sheets.box.PER_COMPARTMENT`
lying flat, side by side in a grid (counted at a glance, as the laser box's compartments are): inside,
the grid's columns and rows of the tile's side and :data:`~printkit.sheets.box.TILE_CLEARANCE_MM` with the
walls' card, as high as a stack and no eleventh tile (:func:`tray_size`). The grid is the one whose nets take
the fewest pages and the least card. The lid fits over the tray: its inside is the tray's outside and
:data:`LID_PLAY_MM`, half as high as the tray in whole mm, rounded down (at least :data:`LID_MIN_MM`); the
kit's title and the board's premium pattern are printed on it. Both nets on one page when they fit, else a page each.
"""

from __future__ import annotations

from math import ceil, floor

from ...errors import PrintkitError
from ...geometry import Document, Item, Line, Page, Role, Text
from ...model import Kit
from ..common import FOOTER_MM, footer, lettering
from ..nets import CUT_MM, DASH_MM, FOLD_MM, GAP_MM, INK, LABEL_EM, SPACE_MM
from .laser import premium_picture
from .sizes import CLEARANCE_MM, PER_COMPARTMENT, TILE_CLEARANCE_MM, contents, title_fit

KIND = "box-paper"
CARD_MM = 0.5  # the card's thickness: the lid's inside clears the tray's walls by it
LID_PLAY_MM = 1.0  # and by this
LID_MIN_MM = 12.0  # the lid's least height
TAB_MM = 12.0  # a glue tab's width (at most half the side wall it is glued to)

Size = tuple[float, float, float]


def tray_size(kit: Kit, cols: int, rows: int) -> Size:
    """The tray's base between its folds and its walls' height: each stack the tile's side and
    :data:`~printkit.sheets.box.TILE_CLEARANCE_MM` square, and the card of a wall standing inside the fold
    at each side (the stacks along a wall keep their clearance); as high as a stack and the least of
    :data:`~printkit.sheets.box.CLEARANCE_MM` and half a tile, so that an eleventh tile never fits on it."""
    c = contents(kit)
    side = c.tile + TILE_CLEARANCE_MM
    head = min(CLEARANCE_MM, round(c.t / 2, 6))
    return cols * side + 2 * CARD_MM, rows * side + 2 * CARD_MM, PER_COMPARTMENT * c.t + head


def lid_size(tray: Size) -> Size:
    w, d, h = tray
    room = 2 * CARD_MM + LID_PLAY_MM
    return w + room, d + room, max(LID_MIN_MM, float(floor(h / 2)))


def tab(size: Size) -> float:
    return min(TAB_MM, size[1] / 2)


def net_size(size: Size) -> tuple[float, float]:
    """The net's width and height on the page: the base, a wall (or a tab) each side of it."""
    w, d, h = size
    return w + 2 * max(h, tab(size)), d + 2 * h


def net(size: Size, x: float, y: float) -> tuple[list[tuple[float, float]], list[tuple[tuple[float, float], ...]]]:
    """The cut outline (clockwise on the page) and the fold lines of a box of inner ``size``, its base's
    top left corner at (x, y): the front wall above the base, the back below, the sides left and right,
    a tab at each end of the front and back walls, cut at 45° so it folds past the base."""
    w, d, h = size
    g = tab(size)
    c = min(g, h / 3)  # the tab's corners
    x1, y1 = x + w, y + d
    outline = [(x, y - h), (x1, y - h), (x1 + g, y - h + c), (x1 + g, y - c), (x1, y), (x1 + h, y), (x1 + h, y1),
               (x1, y1), (x1 + g, y1 + c), (x1 + g, y1 + h - c), (x1, y1 + h), (x, y1 + h), (x - g, y1 + h - c),
               (x - g, y1 + c), (x, y1), (x - h, y1), (x - h, y), (x, y), (x - g, y - c), (x - g, y - h + c)]
    folds = [((x, y), (x1, y)), ((x, y1), (x1, y1)), ((x, y), (x, y1)), ((x1, y), (x1, y1)),
             ((x, y - h), (x, y)), ((x1, y - h), (x1, y)), ((x, y1), (x, y1 + h)), ((x1, y1), (x1, y1 + h))]
    return outline, folds


def _dashed(a: tuple[float, float], b: tuple[float, float]) -> list[Item]:
    """A fold from ``a`` to ``b`` (along an axis), dashed, a dash at each end: the fold reads to its ends."""
    (x0, y0), (x1, y1) = a, b
    length = abs(x1 - x0) + abs(y1 - y0)
    ux, uy = (x1 - x0) / length, (y1 - y0) / length
    n = max(1, ceil((length + SPACE_MM) / (DASH_MM + SPACE_MM) - 1e-9))
    dash = min(DASH_MM, length)
    step = (length - dash) / (n - 1) if n > 1 else 0.0
    out: list[Item] = []
    for i in range(n):
        s, e = i * step, i * step + dash
        out.append(Line(round(x0 + s * ux, 4), round(y0 + s * uy, 4), round(x0 + e * ux, 4), round(y0 + e * uy, 4),
                        INK, FOLD_MM, role=Role.GUIDE, tag="fold"))
    return out


def _drawn(kit: Kit, lt, size: Size, x: float, y: float, name: str, lid: bool) -> list[Item]:
    """One net at the base's corner (x, y): its cut, its folds, "glue" on the tabs, its name on the base,
    and on the lid's top the title and the premium picture."""
    outline, folds = net(size, x, y)
    items: list[Item] = [Line(round(ax, 4), round(ay, 4), round(bx, 4), round(by, 4), INK, CUT_MM, role=Role.GUIDE,
                              tag="cut") for (ax, ay), (bx, by) in zip(outline, outline[1:] + outline[:1])]
    for a, b in folds:
        items += _dashed(a, b)
    w, d, h = size
    g = tab(size)
    glue = lt.say("glue")
    em = lt.fitted(glue, LABEL_EM * 0.8, g - 2.0)
    for tx in (x - g / 2, x + w + g / 2):
        for ty in (y - h / 2, y + d + h / 2):
            items.append(lt.label(tx, ty + em * 0.35, glue, em, align="centre", tag="glue"))
    label = lt.say(name)
    items.append(lt.label(x + w / 2, y + d - LABEL_EM, label, lt.fitted(label, LABEL_EM, w - 4), align="centre",
                          tag=name))
    if not lid:  # what the tray is sized for: tiles of another thickness (3D-printed ones) fit it badly
        c = contents(kit)
        holds = lt.say("gallery_holds", tiles=lt.say.counted("tile_count", c.tiles),
                       size=f"{c.tile:g} × {c.tile:g} × {c.t:g}")
        items.append(lt.label(x + w / 2, y + d - 2.5 * LABEL_EM, holds, lt.fitted(holds, 0.8 * LABEL_EM, w - 4),
                              align="centre", tag="holds"))
    if lid:
        font = lt.bold(kit.title)
        em, cap, width = title_fit(font, kit.title, min(0.1 * d, 8.0), w)
        top = y + 0.08 * d
        items.append(Text(x + (w - width) / 2, top + cap, kit.title, font, em, role=Role.PRINT, tag="lid-title"))
        room = d - 0.16 * d - cap - 2 * LABEL_EM - 4
        side = min(0.7 * w, room)
        if side > 10:
            pic = premium_picture(kit, x + (w - side) / 2, top + cap + 3, side)
            items += [_printed(i) for i in pic]
    return items


def _printed(item: Item) -> Item:
    from dataclasses import replace

    return replace(item, role=Role.PRINT)


def _area(kit: Kit) -> tuple[float, float, float, float]:
    paper, m = kit.print.paper, kit.print.margin_mm
    head = 3 * LABEL_EM
    return m, m + head, paper.width_mm - 2 * m, paper.height_mm - 2 * m - head - FOOTER_MM


def _fits(a: tuple[float, float], room: tuple[float, float]) -> bool:
    return a[0] <= room[0] + 1e-9 and a[1] <= room[1] + 1e-9


def choose(kit: Kit) -> tuple[int, int, bool]:
    """(cols, rows, together) of the stacks' grid whose nets take the fewest pages, then the least card."""
    c = contents(kit)
    n = c.compartments
    _, _, aw, ah = _area(kit)
    best = None
    for cols in range(1, n + 1):
        rows = ceil(n / cols)
        tray = tray_size(kit, cols, rows)
        a, b = net_size(tray), net_size(lid_size(tray))
        if not (_fits(a, (aw, ah)) and _fits(b, (aw, ah))):
            continue
        together = _fits((a[0] + GAP_MM + b[0], max(a[1], b[1])), (aw, ah))
        key = (0 if together else 1, a[0] * a[1] + b[0] * b[1], cols)
        if best is None or key < best[0]:
            best = (key, cols, rows, together)
    if best is None:
        paper = kit.print.paper
        tray = tray_size(kit, 1, n)
        raise PrintkitError(f"{kit.at('print.paper')}: no net of the card box fits {paper.name} "
                            f"({paper.width_mm:g} × {paper.height_mm:g} mm): a tray for stacks of "
                            f"{PER_COMPARTMENT} tiles of {c.tile:g} mm is {tray[2]:g} mm high")
    return best[1], best[2], best[3]


def paper_box_documents(kit: Kit) -> list[Document]:
    """The tray's and the lid's nets, on one page or two."""
    lt = lettering(kit)
    paper = kit.print.paper
    cols, rows, together = choose(kit)
    tray = tray_size(kit, cols, rows)
    lid = lid_size(tray)
    ax, ay, aw, ah = _area(kit)
    title = lt.say("doc_box_paper", title=kit.title)
    nets = [("box_tray", tray, False), ("box_lid", lid, True)]
    groups = [nets] if together else [[n] for n in nets]
    pages = []
    placed = []
    for number, group in enumerate(groups, 1):
        sizes = [net_size(s) for _, s, _ in group]
        total = sum(s[0] for s in sizes) + GAP_MM * (len(sizes) - 1)
        x = ax + (aw - total) / 2
        items: list[Item] = [lt.label(ax, ay - 1.6 * LABEL_EM, title, LABEL_EM, tag="title"),
                             lt.label(ax, ay - 0.4 * LABEL_EM, lt.say("box_paper_howto"),
                                      lt.fitted(lt.say("box_paper_howto"), LABEL_EM * 0.8, aw), tag="howto")]
        for (name, size, is_lid), (nw, nh) in zip(group, sizes):
            bx = x + (nw - size[0]) / 2
            by = ay + (ah - nh) / 2 + size[2]
            items += _drawn(kit, lt, size, bx, by, name, is_lid)
            placed.append({"net": name[4:], "page": number, "base_mm": [round(bx, 3), round(by, 3)],
                           "inner_mm": [round(v, 3) for v in size], "net_mm": [round(nw, 3), round(nh, 3)]})
            x += nw + GAP_MM
        items += footer(lt, paper.width_mm, paper.height_mm, kit.print.margin_mm, kit.title, lt.say("product_box"),
                        number, len(groups))
        pages.append(Page(paper.width_mm, paper.height_mm, tuple(items)))
    c = contents(kit)
    figures = {"paper": paper.name, "page_mm": [paper.width_mm, paper.height_mm], "pages": len(pages),
               "tray_mm": [round(v, 3) for v in tray], "lid_mm": [round(v, 3) for v in lid],
               "stacks": [cols, rows], "stack_tiles": PER_COMPARTMENT, "tiles": c.tiles, "tile_mm": c.tile,
               "thickness_mm": c.t, "card_mm": CARD_MM, "tab_mm": round(tab(tray), 3), "nets": placed}
    return [Document(f"{KIND}-{paper.name}.pdf", KIND, "pdf", tuple(pages), title, figures)]


__all__ = ["CARD_MM", "KIND", "LID_PLAY_MM", "choose", "lid_size", "net", "net_size", "paper_box_documents",
           "tray_size"]
