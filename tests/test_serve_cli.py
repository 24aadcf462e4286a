"""``printkit serve`` as a real process: it starts, says where, answers, and stops on Ctrl-C with exit 0.
And the command line without the extra: one line, exit 2; the other commands never import Flask."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
import urllib.request

from printkit.serve.run import loopback, page_names

ENV = {**os.environ, "PYTHONUNBUFFERED": "1"}


def start(*args: str, **env: str) -> tuple[subprocess.Popen, str]:
    """``printkit serve ARGS`` in a process (with ``env`` added to its environment); the address it printed."""
    proc = subprocess.Popen([sys.executable, "-m", "printkit", "serve", *args], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, env={**ENV, **env})
    line = proc.stdout.readline()
    assert line.startswith("printkit serve: http://"), (line, proc.stderr.read() if proc.poll() is not None else "")
    return proc, line.split()[2]


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
        body = json.dumps({"kit": "krestoslovitsa", "options": {"physical.tile_mm": "25"}}).encode()
        request = urllib.request.Request(url + "api/preview", body, {"Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=30) as r:
            assert json.load(r)["figures"]["tile_mm"] == 25
        with urllib.request.urlopen(url, timeout=20) as r:
            assert r.read().startswith(b"<!DOCTYPE html>")
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
    finally:
        code, _, err = stop(proc)
    assert code == 0, err


def test_page_names():
    assert page_names("127.0.0.1") == {"127.0.0.1", "localhost", "[::1]"}
    assert page_names("127.0.0.2") == {"127.0.0.1", "127.0.0.2", "localhost", "[::1]"}
    assert page_names("::1") == {"127.0.0.1", "localhost", "[::1]"}
    assert page_names("0.0.0.0") is None and page_names("192.168.1.5") is None  # warned about already


def test_sigterm_stops_it_too_with_143_and_its_folders_go(tmp_path):
    proc, url = start("--port", "0", TMPDIR=str(tmp_path))  # its own temporary folder: other servers' stay out
    body = json.dumps({"kit": "krestoslovitsa", "product": "calibration"}).encode()
    request = urllib.request.Request(url + "api/build", body, {"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=60) as r:
        assert json.load(r)["download"] == "calibration.pdf"
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
    code = textwrap.dedent("""
        import sys
        class NoFlask:
            def find_spec(self, name, path=None, target=None):
                if name == "flask" or name.startswith("flask."):
                    raise ModuleNotFoundError("No module named 'flask'", name="flask")
        sys.meta_path.insert(0, NoFlask())
        from printkit.cli import main
        sys.exit(main(["serve"]))
    """)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert done.stderr == "printkit: the web page needs the optional extra (Flask): pip install 'printkit[serve]'\n" and done.stdout == ""


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
