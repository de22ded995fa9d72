"""The observation a seat receives: only what the laws let that seat see.

Everything a client or a computer player receives is a :class:`View` (DESIGN §2). A view holds
the seat's own hand, the hands exposed to everyone (Mort, dummies, penalty cards), the turn-up,
the current and earlier tricks (every card played was shown face up to the whole table), scores
and whose turn it is — never a concealed card of another hand. ``exposed`` also holds a hand
this seat alone has been shown (a Humbug player's discarded hand, Dummy's cards the Bridge for
Three pone sorted); ``hand`` is empty while the laws say the seat has not looked at its cards.
"""

from __future__ import annotations

from typing import Any, NamedTuple, TypedDict

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


class PendingView(TypedDict):
    """An election the laws give (:class:`~vivant.laws.Election`) as a view shows it: the kind
    of irregularity, its rule, the offending hand and the electors (role letters), the options,
    the default and the cards concerned (in notation)."""

    kind: str
    rule: str
    offender: str
    electors: list[str]
    options: list[str]
    default: str
    cards: list[str]


class DeclarationView(TypedDict):
    """Bridge for Three's declaration (B3-3, B3-4): the trumps (a suit letter or ``NT``) and
    who made it, ``dealer`` or ``dummy`` (the forced declaration)."""

    trump: str
    by: str


class LowView(TypedDict):
    """All Fours' lowest trump out so far and the role that holds it (AF-4.10)."""

    card: str
    seat: str


class BostonPreference(TypedDict):
    """Boston's card turned from the still pack (BO-3.1, BO-3.2): its rank, the first
    preference (its suit) and the second (the other of its colour), as letters."""

    rank: str
    first: str
    second: str


class BostonCall(TypedDict):
    """A call of Boston's auction: the caller's role letter and the call (BO-4.1)."""

    seat: str
    call: str


class ViewExtra(TypedDict, total=False):
    """The parts of a view that only some games have, each with its shape.

    ``roles`` the players by role letter, ``cuts`` the cards drawn while the table cuts,
    ``cutter`` and ``still_pack`` who cuts and who shuffles the still pack; ``game``/``games``
    and ``rubber``/``rubbers`` where the sitting stands; ``games_won``, ``totals``, ``extras``,
    ``above`` (Bridge for Three's points above the line) per side or player; ``sheet`` Mort's
    finished games (M-8); ``declaration`` and ``doubling`` (B3-3 to B3-5); ``pack`` and
    ``tournee`` (English Dummy's packs, ED-1); ``tray``, ``turned``, ``play``, ``plays`` and the
    pending ``direction`` or ``win_due`` (Duplicate Whist, D-DU11, DL-2, DL-6); ``turned_up``,
    ``discards`` and ``low`` (All Fours, AF-2.4, AF-2.7, AF-4.10; ``discards`` also a Boston
    player's own, D-BO16); ``pool``, ``preference``, ``calls``, ``number``, ``contract`` and
    ``bidder`` (Boston: the pool, the card turned, the auction, the single player, BO-3, BO-4)."""

    roles: dict[str, str]
    cuts: dict[str, str]
    cutter: str
    still_pack: str
    game: int
    games: int
    rubber: int
    rubbers: int
    games_won: dict[str, int]
    totals: dict[str, int]
    extras: dict[str, int]
    sheet: list[dict[str, Any]]
    above: dict[str, int]
    declaration: DeclarationView | None
    doubling: int
    pack: int | None
    tournee: int
    tray: int
    turned: bool
    play: int
    plays: int
    direction: dict[str, Any]
    win_due: dict[str, Any]
    turned_up: list[str]
    discards: list[str]
    low: LowView
    pool: int
    preference: BostonPreference
    calls: list[BostonCall]
    number: str
    contract: str
    bidder: str


class TrickJSON(TypedDict):
    """A trick as sent: seats as compass letters, cards in notation."""

    leader: str | None
    cards: list[str]
    winner: str | None
    seats: list[str | None]


class ViewJSON(TypedDict):
    """A :class:`View` as sent to a client (:meth:`View.to_json`)."""

    variant: str
    seat: str | None
    phase: str
    roles: dict[str | None, str]
    names: dict[str | None, str]
    hand: list[str]
    controls: list[str | None]
    exposed: dict[str | None, list[str]]
    penalty_cards: dict[str | None, list[str]]
    hand_sizes: dict[str | None, int]
    dealer: str | None
    trump: str | None
    turn_up: str | None
    turn_up_in_dealers_hand: bool
    turn_up_holder: str | None
    to_play: str | None
    to_act: str | None
    trick: TrickJSON | None
    tricks: list[TrickJSON]
    won: dict[str, int]
    score: dict[str, int]
    called_suit: str | None
    pending: PendingView | None
    extra: ViewExtra


class TrickView(NamedTuple):
    """A trick: who led, the cards in play order (leader first), the winner if complete, and
    ``seats``, the seat that played each card (``seats[i]`` played ``cards[i]``). Every card is
    played face up before the whole table, so who played it is public; the seats matter where
    they do not follow round the table from the leader (two-card tricks with dead hands at
    Humbug and Thirteen and the Odd, HU-3.1, TO-3). Immutable (a named tuple)."""

    leader: Seat
    cards: tuple[Card, ...]
    winner: Seat | None
    seats: tuple[Seat, ...]


class View(NamedTuple):
    """What ``seat`` may see now. Seats are compass seats; ``roles`` gives the variant's own
    letters for them (e.g. Mort's V R M L) and ``names`` the players sitting there.

    A view is immutable (a named tuple: ``view._replace(won=...)`` makes a changed copy). The
    table builds one for every decision, so it shares what does not change between them: the
    dicts of the sitting (``roles``, ``names``, ``score``, ``extra``) may be the same objects in
    the views of several seats and moments of one hand. Read them; never change them.

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
    pending: PendingView | None
    extra: ViewExtra

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
        for name in (*self.extra.get("turned_up", ()), *self.extra.get("discards", ())):
            mask |= 1 << parse_card(name)  # cards a game shows in ``extra`` (CARD_EXTRAS)
        return CardSet(mask)

    def to_json(self) -> ViewJSON:
        """A JSON-ready dict, seats as letters and cards in notation."""

        def s(seat: Seat | None) -> str | None:
            return None if seat is None else SEAT_LETTERS[seat]

        def t(tv: TrickView) -> TrickJSON:
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
