"""Validating a letter distribution and building a :class:`~printkit.model.Distribution`."""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field
from types import MappingProxyType

from ..model import Distribution, ShareNote, Tile
from ..report import shortened
from ..text import Said
from ..text.plural import english
from .reader import Fields, Problems, describe, text_value, whole_value
from .sources import OVER, Over
from .yamlsrc import Map, Mark, Scalar, Seq

FIELDS = ("name", "title", "language", "script", "alphabet", "folds", "vowels", "signs", "symbols",
          "blanks", "tiles", "tile_changes", "sources", "share_notes")
TILE_FIELDS = ("face", "count", "value")
CHANGE_FIELDS = ("count", "value")  # a letter's change in ``tile_changes``
NOTE_FIELDS = ("letter", "count", "value", "reason")

SCRIPTS = {"Cyrillic": "CYRILLIC", "Latin": "LATIN", "Greek": "GREEK"}
MAX_TILES = 2000  # ten sets in one build (a class, a club: 1300 tiles) is a real order; a million is a typo
MAX_COUNT = 1000
MAX_VALUE = 1000
MAX_BLANKS = 100
MAX_FACE = 3  # characters on one tile (Spanish CH, LL, RR and Hungarian CS have two; Catalan L·L three)
JOINERS = frozenset("\u00b7")  # a mark that joins the letters of one tile: Catalan L·L (ela geminada)

# Letters that look alike across scripts: the usual cause of "a Latin Ë in a Russian set".
_LOOKALIKE = {
    "A": "А", "B": "В", "C": "С", "E": "Е", "Ë": "Ё", "H": "Н", "I": "І", "Ï": "Ї", "K": "К", "M": "М",
    "O": "О", "P": "Р", "T": "Т", "X": "Х", "Y": "У", "Ç": "Ҫ",
}
_LOOKALIKE.update({v: k for k, v in list(_LOOKALIKE.items())})


def char_name(ch: str) -> str:
    return f"U+{ord(ch):04X} {unicodedata.name(ch, 'unnamed')}"


def script_problem(face: str, script: str, symbols: frozenset[str]) -> str | None:
    """Why ``face`` is not a tile face of ``script`` (None if it is one)."""
    if face in symbols:
        return None
    if face != face.upper():
        return f"'{face}' must be upper case (lower case marks a blank in plays)"
    prefix = SCRIPTS[script]
    for i, ch in enumerate(face):
        if ch in JOINERS and 0 < i < len(face) - 1 and face[i - 1] != ch and face[i + 1] != ch:
            continue  # the dot of Catalan L·L, between two letters
        if not unicodedata.category(ch).startswith("L"):
            return (f"'{face}' is not a letter ({char_name(ch)}); list it under 'symbols' if the set really "
                    f"has such a tile")
        if not unicodedata.name(ch, "").startswith(prefix):
            twin = _LOOKALIKE.get(ch)
            hint = f"; did you mean {twin} ({char_name(twin)})?" if twin and unicodedata.name(
                twin, "").startswith(prefix) else ""
            return f"'{face}' is not a {script} letter: it contains {char_name(ch)}{hint}"
    return None


def _letters(fields: Fields, key: str, required: bool = False) -> tuple[str, ...] | None:
    """A space-separated list of faces, e.g. ``А Б В``."""
    text = fields.text(key, required)
    if text is None:
        return None
    items = tuple(text.split())
    seen: set[str] = set()
    for item in items:
        if item in seen:
            fields.problems.add(fields.mark(key), f"'{key}' lists '{item}' twice")
        seen.add(item)
    return items


LISTS = {"vowels": "vowel", "signs": "sign", "symbols": "symbol"}  # the lists of letters beside the alphabet


