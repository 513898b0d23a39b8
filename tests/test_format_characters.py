"""Invisible format characters (Unicode category Cf: zero-width space and
joiners, the byte order mark ...) are refused in names, ids and lines of
notation, as bidirectional overrides are, so that one unit cannot pose as
another on screen or in the player view (issue 28). Free text (a
description) may hold them: an emoji sequence joins with U+200D."""

from __future__ import annotations

import re
import sys
import unicodedata

import pytest

from gm_console.core import bounds
from gm_console.core.errors import NotationError
from gm_console.core.game import parse_action, verb_table
from gm_console.core.system import all_systems
from gm_console.files.encounter_io import EncounterFileError, loads_encounter

POSERS = ["\u200d", "\u200b", "\ufeff", "\u00ad", "\u2060", "\u200c"]


def test_the_format_characters_are_every_cf_code_point_of_this_python():
    pattern = re.compile(f"[{bounds.FORMAT_CHARACTERS}]")
    missing = [hex(c) for c in range(sys.maxunicode + 1) if unicodedata.category(chr(c)) == "Cf" and not pattern.match(chr(c))]
    assert missing == []


@pytest.mark.parametrize("char", POSERS, ids=lambda c: f"U+{ord(c):04X}")
def test_a_name_with_a_format_character_is_refused_in_a_file(char):
    text = f'''format = 1
title = "t"
systems = ["ctb"]
[[sides]]
id = "a"
[[units]]
id = "raider1"
name = "Raider{char}1"
side = "a"
'''
    with pytest.raises(EncounterFileError) as caught:
        loads_encounter(text)
    (message,) = caught.value.messages()
    assert "units[0].name" in message and "invisible format character" in message and char not in message


@pytest.mark.parametrize("char", POSERS, ids=lambda c: f"U+{ord(c):04X}")
def test_a_name_with_a_format_character_is_refused_in_a_typed_line(char):
    with pytest.raises(NotationError, match="invisible format character"):
        parse_action(f'add raider3 a name="Raider{char}1"', verb_table(all_systems()))


def test_a_description_may_join_an_emoji_sequence():
    family = "\U0001f468\u200d\U0001f469\u200d\U0001f467"
    assert bounds.unsafe_character(f"The {family} waits", multiline=True) is None
    assert bounds.unsafe_character("The zero\u200bwidth space", multiline=True) is None  # free text keeps what it holds


def test_every_message_of_a_bad_file_is_safe_to_print(tmp_path):
    """EncounterFileError.messages() escapes what it quotes (a key, a value, the
    file's own name) where the message is made, so every caller gets safe text."""
    from gm_console.files.party import PartyFileError, load_party

    text = '''format = 1
title = "x"
systems = ["ctb"]
[[sides]]
id = "a"
[[units]]
id = "u"
side = "a"
"k\\u001b[2J" = 1
name = "a\\u200db"
'''
    with pytest.raises(EncounterFileError) as caught:
        loads_encounter(text, "f\x1bx.toml")
    messages = caught.value.messages()
    assert len(messages) == 2 and str(caught.value) == "\n".join(messages)
    assert all(bounds.unsafe_character(m) is None for m in messages), messages
    assert messages[0].startswith("f\\x1bx.toml: units[0].") and "k\\x1b[2J" in messages[0]
    bad = tmp_path / "p\x1b.toml"
    bad.write_text('format = 1\nkind = "party"\ntitle = "\\u001b"\n', encoding="utf-8")
    with pytest.raises(PartyFileError) as party:
        load_party(bad)
    assert party.value.messages() and all(bounds.unsafe_character(m) is None for m in party.value.messages())


def test_an_emoji_sequence_may_join_in_a_name_but_letters_may_not():
    family = "\U0001f468\u200d\U0001f469\u200d\U0001f467"
    assert bounds.unsafe_character(f"Axe {family}") is None
    assert bounds.unsafe_character("\U0001f44d\U0001f3fd\u200d\u2642\ufe0f ok") is None  # skin tone, then the joiner
    assert bounds.unsafe_character("Raider\u200d1") is not None
    assert bounds.unsafe_character(f"\u200d{family}") is not None  # a joiner that joins nothing
    assert bounds.unsafe_character(f"{family}\u200d") is not None
