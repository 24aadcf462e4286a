"""What the page asks for, as a kit: a shipped kit and the controls changed, or the kit's YAML as typed.

The page sends its state as JSON: ``kit`` (a shipped kit's name), ``options`` (a control's key, as
:mod:`printkit.config.options` declares it, → its text), ``yaml`` (the text of the editor, when the
user typed it) and ``font`` (the token of an uploaded font). This module turns that into the kit's
YAML, the same text ``printkit build FILE`` reads, and loads it with the same reader as the command
line, so every mistake comes back as ``kit.yaml:line:col: message``. No Flask here: it is plain
code the handlers call and the tests can call.

Names from the page never reach the file system as paths: the kit must be one of the shipped ones,
and a kit written in the editor may name only shipped configs, profiles and templates (no files),
and the uploaded font by its name, which is a file in that upload's own folder.
"""

from __future__ import annotations

import io
import re
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Iterable

import yaml

from ..config import DEFAULT_KIT, kit_names, load_kit_text
from ..config.kinds import KINDS
from ..config.options import BOARD_STYLE, KIT_OPTIONS, PAGE_STYLE, TILE_STYLE, Option
from ..config.reader import key_of
from ..config.sources import is_path
from ..config.yamlsrc import Map, Node, Scalar, Seq
from ..errors import ConfigError, PrintkitError, Problem
from ..model import Kit
from ..paths import name_problem
from ..products import plan
from ..report import quoted
from ..stats import stats
from ..summary import Jobs, of_document
from ..text import LANGUAGES, Said
from ..text.table import TABLE

KIT_FILE = "kit.yaml"  # the name the editor's text has in messages
MAX_YAML = 200_000  # characters of the editor's text (the shipped kits are about 2 KB)
MAX_OPTION = 400  # characters of one control's text

# The page's controls, in its order: each an option declared in printkit.config.options.
CONTROLS = ("physical.tile_mm", "physical.cell_mm", "print.paper", "print.margin_mm", "print.spares",
            "print.backs", "print.cut", "print.measured.across", "print.measured.down", "style.tile.font",
            "laser.profile", "laser.bed", "laser.material", "laser.tabs_mm", "physical.kerf_mm",
            "physical.thickness_mm", "burn.letters", "play.players", "cutter.profile", "stickers.stock",
            "print3d.printer")
# The controls a user may leave empty: an option with no value unless given (what the calibration ruler
# measured); an empty field leaves it out.
OPTIONAL = ("print.measured.across", "print.measured.down")
# A control whose label is not the table's ``serve_`` + the key's last part (``cutter.profile`` would be
# ``serve_profile``, the laser's): the table key of its label, without ``serve_``.
WORDS = {"cutter.profile": "cutter_profile", "stickers.stock": "stock", "burn.letters": "burn_letters",
         "print3d.printer": "printer3d"}

# The kinds of option whose value may name a file (config/kinds.py): a kit from the page may give only a
# name there.
PATH_KINDS = tuple(k.name for k in KINDS.values() if k.a_file)
FONT_NAMES = ("default", "letters")


def reference_keys() -> frozenset[str]:
    """The keys whose value may be a file's path, wherever in the text they are: the options of a
    path kind, ``extends`` (a config's parent, in a kit or in a part written inline) and the style
    template's name (a file of templates/styles/)."""
    options = KIT_OPTIONS + TILE_STYLE + BOARD_STYLE + PAGE_STYLE
    return frozenset({o.name for o in options if o.kind in PATH_KINDS} | {"extends", "template"})


class PageError(PrintkitError):
    """A failure the server itself words: a sentence of the text table (``serve_err_*``), said in
    the page's language, and the control it is about, if any. HTTP ``status``."""

    status = 422

    def __init__(self, sentence: str, /, control: str | None = None, **figures):
        self.said = Said(sentence, figures)
        self.control = control
        super().__init__(self.said("en"))

    def entry(self, language: str) -> dict[str, Any]:
        out: dict[str, Any] = {"text": self.said(language)}
        if self.control:
            out["control"] = self.control
        return out


