"""``@value``: ``@dataclass`` for the core's classes, without compiling code at every start.

``@dataclass`` writes each class's ``__init__`` (and, when asked,
``__setattr__``/``__delattr__``, ``__eq__``, ``__hash__``, ``__repr__``) as
source text and ``exec``s it when the class is defined: about a millisecond
a class, for the core's 150 classes at every start. ``@value`` takes the
same arguments (those the core uses) and makes the same class: it lets
``dataclass`` collect the fields (so ``dataclasses.fields``, ``replace``,
``is_dataclass`` and ``__match_args__`` work as ever) without writing any
method, then gives the class

- an ``__init__`` compiled when it is first looked up (the first instance,
  or ``inspect.signature``): the text ``@dataclass`` writes (a frozen one
  holds ``object.__setattr__`` rather than looking it up on ``object``), so
  after that as fast;
- ``__eq__``, ``__hash__``, ``__repr__`` and the frozen slotted
  ``__getstate__``/``__setstate__`` written once here, shared by every class,
  each behaving as the one ``@dataclass`` writes for the class it gives it to
  (its fields); a frozen class's ``__setattr__``/``__delattr__`` are closures
  over it (``_frozen_methods``: made, not compiled), as each ``@dataclass``
  writes its own.

A method the class body defines is kept, as ``@dataclass`` keeps it. The
dataclass bases of a value class must be value classes (their frozen-ness
is checked across bases as ``@dataclass`` checks it). A value class's
``__dataclass_params__`` says what it is (init, repr, eq, frozen), so a
``@dataclass`` subclass of one is judged as a subclass of the ``@dataclass``
class would be (a mutable one of a frozen base is refused). InitVar
fields, ``order`` and ``unsafe_hash`` are not supported. One difference:
setting or deleting a name that is not a field on a frozen slotted instance
raises FrozenInstanceError, where Python 3.11's dataclass raises TypeError
(its method names the class slots replaced: CPython gh-105936).
"""

from __future__ import annotations

import copy
import dataclasses
import sys
from _thread import allocate_lock, get_ident
from collections.abc import Callable
from dataclasses import MISSING, FrozenInstanceError
from operator import attrgetter
from typing import Any, TypeVar

T = TypeVar("T", bound=type)


def value(
    cls: T | None = None,
    /,
    *,
    frozen: bool = False,
    eq: bool = True,
    repr: bool = True,
    kw_only: bool = False,
    slots: bool = False,
) -> Any:
    """``@dataclass(frozen=..., eq=..., repr=..., kw_only=..., slots=...)``, its methods written once (module doc)."""

    def wrap(cls: T) -> T:
        return _make(cls, frozen, eq, repr, kw_only, slots)

    return wrap if cls is None else wrap(cls)


def is_frozen(cls: type) -> bool:
    """Whether instances of the dataclass ``cls`` (a value class or not) are
    frozen: a value class's own mark, which (unlike ``__dataclass_params__``)
    no class definition in another thread changes for a moment (``_fields_only``)."""
    frozen = getattr(cls, "__value_frozen__", None)
    return cls.__dataclass_params__.frozen if frozen is None else frozen


def _make(cls: Any, frozen: bool, eq: bool, repr: bool, kw_only: bool, slots: bool) -> Any:
    body = cls.__dict__
    if frozen:
        for name in ("__setattr__", "__delattr__"):
            if name in body:
                raise TypeError(f"Cannot overwrite attribute {name} in class {cls.__name__}")
    bases = [b for b in cls.__mro__[1:] if hasattr(b, "__dataclass_fields__")]
    if any(getattr(b, "__value_frozen__", None) is None for b in bases):
        raise TypeError(f"{cls.__name__}: the dataclass bases of a value class must be value classes")
    if bases and any(is_frozen(b) for b in bases) != frozen:
        this, other = ("", "non-") if frozen else ("non-", "")
        raise TypeError(f"cannot inherit {this}frozen dataclass from a {other}frozen one")
    class_hash = body.get("__hash__", MISSING)
    explicit_hash = not (class_hash is MISSING or (class_hash is None and "__eq__" in body))
    worded = bool(cls.__doc__)
    if not worded:
        cls.__doc__ = "-"  # (else dataclass words it from the __init__ inherited now: set below)
    cls = _fields_only(cls, bases, kw_only, slots)
    params = cls.__dataclass_params__ = copy.copy(cls.__dataclass_params__)
    params.init, params.repr, params.eq, params.frozen = True, repr, eq, frozen  # what the class is, not what dataclass wrote
    fields = dataclasses.fields(cls)
    initvar = dataclasses._FIELD_INITVAR  # type: ignore[attr-defined]
    if any(f._field_type is initvar for f in cls.__dataclass_fields__.values()):
        raise TypeError(f"{cls.__name__}: a value class takes no InitVar")
    seen_default = False
    for f in fields:  # what @dataclass checks as it writes the __init__
        if f.init and not f.kw_only:
            if f.default is not MISSING or f.default_factory is not MISSING:
                seen_default = True
            elif seen_default:
                raise TypeError(f"non-default argument {f.name!r} follows default argument")
    body = cls.__dict__
    cls.__value_frozen__ = frozen
    if "__init__" not in body:
        cls.__init__ = _LazyInit(cls, frozen, slots)
    if repr and "__repr__" not in body:
        cls.__repr__ = _repr
    if eq:
        if "__eq__" not in body:
            cls.__eq__ = _eq
        if not explicit_hash:
            cls.__hash__ = _hash if frozen else None
    if frozen:
        cls.__setattr__, cls.__delattr__ = _frozen_methods(cls, fields)
        if slots:
            if "__getstate__" not in body:
                cls.__getstate__ = _getstate
            if "__setstate__" not in body:
                cls.__setstate__ = _setstate
    if not worded:
        cls.__doc__ = cls.__name__ + _signature_text(fields)
    return cls


