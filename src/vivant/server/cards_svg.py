"""Card faces and the card back as SVG, generated here (no third-party art).

Pure functions returning SVG text, in the ``chess.svg`` manner: the suit shapes are drawn as
paths once per image (``<symbol>``) and placed with ``<use>``. Number cards carry the classic pip
layouts, pips in the lower half turned; aces one large pip; the court cards a framed panel with
the rank's letter and the suit, since no figure art is shipped.

>>> svg = card_svg(parse_card("HQ"))
>>> svg.startswith("<svg") and "Q" in svg
True
"""

from __future__ import annotations

from functools import cache

from vivant.cards import Card, parse_card

W, H = 240, 336
RED = "#b3122b"
BLACK = "#17171a"

#: The four suits as paths in a 100 × 100 box (spades, hearts, diamonds, clubs).
SUIT_PATHS = (
    "M50 4 C38 24 8 40 8 62 C8 80 30 88 45 74 C44 84 40 92 32 97 L68 97 C60 92 56 84 55 74 "
    "C70 88 92 80 92 62 C92 40 62 24 50 4 Z",
    "M50 95 C34 76 6 58 6 34 C6 14 22 5 34 5 C44 5 48 12 50 18 C52 12 56 5 66 5 C78 5 94 14 "
    "94 34 C94 58 66 76 50 95 Z",
    "M50 3 C60 20 74 36 90 50 C74 64 60 80 50 97 C40 80 26 64 10 50 C26 36 40 20 50 3 Z",
    "M50 6 C62 6 70 15 70 26 C70 33 67 38 63 42 C67 40 71 39 75 39 C86 39 95 48 95 59 "
    "C95 70 86 79 75 79 C66 79 59 74 55 66 C56 80 60 89 68 97 L32 97 C40 89 44 80 45 66 "
    "C41 74 34 79 25 79 C14 79 5 70 5 59 C5 48 14 39 25 39 C29 39 33 40 37 42 C33 38 30 33 30 26 "
    "C30 15 38 6 50 6 Z",
)
RANK_TEXT = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
SUIT_NAMES = ("spades", "hearts", "diamonds", "clubs")
RANK_NAMES = (*RANK_TEXT[:9], "jack", "queen", "king", "ace")

# Pip positions as (column, row) in a 3 × 7 grid of the pip field; row 3 is the middle.
_L, _M, _R = 0, 1, 2
PIPS: dict[int, tuple[tuple[int, float], ...]] = {
    2: ((_M, 0), (_M, 6)),
    3: ((_M, 0), (_M, 3), (_M, 6)),
    4: ((_L, 0), (_R, 0), (_L, 6), (_R, 6)),
    5: ((_L, 0), (_R, 0), (_M, 3), (_L, 6), (_R, 6)),
    6: ((_L, 0), (_R, 0), (_L, 3), (_R, 3), (_L, 6), (_R, 6)),
    7: ((_L, 0), (_R, 0), (_M, 1.5), (_L, 3), (_R, 3), (_L, 6), (_R, 6)),
    8: ((_L, 0), (_R, 0), (_M, 1.5), (_L, 3), (_R, 3), (_M, 4.5), (_L, 6), (_R, 6)),
    9: ((_L, 0), (_R, 0), (_L, 2), (_R, 2), (_M, 3), (_L, 4), (_R, 4), (_L, 6), (_R, 6)),
    10: (
        (_L, 0),
        (_R, 0),
        (_M, 1),
        (_L, 2),
        (_R, 2),
        (_L, 4),
        (_R, 4),
        (_M, 5),
        (_L, 6),
        (_R, 6),
    ),
}


def _colour(suit: int) -> str:
    return RED if suit in (1, 2) else BLACK


def _symbol(suit: int) -> str:
    return (
        f'<symbol id="s{suit}" viewBox="0 0 100 100">'
        f'<path d="{SUIT_PATHS[suit]}" fill="{_colour(suit)}"/></symbol>'
    )


def _use(suit: int, x: float, y: float, size: float, turned: bool = False) -> str:
    """A suit shape centred on (x, y), ``size`` wide, turned half round if ``turned``."""
    h = size / 2
    t = f' transform="rotate(180 {x:.1f} {y:.1f})"' if turned else ""
    return (
        f'<use href="#s{suit}" x="{x - h:.1f}" y="{y - h:.1f}" '
        f'width="{size:.1f}" height="{size:.1f}"{t}/>'
    )


