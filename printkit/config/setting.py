"""``--set KEY=VALUE``: any kit option set from the command line for one run, without writing a kit file.

Each value is read as YAML reads the value of a key in a file (``24``, ``0.1``, ``true``, ``A4``; a flow list
``[tiles, racks]``), and laid over the kit in the layer of the flags (:func:`printkit.config.kit.build`), so it
is checked exactly as the file's value would be, the message placed at ``--set KEY``. The keys are the option
declarations' (:data:`printkit.config.options.KIT_OPTIONS`, and the style templates' options under
``style.tile``, ``style.board``, ``style.page``); an unknown one is named with the nearest.
"""

from __future__ import annotations

from typing import Iterable

from ..errors import ConfigError
from .options import BOARD_STYLE, KIT_OPTIONS, PAGE_STYLE, TILE_STYLE, flagged, styled
from .reader import Problems, suggest
from .yamlsrc import Map, Mark, Node, Scalar, Seq, parse_text

EXAMPLE = "physical.tile_mm=24"


def settable() -> tuple[str, ...]:
    """The keys ``--set`` takes: every option of a kit but ``extends`` (the kit itself), and the style
    templates' options as a kit writes them."""
    return tuple(o.key for o in KIT_OPTIONS if o.key != "extends") + tuple(
        styled(o).key for o in TILE_STYLE + BOARD_STYLE + PAGE_STYLE)


def settings(given: Iterable[str], flags: dict[str, str | None], problems: Problems) -> dict[str, tuple[Node, Mark]]:
    """The values of ``--set KEY=VALUE`` (``given``) by option key, each the node a file would hold there and
    its place (``--set KEY``); a problem for each that is not one, names no option, or sets an option a flag
    also sets (``flags``: the flags' values by option key)."""
    keys = settable()
    by_flag = {o.key: o.flag.name for o in flagged() if o.flag}
    out: dict[str, tuple[Node, Mark]] = {}
    for text in given:
        key, eq, value = text.partition("=")
        key = key.strip()
        where = Mark.of_flag(f"--set {key}" if key else "--set")
        if not eq or not key:
            problems.add(Mark.of_flag("--set"), f"'{text}' is not KEY=VALUE: write the option's key, '=' and its "
                                                f"value, as {EXAMPLE}")
        elif key == "extends":
            problems.add(where, "the kit to start from is the command's KIT: give it there")
        elif key not in keys:
            named = [k for k in keys if k.rsplit(".", 1)[-1] == key]  # tile_mm for physical.tile_mm
            hint = f" (did you mean '{named[0]}'?)" if len(named) == 1 else suggest(key, keys)
            problems.add(Mark.of_flag("--set"), f"no kit option '{key}'{hint}")
        elif not value.strip():
            problems.add(where, f"an empty value: give one, as {EXAMPLE}")
        elif flags.get(key) is not None:
            problems.add(where, f"{by_flag[key]} sets {key} too: give one of them")
        else:
            out[key] = (node(value, where), where)
    return out


def node(text: str, where: Mark) -> Node:
    """``text`` as the node YAML reads for a key's value in a file, placed at ``where``; text YAML does not
    read as one value (``a: b``, an unclosed ``[``) is that text."""
    try:
        parsed = parse_text(text, where.file)
    except ConfigError:
        parsed = None
    if not isinstance(parsed, (Scalar, Seq)):
        return Scalar(text, text, True, where)
    return _placed(parsed, where)


def _placed(n: Node, where: Mark) -> Node:
    if isinstance(n, Seq):
        return Seq([_placed(item, where) for item in n.items], where)
    if isinstance(n, Map):
        return Map({k: _placed(v, where) for k, v in n.values.items()}, {k: where for k in n.keys}, where, n.extra)
    return Scalar(n.value, n.raw, n.quoted, where, n.trap, n.style, None)


__all__ = ["settable", "settings"]
