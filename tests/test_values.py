"""``@value`` makes the class ``@dataclass`` makes (gm_console/core/values.py):
each test builds one class body twice, once with each decorator and the same
arguments, and holds the value class to the dataclass."""

from __future__ import annotations

import builtins
import copy
import dataclasses
import inspect
import itertools
import os
import pickle
import re
import subprocess
import sys
from dataclasses import FrozenInstanceError, dataclass, field
from operator import attrgetter
from typing import Any, ClassVar

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gm_console.core.values import field_values, is_frozen, value

OPTIONS = [
    dict(zip(("frozen", "eq", "repr", "kw_only", "slots"), combo))
    for combo in itertools.product((False, True), (True, False), (True, False), (False, True), (False, True))
]


def _ids(options: dict[str, bool]) -> str:
    return "-".join(name for name, on in options.items() if on) or "plain"


def body() -> type:
    class Thing:
        """A thing."""

        a: int
        b: str = "x"
        c: list[int] = field(default_factory=list)
        d: int = field(default=3, init=False)
        e: tuple[int, ...] = field(default=(), compare=False)
        f: float = field(default=0.5, repr=False)
        g: dict[str, int] = field(default_factory=dict, hash=False)
        KIND: ClassVar[str] = "thing"

        def __post_init__(self) -> None:
            object.__setattr__(self, "d", self.a * 2)

    return Thing


def pair(make=body, **options: bool) -> tuple[type, type]:
    return dataclass(**options)(make()), value(**options)(make())


def build(cls: type, *args: Any, **kwargs: Any) -> Any:
    if cls.__dataclass_fields__["a"].kw_only and args:
        return cls(**dict(zip("abcefg", args)), **kwargs)
    return cls(*args, **kwargs)


def outcome(call):
    """What ``call()`` returns, or the type and text of what it raises."""
    try:
        return ("=", call())
    except Exception as exc:  # noqa: BLE001 - compared between the two classes
        return ("!", type(exc), str(exc))


@pytest.mark.parametrize("options", OPTIONS, ids=_ids)
def test_the_class_is_the_dataclass_one(options):
    d, v = pair(**options)
    assert str(inspect.signature(v)) == str(inspect.signature(d))  # before any instance
    assert v.__doc__ == d.__doc__ and v.__match_args__ == d.__match_args__
    said = attrgetter("name", "type", "default", "default_factory", "init", "repr", "compare", "hash", "kw_only")
    assert [said(f) for f in dataclasses.fields(v)] == [said(f) for f in dataclasses.fields(d)]
    assert dataclasses.is_dataclass(v) and is_frozen(v) is is_frozen(d) is options["frozen"]
    assert (v.__hash__ is None) == (d.__hash__ is None)
    assert ("__slots__" in v.__dict__) == ("__slots__" in d.__dict__)
    assert v.__init__.__qualname__ == d.__init__.__qualname__
    assert v.__init__.__annotations__ == d.__init__.__annotations__


@pytest.mark.parametrize("options", OPTIONS, ids=_ids)
@settings(max_examples=25)
@given(
    a=st.integers(-3, 3), b=st.sampled_from(["x", "y"]), c=st.lists(st.integers(0, 2), max_size=2),
    e=st.sampled_from([(), (1,)]), f=st.sampled_from([0.5, float("nan")]), g=st.sampled_from([{}, {"k": 1}]),
    a2=st.integers(-3, 3), e2=st.sampled_from([(), (1,)]),
)  # fmt: skip
def test_instances_behave_as_the_dataclass_ones(options, a, b, c, e, f, g, a2, e2):
    d, v = pair(**options)
    dx, vx = (build(cls, a, b, list(c), e, f, dict(g)) for cls in (d, v))
    dy, vy = (build(cls, a2, b, list(c), e2, f, dict(g)) for cls in (d, v))
    dz, vz = (build(cls, a, b, list(c), e, f, dict(g)) for cls in (d, v))
    assert _named(repr(vx), v) == _named(repr(dx), d)
    assert (vx == vy, vx == vz, vx != vz, vx == vx) == (dx == dy, dx == dz, dx != dz, dx == dx)
    assert vx.__eq__(1) is dx.__eq__(1)  # NotImplemented (eq) or what object says
    if d.__hash__ is not None and options["eq"]:
        assert outcome(lambda: hash(vx)) == outcome(lambda: hash(dx))
    for copier in (copy.copy, copy.deepcopy):
        vc, dc = copier(vx), copier(dx)
        assert _named(repr(vc), v) == _named(repr(dc), d) and (vc == vx) == (dc == dx)
    replaced = [_flat(outcome(lambda x=x: repr(dataclasses.replace(x, b="z")))) for x in (dx, vx)]
    assert _named(str(replaced[0]), d) == _named(str(replaced[1]), v)
    names = ("a", "b", "d") if options["frozen"] and options["slots"] else ("a", "b", "d", "zz")  # (below)
    for name in names:
        assert _flat(outcome(lambda: setattr(vx, name, 9))) == _flat(outcome(lambda: setattr(dx, name, 9)))
        assert _flat(outcome(lambda: delattr(vx, name))) == _flat(outcome(lambda: delattr(dx, name)))
    assert vx.__dict__ == dx.__dict__ if not options["slots"] else outcome(lambda: vx.a)[0] == outcome(lambda: dx.a)[0]


