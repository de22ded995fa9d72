"""Bridge Whist scoring (BW-*) and Bridge for Three's score sheet (B3-5, B3-7, B3-8).

Bridge for Three (Dummy Bridge, Cut-Throat) is in seed 002 only as to the deal, the dummy's forced
declaration and the doubling rights; its scoring follows the rules file's reading of EB1911's
three-handed bridge (D-B1) with Bridge Whist values:

- odd tricks (each trick beyond six) are worth, per trick, no trumps 12, hearts 8, diamonds 6,
  clubs 4, spades 2 (BW-1), doubled ×2 and redoubled ×4 — trick values only (BW-2);
- honours A K Q J T of a trump suit, scored by the side holding three or more as multiples of the
  undoubled trick value: 3 → ×2, 4 divided → ×4, 5 divided → ×5, 4 in one hand → ×8, 4 in one
  hand and the fifth in partner's → ×9, 5 in one hand → ×10 (BW-4); at no trumps the four aces:
  three 30, four divided 40, four in one hand 100 (BW-5);
- chicane (a hand void of trumps) worth simple honours, ×2, double chicane ×4, credited to the
  chicane side (BW-6, D-B3); grand slam 40, little slam 20, never from penalty tricks nor for a
  side that revoked, the revoke claimed or waived (BW-7, D-B10);
- a revoke claimed costs three tricks, transferred to the adversaries before anything is scored,
  and the revoking side cannot make game that hand: its below-line score stops at 28 (BW-8, B3-8;
  both go with the penalty, D-B10).

Three-handed (B3-7, D-B1, D-B5): only the dealer's own tricks go below the line toward his game;
the non-dealers' odd tricks, and their honours, chicane and slams, are scored above the line in
full to **each** of them; the dealer's honours, chicane and slams (Dummy's holdings counting for
him) above the line to him. Game is 30 below; a game won is worth 50 and all below-line scores
restart; the first to two games wins the rubber, 50 more (or, with ``three_games_no_rubber``,
three games are played at 50 each). Every pair of players settles the difference of their
totals. Only the eldest may double and only the dealer redouble (B3-5, D-B2).

Per-side data are ``(dealer side, non-dealers)`` tuples: side 0 is the dealer with Dummy,
side 1 the eldest and pone.

>>> trick_points(NO_TRUMPS, 3), trick_points(HEARTS, 2, Doubling.REDOUBLED)
(36, 64)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import IntEnum
from typing import Final, Literal, TypeAlias

from vivant.cards import (
    ACE,
    CLUBS,
    DIAMONDS,
    HEARTS,
    JACK,
    KING,
    QUEEN,
    SPADES,
    SUITS,
    TEN,
    CardSet,
    card,
)
from vivant.errors import InvalidActionError, WrongSeatError

Denomination: TypeAlias = int
"""A declaration: a suit 0..3 (S H D C, as in :mod:`vivant.cards`) or :data:`NO_TRUMPS`."""
Side: TypeAlias = int
Role: TypeAlias = Literal["dealer", "eldest", "pone"]

NO_TRUMPS: Final = 4
DENOMINATIONS: Final = (SPADES, HEARTS, DIAMONDS, CLUBS, NO_TRUMPS)
DENOMINATION_LETTERS: Final = ("S", "H", "D", "C", "NT")
DEALER_SIDE: Final = 0
NON_DEALERS: Final = 1
SIDES: Final = (DEALER_SIDE, NON_DEALERS)

TRICK_VALUES: Final = {SPADES: 2, HEARTS: 8, DIAMONDS: 6, CLUBS: 4, NO_TRUMPS: 12}
"""Value of each odd trick by declaration (BW-1)."""
SUITS_BY_VALUE: Final = (HEARTS, DIAMONDS, CLUBS, SPADES)
"""Suits from the most valuable down (BW-1, used by the dummy schedule B3-4)."""
BRIDGE_HONOUR_RANKS: Final = (ACE, KING, QUEEN, JACK, TEN)
"""Honours with a trump suit: A K Q J T (BW-4)."""

BOOK: Final = 6
TRICKS_PER_HAND: Final = 13
GAME: Final = 30
GAME_BONUS: Final = 50
RUBBER_BONUS: Final = 50
REVOKE_TRICKS: Final = 3
REVOKE_BELOW_CAP: Final = 28
GRAND_SLAM: Final = 40
LITTLE_SLAM: Final = 20
NO_TRUMP_ACES: Final = {3: 30, 4: 40}
FOUR_ACES_ONE_HAND: Final = 100


class Doubling(IntEnum):
    """The multiplier on trick values (BW-2)."""

    UNDOUBLED = 1
    DOUBLED = 2
    REDOUBLED = 4


def trick_value(denomination: Denomination) -> int:
    """Undoubled value of one odd trick in ``denomination`` (BW-1)."""
    _check_denomination(denomination)
    return TRICK_VALUES[denomination]


def trick_points(
    denomination: Denomination, odd_tricks: int, doubling: Doubling = Doubling.UNDOUBLED
) -> int:
    """Points for ``odd_tricks`` tricks beyond six (BW-1, BW-2)."""
    if not 0 <= odd_tricks <= TRICKS_PER_HAND - BOOK:
        raise InvalidActionError(f"odd tricks must be 0..7, got {odd_tricks}")
    return odd_tricks * trick_value(denomination) * int(doubling)


def next_doubling(current: Doubling, by: Role) -> Doubling:
    """The doubling after ``by`` doubles (or redoubles) at ``current`` (B3-5, D-B2).

    Only the eldest may double, only an undoubled declaration; only the dealer may redouble, only
    after the eldest's double; nothing further.

    >>> next_doubling(Doubling.UNDOUBLED, "eldest"), next_doubling(Doubling.DOUBLED, "dealer")
    (<Doubling.DOUBLED: 2>, <Doubling.REDOUBLED: 4>)
    """
    if by == "eldest":
        if current is not Doubling.UNDOUBLED:
            raise InvalidActionError(f"the eldest may double only once; doubling is {current.name}")
        return Doubling.DOUBLED
    if by == "dealer":
        if current is not Doubling.DOUBLED:
            raise InvalidActionError(
                f"the dealer may redouble only after the eldest doubles; doubling is {current.name}"
            )
        return Doubling.REDOUBLED
    raise WrongSeatError(f"the {by} may not double: only the eldest doubles, the dealer redoubles")


# --------------------------------------------------------------------------------------------
# Holdings: honours and chicane


@dataclass(frozen=True)
class PairHolding:
    """What a partnership's two hands hold that scores above the line (BW-4..BW-6).

    ``honours``: per hand, honours A K Q J T of trumps, or aces at no trumps.
    ``void``: per hand, whether it holds no trump (chicane, BW-6); ignored at no trumps.
    """

    honours: tuple[int, int]
    void: tuple[bool, bool] = (False, False)

    def __post_init__(self) -> None:
        if len(self.honours) != 2 or min(self.honours) < 0 or sum(self.honours) > 5:
            raise InvalidActionError(f"honours per hand must total 0..5, got {self.honours}")
        if any(v and h for v, h in zip(self.void, self.honours, strict=True)):
            raise InvalidActionError(f"a hand void of trumps holds no honour: {self}")


def pair_holding(hand_a: CardSet, hand_b: CardSet, denomination: Denomination) -> PairHolding:
    """The honours and trump voids of two partners' hands (Dummy's count for the dealer)."""
    _check_denomination(denomination)
    if hand_a & hand_b:
        raise InvalidActionError(f"partners' hands overlap: {hand_a & hand_b}")
    if denomination == NO_TRUMPS:
        aces = [sum(1 for s in SUITS if card(s, ACE) in h) for h in (hand_a, hand_b)]
        return PairHolding((aces[0], aces[1]))
    hon = [
        sum(1 for r in BRIDGE_HONOUR_RANKS if card(denomination, r) in h) for h in (hand_a, hand_b)
    ]
    return PairHolding(
        (hon[0], hon[1]),
        (not hand_a.has_suit(denomination), not hand_b.has_suit(denomination)),
    )


def honour_points(holding: PairHolding, denomination: Denomination) -> int:
    """Honours one partnership scores (BW-4 with a trump suit, BW-5 at no trumps).

    >>> honour_points(PairHolding((4, 1)), HEARTS), honour_points(PairHolding((4, 0)), NO_TRUMPS)
    (72, 100)
    """
    _check_denomination(denomination)
    most, least = max(holding.honours), min(holding.honours)
    total = most + least
    if denomination == NO_TRUMPS:
        if total > 4:
            raise InvalidActionError(f"there are only four aces, got {holding.honours}")
        if most == 4:
            return FOUR_ACES_ONE_HAND
        return NO_TRUMP_ACES.get(total, 0)
    if most == 5:
        multiple = 10
    elif most == 4:
        multiple = 9 if least == 1 else 8
    else:
        multiple = {5: 5, 4: 4, 3: 2}.get(total, 0)
    return multiple * trick_value(denomination)


def chicane_points(holding: PairHolding, denomination: Denomination) -> int:
    """Chicane one partnership scores (BW-6, D-B3): a hand void of trumps is worth simple honours
    (2 × trick value), both hands void four honours (4 × trick value); nothing at no trumps.
    """
    _check_denomination(denomination)
    if denomination == NO_TRUMPS:
        return 0
    return (2 * sum(holding.void)) * trick_value(denomination)


def slam_points(tricks_in_play: int, revoked: bool = False) -> int:
    """Slam bonus (BW-7): 40 for all 13 tricks, 20 for 12, won in play; none for a revoking side."""
    if revoked:
        return 0
    return GRAND_SLAM if tricks_in_play == 13 else LITTLE_SLAM if tricks_in_play == 12 else 0


# --------------------------------------------------------------------------------------------
# One hand


@dataclass(frozen=True)
class BridgeHand:
    """What one Bridge hand produced, as the scorer needs it.

    ``tricks``: tricks won in play, ``(dealer side, non-dealers)``, 13 in all.
    ``holdings``: each side's :class:`PairHolding` (:func:`pair_holding`).
    ``revokes``: the revoking side of each established revoke claimed, whose penalty is due
    (Dummy cannot revoke, BW-8). ``revoked``: the sides that revoked, claimed or waived — no slam
    for them (BW-7, D-B10); a side in ``revokes`` has revoked whether or not it is listed.
    """

    denomination: Denomination
    tricks: tuple[int, int]
    holdings: tuple[PairHolding, PairHolding]
    doubling: Doubling = Doubling.UNDOUBLED
    revokes: tuple[Side, ...] = ()
    revoked: tuple[Side, ...] = ()

    def __post_init__(self) -> None:
        _check_denomination(self.denomination)
        if len(self.tricks) != 2 or min(self.tricks) < 0 or sum(self.tricks) != TRICKS_PER_HAND:
            raise InvalidActionError(f"tricks per side must total 13, got {self.tricks}")
        for side in (*self.revokes, *self.revoked):
            if side not in SIDES:
                raise InvalidActionError(f"revoking side must be 0 or 1, got {side!r}")
        h0, h1 = self.holdings
        if self.denomination == NO_TRUMPS:
            if sum(h0.honours) + sum(h1.honours) > 4:
                raise InvalidActionError("the two sides hold more than four aces")
        elif sum(h0.honours) + sum(h1.honours) > 5:
            raise InvalidActionError("the two sides hold more than five honours")


@dataclass(frozen=True)
class BridgeHandScore:
    """A Bridge hand scored per side (BW-1..BW-8), before it is entered in players' columns."""

    hand: BridgeHand
    tricks: tuple[int, int]
    """Tricks per side after the revoke penalties (BW-8)."""
    trick_points: tuple[int, int]
    honours: tuple[int, int]
    chicane: tuple[int, int]
    slam: tuple[int, int]

    @property
    def above(self) -> tuple[int, int]:
        """Honours, chicane and slam per side (above the line)."""
        return (
            self.honours[0] + self.chicane[0] + self.slam[0],
            self.honours[1] + self.chicane[1] + self.slam[1],
        )


