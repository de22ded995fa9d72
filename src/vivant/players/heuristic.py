"""A rule-based player: the textbook maxims of whist play, applied to what the view shows.

Card play (Foster's *Complete Hoyle*, "Whist": the general principles of the leads and of
second, third and fourth hand):

* **second hand low**, except that an honour led is **covered with an honour**;
* **third hand high**, but **win cheaply**: the lowest of equal cards, and no higher than needed
  when the fourth hand is exposed (Mort) and its cards can be counted; a partner's sure winner is
  not overtaken;
* **fourth hand** wins as cheaply as it can, or plays its lowest;
* when unable to follow, ruff (over-ruff when the trick is trumped) unless partner holds the
  trick or, fourth and in view, holds the master; otherwise **discard from weakness** (the
  weakest, shortest plain suit);
* leads: **trumps with five or more** while trumps are out (Vivant, seeing both hands, also
  while his side holds most of the trumps left), **return partner's lead**, cash sure winners
  once trumps are drawn, lead toward a partner's exposed winner, otherwise **lead from the long
  suit** (top of a sequence or a sure winner, the higher of two, the fourth best of four or more)
  — avoiding a suit an opponent has shown out of while his trumps may remain, and, against the
  exposed Mort, leading through its strength and up to its weakness.

Vivant controls both his hand and Mort's and plays each with both in view (the dummy's hand is
the "partner" of the hand to play, and vice versa).

Other decisions: Vivant deals the first hand for himself (M-3.1, D-M3); seats by custom (D-M2);
every revoke is claimed; the revoke penalty worth most on the score (M-6.2: three tricks when they
are worth three points or more, else three on the sheet, or three off the markers when the
revokers have three to lose); two cards played together (M-6.6) — the one worse for the offender;
an opponent's exposed high card is called when it cannot win the trick (WL-5.2); otherwise the
laws' customary election (D-G2).

All Fours, whose tricks count only for the points in them, has its own maxims
(:mod:`vivant.players.all_fours`).

The player reads nothing but the view: its own hand, exposed hands, penalty cards and the tricks,
which every player at the table has seen.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from vivant.actions import (
    Action,
    CallCard,
    CallSuit,
    ChooseDeal,
    ChoosePenalty,
    ClaimRevoke,
    CorrectRevoke,
    Elect,
    Play,
)
from vivant.cards import (
    FULL_PACK_MASK,
    JACK,
    SUIT_MASK,
    TEN,
    Card,
    Seat,
    Suit,
    cards_of,
    parse_card,
    partner_of,
    suit_mask,
    suit_of,
)
from vivant.errors import InvalidActionError
from vivant.laws import TOGETHER, winners_in_view
from vivant.players import all_fours, boston
from vivant.trick import trick_winner
from vivant.views import View

#: Games whose play follows other maxims than whist's (All Fours scores points, not tricks).
GAME_MAXIMS: dict[str, Callable[[View, Sequence[Action], Action | None], Action]] = {
    "all-fours": all_fours.choose,
    "boston": boston.choose,
}

TRUMP_LEAD_LENGTH = 5
DRAW_TRUMPS = 5
BOOK = 6


def _above(c: Card) -> int:
    """Mask of the cards of ``c``'s suit ranking above it."""
    return suit_mask(suit_of(c)) & ~((1 << (c + 1)) - 1)


