"""A board in play: the tiles on it (face, blank or not, the turn each was placed), its premium
squares, and the moves so far, with the placement rules checked and every move scored.

The squares are flat lists (``index = row * cols + col``) and a move is laid and checked in place,
with no copy of the board (replaying a recorded game is the hot path); its words are scored by
:func:`~.score.score_turn`, the one scoring function.

API:

- ``State.new(layout, distribution, rules)`` or ``State.for_kit(kit)``: an empty board;
  ``State.from_text(text, layout, distribution, rules, name="board")``: a position written as text
  (below); ``state.text() -> str`` writes it back;
- ``state.play(move) -> MoveScore``: a :class:`~.move.Placement` is checked (squares on the
  board and empty, letters of the set and not more of them than the set has, a blank naming its
  letter, the rule set's placement, the first move on the start square with two tiles or more,
  every later word hooked onto the board), laid and scored; an :class:`~.move.Exchange` or a
  :class:`~.move.Pass` only spends the turn. A bad move raises :class:`~.move.IllegalMove` (or
  :class:`~.board.OffBoard`) naming the squares, and leaves the state as it was;
- ``state.undo() -> MoveScore``: takes back the last turn (a withdrawn phony is ``undo()`` then
  ``play(Pass())``, since its turn is lost);
- ``state.tile(row, col) -> OnBoard | None`` (``face``, ``blank``, ``turn``); ``state.face(row,
  col) -> str | None``, the face alone (what reading a move needs); ``state.left(face)``: the
  set's tiles of that face (``"?"`` blanks) not on the board; ``state.premium(row,
  col)``; ``state.premium_used(row, col)``: a tile covers it, so under ``premiums: once`` it
  counts no more; ``state.turn``: turns played; ``state.history``: their scores; ``state.empty``.

Turns count from 1; tiles of a position read from text are placed at turn 0.

The text of a position: one line a row, top to bottom, a character a square: ``.`` empty, upper
case a tile, lower case a blank standing for that letter, ``[CH]`` for a tile of two letters where
the reading is not plain; spaces between squares and lines that are empty or start with ``#`` are
ignored. Such a position is not checked for words, only for the set's tiles and the board's size.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Iterator, NamedTuple

from ..model import Distribution, Layout, Placement as PlacementRule, Premium, Rules
from ..notation import NotationError, square_name
from .board import Board, OffBoard
from .move import Exchange, IllegalMove, Move, Pass, Placement, TooManyBlanks
from .notation import parse_word
from .score import MoveScore, Square, score_turn

if TYPE_CHECKING:
    from ..model import Kit


class OnBoard(NamedTuple):
    """A tile on the board: its face, whether it is a blank standing for that letter, the turn it
    was placed (0: before the first move)."""

    face: str
    blank: bool
    turn: int


class State:
    """A board in play under a rule set (see the module's docstring)."""

    def __init__(self, board: Board, distribution: Distribution, rules: Rules):
        self.board, self.distribution, self.rules = board, distribution, rules
        self.rows, self.cols = board.rows, board.cols
        n = self.rows * self.cols
        self._face: list[str | None] = [None] * n
        self._blank = [False] * n
        self._placed = [-1] * n  # the turn each tile was placed; -1: empty
        self._premium: tuple[Premium, ...] = tuple(p for row in board.premiums for p in row)
        self._at = tuple(divmod(i, self.cols) for i in range(n))  # each square's (row, col)
        self._start = board.start[0] * self.cols + board.start[1]
        self._limit = distribution.counts()
        self._on: dict[str, int] = dict.fromkeys(self._limit, 0)  # real tiles of each face on the board
        self._blanks_on = 0
        self._tiles = 0
        self._line = rules.placement is PlacementRule.LINE
        self.turn = 0
        self.history: list[MoveScore] = []
        self._undo: list[tuple[tuple[int, ...], int]] = []  # per turn: new squares, swapped square (-1)

    # -- making one -------------------------------------------------------------------------------

    @classmethod
    def new(cls, layout: Layout, distribution: Distribution, rules: Rules) -> "State":
        return cls(Board.from_layout(layout), distribution, rules)

    @classmethod
    def for_kit(cls, kit: "Kit") -> "State":
        return cls.new(kit.layout, kit.distribution, kit.rules)

    @classmethod
    def from_text(cls, text: str, layout: Layout, distribution: Distribution, rules: Rules,
                  name: str = "board") -> "State":
        """A position written as text (see the module's docstring); errors name ``name:line``."""
        state = cls.new(layout, distribution, rules)
        row = 0
        for number, line in enumerate(text.splitlines(), 1):
            squares = "".join(line.split())
            if not squares or squares.startswith("#"):
                continue
            if row == state.rows:
                raise NotationError(f"{name}:{number}: the board has {state.rows} rows; this is one more")
            try:
                cells = parse_word(squares, distribution, through=True)
            except NotationError as exc:
                raise NotationError(f"{name}:{number}: {exc}") from None
            if len(cells) != state.cols:
                raise NotationError(f"{name}:{number}: row {row + 1} has {len(cells)} squares, "
                                    f"the board has {state.cols}")
            for col, letter in enumerate(cells):
                if letter is not None:
                    i = row * state.cols + col
                    if not state._room(letter.face, letter.blank, 1):
                        raise NotationError(f"{name}:{number}: {square_name(row, col)}: "
                                            f"{state._none_left(letter.face, letter.blank)}")
                    state._put(i, letter.face, letter.blank, 0)
            row += 1
        if row != state.rows:
            raise NotationError(f"{name}: the board has {state.rows} rows, the text {row}")
        return state

    def text(self) -> str:
        """The position as text, in the format :meth:`from_text` reads."""
        lines = []
        longest = max(map(len, self._limit))
        for r in range(self.rows):
            out = []
            for i in range(r * self.cols, (r + 1) * self.cols):
                face = self._face[i]
                if face is None:
                    out.append(".")
                    continue
                face = self.distribution.lower(face) if self._blank[i] else face
                out.append(face if len(face) == 1 and longest == 1 else f"[{face}]")
            lines.append("".join(out))
        return "\n".join(lines) + "\n"

    def copy(self) -> "State":
        """A state to try moves on (the history's scores stay with the original)."""
        other = object.__new__(State)
        for key, value in self.__dict__.items():
            setattr(other, key, value.copy() if isinstance(value, (list, dict)) else value)
        return other

    # -- reading it -------------------------------------------------------------------------------

    @property
    def empty(self) -> bool:
        return self._tiles == 0

    def tile(self, row: int, col: int) -> OnBoard | None:
        i = self._index(row, col)
        face = self._face[i]
        return None if face is None else OnBoard(face, self._blank[i], self._placed[i])

    def face(self, row: int, col: int) -> str | None:
        """The face of the tile on a square, ``None`` when it is empty."""
        if not (0 <= row < self.rows and 0 <= col < self.cols):
            self._index(row, col)  # raises OffBoard
        return self._face[row * self.cols + col]

    def tiles(self) -> Iterator[tuple[int, int, OnBoard]]:
        """Every tile on the board: (row, col, tile), row by row."""
        for i, face in enumerate(self._face):
            if face is not None:
                yield i // self.cols, i % self.cols, OnBoard(face, self._blank[i], self._placed[i])

    def left(self, face: str) -> int:
        """How many tiles of ``face`` (``"?"``: blanks) the set has that are not on the board (0
        for a face the set does not have): what a rack or the bag may still hold."""
        if face == "?":
            return self.distribution.blanks - self._blanks_on
        return self._limit.get(face, 0) - self._on.get(face, 0)

    def premium(self, row: int, col: int) -> Premium:
        return self._premium[self._index(row, col)]

    def premium_used(self, row: int, col: int) -> bool:
        """The square has a premium and a tile covers it: under ``premiums: once`` it counts no more
        (under ``always`` it still counts for every word through it)."""
        i = self._index(row, col)
        return self._premium[i] is not Premium.NONE and self._face[i] is not None

    def _index(self, row: int, col: int) -> int:
        if not self.board.contains(row, col):
            raise OffBoard(f"{square_name(row, col)} is off the {self.board.size} board ({self.board.extent()})")
        return row * self.cols + col

    # -- playing ----------------------------------------------------------------------------------

    def play(self, move: Move) -> MoveScore:
        """Check ``move``, lay it and score it; the turn is spent. See the module's docstring."""
        if isinstance(move, Placement):
            return self._place(move)
        if not isinstance(move, (Exchange, Pass)):
            raise TypeError(f"not a move: {move!r}")
        self.turn += 1
        score = score_turn((), 0, self.distribution, self.rules, move, self.turn)
        self.history.append(score)
        self._undo.append(((), -1))
        return score

    def undo(self) -> MoveScore:
        """Take back the last turn: its tiles leave the board, a swapped blank goes back, the turn
        count goes down. Returns its score (whose words stay explainable)."""
        if not self.history:
            raise IllegalMove("no turn to take back")
        score = self.history.pop()
        new, swap = self._undo.pop()
        for i in new:
            self._take(i)
        if swap >= 0:
            self._swap_out(swap)
        self.turn -= 1
        return score

    def _put(self, i: int, face: str, blank: bool, turn: int) -> None:
        self._face[i] = face
        self._blank[i] = blank
        self._placed[i] = turn
        if blank:
            self._blanks_on += 1
        else:
            self._on[face] += 1
        self._tiles += 1

    def _take(self, i: int) -> None:
        if self._blank[i]:
            self._blanks_on -= 1
        else:
            self._on[self._face[i]] -= 1
        self._face[i] = None
        self._blank[i] = False
        self._placed[i] = -1
        self._tiles -= 1

    def _room(self, face: str, blank: bool, n: int) -> bool:
        """Whether ``n`` more of this tile fit in the set, beside those on the board."""
        if blank:
            return self._blanks_on + n <= self.distribution.blanks
        return self._on[face] + n <= self._limit[face]

    def _none_left(self, face: str, blank: bool, n: int = 1) -> str:
        what, limit, on = ("blank", self.distribution.blanks, self._blanks_on) if blank else \
            (face, self._limit[face], self._on[face])
        return f"too many {what}: the set has {limit}, {on} on the board, {n} more do{'es' if n == 1 else ''} not fit"

    def _place(self, move: Placement) -> MoveScore:
        tiles = move.tiles
        if not tiles:
            raise IllegalMove("a play places at least one tile")
        cols, rows, faces = self.cols, self.rows, self._face
        t = self.turn + 1
        swap = -1
        if move.swap is not None:
            swap = self._check_swap(move)
        # each square: on the board, empty, named once; each tile: of the set, not one too many
        new: list[int] = []
        for tile in tiles:
            r, c, face, blank = tile
            if not (0 <= r < rows and 0 <= c < cols):
                raise OffBoard(f"{square_name(r, c)} is off the {self.board.size} board ({self.board.extent()})")
            i = r * cols + c
            if faces[i] is not None:
                raise IllegalMove(f"{square_name(r, c)} is taken: {self._shown(i)} is there")
            if face not in self._limit:
                if not face:
                    raise IllegalMove(f"{square_name(r, c)}: a blank names the letter it stands for")
                raise IllegalMove(f"{square_name(r, c)}: the set has no tile '{face}'")
            new.append(i)
        if len(set(new)) != len(new):
            seen: set[int] = set()
            twice = next(i for i in new if i in seen or seen.add(i))
            raise IllegalMove(f"{self._name(twice)} is named twice in one move")
        self._check_counts(move, swap)
        # lay the tiles, then find the words and check the placement; on a fault, take them back
        for i, tile in zip(new, tiles):
            self._put(i, tile[2], tile[3], t)
        if swap >= 0:
            self._swap_in(swap)
        try:
            if self._line:
                words = self._line_words(new, move.across, t)
            else:
                words = self._group_words(new, move.across, t)
        except NotationError:
            for i in new:
                self._take(i)
            if swap >= 0:
                self._swap_out(swap)
            raise
        self.turn = t
        score = score_turn(words, len(new), self.distribution, self.rules, move, t)
        self.history.append(score)
        self._undo.append((tuple(new), swap))
        return score

    def _shown(self, i: int) -> str:
        face = self._face[i]
        return f"a blank as {face}" if self._blank[i] else face

    def _name(self, i: int) -> str:
        return square_name(i // self.cols, i % self.cols)

    def _check_swap(self, move: Placement) -> int:
        """The book's blank swap: a blank on the board, taken for the real letter, played at once."""
        r, c = move.swap
        if not self.rules.blank_swap:
            raise IllegalMove(f"swap {square_name(r, c)}: the rules of {self.rules.title} have no blank swap")
        i = self._index(r, c)
        if self._face[i] is None or not self._blank[i]:
            there = "it is empty" if self._face[i] is None else f"{self._face[i]} there is a real tile"
            raise IllegalMove(f"swap {square_name(r, c)}: only a blank can be swapped, and {there}")
        if not any(tile[3] for tile in move.tiles):
            raise IllegalMove(f"swap {square_name(r, c)}: the blank taken from the board must be played "
                              f"in the same turn")
        return i

    def _swap_in(self, i: int) -> None:
        face = self._face[i]
        self._blank[i] = False
        self._blanks_on -= 1
        self._on[face] += 1

    def _swap_out(self, i: int) -> None:
        face = self._face[i]
        self._blank[i] = True
        self._blanks_on += 1
        self._on[face] -= 1

    def _check_counts(self, move: Placement, swap: int) -> None:
        """No more of a tile than the set has: those on the board, plus this move's."""
        need: dict[str, int] = {}
        blanks = -1 if swap >= 0 else 0  # the swapped blank leaves the board before it is played
        if swap >= 0:
            need[self._face[swap]] = 1  # the real letter put in its place
        for tile in move.tiles:
            if tile[3]:
                blanks += 1
            else:
                need[tile[2]] = need.get(tile[2], 0) + 1
        if blanks > 0 and not self._room("", True, blanks):
            i = next(r * self.cols + c for r, c, _, b in move.tiles if b)
            raise TooManyBlanks(f"{self._name(i)}: {self._none_left('', True, blanks)}", blanks,
                                self.distribution.blanks, self._blanks_on)
        for face, n in need.items():
            if not self._room(face, False, n):
                where = [square_name(r, c) for r, c, f, b in move.tiles if f == face and not b]
                where = where or [self._name(swap)]
                raise IllegalMove(f"{', '.join(where)}: {self._none_left(face, False, n)}")

    # -- words and the placement rules -------------------------------------------------------------

    def _across(self, i: int) -> tuple[int, int]:
        """The run of tiles across through square ``i``: (first square, length)."""
        faces, cols = self._face, self.cols
        lo = i - i % cols
        hi = lo + cols - 1
        a = i
        while a > lo and faces[a - 1] is not None:
            a -= 1
        b = i
        while b < hi and faces[b + 1] is not None:
            b += 1
        return a, b - a + 1

    def _down(self, i: int) -> tuple[int, int]:
        faces, cols = self._face, self.cols
        a = i
        while a >= cols and faces[a - cols] is not None:
            a -= cols
        b = i
        last = len(faces) - cols
        while b < last and faces[b + cols] is not None:
            b += cols
        return a, (b - a) // cols + 1

    def _word(self, start: int, step: int, n: int, t: int) -> tuple[Square, ...]:
        """The squares of the word of ``n`` tiles from ``start``, ``step`` apart, on turn ``t``:
        what :func:`~.score.score_turn` scores."""
        face, blank, placed, premium, at = self._face, self._blank, self._placed, self._premium, self._at
        square = tuple.__new__  # Square(...) without its keyword handling: this is the hot path
        return tuple([square(Square, (face[i], blank[i], placed[i] == t, premium[i], at[i]))
                      for i in range(start, start + step * n, step)])

    def _line_words(self, new: list[int], across: bool | None, t: int) -> list[tuple[Square, ...]]:
        """Scrabble and Эрудит: all tiles in one row or column, no gap but tiles already there; the
        main word, then a cross-word for each new tile."""
        cols = self.cols
        first = min(new)
        last = max(new)
        row_of = first // cols
        in_row = all(i // cols == row_of for i in new)
        in_col = all(i % cols == first % cols for i in new)
        if not in_row and not in_col:
            raise IllegalMove(f"{self._list(new)}: not in one row or column: the tiles of a turn go in one line")
        if len(new) > 1:
            main_across = in_row
        elif across is not None:
            main_across = across
        else:  # one tile: its longer word is the main one
            main_across = self._across(first)[1] >= self._down(first)[1]
        step = 1 if in_row and len(new) > 1 else cols
        for i in range(first, last + 1, step):
            if self._face[i] is None:
                raise IllegalMove(f"{self._name(first)}–{self._name(last)}: a gap at {self._name(i)}: only tiles "
                                  f"already on the board may lie between the tiles of a turn")
        words = []
        start, n = self._across(first) if main_across else self._down(first)
        if n > 1:
            words.append(self._word(start, 1 if main_across else cols, n, t))
        for i in new:
            start, n = self._down(i) if main_across else self._across(i)
            if n > 1:
                words.append(self._word(start, cols if main_across else 1, n, t))
        if self._tiles == len(new):  # the first move
            self._check_first(new)
        elif all(sq.new for word in words for sq in word):
            raise IllegalMove(f"{self._list(new)}: not connected: every word after the first hooks onto "
                              f"the tiles already on the board")
        return words

    def _group_words(self, new: list[int], across: bool | None, t: int) -> list[tuple[Square, ...]]:
        """The book: one or more groups of tiles anywhere, each making whole words (read left to right
        or top to bottom) that hook onto the tiles already on the board."""
        cols = self.cols
        words = []
        spans = []  # each word's (start, step, length)
        seen = set()
        group = {i: i for i in new}  # a tiny union-find: tiles in one word are in one group

        def root(i: int) -> int:
            while group[i] != i:
                group[i] = group[group[i]]
                i = group[i]
            return i

        first_move = self._tiles == len(new)
        if first_move:
            self._check_first(new)
        order = (True, False) if across is not False else (False, True)
        in_word = set()
        for way in order:
            step = 1 if way else cols
            for i in new:
                start, n = self._across(i) if way else self._down(i)
                if n < 2 or (start, step) in seen:
                    continue
                seen.add((start, step))
                words.append(self._word(start, step, n, t))
                spans.append((start, step, n))
                members = [j for j in range(start, start + step * n, step) if j in group]
                in_word.update(members)
                for j in members[1:]:
                    group[root(j)] = root(members[0])
        alone = [i for i in new if i not in in_word]
        if alone:
            raise IllegalMove(f"{self._list(alone)}: makes no word: each tile is part of a word read left to "
                              f"right or top to bottom")
        groups: dict[int, list[int]] = {}
        for i in new:
            groups.setdefault(root(i), []).append(i)
        if first_move:
            if len(groups) > 1:
                raise IllegalMove(f"{' and '.join(self._list(g) for g in groups.values())}: the first move is "
                                  f"one group of tiles through the start square {self._name(self._start)}")
            return words
        hooked = set()
        for (start, step, n), word in zip(spans, words):
            if not all(sq.new for sq in word):  # it holds a tile placed before: its group hooks on
                hooked.update(root(j) for j in range(start, start + step * n, step) if j in group)
        for key, members in groups.items():
            if key not in hooked:
                raise IllegalMove(f"{self._list(members)}: not connected: every word after the first hooks "
                                  f"onto the tiles already on the board")
        return words

    def _check_first(self, new: list[int]) -> None:
        if self._start not in new:
            raise IllegalMove(f"{self._list(new)}: the first move covers the start square {self._name(self._start)}")
        if len(new) < 2:
            raise IllegalMove(f"{self._list(new)}: the first move places two tiles or more")

    def _list(self, squares: list[int]) -> str:
        """``F5–H5`` for squares in a line with nothing left out, else ``H8, I9``."""
        squares = sorted(squares)
        if len(squares) > 1:
            step = squares[1] - squares[0]
            if step in (1, self.cols) and all(b - a == step for a, b in zip(squares, squares[1:])) \
                    and (step == self.cols or squares[0] // self.cols == squares[-1] // self.cols):
                return f"{self._name(squares[0])}–{self._name(squares[-1])}"
        return ", ".join(self._name(i) for i in squares)
