"""Strict YAML reading: a tree of nodes that remember where they came from.

PyYAML only scans and parses (libyaml's C parser when it is installed, else the pure-Python one);
composing the events into nodes is ours, in one pass and without recursion, so that hostile files
are refused quickly and in bounded memory: a file larger than :data:`MAX_FILE_BYTES`, lists and
mappings nested deeper than :data:`MAX_DEPTH`, or a document whose aliases would expand it past
:data:`MAX_VALUES` values or :data:`MAX_TEXT` characters (a "billion laughs" is refused from the
sizes of its anchors, without expanding anything). An alias stands for the very node its anchor
marks: the tree is shared, never copied.

We resolve plain scalars ourselves so that YAML 1.1's traps (``NO`` → false, ``010`` → 8, ``1:30``
→ 90) never reach a config silently. Every node keeps its :class:`Mark` (file, line, column,
1-based, and the real path of the file) so that any later problem can be reported as
``file:line:col: message``.
"""

from __future__ import annotations

import re
import threading
from collections import OrderedDict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Union

import yaml
from yaml.events import (
    AliasEvent,
    DocumentStartEvent,
    MappingEndEvent,
    MappingStartEvent,
    ScalarEvent,
    SequenceEndEvent,
    SequenceStartEvent,
    StreamEndEvent,
    StreamStartEvent,
)
from yaml.parser import Parser as _PyEvents
from yaml.reader import Reader as _PyReader
from yaml.scanner import Scanner as _PyScanner

from ..errors import ConfigError, Problem
from ..inputs import NotUtf8, TooLarge, read_bounded

try:
    from yaml.cyaml import CParser as _CParser
except ImportError:  # PyYAML built without libyaml
    _CParser = None

# The shipped configs are at most 2 KB, 5 levels deep and 241 values. The file limit is not lower
# because a 1000 × 1000 layout (3 MB) is still read far enough to be told it has 1000 rows (libyaml
# reads it in 30 ms); what memory a file can take is bounded by the value count.
MAX_FILE_BYTES = 4_000_000
MAX_DEPTH = 64
MAX_VALUES = 100_000  # every scalar, list and mapping, counted once per alias that repeats it
MAX_TEXT = MAX_FILE_BYTES  # characters of scalar text, counted the same way

#: The parsers this PyYAML offers, the fastest first: "c" (libyaml) and "python".
PARSERS = ("c", "python") if _CParser is not None else ("python",)


@dataclass(frozen=True, slots=True)
class Mark:
    """A place in a config file: its name as shown to the user, 1-based line and column (0 and 0 for
    a command-line flag's value, named by the flag), and the real path of the file (None for text
    that was not read from a file), which takes no part in comparisons or in the text of a message."""

    file: str
    line: int
    col: int
    path: Path | None = field(default=None, compare=False, repr=False)

    def __str__(self) -> str:
        return self.file if self.line == 0 else f"{self.file}:{self.line}:{self.col}"

    @classmethod
    def of_flag(cls, flag: str) -> "Mark":
        """Where a command-line flag's value was given (``--paper``): a message says just the flag."""
        return cls(flag, 0, 0)

    @property
    def flag(self) -> bool:
        """Whether the value was given on the command line (a flag), not written in a file."""
        return self.line == 0

    def at(self, line: int, col: int) -> "Mark":
        """Another place in the same file."""
        return Mark(self.file, line, col, self.path)


@dataclass(slots=True)
class Scalar:
    value: Union[str, int, float, bool, None]
    raw: str
    quoted: bool
    mark: Mark
    trap: str | None = None  # why a plain scalar is ambiguous in YAML 1.1, if it is
    style: str | None = None  # None plain, "'" or '"' quoted, "|" or ">" block
    # For a literal block (``|``): the column (0-based) where its content starts in the source. The
    # value's line k (counting from 0) is written on line ``mark.line + 1 + k``, at ``indent + 1``
    # plus its offset within the value's line. None for any other style.
    indent: int | None = None


@dataclass(slots=True)
class Seq:
    items: list["Node"]
    mark: Mark


