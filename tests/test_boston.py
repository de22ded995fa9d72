"""Boston: every test vector of docs/rules/boston.md (BOV-1..BOV-31), the tables of the rules file
read back as an independent oracle, and invariants over whole sittings in strict and laws mode.

Positions are set up through public notation: the players P1..P4 cut S2 S3 S4 S5, so that P1 sits
North and deals first (BO-1.3); East is then the eldest (A), South opposite the dealer (Y), West
the pone (B). Hands are dealt from explicit pack orders (``shuffle_each_deal`` lets every deal be
given), and the game goes on by actions.
"""

from __future__ import annotations

import copy
import json
import random
import re
from collections.abc import Mapping, Sequence
from pathlib import Path

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from test_properties import assert_views_secret, check_cards_conserved, irregular_action
from vivant.actions import (
    CallCard,
    Cut,
    CutPack,
    Deal,
    DealWrongly,
    DirectExposed,
    Discard,
    Elect,
    Play,
    ReportExposed,
    ReportMisdeal,
)
from vivant.cards import Card, Seat, card_name, cards_of, parse_card
from vivant.describe import Narrator
from vivant.errors import IllegalPlayError, InvalidActionError, OutOfTurnError, WrongSeatError
from vivant.players import Player, step
from vivant.players import boston as boston_player
from vivant.players.heuristic import HeuristicPlayer
from vivant.players.montecarlo import MonteCarloPlayer, estimate_words, reach_words
from vivant.scoring import boston as sc
from vivant.table import DEAL, DECLARE, EXCHANGE, OVER, PLAY
from vivant.variants import find_variant
from vivant.variants.boston import OFFER, TURN, BostonTable, preferences, sorted_cards

from helpers import attempt, snapshot

N, E, S, W = 0, 1, 2, 3
RULES = Path(__file__).parents[1] / "docs" / "rules" / "boston.md"


def cards(text: str) -> list[Card]:
    return [parse_card(t) for t in text.split()]


def formed(
    *, laws: bool = False, names: Sequence[str] = ("P1", "P2", "P3", "P4"), **options: object
) -> BostonTable:
    t = BostonTable(list(names), laws=laws, **options)  # type: ignore[arg-type]
    for i, c in enumerate(("S2", "S3", "S4", "S5")):
        t.apply(Cut(player=i, card=parse_card(c)))
    assert t.phase == OFFER and t.dealer == N
    return t


def deal_order(hands: Mapping[Seat, Sequence[Card]], dealer: Seat) -> list[Card]:
    """The pack order (after the cuts) that deals ``hands`` 4-4-5 from the dealer's left; seats
    not given get the cards left over, lowest first."""
    rest = [c for c in range(52) if not any(c in h for h in hands.values())]
    full = {s: list(hands.get(s, ())) for s in range(4)}
    for s in range(4):
        while len(full[s]) < 13:
            full[s].append(rest.pop(0))
    order: list[Card] = []
    taken = {s: 0 for s in range(4)}
    for n in (4, 4, 5):
        for k in range(1, 5):
            s = (dealer + k) % 4
            order += full[s][taken[s] : taken[s] + n]
            taken[s] += n
    return order


def cuts(t: BostonTable, dealer_depth: int = 4) -> None:
    """The pack offered round the table: the others decline, the dealer cuts last."""
    for k in range(1, 4):
        t.apply(CutPack((t.dealer + k) % 4, 0))
    t.apply(CutPack(t.dealer, dealer_depth))


def deal(
    t: BostonTable, hands: Mapping[Seat, Sequence[Card]], turned: str = "H9", depth: int = 4
) -> None:
    """Cut and deal ``hands`` from a pack given in full, then turn ``turned`` from the still
    pack given in full (the table must have ``shuffle_each_deal``)."""
    cuts(t, depth)
    dealt = deal_order(hands, t.dealer)
    t.apply(Deal(order=tuple(dealt[-depth:] + dealt[:-depth])))
    top = parse_card(turned)
    assert t.phase == DEAL
    t.apply(Deal(order=(top, *[c for c in range(52) if c != top])))
    assert t.phase == TURN
    t.apply(CutPack((t.dealer + 2) % 4, 0))
    assert t.phase == DECLARE


def calls(t: BostonTable, *options: str) -> None:
    for o in options:
        seat = t.to_act()
        assert seat is not None
        t.apply(Elect(seat, o))


def advance(t: BostonTable, rng: random.Random) -> None:
    """One move: chance, the customary choice, or the first legal card."""
    if t.awaiting_chance():
        t.apply(t.chance_action(rng))
        return
    seat = t.to_act()
    assert seat is not None
    t.apply(
        t.legal_actions(seat)[0] if t.phase == PLAY and t.pending is None else t.default_action()
    )


def play_first_legal(t: BostonTable) -> None:
    while t.phase == PLAY and t.pending is None:
        seat = t.to_act()
        assert seat is not None
        t.apply(t.legal_actions(seat)[0])


# --- the tables of the rules file as an oracle ---------------------------------------------------


def rules_table(title: str) -> dict[int, dict[int, int]]:
    """A table of boston.md under the line starting ``title``: row by bid, column header to
    value."""
    lines = RULES.read_text().splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(title))
    rows = [line for line in lines[start + 1 :] if line.startswith("|")][:11]
    head = [x.strip() for x in rows[0].strip("|").split("|")]
    out: dict[int, dict[int, int]] = {}
    for row in rows[2:]:
        cells = [x.strip() for x in row.strip("|").split("|")]
        out[int(cells[0])] = {
            int(h): int(v) for h, v in zip(head[1:], cells[1:], strict=False) if v.isdigit()
        }
    return out


