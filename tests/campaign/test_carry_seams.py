"""core/carry.py is the generic machinery of carrying: what a system carries is
its own business, asked through the System hooks (``carry_refusal``,
``persistent``, ``party_changes``, ``rest`` and ``CARRIES`` / ``RESTS``), the
logic in ``systems/<name>/carry.py``. Read from the source, so adding a system
touches no shared file."""

from __future__ import annotations

import pytest

from gm_console.core.carry import CarryRefused, carry_changes, rest_changes
from gm_console.core.system import all_systems, get_system, system_names
from tests.importgraph import PACKAGE, imports

CARRY = PACKAGE / "core" / "carry.py"


def test_core_carry_names_no_system():
    # not in a string, a name, a comment or a docstring: the systems are asked through their hooks
    lines = CARRY.read_text(encoding="utf-8").splitlines()
    found = [
        f"core/carry.py:{no}: {line.strip()}"
        for no, line in enumerate(lines, 1)
        for name in system_names()
        if name in line.lower()
    ]
    assert not found, "\n".join(found)


def test_core_carry_imports_no_system_module():
    edges = imports("gm_console.core.carry")
    found = [f"{e.target} (line {e.line})" for e in edges if e.target.startswith("gm_console.core.systems")]
    assert not found, found


def test_a_system_with_carry_logic_keeps_it_in_its_carry_module():
    for system in all_systems():
        if system.CARRIES:
            assert (PACKAGE / "core" / "systems" / system.NAME / "carry.py").is_file(), system.NAME


def test_the_default_hooks_carry_nothing_and_refuse_nothing():
    from gm_console.core.system import System

    assert System.CARRIES is False and not System.RESTS
    assert System.carry_refusal(get_system("ctb")) is None
    assert System.rest(get_system("ctb"), {"id": "a"}, "sleep") == ([], None)
    assert System.party_changes(get_system("ctb"), {"id": "a"}, {}, None) == []


def test_a_refusing_system_refuses_with_its_own_sentence():
    why = get_system("reactor").carry_refusal()
    assert why and "cards, not characters" in why
    with pytest.raises(CarryRefused, match="cards, not characters"):
        carry_changes(None, None, ("reactor",), [])


def test_an_unknown_rest_lists_the_rests_the_systems_know():
    with pytest.raises(CarryRefused) as err:
        rest_changes({"units": []}, "nap")
    assert str(err.value) == "unknown rest 'nap': breather (4 Stress), break (8) or sleep (all)"
