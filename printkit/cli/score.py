"""``printkit score``: moves played in order on one board, each word explained; a game record of them."""

from __future__ import annotations

import argparse
import os

from .. import __version__
from ..errors import PrintkitError
from ..report import quoted
from .parser import flags
from .terminal import EXIT_FAILED, EXIT_OK, out

MAX_BOARD_BYTES = 1_000_000  # a --board position: 25 rows of 25 cells is under 1 KB
SCORE_RECORD = ".printkit-score.json"  # the game records printkit score wrote in a folder, by sha256

HELP = 'score moves in order on one board, explaining each word'


def arguments(s: argparse.ArgumentParser) -> None:
    """``score``'s arguments, added when the command is given or its help shown."""
    s.add_argument("moves", nargs="+", metavar="MOVE",
                   help="'8H ПОЛ' (across, row first) or 'H8 ПОЛ' (down); lower case a blank, '.' a tile already "
                        "there; groups joined by '+' ('8H ПОЛ + K5 ...', the book); 'swap G6 + H3 щУКА' (the "
                        "book's blank swap); 'pass'; 'exchange АБВ'")
    s.add_argument("--kit", default=None, metavar="KIT|FILE", help="the kit whose tiles, board and rules score "
                                                                   "(default: krestoslovitsa)")
    s.add_argument("--board", metavar="FILE", help="a position to start from: a line a row, '.' empty, upper case "
                                                   "a tile, lower case a blank")
    s.add_argument("--judge", action="store_true", help="judge each word a move forms by the kit's rules and "
                                                          "flag the refused ones (scores do not change; exit 1 "
                                                          "when one is refused)")
    s.add_argument("--words", dest="words_file", metavar="FILE", help="with --judge: a word list to judge by")
    s.add_argument("--gcg", metavar="FILE", help="also write the moves as a game record (GCG, UTF-8), one turn a "
                                                 "player in turn, for printkit replay, Quackle and Macondo")
    s.add_argument("--force", action="store_true", help="with --gcg: replace a file of that name that printkit did "
                                                        "not write (or that was changed since)")
    s.later(_score_players)


def _score_players(parser: argparse.ArgumentParser) -> None:
    from ..config.options import flagged
    from ..config.reference import flag_values

    players = next(o for o in flagged() if o.key == "play.players")
    parser.add_argument(players.flag.name, metavar=players.flag.metavar, dest=players.flag.dest,
                        help=f"with --gcg: the players, {flag_values(players)} (default: the kit's, as on its score "
                             f"sheet)")