def test_the_win_and_loss_tables_are_the_rules_files() -> None:
    win = rules_table("Win table W(bid, tricks taken)")
    decimal = rules_table("Loss table, decimal (default)")
    original = rules_table("Loss table, original (flag)")
    assert sorted(win) == list(range(5, 14)) == sorted(decimal) == sorted(original)
    for bid in range(5, 14):
        assert {t: sc.win_value(bid, t) for t in range(bid, 14)} == win[bid]
        assert {k: sc.loss_value(bid, k) for k in range(1, bid + 1)} == decimal[bid]
        assert {k: sc.loss_value(bid, k, original=True) for k in range(1, bid + 1)} == original[bid]


def test_impossible_cells_are_refused() -> None:
    for bad in ((5, 4), (4, 5), (13, 14)):
        with pytest.raises(ValueError, match="not made"):
            sc.win_value(*bad)
    with pytest.raises(ValueError, match="cannot be"):
        sc.loss_value(5, 6)


# --- the vectors ---------------------------------------------------------------------------------


def test_bov1_the_turned_card_makes_the_preferences() -> None:
    first, second, plain = preferences(parse_card("H9"))
    assert (first, second, plain) == (1, 2, (0, 3))  # ♥ first, ♦ second, ♠ ♣ plain


def rank(name: str) -> tuple[int, int]:
    return sc.BIDS_BY_NAME[name].rank()


def test_bov2_bov3_bov16_the_ladder_and_the_suit_classes() -> None:
    assert rank("seven-pref") < rank("little-misere") < rank("eight-plain")  # BOV-2
    assert rank("six-plain") < rank("six-colour") < rank("six-pref")  # BOV-3
    assert rank("boston-plain") < rank("boston-colour") < rank("boston-pref")  # BOV-16
    ladder = [b.name() for b in sc.ALL_BIDS]
    assert ladder.index("grand-misere") == ladder.index("nine-pref") + 1
    assert ladder[-4:] == ["grand-spread", "slam-plain", "slam-colour", "slam-pref"]
    assert len(ladder) == 9 * 3 + 4


def test_bov4_bov5_the_loss_tables() -> None:
    assert sc.trick_bid_value(8, 6) == -35 and 3 * 35 == 105
    assert sc.trick_bid_value(8, 6, original=True) == -34
    assert sc.trick_bid_value(5, 4) == -10 and sc.trick_bid_value(13, 0) == -450


def test_bov6_misere_values() -> None:
    assert sc.single_payments(E, sc.MISERE_VALUES["little-misere"]) == (-20, 60, -20, -20)
    assert sc.single_payments(E, -sc.MISERE_VALUES["grand-spread"]) == (160, -480, 160, 160)


@pytest.mark.parametrize(
    ("tricks", "expected"),
    [
        ((4, 3, 3, 3), (-30, 10, 10, 10)),  # BOV-7: 3 red = 4*4 - 13
        ((7, 2, 2, 2), (-150, 50, 50, 50)),  # BOV-8: 15 red = 4*7 - 13
        ((4, 4, 3, 2), (-30, -30, 20, 40)),  # BOV-17: nothing between the two 4s
    ],
)
def test_bov7_bov8_bov17_misere_partout(tricks: tuple[int, ...], expected: tuple[int, ...]) -> None:
    assert sc.partout_payments(tricks) == expected
    assert sum(expected) == 0


def test_bov12_to_bov15_the_win_table_with_over_tricks() -> None:
    assert sc.win_value(7, 7) * 3 == 54  # BOV-12
    assert sc.win_value(5, 8) * 3 == 39  # BOV-13
    assert sc.win_value(6, 12) * 3 == 60  # BOV-14
    assert (sc.win_value(13, 13), sc.win_value(10, 11)) == (170, 45)  # BOV-15


def test_bov9_the_deal_is_four_four_five_from_the_dealers_left_no_trump_turned() -> None:
    t = formed()
    cuts(t, dealer_depth=4)
    order = list(range(52))
    t.apply(Deal(order=tuple(order)))
    dealt = order[4:] + order[:4]  # the dealer's cut
    h = t.hand
    assert h is not None and h.trump is None and h.turn_up is None
    rounds = [(E, 0, 4), (S, 4, 8), (W, 8, 12), (N, 12, 16)]
    rounds += [(E, 16, 20), (S, 20, 24), (W, 24, 28), (N, 28, 32)]
    rounds += [(E, 32, 37), (S, 37, 42), (W, 42, 47), (N, 47, 52)]
    expect = [0, 0, 0, 0]
    for seat, a, b in rounds:
        for c in dealt[a:b]:
            expect[seat] |= 1 << c
    assert h.hands == expect
    assert t.phase == DEAL  # the still pack is used for the first time: its order comes next
    t.apply(Deal(order=tuple(range(51, -1, -1))))
    t.apply(CutPack(S, 10))  # Y cuts the still pack; A turns the top card
    turned = list(range(51, -1, -1))[10]
    assert t.view(None).extra["preference"] == {
        "rank": card_name(turned)[1],
        "first": card_name(turned)[0],
        "second": "SHDC"[preferences(turned)[1]],
    }
    assert t.phase == DECLARE and t.to_act() == E


def test_bov10_the_dealer_did_not_cut_misdeal_forfeit_and_the_same_pack_again() -> None:
    t = formed(laws=True)
    assert t.pool_counters == 5
    for k in (E, S, W):
        t.apply(CutPack(k, 0))
    t.apply(CutPack(N, 0))  # the dealer does not cut
    t.apply(Deal(order=tuple(range(52))))
    assert t.hand is None and t.phase == OFFER and t.dealer == N
    assert t.pool_counters == 15 and t.totals["P1"] == -15
    rec = t.hand_records[-1]
    assert rec["abandoned"] and rec["irregularities"][0]["election"] == "not_cut"
    # The same pack, gathered from the sorted hands in rotation from the eldest (BO-2.6).
    dealt = list(range(52))
    hands = {s: 0 for s in range(4)}
    i = 0
    for n in (4, 4, 5):
        for s in (E, S, W, N):
            for c in dealt[i : i + n]:
                hands[s] |= 1 << c
            i += n
    expect = [c for s in (E, S, W, N) for c in sorted_cards(hands[s])]
    assert t.packs[0] == expect
    cuts(t)
    assert t.phase == DEAL and t.chance_action(random.Random(1)) == Deal(order=tuple(expect))
    with pytest.raises(InvalidActionError, match="not shuffled between deals"):
        t.apply(Deal(order=tuple(range(52))))
    t.apply(Deal(order=tuple(expect)))
    assert t.hand is not None and t.pool_counters == 15  # no second stake


