"""Typed access to YAML nodes that collects problems instead of raising on the first one.

A :class:`Fields` wraps one mapping: it knows which keys are allowed (and suggests the nearest
one for a typo), and its getters return ``None`` after recording a problem, so validation goes
on and the user sees every mistake in one run.
"""

from __future__ import annotations

import math
from typing import Iterable

from ..errors import Problem
from ..report import shortened
from ..text import Said
from .yamlsrc import Map, Mark, Node, Scalar, Seq

_KIND = {Map: "cfg_a_mapping", Seq: "cfg_a_list", Scalar: "cfg_a_value"}


def described(node: Node, whole_file: bool = False) -> Said | str:
    """A node as a message names what was written: ``5``, ``the text "5"``, ``a list`` (a sentence, said in
    the message's language, or the value as written). ``whole_file``: the node is a file's whole content,
    where a plain word or line is text someone wrote (a file of prose given as a profile), not a value."""
    if isinstance(node, Scalar):
        if node.quoted or (whole_file and isinstance(node.value, str)):
            return Said("cfg_the_text", {"text": shortened(node.raw, 60)})
        if node.value is None:
            return Said("cfg_nothing")
        return shortened(node.raw, 60)
    return Said(_KIND[type(node)])


def describe(node: Node, whole_file: bool = False) -> str:
    """:func:`described`, in English."""
    what = described(node, whole_file)
    return what if isinstance(what, str) else what("en")


def key_of(name: str) -> Said:
    """A key as a message names it, ``'tile_mm'``: a figure of its own, which the web page says as the
    field's label."""
    return Said("cfg_key", {"name": name})


class Problems:
    """Collects problems; ``bool(problems)`` is true when any were found."""

    def __init__(self) -> None:
        self.items: list[Problem] = []

    def add(self, where: Mark | str, message) -> None:
        """A problem at ``where``: its text, or a sentence of the text table (a ``Said``), which the
        web page says in the kit's language and everyone else in English."""
        if isinstance(message, str):
            self.items.append(Problem(where, message))
        else:
            self.items.append(Problem(where, message("en"), said=message))

    def __bool__(self) -> bool:
        return bool(self.items)


def nearest(word: str, choices: Iterable[str]) -> str | None:
    """The choice nearest to a mistyped ``word`` (a key, a name, a command, an option), or None."""
    import difflib  # only for a word that is wrong

    close = difflib.get_close_matches(word, list(choices), n=1, cutoff=0.6)
    return close[0] if close else None


# Cyrillic letters a Latin word is often typed with (a Russian keyboard's А for A: «А4»), and their Latin twins
LOOKALIKES = dict(zip("АВЕКМНОРСТХаеорсху", "ABEKMHOPCTXaeopcxy"))


def cyrillic(word: str, choices: Iterable[str], case: bool = True) -> str | None:
    """``the А is Cyrillic (U+0410); write the Latin A4`` when ``word`` is one of ``choices`` but for Cyrillic
    look-alike letters typed for Latin ones (``case``: False where the choices are matched ignoring case)."""
    said = cyrillic_said(word, choices, case)
    return None if said is None else said("en")


def cyrillic_said(word: str, choices: Iterable[str], case: bool = True) -> Said | None:
    """:func:`cyrillic` as a sentence, to be said in any language."""
    latin = "".join(LOOKALIKES.get(c, c) for c in word)
    if latin == word:
        return None
    fold = (lambda t: t) if case else str.lower
    meant = next((c for c in choices if fold(c) == fold(latin)), None)
    if meant is None:
        return None
    letters = list(dict.fromkeys(c for c in word if c in LOOKALIKES))
    them: Said | str = letters[0]
    for more in letters[1:]:
        them = Said("cfg_and", {"a": them, "b": more})
    codes = ", ".join(f"U+{ord(c):04X}" for c in letters)
    return Said("cfg_cyrillic_one" if len(letters) == 1 else "cfg_cyrillic_many",
                {"letters": them, "codes": codes, "meant": meant})


