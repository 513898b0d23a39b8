"""Files: encounter TOML read/validate/write (atomic), bundled data, paths.

This is where the pure core meets the disk; the core itself never opens a file.
"""

from gm_console.files.encounter_io import (
    EncounterFileError,
    atomic_write,
    check_file,
    dumps_encounter,
    load_encounter,
    loads_encounter,
    save_encounter,
)

__all__ = [
    "EncounterFileError",
    "atomic_write",
    "check_file",
    "dumps_encounter",
    "load_encounter",
    "loads_encounter",
    "save_encounter",
]
