"""Print-and-cut files (manifest kind ``cutter``), re-measured: the registration marks' places and
sizes against the profile's figures in the manifest (0.05 mm), every cut square registered on its
printed face (its centre within 0.05 mm, its bleed as the manifest says), the tiles within the page
or the profile's area, and nothing printed within the marks' clearance. The print PDF's content is
interpreted here (filled rectangles, stroked paths with their widths), the SVG read as XML, the DXF
with ezdxf; the DXF's squares are compared with the PDF's or SVG's faces of the same page."""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field

from .measure import MM, mm

TOL = 0.05  # mm: a mark or a cut off by more than this misses the print
INK_NAMES = {"black": "#000000", "white": "#ffffff", "red": "#ff0000"}


@dataclass
class Drawing:
    """What a page draws, in mm from the page's top-left corner, y down."""

    width: float
    height: float
    fills: list[tuple[float, float, float, float]] = field(default_factory=list)  # filled rectangles (x0, y0, x1, y1)
    strokes: list[tuple[list[tuple[float, float]], float]] = field(default_factory=list)  # (points, width)
    rects: list[tuple[float, float, float, float]] = field(default_factory=list)  # stroked rectangles
    ink: list[tuple[float, float, float, float]] = field(default_factory=list)  # boxes of everything printed


# -- readers -----------------------------------------------------------------------------------------

def pdf_drawing(page, width: float, height: float) -> Drawing:
    """The page's filled rectangles, stroked paths (with their widths) and text, in mm, y down."""
    from .measure import apply, mul
    from .pdfcontent import operations

    out = Drawing(width, height)
    ctm, saved, lw = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0), [], 1.0
    paths: list[list[tuple[float, float]]] = []
    tm = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
    size = 0.0

    def flip(p):
        return p[0] * MM, height - p[1] * MM

    contents = page.get_contents()
    for op, args in operations(contents.get_data() if contents is not None else b""):
        if op == "q":
            saved.append((ctm, lw))
        elif op == "Q" and saved:
            ctm, lw = saved.pop()
        elif op == "cm" and len(args) >= 6:
            ctm = mul(tuple(args[-6:]), ctm)
        elif op == "w" and args:
            lw = float(args[-1]) * math.hypot(ctm[0], ctm[1])
        elif op == "re" and len(args) >= 4:
            x, y, w, h = args[-4:]
            paths.append([flip(apply(ctm, px, py)) for px, py in ((x, y), (x + w, y), (x + w, y + h), (x, y + h),
                                                                    (x, y))])
        elif op == "m" and len(args) >= 2:
            paths.append([flip(apply(ctm, *args[-2:]))])
        elif op == "l" and len(args) >= 2 and paths:
            paths[-1].append(flip(apply(ctm, *args[-2:])))
        elif op in ("c", "v", "y") and paths:
            paths[-1].append(flip(apply(ctm, *args[-2:])))
        elif op == "h" and paths:
            paths[-1].append(paths[-1][0])
        elif op in ("f", "f*", "F", "B", "B*", "b", "b*"):
            for p in paths:
                out.fills.append(_box(p))
                out.ink.append(_box(p))
            paths = []
        elif op in ("S", "s"):
            for p in paths:
                out.strokes.append((p, lw * MM))
                x0, y0, x1, y1 = _box(p)
                half = lw * MM / 2
                out.ink.append((x0 - half, y0 - half, x1 + half, y1 + half))
                if len(p) == 5 and _is_rect(p):
                    out.rects.append(_box(p))
            paths = []
        elif op == "n":
            paths = []
        elif op == "Tm" and len(args) >= 6:
            tm = tuple(args[-6:])
        elif op == "Tf" and len(args) >= 2:
            size = float(args[-1])
        elif op in ("Tj", "TJ") and size:
            x, y = flip(apply(mul(tm, ctm), 0.0, 0.0))
            out.ink.append((x, y - size * MM, x + size * MM * 0.2, y + size * MM * 0.3))  # the origin's neighbourhood
    return out


