"""Typed errors of the rules core.

Every error a GM can cause is a ``ValueError`` subclass, so callers that only
care about "bad input" catch one type, while the UI can tell them apart.
"""

from __future__ import annotations

from collections.abc import Iterable

from dataclasses import dataclass


class GMError(ValueError):
    """Base class of every error the core raises on bad input."""


class NotationError(GMError):
    """A line of action notation could not be parsed."""


class UnknownName(NotationError):
    """A verb, unit, zone, side or target name that does not exist."""

    def __init__(self, kind: str, name: str, known: Iterable[str]) -> None:
        self.kind = kind
        self.name = name
        self.known = sorted(set(known))
        self.suggestion = nearest(name, self.known)
        message = f"unknown {kind} {name!r}"
        if self.suggestion:
            message += f" (did you mean {self.suggestion!r}?)"
        elif self.known:
            shown = ", ".join(self.known[:12])
            more = "" if len(self.known) <= 12 else f", ... ({len(self.known)} in all)"
            message += f"; expected one of: {shown}{more}"
        else:
            message += f"; there are no {kind}s yet"
        super().__init__(message)


@dataclass(frozen=True, slots=True)
class Cite:
    """The rule a refusal cites: ``key`` is the key of its entry in the rules
    lookup (``conflict.reach``, ``house.ctb.surplus``), ``label`` how the
    message names it. Each system declares its citations in one place and a
    test holds every key to an entry the lookup has."""

    key: str
    label: str

    def __str__(self) -> str:
        return self.label


class IllegalAction(GMError):
    """An action that the rules forbid in the current state.

    ``rule`` names the rule (or house rule) that forbids it, so the message
    always says *why*, not just *no*: a ``Cite`` (its label is shown, its key
    opens the rule in the lookup) or, for the generic verbs, a plain label.
    """

    def __init__(self, message: str, rule: str | Cite = "") -> None:
        self.cite = rule if isinstance(rule, Cite) else None
        self.rule = str(rule)
        super().__init__(f"{message} [{self.rule}]" if self.rule else message)


class DiceNeeded(GMError):
    """The action needs dice and the encounter is in manual-dice mode."""

    def __init__(self, sides: tuple[int, ...], purpose: str = "") -> None:
        self.sides = sides
        self.purpose = purpose
        dice = ", ".join(f"d{s}" for s in sides)
        super().__init__(f"enter the dice for {purpose or 'this action'}: {dice}")


class SetupError(GMError):
    """A setup the schema passed but a system cannot build (an unknown card or
    weapon): each problem as (key path, message), like a schema Problem."""

    def __init__(self, problems: Iterable[tuple[str, str]]) -> None:
        self.problems = tuple(problems)
        super().__init__("\n".join(f"{path}: {message}" if path else message for path, message in self.problems))


class NothingToUndo(GMError):
    pass


class NothingToRedo(GMError):
    pass


def nearest(name: str, known: Iterable[str]) -> str | None:
    """The closest known name to ``name``, or None when nothing is close."""
    known = list(known)
    lowered = {k.lower(): k for k in known}
    if name.lower() in lowered:
        return lowered[name.lower()]
    prefixed = [k for k in known if k.lower().startswith(name.lower())]
    if len(prefixed) == 1:
        return prefixed[0]
    import difflib  # here, not at the top: only a misspelt name needs it

    match = difflib.get_close_matches(name.lower(), list(lowered), n=1, cutoff=0.6)
    return lowered[match[0]] if match else None
