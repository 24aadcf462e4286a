"""Reading GCG game records into data: the header, and every event in order with its line.

This is syntax only: no board, no scores worked out. Each event keeps the figures as written (a
replay checks them). A line that cannot be read becomes an event of kind ``bad`` (or, outside an
event, just a problem) and the parse goes on; only a file that is not a readable text file raises.
:func:`write_gcg` writes a record back (UTF-8, with the ``#character-encoding UTF-8`` line first,
as Quackle writes it), so that what printkit writes, printkit and the others read.

Each event names its player by nickname and also carries the player's number (``Event.seat``). When
two players share a nickname (Quackle writes ``NoName`` for both), the numbers go by turn order, as
Quackle reads such a file: each turn to the next player, and a withdrawal, a challenge bonus or the
points for going out to the player of the turn before.

Kinds of event (``Event.kind``), with the line that gives them::

    placement   >N: RACK 8D WORD +S CUM        WORD: '.' a tile already there, lower case a blank
    withdrawn   >N: RACK -- -S CUM             the preceding play, challenged off
    challenge   >N: RACK (challenge) +B CUM    bonus for a play that stood (RACK may be empty)
    pass        >N: RACK - +0 CUM              (also -0)
    exchange    >N: RACK -TILES +0 CUM         or -2: a count only
    end_rack    >N: (TILES) +P CUM             the player who went out gets the others' tiles
    last_rack   >N: RACK (RACK) -P CUM         a player's own rack deducted at the end
    time        >N: RACK (time) -P CUM         overtime penalty (RACK may be empty)
    unknown     >N: RACK WHAT +S CUM           an action printkit does not know (with a problem)
    bad         a line starting with '>' that cannot be read (with a problem)

printkit's extension for the book's rules (see README, "Game records"): after a placement,
``#+ POS WORD`` adds a further word of the same turn and ``#swap SQUARE LETTER`` records a blank
taken off the board for the real letter. Other readers skip or refuse these pragmata.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable, Mapping

from ..errors import PrintkitError
from ..inputs import TooLarge, read_bounded
from ..notation import Coord, NotationError, parse_coord, square_name as square
from ..report import one_line, shortened

__all__ = [
    "KINDS", "TURN_KINDS", "MAX_BYTES", "GcgError", "GcgProblem", "Player", "Group", "Swap", "Pragma",
    "Event", "Record", "read_gcg", "parse_gcg", "decode_gcg", "cumulative_problems", "write_gcg", "event_lines",
]

KINDS = ("placement", "withdrawn", "challenge", "pass", "exchange", "end_rack", "last_rack", "time",
         "unknown", "bad")
TURN_KINDS = frozenset({"placement", "pass", "exchange"})  # a player's own turn; the rest adjust scores
MAX_BYTES = 2 * 1024 * 1024  # a long annotated game is about 20 KB
MAX_DIGITS = 6  # a score, total, count or player number: the best games total about 800 points


class GcgError(PrintkitError):
    """A game record that cannot be read at all (missing, not a text file, far too large)."""


@dataclass(frozen=True, slots=True)
class GcgProblem:
    """Something wrong with one line of a record: ``file:line: message``."""

    file: str
    line: int
    message: str

    def __str__(self) -> str:
        return one_line(f"{self.file}:{self.line}: {self.message}")


@dataclass(frozen=True, slots=True)
class Player:
    """``#playerN NICK Real Name``: events name the player by NICK."""

    number: int
    nick: str
    name: str


@dataclass(frozen=True, slots=True)
class Group:
    """One word of a placement: the coordinate as written and read, and the word as written
    (``.`` for a tile already on the board, lower case for a blank)."""

    position: str
    coord: Coord
    word: str
    line: int


@dataclass(frozen=True, slots=True)
class Swap:
    """``#swap SQUARE LETTER``: the player puts LETTER from the rack on SQUARE, where a blank
    stood for it, and takes the blank, which must be played in the same turn."""

    position: str
    row: int  # 0-based, as Coord
    col: int
    letter: str
    line: int


@dataclass(frozen=True, slots=True)
class Pragma:
    """A pragma printkit keeps without reading it (``#style wsc2001``, ``#tile-set …``)."""

    name: str
    text: str
    line: int


