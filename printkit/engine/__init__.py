"""The game itself, with no drawing: notation, squares, scoring under a rule set.

Later: the board with placements, word extraction, end of game and game-record (GCG) replay.
"""
