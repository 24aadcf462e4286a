"""The files a command writes into a folder of the user's (``printkit fit``'s chart and derived set,
``printkit simulate``'s game records and chart): a record there says which files the command wrote, and
only those are its to replace or remove. :class:`Written` is all or nothing.

A kit's output folder follows the same scheme with its manifest as the record (:mod:`printkit.outdir`);
this module is apart from that one so that ``check --simulate``, which plays and writes nothing, does
not reach the module that writes kits' folders.
"""

from __future__ import annotations

import json
import os
import shutil
import tempfile
from pathlib import Path

from .errors import PrintkitError
from .inputs import read_input
from .interrupt import held

# One scheme for every folder printkit writes into that is the user's too: a record says which files
# printkit wrote there (a kit's folder: its manifest; the folder of ``printkit fit``: a record of the
# files' sha256); before anything is written, a file in the way that the record does not give as
# printkit's stops the command (in_the_way), and nothing is changed; the new files go into place whole
# (each written aside, then moved), the record last.

def in_the_way(path: Path, whose: str, advice: str) -> PrintkitError:
    """The refusal of a file where printkit writes one: ``whose`` says why it is not printkit's to
    replace ("printkit fit did not write it (or it was changed since)"), ``advice`` what to do."""
    return PrintkitError(f"{path} is in the way: {whose}; {advice}")


