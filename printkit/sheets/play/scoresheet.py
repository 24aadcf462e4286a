"""The score sheet: a group of columns per player or team (word, points, running total), a row per
turn for a whole game, rows for the end of the game, and the target score when the rules have one.

Up to four players fit a portrait page; five and six turn it to landscape. A game needs as many
rows as it can take turns: :func:`turns_per_player` counts a long game, two tiles a turn on
average (real games lay three to four), and if the rows do not fit one page they go on to a second.
"""

from __future__ import annotations

from math import ceil, floor

from ...geometry import Document, Item, Page
from ...model import EndRule, Kit
from ..common import LABEL_EM, Lettering, footer
from .page import Area, centred_label, hline, title, vline, wrapped

NUMBER_MM = 8.0  # the column of turn numbers
NAME_ROW_MM = 7.0
HEAD_ROW_MM = 5.0
ROW_MM = (5.0, 7.0)  # least and most height of a turn row
SHARES = (0.55, 0.2, 0.25)  # word, points, total: shares of a player's columns
PORTRAIT_MOST = 4  # players on a portrait page


def turns_per_player(kit: Kit, players: int) -> int:
    """The turns one player can take in a long game: every tile laid two a turn, plus one."""
    return ceil(kit.distribution.total / (2 * players)) + 1


def end_rows(kit: Kit, lt: Lettering) -> list[str]:
    rows = [lt.say("row_rack")]
    if kit.rules.end is EndRule.DEDUCT_AND_AWARD:
        rows.append(lt.say("row_award"))
    return rows + [lt.say("row_final")]


def scoresheet_document(kit: Kit, lt: Lettering) -> Document:
    names = [name or lt.say("player_n", n=i + 1) for i, name in enumerate(kit.play.players)]
    n = len(names)
    area = Area.of(kit, landscape=n > PORTRAIT_MOST)
    turns = turns_per_player(kit, n)
    ends = end_rows(kit, lt)
    heading = lt.say("doc_scoresheet", title=kit.title)
    note = (lt.say("target_note", target=kit.rules.target_score) if kit.rules.target_score
            else lt.say("to_the_end_note"))
    date = lt.say("date_line")
    note_lines = wrapped(lt, note, area.inner - lt.width(date) - 6.0)
    table_top = area.top + 10.0 + 5.0 * len(note_lines) + 2.0
    room = area.bottom - table_top - NAME_ROW_MM - HEAD_ROW_MM
    row = min(ROW_MM[1], room / (turns + len(ends)))
    chunks: list[range] = []
    if row >= ROW_MM[0]:
        chunks.append(range(turns))
    else:  # more turns than one page holds: continue on the next page
        row = ROW_MM[0]
        first = floor(room / row)
        chunks += [range(0, first), range(first, turns)]
    pages = []
    for i, rows in enumerate(chunks):
        last = i == len(chunks) - 1
        items: list[Item] = [title(lt, area, heading, area.top + 6.0)]
        for k, text in enumerate(note_lines):
            items.append(lt.label(area.left, area.top + 12.0 + 5.0 * k, text, tag="note"))
        items.append(lt.label(area.right, area.top + 12.0, date, align="right", tag="date"))
        items += _table(lt, area, names, table_top, rows, ends if last else [], row)
        items += footer(lt, area.width, area.height, kit.print.margin_mm, kit.title, lt.say("scoresheet_footer"),
                        i + 1, len(chunks))
        pages.append(Page(area.width, area.height, tuple(items)))
    paper = kit.print.paper
    figures = {"pages": len(pages), "paper": paper.name, "paper_mm": [area.width, area.height],
               "orientation": "landscape" if n > PORTRAIT_MOST else "portrait", "players": n, "names": names,
               "turns": turns, "row_mm": round(row, 2), "target_score": kit.rules.target_score}
    return Document("scoresheet.pdf", "scoresheet", "pdf", tuple(pages), heading, figures)


def _table(lt: Lettering, area: Area, names: list[str], top: float, rows: range, ends: list[str],
           row: float) -> list[Item]:
    """The grid: names, column heads, a numbered row per turn of ``rows``, then the ``ends``."""
    n = len(names)
    group = (area.inner - NUMBER_MM) / n
    x0 = area.left + NUMBER_MM
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
        for share, head in zip(SHARES, heads):
            w = share * group
            items.append(centred_label(lt, head, x + w / 2, y_heads + HEAD_ROW_MM - 1.4, LABEL_EM * 0.8, w - 1.0,
                                       "column-head"))
            if x > gx:
                items.append(vline(x, y_heads, bottom, 0.15, "column-rule"))
            x += w
        items.append(vline(gx, y_names, bottom, 0.4, "player-rule"))
    items.append(vline(area.right, y_names, bottom, 0.4, "player-rule"))
    items.append(vline(area.left, y_heads, bottom, 0.4, "player-rule"))
    items.append(hline(x0, area.right, y_names, 0.4))
    items.append(hline(area.left, area.right, y_heads, 0.4))
    items.append(hline(area.left, area.right, body, 0.4))
    for k, turn in enumerate(rows):
        y = body + (k + 1) * row
        items.append(lt.label(x0 - 1.2, y - row / 2 + 1.1, str(turn + 1), LABEL_EM * 0.8, "right", tag="turn"))
        items.append(hline(area.left, area.right, y, 0.15 if k < len(rows) - 1 or ends else 0.4, "turn-rule"))
    for k, text in enumerate(ends):
        y = body + (len(rows) + k + 1) * row
        for p in range(n):
            gx = x0 + p * group
            items.append(lt.label(gx + 1.0, y - row / 2 + 1.1, text, lt.fitted(text, LABEL_EM * 0.75,
                                                                                SHARES[0] * group - 2.0), tag="end-row"))
        items.append(hline(area.left, area.right, y, 0.4 if k == len(ends) - 1 else 0.25, "end-rule"))
    return items
