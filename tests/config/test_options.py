"""Kit options are declared once (printkit.config.options): the reader, the README's table and the
JSON Schema all come from the declarations, and tests fail when any of them drifts."""

from __future__ import annotations

import json
from dataclasses import fields
from pathlib import Path

import jsonschema
import pytest
import yaml

from printkit.config import kit_names, load_kit
from printkit.config.options import (
    BOARD_STYLE,
    KIT_OPTIONS,
    PAGE_STYLE,
    REQUIRED,
    TILE_STYLE,
)
from printkit.config.reference import json_schema, markdown_table
from printkit.model import Physical, PrintOptions
from printkit.paths import configs_dir, templates_dir

README = Path(__file__).resolve().parents[2] / "docs" / "manual.md"  # the full manual holds the table


def test_the_readme_table_is_the_declarations():
    text = README.read_text(encoding="utf-8")
    start = text.index("<!-- options:")
    start = text.index("\n", start) + 1
    end = text.index("<!-- /options -->")
    assert text[start:end] == markdown_table(), "run `printkit schema --markdown` and paste it into docs/manual.md"


def test_the_table_has_one_row_per_option():
    rows = [line for line in markdown_table().splitlines()[2:]]
    keys = [row.split("`")[1] for row in rows]
    assert keys == [o.key for o in KIT_OPTIONS] + [f"style.{o.key}" for o in TILE_STYLE + BOARD_STYLE + PAGE_STYLE]
    assert "| `print.margin_mm` | mm, 0–100 | 10 | white margin round every page |" in rows
    assert "| `physical.thickness_mm` | mm, more than 0.1, up to 20 | 3 | thickness of the material |" in rows


@pytest.mark.parametrize("cls, section", [(PrintOptions, "print"), (Physical, "physical")])
def test_model_defaults_are_the_declared_defaults(cls, section):
    declared = {o.name: o.default for o in KIT_OPTIONS if o.section == section}
    model = {f.name: f.default for f in fields(cls)}
    assert set(declared) == set(model)
    for name, default in declared.items():
        if default is REQUIRED:
            continue
        if name == "spares":
            assert model[name].per_letter == default and not model[name].any
        elif name == "paper":
            assert default == "A4"
        else:
            assert model[name] == default, name


def test_the_schema_has_every_option_and_nothing_else():
    schema = json_schema()

    def keys(node, prefix=""):
        out = []
        for name, child in node.get("properties", {}).items():
            if "properties" in child and child.get("type") == "object" and "description" not in child:
                out += keys(child, prefix + name + ".")
            else:
                out.append(prefix + name)
        return out

    assert keys(schema) == [o.key for o in KIT_OPTIONS]
    tile = schema["properties"]["style"]["properties"]["tile"]["properties"]
    assert list(tile) == [o.name for o in TILE_STYLE]
    assert schema["properties"]["print"]["properties"]["margin_mm"] == {
        "description": "white margin round every page", "type": "number", "minimum": 0, "maximum": 100,
        "default": 10.0}
    assert schema["then"]["required"] == ["language", "distribution", "layout", "rules", "physical", "style"]


@pytest.mark.parametrize("name", kit_names())
def test_every_shipped_kit_is_valid_by_the_schema(name):
    data = yaml.safe_load((configs_dir() / "kits" / f"{name}.yaml").read_text(encoding="utf-8"))
    jsonschema.validate(data, json_schema())


@pytest.mark.parametrize("change, path", [
    ({"print": {"margin_mm": -1}}, ["print", "margin_mm"]),
    ({"print": {"cut": "scissors"}}, ["print", "cut"]),
    ({"physical": {"tile_mn": 20}}, ["physical"]),
    ({"style": {"tile": {"ink": "red"}}}, ["style", "tile", "ink"]),
    ({"name": "../x"}, ["name"]),
    ({"print": {"spares": {"per_letter": 50}}}, ["print", "spares"]),
])
def test_the_schema_refuses_what_the_reader_refuses(change, path, write, run):
    data = {"extends": "krestoslovitsa", **change}
    with pytest.raises(jsonschema.ValidationError) as info:
        jsonschema.validate(data, json_schema())
    assert list(info.value.absolute_path)[:len(path)] == path or list(info.value.path)[:1] == path[:1]
    kit = write("k.yaml", json.dumps(data, ensure_ascii=False))
    code, _, err = run("check", kit)
    assert code == 2 and err.startswith(f"{kit}:1:")


def test_a_kit_without_extends_must_give_the_required_options():
    with pytest.raises(jsonschema.ValidationError, match="'language' is a required property"):
        jsonschema.validate({"name": "x"}, json_schema())


def test_every_template_option_is_in_the_shipped_template():
    data = yaml.safe_load((templates_dir() / "styles" / "classic.yaml").read_text(encoding="utf-8"))
    for o in TILE_STYLE + BOARD_STYLE + PAGE_STYLE:
        part, name = o.key.split(".")
        assert name in data[part], o.key