def _fields_only(cls: Any, bases: list[type], kw_only: bool, slots: bool) -> Any:
    """``dataclass`` collecting the fields and writing no method. Asked for a
    mutable class (a frozen one would have its ``__setattr__`` compiled), it
    would refuse a frozen base: the bases say mutable while it runs (the
    frozen-ness across bases is checked in ``_make``)."""
    with _MARKING:  # one definition at a time marks its bases (the rules index imports systems on a thread)
        frozen = [b for b in bases if "__dataclass_params__" in b.__dict__ and b.__dataclass_params__.frozen]
        for b in frozen:
            b.__dataclass_params__.frozen = False
        try:
            return dataclasses.dataclass(cls, init=False, repr=False, eq=False, kw_only=kw_only, slots=slots)
        finally:
            for b in frozen:
                b.__dataclass_params__.frozen = True


_MARKING = allocate_lock()


# ------------------------------------------------------------------ __init__


class _Factory:
    def __repr__(self) -> str:
        return "<factory>"


_FACTORY = _Factory()  # the default of an argument whose field has a default_factory


class _LazyInit:
    """A value class's ``__init__`` until it is first looked up: then the one
    ``@dataclass`` would have written, compiled and put in its place."""

    __slots__ = ("cls", "frozen", "slots")

    def __init__(self, cls: type, frozen: bool, slots: bool) -> None:
        self.cls, self.frozen, self.slots = cls, frozen, slots

    def __get__(self, obj: Any, owner: Any = None) -> Any:
        init = self.cls.__dict__["__init__"]
        if init is self:
            init = _compile_init(self.cls, self.frozen, self.slots)
            type.__setattr__(self.cls, "__init__", init)
        return init if obj is None else init.__get__(obj, owner)


def _compile_init(cls: type, frozen: bool, slots: bool) -> Callable[..., None]:
    """The ``__init__`` ``@dataclass`` writes for ``cls`` (its text, Python 3.11's)."""
    fields = dataclasses.fields(cls)
    me = "__dataclass_self__" if "self" in cls.__dataclass_fields__ else "self"  # type: ignore[attr-defined]
    names: dict[str, Any] = {
        "__value_setattr__": object.__setattr__, "_HAS_DEFAULT_FACTORY": _FACTORY, "_return_type": None,
    }  # fmt: skip
    positional, keywords, lines = [], [], []
    for f in fields:
        names[f"_type_{f.name}"] = f.type
        default = f"_dflt_{f.name}"
        if f.init:
            if f.default is not MISSING:
                names[default] = f.default
                param = f"{f.name}:_type_{f.name}={default}"
            elif f.default_factory is not MISSING:
                param = f"{f.name}:_type_{f.name}=_HAS_DEFAULT_FACTORY"
            else:
                param = f"{f.name}:_type_{f.name}"
            (keywords if f.kw_only else positional).append(param)
        if f.default_factory is not MISSING:
            names[default] = f.default_factory
            given = f"{default}() if {f.name} is _HAS_DEFAULT_FACTORY else {f.name}" if f.init else f"{default}()"
        elif f.init:
            given = f.name
        elif slots and f.default is not MISSING:
            names[default] = f.default
            given = default
        else:
            continue  # read from the class attribute that holds the default
        lines.append(f"__value_setattr__({me},{f.name!r},{given})" if frozen else f"{me}.{f.name}={given}")
    if hasattr(cls, "__post_init__"):
        lines.append(f"{me}.__post_init__()")
    params = [me, *positional, *(["*", *keywords] if keywords else [])]
    text = "\n".join(
        [
            f"def __create_fn__({', '.join(names)}):",
            f" def __init__({','.join(params)})->_return_type:",
            *(f"  {line}" for line in lines or ["pass"]),
            " return __init__",
        ]
    )
    module = sys.modules.get(cls.__module__)
    made: dict[str, Any] = {}
    code = compile(text, "<string>", "exec", dont_inherit=True)  # (not this module's string annotations)
    exec(code, module.__dict__ if module is not None else {}, made)  # noqa: S102 - made above from field names
    init = made["__create_fn__"](**names)
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    return init


