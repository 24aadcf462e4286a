"""``play.keeper_url``: the web address of the score keeper, which the score sheet prints as a QR code; and
:func:`keeper_address`, the one address of a kit's keeper made from it, which the score sheet encodes and any
other code that sends a player to the keeper (the page, the site) uses alike.

The address is the kit's ``keeper_url`` with the kit's name in its fragment: ``URL#kit=NAME``, the name
percent-encoded (``quote(name, safe="")``: UTF-8, every byte outside ``A–Z a–z 0–9 - _ . ~`` as ``%XX``). The
keeper page reads ``kit`` from ``location.hash`` (``new URLSearchParams(location.hash.slice(1)).get("kit")``)
and opens that kit. A fragment never reaches a server, so the same static page serves every kit; the given
address may therefore have no ``#`` of its own. Letters outside ASCII in the address (``https://пример.рф/счёт``)
are written as a browser sends them: the host in IDNA (``xn--e1afmkfd.xn--p1ai``), the rest percent-encoded.
"""

from __future__ import annotations

from urllib.parse import quote, urlsplit, urlunsplit

from ..text import Said

MAX_URL = 200  # characters: with the kit's name, a QR code of version 10 or less, read from 25 mm at the table
FRAGMENT = "kit"  # URL#kit=NAME
_SAFE = "".join(chr(c) for c in range(0x21, 0x7F) if chr(c) != "%") + "%"  # printable ASCII kept as it is


def url_problem(text: str) -> Said | None:
    """Why ``text`` cannot be ``play.keeper_url`` (a sentence of the text table), or None if it can. ``""`` is
    no address: no QR code."""
    if text == "":
        return None
    for at, ch in enumerate(text, 1):
        if ch.isspace() or not ch.isprintable():
            return Said("cfg_keeper_url_space", {"at": at, "code": f"U+{ord(ch):04X}"})
    if len(text) > MAX_URL:
        return Said("cfg_keeper_url_long", {"n": len(text), "max": MAX_URL})
    parts = _split(text)
    if parts is None or parts.scheme.lower() not in ("http", "https") or not parts.hostname:
        return Said("cfg_keeper_url_scheme", {"value": text if len(text) <= 60 else text[:59] + "…"})
    if "#" in text:
        return Said("cfg_keeper_url_fragment", {"fragment": FRAGMENT})
    if _ascii(parts) is None:
        return Said("cfg_keeper_url_scheme", {"value": text if len(text) <= 60 else text[:59] + "…"})
    return None


def keeper_address(url: str, kit_name: str) -> str:
    """The address of the score keeper for the kit named ``kit_name``: ``URL#kit=NAME`` (see the module), in
    ASCII. ``url`` is a ``play.keeper_url`` the reader took (:func:`url_problem` says None of it)."""
    parts = _split(url)
    base = _ascii(parts) if parts is not None else None
    if base is None:
        raise ValueError(f"not a keeper address: {url!r}")
    return f"{base}#{FRAGMENT}={quote(kit_name, safe='')}"


def _split(text: str):
    try:
        parts = urlsplit(text)
        parts.port  # noqa: B018 - a port that is not a number raises here
    except ValueError:
        return None
    return parts


def _ascii(parts) -> str | None:
    """The address without a fragment, in ASCII: the host by IDNA, the rest percent-encoded; None if the host
    cannot be written so."""
    host = parts.hostname or ""
    try:
        ascii_host = host if host.isascii() else host.encode("idna").decode("ascii")
    except UnicodeError:
        return None
    netloc = parts.netloc
    if ascii_host != host:
        at = netloc.rfind("@") + 1
        netloc = netloc[:at] + netloc[at:].lower().replace(host, ascii_host, 1)
    return urlunsplit((parts.scheme.lower(), quote(netloc, safe=_SAFE), quote(parts.path, safe=_SAFE),
                       quote(parts.query, safe=_SAFE), ""))


__all__ = ["FRAGMENT", "MAX_URL", "keeper_address", "url_problem"]
