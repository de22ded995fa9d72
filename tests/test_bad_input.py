"""Bad input never corrupts a game: each refusal is a typed error naming the input and the
position, and the table is exactly as it was."""

from __future__ import annotations

from typing import Any

import pytest

from vivant.actions import (
    ChooseDeal,
    ChoosePenalty,
    ClaimRevoke,
    Cut,
    Deal,
    Elect,
    Play,
    action_from_json,
)
from vivant.cards import EAST, NORTH, SOUTH, WEST, parse_card
from vivant.errors import (
    IllegalPlayError,
    InvalidActionError,
    InvalidNotationError,
    OutOfTurnError,
    VivantError,
    WrongSeatError,
)
from vivant.variants.mort import MortTable

from helpers import mort_at, play

POWER = "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"


def state(t: MortTable) -> Any:
    return (
        len(t.log),
        t.phase,
        [t.view(s).to_json() for s in (0, 1, 2, 3, None)],
        t.record(),
    )


def refused(t: MortTable, action: Any, error: type[Exception], match: str) -> None:
    before = state(t)
    with pytest.raises(error, match=match):
        t.apply(action)
    assert state(t) == before


def test_card_not_held() -> None:
    t = mort_at(POWER, "SA")
    refused(
        t,
        Play(EAST, parse_card("SA")),
        IllegalPlayError,
        r"SA is not in the hand of R \(P2\) \(trick 1, card 1\)",
    )


def test_out_of_turn_and_wrong_seat() -> None:
    t = mort_at(POWER, "SA")
    refused(t, Play(WEST, parse_card("S2")), OutOfTurnError, r"it is R \(P2\)'s turn")
    refused(t, Play(9, 3), InvalidActionError, "invalid seat 9")
    refused(t, Play(EAST, 77), InvalidActionError, "invalid card 77")


def test_revoke_in_strict_mode() -> None:
    t = mort_at(POWER, "SA")
    play(t, "HJ")
    refused(
        t,
        Play(SOUTH, parse_card("S6")),
        IllegalPlayError,
        r"S6 would be a revoke: M \(Mort\) holds hearts \(trick 1, card 2\)",
    )


def test_wrong_phase_actions() -> None:
    t = mort_at(POWER, "SA")
    refused(t, ChooseDeal(NORTH, True), InvalidActionError, "not due now")
    refused(t, Deal.from_seed(1), InvalidActionError, "no deal is due now")
    refused(t, Cut(0, 5), InvalidActionError, "already been formed")
    refused(t, Elect(EAST, "accept"), InvalidActionError, "no choice to make")
    refused(t, ChoosePenalty(EAST, 1, "T"), InvalidActionError, "no revoke penalty")
    refused(t, ClaimRevoke(SOUTH, 1), WrongSeatError, "cannot claim")


def test_penalty_by_the_wrong_side() -> None:
    t = mort_at(
        "N:2...AKQJT9876543 ..AKQJT98765432. .AKQJT98765432.. AKQJT9876543...2",
        "H2",
        for_mort=True,
        laws=True,
    )
    play(t, "SA", "C3", "D2", "H2")
    while t.phase == "play":
        seat = t.to_act()
        assert seat is not None
        t.apply(t.legal_actions(seat)[0])
    t.apply(ClaimRevoke(WEST, 1))
    refused(t, ChoosePenalty(NORTH, 1, "T"), WrongSeatError, "chosen by LR, not V")
    refused(t, ChoosePenalty(EAST, 1, "X"), InvalidActionError, "'X' is not open here")
    refused(t, ChoosePenalty(EAST, 4, "T"), InvalidActionError, "no claimed revoke in trick 4")


def test_bad_pack_orders() -> None:
    t = MortTable(["A", "B", "C"])
    with pytest.raises(InvalidActionError, match="three or four"):
        MortTable(["A", "B"])
    with pytest.raises(InvalidActionError, match="must differ"):
        MortTable(["A", "A", "B"])
    for p, card in enumerate(["CA", "C2", "C3"]):
        t.apply(Cut(p, parse_card(card)))
    t.apply(t.default_action())
    t.apply(t.default_action())
    refused(t, Deal(order=tuple(range(51))), InvalidActionError, "each of the 52 cards once")
    refused(t, Deal(order=(0,) * 52), InvalidActionError, "each of the 52 cards once")


@pytest.mark.parametrize(
    ("data", "match"),
    [
        ({"type": "Play", "seat": "N", "card": "XX"}, "Play.card: invalid card 'XX'"),
        ({"type": "Play", "seat": "Q", "card": "SA"}, "Play.seat: invalid seat 'Q'"),
        ({"type": "Play", "seat": "N"}, "Play: missing field 'card'"),
        ({"type": "Play", "seat": "N", "card": "SA", "x": 1}, r"unknown field\(s\) \['x'\]"),
        ({"type": "Teleport"}, "unknown action type 'Teleport'"),
        ({"seat": "N"}, "unknown action type None"),
        ([1, 2], "must be a JSON object"),
        ({"type": "Elect", "seat": "N", "option": 3}, "Elect.option: expected str"),
        ({"type": "Cut", "player": True, "card": "SA"}, "Cut.player: expected int"),
        ({"type": "Deal", "order": "SA"}, "expected a list of cards"),
        ({"type": "Play", "seat": "N", "card": "S" * 500}, "expected a short string"),
    ],
)
def test_malformed_action_json(data: Any, match: str) -> None:
    with pytest.raises(InvalidNotationError, match=match):
        action_from_json(data)


def test_every_error_is_a_value_error() -> None:
    for cls in (IllegalPlayError, OutOfTurnError, InvalidNotationError, WrongSeatError):
        assert issubclass(cls, VivantError) and issubclass(cls, ValueError)


def test_nothing_after_the_sitting_is_over() -> None:
    import random

    t = MortTable(["A", "B", "C"])
    rng = random.Random(2)
    while not t.is_over():
        if t.awaiting_chance():
            t.apply(t.chance_action(rng))
        else:
            seat = t.to_act()
            assert seat is not None
            legal = t.legal_actions(seat)
            t.apply(rng.choice(legal) if t.phase == "play" else t.default_action())
    refused(t, Deal.from_seed(1), InvalidActionError, "the sitting is over")
