"""Claims and concessions at a casual table, settled by the double-dummy solver (D-TC4..D-TC7).

Rules (docs/rules/conventions.md): between tricks a player (not a dummy; a dummy's player
claims for his side, the dummy's hand with his own) may claim the rest or ``N`` of the tricks
still to play (:class:`~vivant.actions.Claim`), showing his hand to the whole table, or concede
the rest (:class:`~vivant.actions.Concede`, settled at once: D-TC6). The other side answers
(an election of kind :data:`CLAIM_KIND`: ``accept`` or ``dispute``; either of its players
answers for it, as for every choice a side makes, WL-8.1). An accepted claim credits the
claimer's side with ``N`` tricks and the other side with the rest; a disputed claim is
adjudicated at once (D-TC5): the claimer's side is credited with the tricks it is certain of
against any defence of the cards as they lie (the solver's value of the position), never more
than it claimed, the other side with the rest. Either way the hand then ends and is scored by
the game's ordinary scoring, the credited tricks counting as tricks won (``HandState.taken``).
Computer players accept exactly the claims the solver proves (:func:`answer`).

Games whose score is not the number of tricks declare why they take no claims
(``GameInfo.claims``: All Fours, Boston, D-TC7); in laws mode claims are offered only where the
game's own laws give one (Double Dummy's DD-3.5, :mod:`vivant.variants.sitting`).

The solver is the project's own C search (:mod:`vivant.solver`), over the core's card masks; it
is exact, so a replay re-adjudicates a disputed claim to the same number.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from vivant.actions import Claim, Concede, Elect
from vivant.cards import Seat, card_name, cards_of
from vivant.errors import InvalidActionError, WrongSeatError
from vivant.events import ElectedData, Event, EventKind
from vivant.laws import Election

if TYPE_CHECKING:
    from vivant.table import HandState, Table

#: The kind of the election that answers a claim (D-TC4).
CLAIM_KIND: Final = "tricks_claimed"
ACCEPT: Final = "accept_claim"
DISPUTE: Final = "dispute_claim"
#: The rule cited by a claim's election.
CLAIM_RULE: Final = "D-TC4"
#: The hand's record keeps its claims (and concessions) under this note.
NOTE: Final = "tricks_claimed"


def refusal(table: Table, seat: Seat) -> str | None:
    """Why ``seat``'s player may not claim or concede now (D-TC4, D-TC7), or ``None``."""
    reason = table.info.claims
    if reason:
        return f"claims are not taken at {table.info.title}: {reason} (D-TC7)"
    if table.laws:
        return (
            f"claims are not offered in laws mode at {table.info.title}: its laws give none (D-TC4)"
        )
    h = table.hand
    if h is None or table.phase != "play" or table.is_over():
        return "a claim or a concession is made while a hand is being played (D-TC4)"
    if table.pending is not None:
        return f"the {table.pending.kind} must be settled first"
    if h.trick or h.must_correct is not None:
        return (
            "a claim or a concession is made between tricks, not in the middle of one "
            f"({table._position(h)})"
        )
    if type(seat) is not int or not 0 <= seat < 4:
        return f"no seat {seat!r}"
    side = table.seat_sides[seat]
    if seat not in table.electors(side):
        return f"{table._seat_label(seat)} cannot claim: a dummy's player claims for it (D-TC4)"
    if not remaining(h):
        return "no trick is left to claim"
    return None


def remaining(h: HandState) -> int:
    """The tricks still to play, between tricks: the cards the next leader holds."""
    return int(h.hands[h.leader].bit_count())


def offers(table: Table, seat: Seat) -> list[Claim | Concede]:
    """What ``seat``'s player may claim now, his turn or not: a claim of ``N`` for every ``N``
    from one to the rest (the last the rest), and a concession (D-TC4, D-TC6); none where
    :func:`refusal` says why not."""
    if refusal(table, seat) is not None:
        return []
    h = table.hand
    assert h is not None
    return [*(Claim(seat, n) for n in range(1, remaining(h) + 1)), Concede(seat)]


def certain_tricks(table: Table, side: int) -> int:
    """The tricks ``side`` takes from here against any defence, the cards as they lie: the
    double-dummy value of the position between tricks (D-TC5)."""
    from vivant.solver import NOTRUMP, Position, tricks  # the solver's C search, on demand

    h = table.hand
    assert h is not None and not h.trick
    if table.trick_size == 2:
        seats: tuple[Seat, ...] = tuple(table.seat_order[0])
    else:
        seats = (0, 1, 2, 3)
    sides = sum(1 << i for i, s in enumerate(seats) if table.seat_sides[s] == 0)
    trump = NOTRUMP if h.trump is None else h.trump
    pos = Position.make([h.hands[s] for s in seats], trump, seats.index(h.leader), (), sides)
    value = tricks(pos)
    return value if table.seat_sides[h.leader] == side else remaining(h) - value


