"""``printkit simulate``: self-play games that replay move for move with ``printkit replay``, play
only words of the lexicon, give the same bytes for one seed in two processes and for any --jobs,
add up to the figures they report; bad input is one line and exit 2."""

from __future__ import annotations

import inspect
import json
import os
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest
from judgerun import BLOCK

from printkit.config import load_kit
from printkit.engine.gcg import read_gcg
from printkit.engine.lexicon import read_lexicon
from printkit.install import install_line
from printkit.simreport import simulate_kit

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def words(tmp_path_factory):
    """A Russian word list for the book's and Эрудит's kits (wordfreq's most frequent words), and an
    English one: the dictionary's nouns take minutes to build the first time."""
    from wordfreq import top_n_list

    folder = tmp_path_factory.mktemp("lex")
    out = {}
    for lang in ("ru", "en"):
        path = folder / f"{lang}.txt"
        path.write_text("\n".join(w for w in top_n_list(lang, 20000) if w.isalpha()) + "\n", encoding="utf-8")
        out[lang] = path
    return out


@pytest.fixture
def played_once(monkeypatch):
    """``simreport.simulate_kit`` (the command line's and check's too) playing each set of games
    once in the test: a call with the same kit and arguments as an earlier one (one seed, one
    lexicon, so the same games) gets that call's report instead of playing them again. Calls that
    write files (--gcg, --chart) or show progress always play. ``played_once.reports``: every
    report handed out, in order."""
    from printkit import simreport

    real = simreport.simulate_kit
    signature = inspect.signature(real)
    played, reports = [], []

    def once(*args, **kwargs):
        bound = signature.bind(*args, **kwargs)
        bound.apply_defaults()
        given = dict(bound.arguments)
        kit = given.pop("kit")
        given["lexicon"] = None if given["lexicon"] is None else str(given["lexicon"])
        fresh = given["gcg"] is not None or given["chart"] is not None or given["progress"] is not None
        report = None if fresh else next((r for k, g, r in played if k == kit and g == given), None)
        if report is None:
            report = real(*args, **kwargs)
            if not fresh:
                played.append((kit, given, report))
        reports.append(report)
        return report

    monkeypatch.setattr(simreport, "simulate_kit", once)
    once.reports = reports
    return once


def _cli(*args, env=None, cwd=None):
    env = dict(os.environ, PYTHONPATH=str(ROOT), **(env or {}))
    return subprocess.run([sys.executable, "-m", "printkit", *map(str, args)], capture_output=True, env=env,
                          cwd=cwd or ROOT, timeout=600)


@pytest.mark.parametrize("kit, lang", [("krestoslovitsa", "ru"), ("erudit", "ru"), ("scrabble-en", "en")])
def test_every_game_replays_move_for_move_and_plays_only_lexicon_words(run, tmp_path, words, kit, lang,
                                                                       played_once):
    folder = tmp_path / "games"
    code, out, err = run("simulate", kit, "--games", "3", "--seed", "7", "--lexicon", words[lang], "--gcg", folder)
    assert code == 0, err
    (report,) = played_once.reports  # the command's own games: seed 7, 3 games, the lexicon
    records = sorted(folder.glob("*.gcg"))
    assert [p.name for p in records] == ["game-0001.gcg", "game-0002.gcg", "game-0003.gcg"]
    assert f"game records: 3 in {folder}" in out or f"записи партий: 3 в {folder}" in out
    for path in records:
        code, replayed, err = run("replay", path, "--kit", kit)
        assert code == 0, replayed + err
        last = replayed.splitlines()[-1]
        moves = int(last.split(",")[0].split(": ")[1])
        assert moves > 3 and last == f"moves: {moves}, matched: {moves}, differ: 0"
    k = load_kit(kit)
    lexicon = read_lexicon(words[lang], k).texts()
    assert (report.kit, report.seed, len(report.games), report.lexicon.texts()) == (k, 7, 3, lexicon)
    played = [w for g in report.games for w in g.words]
    assert played and all(w in lexicon for w in played)


