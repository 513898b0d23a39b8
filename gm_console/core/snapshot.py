"""A state as plain data (lists, dicts, strings, numbers: JSON as it is), and
back, for the derived cache of a replayed log (gm_console/files/cache.py).

Units, zones, the clock and the pools are written field by field. A system's
board is written by reflection: its dataclasses (of ``gm_console.core``
only, by module and name, every field), lists, tuples, dicts, sets and
frozensets, each tagged so it comes back as the same type. What a board
shares with the initial state's board (a catalogue, the house rules: a copy
passes them on) is written as a reference to that field and taken from the
initial state again, which the setup rebuilds the same. Anything else (an
object of another kind, or one mutable object reached twice, whose sharing
the data could not keep) raises ``Unencodable``: such a state is not cached.

Reading trusts the shape no more than the data says: a wrong shape raises
``ValueError``/``KeyError``/``TypeError``/``IndexError``, which the cache
takes for a damaged entry.
"""

from __future__ import annotations

import dataclasses
import importlib
from typing import Any

from gm_console.core.state import Clock, Condition, Side, State, Unit, Zone


ALLOWED_PREFIX = "gm_console.core."


class Unencodable(ValueError):
    """A state holding something this module cannot write as data."""


# ------------------------------------------------------------------ writing


def encode_state(state: State, initial: State) -> dict[str, Any]:
    """``state`` as plain data; ``initial`` is the game's initial state (what boards share with it)."""
    if type(state) is not State:
        raise Unencodable(f"a state of type {type(state).__name__}")
    units = [_unit(u) for u in state.units.values()]
    if [u[0] for u in units] != list(state.units):
        raise Unencodable("a unit kept under another id than its own")
    zones = [_zone(z) for z in state.zones.values()]
    if [z[0] for z in zones] != list(state.zones):
        raise Unencodable("a zone kept under another id than its own")
    sides: Any = 0 if state.sides is initial.sides else [_side(s) for s in state.sides.values()]
    c = state.clock
    if type(c) is not Clock:
        raise Unencodable("a clock of another type")
    clock = [_int(c.round), _int(c.turn), _int(c.tick), _opt_str(c.active), _str(c.phase)]
    pools = {_str(k): _int(v) for k, v in state.pools.items()}
    boards = {}
    for name, board in state.boards.items():
        boards[_str(name)] = _top(board, initial.boards.get(name))
    return {"units": units, "zones": zones, "sides": sides, "clock": clock, "pools": pools, "boards": boards}


def _str(v: Any) -> str:
    if type(v) is not str:
        raise Unencodable(f"expected a string, got {type(v).__name__}")
    return v


def _opt_str(v: Any) -> str | None:
    return None if v is None else _str(v)


def _int(v: Any) -> int:
    if type(v) is not int:
        raise Unencodable(f"expected a whole number, got {type(v).__name__}")
    return v


def _strs(v: Any) -> list[str]:
    if type(v) is not tuple:
        raise Unencodable(f"expected a tuple, got {type(v).__name__}")
    return [_str(x) for x in v]


def _unit(u: Unit) -> list[Any]:
    if type(u) is not Unit or type(u.stats) is not dict or type(u.conditions) is not dict:
        raise Unencodable("a unit of another shape")
    stats = u.stats
    for k, v in stats.items():
        if type(k) is not str or type(v) is not int:
            raise Unencodable(f"unit {u.id}: stat {k!r} is not a whole number")
    conditions = []
    for key, c in u.conditions.items():
        if type(c) is not Condition:
            raise Unencodable("a condition of another type")
        remaining = None if c.remaining is None else _int(c.remaining)
        conditions.append([_str(key), _str(c.name), remaining, _opt_str(c.per)])
    return [_str(u.id), _str(u.name), _str(u.side), _opt_str(u.zone), dict(stats), _strs(u.traits), _strs(u.items), conditions]


def _zone(z: Zone) -> list[Any]:
    if type(z) is not Zone or type(z.hidden) is not bool or type(z.revealed) is not bool:
        raise Unencodable("a zone of another shape")
    return [_str(z.id), _str(z.name), _strs(z.adjacent), _strs(z.traits), z.hidden, _strs(z.locked), _opt_str(z.chip), z.revealed]


def _side(s: Side) -> list[Any]:
    if type(s) is not Side:
        raise Unencodable("a side of another type")
    return [_str(s.id), _str(s.name), _str(s.controller)]


def _top(board: Any, initial: Any) -> Any:
    """A board: a dataclass whose fields shared with the initial board are written as references."""
    if not dataclasses.is_dataclass(board) or isinstance(board, type) or type(initial) is not type(board):
        return encode_value(board, set())
    seen: set[int] = set()
    fields: dict[str, Any] = {}
    for f in _fields(type(board)):
        value = getattr(board, f)
        if value is getattr(initial, f) and not _plain(value):
            fields[f] = {"i": f}
        else:
            fields[f] = encode_value(value, seen)
    _no_extra(board)
    return {"o": _class_name(type(board)), "v": fields}


def _plain(value: Any) -> bool:
    return value is None or type(value) in (bool, int, float, str)


