"""Which shipped kits the longest tests build whole.

Every shipped kit is loaded, checked, built with its default products and verified by the tests that take
each kit in turn (tests/verify/test_verify.py, tests/paper/, tests/laser/test_burn.py, tests/solid/, ...).
Building every product of a kit, the on-request ones too (3D plates, cutter, stickers, racks, box, bag), and
building it again in two other processes (tests/house/) is for the kits below: the house's sets, the first
nine Scrabble editions, and the two editions whose tiles carry more than one letter in a way no other does
(Hungarian CS GY LY NY SZ TY ZS, Catalan L·L NY QU). The other editions (issue 39) are the same code with
other tables: building each of them whole too would add some five minutes to a CI run of 25.
"""

from __future__ import annotations

from printkit.config import kit_names

WHOLE = ("krestoslovitsa", "krestoslovitsa-mini", "erudit", "scrabble-ru", "scrabble-uk", "scrabble-en",
         "scrabble-de", "scrabble-fr", "scrabble-es", "scrabble-pl", "scrabble-nl", "scrabble-hu", "scrabble-ca")


def whole() -> list[str]:
    """The shipped kits of :data:`WHOLE`, in kit_names' order (a kit named there and not shipped fails here)."""
    names = kit_names()
    missing = [n for n in WHOLE if n not in names]
    assert not missing, f"tests/kits.py names kits that are not shipped: {missing}"
    return [n for n in names if n in WHOLE]