def run(args) -> int:
    from ..config import DEFAULT_KIT, load_kit
    from ..engine.move import Exchange, Pass, TooManyBlanks, lower_case_blanks, parse_move
    from ..engine.notation import NotationError
    from ..engine.state import State

    if args.gcg is not None and args.board:
        raise PrintkitError("--gcg writes a game from the empty board: a record cannot start from --board's position")
    if args.players is not None and args.gcg is None:
        raise PrintkitError("--players names the players of --gcg's record: give --gcg too")
    if args.force and args.gcg is None:
        raise PrintkitError("--force replaces a file in --gcg's way: give --gcg too")
    if args.gcg is not None:
        _writable(args.gcg, "--gcg", args.force)
    kit = load_kit(args.kit or DEFAULT_KIT, flags(args))
    if args.board:
        from ..inputs import NotUtf8, read_bounded

        try:
            text = read_bounded(args.board, MAX_BOARD_BYTES, "a board", text=True)  # a FIFO: refused at once
        except NotUtf8 as exc:
            raise PrintkitError(f"{args.board}:{exc.line}:{exc.col}: cannot read the board: {exc}") from None
        except OSError as exc:
            raise PrintkitError(f"{args.board}: cannot read the board: {exc.strerror or exc}") from None
        try:
            state = State.from_text(text, kit.layout, kit.distribution, kit.rules, name=args.board)
        except NotationError as exc:
            raise PrintkitError(str(exc)) from None
    else:
        state = State.for_kit(kit)
    judge = judge_of(args, kit)
    out(f"{kit.name}: {kit.distribution.name} tiles, {kit.layout.name} board, rules {kit.rules.name}")
    if judge:
        out(f"words judged by {judge.source}")
    total = 0
    refused = 0
    for n, text in enumerate(args.moves, 1):
        try:
            score = state.play(parse_move(state, text))
        except TooManyBlanks as exc:
            why = lower_case_blanks(text, exc, kit.distribution.language) or exc
            raise PrintkitError(f"move {n} {quoted(text.strip(), 79)}: {why}") from None
        except NotationError as exc:
            raise PrintkitError(f"move {n} {quoted(text.strip(), 79)}: {exc}") from None
        total += score.total
        out(f"{n}. {text.strip()}")
        if isinstance(score.move, Pass):
            out("   pass")
        elif isinstance(score.move, Exchange):
            out(f"   exchange of {len(score.move.tiles)} tile{'s' if len(score.move.tiles) != 1 else ''}")
        for word in score.words:
            out(f"   {word.word}: {word.explain()}")
            if judge:
                verdict = judge.judge(word.word.upper())
                refused += not verdict.allowed
                out(f"      {'allowed' if verdict.allowed else 'REFUSED'}: {verdict.why}")
        if score.bonus:
            out(f"   all {score.tiles} tiles: +{score.bonus}")
        out(f"   turn {score.total}, total {total}")
    if judge:
        out(f"words refused: {refused}")
    if args.gcg is not None:
        _write_record(args.gcg, kit, state, args.moves, args.force)
    return EXIT_OK if not refused else EXIT_FAILED


def _writable(path: str, option: str, force: bool = False) -> None:
    """Refuse at once a file the command could not write, or must not (before any work): an empty name, a
    folder, a device or pipe, a folder that does not exist, a file printkit did not write (without ``force``)."""
    from ..written import Written

    if not path.strip():
        raise PrintkitError(f"{option} '': name the file to write")
    if os.path.isdir(path):
        raise PrintkitError(f"{option} {path}: is a folder; name a file in it")
    if os.path.lexists(path) and not os.path.isfile(path):
        raise PrintkitError(f"{option} {path}: is not a plain file (a device, a pipe or a broken link): "
                            f"printkit writes only files")
    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder):
        raise PrintkitError(f"{option} {path}: the folder {folder} does not exist")
    Written(folder, SCORE_RECORD, "printkit score", force=force).refuse([os.path.basename(path)], _ADVICE)


_ADVICE = "move it away, give another --gcg, or --force to replace it; nothing was written"


def _write_record(path: str, kit, state, moves, force: bool = False) -> None:
    """The moves as a GCG record, written whole or not at all, replacing only a record printkit score wrote
    there (the folder's ``.printkit-score.json``), unless ``force``."""
    from ..engine.gcg import write_gcg
    from ..engine.replay import game_record
    from ..text import words
    from ..written import Written

    say = words(kit.language)
    players = [name or say("player_n", n=i) for i, name in enumerate(kit.play.players, 1)]
    record = game_record(kit, state, [m.strip() for m in moves], players,
                         description=f"Scored with printkit {__version__}, kit {kit.name}")
    data = write_gcg(record).encode("utf-8")
    folder = os.path.dirname(os.path.abspath(path))
    try:
        Written(folder, SCORE_RECORD, "printkit score", force=force).write({os.path.basename(path): data},
                                                                                   _ADVICE)
    except OSError as exc:
        raise PrintkitError(f"--gcg {path}: cannot write it ({exc.strerror or exc}); nothing was written") from None
    turns = len(record.events)
    out(f"game record: {path} ({turns} turn{'s' if turns != 1 else ''}, {len(record.players)} players)")


def judge_of(args, kit):
    """The kit's judge when ``--judge`` is given (None otherwise); ``--words`` alone is a mistake."""
    if not args.judge:
        if args.words_file:
            raise PrintkitError("--words is the word list of --judge: give --judge too")
        return None
    from ..engine.judge import judge_for

    return judge_for(kit, args.words_file)