@dataclass
class _Inherited:
    """What a distribution's own file did to the set it extends: its ``tiles`` replaced the parent's list
    (``replaced``), its ``tile_changes`` changed it, or its ``alphabet`` replaced the parent's. The share
    notes, folds, vowels, signs and symbols written above that file (``nodes``, by identity; and the parent's
    own tile changes when the list was replaced) were about the parent's letters: one that names a letter
    the new set has not is left out, with one warning at the own file's key (:func:`_cause`)."""

    over: Over
    replaced: bool
    nodes: set[int]
    dropped: list[str] = field(default_factory=list)  # what was left out: "share note of 'Й'", …
    removed: list[str] = field(default_factory=list)  # the letters ``tile_changes`` took out (count 0)
    unfolded: list[tuple[str, str]] = field(default_factory=list)  # inherited folds of a letter with a tile now

    @property
    def where(self) -> Mark:
        """The own file's ``tiles`` key, else its ``tile_changes`` key, else its ``alphabet`` key."""
        return _cause(self)[0]

    def drop(self, node, what: str) -> bool:
        """Whether ``node`` was inherited from above the changed list (then ``what`` is left out)."""
        if id(node) not in self.nodes:
            return False
        self.dropped.append(what)
        return True


CHANGES = ("tiles", "tile_changes", "alphabet")  # what an own file writes that can leave inherited entries out


def _inherited(root: Map) -> _Inherited | None:
    """The nearest file on the ``extends`` chain that wrote ``tiles``, ``tile_changes`` or ``alphabet``."""
    level = root
    while (over := level.extra.get(OVER)) is not None:
        if any(key in over.own.values for key in CHANGES):
            break
        level = over.parent
    else:
        return None
    replaced = "tiles" in over.own.values
    if replaced and "tiles" not in over.parent.values:
        return None
    nodes: set[int] = set()
    notes, folds = over.parent.values.get("share_notes"), over.parent.values.get("folds")
    changes = over.parent.values.get("tile_changes") if replaced else None
    if isinstance(notes, Seq):
        nodes.update(id(item) for item in notes.items)
    for part in (folds, changes):
        if isinstance(part, Map):
            nodes.update(id(node) for node in part.values.values())
    nodes.update(id(over.parent.values[key]) for key in LISTS if key in over.parent.values)
    return _Inherited(over, replaced, nodes)


def _cause(inh: _Inherited) -> tuple[Mark, str]:
    """The own file's key the warning is at, and what that key did."""
    own, name = inh.over.own, inh.over.name
    if inh.replaced:
        return own.keys["tiles"], f"your tiles replace {name}'s list"
    if "tile_changes" in own.values and (inh.removed or "alphabet" not in own.values):
        if inh.removed:
            return own.keys["tile_changes"], f"your tile_changes take {' '.join(inh.removed)} out of {name}'s set"
        return own.keys["tile_changes"], f"your tile_changes change {name}'s set"
    return own.keys["alphabet"], f"your alphabet replaces {name}'s"


def _read_notes(inh: _Inherited | None) -> tuple[tuple[str, str, str], ...]:
    """What check says of a list that replaced the parent's: a note that it did (and how to change some
    letters instead), and one warning for the inherited notes and folds left out."""
    if inh is None:
        return ()
    if not inh.replaced:
        return _unfolded(inh) + _left_out(inh)
    parent = build(inh.over.parent, Problems(), inh.over.name)  # its own mistakes are said where it is used
    whole = f" ({english(len(parent.tiles), 'letter')}, {english(parent.letter_tiles, 'tile')})" if parent else ""
    said = (("note", str(inh.where), f"tiles: this list replaces {inh.over.name}'s whole list{whole}; to change "
                                     f"only some letters, write tile_changes: instead"),)
    return said + _unfolded(inh) + _left_out(inh)


