"""Hostile YAML is refused quickly, in bounded memory, as one `file:line:col: message` line (exit 2);
the C and Python parsers give the same tree; nothing about a parse outlives it."""

from __future__ import annotations

import time
import tracemalloc
from pathlib import Path

import pytest

from printkit.config import ConfigError, layout as layout_cfg, load_kit, yamlsrc
from printkit.config.reader import Problems
from printkit.config.yamlsrc import (
    MAX_DEPTH,
    MAX_FILE_BYTES,
    MAX_TEXT,
    MAX_VALUES,
    PARSERS,
    Map,
    Mark,
    Scalar,
    Seq,
    parse_file,
    parse_text,
)
from printkit.paths import configs_dir, templates_dir

each_parser = pytest.mark.parametrize("parser", PARSERS)
needs_libyaml = pytest.mark.skipif("c" not in PARSERS, reason="PyYAML without libyaml")


def refused(text: str, parser: str | None = None, file: str = "k.yaml") -> str:
    """The one line a text is refused with."""
    with pytest.raises(ConfigError) as info:
        parse_text(text, file, parser=parser)
    lines = info.value.lines()
    assert len(lines) == 1, lines
    return lines[0]


@pytest.fixture
def check_one_line(tmp_path, run):
    """Write a kit file (bytes or text), run `printkit check` on it, expect exit 2 and one stderr line."""

    def _check(content: str | bytes, name: str = "k.yaml") -> str:
        path = tmp_path / name
        if isinstance(content, str):
            content = content.encode("utf-8")
        path.write_bytes(content)
        code, out, err = run("check", path)
        assert code == 2, out + err
        assert "Traceback" not in err
        lines = err.strip().splitlines()
        assert len(lines) == 1, lines
        assert lines[0].startswith(f"{path}:")
        return lines[0][len(str(path)) + 1:]

    return _check


# -- nesting ------------------------------------------------------------------------------------

def brackets(n: int) -> str:
    return "extends: krestoslovitsa\ntitle: " + "[" * n + "]" * n + "\n"


def test_5000_nested_brackets_through_the_cli(check_one_line):
    # "title: " is 7 characters: bracket k is at column 7 + k; with the root mapping, the 64th is level 65
    assert check_one_line(brackets(5000)) == "2:71: lists and mappings are nested more than 64 levels deep"


@needs_libyaml
def test_5000_nested_brackets_are_refused_at_once_with_libyaml():
    # libyaml stops at its own limit (1000 levels) before we see level 65; rereading the whole file
    # with the Python parser would take a fifth of a second
    start = time.perf_counter()
    assert refused(brackets(5000), "c") == "k.yaml:2:71: lists and mappings are nested more than 64 levels deep"
    assert time.perf_counter() - start < 0.1


@each_parser
def test_nesting_limit_is_exact(parser):
    root = parse_text(brackets(MAX_DEPTH - 1), "k.yaml", parser=parser)  # the root mapping is level 1
    node = root.values["title"]
    for _ in range(MAX_DEPTH - 2):
        node = node.items[0]
    assert node == Seq([], Mark("k.yaml", 2, 8 + MAX_DEPTH - 2))
    assert refused(brackets(MAX_DEPTH), parser) == \
        "k.yaml:2:71: lists and mappings are nested more than 64 levels deep"


@each_parser
def test_deep_block_nesting(parser):
    text = "a:\n" + "".join("  " * i + "- \n" for i in range(1, 100))
    assert refused(text, parser) == "k.yaml:65:129: lists and mappings are nested more than 64 levels deep"


@each_parser
def test_deep_flow_mappings(parser):
    text = "{a: " * 10000 + "}" * 10000
    assert refused(text, parser) == "k.yaml:1:257: lists and mappings are nested more than 64 levels deep"


@each_parser
def test_an_alias_cannot_make_a_document_deeper_than_the_limit(parser):
    deep = "[" * 40 + "]" * 40
    text = f"a: &deep {deep}\nb: {'[' * 30}*deep{']' * 30}\n"
    assert refused(text, parser) == \
        "k.yaml:2:34: lists and mappings are nested more than 64 levels deep once the alias *deep is expanded"
    ok = f"a: &deep {deep}\nb: {'[' * 23}*deep{']' * 23}\n"  # 1 + 23 + 40 = 64 levels
    root = parse_text(ok, "k.yaml", parser=parser)
    node = root.values["b"]
    for _ in range(22):
        node = node.items[0]
    assert node.items == [root.values["a"]]


