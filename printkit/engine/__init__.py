"""The game itself, with no drawing and no file formats, split by concept:

- :mod:`.notation`: reading plays as game records write them (words in a set's tiles; coordinates
  and square names are :mod:`printkit.notation`'s, shared with the configs);
- :mod:`.board`: the board's squares and premiums, and whether a word laid from a coordinate fits;
- :mod:`.move`: what a turn is (tiles placed, with the book's blank swap; an exchange; a pass) and
  reading one from text (``8H ПОЛ``, ``8H ПОЛ + K5 ...``, ``swap G6 + H3 щУКА``);
- :mod:`.score`: scoring, in one place: :func:`~.score.score_turn`, the one function every score
  comes from (a word's letters, premiums and multipliers under a rule set, the all-tiles bonus,
  explained), and the points left on racks at the end;
- :mod:`.state`: the board in play: tiles placed, the placement rules of each rule set, every move
  laid and scored, taken back with ``undo``;
- :mod:`.gcg` and :mod:`.replay`: game records read and written, and replayed on the board;
- :mod:`.judge`, :mod:`.fit`: which words count; how a set's letters fit its language.
- :mod:`.lexicon`, :mod:`.movegen`, :mod:`.selfplay`: the simulator: the words a game may play, every
  single-line placement of a rack on a word graph, greedy self-play games.

Each module imports only those listed before it (a test reads the import graph).

Replaying a record::

    state = State.for_kit(kit)                       # or State.new(layout, distribution, rules)
    score = state.play(placement(state, "8H", "ПОЛ"))  # → MoveScore: total, bonus, words, explain()
    state.play(placement(state, "8H", "...КА"))        # '.' (or the letter itself): a tile already there
    state.undo()                                       # take the last turn back (a withdrawn phony)
"""

from .move import Exchange, IllegalMove, Pass, Placement, Tile, parse_move, placement
from .score import MoveScore, WordScore, end_adjustments, rack_value, score_turn, score_word
from .state import OnBoard, State

__all__ = ["Exchange", "IllegalMove", "MoveScore", "OnBoard", "Pass", "Placement", "State", "Tile", "WordScore",
           "end_adjustments", "parse_move", "placement", "rack_value", "score_turn", "score_word"]