@dataclass(slots=True)
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
_OCTAL = re.compile(r"[-+]?0[0-9_]+")
_HEX = re.compile(r"[-+]?0[xXoObB][0-9a-fA-F_]+")
_BASE60 = re.compile(r"[-+]?[0-9][0-9_]*(:[0-5]?[0-9])+(\.[0-9_]*)?")
_UNDERSCORED = re.compile(r"[-+]?[0-9][0-9_]*(\.[0-9_]*)?")
_BOOL_11 = {"y", "yes", "n", "no", "on", "off", "true", "false"}
_NULL = {"", "~", "null"}
_NUMBER_START = frozenset("0123456789+-.")
_MAX_DIGITS = 640  # the lowest limit Python's int() can be set to (sys.set_int_max_str_digits)


def resolve_plain(raw: str) -> tuple[Union[str, int, float, bool, None], str | None]:
    """Value of an unquoted scalar, and the YAML 1.1 trap it falls into (None if none)."""
    if raw in _NULL:
        return None, None
    if raw in ("true", "false"):
        return raw == "true", None
    if raw.lower() in _BOOL_11:
        return raw, f"YAML 1.1 reads {raw} as a yes/no value: quote it ('{raw}') for text, or write true/false"
    if raw[0] not in _NUMBER_START:  # a word: no number or trap below can match
        return raw, None
    if _INT.match(raw):
        if len(raw) > _MAX_DIGITS:  # int() itself may refuse it, and no config needs such a number
            return raw, f"a number of {len(raw.lstrip('+-'))} digits is too long to be read"
        return int(raw), None
    if _FLOAT.match(raw):
        return float(raw), None
    if _OCTAL.fullmatch(raw):
        return raw, f"YAML 1.1 reads {raw} as an octal number: write {raw.lstrip('+-0') or '0'} or quote it"
    if _HEX.fullmatch(raw):
        return raw, f"{raw} is a hexadecimal/octal/binary literal: write a plain decimal number"
    if _BASE60.fullmatch(raw):
        return raw, f"YAML 1.1 reads {raw} as a base-60 number: quote it if you mean text"
    if "_" in raw and _UNDERSCORED.fullmatch(raw):
        return raw, f"YAML 1.1 reads {raw} as a number with '_' separators: write it without them"
    if raw.lower() in (".inf", "-.inf", "+.inf", ".nan"):
        return raw, f"{raw} is not a finite number"
    return raw, None


_CORE = "tag:yaml.org,2002:"
_STR = _CORE + "str"
# Standard tags that change nothing here (values are resolved by the rules above); any other tag is refused.
_PLAIN_TAGS = {_CORE + t for t in ("str", "int", "float", "bool", "null", "seq", "map")}
_BREAK = re.compile("\r\n|[\n\r\x85\u2028\u2029]")


class _PythonParser(_PyReader, _PyScanner, _PyEvents):
    """PyYAML's pure-Python reader, scanner and parser: events only, no composer."""

    def __init__(self, text: str):
        _PyReader.__init__(self, text)
        _PyScanner.__init__(self)
        _PyEvents.__init__(self)


class _Refused(Exception):
    """A bound was crossed: stop reading at once and report this one problem."""

    def __init__(self, problem: Problem):
        self.problem = problem


class _Anchored:
    """What an alias needs of its anchor: the node and the size it adds when repeated."""

    __slots__ = ("node", "values", "text", "height")

    def __init__(self, node: Node, values: int, text: int, height: int):
        self.node, self.values, self.text, self.height = node, values, text, height


class _Open:
    """A list or mapping whose events are still coming."""

    __slots__ = ("node", "anchor", "values", "text", "height", "key", "keep")

    def __init__(self, node: Seq | Map, anchor: str | None, values: int, text: int):
        self.node = node
        self.anchor = anchor
        self.values = values  # the document's counts when it opened, to know its own size at the end
        self.text = text
        self.height = 1  # levels of lists and mappings in it, itself included
        self.key: Node | None = None  # a mapping's key waiting for its value
        self.keep = False  # whether that value is stored (the key was a good one)


