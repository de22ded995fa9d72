"""Large, realistic PBN files made on the spot, for the reader's speed tests and benchmark.

:func:`club_archive` writes what a bridge club's scoring program or a hand-record archive holds:
import format with CRLF line ends, ``%`` escape lines at the top, one game per board with the
identification tags, the Dealer and Vulnerable of the board number's cycle and a random deal;
``#`` inheritance of Event and Site (PBN §4.8); every few boards the contract, an Auction
section and a legal Play section of 13 tricks (each player follows suit when he can), a result
and brace and ``;`` comments. Deal-only boards dominate, as in the 1.9 MB, 7,632-game file of
issue 13 (about 250 bytes a game). Nothing is downloaded: the deals come from a seeded
:class:`random.Random`.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from vivant.cards import SEAT_LETTERS, SUIT_LETTERS, Card, CardSet, Seat, card_name, suit_of
from vivant.records import WhistDeal, WhistTrick, format_deal, trick_winner, write_whist_pbn

#: The dealer and vulnerability of boards 1..16, repeating (the standard board cycle).
VULNERABILITY = (
    *("None", "NS", "EW", "All", "NS", "EW", "All", "None"),
    *("EW", "All", "None", "NS", "All", "None", "NS", "EW"),
)
PLAYERS = ("Ann Lee", "Bob Hart", "Cy Moss", "Di Vane", "Ed Pike", "Flo Ray", "Gus Holt")
#: Every how many boards one carries a contract, an auction and the play.
PLAYED_EVERY = 8


def _hands(rng: random.Random) -> tuple[CardSet, CardSet, CardSet, CardSet]:
    pack = list(range(52))
    rng.shuffle(pack)
    h = [CardSet(pack[13 * i : 13 * i + 13]) for i in range(4)]
    return (h[0], h[1], h[2], h[3])


def _play(
    hands: tuple[CardSet, ...], leader: Seat, trump: int | None, rng: random.Random
) -> tuple[list[list[Card]], int]:
    """13 legal random tricks, each as the cards by seat N E S W, and the tricks N-S won."""
    held = [sorted(h) for h in hands]
    rows, ns = [], 0
    for _ in range(13):
        by_seat: dict[Seat, Card] = {}
        led: int | None = None
        for k in range(4):
            seat = (leader + k) % 4
            follow = [c for c in held[seat] if led is not None and suit_of(c) == led]
            card = rng.choice(follow or held[seat])
            held[seat].remove(card)
            by_seat[seat] = card
            led = suit_of(card) if led is None else led
        winner = trick_winner(by_seat, leader, trump)
        assert winner is not None
        ns += winner % 2 == 0
        rows.append([by_seat[s] for s in range(4)])
        leader = winner
    return rows, ns


def _played_board(
    hands: tuple[CardSet, ...], dealer: Seat, rng: random.Random
) -> tuple[list[str], list[str]]:
    """The contract tags and the Auction and Play sections of one played board."""
    denomination = rng.choice(("S", "H", "D", "C", "NT"))
    level = rng.randint(1, 4)
    declarer = dealer
    trump = None if denomination == "NT" else SUIT_LETTERS.index(denomination)
    leader = (declarer + 1) % 4
    rows, ns = _play(hands, leader, trump, rng)
    taken = ns if declarer % 2 == 0 else 13 - ns
    tags = [
        f'[Declarer "{SEAT_LETTERS[declarer]}"]',
        f'[Contract "{level}{denomination}"]',
        f'[Result "{taken}"]',
    ]
    sections = [
        f'[Auction "{SEAT_LETTERS[dealer]}"]',
        f"{level}{denomination} Pass Pass Pass",
        f'[Play "{SEAT_LETTERS[leader]}"]',
    ]
    for row in rows:  # seat columns from the opening leader (PBN §3.6)
        sections.append(" ".join(card_name(row[(leader + k) % 4]) for k in range(4)))
    tags.append("{made " + ("it" if taken >= level + 6 else "less") + "}")
    return tags, sections


def _boards(seed: int) -> Iterator[str]:
    rng = random.Random(seed)
    board = 0
    while True:
        board += 1
        number = (board - 1) % 16 + 1
        dealer = (number - 1) % 4
        hands = _hands(rng)
        first = board == 1
        names = rng.sample(PLAYERS, 4)
        lines = [
            '[Event "Tuesday Pairs"]' if first else '[Event "#"]',
            '[Site "Bath Bridge Club"]' if first else '[Site "#"]',
            f'[Date "2025.{(board // 64) % 12 + 1:02d}.{(board // 3) % 28 + 1:02d}"]',
            f'[Board "{board}"]',
            *(
                f'[{seat} "{name}"]'
                for seat, name in zip(("West", "North", "East", "South"), names, strict=True)
            ),
            f'[Dealer "{SEAT_LETTERS[dealer]}"]',
            f'[Vulnerable "{VULNERABILITY[number - 1]}"]',
            f'[Deal "{format_deal(hands, dealer)}"]',
        ]
        if board % PLAYED_EVERY == 0:
            tags, sections = _played_board(hands, dealer, rng)
            lines += ['[Scoring "MP"]', *tags, "; the table's own result", *sections]
        yield "\r\n".join(lines) + "\r\n\r\n"


def club_archive(size: int, seed: int = 0) -> str:
    """A PBN file of at least ``size`` characters (whole games) in the shape described above."""
    parts = ["% PBN 2.1\r\n% Tuesday Pairs, all sessions\r\n"]
    total = len(parts[0])
    for text in _boards(seed):
        if total >= size:
            break
        parts.append(text)
        total += len(text)
    return "".join(parts)


#: Damaged text, each a piece repeated along one line (no line end for the whole file): a
#: reader that looks ahead to the end of the line for each piece takes quadratic time on it.
DAMAGED_PIECES = {
    "tags without a value": "[Board]",
    "repeated tag pairs": '[Board "1"] ',
    "brackets without a tag": "[]",
    "stray closing brackets": "]",
    "unknown play tokens": "SA # ",
}


def damaged_line(piece: str, size: int) -> str:
    """A game whose Play section goes on in one line of ``piece`` repeated to ``size`` chars."""
    head = '[Dealer "N"]\n[Deal "N:AKQJ.T98.765.432 - - -"]\n[Play "N"]\n'
    return head + piece * (size // len(piece) + 1)


def whist_archive(size: int, seed: int = 0) -> str:
    """A whist-profile file of at least ``size`` characters: Mort deals one after another (the
    dealer in turn, the dealer's last card turned for trump, N the dummy, 13 legal random
    tricks and the tricks won), as a club's archive of many sittings would hold them."""
    rng = random.Random(seed)
    deals: list[WhistDeal] = []
    count = 1
    while len(deals) < count:
        board = len(deals) + 1
        dealer = (board - 1) % 4
        hands = _hands(rng)
        turn_up = max(hands[dealer], key=lambda c: rng.random())
        trump = suit_of(turn_up)
        rows, ns = _play(hands, (dealer + 1) % 4, trump, rng)
        tricks, leader = [], (dealer + 1) % 4
        for row in rows:
            tricks.append(WhistTrick(leader, tuple(row[(leader + k) % 4] for k in range(4))))
            winner = trick_winner(tuple(row), leader, trump)
            assert winner is not None
            leader = winner
        deal = WhistDeal(
            "Mort",
            dealer,
            hands,
            trump,
            turn_up=turn_up,
            dummies=frozenset({0}),
            tricks=tuple(tricks),
            tricks_won=(("NS", ns), ("EW", 13 - ns)),
            board=board,
            players=("Mort", *rng.sample(PLAYERS, 3)),  # type: ignore[arg-type]
        )
        deals.append(deal)
        if board == 1:  # the games are all about as long as the first
            count = size // len(write_whist_pbn([deal])) + 1
    return write_whist_pbn(deals)
