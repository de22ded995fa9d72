"""Double Dummy at the table: seats (DD-1), the deal round four hands (DD-2), claims (DD-3.5),
the laws of double-dummy.md and the rubber (DDV-* vectors)."""

from __future__ import annotations

import pytest

from vivant.actions import (
    CallSuit,
    ChoosePenalty,
    ChoosePosition,
    Claim,
    ClaimRevoke,
    CorrectRevoke,
    Cut,
    Deal,
    Elect,
    Play,
    PlayTogether,
    ReportMisdeal,
)
from vivant.cards import EAST, NORTH, SOUTH, WEST, parse_card
from vivant.errors import IllegalPlayError, InvalidActionError, WrongSeatError
from vivant.variants import find_variant
from vivant.variants.double_dummy import DoubleDummyTable

from helpers import auto, deal, finish_hand, formed, last_hand, play, snapshot

# P1's dummy (N) holds the masters; spades trumps with N's SA turned.
POWER = "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"
# P1's own hand (S) holds the masters.
P1_POWER = "N:6543.876.876.876 T987.JT9.JT9.JT9 AKQJ.AKQ.AKQ.AKQ 2.5432.5432.5432"
# D1 (N): hearts. D2 (E): S3 and twelve diamonds. P1 (S): S2 and twelve clubs. P2 (W): the rest.
P1_REVOKES = "N:.AKQJT98765432.. 3..AKQJT9876543. 2...AKQJT9876543 AKQJT987654..2.2"


def c(text: str) -> int:
    return parse_card(text)


def seated(right: bool = True, laws: bool = False) -> DoubleDummyTable:
    t = formed(DoubleDummyTable, 2, laws=laws)
    assert t.phase == "choose" and t.to_act() == SOUTH
    assert t.legal_actions(SOUTH) == [ChoosePosition(SOUTH, True), ChoosePosition(SOUTH, False)]
    t.apply(ChoosePosition(SOUTH, right))
    return t


def at_deal(board: str, turn_up: str, laws: bool = False) -> DoubleDummyTable:
    t = seated(laws=laws)
    deal(t, board, turn_up)
    return t


def test_registered_and_two_players() -> None:
    assert find_variant("double dummy") is DoubleDummyTable
    assert "claim" in DoubleDummyTable.rules_summary()
    with pytest.raises(InvalidActionError, match="played by two"):
        DoubleDummyTable(["A", "B", "C"])


def test_ddv_1_seats_and_first_deal() -> None:
    """DDV-1: cuts P1 = 2, P2 = 9: P1 S with D1 N, P2 W with D2 E; P1 deals for D1, W cuts,
    the cards go E, S, W, N, the turn-up is D1's, and P2 leads from D2."""
    t = DoubleDummyTable(["P2", "P1"])
    t.apply(Cut(0, c("H9")))
    t.apply(Cut(1, c("S2")))
    t.apply(t.default_action())  # the usual seat: on P2's right
    assert t.roles() == {"S": "P1", "W": "P2"} and t.dummy_seats == (NORTH, EAST)
    assert t.dealer == NORTH and t.cutter(NORTH) == WEST
    t.apply(Deal(order=tuple(range(52))))
    h = t.hand
    assert h is not None
    for i, seat in enumerate((EAST, SOUTH, WEST, NORTH)):
        assert h.hands[seat] >> i & 1
    v = t.view(SOUTH)
    assert v.turn_up == 51 and v.turn_up in v.exposed[NORTH]
    assert set(v.exposed) == {NORTH, EAST}  # both dummies face up from the deal
    assert v.to_play == EAST and t.to_act() == WEST  # P2 leads from D2
    assert v.extra["still_pack"] == "W"  # DD-2.3: the non-dealer shuffles the still pack
    assert t.view(WEST).controls == (WEST, EAST)