def test_the_dealer_who_does_not_offer_the_pack_misdeals() -> None:
    t = formed(laws=True)
    t.apply(CutPack(E, 0))
    t.apply(CutPack(N, 8))  # the dealer cuts before S and W had the pack
    t.apply(Deal(order=tuple(range(52))))
    assert t.hand is None and t.hand_records[-1]["irregularities"][0]["election"] == "not_offered"
    assert t.pool_counters == 15


def test_strict_mode_refuses_the_dealers_omissions_and_bad_cuts() -> None:
    t = formed()
    with pytest.raises(WrongSeatError, match="E cuts now, not N"):
        t.apply(CutPack(N, 8))
    for k in (E, S, W):
        t.apply(CutPack(k, 0))
    with pytest.raises(InvalidActionError, match=r"BO-2\.4"):
        t.apply(CutPack(N, 0))
    with pytest.raises(InvalidActionError, match="4 to 48"):
        t.apply(CutPack(N, 3))
    assert t.cuts == [(E, 0), (S, 0), (W, 0)]


def test_bov11_a_passed_player_may_bid_only_misere() -> None:
    t = formed(shuffle_each_deal=True)
    deal(t, {})
    calls(t, "pass", "seven-pref", "pass", "pass")  # E (A) passes; S bids seven; W, N pass
    assert t.phase == DECLARE and t.to_act() == E
    with pytest.raises(InvalidActionError, match="only a misère"):
        t.apply(Elect(E, "eight-plain"))
    t.apply(Elect(E, "grand-misere"))
    assert t.hand is not None and t.hand.notes["calls"][-1] == (E, "grand-misere")
    with pytest.raises(InvalidActionError, match="does not outrank grand misère"):
        t.apply(Elect(S, "eight-pref"))  # S never passed, but eight is below grand misère


def test_bov18_the_auction_of_the_rules_file() -> None:
    t = formed(shuffle_each_deal=True)
    deal(t, {})
    # A pass, Y pass, B pass, Z "Boston", A little misère, Y pass, B pass, Z eight, A grand
    # misère, Y pass, B pass, Z pass.
    calls(t, "pass", "pass", "pass", "boston-plain", "little-misere", "pass", "pass")
    calls(t, "eight-plain", "grand-misere", "pass", "pass")
    assert t.phase == DECLARE
    calls(t, "pass")
    assert t.hand is not None and t.hand.notes["bidder"] == E
    assert t.hand.notes["bid"] == "grand-misere" and t.hand.trump is None  # BO-5.4
    assert t.phase == PLAY and t.to_act() == E


def test_bov19_four_passes_make_misere_partout() -> None:
    t = formed(shuffle_each_deal=True)
    deal(t, {})
    calls(t, "pass", "pass", "pass", "pass")
    assert t.hand is not None and t.hand.notes["bid"] == "misere-partout"
    assert t.phase == PLAY and t.hand.trump is None and t.to_act() == E
    play_first_legal(t)
    (hand,) = [h for h in t.hand_records if not h.get("abandoned")]
    won = hand["won"]
    assert hand["payments"] == dict(
        zip("NESW", sc.partout_payments([won[r] for r in "NESW"]), strict=True)
    )
    assert t.pool_counters == 10  # neither won nor doubled (D-BO9 e); the next dealer's 5


def test_a_trick_bid_is_called_in_two_steps_or_in_one() -> None:
    """At most fourteen choices at a time: the number, then the suit class open at it."""
    t = formed(shuffle_each_deal=True)
    deal(t, {})
    options = [a.to_json()["option"] for a in t.legal_actions(E)]
    assert options[:4] == ["pass", "boston", "six", "seven"] and len(options) == 14
    t.apply(Elect(E, "six"))
    assert t.to_act() == E
    assert [a.to_json()["option"] for a in t.legal_actions(E)] == ["plain", "colour", "pref"]
    with pytest.raises(InvalidActionError, match="not a call"):
        t.apply(Elect(E, "trumps"))
    t.apply(Elect(E, "colour"))
    assert t.to_act() == S
    t.apply(Elect(S, "six"))
    assert [a.to_json()["option"] for a in t.legal_actions(S)] == ["pref"]
    t.apply(Elect(S, "pref"))
    t.apply(Elect(W, "seven-plain"))
    assert t.hand is not None and t.hand.notes["calls"] == [
        (E, "six-colour"),
        (S, "six-pref"),
        (W, "seven-plain"),
    ]


def test_the_plain_bidder_names_his_trump() -> None:
    t = formed(shuffle_each_deal=True)
    deal(t, {}, turned="H9")
    calls(t, "six-plain", "pass", "pass", "pass")
    assert t.to_act() == E and [a.to_json()["option"] for a in t.legal_actions(E)] == ["S", "C"]
    with pytest.raises(InvalidActionError, match="plain suits: S or C"):
        t.apply(Elect(E, "H"))
    t.apply(Elect(E, "C"))
    assert t.hand is not None and t.hand.trump == 3 and t.phase == PLAY


