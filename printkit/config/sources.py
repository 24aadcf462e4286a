"""Finding config documents by name or path, and resolving ``extends:``.

A reference is a name (``krestoslovitsa`` → ``configs/kits/krestoslovitsa.yaml``) or a path to a
file (anything ending in ``.yaml``/``.yml`` or containing a slash), relative to the file that
names it. ``extends: PARENT`` merges the document over its parent: mappings merge key by key,
anything else (lists, text, numbers) is replaced whole. Each value keeps the mark of the file it
came from, so an inherited mistake is reported where it was written.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..errors import ConfigError, Problem
from ..paths import configs_dir, cwd, name_problem, shown
from ..report import quoted
from .reader import Problems, describe, suggest
from .yamlsrc import Map, Mark, Node, Scalar, parse_file

KINDS = {
    "kit": "kits",
    "distribution": "distributions",
    "layout": "layouts",
    "rules": "rules",
}

MAX_EXTENDS = 16


def is_path(ref: str) -> bool:
    return ref.endswith((".yaml", ".yml")) or "/" in ref or "\\" in ref


def available(kind: str) -> list[str]:
    folder = configs_dir() / KINDS[kind]
    return sorted(p.stem for p in folder.glob("*.yaml"))


def find(kind: str, ref: str, base: Path | None) -> Path | None:
    """The file a reference points to, or None if there is none."""
    if "\0" in ref:
        return None
    if is_path(ref):
        path = Path(ref).expanduser()
        if not path.is_absolute() and base is not None:
            path = base / path
    elif name_problem(ref) is None:
        path = configs_dir() / KINDS[kind] / f"{ref}.yaml"
    else:
        return None  # not a name any shipped config can have
    try:  # a FIFO or a device is found, and refused when read (parse_file says what it is)
        return path if path.exists() and not path.is_dir() else None
    except OSError:  # a name too long for the file system, a loop of links…
        return None


def base_of(mark: Mark | None, fallback: Path) -> Path:
    """The folder a path written at ``mark`` is relative to: the folder of the file that wrote it (a kit
    extended by another, in a folder of its own, names files beside itself), the working folder for a
    command-line flag (typed there), else ``fallback`` (text not read from a file: the web page's)."""
    if mark is not None and mark.flag:
        return cwd()
    if mark is not None and mark.path is not None:
        return mark.path.parent
    return fallback


def not_found(kind: str, ref: str) -> str:
    if is_path(ref):
        return f"no {kind} file {quoted(ref, 80)}"
    names = available(kind)
    hint = suggest(ref, names) if len(ref) <= 100 else ""
    return f"no {kind} named {quoted(ref, 80)}{hint or ''}" + ("" if hint else f" (there are: {', '.join(names)})")


@dataclass
class Document:
    """A config document with ``extends`` resolved: the merged mapping and the file it came from."""

    kind: str
    path: Path
    root: Map
    display: str | None = None  # the name its messages give, when not the path (the web page's editor)

    @property
    def file(self) -> str:
        return self.display or shown(self.path)


def load(kind: str, path: Path, chain: tuple[Path, ...] = ()) -> Document:
    """Read a document and merge it over the documents it extends."""
    root = parse_file(path, shown(path))
    if not isinstance(root, Map):
        raise ConfigError([Problem(root.mark, f"a {kind} file must be a mapping of keys, not "
                                              f"{describe(root, whole_file=True)}")])
    return Document(kind, path, extended(kind, root, path.parent, chain + (path.resolve(),)))


def extended(kind: str, root: Map, base: Path, chain: tuple[Path, ...]) -> Map:
    """``root`` merged over the document its ``extends:`` names (a name, or a path from ``base``);
    ``chain`` holds the files already on the way, to catch a circle."""
    parent_node = root.values.get("extends")
    if parent_node is None:
        return root
    if not isinstance(parent_node, Scalar) or not isinstance(parent_node.value, str) or not parent_node.value:
        raise ConfigError([Problem(parent_node.mark, f"'extends' must name a {kind}, not {describe(parent_node)}")])
    parent_path = find(kind, parent_node.value, base)
    if parent_path is None:
        raise ConfigError([Problem(parent_node.mark, f"extends {not_found(kind, parent_node.value)}")])
    if parent_path.resolve() in chain:
        names = " → ".join(p.stem for p in chain + (parent_path.resolve(),))
        raise ConfigError([Problem(parent_node.mark, f"circular extends: {names}")])
    if len(chain) > MAX_EXTENDS:
        raise ConfigError([Problem(parent_node.mark, f"extends goes more than {MAX_EXTENDS} files deep")])
    parent = load(kind, parent_path, chain)
    own = Map({k: v for k, v in root.values.items() if k != "extends"},
              {k: m for k, m in root.keys.items() if k != "extends"}, root.mark)
    inherited = Map({k: v for k, v in parent.root.values.items() if k != "name"},
                    {k: m for k, m in parent.root.keys.items() if k != "name"}, parent.root.mark)
    merged = merge(inherited, own)
    merged.extra[OVER] = Over(parent_node.value, parent.root, own)
    return merged


OVER = "over"  # the key of a merged document's ``extra`` that holds its :class:`Over`


@dataclass(frozen=True)
class Over:
    """How a document was laid over the one it ``extends``, kept on the merged mapping (``extra[OVER]``):
    a reader that must tell what the document wrote itself from what it inherited (a distribution
    whose own ``tiles`` replace its parent's list) finds it there."""

    ref: str  # the parent as the document names it (``erudit``, ``../base.yaml``)
    parent: Map  # the parent, merged over its own parents (with its ``name``)
    own: Map  # what the document itself wrote (without ``extends``)

    @property
    def name(self) -> str:
        """The parent's name: its ``name:``, else the name of its file."""
        node = self.parent.values.get("name")
        if isinstance(node, Scalar) and isinstance(node.value, str) and node.value:
            return node.value
        return Path(self.ref).stem


def merge(base: Map, over: Map) -> Map:
    values: dict[str, Node] = dict(base.values)
    keys: dict[str, Mark] = dict(base.keys)
    for key, node in over.values.items():
        old = values.get(key)
        if isinstance(old, Map) and isinstance(node, Map):
            values[key] = merge(old, node)
        else:
            values[key] = node
        keys[key] = over.keys[key]
    return Map(values, keys, over.mark)


def resolve(kind: str, node: Node, base: Path, problems: Problems) -> Document | None:
    """A kit's reference to another document: a name, a path, or the document written inline."""
    try:
        if isinstance(node, Map):
            name = Path(str(node.values["extends"].value)).stem if "extends" in node.values else f"inline-{kind}"
            return Document(kind, base / f"{name}.yaml", extended(kind, node, base, ()))
        if not isinstance(node, Scalar) or not isinstance(node.value, str) or not node.value or node.trap:
            problems.add(node.mark, f"'{kind}' must name a {kind} (or be one, written inline), not {describe(node)}")
            return None
        path = find(kind, node.value, base)
        if path is None:
            problems.add(node.mark, not_found(kind, node.value))
            return None
        return load(kind, path)
    except ConfigError as exc:
        problems.items.extend(exc.problems)
        return None
