"""All Fours: every test vector of docs/rules/all-fours.md (AFV-1..AFV-29), and invariants over
random games of two, three and four players in strict and laws mode.

Positions are set up through public notation: the players cut named cards, the pack is dealt
from an explicit order (the hands in notation, the turn-up, the cards of each run), and the game
goes on by actions. Hands are given in rotation order from the dealer's left: eldest first,
dealer last. With the cuts below, two players sit N (eldest) and S (dealer); three N (eldest),
E (pone), S (dealer); four N (eldest), E (dealer's partner), S (pone), W (dealer).
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from typing import Any

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from server_helpers import card_mentions
from test_cli_play import BadThenRevokeThenLegal, scripted
from test_properties import assert_views_secret, check_cards_conserved, irregular_action
from vivant.actions import (
    CallCard,
    Cut,
    Deal,
    DealWrongly,
    Discard,
    Elect,
    Play,
    ReportExposed,
    ReportMisdeal,
)
from vivant.cards import SEAT_LETTERS, Card, CardSet, Seat, card_name, parse_card
from vivant.cli.duel import dd_loss, dd_note, dd_unit, duel
from vivant.errors import IllegalPlayError, InvalidActionError
from vivant.players import Player, RandomPlayer, step, who_acts
from vivant.players import all_fours as all_fours_player
from vivant.players.all_fours import card_values
from vivant.players.dd import DoubleDummyPlayer, solver_position
from vivant.players.heuristic import HeuristicPlayer
from vivant.scoring.all_fours import (
    HandPoints,
    PlayedTrick,
    RevokePenalty,
    count_points,
    game_count,
    gift_allowed,
    hand_points,
    revoke_penalty_points,
)
from vivant.server.analysis import hint, replay_card_values
from vivant.server.replay import _frame as replay_frame
from vivant.solver import Solver
from vivant.table import DEAL, EXCHANGE, PLAY
from vivant.variants import find_variant
from vivant.variants.all_fours import AllFoursHand, AllFoursTable

from helpers import attempt

N, E, S, W = 0, 1, 2, 3


def cards(text: str) -> list[Card]:
    return [parse_card(t) for t in text.split()]


def formed(n: int, *, laws: bool = False, **options: bool) -> AllFoursTable:
    """A table of ``n`` players P1..Pn who cut in that order, lowest first (ace high)."""
    t = find_variant("all-fours")([f"P{i + 1}" for i in range(n)], laws=laws, **options)
    assert isinstance(t, AllFoursTable)
    for i, c in enumerate(("S2", "S3", "S4", "S5")[:n]):
        t.apply(Cut(player=i, card=parse_card(c)))
    return t


def pack(
    t: AllFoursTable,
    hands: Sequence[str] = (),
    turn_up: str | None = None,
    runs: Sequence[tuple[Sequence[str] | None, str]] = (),
    avoid: str = "",
) -> Deal:
    """The pack order that deals ``hands`` (rotation order, six each) three at a time, turns up
    ``turn_up``, then deals each run's packets (three each; ``None``: any cards) and turns its
    card. Cards not named come from the rest of the pack, never from ``avoid``."""
    rot = t.rotation(t.dealer)
    named = set(cards(" ".join(hands))) | set(cards(" ".join(turned for _, turned in runs)))
    for packets, _ in runs:
        named |= set(cards(" ".join(packets or ())))
    named |= set(cards(avoid)) | set(cards(turn_up or ""))
    filler = [c for c in range(52) if c not in named]
    given_hands = [cards(h) for h in hands] or [[] for _ in rot]

    def take(explicit: list[Card], k: int) -> list[Card]:
        out = explicit[:k]
        while len(out) < k:
            out.append(filler.pop(0))
        return out

    order: list[Card] = []
    for r in range(2):
        for i in range(len(rot)):
            order += take(given_hands[i][3 * r : 3 * r + 3], 3)
    if not t.pitch:
        order.append(parse_card(turn_up) if turn_up else filler.pop(0))
    for packets, turned in runs:
        for i in range(len(rot)):
            order += take(cards(packets[i]) if packets else [], 3)
        order.append(parse_card(turned))
    order += filler + [c for c in cards(avoid) if c not in order]
    assert sorted(order) == list(range(52))
    return Deal(order=tuple(order))


def elect(t: AllFoursTable, option: str) -> None:
    assert t.pending is not None, "no decision is pending"
    t.apply(Elect(t.pending.electors[0], option))


def play(t: AllFoursTable, *names: str) -> None:
    for text in names:
        c = parse_card(text)
        assert t.hand is not None
        seat = next(s for s in range(4) if t.hand.hands[s] >> c & 1)
        t.apply(Play(seat, c))


def play_out(t: AllFoursTable, seed: int = 0) -> None:
    """Finish the hand with random correct play (and every choice by default)."""
    rng = random.Random(seed)
    start = len(t.hand_records)
    while len(t.hand_records) == start and not t.is_over():
        seat = t.to_act()
        assert seat is not None
        plays = [a for a in t.legal_actions(seat) if isinstance(a, Play)]
        t.apply(rng.choice(plays) if plays else t.default_action())


def last(t: AllFoursTable) -> dict[str, object]:
    return t.hand_records[-1]


def scores(t: AllFoursTable) -> dict[str, int]:
    return t.view(None).score


def bunch_with_jack(t: AllFoursTable, jack: str = "DJ") -> list[str]:
    """A deal whose turn-up is ``jack`` and whose every run turns the rejected suit again, until
    the pack runs out: the eldest begs, the dealer runs, the cards are bunched. Returns the
    events' kinds."""
    suit = jack[0]
    others = [f"{suit}{r}" for r in "23456789TQKA"]
    n = len(t.seats)
    runs = (52 - 6 * n - 1) // (3 * n + 1)
    turned = others[:runs]
    t.apply(pack(t, turn_up=jack, runs=[(None, c) for c in turned]))
    kinds: list[str] = []
    elect(t, "beg")
    assert t.pending is not None
    kinds += [e.kind for e in t.apply(Elect(t.pending.electors[0], "run"))]
    return kinds


