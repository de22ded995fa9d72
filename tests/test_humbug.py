"""Humbug Whist at the table: the deal of four hands (HU-1), the exchange for the dead hand and the
dealer's turn-up (HU-2), two-card tricks (HU-3), honours in the hands played (HU-4) and the
declared-trump variation (HU-5): HUV-* vectors at the table."""

from __future__ import annotations

from typing import Any

import pytest

from vivant.actions import (
    ChooseSeat,
    Cut,
    Deal,
    Declare,
    Elect,
    Exchange,
    Play,
    PlayTogether,
    action_from_json,
)
from vivant.cards import EAST, NORTH, SOUTH, WEST, CardSet, parse_card
from vivant.describe import Narrator
from vivant.errors import IllegalPlayError, InvalidActionError, WrongSeatError
from vivant.scoring.english import HUMBUG, HandResult, score_hand
from vivant.variants import find_variant
from vivant.variants.humbug import HumbugDeclaredTable, HumbugTable, sure_tricks

from helpers import (
    auto,
    deal,
    finish_hand,
    formed,
    last_hand,
    narrated,
    play,
    snapshot,
    south_revoke_penalised,
)

# S (the first dealer): HA HK; the dead hands hold HQ (E) and HJ (W); N no heart honour.
HONOURS = "N:AKQJT.T98.AKQ.AK 98765.Q76.JT9.QJ 432.AK5432.87.T9 .J.65432.8765432"


def c(text: str) -> int:
    return parse_card(text)


def seated(cls: type[HumbugTable] = HumbugTable, laws: bool = False) -> HumbugTable:
    """P1 cut lowest and keeps South, the default seat (HU-1.2, D-H0, D-H2)."""
    t = formed(cls, 2, laws=laws)
    assert t.phase == "choose" and t.default_action() == ChooseSeat(SOUTH, SOUTH)
    t.apply(t.default_action())
    return t


def humbug_at(
    board: str, turn_up: str, cls: type[HumbugTable] = HumbugTable, laws: bool = False
) -> HumbugTable:
    t = seated(cls, laws=laws)
    assert t.roles() == {"S": "P1", "N": "P2"} and t.dealer == SOUTH
    deal(t, board, turn_up)
    return t


def keep_both(t: HumbugTable) -> None:
    t.apply(Exchange(NORTH, False))
    t.apply(Exchange(SOUTH, False))


def test_registered() -> None:
    assert find_variant("humbug") is HumbugTable
    assert find_variant("humbug-declared") is HumbugDeclaredTable
    assert "exchange" in HumbugTable.rules_summary()
    assert "names any suit" in HumbugDeclaredTable.rules_summary()
    with pytest.raises(InvalidActionError, match="played by two"):
        HumbugTable(["A", "B", "C"])


