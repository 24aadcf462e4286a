"""Validating a kit, the style it names from ``templates/``, and building a :class:`~printkit.model.Kit`.

The options themselves (keys, types, defaults, limits) are declared in :mod:`.options`; this
module reads the kinds of value that need more than a type (the name, the paper, spares, the label
set, the style template and its overrides) and turns the values into the model.
"""

from __future__ import annotations

import math
import re
from pathlib import Path
from types import MappingProxyType
from typing import Iterable, Mapping

from ..errors import ConfigError
from ..model import (
    BOARD_POCKET_LAYERS,
    CALIBRATION_RULERS_MM,
    PREMIUM_CODES,
    SCALE_LIMITS,
    SET_RACKS,
    BoardStyle,
    BurnOptions,
    Expect,
    Kit,
    LaserOptions,
    Machine,
    PageStyle,
    Physical,
    PlayOptions,
    Print3DOptions,
    PrintOptions,
    Spares,
    TileStyle,
    ruler_measured,
)
from ..paths import MAX_NAME, name_problem, shown, templates_dir
from ..report import quoted
from ..text import Said
from . import distribution as dist_cfg, layout as layout_cfg, rules as rules_cfg
from .cutter import cutter_options
from .keeperurl import url_problem
from .kinds import KINDS, MAX_PLAYERS, MIN_PLAYERS
from .machine import load_machine, read_size
from .material import NONE, apply_material, load_material, material_names
from .options import (
    BOARD_STYLE,
    KIT_OPTIONS,
    OPERATIONS,
    PAGE_STYLE,
    STYLE_PARTS,
    TILE_STYLE,
    Option,
    Values,
    flagged,
    parsed,
    read,
)
from .printer import load_printer
from .reader import Fields, Problems, describe, described, key_of, suggest, text_value, whole_value
from .setting import settings
from .sizes import MAX_PAPER, MIN_PAPER, PAPERS, parse_paper  # noqa: F401 - PAPERS, MAX_PAPER: the kit's names
from .sources import Document, base_of, merge, resolve
from .stock import sticker_options
from .yamlsrc import Map, Mark, Scalar, Seq, parse_file

HEX = re.compile(r"#[0-9a-fA-F]{6}\Z")


