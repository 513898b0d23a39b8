"""Widgets shared by every screen: one widget per module."""
