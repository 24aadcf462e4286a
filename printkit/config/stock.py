"""Label stocks for tile stickers (``templates/labels/*.yaml``, a user's YAML file, or a glabels
template XML file): the paper, each label's size and shape, and where the labels are. Every
problem is one line ``file:line:col: what``: labels that overlap, run off the paper or number zero,
a glabels file that is not one."""

from __future__ import annotations

import re
import xml.parsers.expat
from dataclasses import dataclass, field
from pathlib import Path

from ..inputs import read_input
from ..model import LabelStock, StickerOptions
from ..paths import shown
from ..report import exception_text, quoted
from .options import Option, parsed, read
from .profiles import STOCKS
from .reader import Problems
from .sizes import MAX_PAPER, MIN_PAPER, parse_paper
from .sources import base_of
from .yamlsrc import Mark

MIN_LABEL_MM = 9.0  # the smallest tile the sheets draw a legible letter on (the 9 mm tiles)
MAX_XML = 4_000_000  # bytes: a glabels file of one stock is a few kilobytes
TOL = 1e-6


def _mm(key: str, help: str, default, lo: float, hi: float) -> Option:
    return Option(key, "mm", help, default, lo, hi, unit="mm")


STOCK_OPTIONS: tuple[Option, ...] = (
    Option("name", "text", "the stock's name", shown="the file's name"),
    Option("title", "text", "the stock as its maker names it", shown="the name"),
    Option("source", "text", "where its figures come from", ""),
    Option("paper", "paper", "A4, Letter…, or WxH in mm", "A4"),
    Option("shape", "choice", "rectangle (corners rounded by corner_mm) or round", "rectangle",
           choices=("rectangle", "round")),
    _mm("width_mm", "a label's width (a round label's diameter)", None, 0.1, 500),
    _mm("height_mm", "a label's height", None, 0.1, 500),
    _mm("corner_mm", "the radius of a rectangle's corners", 0.0, 0, 250),
    Option("columns", "whole", "labels across", None, 0, 100),
    Option("rows", "whole", "labels down", None, 0, 100),
    _mm("left_mm", "the first label's left edge from the paper's", None, 0, 2000),
    _mm("top_mm", "the first label's top edge from the paper's", None, 0, 2000),
    _mm("pitch_x_mm", "from one label's left edge to the next one's", None, 0.1, 2000),
    _mm("pitch_y_mm", "from one label's top edge to the next one's below", None, 0.1, 2000),
)
NEEDED = ("width_mm", "height_mm", "columns", "rows", "left_mm", "top_mm", "pitch_x_mm", "pitch_y_mm")


def stocks_dir() -> Path:
    return SHELF.folder()


SHELF = STOCKS


def stock_names() -> list[str]:
    return SHELF.names()


def find_stock(ref: str, base: Path) -> Path | None:
    """The stock a name (``OL3008``) or a path (a ``.yaml`` stock or a glabels ``.xml``) means."""
    return SHELF.find(ref, base)


def load_stock(ref: str, base: Path, where: Mark | str, problems: Problems) -> LabelStock | None:
    path = SHELF.locate(ref, base, where, problems)
    if path is None:
        return None
    if path.suffix.lower() == ".xml":
        return _glabels(path, problems)
    root = SHELF.open(path, problems)
    if root is None:
        return None
    before = len(problems.items)
    v = read(root, problems, "a label stock", STOCK_OPTIONS, {"paper": parsed(parse_paper)})
    for key in NEEDED:
        if key not in v.marks and len(problems.items) == before:
            problems.add(root.mark, f"a label stock has no '{key}'")
    if len(problems.items) > before:
        return None
    name = SHELF.name(v["name"], v.marks.get("name", root.mark), path, problems)
    if name is None:
        return None
    paper = v["paper"] if not isinstance(v["paper"], str) else parse_paper(v["paper"])
    stock = LabelStock(name=name, title=v["title"] or name, source=v["source"],
                       paper=paper.name, paper_w=paper.width_mm, paper_h=paper.height_mm, shape=v["shape"],
                       width=v["width_mm"], height=v["width_mm"] if v["shape"] == "round" else v["height_mm"],
                       corner=v["corner_mm"], cols=v["columns"], rows=v["rows"], left=v["left_mm"], top=v["top_mm"],
                       pitch_x=v["pitch_x_mm"], pitch_y=v["pitch_y_mm"], file=shown(path))
    marks = {k: str(m) for k, m in v.marks.items()}
    return _checked(stock, lambda key: marks.get(key, str(root.mark)), problems)