@dataclass(frozen=True, slots=True)
class Position:
    """What the view tells the hand about to play: its cards, its partner's if exposed (or its
    own when the partner is Mort), the cards that may lie against it, and who has shown out."""

    me: Seat
    hand: int
    partner: Seat
    partner_hand: int
    against: int
    played: int
    trump: Suit | None
    leader: Seat
    trick: tuple[Card, ...]
    voids: frozenset[tuple[Seat, Suit]]
    partner_led: tuple[Suit, ...]
    partner_visible: bool
    exposed: dict[Seat, int]

    @classmethod
    def from_view(cls, view: View, me: Seat) -> Position:
        own = view.hand.mask
        exposed = {s: cs.mask for s, cs in view.exposed.items()}
        hand = own if me == view.seat else exposed.get(me, 0)
        return cls.around(view, me).holding(hand)

    @classmethod
    def around(cls, view: View, me: Seat) -> Position:
        """The position of the hand at ``me`` before its own cards are known: everything the
        view tells but the hand (``hand`` empty; :meth:`holding` gives it one)."""
        own = view.hand.mask
        exposed = {s: cs.mask for s, cs in view.exposed.items()}
        partner = partner_of(me)
        partner_visible = partner == view.seat or partner in exposed
        partner_hand = own if partner == view.seat else exposed.get(partner, 0)
        played = 0
        voids: set[tuple[Seat, Suit]] = set()
        partner_led: list[Suit] = []
        all_tricks = list(view.tricks)
        if view.trick is not None and view.trick.cards:
            all_tricks.append(view.trick)
        for t in all_tricks:
            led = suit_of(t.cards[0])
            if t.leader == partner and led not in partner_led:
                partner_led.append(led)
            for seat, c in zip(t.seats, t.cards, strict=True):
                played |= 1 << c
                if suit_of(c) != led:
                    voids.add((seat, led))
        opponents = 0
        for s, cs in view.penalty_cards.items():
            if s % 2 != me % 2:
                opponents |= cs.mask
        for s, m in exposed.items():
            if s % 2 != me % 2:
                opponents |= m
        known = partner_hand | played
        against = (FULL_PACK_MASK & ~known) | opponents
        leader = view.trick.leader if view.trick is not None else me
        trick = view.trick.cards if view.trick is not None else ()
        return cls(
            me=me,
            hand=0,
            partner=partner,
            partner_hand=partner_hand,
            against=against & ~known,
            played=played,
            trump=view.trump,
            leader=leader,
            trick=tuple(trick),
            voids=frozenset(voids),
            partner_led=tuple(partner_led),
            partner_visible=partner_visible,
            exposed=exposed,
        )

    def holding(self, hand: int) -> Position:
        """This position (made by :meth:`around`, with no hand) with ``hand`` as the cards of
        the hand to play: none of them lies against it."""
        return Position(
            me=self.me,
            hand=hand,
            partner=self.partner,
            partner_hand=self.partner_hand,
            against=self.against & ~hand,
            played=self.played,
            trump=self.trump,
            leader=self.leader,
            trick=self.trick,
            voids=self.voids,
            partner_led=self.partner_led,
            partner_visible=self.partner_visible,
            exposed=self.exposed,
        )

    # --- facts about cards ------------------------------------------------------------------

    def is_master(self, c: Card) -> bool:
        """No card that may be against us ranks above ``c`` in its suit."""
        return not self.against & _above(c)

    def cheapest_equal(self, c: Card, among: int) -> Card:
        """The lowest card of ``among`` equal in value to ``c``: every card between them is
        ours, our partner's (in view) or already played (win cheaply; top of a sequence)."""
        ours = self.hand | self.partner_hand | self.played
        best = c
        low = (suit_of(c)) * 13
        x = c
        while x > low and ours >> (x - 1) & 1:
            x -= 1
            if among >> x & 1:
                best = x
        return best

    def count(self, mask: int, suit: Suit) -> int:
        return (mask >> (13 * suit) & SUIT_MASK).bit_count()

    def opponents_may_ruff(self, suit: Suit) -> bool:
        """Whether an opponent has shown out of ``suit`` while trumps may remain against us."""
        if self.trump is None or suit == self.trump:
            return False
        trumps_out = bool(self.against & suit_mask(self.trump))
        return trumps_out and any((s, suit) in self.voids for s in (self.me + 1, self.me + 3))

    def trick_state(self) -> tuple[Card, Seat]:
        """The card now winning the trick and the seat that played it."""
        i = trick_winner(self.trick, self.trump)
        return self.trick[i], (self.leader + i) % 4


def _lowest(cards: Sequence[Card]) -> Card:
    return min(cards, key=lambda c: (c % 13, c))


def _highest(cards: Sequence[Card]) -> Card:
    return max(cards, key=lambda c: (c % 13, -c))


def choose_card(view: View, me: Seat, legal: Sequence[Card]) -> Card:
    """The card the maxims pick for the hand at ``me`` among ``legal`` (see the module doc)."""
    if len(legal) == 1:
        return legal[0]
    return choose_at(Position.from_view(view, me), legal)


def choose_at(pos: Position, legal: Sequence[Card]) -> Card:
    """The card the maxims pick among ``legal`` in ``pos`` (:func:`choose_card`)."""
    if len(legal) == 1:
        return legal[0]
    if not pos.trick:
        return _lead(pos, legal)
    led = suit_of(pos.trick[0])
    if suit_of(legal[0]) == led and all(suit_of(c) == led for c in legal):
        return _follow(pos, legal)
    return _cannot_follow(pos, legal)


# --- leads ------------------------------------------------------------------------------------


