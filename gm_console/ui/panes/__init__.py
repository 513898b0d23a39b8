"""One pane per rule system (``panes/<system>.py`` exposing ``PANE``), plus
the generic units pane for encounters whose systems bring none."""

from __future__ import annotations

import importlib

from gm_console.ui.panes.base import SystemPane


def pane_class(system: str) -> type[SystemPane] | None:
    try:
        module = importlib.import_module(f"gm_console.ui.panes.{system}")
    except ModuleNotFoundError as exc:
        if exc.name == f"gm_console.ui.panes.{system}":
            return None
        raise
    return module.PANE