def test_hu_1_2_the_lowest_cutter_chooses_his_seat() -> None:
    """HU-1.2 (D-H0): the lowest cutter deals first and chooses his seat, South by default
    (D-G2, D-H2) or North; his adversary sits opposite, the dead hands East and West."""
    t = HumbugTable(["Ann", "Bob"])
    t.apply(Cut(0, c("SK")))
    t.apply(Cut(1, c("D3")))
    assert t.phase == "choose" and t.to_act() == SOUTH and t.seat_player(SOUTH) == "Bob"
    assert t.legal_actions(SOUTH) == [ChooseSeat(SOUTH, SOUTH), ChooseSeat(SOUTH, NORTH)]
    assert t.legal_actions(NORTH) == [] and t.legal_actions(EAST) == []
    assert t.default_action() == ChooseSeat(SOUTH, SOUTH)
    before = snapshot(t)
    for action, error, match in (
        (ChooseSeat(NORTH, NORTH), WrongSeatError, "the lowest cutter, Bob \\(S\\), chooses"),
        (ChooseSeat(SOUTH, EAST), InvalidActionError, "sit North and South .*, not E"),
        (ChooseSeat(SOUTH, 9), InvalidActionError, "not 9"),
        (Deal.from_seed(1), InvalidActionError, "no deal is due"),
        (Exchange(SOUTH, True), InvalidActionError, "no exchange is due"),
    ):
        with pytest.raises(error, match=match):
            t.apply(action)
        assert snapshot(t) == before
    data = ChooseSeat(SOUTH, NORTH).to_json()
    assert data == {"type": "ChooseSeat", "seat": "S", "target": "N"}
    events = t.apply(action_from_json(data))
    assert [(e.kind, e.data) for e in events] == [
        ("seats", {"lowest": "N", "N": "Bob", "S": "Ann"})
    ]
    # Bob deals first from North; Ann, at South, decides first and leads.
    assert t.roles() == {"N": "Bob", "S": "Ann"} and t.dealer == NORTH and t.phase == "deal"
    with pytest.raises(InvalidActionError, match="not open to choice now"):
        t.apply(ChooseSeat(SOUTH, SOUTH))
    t.apply(Deal(order=tuple(range(52))))
    h = t.hand
    assert h is not None and h.dealer == NORTH and h.hands[NORTH] >> 51 & 1
    assert t.to_act() == SOUTH
    t.apply(Exchange(SOUTH, False))
    west = h.hands[WEST]
    t.apply(Exchange(NORTH, True))  # the dealer at North takes W, the hand on his right
    assert t.view(NORTH).hand == CardSet(west) and t.to_act() == SOUTH
    rec = auto(t, seed=2).record()
    assert rec["games"][0]["roles"] == {"N": "Bob", "S": "Ann"}
    assert rec["games"][0]["hands"][0]["dealer"] == "N"
    again = HumbugTable.replay(t.config(), t.log_json())
    assert again.record() == rec and again.log == t.log


def test_hu_1_4_deal_of_four_hands_from_the_dealers_left() -> None:
    t = seated()
    t.apply(Deal(order=tuple(range(52))))
    h = t.hand
    assert h is not None
    for i, seat in enumerate((WEST, NORTH, EAST, SOUTH)):
        assert h.hands[seat] >> i & 1
    assert h.turn_up == 51 and h.hands[SOUTH] >> 51 & 1 and h.trump == 3
    assert t.cutter(SOUTH) == NORTH and t.cutter(NORTH) == SOUTH
    # Each player sees his own hand only; the dead hands are face down.
    for seat in (NORTH, SOUTH):
        v = t.view(seat)
        assert v.exposed == {} and len(v.hand) == 13


def test_hu_2_4_non_dealer_decides_first() -> None:
    t = humbug_at(HONOURS, "H2")
    assert t.phase == "exchange" and t.to_act() == NORTH
    assert t.legal_actions(NORTH) == [Exchange(NORTH, False), Exchange(NORTH, True)]
    assert t.legal_actions(SOUTH) == []
    before = snapshot(t)
    for action, error in (
        (Exchange(SOUTH, True), WrongSeatError),
        (Play(NORTH, c("SA")), InvalidActionError),
        (Declare(SOUTH, "H"), InvalidActionError),
    ):
        with pytest.raises(error):
            t.apply(action)
        assert snapshot(t) == before


def test_huv_9_dealer_exchanges_and_loses_the_turn_up() -> None:
    t = humbug_at(HONOURS, "H2")
    original = t.hand.hands[SOUTH]  # type: ignore[union-attr]
    dead = t.hand.hands[EAST]  # type: ignore[union-attr]
    t.apply(Exchange(NORTH, False))
    t.apply(Exchange(SOUTH, True))
    assert t.phase == "play" and t.to_act() == NORTH  # the dealer's adversary leads
    v = t.view(SOUTH)
    assert v.hand == CardSet(dead) and v.trump == 1  # trumps unchanged
    assert v.turn_up == c("H2") and not v.turn_up_in_dealers_hand
    assert t.hand is not None and t.hand.hands[EAST] >> c("H2") & 1  # with the discarded hand
    # The dealer remembers the hand he discarded; his adversary sees neither dead hand.
    assert v.exposed == {EAST: CardSet(original)}
    assert t.view(NORTH).exposed == {}