def build(doc: Document, problems: Problems, flags: Mapping[str, str | None] | None = None,
          sets: Iterable[str] = ()) -> Kit | None:
    """The kit of ``doc``, or None after recording its problems. ``flags``: the command line's
    overrides by option key (``{"print.paper": "A3"}``, from ``--paper A3``), laid over the kit as
    one layer and read as its own values are: a wrong value is the same message as in the file,
    at the flag (``--players: 'players' is 7: …``). ``sets``: ``--set KEY=VALUE``'s, in the same layer
    (:mod:`.setting`)."""
    before = len(problems.items)
    root, factors = _flag_layer(doc.root, flags or {})
    for key, (value, mark) in settings(sets, dict(flags or {}), problems).items():
        root = _laid_over(root, key.split("."), value, mark)
    readers = {
        "kit": lambda f, o: None,  # resolved by sources before the kit is read
        "name": lambda f, o: _name(f, o, problems),
        "ref": lambda f, o: f.raw(o.name),
        "labels": lambda f, o: f.raw(o.name),
        "overrides": _overrides,
        "paper": parsed(parse_paper),
        "spares": _spares,
        "machine": lambda f, o: f.text(o.name, required=False),
        "printer": lambda f, o: f.text(o.name, required=False),
        "cutter": lambda f, o: f.text(o.name, required=False),
        "stock": lambda f, o: f.text(o.name, required=False),
        "material": lambda f, o: f.text(o.name, required=False),
        "players": _players,
        "url": _keeper_url,
        "size": read_size,
        "file": _file,
    }
    v = read(root, problems, "a kit", KIT_OPTIONS, readers)
    where = {key: str(mark) for key, mark in v.marks.items()}
    name = v["name"] if "name" in v.marks else _name_from_file(doc, root.mark, problems)
    title = v["title"] if v["title"] is not None else name
    if title is not None and not title.strip():  # the sheets centre and outline it: a blank has no ink
        problems.add(v.marks["title"], "'title' is blank: write the set's name as the sheets should print it, "
                                       "or leave 'title' out to print the kit's name")

    parts = {}
    for kind, builder in (("distribution", dist_cfg.build), ("layout", layout_cfg.build),
                          ("rules", rules_cfg.build)):
        node = v[kind]
        if node is not None:
            sub = resolve(kind, node, base_of(v.marks.get(kind), doc.path.parent), problems)
            if sub is not None:
                parts[kind] = builder(sub.root, problems, sub.path.stem)

    if isinstance(v["print.paper"], str):  # the default, A4
        v.values["print.paper"] = parse_paper(v["print.paper"])
    styles = _style(v, problems, where)
    tile_style, board_style, page_style = styles or (None, None, None)
    options = _print(v, problems, where)
    scale = _scale(v, problems, where, factors)
    physical = _section(v, "physical", Physical)
    _check_material(physical, doc, problems, where)
    expect = Expect(v["expect.tiles"], v["expect.blanks"])
    laser = _laser(v, doc, problems, where, physical)
    cutter = cutter_options(v, doc, problems, where)
    stickers = sticker_options(v, doc, problems, where, None)
    burn = BurnOptions(letters=v["burn.letters"]) if v["burn.letters"] else None
    play = _play(v, "play.players" in where)
    print3d = _print3d(v, doc, problems, where, physical)

    if len(problems.items) > before or None in parts.values() or len(parts) < 3 or None in (
            physical, tile_style, board_style, options, name, title, laser, cutter, stickers, burn, play, scale,
            print3d):
        return None
    faces = set(parts["distribution"].faces())
    for letter in options.spares.extra:
        if letter not in faces:
            node = root.values["print"].values["spares"].values["letters"]  # type: ignore[union-attr]
            problems.add(node.keys[letter], f"spares of '{letter}': the set has no tile '{letter}'")
    if len(problems.items) > before:
        return None
    # a kit in a language whose text of the rules' source says otherwise plays by that text
    rules = parts["rules"].in_language(str(v["language"] or "").split("-")[0].lower())
    return Kit(name=name, title=title, language=v["language"], source=doc.file,
               distribution=parts["distribution"], layout=parts["layout"], rules=rules,
               physical=physical, print=options, tile_style=tile_style, board_style=board_style,
               page_style=page_style, laser=laser, cutter=cutter, stickers=stickers, burn=burn, play=play,
               print3d=print3d, expect=expect, notes=v["notes"], print_scale=scale, words=v["words"],
               where=MappingProxyType(where))


def _flag_layer(root: Map, flags: Mapping[str, str | None]) -> tuple[Map, dict[str, tuple[str, str]]]:
    """The kit with the flags' values laid over it, each as the node the file would hold (a
    flag's place is the flag); and the factors of the flags that give one instead of their option's
    value (``--scale-x``), by option key: (flag, text)."""
    declared = {o.key: o for o in flagged()}
    factors: dict[str, tuple[str, str]] = {}
    for key, text in flags.items():
        if text is None:
            continue
        o = declared.get(key)
        if o is None or o.flag is None:
            raise ValueError(f"no flag overrides the option {key!r}")
        if o.flag.factor:
            factors[key] = (o.flag.name, text)
            continue
        mark = Mark.of_flag(o.flag.name)
        root = _laid_over(root, key.split("."), KINDS[o.kind].from_flag(text, mark), mark)
    return root, factors


def _laid_over(node: Map, path: list[str], value, mark: Mark) -> Map:
    """``node`` with ``value`` at the dotted ``path`` (a copy: the document itself is not changed). A
    section on the way that is not a mapping keeps the kit's own (wrong) value, and its message."""
    head, rest = path[0], path[1:]
    values, keys = dict(node.values), dict(node.keys)
    if rest:
        inner = values.get(head)
        if inner is None:
            inner = Map({}, {}, mark)
        elif not isinstance(inner, Map):
            return node
        values[head] = _laid_over(inner, rest, value, mark)
        keys.setdefault(head, mark)
    else:
        values[head], keys[head] = value, mark
    return Map(values, keys, node.mark, node.extra)


