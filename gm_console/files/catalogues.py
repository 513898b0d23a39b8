"""Bundled data catalogues (cards, unit profiles) that systems declare.

A system names its catalogue file (``System.CATALOGUE``) and its schema
(``System.CATALOGUE_TABLE``); the file lives in ``gm_console/data/``. An
encounter may add entries in its own section; that merge is the system's.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from gm_console.core.schema import Problem
from gm_console.core.system import get_system
from gm_console.files.paths import DATA


@cache
def _read(name: str) -> tuple[dict[str, Any], Problem | None]:
    """A bundled catalogue's table, or the problem that stopped reading it."""
    from gm_console.files.encounter_io import decode_utf8, parse_toml

    try:
        data = (DATA / name).read_bytes()
    except OSError as exc:
        return {}, Problem("", f"cannot read: {exc.strerror or exc}")
    text, problem = decode_utf8(data)
    return (({}, problem) if problem is not None else parse_toml(text))


def load_catalogues(systems: tuple[str, ...], problems: list[Problem]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for name in systems:
        system = get_system(name)
        if not system.CATALOGUE:
            continue
        raw, problem = _read(system.CATALOGUE)
        if problem is not None:
            # (the line is the catalogue's, not the encounter's: it goes after the catalogue's name)
            problems.append(Problem(f"<catalogue {system.CATALOGUE}>", str(problem)))
            continue
        table = getattr(system, "CATALOGUE_TABLE", None)
        if table is not None:
            sub: list[Problem] = []
            raw = table.check(raw, "", sub)
            problems.extend(Problem(f"<catalogue {system.CATALOGUE}> {p.path}", p.message) for p in sub)
        out[name] = raw
    return out