def score_bridge_hand(hand: BridgeHand) -> BridgeHandScore:
    """Score a hand per side: revoke tricks first, then odd tricks, honours, chicane, slam."""
    tricks = list(hand.tricks)
    for side in hand.revokes:
        moved = min(REVOKE_TRICKS, tricks[side])
        tricks[side] -= moved
        tricks[1 - side] += moved
    revoked = [side in hand.revokes or side in hand.revoked for side in SIDES]
    pts = [trick_points(hand.denomination, max(0, t - BOOK), hand.doubling) for t in tricks]
    hon = [honour_points(h, hand.denomination) for h in hand.holdings]
    chic = [chicane_points(h, hand.denomination) for h in hand.holdings]
    slam = [slam_points(hand.tricks[s], revoked[s]) for s in SIDES]
    return BridgeHandScore(
        hand=hand,
        tricks=(tricks[0], tricks[1]),
        trick_points=(pts[0], pts[1]),
        honours=(hon[0], hon[1]),
        chicane=(chic[0], chic[1]),
        slam=(slam[0], slam[1]),
    )


@dataclass(frozen=True)
class ThreeHandedScore:
    """A Bridge for Three hand entered in the columns (B3-7).

    ``below``: the dealer's points toward game (after the revoke cap of 28, BW-8);
    ``dealer_above``: his honours, chicane and slam; ``non_dealer_above``: what **each** of the
    eldest and pone scores above the line (their odd tricks, honours, chicane and slam).
    """

    detail: BridgeHandScore
    below: int
    dealer_above: int
    non_dealer_above: int
    dealer_below_after: int

    @property
    def game(self) -> bool:
        """Whether the dealer reached game (30 below) on this hand."""
        return self.dealer_below_after >= GAME


