"""The engine: an encounter's setup plus its ordered log of actions.

``push`` checks, resolves dice, applies and records one action; ``undo`` and
``redo`` move along the log; ``state_at(n)`` replays to any point. The state
is never copied per action: a copy is kept every ``CHECKPOINT_EVERY``
actions, and any earlier state is rebuilt from the nearest checkpoint.
"""

from __future__ import annotations

import copy
import gc
import json
from collections.abc import Iterable, Iterator
from typing import Any

from gm_console.core import dice as dice_mod
from gm_console.core import notation as n
from gm_console.core import snapshot
from gm_console.core.actions import Action, Context, QuietContext, unit_from_spec
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


class EventLog:
    """The events of each action of the log, read as a list of tuples
    (``game.events[i]``). Those of a replayed log are not kept: an entry is
    worked out when read, by applying the actions again from the nearest
    checkpoint (``Game._fill_events``), and kept from then on. Opening a long
    log thus words no event, and holds none, until something shows one."""

    __slots__ = ("_items", "_fill")

    def __init__(self, fill: Any) -> None:
        self._items: list[tuple[Event, ...] | None] = []
        self._fill = fill  # fill(index): puts in the entries around index (from its checkpoint)

    def __len__(self) -> int:
        return len(self._items)

    def __getitem__(self, index: Any) -> Any:
        items = self._items
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(items)))]
        found = items[index]  # an IndexError as a list raises it
        if found is None:
            self._fill(index + len(items) if index < 0 else index)
            found = items[index]
        return found

    def __iter__(self) -> Any:
        for i in range(len(self._items)):
            yield self[i]

    def __eq__(self, other: object) -> bool:
        if isinstance(other, EventLog):
            other = list(other)
        if isinstance(other, list):
            return list(self) == other
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"EventLog({len(self._items)} actions)"

    def append(self, events: tuple[Event, ...] | None) -> None:
        """The events of a new action (None: worked out when read)."""
        self._items.append(events)

    def pop(self) -> tuple[Event, ...]:
        found = self[-1]
        self._items.pop()
        return found

    def drop_last(self) -> None:
        """Forget the newest entry without working it out (undo)."""
        self._items.pop()

    @property
    def known(self) -> int:
        """How many entries are held (the rest are worked out when read)."""
        return sum(1 for e in self._items if e is not None)