AFV2_HANDS = ("CJ S9 S8 H7 H6 D5", "S7 S6 H5 H4 D4 D3")


# --- the test vectors ---------------------------------------------------------------------------


def test_afv1_game_counts_ace_4_king_3_ten_10_others_nothing() -> None:
    assert game_count(cards("SA HK DT C2")) == 17


@pytest.mark.parametrize("seed", range(8))
def test_afv2_one_card_makes_high_low_jack_and_game(seed: int) -> None:
    t = formed(2)
    t.apply(pack(t, AFV2_HANDS, "C2"))
    elect(t, "stand")
    assert t.hand is not None and t.hand.trump == 3
    play_out(t, seed)
    rec = last(t)
    (jack_trick,) = [tr for tr in rec["tricks"] if "CJ" in tr["cards"]]  # type: ignore[attr-defined]
    assert jack_trick["winner"] == "N"
    assert rec["counts"] == {"N": 1, "S": 0}
    assert (rec["high"], rec["low"], rec["jack"], rec["game"]) == ("N", "N", "N", "N")
    assert scores(t) == {"N": 4, "S": 0}


def gift_words(t: AllFoursTable) -> str:
    """The dealer gives: the words the table says it in (the narrator's, from the event)."""
    assert t.pending is not None
    (event,) = t.apply(Elect(t.pending.electors[0], "give"))[:1]
    return str(event.data["words"])


def test_afv3_two_players_the_gift_is_one_point_and_trumps_stay() -> None:
    t = formed(2)
    t.apply(pack(t, turn_up="H8"))
    elect(t, "beg")
    assert t.pending is not None and t.pending.options == ("give", "run")
    assert gift_words(t) == "gives a point to N"
    assert scores(t) == {"N": 1, "S": 0}
    assert t.phase == PLAY and t.hand is not None and t.hand.trump == 1


def test_afv4_three_players_the_gift_goes_to_each_adversary() -> None:
    """The terminal said "S (Ada) gives a point." and the score showed two points given: the
    words now say to whom."""
    t = formed(3)
    t.apply(pack(t, turn_up="H8"))
    elect(t, "beg")
    assert gift_words(t) == "gives a point to each adversary, N and E"
    assert scores(t) == {"N": 1, "E": 1, "S": 0}


def reach_dealer_six(t: AllFoursTable) -> None:
    """Six deals bunched after a turned Jack each: the dealer is at 6 (AF-1.6, D-AF10)."""
    for k in range(6):
        assert "bunched" in bunch_with_jack(t, ["DJ", "HJ", "SJ", "CJ"][k % 4])
    assert max(scores(t).values()) == 6


def test_afv5_eldest_at_six_begs_and_the_dealer_must_run() -> None:
    t = formed(2)
    reach_dealer_six(t)  # S, the dealer, at 6
    t.apply(pack(t, AFV2_HANDS, "C2"))
    elect(t, "stand")
    play_out(t)
    assert scores(t) == {"N": 4, "S": 6} and t.dealer == N  # the deal passed: S is eldest
    t.apply(pack(t, turn_up="H8"))
    elect(t, "beg")
    assert t.legal_actions(N) == [Elect(N, "run")]
    assert t.pending is not None and t.pending.rule == "AF-2.3"


def test_afv6_a_turned_jack_puts_the_dealer_out_before_play() -> None:
    t = formed(2)
    reach_dealer_six(t)
    t.apply(pack(t, turn_up="DJ"))
    assert t.is_over()
    game = t.record()["games"][0]
    assert game["winner"] == "S" and game["points"] == {"N": 0, "S": 7}
    assert game["hands"][-1]["tricks"] == []
    assert sum(game["settlement"].values()) == 0


