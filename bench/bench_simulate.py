"""Benchmark: the simulator's move generator and self-play (targets: candidate moves a second on
one core, stated as a ratio to Macondo's ~10⁵ a second; 100 greedy two-player games of the default
kit in under 60 s on two cores).

    python bench/bench_simulate.py [--kit KIT] [--games N] [--jobs J] [--lexicon FILE]

1. Candidates: the positions of a few greedy games of the kit (replayed once, before the clock),
   and for each a rack of six letters and a blank: every placement generated and scored by score_turn, counted, for
   about 3 s on one core.
2. Games: N greedy two-player games on J processes, the lexicon and its word graph made before the
   clock starts (their times are printed apart).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from printkit.config import DEFAULT_KIT, load_kit  # noqa: E402
from printkit.engine.lexicon import lexicon_for  # noqa: E402
from printkit.engine.move import parse_move  # noqa: E402
from printkit.engine.movegen import Generator, WordGraph  # noqa: E402
from printkit.engine.selfplay import play_game, simulate  # noqa: E402
from printkit.engine.state import State  # noqa: E402

MACONDO = 1e5  # candidate moves a second, Macondo's generator in Go (its authors' figure)
TARGET_S = 60.0


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--kit", default=DEFAULT_KIT)
    p.add_argument("--games", type=int, default=100)
    p.add_argument("--jobs", type=int, default=2)
    p.add_argument("--lexicon")
    p.add_argument("--seconds", type=float, default=3.0)
    a = p.parse_args(argv)
    kit = load_kit(a.kit)
    t = time.perf_counter()
    lex = lexicon_for(kit, a.lexicon)
    t_lex = time.perf_counter() - t
    t = time.perf_counter()
    graph = WordGraph(lex.words, kit.distribution.faces())
    t_graph = time.perf_counter() - t
    print(f"kit {kit.name}: {lex.describe()}")
    print(f"lexicon {t_lex:.2f} s; word graph {t_graph:.2f} s ({graph.trie_nodes:,} trie nodes → {graph.nodes:,})")

    # positions to generate on: every turn of three games, with the rack the player held
    positions = []
    for i in range(3):
        game = play_game(kit, graph, 99, i)
        state = State.for_kit(kit)
        for text in game.moves:
            positions.append(state.copy())
            state.play(parse_move(state, text))
    faces = kit.distribution.faces()
    racks = [list(faces[k::5][:6]) + ["?"] for k in range(5)]  # a blank and six letters, spread over the alphabet
    n = calls = 0
    start = time.perf_counter()
    while time.perf_counter() - start < a.seconds or calls == 0:
        for k, s in enumerate(positions):
            rack = racks[k % len(racks)]
            n += len(Generator(graph, s).moves(rack))
            calls += 1
    spent = time.perf_counter() - start
    rate = n / spent
    print(f"candidates: {n:,} on {calls} positions in {spent:.2f} s on one core: {rate:,.0f} a second "
          f"({rate / MACONDO:.3f} of Macondo's ~{MACONDO:,.0f}, 1/{MACONDO / rate:.0f})")

    start = time.perf_counter()
    run = simulate(kit, graph, a.games, 1, 2, a.jobs)
    spent = time.perf_counter() - start
    moves = sum(g.placements for g in run.games)
    turns = sum(g.turns for g in run.games)
    verdict = "ok" if spent < TARGET_S else f"SLOWER than the target {TARGET_S:.0f} s"
    print(f"games: {a.games} greedy 2-player games of {kit.name} on {a.jobs} processes in {spent:.1f} s "
          f"({turns} turns, {moves} placements; {turns / spent:.0f} turns a second): {verdict}")
    print(f"cores: {os.cpu_count()}")
    return 0 if spent < TARGET_S else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
