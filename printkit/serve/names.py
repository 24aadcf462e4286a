"""The names the page may be reached by (the Host header): the page's defence against DNS rebinding,
shared by the application (:mod:`.app`) and the server that runs it (:mod:`.run`)."""

from __future__ import annotations

import ipaddress
from typing import Iterable

LOOPBACK_NAMES = frozenset({"127.0.0.1", "localhost", "[::1]"})


class Names:
    """The names the page may be reached by (the Host header, its port apart): a page elsewhere
    whose own name resolves to this machine (DNS rebinding) sends that name, and is refused.

    On loopback: 127.0.0.1, localhost, [::1] and the address given. On another address (``--host
    0.0.0.0``): those, this machine's own names, and any IP address (a page reached by an address
    is that address's page, so no other site can stand behind it)."""

    def __init__(self, names: Iterable[str], any_address: bool = False):
        self.names = frozenset(n.lower() for n in names if n)
        self.any_address = any_address

    @classmethod
    def loopback(cls) -> "Names":
        return cls(LOOPBACK_NAMES)

    def allows(self, name: str) -> bool:
        name = name.lower()
        if name in self.names:
            return True
        if self.any_address:
            try:
                ipaddress.ip_address(name[1:-1] if name.startswith("[") and name.endswith("]") else name)
            except ValueError:
                return False
            return True
        return False

    def shown(self) -> str:
        listed = ", ".join(sorted(self.names))
        return listed + (" or an IP address" if self.any_address else "")

    def __eq__(self, other) -> bool:
        if isinstance(other, (set, frozenset)):
            return not self.any_address and self.names == other
        return isinstance(other, Names) and (self.names, self.any_address) == (other.names, other.any_address)

    def __repr__(self) -> str:
        return f"Names({sorted(self.names)!r}, any_address={self.any_address})"


__all__ = ["LOOPBACK_NAMES", "Names"]
