"""Validating a kit, the style it names from ``templates/``, and building a :class:`~printkit.model.Kit`."""

from __future__ import annotations

import re
from pathlib import Path
from types import MappingProxyType

from ..errors import ConfigError
from ..model import (PREMIUM_CODES, BoardStyle, Expect, Kit, Paper, Physical, PrintOptions, Spares,
                     TileStyle)
from ..paths import shown, templates_dir
from . import distribution as dist_cfg
from . import layout as layout_cfg
from . import rules as rules_cfg
from .reader import Fields, Problems, describe, suggest, text_value, whole_value
from .sources import Document, merge, resolve
from .yamlsrc import Map, Mark, Scalar, parse_file

FIELDS = ("name", "title", "language", "distribution", "layout", "rules", "expect", "physical",
          "style", "print", "notes")
PHYSICAL = ("tile_mm", "cell_mm", "thickness_mm", "material", "kerf_mm")
STYLE = ("template", "labels", "tile", "board")
TILE_STYLE = ("font", "letter_height", "value_height", "inset", "corner", "ink", "face", "border",
              "back", "back_pattern")
BOARD_STYLE = ("label_height", "ink", "colors", "label_colors")
PRINT = ("paper", "margin_mm", "spares", "cut", "gap_mm", "outline", "backs", "overlap_mm", "coordinates")
SPARES = ("per_letter", "blanks", "letters")
CORNERS = ("bottom-right", "bottom-left", "top-right", "top-left")
COLOR_KEYS = ("plain", "start", "grid") + PREMIUM_CODES

PAPERS = {"A5": (148.0, 210.0), "A4": (210.0, 297.0), "A3": (297.0, 420.0), "A2": (420.0, 594.0),
          "Letter": (215.9, 279.4), "Legal": (215.9, 355.6), "Tabloid": (279.4, 431.8)}
MIN_PAPER, MAX_PAPER = 100.0, 2000.0  # a page must hold the 50 mm scale bar and its labels
TILE_MM = (3.0, 100.0)
CELL_MM = (3.0, 100.0)
HEX = re.compile(r"#[0-9a-fA-F]{6}\Z")


def parse_paper(text: str) -> Paper | str:
    """A paper by name (A4, Letter…) or as ``WxH`` in millimetres; a message when it is neither."""
    for name, (w, h) in PAPERS.items():
        if text.lower() == name.lower():
            return Paper(name, w, h)
    m = re.fullmatch(r"\s*([0-9]+(?:\.[0-9]+)?)\s*[xX×]\s*([0-9]+(?:\.[0-9]+)?)\s*(?:mm)?\s*", text)
    if not m:
        return (f"paper '{text}' is neither a size name ({', '.join(PAPERS)}) nor WxH in millimetres "
                f"(e.g. 330x480){suggest(text, PAPERS)}")
    w, h = float(m.group(1)), float(m.group(2))
    for side in (w, h):
        if not MIN_PAPER <= side <= MAX_PAPER:
            return f"paper {text}: each side must be {MIN_PAPER:g} to {MAX_PAPER:g} mm"
    return Paper(f"{w:g}x{h:g}", w, h)


def build(doc: Document, problems: Problems, font_override: str | None = None,
          paper_override: str | None = None) -> Kit | None:
    before = len(problems.items)
    root = doc.root
    f = Fields(root, problems, "a kit", FIELDS)
    name = f.text("name", required=False, default=doc.path.stem)
    title = f.text("title", required=False, default=name)
    language = f.text("language")
    base = doc.path.parent

    parts = {}
    for kind, builder in (("distribution", dist_cfg.build), ("layout", layout_cfg.build),
                          ("rules", rules_cfg.build)):
        node = f.raw(kind)
        if node is None:
            problems.add(root.mark, f"a kit has no '{kind}'")
            continue
        sub = resolve(kind, node, base, problems)
        if sub is not None:
            parts[kind] = builder(sub.root, problems, sub.path.stem)

    expect = Expect()
    ef = f.sub("expect", ("tiles", "blanks"))
    if ef is not None:
        expect = Expect(ef.whole("tiles", required=False, hi=dist_cfg.MAX_TILES),
                        ef.whole("blanks", required=False, hi=dist_cfg.MAX_BLANKS))

    physical = _physical(f, problems, root.mark)
    tile_style, board_style = _style(f, problems, root.mark, font_override)
    options = _print(f, problems, paper_override)
    notes = f.text("notes", required=False, default="", max_len=20000)

    if len(problems.items) > before or None in parts.values() or len(parts) < 3 or None in (
            physical, tile_style, board_style, options):
        return None
    faces = set(parts["distribution"].faces())
    for letter in options.spares.extra:
        if letter not in faces:
            node = f.raw("print").values["spares"].values["letters"]  # type: ignore[union-attr]
            problems.add(node.keys[letter], f"spares of '{letter}': the set has no tile '{letter}'")
    if len(problems.items) > before:
        return None
    return Kit(name=name, title=title, language=language, source=doc.file,
               distribution=parts["distribution"], layout=parts["layout"], rules=parts["rules"],
               physical=physical, print=options, tile_style=tile_style, board_style=board_style,
               expect=expect, notes=notes)


