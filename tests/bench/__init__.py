"""Benchmarks: `python tests/bench/run.py` prints figures (never part of the test run)."""
