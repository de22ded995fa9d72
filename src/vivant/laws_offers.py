"""What a player may do at a laws-mode table besides his correct moves, and the law that then
applies (issue 16, point 1; DESIGN §2, legal vs recordable).

:meth:`~vivant.table.Table.legal_actions` lists a seat's correct moves; in laws mode
:meth:`~vivant.table.Table.apply` records more: a card led out of turn or from the wrong one of
the hands a player plays (WL-6.1, M-6.7, M-6.8, DL-1), two cards played together (WL-5.1,
M-6.6), a misdeal (WL-4) or a card exposed in dealing (WL-3.3, WL-3.4, M-5.3) reported before
the opening lead, attention called to the trick (WL-6.9, DL-1), "having none?" asked (WL-7.3,
DL-3), a revoke claimed before or after its trick is quitted (WL-7.4, WL-7.5). A front end
offers them from :func:`laws_offers`, in the core's words
(:data:`~vivant.describe.LAWS_ACTION_WORDS`), with what the player must choose to make each;
it knows no game's laws.

Whether an action is open is found by trying it on a copy of the table: the engine is the one
judge. Every trial rests only on what the seat sees (D-W11, D-W13): its own cards and those of
the hands it plays, the cards face up, the tricks; an answer the laws keep hidden ("having
none?": a renounce or a revoke) is never read from a trial, only whether the question may be
put. A revoke claim is offered for every trick of the hand: the engine examines it (D-W13), so
the offer says nothing of where a revoke lies. In strict mode nothing is offered.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

from vivant.actions import (
    Action,
    AskRenounce,
    DrawAttention,
    Elect,
    Play,
    PlayTogether,
    ReportExposed,
    ReportMisdeal,
)
from vivant.cards import SEAT_LETTERS, Seat, card_name, cards_of
from vivant.describe import (
    IRREGULARITY_WORDS,
    LAWS_ACTION_WORDS,
    MISDEAL_REASON_WORDS,
    Narrator,
    in_words,
)
from vivant.errors import VivantError
from vivant.events import EventKind
from vivant.table import BEFORE_PLAY, PLAY, Table


@dataclass(frozen=True, slots=True)
class Option:
    """One value a field may take (JSON as the action has it), with its words."""

    value: Any
    words: str


@dataclass(frozen=True, slots=True)
class Choice:
    """A field of the action the player fills: ``count`` cards among ``cards`` (card names),
    or one of ``options``; ``words`` say what is chosen."""

    field: str
    words: str
    count: int = 1
    cards: tuple[str, ...] = ()
    options: tuple[Option, ...] = ()

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"field": self.field, "words": self.words, "count": self.count}
        if self.cards:
            data["cards"] = list(self.cards)
        if self.options:
            data["options"] = [{"value": o.value, "words": o.words} for o in self.options]
        return data


@dataclass(frozen=True, slots=True)
class LawsOffer:
    """A laws action open now: its class name, its words, the action as JSON without the
    fields still to choose, and those (:class:`Choice`)."""

    kind: str
    words: str
    action: dict[str, Any]
    choose: tuple[Choice, ...] = field(default=())

    def to_json(self) -> dict[str, Any]:
        return {
            "type": self.kind,
            "words": self.words,
            "action": self.action,
            "choose": [c.to_json() for c in self.choose],
        }


def _trial(table: Table, action: Action) -> tuple[Table, list[Any]] | None:
    """``action`` applied to a copy of ``table`` (its log left behind): the copy and the
    events, or ``None`` when the engine refuses it."""
    trial = copy.deepcopy(table, {id(table.log): []})
    try:
        events = trial.apply(action)
    except VivantError:
        return None
    return trial, events


def _next_hand(table: Table) -> Seat | None:
    """The hand whose card is due in the play (whoever plays it), if one is."""
    return table.view(None).to_play


def _hands_played_by(table: Table, seat: Seat) -> list[Seat]:
    """The hands ``seat``'s player plays: his own and any dummy of his."""
    return [seat] + [d for d in sorted(table.dummy_seats) if table.controller(d) == seat]


