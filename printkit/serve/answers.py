"""The page's answers, with no web framework under them: one page, two back ends.

Each answer takes what the page sent (its JSON, read by a function given, so that a request that is not JSON
is refused in the answer's own words) and the page's language, and returns an :class:`Answer`: a status and the
JSON the page reads. The local server (:mod:`printkit.serve.app`, Flask and its worker processes) and the page in
the browser with nothing installed (:mod:`printkit.site.backend`, the library under Pyodide in a Web Worker) both
answer with these, so the two cannot drift apart: the same refusals, the same words, the same pictures.
"""

from __future__ import annotations

import io
import json
import re
import threading
import zipfile
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import Any, Callable

from .. import __version__, fonts
from ..config import DEFAULT_KIT, kit_names, load_kit
from ..errors import PrintkitError
from ..products import names as products
from ..report import quoted
from ..text import LANGUAGES, TABLE, Said
from . import offers, previews as product_previews, state
from .sessions import Store

MAX_FONT = 10 * 1024 * 1024  # bytes of an uploaded font (PT Sans Bold is 0.5 MB; large CJK fonts 20 MB)
MAX_DEPTH = 16  # levels of nesting in a request's JSON (the page sends 2)
ZIP_TIME = (1980, 1, 1, 0, 0, 0)  # every member's date: the zip's bytes follow from the kit

Read = Callable[[], Any]  # the request's JSON, or a PageError saying why there is none


@dataclass
class Answer:
    """What the page gets back: an HTTP status and the JSON it reads."""

    status: int
    data: dict[str, Any]


def failure(status: int, lines: list[dict[str, Any]] | str | Said, language: str, **extra) -> Answer:
    """A refusal: each of its lines (a sentence said in ``language``, or lines already placed at their controls)."""
    if isinstance(lines, Said):
        lines = lines(language)
    errors = [{"text": lines}] if isinstance(lines, str) else lines
    return Answer(status, {"ok": False, "errors": errors, **extra})


def words() -> dict[str, dict[str, str]]:
    """The page's words in each language, from the sheets' table: the ``serve_`` entries, and the
    products' names (``product_tiles``) that the gallery uses too."""
    def key(k: str) -> str:
        return k[len("serve_"):] if k.startswith("serve_") else k

    return {lang: {key(k): e.get(lang) or e["en"] for k, e in TABLE.items() if k.startswith(("serve_", "product_"))}
            for lang in LANGUAGES}


def _kits() -> list[dict[str, str]]:
    out = []
    for name in kit_names():
        try:
            k = load_kit(name)
        except PrintkitError:
            continue
        out.append({"name": k.name, "title": k.title, "language": k.language})
    return out


def meta(limits: dict[str, int], **more) -> dict[str, Any]:
    """What the page is made from: the kits, the controls, the products, the words, the limits."""
    return {"version": __version__, "default": DEFAULT_KIT, "kits": _kits(), "controls": state.controls(),
            "products": products(), "words": words(), "limits": limits, **more}


_JSON_TOKENS = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]')


def depth(text: str) -> int:
    """How deeply the arrays and objects of a JSON text nest (strings skipped), without parsing it."""
    deepest = level = 0
    for m in _JSON_TOKENS.finditer(text):
        ch = m.group()
        if ch in "[{":
            level += 1
            deepest = max(deepest, level)
        elif ch in "]}":
            level -= 1
    return deepest


def parse_json(data: bytes | str) -> Any:
    """A request's JSON, refused in one line when it is not JSON or nests too deeply."""
    try:
        text = data.decode("utf-8") if isinstance(data, bytes) else data
    except UnicodeDecodeError:
        raise state.BadRequest("serve_err_json") from None
    if depth(text) > MAX_DEPTH:
        raise state.BadRequest("serve_err_nested", n=MAX_DEPTH)
    try:
        return json.loads(text)
    except RecursionError:  # not reached after the depth check; kept as the last guard
        raise state.BadRequest("serve_err_nested", n=MAX_DEPTH) from None
    except ValueError:
        raise state.BadRequest("serve_err_json") from None


def upload_of(req: state.Request, store: Store) -> state.Upload | None:
    """The font the request names, from the uploads' store (a PageError when it has gone)."""
    if req.font is None:
        return None
    entry = store.get(req.font, "font")
    if entry is None:
        raise state.BadRequest("serve_err_font_gone")
    return state.Upload(entry.folder, entry.meta["name"])


