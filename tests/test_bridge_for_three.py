"""Bridge for Three at the table: the cut and the rotation of roles (B3-1, B3-2), the declaration
and Dummy's forced schedule (B3-3, B3-4), doubling rights (B3-5), Dummy exposed after the opening
lead (B3-6), the per-player sheet (B3-7) and the revoke (B3-8): BV-8..BV-15 at the table."""

from __future__ import annotations

import itertools

import pytest

from vivant.actions import (
    ChoosePenalty,
    ClaimRevoke,
    Deal,
    Declare,
    Double,
    Elect,
    Pass,
    Play,
    Redouble,
)
from vivant.cards import EAST, NORTH, SOUTH, WEST, CardSet, parse_card
from vivant.errors import InvalidActionError, WrongSeatError
from vivant.variants import find_variant
from vivant.variants.bridge_for_three import BridgeForThreeTable

from helpers import auto, deal, finish_hand, formed, last_hand, play, snapshot

# Hearts for W (A K Q J T 9 8 7 and five low clubs); N: eight top spades and the top clubs; S: the
# five low hearts and eight top diamonds; E: the rest. With hearts trumps and the first correct
# card every time, W wins eight heart tricks and N the five club tricks.
EIGHT_FOR_EW = "N:AKQJT987...AKQJT 65432..65432.987 .65432.AKQJT987. .AKQJT987..65432"


def c(text: str) -> int:
    return parse_card(text)


def with_north(north: str) -> str:
    """A PBN deal giving N (Dummy) ``north`` and the other cards to E, S and W in turn."""
    dummy = CardSet.parse(north)
    rest = [x for x in range(52) if x not in dummy]
    hands = [CardSet(rest[i::3]) for i in range(3)]
    return "N:" + " ".join(h.pbn() for h in (dummy, *hands))


def at_declaration(board: str, laws: bool = False) -> BridgeForThreeTable:
    t = formed(BridgeForThreeTable, 3, laws=laws)
    assert t.roles() == {"S": "P1", "W": "P2", "E": "P3"} and t.dealer == SOUTH
    deal(t, board)
    assert t.phase == "declare" and t.to_act() == SOUTH
    return t


def test_registered_and_summary() -> None:
    assert find_variant("cut-throat") is BridgeForThreeTable
    assert "Dummy" in BridgeForThreeTable.rules_summary()
    with pytest.raises(InvalidActionError, match="played by three"):
        BridgeForThreeTable(["A", "B"])


def test_no_trump_turned_and_the_dealers_choices() -> None:
    t = at_declaration(EIGHT_FOR_EW)
    v = t.view(SOUTH)
    assert v.trump is None and v.turn_up is None and v.exposed == {}
    assert t.legal_actions(SOUTH) == [Declare(SOUTH, x) for x in ("S", "H", "D", "C", "NT")] + [
        Pass(SOUTH)
    ]
    assert t.legal_actions(WEST) == [] and t.legal_actions(EAST) == []
    before = snapshot(t)
    for action, error, match in (
        (Declare(WEST, "H"), WrongSeatError, "S \\(P1\\) is to decide"),
        (Declare(SOUTH, "X"), InvalidActionError, "one of S H D C NT"),
        (Play(WEST, c("HA")), InvalidActionError, "no hand is being played"),
        (Double(WEST), InvalidActionError, "no declaration to double"),
    ):
        with pytest.raises(error, match=match):
            t.apply(action)
        assert snapshot(t) == before


def test_bv_15_doubling_rights() -> None:
    """BV-15: the eldest doubles, the dealer redoubles, the pone may not double; nothing more."""
    t = at_declaration(EIGHT_FOR_EW)
    t.apply(Declare(SOUTH, "H"))
    assert t.phase == "double" and t.to_act() == WEST
    assert t.legal_actions(WEST) == [Double(WEST), Pass(WEST)]
    before = snapshot(t)
    with pytest.raises(WrongSeatError, match="only the eldest hand may double, not the pone"):
        t.apply(Double(EAST))
    with pytest.raises(WrongSeatError, match="only the dealer may redouble"):
        t.apply(Redouble(WEST))
    assert snapshot(t) == before
    t.apply(Double(WEST))
    assert t.to_act() == SOUTH and t.legal_actions(SOUTH) == [Redouble(SOUTH), Pass(SOUTH)]
    with pytest.raises(InvalidActionError, match="only once"):
        t.apply(Double(WEST))
    t.apply(Redouble(SOUTH))
    assert t.phase == "play" and t.to_act() == WEST
    assert t.view(WEST).extra["doubling"] == 4