def _physical(f: Fields, problems: Problems, where: Mark) -> Physical | None:
    pf = f.sub("physical", PHYSICAL, required=True)
    if pf is None:
        return None
    tile = pf.number("tile_mm", lo=TILE_MM[0], hi=TILE_MM[1], unit="mm")
    cell = pf.number("cell_mm", lo=CELL_MM[0], hi=CELL_MM[1], unit="mm")
    thick = pf.number("thickness_mm", required=False, default=3.0, lo=0.1, hi=20.0, unit="mm", lo_open=True)
    material = pf.text("material", required=False, default="plywood")
    kerf = pf.number("kerf_mm", required=False, default=0.2, lo=0.0, hi=1.0, unit="mm")
    if None in (tile, cell, thick, material, kerf):
        return None
    return Physical(tile_mm=tile, cell_mm=cell, thickness_mm=thick, material=material, kerf_mm=kerf)


def _color(fields: Fields, key: str, default: str | None = None) -> str | None:
    value = fields.text(key, required=default is None, default=default)
    if value is None:
        return default
    if not HEX.match(value):
        fields.problems.add(fields.mark(key), f"'{key}' must be a colour written #rrggbb (quoted), not '{value}'")
        return default
    return value.lower()


def _style(f: Fields, problems: Problems, where: Mark, font_override: str | None):
    sf = f.sub("style", STYLE, required=True)
    if sf is None:
        return None, None
    template_name = sf.text("template", required=False, default="classic")
    if template_name is None:
        return None, None
    path = templates_dir() / "styles" / f"{template_name}.yaml"
    if not path.is_file():
        names = sorted(p.stem for p in (templates_dir() / "styles").glob("*.yaml"))
        problems.add(sf.mark("template"), f"no style template named '{template_name}'"
                                          f"{suggest(template_name, names) or ' (there are: ' + ', '.join(names) + ')'}")
        return None, None
    try:
        template = parse_file(path, shown(path))
    except ConfigError as exc:
        problems.items.extend(exc.problems)
        return None, None
    if not isinstance(template, Map):
        problems.add(template.mark, "a style template must be a mapping")
        return None, None
    Fields(template, problems, "a style template", ("name", "tile", "board"))
    tile_node = template.values.get("tile")
    board_node = template.values.get("board")
    for key, node in (("tile", tile_node), ("board", board_node)):
        if not isinstance(node, Map):
            problems.add(template.mark, f"the style template has no '{key}' mapping")
            return None, None
    own_tile = sf.raw("tile")
    own_board = sf.raw("board")
    for key, node in (("tile", own_tile), ("board", own_board)):
        if node is not None and not isinstance(node, Map):
            problems.add(node.mark, f"'style.{key}' must be a mapping of overrides, not {describe(node)}")
            return None, None
    tile_map = merge(tile_node, own_tile) if own_tile is not None else tile_node
    board_map = merge(board_node, own_board) if own_board is not None else board_node
    return _tile_style(tile_map, problems, font_override), _board_style(board_map, sf, problems)


def _tile_style(node: Map, problems: Problems, font_override: str | None) -> TileStyle | None:
    t = Fields(node, problems, "'style.tile'", TILE_STYLE)
    font = t.text("font", required=False, default="default")
    font_where = str(t.mark("font")) if t.has("font") else ""
    if font_override:
        font, font_where = font_override, "--font"
    elif font and font != "default":
        origin = t.mark("font").path  # the file the font was written in
        path = Path(font).expanduser()
        if not path.is_absolute() and origin is not None:
            path = origin.parent / path
        font = str(path)
    style = dict(
        letter_height=t.number("letter_height", lo=0.1, hi=0.8),
        value_height=t.number("value_height", lo=0.05, hi=0.4),
        inset=t.number("inset", lo=0.0, hi=0.3),
        corner=t.choice("corner", CORNERS),
        ink=_color(t, "ink"), face=_color(t, "face"), border=_color(t, "border"), back=_color(t, "back"),
        back_pattern=t.choice("back_pattern", ("none", "dots", "stripes"), required=False, default="none"),
    )
    if None in style.values():
        return None
    return TileStyle(font=None if font in (None, "default") else font, font_where=font_where, **style)


def _board_style(node: Map, sf: Fields, problems: Problems) -> BoardStyle | None:
    b = Fields(node, problems, "'style.board'", BOARD_STYLE)
    label_height = b.number("label_height", lo=0.05, hi=0.6)
    ink = _color(b, "ink")
    colors = _color_map(b, "colors", COLOR_KEYS, required=COLOR_KEYS)
    label_colors = _color_map(b, "label_colors", PREMIUM_CODES + ("start",), required=())
    labels = _labels(sf, problems)
    if None in (label_height, ink, colors, label_colors, labels):
        return None
    return BoardStyle(colors=MappingProxyType(colors), label_colors=MappingProxyType(label_colors),
                      labels=MappingProxyType(labels[0]), legend=MappingProxyType(labels[1]),
                      label_height=label_height, ink=ink)


