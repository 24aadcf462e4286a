"""Property-based fuzzing of config input: mutated kits, distributions, layouts and rule sets.

Whatever the input, `printkit check` and `printkit build` end with exit 0, 1 or 2, never a
traceback (exit 3), within bounded time and memory; and a kit that check passes, build builds.

The products made only on request (``by_default=False`` in the registry: the 3D tiles, the cutter's,
the stickers, the racks, the box, the bag), which check does not lay out, are built with ``--only``
once check has found no mistake in the kit's file (exit 0, or 1: a failed check of the set or the
rules): each from a kit with every option they read (``test_opt_in_products``, a test a product;
in the long run those options at their edges, ``EDGES``), and in the long run one of them, in turn,
beside the default build of every mutated or mangled kit. Such a build ends with exit 0, or 2 and
one line a problem naming a file:line:col, and leaves nothing in the output folder when it fails.

The inputs that found bugs are kept as cases of their own (``FOUND``), run every time. Beside them
the default run (CI) replays a small fixed set (derandomized, ``EXAMPLES`` of each test; each opt-in
product from one kit); the random search is the long run, one command:

    PRINTKIT_FUZZ=long .venv/bin/python -m pytest tests/config/test_fuzz.py -q

(``PRINTKIT_FUZZ_EXAMPLES=N`` sets the number of examples of each test.) An input a long run finds
goes into ``FOUND`` with the fix, so that every later run tries it.
"""

from __future__ import annotations

import copy
import io
import itertools
import os
import re
import resource
import sys
import tempfile
import time
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, Phase, currently_in_test_context, event, example, given, settings, strategies as st

from printkit.cli import main
from printkit.products import REGISTRY

LONG = os.environ.get("PRINTKIT_FUZZ") == "long"
EXAMPLES = int(os.environ.get("PRINTKIT_FUZZ_EXAMPLES", "2000" if LONG else "15"))
FUZZ = settings(max_examples=EXAMPLES, derandomize=not LONG, database=None, deadline=None,
                suppress_health_check=list(HealthCheck), print_blob=True)
# an opt-in product's build takes a second or more (the 3D tiles' of a full set several): the default run builds
# each from its explicit example only (and the cases in FOUND), the long run from kits at the edges too
# (the long run reports the kit that failed as it was: shrinking it would take hundreds of builds, and it
# differs from the kit at the edges in one to four options)
OPT_FUZZ = settings(FUZZ, phases=[Phase.explicit, Phase.generate] if LONG else [Phase.explicit])
SECONDS = 20.0  # the most one check or one build may take
OPT_IN = tuple(p.name for p in REGISTRY.values() if not p.by_default)  # built only with --only
IN_TURN = itertools.cycle(OPT_IN)  # the long run builds one of them beside the default products, in turn
LOCATED = re.compile(r"[^:\n]+:\d+:\d+: \S")  # a problem's line: file:line:col: what is wrong
PEAK_RSS_MB = 1500  # the most the whole process may have used when a run ends

# A small, complete kit written inline (fast to build), and one that extends a shipped kit.
BASE = {
    "name": "fuzz",
    "title": "Фазз",
    "language": "ru",
    "distribution": {
        "name": "d", "language": "ru", "script": "Cyrillic", "alphabet": "А Б В Г Ё", "vowels": "А Ё",
        "blanks": 1,
        "tiles": [["А", 5, 1], ["Б", 3, 2], ["В", 3, 2], ["Г", 2, 3], ["Ё", 1, 4]],
    },
    "layout": {"name": "l", "rows": "TW .. DL .. TW\n.. DW .. DW ..\nDL .. *DW .. DL\n.. DW .. DW ..\n"
                                    "TW .. DL .. TW\n"},
    "rules": {"rack": 3, "placement": "line", "blank_value": "zero", "premiums": "once", "end": "deduct",
              "all_tiles_bonus": 15, "examples": [{"word": "БАГ", "at": "3A", "score": 31}]},
    "physical": {"tile_mm": 12, "cell_mm": 14},
    "style": {"labels": "en", "tile": {"corner": "top-left"}},
    "print": {"paper": "A5", "margin_mm": 8, "spares": {"per_letter": 0, "letters": {"А": 1}}},
}
EXTENDS = {"extends": "krestoslovitsa-mini", "name": "fuzz-mini", "print": {"paper": "A4", "backs": "plain"},
           "physical": {"tile_mm": 9}}
