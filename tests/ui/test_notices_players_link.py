"""``players: show link`` shows the link on one line, so that a GM can copy
it from the terminal (a wrapped line copies as two), and its QR code whole,
black on white (issue 27); ``c`` puts the link on the clipboard."""

from __future__ import annotations

import pytest

from gm_console.files import load_encounter
from gm_console.players.qr import qr_text
from gm_console.ui.app import GMConsoleApp
from gm_console.ui.screens.players_link import PlayersLink
from tests.conftest import ENCOUNTERS
from tests.ui.contrast import screen_rows

# as long as a link gets: a LAN address, a five-digit port, the token the server makes (32 characters)
URL = "http://192.168.100.200:65535/?token=" + "Ab3dEf6hIj9kLm2oPq5sTu8wXy1zAb4d"
SIZES = [(120, 40), (80, 24)]


def rows_text(app) -> list[str]:
    return ["".join(seg.text for seg in row if not seg.control) for row in screen_rows(app)]


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
async def test_the_link_is_one_line_and_the_code_whole(size):
    app = GMConsoleApp(load_encounter(ENCOUNTERS / "ctb-causeway-ambush.toml"), path=None, demo=True)
    async with app.run_test(size=size) as pilot:
        await app.push_screen(PlayersLink(URL, exposed=True))
        await pilot.pause()
        rows = rows_text(app)
        assert any(URL in row for row in rows), "\n".join(rows)
        code = qr_text(URL).split("\n")
        qr = app.screen.query_one("#players-qr")
        assert qr.size.width == len(code[0])  # not wrapped, not cut
        shown = [row for row in rows if code[1].strip() in row]
        assert shown, "\n".join(rows)
        region = qr.region
        for row in screen_rows(app)[region.y : region.bottom]:  # every cell of the code: black on white
            x = 0
            for seg in row:
                if seg.control:
                    continue
                if region.x <= x < region.right and seg.text.strip():
                    assert seg.style is not None and seg.style.color is not None and seg.style.bgcolor is not None
                    assert (seg.style.color.get_truecolor(), seg.style.bgcolor.get_truecolor()) == ((0, 0, 0), (255, 255, 255))
                x += len(seg.text)


async def test_c_copies_the_link():
    app = GMConsoleApp(load_encounter(ENCOUNTERS / "ctb-causeway-ambush.toml"), path=None, demo=True)
    copied: list[str] = []
    app.copy_to_clipboard = copied.append  # what Textual sends the terminal (OSC 52)
    async with app.run_test(size=(120, 40)) as pilot:
        await app.push_screen(PlayersLink(URL, exposed=True))
        await pilot.pause()
        await pilot.press("c")
        await pilot.pause()
        assert copied == [URL]
        assert not any("token=" in str(n.message) for n in app.notices)  # the notice does not spread the token
