"""What a product needs beyond the core install, declared on its entry in the registry
(:attr:`printkit.products.Product.needs`) as a format declares its library (:attr:`printkit.formats.Format.library`).

A :class:`Need` names the modules it imports and the optional extra that installs them (the 3D tiles' manifold3d
and numpy, the ``3d`` extra), or a profile of the kit whose listed formats it writes, each needing its format's
library and extra (a laser's, a craft cutter's: ezdxf for DXF); it may be needed for some kits only (``when``:
single-line burnt letters). What it lacks for a kit is a :class:`Lack`, said in two ways from the one declaration:

- the command line's English (:meth:`Lack.message`): the build stops before it lays the product out, exit 2, and
  ``check`` reports the same line;
- the web page's sentence in the page's language and the control that mends it (:meth:`Lack.said`,
  ``control``): :mod:`printkit.serve.offers` marks the product and refuses its download.

Both end with the pip line of the extra (:func:`printkit.install.install_line`). The page's sentences name no
product: the page puts the product's name before each (a whole kit's refusal too: ``serve_product_lacks``). A need
that names no sentence of its own is said by ``needs_extra`` (the extra, the library, the line; the command line
puts the product before it), in a browser by its ``browser_said`` (``serve_browser_needs``, or another profile to
choose), and one of a profile by its
format's own sentence (:meth:`printkit.formats.Format.missing`) on the command line: a new product with a new extra
is its entry in the registry and the extra in pyproject.toml. The libraries are looked for without importing them
(:func:`printkit.formats.found`).

The needs of the products' sheets themselves are declared here (the sheets, which the registry imports, check them
too when they are called directly); the registry's entries name them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from .errors import PrintkitError
from .formats import FORMATS, Format, found
from .install import install_line
from .records import record

if TYPE_CHECKING:  # for the annotations only
    from .model import Kit
    from .text import Said


@record
class Need:
    """One thing a product needs from an optional extra."""

    modules: tuple[str, ...] = ()  # the modules it imports, in the order they are looked for ("manifold3d", "numpy")
    extra: str | None = None  # the extra that installs them: install_line("3d")
    # the kit's profile whose formats it writes ((kit) → the profile, with ``formats``, ``name`` and ``title``; None:
    # none for this kit): each format's library and extra (Format.library, Format.extra) are needed
    profile: Callable[[Kit], Any] | None = None
    when: Callable[[Kit], bool] | None = None  # needed only for a kit it says so of (single-line letters); None: always
    at: str | None = None  # the kit's option the command line's message starts at (kit.at(...): file:line:col)
    control: str | None = None  # the web page's control that mends it (the profile's, the letters'); None: none does
    # the web page's sentence (a key of printkit.text.TABLE), with the figures {line}, {extra}, {library}, {format},
    # {title}, {name} (of the profile) and {product} (its heading)
    said: str = "needs_extra"
    # the page's sentence in a browser, where nothing installs (the same figures): another profile to choose, or a
    # computer to install printkit on
    browser_said: str = "serve_browser_needs"
    # the command line's sentence, in English, with the same figures; None: a profile's format's own sentence
    # (Format.missing), else the page's sentence in English
    says: str | None = None

    def lacking(self, kit: Kit, product: str = "", heading: str = "") -> Lack | None:
        """What this need lacks for ``kit`` here (the first module or format's library not installed), or None. For
        the messages: ``product``'s name and ``heading`` (its words' key in the text table)."""
        if self.when is not None and not self.when(kit):
            return None
        for module in self.modules:
            if not found(module):
                return Lack(self, module, self.extra, product=product, heading=heading)
        profile = self.profile(kit) if self.profile is not None else None
        for name in profile.formats if profile is not None else ():
            fmt = FORMATS.get(name)
            if fmt is not None and fmt.library and not found(fmt.library):
                return Lack(self, fmt.library, fmt.extra, fmt, profile, product, heading)
        return None

    def require(self, kit: Kit, product: str = "", heading: str = "") -> None:
        """Stop, with the command line's message and the pip line, if this need lacks anything for ``kit``."""
        lack = self.lacking(kit, product, heading)
        if lack is not None:
            raise PrintkitError(lack.message(kit))


@record
class Lack:
    """What a :class:`Need` lacks for a kit: the library not installed and the extra that brings it."""

    need: Need
    library: str  # the module not installed ("manifold3d", "ezdxf")
    extra: str | None  # the extra that installs it
    format: Format | None = None  # the profile's format that needs it
    profile: Any = None  # the kit's profile that lists that format
    product: str = ""  # the product's name, and its heading's key in the text table
    heading: str = ""

    @property
    def control(self) -> str | None:
        return self.need.control

    def figures(self, language: str | None = None) -> dict[str, Any]:
        """The sentences' figures; the product's heading as a Said (None) or said in ``language``."""
        from .text import Said
        from .text.table import TABLE

        product: Any = Said(self.heading) if self.heading in TABLE else self.product
        if language is not None and isinstance(product, Said):
            product = product(language)
        p = self.profile
        return {"line": install_line(self.extra), "extra": self.extra or "", "library": self.library,
                "format": self.format.label if self.format is not None else "", "title": getattr(p, "title", ""),
                "name": getattr(p, "name", ""), "product": product}

    def said(self) -> Said:
        """The web page's sentence, to be said in the page's language (in the browser, one that sends the maker to
        a computer: nothing installs in a page)."""
        from . import install
        from .text import Said

        return Said(self.need.browser_said if install.BROWSER else self.need.said, self.figures())

    def message(self, kit: Kit) -> str:
        """The command line's line: at the need's option of ``kit`` where it names one."""
        if self.need.says is not None:
            text = self.need.says.format(**self.figures("en"))
        elif self.format is not None:
            text = self.format.missing()
        else:  # the page's sentence, which the page puts after the product's name
            text = f"{self.figures('en')['product']}: {self.said()('en')}"
        return f"{kit.at(self.need.at)}: {text}" if self.need.at else text


# -- the needs of the products' sheets (checked by the registry before it lays a product out, and by the sheets) ---

def _single(kit: Kit) -> bool:
    return kit.burn.letters == "single"


# the 3D-printed parts' solids: manifold3d, and numpy under it (the 3d extra)
SOLIDS = Need(("manifold3d", "numpy"), "3d", at="print3d.printer", said="serve_needs_3d",
              says="the 3D-printed tiles need the optional extra (manifold3d): {line}")
# single-line burnt letters: Hershey's strokes (hershey-fonts, the burn extra)
SINGLE_LINE = Need(("HersheyFonts",), "burn", when=_single, at="burn.letters", control="burn.letters",
                   said="serve_needs_burn",
                   says="single-stroke letters need the package hershey-fonts, which is not installed: {line}")


__all__ = ["SINGLE_LINE", "SOLIDS", "Lack", "Need"]