@dataclass(frozen=True, slots=True)
class Event:
    """One ``>`` line, with the pragmata that follow it (notes; printkit's extra words and swaps).

    ``score`` is the signed middle figure as written, ``cumulative`` the player's total after it.
    For a placement ``position``, ``coord`` and ``word`` are its first word and ``groups`` all of
    them; ``tiles`` holds an exchange's tiles (``""`` when only ``count`` is given) or the tiles in
    brackets of ``end_rack``/``last_rack``; ``extra`` is text after the cumulative (legacy lists of
    cross-words). ``problem`` is set when the event cannot be trusted (always for bad and unknown)."""

    kind: str
    line: int
    raw: str
    player: str = ""
    rack: str = ""
    position: str = ""
    coord: Coord | None = None
    word: str = ""
    groups: tuple[Group, ...] = ()
    swaps: tuple[Swap, ...] = ()
    tiles: str = ""
    count: int | None = None
    score: int | None = None
    cumulative: int | None = None
    extra: str = ""
    notes: tuple[str, ...] = ()
    problem: GcgProblem | None = None
    seat: int = 0  # the player's number (#playerN); 0 when the nickname is no player's


@dataclass(frozen=True)
class Record:
    """A game record: its header and its events in file order. ``problems`` lists every line
    that could not be read (the parse went on); a clean record has none."""

    name: str
    events: tuple[Event, ...]
    players: tuple[Player, ...] = ()
    title: str | None = None
    description: str | None = None
    id_authority: str | None = None
    id: str | None = None
    lexicon: str | None = None
    character_encoding: str | None = None  # as the pragma gives it
    decoded_as: str | None = None  # how read_gcg decoded the bytes ("UTF-8" or "ISO-8859-1")
    game_type: str | None = None
    tile_set: str | None = None
    tile_distribution: str | None = None
    board_layout: str | None = None
    incomplete: bool = False
    racks: Mapping[int, str] = field(default_factory=dict)  # #rackN: player number → rack
    notes: tuple[str, ...] = ()  # notes before the first event
    pragmata: tuple[Pragma, ...] = ()  # pragmata kept as they are (not read by printkit)
    problems: tuple[GcgProblem, ...] = ()

    @property
    def turns(self) -> tuple[Event, ...]:
        """The players' own turns (placements, passes, exchanges), without score adjustments."""
        return tuple(e for e in self.events if e.kind in TURN_KINDS)

    def kinds(self) -> Counter:
        """How many events of each kind."""
        return Counter(e.kind for e in self.events)

    def player(self, nick: str) -> Player | None:
        for p in self.players:
            if p.nick == nick:
                return p
        return None

    @property
    def by_order(self) -> bool:
        """Two players share a nickname, so turns went to players by their order (``Event.seat``)."""
        return len({p.nick for p in self.players}) < len(self.players)

    def name_of(self, seat: int) -> str:
        """How a player is named in messages: the nickname, with the number where it is shared."""
        nick = next((p.nick for p in self.players if p.number == seat), "")
        return f"{nick} ({seat})" if self.by_order and nick else nick


# -- reading a file --------------------------------------------------------------------------------

_UTF8 = ("utf-8", "utf8")
_LATIN1 = ("iso-8859-1", "iso8859-1", "latin-1", "latin1", "iso_8859-1")
_CONTROL = re.compile(rb"[\x00-\x08\x0e-\x1f\x7f]")  # bytes no text file holds (tab, CR, LF, FF, VT do)


def read_gcg(path: str | Path) -> Record:
    """Read a GCG file. Raises :class:`GcgError` (one line) when it cannot be read as text at all;
    anything wrong inside it goes to ``Record.problems``."""
    p = Path(path)
    name = str(path)
    try:
        if p.is_dir():
            raise GcgError(f"{name}: is a folder, not a game record")
        data = read_bounded(p, MAX_BYTES, "a game record")  # a FIFO or a device: refused at once, never waited on
    except TooLarge as exc:
        raise GcgError(f"{name}: {exc.strerror}") from None
    except FileNotFoundError:
        raise GcgError(f"{name}: no such file") from None
    except PermissionError:
        raise GcgError(f"{name}: not allowed to read it") from None
    except OSError as exc:
        raise GcgError(f"{name}: cannot read it ({exc.strerror or exc})") from None
    text, decoded_as, problems = decode_gcg(data, name)
    return parse_gcg(text, name, decoded_as=decoded_as, problems=problems)