def _named(text: str, cls: type) -> str:
    return re.sub(r" at 0x[0-9a-f]+", "", text.replace(cls.__qualname__, "Thing"))  # (repr=False: object's)


def _flat(result: Any) -> Any:
    return result if result[0] == "=" else result[:2] + (result[2].replace("<locals>.D", "").replace("<locals>.V", ""),)


@pytest.mark.parametrize("options", OPTIONS, ids=_ids)
def test_arguments_defaults_and_factories_as_the_dataclass(options):
    d, v = pair(**options)
    calls = [
        ((), {}), ((1,), {}), ((), {"a": 1}), ((1, "y"), {}), ((), {"a": 1, "c": [5]}), ((), {"a": 1, "d": 4}),
        ((1,), {"a": 2}),
    ]  # fmt: skip
    for args, kwargs in calls:
        got = [_named(str(outcome(lambda cls=cls: repr(cls(*args, **kwargs)))), cls) for cls in (d, v)]
        assert got[0] == got[1], (args, kwargs)
    first, second = v(a=1), v(a=1)
    assert first.c == [] and first.c is not second.c and first.d == 2  # a fresh list each; __post_init__ ran


def test_a_frozen_slotted_value_refuses_any_attribute():
    """Python 3.11's dataclass refuses a name not a field with a TypeError
    (its frozen ``__setattr__`` names the class before slots made a new one:
    CPython gh-105936); a value refuses it as a field: FrozenInstanceError."""
    v = value(frozen=True, slots=True)(body())
    for change in (lambda x: setattr(x, "zz", 1), lambda x: delattr(x, "zz")):
        with pytest.raises(FrozenInstanceError, match="field 'zz'"):
            change(v(1))


def test_a_frozen_value_tells_the_dataclass_errors():
    d, v = pair(frozen=True)
    dx, vx = d(1), v(1)
    for name in ("a", "d", "KIND", "new"):
        assert _flat(outcome(lambda: setattr(vx, name, 0))) == _flat(outcome(lambda: setattr(dx, name, 0)))
        assert _flat(outcome(lambda: delattr(vx, name))) == _flat(outcome(lambda: delattr(dx, name)))
    with pytest.raises(FrozenInstanceError, match="cannot assign to field 'a'"):
        vx.a = 2


@pytest.mark.parametrize("slots", [False, True])
def test_a_plain_subclass_of_a_frozen_value_sets_its_own_attributes_only(slots):
    d, v = pair(frozen=True, slots=slots)

    class D(d):
        pass

    class V(v):
        pass

    dx, vx = D(1), V(1)
    for name in ("a",) if slots else ("a", "other"):  # (3.11's slotted dataclass: test_a_frozen_slotted_value...)
        assert _flat(outcome(lambda: setattr(vx, name, 7))) == _flat(outcome(lambda: setattr(dx, name, 7)))
        assert _flat(outcome(lambda: delattr(vx, name))) == _flat(outcome(lambda: delattr(dx, name)))
    assert vx.__dict__ == dx.__dict__
    assert repr(vx).replace("V(", "D(") == repr(dx) and (vx == V(1)) == (dx == D(1))
    assert _flat(outcome(lambda: hash(vx))) == _flat(outcome(lambda: hash(dx)))


