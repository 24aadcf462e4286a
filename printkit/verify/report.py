"""The report of a verify run: one :class:`Check` a line (ok, FAIL or a note), and the summary."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from ..report import one_line

_MARK = {"ok": "ok  ", "FAIL": "FAIL ", "note": "note "}


@dataclass(frozen=True)
class Check:
    status: str  # "ok", "FAIL" or "note" (a note never fails the kit)
    path: str
    text: str

    def line(self) -> str:
        """The check as one line of the report: what it quotes of a file (a damaged font's letters, a
        name) may hold control characters, which are written as escapes, never sent to the terminal."""
        return one_line(f"{_MARK[self.status]}{self.path}: {self.text}")


@dataclass
class Report:
    folder: Path
    checks: list[Check] = field(default_factory=list)

    def ok(self, path: str, text: str) -> None:
        self.checks.append(Check("ok", path, text))

    def fail(self, path: str, text: str) -> None:
        self.checks.append(Check("FAIL", path, text))

    def note(self, path: str, text: str) -> None:
        self.checks.append(Check("note", path, text))

    def expect(self, good: bool, path: str, ok_text: str, fail_text: str) -> None:
        (self.ok if good else self.fail)(path, ok_text if good else fail_text)

    @property
    def failures(self) -> list[Check]:
        return [c for c in self.checks if c.status == "FAIL"]

    @property
    def passed(self) -> bool:
        return not self.failures

    def summary(self) -> str:
        n = sum(1 for c in self.checks if c.status != "note")
        if self.passed:
            return one_line(f"verify {self.folder}: all {n} checks passed")
        return one_line(f"verify {self.folder}: {len(self.failures)} of {n} checks FAILED")
