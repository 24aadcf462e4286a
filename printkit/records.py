"""Frozen records: frozen dataclasses whose methods are shared rather than compiled for each class.

``@record`` on a class with annotated fields is ``@dataclass(frozen=True)`` to every caller: the same
``__init__`` arguments (positional or by name, defaults, ``field(default_factory=…)``, fields left out
of ``__init__``), ``==`` and ``hash()`` over the fields compared (``field(compare=False)`` left out),
the same ``repr()``, ``FrozenInstanceError`` on assigning or deleting a field; and it *is* a dataclass:
``dataclasses.fields``, ``replace`` and ``is_dataclass`` work on it, and pickling. What differs is the
cost of making the class: Python 3.11's ``dataclass`` writes each method as source text and compiles
it, six compilations a frozen class, about 0.7 ms; printkit's model is 29 such classes, and ``list``
or ``check`` pays for them on every start (20 ms of a ``list`` of 140). A record's methods are
written once, here, and find the class's fields in a table made when the class is (0.1 ms).

For records made a few hundred at a time (a kit and what it holds). The geometry's items, made by
the hundred thousand, stay dataclasses, whose compiled ``__init__`` is quicker to call.
"""

from __future__ import annotations

from dataclasses import MISSING, FrozenInstanceError, dataclass, fields
from operator import attrgetter

_METHODS = ("__init__", "__repr__", "__eq__", "__hash__", "__setattr__", "__delattr__")


class _Table:
    """What the shared methods need to know of one record class."""

    __slots__ = ("init", "later", "key", "shown")

    def __init__(self, cls: type):
        every = fields(cls)
        self.init = tuple((f.name, f.default, f.default_factory) for f in every if f.init)
        self.later = tuple((f.name, f.default, f.default_factory) for f in every if not f.init)
        compared = tuple(f.name for f in every if f.compare)
        # the fields as one tuple, quickly (attrgetter of one name gives the value, not a tuple)
        self.key = (attrgetter(*compared) if len(compared) > 1
                    else (lambda obj, n=compared[0]: (getattr(obj, n),)) if compared else (lambda obj: ()))
        self.shown = tuple(f.name for f in every if f.repr)


def record(cls: type) -> type:
    """``cls`` as a frozen record (see the module's docstring)."""
    for name in _METHODS:
        if name in cls.__dict__:
            raise TypeError(f"record {cls.__qualname__} defines {name}: use @dataclass(frozen=True)")
    cls = dataclass(cls, init=False, repr=False, eq=False)  # fields, defaults, __match_args__: no compiling
    for f in fields(cls):
        if f.hash is not None and f.hash != f.compare:
            raise TypeError(f"record {cls.__qualname__}.{f.name}: field(hash=…) is not for records")
    cls._record = _Table(cls)
    for name, method in zip(_METHODS, (_init, _repr, _eq, _hash, _setattr, _delattr)):
        type.__setattr__(cls, name, method)
    return cls


def _value(cls: type, name: str, default, factory):
    if default is not MISSING:
        return default
    if factory is not MISSING:
        return factory()
    raise TypeError(f"{cls.__qualname__}.__init__() missing 1 required argument: '{name}'")


def _init(self, *args, **kwargs) -> None:
    cls = type(self)
    table = cls._record
    if len(args) > len(table.init):
        raise TypeError(f"{cls.__qualname__}.__init__() takes {len(table.init) + 1} positional arguments "
                        f"but {len(args) + 1} were given")
    put = object.__setattr__
    for i, (name, default, factory) in enumerate(table.init):
        if i < len(args):
            if name in kwargs:
                raise TypeError(f"{cls.__qualname__}.__init__() got multiple values for argument '{name}'")
            put(self, name, args[i])
        elif name in kwargs:
            put(self, name, kwargs.pop(name))
        else:
            put(self, name, _value(cls, name, default, factory))
    if kwargs:
        raise TypeError(f"{cls.__qualname__}.__init__() got an unexpected keyword argument '{next(iter(kwargs))}'")
    for name, default, factory in table.later:
        put(self, name, _value(cls, name, default, factory))
    post = getattr(self, "__post_init__", None)
    if post is not None:
        post()


def _repr(self) -> str:
    shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in type(self)._record.shown)
    return f"{type(self).__qualname__}({shown})"


def _eq(self, other):
    if other.__class__ is not self.__class__:
        return NotImplemented
    key = type(self)._record.key
    return key(self) == key(other)


def _hash(self) -> int:
    return hash(type(self)._record.key(self))


def _setattr(self, name: str, value) -> None:
    raise FrozenInstanceError(f"cannot assign to field {name!r}")


def _delattr(self, name: str) -> None:
    raise FrozenInstanceError(f"cannot delete field {name!r}")


__all__ = ["record"]
