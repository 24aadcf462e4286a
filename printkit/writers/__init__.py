"""Writers turn pages of geometry into files. They never decide a size or a position.

Which writer writes which format is :data:`printkit.formats.FORMATS`' (each format's ``write``, imported when a
file of it is first written, so commands that write nothing, check and list, do not pay for its library).
"""

from __future__ import annotations

from collections.abc import Mapping

from ..formats import FORMATS, lazy

write_pdf = lazy("printkit.writers.pdf:write_pdf")
write_svg = lazy("printkit.writers.svg:write_svg")


class _Writers(Mapping):
    """Each format's writer, by the format's name: a view of :data:`printkit.formats.FORMATS`."""

    def __getitem__(self, name: str):
        return FORMATS[name].write

    def __iter__(self):
        return iter(FORMATS)

    def __len__(self) -> int:
        return len(FORMATS)


WRITERS: Mapping = _Writers()


def require(fmt: str) -> None:
    """Stop before any file is written if the library a format needs is missing (DXF: ezdxf, an
    optional extra); the message says which pip line installs it."""
    FORMATS[fmt].require()


__all__ = ["WRITERS", "require", "write_pdf", "write_svg"]
