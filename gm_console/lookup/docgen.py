"""Generate docs/notation.md and docs/encounter-format.md from the code.

Run ``python -m gm_console.lookup.docgen`` after changing a verb or the
schema; tests/test_docs.py fails when the committed pages are out of date.
"""

from __future__ import annotations

import sys
from pathlib import Path

from gm_console.core import notation as n
from gm_console.core import schema as s
from gm_console.core.actions import Action
from gm_console.core.verbs import GENERIC_ACTIONS
from gm_console.core.setup import encounter_schema
from gm_console.core.system import all_systems

DOCS = Path(__file__).resolve().parent.parent.parent / "docs"

NOTATION_INTRO = """\
# Action notation

Every GM action is one line of text. The prompt, the command palette,
`gm-console apply` and the saved log all use the same notation, and
formatting an action then parsing it gives the same action back (tested
for every verb).

```
VERB ARG... [key=value...] [flag...] [d1,d2,...]
```

- Arguments are bare words (`kai`, `bridge`, `30`) or `"double-quoted strings"`
  (`"Goblin Chief"`, with `\\"` for a quote inside).
- Options are `key=value`, in any order; the console writes them in a fixed
  order and leaves out values that equal their default.
- Units, zones and sides are named by their ids. A misspelled name is
  refused with the nearest known name (`unknown unit 'hreo' (did you mean 'hero'?)`).
- A rolling action ends with its dice in brackets: `roll 2d20 [4,17]`. Leave
  them off and the console rolls with the encounter's seed, then records
  the faces, so the saved log never rolls again on replay. In manual dice
  mode (F2, or `dice = "manual"` in the file) the console asks for the faces
  the players rolled instead.
- `note` takes the rest of the line as free text.
- Durations (`for=`) count down: `2t` at the end of the holder's turns (the
  current one included), `3r` at the end of rounds, `1s` at the holder's
  side's Shift Ends. Expiry is announced in the log.

Type a verb and press Tab in the prompt to complete names; `gm-console rules
VERB` shows one verb's help.
"""


def verb_rows(classes: list[type[Action]]) -> list[str]:
    rows = ["| verb | usage | what it does | example |", "|---|---|---|---|"]
    for cls in classes:
        usage = n.usage(cls).replace("|", "\\|")
        rows.append(f"| `{cls.VERB}` | `{usage}` | {cls.SUMMARY} | `{cls.EXAMPLE}` |")
    return rows


def notation_page() -> str:
    parts = [NOTATION_INTRO, "## Generic verbs (every encounter)\n", *verb_rows(list(GENERIC_ACTIONS)), ""]
    for system in all_systems():
        parts += [f"## {system.TITLE} verbs (`systems = [\"{system.NAME}\"]`)\n", *verb_rows(list(system.ACTIONS)), ""]
    return "\n".join(parts)


def _spec_text(spec: s.Spec) -> str:
    return spec.describe().replace("|", "\\|")


def key_rows(table: s.Table, prefix: str) -> list[str]:
    rows = []
    for key, k in table.keys.items():
        path = f"{prefix}{key}"
        need = "required" if k.required else (f"default `{k.default!r}`" if k.default is not s.MISSING else "optional")
        rows.append(f"| `{path}` | {_spec_text(k.spec)} | {need} | {k.doc} |")
        inner = k.spec.item if isinstance(k.spec, s.List) else k.spec
        if isinstance(inner, s.Table) and inner.keys and key not in {sys.NAME for sys in all_systems()} | {"house_rules"}:
            rows += key_rows(inner, f"{path}[]." if isinstance(k.spec, s.List) else f"{path}.")
    return rows


FORMAT_INTRO = """\
# Encounter files (format version 1)

An encounter is a TOML file: its setup (sides, zones, units, system boards,
house rules, the dice seed) and its log (one action per line, in the
notation of docs/notation.md). The state at any point is the setup with the
log applied, so the file alone gives the same fight on every machine.

`gm-console validate FILE` checks a file and lists every problem with its key
path (`units[2].stats.hp: expected an integer, got a string 'ten'`); unknown
keys are errors, with the nearest known key suggested. Saving keeps the
file as it was written (comments, key order, inline tables, blank lines and
the file's mode) and changes only what play changed: the log, the dice mode,
templates an `add` brought in, and units brought in with `from` (written out).
It writes atomically and keeps the previous version as `FILE.toml.bak`. A
file the console makes itself is in the normal form (defaults left out, keys
in the order below).

## A complete, annotated example

```toml
format = 1                      # the format version (required)
title = "Ambush at the Ford"    # shown in the title bar (required)
description = "Cadets cross the river at dusk."
systems = ["ctb"]               # rule systems in use: ctb, conflict, reactor (or none)
seed = 20261129                 # the console's dice come from this seed and the log position
dice = "auto"                   # "auto": the console rolls; "manual": the GM types the dice
log = [                         # the actions so far; the console appends as you play
    "next",                     # (top-level keys go before the first [table] header)
    "roll 1d20+3 by=kai why=\\"spot the raiders\\" [14]",
]

[house_rules.ctb]               # override a house rule (see `gm-console rules "house rule"`)
glancing_rounding = "up"

[[sides]]
id = "cadets"                   # ids: a letter, then letters, digits, _ or -
name = "Cadets"
controller = "players"          # "players" or "gm"

[[sides]]
id = "raiders"
name = "River Raiders"          # controller defaults to "gm"

[[zones]]
id = "bank"
name = "North Bank"
adjacent = ["ford"]             # adjacency works both ways
traits = ["cover"]

[[zones]]
id = "ford"
name = "The Ford"
traits = ["difficult terrain"]

[[units]]
id = "kai"
name = "Kai"
side = "cadets"
zone = "bank"
stats = { morale = 3 }          # free-form numbers any system or the GM can use
traits = ["Scout"]
conditions = [{ name = "Hidden", for = "2r" }]
ctb = { ap_total = 12, hp = 40, ar = 10 }   # the unit's table for each system in use (docs/ctb.md)

[pools]                         # shared pools (the conflict system adds momentum and threat)
morale = 2

```

## Every key

| key | value | | meaning |
|---|---|---|---|
"""


def format_page() -> str:
    rows = key_rows(encounter_schema(), "")
    systems = "\n".join(
        f"- `[{sys.NAME}]` and `[units.{sys.NAME}]` / `[house_rules.{sys.NAME}]`: see docs/{sys.NAME}.md ({sys.TITLE})."
        for sys in all_systems()
    )
    return FORMAT_INTRO + "\n".join(rows) + "\n\n## System sections\n\n" + systems + "\n"


PAGES = {"notation.md": notation_page, "encounter-format.md": format_page}


def main(argv: list[str]) -> int:
    check = "--check" in argv
    stale = []
    for name, make in PAGES.items():
        path = DOCS / name
        text = make()
        if check:
            if not path.exists() or path.read_text() != text:
                stale.append(name)
        else:
            path.write_text(text)
            print(f"wrote {path}")
    if stale:
        print("out of date: " + ", ".join(stale) + " (run python -m gm_console.lookup.docgen)")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
