"""The yardstick of bench/bench_speed.py: the tiles of a kit drawn by plain reportlab, nothing else.

    python bench/plain_tiles.py FONT.ttf TILES.json OUT.pdf

TILES.json is a list of [face, value] (a blank: ["", 0]), one a tile: for the default kit, its 130
tiles. Each is drawn as printkit's tile sheet draws it, reduced to what reportlab must do: a 20 mm
square with a hairline, the letter centred in the bundled font, the value in a corner, 9 × 13 to
an A4 page (so 2 pages), the font embedded and subset. No layout arithmetic, no checks, no
previews: what a hand-written script costs, against which printkit's commands are measured.
Imports reportlab only (not printkit), so that its cost is reportlab's and Python's.
"""

import json
import sys

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

MM = 72.0 / 25.4
TILE = 20.0
COLS, ROWS = 9, 13
LEFT, TOP = 15.0, 18.5
A4 = (210.0 * MM, 297.0 * MM)


def main(font_path: str, tiles_path: str, out: str) -> None:
    with open(tiles_path, encoding="utf-8") as f:
        tiles = json.load(f)
    pdfmetrics.registerFont(TTFont("Face", font_path))
    c = Canvas(out, pagesize=A4, invariant=1, pageCompression=1, initialFontName="Face")
    per_page = COLS * ROWS
    for start in range(0, len(tiles), per_page):
        for i, (face, value) in enumerate(tiles[start:start + per_page]):
            x = (LEFT + (i % COLS) * TILE) * MM
            y = A4[1] - (TOP + (i // COLS + 1) * TILE) * MM
            c.setLineWidth(0.1 * MM)
            c.rect(x, y, TILE * MM, TILE * MM, stroke=1, fill=0)
            if face:
                c.setFont("Face", 11 * MM)
                c.drawCentredString(x + TILE * MM / 2, y + 5.5 * MM, face)
                c.setFont("Face", 4 * MM)
                c.drawRightString(x + (TILE - 1.5) * MM, y + 1.5 * MM, str(value))
        c.showPage()
    c.save()


if __name__ == "__main__":
    main(*sys.argv[1:4])
