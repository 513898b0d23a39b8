"""The player view in the console: start and stop its server on the app's own
loop, show its link with a QR code, and publish the player-safe document
after every change.

Mixed into ``FightScreen``; uses what ``PlayersHost`` declares. ``players_publish`` is called at the end of every
redraw (after each applied action, undo, redo, replay step and encounter
switch); it builds the document from the live game, never from the replay
cursor: the players see the fight as it stands, not the GM browsing its past.
The server's module (aiohttp) is imported only when the view starts, and the
link's dialog (``screens/players_link.py``) when it is first shown: the
console's start needs neither.
"""

from __future__ import annotations

import gc
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from textual.app import App
    from textual.notifications import SeverityLevel
    from textual.screen import Screen

    from gm_console.core.game import Game
    from gm_console.players.server import PlayerServer


class PlayersHost(Protocol):
    """What ``PlayerViewCommands`` uses of the fight screen (``FightScreen``) it is mixed into, and all of it
    (tests/ui/test_app_contract.py checks both: the mixin uses no more, FightScreen has it)."""

    game: Game

    def redraw(self) -> None: ...
    def notify(
        self, message: str, *, title: str = "", severity: SeverityLevel = "information", timeout: float | None = None, markup: bool = False,
    ) -> None: ...
    @property
    def app(self) -> App[Any]: ...  # the app the fight is on: its dialogs are pushed there (app.push_screen)
    def run_worker(self, work: Any, *args: Any, **kwargs: Any) -> Any: ...


_FROZE_SERVER = False  # the server's modules joined the start-up freeze (once a process)


def freeze_server_modules() -> None:
    """Once the console froze its start-up heap after its first frame
    (GMConsoleApp.fight_drawn), the server's modules (aiohttp, about 27,000
    objects) join it the first time a view starts, so full collections do not
    scan them: a collection first, so no garbage is frozen with them. Once a
    process: a freeze also keeps what is alive then (the game), and a game
    replaced later would stay. Started before that freeze, they are frozen
    with the rest."""
    global _FROZE_SERVER
    if _FROZE_SERVER or not gc.isenabled() or not gc.get_freeze_count():
        return
    _FROZE_SERVER = True
    gc.collect()
    gc.freeze()


if TYPE_CHECKING:

    class _PlayersScreen(Screen, PlayersHost):
        """For the type checker only: what the mixin's ``self`` is, a screen that is a ``PlayersHost``."""

else:
    _PlayersScreen = object


class PlayerViewCommands(_PlayersScreen):
    """Mixed into ``FightScreen`` (uses what ``PlayersHost`` declares): ``players: start``, ``players: stop``, ``players: show link``."""

    players_server: PlayerServer | None = None
    players_options: dict[str, Any] | None = None  # host, port, token given on the command line
    _players_seen: tuple | None = None  # (game, state, log length, last action) the server last heard of
    _players_starting = False

    # ------------------------------------------------------------ palette commands
    def players_start(self) -> None:
        if self.players_server is not None or self._players_starting:
            shown = self.players_server.address if self.players_server else "…"  # (the token: players: show link)
            self.notify(f"the player view is already on: {shown}", timeout=5)
            return
        self._players_starting = True
        self.run_worker(self._players_start(), group="players")

    async def _players_start(self) -> None:
        from gm_console.core.playerview import player_document
        from gm_console.players.server import PlayerServer

        options = dict(self.players_options or {})
        server = PlayerServer(
            lambda: player_document(self.game),
            host=options.get("host") or "127.0.0.1",
            port=int(options.get("port") or 0),
            token=options.get("token"),
            on_viewers=self._players_viewers,
        )
        try:
            await server.start()
        except OSError as exc:
            self.notify(f"the player view did not start: {exc}", title="Player view", severity="error", timeout=10)
            return
        finally:
            self._players_starting = False
        self.players_server = server
        self._players_seen = None
        freeze_server_modules()
        if options.get("port"):  # a restart keeps the same address and token, so open pages reconnect
            self.players_options = {**options, "token": server.token}
        else:
            self.players_options = {**options, "port": server.port, "token": server.token}
        warn = " (reachable from the network)" if server.exposed else ""
        # the link without its token: this stays on screen for seconds; players: show link gives the token and QR
        self.notify(
            f"player view on{warn}: {server.address} (players: show link for its token and QR code)",
            title="Player view", severity="warning" if server.exposed else "information", timeout=8,
        )  # fmt: skip
        self.redraw()

    def players_stop(self) -> None:
        if self.players_server is None:
            self.notify("the player view is off", timeout=3)
            return
        self.run_worker(self._players_stop(), group="players")

    async def _players_stop(self) -> None:
        server, self.players_server = self.players_server, None
        if server is not None:
            await server.stop()
            self.notify("player view off", timeout=3)
        self.redraw()

    def players_show_link(self) -> None:
        server = self.players_server
        if server is None:
            self.notify("the player view is off: players: start first", severity="warning", timeout=5)
            return
        from gm_console.ui.screens.players_link import PlayersLink

        self.app.push_screen(PlayersLink(server.url, server.exposed))

    # ------------------------------------------------------------ publishing
    def players_publish(self) -> None:
        """Send the live game's player document to the browsers (when it changed;
        the server builds it, from ``self.game``, only when a browser watches).

        Most redraws leave the live game as it was: each keystroke previews the
        draft (the players never see a what-if), a viewer comes or goes, the
        replay cursor moves. The document is a function of the game, its state
        and its log, so while those are the ones last published it is not built
        again (it was, at every keystroke: about 1 ms each with 50 viewers). An
        action changes the log's length; an undo puts another state in place."""
        server = self.players_server
        if server is None:
            return
        game = self.game
        log = game.log
        seen = (game, game.state, len(log), log[-1] if log else None)  # (a game's setup and rules are its own for good)
        last = self._players_seen
        if last is not None and last[0] is game and last[1] is seen[1] and last[2:] == seen[2:]:
            return
        self._players_seen = seen
        server.changed()

    def players_label(self) -> tuple[str, bool]:
        """("players: N watching", whether the network can reach it), or ("", False) when off."""
        server = self.players_server
        if server is None:
            return "", False
        label = f"players: {server.viewers} watching"
        if server.exposed:
            label += f" · OPEN TO THE NETWORK ({server.host})"
        return label, server.exposed

    def _players_viewers(self, count: int) -> None:
        self.redraw()  # the status line's count (the document is unchanged, nothing is sent)

    async def players_shutdown(self) -> None:
        server, self.players_server = self.players_server, None
        if server is not None:
            await server.stop()

    async def on_unmount(self) -> None:
        await self.players_shutdown()  # the console quits: browsers see the stream end, and say stale