def suggest(word: str, choices: Iterable[str]) -> str:
    """:func:`suggested`, in English."""
    hint = suggested(word, choices)
    return hint if isinstance(hint, str) else hint("en")


def suggested(word: str, choices: Iterable[str]) -> Said | str:
    """`` (did you mean 'A4'?)``, or the Cyrillic letters typed for Latin ones, or nothing."""
    choices = list(choices)
    latin = cyrillic_said(word, choices)
    if latin:
        return Said("cfg_parens", {"text": latin})
    close = nearest(word, choices)
    return Said("cfg_did_you_mean", {"word": close}) if close else ""


class Fields:
    """The fields of one mapping, read with types, ranges and known keys. ``retired`` keys are not
    unknown (whoever reads the mapping says why they are refused) and are never suggested."""

    def __init__(self, node: Map, problems: Problems, what: str, known: Iterable[str],
                 retired: Iterable[str] = ()):
        self.node = node
        self.problems = problems
        self.what = what
        self.known = tuple(known)
        retired = frozenset(retired)
        for key, mark in node.keys.items():
            if key not in self.known and key not in retired:
                problems.add(mark, Said("cfg_unknown_key", {"key": key, "what": Said("cfg_in_kit") if what == "a kit"
                                                            else what, "hint": suggested(key, self.known)}))

    @classmethod
    def of(cls, node: Node | None, problems: Problems, what: str, known: Iterable[str],
           where: Mark | None = None, retired: Iterable[str] = ()) -> "Fields | None":
        if isinstance(node, Map):
            return cls(node, problems, what, known, retired)
        if node is not None:
            problems.add(node.mark, f"{what} must be a mapping of keys, not {describe(node)}")
        elif where is not None:
            problems.add(where, f"{what} is missing")
        return None

    # -- access -------------------------------------------------------------------------------

    def has(self, key: str) -> bool:
        return key in self.node.values

    def raw(self, key: str) -> Node | None:
        return self.node.values.get(key)

    def mark(self, key: str) -> Mark:
        return self.node.values[key].mark if key in self.node.values else self.node.mark

    def _missing(self, key: str, required: bool) -> None:
        if required:
            self.problems.add(self.node.mark, f"{self.what} has no '{key}'")

    def _scalar(self, key: str, required: bool, kind: str) -> Scalar | None:
        node = self.node.values.get(key)
        if node is None:
            self._missing(key, required)
            return None
        if not isinstance(node, Scalar):
            self.problems.add(node.mark, Said("cfg_must_be", {"key": key_of(key), "kind": Said(kind),
                                                              "what": described(node)}))
            return None
        if node.value is None and not node.quoted:
            if required:
                self.problems.add(node.mark, Said("cfg_empty_kind", {"key": key_of(key), "kind": Said(kind)}))
            return None
        return node

    def text(self, key: str, required: bool = True, default: str | None = None,
             max_len: int = 2000) -> str | None:
        node = self._scalar(key, required, "cfg_kind_text")
        if node is None:
            return default
        return text_value(node, key, self.problems, max_len)

    def whole(self, key: str, required: bool = True, default: int | None = None,
              lo: int = 0, hi: int | None = None, limit_name: Said | str = "") -> int | None:
        node = self._scalar(key, required, "cfg_kind_whole")
        if node is None:
            return default
        return whole_value(node, key, self.problems, lo, hi, limit_name)

    def number(self, key: str, required: bool = True, default: float | None = None,
               lo: float = 0.0, hi: float | None = None, unit: str = "",
               lo_open: bool = False) -> float | None:
        node = self._scalar(key, required, "cfg_kind_number")
        if node is None:
            return default
        return number_value(node, key, self.problems, lo, hi, unit, lo_open)

    def flag(self, key: str, default: bool = False) -> bool:
        node = self._scalar(key, False, "cfg_kind_flag")
        if node is None:
            return default
        if isinstance(node.value, bool) and not node.quoted:
            return node.value
        extra = f": {node.trap}" if node.trap else ""
        what = described(node)
        self.problems.add(node.mark, Said("cfg_must_be", {"key": key_of(key), "kind": Said("cfg_kind_flag"),
                                                          "what": what + extra if isinstance(what, str)
                                                          else Said("cfg_then", {"a": what, "b": extra})}))
        return default

    def choice(self, key: str, choices: Iterable[str], required: bool = True,
               default: str | None = None) -> str | None:
        choices = tuple(choices)
        value = self.text(key, required, None)
        if value is None:
            return default
        latin = cyrillic_said(value, choices) if value not in choices else None
        if latin:
            self.problems.add(self.mark(key), Said("cfg_named_value", {"key": key_of(key), "value": value,
                                                                       "why": latin}))
            return default
        if value not in choices:
            self.problems.add(self.mark(key), Said("cfg_one_of", {"key": key_of(key), "choices": ", ".join(choices),
                                                                  "value": value,
                                                                  "hint": suggested(value, choices)}))
            return default
        return value

    def seq(self, key: str, required: bool = True) -> Seq | None:
        node = self.node.values.get(key)
        if node is None:
            self._missing(key, required)
            return None
        if not isinstance(node, Seq):
            self.problems.add(node.mark, f"'{key}' must be a list, not {describe(node)}")
            return None
        return node

    def sub(self, key: str, known: Iterable[str], required: bool = False,
            retired: Iterable[str] = ()) -> "Fields | None":
        node = self.node.values.get(key)
        if node is None:
            self._missing(key, required)
            return None
        return Fields.of(node, self.problems, f"'{key}'", known, retired=retired)


