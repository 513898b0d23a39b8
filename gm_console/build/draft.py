"""The encounter being built: its text, changed one validated step at a time.

A ``Draft`` holds the encounter file's text. Each operation parses it with
tomlkit (the style-keeping TOML library, as files/as_written.py saves), makes
its change where the GM would have written it, and reads the result with the
loader ``gm-console validate`` and the console use (``loads_encounter``:
schema, cross-references, the systems' checks, the log's replay). A change
that loader refuses raises ``Refused`` with its messages, word for word, and
the draft keeps the text it had: nothing invalid is ever held, so nothing
invalid is ever saved. What the GM wrote by hand (comments, key order,
inline tables) stays; new parts are written as the docs' examples are
(``[[units]]`` with a ``[units.ctb]`` table, ``[house_rules.ctb]``), or as
the file already writes that list (``units = [ { ... } ]`` stays inline).
"""

from __future__ import annotations

import copy
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any

from gm_console.build.fields import LISTS, Path_, inline
from gm_console.core.game import Game
from gm_console.core.system import system_names


class Refused(ValueError):
    """A change the encounter's checks refuse: every message, as ``validate`` prints them."""

    def __init__(self, messages: list[str]) -> None:
        self.messages = messages
        super().__init__("\n".join(messages))


class Draft:
    """An encounter being built: ``text`` is always a valid encounter."""

    def __init__(self, path: Path, text: str, *, saved: str | None = None) -> None:
        self.path = Path(path)
        self.saved = saved  # the text on disk (None: not written yet)
        self.game = self._check(text)
        self.text = text
        self.data: dict[str, Any] = tomllib.loads(text)

    # ------------------------------------------------------------ opening and saving

    @classmethod
    def open(cls, path: Path) -> Draft:
        """The encounter in ``path``; Refused with the loader's messages when it is
        not valid, or when its log has begun (changes then go through the log)."""
        from gm_console.files import EncounterFileError, load_encounter
        from gm_console.files.encounter_io import needs_resolution
        from gm_console.files.reading import read_user_file

        try:
            game = load_encounter(path)
        except EncounterFileError as exc:
            raise Refused(exc.messages()) from None
        if game.log:
            raise Refused([
                f"{path}: the fight has begun ({len(game.log)} actions in its log): change it through the log "
                "with add, set, move (gm-console apply FILE \"add ...\")"
            ])
        text = read_user_file(path).decode("utf-8")
        draft = cls(path, text, saved=text)
        if needs_resolution(draft.data):  # units with from/count: written out, as a save writes them
            from gm_console.files import dumps_encounter

            draft.change_text(dumps_encounter(game))
        return draft

    @classmethod
    def new(cls, path: Path, systems: list[str], title: str | None = None) -> Draft:
        """A new encounter, as ``gm-console new`` writes it (not saved yet)."""
        from gm_console.core.errors import UnknownName
        from gm_console.starter import starter_text

        known = system_names()
        if not systems:
            raise Refused([f"{path}: a new encounter needs its systems: --system {' or --system '.join(known)}"])
        for name in systems:
            if name not in known:
                raise Refused([str(UnknownName("system", name, known))])
        return cls(path, starter_text(title or path.stem, systems))

    @property
    def dirty(self) -> bool:
        return self.text != self.saved

    def save(self) -> None:
        from gm_console.files.atomic import atomic_write

        atomic_write(self.path, self.text.encode("utf-8"), backup=self.saved is not None)
        self.saved = self.text

    # ------------------------------------------------------------ what is there

    @property
    def systems(self) -> tuple[str, ...]:
        return tuple(self.game.setup.systems)

    def entries(self, kind: str) -> list[dict[str, Any]]:
        """The units, zones or sides as the schema filled them (defaults in)."""
        if kind == "units":
            return list(self.game.setup.units)
        return list(self.game.setup.data[kind])

    def ids(self, kind: str) -> list[str]:
        return [e["id"] for e in self.entries(kind)]

    def entry(self, kind: str, eid: str) -> dict[str, Any]:
        for e in self.entries(kind):
            if e["id"] == eid:
                return e
        raise Refused([_unknown(kind, eid, self.ids(kind))])

    def written(self, kind: str, eid: str) -> dict[str, Any]:
        """A unit, zone or side as the file writes it (what it leaves out is its default)."""
        for e in self.data.get(kind, []):
            if isinstance(e, dict) and e.get("id") == eid:
                return e
        raise Refused([_unknown(kind, eid, self.ids(kind))])

    # ------------------------------------------------------------ changing it

    def change(self, edit: Callable[[Any], None]) -> None:
        """Apply ``edit`` to the tomlkit document; keep the result only when it loads."""
        import tomlkit

        doc = tomlkit.parse(self.text)
        edit(doc)
        self.change_text(tomlkit.dumps(doc))

    def change_text(self, text: str) -> None:
        """Take ``text`` as the encounter, when it loads."""
        game = self._check(text)
        self.text, self.game, self.data = text, game, tomllib.loads(text)

    def _check(self, text: str) -> Game:
        from gm_console.files import EncounterFileError, loads_encounter

        try:
            return loads_encounter(text, str(self.path), self.path.parent)
        except EncounterFileError as exc:
            raise Refused(exc.messages()) from None

    def set(self, path: Path_, value: Any) -> None:
        """Set the value at ``path`` (``("units", "ren", "ctb", "atk")``, ``("title",)``),
        making the tables on the way."""
        self.change(lambda doc: _set(doc, path, value))

    def unset(self, path: Path_) -> None:
        """Take the key at ``path`` out (back to its default)."""
        self.change(lambda doc: _unset(doc, path))

    def put(self, kind: str, eid: str, values: dict[str, Any]) -> bool:
        """Add the side or zone ``eid`` with ``values``, or change those keys of it;
        True when it was added."""
        added = eid not in self.ids(kind)

        def edit(doc: Any) -> None:
            if added:
                _append(doc, kind, {"id": eid, **values})
            else:
                for key, value in values.items():
                    _set(doc, (kind, eid, key), value)

        self.change(edit)
        return added

    def add_units(self, tables: list[dict[str, Any]]) -> None:
        """Add units (whole tables, ids given), all or none."""

        def edit(doc: Any) -> None:
            for table in tables:
                _append(doc, "units", _unit_order(table))

        self.change(edit)

    def remove(self, kind: str, eid: str) -> None:
        """Take a unit, zone or side out; a zone leaves the other zones' adjacency
        with it. Refused while something else still names it (a unit on a side ...)."""
        self.entry(kind, eid)

        def edit(doc: Any) -> None:
            import tomlkit.items

            items = doc[kind]
            del items[_index(items, eid)]
            if isinstance(items, tomlkit.items.AoT) and len(items):
                _blank_after(items[-1])  # the entry now last takes the blank line the removed one had
            if kind == "zones":
                for zone in doc["zones"]:
                    for key in ("adjacent", "locked"):
                        if eid in zone.get(key, []):
                            zone[key].remove(eid)

        self.change(edit)

    def house(self, system: str, name: str, value: Any) -> None:
        """Set a house rule under ``[house_rules.SYSTEM]``."""

        def edit(doc: Any) -> None:
            import tomlkit

            if "house_rules" not in doc:
                _append_top(doc, "house_rules", tomlkit.table(is_super_table=True))
            rules = doc["house_rules"]
            if system not in rules:
                rules.append(system, tomlkit.inline_table() if _is_inline(rules) else tomlkit.table())
            table = rules[system]
            if name in table:
                table[name] = _item(value)
            else:
                _append_key(table, name, _item(value))

        self.change(edit)

    def copies(self, table: dict[str, Any], count: int, uid: str | None = None, name: str | None = None) -> list[dict[str, Any]]:
        """``count`` copies of a unit table with free ids: ``uid`` as given for one copy
        (the id it has when free), else numbered from the first free number
        (raider3, raider4 ... named "Raider 3" ...), as ``count`` in a file numbers them."""
        base_id = uid or table["id"]
        base_name = name or table.get("name") or base_id
        taken = set(self.ids("units"))
        if count == 1 and (uid is not None or base_id not in taken):
            return [{**copy.deepcopy(table), "id": base_id, **({"name": name} if name else {})}]
        stem = base_id.rstrip("0123456789") or base_id
        stem_name = base_name.rstrip("0123456789").rstrip() or base_name
        out: list[dict[str, Any]] = []
        n = 1
        while len(out) < count:
            if f"{stem}{n}" not in taken:
                out.append({**copy.deepcopy(table), "id": f"{stem}{n}", "name": f"{stem_name} {n}"})
            n += 1
        return out


