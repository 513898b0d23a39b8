"""Harm verbs: avoid, suffer, fatigue, recover, hazard, expose, scene."""

from __future__ import annotations


from gm_console.core import notation as n
from gm_console.core.actions import Context
from gm_console.core.errors import IllegalAction
from gm_console.core.state import State
from dataclasses import dataclass

from .. import cites
from ..attacks import announce
from ..board import BOARD, Hazard, Pending
from ..common import DEAD, YIELDED, add_condition, char, is_players, need_unit, unit_name
from ..stress import (
    RECOVERY,
    answers,
    avoid,
    check_avoid,
    check_fatigue_choice,
    check_recover,
    check_suffer,
    clear,
    end_scene,
    mark,
    protection,
    suffer,
)
from ..turns import candidates, check_no_pending, end_turn, pick
from ..zones import leave_position
from .base import ATTR, INTENT, ConflictAction, check_range
from .traits import worsen

MODE = n.choice("attritional", "acute")
REST = n.choice("breather", "break", "rest")


@dataclass(frozen=True, kw_only=True)
class Avoid(ConflictAction):
    VERB = "avoid"
    PALETTE = "harm"
    SUMMARY = (
        "Avoid the waiting Injury by marking Stress equal to its adjusted Severity (only with room for all of "
        "it). With threat: a Notable NPC (once a scene) or a Major NPC pays that much Threat instead."
    )
    EXAMPLE = "avoid kai"
    SYNTAX = (n.Arg("unit", n.UNIT), n.Flag("threat"))
    unit: str
    threat: bool = False

    def label(self, state: State) -> str:
        return f"{unit_name(state, self.unit)} Avoids the Injury" + (" with Threat" if self.threat else " with Stress")

    def check(self, state: State, ctx: Context) -> None:
        need_unit(state, self.unit)
        check_avoid(state, ctx, self.unit, self.threat)

    def apply(self, state: State, ctx: Context) -> None:
        avoid(state, ctx, self.unit, self.threat)


@dataclass(frozen=True, kw_only=True)
class Suffer(ConflictAction):
    VERB = "suffer"
    PALETTE = "harm"
    SUMMARY = (
        "Take the waiting Injury: it becomes a named Trait and the character is Defeated and Prone (Dying if "
        "Deadly). nograce: the GM rules the cysuit cannot keep them alive. dead: a Minor NPC dies outright."
    )
    EXAMPLE = 'suffer gob name="Cracked Visor"'
    SYNTAX = (n.Arg("unit", n.UNIT), n.Opt("name", n.NAME), n.Flag("nograce"), n.Flag("dead"))
    unit: str
    name: str | None = None
    nograce: bool = False
    dead: bool = False

    def label(self, state: State) -> str:
        return f"{unit_name(state, self.unit)} suffers the Injury"

    def check(self, state: State, ctx: Context) -> None:
        need_unit(state, self.unit)
        check_suffer(state, self.unit, self.dead)

    def apply(self, state: State, ctx: Context) -> None:
        suffer(state, ctx, self.unit, self.name, self.nograce, self.dead)


@dataclass(frozen=True, kw_only=True)
class Fatigue(ConflictAction):
    VERB = "fatigue"
    PALETTE = "harm"
    SUMMARY = "A Fatigued character names the Attribute whose tasks fail outright until they are no longer Fatigued."
    EXAMPLE = "fatigue kai presence"
    SYNTAX = (n.Arg("unit", n.UNIT), n.Arg("attr", ATTR))
    unit: str
    attr: str

    def check(self, state: State, ctx: Context) -> None:
        need_unit(state, self.unit)
        check_fatigue_choice(state, self.unit, self.attr, BOARD(state).catalogue.attributes)

    def apply(self, state: State, ctx: Context) -> None:
        char(state, self.unit).fatigued_attr = self.attr
        ctx.emit(f"{unit_name(state, self.unit)}'s {self.attr.capitalize()} tasks fail while Fatigued", "rule", self.unit)


