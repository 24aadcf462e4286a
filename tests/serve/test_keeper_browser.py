"""The score keeper's page (printkit serve's /keeper, issue 37) in the system's headless Chromium at a phone's
width (390 × 844, touch), driven only by its controls: tap the word's first square, toggle across or down, type the
word (the letters already on the board too: the page takes them from the board), add another word, score the turn;
pass, exchange, withdraw a challenged play, undo, the end with the racks entered.

Whole games: a public game of scrabble-en (the totals shown after every turn are the record's), the book's turns of
several words and its blank worth its letter under krestoslovitsa, an Эрудит game the engine played to its end by
the rules; the game saved as GCG replays with every move matched; a reload keeps the game; a refused turn shows its
reason. Screenshots go into the test's folder.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("flask")
sync_api = pytest.importorskip("playwright.sync_api")

from pageserver import CHROMIUM, NO_CHROMIUM, serving  # noqa: E402

from printkit.config import load_kit  # noqa: E402
from printkit.engine.gcg import parse_gcg, read_gcg  # noqa: E402
from printkit.engine.replay import replay  # noqa: E402
from printkit.serve.sessions import Store  # noqa: E402

DATA = Path(__file__).resolve().parents[1] / "data" / "gcg"
ENDS = ("end_rack", "last_rack")

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason=NO_CHROMIUM)


@pytest.fixture
def server(tmp_path):
    store = Store(root=str(tmp_path / "serve"))
    (tmp_path / "serve").mkdir()
    with serving(store) as (root, printed):
        yield root, printed
    store.close()


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=2, has_touch=True,
                                  is_mobile=True, accept_downloads=True)
    pg = context.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda exc: errors.append(str(exc)))
    yield pg
    assert errors == []
    context.close()


def open_keeper(page, server, kit: str = "") -> None:
    """The address printkit serve printed (its token kept in a cookie), then the keeper, #kit=NAME as the score
    sheet's QR code gives it."""
    root, printed = server
    page.goto(printed.replace("/?", "/keeper?"))
    page.wait_for_selector("body[data-ready]")
    if kit:  # the same page, its address now naming the kit (no reload: a change of the part after '#')
        page.goto(root + f"keeper#kit={kit}")
        page.wait_for_selector(f"body[data-kit='{kit}']")


def start_game(page, names: list[str]) -> None:
    inputs = page.locator(".player-name")
    while inputs.count() < len(names):
        page.tap("#add-player")
    while inputs.count() > len(names):
        page.locator("#names li button").last.tap()
    for i, name in enumerate(names):
        inputs.nth(i).fill(name)
    page.tap("#start")
    page.wait_for_selector("body[data-turns='0']")


def turns(page) -> int:
    return int(page.evaluate("document.body.dataset.turns"))


def totals(page) -> list[int]:
    return [int(t) for t in page.evaluate("document.body.dataset.totals").split(",")]


def face(page, square: str) -> str:
    return page.get_attribute(f"#board [data-square='{square}']", "data-face")


def square_of(position: str) -> tuple[str, bool]:
    """A record's position (8H across, H8 down) → the square's name (H8) and whether the word runs across."""
    if position[0].isdigit():
        return position[-1] + position[:-1], True
    return position, False


def enter_group(page, position: str, written: str) -> None:
    """Tap the word's first square, toggle its way, and type the whole word: where the record writes '.', the
    letter on the board (typed as it stands there: lower case a blank)."""
    square, across = square_of(position)
    cell = f"#board [data-square='{square}']"
    page.tap(cell)
    if (page.get_attribute("#direction", "data-way") == "across") != across:
        page.tap(cell)  # a second tap on the square turns the word's way
    assert page.get_attribute("#direction", "data-way") == ("across" if across else "down")
    col, row = ord(square[0]) - ord("A"), int(square[1:]) - 1
    typed = ""
    for k, ch in enumerate(written):
        if ch == ".":
            r, c = (row, col + k) if across else (row + k, col)
            ch = face(page, f"{chr(ord('A') + c)}{r + 1}")
        typed += ch
    page.fill("#word", typed)


