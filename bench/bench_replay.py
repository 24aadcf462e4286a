"""Benchmark: replaying recorded games (target: at least 10 000 moves a second on one core, parsing
included).

    python bench/bench_replay.py [--seconds S]

Replays the 41 game records of tests/data/gcg (38 public games and printkit's own) over and over
for about S seconds: each time the file's text is parsed anew, a fresh board is made, and every
move is laid, scored and compared with the record. Kits are loaded once, before the clock starts.
Prints moves per second, and the moves that did not match (there should be none).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from printkit.config import kit_names, load_kit, load_layout  # noqa: E402
from printkit.engine.gcg import decode_gcg, parse_gcg, read_gcg  # noqa: E402
from printkit.engine.replay import guess_kit, replay  # noqa: E402

TARGET = 10_000


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--seconds", type=float, default=3.0)
    seconds = p.parse_args(argv).seconds
    paths = sorted((ROOT / "tests" / "data" / "gcg").glob("*.gcg"))
    names = kit_names()
    games = []
    for path in paths:
        record = read_gcg(path)
        kit = load_kit(guess_kit(record, names)[0])
        layout = load_layout("plain-15") if record.board_layout == "plain-15" else None
        games.append((path.name, path.read_bytes(), kit, layout))
    moves = rounds = differ = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds or rounds == 0:
        for name, data, kit, layout in games:
            text, _, _ = decode_gcg(data, name)
            result = replay(parse_gcg(text, name), kit, layout)
            moves += result.moves
            differ += result.differ
        rounds += 1
    elapsed = time.perf_counter() - start
    rate = moves / elapsed
    print(f"{len(games)} records, {moves // rounds} moves each round, {rounds} rounds in {elapsed:.2f} s")
    print(f"{rate:,.0f} moves a second, parsing included (target {TARGET:,}: {'ok' if rate >= TARGET else 'SLOW'}); "
          f"moves that differ: {differ // rounds}")
    return 0 if rate >= TARGET and differ == 0 else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
