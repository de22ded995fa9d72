"""The Duplicate Whist laws of seed 003 (SEC 1–6) in laws mode, with D-DU2, D-DU7 and SD-4."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from vivant.actions import (
    AskRenounce,
    CallSuit,
    ChoosePenalty,
    ClaimRevoke,
    CorrectRevoke,
    Deal,
    DrawAttention,
    Elect,
    Play,
    PlayTogether,
    ReportExposed,
    ReportMisdeal,
    WaiveRevokes,
)
from vivant.cards import EAST, NORTH, SOUTH, WEST, CardSet, parse_card
from vivant.duplicate.table import DIRECTIONS, DuplicateTable
from vivant.errors import InvalidActionError, OutOfTurnError, WrongSeatError
from vivant.players.heuristic import HeuristicPlayer
from vivant.table import CLAIMS, DEAL, PENALTY, PLAY

from helpers import attempt, play, snapshot

PLAYERS = ("Ann", "Bob", "Cat", "Dan")  # N E S W
# Tray 1: North deals, East leads; trumps as each test declares.
POWER = "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"
# West holds no spade.
W_VOID = "N:AKQJ.AKQ.AKQ.AKQ T9872.JT9.JT9.JT 6543.876.876.876 .5432.5432.95432"
# North's HQ HJ beat every heart the adversaries hold; South holds HA HK and H2.
OVERTAKE = "N:AKQJ.QJ.AKQ.AKQT T987.T98.JT9.J54 6543.AK2.76.9876 2.76543.85432.32"


def c(text: str) -> int:
    return parse_card(text)


def at(deal: str, trump: str = "H", *, laws: bool = True) -> DuplicateTable:
    board = {"tray": 1, "dealer": "N", "trump": trump, "turn_up": None, "deal": deal}
    return DuplicateTable(PLAYERS, laws=laws, boards=[board], program=[[1, False]])


def finish_play(t: DuplicateTable) -> None:
    """Play on with the first correct card until the play is over (or the claims are due)."""
    n = len(t.hand_records)
    while t.phase == PLAY and len(t.hand_records) == n:
        assert t.pending is None
        seat = t.to_act()
        assert seat is not None
        t.apply(t.legal_actions(seat)[0])


def options(t: DuplicateTable, seat: int) -> list[str]:
    return [a.option for a in t.legal_actions(seat)]  # type: ignore[attr-defined]


def last(t: DuplicateTable) -> dict[str, Any]:
    return t.hand_records[-1]


# --- the revoke (D-DU2) and the misdeal (D-DU7) ---------------------------------------------


def test_revoke_costs_two_tricks_and_is_the_only_penalty() -> None:
    t = at(POWER, "D")
    play(t, "ST", "S3", "H2", "SA")  # W renounces holding S2: a revoke
    play(t, "SK")  # North leads to trick 2: the revoke is established
    with pytest.raises(InvalidActionError):
        t.apply(CorrectRevoke(WEST, c("S2")))
    finish_play(t)
    assert t.phase == CLAIMS and t.to_act() == NORTH
    assert t.legal_actions(NORTH) == [ClaimRevoke(NORTH, 1), WaiveRevokes(NORTH)]
    t.apply(ClaimRevoke(SOUTH, 1))
    assert t.phase == PENALTY and options(t, NORTH) == ["T"]  # D-DU2: no D or A at duplicate
    with pytest.raises(WrongSeatError):
        t.apply(ChoosePenalty(EAST, 1, "T"))
    t.apply(ChoosePenalty(NORTH, 1, "T"))
    rec = last(t)
    in_play = rec["tricks_in_play"]
    moved = min(2, in_play["EW"])
    assert rec["won"] == {"NS": in_play["NS"] + moved, "EW": in_play["EW"] - moved}
    assert rec["irregularities"][0]["kind"] == "revoke"
    assert rec["irregularities"][0]["election"] == "T"


def test_waived_revoke_leaves_the_tricks_as_played() -> None:
    t = at(POWER, "D")
    play(t, "ST", "S3", "H2", "SA", "SK")
    finish_play(t)
    t.apply(WaiveRevokes(NORTH))  # SEC 4: North's waiver leaves the claim to South (D-DU13)
    t.apply(WaiveRevokes(SOUTH))
    assert last(t)["won"] == last(t)["tricks_in_play"]


def test_misdealer_deals_again() -> None:
    t = DuplicateTable(PLAYERS, laws=True, trays=1)
    t.apply(t.chance_action(random.Random(1)))
    before = snapshot(t)
    with pytest.raises(InvalidActionError, match="unknown misdeal reason"):
        t.apply(ReportMisdeal(EAST, "shuffle"))
    assert snapshot(t) == before
    t.apply(ReportMisdeal(EAST, "deal"))
    p = t.pending
    assert p is not None and (p.rule, p.options, p.electors) == ("D-DU7", ("redeal",), (1, 3))
    t.apply(Elect(WEST, "redeal"))
    assert t.phase == DEAL and t.dealer == NORTH  # the same dealer, D-DU7
    assert t.hand_records[0]["abandoned"] and t.hand_records[0]["tray"] == 1
    t.apply(t.chance_action(random.Random(2)))
    finish_play(t)
    rec = t.record()
    assert [p.get("abandoned", False) for p in rec["plays"]] == [True, False]
    assert len(rec["trays"]) == 1 and rec["trays"][0]["dealer"] == "N"


def test_card_exposed_in_dealing_at_whist_law_but_not_on_an_overplay() -> None:
    t = DuplicateTable(PLAYERS, laws=True, trays=1, mnemonic=True, declared_trump="H")
    t.apply(t.chance_action(random.Random(1)))
    shown = next(iter(CardSet(t.hand.hands[EAST])))  # type: ignore[union-attr]
    t.apply(ReportExposed(EAST, shown))  # E shows one of his cards: the dealer, N, may claim
    assert t.pending is not None and t.pending.options == ("stand", "redeal")
    assert (t.pending.rule, t.pending.electors) == ("WL-3.4", (NORTH, SOUTH))
    t.apply(Elect(NORTH, "stand"))
    finish_play(t)
    assert t.view(None).extra["turned"]
    with pytest.raises(InvalidActionError, match="hands come from the tray"):
        t.apply(ReportExposed(NORTH, shown))
    event = at(POWER)
    with pytest.raises(InvalidActionError, match="hands come from the tray"):
        event.apply(ReportMisdeal(EAST, "deal"))


def test_sd4_irregularity_found_on_the_overplay_means_a_new_deal_and_both_plays_again() -> None:
    t = DuplicateTable(PLAYERS, laws=True, trays=1, mnemonic=True, declared_trump="H")
    t.apply(t.chance_action(random.Random(1)))
    finish_play(t)
    first = t.trays_dealt[1]
    assert t.phase == PLAY and t.dealer == EAST  # the overplay, turned
    t.apply(ReportMisdeal(SOUTH, "deal"))
    p = t.pending
    assert p is not None and (p.rule, p.options, p.electors) == ("SD-4", ("new_deal",), (0, 2))
    t.apply(Elect(NORTH, "new_deal"))
    assert t.phase == DEAL and t.dealer == NORTH and 1 not in t.trays_dealt
    t.apply(Deal(order=tuple(reversed(range(52)))))
    assert t.trays_dealt[1] != first
    finish_play(t)
    finish_play(t)
    rec = t.record()
    assert [(p["turned"], p.get("voided"), p.get("abandoned")) for p in rec["plays"]] == [
        (False, "SD-4", None),
        (True, None, True),
        (False, None, None),
        (True, None, None),
    ]
    assert len(t.results()) == 2
    assert rec["comparison"]["original_ew_tricks"] == rec["plays"][2]["won"]["EW"]
    assert rec["comparison"]["replay_tricks"] == rec["plays"][3]["won"]["NS"]


# --- SEC 1: drawing attention to the trick (DL-1) and SEC 5 (DL-5) --------------------------


def test_dl1_the_adversary_last_to_play_directs_the_partner() -> None:
    t = at(POWER)
    play(t, "ST", "S3")
    t.apply(DrawAttention(SOUTH))  # South claims the trick before North has played
    p = t.pending
    assert p is not None and p.rule == "DL-1" and p.electors == (WEST,)  # last adversary
    assert options(t, WEST) == [*DIRECTIONS, "waive"]
    assert options(t, EAST) == ["waive"]  # either adversary may waive (DL-4)
    assert options(t, NORTH) == []
    with pytest.raises(WrongSeatError):
        t.apply(Elect(NORTH, "lowest/trump"))
    assert t.default_action() == Elect(WEST, "lowest/no_trump")  # D-G2
    t.apply(Elect(WEST, "lowest/no_trump"))
    play(t, "S2")
    assert [a.card for a in t.legal_actions(NORTH)] == [c("SJ")]  # type: ignore[attr-defined]
    assert t.view(EAST).extra["direction"]["option"] == "lowest/no_trump"
    play(t, "SJ")
    assert "direction" not in t.view(EAST).extra
    assert t.hand is not None and t.hand.revokes == []


def test_dl1_void_partner_is_directed_to_trump_or_not() -> None:
    t = at(W_VOID)
    play(t, "S7", "S3")
    t.apply(DrawAttention(EAST))  # the leader claims the trick before West has played
    assert t.pending is not None and t.pending.electors == (NORTH,)
    t.apply(Elect(NORTH, "highest/trump"))
    trumps = CardSet.from_pbn(".5432..")
    assert {a.card for a in t.legal_actions(WEST)} == set(trumps)  # type: ignore[attr-defined]
    t2 = at(W_VOID)
    play(t2, "S7", "S3")
    t2.apply(DrawAttention(EAST))
    t2.apply(Elect(NORTH, "lowest/no_trump"))
    cards = {a.card for a in t2.legal_actions(WEST)}  # type: ignore[attr-defined]
    assert cards == set(CardSet.from_pbn("..5432.95432"))


def test_duv9_failing_to_play_the_lowest_when_able_is_punished_as_a_revoke() -> None:
    t = at(POWER)
    play(t, "ST", "S3")
    t.apply(DrawAttention(SOUTH))
    t.apply(Elect(WEST, "lowest/no_trump"))
    play(t, "S2")
    t.apply(Play(NORTH, c("SA")))  # laws mode: any card he holds may be played
    h = t.hand
    assert h is not None and h.notes["failures"] == [
        {"seat": "N", "trick": 1, "card": "SA", "duty": "play his lowest"}
    ]
    finish_play(t)
    assert t.phase == CLAIMS and t.to_act() == EAST
    t.apply(ClaimRevoke(EAST, 1))
    t.apply(ChoosePenalty(EAST, 1, "T"))
    rec = last(t)
    in_play = rec["tricks_in_play"]
    moved = min(2, in_play["NS"])
    assert rec["won"] == {"NS": in_play["NS"] - moved, "EW": in_play["EW"] + moved}
    kinds = [(i["kind"], i["rule"], i["election"]) for i in rec["irregularities"]]
    assert kinds == [("direction", "DL-1", "lowest/no_trump"), ("failure_to_comply", "DL-5", "T")]


def test_duv8_a_penalty_demanded_by_the_adversary_not_entitled_is_cancelled() -> None:
    t = at(POWER)
    play(t, "ST", "S3")
    t.apply(DrawAttention(SOUTH))
    t.apply(Elect(EAST, "highest/trump"))  # only West, last to play, may direct
    assert t.pending is None
    play(t, "S2")
    assert len(t.legal_actions(NORTH)) == 4  # North is free: nothing enforceable
    rec = t.hand.irregularities[-1]  # type: ignore[union-attr]
    assert (rec.kind, rec.election, rec.details["reason"]) == (
        "direction",
        "cancelled",
        "demanded by the adversary not entitled",
    )


def test_dl4_waiver_or_a_wrong_penalty_cancels_and_nonsense_is_refused() -> None:
    t = at(POWER)
    play(t, "ST", "S3")
    t.apply(DrawAttention(SOUTH))
    before = snapshot(t)
    with pytest.raises(InvalidActionError, match="not a penalty"):
        t.apply(Elect(WEST, "lowest please"))
    assert snapshot(t) == before
    t.apply(Elect(WEST, "call_suit"))  # a penalty, but not the lawful one here
    assert t.pending is None
    assert t.hand.irregularities[-1].details["reason"] == (  # type: ignore[union-attr]
        "a penalty other than the lawful one demanded"
    )
    t2 = at(POWER)
    play(t2, "ST", "S3")
    t2.apply(DrawAttention(SOUTH))
    t2.apply(Elect(EAST, "waive"))
    assert t2.hand.irregularities[-1].details["reason"] == "waived"  # type: ignore[union-attr]


def test_dl4_a_lead_out_of_turn_with_the_penalty_waived_goes_back() -> None:
    t = at(POWER)
    t.apply(Play(WEST, c("S2")))  # East should lead
    p = t.pending
    assert p is not None and p.kind == "lead_out_of_turn" and p.electors == (NORTH, SOUTH)
    t.apply(Elect(SOUTH, "waive"))
    assert t.to_act() == EAST and t.hand is not None and t.hand.hands[WEST] >> c("S2") & 1
    assert t.hand.penalty_cards == [0, 0, 0, 0]


def test_dl4_the_first_demand_binds() -> None:
    t = at(POWER)
    t.apply(Play(WEST, c("S2")))
    t.apply(Elect(NORTH, "call_card"))
    with pytest.raises(InvalidActionError, match="no choice"):
        t.apply(Elect(SOUTH, "waive"))
    assert t.view(NORTH).penalty_cards[WEST] == CardSet([c("S2")])


def test_dl5_failing_to_lead_the_suit_called_is_punished_as_a_revoke() -> None:
    t = at(POWER)
    t.apply(Play(WEST, c("S2")))
    t.apply(Elect(NORTH, "call_suit"))
    assert t.to_act() == NORTH
    t.apply(CallSuit(NORTH, 2))  # diamonds from East
    t.apply(Play(EAST, c("HJ")))  # East holds diamonds: accepted in laws mode, DL-5
    h = t.hand
    assert h is not None and h.notes["failures"][0]["duty"] == "lead the suit called"
    strict = at(POWER, laws=False)
    with pytest.raises(InvalidActionError, match="laws mode"):
        strict.apply(DrawAttention(SOUTH))


def test_dl1_needs_a_card_led_and_the_partner_still_to_play() -> None:
    t = at(POWER)
    with pytest.raises(InvalidActionError, match="nothing to direct"):
        t.apply(DrawAttention(WEST))
    play(t, "ST", "S3", "S2")
    with pytest.raises(InvalidActionError, match="already played"):
        t.apply(DrawAttention(WEST))


# --- SEC 3: "none of that suit, partner?" (DL-3) --------------------------------------------


def test_dl3_partner_asks_and_a_revoke_is_corrected_in_time() -> None:
    t = at(POWER)
    play(t, "ST", "S3", "H2")  # West revokes (holds S2)
    t.apply(AskRenounce(EAST))
    p = t.pending  # WL-7.4: the adversaries say how the revoke is corrected
    assert p is not None and (p.kind, p.electors) == ("revoke_correction", (NORTH, SOUTH))
    t.apply(Elect(SOUTH, "call_card"))
    assert t.to_act() == WEST
    assert t.legal_actions(WEST) == [CorrectRevoke(WEST, c("S2"))]
    t.apply(CorrectRevoke(WEST, c("S2")))
    assert t.view(NORTH).penalty_cards[WEST] == CardSet([c("H2")])  # WL-7.4
    assert t.hand is not None and t.hand.revokes == []
    assert t.hand.notes["inquiries"] == [{"by": "E", "trick": 1, "rule": "DL-3"}]


def test_dl3_after_the_fourth_card_the_trick_is_still_open_to_the_question() -> None:
    t = at(POWER)
    play(t, "ST", "S3", "H2", "SA")
    t.apply(AskRenounce(EAST))
    assert t.hand is not None and t.hand.tricks == [] and len(t.hand.trick) == 4
    t.apply(Elect(NORTH, "call_card"))
    t.apply(CorrectRevoke(WEST, c("S2")))
    play(t, "SJ")
    assert t.hand.tricks[0].cards == (c("ST"), c("S3"), c("S2"), c("SJ"))


def test_dl3_a_true_renounce_is_confirmed_and_a_follow_cannot_be_questioned() -> None:
    t = at(W_VOID)
    play(t, "S7", "S3", "D2")
    events = t.apply(AskRenounce(EAST))
    assert [e.kind for e in events] == ["renounce_confirmed"]
    with pytest.raises(InvalidActionError, match="followed suit"):
        t.apply(AskRenounce(NORTH))
    play(t, "SA")
    play(t, "SK")  # trick 2 led: trick 1 is quitted
    with pytest.raises(InvalidActionError, match="has not played"):
        t.apply(AskRenounce(EAST))


# --- SEC 6: winning cards played together (DL-6) --------------------------------------------


def overtake_at_trick_two() -> DuplicateTable:
    t = at(OVERTAKE, "D")
    play(t, "ST", "S3", "S2", "SA")  # North wins trick 1 and leads
    t.apply(PlayTogether(NORTH, (c("HQ"), c("HJ"))))
    p = t.pending
    # D-DU17: the election is the one offered whatever East and West hold; the default names a
    # card, the public cards not proving HQ HJ winners (South's HA HK are unseen).
    assert p is not None and (p.kind, p.rule, p.electors) == ("cards_together", "DL-6", (1, 3))
    assert p.options == ("HQ", "HJ", "win_1", "win_2", "waive") and p.default == "HQ"
    assert p.details == {"case": "winning_cards"}
    return t


def test_dl6_either_adversary_makes_the_partner_win_the_trick() -> None:
    t = overtake_at_trick_two()
    t.apply(Elect(WEST, "win_1"))
    assert t.hand is not None and t.hand.trick == [c("HQ")]
    assert t.view(EAST).penalty_cards[NORTH] == CardSet([c("HJ")])  # liable to be called
    play(t, "H8")
    legal = {a.card for a in t.legal_actions(SOUTH)}  # type: ignore[attr-defined]
    assert legal == {c("HA"), c("HK")}  # not the two: he must win
    play(t, "HK", "H3")
    assert t.hand.tricks[-1].winner == SOUTH and not t.hand.revokes


def test_dl6_partner_who_does_not_win_when_able_fails_as_at_a_revoke() -> None:
    t = overtake_at_trick_two()
    t.apply(Elect(EAST, "win_1"))
    play(t, "H8")
    t.apply(Play(SOUTH, c("H2")))
    h = t.hand
    assert h is not None and h.notes["failures"][0]["duty"] == "win the trick"


def test_dl6_waived_the_offender_plays_the_first_card_and_takes_the_other_back() -> None:
    t = overtake_at_trick_two()
    t.apply(Elect(EAST, "waive"))
    h = t.hand
    assert h is not None and h.trick == [c("HQ")] and h.penalty_cards == [0, 0, 0, 0]
    assert h.hands[NORTH] >> c("HJ") & 1


def test_cards_played_together_that_are_not_all_winners_follow_whist_law() -> None:
    t = at(POWER)
    play(t, "ST")
    t.apply(PlayTogether(SOUTH, (c("S6"), c("S5"))))
    p = t.pending
    assert p is not None and (p.kind, p.rule) == ("cards_together", "DL-6")  # D-DU17
    assert p.options == ("S6", "S5", "win_1", "win_2", "waive") and p.details["case"] == "two_cards"
    t.apply(Elect(EAST, "S5"))
    assert t.view(EAST).penalty_cards[SOUTH] == CardSet([c("S6")])
    h = t.hand
    assert h is not None and [(r.kind, r.election) for r in h.irregularities] == [
        ("two_cards", "S5")
    ]


def test_dl6_demanding_a_card_named_when_the_cards_are_winners_cancels_the_penalty() -> None:
    """D-DU17, DL-4: naming the card played is a penalty other than DL-6's lawful one: the
    offender plays the first card and takes the other back unpenalised."""
    t = overtake_at_trick_two()
    events = t.apply(Elect(WEST, "HJ"))
    assert events[0].kind == "penalty_cancelled"
    h = t.hand
    assert h is not None and h.trick == [c("HQ")] and h.penalty_cards == [0, 0, 0, 0]
    assert h.irregularities[-1].kind == "winning_cards"
    assert h.irregularities[-1].election == "cancelled" and "win_due" not in h.notes


def test_dl6_demanding_a_win_when_the_cards_are_not_winners_cancels_the_penalty() -> None:
    """D-DU17, DL-4: making the partner win is not the lawful penalty for cards an adversary
    can beat (WL-5.1 is): cancelled; South plays the first card, the other goes back."""
    t = at(POWER)
    play(t, "ST")
    t.apply(PlayTogether(SOUTH, (c("S6"), c("S5"))))
    events = t.apply(Elect(EAST, "win_1"))
    assert events[0].kind == "penalty_cancelled"
    h = t.hand
    assert h is not None and h.trick == [c("ST"), c("S6")] and h.penalty_cards == [0, 0, 0, 0]
    assert "win_due" not in h.notes and h.irregularities[-1].kind == "two_cards"


def test_dl1_a_card_played_out_of_turn_lies_face_up_and_the_partner_may_be_directed() -> None:
    t = at(POWER, "D")
    play(t, "ST")
    events = t.apply(Play(NORTH, c("SA")))  # North plays before his partner South
    assert [e.kind for e in events] == ["played_out_of_turn", "irregularity"]
    p = t.pending
    assert p is not None and (p.kind, p.rule, p.electors) == ("direction", "DL-1", (WEST,))
    assert t.view(EAST).penalty_cards[NORTH] == CardSet([c("SA")])  # face up on the table
    t.apply(Elect(WEST, "highest/no_trump"))
    assert [a.card for a in t.legal_actions(SOUTH)] == [c("S6")]  # type: ignore[attr-defined]
    play(t, "S6", "S2")
    assert t.legal_actions(NORTH) == [Play(NORTH, c("SA"))]  # his card out of turn, in turn
    play(t, "SA")
    h = t.hand
    assert h is not None and h.tricks[0].cards == (c("ST"), c("S6"), c("S2"), c("SA"))
    assert [(r.kind, r.election) for r in h.irregularities] == [
        ("played_out_of_turn", None),
        ("direction", "highest/no_trump"),
    ]


def test_a_card_out_of_turn_after_the_partner_has_played_is_refused() -> None:
    t = at(POWER, "D")
    play(t, "ST", "S3")
    before = snapshot(t)
    with pytest.raises(OutOfTurnError):
        t.apply(Play(NORTH, c("SA")))  # WL-6.5: the fourth hand before the third, no penalty
    assert snapshot(t) == before


# --- irregularities injected at random: the table stays sound -------------------------------


def _irregular(t: DuplicateTable, rng: random.Random) -> Any:
    h = t.hand
    seat = rng.randrange(4)
    kind = rng.randrange(6)
    if kind == 0:
        return DrawAttention(seat)
    if kind == 1:
        return AskRenounce(seat)
    if kind == 2 and h is not None:
        return ReportMisdeal(seat, "deal")
    if h is not None and h.hands[seat]:
        cards = list(CardSet(h.hands[seat]))
        if kind == 3 and len(cards) >= 2:
            return PlayTogether(seat, tuple(rng.sample(cards, 2)))
        return Play(seat, rng.choice(cards))
    return None


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10**6), st.booleans())
def test_random_irregularities_keep_cards_tricks_and_replay(seed: int, mnemonic: bool) -> None:
    rng = random.Random(seed)
    t = DuplicateTable(
        PLAYERS, laws=True, trays=2, mnemonic=mnemonic, declared_trump="S" if mnemonic else None
    )
    steps = 0
    while not t.is_over():
        steps += 1
        assert steps < 3000
        if t.awaiting_chance():
            t.apply(t.chance_action(rng))
            continue
        if rng.random() < 0.08 and attempt(t, _irregular(t, rng)):
            continue
        if t.pending is not None and rng.random() < 0.3:
            other = rng.randrange(4)  # a demand by anyone at all: refused or DL-4
            options = [*t.pending.options, "call_suit", "waive"]
            if attempt(t, Elect(other, rng.choice(options))):
                continue
        seat = t.to_act()
        assert seat is not None
        legal = t.legal_actions(seat)
        assert legal, f"nobody can act: {t.phase} {t.pending}"
        t.apply(rng.choice(legal))
    rec = t.record()
    counted = [p for p in rec["plays"] if not p.get("abandoned") and not p.get("voided")]
    assert len(counted) == 2 * (2 if mnemonic else 1)
    for p in counted:
        assert len(p["tricks"]) == 13
        assert sorted(parse_card(x) for tr in p["tricks"] for x in tr["cards"]) == list(range(52))
        assert p["won"]["NS"] + p["won"]["EW"] == 13
    again = DuplicateTable.replay(t.config(), json.loads(json.dumps(t.log_json())))
    assert isinstance(again, DuplicateTable) and again.record() == rec


def test_dl6_a_second_winning_card_led_before_the_partner_plays() -> None:
    t = at(OVERTAKE, "D")
    play(t, "ST", "S3", "S2", "SA", "HQ")  # North wins trick 1 and leads the queen
    events = t.apply(Play(NORTH, c("HJ")))  # and leads again before South has played
    assert [e.kind for e in events] == ["irregularity"]
    p = t.pending
    assert p is not None and (p.kind, p.cards) == ("cards_together", (c("HQ"), c("HJ")))
    assert p.options == ("call_card", "win_1", "win_2", "waive")  # D-DU17
    t.apply(Elect(EAST, "win_1"))
    h = t.hand
    assert h is not None and h.trick == [c("HQ")]
    assert t.view(WEST).penalty_cards[NORTH] == CardSet([c("HJ")])
    play(t, "H8")
    assert {a.card for a in t.legal_actions(SOUTH)} == {c("HA"), c("HK")}  # type: ignore[attr-defined]


def test_dl6_a_second_card_led_that_is_not_a_winner_is_exposed() -> None:
    t = at(POWER, "D")
    play(t, "ST")
    events = t.apply(Play(EAST, c("S9")))  # East leads again before West has played
    assert [e.kind for e in events] == ["irregularity"]  # D-DU17: the same election offered
    p = t.pending
    assert p is not None and p.options == ("call_card", "win_1", "win_2", "waive")
    events = t.apply(Elect(NORTH, "call_card"))
    assert [e.kind for e in events] == ["elected", "card_exposed"] and t.pending is None
    assert t.view(NORTH).penalty_cards[EAST] == CardSet([c("S9")])
    assert t.to_act() == SOUTH
    waived = at(OVERTAKE, "D")
    play(waived, "ST", "S3", "S2", "SA", "HQ")
    waived.apply(Play(NORTH, c("HJ")))
    waived.apply(Elect(WEST, "waive"))
    h = waived.hand
    assert h is not None and h.trick == [c("HQ")] and h.penalty_cards == [0, 0, 0, 0]
    assert waived.to_act() == EAST


def test_dl6_a_second_card_led_with_the_wrong_demand_goes_back_unpenalised() -> None:
    """D-DU17, DL-4: a second card led: exposing it when both are winners, or making the
    partner win when they are not, is a penalty other than the lawful one, cancelled; the
    second card goes back to the hand and the play goes on."""
    winners = at(OVERTAKE, "D")
    play(winners, "ST", "S3", "S2", "SA", "HQ")
    winners.apply(Play(NORTH, c("HJ")))
    beaten = at(POWER, "D")
    play(beaten, "ST")
    beaten.apply(Play(EAST, c("S9")))
    for t, elector, demand, offender in (
        (winners, WEST, "call_card", NORTH),
        (beaten, SOUTH, "win_2", EAST),
    ):
        events = t.apply(Elect(elector, demand))
        assert events[0].kind == "penalty_cancelled" and t.pending is None
        h = t.hand
        assert h is not None and len(h.trick) == 1 and h.penalty_cards == [0, 0, 0, 0]
        assert h.hands[offender].bit_count() == 13 - len(h.tricks) - 1
        assert "win_due" not in h.notes


def test_dl6_computer_players_demand_from_what_they_see() -> None:
    """D-DU17: an adversary who cannot prove the cards winners names one as played (the worse
    for the offenders); the default does the same. When every better card is played (SA in
    trick 1, then SK SQ together) they make the partner win the trick, and rightly."""
    unproven = overtake_at_trick_two()
    bot = HeuristicPlayer()
    pick = bot.choose(unproven.view(EAST), unproven.legal_actions(EAST), unproven.default_action())
    assert pick == Elect(EAST, "HJ") and unproven.default_action() == Elect(EAST, "HQ")
    proven = at(OVERTAKE, "D")
    play(proven, "ST", "S3", "S2", "SA")
    proven.apply(PlayTogether(NORTH, (c("SK"), c("SQ"))))
    assert proven.pending is not None and proven.pending.default == "win_1"
    pick = bot.choose(proven.view(WEST), proven.legal_actions(WEST), proven.default_action())
    assert pick == Elect(WEST, "win_1")
    events = proven.apply(pick)
    assert events[0].kind == "elected"
    h = proven.hand
    assert h is not None and h.notes["win_due"]["trick"] == 2
