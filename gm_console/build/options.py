"""The command line's build syntax: ``gm-console build FILE --add ... --set ...``.

Each option is one change, applied in the order given, and written as the
notation writes an action: words, then ``key=value`` pairs (quote a value
with spaces: ``name="Raider Kos"``; a list is comma-separated, or a TOML
array; a table is an inline TOML table):

    --side  "ID [name=NAME] [controller=players|gm]"       add a side, or change it
    --zone  "ID [name=..] [adjacent=A,B] [traits=cover,..] [hidden=true] [locked=A] [chip=..]"
    --add   "SOURCE [count=N] [id=ID] [name=..] [side=S] [zone=Z] [KEY=VALUE ...]"
            SOURCE: library:ID, party:ID, card:ID, unit:ID (a copy), blank:ID
    --set   "UNIT.KEY=VALUE"  or  "KEY=VALUE" for the encounter (title, pools.threat, conflict.first ...)
    --unset "UNIT.KEY"  or  "KEY"                           back to the default
    --house "[SYSTEM.]RULE=VALUE"                           a house rule
    --remove "unit:ID" | "zone:ID" | "side:ID"

``apply_option`` makes one change on a ``Draft`` and says what it did, or
raises ``Refused`` with the reason (the validator's own messages).
"""

from __future__ import annotations

import shlex
from typing import Any

from gm_console.build.draft import Draft, Refused
from gm_console.build.fields import LISTS, parse_value, spec_at

OPTIONS = ("--side", "--zone", "--add", "--set", "--unset", "--house", "--remove")


def words(text: str) -> tuple[list[str], dict[str, str]]:
    """The leading words and the ``key=value`` pairs of an option's text."""
    try:
        tokens = shlex.split(text)
    except ValueError as exc:
        raise Refused([f"{text!r}: {exc}"]) from None
    head: list[str] = []
    pairs: dict[str, str] = {}
    for token in tokens:
        key, eq, value = token.partition("=")
        if eq and key:
            pairs[key] = value
        else:
            if pairs:
                raise Refused([f"{text!r}: {token!r} comes after key=value pairs; words go first"])
            head.append(token)
    return head, pairs


def _one(head: list[str], what: str, text: str) -> str:
    if len(head) != 1:
        raise Refused([f"{text!r}: expected {what} first, then key=value pairs"])
    return head[0]


def _typed(draft: Draft, base: tuple[str, ...], pairs: dict[str, str]) -> dict[str, Any]:
    """``pairs`` read for the keys under ``base`` (a dotted key makes nested tables)."""
    out: dict[str, Any] = {}
    for key, text in pairs.items():
        parts = tuple(key.split("."))
        try:
            value = parse_value(text, spec_at(draft.systems, (*base, *parts)))
        except ValueError as exc:
            raise Refused([f"{key}: {exc}"]) from None
        node = out
        for part in parts[:-1]:
            node = node.setdefault(part, {})
        node[parts[-1]] = value
    return out


def target(draft: Draft, key: str) -> tuple[str, ...]:
    """The document path of ``UNIT.KEY`` (a unit's id first) or of an encounter key."""
    parts = tuple(p for p in key.split("."))
    if not key or any(not p for p in parts):
        raise Refused([f"{key!r}: expected UNIT.KEY or an encounter key such as title or pools.threat"])
    if parts[0] in draft.ids("units"):
        if len(parts) < 2:
            raise Refused([f"{key!r}: name a key of the unit: {key}.name, {key}.zone, {key}.{draft.systems[0]}.KEY ..."])
        return ("units", *parts)
    if parts[0] in LISTS:
        raise Refused([f"{key!r}: a unit is named by its id ({', '.join(draft.ids('units')) or 'none yet'}); zones and sides change with --zone and --side"])
    return parts


