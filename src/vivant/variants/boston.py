"""Boston, for four players each for himself (docs/rules/boston.md; seed 002 for the deal and the
trump preferences).

Rules, by the IDs of the rules file:

* Four players, each for himself; two packs used alternately; the cut for the table as at whist,
  ace low, the lowest deals first (BO-1.1, BO-1.3). Seats here: the players sit North, East,
  South, West in cutting order; North deals first and the deal passes to the left (BO-2.7).
* Before each deal the pack is offered to be cut: each player may cut once (or decline), from
  the eldest round to the dealer, who cuts last; a dealer who omits to offer the pack or to cut
  it has misdealt (seed 002, BO-2.1, BO-2.4). A misdeal never loses the deal: the hands are
  sorted and gathered, the misdealer forfeits one red counter to the pool and deals the same pack
  again (BO-2.3, BO-2.6). The dealer gives 4, 4 and 5 cards to each from his left; no trump is
  turned (seed 002, BO-2.2).
* The packs are not shuffled between deals (D-BO11): a pack is first used in the order given
  (a ``Deal`` action, or the option ``shuffle_each_deal`` for every deal); afterwards it is
  gathered in play order, trick by trick, and the cards not played after them, in rotation from
  the eldest, each player's sorted by suit (♠ ♥ ♦ ♣) and rank.
* The deal complete, the player opposite the dealer (Y) cuts the other pack and the eldest (A)
  turns its top card: that suit is first preference, the other of its colour second, the other
  two plain (seed 002, BO-3.1, BO-3.2, D-BO12).
* The auction from the eldest (BO-4.1, D-BO14): every bid outranks the last on the ladder of
  BO-4.2 (D-BO1), trick bids of one number ranked plain < colour < preference (BO-4.3); a player
  who has passed may afterwards bid only a misère (D-BO2); three passes after a bid end it; four
  passes at the first turn make misère partout (BO-4.5). A plain bidder names his plain suit after
  the auction (D-BO3).
* The single player plays against the other three; the eldest leads (BO-5.1, D-BO10). Little
  misère and little spread: everyone first discards one card face down, in rotation from the
  eldest (BO-5.2, D-BO16). Spreads: the bidder's hand is laid face up once the first card of
  trick 1 is played (BO-5.3, D-BO5). Misères, spreads and partout have no trump (BO-5.4, D-BO4).
* Settlement in white counters, red = 10 (BO-1.2, D-BO7), by :mod:`vivant.scoring.boston`: the
  win table with over-tricks (BO-6.1, D-BO6), Foster's decimal loss table or, with the option
  ``original_table``, his original one (BO-6.2), the misère values (BO-6.3), misère partout in
  red counters (BO-6.4, D-BO8); the pool (option ``pool``, default on, BO-6.5..6.9, D-BO9): the
  dealer's five, doubled by a failure, taken by a success, the forfeits toward the next pool.
  Each player's running account is in ``totals``.
* Laws mode, by kind of bid. Trick bids: a revoke moves three tricks (D-BO13 a–c); the
  adversaries' leads out of turn and cards played together are the whist laws' with the single
  player electing (BO-5.7), who may also forbid the play of an adversary's exposed card (an
  exposed trump: for ruffing) or, its suit led, call for his highest or lowest of it
  (``DirectExposed``, D-BO19 g); the single player's own are taken back without penalty
  (BO-5.6).
  Misère-type bids: an adversary who leads before the others have discarded, leads out of turn or
  exposes a card (plays two together) lets the bidder claim the pool and stakes; the offender
  forfeits four red toward the next pool (BO-5.8, D-BO15); a revoke by the bidder loses the bid,
  by an adversary wins it, the first established deciding (D-BO13 d). Misère partout: no penalty
  for cards played in error (BO-5.9); a revoker pays five red to each other player and four to
  the pool, and nothing else is settled (BO-5.5). Wrong numbers of cards (``DealWrongly``): found
  before the opening lead, a misdeal (D-BO17 b); found in play, BO-2.8 a–c with D-BO17 c–g.

Where the sources are silent the rules file decided: D-BO1..D-BO17, named above. This module adds
D-BO18 (a sitting is one round of four deals, each player dealing once; the pool left over is
shared by D-BO9 f) and D-BO19 (the engine's limits of the laws: revokes are examined when the last
trick is quitted and always penalised, as BO-5.10 says, which settles a misère exactly as a claim
at once would; a hand with a short player ends when the first hand is empty; the bidder in a
plain-suit bid names his trump by a declared decision whose default is the first plain suit in
the order ♠ ♥ ♦ ♣; BO-5.7's powers are the single player's input actions, one a turn, never
chosen for him, BO-5.10).

Seed 002 and the rules file agree wherever they meet (each rule from the seed is tagged
[S002] there: BO-2.1..2.7, BO-3.1). The seed's fragment ends as the card is turned "for the
trump"; the rules file reads it (after the EB) as the first preference, the trump of every bid
in preference, which no word of the seed contradicts: the contract then fixes the trump
(BO-3.2, BO-4.3).
The seed's "the player on his right turns up the top card" is the eldest, on the right of the
player opposite the dealer who cut (BO-3.1).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any, ClassVar, Final

from vivant.actions import (
    Action,
    CutPack,
    Deal,
    DealWrongly,
    DirectExposed,
    Discard,
    Elect,
    Play,
    PlayTogether,
    ReportMisdeal,
)
from vivant.cards import (
    RANK_LETTERS,
    RANK_WORDS,
    SUIT_LETTERS,
    SUIT_NAMES,
    Card,
    Seat,
    Suit,
    card_name,
    cards_of,
    suit_mask,
    suit_of,
)
from vivant.deal import check_pack, cut_pack
from vivant.decisions import decision, refused
from vivant.errors import InvalidActionError, WrongSeatError
from vivant.events import EventKind
from vivant.info import GameInfo, declare_seats, declare_sides
from vivant.laws import Election, IrregularityRecord
from vivant.scoring.boston import (
    BIDS_BY_NAME,
    IRREGULARITY_FORFEIT,
    MISDEAL_FORFEIT,
    MISERE_TRICKS,
    PARTOUT_FORFEIT,
    POOL_STAKE,
    REVOKE_TRICKS,
    TRICK_WORDS,
    Bid,
    largest_payment,
    partout_payments,
    share_pool,
    single_payments,
    trick_bid_value,
)
from vivant.table import (
    DEAL,
    DECLARE,
    EXCHANGE,
    OVER,
    PLAY,
    ElectionKinds,
    Event,
    Handlers,
    HandState,
    Phase,
)
from vivant.trick import playable_mask
from vivant.variants.sitting import CuttingTable
from vivant.views import View, ViewExtra

SUMMARY = """\
Boston — four players, each for himself, two packs used alternately (seed 002).
Before each deal the pack is offered to be cut: each player may cut once, the dealer last; a
dealer who omits to offer it or to cut it has misdealt (he forfeits one red counter to the pool
and deals the same pack again). The dealer gives 4, 4 and 5 cards to each; no trump is turned.
The player opposite the dealer cuts the other pack and the eldest turns its top card: that suit
is first preference, the other of its colour second ("colour"), the other two plain.
Bids from the eldest, lowest first: Boston (5 tricks), six, seven, little misère, eight, nine,
grand misère, ten, eleven, little spread, twelve, grand spread, grand slam (13); trick bids of a
number rank plain < colour < preference. Once passed, a player may bid only misères. Three
passes end the auction; four passes at the first turn make misère partout.
The bidder plays alone against three, the eldest leading. Misères and spreads are played without
trumps, to lose every trick; in the little ones everyone first discards a card face down; a
spread bidder's hand is laid face up after the first card is led.
Counters (red = 10 white): a trick bid made is paid by each adversary by the win table, over-tricks
included; a failure pays each by the loss table (Foster's decimal one); misères are worth 20, 40,
80, 160. In misère partout the player with most tricks pays each other the difference in red.
The dealer puts 5 into the pool; a success takes it, a failure doubles it.
"""

#: Deals in a sitting: one round, each player dealing once (D-BO18).
DEALS: Final = 4
#: Cards each player receives in the rounds of the deal (BO-2.2).
ROUNDS: Final = (4, 4, 5)
#: Phases of Boston besides the table's: the pack offered for the cuts; the still pack cut and
#: turned; the plain bidder naming his trump.
OFFER, TURN, NAME_TRUMP = Phase.OFFER, Phase.TURN, Phase.NAME_TRUMP
#: The other suit of each suit's colour (BO-3.2): spades–clubs, hearts–diamonds.
COLOUR_PARTNER: Final = (3, 2, 1, 0)
#: Kinds of the single player's contract.
PARTOUT = "misere-partout"


def sorted_cards(mask: int) -> list[Card]:
    """A player's cards arranged by suit (♠ ♥ ♦ ♣) and rank, ace first (BO-2.6, D-BO11)."""
    return sorted(cards_of(mask), key=lambda c: (c // 13, -(c % 13)))


def still_card_words(c: Card) -> str:
    """The card turned from the still pack in words (``ace of clubs``). Views and events name
    it by rank and suit, never in card notation: the dealt pack holds a card of the same name,
    which a player may not see (the secrecy oracles read card notation)."""
    return f"{RANK_WORDS[c % 13]} of {SUIT_NAMES[c // 13]}"


def preferences(turned: Card) -> tuple[Suit, Suit, tuple[Suit, Suit]]:
    """BO-3.2 (BOV-1): the first preference (the turned suit), the second (the other suit of its
    colour) and the two plain suits."""
    first = turned // 13
    second = COLOUR_PARTNER[first]
    plain = tuple(s for s in range(4) if s not in (first, second))
    return first, second, (plain[0], plain[1])


class BostonTable(CuttingTable):
    """A sitting of Boston: one round of four deals, each player dealing once (D-BO18).

    Options: ``original_table`` (Foster's original loss table, BO-6.2), ``pool`` (the pool and its
    forfeits, D-BO9; default on), ``shuffle_each_deal`` (D-BO11's flag).
    """

    variant: ClassVar[str] = "boston"
    summary: ClassVar[str] = SUMMARY
    min_players: ClassVar[int] = 4
    max_players: ClassVar[int] = 4
    players_rule: ClassVar[str] = "Boston is played by four"
    options: ClassVar[tuple[str, ...]] = ("original_table", "pool", "shuffle_each_deal")
    misdeal_reasons: ClassVar[tuple[str, ...]] = ("wrong_number",)
    withdrawn_lead_rule: ClassVar[str] = "BO-5.6"
    info: ClassVar[GameInfo] = GameInfo(
        name=variant,
        title="Boston",
        aliases=(),
        player_counts=(4,),
        default_players=4,
        seats=declare_seats(("N", "E", "S", "W"), ("North", "East", "South", "West")),
        sides=declare_sides(("NS", "North–South"), ("EW", "East–West")),
        unit="match",
        score_title="Counters",
        honours=False,
        claims=(
            "each player's own tricks are settled, the bidder's against three adversaries or "
            "every misère player's alone, not a side's number of tricks"
        ),
        laws=(
            "Irregularities are judged by the kind of bid: a revoke moves three tricks in a "
            "trick bid and decides a misère; an adversary's lead out of turn or exposed card in "
            "a misère lets the bidder claim the pool; wrong numbers of cards are a misdeal "
            "before the opening lead and settled by the laws in play."
        ),
        summary=SUMMARY,
        each_for_himself=True,
    )

    def __init__(
        self,
        players: Sequence[str],
        *,
        laws: bool = False,
        original_table: bool = False,
        pool: bool = True,
        shuffle_each_deal: bool = False,
    ) -> None:
        super().__init__(players, laws=laws)
        self.original_table = original_table
        self.pool = pool
        self.shuffle_each_deal = shuffle_each_deal
        #: The two packs in their order, top card first (``None`` until first used, D-BO11).
        self.packs: list[list[Card] | None] = [None, None]
        #: The pack the next deal uses (the other is the still pack, BO-2.7).
        self.pack_in_use = 0
        self.cuts: list[tuple[Seat, int]] = []
        self.pool_counters = 0
        self.deals_played = 0
        self.hands_dealt = 0
        self._first_stake: list[Event] = []

    # --- seats, sides -----------------------------------------------------------------------------

    def _set_sides(self, bidder: Seat | None) -> None:
        """The sides of the hand: the single player (0) against the other three (1). Before
        the auction ends, and in misère partout where each plays for himself, the whist sides
        stand in, and no side holds a choice of the laws (BO-5.9). The class keeps the whist
        sides for the fast playout engine."""
        sides = [0, 1, 0, 1] if bidder is None else [int(s != bidder) for s in range(4)]
        self.seat_sides = (sides[0], sides[1], sides[2], sides[3])  # type: ignore[misc]

    def _table_formed(self) -> None:
        """BO-1.3: the lowest cut deals first; the players sit in cutting order from North; the
        first dealer puts his five into the pool (BO-6.6), told after the table is formed."""
        self.seating = {self.role(s): p for s, p in enumerate(self.order)}
        self.dealer = 0
        self._first_stake = self._new_turn_to_deal([])

    def _cut(self, action: Any) -> list[Event]:
        events = super()._cut(action)
        stake, self._first_stake = self._first_stake, []
        return events + stake

    def _seat_label(self, seat: Seat) -> str:
        """A seat in the engine's messages: its compass letter, which is also its role (the
        whist tables' ``role (letter)`` would say ``E (E)``)."""
        return self.role(seat)

    def left(self, seat: Seat) -> Seat:
        return (seat + 1) % 4

    def rotation(self, dealer: Seat) -> tuple[Seat, ...]:
        """From the dealer's left round to the dealer (BO-2.2)."""
        return tuple((dealer + k) % 4 for k in range(1, 5))

    def others(self, seat: Seat) -> tuple[Seat, ...]:
        return tuple(s for s in self.rotation(seat) if s != seat)

    # --- the pool -------------------------------------------------------------------------------

    def _to_pool(self, seat: Seat, amount: int, rule: str, words: str) -> list[Event]:
        """``seat`` puts ``amount`` into the pool (a stake, a forfeit, a doubling, D-BO9); the
        event says which (``what``: ``stake``, ``double`` or ``forfeit``) for the words."""
        if not self.pool or amount == 0:
            return []
        self.pool_counters += amount
        self.totals[self._name(seat)] -= amount
        what = {"BO-6.6": "stake", "BO-6.7": "double"}.get(rule, "forfeit")
        data = {"seat": self.role(seat), "amount": amount, "pool": self.pool_counters}
        return [Event(EventKind.POOL, {**data, "what": what, "rule": rule, "words": words})]

    def _take_pool(self, seat: Seat) -> list[Event]:
        """D-BO9 (c): a successful bid takes the whole pool."""
        if not self.pool or self.pool_counters == 0:
            return []
        amount, self.pool_counters = self.pool_counters, 0
        self.totals[self._name(seat)] += amount
        words = f"takes the pool of {amount}"
        return [
            Event(
                EventKind.POOL,
                {
                    "seat": self.role(seat),
                    "amount": -amount,
                    "pool": 0,
                    "what": "take",
                    "words": words,
                },
            )
        ]

    def _name(self, seat: Seat) -> str:
        return self.players[self.seating[self.role(seat)]]

    def party_name(self, seat: Seat) -> str:
        """Each plays for himself (BO-1.1): a seat's tricks and counters go by its letter."""
        return self.role(seat)

    def hand_returns(self, scored: Mapping[str, Any]) -> list[float]:
        """Boston is played for counters (BO-6.1–6.3): each seat's payment for the hand, which
        add up to nothing."""
        return [float(scored["payments"][self.role(s)]) for s in range(4)]

    def hand_return_limit(self) -> float:
        """The single player receives from, or pays, each of the other three."""
        return float(3 * largest_payment())

    def _new_turn_to_deal(self, events: list[Event]) -> list[Event]:
        """A new dealer puts five into the pool (BO-6.6, D-BO9 a), then offers the pack."""
        self.phase = OFFER
        self.cuts = []
        return events + self._to_pool(
            self.dealer, POOL_STAKE, "BO-6.6", f"puts {POOL_STAKE} into the pool"
        )

    # --- chance: the cuts, the packs ------------------------------------------------------------

    def awaiting_chance(self) -> bool:
        return self.pending is None and (self.phase in ("cut", DEAL) or self.phase in (OFFER, TURN))

    def _cutter_due(self) -> Seat:
        if self.phase == TURN:
            return (self.dealer + 2) % 4  # Y, opposite the dealer (BO-3.1)
        return self.rotation(self.dealer)[len(self.cuts)]

    def chance_action(self, rng: random.Random) -> Action:
        """A cut at random; the deal of a pack as it lies, or shuffled when first used."""
        if self.pending is None and self.phase in (OFFER, TURN):
            return CutPack(self._cutter_due(), rng.randint(4, 48))
        lying = self._pack_as_it_lies()
        if self.pending is None and self.phase == DEAL and lying is not None:
            return Deal(order=tuple(lying))
        return super().chance_action(rng)

    def _pack_as_it_lies(self) -> list[Card] | None:
        """The order the pack to be dealt now lies in, when it is not shuffled (D-BO11): the
        pack gathered from the last hand it served; ``None`` when its order is an input."""
        if self.phase != DEAL or self.hand is not None or self.shuffle_each_deal:
            return None
        return self.packs[self.pack_in_use]

    handlers: ClassVar[Handlers] = (
        (Elect, "_elect"),
        (CutPack, "_cut_pack"),
        (DealWrongly, "_deal_wrongly"),
        (DirectExposed, "_direct_exposed"),
    )

    def _cut_pack(self, action: CutPack) -> list[Event]:
        """BO-2.1, BO-2.4: each cuts once in turn, the dealer last (depth 0: he does not cut). In
        laws mode the dealer may cut before the pack has gone round (he has not offered it) or
        not cut at all: the deal that follows is a misdeal."""
        seat, depth = action.seat, action.depth
        self._check_seat(seat)
        if self.phase not in (OFFER, TURN) or self.pending is not None:
            raise InvalidActionError(f"no pack is offered to be cut now (phase {self.phase!r})")
        if type(depth) is not int or not (depth == 0 or 4 <= depth <= 48):
            raise InvalidActionError(
                f"a cut leaves at least 4 cards in each packet (4 to 48), or 0 for no cut; "
                f"not {depth!r}"
            )
        due = self._cutter_due()
        if self.phase == TURN:
            if seat != due:
                raise WrongSeatError(f"{self._seat_label(due)} cuts the still pack (BO-3.1)")
            return self._turn_preference(depth)
        irregular = seat == self.dealer and (seat != due or depth == 0)
        if seat != due and not (self.laws and irregular):
            raise WrongSeatError(
                f"{self._seat_label(due)} cuts now, not {self._seat_label(seat)} (BO-2.1)"
            )
        if irregular and not self.laws:
            raise InvalidActionError(
                "the dealer must offer the pack to the others and cut it last (BO-2.4)"
            )
        self.cuts.append((seat, depth))
        words = f"cuts the pack at {depth}" if depth else "does not cut"
        events = [
            Event(EventKind.PACK_CUT, {"seat": self.role(seat), "depth": depth, "words": words})
        ]
        if seat == self.dealer:
            self.phase = DEAL
        return events

    def _deal(self, action: Deal) -> list[Event]:
        """The deal, after the cuts, of the pack in the order it lies before them (D-BO11): a
        pack used for the first time (or shuffled, ``shuffle_each_deal``) in any order, else in
        the order it was gathered; then, the first time, the still pack's order."""
        if self.phase != DEAL:
            raise InvalidActionError(f"no deal is due now (phase {self.phase!r})")
        pack = list(check_pack(action.order))
        lying = self._pack_as_it_lies()
        if lying is not None and pack != lying:
            raise InvalidActionError(
                "the packs are not shuffled between deals (D-BO11): this pack lies as it was "
                "gathered from its last hand, and only the cuts change it"
            )
        if self.hand is None:
            self.packs[self.pack_in_use] = pack
            return self._deal_pack()
        self.packs[1 - self.pack_in_use] = pack
        self.phase = TURN
        return []

    def _deal_pack(self) -> list[Event]:
        """BO-2.2: the cuts made, 4, 4 and 5 cards to each from the dealer's left."""
        pack = self.packs[self.pack_in_use]
        assert pack is not None
        for _, depth in self.cuts:
            if depth:
                pack = list(cut_pack(pack, depth))
        self.packs[self.pack_in_use] = pack
        dealer = self.dealer
        h = HandState(
            dealer=dealer,
            hands=[0, 0, 0, 0],
            trump=None,
            turn_up=None,
            leader=self.left(dealer),
            turn_up_taken=True,
            won=[0, 0],
        )
        i = 0
        for n in ROUNDS:
            for seat in self.rotation(dealer):
                for c in pack[i : i + n]:
                    h.hands[seat] |= 1 << c
                i += n
        h.notes.update(
            calls=[],
            number=None,
            passed=[],
            discards=[0, 0, 0, 0],
            bid=None,
            bidder=None,
            turned=None,
            due=[13, 13, 13, 13],
            forfeits=[],
        )
        self.hand = h
        self._set_sides(None)
        self.hands_dealt += 1
        events = [
            Event(
                EventKind.DEALT,
                {"dealer": self.role(dealer), "turn_up": None, "trump": None, "rounds": "4-4-5"},
            )
        ]
        fault = self._cut_fault()
        if fault is not None:
            return events + self._misdeal(h, fault)
        if self.packs[1 - self.pack_in_use] is None or self.shuffle_each_deal:
            self.phase = DEAL
        else:
            self.phase = TURN
        return events

    def _cut_fault(self) -> str | None:
        """BO-2.4: the dealer omitted to offer the pack (he cut before the others had their
        turn) or to cut it himself."""
        seats = [s for s, _ in self.cuts]
        if seats[-1] != self.dealer or len(seats) < 4:
            return "not_offered"
        if self.cuts[-1][1] == 0:
            return "not_cut"
        return None

    def _turn_preference(self, depth: int) -> list[Event]:
        """BO-3.1 (D-BO12): Y cuts the still pack, A turns its top card; it goes back face down
        on top, the pack keeping its order after the cut."""
        h = self.hand
        assert h is not None
        still = self.packs[1 - self.pack_in_use]
        assert still is not None
        if depth:
            still = list(cut_pack(still, depth))
            self.packs[1 - self.pack_in_use] = still
        turned = still[0]
        h.notes["turned"] = turned
        first, second, _plain = preferences(turned)
        y = (self.dealer + 2) % 4
        words = (
            f"cuts the still pack; the {still_card_words(turned)} is turned: {SUIT_NAMES[first]} "
            f"are first preference, {SUIT_NAMES[second]} second"
        )
        data = {
            "seat": self.role(y),
            "depth": depth,
            "rank": RANK_LETTERS[turned % 13],
            "preference": SUIT_LETTERS[first],
            "colour": SUIT_LETTERS[second],
            "words": words,
        }
        self.phase = DECLARE
        return [Event(EventKind.PREFERENCE, data)]

    # --- the misdeal (BO-2.3, BO-2.6, BO-2.8 d) --------------------------------------------------

    def _misdeal(self, h: HandState, reason: str) -> list[Event]:
        """The hands are sorted and gathered; the misdealer forfeits one red to the pool and deals
        the same pack again after the cuts; no second stake (BO-2.3, D-BO9 a)."""
        h.irregularities.append(IrregularityRecord("misdeal", "BO-2.3", h.dealer, 0, (), reason))
        self._abandon_hand(h)
        self.packs[self.pack_in_use] = self._gathered(h)
        self.hand = None
        self.pending = None
        self.phase = OFFER
        self.cuts = []
        words = {
            "not_offered": "did not offer the pack to be cut: a misdeal",
            "not_cut": "did not cut the pack: a misdeal",
            "wrong_number": "dealt a wrong number of cards: a misdeal",
        }[reason]
        events = [
            Event(
                EventKind.MISDEALT, {"seat": self.role(h.dealer), "reason": reason, "words": words}
            )
        ]
        return events + self._to_pool(
            h.dealer, MISDEAL_FORFEIT, "BO-2.3", "forfeits one red counter to the pool"
        )

    def _gathered(self, h: HandState) -> list[Card]:
        """D-BO11: the tricks in play order, then the cards not played (hands and discards) in
        rotation from the eldest, each player's arranged by suit and rank."""
        pack = [c for t in h.tricks for c in t.cards] + list(h.trick)
        for seat in self.rotation(h.dealer):
            pack += sorted_cards(h.hands[seat] | h.notes["discards"][seat])
        return pack

    def _report_deal(self, action: Any) -> list[Event]:
        """BO-2.8 d, D-BO17 b: a wrong number of cards found before the opening lead is a
        misdeal."""
        h = self.hand
        if not isinstance(action, ReportMisdeal) or h is None:
            return super()._report_deal(action)
        if not self.laws:
            raise InvalidActionError("irregularities of the deal are recorded in laws mode only")
        if h.tricks or h.trick or self.phase not in (DECLARE, NAME_TRUMP, EXCHANGE, PLAY):
            raise InvalidActionError(
                "a misdeal is reported after the deal, before the opening lead"
            )
        self._check_seat(action.seat)
        if action.reason != "wrong_number":
            raise InvalidActionError(
                f"unknown misdeal reason {action.reason!r}; one of wrong_number"
            )
        if all(h.hands[s].bit_count() == h.notes["due"][s] for s in range(4)):
            raise InvalidActionError("every hand holds the right number of cards")
        return self._misdeal(h, "wrong_number")

    def _redeal(self, same_dealer: bool) -> None:
        """A new deal under the whist laws (a card exposed in dealing, WL-3): the hands are
        sorted and gathered and the same dealer deals the same pack again, without forfeit
        (BO-2.6, D-BO17 a)."""
        h = self.hand
        assert h is not None
        self.packs[self.pack_in_use] = self._gathered(h)
        self.hand = None
        self.phase = OFFER
        self.cuts = []

    def _exposed_in_deal_election(self, h: HandState, c: Card, by: Seat) -> Election:
        """BO-2.5: the dealer exposing one of his own cards does not spoil the deal; another's
        card exposed by the dealer, its holder may claim a new deal (WL-3.3); a player exposing
        his own, the dealer may (WL-3.4)."""
        holder = next(s for s in range(4) if h.hands[s] >> c & 1)
        if holder == h.dealer:
            return Election("exposed_in_deal", "BO-2.5", by, (h.dealer,), ("stand",), "stand", (c,))
        rule, elector = ("WL-3.3", holder) if by == h.dealer else ("WL-3.4", h.dealer)
        options = ("stand", "redeal")
        return Election("exposed_in_deal", rule, by, (elector,), options, "redeal", (c,))

    def _claim_barred_by_touch(
        self, h: HandState, election: Election, touched: Sequence[Seat]
    ) -> bool:
        """WL-3.8 between players each for himself: the claimant loses it if he had touched his
        cards before the exposure was reported."""
        return election.electors[0] in touched and "redeal" in election.options

    def _deal_wrongly(self, action: DealWrongly) -> list[Event]:
        """Laws mode: the dealer gave ``seat`` ``extra`` cards too many, taken from the next hand
        in rotation (too few, when negative: the next hand has them)."""
        h = self.hand
        self._check_seat(action.seat)
        if not self.laws:
            raise InvalidActionError("a wrong deal is recorded in laws mode only")
        if h is None or h.tricks or h.trick or self.phase not in (DEAL, TURN, DECLARE):
            raise InvalidActionError("a wrong number of cards is dealt before the auction ends")
        extra = action.extra
        if type(extra) is not int or extra == 0 or abs(extra) > 3:
            raise InvalidActionError(f"cannot deal {extra!r} cards too many (1 to 3, or -1 to -3)")
        giver, taker = (self.left(action.seat), action.seat)
        if extra < 0:
            giver, taker = taker, giver
        moved = sorted_cards(h.hands[giver])[: abs(extra)]
        for c in moved:
            h.hands[giver] &= ~(1 << c)
            h.hands[taker] |= 1 << c
        return [
            Event(EventKind.DEALT_WRONGLY, {"seat": self.role(action.seat), "words": "misdealt"})
        ]

    # --- the auction (BO-4) ---------------------------------------------------------------------

    def _caller(self) -> Seat | None:
        """Whose call it is (D-BO14), or ``None`` once the auction is over."""
        h = self.hand
        if h is None or self.phase != DECLARE:
            return None
        return self.rotation(h.dealer)[len(h.notes["calls"]) % 4]

    def _current_bid(self, h: HandState) -> Bid | None:
        bids = [BIDS_BY_NAME[n] for _, n in h.notes["calls"] if n != "pass"]
        return bids[-1] if bids else None

    def _bids_open(self, seat: Seat) -> list[str]:
        """BO-4.1, D-BO2: every bid above the current one; after a pass, only misères."""
        h = self.hand
        assert h is not None
        current = self._current_bid(h)
        passed = seat in h.notes["passed"]
        return [
            name
            for name, bid in BIDS_BY_NAME.items()
            if bid.outranks(current) and (bid.is_misere or not passed)
        ]

    def _plain_suits(self, h: HandState) -> tuple[Suit, Suit]:
        return preferences(h.notes["turned"])[2]

    def _elect(self, action: Elect) -> list[Event]:
        """A call of the auction and the plain bidder's trump are answers to Boston's declared
        decisions (:meth:`_call_bid`, :meth:`_name_plain_trump`); any other election is the
        laws'."""
        due = self.decision_due()
        if due is not None and Elect in due[0].actions:
            return due[0].take(self, action)
        return super()._elect(action)

    @decision(DECLARE, Elect, "BO-4.1", "What do you call: pass, or a bid above the last?")
    @refused("no call is due now (phase {phase})", "it is {due}'s call, not {seat}'s (BO-4.1)")
    def _call_bid(self, action: Elect) -> list[Event]:
        """BO-4.1..BO-4.5, D-BO2, D-BO14: a call in turn from the eldest; a trick bid may be
        called in two steps, its number then its suit class."""
        h = self.hand
        assert h is not None
        name = action.option
        number = h.notes.get("number")
        if number is not None:
            name = f"{number}-{name}"
        if name in TRICK_WORDS.values() and name in self._call_options(h, action.seat):
            h.notes["number"] = name  # a trick bid's number; its suit class follows
            return []
        if name != "pass" and name not in self._bids_open(action.seat):
            raise InvalidActionError(self._refusal(h, replace(action, option=name)))
        h.notes["number"] = None
        return self._call(h, action.seat, name)

    def _call_bid_deciders(self) -> tuple[Seat, ...]:
        caller = self._caller()
        return () if caller is None else (caller,)

    def _call_bid_options(self, seat: Seat) -> list[Action]:
        """D-G2: the first option, ``pass`` (or the lowest suit class after a number)."""
        h = self.hand
        assert h is not None
        return [Elect(seat, o) for o in self._call_options(h, seat)]

    @decision(NAME_TRUMP, Elect, "BO-4.6", "Which plain suit do you name trumps?")
    @refused("no trump is to be named now (phase {phase})", "{due} names the trump, not {seat}")
    def _name_plain_trump(self, action: Elect) -> list[Event]:
        """D-BO3: the plain bidder names one of the two plain suits."""
        h = self.hand
        assert h is not None
        if action.option not in [SUIT_LETTERS[x] for x in self._plain_suits(h)]:
            raise InvalidActionError(self._refusal(h, action))
        return self._name_trump(h, SUIT_LETTERS.index(action.option))

    def _name_plain_trump_deciders(self) -> tuple[Seat, ...]:
        h = self.hand
        if h is None or self.phase != NAME_TRUMP:
            return ()
        bidder: Seat = h.notes["bidder"]
        return (bidder,)

    def _name_plain_trump_options(self, seat: Seat) -> list[Action]:
        """D-G2, D-BO19: the first plain suit in the order ♠ ♥ ♦ ♣ is the default."""
        h = self.hand
        assert h is not None
        return [Elect(seat, SUIT_LETTERS[x]) for x in self._plain_suits(h)]

    def _call_options(self, h: HandState, seat: Seat) -> list[str]:
        """What ``seat`` may call now, in two steps for a trick bid so that a call never offers
        more than fourteen choices: ``pass``, a misère, or a number (``six``); after a number,
        the suit classes open at it (``plain``, ``colour``, ``pref``). A bid may also be called
        in one, ``six-colour``."""
        bids = self._bids_open(seat)
        number = h.notes.get("number")
        if number is not None:
            return [b.partition("-")[2] for b in bids if b.partition("-")[0] == number]
        words: list[str] = ["pass"]
        for b in bids:
            word = BIDS_BY_NAME[b].misere or TRICK_WORDS[BIDS_BY_NAME[b].tricks]
            if word not in words:
                words.append(word)
        return words

    def _refusal(self, h: HandState, action: Elect) -> str:
        """Why a call is refused, precisely (BO-4.1, BO-4.3, D-BO2)."""
        if self.phase == NAME_TRUMP:
            plain = " or ".join(SUIT_LETTERS[s] for s in self._plain_suits(h))
            return f"the bidder names one of the plain suits: {plain} (D-BO3)"
        bid = BIDS_BY_NAME.get(action.option)
        if bid is None:
            return f"{action.option!r} is not a call of Boston: pass or a bid such as six-colour"
        if action.seat in h.notes["passed"] and not bid.is_misere:
            return (
                f"{self._seat_label(action.seat)} has passed: he may now bid only a misère (D-BO2)"
            )
        current = self._current_bid(h)
        assert current is not None
        return f"{bid.words()} does not outrank {current.words()} (BO-4.2, BO-4.3)"

    def _call(self, h: HandState, seat: Seat, name: str) -> list[Event]:
        calls: list[tuple[Seat, str]] = h.notes["calls"]
        calls.append((seat, name))
        if name == "pass":
            if seat not in h.notes["passed"]:
                h.notes["passed"].append(seat)
            words = "passes"
        else:
            words = f"bids {BIDS_BY_NAME[name].words()}"
        events = [Event(EventKind.BID, {"seat": self.role(seat), "call": name, "words": words})]
        tail = [n for _, n in calls[-3:]]
        if len(calls) == 4 and all(n == "pass" for _, n in calls):
            return events + self._partout(h)
        if self._current_bid(h) is not None and len(tail) == 3 and tail == ["pass"] * 3:
            return events + self._auction_won(h)
        return events

    def _partout(self, h: HandState) -> list[Event]:
        """BO-4.5: all pass — misère partout, without trumps (BO-5.4), the eldest leading."""
        h.notes["bid"] = PARTOUT
        self._set_sides(None)
        words = "all pass: misère partout, each for himself, to take as few tricks as he can"
        return [
            Event(EventKind.CONTRACT, {"contract": PARTOUT, "words": words}),
            *self._start_play(h),
        ]

    def _auction_won(self, h: HandState) -> list[Event]:
        """D-BO14: the last bidder is the single player; D-BO3/D-BO4 fix the trump."""
        seat, name = next((s, n) for s, n in reversed(h.notes["calls"]) if n != "pass")
        bid = BIDS_BY_NAME[name]
        h.notes["bid"], h.notes["bidder"] = name, seat
        self._set_sides(seat)
        words = f"plays {bid.words()} alone against the other three"
        events = [
            Event(EventKind.CONTRACT, {"seat": self.role(seat), "contract": name, "words": words})
        ]
        if bid.is_misere:
            if MISERE_TRICKS[bid.misere] == 12:
                self.phase = EXCHANGE
                return events
            return events + self._start_play(h)
        first, second, _ = preferences(h.notes["turned"])
        if bid.klass == "plain":
            self.phase = NAME_TRUMP
            return events
        return events + self._name_trump(h, first if bid.klass == "pref" else second)

    def _name_trump(self, h: HandState, suit: Suit) -> list[Event]:
        """The trump of the bid (D-BO3): its class (``klass``: ``pref``, ``colour``, or
        ``plain`` when the bidder named it)."""
        h.trump = suit
        bidder: Seat = h.notes["bidder"]
        bid = self._bid(h)
        assert bid is not None
        words = f"{SUIT_NAMES[suit]} are trumps"
        data = {
            "seat": self.role(bidder),
            "trump": SUIT_LETTERS[suit],
            "klass": bid.klass,
            "words": words,
        }
        return [Event(EventKind.TRUMP, data), *self._start_play(h)]

    # --- discards (BO-5.2, D-BO16) --------------------------------------------------------------

    def _discarder(self) -> Seat | None:
        h = self.hand
        if h is None or self.phase != EXCHANGE:
            return None
        return next((s for s in self.rotation(h.dealer) if not h.notes["discards"][s]), None)

    @decision(EXCHANGE, Discard, "BO-5.2", "Which card do you discard, face down?")
    @refused("no discard is due now (BO-5.2)", "{due} discards now, not {seat}")
    def _discard(self, action: Discard) -> list[Event]:
        """BO-5.2, D-BO16: in the little misère and spread each discards one card face down,
        in rotation from the eldest."""
        return self._face_down(action, self._lay_aside)

    def _lay_aside(self, h: HandState, seat: Seat, card: Card) -> None:
        """Dead, out of play (D-BO16), and among its owner's discards."""
        h.notes["discards"][seat] |= 1 << card
        h.stock |= 1 << card
        h.notes["due"][seat] -= 1

    def _discard_default(self, seat: Seat) -> Action:
        """D-G2: the last card in the hand's order (♠ ♥ ♦ ♣, ace first), the lowest of the last
        suit held."""
        h = self.hand
        assert h is not None
        return Discard(seat, sorted_cards(h.hands[seat])[-1])

    def action_seen_by(self, action: Action, seat: Seat | None) -> dict[str, Any]:
        """A discard is made face down (D-BO16): the others know only that it was made."""
        if isinstance(action, Discard) and action.seat != seat:
            return {"type": "Discard", "seat": "NESW"[action.seat]}
        return super().action_seen_by(action, seat)

    # --- play -----------------------------------------------------------------------------------

    def _bid(self, h: HandState) -> Bid | None:
        name = h.notes["bid"]
        return None if name in (None, PARTOUT) else BIDS_BY_NAME[name]

    def _start_play(self, h: HandState) -> list[Event]:
        h.leader = self.left(h.dealer)
        return super()._start_play(h)

    def _exposed_seats(self) -> tuple[Seat, ...]:
        """BO-5.3 (D-BO5): a spread bidder's hand is face up once the first card is led."""
        h = self.hand
        if h is None or not (h.trick or h.tricks) or self.phase != PLAY:
            return ()
        bid = self._bid(h)
        if bid is not None and bid.misere.endswith("spread"):
            bidder: Seat = h.notes["bidder"]
            return (bidder,)
        return ()

    def _hand_complete(self, h: HandState) -> bool:
        """The hand ends when every card is played; a short hand ends it when empty (D-BO19)."""
        return not h.trick and any(h.hands[s] == 0 for s in range(4))

    def apply(self, action: Action) -> list[Event]:
        """Laws mode: an adversary of a little misère who leads before the others have discarded
        (BO-5.8)."""
        h = self.hand
        if (
            isinstance(action, Play)
            and self.laws
            and self.phase == EXCHANGE
            and self.pending is None
            and h is not None
            and action.seat != h.notes["bidder"]
            and type(action.card) is int
            and 0 <= action.card < 52
            and h.hands[action.seat] >> action.card & 1
        ):
            self.pending = self._misere_claim(h, action.seat, (action.card,), "led_before_discards")
            self.log.append(action)
            return [Event(EventKind.IRREGULARITY, self.pending.to_json(self._seat_label))]
        return super().apply(action)

    def _misere_claim(
        self, h: HandState, seat: Seat, cards: tuple[Card, ...], kind: str
    ) -> Election:
        """BO-5.8 (D-BO15): the misère bidder may claim the pool and stakes; default, he does.
        ``cards`` are the card led or played in error (both cards played together)."""
        bidder: Seat = h.notes["bidder"]
        return Election(
            "misere_claim",
            "BO-5.8",
            seat,
            (bidder,),
            ("claim", "play_on"),
            "claim",
            cards,
            {"offence": kind},
        )

    def _lead_out_of_turn_election(
        self, h: HandState, seat: Seat, c: Card, due: Seat
    ) -> Election | None:
        """BO-5.6: the single player's lead out of turn is taken back; BO-5.9: in partout, any
        player's; BO-5.8: an adversary's against a misère lets the bidder claim; against a trick
        bid the whist law, the single player electing (BO-5.7)."""
        bid = self._bid(h)
        if bid is None or seat == h.notes["bidder"]:
            return None
        if bid.is_misere:
            return self._misere_claim(h, seat, (c,), "lead_out_of_turn")
        return super()._lead_out_of_turn_election(h, seat, c, due)

    def _play_together(self, action: PlayTogether) -> list[Event]:
        """Two cards played together: an adversary of a misère has exposed a card (BO-5.8)."""
        h = self._require_hand()
        bid = self._bid(h)
        events = super()._play_together(action)
        if bid is not None and bid.is_misere and action.seat != h.notes["bidder"]:
            self.pending = self._misere_claim(h, action.seat, tuple(action.cards), "exposed")
            return [Event(EventKind.IRREGULARITY, self.pending.to_json(self._seat_label))]
        return events

    def _two_cards_election(
        self, seat: Seat, cards: tuple[Card, ...], options: tuple[str, ...]
    ) -> Election:
        """BO-5.6, BO-5.9: the single player (or anyone in partout) plays either card without
        penalty, the other going back to his hand; an adversary of a trick bid, the whist law with
        the single player electing (BO-5.7)."""
        h = self.hand
        assert h is not None
        if self._bid(h) is None or seat == h.notes["bidder"]:
            return Election("two_cards", "BO-5.6", seat, (seat,), options, options[0], cards)
        return super()._two_cards_election(seat, cards, options)

    def _revoke_correction(self, seat: Seat) -> tuple[bool, str]:
        """BO-5.9: in misère partout a card played in error is simply taken back."""
        h = self.hand
        if h is not None and h.notes["bid"] == PARTOUT:
            return False, "BO-5.9"
        return super()._revoke_correction(seat)

    # --- the single player's powers over exposed cards (BO-5.7) ----------------------------------

    def _call_card_actions(self, seat: Seat, nxt: Seat) -> list[Action]:
        """BO-5.7: against a trick bid the single player, besides calling an adversary's exposed
        card (WL-5.2, "demand"), may forbid its play (an exposed trump: its use for ruffing) and,
        when a suit is led of which the adversary about to play has an exposed card, call on him
        to play his highest or lowest of it. One direction a turn; the auto-chosen default takes
        none (BO-5.10)."""
        calls = super()._call_card_actions(seat, nxt)
        h = self.hand
        bid = None if h is None else self._bid(h)
        if h is None or bid is None or bid.is_misere or seat != h.notes["bidder"] or not calls:
            return calls
        if self._exposed_direction(h, nxt) is not None:
            return []
        led = suit_of(h.trick[0]) if h.trick else None
        more: list[Action] = []
        for c in cards_of(h.penalty_cards[nxt]):
            if suit_of(c) != h.trump or (led is not None and led != h.trump):
                more.append(DirectExposed(seat, nxt, c, "forbid"))
        exposed_led = [c for c in cards_of(h.penalty_cards[nxt]) if suit_of(c) == led]
        if exposed_led:
            more += [DirectExposed(seat, nxt, exposed_led[0], d) for d in ("highest", "lowest")]
        return [*calls, *more]

    def _direct_exposed(self, action: DirectExposed) -> list[Event]:
        """BO-5.7: the direction binds the adversary's next card in this trick."""
        h = self._require_hand()
        self._check_seat(action.target)
        if action not in self._call_card_actions(action.seat, self._next_to_play(h)):
            raise InvalidActionError(
                f"{self._seat_label(action.seat)} cannot direct {self._seat_label(action.target)} "
                f"to {action.demand!r} with {card_name(action.card)} now ({self._position(h)}, "
                "BO-5.7: the single player, against a trick bid, over an exposed card)"
            )
        h.notes["exposed_direction"] = {
            "seat": action.target,
            "trick": len(h.tricks) + 1,
            "demand": action.demand,
            "card": action.card,
        }
        data = {
            "seat": self.role(action.target),
            "card": card_name(action.card),
            "demand": action.demand,
        }
        return [Event(EventKind.CARD_CALLED, data)]

    def _exposed_direction(self, h: HandState, seat: Seat) -> dict[str, Any] | None:
        due: dict[str, Any] | None = h.notes.get("exposed_direction")
        if due is None or due["seat"] != seat or due["trick"] != len(h.tricks) + 1:
            return None
        return due

    def _duty_mask(self, h: HandState, seat: Seat) -> tuple[int, str] | None:
        """BO-5.7 besides the whist directions: the cards the direction leaves ``seat``; one that
        would make him revoke (his only card of the suit led forbidden) does not bind."""
        duty = super()._duty_mask(h, seat)
        due = self._exposed_direction(h, seat)
        if due is None:
            return duty
        hand = h.hands[seat]
        led = suit_of(h.trick[0]) if h.trick else None
        legal = playable_mask(hand, led, self._may_trump(h)) if led is not None else hand
        c: Card = due["card"]
        if due["demand"] == "forbid":
            mask, what = legal & ~(1 << c) or legal, f"not play his exposed {card_name(c)}"
        else:
            follow = cards_of(hand & suit_mask(suit_of(c)))
            if not follow or led != suit_of(c):
                return duty
            pick = follow[-1] if due["demand"] == "highest" else follow[0]
            mask, what = 1 << pick, f"play his {due['demand']} {SUIT_NAMES[suit_of(c)]}"
        if duty is not None:
            return duty[0] & mask or duty[0], f"{duty[1]}, {what}"
        return mask, what

    def playable(self, seat: Seat) -> int:
        """BO-5.7: a card forbidden is not playable at the lead either."""
        mask = super().playable(seat)
        h = self.hand
        if mask and h is not None and not h.trick:
            duty = self._duty_mask(h, seat)
            if duty is not None:
                return mask & duty[0] or mask
        return mask

    def _spend_directions(self, h: HandState, seat: Seat) -> None:
        super()._spend_directions(h, seat)
        if self._exposed_direction(h, seat) is not None:
            h.notes.pop("exposed_direction")

    def _unpenalised_two_cards(self) -> tuple[Seat, ...]:
        h = self.hand
        if h is None or self._bid(h) is None:
            return (0, 1, 2, 3)
        bidder: Seat = h.notes["bidder"]
        return (bidder,)

    elections: ClassVar[ElectionKinds] = (("misere_claim", "_misere_claimed"),)

    def _misere_claimed(self, p: Election, action: Elect) -> list[Event]:
        """BO-5.8 (D-BO15): the bidder claims the pool and stakes, or lets play go on."""
        h = self.hand
        assert h is not None
        h.irregularities.append(
            IrregularityRecord(
                p.kind,
                p.rule,
                p.offender,
                h.trick_number,
                p.cards,
                action.option,
                dict(p.details),
            )
        )
        if action.option == "claim":
            h.notes["claim"] = p.offender
            return self._finish_hand()
        words = "the bidder lets play go on: the card is taken back"
        return [Event(EventKind.ELECTED, {"kind": p.kind, "option": action.option, "words": words})]

    def _hand_played(self) -> list[Event]:
        """D-BO19: every established revoke is penalised (BO-5.10); no claims phase."""
        return self._finish_hand()

    # --- settlement (BO-6) ------------------------------------------------------------------------

    def _finish_hand(self) -> list[Event]:
        h = self.hand
        assert h is not None
        taken = [0, 0, 0, 0]
        for t in h.tricks:
            taken[t.winner] += 1
        rule = "BO-5.5" if h.notes["bid"] == PARTOUT else "D-BO13"
        for r in h.revokes:
            if r.established:
                r.penalty = rule
                h.irregularities.append(
                    IrregularityRecord("revoke", rule, r.seat, r.trick, (r.card,))
                )
        for seat in self._short(h):
            h.irregularities.append(
                IrregularityRecord("wrong_number", "BO-2.8", seat, len(h.tricks), ())
            )
        net, events, pool_events = self._settle(h, taken)
        for s in range(4):
            self.totals[self._name(s)] += net[s]
        rec = self._hand_record(h)
        rec.update(
            preference=card_name(h.notes["turned"]),
            # Tricks the hand is played in: twelve after the discards of the little bids (BO-5.2).
            hand_tricks=13 - any(h.notes["discards"]),
            calls=[{"seat": self.role(s), "call": n} for s, n in h.notes["calls"]],
            contract=h.notes["bid"],
            bidder=None if h.notes["bidder"] is None else self.role(h.notes["bidder"]),
            won={self.role(s): taken[s] for s in range(4)},
            payments={self.role(s): net[s] for s in range(4)},
            pool=self.pool_counters,
            score=dict(self.totals),
        )
        self.hand_records.append(rec)
        self.hand = None
        self.deals_played += 1
        scored = Event(
            EventKind.HAND_SCORED,
            {
                "won": rec["won"],
                "payments": rec["payments"],
                "score": dict(self.totals),
                "words": ", ".join(f"{r} {v:+d}" for r, v in rec["payments"].items()),
            },
        )
        events = [*events, scored, *pool_events]
        for seat, amount, rule, words in h.notes["forfeits"]:
            events += self._to_pool(seat, amount, rule, words)
        if self.deals_played >= DEALS:
            return events + self._end_sitting()
        self.dealer = self.left(h.dealer)
        self.pack_in_use = 1 - self.pack_in_use
        self.packs[1 - self.pack_in_use] = self._gathered(h)
        return self._new_turn_to_deal(events)

    def _short(self, h: HandState) -> list[Seat]:
        """The players found short of cards (BO-2.8): a hand empty while another holds cards."""
        if not any(h.hands):
            return []
        return [s for s in range(4) if h.hands[s] == 0]

    def _settle(self, h: HandState, taken: list[int]) -> tuple[list[int], list[Event], list[Event]]:
        """The payments of the hand (net per seat) and the pool's events."""
        if h.notes["bid"] == PARTOUT:
            return self._settle_partout(h, taken)
        bid = self._bid(h)
        assert bid is not None
        bidder: Seat = h.notes["bidder"]
        short = self._short(h)
        if short and bidder in short and len(short) < 4 and any(s != bidder for s in short):
            # D-BO17 (f): both sides short: the deal is void.
            return (
                [0, 0, 0, 0],
                [Event(EventKind.VOID, {"words": "both sides were short: no settlement"})],
                [],
            )
        if bid.is_misere:
            won = self._misere_won(h, bidder, taken, short)
            each = bid.value if won else -bid.value
        else:
            count = self._trick_count(h, bidder, taken[bidder], short)
            each = trick_bid_value(bid.tricks, count, original=self.original_table)
            won = each > 0
        net = list(single_payments(bidder, each))
        if not self.pool:
            return net, [], []
        if won:
            return net, [], self._take_pool(bidder)
        doubling = self.pool_counters
        return net, [], self._to_pool(bidder, doubling, "BO-6.7", "doubles the pool")

    def _misere_won(self, h: HandState, bidder: Seat, taken: list[int], short: list[Seat]) -> bool:
        """BO-5.8 claims, D-BO13 d (the first revoke established decides), BO-2.8 a/b, else no
        trick taken (BO-5.2)."""
        if "claim" in h.notes:
            offender: Seat = h.notes["claim"]
            h.notes["forfeits"].append(
                (offender, IRREGULARITY_FORFEIT, "BO-5.8", "forfeits four red toward the next pool")
            )
            return True
        revokes = [r for r in h.revokes if r.established]
        if revokes:
            first = revokes[0]
            if first.seat != bidder:
                h.notes["forfeits"].append(
                    (
                        first.seat,
                        IRREGULARITY_FORFEIT,
                        "D-BO13",
                        "forfeits four red toward the next pool",
                    )
                )
            return first.seat != bidder
        if short:
            return bidder not in short
        return taken[bidder] == 0

    def _trick_count(self, h: HandState, bidder: Seat, taken: int, short: list[Seat]) -> int:
        """D-BO13 a–c: each established revoke moves three tricks; BO-2.8 a/b with D-BO17 d/e:
        an adversary short pays as for the bid made at least; the bidder short is put in for one
        trick at least."""
        count = taken
        for r in h.revokes:
            if r.established:
                count += REVOKE_TRICKS if r.seat != bidder else -REVOKE_TRICKS
                count = max(0, min(13, count))
        bid = self._bid(h)
        assert bid is not None
        if short and bidder not in short:
            return max(count, bid.tricks)
        if bidder in short:
            return min(count, bid.tricks - 1)
        return count

    def _settle_partout(
        self, h: HandState, taken: list[int]
    ) -> tuple[list[int], list[Event], list[Event]]:
        """BO-6.4 (D-BO8); BO-5.5: revokers pay five red to each other player and four to the
        pool, nothing else; BO-2.8 c: a short player forfeits five red to each."""
        offenders = [r.seat for r in h.revokes if r.established]
        rule = "BO-5.5"
        if not offenders:
            offenders, rule = self._short(h), "BO-2.8"
        if not offenders:
            return list(partout_payments(taken)), [], []
        net = [0, 0, 0, 0]
        for seat in offenders:
            for other in self.others(seat):
                net[seat] -= PARTOUT_FORFEIT
                net[other] += PARTOUT_FORFEIT
            if rule == "BO-5.5":
                h.notes["forfeits"].append(
                    (seat, IRREGULARITY_FORFEIT, rule, "forfeits four red to the pool")
                )
        return net, [], []

    def _end_sitting(self) -> list[Event]:
        """D-BO9 (f): the pool left is shared; the sitting is over (D-BO18)."""
        events: list[Event] = []
        if self.pool and self.pool_counters:
            shares = share_pool(self.pool_counters, self.left(self.dealer))
            for s in range(4):
                self.totals[self._name(s)] += shares[s]
            words = f"the pool of {self.pool_counters} is shared"
            shared = {self.role(s): shares[s] for s in range(4)}
            self.pool_counters = 0
            data = {"amount": 0, "pool": 0, "what": "share", "shared": shared, "words": words}
            events.append(Event(EventKind.POOL, data))
        self.phase = OVER
        winner = max(self.totals, key=lambda n: self.totals[n])
        data = {"winner": winner, "points": dict(self.totals), "settlement": dict(self.totals)}
        events.append(Event(EventKind.GAME_OVER, data))
        return events

    def record(self) -> dict[str, Any]:
        return {
            "game": self.variant,
            "laws": self.laws,
            "players": self.players_in_cutting_order(),
            "games": [
                {
                    "roles": self.roles(),
                    "hands": list(self.hand_records),
                    "points": dict(self.totals),
                    "winner": max(self.totals, key=lambda n: self.totals[n]),
                    "settlement": dict(self.totals),
                }
            ]
            if self.seating
            else [],
            "settlement": dict(self.totals),
            "pool": self.pool_counters,
        }

    # --- views ----------------------------------------------------------------------------------

    def _score_view(self) -> dict[str, int]:
        """Each player's running account (BO-6), in the order of the seats N E S W, as the
        tricks of the hand are listed, once the players are seated."""
        if not self.seating:
            return dict(self.totals)
        order = [self._name(s) for s in range(4)]
        return {n: self.totals[n] for n in order} | self.totals

    def view(self, seat: Seat | None) -> View:
        """The view, with the tricks each player has taken."""
        v = super().view(seat)
        h = self.hand
        if h is None:
            return v
        taken = {self.role(s): 0 for s in range(4)}
        for t in h.tricks:
            taken[self.role(t.winner)] += 1
        return v._replace(won=taken)

    def _view_extra(self, seat: Seat | None) -> ViewExtra:
        """The turned preference, the calls, the contract, the pool; a player's own discard."""
        extra = ViewExtra(pool=self.pool_counters)
        if self.seating:
            extra["roles"] = self.roles()
        h = self.hand
        if h is None:
            return extra
        if h.notes["turned"] is not None:
            first, second, _ = preferences(h.notes["turned"])
            extra["preference"] = {
                "rank": RANK_LETTERS[h.notes["turned"] % 13],
                "first": SUIT_LETTERS[first],
                "second": SUIT_LETTERS[second],
            }
        extra["calls"] = [{"seat": self.role(s), "call": n} for s, n in h.notes["calls"]]
        if h.notes["number"] is not None:
            extra["number"] = h.notes["number"]  # a trick bid's number called, its class due
        if h.notes["bid"] is not None:
            extra["contract"] = h.notes["bid"]
            if h.notes["bidder"] is not None:
                extra["bidder"] = self.role(h.notes["bidder"])
        if seat is not None and h.notes["discards"][seat]:
            extra["discards"] = [card_name(c) for c in cards_of(h.notes["discards"][seat])]
        return extra
