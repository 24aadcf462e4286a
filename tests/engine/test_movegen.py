"""The move generator (printkit.engine.movegen): on small boards and lexicons it finds exactly the
single-line placements a brute-force search finds (every segment of every row and column, every
ordering of every part of the rack, each blank as every letter, laid on the State and kept when the
State takes it and every word it forms is in the lexicon), with the State's own score; the word
graph holds exactly its words."""

from __future__ import annotations

import itertools
from dataclasses import replace

from hypothesis import HealthCheck, assume, given, settings, strategies as st

from printkit.config import load_kit
from printkit.engine.lexicon import spell
from printkit.engine.move import IllegalMove, Placement, Tile
from printkit.engine.movegen import Generator, WordGraph
from printkit.engine.state import State
from printkit.model import BlankValue, Layout, Premium, PremiumUse, WordPremiums
from printkit.notation import NotationError

KITS = {name: load_kit(name) for name in ("krestoslovitsa", "erudit", "scrabble-en")}
# and the one way of scoring no shipped rules take: word premiums added (×2 and ×2 make ×3), with premiums
# counted once and a blank worth nothing (the generator adds a candidate's score up on its own)
_book = KITS["krestoslovitsa"]
KITS["added-premiums"] = replace(_book, rules=replace(_book.rules, word_premiums=WordPremiums.ADD,
                                                      premiums=PremiumUse.ONCE, blank_value=BlankValue.ZERO))


def _letters(kit, n=3):
    d = kit.distribution
    return [t.face for t in sorted(d.tiles, key=lambda t: (-t.count, t.face))[:n]]


def brute_force(state: State, rack: list[str], words: frozenset[str]) -> dict:
    """Every single-line placement the State takes whose words are all in ``words``: key → score."""
    rows, cols = state.rows, state.cols
    faces = sorted({f for w in words for f in w})
    found = {}
    swaps = [None]
    if state.rules.blank_swap:
        swaps += [(r, c) for r, c, t in state.tiles() if t.blank and t.face in rack]
    for swap in swaps:
        hand = list(rack)
        if swap is not None:
            hand.remove(state.tile(*swap).face)
            hand.append("?")
        for across in (True, False):
            for line in range(rows if across else cols):
                n = cols if across else rows
                for a in range(n):
                    for b in range(a + 2, n + 1):
                        sq = [(line, k) if across else (k, line) for k in range(a, b)]
                        empty = [s for s in sq if state.face(*s) is None]
                        if not empty or len(empty) > len(hand):
                            continue
                        for order in set(itertools.permutations(hand, len(empty))):
                            options = [[(f, False)] if f != "?" else [(x, True) for x in faces] for f in order]
                            for choice in itertools.product(*options):
                                tiles = tuple(Tile(r, c, f, bl) for (r, c), (f, bl) in zip(empty, choice))
                                key = (tuple(sorted(tiles)), swap)
                                if key in found:
                                    continue
                                trial = state.copy()
                                try:
                                    score = trial.play(Placement(tiles, across, swap))
                                except (IllegalMove, NotationError):
                                    continue
                                spelled = ["".join(s.face for s in w.squares) for w in score.words]
                                if len(tiles) == 1 and len(score.words) == 0:
                                    continue
                                if all(w in words for w in spelled):
                                    found[key] = score.total
    return found


@st.composite
def positions(draw):
    name = draw(st.sampled_from(sorted(KITS)))
    kit = KITS[name]
    letters = _letters(kit)
    rows = draw(st.integers(3, 5))
    cols = draw(st.integers(3, 5))
    grid = tuple(tuple(draw(st.sampled_from(list(Premium))) for _ in range(cols)) for _ in range(rows))
    start = (rows // 2, cols // 2)
    lexicon = draw(st.sets(st.lists(st.sampled_from(letters), min_size=2, max_size=4).map(tuple), min_size=1,
                           max_size=12))
    blank_ok = kit.rules.blank_swap
    cell = st.one_of(st.just("."), st.just("."), st.sampled_from(letters),
                     st.sampled_from([x.lower() for x in letters] if blank_ok else ["."]))
    board = draw(st.lists(st.lists(cell, min_size=cols, max_size=cols), min_size=rows, max_size=rows))
    if draw(st.booleans()):
        board = [["."] * cols for _ in range(rows)]
    rack = draw(st.lists(st.sampled_from(letters + ["?"]), min_size=1, max_size=4))
    return kit, Layout("t", "t", grid, start), lexicon, board, rack


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions())
def test_the_generator_finds_exactly_what_brute_force_finds(case):
    kit, layout, lexicon, board, rack = case
    d = kit.distribution
    text = "\n".join("".join(row) for row in board) + "\n"
    on = [ch for row in board for ch in row if ch != "."]
    blanks = sum(ch.islower() for ch in on) + rack.count("?")
    assume(blanks <= d.blanks)
    for face in set(rack) | {ch.upper() for ch in on}:
        if face != "?":
            assume(sum(ch.upper() == face for ch in on) + rack.count(face) <= d.counts()[face])
    state = State.from_text(text, layout, d, kit.rules)
    words = frozenset("".join(w) for w in lexicon)
    graph = WordGraph(sorted(lexicon), d.faces())
    got = {}
    for m in Generator(graph, state).moves(rack):
        key = (tuple(sorted(m.tiles)), m.swap)
        assert key not in got, f"generated twice: {m.text(state)}"
        got[key] = m.score
        assert all(w in words for w in m.words)
        played = state.copy().play(m.placement())
        assert played.total == m.score == m.scored.total
        assert m.scored.words == played.words and m.bonus == played.bonus
    assert got == brute_force(state, rack, words)


@given(st.sets(st.text("ABCD", min_size=1, max_size=6), max_size=30))
def test_the_word_graph_holds_exactly_its_words(words):
    graph = WordGraph(sorted(tuple(w) for w in words), "ABCD")
    for w in itertools.chain.from_iterable(itertools.product("ABCD", repeat=n) for n in range(1, 5)):
        assert graph.contains(w) == ("".join(w) in words)
    assert graph.nodes <= graph.trie_nodes


def test_the_graph_merges_equal_endings():
    """A DAWG, not a trie: КОТ, РОТ, ТОТ end in one shared ОТ."""
    kit = KITS["krestoslovitsa"]
    graph = WordGraph(spell(["КОТ", "РОТ", "ТОТ"], kit, "t").words, kit.distribution.faces())
    assert graph.trie_nodes == 10 and graph.nodes == 4  # the root, one node after К/Р/Т, one after О, one final


def test_the_first_move_of_the_book_through_the_start_square():
    kit = KITS["krestoslovitsa"]
    lex = spell(["ПОЛ", "ЛОПАТА"], kit, "t")
    state = State.for_kit(kit)
    moves = Generator(WordGraph(lex.words, kit.distribution.faces()), state).moves(list("ПОЛАТА?"))
    assert all(any((t.row, t.col) == kit.layout.start for t in m.tiles) for m in moves)
    best = max(moves, key=lambda m: (m.score, m.text(state)))
    assert best.words == ("ЛОПАТА",)
    assert state.play(best.placement()).total == best.score
