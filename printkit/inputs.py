"""Opening a file the user named, for reading: regular files only, refused at once otherwise.

``open()`` of a named pipe (FIFO) with no writer waits forever, and a device (``/dev/zero``,
``/dev/tty``) never ends or waits for typing. Every reader of a user's file (kit and config
files, ``--board``, ``--words``, game records, the files of a built kit's folder) opens it here:
without blocking, then looks at what it opened, so a FIFO, a socket, a device or a folder is an
:class:`OSError` at once whose ``strerror`` names what it is ("a named pipe (FIFO), not a regular
file"), and the caller's message, which names the file, reads as one line.

:func:`read_bounded` is the one reader of a user's file (a kit and every config file, ``--board``, a
word list, a game record, a font, a built kit's manifest): it refuses a file that is not a regular
one, one larger than its reader's limit (by its size before anything is read, and by what is read,
since a file may grow meanwhile or a special file say 0), and with ``text``, one that is not UTF-8,
naming the line and column of the first byte that is not (:class:`NotUtf8`). A reader of lines (a word
list) gives the longest line it takes, and a longer line is refused where it is, before the rest of the
file is read (:class:`LineTooLong`): a file of one 30 MB line is no list of words.
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path
from typing import BinaryIO

_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_BINARY", 0)


class NotARegularFile(OSError):
    """A path that is something else than a regular file: its ``strerror`` says what."""


def kind(mode: int) -> str | None:
    """What a file of this mode is, when it is not a regular file ("a named pipe (FIFO)"); None if it is."""
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a named pipe (FIFO)"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISCHR(mode):
        return "a character device"
    if stat.S_ISBLK(mode):
        return "a block device"
    return "a special file"


def not_regular(path: str | Path, mode: int) -> NotARegularFile:
    what = kind(mode) or "a special file"
    number = errno.EISDIR if stat.S_ISDIR(mode) else errno.EINVAL
    return NotARegularFile(number, f"{what}, not a regular file", str(path))


def open_input(path: str | Path) -> BinaryIO:
    """``path`` opened for reading in binary, if it is a regular file (a link to one is fine);
    else :class:`NotARegularFile`, at once. Other failures are the usual OSErrors."""
    try:
        fd = os.open(path, _FLAGS)
    except OSError as exc:
        if exc.errno in (errno.ENXIO, errno.EOPNOTSUPP):  # a socket cannot be opened: say what it is
            try:
                mode = os.stat(path).st_mode
            except OSError:
                raise exc from None
            if kind(mode):
                raise not_regular(path, mode) from None
        raise
    try:
        mode = os.fstat(fd).st_mode
        if kind(mode):
            raise not_regular(path, mode)
        if _FLAGS & getattr(os, "O_NONBLOCK", 0):
            os.set_blocking(fd, True)
    except BaseException:
        os.close(fd)
        raise
    # outside the try: once the file object holds the descriptor it alone closes it (a stop landing just after
    # fdopen, closing it here too, closed it twice, the second time another file's that had taken its number)
    return os.fdopen(fd, "rb")


def read_input(path: str | Path, limit: int | None = None) -> bytes:
    """The bytes of a regular file (see :func:`open_input`); with ``limit``, at most ``limit + 1``
    of them, so that the caller can tell a file over the limit without reading all of it."""
    with open_input(path) as f:
        return f.read() if limit is None else f.read(limit + 1)


class TooLarge(OSError):
    """A file larger than its reader takes: ``strerror`` says how large, and the limit."""


class NotUtf8(ValueError):
    """Bytes that are not UTF-8 text: where the first bad byte is (1-based line, and column in
    characters, as a config file's marks count), its offset in the file and its value."""

    def __init__(self, line: int, col: int, offset: int, byte: int):
        self.line, self.col, self.offset, self.byte = line, col, offset, byte
        super().__init__(f"not UTF-8 text: save the file as UTF-8 (byte {offset} is {byte:#04x})")


class LineTooLong(ValueError):
    """A line longer than its reader takes: its number (1-based) and the limit, in bytes."""

    def __init__(self, line: int, limit: int):
        self.line, self.limit = line, limit
        super().__init__(f"line {line} is longer than {limit:,} bytes")


_CHUNK = 1 << 20  # bytes read at a time where the lines are measured


def _read_lines(f: BinaryIO, most: int, longest: int) -> bytes:
    """At most ``most`` bytes of ``f``, a chunk at a time; :class:`LineTooLong` at the first line of
    more than ``longest`` bytes, once it is that long, with nothing after that chunk read."""
    chunks: list[bytes] = []
    line, run, got = 1, 0, 0  # run: the bytes of the line the chunks read so far end in
    while got < most:
        chunk = f.read(min(_CHUNK, most - got))
        if not chunk:
            break
        got += len(chunk)
        lengths = list(map(len, chunk.split(b"\n")))
        lengths[0] += run
        if max(lengths) > longest:
            raise LineTooLong(line + next(i for i, n in enumerate(lengths) if n > longest), longest)
        line += len(lengths) - 1
        run = lengths[-1]
        chunks.append(chunk)
    return b"".join(chunks)


def read_bounded(path: str | Path, limit: int, what: str, text: bool = False,
                 longest_line: int | None = None) -> bytes | str:
    """The bytes of the user's file ``path`` (with ``text``: its UTF-8 text, a byte-order mark
    dropped), if it is a regular file of at most ``limit`` bytes. ``what`` names it in the message
    of :class:`TooLarge` ("a config file"); :class:`NotARegularFile` at once for a FIFO, a device or
    a folder; :class:`NotUtf8` for text that is not; with ``longest_line``, :class:`LineTooLong` for
    a line of more bytes than that. Other failures are the usual OSErrors."""
    with open_input(path) as f:
        size = os.fstat(f.fileno()).st_size
        if size > limit:
            raise TooLarge(errno.EFBIG, f"the file is {size:,} bytes: the limit for {what} is {limit:,} bytes",
                           str(path))
        data = f.read(limit + 1) if longest_line is None else _read_lines(f, limit + 1, longest_line)
    if len(data) > limit:
        raise TooLarge(errno.EFBIG, f"the file is more than {limit:,} bytes: the limit for {what} is {limit:,} bytes",
                       str(path))
    return utf8(data) if text else data


def utf8(data: bytes) -> str:
    """``data`` as UTF-8 text, a byte-order mark dropped; :class:`NotUtf8` where it is not."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line_start = data.rfind(b"\n", 0, exc.start) + 1
        line = data.count(b"\n", 0, exc.start) + 1
        col = len(data[line_start:exc.start].decode("utf-8", "replace")) + 1
        raise NotUtf8(line, col, exc.start, data[exc.start]) from None
    return text[1:] if text.startswith("\ufeff") else text
