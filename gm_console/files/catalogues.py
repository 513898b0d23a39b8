"""Bundled data catalogues (cards, unit profiles) that systems declare.

A system names its catalogue file (``System.CATALOGUE``) and its schema
(``System.CATALOGUE_TABLE``); the file lives in ``gm_console/data/``. An
encounter may add entries in its own section; that merge is the system's.
"""

from __future__ import annotations

import tomllib
from functools import cache
from typing import Any

from gm_console.core.schema import Problem
from gm_console.core.system import get_system
from gm_console.files.paths import DATA


@cache
def _read(name: str) -> dict[str, Any]:
    with open(DATA / name, "rb") as handle:
        return tomllib.load(handle)


def load_catalogues(systems: tuple[str, ...], problems: list[Problem]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for name in systems:
        system = get_system(name)
        if not system.CATALOGUE:
            continue
        try:
            raw = _read(system.CATALOGUE)
        except (OSError, tomllib.TOMLDecodeError) as exc:
            problems.append(Problem(f"<catalogue {system.CATALOGUE}>", f"cannot read: {exc}"))
            continue
        table = getattr(system, "CATALOGUE_TABLE", None)
        if table is not None:
            sub: list[Problem] = []
            raw = table.check(raw, "", sub)
            problems.extend(Problem(f"<catalogue {system.CATALOGUE}> {p.path}", p.message) for p in sub)
        out[name] = raw
    return out
