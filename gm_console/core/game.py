"""The engine: an encounter's setup plus its ordered log of actions.

``push`` checks, resolves dice, applies and records one action; ``undo`` and
``redo`` move along the log; ``state_at(n)`` replays to any point. Opening a
saved log is ``push`` in a loop, so a replay is live play by construction.
The state is never copied per action: a copy is kept every
``CHECKPOINT_EVERY`` actions, and any earlier state is rebuilt from the
nearest checkpoint.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from gm_console.core import dice as dice_mod
from gm_console.core import notation as n
from gm_console.core.actions import Action, Context, unit_from_spec
from gm_console.core.bounds import shown
from gm_console.core.errors import GMError, IllegalAction, NothingToRedo, NothingToUndo, NotationError, UnknownName
from gm_console.core.events import Event
from gm_console.core.rules import Rules
from gm_console.core.schema import Problem
from gm_console.core.setup import Setup
from gm_console.core.state import Clock, Side, State, Zone
from gm_console.core.system import System, all_systems, get_system
from gm_console.core.verbs import GENERIC_ACTIONS


def verb_table(systems: Iterable[System]) -> dict[str, type[Action]]:
    table = {cls.VERB: cls for cls in GENERIC_ACTIONS}
    for system in systems:
        for cls in system.ACTIONS:
            if cls.VERB in table:
                raise RuntimeError(f"verb {cls.VERB!r} of {system.NAME} is already taken by {table[cls.VERB].SYSTEM}")
            table[cls.VERB] = cls
    return table


def parse_action(line: str, verbs: dict[str, type[Action]] | None = None, *, explain: bool = True) -> Action:
    """Parse one line of notation (syntax only; names are checked on apply)."""
    if verbs is None:
        verbs = verb_table(all_systems())
    n.check_line(line)
    head = line.split(None, 1)
    if not head:
        raise NotationError("empty action: expected a verb such as " + ", ".join(sorted(verbs)[:8]))
    verb = head[0]
    if not n.WORD_ID.fullmatch(verb):
        raise NotationError(f"a line starts with a verb, got {shown(verb)}")
    cls = verbs.get(verb)
    if cls is None:
        owner = _verb_owner(verb) if explain else None
        if owner is not None:
            raise NotationError(f"verb {verb!r} belongs to the {owner!r} system, which this encounter does not use")
        raise UnknownName("verb", verb, verbs)
    if n.is_rest_only(cls):
        return n.parse_rest(cls, verb, head[1] if len(head) > 1 else "")
    return n.parse_with(cls, line, n.tokenize(line))


def _verb_owner(verb: str) -> str | None:
    for system in all_systems():
        if any(cls.VERB == verb for cls in system.ACTIONS):
            return system.NAME
    return None


def format_action(action: Action) -> str:
    return n.format_with(action)


def build_initial_state(setup: Setup, systems: dict[str, System], rules: Rules) -> State:
    state = State()
    for side in setup.sides:
        state.sides[side.id] = Side(side.id, side.name, side.controller)
    adjacency: dict[str, set[str]] = {z.id: set(z.adjacent) for z in setup.zones}
    for zid, others in list(adjacency.items()):
        for other in others:
            adjacency.setdefault(other, set()).add(zid)
    for z in setup.zones:
        order = z.adjacent + tuple(sorted(adjacency[z.id] - set(z.adjacent)))
        state.zones[z.id] = Zone(z.id, z.name, order, z.traits, z.hidden, z.locked, z.chip)
    state.pools = dict(setup.pools)
    state.clock = Clock()
    for name, system in systems.items():
        board = system.init_board(setup, rules)
        if board is not None:
            state.boards[name] = board
    for spec in setup.units:
        unit = unit_from_spec(spec)  # as ``add UNIT from=library:ID`` builds one mid-fight
        state.units[unit.id] = unit
        for name, system in systems.items():
            system.init_unit(state, unit, spec.get(name), setup, rules)
    for system in systems.values():
        system.start(state, rules)
    return state


class LogError(GMError):
    """An action in a saved log that does not parse or apply."""

    def __init__(self, index: int, line: str, reason: str) -> None:
        self.index = index
        self.line = line
        self.reason = reason
        super().__init__(f"log[{index}]: {reason} (in {shown(line)})")

    @property
    def problem(self) -> Problem:
        return Problem(f"log[{self.index}]", f"{self.reason} (in {shown(self.line)})")


class Game:
    CHECKPOINT_EVERY = 128

    def __init__(self, setup: Setup) -> None:
        self.setup = setup
        self.systems: dict[str, System] = {name: get_system(name) for name in setup.systems}
        house = [rule for system in self.systems.values() for rule in system.HOUSE_RULES]
        self.rules = Rules(house, setup.house_rules)
        self.verbs = verb_table(self.systems.values())
        self._initial = build_initial_state(setup, self.systems, self.rules)
        self.state = self._initial.copy()
        self.log: list[Action] = []
        self.events: list[tuple[Event, ...]] = []  # the events of each action of the log
        self.redo_stack: list[Action] = []
        self._checkpoints: dict[int, State] = {0: self._initial}  # a state copy every CHECKPOINT_EVERY actions

    def fork(self) -> Game:
        """A game at this one's point to play on without touching this one
        (the forecast plays thousands of fights from one point): the setup,
        systems, rules and the log's actions (values) are shared, the state is
        copied, the log and the checkpoints are new lists (a checkpoint state is
        never changed: ``state_at`` copies it)."""
        other = Game.__new__(Game)
        other.setup, other.systems, other.rules, other.verbs = self.setup, self.systems, self.rules, self.verbs
        other._initial = self._initial
        other.state = self.state.copy()
        other.log = list(self.log)
        other.events = list(self.events)
        other.redo_stack = []
        other._checkpoints = dict(self._checkpoints)
        return other

    # ------------------------------------------------------------ notation
    def parse(self, line: str, *, explain: bool = True, names: bool = True) -> Action:
        """Parse a line; ``explain=False`` skips naming the system that owns an
        unknown verb (which loads every system: too slow for each keystroke).
        ``names``: a unique name or a prefix of an id or a name stands for the
        id (``notation.resolve_names``); a saved log is read with ids only."""
        action = parse_action(line, self.verbs, explain=explain)
        return n.resolve_names(action, self.state) if names else action

    def context(self, index: int | None = None) -> Context:
        return Context(self.rules, self.systems, self.setup, len(self.log) if index is None else index)

    # ------------------------------------------------------------ templates
    def add_template(self, key: str, table: dict[str, Any]) -> bool:
        """Keep a unit template in the encounter (``[templates.KEY]``) for
        ``add UNIT from=library:KEY``: checked as the file's would be, saved with
        the encounter, so the add replays whatever the library says later. The
        file layer reads it from a library (files/library.py ``bring_template``),
        the journal from its record. True when new; the same table again is
        nothing; another table under a key already kept is refused."""
        from gm_console.core.setup import check_template

        table_, problems = check_template(self.setup, key, table)
        if problems or table_ is None:
            raise NotationError("; ".join(str(p) for p in problems))
        kept = self.setup.templates.get(key)
        if kept is not None:
            if kept == table_:
                return False
            raise IllegalAction(
                f"this encounter already holds another template {key!r} (templates.{key}); "
                "its adds replay from that one", "templates"
            )
        self.setup.add_template(key, table_)
        return True

    def drop_template(self, key: str) -> None:
        """Let go of a template ``add_template`` took in for an add that was then
        refused: a refused action leaves nothing behind (one an add in the log
        or on the redo stack uses stays)."""
        if not any(getattr(a, "template", None) == key for a in (*self.log, *self.redo_stack)):
            self.setup.drop_template(key)

    def document(self, upto: int | None = None) -> dict[str, Any]:
        """The encounter as a file holds it after ``upto`` actions (all: None):
        the setup in its normal form and the log, with the templates of the file
        and those an add of that log uses (one taken in for an add since undone
        is not written)."""
        log = self.log[:upto]
        used = {getattr(a, "template", None) for a in log}
        return self.setup.to_dict(self.lines(0, upto), unused=self.setup.brought - used)

    # ------------------------------------------------------------ dice
    def dice_needed(self, action: Action) -> tuple[int, ...]:
        """The dice an action still needs (empty when it rolls nothing or has its dice)."""
        if not action.ROLLS or getattr(action, "dice", None) is not None:
            return ()
        return action.dice_needed(self.state, self.context())

    def resolve(self, action: Action) -> Action:
        """Fill in the dice an action needs from the encounter's seeded generator."""
        sides = self.dice_needed(action)
        if not sides:
            return action
        return action.with_dice(dice_mod.roll(self.setup.seed, len(self.log), sides))

    # ------------------------------------------------------------ legality
    def check(self, action: Action) -> None:
        """Raise IllegalAction (or UnknownName) unless ``action`` is legal now."""
        if action.VERB not in self.verbs or self.verbs[action.VERB] is not type(action):
            raise NotationError(f"verb {action.VERB!r} is not available in this encounter")
        action.check(self.state, self.context())

    def check_entry(self, action: Action) -> None:
        """What a line entered now must say besides being legal (``Action.check_entry``);
        the prompt and the command line ask it before ``push``, a replay never does."""
        action.check_entry(self.state, self.context())

    def push_entry(self, action: Action) -> tuple[Event, ...]:
        """``push`` an action the GM entered now (``check_entry`` first)."""
        self.check_entry(action)
        return self.push(action)

    def is_legal(self, action: Action) -> bool:
        try:
            self.check(self.resolve(action))
        except GMError:
            return False
        return True

    def legal_actions(self) -> list[Action]:
        ctx = self.context()
        out: list[Action] = []
        for system in self.systems.values():
            out.extend(system.legal_actions(self.state, ctx))
        return [a for a in out if self.is_legal(a)]

    # ------------------------------------------------------------ the log
    def push(self, action: Action) -> tuple[Event, ...]:
        """Check, resolve dice, apply and record ``action``; return its events."""
        events = self._push(action)
        self.redo_stack.clear()
        return events

    def push_line(self, line: str) -> tuple[Event, ...]:
        return self.push(self.parse(line))

    def _push(self, action: Action) -> tuple[Event, ...]:
        action = self.resolve(action)
        self.check(action)
        log = self.log
        state = self.state
        ctx = self.context()
        try:
            action.apply(state, ctx)
        except Exception:
            self.state = self.state_at(len(log))  # never leave a half-applied action behind
            raise
        log.append(action)
        events = tuple(ctx.events)
        self.events.append(events)
        if len(log) % self.CHECKPOINT_EVERY == 0:
            self._checkpoints[len(log)] = state.copy()
        return events

    def undo(self) -> Action:
        if not self.log:
            raise NothingToUndo("nothing to undo")
        action = self.log.pop()
        self.events.pop()
        self.redo_stack.append(action)
        # a push adds at most the checkpoint after it: only that one can lie past the log now
        self._checkpoints.pop(len(self.log) + 1, None)
        self.state = self.state_at(len(self.log))
        return action

    def redo(self) -> tuple[Event, ...]:
        if not self.redo_stack:
            raise NothingToRedo("nothing to redo")
        action = self.redo_stack[-1]
        events = self._push(action)
        self.redo_stack.pop()
        return events

    @property
    def can_redo(self) -> bool:
        return bool(self.redo_stack)

    @property
    def checkpoints(self) -> list[int]:
        """The log lengths at which a copy of the state is kept, in order
        (``state_at`` and ``undo`` start from the nearest one)."""
        return sorted(self._checkpoints)

    def state_at(self, index: int) -> State:
        """A fresh copy of the state after the first ``index`` actions of the log."""
        if not 0 <= index <= len(self.log):
            raise IndexError(f"the log has {len(self.log)} actions; asked for the state after {index}")
        base = max(k for k in self._checkpoints if k <= index)
        state = self._checkpoints[base].copy()
        for i in range(base, index):
            self.log[i].apply(state, self.context(i))
        return state

    def lines(self, start: int = 0, stop: int | None = None) -> list[str]:
        """The log (or its actions ``start`` to ``stop``) in notation."""
        return [format_action(action) for action in self.log[start:stop]]

    # ------------------------------------------------------------ loading
    @classmethod
    def load(cls, setup: Setup, lines: Iterable[str]) -> Game:
        """Replay a saved log: each line parsed (ids only, each distinct line
        once: actions are values) and ``push``ed, checked as a new action is;
        a saved action must record its dice. Raises LogError naming the first
        bad entry."""
        game = cls(setup)
        parsed: dict[str, Action] = {}
        for i, line in enumerate(lines):
            try:
                action = parsed.get(line)
                if action is None:
                    action = parsed[line] = game.parse(line, names=False)
                if game.dice_needed(action):
                    raise NotationError("a saved action must record its dice, like [4,17]")
                game.push(action)
            except GMError as exc:
                raise LogError(i, line, str(exc)) from None
        return game

    def to_json(self) -> dict[str, object]:
        state = self.state.to_json()
        state["log_length"] = len(self.log)
        state["systems"] = list(self.systems)
        state["house_rules"] = self.rules.to_json()
        state["title"] = self.setup.title
        return state
