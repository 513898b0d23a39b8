"""SHA-256 for the file layer's keys and checks (the reopen cache, journal names).

``hashlib`` is not imported for it: its import sets up OpenSSL's every digest
(``_hashlib``, ``_blake2``), about 640 KB of memory and 3 ms for a console that
hashes a few files as it opens one (measured against a bare Textual app, which
has none of it). CPython's own SHA-256 module gives the same digests; where an
interpreter has none (it is a private module, ``_sha256`` up to 3.11,
``_sha2`` from 3.12), hashlib's is taken.
"""

from __future__ import annotations

try:
    from _sha256 import sha256
except ImportError:  # pragma: no cover - another interpreter
    try:
        from _sha2 import sha256  # type: ignore[no-redef]
    except ImportError:
        from hashlib import sha256  # type: ignore[no-redef]

__all__ = ["sha256"]
