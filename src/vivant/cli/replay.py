"""``vivant replay FILE``: step through a sitting trick by trick in the terminal.

FILE is an event log (JSON) or a whist-profile PBN file. Each deal opens with its board, game,
dealer, trump and the four hands as held in play; then each step shows one trick — who led, the
card of each seat, the winner, the tricks so far — and the cards left in the hands.

Keys, one line each: Enter for the next trick, ``b`` to go back one, ``q`` to quit; the end of
input quits too, so a script can be piped in. ``--all`` prints every step without asking.
A PBN file is replayed as far as it could be read; its problems are listed on standard error.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from dataclasses import dataclass
from typing import IO, Any

from rich.console import Console
from rich.text import Text

from vivant.cards import SEAT_LETTERS, SUIT_SYMBOLS, CardSet, Seat, card_name
from vivant.cli.play import make_console, suit_line
from vivant.cli.record import load, report
from vivant.errors import InvalidNotationError
from vivant.records.pbn_whist import WhistDeal, WhistTrick
from vivant.records.sitting import TRAY_TAG
from vivant.trick import winning_seat

PROMPT = "[Enter] next trick, b back, q quit: "


def register(subparsers: Any) -> None:
    p = subparsers.add_parser(
        "replay",
        help="step through a sitting trick by trick (event log or PBN)",
        description="Replay the deals of an event log or a whist-profile PBN file trick by "
        "trick: Enter for the next trick, b back, q quit.",
    )
    p.add_argument("file", metavar="FILE", help="an event log (JSON) or a PBN file")
    p.add_argument("--all", action="store_true", help="print every trick without asking")
    p.set_defaults(func=run)


@dataclass(frozen=True)
class Frame:
    """One step: deal ``deal`` after ``tricks`` of its tricks (0: the deal as it opens)."""

    deal: int
    tricks: int


def side_label(deal: WhistDeal, seat: Seat) -> str:
    """The side a trick counts for: NS or EW, or the seat itself when only two hands play."""
    if deal.dead:
        return SEAT_LETTERS[seat]
    return "NS" if seat % 2 == 0 else "EW"


def trick_seats(deal: WhistDeal, leader: Seat, n: int) -> list[Seat]:
    """The seats that play the first ``n`` cards of a trick led by ``leader`` (live seats,
    clockwise)."""
    live = deal.live_seats
    start = live.index(leader)
    return [live[(start + k) % len(live)] for k in range(n)]


def trick_taker(deal: WhistDeal, trick: WhistTrick) -> Seat | None:
    """The seat that won a complete trick (``None`` while it is not complete)."""
    if len(trick.cards) != len(deal.live_seats):
        return None
    seats = trick_seats(deal, trick.leader, len(trick.cards))
    return winning_seat(dict(zip(seats, trick.cards, strict=True)), trick.leader, deal.trump)


def frames_of(deals: list[WhistDeal]) -> list[Frame]:
    return [Frame(k, i) for k, d in enumerate(deals) for i in range(len(d.tricks) + 1)]


def deal_header(deal: WhistDeal, number: int) -> str:
    board = deal.board if deal.board is not None else number
    trump = "no trumps" if deal.trump is None else f"{SUIT_SYMBOLS[deal.trump]} trumps"
    tray = dict(deal.extra_tags).get(TRAY_TAG)  # Duplicate Whist: the board is a tray
    label = f"Board {board}" if tray is None else f"Tray {board} ({tray})"
    parts = [f"{label} — {deal.variant}", f"dealer {_seat_name(deal, deal.dealer)}", trump]
    if deal.turn_up is not None:
        parts.append(f"turn-up {card_name(deal.turn_up)}")
    if tray is not None and deal.declared_by is not None:
        parts.append("declared for the session")
    elif deal.declared_by is not None:
        parts.append(f"declared by {_seat_name(deal, deal.declared_by)}")
    return ", ".join(parts)


def _seat_name(deal: WhistDeal, seat: Seat) -> str:
    name = deal.players[seat]
    return f"{SEAT_LETTERS[seat]} ({name})" if name and name != "?" else SEAT_LETTERS[seat]


def render(console: Console, deals: list[WhistDeal], frame: Frame) -> None:
    """Print one step of the replay."""
    deal = deals[frame.deal]
    held = deal.played_hands()
    played = 0
    won: dict[str, int] = {}
    for trick in deal.tricks[: frame.tricks]:
        for c in trick.cards:
            played |= 1 << c
        winner = trick_taker(deal, trick)
        if winner is not None:
            won[side_label(deal, winner)] = won.get(side_label(deal, winner), 0) + 1
    if frame.tricks == 0:
        console.print()
        console.print(Text(deal_header(deal, frame.deal + 1), "bold"))
        if deal.exchanges:
            console.print(
                "Exchanged before play: "
                + ", ".join(f"{SEAT_LETTERS[a]}↔{SEAT_LETTERS[b]}" for a, b in deal.exchanges)
            )
        if not deal.tricks:
            console.print("No card was played (the hand was thrown in).")
    else:
        console.print(trick_line(deal, frame.tricks, won), markup=False)
    for s in deal.live_seats:
        hand = held[s]
        if hand is None:
            continue
        left = CardSet(hand.mask & ~played)
        if left or frame.tricks == 0:
            console.print(f"  {_seat_name(deal, s):<12} {suit_line(left)}", markup=False)


def trick_line(deal: WhistDeal, number: int, won: dict[str, int]) -> str:
    trick = deal.tricks[number - 1]
    seats = trick_seats(deal, trick.leader, len(trick.cards))
    cards = ", ".join(
        f"{SEAT_LETTERS[s]} {card_name(c)}" for s, c in zip(seats, trick.cards, strict=True)
    )
    winner = trick_taker(deal, trick)
    text = f"Trick {number}: {cards} — " + (
        "not finished" if winner is None else f"{_seat_name(deal, winner)} wins"
    )
    tally = ", ".join(f"{side} {n}" for side, n in sorted(won.items()))
    notes = [
        f"{ir.kind.replace('_', ' ')} by {SEAT_LETTERS[ir.offender]}"
        + (f" ({ir.penalty})" if ir.penalty else "")
        for ir in deal.irregularities
        if ir.trick == number and ir.kind != "claim"
    ]
    if tally:
        text += f". Tricks: {tally}"
    return "; ".join([text, *notes])


def step_through(
    console: Console,
    deals: list[WhistDeal],
    read: Callable[[], str | None],
    show_all: bool,
    echo: bool = False,
) -> None:
    """The replay loop: Enter (an empty line) next, ``b`` back, ``q`` or end of input quits.
    ``echo`` repeats each key read after the prompt (input from a pipe, not a terminal)."""
    frames = frames_of(deals)
    i = 0
    render(console, deals, frames[0])
    while True:
        if show_all:
            if i + 1 >= len(frames):
                break
            i += 1
            render(console, deals, frames[i])
            continue
        console.print(PROMPT, end="", markup=False)
        line = read()
        if line is None:
            console.print()
            return
        if echo:
            console.print(line, markup=False)
        command = line.strip().lower()
        if command in ("q", "quit"):
            return
        if command in ("b", "back"):
            if i == 0:
                console.print("This is the start of the sitting.")
            else:
                i -= 1
                render(console, deals, frames[i])
        elif command == "":
            if i + 1 >= len(frames):
                break
            i += 1
            render(console, deals, frames[i])
        else:
            console.print(f"Unknown key {line.strip()!r}: Enter, b or q.", markup=False)
    console.print("End of the sitting.")


def _reader(stream: IO[str]) -> Callable[[], str | None]:
    def read() -> str | None:
        line = stream.readline()
        return None if line == "" else line.rstrip("\r\n")

    return read


def run(args: argparse.Namespace) -> int:
    loaded = load(args.file, rebuild=False)
    report(loaded.errors, args.file)
    if not loaded.deals:
        raise InvalidNotationError(f"{args.file}: no deals to replay")
    console = make_console(sys.stdout)
    step_through(console, loaded.deals, _reader(sys.stdin), args.all, not sys.stdin.isatty())
    return 0