# The options only the opt-in products read, at their defaults: in a kit, so that mutations reach them.
OPTIONS = {
    "physical": {"thickness_mm": 3, "kerf_mm": 0.2},
    "laser": {"profile": "lightburn", "bed": "600x400", "margin_mm": 5},
    "play": {"players": 2},
    "cutter": {"profile": "silhouette", "cut": "gap", "gap_mm": 2, "bleed_mm": 0.75},
    "stickers": {"stock": "endisch-6502020", "bleed_mm": 0.75},
    "print3d": {"printer": "bambu-x1", "thickness_mm": 4, "corner_mm": 1, "chamfer_mm": 0.6, "letter_layers": 3,
                "letters": "inset", "margin_mm": 5, "gap_mm": 3, "board_mm": 4, "board_recess_mm": 0.6,
                "board_clearance_mm": 0.15, "density": 1.24, "parts": ["tiles", "racks", "board"]},
}


def _merged(doc: dict, more: dict) -> dict:
    out = copy.deepcopy(doc)
    for key, value in more.items():
        out[key] = _merged(out[key], value) if isinstance(value, dict) and isinstance(out.get(key), dict) \
            else copy.deepcopy(value)
    return out


BASE_OPT, EXTENDS_OPT = _merged(BASE, OPTIONS), _merged(EXTENDS, OPTIONS)
# the kits mutated: in the long run with those options too (the default run finds them in test_opt_in_products)
KITS = [BASE, EXTENDS, BASE_OPT, EXTENDS_OPT] if LONG else [BASE, EXTENDS]

# The edges of what the opt-in products read: each option's bounds and just inside and outside them, sizes
# near one another (a thickness near the tile's side, a kerf near the thickness), the smallest and largest
# beds and papers, and the profiles there are ("laser.yaml", "printer.yaml": a profile of the kit's own, whose
# bed is drawn too).
EDGES = {
    ("physical", "tile_mm"): [3, 3.01, 5, 9, 12, 20, 40, 60, 99.99, 100],
    ("physical", "cell_mm"): [3, 3.01, 5, 14, 22, 40, 99.99, 100],
    ("physical", "thickness_mm"): [0.1, 0.11, 0.2, 0.5, 1, 3, 8.99, 9, 11.99, 12, 12.01, 20, 20.01],
    ("physical", "kerf_mm"): [0, 0.01, 0.1, 0.11, 0.19, 0.2, 0.5, 0.99, 1, 1.01],
    ("laser", "bed"): ["20x20", "20x5000", "5000x20", "30x30", "50x50", "100x60", "150x120", "300x300", "600x400",
                       "5000x5000"],
    ("laser", "margin_mm"): [0, 5, 9.99, 10, 50],
    ("laser", "profile"): ["lightburn", "k40-whisperer", "glowforge", "xtool", "rdworks", "epilog-trotec",
                           "laser.yaml"],
    ("play", "players"): [1, 2, 3, 4, 5, 6, 7, ["Аня", "Боря + Вера"], ["W" * 40] * 6],
    ("rules", "rack"): [1, 2, 7, 8, 12, 20],
    ("print", "paper"): ["A5", "A4", "A3", "A2", "Letter", "Legal", "Tabloid", "100x100", "100x2000", "2000x100",
                         "2000x2000"],
    ("print", "margin_mm"): [0, 8, 30, 100],
    ("cutter", "profile"): ["silhouette", "silhouette-4l", "cricut", "cutter.yaml"],
    ("cutter", "cut"): ["shared", "gap"],
    ("cutter", "gap_mm"): [0.99, 1, 20, 20.01],
    ("cutter", "bleed_mm"): [0.49, 0.5, 1, 1.01],
    ("stickers", "stock"): ["OL3008", "OL5275", "endisch-6500020", "endisch-6502020", "stock.yaml", "stock.xml"],
    ("stickers", "bleed_mm"): [0.49, 0.5, 1, 1.01],
    ("print3d", "printer"): ["bambu-x1", "bambu-a1-mini", "ender-3", "prusa-mk4", "prusa-mk4-mmu3", "printer.yaml"],
    ("print3d", "thickness_mm"): [0.99, 1, 1.01, 4, 19.99, 20],
    ("print3d", "corner_mm"): [0, 0.01, 1, 4.5, 5.99, 6, 6.01, 10, 20],
    ("print3d", "chamfer_mm"): [0, 0.01, 0.6, 1.99, 2, 3, 5],
    ("print3d", "letter_layers"): [1, 3, 20, 50],
    ("print3d", "letters"): ["inset", "raised"],
    ("print3d", "margin_mm"): [0, 5, 20, 50],
    ("print3d", "gap_mm"): [0.5, 3, 50],
    ("print3d", "board_mm"): [2, 2.01, 4, 20],
    ("print3d", "board_recess_mm"): [0, 0.6, 1.99, 2, 3.99, 5],
    ("print3d", "board_clearance_mm"): [0, 0.15, 1],
    ("print3d", "density"): [0.5, 3],
    ("print3d", "parts"): [["tiles"], ["racks"], ["board"], ["board", "tiles"], ["tiles", "racks", "board"]],
}
# A profile or a stock of the kit's own (cutter.yaml, stock.yaml, a glabels stock.xml): a shipped one's keys, one to
# four of them at their edges, among them names that are no part of a file's name and sizes made to be large.
NAMES = ["fuzz", "моя наклейка", "../../../VICTIM", "../../../../VICTIM", "../manifest", "a/b", "a\\b", "two\nlines",
         "", "..", ".h", "x" * 81, "CON", "-rf"]
