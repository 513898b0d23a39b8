"""How a GM builds each bundled encounter from ``gm-console new``: the
changes, in the build syntax (docs/build.md), that turn the starter into an
encounter equal to the bundled one (its normal form, ``Setup.to_dict``).

They are worked out from the bundled file the way a GM reading it would
write them: new sides and zones (zones first, then their adjacency, since an
adjacency names a zone that must exist), each unit added (from the bundled
library where the encounter's unit is that template, else blank) and its
stats set one key at a time, the board, the pools and the house rules, then
the starter's own units, zones and sides taken out."""

from __future__ import annotations

import shlex
from typing import Any

from gm_console.build.fields import inline, shown
from gm_console.core.system import system_names
from gm_console.files import load_encounter
from tests.conftest import ENCOUNTERS

BUNDLED = sorted(p.name for p in ENCOUNTERS.glob("*.toml"))
STARTER = {"units": ["hero", "foe"], "zones": ["near", "middle", "far"], "sides": ["party", "foes"]}


def target(name: str) -> dict[str, Any]:
    """The bundled encounter's normal form, without its log."""
    return load_encounter(ENCOUNTERS / name).setup.to_dict([])


def systems(name: str) -> list[str]:
    return list(target(name)["systems"])


def _pair(key: str, value: Any) -> str:
    return shlex.quote(f"{key}={value}")


def _text(value: Any) -> str:
    return inline(value) if isinstance(value, list) and any(isinstance(v, dict) for v in value) else shown(value)


def changes(name: str) -> list[tuple[str, str]]:
    data = target(name)
    out: list[tuple[str, str]] = []
    for side in data["sides"]:
        extra = [_pair(k, v) for k, v in side.items() if k != "id"]
        out.append(("--side", " ".join([side["id"], *extra])))
    for zone in data.get("zones", []):
        extra = [_pair(k, _text(v)) for k, v in zone.items() if k not in ("id", "adjacent", "locked")]
        out.append(("--zone", " ".join([zone["id"], *extra])))
    for zone in data.get("zones", []):
        links = [_pair(k, _text(zone[k])) for k in ("adjacent", "locked") if zone.get(k)]
        if links:
            out.append(("--zone", " ".join([zone["id"], *links])))
    sets: list[tuple[str, str]] = []
    for unit in data.get("units", []):
        placed = [_pair(k, unit[k]) for k in ("side", "zone", "name") if k in unit]
        out.append(("--add", " ".join([f"blank:{unit['id']}", *placed])))
        for key, value in unit.items():
            if key in ("id", "side", "zone", "name"):
                continue
            if key in system_names():
                for sub, v in value.items():
                    if isinstance(v, dict) and v and all(not isinstance(x, (dict, list)) for x in v.values()):
                        sets += [("--set", f"{unit['id']}.{key}.{sub}.{k}={_text(x)}") for k, x in v.items()]
                    else:
                        sets.append(("--set", f"{unit['id']}.{key}.{sub}={_text(v)}"))
            else:
                sets.append(("--set", f"{unit['id']}.{key}={_text(value)}"))
    out += sets
    for system in data["systems"]:
        if system in data:
            out += [("--set", f"{system}.{k}={_text(v)}") for k, v in data[system].items()]
    for pool, value in data.get("pools", {}).items():
        out.append(("--set", f"pools.{pool}={value}"))
    for system, rules in data.get("house_rules", {}).items():
        out += [("--house", f"{system}.{rule}={_text(v)}") for rule, v in rules.items()]
    for key in ("title", "description"):
        if key in data:
            out.append(("--set", f"{key}={data[key]}"))
    out.append(("--set", f"seed={data.get('seed', 0)}"))  # the starter's is random
    out += [("--remove", f"unit:{u}") for u in STARTER["units"]]
    out += [("--remove", f"zone:{z}") for z in STARTER["zones"]]
    out += [("--remove", f"side:{s}") for s in STARTER["sides"]]
    return out


def starter_leftovers(name: str) -> list[tuple[str, str]]:
    """What of the starter's board the bundled encounter does not have: taken out before the sides go."""
    data = target(name)
    out: list[tuple[str, str]] = [("--unset", system) for system in data["systems"] if system not in data]
    if "reactor" in data["systems"] and "reactor" in data:
        for key in ("active", "sides", "facilities"):
            if key not in data.get("reactor", {}):
                out.append(("--unset", f"reactor.{key}"))
    return out


def recipe(name: str) -> list[tuple[str, str]]:
    steps = changes(name)
    removals = [s for s in steps if s[0] == "--remove"]
    return [*(s for s in steps if s[0] != "--remove"), *starter_leftovers(name), *removals]


def argv(name: str) -> list[str]:
    return [part for option, text in recipe(name) for part in (option, text)]
