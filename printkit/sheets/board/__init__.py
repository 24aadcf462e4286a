"""The board: the kit's layout as cells of the exact size, drawn once and printed three ways.

One *sheet* (sheet.py) holds the whole board in millimetres from its own top-left corner. The
poster and the SVG show the sheet on one page; the paper version (paper.py) shows a window of the
same sheet on each page (a clipped, translated group), with glue strips, registration marks and
trim marks added on top; the assembly map (assembly.py) shows the sheet scaled down with the pages
drawn over it. So the pages, glued, are the poster (drawn on paper white: the poster's background,
printed into the bleed for a print shop's cutter, is the poster's own): every size and position is
decided here, and writers only draw. documents.py makes the files of all three.
"""

from .documents import board_documents, board_layout

__all__ = ["board_documents", "board_layout"]