def _unfolded(inh: _Inherited) -> tuple[tuple[str, str, str], ...]:
    """The one note for the inherited folds left out because the letter has a tile of its own now (it plays
    itself, at its own value, not as the tile it was folded into)."""
    if not inh.unfolded:
        return ()
    keys, name = inh.over.own.keys, inh.over.name
    what = next((key for key in ("tiles", "tile_changes") if key in keys), None)
    letters = " and ".join(f"'{src}'" for src, _ in inh.unfolded)
    folds = " and ".join(f"'{src}' → '{dst}'" for src, dst in inh.unfolded)
    one = len(inh.unfolded) == 1
    own, verb, are = ("a tile of its own", "fold", "is") if one else ("tiles of their own", "folds", "are")
    if what is None:  # the tile came from above the own file, which wrote only its alphabet
        return (("note", str(keys["alphabet"]), f"{name}'s set gives {letters} {own}; its {verb} {folds} {are} "
                                                f"left out"),)
    return (("note", str(keys[what]), f"your {what} give {letters} {own}; {name}'s {verb} {folds} {are} left out"),)


_ORDER = tuple(LISTS.values()) + ("share note", "fold")  # the order the warning lists what it left out in


def _left_out(inh: _Inherited) -> tuple[tuple[str, str, str], ...]:
    """The one warning for the inherited entries left out: vowels, signs, symbols, notes and folds."""
    if not inh.dropped:
        return ()
    rank = {what: next(i for i, kind in enumerate(_ORDER) if what.startswith(kind)) for what in inh.dropped}
    items = [f"its {what}" for what in sorted(inh.dropped, key=rank.__getitem__)]
    listed = items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]
    verb = "names a letter your set has not, and is" if len(items) == 1 else \
        "name letters your set has not, and are"
    where, cause = _cause(inh)
    return (("warn", str(where), f"{cause}; {listed} {verb} left out"),)


def build(root: Map, problems: Problems, file_name: str) -> Distribution | None:
    before = len(problems.items)
    f = Fields(root, problems, "a distribution", FIELDS)
    name = f.text("name", required=False, default=file_name)
    title = f.text("title", required=False, default=name)
    language = f.text("language")
    script = f.choice("script", SCRIPTS)
    alphabet = _letters(f, "alphabet", required=True)
    symbol_list = _letters(f, "symbols") or ()
    symbols = frozenset(symbol_list)
    vowels = _letters(f, "vowels") or ()
    signs = _letters(f, "signs") or ()
    blanks = f.whole("blanks", lo=0, hi=MAX_BLANKS, limit_name="blanks")
    inh = _inherited(root)
    tiles = _tiles(f, problems, script, symbols)
    tiles = _changed(f, problems, script, symbols, tiles, inh) if tiles is not None else None

    folds: dict[str, str] = {}
    fnode = f.raw("folds")
    if fnode is not None:
        if not isinstance(fnode, Map):
            problems.add(fnode.mark, f"'folds' must map a letter to the tile that plays it (e.g. {{Ё: Е}}), "
                                     f"not {describe(fnode)}")
        else:
            for key, node in fnode.values.items():
                target = text_value(node, key, problems) if isinstance(node, Scalar) else None
                if target is None:
                    if not isinstance(node, Scalar):
                        problems.add(node.mark, f"fold of '{key}' must be a letter")
                    continue
                folds[key] = target

    if script and alphabet is not None:
        for face in alphabet:
            why = script_problem(face, script, symbols) if face not in folds else None
            if why:
                problems.add(f.mark("alphabet"), f"alphabet: {why}")
    if len(problems.items) > before or alphabet is None or tiles is None or script is None or blanks is None:
        return None

    faces = {t.face for t, _ in tiles}
    in_alphabet = set(alphabet)
    _in_alphabet(f, problems, inh, tiles, alphabet)
    lists = {"vowels": vowels, "signs": signs, "symbols": symbol_list}
    for key, items in lists.items():
        for item in items:
            if item in in_alphabet:
                continue
            if inh is not None and inh.drop(f.raw(key), f"{LISTS[key]} '{item}'"):
                lists[key] = tuple(i for i in lists[key] if i != item)
            else:
                problems.add(f.mark(key), f"'{key}' lists '{item}', which is not in the alphabet")
    vowels, signs = lists["vowels"], lists["signs"]
    for src, dst in list(folds.items()):
        why = script_problem(src, script, frozenset())
        if why:
            problems.add(fnode.keys[src], f"fold: {why}")  # type: ignore[union-attr]
        node = fnode.values[src]  # type: ignore[union-attr]
        if src in faces:  # a tile of its own wins over an inherited fold; the user's own fold and tile clash
            if inh is not None and id(node) in inh.nodes:
                inh.unfolded.append((src, dst))
                del folds[src]
            else:
                problems.add(fnode.keys[src],  # type: ignore[union-attr]
                             f"fold '{src}' → '{dst}': the set has a tile '{src}' of its own: remove one")
            continue
        if dst in faces:
            continue
        if inh is not None and inh.drop(node, f"fold '{src}' → '{dst}'"):
            del folds[src]
        else:
            problems.add(node.mark, f"fold '{src}' → '{dst}': there is no tile '{dst}'")
    total = sum(t.count for t, _ in tiles) + blanks
    if total > MAX_TILES:  # at the own file's tiles or tile_changes, where a set that extends another went over
        problems.add(inh.where if inh is not None else f.mark("tiles"),
                     f"the set has {total} tiles: the limit is {MAX_TILES}")
    if total == 0:
        problems.add(f.mark("tiles"), "the set has no tiles at all")
    notes = _share_notes(f, problems, {t.face: t for t, _ in tiles}, inh)
    if len(problems.items) > before:
        return None
    order = {face: i for i, face in enumerate(alphabet)}
    ordered = tuple(sorted((t for t, _ in tiles), key=lambda t: order[t.face]))
    return Distribution(
        name=name, title=title, language=language, script=script, alphabet=alphabet, tiles=ordered,
        blanks=blanks, vowels=frozenset(vowels), signs=frozenset(signs),
        folds=MappingProxyType(folds), sources=f.text("sources", required=False, default="", max_len=20000),
        share_notes=notes, where=MappingProxyType({t.face: str(mark) for t, mark in tiles}),
        read_notes=_read_notes(inh),
    )


