"""The player view: what the players may see, as one JSON-ready document.

``player_document(game)`` is the only way anything reaches the players'
browsers (gm_console/players/ serves what it returns, byte for byte). It is
a pure function of the live game: the state, the rules, the encounter's
``[players]`` table and the log's events. The page never hides anything;
what must not be seen is never put in.

Left out, always: units hidden from the players (``hide UNIT``) and units
standing in a hidden zone; hidden zones, their names, traits, connections
and occupants; GM notes (the ``note`` verb and every ``note`` event); the
GM's own rolls (``roll`` without ``by=``); the RNG seed, the file's path,
the description (notes for the GM), house rules; unit ids of hidden units
(ids appear only for units the players see). NPC health follows the
``health`` setting: ``exact`` numbers, a ``descriptor`` band (see
``band``) or ``hidden``; with anything but ``exact`` no figure of an NPC
(a unit of a side the GM controls) is in the document, log lines included.
The Threat pool shows only when the GM shows it.

The document is documented in docs/json.md (player view) and docs/players.md.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from gm_console.core.fog import player_board, unit_hidden
from gm_console.core.state import State, Unit

if TYPE_CHECKING:
    from gm_console.core.game import Game
    from gm_console.core.rules import Rules

PLAYER_JSON_VERSION = 1
LOG_LINES = 30  # public log lines in the document (the newest)
LOG_SCAN = 300  # actions looked at, at most, to find them
BANDS = ("Unhurt", "Hurt", "Bloodied", "Down")
# GM chrome: their events never reach the players (a note, the view's own settings, hiding)
PRIVATE_VERBS = frozenset({"note", "players", "hide"})


def band(fraction: float | None) -> str | None:
    """The descriptor band of a health fraction (current / maximum):
    Unhurt at full (1), Hurt above half, Bloodied above 0, Down at 0."""
    if fraction is None:
        return None
    if fraction >= 1:
        return "Unhurt"
    if fraction > 0.5:
        return "Hurt"
    if fraction > 0:
        return "Bloodied"
    return "Down"


@dataclass(slots=True)
class Sight:
    """What the players can see of a state: handed to each system's player part."""

    state: State
    rules: Rules
    health: str  # "exact", "descriptor" or "hidden"
    threat: bool
    turns_shown: int
    visible: dict[str, Unit] = field(default_factory=dict)  # unit id -> unit, in the state's order
    player_sides: frozenset[str] | None = None  # the sides the players control (worked out on first use)

    def players(self, unit: Unit) -> bool:
        sides = self.player_sides
        if sides is None:  # asked for every unit, several times each, in one document
            sides = self.player_sides = frozenset(s.id for s in self.state.sides.values() if s.is_players)
        return unit.side in sides

    def exact(self, unit: Unit) -> bool:
        """Whether this unit's figures may be shown: always for the players' own."""
        return self.players(unit) or self.health == "exact"

    def sees(self, uid: str | None) -> bool:
        return uid is not None and uid in self.visible

    def side_exact(self, side: str) -> bool:
        s = self.state.sides.get(side)
        return (s is not None and s.is_players) or self.health == "exact"


def meter(label: str, value: int, maximum: int | None) -> dict[str, Any]:
    return {"label": label, "value": value, "max": maximum}


def settings(game: Game) -> tuple[str, bool, int]:
    """(health, threat, turns_shown) in force: the ``players`` verb over the file's ``[players]``."""
    table = game.setup.players if hasattr(game.setup, "players") else {}
    health = table.get("health", "descriptor")
    threat = bool(table.get("threat", False))
    board = player_board(game.state)
    if board is not None:
        health = board.health or health
        threat = board.threat if board.threat is not None else threat
    return health, threat, int(table.get("turns_shown", 5))


