"""``printkit serve``: the local web page."""

from __future__ import annotations

import argparse
import signal

from .. import interrupt
from ..errors import PrintkitError
from ..install import install_line
from .terminal import EXIT_INPUT, err, out

HELP = 'a local web page to choose a kit, change it, see it and download it'


def arguments(sv: argparse.ArgumentParser) -> None:
    """``serve``'s arguments, added when the command is given or its help shown."""
    sv.add_argument("--port", type=int, default=None, metavar="N", help="the port (default: 8765, or a free one "
                                                                       "when it is taken; 0: a free one)")
    sv.add_argument("--host", default="127.0.0.1", metavar="H", help="the address to listen on (default: 127.0.0.1, "
                                                                     "this machine only)")
    sv.add_argument("--open", action="store_true", help="open the page in the browser")


def run(args) -> int:
    try:
        import flask  # noqa: F401 - the optional extra
    except ImportError:
        err(f"printkit: the web page needs the optional extra (Flask): {install_line('serve')}")
        return EXIT_INPUT
    if args.port is not None and not 0 <= args.port <= 65535:
        raise PrintkitError(f"--port {args.port}: a port is 0 to 65535 (0: a free one)")
    from ..serve.run import serve

    code = serve(args.host, args.port, args.open, say=out, warn=err)
    if interrupt.stopped() == signal.SIGINT:  # Ctrl-C is how the server ends: exit 0
        interrupt.reset()
    return code