def _section(v: Values, section: str, cls):
    """The dataclass ``cls`` made from the options of ``section`` (None if one of them is)."""
    prefix = section + "."
    fields = {k[len(prefix):]: x for k, x in v.values.items() if k.startswith(prefix) and "." not in k[len(prefix):]}
    return None if None in fields.values() else cls(**fields)


# -- the name -----------------------------------------------------------------------------------------

def _name(f: Fields, o: Option, problems: Problems) -> str | None:
    """The kit's name, which becomes the output folder's name: one safe folder name."""
    name = f.text(o.name, required=False, max_len=10 * MAX_NAME)
    if name is None:
        return None
    why = name_problem(name)
    if why:
        problems.add(f.mark(o.name), f"the kit's name {quoted(name)} {why}")
        return None
    return name


def _name_from_file(doc: Document, where: Mark, problems: Problems) -> str | None:
    name = doc.path.stem
    why = name_problem(name)
    if why:
        problems.add(where, f"the kit's name {quoted(name)}, taken from the file's name, {why}: "
                            f"set 'name:' in the kit")
        return None
    return name


# -- the style ----------------------------------------------------------------------------------------

def _overrides(f: Fields, o: Option):
    node = f.raw(o.name)
    if not isinstance(node, Map):
        f.problems.add(node.mark, f"'style.{o.name}' must be a mapping of overrides, not {describe(node)}")
        return None
    return node


def _file(f: Fields, o: Option) -> str | None:
    """A path written in a config file, relative to that file (the one a kit extends, where it was
    written there); whether it can be read is for whoever reads it."""
    text = f.text(o.name, required=False)
    if text is None:
        return None
    if not text.strip() or "\0" in text:
        f.problems.add(f.mark(o.name), f"'{o.name}' is a file's path, not {quoted(text, 60)}")
        return None
    origin = f.mark(o.name).path
    path = Path(text).expanduser()
    if not path.is_absolute() and origin is not None:
        path = origin.parent / path
    return str(path)


def _color(fields: Fields, o: Option):
    value = fields.text(o.name, required=False)
    if value is None:
        node = fields.node.values.get(o.name)
        if isinstance(node, Scalar) and node.value is None and not node.quoted:  # `ink: #202020`: a comment
            fields.problems.add(node.mark, f"'{o.name}' is empty: write the colour in quotes, \"#rrggbb\" "
                                           f"(unquoted, # begins a comment)")
        return None
    if not HEX.match(value):
        fields.problems.add(fields.mark(o.name), f"'{o.name}' must be a colour written #rrggbb (quoted), "
                                                 f"not '{value}'")
        return None
    return value.lower()


def _colors(b: Fields, o: Option):
    required = o.choices if o.required else ()
    cf = b.sub(o.name, o.choices, required=bool(required))
    if cf is None:
        return None if required else {}
    out = {}
    for k in o.choices:
        if cf.has(k):
            out[k] = _color(cf, Option(k, "colour", ""))
            if out[k] is None:
                return None
        elif k in required:
            cf.problems.add(cf.node.mark, f"'{o.name}' has no '{k}'")
            return None
    return MappingProxyType(out)


def _font(t: Fields, o: Option):
    font = t.text(o.name, required=False)
    if font is None or font == "default" or (font == "letters" and o.key == "board.font"):
        return font
    origin = t.mark(o.name).path  # the file the font was written in
    path = Path(font).expanduser()
    if not path.is_absolute() and origin is not None:
        path = origin.parent / path
    return str(path)


_STYLE_READERS = {"colour": _color, "colours": _colors, "font": _font}
_STYLE_OPTIONS = TILE_STYLE + BOARD_STYLE + PAGE_STYLE  # a style template's, one tuple: read() keeps its plan