@dataclass(frozen=True, kw_only=True)
class Recover(ConflictAction):
    VERB = "recover"
    PALETTE = "harm"
    SUMMARY = (
        "Stress recovery with time: a breather (a few minutes) removes 4, a break (half an hour or more) 8, "
        "rest (sleep) all of it. less=N for poor shelter, pursuit or bad food. Fatigued characters need rest."
    )
    EXAMPLE = "recover kai breather"
    SYNTAX = (n.Arg("unit", n.UNIT), n.Arg("how", REST), n.Opt("less", n.INT, default=0))
    unit: str
    how: str
    less: int = 0

    def check_limits(self) -> None:
        check_range(self.less, 0, 20, "less")

    def check(self, state: State, ctx: Context) -> None:
        need_unit(state, self.unit)
        check_recover(state, self.unit, self.how)

    def apply(self, state: State, ctx: Context) -> None:
        amount = RECOVERY[self.how]
        if amount is None:
            amount = state.units[self.unit].stats.get("stress", 0)
        amount = max(0, amount - self.less)
        clear(state, ctx, self.unit, amount, f"a {self.how}" + (f", {self.less} less for the conditions" if self.less else ""))


@dataclass(frozen=True, kw_only=True)
class DeclareHazard(ConflictAction):
    VERB = "hazard"
    PALETTE = "harm"
    SUMMARY = (
        "State a hazard before anyone is exposed: its mode (attritional: Stress that cannot be Avoided; "
        "acute: an Injury), Severity 1-5 and Interval. env: ordinary environmental exposure, which a working "
        "cysuit keeps out. Stating it again announces a new mode or Severity."
    )
    EXAMPLE = 'hazard fire acute 3 name="Burning Coolant" every="one round"'
    SYNTAX = (
        n.Arg("id", n.WORD, label="ID"),
        n.Arg("mode", MODE),
        n.Arg("severity", n.INT),
        n.Opt("name", n.NAME),
        n.Opt("every", n.NAME),
        n.Opt("intent", INTENT, default="deadly"),
        n.Flag("env"),
    )
    id: str
    mode: str
    severity: int
    name: str | None = None
    every: str | None = None
    intent: str = "deadly"
    env: bool = False

    def check_limits(self) -> None:
        check_range(self.severity, 1, 5, "Severity")

    def apply(self, state: State, ctx: Context) -> None:
        b = BOARD(state)
        old = b.hazards.get(self.id)
        name = self.name or (old.name if old else self.id)
        every = self.every or (old.interval if old else "each exposure")
        b.hazards[self.id] = Hazard(self.id, name, self.mode, self.severity, every, self.intent, self.env)
        what = "changes: now" if old else "is stated:"
        env = " (ordinary environmental exposure: a working cysuit keeps it out)" if self.env else ""
        ctx.emit(f"Hazard {name} {what} {self.mode}, Severity {self.severity}, every {every}{env}", "rule")


