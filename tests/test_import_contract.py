"""Import contracts (as harlequin keeps its core and TUI apart): the UI reads
a rule system only through that system's ``view`` module, and the rules core
has no import cycle. Read from the source, so a contract broken in a branch
the tests never run still fails here."""

from __future__ import annotations

import pytest

from tests.importgraph import cycles, imports, modules

SYSTEMS = "gm_console.core.systems"
UI = ("gm_console.ui", "gm_console.players")


def _under(name: str, roots: tuple[str, ...]) -> bool:
    return any(name == r or name.startswith(r + ".") for r in roots)


def _system_part(target: str) -> str | None:
    """``view`` for ``gm_console.core.systems.ctb.view``; the module path inside
    the system for anything else of a system; None outside the systems."""
    if not target.startswith(SYSTEMS + "."):
        return None
    return target[len(SYSTEMS) + 1 :].partition(".")[2]


def test_the_ui_imports_nothing_of_a_system_but_its_view_module():
    broken = []
    for name in modules():
        if not _under(name, UI):
            continue
        for edge in imports(name):
            part = _system_part(edge.target)
            if part is not None and part != "view" and not edge.target.endswith(".view"):
                broken.append(f"{name}:{edge.line} imports {edge.target} ({edge.how})")
    assert not broken, "the UI may import a rule system only through its view module:\n" + "\n".join(broken)


def test_the_ui_imports_no_name_of_a_system_package_itself():
    # ``from gm_console.core.systems.ctb import view`` is fine; ``from gm_console.core.systems.ctb import SYSTEM``
    # (a name the package defines, which is its internals) is not: the registry (core/system.py) hands out systems
    broken = [
        f"{name}:{edge.line} imports {edge.target}"
        for name in modules()
        if _under(name, UI)
        for edge in imports(name)
        if _system_part(edge.target) == ""
    ]
    assert not broken, "\n".join(broken)


def test_the_rules_core_has_no_import_cycle_at_import_time_or_in_a_lazy_import():
    # the engine's modules (actions, fog, notation, setup, system, timing, ...) depend one way; a lazy
    # import is no way around that. (Annotation-only imports under TYPE_CHECKING are not counted: they
    # never run.) Each system package is held to the same at import time by tests/test_system_template.py
    core = {n for n in modules() if _under(n, ("gm_console.core",)) and not _under(n, (SYSTEMS,))}
    assert not cycles(core), "import cycles in the core (module-level and lazy imports):\n" + "\n".join(
        " <-> ".join(group) for group in cycles(core)
    )


@pytest.mark.parametrize("bad", ["gm_console.core.systems.ctb.verbs", "gm_console.core.systems.reactor.board"])
def test_the_contract_check_sees_an_import_of_a_system_internal(bad):
    # the check above is only as good as what it classifies: a system internal is one
    assert _system_part(bad) not in (None, "view")
    assert _system_part("gm_console.core.systems.ctb.view") == "view"
    assert _system_part("gm_console.core.state") is None
