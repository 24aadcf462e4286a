"""The kinds of option, one record each: what an option of that kind is in words, how it is read from its
section (where every file reads it alike), its JSON Schema, the values a flag of it takes, the choices a form
offers for it, and how a form's text becomes the value the reader expects.

The declarations (:mod:`printkit.config.options`, and the profiles' own) say each option's kind by name;
the readers of kit files and profiles read it by :data:`KINDS` (a file that reads a kind its own way, as a
kit reads a size or a colour, passes its reader); the README's table, the flags' help and the JSON Schema
(:mod:`printkit.config.reference`) and the web page's controls (:mod:`printkit.serve.state`) describe it by
:data:`KINDS`. A new kind is one entry here.
"""

from __future__ import annotations

import re
from typing import Any, Callable

from ..paths import MAX_NAME
from ..records import record
from .keeperurl import MAX_URL
from .option import REQUIRED, Option, Reader
from .profiles import CUTTERS, MACHINES, MATERIALS, PRINTERS, STOCKS
from .reader import Fields, word_list
from .sizes import MAX_BED, MIN_BED, PAPER_NAMES
from .yamlsrc import Mark, Node, Scalar, Seq

MIN_PLAYERS, MAX_PLAYERS = 2, 6
HEX = "^#[0-9a-fA-F]{6}$"
# a web address (play.keeper_url) as the schema can tell it: http(s)://, no space, no '#' (or nothing: no QR code);
# the kit reader says more (printkit.config.keeperurl)
URL = "^([hH][tT][tT][pP][sS]?://[^\\s#]+)?$"

# the JSON Schema of an option: (the option, the schema of a part's options by the part's name) → its schema
Schema = Callable[[Option, Callable[[str], dict]], dict]


def _string(o: Option, part: Callable[[str], dict]) -> dict:
    return {"type": "string"}


def _as_text(text: str, o: Option) -> Any:
    return text


def _as_number(text: str, o: Option) -> Any:
    """A form's number as YAML's (a decimal comma taken as a point); text it cannot be is passed on as text,
    for the reader to report at its line."""
    try:
        number = float(text.replace(",", "."))
    except ValueError:
        return text
    return int(number) if number.is_integer() else number


def _quoted(text: str, mark: Mark) -> Node:
    """A flag's text as a quoted text (``--paper 5`` is a paper named 5, not a number)."""
    return Scalar(text, text, True, mark)


def _players_flag(text: str, mark: Mark) -> Node:
    """Players as a number, or a list of names (comma-separated)."""
    t = text.strip()
    if t.isdigit():
        return Scalar(int(t), t, False, mark)
    return Seq([Scalar(n, n, True, mark) for n in t.split(",")], mark)


@record
class Kind:
    """One kind of option."""

    name: str  # as the declarations write it: "mm"
    words: str  # the README's type column and a flag's values: "whole number"
    read: Reader | None = None  # how every file reads it; None: each file that has it reads it its own way
    schema: Schema = _string
    values: Callable[[Option], str] | None = None  # the values a flag of it takes (None: its words and limits)
    choices: Callable[[Option], tuple[str, ...]] | None = None  # a form's choices (None: the option's own)
    typed: Callable[[str, Option], Any] = _as_text  # a form's text as the value the reader expects
    a_file: bool = False  # its value may name a file (the web page takes only names there)
    from_flag: Callable[[str, Mark], Node] = _quoted  # a flag's text as the node a file would have there

    def choices_of(self, o: Option) -> tuple[str, ...]:
        return self.choices(o) if self.choices is not None else o.choices


# -- the readers every file shares --------------------------------------------------------------------------

def _number(f: Fields, o: Option):
    if o.kind == "whole":
        return f.whole(o.name, required=False, lo=int(o.lo or 0), hi=None if o.hi is None else int(o.hi))
    return f.number(o.name, required=False, lo=o.lo or 0.0, hi=o.hi, unit=o.unit, lo_open=o.lo_open)


def _text(f: Fields, o: Option):
    return f.text(o.name, required=False, max_len=20000 if o.name == "notes" else 2000)


# -- the schemas --------------------------------------------------------------------------------------------

def _numeric(kind: str) -> Schema:
    def schema(o: Option, part: Callable[[str], dict]) -> dict:
        doc: dict[str, Any] = {"type": kind}
        if o.lo is not None:
            doc["exclusiveMinimum" if o.lo_open else "minimum"] = o.lo
        if o.hi is not None:
            doc["maximum"] = o.hi
        return doc

    return schema


def _spares_schema(o: Option, part: Callable[[str], dict]) -> dict:
    count = {"type": "integer", "minimum": 0, "maximum": 20}
    return {"oneOf": [count, {"const": "fill"}, {
        "type": "object", "additionalProperties": False, "properties": {
            "per_letter": count, "blanks": count,
            "letters": {"type": "object", "additionalProperties": {"type": "integer", "minimum": 0, "maximum": 100}}}}]}


def _players_schema(o: Option, part: Callable[[str], dict]) -> dict:
    return {"oneOf": [{"type": "integer", "minimum": MIN_PLAYERS, "maximum": MAX_PLAYERS},
                      {"type": "array", "minItems": MIN_PLAYERS, "maxItems": MAX_PLAYERS,
                       "items": {"type": "string", "minLength": 1, "maxLength": 40}}]}


