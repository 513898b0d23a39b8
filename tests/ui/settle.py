"""Waiting for what a Textual app does, instead of pausing for a fixed time: on a loaded
machine (the suite's other workers) a fixed pause is sometimes too short."""

from __future__ import annotations

from collections.abc import Callable

from textual.pilot import Pilot

from gm_console.ui.app import FRAME_OUT

QUIET = 3  # pauses in a row (each FRAME_OUT long) with nothing laid out, painted or waiting to be
TRIES = 200


async def settle(pilot: Pilot) -> None:
    """Pause until the screen is still: ``QUIET`` pauses in a row, each as long
    as the fight puts work off after a frame (``FRAME_OUT``, ``after_frame``),
    in which it lays nothing out, paints nothing and no widget waits to be laid
    out. What the console does as it opens or after an action lands after a
    bare ``pilot.pause()`` on a loaded machine (the key bar is built after a
    refresh once focus settles; the odds and the timeline after the frame),
    inside whatever a test counts next: test_repaint's key press "laid out" the
    key bar's first build, now and then, in a parallel run."""
    screen = pilot.app.screen
    layout, paint = screen._refresh_layout, screen._compositor_refresh
    work: list[str] = []

    def laid_out(*args, **kwargs):
        work.append("layout")
        return layout(*args, **kwargs)

    def painted(*args, **kwargs):
        work.append("paint")
        return paint(*args, **kwargs)

    screen._refresh_layout, screen._compositor_refresh = laid_out, painted
    try:
        quiet = 0
        for _ in range(TRIES):
            before = len(work)
            await pilot.pause(FRAME_OUT)
            pending = screen._layout_required or any(w._layout_required for w in screen.walk_children())
            quiet = quiet + 1 if len(work) == before and not pending else 0
            if quiet == QUIET:
                return
        raise AssertionError(f"the screen was still busy after {TRIES} pauses: {work[-10:]}")
    finally:
        del screen._refresh_layout, screen._compositor_refresh  # Screen's own again


async def palette_searched(pilot: Pilot, timeout: float = 30.0) -> None:
    """Pause until the command palette has searched for what is typed in it.
    Textual's palette gathers its hits on a worker, begun again at each key;
    a fixed pause after typing (0.5 s) raced it, and Enter could pick from the
    hits of fewer keys than were typed, or none, on a loaded machine."""
    from textual.command import CommandPalette
    from textual.worker import WorkerState

    app = pilot.app
    waited = 0.0
    while True:
        await pilot.pause()
        palette = app.screen
        assert isinstance(palette, CommandPalette), palette
        gathering = [
            w for w in app.workers
            if w.node is palette and w.group == CommandPalette._GATHER_COMMANDS_GROUP
            and w.state in (WorkerState.PENDING, WorkerState.RUNNING)
        ]
        if not gathering:
            await pilot.pause()  # the last hits onto the list
            return
        if waited > timeout:
            raise AssertionError(f"the palette was still searching after {timeout:.0f} s")
        await pilot.pause(0.02)
        waited += 0.02


async def until(pilot: Pilot, condition: Callable[[], object], what: str, timeout: float = 30.0) -> None:
    """Pause, a little at a time, until ``condition()`` holds (``timeout``
    seconds at most): for what the console does a while after something else
    (after its first frame, after a timer), where a fixed pause is too short on
    a loaded machine."""
    waited = 0.0
    while not condition():
        if waited > timeout:
            raise AssertionError(f"waited {timeout:.0f} s for {what}")
        await pilot.pause(0.02)
        waited += 0.02
