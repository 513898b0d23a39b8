"""Rule systems, one package each; each exposes ``SYSTEM`` (a ``System``)."""