def _style(v: Values, problems: Problems, where: dict[str, str]):
    """The template named by ``style.template``, with the kit's ``style.tile``, ``style.board`` and
    ``style.page`` merged over it: the tile, board and page styles (None after a problem)."""
    template_name = v["style.template"]
    if template_name is None:
        return None
    path = templates_dir() / "styles" / f"{template_name}.yaml"
    if not path.is_file():
        names = sorted(p.stem for p in (templates_dir() / "styles").glob("*.yaml"))
        problems.add(where.get("style.template", ""), f"no style template named '{template_name}'"
                     f"{suggest(template_name, names) or ' (there are: ' + ', '.join(names) + ')'}")
        return None
    try:
        template = parse_file(path, shown(path))
    except ConfigError as exc:
        problems.items.extend(exc.problems)
        return None
    if not isinstance(template, Map):
        problems.add(template.mark, "a style template must be a mapping")
        return None
    Fields(template, problems, "a style template", ("name", *STYLE_PARTS))
    merged = {}
    for part in STYLE_PARTS:
        node = template.values.get(part)
        if node is None and part == "page":
            node = Map({}, {}, template.mark)  # templates may leave the page to its defaults
        if not isinstance(node, Map):
            problems.add(template.mark, f"the style template has no '{part}' mapping")
            return None
        own = v[f"style.{part}"]
        merged[part] = merge(node, own) if isinstance(own, Map) else node
    if any(v[f"style.{part}"] is None and f"style.{part}" in v.marks for part in STYLE_PARTS):
        return None  # an override that is not a mapping (already reported)
    root = Map(merged, {k: template.keys.get(k, template.mark) for k in merged}, template.mark)
    s = read(root, problems, "a style template", _STYLE_OPTIONS, _STYLE_READERS)
    where.update({f"style.{k}": str(m) for k, m in s.marks.items()})
    for key in ("colors", "label_colors"):  # each colour of a map, where it was written
        node = merged["board"].values.get(key)
        for code, value in (node.values.items() if isinstance(node, Map) else ()):
            where[f"style.board.{key}.{code}"] = str(value.mark)
    labels = _labels(v, problems, where)
    fonts = {part: s[f"{part}.font"] for part in STYLE_PARTS}
    if fonts["board"] == "letters":  # the board follows the tiles' font, wherever that was named
        fonts["board"] = fonts["tile"]
        if "style.tile.font" in where:
            where["style.board.font"] = where["style.tile.font"]
    tile = {k[5:]: x for k, x in s.values.items() if k.startswith("tile.") and k != "tile.font"}
    board = {k[6:]: x for k, x in s.values.items() if k.startswith("board.") and k != "board.font"}
    board["label_colors"] = MappingProxyType(board["label_colors"] or {})
    if None in tile.values() or None in board.values() or None in fonts.values() or labels is None:
        return None
    font = {part: None if f == "default" else f for part, f in fonts.items()}
    return (TileStyle(font=font["tile"], **tile),
            BoardStyle(labels=MappingProxyType(labels[0]), legend=MappingProxyType(labels[1]), font=font["board"],
                       **board),
            PageStyle(font=font["page"]))


def _labels(v: Values, problems: Problems, where: dict[str, str]):
    node = v["style.labels"]
    if node is None:
        return None
    path = templates_dir() / "labels.yaml"
    try:
        catalogue = parse_file(path, shown(path))
    except ConfigError as exc:
        problems.items.extend(exc.problems)
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
        where["style.labels.set"] = str(node.mark)
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
                if text is not None and not text.strip():  # it would print nothing: no ink to place
                    problems.add(kf.mark(code), f"'{key}.{code}' is blank: write what the square says"
                                                + (" (or leave 'start' out)" if code == "start" else ""))
                elif text is not None:
                    values[code] = text
                    where[f"style.{key}.{code}"] = str(kf.mark(code))
            elif code != "start":
                problems.add(kf.node.mark, f"the label set's '{key}' has no '{code}'")
        out.append(values)
    return out


# -- laser and burn ------------------------------------------------------------------------------