class BadRequest(PageError):
    """A request the page would never send (wrong types, unknown names): one line, HTTP 400."""

    status = 400


def language(value: Any, default: str = "en") -> str:
    """A language the page's words are in (``ru``), from what the page sent; else ``default``."""
    return value if isinstance(value, str) and value in LANGUAGES else default


def label(key: str) -> Said:
    """A control's label, as the page shows it (``physical.tile_mm`` → "Tile, mm")."""
    return Said("serve_" + WORDS.get(key, key.split(".")[-1]))


def option(key: str) -> Option:
    """The declaration of a control's option (``style.tile.font`` is the style template's ``tile.font``)."""
    for o in KIT_OPTIONS:
        if o.key == key:
            return o
    for o in TILE_STYLE:
        if "style." + o.key == key:
            return replace(o, key=key)
    raise KeyError(key)


def controls() -> list[dict]:
    """The controls for the page, made from the option declarations: key, kind, limits, choices (the kind's),
    the word of its label and of its tooltip (``help_`` + the word, said in the page's language), and the
    labels of the shipped profiles it offers, by language."""
    out = []
    for key in CONTROLS:
        o = option(key)
        choices = KINDS[o.kind].choices_of(o)
        default = o.default if isinstance(o.default, (int, float, str)) and not isinstance(o.default, bool) else None
        word = WORDS.get(key, key.split(".")[-1])
        labels = {c: {lang: Said("profile_title_" + c)(lang) for lang in LANGUAGES} for c in choices
                  if "profile_title_" + c in TABLE}
        out.append({"key": key, "kind": o.kind, "unit": o.unit, "lo": o.lo, "hi": o.hi, "choices": list(choices),
                    "default": default, "help": "help_" + word, "word": word, "labels": labels,
                    "optional": key in OPTIONAL})
    return out


@dataclass(frozen=True)
class Upload:
    """An uploaded font: its folder (the kit's folder while it is used) and its file's name there."""

    folder: Path
    name: str


@dataclass(frozen=True)
class Request:
    kit: str
    options: dict[str, str]
    yaml: str | None
    font: str | None  # an upload's token


def parse_request(data: Any) -> Request:
    """The page's state from its JSON, checked for shape; the values themselves are the kit reader's."""
    if not isinstance(data, dict):
        raise BadRequest("serve_err_object")
    kit = data.get("kit", DEFAULT_KIT)
    if not isinstance(kit, str) or kit not in kit_names():
        raise BadRequest("serve_err_kit", name=quoted(kit, 60))
    options = data.get("options")
    options = {} if options is None else options
    if not isinstance(options, dict):
        raise BadRequest("serve_err_options")
    clean = {}
    for key, value in options.items():
        if key not in CONTROLS:
            raise BadRequest("serve_err_control", name=quoted(key, 60))
        if isinstance(value, bool) or not isinstance(value, (str, int, float)):
            raise BadRequest("serve_err_value_type", key=key)
        text = str(value).strip()
        if len(text) > MAX_OPTION:
            raise BadRequest("serve_err_value_long", control=key, key=key, n=MAX_OPTION)
        clean[key] = text
    for key in OPTIONAL:  # left empty: not given (the kit's value, if it has one, stays)
        if clean.get(key) == "":
            del clean[key]
    empty = [key for key, text in clean.items() if not text]
    if empty:  # a field left empty is a mistake at that field, never the kit's value without a word
        raise PageError("serve_err_empty", control=empty[0], field=label(empty[0]))
    text = data.get("yaml")
    if text is not None:
        if not isinstance(text, str):
            raise BadRequest("serve_err_yaml_type")
        if len(text) > MAX_YAML:
            raise BadRequest("serve_err_yaml_long", n=len(text), limit=MAX_YAML)
    font = data.get("font")
    if font is not None and not isinstance(font, str):
        raise BadRequest("serve_err_font_type")
    return Request(kit, clean, text, font or None)


