"""All Fours (Seven-up, Old Sledge) for two, three or four players.

Rules (seed 002 for the play and the points; the rest from Foster's chapter and the sources
named in ``docs/rules/all-fours.md``, whose IDs the code cites):

* Two or three play each for himself, four in two partnerships, partners opposite (AF-1.2).
  They cut, ace high; the highest deals first (AF-1.3, D-AF1); with four the two lowest play
  the two highest. Seats here: two players at North and South, three at North, East and South,
  four round the table; the players sit in cutting order from the first dealer's left.
* Six cards each, three at a time from the dealer's left; the next card is turned up for the
  proposed trump and belongs to no hand (AF-1.5). A turned-up Jack scores 1 for the dealer at
  once (AF-1.6), and may end the game before play (AFV-6).
* Only the eldest hand and the dealer look at their cards before the trump is settled; the
  others' hands stay hidden until then (AF-2.1; the looking-early penalty of D-AF14 is off).
* The eldest stands or begs; on a beg the dealer gives a point (to the eldest; with three to
  each adversary; with four to the eldest's side) or runs the cards; he must run when the gift
  would put a receiver out (AF-2.2, AF-2.3). Running: three more each, turn the next card; the
  rejected suit is laid aside and the run repeated (AF-2.4, D-AF2); a Jack of a new suit turned
  scores 1 for the dealer (D-AF3). When the stock holds fewer than 3n + 1 cards the cards are
  bunched and the same dealer deals afresh, Jacks already scored standing (D-AF10). Two players
  may agree to bunch when either dislikes the new trump (AF-2.6). After a run every player
  discards, face down and dead, down to six (AF-2.7, D-AF4; the club variant of keeping nine
  after one run is the option ``keep_nine_after_one_run``).
* The eldest leads; a player may always trump instead of following suit, else he must follow
  suit if able; trumps win, else the highest of the suit led (seed 002, AF-3.1..3.3).
* Points, counted in the order High, Low, Jack, Game (D-AF6): High, the highest trump in play,
  to its player; Low, the lowest, to the player who held it, whoever won the trick (seed 002,
  D-AF9); Jack to the winner of the trick holding it; Game to the most card-points won (A 4,
  K 3, Q 2, J 1, T 10), ties to the first of the tied in rotation from the dealer's left
  (AF-4.7, D-AF5). Only cards played to tricks are in play (D-AF13). Seven points win the game,
  at once (AF-1.4, AF-4.8); the stake is one unit from each loser (D-AF16).
* Laws mode: a revoke (not following and not trumping, holding the suit) established costs
  1 point, or 2 when the Jack is in play; the revoker's side scores neither Jack nor Game and
  stops at six; each non-revoker adds the penalty to himself or deducts it from the revoker
  (AF-5.1, AF-5.2, D-AF7). A lead out of turn is taken back; with four the card stays exposed,
  liable to be called (AF-5.4, D-AF12). The dealer's wrong number of cards, found before the
  first card is played, lets the dealer's adversary claim a new deal by the same dealer, draw
  the surplus card (too many) or let the deal stand; the turned Jack then does not score
  (AF-1.6, AF-1.7, D-AF11). An adversary's card exposed in dealing: new deal or stand.
* Pitch (option ``pitch``): no card is turned; the first card led fixes trumps (FCH).

Where the sources are silent the rules file decided, and the code follows it: D-AF1 (highest
cut deals), D-AF2/D-AF3 (running, turned Jacks), D-AF4 (discards dead), D-AF5 (Game ties),
D-AF6 (order of counting), D-AF7 (revoke elections), D-AF9, D-AF10 (bunching), D-AF11 (wrong
numbers), D-AF12 (exposed cards with two or three), D-AF13 (in play), and, written into the
rules file with this module, D-AF16 (one game a sitting; one unit from each loser) and D-AF17 (the
engine's limits of the laws: revokes go to the penalty elections when the hand is over; a hand
played out with a wrong number of cards ends when the first hand is empty; a card exposed with
four comes from a lead out of turn). The looking-early penalty (D-AF14, off by default) is not
offered: the hands of the dealer's partner and the pone stay hidden until the trump is settled.
Two decisions have nothing to act on here: D-AF8 (a wrongly marked score: the table marks every
point itself) and D-AF15 (a card faced in the pack, an imperfect pack, a pack not cut, a deal out
of turn: the deal is one ``Deal`` of a whole pack, dealt by the table for the right dealer).

Seed 002 and the rules file agree where they meet: High, Jack and Game are "counted by the player
holding those points at the end of the play" — the Jack and Game by the winner of the tricks
holding them, High by its player, who always wins the trick with it; Low by "who played" it,
whoever won the trick; the table announces each new lowest trump ("six for Low", event
``for_low``) and keeps it in view (``View.extra["low"]``) until a lower one falls. The seed keeps
the card itself face up before its holder only "if it is of no counting value", a counting card
going to the trick: here every card goes to its trick, so Game counts the same, and the view
names the lowest trump whatever its value (the card was played face up: no secret is told).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from vivant.actions import Action, DealWrongly, Discard, Elect, ReportExposed, ReportMisdeal
from vivant.cards import (
    EAST,
    JACK,
    NORTH,
    RANK_WORDS,
    SEAT_LETTERS,
    SOUTH,
    SUIT_LETTERS,
    SUIT_NAMES,
    WEST,
    Card,
    Seat,
    card_name,
    cards_of,
    suit_of,
)
from vivant.decisions import decision, refused
from vivant.errors import InvalidActionError
from vivant.events import EventKind, GameOverData
from vivant.info import GameInfo, declare_seats, declare_sides
from vivant.laws import Election, IrregularityRecord
from vivant.scoring.all_fours import (
    CARD_POINTS,
    GAME_TARGET,
    PlayedTrick,
    RevokePenalty,
    count_points,
    gift_allowed,
    hand_points,
    revoke_penalty_points,
    stakes,
)
from vivant.table import (
    DEAL,
    DECLARE,
    EXCHANGE,
    OVER,
    PLAY,
    Event,
    HandState,
    game_hand,
    zero_sum_returns,
)
from vivant.variants.sitting import TWO_HAND_ORDER, CuttingTable
from vivant.views import View, ViewExtra

SUMMARY = """\
All Fours (Seven-up) — two or three each for himself, or four in partnerships (seed 002).
Cut, ace high: the highest deals. Six cards each, three at a time; the next card is turned up
for trumps (a Jack turned scores 1 for the dealer).
The eldest hand stands or begs; on a beg the dealer gives him a point (with three, each
adversary; with four, his side) or runs the cards: three more each and a new card turned, the
rejected suit laid aside, until a new suit is trumps (a new Jack turned scores 1 for the
dealer); when the pack runs short the cards are bunched and dealt again. He cannot give a
point that would put a player out. After a run everyone discards down to six.
The eldest leads; follow suit or trump; trumps win, else the highest of the suit led.
One point each, counted in this order: High (highest trump out, to its player), Low (lowest
trump out, to the player who held it), Jack (Jack of trumps, to who won it), Game (most
counting cards in tricks won: A 4, K 3, Q 2, J 1, T 10; ties to the elder hand).
Seven points win the game, as soon as they are made. A revoke costs 1 point (2 if the Jack is
out), the revoker scores neither Jack nor Game and cannot pass six.
"""

#: The dealer's first round and second round: three cards each (AF-1.5).
PACKET = 3
#: Cards a hand plays with (AF-2.7).
HAND_SIZE = 6
#: What each choice before play means, as the table says it (AF-2.2..2.6).
DECISION_WORDS = {
    ("beg", "stand"): "stands: the turned suit is trumps",
    ("beg", "beg"): "begs",
    ("give", "run"): "runs the cards",
    ("bunch", "play"): "plays with this trump",
    ("bunch", "bunch"): "proposes to bunch the cards",
    ("agree_bunch", "agree"): "agrees to bunch",
    ("agree_bunch", "refuse"): "refuses to bunch",
    ("revoke_penalty", "add"): "adds the revoke penalty to his score",
    ("revoke_penalty", "deduct"): "deducts the revoke penalty from the revoker",
}

#: Kinds of the choices before play (declared decisions of the game).
BEG, GIVE, BUNCH, AGREE = "beg", "give", "bunch", "agree_bunch"


@dataclass(slots=True)
class AllFoursHand(HandState):
    """A hand of All Fours: besides the cards in the hands, the undealt pack (``undealt``, in
    dealing order), the cards turned for trumps (``turned``) and those laid aside of a rejected
    suit (``laid_aside``, AF-2.4), the runs, the cards out of play (``dead``: the discards and a
    surplus card drawn, D-AF13) and each seat's discards (AF-2.7), the points of the Jacks turned
    (AF-1.6, ``jacks``; ``jacks_withdrawn`` once AF-1.6 takes them back), the point given to the
    eldest (``gift``, AF-2.2), whether trumps are settled, the lowest trump played so far
    (``low``, AF-4.10), the choices made before the play (``decisions``), the revoke penalties
    elected (AF-5.2, ``penalties``: revoke index, party, option) and the one due, and a choice
    suspended while a fault of the deal is settled (``suspended``, AF-1.7)."""

    undealt: list[Card] = field(default_factory=list)
    turned: list[Card] = field(default_factory=list)
    laid_aside: list[Card] = field(default_factory=list)
    runs: int = 0
    dead: int = 0
    discards: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    jacks: int = 0
    jacks_withdrawn: bool = False
    gift: list[str] | None = None
    settled: bool = False
    low: Card | None = None
    decisions: list[dict[str, str]] = field(default_factory=list)
    penalties: list[tuple[int, int, str]] = field(default_factory=list)
    penalty_due: int | None = None
    suspended: Election | None = None


class AllFoursTable(CuttingTable):
    """A game of All Fours to seven points. The class describes the game for two players; the
    same name makes the table for three (:class:`AllFoursThreeTable`) or four
    (:class:`AllFoursFourTable`) from the number of players given.

    Options: ``pitch`` (no turn-up: the first card led fixes trumps), ``keep_nine_after_one_run``
    (AF-2.7's club variant).
    """

    variant: ClassVar[str] = "all-fours"
    aliases: ClassVar[tuple[str, ...]] = ("seven-up", "old-sledge")
    summary: ClassVar[str] = SUMMARY
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    players_rule: ClassVar[str] = "All Fours is played by two, three or four"
    follow_or_trump: ClassVar[bool] = True
    #: The view's ``low`` (AF-4.10) changes with every trump played.
    view_extra_follows_play: ClassVar[bool] = True
    options: ClassVar[tuple[str, ...]] = ("pitch", "keep_nine_after_one_run")
    #: Tricks in a hand (six cards each, AF-2.7; nine after one run with the club variant).
    hand_tricks: ClassVar[int] = HAND_SIZE

    # Two players, North and South (the class's declared metadata is the two-player game's).
    seats: ClassVar[tuple[Seat, ...]] = (NORTH, SOUTH)
    party_names: ClassVar[tuple[str, ...]] = ("N", "S")
    dead_seats: ClassVar[tuple[Seat, ...]] = (EAST, WEST)
    side_names: ClassVar[tuple[str, str]] = ("N", "S")
    seat_sides: ClassVar[tuple[int, int, int, int]] = (0, 1, 1, 0)
    seat_order: ClassVar[tuple[tuple[Seat, ...], ...]] = TWO_HAND_ORDER
    trick_size: ClassVar[int] = 2
    misdeal_reasons: ClassVar[tuple[str, ...]] = ("wrong_number",)
    withdrawn_lead_rule: ClassVar[str] = "D-AF12"
    info: ClassVar[GameInfo] = GameInfo(
        name=variant,
        title="All Fours",
        aliases=aliases,
        player_counts=(2, 3, 4),
        default_players=2,
        seats=declare_seats(("N", "E", "S", "W"), ("North", "", "South", ""), empty=dead_seats),
        sides=declare_sides(
            ("N", "North"),
            ("S", "South"),
            ("E", "East"),
            ("NS", "North–South"),
            ("EW", "East–West"),
        ),
        unit="rubber",
        revoke_penalty=1,
        honours=False,
        scores="points",
        game_to=7,
        claims=(
            "its hands score High, Low, Jack and Game, won by the cards in the tricks and not "
            "by their number, and a trump may be played though one can follow"
        ),
        laws=(
            "A revoke costs 1 point (2 if the Jack is out), the revoker scores neither Jack nor "
            "Game and cannot pass six; a wrong number of cards dealt, a card exposed, a lead out "
            "of turn are recorded and the laws decide."
        ),
        summary=SUMMARY,
    )
    hand_state = AllFoursHand

    def __new__(cls, players: Sequence[str] = (), *_: Any, **__: Any) -> AllFoursTable:
        target = _BY_PLAYERS.get(len(tuple(players)), cls) if cls is AllFoursTable else cls
        return object.__new__(target)

    def __init__(
        self,
        players: Sequence[str],
        *,
        laws: bool = False,
        pitch: bool = False,
        keep_nine_after_one_run: bool = False,
    ) -> None:
        super().__init__(players, laws=laws)
        self.pitch = pitch
        self.keep_nine_after_one_run = keep_nine_after_one_run
        self.scores = [0] * len(self.party_names)
        #: Each party's score when the hand in play was dealt (its points are the difference).
        self.scores_at_deal = list(self.scores)

    # --- seats, rotation, parties ---------------------------------------------------------------

    def _cutting_rank(self, c: Card) -> int:
        """AF-1.1: the ace is high in cutting."""
        return c % 13

    def _table_formed(self) -> None:
        """AF-1.3 (D-AF1): the highest cut deals first; the players sit in cutting order from his
        left, so that with four the two lowest are partners against the two highest."""
        placed = self._seats_in_cut_order()
        self.seating = {self.role(s): p for s, p in zip(placed, self.order, strict=True)}
        self.dealer = placed[-1]
        self.phase = DEAL

    def _seats_in_cut_order(self) -> tuple[Seat, ...]:
        """The seats the players take, lowest cut first (the last deals)."""
        return self.seats

    def left(self, seat: Seat) -> Seat:
        """The next player in rotation, on ``seat``'s left."""
        return self.seat_order[seat][1]

    def rotation(self, dealer: Seat) -> tuple[Seat, ...]:
        """The players in rotation from the dealer's left: eldest first, dealer last (AF-1.2)."""
        return self.seat_order[self.left(dealer)]

    def party(self, seat: Seat) -> int:
        """Who scores for ``seat``: the player, or with four his partnership."""
        return self.seat_sides[seat]

    def party_name(self, seat: Seat) -> str:
        return self.party_names[self.party(seat)]

    def hand_returns(self, scored: Mapping[str, Any]) -> list[float]:
        """All Fours is played for points, not tricks (AF-4.1–4.7): each party's points of the hand
        (the turned Jack, a point given and High, Low, Jack and Game) against the others'."""
        gained = {
            name: scored["score"][name] - before
            for name, before in zip(self.party_names, self.scores_at_deal, strict=True)
        }
        return zero_sum_returns(self, gained)

    def hand_return_limit(self) -> float:
        """A party's score moves within 0 to 7 in a hand (AF-4.8): each of ``k`` parties gains
        or loses at most 7."""
        return float(2 * len(self.party_names) * GAME_TARGET)

    def party_rotation(self, dealer: Seat) -> list[int]:
        """The parties in rotation from the dealer's left (ties for Game, AF-4.7)."""
        out: list[int] = []
        for s in self.rotation(dealer):
            if self.party(s) not in out:
                out.append(self.party(s))
        return out

    def adversaries(self, seat: Seat) -> tuple[Seat, ...]:
        """The players not of ``seat``'s party, in rotation from ``seat``'s left."""
        return tuple(s for s in self.seat_order[seat] if self.party(s) != self.party(seat))

    def _party_speaker(self, party: int, dealer: Seat) -> Seat:
        """The player who answers for a party: the first of it in rotation (the eldest speaks
        for his side, D-AF11)."""
        return next(s for s in self.rotation(dealer) if self.party(s) == party)

    def electors(self, side: int) -> tuple[Seat, ...]:
        return tuple(s for s in self.seats if self.party(s) == side)

    def cutter(self, dealer: Seat) -> Seat:
        """AF-1.5: the pone (dealer's right) cuts; between two, the adversary."""
        return next(s for s in self.seats if self.left(s) == dealer)

    def _members(self) -> list[list[str]]:
        return [
            [self.players[self.seating[self.role(s)]] for s in self.seats if self.party(s) == p]
            for p in range(len(self.party_names))
        ]

    # --- the deal (AF-1.5, AF-1.6) --------------------------------------------------------------

    def _new_hand(self, pack: tuple[Card, ...], dealer: Seat) -> AllFoursHand:
        eldest = self.left(dealer)
        self.scores_at_deal = list(self.scores)
        h = self.hand_state(
            dealer=dealer,
            hands=[0, 0, 0, 0],
            trump=None,
            turn_up=None,
            leader=eldest,
            turn_up_taken=True,
            won=[0, 0, 0, 0],
            undealt=list(pack),
        )
        for _ in range(2):
            self._deal_round(h)
        if not self.pitch:
            c = h.undealt.pop(0)
            h.turn_up, h.trump = c, suit_of(c)
            h.turned.append(c)
        self._out_of_play(h)
        return h

    @staticmethod
    def _out_of_play(h: AllFoursHand) -> None:
        """``stock`` holds every card out of play (D-AF13): the undealt pack, the turned and
        laid-aside cards, the discards and a surplus card drawn."""
        mask = h.dead
        for c in h.undealt + h.turned:
            mask |= 1 << c
        h.stock = mask

    def _deal_round(self, h: AllFoursHand) -> None:
        """Three cards to each player, from the dealer's left (AF-1.5, AF-2.4)."""
        stock: list[Card] = h.undealt
        for seat in self.rotation(h.dealer):
            for c in stock[:PACKET]:
                h.hands[seat] |= 1 << c
            del stock[:PACKET]

    def _after_deal(self, h: HandState) -> list[Event]:
        h = game_hand(h, AllFoursHand)
        if self.pitch:
            return self._start_play(h)
        events: list[Event] = []
        assert h.turn_up is not None
        if h.turn_up % 13 == JACK:
            events += self._turned_jack(h, "AF-1.6")
            if self._over():
                return events + self._end_game()
        self.pending = self._beg_election(h)
        self.phase = DECLARE
        return events

    def _turned_jack(self, h: AllFoursHand, rule: str) -> list[Event]:
        """AF-1.6, D-AF3: a Jack turned for trumps scores 1 for the dealer at once."""
        h.jacks += 1
        p = self.party(h.dealer)
        self.scores[p] = min(self.scores[p] + 1, GAME_TARGET)
        words = f"{self.party_names[p]} scores 1 for the Jack turned up"
        data = {"point": "turned_jack", "rule": rule, "to": self.party_names[p], "words": words}
        return [Event(EventKind.POINT, data)]

    def _over(self) -> bool:
        return max(self.scores) >= GAME_TARGET

    # --- standing, begging, running (AF-2) ------------------------------------------------------

    def _beg_election(self, h: AllFoursHand) -> Election:
        eldest = self.left(h.dealer)
        return Election(BEG, "AF-2.2", eldest, (eldest,), ("stand", "beg"), "stand")

    def _gift_receivers(self, h: AllFoursHand) -> list[int]:
        """AF-2.2: the eldest; with three each adversary of the dealer; with four his side."""
        return sorted({self.party(s) for s in self.adversaries(h.dealer)})

    def _gift_words(self, h: AllFoursHand) -> str:
        """AF-2.2 in words: whom the dealer's point goes to (with three, to each adversary,
        "although only one begs")."""
        names = [self.party_names[q] for q in self._gift_receivers(h)]
        if len(names) > 1:
            return f"gives a point to each adversary, {' and '.join(names)}"
        return f"gives a point to {names[0]}"

    def _give_election(self, h: AllFoursHand) -> Election:
        """AF-2.3: the dealer cannot give a point that would put a receiver out."""
        can_give = gift_allowed(self.scores, self._gift_receivers(h))
        options = ("give", "run") if can_give else ("run",)
        return Election(
            GIVE, "AF-2.3" if not can_give else "AF-2.2", h.dealer, (h.dealer,), options, options[0]
        )

    def _decided(self, p: Election, action: Elect) -> list[Event]:
        """A choice of All Fours' own (AF-2 standing, begging, running and bunching; AF-1.7 a
        wrong number of cards dealt; AF-5.2 a revoke's penalty): recorded, then carried out."""
        h = game_hand(self.hand, AllFoursHand)
        choice = action.option
        events = [
            Event(
                EventKind.DECIDED,
                {
                    "kind": p.kind,
                    "seat": self.role(action.seat),
                    "option": choice,
                    "words": self._gift_words(h)
                    if (p.kind, choice) == (GIVE, "give")
                    else DECISION_WORDS.get((p.kind, choice), choice),
                },
            )
        ]
        h.decisions.append({"kind": p.kind, "seat": self.role(action.seat), "option": choice})
        if p.kind == BEG:
            if choice == "stand":
                return events + self._trump_settled(h)
            self.pending = self._give_election(h)
            return events
        if p.kind == GIVE:
            if choice == "give":
                for party in self._gift_receivers(h):
                    self.scores[party] += 1
                h.gift = [self.party_names[q] for q in self._gift_receivers(h)]
                return events + self._trump_settled(h)
            return events + self._run(h)
        if p.kind == BUNCH:
            if choice == "bunch":
                other = next(s for s in self.seats if s != action.seat)
                self.pending = Election(
                    AGREE, "AF-2.6", action.seat, (other,), ("agree", "refuse"), "refuse"
                )
                return events
            if action.seat != h.dealer:
                self.pending = Election(
                    BUNCH, "AF-2.6", h.dealer, (h.dealer,), ("play", "bunch"), "play"
                )
                return events
            return events + self._trump_settled(h)
        if p.kind == AGREE:
            if choice == "agree":
                return events + self._bunch(h, "AF-2.6")
            return events + self._trump_settled(h)
        if p.kind == "wrong_number":
            return events + self._wrong_number_elected(h, p, choice)
        if p.kind == "draw_surplus":
            return events + self._draw_surplus(h, p, int(choice) - 1)
        if p.kind == "revoke_penalty":
            h.penalties.append((self._penalty_due(h), self.party(action.seat), choice))
            return events + self._hand_played()
        raise InvalidActionError(f"unknown election kind {p.kind!r}")

    @staticmethod
    def _penalty_due(h: AllFoursHand) -> int:
        """The revoke (its index in the hand) whose penalty was just elected (AF-5.2)."""
        due, h.penalty_due = h.penalty_due, None
        assert due is not None
        return due

    elections = tuple(
        (kind, "_decided")
        for kind in (BEG, GIVE, BUNCH, AGREE, "wrong_number", "draw_surplus", "revoke_penalty")
    )

    def _run(self, h: AllFoursHand) -> list[Event]:
        """AF-2.4 (D-AF2, D-AF3, D-AF10): three more each and turn again until a new suit."""
        rejected = h.trump
        stock: list[Card] = h.undealt
        n = len(self.seats)
        events: list[Event] = []
        while True:
            if len(stock) < PACKET * n + 1:
                return events + self._bunch(h, "D-AF10")
            self._deal_round(h)
            c = stock.pop(0)
            h.runs += 1
            h.turned.append(c)
            self._out_of_play(h)
            if suit_of(c) == rejected:
                h.laid_aside.append(c)
                words = f"{card_name(c)} turned, of the rejected suit: laid aside"
                events.append(Event(EventKind.LAID_ASIDE, {"card": card_name(c), "words": words}))
                continue
            h.trump, h.turn_up = suit_of(c), c
            words = f"{card_name(c)} turned: {SUIT_NAMES[suit_of(c)]} are trumps"
            events.append(
                Event(
                    EventKind.TRUMP,
                    {"card": card_name(c), "trump": SUIT_LETTERS[suit_of(c)], "words": words},
                )
            )
            if c % 13 == JACK:
                events += self._turned_jack(h, "D-AF3")
                if self._over():
                    return events + self._end_game()
            break
        if n == 2:
            eldest = self.left(h.dealer)
            self.pending = Election(BUNCH, "AF-2.6", eldest, (eldest,), ("play", "bunch"), "play")
            return events
        return events + self._trump_settled(h)

    def _bunch(self, h: AllFoursHand, rule: str) -> list[Event]:
        """The cards are gathered and the same dealer deals afresh; points scored for turned
        Jacks stand (D-AF10, AF-2.6)."""
        h.irregularities.append(IrregularityRecord("bunch", rule, h.dealer, 0))
        self._abandon_hand(h)
        self.hand = None
        self.phase = DEAL
        words = "the cards are bunched; the same dealer deals again"
        return [Event(EventKind.BUNCHED, {"rule": rule, "words": words})]

    def _trump_settled(self, h: AllFoursHand) -> list[Event]:
        """After a run everyone discards to six (AF-2.7, D-AF4), else play begins."""
        h.settled = True
        runs = h.runs
        if runs and not (self.keep_nine_after_one_run and runs == 1):
            self.phase = EXCHANGE
            return []
        return self._start_play(h)

    def _discarder(self) -> Seat | None:
        h = self.hand
        if h is None or self.phase != EXCHANGE:
            return None
        return next(
            (s for s in self.rotation(h.dealer) if h.hands[s].bit_count() > HAND_SIZE), None
        )

    handlers = ((DealWrongly, "_deal_wrongly"),)

    @decision(EXCHANGE, Discard, "AF-2.7", "Which card do you discard, face down?")
    @refused("no discard is due now", "{due} discards now, not {seat}")
    def _discard(self, action: Discard) -> list[Event]:
        """AF-2.7 (D-AF4): after a run each player discards, face down, down to six cards."""
        return self._face_down(action, self._lay_aside)

    def _lay_aside(self, h: HandState, seat: Seat, card: Card) -> None:
        """The card is dead, and shown to its owner among his discards."""
        hand = game_hand(h, AllFoursHand)
        hand.dead |= 1 << card
        hand.discards[seat] |= 1 << card
        self._out_of_play(hand)

    def _discard_default(self, seat: Seat) -> Action:
        """The customary discard (D-G2): the least useful card — a plain card of no count, the
        lowest first; never a trump while a plain card remains."""
        h = self.hand
        assert h is not None
        trump = h.trump

        def worth(c: Card) -> tuple[int, int, int]:
            return (suit_of(c) == trump, CARD_POINTS.get(c % 13, 0) > 0, c % 13)

        return Discard(seat, min(cards_of(h.hands[seat]), key=worth))

    def _own_hand_unseen(self, seat: Seat) -> bool:
        """AF-2.1: the dealer's partner and the pone see their cards only once trumps are
        settled."""
        h = self.hand
        if not isinstance(h, AllFoursHand) or self.pitch or h.settled or self.phase != DECLARE:
            return False
        return seat not in (h.dealer, self.left(h.dealer))

    # --- the deal's irregularities (AF-1.7, D-AF11) ---------------------------------------------

    def _deal_wrongly(self, action: DealWrongly) -> list[Event]:
        h = self.hand
        self._check_seat(action.seat)
        if not self.laws:
            raise InvalidActionError("a wrong deal is recorded in laws mode only")
        if (
            not isinstance(h, AllFoursHand)
            or h.tricks
            or h.trick
            or self.phase not in (DECLARE, EXCHANGE, PLAY)
        ):
            raise InvalidActionError(
                "a wrong number of cards is dealt before the first card is played"
            )
        if action.seat not in self.seats or action.extra == 0 or abs(action.extra) > PACKET:
            raise InvalidActionError(
                f"cannot deal {action.extra:+d} cards to {self._seat_label(action.seat)}"
            )
        stock: list[Card] = h.undealt
        if action.extra > 0:
            if len(stock) < action.extra:
                raise InvalidActionError("the stock has not so many cards")
            for c in stock[: action.extra]:
                h.hands[action.seat] |= 1 << c
            del stock[: action.extra]
        else:
            held = cards_of(h.hands[action.seat])
            if len(held) <= -action.extra:
                raise InvalidActionError("a hand cannot be dealt fewer than one card")
            back = held[action.extra :]
            for c in back:
                h.hands[action.seat] &= ~(1 << c)
            stock[:0] = back
        self._out_of_play(h)
        return [Event(EventKind.DEALT_WRONGLY, {"seat": self.role(action.seat)})]

    def apply(self, action: Action) -> list[Event]:
        """A fault of the deal may be dealt or reported while a choice before play waits (the
        choice is taken up again if the deal stands, AF-1.7)."""
        p, h = self.pending, self.hand
        if (
            isinstance(action, DealWrongly | ReportMisdeal | ReportExposed)
            and p is not None
            and p.kind in (BEG, GIVE, BUNCH, AGREE)
            and isinstance(h, AllFoursHand)
        ):
            self.pending = None
            try:
                events = self._dispatch(action)
            except Exception:
                self.pending = p
                raise
            if self.pending is None:
                self.pending = p
            else:
                h.suspended = p
            self.log.append(action)
            return events
        return super().apply(action)

    def _elect(self, action: Elect) -> list[Event]:
        h = self.hand
        events = super()._elect(action)
        if isinstance(h, AllFoursHand) and self.hand is h and self.pending is None:
            self.pending, h.suspended = h.suspended, None
        return events

    def _misdeal_election(self, h: HandState, reason: str) -> Election:
        """AF-1.7 (D-AF11): a wrong number of cards; the dealer's adversary elects."""
        h = game_hand(h, AllFoursHand)
        wrong = [s for s in self.seats if h.hands[s].bit_count() != self._due_size(h)]
        if not wrong:
            raise InvalidActionError("every hand holds the right number of cards")
        options: tuple[str, ...] = ("new_deal", "stand")
        if any(h.hands[s].bit_count() > self._due_size(h) for s in wrong):
            options = ("new_deal", "draw", "stand")
        elector = self.adversaries(h.dealer)[0]
        return Election("wrong_number", "AF-1.7", h.dealer, (elector,), options, "new_deal")

    def _due_size(self, h: AllFoursHand) -> int:
        runs: int = h.runs
        if h.settled and self.phase != EXCHANGE:
            if runs == 1 and self.keep_nine_after_one_run:
                return HAND_SIZE + PACKET
            return HAND_SIZE
        return HAND_SIZE + PACKET * runs

    def _wrong_number_elected(self, h: AllFoursHand, p: Election, choice: str) -> list[Event]:
        h.irregularities.append(IrregularityRecord(p.kind, p.rule, p.offender, 0, (), choice))
        # AF-1.6: the trump could not have been right: the turned Jacks do not score.
        if h.jacks and not h.jacks_withdrawn:
            h.jacks_withdrawn = True
            self.scores[self.party(h.dealer)] -= h.jacks
        if choice == "new_deal":
            self._abandon_hand(h)
            self.hand = None
            self.phase = DEAL
            words = "a new deal by the same dealer"
            return [Event(EventKind.NEW_DEAL, {"rule": "D-AF11", "words": words})]
        if choice == "draw":
            holder = next(s for s in self.seats if h.hands[s].bit_count() > self._due_size(h))
            drawer = self.adversaries(holder)[0]
            options = tuple(str(i + 1) for i in range(h.hands[holder].bit_count()))
            self.pending = Election("draw_surplus", "D-AF11", holder, (drawer,), options, "1")
        return []

    def _draw_surplus(self, h: AllFoursHand, p: Election, index: int) -> list[Event]:
        """D-AF11 (c): the surplus card, drawn face down from the over-full hand, is dead."""
        c = cards_of(h.hands[p.offender])[index]
        h.hands[p.offender] &= ~(1 << c)
        h.dead |= 1 << c
        self._out_of_play(h)
        return [Event(EventKind.SURPLUS_DRAWN, {"seat": self.role(p.offender)})]

    def _exposed_in_deal_election(self, h: HandState, c: Card, by: Seat) -> Election:
        """AF-1.7 (D-AF11 (a)): the dealer exposing his own side's card, the deal stands; an
        adversary's, the dealer's adversary (the eldest speaking for his side) may claim a new
        deal by the same dealer. The law speaks of the dealer's exposures only: whoever ``by``
        names, the dealer is the offender."""
        holder = next(s for s in range(4) if h.hands[s] >> c & 1)
        elector = (self.adversaries(h.dealer)[0],)
        if self.party(holder) == self.party(h.dealer):
            return Election(
                "exposed_in_deal", "AF-1.7", h.dealer, elector, ("stand",), "stand", (c,)
            )
        options = ("stand", "redeal")
        return Election("exposed_in_deal", "AF-1.7", h.dealer, elector, options, "redeal", (c,))

    # --- play -----------------------------------------------------------------------------------

    def _start_play(self, h: HandState) -> list[Event]:
        h.leader = self.left(h.dealer)
        return super()._start_play(h)

    def _put_card(self, h: HandState, seat: Seat, c: Card, revoke: bool) -> list[Event]:
        h = game_hand(h, AllFoursHand)
        events: list[Event] = []
        if h.trump is None and self.pitch:
            h.trump = suit_of(c)  # Pitch: the first card led fixes trumps
            words = f"{card_name(c)} led: {SUIT_NAMES[h.trump]} are trumps"
            events.append(
                Event(
                    EventKind.TRUMP,
                    {"card": card_name(c), "trump": SUIT_LETTERS[h.trump], "words": words},
                )
            )
        low = h.low
        played = super()._put_card(h, seat, c, revoke)
        if suit_of(c) == h.trump and (low is None or c < low):
            # AF-4.10 (seed 002): the holder announces each new lowest trump, "six for Low".
            h.low = c
            words = f'announces "{RANK_WORDS[c % 13]} for Low"'
            announce = Event(
                EventKind.FOR_LOW, {"seat": self.role(seat), "card": card_name(c), "words": words}
            )
            played.insert(1, announce)
        return events + played

    def _hand_complete(self, h: HandState) -> bool:
        """The hand ends when a hand is played out (a short hand ends it early, D-AF11 (d);
        cards left over are dead)."""
        return not h.trick and any(h.hands[s] == 0 for s in self.seats)

    def _lead_out_of_turn_election(
        self, h: HandState, seat: Seat, c: Card, due: Seat
    ) -> Election | None:
        """AF-5.4 (D-AF12): a lead out of turn is taken back; with four the card is exposed."""
        if len(self.seats) == 4:
            h.penalty_cards[seat] |= 1 << c
        return None

    def _two_cards_election(
        self, seat: Seat, cards: tuple[Card, ...], options: tuple[str, ...]
    ) -> Election:
        return Election(
            "two_cards", "AF-5.4", seat, (self.adversaries(seat)[0],), options, options[0], cards
        )

    # --- end of a hand --------------------------------------------------------------------------

    def _hand_played(self) -> list[Event]:
        """Laws mode: each non-revoker elects, for each established revoke, to add the penalty
        or deduct it (AF-5.2, D-AF7 (a), (b)); then the hand is counted."""
        h = game_hand(self.hand, AllFoursHand)
        chosen = {(i, q) for i, q, _ in h.penalties}
        for i, r in enumerate(h.revokes):
            if not r.established:
                continue
            for q in range(len(self.party_names)):
                if q != self.party(r.seat) and (i, q) not in chosen:
                    elector = self._party_speaker(q, h.dealer)
                    h.penalty_due = i
                    self.pending = Election(
                        "revoke_penalty", "AF-5.2", r.seat, (elector,), ("add", "deduct"), "add"
                    )
                    self.phase = PLAY
                    data = self.pending.to_json(self._seat_label)
                    return [Event(EventKind.IRREGULARITY, {**data, "trick": r.trick})]
        return self._finish_hand()

    def _finish_hand(self) -> list[Event]:
        h = game_hand(self.hand, AllFoursHand)
        tricks = [
            PlayedTrick(t.cards, tuple(self.party(s) for s in t.seats), self.party(t.winner))
            for t in h.tricks
        ]
        points = hand_points(tricks, h.trump, self.party_rotation(h.dealer))
        jack_in_play = any(
            suit_of(c) == h.trump and c % 13 == JACK for t in h.tricks for c in t.cards
        )
        pen_points = revoke_penalty_points(jack_in_play)
        established = [r for r in h.revokes if r.established]
        penalties = [
            RevokePenalty(self.party(h.revokes[i].seat), q, pen_points, option)
            for i, q, option in h.penalties
        ]
        for r in established:
            r.penalty = "AF-5.2"
            h.irregularities.append(
                IrregularityRecord("revoke", "AF-5.2", r.seat, r.trick, (r.card,))
            )
        count = count_points(
            self.scores, points, penalties, {self.party(r.seat) for r in established}
        )
        self.scores = count.scores
        rec = self._hand_record(h)
        names = self.party_names
        rec.update(
            turned=[card_name(c) for c in h.turned],
            runs=h.runs,
            gift=h.gift,
            high=None if points.high is None else names[points.high],
            low=None if points.low is None else names[points.low],
            low_card=None if points.low_card is None else card_name(points.low_card),
            jack=None if points.jack is None else names[points.jack],
            game=names[points.game],
            counts={names[q]: points.counts[q] for q in range(len(names))},
            marked=[{"point": p, "to": names[q], "amount": a} for p, q, a in count.steps],
            won={names[q]: h.won[q] for q in range(len(names))},
            scores={names[q]: self.scores[q] for q in range(len(names))},
        )
        self._current_hands().append(rec)
        self.hand = None
        events = [
            Event(
                EventKind.HAND_SCORED,
                {
                    "won": rec["won"],
                    "score": rec["scores"],
                    "marked": rec["marked"],
                    "words": ", ".join(f"{m['point']} {m['to']}" for m in rec["marked"])
                    or "no point",
                },
            )
        ]
        if count.winner is not None:
            return events + self._end_game()
        self._pass_deal(h.dealer)
        self.phase = DEAL
        return events

    def _pass_deal(self, dealer: Seat) -> None:
        self.dealer = self.left(dealer)

    def _current_hands(self) -> list[dict[str, Any]]:
        return self.hand_records

    def _abandon_hand(self, h: HandState) -> None:
        h = game_hand(h, AllFoursHand)
        rec = self._hand_record(h, abandoned=True)
        rec["turned"] = [card_name(c) for c in h.turned]
        self.hand_records.append(rec)

    def _end_game(self) -> list[Event]:
        """AF-1.4: seven points win the game, which ends the sitting; the stake (D-AF16)."""
        winner = max(range(len(self.scores)), key=lambda q: self.scores[q])
        if self.hand is not None:
            self._abandon_hand(self.hand)
            self.hand_records[-1].pop("abandoned", None)
            self.hand_records[-1]["scores"] = self._named_scores()
            self.hand = None
        settlement = stakes(winner, len(self.party_names), self._members())
        for name, amount in settlement.items():
            self.totals[name] += amount
        self.games.append(
            {
                "roles": self.roles(),
                "hands": list(self.hand_records),
                "points": self._named_scores(),
                "winner": self.party_names[winner],
                "value": 1,
                "settlement": settlement,
            }
        )
        self.pending = None
        self.phase = OVER
        return [
            Event(
                EventKind.GAME_OVER,
                GameOverData(winner=self.party_names[winner], points=self._named_scores()),
            )
        ]

    def _named_scores(self) -> dict[str, int]:
        return {self.party_names[q]: self.scores[q] for q in range(len(self.scores))}

    # --- views ----------------------------------------------------------------------------------

    def _score_view(self) -> dict[str, int]:
        return self._named_scores()

    def view(self, seat: Seat | None) -> View:
        """The view, with the tricks won by every party (three with three players)."""
        v = super().view(seat)
        h = self.hand
        if h is None:
            return v
        return v._replace(won={n: h.won[q] for q, n in enumerate(self.party_names)})

    def _view_extra(self, seat: Seat | None) -> ViewExtra:
        """Foster's advice for settling Low (AF-4.10): the lowest trump out so far and who holds
        it, announced as it falls ("six for Low")."""
        extra: ViewExtra = {"roles": self.roles()} if self.seating else {}
        h = self.hand
        if isinstance(h, AllFoursHand):
            extra["turned_up"] = [card_name(c) for c in h.turned]
            if seat is not None and h.discards[seat]:
                extra["discards"] = [card_name(c) for c in cards_of(h.discards[seat])]
        if h is not None and h.trump is not None:
            played = [(c, s) for t in h.tricks for c, s in zip(t.cards, t.seats, strict=True)]
            played += list(zip(h.trick, h.trick_seats, strict=True))
            trumps = [(c, s) for c, s in played if suit_of(c) == h.trump]
            if trumps:
                low, holder = min(trumps)
                extra["low"] = {"card": card_name(low), "seat": self.role(holder)}
        return extra

    def action_seen_by(self, action: Action, seat: Seat | None) -> dict[str, Any]:
        """A discard is made face down (D-AF4): the others know only that it was made."""
        if isinstance(action, Discard) and action.seat != seat:
            return {"type": "Discard", "seat": SEAT_LETTERS[action.seat]}
        return super().action_seen_by(action, seat)


class AllFoursThreeTable(AllFoursTable):
    """All Fours for three, each for himself, at North, East and South (AF-1.2)."""

    seats: ClassVar[tuple[Seat, ...]] = (NORTH, EAST, SOUTH)
    party_names: ClassVar[tuple[str, ...]] = ("N", "E", "S")
    dead_seats: ClassVar[tuple[Seat, ...]] = (WEST,)
    side_names: ClassVar[tuple[str, str]] = ("N", "E")
    seat_sides: ClassVar[tuple[int, int, int, int]] = (0, 1, 2, 3)
    seat_order: ClassVar[tuple[tuple[Seat, ...], ...]] = (
        (NORTH, EAST, SOUTH),
        (EAST, SOUTH, NORTH),
        (SOUTH, NORTH, EAST),
        (),
    )
    trick_size: ClassVar[int] = 3


class AllFoursFourTable(AllFoursTable):
    """All Fours for four, partners opposite (AF-1.2)."""

    seats: ClassVar[tuple[Seat, ...]] = (NORTH, EAST, SOUTH, WEST)
    party_names: ClassVar[tuple[str, ...]] = ("NS", "EW")
    dead_seats: ClassVar[tuple[Seat, ...]] = ()
    side_names: ClassVar[tuple[str, str]] = ("NS", "EW")
    seat_sides: ClassVar[tuple[int, int, int, int]] = (0, 1, 0, 1)
    seat_order: ClassVar[tuple[tuple[Seat, ...], ...]] = tuple(
        tuple((leader + k) % 4 for k in range(4)) for leader in range(4)
    )
    trick_size: ClassVar[int] = 4

    def _seats_in_cut_order(self) -> tuple[Seat, ...]:
        """AF-1.3: the two lowest (North, South) play the two highest (East, West)."""
        return (NORTH, SOUTH, EAST, WEST)


_BY_PLAYERS: dict[int, type[AllFoursTable]] = {3: AllFoursThreeTable, 4: AllFoursFourTable}
