"""Irregularities in Mort, laws mode: each with the elector and the options the laws give."""

from __future__ import annotations

import random

import pytest

from vivant.actions import (
    CallCard,
    CallSuit,
    ChoosePenalty,
    ClaimRevoke,
    CorrectRevoke,
    Elect,
    Play,
    PlayTogether,
    ReportExposed,
    ReportMisdeal,
    WaiveRevokes,
)
from vivant.cards import EAST, NORTH, SOUTH, WEST, CardSet, parse_card
from vivant.errors import IllegalPlayError, OutOfTurnError, WrongSeatError
from vivant.variants.mort import MortTable

from helpers import finish_hand, mort_at, play, snapshot

# Vivant deals for Mort (hearts turned at Mort's place); L leads. Mort's thirteen hearts win
# every trick once he has the lead. V: S2 and twelve clubs; R: thirteen diamonds; L: the rest.
V_REVOKES = "N:2...AKQJT9876543 ..AKQJT98765432. .AKQJT98765432.. AKQJT9876543...2"
# As above, but R holds S3 (and L D2): R can revoke on a spade lead.
R_REVOKES = "N:2...AKQJT9876543 3..AKQJT9876543. .AKQJT98765432.. AKQJT987654..2.2"
POWER = "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"


def c(text: str) -> int:
    return parse_card(text)


# --- revokes ------------------------------------------------------------------------------------


def test_strict_mode_refuses_a_revoke() -> None:
    t = mort_at(V_REVOKES, "H2", for_mort=True)
    play(t, "SA")
    before = snapshot(t)
    with pytest.raises(IllegalPlayError, match="C3 would be a revoke: V \\(P1\\) holds spades"):
        t.apply(Play(NORTH, c("C3")))
    assert snapshot(t) == before


def test_revoke_corrected_in_time_before_the_trick_is_quitted() -> None:
    t = mort_at(V_REVOKES, "H2", for_mort=True, laws=True)
    play(t, "SA", "C3")  # V revokes: holds S2
    # R cannot see V's hand: his claim waits for the end of the hand (D-W13).
    before = snapshot(t)
    with pytest.raises(ValueError, match="examined for revokes at the end of the hand"):
        t.apply(ClaimRevoke(EAST, 1))
    assert snapshot(t) == before
    # V notices his error himself before the trick is quitted; WL-7.4: the adversaries first say
    # how it is corrected, and choose to have the card in error exposed.
    t.apply(CorrectRevoke(NORTH, c("S2")))
    assert t.to_act() == EAST and t.legal_actions(WEST) == [
        Elect(WEST, o) for o in ("call_card", "highest", "lowest")
    ]
    t.apply(Elect(WEST, "call_card"))
    assert t.to_act() == NORTH
    assert t.legal_actions(NORTH) == [CorrectRevoke(NORTH, c("S2"))]
    with pytest.raises(ValueError, match="must first be corrected"):
        t.apply(Play(EAST, c("D2")))
    t.apply(CorrectRevoke(NORTH, c("S2")))
    # The wrongly played card is exposed, liable to be called (WL-7.4); no penalty remains.
    assert t.view(EAST).penalty_cards[NORTH] == CardSet([c("C3")])
    finish_hand(t)
    hand = t.hand_records[-1]
    assert [i["kind"] for i in hand["irregularities"]] == ["revoke_corrected"]
    assert hand["slam"] == "VM"


def test_mort_revoke_corrected_without_penalty() -> None:
    t = mort_at(POWER, "SA", laws=True)
    play(t, "HJ", "S6")  # V plays a spade from Mort, who holds hearts
    t.apply(ClaimRevoke(WEST, 1))
    t.apply(CorrectRevoke(SOUTH, c("H8")))
    assert SOUTH not in t.view(EAST).penalty_cards
    rec = t.hand.irregularities[-1]  # type: ignore[union-attr]
    assert (rec.kind, rec.rule) == ("revoke_corrected", "M-6.1")


