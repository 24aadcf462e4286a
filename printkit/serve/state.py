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
from typing import Any

import yaml

from ..build import plan
from ..config import DEFAULT_KIT, kit_names, load_kit_text
from ..config.machine import machine_names
from ..config.options import BOARD_STYLE, KIT_OPTIONS, PAGE_STYLE, PAPER_NAMES, TILE_STYLE, Option
from ..config.sources import is_path
from ..config.yamlsrc import Map, Node, Scalar, Seq
from ..errors import ConfigError, PrintkitError, Problem
from ..model import Kit
from ..paths import name_problem
from ..stats import stats

KIT_FILE = "kit.yaml"  # the name the editor's text has in messages
MAX_YAML = 200_000  # characters of the editor's text (the shipped kits are about 2 KB)
MAX_OPTION = 400  # characters of one control's text

# The page's controls, in its order: each an option declared in printkit.config.options.
CONTROLS = ("physical.tile_mm", "physical.cell_mm", "print.paper", "print.margin_mm", "print.spares",
            "print.backs", "print.cut", "style.tile.font", "laser.profile", "laser.bed", "physical.kerf_mm",
            "play.players")

# The kinds of option whose value may name a file (options.py declares each option's kind): a kit
# from the page may give only a name there.
PATH_KINDS = ("kit", "ref", "machine", "font", "file")
FONT_NAMES = ("default", "letters")


def reference_keys() -> frozenset[str]:
    """The keys whose value may be a file's path, wherever in the text they are: the options of a
    path kind, ``extends`` (a config's parent, in a kit or in a part written inline) and the style
    template's name (a file of templates/styles/)."""
    options = KIT_OPTIONS + TILE_STYLE + BOARD_STYLE + PAGE_STYLE
    return frozenset({o.name for o in options if o.kind in PATH_KINDS} | {"extends", "template"})


class BadRequest(PrintkitError):
    """A request the page would never send (wrong types, unknown names): one line, HTTP 400."""


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
    """The controls for the page, made from the option declarations: key, kind, limits, choices, help."""
    out = []
    for key in CONTROLS:
        o = option(key)
        choices: tuple[str, ...] = o.choices
        if o.kind == "paper":
            choices = PAPER_NAMES
        elif o.kind == "machine":
            choices = tuple(machine_names())
        elif o.kind == "font":
            choices = ("default",)
        default = o.default if isinstance(o.default, (int, float, str)) and not isinstance(o.default, bool) else None
        out.append({"key": key, "kind": o.kind, "unit": o.unit, "lo": o.lo, "hi": o.hi, "choices": list(choices),
                    "default": default, "help": o.help})
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
        raise BadRequest("the request must be a JSON object")
    kit = data.get("kit", DEFAULT_KIT)
    if not isinstance(kit, str) or kit not in kit_names():
        raise BadRequest(f"no shipped kit named {quoted(kit)}")
    options = data.get("options")
    options = {} if options is None else options
    if not isinstance(options, dict):
        raise BadRequest("'options' must map a control to its value")
    clean = {}
    for key, value in options.items():
        if key not in CONTROLS:
            raise BadRequest(f"no control named {quoted(key)}")
        if isinstance(value, bool) or not isinstance(value, (str, int, float)):
            raise BadRequest(f"{key}: the value must be text or a number")
        text = str(value).strip()
        if len(text) > MAX_OPTION:
            raise BadRequest(f"{key}: the value is longer than {MAX_OPTION} characters")
        if text:
            clean[key] = text
    text = data.get("yaml")
    if text is not None:
        if not isinstance(text, str):
            raise BadRequest("'yaml' must be text")
        if len(text) > MAX_YAML:
            raise BadRequest(f"the kit's text is {len(text)} characters long: the limit is {MAX_YAML}")
    font = data.get("font")
    if font is not None and not isinstance(font, str):
        raise BadRequest("'font' must be an upload's token")
    return Request(kit, clean, text, font or None)


def quoted(value: Any) -> str:
    """A value from the page, as one short line of a message."""
    text = value if isinstance(value, str) else repr(value)
    text = "".join(ch if ch.isprintable() else "?" for ch in text)
    return "'" + (text[:60] + "…" if len(text) > 60 else text) + "'"


