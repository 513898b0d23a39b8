"""The zone conflict act flow (F7): who acts, what they do, and every choice
of it, from what is legal now, with the exact odds of each roll
(the conflict's view, from the system's own plan of the roll).

1. actor: the acting character first, then everyone with something legal to
   do now (a hit waiting for an answer, a Counterattack, a free task...);
   also the lines that belong to no one (``next``, ``endconflict``),
2. action: the verbs legal for that character now, and ``task``,
3. for an attack: the target (odds with its first weapon), the weapon and
   intent (odds each), the d20s bought (cost and odds), Aim re-rolls;
   for a task: the Attribute, the Specialization, the Difficulty, opposed
   by no one or by a character, the d20s bought, with the odds at each;
   for anything else: which of the legal lines (odds where it rolls),
4. confirm: the line, the pool worked out and its odds.
"""

from __future__ import annotations

from rich.console import Group
from rich.text import Text

from gm_console.core.actions import Action
from gm_console.core.errors import GMError
from gm_console.core.game import Game
from gm_console.core.state import State
import gm_console.core.systems.conflict.view as cv
from gm_console.core.systems.conflict.view import Attack, Task
from gm_console.ui import palette as pal
from gm_console.ui.screens.pick_flow import Choice, Final, PickFlow, Step, legal

LINE = "=line:"  # an actor-step choice that is a whole line (next, endconflict)
NONE = "=none"
ORDER = ("attack", "task", "stride", "sprint", "minor", "major", "firstaid", "treat", "keep", "spend", "turn", "seize",
         "avoid", "suffer", "counter", "yield")


def summary_of(cls) -> str:
    """The head of a verb's summary, whole: the menu wraps it to the dialog's width."""
    return (getattr(cls, "SUMMARY", "") or "").split(": ")[0].split(". ")[0].rstrip(".")