def _in_alphabet(f: Fields, problems: Problems, inh: _Inherited | None, tiles: list[tuple[Tile, Mark]],
                 alphabet: tuple[str, ...]) -> None:
    """Each tile's letter in the alphabet: a tile written outside it is an error at the tile; the inherited tiles
    an own alphabet leaves out, one error at that alphabet (:func:`_left_by_alphabet`)."""
    in_alphabet = set(alphabet)
    left = _left_by_alphabet(inh, tiles, in_alphabet)
    for tile, mark in tiles:
        if tile.face not in in_alphabet and tile.face not in left:
            problems.add(mark, f"tile '{tile.face}' is not in the alphabet ({' '.join(alphabet)})")
    if left:
        problems.add(f.mark("alphabet"), _leaves_out(inh, left))  # type: ignore[arg-type]


def _left_by_alphabet(inh: _Inherited | None, tiles: list[tuple[Tile, Mark]],
                      in_alphabet: set[str]) -> dict[str, Tile]:
    """The tiles written above the file whose own ``alphabet`` replaced its parent's (and that did not replace the
    list with its own ``tiles``) of letters that alphabet leaves out, by letter: said in one error at the user's
    alphabet, not each at its line in a file above (a shipped one the user cannot change). A tile the file's own
    ``tile_changes`` gave a letter outside its alphabet stays an error at that change."""
    if inh is None or inh.replaced or "alphabet" not in inh.over.own.values:
        return {}
    changes = inh.over.own.values.get("tile_changes")
    own = set(changes.keys.values()) if isinstance(changes, Map) else set()
    return {t.face: t for t, mark in tiles if t.face not in in_alphabet and mark not in own}


def _leaves_out(inh: _Inherited, left: dict[str, Tile]) -> Said:
    """The error of the inherited tiles an own alphabet leaves out: which, how many, and the two ways out (the
    letters into the alphabet, or the tiles out of the set with ``tile_changes``)."""
    count = sum(t.count for t in left.values())
    change = "{" + ", ".join(f"{face}: {{count: 0}}" for face in left) + "}"
    figures: dict = {"parent": inh.over.name, "count": count, "change": change}
    if len(left) == 1:
        return Said("cfg_alphabet_leaves_tile", {**figures, "letter": next(iter(left))})
    return Said("cfg_alphabet_leaves_tiles", {**figures, "letters": ", ".join(f"'{face}'" for face in left)})