def _lead_from(pos: Position, suit_cards: list[Card]) -> Card:
    """The card to lead from one suit: a sure winner or the top of a sequence, the higher of
    two, the fourth best of four or more, else the lowest."""
    cards = sorted(suit_cards, reverse=True)
    top = cards[0]
    if pos.is_master(top):
        return top
    if len(cards) >= 2 and cards[1] == top - 1 and top % 13 >= JACK:
        return top
    if len(cards) == 2:
        return top
    if len(cards) >= 4:
        return cards[3]
    return cards[-1]


def _lead(pos: Position, legal: Sequence[Card]) -> Card:
    mask = 0
    for c in legal:
        mask |= 1 << c
    by_suit: dict[Suit, list[Card]] = {}
    for c in legal:
        by_suit.setdefault(suit_of(c), []).append(c)
    trump = pos.trump
    trumps_out = trump is not None and bool(pos.against & suit_mask(trump))
    plain = [s for s in by_suit if s != trump]
    # Trumps with five or more, while the opponents may still hold some.
    long_trumps = trump is not None and len(by_suit.get(trump, ())) >= TRUMP_LEAD_LENGTH
    if trump is not None and long_trumps and trumps_out:
        return _lead_from(pos, by_suit[trump])
    # Vivant, seeing both hands of his side, draws trumps while his side holds the most.
    if trump is not None and trump in by_suit and pos.partner_visible and trumps_out:
        ours = pos.count(pos.hand | pos.partner_hand, trump)
        if ours > pos.count(pos.against, trump) and ours >= DRAW_TRUMPS:
            return _lead_from(pos, by_suit[trump])
    safe = [s for s in plain if not pos.opponents_may_ruff(s)] or plain
    # Return partner's lead (an adversary's; Vivant plays both hands of his side).
    for s in () if pos.partner_visible else pos.partner_led:
        if s in safe:
            cards = sorted(by_suit[s], reverse=True)
            if pos.is_master(cards[0]) or len(cards) <= 2:
                return cards[0]
            return cards[-1]
    # Cash sure winners once the opponents' trumps are gone.
    if not trumps_out:
        for s in safe:
            top = max(by_suit[s])
            if pos.is_master(top):
                return top
    # Lead a small card toward a partner's exposed winner.
    for s in safe:
        theirs = pos.partner_hand & suit_mask(s)
        if theirs and pos.is_master(theirs.bit_length() - 1) and not pos.is_master(max(by_suit[s])):
            return min(by_suit[s])
    if safe:
        # Lead from the long suit: the side's length, then strength, then own length; an
        # adversary leads through the exposed hand's strength and up to its weakness.
        def length(s: Suit) -> tuple[int, int, int, int]:
            side = pos.count(pos.hand | pos.partner_hand, s)
            strength = sum(max(0, c % 13 - 8) for c in by_suit[s])
            return (_through_or_up(pos, s), len(by_suit[s]) + side, strength, -s)

        return _lead_from(pos, by_suit[max(safe, key=length)])
    assert trump is not None
    return _lead_from(pos, by_suit[trump])


def _through_or_up(pos: Position, suit: Suit) -> int:
    """Whist's advice against an exposed hand: lead through its strength when it plays second
    (+1 where it holds an honour that is not a sure winner), up to its weakness when it plays
    last (+1 where it holds no honour, -1 where it holds a sure winner)."""
    for seat, held in pos.exposed.items():
        if seat % 2 == pos.me % 2:
            continue
        cards = held & suit_mask(suit)
        top = cards.bit_length() - 1 if cards else -1
        honour = bool(cards) and top % 13 >= JACK
        sure = bool(cards) and not FULL_PACK_MASK & ~pos.played & ~held & _above(top)
        if seat == (pos.me + 1) % 4:
            return 1 if honour and not sure else 0
        if seat == (pos.me + 3) % 4:
            if sure:
                return -1
            return 0 if honour else 1
    return 0


# --- following --------------------------------------------------------------------------------


