"""Reading configs: YAML files → validated model objects, or a ConfigError listing every problem.

Nothing downstream sees an unvalidated value. ``load_kit`` accepts a kit name (``configs/kits``) or a
path to the user's own kit file.
"""

from __future__ import annotations

from pathlib import Path
from typing import Mapping, Sequence

from ..errors import ConfigError, Problem
from ..model import Kit, Layout
from ..paths import cwd
from ..report import quoted
from . import kit as kit_cfg, layout as layout_cfg
from .options import flagged
from .reader import Problems
from .sources import Document, available, extended, find, is_path, load, not_found
from .yamlsrc import Map, parse_text

DEFAULT_KIT = "krestoslovitsa"


def load_kit(ref: str = DEFAULT_KIT, flags: Mapping[str, str | None] | None = None, sets: Sequence[str] = (),
             **by_flag: str | None) -> Kit:
    """The kit named ``ref`` (or in the file ``ref``), validated. ``flags``: the command line's
    overrides by option key (``{"print.paper": "A3"}``), or ``by_flag`` by the flag's name
    (``paper="A3"``, ``scale_x="1.004"``; each declared with its option in :mod:`.options`), laid over
    the kit as one layer and read as the kit's own values (:func:`printkit.config.kit.build`); ``sets``:
    ``--set``'s ``KEY=VALUE`` texts (``physical.tile_mm=24``), in that layer too (:mod:`.setting`)."""
    layer = dict(flags or {})
    if by_flag:
        keys = {o.flag.dest: o.key for o in flagged() if o.flag}
        unknown = sorted(set(by_flag) - set(keys))
        if unknown:
            raise TypeError(f"load_kit() has no flag {', '.join(unknown)} (flags: {', '.join(sorted(keys))})")
        layer.update({keys[name]: text for name, text in by_flag.items()})
    path = find("kit", ref, cwd())
    if path is None:
        path = find("kit", f"./{ref}", cwd()) if not is_path(ref) else None  # a file named like a kit
        if path is None:
            raise ConfigError([Problem(ref if len(ref) <= 60 else quoted(ref, 60), not_found("kit", ref))])
    doc = load("kit", path)
    _not_another_kind(doc)
    problems = Problems()
    kit = kit_cfg.build(doc, problems, layer, sets)
    if problems or kit is None:
        raise ConfigError(problems.items or [Problem(doc.file, "the kit could not be read")])
    return kit


def load_kit_text(text: str, file: str, folder: Path, check=None) -> Kit:
    """A kit written as text rather than read from a file (the web page's editor): ``file`` is the
    name its messages give (``kit.yaml:3:5: …``), ``folder`` where its relative paths start. ``check``
    may look at the parsed tree before anything it names is read, and return problems that stop it."""
    path = folder / file
    root = parse_text(text, file, path)
    if not isinstance(root, Map):
        raise ConfigError([Problem(root.mark, "a kit file must be a mapping of keys")])
    found = check(root) if check else []
    if found:
        raise ConfigError(found)
    doc = Document("kit", path, extended("kit", root, folder, (path.resolve(),)), display=file)
    _not_another_kind(doc)
    problems = Problems()
    kit = kit_cfg.build(doc, problems)
    if problems or kit is None:
        raise ConfigError(problems.items or [Problem(file, "the kit could not be read")])
    return kit


_SIGNS = {"distribution": ("tiles", "alphabet"), "layout": ("rows",), "rules": ("placement", "blank_value")}


def _not_another_kind(doc) -> None:
    """A distribution, layout or rules file given where a kit is expected: say so in one line."""
    keys = doc.root.values
    if any(k in keys for k in ("distribution", "layout", "rules", "physical")):
        return
    for kind, signs in _SIGNS.items():
        if any(k in keys for k in signs):
            raise ConfigError([Problem(doc.root.mark, f"this is a {kind} file, not a kit: write a kit that "
                                                      f"names it ({kind}: {doc.path.name}), or extends a kit "
                                                      f"and sets '{kind}'")])


def load_layout(name: str) -> Layout | None:
    """A shipped layout by its name (``plain-15``), validated; None if there is no such layout."""
    path = find("layout", name, None) if not is_path(name) else None
    if path is None:
        return None
    problems = Problems()
    layout = layout_cfg.build(load("layout", path).root, problems, path.stem)
    if problems or layout is None:
        raise ConfigError(problems.items or [Problem(str(path), "the layout could not be read")])
    return layout


def kit_names() -> list[str]:
    return available("kit")


__all__ = ["DEFAULT_KIT", "ConfigError", "kit_names", "load_kit", "load_kit_text", "load_layout"]
