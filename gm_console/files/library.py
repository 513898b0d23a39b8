"""Libraries of unit templates, and resolving ``from`` in an encounter.

A library file (``format = 1``, ``kind = "library"``, ``title``, ``systems``,
then ``[[units]]`` templates; docs/campaign.md) holds units as an
encounter's ``[[units]]`` would, without a side or zone. A template may
build on another with ``from = "library:ID"`` (its own library, then the
libraries it lists in ``libraries``).

An encounter names its party (``party = "party.toml"``) and libraries
(``libraries = ["bestiary.toml"]``), relative to itself, and a unit says
``from = "party:rhea"`` or ``from = "library:raider"`` (``count = 3`` for
numbered copies: raider1, raider2, raider3 named "Raider 1" ...). Every
field comes from there; what the unit writes itself overrides it (a system
table key by key). ``resolve_document`` does this before the core sees the
document, so the core gets a plain encounter; its problems name the file,
the key path as written (``units[2].from``) and, when found, the line.
Saving writes the resolved units (the fight no longer changes when the
party or a library does) and keeps ``party`` and ``libraries``.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from gm_console.core import schema as s
from gm_console.core.errors import UnknownName
from gm_console.core.schema import Key, Problem
from gm_console.core.setup import unit_schema
from gm_console.core.system import get_system, system_names
from gm_console.files.party import PartyFileError, check_kind, load_party, read_toml_file, with_line

MAX_COUNT = 100
REF = re.compile(r"(party|library):([A-Za-z][A-Za-z0-9_-]{0,79})")


def library_schema(systems: list[str]) -> s.Table:
    base = unit_schema([get_system(n) for n in systems if n in system_names()])
    keys = {k: v for k, v in base.keys.items()}
    keys["side"] = Key(s.Id(), doc="a side id the template usually joins (an encounter may set it)")
    keys["from"] = Key(s.Str(pattern=REF.pattern, pattern_doc='"library:ID"'), doc="another template this one builds on")
    unit = s.Table(keys, name="a unit template")
    return s.Table(
        {
            "format": Key(s.Int(), required=True),
            "kind": Key(s.Str(choices=("library",)), required=True),
            "title": Key(s.Str(), required=True),
            "description": Key(s.Text(), default=""),
            "systems": Key(s.List(s.Str(choices=tuple(system_names())), unique=True, min_len=1), required=True),
            "libraries": Key(s.List(s.Str(), unique=True), default=[], doc="other libraries its templates may build on"),
            "units": Key(s.List(unit), default=[]),
        },
        name="a library file",
    )


class LibraryFileError(PartyFileError):
    """A library file that cannot be read (every problem, with its path)."""


@dataclass
class Library:
    path: Path
    raw: dict[str, Any]
    text: str = ""
    includes: list[Library] = field(default_factory=list)

    @property
    def systems(self) -> list[str]:
        return list(self.raw.get("systems", []))

    def templates(self) -> dict[str, tuple[dict[str, Any], int]]:
        return {u["id"]: (u, i) for i, u in enumerate(self.raw.get("units", []))}


MAX_LIBRARY_DEPTH = 32  # libraries listing libraries, this deep at most
MAX_LIBRARY_FILES = 256  # distinct library files one encounter brings in, at most
MAX_TEMPLATE_DEPTH = 64  # templates building on templates (from = "library:..."), this deep at most


def load_library(path: str | Path, _seen: tuple[Path, ...] = (), _loaded: dict[Path, Library] | None = None) -> Library:
    """Read and check a library file and the libraries it lists (a cycle is an
    error). ``_loaded``: the libraries read so far for one encounter, by
    resolved path: each file is read once however often it is listed."""
    path = Path(path)
    key = path.resolve()
    if key in _seen:
        chain = " -> ".join(str(p.name) for p in (*_seen, key))
        raise LibraryFileError(path, [Problem("libraries", f"a cycle of libraries: {chain}")])
    loaded: dict[Path, Library] = {} if _loaded is None else _loaded
    if key in loaded:
        return loaded[key]
    if len(_seen) >= MAX_LIBRARY_DEPTH:
        raise LibraryFileError(path, [Problem("libraries", f"libraries list libraries more than {MAX_LIBRARY_DEPTH} deep (the limit, files.library.MAX_LIBRARY_DEPTH)")])
    if len(loaded) >= MAX_LIBRARY_FILES:
        raise LibraryFileError(path, [Problem("libraries", f"more than {MAX_LIBRARY_FILES} library files in all (the limit, files.library.MAX_LIBRARY_FILES)")])
    doc, text, problems = read_toml_file(path, "library")
    if doc is not None and not problems:
        problems = check_kind(doc, "library")
    if doc is not None and not problems:
        listed = doc.get("systems")
        systems = [n for n in listed if isinstance(n, str)] if isinstance(listed, list) else []
        _, problems = s.validate(doc, library_schema(systems))
        ids = [u.get("id") for u in doc.get("units", [])] if not problems else []
        for i, uid in enumerate(ids):
            if uid in ids[:i]:
                problems.append(Problem(f"units[{i}].id", f"duplicate template id {uid!r}"))
    if doc is None or problems:  # read_toml_file gives no document only with its problems
        raise LibraryFileError(path, [with_line(p, text) for p in problems])
    lib = loaded[key] = Library(path, doc, text)
    for i, ref in enumerate(doc.get("libraries", [])):
        try:
            lib.includes.append(load_library(path.parent / ref, (*_seen, key), loaded))
        except LibraryFileError as exc:
            if any("a cycle of libraries" in p.message or "(the limit, " in p.message for p in exc.problems):
                raise LibraryFileError(path, [with_line(Problem(f"libraries[{i}]", exc.problems[0].message), text)]) from None
            raise
    return lib


# ------------------------------------------------------------------ merging


def merge(template: dict[str, Any], over: dict[str, Any]) -> dict[str, Any]:
    """``template`` with ``over`` on top: tables (a system's, stats) key by key, anything else replaced."""
    out = copy.deepcopy(template)
    for k, v in over.items():
        if isinstance(v, dict) and isinstance(out.get(k), dict):
            out[k] = merge(out[k], v)
        else:
            out[k] = copy.deepcopy(v)
    return out


def find_template(libs: list[Library], tid: str, _seen: set[int] | None = None) -> tuple[Library, dict[str, Any], int] | None:
    """The template ``tid``: the libraries' own first, then those they list,
    depth first (a library listed twice is looked at once)."""
    seen = set() if _seen is None else _seen
    for lib in libs:
        found = lib.templates().get(tid)
        if found is not None:
            return lib, found[0], found[1]
    for lib in libs:
        if id(lib) not in seen:
            seen.add(id(lib))
            hit = find_template(lib.includes, tid, seen)
            if hit is not None:
                return hit
    return None


def all_template_ids(libs: list[Library], _seen: set[int] | None = None) -> list[str]:
    seen = set() if _seen is None else _seen
    out: list[str] = []
    for lib in libs:
        out += [t for t in lib.templates() if t not in out]
        if id(lib) not in seen:
            seen.add(id(lib))
            out += [t for t in all_template_ids(lib.includes, seen) if t not in out]
    return out


def template(libs: list[Library], tid: str, chain: tuple[str, ...] = ()) -> tuple[dict[str, Any], Library]:
    """The template ``tid`` with what it builds on merged in. Raises LookupError with the reason."""
    if tid in chain:
        raise LookupError(f"a cycle of templates: {' -> '.join(f'library:{t}' for t in (*chain, tid))}")
    if len(chain) >= MAX_TEMPLATE_DEPTH:
        raise LookupError(
            f"library:{chain[0]}: templates build on templates more than {MAX_TEMPLATE_DEPTH} deep "
            "(the limit, files.library.MAX_TEMPLATE_DEPTH)"
        )
    hit = find_template(libs, tid)
    if hit is None:
        raise LookupError(str(UnknownName("template", tid, all_template_ids(libs))))
    lib, raw, _ = hit
    raw = dict(raw)
    base_ref = raw.pop("from", None)
    if base_ref is not None:
        m = REF.fullmatch(base_ref)  # the library's schema checked it (library_schema)
        if m is None:
            raise LookupError(f'library:{tid}: from = {s.shown_value(base_ref)} is not "library:ID"')
        base, _ = template([lib, *libs], m.group(2), (*chain, tid))
        raw = merge({k: v for k, v in base.items() if k != "id"}, raw)
    return raw, lib


# ------------------------------------------------------------------ resolving an encounter


@dataclass
class Resolution:
    data: dict[str, Any]
    origin: list[tuple[int, int | None, str]]  # per resolved unit: (index as written, copy number, ref)

    def remap(self, problem: Problem) -> Problem:
        """A problem of the resolved document, at the key path as the file wrote it."""
        m = re.match(r"units\[(\d+)\](.*)$", problem.path)
        if not m or int(m.group(1)) >= len(self.origin):
            return problem
        index, number, ref = self.origin[int(m.group(1))]
        note = ""
        if ref:
            note = f" (copy {number} of {ref})" if number else f" (from {ref})"
        return Problem(f"units[{index}]{m.group(2)}", problem.message + note, problem.line, problem.column)


def resolve_document(data: dict[str, Any], base: Path, text: str = "") -> tuple[Resolution, list[Problem]]:
    """The encounter with every ``from``/``count`` unit replaced by what it names."""
    problems: list[Problem] = []
    systems = [n for n in data.get("systems", []) if isinstance(n, str)] if isinstance(data.get("systems"), list) else []
    units = data["units"]
    party = None
    libs: list[Library] | None = None
    out_units: list[Any] = []
    origin: list[tuple[int, int | None, str]] = []
    occurrences: dict[str, int] = {}

    def problem(i: int, key: str, message: str, value: str | None = None) -> None:
        line = None
        if value is not None and text:
            n = occurrences.get(value, 0)
            line = _nth_line(text, value, n)
        problems.append(Problem(f"units[{i}].{key}", message, line))

    def source_problem(key: str, err: PartyFileError) -> None:
        for p in err.problems:
            problems.append(Problem(key, f"{err.path}: {p}", _line_of_key(text, key)))

    for i, unit in enumerate(units):
        if not isinstance(unit, dict) or ("from" not in unit and "count" not in unit):
            out_units.append(unit)
            origin.append((i, None, ""))
            continue
        ref = unit.get("from")
        shown_ref = f'"{ref}"' if isinstance(ref, str) else None
        m = REF.fullmatch(ref) if isinstance(ref, str) else None
        if "from" not in unit:
            problem(i, "count", 'count needs a from = "library:ID" to copy')
            continue
        if m is None:
            problem(i, "from", f'expected "party:ID" or "library:ID", got {s.shown_value(ref)}', shown_ref)
            occurrences[shown_ref or ""] = occurrences.get(shown_ref or "", 0) + 1
            continue
        kind, rid = m.group(1), m.group(2)
        ref = m.string
        line_value = f'"{ref}"'
        count = unit.get("count", 1)
        over = {k: v for k, v in unit.items() if k not in ("from", "count")}
        if not isinstance(count, int) or isinstance(count, bool) or not 1 <= count <= MAX_COUNT:
            problem(i, "count", f"expected a whole number from 1 to {MAX_COUNT}, got {s.shown_value(count)}", line_value)
            count = None
        for name in systems:
            if name == "reactor" and kind == "party":
                problem(i, "from", "reactor Personnel are cards, not characters: a party does not apply to a reactor fight", line_value)
                count = None
        if count is None:
            occurrences[line_value] = occurrences.get(line_value, 0) + 1
            continue
        if kind == "party":
            if party is None:
                ref_path = data.get("party")
                if not isinstance(ref_path, str):
                    problem(i, "from", f'{ref} but the encounter names no party file (party = "party.toml" at the top)', line_value)
                    occurrences[line_value] = occurrences.get(line_value, 0) + 1
                    continue
                try:
                    party = load_party(base / ref_path)
                except PartyFileError as exc:
                    source_problem("party", exc)
                    return Resolution(data, origin), problems
            found = party.unit(rid)
            if found is None:
                problem(i, "from", f"{party.path}: {UnknownName('party character', rid, [u['id'] for u in party.units])}", line_value)
            elif found.get("dead"):
                problem(i, "from", f"{rid} is dead ({party.path}: units[{party.units.index(found)}].dead): the party brings only the living into a fight", line_value)
            elif count != 1:
                problem(i, "count", "a party character comes once: count applies to library templates", line_value)
            elif "id" in over and over["id"] != rid:
                problem(i, "id", f"a party character keeps its id {rid!r} (carry finds it by id)", line_value)
            else:
                unwanted = [n for n in systems if n not in party.systems]
                if unwanted:
                    problem(i, "from", f"{party.path} is a party for {', '.join(party.systems)}; this encounter runs {', '.join(unwanted)}", line_value)
                else:
                    merged = merge({k: v for k, v in found.items() if k != "dead"}, over)
                    out_units.append(_only_systems(merged, systems))
                    origin.append((i, None, ref))
        else:
            if libs is None:
                libs = []
                refs = data.get("libraries", [])
                if not isinstance(refs, list) or not refs:
                    problem(i, "from", f'{ref} but the encounter lists no library (libraries = ["bestiary.toml"] at the top)', line_value)
                    occurrences[line_value] = occurrences.get(line_value, 0) + 1
                    libs = None
                    continue
                loaded: dict[Path, Library] = {}
                for j, lref in enumerate(refs):
                    if not isinstance(lref, str):
                        continue
                    try:
                        libs.append(load_library(base / lref, (), loaded))
                    except LibraryFileError as exc:
                        source_problem(f"libraries[{j}]", exc)
                if problems:
                    return Resolution(data, origin), problems
            try:
                found_t, lib = template(libs, rid)
            except LookupError as exc:
                problem(i, "from", str(exc), line_value)
            else:
                unwanted = [n for n in systems if n not in lib.systems]
                if unwanted:
                    problem(i, "from", f"library:{rid} is a {', '.join(lib.systems)} template ({lib.path}); this encounter runs {', '.join(unwanted)}", line_value)
                else:
                    for k in range(1, count + 1):
                        copy_ = merge(found_t, over)
                        if count > 1:
                            copy_["id"] = f"{over.get('id', found_t['id'])}{k}"
                            copy_["name"] = f"{over.get('name', found_t.get('name', found_t['id']))} {k}"
                        out_units.append(_only_systems(copy_, systems))
                        origin.append((i, k if count > 1 else None, ref))
        occurrences[line_value] = occurrences.get(line_value, 0) + 1
    resolved = dict(data)
    resolved["units"] = out_units
    return Resolution(resolved, origin), problems


def _only_systems(unit: dict[str, Any], systems: list[str]) -> dict[str, Any]:
    """A unit without the tables of systems the encounter does not run (a party or
    library for several systems serves an encounter of one)."""
    names = set(system_names())
    return {k: v for k, v in unit.items() if k not in names or k in systems}


def _nth_line(text: str, value: str, n: int) -> int | None:
    seen = 0
    for i, line in enumerate(text.split("\n")):
        if value in line:
            if seen == n:
                return i + 1
            seen += 1
    return None


def _line_of_key(text: str, key: str) -> int | None:
    name = key.split("[")[0]
    for i, line in enumerate(text.split("\n")):
        if re.match(rf"\s*{re.escape(name)}\s*=", line):
            return i + 1
    return None


# ------------------------------------------------------------------ a template at the table


def template_unit(
    base: Path, libraries: list[str], tid: str, systems: list[str], overrides: dict[str, Any]
) -> dict[str, Any]:
    """The unit table ``add UNIT from=library:ID`` brings in (for the encounter
    to keep). Raises LookupError naming the library file and key path."""
    libs = []
    loaded: dict[Path, Library] = {}
    for j, ref in enumerate(libraries):
        try:
            libs.append(load_library(base / ref, (), loaded))
        except LibraryFileError as exc:
            raise LookupError(f"libraries[{j}]: " + "; ".join(exc.messages())) from None
    if not libs:
        raise LookupError('this encounter lists no library (libraries = ["bestiary.toml"] at the top of the file)')
    found, lib = template(libs, tid)
    unwanted = [n for n in systems if n not in lib.systems]
    if unwanted:
        raise LookupError(f"library:{tid} is a {', '.join(lib.systems)} template ({lib.path}); this encounter runs {', '.join(unwanted)}")
    return _only_systems(merge(found, overrides), systems)


def bring_template(game: Any, action: Any, encounter: Path | None) -> bool:
    """Before an ``add UNIT from=library:ID`` line the GM typed is pushed: copy
    the template from the encounter's libraries (relative to ``encounter``, the
    file; the working folder when there is none) into the game's
    ``[templates]`` (``Game.add_template``), unless it is there already. From
    then on the encounter holds it: the add replays, and saves, without the
    library. True when a template was copied in; an IllegalAction names the
    library file and key path when it cannot be."""
    from gm_console.core.actions import TEMPLATE_PREFIX, TEMPLATE_RULE
    from gm_console.core.errors import IllegalAction

    tid = getattr(action, "template", None)
    if not isinstance(tid, str) or getattr(action, "VERB", None) != "add" or tid in game.setup.templates:
        return False
    base = encounter.parent if encounter is not None else Path.cwd()
    libraries = [ref for ref in game.setup.data.get("libraries", []) if isinstance(ref, str)]
    try:
        table = template_unit(base, libraries, tid, list(game.setup.systems), {})
    except LookupError as exc:
        raise IllegalAction(f"from={TEMPLATE_PREFIX}{tid}: {exc}", TEMPLATE_RULE) from None
    table.pop("id", None)
    if table.get("side") is not None and table["side"] not in {s.id for s in game.setup.sides}:
        other = table.pop("side")  # a side of another encounter: this one's add names its own
        if getattr(action, "side", None) is None:
            raise IllegalAction(
                f"from={TEMPLATE_PREFIX}{tid}: the template joins side {other!r}, which this encounter does not have; "
                f"give one (add {action.unit} SIDE from={TEMPLATE_PREFIX}{tid})", TEMPLATE_RULE
            )
    if table.get("zone") is not None and table["zone"] not in {z.id for z in game.setup.zones}:
        table.pop("zone")
    try:
        return game.add_template(tid, table)
    except IllegalAction:
        raise
    except ValueError as exc:  # what the encounter's checks say of the template (a CTB unit needs its table ...)
        raise IllegalAction(f"from={TEMPLATE_PREFIX}{tid}: {exc}", TEMPLATE_RULE) from None


ResolveHook = Callable[[dict[str, Any], Path, str], Any]
