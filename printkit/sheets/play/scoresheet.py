"""The score sheet: a group of columns per player or team (word, points, running total), a row per
turn for a whole game, rows for the end of the game, and the rules it is played by: how it ends,
the target score when the players agree on one, which words count.

The word column holds two words of eight letters written in the small print (a turn may make
several words), the figures' columns three digits. The first layout that gives every group that
much room is chosen: a portrait page, a landscape page, or two bands of players one above the
other (six players; more bands on small paper). A game needs as many rows as it can take turns: :func:`turns_per_player`
counts a long game, two tiles a turn on average (real games lay three to four); the rows then fill
the page down to the footer, and if they do not fit one page they go on to the next.

Where the kit sets ``play.keeper_url``, the score keeper's QR code (:mod:`.keeperqr`) takes the top right corner
of every page, beside the title and the notes, which then wrap narrower; the table starts below whichever is
lower. A kit without it draws the page as before, to the byte.
"""

from __future__ import annotations

from math import ceil, floor

from ...geometry import Document, Item, Page
from ...model import EndRule, Kit
from ...records import record
from ...text.rules import words_rule
from ..common import LABEL_EM, Lettering, footer
from .keeperqr import KeeperCode, keeper_code, keeper_items
from .page import Area, centred_label, hline, title, vline, wrapped

NUMBER_MM = 8.0  # the column of turn numbers
NAME_ROW_MM = 7.0
HEAD_ROW_MM = 5.0
ROW_MM = (5.0, 7.0)  # least and most height of a turn row
WORD_SHARE = 0.55  # of a player's columns, when there is room to spare
WORD_SAMPLE = "ПРОПОЛКА, ПРОПОЛКА"  # two words of eight letters (the book's), as the word column must hold
FIGURE_MM = 8.5  # the least width of the points and the total columns: three digits written by hand
WRITE_PAD_MM = 2.0  # room around what is written in a cell
BAND_GAP_MM = 5.0  # between two bands of players
KEEPER_GAP_MM = 4.0  # between the keeper's QR code (with its quiet zone) and the heading beside it
NOTES_LEAST_MM = 60.0  # the notes beside the keeper's code, or across the page under it where less room is left
# (landscape, bands) in the order tried: one band portrait, then landscape, then two bands, three…
LAYOUTS = tuple((landscape, bands) for bands in range(1, 7) for landscape in (False, True))


def turns_per_player(kit: Kit, players: int) -> int:
    """The turns one player can take in a long game: every tile laid two a turn, plus one."""
    return ceil(kit.distribution.total / (2 * players)) + 1


def end_rows(kit: Kit, lt: Lettering) -> list[str]:
    rows = [lt.say("row_rack")]
    if kit.rules.end is EndRule.DEDUCT_AND_AWARD:
        rows.append(lt.say("row_award"))
    return rows + [lt.say("row_final")]


def word_mm(lt: Lettering) -> float:
    """The least width of the word column: two words of eight letters in the small print."""
    return round(lt.width(WORD_SAMPLE, LABEL_EM) + WRITE_PAD_MM, 2)


@record
class Layout:
    """Where the table goes: the page, its bands of players, the columns and the rows."""

    area: Area
    landscape: bool
    bands: tuple[tuple[int, ...], ...]  # the players of each band, by index
    widths: tuple[float, float, float]  # word, points, total of one player
    notes: tuple[str, ...]  # the lines of small print under the title
    notes_top: float  # the first note's baseline
    table_top: float
    band_room: float  # height of one band's rows
    rows: int  # rows of each band on a page (turns and end rows)

    @property
    def group(self) -> float:
        return sum(self.widths)


def keeper_room(code: KeeperCode | None) -> float:
    """The width the keeper's code takes from the heading at the top right (0 without one)."""
    return code.block + KEEPER_GAP_MM if code is not None else 0.0