def decode_gcg(data: bytes, name: str) -> tuple[str, str, list[GcgProblem]]:
    """The text of a record, how it was decoded, and any problem with that.

    A UTF-8 byte-order mark or ``#character-encoding UTF-8`` on the first line means UTF-8; a file
    that says neither is read as UTF-8 when it is valid UTF-8 and as ISO-8859-1 (the GCG default)
    otherwise. A file with NUL or other control bytes is not a game record: :class:`GcgError`."""
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        raise GcgError(f"{name}: UTF-16 text, which GCG readers do not read: save it as UTF-8")
    if data.endswith(b"\x1a"):  # an old DOS end-of-file mark
        data = data.rstrip(b"\x1a")
    bad = _CONTROL.search(data)
    if bad:
        raise GcgError(f"{name}: not a text file (byte 0x{data[bad.start()]:02x} at offset {bad.start()})")
    problems: list[GcgProblem] = []
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
        declared = "utf-8"
    else:
        first = data.split(b"\n", 1)[0].strip()
        declared = None
        if first.startswith(b"#character-encoding"):
            value = first[len(b"#character-encoding"):].strip().decode("ascii", "replace").lower()
            declared = "utf-8" if value in _UTF8 else "iso-8859-1" if value in _LATIN1 else None
    if declared == "iso-8859-1":
        return data.decode("latin-1"), "ISO-8859-1", problems
    try:
        return data.decode("utf-8"), "UTF-8", problems
    except UnicodeDecodeError as exc:
        if declared == "utf-8":
            line = data.count(b"\n", 0, exc.start) + 1
            problems.append(GcgProblem(name, line, f"the file says UTF-8 but byte 0x{data[exc.start]:02x} "
                                                   f"is not UTF-8: the file is read as ISO-8859-1"))
        return data.decode("latin-1"), "ISO-8859-1", problems


# -- parsing ---------------------------------------------------------------------------------------

# A word: letters of any script, '.' for a tile already on the board, [..] to force a reading of
# multi-letter tiles, and the apostrophes of a Ukrainian set.
# letters, and the marks a tile may hold: apostrophes (Ukrainian ʼ), the dot of Catalan L·L
_WORD = re.compile(r"(?:[^\W\d_]|[.\[\]'ʼ’·])+\Z")
_TILES = re.compile(r"(?:[^\W\d_]|[?\[\]'ʼ’·])+\Z")  # a rack or exchanged tiles: '?' is a blank
_DIGIT = re.compile(r"\d").search  # a field with a digit is a coordinate, never a rack
_COORDS: dict[str, Coord | str] = {}  # coordinate text → Coord, or why it is not one


def _coord(text: str) -> Coord | str:
    """The Coord written as ``text``, or a message saying why it is not one (cached: a replay
    benchmark reads each of the few hundred coordinates thousands of times)."""
    got = _COORDS.get(text)
    if got is None:
        try:
            got = parse_coord(text)
            if got.row < 0:
                got = f"'{text}' is not a coordinate: rows count from 1"
        except NotationError:
            got = f"'{_q(text)}' is not a coordinate such as 8D (across) or D8 (down)"
        if len(_COORDS) < 10000:
            _COORDS[text] = got
    return got


def _digits(text: str) -> bool:
    """ASCII digits, and not more of them than any game needs (Python refuses to read an int of
    more than 4300 digits, and no score has more than four)."""
    return text.isascii() and text.isdigit() and len(text.lstrip("0")) <= MAX_DIGITS


def _long(text: str) -> bool:
    digits = text[1:] if text[:1] in "+-" else text
    return digits.isascii() and digits.isdigit() and len(digits.lstrip("0")) > MAX_DIGITS


def _q(text: str, limit: int = 40) -> str:
    """A field in a message, shortened to ``limit`` characters: a line may be 2 MB long."""
    return shortened(text, limit - 1, count=True)


def _too_long(what: str, text: str) -> str:
    digits = len(text.lstrip("+-").lstrip("0"))
    return f"{what} '{_q(text, 12)}' has {digits} digits: no game comes near that (at most {MAX_DIGITS})"


