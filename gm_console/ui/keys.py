"""Key bindings as data: every app binding has an id, a default key and a
description. Users remap them by id in ``[keys]`` of the config file; the
help screen (F1) lists them all with the keys in force."""

from __future__ import annotations

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