def test_mort_revoke_established_stands_and_is_never_penalised() -> None:
    t = mort_at(POWER, "SA", laws=True)
    play(t, "HJ", "S6", "H5", "HA")  # Mort revokes with a trump and wins
    play(t, "S5")  # Mort's next lead quits the trick: established
    with pytest.raises(ValueError, match="never liable to penalty"):
        t.apply(ClaimRevoke(EAST, 1))
    finish_hand(t)
    assert t.phase == "deal"  # no claims phase for Mort's revoke


def v_revoke_hand(option: str) -> MortTable:
    t = mort_at(V_REVOKES, "H2", for_mort=True, laws=True)
    play(t, "SA", "C3", "D2", "H2")  # V revokes; Mort trumps and wins
    finish_hand(t)
    assert t.phase == "claims" and t.to_act() == EAST
    assert t.legal_actions(EAST) == [ClaimRevoke(EAST, 1), WaiveRevokes(EAST)]
    with pytest.raises(WrongSeatError):
        t.apply(ClaimRevoke(SOUTH, 1))
    t.apply(ClaimRevoke(EAST, 1))
    assert t.phase == "penalty"
    assert [a.option for a in t.legal_actions(WEST)] == ["T", "D", "A"]  # type: ignore[attr-defined]
    before = snapshot(t)
    with pytest.raises(WrongSeatError, match="chosen by LR"):
        t.apply(ChoosePenalty(NORTH, 1, "T"))
    assert snapshot(t) == before
    t.apply(ChoosePenalty(WEST, 1, option))
    return t


def test_mv9_revoke_penalty_t_loses_the_slam() -> None:
    t = v_revoke_hand("T")
    hand = t.hand_records[-1]
    assert hand["tricks_in_play"] == {"VM": 13, "LR": 0}
    assert "slam" not in hand
    assert hand["won"] == {"VM": 10, "LR": 3}
    assert hand["markers"] == {"VM": 4, "LR": 0}
    assert hand["irregularities"][0]["election"] == "T"


def test_revoke_penalty_d_and_a() -> None:
    d = v_revoke_hand("D")
    assert d.hand_records[-1]["markers"] == {"VM": 4, "LR": 0}  # 0-3 -> 0, +7 capped at 4
    a = v_revoke_hand("A")
    assert a.hand_records[-1]["markers"] == {"VM": 4, "LR": 0}
    assert a.view(EAST).extra["extras"] == {"VM": 0, "LR": 3}


def test_mv11_slam_against_revokers_t_not_offered() -> None:
    t = mort_at(R_REVOKES, "H2", for_mort=True, laws=True)
    play(t, "SA", "S2", "D3", "H2")  # R holds S3 and revokes
    finish_hand(t)
    assert t.phase == "claims" and t.to_act() == NORTH
    t.apply(ClaimRevoke(NORTH, 1))
    assert [a.option for a in t.legal_actions(NORTH)] == ["D", "A"]  # type: ignore[attr-defined]
    with pytest.raises(ValueError, match="penalty 'T' is not open here"):
        t.apply(ChoosePenalty(NORTH, 1, "T"))
    t.apply(ChoosePenalty(NORTH, 1, "A"))
    hand = t.hand_records[-1]
    assert hand["slam"] == "VM"
    assert t.view(NORTH).extra["extras"] == {"VM": 23, "LR": 0}


def test_revoke_waived_is_not_scored() -> None:
    t = mort_at(R_REVOKES, "H2", for_mort=True, laws=True)
    play(t, "SA", "S2", "D3", "H2")
    finish_hand(t)
    t.apply(WaiveRevokes(NORTH))
    assert t.view(NORTH).extra["extras"] == {"VM": 20, "LR": 0}


def test_false_revoke_claim_is_refused() -> None:
    t = mort_at(POWER, "SA", laws=True)
    play(t, "HJ", "H8", "H5", "HA")
    before = snapshot(t)
    with pytest.raises(ValueError, match="shows a revoke by LR in trick 1"):
        t.apply(ClaimRevoke(NORTH, 1))
    assert snapshot(t) == before