CUTTER = {"name": "fuzz-cutter", "papers": ["A4", "Letter"], "marks": "type1", "formats": ["pdf", "svg", "dxf"],
          "cut": "gap", "gap_mm": 2, "bleed_mm": 0.75, "png_dpi": 300}
CUTTER_EDGES = {
    "name": NAMES, "papers": [[], ["A4"], ["Letter"], ["A4", "Letter"]],
    "area": ["50x50", "49.99x50", "234.95x171.45", "600x600", "1000x1000", "1000.01x1000"],
    "marks": ["type1", "four-l", "none"], "formats": [["pdf"], ["png"], ["svg", "png"], ["pdf", "svg", "dxf", "png"]],
    "png_dpi": [99, 100, 300, 600, 1200, 1201], "cut": ["shared", "gap"], "gap_mm": [0.99, 1, 20, 20.01],
    "bleed_mm": [0.49, 0.5, 1, 1.01], "bleed_by": ["printkit", "software"], "inset_mm": [5, 50],
    "square_mm": [1, 20], "arm_mm": [5, 50], "instructions": ["cricut", "none"],
}
STOCK = {"name": "fuzz-stock", "paper": "A4", "width_mm": 20, "height_mm": 20, "columns": 9, "rows": 14, "left_mm": 15,
         "top_mm": 8.5, "pitch_x_mm": 20, "pitch_y_mm": 20}
STOCK_EDGES = {
    "name": NAMES, "paper": ["A5", "Letter", "100x100", "2000x2000", "99x99", "2001x100"],
    "shape": ["rectangle", "round"], "width_mm": [0.1, 8.99, 9, 20, 500, 500.01],
    "height_mm": [0.1, 9, 20, 500], "corner_mm": [0, 4.5, 10, 250], "columns": [0, 1, 100, 101],
    "rows": [0, 1, 100, 101], "left_mm": [0, 2000, 2000.01], "top_mm": [0, 2000], "pitch_x_mm": [0.1, 9, 20, 2000],
    "pitch_y_mm": [0.1, 20, 2000],
}
GLABELS = ('<?xml version="1.0"{decl}?>\n<Glabels-templates>\n  <Template brand="{brand}" part="{part}" size="{size}" '
           'width="{width}" height="{height}">\n'
           '    <Label-rectangle id="0" width="{label}" height="{label}" round="0">\n'
           '      <Layout nx="{nx}" ny="{ny}" x0="15mm" y0="8.5mm" dx="{pitch}" dy="{pitch}"/>\n'
           '    </Label-rectangle>\n  </Template>\n</Glabels-templates>\n')
