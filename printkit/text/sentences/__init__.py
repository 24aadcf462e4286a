"""The text table's sentences, a module an area of printkit (assembled in :mod:`printkit.text.table`)."""