def text_value(node: Scalar, key: str, problems: Problems, max_len: int = 2000) -> str | None:
    if node.trap:
        problems.add(node.mark, f"'{key}': {node.trap}")
        return None
    if not isinstance(node.value, str):
        # a number where text is expected is fine when it is plainly a name (e.g. 15); keep its spelling
        if isinstance(node.value, bool):
            problems.add(node.mark, f"'{key}' must be text, not {shortened(node.raw, 60)}")
            return None
        return node.raw
    if len(node.value) > max_len:
        problems.add(node.mark, f"'{key}' is longer than {max_len} characters")
        return None
    return node.value


def whole_value(node: Scalar, key: str, problems: Problems, lo: int = 0, hi: int | None = None,
                limit_name: Said | str = "") -> int | None:
    v = node.value
    named = key_of(key)
    if node.quoted:
        problems.add(node.mark, Said("cfg_quoted_whole", {"key": named, "text": shortened(node.raw, 60)}))
        return None
    if node.trap:
        problems.add(node.mark, f"'{key}' must be a whole number: {node.trap}")
        return None
    if isinstance(v, bool) or not isinstance(v, (int, float)):
        problems.add(node.mark, Said("cfg_must_be", {"key": named, "kind": Said("cfg_kind_whole"),
                                                     "what": described(node)}))
        return None
    if isinstance(v, float):
        if v.is_integer() and math.isfinite(v):
            problems.add(node.mark, Said("cfg_whole_write", {"key": named, "n": int(v),
                                                             "raw": shortened(node.raw, 60)}))
        else:
            problems.add(node.mark, Said("cfg_whole_not", {"key": named, "raw": shortened(node.raw, 60)}))
        return None
    if v < lo:
        problems.add(node.mark, Said("cfg_low", {"key": named, "lo": lo, "value": v}))
        return None
    if hi is not None and v > hi:
        if limit_name:
            problems.add(node.mark, Said("cfg_high_for", {"key": named, "value": v, "what": limit_name, "hi": hi}))
        else:
            problems.add(node.mark, Said("cfg_high", {"key": named, "hi": hi, "value": v}))
        return None
    return v


