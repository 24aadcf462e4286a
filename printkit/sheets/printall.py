"""``print-all-PAPER.pdf``: every printable page of the kit's paper in one document, in print order,
after a page of contents that says which pages come from which file and how to print them.

It is made of the other documents' pages themselves (the same geometry, drawn again by the PDF
writer), not by joining PDF files: one file with one subset of each font, whose pages are the
products' pages exactly. Only PDF documents whose every page is the kit's paper (upright or
turned) go in; the board poster, larger than any home paper, is named on the contents page
instead. The laser and wood-burning files are for other machines and stay out.
"""

from __future__ import annotations

from ..geometry import Document, Item, Page, Role, Text
from ..model import Kit
from .common import INK
from .compensate import CALIBRATION_KIND as CALIBRATION  # the calibration sheet's kind and product

# printed first, right after the contents: the calibration sheet, so that a printer that scales the
# page is found before the other pages are printed (the others follow in the registry's order)
FIRST = (CALIBRATION,)
TOL_MM = 0.01


def print_all_path(kit: Kit) -> str:
    return f"print-all-{kit.print.paper.name}.pdf"


def on_paper(kit: Kit, doc: Document) -> bool:
    """A PDF document whose every page is the kit's paper, upright or turned."""
    paper = kit.print.paper
    sizes = ((paper.width_mm, paper.height_mm), (paper.height_mm, paper.width_mm))
    return doc.format == "pdf" and bool(doc.pages) and all(
        any(abs(p.width - w) <= TOL_MM and abs(p.height - h) <= TOL_MM for w, h in sizes) for p in doc.pages)


def has_backs(doc: Document) -> bool:
    return doc.kind == "tiles" and doc.figures.get("backs", "none") != "none"


def page_range(first: int, last: int) -> str:
    return f"{first}" if first == last else f"{first}–{last}"


def print_all_document(kit: Kit, made: dict[str, list[Document]]) -> Document:
    """The print-all document from the documents of the products in ``made`` (by product name, in
    the registry's order: :func:`printkit.products.printed`). They are printed in that order but for
    the calibration sheet, first, right after the contents, so that a printer that scales the page is
    found before the other pages are printed."""
    from .common import lettering
    from .play.page import Area

    lt = lettering(kit)
    inside: list[Document] = []
    left_out: list[Document] = []
    for name in sorted(made, key=lambda n: n not in FIRST):
        for doc in made[name]:
            if on_paper(kit, doc):
                inside.append(doc)
            elif doc.format == "pdf":
                left_out.append(doc)
    total = 1 + sum(len(d.pages) for d in inside)
    contents = []
    first = 2
    for doc in inside:
        last = first + len(doc.pages) - 1
        contents.append({"path": doc.path, "kind": doc.kind, "pages": [first, last], "duplex": has_backs(doc)})
        first = last + 1
    area = Area.of(kit)
    page = Page(area.width, area.height, tuple(_contents_page(kit, lt, area, inside, contents, left_out, total)))
    paper = kit.print.paper
    figures = {"pages": total, "paper": paper.name, "paper_mm": [paper.width_mm, paper.height_mm],
               "contents": contents, "left_out": [d.path for d in left_out]}
    pages = (page, *(p for doc in inside for p in doc.pages))
    return Document(print_all_path(kit), "print-all", "pdf", pages,
                    lt.say("doc_printall", title=kit.title, paper=paper.name), figures)


HEAD_EM = 3.4  # the table's heads and rows, mm
ROW_EM = 3.4
LINE_MM = 5.0  # a line of a row
PAD_MM = 1.6  # above and below a row's lines


def _what(kit: Kit, doc: Document) -> str:
    """A document's title without the kit's: "Крестословица: фишки" → "фишки"."""
    prefix = f"{kit.title}: "
    return doc.title[len(prefix):] if doc.title.startswith(prefix) and len(doc.title) > len(prefix) else doc.title


def _left_out(kit: Kit, lt, doc: Document, inside: list[Document]) -> str:
    """What is true of a file left out: its page size, and whether it is larger or smaller than the
    paper (the mini board's poster is smaller than A4, and its A4 page is in the file)."""
    paper = kit.print.paper
    _, _, width, height = doc.pages[0].trim_box  # the finished page (a poster's bleed is cut off)
    size = f"{width:g} × {height:g}"
    fits = any(width <= w + TOL_MM and height <= h + TOL_MM
               for w, h in ((paper.width_mm, paper.height_mm), (paper.height_mm, paper.width_mm)))
    if not fits:
        return lt.say("left_out_larger", file=doc.path, size=size, paper=paper.name)
    here = [d.path for d in inside if d.kind == doc.kind]
    if here:
        return lt.say("left_out_smaller_same", file=doc.path, size=size, paper=paper.name, other=here[0])
    return lt.say("left_out_smaller", file=doc.path, size=size, paper=paper.name)


