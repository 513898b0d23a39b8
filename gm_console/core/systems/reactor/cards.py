"""The card catalogue and the stats a card implies on the table.

Cards are data (``gm_console/data/reactor-cards.toml``, extended by an
encounter's ``[reactor.cards]``); this module reads them into small frozen
values and works out a Personnel's effective numbers: base stats from its
card (kept in ``unit.stats`` so a GM can ``set`` them), plus equipment, plus
the pack bonus, plus whatever the side's standing Facilities grant.

A WNAF Conscript is ATK 1 alone; in a pack of three, or holding a
Chainbreaker, its ATK is raised to 2 (the two do not add up). A Junior
Watchman with a Weston SMG is ATK 1+1 = 2 and HP 3+1.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from gm_console.core.errors import UnknownName

if TYPE_CHECKING:
    from gm_console.core.state import State, Unit

# traits the rules read (others are labels a GM may add)
GUARD, RAIDER, DEFENSE, ARMOR = "GUARD", "RAIDER", "DEFENSE", "ARMOR"
GRANT_KEYS = ("power_order", "base_load", "atk", "hp")
KINDS = ("personnel", "equipment", "executive", "incident", "facility")

# ------------------------------------------------------------------ values


@dataclass(frozen=True)
class Card:
    id: str
    kind: str
    name: str
    text: str = ""
    data: Mapping[str, Any] = field(default_factory=dict)

    def get(self, key: str, default: Any = None) -> Any:
        value = self.data.get(key, default)
        return default if value is None else value

    def facts(self) -> str:
        """The card's numbers in one short line (for the reference and the pane)."""
        d = self.data
        if self.kind == "personnel":
            bits = [f"ATK {d.get('atk', 0)}", f"HP {d.get('hp', 1)}"]
            if d.get("hack"):
                bits.append(f"HACK {d['hack']}")
            bits += list(d.get("traits", ()))
            if d.get("pack"):
                bits.append(f"pack of {d['pack']}: ATK {d.get('pack_atk', d.get('atk', 0))}")
            if d.get("evade") is not None:
                bits.append(f"unblockable by ATK {d['evade']} or less")
            if d.get("guards_facilities"):
                bits.append("stationed: RAIDERs cannot strike your Facilities")
            if d.get("exhaust"):
                bits.append(f"exhaust: {d['exhaust'].upper()}")
            return ", ".join(bits)
        if self.kind == "equipment":
            bits = [f"{k.upper()} {v:+d}" for k in ("atk", "hp", "hack") if (v := d.get(k))]
            if d.get("atk_min") is not None:
                bits.append(f"ATK at least {d['atk_min']}")
            if d.get("first_strike"):
                bits.append("first strike against Personnel")
            bits += list(d.get("traits", ()))
            return ", ".join(bits) or "no numbers"
        if self.kind == "incident":
            return "; ".join(f"{st['counters']}+ counters: +{st['heat']} K" for st in d.get("steps", ()))
        if self.kind == "facility":
            return f"Integrity {d.get('integrity')}" + (f", grants {grants_text(d.get('grants', {}))}" if d.get("grants") else "")
        return d.get("effect", "").upper()


def grants_text(grants: Mapping[str, int], short: bool = False) -> str:
    """``Base Load -100 K, Power Order +1``; ``short``: ``Load-100K PO+1``."""
    if short:
        words = {"power_order": ("PO", ""), "base_load": ("Load", "K"), "atk": ("ATK", ""), "hp": ("HP", "")}
        return " ".join(f"{words[k][0]}{v:+d}{words[k][1]}" for k, v in grants.items() if v)
    words = {"power_order": ("Power Order", ""), "base_load": ("Base Load", " K"), "atk": ("ATK", ""), "hp": ("HP", "")}
    return ", ".join(f"{words[k][0]} {v:+d}{words[k][1]}" for k, v in grants.items() if v)


class Catalogue:
    """Every card by kind and id; names resolve too (case-insensitive)."""

    def __init__(self, tables: Mapping[str, Mapping[str, Any]] | None = None) -> None:
        self.cards: dict[str, dict[str, Card]] = {k: {} for k in KINDS}
        if tables:
            self.merge(tables)

    def merge(self, tables: Mapping[str, Mapping[str, Any]]) -> None:
        for kind in KINDS:
            for cid, data in (tables.get(kind) or {}).items():
                data = dict(data)
                self.cards[kind][cid] = Card(cid, kind, data.pop("name", None) or cid, data.pop("text", ""), data)

    def find(self, kind: str, ref: str) -> Card:
        table = self.cards[kind]
        if ref in table:
            return table[ref]
        for card in table.values():
            if card.name.lower() == ref.lower():
                return card
        raise UnknownName(f"{kind} card", ref, table)

    def get(self, kind: str, ref: str) -> Card | None:
        try:
            return self.find(kind, ref)
        except UnknownName:
            return None

    def all(self) -> list[Card]:
        return [c for kind in KINDS for c in self.cards[kind].values()]