def _color_map(b: Fields, key: str, known, required) -> dict[str, str] | None:
    cf = b.sub(key, known, required=bool(required))
    if cf is None:
        return None if required else {}
    out = {}
    for k in known:
        if cf.has(k) or k in required:
            c = _color(cf, k)
            if c is None:
                return None
            out[k] = c
    return out


def _labels(sf: Fields, problems: Problems):
    node = sf.raw("labels")
    path = templates_dir() / "labels.yaml"
    try:
        catalogue = parse_file(path, shown(path))
    except ConfigError as exc:
        problems.items.extend(exc.problems)
        return None
    if node is None:
        problems.add(sf.node.mark, "'style' has no 'labels' (a label set from templates/labels.yaml, e.g. en)")
        return None
    if isinstance(node, Scalar):
        name = text_value(node, "labels", problems)
        if name is None:
            return None
        if not isinstance(catalogue, Map) or name not in catalogue.values:
            names = list(catalogue.values) if isinstance(catalogue, Map) else []
            problems.add(node.mark, f"no label set named '{name}' in templates/labels.yaml"
                                    f"{suggest(name, names) or ' (there are: ' + ', '.join(names) + ')'}")
            return None
        node = catalogue.values[name]
    lf = Fields.of(node, problems, "a label set", ("labels", "legend"))
    if lf is None:
        return None
    out = []
    for key in ("labels", "legend"):
        kf = lf.sub(key, PREMIUM_CODES + ("start",), required=True)
        if kf is None:
            return None
        values = {}
        for code in PREMIUM_CODES + ("start",):
            if kf.has(code):
                text = kf.text(code, max_len=40 if key == "legend" else 6)
                if text is not None:
                    values[code] = text
            elif code != "start":
                problems.add(kf.node.mark, f"the label set's '{key}' has no '{code}'")
        out.append(values)
    return out


def _print(f: Fields, problems: Problems, paper_override: str | None) -> PrintOptions | None:
    pf = f.sub("print", PRINT, required=False)
    if pf is None:
        pf = Fields(Map({}, {}, f.node.mark), problems, "'print'", PRINT)
    paper_text = paper_override or pf.text("paper", required=False, default="A4")
    paper = None
    if paper_text is not None:
        parsed = parse_paper(paper_text)
        if isinstance(parsed, str):
            problems.add("--paper" if paper_override else pf.mark("paper"), parsed)
        else:
            paper = parsed
    margin = pf.number("margin_mm", required=False, default=10.0, lo=0.0, hi=100.0, unit="mm")
    spares = _spares(pf, problems)
    options = dict(
        margin_mm=margin,
        spares=spares,
        cut=pf.choice("cut", ("shared", "gap"), required=False, default="shared"),
        gap_mm=pf.number("gap_mm", required=False, default=3.0, lo=0.5, hi=50.0, unit="mm"),
        outline=pf.flag("outline", default=False),
        backs=pf.choice("backs", ("none", "plain", "pattern"), required=False, default="none"),
        overlap_mm=pf.number("overlap_mm", required=False, default=10.0, lo=0.0, hi=50.0, unit="mm"),
        coordinates=pf.flag("coordinates", default=True),
    )
    if paper is None or None in options.values():
        return None
    if margin is not None and (paper.width_mm - 2 * margin < 80.0 or paper.height_mm - 2 * margin < 60.0):
        problems.add(pf.mark("margin_mm"), f"margins of {margin:g} mm leave less than 80 × 60 mm of "
                                           f"{paper.name} paper for the tiles and the 50 mm scale bar")
        return None
    return PrintOptions(paper=paper, **options)


def _spares(pf: Fields, problems: Problems) -> Spares | None:
    node = pf.raw("spares")
    if node is None:
        return Spares()
    if isinstance(node, Scalar):
        n = whole_value(node, "spares", problems, 0, 20, "spares of each letter")
        return None if n is None else Spares(per_letter=n)
    sf = Fields.of(node, problems, "'spares'", SPARES)
    if sf is None:
        return None
    per = sf.whole("per_letter", required=False, default=0, hi=20, limit_name="spares of each letter")
    blanks = sf.whole("blanks", required=False, default=0, hi=20, limit_name="spare blanks")
    letters: dict[str, int] = {}
    lf = sf.raw("letters")
    if lf is not None:
        if not isinstance(lf, Map):
            problems.add(lf.mark, f"'letters' maps a letter to its number of spares, not {describe(lf)}")
            return None
        for letter, vnode in lf.values.items():
            if not isinstance(vnode, Scalar):
                problems.add(vnode.mark, f"spares of '{letter}' must be a whole number")
                continue
            n = whole_value(vnode, letter, problems, 0, 100, "spares of one letter")
            if n is not None:
                letters[letter] = n
    if per is None or blanks is None:
        return None
    return Spares(per_letter=per, extra=MappingProxyType(letters), blanks=blanks)