def _paper_schema(o: Option, part: Callable[[str], dict]) -> dict:
    return {"type": "string", "anyOf": [{"enum": list(PAPER_NAMES)},
                                        {"pattern": r"^\s*[0-9]+(\.[0-9]+)?\s*[xX×]\s*[0-9]+(\.[0-9]+)?\s*(mm)?\s*$"}]}


def _ref_schema(o: Option, part: Callable[[str], dict]) -> dict:
    return {"oneOf": [{"type": "string", "minLength": 1}, {"type": "object"}]}


def _profile(shelf, folder: str, more: str = "or a profile file") -> Callable[[Option], str]:
    return lambda o: f"{', '.join(shelf.names())} (templates/{folder}/), {more}"


def _players_typed(text: str, o: Option) -> Any:
    if re.fullmatch(r"[0-9]+", text):
        return _as_number(text, o)
    return [name.strip() for name in text.split(",")]


KINDS: dict[str, Kind] = {k.name: k for k in (
    Kind("text", "text", _text),
    Kind("name", "name", schema=lambda o, part: {"type": "string", "minLength": 1, "maxLength": MAX_NAME,
                                                   "pattern": r'^[^./\\<>:"|?*\-][^/\\<>:"|?*]*$'}),
    Kind("whole", "whole number", _number, _numeric("integer"), typed=_as_number),
    Kind("number", "number", _number, _numeric("number"), typed=_as_number),
    Kind("mm", "mm", _number, _numeric("number"), typed=_as_number),
    Kind("flag", "true/false", lambda f, o: f.flag(o.name, default=o.default), lambda o, part: {"type": "boolean"}),
    Kind("choice", "one of", lambda f, o: f.choice(o.name, o.choices, required=False, default=None),
         lambda o, part: {"enum": list(o.choices)}, values=lambda o: ", ".join(o.choices)),
    Kind("parts", "list", lambda f, o: word_list(f, o.name, o.choices),
         lambda o, part: {"type": "array", "minItems": 1, "uniqueItems": True, "items": {"enum": list(o.choices)}}),
    Kind("colour", "#rrggbb", schema=lambda o, part: {"type": "string", "pattern": HEX}),
    Kind("colours", "colours", schema=lambda o, part: {
        "type": "object", "additionalProperties": False,
        "properties": {c: {"type": "string", "pattern": HEX} for c in o.choices}}),
    Kind("paper", "paper", schema=_paper_schema, values=lambda o: f"{', '.join(o.choices)}, or WxH in mm",
         choices=lambda o: PAPER_NAMES),
    Kind("spares", "spares", schema=_spares_schema,
         typed=lambda text, o: text if text == "fill" else _as_number(text, o)),
    Kind("ref", "name, file or mapping", schema=_ref_schema, a_file=True),
    Kind("labels", "name or mapping", schema=_ref_schema),
    Kind("overrides", "mapping", schema=lambda o, part: {"type": "object", "additionalProperties": False,
                                                         "properties": part(o.name)}),
    Kind("font", "font", values=lambda o: "a TrueType file", choices=lambda o: ("default",), a_file=True),
    Kind("kit", "kit name or file", a_file=True),
    Kind("machine", "name or file", values=_profile(MACHINES, "machines"), choices=lambda o: tuple(MACHINES.names()),
         a_file=True),
    Kind("printer", "name or file", values=_profile(PRINTERS, "printers"), choices=lambda o: tuple(PRINTERS.names()),
         a_file=True),
    Kind("cutter", "name or file", values=_profile(CUTTERS, "cutters"), choices=lambda o: tuple(CUTTERS.names()),
         a_file=True),
    Kind("material", "name or file", values=_profile(MATERIALS, "materials", "none, or a material file"),
         choices=lambda o: tuple(MATERIALS.names()) + ("none",), a_file=True),
    Kind("stock", "name or file", values=_profile(STOCKS, "labels", "a .yaml stock or a glabels .xml template"),
         choices=lambda o: tuple(STOCKS.names()), a_file=True),
    Kind("size", "WxH mm", values=lambda o: f"WxH in mm, e.g. 300x200, each side {MIN_BED:g} to {MAX_BED:g}"),
    Kind("file", "file", a_file=True),
    Kind("formats", "list"),
    Kind("order", "list"),
    Kind("papers", "list"),
    Kind("players", "number or names", schema=_players_schema, typed=_players_typed, from_flag=_players_flag,
         values=lambda o: f"a number from {o.lo:g} to {o.hi:g}, or names, comma-separated; a team as 'Аня + Боря'"),
    Kind("url", "web address", schema=lambda o, part: {"type": "string", "maxLength": MAX_URL, "pattern": URL}),
)}


def kind_of(o: Option) -> Kind:
    return KINDS[o.kind]


def default(o: Option) -> Any:
    """An option's value when its key is absent (None for a required one: its absence is a problem)."""
    return None if o.default is REQUIRED else o.default


__all__ = ["KINDS", "MAX_NAME", "MAX_PLAYERS", "MIN_PLAYERS", "Kind", "default", "kind_of"]