@pytest.mark.parametrize("players", [3, 4])
def test_three_and_four_players_weighing_their_leave_exchange_when_nothing_scores_and_replay(run, tmp_path, words,
                                                                                           players):
    """With --leave and 3 or 4 players on a lexicon of 300 words, racks often have no move: the
    player exchanges the whole rack (a GCG exchange, +0), and every game still replays move for move."""
    small = tmp_path / "small.txt"
    small.write_text("\n".join(words["en"].read_text(encoding="utf-8").split()[:300]) + "\n", encoding="utf-8")
    folder = tmp_path / "games"
    code, out, err = run("simulate", "scrabble-en", "--games", "2", "--seed", "3", "--players", players, "--leave",
                         "--lexicon", small, "--gcg", folder, "--json")
    assert code == 0, err
    doc = json.loads(out)
    assert (doc["players"], doc["leave"], doc["games"]) == (players, True, 2)
    exchanges = 0
    for path in sorted(folder.glob("*.gcg")):
        text = path.read_text(encoding="utf-8")
        assert [f"#player{n}" in text for n in range(1, 6)] == [True] * players + [False] * (5 - players)
        moves = [line.split() for line in text.splitlines() if line.startswith(">")]
        swapped = [m for m in moves if m[2].startswith("-") and len(m[2]) > 1]
        # the whole rack, for nothing (or as many of its tiles as the bag holds, fewer than the rack's)
        assert all(m[3] == "+0" and (m[2][1:] == m[1] or not Counter(m[2][1:]) - Counter(m[1])
                                     and len(m[2]) - 1 < len(m[1]) == 7) for m in swapped), swapped
        exchanges += len(swapped)
        code, replayed, err = run("replay", path, "--kit", "scrabble-en")
        assert code == 0, replayed + err
        n = int(replayed.splitlines()[-1].split(",")[0].split(": ")[1])
        assert replayed.splitlines()[-1] == f"moves: {n}, matched: {n}, differ: 0"
    assert exchanges > 0


def test_the_book_says_its_several_word_turns_are_not_generated(run, words, played_once):
    code, out, _ = run("simulate", "--games", "1", "--lexicon", words["ru"])
    assert code == 0
    assert "ходы книги из нескольких слов в разных местах поля не перебираются" in out
    assert out.splitlines()[0] == "simulate krestoslovitsa: партий 1, игроков 2, seed 1; каждый игрок берёт самый " \
                                  "дорогой ход"
    code, out, _ = run("simulate", "scrabble-en", "--games", "1", "--lexicon", words["en"])
    assert "not generated" not in out and "several words" not in out
    code, out, _ = run("simulate", "--games", "1", "--lexicon", words["ru"], "--json")
    assert json.loads(out)["not_generated"] == ["the book's turns of several words in different places"]


def test_one_seed_gives_the_same_bytes_in_two_processes_and_for_any_jobs(words, tmp_path):
    args = ("simulate", "--games", "4", "--seed", "11", "--lexicon", words["ru"], "--json")
    a = _cli(*args, env={"PYTHONHASHSEED": "1"})
    b = _cli(*args, "--jobs", "2", env={"PYTHONHASHSEED": "2"}, cwd=tmp_path)
    assert a.returncode == 0 and b.returncode == 0, a.stderr + b.stderr
    assert a.stdout == b.stdout and a.stderr == b"" and b.stderr == b""  # no progress bar off a terminal
    other = _cli("simulate", "--games", "4", "--seed", "12", "--lexicon", words["ru"], "--json")
    assert other.stdout != a.stdout


def test_the_figures_add_up(words):
    kit = load_kit("scrabble-en")
    report = simulate_kit(kit, 4, 3, lexicon=str(words["en"]))
    doc = report.json()
    scores = doc["scores"]
    assert doc["per_game"]["mean_score"] == round(sum(map(sum, scores)) / 8, 2)
    assert doc["per_game"]["mean_turns"] == sum(g.turns for g in report.games) / 4
    assert sum(r["played"] for r in doc["letters"]) == sum(
        len(m.split()[1]) - m.split()[1].count(".") for g in report.games for m in g.moves
        if not m.startswith(("pass", "exchange")))
    rows = [r for r in doc["letters"] if r["suggested"] is not None]
    held = {r.face: r.held for r in report.letters}
    mean = sum(r["tiles"] * held[r["face"]] for r in rows) / sum(r["tiles"] for r in rows)
    assert all(r["suggested"] == max(1, int(r["value"] * held[r["face"]] / mean + 0.5)) for r in rows)
    assert all(0 <= r["ended_share"] <= 1 for r in doc["letters"])
    for g in report.games:  # a player went out, or every player was stuck: the kit's end
        assert g.end in ("out", "stuck")


