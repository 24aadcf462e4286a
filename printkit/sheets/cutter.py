"""Print-and-cut sheets for craft cutters (Silhouette, Cricut): the tiles' faces as the tile sheets
draw them (:func:`printkit.sheets.tiles.draw_face`), placed by a layout of their own, with the
registration marks of the kit's cutter profile, and the cut outlines in the same page coordinates.

Silhouette (marks ``type1`` or ``four-l``): per page of the kit's paper, a print PDF (faces, marks,
footer), an SVG with Inkscape layers Print, Cut and Regmarks (Designer Edition, inkscape-silhouette)
and a DXF of the cut alone (Studio Basic). Cricut (marks ``none``: Design Space draws its own): per
page of the profile's area, an SVG at true size (faces, and the cut outlines as a group of unfilled
strokes) and a PNG of the faces with a transparent outside; and an instruction sheet.

Every size and position is decided here: the marks from the profile, the tiles centred in what the
marks leave (nothing printed within ``clear_mm`` of a mark), the bleed round each face.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import PrintkitError
from ..fonts import require
from ..geometry import Document, Grid, Item, Layer, Line, Page, Path, Rect, Role, Text
from ..model import Kit
from .common import FOOTER_MM, SCALE_MM, footer, lettering, require_words
from .tiles import Face, draw_face, face_style, kit_spares, tile_faces

MARK_INK = "#000000"  # the cutter's sensor reads black on white
# the least width of the footer between the bottom marks: the scale bar, the space after it and the page's number
FOOTER_MIN_MM = SCALE_MM + 8.0 + 30.0


@dataclass(frozen=True)
class Frame:
    """Where a page's tiles may go (x0, y0, x1, y1, mm from the page's top-left), and its footer's."""

    box: tuple[float, float, float, float]
    footer: tuple[float, float, float] | None  # (left, right, baseline bottom) of the footer, None: no footer


def marks(kit: Kit, width: float, height: float) -> list[Item]:
    """The registration marks of the kit's cutter on a page of ``width`` × ``height`` mm, tagged
    ``regmark-tl``, ``-tr``, ``-bl``, ``-br`` as inkscape-silhouette names them (its send dialogue
    reads the marks' places from those elements). The type-1 square's outer edges and the L marks'
    corner lines (the middles of their strokes) are ``inset_mm`` from the paper's edges."""
    c = kit.cutter.cutter
    i, a, w = c.inset_mm, c.arm_mm, c.stroke_mm
    right, bottom = width - i, height - i

    def l_mark(x: float, y: float, hx: int, vy: int, tag: str) -> Path:
        return Path((("M", x + hx * a, y), ("L", x, y), ("L", x, y + vy * a)), stroke=MARK_INK, stroke_mm=w,
                    role=Role.PRINT, tag=tag)

    out: list[Item] = []
    if c.marks == "type1":
        out.append(Rect(i, i, c.square_mm, c.square_mm, fill=MARK_INK, role=Role.PRINT, tag="regmark-tl"))
    else:
        out.append(l_mark(i, i, 1, 1, "regmark-tl"))
    out.append(l_mark(right, i, -1, 1, "regmark-tr"))
    out.append(l_mark(i, bottom, 1, -1, "regmark-bl"))
    if c.marks == "four-l":
        out.append(l_mark(right, bottom, -1, -1, "regmark-br"))
    return out


def frame(kit: Kit, width: float, height: float) -> Frame:
    """What the marks leave for the tiles: the band between the top and the bottom marks, clear of
    every mark's ink by ``clear_mm``; and the footer, between the bottom marks. With no marks, the
    whole page (the cutter's software adds its marks outside it)."""
    c = kit.cutter.cutter
    if c.marks == "none":
        return Frame((0.0, 0.0, width, height), None)
    i, a, w, g = c.inset_mm, c.arm_mm, c.stroke_mm / 2, c.clear_mm
    reach = max(a, c.square_mm)  # the marks' reach from their corner lines into the page
    box = (i + w + g, i + reach + w + g, width - i - w - g, height - i - reach - w - g)
    # the footer between the bottom marks, its baseline clear of the bottom arm, and the tiles above it (arms
    # shorter than the footer is tall would leave it beside the last row); no footer where the marks leave it
    # too little room across (an inset and arms of 50 mm on A4: 4 mm)
    footer_at = (i + reach + w + g + 1.0, width - i - reach - w - g - 1.0, height - i - w - g)
    if footer_at[1] - footer_at[0] < FOOTER_MIN_MM:
        return Frame(box, None)
    box = box[:3] + (min(box[3], footer_at[2] - FOOTER_MM - g),)
    return Frame(box, footer_at)


def page_size(kit: Kit) -> tuple[float, float, str]:
    """The page (width, height, name): chosen with the kit (:class:`printkit.model.CutterOptions`)."""
    name, w, h = kit.cutter.page
    return w, h, name


