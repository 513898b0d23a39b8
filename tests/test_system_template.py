"""Every rule system is built on one template (docs/architecture.md, "Writing a
rule system"): the same module names for the same roles, wired the same way.
A system package that departs from it fails here, naming what is missing."""

from __future__ import annotations

import ast
import importlib
import inspect
from pathlib import Path

import pytest

from gm_console.core.campaign_rules import CAMPAIGN_RULES
from gm_console.core.errors import Cite
from gm_console.core.state import BoardKey
from gm_console.core.system import System, all_systems, get_system, system_names
from gm_console.lookup.index import build_index
from tests.importgraph import PACKAGE, cycles, imports, modules

# role -> module (or package of modules) every system has
ROLES = {
    "system": "the System subclass: the hooks and the clock, wiring only",
    "tables": "UNIT_TABLE, BOARD_TABLE: the TOML schemas of its sections",
    "board": "the board kept in the state, and BOARD (its typed accessor)",
    "house_rules": "HOUSE_RULES: every silence of the text, named",
    "cites": "the Cite of every rule its refusals name",
    "verbs": "the action classes, listed in ACTIONS",
    "palette": "legal_actions(state, ctx): what the palette offers",
    "reference": "entries(): the rules lookup, in the project's words",
    "player": "player_view(state, rules, sight): the players' part",
    "view": "what the UI reads: the one module of the system it may import",
    "policies": "POLICIES, DEFAULT, choosers, outcome, closing, tally: how a side plays a forecast",
}
SYSTEMS = system_names()


def package(name: str) -> Path:
    return PACKAGE / "core" / "systems" / name


def role_module(name: str, role: str):
    return importlib.import_module(f"gm_console.core.systems.{name}.{role}")


def test_there_are_systems_to_check():
    assert {"ctb", "conflict", "reactor"} <= set(SYSTEMS)


@pytest.mark.parametrize("name", SYSTEMS)
@pytest.mark.parametrize("role", sorted(ROLES))
def test_every_role_of_the_template_is_a_module_or_a_package(name, role):
    here = package(name)
    assert (here / f"{role}.py").is_file() or (here / role / "__init__.py").is_file(), (
        f"systems/{name}/ has no {role}.py nor {role}/ ({ROLES[role]})"
    )


@pytest.mark.parametrize("name", SYSTEMS)
def test_the_package_docstring_lists_its_modules(name):
    doc = importlib.import_module(f"gm_console.core.systems.{name}").__doc__ or ""
    missing = [role for role in ROLES if role not in doc]
    assert not missing, f"systems/{name}/__init__.py's docstring does not name {missing}"


@pytest.mark.parametrize("name", SYSTEMS)
def test_system_is_built_in_the_package_from_the_class_in_system_py(name):
    pkg = importlib.import_module(f"gm_console.core.systems.{name}")
    system = pkg.SYSTEM
    assert isinstance(system, System)
    assert type(system).__module__ == f"gm_console.core.systems.{name}.system"
    assert get_system(name) is system and system.NAME == name
    tree = ast.parse((package(name) / "__init__.py").read_text(encoding="utf-8"))
    assigned = [n for n in tree.body if isinstance(n, ast.Assign) and any(getattr(t, "id", "") == "SYSTEM" for t in n.targets)]
    assert assigned and isinstance(assigned[0].value, ast.Call), "SYSTEM = <Name>System() in __init__.py"
    assert "SYSTEM" not in vars(role_module(name, "system")), "system.py defines the class; __init__.py builds SYSTEM"


@pytest.mark.parametrize("name", SYSTEMS)
def test_the_system_takes_its_parts_from_the_role_modules(name):
    system = get_system(name)
    assert tuple(system.ACTIONS) == tuple(role_module(name, "verbs").ACTIONS)
    declared = [r.key for r in role_module(name, "house_rules").HOUSE_RULES]
    campaign = [r.key for r in CAMPAIGN_RULES.get(name, ())]  # what carries between fights joins them (the registry)
    assert declared, f"{name} declares no house rules"
    assert [r.key for r in system.HOUSE_RULES] == declared + [k for k in campaign if k not in declared]
    tables = role_module(name, "tables")
    assert system.UNIT_TABLE is tables.UNIT_TABLE
    assert system.BOARD_TABLE is tables.BOARD_TABLE
    assert system.reference() == role_module(name, "reference").entries()
    assert callable(role_module(name, "palette").legal_actions)
    assert callable(role_module(name, "player").player_view)


