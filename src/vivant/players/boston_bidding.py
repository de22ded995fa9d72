"""The Monte-Carlo player's choices before play in Boston: its call in the auction and the plain
suit it names, by sampling the concealed hands and solving them (issue 17).

Principle: the hands the caller cannot see are dealt at random consistently with his view
(:func:`~vivant.players.sampling.sample_hands`: his own thirteen cards, the rest among the
other three), and each sampled deal is played in every contract the caller is weighing, with
him alone against the other three (BO-5.1), the eldest leading (D-BO10): each suit he could make
trumps — the first preference, the second ("colour"), the plain suit he would name (the better
of the two by :func:`~vivant.players.boston.class_suits`) (BO-3.2, BO-4.3, D-BO3) — and the
misère-type bids, without trumps (D-BO4), after the little bids' discards (BO-5.2). A deal is
played out (:func:`play_out`) as the Monte-Carlo player plays it, with an earlier horizon: the
rule-based cards of every hand until the hands hold 8 cards (5 in a misère), then the solver
with the single player's sides (one against three) and objective (most tricks; in a misère the
fewest), which gives the single player's tricks in that deal.

Each bid open to the caller (outranking the current one, BO-4.1, and offered by the table: a
player who has passed is offered only misères, D-BO2) is then valued at what it wins or loses
over the deals: three times the win table with its over-tricks, W(bid, taken), or the loss
table, L(bid, short) (BO-6.1, BO-6.2; each adversary pays or is paid), a misère's value won
with no trick and lost with one (BO-6.3), plus the pool when made, less it when failed (the
failed bidder doubles it, BO-6.7, BO-6.8). The call worth most in expectation is made when it is
worth more than passing, valued at nothing (the caller then settles as one of three adversaries,
or in misère partout, whose mean is nothing at a table of equals).

Misères are searched for a hand whose rule-based risk (:func:`~vivant.players.boston.misere_risk`)
is at most :data:`MISERE_RISK`, spreads only where the rule-based evaluation holds them: the
solver sees every hand, so it cannot tell what laying the hand face up costs (D-BO5).

Why not solve the whole 13-card deal: one against three has none of the partnership game's
sure-trick cut-offs, and a 13-card deal takes from thousands of nodes to over a billion (of the
first calls of 40 seeded deals, most had no sampled deal solvable within 1.5 million nodes a
trump), and a whole misère minutes; from the horizon on a search takes thousands. Deals are
solved until :data:`BID_NODES` nodes are spent, a deal whose search would take more than
:data:`DEAL_NODES` is left out (:meth:`~vivant.solver.Solver.tricks_within`), and when none is
solved the rule-based call stands: counting nodes, not seconds, keeps the call deterministic for
a seed on any machine. No trick bid is searched for a hand whose evaluation
(:func:`~vivant.players.boston.trick_estimate`) is below :data:`SEARCH_FROM` tricks in every
suit: it does not make five tricks alone.

A trick bid is called in two steps (its number, then its suit class, BO-4.1): the bid chosen at
the number is remembered and its class given at the next step. The plain bidder names the plain
suit whose sampled deals are worth most for his bid (D-BO3). The Monte-Carlo player makes
these choices through its :class:`Caller` (Boston's entry among the games' bidders,
:data:`~vivant.players.montecarlo.BIDDERS`); every other choice (the little misère's discard,
the laws' elections) and the card play are its own.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from vivant.actions import Action, Elect, Play
from vivant.cards import SUIT_LETTERS, CardSet, Seat, cards_of, suit_mask
from vivant.players import boston
from vivant.players.sampling import sample_hands
from vivant.scoring.boston import (
    ALL_BIDS,
    BIDS_BY_NAME,
    MISERE_TRICKS,
    TRICK_WORDS,
    Bid,
    trick_bid_value,
)
from vivant.solver import NOTRUMP, Position, Solver
from vivant.trick import trick_winner
from vivant.views import TrickView, View, ViewExtra

#: Cards a hand holds when the sampled deals of a call are handed to the solver (the rule-based
#: cards before): the play's first horizon, shorter than the card play's own
#: (:data:`~vivant.players.boston.TRICK_HORIZON`), since a call searches every contract it weighs.
BID_TRICK_HORIZON = 8
BID_MISERE_HORIZON = 5
#: Deals sampled for a call (the budget may stop the search before all are solved).
BID_WORLDS = 16
#: Search nodes a call may spend over its deals (about a second here).
BID_NODES = 6_000_000
#: Search nodes one deal's search of one trump may take before the deal is left out (the
#: search of a 13-card deal one against three takes from a few thousand nodes to over a billion).
DEAL_NODES = 1_500_000
#: A hand whose evaluation reaches this many tricks in no suit is not searched.
SEARCH_FROM = 3.5
#: The rule-based misère risk (:func:`~vivant.players.boston.misere_risk`) up to which a little
#: or grand misère is searched.
MISERE_RISK = 2
#: The transposition table of each of the bidding's two solvers, MB.
BID_TT_MB = 16.0
#: The adversaries of a single player: each pays or is paid (BO-6.1, BO-6.2).
ADVERSARIES = 3


@dataclass(frozen=True, slots=True)
class Contract:
    """A contract a sampled deal is played in: the bid, its trump (``None``: no trump, the
    misère-type bids, D-BO4) and the single player."""

    bid: Bid
    trump: int | None
    bidder: Seat

    @property
    def key(self) -> int | str:
        """What the single player's tricks depend on: the trump of a trick bid (not its number:
        the deal is played alike), or the misère-type bid."""
        if self.bid.is_misere or self.trump is None:
            return self.bid.misere
        return self.trump


@dataclass(frozen=True, slots=True)
class Sampled:
    """The single player's tricks in each sampled deal, per :attr:`Contract.key` searched."""

    tricks: dict[int | str, list[int]]

    def expectation(self, contract: Contract, pool: int) -> float:
        """What ``contract`` wins its single player on average over the deals."""
        taken = self.tricks[contract.key]
        return sum(payoff(contract.bid, t, pool) for t in taken) / len(taken)