def test_the_calls_the_trump_and_the_discards_are_declared_decisions() -> None:
    """The auction (BO-4.1), the plain bidder's trump (D-BO3) and the discards of a little
    misère (BO-5.2) are declared decisions: one due at a time, its deciders, options and
    default (D-G2) read by the machinery, an answer from another seat refused in the decision's
    words with the table unchanged."""
    assert {"_call_bid", "_name_plain_trump", "_discard"} <= {
        d.name for d in BostonTable.decisions()
    }
    t = formed(shuffle_each_deal=True)
    deal(t, {}, turned="H9")
    due = t.decision_due()
    assert due is not None and (due[0].name, tuple(due[1])) == ("_call_bid", (E,))
    assert t.default_action() == Elect(E, "pass") == t.legal_actions(E)[0]
    assert all(t.legal_actions(s) == [] for s in (N, S, W))
    before = snapshot(t)
    with pytest.raises(WrongSeatError, match=r"it is E's call, not S's"):
        t.apply(Elect(S, "pass"))
    assert snapshot(t) == before
    calls(t, "six-plain", "pass", "pass", "pass")
    due = t.decision_due()
    assert due is not None and (due[0].name, tuple(due[1])) == ("_name_plain_trump", (E,))
    assert t.default_action() == Elect(E, "S")  # D-BO19 d: the first plain suit, ♠ ♥ ♦ ♣
    with pytest.raises(WrongSeatError, match="names the trump, not"):
        t.apply(Elect(N, "S"))
    t.apply(t.default_action())
    assert t.hand is not None and t.hand.trump == 0 and t.decision_due() is None

    t = formed(shuffle_each_deal=True)
    deal(t, {})
    calls(t, "little-misere", "pass", "pass", "pass")
    for seat in (E, S, W, N):  # in rotation from the eldest (D-BO16)
        due = t.decision_due()
        assert due is not None and (due[0].name, tuple(due[1])) == ("_discard", (seat,))
        h = t.hand
        assert h is not None
        assert t.default_action() == Discard(seat, sorted_cards(h.hands[seat])[-1])
        assert len(t.legal_actions(seat)) == 13
        other = (seat + 1) % 4
        before = snapshot(t)
        with pytest.raises(WrongSeatError, match="discards now, not"):
            t.apply(Discard(other, cards_of(h.hands[other])[0]))
        assert snapshot(t) == before
        t.apply(t.default_action())
    assert t.phase == PLAY and t.decision_due() is None and t.hand is not None
    with pytest.raises(InvalidActionError, match="no discard is due now"):
        t.apply(Discard(E, cards_of(t.hand.hands[E])[0]))


def test_a_slam_in_preference_is_made_and_takes_the_pool() -> None:
    """BO-6.1, D-BO9 c: the eldest holding every spade, spades first preference."""
    t = formed(shuffle_each_deal=True)
    deal(t, {E: cards("SA SK SQ SJ ST S9 S8 S7 S6 S5 S4 S3 S2")}, turned="S9")
    calls(t, "slam-pref", "pass", "pass", "pass")
    assert t.hand is not None and t.hand.trump == 0
    play_first_legal(t)
    hand = t.hand_records[-1]
    assert hand["won"]["E"] == 13
    assert hand["payments"] == {"N": -170, "E": 510, "S": -170, "W": -170}
    assert t.totals["P2"] == 510 + 5 - 5  # the pool of five; then his stake as the next dealer
    assert t.totals["P1"] == -170 - 5 and t.pool_counters == 5 and t.dealer == E


def test_bov20_the_pool_grows_by_stakes_and_failures_and_is_taken() -> None:
    """The pool arithmetic of BOV-20 (D-BO9): 0 + 5; a failure of six by two doubles it to 10;
    the next dealer's 5 makes 15, which a success takes; the next dealer's 5."""
    pool = 5
    pool, paid = sc.pool_after(pool, won=False)
    assert (pool, paid) == (10, -5) and sc.trick_bid_value(6, 4) == -25
    pool, paid = sc.pool_after(pool + 5, won=True)
    assert (pool, paid) == (0, 15) and sc.trick_bid_value(5, 6) == 12
    assert pool + 5 == 5


def test_bov21_a_lead_before_the_discards_lets_the_misere_bidder_claim() -> None:
    t = formed(laws=True, shuffle_each_deal=True)
    deal(t, {})
    calls(t, "little-misere", "pass", "pass", "pass")
    assert t.phase == EXCHANGE
    t.apply(t.default_action())  # A (E) discards
    t.apply(t.default_action())  # Y (S) discards
    h = t.hand
    assert h is not None
    t.apply(Play(S, cards_of(h.hands[S])[0]))  # Y leads before B has discarded
    assert t.pending is not None and t.pending.kind == "misere_claim"
    assert t.pending.electors == (E,) and t.pending.default == "claim"
    t.apply(Elect(E, "claim"))
    hand = t.hand_records[-1]
    assert hand["payments"] == {"N": -20, "E": 60, "S": -20, "W": -20}
    assert t.totals["P2"] == 60 + 5 - 5  # the pool; then his stake as the next dealer
    assert t.pool_counters == 45  # Y's 40 toward the next pool and the next dealer's 5
    assert t.totals["P3"] == -20 - 40


def revoke_deal(t: BostonTable) -> None:
    """E (A) holds eleven spades (trumps) and H2 H3; S holds HA HK HQ and the other two spades;
    W two hearts; N the other six."""
    deal(
        t,
        {
            E: cards("SA SK SQ SJ ST S9 S8 S7 S6 S5 S4 H2 H3"),
            S: cards("HA HK HQ S3 S2 D2 D3 D4 C2 C3 C4 D5 C5"),
            W: cards("H4 H5 D6 D7 D8 D9 DT DJ DQ DK DA C6 C7"),
        },
        turned="S9",
    )


