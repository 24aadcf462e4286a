"""The reference card the book points to ("see the table"): every letter with its number of tiles
and its value, with the totals; the board's premium squares in its colours, with their labels and
how many the board has; and the kit's rule set in a few sentences, in the kit's language. One page.
"""

from __future__ import annotations

from math import ceil

from ...geometry import Document, Item, Page, Role, Text
from ...model import BlankValue, Kit
from ...text.rules import grouped, heading as source_heading
from ..board.sheet import LEGEND_ORDER, centred, swatch
from ..common import INK, LABEL_EM, Lettering, footer
from .page import Area, hline, title, vline, wrapped

ROW_MM = 6.0  # a row of the letter table
GROUPS = 3  # column groups of the letter table
SWATCH_MM = 8.0


def rule_lines(kit: Kit, lt: Lettering) -> list[str]:
    """The kit's rule set, a sentence each, from its fields, in the card's order."""
    return [text for _, group in grouped(kit.rules, lt.say) for text in group]


def reference_document(kit: Kit, lt: Lettering) -> Document:
    d = kit.distribution
    area = Area.of(kit)
    heading = lt.say("reference_title", title=kit.title)
    items: list[Item] = [title(lt, area, heading, area.top + 6.0)]
    y = area.top + 11.0
    items += _letter_table(kit, lt, area, y)
    rows = ceil((len(d.tiles) + bool(d.blanks)) / GROUPS)
    y += 6.0 + rows * ROW_MM + 3.0
    totals = lt.say("tiles_total", total=d.total, lettered=d.letter_tiles, blanks=d.blanks, points=d.points)
    items.append(lt.label(area.left, y + 3.0, totals, lt.fitted(totals, LABEL_EM, area.inner), tag="totals"))
    y += 10.0
    items.append(lt.label(area.left, y, lt.say("premiums_heading"), LABEL_EM * 1.25, tag="heading"))
    y += 3.0
    counts = kit.layout.counts()
    codes = [c for c in LEGEND_ORDER if counts.get(c)] + ["start"]
    column = area.inner / 2
    for i, code in enumerate(codes):
        x = area.left + (i % 2) * column
        top = y + (i // 2) * (SWATCH_MM + 3.0)
        items += swatch(kit, lt, code, x, top, SWATCH_MM, 0.2)
        legend = kit.board_style.legend.get(code, "")
        text = lt.say("premium_count", legend=legend, n=counts[code]) if code != "start" else legend
        items.append(lt.label(x + SWATCH_MM + 3.0, top + SWATCH_MM / 2 + 1.1, text,
                              lt.fitted(text, LABEL_EM, column - SWATCH_MM - 5.0), tag="premium"))
    y += ceil(len(codes) / 2) * (SWATCH_MM + 3.0) + 6.0
    items.append(lt.label(area.left, y, lt.say("rules_heading", rules=kit.rules.title), LABEL_EM * 1.25,
                          tag="heading"))
    y += 6.0
    em = LABEL_EM
    # (kind, number of the rule, text): a group's heading, then its rules wrapped, a bullet on each
    # rule's first line; each group of rules under the heading of whose rules they are
    lines: list[tuple[str, int, str]] = []
    groups = grouped(kit.rules, lt.say)
    k = 0
    for by, rules in groups:
        if by is not None and len(groups) > 1:
            lines.append(("group", -1, source_heading(by, lt.say) + ":"))
        for rule in rules:
            lines += [("rule", k, text) for text in wrapped(lt, rule, area.inner - 5.0, em)]
            k += 1
    step = min(4.8, (area.bottom - y) / max(1, len(lines) + 0.3 * len(groups)))
    if step < 4.8:
        em *= step / 4.8
    last = None
    for kind, k, text in lines:
        if kind == "group":
            if last is not None:
                y += 0.3 * step
            items.append(Text(area.left, y, text, lt.bold(text), em, INK, role=Role.PRINT, tag="rule-source"))
            y += step
            continue
        if k != last:
            items.append(lt.label(area.left, y, "•", em, tag="bullet"))
            last = k
        items.append(lt.label(area.left + 4.0, y, text, em, tag="rule"))
        y += step
    items += footer(lt, area.width, area.height, kit.print.margin_mm, kit.title, lt.say("reference_footer"), 1, 1)
    paper = kit.print.paper
    figures = {"pages": 1, "paper": paper.name, "paper_mm": [area.width, area.height], "letters": len(d.tiles),
               "tiles": d.total, "points": d.points, "rules": kit.rules.name}
    return Document("reference.pdf", "reference", "pdf", (Page(area.width, area.height, tuple(items)),),
                    lt.say("doc_reference", title=kit.title), figures)


def _letter_table(kit: Kit, lt: Lettering, area: Area, top: float) -> list[Item]:
    """Letters, their number of tiles and their value, in column groups, the blanks last."""
    d = kit.distribution
    # the blank's value as the rules count it: nothing, or the value of the letter it stands for
    blank = "0" if kit.rules.blank_value is BlankValue.ZERO else lt.say("blank_as_letter")
    rows = [(t.face, t.count, str(t.value)) for t in d.tiles] + ([(None, d.blanks, blank)] if d.blanks else [])
    per = ceil(len(rows) / GROUPS)
    group = area.inner / GROUPS
    widths = (group * 0.4, group * 0.3, group * 0.3)
    heads = (lt.say("col_letter"), lt.say("col_count"), lt.say("col_value"))
    items: list[Item] = []
    head_h = 6.0
    bottom = top + head_h + per * ROW_MM
    for g in range(GROUPS):
        gx = area.left + g * group
        x = gx
        for w, head in zip(widths, heads):
            items.append(lt.label(x + w / 2, top + head_h - 1.8, head, lt.fitted(head, LABEL_EM * 0.85, w - 1.0),
                                  "centre", tag="table-head"))
            x += w
        items.append(vline(gx, top, bottom, 0.3 if g else 0.4))
        items.append(vline(gx + widths[0], top, bottom, 0.15))
        items.append(vline(gx + widths[0] + widths[1], top, bottom, 0.15))
    items.append(vline(area.right, top, bottom, 0.4))
    items.append(hline(area.left, area.right, top, 0.4))
    items.append(hline(area.left, area.right, top + head_h, 0.3))
    for r in range(per):
        items.append(hline(area.left, area.right, top + head_h + (r + 1) * ROW_MM, 0.4 if r == per - 1 else 0.12))
    for i, (face, count, value) in enumerate(rows):
        g, r = divmod(i, per)
        gx = area.left + g * group
        cy = top + head_h + (r + 0.5) * ROW_MM
        if face is None:
            name = lt.say("blanks")
            items.append(lt.label(gx + widths[0] / 2, cy + 1.1, name, lt.fitted(name, LABEL_EM * 0.85, widths[0] - 1.0),
                                  "centre", tag="table-blanks"))
        else:
            items.append(centred(face, lt.bold(face), ROW_MM * 0.5, gx + widths[0] / 2, cy, INK, "table-letter",
                                 widths[0] - 2.0, on_caps=True))
        items.append(lt.label(gx + widths[0] + widths[1] / 2, cy + 1.1, str(count), LABEL_EM, "centre",
                              tag="table-count"))
        items.append(lt.label(gx + widths[0] + widths[1] + widths[2] / 2, cy + 1.1, value,
                              lt.fitted(value, LABEL_EM, widths[2] - 1.0), "centre", tag="table-value"))
    return items



