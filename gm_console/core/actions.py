"""Action values: small, frozen, hashable, each with a one-line notation.

An action knows how to ``check`` itself against a state (raising
``IllegalAction`` that names the rule) and how to ``apply`` itself (mutating
the state and emitting events through the context). Like python-chess's
``push``, ``apply`` trusts that ``check`` passed; the engine always runs both
for new actions and only ``apply`` when replaying a log it already checked.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from gm_console.core import notation as n
from gm_console.core import timing
from gm_console.core.bounds import shown
from gm_console.core.dice import DiceExpr, check_faces
from gm_console.core.errors import GMError, IllegalAction, NotationError
from gm_console.core.events import Event
from gm_console.core.state import Condition, State, Unit

if TYPE_CHECKING:
    from gm_console.core.rules import Rules
    from gm_console.core.setup import Setup
    from gm_console.core.system import System


@dataclass(slots=True, eq=False)  # (one object per action, never compared)
class Context:
    """What an action sees besides the state: rules, systems, and an event sink."""

    rules: Rules
    systems: dict[str, System]
    setup: Setup
    index: int  # position of this action in the log
    events: list[Event] = field(default_factory=list)

    def emit(self, text: str, kind: str = "info", unit: str | None = None) -> None:
        self.events.append(Event(text, kind, unit))

    def each_system(self) -> list[System]:
        return list(self.systems.values())


@dataclass(frozen=True, kw_only=True)
class Action:
    """One entry of the log: a frozen value with a verb, its notation, and
    its rule (``check``) and effect (``apply``)."""

    VERB: ClassVar[str] = ""
    SYSTEM: ClassVar[str] = "core"
    SYNTAX: ClassVar[tuple[n.Spec, ...]] = ()
    ROLLS: ClassVar[bool] = False
    SUMMARY: ClassVar[str] = ""
    EXAMPLE: ClassVar[str] = ""
    PALETTE: ClassVar[str] = "unit"  # namespace in the command palette

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """An action class without a docstring gets its summary as one (what
        help() shows; @dataclass would otherwise word one from the signature)."""
        super().__init_subclass__(**kwargs)
        if cls.__doc__ is None:
            cls.__doc__ = cls.SUMMARY or f"The {cls.VERB or cls.__name__} action."

    # -- notation
    def notation(self) -> str:
        return n.format_with(self)

    def __str__(self) -> str:
        return self.notation()

    def label(self, state: State) -> str:
        """How the palette names this action (systems make it read like the table talks)."""
        return self.notation()

    # -- dice
    def dice_needed(self, state: State, ctx: Context) -> tuple[int, ...]:
        """Sides of each die this action needs, in order; () when it rolls nothing."""
        return ()

    def dice_purpose(self, state: State) -> str:
        return self.VERB

    def with_dice(self, faces: tuple[int, ...]) -> Action:
        return dataclasses.replace(self, dice=tuple(faces))  # type: ignore[call-arg]

    # -- rules
    def check(self, state: State, ctx: Context) -> None:
        """Raise IllegalAction (naming the rule) unless this action is legal now."""

    def check_entry(self, state: State, ctx: Context) -> None:
        """Raise IllegalAction when a line typed now (the prompt, a flow, the
        command line) leaves out what the rules want said outright; a saved
        log is not asked again (``Game.check_entry``)."""

    def apply(self, state: State, ctx: Context) -> None:
        raise NotImplementedError


def check_dice(action: Action, state: State, ctx: Context) -> None:
    """Every rolling action calls this in ``check``: the recorded faces fit the dice."""
    needed = action.dice_needed(state, ctx)
    faces = getattr(action, "dice", None)
    if faces is not None and len(faces) == len(needed):  # the usual case, without wording a purpose
        for face, side in zip(faces, needed):
            if not 1 <= face <= side:
                break
        else:
            return
    if faces is None:
        if needed:
            raise IllegalAction(f"{action.VERB} needs dice: {', '.join(f'd{s}' for s in needed)}", "dice are recorded")
        return
    try:
        check_faces(faces, needed, action.dice_purpose(state))
    except NotationError as exc:
        raise IllegalAction(str(exc), "dice are recorded") from None


# ------------------------------------------------------------------ generic actions


TEMPLATE_PREFIX = "library:"


def _template_ref(text: str) -> str:
    kind, colon, tid = text.partition(":")
    if not colon or kind != "library":
        if kind == "party" and colon:
            raise NotationError(
                f"{text} is a party character: it comes into a fight in the file's [[units]] (from = \"{text}\"); "
                "at the table, add brings library templates: from=library:ID"
            )
        raise NotationError(f"expected a library template like library:raider, got {shown(text)}")
    return n.ident("template").parse(tid)


TEMPLATE_REF = n.Kind("library:ID", _template_ref, lambda tid: TEMPLATE_PREFIX + tid)


def unit_from_spec(spec: dict[str, Any]) -> Unit:
    """A unit as a ``[[units]]`` table sets it up (before its systems fill it in)."""
    unit = Unit(
        spec["id"],
        spec.get("name", spec["id"]),
        spec["side"],
        spec.get("zone"),
        dict(spec.get("stats", {})),
        tuple(spec.get("traits", ())),
        tuple(spec.get("items", ())),
    )
    for cond in spec.get("conditions", ()):
        unit.conditions[cond["name"].lower()] = Condition.lasting(cond["name"], cond.get("for"))
    return unit


TEMPLATE_RULE = "templates"


@dataclass(frozen=True, kw_only=True)
class AddUnit(Action):
    """Bring a unit in mid-fight: a new one (``add gob3 foes hp=8``), a copy of
    one in play (``copy=gob1``), or one built from a template
    (``add raider3 from=library:raider``): the encounter's ``[templates.raider]``,
    copied in from its libraries by the file layer when the line was typed, is
    built as a ``[[units]]`` table would be (so a replay needs no library)."""

    VERB = "add"
    SUMMARY = (
        "Bring a new unit into the fight, optionally copying another unit's stats, "
        "or built from a library template (from=library:ID, its side unless one is given)."
    )
    EXAMPLE = 'add gob3 enemies name="Goblin Archer" zone=bridge copy=gob1 hp=8'
    SYNTAX = (
        n.Arg("unit", n.WORD, label="ID"),
        n.Arg("side", n.SIDE, optional=True),
        n.Opt("template", TEMPLATE_REF, key="from"),
        n.Opt("name", n.NAME),
        n.Opt("zone", n.ZONE),
        n.Opt("copy", n.UNIT),
        n.Opt("side", n.SIDE),
        n.Extras("stats"),
    )
    unit: str
    side: str | None = None
    name: str | None = None
    zone: str | None = None
    copy: str | None = None
    template: str | None = None  # a template id: the encounter's [templates.ID]
    stats: tuple[tuple[str, int], ...] = ()

    def __post_init__(self) -> None:
        if self.template is None:
            if self.side is None:
                raise NotationError("add: missing SIDE (usage: add ID SIDE [...], or add ID from=library:TEMPLATE [side=SIDE])")
            return
        if self.copy is not None:
            raise NotationError("add: copy= and from= both say what the unit is built from: give one")
        keys = [k for k, _ in self.stats]
        if "count" in keys:
            raise NotationError(
                "add: count= numbers copies in the encounter file's [[units]]; at the table, add each unit with its own id"
            )
        if keys:
            raise NotationError(
                f"add: from={TEMPLATE_PREFIX}{self.template} brings the template's stats; "
                f"change {', '.join(keys)} after it joins (set UNIT STAT N)"
            )

    def check(self, state: State, ctx: Context) -> None:
        if self.unit in state.units:
            raise IllegalAction(f"there is already a unit with id {self.unit!r}", "unit ids are unique")
        if self.template is not None:
            self._check_template(state, ctx)
            return
        assert self.side is not None  # __post_init__ refuses an add with neither a template nor a side
        state.side(self.side)
        if self.zone is not None:
            state.zone(self.zone)
        if self.copy is not None:
            state.unit(self.copy)
        keys = [k for k, _ in self.stats]
        if len(set(keys)) != len(keys):
            raise IllegalAction("a stat is given twice", "one value per stat")
        for system in ctx.each_system():
            system.check_add(state, self, ctx)

    def apply(self, state: State, ctx: Context) -> None:
        if self.template is not None:
            unit = self._build(state, ctx, self.template_spec(ctx.setup))
            ctx.emit(
                f"{unit.name} joins the fight on {state.sides[unit.side].name}'s side ({TEMPLATE_PREFIX}{self.template})",
                "info",
                unit.id,
            )
            return
        assert self.side is not None  # __post_init__ refuses an add with neither a template nor a side
        template = state.units[self.copy] if self.copy else None
        unit = Unit(
            self.unit,
            self.name or (template.name if template else self.unit),
            self.side,
            self.zone if self.zone is not None else (template.zone if template else None),
            dict(template.stats) if template else {},
            template.traits if template else (),
            template.items if template else (),
        )
        unit.stats.update(self.stats)
        state.units[unit.id] = unit
        for system in ctx.each_system():
            system.unit_added(state, unit, template, ctx)
        ctx.emit(f"{unit.name} joins the fight on {state.sides[unit.side].name}'s side", "info", unit.id)

    # -- a unit from a template
    def template_spec(self, setup: Setup) -> dict[str, Any]:
        """The ``[[units]]`` table this add builds: the template with the id typed,
        the side and zone given (else the template's), the name given (else the
        template's, numbered as count numbers copies: raider3 is "Relay Raider 3")."""
        from copy import deepcopy

        template = self.template
        if template is None:
            raise IllegalAction(f"add {self.unit} names no template (from={TEMPLATE_PREFIX}ID)", TEMPLATE_RULE)
        table = setup.templates.get(template)
        if table is None:
            from gm_console.core.errors import UnknownName

            known = UnknownName("template", template, setup.templates)
            raise IllegalAction(
                f"{known} in this encounter's [templates]; the console copies one in from the "
                "encounter's libraries when the line is typed",
                TEMPLATE_RULE,
            )
        spec = deepcopy(table)
        spec["id"] = self.unit
        side = self.side or table.get("side")
        if side is None:
            raise IllegalAction(
                f"{TEMPLATE_PREFIX}{self.template} names no side: give one (add {self.unit} SIDE from={TEMPLATE_PREFIX}{self.template})",
                TEMPLATE_RULE,
            )
        spec["side"] = side
        if self.zone is not None:
            spec["zone"] = self.zone
        if self.name is not None:
            spec["name"] = self.name
        elif "name" in table:
            number = self.unit[len(template) :] if self.unit.startswith(template) else ""
            if number.isdigit() and number.isascii():
                spec["name"] = f"{table['name']} {number}"
        return spec

    def _check_template(self, state: State, ctx: Context) -> None:
        spec = self.template_spec(ctx.setup)
        where = f"{TEMPLATE_PREFIX}{self.template}"
        if spec["side"] not in state.sides:
            from gm_console.core.errors import UnknownName

            given = "" if self.side else f" (the side its template names, templates.{self.template}.side)"
            raise IllegalAction(f"{where}: {UnknownName('side', spec['side'], state.sides)}{given}", TEMPLATE_RULE)
        if spec.get("zone") is not None and spec["zone"] not in state.zones:
            from gm_console.core.errors import UnknownName

            given = "" if self.zone else f" (the zone its template names, templates.{self.template}.zone)"
            raise IllegalAction(f"{where}: {UnknownName('zone', spec['zone'], state.zones)}{given}", TEMPLATE_RULE)
        for system in ctx.each_system():
            system.check_add(state, self, ctx)
        # built on a copy: what only building finds (an unknown card, a weapon) is refused here, not half-applied
        probe = state.copy()
        try:
            self._build(probe, Context(ctx.rules, ctx.systems, ctx.setup, ctx.index), spec)
        except GMError as exc:
            raise IllegalAction(f"{where}: templates.{self.template}: {exc}", TEMPLATE_RULE) from None

    def _build(self, state: State, ctx: Context, spec: dict[str, Any]) -> Unit:
        """Build ``spec`` as the setup builds a ``[[units]]`` table: each system's ``init_unit``."""
        unit = unit_from_spec(spec)
        state.units[unit.id] = unit
        view = ctx.setup.with_unit(spec)
        for name, system in ctx.systems.items():
            system.init_unit(state, unit, spec.get(name), view, ctx.rules)
        return unit


@dataclass(frozen=True, kw_only=True)
class RemoveUnit(Action):
    VERB = "remove"
    SUMMARY = "Take a unit out of the fight (it fled, surrendered, or was added by mistake)."
    EXAMPLE = "remove gob3"
    SYNTAX = (n.Arg("unit", n.UNIT),)
    unit: str

    def check(self, state: State, ctx: Context) -> None:
        state.unit(self.unit)

    def apply(self, state: State, ctx: Context) -> None:
        unit = state.units.pop(self.unit)
        for system in ctx.each_system():
            system.unit_removed(state, unit, ctx)
        if state.clock.active == unit.id:
            state.clock.active = None
        ctx.emit(f"{unit.name} leaves the fight", "info", unit.id)


@dataclass(frozen=True, kw_only=True)
class Rename(Action):
    VERB = "rename"
    SUMMARY = "Change a unit's display name (its id stays)."
    EXAMPLE = 'rename gob1 "Goblin Chief"'
    SYNTAX = (n.Arg("unit", n.UNIT), n.Arg("name", n.NAME))
    unit: str
    name: str

    def check(self, state: State, ctx: Context) -> None:
        state.unit(self.unit)

    def apply(self, state: State, ctx: Context) -> None:
        unit = state.units[self.unit]
        old, unit.name = unit.name, self.name
        ctx.emit(f"{old} is now called {self.name}", "info", unit.id)


@dataclass(frozen=True, kw_only=True)
class SetStat(Action):
    VERB = "set"
    SUMMARY = "Set one of a unit's stats to a value (GM fiat); systems keep it within its bounds."
    EXAMPLE = "set kai hp 30"
    SYNTAX = (n.Arg("unit", n.UNIT), n.Arg("stat", n.WORD), n.Arg("value", n.INT))
    unit: str
    stat: str
    value: int

    def check(self, state: State, ctx: Context) -> None:
        unit = state.unit(self.unit)
        for system in ctx.each_system():
            system.check_stat(state, unit, self.stat, self.value, ctx)

    def apply(self, state: State, ctx: Context) -> None:
        unit = state.units[self.unit]
        old = unit.stats.get(self.stat)
        unit.stats[self.stat] = self.value
        ctx.emit(f"{unit.name}: {self.stat} {old if old is not None else '-'} -> {self.value}", "info", unit.id)
        for system in ctx.each_system():
            system.stat_set(state, unit, self.stat, old, ctx)


@dataclass(frozen=True, kw_only=True)
class Move(Action):
    VERB = "move"
    SUMMARY = "Place a unit in a zone by GM fiat (systems add their own rule-checked movement)."
    EXAMPLE = "move kai bridge"
    SYNTAX = (n.Arg("unit", n.UNIT), n.Arg("zone", n.ZONE))
    unit: str
    zone: str

    def check(self, state: State, ctx: Context) -> None:
        state.unit(self.unit)
        state.zone(self.zone)

    def apply(self, state: State, ctx: Context) -> None:
        unit = state.units[self.unit]
        old, unit.zone = unit.zone, self.zone
        ctx.emit(f"{unit.name} moves to {state.zones[self.zone].name}", "info", unit.id)
        for system in ctx.each_system():
            system.unit_moved(state, unit, old, ctx)


@dataclass(frozen=True, kw_only=True)
class AddCondition(Action):
    VERB = "cond"
    SUMMARY = (
        "Put a condition on a unit, optionally for a time: 2t counts down at the end of the unit's turns "
        "(the current one included), 3r at the end of rounds, 1s at the unit's side's Shift Ends."
    )
    EXAMPLE = "cond gob1 Blinded for=2t"
    SYNTAX = (n.Arg("unit", n.UNIT), n.Arg("condition", n.NAME), n.Opt("duration", n.DURATION_KIND, key="for"))
    unit: str
    condition: str
    duration: str | None = None

    def check(self, state: State, ctx: Context) -> None:
        state.unit(self.unit)

    def apply(self, state: State, ctx: Context) -> None:
        unit = state.units[self.unit]
        cond = Condition.lasting(self.condition, self.duration)
        unit.conditions[self.condition.lower()] = cond
        ctx.emit(f"{unit.name} is {cond.label()}", "info", unit.id)


@dataclass(frozen=True, kw_only=True)
class RemoveCondition(Action):
    VERB = "uncond"
    SUMMARY = "Take a condition off a unit."
    EXAMPLE = "uncond gob1 Blinded"
    SYNTAX = (n.Arg("unit", n.UNIT), n.Arg("condition", n.NAME))
    unit: str
    condition: str

    def check(self, state: State, ctx: Context) -> None:
        unit = state.unit(self.unit)
        if not unit.has(self.condition):
            held = ", ".join(c.name for c in unit.conditions.values()) or "none"
            raise IllegalAction(f"{unit.name} is not {self.condition} (conditions: {held})", "conditions")

    def apply(self, state: State, ctx: Context) -> None:
        unit = state.units[self.unit]
        cond = unit.conditions.pop(self.condition.lower())
        ctx.emit(f"{unit.name} is no longer {cond.name}", "info", unit.id)


@dataclass(frozen=True, kw_only=True)
class Roll(Action):
    VERB = "roll"
    ROLLS = True
    PALETTE = "dice"
    SUMMARY = "Roll dice (or record the dice a player rolled): 2d20, 1d20+3, d6-1."
    EXAMPLE = 'roll 1d20+3 by=kai why="spot the ambush" [14]'
    SYNTAX = (n.Arg("expr", n.DICE_EXPR, label="DICE"), n.Opt("by", n.UNIT), n.Opt("why", n.NAME))
    expr: str
    by: str | None = None
    why: str | None = None
    dice: tuple[int, ...] | None = None

    def dice_needed(self, state: State, ctx: Context) -> tuple[int, ...]:
        return DiceExpr.parse(self.expr).sides_tuple

    def dice_purpose(self, state: State) -> str:
        return self.expr

    def check(self, state: State, ctx: Context) -> None:
        if self.by is not None:
            state.unit(self.by)
        check_dice(self, state, ctx)

    def apply(self, state: State, ctx: Context) -> None:
        expr = DiceExpr.parse(self.expr)
        faces = self.dice or ()
        total = sum(faces) + expr.modifier
        who = state.units[self.by].name if self.by else "GM"
        why = f" for {self.why}" if self.why else ""
        mod = f" {expr.modifier:+d}" if expr.modifier else ""
        shown = "+".join(map(str, faces))
        ctx.emit(f"{who} rolls {expr}{why}: [{shown}]{mod} = {total}", "roll", self.by)


@dataclass(frozen=True, kw_only=True)
class _LogLine(Action):
    """A line of text into the log, changing nothing (``note``, ``say``)."""

    PALETTE = "log"
    SYNTAX = (n.Rest("text"),)
    KIND: ClassVar[str] = ""  # the event kind it emits
    WHAT: ClassVar[str] = ""  # what the line is called in the error
    text: str

    def __post_init__(self) -> None:
        if self.text != self.text.strip() or not self.text or "\n" in self.text:
            raise NotationError(f"{self.WHAT} is one non-empty line")

    def apply(self, state: State, ctx: Context) -> None:
        ctx.emit(self.text, self.KIND)


@dataclass(frozen=True, kw_only=True)
class Note(_LogLine):
    VERB = "note"
    SUMMARY = "Write a GM note into the log; it changes nothing."
    EXAMPLE = "note The bridge starts to give way"
    KIND, WHAT = "note", "a note"


@dataclass(frozen=True, kw_only=True)
class Say(_LogLine):
    VERB = "say"
    SUMMARY = "Post a public line for the players: it shows in the player view's log (a note never does)."
    EXAMPLE = "say The lights go out"
    KIND, WHAT = "say", "a public line"


@dataclass(frozen=True, kw_only=True)
class Next(Action):
    VERB = "next"
    PALETTE = "clock"
    SUMMARY = "End the current turn and advance the clock to whoever acts next."
    EXAMPLE = "next"
    SYNTAX = ()

    def label(self, state: State) -> str:
        return "next turn"

    def check(self, state: State, ctx: Context) -> None:
        clock = timing.clock_system(ctx)
        if clock is not None:
            clock.check_advance(state, ctx)
        elif not state.units:
            raise IllegalAction("there are no units to take a turn", "turn order")

    def apply(self, state: State, ctx: Context) -> None:
        clock = timing.clock_system(ctx)
        if clock is not None:
            clock.advance(state, ctx)
        else:
            timing.round_robin(state, ctx)


@dataclass(frozen=True, kw_only=True)
class Pool(Action):
    VERB = "pool"
    PALETTE = "pool"
    SUMMARY = "Add to or spend from a shared pool (Momentum, Threat, ...) by GM fiat, with the reason."
    EXAMPLE = 'pool threat +2 why="reinforcements arrive"'
    SYNTAX = (n.Arg("pool", n.WORD), n.Arg("delta", n.DELTA), n.Opt("why", n.NAME))
    pool: str
    delta: int
    why: str | None = None

    def check(self, state: State, ctx: Context) -> None:
        if self.pool not in state.pools:
            from gm_console.core.errors import UnknownName

            raise UnknownName("pool", self.pool, state.pools)
        for system in ctx.each_system():
            system.check_pool(state, self.pool, state.pools[self.pool] + self.delta, ctx)

    def apply(self, state: State, ctx: Context) -> None:
        old = state.pools[self.pool]
        state.pools[self.pool] = old + self.delta
        why = f" ({self.why})" if self.why else ""
        ctx.emit(f"{self.pool.capitalize()} {old} -> {old + self.delta}{why}", "pool")


BASE_ACTIONS: tuple[type[Action], ...] = (  # with fog.FOG_ACTIONS, the generic verbs (core/verbs.py)
    AddUnit,
    RemoveUnit,
    Rename,
    SetStat,
    Move,
    AddCondition,
    RemoveCondition,
    Roll,
    Note,
    Say,
    Next,
    Pool,
)

