"""Events: what applying an action produced, in words, for the log pane."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Event:
    text: str
    kind: str = "info"  # info, damage, roll, turn, rule, expire, note, warn
    unit: str | None = None

    def to_json(self) -> dict[str, str | None]:
        return {"text": self.text, "kind": self.kind, "unit": self.unit}