def apply_option(draft: Draft, option: str, text: str) -> str:
    """Make the change ``option`` (``--add`` ...) with ``text`` says; what was done, in a line."""
    if option == "--side" or option == "--zone":
        kind = option[2:] + "s"
        head, pairs = words(text)
        eid = _one(head, f"the {option[2:]}'s id", text)
        added = draft.put(kind, eid, _typed(draft, (kind, eid), pairs))
        return f"{'added' if added else 'changed'} {option[2:]} {eid}"
    if option == "--add":
        from gm_console.build.sources import units_for

        head, pairs = words(text)
        ref = _one(head, "a source (library:ID, party:ID, card:ID, unit:ID, blank:ID)", text)
        count_text = pairs.pop("count", "1")
        try:
            count = int(count_text)
        except ValueError:
            raise Refused([f"count={count_text}: expected a whole number"]) from None
        uid = pairs.pop("id", None)
        over = _typed(draft, ("units", uid or "new"), pairs)
        tables = units_for(draft, ref, count=count, uid=uid, over=over)
        draft.add_units(tables)
        return f"added {', '.join(t['id'] for t in tables)} ({ref})"
    if option in ("--set", "--house"):
        key, eq, value = text.partition("=")
        if not eq:
            raise Refused([f"{text!r}: expected {'UNIT.KEY' if option == '--set' else 'RULE'}=VALUE"])
        key = key.strip()
        if option == "--house":
            from gm_console.build.fields import house_rule

            try:
                rule = house_rule(draft.systems, key)
            except LookupError as exc:
                raise Refused([str(exc)]) from None
            path: tuple[str, ...] = ("house_rules", rule.system, rule.name)
            typed = _parse(value, rule.spec, key)
            draft.house(rule.system, rule.name, typed)
            note = rule.departure(typed)
            return f"house rule {rule.key} = {value.strip()}" + (f" (departs from the text: {note})" if note else "")
        path = target(draft, key)
        draft.set(path, _parse(value, spec_at(draft.systems, path), key))
        return f"set {key} = {value.strip()}"
    if option == "--unset":
        path = target(draft, text.strip())
        draft.unset(path)
        return f"unset {text.strip()}"
    if option == "--remove":
        kind, _, eid = text.strip().partition(":")
        if kind not in ("unit", "zone", "side") or not eid:
            raise Refused([f"{text!r}: expected unit:ID, zone:ID or side:ID"])
        draft.remove(kind + "s", eid)
        return f"removed {kind} {eid}"
    raise Refused([f"{option}: not a build option ({', '.join(OPTIONS)})"])


def _parse(text: str, spec: Any, key: str) -> Any:
    try:
        return parse_value(text, spec)
    except ValueError as exc:
        raise Refused([f"{key}: {exc}"]) from None


def in_order(args: list[str]) -> list[tuple[str, str]]:
    """The build options of a command line, in the order given (``--add X`` and ``--add=X``)."""
    out: list[tuple[str, str]] = []
    i = 0
    while i < len(args):
        arg = args[i]
        name, eq, value = arg.partition("=")
        if name in OPTIONS and eq:
            out.append((name, value))
        elif arg in OPTIONS and i + 1 < len(args):
            out.append((arg, args[i + 1]))
            i += 1
        elif arg == "--":
            break
        i += 1
    return out


def build_file(path: Any, systems: list[str], title: str | None, changes: list[tuple[str, str]]) -> tuple[Draft, list[str]]:
    """The draft of ``path`` (a new one for ``systems`` when there is no file)
    with ``changes`` made in order, and a line for each; Refused naming the
    option that could not be made (nothing is written: the caller saves)."""
    from pathlib import Path

    path = Path(path)
    draft = Draft.open(path) if path.exists() else Draft.new(path, systems, title)
    if path.exists() and systems and list(systems) != list(draft.systems):
        raise Refused([f"{path}: exists with systems {', '.join(draft.systems)}; --system is for a new file"])
    done: list[str] = []
    for i, (option, text) in enumerate(changes):
        try:
            done.append(apply_option(draft, option, text))
        except Refused as exc:
            raise Refused([f"{option} {text!r} (change {i + 1}): {m}" for m in exc.messages]) from None
    return draft, done
