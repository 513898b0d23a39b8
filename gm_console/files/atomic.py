"""Atomic file writes: the file is present, whole, at every instant.

Used for encounters, starters, the config and party files alike.
"""

from __future__ import annotations

import os
from pathlib import Path


def atomic_write(path: str | Path, data: bytes, *, backup: bool = True) -> None:
    """Write ``data`` to ``path`` so that a crash leaves the old or the new file,
    never a torn one: temporary file in the same folder, fsync, rename.
    The previous version is kept as ``NAME.bak`` when ``backup``."""
    import tempfile  # here, not at the top: with shutil and random it costs ~10 ms of every start, and only a save needs it

    path = Path(path)
    folder = path.parent if str(path.parent) else Path(".")
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        if backup and path.exists():
            bak = path.with_name(path.name + ".bak")
            try:
                os.replace(path, bak)
            except OSError:
                pass  # a missing backup must not stop the save itself
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise
    _fsync_dir(folder)


def _fsync_dir(folder: Path) -> None:
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