class ConflictChooser:
    NAME = "Zone conflict · act"

    def __init__(self, game: Game, state: State) -> None:
        self.game = game
        self.state = state
        self.offers = game.legal_actions() if state is game.state else []

    # ------------------------------------------------------------ building the line
    def build(self, picks: dict[str, str]) -> Action | None:
        unit, verb = picks.get("actor"), picks.get("verb")
        if unit is None or verb is None:
            return None
        buy, _, pay = picks.get("buy", "0").partition("|")  # "2" or "2|threat": the d20s bought, and with what
        if verb == "attack" and "weapon" in picks:
            wid, _, intent = picks["weapon"].partition("|")
            return Attack(
                unit=unit, target=picks["target"], weapon=wid, intent=intent or None,
                buy=int(buy), pay=pay or "momentum", reroll=int(picks.get("reroll", "0")),
            )
        if verb == "task" and "spec" in picks:
            vs = picks.get("vs")
            return Task(unit=unit, attr=picks["attr"], spec=picks["spec"], diff=int(picks.get("diff", "1")),
                        buy=int(buy), pay=pay or "momentum", vs=None if vs in (None, NONE) else vs)
        if "which" in picks:
            return self.game.parse(picks["which"], names=False)
        return None

    def line(self, picks: dict[str, str]) -> str:
        actor = picks.get("actor")
        if actor is None:
            return "…"
        if actor.startswith(LINE):
            return actor[len(LINE):]
        action = self.build(picks)
        if action is not None:
            return action.notation()
        verb = picks.get("verb", "…")
        words = [verb, actor] + [picks[k] for k in ("target", "attr") if k in picks]
        return " ".join(words) + " …"

    # ------------------------------------------------------------ labels
    def name(self, uid: str) -> Text:
        unit = self.state.units[uid]
        text = Text(unit.name, style=pal.side(self.state.sides.get(unit.side)))
        if unit.id.lower() != unit.name.lower():
            text.append(f" {unit.id}", style=pal.MUTED)
        return text

    def odds(self, action: Action, brief: bool = True) -> Text | None:
        try:
            line = cv.odds(action, self.state, self.game.context(), brief=brief)
        except GMError:
            return None
        return Text(line, style="italic") if line else None

    def choice(self, cid: str, label: Text, action: Action | None) -> Choice:
        if action is None:  # the picks so far build no action (build)
            return Choice(cid, label, "nothing chosen")
        why = legal(self.game, self.state, action)
        return Choice(cid, label, why, None if why else self.odds(action))

    # ------------------------------------------------------------ steps
    def step(self, picks: dict[str, str]) -> Step | Final:
        if "actor" not in picks:
            return self.actors()
        actor = picks["actor"]
        if actor.startswith(LINE):
            return self.final(self.game.parse(actor[len(LINE):], names=False))
        if "verb" not in picks:
            return self.verbs(actor)
        verb = picks["verb"]
        if verb == "attack":
            return self.attack_step(actor, picks)
        if verb == "task":
            return self.task_step(actor, picks)
        if "which" not in picks:
            return self.which(actor, verb)
        return self.final(self.build(picks))

    def mine(self, uid: str) -> list[Action]:
        return [a for a in self.offers if getattr(a, "unit", None) == uid]

    def actors(self) -> Step:
        state = self.state
        active = state.clock.active
        order = [u for u in state.units if cv.has_record(state, u)]
        order.sort(key=lambda u: (u != active, not self.mine(u), not cv.is_players(state, u)))
        choices = []
        for uid in order:
            label = self.name(uid)
            verbs = sorted({a.VERB for a in self.mine(uid)}, key=lambda v: ORDER.index(v) if v in ORDER else 99)
            if uid == active:
                label.append("  acting now", style="bold")
            if verbs:
                label.append("  " + ", ".join(verbs), style=pal.MUTED)
            why = None if verbs or cv.able(state, uid) else "cannot act now (Defeated, dead or gone)"
            choices.append(Choice(uid, label, why))
        for action in self.offers:
            if not hasattr(action, "unit"):
                words = action.notation() + ("" if action.label(state) in (action.notation(), "next turn") else f": {action.label(state)}")
                if action.VERB == "next":
                    words = "next: end the turn, the other side picks" if active else "next: the turn passes (or the round ends)"
                choices.append(Choice(LINE + action.notation(), Text(words, style="italic")))
        return Step("actor", "who acts?", choices, default=active)

    def verbs(self, uid: str) -> Step:
        have = {a.VERB: type(a) for a in self.mine(uid)}
        choices = []
        for verb in sorted(have, key=lambda v: ORDER.index(v) if v in ORDER else 99):
            label = Text(verb, style="bold")
            label.append(f"  {summary_of(have[verb])}", style=pal.MUTED)
            choices.append(Choice(verb, label))
            if verb == "attack":
                choices.append(self.task_choice(uid))
        if "attack" not in have:
            choices.insert(0, self.task_choice(uid))
        name = self.state.units[uid].name
        return Step("verb", f"what does {name} do?", choices, default="attack" if "attack" in have else None)

    def task_choice(self, uid: str) -> Choice:
        label = Text("task", style="bold")
        label.append("  a 2d20 task: Attribute + Specialization against a Difficulty (opposed or not)", style=pal.MUTED)
        return Choice("task", label, legal(self.game, self.state, Task(unit=uid, attr="daring", spec="security", diff=0)))

    def which(self, uid: str, verb: str) -> Step:
        choices = []
        for action in self.mine(uid):
            if action.VERB != verb:
                continue
            label = Text(action.notation(), style="bold")
            words = action.label(self.state)
            if words != action.notation():  # a verb with no words of its own would say its line twice
                label.append(f"  {words}", style=pal.MUTED)
            choices.append(self.choice(action.notation(), label, action))
        return Step("which", f"{verb}: which one?", choices)

    # ------------------------------------------------------------ attack
    def attack_step(self, uid: str, picks: dict[str, str]) -> Step | Final:
        candidates = [a for a in cv.attack_options(self.state, uid) if isinstance(a, Attack)]
        if "target" not in picks:
            choices: list[Choice] = []
            seen: dict[str, list[Attack]] = {}
            for a in candidates:
                seen.setdefault(a.target, []).append(a)
            for target, options in seen.items():
                label = self.name(target)
                zone = self.state.zones.get(self.state.units[target].zone or "")
                if zone is not None:
                    label.append(f"  in {zone.name}", style=pal.MUTED)
                reasons = [(a, legal(self.game, self.state, a)) for a in options]
                ok = next((a for a, why in reasons if why is None), None)
                if ok is None:
                    choices.append(Choice(target, label, reasons[0][1]))
                else:
                    note = self.odds(ok)
                    if note is not None:
                        note = Text(f"with {ok.weapon}: ", style=pal.MUTED) + note
                    choices.append(Choice(target, label, None, note))
            return Step("target", f"attack: whom does {self.state.units[uid].name} attack?", choices)
        if "weapon" not in picks:
            choices = []
            for a in candidates:
                if a.target != picks["target"]:
                    continue
                label = Text(cv.weapon_label(self.state, a.weapon) or a.weapon, style="bold")
                if a.intent:
                    label.append(f"  {a.intent}", style=pal.CAUTION if a.intent == "deadly" else "")
                choices.append(self.choice(f"{a.weapon}|{a.intent or ''}", label, a))
            return Step("weapon", "with which weapon (and intent)?", choices)
        if "buy" not in picks:
            return self.buy_step(picks)
        facts = cv.round_facts(self.state)
        turn = facts.turn if facts is not None else None
        aimed = turn is not None and turn.aimed and turn.unit == uid
        if aimed and "reroll" not in picks:
            choices = []
            for n in (0, 1, 2):
                action = self.build({**picks, "reroll": str(n)})
                choices.append(self.choice(str(n), Text("no re-roll" if n == 0 else f"reroll={n}: Aim re-rolls {n} d20"), action))
            return Step("reroll", "Aim: re-roll d20s?", choices, default="0")
        return self.final(self.build(picks))

    def buy_step(self, picks: dict[str, str]) -> Step:
        """The d20s bought: the players' side pays Momentum, or adds that much Threat to the
        GM's pool instead (pay=threat); the GM's side pays Threat."""
        costs = cv.extra_dice_costs(self.game.rules)
        players = cv.is_players(self.state, picks["actor"])
        choices = [self.choice("0", Text("no extra d20"), self.build({**picks, "buy": "0"}))]
        for n in range(1, len(costs) + 1):
            cost = sum(costs[:n])
            if players:
                words = f"buy={n}: {2 + n}d20 for {cost} Momentum"
                choices.append(self.choice(str(n), Text(words), self.build({**picks, "buy": str(n)})))
                words = f"buy={n} pay=threat: {2 + n}d20, adding {cost} Threat to the GM's pool"
                choices.append(self.choice(f"{n}|threat", Text(words), self.build({**picks, "buy": f"{n}|threat"})))
            else:
                words = f"buy={n}: {2 + n}d20 for {cost} Threat"
                choices.append(self.choice(str(n), Text(words), self.build({**picks, "buy": str(n)})))
        return Step("buy", "buy extra d20s?", choices, default="0")

    # ------------------------------------------------------------ task
    def task_step(self, uid: str, picks: dict[str, str]) -> Step | Final:
        unit = self.state.units[uid]
        c = cv.character(self.state, uid) if cv.has_record(self.state, uid) else None
        if "attr" not in picks:
            choices = []
            for attr in cv.attributes(self.state):
                label = Text(f"{attr.capitalize()} {unit.stats.get(attr, '-')}", style="bold")
                why = None if attr in unit.stats else "no score"
                note = Text("fails outright: the Fatigued Attribute", style=pal.CAUTION) if c is not None and c.fatigued and c.fatigued_attr == attr else None
                choices.append(Choice(attr, label, why, note))
            return Step("attr", f"task: which Attribute of {unit.name}?", choices)
        if "spec" not in picks:
            specs = sorted(cv.specializations(self.state), key=lambda s: -unit.stats.get(s, 0))
            choices = []
            for spec in specs:
                label = Text(f"{spec.capitalize()} {unit.stats.get(spec, 0)}", style="bold")
                label.append(f"  target {unit.stats.get(picks['attr'], 0) + unit.stats.get(spec, 0)}", style=pal.MUTED)
                choices.append(self.choice(spec, label, self.build({**picks, "spec": spec})))
            return Step("spec", f"task: {picks['attr'].capitalize()} + which Specialization?", choices)
        if "diff" not in picks:
            choices = [self.choice(str(n), Text(f"Difficulty {n}"), self.build({**picks, "diff": str(n)})) for n in range(6)]
            return Step("diff", "task: at what Difficulty? (the console adds Reach, Fatigue, Injury penalties)", choices, default="1")
        if "vs" not in picks:
            choices = [self.choice(NONE, Text("no one: a plain task"), self.build({**picks, "vs": NONE}))]
            for other in self.state.units:
                if other != uid and cv.has_record(self.state, other) and cv.able(self.state, other):
                    label = Text("opposed by ") + self.name(other)
                    choices.append(self.choice(other, label, self.build({**picks, "vs": other})))
            return Step("vs", "task: opposed? (the opponent rolls the same pairing at the defender's Difficulty)", choices, default=NONE)
        if "buy" not in picks:
            return self.buy_step(picks)
        return self.final(self.build(picks))

    # ------------------------------------------------------------ the end
    def final(self, action: Action | None) -> Final:
        if action is None:
            return Final("", "nothing to apply", problem="nothing chosen")
        problem = legal(self.game, self.state, action)
        if problem is None:
            try:
                action.check_entry(self.state, self.game.context())
            except GMError as exc:
                problem = str(exc)
        rows: list[Text] = []
        plans_of = getattr(action, "plans", None)
        if problem is None and plans_of is not None and action.ROLLS:
            try:
                for p in plans_of(self.state, self.game.context()):
                    rows.append(Text(f"  {self.state.units[p.unit].name}: {p.describe(self.state)}, {p.dice}d20", style=pal.MUTED))
            except GMError:
                pass
            note = self.odds(action, brief=False)
            if note is not None:
                rows.append(Text("  odds: ", style="bold") + note)
            rows.append(Text("  the dice are rolled on Enter (or asked for in manual dice mode)", style=pal.MUTED))
        return Final(action.notation(), "confirm (Enter applies it)", Group(*rows), problem)


def conflict_flow(game: Game, state: State) -> PickFlow:
    return PickFlow(ConflictChooser(game, state))
