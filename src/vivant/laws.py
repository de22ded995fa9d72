"""The laws' records: revokes, pending elections and the irregularities entered in a hand's record.

The laws (whist-laws.md, mort.md §5–6) name for each irregularity an offender, the side entitled
to choose, the options open to it and a default used when the choice is made automatically
(D-G2). A pending :class:`Election` stops the game until that side chooses.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Final, NamedTuple

from vivant.actions import ClaimRevoke
from vivant.cards import SUIT_MASK, Card, Seat, card_name
from vivant.views import PendingView, View


@dataclass(slots=True)
class Revoke:
    """A revoke (WL-7.1): ``seat`` played ``card`` to trick ``trick`` (1-based) while holding
    the suit led. ``established`` once the trick is quitted or the offending side plays to the
    next trick (WL-7.2); ``claimed`` by the other side (or settled by its waiver: ``penalty``
    ``"waived"``); ``penalty`` once elected. ``waived_by``: the claimants who have waived it — at
    Duplicate Whist one adversary's waiver leaves the claim to his partner (D-DU13). ``kind`` and
    ``rule`` name the offence: a revoke (WL-7.1), or an offence the laws punish as one (Duplicate
    Whist DL-5: failing to play as lawfully directed)."""

    trick: int
    seat: Seat
    card: Card
    established: bool = False
    claimed: bool = False
    penalty: str | None = None
    kind: str = "revoke"
    rule: str = "WL-7.1"
    waived_by: tuple[Seat, ...] = ()


#: D-DU17: Duplicate's one election for cards played together or a second card led (DL-6,
#: WL-5.1), whatever the adversaries hold; the true case is decided when the demand is made.
TOGETHER: Final = "cards_together"


@dataclass(frozen=True, slots=True)
class Election:
    """A choice the laws give one side: ``electors`` may answer with one of ``options``.

    ``kind`` names the irregularity, ``rule`` cites it, ``offender`` is the offending hand and
    ``cards`` the cards concerned (the card led out of turn, the two cards played together...);
    ``details`` go into the hand's record with the choice made.
    """

    kind: str
    rule: str
    offender: Seat
    electors: tuple[Seat, ...]
    options: tuple[str, ...]
    default: str
    cards: tuple[Card, ...] = ()
    details: dict[str, Any] = field(default_factory=dict, compare=False)

    def pending_view(self, seat_name: Any = None) -> PendingView:
        """The election as a view shows it, seats named by ``seat_name`` (default: compass)."""
        name = seat_name or (lambda s: "NESW"[s])
        return PendingView(
            kind=self.kind,
            rule=self.rule,
            offender=name(self.offender),
            electors=[name(s) for s in self.electors],
            options=list(self.options),
            default=self.default,
            cards=[card_name(c) for c in self.cards],
        )

    def to_json(self, seat_name: Any = None) -> dict[str, Any]:
        """The election as an event's data (the same keys as :meth:`pending_view`)."""
        return dict(self.pending_view(seat_name))


@dataclass(slots=True)
class IrregularityRecord:
    """One irregularity as it goes into the hand's record: what, by whom, the rule, what the
    entitled side elected (or ``None`` where the laws give no choice)."""

    kind: str
    rule: str
    offender: Seat
    trick: int
    cards: tuple[Card, ...] = ()
    election: str | None = None
    details: dict[str, Any] = field(default_factory=dict)


class ProvenRevoke(NamedTuple):
    """A revoke claim a seat's view proves (D-G7): the ``claim``, whether the revoke's trick is
    already turned and quitted (the revoke established, WL-7.2), whether the offending hand
    is ``liable`` to penalty (Mort and dummies are not, M-6.1, ED-6.1), and the ``offender``'s
    place in the trick (0 the leader), so that claims can be taken in the order of play."""

    claim: ClaimRevoke
    quitted: bool
    liable: bool
    place: int


def better_than_all(cards: tuple[Card, ...] | list[Card], outside: int) -> bool:
    """Whether every card of ``cards`` is better than any card of its suit in ``outside`` (a
    mask): DL-6's "winning cards", ``outside`` being the adversaries' hands, or every card they
    may hold."""
    return all(not outside & (SUIT_MASK << (13 * (c // 13))) & ~((2 << c) - 1) for c in cards)


def winners_in_view(view: View, offender: Seat, cards: tuple[Card, ...] | list[Card]) -> bool:
    """D-DU17: whether ``view`` proves ``cards`` of ``offender`` better than any card the
    adversaries hold of their suits (DL-6): every better card is played, or is one of
    ``cards``, or is seen to lie on the offender's side (his partner being opposite, the
    Duplicate table). A concealed card may lie with the adversaries, so it disproves."""
    side = {offender, (offender + 2) % 4}
    accounted = sum(1 << c for c in cards)
    for t in (*view.tricks, *([view.trick] if view.trick else [])):
        accounted |= sum(1 << c for c in t.cards)
    for s, cs in (*view.exposed.items(), *view.penalty_cards.items()):
        if s in side:
            accounted |= cs.mask
    if view.seat in side:
        accounted |= view.hand.mask
    if view.turn_up is not None and view.turn_up_holder in side:
        accounted |= 1 << view.turn_up
    return better_than_all(cards, ((1 << 52) - 1) & ~accounted)


def revokes_in_view(view: View, may_trump: bool = False) -> list[tuple[int, Seat]]:
    """The revokes ``view`` proves, as ``(trick, seat)`` pairs (trick 1-based), in play order;
    ``may_trump`` where a trump may always be played instead of following (All Fours' T2).

    D-G7: a seat may claim a revoke only from what it sees, never from a concealed card. A card
    of another suit played to trick ``k`` while the suit led was held (WL-7.1) is proved when the
    hand is seen to have held that suit then: it played a card of the suit to a later trick, or
    it is seen to hold one now (an exposed hand — Mort, a dummy — or a penalty card face up on
    the table). A revoke corrected in time leaves no trace in the trick and is not listed. The
    seat's own plays are not listed (it knows them without proof).
    """
    tricks = [*view.tricks]
    if view.trick is not None and view.trick.cards:
        tricks.append(view.trick)
    held = [0, 0, 0, 0]  # cards each hand is seen to hold now or to have played after the trick
    for s in range(4):
        if s in view.exposed:
            held[s] |= view.exposed[s].mask
        if s in view.penalty_cards:
            held[s] |= view.penalty_cards[s].mask
    found: list[tuple[int, Seat]] = []
    for k in range(len(tricks) - 1, -1, -1):
        t = tricks[k]
        led = t.cards[0] // 13
        suit = SUIT_MASK << (13 * led)
        for seat, c in zip(t.seats[1:], t.cards[1:], strict=True):
            trumped = may_trump and view.trump is not None and c // 13 == view.trump
            if c // 13 != led and not trumped and held[seat] & suit and seat != view.seat:
                found.append((k + 1, seat))
        for seat, c in zip(t.seats, t.cards, strict=True):
            held[seat] |= 1 << c
    found.sort(key=lambda p: (p[0], [*tricks[p[0] - 1].seats].index(p[1])))
    return found