def refused(exc: PrintkitError, language: str, text: str | None, req: state.Request | None, **extra) -> Answer:
    """A kit the page cannot use: each line of its error, placed at its control (422, or the page error's status)."""
    status = exc.status if isinstance(exc, state.PageError) else 422
    return failure(status, state.error_lines(exc, language, text or (req.yaml if req else None),
                                             req.options if req else ()), language, **extra)


class Turns:
    """At most ``n`` previews laid out at once (each holds a kit's geometry); the others wait up to ``wait_s``."""

    def __init__(self, n: int, wait_s: float):
        self._gate = threading.BoundedSemaphore(n)
        self.wait_s = wait_s

    def __enter__(self) -> bool:
        self._taken = self._gate.acquire(timeout=self.wait_s)
        return self._taken

    def __exit__(self, *exc) -> None:
        if self._taken:
            self._gate.release()


def preview(read: Read, language: str, store: Store, turns: Turns) -> Answer:
    """The tiles' and the board's pictures, the figures and check's findings for the kit the page describes."""
    text = req = None
    try:
        req = state.parse_request(read())
        upload = upload_of(req, store)
        text = state.compose(req, upload)
        kit = state.load_text(text, upload)
        with turns as taken:
            if not taken:
                return failure(503, Said("serve_err_busy_previews"), language)
            shown = state.preview(kit)
    except PrintkitError as exc:
        return refused(exc, language, text, req, yaml=text)
    return Answer(200, {"ok": True, "kit": kit.name, "title": kit.title, "language": kit.language, "yaml": text,
                        "values": state.values(kit, upload), **shown,
                        "unavailable": offers.unavailable(kit, products(), kit.language)})


def view(read: Read, language: str, store: Store, turns: Turns) -> Answer:
    """One page of any product of the kit (:mod:`printkit.serve.previews`): only that product laid out."""
    text = req = None
    try:
        data = read()
        req = state.parse_request(data)
        upload = upload_of(req, store)
        shown = product_previews.asked(data)
        text = state.compose(req, upload)
        kit = state.load_text(text, upload)
        with turns as taken:
            if not taken:
                return failure(503, Said("serve_err_busy_previews"), language)
            answer = product_previews.view(kit, text, upload, shown)
    except PrintkitError as exc:
        return refused(exc, language, text, req)
    return Answer(200, {"ok": True, "kit": kit.name, **answer})


def keeper(read: Read, language: str, store: Store) -> Answer:
    """The score keeper's turn (:mod:`printkit.keeper`): the kit as the page's other requests send it, the game
    as GCG text (``gcg``; empty: a new game of ``players``) and one ``turn`` (null: the game as it is); the
    answer is the new record and the game's state, or the turn refused in one line with the record unchanged."""
    from .. import keeper as keeping

    text = req = None
    sent: Any = None
    try:
        data = read()
        req = state.parse_request(data)
        sent = data.get("gcg")
        upload = upload_of(req, store)
        text = state.compose(req, upload)
        kit = state.load_text(text, upload)
    except PrintkitError as exc:
        return refused(exc, language, text, req, **_record(sent))
    try:
        game = keeping.load(kit, sent, data.get("players"))
        game = keeping.play(game, data.get("turn"))
    except keeping.Refused as exc:
        return failure(exc.status, exc.text(language), language, **_record(sent))
    return Answer(200, {"ok": True, "gcg": keeping.text(game), "game": keeping.view(game)})


def _record(sent: Any) -> dict[str, Any]:
    """The record the page sent, given back unchanged with a refusal (when it is a record at all)."""
    return {"gcg": sent} if isinstance(sent, str) else {}


def font_name(filename: str | None) -> str:
    """A safe file name for an uploaded font, kept from the user's own where it can be: it is the
    name the kit's YAML gives the font."""
    from ..paths import name_problem

    base = re.split(r"[\\/]", filename or "")[-1]
    stem = base[:-4] if base.lower().endswith(".ttf") else base
    stem = re.sub(r"[^A-Za-z0-9_.-]+", "_", stem).strip("._-")[:60]
    name = f"{stem}.ttf" if stem else "font.ttf"
    return name if name_problem(name) is None and name not in state.FONT_NAMES else "font.ttf"