# -- aliases ------------------------------------------------------------------------------------

BILLION_LAUGHS = 'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]\n' + "".join(
    f"{p}: &{p} [" + ",".join([f"*{c}"] * 9) + "]\n" for p, c in zip("bcdefghi", "abcdefgh"))


def test_billion_laughs_through_the_cli(check_one_line):
    assert len(BILLION_LAUGHS.encode()) < 400
    assert check_one_line(BILLION_LAUGHS) == ("6:8: with the alias *e expanded, the document has more than "
                                              "100,000 values: a config needs far fewer")


@each_parser
def test_billion_laughs_is_refused_at_once_without_expanding(parser):
    tracemalloc.start()
    start = time.perf_counter()
    try:
        line = refused(BILLION_LAUGHS, parser)
        elapsed = time.perf_counter() - start
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert line.startswith("k.yaml:6:8: with the alias *e expanded")
    assert elapsed < 0.5
    assert peak < 5_000_000


def _sized(extra: str = "") -> str:
    """A document of exactly MAX_VALUES values with aliases expanded: the root, keys a and b, a list
    of 155 values (156 with itself), and a list of 640 aliases to it (1 + 640 × 156)."""
    assert 5 + 155 + 640 * 156 == MAX_VALUES
    return "a: &a [" + ",".join(["1"] * 155) + "]\nb: [" + ",".join(["*a"] * 640) + extra + "]\n"


@each_parser
def test_expanded_size_limit_is_exact(parser):
    root = parse_text(_sized(), "k.yaml", parser=parser)
    assert len(root.values["b"].items) == 640
    assert root.values["b"].items[0] is root.values["a"]  # an alias shares its anchor's node
    assert refused(_sized(",2"), parser) == \
        "k.yaml:2:1925: the document has more than 100,000 values: a config needs far fewer"


@each_parser
def test_long_text_repeated_by_aliases(parser):
    text = 'a: &a "' + "x" * 100_000 + '"\nb: [' + ", ".join(["*a"] * 100) + "]\n"
    assert refused(text, parser) == \
        f"k.yaml:2:157: with the alias *a expanded, the document has more than {MAX_TEXT:,} characters of text"


def test_too_many_values_without_aliases():
    text = "a: [" + ",".join(["1"] * (MAX_VALUES + 10)) + "]\n"
    assert refused(text) == f"k.yaml:1:{5 + 2 * (MAX_VALUES - 3)}: the document has more than 100,000 " \
                            f"values: a config needs far fewer"


@each_parser
@pytest.mark.parametrize("text, line", [
    ("a: &a [1, *a]\n", "k.yaml:1:11: the alias *a is inside the node it names (&a at line 1): it would never end"),
    ("a: &a {b: [*a]}\n", "k.yaml:1:12: the alias *a is inside the node it names (&a at line 1): it would never end"),
    ("a: 1\nb: *nope\n", "k.yaml:2:4: the alias *nope names no anchor: write &nope on a value before it"),
    ("a: &x 1\nb: &x 2\n", "k.yaml:2:4: the anchor &x is defined twice (first at line 1)"),
    ("a: &x [1]\nb: &x 2\n", "k.yaml:2:4: the anchor &x is defined twice (first at line 1)"),
])
def test_bad_aliases(parser, text, line):
    assert refused(text, parser) == line


@each_parser
def test_aliases_within_the_limits_are_fine(parser):
    root = parse_text("base: &b {tile_mm: 20}\nother: *b\nk: &k name\nkeys: {*k : 1}\n", "k.yaml", parser=parser)
    assert root.values["other"] is root.values["base"]
    assert root.values["keys"].keys == {"name": Mark("k.yaml", 3, 4)}  # an alias key: its anchor's mark


# -- file size ----------------------------------------------------------------------------------

def test_file_over_the_size_limit_through_the_cli(check_one_line):
    text = "extends: krestoslovitsa\n# " + "x" * (MAX_FILE_BYTES - 26) + "\n"
    assert len(text.encode()) == MAX_FILE_BYTES + 1
    assert check_one_line(text) == "1:1: the file is 4,000,001 bytes: the limit for a config file is 4,000,000 bytes"


