"""The web page's sentences about its previews of each product (keys start with ``serve_``
or ``cfg_``), in English, Russian and Ukrainian."""

WORDS: dict[str, dict[str, str]] = {
}
