"""Every sentence the sheets print, by key, in each language: English, Russian, Ukrainian.

Placeholders in braces are filled by the sheet ({title}, {page}…). An entry written "a|b|c" is a
noun's forms for counting (ru, uk: one | few | many, as лист | листа | листов; en: one | other).
Russian and Ukrainian follow the book's own words where it has them (лист, фишка, поле, клетка).

Each area's sentences live in a module of :mod:`printkit.text.sentences` (the pages, the reports, the
sheets, the play materials, the gallery, the messages, the web page); this one joins them.
"""

from __future__ import annotations

from .sentences import (
    fields,
    gallery,
    keeper,
    keeper_page,
    messages,
    pages,
    play,
    previews,
    reports,
    serve,
    sheets,
    site,
)

LANGUAGES = ("en", "ru", "uk")


def _joined(*areas: dict[str, dict[str, str]]) -> dict[str, dict[str, str]]:
    """The areas' sentences in one table; a key in two areas is a mistake (one would hide the other)."""
    table: dict[str, dict[str, str]] = {}
    for area in areas:
        repeated = table.keys() & area.keys()
        if repeated:
            raise ValueError(f"the text table has {sorted(repeated)} twice")
        table.update(area)
    return table


# the sentences by key: each area's in a module of printkit/text/sentences/
TABLE: dict[str, dict[str, str]] = _joined(pages.WORDS, reports.WORDS, sheets.WORDS, play.WORDS, gallery.WORDS,
                                          messages.WORDS, serve.WORDS, fields.WORDS, previews.WORDS, site.WORDS,
                                          keeper_page.WORDS, keeper.WORDS)