def test_a_plain_subclass_two_value_classes_down_sets_and_deletes_its_own_attributes():
    """Each frozen class passes a name not a field on, as each ``__setattr__``
    @dataclass compiles does (the shared one once looped, calling itself)."""

    def child(deco, base):
        class C(base):
            """C."""

            h: int = 0

        return deco(frozen=True)(C)

    d, v = pair(frozen=True)
    dc, vc = child(dataclass, d), child(value, v)
    D, V = type("Leaf", (dc,), {}), type("Leaf", (vc,), {})  # plain subclasses, two frozen classes down
    dx, vx = D(1), V(1)
    for name in ("a", "h", "other"):
        assert _flat(outcome(lambda: setattr(vx, name, 7))) == _flat(outcome(lambda: setattr(dx, name, 7)))
    assert vx.__dict__ == dx.__dict__ and vx.other == 7
    for name in ("other", "h", "other"):
        assert _flat(outcome(lambda: delattr(vx, name))) == _flat(outcome(lambda: delattr(dx, name)))
    assert vx.__dict__ == dx.__dict__ and "other" not in vx.__dict__


def test_a_dataclass_subclass_of_a_value_class_is_judged_as_of_the_dataclass():
    """A value class's ``__dataclass_params__`` says what it is: @dataclass
    refuses a mutable subclass of a frozen one, and makes a frozen one."""
    for options in ({"frozen": True}, {"frozen": True, "eq": False, "repr": False, "slots": True}, {"eq": False}, {}):
        d, v = pair(**options)
        assert (v.__dataclass_params__.frozen, v.__dataclass_params__.eq) == (d.__dataclass_params__.frozen, d.__dataclass_params__.eq)
        assert v.__dataclass_params__.init and v.__dataclass_params__.repr is d.__dataclass_params__.repr
        for frozen in (False, True):
            got = [_flat(outcome(lambda base=base: dataclass(frozen=frozen)(type("X", (base,), {"__doc__": "X."})))) for base in (d, v)]
            assert got[0][0] == got[1][0], (options, frozen)  # refused by both, or made by both
            if got[0][0] == "!":
                assert got[0] == got[1]
            else:
                dx, vx = got[0][1](1), got[1][1](1)
                assert (dx == got[0][1](1)) and (vx == got[1][1](1)) and repr(vx).replace("X(", "") == repr(dx).replace("X(", "")
                assert _flat(outcome(lambda: setattr(vx, "a", 2))) == _flat(outcome(lambda: setattr(dx, "a", 2)))
    # a value class's own subclass still passes the frozen check (the bases say mutable only while it is made)
    _, v = pair(frozen=True)
    sub = value(frozen=True)(type("S", (v,), {"__doc__": "S.", "__annotations__": {"z": "int"}, "z": 0}))
    assert is_frozen(v) and is_frozen(sub) and v.__dataclass_params__.frozen


def test_a_value_subclass_compares_and_shows_its_own_fields_and_keeps_its_methods():
    def parent():
        class P:
            """P."""

            a: int = 1

        return P

    dp, vp = pair(parent, frozen=True)

    @dataclass(frozen=True)
    class DC(dp):
        b: int = 2

    @value(frozen=True)
    class VC(vp):
        b: int = 2

    @dataclass(frozen=True, repr=False, eq=False)
    class DQ(dp):
        """Inherits P's repr and eq: they show and compare P's fields only."""

        b: int = 2

    @value(frozen=True, repr=False, eq=False)
    class VQ(vp):
        """Inherits P's repr and eq: they show and compare P's fields only."""

        b: int = 2

    assert repr(VC(1, 3)) == repr(DC(1, 3)).replace("DC", "VC")
    assert (VC(1, 3) == VC(1, 4)) is (DC(1, 3) == DC(1, 4)) is False
    assert hash(VC(1, 3)) == hash(DC(1, 3))
    assert repr(VQ(1, 3)) == repr(DQ(1, 3)).replace("DQ", "VQ")
    assert (VQ(1, 3) == VQ(1, 4)) is (DQ(1, 3) == DQ(1, 4)) is True
    assert hash(VQ(1, 3)) == hash(DQ(1, 3)) == hash((1,))

    def own():
        class O:
            """Own methods."""

            a: int = 1

            def __repr__(self) -> str:
                return "mine"

            def __eq__(self, other: object) -> bool:
                return True

            def __init__(self) -> None:
                object.__setattr__(self, "a", 5)

        return O

    do, vo = pair(own, frozen=True)
    seen = [(repr(c()), c() == 1, c().a, hash(c()) == hash((5,))) for c in (do, vo)]
    assert seen[0] == seen[1] == ("mine", True, 5, True)