def number_value(node: Scalar, key: str, problems: Problems, lo: float = 0.0, hi: float | None = None,
                 unit: str = "", lo_open: bool = False) -> float | None:
    v = node.value
    named = key_of(key)
    if node.quoted:
        problems.add(node.mark, Said("cfg_quoted_number", {"key": named, "text": shortened(node.raw, 60)}))
        return None
    if node.trap:
        problems.add(node.mark, f"'{key}' must be a number: {node.trap}")
        return None
    comma = _decimal_comma(v)
    if comma:
        problems.add(node.mark, Said("cfg_comma", {"key": named, "value": v.strip(), "fixed": comma}))
        return None
    if isinstance(v, bool) or not isinstance(v, (int, float)) or not math.isfinite(v):
        hint = Said("cfg_mm_hint") if unit == "mm" and isinstance(v, str) else ""
        if unit:
            problems.add(node.mark, Said("cfg_number_of", {"key": named, "unit": Said("cfg_mm") if unit == "mm"
                                                           else unit, "what": described(node), "hint": hint}))
        else:
            problems.add(node.mark, Said("cfg_must_be", {"key": named, "kind": Said("cfg_kind_number"),
                                                         "what": described(node)}))
        return None
    u = f" {unit}" if unit else ""
    if v < lo or (lo_open and v == lo):
        if unit in ("", "mm"):
            said = f"cfg_{'above' if lo_open else 'at_least'}{'_mm' if unit else ''}"
            problems.add(node.mark, Said(said, {"key": named, "value": node.raw, "lo": f"{lo:g}"}))
        else:
            least = "more than" if lo_open else "at least"
            problems.add(node.mark, f"'{key}' is {shortened(node.raw, 60)}{u}: it must be {least} {lo:g}{u}")
        return None
    if hi is not None and v > hi:
        if unit in ("", "mm"):
            problems.add(node.mark, Said(f"cfg_top{'_mm' if unit else ''}", {"key": named, "value": node.raw,
                                                                              "hi": f"{hi:g}"}))
        else:
            problems.add(node.mark, f"'{key}' is {shortened(node.raw, 60)}{u}: the limit is {hi:g}{u}")
        return None
    return float(v)


def _decimal_comma(value) -> str | None:
    """``20,5`` written for 20.5: the number with a point, or None."""
    import re

    if isinstance(value, str) and re.fullmatch(r"\s*[+-]?[0-9]+,[0-9]+\s*", value):
        return value.strip().replace(",", ".")
    return None


def word_list(f: Fields, name: str, allowed: tuple[str, ...], empty: bool = False) -> tuple[str, ...] | None:
    """The list under ``name`` of words from ``allowed``, each once (a profile's formats, papers,
    job order); ``empty``: an empty list is one. A problem at the item or the list, and None."""
    node = f.raw(name)
    if isinstance(node, Seq) and not node.items and not empty:
        f.problems.add(node.mark, f"'{name}' lists nothing: list at least one of {', '.join(allowed)}")
        return None
    if not isinstance(node, Seq):
        f.problems.add(node.mark, f"'{name}' is a list of {', '.join(allowed)}, not {describe(node)}")
        return None
    out: list[str] = []
    for item in node.items:
        value = getattr(item, "value", None)
        if not isinstance(value, str) or value not in allowed:
            what = "an empty item" if isinstance(item, Scalar) and item.value is None and not item.quoted \
                else describe(item)
            f.problems.add(item.mark, f"'{name}' lists {what}: it may list {', '.join(allowed)}"
                                      f"{suggest(str(value), allowed) if isinstance(value, str) else ''}")
            return None
        if value in out:
            f.problems.add(item.mark, f"'{name}' lists '{value}' twice")
            return None
        out.append(value)
    return tuple(out)
