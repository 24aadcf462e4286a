"""Running the page's server: Werkzeug's threaded server on loopback, stopped cleanly by Ctrl-C.

Bounded: at most ``THREADS`` connections are answered at once (one more is told 503 and closed),
and a connection that sends nothing for ``TIMEOUT_S`` seconds is closed, so idle or slow clients
cannot hold the server's threads. The builds run in worker processes (:mod:`printkit.serve.jobs`).
"""

from __future__ import annotations

import ipaddress
import json
import logging
import secrets
import socket
import sys
import threading
import time
from typing import Callable

from werkzeug.serving import ThreadedWSGIServer, WSGIRequestHandler

from ..text import Said
from .app import create_app
from .jobs import Pool
from .names import LOOPBACK_NAMES, Names
from .sessions import Store

DEFAULT_PORT = 8765
THREADS = 32  # connections answered at once (a browser opens up to 6)
TIMEOUT_S = 20.0  # a connection silent this long is closed (an idle keep-alive, a client that stalls)


class _Quiet(WSGIRequestHandler):
    """No line per request on the terminal: the address and the problems are what the user reads.
    A connection that sends nothing for ``timeout`` seconds is closed."""

    timeout = TIMEOUT_S

    def log_request(self, code="-", size="-") -> None:
        pass

    def log_error(self, format: str, *args) -> None:
        if "timed out" in (format % args if args else format):
            return  # an idle connection closed: the bound doing its work, nothing to report
        super().log_error(format, *args)


class _Server(ThreadedWSGIServer):
    """Werkzeug's threaded server with a bound on its threads: past ``threads`` connections at once,
    a new one is answered 503 at once and closed, instead of a thread of its own."""

    def __init__(self, *args, threads: int = THREADS, **kwargs):
        super().__init__(*args, **kwargs)
        self.threads = threads
        self._slots = threading.BoundedSemaphore(threads)

    def process_request(self, request, client_address) -> None:
        if not self._slots.acquire(blocking=False):
            self._refuse(request)
            return
        try:
            super().process_request(request, client_address)  # starts the connection's thread
        except BaseException:
            self._slots.release()
            raise

    def process_request_thread(self, request, client_address) -> None:
        try:
            super().process_request_thread(request, client_address)
        finally:
            self._slots.release()

    def _refuse(self, request) -> None:
        body = json.dumps({"ok": False, "errors": [{"text": Said("serve_err_connections", {"n": self.threads})()}]},
                          ensure_ascii=False).encode()
        head = (f"HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json\r\nRetry-After: 5\r\n"
                f"Connection: close\r\nContent-Length: {len(body)}\r\n\r\n").encode()
        try:
            request.settimeout(1.0)
            request.sendall(head + body)
        except OSError:
            pass
        finally:
            self.shutdown_request(request)


def loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def _bracketed(host: str) -> str:
    return f"[{host.strip('[]')}]" if ":" in host else host


def page_names(host: str) -> Names:
    """The names a browser may reach the page by (see :class:`Names`): on loopback, the loopback
    names and ``host`` itself; on another address, those, this machine's names and any IP address."""
    own = {_bracketed(host)} if host not in ("0.0.0.0", "::", "") else set()
    if loopback(host):
        return Names(LOOPBACK_NAMES | own)
    machine = set()
    try:
        name = socket.gethostname()
        machine |= {name, f"{name}.local", socket.getfqdn()}
    except OSError:
        pass
    return Names(LOOPBACK_NAMES | own | machine, any_address=True)


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


def _server(host: str, port: int | None, app, timeout: float = TIMEOUT_S, threads: int = THREADS):
    """A server on ``port``; with none given, on 8765 or, when that is taken, a free port. At most
    ``threads`` connections at once, each closed after ``timeout`` seconds of silence."""
    tries = [DEFAULT_PORT, 0] if port is None else [port]
    for i, p in enumerate(tries):
        try:
            sock = _listen(host, p)
        except OSError:
            if i == len(tries) - 1:
                raise
            continue
        handler = type("_Handler", (_Quiet,), {"timeout": timeout})
        try:
            return _Server(host, sock.getsockname()[1], app, handler=handler, fd=sock.fileno(), threads=threads)
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
    pool = Pool(store)
    token = secrets.token_urlsafe(24)  # the run's secret: the address printed below carries it
    app = create_app(store, names=page_names(host), token=token, pool=pool)
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
        url = f"http://{shown_host}:{server.port}/?token={token}"
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
        pool.close()
        store.close()
    say("printkit serve: stopped")
    return 0
