"""manifest.json, version 2: each file's figures apart from the names of the file (its path, kind,
product, format, bytes, sha256), so that no figure can hide a name; verify reads version 1 and 2 and
refuses another in one line."""

from __future__ import annotations

import json
import shutil

import pytest

from printkit.cli import main
from printkit.config import load_kit
from printkit.manifest import NAMES, VERSION, entry, flat, nested

MINI = "krestoslovitsa-mini"


@pytest.fixture(scope="module")
def built(shared):
    return shared.build(MINI, only=["tiles", "play"])


def test_the_file_says_version_2_and_keeps_each_files_figures_apart(built):
    data = json.loads((built / "manifest.json").read_text(encoding="utf-8"))
    assert data["manifest_version"] == VERSION == 2 and list(data)[0] == "manifest_version"
    for a in data["artifacts"]:
        assert set(a) - {"figures"} <= set(NAMES), a["path"]
        assert list(a)[:4] == ["path", "kind", "product", "format"] and list(a)[-2:] == ["bytes", "sha256"]
        assert isinstance(a["figures"], dict) and not set(a["figures"]) & set(NAMES)
    tiles = next(a for a in data["artifacts"] if a["kind"] == "tiles" and a["format"] == "pdf")
    assert tiles["figures"]["tile_mm"] == load_kit(MINI).physical.tile_mm == 9.0 and tiles["figures"]["paper"] == "A4"
    preview = next(a for a in data["artifacts"] if a["kind"] == "preview")
    assert preview["figures"]["of"] == tiles["path"] and preview["figures"]["page"] == 1


def test_a_figure_cannot_be_called_as_a_name_nor_hide_one():
    with pytest.raises(ValueError, match="a figure may not be called path"):
        entry({"path": "tiles.pdf", "kind": "tiles"}, {"path": "../elsewhere.pdf", "tile_mm": 20.0})
    stored = {"path": "tiles.pdf", "kind": "tiles", "format": "pdf", "figures": {"path": "../x", "tile_mm": 20.0}}
    assert flat(stored) == {"path": "tiles.pdf", "kind": "tiles", "format": "pdf", "tile_mm": 20.0}
    held = {"tile_mm": 20.0, "path": "tiles.pdf", "kind": "tiles", "product": "tiles", "format": "pdf", "bytes": 1,
            "sha256": "ab"}
    assert list(nested(held)) == ["path", "kind", "product", "format", "figures", "bytes", "sha256"]
    assert flat(nested(held)) == held


def _rewritten(built, tmp_path, change) -> tuple[int, str, str]:
    folder = shutil.copytree(built, tmp_path / MINI)
    data = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
    change(data)
    (folder / "manifest.json").write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return folder


def test_verify_reads_a_version_1_manifest(built, tmp_path, capsys):
    def as_version_1(data):
        del data["manifest_version"]
        data["artifacts"] = [flat(a) for a in data["artifacts"]]

    folder = _rewritten(built, tmp_path, as_version_1)
    assert "figures" not in (folder / "manifest.json").read_text(encoding="utf-8")
    assert main(["verify", "-q", str(folder)]) == 0
    assert "passed" in capsys.readouterr().out


@pytest.mark.parametrize("version, shown", [(3, "3"), ("2", '"2"'), (True, "true"), (None, "null"), (1.5, "1.5")])
def test_verify_refuses_a_version_it_does_not_read_in_one_line(built, tmp_path, capsys, version, shown):
    folder = _rewritten(built, tmp_path, lambda data: data.update(manifest_version=version))
    assert main(["verify", str(folder)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err == (f"printkit verify: {folder / 'manifest.json'} is a manifest of version {shown}, "
                                 f"which this printkit does not read (it reads 1 and 2): verify it with the printkit "
                                 f"that built it, or build the kit again\n")


def test_a_version_2_manifest_whose_figures_are_not_a_mapping_is_refused(built, tmp_path, capsys):
    folder = _rewritten(built, tmp_path, lambda data: data["artifacts"][0].update(figures=[1, 2]))
    assert main(["verify", str(folder)]) == 2
    assert capsys.readouterr().err.strip().endswith("is not a printkit manifest (each file's 'figures' is a mapping)")
