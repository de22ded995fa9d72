"""The laws' records: revokes, pending elections and the irregularities entered in a hand's record.

The laws (whist-laws.md, mort.md §5–6) name for each irregularity an offender, the side entitled
to choose, the options open to it and a default used when the choice is made automatically
(D-G2). A pending :class:`Election` stops the game until that side chooses.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from vivant.cards import Card, Seat, card_name


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

    def to_json(self, seat_name: Any = None) -> dict[str, Any]:
        name = seat_name or (lambda s: "NESW"[s])
        return {
            "kind": self.kind,
            "rule": self.rule,
            "offender": name(self.offender),
            "electors": [name(s) for s in self.electors],
            "options": list(self.options),
            "default": self.default,
            "cards": [card_name(c) for c in self.cards],
        }


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
