"""An SVG interpreter: the file read as XML into the shapes it draws, in the root's user units (mm),
with their paint, Inkscape layer, boxes, straight lines and curves (path data parsed here)."""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field

from .measure import CUT_OPS, IDENTITY, INKSCAPE_NS, LASER_LAYERS, Square, apply, mul


@dataclass
class Shape:
    """A drawn SVG element, in the root's user units (mm): its paint, and what geometry needs."""

    tag: str
    layer: str | None  # the label of the Inkscape layer it is in
    fill: str | None  # "#rrggbb" (or a name), None for none
    stroke: str | None
    width: float  # stroke width, mm
    square: Square | None = None  # a <rect>'s box and sides
    box: tuple[float, float, float, float] | None = None  # (x0, y0, x1, y1)
    lines: list[tuple[tuple[float, float], tuple[float, float]]] = field(default_factory=list)
    curves: list[tuple] = field(default_factory=list)  # curves and circles, each as a rounded key
    hull: tuple | None = None  # (path data, matrix) while ``box`` is that of the control points, not the curve

    def exact_box(self) -> tuple[float, float, float, float] | None:
        """The box of the curve itself: narrower than the control points' where a curve bends inwards."""
        if self.hull is not None:
            d, m = self.hull
            self.hull = None
            _path_geometry(self, [(k, *(apply(m, *p) for p in pts)) for k, *pts in _path_segments(d)])
        return self.box


NOT_DRAWN = {"defs", "clipPath", "mask", "pattern", "symbol", "marker", "metadata", "title", "desc", "style",
              "script", "linearGradient", "radialGradient", "filter"}
_SHAPES = {"rect", "line", "path", "circle", "ellipse", "polyline", "polygon"}
_NAMED = {"black": "#000000", "white": "#ffffff", "red": "#ff0000", "blue": "#0000ff", "lime": "#00ff00",
          "green": "#008000", "yellow": "#ffff00"}
NUMBER = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")


def local_name(tag) -> str:
    return tag.rsplit("}", 1)[-1] if isinstance(tag, str) else ""


def _colour(value: str | None) -> str | None:
    if value is None:
        return None
    v = value.strip().lower()
    if v in ("none", "transparent", ""):
        return None
    if re.fullmatch(r"#[0-9a-f]{3}", v):
        return "#" + "".join(c * 2 for c in v[1:])
    m = re.fullmatch(r"rgb\(\s*(\d+)\s*,\s*(\d+)\s*,\s*(\d+)\s*\)", v)
    if m:
        return "#" + "".join(f"{min(int(g), 255):02x}" for g in m.groups())
    return _NAMED.get(v, v)


def _float(value, default: float = 0.0) -> float:
    m = NUMBER.match(str(value).strip()) if value is not None else None
    return float(m.group(0)) if m else default


def transform(text: str | None):
    """An SVG transform list as one matrix (a, b, c, d, e, f)."""
    m = IDENTITY
    for name, args in re.findall(r"(matrix|translate|scale|rotate|skewX|skewY)\s*\(([^)]*)\)", text or ""):
        v = [float(x) for x in NUMBER.findall(args)]
        if name == "matrix" and len(v) == 6:
            t = tuple(v)
        elif name == "translate" and v:
            t = (1.0, 0.0, 0.0, 1.0, v[0], v[1] if len(v) > 1 else 0.0)
        elif name == "scale" and v:
            t = (v[0], 0.0, 0.0, v[1] if len(v) > 1 else v[0], 0.0, 0.0)
        elif name == "rotate" and v:
            c, s = math.cos(math.radians(v[0])), math.sin(math.radians(v[0]))
            cx, cy = (v[1], v[2]) if len(v) == 3 else (0.0, 0.0)
            t = mul(mul((1.0, 0.0, 0.0, 1.0, -cx, -cy), (c, s, -s, c, 0.0, 0.0)), (1.0, 0.0, 0.0, 1.0, cx, cy))
        elif name in ("skewX", "skewY") and v:
            k = math.tan(math.radians(v[0]))
            t = (1.0, 0.0, k, 1.0, 0.0, 0.0) if name == "skewX" else (1.0, k, 0.0, 1.0, 0.0, 0.0)
        else:
            continue
        m = mul(t, m)
    return m


def _paint(el, inherited: dict) -> dict:
    paint = dict(inherited)
    for key in ("fill", "stroke", "stroke-width"):
        if el.get(key) is not None:
            paint[key] = el.get(key)
    for decl in (el.get("style") or "").split(";"):
        if ":" in decl:
            key, value = (p.strip() for p in decl.split(":", 1))
            if key in ("fill", "stroke", "stroke-width"):
                paint[key] = value
    return paint