def play_revoke_hand(t: BostonTable, revoker: Seat) -> None:
    """E leads H2; S wins with HA and leads HK; ``revoker`` discards a spade holding a heart."""
    h = t.hand
    assert h is not None
    t.apply(Play(E, parse_card("H2")))
    for s in (S, W, N):
        t.apply(t.legal_actions(s)[-1] if s != S else Play(S, parse_card("HA")))
    assert h.tricks[-1].winner == S
    t.apply(Play(S, parse_card("HK")))
    for s in (W, N, E):
        hearts = [c for c in cards_of(h.hands[s]) if c // 13 == 1]
        if s == revoker:
            other = next(c for c in cards_of(h.hands[s]) if c // 13 != 1)
            assert hearts
            t.apply(Play(s, other))
        else:
            t.apply(t.legal_actions(s)[0])
    play_first_legal(t)


def test_bov23_the_bidder_revokes_three_tricks_are_taken_from_him() -> None:
    t = formed(laws=True, shuffle_each_deal=True)
    revoke_deal(t)
    calls(t, "ten-pref", "pass", "pass", "pass")
    play_revoke_hand(t, E)
    hand = t.hand_records[-1]
    taken = hand["won"]["E"]
    count = max(0, taken - 3)
    (revoke,) = hand["irregularities"]
    assert (revoke["kind"], revoke["rule"], revoke["offender"]) == ("revoke", "D-BO13", "E")
    expect = sc.trick_bid_value(10, count)
    assert hand["payments"]["E"] == 3 * expect and expect < 0
    assert t.pool_counters == 10 + 5  # the pool of 5 doubled, then the next dealer's 5


def test_bov24_an_adversary_revokes_three_tricks_are_added_to_the_bidder() -> None:
    t = formed(laws=True, shuffle_each_deal=True)
    revoke_deal(t)
    calls(t, "slam-pref", "pass", "pass", "pass")
    play_revoke_hand(t, N)
    hand = t.hand_records[-1]
    taken = hand["won"]["E"]
    assert taken < 13
    count = min(13, taken + 3)
    assert hand["payments"]["E"] == 3 * sc.trick_bid_value(13, count)


def test_bov22_a_revoke_in_misere_partout() -> None:
    t = formed(laws=True, shuffle_each_deal=True)
    revoke_deal(t)
    calls(t, "pass", "pass", "pass", "pass")
    play_revoke_hand(t, W)
    hand = t.hand_records[-1]
    assert hand["payments"] == {"N": 50, "E": 50, "S": 50, "W": -150}
    assert t.pool_counters == 5 + 40 + 5  # the pool untouched, W's 4 red, the next dealer's 5


def test_bov25_an_adversary_revokes_against_grand_misere() -> None:
    t = formed(laws=True, shuffle_each_deal=True)
    revoke_deal(t)
    calls(t, "grand-misere", "pass", "pass", "pass")
    play_revoke_hand(t, N)
    hand = t.hand_records[-1]
    assert hand["payments"] == {"N": -40, "E": 120, "S": -40, "W": -40}
    assert t.totals["P2"] == 120 + 5 - 5 and t.pool_counters == 40 + 5


def test_bov26_an_adversary_short_pays_the_bid_made() -> None:
    t = formed(laws=True, shuffle_each_deal=True)
    deal(t, {E: cards("SA SK SQ SJ ST S9 S8 S7 S6 S5 S4 S3 S2")}, turned="S9")
    t.apply(DealWrongly(S, -1))  # Y was dealt one card too few (W has it)
    calls(t, "six-pref", "pass", "pass", "pass")
    play_first_legal(t)
    hand = t.hand_records[-1]
    assert hand["won"]["E"] == 12  # the hand ends when Y's is empty (D-BO19)
    assert hand["payments"]["E"] == 3 * sc.win_value(6, 12)
    assert t.pool_counters == 5  # taken, then the next dealer's 5


def test_bov27_the_bidder_short_is_put_in() -> None:
    t = formed(laws=True, shuffle_each_deal=True)
    deal(t, {E: cards("SA SK SQ SJ ST S9 S8 S7 S6 S5 S4 S3 S2")}, turned="S9")
    t.apply(DealWrongly(E, -1))  # E gives his lowest card (the ace of spades, sorted first) away
    calls(t, "slam-pref", "pass", "pass", "pass")
    play_first_legal(t)
    hand = t.hand_records[-1]
    assert hand["payments"]["E"] == 3 * sc.trick_bid_value(13, min(hand["won"]["E"], 12))
    assert hand["payments"]["E"] < 0 and t.pool_counters == 10 + 5


def test_bov28_a_short_player_in_misere_partout_forfeits_five_red_to_each() -> None:
    t = formed(laws=True, shuffle_each_deal=True)
    deal(t, {})
    t.apply(DealWrongly(W, 1))  # N gives W one card: N is short
    calls(t, "pass", "pass", "pass", "pass")
    play_first_legal(t)
    hand = t.hand_records[-1]
    assert hand["payments"] == {"N": -150, "E": 50, "S": 50, "W": 50}
    assert t.pool_counters == 10


def test_bov29_a_wrong_number_before_the_opening_lead_is_a_misdeal() -> None:
    t = formed(laws=True, shuffle_each_deal=True)
    deal(t, {})
    with pytest.raises(InvalidActionError, match="right number"):
        t.apply(ReportMisdeal(E, "wrong_number"))
    t.apply(DealWrongly(E, 1))  # A 14, Y 12
    t.apply(ReportMisdeal(S, "wrong_number"))
    assert t.hand is None and t.phase == OFFER and t.dealer == N
    assert t.pool_counters == 15 and t.totals["P1"] == -15


def test_bov30_a_little_spread_is_laid_face_up_after_the_first_card() -> None:
    t = formed(shuffle_each_deal=True)
    deal(t, {})
    calls(t, "pass", "little-spread", "pass", "pass", "pass")
    for _ in range(4):
        t.apply(t.default_action())
    h = t.hand
    assert h is not None and t.phase == PLAY and t.to_act() == E
    spread = h.hands[S]
    assert not any(f'"{card_name(c)}"' in json.dumps(t.view(N).to_json()) for c in cards_of(spread))
    t.apply(t.legal_actions(E)[0])  # A leads trick 1
    for seat in (N, E, W, None):
        view = t.view(seat)
        assert view.exposed[S].mask == h.hands[S] and h.hands[S].bit_count() == 12
        # The spread bidder's discard stays face down.
        (hidden,) = cards_of(h.notes["discards"][S])
        assert f'"{card_name(hidden)}"' not in json.dumps(view.to_json())
    assert t.view(S).extra["discards"]


def test_cards_exposed_in_dealing() -> None:
    """BO-2.5: the dealer's own card exposed does not spoil the deal; another's exposed by the
    dealer, its holder may claim a new deal (WL-3.3): the same dealer deals again, no forfeit."""
    t = formed(laws=True, shuffle_each_deal=True)
    deal(t, {N: cards("SA SK"), E: cards("HA HK")})
    t.apply(ReportExposed(N, parse_card("SA")))
    assert t.pending is not None and t.pending.options == ("stand",) and t.pending.rule == "BO-2.5"
    t.apply(Elect(N, "stand"))
    t.apply(ReportExposed(E, parse_card("HA"), by=N))
    assert t.pending is not None and t.pending.electors == (E,) and t.pending.rule == "WL-3.3"
    t.apply(Elect(E, "redeal"))
    assert t.hand is None and t.phase == OFFER and t.dealer == N and t.pool_counters == 5


def test_bov31_the_single_players_lead_out_of_turn_is_taken_back() -> None:
    t = formed(laws=True, shuffle_each_deal=True)
    deal(t, {})
    calls(t, "pass", "nine-pref", "pass", "pass", "pass")
    h = t.hand
    assert h is not None and t.to_act() == E
    c = cards_of(h.hands[S])[0]
    events = t.apply(Play(S, c))
    assert [e.kind for e in events] == ["lead_withdrawn"] and t.pending is None
    assert h.hands[S] >> c & 1 and t.to_act() == E and not h.penalty_cards[S]


def test_an_adversarys_lead_out_of_turn_against_a_trick_bid_the_single_player_elects() -> None:
    t = formed(laws=True, shuffle_each_deal=True)
    deal(t, {})
    calls(t, "pass", "nine-pref", "pass", "pass", "pass")
    h = t.hand
    assert h is not None
    t.apply(Play(W, cards_of(h.hands[W])[0]))
    assert t.pending is not None and t.pending.electors == (S,) and t.pending.rule == "WL-6.1"


def test_an_adversarys_lead_out_of_turn_against_a_misere_the_bidder_claims() -> None:
    t = formed(laws=True, shuffle_each_deal=True)
    deal(t, {})
    calls(t, "pass", "grand-misere", "pass", "pass", "pass")
    h = t.hand
    assert h is not None
    t.apply(Play(W, cards_of(h.hands[W])[0]))
    assert t.pending is not None and t.pending.kind == "misere_claim"
    t.apply(Elect(S, "play_on"))
    assert t.pending is None and t.to_act() == E and h.hands[W].bit_count() == 13


def test_misere_partout_has_no_penalty_for_a_lead_out_of_turn() -> None:
    t = formed(laws=True, shuffle_each_deal=True)
    deal(t, {})
    calls(t, "pass", "pass", "pass", "pass")
    h = t.hand
    assert h is not None
    events = t.apply(Play(N, cards_of(h.hands[N])[0]))
    assert [e.kind for e in events] == ["lead_withdrawn"] and not h.penalty_cards[N]


def test_strict_mode_refuses_play_out_of_turn_and_calls_out_of_turn() -> None:
    t = formed(shuffle_each_deal=True)
    deal(t, {})
    with pytest.raises(WrongSeatError, match="call"):
        t.apply(Elect(S, "pass"))
    with pytest.raises(InvalidActionError, match="not a call of Boston"):
        t.apply(Elect(E, "seven-trumps"))
    calls(t, "six-pref", "pass", "pass", "pass")
    h = t.hand
    assert h is not None
    with pytest.raises(OutOfTurnError):
        t.apply(Play(S, cards_of(h.hands[S])[0]))
    with pytest.raises(IllegalPlayError):
        t.apply(Play(E, cards_of(h.hands[S])[0]))


# --- the packs are gathered, not shuffled (D-BO11) -----------------------------------------------


def test_the_played_pack_is_gathered_in_play_order_and_comes_back_two_deals_later() -> None:
    t = formed()
    rng = random.Random(3)
    while t.deals_played < 1:
        advance(t, rng)
    first = t.hand_records[-1]
    played = [parse_card(c) for tr in first["tricks"] for c in tr["cards"]]
    assert t.pack_in_use == 1 and t.packs[0] == played
    while t.deals_played < 2:
        advance(t, rng)
    assert t.hands_dealt == 2


# --- whole sittings ------------------------------------------------------------------------------


def run_sitting(seed: int, laws: bool) -> BostonTable:
    """A sitting by random correct calls and play (passes more likely, so every kind of contract
    comes up); in laws mode with irregularities offered at random. Cards are checked conserved
    before every card."""
    t = BostonTable(["P1", "P2", "P3", "P4"], laws=laws)
    rng = random.Random(seed)
    while not t.is_over():
        if t.awaiting_chance():
            t.apply(t.chance_action(rng))
            if laws and t.phase == DECLARE and rng.random() < 0.15:
                attempt(t, DealWrongly(rng.randrange(4), rng.choice([-1, 1])))
            continue
        seat = t.to_act()
        assert seat is not None
        if t.phase == PLAY and t.pending is None and t.hand is not None:
            check_cards_conserved(t)
            if laws and attempt(t, irregular_action(t, rng)):
                continue
        legal = t.legal_actions(seat)
        if t.phase == DECLARE and Elect(seat, "pass") in legal and rng.random() < 0.7:
            t.apply(Elect(seat, "pass"))
            continue
        t.apply(rng.choice(legal) if legal else t.default_action())
    return t


def check_hand(hand: Mapping[str, object]) -> None:
    """The payments of a played hand against the rules (an oracle written from the rules file):
    zero-sum; a contract without irregularities paid by its tables."""
    payments = hand["payments"]
    assert isinstance(payments, dict) and sum(payments.values()) == 0
    won = hand["won"]
    assert isinstance(won, dict)
    if hand["irregularities"] or sum(won.values()) not in (12, 13):
        return
    contract, bidder = hand["contract"], hand["bidder"]
    if contract == "misere-partout":
        most = max(won.values())
        for r, p in payments.items():
            if won[r] == most:
                assert p == -sum(10 * (most - u) for u in won.values() if u < most)
        return
    assert isinstance(contract, str) and isinstance(bidder, str)
    m = re.fullmatch(r"(\w+)-(plain|colour|pref)", contract)
    if m is None:
        value = {"little-misere": 20, "grand-misere": 40, "little-spread": 80}.get(contract, 160)
        each = value if won[bidder] == 0 else -value
    else:
        words = ["boston", "six", "seven", "eight", "nine", "ten", "eleven", "twelve", "slam"]
        bid = 5 + words.index(m.group(1))
        win = rules_table("Win table W(bid, tricks taken)")
        loss = rules_table("Loss table, decimal (default)")
        taken = won[bidder]
        each = win[bid][taken] if taken >= bid else -loss[bid][bid - taken]
    assert payments[bidder] == 3 * each
    assert all(p == -each for r, p in payments.items() if r != bidder)


@settings(max_examples=28, deadline=None)
@given(seed=st.integers(0, 2**32), laws=st.booleans())
@example(seed=7, laws=False)
@example(seed=10, laws=True)
def test_sitting_invariants(seed: int, laws: bool) -> None:
    """Cards conserved (before every card), zero-sum payments by the tables, the pool and the
    accounts zero-sum, four deals played, replay through JSON exact."""
    t = run_sitting(seed, laws)
    rec = t.record()
    assert t.phase == OVER and t.deals_played == 4 and rec["pool"] == 0
    assert sum(rec["settlement"].values()) == 0
    played = [h for h in rec["games"][0]["hands"] if not h.get("abandoned")]
    assert len(played) == 4
    for hand in played:
        check_hand(hand)
        seen = [c for tr in hand["tricks"] for c in tr["cards"]]
        assert len(set(seen)) == len(seen)
    again = type(t).replay(json.loads(json.dumps(t.config())), json.loads(json.dumps(t.log_json())))
    assert again.record() == rec
    assert [again.view(s).to_json() for s in (0, 1, 2, 3, None)] == [
        t.view(s).to_json() for s in (0, 1, 2, 3, None)
    ]


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**32), laws=st.booleans())
@example(seed=7, laws=False)
@example(seed=10, laws=True)
def test_views_never_show_a_concealed_card(seed: int, laws: bool) -> None:
    assert_views_secret(run_sitting(seed, laws), limit=500)