class _Composer:
    """Builds our nodes from PyYAML events: one pass, an explicit stack, bounds checked as it goes."""

    def __init__(self, text: str, file: str, path: Path | None):
        self.text = text
        self.file = file
        self.path = path
        self.problems: list[Problem] = []
        self.anchors: dict[str, _Anchored] = {}
        self.open_anchors: dict[str, Mark] = {}
        self.stack: list[_Open] = []
        self.values = 0  # values so far, aliases expanded
        self.chars = 0  # characters of scalar text so far, aliases expanded
        self.lines: list[str] | None = None

    def mark(self, m) -> Mark:
        return Mark(self.file, m.line + 1, m.column + 1, self.path)

    # -- the document ---------------------------------------------------------------------------

    def document(self, events) -> Node:
        """The one document of the stream; raises ConfigError."""
        event = next(events)
        assert isinstance(event, StreamStartEvent), event
        event = next(events)
        if isinstance(event, StreamEndEvent):
            raise ConfigError([Problem(Mark(self.file, 1, 1, self.path), "the file is empty")])
        assert isinstance(event, DocumentStartEvent), event
        root = self.node(events)
        next(events)  # DocumentEndEvent: the parser allows nothing else here
        event = next(events)
        if not isinstance(event, StreamEndEvent):  # a second document: point at its content
            raise ConfigError([Problem(self.mark(next(events).start_mark), "only one YAML document per file")])
        if self.problems:
            raise ConfigError(self.problems)
        return root

    def node(self, events) -> Node:
        """Compose one node (the root) from the events, iteratively."""
        stack = self.stack
        for event in events:
            kind = type(event)
            if kind is ScalarEvent:
                done = self.scalar(event)
            elif kind is SequenceStartEvent or kind is MappingStartEvent:
                self.start(event, kind is MappingStartEvent)
                continue
            elif kind is SequenceEndEvent or kind is MappingEndEvent:
                done = self.end()
            elif kind is AliasEvent:
                done = self.alias(event)
            else:  # pragma: no cover - the parser sends nothing else inside a document
                raise AssertionError(f"unexpected YAML event {event!r}")
            if not stack:
                return done
            self.attach(done)
        raise AssertionError("the YAML events ended inside a document")  # pragma: no cover

    # -- one node of each kind ------------------------------------------------------------------

    def count(self, values: int, chars: int, depth: int, where: Mark, alias: str | None = None) -> None:
        """Add a node's expanded size to the document's, refusing it past a bound."""
        self.values += values
        self.chars += chars
        if depth > MAX_DEPTH:
            how = f" once the alias *{alias} is expanded" if alias else ""
            raise _Refused(Problem(where, f"lists and mappings are nested more than {MAX_DEPTH} levels deep{how}"))
        how = f"with the alias *{alias} expanded, " if alias else ""
        if self.values > MAX_VALUES:
            raise _Refused(Problem(where, f"{how}the document has more than {MAX_VALUES:,} values: "
                                          f"a config needs far fewer"))
        if self.chars > MAX_TEXT:
            raise _Refused(Problem(where, f"{how}the document has more than {MAX_TEXT:,} characters of text"))

    def tag(self, tag: str | None, where: Mark) -> None:
        if tag is None or tag in _PLAIN_TAGS:
            return
        shown = "!!" + tag[len(_CORE):] if tag.startswith(_CORE) else tag
        self.problems.append(Problem(where, f"custom tag {shown} is not allowed"))

    def anchor(self, name: str, where: Mark) -> None:
        first = self.anchors[name].node.mark if name in self.anchors else self.open_anchors.get(name)
        if first is not None:
            raise _Refused(Problem(where, f"the anchor &{name} is defined twice (first at line {first.line})"))

    def scalar(self, event) -> Scalar:
        m = event.start_mark
        where = Mark(self.file, m.line + 1, m.column + 1, self.path)
        raw = event.value
        self.values += 1
        self.chars += len(raw)
        if self.values > MAX_VALUES or self.chars > MAX_TEXT:
            self.count(0, 0, 0, where)  # refuses
        tag = event.tag
        if tag is not None:
            self.tag(tag, where)
        style = event.style or None  # the C parser writes '' for plain
        if style is None:
            if tag == _STR:  # written as !!str: text as is
                node = Scalar(raw, raw, True, where)
            else:
                value, trap = resolve_plain(raw)
                node = Scalar(value, raw, False, where, trap)
        else:
            node = Scalar(raw, raw, True, where, style=style,
                          indent=self.block_indent(event, raw) if style == "|" else None)
        if event.anchor is not None:
            self.anchor(event.anchor, where)
            self.anchors[event.anchor] = _Anchored(node, 1, len(raw), 0)
        return node

    def block_indent(self, event, value: str) -> int | None:
        """Where the content of a literal block starts in its lines: each content line is written
        as that many spaces and then the value's line, unchanged."""
        if self.lines is None:
            self.lines = self.text.splitlines()
        first = event.start_mark.line + 1  # 0-based: the line after the | indicator
        for k, line in enumerate(value.split("\n")):
            if line.strip():
                src = self.lines[first + k] if first + k < len(self.lines) else ""
                indent = len(src) - len(line)
                return indent if indent >= 0 and src.endswith(line) and not src[:indent].strip() else None
        return None

    def start(self, event, mapping: bool) -> None:
        where = self.mark(event.start_mark)
        self.count(1, 0, len(self.stack) + 1, where)
        self.tag(event.tag, where)
        node = Map({}, {}, where) if mapping else Seq([], where)
        if event.anchor is not None:
            self.anchor(event.anchor, where)
            self.open_anchors[event.anchor] = where
        self.stack.append(_Open(node, event.anchor, self.values - 1, self.chars))

    def end(self) -> Node:
        done = self.stack.pop()
        if self.stack:
            self.stack[-1].height = max(self.stack[-1].height, done.height + 1)
        if done.anchor is not None:
            del self.open_anchors[done.anchor]
            self.anchors[done.anchor] = _Anchored(done.node, self.values - done.values, self.chars - done.text,
                                                  done.height)
        return done.node

    def alias(self, event) -> Node:
        where = self.mark(event.start_mark)
        name = event.anchor
        if name in self.open_anchors:
            raise _Refused(Problem(where, f"the alias *{name} is inside the node it names "
                                          f"(&{name} at line {self.open_anchors[name].line}): it would never end"))
        target = self.anchors.get(name)
        if target is None:
            raise _Refused(Problem(where, f"the alias *{name} names no anchor: write &{name} on a value before it"))
        self.count(target.values, target.text, len(self.stack) + target.height, where, alias=name)
        if self.stack:
            self.stack[-1].height = max(self.stack[-1].height, target.height + 1)
        return target.node

    # -- lists and mappings ---------------------------------------------------------------------

    def attach(self, node: Node) -> None:
        """Put a finished node into the list or mapping that holds it."""
        top = self.stack[-1]
        parent = top.node
        if type(parent) is Seq:
            parent.items.append(node)
        elif top.key is None:
            top.key = node  # type: ignore[assignment]
            top.keep = self.key_ok(parent, node)
        else:
            if top.keep:
                key = top.key  # a Scalar: key_ok said so
                parent.values[key.raw] = node
                parent.keys[key.raw] = key.mark
            top.key = None

    def key_ok(self, parent: Map, key: Node) -> bool:
        """Whether a mapping's key may be stored; if not, say why (its value is dropped)."""
        if not isinstance(key, Scalar):
            self.problems.append(Problem(key.mark, "a key must be a plain word, not a list or mapping"))
            return False
        if key.raw == "<<":
            self.problems.append(Problem(key.mark, "merge keys (<<) are not supported: use extends:"))
            return False
        first = parent.keys.get(key.raw)
        if first is not None:
            self.problems.append(Problem(key.mark, f"duplicate key '{key.raw}' (first at line {first.line})"))
            return False
        return True