@pytest.mark.parametrize("args, line", [
    (("--games", "0"), "--games 0: give 1 to 100,000 games"),
    (("--players", "9"), "--players 9: a game has 2 to 4 players"),
    (("--players", "1"), "--players 1: a game has 2 to 4 players"),
    (("--jobs", "0"), "--jobs 0: give 1 to 64 processes"),
])
def test_bad_numbers_are_one_line(run, args, line):
    code, out, err = run("simulate", *args)
    assert (code, out, err) == (2, "", line + "\n")


def test_a_bad_lexicon_is_one_line(run, tmp_path):
    bad = tmp_path / "bin.txt"
    bad.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00")
    code, out, err = run("simulate", "--lexicon", bad)
    assert (code, out) == (2, "") and err == (f"{bad}:1: not UTF-8 text: save the file as UTF-8 (byte 0 is "
                                                 f"0x89) (a lexicon is plain UTF-8, one word a line)\n")
    latin = tmp_path / "en.txt"
    latin.write_text("HELLO\nWORLD\n", encoding="utf-8")
    code, out, err = run("simulate", "--lexicon", latin)
    assert code == 2 and err.startswith(f"{latin}: none of its 2 words can be laid with the tiles of krestoslovitsa")


def test_gcg_into_a_file_is_refused_before_any_game(run, tmp_path, words):
    f = tmp_path / "x"
    f.write_text("")
    code, out, err = run("simulate", "--games", "1", "--lexicon", words["ru"], "--gcg", f)
    assert (code, out, err) == (2, "", f"--gcg {f}: is not a folder\n")


@pytest.mark.parametrize("kit, line", [
    ("krestoslovitsa", "printkit: a lexicon of ru nouns needs the optional extra: {pip} (or give --lexicon FILE)"),
    ("scrabble-en", "printkit: a lexicon for en needs the optional extra: {pip} (or give --lexicon FILE)"),
])
def test_without_the_extra_simulate_names_its_pip_line(kit, line):
    p = subprocess.run([sys.executable, "-c", BLOCK, "simulate", kit, "--games", "1"], capture_output=True,
                       text=True, env=dict(os.environ, PYTHONPATH=str(ROOT)), timeout=300)
    assert (p.returncode, p.stdout, p.stderr) == (2, "", line.format(pip=install_line("words")) + "\n")


@pytest.mark.parametrize("more", [(), ("--jobs", "2"), ("--compare", "erudit")], ids=["one", "jobs-2", "compare"])
def test_a_terminal_sees_a_progress_bar_and_ctrl_c_reports_the_games_finished(words, more):
    """On a terminal, stderr shows games done, moves a second and time left; Ctrl-C stops the run,
    the games finished are reported as such, and the exit is the stop's (130). On a pool of two
    (the pool ends its workers by SIGTERM) no worker prints a trace; a comparison stops whole, the
    kits after the one cut short named as not played."""
    import pty
    import select
    import signal
    import time

    master, slave = pty.openpty()
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    p = subprocess.Popen([sys.executable, "-m", "printkit", "simulate", "--games", "500", "--lexicon",
                          str(words["ru"]), *more], stdout=subprocess.PIPE, stderr=slave, stdin=slave, env=env,
                         cwd=ROOT)
    os.close(slave)
    seen = b""
    deadline = time.monotonic() + 300
    while b"/500 games" not in seen or seen.count(b"\r") < 3:
        assert time.monotonic() < deadline, seen
        if select.select([master], [], [], 1)[0]:
            seen += os.read(master, 4096)
    p.send_signal(signal.SIGINT)
    out, _ = p.communicate(timeout=120)
    try:
        while select.select([master], [], [], 0.5)[0]:
            seen += os.read(master, 4096)
    except OSError:
        pass
    os.close(master)
    text = out.decode("utf-8")
    assert p.returncode == 130, text
    bar = seen.decode("utf-8", "replace")
    assert "moves/s" in bar and "s left" in bar and "\nprintkit: interrupted (Ctrl-C)" in bar, bar
    assert "Traceback" not in bar and "Interrupted" not in bar, bar
    if more[:1] == ("--compare",):
        lines = text.splitlines()
        assert lines[0] == "simulate, наборы рядом: krestoslovitsa; партий каждого: 500, игроков 2, seed 1", text
        done = int(lines[1].split("сыграно ")[1].split(" ")[0])
        assert 3 <= done < 500
        assert lines[1] == f"krestoslovitsa: остановлено (Ctrl-C): сыграно {done} из 500 партий; цифры — по ним"
        assert lines[2] == "не сыграны (остановлено до них): erudit"
        return
    line = next(x for x in text.splitlines() if x.startswith("остановлено"))
    done = int(line.split("сыграно ")[1].split(" ")[0])
    assert 3 <= done < 500 and line == f"остановлено (Ctrl-C): сыграно {done} из 500 партий; цифры — по ним"
    assert text.splitlines()[0].startswith(f"simulate krestoslovitsa: партий {done}, игроков 2")