# -- the kit's YAML ------------------------------------------------------------------------------------

def _typed(key: str, text: str, upload: Upload | None) -> Any:
    """A control's text as the YAML value the kit reader expects (the kind's); text it cannot be is passed on
    as text, for the reader to report at its line. The font "upload" is the font uploaded to this page."""
    o = option(key)
    if o.kind == "font" and text == "upload":
        return upload.name if upload else "default"
    return KINDS[o.kind].typed(text, o)


def _nest(values: dict[str, Any]) -> dict:
    out: dict = {}
    for key, value in values.items():
        node = out
        *sections, last = key.split(".")
        for s in sections:
            node = node.setdefault(s, {})
        node[last] = value
    return out


def _merge(base: dict, over: dict) -> dict:
    out = dict(base)
    for k, v in over.items():
        out[k] = _merge(out[k], v) if isinstance(out.get(k), dict) and isinstance(v, dict) else v
    return out


def _dump(data: dict) -> str:
    return yaml.safe_dump(data, allow_unicode=True, sort_keys=False, default_flow_style=False, width=100)


def _plain(node: Node) -> Any:
    """A parsed node as plain data (for rewriting the editor's text with a control's change)."""
    if isinstance(node, Map):
        return {k: _plain(v) for k, v in node.values.items()}
    if isinstance(node, Seq):
        return [_plain(v) for v in node.items]
    return node.value if node.trap is None else node.raw


def compose(req: Request, upload: Upload | None = None) -> str:
    """The kit's YAML: the editor's text as it is; or a shipped kit extended by the controls changed;
    or, when both, the text with the controls' values written into it (its comments are lost)."""
    changes = _nest({k: _typed(k, v, upload) for k, v in req.options.items()})
    if req.yaml is None:
        head = "# from printkit serve: printkit build FILE.yaml\n"
        return head + _dump(_merge({"extends": req.kit, "name": req.kit}, changes))
    if not changes:
        return req.yaml
    from ..config.yamlsrc import parse_text

    root = parse_text(req.yaml, KIT_FILE)  # a text with mistakes is refused here, at its line
    data = _plain(root)
    if not isinstance(data, dict):
        raise ConfigError([Problem(root.mark, "a kit file must be a mapping of keys")])
    return _dump(_merge(data, changes))


def references(root: Node, upload: Upload | None) -> list[Problem]:
    """Every value in the text that would name a file: only shipped names (and the uploaded font's
    name) are taken from the page."""
    problems = []
    keys = reference_keys()
    stack: list[Node] = [root]
    while stack:
        node = stack.pop()
        if isinstance(node, Map):
            for key, value in node.values.items():
                if key in keys and isinstance(value, Scalar) and value.value is not None \
                        and not isinstance(value.value, bool):
                    # a number is a name too (font: 1e9 names a file '1e9')
                    text = value.value if isinstance(value.value, str) else value.raw
                    if key == "font" and (text in FONT_NAMES or (upload is not None and text == upload.name)):
                        continue
                    # a font is a file: the page has no other than the bundled ones and the upload
                    if key == "font" or is_path(text) or name_problem(text) is not None or "\0" in text:
                        what = Said("serve_err_path_font" if key == "font" else "serve_err_path_other")
                        said = Said("serve_err_path", {"key": key_of(key), "text": quoted(text, 60), "what": what})
                        problems.append(Problem(value.mark, said("en"), said=said))
                stack.append(value)
        elif isinstance(node, Seq):
            stack.extend(node.items)
    return problems


def load_text(text: str, upload: Upload | None = None) -> Kit:
    """The kit of a YAML text from the page; a ConfigError lists every mistake at its line."""
    folder = upload.folder if upload else Path("/nonexistent-printkit-serve")  # relative paths resolve nowhere
    return load_kit_text(text, KIT_FILE, folder, check=lambda root: references(root, upload))


