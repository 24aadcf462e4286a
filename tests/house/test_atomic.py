"""printkit.atomic.write_atomic: the file is the old one or the new one, never half, and no temporary file is left."""

from __future__ import annotations

import errno
import os

import pytest

from printkit.atomic import write_atomic


def test_a_file_is_replaced_whole(tmp_path):
    path = tmp_path / "f.json"
    path.write_bytes(b"old")
    write_atomic(path, b"new")
    assert path.read_bytes() == b"new" and [p.name for p in tmp_path.iterdir()] == ["f.json"]


@pytest.mark.parametrize("where", ["write", "move"])
def test_a_failure_leaves_the_old_file_and_nothing_else(tmp_path, monkeypatch, where):
    path = tmp_path / "f.json"
    path.write_bytes(b"old")

    def full(*args, **kwargs):
        raise OSError(errno.ENOSPC, "No space left on device")

    if where == "write":
        real = os.fdopen

        class Full:
            def __init__(self, f):
                self.f = f

            def __enter__(self):
                return self

            def __exit__(self, *exc):
                self.f.close()

            def write(self, data):
                full()

        monkeypatch.setattr(os, "fdopen", lambda fd, mode: Full(real(fd, mode)))
    else:
        monkeypatch.setattr(os, "replace", full)
    with pytest.raises(OSError, match="No space left"):
        write_atomic(path, b"new")
    assert path.read_bytes() == b"old" and [p.name for p in tmp_path.iterdir()] == ["f.json"]


def test_aside_in_a_work_folder(tmp_path):
    work = tmp_path / "work"
    work.mkdir()
    write_atomic(tmp_path / "f", b"x", aside=work)
    assert (tmp_path / "f").read_bytes() == b"x" and list(work.iterdir()) == []
