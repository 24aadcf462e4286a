"""The options described, all from their declarations (:mod:`printkit.config.options`) and their kinds
(:mod:`printkit.config.kinds`): the README's table (``printkit schema --markdown``), the help of the flags
that override an option (``printkit build --help``) and the JSON Schema of a kit file (``printkit schema``).
"""

from __future__ import annotations

import json
from typing import Any

from .kinds import KINDS
from .option import REQUIRED, Option
from .options import KIT_OPTIONS, STYLE_PARTS, flagged, styled


def _limits(o: Option) -> str:
    if o.choices and o.kind == "choice":
        return ", ".join(o.choices)
    if o.lo is None and o.hi is None:
        return ""
    lo = f"{o.lo:g}" if o.lo is not None else ""
    hi = f"{o.hi:g}" if o.hi is not None else ""
    if o.lo_open:
        return f"more than {lo}, up to {hi}"
    return f"{lo}–{hi}".strip("–")


def _shown_default(o: Option) -> str:
    if o.shown:
        return o.shown
    if o.required:
        return "from the template" if o.key.startswith(("style.tile.", "style.board.", "style.page.")) else "required"
    if o.default is None:
        return "not set"
    if isinstance(o.default, bool):
        return "true" if o.default else "false"
    if isinstance(o.default, float):
        return f"{o.default:g}"
    return str(o.default) if o.default != "" else "empty"


def markdown_table() -> str:
    """The README's table of kit options, made from the declarations."""
    rows = ["| option | type | default | what it is |", "| --- | --- | --- | --- |"]
    for o in KIT_OPTIONS + tuple(styled(o) for parts in STYLE_PARTS.values() for o in parts):
        kind = KINDS[o.kind].words
        limits = _limits(o)
        typ = f"{kind}, {limits}" if limits and o.kind != "choice" else (f"{limits}" if limits else kind)
        flag = f" ({o.flag.name})" if o.flag else ""
        rows.append(f"| `{o.key}` | {typ} | {_shown_default(o)} | {o.help}{flag} |")
    return "\n".join(rows) + "\n"


def flag_values(o: Option) -> str:
    """The values a flag takes, from its option's declaration: the kind's choices (the papers, the
    shipped laser profiles), its limits."""
    flag = o.flag
    if flag is not None and flag.factor:
        return f"a factor from {flag.lo:g} to {flag.hi:g}"
    kind = KINDS[o.kind]
    if kind.values is not None:
        return kind.values(o)
    limits = _limits(o)
    return f"{kind.words}{', ' + limits if limits else ''}"


def flag_help(o: Option) -> str:
    """A flag's help, made from its option's declaration: what it sets, the values it takes, and
    the option it overrides."""
    assert o.flag is not None
    return f"{o.flag.help}{'; ' if o.flag.factor else ': '}{flag_values(o)} (overrides {o.key})"


def schema_of(o: Option) -> dict:
    """An option's JSON Schema: its help, its kind's schema, and its default."""
    doc: dict[str, Any] = {"description": o.help}
    doc.update(KINDS[o.kind].schema(o, lambda part: {x.name: schema_of(x) for x in STYLE_PARTS[part]}))
    if not o.required and o.default not in (None, REQUIRED) and o.kind != "overrides":
        doc["default"] = list(o.default) if isinstance(o.default, tuple) else o.default
    return doc


def json_schema() -> dict:
    """A JSON Schema (2020-12) of a kit file, for editors and forms."""
    root: dict[str, Any] = {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "printkit kit",
        "description": "A crossword tile game set: letters, board, rules, sizes and print options.",
        "type": "object", "additionalProperties": False, "properties": {},
    }
    needed: dict[str, Any] = {}  # what a kit must give when it extends no other kit
    for o in KIT_OPTIONS:
        node, need = root, needed
        parts = o.key.split(".")
        for part in parts[:-1]:
            node = node["properties"].setdefault(part, {"type": "object", "additionalProperties": False,
                                                        "properties": {}})
            need = need.setdefault("properties", {}).setdefault(part, {})
        node["properties"][parts[-1]] = schema_of(o)
        if o.required:
            for i in range(len(parts)):  # the sections on the way are required too
                level = needed
                for part in parts[:i]:
                    level = level["properties"][part]
                if parts[i] not in level.setdefault("required", []):
                    level["required"].append(parts[i])
    root["if"] = {"not": {"required": ["extends"]}}
    root["then"] = needed
    return root


def schema_text() -> str:
    return json.dumps(json_schema(), ensure_ascii=False, indent=2) + "\n"


__all__ = ["flag_help", "flag_values", "flagged", "json_schema", "markdown_table", "schema_of", "schema_text"]