def _layout(kit: Kit, lt: Lettering, n: int, note: str, date: str, landscape: bool, bands: int,
            code: KeeperCode | None = None) -> Layout:
    area = Area.of(kit, landscape=landscape)
    per_band = ceil(n / bands)
    group = (area.inner - NUMBER_MM) / per_band
    word = max(word_mm(lt), WORD_SHARE * group)
    figure = (group - word) / 2
    beside = area.inner - keeper_room(code) - lt.width(date) - 6.0
    notes, notes_top = tuple(wrapped(lt, note, beside)), area.top + 12.0
    table_top = area.top + 10.0 + 5.0 * len(notes) + 2.0
    if code is not None:
        table_top = max(table_top, area.top + code.height + 2.0)
        under = tuple(wrapped(lt, note, area.inner))  # the notes across the page, under the code
        under_top = area.top + code.height + 4.0
        if beside < NOTES_LEAST_MM or under_top + 5.0 * len(under) < table_top:  # small paper, or a long note
            notes, notes_top, table_top = under, under_top, under_top + 5.0 * len(under)
    band = (area.bottom - table_top - (bands - 1) * BAND_GAP_MM) / bands - NAME_ROW_MM - HEAD_ROW_MM
    players = list(range(n))
    split = tuple(tuple(players[b * per_band:(b + 1) * per_band]) for b in range(bands))
    return Layout(area, landscape, split, (word, figure, figure), notes, notes_top, table_top, band,
                  floor(band / ROW_MM[0] + 1e-9))


def choose_layout(kit: Kit, lt: Lettering, n: int, note: str, date: str, rows_needed: int, ends: int,
                  code: KeeperCode | None = None) -> Layout:
    """The first of LAYOUTS whose columns are wide enough and whose rows fit one page; on paper too
    small for that, of those wide enough the one that needs the fewest pages (the widest if none is)."""
    tried = [_layout(kit, lt, n, note, date, landscape, bands, code) for landscape, bands in LAYOUTS if bands <= n]
    wide = [t for t in tried if t.widths[1] >= FIGURE_MM - 1e-9]
    fits = [t for t in wide if t.rows >= rows_needed]
    if fits:
        return fits[0]

    def pages(t: Layout) -> int:
        per = max(t.rows, ends + 1)
        return max(1, ceil((rows_needed - ends) / max(1, per - ends)))

    return min(tried, key=lambda t: (t not in wide, pages(t), -t.widths[0]))


def scoresheet_document(kit: Kit, lt: Lettering) -> Document:
    names = [name or lt.say("player_n", n=i + 1) for i, name in enumerate(kit.play.players)]
    n = len(names)
    turns = turns_per_player(kit, n)
    ends = end_rows(kit, lt)
    heading = lt.say("doc_scoresheet", title=kit.title)
    rules = kit.rules
    # the end: the tiles used up, and, where the rules say so, every player passing or turns scoring nothing
    stalled = ([lt.say("rule_end_passes", n=rules.end_passes)] if rules.end_passes else []) \
        + ([lt.say("rule_end_scoreless", n=rules.end_scoreless)] if rules.end_scoreless else [])
    target = [lt.say("target_note", target=rules.target_score)] if rules.target_score else []
    note = " ".join([lt.say("to_the_end_note")] + stalled + target + [words_rule(rules, lt.say)])
    date = lt.say("date_line")
    code = keeper_code(kit)
    lay = choose_layout(kit, lt, n, note, date, turns + len(ends), len(ends), code)
    area = lay.area
    room = keeper_room(code)
    heading_area = Area(area.width, area.height, area.left, area.top, area.right - room, area.bottom)
    if lay.rows >= turns + len(ends):  # one page: rows at the most height that fills it, turns added
        row = min(ROW_MM[1], lay.band_room / (turns + len(ends)))
        shown = max(turns, ceil(lay.band_room / row - 1e-9) - len(ends))
        row = lay.band_room / (shown + len(ends))
        chunks = [range(shown)]
    else:  # more turns than one page holds: continue on the next pages, the end rows on the last
        row = ROW_MM[0]
        per_page = max(lay.rows, len(ends) + 1)  # a page too small for the least rows still gets some (and ends)
        chunks, first = [], 0
        while turns - first + len(ends) > per_page:
            chunks.append(range(first, first + per_page))
            first += per_page
        chunks.append(range(first, max(turns, first + per_page - len(ends))))
    pages = []
    for i, rows in enumerate(chunks):
        last = i == len(chunks) - 1
        items: list[Item] = [title(lt, heading_area, heading, area.top + 6.0)]
        for k, text in enumerate(lay.notes):
            items.append(lt.label(area.left, lay.notes_top + 5.0 * k, text, tag="note"))
        items.append(lt.label(heading_area.right, area.top + 12.0, date, align="right", tag="date"))
        if code is not None:
            items += keeper_items(lt, code, area.right - code.block, area.top)
        top = lay.table_top
        for band in lay.bands:
            items += _table(lt, area, [names[p] for p in band], top, rows, ends if last else [], row, lay.widths)
            top += NAME_ROW_MM + HEAD_ROW_MM + lay.band_room + BAND_GAP_MM
        items += footer(lt, area.width, area.height, kit.print.margin_mm, kit.title, lt.say("scoresheet_footer"),
                        i + 1, len(chunks))
        pages.append(Page(area.width, area.height, tuple(items)))
    paper = kit.print.paper
    figures = {"pages": len(pages), "paper": paper.name, "paper_mm": [area.width, area.height],
               "orientation": "landscape" if lay.landscape else "portrait", "players": n, "names": names,
               "bands": len(lay.bands), "turns": turns, "rows": chunks[-1].stop, "row_mm": round(row, 2),
               "word_mm": round(lay.widths[0], 2), "target_score": kit.rules.target_score}
    return Document("scoresheet.pdf", "scoresheet", "pdf", tuple(pages), heading, figures)