# --- leads out of turn --------------------------------------------------------------------------


def test_vivant_leads_when_an_adversary_should_card_withdrawn() -> None:
    t = mort_at(V_REVOKES, "H2", for_mort=True, laws=True)
    t.apply(Play(NORTH, c("S2")))  # L's lead
    assert t.pending is None and t.to_act() == WEST
    assert t.hand is not None and t.hand.hands[NORTH] >> c("S2") & 1
    assert t.hand.irregularities[-1].rule == "D-M9"


def mort_should_lead() -> MortTable:
    t = mort_at(V_REVOKES, "H2", for_mort=True, laws=True)
    play(t, "SA", "S2", "D2", "H2")  # Mort wins: Mort to lead
    assert t.to_act() == NORTH and t.view(NORTH).to_play == SOUTH
    t.apply(Play(NORTH, c("CA")))  # V leads from his own hand instead
    assert t.pending is not None and t.pending.electors == (EAST, WEST)
    assert t.legal_actions(EAST) == [Elect(EAST, "accept"), Elect(EAST, "take_back")]
    with pytest.raises(WrongSeatError):
        t.apply(Elect(NORTH, "accept"))
    with pytest.raises(ValueError, match="must first choose"):
        t.apply(Play(SOUTH, c("HA")))
    return t


def test_m67_lead_from_the_wrong_hand_accepted() -> None:
    t = mort_should_lead()
    t.apply(Elect(WEST, "accept"))
    assert t.view(EAST).trick is not None
    assert t.view(EAST).trick.cards == (c("CA"),)  # type: ignore[union-attr]
    assert t.view(EAST).to_play == EAST


def test_m67_lead_from_the_wrong_hand_taken_back() -> None:
    t = mort_should_lead()
    t.apply(Elect(EAST, "take_back"))
    assert t.view(EAST).to_play == SOUTH
    assert not t.view(EAST).penalty_cards  # V's card goes back unpenalised
    play(t, "HA")


def adversary_leads_out_of_turn() -> MortTable:
    t = mort_at(V_REVOKES, "H2", for_mort=True, laws=True)
    t.apply(Play(EAST, c("DA")))  # R leads; it is L's lead
    assert t.pending is not None and t.pending.electors == (NORTH,)
    assert t.pending.options == ("accept", "call_card", "call_suit")
    return t


def test_m68_adversary_lead_out_of_turn_call_the_card() -> None:
    t = adversary_leads_out_of_turn()
    t.apply(Elect(NORTH, "call_card"))
    assert t.view(SOUTH).penalty_cards == {EAST: CardSet([c("DA")])}
    play(t, "SA", "S2")
    # Vivant may call the exposed card when R is to play.
    assert CallCard(NORTH, EAST, c("DA")) in t.legal_actions(NORTH)
    t.apply(CallCard(NORTH, EAST, c("DA")))
    with pytest.raises(IllegalPlayError, match="DA was called and must be played"):
        t.apply(Play(EAST, c("DK")))
    t.apply(Play(EAST, c("DA")))
    assert not t.view(SOUTH).penalty_cards


def test_m68_adversary_lead_out_of_turn_call_a_suit() -> None:
    t = adversary_leads_out_of_turn()
    t.apply(Elect(NORTH, "call_suit"))
    # L is to lead now: V names the suit first.
    assert t.to_act() == NORTH
    assert t.legal_actions(NORTH) == [CallSuit(NORTH, s) for s in range(4)]
    t.apply(CallSuit(NORTH, 3))  # clubs: L must lead his C2
    with pytest.raises(IllegalPlayError, match="clubs were called"):
        t.apply(Play(WEST, c("SA")))
    assert [a.card for a in t.legal_actions(WEST)] == [c("C2")]  # type: ignore[attr-defined]
    play(t, "C2")


def test_m68_adversary_lead_out_of_turn_accepted() -> None:
    t = adversary_leads_out_of_turn()
    t.apply(Elect(NORTH, "accept"))
    assert t.view(NORTH).to_play == SOUTH  # play goes on from R's left