def _signed(text: str) -> int | None:
    """``+26``, ``-20``, ``+0``: a score always carries its sign."""
    if len(text) > 1 and text[0] in "+-" and _digits(text[1:]):
        return int(text)
    return None


def _total(text: str) -> int | None:
    """A cumulative score: ``66``, ``-16``."""
    digits = text[1:] if text[:1] == "-" else text
    if _digits(digits):
        return int(text)
    return None


class _Bad(Exception):
    """A line that cannot be read; the message says why."""


class _Parser:
    """One pass over the lines; the event being read stays open until the next ``>`` line."""

    def __init__(self, name: str):
        self.name = name
        self.problems: list[GcgProblem] = []
        self.events: list[dict] = []  # each event's fields: made Events once the players are known
        self.head: dict = {"racks": {}}
        self.players: list[Player] = []
        self.header_notes: list[str] = []
        self.pragmata: list[Pragma] = []
        self.open: dict | None = None  # the last event's fields, still taking notes and groups
        self.open_notes: list[str] = []
        self.note_open = False  # the last line was a note (a legacy bare line continues it)

    # problems
    def problem(self, line: int, message: str) -> GcgProblem:
        p = GcgProblem(self.name, line, message)
        self.problems.append(p)
        return p

    # events
    def close(self) -> None:
        if self.open is not None:
            fields = self.open
            if self.open_notes:
                fields["notes"] = tuple(self.open_notes)
            if "groups" in fields:
                fields["groups"] = tuple(fields["groups"])
            if "swaps" in fields:
                fields["swaps"] = tuple(fields["swaps"])
            self.events.append(fields)
            self.open = None
            self.open_notes = []

    def event(self, n: int, raw: str) -> None:
        self.close()
        try:
            fields = _event(raw, n)
        except _Bad as exc:
            nick = raw[1:].split(":", 1)[0].strip() if ":" in raw else ""
            fields = {"kind": "bad", "line": n, "raw": raw, "player": nick if nick and " " not in nick else "",
                      "problem": self.problem(n, str(exc))}
        else:
            if fields["kind"] == "unknown":
                fields["problem"] = self.problem(n, fields.pop("why"))
        self.open = fields

    # pragmata
    def pragma(self, n: int, raw: str) -> None:
        parts = raw[1:].split(None, 1)
        head = parts[0] if parts else ""
        rest = parts[1].strip() if len(parts) > 1 else ""
        if head == "note":
            self.note(rest)
            self.note_open = True
            return
        if head == "-":  # Macondo's explicit continuation of a note
            self.note(rest, more=True)
            self.note_open = True
            return
        self.note_open = False
        if head.startswith("player") and head[6:].isascii() and head[6:].isdigit():
            if not _digits(head[6:]):
                self.problem(n, _too_long("#player: the player number", head[6:]))
            else:
                self.player(n, int(head[6:]), rest)
        elif head.startswith("rack") and head[4:].isascii() and head[4:].isdigit():
            if not _digits(head[4:]):
                self.problem(n, _too_long("#rack: the player number", head[4:]))
            elif not rest or len(rest.split()) != 1:
                self.problem(n, f"#{head} takes one rack, e.g. #{head} RETAIN?")
            else:
                self.head["racks"][int(head[4:])] = rest
        elif head in ("title", "description", "lexicon", "game-type", "tile-set", "tile-distribution",
                      "board-layout"):
            self.head[head.replace("-", "_")] = rest
        elif head == "id":
            parts = rest.split(None, 1)
            if len(parts) != 2:
                self.problem(n, "#id takes an authority and an identifier, e.g. #id io.woogles 2r8QNJNpbP")
            else:
                self.head["id_authority"], self.head["id"] = parts[0], parts[1]
        elif head == "incomplete":
            self.head["incomplete"] = True
        elif head == "character-encoding":
            self.head["character_encoding"] = rest
            if n != 1:
                self.problem(n, "#character-encoding must be the first line of the file")
            elif rest.lower() not in _UTF8 + _LATIN1:
                self.problem(n, f"character encoding '{_q(rest)}' is not one printkit reads (UTF-8 or ISO-8859-1)")
        elif head == "+":
            self.group(n, rest)
        elif head == "swap":
            self.swap(n, rest)
        else:
            self.pragmata.append(Pragma(head, rest, n))

    def note(self, text: str, more: bool = False) -> None:
        notes = self.open_notes if self.open is not None else self.header_notes
        if more and notes:
            notes[-1] += "\n" + text
        else:
            notes.append(text)

    def player(self, n: int, number: int, rest: str) -> None:
        parts = rest.split(None, 1)
        if not parts:
            self.problem(n, f"#player{number} takes a nickname and a name, e.g. #player{number} Jamie Jamie Chew")
            return
        nick, real = parts[0], (parts[1] if len(parts) > 1 else "")
        if number < 1:
            self.problem(n, f"#player{number}: players count from 1")
        elif any(p.number == number for p in self.players):
            self.problem(n, f"player {number} is named twice")
        else:  # a nickname two players share is read as Quackle reads it: by turn order
            self.players.append(Player(number, nick, real))

    def extension_target(self, n: int, what: str) -> dict | None:
        """The open placement a ``#+`` or ``#swap`` line belongs to, or None (with a problem)."""
        if self.open is None:
            self.problem(n, f"{what} before any event: it must follow the placement it belongs to")
            return None
        if self.open["kind"] == "bad":
            return None  # the placement's own line already has a problem
        if self.open["kind"] != "placement":
            self.problem(n, f"{what} must follow a placement; line {self.open['line']} is a {self.open['kind']}")
            return None
        return self.open

    def group(self, n: int, rest: str) -> None:
        target = self.extension_target(n, "#+ (a further word of the turn)")
        if target is None:
            return
        parts = rest.split()
        if len(parts) != 2:
            p = self.problem(n, f"#+ takes a coordinate and a word, e.g. #+ K5 ...ЕТР (no score: the turn's "
                                f"score is on its > line); found {len(parts)} field{'s' if len(parts) != 1 else ''}")
        else:
            try:
                target["groups"].append(_group(parts[0], parts[1], n))
                return
            except _Bad as exc:
                p = self.problem(n, str(exc))
        if target.get("problem") is None:
            target["problem"] = p

    def swap(self, n: int, rest: str) -> None:
        target = self.extension_target(n, "#swap")
        if target is None:
            return
        parts = rest.split()
        if len(parts) != 2:
            p = self.problem(n, "#swap takes a square and the letter put there, e.g. #swap F5 Ф")
        else:
            at, letter = parts
            got = _coord(at)
            if isinstance(got, str):
                p = self.problem(n, f"#swap: {got}")
            elif not _TILES.match(letter) or "?" in letter or letter != letter.upper():
                p = self.problem(n, f"#swap: '{_q(letter)}' is not a tile's letter (the real tile, in upper case)")
            else:
                target.setdefault("swaps", []).append(Swap(at, got.row, got.col, letter, n))
                return
        if target.get("problem") is None:
            target["problem"] = p

    def stray(self, n: int, raw: str) -> None:
        """A line that is neither a pragma nor an event: a legacy note's next line, or a problem."""
        if self.note_open:
            self.note(raw.strip(), more=True)
        else:
            self.problem(n, "neither a pragma (#…) nor an event (>…) and not after a #note")

    def record(self, decoded_as: str | None) -> Record:
        self.close()
        if not self.events and not self.players and not self.pragmata and len(self.head) == 1 \
                and not self.header_notes and not self.problems:
            self.problem(1, "no pragma (#…) and no event (>…): not a game record")
        declared = {p.nick for p in self.players}
        if declared:
            for e in self.events:
                if e["kind"] != "bad" and e["player"] not in declared:
                    p = self.problem(e["line"], f"'{_q(e['player'])}' is not a player of this game "
                                                f"({', '.join(sorted(declared))})")
                    if e.get("problem") is None:
                        e["problem"] = p
        players = sorted(self.players, key=lambda p: p.number)
        _seat(self.events, players)
        self.problems.sort(key=lambda p: p.line)
        return Record(
            name=self.name, events=tuple(Event(**e) for e in self.events), players=tuple(players),
            decoded_as=decoded_as, notes=tuple(self.header_notes), pragmata=tuple(self.pragmata),
            problems=tuple(self.problems), **self.head)