# ---------------------------------------------------------------- the tomlkit document


def _unknown(kind: str, eid: str, known: list[str]) -> str:
    from gm_console.core.errors import UnknownName

    return str(UnknownName(kind[:-1], eid, known))


def _is_inline(container: Any) -> bool:
    import tomlkit.items

    return isinstance(container, tomlkit.items.InlineTable)


def _index(items: Any, eid: str) -> int:
    for i, item in enumerate(items):
        if isinstance(item, dict) and item.get("id") == eid:
            return i
    raise Refused([f"no entry with id {eid!r} as the file writes it"])


def _container(doc: Any, path: Path_, create: bool) -> tuple[Any, str]:
    """The table holding the last key of ``path``, and that key (tables made on the way when ``create``)."""
    import tomlkit

    node, keys = doc, list(path)
    depth = 0
    if keys and keys[0] in LISTS:
        kind, eid = keys.pop(0), keys.pop(0)
        if kind not in doc:
            raise Refused([_unknown(kind, eid, [])])
        node = doc[kind][_index(doc[kind], eid)]
        depth = 1
    while len(keys) > 1:
        key = keys.pop(0)
        if key not in node:
            if not create:
                raise KeyError(key)
            # under the top or a [[units]] entry: a table ([units.ctb], [conflict]); deeper, or inside an
            # inline table: an inline table ({ control = 9 })
            fresh = tomlkit.inline_table() if _is_inline(node) or depth >= 2 else tomlkit.table()
            if depth == 0:
                _append_top(doc, key, fresh)
            else:
                node.append(key, fresh)
        node = node[key]
        depth += 1
    return node, keys[0]