def _share_notes(f: Fields, problems: Problems, tiles: dict[str, Tile],
                 inh: _Inherited | None) -> tuple[ShareNote, ...]:
    """``share_notes``: the letters whose count or value is far from the language's share on purpose,
    each ``{letter: Й, count: 4, reason: …}`` (or ``value:``), the figure the set has. A note inherited
    from above a replaced list, of a letter the new set has not, is left out (``inh``)."""
    seq = f.seq("share_notes", required=False)
    out: list[ShareNote] = []
    seen: dict[tuple[str, str], Mark] = {}
    for item in (seq.items if seq else ()):
        nf = Fields.of(item, problems, "a share note", NOTE_FIELDS)
        if nf is None:
            continue
        letter = nf.text("letter")
        kinds = [k for k in ("count", "value") if nf.has(k)]
        if len(kinds) != 1:
            problems.add(item.mark, "a share note explains one figure of its letter: write 'count' or 'value' "
                                    f"(the figure the set has), not {' and '.join(kinds) or 'neither'}")
        figure = nf.whole(kinds[0], hi=MAX_COUNT if kinds[0] == "count" else MAX_VALUE) if len(kinds) == 1 else None
        reason = nf.text("reason", max_len=2000)
        if reason is not None and not reason.strip():
            problems.add(nf.mark("reason"), "a share note's 'reason' is blank: say why the set has this figure")
            reason = None
        if letter is None or figure is None or reason is None:
            continue
        tile = tiles.get(letter)
        if tile is None and inh is not None and inh.drop(item, f"share note of '{letter}'"):
            continue
        if tile is None:
            problems.add(nf.mark("letter"), f"a share note of '{letter}': the set has no tile '{letter}'")
            continue
        kind = kinds[0]
        if (letter, kind) in seen:
            problems.add(item.mark, f"the {kind} of '{letter}' has a share note already (line "
                                    f"{seen[letter, kind].line})")
            continue
        seen[letter, kind] = item.mark
        out.append(ShareNote(letter, kind, figure, reason.strip(), str(item.mark)))
    return tuple(out)


def _tiles(f: Fields, problems: Problems, script: str | None,
           symbols: frozenset[str]) -> list[tuple[Tile, Mark]] | None:
    seq = f.seq("tiles")
    if seq is None:
        return None
    if not seq.items:
        problems.add(seq.mark, "'tiles' is empty")
        return None
    out: list[tuple[Tile, Mark]] = []
    first: dict[str, Mark] = {}
    for item in seq.items:
        face_node = count_node = value_node = None
        if isinstance(item, Seq):
            if len(item.items) != 3:
                problems.add(item.mark, f"a tile is [face, count, value]: this one has {len(item.items)} "
                                        f"item{'s' if len(item.items) != 1 else ''}")
                continue
            face_node, count_node, value_node = item.items
        elif isinstance(item, Map):
            tf = Fields(item, problems, "a tile", TILE_FIELDS)
            face_node, count_node, value_node = (tf.raw(k) for k in TILE_FIELDS)
            if None in (face_node, count_node, value_node):
                problems.add(item.mark, "a tile needs face, count and value")
                continue
        else:
            problems.add(item.mark, f"a tile is [face, count, value], not {describe(item)}")
            continue
        face = None
        if not isinstance(face_node, Scalar):
            problems.add(face_node.mark, "a tile's face must be a letter")
        elif not face_node.quoted and not isinstance(face_node.value, str):
            problems.add(face_node.mark, f"a tile's face must be a letter, not {shortened(face_node.raw, 60)}")
        else:
            face = text_value(face_node, "face", problems)
        count = _whole(count_node, "count", problems, MAX_COUNT, "tiles of one letter")
        value = _whole(value_node, "value", problems, MAX_VALUE, "a tile's value")
        if face is None:
            continue
        if not face or len(face) > MAX_FACE:
            problems.add(face_node.mark, f"a tile's face has 1 to {MAX_FACE} letters, not {len(face)}")
            continue
        if script:
            why = script_problem(face, script, symbols)
            if why:
                problems.add(face_node.mark, why)
                continue
        if face in first:
            problems.add(face_node.mark, f"letter '{face}' is listed twice (first at line {first[face].line})")
            continue
        first[face] = face_node.mark
        if count is not None and value is not None:
            out.append((Tile(face, count, value), face_node.mark))
    return out