def _laser(v: Values, doc: Document, problems: Problems, where: dict[str, str],
           physical: Physical | None) -> LaserOptions | None:
    """The laser options: the machine profile (--laser over laser.profile), the bed (--bed over
    laser.bed over the profile's), and what must hold between them and the tile."""
    ref, mark = v["laser.profile"], v.marks.get("laser.profile")
    if ref is None:
        return None
    base = base_of(mark, doc.path.parent)  # a path from the file that wrote it; a flag's from the working folder
    machine = load_machine(ref, base, where.get("laser.profile", doc.file), problems)
    bed = v["laser.bed"]
    if "laser.bed" in v.marks and bed is None:  # a bed that is not one (reported)
        return None
    if machine is None or None in (v["laser.margin_mm"], v["laser.tabs_mm"], v["laser.board_fill"],
                                   v["laser.fill_bed"]):
        return None
    machine = _with_material(machine, v, doc, base, where, problems)
    if machine is None:
        return None
    if bed is None:
        bed = (machine.bed_w, machine.bed_h)
        where.setdefault("laser.bed", where.get("laser.profile", machine.bed_at or machine.source))
    laser = LaserOptions(machine=machine, bed_w=bed[0], bed_h=bed[1], margin_mm=v["laser.margin_mm"],
                         tabs_mm=v["laser.tabs_mm"], board_fill=v["laser.board_fill"],
                         fill_bed=v["laser.fill_bed"])
    if physical is not None:
        tile, kerf = physical.tile_mm, physical.kerf_mm
        room = min(laser.bed_w, laser.bed_h) - 2 * laser.margin_mm
        if kerf >= tile:
            problems.add(where.get("physical.kerf_mm", doc.file),
                         f"a kerf of {kerf:g} mm is as wide as the tile ({tile:g} mm): nothing would be left of it")
        elif room < tile + kerf:
            problems.add(_written(where, doc, "laser.margin_mm", "laser.bed", "physical.tile_mm"),
                         f"a bed of {laser.bed_w:g} × {laser.bed_h:g} mm with margins of {laser.margin_mm:g} mm has no "
                         f"room for one tile of {tile:g} mm")
        if laser.tabs_mm >= tile / 2:
            problems.add(where.get("laser.tabs_mm", doc.file),
                         f"hold tabs of {laser.tabs_mm:g} mm leave too little of a {tile:g} mm tile's edge to cut: "
                         f"keep them under half the side")
    return laser


def _with_material(machine: Machine, v: Values, doc: Document, base: Path, where: dict[str, str],
                   problems: Problems) -> Machine | None:
    """The profile with the settings of its material: the kit's laser.material (--material), else the profile's
    own ``material:``; ``none``, or neither: as the profile writes them. A profile that writes LightBurn projects
    needs every operation's power from one or the other."""
    ref = v["laser.material"]
    if ref is None:  # the profile's own, looked for beside it
        ref, named_at, look_in = machine.material or NONE, machine.material_at or machine.source, \
            _profile_base(machine, base)
        at = machine.formats_at or where.get("laser.profile") or doc.file
    else:
        mark = v.marks.get("laser.material")
        named_at, look_in = where.get("laser.material", doc.file), base_of(mark, base)
        at = named_at
    material = None
    if ref != NONE:
        material = load_material(ref, look_in, named_at, problems)
        if material is None:
            return None
    machine = apply_material(machine, material)
    if "lbrn2" in machine.formats:
        unset = [op for op in OPERATIONS if machine.operations[op].power_pct is None]
        if unset:
            problems.add(at, f"{machine.title} projects (lbrn2) carry each layer's power, and {', '.join(unset)} "
                             f"{'has' if len(unset) == 1 else 'have'} none: name a material (laser.material, "
                             f"--material: {', '.join(material_names())}) or give operations.{unset[0]}.power_pct "
                             f"in the profile")
            return None
    return machine


def _profile_base(machine: Machine, base: Path) -> Path:
    """Where a material file the profile names is looked for: beside the profile."""
    path = Path(machine.source)
    return path.parent if path.suffix in (".yaml", ".yml") and path.exists() else base


