"""Thirteen and the Odd at the table: the deal of 26 cards and the turn-up nobody holds (TO-2), the
non-dealer's lead (TO-3), one point for the odd trick and game 5 (TO-4), the revoke (TO-5)."""

from __future__ import annotations

import pytest

from vivant.actions import (
    CallCard,
    ChooseSeat,
    Deal,
    Elect,
    Play,
    ReportExposed,
    ReportMisdeal,
)
from vivant.cards import EAST, NORTH, SOUTH, WEST, CardSet, parse_card
from vivant.errors import InvalidActionError
from vivant.variants import find_variant
from vivant.variants.thirteen import ThirteenTable

from helpers import auto, finish_hand, formed, last_hand, play, snapshot, south_revoke_penalised


def c(text: str) -> int:
    return parse_card(text)


def seated(laws: bool = False, seat: int = SOUTH) -> ThirteenTable:
    """P1 cut lowest and takes ``seat`` (South by default, HU-1.2 with D-H0 and D-H2)."""
    t = formed(ThirteenTable, 2, laws=laws)
    assert t.phase == "choose" and t.default_action() == ChooseSeat(SOUTH, SOUTH)
    assert t.legal_actions(SOUTH) == [ChooseSeat(SOUTH, SOUTH), ChooseSeat(SOUTH, NORTH)]
    t.apply(ChooseSeat(SOUTH, seat))
    return t


def pack(adversary: list[int], dealer: list[int], turn_up: int) -> tuple[int, ...]:
    """A pack order dealing ``adversary``'s and ``dealer``'s cards alternately, adversary first,
    then turning up ``turn_up``; the rest of the pack follows."""
    order = [x for pair in zip(adversary, dealer, strict=True) for x in pair] + [turn_up]
    return tuple(order + [x for x in range(52) if x not in order])


SPADES = list(range(13))
HEARTS = list(range(13, 26))
CLUBS = list(range(39, 52))


def test_registered() -> None:
    assert find_variant("thirteen and the odd") is ThirteenTable
    assert "odd trick" in ThirteenTable.rules_summary()
    with pytest.raises(InvalidActionError, match="played by two"):
        ThirteenTable(["A"])


def test_tov_2_dealing() -> None:
    """TOV-2: cards 1-26 alternate adversary/dealer; card 27 turns up trumps, in nobody's hand."""
    t = seated()
    assert t.dealer == SOUTH
    t.apply(Deal(order=tuple(range(52))))
    h = t.hand
    assert h is not None
    assert h.hands[NORTH] == sum(1 << i for i in range(0, 26, 2))
    assert h.hands[SOUTH] == sum(1 << i for i in range(1, 26, 2))
    assert h.hands[EAST] == h.hands[WEST] == 0
    assert h.turn_up == 26 and h.trump == 2
    v = t.view(NORTH)
    assert v.turn_up == 26 and not v.turn_up_in_dealers_hand
    assert v.hand_sizes == {NORTH: 13, EAST: 0, SOUTH: 13, WEST: 0}
    assert v.to_play == NORTH and t.to_act() == NORTH  # TO-3: the non-dealer leads
    assert 26 not in CardSet(h.hands[SOUTH] | h.hands[NORTH])


def test_tov_1_and_tov_3_one_point_a_hand_five_for_game() -> None:
    """TOV-1: all thirteen tricks score one point; TOV-3: five such hands make the game, a
    treble; the deal alternates."""
    t = seated()
    for k in range(5):
        dealer = t.dealer
        assert dealer == (SOUTH if k % 2 == 0 else NORTH)
        # N holds H3..HA and D2, S the thirteen clubs; H2 is turned: N wins every trick, on
        # lead or trumping S's clubs.
        n, s = [*HEARTS[1:], 26], CLUBS
        t.apply(Deal(order=pack(n if dealer == SOUTH else s, s if dealer == SOUTH else n, 13)))
        finish_hand(t)
        hand = last_hand(t)
        assert hand["won"] == {"N": 13, "S": 0}
        assert hand["scored"] == [{"item": "tricks", "side": "N", "points": 1}]
        assert hand["score"]["N"] == k + 1
    g = t.games[0]
    assert g["winner"] == "N" and g["points"] == {"N": 5, "S": 0} and g["value"] == 3


def test_seven_tricks_score_one_point_no_honours() -> None:
    for seed in range(3):
        rec = auto(formed(ThirteenTable, 2), seed=seed).record()
        for g in rec["games"]:
            for hand in g["hands"]:
                points = [i["points"] for i in hand["scored"]]
                assert points == [1] or (points == [0] and max(hand["score"].values()) == 4)
                assert all(i["item"] == "tricks" for i in hand["scored"])
            assert len(g["hands"]) >= 5