def player_document(game: Game) -> dict[str, Any]:
    """The player-safe document of the live game (see the module's doc)."""
    state = game.state
    health, threat, turns_shown = settings(game)
    sight = Sight(state, game.rules, health, threat, turns_shown)
    sight.visible = {uid: u for uid, u in state.units.items() if not unit_hidden(state, u)}
    zones_seen = {zid: z for zid, z in state.zones.items() if not z.hidden}

    parts = [system.player_view(state, game.rules, sight) for system in game.systems.values()]
    unit_parts: dict[str, dict[str, Any]] = {}
    for part in parts:
        for uid, extra in part.get("units", {}).items():
            if uid in unit_parts:
                _merge(unit_parts[uid], extra)
            else:
                unit_parts[uid] = dict(extra)

    units = [_unit(sight, u, unit_parts.get(u.id, {}), zones_seen) for u in sight.visible.values()]
    active = state.clock.active if sight.sees(state.clock.active) else None
    next_ids: list[str] = []
    for part in parts:
        next_ids.extend(uid for uid in part.get("next", ()) if sight.sees(uid))
    status = [text for part in parts for text in part.get("status", ())]
    sides_seen = {u.side for u in sight.visible.values()}
    doc: dict[str, Any] = {
        "player_json_version": PLAYER_JSON_VERSION,
        "title": game.setup.title,
        "systems": list(game.systems),
        "round": state.clock.round,
        "phase": state.clock.phase,
        "active": _ref(sight, active),
        "next": [_ref(sight, uid) for uid in next_ids[:turns_shown]],
        "status": status,
        "health": health,
        "pools": [{"name": name, "value": value} for name, value in state.pools.items() if threat or name != "threat"],
        "sides": [
            {"id": s.id, "name": s.name, "controller": s.controller}
            for s in state.sides.values()
            if s.is_players or s.id in sides_seen
        ],
        "units": units,
        "map": _map(state, sight, zones_seen) if state.zones else None,
        "panels": [panel for part in parts for panel in part.get("panels", ())],
        "log": public_log(game, sight),
    }
    return doc


def _merge(into: dict[str, Any], extra: dict[str, Any]) -> None:
    for key, value in extra.items():
        if isinstance(value, list) and isinstance(into.get(key), list):
            into[key] = into[key] + value
        elif key == "health" and into.get("health") is not None and value is not None:
            into[key] = min(into[key], value)
        else:
            into[key] = value


def _ref(sight: Sight, uid: str | None) -> dict[str, str] | None:
    if uid is None or uid not in sight.visible:
        return None
    return {"id": uid, "name": sight.visible[uid].name}


def _unit(sight: Sight, unit: Unit, part: dict[str, Any], zones_seen: dict[str, Any]) -> dict[str, Any]:
    exact = sight.exact(unit)
    tags = list(dict.fromkeys(part.get("tags", ())))
    shown_tags = {t.lower() for t in tags}
    fraction = part.get("health")
    if exact:
        meters = list(part.get("meters", ()))
        shown_band = band(fraction) if not sight.players(unit) and fraction is not None else None
    else:
        meters = []
        shown_band = band(fraction) if sight.health == "descriptor" else None
    # private meters (a PC's own numbers) are shown whatever the health setting
    conditions = [
        {"name": c.name, "remaining": c.remaining, "per": c.per, "label": c.label()}
        for c in unit.conditions.values()
        if c.name.lower() not in shown_tags
    ]
    return {
        "id": unit.id,
        "name": unit.name,
        "side": unit.side,
        "players": sight.players(unit),
        "zone": unit.zone if unit.zone in zones_seen else None,
        "active": sight.state.clock.active == unit.id,
        "band": shown_band,
        "meters": meters,
        "tags": tags,
        "conditions": conditions,
    }


def _map(state: State, sight: Sight, zones_seen: dict[str, Any]) -> dict[str, Any]:
    links = []
    seen_pairs = set()
    for zid, z in zones_seen.items():
        for other in z.adjacent:
            if other in zones_seen:
                key = (zid, other) if zid <= other else (other, zid)
                if key in seen_pairs:
                    continue
                seen_pairs.add(key)
                locked = other in z.locked or zid in zones_seen[other].locked
                links.append({"a": key[0], "b": key[1], "locked": locked})
    return {
        "zones": [
            {
                "id": zid,
                "name": z.name,
                "traits": list(z.traits),
                "units": [u.id for u in sight.visible.values() if u.zone == zid],
            }
            for zid, z in zones_seen.items()
        ],
        "links": links,
    }


# ------------------------------------------------------------------ the public log

_DIGIT = re.compile(r"[0-9]")


def _words(terms: set[str]) -> re.Pattern[str] | None:
    """Any of ``terms`` as a whole word, the longest first, case-insensitive."""
    named = frozenset(t for t in terms if t)  # hashable: _compiled caches by it
    return _compiled(named) if named else None


@functools.lru_cache(maxsize=64)
def _compiled(terms: frozenset[str]) -> re.Pattern[str]:  # the same names after every action: sorted and built once
    alternatives = "|".join(re.escape(t) for t in sorted(terms, key=lambda t: (-len(t), t)))
    return re.compile(rf"(?<![\w]){'(?:' + alternatives + ')'}(?![\w])", re.IGNORECASE)