def _page_size(page) -> tuple[float, float]:
    """The page's media box in mm (a print-and-cut page is never turned)."""
    box = page.mediabox
    return float(box.width) * MM, float(box.height) * MM


def _box(points) -> tuple[float, float, float, float]:
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return min(xs), min(ys), max(xs), max(ys)


def _is_rect(p) -> bool:
    xs, ys = {round(q[0], 3) for q in p}, {round(q[1], 3) for q in p}
    return len(xs) == 2 and len(ys) == 2


NUM = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
INKSCAPE = "{http://www.inkscape.org/namespaces/inkscape}"


def svg_layers(data: bytes) -> tuple[float, float, dict[str, Drawing]]:
    """The page size and, by Inkscape layer label, what each layer draws (rects, and paths of M/L)."""
    root = ET.fromstring(data)
    vb = [float(v) for v in NUM.findall(root.get("viewBox", ""))]
    width, height = (vb[2], vb[3]) if len(vb) == 4 else (0.0, 0.0)
    layers: dict[str, Drawing] = {}

    def visit(el, d: Drawing, dx: float, dy: float):
        for child in el:
            tag = child.tag.rsplit("}", 1)[-1]
            ox, oy = dx, dy
            t = child.get("transform", "")
            m = re.fullmatch(r"\s*translate\(\s*([-+\d.eE]+)[\s,]+([-+\d.eE]+)\s*\)\s*", t)
            if m:
                ox, oy = dx + float(m.group(1)), dy + float(m.group(2))
            fill = INK_NAMES.get(child.get("fill", ""), child.get("fill"))
            stroke = child.get("stroke")
            width_ = float(child.get("stroke-width", "0") or 0)
            if tag == "rect":
                x, y = float(child.get("x", 0)) + ox, float(child.get("y", 0)) + oy
                box = (x, y, x + float(child.get("width")), y + float(child.get("height")))
                if fill not in (None, "none"):
                    d.fills.append(box)
                if stroke not in (None, "none") and width_ > 0:
                    d.rects.append(box)
                d.ink.append(box)
            elif tag == "path":
                nums = [float(v) for v in NUM.findall(child.get("d", ""))]
                points = [(nums[k] + ox, nums[k + 1] + oy) for k in range(0, len(nums) - 1, 2)]
                if points:
                    if stroke not in (None, "none") and width_ > 0 and fill in (None, "none"):
                        d.strokes.append((points, width_))
                    d.ink.append(_box(points))
            elif tag == "g":
                visit(child, d, ox, oy)

    for g in root:
        if g.tag.rsplit("}", 1)[-1] == "g" and g.get(INKSCAPE + "groupmode") == "layer":
            d = layers.setdefault(g.get(INKSCAPE + "label", ""), Drawing(width, height))
            visit(g, d, 0.0, 0.0)
    return width, height, layers


def dxf_squares(path, height: float) -> tuple[list[tuple[float, float, float, float]], list[str]]:
    """The closed four-cornered polylines of a DXF, in mm, y down on a page of ``height``; the layers."""
    import ezdxf

    from .measure import quiet

    with quiet("ezdxf"):
        doc = ezdxf.readfile(str(path))
    out, layers = [], set()
    for e in doc.modelspace():
        layers.add(e.dxf.layer)
        if e.dxftype() == "LWPOLYLINE":
            pts = [(p[0], height - p[1]) for p in e.get_points("xy")]
            if e.closed:
                pts.append(pts[0])
            out.append(_box(pts))
        elif e.dxftype() == "LINE":
            s, t = e.dxf.start, e.dxf.end
            out.append(_box([(s.x, height - s.y), (t.x, height - t.y)]))
    return out, sorted(layers)


# -- the checks -------------------------------------------------------------------------------------