@dataclass(frozen=True, kw_only=True)
class Expose(ConflictAction):
    VERB = "expose"
    PALETTE = "harm"
    SUMMARY = (
        "One exposure to a stated hazard. Attritional: Stress equal to the Severity, which cannot be Avoided. "
        "Acute: an Injury of that Severity, Protection applies, then avoid or suffer. less=N for protection "
        "or a Trait that reduces the exposure before it lands (to 0: prevented). An environmental hazard does "
        "not reach a working cysuit unless a Trait names its failed protection (trait UNIT NAME breach). "
        "trait=NAME: repeated exposure creates that Trait or worsens it a step."
    )
    EXAMPLE = "expose kai fire less=1"
    SYNTAX = (
        n.Arg("unit", n.UNIT),
        n.Arg("hazard", n.WORD, label="HAZARD"),
        n.Opt("less", n.INT, default=0),
        n.Opt("trait", n.NAME),
    )
    unit: str
    hazard: str
    less: int = 0
    trait: str | None = None

    def check_limits(self) -> None:
        check_range(self.less, 0, 5, "less")

    def check(self, state: State, ctx: Context) -> None:
        need_unit(state, self.unit)
        b = BOARD(state)
        if self.hazard not in b.hazards:
            known = ", ".join(b.hazards) or "none yet"
            raise IllegalAction(f"hazard {self.hazard!r} has not been stated (hazard ID MODE SEVERITY first; stated: {known})", cites.HAZARDS)
        if any(p.target == self.unit for p in b.pending):
            raise IllegalAction(f"{unit_name(state, self.unit)} must first Avoid or suffer the Injury waiting", cites.HAZARDS)

    def apply(self, state: State, ctx: Context) -> None:
        h = BOARD(state).hazards[self.hazard]
        who = unit_name(state, self.unit)
        c = char(state, self.unit)
        if h.environmental and c.cysuit:
            failed = c.breaches or tuple(t for t in state.units[self.unit].traits if t.lower() == "protection compromised")
            if not failed:
                ctx.emit(f"{who}'s cysuit keeps {h.name} out (ordinary environmental exposure)", "info", self.unit)
                return
            ctx.emit(f"the cysuit's failed protection ({', '.join(failed)}) lets {h.name} through", "warn", self.unit)
        sev = h.severity - self.less
        if sev <= 0:
            ctx.emit(f"{who} is exposed to {h.name}, but protection or a Trait keeps it out", "info", self.unit)
            return
        if self.trait:  # repeated exposure creates or worsens a Trait, whatever becomes of an Injury
            worsen(state, ctx, self.unit, self.trait)
        if h.mode == "attritional":
            if c.stress_max <= 0:
                ctx.emit(f"{who} is exposed to {h.name} ({sev} Stress) but has no Stress track: the GM rules the effect", "warn", self.unit)
                return
            mark(state, ctx, self.unit, sev, f"{h.name}, attritional (cannot be Avoided)")
            return
        prot, parts = protection(state, self.unit)
        pend = Pending(self.unit, None, h.name, sev, h.intent, prot, attack=ctx.index, mods=(("less", -self.less),) if self.less else ())
        BOARD(state).pending.append(pend)
        ctx.emit(f"{who} is exposed to {h.name} (acute, Severity {sev})", "damage", self.unit)
        announce(state, ctx, pend, parts)


@dataclass(frozen=True, kw_only=True)
class Yield(ConflictAction):
    VERB = "yield"
    PALETTE = "turn"
    SUMMARY = (
        "A character surrenders or truly stops fighting: they leave the fight at once, take no more turns and "
        "can no longer be attacked (the other side must accept it). Their running turn ends."
    )
    EXAMPLE = 'yield gob why="drops the knife"'
    SYNTAX = (n.Arg("unit", n.UNIT), n.Opt("why", n.NAME))
    unit: str
    why: str | None = None

    def label(self, state: State) -> str:
        return f"{unit_name(state, self.unit)} yields and leaves the fight"

    def check(self, state: State, ctx: Context) -> None:
        unit = need_unit(state, self.unit)
        check_no_pending(state, ctx)
        if unit.has(YIELDED):
            raise IllegalAction(f"{unit.name} has already yielded", cites.YIELD)
        if unit.has(DEAD):
            raise IllegalAction(f"{unit.name} is dead", cites.YIELD)

    def apply(self, state: State, ctx: Context) -> None:
        unit = state.units[self.unit]
        b = BOARD(state)
        running = state.clock.active == self.unit
        add_condition(unit, YIELDED)
        leave_position(state, self.unit)
        who = "the crew" if not is_players(state, self.unit) else "the opposition"
        why = f" ({self.why})" if self.why else ""
        ctx.emit(f"{unit.name} yields and leaves the fight; {who} must accept it{why}", "rule", self.unit)
        if running:
            end_turn(state, ctx, auto=True)
        elif b.to_go and state.clock.active is None and not candidates(state, b.to_go) and b.acted:
            pick(state, ctx, b.to_go, auto=True)