def load(req: Request, upload: Upload | None = None) -> tuple[Kit, str]:
    """The kit the page asks for, and its YAML."""
    text = compose(req, upload)
    return load_text(text, upload), text


# -- the preview ---------------------------------------------------------------------------------------

# What the preview lays out: the tiles and the board for its pictures and pages, the laser for its sheets
# and cut length (half the time); the rest of the figures come from the kit itself.
PREVIEWED = ("tiles", "board", "laser")


def svg_of(doc, prefix: str) -> str:
    """One page of a document as SVG to put in the page: the SVG writer's own output, its ids made
    unique to the picture (two pictures in one page must not share a clip path's id)."""
    from ..writers import write_svg

    buf = io.BytesIO()
    write_svg(replace(doc, pages=doc.pages[:1]), buf)
    text = buf.getvalue().decode("utf-8")
    text = re.sub(r"^<\?xml[^>]*\?>\s*", "", text)
    text = re.sub(r'\bid="([^"]+)"', lambda m: f'id="{prefix}-{m.group(1)}"', text)
    return re.sub(r"url\(#([^)]+)\)", lambda m: f"url(#{prefix}-{m.group(1)})", text)


def values(kit: Kit, upload: Upload | None = None) -> dict[str, str]:
    """Each control's value in the kit as loaded, for the page to show (a kit typed in the editor
    sets them too)."""
    sp = kit.print.spares
    if sp.fill:
        spares = "fill"
    elif not sp.extra and not sp.blanks:
        spares = str(sp.per_letter)
    else:
        spares = ""  # a mapping: only the editor can show it
    font = kit.tile_style.font
    if font is None:
        font_value = "default"
    elif upload is not None and Path(font).name == upload.name and Path(font).parent == upload.folder:
        font_value = "upload"
    else:
        font_value = Path(font).name
    players = kit.play.players
    laser = kit.laser
    return {
        "physical.tile_mm": f"{kit.physical.tile_mm:g}",
        "physical.cell_mm": f"{kit.physical.cell_mm:g}",
        "print.paper": kit.print.paper.name,
        "print.margin_mm": f"{kit.print.margin_mm:g}",
        "print.spares": spares,
        "print.backs": kit.print.backs,
        "print.cut": kit.print.cut,
        "style.tile.font": font_value,
        "laser.profile": laser.machine.name if laser else "",
        "laser.bed": f"{laser.bed_w:g}x{laser.bed_h:g}" if laser else "",
        "laser.material": (laser.machine.settings.name if laser.machine.settings else "none") if laser else "",
        "laser.tabs_mm": f"{laser.tabs_mm:g}" if laser else "",
        # the measured lengths are not kept (only the factors they give): the field shows what was typed
        "print.measured.across": "",
        "print.measured.down": "",
        "physical.kerf_mm": f"{kit.physical.kerf_mm:g}",
        "physical.thickness_mm": f"{kit.physical.thickness_mm:g}",
        "burn.letters": kit.burn.letters,
        "play.players": ", ".join(players) if any(players) else str(len(players)),
        "cutter.profile": kit.cutter.cutter.name,
        "stickers.stock": kit.stickers.stock.name,
        "print3d.printer": kit.print3d.printer.name if kit.print3d else "",
    }