def hidden_terms(state: State, sight: Sight) -> tuple[set[str], set[str]]:
    """(hidden, seen): words that name something the players must not learn
    of (hidden units' ids and names, hidden zones' ids, names and traits),
    less any that also names something they see; and the words they see."""
    hidden: set[str] = set()
    for uid, u in state.units.items():
        if uid not in sight.visible:
            hidden.update((uid, u.name))
    for zid, z in state.zones.items():
        if z.hidden:
            hidden.update((zid, z.name, *z.traits))
    seen: set[str] = set()
    for uid, u in sight.visible.items():
        seen.update((uid, u.name))
    for z in state.zones.values():
        if not z.hidden:
            seen.update((z.id, z.name, *z.traits))
    lowered = {t.lower() for t in seen}
    return {t for t in hidden if t and t.lower() not in lowered}, {t for t in seen if t}


class _Scanner:
    """Finds hidden words in a line. Every known word (hidden or seen) is one
    alternative, longest first, so "Raider Warlord" (seen) is read whole where
    "Raider" alone is hidden, and a hidden "Raider Warlord" is not taken for
    the seen "Raider"."""

    def __init__(self, hidden: set[str], seen: set[str]) -> None:
        self.hidden = {t.lower() for t in hidden}
        self.pattern = _words(hidden | seen) if hidden else None

    def leaks(self, text: str) -> bool:
        if self.pattern is None:
            return False
        return any(m.group(0).lower() in self.hidden for m in self.pattern.finditer(text))


# (sight's terms and names) -> {event: (its public text or None, whether shortened)}: a few sights at most
_LINES: dict[tuple, dict[Any, tuple[str | None, bool]]] = {}


def public_log(game: Game, sight: Sight) -> list[dict[str, str]]:
    """The newest public lines of the log, oldest first: events about what the
    players see, without GM notes; with NPC health not ``exact``, a line that
    concerns an NPC keeps only its head (who does what to whom), and is left
    out when even that holds a figure."""
    state = game.state
    forbidden = _Scanner(*hidden_terms(state, sight))
    npcs = {uid: u for uid, u in sight.visible.items() if not sight.players(u)}
    npc_words = _words({u.name for u in npcs.values()} | set(npcs)) if sight.health != "exact" else None
    all_names = _words({u.name for u in sight.visible.values()} | set(sight.visible))
    # What a line becomes depends only on the line (a value) and on these: after an action
    # the same lines are looked at again with the same sight, so each is worked out once.
    sight_key = (forbidden.pattern, frozenset(forbidden.hidden), npc_words, all_names, frozenset(sight.visible), frozenset(npcs), sight.threat)
    memo = _LINES.get(sight_key)
    if memo is None:
        if len(_LINES) >= 8:
            _LINES.clear()
        memo = _LINES[sight_key] = {}
    out: list[dict[str, str]] = []
    log, events = game.log, game.events
    first = max(0, len(log) - LOG_SCAN)
    for i in range(len(log) - 1, first - 1, -1):
        action = log[i]
        if action.VERB in PRIVATE_VERBS:
            continue
        lines: list[dict[str, str]] = []
        dice = getattr(action, "dice", None)  # the faces the table saw rolled
        for event in events[i]:
            seen = memo.get(event)
            if seen is None:
                text = _public_line(event, sight, forbidden, npcs, npc_words, all_names)
                seen = memo[event] = (text, text is not None and text is not event.text)
                if len(memo) > 4 * LOG_SCAN:
                    memo.clear()
            text, shortened = seen
            if text is None:
                continue
            if shortened and dice:  # a shortened line still says what was rolled
                text += " · dice " + ", ".join(str(d) for d in dice)
                dice = None
            lines.append({"text": text, "kind": event.kind})
        out[:0] = lines
        if len(out) >= LOG_LINES:
            break
    return out[-LOG_LINES:]


def _public_line(event, sight: Sight, forbidden, npcs, npc_words, all_names) -> str | None:
    kind, text, uid = event.kind, event.text, event.unit
    if kind == "note":
        return None
    if kind == "say":
        return text  # the GM wrote it for the players
    if uid is not None and uid not in sight.visible:
        return None
    if kind == "roll" and uid is None:
        return None  # the GM's own roll, behind the screen
    if kind == "pool" and not sight.threat and text.lower().startswith("threat"):
        return None
    if forbidden.leaks(text):
        return None
    if npc_words is None or not (uid in npcs or npc_words.search(text)):
        return text
    head = re.split(r":| \(", text, maxsplit=1)[0].strip()
    masked = all_names.sub("", head) if all_names is not None else head
    if not head or _DIGIT.search(masked) or "->" in head:
        return None
    if uid in npcs and masked == head:  # names no one ("a Stun Injury"): not who does what to whom, only what befell the NPC
        return None
    return text if head == text else head
