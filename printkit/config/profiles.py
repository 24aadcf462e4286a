"""Profiles a kit names or gives as a file: laser machines (``templates/machines/``), craft cutters
(``templates/cutters/``), 3D printers (``templates/printers/``) and label stocks
(``templates/labels/``). Each kind is a :class:`Shelf`: where its shipped files are, what a user's
own file may end with, and what it is called in a message. The shelf finds a profile by name or path
and opens it as a mapping, or says in one line why not; each kind's module reads the keys.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Callable

from ..errors import ConfigError
from ..paths import name_problem, shown, templates_dir
from ..records import record
from ..report import quoted
from ..text import Said
from .reader import Problems, describe, suggested
from .yamlsrc import Map, Mark, parse_file

NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,79}")  # a shipped profile's name: its file's stem


@record
class Shelf:
    what: str  # in messages: "laser profile", "cutter profile", "3D printer profile", "label stock"
    folder: Callable[[], Path]  # where the shipped ones are (a function: the templates' folder is found late)
    suffixes: tuple[str, ...] = (".yaml", ".yml")  # what a reference that is a user's file ends with

    def names(self) -> list[str]:
        return sorted(p.stem for p in self.folder().glob("*.yaml"))

    def is_file(self, ref: str) -> bool:
        """Whether ``ref`` means a file of the user's (a path, or a name ending as one) rather than a shipped name."""
        return ref.endswith(self.suffixes) or "/" in ref or "\\" in ref

    def find(self, ref: str, base: Path) -> Path | None:
        """The profile a name (``lightburn``) or a path (``my-laser.yaml``, relative to ``base``) means."""
        if self.is_file(ref):
            path = Path(ref).expanduser()
            path = path if path.is_absolute() else base / path
        elif NAME.fullmatch(ref):
            path = self.folder() / f"{ref}.yaml"
        else:
            return None
        try:  # a FIFO or a device is found, and refused when read (parse_file says what it is)
            return path if path.exists() and not path.is_dir() else None
        except OSError:
            return None

    @staticmethod
    def _folder(ref: str, base: Path) -> bool:
        try:
            path = Path(ref).expanduser()
            return (path if path.is_absolute() else base / path).is_dir()
        except (OSError, ValueError):
            return False

    def locate(self, ref: str, base: Path, where: Mark | str, problems: Problems) -> Path | None:
        """:meth:`find`, or None after recording that there is no such file, or no such name (with the
        nearest name, or the names there are)."""
        path = self.find(ref, base)
        if path is None:
            if self.is_file(ref) and self._folder(ref, base):
                problems.add(where, f"{quoted(ref, 80)} is a folder, not a {self.what} file")
            elif self.is_file(ref):
                problems.add(where, f"no {self.what} file {quoted(ref, 80)}")
            else:
                names = self.names()
                hint = suggested(ref, names) if len(ref) <= 100 else ""
                problems.add(where, Said("cfg_no_profile", {
                    "what": Said("cfg_shelf_" + self.folder().name), "ref": ref[:80],
                    "hint": hint or Said("cfg_there_are", {"names": ", ".join(names)})}))
        return path

    def open(self, path: Path, problems: Problems) -> Map | None:
        """The file's YAML as a mapping, or None after recording why it is not one."""
        try:
            root = parse_file(path, shown(path))
        except ConfigError as exc:
            problems.items.extend(exc.problems)
            return None
        if not isinstance(root, Map):
            problems.add(root.mark, f"a {self.what} must be a mapping of keys, not {describe(root, whole_file=True)}")
            return None
        return root

    def read(self, ref: str, base: Path, where: Mark | str, problems: Problems) -> tuple[Path, Map] | None:
        """The file ``ref`` means and its YAML as a mapping (:meth:`locate`, then :meth:`open`); None after
        recording why not."""
        path = self.locate(ref, base, where, problems)
        root = self.open(path, problems) if path is not None else None
        return None if root is None else (path, root)

    def name(self, given: str | None, where: Mark | str, path: Path, problems: Problems,
             called: str = "", set_by: str = "") -> str | None:
        """The profile's name (``given``, written at ``where``, or else the file's stem), which goes into the
        names of the files made with it: one that could not be part of a file's name is refused at its line
        (a ``name: ../../x`` would write outside the output folder). ``called``: what the file calls the name,
        where that is not ``name:`` (a glabels file's part), and ``set_by`` how to give one."""
        name = given if given is not None else path.stem
        why = name_problem(name, part_of="file")
        if why is None:
            return name
        if given is not None:
            called = called or f"the {self.what}'s name"
            problems.add(where, f"{called} {quoted(name)} {why}")
        else:
            problems.add(where, f"the {self.what}'s name {quoted(name)}, taken from the file's name, {why}: "
                                f"{set_by or f'set name: in the {self.what}'}")
        return None


def _shipped(folder: str) -> Callable[[], Path]:
    return lambda: templates_dir() / folder


# Every kind of profile, each the shelf its module reads from (one place, so that the option declarations can list
# the shipped names without importing the modules that read the profiles, which read the options)
MACHINES = Shelf("laser profile", _shipped("machines"))
PRINTERS = Shelf("3D printer profile", _shipped("printers"))
CUTTERS = Shelf("cutter profile", _shipped("cutters"))
STOCKS = Shelf("label stock", _shipped("labels"), suffixes=(".yaml", ".yml", ".xml"))  # or a glabels template
MATERIALS = Shelf("laser material", _shipped("materials"))  # a material's speeds and powers for one kind of laser


__all__ = ["CUTTERS", "MACHINES", "MATERIALS", "NAME", "PRINTERS", "STOCKS", "Shelf"]