def _seat(events: list[dict], players: list[Player]) -> None:
    """Give each event its player's number (``seat``). A nickname one player has is that player;
    a nickname two players share goes by turn order, as Quackle reads such a record: a turn to the
    next of them in order; a withdrawal, a challenge bonus or the points for going out to the
    player of the turn before; a last rack or a time penalty to the one whose written total it
    continues. Without ``#player`` lines, players are numbered as their nicknames first appear."""
    if not players:
        order: dict[str, int] = {}
        for e in events:
            if e["player"]:
                e["seat"] = order.setdefault(e["player"], len(order) + 1)
        return
    numbers = [p.number for p in players]
    seats_of: dict[str, list[int]] = {}
    for p in players:
        seats_of.setdefault(p.nick, []).append(p.number)
    last = -1  # index in numbers of the last turn's player
    written: dict[int, int] = {}  # each player's total as last written
    for e in events:
        seats = seats_of.get(e["player"], ())
        kind = e["kind"]
        turn = kind in TURN_KINDS or kind in ("bad", "unknown")
        if len(seats) <= 1:
            seat = seats[0] if seats else 0
        else:
            after = [numbers[(last + 1 + k) % len(numbers)] for k in range(len(numbers))]
            mine = [n for n in after if n in seats]
            if turn:
                seat = mine[0]
            elif kind in ("withdrawn", "challenge", "end_rack") and last >= 0 and numbers[last] in seats:
                seat = numbers[last]
            else:
                score, total = e.get("score"), e.get("cumulative")
                fits = [n for n in mine if score is not None and total is not None
                        and written.get(n, 0) + score == total]
                seat = (fits or mine)[0]
        if seat:
            e["seat"] = seat
            if turn:
                last = numbers.index(seat)
            if e.get("cumulative") is not None:
                written[seat] = e["cumulative"]