def _changed(f: Fields, problems: Problems, script: str | None, symbols: frozenset[str],
             tiles: list[tuple[Tile, Mark]], inh: _Inherited | None) -> list[tuple[Tile, Mark]]:
    """``tiles`` with ``tile_changes`` applied: ``{Ф: {value: 8}, Ё: {count: 1}}`` changes a letter's count,
    value or both; a letter the set has not is added when given both; count 0 takes a letter out. Each
    change is placed at its letter (its tile's place in messages from then on)."""
    node = f.raw("tile_changes")
    if node is None:
        return tiles
    if not isinstance(node, Map):
        problems.add(node.mark, f"'tile_changes' must map a letter to its change (e.g. {{Ф: {{value: 8}}}}), "
                                f"not {describe(node)}")
        return tiles
    out = {t.face: (t, mark) for t, mark in tiles}
    for face, change in node.values.items():
        if inh is not None and inh.replaced and id(change) in inh.nodes:
            continue  # a change of the list the own tiles replaced
        key = node.keys[face]
        figures = _change(face, change, key, problems, script, symbols)
        if figures is None:
            continue
        count, value = figures
        old = out.get(face)
        if old is None and count == 0:
            problems.add(key, f"tile_changes: count 0 takes a letter out, and the set has no tile '{face}'")
        elif old is None and (count is None or value is None):
            problems.add(key, f"tile_changes: the set has no tile '{face}': to add one, give its count and value")
        elif count == 0:
            del out[face]
            if inh is not None:
                inh.removed.append(face)
        else:
            was = old[0] if old else Tile(face, 0, 0)
            out[face] = (Tile(face, was.count if count is None else count, was.value if value is None else value), key)
    return list(out.values())


def _change(face: str, node, key: Mark, problems: Problems, script: str | None,
            symbols: frozenset[str]) -> tuple[int | None, int | None] | None:
    """One letter's change of ``tile_changes``: (its count, its value), None for what it leaves as it is;
    None when it is wrong (and said)."""
    if not isinstance(node, Map):
        problems.add(node.mark, f"tile_changes: the change of '{face}' is {{count: N}}, {{value: N}} or both, "
                                f"not {describe(node)}")
        return None
    before = len(problems.items)
    cf = Fields(node, problems, f"the change of '{face}'", CHANGE_FIELDS)
    count = _whole(cf.raw("count"), "count", problems, MAX_COUNT, "tiles of one letter") if cf.has("count") else None
    value = _whole(cf.raw("value"), "value", problems, MAX_VALUE, "a tile's value") if cf.has("value") else None
    if not cf.has("count") and not cf.has("value") and len(problems.items) == before:  # not beside a typo
        problems.add(node.mark, f"tile_changes: the change of '{face}' changes nothing: give its count, its "
                                f"value or both")
    if not face or len(face) > MAX_FACE:
        problems.add(key, f"a tile's face has 1 to {MAX_FACE} letters, not {len(face)}")
    elif script and (why := script_problem(face, script, symbols)):
        problems.add(key, why)
    return None if len(problems.items) > before else (count, value)


def _whole(node, key: str, problems: Problems, hi: int, limit_name: str) -> int | None:
    if not isinstance(node, Scalar):
        problems.add(node.mark, f"'{key}' must be a whole number, not {describe(node)}")
        return None
    return whole_value(node, key, problems, 0, hi, limit_name)