def test_a_discard_is_face_down_to_everyone_but_its_maker() -> None:
    t = formed(shuffle_each_deal=True)
    deal(t, {})
    calls(t, "little-misere", "pass", "pass", "pass")
    action = t.default_action()
    assert isinstance(action, Discard) and action.seat == E
    t.apply(action)
    assert t.action_seen_by(action, N) == {"type": "Discard", "seat": "E"}
    assert t.action_seen_by(action, E) == action.to_json()
    assert t.view(E).extra["discards"] == [card_name(action.card)]
    assert "discard" not in t.view(N).extra and "discard" not in t.view(None).extra


def test_options_replay_and_the_original_table() -> None:
    t = BostonTable(["a", "b", "c", "d"], original_table=True, pool=False)
    assert t.config()["original_table"] and not t.config()["pool"]
    rng = random.Random(5)
    while not t.is_over():
        advance(t, rng)
    rec = t.record()
    assert len([h for h in rec["games"][0]["hands"] if not h.get("abandoned")]) == 4
    assert rec["pool"] == 0 and sum(rec["settlement"].values()) == 0
    with pytest.raises(InvalidActionError, match="played by four"):
        BostonTable(["a", "b", "c"])


def test_rules_name() -> None:
    assert find_variant("Boston") is BostonTable
    assert "seed 002" in BostonTable.rules_summary()
    # BO-1.1: four players, each for himself; the lobby offers no other number.
    assert BostonTable.info.player_counts == (4,) and BostonTable.info.default_players == 4