def _group(position: str, word: str, n: int) -> Group:
    got = _coord(position)
    if isinstance(got, str):
        raise _Bad(got)
    if not _WORD.match(word):
        raise _Bad(f"'{_q(word)}' is not a word (letters, '.' for a tile already on the board, lower case for a "
                   f"blank)")
    if not word.strip("."):
        raise _Bad(f"'{_q(word)}' places no tile")
    return Group(position, got, word, n)


def _event(raw: str, n: int) -> dict:
    """The fields of one ``>`` line; raises :class:`_Bad` when it cannot be read."""
    parts = raw.split()
    head = parts[0]
    if not head.endswith(":") or len(head) < 3:
        if ":" in head and len(head) > 2:
            raise _Bad("a space must follow the player's nickname and its ':'")
        raise _Bad("an event starts with >NICK: (the player's nickname and a colon)")
    nick = head[1:-1]
    t = parts[1:]
    if not t:
        raise _Bad("the event has nothing after the player's name")
    first = t[0]
    if first[0] in "(-" or _DIGIT(first):
        rack = ""  # some writers leave the rack empty:  >frentz:  (challenge) +5 534
    else:
        rack = first
        t = t[1:]
        if not _TILES.match(rack):
            raise _Bad(f"'{_q(rack)}' is not a rack (letters, '?' for a blank)")
        if not t:
            raise _Bad("the event has a rack but no move")
    action = t[0]
    base = {"line": n, "raw": raw, "player": nick, "rack": rack}

    if action[0] == "(":
        if not action.endswith(")") or len(action) < 3:
            raise _Bad(f"'{_q(action)}': a bracket must hold tiles, (challenge) or (time)")
        inner = action[1:-1]
        if inner == "challenge":
            kind, tiles = "challenge", ""
        elif inner == "time":
            kind, tiles = "time", ""
        else:
            if not _TILES.match(inner):
                raise _Bad(f"'{_q(action)}' holds something other than tiles")
            kind, tiles = ("last_rack" if rack else "end_rack"), inner
        score, total = _tail(t[1:], raw, exact=True)
        return {**base, "kind": kind, "tiles": tiles, "score": score, "cumulative": total}

    if action[0] == "-":
        score, total = _tail(t[1:], raw, exact=True)
        if action == "--":
            return {**base, "kind": "withdrawn", "score": score, "cumulative": total}
        what = action[1:]
        if what == "" or what == "0":
            return {**base, "kind": "pass", "score": score, "cumulative": total}
        if what.isascii() and what.isdigit():
            if not _digits(what):
                raise _Bad(_too_long("the number of tiles exchanged", what))
            return {**base, "kind": "exchange", "count": int(what), "score": score, "cumulative": total}
        if not _TILES.match(what):
            raise _Bad(f"'{_q(action)}': an exchange names tiles (-QO) or a number of tiles (-2)")
        return {**base, "kind": "exchange", "tiles": what, "score": score, "cumulative": total}

    got = _coord(action)
    if isinstance(got, str):
        if len(t) == 3 and _signed(t[1]) is not None and _total(t[2]) is not None:
            return {**base, "kind": "unknown", "score": int(t[1]), "cumulative": int(t[2]),
                    "why": f"'{_q(action)}' is not an action printkit knows (a coordinate, -, --, -TILES, "
                           f"(challenge), (time) or (TILES))"}
        raise _Bad(got)
    if len(t) < 2:
        raise _Bad(f"the placement at {action} has no word")
    group = _group(action, t[1], n)
    score, total = _tail(t[2:], raw, exact=False)
    extra = raw.split(None, len(parts) - len(t) + 4)[-1].strip() if len(t) > 4 else ""
    return {**base, "kind": "placement", "position": action, "coord": group.coord, "word": t[1],
            "groups": [group], "score": score, "cumulative": total, "extra": extra}


