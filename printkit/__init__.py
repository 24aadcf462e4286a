"""printkit: print, laser and scoring kit for a home-made crossword tile game."""

__version__ = "0.1.0"
