"""If `printkit check` passes a kit, `printkit build` builds it: whatever stops a build is found by
check first, at the option's file:line:col, and what builds but looks wrong is a warning."""

from __future__ import annotations

import pytest

from printkit.config import kit_names


def check_and_build(run, kit, tmp_path):
    code, out, err = run("check", kit)
    bcode, bout, berr = run("build", kit, "--out", tmp_path / "out", "-q")
    return (code, out + err), (bcode, berr)


@pytest.mark.parametrize("text, where, message", [
    ("physical: {tile_mm: 90, cell_mm: 95}\nprint: {paper: 130x130, margin_mm: 20}\n", "2:21",
     "a tile of 90 mm does not fit on 130x130 paper (130 × 130 mm) with margins of 20 mm"),
    ("title: Моя игра 😀\n", "2:8",
     "font 'PT_Sans-Web-Regular.ttf' has no glyph for 😀 (1 letter the text of 'title' needs)"),
    ('title: "Крестословица\\tдома"\n', "2:8",
     "'title' contains U+0009 (a control character), which cannot be printed: remove it"),
    ('title: "\\u202eКрестословица"\n', "2:8",
     "'title' contains U+202E (right-to-left override), which cannot be printed: remove it"),
    ("title: Σκραμπλ\n", "2:8",
     "font 'PT_Sans-Web-Regular.ttf' has no glyph for Σ α κ λ ρ (5 letters the text of 'title' needs)"),
    ("style:\n  labels:\n    labels: {DL: Б2, TL: Б3, DW: С2, TW: ☃}\n"
     "    legend: {DL: a, TL: b, DW: c, TW: d}\n", "4:42",
     "font 'PT_Sans-Web-Bold.ttf' has no glyph for ☃ (1 letter the text of 'style.labels.TW' needs)"),
])
def test_what_stops_a_build_fails_check_at_the_option(write, run, tmp_path, text, where, message):
    kit = write("k.yaml", "extends: krestoslovitsa\n" + text)
    (code, out), (bcode, berr) = check_and_build(run, kit, tmp_path)
    assert bcode == 2 and berr.strip() == f"{kit}:{where}: {message}"
    assert code == 1
    assert f"FAIL {'tiles' if 'tile of' in message else 'tiles' if 'title' in message else 'board'}: " \
           f"{kit}:{where}: {message}" in out
    assert not (tmp_path / "out").exists()


def test_white_letters_on_white_tiles_are_a_warning(write, run, tmp_path):
    kit = write("k.yaml", 'extends: krestoslovitsa\nstyle: {tile: {ink: "#fefefe"}}\n')
    (code, out), (bcode, _) = check_and_build(run, kit, tmp_path)
    assert code == 0 and bcode == 0
    assert (f"    warn {kit}:2:21: letters and values on the tiles: #fefefe on #ffffff has a contrast of 1.0:1 "
            f"and will hardly show (3:1 or more reads well)") in out
    assert "passed: 22 ok, 0 failed, 1 note, 1 warning" in out  # the note: Й × 4 (share_notes of erudit)


def test_a_label_the_colour_of_its_cell_is_a_warning(write, run, tmp_path):
    kit = write("k.yaml", 'extends: krestoslovitsa\nstyle: {board: {label_colors: {TW: "#cf2f2b"}}}\n')
    (code, out), _ = check_and_build(run, kit, tmp_path)
    assert code == 0
    assert (f"warn {kit}:2:36: the label С3 on its cells: #cf2f2b on #cf2f2b has a contrast of 1.0:1 and will "
            f"hardly show") in out


def test_a_margin_a_home_printer_clips_is_a_warning(write, run, tmp_path):
    kit = write("k.yaml", "extends: krestoslovitsa\nprint: {margin_mm: 0}\n")
    (code, out), (bcode, _) = check_and_build(run, kit, tmp_path)
    assert code == 0 and bcode == 0
    assert f"warn {kit}:2:20: margins of 0 mm: most home printers cannot print the outer 3–5 mm" in out


def test_shipped_kits_have_no_warnings(check_all):
    code, out, _ = check_all
    assert code == 0
    assert " warn " not in out and "warning" not in out
    shipped = len(kit_names())
    assert out.count("    ok   tiles: tiles-") == shipped and out.count("    ok   board: board-poster.pdf") == shipped
