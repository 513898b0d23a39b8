"""gm-console: a table-side game-master console for the terminal."""

__version__ = "0.1.0"
