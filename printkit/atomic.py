"""A file written whole or not at all: its bytes go to a temporary file first (beside it, or in a work folder on
the same file system), which is then moved over the file in one step. A reader sees the old file or the new one,
never half of one; a failure (a full disk, a stop) leaves the old file and no temporary one.

The one writer of this kind in printkit: the kit's folder's notes and its record of the moves
(:mod:`printkit.outdir`), printkit's cache (:mod:`printkit.cache`). Several files that must land together are
:class:`printkit.written.Written`'s (each written aside, then all moved)."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import Callable


def write_atomic(path: Path | str, data: bytes, aside: Path | str | None = None,
                 move: Callable[[str, str], None] | None = None) -> None:
    """Write ``data`` to ``path`` whole: into a temporary file in ``aside`` (by default the file's own folder),
    then moved over ``path`` by ``move`` (``os.replace``, looked up when called; the cache takes ``os.rename``).
    An OSError is the caller's to word, with nothing left behind."""
    path = Path(path)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".new", dir=aside if aside is not None else path.parent)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        (move or os.replace)(tmp, str(path))
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


__all__ = ["write_atomic"]
