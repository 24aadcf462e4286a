"""The score keeper's back end (printkit.keeper): games kept as GCG records, one turn at a time, every score
the engine's; public games fed turn by turn reproduce their totals, and the record the keeper writes replays
with every move matched; refusals are one line and leave the game as it was."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from printkit import keeper
from printkit.config import kit_names, load_kit, load_layout
from printkit.engine.gcg import TURN_KINDS, parse_gcg, read_gcg
from printkit.engine.replay import guess_kit, replay
from printkit.engine.score import rack_value

DATA = Path(__file__).parents[1] / "data" / "gcg"
ENDS = ("end_rack", "last_rack")


def turns_of(record) -> list[tuple[dict, int]]:
    """The keeper's turns that make a record's events, each with the index of the last event it makes."""
    out = []
    events = record.events
    i = 0
    while i < len(events):
        e = events[i]
        if e.kind in ENDS:
            seats = [p.number for p in record.players]
            racks = {s: "" for s in seats}
            for end in events[i:]:
                if end.kind == "last_rack":
                    racks[end.seat] = end.tiles
                elif end.kind == "end_rack" and len(seats) == 2:  # the other player's rack
                    racks[next(s for s in seats if s != end.seat)] = racks[next(s for s in seats if s != end.seat)] \
                        or end.tiles
            out.append(({"kind": "end", "racks": [racks[s] for s in seats]}, len(events) - 1))
            break
        if e.kind == "placement":
            turn = {"kind": "place", "move": " + ".join([f"swap {s.position}" for s in e.swaps]
                                                        + [f"{g.position} {g.word}" for g in e.groups])}
        elif e.kind == "pass":
            turn = {"kind": "pass"}
        elif e.kind == "exchange":
            turn = {"kind": "exchange", "tiles": e.tiles or str(e.count)}
        elif e.kind == "withdrawn":
            turn = {"kind": "challenge"}
        elif e.kind == "challenge":
            turn = {"kind": "bonus", "points": e.score}
        else:
            raise AssertionError(f"{record.name}:{e.line}: a {e.kind} event")
        out.append((turn, i))
        i += 1
    return out


def recorded_totals(record, upto: int) -> list[int]:
    totals = {p.number: 0 for p in record.players}
    for e in record.events[:upto + 1]:
        totals[e.seat] = e.cumulative
    return [totals[p.number] for p in record.players]


def tournament(kit):
    """The kit with the tournament's end (the one who went out gains twice the others' racks, which keep
    their scores), as the public games were played."""
    return replace(kit, rules=replace(kit.rules, end_award=2))


def kit_of(record):
    """The shipped kit a record was played with, and its end as the record settles it."""
    kit = load_kit(guess_kit(record, kit_names())[0])
    for e in record.events:
        if e.kind == "end_rack" and e.score and e.score == 2 * rack_value(
                [f for f in e.tiles.upper()], kit.distribution):
            return tournament(kit)
    return kit


def kept(kit, record, check=True):
    """The record fed to the keeper turn by turn from a new game of its players: after every turn each
    player's total is the record's, and the player to play is the record's."""
    game = keeper.start(kit, [(p.name or p.nick)[:40] for p in record.players])
    for turn, last in turns_of(record):
        e = record.events[last]
        if check and e.kind in TURN_KINDS:
            assert keeper.view(game)["next"] == game.index(e.seat), (record.name, e.line)
        game = keeper.play(game, turn)
        if check:
            assert [p["total"] for p in keeper.view(game)["players"]] == recorded_totals(record, last), \
                (record.name, e.line, turn)
    return game


def replays_matched(kit, text: str, layout=None) -> int:
    record = parse_gcg(text, "kept.gcg")
    result = replay(record, kit, layout)
    assert result.differ == 0, [s for s in result.steps if not s.matched][:3]
    return result.moves


PUBLIC = sorted(p.name for p in DATA.glob("*.gcg") if guess_kit(read_gcg(p), kit_names())[0].startswith("scrabble-"))


def test_the_public_games_are_those_of_the_scrabble_kits():
    assert len(PUBLIC) == 39  # 38 public games and latin1_german.gcg, all replayed fully by test_replay.py


