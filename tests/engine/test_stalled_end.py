"""How a game nobody goes out of ends, and how many exchanges a player may make, as a rule set says
(issue 39: an edition's own end of the game): the Polish federation's rules (configs/rules/scrabble-pl.yaml)
end a game when every player has passed twice in a row and allow three exchanges a player. Read from the
rules file, printed on the reference card in each language, obeyed by ``simulate``'s games and by the score
keeper; a rule set that says nothing keeps the end it had."""

from __future__ import annotations

from dataclasses import replace

import pytest

from printkit import keeper
from printkit.config import load_kit
from printkit.engine.movegen import WordGraph
from printkit.engine.selfplay import play_game, stalled
from printkit.model import Authority
from printkit.text import Words
from printkit.text.rules import grouped, sentence


def test_the_polish_kit_plays_by_the_polish_federations_rules():
    rules = load_kit("scrabble-pl").rules
    assert (rules.name, rules.end_passes, rules.end_scoreless, rules.exchange_limit) == ("scrabble-pl", 2, 0, 3)
    assert rules.source("end").by is Authority.FEDERATION and "dwa razy z rzędu" in rules.source("end").quote
    assert rules.source("exchange").by is Authority.FEDERATION and "trzech wymian" in rules.source("exchange").quote
    assert rules.source("rack").by is Authority.SCRABBLE  # the rest is boxed Scrabble's, as its parent says
    de = load_kit("scrabble-de").rules  # German tournaments: both sides passed twice in a row
    assert (de.name, de.end_passes, de.end_scoreless, de.exchange_limit) == ("scrabble-de", 2, 0, 0)
    assert de.source("end").by is Authority.FEDERATION and "zwei Mal in Folge passen" in de.source("end").quote
    boxed = load_kit("scrabble-en").rules
    assert (boxed.end_passes, boxed.end_scoreless, boxed.exchange_limit) == (0, 0, 0)


@pytest.mark.parametrize("language, end, exchange", [
    ("en", "The game also ends when every player has passed 2 times in a row.",
     "Each player may exchange at most 3 times a game."),
    ("ru", "Партия кончается и тогда, когда каждый пропустил ход 2 раза подряд.",
     "Каждый игрок может менять фишки не больше 3 раз за партию."),
    ("uk", "Партія закінчується й тоді, коли кожен пропустив хід 2 рази поспіль.",
     "Кожен гравець може міняти фішки не більше 3 раз за партію."),
])
def test_the_reference_card_says_the_end_and_the_exchanges_in_each_language(language, end, exchange):
    rules = load_kit("scrabble-pl").rules
    say = Words(language)
    assert sentence(rules, say, "end").endswith(" " + end)
    assert sentence(rules, say, "exchange").endswith(" " + exchange)
    heads = [by for by, _ in grouped(rules, say)]
    assert heads[-1] is Authority.FEDERATION
    scoreless = replace(rules, end_scoreless=6)
    assert sentence(scoreless, Words("en"), "end").endswith(
        " The game also ends after 6 turns in a row that score nothing.")


def test_when_a_game_nobody_goes_out_of_ends():
    pl, en = load_kit("scrabble-pl").rules, load_kit("scrabble-en").rules
    # the Polish rules: every player has passed twice in a row (exchanges do not count)
    assert not stalled(pl, 2, passed=3, idle=10) and stalled(pl, 2, passed=4, idle=4)
    assert not stalled(pl, 3, passed=5, idle=5) and stalled(pl, 3, passed=6, idle=6)
    # six turns that scored nothing, as WESPA's rules say
    six = replace(en, end_scoreless=6)
    assert not stalled(six, 2, passed=0, idle=5) and stalled(six, 2, passed=0, idle=6)
    # rules that say nothing: the simulator stops the game when every player has had two turns in a row that
    # scored nothing (as before), and says it stopped it
    assert not stalled(en, 2, passed=0, idle=3) and stalled(en, 2, passed=0, idle=4) == "stuck"
    assert stalled(pl, 2, passed=4, idle=4) == stalled(six, 2, passed=0, idle=6) == "rules"
    # the German rules end a game every player passed twice in a row, but bound no exchanges: players who can
    # only exchange are stopped by the simulator, as under rules that say nothing (not after 500 turns)
    de = load_kit("scrabble-de").rules
    assert de.end_passes and not de.exchange_limit
    assert stalled(de, 2, passed=4, idle=4) == "rules" and stalled(de, 2, passed=1, idle=4) == "stuck"
    assert not stalled(de, 2, passed=1, idle=3)


