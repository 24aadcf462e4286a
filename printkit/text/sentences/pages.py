"""The sentences of every page: the scale bar, the footer, by key, in English, Russian and Ukrainian (see :mod:`printkit.text.table`)."""

from __future__ import annotations

WORDS: dict[str, dict[str, str]] = {
    # -- every page: the scale bar and the footer --------------------------------------------------
    "scale_mm": {"en": "{n} mm", "ru": "{n} мм", "uk": "{n} мм"},
    "print_note_long": {
        "en": "Print at 100 % / actual size: this bar must measure 50 mm",
        "ru": "Печатайте в масштабе 100 % (реальный размер): эта полоска — 50 мм",
        "uk": "Друкуйте в масштабі 100 % (реальний розмір): ця смужка — 50 мм",
    },
    "print_note_medium": {
        "en": "Print at 100 %: the bar must measure 50 mm",
        "ru": "Масштаб 100 %: полоска — 50 мм",
        "uk": "Масштаб 100 %: смужка — 50 мм",
    },
    "print_note_short": {"en": "Print at 100 %", "ru": "Масштаб 100 %", "uk": "Масштаб 100 %"},
    "page_of": {"en": "page {page} of {pages}", "ru": "лист {page} из {pages}", "uk": "аркуш {page} з {pages}"},
    "footer": {"en": "{title} · {what}", "ru": "{title} · {what}", "uk": "{title} · {what}"},
}
