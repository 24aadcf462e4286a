"""``printkit serve`` as a real process: it starts, says where, answers, and stops on Ctrl-C with exit 0.
And the command line without the extra: one line, exit 2; the other commands never import Flask."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import textwrap
import threading
import time
import urllib.error
import urllib.request

from extras import without

from printkit.install import install_line
from printkit.serve.run import Names, loopback, page_names

ENV = {**os.environ, "PYTHONUNBUFFERED": "1"}


def start(*args: str, **env: str) -> tuple[subprocess.Popen, str]:
    """``printkit serve ARGS`` in a process (with ``env`` added to its environment); the address it
    printed, without its token (the process's ``token``)."""
    proc = subprocess.Popen([sys.executable, "-m", "printkit", "serve", *args], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, env={**ENV, **env})
    line = proc.stdout.readline()
    assert line.startswith("printkit serve: http://"), (line, proc.stderr.read() if proc.poll() is not None else "")
    url, _, token = line.split()[2].partition("?token=")
    assert len(token) >= 32, line
    proc.token = token
    proc.printed = line.split()[2]
    return proc, url


def post(proc: subprocess.Popen, url: str, body: dict) -> urllib.request.Request:
    """A POST as the page sends it: JSON, with the run's token."""
    return urllib.request.Request(url, json.dumps(body).encode(), {"Content-Type": "application/json",
                                                                   "X-Printkit-Token": proc.token})


STOP_S = 90  # how long a stopped server may take to exit: generous, since a loaded machine (CI, parallel
# suites) gives the process a fraction of a core; no speed is measured here (bench/bench_serve.py does)


def stop(proc: subprocess.Popen) -> tuple[int, str, str]:
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=STOP_S)
    return proc.returncode, out, err


def test_serve_starts_answers_and_stops_cleanly_on_ctrl_c():
    proc, url = start("--port", "0")
    try:
        assert url.startswith("http://127.0.0.1:") and url.endswith("/")
        assert int(url.rsplit(":", 1)[1].rstrip("/")) > 0
        with urllib.request.urlopen(url + "api/meta", timeout=20) as r:
            meta = json.load(r)
        assert meta["default"] == "krestoslovitsa"
        request = post(proc, url + "api/preview", {"kit": "krestoslovitsa", "options": {"physical.tile_mm": "25"}})
        with urllib.request.urlopen(request, timeout=30) as r:
            assert json.load(r)["figures"]["tile_mm"] == 25
        import http.cookiejar

        browser = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
        with browser.open(proc.printed, timeout=20) as r:  # the address printed: the page, then by its cookie
            html = r.read()
        assert r.url == url
        assert html.startswith(b"<!DOCTYPE html>") and f'content="{proc.token}"'.encode() in html
        bare = urllib.request.Request(url + "api/preview", b"{}", {"Content-Type": "application/json"})
        try:
            urllib.request.urlopen(bare, timeout=20)
            raise AssertionError("a POST without the token was answered")
        except urllib.error.HTTPError as exc:
            assert exc.code == 403
    finally:
        code, out, err = stop(proc)
    assert code == 0, err
    assert out.strip() == "printkit serve: stopped" and err == ""


def test_on_loopback_it_answers_only_to_loopback_names():
    """A page elsewhere whose name resolves to 127.0.0.1 (DNS rebinding) sends its own name as the
    Host header: refused, so it can neither read the page's answers nor build through it."""
    import http.client

    proc, url = start("--port", "0")
    port = int(url.rsplit(":", 1)[1].rstrip("/"))
    try:
        def get(host: str, **headers: str) -> tuple[int, dict]:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=20)
            conn.request("GET", "/api/meta", headers={"Host": host, **headers})
            r = conn.getresponse()
            status, body = r.status, json.loads(r.read())
            conn.close()
            return status, body

        assert get(f"127.0.0.1:{port}")[0] == 200
        assert get(f"localhost:{port}")[0] == 200
        status, body = get(f"attacker.example:{port}")
        assert status == 403 and body["errors"][0]["text"] == (
            "this page answers only to 127.0.0.1, [::1], localhost, not to the name "
            f"'attacker.example:{port}'")
        # another site's page posting to the right address (cross-site request forgery) says where it is from
        assert get(f"127.0.0.1:{port}", Origin=f"http://127.0.0.1:{port}")[0] == 200
        status, body = get(f"127.0.0.1:{port}", Origin="https://attacker.example")
        assert status == 403 and body["errors"][0]["text"] == (
            "requests from another site's page ('https://attacker.example') are refused")
        # and so does a page of another port of this machine: the Origin must be this page's exactly
        status, body = get(f"127.0.0.1:{port}", Origin=f"http://127.0.0.1:{port + 1}")
        assert status == 403 and body["errors"][0]["text"] == (
            f"requests from another site's page ('http://127.0.0.1:{port + 1}') are refused")
    finally:
        code, _, err = stop(proc)
    assert code == 0, err


