"""CTB system tests."""
