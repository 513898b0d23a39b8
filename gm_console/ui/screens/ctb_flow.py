"""The CTB act flow (F7): who acts, what (hit, brk, recall, or next), on whom,
with which weapon, with what help; the damage bands at each choice, and at
the end what each d20 band would leave the target with (the system's own
attack applied to a copy of the state, once per band).

1. actor: the acting unit first; any other standing unit acts out of turn
   (``free``, a counter or reaction); a Downed unit can be Recalled; or
   ``next`` ends the turn,
2. action: hit or brk (or recall for a Downed unit),
3. target: every other unit, with the bands of that attack on it (those it
   cannot be made on greyed, with the rule),
4. weapon: when the unit carries more than one, the bands with each,
5. assist: none, or an ally's Assist of 1 or 2 (it narrows the glancing band),
6. confirm: the line and what each band does.
"""

from __future__ import annotations

from rich.console import Group
from rich.text import Text

from gm_console.core.actions import Next
from gm_console.core.game import Game
from gm_console.core.state import State, Unit
from gm_console.core.systems.ctb.view import (
    CRITICAL,
    GLANCING,
    REGULAR,
    Brk,
    Hit,
    Recall,
    in_fight,
    is_downed,
    is_recalled,
    odds,
    weapons_of,
)
from gm_console.ui import palette as pal
from gm_console.ui.render import ctb as r
from gm_console.ui.screens.pick_flow import Choice, Final, PickFlow, Step, dry_run, legal

NEXT = "=next"
DEFAULT = "=default"  # the unit's first weapon: the line names none
VERBS: dict[str, type[Hit] | type[Brk]] = {"hit": Hit, "brk": Brk}


