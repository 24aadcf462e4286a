"""Strict YAML reading: a tree of nodes that remember where they came from.

PyYAML composes the document; we resolve plain scalars ourselves so that YAML 1.1's traps
(``NO`` → false, ``010`` → 8, ``1:30`` → 90) never reach a config silently. Every node keeps
its :class:`Mark` (file, line, column, 1-based) so that any later problem can be reported as
``file:line:col: message``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Union

import yaml

from ..errors import ConfigError, Problem


@dataclass(frozen=True)
class Mark:
    file: str
    line: int
    col: int

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.col}"


@dataclass
class Scalar:
    value: Union[str, int, float, bool, None]
    raw: str
    quoted: bool
    mark: Mark
    trap: str | None = None  # why a plain scalar is ambiguous in YAML 1.1, if it is
    style: str | None = None  # None plain, "'" or '"' quoted, "|" or ">" block


@dataclass
class Seq:
    items: list["Node"]
    mark: Mark


@dataclass
class Map:
    """An ordered mapping of string keys; ``keys`` keeps each key's own mark."""

    values: dict[str, "Node"]
    keys: dict[str, Mark]
    mark: Mark
    extra: dict = field(default_factory=dict)

    def get(self, key: str) -> "Node | None":
        return self.values.get(key)


Node = Union[Scalar, Seq, Map]

_INT = re.compile(r"[-+]?(0|[1-9][0-9]*)\Z")
_FLOAT = re.compile(r"[-+]?([0-9]+\.[0-9]*|\.[0-9]+)([eE][-+]?[0-9]+)?\Z|[-+]?[0-9]+[eE][-+]?[0-9]+\Z")
_BOOL_11 = {"y", "yes", "n", "no", "on", "off", "true", "false"}
_NULL = {"", "~", "null"}


def resolve_plain(raw: str) -> tuple[Union[str, int, float, bool, None], str | None]:
    """Value of an unquoted scalar, and the YAML 1.1 trap it falls into (None if none)."""
    if raw in _NULL:
        return None, None
    if raw in ("true", "false"):
        return raw == "true", None
    if raw.lower() in _BOOL_11:
        return raw, f"YAML 1.1 reads {raw} as a yes/no value: quote it ('{raw}') for text, or write true/false"
    if _INT.match(raw):
        return int(raw), None
    if _FLOAT.match(raw):
        return float(raw), None
    if re.fullmatch(r"[-+]?0[0-9_]+", raw):
        return raw, f"YAML 1.1 reads {raw} as an octal number: write {raw.lstrip('+-0') or '0'} or quote it"
    if re.fullmatch(r"[-+]?0[xXoObB][0-9a-fA-F_]+", raw):
        return raw, f"{raw} is a hexadecimal/octal/binary literal: write a plain decimal number"
    if re.fullmatch(r"[-+]?[0-9][0-9_]*(:[0-5]?[0-9])+(\.[0-9_]*)?", raw):
        return raw, f"YAML 1.1 reads {raw} as a base-60 number: quote it if you mean text"
    if re.fullmatch(r"[-+]?[0-9][0-9_]*(\.[0-9_]*)?", raw) and "_" in raw:
        return raw, f"YAML 1.1 reads {raw} as a number with '_' separators: write it without them"
    if raw.lower() in (".inf", "-.inf", "+.inf", ".nan"):
        return raw, f"{raw} is not a finite number"
    return raw, None


_STR = "tag:yaml.org,2002:str"
_RESOLVER = yaml.resolver.Resolver()


def _mark(file: str, m) -> Mark:
    return Mark(file, m.line + 1, m.column + 1)