def test_afv7_the_rejected_suit_is_laid_aside_and_hands_discarded_to_six() -> None:
    t = formed(2)
    t.apply(pack(t, turn_up="C5", runs=[(None, "C9"), (None, "H4")]))
    elect(t, "beg")
    assert t.pending is not None
    kinds: list[str] = [e.kind for e in t.apply(Elect(S, "run"))]
    assert kinds.count("laid_aside") == 1
    assert isinstance(t.hand, AllFoursHand) and t.hand.trump == 1
    assert t.hand.laid_aside == cards("C9")
    elect(t, "play")  # AF-2.6: neither proposes to bunch
    elect(t, "play")
    assert t.phase == EXCHANGE
    assert [t.hand.hands[s].bit_count() for s in (N, S)] == [12, 12]
    while t.phase == EXCHANGE:
        t.apply(t.default_action())
    assert t.phase == PLAY
    assert [t.hand.hands[s].bit_count() for s in (N, S)] == [6, 6]
    check_cards_conserved(t)


def test_afv8_low_scores_to_the_player_who_held_it_not_the_trick_winner() -> None:
    t = formed(2)
    t.apply(pack(t, ("H2 S3 S4 S5 S6 S7", "HA D2 D3 D4 D5 D6"), "HK"))
    elect(t, "stand")
    play(t, "H2", "HA")
    play_out(t)
    rec = last(t)
    assert rec["tricks"][0]["winner"] == "S"  # type: ignore[index]
    assert rec["low"] == "N" and rec["low_card"] == "H2" and rec["high"] == "S"


def test_afv9_a_tie_for_game_goes_to_the_eldest() -> None:
    tricks = [
        PlayedTrick(tuple(cards("ST SA")), (0, 1), 0),
        PlayedTrick(tuple(cards("HT HA")), (0, 1), 1),
    ]
    points = hand_points(tricks, 2, rotation=[0, 1])
    assert points.counts == (14, 14) and points.game == 0


def test_afv10_high_is_counted_before_low() -> None:
    points = HandPoints(high=1, low=0, jack=None, game=0, counts=(0, 0))
    out = count_points([6, 6], points)
    assert out.winner == 1 and out.scores == [6, 7]


@pytest.mark.parametrize("laws", [False, True])
def test_afv11_follow_suit_or_trump(laws: bool) -> None:
    t = formed(2, laws=laws)
    t.apply(pack(t, ("SK SQ SJ C2 C3 C4", "S4 H5 D9 C5 C6 C7"), "H8"))
    elect(t, "stand")
    play(t, "SK")
    legal = sorted(a.card for a in t.legal_actions(S) if isinstance(a, Play))
    assert legal == sorted(cards("H5 S4"))
    if not laws:
        with pytest.raises(IllegalPlayError, match="revoke"):
            t.apply(Play(S, parse_card("D9")))
    else:
        t.apply(Play(S, parse_card("D9")))
        assert t.hand is not None and [r.card for r in t.hand.revokes] == cards("D9")


def test_afv12_the_only_trump_is_high_and_low_and_its_ten_counts_for_game() -> None:
    tricks = [
        PlayedTrick(tuple(cards("CT S2")), (0, 1), 0),
        PlayedTrick(tuple(cards("SA SK")), (0, 1), 1),
    ]
    points = hand_points(tricks, 3, rotation=[0, 1])
    assert (points.high, points.low) == (0, 0)
    assert points.counts == (10, 7) and points.game == 0


def test_afv13_six_for_low_is_announced_and_kept_in_view() -> None:
    t = formed(4)
    hands = (
        "H9 SA SK SQ SJ ST",
        "H6 S9 S8 S7 S6 S5",
        "HK D9 D8 D7 D6 D5",
        "H8 C9 C8 C7 C6 C5",
    )
    t.apply(pack(t, hands, "HA", avoid="H2 H3 H4 H5"))
    elect(t, "stand")
    play(t, "H9")
    events = t.apply(Play(E, parse_card("H6")))
    assert [e.data for e in events if e.kind == "for_low"] == [
        {"seat": "E", "card": "H6", "words": 'announces "six for Low"'}
    ]
    assert t.view(W).extra["low"] == {"card": "H6", "seat": "E"}
    play(t, "HK", "H8")
    for seat in (N, E, S, W, None):
        assert t.view(seat).extra["low"] == {"card": "H6", "seat": "E"}
    play_out(t)
    assert last(t)["low"] == "EW" and last(t)["low_card"] == "H6"


def test_afv14_low_is_settled_by_the_record_of_who_played_it() -> None:
    tricks = [
        PlayedTrick(tuple(cards("H8 SA")), (0, 1), 1),
        PlayedTrick(tuple(cards("S2 H7")), (0, 1), 1),
    ]
    assert hand_points(tricks, 1, rotation=[0, 1]).low == 1


def test_afv15_revoke_without_the_jack_in_play_one_point_added() -> None:
    assert revoke_penalty_points(jack_in_play=False) == 1
    points = HandPoints(high=1, low=0, jack=None, game=0, counts=(8, 3))
    out = count_points([0, 5], points, [RevokePenalty(1, 0, 1, "add")], revokers={1})
    assert out.scores == [3, 6] and out.winner is None
    assert out.steps == [("high", 1, 1), ("low", 0, 1), ("game", 0, 1), ("revoke", 0, 1)]


