"""Games the engine plays with itself, for the tests that need a whole game ended by the rules (the score keeper's:
tests/engine/test_keeper.py and tests/serve/test_keeper_browser.py)."""

from __future__ import annotations

from functools import lru_cache

import pytest


@lru_cache(maxsize=None)
def erudit_game():
    """An Эрудит game the engine played with itself to its end by the rules (a player went out): (kit, game)."""
    wordfreq = pytest.importorskip("wordfreq")
    from printkit.config import load_kit
    from printkit.engine import selfplay
    from printkit.engine.lexicon import spell
    from printkit.engine.movegen import WordGraph

    kit = load_kit("erudit")
    words = [w for w in wordfreq.top_n_list("ru", 20000) if w.isalpha()]
    graph = WordGraph(spell(words, kit, "wordfreq").words, kit.distribution.faces())
    for seed in range(10):
        g = selfplay.play_game(kit, graph, seed, 0, record=True)
        if g.end == "out":
            return kit, g
    pytest.fail("no game of ten went out")