def _choose_cards(table: Table, seat: Seat) -> tuple[str, ...]:
    """The cards ``seat`` sees in the hands it may report from: its own and the hands face up
    (D-W11), never the turn-up, dealt face up by the laws."""
    view = table.view(seat)
    cards = [*cards_of(view.hand.mask)]
    for cs in view.exposed.values():
        cards += [c for c in cards_of(cs.mask) if c not in cards]
    return tuple(card_name(c) for c in cards if c != view.turn_up)


def laws_offers(table: Table, seat: Seat, you: str | None = None) -> list[LawsOffer]:
    """The laws actions open to ``seat``'s player now, in the order a player reads them
    (the module doc); ``you``: his name, for the words. Empty in strict mode, while a choice
    of the laws waits (only it may be made, WL-6.1 ...), and outside the play of a hand."""
    h = table.hand
    if not table.laws or h is None or table.pending is not None or table.is_over():
        return []
    if table.phase not in (PLAY, *BEFORE_PLAY) or seat not in table.electors(
        table.seat_sides[seat]
    ):
        return []
    narrator = Narrator(table, you)
    narrator.remember_names()
    letter = SEAT_LETTERS[seat]
    offers: list[LawsOffer] = []
    begun = bool(h.tricks or h.trick)
    if table.phase == PLAY and h.must_correct is None:
        nxt = _next_hand(table)
        cards = [] if nxt is None else [*cards_of(h.hands[nxt])]
        if (
            nxt is not None
            and table.controller(nxt) == seat
            and len(cards) >= 2
            and _trial(table, PlayTogether(nxt, (cards[0], cards[1]))) is not None
        ):
            offers.append(
                LawsOffer(
                    "PlayTogether",
                    LAWS_ACTION_WORDS["PlayTogether"],
                    {"type": "PlayTogether", "seat": SEAT_LETTERS[nxt]},
                    (
                        Choice(
                            "cards",
                            "the two cards played together",
                            2,
                            tuple(card_name(c) for c in cards),
                        ),
                    ),
                )
            )
    if not begun:
        reasons = [
            r
            for r in type(table).misdeal_reasons
            if _trial(table, ReportMisdeal(seat, r)) is not None
        ]
        if reasons:
            offers.append(
                LawsOffer(
                    "ReportMisdeal",
                    LAWS_ACTION_WORDS["ReportMisdeal"],
                    {"type": "ReportMisdeal", "seat": letter},
                    (
                        Choice(
                            "reason",
                            "what was wrong",
                            options=tuple(
                                Option(r, in_words(r, MISDEAL_REASON_WORDS)) for r in reasons
                            ),
                        ),
                    ),
                )
            )
        own = [c for c in cards_of(h.hands[seat]) if c != h.turn_up]
        if own and _trial(table, ReportExposed(seat, own[0])) is not None:
            dealing = table.controller(h.dealer)
            if dealing == seat:
                by = [Option(None, "you, dealing")]
            else:  # the dealer, or the reporter showing a card of his own (WL-3.3, WL-3.4)
                who = narrator.who(table.role(dealing))
                by = [
                    Option(SEAT_LETTERS[dealing], f"the dealer, {who}"),
                    Option(None, "you: it was dealt to you"),
                ]
            offers.append(
                LawsOffer(
                    "ReportExposed",
                    LAWS_ACTION_WORDS["ReportExposed"],
                    {"type": "ReportExposed", "seat": letter},
                    (
                        Choice("card", "the card exposed", 1, _choose_cards(table, seat)),
                        Choice("by", "who exposed it", options=tuple(by)),
                    ),
                )
            )
    if table.phase == PLAY and begun:
        for kind, action in (
            ("DrawAttention", DrawAttention(seat)),
            ("AskRenounce", AskRenounce(seat)),
        ):
            if _trial(table, action) is not None:
                offers.append(LawsOffer(kind, LAWS_ACTION_WORDS[kind], action.to_json()))
        if h.must_correct is None:
            current = len(h.tricks) + (1 if h.trick else 0)
            tricks = tuple(
                Option(
                    n,
                    f"trick {n}, quitted" if n <= len(h.tricks) else f"trick {n}, not yet quitted",
                )
                for n in range(1, current + 1)
            )
            offers.append(
                LawsOffer(
                    "ClaimRevoke",
                    LAWS_ACTION_WORDS["ClaimRevoke"],
                    {"type": "ClaimRevoke", "seat": letter},
                    (Choice("trick", "the trick with the revoke", options=tricks),),
                )
            )
    return offers


