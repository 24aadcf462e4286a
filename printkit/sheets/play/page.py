"""What the play sheets share: a page of the kit's paper (turned when asked), its writing area, a
title in bold, lines of small print that wrap, and the thin rules of a table."""

from __future__ import annotations

from ...geometry import Item, Line, Role, Text
from ...model import Kit
from ...records import record
from ..common import FOOTER_MM, INK, LABEL_EM, Lettering

RULE_MM = 0.2  # table lines
TITLE_EM = 6.0


@record
class Area:
    """A page and where writing goes on it, in mm from its top-left corner."""

    width: float
    height: float
    left: float
    top: float
    right: float
    bottom: float  # above the footer

    @classmethod
    def of(cls, kit: Kit, landscape: bool = False) -> "Area":
        paper, m = kit.print.paper, kit.print.margin_mm
        w, h = (paper.height_mm, paper.width_mm) if landscape else (paper.width_mm, paper.height_mm)
        return cls(w, h, m, m, w - m, h - m - FOOTER_MM - 2.0)

    @property
    def inner(self) -> float:
        return self.right - self.left


def title(lt: Lettering, area: Area, text: str, y: float) -> Text:
    """The page's title in bold at the top left, made smaller if it is wider than the page."""
    font = lt.bold(text)
    em = TITLE_EM
    width = font.run_advance(text) * em / font.units
    if width > area.inner:
        em *= area.inner / width
    return Text(area.left, y, text, font, round(em, 4), INK, role=Role.PRINT, tag="title")


def wrapped(lt: Lettering, text: str, width: float, em: float = LABEL_EM) -> list[str]:
    """``text`` broken into lines of small print no wider than ``width``, at spaces."""
    lines: list[str] = []
    for word in text.split():
        if lines and lt.width(f"{lines[-1]} {word}", em) <= width:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return lines


def hline(x0: float, x1: float, y: float, width: float = RULE_MM, tag: str = "rule") -> Line:
    return Line(round(x0, 4), round(y, 4), round(x1, 4), round(y, 4), INK, width, role=Role.PRINT, tag=tag)


def vline(x: float, y0: float, y1: float, width: float = RULE_MM, tag: str = "rule") -> Line:
    return Line(round(x, 4), round(y0, 4), round(x, 4), round(y1, 4), INK, width, role=Role.PRINT, tag=tag)


def centred_label(lt: Lettering, text: str, cx: float, baseline: float, em: float, width: float,
                  tag: str) -> Item:
    """Small print centred on ``cx``, made smaller to fit ``width``."""
    return lt.label(cx, baseline, text, lt.fitted(text, em, width), "centre", tag=tag)
