"""The game itself, with no drawing and no file formats, split by concept:

- :mod:`.notation`: reading plays as game records write them (words, coordinates);
- :mod:`.board`: the board's squares and premiums, and laying a word on it;
- :mod:`.score`: scoring a word and a turn under a rule set.

Later: placed tiles, racks and bag, moves and cross-words, end of game, game-record (GCG) replay.
"""