def out_of_turn(table: Table, seat: Seat, you: str | None = None) -> dict[Seat, str]:
    """The hands ``seat``'s player plays from which a card may be played now although it is
    not their turn (a lead out of turn, a card from the wrong hand, DL-1's card played out of
    turn), each with the law that then applies in words. Empty in strict mode."""
    h = table.hand
    if not table.laws or h is None or table.phase != PLAY or table.pending is not None:
        return {}
    if seat not in table.electors(table.seat_sides[seat]):
        return {}
    if h.must_correct is not None:
        return {}
    nxt = _next_hand(table)
    if nxt is None:
        return {}
    narrator = Narrator(table, you)
    narrator.remember_names()
    out: dict[Seat, str] = {}
    for hand in _hands_played_by(table, seat):
        cards = [*cards_of(h.hands[hand])]
        if hand == nxt or not cards:
            continue
        tried = _trial(table, Play(hand, cards[0]))
        if tried is None:
            continue
        out[hand] = _law_words(narrator, table, tried, seat, hand, nxt, cards[0])
    return out


def _law_words(
    narrator: Narrator,
    table: Table,
    tried: tuple[Table, list[Any]],
    seat: Seat,
    hand: Seat,
    nxt: Seat,
    card: int,
) -> str:
    """What the laws do with a card played from ``hand`` now, said of no card in particular:
    whose turn it is, what irregularity it is and under which law, and what follows (the
    election and who makes it, or the card taken back)."""
    trial, events = tried
    h = table.hand
    assert h is not None and trial.hand is not None
    kinds = [e.kind for e in events]
    records = trial.hand.irregularities[len(h.irregularities) :]
    p = trial.pending
    kind, rule = (
        (records[0].kind, records[0].rule) if records else (p.kind, p.rule) if p else ("", "")
    )
    led = "lead" if not h.trick else "play"
    due = narrator.who(table.role(nxt))
    whose = "your hand" if hand == seat else f"the hand of {narrator.who(table.role(hand))}"
    text = (
        f"It is {due}'s turn to {led}. A card you {led} now from {whose} is "
        f"{in_words(kind, IRREGULARITY_WORDS)} ({rule})"
    )
    follows = []
    if EventKind.PLAYED_OUT_OF_TURN in kinds:
        follows.append("it lies face up and is played in its turn")
    elif EventKind.LEAD_WITHDRAWN in kinds:
        exposed = (
            trial.hand.penalty_cards[hand] >> card & 1 and not h.penalty_cards[hand] >> card & 1
        )
        follows.append(
            "it is taken back" + (" and lies exposed, liable to be called" if exposed else "")
        )
    if p is not None:
        trial_words = Narrator(trial, narrator.you)
        trial_words.remember_names()
        electors = " or ".join(trial_words.who(trial.role(s)) for s in p.electors)
        options = ", or ".join(trial_words.action(Elect(p.electors[0], o)) for o in p.options)
        follows.append(
            f"{electors} then {'choose' if len(p.electors) > 1 else 'chooses'}: {options}"
        )
    return text + (": " + "; ".join(follows) if follows else "") + "."
