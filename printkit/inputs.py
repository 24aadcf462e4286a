"""Opening a file the user named, for reading: regular files only, refused at once otherwise.

``open()`` of a named pipe (FIFO) with no writer waits forever, and a device (``/dev/zero``,
``/dev/tty``) never ends or waits for typing. Every reader of a user's file (kit and config
files, ``--board``, ``--words``, game records, the files of a built kit's folder) opens it here:
without blocking, then looks at what it opened, so a FIFO, a socket, a device or a folder is an
:class:`OSError` at once whose ``strerror`` names what it is ("a named pipe (FIFO), not a regular
file"), and the caller's message, which names the file, reads as one line.
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
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


def read_input(path: str | Path, limit: int | None = None) -> bytes:
    """The bytes of a regular file (see :func:`open_input`); with ``limit``, at most ``limit + 1``
    of them, so that the caller can tell a file over the limit without reading all of it."""
    with open_input(path) as f:
        return f.read() if limit is None else f.read(limit + 1)