@pytest.mark.parametrize("name", PUBLIC)
def test_a_public_game_turn_by_turn_gives_the_records_totals_and_a_record_that_replays(name):
    record = read_gcg(DATA / name)
    kit = kit_of(record)
    game = kept(kit, record)
    view = keeper.view(game)
    ended = any(e.kind in ENDS for e in record.events)
    assert view["over"] == ended and (view["next"] is None) == ended
    text = keeper.text(game)
    assert replays_matched(kit, text) == len(game.record.events)
    assert len(game.record.events) == len(record.events) - sum(e.kind == "last_rack" for e in record.events) \
        + sum(e.kind == "last_rack" for e in game.record.events)
    again = keeper.load(kit, text)  # the export, imported: the same game
    assert keeper.view(again) == view


def test_the_shipped_kits_end_is_its_own_rules_the_spread_the_records():
    """Under scrabble-en's own rules (the one who went out gains the others' racks once, each deducts their
    own) a tournament game ends with other totals but the same spread."""
    record = read_gcg(DATA / "macondo__doug_v_emely.gcg")
    kit = load_kit("scrabble-en")
    game = kept(kit, record, check=False)
    ours = [p["total"] for p in keeper.view(game)["players"]]
    theirs = recorded_totals(record, len(record.events) - 1)
    left = rack_value(list("OPEG"), kit.distribution)
    assert ours[0] - ours[1] == theirs[0] - theirs[1] and ours != theirs
    assert [e.kind for e in game.record.events[-2:]] == ["end_rack", "last_rack"]
    assert game.record.events[-2].score == left and game.record.events[-1].score == -left


def test_the_book_game_turn_by_turn_a_blank_worth_its_letter_and_its_swap():
    record = read_gcg(DATA / "book_examples.gcg")
    kit = load_kit("krestoslovitsa")
    kit = replace(kit, layout=load_layout("plain-15"))  # the book's sums are bare: a board without premiums
    game = kept(kit, record)
    view = keeper.view(game)
    assert [m["score"] for m in view["moves"]] == [5, 8, 13, 15, 16]
    fet = view["moves"][3]
    assert fet["text"] == "F5 фЕТ." and fet["words"] == [{"word": "фЕТР", "score": 15,
                                                           "explain": "ф10 + Е1 + Т2 + Р2 = 15"}]
    assert view["moves"][4]["text"] == "swap F5 + K6 щУ.А"
    assert view["board"][4][5] == "Ф" and view["board"][5][10] == "щ"  # the real Ф for the blank, now Щ
    assert replays_matched(kit, keeper.text(game)) == 5


def test_the_books_turns_of_several_words():
    record = read_gcg(DATA / "several_words.gcg")
    kit = load_kit("krestoslovitsa")
    game = kept(kit, record)
    moves = keeper.view(game)["moves"]
    assert moves[1]["text"] == "D8 .ЕС + H8 .РКА" and [w["score"] for w in moves[1]["words"]] == [7, 12]
    assert [w["word"] for w in moves[2]["words"]] == ["МОХ", "ЛАМПАС", "ЗАЛ"] and moves[2]["score"] == 50
    text = keeper.text(game)
    assert "#+ H8 .РКА" in text and "#+ 11G З.Л" in text
    assert replays_matched(kit, text) == 4


@pytest.fixture(scope="module")
def erudit_game():
    """An Эрудит game the engine played with itself to its end by the rules (tests/games.py)."""
    from games import erudit_game as played

    return played()


def test_an_erudit_game_ends_by_its_rules_with_the_racks_settled(erudit_game):
    kit, g = erudit_game
    record = parse_gcg(g.gcg, "erudit.gcg")
    game = kept(kit, record)
    view = keeper.view(game)
    assert view["over"] and view["next"] is None
    assert [p["total"] for p in view["players"]] == g.scores
    end = [m for m in view["moves"] if m["kind"] == "end"]
    assert end and end[0]["player"] == g.went_out and end[0]["score"] > 0  # the one who went out gains
    assert any(m["score"] < 0 for m in end[1:])  # the other deducts their own
    assert replays_matched(kit, keeper.text(game)) == len(record.events)
    with pytest.raises(keeper.Refused, match="the game is over"):
        keeper.play(game, {"kind": "pass"})
    back = keeper.play(game, {"kind": "undo"})  # the whole end at once
    assert not keeper.view(back)["over"] and all(e.kind not in ENDS for e in back.record.events)
    assert back.record.incomplete and not game.record.incomplete


