"""The page's builds: a bounded pool of worker processes, with a queue, a time limit and cancelling.

A download is built in a process of its own (``multiprocessing``'s forkserver where the system has
one, else spawn), never in the server's: a heavy kit then takes one core and its own memory, which
goes back to the system when the process ends, while the server goes on answering previews with
the other; and a build can be stopped at once (SIGTERM, then SIGKILL), which a thread cannot. At
most ``workers`` builds run at a time, at most ``queue`` more wait, in order; a build that takes
longer than ``limit_s`` is stopped and says so. Each reports its progress (files written, previews
made) for the page's progress bar.

Before a build is queued, :func:`admit` asks whether the kit's work is within the budget
(:mod:`printkit.budget`): a kit too large is refused with the figure and the limit, before any
process starts.

No Flask here: the handlers in :mod:`printkit.serve.app` call :class:`Pool`; the tests call it too.
"""

from __future__ import annotations

import multiprocessing
import os
import secrets
import signal
import sys
import threading
import time
from collections import deque
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from ..errors import PrintkitError
from ..model import Kit
from ..text import LANGUAGES, Said
from . import state
from .answers import bundle, inside
from .sessions import Store

WORKERS = max(1, min(2, (os.cpu_count() or 2) - 1))  # builds at once: one core stays for the previews
QUEUE = 8  # builds waiting at most, beyond those running
LIMIT_S = 300.0  # a build's time limit, in seconds (the default kit takes about 10 s)
KEEP_S = 900.0  # how long a finished job's answer is kept for the page to fetch
STOP_S = 3.0  # after SIGTERM, how long a stopped build has to clean up before SIGKILL

QUEUED, RUNNING, DONE, FAILED, CANCELLED = "queued", "running", "done", "failed", "cancelled"
FINISHED = (DONE, FAILED, CANCELLED)


def admit(kit: Kit, products: list[str] | None) -> None:
    """The work budget's door: raise a :class:`PrintkitError` naming the figure and the limit when
    building ``products`` (None: all) of ``kit`` would take more work than the budget allows
    (:func:`printkit.products.estimate`: pages, items, pixels of previews, counted before anything is
    drawn; the same refusal as ``printkit build``'s, at the option that drives it)."""
    from ..products import estimate

    estimate(kit, products).check()


class Busy(PrintkitError):
    """The queue is full: the page says so and the user tries again later (HTTP 503)."""

    def __init__(self, waiting: int):
        self.said = Said("serve_err_busy", {"n": waiting})
        super().__init__(self.said("en"))


@dataclass
class Job:
    id: str
    text: str  # the kit's YAML, as the page's state composed it
    kit: str  # the kit's name
    product: str | None  # one product, or None for the whole kit
    upload: state.Upload | None
    made: float
    state: str = QUEUED
    done: int = 0  # steps of the build done, of ``total`` (0 of 0 until it has started)
    total: int = 0
    # a failed build's lines (with their place), in each language of the page
    errors: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    said: Said | None = None  # a failure of the pool's own (time limit, a crash), to say in the page's language
    download: dict[str, Any] | None = None  # a finished build: token, url, download, files
    finished: float | None = None
    cancel: threading.Event = field(default_factory=threading.Event)
    token: str | None = None  # the store's folder of the build, once it runs
    fields: tuple[str, ...] = ()  # the controls whose values the page set

    def answer(self, position: int | None, language: str) -> dict[str, Any]:
        """The job as the page reads it."""
        out: dict[str, Any] = {"ok": self.state not in (FAILED,), "job": self.id, "state": self.state,
                               "kit": self.kit, "product": self.product, "done": self.done, "total": self.total}
        if position is not None:
            out["position"] = position
        if self.state == DONE and self.download:
            out.update(self.download)
        if self.state == FAILED:
            out["errors"] = ([{"text": self.said(language)}] if self.said
                             else self.errors.get(language) or self.errors.get("en", []))
        return out


def _context():
    methods = multiprocessing.get_all_start_methods()
    if "forkserver" in methods:
        ctx = multiprocessing.get_context("forkserver")
        ctx.set_forkserver_preload([__name__])  # each build starts from a process with printkit imported
        return ctx
    return multiprocessing.get_context("spawn")


