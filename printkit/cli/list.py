"""``printkit list``: the shipped kits, grouped by their language, one line each."""

from __future__ import annotations

from ..text.plural import english
from .terminal import EXIT_INPUT, EXIT_OK, err, out

HELP = 'list the shipped kits, by language'

# each shipped language's name in itself: the heading of its group (a language not here is headed by its code)
ENDONYMS = {
    "af": "Afrikaans", "ca": "català", "cs": "čeština", "cy": "Cymraeg", "de": "Deutsch", "el": "ελληνικά",
    "en": "English", "es": "español", "fi": "suomi", "fr": "français", "hr": "hrvatski", "hu": "magyar",
    "it": "italiano", "nb": "norsk (bokmål)", "nl": "Nederlands", "pl": "polski", "pt": "português", "ro": "română",
    "ru": "русский", "sk": "slovenčina", "sl": "slovenščina", "sv": "svenska", "tr": "Türkçe", "uk": "українська",
}


def arguments(parser) -> None:
    """``list`` takes no arguments."""


def run(args) -> int:
    from ..config import ConfigError, kit_names, load_kit

    head = ("kit", "tiles", "board", "rules", "title")
    groups: dict[str, list[tuple[str, ...]]] = {}
    bad = []
    for name in kit_names():
        try:
            k = load_kit(name)
        except ConfigError as exc:
            bad.extend(exc.lines())
            continue
        board = f"{k.layout.rows}×{k.layout.cols} {k.layout.name}, {k.physical.cell_mm:g} mm"
        groups.setdefault(str(k.language), []).append(
            (k.name, f"{k.distribution.total} ({english(k.distribution.blanks, 'blank')})", board, k.rules.name,
             k.title))
    rows = [head] + [r for g in groups.values() for r in g]
    widths = [max(len(r[i]) for r in rows) for i in range(len(head))]

    def line(r: tuple[str, ...]) -> str:
        return "  " + "  ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip()

    out(line(head))
    for language in sorted(groups):
        kits = groups[language]
        out(f"{language} · {ENDONYMS.get(language, language)} · {english(len(kits), 'kit')}")
        for r in kits:
            out(line(r))
    for message in bad:
        err(message)
    return EXIT_INPUT if bad else EXIT_OK