def expected_marks(a: dict) -> dict[str, tuple]:
    """The marks the manifest's figures say the page holds: tag → ("square", box) or ("l", corner,
    end of the horizontal arm, end of the vertical arm, stroke)."""
    marks = a.get("marks")
    if marks not in ("type1", "four-l"):
        return {}
    w, h = a["page_mm"]
    i, arm, stroke, sq = a["marks_inset_mm"], a["mark_arm_mm"], a["mark_stroke_mm"], a.get("mark_square_mm", 0.0)
    r, b = w - i, h - i

    def l_mark(x, y, hx, vy):
        return ("l", (x, y), (x + hx * arm, y), (x, y + vy * arm), stroke)

    out = {"regmark-tl": ("square", (i, i, i + sq, i + sq)) if marks == "type1" else l_mark(i, i, 1, 1),
           "regmark-tr": l_mark(r, i, -1, 1), "regmark-bl": l_mark(i, b, 1, -1)}
    if marks == "four-l":
        out["regmark-br"] = l_mark(r, b, -1, -1)
    return out


def _near(p, q, tol=TOL) -> bool:
    return math.dist(p, q) <= tol


def find_marks(a: dict, d: Drawing) -> tuple[list[str], list[str]]:
    """Each expected mark found on the drawing (its text for the ok line), or what is wrong."""
    found, wrong = [], []
    for tag, want in expected_marks(a).items():
        if want[0] == "square":
            box = want[1]
            hit = [f for f in d.fills if all(abs(u - v) <= TOL for u, v in zip(f, box))]
            if hit:
                found.append(f"{tag} square {mm(box[2] - box[0])} mm at {mm(box[0])}, {mm(box[1])}")
            else:
                wrong.append(f"{tag}: no filled square of {mm(box[2] - box[0])} mm at {mm(box[0])}, {mm(box[1])} mm "
                             f"(within {TOL:g} mm)")
            continue
        _, corner, h_end, v_end, stroke = want
        hit = [(p, w) for p, w in d.strokes if len(p) == 3 and _near(p[1], corner)
               and ((_near(p[0], h_end) and _near(p[2], v_end))
                                                   or (_near(p[0], v_end) and _near(p[2], h_end)))]
        if not hit:
            wrong.append(f"{tag}: no L mark with its corner at {mm(corner[0])}, {mm(corner[1])} mm and arms of "
                         f"{mm(math.dist(corner, h_end))} mm (within {TOL:g} mm)")
        elif abs(hit[0][1] - stroke) > 0.01:
            wrong.append(f"{tag}: its stroke is {mm(hit[0][1])} mm, the profile's {mm(stroke)} mm")
        else:
            found.append(f"{tag} L at {mm(corner[0])}, {mm(corner[1])}")
    return found, wrong


def registered(a: dict, faces: list[tuple], cuts: list[tuple]) -> list[str]:
    """What is wrong between the printed faces and the cut squares: each cut square the tile's side,
    with a face whose centre is within 0.05 mm of its own and which runs the bleed past it."""
    side, bleed = a["tile_mm"], a.get("face_bleed_mm", 0.0)
    wrong = []
    centres = [((f[0] + f[2]) / 2, (f[1] + f[3]) / 2, f) for f in faces]
    for c in cuts:
        w, h = c[2] - c[0], c[3] - c[1]
        if abs(w - side) > 0.01 or abs(h - side) > 0.01:
            wrong.append(f"a cut square of {mm(w)} × {mm(h)} mm at {mm(c[0])}, {mm(c[1])}: the tile is {mm(side)} mm")
            continue
        cx, cy = (c[0] + c[2]) / 2, (c[1] + c[3]) / 2
        near = [f for x, y, f in centres if math.hypot(x - cx, y - cy) <= TOL]
        if not near:
            wrong.append(f"the cut square at {mm(c[0])}, {mm(c[1])} mm has no printed face within {TOL:g} mm")
        elif abs((near[0][2] - near[0][0]) - (side + 2 * bleed)) > 0.01:
            wrong.append(f"the face at {mm(near[0][0])}, {mm(near[0][1])} mm is {mm(near[0][2] - near[0][0])} mm wide: "
                         f"the tile with its bleed is {mm(side + 2 * bleed)} mm")
    return wrong


