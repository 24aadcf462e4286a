"""Errors a user can act on. The command line prints them as one line each and exits with 2."""

from __future__ import annotations

from dataclasses import field
from typing import Any, Iterable

from .records import record
from .report import one_line


@record
class Problem:
    """One thing wrong with the input, at a place (a Mark, or a plain file name)."""

    where: Any
    message: str
    # the message as a sentence of the text table (a printkit.text.Said), for the web page to say in the
    # kit's language; None for the many messages only the command line's English words
    said: Any = field(default=None, compare=False, repr=False)

    def __str__(self) -> str:
        return one_line(f"{self.where}: {self.message}")


class PrintkitError(Exception):
    """Unusable input or settings: reported without a traceback, exit code 2. ``said``: the message as a
    sentence of the text table (a printkit.text.Said), for the web page to say in the kit's language."""

    said: Any = None

    @classmethod
    def saying(cls, said) -> "PrintkitError":
        """The error whose message is ``said`` (its English on the command line)."""
        exc = cls(said("en"))
        exc.said = said
        return exc

    def lines(self) -> list[str]:
        return [one_line(str(self))]


class ConfigError(PrintkitError):
    """Every problem found in a set of config files, in file order."""

    def __init__(self, problems: Iterable[Problem]):
        self.problems = list(problems)
        super().__init__("\n".join(self.lines()))

    def lines(self) -> list[str]:
        seen: set[str] = set()
        out = []
        for p in self.problems:
            text = str(p)
            if text not in seen:
                seen.add(text)
                out.append(text)
        return out