def answered(page) -> int:
    return int(page.evaluate("document.body.dataset.answered || '0'"))


def wait_answer(page, before: int) -> None:
    page.wait_for_function(f"() => +(document.body.dataset.answered || 0) > {before}")


def do(page, button: str) -> None:
    before = answered(page)
    if button in ("#challenge", "#undo", "#pass", "#exchange") and not page.is_visible(button):
        page.tap("#other summary")
    page.tap(button)
    wait_answer(page, before)


def submit_turn(page, groups: list[tuple[str, str]], swaps=()) -> None:
    """A turn's words (and the book's swaps) entered through the controls and sent; returns when it is answered."""
    before = answered(page)
    for s in swaps:  # the book's blank swapped back, written as printkit score writes it
        page.fill("#word", f"swap {s.position}")
        page.tap("#another")
    for k, (position, written) in enumerate(groups):
        if k:
            page.tap("#another")
        enter_group(page, position, written)
    page.tap("#submit")
    wait_answer(page, before)


def place(page, groups: list[tuple[str, str]], swaps=()) -> None:
    submit_turn(page, groups, swaps)
    assert page.is_hidden("#refusal"), page.inner_text("#refusal")


def play_record(page, record, check=None) -> None:
    """Each event of a record entered through the page's controls; ``check(event)`` after each turn."""
    events = record.events
    seats = [p.number for p in record.players]
    for i, e in enumerate(events):
        if e.kind in ENDS:
            racks = {s: "" for s in seats}
            for end in events[i:]:
                if end.kind == "last_rack":
                    racks[end.seat] = end.tiles
                elif end.kind == "end_rack":
                    other = next(s for s in seats if s != end.seat)
                    racks[other] = racks[other] or end.tiles
            page.tap("#end summary")
            for k, s in enumerate(seats):
                page.fill(f"#rack-{k}", racks[s])
            do(page, "#end-go")
            assert page.is_hidden("#refusal"), page.inner_text("#refusal")
            return
        if e.kind == "placement":
            place(page, [(g.position, g.word) for g in e.groups])
        elif e.kind == "pass":
            do(page, "#pass")
        elif e.kind == "exchange":
            if not page.is_visible("#exchange-tiles"):
                page.tap("#other summary")
            page.fill("#exchange-tiles", e.tiles or str(e.count))
            do(page, "#exchange")
        elif e.kind == "withdrawn":
            do(page, "#challenge")
        else:
            raise AssertionError(f"{record.name}:{e.line}: a {e.kind} event")
        assert page.is_hidden("#refusal"), (e.line, page.inner_text("#refusal"))
        if check:
            check(e, i)


def recorded_totals(record, upto: int) -> list[int]:
    totals_ = {p.number: 0 for p in record.players}
    for e in record.events[:upto + 1]:
        totals_[e.seat] = e.cumulative
    return [totals_[p.number] for p in record.players]


def exported(page, tmp_path: Path, name: str) -> str:
    with page.expect_download() as got:
        page.tap("#export")
    assert got.value.suggested_filename == name
    path = tmp_path / name
    got.value.save_as(path)
    return path.read_text(encoding="utf-8")


def replays_matched(kit, text: str) -> int:
    result = replay(parse_gcg(text, "kept.gcg"), kit)
    assert result.differ == 0, [s for s in result.steps if not s.matched][:3]
    return result.moves