def payoff(bid: Bid, taken: int, pool: int) -> int:
    """The single player's gain from ``bid`` with ``taken`` tricks: each of the three
    adversaries pays W(bid, taken) or is paid L(bid, short) (BO-6.1, BO-6.2; Foster's decimal
    loss table, the default), or a misère-type bid's value, won with no trick (BO-6.3); the
    pool is taken or doubled (BO-6.7, BO-6.8)."""
    if bid.is_misere:
        each = bid.value if taken == 0 else -bid.value
    else:
        each = trick_bid_value(bid.tricks, taken)
    return ADVERSARIES * each + (pool if each > 0 else -pool)


def eldest(view: View) -> Seat:
    """The seat on the dealer's left, who leads (BO-5.1, D-BO10)."""
    assert view.dealer is not None
    return (view.dealer + 1) % 4


def _legal(hand: int, trick: Sequence[int]) -> list[int]:
    """T2: the cards of the suit led if the hand holds any, else every card."""
    if trick:
        follow = hand & suit_mask(trick[0] // 13)
        hand = follow or hand
    return cards_of(hand)


def play_out(view: View, hands: list[int], contract: Contract) -> tuple[Position, int]:
    """Play the sampled deal ``hands`` in ``contract`` as the Monte-Carlo player plays it: the
    little bids' discards (BO-5.2, the rule-based choice: each his highest card), then the
    rule-based card of every hand until the hands hold :data:`BID_TRICK_HORIZON` cards
    (:data:`BID_MISERE_HORIZON` in a misère). Returns the solver's position there (the single
    player alone against three, in a misère for the fewest tricks) and the single player's
    tricks so far."""
    bid, bidder = contract.bid, contract.bidder
    hands = list(hands)
    if bid.is_misere and MISERE_TRICKS[bid.misere] == 12:
        for s in range(4):
            hands[s] &= ~(1 << max(cards_of(hands[s]), key=lambda c: (c % 13, c)))
    horizon = BID_MISERE_HORIZON if bid.is_misere else BID_TRICK_HORIZON
    extra = ViewExtra(contract=bid.name(), bidder="NESW"[bidder])
    leader = eldest(view)
    tricks: list[TrickView] = []
    taken = 0
    while hands[leader].bit_count() > horizon:
        cards: list[int] = []
        seats: list[Seat] = []
        for k in range(4):
            seat = (leader + k) % 4
            trick = TrickView(leader, tuple(cards), None, tuple(seats))
            seen = view._replace(
                seat=seat,
                phase="play",
                hand=CardSet(hands[seat]),
                hand_sizes={x: hands[x].bit_count() for x in range(4)},
                trump=contract.trump,
                to_play=seat,
                to_act=seat,
                trick=trick if cards else None,
                tricks=tuple(tricks),
                extra=extra,
            )
            plays = [Play(seat, c) for c in _legal(hands[seat], cards)]
            chosen = boston.choose(seen, plays, None)
            assert isinstance(chosen, Play)
            cards.append(chosen.card)
            seats.append(seat)
            hands[seat] &= ~(1 << chosen.card)
        winner = seats[trick_winner(cards, contract.trump)]
        tricks.append(TrickView(leader, tuple(cards), winner, tuple(seats)))
        taken += winner == bidder
        leader = winner
    trump = NOTRUMP if contract.trump is None else contract.trump
    pos = Position(tuple(CardSet(h) for h in hands), trump, leader, (), 1 << bidder, bid.is_misere)
    return pos, taken


def sample_tricks(
    view: View, rng: random.Random, contracts: Sequence[Contract], solvers: Sequence[Solver]
) -> Sampled | None:
    """The single player's tricks in each of ``contracts`` over deals sampled from ``view``,
    each played by :func:`play_out` and solved from the horizon on, until :data:`BID_NODES`
    nodes are spent; a deal whose search would take more than :data:`DEAL_NODES` is left out.
    ``solvers``: for the most tricks, and for the misère (each keeps its own table warm).
    ``None`` when no deal was solved."""
    out: dict[int | str, list[int]] = {c.key: [] for c in contracts}
    spent = 0
    for _ in range(BID_WORLDS):
        hands = sample_hands(view, rng)
        found: dict[int | str, int] = {}
        for contract in contracts:
            pos, taken = play_out(view, hands, contract)
            solver = solvers[pos.misere]
            r = solver.tricks_within(pos, DEAL_NODES)
            spent += solver.nodes
            if r is None:
                break
            mine = r if pos.leader == contract.bidder else pos.tricks_left - r
            found[contract.key] = taken + mine
        if len(found) == len(contracts):
            for key, t in found.items():
                out[key].append(t)
        if spent >= BID_NODES:
            break
    return Sampled(out) if next(iter(out.values())) else None


def open_bids(view: View, words: Sequence[str]) -> list[Bid]:
    """The bids the caller may make now: outranking the current bid (BO-4.1), among the table's
    options (a passed player is offered only misères, D-BO2); misère-type bids only where the
    rule-based evaluation allows a risk of at most :data:`MISERE_RISK` (spreads: where it holds
    the spread, D-BO5 exposing the hand), since the other hands are searched alike whatever
    the hand."""
    current = boston.current_bid(view)
    hand = list(view.hand)
    wanted = boston.wanted_bids(view)
    out: list[Bid] = []
    for bid in ALL_BIDS:
        if not bid.outranks(current):
            continue
        if bid.is_misere:
            spread = bid.misere.endswith("spread")
            fits = bid in wanted if spread else boston.misere_risk(hand) <= MISERE_RISK
            if bid.misere in words and fits:
                out.append(bid)
        elif TRICK_WORDS[bid.tricks] in words:
            out.append(bid)
    return out


def contracts_of(view: View, bids: Sequence[Bid]) -> list[Contract]:
    """The contracts to search for ``bids``: one per trump the trick bids may have (the suit
    class's, BO-3.2, D-BO3) and one per misère-type bid (no trump, D-BO4)."""
    me = view.seat
    assert me is not None
    classes = boston.class_suits(view)
    out: dict[int | str, Contract] = {}
    for bid in bids:
        contract = Contract(bid, None if bid.is_misere else classes[bid.klass], me)
        out.setdefault(contract.key, contract)
    return list(out.values())


def best_bid(
    view: View, words: Sequence[str], rng: random.Random, solvers: Sequence[Solver]
) -> Bid | None:
    """The call worth most in expectation (see the module doc); ``None``: pass."""
    hand = list(view.hand)
    classes = boston.class_suits(view)
    strong = max(boston.trick_estimate(hand, s) for s in classes.values()) >= SEARCH_FROM
    bids = [b for b in open_bids(view, words) if b.is_misere or strong]
    contracts = contracts_of(view, bids)
    sampled = sample_tricks(view, rng, contracts, solvers) if contracts else None
    if sampled is None:
        return None
    pool = int(view.extra.get("pool", 0))
    best: tuple[float, Bid] | None = None
    for bid in bids:
        trump = None if bid.is_misere else classes[bid.klass]
        assert view.seat is not None
        worth = sampled.expectation(Contract(bid, trump, view.seat), pool)
        if worth > 0 and (best is None or worth > best[0]):
            best = (worth, bid)
    return None if best is None else best[1]


class Caller:
    """The Monte-Carlo player's calls in Boston's auction and the plain trump it names, by
    sampling (see the module doc): the game's bidder of
    :data:`~vivant.players.montecarlo.BIDDERS`, one to a player, made at its first decision in
    the game and seeded by the player's seed; it keeps its random numbers, its solvers and the
    bid it means to complete from one call to the next. Every other decision it leaves to the
    player (``None``)."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        #: The solvers of the sampled deals: for the most tricks, and for the misère.
        self.solvers = (Solver(BID_TT_MB), Solver(BID_TT_MB))
        #: The bid chosen at its number, by the calls it was chosen after.
        self.planned: tuple[tuple[str, ...], Bid] | None = None

    def choose(self, view: View, legal: Sequence[Action]) -> Action | None:
        """A call of the auction or the plain bidder's trump, when one of them is due and
        there is a choice; else ``None``."""
        elects = [a for a in legal if isinstance(a, Elect)]
        if not elects or len(elects) != len(legal) or len(legal) < 2:
            return None
        if view.phase == "declare" and view.pending is None:
            return self.call(view, elects)
        if view.phase == "name_trump":
            return self.name_trump(view, elects)
        return None

    def call(self, view: View, legal: Sequence[Elect]) -> Elect:
        """A call of the auction (BO-4.1..BO-4.5) by sampling."""
        options = {a.option: a for a in legal}
        calls = tuple(c["call"] for c in view.extra.get("calls", ()))
        number = view.extra.get("number")
        if number is not None:
            plan = self.planned
            if (
                plan is not None
                and plan[0] == calls
                and TRICK_WORDS[plan[1].tricks] == number
                and plan[1].klass in options
            ):
                return options[plan[1].klass]
            choice = boston.choose(view, legal, None)
            assert isinstance(choice, Elect)
            return choice
        bid = best_bid(view, list(options), self.rng, self.solvers)
        if bid is None:
            return options.get("pass", legal[0])
        self.planned = (calls, bid)
        return options[bid.misere or TRICK_WORDS[bid.tricks]]

    def name_trump(self, view: View, legal: Sequence[Elect]) -> Elect:
        """D-BO3: the plain suit whose sampled deals are worth most for the bid made."""
        bid = BIDS_BY_NAME[view.extra["contract"]]
        assert view.seat is not None
        contracts = [Contract(bid, SUIT_LETTERS.index(a.option), view.seat) for a in legal]
        sampled = sample_tricks(view, self.rng, contracts, self.solvers)
        if sampled is None:
            choice = boston.choose(view, legal, None)
            assert isinstance(choice, Elect)
            return choice
        pool = int(view.extra.get("pool", 0))
        worth = [sampled.expectation(c, pool) for c in contracts]
        return legal[worth.index(max(worth))]


__all__ = [
    "BID_MISERE_HORIZON",
    "BID_NODES",
    "BID_TRICK_HORIZON",
    "BID_WORLDS",
    "DEAL_NODES",
    "SEARCH_FROM",
    "Caller",
    "Contract",
    "Sampled",
    "best_bid",
    "open_bids",
    "payoff",
    "play_out",
    "sample_tricks",
]
