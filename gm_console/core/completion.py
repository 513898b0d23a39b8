"""Completion of a half-typed action line: verbs, then the names each
argument expects (units, zones, sides), then option keys. Driven by the
same syntax specs as the parser, so it never offers what cannot parse.

What comes first is what the GM most likely means (the prompt shows the
first completion, and Tab takes it):

* a verb: the verbs legal now (what the palette offers, ``legal``) before
  the rest, then by how often a GM types them at the table (``COMMON_VERBS``),
  then by name: ``hi`` is ``hit`` before ``hide``;
* a unit: the ones a legal action names in that place (the acting unit
  first, then the targets its attacks may take), then, for an attack's
  target, the attacker's enemies before its allies (``ATTACKS``; aid the
  other way round, ``AIDS``), then the rest in the encounter's order.

Nothing is left out: an ally can still be named, and ``friendly_fire`` says
so once it is applied (a warning, never a refusal)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from gm_console.core import notation as n
from gm_console.core.actions import Action
from gm_console.core.errors import NotationError
from gm_console.core.state import State

# The verbs of every system, in the order a GM types them at the table, most often first: what
# makes a turn (start it, act, take the harm), then what most rounds need (moves, spends, minor and
# major actions, conditions, a fix by fiat, a note), then the occasional (aid, tempo changes, cards,
# fog of war), then what comes once a fight or less (ending it, healing after it, setting it up).
# Ties between systems do not matter: a verb belongs to one system. A verb not listed comes after
# every listed one, by name.
COMMON_VERBS: tuple[str, ...] = (
    # every turn
    "next", "hit", "brk", "task", "attack", "strike", "turn", "suffer", "avoid",
    # most rounds
    "stride", "spend", "minor", "major", "cond", "uncond", "set", "note", "move", "station",
    "unstation", "deploy", "recall", "counter", "keep", "roll", "say",
    # now and then
    "firstaid", "treat", "consequence", "seize", "sprint", "haste", "slow", "delay", "rush", "tick",
    "heat", "hack", "ready", "exhaust", "equip", "incident", "lockdown", "reveal", "hide", "yield",
    "trait", "untrait", "find", "give", "chip", "travel", "pool", "add", "remove", "rename",
    # once a fight or less
    "endbattle", "endconflict", "scene", "heal", "recover", "fatigue", "expose", "hazard", "link",
    "destroy", "embody", "players",
)
_RANK = {verb: i for i, verb in enumerate(COMMON_VERBS)}

# Attacks: their ``target`` is a unit of another side than the attacker (the first unit the line
# names). One of the attacker's own side is friendly fire: offered last, applied with a warning.
ATTACKS = frozenset({"hit", "brk", "attack", "strike"})
# Aid: their ``target`` is one of the actor's own side, offered first.
AIDS = frozenset({"firstaid", "treat", "heal"})
TARGET = "target"  # the argument of an attack or an aid that names whom it is aimed at


def _names(kind: n.Kind, state: State) -> list[str]:
    """The ids a reference kind names, then the names that differ from every id
    and can be typed as one word (``notation.resolve_names`` reads them)."""
    return [word for word, _ in _named(kind, state)]


def _named(kind: n.Kind, state: State) -> list[tuple[str, str]]:
    """(word, the id it names) for ``_names``, in its order."""
    table = n.ref_table(kind, state)
    out = [(i, i) for i in table]
    lowered = {i.lower() for i in table}
    seen: set[str] = set()
    for uid, name in table.items():
        if name.lower() not in lowered and n.WORD_ID.fullmatch(name) and name not in seen:
            seen.add(name)
            out.append((name, uid))
    return out


def verb_order(verbs: Sequence[str], legal: Sequence[Action] = ()) -> list[str]:
    """``verbs`` in the order completion offers them: legal now, then common, then by name."""
    now = {a.VERB for a in legal}
    return sorted(verbs, key=lambda v: (v not in now, _RANK.get(v, len(_RANK)), v))


def _resolve(word: str, table: dict[str, str]) -> str | None:
    try:
        found = n.match_ref(word, table)
    except NotationError:  # fits several
        return None
    return found if found in table else None


def _unit_order(
    cls: type[Action], spec: n.Arg, given: list[tuple[n.Spec, str]], state: State, legal: Sequence[Action],
) -> dict[str, int]:
    """How likely each unit id is in ``spec``'s place, lower first: the units a legal action of
    this verb names there (after the words already given), then an attack's enemies or an aid's
    allies; the units not in the result come after (``len(state.units)``), the actor itself last."""
    table = n.ref_table(spec.kind, state)
    ids = {s.name: _resolve(word, table) for s, word in given if isinstance(s, n.Arg) and s.kind.ref == "unit"}
    order: dict[str, int] = {}
    for action in legal:
        if type(action) is not cls or any(getattr(action, name, None) != uid for name, uid in ids.items()):
            continue
        value = getattr(action, spec.name, None)
        if isinstance(value, str) and value not in order:
            order[value] = len(order)
    actor = next((state.units.get(uid) for s, _ in given if isinstance(s, n.Arg) and (uid := ids.get(s.name))), None)
    if actor is not None and spec.name == TARGET and cls.VERB in ATTACKS | AIDS:
        hostile = cls.VERB in ATTACKS
        for unit in state.units.values():
            if unit.id not in order and unit.id != actor.id and (unit.side != actor.side) == hostile:
                order[unit.id] = len(order)
        order.setdefault(actor.id, len(state.units) + 1)  # aimed at itself: after everyone
    return order


def candidates(
    text: str, verbs: dict[str, type[Action]], state: State, extra: dict[str, list[str]] | None = None,
    legal: Callable[[], Sequence[Action]] = tuple,
) -> list[str]:
    """Whole-line completions of ``text`` (each one starts with ``text``), the likeliest first.
    ``legal()``: the actions legal now (``Game.legal_actions``), which put what they name first;
    asked only when there is an order to choose."""
    words = text.split(" ")
    if len(words) == 1:
        found = [v for v in verbs if v.startswith(words[0]) and v != words[0]]
        return [v + " " for v in verb_order(found, legal() if len(found) > 1 else ())] + (
            [words[0] + " "] if words[0] in verbs else []
        )
    cls = verbs.get(words[0])
    if cls is None or n.is_rest_only(cls):
        return []
    head, partial = " ".join(words[:-1]), words[-1]
    done = [w for w in words[1:-1] if w]
    positional = [s for s in cls.SYNTAX if isinstance(s, (n.Arg, n.Lit))]
    given = [w for w in done if "=" not in w]
    options: list[str] = []
    for spec in cls.SYNTAX:
        if isinstance(spec, n.Opt) and not any(w.startswith(spec.word + "=") for w in done):
            options.append(spec.word + "=")
        elif isinstance(spec, n.Flag) and spec.text not in done:
            options.append(spec.text)
    if "=" in partial:
        key, _, value = partial.partition("=")
        opt = next((s for s in cls.SYNTAX if isinstance(s, n.Opt) and s.word == key), None)
        names = _names(opt.kind, state) if opt else []
        return [f"{head} {key}={name} " for name in names if name.startswith(value) and name != value]
    pool: list[str] = []
    if len(given) < len(positional):
        spec = positional[len(given)]
        if isinstance(spec, n.Lit):
            pool = [spec.text]
        elif spec.kind.ref == "unit":
            named = _named(spec.kind, state)
            rank = _unit_order(cls, spec, list(zip(positional, given)), state, legal())
            named.sort(key=lambda pair: rank.get(pair[1], len(state.units)))  # stable: the encounter's order within each
            pool = [word for word, _ in named] + list((extra or {}).get(spec.kind.ref or spec.name, []))
        else:
            pool = _names(spec.kind, state) + list((extra or {}).get(spec.kind.ref or spec.name, []))
    else:
        pool = options
    return [f"{head} {name}" + ("" if name.endswith("=") else " ") for name in pool if name.startswith(partial) and name != partial]


def friendly_fire(action: Action, state: State) -> str | None:
    """What to tell the GM when ``action`` (applied) is an attack on the attacker's own side, or None."""
    if action.VERB not in ATTACKS:
        return None
    first = next((s for s in type(action).SYNTAX if isinstance(s, n.Arg) and s.kind.ref == "unit" and s.name != TARGET), None)
    attacker = state.units.get(getattr(action, first.name, None) or "") if first is not None else None
    target = state.units.get(getattr(action, TARGET, None) or "")
    if attacker is None or target is None or attacker.side != target.side:
        return None
    side = state.sides.get(attacker.side)
    whom = "itself" if attacker.id == target.id else f"an ally: {target.name} (both {side.name if side else 'one side'})"
    return f"{attacker.name}'s {action.VERB} is on {whom}. Applied as typed; undo takes it back."
