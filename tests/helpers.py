"""Setting up tables through public notation: PBN deals, cards in notation, explicit cuts."""

from __future__ import annotations

from vivant.actions import ChooseDeal, ChooseSeats, Cut, Deal, Play
from vivant.cards import EAST, NORTH, CardSet, parse_card, parse_seat
from vivant.deal import pack_for_hands
from vivant.table import Table
from vivant.variants.mort import MortTable

PLAYERS4 = ("P1", "P2", "P3", "P4")


def pbn_hands(deal: str) -> list[int]:
    """Masks per compass seat from a PBN deal string ``"N:... ... ... ..."``."""
    first, rest = deal.split(":", 1)
    start = parse_seat(first)
    hands = [0, 0, 0, 0]
    for i, text in enumerate(rest.split()):
        hands[(start + i) % 4] = CardSet.from_pbn(text).mask
    return hands


def formed_mort(players: tuple[str, ...] = PLAYERS4, laws: bool = False) -> MortTable:
    """A Mort table whose players cut in the order given (lowest first, no ties)."""
    t = MortTable(list(players), laws=laws)
    for i, card in enumerate(("CA", "D2", "H3", "S4", "C5", "D6", "H7", "S8")[: len(players)]):
        t.apply(Cut(player=i, card=parse_card(card)))
    return t


def mort_at(deal: str, turn_up: str, *, for_mort: bool = False, laws: bool = False) -> MortTable:
    """A four-player Mort table at the opening lead of game 1 with the given deal (seats N E S W
    are V R M L), dealt by Vivant for himself (or for Mort)."""
    t = formed_mort(laws=laws)
    t.apply(ChooseSeats(EAST, 1))
    t.apply(ChooseDeal(NORTH, for_mort))
    dealer = 2 if for_mort else 0
    t.apply(Deal(order=pack_for_hands(pbn_hands(deal), dealer, parse_card(turn_up))))
    return t


def play(t: Table, *cards: str) -> None:
    """Play cards in notation, each from the hand that holds it."""
    for text in cards:
        c = parse_card(text)
        assert t.hand is not None
        seat = next(s for s in range(4) if t.hand.hands[s] >> c & 1)
        t.apply(Play(seat, c))