def _written(where: dict[str, str], doc: Document, *keys: str) -> str:
    """Where the first of ``keys`` the kit's own file (or the command line) writes is written; else the first
    written at all (in the kit it extends); else the kit's file: a problem between two options, one of them a
    default, points at the other."""
    written = [where[k] for k in keys if k in where]
    own = [w for w in written if w.startswith((f"{doc.file}:", "--"))]  # the kit's file, or a flag typed with it
    return (own or written or [doc.file])[0]


def _check_material(physical: Physical | None, doc: Document, problems: Problems, where: dict[str, str]) -> None:
    """What must hold between the material the racks and the box are cut from, its kerf and the tile:
    a rack holds a tile standing in a groove cut through material of that thickness, and a finger
    joint's slot is drawn a kerf narrower than the material (see :mod:`printkit.geometry.fingers`)."""
    if physical is None:
        return
    tile, t, kerf = physical.tile_mm, physical.thickness_mm, physical.kerf_mm
    if t > tile:
        problems.add(_written(where, doc, "physical.thickness_mm", "physical.tile_mm"),
                     Said("cfg_thicker_than_tile", {"t": f"{t:g}", "tile": f"{tile:g}"}))
    if kerf >= t:
        problems.add(_written(where, doc, "physical.kerf_mm", "physical.thickness_mm"),
                     Said("cfg_kerf_thick", {"kerf": f"{kerf:g}", "t": f"{t:g}"}))


# -- 3D-printed tiles ----------------------------------------------------------------------------

BOARD_FLOOR_MM = 1.0  # the least of the 3D-printed board left under a premium cell's pocket


def _print3d(v: Values, doc: Document, problems: Problems, where: dict[str, str],
             physical: Physical | None) -> Print3DOptions | None:
    """The 3D-printed tiles' options: the printer's profile (--printer over print3d.printer) and
    what must hold between them, the tile and the bed."""
    ref, mark = v["print3d.printer"], v.marks.get("print3d.printer")
    keys = [k for k in v.values if k.startswith("print3d.") and k != "print3d.printer"]
    if ref is None:
        return None
    base = base_of(mark, doc.path.parent)  # a path from the file that wrote it; a flag's from the working folder
    printer = load_printer(ref, base, where.get("print3d.printer", doc.file), problems)
    if printer is None or any(v[k] is None for k in keys):
        return None
    where.setdefault("print3d.printer", doc.file)
    chosen = {k[len("print3d."):]: v[k] for k in keys}
    if chosen.get("letters") == "auto":  # one filament cannot make inset letters: the colours must lie apart by height
        chosen["letters"] = "raised" if printer.filaments == 1 else "inset"
    out = Print3DOptions(printer=printer, **chosen)
    if physical is None:
        return out
    tile, t = physical.tile_mm, out.thickness_mm

    def at(key: str) -> str:
        return where.get(key, doc.file)

    if out.letters in ("inset", "pockets") and out.letter_mm >= t:
        problems.add(at("print3d.letter_layers"),
                     f"letters inset by {out.letter_layers} layers of {printer.layer_mm:g} mm ({out.letter_mm:g} mm, "
                     f"{printer.name}) are as deep as the tile is thick ({t:g} mm) or deeper: choose fewer layers "
                     f"or a thicker tile")
    if 2 * out.chamfer_mm >= tile or out.chamfer_mm >= t:
        problems.add(at("print3d.chamfer_mm"),
                     f"a chamfer of {out.chamfer_mm:g} mm does not fit a tile of {tile:g} × {tile:g} × {t:g} mm: "
                     f"keep it under half the side and under the thickness")
    floor = round(out.board_mm - out.board_recess_mm - out.board_pocket_mm, 6)
    if floor < BOARD_FLOOR_MM and "board" in out.parts:
        key = "print3d.board_recess_mm" if "print3d.board_recess_mm" in where else "print3d.board_mm"
        problems.add(at(key),
                     f"cells recessed {out.board_recess_mm:g} mm with premium pockets of {out.board_pocket_mm:g} mm "
                     f"({BOARD_POCKET_LAYERS} layers) under them leave {floor:g} mm of a board {out.board_mm:g} mm "
                     f"thick, less than {BOARD_FLOOR_MM:g} mm: recess less or make the board thicker")
    if 2 * out.corner_mm > tile:
        problems.add(at("print3d.corner_mm"),
                     f"a corner radius of {out.corner_mm:g} mm is more than half the tile's side ({tile:g} mm)")
    room = min(printer.bed_w, printer.bed_h) - 2 * out.margin_mm
    if room < tile and "tiles" in out.parts:
        problems.add(_written(where, doc, "print3d.margin_mm", "physical.tile_mm", "print3d.printer"),
                     f"a tile of {tile:g} mm does not fit the bed of {printer.title} ({printer.bed_w:g} × "
                     f"{printer.bed_h:g} mm) with margins of {out.margin_mm:g} mm")
    return out