# -- turns -------------------------------------------------------------------------------------------------

def new(kit="erudit", players=("Аня", "Боря")):
    return keeper.start(load_kit(kit), list(players))


def test_a_challenge_takes_back_exactly_the_play_and_its_turn_is_lost():
    game = keeper.play(new(), {"kind": "place", "move": "8H КОТ"})
    game = keeper.play(game, {"kind": "place", "move": "I7 С.Н"})
    before = keeper.view(game)
    out = keeper.play(game, {"kind": "challenge"})
    view = keeper.view(out)
    assert view["board"][6][8] == "" and view["board"][8][8] == "" and view["board"][7][8] == "О"
    assert view["players"][1]["total"] == 0 and view["players"][0] == before["players"][0]
    assert view["next"] == 0  # Боря's turn is lost
    assert view["moves"][-1] == {"player": 1, "kind": "withdrawn", "text": "--", "score": -before["moves"][-1]["score"],
                                 "total": 0, "words": [], "bonus": 0, "problem": None}
    assert view["unseen"]["С"] == before["unseen"]["С"] + 1
    assert ">Боря: -- " in keeper.text(out)
    with pytest.raises(keeper.Refused, match="no play to withdraw"):
        keeper.play(out, {"kind": "challenge"})
    with pytest.raises(keeper.Refused, match="no play to withdraw"):
        keeper.play(new(), {"kind": "challenge"})
    with pytest.raises(keeper.Refused, match="no play to withdraw"):
        keeper.play(keeper.play(game, {"kind": "pass"}), {"kind": "challenge"})
    assert replays_matched(load_kit("erudit"), keeper.text(out)) == 3


def test_undo_removes_the_last_turn_from_the_record():
    game = keeper.play(new(), {"kind": "place", "move": "8H КОТ"})
    two = keeper.play(game, {"kind": "pass"})
    assert keeper.text(keeper.play(two, {"kind": "undo"})) == keeper.text(game)
    assert keeper.text(keeper.play(game, {"kind": "undo"})) == keeper.text(new())
    with pytest.raises(keeper.Refused, match="nothing to undo"):
        keeper.play(new(), {"kind": "undo"})


def test_pass_exchange_and_the_unseen_tiles():
    kit = load_kit("erudit")
    game = keeper.play(new(), {"kind": "place", "move": "8H КОт"})  # т: a blank
    view = keeper.view(game)
    counts = kit.distribution.counts()
    assert list(view["unseen"]) == [f for f in kit.distribution.alphabet if f in counts] + ["?"]
    assert view["unseen"]["К"] == counts["К"] - 1 and view["unseen"]["Т"] == counts["Т"]
    assert view["unseen"]["?"] == kit.distribution.blanks - 1
    assert view["unseen_total"] == kit.distribution.total - 3 and view["board"][7][9] == "т"
    game = keeper.play(game, {"kind": "pass"})
    game = keeper.play(game, {"kind": "exchange", "tiles": "абв"})
    game = keeper.play(game, {"kind": "exchange", "tiles": "7"})
    view = keeper.view(game)
    assert [(m["kind"], m["text"], m["score"]) for m in view["moves"][1:]] == [
        ("pass", "-", 0), ("exchange", "-АБВ", 0), ("exchange", "-7", 0)]
    assert view["unseen_total"] == kit.distribution.total - 3 and view["next"] == 0
    assert replays_matched(kit, keeper.text(game)) == 4
    for tiles in ("0", "8", "", "ЖЖЖ", 3.5, None):
        with pytest.raises(keeper.Refused):
            keeper.play(game, {"kind": "exchange", "tiles": tiles})