def faces_of(a: dict, d: Drawing) -> list[tuple]:
    """The printed faces: filled squares of the tile's side with its bleed."""
    want = a["tile_mm"] + 2 * a.get("face_bleed_mm", 0.0)
    return [f for f in d.fills if abs(f[2] - f[0] - want) <= 0.05 and abs(f[3] - f[1] - want) <= 0.05]


def within(a: dict, boxes: list[tuple], width: float, height: float) -> list[str]:
    """The tiles (with their bleed) within the page, and within the profile's area."""
    if not boxes:
        return []
    x0, y0 = min(b[0] for b in boxes), min(b[1] for b in boxes)
    x1, y1 = max(b[2] for b in boxes), max(b[3] for b in boxes)
    wrong = []
    if x0 < -1e-6 or y0 < -1e-6 or x1 > width + 1e-6 or y1 > height + 1e-6:
        wrong.append(f"the tiles span {mm(x0)}–{mm(x1)} × {mm(y0)}–{mm(y1)} mm, off the page of "
                     f"{mm(width)} × {mm(height)} mm")
    area = a.get("area_mm")
    if area and (x1 - x0 > area[0] + 1e-6 or y1 - y0 > area[1] + 1e-6):
        wrong.append(f"the tiles span {mm(x1 - x0)} × {mm(y1 - y0)} mm, more than the profile's area of "
                     f"{mm(area[0])} × {mm(area[1])} mm")
    return wrong


def clear_of_marks(a: dict, d: Drawing) -> list[str]:
    """Nothing but the marks printed within the clearance of a mark."""
    clear = a.get("mark_clear_mm")
    marks = expected_marks(a)
    if not marks or clear is None:
        return []
    zones = []
    for want in marks.values():
        if want[0] == "square":
            x0, y0, x1, y1 = want[1]
        else:
            pts = want[1:4]
            x0, y0, x1, y1 = _box(pts)
            x0, y0, x1, y1 = x0 - want[4] / 2, y0 - want[4] / 2, x1 + want[4] / 2, y1 + want[4] / 2
        zones.append((x0 - clear, y0 - clear, x1 + clear, y1 + clear, (x0, y0, x1, y1)))
    wrong = []
    for box in d.ink:
        for zx0, zy0, zx1, zy1, mark in zones:
            inside_mark = all(abs(u - v) <= TOL for u, v in zip(box, mark)) or (
                mark[0] - TOL <= box[0] and box[2] <= mark[2] + TOL and mark[1] - TOL <= box[1]
                and box[3] <= mark[3] + TOL)
            if inside_mark:
                continue
            if box[0] < zx1 and box[2] > zx0 and box[1] < zy1 and box[3] > zy0:
                wrong.append(f"something printed at {mm(box[0])}, {mm(box[1])} mm is within {mm(clear)} mm of the "
                             f"mark at {mm(mark[0])}, {mm(mark[1])} mm")
                break
    return wrong[:3]


def check_cutter_pdf(report, a: dict, pages) -> None:
    rel = a["path"]
    for n, page in enumerate(pages, 1):
        w, h = _page_size(page)
        d = pdf_drawing(page, w, h)
        _check_drawing(report, rel, a, d, d, d, f"page {n}: ")


def check_cutter_svg(report, a: dict, data: bytes) -> None:
    rel = a["path"]
    try:
        w, h, layers = svg_layers(data)
    except ET.ParseError as exc:
        report.fail(rel, f"not XML: {exc}")
        return
    want = ["Print", "Cut"] + (["Regmarks"] if expected_marks(a) else [])
    if list(layers) != want:
        report.fail(rel, f"its layers are {', '.join(layers) or 'none'}: a print-and-cut SVG has {', '.join(want)}")
        return
    marks = layers.get("Regmarks", Drawing(w, h))
    _check_drawing(report, rel, a, layers["Print"], layers["Cut"], marks, "")


