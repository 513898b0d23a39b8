"""Key bindings as data: every app binding has an id, a default key and a
description. Users remap them by id in ``[keys]`` of the config file; the
help screen (F1) lists them all with the keys in force."""

from __future__ import annotations

import unicodedata
from typing import NamedTuple

from textual.binding import Binding, BindingType


class Key(NamedTuple):  # a NamedTuple, not a frozen dataclass: as immutable, and about 1 ms less to define at start
    id: str
    key: str
    action: str
    description: str
    show: bool = True
    priority: bool = False
    group: str = "console"


APP_KEYS: tuple[Key, ...] = (
    Key("undo", "ctrl+z", "undo", "Undo"),
    Key("redo", "ctrl+y", "redo", "Redo"),
    Key("save", "ctrl+s", "save", "Save"),
    Key("rules", "ctrl+r", "rules", "Rules"),
    Key("help", "f1", "help", "Help"),
    Key("dice-mode", "f2", "toggle_dice", "Dice mode"),
    Key("replay", "f3", "toggle_replay", "Replay"),
    Key("dice-log", "f4", "toggle_dice_log", "Dice log", show=False),
    Key("next-pane", "f5", "next_pane", "Next pane", show=False),
    Key("maximize", "f6", "toggle_maximize", "Maximize"),
    Key("act", "f7", "act", "Act… (guided flow)", show=False),
    Key("stat-block", "f8", "stat_block", "Stat block (selected or acting unit)", show=False),
    Key("unit-menu", "f9", "unit_menu", "Unit menu (selected or acting unit)", show=False),
    Key("focus-log", "ctrl+l", "focus_log", "Log", show=False),
    Key("focus-prompt", "escape", "focus_prompt", "Prompt", show=False),
    Key("quit", "ctrl+q", "quit", "Quit", priority=True),
)

REPLAY_KEYS: tuple[Key, ...] = (
    Key("replay-back", "left", "replay_step(-1)", "Back", priority=True, group="replay"),
    Key("replay-forward", "right", "replay_step(1)", "Forward", priority=True, group="replay"),
    Key("replay-start", "home", "replay_to_start", "Start", priority=True, group="replay"),
    Key("replay-end", "end", "replay_to_end", "End", priority=True, group="replay"),
    Key("replay-goto", "g", "replay_goto", "Go to action", priority=True, group="replay"),
    Key("replay-round", "r", "replay_round", "Go to round", priority=True, group="replay"),
    Key("replay-branch", "b", "replay_branch", "Continue from here", priority=True, group="replay"),
)

APP_ONLY_KEYS: tuple[Key, ...] = tuple(k for k in APP_KEYS if k.id == "quit")  # the app's own: it quits from any screen
# The fight screen's keys: quit first, where Textual's App puts its ctrl+q (the footer
# lists keys in binding order), then the others in APP_KEYS order; the app's actions
# among them (quit, help) are named "app.ACTION".
FIGHT_KEYS: tuple[Key, ...] = tuple(
    k._replace(action=f"app.{k.action}") if k.id in {"quit", "help"} else k
    for k in sorted(APP_KEYS, key=lambda k: k.id != "quit")
)

PROMPT_KEYS: tuple[tuple[str, str], ...] = (
    ("enter", "apply the action typed in the prompt"),
    ("tab", "complete the verb or name (or move focus when nothing to complete)"),
    ("up / down", "previous / next action typed"),
    ("ctrl+p", "command palette: every action, rule, command (fuzzy)"),
)


def bindings(keys: tuple[Key, ...]) -> list[BindingType]:
    return [
        Binding(k.key, k.action, k.description, show=k.show, priority=k.priority, id=k.id)
        for k in keys
    ]


def keys_in_force(keymap: dict[str, str]) -> list[tuple[str, str, str, str]]:
    """(group, id, keys, description) for every binding, remaps applied."""
    rows = []
    for k in APP_KEYS + REPLAY_KEYS:
        rows.append((k.group, k.id, keymap.get(k.id, k.key), k.description))
    return rows


# ------------------------------------------------------------------ remaps from the config file

MODIFIERS = ("ctrl", "alt", "meta", "super", "hyper", "shift")
NAMED_KEYS = frozenset(
    ["escape", "left", "right", "up", "down", "home", "end", "insert", "delete", "pageup", "pagedown"]
    + [f"f{i}" for i in range(1, 25)]
)
PROMPT_OWNS = frozenset(["enter", "return", "tab", "space", "backspace"])  # keys the prompt uses as typed
_CHARACTER_NAMES = {"slash": "solidus", "backslash": "reverse solidus", "at": "commercial at", "minus": "hyphen-minus", "plus": "plus sign", "underscore": "low line"}


def key_problem(key: str, group: str = "console") -> str | None:
    """Why ``key`` (one or more keys, comma-separated, as Textual reads a
    binding) cannot be bound, or None. A key the prompt types (a letter, a
    digit, a character, space, tab, enter, backspace) needs a modifier other
    than shift in the console; replay mode's keys are plain letters, the prompt
    waiting meanwhile."""
    parts = key.split(",")
    for part in parts:
        if not part:
            return f"{key!r} holds an empty key (keys are separated by commas: ctrl+b,f8)"
        *mods, name = part.split("+")
        bad = [m for m in mods if m not in MODIFIERS]
        if bad or not name:
            return f"{part!r} is not a key: modifiers are {', '.join(MODIFIERS)}, then one key (ctrl+b, f8, shift+left)"
        if name in NAMED_KEYS:
            continue
        if name in PROMPT_OWNS or _is_character(name):
            if group == "console" and not (set(mods) - {"shift"}):
                return f"{part!r} is a key the prompt types: give it a modifier such as ctrl+ or alt+"
            continue
        return f"{part!r} is not a key Textual knows (such as ctrl+b, f8, escape, left, ctrl+comma)"
    return None


def _is_character(name: str) -> bool:
    if len(name) == 1:
        return name.isprintable()
    try:
        unicodedata.lookup(_CHARACTER_NAMES.get(name, name).replace("_", " "))
    except KeyError:
        return False
    return True


def check_keymap(keymap: dict[str, str]) -> tuple[dict[str, str], list[str]]:
    """The remaps that can be taken (by binding id), and one problem per remap
    refused: a key that cannot be bound (``key_problem``), or a key another
    binding has (its default, or a remap taken), which would leave one of the
    two without its key. A binding whose remap is refused keeps its default,
    which may refuse another remap in turn: worked out until nothing changes."""
    groups = {k.id: k.group for k in APP_KEYS + REPLAY_KEYS}
    refused: dict[str, str] = {}
    for binding, key in keymap.items():
        problem = key_problem(key, groups.get(binding, "console"))
        if problem is not None:
            refused[binding] = problem
    while True:
        taken = {one: k.id for k in APP_KEYS + REPLAY_KEYS if k.id not in keymap or k.id in refused for one in k.key.split(",")}
        clashed = False
        for binding, key in keymap.items():
            if binding in refused:
                continue
            clash = next((taken[one] for one in key.split(",") if one in taken), None)
            if clash is not None:
                refused[binding] = f"{key!r} is {clash}'s key already: each key does one thing"
                clashed = True
                break
            for one in key.split(","):
                taken[one] = binding
        if not clashed:
            break
    accepted = {b: k for b, k in keymap.items() if b not in refused}
    problems = [f"keys.{b}: {refused[b]}; {b} keeps its default" for b in keymap if b in refused]
    return accepted, problems