class Pool:
    """Builds in worker processes: ``submit`` queues one, ``get`` reads it, ``cancel`` stops it."""

    def __init__(self, store: Store, workers: int = WORKERS, queue: int = QUEUE, limit_s: float = LIMIT_S,
                 keep_s: float = KEEP_S, clock: Callable[[], float] = time.monotonic):
        self.store = store
        self.workers, self.queue, self.limit_s, self.keep_s = workers, queue, limit_s, keep_s
        self.clock = clock
        self._jobs: dict[str, Job] = {}
        self._waiting: deque[Job] = deque()
        self._running: set[str] = set()
        self._runners: list[threading.Thread] = []
        self._lock = threading.Lock()
        self._closed = False
        self._ctx = None

    # -- the handlers' side ----------------------------------------------------------------------

    def submit(self, kit: Kit, text: str, upload: state.Upload | None, product: str | None,
               fields: tuple[str, ...] = ()) -> Job:
        """Queue a build of ``kit`` (loaded from ``text``, which the worker loads again); refused at once
        when the budget says no (:func:`admit`) or the queue is full (:class:`Busy`). ``fields``: the
        page's controls whose values the page set (a failure at one names it by its label)."""
        admit(kit, [product] if product else None)
        self.sweep()
        job = Job(secrets.token_urlsafe(18), text, kit.name, product, upload, self.clock(), fields=fields)
        with self._lock:
            if self._closed:
                raise Busy(len(self._waiting))
            if len(self._waiting) >= self.queue:
                raise Busy(len(self._waiting))
            self._jobs[job.id] = job
            self._waiting.append(job)
        self._pump()
        return job

    def get(self, job_id: Any) -> Job | None:
        self.sweep()
        if not isinstance(job_id, str):
            return None
        with self._lock:
            return self._jobs.get(job_id)

    def position(self, job: Job) -> int | None:
        """How many builds wait before ``job`` (None when it is not waiting)."""
        with self._lock:
            for i, j in enumerate(self._waiting):
                if j is job:
                    return i
        return None

    def cancel(self, job_id: Any) -> Job | None:
        """Stop a job: a waiting one leaves the queue, a running one's process is stopped."""
        job = self.get(job_id)
        if job is None:
            return None
        with self._lock:
            if job.state == QUEUED:
                self._waiting.remove(job)
                self._finish(job, CANCELLED)
                return job
        job.cancel.set()
        return job

    def wait(self, job: Job, timeout: float | None = None) -> Job:
        """Until ``job`` has finished (for the tests and the benchmark)."""
        end = None if timeout is None else time.monotonic() + timeout
        while job.state not in FINISHED:
            if end is not None and time.monotonic() > end:
                break
            time.sleep(0.05)
        return job

    def sweep(self) -> None:
        """Forget finished jobs older than ``keep_s``."""
        now = self.clock()
        with self._lock:
            for job_id in [i for i, j in self._jobs.items()
                           if j.finished is not None and now - j.finished > self.keep_s]:
                del self._jobs[job_id]

    def close(self) -> None:
        """Stop every build, waiting or running (the server is stopping); their folders go."""
        with self._lock:
            self._closed = True
            waiting = list(self._waiting)
            self._waiting.clear()
            for job in waiting:
                self._finish(job, CANCELLED)
            running = [self._jobs[i] for i in self._running]
            runners = list(self._runners)
        for job in running:
            job.cancel.set()
        for t in runners:
            t.join(STOP_S + 5)

    # -- the workers -------------------------------------------------------------------------------

    def _finish(self, job: Job, how: str) -> None:
        job.state = how
        job.finished = self.clock()

    def _pump(self) -> None:
        with self._lock:
            while self._waiting and len(self._running) < self.workers and not self._closed:
                job = self._waiting.popleft()
                job.state = RUNNING
                self._running.add(job.id)
                runner = threading.Thread(target=self._run, args=(job,), name=f"printkit-build-{job.id[:6]}",
                                          daemon=True)
                self._runners = [t for t in self._runners if t.is_alive()] + [runner]
                runner.start()

    def _run(self, job: Job) -> None:
        try:
            self._build(job)
        except BaseException as exc:  # noqa: BLE001 - the page gets a line, the terminal the trace file
            from ..report import fault_line, write_trace

            job.said = Said("serve_err_internal", {"why": fault_line(exc)})
            print(f"printkit serve: {job.said('en')} (the full trace is in {write_trace(exc)}; please report it)",
                  flush=True, file=sys.stderr)
            if job.token:
                self.store.drop(job.token)
            self._finish(job, FAILED)
        finally:
            with self._lock:
                self._running.discard(job.id)
            self._pump()

    def _build(self, job: Job) -> None:
        if self._ctx is None:
            self._ctx = _context()
        token, entry = self.store.new("build")
        job.token = token
        receive, send = self._ctx.Pipe(duplex=False)
        upload = (str(job.upload.folder), job.upload.name) if job.upload else None
        process = self._ctx.Process(target=_child,
                                    args=(job.text, upload, str(entry.folder / "out"), job.product, send,
                                          job.fields),
                                    name="printkit-build", daemon=True)
        process.start()
        send.close()
        deadline = self.clock() + self.limit_s
        result = None
        try:
            while result is None:
                if job.cancel.is_set():
                    _stop(process)
                    self.store.drop(token)
                    self._finish(job, CANCELLED)
                    return
                if self.clock() > deadline:
                    _stop(process)
                    self.store.drop(token)
                    job.said = Said("serve_err_time", {"n": round(self.limit_s)})
                    self._finish(job, FAILED)
                    return
                if not receive.poll(0.1):
                    if not process.is_alive() and not receive.poll(0):
                        process.join()
                        self.store.drop(token)
                        job.said = Said("serve_err_died", {"code": process.exitcode})
                        self._finish(job, FAILED)
                        return
                    continue
                try:
                    message = receive.recv()
                except EOFError:
                    continue  # the process has gone: the next round says how
                kind = message[0]
                if kind == "progress":
                    job.done, job.total = message[1], message[2]
                else:
                    result = message
        finally:
            receive.close()
            process.join(STOP_S)
            if process.is_alive():
                _stop(process)
        if result[0] == "failed":
            self.store.drop(token)
            job.errors = result[1]
            self._finish(job, FAILED)
            return
        if result[0] == "crashed":
            self.store.drop(token)
            job.said = Said("serve_err_internal", {"why": result[1]})
            print(f"printkit serve: {job.said('en')} (the full trace is in {result[2]}; please report it)",
                  flush=True, file=sys.stderr)
            self._finish(job, FAILED)
            return
        folder, artifacts = Path(result[1]["folder"]), result[1]["artifacts"]
        job.download = self._ready(job, token, entry, folder, artifacts)
        self._finish(job, DONE)

    def _ready(self, job: Job, token: str, entry, folder: Path, artifacts: list[dict]) -> dict[str, Any]:
        """What the page downloads from a finished build: one file, or a zip of the product's or kit's files."""
        files, download, single = bundle(folder, artifacts, job.product, job.kit)
        entry.meta.update(folder=str(folder), files=files, download=download, kit=job.kit, single=single,
                          yaml=job.text)
        self.store.touch(token)  # its time to be downloaded starts now
        return {"token": token, "download": download, "files": files, "url": f"/download/{token}"}


