"""SVG files: the root in millimetres, letters as paths, the tiles or cells of a sheet; laser and
plotter sheets go on to :mod:`.laser`, :mod:`.letters` and :mod:`.drawn`."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

from ..report import exception_text
from .box import check_box
from .context import Context
from .drawn import check_drawn
from .laser import check_laser
from .letters import check_laser_letters
from .measure import INKSCAPE_NS, SVG_NS, Want, close, count_line, mm, pair, plural, size_text, sized
from .racks import check_racks
from .report import Report
from .svgread import NUMBER, local_name, read_svg
from .tiles import of_which, tile_count, with_backs


def check_svg(report: Report, ctx: Context, a: dict, data: bytes, path: Path | None = None) -> None:
    rel = a["path"]
    kind = a.get("kind", "")
    laser = a.get("product") == "laser" or kind.startswith("laser") or kind in ("racks", "box")  # laser sheets too
    drawn = kind.startswith("burn")  # a pen plotter's (or a burning pen's) lines
    try:
        root, shapes, texts = read_svg(data, geometry=laser or drawn)
    except ET.ParseError as exc:
        report.fail(rel, f"cannot be read as SVG: {exception_text(exc, 119)}")
        return
    if local_name(root.tag) != "svg":
        report.fail(rel, f"its root is <{local_name(root.tag)}>, not <svg>")
        return
    _check_svg_root(report, ctx, a, root)
    report.expect(texts == 0, rel, "letters are paths (no <text>)",
                  f"{plural(texts, '<text> element')} (letters must be paths: the opening machine's "
                  f"fonts would change them)")
    if kind == "tiles":
        want, tiles, spares = Want.of(a, "tile_mm"), a.get("tiles"), a.get("spares", 0)
        if want is None or not isinstance(tiles, int) or not isinstance(spares, int):
            report.fail(rel, "the manifest gives no tile_mm, tiles or spares: the tiles cannot be counted")
        else:
            back = with_backs(ctx, a) and a.get("page", 1) % 2 == 0
            exact, wrong, want = tile_count([s.square for s in shapes if s.square], want, back)
            good, text = count_line("tile back" if back else "tile", len(exact), want, tiles + spares, wrong)
            report.expect(good, rel, text + of_which(tiles, spares), text)
    elif kind == "board":
        want, rows, cols = Want.of(a, "cell_mm"), a.get("rows"), a.get("cols")
        if want is None or not isinstance(rows, int) or not isinstance(cols, int):
            report.fail(rel, "the manifest gives no cell_mm, rows or cols: the cells cannot be counted")
        else:
            exact, wrong = sized([s.square for s in shapes if s.square], want)
            good, text = count_line("cell", len(exact), want, rows * cols, wrong)
            report.expect(good, rel, f"{text} ({rows} × {cols})", text)
    if laser:
        layers = [el.get(INKSCAPE_NS + "label") or el.get("id") or "" for el in root.iter(SVG_NS + "g")
                  if el.get(INKSCAPE_NS + "groupmode") == "layer"]
        blocks = check_laser(report, ctx, a, shapes, layers)
        if kind == "laser-tiles" and blocks is not None:
            check_laser_letters(report, ctx, a, root, blocks)
        if kind == "racks":
            check_racks(report, a, shapes)
        if kind == "box":
            check_box(report, a, shapes)
    if drawn:
        check_drawn(report, a, shapes)


def _check_svg_root(report: Report, ctx: Context, a: dict, root) -> None:
    """``width="Wmm" height="Hmm" viewBox="0 0 W H"``, and W × H the manifest's page."""
    rel = a["path"]
    width, height, view = root.get("width", ""), root.get("height", ""), root.get("viewBox", "")
    box = [float(v) for v in NUMBER.findall(view)]
    m = [re.fullmatch(r"\s*([-+]?(?:\d+\.?\d*|\.\d+))\s*mm\s*", v) for v in (width, height)]
    if not all(m) or len(box) != 4:
        report.fail(rel, f'the root is width="{width}" height="{height}" viewBox="{view}": it needs millimetres '
                         f"and a viewBox, so that one unit is one millimetre")
        return
    w, h = float(m[0].group(1)), float(m[1].group(1))
    if box[:2] != [0.0, 0.0] or not (close(box[2], w, 1e-6) and close(box[3], h, 1e-6)):
        report.fail(rel, f'viewBox="{view}" is not "0 0 {mm(w)} {mm(h)}": one unit would not be one millimetre')
        return
    expected = pair(a.get("page_mm")) or ctx.paper_mm(a)
    if expected is None and a.get("product") in ("laser", "racks"):
        expected = pair(a.get("bed_mm"))
    if expected is None:
        report.fail(rel, f"{size_text(w, h)}, and the manifest gives no page_mm, paper or bed_mm to compare with")
    elif not (close(w, expected[0]) and close(h, expected[1])):
        report.fail(rel, f"{size_text(w, h)}, the manifest says {size_text(*expected)}")
    else:
        report.ok(rel, f"{size_text(w, h)}, viewBox in millimetres")