def test_simulated_players_keep_to_the_exchanges_and_end_as_the_rules_say():
    """No word at all to play: each player exchanges while the rules allow it, then passes; the Polish game
    ends after three exchanges each and two passes each, boxed Scrabble's after two exchanges each."""
    pl = load_kit("scrabble-pl")
    nothing = WordGraph([], pl.distribution.faces())
    game = play_game(pl, nothing, seed=1, index=0)
    assert game.end == "rules" and (game.exchanges, game.passes, game.turns) == (6, 4, 10)
    assert game.moves[:6] == tuple(m for m in game.moves[:6] if m.startswith("exchange "))
    boxed = replace(pl, rules=load_kit("scrabble-en").rules)
    game = play_game(boxed, nothing, seed=1, index=0)
    assert game.end == "stuck" and (game.exchanges, game.passes, game.turns) == (4, 0, 4)


def test_the_score_keeper_refuses_an_exchange_past_the_limit():
    game = keeper.start(load_kit("scrabble-pl"), ["Ala", "Bartek"])
    for _ in range(3):
        game = keeper.play(game, {"kind": "exchange", "tiles": "7"})  # Ala
        game = keeper.play(game, {"kind": "pass"})  # Bartek
    with pytest.raises(keeper.Refused) as info:
        keeper.play(game, {"kind": "exchange", "tiles": "2"})
    assert str(info.value) == "the rules allow 3 exchanges a game, and this player has made them: pass or play"
    assert info.value.said_as("ru") == ("правила разрешают 3 обмена за партию, и этот игрок их сделал: пропустите "
                                        "ход или играйте")
    game = keeper.play(game, {"kind": "pass"})  # Ala may still pass
    game = keeper.play(game, {"kind": "exchange", "tiles": "7"})  # and Bartek has made none
    # boxed Scrabble has no limit
    en = keeper.start(load_kit("scrabble-en"), ["A", "B"])
    for _ in range(8):
        en = keeper.play(en, {"kind": "exchange", "tiles": "1"})


@pytest.mark.parametrize("line, said", [
    ("end_passes: -1", "r.yaml:2:13: 'end_passes' must be 0 or more, not -1"),
    ("end_passes: 11", "r.yaml:2:13: 'end_passes' is 11: the limit is 10"),
    ("end_scoreless: six", "r.yaml:2:16: 'end_scoreless' must be a whole number, not six"),
    ("exchange_limit: 2.5", "r.yaml:2:17: 'exchange_limit' must be a whole number, not 2.5"),
])
def test_a_bad_end_or_exchange_limit_is_refused_at_its_line(write, run, line, said):
    write("r.yaml", f"extends: scrabble\n{line}\n")
    code, out, err = run("check", write("k.yaml", "extends: scrabble-pl\nrules: r.yaml\n"))
    assert code == 2 and err.strip().rsplit("/", 1)[-1] == said


def test_the_score_keeper_says_when_the_rules_end_a_stalled_game():
    """Polish: after a play, both players pass twice: the page is told the game ends by the rules (it says so and
    opens the end's form); an exchange among the passes, or a play, starts the count again; boxed Scrabble, whose
    rules say nothing of it, is never told."""
    game = keeper.start(load_kit("scrabble-pl"), ["Ala", "Bartek"])
    game = keeper.play(game, {"kind": "place", "move": "8H KOT"})
    for _ in range(3):
        game = keeper.play(game, {"kind": "pass"})
        assert keeper.view(game)["stalled"] is None
    game = keeper.play(game, {"kind": "pass"})
    assert keeper.view(game)["stalled"] == {"passes": 4, "scoreless": 4, "end_passes": 2, "end_scoreless": 0}
    game = keeper.play(game, {"kind": "undo"})
    game = keeper.play(game, {"kind": "exchange", "tiles": "2"})
    assert keeper.view(game)["stalled"] is None  # an exchange is no pass
    for _ in range(4):
        game = keeper.play(game, {"kind": "pass"})
    assert keeper.view(game)["stalled"]["passes"] == 4
    en = keeper.start(load_kit("scrabble-en"), ["A", "B"])
    for _ in range(8):
        en = keeper.play(en, {"kind": "pass"})
    assert keeper.view(en)["stalled"] is None
    # a withdrawn play scored nothing, but it is no pass; German rules (both sides twice) count as the Polish
    de = keeper.start(load_kit("scrabble-de"), ["A", "B"])
    de = keeper.play(de, {"kind": "place", "move": "8H TOR"})
    de = keeper.play(de, {"kind": "challenge"})
    for _ in range(3):
        de = keeper.play(de, {"kind": "pass"})
    assert keeper.view(de)["stalled"] is None
    de = keeper.play(de, {"kind": "pass"})
    assert keeper.view(de)["stalled"]["passes"] == 4
