"""What a writer refuses: geometry it cannot write faithfully. That is a fault in a sheet, not in
the user's input, so it is not a PrintkitError: it stops the build with a traceback."""


class WriterError(ValueError):
    """Geometry a writer would otherwise drop, or draw in the wrong place or layer."""