def test_page_names():
    assert page_names("127.0.0.1") == {"127.0.0.1", "localhost", "[::1]"}
    assert page_names("127.0.0.2") == {"127.0.0.1", "127.0.0.2", "localhost", "[::1]"}
    assert page_names("::1") == {"127.0.0.1", "localhost", "[::1]"}
    for host in ("0.0.0.0", "192.168.1.5", "::"):  # any name was let in: a page by any name could use it
        names = page_names(host)
        assert isinstance(names, Names) and names.any_address
        assert not names.allows("evil.example") and not names.allows("localhost.evil.example")
        assert names.allows("192.168.1.77") and names.allows("[fe80::1]") and names.allows("localhost")
        assert names.allows(socket.gethostname().lower())


def test_on_every_address_a_foreign_name_and_origin_are_refused():
    """--host 0.0.0.0 turned the cross-site check off: Host evil.example and Origin http://evil.example got 200."""
    import http.client

    proc, url = start("--host", "0.0.0.0", "--port", "0")
    port = int(url.rsplit(":", 1)[1].rstrip("/"))
    try:
        def ask(method: str, host: str, **headers: str) -> int:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=20)
            body = json.dumps({"kit": "krestoslovitsa"}) if method == "POST" else None
            conn.request(method, "/api/yaml" if method == "POST" else "/api/meta", body=body,
                         headers={"Host": host, "Content-Type": "application/json", **headers})
            r = conn.getresponse()
            r.read()
            conn.close()
            return r.status

        token = {"X-Printkit-Token": proc.token}
        assert ask("GET", "evil.example", Origin="http://evil.example") == 403
        assert ask("POST", "evil.example", Origin="http://evil.example", **token) == 403
        assert ask("POST", f"127.0.0.1:{port}", Origin="http://evil.example", **token) == 403
        assert ask("POST", f"127.0.0.1:{port}", Origin=f"http://127.0.0.1:{port + 1}", **token) == 403
        assert ask("POST", f"127.0.0.1:{port}", Origin=f"http://127.0.0.1:{port}") == 403  # no token
        assert ask("POST", f"127.0.0.1:{port}", Origin=f"http://127.0.0.1:{port}", **token) == 200
        assert ask("POST", f"192.168.1.5:{port}", Origin=f"http://192.168.1.5:{port}", **token) == 200
    finally:
        code, _, err = stop(proc)
    assert code == 0, err
    assert proc.printed.startswith(f"http://{socket.gethostname()}:{port}/?token=")


def test_sigterm_stops_it_too_with_143_and_its_folders_go(tmp_path):
    proc, url = start("--port", "0", TMPDIR=str(tmp_path))  # its own temporary folder: other servers' stay out
    with urllib.request.urlopen(post(proc, url + "api/build", {"kit": "krestoslovitsa", "product": "calibration"}),
                                timeout=60) as r:
        job = json.load(r)
    end = time.monotonic() + 60
    while job["state"] != "done" and time.monotonic() < end:
        time.sleep(0.1)
        with urllib.request.urlopen(url + f"api/job/{job['job']}", timeout=20) as r:
            job = json.load(r)
    assert job["download"] == "calibration.pdf"
    import glob

    pattern = os.path.join(tmp_path, "printkit-serve-build-*")
    before = set(glob.glob(pattern))
    assert before  # the build waits for its download
    proc.send_signal(signal.SIGTERM)
    out, err = proc.communicate(timeout=STOP_S)
    assert proc.returncode == 143 and err == "printkit: stopped by SIGTERM\n"
    assert before & set(glob.glob(pattern)) == set()