# -- the kit's YAML ------------------------------------------------------------------------------------

def _typed(key: str, text: str, upload: Upload | None) -> Any:
    """A control's text as the YAML value the kit reader expects; text it cannot be is passed on as
    text, for the reader to report at its line."""
    o = option(key)
    if o.kind in ("mm", "number", "whole") or (o.kind == "spares" and text != "fill") or (
            o.kind == "players" and re.fullmatch(r"[0-9]+", text)):
        try:
            number = float(text.replace(",", "."))
        except ValueError:
            return text
        return int(number) if number.is_integer() else number
    if o.kind == "players":
        return [name.strip() for name in text.split(",")]
    if o.kind == "font" and text == "upload":
        return upload.name if upload else "default"
    return text


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
                if key in keys and isinstance(value, Scalar) and isinstance(value.value, str):
                    text = value.value
                    if key == "font" and (text in FONT_NAMES or (upload is not None and text == upload.name)):
                        continue
                    if is_path(text) or name_problem(text) is not None or "\0" in text:
                        what = "upload the font on the page" if key == "font" else \
                            "use a shipped name, or build a kit of your own files with the command line"
                        problems.append(Problem(value.mark, f"'{key}': the page reads no files by their path "
                                                            f"({quoted(text)}): {what}"))
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


def _svg(doc, prefix: str) -> str:
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
        "physical.kerf_mm": f"{kit.physical.kerf_mm:g}",
        "play.players": ", ".join(players) if any(players) else str(len(players)),
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
    laser = [d.figures for _, d in documents if d.kind.startswith("laser-") and d.format == "svg"]
    if laser:
        out["laser_sheets"] = sum(1 for _, d in documents if d.kind == "laser-tiles" and d.format == "svg")
        out["cut_m"] = round(sum(f.get("cut_mm", 0) for f in laser) / 1000, 2)
        out["laser_min"] = round(sum(f.get("time_s", 0) for f in laser) / 60)
        out["bed"] = laser[0].get("bed")
        out["profile"] = laser[0].get("profile")
        out["kerf_mm"] = kit.physical.kerf_mm
    return out


def preview(kit: Kit) -> dict[str, Any]:
    """The pictures (the first page of tiles, the board), the figures, and check's warnings of what
    builds but looks wrong, laid out by the build's own plan and drawn by the SVG writer: nothing is
    written to a file."""
    from ..check import printing_warnings

    documents = plan(kit, list(PREVIEWED))
    tiles = next(d for p, d in documents if p == "tiles" and d.kind == "tiles" and d.format == "svg")
    board = next(d for p, d in documents if p == "board" and d.kind == "board" and d.format == "svg")
    return {"svg": {"tiles": _svg(tiles, "t"), "board": _svg(board, "b")}, "figures": figures(kit, documents),
            "warnings": [_placed(text) for text in printing_warnings(kit)]}


_PLACE = re.compile(re.escape(KIT_FILE) + r":(\d+):(\d+): ")


def _placed(text: str) -> dict[str, Any]:
    """A message, with its line and column in the editor's text when it starts with them."""
    m = _PLACE.match(text)
    return {"text": text, "line": int(m.group(1)), "col": int(m.group(2))} if m else {"text": text}


def error_lines(exc: PrintkitError) -> list[dict[str, Any]]:
    """A failure as the page shows it: each line with its place in the editor's text when it has one."""
    out = []
    problems = exc.problems if isinstance(exc, ConfigError) else None
    for text, where in ([(str(p), p.where) for p in problems] if problems else [(line, None) for line in exc.lines()]):
        entry: dict[str, Any] = {"text": text}
        file, line, col = getattr(where, "file", None), getattr(where, "line", None), getattr(where, "col", None)
        if file == KIT_FILE and line:
            entry.update(line=line, col=col)
        else:
            entry = _placed(text)  # a build's message that names its place in the text itself
        out.append(entry)
    seen = set()
    unique = []
    for e in out:
        if e["text"] not in seen:
            seen.add(e["text"])
            unique.append(e)
    return unique


__all__ = ["CONTROLS", "KIT_FILE", "MAX_YAML", "BadRequest", "Request", "Upload", "compose", "controls",
           "error_lines", "figures", "load", "load_text", "parse_request", "quoted", "preview", "references", "values"]