def test_bv_12_non_dealers_odd_tricks_to_each() -> None:
    """BV-12 at the table: hearts undoubled, E and W win eight tricks: two odd tricks at 8 go
    above the line to each of them (with their honours and chicane); the dealer scores nothing
    below."""
    t = at_declaration(EIGHT_FOR_EW)
    t.apply(Declare(SOUTH, "H"))
    t.apply(Pass(WEST))
    # Dummy waits for the opening lead (B3-6); then it is face up for everyone.
    assert all(t.view(s).exposed == {} for s in (EAST, SOUTH, WEST))
    play(t, "H7")
    assert all(set(t.view(s).exposed) == {NORTH} for s in (EAST, SOUTH, WEST, None))
    finish_hand(t)
    hand = t.hand_records[0]
    assert hand["won"] == {"NS": 5, "EW": 8}
    assert hand["below"] == 0
    # Each of E and W: 2 x 8 for the odd tricks, 80 for five honours in one hand (W), 16 for E's
    # chicane; the dealer: 16 for Dummy's chicane.
    assert hand["non_dealer_above"] == 16 + 80 + 16 and hand["dealer_above"] == 16
    assert t.view(None).extra["above"] == {"P1": 16, "P2": 112, "P3": 112}
    # The deal passes to the left: the eldest deals next, the pone becomes eldest.
    assert t.roles() == {"S": "P2", "W": "P3", "E": "P1"} and t.phase == "deal"


def test_b3_8_dealers_revoke_three_tricks_only_option() -> None:
    t = at_declaration(EIGHT_FOR_EW, laws=True)
    t.apply(Declare(SOUTH, "H"))
    t.apply(Pass(WEST))
    play(t, "H7", "S7", "S2", "D7")  # the dealer holds hearts and revokes
    finish_hand(t)
    assert t.phase == "claims" and t.to_act() == EAST
    t.apply(ClaimRevoke(EAST, 1))
    assert [a.option for a in t.legal_actions(EAST)] == ["T"]  # type: ignore[attr-defined]
    t.apply(ChoosePenalty(EAST, 1, "T"))
    hand = t.hand_records[0]
    assert hand["tricks_in_play"] == {"NS": 5, "EW": 8}
    assert hand["won"] == {"NS": 2, "EW": 11}
    assert hand["non_dealer_above"] == 5 * 8 + 80 + 16


@pytest.mark.parametrize(
    ("north", "trump", "step"),
    [
        ("SA SK S7 S4 HQ HJ H9 H3 D8 D6 CA C5 C2", "H", 4),  # BV-8
        ("ST S9 S8 S7 S6 DK D5 D4 D3 D2 HA CQ C2", "S", 3),  # BV-9
        ("SA HA DA C2 C3 C4 C5 C6 C7 C8 S2 S3 H2", "NT", 1),  # BV-10
    ],
)
def test_bv_8_to_10_dummys_forced_declaration(north: str, trump: str, step: int) -> None:
    t = at_declaration(with_north(north))
    t.apply(Pass(SOUTH))
    assert t.view(SOUTH).extra["declaration"] == {"trump": trump, "by": "dummy"}
    assert t.view(SOUTH).trump == (None if trump == "NT" else "SHDC".index(trump))
    # The pone sorted Dummy and alone has seen it; the eldest decides on the double unseen.
    assert set(t.view(EAST).exposed) == {NORTH}
    assert t.view(SOUTH).exposed == {} and t.view(WEST).exposed == {}
    assert len(t.view(WEST).hand) == 0 and len(t.view(EAST).hand) == 13
    t.apply(Pass(WEST))
    assert len(t.view(WEST).hand) == 13
    finish_hand(t)
    hand = last_hand(t)
    assert hand["declaration"] == {"trump": trump, "by": "dummy"}
    assert hand["dummy_schedule_step"] == step


def test_lead_out_of_turn_dealer_elects() -> None:
    t = at_declaration(EIGHT_FOR_EW, laws=True)
    t.apply(Declare(SOUTH, "H"))
    t.apply(Pass(WEST))
    t.apply(Play(EAST, c("S2")))  # the pone leads; it was the eldest's lead
    assert t.pending is not None and t.pending.electors == (SOUTH,)
    assert t.pending.options == ("accept", "call_card", "call_suit")
    t.apply(Elect(SOUTH, "accept"))
    assert t.view(SOUTH).to_play == SOUTH


def test_misdeal_before_the_declaration_passes_the_deal() -> None:
    from vivant.actions import ReportMisdeal

    t = at_declaration(EIGHT_FOR_EW, laws=True)
    t.apply(ReportMisdeal(WEST, "deal"))
    assert t.pending is not None and t.pending.electors == (EAST, WEST)
    t.apply(t.default_action())
    assert t.phase == "deal" and t.roles() == {"S": "P2", "W": "P3", "E": "P1"}