def _checked(stock: LabelStock, at, problems: Problems) -> LabelStock | None:
    """The stock, or None after one problem: labels that number zero, overlap, run off the paper,
    round labels that are not circles, corners larger than the label."""
    s = stock
    if s.cols < 1 or s.rows < 1:
        key = "columns" if s.cols < 1 else "rows"
        problems.add(at(key), f"a stock of {s.cols} × {s.rows} labels has no label: give columns and rows of 1 or more")
        return None
    if s.shape == "round" and abs(s.width - s.height) > TOL:
        problems.add(at("height_mm"), f"a round label of {s.width:g} × {s.height:g} mm is no circle: give one "
                                      f"width_mm, its diameter")
        return None
    if s.corner * 2 > min(s.width, s.height) + TOL:
        problems.add(at("corner_mm"), f"corners of {s.corner:g} mm are more than half the {min(s.width, s.height):g} "
                                      f"mm label")
        return None
    if s.cols > 1 and s.pitch_x < s.width - TOL:
        problems.add(at("pitch_x_mm"), f"labels {s.width:g} mm wide {s.pitch_x:g} mm apart overlap: the pitch is from "
                                       f"one label's left edge to the next one's, at least the width")
        return None
    if s.rows > 1 and s.pitch_y < s.height - TOL:
        problems.add(at("pitch_y_mm"), f"labels {s.height:g} mm tall {s.pitch_y:g} mm apart overlap: the pitch is "
                                       f"from one label's top edge to the next one's, at least the height")
        return None
    right = s.left + (s.cols - 1) * s.pitch_x + s.width
    bottom = s.top + (s.rows - 1) * s.pitch_y + s.height
    if right > s.paper_w + TOL:
        problems.add(at("columns"), f"{s.cols} columns of {s.width:g} mm labels from {s.left:g} mm at a pitch of "
                                    f"{s.pitch_x:g} mm end at {right:g} mm, off the {s.paper_w:g} mm wide paper")
        return None
    if bottom > s.paper_h + TOL:
        problems.add(at("rows"), f"{s.rows} rows of {s.height:g} mm labels from {s.top:g} mm at a pitch of "
                                 f"{s.pitch_y:g} mm end at {bottom:g} mm, off the {s.paper_h:g} mm tall paper")
        return None
    return stock


# -- glabels template files --------------------------------------------------------------------------

@dataclass
class _Node:
    tag: str
    attrs: dict
    line: int
    col: int
    children: list = field(default_factory=list)


MAX_ATTR = 200  # characters of a <Template>'s brand, part, description or size: glabels' own are a few words
_OPTION = {o.key: o for o in STOCK_OPTIONS}
# a glabels length, and the range of its YAML option (a pitch may be 0 in glabels where there is one label across)
_RANGE = {"width": (0.1, 500), "height": (0.1, 500), "radius": (0.05, 250), "x0": (0, 2000), "y0": (0, 2000),
          "dx": (0, 2000), "dy": (0, 2000)}
_UNITS = {"pt": 25.4 / 72, "in": 25.4, "mm": 1.0, "cm": 10.0, "pc": 25.4 / 6, "": 25.4 / 72}
_PAPERS = {"A4": ("A4", 210.0, 297.0), "US-Letter": ("Letter", 215.9, 279.4), "A5": ("A5", 148.0, 210.0),
           "A3": ("A3", 297.0, 420.0), "US-Legal": ("Legal", 215.9, 355.6)}


def _length(text: str | None) -> float | None:
    m = re.fullmatch(r"\s*([0-9]+(?:\.[0-9]+)?|\.[0-9]+)\s*(pt|in|mm|cm|pc)?\s*", text or "")
    return None if not m else float(m.group(1)) * _UNITS[m.group(2) or ""]