def test_the_premiums_and_the_start_square_as_the_layout_names_them():
    view = keeper.view(new("scrabble-en"))
    assert view["rows"] == view["cols"] == 15 and view["premiums"][7][7] == "*DW" and view["premiums"][0][0] == "TW"
    assert view["premiums"][0][3] == "DL" and view["premiums"][0][1] == "" and view["start"] == [7, 7]
    assert view["language"] == "en" and view["players"] == [{"name": "Аня", "total": 0}, {"name": "Боря", "total": 0}]


def test_the_players_of_a_new_game_default_to_the_kits_as_the_score_sheet_names_them():
    game = keeper.start(load_kit("erudit"))
    assert [p["name"] for p in keeper.view(game)["players"]] == ["Игрок 1", "Игрок 2"]
    assert "#player1 Игрок_1 Игрок 1" in keeper.text(game)
    game = keeper.start(load_kit("scrabble-en"), ["Ann  Lee", "", "Ann Lee"])
    assert "#player1 Ann_Lee Ann Lee\n#player2 Player_2 Player 2\n#player3 Ann_Lee_3 Ann Lee" in keeper.text(game)
    for players in ("Ann", ["Ann"], ["x" * 41, "b"], [1, 2], ["a"] * 7):
        with pytest.raises(keeper.Refused):
            keeper.start(load_kit("erudit"), players)


def test_a_record_imported_then_one_more_turn():
    record = (DATA / "several_words.gcg").read_text(encoding="utf-8")
    kit = load_kit("krestoslovitsa")
    game = keeper.load(kit, record)
    assert keeper.view(game)["next"] == 0 and [p["total"] for p in keeper.view(game)["players"]] == [70, 19]
    game = keeper.play(game, {"kind": "place", "move": "E7 Ж.Р"})
    view = keeper.view(game)
    assert view["moves"][-1]["player"] == 0 and view["players"][0]["total"] == 70 + view["moves"][-1]["score"]
    text = keeper.text(game)
    assert text.startswith("#character-encoding UTF-8\n#player1 Аня Аня")
    assert "#note ЛЕС: Л2×2" in text  # the record's notes are kept
    assert replays_matched(kit, text) == 5


# -- refusals: one line, the game as it was -----------------------------------------------------------------

ERUDIT_MOVES = [
    ("8A КОТ", "the first move covers the start square H8"),
    ("1A ПОЛКА", "the first move covers the start square"),
    ("8H К", "the first move places two tiles or more"),
    ("8N КОТ", "3 tiles across from 8N: the word runs off the board: only 2 fit"),
    ("Z99 КОТ", "Z99: off the board"),
    ("8H CAT", "the set has no tile C"),
    ("8H ЭЭЭ", "too many Э: the set has 1, 0 of them on the board"),
    ("8H аааа", "lower-case letters are blanks"),
    ("8H", "is not COORD WORD"),
    ("pass", "a play is a square and a word"),
]


@pytest.mark.parametrize("move, why", ERUDIT_MOVES)
def test_a_first_move_the_rules_refuse(move, why):
    game = new()
    with pytest.raises(keeper.Refused) as caught:
        keeper.play(game, {"kind": "place", "move": move})
    assert why in caught.value.text("en") and "\n" not in caught.value.text("en")
    assert keeper.view(game)["moves"] == []


LATER = [
    ("1A ЖУК", "A1–C1: not joined: every word after the first takes in a tile already on the board"),
    ("H7 Д.М + 9J Р", "not in one row or column: the tiles of a turn go in one line"),
    ("8G Р... + 8L К", "G8–L8: a gap at K8: only tiles already on the board may lie between the tiles of a turn"),
    ("7H Н", None),  # joined: played
]


@pytest.mark.parametrize("move, why", LATER)
def test_a_later_move_the_rules_refuse(move, why):
    game = keeper.play(new(), {"kind": "place", "move": "8H КОТ"})
    text = keeper.text(game)
    if why is None:
        keeper.play(game, {"kind": "place", "move": move})
        return
    with pytest.raises(keeper.Refused) as caught:
        keeper.play(game, {"kind": "place", "move": move})
    assert why in caught.value.text("en")
    assert keeper.text(game) == text