def test_ddv_2_second_hand() -> None:
    """DDV-2: D2 deals (by P2); D1 is the pone, so P1 cuts; P1's own hand leads."""
    t = at_deal(POWER, "SA")
    finish_hand(t)
    assert t.dealer == EAST and t.cutter(EAST) == SOUTH
    t.apply(Deal.from_seed(3))
    assert t.view(SOUTH).to_play == SOUTH and t.to_act() == SOUTH
    assert t.view(SOUTH).extra["still_pack"] == "S"  # P2 deals for D2: P1 shuffles


def test_alternative_seat_on_the_left() -> None:
    t = seated(right=False)
    assert t.roles() == {"S": "P1", "E": "P2"} and t.dummy_seats == (NORTH, WEST)
    t.apply(Deal.from_seed(1))
    assert t.to_act() == EAST and t.view(EAST).controls == (EAST, WEST)
    rec = auto(t, seed=1).record()
    assert rec["games"][0]["roles"] == {"S": "P1", "E": "P2"}


def test_seat_choice_refused_from_the_wrong_player() -> None:
    t = formed(DoubleDummyTable, 2)
    before = snapshot(t)
    with pytest.raises(WrongSeatError, match="chooses where to sit"):
        t.apply(ChoosePosition(WEST, True))
    assert snapshot(t) == before


def test_ddv_3_and_ddv_8_rubber_and_single_stakes() -> None:
    """DDV-3: the loser pays the rubber's value once (not doubled); DDV-8: 2-0 ends it."""
    for seed in range(6):
        rec = auto(seated(), seed=seed).record()
        (r,) = rec["rubbers"]
        sign = 1 if r["winner"] == "NS" else -1
        assert r["settlement"] == {"P1": sign * r["value"], "P2": -sign * r["value"]}
        winners = [g["winner"] for g in rec["games"]]
        assert winners.count(r["winner"]) == 2 and winners[-1] == r["winner"]
        assert rec["settlement"] == r["settlement"]


def test_ddv_4_misdeal_same_dealer_again() -> None:
    t = at_deal(POWER, "SA", laws=True)
    t.apply(ReportMisdeal(WEST, "deal"))
    assert t.pending is not None and t.pending.options == ("redeal",)
    assert t.pending.rule == "D-DD1"
    t.apply(Elect(WEST, "redeal"))
    assert t.phase == "deal" and t.dealer == NORTH


def test_ddv_5_claim_admitted_scored_as_played() -> None:
    t = at_deal(P1_POWER, "S3", laws=True)  # DD-3.5 is the law (D-TC4)
    play(t, "HJ", "HA", "H5", "H6")  # P1 wins the first trick
    t.apply(Claim(SOUTH, 9))
    assert t.pending is not None and t.pending.electors == (WEST,)
    assert t.legal_actions(WEST) == [Elect(WEST, "refuse"), Elect(WEST, "admit")]
    t.apply(Elect(WEST, "admit"))
    hand = last_hand(t)
    # One trick won in play and nine claimed: ten for P1's side, three for P2's; four by cards
    # and P1's four honours make the game.
    assert hand["won"] == {"NS": 10, "EW": 3} and len(hand["tricks"]) == 1
    assert hand["claims"] == [{"by": "S", "tricks": 9, "trick": 2, "admitted": True}]
    assert hand["score"] == {"NS": 5, "EW": 0} and t.games[0]["winner"] == "NS"
    assert t.phase == "deal" and t.dealer == EAST


def test_ddv_5_claim_of_nine_tricks_from_the_start() -> None:
    t = at_deal(P1_POWER, "S3", laws=True)  # DD-3.5 is the law (D-TC4)
    t.apply(Claim(SOUTH, 9))
    t.apply(Elect(WEST, "admit"))
    assert last_hand(t)["scored"] == [
        {"item": "tricks", "side": "NS", "points": 3},
        {"item": "honours", "side": "NS", "points": 2},
    ]


