"""An option of a kit file, a profile or a template, as a record: its key, its kind, its help, default and
limits, and the command-line flag that overrides it. The declarations are :mod:`printkit.config.options`; what
each kind means (how it is read, described, given a schema and a form's choices) is :mod:`printkit.config.kinds`."""

from __future__ import annotations

from typing import Any, Callable

from ..records import record
from .reader import Fields


class _Required:
    def __repr__(self) -> str:
        return "REQUIRED"


REQUIRED: Any = _Required()


@record
class Flag:
    """The command-line flag that overrides an option for one run (``printkit build --paper A3``):
    its name and metavar. Its value is read as the option's own would be, in one layer over the kit
    (:func:`printkit.config.load_kit`), so that a wrong value is the same message as in the file.
    ``help``: what it sets, the beginning of its help (the rest is made from the option's kind,
    choices and limits). A flag with limits ``lo`` and ``hi`` gives a factor between them instead of
    the option's own value (``--scale-x``: the printer's compensation, where the option is what its
    ruler measured)."""

    name: str
    metavar: str
    help: str
    lo: float | None = None
    hi: float | None = None

    @property
    def dest(self) -> str:
        """Its name as an argument of the command and of :func:`printkit.config.load_kit`: ``scale_x``."""
        return self.name.lstrip("-").replace("-", "_")

    @property
    def factor(self) -> bool:
        return self.lo is not None


@record
class Option:
    """One option. ``default`` is the value when the key is absent (REQUIRED: it must be given;
    None: absent means "not set"); ``shown`` is how the README writes a default that is not a
    plain value ("the file's name")."""

    key: str
    kind: str
    help: str
    default: Any = None
    lo: float | None = None
    hi: float | None = None
    lo_open: bool = False
    unit: str = ""
    choices: tuple[str, ...] = ()
    shown: str = ""
    flag: Flag | None = None

    @property
    def name(self) -> str:
        return self.key.rsplit(".", 1)[-1]

    @property
    def section(self) -> str:
        return self.key.rsplit(".", 1)[0] if "." in self.key else ""

    @property
    def required(self) -> bool:
        return self.default is REQUIRED


Reader = Callable[[Fields, Option], Any]  # reads an option's value from its section (None after a problem)