def score_three_handed(hand: BridgeHand, dealer_below_before: int = 0) -> ThreeHandedScore:
    """Score a Bridge for Three hand for the dealer (side 0) and each non-dealer (B3-7, BW-8).

    ``dealer_below_before`` is the dealer's below-line score in the game in progress.
    """
    if not 0 <= dealer_below_before < GAME:
        raise InvalidActionError(
            f"below-line score before a hand must be 0..29: {dealer_below_before}"
        )
    detail = score_bridge_hand(hand)
    after = dealer_below_before + detail.trick_points[DEALER_SIDE]
    if DEALER_SIDE in hand.revokes:
        after = min(after, max(REVOKE_BELOW_CAP, dealer_below_before))
    above = detail.above
    return ThreeHandedScore(
        detail=detail,
        below=after - dealer_below_before,
        dealer_above=above[DEALER_SIDE],
        non_dealer_above=detail.trick_points[NON_DEALERS] + above[NON_DEALERS],
        dealer_below_after=after,
    )


# --------------------------------------------------------------------------------------------
# Bridge for Three score sheet


@dataclass(frozen=True)
class ThreeHandedRecord:
    """One hand on the sheet: who had which role, its score, and the game it won, if any."""

    dealer: str
    eldest: str
    pone: str
    score: ThreeHandedScore
    game_won: bool