def _tail(t: list[str], raw: str, exact: bool) -> tuple[int, int]:
    """The signed score and the cumulative at the end of an event (a placement may be followed by
    a legacy list of cross-words, which is kept in ``extra`` and not read)."""
    if len(t) < 2:
        raise _Bad("the event ends without its score and cumulative total (e.g. +26 66)")
    score = _signed(t[0])
    if score is None:
        if _long(t[0]):
            raise _Bad(_too_long("the score", t[0]))
        if _total(t[0]) is not None:
            raise _Bad(f"the score '{t[0]}' has no sign: write +{t[0]}" if t[0][0] != "-" else
                       f"the score '{t[0]}' is not a number")
        raise _Bad(f"'{_q(t[0])}' is not a score (a signed number such as +26 or -20)")
    total = _total(t[1])
    if total is None:
        if _long(t[1]):
            raise _Bad(_too_long("the cumulative total", t[1]))
        raise _Bad(f"'{_q(t[1])}' is not a cumulative total (a number such as 66 or -16)")
    if exact and len(t) > 2:
        raise _Bad(f"unexpected text after the cumulative total: '{_q(' '.join(t[2:]))}'")
    return score, total


def parse_gcg(text: str, name: str = "<gcg>", *, decoded_as: str | None = None,
              problems: Iterable[GcgProblem] = ()) -> Record:
    """Parse the text of a GCG record (``name`` is used in problems)."""
    parser = _Parser(name)
    parser.problems.extend(problems)
    if text.startswith("\ufeff"):
        text = text[1:]
    for n, line in enumerate(text.split("\n"), 1):  # not splitlines(): U+0085 is a Latin-1 byte too
        if not line or line.isspace():  # a CR of a CRLF line end goes with the trailing spaces
            continue
        c = line[0]
        if c == ">":
            parser.note_open = False
            parser.event(n, line.rstrip())
        elif c == "#":
            parser.pragma(n, line.rstrip())
        else:
            parser.stray(n, line)
    return parser.record(decoded_as)


# -- checks ----------------------------------------------------------------------------------------

def cumulative_problems(record: Record) -> list[GcgProblem]:
    """Events whose cumulative total is not the player's previous total plus the event's score.

    A withdrawn play (``--``) takes off the score of that player's last placement, whatever its
    own middle figure says (one legacy file writes ``-- +0``). Bad events are skipped."""
    totals: dict[int | str, int] = {}
    last_play: dict[int | str, int] = {}
    out = []
    for e in record.events:
        if e.kind == "bad" or e.score is None or e.cumulative is None:
            continue
        who = e.seat or e.player
        name = record.name_of(e.seat) or e.player
        before = totals.get(who, 0)
        if e.kind == "withdrawn":
            if who not in last_play:
                out.append(GcgProblem(record.name, e.line, f"{name} withdraws a play but has made none"))
                totals[who] = e.cumulative
                continue
            delta = -last_play.pop(who)
        else:
            delta = e.score
        if e.kind == "placement":
            last_play[who] = e.score
        if before + delta != e.cumulative:
            out.append(GcgProblem(record.name, e.line, f"{name}'s total {before} {delta:+d} is "
                                                       f"{before + delta}, the record says {e.cumulative}"))
        totals[who] = e.cumulative
    return out


