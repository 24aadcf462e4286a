"""The web page's sentences about the fields and their messages: tooltips, choice names, the config reader's words (keys start with ``serve_``
or ``cfg_``), in English, Russian and Ukrainian."""

WORDS: dict[str, dict[str, str]] = {
}