def test_file_at_the_size_limit_is_read(tmp_path):
    path = tmp_path / "k.yaml"
    path.write_text("name: x\n# " + "x" * (MAX_FILE_BYTES - 11) + "\n")
    assert path.stat().st_size == MAX_FILE_BYTES
    assert parse_file(path, "k.yaml").values["name"].value == "x"


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero")
def test_an_endless_device_is_refused_before_reading_a_byte():
    with pytest.raises(ConfigError) as info:
        parse_file(Path("/dev/zero"), "zero")
    assert info.value.lines() == ["zero:1:1: cannot read: a character device, not a regular file"]


def test_text_over_the_size_limit():
    assert refused("a: " + "б" * (MAX_FILE_BYTES // 2)) == \
        "k.yaml:1:1: the file is 4,000,003 bytes: the limit for a config file is 4,000,000 bytes"


def test_board_of_1000_by_1000_is_refused_at_once(tmp_path):
    row = " ".join([".."] * 1000)
    (tmp_path / "l.yaml").write_text("rows: |\n" + "".join(f"  {row}\n" for _ in range(1000)))
    (tmp_path / "k.yaml").write_text("extends: krestoslovitsa\nlayout: l.yaml\n")
    start = time.perf_counter()
    with pytest.raises(ConfigError) as info:
        load_kit(str(tmp_path / "k.yaml"))
    elapsed = time.perf_counter() - start
    assert [line.rsplit("/", 1)[-1] for line in info.value.lines()] == \
        ["l.yaml:1:7: the board has 1000 rows: the limit is 3 to 25"]
    assert elapsed < (0.25 if "c" in PARSERS else 3.0)


def test_a_row_of_100000_squares_is_one_problem_not_100000():
    text = "rows: |\n  TW .. TW\n  " + " ".join(["XX"] * 100_000) + "\n  TW *DW TW\n"
    problems = Problems()
    start = time.perf_counter()
    assert layout_cfg.build(parse_text(text, "l.yaml"), problems, "l") is None
    assert time.perf_counter() - start < 0.5
    assert [str(p) for p in problems.items] == \
        ["l.yaml:3:3: this row has 100000 squares, the first row has 3: rows must be equal"]


# -- characters, tags, keys, documents -----------------------------------------------------------

@each_parser
@pytest.mark.parametrize("text, line", [
    ("title: Мой\x07\n", "k.yaml:1:11: character U+0007 is not allowed in YAML: remove it"),
    ("a: 1\nб: 'ё\x00'\n", "k.yaml:2:6: character U+0000 is not allowed in YAML: remove it"),
    ("a: 1\r\nb: \U0001F600\x7f\n", "k.yaml:2:5: character U+007F is not allowed in YAML: remove it"),
    ("a: 1\nb: x\ud800\n", "k.yaml:2:5: character U+D800 is not allowed in YAML: remove it"),
])
def test_characters_yaml_does_not_allow(parser, text, line):
    assert refused(text, parser) == line


def test_control_character_through_the_cli(check_one_line):
    assert check_one_line("extends: krestoslovitsa\ntitle: \"Эрудит\x1b\"\n") == \
        "2:15: character U+001B is not allowed in YAML: remove it"


def test_non_utf8_column_counts_characters(check_one_line):
    data = "extends: krestoslovitsa\ntitle: Эр".encode() + b"\xff\n"  # Э and р are 2 bytes each
    assert check_one_line(data) == "2:10: not UTF-8 text: save the file as UTF-8 (byte 35 is 0xff)"


@each_parser
def test_tags(parser):
    text = ("a: !ru x\nb: !!python/object/apply:os.system [ls]\nc: !<tag:example.com,2000:x> 1\n"
            "d: !!binary aGk=\ne: !!str 010\n")
    with pytest.raises(ConfigError) as info:
        parse_text(text, "k.yaml", parser=parser)
    assert info.value.lines() == [
        "k.yaml:1:4: custom tag !ru is not allowed",
        "k.yaml:2:4: custom tag !!python/object/apply:os.system is not allowed",
        "k.yaml:3:4: custom tag tag:example.com,2000:x is not allowed",
        "k.yaml:4:4: custom tag !!binary is not allowed",
    ]
    root = parse_text("e: !!str 010\nf: !!int 10\ng: !!str y\nh: !!map {i: !!seq [!!null ~]}\n", "k.yaml",
                      parser=parser)
    assert root.values["e"] == Scalar("010", "010", True, Mark("k.yaml", 1, 4))  # !!str: the text as written
    assert root.values["f"] == Scalar(10, "10", False, Mark("k.yaml", 2, 4))
    assert root.values["g"] == Scalar("y", "y", True, Mark("k.yaml", 3, 4))
    # a tagged node starts at its tag
    assert root.values["h"].values["i"].items == [Scalar(None, "~", False, Mark("k.yaml", 4, 21))]


@each_parser
def test_tag_directive_cannot_hide_a_custom_tag(parser):
    assert refused("%TAG !e! tag:example.com,2000:\n---\na: !e!thing 1\n", parser) == \
        "k.yaml:3:4: custom tag tag:example.com,2000:thing is not allowed"


@each_parser
def test_keys(parser):
    text = "a: 1\n? [x]\n: 2\n<<: {b: 1}\na: 3\nc: {d: 1, d: 2}\n"
    with pytest.raises(ConfigError) as info:
        parse_text(text, "k.yaml", parser=parser)
    assert info.value.lines() == [
        "k.yaml:2:3: a key must be a plain word, not a list or mapping",
        "k.yaml:4:1: merge keys (<<) are not supported: use extends:",
        "k.yaml:5:1: duplicate key 'a' (first at line 1)",
        "k.yaml:6:11: duplicate key 'd' (first at line 6)",
    ]


@each_parser
@pytest.mark.parametrize("text, line", [
    ("", "k.yaml:1:1: the file is empty"),
    ("# only a comment\n\n", "k.yaml:1:1: the file is empty"),
    ("a: 1\n---\nb: 2\n", "k.yaml:3:1: only one YAML document per file"),
    ("a: 1\n...\n---\n- x\n", "k.yaml:4:1: only one YAML document per file"),
    ("a: [1, 2\n", None),
])
def test_documents(parser, text, line):
    got = refused(text, parser)
    if line is None:
        assert got.startswith("k.yaml:2:1: YAML syntax error: ")
    else:
        assert got == line


@each_parser
def test_bom_and_crlf(parser, tmp_path):
    path = tmp_path / "k.yaml"
    path.write_bytes("\ufeffa: 1\r\nб: 'ё'\r\n".encode("utf-8"))
    root = parse_file(path, "k.yaml", parser=parser)
    assert root.values == {"a": Scalar(1, "1", False, Mark("k.yaml", 1, 4)),
                           "б": Scalar("ё", "ё", True, Mark("k.yaml", 2, 4), style="'")}
    assert root.keys == {"a": Mark("k.yaml", 1, 1), "б": Mark("k.yaml", 2, 1)}


@each_parser
def test_plain_scalar_traps_keep_their_note(parser):
    root = parse_text("a: [NO, on, 010, 0x1F, 1:30, 1_000, .inf, 'NO', 10]\n", "k.yaml", parser=parser)
    items = root.values["a"].items
    assert [(s.value, bool(s.trap), s.quoted) for s in items] == [
        ("NO", True, False), ("on", True, False), ("010", True, False), ("0x1F", True, False),
        ("1:30", True, False), ("1_000", True, False), (".inf", True, False), ("NO", False, True), (10, False, False)]


# -- the C and the Python parser agree ------------------------------------------------------------

SAMPLE = """\
# every kind of node, in block and flow style, with anchors, Cyrillic and blocks
name: &n Крестословица
tiles:
  - [А, 10, 1]
  - {face: Б, count: 3, value: "3"}
  - ~
rows: |
    TW .. DL
      *DW ..
notes: >
  folded
  text
alias: *n
empty:
'quoted key': 'x'
"""


@needs_libyaml
def test_c_and_python_parsers_give_the_same_tree_and_marks():
    files = sorted(configs_dir().rglob("*.yaml")) + sorted(templates_dir().rglob("*.yaml"))
    assert len(files) > 20
    for path in files:
        assert parse_file(path, path.name, parser="c") == parse_file(path, path.name, parser="python"), path
    c, py = parse_text(SAMPLE, "s.yaml", parser="c"), parse_text(SAMPLE, "s.yaml", parser="python")
    assert c == py
    assert c.values["tiles"].items[1].keys["count"] == Mark("s.yaml", 5, 15)
    assert c.values["tiles"].items[1].values["value"] == Scalar("3", "3", True, Mark("s.yaml", 5, 32), style='"')
    assert c.values["rows"] == Scalar("TW .. DL\n  *DW ..\n", "TW .. DL\n  *DW ..\n", True, Mark("s.yaml", 7, 7),
                                      style="|", indent=4)
    assert c.values["alias"] is c.values["name"]
    assert c.values["empty"] == Scalar(None, "", False, Mark("s.yaml", 14, 7))


@needs_libyaml
def test_libyaml_is_the_default():
    assert PARSERS[0] == "c"


# -- nothing outlives a parse ---------------------------------------------------------------------

def test_no_module_state_fills_up():
    assert not hasattr(yamlsrc, "SOURCE_LINES") and not hasattr(yamlsrc, "SOURCE_PATHS")
    before = {k: len(v) for k, v in vars(yamlsrc).items() if isinstance(v, (dict, list, set))}
    for i in range(50):
        parse_text(f"a{i}: &x [1]\nb: *x\n", f"f{i}.yaml", Path(f"/nowhere/f{i}.yaml"))
    assert {k: len(v) for k, v in vars(yamlsrc).items() if isinstance(v, (dict, list, set))} == before


def test_layout_columns_do_not_depend_on_what_was_parsed_since():
    root = parse_text("rows: |\n    TW .. TW\n    .. XW *\n    TW .. TW\n", "l.yaml")
    parse_text("rows: x\nb: 1\nc: 2\nd: 3\n", "l.yaml")  # the same name, other lines
    problems = Problems()
    layout_cfg.build(root, problems, "l")
    assert [str(p) for p in problems.items] == \
        ["l.yaml:3:8: unknown square code 'XW' (known: .. plain, DL, TL, DW, TW, * the start)"]


def test_layout_column_with_an_indentation_indicator():
    # |2: the content starts at column 3; the rest of each line's indentation belongs to the row
    root = parse_text("rows: |2\n     TW .. TW\n     .. XW *\n     TW .. TW\n", "l.yaml")
    assert root.values["rows"].indent == 2
    problems = Problems()
    layout_cfg.build(root, problems, "l")
    assert [str(p) for p in problems.items] == \
        ["l.yaml:3:9: unknown square code 'XW' (known: .. plain, DL, TL, DW, TW, * the start)"]


def test_mark_carries_the_real_path_without_showing_it(tmp_path):
    path = tmp_path / "k.yaml"
    path.write_text("a: 1\n")
    root = parse_file(path, "k.yaml")
    mark = root.values["a"].mark
    assert mark.path == path and str(mark) == "k.yaml:1:4"
    assert mark == Mark("k.yaml", 1, 4) and hash(mark) == hash(Mark("k.yaml", 1, 4, Path("/elsewhere")))
    assert isinstance(root, Map)


def test_font_is_found_beside_the_file_that_names_it(tmp_path):
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "base.yaml").write_text("extends: krestoslovitsa\nstyle:\n  tile: {font: fonts/f.ttf}\n")
    (tmp_path / "k.yaml").write_text("extends: sub/base.yaml\ntitle: Моя\n")
    kit = load_kit(str(tmp_path / "k.yaml"))
    assert kit.tile_style.font == str(tmp_path / "sub" / "fonts" / "f.ttf")


def test_a_number_too_long_for_int(check_one_line):
    assert check_one_line("extends: krestoslovitsa\ntitle: " + "9" * 5000 + "\n") == \
        "2:8: 'title': a number of 5000 digits is too long to be read"
    assert yamlsrc.resolve_plain("-" + "9" * 639) == (-int("9" * 639), None)
    assert yamlsrc.resolve_plain("9" * 641) == ("9" * 641, "a number of 641 digits is too long to be read")


def test_build_refuses_hostile_yaml_and_writes_nothing(tmp_path, run):
    kit = tmp_path / "k.yaml"
    kit.write_text(BILLION_LAUGHS)
    out = tmp_path / "out"
    code, stdout, err = run("build", kit, "--out", out)
    assert (code, stdout) == (2, "")
    assert err == f"{kit}:6:8: with the alias *e expanded, the document has more than 100,000 values: " \
                  f"a config needs far fewer\n"
    assert not out.exists()