class CTBChooser:
    NAME = "CTB · act"

    def __init__(self, game: Game, state: State) -> None:
        self.game = game
        self.state = state
        self.rules = game.rules

    # ------------------------------------------------------------ the line
    def strike(self, picks: dict[str, str]) -> Hit | Brk | None:
        cls = VERBS.get(picks.get("verb", ""))
        if cls is None or "actor" not in picks or "target" not in picks:
            return None
        weapon = picks.get("weapon")
        weapon = None if weapon in (None, DEFAULT) else weapon
        return cls(
            attacker=picks["actor"], target=picks["target"], weapon=weapon, assist=int(picks.get("assist", "0")),
            free=picks["actor"] != self.state.clock.active,
        )

    def line(self, picks: dict[str, str]) -> str:
        actor = picks.get("actor")
        if actor is None:
            return "…"
        if actor == NEXT:
            return "next"
        verb = picks.get("verb")
        if verb == "recall":
            return Recall(unit=actor).notation()
        strike = self.strike(picks)
        if strike is not None:
            return strike.notation()
        return f"{verb or '…'} {actor} …"

    # ------------------------------------------------------------ labels
    def name(self, unit: Unit) -> Text:
        text = Text(unit.name, style=r.side_style(self.state, unit))
        if unit.id.lower() != unit.name.lower():
            text.append(f" {unit.id}", style=pal.MUTED)
        return text

    def health(self, unit: Unit) -> Text:
        s = unit.stats
        return Text(f"  HP {s.get('hp', 0)}/{s.get('hp_max', 0)} AR {s.get('ar', 0)}/{s.get('ar_max', 0)}", style=pal.MUTED)

    def bands(self, strike: Hit | Brk) -> Text:
        b, amounts, _raw, base = odds(self.state, self.rules, strike)
        text = Text()
        for i, (result, amount) in enumerate(amounts.items()):
            text.append(" │ " if i else "d20 ", style=pal.MUTED)
            text.append(f"{b.label(result)} ")
            text.append(str(amount), style="bold" if result != GLANCING else "")
        text.append(" AR" if isinstance(strike, Brk) else " HP")
        return text

    # ------------------------------------------------------------ steps
    def step(self, picks: dict[str, str]) -> Step | Final:
        if "actor" not in picks:
            return self.actors()
        actor = picks["actor"]
        if actor == NEXT:
            return self.final(Next())
        unit = self.state.units[actor]
        if "verb" not in picks:
            return self.verbs(unit)
        if picks["verb"] == "recall":
            return self.final(Recall(unit=actor))
        if "target" not in picks:
            return self.targets(unit, picks)
        if "weapon" not in picks and len(weapons_of(self.state, actor)) > 1:
            return self.weapons(unit, picks)
        if "assist" not in picks:
            return self.assists(picks)
        return self.final(self.strike(picks))

    def actors(self) -> Step:
        state = self.state
        active = state.clock.active
        order = sorted(state.units.values(), key=lambda u: u.id != active)
        choices = []
        for unit in order:
            label = self.name(unit)
            if unit.id == active:
                label.append("  acting now", style="bold")
                why = None if any(legal(self.game, state, cls(attacker=unit.id, target=t)) is None for cls in VERBS.values() for t in state.units if t != unit.id) else "has made this turn's attack (next ends the turn)"
            elif is_recalled(unit):
                why = "Recalled: has left the fight"
            elif is_downed(unit):
                label.append("  Downed: Recall Beacon", style="italic")
                why = legal(self.game, state, Recall(unit=unit.id))
            else:
                label.append("  out of turn (free: a counter or reaction)", style=pal.MUTED)
                why = None
            label.append_text(self.health(unit))
            choices.append(Choice(unit.id, label, why))
        who = state.units[active].name if active in state.units else None
        words = f"next: end {who}'s turn (it pays 100 AP); the clock runs to the next unit at 100" if who else "next: start the clock (the first unit to reach 100 AP acts)"
        choices.append(Choice(NEXT, Text(words, style="italic"), legal(self.game, state, Next())))
        return Step("actor", "who acts?", choices, default=active)

    def verbs(self, unit: Unit) -> Step:
        if is_downed(unit):
            return Step("verb", f"what does {unit.name} do?", [Choice("recall", Text("recall: the Recall Beacon (leaves the fight, 10% Kennel damage)"), legal(self.game, self.state, Recall(unit=unit.id)))])
        choices = []
        for verb, cls, words in (("hit", Hit, "hit: an HP attack (effectiveness d20)"), ("brk", Brk, "brk: a BRK attack on AR")):
            reasons = [legal(self.game, self.state, cls(attacker=unit.id, target=t, free=unit.id != self.state.clock.active)) for t in self.state.units if t != unit.id]
            why = None if any(w is None for w in reasons) else next((w for w in reasons if w), "no target")
            choices.append(Choice(verb, Text(words), why))
        return Step("verb", f"what does {unit.name} do?", choices)

    def targets(self, unit: Unit, picks: dict[str, str]) -> Step:
        cls = VERBS[picks["verb"]]
        others = [t for t in self.state.units.values() if t.id != unit.id and not is_recalled(t)]
        others.sort(key=lambda t: (t.side == unit.side, not in_fight(t)))
        choices = []
        for target in others:
            strike = cls(attacker=unit.id, target=target.id, free=unit.id != self.state.clock.active)
            label = self.name(target)
            if target.side == unit.side:
                label.append(" (ally)", style=pal.CAUTION)
            why = legal(self.game, self.state, strike)
            if why is None:
                label.append("  ")
                label.append_text(self.bands(strike))
            label.append_text(self.health(target))
            choices.append(Choice(target.id, label, why))
        return Step("target", f"{picks['verb']}: whom does {unit.name} attack?", choices)

    def weapons(self, unit: Unit, picks: dict[str, str]) -> Step:
        choices = []
        for i, w in enumerate(weapons_of(self.state, unit.id)):
            strike = VERBS[picks["verb"]](attacker=unit.id, target=picks["target"], weapon=w.id)
            label = Text(w.name, style="bold")
            label.append(f" {w.id}" if w.id != w.name else "", style=pal.MUTED)
            label.append(f"  {w.kind}, DAM {w.dam}" + (f", BRK {w.brk}" if w.brk else "") + ("  (default)" if i == 0 else ""), style=pal.MUTED)
            choices.append(Choice(DEFAULT if i == 0 else w.id, label, None, self.bands(strike)))
        return Step("weapon", f"{unit.name}: with which weapon?", choices)

    def assists(self, picks: dict[str, str]) -> Step:
        choices = []
        for n, words in ((0, "no assist"), (1, "assist=1: an ally helps"), (2, "assist=2")):
            strike = self.strike({**picks, "assist": str(n)})  # None only before a verb, an actor and a target are chosen
            choices.append(Choice(str(n), Text(words), None, self.bands(strike) if strike is not None else None))
        return Step("assist", "any help? (Assist narrows the glancing band)", choices)

    # ------------------------------------------------------------ the end
    def final(self, action) -> Final:
        line = action.notation()
        if not isinstance(action, (Hit, Brk)):
            events, _after, problem = dry_run(self.game, self.state, action)
            return Final(line, "confirm (Enter applies it)", Group(*(Text(f"  {e}") for e in events[:8])), problem)
        target = self.state.units[action.target]
        what = "ar" if isinstance(action, Brk) else "hp"
        b = odds(self.state, self.rules, action)[0]
        sides = action.dice_needed(self.state, self.game.context())
        faces = [(1, GLANCING), (b.glance_ceiling + 1, REGULAR), (20, CRITICAL)] if sides else [(None, "")]
        rows, problem = [Text("the d20 decides (rolled on Enter, or asked for in manual dice mode):", style=pal.MUTED)], None
        for face, result in faces:
            if result == GLANCING and b.glance_ceiling < 1:
                continue
            _events, after, problem = dry_run(self.game, self.state, action.with_dice((face,)) if face else action)
            if after is None:
                break
            left = after.units[action.target]
            row = Text(f"  d20 {b.label(result)} {result}: " if result else "  ", style="bold")
            row.append(f"{what.upper()} {target.stats.get(what, 0)} -> {left.stats.get(what, 0)}")
            if is_downed(left) and not is_downed(target):
                row.append("  DOWNED", style=pal.BAD_BOLD)
            elif what == "ar" and left.stats.get("ar", 0) == 0 and target.stats.get("ar", 0) > 0:
                row.append("  ARMOR BROKEN", style=pal.BAD_BOLD)
            rows.append(row)
        return Final(line, "confirm (Enter applies it)", Group(*rows), problem)


def ctb_flow(game: Game, state: State) -> PickFlow:
    return PickFlow(CTBChooser(game, state))