def replayed_by_the_command(path: Path, kit: str) -> str:
    """``printkit replay`` of a record the page saved, as a player runs it: its last line (exit 0 only when every
    move is reproduced)."""
    done = subprocess.run([sys.executable, "-m", "printkit", "replay", str(path), "--kit", kit], capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr
    return done.stdout.strip().splitlines()[-1]


def no_wider_than_the_phone(page) -> None:
    """Nothing of the page reaches past the phone's 390 px (no sideways scrolling), and every button a thumb
    presses is at least 40 px tall, but the board's squares (fifteen of them fill the width: 23 px each here)."""
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, width
    small = page.evaluate("""() => [...document.querySelectorAll('button')]
        .filter((b) => b.offsetParent !== null && !b.closest('#board'))
        .map((b) => [b.id || b.textContent.trim(), Math.round(b.getBoundingClientRect().height)])
        .filter(([, h]) => h < 40)""")
    assert small == [], small


@pytest.mark.parametrize("name, kit", [
    ("liwords__r5_conrad.gcg", "scrabble-en"),  # plays, exchanges, a withdrawn phony, the end
    ("macondo__polish_endgame.gcg", "scrabble-pl"),  # Polish letters, passes, exchanges, two withdrawn, the end
])
def test_a_public_game_through_the_page_gives_the_records_totals_after_every_turn(server, page, tmp_path, name, kit):
    record = read_gcg(DATA / name)
    open_keeper(page, server, kit)
    assert page.inner_text("#setup h2") == "New game" and page.input_value("#kit") == kit  # no pl words: English
    start_game(page, [p.name for p in record.players])
    shot = {}

    def check(e, i):
        assert totals(page) == recorded_totals(record, i), (e.line, e.kind)
        if i == 9:
            page.screenshot(path=str(tmp_path / f"keeper-{kit}.png"), full_page=True)
            no_wider_than_the_phone(page)
            shot["done"] = True

    play_record(page, record, check)
    assert shot and page.is_visible("#over")
    # the shipped kit ends by its own rules (the one who went out gains the others' racks once, each deducts
    # their own); the record by the tournament's (twice, the others keep theirs): the same spread
    shown, kept = totals(page), recorded_totals(record, len(record.events) - 1)
    assert shown[0] - shown[1] == kept[0] - kept[1]
    text = exported(page, tmp_path, f"{kit}.gcg")
    moves = len(parse_gcg(text, "x").events)
    assert replays_matched(load_kit(kit), text) == moves
    assert replayed_by_the_command(tmp_path / f"{kit}.gcg", kit) == f"moves: {moves}, matched: {moves}, differ: 0"
    page.screenshot(path=str(tmp_path / f"keeper-{kit}-end.png"), full_page=True)


def test_the_books_turns_of_several_words_and_a_blank_worth_its_letter(server, page, tmp_path):
    open_keeper(page, server)  # the default kit: krestoslovitsa, its players as the score sheet names them
    assert page.input_value("#kit") == "krestoslovitsa" and page.input_value(".player-name >> nth=0") == "Игрок 1"
    record = read_gcg(DATA / "several_words.gcg")
    start_game(page, ["Аня", "Боря"])
    play_record(page, record, lambda e, i: (totals(page) == recorded_totals(record, i)) or pytest.fail(str(e.line)))
    first = page.locator("#moves li").nth(1)  # the last turn first: Боря's exchange, then Аня's three words
    assert "ЛАМПАС" in first.inner_text() and "+50" in first.inner_text()
    two = page.locator("#moves li").nth(2).inner_text()
    assert "D8 .ЕС + H8 .РКА" in two and "+19" in two
    page.screenshot(path=str(tmp_path / "keeper-several-words.png"), full_page=True)

    # the book's game, under krestoslovitsa's standard-15 (its notes give what these squares score there)
    page.once("dialog", lambda d: d.accept())
    page.tap("#new")
    page.wait_for_selector("#setup:not([hidden])")
    book = read_gcg(DATA / "book_examples.gcg")
    start_game(page, ["Первый", "Второй", "Третий"])
    for e in book.events:
        place(page, [(g.position, g.word) for g in e.groups], e.swaps)
    scores = page.eval_on_selector_all("#moves li .score", "els => els.map((e) => e.textContent).reverse()")
    assert scores == ["+10", "+18", "+28", "+17", "+16"]
    fet = page.locator("#moves li").nth(1).inner_text()
    assert "F5 фЕТ." in fet and "фЕТР: ф10 + Е1×3 + Т2 + Р2 = 17" in fet  # the blank worth its letter
    assert face(page, "F5") == "Ф" and face(page, "K6") == "щ"  # the real Ф for the blank, the blank now Щ
    assert totals(page) == [27, 34, 28]
    text = exported(page, tmp_path, "krestoslovitsa.gcg")
    assert replays_matched(load_kit("krestoslovitsa"), text) == 5

    # a record imported to go on with: the game it holds, its players, its next turn
    page.set_input_files("#import", str(DATA / "several_words.gcg"))
    page.wait_for_function("() => document.body.dataset.turns === '4'")
    assert totals(page) == [70, 19] and page.inner_text(".player.next .name").startswith("Аня")
    do(page, "#pass")
    assert turns(page) == 5 and totals(page) == [70, 19] and page.inner_text(".player.next .name").startswith("Боря")


@pytest.fixture(scope="module")
def erudit_game():
    """An Эрудит game the engine played with itself to its end by the rules (tests/games.py)."""
    from games import erudit_game as played

    return played()


def test_an_erudit_game_ends_by_the_rules_with_the_racks_entered_and_survives_a_reload(server, page, tmp_path,
                                                                                         erudit_game):
    kit, g = erudit_game
    record = parse_gcg(g.gcg, "erudit.gcg")
    open_keeper(page, server, "erudit")
    start_game(page, [p.name for p in record.players])
    page.check("#clocks-on")
    page.tap("#clock-go")
    half = len(record.events) // 2
    play_record(page, _Partial(record, half))
    before = totals(page)
    page.reload()
    page.wait_for_selector("body[data-ready]")
    assert totals(page) == before and turns(page) == half  # kept in the browser's storage
    assert page.is_checked("#clocks-on") and page.inner_text("[data-clock='0']").count(":") == 1
    play_record(page, _Rest(record, half))
    assert page.is_visible("#over")
    assert totals(page) == g.scores
    end = page.locator("#moves li.end")
    assert end.count() >= 1
    page.screenshot(path=str(tmp_path / "keeper-erudit-end.png"), full_page=True)
    text = exported(page, tmp_path, "erudit.gcg")
    assert replays_matched(kit, text) == len(record.events)


def refusal(page, groups: list[tuple[str, str]]) -> str:
    """A turn of these words entered and refused: what the page says (the game unchanged). The words of a turn
    refused before are taken off first (a refused turn's words stay on the page, to be put right)."""
    clear_groups(page)
    submit_turn(page, groups)
    assert page.is_visible("#refusal")
    return page.inner_text("#refusal")


def clear_groups(page) -> None:
    while page.locator("#groups button").count():
        page.locator("#groups button").first.tap()
    page.fill("#word", "")


class _Partial:
    """The first ``n`` events of a record, as play_record reads a record."""

    def __init__(self, record, n: int):
        self.name, self.players, self.events = record.name, record.players, record.events[:n]


class _Rest(_Partial):
    def __init__(self, record, n: int):
        super().__init__(record, 0)
        self.events = record.events[n:]


def test_a_refused_turn_shows_its_reason_and_leaves_the_game(server, page, tmp_path):
    open_keeper(page, server, "erudit")
    assert page.inner_text("h1") == "Счёт партии" and page.inner_text("#start") == "Начать партию"
    start_game(page, ["Аня", "Боря"])
    place(page, [("8H", "КОТ")])
    assert totals(page)[0] > 0
    page.tap("#board [data-square='A1']")
    page.fill("#word", "ДОМ")
    before = answered(page)
    page.tap("#submit")
    wait_answer(page, before)
    said = page.inner_text("#refusal")
    assert said.startswith("Ход не записан:") and "A1" in said, said
    assert turns(page) == 1 and page.get_attribute("#board [data-square='A1']", "data-face") == ""
    page.screenshot(path=str(tmp_path / "keeper-refused.png"), full_page=False)
    # two words of one turn not in one line, and one turn's tiles with an empty square between them (Эрудит's
    # rules: a turn's tiles in one line, nothing but tiles on the board between them)
    assert refusal(page, [("H7", "Д.М"), ("9J", "Р")]) == ("Ход не записан: H7, H9, J9: не в одном ряду или "
                                                           "столбце: фишки хода кладутся в одну линию")
    assert refusal(page, [("8G", "Р..."), ("8L", "К")]).startswith("Ход не записан: G8–L8: пропуск на K8: ")
    assert turns(page) == 1 and totals(page)[1] == 0 and face(page, "H7") == face(page, "L8") == ""
    # the word stays to be put right; a challenge takes the play back, undo the challenge
    do(page, "#challenge")
    assert turns(page) == 2 and totals(page) == [0, 0] and face(page, "H8") == ""
    do(page, "#undo")
    assert turns(page) == 1 and face(page, "H8") == "К"
    page.fill("#exchange-tiles", "2")
    do(page, "#exchange")
    assert "Ещё не на поле:" in page.inner_text("#unseen-title")


def test_the_dictionary_advises_on_a_challenge_where_it_is_installed(server, page, tmp_path):
    pytest.importorskip("pymorphy3")
    open_keeper(page, server, "krestoslovitsa")
    start_game(page, ["Аня", "Боря"])
    place(page, [("8H", "ЛПО")])
    page.click("#other summary")
    page.wait_for_selector("#advice:not([hidden])")
    assert page.inner_text("#advice-list li.refused") == "ЛПО: не подходит"
    do(page, "#challenge")
    assert page.is_hidden("#advice")  # the play is withdrawn: nothing to challenge
    place(page, [("8H", "ПОЛ")])
    page.wait_for_selector("#advice:not([hidden])")
    assert page.inner_text("#advice-list li[data-word='ПОЛ']") == "ПОЛ: есть в словаре"
    place(page, [("I7", "С.Н")])
    assert page.eval_on_selector_all("#advice-list li", "ls => ls.map(l => l.dataset.word)") == ["СОН"]
    page.fill("#exchange-tiles", "2")
    do(page, "#exchange")
    assert page.is_hidden("#advice")  # the last turn was no play: nothing to challenge


def test_the_books_target_score_is_said_and_opens_the_end_after_the_round(server, page, monkeypatch):
    from dataclasses import replace

    from printkit import keeper

    said = keeper.target

    def at_ten(game):  # the book's 150, brought within one turn
        return said(replace(game, kit=replace(game.kit, rules=replace(game.kit.rules, target_score=10))))

    monkeypatch.setattr(keeper, "target", at_ten)
    open_keeper(page, server, "krestoslovitsa")
    start_game(page, ["Аня", "Боря"])
    place(page, [("8H", "ПОЛ")])
    assert page.inner_text("#target") == "Аня: набрано 10 очков: партия кончается, когда закончится этот круг"
    assert not page.eval_on_selector("#end", "d => d.open")
    do(page, "#pass")
    assert page.inner_text("#target").startswith("Круг закончен, 10 очков набрано: партия окончена.")
    assert page.eval_on_selector("#end", "d => d.open")


def test_a_stalled_game_is_said_and_opens_the_end_by_the_polish_rules(server, page):
    """The Polish federation's rules: both players pass twice in a row, the page says the game ends and opens
    the end's form (the kit's language has no page words: English)."""
    open_keeper(page, server, "scrabble-pl")
    start_game(page, ["Ala", "Bartek"])
    place(page, [("8H", "KOT")])
    for _ in range(3):
        do(page, "#pass")
    assert page.is_hidden("#target") and not page.eval_on_selector("#end", "d => d.open")
    do(page, "#pass")
    assert page.inner_text("#target") == ("Every player has passed 2 times in a row: by the rules the game ends. "
                                          "Enter the tiles left on the racks")
    assert page.eval_on_selector("#end", "d => d.open")


def clock_s(page, seat: int) -> int:
    minutes, seconds = page.inner_text(f"[data-clock='{seat}']").split(":")
    return int(minutes) * 60 + int(seconds)


def test_the_clocks_run_for_the_one_to_play_pause_and_stop_with_the_game(server, page):
    """A chess clock per player (the browser's time moved on by Playwright's clock, which runs on between the
    jumps: a second's slack): the one to play's runs, a turn hands it on, pause holds both, the end stops them."""
    page.clock.install()
    open_keeper(page, server, "krestoslovitsa")
    start_game(page, ["Аня", "Боря"])
    page.check("#clocks-on")
    page.tap("#clock-go")
    page.clock.fast_forward(65_000)
    assert abs(clock_s(page, 0) - 65) <= 2 and clock_s(page, 1) == 0
    assert "running" in page.get_attribute("[data-clock='0']", "class")
    place(page, [("8H", "ПОЛ")])
    page.clock.fast_forward(30_000)
    first = clock_s(page, 0)
    assert abs(first - 65) <= 3 and abs(clock_s(page, 1) - 30) <= 2  # Аня's stopped when she played
    page.tap("#clock-go")  # pause
    held = clock_s(page, 1)
    page.clock.fast_forward(60_000)
    assert (clock_s(page, 0), clock_s(page, 1)) == (first, held)
    page.tap("#clock-go")  # on again: Боря's runs
    page.clock.fast_forward(10_000)
    assert abs(clock_s(page, 1) - held - 10) <= 2 and clock_s(page, 0) == first
    page.tap("#end summary")
    page.fill("#rack-0", "АБ")  # Боря went out
    page.fill("#rack-1", "")
    do(page, "#end-go")
    assert page.is_visible("#over"), page.inner_text("#refusal")
    stopped = clock_s(page, 0), clock_s(page, 1)
    page.clock.fast_forward(60_000)
    assert (clock_s(page, 0), clock_s(page, 1)) == stopped


def test_a_ukrainian_kit_speaks_ukrainian_and_a_tile_of_two_letters_is_one_square(server, page, tmp_path):
    """The page in the kit's language from its first word (scrabble-uk: Ukrainian), and a Hungarian word typed
    whole: its GY is one tile on one square, scored and counted as one."""
    open_keeper(page, server, "scrabble-uk")
    assert page.inner_text("h1") == "Рахунок партії" and page.inner_text("#start") == "Почати партію"
    start_game(page, ["Оля", "Петро"])
    place(page, [("8H", "КІТ")])
    assert totals(page)[0] > 0 and "8H КІТ" in page.inner_text("#moves li")
    assert refusal(page, [("1A", "ЖУК")]).startswith("Хід не записано: A1–C1: не прилягає")
    clear_groups(page)
    # another kit named in the address: the game in progress put aside when the player says so
    page.once("dialog", lambda d: d.accept())
    open_keeper(page, server, "scrabble-hu")
    # no Hungarian words: English (the Ukrainian game put aside had spoken Ukrainian again over the new kit's)
    assert page.inner_text("#start") == "Start the game" and page.inner_text("h1") == "Score keeper"
    # back to the game in progress: its own set again, its next turn scored under it (the page had kept the
    # setup's kit, and sent the Ukrainian game as a Hungarian one)
    page.tap("#setup-back")
    assert page.input_value("#kit") == "scrabble-uk" and page.inner_text("h1") == "Рахунок партії"
    place(page, [("H7", "Т.")])
    assert turns(page) == 2 and face(page, "H7") == "Т"
    page.once("dialog", lambda d: d.accept())
    page.tap("#new")
    page.wait_for_selector("#setup:not([hidden])")
    page.select_option("#kit", "scrabble-hu")
    page.wait_for_selector("body[data-kit='scrabble-hu']")
    start_game(page, ["Anna", "Béla"])
    unseen = page.inner_text("#unseen")
    place(page, [("8H", "HOGY")])
    assert [face(page, sq) for sq in ("H8", "I8", "J8", "K8")] == ["H", "O", "GY", ""]
    assert totals(page) == [16, 0]
    said = page.inner_text("#moves li")
    assert "HOGY: H3 + O1 + GY4 = 8" in said, said
    assert page.inner_text("#unseen") != unseen
    no_wider_than_the_phone(page)
    page.screenshot(path=str(tmp_path / "keeper-hu.png"), full_page=True)