def test_afv16_revoke_without_the_jack_in_play_one_point_deducted() -> None:
    points = HandPoints(high=1, low=0, jack=None, game=0, counts=(8, 3))
    out = count_points([0, 5], points, [RevokePenalty(1, 0, 1, "deduct")], revokers={1})
    assert out.scores == [2, 5]


def test_afv17_a_revoker_scores_neither_jack_nor_game_and_stops_at_six() -> None:
    assert revoke_penalty_points(jack_in_play=True) == 2
    points = HandPoints(high=0, low=0, jack=0, game=0, counts=(20, 3))
    out = count_points([6, 2], points, [RevokePenalty(0, 1, 2, "add")], revokers={0})
    assert out.scores == [6, 4] and out.winner is None


def test_afv18_three_players_each_non_revoker_takes_the_full_penalty() -> None:
    t = formed(3, laws=True)
    hands = ("SA SK HA D2 D3 D4", "S5 H9 HT D5 D6 D7", "S6 S7 H2 D8 D9 DT")
    t.apply(pack(t, hands, "C8", avoid="CJ"))
    elect(t, "stand")
    play(t, "SA", "H9")  # E holds S5 and neither follows nor trumps: a revoke
    play(t, "S6")
    play_out(t)
    while t.pending is not None and t.pending.kind == "revoke_penalty":
        elect(t, "add")
    rec = last(t)
    revokes = [m for m in rec["marked"] if m["point"] == "revoke"]  # type: ignore[attr-defined]
    assert revokes == [
        {"point": "revoke", "to": "N", "amount": 1},
        {"point": "revoke", "to": "S", "amount": 1},
    ]
    assert rec["jack"] is None
    assert rec["game"] != "E"


def test_afv19_discarded_trumps_are_out_of_play() -> None:
    t = formed(2)
    hands = ("HA H3 S2 S3 S4 S5", "H9 HJ H2 D2 D3 D4")
    t.apply(
        pack(t, hands, "C5", runs=[(("S6 S7 S8", "D5 D6 D7"), "H7")], avoid="HK HQ HT H8 H6 H5 H4")
    )
    elect(t, "beg")
    elect(t, "run")
    elect(t, "play")
    elect(t, "play")
    for c in ("S6", "S7", "S8"):
        t.apply(Discard(N, parse_card(c)))
    for c in ("HJ", "H2", "D7"):
        t.apply(Discard(S, parse_card(c)))
    assert t.phase == PLAY
    play_out(t)
    rec = last(t)
    assert (
        rec["jack"] is None and rec["high"] == "N" and rec["low"] == "N" and rec["low_card"] == "H3"
    )


def test_afv20_two_turned_jacks_score_twice_and_no_jack_is_in_play() -> None:
    t = formed(2)
    t.apply(pack(t, turn_up="DJ", runs=[(None, "CJ")]))
    assert scores(t) == {"N": 0, "S": 1}
    elect(t, "beg")
    elect(t, "run")
    assert scores(t) == {"N": 0, "S": 2}
    assert t.hand is not None and t.hand.trump == 3
    elect(t, "play")
    elect(t, "play")
    play_out(t)
    assert last(t)["jack"] is None


def test_afv21_the_dealer_cannot_give_when_either_adversary_would_go_out() -> None:
    assert not gift_allowed([2, 6, 0], receivers=[0, 1])
    assert gift_allowed([2, 5, 6], receivers=[0, 1])


def test_afv22_three_players_a_tie_goes_to_the_first_in_rotation() -> None:
    tricks = [
        PlayedTrick(tuple(cards("SA C2 D2")), (0, 1, 2), 0),
        PlayedTrick(tuple(cards("ST C3 D3")), (0, 1, 2), 1),
        PlayedTrick(tuple(cards("HT C4 D4")), (0, 1, 2), 2),
    ]
    points = hand_points(tricks, None, rotation=[0, 1, 2])
    assert points.counts == (4, 10, 10) and points.game == 1


def test_afv23_three_players_no_counting_card_gives_the_eldest_game() -> None:
    tricks = [PlayedTrick(tuple(cards("S2 S3 S4")), (0, 1, 2), 2)]
    assert hand_points(tricks, None, rotation=[0, 1, 2]).game == 0


def test_afv24_three_players_the_first_to_seven_in_the_count_wins() -> None:
    points = HandPoints(high=0, low=0, jack=1, game=1, counts=(0, 5, 0))
    out = count_points([5, 6, 0], points)
    assert out.winner == 0 and out.scores == [7, 6, 0]
    assert [s[0] for s in out.steps] == ["high", "low"]