def test_strict_mode_refuses_a_lead_out_of_turn() -> None:
    t = mort_at(V_REVOKES, "H2", for_mort=True)
    with pytest.raises(OutOfTurnError, match="it is L \\(P3\\)'s turn, not R \\(P2\\)'s"):
        t.apply(Play(EAST, c("DA")))


# --- two cards at once --------------------------------------------------------------------------


def test_m66_two_cards_from_mort_adversaries_choose() -> None:
    t = mort_at(POWER, "SA", laws=True)
    play(t, "HJ")
    t.apply(PlayTogether(SOUTH, (c("H8"), c("H7"))))
    assert t.pending is not None and t.pending.electors == (EAST, WEST)
    t.apply(Elect(WEST, "H7"))
    assert t.view(EAST).trick.cards == (c("HJ"), c("H7"))  # type: ignore[union-attr]
    assert not t.view(EAST).penalty_cards  # the other goes back unpenalised


def test_two_cards_by_an_adversary_vivant_chooses_other_exposed() -> None:
    t = mort_at(POWER, "SA", laws=True)
    t.apply(PlayTogether(EAST, (c("HJ"), c("DJ"))))
    assert t.pending is not None and t.pending.electors == (NORTH,)
    t.apply(Elect(NORTH, "DJ"))
    assert t.view(NORTH).penalty_cards == {EAST: CardSet([c("HJ")])}


def test_two_cards_options_exclude_a_revoke() -> None:
    t = mort_at(POWER, "SA", laws=True)
    play(t, "HJ")
    t.apply(PlayTogether(SOUTH, (c("H8"), c("S6"))))
    assert t.pending is not None and t.pending.options == ("H8",)


# --- the deal -----------------------------------------------------------------------------------


def test_m51_misdeal_same_dealer_again_by_default() -> None:
    t = mort_at(POWER, "SA", laws=True)
    t.apply(ReportMisdeal(WEST, "deal"))
    assert t.pending is not None and t.pending.electors == (EAST, WEST)
    assert t.pending.default == "redeal"
    t.apply(t.default_action())
    assert t.phase == "deal" and t.dealer == NORTH
    assert t.hand_records[-1]["abandoned"]


def test_m51_misdeal_opponents_take_the_deal() -> None:
    t = mort_at(POWER, "SA", laws=True)
    t.apply(ReportMisdeal(EAST, "wrong_cut"))
    assert t.pending is not None and t.pending.rule == "M-5.2"
    t.apply(Elect(EAST, "pass"))
    assert t.phase == "deal" and t.dealer == EAST


@pytest.mark.parametrize(
    ("option", "phase", "dealer"),
    [
        ("stand", "play", NORTH),
        ("redeal", "deal", NORTH),
        ("misdeal", "deal", EAST),
    ],
)
def test_m53_card_exposed_in_dealing(option: str, phase: str, dealer: int) -> None:
    t = mort_at(POWER, "SA", laws=True)
    t.apply(ReportExposed(EAST, c("S6"), by=NORTH))  # V dealt a card to Mort face up
    assert t.pending is not None and t.pending.options == ("stand", "redeal", "misdeal")
    t.apply(Elect(WEST, option))
    assert t.phase == phase and t.dealer == dealer


def test_deal_irregularities_only_before_the_lead_and_in_laws_mode() -> None:
    strict = mort_at(POWER, "SA")
    with pytest.raises(ValueError, match="laws mode only"):
        strict.apply(ReportMisdeal(EAST, "deal"))
    t = mort_at(POWER, "SA", laws=True)
    play(t, "HJ")
    with pytest.raises(ValueError, match="before the opening lead"):
        t.apply(ReportMisdeal(EAST, "deal"))
    with pytest.raises(ValueError, match="unknown misdeal reason"):
        mort_at(POWER, "SA", laws=True).apply(ReportMisdeal(EAST, "bad"))


