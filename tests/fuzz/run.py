"""Long fuzz campaigns against the encounter loader and the action notation.

    python tests/fuzz/run.py --files 100000 --actions 100000 [--seed 1] [--limit 5]

Case ``i`` of a campaign uses ``random.Random(f"{seed}:{kind}:{i}")``, so any
failure is replayed alone with ``--replay files:i`` (or ``actions:i``).
Every case has ``--limit`` seconds (signal.alarm); one that takes longer is
counted as hung. Prints the figures and the first few failures of each
kind, and exits 1 when any figure but "tried" is not zero.
"""

from __future__ import annotations

import argparse
import collections
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent.parent))

from tests.fuzz import ActionCampaign, Hung, Outcome, file_case, time_limit  # noqa: E402


def run(kind: str, count: int, seed: str, limit: int, figures: collections.Counter, samples: dict[str, list[str]], start: int = 0) -> None:
    campaign = ActionCampaign(seed) if kind == "actions" else None
    began = time.monotonic()
    for i in range(start, start + count):
        try:
            with time_limit(limit):
                outcome, what = campaign.case(i) if campaign else file_case(seed, i)
        except Hung:
            outcome, what = Outcome("hung", f"more than {limit} s"), f"{kind}:{i}"
            if campaign:
                campaign.game = None
        figures[f"{kind} tried"] += 1
        if outcome is not None:
            figures[f"{kind} {outcome.kind}"] += 1
            bucket = samples.setdefault(f"{kind} {outcome.kind}", [])
            if len(bucket) < 8:
                bucket.append(f"[{kind}:{i}] {what}\n      {outcome.detail}")
        if (i - start + 1) % 5000 == 0:
            rate = (i - start + 1) / (time.monotonic() - began)
            bad = sum(v for k, v in figures.items() if k.startswith(kind) and not k.endswith("tried"))
            print(f"  {kind}: {i - start + 1:,} of {count:,} ({rate:,.0f}/s), {bad} failing", flush=True)


KINDS = ("uncaught", "hung", "unnamed", "reload")
LABELS = {"uncaught": "uncaught", "hung": "hung", "unnamed": "message without file and key path", "reload": "saved log that does not reload"}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--files", type=int, default=1000, help="mutated encounter files to load")
    parser.add_argument("--actions", type=int, default=1000, help="action lines to push")
    parser.add_argument("--seed", default="1", help="campaign seed (any string)")
    parser.add_argument("--limit", type=int, default=5, help="seconds per case before it counts as hung")
    parser.add_argument("--replay", help="run one case only, as files:I or actions:I")
    args = parser.parse_args(argv)
    figures: collections.Counter = collections.Counter()
    samples: dict[str, list[str]] = {}
    began = time.monotonic()
    if args.replay:
        kind, _, index = args.replay.partition(":")
        start = int(index)
        if kind == "actions":  # the game state depends on the stretch's earlier lines: replay them too
            stretch = start - start % ActionCampaign.RESET
            run(kind, start - stretch + 1, args.seed, args.limit, figures, samples, start=stretch)
        else:
            run(kind, 1, args.seed, args.limit, figures, samples, start=start)
    else:
        print(f"fuzz campaign: seed {args.seed!r}, {args.files:,} files, {args.actions:,} action lines, {args.limit} s per case", flush=True)
        run("files", args.files, args.seed, args.limit, figures, samples)
        run("actions", args.actions, args.seed, args.limit, figures, samples)
    print(f"\nfinished in {time.monotonic() - began:,.0f} s")
    failing = 0
    for kind in ("files", "actions"):
        tried = figures[f"{kind} tried"]
        if not tried:
            continue
        row = [f"{kind:8} tried {tried:>8,}"] + [f"{LABELS[k]} {figures[f'{kind} {k}']:,}" for k in KINDS]
        print(" | ".join(row))
        failing += sum(figures[f"{kind} {k}"] for k in KINDS)
    for key, bucket in samples.items():
        print(f"\n{key} (first {len(bucket)}):")
        for sample in bucket:
            print("  " + sample)
    return 1 if failing else 0


if __name__ == "__main__":
    sys.exit(main())