def test_non_dealer_takes_the_hand_on_his_right() -> None:
    t = humbug_at(HONOURS, "H2")
    west = t.hand.hands[WEST]  # type: ignore[union-attr]
    t.apply(Exchange(NORTH, True))
    assert t.view(NORTH).hand == CardSet(west)
    t.apply(Exchange(SOUTH, False))
    assert t.view(SOUTH).turn_up_in_dealers_hand
    finish_hand(t)
    assert last_hand(t)["exchanged"] == {"N": True, "S": False}


def test_huv_3_honours_only_in_the_hands_played() -> None:
    """HUV-3: the dealer holds two honours, the adversary none, two lie in the dead hands: the
    dealer scores 2 (after the tricks, unless they end the game)."""
    t = humbug_at(HONOURS, "H2")
    keep_both(t)
    finish_hand(t)
    hand = last_hand(t)
    assert hand["honours"] == {"N": 0, "S": 2}
    won = (hand["won"]["N"], hand["won"]["S"])
    expected = score_hand((0, 0), HandResult(won, (0, 2)), HUMBUG)
    assert hand["score"] == {"N": expected.scores_after[0], "S": expected.scores_after[1]}
    assert any(i["item"] == "honours" and i["points"] == 2 for i in hand["scored"]) or (
        expected.winner is not None
    )


def test_hu_3_tricks_of_two_cards_and_the_winner_leads() -> None:
    t = humbug_at(HONOURS, "H2")
    keep_both(t)
    play(t, "SA", "S2")
    v = t.view(SOUTH)
    assert v.tricks[0].cards == (c("SA"), c("S2")) and v.tricks[0].winner == NORTH
    assert v.to_play == NORTH
    rec = auto(t, seed=3).record()
    for g in rec["games"]:
        for hand in g["hands"]:
            assert all(len(tr["cards"]) == 2 for tr in hand["tricks"])
            assert len(hand["tricks"]) == 13


def test_deal_alternates_and_the_hand_on_the_right() -> None:
    t = humbug_at(HONOURS, "H2")
    keep_both(t)
    finish_hand(t)
    assert t.dealer == NORTH and t.phase == "deal"
    t.apply(Deal.from_seed(4))
    assert t.to_act() == SOUTH  # the non-dealer decides first
    t.apply(Exchange(SOUTH, False))
    west = t.hand.hands[WEST]  # type: ignore[union-attr]
    t.apply(Exchange(NORTH, True))  # the dealer N takes W, the hand on his right
    assert t.view(NORTH).hand == CardSet(west)
    assert t.to_act() == SOUTH  # the dealer's adversary leads


def test_huv_7_revoke_three_tricks_only() -> None:
    t = humbug_at(HONOURS, "H2", laws=True)
    keep_both(t)
    play(t, "SA")
    t.apply(Play(SOUTH, c("HA")))  # S holds spades: a revoke
    hand = south_revoke_penalised(t)
    assert hand["score"]["S"] <= 4  # the revoker cannot win the game on that hand


def test_tricks_moved_by_a_revoke_are_said_as_played_and_as_counted() -> None:
    """Where the three tricks of a revoke penalty moved (HU-4.4, WL-7.6), the words of the
    hand's end and its summary give the tricks before the penalty beside those counted:
    "tricks N 6, S 7" after a hand the revoker won 10 of would read as a miscount."""
    t = humbug_at(HONOURS, "H2", laws=True)
    keep_both(t)
    play(t, "SA")
    t.apply(Play(SOUTH, c("HA")))  # S holds spades: a revoke
    hands: list[dict[str, Any]] = []
    lines = narrated(t, "P1", lambda: hands.append(south_revoke_penalised(t)))
    hand = hands[0]
    played, won = hand["tricks_in_play"], hand["won"]
    assert played != won
    said = next(x for x in lines if x.startswith("Hand over"))
    assert said == (
        f"Hand over: tricks N {played['N']}, S {played['S']} before the revoke penalty; "
        f"N {won['N']}, S {won['S']} after it."
    )
    summary = Narrator(t, "P1").hand_summary()
    assert summary is not None
    assert summary.before_penalty == played and summary.tricks == won
    assert summary.to_json()["before_penalty"] == played