class Game:
    CHECKPOINT_EVERY = 128
    # A replayed log keeps a copy every SPARSE_CHECKPOINTS x CHECKPOINT_EVERY actions (2048) and
    # every CHECKPOINT_EVERY over its last DENSE_TAIL actions, where undo goes. A copy of a 50-unit
    # state is about 46 KB: a 10,000-action log keeps 9 (it kept 17 with 8 and 1024). The first
    # look between two sparse copies replays up to 2048 actions once (about 20 ms on the bench
    # machine; ``_base`` then keeps the copies on the way), an undo at the end none of that.
    SPARSE_CHECKPOINTS = 16
    DENSE_TAIL = 512

    def __init__(self, setup: Setup) -> None:
        self.setup = setup
        self.systems: dict[str, System] = {name: get_system(name) for name in setup.systems}
        house = [rule for system in self.systems.values() for rule in system.HOUSE_RULES]
        self.rules = Rules(house, setup.house_rules)
        self.verbs = verb_table(self.systems.values())
        self._initial = build_initial_state(setup, self.systems, self.rules)
        self.state = self._initial.copy()
        self.log: list[Action] = []
        self.events = EventLog(self._fill_events)
        self.redo_stack: list[Action] = []
        # a state copy every CHECKPOINT_EVERY actions (sparser in a replayed log); a game
        # restored from a cache holds some as the cache's JSON text until one is needed
        self._checkpoints: dict[int, State | str | bytes] = {0: self._initial}
        self._lines: list[str] = []  # formatted log, filled lazily by lines()

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
        if action.ROLLS and getattr(action, "dice", None) is None:  # (what ``resolve`` checks first)
            action = self.resolve(action)
        log = self.log
        if self.verbs.get(action.VERB) is not type(action):  # as ``check``, with one context for both steps
            raise NotationError(f"verb {action.VERB!r} is not available in this encounter")
        state = self.state
        ctx = Context(self.rules, self.systems, self.setup, len(log))
        action.check(state, ctx)
        if ctx.events:  # what a check said is not the action's
            ctx.events = []
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
        self.events.drop_last()
        del self._lines[len(self.log) :]
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
        base = self._base(index)
        state = self._checkpoint(base).copy()
        log = self.log
        ctx = QuietContext(self.rules, self.systems, self.setup, base)
        for i in range(base, index):
            ctx.index = i
            log[i].apply(state, ctx)
        return state

    def _base(self, index: int) -> int:
        """The checkpoint nearest at or before ``index``. A replayed log keeps
        them sparse but over its last actions (``_replay``): a gap before
        ``index`` is filled in on the way (a copy every ``CHECKPOINT_EVERY``),
        so the next look nearby starts close."""
        checkpoints = self._checkpoints
        every = self.CHECKPOINT_EVERY
        near = index - index % every
        if near in checkpoints:
            return near
        base = max(k for k in checkpoints if k <= index)
        if near - base < every or near > len(self.log):
            return base
        state = self._checkpoint(base).copy()
        log = self.log
        ctx = QuietContext(self.rules, self.systems, self.setup, base)
        for i in range(base, near):
            ctx.index = i
            log[i].apply(state, ctx)
            if (i + 1) % every == 0:
                checkpoints[i + 1] = state.copy()
        return near

    def _checkpoint(self, k: int) -> State:
        """The checkpoint after ``k`` actions (read from the cache's text the first time)."""
        found = self._checkpoints[k]
        if type(found) is str or type(found) is bytes:
            found = self._checkpoints[k] = snapshot.decode_state(json.loads(found), self._initial)
        return found  # type: ignore[return-value]

    def _fill_events(self, index: int) -> None:
        """Work out the events of the actions from the checkpoint before
        ``index`` to the one after it (``EventLog``): the same actions applied
        to the same state say the same."""
        base = self._base(index)
        stop = min(len(self.log), base + self.CHECKPOINT_EVERY)
        stop = max(stop, index + 1)
        state = self._checkpoint(base).copy()
        items = self.events._items
        log = self.log
        for i in range(base, stop):
            ctx = Context(self.rules, self.systems, self.setup, i)
            log[i].apply(state, ctx)
            if items[i] is None:
                items[i] = tuple(ctx.events)

    def lines(self) -> list[str]:
        """The log in notation (each line formatted once, then kept; an action
        the log holds more than once, such as ``next``, is formatted once)."""
        cache = self._lines
        log = self.log
        del cache[len(log) :]
        cache += self._format(len(cache), len(log))
        return list(cache)

    def _format(self, start: int, stop: int) -> list[str]:
        """The log's lines ``start`` to ``stop`` formatted (an action the log
        holds more than once is formatted once: a replay reads a repeated line
        into one action)."""
        log = self.log
        known: dict[int, str] = {}  # by identity
        out = []
        for i in range(start, stop):
            action = log[i]
            text = known.get(id(action))
            if text is None:
                text = known[id(action)] = format_action(action)
            out.append(text)
        return out

    def lines_between(self, start: int, stop: int) -> list[str]:
        """``lines()[start:stop]``, formatting what ``lines()`` has not kept
        without keeping it: for a writer that goes over a long log once, a
        chunk at a time (the recovery journal's base), so that the whole log in
        notation is not held for the session unless something asks ``lines()``."""
        stop = min(stop, len(self.log))
        out = self._lines[start : min(stop, len(self._lines))]
        return out + self._format(start + len(out), stop)

    # ------------------------------------------------------------ loading
    @classmethod
    def load(cls, setup: Setup, lines: Iterable[str]) -> Game:
        """Replay a saved log; raise LogError naming the first bad entry."""
        game = cls(setup)
        # A replay only adds objects that stay (actions, checkpoints): the
        # cyclic garbage collector would walk the growing heap again and
        # again for nothing, so it waits until the log is read.
        collecting = gc.isenabled()
        gc.disable()
        try:
            game._replay(lines)
        finally:
            if collecting:
                gc.enable()
        return game

    def _read_saved(self, line: str, parsed: dict[str, Action], readers: dict[str, Any]) -> Action:
        """The action of a saved ``line`` not read before, kept in ``parsed``
        (actions are values: a line repeated, like next, is read once). A plain
        line (verb, bare words, dice) is read by its verb's expression, with the
        same result; any other by the general parser. ``readers``: each verb's
        ``notation.line_reader`` (None for a word that is no verb), kept over one log."""
        head = line.partition(" ")[0]
        read = readers.get(head, False)
        if read is False:
            verb = self.verbs.get(head)
            read = readers[head] = n.line_reader(verb) if verb is not None else None
        action = read(line) if read is not None else None
        if action is None:
            action = self.parse(line, names=False)
        parsed[line] = action
        return action

    def _replay(self, lines: Iterable[str]) -> None:
        """``_push`` each line of a saved log, checked as a new action is, with
        one quiet context: the events are worked out when shown (``EventLog``)."""
        verbs = self.verbs
        parsed: dict[str, Action] = {}  # actions are values: a line repeated (next) is read once
        readers: dict[str, Any] = {}  # (_read_saved)
        log = self.log
        append = log.append
        checkpoints = self._checkpoints
        every = self.CHECKPOINT_EVERY
        # a copy every SPARSE_CHECKPOINTS x every actions, and every ``every`` over the last
        # DENSE_TAIL (where undo goes); ``_base`` fills in a gap when something looks there
        sparse = every * self.SPARSE_CHECKPOINTS
        lines = lines if isinstance(lines, list) else list(lines)
        dense_from = len(lines) - self.DENSE_TAIL
        state = self.state
        ctx = QuietContext(self.rules, self.systems, self.setup, 0)
        ctx.ready_hint = False  # (a clock may keep what it knows between actions: Context.ready_hint)
        keep = every - 1  # the index after which the next copy may be kept
        for i, line in enumerate(lines):
            try:
                action = parsed.get(line)
                if action is None:
                    action = self._read_saved(line, parsed, readers)
                    if verbs.get(action.VERB) is not type(action):
                        raise NotationError(f"verb {action.VERB!r} is not available in this encounter")
                if action.ROLLS and getattr(action, "dice", None) is None and self.dice_needed(action):
                    raise NotationError("a saved action must record its dice, like [4,17]")
                ctx.index = i
                action.check_apply(state, ctx)
                if not action.RAISES_NO_AP and not action.SYSTEMS_KEEP_HINTS:
                    ctx.ready_hint = False
                    ctx.clock_rows = None
            except GMError as exc:
                raise LogError(i, line, str(exc)) from None
            append(action)
            if i == keep:
                keep += every
                if (i + 1) % sparse == 0 or i >= dense_from:
                    checkpoints[i + 1] = state.copy()
        self.events._items = [None] * len(log)  # worked out when read

    # ------------------------------------------------------------ the derived cache
    def detached(self) -> Game:
        """A copy sharing nothing that playing this game changes (its state,
        log, checkpoints and lines are its own; actions and checkpoint states
        are values, shared), for work done beside play (the cache's write)."""
        other = copy.copy(self)
        other.state = self.state.copy()
        other.log = list(self.log)
        other.redo_stack = []
        other._checkpoints = dict(self._checkpoints)
        other._lines = list(self._lines)
        other.events = EventLog(other._fill_events)
        other.events._items = list(self.events._items)
        return other

    def checkpoint_texts(self) -> Iterator[tuple[str, str]]:
        """Each checkpoint after the first action as the reopen cache writes it
        (gm_console/files/cache.py): (its log length, its state as JSON text,
        ``core/snapshot.py``), in order, worded one at a time."""
        initial = self._initial
        for k in sorted(self._checkpoints):
            if k:
                found = self._checkpoints[k]
                if type(found) is bytes:
                    text = found.decode("utf-8")
                elif type(found) is str:
                    text = found
                else:
                    text = json.dumps(snapshot.encode_state(found, initial), separators=(",", ":"))
                yield str(k), text

    @classmethod
    def restore(cls, setup: Setup, lines: list[str], data: dict[str, Any], formatted: list[str] | None = None) -> Game:
        """The game ``Game.load(setup, lines)`` gives, from what ``snapshot``
        wrote after that load: the lines are read (not applied), the state and
        checkpoints come from ``data``, the events are worked out when read.
        ``formatted``: the log in notation as ``lines()`` gave it. Raises
        ValueError (or KeyError, TypeError...) when ``data`` does not fit."""
        game = cls(setup)
        if data["length"] != len(lines) or data["every"] != cls.CHECKPOINT_EVERY:
            raise ValueError("a snapshot of another log")
        parsed: dict[str, Action] = {}
        readers: dict[str, Any] = {}
        log = game.log
        for line in lines:
            action = parsed.get(line)
            log.append(action if action is not None else game._read_saved(line, parsed, readers))
        game.events._items = [None] * len(log)
        game.state = snapshot.decode_state(data["state"], game._initial)
        for k, text in data["checkpoints"].items():
            k = int(k)
            if not 0 < k <= len(log) or type(text) not in (str, bytes):
                raise ValueError("a checkpoint past the log")
            game._checkpoints[k] = text
        if formatted is not None:
            if len(formatted) != len(log):
                raise ValueError("the formatted log of another log")
            # one string per distinct line (as lines() formats a repeated action once)
            one: dict[str, str] = {}
            game._lines = [one.setdefault(line, line) for line in formatted]
        return game

    def to_json(self) -> dict[str, object]:
        state = self.state.to_json()
        state["log_length"] = len(self.log)
        state["systems"] = list(self.systems)
        state["house_rules"] = self.rules.to_json()
        state["title"] = self.setup.title
        return state
