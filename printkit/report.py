"""How printkit quotes the user's text in its messages, and writes down a fault of its own: one place,
used by the command line, the web page, the config readers, the engine and verify.

A message is one line that shows what is really there: line breaks, tabs, control characters,
invisible formatting characters (a zero-width space, a right-to-left override), spaces other than
the plain one, and the bytes of text that was not UTF-8 are written as escapes (``\\n``, ``\\u200b``,
``\\xff``); a long text is shortened, so that a 2 MB field is not a 2 MB line. A fault (a bug in
printkit) is a line naming it and a file holding its whole trace.
"""

from __future__ import annotations

import os
import sys

_NAMED = {"\n": "\\n", "\t": "\\t", "\r": "\\r"}


def one_line(text: str | bytes) -> str:
    """``text`` with everything that is not a visible character or a plain space written as an
    escape: ``\\n``, ``\\t``, ``\\r``; ``\\xNN`` for a byte that was not UTF-8 (bytes, or text decoded
    with ``surrogateescape`` as file names are); ``\\uXXXX`` (``\\UXXXXXXXX``) for the rest."""
    if isinstance(text, bytes):
        text = text.decode("utf-8", "surrogateescape")
    if text.isprintable():
        return text
    out = []
    for ch in text:
        if ch.isprintable():
            out.append(ch)
        elif ch in _NAMED:
            out.append(_NAMED[ch])
        elif "\udc80" <= ch <= "\udcff":  # a byte surrogateescape kept
            out.append(f"\\x{ord(ch) - 0xDC00:02x}")
        elif ord(ch) <= 0xFFFF:
            out.append(f"\\u{ord(ch):04x}")
        else:
            out.append(f"\\U{ord(ch):08x}")
    return "".join(out)


def shortened(text: str | bytes, limit: int, count: bool = False) -> str:
    """:func:`one_line` of the first ``limit`` characters of ``text``, and "…" where it was longer
    (``count``: and how long it was, "… (2000000 characters)"). The cut is made before the escapes,
    so that none is cut in half."""
    if isinstance(text, bytes):
        text = text.decode("utf-8", "surrogateescape")
    if len(text) <= limit:
        return one_line(text)
    return one_line(text[:limit]) + "…" + (f" ({len(text)} characters)" if count else "")


def quoted(value: object, limit: int = 40) -> str:
    """A value the user gave, quoted inside a message: ``'…'``, one line, at most ``limit`` of its
    characters. Anything but text is quoted as Python writes it (a number, a list from the page)."""
    text = value if isinstance(value, (str, bytes)) else repr(value)
    return "'" + shortened(text, limit) + "'"


def shown_number(number: int, digits: int = 20) -> str:
    """``number`` as a message echoes it: whole up to ``digits`` digits, else its first ``digits`` and
    '…' (a 5000-digit ``--games`` is not a message)."""
    size = abs(number)
    if size < 10 ** digits:
        return str(number)
    head = size // 10 ** max(0, int((size.bit_length() - 1) * 0.30102999) - digits)  # str() refuses 4300+ digits
    while head >= 10 ** digits:
        head //= 10
    return f"{'-' if number < 0 else ''}{head}…"


def exception_text(exc: BaseException, limit: int = 200) -> str:
    """What an exception says, as one line of at most ``limit`` characters (its runs of white space
    as one space); its type's name when it says nothing."""
    text = " ".join(str(exc).split())
    return shortened(text, limit) if text else type(exc).__name__


def fault_line(exc: BaseException, limit: int = 200) -> str:
    """A fault named in one line: ``KeyError: 'x'``."""
    return f"{type(exc).__name__}: {exception_text(exc, limit)}"


def write_trace(exc: BaseException) -> str:
    """Write the whole traceback of ``exc`` to a new file in the temporary folder (with printkit's
    and Python's versions and the command's arguments); return the file's path, or where it could
    not be written."""
    import tempfile
    import traceback

    from . import __version__

    try:
        fd, path = tempfile.mkstemp(prefix="printkit-error-", suffix=".txt")
        with os.fdopen(fd, "w", encoding="utf-8", errors="backslashreplace") as f:
            f.write(f"printkit {__version__}, Python {sys.version.split()[0]}, argv {sys.argv!r}\n")
            f.write("".join(traceback.format_exception(type(exc), exc, exc.__traceback__)))
        return path
    except OSError:
        return "nowhere: the temporary folder is not writable"
