"""What a player does in a turn, and reading it as game records and the ``score`` command write it.

A turn is one of:

- :class:`Placement`: tiles put on the board (one row or column under Scrabble and Эрудит; one or
  more groups anywhere under the book), optionally after the book's blank swap: ``swap`` names a
  square holding a blank; the player puts the real letter there and must play that blank at once;
- :class:`Exchange` («меняю»): tiles put back for as many from the bag, the turn lost;
- :class:`Pass`: nothing.

API:

- ``Tile(row, col, face, blank=False)``: one tile put down (row and column from 0, ``face`` a tile
  of the set, ``blank`` when a blank stands for it);
- ``Placement(tiles, across=None, swap=None)``: ``across`` is the way the move was written (its
  main word is listed first; ``None``: work it out), ``swap`` a ``(row, col)``;
- ``Exchange(tiles)``: faces, ``"?"`` for a blank; ``Pass()``;
- ``placement(state, at, word) -> Placement``: a word as written (``"8H"`` / ``"H8"`` or a
  :class:`~printkit.notation.Coord`; ``ПРО.....``: upper case a tile, lower case a blank, ``.`` a tile
  already on the board, which may also be spelled out if it matches the board, as old records do);
  the word written is the whole word (no tile just before or after it); only the squares still
  empty become tiles;
- ``parse_move(state, text) -> Placement | Exchange | Pass``: ``"8H ПОЛ"``; several words joined
  by ``+`` (``"8H ПОЛ + K5 ..."``; a later word may run through tiles of an earlier one, ``.`` or
  its letter); ``"swap G6 + H3 щУКА"`` for the blank swap; ``"-"`` or
  ``"pass"`` a pass; ``"-АБВ"``, ``"exchange АБВ"`` or ``"меняю АБВ"`` an exchange (``?`` a blank).

``state`` is the board in play, a :class:`~.state.State`: reading a move needs only its board,
its tile set and the faces on its squares (:class:`Position`), so this module knows nothing of how
the state keeps them.

Errors are :class:`~printkit.notation.NotationError` (``OffBoard``, ``IllegalMove``): one line
naming the squares.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping, NamedTuple, Protocol, Sequence

from ..model import Distribution
from ..notation import Coord, NotationError, parse_coord, square_name
from ..text import case
from .board import Board, OffBoard
from .notation import BLANK, Letter, parse_word


class IllegalMove(NotationError):
    """A move the rules or the board do not allow: squares taken, not in line, not connected…"""


class TooManyBlanks(IllegalMove):
    """A move of more blanks than the set has left: ``needed`` by the move, ``limit`` in the set, ``on`` the
    board already."""

    def __init__(self, message: str, needed: int, limit: int, on: int):
        super().__init__(message)
        self.needed, self.limit, self.on = needed, limit, on


def lower_case_blanks(text: str, exc: TooManyBlanks, language: str = "") -> str | None:
    """Why a move written in lower case fails (lower case is a blank): ``lower-case letters are blanks (слово:
    5 blanks, the set has 2); write the word in capitals: СЛОВО``; None when no word of it has lower case."""
    words = [part.split()[1] for part in text.split("+")
             if len(part.split()) == 2 and part.split()[0].lower() != "swap"]
    lower = [w for w in words if any(c.islower() for c in w)]
    if not lower:
        return None
    on = f", {exc.on} on the board" if exc.on else ""
    them = "the word" if len(lower) == 1 else "the words"
    return (f"lower-case letters are blanks ({', '.join(lower)}: {exc.needed} blank{'s' if exc.needed != 1 else ''}"
            f", the set has {exc.limit}{on}); write {them} in capitals: "
            f"{', '.join(case.upper(w, language) for w in lower)}")


class Tile(NamedTuple):
    """One tile put on the board in a turn."""

    row: int
    col: int
    face: str
    blank: bool = False

    @property
    def square(self) -> str:
        return square_name(self.row, self.col)


@dataclass(frozen=True, slots=True)
class Placement:
    """Tiles put on the board in one turn (the new ones only), and the book's blank swap if any."""

    tiles: tuple[Tile, ...]
    across: bool | None = None  # the way it was written: its main word comes first; None: work it out
    swap: tuple[int, int] | None = None  # (row, col) of a blank on the board, taken for the real letter
    language: str = ""  # the set's: how a blank is written (a Turkish blank I is ı)

    def __str__(self) -> str:
        parts = [f"swap {square_name(*self.swap)}"] if self.swap else []
        parts += [f"{t.square} {case.lower(t.face, self.language) if t.blank else t.face}" for t in self.tiles]
        return " + ".join(parts)


@dataclass(frozen=True, slots=True)
class Exchange:
    """«Меняю»: these tiles go back to the bag for as many new ones; the turn is lost."""

    tiles: tuple[str, ...] = ()  # faces, "?" for a blank

    def __str__(self) -> str:
        return "-" + "".join(self.tiles)


@dataclass(frozen=True, slots=True)
class Pass:
    """A turn with no tiles placed or exchanged."""

    def __str__(self) -> str:
        return "-"


Move = Placement | Exchange | Pass


