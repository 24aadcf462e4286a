"""The assembly map: the sheet drawn small with each page's part outlined and numbered, its glue
strips hatched, and the steps of cutting and gluing in words."""

from __future__ import annotations

from ...geometry import Circle, Group, Item, Page, Rect, Role, Transform
from ...model import Kit
from ..common import FOOTER_MM, LABEL_EM, Lettering, footer
from .paper import Split, hatch
from .sheet import Sheet, centred

MAP_LEAST_STROKE = 0.08  # mm: the thinnest line of the map, however small it is drawn
OUTLINE_MM = 0.5  # the outline of each page's part
TITLE_CLEAR_MM = 1.5  # the outline of the top pages runs this far above the sheet, clear of the board's title


def assembly_page(kit: Kit, lt: Lettering, sheet: Sheet, split: Split) -> Page:
    """How the pages go together: the sheet drawn small with each page's part outlined and numbered,
    the glue strips hatched, and the steps in words."""
    paper = kit.print.paper
    pw, ph, m = paper.width_mm, paper.height_mm, kit.print.margin_mm
    width = pw - 2 * m
    title = lt.say("assembly_title", title=kit.title, pages=lt.say.counted("pages_from", len(split.windows)),
                   paper=split.paper)
    intro = lt.say("assembly_intro", width=f"{sheet.cols * sheet.cell:g}", height=f"{sheet.rows * sheet.cell:g}",
                   cell=f"{sheet.cell:g}", cols=split.cols, rows=split.rows,
                   landscape=lt.say("landscape") if split.landscape else "", overlap=f"{split.overlap:g}")
    items: list[Item] = [lt.label(m, m + 6.0, title, lt.fitted(title, 6.0, width), tag="title"),
                         lt.label(m, m + 12.0, intro, lt.fitted(intro, LABEL_EM, width))]
    top = m + 17.0 + TITLE_CLEAR_MM
    steps = assembly_steps(lt, split)
    steps_h = len(steps) * 5.0 + 4.0
    avail_h = ph - 2 * m - FOOTER_MM - (top - m) - steps_h
    k = min(width / sheet.width, avail_h / sheet.height)
    items.append(Group(tuple(assembly_map(lt, sheet, split, k)), round(m + (width - sheet.width * k) / 2, 4), top,
                       tag="map"))
    y = top + sheet.height * k + 6.0
    em = min(lt.fitted(step, LABEL_EM, width) for step in steps)
    for step in steps:
        items.append(lt.label(m, y, step, em, tag="step"))
        y += 5.0
    items.extend(footer(lt, pw, ph, m, kit.title, lt.say("assembly_footer", paper=split.paper), 1, 1))
    return Page(pw, ph, tuple(items))


def assembly_map(lt: Lettering, sheet: Sheet, split: Split, k: float) -> list[Item]:
    """The sheet ``k`` times its size, glue strips hatched, each page's own part outlined and
    numbered in a white disc."""
    bold = lt.bold("0123456789")
    small = Transform.scale(k)
    drawn: list[Item] = [small.apply(Group(sheet.items, tag="board"), least_stroke=MAP_LEAST_STROKE)]
    for window in split.windows:
        drawn.extend(small.apply(hatch(rect), least_stroke=MAP_LEAST_STROKE) for rect, _ in window.glue)
    for window in split.windows:
        x0, y0, x1, y1 = (v * k for v in window.own)
        top = y0 - TITLE_CLEAR_MM if window.row == 0 else y0  # the page's top margin: the title's ink is inside
        drawn.append(Rect(x0, top, x1 - x0, y1 - top, stroke="#000000", stroke_mm=OUTLINE_MM, role=Role.PRINT,
                          tag="page-outline"))
        cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
        r = min(9.0, (x1 - x0) / 4, (y1 - y0) / 4)
        drawn.append(Circle(cx, cy, r, fill="#ffffff", stroke="#000000", stroke_mm=0.4, role=Role.PRINT,
                            tag="page-number"))
        drawn.append(centred(str(window.number), bold, r * 0.9, cx, cy, "#000000", "page-number"))
    return drawn


def assembly_steps(lt: Lettering, split: Split) -> list[str]:
    """The steps in words, naming the pages whose edges are cut."""
    cuts = []
    for edge in ("left", "top"):
        numbers = [str(t.number) for t in split.windows if edge in t.trim]
        if len(numbers) > 6:
            cuts.append(lt.say(f"cut_{edge}_all"))
        elif numbers:
            pages = lt.say("of_pages" if len(numbers) > 1 else "of_page", numbers=", ".join(numbers))
            cuts.append(lt.say(f"cut_{edge}", pages=pages))
    return [
        lt.say("step_print", file=f"board-{split.paper}.pdf"),
        lt.say("step_cut", cuts=lt.say("and").join(cuts)),
        lt.say("step_glue"),
        lt.say("step_glue_2"),
    ]