def encode_value(v: Any, seen: set[int]) -> Any:
    """Any value a board holds as tagged plain data (``seen``: ids of the mutable objects written)."""
    t = type(v)
    if v is None or t is bool or t is int or t is float or t is str:
        return v
    if t is tuple:
        return {"t": [encode_value(x, seen) for x in v]}
    if t is frozenset:
        return {"f": [encode_value(x, seen) for x in v]}
    if t is list or t is dict or t is set:
        if id(v) in seen:
            raise Unencodable(f"one {t.__name__} reached twice")
        seen.add(id(v))
        if t is list:
            return [encode_value(x, seen) for x in v]
        if t is set:
            return {"s": [encode_value(x, seen) for x in v]}
        if all(type(k) is str for k in v):
            return {"d": {k: encode_value(x, seen) for k, x in v.items()}}
        return {"D": [[encode_value(k, seen), encode_value(x, seen)] for k, x in v.items()]}
    if dataclasses.is_dataclass(v) and not isinstance(v, type):
        if not t.__dataclass_params__.frozen:
            if id(v) in seen:
                raise Unencodable(f"one {t.__name__} reached twice")
            seen.add(id(v))
        _no_extra(v)
        return {"o": _class_name(t), "v": {f: encode_value(getattr(v, f), seen) for f in _fields(t)}}
    raise Unencodable(f"a {t.__module__}.{t.__qualname__} in a board")


_FIELDS: dict[type, tuple[str, ...]] = {}


def _fields(cls: type) -> tuple[str, ...]:
    found = _FIELDS.get(cls)
    if found is None:
        found = _FIELDS[cls] = tuple(f.name for f in dataclasses.fields(cls))
    return found


def _no_extra(v: Any) -> None:
    """Every attribute of ``v`` is a field (one set besides would be lost)."""
    extra = set(getattr(v, "__dict__", ())) - set(_fields(type(v)))
    for name in getattr(type(v), "__slots__", ()):
        if name not in _fields(type(v)) and name not in ("__weakref__", "__dict__") and hasattr(v, name):
            extra.add(name)
    if extra:
        raise Unencodable(f"{type(v).__name__} holds {', '.join(sorted(extra))} besides its fields")


def _class_name(cls: type) -> str:
    module = cls.__module__
    if not module.startswith(ALLOWED_PREFIX) or "<" in cls.__qualname__:
        raise Unencodable(f"{module}.{cls.__qualname__} is not a gm_console.core class")
    return f"{module}:{cls.__qualname__}"


# ------------------------------------------------------------------ reading


def decode_state(data: dict[str, Any], initial: State) -> State:
    """The state ``encode_state`` wrote (``initial``: the game's initial state, rebuilt from the setup)."""
    units: dict[str, Unit] = {}
    for uid, name, side, zone, stats, traits, items, conditions in data["units"]:
        if type(stats) is not dict:
            raise ValueError("stats")
        units[uid] = Unit(
            uid, name, side, zone, stats, tuple(traits), tuple(items),
            {key: Condition(cname, remaining, per) for key, cname, remaining, per in conditions},
        )  # fmt: skip
    zones = {}
    for zid, name, adjacent, traits, hidden, locked, chip, revealed in data["zones"]:
        zones[zid] = Zone(zid, name, tuple(adjacent), tuple(traits), hidden, tuple(locked), chip, revealed)
    raw_sides = data["sides"]
    if raw_sides == 0:
        sides = initial.sides
    else:
        sides = {sid: Side(sid, name, controller) for sid, name, controller in raw_sides}
    r, turn, tick, active, phase = data["clock"]
    boards = {}
    for name, raw in data["boards"].items():
        boards[name] = _decode_top(raw, initial.boards.get(name))
    pools = data["pools"]
    if type(pools) is not dict:
        raise ValueError("pools")
    return State(units, zones, sides, Clock(r, turn, tick, active, phase), pools, boards)


def _decode_top(raw: Any, initial: Any) -> Any:
    if type(raw) is dict and "o" in raw and initial is not None:
        cls = _class(raw["o"])
        if type(initial) is cls:
            fields = raw["v"]
            obj = object.__new__(cls)
            if set(fields) != set(_fields(cls)):
                raise ValueError(f"the fields of {cls.__name__}")
            for f, value in fields.items():
                if type(value) is dict and "i" in value:
                    if value["i"] != f:
                        raise ValueError("a reference to another field")
                    value = getattr(initial, f)
                else:
                    value = decode_value(value)
                object.__setattr__(obj, f, value)
            return obj
    return decode_value(raw)


def decode_value(x: Any) -> Any:
    t = type(x)
    if x is None or t is bool or t is int or t is float or t is str:
        return x
    if t is list:
        return [decode_value(v) for v in x]
    if t is not dict or len(x) != (2 if "o" in x else 1):
        raise ValueError("not a tagged value")
    if "t" in x:
        return tuple(decode_value(v) for v in x["t"])
    if "d" in x:
        return {k: decode_value(v) for k, v in x["d"].items()}
    if "D" in x:
        return {decode_value(k): decode_value(v) for k, v in x["D"]}
    if "s" in x:
        return {decode_value(v) for v in x["s"]}
    if "f" in x:
        return frozenset(decode_value(v) for v in x["f"])
    if "o" in x:
        cls = _class(x["o"])
        fields = x["v"]
        if type(fields) is not dict or set(fields) != set(_fields(cls)):
            raise ValueError(f"the fields of {cls.__name__}")
        obj = object.__new__(cls)
        for f, value in fields.items():
            object.__setattr__(obj, f, decode_value(value))
        return obj
    raise ValueError("an unknown tag")


_CLASSES: dict[str, type] = {}


def _class(name: Any) -> type:
    found = _CLASSES.get(name)
    if found is not None:
        return found
    if type(name) is not str:
        raise ValueError("a class name")
    module, _, qualname = name.partition(":")
    if not module.startswith(ALLOWED_PREFIX) or not qualname:
        raise ValueError(f"{name} is not a gm_console.core class")
    obj: Any = importlib.import_module(module)
    for part in qualname.split("."):
        obj = getattr(obj, part)
    if not isinstance(obj, type) or not dataclasses.is_dataclass(obj) or obj.__module__ != module:
        raise ValueError(f"{name} is not a dataclass")
    _CLASSES[name] = obj
    return obj