@pytest.mark.parametrize(("n", "runs", "left"), [(2, 5, 4), (3, 3, 3), (4, 2, 1)])
def test_afv25_to_27_the_pack_runs_short_and_the_same_dealer_deals_afresh(
    n: int, runs: int, left: int
) -> None:
    t = formed(n)
    dealer = t.dealer
    t.apply(pack(t, turn_up="SJ" if n == 4 else "S9", runs=[]))  # the first deal stands
    elect(t, "stand")
    play_out(t)
    dealer = t.dealer
    before = scores(t)
    assert "bunched" in bunch_with_jack(t, "DJ")
    assert t.phase == DEAL and t.dealer == dealer and t.hand is None
    abandoned = t.hand_records[-1]
    assert abandoned["abandoned"] and len(abandoned["turned"]) == runs + 1
    assert 52 - (6 * n + 1) - runs * (3 * n + 1) == left
    party = t.party_names[t.party(dealer)]
    assert scores(t)[party] == before[party] + 1  # D-AF10: the turned Jack's point stands


def test_afv28_a_wrong_number_of_cards_new_deal_by_default() -> None:
    t = formed(2, laws=True)
    t.apply(pack(t, turn_up="H8"))
    t.apply(DealWrongly(N, 1))
    t.apply(ReportMisdeal(N, "wrong_number"))
    assert t.pending is not None and t.pending.options == ("new_deal", "draw", "stand")
    assert t.pending.electors == (N,) and t.default_action() == Elect(N, "new_deal")
    t.apply(t.default_action())
    assert t.phase == DEAL and t.dealer == S and t.hand is None


def test_afv28_a_wrong_number_of_cards_the_surplus_is_drawn_dead() -> None:
    t = formed(2, laws=True)
    t.apply(pack(t, turn_up="H8"))
    t.apply(DealWrongly(N, 1))
    assert t.hand is not None and t.hand.hands[N].bit_count() == 7
    t.apply(ReportMisdeal(N, "wrong_number"))
    elect(t, "draw")
    assert t.pending is not None and t.pending.electors == (S,) and len(t.pending.options) == 7
    t.apply(Elect(S, "3"))
    assert t.hand.hands[N].bit_count() == 6
    assert t.pending is not None and t.pending.kind == "beg"  # the deal goes on
    elect(t, "stand")
    check_cards_conserved(t)
    play_out(t)
    assert len(last(t)["tricks"]) == 6  # type: ignore[arg-type]


def test_afv29_four_players_an_exposed_card_stays_on_the_table_liable_to_be_called() -> None:
    t = formed(4, laws=True)
    hands = (
        "SA SK SQ SJ ST S9",
        "S5 H2 H3 H4 H6 H7",
        "D2 D3 D4 D5 D6 D7",
        "C2 C3 C4 C5 C6 C7",
    )
    t.apply(pack(t, hands, "D8"))
    elect(t, "stand")
    t.apply(Play(E, parse_card("S5")))  # E leads out of turn: taken back, exposed (D-AF12)
    assert t.hand is not None and t.hand.penalty_cards[E] == 1 << parse_card("S5")
    assert t.view(W).penalty_cards[E] == CardSet.parse("S5")
    play(t, "SA")  # N leads spades; E is to play and the adversaries may call S5
    calls = [a for a in t.legal_actions(S) if isinstance(a, CallCard)]
    assert calls == [CallCard(S, E, parse_card("S5"))]


def test_two_players_may_agree_to_bunch_a_new_trump() -> None:
    t = formed(2)
    t.apply(pack(t, turn_up="C5", runs=[(None, "H4")]))
    elect(t, "beg")
    elect(t, "run")
    elect(t, "bunch")
    assert t.pending is not None and t.pending.electors == (S,)
    elect(t, "agree")
    assert t.phase == DEAL and t.dealer == S


def test_the_pone_sees_his_cards_only_when_the_trump_is_settled() -> None:
    t = formed(3)
    t.apply(pack(t, turn_up="C5"))
    assert len(t.view(N).hand) == 6 and len(t.view(S).hand) == 6
    assert len(t.view(E).hand) == 0
    elect(t, "stand")
    assert len(t.view(E).hand) == 6


def test_pitch_the_first_card_led_fixes_trumps() -> None:
    t = formed(2, pitch=True)
    t.apply(pack(t, AFV2_HANDS))
    assert t.phase == PLAY and t.hand is not None and t.hand.trump is None
    play(t, "H7")
    assert t.hand.trump == 1
    play_out(t)
    assert last(t)["trump"] == "H"


def test_keep_nine_after_one_run() -> None:
    t = formed(3, keep_nine_after_one_run=True)
    t.apply(pack(t, turn_up="C5", runs=[(None, "H4")]))
    elect(t, "beg")
    elect(t, "run")
    assert t.phase == PLAY and t.hand is not None
    assert [t.hand.hands[s].bit_count() for s in t.seats] == [9, 9, 9]
    play_out(t)
    assert len(last(t)["tricks"]) == 9  # type: ignore[arg-type]


def test_rules_name_and_alias() -> None:
    assert find_variant("seven-up") is AllFoursTable
    assert "seed 002" in AllFoursTable.rules_summary()


def test_played_by_two_three_or_four() -> None:
    """AF-1.2: two or three each for himself, four in partnerships; the lobby and ``vivant play
    --players`` offer exactly these counts (they read ``info.player_counts``)."""
    info = AllFoursTable.info
    assert info.player_counts == (2, 3, 4) and info.default_players == 2
    for n in (2, 3, 4):
        t = AllFoursTable([f"P{i + 1}" for i in range(n)])
        assert len(t.party_names) == (2 if n == 4 else n)
    for n in (1, 5):
        with pytest.raises(InvalidActionError, match="played by two, three or four"):
            AllFoursTable([f"P{i + 1}" for i in range(n)])