class _Converter:
    def __init__(self, file: str):
        self.file = file
        self.problems: list[Problem] = []

    def convert(self, node: yaml.Node) -> Node:
        mark = _mark(self.file, node.start_mark)
        if node.tag and node.tag.startswith("!") and not node.tag.startswith("!!"):
            self.problems.append(Problem(mark, f"custom tag {node.tag} is not allowed"))
        if isinstance(node, yaml.ScalarNode):
            if node.style is None:  # plain
                value, trap = resolve_plain(node.value)
                if node.tag == _STR and _RESOLVER.resolve(yaml.ScalarNode, node.value, (True, False)) != _STR:
                    return Scalar(node.value, node.value, True, mark)  # written as !!str: text as is
                return Scalar(value, node.value, False, mark, trap)
            return Scalar(node.value, node.value, True, mark, style=node.style)
        if isinstance(node, yaml.SequenceNode):
            return Seq([self.convert(n) for n in node.value], mark)
        if isinstance(node, yaml.MappingNode):
            values: dict[str, Node] = {}
            keys: dict[str, Mark] = {}
            for knode, vnode in node.value:
                kmark = _mark(self.file, knode.start_mark)
                if not isinstance(knode, yaml.ScalarNode):
                    self.problems.append(Problem(kmark, "a key must be a plain word, not a list or mapping"))
                    continue
                key = knode.value
                if key == "<<":
                    self.problems.append(Problem(kmark, "merge keys (<<) are not supported: use extends:"))
                    continue
                if key in values:
                    first = keys[key]
                    self.problems.append(
                        Problem(kmark, f"duplicate key '{key}' (first at line {first.line})"))
                    continue
                values[key] = self.convert(vnode)
                keys[key] = kmark
            return Map(values, keys, mark)
        raise AssertionError(f"unexpected YAML node {node!r}")


SOURCE_LINES: dict[str, list[str]] = {}
SOURCE_PATHS: dict[str, Path] = {}


def source_path(file: str) -> Path | None:
    """The real path of a file known by its display name in marks."""
    return SOURCE_PATHS.get(file)


def source_line(file: str, line: int) -> str:
    """The text of a line of a parsed file (1-based), for pointing inside block scalars."""
    lines = SOURCE_LINES.get(file, [])
    return lines[line - 1] if 0 < line <= len(lines) else ""


def parse_text(text: str, file: str) -> Node:
    """Parse one YAML document; raise ConfigError listing every problem found."""
    SOURCE_LINES[file] = text.splitlines()
    try:
        docs = list(yaml.compose_all(text, Loader=yaml.SafeLoader))
    except yaml.MarkedYAMLError as exc:
        m = exc.problem_mark or exc.context_mark
        mark = _mark(file, m) if m else Mark(file, 1, 1)
        what = exc.problem or exc.context or "syntax error"
        raise ConfigError([Problem(mark, f"YAML syntax error: {what}")]) from None
    except yaml.YAMLError as exc:  # pragma: no cover - PyYAML raises marked errors for text
        raise ConfigError([Problem(Mark(file, 1, 1), f"YAML error: {exc}")]) from None
    if not docs or docs[0] is None:
        raise ConfigError([Problem(Mark(file, 1, 1), "the file is empty")])
    if len(docs) > 1:
        raise ConfigError([Problem(_mark(file, docs[1].start_mark), "only one YAML document per file")])
    conv = _Converter(file)
    root = conv.convert(docs[0])
    if conv.problems:
        raise ConfigError(conv.problems)
    return root


def parse_file(path: Path, display: str | None = None) -> Node:
    name = display or str(path)
    SOURCE_PATHS[name] = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ConfigError([Problem(Mark(name, 1, 1), "file not found")]) from None
    except UnicodeDecodeError as exc:
        data = path.read_bytes()[:exc.start]
        line, col = data.count(b"\n") + 1, exc.start - (data.rfind(b"\n") + 1) + 1
        raise ConfigError([Problem(Mark(name, line, col), f"not UTF-8 text: save the file as UTF-8 "
                                                          f"(byte {exc.start} is {exc.object[exc.start]:#04x})")]) from None
    except OSError as exc:
        raise ConfigError([Problem(Mark(name, 1, 1), f"cannot read: {exc.strerror}")]) from None
    if text.startswith("\ufeff"):
        text = text[1:]
    return parse_text(text, name)