@dataclass(frozen=True)
class Payment:
    """``payer`` pays ``payee`` ``amount`` (a positive number of units)."""

    payer: str
    payee: str
    amount: int


@dataclass(frozen=True)
class BridgeForThreeSheet:
    """Per-player columns of a Bridge for Three rubber (B3-7, D-B1, D-B5).

    Immutable: :meth:`record` returns the sheet after one more hand. Columns are indexed like
    ``players``. ``below`` is the game in progress; ``below_banked`` the below-line points of
    finished games, which still count in the totals.
    """

    players: tuple[str, str, str]
    three_games_no_rubber: bool = False
    below: tuple[int, int, int] = (0, 0, 0)
    below_banked: tuple[int, int, int] = (0, 0, 0)
    above: tuple[int, int, int] = (0, 0, 0)
    games: tuple[int, int, int] = (0, 0, 0)
    hands: tuple[ThreeHandedRecord, ...] = ()

    def __post_init__(self) -> None:
        if len(set(self.players)) != 3:
            raise InvalidActionError(
                f"Bridge for Three needs three distinct players: {self.players}"
            )

    @property
    def games_played(self) -> int:
        return sum(self.games)

    @property
    def finished(self) -> bool:
        if self.three_games_no_rubber:
            return self.games_played >= 3
        return max(self.games) >= 2

    @property
    def rubber_winner(self) -> str | None:
        """The first player to win two games (none with ``three_games_no_rubber``)."""
        if self.three_games_no_rubber or max(self.games) < 2:
            return None
        return self.players[self.games.index(max(self.games))]

    def record(self, dealer: str, eldest: str, pone: str, hand: BridgeHand) -> BridgeForThreeSheet:
        """The sheet after one hand with these roles (side 0 of ``hand`` is the dealer)."""
        if self.finished:
            raise InvalidActionError("the rubber is over: no more hands are scored")
        roles = (dealer, eldest, pone)
        if sorted(roles) != sorted(self.players):
            raise InvalidActionError(f"roles {roles} must be the three players {self.players}")
        d, e, p = (self.players.index(x) for x in roles)
        score = score_three_handed(hand, self.below[d])
        below = list(self.below)
        above = list(self.above)
        banked = list(self.below_banked)
        games = list(self.games)
        below[d] += score.below
        above[d] += score.dealer_above
        above[e] += score.non_dealer_above
        above[p] += score.non_dealer_above
        if score.game:
            games[d] += 1
            banked = [b + x for b, x in zip(banked, below, strict=True)]
            below = [0, 0, 0]
        entry = ThreeHandedRecord(dealer, eldest, pone, score, score.game)
        return BridgeForThreeSheet(
            self.players,
            self.three_games_no_rubber,
            (below[0], below[1], below[2]),
            (banked[0], banked[1], banked[2]),
            (above[0], above[1], above[2]),
            (games[0], games[1], games[2]),
            (*self.hands, entry),
        )

    @property
    def totals(self) -> dict[str, int]:
        """Each player's total: all below- and above-line points, 50 a game, 50 for the rubber."""
        winner = self.rubber_winner
        return {
            p: self.below_banked[i]
            + self.below[i]
            + self.above[i]
            + GAME_BONUS * self.games[i]
            + (RUBBER_BONUS if p == winner else 0)
            for i, p in enumerate(self.players)
        }

    @property
    def settlement(self) -> dict[str, int]:
        """Net units per player when every pair settles the difference of their totals (B3-7e)."""
        return pairwise_settlement(self.totals)

    @property
    def payments(self) -> tuple[Payment, ...]:
        return pairwise_payments(self.totals)