class Position(Protocol):
    """What reading a move needs of the board in play (a :class:`~.state.State` is one)."""

    board: Board
    distribution: Distribution

    def face(self, row: int, col: int) -> str | None:
        """The face of the tile on a square of the board, ``None`` when it is empty."""


def placement(state: Position, at: Coord | str, word: str | Sequence[Letter | None],
              pending: Mapping[int, Tile] | None = None) -> Placement:
    """The tiles a word as written puts on ``state``'s board: squares already holding a tile are
    played through (``.``, or the same letter spelled out); the others become new tiles.

    ``pending`` (square index ``row * cols + col`` → tile) holds tiles of the same turn laid by
    words written before this one: this word may run through them too."""
    coord = parse_coord(at) if isinstance(at, str) else at
    letters = parse_word(word, state.distribution, through=True) if isinstance(word, str) else word
    board = state.board
    board.fit(coord, len(letters))
    face, rows, cols = state.face, board.rows, board.cols
    lang = state.distribution.language  # how a blank is written in the messages
    pending = pending or {}
    row, col, across = coord.row, coord.col, coord.across
    dr, dc = (0, 1) if across else (1, 0)
    n = len(letters)
    if letters:
        before = col > 0 if across else row > 0
        after = (col + n < cols) if across else (row + n < rows)
        for ok, (r, c) in ((before, (row - dr, col - dc)), (after, (row + dr * n, col + dc * n))):
            if not ok:
                continue
            on = face(r, c)
            if on is not None or r * cols + c in pending:
                raise IllegalMove(f"'{_text(word, lang)}' at {coord}: {square_name(r, c)} holds "
                                  f"{on or pending[r * cols + c].face}, so the word goes on: write the whole "
                                  f"word, with '.' for the tiles already there")
    tiles = []
    for letter in letters:
        on = face(row, col)
        i = row * cols + col
        if on is None and i in pending:
            on = pending[i].face
        if letter is None:
            if on is None:
                raise IllegalMove(f"'{_text(word, lang)}' at {coord}: '.' stands for a tile on the board, "
                                  f"but {square_name(row, col)} is empty")
        elif on is None:
            tiles.append(Tile(row, col, letter.face, letter.blank))
        elif on != letter.face:
            raise IllegalMove(f"'{_text(word, lang)}' at {coord}: {square_name(row, col)} holds {on}, "
                              f"not {letter.face}")
        row += dr
        col += dc
    return Placement(tuple(tiles), across, language=lang)


def _text(word: str | Sequence[Letter | None], language: str = "") -> str:
    if isinstance(word, str):
        return word
    return "".join("." if x is None else (case.lower(x.face, language) if x.blank else x.face) for x in word)


def parse_move(state: Position, text: str) -> Move:
    """A move as the ``score`` command and game records write it (see the module's docstring)."""
    text = text.strip()
    if text.startswith("-"):
        return _exchange(state, text, text[1:])
    head, _, rest = text.partition(" ")
    if head.lower() == "pass" and not rest.strip():
        return Pass()
    if head.lower() in ("exchange", "меняю"):
        return _exchange(state, text, rest)
    tiles: list[Tile] = []
    pending: dict[int, Tile] = {}  # the turn's tiles so far: a later word may run through them
    across: bool | None = None
    swap: tuple[int, int] | None = None
    for part in text.split("+"):
        words = part.split()
        if not words:
            raise NotationError(f"'{text}': an empty part: a move is COORD WORD, as 8H ПОЛ, "
                                f"groups joined by '+'")
        if words[0].lower() == "swap":
            if len(words) != 2:
                raise NotationError(f"'{part.strip()}': the swap names one square, as 'swap G6'")
            if swap is not None:
                raise NotationError(f"'{text}': one blank swap a turn")
            at = parse_coord(words[1])
            if not state.board.contains(at.row, at.col):
                raise OffBoard(f"'{words[1]}' is off the {state.board.size} board ({state.board.extent()})")
            swap = (at.row, at.col)
            continue
        if len(words) != 2:
            raise NotationError(f"'{part.strip()}' is not COORD WORD, as 8H ПОЛ (across) or H8 ПОЛ (down)")
        group = placement(state, words[0], words[1], pending)
        if across is None:
            across = group.across
        tiles.extend(group.tiles)
        for tile in group.tiles:
            pending[tile.row * state.board.cols + tile.col] = tile
    if not tiles and swap is None:
        raise IllegalMove(f"'{text}' places no tile: every square it names holds one already")
    return Placement(tuple(tiles), across, swap, state.distribution.language)


def _exchange(state: Position, text: str, body: str) -> Exchange | Pass:
    body = body.strip()
    if not body:
        return Pass() if text.startswith("-") else Exchange()
    faces = []
    for chunk in body.split(BLANK):  # "?" is a blank; the rest are tiles written as in words
        for letter in parse_word(chunk, state.distribution):
            if letter is None or letter.blank:
                raise NotationError(f"'{text}': an exchange names the tiles put back: upper case, '?' for a blank")
            faces.append(letter.face)
        faces.append(BLANK)
    faces.pop()
    return Exchange(tuple(faces))