def test_tricks_as_played_are_not_repeated_where_none_moved() -> None:
    """A hand without a penalty that moves tricks says its tricks once."""
    t = humbug_at(HONOURS, "H2")
    keep_both(t)
    narrator = Narrator(t, "P1")
    finish_hand(t)
    summary = narrator.hand_summary()
    assert summary is not None and summary.before_penalty == {}
    assert sum(summary.tricks.values()) == 13


def test_lead_out_of_turn_and_two_cards_whist_laws() -> None:
    t = humbug_at(HONOURS, "H2", laws=True)
    keep_both(t)
    dead = min(CardSet(t.hand.hands[EAST]))  # type: ignore[union-attr]
    before = snapshot(t)
    with pytest.raises(IllegalPlayError, match="dead hand"):
        t.apply(Play(EAST, dead))
    assert snapshot(t) == before
    t.apply(Play(SOUTH, c("S4")))  # N's lead
    assert t.pending is not None and t.pending.electors == (NORTH,)
    assert t.pending.options == ("accept", "call_card", "call_suit")
    t.apply(Elect(NORTH, "call_card"))
    assert t.view(NORTH).penalty_cards == {SOUTH: CardSet([c("S4")])}
    t.apply(PlayTogether(NORTH, (c("SA"), c("SK"))))
    assert t.pending is not None and t.pending.electors == (SOUTH,)
    t.apply(Elect(SOUTH, "SK"))
    assert t.view(SOUTH).penalty_cards == {SOUTH: CardSet([c("S4")]), NORTH: CardSet([c("SA")])}


def test_huv_10_declared_trump_variation() -> None:
    t = humbug_at(HONOURS, "H2", cls=HumbugDeclaredTable)
    assert t.phase == "declare" and t.to_act() == SOUTH
    assert t.view(NORTH).trump is None and t.view(NORTH).turn_up is None
    assert t.legal_actions(SOUTH) == [Declare(SOUTH, x) for x in "SHDC"]
    before = snapshot(t)
    with pytest.raises(InvalidActionError, match="one of S H D C"):
        t.apply(Declare(SOUTH, "NT"))
    with pytest.raises(WrongSeatError):
        t.apply(Declare(NORTH, "H"))
    assert snapshot(t) == before
    t.apply(Declare(SOUTH, "H"))
    assert t.view(NORTH).trump == 1 and t.to_act() == NORTH
    t.apply(Exchange(NORTH, True))
    # The dealer has no exchange: play begins.
    assert t.phase == "play"
    with pytest.raises(InvalidActionError):
        t.apply(Exchange(SOUTH, True))
    finish_hand(t)
    hand = last_hand(t)
    assert hand["declared"] == "H" and hand["exchanged"] == {"N": True}


def test_default_exchange_follows_fosters_advice() -> None:
    assert sure_tricks(CardSet.parse("SA SK SQ HA D2 D3").mask) == 4
    t = humbug_at(HONOURS, "H2")
    # N holds S AKQJT and D AKQ and C AK: ten sure tricks: he keeps.
    assert t.default_action() == Exchange(NORTH, False)
    t.apply(t.default_action())
    # S holds H AK and no other ace: he exchanges.
    assert t.default_action() == Exchange(SOUTH, True)
    d = humbug_at(HONOURS, "H2", cls=HumbugDeclaredTable)
    assert d.default_action() == Declare(SOUTH, "H")  # his longest suit


def test_rubber_and_settlement() -> None:
    for seed in range(3):
        rec = auto(formed(HumbugTable, 2), seed=seed).record()
        (r,) = rec["rubbers"]
        sign = 1 if r["winner"] == "N" else -1
        assert r["settlement"] == {"P2": sign * r["value"], "P1": -sign * r["value"]}
        assert rec["games"][0]["roles"] == {"S": "P1", "N": "P2"}
