"""House rules: every place a rule text is silent becomes a named, typed value
with a default, which an encounter's ``[house_rules.<system>]`` may override
and which the rules reference shows with its current value.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from gm_console.core.errors import UnknownName
from gm_console.core.schema import Spec
from dataclasses import dataclass


@dataclass(frozen=True)
class HouseRule:
    """A house rule a system declares: its name, the spec of its value, its default and wording."""

    system: str
    name: str
    spec: Spec
    default: Any
    title: str
    explain: str  # why this default, and what the other values do
    # values that depart from a sentence the text states, each with what it departs from; a house rule
    # fills a silence, so such a value is allowed only marked: the lookup says so and the status line shows it
    departs: tuple[tuple[Any, str], ...] = ()

    @property
    def key(self) -> str:
        return f"{self.system}.{self.name}"

    def departure(self, value: Any) -> str | None:
        """What the text states that ``value`` departs from, or None when it does not."""
        for v, note in self.departs:
            if v == value:
                return note
        return None


def house_rules_of(system: str) -> Callable[..., HouseRule]:
    """How a system writes its house rules: ``rule = house_rules_of("ctb")``,
    then ``rule(name, spec, default, title, explain, departs=())``."""
    return functools.partial(HouseRule, system)


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

    def view(self, system: str) -> RulesView:
        """Every house rule of ``system`` in force as an attribute
        (``rules.view("ctb").surplus``): the one way a system reads its house
        rules, built once per system (the values never change once built)."""
        try:
            return self.views[f"house:{system}"]
        except KeyError:
            view = self.views[f"house:{system}"] = RulesView(self, system)
            return view

    def departing(self) -> dict[str, str]:
        """The house rules in force whose value departs from the text, with what each departs from."""
        if "_departing" in self.views:  # the values never change: worked out once
            return self.views["_departing"]
        out: dict[str, str] = {}
        for key, value in sorted(self.values.items()):
            rule = self.defs.get(key)
            note = rule.departure(value) if rule else None
            if note:
                out[key] = note
        self.views["_departing"] = out
        return out

    def to_json(self) -> dict[str, Any]:
        return dict(sorted(self.values.items()))


class RulesView:
    """The house rules of one system as attributes, read from ``Rules`` the
    first time each is asked for and kept (hot paths such as ``next`` and the
    projection read them on every call). A name that is not a house rule of
    the system raises ``UnknownName``, naming the key, as ``rules[key]`` does."""

    __slots__ = ("_rules", "_system", "__dict__")

    def __init__(self, rules: Rules, system: str) -> None:
        self._rules = rules
        self._system = system

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__"):
            raise AttributeError(name)
        value = self._rules[f"{self._system}.{name}"]
        self.__dict__[name] = value
        return value

    def __repr__(self) -> str:
        return f"<house rules of {self._system}>"