def _parse_xml(path: Path, problems: Problems) -> _Node | None:
    name = shown(path)
    try:
        data = read_input(path, limit=MAX_XML)
    except OSError as exc:  # a FIFO, a device, a folder: refused, never waited on
        problems.add(name, f"cannot read the glabels template file: {exc.strerror or exc}")
        return None
    if len(data) > MAX_XML:
        problems.add(name, f"the file is more than {MAX_XML:,} bytes: the limit for a glabels template file")
        return None
    parser = xml.parsers.expat.ParserCreate()
    stack: list[_Node] = []
    top: list[_Node] = []

    def refuse(*_):  # an entity declared in the file: none in a glabels template (and no billion laughs)
        raise ValueError("it declares entities, which no glabels template has")

    def start(tag, attrs):
        node = _Node(tag, attrs, parser.CurrentLineNumber, parser.CurrentColumnNumber + 1)
        (stack[-1].children if stack else top).append(node)
        stack.append(node)

    parser.StartElementHandler = start
    parser.EndElementHandler = lambda tag: stack.pop()
    parser.EntityDeclHandler = refuse
    try:
        parser.Parse(data, True)
    except xml.parsers.expat.ExpatError as exc:
        problems.add(f"{name}:{exc.lineno}:{exc.offset + 1}", f"not a glabels template file: not XML "
                                                             f"({xml.parsers.expat.ErrorString(exc.code)})")
        return None
    except LookupError as exc:  # encoding="x-klingon": Python has no such codec
        problems.add(f"{name}:{parser.CurrentLineNumber}:{parser.CurrentColumnNumber + 1}",
                     f"not a glabels template file: {exception_text(exc)} (glabels writes UTF-8)")
        return None
    except ValueError as exc:
        problems.add(f"{name}:{parser.CurrentLineNumber}:{parser.CurrentColumnNumber + 1}",
                     f"not a glabels template file: {exception_text(exc)}")
        return None
    return top[0] if top else None


def _glabels(path: Path, problems: Problems) -> LabelStock | None:
    """The one template of a glabels XML file, as a stock (glabels' lengths: pt, in, mm, cm, pc)."""
    name = shown(path)
    root = _parse_xml(path, problems)
    if root is None:
        return None
    at = lambda n: f"{name}:{n.line}:{n.col}"  # noqa: E731
    if root.tag != "Glabels-templates":
        problems.add(at(root), f"not a glabels template file: its root is <{root.tag}>, not <Glabels-templates>")
        return None
    templates = [n for n in root.children if n.tag == "Template"]
    if len(templates) != 1:
        problems.add(at(root), f"a glabels template file for printkit holds one <Template>, not {len(templates)}: "
                               f"keep the one of your stock")
        return None
    t = templates[0]
    labels = [n for n in t.children if n.tag in ("Label-rectangle", "Label-round")]
    if len(labels) != 1:
        problems.add(at(t), "the <Template> has no <Label-rectangle> or <Label-round> (or more than one): printkit "
                            "takes a sheet of one kind of label")
        return None
    label = labels[0]
    layouts = [n for n in label.children if n.tag == "Layout"]
    if len(layouts) != 1:
        problems.add(at(label), f"the <{label.tag}> has {len(layouts)} <Layout>s: printkit takes one grid of labels")
        return None
    lay = layouts[0]
    for key in ("brand", "part", "description", "size"):
        text = t.attrs.get(key, "")
        if len(text) > MAX_ATTR:
            problems.add(at(t), f"the <Template>'s {key} is {len(text):,} characters long: the limit is {MAX_ATTR}")
            return None
    part = t.attrs.get("part") or None
    stock_name = SHELF.name(part, at(t), path, problems, called="the <Template>'s part, the stock's name,",
                            set_by="give the <Template> a part")
    if stock_name is None:
        return None
    size = t.attrs.get("size", "")
    if size in _PAPERS:
        paper, pw, ph = _PAPERS[size]
    else:
        pw, ph = _length(t.attrs.get("width")), _length(t.attrs.get("height"))
        for key, value in (("width", pw), ("height", ph)):
            if value is None and t.attrs.get(key):
                problems.add(at(t), f"the <Template>'s {key} {quoted(t.attrs[key])} is no length (a number with pt, "
                                    f"in, mm, cm or pc)")
                return None
        if pw is None or ph is None:
            problems.add(at(t), f"the <Template>'s paper {quoted(size)} is none printkit knows (A4, US-Letter, A5, "
                                f"A3, US-Legal) and it gives no width and height")
            return None
        if not (MIN_PAPER <= pw <= MAX_PAPER and MIN_PAPER <= ph <= MAX_PAPER):
            problems.add(at(t), f"the <Template>'s paper of {pw:.6g} × {ph:.6g} mm: each side must be {MIN_PAPER:g} "
                                f"to {MAX_PAPER:g} mm")
            return None
        paper = f"{pw:g}x{ph:g}"
    values = {}
    wanted = {"Label-rectangle": ("width", "height"), "Label-round": ("radius",)}[label.tag]
    for node, keys in ((label, wanted), (lay, ("x0", "y0", "dx", "dy"))):
        for key in keys:
            value = _length(node.attrs.get(key))
            if value is None:
                problems.add(at(node), f"<{node.tag}> has no length '{key}' (a number with pt, in, mm, cm or pc), "
                                       f"not {node.attrs.get(key)!r}")
                return None
            lo, hi = _RANGE[key]
            if not lo <= value <= hi:
                problems.add(at(node), f"<{node.tag}>'s {key} of {value:.6g} mm is out of range: it may be "
                                       f"{lo:g} to {hi:g} mm")
                return None
            values[key] = value
    counts = {}
    for key, option in (("nx", "columns"), ("ny", "rows")):
        text = lay.attrs.get(key, "")
        if not re.fullmatch(r"\s*[0-9]{1,4}\s*", text):
            problems.add(at(lay), f"<Layout> has no whole number '{key}', not {quoted(text)}")
            return None
        counts[key] = int(text)
        hi = _OPTION[option].hi
        if counts[key] > hi:
            problems.add(at(lay), f"<Layout>'s {key} is {counts[key]}: a sheet has at most {hi:g} {option} of labels")
            return None
    round_ = label.tag == "Label-round"
    w = 2 * values["radius"] if round_ else values["width"]
    h = w if round_ else values["height"]
    for key, count, side in (("dx", "nx", w), ("dy", "ny", h)):  # one label across (or down): glabels writes 0
        if counts[count] == 1 and values[key] == 0:
            values[key] = side
    corner = 0.0 if round_ else (_length(label.attrs.get("round")) or 0.0)
    title = f"{t.attrs.get('brand', '')} {t.attrs.get('part', '')}".strip() or stock_name
    stock = LabelStock(name=stock_name, title=title, source=f"glabels template {name}",
                       paper=paper, paper_w=pw, paper_h=ph, shape="round" if round_ else "rectangle",
                       width=round(w, 4), height=round(h, 4), corner=round(corner, 4), cols=counts["nx"],
                       rows=counts["ny"], left=round(values["x0"], 4), top=round(values["y0"], 4),
                       pitch_x=round(values["dx"], 4), pitch_y=round(values["dy"], 4), file=name)
    node_of = {"columns": lay, "rows": lay, "pitch_x_mm": lay, "pitch_y_mm": lay, "corner_mm": label,
               "height_mm": label}
    return _checked(stock, lambda key: at(node_of.get(key, label)), problems)


