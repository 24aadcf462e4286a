"""Writers turn pages of geometry into files. They never decide a size or a position."""

from .pdf import write_pdf
from .svg import write_svg

WRITERS = {"pdf": write_pdf, "svg": write_svg}
