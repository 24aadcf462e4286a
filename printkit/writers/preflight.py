"""What a writer checks before a build writes its first file, once every document is laid out.

A PDF embeds and subsets the fonts its text is drawn in; reportlab may refuse a font file that
fontTools read (a damaged head table) or a subset of it. That is found here, for the text each
PDF really draws, before anything is written (:func:`printkit.fonts.check_embedding`: one line that
names where the font was named). A build without a PDF never runs it; the bundled fonts pass by
their digest, so a build in them imports no reportlab for it. SVG and DXF check nothing here.
"""

from __future__ import annotations

from ..fonts import check_embedding
from ..geometry import Document, Text


def text_by_font(doc: Document) -> dict:
    """Every font the document draws text with, and the characters it draws in it."""
    used: dict = {}
    for page in doc.pages:
        for item, _, _ in page.walk():
            if isinstance(item, Text):
                used.setdefault(item.font, set()).update(item.text)
    return used


def preflight(doc: Document) -> None:
    """Stop if reportlab could not write the document's fonts (a PDF; other formats pass)."""
    if doc.format != "pdf":
        return
    for font, chars in sorted(text_by_font(doc).items(), key=lambda fc: fc[0].key):
        if not font.trusted:
            check_embedding(font, "".join(sorted(chars)))