GLABELS_EDGES = {
    "decl": ["", ' encoding="UTF-8"', ' encoding="latin-1"', ' encoding="x-klingon"'], "brand": ["Endisch", "B" * 201],
    "part": ["6502020x", "", "../../../VICTIM", "a&#10;b", "..", "x" * 81], "size": ["A4", "US-Letter", "custom"],
    "width": ["210mm", "100mm", "2000mm", "2001mm", "99999999mm", "100000000mm", "100km"], "height": ["297mm", "99mm"],
    "label": ["20mm", "0.75in", "9mm", "8.9mm", "501mm"], "nx": ["9", "0", "1", "100", "101", "9999"],
    "ny": ["14", "0", "100", "9999"], "pitch": ["20mm", "0", "2000mm", "2001mm"],
}
GLABELS_BASE = {"decl": "", "brand": "Endisch", "part": "6502020x", "size": "A4", "width": "210mm", "height": "297mm",
                "label": "20mm", "nx": "9", "ny": "14", "pitch": "20mm"}
BEDS = ["50x50", "50x2000", "2000x50", "51x51", "80x60", "120x120", "2000x2000"]
LASER = (Path(__file__).resolve().parents[2] / "templates" / "machines" / "lightburn.yaml").read_text(encoding="utf-8")


class _Dumper(yaml.SafeDumper):
    pass


def _str(dumper, data):
    return dumper.represent_scalar("tag:yaml.org,2002:str", data, style="|" if "\n" in data else None)


_Dumper.add_representer(str, _str)


def dump(doc) -> str:
    return yaml.dump(doc, Dumper=_Dumper, allow_unicode=True, sort_keys=False, width=200)


def paths(node, prefix=()):
    """Every place in a document a mutation can reach: (path, container kind)."""
    out = [prefix]
    if isinstance(node, dict):
        for k, v in node.items():
            out += paths(v, prefix + (k,))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            out += paths(v, prefix + (i,))
    return out


TEXT = st.lists(st.sampled_from(list("АБВГЁёаz ZЩ9Ω😀\t\u202e\u0000/.:-_#ʼ'\"\\\n") + ["..", "CH", "DW"]),
                max_size=8).map("".join)
INTERESTING = st.sampled_from([
    0, -1, 1, 3, 7, 20, 99.99, 100, 101, 1000, 10**9, 10**30, -0.0, 0.001, 1e-9, 1e300, float("inf"),
    "NO", "on", "010", "1:30", "0x1F", "1_000", ".inf", "", " ", "../../x", "A4", "Letter", "5x5", "99999x1",
    "#000000", "#fff", "red", "default", "none", "shared", "gap", "pattern", "zero", "always", "*", "*DW",
    "/dev/null", "~", True, False, None, [], {}, [[]], {"a": {"b": {}}},
])
SCALARS = st.one_of(st.none(), st.booleans(), st.integers(-10**6, 10**6),
                    st.floats(allow_nan=True, allow_infinity=True), TEXT, INTERESTING)
VALUES = st.recursive(SCALARS, lambda inner: st.one_of(st.lists(inner, max_size=4),
                                                       st.dictionaries(TEXT, inner, max_size=3)), max_leaves=8)


@st.composite
def mutated(draw):
    """A kit document with a few mutations: values replaced, keys removed or added, lists changed."""
    doc = copy.deepcopy(draw(st.sampled_from(KITS)))

    def value():  # a copy: INTERESTING's lists and dicts are shared by every example, and are mutated here
        return copy.deepcopy(draw(VALUES))

    for _ in range(draw(st.integers(1, 4))):
        where = draw(st.sampled_from(paths(doc)))
        op = draw(st.sampled_from(["replace", "replace", "delete", "add", "append"]))
        parent = doc
        for key in where[:-1]:
            parent = parent[key]
        if not where:
            if op == "add" and isinstance(doc, dict):
                doc[draw(TEXT)] = value()
            continue
        key = where[-1]
        if op == "replace":
            parent[key] = value()
        elif op == "delete":
            del parent[key]
        elif op == "add" and isinstance(parent[key], dict):
            parent[key][draw(TEXT)] = value()
        elif op == "append" and isinstance(parent[key], list):
            parent[key].append(value())
    return doc


