"""The game itself, with no drawing and no file formats, split by concept:

- :mod:`.notation`: reading plays as game records write them (words, coordinates);
- :mod:`.board`: the board's squares and premiums, and where a word lies on it;
- :mod:`.move`: what a turn is (tiles placed, with the book's blank swap; an exchange; a pass) and
  reading one from text (``8H ПОЛ``, ``8H ПОЛ + K5 ...``, ``swap G6 + H3 щУКА``);
- :mod:`.state`: the board in play: tiles placed, the placement rules of each rule set, every move
  laid and scored in place, taken back with ``undo``;
- :mod:`.score`: scoring a word and a turn under a rule set, and explaining it;
- :mod:`.game`: racks, a seeded bag, turns, the end of the game.

Replaying a record::

    state = State.for_kit(kit)                       # or State.new(layout, distribution, rules)
    score = state.play(placement(state, "8H", "ПОЛ"))  # → MoveScore: total, bonus, words, explain()
    state.play(placement(state, "8H", "...КА"))        # '.' (or the letter itself): a tile already there
    state.undo()                                       # take the last turn back (a withdrawn phony)
"""

from .game import Bag, Game, end_adjustments, rack_value
from .move import Exchange, IllegalMove, Pass, Placement, Tile, parse_move, placement
from .score import MoveScore, WordScore
from .state import OnBoard, State

__all__ = ["Bag", "Exchange", "Game", "IllegalMove", "MoveScore", "OnBoard", "Pass", "Placement", "State", "Tile",
           "WordScore", "end_adjustments", "parse_move", "placement", "rack_value"]