def cutter_grid(kit: Kit, box: tuple[float, float, float, float]) -> Grid:
    """The most tiles the box holds with their bleed, centred in it."""
    o = kit.cutter
    side, b = kit.physical.tile_mm, o.bleed_mm
    gap = o.gap_mm if o.cut == "gap" else 0.0
    x0, y0, x1, y1 = box
    if o.cutter.area_w is not None:  # the software's area: the tiles and their bleed within it
        x1, y1 = min(x1, x0 + o.cutter.area_w), min(y1, y0 + o.cutter.area_h)
    grid = Grid.fitting(x1 - x0 - 2 * b, y1 - y0 - 2 * b, side, gap)
    if grid.count < 1:
        raise PrintkitError(f"{kit.at('physical.tile_mm')}: a tile of {side:g} mm with a bleed of {b:g} mm does not "
                            f"fit the {x1 - x0:g} × {y1 - y0:g} mm that the cutter profile {o.cutter.name} leaves "
                            f"for tiles")
    return grid.at(round((x0 + x1 - grid.width) / 2, 4), round((y0 + y1 - grid.height) / 2, 4))


def _faces(kit: Kit) -> list[tuple[Face, bool]]:
    """Every tile, then the spares the kit's paper sheets print (as the laser cuts them)."""
    return [(f, False) for f in tile_faces(kit)] + [(f, True) for f in kit_spares(kit)]


def cutter_documents(kit: Kit) -> list[Document]:
    o = kit.cutter
    c = o.cutter
    lt = lettering(kit)
    font = lt.letters
    faces = _faces(kit)
    require(font, "".join(f.face + str(f.value) for f, _ in faces if f.face), f"the kit {kit.name}",
            kit.at("style.tile.font"))
    require_words(kit, lt)
    width, height, paper = page_size(kit)
    fr = frame(kit, width, height)
    grid = cutter_grid(kit, fr.box)
    side, b, st = kit.physical.tile_mm, o.bleed_mm, kit.tile_style
    style = face_style(kit, font)
    chunks = [faces[k:k + grid.count] for k in range(0, len(faces), grid.count)]
    mark_items = marks(kit, width, height) if c.marks != "none" else []
    base = f"cutter-{c.name}-{paper}" if c.papers else f"cutter-{c.name}"  # a page of the area: no paper in its name
    title = lt.say("doc_cutter", title=kit.title, cutter=c.title)
    spares = sum(1 for _, s in faces if s)
    common = {"cutter": c.name, "marks": c.marks, "page_mm": [width, height], "paper": paper,
              "tile_mm": side, "face_bleed_mm": b, "cut": o.cut, "gap_mm": o.gap_mm if o.cut == "gap" else 0.0,
              "per_page": grid.count, "grid": [grid.cols, grid.rows], "origin": "top-left, y down"}
    if c.marks != "none":
        common.update(marks_inset_mm=c.inset_mm, mark_square_mm=c.square_mm if c.marks == "type1" else 0.0,
                      mark_arm_mm=c.arm_mm, mark_stroke_mm=c.stroke_mm, mark_clear_mm=c.clear_mm)
    if c.area_w is not None:
        common["area_mm"] = [c.area_w, c.area_h]
    print_pages, cut_pages, face_layers, sizes = [], [], [], []
    for n, chunk in enumerate(chunks, 1):
        face_items: list[Item] = []
        cut_items: list[Item] = []
        on, (width, height) = _page_of(grid, len(chunk), b, (width, height), c.marks == "none")
        sizes.append((width, height))
        for k, (face, spare) in enumerate(chunk):
            x, y = on.corner(*divmod(k, grid.cols))
            face_items.append(Rect(x - b, y - b, side + 2 * b, side + 2 * b, fill=st.face, role=Role.PRINT,
                                   tag="spare-face" if spare else "face"))
            face_items.extend(draw_face(face, x, y, style, kit, font))
            cut_items.append(Rect(x, y, side, side, stroke=c.cut_colour, stroke_mm=c.cut_width_mm, role=Role.CUT,
                                  tag="cut"))
        extra: list[Item] = []
        if fr.footer is not None:
            left, right, bottom = fr.footer
            what = lt.say("cutter_footer", cutter=c.title, size=f"{side:g}")
            extra = footer(lt, right - left, bottom, 0.0, kit.title, what, n, len(chunks))
            extra = [shifted(it, left) for it in extra]
        face_layers.append(face_items)
        print_pages.append(Page(width, height, tuple(face_items + mark_items + extra)))
        layers = [Layer(tuple(face_items + extra), name="Print"), Layer(tuple(cut_items), name="Cut")]
        if mark_items:
            layers.append(Layer(tuple(mark_items), name="Regmarks"))
        cut_pages.append((Page(width, height, tuple(layers)), Page(width, height, (Layer(tuple(cut_items),
                                                                                             name="Cut"),))))
    docs: list[Document] = []
    tiles_of = [(sum(1 for _, s in ch if not s), sum(1 for _, s in ch if s)) for ch in chunks]
    if "pdf" in c.formats:
        docs.append(Document(f"{base}.pdf", "cutter", "pdf", tuple(print_pages), title,
                             dict(common, pages=len(print_pages), tiles=len(faces) - spares, spares=spares)))
    for n, ((svg_page, dxf_page), (t, s), (width, height)) in enumerate(zip(cut_pages, tiles_of, sizes), 1):
        figures = dict(common, page=n, pages=1, tiles=t, spares=s, page_mm=[width, height])
        if c.marks == "none":  # the page is its tiles (_page_of): its size names it, not the profile's area
            figures["paper"] = f"{width:g}x{height:g}"
        if "svg" in c.formats:
            docs.append(Document(f"{base}-{n}.svg", "cutter", "svg", (svg_page,), title, figures))
        if "dxf" in c.formats:
            docs.append(Document(f"{base}-{n}-cut.dxf", "cutter", "dxf", (dxf_page,), title,
                                 dict(figures, origin="bottom-left, y up"), bed=(width, height)))
        if "png" in c.formats:
            png_page = Page(width, height, (Layer(tuple(face_layers[n - 1]), name="Print"),))
            docs.append(Document(f"{base}-{n}.png", "cutter", "png", (png_page,), title,
                                 dict(figures, dpi=c.png_dpi, background="transparent")))
    if c.instructions == "cricut":
        docs.append(_cricut_instructions(kit, lt, base, [d for d in docs if d.format in ("png", "svg")]))
    return docs


