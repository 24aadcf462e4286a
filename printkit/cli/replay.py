"""``printkit replay``: a game record (GCG) replayed, every move scored against the record."""

from __future__ import annotations

import argparse

from .score import judge_of
from .terminal import EXIT_FAILED, EXIT_OK, out

HELP = 'replay a game record (GCG), scoring every move against the record'


def arguments(r: argparse.ArgumentParser) -> None:
    """``replay``'s arguments, added when the command is given or its help shown."""
    r.add_argument("record", metavar="GAME.gcg", help="a game record in GCG, with printkit's extension for the "
                                                      "book's turns")
    r.add_argument("--kit", default=None, metavar="KIT|FILE", help="the kit whose tiles, board and rules score "
                                                                   "(default: guessed from the record)")
    r.add_argument("-q", "--quiet", action="store_true", help="print only the moves that differ and the summary")
    r.add_argument("--judge", action="store_true", help="judge each word a move forms by the kit's rules and "
                                                          "flag the refused ones (scores do not change; exit 1 "
                                                          "when one is refused)")
    r.add_argument("--words", dest="words_file", metavar="FILE", help="with --judge: a word list to judge by")


def run(args) -> int:
    from ..config import kit_names, load_kit, load_layout
    from ..engine.gcg import read_gcg
    from ..engine.replay import guess_kit, replay

    record = read_gcg(args.record)
    if args.kit:
        kit, why = load_kit(args.kit), "--kit"
    else:
        name, why = guess_kit(record, kit_names())
        kit = load_kit(name)
    layout, notes = None, []
    if record.board_layout and record.board_layout != kit.layout.name:
        layout = load_layout(record.board_layout)
        if layout is None:
            notes.append(f"note: #board-layout {record.board_layout} is not a shipped layout; playing on "
                         f"{kit.layout.name}")
    board = layout.name if layout else kit.layout.name
    judge = judge_of(args, kit)
    result = replay(record, kit, layout, judge=judge.judge if judge else None)  # RecordError: exit 2, no output
    for line in notes:
        out(line)
    out(f"{record.name}: kit {kit.name} ({why}), board {board}, rules {kit.rules.name}")
    if record.by_order:
        shared = sorted({p.nick for p in record.players if sum(q.nick == p.nick for q in record.players) > 1})
        out(f"note: the players share the nickname{'s' if len(shared) > 1 else ''} {', '.join(shared)}: turns "
             f"go to them in order, as Quackle reads such a record")
    if judge:
        out(f"words judged by {judge.source}")
    for s in result.steps:
        refused = [v for v in s.judged if not v.allowed]
        if args.quiet and s.matched and not refused:
            continue
        score = "—" if s.score is None else f"{s.score:+d}"
        total = "" if s.total is None else f" total {s.total}"
        verdict = "ok" if s.matched else f"DIFFERS: {s.problem}"
        words = ("  words: " + ", ".join(f"{v.word} {'ok' if v.allowed else 'REFUSED'}" for v in s.judged)
                 if s.judged else "")
        out(f"{record.name}:{s.line}: {s.player} {s.what} {score}{total}  {verdict}{words}")
        for v in refused:
            out(f"   REFUSED {v.line()}")
    summary = f"moves: {result.moves}, matched: {result.matched}, differ: {result.differ}"
    if judge:
        summary += f", words refused: {result.refused}"
    out(summary)
    return EXIT_OK if result.differ == 0 and result.refused == 0 else EXIT_FAILED