def _stop(process) -> None:
    """SIGTERM (the build removes its work folder), then SIGKILL if it has not ended in STOP_S."""
    if process.is_alive():
        process.terminate()
        process.join(STOP_S)
    if process.is_alive():
        process.kill()
        process.join(STOP_S)


def _child(text: str, upload: tuple[str, str] | None, out: str, product: str | None, send,
           fields: tuple[str, ...] = ()) -> None:
    """A build in its own process: the same loading and ``build_kit`` as ``printkit build``, its
    progress and its end sent back through ``send``."""
    from .. import interrupt
    from ..build import build_kit

    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C at the terminal: the server stops the builds itself
    interrupt.install()  # SIGTERM (cancel, time limit): every ``finally`` runs, the work folder goes
    try:
        try:
            up = state.Upload(Path(upload[0]), upload[1]) if upload else None
            kit = state.load_text(text, up)
            result = build_kit(kit, out, only=[product] if product else None,
                               progress=lambda done, total: send.send(("progress", done, total)))
            send.send(("done", {"folder": str(result.folder), "artifacts": result.manifest["artifacts"]}))
        except PrintkitError as exc:
            send.send(("failed", {lang: state.error_lines(exc, lang, text, fields) for lang in LANGUAGES}))
        except interrupt.Interrupted:
            pass
        except Exception as exc:  # noqa: BLE001 - one line to the page, the trace to a file
            from ..report import fault_line, write_trace

            send.send(("crashed", fault_line(exc), write_trace(exc)))
    finally:
        send.close()


__all__ = ["CANCELLED", "DONE", "FAILED", "LIMIT_S", "QUEUED", "RUNNING", "Busy", "Job", "Pool", "admit", "inside"]
