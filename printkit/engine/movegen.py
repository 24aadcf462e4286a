"""Every legal placement of a rack in one row or column: a word graph and the Appel–Jacobson search.

The lexicon is a :class:`WordGraph`: a trie of the words, spelled in the set's faces (numbered),
with equal subtrees merged into one node (a DAWG, the minimal automaton of the word list). The
search is the one Appel and Jacobson describe ("The World's Fastest Scrabble Program", 1988):

- an *anchor* is an empty square beside a tile (on an empty board, the start square); every move
  covers one, and is found from the leftmost anchor it covers;
- a *cross-check* of an empty square is the set of letters that make a word with the tiles above
  and below it (across moves; left and right of it for moves down): a bit mask, all letters where
  it has no such neighbour;
- from each anchor: the part left of it is either the tiles already there (the graph walked along
  them) or up to as many rack tiles as there are empty squares before the previous anchor (every
  path of the graph the rack allows); then the word is extended right through the anchor, tiles
  on the board followed, rack tiles tried where the cross-checks let them, and each node that ends
  a word where the next square is empty (or the edge) is a move.

A blank is tried as every letter; under the book's rules, a blank on the board whose letter the rack
holds may be swapped for it (the rack then holds one more blank, which the move must play): those
moves are generated too. The book's turns of several words in different places are not generated.

Every move is scored by :func:`~.score.score_turn`, the engine's one scoring function, from the
squares of the words it forms; playing the move on the :class:`~.state.State` gives the same score
(a test checks it against a brute-force search).

API: ``WordGraph(words, faces)`` (``contains(word)``, ``nodes``); ``Generator(graph, state)``;
``generator.moves(rack) -> list[Candidate]`` (``rack``: faces, ``"?"`` a blank); :class:`Candidate`
(``score``, ``tiles``, ``across``, ``swap``, ``placement()``, ``text()``, ``words``).
"""

from __future__ import annotations

from typing import Callable, Iterable, Sequence

from ..notation import Coord, square_name
from .move import Placement, Tile
from .notation import BLANK, Letter, write_word
from .score import MoveScore, Square, Tally, score_turn
from .state import State

__all__ = ["Candidate", "Generator", "WordGraph"]

ALL = -1  # a cross-check that lets every letter through


class WordGraph:
    """The words as a minimal acyclic automaton: ``edges[node]`` maps a face's number to the next
    node, ``final[node]`` says a word ends there; node 0 is the root."""

    def __init__(self, words: Iterable[Sequence[str]], faces: Sequence[str]):
        self.faces = tuple(faces)
        self.index = {f: i for i, f in enumerate(self.faces)}
        edges: list[dict[int, int]] = [{}]
        final = [False]
        for word in words:
            node = 0
            for face in word:
                e = self.index[face]
                nxt = edges[node].get(e)
                if nxt is None:
                    nxt = len(edges)
                    edges.append({})
                    final.append(False)
                    edges[node][e] = nxt
                node = nxt
            final[node] = True
        self.trie_nodes = len(edges)
        self.edges, self.final = self._minimise(edges, final)
        self.out = [sum(1 << e for e in kids) for kids in self.edges]  # per node: the letters that go on
        self.reach = self._reach()  # per node: every letter on some path below it

    @staticmethod
    def _minimise(edges: list[dict[int, int]], final: list[bool]) -> tuple[list[dict[int, int]], list[bool]]:
        """Equal subtrees made one node, bottom-up (children get higher numbers than parents in the trie)."""
        register: dict[tuple, int] = {}
        new_id = [0] * len(edges)
        out_edges: list[dict[int, int]] = []
        out_final: list[bool] = []
        for node in range(len(edges) - 1, -1, -1):
            kids = tuple(sorted((e, new_id[c]) for e, c in edges[node].items()))
            key = (final[node], kids)
            got = register.get(key)
            if got is None:
                got = register[key] = len(out_edges)
                out_edges.append(dict(kids))
                out_final.append(final[node])
            new_id[node] = got
        root = new_id[0]
        # renumber so that the root is 0
        order = {root: 0}
        for n in range(len(out_edges)):
            if n != root:
                order[n] = len(order)
        edges2: list[dict[int, int]] = [{}] * len(out_edges)
        final2 = [False] * len(out_edges)
        for n, kids in enumerate(out_edges):
            edges2[order[n]] = {e: order[c] for e, c in kids.items()}
            final2[order[n]] = out_final[n]
        return edges2, final2

    def _reach(self) -> list[int]:
        reach = [-1] * len(self.edges)
        order = []  # nodes after all their children: a depth-first walk, without recursion
        stack = [(0, False)]
        while stack:
            node, done = stack.pop()
            if done:
                order.append(node)
                continue
            if reach[node] != -1:
                continue
            reach[node] = 0  # seen
            stack.append((node, True))
            stack.extend((c, False) for c in self.edges[node].values() if reach[c] == -1)
        for node in order:
            mask = self.out[node]
            for c in self.edges[node].values():
                mask |= reach[c]
            reach[node] = mask
        return reach

    @property
    def nodes(self) -> int:
        return len(self.edges)

    def walk(self, letters: Iterable[int], node: int = 0) -> int:
        """The node reached along ``letters`` from ``node`` (-1: no word goes that way)."""
        edges = self.edges
        for e in letters:
            node = edges[node].get(e, -1)
            if node < 0:
                return -1
        return node

    def contains(self, word: Sequence[str]) -> bool:
        index = self.index
        if any(f not in index for f in word):
            return False
        node = self.walk(index[f] for f in word)
        return node >= 0 and self.final[node]