def pairwise_payments(totals: Mapping[str, int], unit: int = 1) -> tuple[Payment, ...]:
    """Every pair of players settles the difference of their totals (B3-7e).

    >>> [(p.payer, p.payee, p.amount) for p in pairwise_payments({"A": 212, "B": 290, "C": 312})]
    [('A', 'B', 78), ('A', 'C', 100), ('B', 'C', 22)]
    """
    names = list(totals)
    out = []
    for i, a in enumerate(names):
        for b in names[i + 1 :]:
            diff = totals[b] - totals[a]
            if diff > 0:
                out.append(Payment(a, b, diff * unit))
            elif diff < 0:
                out.append(Payment(b, a, -diff * unit))
    return tuple(out)


def pairwise_settlement(totals: Mapping[str, int], unit: int = 1) -> dict[str, int]:
    """Net result per player of :func:`pairwise_payments` (zero-sum)."""
    net = {p: 0 for p in totals}
    for pay in pairwise_payments(totals, unit):
        net[pay.payer] -= pay.amount
        net[pay.payee] += pay.amount
    return net


def _check_denomination(denomination: int) -> None:
    if denomination not in DENOMINATIONS:
        raise InvalidActionError(
            f"declaration must be a suit 0..3 (S H D C) or NO_TRUMPS (4), got {denomination!r}"
        )