def test_rubber_rotation_and_pairwise_settlement() -> None:
    for seed in range(4):
        t = auto(formed(BridgeForThreeTable, 3), seed=seed)
        rec = t.record()
        hands = [h for g in rec["games"] for h in g["hands"]]
        for a, b in itertools.pairwise(hands):
            assert b["roles"]["S"] == a["roles"]["W"] and b["roles"]["W"] == a["roles"]["E"]
        # The first to two games wins the rubber (+50); each game is won by its dealer.
        assert max(rec["games"][-1]["games_won"].values()) == 2
        assert all(g["winner"] == g["hands"][-1]["roles"]["S"] for g in rec["games"])
        totals = rec["totals"]
        for p in rec["payments"]:
            assert p["amount"] == totals[p["payee"]] - totals[p["payer"]] > 0
        assert sum(rec["settlement"].values()) == 0
        again = BridgeForThreeTable.replay(t.config(), t.log_json())
        assert again.record() == rec


def test_three_games_no_rubber_option() -> None:
    t = auto(formed(BridgeForThreeTable, 3, three_games_no_rubber=True), seed=1)
    rec = t.record()
    assert rec["three_games_no_rubber"] and len(rec["games"]) == 3
    assert rec["rubber_winner"] is None


# BV-13 at the table. First deal (P1, hearts): the dealer holds nine top hearts, Dummy all the
# spades; with the first correct card every time he draws W's four trumps and makes nine tricks:
# 3 x 8 = 24 below. Fourth deal (P1 again): eleven hearts for the dealer, who revokes in trick 1.
NINE_FOR_THE_DEALER = "N:AKQJT98765432... ..5432.AKQJT9876 .AKQJT9876..5432 .5432.AKQJT9876."
ELEVEN_WITH_A_REVOKE = "N:AKQJT98765432... ..3.AKQJT9876543 .AKQJT987654.2.2 .32.AKQJT987654."


def test_bv_13_revoking_dealer_at_24_stops_at_28_at_the_table() -> None:
    """BV-13: the dealer at 24 below declares hearts and wins eleven tricks, but he revoked: the
    eldest and pone take three tricks (the only penalty, BW-8), the dealer's eight tricks make
    two odd tricks, 16, which would take him to 40; his below-line score stops at 28 and no game
    is won (B3-8)."""
    t = at_declaration(NINE_FOR_THE_DEALER, laws=True)
    t.apply(Declare(SOUTH, "H"))
    t.apply(Pass(WEST))
    finish_hand(t)
    assert t.hand_records[-1]["won"] == {"NS": 9, "EW": 4}
    assert t.view(None).score == {"P1": 24, "P2": 0, "P3": 0} and t.games == []
    # The next two dealers declare spades, two a trick: no game; P1, a non-dealer, scores above.
    for dealer in ("P2", "P3"):
        assert t.roles()["S"] == dealer
        t.apply(Deal.from_seed(len(t.hand_records)))
        t.apply(Declare(SOUTH, "S"))
        t.apply(Pass(WEST))
        finish_hand(t)
        assert t.games == []
    assert t.roles() == {"S": "P1", "W": "P2", "E": "P3"}
    assert t.view(None).score["P1"] == 24
    deal(t, ELEVEN_WITH_A_REVOKE)
    t.apply(Declare(SOUTH, "H"))
    t.apply(Pass(WEST))
    play(t, "DA", "S2", "D3")
    t.apply(Play(SOUTH, c("H4")))  # the dealer holds D2: a revoke
    finish_hand(t)
    assert t.phase == "claims" and t.to_act() == EAST
    t.apply(ClaimRevoke(EAST, 1))
    assert t.legal_actions(EAST) == [ChoosePenalty(EAST, 1, "T")]
    assert t.default_action() == ChoosePenalty(EAST, 1, "T")
    t.apply(ChoosePenalty(EAST, 1, "T"))
    hand = t.hand_records[-1]
    assert hand["tricks_in_play"] == {"NS": 11, "EW": 2}
    assert hand["won"] == {"NS": 8, "EW": 5}
    assert hand["below"] == 28 - 24 and hand["game"] is False
    (revoke,) = hand["irregularities"]
    assert (revoke["kind"], revoke["offender"], revoke["trick"], revoke["election"]) == (
        "revoke",
        "S",
        1,
        "T",
    )
    assert t.view(None).score["P1"] == 28 and t.games == []
    assert t.phase == "deal" and t.roles()["S"] == "P2"
    again = BridgeForThreeTable.replay(t.config(), t.log_json())
    assert again.record() == t.record()
