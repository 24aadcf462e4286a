"""The command line's flags that override a kit's option (``--paper``, ``--laser``, ``--players``…) are
made from the option declarations (printkit/config/options.py): ``build --help`` lists every paper,
product and shipped laser profile, and says the limits the declarations give; a flag's value is read
as the kit file's would be, so a wrong one is the same one-line message, at the flag, exit 2."""

from __future__ import annotations

import pytest

from printkit.cli import main
from printkit.config import load_kit
from printkit.config.machine import MAX_BED, MIN_BED, machine_names
from printkit.config.options import KIT_OPTIONS, PAPER_NAMES, flagged
from printkit.model import SCALE_LIMITS


def _option(key: str):
    return next(o for o in flagged() if o.key == key)


def _products() -> list[str]:
    try:  # the product registry (issue 21), where there is one
        from printkit.products import names
    except ImportError:
        from printkit.build import PRODUCTS

        return list(PRODUCTS)
    return list(names())


def _help(monkeypatch, capsys, *command: str) -> str:
    """The help of ``printkit COMMAND``, as one line (argparse wraps it to the terminal's width)."""
    monkeypatch.setenv("COLUMNS", "400")  # no line breaks inside a name such as print-all
    with pytest.raises(SystemExit) as stop:
        main([*command, "--help"])
    assert stop.value.code == 0
    return " ".join(capsys.readouterr().out.split())


def _entry(text: str, flag: str) -> str:
    """The help of one flag, from the flag to the next flag."""
    start = text.index(f" {flag} ") + 1
    ends = [text.find(f" {o.flag.name} ", start + 1) for o in flagged()] + [text.find(" --no-verify ", start + 1)]
    return text[start:min(e for e in ends if e > start)]


def test_build_help_lists_every_paper_product_and_shipped_profile(monkeypatch, capsys):
    text = _help(monkeypatch, capsys, "build")
    paper = _entry(text, "--paper")
    assert all(name in paper.replace(",", " ").split() for name in PAPER_NAMES)
    assert len(PAPER_NAMES) == 7 and "Tabloid" in paper and "A5" in paper  # was: A4, Letter, A3
    only = text[text.index("--only PRODUCT,... ") + 19:text.index(" --paper ")]
    assert "print-all" in only  # was left out
    assert [p for p in _products() if p not in only.replace(",", " ").replace("(", " ").replace(")", " ").split()] == []
    laser = _entry(text, "--laser")
    assert machine_names() and all(name in laser.replace(",", " ").split() for name in machine_names())


def test_each_flag_of_build_is_its_options_and_says_its_limits(monkeypatch, capsys):
    text = _help(monkeypatch, capsys, "build")
    assert [o.key for o in flagged()] == ["print.paper", "print.measured.across", "print.measured.down",
                                          "laser.profile", "laser.bed", "laser.material", "cutter.profile",
                                          "stickers.stock",
                                          "play.players", "print3d.printer",
                                          "style.tile.font"]
    for o in flagged():
        assert f"--{o.flag.dest.replace('_', '-')} {o.flag.metavar}" in text
        assert f"(overrides {o.key})" in _entry(text, o.flag.name)
    players = _option("play.players")
    assert f"a number from {players.lo:g} to {players.hi:g}," in _entry(text, "--players")
    for flag in ("--scale-x", "--scale-y"):
        o = next(o for o in flagged() if o.flag.name == flag)
        assert (o.flag.lo, o.flag.hi) == SCALE_LIMITS
        assert f"a factor from {o.flag.lo:g} to {o.flag.hi:g}" in _entry(text, flag)
    assert f"each side {MIN_BED:g} to {MAX_BED:g}" in _entry(text, "--bed")
    assert "plywood-3mm-co2-40w" in _entry(text, "--material") and "none" in _entry(text, "--material")
    score = _help(monkeypatch, capsys, "score")
    assert f"a number from {players.lo:g} to {players.hi:g}," in score


def test_the_limits_said_are_the_limits_applied(run, tmp_path):
    """A value at the declared limit is taken; one past it is refused, in one line at the flag."""
    players, scale = _option("play.players"), _option("print.measured.across").flag
    assert load_kit("krestoslovitsa", players=f"{players.hi:g}").play.players == ("",) * int(players.hi)
    assert load_kit("krestoslovitsa", players=f"{players.lo:g}").play.players == ("",) * int(players.lo)
    assert load_kit("krestoslovitsa", scale_x=f"{scale.hi:g}").print_scale == (scale.hi, 1.0)
    out = tmp_path / "out"
    for flag, value in (("--players", f"{players.hi + 1:g}"), ("--players", f"{players.lo - 1:g}"),
                        ("--scale-x", f"{scale.hi + 0.001:g}"), ("--scale-y", f"{scale.lo - 0.001:g}"),
                        ("--bed", f"{MIN_BED - 1:g}x300")):
        code, stdout, err = run("build", "--out", out, flag, value)
        assert (code, stdout) == (2, "")
        assert len(err.splitlines()) == 1 and err.startswith(f"{flag}: ")
    assert not out.exists()


@pytest.mark.parametrize("flag, value, yaml", [
    ("--players", "7", "play:\n  players: 7\n"),
    ("--players", "Аня", "play:\n  players: [Аня]\n"),
    ("--bed", "10x10", "laser:\n  bed: 10x10\n"),
    ("--bed", "300 by 200", "laser:\n  bed: 300 by 200\n"),
    ("--paper", "50x50", "print:\n  paper: 50x50\n"),
    ("--paper", "A7", "print:\n  paper: A7\n"),
    ("--laser", "no-such-laser", "laser:\n  profile: no-such-laser\n"),
    ("--font", "/no/such/font.ttf", "style:\n  tile:\n    font: /no/such/font.ttf\n"),
])
def test_a_wrong_flag_is_the_message_the_kit_file_gives(run, write, tmp_path, flag, value, yaml):
    kit = write("k.yaml", "extends: krestoslovitsa\nname: k\n" + yaml)
    out = tmp_path / "out"
    by_file = run("build", kit, "--out", out)
    by_flag = run("build", "--out", out, flag, value)
    assert by_file[0] == by_flag[0] == 2 and by_file[1] == by_flag[1] == ""
    file_where, _, file_says = by_file[2].strip().partition(": ")
    flag_where, _, flag_says = by_flag[2].strip().partition(": ")
    assert file_where.startswith(f"{kit}:") and flag_where == flag
    assert flag_says == file_says
    assert len(by_flag[2].splitlines()) == 1
    assert not out.exists()


def test_the_layer_of_flags_reads_as_the_kit_and_says_where(write):
    kit = load_kit("krestoslovitsa", flags={"print.paper": "a3", "play.players": "Аня, Боря + Вера",
                                             "laser.bed": "325x220", "print.measured.down": "200/199"})
    assert (kit.print.paper.name, kit.laser.bed_w, kit.laser.bed_h) == ("A3", 325.0, 220.0)
    assert kit.play.players == ("Аня", "Боря + Вера")
    assert kit.print_scale == (1.0, round(200 / 199, 6))
    assert [kit.at(k) for k in ("print.paper", "play.players", "laser.bed", "print.scale.down")] == [
        "--paper", "--players", "--bed", "--scale-y"]
    assert load_kit("krestoslovitsa", paper=None).print.paper.name == "A4"  # no value: the kit's own
    with pytest.raises(TypeError, match="no flag margin"):
        load_kit("krestoslovitsa", margin="5")
    assert not any(o.flag for o in KIT_OPTIONS if o.key == "print.margin_mm")
