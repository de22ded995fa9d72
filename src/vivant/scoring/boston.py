"""Boston's settlement as pure functions: the bid ladder, the win and loss tables, misère values,
misère partout and the pool (docs/rules/boston.md §4 and §6).

Amounts are white counters; a red counter is ten white (BO-1.2, D-BO7). Every payment of a hand
passes between the single player and each of his three adversaries alike ("he and his partners",
BO-2.8 a), except in misère partout, where the player with most tricks pays each other player.

>>> win_value(7, 7), win_value(5, 8), win_value(6, 12)  # BOV-12, BOV-13, BOV-14
(18, 13, 20)
>>> loss_value(8, 2), loss_value(8, 2, original=True)  # BOV-4
(35, 34)
>>> partout_payments((4, 3, 3, 3))  # BOV-7: one red to each from the 4-trick player
(-30, 10, 10, 10)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

#: White counters in a red one (BO-1.2, D-BO7).
RED: Final = 10

#: The suit classes of a trick bid, lowest first (BO-4.3): a plain suit, the other suit of the
#: turned colour ("colour", second preference), the turned suit (first preference).
CLASSES: Final = ("plain", "colour", "pref")

#: The misère-type bids and their values (BO-6.3), each double the one before.
MISERE_VALUES: Final = {
    "little-misere": 20,
    "grand-misere": 40,
    "little-spread": 80,
    "grand-spread": 160,
}

#: Tricks the misère-type bidder plays to lose: little bids play twelve after a discard (BO-5.2).
MISERE_TRICKS: Final = {
    "little-misere": 12,
    "grand-misere": 13,
    "little-spread": 12,
    "grand-spread": 13,
}

#: The names of the trick bids by the tricks they promise (BO-4.2).
TRICK_WORDS: Final = {
    5: "boston",
    6: "six",
    7: "seven",
    8: "eight",
    9: "nine",
    10: "ten",
    11: "eleven",
    12: "twelve",
    13: "slam",
}

#: The trick bids' numbers in words, as a bid is called (BO-4.2): the bid of five tricks is a
#: "Boston", of thirteen a "grand slam".
NUMBER_WORDS: Final = {
    5: "Boston",
    6: "six",
    7: "seven",
    8: "eight",
    9: "nine",
    10: "ten",
    11: "eleven",
    12: "twelve",
    13: "grand slam",
}

#: The suit classes in words (BO-4.3): "six in colour".
CLASS_WORDS: Final = {"plain": "in a plain suit", "colour": "in colour", "pref": "in preference"}

#: The misère-type bids in words (BO-4.2).
MISERE_WORDS: Final = {
    "little-misere": "little misère",
    "grand-misere": "grand misère",
    "little-spread": "little spread",
    "grand-spread": "grand spread",
}

#: The ladder of BO-4.2 (D-BO1), lowest rung first: a number is a trick bid, a name a misère.
LADDER: Final[tuple[int | str, ...]] = (
    5,
    6,
    7,
    "little-misere",
    8,
    9,
    "grand-misere",
    10,
    11,
    "little-spread",
    12,
    "grand-spread",
    13,
)

# BO-6.1 (D-BO6): W(bid, taken), white counters from each adversary; row = bid, column = taken.
_WIN_ROWS: Final = {
    5: (12, 12, 13, 13, 14, 14, 14, 15, 15),
    6: (15, 16, 16, 17, 18, 19, 20, 20),
    7: (18, 20, 21, 22, 23, 24, 26),
    8: (23, 24, 26, 28, 29, 31),
    9: (32, 34, 36, 39, 41),
    10: (42, 45, 48, 51),
    11: (64, 69, 73),
    12: (109, 117),
    13: (170,),
}

# BO-6.2: L(bid, short) — Foster's decimal table (default) and his original one.
_LOSS_DECIMAL: Final = {
    5: (10, 20, 30, 40, 50),
    6: (15, 25, 35, 45, 55, 65),
    7: (20, 30, 40, 50, 60, 70, 80),
    8: (25, 35, 45, 55, 70, 85, 100, 115),
    9: (35, 45, 55, 65, 80, 95, 110, 125, 140),
    10: (45, 55, 70, 80, 95, 110, 125, 140, 155, 170),
    11: (70, 80, 95, 110, 125, 140, 155, 170, 185, 200, 220),
    12: (120, 130, 145, 160, 180, 200, 220, 240, 260, 280, 300, 320),
    13: (180, 200, 220, 240, 260, 280, 300, 320, 340, 360, 390, 420, 450),
}
_LOSS_ORIGINAL: Final = {
    5: (11, 21, 31, 41, 50),
    6: (15, 24, 35, 45, 55, 66),
    7: (19, 29, 40, 50, 60, 72, 82),
    8: (23, 34, 46, 56, 67, 78, 89, 110),
    9: (33, 44, 57, 68, 82, 92, 103, 115, 127),
    10: (44, 56, 70, 82, 94, 107, 119, 132, 145, 157),
    11: (67, 80, 95, 109, 123, 138, 151, 165, 180, 194, 208),
    12: (113, 130, 148, 165, 182, 200, 217, 234, 252, 270, 286, 304),
    13: (177, 198, 222, 241, 262, 284, 305, 326, 348, 369, 390, 412, 433),
}

#: The dealer's stake to the pool, once per turn to deal (BO-6.6, D-BO9 a).
POOL_STAKE: Final = 5
#: Forfeits to the pool: a misdeal (BO-2.3, BO-2.8 d); an irregularity against a misère or a
#: revoke in misère partout (BO-5.8, BO-5.5).
MISDEAL_FORFEIT: Final = 1 * RED
IRREGULARITY_FORFEIT: Final = 4 * RED
#: What a revoker in misère partout pays each other player (BO-5.5), and a short player there
#: (BO-2.8 c).
PARTOUT_FORFEIT: Final = 5 * RED
#: Tricks a revoke moves in a trick bid (D-BO13 a, b).
REVOKE_TRICKS: Final = 3


@dataclass(frozen=True, slots=True)
class Bid:
    """A call of the auction: a trick bid (``tricks`` 5–13 with its suit ``klass``) or a
    misère-type bid (``misere`` names it). ``rung`` is its place on the ladder (BO-4.2)."""

    tricks: int = 0
    klass: str = ""
    misere: str = ""

    @property
    def rung(self) -> int:
        return LADDER.index(self.misere or self.tricks)

    @property
    def is_misere(self) -> bool:
        return bool(self.misere)

    def rank(self) -> tuple[int, int]:
        """The order of bids: by rung, then by suit class on a trick rung (BO-4.3)."""
        return self.rung, CLASSES.index(self.klass) if self.klass else 0

    def outranks(self, other: Bid | None) -> bool:
        return other is None or self.rank() > other.rank()

    def name(self) -> str:
        """The bid as an option of the auction: ``six-colour``, ``little-misere``."""
        return self.misere or f"{TRICK_WORDS[self.tricks]}-{self.klass}"

    def words(self) -> str:
        """The bid as it is called (BO-4.2, BO-4.3): ``six in colour``, ``Boston in a plain
        suit``, ``grand slam in preference``, ``little misère``."""
        if self.misere:
            return MISERE_WORDS[self.misere]
        return f"{NUMBER_WORDS[self.tricks]} {CLASS_WORDS[self.klass]}"

    @property
    def value(self) -> int:
        """A misère-type bid's value (BO-6.3)."""
        return MISERE_VALUES[self.misere]