def _check_drawing(report, rel: str, a: dict, printed: Drawing, cut: Drawing, marks: Drawing, where: str) -> None:
    pw, ph = a["page_mm"]
    if abs(printed.width - pw) > 0.01 or abs(printed.height - ph) > 0.01:
        report.fail(rel, f"{where}{mm(printed.width)} × {mm(printed.height)} mm, the manifest says "
                         f"{mm(pw)} × {mm(ph)} mm")
    found, wrong = find_marks(a, marks)
    for line in wrong:
        report.fail(rel, where + line)
    if found and not wrong:
        report.ok(rel, f"{where}marks {'; '.join(found)} mm, as the profile's (within {TOL:g} mm)")
    if marks is printed:  # the print PDF: no cut lines; its faces within the page and clear of the marks
        faces = faces_of(a, printed)
        problems = within(a, faces, pw, ph) + clear_of_marks(a, printed)
        for line in problems:
            report.fail(rel, where + line)
        if not problems:
            report.ok(rel, f"{where}{len(faces)} faces of {mm(a['tile_mm'])} mm + {mm(a.get('face_bleed_mm', 0))} mm "
                           f"bleed, within the page and clear of the marks")
        return
    faces = faces_of(a, printed)
    wrong = registered(a, faces, cut.rects) + within(a, faces, pw, ph) + clear_of_marks(a, printed)
    if len(cut.rects) != len(faces):
        wrong.append(f"{len(cut.rects)} cut squares and {len(faces)} printed faces")
    for line in wrong[:5]:
        report.fail(rel, where + line)
    if not wrong:
        report.ok(rel, f"{where}{len(cut.rects)} cut squares of {mm(a['tile_mm'])} mm, each on its printed face "
                       f"(centres within {TOL:g} mm)")


def check_cutter_dxf(report, ctx, a: dict, path) -> None:
    """The DXF's cut squares: as many as the tiles of its page, each on a face of the page's print (the
    PDF's page, or the SVG's of the same page, from the manifest)."""
    rel = a["path"]
    pw, ph = a["page_mm"]
    try:
        squares, layers = dxf_squares(path, ph)
    except Exception as exc:  # noqa: BLE001
        report.fail(rel, f"ezdxf cannot read it: {str(exc)[:100]}")
        return
    n = a.get("page", 1)
    faces = _print_faces(ctx, a, n)
    if faces is None:
        report.fail(rel, "no print file of its page in the manifest to register it on")
        return
    wrong = registered(a, faces, squares)
    count = a.get("tiles", 0) + a.get("spares", 0)
    if len(squares) != count:
        wrong.insert(0, f"{len(squares)} cut squares, the manifest says {count} tiles on its page")
    for line in wrong[:5]:
        report.fail(rel, line)
    if not wrong:
        report.ok(rel, f"{len(squares)} cut squares of {mm(a['tile_mm'])} mm on layers {', '.join(layers)}, each on "
                       f"its printed face (centres within {TOL:g} mm)")


def _print_faces(ctx, a: dict, n: int):
    import pypdf

    for b in ctx.manifest["artifacts"]:
        if b.get("kind") != "cutter" or b.get("cutter") != a.get("cutter") or b.get("paper") != a.get("paper"):
            continue
        path = ctx.folder / b["path"]
        try:
            if b["format"] == "pdf":
                page = pypdf.PdfReader(str(path)).pages[n - 1]
                w, h = _page_size(page)
                return faces_of(a, pdf_drawing(page, w, h))
            if b["format"] == "svg" and b.get("page") == n:
                _, _, layers = svg_layers(path.read_bytes())
                return faces_of(a, layers.get("Print", Drawing(0, 0)))
        except Exception:  # noqa: BLE001 - that file's own checks say what is wrong with it
            continue
    return None