def _where(text: str, index: int, file: str, path: Path | None) -> Mark:
    """The line and column of a character of ``text``, counting line breaks as YAML does."""
    before = text[:index]
    breaks = list(_BREAK.finditer(before))
    start = breaks[-1].end() if breaks else 0
    return Mark(file, len(breaks) + 1, index - start + 1, path)


def _offset(text: str, line: int, col: int) -> int:
    """The index in ``text`` of a 0-based line and column."""
    start = 0
    for n, brk in enumerate(_BREAK.finditer(text)):
        if n == line:
            break
        start = brk.end()
    return start + col


def _events(text: str, parser: str):
    if parser == "c":
        if _CParser is None:
            raise ValueError("PyYAML has no libyaml here: use parser='python'")
        p = _CParser(text)
    elif parser == "python":
        p = _PythonParser(text)
    else:
        raise ValueError(f"unknown YAML parser {parser!r} (known: c, python)")
    get = p.get_event
    while True:
        event = get()
        yield event
        if type(event) is StreamEndEvent:
            return


def _too_big(size: int, where: Mark) -> ConfigError:
    return ConfigError([Problem(where, f"the file is {size:,} bytes: the limit for a config file is "
                                       f"{MAX_FILE_BYTES:,} bytes")])


def parse_text(text: str, file: str, path: Path | None = None, parser: str | None = None) -> Node:
    """Parse one YAML document; raise ConfigError listing every problem found.

    ``file`` is the name shown in messages, ``path`` the real file (kept on every mark), ``parser``
    "c" or "python" (default: the first of :data:`PARSERS`)."""
    path = Path(path) if path is not None else None
    if len(text) > MAX_FILE_BYTES // 4:  # only then can its UTF-8 form be over the limit
        size = len(text.encode("utf-8", "surrogatepass"))
        if size > MAX_FILE_BYTES:
            raise _too_big(size, Mark(file, 1, 1, path))
    parser = parser or PARSERS[0]
    composer = _Composer(text, file, path)
    try:
        return composer.document(_events(text, parser))
    except _Refused as exc:
        raise ConfigError([exc.problem]) from None
    except yaml.MarkedYAMLError as exc:
        m = exc.problem_mark or exc.context_mark
        mark = composer.mark(m) if m else Mark(file, 1, 1, path)
        what = exc.problem or exc.context or "syntax error"
        if parser == "c" and "maximum nesting depth" in what and m is not None:
            # libyaml scans ahead and has its own limit (1000 levels), which it can meet before we see
            # the level past ours; the text before that point holds that level, so read only that.
            head = text[:_offset(text, m.line, m.column)]
            try:
                _Composer(head, file, path).document(_events(head, "c"))
            except _Refused as deeper:
                raise ConfigError([deeper.problem]) from None
            except (yaml.YAMLError, ConfigError):  # pragma: no cover - the head ends inside the levels
                pass
            raise ConfigError([Problem(mark, f"lists and mappings are nested more than {MAX_DEPTH} "
                                             f"levels deep")]) from None  # pragma: no cover
        if m is not None and ("tab character" in what or _offset(text, m.line, m.column) < len(text)
                              and text[_offset(text, m.line, m.column)] == "\t"):
            raise ConfigError([Problem(mark, "a tab: indent with spaces (YAML allows no tabs in indentation)")]) \
                from None
        raise ConfigError([Problem(mark, f"YAML syntax error: {what}")]) from None
    except yaml.reader.ReaderError as exc:  # a character YAML does not allow, anywhere
        index = exc.position
        if parser == "c":  # libyaml counts bytes of the UTF-8 text
            index = len(text.encode("utf-8")[:index].decode("utf-8", "ignore"))
        raise ConfigError([_bad_character(text, index, file, path)]) from None
    except UnicodeEncodeError as exc:  # a lone surrogate, which libyaml cannot even be given
        raise ConfigError([_bad_character(text, exc.start, file, path)]) from None