class Written:
    """The files a command wrote into a folder of the user's, by their sha256, in a record file there
    (``printkit fit``: ``.printkit-fit.json``; ``printkit simulate``: ``.printkit-simulate.json``). A file
    is the command's to replace or remove while it is what the command wrote: one the user made, or
    changed since, is not. The record is a regular file or nothing: a named pipe, a folder, a link or a
    device where it goes stops the command before anything is written (a pipe would block the write,
    a link lead it out of the folder).

    :meth:`write` is all or nothing: every file, and the record, is written aside first (in a work
    folder inside the folder, so that each move is a rename), then moved into place, the files it
    replaces or removes kept aside until the last move; a failure anywhere (a full disk, a move
    refused) takes the new files away and puts the previous ones back, and the folder is as it was."""

    WORK = ".printkit-part-"  # the work folder's prefix: .printkit-part-PID-RANDOM
    HASH_CHUNK = 1 << 20  # bytes hashed at a time (a file in the way may be large)

    def __init__(self, folder: Path, record: str, who: str, limit: int = 1_000_000, force: bool = False):
        """``force`` (the command's ``--force``): a file in the way is replaced or removed whoever wrote it; the
        record must still be a regular file or nothing."""
        self.folder, self.path, self.who, self.limit = Path(folder), Path(folder) / record, who, limit
        self.force = force

    def recorded(self) -> dict[str, str]:
        """The record: name → sha256 of each file it gives as the command's (plain names of files in the
        folder only: an entry that names anything else is not one the command could have written)."""
        import re
        import stat

        try:
            regular = stat.S_ISREG(os.lstat(self.path).st_mode)
            data = json.loads(read_input(self.path, self.limit).decode("utf-8")) if regular else {}
        except (OSError, UnicodeDecodeError, ValueError):
            data = {}
        if not isinstance(data, dict):
            return {}
        return {n: d for n, d in data.items() if self._plain(n) and isinstance(d, str)
                and re.fullmatch("[0-9a-f]{64}", d)}

    def _plain(self, name) -> bool:
        return (isinstance(name, str) and name not in ("", ".", "..", self.path.name)
                and not any(c in name for c in "/\\\0"))

    def ours(self, name: str, record: dict | None = None) -> bool:
        """``name`` (a file in the folder) is as the command wrote it."""
        import hashlib
        import stat

        from .inputs import open_input

        want = (self.recorded() if record is None else record).get(name)
        path = self.folder / name
        try:
            if want is None or not stat.S_ISREG(os.lstat(path).st_mode):
                return False  # not in the record, or not a file of its own (a link, a pipe, a folder)
            digest = hashlib.sha256()
            with open_input(path) as f:  # without waiting, should a pipe take the file's place meanwhile
                while chunk := f.read(self.HASH_CHUNK):
                    digest.update(chunk)
        except OSError:
            return False
        return digest.hexdigest() == want

    def check_record(self, advice: str) -> None:
        """Stop at a record path that holds something else than a regular file."""
        import stat

        from .inputs import kind

        try:
            mode = os.lstat(self.path).st_mode
        except OSError:
            return  # none (or none that can be seen: then nothing can be written either, and the write says so)
        what = "a symbolic link" if stat.S_ISLNK(mode) else kind(mode)
        if what:
            raise in_the_way(self.path, f"it is {what}, not the record {self.who} keeps of the files it wrote there",
                             advice)

    def refuse(self, names: list[str], advice: str, whose: str | None = None) -> None:
        """Stop, before anything is written, at a record that is not a regular file, or at a file of
        ``names`` in the way that is not the command's (``whose`` says why it is not)."""
        self.check_record(advice)
        if self.force:
            return
        record = self.recorded()
        for name in names:
            if os.path.lexists(self.folder / name) and not self.ours(name, record):
                raise in_the_way(self.folder / name, whose or f"{self.who} did not write it (or it was changed since)",
                                 advice)

    def write(self, files: dict[str, bytes], advice: str, remove: list[str] | tuple[str, ...] = ()) -> None:
        """Write ``files`` (name → bytes) into the folder, which exists, and remove the files of
        ``remove`` (its own, unchanged), all or nothing, the record of them last (the files it listed
        before, still there and not removed, are kept in it). An OSError is the caller's to word: the
        folder is then as it was."""
        Written.write_all([(self, files, remove)], advice)

    @staticmethod
    def write_all(jobs: list[tuple[Written, dict[str, bytes], list[str] | tuple[str, ...]]], advice: str) -> None:
        """:meth:`write` into several folders (each once) at once: all of them, or none. A folder (and its
        parents) that is not there is made, and removed again if nothing is written."""
        import hashlib

        for w, files, remove in jobs:
            if not all(w._plain(n) for n in [*files, *remove]):
                raise ValueError(f"not a plain file name of {w.folder}: {[*files, *remove]}")
            w.refuse([*files, *remove], advice)
        works: list[Path] = []
        moves: list[tuple[Path, Path | None, Path]] = []  # (file in place, its new version or None, where the old goes)
        done: list[list] = []  # [file in place, its old version aside or None, the new one landed]
        made: list[Path] = []  # the folders made for the files, the first first
        with held():  # a stop waits for the end (the caller's checkpoint): the moves are not cut in half
            try:
                records = []
                for w, _, _ in jobs:
                    made += [p for p in (*reversed(w.folder.parents), w.folder) if not os.path.lexists(p)]
                    w.folder.mkdir(parents=True, exist_ok=True)
                for w, files, remove in jobs:
                    work = Path(tempfile.mkdtemp(prefix=f"{Written.WORK}{os.getpid()}-", dir=w.folder))
                    works.append(work)
                    (work / "new").mkdir()
                    (work / "old").mkdir()
                    before = w.recorded()
                    entries = {n: d for n, d in before.items() if n not in files and n not in remove
                               and os.path.lexists(w.folder / n)}
                    entries.update({n: hashlib.sha256(d).hexdigest() for n, d in files.items()})
                    for name, data in files.items():
                        Written._part(work / "new" / name, data)
                        moves.append((w.folder / name, work / "new" / name, work / "old" / name))
                    moves += [(w.folder / name, None, work / "old" / name) for name in remove]
                    text = json.dumps(dict(sorted(entries.items())), indent=1) + "\n"
                    Written._part(work / "new" / w.path.name, text.encode("utf-8"))
                    records.append((w.path, work / "new" / w.path.name, work / "old" / w.path.name))
                for dest, new, old in moves + records:  # the records last
                    step = [dest, None, False]
                    done.append(step)
                    if os.path.lexists(dest):
                        os.replace(dest, old)
                        step[1] = old
                    if new is not None:
                        os.replace(new, dest)
                        step[2] = True
            except BaseException:
                undone = Written._undo(done)
                for work in works if undone else ():
                    shutil.rmtree(work, ignore_errors=True)
                for folder in reversed(made):  # those made for nothing (one with files left in it stays)
                    try:
                        folder.rmdir()
                    except OSError:
                        pass
                raise
            for work in works:  # the previous versions go only now
                shutil.rmtree(work, ignore_errors=True)

    @staticmethod
    def _part(path: Path, data: bytes) -> None:
        with open(path, "xb") as f:  # the whole of it, or an OSError (a full disk: at the write or the close)
            f.write(data)

    @staticmethod
    def _undo(done: list[list]) -> bool:
        """Put back what the moves replaced; False if some of it could not be (it stays in the work folder)."""
        whole = True
        for dest, old, landed in reversed(done):
            try:
                if landed:
                    os.unlink(dest)
                if old is not None:
                    os.replace(old, dest)
            except OSError:
                whole = False
        return whole


__all__ = ["Written", "in_the_way"]