# --- invariants ---------------------------------------------------------------------------------


def run_game(seed: int, n: int, laws: bool) -> AllFoursTable:
    """A whole game by random correct play; in laws mode with irregularities offered at random
    (a wrong number dealt, revokes, leads out of turn, two cards, deal reports): those the laws
    refuse leave the table unchanged. Cards are checked conserved before every card."""
    t = find_variant("all-fours")([f"P{i + 1}" for i in range(n)], laws=laws)
    assert isinstance(t, AllFoursTable)
    rng = random.Random(seed)
    while not t.is_over():
        if t.awaiting_chance():
            t.apply(t.chance_action(rng))
            if laws and t.hand is not None and rng.random() < 0.2:
                attempt(t, DealWrongly(rng.choice(t.seats), rng.choice([-1, 1])))
            continue
        seat = t.to_act()
        assert seat is not None
        if t.phase == PLAY and t.pending is None and t.hand is not None:
            check_cards_conserved(t)
            if laws and attempt(t, irregular_action(t, rng)):
                continue
        legal = t.legal_actions(seat)
        t.apply(rng.choice(legal) if legal else t.default_action())
    return t


@settings(max_examples=34, deadline=None)
@given(seed=st.integers(0, 2**32), n=st.sampled_from([2, 3, 4]), laws=st.booleans())
@example(seed=7, n=2, laws=False)
@example(seed=10, n=2, laws=True)
@example(seed=13, n=3, laws=False)
@example(seed=16, n=3, laws=True)
@example(seed=19, n=4, laws=False)
@example(seed=22, n=4, laws=True)
def test_game_invariants(seed: int, n: int, laws: bool) -> None:
    """Cards conserved (checked before every card by ``run``), six tricks of n cards a hand,
    points to seven and no more than five a deal without revokes (AF-4.9), zero-sum stakes, and
    replay through JSON exact."""
    t = run_game(seed, n, laws)
    rec = t.record()
    (game,) = rec["games"]
    assert max(game["points"].values()) == 7
    assert sum(game["settlement"].values()) == 0 and sum(rec["settlement"].values()) == 0
    for hand in game["hands"]:
        if hand.get("abandoned"):
            continue
        assert all(len(tr["cards"]) == n for tr in hand["tricks"])
        played = [c for tr in hand["tricks"] for c in tr["cards"]]
        assert len(set(played)) == len(played)
        if "marked" in hand and not any(m["point"] == "revoke" for m in hand["marked"]):
            per_party: dict[str, int] = {}
            for m in hand["marked"]:
                per_party[m["to"]] = per_party.get(m["to"], 0) + m["amount"]
            assert max(per_party.values(), default=0) <= 5
    again = type(t).replay(json.loads(json.dumps(t.config())), json.loads(json.dumps(t.log_json())))
    assert again.record() == rec
    assert [again.view(s).to_json() for s in (0, 1, 2, 3, None)] == [
        t.view(s).to_json() for s in (0, 1, 2, 3, None)
    ]


@settings(max_examples=9, deadline=None)
@given(seed=st.integers(0, 2**32), n=st.sampled_from([2, 3, 4]), laws=st.booleans())
@example(seed=7, n=2, laws=False)
@example(seed=10, n=2, laws=True)
@example(seed=13, n=3, laws=False)
@example(seed=16, n=3, laws=True)
@example(seed=19, n=4, laws=False)
@example(seed=22, n=4, laws=True)
def test_views_never_show_a_concealed_card(seed: int, n: int, laws: bool) -> None:
    assert_views_secret(run_game(seed, n, laws), limit=400)


def test_a_discard_is_face_down_to_everyone_but_its_maker() -> None:
    t = formed(2)
    t.apply(pack(t, turn_up="C5", runs=[(None, "H4")]))
    elect(t, "beg")
    elect(t, "run")
    elect(t, "play")
    elect(t, "play")
    seat = t.to_act()
    assert seat is not None
    action = t.default_action()
    assert isinstance(action, Discard)
    t.apply(action)
    other = next(s for s in t.seats if s != seat)
    assert t.action_seen_by(action, other) == {"type": "Discard", "seat": "NESW"[seat]}
    assert t.action_seen_by(action, seat) == action.to_json()
    assert t.view(seat).extra["discards"] == [action.to_json()["card"]]
    assert "discards" not in t.view(other).extra and "discards" not in t.view(None).extra


