"""Mort at the table: forming it, the tournée rotation (M-2.6), dealing (M-3), play, scoring."""

from __future__ import annotations

import random

import pytest

from vivant.actions import ChooseDeal, ChooseSeats, Cut, Deal, Play
from vivant.cards import EAST, NORTH, SOUTH, WEST, CardSet, card_name, parse_card
from vivant.deal import pack_for_hands
from vivant.variants import find_variant
from vivant.variants.mort import MortTable

from helpers import PLAYERS4, auto, formed_mort, mort_at, pbn_hands, play

# V holds every master; used where the outcome must be certain.
POWER = "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"


def test_find_variant_by_name_and_alias() -> None:
    assert find_variant("Mort") is MortTable
    assert find_variant("french dummy") is MortTable
    with pytest.raises(ValueError, match="unknown game 'piquet'"):
        find_variant("piquet")


def test_cutting_orders_the_table_and_ties_recut_among_themselves() -> None:
    t = MortTable(["A", "B", "C", "D"])
    # Cuts 3, 3, 3, K (TV-WL-1): only the three tied cut again.
    for player, card in enumerate(["S3", "H3", "D3", "CK"]):
        t.apply(Cut(player, parse_card(card)))
    assert t.phase == "cut"
    with pytest.raises(ValueError, match="player 3 does not cut now"):
        t.apply(Cut(3, parse_card("C2")))
    for player, card in [(0, "SQ"), (1, "SA"), (2, "S9")]:
        t.apply(Cut(player, parse_card(card)))
    assert [t.players[p] for p in t.order] == ["B", "C", "A", "D"]
    assert t.phase == "choose"


@pytest.mark.parametrize("n", [3, 4])
def test_mv15_rotation_follows_m26(n: int) -> None:
    t = auto(formed_mort(PLAYERS4[:n]))
    games = t.record()["games"]
    assert len(games) == n
    for k, g in enumerate(games):
        roles = g["roles"]
        assert roles["V"] == f"P{k + 1}"
        if n == 4:
            assert roles["R"] == f"P{(k + 1) % 4 + 1}"
            assert roles["L"] == f"P{(k + 2) % 4 + 1}"
            assert roles["out"] == f"P{(k + 3) % 4 + 1}"
            assert g["settlement"][roles["out"]] == 0
        else:
            # D-M2: the adversary who cut lower sits R.
            adversaries = sorted(p for p in PLAYERS4[:3] if p != roles["V"])
            assert [roles["R"], roles["L"]] == adversaries


def test_game_one_alternative_seating_for_four() -> None:
    t = formed_mort()
    with pytest.raises(ValueError, match="not an adversary"):
        t.apply(ChooseSeats(EAST, 0))
    t.apply(ChooseSeats(WEST, 2))
    assert t.seat_player(EAST) == "P3" and t.seat_player(WEST) == "P2"
    t.apply(ChooseDeal(NORTH, False))
    assert t.phase == "deal"


def test_mv16_dealers_cutters_and_leaders_of_a_game() -> None:
    t = formed_mort()
    assert t.cutter(NORTH) == WEST and t.cutter(EAST) == NORTH
    assert t.cutter(SOUTH) == EAST and t.cutter(WEST) == NORTH  # D-M4: V cuts for Mort
    # In every game the deal goes V, R, M, L from Vivant (or from Mort), the eldest leads.
    t = auto(formed_mort(), seed=11)
    order = "VRML"
    for g in t.record()["games"]:
        first = order.index(g["hands"][0]["dealer"])
        assert g["hands"][0]["dealer"] == "V"
        for i, hand in enumerate(g["hands"]):
            assert hand["dealer"] == order[(first + i) % 4]
            assert hand["tricks"][0]["leader"] == order[(first + i + 1) % 4]


