"""What a build change costs: each bundled encounter's recipe from ``gm-console new``
(tests/build/recipes.py), and a ``--set`` in a 50-unit fight. Not a test (timing is not
asserted): run it by hand, ``PYTHONPATH=$PWD python tests/build/measure.py``."""
import time
from pathlib import Path
from gm_console.build.draft import Draft
from gm_console.build.options import apply_option
from tests.build.recipes import recipe, systems
for name in ("conflict-relay-station.toml", "ctb-causeway-ambush.toml", "reactor-night-shift.toml"):
    steps = recipe(name)
    best = None
    for _ in range(3):
        d = Draft.new(Path("/tmp/build/m.toml"), systems(name))
        t0 = time.perf_counter()
        for o, t in steps:
            apply_option(d, o, t)
        dt = time.perf_counter() - t0
        best = dt if best is None else min(best, dt)
    print(f"{name}: {len(steps)} changes, {best*1000/len(steps):.1f} ms a change (best of 3), {len(d.text)} bytes")
d = Draft.new(Path("/tmp/build/m.toml"), ["ctb"])
apply_option(d, "--add", "library:raider count=48 side=foes zone=far")
t0 = time.perf_counter()
for i in range(20):
    apply_option(d, "--set", f"raider{i+1}.ctb.atk={10+i}")
print(f"50 units: {(time.perf_counter()-t0)*1000/20:.1f} ms a --set, {len(d.text)} bytes")