def test_definition_errors_are_the_dataclass_ones():
    def late_default():
        class L:
            """L."""

            a: int = 1
            b: int

        return L

    def own_setattr():
        class S:
            """S."""

            a: int = 1

            def __setattr__(self, name: str, value: Any) -> None:
                pass

        return S

    for make, options in ((late_default, {}), (own_setattr, {"frozen": True})):
        got = [_flat(outcome(lambda deco=deco: deco(**options)(make()))) for deco in (dataclass, value)]
        assert got[0][0] == "!" and got[0] == got[1]
    frozen_d, frozen_v = pair(frozen=True)
    mutable_d, mutable_v = pair()
    for (db, vb), frozen in (((frozen_d, frozen_v), False), ((mutable_d, mutable_v), True)):
        got = [_flat(outcome(lambda deco=deco, base=base: deco(frozen=frozen)(type("X", (base,), {"__doc__": "X."}))))
               for deco, base in ((dataclass, db), (value, vb))]  # fmt: skip
        assert got[0][0] == "!" and got[0] == got[1]
    with pytest.raises(TypeError, match="must be value classes"):
        value(frozen=True)(type("X", (frozen_d,), {"__doc__": "X."}))


def test_an_explicit_hash_is_kept_and_a_mutable_value_is_unhashable():
    def hashed():
        class H:
            """H."""

            a: int = 1

            def __hash__(self) -> int:
                return 42

        return H

    for frozen in (False, True):
        d, v = pair(hashed, frozen=frozen)
        assert hash(v()) == hash(d()) == 42
    d, v = pair()
    assert v.__hash__ is d.__hash__ is None


def test_a_value_within_itself_is_shown_as_dataclass_shows_it():
    def box():
        class Box:
            """Box."""

            items: list[Any] = field(default_factory=list)

        return Box

    d, v = pair(box)
    dx, vx = d(), v()
    dx.items.append(dx)
    vx.items.append(vx)
    assert repr(vx).replace(".v.", ".") == repr(dx).replace(".d.", ".") and "[...]" in repr(vx)


@value(frozen=True, slots=True)
class Pickled:
    """Module level, for pickle."""

    a: int
    b: tuple[int, ...] = ()


@value(slots=True)
class PickledMutable:
    """Module level, for pickle."""

    a: int
    b: list[int] = field(default_factory=list)


@pytest.mark.parametrize("obj", [Pickled(1, (2, 3)), PickledMutable(1, [2])], ids=lambda o: type(o).__name__)
def test_a_slotted_value_copies_and_pickles(obj):
    for twin in (copy.copy(obj), copy.deepcopy(obj), pickle.loads(pickle.dumps(obj))):
        assert twin == obj and twin is not obj and type(twin) is type(obj)
    assert Pickled.__getstate__(Pickled(1, (2,))) == [1, (2,)]


def test_a_value_class_compiles_its_init_on_its_first_instance_only(monkeypatch):
    runs = []
    real_exec = builtins.exec

    def counting_exec(*args: Any, **kwargs: Any) -> Any:
        runs.append(1)
        return real_exec(*args, **kwargs)

    monkeypatch.setattr(builtins, "exec", counting_exec)
    dataclass(frozen=True)(body())
    assert runs  # (what @dataclass does, which this test would see)
    runs.clear()
    v = value(frozen=True)(body())
    assert runs == []
    v(1), v(2), v(a=3)
    assert len(runs) == 1


def test_field_values_are_the_compared_fields_in_order():
    _, v = pair(frozen=True)
    x = v(1, "y", [2], (3,), 0.25, {"k": 1})
    assert field_values(v)(x) == (1, "y", [2], 2, 0.25, {"k": 1})