def read_svg(data: bytes, geometry: bool) -> tuple[ET.Element, list[Shape], int]:
    """The root, the drawn shapes (with boxes, lines and curves when ``geometry``) and the number of
    ``<text>`` elements (anywhere in the file)."""
    root = ET.fromstring(data)
    texts = sum(1 for el in root.iter() if local_name(el.tag) in ("text", "tspan", "textPath"))
    shapes: list[Shape] = []

    def visit(el, m, paint: dict, layer: str | None) -> None:
        tag = local_name(el.tag)
        if tag in NOT_DRAWN:
            return
        m = mul(transform(el.get("transform")), m)
        paint = _paint(el, paint)
        if tag == "g" and el.get(INKSCAPE_NS + "groupmode") == "layer":
            layer = el.get(INKSCAPE_NS + "label") or el.get("id")
        if tag in _SHAPES:
            scale = math.sqrt(abs(m[0] * m[3] - m[1] * m[2]))
            shape = Shape(tag, layer, _colour(paint.get("fill", "black")), _colour(paint.get("stroke")),
                          _float(paint.get("stroke-width"), 1.0) * scale)
            _geometry(el, tag, m, shape, geometry, cut=LASER_LAYERS.get(layer or "") in CUT_OPS)
            shapes.append(shape)
        for child in el:
            visit(child, m, paint, layer)

    for child in root:
        visit(child, IDENTITY, {}, None)
    return root, shapes, texts


_ABSOLUTE = re.compile(r"[MLQCZ0-9.eE+\-\s,]*")  # path data of absolute moves, lines and curves only


def _geometry(el, tag: str, m, shape: Shape, full: bool, cut: bool = False) -> None:
    """The shape's square (a <rect>) and, when ``full``, its box, straight lines and curves, in mm.
    A path that is not cut gets the box of its points and control points (a box at least as
    large as the curve's; :meth:`Shape.exact_box` narrows it)."""
    f = _float
    if tag == "rect":
        x, y, w, h = f(el.get("x")), f(el.get("y")), f(el.get("width")), f(el.get("height"))
        corners = [apply(m, px, py) for px, py in ((x, y), (x + w, y), (x + w, y + h), (x, y + h))]
        xs, ys = [p[0] for p in corners], [p[1] for p in corners]
        shape.square = Square(min(xs), min(ys), max(xs), max(ys), math.dist(corners[0], corners[1]),
                              math.dist(corners[0], corners[3]))
        if full:
            shape.box = (min(xs), min(ys), max(xs), max(ys))
            shape.lines = list(zip(corners, corners[1:] + corners[:1]))
        return
    if not full:
        return
    if tag in ("circle", "ellipse"):
        cx, cy = f(el.get("cx")), f(el.get("cy"))
        rx = f(el.get("r")) if tag == "circle" else f(el.get("rx"))
        ry = f(el.get("r")) if tag == "circle" else f(el.get("ry"))
        # the box of the transformed ellipse: exact for any affine map
        ex, ey = math.hypot(m[0] * rx, m[2] * ry), math.hypot(m[1] * rx, m[3] * ry)
        px, py = apply(m, cx, cy)
        shape.box = (px - ex, py - ey, px + ex, py + ey)
        shape.curves = [("ellipse", round(px, 3), round(py, 3), round(ex, 3), round(ey, 3))]
        return
    if tag == "line":
        a = apply(m, f(el.get("x1")), f(el.get("y1")))
        b = apply(m, f(el.get("x2")), f(el.get("y2")))
        segments = [("L", a, b)]
    elif tag in ("polyline", "polygon"):
        v = [float(x) for x in NUMBER.findall(el.get("points") or "")]
        pts = [apply(m, v[i], v[i + 1]) for i in range(0, len(v) - 1, 2)]
        if tag == "polygon" and pts:
            pts.append(pts[0])
        segments = [("L", a, b) for a, b in zip(pts, pts[1:])]
    else:
        d = el.get("d") or ""
        if not cut and _ABSOLUTE.fullmatch(d):
            v = [float(x) for x in NUMBER.findall(d)]
            pts = [apply(m, v[i], v[i + 1]) for i in range(0, len(v) - 1, 2)]
            if pts:
                shape.box = (min(p[0] for p in pts), min(p[1] for p in pts), max(p[0] for p in pts),
                             max(p[1] for p in pts))
                shape.hull = (d, m)
            return
        segments = [(k, *(apply(m, *p) for p in pts)) for k, *pts in _path_segments(d)]
    _path_geometry(shape, segments)