#: Every bid, lowest first.
ALL_BIDS: Final = tuple(
    sorted(
        [Bid(misere=m) for m in MISERE_VALUES]
        + [Bid(tricks=t, klass=k) for t in TRICK_WORDS for k in CLASSES],
        key=Bid.rank,
    )
)
BIDS_BY_NAME: Final = {b.name(): b for b in ALL_BIDS}


def win_value(bid: int, taken: int) -> int:
    """BO-6.1: what each adversary pays a trick bidder who made ``bid`` with ``taken`` tricks."""
    if not 5 <= bid <= taken <= 13:
        raise ValueError(f"a bid of {bid} is not made with {taken} tricks")
    return _WIN_ROWS[bid][taken - bid]


def loss_value(bid: int, short: int, *, original: bool = False) -> int:
    """BO-6.2: what a failed trick bidder pays each adversary, ``short`` tricks short, by
    Foster's decimal table or (``original``) his original one."""
    if not 5 <= bid <= 13 or not 1 <= short <= bid:
        raise ValueError(f"a bid of {bid} cannot be {short} tricks short")
    return (_LOSS_ORIGINAL if original else _LOSS_DECIMAL)[bid][short - 1]


def trick_bid_value(bid: int, taken: int, *, original: bool = False) -> int:
    """Each adversary's payment to the trick bidder with ``taken`` tricks: the win table when
    made, minus the loss table when not (BO-6.1, BO-6.2)."""
    if taken >= bid:
        return win_value(bid, taken)
    return -loss_value(bid, bid - taken, original=original)


def partout_payments(tricks: Sequence[int]) -> tuple[int, ...]:
    """BO-6.4 (D-BO8): in misère partout each player with most tricks pays every player with
    fewer the difference in red counters; nothing passes between the tied. White counters,
    net per player."""
    most = max(tricks)
    net = [0] * len(tricks)
    for i, t in enumerate(tricks):
        if t != most:
            continue
        for j, u in enumerate(tricks):
            if u < most:
                net[i] -= (most - u) * RED
                net[j] += (most - u) * RED
    return tuple(net)


def single_payments(bidder: int, each: int, players: int = 4) -> tuple[int, ...]:
    """The net of a hand where each adversary pays the bidder ``each`` (negative: the bidder pays
    each adversary): the bidder's gain is three times it."""
    return tuple(each * (players - 1) if s == bidder else -each for s in range(players))


def pool_after(pool: int, *, won: bool) -> tuple[int, int]:
    """D-BO9 (b), (c): a successful bid takes the whole pool; a failed one doubles it. Returns
    (the pool after, what the bidder receives from it — negative when he pays in)."""
    if won:
        return 0, pool
    return 2 * pool, -pool


def share_pool(pool: int, first: int, players: int = 4) -> tuple[int, ...]:
    """D-BO9 (f): the pool left at the end of a session, divided equally; a remainder of one to
    three white counters goes one each in rotation from ``first`` (the last dealer's left)."""
    base, rest = divmod(pool, players)
    return tuple(base + (1 if (s - first) % players < rest else 0) for s in range(players))