# -- play -----------------------------------------------------------------------------------------

def player_names(value, problem) -> tuple[str, ...] | None:
    """Players as a number (2–6: unnamed) or a list of names; ``problem(message)`` records why not."""
    if isinstance(value, int) and not isinstance(value, bool):
        if not MIN_PLAYERS <= value <= MAX_PLAYERS:
            problem(Said("cfg_players_count", {"key": key_of("players"), "value": value, "lo": MIN_PLAYERS,
                                               "hi": MAX_PLAYERS}))
            return None
        return ("",) * value
    names = tuple(" ".join(str(n).split()) for n in value)
    if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
        problem(Said("cfg_players_names", {"key": key_of("players"), "n": len(names), "lo": MIN_PLAYERS,
                                           "hi": MAX_PLAYERS}))
        return None
    for name in names:
        if not name or len(name) > 40 or not name.isprintable():
            problem(f"'players': {quoted(name)} is not a name of 1 to 40 printable characters")
            return None
    return names


def _players(f: Fields, o: Option):
    node = f.raw(o.name)
    if isinstance(node, Seq):
        texts = [text_value(item, "players", f.problems) if isinstance(item, Scalar) else None for item in node.items]
        if None in texts:
            f.problems.add(node.mark, "'players' lists names, each a plain text")
            return None
        return player_names(texts, lambda m: f.problems.add(node.mark, m))
    n = whole_value(node, "players", f.problems, 0, None) if isinstance(node, Scalar) else None
    if n is None:
        if not isinstance(node, Scalar):
            f.problems.add(node.mark, f"'players' is a number or a list of names, not {describe(node)}")
        return None
    return player_names(n, lambda m: f.problems.add(node.mark, m))


def _keeper_url(f: Fields, o: Option) -> str | None:
    """``play.keeper_url``: a web address (or "", none); a problem at its line, saying why not."""
    text = f.text(o.name, required=False)
    if text is None:
        return None
    why = url_problem(text)
    if why is not None:
        f.problems.add(f.mark(o.name), Said("cfg_named", {"key": key_of(o.name), "why": why}))
        return None
    return text


def _play(v: Values, named: bool) -> PlayOptions | None:
    """Who plays; ``named``: the kit (or --players) says who, and the set gets a rack for each of them (else
    :data:`~printkit.model.SET_RACKS`, a boxed set's four, whatever the score sheet's default of two); and the
    score keeper's address, if any."""
    players, url = v["play.players"], v["play.keeper_url"]
    if players is None or url is None:
        return None
    if isinstance(players, int):  # the default
        players = ("",) * players
    return PlayOptions(players=players, racks=len(players) if named else SET_RACKS, keeper_url=url)


# -- print ----------------------------------------------------------------------------------------------

def _print(v: Values, problems: Problems, where: dict[str, str]) -> PrintOptions | None:
    options = {k[6:]: x for k, x in v.values.items() if k.startswith("print.") and not k.startswith("print.measured.")}
    if None in options.values():
        return None
    if isinstance(options["spares"], int):  # the default
        options["spares"] = Spares(per_letter=options["spares"])
    paper, margin = options["paper"], options["margin_mm"]
    if paper.width_mm - 2 * margin < 80.0 or paper.height_mm - 2 * margin < 60.0:
        problems.add(where.get("print.margin_mm") or where.get("print.paper", ""),
                     Said("cfg_margins_room", {"margin": f"{margin:g}", "paper": paper.name}))
        return None
    return PrintOptions(**options)


