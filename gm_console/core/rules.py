"""House rules: every place a rule text is silent becomes a named, typed value
with a default, which an encounter's ``[house_rules.<system>]`` may override
and which the rules reference shows with its current value.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from gm_console.core.errors import UnknownName
from gm_console.core.schema import Spec


@dataclass(frozen=True)
class HouseRule:
    """A house rule a system declares: its name, the spec of its value, its default and wording."""

    system: str
    name: str
    spec: Spec
    default: Any
    title: str
    explain: str  # why this default, and what the other values do

    @property
    def key(self) -> str:
        return f"{self.system}.{self.name}"


class Rules:
    """The house-rule values in force for one encounter (fixed once built).

    ``views`` holds what systems derive from the values (such as one object
    with every rule of a system as an attribute, read on hot paths); since
    the values never change after construction, a view never goes stale.
    """

    def __init__(self, rules: Iterable[HouseRule], overrides: Mapping[str, Mapping[str, Any]] | None = None):
        self.defs = {r.key: r for r in rules}
        self.values = {k: r.default for k, r in self.defs.items()}
        for system, table in (overrides or {}).items():
            for name, value in table.items():
                self.values[f"{system}.{name}"] = value
        self.views: dict[str, Any] = {}

    def __getitem__(self, key: str) -> Any:
        try:
            return self.values[key]
        except KeyError:
            raise UnknownName("house rule", key, self.defs) from None

    def is_default(self, key: str) -> bool:
        return self.values[key] == self.defs[key].default

    def to_json(self) -> dict[str, Any]:
        return dict(sorted(self.values.items()))