def test_the_chart_draws_each_letters_value_beside_the_suggested_one(run, tmp_path, words):
    import xml.etree.ElementTree as ET

    from printkit.sheets.simchart import BAR_MM, PLOT_H

    code, out, err = run("simulate", "scrabble-en", "--games", "2", "--lexicon", words["en"], "--json",
                         "--chart", tmp_path / "c")
    assert code == 0, err
    doc = json.loads(out)
    assert doc["chart"] == [str(tmp_path / "c" / "simulate.svg"), str(tmp_path / "c" / "simulate.png")]
    png = (tmp_path / "c" / "simulate.png").read_bytes()
    assert png.startswith(b"\x89PNG")
    root = ET.parse(tmp_path / "c" / "simulate.svg").getroot()
    bars = {}
    for el in root.iter():
        if el.tag.endswith("rect") and el.get("width") and abs(float(el.get("width")) - BAR_MM) < 0.01:
            bars.setdefault(round(float(el.get("x")), 2), float(el.get("height")))
    heights = [bars[x] for x in sorted(bars)]
    top = max(max(r["value"], r["suggested"] or 0) for r in doc["letters"] if r["face"] != "?")
    expect = []
    for r in doc["letters"]:
        if r["face"] == "?":
            continue
        expect.append(r["value"])
        if r["suggested"] is not None:
            expect.append(r["suggested"])
    step = 1 if top <= 8 else 2 if top <= 16 else 5
    per = PLOT_H / (-(-top // step) * step)  # the scale's top: the tallest bar, rounded up to the grid step
    assert len(heights) == len(expect)
    assert all(abs(h - e * per) < 0.01 for h, e in zip(heights, expect))


def test_compare_puts_the_sets_side_by_side(run, words, played_once):
    code, out, err = run("simulate", "--games", "2", "--lexicon", words["ru"], "--compare", "erudit", "scrabble-ru")
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0] == ("simulate, наборы рядом: krestoslovitsa, erudit, scrabble-ru; "
                        "партий каждого: 2, игроков 2, seed 1")
    assert lines[1].split() == ["krestoslovitsa", "erudit", "scrabble-ru"]
    # each set alone: the same kit, games, seed and lexicon as the comparison's (played once, see played_once)
    alone = {k: played_once(load_kit(k), 2, 1, lexicon=str(words["ru"])) for k in ("krestoslovitsa", "erudit",
                                                                                   "scrabble-ru")}
    assert lines[2].split()[-3:] == [f"{alone[k].figures()['mean_score']:.1f}" for k in alone]
    row = {line.split()[0]: line.split()[1:] for line in lines if line.startswith(("Ф ", "Ё "))}
    f = [next(x for x in alone[k].letters if x.face == "Ф") for k in alone]
    assert row["Ф"] == [x for r in f for x in (f"{r.value}/{r.suggested}", f"{r.ended * 100:.0f}%")]
    assert row["Ё"][:2] == ["—", "—"]  # only scrabble-ru's set has a Ё tile
    code, out, err = run("simulate", "--compare", "erudit", "--chart", "x")
    assert (code, out, err) == (2, "", "--compare puts the sets' figures side by side: --gcg and --chart are for "
                                       "one kit\n")


def test_check_simulate_warns_of_the_letters_that_stick_on_racks(run, monkeypatch, played_once):
    """check --simulate N: a note of what was played, then a warning for each letter left on a rack
    in more than 25 % of the games and twice as often as chance; the figures are simulate's."""
    from printkit import simreport

    code, out, err = run("check", "scrabble-en", "--simulate", "3")
    assert code == 0, err
    lines = out.splitlines()
    at = lines.index("  simulation")
    kit = load_kit("scrabble-en")
    report = played_once(kit, 3, 1)  # check's games (the same kit and arguments), played once
    left = sum(g.rack_tiles for g in report.games) / 3
    assert lines[at + 1] == (f"    note 3 greedy 2-player games (seed 1, {len(report.lexicon.words):,} words); "
                             f"{left:.1f} tiles on the racks at the end, on average")
    expect = [r.face for r in report.letters if r.face != "?" and r.ended > simreport.STUCK_SHARE
              and r.ended > 2 * (1 - (1 - r.count / kit.distribution.total) ** left)]
    warned = [x.split()[1].rstrip(":") for x in lines[at + 2:] if x.startswith("    warn")]
    assert warned == expect
    if not expect:
        assert lines[at + 2] == "    ok   no letter sticks on the racks"
    monkeypatch.setattr(simreport, "STUCK_SHARE", -1.0)  # every letter left more than twice as often as chance
    code, out, _ = run("check", "scrabble-en", "--simulate", "3")
    assert "warn" in out and "left on a rack at the end of" in out
    code, out, err = run("check", "scrabble-en", "--simulate", "-1")
    assert (code, err) == (2, "--simulate -1: give 1 to 100,000 games\n")


def test_the_books_blank_swap_is_played_and_replays(run, tmp_path, words):
    """Under the book's rules a blank on the board is taken for the real letter when that scores
    more; the records write it as #swap, and printkit replay matches every such game."""
    folder = tmp_path / "g"
    report = simulate_kit(load_kit("krestoslovitsa"), 12, 5, lexicon=str(words["ru"]), gcg=str(folder))
    swapped = [g for g in report.games if g.swaps]
    assert swapped and report.figures()["swaps"] == sum(g.swaps for g in swapped)
    for g in swapped:
        path = folder / f"game-{g.index + 1:04d}.gcg"
        assert path.read_text(encoding="utf-8").count("#swap ") == g.swaps
        events = len(read_gcg(path).events)  # the turns, and the racks deducted at the end
        assert events > g.turns
        code, out, err = run("replay", path, "--kit", "krestoslovitsa")
        assert code == 0 and out.splitlines()[-1] == f"moves: {events}, matched: {events}, differ: 0", out + err


def _drawn(kit, seed: int, index: int, players: int = 2) -> list[list[str]]:
    """Each player's first rack, drawn as a game of the run ``seed`` draws it: the set's tiles in
    its order and the blanks, shuffled by the game's own random.Random, each player popping a rack
    off the end in turn."""
    import random

    d = kit.distribution
    rng = random.Random(f"printkit-simulate:{seed}:{index}")
    bag = [t.face for t in d.tiles for _ in range(t.count)] + ["?"] * d.blanks
    rng.shuffle(bag)
    return [[bag.pop() for _ in range(kit.rules.rack)] for _ in range(players)]


def _used(e, dist) -> Counter:
    """The rack's tiles a turn of the record takes: a placement's new tiles (a blank as ``?``;
    with the book's swap the real letter instead of the blank taken off the board), an exchange's."""
    from printkit.engine.notation import parse_rack, parse_word

    if e.kind == "exchange":
        return Counter(parse_rack(e.tiles, dist))
    used = Counter("?" if t.blank else t.face for g in e.groups for t in parse_word(g.word, dist, through=True)
                   if t is not None)
    for s in e.swaps:
        used["?"] -= 1
        used[s.letter] += 1
    return used


@pytest.mark.parametrize("kit, lang", [("krestoslovitsa", "ru"), ("scrabble-en", "en")])
def test_records_hold_each_turns_whole_rack_and_end_on_the_final_scores(run, tmp_path, words, kit, lang):
    """Each turn's rack is the whole rack the simulator held before it, written as Quackle writes
    racks (blanks first, then the alphabet's order); the record ends with the racks settled as the
    rules settle them, so each player's last total is the report's final score; only the
    simulator's own stops are #incomplete; printkit replay matches every line, rack checks too."""
    from printkit.engine.notation import parse_rack

    folder = tmp_path / "g"
    k = load_kit(kit)
    d = k.distribution
    report = simulate_kit(k, 6, 7, lexicon=str(words[lang]), gcg=str(folder))
    ends = Counter(g.end for g in report.games)
    assert ends == ({"target": 6} if kit == "krestoslovitsa" else {"out": 5, "stuck": 1})
    for g in report.games:
        path = folder / f"game-{g.index + 1:04d}.gcg"
        record = read_gcg(path)
        assert record.problems == ()
        turns = record.turns
        assert len(turns) == g.turns == len(g.racks) and g.racks
        held = [parse_rack(e.rack, d) for e in turns]
        assert [sorted(r) for r in held] == [sorted(r) for r in g.racks]
        # the first racks are the bag's first tiles, drawn again here as the simulator draws them
        assert [sorted(r) for r in held[:2]] == [sorted(r) for r in _drawn(k, 7, g.index)]
        order = {f: n for n, f in enumerate(("?", *d.alphabet))}
        assert all(r == sorted(r, key=order.__getitem__) for r in held)
        sizes, bag = [7, 7], d.total - 14  # each rack refilled after a play while the bag lasts
        for e, r in zip(turns, held):
            assert len(r) == sizes[e.seat - 1], e.raw
            if e.kind == "placement":
                sizes[e.seat - 1] -= sum(_used(e, d).values())
                drawn = min(7 - sizes[e.seat - 1], bag)
                sizes[e.seat - 1] += drawn
                bag -= drawn
        # a player keeps what the turn did not use: it is on their next rack
        for p in range(2):
            mine = [e for e in turns if e.seat == p + 1]
            for e, after in zip(mine, mine[1:]):
                kept = Counter(parse_rack(e.rack, d)) - _used(e, d)
                assert not kept - Counter(parse_rack(after.rack, d)), (e.raw, after.raw)
        # the end: the racks left, settled as the rules settle them
        tail = record.events[len(turns):]
        left = {p: sorted(r) for p, r in enumerate(g.end_racks)}
        if g.end == "out":  # boxed Scrabble: the one who went out gains the others' tiles, who lose theirs
            assert (tail[0].kind, tail[0].seat) == ("end_rack", g.went_out + 1)
            assert sorted(parse_rack(tail[0].tiles, d)) == sorted(f for p, r in left.items() if p != g.went_out
                                                                   for f in r)
            assert [(e.kind, e.seat) for e in tail[1:]] == [("last_rack", p + 1) for p in left if p != g.went_out]
        else:  # the book's target, or stuck: each player deducts their own
            assert [(e.kind, e.seat) for e in tail] == [("last_rack", p + 1) for p in left if left[p]]
        for e in tail:
            if e.kind == "last_rack":
                assert e.rack == e.tiles and sorted(parse_rack(e.rack, d)) == left[e.seat - 1]
        last = {}
        for e in record.events:
            last[e.seat] = e.cumulative
        assert [last[p + 1] for p in range(2)] == g.scores == report.json()["scores"][g.index]
        assert record.incomplete == (g.end == "stuck")
        text = path.read_text(encoding="utf-8")
        assert ("#note stopped by the simulator: every player had two turns in a row without a placement"
                in text) == (g.end == "stuck")
        code, out, err = run("replay", path, "--kit", kit)
        n = len(record.events)
        assert code == 0 and out.splitlines()[-1] == f"moves: {n}, matched: {n}, differ: 0", out + err


def test_a_game_cut_off_by_the_turn_limit_is_incomplete_and_still_settles_the_racks(run, tmp_path, words,
                                                                                   monkeypatch):
    from printkit.engine import selfplay
    from printkit.engine.gcg import parse_gcg
    from printkit.engine.lexicon import lexicon_for
    from printkit.engine.movegen import WordGraph

    kit = load_kit("scrabble-en")
    graph = WordGraph(lexicon_for(kit, str(words["en"])).words, kit.distribution.faces())
    monkeypatch.setattr(selfplay, "MAX_TURNS", 6)
    g = selfplay.play_game(kit, graph, 7, 0, record=True)
    assert (g.end, g.turns, len(g.racks)) == ("limit", 6, 6)
    record = parse_gcg(g.gcg, "limit.gcg")
    assert record.incomplete and record.notes == ("stopped by the simulator after 6 turns; the racks are deducted "
                                                  "as at the end",)
    assert [e.kind for e in record.events[6:]] == ["last_rack", "last_rack"]
    assert [e.cumulative for e in record.events[6:]] == g.scores
    path = tmp_path / "limit.gcg"
    path.write_text(g.gcg, encoding="utf-8")
    code, out, _ = run("replay", path, "--kit", "scrabble-en")
    assert (code, out.splitlines()[-1]) == (0, "moves: 8, matched: 8, differ: 0")