class Candidate:
    """A move the generator found: its score (what ``score_turn`` gives), the tiles it puts down, the
    way its main word runs, the book's blank swap (a square) if it makes one, and its words. The
    score is added up as the generator finds the move; ``scored`` (``score_turn``'s figures, each
    word's) is made when first asked for: a turn has thousands of candidates and plays one."""

    __slots__ = ("score", "tiles", "across", "swap", "start", "length", "_scoring", "_scored")

    def __init__(self, score: int, tiles: tuple[Tile, ...], across: bool, swap: tuple[int, int] | None,
                 start: tuple[int, int], length: int, scoring: Callable[[], MoveScore]):
        self.score, self.tiles, self.across, self.swap = score, tiles, across, swap
        self.start = start  # the main word's first square
        self.length = length  # the main word's squares
        self._scoring: Callable[[], MoveScore] | None = scoring
        self._scored: MoveScore | None = None

    @property
    def scored(self) -> MoveScore:
        if self._scored is None:
            self._scored = self._scoring()
            self._scoring = None
        return self._scored

    def __repr__(self) -> str:
        return (f"Candidate(score={self.score}, tiles={self.tiles!r}, across={self.across}, swap={self.swap}, "
                f"start={self.start}, length={self.length})")

    def placement(self) -> Placement:
        return Placement(self.tiles, self.across, self.swap)

    @property
    def words(self) -> tuple[str, ...]:
        """Each word formed, upper case (a blank as its letter)."""
        return tuple("".join(sq.face for sq in w.squares) for w in self.scored.words)

    @property
    def bonus(self) -> int:
        return self.scored.bonus

    def text(self, state: State) -> str:
        """The move as the ``score`` command and :func:`~.replay.game_record` read it: ``8H ПО.А``
        (``.`` a tile already there, lower case a blank), ``swap G6 + 8H ...`` with the book's swap."""
        new = {(t.row, t.col): t for t in self.tiles}
        dr, dc = (0, 1) if self.across else (1, 0)
        r, c = self.start
        letters: list[Letter | None] = []
        for k in range(self.length):
            t = new.get((r + dr * k, c + dc * k))
            letters.append(None if t is None else Letter(t.face, t.blank))
        text = f"{Coord(r, c, self.across)} {write_word(letters, state.distribution)}"
        return f"swap {square_name(*self.swap)} + {text}" if self.swap else text