def test_misdeal_by_an_adversary_dealer_vivant_elects() -> None:
    t = mort_at(POWER, "SA", laws=True)
    rng = random.Random(0)
    while t.phase != "deal":
        seat = t.to_act()
        assert seat is not None
        t.apply(rng.choice(t.legal_actions(seat)))
    t.apply(t.chance_action(rng))
    assert t.dealer == EAST
    t.apply(ReportMisdeal(WEST, "deal"))
    assert t.pending is not None and t.pending.electors == (NORTH,)


def test_revoke_by_the_fourth_card_claimed_before_the_next_lead() -> None:
    """Mort's revoke completes the trick; claimed by an adversary (who sees Mort) before the next
    lead, the trick is reopened for the correction, and every view still shows the position (the
    revoker to play again)."""
    t = mort_at(POWER, "S3", for_mort=True, laws=True)
    play(t, "H2", "HA", "H9")
    t.apply(Play(SOUTH, c("S6")))  # Mort trumps while holding hearts, completing the trick
    t.apply(ClaimRevoke(EAST, 1))
    views = [t.view(s) for s in (0, 1, 2, 3, None)]
    assert all(v.to_play == SOUTH for v in views)
    assert t.legal_actions(NORTH) == [CorrectRevoke(SOUTH, c(x)) for x in ("H6", "H7", "H8")]
    t.apply(CorrectRevoke(SOUTH, c("H6")))
    assert t.view(NORTH).tricks[-1].cards == (c("H2"), c("HA"), c("H9"), c("H6"))
    assert t.view(NORTH).penalty_cards == {}


def test_a_revoker_corrects_his_own_revoke_once_the_trick_is_complete_not_quitted() -> None:
    """WL-7.4: R's revoke, by the third card, is followed by Mort's fourth; before the next lead
    R himself takes it back: the trick is reopened, later cards go back, his card is exposed."""
    t = mort_at(R_REVOKES, "H2", for_mort=True, laws=True)
    play(t, "SA", "S2")
    t.apply(Play(EAST, c("D3")))  # R holds S3: a revoke
    t.apply(Play(SOUTH, c("H2")))  # Mort's trump completes the trick
    before = snapshot(t)
    with pytest.raises(IllegalPlayError, match="corrected with a spade"):
        t.apply(CorrectRevoke(EAST, c("D4")))
    assert snapshot(t) == before
    t.apply(CorrectRevoke(EAST, c("S3")))  # R finds his error: the adversaries first choose how
    t.apply(Elect(NORTH, "call_card"))  # WL-7.4: Vivant has the card in error exposed
    views = [t.view(s) for s in (0, 1, 2, 3, None)]
    assert all(v.to_play == EAST for v in views)
    assert t.legal_actions(EAST) == [CorrectRevoke(EAST, c("S3"))]
    t.apply(CorrectRevoke(EAST, c("S3")))
    assert t.view(NORTH).trick is not None
    assert t.view(NORTH).trick.cards == (c("SA"), c("S2"), c("S3"))  # type: ignore[union-attr]
    assert t.view(NORTH).penalty_cards == {EAST: CardSet([c("D3")])}
    assert t.to_act() == NORTH  # Vivant plays for Mort, whose trump went back


def test_a_revoke_the_revoker_has_since_shown_may_be_claimed_during_the_play() -> None:
    """D-W13: once R has played the spade he held when he renounced, the cards Vivant has seen
    prove the revoke: his claim is examined at once (before, it is refused like any other)."""
    t = mort_at(R_REVOKES, "H2", for_mort=True, laws=True)
    play(t, "SA", "S2", "D3", "H2")  # R renounces holding S3; Mort trumps and wins
    with pytest.raises(ValueError, match="examined for revokes at the end of the hand"):
        t.apply(ClaimRevoke(NORTH, 1))
    play(t, "HA", "S4", "C3", "S3")  # R shows the S3
    events = t.apply(ClaimRevoke(NORTH, 1))
    assert [e.kind for e in events] == ["revoke_claimed"]
    assert t.hand is not None and t.hand.revokes[0].claimed
