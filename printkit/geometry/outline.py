"""Text to outline: the glyphs of a Text as one Path in page millimetres.

SVG, DXF, engraving and burning templates draw letters as outlines, never as text, so nothing
depends on the fonts of the machine that opens the file; they all take them from here. TrueType
curves stay quadratic ("Q"), exactly as the font has them.
"""

from __future__ import annotations

from .items import Path, Text

_PENS: list = []


def _pens():
    """(a pen that records path commands, fontTools' TransformPen): imported only when a glyph is
    drawn through fontTools' pens, which :meth:`printkit.fonts.Font.placed` does without."""
    if not _PENS:
        from fontTools.pens.basePen import BasePen
        from fontTools.pens.transformPen import TransformPen

        class Recorder(BasePen):
            """Records what a pen is drawn with as path commands (M, L, Q, C, Z)."""

            def __init__(self):
                super().__init__(None)
                self.commands: list[tuple] = []

            def _moveTo(self, p):
                self.commands.append(("M", *p))

            def _lineTo(self, p):
                self.commands.append(("L", *p))

            def _qCurveToOne(self, p1, p2):
                self.commands.append(("Q", *p1, *p2))

            def _curveToOne(self, p1, p2, p3):
                self.commands.append(("C", *p1, *p2, *p3))

            def _closePath(self):
                self.commands.append(("Z",))

        _PENS.extend((Recorder, TransformPen))
    return _PENS


def outline(text: Text) -> Path:
    """The glyphs of ``text`` laid out by their advances, filled with its colour, in its role."""
    font = text.font
    commands: list[tuple] = []
    k = text.size / font.units
    x = text.x
    for ch in text.text:
        placed = font.placed(ch, k, x, text.y)  # font units, y up → mm, y down
        if placed is None:  # an outline the placing does not take: through the pens
            recorder, transform_pen = _pens()
            pen = recorder()
            font.outline_replay(ch, transform_pen(pen, (k, 0, 0, -k, x, text.y)))
            placed = pen.commands
        commands += placed
        x += font.advance(ch) * k
    return Path(tuple(commands), fill=text.fill, role=text.role, tag=text.tag)


def outline_by_pens(text: Text) -> Path:
    """:func:`outline` drawn through fontTools' pens, glyph by glyph: what :meth:`printkit.fonts.Font.placed`
    must give to the last bit (the tests compare them)."""
    recorder, transform_pen = _pens()
    pen = recorder()
    k = text.size / text.font.units
    x = text.x
    for ch in text.text:
        text.font.outline_replay(ch, transform_pen(pen, (k, 0, 0, -k, x, text.y)))
        x += text.font.advance(ch) * k
    return Path(tuple(pen.commands), fill=text.fill, role=text.role, tag=text.tag)