def _core_dataclasses() -> list[type]:
    import importlib
    import pkgutil

    import gm_console.core as core

    found = {}
    for info in pkgutil.walk_packages(core.__path__, "gm_console.core."):
        module = importlib.import_module(info.name)
        for obj in vars(module).values():
            if isinstance(obj, type) and dataclasses.is_dataclass(obj) and obj.__module__ == module.__name__:
                found[obj] = None
    return list(found)


def test_every_dataclass_of_the_core_is_a_value_class():
    classes = _core_dataclasses()
    made = [c for c in classes if "__dataclass_fields__" in c.__dict__]  # (not a plain subclass of one)
    assert len(made) > 100 and [c.__qualname__ for c in made if "__value_frozen__" not in c.__dict__] == []


def test_importing_the_core_and_loading_the_demo_compiles_no_dataclass_method():
    script = (
        "import dataclasses\n"
        "made = []\n"
        "real = dataclasses._create_fn\n"
        "dataclasses._create_fn = lambda name, *a, **k: made.append(name) or real(name, *a, **k)\n"
        "import gm_console.core.game, gm_console.core.system\n"
        "gm_console.core.system.all_systems()\n"
        "from gm_console.files import load_encounter\n"
        "from gm_console.files.paths import demo_encounter\n"
        "load_encounter(demo_encounter())\n"
        "print(len(made))\n"
    )
    env = {**os.environ, "GM_CONSOLE_CACHE_DIR": ""}  # (no cache: the load replays)
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True, env=env)
    assert out.stdout.split()[-1] == "0"


def test_a_setattr_of_another_class_between_two_frozen_value_classes_passes_names_on():
    """Each frozen class's own ``__setattr__`` (a closure over it, as @dataclass
    writes one per class) passes a plain subclass's name up past a mixin's."""

    def chain(deco):
        base = deco(frozen=True)(body())

        class Mixin:
            def __setattr__(self, name: str, value: Any) -> None:
                super().__setattr__(name, value)

            def __delattr__(self, name: str) -> None:
                super().__delattr__(name)

        middle = deco(frozen=True)(type("M", (Mixin, base), {"__doc__": "M.", "__annotations__": {"h": "int"}, "h": 0}))
        return type("Leaf", (middle,), {})

    dx, vx = chain(dataclass)(1), chain(value)(1)
    for name in ("a", "h", "other"):
        assert _flat(outcome(lambda: setattr(vx, name, 7))) == _flat(outcome(lambda: setattr(dx, name, 7)))
    assert vx.other == dx.other == 7
    assert _flat(outcome(lambda: delattr(vx, "other"))) == _flat(outcome(lambda: delattr(dx, "other")))
    assert "other" not in vx.__dict__


def test_a_frozen_base_reads_frozen_while_a_subclass_is_being_made(monkeypatch):
    """``_fields_only`` marks the bases mutable for dataclass's own check while
    a subclass is made: ``is_frozen`` (what snapshot and the base check ask)
    reads the value class's own mark, and definitions take turns (a lock)."""
    base = value(frozen=True)(body())
    seen = []
    make = dataclasses.dataclass

    def watching(cls, **options):
        seen.append(is_frozen(base))
        return make(cls, **options)

    monkeypatch.setattr(dataclasses, "dataclass", watching)
    value(frozen=True)(type("S", (base,), {"__doc__": "S."}))
    monkeypatch.undo()
    assert seen == [True] and is_frozen(base) and base.__dataclass_params__.frozen

    import threading

    errors: list[str] = []

    def define(tag: str) -> None:
        for i in range(300):
            try:
                value(frozen=True)(type(f"T{tag}{i}", (base,), {"__doc__": "T.", "__annotations__": {"z": "int"}, "z": 0}))
            except Exception as exc:  # noqa: BLE001 - collected: none is expected
                errors.append(f"{type(exc).__name__}: {exc}")

    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # threads switch as often as they can
    try:
        threads = [threading.Thread(target=define, args=(t,)) for t in "AB"]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    finally:
        sys.setswitchinterval(interval)
    assert errors == [] and base.__dataclass_params__.frozen
