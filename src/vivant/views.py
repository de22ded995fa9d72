"""The observation a seat receives: only what the laws let that seat see.

Everything a client or a computer player receives is a :class:`View` (DESIGN §2). A view holds
the seat's own hand, the hands exposed to everyone (Mort, dummies, penalty cards), the turn-up,
the current and earlier tricks (every card played was shown face up to the whole table), scores
and whose turn it is — never a concealed card of another hand. ``exposed`` also holds a hand
this seat alone has been shown (a Humbug player's discarded hand, Dummy's cards the Bridge for
Three pone sorted); ``hand`` is empty while the laws say the seat has not looked at its cards.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from vivant.cards import (
    SEAT_LETTERS,
    SUIT_LETTERS,
    Card,
    CardSet,
    Seat,
    Suit,
    card_name,
    parse_card,
)

#: Keys of :attr:`View.extra` that list cards the view shows (in notation): All Fours' cards
#: turned up and laid aside (public, AF-2.4) and a player's own discards (his alone, AF-2.7).
CARD_EXTRAS = ("turned_up", "discards")


@dataclass(frozen=True, slots=True)
class TrickView:
    """A trick: who led, the cards in play order (leader first), the winner if complete, and
    ``seats``, the seat that played each card (``seats[i]`` played ``cards[i]``). Every card is
    played face up before the whole table, so who played it is public; the seats matter where
    they do not follow round the table from the leader (two-card tricks with dead hands at
    Humbug and Thirteen and the Odd, HU-3.1, TO-3)."""

    leader: Seat
    cards: tuple[Card, ...]
    winner: Seat | None
    seats: tuple[Seat, ...]


@dataclass(frozen=True, slots=True)
class View:
    """What ``seat`` may see now. Seats are compass seats; ``roles`` gives the variant's own
    letters for them (e.g. Mort's V R M L) and ``names`` the players sitting there.

    ``turn_up_holder`` is the hand that holds the turn-up now, which the whole table knows: the
    dealer's until he plays it (WL-2.4), the dead hand a Humbug dealer discarded with it
    (HU-2.3); ``None`` once it is played, or where it belongs to neither player and lies in the
    stock with the cards not dealt (Thirteen and the Odd, TO-2). ``turn_up_in_dealers_hand``
    says only whether it still lies face up on the table before the dealer's first card."""

    variant: str
    seat: Seat | None
    phase: str
    roles: dict[Seat, str]
    names: dict[Seat, str]
    hand: CardSet
    controls: tuple[Seat, ...]
    exposed: dict[Seat, CardSet]
    penalty_cards: dict[Seat, CardSet]
    hand_sizes: dict[Seat, int]
    dealer: Seat | None
    trump: Suit | None
    turn_up: Card | None
    turn_up_in_dealers_hand: bool
    turn_up_holder: Seat | None
    to_play: Seat | None
    to_act: Seat | None
    trick: TrickView | None
    tricks: tuple[TrickView, ...]
    won: dict[str, int]
    score: dict[str, int]
    called_suit: Suit | None
    pending: dict[str, Any] | None
    extra: dict[str, Any] = field(default_factory=dict)

    def visible_cards(self) -> CardSet:
        """Every card this view reveals anywhere (own hand, exposed hands, penalty cards, tricks,
        the turn-up, the cards of :data:`CARD_EXTRAS`). The secrecy tests check this against what
        the seat may see."""
        mask = self.hand.mask
        for cs in self.exposed.values():
            mask |= cs.mask
        for cs in self.penalty_cards.values():
            mask |= cs.mask
        for t in (*self.tricks, *([self.trick] if self.trick else [])):
            for c in t.cards:
                mask |= 1 << c
        if self.turn_up is not None:
            mask |= 1 << self.turn_up
        for key in CARD_EXTRAS:  # cards a game shows in ``extra``
            for name in self.extra.get(key, ()):
                mask |= 1 << parse_card(name)
        return CardSet(mask)

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict, seats as letters and cards in notation."""

        def s(seat: Seat | None) -> str | None:
            return None if seat is None else SEAT_LETTERS[seat]

        def t(tv: TrickView) -> dict[str, Any]:
            return {
                "leader": s(tv.leader),
                "cards": [card_name(c) for c in tv.cards],
                "winner": s(tv.winner),
                "seats": [s(x) for x in tv.seats],
            }

        return {
            "variant": self.variant,
            "seat": s(self.seat),
            "phase": self.phase,
            "roles": {s(k): v for k, v in self.roles.items()},
            "names": {s(k): v for k, v in self.names.items()},
            "hand": [card_name(c) for c in self.hand],
            "controls": [s(x) for x in self.controls],
            "exposed": {s(k): [card_name(c) for c in v] for k, v in self.exposed.items()},
            "penalty_cards": {
                s(k): [card_name(c) for c in v] for k, v in self.penalty_cards.items()
            },
            "hand_sizes": {s(k): v for k, v in self.hand_sizes.items()},
            "dealer": s(self.dealer),
            "trump": None if self.trump is None else SUIT_LETTERS[self.trump],
            "turn_up": None if self.turn_up is None else card_name(self.turn_up),
            "turn_up_in_dealers_hand": self.turn_up_in_dealers_hand,
            "turn_up_holder": s(self.turn_up_holder),
            "to_play": s(self.to_play),
            "to_act": s(self.to_act),
            "trick": t(self.trick) if self.trick else None,
            "tricks": [t(x) for x in self.tricks],
            "won": dict(self.won),
            "score": dict(self.score),
            "called_suit": None if self.called_suit is None else SUIT_LETTERS[self.called_suit],
            "pending": self.pending,
            "extra": self.extra,
        }