def exposed_spade_hand(
    west: str = "S5 S8 SK H2 H3 C2 C3 C4 C5 C6 C7 C8 C9",
    names: Sequence[str] = ("P1", "P2", "P3", "P4"),
) -> BostonTable:
    """S plays nine in preference (hearts); W leads S5 out of turn and S, electing, leaves it
    exposed (WL-6.1, BO-5.7); E leads SA and S follows: W is to play with S5 on the table."""
    t = formed(laws=True, names=names, shuffle_each_deal=True)
    deal(t, {E: cards("SA SQ SJ ST S9 S7 D2 D3 D4 D5 D6 D7 D8"), W: cards(west)}, turned="H9")
    calls(t, "pass", "nine-pref", "pass", "pass", "pass")
    t.apply(Play(W, parse_card("S5")))
    t.apply(Elect(S, "call_card"))
    t.apply(Play(E, parse_card("SA")))
    t.apply(t.legal_actions(S)[0])
    assert t.to_act() == W
    return t


def test_bo57_the_single_player_may_forbid_demand_or_direct_over_an_exposed_card() -> None:
    """BO-5.7: he "can demand or prevent the play of an exposed card in plain suits" and, a suit
    being led of which the adversary has an exposed card, "call upon him to play his highest or
    lowest of that suit"; none of it is offered to an adversary."""
    t = exposed_spade_hand()
    s5 = parse_card("S5")
    assert t.legal_actions(S) == [
        CallCard(S, W, s5),
        DirectExposed(S, W, s5, "forbid"),
        DirectExposed(S, W, s5, "highest"),
        DirectExposed(S, W, s5, "lowest"),
    ]
    assert not any(isinstance(a, DirectExposed) for s in (N, E) for a in t.legal_actions(s))
    forbid = attempt_copy(t, DirectExposed(S, W, s5, "forbid"))
    assert cards_of(forbid.playable(W)) == cards("S8 SK")
    with pytest.raises(IllegalPlayError, match="directed to not play his exposed S5"):
        forbid.apply(Play(W, s5))
    forbid.apply(Play(W, parse_card("S8")))  # the direction is spent with his card
    assert "exposed_direction" not in forbid.hand.notes  # type: ignore[union-attr]
    assert cards_of(attempt_copy(t, DirectExposed(S, W, s5, "highest")).playable(W)) == [
        parse_card("SK")
    ]
    assert cards_of(attempt_copy(t, DirectExposed(S, W, s5, "lowest")).playable(W)) == [s5]
    with pytest.raises(InvalidActionError, match=r"BO-5\.7"):
        t.apply(DirectExposed(S, W, s5, "win"))