def claim(table: Table, action: Claim) -> list[Event]:
    """D-TC4: ``action.seat`` claims ``action.tricks`` of the remaining tricks and shows his
    hand; the other side is to answer."""
    why = refusal(table, action.seat)
    if why is not None:
        raise (WrongSeatError if "cannot claim" in why else InvalidActionError)(why)
    h = table.hand
    assert h is not None
    left = remaining(h)
    if type(action.tricks) is not int or not 1 <= action.tricks <= left:
        raise InvalidActionError(
            f"a claim is of 1..{left} of the remaining tricks (all {left}: the rest), not "
            f"{action.tricks!r}; to give up the rest, concede"
        )
    side = table.seat_sides[action.seat]
    table.pending = Election(
        CLAIM_KIND,
        CLAIM_RULE,
        action.seat,
        table.electors(1 - side),
        (ACCEPT, DISPUTE),
        DISPUTE,
        details={"tricks": action.tricks, "of": left},
    )
    h.notes.setdefault(NOTE, []).append(
        {
            "by": table.role(action.seat),
            "tricks": action.tricks,
            "of": left,
            "trick": len(h.tricks) + 1,
        }
    )
    shown = [card_name(c) for c in cards_of(h.hands[action.seat])]
    return [
        Event(
            EventKind.CLAIM,
            {"seat": table.role(action.seat), "tricks": action.tricks, "of": left, "hand": shown},
        )
    ]


def concede(table: Table, action: Concede) -> list[Event]:
    """D-TC6: ``action.seat``'s side gives up every remaining trick; settled at once."""
    why = refusal(table, action.seat)
    if why is not None:
        raise (WrongSeatError if "cannot claim" in why else InvalidActionError)(why)
    h = table.hand
    assert h is not None
    left = remaining(h)
    side = table.seat_sides[action.seat]
    h.notes.setdefault(NOTE, []).append(
        {
            "by": table.role(action.seat),
            "tricks": 0,
            "of": left,
            "trick": len(h.tricks) + 1,
            "settled": "conceded",
        }
    )
    events = [Event(EventKind.CONCEDED, {"seat": table.role(action.seat), "tricks": left})]
    return events + _credit(table, side, 0, 0, "conceded")


def answered(table: Table, p: Election, action: Elect) -> list[Event]:
    """The other side accepts the claim, or disputes it and the solver adjudicates (D-TC5)."""
    h = table.hand
    assert h is not None
    note = h.notes[NOTE][-1]
    claimed = int(p.details["tricks"])
    side = table.seat_sides[p.offender]
    events = [Event(EventKind.ELECTED, ElectedData(kind=CLAIM_KIND, option=action.option))]
    if action.option == ACCEPT:
        note["settled"] = "accepted"
        return events + _credit(table, side, claimed, claimed, "accepted")
    credited = min(claimed, certain_tricks(table, side))
    note["settled"] = "adjudicated"
    return events + _credit(table, side, claimed, credited, "adjudicated")


def _credit(table: Table, side: int, claimed: int, credited: int, how: str) -> list[Event]:
    """The one way claimed tricks count (D-TC4): the remaining tricks are credited to the two
    sides (``credited`` to ``side``, the rest to the other), then the hand ends and is scored
    by the game's ordinary path, which counts :attr:`HandState.taken`."""
    h = table.hand
    assert h is not None
    left = remaining(h)
    h.conceded[side] += credited
    h.conceded[1 - side] += left - credited
    note = h.notes[NOTE][-1]
    names = table.side_names
    note["credited"] = {names[side]: credited, names[1 - side]: left - credited}
    event = Event(
        EventKind.TRICKS_CREDITED,
        {
            "side": names[side],
            "claimed": claimed,
            "credited": dict(note["credited"]),
            "how": how,
        },
    )
    return [event, *table._hand_played()]


def answer(table: Table, seat: Seat) -> Elect:
    """A computer player's answer, from ``seat``, to the open claim (D-TC5): accept exactly
    what the solver proves (the claimer's side takes at least the tricks claimed against any
    defence, the cards as they lie), else dispute."""
    p = table.pending
    assert p is not None and p.kind == CLAIM_KIND
    side = table.seat_sides[p.offender]
    proved = certain_tricks(table, side) >= int(p.details["tricks"])
    return Elect(seat, ACCEPT if proved else DISPUTE)


def shown_hand(table: Table) -> tuple[Seat, int] | None:
    """The claimer's seat and the cards he shows while his claim is answered (D-TC4)."""
    p, h = table.pending, table.hand
    if p is None or h is None or p.kind != CLAIM_KIND:
        return None
    return p.offender, h.hands[p.offender]