@pytest.mark.parametrize("name", SYSTEMS)
def test_the_board_module_declares_the_typed_accessor(name):
    key = role_module(name, "board").BOARD
    assert isinstance(key, BoardKey) and key.name == name and inspect.isclass(key.type)


@pytest.mark.parametrize("name", SYSTEMS)
def test_only_the_board_module_reaches_into_state_boards(name):
    found = []
    for path in sorted(package(name).rglob("*.py")):
        if path.name == "board.py" and path.parent == package(name):
            continue
        for no, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if "boards[" in line or "boards.get(" in line:
                found.append(f"{path.relative_to(PACKAGE)}:{no}: {line.strip()}")
    assert not found, "read the board through board.BOARD:\n" + "\n".join(found)


@pytest.mark.parametrize("name", SYSTEMS)
def test_house_rules_are_read_through_rules_view(name):
    # one reader (Rules.view) rather than a helper per system: no rules["<system>.x"] lookups by key
    found = []
    for path in sorted(package(name).rglob("*.py")):
        for no, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if f'rules["{name}.' in line or 'rules[f"' in line or f"rules['{name}." in line:
                found.append(f"{path.relative_to(PACKAGE)}:{no}: {line.strip()}")
    assert not found, "read house rules with rules.view(NAME).<name>:\n" + "\n".join(found)


def _lookup_keys() -> set[str]:
    return {entry.key for entry in build_index(all_systems()).entries}  # house-rule entries included


@pytest.mark.parametrize("name", SYSTEMS)
def test_every_cite_names_an_entry_of_the_rules_lookup(name):
    cites = [v for v in vars(role_module(name, "cites")).values() if isinstance(v, Cite)]
    assert cites, f"systems/{name}/cites.py declares no Cite"
    keys = _lookup_keys()
    missing = sorted(c.key for c in cites if c.key not in keys)
    assert not missing, f"{name} cites rules the lookup does not have: {missing}"


def _rule_args(path: Path) -> list[tuple[int, ast.expr]]:
    out = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call) and getattr(node.func, "id", getattr(node.func, "attr", "")) == "IllegalAction":
            rule = node.args[1] if len(node.args) > 1 else next((k.value for k in node.keywords if k.arg == "rule"), None)
            if rule is not None:
                out.append((node.lineno, rule))
    return out


@pytest.mark.parametrize("name", SYSTEMS)
def test_refusals_cite_a_rule_rather_than_spell_its_name(name):
    spelt = [
        f"{path.relative_to(PACKAGE)}:{line}"
        for path in sorted(package(name).rglob("*.py"))
        for line, rule in _rule_args(path)
        if isinstance(rule, (ast.Constant, ast.JoinedStr))
    ]
    assert not spelt, "IllegalAction(..., <a Cite of cites.py>), not a string:\n" + "\n".join(spelt)


@pytest.mark.parametrize("name", SYSTEMS)
def test_no_import_cycle_inside_the_system_at_import_time(name):
    inside = {m for m in modules() if m.startswith(f"gm_console.core.systems.{name}.")}
    found = cycles(inside, hows=("module",))
    assert not found, "\n".join(" <-> ".join(group) for group in found)


@pytest.mark.parametrize("name", SYSTEMS)
def test_no_module_of_the_system_imports_its_package(name):
    # the package builds SYSTEM from system.py; a module that imports the package back goes round in a circle
    pkg = f"gm_console.core.systems.{name}"
    found = [
        f"{m}:{e.line}"
        for m in modules()
        if m.startswith(pkg + ".")
        for e in imports(m)
        if e.target == pkg and e.how != "typing"
    ]
    assert not found, "\n".join(found)


def test_a_misspelt_hook_fails_when_the_class_is_made():
    with pytest.raises(TypeError, match="check_ad"):

        class Misspelt(System):  # noqa: F841
            def check_ad(self, state, action, ctx):  # the hook is check_add
                pass


def test_a_system_that_leaves_out_an_abstract_hook_cannot_be_built():
    class Partial(System):
        NAME = "partial"

        def init_board(self, setup, rules):
            return None

    with pytest.raises(TypeError, match="abstract"):
        Partial()


def test_no_ui_or_core_code_compares_a_controller_string():
    found = [
        f"{path.relative_to(PACKAGE)}:{no}"
        for path in sorted(PACKAGE.rglob("*.py"))
        for no, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if ('controller == "players"' in line or 'controller != "players"' in line)
        and path != PACKAGE / "core" / "state.py"  # Side.is_players itself
    ]
    assert not found, "use Side.is_players:\n" + "\n".join(found)