def test_to_5_revoke_three_tricks() -> None:
    t = seated(laws=True)
    n = [*SPADES[1:], 13]  # N: S3..SA and H2
    s = [0, *HEARTS[1:]]  # S: S2 and H3..HA
    t.apply(Deal(order=pack(n, s, 26)))
    play(t, "SA")
    t.apply(Play(SOUTH, c("HA")))  # S holds S2: a revoke
    south_revoke_penalised(t)


def test_bad_input() -> None:
    t = seated()
    t.apply(Deal(order=pack(SPADES, HEARTS, 26)))
    before = snapshot(t)
    for action in (Play(EAST, c("D2")), Play(SOUTH, c("HA")), Play(NORTH, c("HA"))):
        with pytest.raises(ValueError):
            t.apply(action)
        assert snapshot(t) == before


def test_deal_irregularities_whist_laws() -> None:
    """TO-5: deal irregularities as at whist: a misdeal passes the deal (WL-4.2, here to the
    other player); a card the dealer exposes in dealing lets the adversary claim a new deal
    (WL-3.3), one the adversary shows of his own lets the dealer claim it (WL-3.4)."""
    t = seated(laws=True)
    t.apply(Deal(order=pack(SPADES, HEARTS, 26)))
    t.apply(ReportMisdeal(NORTH, "deal"))
    assert t.pending is not None and t.pending.electors == (NORTH,)
    t.apply(t.default_action())
    assert t.phase == "deal" and t.dealer == NORTH
    t.apply(Deal(order=pack(SPADES, HEARTS, 26)))
    with pytest.raises(InvalidActionError, match="cannot see"):
        t.apply(ReportExposed(SOUTH, 30))  # in the stock
    t.apply(ReportExposed(SOUTH, 0))  # S shows his own spade ace
    assert t.pending is not None and t.pending.electors == (NORTH,)
    assert (t.pending.rule, t.pending.options) == ("WL-3.4", ("stand", "redeal"))
    t.apply(Elect(NORTH, "stand"))
    t.apply(ReportExposed(SOUTH, 1, by=NORTH))  # the dealer turned S's king face up
    assert t.pending is not None and t.pending.electors == (SOUTH,)
    assert (t.pending.rule, t.pending.options) == ("WL-3.3", ("stand", "redeal"))
    t.apply(Elect(SOUTH, "redeal"))
    assert t.phase == "deal" and t.dealer == NORTH


def test_lead_out_of_turn() -> None:
    """WL-6.1 (as Humbug, D-H5): the adversary calls the card led in error, then has it played."""
    t = seated(laws=True)
    t.apply(Deal(order=pack(SPADES, HEARTS, 26)))
    t.apply(Play(SOUTH, c("HA")))  # N's lead
    assert t.pending is not None and t.pending.electors == (NORTH,)
    t.apply(Elect(NORTH, "call_card"))
    assert t.view(NORTH).penalty_cards == {SOUTH: CardSet([c("HA")])}
    play(t, "S2")
    assert CallCard(NORTH, SOUTH, c("HA")) in t.legal_actions(NORTH)
    t.apply(CallCard(NORTH, SOUTH, c("HA")))
    assert [a.card for a in t.legal_actions(SOUTH)] == [c("HA")]  # type: ignore[attr-defined]
    play(t, "HA")
    assert t.view(NORTH).penalty_cards == {}


def test_the_lowest_cutter_may_sit_north() -> None:
    """TO-1 with HU-1.2 (D-H0): Thirteen and the Odd is Humbug without the discard, the seats
    cut for alike: P1, lowest, deals first from North; the cards go to S first (TO-2)."""
    t = seated(seat=NORTH)
    assert t.roles() == {"N": "P1", "S": "P2"} and t.dealer == NORTH
    t.apply(Deal(order=tuple(range(52))))
    h = t.hand
    assert h is not None
    assert h.hands[SOUTH] == sum(1 << i for i in range(0, 26, 2))
    assert h.hands[NORTH] == sum(1 << i for i in range(1, 26, 2))
    assert t.to_act() == SOUTH  # TO-3: the non-dealer leads
    rec = auto(t, seed=4).record()
    (r,) = rec["rubbers"]
    assert r["roles"] == {"N": "P1", "S": "P2"}
    again = ThirteenTable.replay(t.config(), t.log_json())
    assert again.record() == rec