@dataclass(frozen=True, kw_only=True)
class Consequence(ConflictAction):
    VERB = "consequence"
    PALETTE = "harm"
    SUMMARY = (
        "A consequence other than an Injury, with a Severity of 1 to 5 (lost gear, a bad position, a shaken "
        "nerve): the character may avoid it by marking that much Stress (avoid UNIT, room for all of it "
        "needed), or suffer it as a Trait of that name (suffer UNIT)."
    )
    EXAMPLE = 'consequence kai 2 "Loses the datapad"'
    SYNTAX = (n.Arg("unit", n.UNIT), n.Arg("severity", n.INT), n.Arg("text", n.NAME, label="TEXT"))
    unit: str
    severity: int
    text: str

    def check_limits(self) -> None:
        check_range(self.severity, 1, 5, "Severity")

    def check(self, state: State, ctx: Context) -> None:
        need_unit(state, self.unit)
        if any(p.target == self.unit for p in BOARD(state).pending):
            raise IllegalAction(f"{unit_name(state, self.unit)} must first Avoid or suffer what is waiting", cites.CONSEQUENCE)

    def apply(self, state: State, ctx: Context) -> None:
        pend = Pending(self.unit, None, self.text, self.severity, "consequence", attack=ctx.index, kind="consequence")
        BOARD(state).pending.append(pend)
        ctx.emit(
            f"{unit_name(state, self.unit)} faces a consequence of Severity {self.severity} ({self.text}): "
            + " or ".join(answers(state, ctx, self.unit)),
            "damage",
            self.unit,
        )


@dataclass(frozen=True, kw_only=True)
class Link(ConflictAction):
    VERB = "link"
    PALETTE = "harm"
    SUMMARY = (
        "Set the connection the cysuits reach the outside through: full, limited or offline. Remote "
        "Assistance for treatment and healing (treat/heal ... assist=N remote) needs full or limited."
    )
    EXAMPLE = "link offline"
    SYNTAX = (n.Arg("connection", n.choice("full", "limited", "offline")),)
    connection: str

    def check(self, state: State, ctx: Context) -> None:
        if BOARD(state).connection == self.connection:
            raise IllegalAction(f"the connection is already {self.connection.capitalize()}", cites.TREAT)

    def apply(self, state: State, ctx: Context) -> None:
        BOARD(state).connection = self.connection
        ctx.emit(f"The connection is now {self.connection.capitalize()}", "rule")


@dataclass(frozen=True, kw_only=True)
class EndConflict(ConflictAction):
    VERB = "endconflict"
    PALETTE = "turn"
    SUMMARY = (
        "End the conflict: the running turn ends and no more turns are taken this scene. Healing an Injury "
        "(heal) needs this: it is proper treatment outside combat; First Aid and treatment no longer need a turn."
    )
    EXAMPLE = 'endconflict why="the raiders surrender"'
    SYNTAX = (n.Opt("why", n.NAME),)
    why: str | None = None

    def check(self, state: State, ctx: Context) -> None:
        check_no_pending(state, ctx)
        if BOARD(state).over:
            raise IllegalAction("the conflict is already over (scene starts the next scene)", cites.OVER)

    def apply(self, state: State, ctx: Context) -> None:
        b = BOARD(state)
        if state.clock.active is not None:
            end_turn(state, ctx, auto=False, pass_pick=False)
        b.over = True
        b.turn, b.opposed, b.withdraw, b.last = None, None, None, {}
        why = f" ({self.why})" if self.why else ""
        ctx.emit(f"The conflict is over{why}: no more turns; healing and rest may begin", "turn")


@dataclass(frozen=True, kw_only=True)
class Scene(ConflictAction):
    VERB = "scene"
    PALETTE = "turn"
    SUMMARY = (
        "End the scene: the Dying die unless a cysuit's grace carries them into the next scene; Notable NPCs "
        "may Avoid with Threat again; the next conflict starts at round 1 with the players' pick."
    )
    EXAMPLE = "scene"
    SYNTAX = ()

    def check(self, state: State, ctx: Context) -> None:
        check_no_pending(state, ctx)

    def apply(self, state: State, ctx: Context) -> None:
        b = BOARD(state)
        if state.clock.active is not None:
            end_turn(state, ctx, auto=False, pass_pick=False)
        end_scene(state, ctx)
        b.scene += 1
        b.over = False
        b.acted, b.majors, b.seized, b.to_go = [], {}, False, "players"
        b.turn, b.opposed, b.withdraw, b.last = None, None, None, {}
        state.clock.round, state.clock.turn, state.clock.active = 1, 0, None
        ctx.emit(f"Scene {b.scene} begins", "turn")