def _set(doc: Any, path: Path_, value: Any) -> None:
    node, key = _container(doc, path, create=True)
    item = _item(value)
    if key in node:
        node[key] = item
    else:
        _append_key(node, key, item)


def _append_key(node: Any, key: str, item: Any) -> None:
    """A new key at the end of a table, before the blank lines that end it
    (tomlkit puts it after them: the blank line would move above the key)."""
    import tomlkit.items

    if _is_inline(node) or not isinstance(node, tomlkit.items.Table):
        node.append(key, item)
        return
    body = node.value.body
    trail: list[Any] = []
    while body and body[-1][0] is None and isinstance(body[-1][1], tomlkit.items.Whitespace):
        trail.insert(0, body.pop()[1])
    node.append(key, item)
    for ws in trail:
        node.add(ws)


def _last_table(table: Any) -> Any:
    """The table whose lines end ``table`` as written (``[units.ctb]`` ends a ``[[units]]`` entry)."""
    import tomlkit.items

    body = table.value.body
    while body and isinstance(body[-1][1], tomlkit.items.Table) and not _is_inline(body[-1][1]):
        table = body[-1][1]
        body = table.value.body
    return table


def _blank_after(table: Any) -> None:
    """End ``table`` with a blank line, unless it does: the next table's header is not glued to it."""
    import tomlkit
    import tomlkit.items

    last = _last_table(table)
    body = last.value.body
    if not (body and body[-1][0] is None and isinstance(body[-1][1], tomlkit.items.Whitespace)):
        last.add(tomlkit.nl())


def _unset(doc: Any, path: Path_) -> None:
    try:
        node, key = _container(doc, path, create=False)
    except KeyError:
        return
    if key in node:
        del node[key]


def _append_top(doc: Any, key: str, table: Any) -> None:
    """A new top-level table or list of tables: at the end (TOML tables follow
    the plain keys), after a blank line."""
    import tomlkit

    if not tomlkit.dumps(doc).endswith("\n\n"):
        doc.add(tomlkit.nl())
    doc.append(key, table)


def _item(value: Any) -> Any:
    """A plain value as tomlkit writes it inline: a table as ``{ ... }``, a list of tables one a line."""
    import tomlkit

    if isinstance(value, dict):  # written as the docs write one: { id = "axe", dam = 6 }
        return tomlkit.parse(f"v = {inline(value)}")["v"]
    if isinstance(value, list) and any(isinstance(v, dict) for v in value):  # an array of inline tables, one a line
        array = tomlkit.array()
        for v in value:
            array.append(_item(v))
        array.multiline(len(value) > 1)
        return array
    return tomlkit.item(value)


def _unit_order(table: dict[str, Any]) -> dict[str, Any]:
    """A unit's keys in the docs' order: id, name, side, zone, the rest, then the system tables."""
    head = [k for k in ("id", "name", "side", "zone") if k in table]
    systems = [k for k in table if k in system_names()]
    rest = [k for k in table if k not in head and k not in systems]
    return {k: table[k] for k in (*head, *rest, *systems)}


def _append(doc: Any, kind: str, entry: dict[str, Any]) -> None:
    """A new unit, zone or side, written as the file writes that list: a
    ``[[units]]`` table (its system tables as ``[units.ctb]``), or an inline
    table in a ``units = [ ... ]`` array."""
    import tomlkit
    import tomlkit.items

    items = doc.get(kind)
    if items is None:
        items = tomlkit.aot()
        _append_top(doc, kind, items)
        items = doc[kind]
    if isinstance(items, tomlkit.items.AoT) or (isinstance(items, list) and not items and not isinstance(items, tomlkit.items.Array)):
        table = tomlkit.table()
        for key, value in entry.items():
            if isinstance(value, dict) and key in system_names():
                sub = tomlkit.table()
                for k, v in value.items():
                    sub.append(k, _item(v))
                table.append(key, sub)
            else:
                table.append(key, _item(value))
        if len(items):
            _blank_after(items[-1])
        items.append(table)
        _blank_after(items[-1])
        return
    items.append(_item(entry))
    if len(items) > 1:
        items.multiline(True)
