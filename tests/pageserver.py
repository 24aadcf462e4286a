"""The page of printkit serve, served as `printkit serve` serves it, and the system's Chromium that the browser
tests drive it with (tests/serve/test_*_browser.py)."""

from __future__ import annotations

import os
import shutil
import threading
from contextlib import contextmanager
from typing import Iterator

from printkit.serve.app import create_app
from printkit.serve.run import _server, page_names
from printkit.serve.sessions import Store

# the system's Chromium (never a downloaded one); None where none is installed (CI installs Debian's)
CHROMIUM = next((p for p in ("/usr/bin/chromium", shutil.which("chromium"), shutil.which("chromium-browser"))
                 if p and os.path.exists(p)), None)
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
        "--disable-component-update", "--disable-sync"]
NO_CHROMIUM = "no Chromium on this machine (CI installs the Debian package)"


@contextmanager
def serving(store: Store) -> Iterator[tuple[str, str]]:
    """The page's root address and the address `printkit serve` prints (with the run's token), while the server
    `printkit serve` runs (loopback names, bounded threads, idle timeouts) serves ``store``'s page."""
    app = create_app(store, names=page_names("127.0.0.1"))
    srv = _server("127.0.0.1", 0, app)
    thread = threading.Thread(target=srv.serve_forever, kwargs={"poll_interval": 0.1}, daemon=True)
    thread.start()
    root = f"http://127.0.0.1:{srv.port}/"
    try:
        yield root, f"{root}?token={app.config['PRINTKIT_TOKEN']}"
    finally:
        srv.shutdown()
        thread.join(10)
        app.extensions["printkit_pool"].close()