def test_the_refusals_are_said_in_the_pages_language():
    game = keeper.play(new(), {"kind": "place", "move": "8H КОТ"})
    with pytest.raises(keeper.Refused) as caught:
        keeper.play(game, {"kind": "place", "move": "1A ЖУК"})
    assert caught.value.text("ru") == ("A1–C1: не примыкает: каждое слово после первого проходит через фишку, уже "
                                       "лежащую на поле")
    assert caught.value.text("uk").startswith("A1–C1: не прилягає")
    with pytest.raises(keeper.Refused) as caught:
        keeper.play(game, {"kind": "place", "move": "8G Р... + 8L К"})
    assert caught.value.text("ru").startswith("G8–L8: пропуск на K8")


@pytest.mark.parametrize("text, why", [
    (DATA.joinpath("macondo__doug_v_emely.gcg").read_text(encoding="utf-8"), "the set has no tile 'D'"),
    ("#character-encoding UTF-8\n#tile-distribution english\n", "a game of 'english'"),
    ("hello, world\n", "GCG:1: neither a pragma"),
    (">a: ЖУК 8H ЖУК +10\n", "GCG:1: the event ends without its score"),
    ("#player1 a A\n>a: ЖУК 8H ЖУК +10 10\x00\n", "not a text file"),
    ("#player1 a A\n" * 100_000, "characters long; the keeper takes at most 200000"),
    (12, "text in GCG"),
])
def test_a_record_that_cannot_be_kept_is_refused_in_one_line(text, why):
    with pytest.raises(keeper.Refused) as caught:
        keeper.load(load_kit("erudit"), text)
    assert why in caught.value.text("en") and "\n" not in caught.value.text("en")


@pytest.mark.parametrize("turn, why", [
    ({"kind": "jump"}, "a turn is one of place, pass, exchange, challenge, bonus, undo, end; not 'jump'"),
    ("pass", "a turn is one of"),
    ({"kind": "place"}, "the turn place needs move"),
    ({"kind": "place", "move": "8H " + "А" * 500}, "the turn place needs move"),
    ({"kind": "bonus", "points": 0}, "a bonus is 1 to 999 points"),
    ({"kind": "bonus", "points": 5}, "there is no play to withdraw"),
    ({"kind": "end", "racks": ["А"]}, "the end takes a rack for each of the 2 players"),
    ({"kind": "end", "racks": "АБ"}, "the end takes a rack for each of the 2 players"),
    ({"kind": "end", "racks": ["", ""]}, "only one player can go out; these have no tiles left: Аня, Боря"),
    ({"kind": "end", "racks": ["АБВГДЕЖЗ", ""]}, "Аня: 8 tiles, but a rack holds 7"),
    ({"kind": "end", "racks": ["ЭЭ", ""]}, "Э: 2 on the racks, but only 1 of the set's 1 are off the board"),
    ({"kind": "end", "racks": ["W", ""]}, "'W': the set has no tile W"),
])
def test_a_turn_the_keeper_refuses(turn, why):
    game = new()
    with pytest.raises(keeper.Refused) as caught:
        keeper.play(game, turn)
    assert why in caught.value.text("en")


def test_a_bonus_for_a_play_that_stood_goes_to_its_player():
    game = keeper.play(new(), {"kind": "place", "move": "8H КОТ"})
    score = keeper.view(game)["players"][0]["total"]
    game = keeper.play(game, {"kind": "bonus", "points": "5"})
    view = keeper.view(game)
    assert view["players"][0]["total"] == score + 5 and view["next"] == 1
    assert view["moves"][-1]["kind"] == "bonus" and ">Аня:  (challenge) +5" in keeper.text(game)
    assert replays_matched(load_kit("erudit"), keeper.text(game)) == 2


@pytest.mark.parametrize("kit, said", [("krestoslovitsa", "П2 + О1 + Л2 = 5, слово ×2 = 10"),
                                       ("scrabble-uk", ", слово ×2 = "), ("scrabble-en", ", word ×2 = ")])
