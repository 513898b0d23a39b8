"""The rule-system interface and the registry of systems.

A system is a variant of the encounter, in the way python-chess variants
extend the board: it brings its own actions (verbs), house rules, TOML
sections (a per-unit table ``[units.<name>]`` and a board ``[<name>]``),
a board in the state, hooks on the generic actions, and reference entries.

Systems live in ``gm_console.core.systems.<name>`` and expose ``SYSTEM``;
they are discovered by name, so adding one touches no shared file.
"""

from __future__ import annotations

import functools
import importlib
from abc import ABC, abstractmethod
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, ClassVar

from gm_console.core.errors import UnknownName

if TYPE_CHECKING:
    from gm_console.core.actions import Action, AddUnit, Context
    from gm_console.core.carry import Change
    from gm_console.core.playerview import Sight
    from gm_console.core.reference import RefEntry
    from gm_console.core.rules import HouseRule, Rules
    from gm_console.core.schema import Problem, Table
    from gm_console.core.setup import Setup
    from gm_console.core.state import State, Unit


class System(ABC):
    """The hooks a rule system fills in. The abstract ones every system must
    write (its package is built on docs/architecture.md's template, held by
    tests/test_system_template.py); the rest default to doing nothing. A
    subclass that defines a public method or an upper-case attribute System
    does not declare fails when the class is made, so a misspelt hook
    (``check_ad``, ``HOUSE_RULE``) is an import error, not a hook that never runs."""

    NAME: ClassVar[str] = ""
    TITLE: ClassVar[str] = ""
    SUMMARY: ClassVar[str] = ""
    ACTIONS: ClassVar[tuple[type[Action], ...]] = ()
    HOUSE_RULES: ClassVar[tuple[HouseRule, ...]] = ()
    UNIT_TABLE: ClassVar[Table | None] = None  # schema of [units.<NAME>]
    BOARD_TABLE: ClassVar[Table | None] = None  # schema of [<NAME>]
    CATALOGUE: ClassVar[str | None] = None  # bundled data file (gm_console/data/), read by the file layer
    CATALOGUE_TABLE: ClassVar[Table | None] = None  # its schema
    CLOCK: ClassVar[bool] = False  # whether this system runs the turn order (owns `next`)
    CARRIES: ClassVar[bool] = False  # whether its characters carry to a party file (persistent, party_changes)
    RESTS: ClassVar[Mapping[str, str]] = {}  # the rests between fights it knows, to what they recover in a few words

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        known = set(dir(System))
        for name, value in vars(cls).items():
            if name.startswith("_") or name in known:
                continue
            if name.isupper() or callable(value) or isinstance(value, (property, staticmethod, classmethod)):
                raise TypeError(
                    f"{cls.__qualname__}.{name} is not a System hook (see gm_console/core/system.py); "
                    "a misspelt hook would never run: rename it, or make a helper private (_name)"
                )

    # -- setup
    def check_setup(self, setup: Setup, problems: list[Problem]) -> None:
        """Add problems for what the schema cannot see (cross references, sums)."""

    @abstractmethod
    def init_board(self, setup: Setup, rules: Rules) -> Any | None:
        """The system's board in the initial state (None when it needs none)."""

    def init_unit(self, state: State, unit: Unit, table: dict[str, Any] | None, setup: Setup, rules: Rules) -> None:
        """Fill a set-up unit from its ``[units.<NAME>]`` table."""

    def start(self, state: State, rules: Rules) -> None:
        """Last touch to the initial state once every unit is in (e.g. the clock's phase)."""

    # -- hooks on generic actions
    def check_add(self, state: State, action: AddUnit, ctx: Context) -> None:
        pass

    def unit_added(self, state: State, unit: Unit, template: Unit | None, ctx: Context) -> None:
        pass

    def unit_removed(self, state: State, unit: Unit, ctx: Context) -> None:
        pass

    def unit_moved(self, state: State, unit: Unit, old_zone: str | None, ctx: Context) -> None:
        """After the generic ``move`` (GM fiat) put ``unit`` in another zone."""

    def check_stat(self, state: State, unit: Unit, stat: str, value: int, ctx: Context) -> None:
        pass

    def stat_set(self, state: State, unit: Unit, stat: str, old: int | None, ctx: Context) -> None:
        pass

    def check_pool(self, state: State, pool: str, value: int, ctx: Context) -> None:
        pass

    # -- the clock (only when CLOCK)
    def check_advance(self, state: State, ctx: Context) -> None:
        pass

    def advance(self, state: State, ctx: Context) -> None:
        raise NotImplementedError

    # -- reference, palette, export
    def board_json(self, state: State, rules: Rules) -> dict[str, Any]:
        """The board as ``replay --json`` shows it; a system may add what it
        derives from the state (a projection, who is ready) without storing it."""
        board = state.boards.get(self.NAME)
        return board.to_json() if board is not None else {}

    @abstractmethod
    def reference(self) -> list[RefEntry]:
        """The system's rules-lookup entries (``entries()`` of its reference module)."""

    def catalogue_reference(self, catalogue: Mapping[str, Any], setup: Setup | None) -> list[RefEntry]:
        """Entries for the cards or profiles of a catalogue (the bundled one, plus
        what ``setup`` adds when an encounter is open). The caller loads it."""
        return []

    @abstractmethod
    def legal_actions(self, state: State, ctx: Context) -> list[Action]:
        """Actions worth offering in the palette right now, each passing check
        (``legal_actions`` of its palette module)."""

    # -- starter encounters (gm-console new)
    def starter_unit(self, role: str) -> dict[str, Any] | None:
        """The ``[units.<NAME>]`` table for the starter's "hero" or "foe"."""
        return None

    def starter_board(self) -> dict[str, Any] | None:
        return None

    def starter_extra(self) -> dict[str, Any]:
        """Other top-level keys the starter needs (pools, ...)."""
        return {}

    @abstractmethod
    def describe_turn(self, state: State) -> str:
        """One line on whose turn it is, for the status bar."""

    # -- the player view (core/playerview.py)
    def player_view(self, state: State, rules: Rules, sight: Sight) -> dict[str, Any]:
        """This system's part of the player-safe document: ``units`` (id to
        ``meters``, ``health`` fraction, ``tags``), ``next`` (unit ids of the next
        turns), ``status`` (lines) and ``panels`` (boards as cards). ``sight``
        says what the players see; the part must hold nothing else. By default
        the function ``player_view`` of ``systems/<NAME>/player.py``, if any."""
        name = f"gm_console.core.systems.{self.NAME}.player"
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name != name:
                raise
            return {}
        return module.player_view(state, rules, sight)

    # -- campaigns: carrying a fight to a party (core/carry.py calls these; the
    # system's logic lives in systems/<NAME>/carry.py, which system.py wires in)
    def carry_refusal(self) -> str | None:
        """Why no fight that runs this system can be carried to a party file, as
        the sentence the refusal shows (reactor: its units are cards, not
        characters); None when carrying may go ahead."""
        return None

    def persistent(self, state: State, rules: Rules, uid: str, setup_unit: Mapping[str, Any] | None) -> dict[str, Any]:
        """The fields of ``uid`` (a unit of ``state``: a fight's final state, or the
        initial state of the next fight) that this system carries, as the party
        holds them: paths into a party unit (``<NAME>.<key>`` in its system table,
        ``traits`` and ``dead`` at its top), plain data. ``setup_unit`` is the
        unit's entry in the encounter as set up (what it started with), or None.
        ``traits``, when given, is the unit's Traits as this system carries them
        (core/carry.py joins every system's, in order); ``dead`` is whether this
        system's rules say the fight killed the unit (any system saying so is
        enough). Called only when ``CARRIES``; {} carries nothing of the unit."""
        return {}

    def party_changes(self, party_unit: Mapping[str, Any], final: Mapping[str, Any], rules: Rules) -> list[Change]:
        """The Changes that bring a party character's fields of this system (read
        from ``party_unit`` as the party file means them, defaults filled) to
        ``final`` (every system's ``persistent`` of the unit, joined), in the
        order they are shown. Fields that follow from others (maxima) are
        Changes with ``derived=True``: shown, not written. ``traits`` and
        ``dead`` are compared by core/carry.py, not here."""
        return []

    def rest(self, party_unit: Mapping[str, Any], kind: str) -> tuple[list[Change], str | None]:
        """What a rest ``kind`` (a key of some system's ``RESTS``) changes in a
        living party character that has this system's table, and why the rest
        passes them by (a sentence naming them), or None. A kind this system does
        not know changes nothing."""
        return [], None


_cache: dict[str, System] = {}


def system_names() -> list[str]:
    """The registered systems, by name (a fresh list: callers may change it)."""
    return list(_discover_systems())


@functools.cache
def _discover_systems() -> tuple[str, ...]:
    """The system packages found in ``gm_console.core.systems``, read from the
    folder once per process (loading a file asks for them once per unit)."""
    import pkgutil

    from gm_console.core import systems

    return tuple(sorted(m.name for m in pkgutil.iter_modules(systems.__path__) if not m.name.startswith("_")))


def get_system(name: str) -> System:
    if name not in _cache:
        names = system_names()
        if name not in names:
            raise UnknownName("system", name, names)
        module = importlib.import_module(f"gm_console.core.systems.{name}")
        from gm_console.core.campaign_rules import extend  # campaign house rules (what carries between fights)

        extend(module.SYSTEM)
        _cache[name] = module.SYSTEM
    return _cache[name]


def all_systems() -> list[System]:
    return [get_system(name) for name in system_names()]
