"""Actions round-trip through JSON; views carry no concealed card."""

from __future__ import annotations

import json

from hypothesis import given
from hypothesis import strategies as st

from vivant.actions import (
    ACTION_KINDS,
    AfterTournee,
    AnswerUndo,
    AskRenounce,
    AskUndo,
    CallCard,
    CallSuit,
    ChooseDeal,
    ChoosePenalty,
    ChoosePosition,
    ChooseSeat,
    ChooseSeats,
    ChooseSeatsAndPack,
    Claim,
    ClaimRevoke,
    Concede,
    CorrectRevoke,
    Cut,
    CutPack,
    Deal,
    DealWrongly,
    Declare,
    DirectExposed,
    Discard,
    Double,
    DrawAttention,
    Elect,
    Exchange,
    Pass,
    Play,
    PlayTogether,
    Redouble,
    ReportExposed,
    ReportMisdeal,
    WaiveRevokes,
    action_from_json,
)

seats = st.integers(0, 3)
cards = st.integers(0, 51)
actions = st.one_of(
    st.builds(Cut, st.integers(0, 7), cards),
    st.builds(Deal, st.permutations(list(range(52))).map(tuple)),
    st.builds(ChooseSeats, seats, st.integers(0, 7)),
    st.builds(ChooseDeal, seats, st.booleans()),
    st.builds(Play, seats, cards),
    st.builds(PlayTogether, seats, st.tuples(cards, cards)),
    st.builds(ReportMisdeal, seats, st.sampled_from(["deal", "wrong_cut"])),
    st.builds(ReportExposed, seats, cards),
    st.builds(DealWrongly, seats, st.integers(-3, 3)),
    st.builds(CutPack, seats, st.integers(0, 48)),
    st.builds(Discard, seats, cards),
    st.builds(Elect, seats, st.text(max_size=10)),
    st.builds(ClaimRevoke, seats, st.integers(1, 13)),
    st.builds(CorrectRevoke, seats, cards),
    st.builds(WaiveRevokes, seats),
    st.builds(ChoosePenalty, seats, st.integers(1, 13), st.sampled_from("TDA")),
    st.builds(CallCard, seats, seats, cards),
    st.builds(DirectExposed, seats, seats, cards, st.sampled_from(["forbid", "highest", "lowest"])),
    st.builds(CallSuit, seats, st.integers(0, 3)),
    st.builds(ChoosePosition, seats, st.booleans()),
    st.builds(ChooseSeat, seats, seats),
    st.builds(AfterTournee, seats, st.booleans(), st.text(max_size=8)),
    st.builds(ChooseSeatsAndPack, seats, st.integers(0, 2), st.integers(1, 2)),
    st.builds(Exchange, seats, st.booleans()),
    st.builds(Declare, seats, st.sampled_from(["S", "H", "D", "C", "NT"])),
    st.builds(Pass, seats),
    st.builds(Double, seats),
    st.builds(Redouble, seats),
    st.builds(Claim, seats, st.integers(0, 13)),
    st.builds(Concede, seats),
    st.builds(DrawAttention, seats),
    st.builds(AskRenounce, seats),
    st.builds(AskUndo, seats),
    st.builds(AnswerUndo, seats, st.booleans()),
)


@given(actions)
def test_round_trip(action: object) -> None:
    data = action.to_json()  # type: ignore[attr-defined]
    assert action_from_json(json.loads(json.dumps(data))) == action


def test_every_kind_is_covered() -> None:
    assert set(ACTION_KINDS) == {
        "Cut",
        "Deal",
        "ChooseSeats",
        "ChooseDeal",
        "Play",
        "PlayTogether",
        "ReportMisdeal",
        "ReportExposed",
        "DealWrongly",
        "CutPack",
        "Discard",
        "Elect",
        "ClaimRevoke",
        "CorrectRevoke",
        "WaiveRevokes",
        "ChoosePenalty",
        "CallCard",
        "DirectExposed",
        "CallSuit",
        "ChoosePosition",
        "ChooseSeat",
        "AfterTournee",
        "ChooseSeatsAndPack",
        "Exchange",
        "Declare",
        "Pass",
        "Double",
        "Redouble",
        "Claim",
        "Concede",
        "DrawAttention",
        "AskRenounce",
        "AskUndo",
        "AnswerUndo",
    }


def test_a_declared_trump_has_one_notation_however_it_is_typed() -> None:
    """A trump typed in lower case (or with spaces) is the same action as its canonical form,
    and writes its canonical form: a log stores what the engine applied (issue 13, point 10)."""
    for typed, canonical in (("s", "S"), ("nt", "NT"), (" Nt ", "NT"), ("H", "H")):
        action = action_from_json({"type": "Declare", "seat": "S", "trump": typed})
        assert action == Declare(2, canonical) == Declare(2, typed)
        assert action.to_json() == {"type": "Declare", "seat": "S", "trump": canonical}