def test_mv17_deal_for_mort() -> None:
    t = formed_mort()
    t.apply(ChooseSeats(EAST, 1))
    t.apply(ChooseDeal(NORTH, True))
    t.apply(Deal.from_seed(5))
    v = t.view(EAST)
    assert v.dealer == SOUTH
    assert v.to_play == WEST  # L leads
    assert t.view(EAST).extra["cutter"] == "R"
    # Mort shows fourteen cards: his thirteen, the turn-up among them, exposed to all.
    mort = v.exposed[SOUTH]
    assert len(mort) == 13 and v.turn_up in mort


def test_m32_vivant_deals_for_himself() -> None:
    t = mort_at(POWER, "SA")
    v = t.view(WEST)
    assert v.dealer == NORTH and v.to_play == EAST and v.trump == 0
    assert v.turn_up == parse_card("SA") and v.turn_up_in_dealers_hand
    assert v.extra["cutter"] == "L" and v.extra["still_pack"] == "R"
    # L sees Mort's hand and his own, never Vivant's or R's.
    assert set(v.exposed) == {SOUTH}
    assert v.hand == CardSet(pbn_hands(POWER)[WEST])


def test_vivant_plays_for_mort_and_mort_cannot_act() -> None:
    t = mort_at(POWER, "SA")
    play(t, "HJ")
    assert t.to_act() == NORTH
    assert all(isinstance(a, Play) and a.seat == SOUTH for a in t.legal_actions(NORTH))
    assert t.legal_actions(SOUTH) == []
    assert {card_name(a.card) for a in t.legal_actions(NORTH)} == {"H8", "H7", "H6"}  # type: ignore[attr-defined]


def test_slam_scores_twenty_and_leaves_the_game_score() -> None:
    """MV-6 at the table: a slam adds 20 to the sheet, no game points; the deal passes left."""
    t = mort_at(POWER, "SA")
    rng = random.Random(1)
    while t.hand is not None:
        seat = t.to_act()
        assert seat is not None
        t.apply(rng.choice(t.legal_actions(seat)))
    hand = t.hand_records[-1]
    assert hand["won"] == {"VM": 13, "LR": 0} and hand["slam"] == "VM"
    assert t.view(EAST).score == {"VM": 0, "LR": 0}
    assert t.view(EAST).extra["extras"] == {"VM": 20, "LR": 0}
    assert t.phase == "deal" and t.dealer == EAST


def test_game_is_played_to_five_with_the_last_hand_played_out() -> None:
    t = auto(formed_mort(), seed=3)
    for g in t.record()["games"]:
        points = g["points"]
        assert max(points.values()) >= 5
        marks = [h["markers"] for h in g["hands"] if not h.get("abandoned")]
        # No hand before the last ended the game.
        assert all(max(m.values()) < 5 for m in marks[:-1])
        assert marks[-1] == points
        for h in g["hands"]:
            assert len(h["tricks"]) == 13
            assert all(len(tr["cards"]) == 4 for tr in h["tricks"])


def test_pack_for_hands_rejects_impossible_deals() -> None:
    hands = pbn_hands(POWER)
    with pytest.raises(ValueError, match="turn-up"):
        pack_for_hands(hands, NORTH, parse_card("S2"))
    hands[0] ^= 1  # drop SA... a hand of twelve
    with pytest.raises(ValueError):
        pack_for_hands(hands, NORTH, parse_card("SK"))


def test_tv_wl_2_three_equal_cuts_after_a_lowest() -> None:
    """TV-WL-2: cuts 2, 9, 9, 9 — the 2 is lowest and is not cut again; only the three 9s re-cut,
    and their re-cut orders them among themselves (WL-1.4, D-G4)."""
    t = MortTable(["A", "B", "C", "D"])
    for player, card in enumerate(["H2", "S9", "H9", "D9"]):
        t.apply(Cut(player, parse_card(card)))
    with pytest.raises(ValueError, match="player 0 does not cut now"):
        t.apply(Cut(0, parse_card("C3")))
    for player, card in [(1, "CK"), (2, "C4"), (3, "C7")]:
        t.apply(Cut(player, parse_card(card)))
    assert [t.players[p] for p in t.order] == ["A", "C", "D", "B"]
    assert t.record()["games"] == [] and t.seat_player(NORTH) == "A"
