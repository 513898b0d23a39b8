"""Scripted fights for the player-view tests: each bundled system's encounter
with a hidden zone (and someone in it), a hidden unit, GM notes and public
lines, then a seeded run of legal actions. ``leaks`` lists what the players
must never receive."""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field

from gm_console.core.actions import Next
from gm_console.core.errors import GMError
from gm_console.core.game import Game
from gm_console.core.playerview import player_document
from gm_console.files import loads_encounter
from tests.conftest import ENCOUNTERS

SECRET_PATH = "/tmp/gm-secret-folder/secret-fight-file.toml"
NOTES = ("NOTE-xyzzy the Warlord flees at half HP", "NOTE-plugh reinforcements in round 3")

EXTRA_ZONE = """
[[zones]]
id = "crypt"
name = "Sunken Crypt"
traits = ["bone dust"]
hidden = true
"""


@dataclass
class Fight:
    game: Game
    notes: tuple[str, ...] = NOTES
    path: str = SECRET_PATH
    lines: list[str] = field(default_factory=list)

    @property
    def seed(self) -> int:
        return self.game.setup.seed


def _load(name: str, extra: str = "", players: str = 'health = "descriptor"') -> Game:
    text = (ENCOUNTERS / name).read_text()
    if not re.search(r"(?m)^seed\s*=", text):
        text = "seed = 987654321\n" + text  # a seed long enough to look for in what the server sends
    if players:
        text += f"\n[players]\n{players}\n"
    return loads_encounter(text + extra, SECRET_PATH)


def _play(game: Game, lines: list[str], steps: int, seed: int) -> None:
    for line in lines:
        game.push_line(line)
    rng = random.Random(seed)
    for _ in range(steps):
        offers = [a for a in game.legal_actions() if a.VERB not in ("hide", "reveal", "chip", "endbattle")] + [Next()]
        try:
            game.push(rng.choice(offers))
        except GMError:
            pass
        if rng.random() < 0.15:
            game.push_line(f"note {rng.choice(NOTES)}")


def ctb_fight(steps: int = 40, seed: int = 7, health: str = "descriptor") -> Fight:
    game = _load("ctb-causeway-ambush.toml", EXTRA_ZONE, f'health = "{health}"')
    lines = [
        'add shade raiders name="Shade Assassin" zone=east copy=hexer',
        "hide shade",
        'add lurker raiders name="Crypt Lurker" zone=crypt copy=raider1',
        f"note {NOTES[0]}",
        "say The causeway groans under your boots",
    ]
    _play(game, lines, steps, seed)
    return Fight(game, lines=lines)


def conflict_fight(steps: int = 40, seed: int = 7, health: str = "descriptor") -> Fight:
    game = _load("conflict-relay-station.toml", "", f'health = "{health}"')
    lines = ["hide warden", f"note {NOTES[1]}", "say Sirens wail somewhere below"]
    _play(game, lines, steps, seed)
    return Fight(game, lines=lines)


def reactor_fight(steps: int = 40, seed: int = 7, health: str = "descriptor") -> Fight:
    extra = EXTRA_ZONE.replace("crypt", "annex").replace("Sunken Crypt", "Sealed Annex").replace("bone dust", "radiation haze")
    game = _load("reactor-night-shift.toml", extra, f'health = "{health}"')
    lines = ["hide ranger", "move k3 annex", f"note {NOTES[0]}", "say The grid hums"]
    _play(game, lines, steps, seed)
    return Fight(game, lines=lines)


FIGHTS = {"ctb": ctb_fight, "conflict": conflict_fight, "reactor": reactor_fight}


def leaks(game: Game, seen_text: str = "") -> list[str]:
    """Strings no byte to the players may hold: hidden units' ids and names,
    hidden zones' ids, names and traits, GM notes, the seed, the path, the
    description. A hidden word that is part of something the players do see
    (a visible unit's name, ``seen_text``: the static page) cannot be told
    apart and is left out."""
    state = game.state
    from gm_console.core.fog import unit_hidden

    hidden = []
    for uid, u in state.units.items():
        if unit_hidden(state, u):
            hidden += [uid, u.name]
    for zid, z in state.zones.items():
        if z.hidden:
            hidden += [zid, z.name, *z.traits]
    visible = [seen_text]
    for uid, u in state.units.items():
        if not unit_hidden(state, u):
            visible += [uid, u.name]
    for z in state.zones.values():
        if not z.hidden:
            visible += [z.id, z.name, *z.traits]
    visible += [s.name for s in state.sides.values()] + [game.setup.title]
    seen = "\n".join(visible).lower()
    out = [h for h in hidden if h.lower() not in seen]
    out += list(NOTES) + [str(game.setup.seed), "gm-secret-folder", "secret-fight-file"]
    if game.setup.description:
        out.append(game.setup.description)
    return out


def npc_figures(doc: dict) -> list[str]:
    """Exact NPC figures in a player document (health not exact): meters on
    GM units or GM-side cards, digits in log lines about NPCs (less the dice)."""
    problems = []
    npcs = {u["name"] for u in doc["units"] if not u["players"]}
    names = sorted({u["name"] for u in doc["units"]}, key=len, reverse=True)
    for u in doc["units"]:
        if not u["players"] and u["meters"]:
            problems.append(f"meters of {u['name']}")
    players = {s["name"] for s in doc["sides"] if s["controller"] == "players"}
    for panel in doc["panels"]:
        if not any(panel["title"].startswith(p) for p in players):
            for card in panel["cards"]:
                if card["meters"]:
                    problems.append(f"meters of {card['title']}")
    for line in doc["log"]:
        text = line["text"]
        if line["kind"] == "say" or not any(re.search(rf"(?<!\w){re.escape(n)}(?!\w)", text) for n in npcs):
            continue
        body = text.split(" · dice ")[0]
        for n in names:
            body = body.replace(n, "")
        if re.search(r"[0-9]", body):
            problems.append(f"log: {text}")
    return problems


def document(fight: Fight) -> dict:
    return player_document(fight.game)