class Generator:
    """Moves on one position (``state``, read when made: make a new one after a move is played)."""

    def __init__(self, graph: WordGraph, state: State):
        self.graph, self.state = graph, state
        self.dist, self.rules = state.distribution, state.rules
        rows, cols = self.rows, self.cols = state.rows, state.cols
        n = rows * cols
        index = graph.index
        self.letter: list[int] = [-1] * n  # the face's number on each square, -1 empty
        self.blank = [False] * n
        self.premium = tuple(state.premium(i // cols, i % cols) for i in range(n))
        self.empty_board = True
        for r, c, tile in state.tiles():
            self.letter[r * cols + c] = index.get(tile.face, -2)  # -2: a face no word has
            self.blank[r * cols + c] = tile.blank
            self.empty_board = False
        self.start = state.board.start[0] * cols + state.board.start[1]
        self._checks: dict[bool, tuple[list[int], list[bool]]] | None = None  # per way, made at the first search
        self.tally = Tally(self.dist, self.rules, graph.faces, self.premium)  # a candidate's score as it is found

    # -- cross-checks and anchors ------------------------------------------------------------------

    def _cross(self, line_step: int, across: bool) -> tuple[list[int], list[bool]]:
        """For moves along ``across``: each empty square's cross-check mask (ALL where nothing is
        beside it the other way), and whether it is an anchor."""
        rows, cols, letter = self.rows, self.cols, self.letter
        edges, final = self.graph.edges, self.graph.final
        n = rows * cols
        masks = [ALL] * n
        anchor = [False] * n
        for i in range(n):
            if letter[i] != -1:
                continue
            r, c = divmod(i, cols)
            near = ((r > 0 and letter[i - cols] != -1) or (r < rows - 1 and letter[i + cols] != -1)
                    or (c > 0 and letter[i - 1] != -1) or (c < cols - 1 and letter[i + 1] != -1))
            anchor[i] = near
            # the other way: squares before and after i
            if across:  # cross-words run down
                step, lo_ok, hi_ok = cols, r > 0, r < rows - 1
                first, last = 0, rows - 1
                pos = r
            else:
                step, lo_ok, hi_ok = 1, c > 0, c < cols - 1
                first, last = 0, cols - 1
                pos = c
            before = lo_ok and letter[i - step] != -1
            after = hi_ok and letter[i + step] != -1
            if not before and not after:
                continue
            a, p = i, pos
            while p > first and letter[a - step] != -1:
                a -= step
                p -= 1
            prefix = [letter[j] for j in range(a, i, step)]
            b, p = i, pos
            while p < last and letter[b + step] != -1:
                b += step
                p += 1
            suffix = [letter[j] for j in range(i + step, b + step, step)]
            node = self.graph.walk(prefix) if all(x >= 0 for x in prefix) else -1
            mask = 0
            if node >= 0 and all(x >= 0 for x in suffix):
                for e, child in edges[node].items():
                    end = child
                    for x in suffix:
                        end = edges[end].get(x, -1)
                        if end < 0:
                            break
                    if end >= 0 and final[end]:
                        mask |= 1 << e
            masks[i] = mask
        if self.empty_board:
            anchor[self.start] = True
        return masks, anchor

    # -- the search --------------------------------------------------------------------------------

    def moves(self, rack: Sequence[str]) -> list[Candidate]:
        """Every single-line placement of ``rack`` (faces, ``"?"`` a blank), scored, in a fixed order
        (by square, way, tiles); with the book's blank swap, its moves too."""
        index = self.graph.index
        counts = [0] * len(self.graph.faces)
        blanks = 0
        for f in rack:
            if f == BLANK:
                blanks += 1
            elif f in index:
                counts[index[f]] += 1
        found: dict[tuple, Candidate] = {}
        self._search(counts, blanks, None, found)
        if self.rules.blank_swap and not self.empty_board:
            for i, e in enumerate(self.letter):
                if e >= 0 and self.blank[i] and counts[e] > 0:
                    counts[e] -= 1
                    self._search(counts, blanks + 1, i, found)
                    counts[e] += 1
        return list(found.values())

    def _search(self, counts: list[int], blanks: int, swap: int | None, found: dict) -> None:
        cols, rows = self.cols, self.rows
        if self._checks is None:
            self._checks = {way: self._cross(1 if way else cols, way) for way in (True, False)}
        for across in (True, False):
            masks, anchor = self._checks[across]
            lines = range(rows) if across else range(cols)
            length = cols if across else rows
            step = 1 if across else cols
            for line in lines:
                base = line * cols if across else line
                squares = [base + k * step for k in range(length)]
                self._line(squares, masks, anchor, counts, blanks, across, swap, found)

    def _line(self, squares: list[int], masks: list[int], anchor: list[bool], counts: list[int], blanks: int,
              across: bool, swap: int | None, found: dict) -> None:
        letter, edges, final, out, reach = (self.letter, self.graph.edges, self.graph.final, self.graph.out,
                                            self.graph.reach)
        n = len(squares)
        rack_size = sum(counts) + blanks
        placed: list[tuple[int, int, bool]] = []  # right of the anchor: (position in line, face number, blank)
        prefix: list[tuple[int, bool]] = []  # left of the anchor, from the rack: (face number, blank)
        need_blank = swap is not None
        at = [0]  # the anchor's position in the line

        def record(end: int) -> None:  # the word runs from its first square to end - 1
            first = at[0] - len(prefix)
            tiles = [(first + j, e, b) for j, (e, b) in enumerate(prefix)] + placed
            if need_blank and not any(b for _, _, b in tiles):
                return
            start = first
            while start > 0 and letter[squares[start - 1]] != -1:
                start -= 1
            self._record(squares, start, end, tiles, across, swap, found)

        def extend(pos: int, node: int, passed: bool) -> None:
            if pos < n:
                e = letter[squares[pos]]
                if e != -1:
                    nxt = edges[node].get(e, -1) if e >= 0 else -1
                    if nxt >= 0:
                        extend(pos + 1, nxt, True)
                    return
            if passed and final[node]:  # passed: a tile is on the anchor
                record(pos)
            if pos >= n:
                return
            mask = masks[squares[pos]] & out[node]
            if not mask:
                return
            nonlocal blanks
            for e, nxt in edges[node].items():
                if not (mask >> e) & 1:
                    continue
                if counts[e]:
                    counts[e] -= 1
                    placed.append((pos, e, False))
                    extend(pos + 1, nxt, True)
                    placed.pop()
                    counts[e] += 1
                if blanks:
                    blanks -= 1
                    placed.append((pos, e, True))
                    extend(pos + 1, nxt, True)
                    placed.pop()
                    blanks += 1

        def left(node: int, limit: int) -> None:
            here = masks[squares[at[0]]]
            if here & out[node]:
                extend(at[0], node, False)
            if limit <= 0 or not here & reach[node]:  # no word from here puts a letter the anchor takes
                return
            nonlocal blanks
            for e, nxt in edges[node].items():
                if counts[e]:
                    counts[e] -= 1
                    prefix.append((e, False))
                    left(nxt, limit - 1)
                    prefix.pop()
                    counts[e] += 1
                if blanks:
                    blanks -= 1
                    prefix.append((e, True))
                    left(nxt, limit - 1)
                    prefix.pop()
                    blanks += 1

        for pos in range(n):
            if not anchor[squares[pos]]:
                continue
            at[0] = pos
            if pos > 0 and letter[squares[pos - 1]] != -1:
                node = self._word_before(squares, pos)
                if node >= 0:
                    extend(pos, node, False)
            else:
                left(0, min(self._room_before(squares, anchor, pos), rack_size - 1))

    def _word_before(self, squares: list[int], pos: int) -> int:
        """The graph's node after the letters on the board just before pos (-1: no word goes on from them)."""
        letter = self.letter
        a = pos - 1
        while a > 0 and letter[squares[a - 1]] != -1:
            a -= 1
        if not all(letter[squares[j]] >= 0 for j in range(a, pos)):
            return -1
        return self.graph.walk(letter[squares[j]] for j in range(a, pos))

    def _room_before(self, squares: list[int], anchor: list[bool], pos: int) -> int:
        """How many empty squares, none an anchor, lie just before pos: the room for the rack's tiles there."""
        letter = self.letter
        room, p = 0, pos - 1
        while p >= 0 and letter[squares[p]] == -1 and not anchor[squares[p]]:
            room += 1
            p -= 1
        return room

    def _record(self, squares: list[int], start: int, end: int, placed: list[tuple[int, int, bool]], across: bool,
                swap: int | None, found: dict) -> None:
        cols, rows = self.cols, self.rows
        letter, blank_on, premium = self.letter, self.blank, self.premium
        faces = self.graph.faces
        new = {squares[p]: (e, b) for p, e, b in placed}
        if not across and len(new) == 1:  # one tile: found across too when it makes a word that way
            (i,) = new
            c = i % cols
            if (c > 0 and letter[i - 1] != -1) or (c < cols - 1 and letter[i + 1] != -1):
                return
        if self.empty_board and (self.start not in new or len(new) < 2):
            return
        tiles = tuple(Tile(i // cols, i % cols, faces[e], b) for i, (e, b) in sorted(new.items()))
        key = (tiles, swap)
        if key in found:
            return
        along = 1 if across else cols
        words = [range(squares[start], squares[end - 1] + along, along)]  # the main word's squares, then cross words'
        step = cols if across else 1
        for i in sorted(new):
            r, c = divmod(i, cols)
            if across:
                pos, last = r, rows - 1
            else:
                pos, last = c, cols - 1
            a, p = i, pos
            while p > 0 and letter[a - step] != -1:
                a -= step
                p -= 1
            b, p = i, pos
            while p < last and letter[b + step] != -1:
                b += step
                p += 1
            if a != b:
                words.append(range(a, b + step, step))
        total = self.tally.total(words, new, letter, blank_on, swap)  # what score_turn gives (test_movegen)

        def scoring() -> MoveScore:
            square = tuple.__new__

            def sq(i: int) -> Square:
                if i in new:
                    e, b = new[i]
                    return square(Square, (faces[e], b, True, premium[i], divmod(i, cols)))
                b = blank_on[i] and i != swap
                return square(Square, (faces[letter[i]], b, False, premium[i], divmod(i, cols)))

            return score_turn([tuple(sq(i) for i in word) for word in words], len(new), self.dist, self.rules)

        found[key] = Candidate(total, tiles, across, None if swap is None else divmod(swap, cols),
                               divmod(squares[start], cols), end - start, scoring)