def test_a_words_explanation_is_in_the_kits_language(kit, said):
    move = {"krestoslovitsa": "8H ПОЛ", "scrabble-uk": "8H КІТ", "scrabble-en": "8H CAT"}[kit]
    view = keeper.view(keeper.play(new(kit), {"kind": "place", "move": move}))
    explain = view["moves"][0]["words"][0]["explain"]
    assert said in explain, explain
    assert "word" not in explain or kit == "scrabble-en"


def test_two_word_premiums_are_explained_in_the_kits_language():
    from printkit.engine.score import EXPLAINED, WordPremiums, WordScore
    from printkit.keeper import explained

    score = WordScore(squares=(), values=(), letter_mults=(), word_mults=(2, 3), word_mult=6, total=0,
                      combine=WordPremiums.MULTIPLY)
    assert score.explain() == " = 0, words ×2 ×3 multiplied: ×6 = 0"
    assert score.explain(explained("ru")) == " = 0, слова ×2 ×3 перемножены: ×6 = 0"
    assert score._replace(combine=WordPremiums.ADD).explain(explained("uk")) == " = 0, слова ×2 ×3 додані: ×6 = 0"
    assert explained("en") == EXPLAINED  # the command line's own words


def test_the_dictionary_advises_on_the_last_play_where_it_is_installed():
    pytest.importorskip("pymorphy3")
    game = keeper.play(keeper.start(load_kit("krestoslovitsa"), ["Аня", "Боря"]), {"kind": "place", "move": "8H ЛПО"})
    assert keeper.view(game)["advice"] == [{"word": "ЛПО", "allowed": False, "why": "not in the dictionary"}]
    game = keeper.play(game, {"kind": "challenge"})
    assert keeper.view(game)["advice"] is None  # the last turn is the withdrawal
    game = keeper.play(game, {"kind": "place", "move": "8H ПОЛ"})
    assert [a["allowed"] for a in keeper.view(game)["advice"]] == [True]


def test_no_dictionary_no_advice(monkeypatch):
    import sys

    from printkit.engine import judge

    monkeypatch.setitem(sys.modules, "pymorphy3", None)  # as in the browser: the words extra is not there
    monkeypatch.setattr(judge, "_ANALYSERS", {})
    monkeypatch.setattr(keeper, "_judges", {})
    game = keeper.play(keeper.start(load_kit("krestoslovitsa"), ["Аня", "Боря"]), {"kind": "place", "move": "8H ПОЛ"})
    assert keeper.view(game)["advice"] is None
    game = keeper.play(keeper.start(load_kit("scrabble-en"), ["A", "B"]), {"kind": "place", "move": "8H CAT"})
    assert keeper.view(game)["advice"] is None  # its rules judge by a list the kit does not give


def test_the_books_target_score_ends_the_game_after_the_round():
    kit = load_kit("krestoslovitsa")
    assert kit.rules.target_score == 150
    kit = replace(kit, rules=replace(kit.rules, target_score=10))
    game = keeper.play(keeper.start(kit, ["Аня", "Боря", "Вера"]), {"kind": "place", "move": "8H ПОЛ"})
    assert keeper.view(game)["players"][0]["total"] == 10
    assert keeper.view(game)["target"] == {"score": 10, "reached": [0], "round_over": False}
    game = keeper.play(game, {"kind": "pass"})
    assert keeper.view(game)["target"]["round_over"] is False  # Вера has not played this round
    game = keeper.play(game, {"kind": "pass"})
    assert keeper.view(game)["target"] == {"score": 10, "reached": [0], "round_over": True}
    game = keeper.play(game, {"kind": "end", "racks": ["", "АБ", "В"]})
    assert keeper.view(game)["over"] and keeper.view(game)["target"] is None
    assert keeper.view(keeper.start(load_kit("scrabble-en"), ["A", "B"]))["target"] is None  # no target in its rules


def test_the_board_looks_as_printed():
    view = keeper.view(new("krestoslovitsa"))
    assert view["labels"] == {"DL": "Б2", "TL": "Б3", "DW": "С2", "TW": "С3"}
    assert view["colors"]["TW"] == "#cf2f2b" and view["label_colors"]["TW"] == "#ffffff"
    assert keeper.view(new("erudit"))["labels"]["TW"] == "3С"
