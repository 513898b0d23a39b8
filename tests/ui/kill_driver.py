"""Run the real console headless and apply actions through the prompt,
printing an acknowledgement after each one is shown. The kill test runs
this in a subprocess and SIGKILLs it at random moments."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

from gm_console.files import load_encounter
from gm_console.ui.app import GMConsoleApp
from gm_console.ui.widgets.action_prompt import ActionPrompt


async def main(path: str, count: int) -> None:
    app = GMConsoleApp(load_encounter(path), path=Path(path))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        print("ready", flush=True)
        prompt = app.query_one(ActionPrompt)
        for i in range(count):
            prompt.value = f"set kai hp {i}" if i % 3 else "roll 2d20"
            await pilot.press("enter")
            await pilot.pause()
            print(f"applied {len(app.game.log)}", flush=True)


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], int(sys.argv[2])))
