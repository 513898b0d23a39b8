"""Properties of carry (hypothesis): carry then re-open gives characters equal to
the fight's final ones in every persistent field (the next fight read as it
opens: a carry ends the fight's scene, so reading the next fight as carried
would end one more); carrying is idempotent (the second carry is refused and
changes nothing); a dry run changes nothing."""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gm_console.core.carry import persistent
from gm_console.core.errors import GMError
from gm_console.files import load_encounter, loads_encounter
from gm_console.files.party import PartyFileError, carry, load_party, party_starter_text
from tests.conftest import ENCOUNTERS

CREW = ("rhea", "tomas", "oskar")
CONDITIONS = ("Protection Compromised", "Shaken", "Blinded")

conflict_op = st.one_of(
    st.tuples(st.just("stress"), st.sampled_from(CREW), st.integers(0, 10)),
    st.tuples(st.just("cond"), st.sampled_from(CREW), st.sampled_from(CONDITIONS)),
    st.tuples(st.just("hurt"), st.sampled_from(CREW), st.sampled_from(("Burn", "Cut", "Bruise"))),
    st.tuples(st.just("dead"), st.sampled_from(CREW), st.just("")),
)
ctb_op = st.one_of(
    st.tuples(st.just("kennel"), st.sampled_from(CREW), st.integers(1, 200)),
    st.tuples(st.just("down"), st.sampled_from(CREW), st.booleans()),
    st.tuples(st.just("hp"), st.sampled_from(CREW), st.integers(1, 30)),
)
SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


def campaign_copy() -> Path:
    folder = Path(tempfile.mkdtemp(prefix="gm-campaign-")) / "c"
    shutil.copytree(ENCOUNTERS / "campaign", folder)
    hazard = folder / "3-reactor-gallery.toml"
    hazard.write_text(hazard.read_text().replace("[pools]", '[conflict]\nhazards = [{ id = "blast", mode = "acute", severity = 2 }]\n\n[pools]'))
    return folder


def play(path: Path, ops) -> None:
    """Apply what of ``ops`` is legal at that point (an illegal one is skipped) and save."""
    from gm_console.files import save_encounter

    game = load_encounter(path)
    for kind, uid, arg in ops:
        lines = {
            "stress": [f"set {uid} stress {arg}"],
            "cond": [f'cond {uid} "{arg}"'],
            "hurt": [f"expose {uid} blast", f'suffer {uid} name="{arg}"'],
            "dead": [f"expose {uid} blast", f"suffer {uid}", "scene", "scene"],
            "kennel": [f"set {uid} kennel {arg}"],
            "down": [f"set {uid} hp 0", *([f"recall {uid}"] if arg else [])],
            "hp": [f"set {uid} hp {arg}"],
        }[kind]
        mark = len(game.log)
        try:
            for line in lines:
                game.push_line(line)
        except GMError:
            while len(game.log) > mark:
                game.undo()
    save_encounter(game, path)


def carried(game, system: str, uid: str) -> dict:
    """``uid``'s persistent fields, the notes that explain them left out."""
    row = persistent(game.state, game.rules, (system,), uid, next(u for u in game.setup.units if u["id"] == uid))
    row.pop("notes", None)
    return row


def as_it_opens(game, system: str, uid: str) -> dict:
    """The next fight's ``uid`` as carried into it. A carry ends the fight's scene (a
    zone conflict's Dying lose a scene of cysuit grace, or die), so the conflict's
    fields are read with no scene ended; a CTB fight's are read as carry reads them."""
    setup_unit = next(u for u in game.setup.units if u["id"] == uid)
    if system != "conflict":
        return carried(game, system, uid)
    from gm_console.core.systems.conflict import carry as conflict_carry

    row = conflict_carry.persistent(game.state, game.rules, uid, setup_unit, scene_ends=False)
    row.pop("notes", None)
    return row


def check_carry_reopen(folder: Path, fight: Path, system: str) -> None:
    final = load_encounter(fight)
    expected = {uid: carried(final, system, uid) for uid in CREW}
    party_file = folder / "party.toml"
    before = party_file.read_bytes()
    carry(fight, dry_run=True)
    assert party_file.read_bytes() == before  # a dry run changes nothing
    carry(fight)
    after = party_file.read_bytes()
    try:
        carry(fight)
    except PartyFileError as exc:
        assert "already carried" in str(exc)
    else:
        raise AssertionError("a second carry of the same fight went through")
    assert party_file.read_bytes() == after  # idempotent: refused, unchanged
    party = load_party(party_file)
    nxt = folder / "next.toml"
    game = loads_encounter(party_starter_text(nxt, [system], party_file), str(nxt))
    for uid in CREW:
        if expected[uid]["dead"]:
            assert party.unit(uid)["dead"] is True and uid not in game.state.units
            continue
        assert as_it_opens(game, system, uid) == expected[uid], uid


@SETTINGS
@given(st.lists(conflict_op, max_size=8))
def test_conflict_carry_then_reopen_keeps_every_persistent_field(ops):
    folder = campaign_copy()
    fight = folder / "3-reactor-gallery.toml"
    play(fight, ops)
    check_carry_reopen(folder, fight, "conflict")


@SETTINGS
@given(st.lists(ctb_op, max_size=8))
def test_ctb_carry_then_reopen_keeps_every_persistent_field(ops):
    folder = campaign_copy()
    fight = folder / "2-causeway.toml"
    play(fight, ops)
    check_carry_reopen(folder, fight, "ctb")
