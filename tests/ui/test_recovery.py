"""Never lose a fight: autosave after every action, recovery after a kill."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from gm_console.files import load_encounter
from gm_console.files.journal import journal_path, read_journal
from gm_console.files.paths import user_data_dir
from gm_console.ui.app import GMConsoleApp
from gm_console.ui.screens.confirm import Confirm
from tests.test_files import GOOD

ROOT = Path(__file__).resolve().parents[2]
KILLS = 20


def kill_at_random(path: Path, data_dir: Path, rng: random.Random) -> tuple[int, int]:
    """Start the console, let it apply some actions, SIGKILL it; return
    (actions acknowledged before the kill, actions in the recovered log)."""
    env = dict(os.environ, GM_CONSOLE_DATA_DIR=str(data_dir), PYTHONPATH=str(ROOT))
    proc = subprocess.Popen(
        [sys.executable, "-m", "tests.ui.kill_driver", str(path), "400"],
        cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
    )
    assert proc.stdout.readline().strip() == "ready"
    lines: list[str] = []
    reader = threading.Thread(target=lambda: lines.extend(iter(proc.stdout.readline, "")), daemon=True)
    reader.start()
    time.sleep(rng.uniform(0.05, 1.5))
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    reader.join(5)
    acked = 1  # the file's own log
    for line in lines:
        if line.startswith("applied "):
            acked = int(line.split()[1])
    recovered = read_journal(journal_path(data_dir / "recovery", path))
    assert recovered is not None
    return acked, len(recovered.game.log)


@pytest.mark.slow  # SIGKILLs a real console again and again
def test_sigkill_at_random_moments_loses_at_most_the_action_in_flight(tmp_path):
    rng = random.Random(1129)
    outcomes = []
    for i in range(KILLS):
        path = tmp_path / f"fight{i}.toml"
        path.write_text(GOOD)
        data_dir = tmp_path / f"data{i}"
        acked, recovered = kill_at_random(path, data_dir, rng)
        outcomes.append((acked, recovered))
        assert acked <= recovered <= acked + 1, f"kill {i}: {acked} actions shown, {recovered} recovered"
    assert any(acked > 5 for acked, _ in outcomes), outcomes  # the kills did land mid-fight


async def test_the_next_start_offers_recovery_and_restores_the_actions(tmp_path):
    path = tmp_path / "fight.toml"
    path.write_text(GOOD)
    first = GMConsoleApp(load_encounter(path), path=path)
    async with first.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        first.fight.apply_line("set gob hp 1")
        first.fight.apply_line("roll 3d6")
        lines = first.game.lines()
        first.fight.journal.close()  # simulate a crash: no clean exit, the journal stays
        first.fight.journal = None
    assert journal_path(user_data_dir() / "recovery", path).exists()

    second = GMConsoleApp(load_encounter(path), path=path)
    async with second.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert isinstance(second.screen, Confirm)
        await pilot.press("y")
        await pilot.pause()
        assert second.game.lines() == lines
        assert second.fight.dirty  # recovered actions are not saved until the GM saves


async def test_a_clean_quit_leaves_no_recovery_file(tmp_path):
    path = tmp_path / "fight.toml"
    path.write_text(GOOD)
    app = GMConsoleApp(load_encounter(path), path=path)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert journal_path(user_data_dir() / "recovery", path).exists()
        await pilot.press("ctrl+q")
        await pilot.pause()
    assert not journal_path(user_data_dir() / "recovery", path).exists()