# -- printer compensation -----------------------------------------------------------------------------

def _scale(v: Values, problems: Problems, where: dict[str, str],
           factors: dict[str, tuple[str, str]]) -> tuple[float, float] | None:
    """The compensation across and down: from a flag (a factor, ``factors``: (flag, text) by the
    option's key), else from ``print.measured`` (what a calibration ruler printed as: its length
    over that), else 1. None after a problem."""
    out: list[float | None] = []
    for axis in ("across", "down"):
        key = f"print.measured.{axis}"
        if key in factors:
            flag, text = factors[key]
            k = parse_scale(text)
            if isinstance(k, str):
                problems.add(flag, k)
            else:
                where[f"print.scale.{axis}"] = flag
            out.append(k if isinstance(k, float) else None)
            continue
        measured = v[key]
        if measured is None:  # not set (1), or already reported (None)
            out.append(None if key in v.marks else 1.0)
            continue
        where[f"print.scale.{axis}"] = str(v.marks[key])
        ruler = ruler_measured(measured)
        if ruler is None:
            lengths = ", ".join(f"{r:g}" for r in CALIBRATION_RULERS_MM)
            problems.add(v.marks[key], Said("cfg_no_ruler", {
                "key": key_of(axis), "axis": Said("cfg_axis_" + axis), "measured": f"{measured:g}",
                "lengths": lengths, "limit": _limit_percent()}))
            out.append(None)
            continue
        out.append(round(ruler / measured, 6))
    return None if None in out else (out[0], out[1])


def _limit_percent() -> str:
    lo, hi = SCALE_LIMITS
    return f"{round(max(1 - lo, hi - 1) * 100):g} %"


def parse_scale(text: str) -> float | str:
    """A compensation factor from the command line: a number (1.004) or a ruler's length over what
    it printed as (200/199.2); a message when it is neither or is outside the limits."""
    lo, hi = SCALE_LIMITS
    t = text.strip()
    m = re.fullmatch(r"([0-9]+(?:\.[0-9]*)?)\s*/\s*([0-9]+(?:\.[0-9]*)?)", t)
    try:
        k = float(m.group(1)) / float(m.group(2)) if m else float(t)
    except (ValueError, ZeroDivisionError):
        k = None
    if k is None or not math.isfinite(k) or "_" in t:
        return (f"{quoted(t, 40)} is not a factor: write a number such as 1.004, or 200/199.2 (the ruler's "
                f"length / what it printed as)")
    if not lo <= k <= hi:
        return (f"{quoted(t, 40)} is outside {lo:g}–{hi:g}: the factor is how much larger to draw, a ruler's "
                f"length / what it printed as (200/199.2 = 1.004); a print more than {_limit_percent()} off was "
                f"not printed at 100 %")
    return round(k, 6)


def _spares(f: Fields, o: Option) -> Spares | None:
    node = f.raw(o.name)
    problems = f.problems
    if isinstance(node, Scalar) and node.value == "fill" and not node.quoted:
        return Spares(fill=True)
    if isinstance(node, Scalar):
        if isinstance(node.value, str) and not node.trap:
            problems.add(node.mark, Said("cfg_spares_kind", {"key": key_of("spares"), "what": described(node)}))
            return None
        n = whole_value(node, "spares", problems, 0, 20, Said("cfg_spares_each"))
        return None if n is None else Spares(per_letter=n)
    sf = Fields.of(node, problems, "'spares'", ("per_letter", "blanks", "letters"))
    if sf is None:
        return None
    per = sf.whole("per_letter", required=False, default=0, hi=20, limit_name=Said("cfg_spares_each"))
    blanks = sf.whole("blanks", required=False, default=0, hi=20, limit_name=Said("cfg_spare_blanks"))
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