def _bad_character(text: str, index: int, file: str, path: Path | None) -> Problem:
    code = ord(text[index]) if 0 <= index < len(text) else 0
    return Problem(_where(text, index, file, path),
                   f"character U+{code:04X} is not allowed in YAML: remove it")


def parse_file(path: Path, display: str | None = None, parser: str | None = None) -> Node:
    """Read and parse a config file, refusing one over :data:`MAX_FILE_BYTES` before reading it
    all; ``display`` is its name in messages (default: the path)."""
    name = display or str(path)
    path = Path(path)
    start = Mark(name, 1, 1, path)
    try:  # a FIFO or a device is refused at once, never waited on; a file over the limit never read whole
        text = read_bounded(path, MAX_FILE_BYTES, "a config file", text=True)
    except FileNotFoundError:
        raise ConfigError([Problem(start, "file not found")]) from None
    except NotUtf8 as exc:
        raise ConfigError([Problem(start.at(exc.line, exc.col), str(exc))]) from None
    except TooLarge as exc:
        raise ConfigError([Problem(start, exc.strerror)]) from None
    except OSError as exc:
        raise ConfigError([Problem(start, f"cannot read: {exc.strerror}")]) from None
    key = (text, name, str(path), parser)
    with _parsed_lock:
        node = _parsed.get(key)
        if node is not None:
            _parsed.move_to_end(key)
            return node
    node = parse_text(text, name, path, parser)
    with _parsed_lock:
        _parsed[key] = node
        while len(_parsed) > PARSED_CACHE:
            _parsed.popitem(last=False)
    return node


# Parsed files by their content (and name, path and parser), so that loading every kit does not
# parse the shared style template and label sets again and again. Keyed by the text itself, a
# changed file is always read anew; bounded, so a long-running process does not grow. The trees
# are never changed after parsing (merges make new mappings), so sharing them is safe.
PARSED_CACHE = 64
_parsed: OrderedDict[tuple, Node] = OrderedDict()
_parsed_lock = threading.Lock()