@pytest.mark.parametrize(("n", "least"), [(2, 60), (3, 45), (4, 70)])
def test_the_heuristic_player_plays_legally_and_beats_random_players(n: int, least: int) -> None:
    """Save the Ten, take the Jack, trump to protect Game: over 100 games (the heuristic side's
    seat rotating), it wins far more than its share (1/2, 1/3, 1/2 by chance). ``apply`` refuses
    any illegal choice, so every game played to its end was played legally."""
    wins = 0
    for g in range(100):
        names = [f"P{i + 1}" for i in range(n)]
        t = find_variant("all-fours")(names)
        ours = {nm for i, nm in enumerate(names) if (i % 2 == g % 2 if n == 4 else i == g % n)}
        players: dict[str, Player] = {
            nm: HeuristicPlayer(g) if nm in ours else RandomPlayer(g * 10 + i)
            for i, nm in enumerate(names)
        }
        rng = random.Random(g)
        while not t.is_over():
            step(t, players, rng)
        (game,) = t.record()["games"]
        wins += any(game["settlement"][nm] > 0 for nm in ours)
    assert wins >= least


@pytest.mark.parametrize(("n", "laws"), [(2, True), (3, False), (3, True), (4, False), (4, True)])
def test_a_person_plays_a_whole_game_in_the_terminal(n: int, laws: bool) -> None:
    """Typing a bad card, then a revoke (laws mode), then the first legal card, a person plays a
    whole game at the terminal; every choice is put to him in words."""
    typed, screen = scripted(
        BadThenRevokeThenLegal(), seed=5, seat=None, game="all-fours", players=n, laws=laws
    )
    assert "XX" in typed and "invalid card 'XX'" in screen
    assert "is over." in screen and "Score sheet" in screen
    assert "(seat=" not in screen


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32), n=st.sampled_from([2, 3, 4]))
def test_every_card_a_view_names_is_among_its_visible_cards(seed: int, n: int) -> None:
    """The secrecy oracles check messages against ``View.visible_cards``: it must hold every card
    the view names — the cards turned up and laid aside, a player's own discards included."""
    t = run_game(seed, n, laws=False)
    replayed = type(t).from_config(t.config())
    for action in t.log:
        replayed.apply(action)
        for seat in (*t.seats, None):
            view = replayed.view(seat)
            assert card_mentions(view.to_json()) <= set(view.visible_cards())


def test_an_adversarys_card_exposed_in_dealing_may_bring_a_new_deal_by_the_same_dealer() -> None:
    t = formed(3, laws=True)
    t.apply(pack(t, ("SA S2 S3 S4 S5 S6", "HA H2 H3 H4 H5 H6", "DA D2 D3 D4 D5 D6"), "C8"))
    # The eldest's own card (D-W11: reported by a player who sees it; the pone has not yet
    # looked at his cards, AF-2.1): an adversary's card, the dealer's adversary elects.
    t.apply(ReportExposed(N, parse_card("SA")))
    assert t.pending is not None and t.pending.electors == (N,)
    assert t.pending.options == ("stand", "redeal") and t.pending.default == "redeal"
    elect(t, "redeal")
    assert t.phase == DEAL and t.dealer == S
    t.apply(pack(t, ("SA S2 S3 S4 S5 S6", "HA H2 H3 H4 H5 H6", "DA D2 D3 D4 D5 D6"), "C8"))
    t.apply(ReportExposed(S, parse_card("DA")))  # the dealer's own card: the deal stands
    # (mypy keeps the options narrowed before the actions above: a stale narrowing)
    assert t.pending is not None and t.pending.options == ("stand",)  # type: ignore[comparison-overlap]
    elect(t, "stand")
    assert t.pending is not None and t.pending.kind == "beg"  # the eldest's choice is taken up


def test_the_exact_search_values_every_card_for_the_points() -> None:
    """On a known deal the Monte-Carlo player's search gives each card the points its side makes
    less the other's with the best play after it: with the only trump (AFV-2) every card is worth
    all four points; leading the two of trumps draws the ace and saves the Ten for Game."""
    t = formed(2)
    t.apply(pack(t, AFV2_HANDS, "C2"))
    elect(t, "stand")
    assert t.hand is not None
    found = card_values(t.view(N), list(t.hand.hands))
    assert found is not None and set(found[0].values()) == {4.0}
    t = formed(2)
    t.apply(pack(t, ("ST S2 D2 D3 D4 H2", "SA S3 C2 C3 C4 HA"), "H9"))
    elect(t, "stand")
    assert t.hand is not None
    found = card_values(t.view(N), list(t.hand.hands))
    assert found is not None
    values = {card_name(c): v for c, v in found[0].items()}
    assert max(values, key=values.__getitem__) == "H2" and values["H2"] == 1.0


def test_a_cards_dd_error_is_the_points_it_loses() -> None:
    """AF-4: tricks count only for the points in them, so the duel measures a card by the points
    it loses against the exact search, not the tricks: leading a diamond takes the most tricks
    (three, by the trick solver) and loses two points to leading the two of trumps."""
    t = formed(2)
    t.apply(pack(t, ("ST S2 D2 D3 D4 H2", "SA S3 C2 C3 C4 HA"), "H9"))
    elect(t, "stand")
    assert t.hand is not None
    view, hands = t.view(N), list(t.hand.hands)
    solver = Solver(16)
    tricks = solver.card_values(solver_position(view, hands))
    d2, h2 = parse_card("D2"), parse_card("H2")
    assert tricks[d2] == max(tricks.values()) > tricks[h2]
    assert dd_loss(view, hands, Play(N, d2), solver) == 2
    assert dd_loss(view, hands, Play(N, h2), solver) == 0
    assert dd_unit("all-fours") == "points" and dd_unit("mort") == "tricks"
    # The double-dummy player, shown the hands, plays for the points too.
    dd = DoubleDummyPlayer().attach(t)
    assert dd.choose(view, t.legal_actions(N)) == Play(N, h2)
    assert dd_note("all-fours").startswith("dd error: points lost per hand against the search")