# -- writing ---------------------------------------------------------------------------------------

_HEADER = (("title", "title"), ("description", "description"), ("lexicon", "lexicon"),
           ("game_type", "game-type"), ("tile_set", "tile-set"), ("tile_distribution", "tile-distribution"),
           ("board_layout", "board-layout"))


def write_gcg(record: Record) -> str:
    """The record as GCG text, UTF-8 (encode it so), read back by :func:`parse_gcg` into the same
    game: the same players, header, events (kind, player, rack, coordinates, words, tiles, scores,
    totals) and notes.

    As Quackle and Macondo write it: ``#character-encoding UTF-8`` first, then the players and the
    other header pragmata (Macondo wants them all before the first event), each event on its line
    in the modern form (coordinates in upper case, ``+0``), its notes after it (a note of several
    lines goes on with ``#-``), and the final racks (``#rackN``) last. A player with no real name
    gets the nickname for one (both programs want a name). printkit's own ``#+`` and
    ``#swap`` follow their turn. A line the reader could not read is written as it was; the
    cross-words some old files list after the total, which no reader uses, are left out."""
    out = ["#character-encoding UTF-8"]
    for p in record.players:
        out.append(f"#player{p.number} {p.nick} {p.name or p.nick}")
    for attr, pragma in _HEADER:
        value = getattr(record, attr)
        if value is not None:
            out.append(f"#{pragma} {value}".rstrip())
    if record.id_authority is not None and record.id is not None:
        out.append(f"#id {record.id_authority} {record.id}")
    if record.incomplete:
        out.append("#incomplete")
    for pragma in record.pragmata:
        out.append(f"#{pragma.name} {pragma.text}".rstrip())
    out += _notes(record.notes)
    for e in record.events:
        out += event_lines(e)
    for number, rack in sorted(record.racks.items()):
        out.append(f"#rack{number} {rack}")
    return "\n".join(out) + "\n"


def event_lines(e: Event) -> list[str]:
    """An event's ``>`` line and the pragmata that go with it (extra words, swaps, notes)."""
    if e.kind in ("bad", "unknown"):
        return [e.raw] + _notes(e.notes)
    head = f">{e.player}: {e.rack} " if e.rack else f">{e.player}: "
    tail = f"{e.score:+d} {e.cumulative}"
    extra: list[str] = []
    if e.kind == "placement":
        g = e.groups[0] if e.groups else None
        line = f"{head}{g.coord if g else e.coord} {g.word if g else e.word} {tail}"
        extra = [f"#+ {g.coord} {g.word}" for g in e.groups[1:]]
        extra += [f"#swap {square(s.row, s.col)} {s.letter}" for s in e.swaps]
    elif e.kind == "withdrawn":  # the middle figure takes back the play: -24 (an old "+0" as -0)
        line = f"{head}-- {'-0' if e.score == 0 else tail.split()[0]} {e.cumulative}"
    elif e.kind == "challenge":  # Macondo reads an empty rack only between two spaces
        line = f"{head if e.rack else head + ' '}(challenge) {tail}"
    elif e.kind == "pass":
        line = f"{head}- {tail}"
    elif e.kind == "exchange":
        line = f"{head}-{e.tiles or e.count} {tail}"
    elif e.kind == "end_rack":
        line = f">{e.player}: ({e.tiles}) {tail}"
    elif e.kind == "last_rack":
        line = f"{head}({e.tiles}) {tail}"
    else:  # time
        line = f"{head}(time) {tail}"
    return [line] + extra + _notes(e.notes)


def _notes(notes: Iterable[str]) -> list[str]:
    out = []
    for note in notes:
        first, *more = note.split("\n")
        out.append(f"#note {first}".rstrip())
        out += [f"#- {line}".rstrip() for line in more]
    return out