def figures(kit: Kit, documents) -> dict[str, Any]:
    """The kit's figures: its set (as ``check --stats`` prints them) and what its products take."""
    s = stats(kit)
    out: dict[str, Any] = {"tiles": s.tiles, "lettered": s.lettered, "blanks": s.blanks, "points": s.points,
                           "vowel_share": round(float(s.vowel_share), 4), "vowel_tiles": s.vowel_tiles,
                           "mean_value": round(float(s.mean_value), 2), "tile_mm": kit.physical.tile_mm,
                           "cell_mm": kit.physical.cell_mm, "paper": kit.print.paper.name,
                           "paper_mm": [kit.print.paper.width_mm, kit.print.paper.height_mm],
                           "players": len(kit.play.players)}
    for product, doc in documents:
        f = doc.figures
        if doc.kind == "tiles" and doc.format == "pdf":
            out.update(tile_pages=f["pages"], spares=f.get("spares", 0), per_page=f.get("per_page"))
        elif doc.kind == "board" and doc.format == "pdf" and f.get("paper") != "poster":
            out["board_pages"] = f["pages"]
        elif doc.kind == "board" and doc.format == "pdf":
            out["poster_mm"] = f["paper_mm"]
    jobs = Jobs.of(of_document(d) for _, d in documents)  # one a sheet: a profile may make SVG and DXF of each
    if jobs:
        out["laser_sheets"] = len(jobs.of_kind("laser-tiles"))
        out["cut_m"] = round(jobs.cut_mm / 1000, 2)
        out["laser_min"] = round(jobs.time_s / 60)
        out["bed"] = jobs.bed
        out["profile"] = jobs.profile
        out["kerf_mm"] = kit.physical.kerf_mm
    return out


def preview(kit: Kit) -> dict[str, Any]:
    """The pictures (the first page of tiles, the board), the figures, and what ``printkit check``
    finds (its FAILs and warnings, in the kit's language), laid out by the build's own plan and
    drawn by the SVG writer: nothing is written to a file."""
    from .offers import missing

    # the laser's figures only where its files can be written here (a profile of DXF files needs ezdxf)
    documents = plan(kit, [p for p in PREVIEWED if missing(kit, p) is None])
    tiles = next(d for p, d in documents if p == "tiles" and d.kind == "tiles" and d.format == "svg")
    board = next(d for p, d in documents if p == "board" and d.kind == "board" and d.format == "svg")
    found = findings(kit)
    return {"svg": {"tiles": svg_of(tiles, "t"), "board": svg_of(board, "b")}, "figures": figures(kit, documents),
            "check": {"passed": not any(f["status"] == "FAIL" for f in found), "findings": found},
            "warnings": [f for f in found if f["status"] == "warn"]}


def findings(kit: Kit) -> list[dict[str, Any]]:
    """``printkit check``'s FAILs and warnings about ``kit``, in its language, each with its place in
    the editor's text and its control when it has them. The layout of the products the preview
    draws is tried by the preview itself (a failure there is an error of the kit); the others' by
    the build, whose failure the page shows as well."""
    from ..check import FAIL, WARN, check_kit

    out = []
    for f in check_kit(kit, products=()).findings:
        if f.status not in (FAIL, WARN):
            continue
        text, *detail = f.say(kit.language)
        entry: dict[str, Any] = {"status": f.status, "section": f.section, **_placed(text)}
        if detail:
            entry["detail"] = detail
        control = _control(f.option) if f.option else None
        if control:
            entry["control"] = control
        out.append(entry)
    return out


def _control(key: str | None) -> str | None:
    """The page's control of a kit's option (``physical.tile_mm``), or of the option a part of one
    belongs to (``play.players.2`` → ``play.players``)."""
    while key:
        if key in CONTROLS:
            return key
        key = key.rpartition(".")[0]
    return None


def places(text: str) -> dict[int, list[tuple[int, str]]]:
    """Where each option of a kit's text is: line → [(column, dotted key)], for every key and every
    value (a list's items under their list's key). Empty when the text cannot be parsed."""
    from ..config.yamlsrc import parse_text

    try:
        root = parse_text(text, KIT_FILE)
    except PrintkitError:
        return {}
    out: dict[int, list[tuple[int, str]]] = {}

    def put(mark, key: str) -> None:
        out.setdefault(mark.line, []).append((mark.col, key))

    stack: list[tuple[Node, str]] = [(root, "")]
    while stack:
        node, path = stack.pop()
        if isinstance(node, Map):
            for key, value in node.values.items():
                dotted = f"{path}.{key}" if path else key
                put(node.keys[key], dotted)
                put(value.mark, dotted)
                stack.append((value, dotted))
        elif isinstance(node, Seq):
            for item in node.items:
                put(item.mark, path)
                stack.append((item, path))
    return out