def checks(report, ctx, a: dict, data: bytes, path) -> bool:
    """The print-and-cut product's checks of a file (the cutter's record in :mod:`printkit.products`); its PDF
    and SVG pages get their format's checks too, its DXF and PNG files these alone; its files' previews, their
    format's."""
    if a.get("kind") != "cutter":
        return True
    check_cutter(report, ctx, a, data, path)
    return a["format"] in ("pdf", "svg")


def check_cutter(report, ctx, a: dict, data: bytes, path) -> None:
    """The checks of a print-and-cut file by its format."""
    fmt = a.get("format")
    if a.get("sheet") == "instructions":  # a page of steps: the PDF's own checks are all it needs
        return
    try:
        if fmt == "pdf":
            import io

            import pypdf

            check_cutter_pdf(report, a, pypdf.PdfReader(io.BytesIO(data)).pages)
        elif fmt == "svg":
            check_cutter_svg(report, a, data)
        elif fmt == "dxf":
            check_cutter_dxf(report, ctx, a, path)
        elif fmt == "png":
            check_cutter_png(report, a, data)
    except (KeyError, TypeError, ValueError) as exc:
        report.fail(a["path"], f"its print-and-cut figures cannot be checked: {type(exc).__name__} {str(exc)[:80]}")
    except Exception as exc:  # noqa: BLE001 - a broken file is a FAIL line, never a crash
        report.fail(a["path"], f"cannot be read as {fmt}: {type(exc).__name__} {str(exc)[:80]}")


def check_cutter_png(report, a: dict, data: bytes) -> None:
    """The image's pixels and resolution give the page's size (within a pixel); each tile's face is
    opaque where the tiles are and nothing else is (the share of opaque pixels is the tiles' share of
    the page, within 1 %; an image opaque all over is a background the software would cut round)."""
    import io

    from PIL import Image

    rel = a["path"]
    image = Image.open(io.BytesIO(data))
    dpi = a["dpi"]
    got = image.info.get("dpi")
    w, h = a["page_mm"]
    want = (round(w * dpi / 25.4), round(h * dpi / 25.4))
    wrong = []
    if got is None or abs(got[0] - dpi) > 0.5 or abs(got[1] - dpi) > 0.5:
        wrong.append(f"its resolution is {got or 'not written'}, the manifest says {dpi} dpi")
    if image.size != want:
        wrong.append(f"{image.size[0]} × {image.size[1]} px, {mm(w)} × {mm(h)} mm at {dpi} dpi is "
                     f"{want[0]} × {want[1]} px")
    if image.mode != "RGBA":
        wrong.append(f"its pixels are {image.mode}, with no transparency")
    if not wrong:
        alpha = image.getchannel("A")
        opaque = sum(alpha.histogram()[128:]) / (want[0] * want[1])
        tiles = (a.get("tiles", 0) + a.get("spares", 0)) * (a["tile_mm"] + 2 * a.get("face_bleed_mm", 0.0)) ** 2
        share = tiles / (w * h)
        if opaque > 0.995:  # a background: the cutter's software would cut round the image, not each face
            wrong.append("it is opaque all over: the cutter's software would cut round the whole image, not each "
                         "tile")
        elif abs(opaque - share) > 0.01:
            wrong.append(f"{opaque:.1%} of it is opaque, the tiles' faces are {share:.1%} of the page")
    for line in wrong:
        report.fail(rel, line)
    if not wrong:
        report.ok(rel, f"{want[0]} × {want[1]} px at {dpi} dpi ({mm(w)} × {mm(h)} mm), transparent between "
                       f"the tiles, {opaque:.1%} opaque as the faces of its tiles")


__all__ = ["check_cutter", "check_cutter_dxf", "check_cutter_pdf", "check_cutter_svg", "expected_marks", "pdf_drawing",
           "svg_layers"]