def font(filename: str | None, data: bytes, store: Store, language: str) -> Answer:
    """A font the page uploads (its bytes, at most :data:`MAX_FONT`), kept in the store and read as the build
    reads it."""
    if len(data) > MAX_FONT:
        return failure(413, Said("serve_err_upload_big", {"n": MAX_FONT // (1024 * 1024)}), language)
    name = font_name(filename)
    token, entry = store.new("font", name=name)
    path = entry.folder / name
    path.write_bytes(data)
    try:
        loaded = fonts.load(str(path), where=name)
    except PrintkitError as exc:
        store.drop(token)
        return failure(422, [{"text": line, "control": "style.tile.font"} for line in exc.lines()], language)
    return Answer(200, {"ok": True, "font": token, "name": name, "family": loaded.ps_name})


@dataclass
class Wanted:
    """A build the page asks for, checked and loaded: the kit, its text, the uploaded font, the product
    (None: the whole kit) and the controls the page set (their labels name them in a failure's lines)."""

    kit: Any
    text: str
    upload: state.Upload | None
    product: str | None
    fields: tuple[str, ...]


def wanted(read: Read, language: str, store: Store) -> Wanted | Answer:
    """The build the page asks for, or the answer that refuses it (a kit that does not load, a product this
    install cannot build: said here, before anything runs)."""
    text = req = None
    try:
        data = read()
        req = state.parse_request(data)
        upload = upload_of(req, store)
        product = data.get("product")
        if product is not None and product not in products():
            raise state.BadRequest("serve_err_product", name=quoted(product, 60), products=", ".join(products()))
        text = state.compose(req, upload)
        kit = state.load_text(text, upload)
    except PrintkitError as exc:
        return refused(exc, language, text, req)
    why = offers.refusal(kit, product)  # a library this install lacks
    if why is not None:
        said, control = why
        return failure(422, [{"text": said(language), **({"control": control} if control else {})}], language)
    return Wanted(kit, text, upload, product, tuple(req.options))


def kit_yaml(read: Read, language: str, store: Store) -> tuple[str, str] | Answer:
    """The kit the page describes as YAML, and its file name; or the answer that refuses it."""
    try:
        req = state.parse_request(read())
        text = state.compose(req, upload_of(req, store))
    except PrintkitError as exc:
        status = exc.status if isinstance(exc, state.PageError) else 422
        return failure(status, state.error_lines(exc, language), language)
    return text, f"{req.kit}.yaml"


def zipped(folder: Path, paths: list[str], prefix: str) -> bytes:
    """The files ``paths`` of ``folder`` as a zip under ``prefix/``, its bytes following from theirs alone."""
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        for rel in paths:
            info = zipfile.ZipInfo(str(PurePosixPath(prefix, rel)) if prefix else rel, ZIP_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            z.writestr(info, (folder / rel).read_bytes())
    return buf.getvalue()


def bundle(folder: Path, artifacts: list[dict], product: str | None, kit: str) -> tuple[list[str], str, bool]:
    """What the page downloads from a finished build in ``folder``: the files (a product's, without its
    previews; or every file and the manifest), the download's name, and whether it is the one file itself
    rather than a zip of them."""
    from ..manifest import MANIFEST

    if product:
        files = [a["path"] for a in artifacts if a["product"] == product and a["kind"] != "preview"]
    else:
        files = [a["path"] for a in artifacts] + [MANIFEST]
    files = [f for f in files if inside(folder, f)]
    single = bool(product and len(files) == 1)
    download = files[0] if single else (f"{kit}-{product}.zip" if product else f"{kit}.zip")
    return files, download, single


def inside(folder: Path, rel: str) -> bool:
    """``rel`` names a file inside ``folder`` (no absolute path, no ``..``, no link out of it)."""
    p = PurePosixPath(rel)
    if p.is_absolute() or ".." in p.parts or "\\" in rel:
        return False
    target = (folder / rel).resolve()
    return folder.resolve() in target.parents and target.is_file()


def as_json(data: dict[str, Any]) -> str:
    """An answer's JSON as the page reads it (the words as they are, in the order made)."""
    return json.dumps(data, ensure_ascii=False)


__all__ = ["MAX_DEPTH", "MAX_FONT", "Answer", "Turns", "Wanted", "bundle", "depth", "failure", "font", "font_name",
           "inside", "keeper", "kit_yaml", "meta", "parse_json", "preview", "refused", "upload_of", "view", "wanted",
           "words", "zipped"]