def test_the_replays_analysis_gives_the_points_of_each_card() -> None:
    """The replay page's analysis of an All Fours position is the points search's, in its own
    words (not the trick solver's tricks for partnerships a game of three does not have)."""
    t = formed(2)
    t.apply(pack(t, ("ST S2 D2 D3 D4 H2", "SA S3 C2 C3 C4 HA"), "H9"))
    elect(t, "stand")
    assert t.hand is not None
    got = replay_card_values(t)
    assert got["seat"] == "N" and got["explains"].startswith("Points of High, Low, Jack and Game")
    assert got["values"] == {"S2": -1, "ST": -1, "H2": 1, "D2": -1, "D3": -1, "D4": -1}
    assert got["best"] == ["H2"]


def test_a_hint_before_the_search_says_from_when_it_searches() -> None:
    """At the first trick of three, beyond the points search's reach (twelve cards in all the
    hands), the hint is the maxims' card, and says from when the player samples: not "once a
    hand holds 13 cards or fewer" to a hand of six."""
    t = formed(3)
    t.apply(pack(t, ("SA S2 S3 S4 S5 S6", "HA H2 H3 H4 H5 H6", "DA D2 D3 D4 D5 D6"), "C8"))
    elect(t, "stand")
    seat = t.to_act()
    assert seat is not None and t.phase == PLAY
    got = hint(t, seat, 1)
    assert got["card"] is not None and got["tricks"] is None
    assert got["reach"] == (
        "once 12 cards or fewer are left in all the hands together (the last 4 tricks)"
    )


def test_the_replay_lays_open_a_hand_its_player_has_not_looked_at() -> None:
    """AF-2.1: before trumps are settled the third player has not looked at his cards, so his
    own view shows none; the replay of a finished sitting lays every hand open all the same, and
    names the hand not yet looked at."""
    t = formed(3)
    t.apply(pack(t, ("SA S2 S3 S4 S5 S6", "HA H2 H3 H4 H5 H6", "DA D2 D3 D4 D5 D6"), "C8"))
    assert t.hand is not None
    unseen = [SEAT_LETTERS[s] for s in t.seats if not t.view(s).hand]
    frame = replay_frame(t, 1, None, None)
    assert len(unseen) == 1 and frame["unlooked"] == unseen
    for s in t.seats:
        assert frame["hands"][SEAT_LETTERS[s]] == [card_name(c) for c in CardSet(t.hand.hands[s])]
    assert frame["hands"]["W"] == []
    elect(t, "stand")
    frame = replay_frame(t, 2, None, None)
    assert frame["unlooked"] == []
    assert all(len(frame["hands"][SEAT_LETTERS[s]]) == 6 for s in t.seats)


class _Exhaustive(all_fours_player._Search):
    """The search without its window: every card of every position searched (plain minimax)."""

    def value(self, leader: Seat, trick: Any, state: Any, window: tuple[int, int] = (-5, 5)) -> int:
        return super().value(leader, trick, state)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_windowed_search_values_every_card_as_plain_minimax(
    players: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Alpha-beta cuts the positions searched but not one card's value: at every card of
    heuristic sittings, within the search's reach, the values equal plain minimax's."""
    positions = pruned = exhaustive = 0
    for seed in range(4):
        t = formed(players)
        players_: dict[str, Player] = {f"P{i + 1}": HeuristicPlayer(seed) for i in range(players)}
        rng = random.Random(seed)
        while not t.is_over() and positions < 150:
            turn = who_acts(t)
            if t.phase == PLAY and t.hand is not None and turn is not None:
                view, hands = t.view(turn[0]), list(t.hand.hands)
                found = card_values(view, hands)
                if found is not None:
                    with monkeypatch.context() as m:
                        m.setattr(all_fours_player, "_Search", _Exhaustive)
                        plain = card_values(view, hands)
                    assert plain is not None and found[0] == plain[0]
                    positions, pruned, exhaustive = (
                        positions + 1,
                        pruned + found[1],
                        exhaustive + plain[1],
                    )
            step(t, players_, rng)
    assert positions >= 50 and pruned < exhaustive / 2


def test_the_duel_counts_all_fours_in_points_per_deal() -> None:
    result = duel("all-fours", "heuristic", "random", deals=12, seed=1)
    assert result.unit == "points"
    assert set(result.to_json()["a_minus_b"]) == {"points_per_deal", "ci95"}
    assert result.points["a"] + result.points["b"] > 0