@st.composite
def mangled(draw):
    """Valid YAML text with characters inserted, deleted or repeated: syntax and structure errors."""
    text = dump(copy.deepcopy(draw(st.sampled_from(KITS))))
    for _ in range(draw(st.integers(1, 3))):
        i = draw(st.integers(0, len(text)))
        op = draw(st.sampled_from(["insert", "delete", "repeat"]))
        if op == "insert":
            token = draw(st.sampled_from(["[", "]", "{", "}", ":", "- ", "&a ", "*a", "!!str ", "!x ", "<<: ",
                                          "\n", "\t", "'", '"', "#", "%", "|", ">", "---\n", "\ufeff"]))
            text = text[:i] + token + text[i:]
        elif op == "delete":
            j = draw(st.integers(i, min(len(text), i + 8)))
            text = text[:i] + text[j:]
        else:
            text = text[:i] + text[i:i + 20] * draw(st.integers(2, 50)) + text[i:]
    return text


@st.composite
def edged(draw):
    """A kit with the options the opt-in products read at their edges (one to four of them), and the
    profiles of its own it names: (kit text, {file name: text})."""
    doc = copy.deepcopy(draw(st.sampled_from([BASE_OPT, EXTENDS_OPT])))
    for where in draw(st.lists(st.sampled_from(list(EDGES)), min_size=1, max_size=4, unique=True)):
        parent = doc
        for key in where[:-1]:
            parent = parent.setdefault(key, {})
        parent[where[-1]] = copy.deepcopy(draw(st.sampled_from(EDGES[where])))
    files = {}
    if doc["print3d"]["printer"] == "printer.yaml":
        files["printer.yaml"] = dump({"name": "fuzz-printer", "bed": draw(st.sampled_from(BEDS)),
                                      "layer_mm": draw(st.sampled_from([0.04, 0.1, 0.2, 0.3, 1])),
                                      "nozzle_mm": draw(st.sampled_from([0.1, 0.4, 2])),
                                      "slicer": draw(st.sampled_from(["bambu", "prusa"])), "source": "fuzz"})
    def at_edges(base: dict, edges: dict) -> dict:
        out = dict(base)
        for key in draw(st.lists(st.sampled_from(sorted(edges)), min_size=1, max_size=4, unique=True)):
            out[key] = copy.deepcopy(draw(st.sampled_from(edges[key])))
        return out

    if doc["cutter"]["profile"] == "cutter.yaml":
        files["cutter.yaml"] = dump(at_edges(CUTTER, CUTTER_EDGES))
    if doc["stickers"]["stock"] == "stock.yaml":
        files["stock.yaml"] = dump(at_edges(STOCK, STOCK_EDGES))
    if doc["stickers"]["stock"] == "stock.xml":
        files["stock.xml"] = GLABELS.format(**at_edges(GLABELS_BASE, GLABELS_EDGES))
    if doc["laser"]["profile"] == "laser.yaml":
        files["laser.yaml"] = LASER.replace("bed: 600x400", f"bed: {draw(st.sampled_from(EDGES['laser', 'bed']))}")
    return dump(doc), files


