"""Events: what applying an action produced, in words, for the log pane."""

from __future__ import annotations

from typing import NamedTuple


class Event(NamedTuple):
    """One line an action produced. A named tuple: immutable like a frozen
    dataclass, and about twice as cheap to make (a replay makes one or two
    per action)."""

    text: str
    kind: str = "info"  # info, damage, roll, turn, rule, expire, note, warn
    unit: str | None = None

    def to_json(self) -> dict[str, str | None]:
        return {"text": self.text, "kind": self.kind, "unit": self.unit}