def control_at(where: dict[int, list[tuple[int, str]]], line: int, col: int | None) -> str | None:
    """The control of the option written at ``line:col`` of the text (the nearest to its left on the line)."""
    on_line = sorted(where.get(line, []))
    before = [key for c, key in on_line if col is None or c <= col]
    return _control(before[-1]) if before else None


_PLACE = re.compile(re.escape(KIT_FILE) + r":(\d+):(\d+): ")


def _placed(text: str) -> dict[str, Any]:
    """A message, with its line and column in the editor's text when it starts with them."""
    m = _PLACE.match(text)
    return {"text": text, "line": int(m.group(1)), "col": int(m.group(2))} if m else {"text": text}


def fielded(said: Said, control: str) -> Said:
    """``said`` with the key it names (``'tile_mm'``, a figure of its own) said as the label of the page's
    field the message is at («Фишка, мм»), where the key is that field's."""
    name = control.rpartition(".")[2]

    def swap(value):
        if isinstance(value, Said) and value.key == "cfg_key" and value.figures.get("name") == name:
            return Said("serve_field", {"label": label(control)})
        return fielded(value, control) if isinstance(value, Said) else value

    return replace(said, figures={k: swap(v) for k, v in said.figures.items()})


def error_lines(exc: PrintkitError, language: str = "en", text: str | None = None,
                fields: Iterable[str] = ()) -> list[dict[str, Any]]:
    """A failure as the page shows it: each line with its place in the editor's text and the control
    it is about when it has them; the server's own words in ``language``. A message at a control of
    ``fields`` (the controls whose values the page set) names the field by its label («Фишка, мм»); one
    at a key typed in the editor names the key, as the command line does."""
    fields = frozenset(fields)
    if isinstance(exc, PageError):
        return [exc.entry(language)]
    where_keys = places(text) if text else {}
    out = []
    problems = exc.problems if isinstance(exc, ConfigError) else None
    if problems:
        lines = [(p, str(p), p.where) for p in problems]
    elif exc.said is not None:  # one sentence, which names its place itself
        lines = [(Problem(exc.said.where, "", said=replace(exc.said, where="")), str(exc), exc.said.where)]
    else:
        lines = [(None, line, None) for line in exc.lines()]
    for problem, line_text, where in lines:
        entry: dict[str, Any] = {"text": line_text}
        file, line, col = getattr(where, "file", None), getattr(where, "line", None), getattr(where, "col", None)
        if file == KIT_FILE and line:
            entry.update(line=line, col=col)
        else:
            entry = _placed(line_text)  # a build's message that names its place in the text itself
        control = control_at(where_keys, entry["line"], entry.get("col")) if "line" in entry else None
        said = getattr(problem, "said", None)
        if said is not None:  # a sentence of the text table: in the page's language, a field by its label
            told = fielded(said, control)(language) if control in fields else said(language)
            entry["text"] = Problem(where, told).__str__()
        if control:
            entry["control"] = control
        out.append(entry)
    seen = set()
    unique = []
    for e in out:
        if e["text"] not in seen:
            seen.add(e["text"])
            unique.append(e)
    return unique


__all__ = ["CONTROLS", "KIT_FILE", "MAX_YAML", "BadRequest", "PageError", "Request", "Upload", "compose", "control_at",
           "controls", "error_lines", "figures", "findings", "label", "language", "load", "load_text", "parse_request",
           "places", "preview", "references", "svg_of", "values"]
