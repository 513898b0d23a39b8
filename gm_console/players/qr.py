"""The player view's link as a QR code, drawn with text (segno makes the code).

Two rows of modules per line of text with half blocks, on a light quiet
zone: phones read it off the GM's terminal whatever its theme, as the
caller shows it black on white (``QR_STYLE``)."""

from __future__ import annotations

QR_STYLE = "#000000 on #ffffff"
BORDER = 2  # modules of quiet zone around the code


def qr_text(url: str) -> str:
    """``url`` as a QR code in half-block characters (a dark module is drawn)."""
    import segno

    code = segno.make(url, error="m", micro=False)
    rows = [[bool(m) for m in row] for row in code.matrix]
    width = len(rows[0]) + 2 * BORDER
    blank = [False] * width
    grid = [blank] * BORDER + [[False] * BORDER + r + [False] * BORDER for r in rows] + [blank] * BORDER
    if len(grid) % 2:
        grid.append(blank)
    chars = {(True, True): "█", (True, False): "▀", (False, True): "▄", (False, False): " "}
    return "\n".join("".join(chars[(top[i], bottom[i])] for i in range(width)) for top, bottom in zip(grid[::2], grid[1::2]))