# ------------------------------------------------------------------ effective stats


@dataclass(frozen=True)
class Profile:
    """A Personnel's numbers right now, with where each came from."""

    atk: int
    hp: int
    hack: int
    damage: int
    traits: tuple[str, ...]
    first_strike: bool  # deals first against Personnel (M80 AMR)
    evade: int | None  # cannot be blocked by ATK <= evade
    guards_facilities: bool
    atk_why: str  # "1 +1 Weston SMG"
    hp_why: str  # "3+1"
    # where each number in force comes from, as (source, amount) steps that add up to it: the card's own
    # value first ("card"), then a pack or an equipment floor, equipment, and the Facilities' grants
    atk_from: tuple[tuple[str, int], ...] = ()
    hp_from: tuple[tuple[str, int], ...] = ()
    hack_from: tuple[tuple[str, int], ...] = ()

    def sources(self) -> dict[str, Any]:
        """The numbers in force and their sources, as the JSON shows them."""
        def steps(parts: tuple[tuple[str, int], ...]) -> list[dict[str, Any]]:
            return [{"from": name, "value": n} for name, n in parts]

        return {
            "atk": self.atk, "hp": self.hp, "hack": self.hack, "damage": self.damage,
            "atk_from": steps(self.atk_from), "hp_from": steps(self.hp_from), "hack_from": steps(self.hack_from),
        }

    @property
    def alive(self) -> bool:
        return self.damage < self.hp

    def has(self, trait: str) -> bool:
        return trait in self.traits


def personnel_card(board: Any, unit: Unit) -> Card | None:
    cid = board.card_of.get(unit.id)
    return board.cards.get("personnel", cid) if cid else None


def equipment(board: Any, unit: Unit) -> list[Card]:
    return [c for c in (board.cards.get("equipment", item) for item in unit.items) if c is not None]


def in_pack(state: State, board: Any, unit: Unit, card: Card | None, counts: str) -> bool:
    if card is None or not card.get("pack"):
        return False
    mates = [
        u
        for u in state.units.values()
        if u.side == unit.side and board.card_of.get(u.id) == card.id and (counts == "all" or not u.has("EXHAUSTED"))
    ]
    return len(mates) >= card.get("pack")


def profile(state: State, board: Any, unit: Unit, pack_counts: str = "all") -> Profile:
    card = personnel_card(board, unit)
    gear = equipment(board, unit)
    grants = board.grants(unit.side)
    base_atk, base_hp = unit.stat("atk"), unit.stat("hp", 1)
    atk, why = base_atk, [str(base_atk)]
    atk_from = [("card", base_atk)]
    floors = [(c.get("atk_min"), c.name) for c in gear if c.get("atk_min") is not None]
    if card is not None and in_pack(state, board, unit, card, pack_counts):
        floors.append((card.get("pack_atk", base_atk), f"pack of {card.get('pack')}"))
    best = max(floors, default=None, key=lambda f: f[0])
    if best is not None and best[0] > atk:
        atk_from.append((best[1], best[0] - atk))
        atk, why = best[0], [f"{best[0]} ({best[1]})"]
    for c in gear:
        if c.get("atk"):
            atk += c.get("atk")
            why.append(f"{c.get('atk'):+d} {c.name}")
            atk_from.append((c.name, c.get("atk")))
    if grants.get("atk"):
        atk += grants["atk"]
        why.append(f"{grants['atk']:+d} Facilities")
        atk_from.append(("Facilities", grants["atk"]))
    hp_from = [("card", base_hp)] + [(c.name, c.get("hp")) for c in gear if c.get("hp")]
    if grants.get("hp"):
        hp_from.append(("Facilities", grants["hp"]))
    hp_parts = [n for _, n in hp_from]
    hack_from = [("card", unit.stat("hack"))] + [(c.name, c.get("hack")) for c in gear if c.get("hack")]
    traits = list(unit.traits)
    for c in gear:
        traits += [t for t in c.get("traits", ()) if t not in traits]
    return Profile(
        atk=max(0, atk),
        hp=max(1, sum(hp_parts)),
        hack=sum(n for _, n in hack_from),
        damage=unit.stat("damage"),
        traits=tuple(traits),
        first_strike=any(c.get("first_strike") for c in gear),
        evade=card.get("evade") if card else None,
        guards_facilities=bool(card and card.get("guards_facilities")),
        atk_why=" ".join(why),
        hp_why=str(base_hp) + "".join(f"{p:+d}" for p in hp_parts[1:]),
        atk_from=tuple(atk_from),
        hp_from=tuple(hp_from),
        hack_from=tuple(hack_from),
    )