def _follow(pos: Position, legal: Sequence[Card]) -> Card:
    winning, winner = pos.trick_state()
    led = suit_of(pos.trick[0])
    trumped = suit_of(winning) != led
    beaters = sorted(c for c in legal if not trumped and c > winning)
    low = _lowest(legal)
    n = len(pos.trick)
    partner_winning = winner == pos.partner
    mine = 0
    for c in legal:
        mine |= 1 << c
    if n == 3:  # fourth hand: win as cheaply as possible
        if partner_winning or not beaters:
            return low
        return beaters[0]
    if n == 1:  # second hand low; cover an honour with an honour
        # Partner plays fourth: when his hand is in view and holds the master, leave it to him.
        partner_top = pos.partner_hand & suit_mask(led)
        if partner_top and pos.is_master(partner_top.bit_length() - 1):
            return low
        if beaters and pos.trick[0] % 13 >= JACK:
            cover = pos.cheapest_equal(beaters[0], mine)
            if cover % 13 >= JACK:
                return cover
        # A sure winner takes the trick cheaply when the suit may not go round again.
        if beaters and pos.is_master(beaters[-1]) and pos.count(pos.against, led) <= 3:
            return pos.cheapest_equal(beaters[-1], mine)
        return low
    # Third hand high (partner led).
    fourth = (pos.leader + 3) % 4
    if partner_winning and pos.is_master(winning):
        return low
    if fourth in pos.exposed:
        fourth_hand = pos.exposed[fourth]
        theirs = fourth_hand & suit_mask(led)
        target = max(winning, theirs.bit_length() - 1) if theirs else winning
        if not theirs and pos.trump is not None and fourth_hand & suit_mask(pos.trump):
            # The exposed fourth hand can ruff: do not waste a high card.
            return low
        over = [c for c in beaters if c > target]
        if over:
            return over[0]
        return low
    if not beaters:
        return low
    top = beaters[-1]
    if partner_winning and not pos.is_master(top) and top < winning:
        return low
    return pos.cheapest_equal(top, mine)


def _cannot_follow(pos: Position, legal: Sequence[Card]) -> Card:
    trump = pos.trump
    led = suit_of(pos.trick[0])
    winning, winner = pos.trick_state()
    n = len(pos.trick)
    partner_winning = winner == pos.partner
    trumps = sorted(c for c in legal if trump is not None and suit_of(c) == trump)
    if trump is not None and led != trump and trumps:
        sure = partner_winning and (n == 3 or pos.is_master(winning))
        if n == 1:
            # Partner, fourth and in view, holds the master of the suit led: let him win it.
            theirs = pos.partner_hand & suit_mask(led)
            third = partner_of(pos.leader)
            sure = bool(theirs) and pos.is_master(theirs.bit_length() - 1)
            sure = sure and (third, led) not in pos.voids
        if not sure:
            if suit_of(winning) == trump:
                over = [c for c in trumps if c > winning]
                if over:
                    return over[0]
            else:
                return trumps[0]
    return _discard(pos, legal)


def _discard(pos: Position, legal: Sequence[Card]) -> Card:
    """Discard from weakness: the lowest card of the weakest plain suit (fewest high cards and
    no sure winner), shortest first; trumps only when nothing else is left."""
    by_suit: dict[Suit, list[Card]] = {}
    for c in legal:
        by_suit.setdefault(suit_of(c), []).append(c)
    plain = [s for s in by_suit if s != pos.trump] or list(by_suit)

    def weakness(s: Suit) -> tuple[int, int, int, int]:
        cards = by_suit[s]
        masters = sum(1 for c in cards if pos.is_master(c))
        strength = sum(max(0, c % 13 - 8) for c in cards)
        return (masters, strength, len(cards), s)

    return _lowest(by_suit[min(plain, key=weakness)])


# --- decisions other than a card --------------------------------------------------------------


def _penalty_worth(view: View, action: ChoosePenalty) -> int:
    """Points a revoke penalty is worth to the side choosing it (M-6.2 to M-6.4): tricks taken
    count by the points they turn, three off the markers count as far as the revokers have them,
    three on the sheet count three."""
    sides = list(view.won) or list(view.score)
    me = action.seat
    ours, theirs = (sides[0], sides[1]) if me % 2 == 0 else (sides[1], sides[0])
    won_ours, won_theirs = view.won.get(ours, 0), view.won.get(theirs, 0)
    if action.option == "T":
        moved = max(0, min(3, won_theirs - 1))
        gained = max(0, won_ours + moved - BOOK) - max(0, won_ours - BOOK)
        denied = max(0, won_theirs - BOOK) - max(0, won_theirs - moved - BOOK)
        return gained + denied
    if action.option == "D":
        return min(3, view.score.get(theirs, 0))
    return 3


def _two_cards_choice(view: View, options: Sequence[str]) -> str:
    """M-6.6 / WL-5.1: of two cards played together, the one worse for the offending side —
    a card that does not win the trick, and the lower."""
    trick = view.trick.cards if view.trick is not None else ()
    trump = view.trump

    def badness(name: str) -> tuple[int, int]:
        c = parse_card(name)
        cards = (*trick, c)
        wins = trick_winner(cards, trump) == len(cards) - 1
        return (1 if wins else 0, c % 13)

    return min(options, key=badness)


