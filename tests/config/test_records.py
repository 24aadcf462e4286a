"""printkit.records: a record behaves as the frozen dataclass it replaces, to every caller."""

from __future__ import annotations

import copy
import dataclasses
import pickle
from dataclasses import FrozenInstanceError, dataclass, field

import pytest

from printkit.records import record

_counter = iter(range(1000))


def _body():
    """The same class body for a record and for a frozen dataclass: a default, a factory, a field out of
    __init__, one out of ==, one out of repr, and a property."""
    return {
        "__annotations__": {"a": "int", "b": "str", "c": "list", "d": "int", "e": "float", "f": "str"},
        "__doc__": "A sample.",
        "b": "bee",
        "c": field(default_factory=lambda: [next(_counter) * 0]),
        "d": field(default=4, init=False),
        "e": field(default=0.5, compare=False),
        "f": field(default="hidden", repr=False),
        "twice": property(lambda self: 2 * self.a),
    }


Rec = record(type("Sample", (), _body()))
Dc = dataclass(frozen=True)(type("Sample", (), _body()))
Empty = record(type("Empty", (), {"__doc__": "No fields."}))
One = record(type("One", (), {"__annotations__": {"x": "int"}, "__doc__": "One field."}))


def _both(*args, **kwargs):
    return Rec(*args, **kwargs), Dc(*args, **kwargs)


@pytest.mark.parametrize("args, kwargs", [((1,), {}), ((1, "x"), {}), ((), {"a": 1, "b": "y"}),
                                          ((1, "x", [5], 0.25, "f"), {}), ((1,), {"e": 2.0, "f": "g"})])
def test_the_same_fields_repr_and_equality_as_a_frozen_dataclass(args, kwargs):
    r, d = _both(*args, **kwargs)
    assert repr(r) == repr(d)
    assert [(f.name, getattr(r, f.name)) for f in dataclasses.fields(r)] == \
        [(f.name, getattr(d, f.name)) for f in dataclasses.fields(d)]
    assert r == Rec(*args, **kwargs) and not r != Rec(*args, **kwargs)
    assert r.twice == 2 * r.a and r.d == 4


def test_equality_and_hash_leave_out_what_the_dataclass_leaves_out():
    one, other = Rec(1, "x", (), e=1.0), Rec(1, "x", (), e=2.0)  # e is not compared
    assert one == other and hash(one) == hash(other)
    assert hash(one) == hash(Dc(1, "x", (), e=9.0))  # the same tuple of compared fields
    assert Rec(1, "x", ()) != Rec(2, "x", ()) and Rec(1, "x", ()) != Rec(1, "x", (), f="other")
    assert Rec(1) != Dc(1) and (Rec(1) == 1) is False  # another class is never equal
    assert Rec.__eq__(Rec(1), Dc(1)) is NotImplemented
    assert Empty() == Empty() and hash(Empty()) == hash(()) and repr(Empty()) == "Empty()"
    assert One(3) == One(3) != One(4) and hash(One(3)) == hash((3,)) and repr(One(3)) == "One(x=3)"


@pytest.mark.parametrize("args, kwargs, named", [
    ((), {}, "a"),  # a required field missing
    ((1, "x", [], 0.5, "f", "extra"), {}, None),  # too many
    ((1,), {"a": 2}, "a"),  # twice
    ((1,), {"d": 5}, "d"),  # a field out of __init__
    ((1,), {"zz": 5}, "zz"),  # no such field
])
def test_the_wrong_arguments_raise_as_the_dataclass_raises(args, kwargs, named):
    with pytest.raises(TypeError) as dc_error:
        Dc(*args, **kwargs)
    with pytest.raises(TypeError) as rec_error:
        Rec(*args, **kwargs)
    said, dc_said = str(rec_error.value), str(dc_error.value)
    assert said.startswith("Sample.__init__() ")
    assert said.split("__init__() ")[1].split()[0] == dc_said.split("__init__() ")[1].split()[0]  # "missing", …
    if named:
        assert f"'{named}'" in said and f"'{named}'" in dc_said


def test_a_record_is_frozen():
    r = Rec(1)
    for change in (lambda: setattr(r, "a", 2), lambda: setattr(r, "new", 2), lambda: delattr(r, "a")):
        with pytest.raises(FrozenInstanceError):
            change()
    assert r.a == 1


def test_factories_give_each_record_its_own_value():
    one, other = Rec(1), Rec(1)
    assert one.c == other.c == [0] and one.c is not other.c


def test_replace_copy_and_pickle_make_equal_records():
    r = Rec(1, "x", [2], e=0.75, f="g")
    changed = dataclasses.replace(r, a=5)
    assert (changed.a, changed.b, changed.c, changed.e, changed.f, changed.d) == (5, "x", [2], 0.75, "g", 4)
    with pytest.raises(ValueError):
        dataclasses.replace(r, d=1)  # not an __init__ field
    assert copy.copy(r) == r and copy.deepcopy(r) == r
    global Sample  # pickle finds a class by its module and name
    Sample = Rec
    try:
        back = pickle.loads(pickle.dumps(r))
    finally:
        del Sample
    assert back == r and back.e == 0.75 and back.f == "g"
    assert dataclasses.is_dataclass(r) and dataclasses.astuple(One(3)) == (3,)
    assert One.__match_args__ == ("x",)


def test_a_class_that_writes_its_own_methods_is_refused():
    with pytest.raises(TypeError, match="defines __eq__"):
        record(type("Own", (), {"__annotations__": {"x": "int"}, "__eq__": lambda self, other: True}))
    with pytest.raises(TypeError, match="hash"):
        record(type("Hashed", (), {"__annotations__": {"x": "int"}, "x": field(default=1, hash=False)}))


def test_the_post_init_runs_after_the_fields_are_set():
    seen = []
    Post = record(type("Post", (), {"__annotations__": {"x": "int"},
                                    "__post_init__": lambda self: seen.append(self.x)}))
    Post(7)
    assert seen == [7]


def test_the_kits_are_records_equal_when_loaded_twice():
    from printkit.config import kit_names, load_kit
    from printkit.model import Kit

    assert Kit.__init__ is Rec.__init__  # the model is made of records
    for name in kit_names():
        one, other = load_kit(name), load_kit(name)
        assert one is not other and one == other, name
        assert hash(one.physical) == hash(other.physical)
        assert dataclasses.replace(one, title="x") != one