def test_claim_refused_is_played_out_and_bad_claims() -> None:
    t = at_deal(P1_POWER, "S3", laws=True)  # DD-3.5 is the law (D-TC4)
    for action, match in (
        (Claim(SOUTH, 14), "0..13"),
        (Claim(NORTH, 3), "cannot claim"),
    ):
        before = snapshot(t)
        with pytest.raises(ValueError, match=match):
            t.apply(action)
        assert snapshot(t) == before
    play(t, "HJ")
    with pytest.raises(InvalidActionError, match="between tricks"):
        t.apply(Claim(SOUTH, 3))
    play(t, "HA", "H5", "H6")
    t.apply(Claim(WEST, 12))
    assert t.default_action() == Elect(SOUTH, "refuse")
    t.apply(t.default_action())
    assert t.phase == "play" and t.to_act() == SOUTH
    finish_hand(t)
    hand = last_hand(t)
    assert len(hand["tricks"]) == 13
    assert hand["claims"][0]["admitted"] is False


def test_ddv_6_lead_from_dummy_when_own_hand_had_the_lead() -> None:
    t = at_deal(P1_POWER, "S3", laws=True)
    play(t, "HJ", "HA", "H5", "H6")
    t.apply(Play(NORTH, c("C6")))  # P1 leads from D1; his own hand had the lead
    assert t.pending is not None and t.pending.electors == (WEST,)
    assert t.pending.rule == "DD-3.4"
    t.apply(Elect(WEST, "call_suit"))
    t.apply(CallSuit(WEST, 2))
    with pytest.raises(IllegalPlayError, match="diamonds were called"):
        t.apply(Play(SOUTH, c("SA")))
    play(t, "DA")


def test_ddv_7_lead_when_the_adversary_had_the_lead() -> None:
    t = at_deal(P1_POWER, "S3", laws=True)
    t.apply(Play(SOUTH, c("SA")))  # D2 (E) had the lead
    assert t.pending is None and t.to_act() == WEST
    assert t.hand is not None and t.hand.irregularities[-1].rule == "DD-3.4"
    assert t.hand.hands[SOUTH] >> c("SA") & 1


def test_dummy_cannot_revoke_living_player_penalised() -> None:
    t = at_deal(P1_REVOKES, "H2", laws=True)
    play(t, "S3", "C3", "SA", "H2")  # P1 revokes holding S2
    finish_hand(t)
    assert t.phase == "claims" and t.to_act() == WEST
    t.apply(ClaimRevoke(WEST, 1))
    assert [a.option for a in t.legal_actions(WEST)] == ["T", "D", "A"]  # type: ignore[attr-defined]
    t.apply(ChoosePenalty(WEST, 1, "T"))
    hand = t.hand_records[0]
    assert hand["won"] == {"NS": 10, "EW": 3} and hand["score"] == {"NS": 4, "EW": 0}


def test_no_exposed_cards_d_dd3() -> None:
    t = at_deal(P1_REVOKES, "H2", laws=True)
    play(t, "S3", "C3")
    t.apply(CorrectRevoke(SOUTH, c("S2")))  # P1 sees his own error before the trick is quitted
    assert t.view(WEST).penalty_cards == {}
    play(t, "SA", "H2")
    t.apply(PlayTogether(NORTH, (c("HA"), c("HK"))))
    assert t.pending is not None and t.pending.electors == (SOUTH,)
    t.apply(Elect(SOUTH, "HK"))
    assert t.view(WEST).penalty_cards == {}


def test_all_hands_exposed_option() -> None:
    t = formed(DoubleDummyTable, 2, all_hands_exposed=True)
    t.apply(ChoosePosition(SOUTH, True))
    t.apply(Deal.from_seed(2))
    for seat in (SOUTH, WEST, None):
        assert set(t.view(seat).exposed) == {NORTH, EAST, SOUTH, WEST}
    again = DoubleDummyTable.replay(t.config(), t.log_json())
    assert again.all_hands_exposed and again.view(None).to_json() == t.view(None).to_json()  # type: ignore[attr-defined]