def _together_choice(view: View, options: Sequence[str]) -> str:
    """D-DU17: the demand on Duplicate's cards played together or led again, from what the
    elector sees: make the partner win the first trick (DL-6) when the view proves the cards
    winners (every better card played or seen on the offender's side), else the WL-5.1
    demand — the card worse for the offenders named as played, or the second card exposed."""
    p = view.pending
    assert p is not None
    offender = next(s for s, r in view.roles.items() if r == p["offender"])
    cards = [parse_card(x) for x in p["cards"]]
    if "win_1" in options and winners_in_view(view, offender, cards):
        return "win_1"
    names = [o for o in options if o not in ("win_1", "win_2", "waive", "call_card")]
    if names:
        return _two_cards_choice(view, names)
    return "call_card" if "call_card" in options else options[0]


class HeuristicPlayer:
    """The rule-based player (see the module doc). Deterministic: the seed is kept only so that
    every player kind is made the same way."""

    kind = "heuristic"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: View, legal: Sequence[Action], default: Action | None = None) -> Action:
        """The maxims' choice among ``legal`` from ``view`` (and the customary ``default``)."""
        if not legal:
            raise InvalidActionError("the heuristic player was given no legal action to choose")
        maxims = GAME_MAXIMS.get(view.variant)
        if maxims is not None:
            return maxims(view, legal, default)
        first = legal[0]
        if isinstance(first, Play):
            plays = [a for a in legal if isinstance(a, Play)]
            c = choose_card(view, first.seat, [a.card for a in plays])
            return next(a for a in plays if a.card == c)
        if isinstance(first, CorrectRevoke):
            fixes = [a for a in legal if isinstance(a, CorrectRevoke)]
            c = _lowest([a.card for a in fixes])
            return next(a for a in fixes if a.card == c)
        claims = [a for a in legal if isinstance(a, ClaimRevoke)]
        if claims:
            return claims[0]
        if isinstance(first, ChooseDeal):
            return next((a for a in legal if isinstance(a, ChooseDeal) and not a.for_mort), first)
        if isinstance(first, ChoosePenalty):
            penalties = [a for a in legal if isinstance(a, ChoosePenalty)]
            order = {"T": 0, "A": 1, "D": 2}
            return max(penalties, key=lambda a: (_penalty_worth(view, a), -order[a.option]))
        if isinstance(first, CallSuit):
            return self._call_suit(view, [a for a in legal if isinstance(a, CallSuit)])
        if isinstance(first, Elect) and view.pending and view.pending.get("kind") == "two_cards":
            elects = [a for a in legal if isinstance(a, Elect)]
            pick = _two_cards_choice(view, [a.option for a in elects])
            return next(a for a in elects if a.option == pick)
        if isinstance(first, Elect) and view.pending and view.pending.get("kind") == TOGETHER:
            elects = [a for a in legal if isinstance(a, Elect)]
            pick = _together_choice(view, [a.option for a in elects])
            return next((a for a in elects if a.option == pick), first)
        if default is not None and default in legal:
            return default
        return first

    def call_card(self, view: View, calls: Sequence[CallCard]) -> CallCard | None:
        """WL-5.2: call an opponent's exposed card when it is a high card (ten or better) that
        would not win the trick as it stands — his honour is wasted; otherwise let it lie."""
        trick = view.trick.cards if view.trick is not None else ()
        if not trick:
            return None
        useful = []
        for a in calls:
            cards = (*trick, a.card)
            if trick_winner(cards, view.trump) != len(cards) - 1 and a.card % 13 >= TEN:
                useful.append(a)
        return max(useful, key=lambda a: (a.card % 13, -a.card)) if useful else None

    def _call_suit(self, view: View, calls: list[CallSuit]) -> CallSuit:
        """WL-6.1 (b): call the suit the caller's side is strongest in, seen from its hands."""
        mine = view.hand.mask
        for s in view.controls:
            if s in view.exposed:
                mine |= view.exposed[s].mask

        def strength(a: CallSuit) -> tuple[int, int]:
            cards = cards_of(mine & suit_mask(a.suit))
            return (sum(c % 13 for c in cards), -a.suit)

        return max(calls, key=strength)


__all__ = ["HeuristicPlayer", "Position", "choose_at", "choose_card"]