def test_bo57_a_direction_that_would_make_him_revoke_does_not_bind() -> None:
    """BO-5.7 "provided he does not ask the adversary to revoke": W's only spade is exposed."""
    t = exposed_spade_hand("S5 H2 H3 C2 C3 C4 C5 C6 C7 C8 C9 CT CJ")
    t.apply(DirectExposed(S, W, parse_card("S5"), "forbid"))
    assert cards_of(t.playable(W)) == [parse_card("S5")]


def test_bo57_an_exposed_trump_may_be_forbidden_for_ruffing_only() -> None:
    """BO-5.7: "forbid the use of an exposed trump for ruffing": offered when a plain suit is
    led, not when trumps are."""
    t = formed(laws=True, shuffle_each_deal=True)
    west = "H2 H3 H4 S5 S6 S7 S8 S9 ST SJ SQ SK SA"
    deal(t, {E: cards("C2 C3 C4 C5 C6 C7 C8 C9 CT CJ CQ CK CA"), W: cards(west)}, turned="H9")
    calls(t, "pass", "nine-pref", "pass", "pass", "pass")
    h2 = parse_card("H2")
    t.apply(Play(W, h2))
    t.apply(Elect(S, "call_card"))
    t.apply(Play(E, parse_card("C2")))
    t.apply(t.legal_actions(S)[0])
    assert DirectExposed(S, W, h2, "forbid") in t.legal_actions(S)
    t.apply(DirectExposed(S, W, h2, "forbid"))
    assert cards_of(t.playable(W)) == [c for c in cards_of(t.hand.hands[W]) if c != h2]  # type: ignore[union-attr]
    narrator = Narrator(t, "P3")
    narrator.remember_names()
    assert narrator.action(DirectExposed(S, W, h2, "forbid")) == (
        "forbid W (P4) to ruff with his exposed H2"
    )


def test_bo57_no_direction_against_a_misere() -> None:
    """BO-5.8: against a misère an adversary's exposed card lets the bidder claim; BO-5.7's
    powers are the single player's against a trick bid only."""
    t = formed(laws=True, shuffle_each_deal=True)
    deal(t, {})
    calls(t, "pass", "grand-misere", "pass", "pass", "pass")
    h = t.hand
    assert h is not None
    t.apply(Play(W, cards_of(h.hands[W])[0]))
    t.apply(Elect(S, "play_on"))
    assert not any(isinstance(a, DirectExposed) for a in t.legal_actions(S))


def attempt_copy(t: BostonTable, action: DirectExposed) -> BostonTable:
    """A copy of ``t`` with the direction given (the position is reused for each direction)."""
    again = copy.deepcopy(t)
    events = again.apply(action)
    (event,) = events
    assert event.data == {
        "seat": "W",
        "card": card_name(action.card),
        "demand": action.demand,
    }
    return again


def test_the_hint_says_what_the_monte_carlo_estimate_counts() -> None:
    """The Monte-Carlo player's estimate of a Boston card is what the hand settles (BO-6), not
    tricks: a trick bid's counters each adversary pays the single player, a misère's chance of
    being lost; its words say so, for the single player and for his adversaries alike, and say
    from when it searches (the solver's horizon for the contract, or the level's)."""
    seen: dict[str, str] = {}
    for seed in range(40):
        names = ["P1", "P2", "P3", "P4"]
        t = BostonTable(names)
        bots: dict[str, Player] = {n: HeuristicPlayer(seed + i) for i, n in enumerate(names)}
        rng = random.Random(seed)
        reach = min(boston_player.TRICK_HORIZON, boston_player.MISERE_HORIZON)
        while t.hand is None or t.phase != PLAY or len(t.view(t.to_act() or 0).hand) > reach:
            step(t, bots, rng)
        seat = t.to_act()
        assert seat is not None and t.phase == PLAY
        view = t.view(seat)
        contract = view.extra.get("contract", "misere-partout")
        single = view.extra.get("bidder") == "NESW"[seat]
        kind = "partout" if contract == "misere-partout" else contract
        bid = sc.BIDS_BY_NAME.get(contract)
        key = f"{'misere' if bid and bid.is_misere else kind if kind == 'partout' else 'trick'}"
        key += "-single" if single else ""
        if key in seen:
            continue
        adviser = MonteCarloPlayer(seed, samples=4)
        adviser.choose(view, t.legal_actions(seat))
        assert adviser.last is not None
        values = set(adviser.last.averages.values())
        seen[key] = estimate_words(view)
        trick = key.startswith("trick")
        horizon = boston_player.TRICK_HORIZON if trick else boston_player.MISERE_HORIZON
        assert reach_words(view, 13) == f"once a hand holds {horizon} cards or fewer"
        assert reach_words(view, 6) == "once a hand holds 6 cards or fewer"
        if key == "trick-single":
            assert bid is not None and seen[key].startswith("counters each adversary pays you")
            payments = {sc.trick_bid_value(bid.tricks, n) for n in range(14)}
            assert min(payments) <= min(values) and max(values) <= max(payments)
        elif key == "trick":
            assert seen[key].startswith("counters the single player pays each of you")
        elif key.startswith("misere"):
            assert "chance that" in seen[key] and all(-1 <= v <= 1 for v in values)
    assert {"trick-single", "trick"} <= set(seen), seen
    assert all("tricks for your side" not in words for words in seen.values()), seen
