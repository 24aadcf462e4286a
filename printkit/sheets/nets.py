"""The lines of the card parts printed to cut out and fold (the card racks, the card box): one
convention for all, so that a cut or a fold looks the same on every sheet."""

CUT_MM = 0.3  # the cut lines' width: solid
FOLD_MM = 0.2  # a fold's width: dashed
DASH_MM, SPACE_MM = 3.0, 2.0  # a fold's dashes and the spaces between them
GAP_MM = 8.0  # between two parts on a page
LABEL_EM = 3.0  # the em of a part's label
INK = "#000000"