def _table(lt: Lettering, area: Area, names: list[str], top: float, rows: range, ends: list[str],
           row: float, widths: tuple[float, float, float]) -> list[Item]:
    """The grid: names, column heads, a numbered row per turn of ``rows``, then the ``ends``; a
    group of ``widths`` (word, points, total) per player, from the left."""
    n = len(names)
    group = sum(widths)
    x0 = area.left + NUMBER_MM
    right = x0 + n * group
    heads = (lt.say("col_word"), lt.say("col_points"), lt.say("col_total"))
    items: list[Item] = []
    y_names, y_heads = top, top + NAME_ROW_MM
    body = y_heads + HEAD_ROW_MM
    bottom = body + (len(rows) + len(ends)) * row
    for p, name in enumerate(names):
        gx = x0 + p * group
        items.append(centred_label(lt, name, gx + group / 2, y_names + NAME_ROW_MM - 2.0, LABEL_EM * 1.2,
                                   group - 2.0, "player"))
        x = gx
        for w, head in zip(widths, heads):
            items.append(centred_label(lt, head, x + w / 2, y_heads + HEAD_ROW_MM - 1.4, LABEL_EM * 0.8, w - 1.0,
                                       "column-head"))
            if x > gx:
                items.append(vline(x, y_heads, bottom, 0.15, "column-rule"))
            x += w
        items.append(vline(gx, y_names, bottom, 0.4, "player-rule"))
    items.append(vline(right, y_names, bottom, 0.4, "player-rule"))
    items.append(vline(area.left, y_heads, bottom, 0.4, "player-rule"))
    items.append(hline(x0, right, y_names, 0.4))
    items.append(hline(area.left, right, y_heads, 0.4))
    items.append(hline(area.left, right, body, 0.4))
    for k, turn in enumerate(rows):
        y = body + (k + 1) * row
        items.append(lt.label(x0 - 1.2, y - row / 2 + 1.1, str(turn + 1), LABEL_EM * 0.8, "right", tag="turn"))
        items.append(hline(area.left, right, y, 0.15 if k < len(rows) - 1 or ends else 0.4, "turn-rule"))
    for k, text in enumerate(ends):
        y = body + (len(rows) + k + 1) * row
        for p in range(n):
            gx = x0 + p * group
            items.append(lt.label(gx + 1.0, y - row / 2 + 1.1, text, lt.fitted(text, LABEL_EM * 0.75,
                                                                                widths[0] - 2.0), tag="end-row"))
        items.append(hline(area.left, right, y, 0.4 if k == len(ends) - 1 else 0.25, "end-rule"))
    return items
