"""The player view's web side: a small read-only HTTP server on the console's
own asyncio loop (``server.py``), the page it serves (``page/``, package
data), and the QR code of its link (``qr.py``). What the page shows comes
only from ``gm_console.core.playerview.player_document``.

Nothing here is imported until the GM starts the view (aiohttp is loaded then):
the console's start-up does not pay for it.
"""