def _path_geometry(shape: Shape, segments: list[tuple]) -> None:
    """The lines, curves and box of a shape from its segments (in mm)."""
    xs: list[float] = []
    ys: list[float] = []
    for seg in segments:
        pts = seg[1:]
        if seg[0] == "L":
            shape.lines.append((pts[0], pts[1]))
            xs += [pts[0][0], pts[1][0]]
            ys += [pts[0][1], pts[1][1]]
        else:
            key = tuple(round(c, 3) for p in pts for c in p)
            back = tuple(round(c, 3) for p in reversed(pts) for c in p)
            shape.curves.append(("C",) + min(key, back))
            for axis, out in ((0, xs), (1, ys)):
                out.extend(_cubic_range(*(p[axis] for p in pts)))
    if xs:
        shape.box = (min(xs), min(ys), max(xs), max(ys))


def _cubic_range(p0: float, p1: float, p2: float, p3: float) -> tuple[float, float]:
    """The least and greatest value a cubic Bézier takes on one axis."""
    values = [p0, p3]
    a = -p0 + 3 * p1 - 3 * p2 + p3
    b = 2 * (p0 - 2 * p1 + p2)
    c = p1 - p0
    roots = []
    if abs(a) < 1e-12:
        if abs(b) > 1e-12:
            roots = [-c / b]
    else:
        disc = b * b - 4 * a * c
        if disc >= 0:
            r = math.sqrt(disc)
            roots = [(-b + r) / (2 * a), (-b - r) / (2 * a)]
    for t in roots:
        if 0 < t < 1:
            u = 1 - t
            values.append(u ** 3 * p0 + 3 * u * u * t * p1 + 3 * u * t * t * p2 + t ** 3 * p3)
    return min(values), max(values)


_PATH_TOKEN = re.compile(r"([MmLlHhVvCcSsQqTtAaZz])|([-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)")
_ARGS = {"M": 2, "L": 2, "H": 1, "V": 1, "C": 6, "S": 4, "Q": 4, "T": 2, "A": 7, "Z": 0}


def _path_segments(d: str) -> list[tuple]:
    """Path data as segments in user units: ("L", a, b), or ("C", a, c1, c2, b) for every curve (a
    quadratic raised to a cubic). Arcs count as the straight line between their ends."""
    out: list[tuple] = []
    cmd = None
    nums: list[float] = []
    items: list[tuple[str, list[float]]] = []
    for letter, number in _PATH_TOKEN.findall(d):
        if letter:
            if cmd is not None:
                items.append((cmd, nums))
            cmd, nums = letter, []
        else:
            nums.append(float(number))
    if cmd is not None:
        items.append((cmd, nums))
    here = start = (0.0, 0.0)
    last_c = last_q = None  # the previous curve's second control point, for S and T
    for letter, nums in items:
        op, rel = letter.upper(), letter.islower()
        n = _ARGS[op]
        groups = [nums[i:i + n] for i in range(0, len(nums) - n + 1, n)] if n else [[]]
        for k, g in enumerate(groups):
            def pt(i: int) -> tuple[float, float]:
                return (here[0] + g[i], here[1] + g[i + 1]) if rel else (g[i], g[i + 1])
            this = op if not (op == "M" and k > 0) else "L"  # pairs after a moveto are linetos
            c2 = q = None
            if this == "M":
                here = start = pt(0)
            elif this == "L":
                out.append(("L", here, pt(0)))
                here = pt(0)
            elif this == "H":
                end = ((here[0] if rel else 0.0) + g[0], here[1])
                out.append(("L", here, end))
                here = end
            elif this == "V":
                end = (here[0], (here[1] if rel else 0.0) + g[0])
                out.append(("L", here, end))
                here = end
            elif this in ("C", "S"):
                if this == "C":
                    c1, c2, end = pt(0), pt(2), pt(4)
                else:
                    c1 = (2 * here[0] - last_c[0], 2 * here[1] - last_c[1]) if last_c else here
                    c2, end = pt(0), pt(2)
                out.append(("C", here, c1, c2, end))
                here = end
            elif this in ("Q", "T"):
                if this == "Q":
                    q, end = pt(0), pt(2)
                else:
                    q = (2 * here[0] - last_q[0], 2 * here[1] - last_q[1]) if last_q else here
                    end = pt(0)
                out.append(("C", here, (here[0] + 2 * (q[0] - here[0]) / 3, here[1] + 2 * (q[1] - here[1]) / 3),
                            (end[0] + 2 * (q[0] - end[0]) / 3, end[1] + 2 * (q[1] - end[1]) / 3), end))
                here = end
            elif this == "A":
                end = pt(5)
                out.append(("L", here, end))
                here = end
            elif this == "Z":
                if here != start:
                    out.append(("L", here, start))
                here = start
            last_c, last_q = c2, q
    return out