def _contents_page(kit: Kit, lt, area, inside: list[Document], contents: list[dict], left_out: list[Document],
                   total: int) -> list[Item]:
    from .common import LABEL_EM, footer
    from .play.page import hline, title, vline, wrapped

    say = lt.say
    paper = kit.print.paper.name
    items: list[Item] = [title(lt, area, say("printall_title", title=kit.title), area.top + 6.0)]
    y = area.top + 13.0
    paragraphs = [(say("printall_intro", paper=paper), False)]
    calibration = next((e for e in contents if e["kind"] == CALIBRATION), None)
    if calibration is not None:  # measure it before printing the rest: in bold, where it is read first
        paragraphs.append((say("printall_calibrate_first", page=page_range(*calibration["pages"])), True))
    paragraphs.append((say("printall_scale"), False))
    for text, strong in paragraphs:
        for line in wrapped(lt, text, area.inner, LABEL_EM):
            items.append(Text(area.left, y, line, lt.bold(line), LABEL_EM, INK, role=Role.PRINT, tag="calibrate-first")
                         if strong else lt.label(area.left, y, line, LABEL_EM, tag="intro"))
            y += 4.6
        y += 1.5
    y += 3.0
    # the table: pages | file | what it is | how to print
    inner = area.inner
    w_pages = max(lt.width(say("col_pages"), HEAD_EM), lt.width("00–00", ROW_EM)) + 4.0
    w_file = min(max([lt.width(say("col_file"), HEAD_EM)] + [lt.width(d.path, ROW_EM) for d in inside]) + 6.0,
                 inner * 0.4)
    w_how = inner * 0.27
    w_what = inner - w_pages - w_file - w_how
    xs = [area.left, area.left + w_pages, area.left + w_pages + w_file, area.left + w_pages + w_file + w_what,
          area.right]
    top = y
    head_h = LINE_MM + 2 * PAD_MM
    for x, w, key in zip(xs, (w_pages, w_file, w_what, w_how), ("col_pages", "col_file", "col_what", "col_how")):
        head = say(key)
        items.append(lt.label(x + 2.0, y + PAD_MM + 3.6, head, lt.fitted(head, HEAD_EM, w - 3.0),
                              tag="table-head"))
    items.append(hline(area.left, area.right, y, 0.4))
    y += head_h
    items.append(hline(area.left, area.right, y, 0.3))
    for doc, entry in zip(inside, contents):
        cells = [[page_range(*entry["pages"])], [doc.path], wrapped(lt, _what(kit, doc), w_what - 3.0, ROW_EM),
                 wrapped(lt, say("how_duplex" if entry["duplex"] else "how_simplex"), w_how - 3.0, ROW_EM)]
        lines = max(len(c) for c in cells)
        for x, w, cell, tag in zip(xs, (w_pages, w_file, w_what, w_how), cells, ("pages", "file", "what", "how")):
            for k, text in enumerate(cell):
                items.append(lt.label(x + 2.0, y + PAD_MM + 3.6 + k * LINE_MM, text,
                                      lt.fitted(text, ROW_EM, w - 3.0), tag=f"contents-{tag}"))
        y += lines * LINE_MM + 2 * PAD_MM
        items.append(hline(area.left, area.right, y, 0.15))
    items.append(hline(area.left, area.right, y, 0.4))
    for x in xs:
        items.append(vline(x, top, y, 0.4 if x in (xs[0], xs[-1]) else 0.15))
    y += 8.0
    notes = [say("printall_duplex", pages=page_range(*e["pages"])) for e in contents if e["duplex"]]
    if left_out:
        notes.append(say("printall_left_out", files="; ".join(_left_out(kit, lt, d, inside) for d in left_out)))
    else:
        notes.append(say("printall_left_out_none"))
    for note in notes:
        for line in wrapped(lt, note, area.inner, LABEL_EM):
            items.append(lt.label(area.left, y, line, LABEL_EM, tag="note"))
            y += 4.6
        y += 1.5
    items += footer(lt, area.width, area.height, kit.print.margin_mm, kit.title, say("printall_footer"), 1, total)
    return items