def test_a_host_other_than_loopback_is_warned_about():
    proc, url = start("--host", "0.0.0.0", "--port", "0")
    code, _, err = stop(proc)
    assert code == 0
    assert "warning: listening on 0.0.0.0, not only this machine" in err
    assert loopback("127.0.0.1") and loopback("::1") and loopback("localhost") and loopback("127.0.0.2")
    assert not loopback("0.0.0.0") and not loopback("192.168.1.5") and not loopback("example.org")


def test_a_port_taken_is_one_line_and_exit_2():
    proc, url = start("--port", "0")
    try:
        port = url.rsplit(":", 1)[1].rstrip("/")
        done = subprocess.run([sys.executable, "-m", "printkit", "serve", "--port", port], capture_output=True,
                              text=True, timeout=30, env=ENV)
        assert done.returncode == 2
        assert done.stderr.startswith(f"printkit serve: cannot listen on 127.0.0.1:{port} (")
        assert len(done.stderr.splitlines()) == 1
    finally:
        stop(proc)


def test_without_the_extra_serve_says_how_to_install_it():
    code = without("flask", ["serve"])
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert done.stderr == f"printkit: the web page needs the optional extra (Flask): {install_line('serve')}\n"
    assert done.stdout == ""


def test_the_other_commands_import_nothing_of_flask(tmp_path):
    code = textwrap.dedent(f"""
        import sys
        from printkit.cli import main
        assert main(["list"]) == 0
        assert main(["check"]) == 0
        assert main(["build", "--out", {str(tmp_path)!r}, "--only", "tiles", "-q"]) == 0
        loaded = sorted(m for m in sys.modules if m == "flask" or m.startswith(("flask.", "werkzeug")))
        print("LOADED", loaded)
    """)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[-1] == "LOADED []"


def test_idle_connections_time_out_and_the_threads_are_bounded():
    """200 idle sockets held 203 threads, for ever: now at most THREADS connections are answered at
    once (the rest are told 503 and closed) and a silent one is closed after its timeout."""
    from printkit.serve.app import create_app
    from printkit.serve.run import _server
    from printkit.serve.sessions import Store

    store = Store()
    server = _server("127.0.0.1", 0, create_app(store), timeout=1.0, threads=8)
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
    thread.start()
    before = threading.active_count()
    most = [0]
    done = threading.Event()

    def count() -> None:  # the most threads the server had at any moment
        while not done.is_set():
            most[0] = max(most[0], threading.active_count() - before)
            time.sleep(0.005)

    counter = threading.Thread(target=count, daemon=True)
    counter.start()
    sockets = []
    try:
        for _ in range(200):  # past the listening backlog, the system holds them back a while
            sockets.append(socket.create_connection(("127.0.0.1", server.port), timeout=20))
        answers = []
        for s in sockets:  # each one ends: a 503 at once, or closed after a second of silence
            s.settimeout(20)
            answers.append(s.recv(4096))
        done.set()
        counter.join()
        assert most[0] <= 8 + 1  # the connections' threads (and the counter itself)
        busy = [a for a in answers if a.startswith(b"HTTP/1.1 503 ")]
        assert len(busy) + answers.count(b"") == 200 and len(busy) >= 150
        assert b"the server is answering 8 connections already: try again in a moment" in busy[0]
        time.sleep(0.3)
        assert threading.active_count() <= before
        with urllib.request.urlopen(f"http://127.0.0.1:{server.port}/api/meta", timeout=20) as r:
            assert r.status == 200  # and the server answers again
    finally:
        done.set()
        for s in sockets:
            s.close()
        server.shutdown()
        server.server_close()
        store.close()