def _signature_text(fields: tuple[dataclasses.Field[Any], ...]) -> str:
    """``str(inspect.signature(cls))`` as ``@dataclass`` words a class without a docstring."""
    import inspect  # (dataclasses has imported it)

    P = inspect.Parameter
    params = []
    for kw_only in (False, True):
        for f in fields:
            if f.init and f.kw_only is kw_only:
                default = f.default if f.default is not MISSING else P.empty
                if f.default_factory is not MISSING:
                    default = _FACTORY
                kind = P.KEYWORD_ONLY if kw_only else P.POSITIONAL_OR_KEYWORD
                params.append(P(f.name, kind, default=default, annotation=f.type))
    return str(inspect.Signature(params, return_annotation=None)).replace(" -> None", "")


# ------------------------------------------------------------------ the shared methods


def _getter(names: list[str]) -> Callable[[Any], tuple[Any, ...]]:
    if len(names) > 1:
        return attrgetter(*names)
    if names:  # (attrgetter of one name gives the value, not a tuple)
        one = attrgetter(names[0])
        return lambda obj: (one(obj),)
    return lambda obj: ()


def _owner(cls: type, name: str, method: Any) -> type:
    """The class ``@value`` gave ``method`` as ``name``, nearest in ``cls``'s mro."""
    for c in cls.__mro__:
        if c.__dict__.get(name) is method:
            return c
    raise TypeError(f"{cls.__name__} has no {name} of a value class")


_COMPARED: dict[type, Callable[[Any], tuple[Any, ...]]] = {}
_HASHED: dict[type, Callable[[Any], tuple[Any, ...]]] = {}
_SHOWN: dict[type, tuple[str, ...]] = {}


def field_values(cls: type) -> Callable[[Any], tuple[Any, ...]]:
    """The tuple of the compared fields of an instance of ``cls`` (its ``__eq__``'s
    class's fields with compare=True, in order), the getter made once per class."""
    values = _COMPARED.get(cls)
    if values is None:
        fields = dataclasses.fields(_owner(cls, "__eq__", _eq))
        values = _COMPARED[cls] = _getter([f.name for f in fields if f.compare])
    return values


def _eq(self: Any, other: Any) -> Any:
    if other.__class__ is self.__class__:
        values = _COMPARED.get(self.__class__) or field_values(self.__class__)
        return values(self) == values(other)
    return NotImplemented


def _hash(self: Any) -> int:
    cls = self.__class__
    values = _HASHED.get(cls)
    if values is None:
        fields = dataclasses.fields(_owner(cls, "__hash__", _hash))
        values = _HASHED[cls] = _getter([f.name for f in fields if (f.compare if f.hash is None else f.hash)])
    return hash(values(self))


_REPR_RUNNING: set[tuple[int, int]] = set()


def _repr(self: Any) -> str:
    cls = self.__class__
    shown = _SHOWN.get(cls)
    if shown is None:
        shown = _SHOWN[cls] = tuple(f.name for f in dataclasses.fields(_owner(cls, "__repr__", _repr)) if f.repr)
    key = (id(self), get_ident())
    if key in _REPR_RUNNING:  # as @dataclass's: an instance within itself is "..."
        return "..."
    _REPR_RUNNING.add(key)
    try:
        return f"{cls.__qualname__}({', '.join(f'{name}={getattr(self, name)!r}' for name in shown)})"
    finally:
        _REPR_RUNNING.discard(key)


def _frozen_methods(cls: type, fields: tuple[dataclasses.Field[Any], ...]) -> tuple[Any, Any]:
    """The frozen ``__setattr__`` and ``__delattr__`` ``@dataclass`` writes for
    ``cls``, as closures over it (no text compiled): a field, or any name on
    an instance of ``cls`` itself, is refused; a plain subclass's own name is
    passed on up, to the next class's."""
    names = frozenset(f.name for f in fields)

    def __setattr__(self: Any, name: str, value: Any) -> None:
        if type(self) is cls or name in names:
            raise FrozenInstanceError(f"cannot assign to field {name!r}")
        super(cls, self).__setattr__(name, value)

    def __delattr__(self: Any, name: str) -> None:
        if type(self) is cls or name in names:
            raise FrozenInstanceError(f"cannot delete field {name!r}")
        super(cls, self).__delattr__(name)

    __setattr__.__qualname__ = f"{cls.__qualname__}.__setattr__"
    __delattr__.__qualname__ = f"{cls.__qualname__}.__delattr__"
    return __setattr__, __delattr__


def _getstate(self: Any) -> list[Any]:
    return [getattr(self, f.name) for f in dataclasses.fields(self)]


def _setstate(self: Any, state: list[Any]) -> None:
    for f, v in zip(dataclasses.fields(self), state):
        object.__setattr__(self, f.name, v)
