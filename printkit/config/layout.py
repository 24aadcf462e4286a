"""Validating a board layout written as a picture of rows, and building a :class:`~printkit.model.Layout`.

Each row is a line of square codes separated by spaces: ``..`` (or ``.``) a plain square, ``DL``
``TL`` letter ×2 ×3, ``DW`` ``TW`` word ×2 ×3, and ``*`` the start square, alone or before a premium
(``*DW``). Problems point at the row and column where the code was written.
"""

from __future__ import annotations

from types import MappingProxyType

from ..model import PREMIUM_CODES, Layout, Premium
from ..notation import square_name
from .reader import Fields, Problems, suggest
from .yamlsrc import Map, Mark

FIELDS = ("name", "title", "rows", "expect", "symmetric", "sources")
MIN_SIDE, MAX_SIDE = 3, 25
CODES = ("..", ".", "*") + PREMIUM_CODES


_BUILT: dict[tuple[int, str], tuple[Map, Layout]] = {}  # layouts built, by their parsed tree (shared)
BUILT_KEPT = 64


def build(root: Map, problems: Problems, file_name: str) -> Layout | None:
    """The layout ``root`` describes, or None after recording what is wrong. A tree built once
    (the same parsed file: most kits share a layout) gives the same layout without reading it again."""
    built = _BUILT.get((id(root), file_name))
    if built is not None and built[0] is root:
        return built[1]
    layout = _build(root, problems, file_name)
    if layout is not None:
        if len(_BUILT) >= BUILT_KEPT:
            _BUILT.clear()
        _BUILT[(id(root), file_name)] = (root, layout)
    return layout


def _build(root: Map, problems: Problems, file_name: str) -> Layout | None:
    before = len(problems.items)
    f = Fields(root, problems, "a layout", FIELDS)
    name = f.text("name", required=False, default=file_name)
    title = f.text("title", required=False, default=name)
    symmetric = f.flag("symmetric", default=True)
    sources = f.text("sources", required=False, default="", max_len=20000)
    expect: dict[str, int] = {}
    ef = f.sub("expect", PREMIUM_CODES)
    if ef is not None:
        for code in PREMIUM_CODES:
            if ef.has(code):
                n = ef.whole(code, lo=0, hi=MAX_SIDE * MAX_SIDE)
                if n is not None:
                    expect[code] = n
    grid = _rows(f, problems)
    if grid is None or len(problems.items) > before:
        return None
    cells, start = grid
    return Layout(name=name, title=title, grid=cells, start=start, symmetric=symmetric,
                  expect=MappingProxyType(expect), sources=sources)


def _rows(f: Fields, problems: Problems):
    before = len(problems.items)
    node = f.raw("rows")
    text = f.text("rows", max_len=10_000_000)
    if text is None or node is None:
        return None
    if node.style != "|":  # type: ignore[union-attr]
        problems.add(node.mark, "write 'rows' as a block of lines: 'rows: |', then one line per row")
        return None
    # A literal block starts on the line after its indicator; its content starts at the same column on
    # every line (node.indent), so each square can be pointed at where it was written.
    first_line = node.mark.line + 1
    indent = node.indent or 0  # type: ignore[union-attr]
    lines = [(first_line + i, line) for i, line in enumerate(text.split("\n")) if line.strip()]
    # Count rows and squares before looking at each square: a huge board is refused at once.
    n = len(lines)
    if not lines:
        problems.add(node.mark, "'rows' has no squares")
        return None
    if n > MAX_SIDE or n < MIN_SIDE:
        problems.add(node.mark, f"the board has {n} rows: the limit is {MIN_SIDE} to {MAX_SIDE}")
        return None
    widths = [(len(line.split()), node.mark.at(line_no, indent + len(line) - len(line.lstrip()) + 1))
              for line_no, line in lines]
    rows: list[tuple[Premium, ...]] = []
    starts: list[tuple[int, int, Mark]] = []
    read_squares = all(count <= MAX_SIDE for count, _ in widths)
    if read_squares:
        for line_no, line in lines:
            squares: list[Premium] = []
            for col, (token, offset) in enumerate(_tokens(line)):
                code = token
                if token.startswith("*"):
                    starts.append((len(rows), col, node.mark.at(line_no, indent + offset + 1)))
                    code = token[1:] or ".."
                if code == ".":
                    code = ".."
                if code not in CODES or code == "*":
                    problems.add(node.mark.at(line_no, indent + offset + 1),
                                 f"unknown square code '{token}' (known: .. plain, DL, TL, DW, TW, "
                                 f"* the start){suggest(token, CODES)}")
                    squares.append(Premium.NONE)
                else:
                    squares.append(Premium.from_code(code))
            rows.append(tuple(squares))
    width = widths[0][0]
    for count, mark in widths[1:]:
        if count != width:
            problems.add(mark, f"this row has {count} squares, the first row has {width}: rows must be equal")
    if width > MAX_SIDE or width < MIN_SIDE:
        problems.add(widths[0][1], f"the board has {width} columns: the limit is {MIN_SIDE} to {MAX_SIDE}")
    if not read_squares:
        return None
    if not starts:
        problems.add(node.mark, "there is no start square: mark one square with * (e.g. *DW or *)")
    elif len(starts) > 1:
        where = ", ".join(f"{square_name(r, c)} (line {m.line})" for r, c, m in starts)
        problems.add(starts[1][2], f"there are {len(starts)} start squares: {where}; mark only one with *")
    if len(problems.items) > before:
        return None
    return tuple(rows), (starts[0][0], starts[0][1])


def _tokens(line: str):
    """Words of a line with their column offsets."""
    i = 0
    while i < len(line):
        if line[i].isspace():
            i += 1
            continue
        j = i
        while j < len(line) and not line[j].isspace():
            j += 1
        yield line[i:j], i
        i = j