def test_where_each_option_was_written(write):
    kit = load_kit("krestoslovitsa")
    assert kit.at("physical.tile_mm") == "configs/kits/krestoslovitsa.yaml:12:12"
    assert kit.at("print.margin_mm") == "configs/kits/krestoslovitsa.yaml:21:14"
    assert kit.at("style.tile.ink") == "templates/styles/classic.yaml:12:8"
    assert kit.at("print.gap_mm") == "configs/kits/krestoslovitsa.yaml"  # a default: the kit's file
    mine = write("k.yaml", "extends: krestoslovitsa\nphysical: {tile_mm: 19}\nstyle: {tile: {ink: '#101010'}}\n")
    kit = load_kit(str(mine), paper="Letter")
    assert kit.at("physical.tile_mm") == f"{mine}:2:21"
    assert kit.at("physical.cell_mm") == "configs/kits/krestoslovitsa.yaml:13:12"  # inherited: where written
    assert kit.at("style.tile.ink") == f"{mine}:3:21"
    assert kit.at("print.paper") == "--paper" and kit.print.paper.name == "Letter"


def test_schema_command(run):
    code, out, _ = run("schema")
    assert code == 0 and json.loads(out) == json_schema()
    code, out, _ = run("schema", "--markdown")
    assert code == 0 and out == markdown_table()


# -- an option that was read by nothing ----------------------------------------------------------------

MATERIAL = ("'material' is no longer an option: printkit does not read physical.material: the cut is made from "
            "thickness_mm and kerf_mm; the laser's speeds and powers come from laser.material (a name from "
            "templates/materials/) and the profile; remove the line")


@pytest.mark.parametrize("text, at", [
    ("extends: krestoslovitsa\nphysical: {tile_mm: 20, cell_mm: 22, material: cardboard}\n", "2:38"),
    ("extends: krestoslovitsa\nphysical:\n  thickness_mm: 1.5\n  material: plywood   # as older kits had it\n",
     "4:3"),
])
def test_a_kit_that_still_names_the_material_is_told_to_remove_it(write, run, tmp_path, text, at):
    """physical.material was declared, documented and read into the model, and nothing used it. A kit
    that still has it gets one line at the key, saying why, and nothing is built."""
    kit = write("k.yaml", text)
    for command in (["check", kit], ["build", kit, "--out", tmp_path / "out"]):
        code, out, err = run(*command)
        assert (code, out) == (2, "")
        assert err.splitlines() == [f"{kit}:{at}: {MATERIAL}"]
    assert not (tmp_path / "out").exists()


def test_the_material_is_named_nowhere_else(write, run):
    """Not in the table, the schema or the model; a key like it is an unknown key, not suggested."""
    assert "physical.material" not in [o.key for o in KIT_OPTIONS]
    assert "material" not in json_schema()["properties"]["physical"]["properties"]
    assert "material" not in {f.name for f in fields(Physical)}
    assert "`physical.material`" not in markdown_table()
    code, _, err = run("check", write("k.yaml", "extends: krestoslovitsa\nphysical: {materal: plywood}\n"))
    assert code == 2 and err.strip().endswith("k.yaml:2:12: unknown key 'materal' in 'physical'")
    for name in kit_names():  # the shipped kits and fit --derive's template no longer write it
        assert "material" not in (configs_dir() / "kits" / f"{name}.yaml").read_text(encoding="utf-8")


def test_each_kind_of_option_is_one_record_and_every_declaration_names_one():
    """Every option a kit, a template or a profile declares is of a kind of printkit/config/kinds.py, and every
    kind there is some option's; the table, the flags' help, the schema and the page read the kind's record, and
    no other module compares an option's kind with a name but in the few places listed here."""
    import re

    from printkit.config.cutter import CUTTER_OPTIONS
    from printkit.config.kinds import KINDS
    from printkit.config.options import MACHINE_OPTIONS, PRINTER_OPTIONS
    from printkit.config.stock import STOCK_OPTIONS

    declared = KIT_OPTIONS + TILE_STYLE + BOARD_STYLE + PAGE_STYLE + MACHINE_OPTIONS + PRINTER_OPTIONS + \
        CUTTER_OPTIONS + STOCK_OPTIONS
    assert {o.kind for o in declared} == set(KINDS)
    assert all(k.words for k in KINDS.values())
    root = Path(__file__).resolve().parents[2] / "printkit"
    compared = {}
    for path in root.rglob("*.py"):
        found = re.findall(r"\bo\.kind (?:==|!=|in) \(?\"([a-z]+)\"", path.read_text(encoding="utf-8"))
        if found:
            compared[str(path.relative_to(root))] = sorted(set(found))
    # a choice's limits are its choices; a whole number is read as one; an uploaded font is the page's own
    assert compared == {"config/reference.py": ["choice", "overrides"], "config/kinds.py": ["whole"],
                        "serve/state.py": ["font"]}