def _index(suit: int, rank: int) -> str:
    """The corner indices: rank over a small suit, top left and (turned) bottom right."""
    text = RANK_TEXT[rank]
    size = 38 if len(text) == 1 else 34
    spacing = ' letter-spacing="-3"' if len(text) > 1 else ""
    corner = (
        f'<text x="25" y="46" font-family="Georgia, \'DejaVu Serif\', serif" font-size="{size}" '
        f'font-weight="bold" text-anchor="middle" fill="{_colour(suit)}"{spacing}>{text}</text>'
        + _use(suit, 25, 66, 24)
    )
    return f'<g>{corner}</g><g transform="rotate(180 {W / 2} {H / 2})">{corner}</g>'


def _pips(suit: int, rank: int) -> str:
    n = rank + 2
    xs = (80, W / 2, W - 80)
    top, bottom = 64, H - 64
    out = []
    for col, row in PIPS[n]:
        y = top + (bottom - top) * row / 6
        out.append(_use(suit, xs[col], y, 46, turned=row > 3))
    return "".join(out)


def _court(suit: int, rank: int) -> str:
    """A framed panel: the suit's colour wash, the rank letter, the suit above and below."""
    c = _colour(suit)
    wash = "#f7e3e6" if c == RED else "#e4e7ef"
    letter = RANK_TEXT[rank]
    title = {9: "JACK", 10: "QUEEN", 11: "KING"}[rank]
    return (
        f'<rect x="50" y="46" width="{W - 100}" height="{H - 92}" rx="8" fill="{wash}" '
        f'stroke="#c9a227" stroke-width="4"/>'
        f'<rect x="58" y="54" width="{W - 116}" height="{H - 108}" rx="5" fill="none" '
        f'stroke="{c}" stroke-width="1.5"/>'
        + _use(suit, W / 2, 92, 42)
        + f'<text x="{W / 2}" y="{H / 2 + 34}" font-family="Georgia, \'DejaVu Serif\', serif" '
        f'font-size="104" font-weight="bold" text-anchor="middle" fill="{c}">{letter}</text>'
        f'<text x="{W / 2}" y="{H / 2 + 62}" font-family="Georgia, \'DejaVu Serif\', serif" '
        f'font-size="15" letter-spacing="4" text-anchor="middle" fill="#8a6d12">{title}</text>'
        + _use(suit, W / 2, H - 92, 42, turned=True)
    )


@cache
def card_svg(card: Card) -> str:
    """The face of ``card`` (0..51) as a standalone SVG document, 240 × 336 units."""
    if not 0 <= card < 52:
        raise ValueError(f"no card {card!r}")
    suit, rank = divmod(card, 13)
    if rank == 12:
        body = _use(suit, W / 2, H / 2, 120 if suit == 0 else 96)
    elif rank >= 9:
        body = _court(suit, rank)
    else:
        body = _pips(suit, rank)
    label = RANK_NAMES[rank]
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W} {H}" width="{W}" '
        f'height="{H}" role="img" aria-label="{label} of {SUIT_NAMES[suit]}">'
        f"<defs>{_symbol(suit)}</defs>"
        f'<rect x="1.5" y="1.5" width="{W - 3}" height="{H - 3}" rx="16" fill="#fffdf8" '
        f'stroke="#9a968c" stroke-width="3"/>' + _index(suit, rank) + body + "</svg>"
    )


@cache
def back_svg() -> str:
    """The card back: a deep red lattice inside a white border."""
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W} {H}" width="{W}" '
        f'height="{H}" role="img" aria-label="card back">'
        '<defs><pattern id="p" width="24" height="24" patternUnits="userSpaceOnUse" '
        'patternTransform="rotate(45)">'
        '<rect width="24" height="24" fill="#7a1424"/>'
        '<path d="M0 12 H24 M12 0 V24" stroke="#a8323f" stroke-width="3"/>'
        '<circle cx="12" cy="12" r="3.2" fill="#d9b45a"/></pattern></defs>'
        f'<rect x="1.5" y="1.5" width="{W - 3}" height="{H - 3}" rx="16" fill="#fffdf8" '
        f'stroke="#9a968c" stroke-width="3"/>'
        f'<rect x="16" y="16" width="{W - 32}" height="{H - 32}" rx="9" fill="url(#p)" '
        'stroke="#d9b45a" stroke-width="3"/>'
        f'<rect x="26" y="26" width="{W - 52}" height="{H - 52}" rx="6" fill="none" '
        'stroke="#f3e2b3" stroke-width="1.5"/>'
        "</svg>"
    )


__all__ = ["back_svg", "card_svg", "parse_card"]
