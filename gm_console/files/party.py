"""Party files: the player characters of a campaign, read, carried to and rested.

A party file (``format = 1``, ``kind = "party"``; docs/campaign.md) holds
the characters exactly as an encounter's ``[[units]]`` would (``side`` and
``zone`` optional, ``dead = true`` once a fight killed them) and a history:
one entry per carried encounter (its name relative to the party file, the
hash of its log, every change) and per rest. ``carry`` works out the
changes with the pure core (core/carry.py) and writes them atomically,
keeping a ``.bak``; a dry run writes nothing.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import tomli_w

from gm_console.core import schema as s
from gm_console.core.carry import Change, CarryRefused, apply_changes, carry_changes, history_refusal, log_hash, rest_changes
from gm_console.core.schema import Key, Problem
from gm_console.core.setup import FORMAT_VERSION, unit_schema
from gm_console.core.system import get_system, system_names
from gm_console.files.atomic import atomic_write

ANY_VALUE = s.Custom(description="a TOML value")

CHANGE = s.Table(
    {
        "unit": Key(s.Id(), required=True),
        "field": Key(s.Str(), required=True),
        "before": Key(ANY_VALUE),
        "after": Key(ANY_VALUE),
        "derived": Key(s.Bool(), default=False),
    },
    name="a change table",
)

HISTORY = s.Table(
    {
        "kind": Key(s.Str(choices=("carry", "rest")), required=True, doc="carry: an encounter's consequences; rest: Stress recovered"),
        "encounter": Key(s.Str(max_len=1000), doc="the carried encounter, relative to the party file"),
        "title": Key(s.Str(), doc="its title"),
        "log": Key(s.Str(), doc="the hash of its log (sha256 of its action lines)"),
        "actions": Key(s.Int(min=0), doc="how many actions its log held"),
        "rest": Key(s.Str(choices=("breather", "break", "sleep")), doc="the rest taken"),
        "forced": Key(s.Bool(), default=False, doc="carried again with --force after its log changed"),
        "changes": Key(s.List(CHANGE), default=[], doc="every change written, in order"),
    },
    name="a history entry",
)


def party_schema(systems: list[str]) -> s.Table:
    base = unit_schema([get_system(n) for n in systems if n in system_names()])
    keys = dict(base.keys)
    keys["side"] = Key(s.Id(), doc="the side the character joins (an encounter may set it)")
    keys["dead"] = Key(s.Bool(), default=False, doc="killed in a carried fight: no longer brought into fights")
    unit = s.Table(keys, name="a party character")
    return s.Table(
        {
            "format": Key(s.Int(), required=True, doc=f"the file format version, {FORMAT_VERSION}"),
            "kind": Key(s.Str(choices=("party",)), required=True, doc='"party"'),
            "title": Key(s.Str(), required=True),
            "description": Key(s.Text(), default=""),
            "systems": Key(s.List(s.Str(choices=tuple(system_names())), unique=True, min_len=1), required=True, doc="the systems its characters have tables for"),
            "units": Key(s.List(unit), default=[], doc="the characters"),
            "history": Key(s.List(HISTORY), default=[], doc="carried encounters and rests, oldest first"),
        },
        name="a party file",
    )


class PartyFileError(ValueError):
    """A party file that cannot be read, or a carry/rest that cannot happen."""

    def __init__(self, path: str | Path, problems: list[Problem]) -> None:
        self.path = str(path)
        self.problems = problems
        super().__init__("\n".join(self.messages()))

    def messages(self) -> list[str]:
        from gm_console.core.bounds import escaped

        return [f"{escaped(self.path)}: {p}" for p in self.problems]


def read_toml_file(path: Path, kind: str) -> tuple[dict[str, Any] | None, str, list[Problem]]:
    """(document, text, problems) of a party or library file."""
    from gm_console.files.encounter_io import decode_utf8, parse_toml
    from gm_console.files.reading import UnreadableFile, read_user_file

    try:
        data = read_user_file(path)
    except FileNotFoundError:
        return None, "", [Problem("", f"no such {kind} file")]
    except IsADirectoryError:
        return None, "", [Problem("", f"a folder, not a {kind} file")]
    except UnreadableFile as exc:
        return None, "", [Problem("", exc.reason)]
    except OSError as exc:
        return None, "", [Problem("", f"cannot read: {exc.strerror or exc}")]
    text, problem = decode_utf8(data)
    if problem is not None:
        return None, "", [problem]
    doc, problem = parse_toml(text)
    if problem is not None:
        return None, text, [problem]
    return doc, text, []


def check_kind(doc: Any, kind: str) -> list[Problem]:
    """The format and kind of a party or library document (checked before the rest)."""
    if not isinstance(doc, dict):
        return [Problem("", "expected a TOML table at the top level")]
    fmt = doc.get("format")
    if not isinstance(fmt, int) or isinstance(fmt, bool):
        return [Problem("format", f"missing or not an integer: a {kind} file starts with format = {FORMAT_VERSION}")]
    if fmt != FORMAT_VERSION:
        return [Problem("format", f"unsupported format version {s.shown_value(fmt)}; this console reads {kind} files of version {FORMAT_VERSION}")]
    if doc.get("kind") != kind:
        got = f"kind = {s.shown_value(doc.get('kind'))}" if "kind" in doc else "no kind (an encounter?)"
        return [Problem("kind", f'this is not a {kind} file: expected kind = "{kind}", got {got}')]
    return []


@dataclass
class Party:
    path: Path
    raw: dict[str, Any]  # the document as written (what resolution copies and carry rewrites)
    text: str = ""

    @property
    def systems(self) -> list[str]:
        return list(self.raw.get("systems", []))

    @property
    def units(self) -> list[dict[str, Any]]:
        return list(self.raw.get("units", []))

    @property
    def history(self) -> list[dict[str, Any]]:
        return list(self.raw.get("history", []))

    def unit(self, uid: str) -> dict[str, Any] | None:
        return next((u for u in self.units if u.get("id") == uid), None)


def load_party(path: str | Path) -> Party:
    """Read and check a party file; raise PartyFileError listing every problem."""
    path = Path(path)
    doc, text, problems = read_toml_file(path, "party")
    if doc is not None and not problems:
        problems = check_kind(doc, "party")
    if doc is not None and not problems:
        systems = [n for n in doc.get("systems", []) if isinstance(n, str)] if isinstance(doc.get("systems"), list) else []
        _, problems = s.validate(doc, party_schema(systems))
        if not problems:
            ids = [u.get("id") for u in doc.get("units", [])]
            for i, uid in enumerate(ids):
                if uid in ids[:i]:
                    problems.append(Problem(f"units[{i}].id", f"duplicate character id {uid!r}"))
            if "reactor" in systems:
                problems.append(Problem("systems", "reactor Personnel are cards, not characters: a party holds conflict or ctb characters"))
    if doc is None or problems:  # read_toml_file gives no document only with its problems
        raise PartyFileError(path, [with_line(p, text) for p in problems])
    return Party(path, doc, text)


def with_line(problem: Problem, text: str) -> Problem:
    """The problem with the line of the file its key path points at, when it can be found."""
    if problem.line is not None or not text or not problem.path:
        return problem
    line = find_line(text, problem.path)
    return Problem(problem.path, problem.message, line) if line else problem


def find_line(text: str, path: str) -> int | None:
    """Best effort: the line of the last key of ``path`` inside the right ``[[units]]``
    entry (the n-th ``[[units]]`` header or ``id =`` line of the array)."""
    import re

    m = re.match(r"(units|history)\[(\d+)\](?:\.(.*))?$", path)
    lines = text.split("\n")
    if not m:
        key = path.split(".")[-1].split("[")[0]
        for i, line in enumerate(lines):
            if re.match(rf"\s*{re.escape(key)}\s*=", line):
                return i + 1
        return None
    array, index, rest = m.group(1), int(m.group(2)), m.group(3) or ""
    starts = [i for i, line in enumerate(lines) if re.match(rf"\s*\[\[{array}\]\]", line)]
    if len(starts) > index:
        end = starts[index + 1] if index + 1 < len(starts) else len(lines)
        key = (rest.split(".")[-1].split("[")[0]) if rest else ""
        for i in range(starts[index], end):
            if key and re.search(rf"(^|[\s{{,]){re.escape(key)}\s*=", lines[i]):
                return i + 1
        return starts[index] + 1
    return None


# ------------------------------------------------------------------ writing


def dumps_party(doc: dict[str, Any]) -> str:
    header = (
        "# A gm-console party file (docs/campaign.md). `gm-console party FILE` shows it;\n"
        "# `gm-console carry ENCOUNTER` writes a fight's consequences here (the .bak keeps the previous version).\n\n"
    )
    return header + tomli_w.dumps(_toml_ready(doc))


def _toml_ready(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _toml_ready(v) for k, v in value.items() if v is not None}
    if isinstance(value, list):
        return [_toml_ready(v) for v in value]
    return value


def save_party(party: Party, doc: dict[str, Any]) -> None:
    atomic_write(party.path, dumps_party(doc).encode("utf-8"), backup=True)


# ------------------------------------------------------------------ carry


@dataclass
class CarryResult:
    encounter: str  # as the history names it
    party: Path
    changes: list[Change]
    entry: dict[str, Any]
    written: bool
    dry_run: bool
    absent: list[str] = field(default_factory=list)  # party characters not in the fight

    def to_json(self) -> dict[str, Any]:
        return {
            "ok": True,
            "encounter": self.encounter,
            "party": str(self.party),
            "dry_run": self.dry_run,
            "written": self.written,
            "changes": [c.to_json() for c in self.changes],
            "history_entry": self.entry,
            "not_in_the_fight": self.absent,
        }


def party_path_of(encounter_path: Path, setup_data: dict[str, Any]) -> Path:
    ref = setup_data.get("party")
    if not isinstance(ref, str):
        raise PartyFileError(encounter_path, [Problem("party", 'no party file: name it at the top of the encounter (party = "party.toml")')])
    return encounter_path.parent / ref


def encounter_name(encounter_path: Path, party_path: Path) -> str:
    """The encounter as the party's history names it: relative to the party file's folder."""
    rel = os.path.relpath(os.path.abspath(encounter_path), os.path.abspath(party_path.parent))
    return Path(rel).as_posix()


def plan_carry(encounter_path: str | Path, *, force: bool = False) -> tuple[Party, dict[str, Any], CarryResult]:
    """Everything ``carry`` would do, without writing: (party, new document, result).
    Raises EncounterFileError (the encounter), PartyFileError (the party or a refusal)."""
    from gm_console.files.encounter_io import load_encounter

    encounter_path = Path(encounter_path)
    game = load_encounter(encounter_path)
    party_path = party_path_of(encounter_path, game.setup.data)
    party = load_party(party_path)
    name = encounter_name(encounter_path, party_path)
    lines = game.lines()
    digest = log_hash(lines)
    why = history_refusal(party.history, name, digest, len(lines), force)
    if why:
        raise PartyFileError(party_path, [Problem("history", f"not carried: {why}")])
    missing = [n for n in game.setup.systems if get_system(n).CARRIES and n not in party.systems]
    if missing:
        raise PartyFileError(party_path, [Problem("systems", f"not carried: the encounter runs {', '.join(missing)}, which this party has no tables for")])
    try:
        changes = carry_changes(game.state, game.rules, tuple(game.setup.systems), party.units, list(game.setup.units))
    except CarryRefused as exc:
        raise PartyFileError(encounter_path, [Problem("systems", f"not carried: {exc}")]) from None
    entry: dict[str, Any] = {"kind": "carry", "encounter": name, "title": game.setup.title, "log": digest, "actions": len(lines)}
    if any(h.get("encounter") == name for h in party.history):
        entry["forced"] = True
    entry["changes"] = [_change_table(c) for c in changes]
    doc = apply_changes(party.raw, changes)
    doc.setdefault("history", []).append(entry)
    absent = [str(u.get("id")) for u in party.units if u.get("id") not in game.state.units and not u.get("dead")]
    return party, doc, CarryResult(name, party_path, changes, entry, False, False, absent)


def _change_table(change: Change) -> dict[str, Any]:
    out: dict[str, Any] = {"unit": change.unit, "field": change.field}
    if change.before is not None:
        out["before"] = change.before
    if change.after is not None:
        out["after"] = change.after
    if change.derived:
        out["derived"] = True
    return out


def carry(encounter_path: str | Path, *, dry_run: bool = False, force: bool = False) -> CarryResult:
    party, doc, result = plan_carry(encounter_path, force=force)
    result.dry_run = dry_run
    if not dry_run:
        save_party(party, doc)
        result.written = True
    return result


# ------------------------------------------------------------------ rest


def rest(party_path: str | Path, kind: str, units: list[str] | None = None, *, dry_run: bool = False) -> tuple[list[Change], list[str], bool]:
    """Clear Stress from the party's conflict characters (breather 4, break 8,
    sleep all) and record it in the history. (changes, skipped, written)."""
    party = load_party(party_path)
    try:
        changes, skipped = rest_changes(party.raw, kind, units or None)
    except CarryRefused as exc:
        raise PartyFileError(party.path, [Problem("", str(exc))]) from None
    if not changes or dry_run:
        return changes, skipped, False
    doc = apply_changes(party.raw, changes)
    doc.setdefault("history", []).append({"kind": "rest", "rest": kind, "changes": [_change_table(c) for c in changes]})
    save_party(party, doc)
    return changes, skipped, True


# ------------------------------------------------------------------ showing


def party_json(party: Party) -> dict[str, Any]:
    roster = []
    for u in party.units:
        row: dict[str, Any] = {"id": u.get("id"), "name": u.get("name", u.get("id")), "dead": bool(u.get("dead", False))}
        if "conflict" in u:
            c = u["conflict"]
            row["conflict"] = {
                "stress": c.get("stress", 0),
                "injuries": c.get("injuries", []),
                "tier": c.get("tier", "main"),
            }
        if "ctb" in u:
            c = u["ctb"]
            row["ctb"] = {k: c[k] for k in ("kennel", "hp_base", "ar_base", "ki_base", "hp", "ar", "ki") if k in c}
            row["ctb"].setdefault("kennel", 100)
        row["traits"] = list(u.get("traits", []))
        roster.append(row)
    return {"ok": True, "path": str(party.path), "title": party.raw.get("title"), "systems": party.systems, "units": roster, "history": party.history}


def party_lines(party: Party) -> list[str]:
    from gm_console.core.carry import shown
    from gm_console.core.systems.conflict.carry import stress_max

    data = party_json(party)
    out = [f"{data['title']} ({', '.join(data['systems'])}): {len(data['units'])} characters"]
    for u, row in zip(party.units, data["units"]):
        bits = []
        if "conflict" in row:
            bits.append(f"Stress {row['conflict']['stress']}/{stress_max(u)}")
            bits.append(f"Injuries: {shown(row['conflict']['injuries'])}")
        if "ctb" in row:
            bits.append(f"Kennel {row['ctb']['kennel']}")
        if row["traits"]:
            bits.append(f"Traits: {', '.join(row['traits'])}")
        dead = " (dead)" if row["dead"] else ""
        out.append(f"  {row['id']} {row['name']}{dead}: " + " · ".join(bits))
    out.append(f"history: {len(party.history)} entr{'y' if len(party.history) == 1 else 'ies'}")
    for i, h in enumerate(party.history):
        n = len([c for c in h.get("changes", []) if not c.get("derived")])
        if h.get("kind") == "rest":
            out.append(f"  [{i}] rest: {h.get('rest')} ({n} change{'s' if n != 1 else ''})")
        else:
            forced = ", forced" if h.get("forced") else ""
            out.append(f"  [{i}] carried {h.get('encounter')} ({h.get('actions', 0)} actions, {str(h.get('log', ''))[:19]}...{forced}): {n} change{'s' if n != 1 else ''}")
    return out


# ------------------------------------------------------------------ a starter from the party (gm-console new --party)


def party_starter_text(file: Path, systems: list[str], party_path: Path) -> str:
    """A starter encounter at ``file`` bringing in every living character of the party."""
    from gm_console.starter import starter_data

    party = load_party(party_path)
    systems = list(systems) or [n for n in party.systems if n in ("conflict", "ctb")][:1]
    if "reactor" in systems:
        raise PartyFileError(party_path, [Problem("", "reactor Personnel are cards, not characters: a party does not apply to a reactor fight")])
    missing = [n for n in systems if n not in party.systems]
    if missing:
        raise PartyFileError(party_path, [Problem("systems", f"this party has no tables for {', '.join(missing)}")])
    data = starter_data(file.stem, systems)
    living = [u for u in party.units if not u.get("dead")]
    sides = list(dict.fromkeys(u.get("side", "party") for u in living)) or ["party"]
    data["sides"] = [{"id": sid, "name": "The Party" if sid == "party" else sid.capitalize(), "controller": "players"} for sid in sides]
    data["sides"].append({"id": "foes", "name": "The Opposition", "controller": "gm"})
    foe = next(u for u in data["units"] if u["id"] == "foe")
    data["units"] = [{"from": f"party:{u['id']}", "zone": "near", **({} if "side" in u else {"side": "party"})} for u in living] + [foe]
    ordered = {}
    for key, value in data.items():
        ordered[key] = value
        if key == "seed":
            ordered["party"] = Path(os.path.relpath(os.path.abspath(party_path), os.path.abspath(file.parent))).as_posix()
    header = (
        "# A gm-console encounter (format version 1) whose characters come from a party file (docs/campaign.md).\n"
        "# Check it with: gm-console validate FILE   Open it with: gm-console FILE\n"
        "# After the fight: gm-console carry FILE   writes its Injuries, Stress, Kennel and deaths to the party.\n\n"
    )
    return header + tomli_w.dumps(ordered)
