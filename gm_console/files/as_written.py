"""Saving over the file as the GM wrote it.

A GM hand-writes an encounter; a save must not turn it into a machine's
file. ``write_over`` takes the text the encounter was read from and changes
in it only what play changed, with tomlkit (the style-keeping TOML library):
the log, the dice mode (F2), the templates an ``add UNIT from=library:ID``
brought in, and the units brought in with ``from``/``count``, which a save
writes out resolved (docs/campaign.md: a saved fight never changes when the
party or a library does). Comments, key order, inline tables and arrays and
blank lines stay as written.

The result is read back and checked to be the same encounter as the normal
form (``Setup.to_dict``) says; when it is not (a document tomlkit cannot
keep), the caller writes the normal form instead.
"""

from __future__ import annotations

import tomllib
from typing import Any


def write_over(source: str, new: dict[str, Any]) -> str | None:
    """``new`` (an encounter's normal form, ``Setup.to_dict``) written over
    ``source``, the text it was read from; None when that cannot be done
    faithfully."""
    import tomlkit
    from tomlkit.exceptions import TOMLKitError

    try:
        doc = tomlkit.parse(source)
        old = tomllib.loads(source)
    except (TOMLKitError, tomllib.TOMLDecodeError, RecursionError, ValueError):
        return None
    _set_log(doc, new.get("log", []))
    if old.get("dice", "auto") != new.get("dice", "auto"):
        doc["dice"] = new.get("dice", "auto")
    _add_templates(doc, old.get("templates", {}), new.get("templates", {}))
    if not _resolve_units(doc, old.get("units", []), new.get("units", [])):
        return None
    text = tomlkit.dumps(doc)
    return text if _same_encounter(text, new) else None


def _set_log(doc: Any, log: list[str]) -> None:
    import tomlkit

    if not log:
        if "log" in doc and doc["log"]:
            doc["log"] = tomlkit.array()  # (where the GM wrote it; a file without one gets none)
        return
    lines = tomlkit.array()
    lines.extend(log)
    lines.multiline(True)
    doc["log"] = lines


def _add_templates(doc: Any, old: dict[str, Any], new: dict[str, Any]) -> None:
    """The templates play brought in (``Game.add_template``): a table each."""
    import tomlkit

    added = {key: table for key, table in new.items() if key not in old}
    if not added:
        return
    if "templates" not in doc:
        doc["templates"] = tomlkit.table(is_super_table=True)
    for key, table in added.items():
        doc["templates"][key] = table


def _resolve_units(doc: Any, old: list[Any], new: list[dict[str, Any]]) -> bool:
    """Each ``[[units]]`` entry with ``from`` or ``count`` replaced by the
    units it brought in (in order: one a ``from``, ``count`` of a library
    template); the others kept as written. False when the counts do not fit."""
    if not any(isinstance(u, dict) and ("from" in u or "count" in u) for u in old):
        return True
    import tomlkit

    written = doc["units"]
    units = tomlkit.aot()
    at = 0
    for i, unit in enumerate(old):
        if isinstance(unit, dict) and ("from" in unit or "count" in unit):
            count = unit.get("count", 1)
            for table in new[at : at + count]:
                units.append(table)
            at += count
        else:
            units.append(written[i])
            at += 1
    if at != len(new):
        return False
    doc["units"] = units
    return True


def _same_encounter(text: str, new: dict[str, Any]) -> bool:
    """Whether ``text`` reads as the encounter ``new`` is the normal form of."""
    from gm_console.core.setup import check_document

    try:
        data = tomllib.loads(text)
    except (tomllib.TOMLDecodeError, RecursionError, ValueError):
        return False
    setup, log, problems = check_document(data)
    return setup is not None and not problems and setup.to_dict(log) == new