def _page_of(grid: Grid, count: int, bleed: float, page: tuple[float, float], tight: bool):
    """The grid of a page of ``count`` tiles and the page's size. With no marks (the cutter's software adds
    its own) the page is the tiles and their bleed and nothing round them: software that trims an image's
    transparent margins (Design Space may) leaves it the size the instructions give. With marks, the
    profile's page, the tiles centred in what the marks leave."""
    if not tight:
        return grid, page
    cols = min(count, grid.cols)
    rows = -(-count // grid.cols)
    used = Grid(cols, rows, grid.size, grid.gap)
    return grid.at(bleed, bleed), (round(used.width + 2 * bleed, 4), round(used.height + 2 * bleed, 4))


def _cricut_instructions(kit: Kit, lt, base: str, files: list[Document]) -> Document:
    """One page of the kit's paper: Design Space's steps, with this kit's files and sizes."""
    from .play.page import Area, title, wrapped

    c = kit.cutter.cutter
    area = Area.of(kit)
    items: list[Item] = [title(lt, area, lt.say("cricut_title"), area.top + 8.0)]
    pngs = [d.path for d in files if d.format == "png"]
    svgs = [d.path for d in files if d.format == "svg"]
    steps = [lt.say("cricut_pages", n=len(pngs) or len(svgs), files=", ".join(pngs or svgs))]
    if pngs:
        steps.append(lt.say("cricut_step_upload", png=pngs[0]))
    if svgs:
        steps.append(lt.say("cricut_step_svg", svg=svgs[0]))
    images = [d for d in files if d.format == "png"] or [d for d in files if d.format == "svg"]
    sizes = ", ".join(f"{d.path} {d.figures['page_mm'][0]:g} × {d.figures['page_mm'][1]:g}" for d in images)
    steps += [lt.say("cricut_step_size", sizes=sizes, dpi=c.png_dpi, side=f"{kit.physical.tile_mm:g}"),
              lt.say("cricut_step_bleed"), lt.say("cricut_step_material")]
    y = area.top + 20.0
    em, leading = 3.6, 5.2
    for step in steps:
        indent = 5.0 if step.startswith("   ") else 0.0
        for line in wrapped(lt, step.strip(), area.inner - indent, em):
            items.append(lt.label(area.left + indent, round(y, 4), line, em, tag="step"))
            y += leading
        y += leading * 0.6
    paper = kit.print.paper
    items.extend(footer(lt, paper.width_mm, paper.height_mm, kit.print.margin_mm, kit.title,
                        lt.say("cutter_footer", cutter=c.title, size=f"{kit.physical.tile_mm:g}"), 1, 1))
    page = Page(paper.width_mm, paper.height_mm, tuple(items))
    figures = {"cutter": c.name, "sheet": "instructions", "pages": 1, "paper": paper.name,
               "page_mm": [paper.width_mm, paper.height_mm], "marks": "none"}
    return Document(f"{base}-instructions.pdf", "cutter", "pdf", (page,), lt.say("cricut_title"), figures)


def shifted(item: Item, dx: float) -> Item:
    """A footer's item moved ``dx`` mm to the right (the footer is laid out from x = 0)."""
    from dataclasses import replace

    if isinstance(item, Rect):
        return replace(item, x=item.x + dx)
    if isinstance(item, Line):
        return replace(item, x1=item.x1 + dx, x2=item.x2 + dx)
    if isinstance(item, Text):
        return replace(item, x=item.x + dx)
    raise TypeError(f"a footer item that cannot be moved: {item!r}")


__all__ = ["Frame", "cutter_documents", "cutter_grid", "frame", "marks", "page_size", "shifted"]
