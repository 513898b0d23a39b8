"""Actions are values (python-chess style): equal with the same fields, hashed
and shown by them, as @dataclass writes it; these tests hold every action
class of every system to it."""

from __future__ import annotations

import dataclasses

import pytest

from gm_console.core.game import parse_action, verb_table
from gm_console.core.system import all_systems
from gm_console.core.verbs import GENERIC_ACTIONS

CLASSES = sorted({*GENERIC_ACTIONS, *(cls for system in all_systems() for cls in system.ACTIONS)}, key=lambda c: c.VERB)


@pytest.mark.parametrize("cls", CLASSES, ids=lambda c: c.VERB)
def test_an_action_is_a_value_of_its_fields(cls):
    verbs = verb_table(all_systems())
    line = cls.EXAMPLE or cls.VERB
    a, b = parse_action(line, verbs), parse_action(line, verbs)
    assert a is not b and a == b and hash(a) == hash(b) and len({a, b}) == 1
    fields = [f.name for f in dataclasses.fields(a)]
    values = tuple(getattr(a, name) for name in fields)
    assert hash(a) == hash(values)  # the hash @dataclass(frozen=True) gives
    assert repr(a) == f"{type(a).__qualname__}({', '.join(f'{n}={getattr(a, n)!r}' for n in fields)})"
    if fields:  # another value of one field: another action
        f = dataclasses.fields(a)[0]
        other = object.__new__(type(a))
        for name in fields:
            object.__setattr__(other, name, getattr(a, name))
        object.__setattr__(other, f.name, ("changed", getattr(a, f.name)))
        assert other != a and a != other
    assert a != object() and (a == 1) is False