def sticker_options(v, doc, problems: Problems, where: dict[str, str], tile_letter_height: float | None
                    ) -> StickerOptions | None:
    """The kit's sticker options: the stock (--labels over stickers.stock; by default OL3008 on Letter
    paper, else endisch-6502020) and the bleed; a label too small for a legible letter is refused."""
    ref, mark = v["stickers.stock"], v.marks.get("stickers.stock")
    if "stickers.stock" in v.marks and ref is None:
        return None
    if ref is None:
        paper = v["print.paper"]
        ref = "OL3008" if getattr(paper, "name", "") == "Letter" else "endisch-6502020"
    base = base_of(mark, doc.path.parent)  # a path from the file that wrote it; a flag's from the working folder
    at = where.get("stickers.stock", doc.file)
    stock = load_stock(ref, base, at, problems)
    bleed = v["stickers.bleed_mm"]
    if stock is None or bleed is None:
        return None
    side = min(stock.width, stock.height) / (2 ** 0.5 if stock.shape == "round" else 1.0)
    if side < MIN_LABEL_MM - TOL:
        what = f"a round label of {stock.width:g} mm" if stock.shape == "round" else \
            f"a label of {stock.width:g} × {stock.height:g} mm"
        problems.add(at, f"{what} ({stock.file}) is too small for a legible letter: its face is "
                         f"{round(side, 2):g} mm, the least is {MIN_LABEL_MM:g} mm")
        return None
    return StickerOptions(stock=stock, bleed_mm=bleed)


__all__ = ["MIN_LABEL_MM", "STOCK_OPTIONS", "find_stock", "load_stock", "sticker_options", "stock_names"]
