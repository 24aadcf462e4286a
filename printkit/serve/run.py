"""Running the page's server: Werkzeug's threaded server on loopback, stopped cleanly by Ctrl-C."""

from __future__ import annotations

import ipaddress
import logging
import socket
import sys
import threading
import time
from typing import Callable

from werkzeug.serving import WSGIRequestHandler, make_server

from .app import create_app
from .sessions import Store

DEFAULT_PORT = 8765
LOOPBACK_NAMES = frozenset({"127.0.0.1", "localhost", "[::1]"})


class _Quiet(WSGIRequestHandler):
    """No line per request on the terminal: the address and the problems are what the user reads."""

    def log_request(self, code="-", size="-") -> None:
        pass


def loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def page_names(host: str) -> frozenset[str] | None:
    """The names a browser may reach the page by (see :func:`printkit.serve.app.create_app`): on
    loopback, the loopback names and ``host`` itself; on another address, any name (None)."""
    if not loopback(host):
        return None
    own = f"[{host.strip('[]')}]" if ":" in host else host
    return LOOPBACK_NAMES | {own.lower()}


def _listen(host: str, port: int) -> socket.socket:
    """A listening socket of our own (Werkzeug would print its own lines and exit when the port is taken)."""
    family, kind, proto, _, address = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0]
    sock = socket.socket(family, kind, proto)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(address)
        sock.listen(64)
    except BaseException:
        sock.close()
        raise
    return sock


def _server(host: str, port: int | None, app):
    """A server on ``port``; with none given, on 8765 or, when that is taken, a free port."""
    tries = [DEFAULT_PORT, 0] if port is None else [port]
    for i, p in enumerate(tries):
        try:
            sock = _listen(host, p)
        except OSError:
            if i == len(tries) - 1:
                raise
            continue
        try:
            return make_server(host, sock.getsockname()[1], app, threaded=True, request_handler=_Quiet,
                               fd=sock.fileno())
        finally:
            sock.close()  # the server holds its own duplicate of the socket
    raise AssertionError("unreachable")


def serve(host: str = "127.0.0.1", port: int | None = None, open_browser: bool = False,
          say: Callable[[str], None] = print, warn: Callable[[str], None] | None = None) -> int:
    """Serve until Ctrl-C (exit code 0: stopping the server is how it ends) or SIGTERM (raised as
    :class:`printkit.interrupt.Interrupted` by the command line); the temporary folders go with it."""
    warn = warn or (lambda line: print(line, file=sys.stderr))
    logging.getLogger("werkzeug").setLevel(logging.ERROR)
    store = Store()
    app = create_app(store, hosts=page_names(host))
    try:
        server = _server(host, port, app)
    except OSError as exc:
        from ..errors import PrintkitError

        why = exc.strerror or str(exc)
        raise PrintkitError(f"printkit serve: cannot listen on {host}:{port if port is not None else DEFAULT_PORT} "
                            f"({why})") from None
    # The server runs in a thread of its own and the main thread only prints and sleeps, so that
    # Ctrl-C (or SIGTERM) lands there, never half way through the server starting a request's
    # thread; the server is then stopped between two requests by shutdown().
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.2}, name="printkit-serve",
                              daemon=True)
    thread.start()
    try:
        if not loopback(host):
            warn(f"printkit serve: warning: listening on {host}, not only this machine: anyone on the network "
                 f"can use the page (--host 127.0.0.1 keeps it to this machine)")
        shown_host = host if host not in ("0.0.0.0", "::", "") else socket.gethostname()
        if ":" in shown_host:
            shown_host = f"[{shown_host}]"
        url = f"http://{shown_host}:{server.port}/"
        say(f"printkit serve: {url}  (Ctrl-C stops it)")
        sys.stdout.flush()
        if open_browser:
            import webbrowser

            webbrowser.open(url)
        while thread.is_alive():
            time.sleep(0.2)
    except KeyboardInterrupt:
        pass
    finally:
        server.shutdown()  # returns at once if the loop has ended
        server.server_close()
        store.close()
    say("printkit serve: stopped")
    return 0
