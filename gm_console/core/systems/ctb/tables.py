"""The encounter's CTB tables: ``[units.ctb]`` for each unit (its numbers
and weapons) and ``[ctb]`` for the board. The schema fills every default
it declares, so readers index the validated tables directly."""

from __future__ import annotations

from gm_console.core import schema as s
from gm_console.core.schema import Key

KINDS = ("physical", "magical")
DEFAULT_PROJECTION = 10

WEAPON_TABLE = s.Table(
    {
        "id": Key(s.Id(), required=True, doc="how hit/brk name it: with=ID"),
        "name": Key(s.Str(), doc="shown in the log (default: the id)"),
        "dam": Key(s.Int(min=0, max=999), default=0, doc="weapon DAM, added to the Attack Total"),
        "kind": Key(s.Str(choices=KINDS), default="physical", doc="physical uses atk vs PR, magical mag vs MR"),
        "brk": Key(s.Int(min=0, max=999), default=0, doc="BRK amount (house rule brk_amount = weapon_brk)"),
    },
    name="a weapon table",
)

_STAT = s.Int(min=0, max=9999)
UNIT_TABLE = s.Table(
    {
        "ap_total": Key(s.Int(min=0, max=1000), required=True, doc="AP gained per tick; 0 never acts"),
        "ap": Key(s.Int(min=0, max=10000), default=0, doc="AP at the start of the fight"),
        "kennel": Key(s.Int(min=0, max=200), default=100, doc="0-200; scales the maxima (100 = the bases)"),
        "hp_base": Key(s.Int(min=0, max=9999), doc="maximum HP at Kennel 100 (default: hp; one of the two is required)"),
        "ar_base": Key(_STAT, doc="maximum AR at Kennel 100 (default: ar, else 0)"),
        "ki_base": Key(_STAT, doc="maximum KI at Kennel 100 (default: ki, else 0)"),
        "hp": Key(_STAT, doc="HP at the start (default: the maximum)"),
        "ar": Key(_STAT, doc="AR at the start (default: the maximum)"),
        "ki": Key(_STAT, doc="KI at the start (default: the maximum)"),
        "atk": Key(_STAT, default=0, doc="attack stat of physical weapons"),
        "mag": Key(_STAT, default=0, doc="attack stat of magical weapons"),
        "pr": Key(_STAT, default=0, doc="Physical Resistance"),
        "mr": Key(_STAT, default=0, doc="Magical Resistance"),
        "prof": Key(_STAT, default=0, doc="Proficiency: Attack Total, and lowers the glancing ceiling"),
        "prec": Key(_STAT, default=0, doc="Precision: lowers the crit floor"),
        "assist": Key(_STAT, default=0, doc="standing Assist: lowers the glancing ceiling"),
        "weapons": Key(s.List(WEAPON_TABLE), default=[], doc="the first is used when hit/brk name none"),
    },
    name="a ctb unit table",
)

BOARD_TABLE = s.Table(
    {"projection": Key(s.Int(min=1, max=50), default=DEFAULT_PROJECTION, doc="turns the turn bar projects")},
    name="a ctb board table",
)