def run(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = main(list(args))
    return code, out.getvalue(), err.getvalue()


def exercise(text: str, only: tuple[str, ...] | None = None, files: dict[str, str] | None = None,
             default: bool = True, located: bool = False) -> None:
    """Check the kit, and build it if check passed; assert the contract. ``only``: the products made only on
    request to build too, each on its own (``--only``; None: in the long run the next of them in turn, in
    the default run none); ``files``: files beside the kit (its own profiles);
    ``default``: build the products made by default; ``located``: each line of check's exit 2 names a
    file:line:col (a kit of valid YAML)."""
    if only is None:
        only = (next(IN_TURN),) if LONG else ()
    with tempfile.TemporaryDirectory() as tmp:
        kit = Path(tmp) / "fuzz.yaml"
        kit.write_text(text, encoding="utf-8")
        for name, content in (files or {}).items():
            (Path(tmp) / name).write_text(content, encoding="utf-8")
        start = time.monotonic()
        code, out, err = run("check", str(kit))
        assert code in (0, 1, 2), (code, err)
        if currently_in_test_context():  # not for the cases in FOUND, which run without Hypothesis
            event(f"check exit {code}")
        assert "Traceback" not in err and "internal error" not in err, err
        if code == 2:
            lines = err.strip().splitlines()
            assert lines and all(line.strip() for line in lines), err
            assert not located or all(LOCATED.match(line) for line in lines), f"{err}\n--- kit ---\n{text}"
        if code == 0 and default:
            bcode, _, berr = run("build", str(kit), "--out", str(Path(tmp) / "out"), "-q")
            assert bcode == 0, f"check passed but build failed ({bcode}): {berr}\n--- kit ---\n{text}"
        assert time.monotonic() - start < SECONDS, "check and build took too long"
        for product in only if code in (0, 1) else ():  # 1: check failed on the rules or the set, not the kit file
            build_only(kit, product, Path(tmp) / f"out-{product}", text)


def build_only(kit: Path, product: str, out: Path, text: str) -> None:
    """Build one product made only on request: exit 0, or 2 with one line a problem at a file:line (the kit's,
    or a shipped template's it reads) and nothing written; never a traceback, a bug's exit 3 or a failed
    verification."""
    start = time.monotonic()
    beside = _files(kit.parent, out)
    code, printed, err = run("build", str(kit), "--out", str(out), "-q", "--only", product)
    if currently_in_test_context():
        event(f"--only {product} exit {code}")
    said = f"--only {product}: exit {code}: {err}{printed}\n--- kit ---\n{text}"  # exit 1: verify's failures
    assert code in (0, 2), said
    assert "Traceback" not in err and "internal error" not in err, said
    if code == 2:
        lines = err.strip().splitlines()
        assert lines and all(LOCATED.match(line) for line in lines), said
        if currently_in_test_context():
            event(f"--only {product}: " + ("at the kit" if lines[0].startswith(str(kit.parent)) else lines[0][:60]))
        assert not out.exists() or not [p for p in out.rglob("*") if p.is_file()], f"left files: {said}"
    assert _files(kit.parent, out) == beside, f"changed files outside --out: {said}"
    assert time.monotonic() - start < SECONDS, f"--only {product} took too long\n--- kit ---\n{text}"


def _files(folder: Path, out: Path) -> dict[str, bytes]:
    """The files in ``folder`` and below but those in ``out`` and the other builds' folders (out-*)."""
    return {str(p): p.read_bytes() for p in folder.rglob("*")
            if p.is_file() and not p.relative_to(folder).parts[0].startswith(out.name.split("-")[0])}


def _with(doc: dict, *changes: tuple[tuple, object]) -> dict:
    """A copy of ``doc`` with the value at each path replaced."""
    doc = copy.deepcopy(doc)
    for where, value in changes:
        parent = doc
        for key in where[:-1]:
            parent = parent[key]
        parent[where[-1]] = value
    return doc


# The inputs that fuzzing found bugs with (each fixed, with a test of its message in tests/config/test_bad_input.py):
# here they run through the fuzz's own contract, with the line each must now print.
FOUND = {
    # an unknown key of two line breaks was quoted raw: a message of three lines (74d9d45)
    "key of line breaks": (_with(BASE, (("\n\n",), 1)), [r"fuzz\.yaml:\d+:\d+: unknown key '\\n\\n' in a kit$"]),
    # a 600-character reference reached the file system: OSError, exit 3 (81e0116)
    "reference too long": (_with(EXTENDS, (("extends",), "krestoslovitsa-mini " * 30)),
                           [r"fuzz\.yaml:1:10: extends no kit named 'krestoslovitsa-mini krestoslovitsa-mini "]),
    # a title of spaces has no ink: the board centred it by its ink and crashed, exit 3 (41cca92)
    "blank title": (_with(BASE, (("title",), " ")), [r"fuzz\.yaml:2:8: 'title' is blank: "]),
    # so did a premium label or legend of spaces (41cca92)
    "blank labels": (_with(BASE, (("style", "labels"), {"labels": {"DL": " ", "TL": "Б3", "DW": "С2", "TW": "С3"},
                                                         "legend": {"DL": "\u3000", "TL": "a", "DW": "b", "TW": "c"}})),
                     [r"fuzz\.yaml:\d+:\d+: 'labels\.DL' is blank: ", r"fuzz\.yaml:\d+:\d+: 'legend\.DL' is blank: "]),
    # tiles of 100 mm on A5 with margins of 8 mm: a page of one row, and the spares' label row pushed them onto a
    # page that held none; the tile sheets took the largest row of no tiles, exit 3 (check lays them out). Now
    # check passes (None) and they build, the spares on a page of their own
    "one row of tiles a page": (_with(BASE, (("physical", "tile_mm"), 100), (("physical", "cell_mm"), 100)), None),
    # a material of 0.11 mm under the default kerf of 0.2: the line named the kit's file with no line (the kerf is
    # written nowhere); now the thickness, which the kit writes
    "thin material, kerf not written": (_with(BASE, (("physical", "thickness_mm"), 0.11)),
                                        [r"fuzz\.yaml:\d+:17: a kerf of 0\.2 mm is as wide as the material is thick "]),
    # and extending a kit: it named the kerf's line in the kit extended (configs/kits/krestoslovitsa.yaml), not the
    # thickness this file changed
    "thin material, kerf in the kit extended": (_with(EXTENDS, (("physical", "thickness_mm"), 0.11)),
                                                [r"fuzz\.yaml:\d+:17: a kerf of 0\.2 mm is as wide as the material "]),
}

# The inputs that fuzzing found bugs with in the products made only on request: each with the product its build
# makes (check passes) and the lines that build must print (each a full match; none: it builds).
FOUND_ONLY = {
    # cells of 100 mm: the board stacked in the box makes its floor larger than the default laser's bed. The line
    # named the laser profile's file with no line (the kit names no bed); now the profile's bed
    "box floor over the profile's bed": (
        _with(BASE, (("physical", "cell_mm"), 100)), "box",
        [r"(.*/)?templates/machines/lightburn\.yaml:\d+:\d+: a bed of 600 × 400 mm with margins of 5 mm is smaller "
         r"than the box's floor \(536\.2 × 427\.2 mm\)"]),
    # 3D tiles with corners of 5.99 mm on a side of 12: a letter clipped by the corner has vertices 0.6 µm apart,
    # which verify's reading of the STL welded at 1 µm: "not a closed surface", exit 1. Now it builds
    "3D corner of nearly half the side": (_with(BASE_OPT, (("print3d", "corner_mm"), 5.99)), "3d", []),
    # 3D racks for tiles of 5 mm: the back (60 % of the tile, 3 mm) lower than the 5 mm lip, which hid the tile and was
    # the rack's top: its body 8 mm high where the manifest said 6, exit 1. Now the lip is as high as the back
    "3D racks of tiles lower than the lip": (_with(BASE_OPT, (("physical", "tile_mm"), 5)), "3d", []),
    # issue 31: a profile's or a stock's name went into the file names unchecked: the build wrote the user's
    # VICTIM.pdf three folders up, outside --out, and only then did verify fail (exit 1)
    "a cutter profile's name that climbs out": (
        _with(BASE_OPT, (("cutter", "profile"), "cutter.yaml")), "cutter",
        [r".*/cutter\.yaml:1:7: the cutter profile's name '\.\./\.\./\.\./VICTIM' contains '/': a name is part of "
         r"a file's name, without .*"], {"cutter.yaml": dump(dict(CUTTER, name="../../../VICTIM"))}),
    "a stock's name that climbs out": (
        _with(BASE_OPT, (("stickers", "stock"), "stock.yaml")), "stickers",
        [r".*/stock\.yaml:1:7: the label stock's name '\.\./\.\./\.\./VICTIM' contains '/'.*"],
        {"stock.yaml": dump(dict(STOCK, name="../../../VICTIM"))}),
    "a glabels part that climbs out": (
        _with(BASE_OPT, (("stickers", "stock"), "stock.xml")), "stickers",
        [r".*/stock\.xml:3:3: the <Template>'s part, the stock's name, '\.\./\.\./\.\./VICTIM' contains '/'.*"],
        {"stock.xml": GLABELS.format(**dict(GLABELS_BASE, part="../../../VICTIM"))}),
    # a PNG of 47 244 × 47 244 pixels (each figure within its limit) took 4 GB in 8 s; then it was refused at the
    # profile's line. Now a page with no marks is its tiles and nothing round them (issue 33): this set's few tiles
    # make a small image, and it builds (tests/config/test_hostile_profiles.py refuses the images past the limit)
    "a cutter's PNG of 1000 × 1000 mm at 1200 dpi": (
        _with(BASE_OPT, (("cutter", "profile"), "cutter.yaml")), "cutter", [],
        {"cutter.yaml": dump(dict(CUTTER, papers=[], area="1000x1000", formats=["png"], marks="none",
                                  png_dpi=1200))}),
    # an inset and arms of 50 mm on A4 left 4 mm between the bottom marks, and the footer was drawn there, within the
    # marks' clear zone: verify failed (exit 1). Now such a page has no footer
    "cutter marks that leave no room for the footer": (
        _with(BASE_OPT, (("cutter", "profile"), "cutter.yaml")), "cutter", [],
        {"cutter.yaml": dump(dict(CUTTER, area="50x50", inset_mm=50, arm_mm=50))}),
    # a glabels sheet of 9999 × 9999 labels on paper 100 km wide: 4 GB
    "a glabels sheet of 9999 × 9999 labels": (
        _with(BASE_OPT, (("stickers", "stock"), "stock.xml")), "stickers",
        [r".*/stock\.xml:3:3: the <Template>'s paper of 1e\+08 × 297 mm: each side must be 100 to 2000 mm"],
        {"stock.xml": GLABELS.format(**dict(GLABELS_BASE, size="custom", width="100000000mm", nx="9999", ny="9999"))}),
}


@pytest.mark.parametrize("case", FOUND)
def test_the_inputs_fuzzing_found_bugs_with(case):
    doc, lines = FOUND[case]
    text = dump(doc)
    if lines is not None:  # (a kit check passes is not built here: a build of every product takes seconds)
        exercise(text)  # the contract: exit 0, 1 or 2, never a traceback, one problem a line
    with tempfile.TemporaryDirectory() as tmp:
        kit = Path(tmp) / "fuzz.yaml"
        kit.write_text(text, encoding="utf-8")
        code, out, err = run("check", str(kit))
    if lines is None:
        assert code == 0, err  # check lays out what crashed
        return
    printed = err.splitlines()
    assert code == 2 and len(printed) == len(lines), err
    for line, pattern in zip(printed, lines):
        assert line.startswith(str(kit)) and re.search(pattern, line), (line, pattern)


@pytest.mark.parametrize("case", FOUND_ONLY)
def test_the_inputs_fuzzing_found_bugs_with_in_the_opt_in_products(case):
    doc, product, lines, *files = FOUND_ONLY[case]
    with tempfile.TemporaryDirectory() as tmp:
        kit = Path(tmp) / "fuzz.yaml"
        kit.write_text(dump(doc), encoding="utf-8")
        for name, content in (files[0] if files else {}).items():
            (Path(tmp) / name).write_text(content, encoding="utf-8")
        ccode, _, cerr = run("check", str(kit))  # a profile's mistake is the kit's: check refuses it too
        assert ccode == 0 or (ccode == 2 and len(cerr.splitlines()) == len(lines) and
                              all(re.fullmatch(p, line) for p, line in zip(lines, cerr.splitlines()))), cerr
        beside = _files(Path(tmp), Path(tmp) / "out")
        code, out, err = run("build", str(kit), "--out", str(Path(tmp) / "out"), "-q", "--only", product)
        assert not (Path(tmp) / "out").exists() or code == 0  # nothing written when it fails
        assert _files(Path(tmp), Path(tmp) / "out") == beside  # nor anything beside it
    printed = err.splitlines()
    assert code == (2 if lines else 0) and len(printed) == len(lines), err + out  # exit 1: verify's failures
    for line, pattern in zip(printed, lines):
        assert re.fullmatch(pattern, line), (line, pattern)


@FUZZ
@given(mutated())
def test_mutated_kits(doc):
    exercise(dump(doc))


@FUZZ
@given(mangled())
def test_mangled_yaml(text):
    exercise(text)


@pytest.mark.parametrize("product", OPT_IN)
@OPT_FUZZ
@given(edged())
@example((dump(BASE_OPT), {}))  # every run builds each of them once
def test_opt_in_products(product, kit):
    text, files = kit
    exercise(text, (product,), files, default=False, located=True)


@FUZZ
@given(st.sampled_from(["[" * 5000, "{a: " * 3000, "- " * 4000 + "x"]), st.integers(0, 3))
def test_deep_nesting(prefix, where):
    text = dump(BASE)
    lines = text.splitlines(keepends=True)
    exercise("".join(lines[:where]) + "title: " + prefix + "\n" + "".join(lines[where:]))


def test_memory_stayed_bounded():
    """Runs after the fuzz tests (file order): the process never grew past the bound."""
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / (1024 if sys.platform != "darwin" else 1024 ** 2)
    assert peak < PEAK_RSS_MB, f"peak memory {peak:.0f} MB"
