"""The fight screen is built from mixins (file commands, replay, the player
view); what each uses of the screen is declared by a Protocol next to it.
These tests read the mixins' source: each uses of ``self`` only its own
members and what its Protocol declares, the Protocol declares nothing it does
not use, FightScreen has every member declared, and no member is defined
twice (a second definition would silently win over the first in the
screen's MRO). The app keeps only what is app-wide, and binds only quit."""

from __future__ import annotations

import ast
import inspect
import textwrap

import pytest
from textual.screen import Screen

from gm_console.ui import keys
from gm_console.ui.app import FightScreen, GMConsoleApp
from gm_console.ui.players import PlayersHost, PlayerViewCommands
from gm_console.ui.pointing import PointCommands, PointHost
from gm_console.ui.replay import ReplayCommands, ReplayHost
from gm_console.ui.session import SessionCommands, SessionHost

MIXINS = [(SessionCommands, SessionHost), (ReplayCommands, ReplayHost), (PlayerViewCommands, PlayersHost), (PointCommands, PointHost)]
OVERRIDES_OF_TEXTUAL: set[str] = set()  # no part replaces a Screen member
# what the app itself defines: app-wide concerns only (the fight is FightScreen's)
APP_WIDE = {
    "TITLE", "COMMANDS", "CSS", "BINDINGS", "get_default_screen", "_css_variables",
    "__init__", "game", "on_mount", "fight_drawn", "on_resize",
    "notify", "on_crash", "action_quit", "action_help",
    "get_theme_variable_defaults", "get_css_variables", "_variables_wanted", "refresh_css", "watch_theme", "set_theme",
}


def class_node(cls: type) -> ast.ClassDef:
    return ast.parse(textwrap.dedent(inspect.getsource(cls))).body[0]  # type: ignore[return-value]


def defined(cls: type) -> set[str]:
    """The names the class body defines (methods, attributes, annotated attributes)."""
    names = set()
    for node in class_node(cls).body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            names.add(node.name)
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names.add(node.target.id)
        elif isinstance(node, ast.Assign):
            names |= {t.id for t in node.targets if isinstance(t, ast.Name)}
    return names


def used_on_self(cls: type) -> set[str]:
    """Every ``self.X`` the class's code reads or assigns (closures included)."""
    return {
        node.attr
        for node in ast.walk(class_node(cls))
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "self"
    }


def declared(protocol: type) -> set[str]:
    names = set(protocol.__dict__.get("__annotations__", {}))
    names |= {n for n, v in vars(protocol).items() if not n.startswith("__") and (inspect.isfunction(v) or isinstance(v, property))}
    return names


@pytest.mark.parametrize(("mixin", "host"), MIXINS, ids=lambda c: c.__name__)
def test_a_mixin_uses_of_the_app_exactly_what_its_protocol_declares(mixin, host):
    needs = used_on_self(mixin) - defined(mixin)
    assert needs == declared(host), f"{mixin.__name__} uses {sorted(needs - declared(host))} undeclared; {host.__name__} declares {sorted(declared(host) - needs)} unused"


@pytest.mark.parametrize(("mixin", "host"), MIXINS, ids=lambda c: c.__name__)
def test_the_fight_screen_has_everything_each_protocol_declares(mixin, host):
    in_init = used_on_self(FightScreen) & {
        node.attr
        for fn in class_node(FightScreen).body
        if isinstance(fn, ast.FunctionDef) and fn.name == "__init__"
        for node in ast.walk(fn)
        if isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store)
    }
    missing = {name for name in declared(host) if not hasattr(FightScreen, name) and name not in in_init}
    assert not missing, f"{host.__name__} declares {sorted(missing)}, which FightScreen lacks"


def test_the_fight_screen_is_its_parts_and_a_screen():
    assert FightScreen.__mro__[1 : 1 + len(MIXINS)] == tuple(mixin for mixin, _ in MIXINS)
    assert issubclass(FightScreen, Screen) and not any(issubclass(GMConsoleApp, mixin) for mixin, _ in MIXINS)


def test_no_member_is_defined_by_two_of_the_screen_and_its_mixins():
    parts = [FightScreen] + [mixin for mixin, _ in MIXINS]
    seen: dict[str, str] = {}
    twice = []
    for part in parts:
        for name in defined(part) - {"__init__"}:
            if name in seen:
                twice.append(f"{name}: {seen[name]} and {part.__name__}")
            seen[name] = part.__name__
    assert not twice
    shadowed = {name for mixin, _ in MIXINS for name in defined(mixin) if hasattr(Screen, name)}
    assert shadowed == OVERRIDES_OF_TEXTUAL


def test_the_app_defines_only_app_wide_members():
    assert defined(GMConsoleApp) == APP_WIDE


def test_the_fight_screen_binds_the_fight_keys_and_the_app_only_quit():
    """Every key of keys.APP_KEYS and keys.REPLAY_KEYS is the fight screen's, in
    the footer's order (quit first, as Textual's App binds it, then the others
    in order); the app binds quit, from any screen (priority)."""
    screen = [(b.id, b.key) for b in FightScreen.BINDINGS]
    quit_key = [k for k in keys.APP_KEYS if k.id == "quit"]
    assert screen == [(k.id, k.key) for k in quit_key + [k for k in keys.APP_KEYS if k.id != "quit"] + list(keys.REPLAY_KEYS)]
    assert [(b.id, b.key, b.priority) for b in GMConsoleApp.BINDINGS] == [("quit", "ctrl+q", True)]
    app_actions = {b.action for b in FightScreen.BINDINGS if b.action.startswith("app.")}
    assert app_actions == {"app.quit", "app.help"} and all(hasattr(GMConsoleApp, "action_" + a[4:]) for a in app_actions)
    on_screen = {b.action.split("(")[0] for b in FightScreen.BINDINGS if not b.action.startswith("app.")}
    assert all(hasattr(FightScreen, "action_" + a) for a in on_screen)
