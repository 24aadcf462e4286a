"""Which shipped kits the longest tests build whole.

Every shipped kit is loaded, checked, built with its default products and verified by the tests that take
each kit in turn (tests/verify/test_verify.py, tests/paper/, tests/laser/test_burn.py, tests/solid/, ...).
Building every product of a kit, the on-request ones too (3D plates, cutter, stickers, racks, box, bag), and
building it again in two other processes (tests/house/) is for the kits below: the house's sets, the Scrabble
editions that each bring something of their own (English, the plain Latin set; German's umlauts; Spanish CH
LL RR; Polish's marks; Russian's and Ukrainian's Cyrillic, Ukrainian's apostrophe), and the two whose tiles
carry more than one letter in a way no other does (Hungarian CS GY LY NY SZ TY ZS, Catalan L·L NY QU). The other
editions (French and Dutch, plain Latin as English is, and those of issue 39) are the same code with other
tables: building each of them whole too would add minutes to a CI run that must stay under 25 (it took 24 min
45 s with French and Dutch here, which they leave by about a minute).
"""

from __future__ import annotations

from printkit.config import kit_names

WHOLE = ("krestoslovitsa", "krestoslovitsa-mini", "erudit", "scrabble-ru", "scrabble-uk", "scrabble-en",
         "scrabble-de", "scrabble-es", "scrabble-pl", "scrabble-hu", "scrabble-ca")


def whole() -> list[str]:
    """The shipped kits of :data:`WHOLE`, in kit_names' order (a kit named there and not shipped fails here)."""
    names = kit_names()
    missing = [n for n in WHOLE if n not in names]
    assert not missing, f"tests/kits.py names kits that are not shipped: {missing}"
    return [n for n in names if n in WHOLE]
