"""Property-based fuzzing of config input: mutated kits, distributions, layouts and rule sets.

Whatever the input, `printkit check` and `printkit build` end with exit 0, 1 or 2, never a
traceback (exit 3), within bounded time and memory; and a kit that check passes, build builds.

The inputs that found bugs are kept as cases of their own (``FOUND``), run every time. Beside them
the default run (CI) replays a small fixed set (derandomized, ``EXAMPLES`` of each test); the random
search is the long run, one command:

    PRINTKIT_FUZZ=long .venv/bin/python -m pytest tests/test_fuzz.py -q

(``PRINTKIT_FUZZ_EXAMPLES=N`` sets the number of examples of each test.) An input a long run finds
goes into ``FOUND`` with the fix, so that every later run tries it.
"""

from __future__ import annotations

import copy
import io
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
from hypothesis import HealthCheck, currently_in_test_context, event, given, settings, strategies as st

from printkit.cli import main

LONG = os.environ.get("PRINTKIT_FUZZ") == "long"
EXAMPLES = int(os.environ.get("PRINTKIT_FUZZ_EXAMPLES", "2000" if LONG else "15"))
FUZZ = settings(max_examples=EXAMPLES, derandomize=not LONG, database=None, deadline=None,
                suppress_health_check=list(HealthCheck), print_blob=True)
SECONDS = 20.0  # the most one check + build may take
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
    doc = copy.deepcopy(draw(st.sampled_from([BASE, EXTENDS])))

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
    text = dump(copy.deepcopy(draw(st.sampled_from([BASE, EXTENDS]))))
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


def run(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = main(list(args))
    return code, out.getvalue(), err.getvalue()


def exercise(text: str) -> None:
    """Check the kit, and build it if check passed; assert the contract."""
    with tempfile.TemporaryDirectory() as tmp:
        kit = Path(tmp) / "fuzz.yaml"
        kit.write_text(text, encoding="utf-8")
        start = time.monotonic()
        code, out, err = run("check", str(kit))
        assert code in (0, 1, 2), (code, err)
        if currently_in_test_context():  # not for the cases in FOUND, which run without Hypothesis
            event(f"check exit {code}")
        assert "Traceback" not in err and "internal error" not in err, err
        if code == 2:
            lines = err.strip().splitlines()
            assert lines and all(line.strip() for line in lines), err
        if code == 0:
            bcode, _, berr = run("build", str(kit), "--out", str(Path(tmp) / "out"), "-q")
            assert bcode == 0, f"check passed but build failed ({bcode}): {berr}\n--- kit ---\n{text}"
        assert time.monotonic() - start < SECONDS, "check and build took too long"


def _with(doc: dict, *changes: tuple[tuple, object]) -> dict:
    """A copy of ``doc`` with the value at each path replaced."""
    doc = copy.deepcopy(doc)
    for where, value in changes:
        parent = doc
        for key in where[:-1]:
            parent = parent[key]
        parent[where[-1]] = value
    return doc


# The inputs that fuzzing found bugs with (each fixed, with a test of its message in tests/test_bad_input.py):
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
}


@pytest.mark.parametrize("case", FOUND)
def test_the_inputs_fuzzing_found_bugs_with(case):
    doc, lines = FOUND[case]
    text = dump(doc)
    exercise(text)  # the contract: exit 0, 1 or 2, never a traceback, one problem a line
    with tempfile.TemporaryDirectory() as tmp:
        kit = Path(tmp) / "fuzz.yaml"
        kit.write_text(text, encoding="utf-8")
        code, out, err = run("check", str(kit))
    printed = err.splitlines()
    assert code == 2 and len(printed) == len(lines), err
    for line, pattern in zip(printed, lines):
        assert line.startswith(str(kit)) and re.search(pattern, line), (line, pattern)


@FUZZ
@given(mutated())
def test_mutated_kits(doc):
    exercise(dump(doc))


@FUZZ
@given(mangled())
def test_mangled_yaml(text):
    exercise(text)


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
