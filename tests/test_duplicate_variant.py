"""Duplicate Whist as a table: trays, the trump rule, turned overplays, Mnemonic Duplicate."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from vivant.actions import Deal, Play
from vivant.cards import EAST, HEARTS, NORTH, SEATS, SOUTH, WEST, CardSet, parse_card
from vivant.duplicate.table import (
    DuplicateTable,
    Tray,
    deal_trays,
    tray_dealer,
)
from vivant.errors import InvalidActionError, InvalidNotationError, OutOfTurnError
from vivant.players import find_player, play_sitting
from vivant.table import DEAL, OVER, PLAY, Table
from vivant.variants import VARIANTS, find_variant

from helpers import pbn_hands, play

PLAYERS = ("Ann", "Bob", "Cat", "Dan")  # N E S W
POWER = "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"
SUITS = "SHDC"


def board(deal: str, tray: int = 1, trump: str = "H", turn_up: str | None = None) -> dict[str, Any]:
    return {
        "tray": tray,
        "dealer": "NESW"[tray_dealer(tray)],
        "trump": trump,
        "turn_up": turn_up,
        "deal": deal,
    }


def at(deal: str, *, turned: bool = False, laws: bool = False, **kw: Any) -> DuplicateTable:
    """A table about to play tray 1 (N deals, E leads) with ``deal``, turned or not."""
    return DuplicateTable(PLAYERS, laws=laws, boards=[board(deal, **kw)], program=[[1, turned]])


def finish_play(t: DuplicateTable) -> dict[str, Any]:
    """Play the current play out with the first correct card each time; its record."""
    n = len(t.hand_records)
    while len(t.hand_records) == n:
        seat = t.to_act()
        assert seat is not None and t.pending is None and t.phase == PLAY
        t.apply(t.legal_actions(seat)[0])
    return t.hand_records[-1]


def random_step(t: Table, rng: random.Random) -> None:
    """Chance if due, else a random correct action of the seat the table waits for."""
    if t.awaiting_chance():
        t.apply(t.chance_action(rng))
        return
    seat = t.to_act()
    assert seat is not None
    t.apply(rng.choice(t.legal_actions(seat)))


# --- trays and the trump rule ---------------------------------------------------------------


def test_trays_dealt_from_a_seed_rotate_the_deal_and_turn_the_last_card() -> None:
    trays = deal_trays(7, 8)
    assert [t.tray for t in trays] == list(range(1, 9))
    assert [t.dealer for t in trays] == [NORTH, EAST, SOUTH, WEST] * 2  # D-DU10
    for t in trays:
        assert [h.bit_count() for h in t.hands] == [13] * 4
        assert t.hands[0] | t.hands[1] | t.hands[2] | t.hands[3] == (1 << 52) - 1
        assert t.turn_up is not None and t.hands[t.dealer] >> t.turn_up & 1  # DU-1.4
        assert t.trump == t.turn_up // 13
    assert deal_trays(7, 8) == trays  # deterministic
    assert deal_trays(7, 3, first=6) == trays[5:]  # a tray's deal does not depend on the rest
    assert deal_trays(8, 1)[0] != trays[0]


def test_declared_trump_turns_no_card() -> None:
    for t in deal_trays(3, 4, declared_trump=HEARTS):
        assert (t.trump, t.turn_up) == (HEARTS, None)  # SD-2, D-DU3
    turned = deal_trays(3, 4, declared_trump=HEARTS, turn=True)
    assert all(t.trump == HEARTS and t.turn_up is not None for t in turned)


def test_tray_json_round_trip_and_bad_trays() -> None:
    for t in deal_trays(11, 4):
        assert Tray.from_json(json.loads(json.dumps(t.to_json()))) == t
    good = board(POWER)
    with pytest.raises(InvalidNotationError, match="thirteen cards"):
        Tray.from_json(
            {**good, "deal": "N:AKQJ.AKQ.AKQ.AK T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"}
        )
    with pytest.raises(InvalidNotationError, match="dealer's, of trumps"):
        Tray.from_json({**good, "turn_up": "S2"})
    with pytest.raises(InvalidNotationError, match="invalid tray"):
        Tray.from_json({"tray": 1})
    with pytest.raises(InvalidNotationError, match="tray number"):
        Tray.from_json({**good, "tray": 0})


def test_a_tray_is_played_as_at_whist_and_every_trick_counts() -> None:
    t = at(POWER)
    assert t.phase == PLAY and t.dealer == NORTH and t.to_act() == EAST  # eldest leads
    v = t.view(EAST)
    assert (v.trump, v.turn_up, v.extra["tray"], v.extra["turned"]) == (HEARTS, None, 1, False)
    assert v.hand == CardSet.from_pbn("T987.JT9.JT9.JT9")
    with pytest.raises(OutOfTurnError):
        t.apply(Play(SOUTH, parse_card("S3")))
    play(t, "ST", "S3", "S2", "SA")
    rec = finish_play(t)
    assert t.phase == OVER
    assert rec["won"]["NS"] + rec["won"]["EW"] == 13  # DU-1.6
    assert rec["won"] == rec["tricks_in_play"]
    assert rec["hands"]["N"] == "AKQJ.AKQ.AKQ.AKQ"
    assert (rec["dealt"], rec["overplay"]) == (False, False)  # from the tray, first play here
    assert t.record()["totals"] == rec["won"]
    assert "score" not in rec and "honours" not in rec


def test_turned_tray_gives_the_north_south_hands_to_east_west() -> None:
    t = at(POWER, turned=True, trump="C", turn_up="CA")
    hands = pbn_hands(POWER)
    for seat in range(4):  # D-DU11: the tray's N hand at E, E at S, S at W, W at N
        assert t.view((seat + 1) % 4).hand.mask == hands[seat]
    assert t.dealer == EAST and t.to_act() == SOUTH
    v = t.view(WEST)
    assert v.turn_up == parse_card("CA") and v.dealer == EAST and v.extra["turned"]


def test_the_table_deals_a_tray_it_has_no_hands_for_and_keeps_it() -> None:
    t = DuplicateTable(PLAYERS, trays=2, mnemonic=True, declared_trump="S")
    assert t.phase == DEAL and t.awaiting_chance() and t.dealer == NORTH
    t.apply(t.chance_action(random.Random(1)))
    dealt = t.trays_dealt[1]
    assert dealt.trump == 0 and dealt.turn_up is None
    assert t.view(NORTH).hand.mask == dealt.hands[NORTH]
    finish_play(t)
    assert t.phase == DEAL and t.dealer == EAST  # tray 2, dealt by East
    t.apply(t.chance_action(random.Random(2)))
    finish_play(t)
    # The overplay of tray 1: no deal, the hands from the tray, turned.
    assert t.phase == PLAY and t.view(None).extra["tray"] == 1 and t.dealer == EAST
    assert t.view(EAST).hand.mask == t.trays_dealt[1].hands[NORTH]


def test_options_are_checked() -> None:
    with pytest.raises(InvalidActionError, match="declared_trump"):
        DuplicateTable(PLAYERS, mnemonic=True)  # SD-2, D-DU3: Mnemonic turns no trump
    DuplicateTable(PLAYERS, mnemonic=True, turn_trump_each_deal=True)
    with pytest.raises(InvalidActionError, match="four"):
        DuplicateTable(PLAYERS[:3])
    with pytest.raises(InvalidActionError, match="differ"):
        DuplicateTable(("A", "A", "B", "C"))
    with pytest.raises(InvalidActionError, match="suit"):
        DuplicateTable(PLAYERS, declared_trump="X")
    with pytest.raises(InvalidActionError, match="program entry"):
        DuplicateTable(PLAYERS, program=[[1]])
    with pytest.raises(InvalidActionError, match="trays"):
        DuplicateTable(PLAYERS, trays=0)


def test_registry_finds_duplicate_among_the_games() -> None:
    assert find_variant("duplicate") is DuplicateTable
    assert find_variant("Duplicate Whist") is DuplicateTable
    assert VARIANTS["duplicate"] is DuplicateTable
    assert "Duplicate Whist" in DuplicateTable.rules_summary()


# --- Single-table (Mnemonic) Duplicate ------------------------------------------------------


def _trick_winner(cards: list[int], trump: int) -> int:
    """Independent of the engine: the index of the winning card (trumps, else the suit led)."""
    led = cards[0] // 13
    best = 0
    for i, c in enumerate(cards):
        b = cards[best]
        if (c // 13 == b // 13 and c % 13 > b % 13) or (c // 13 == trump and b // 13 != trump):
            best = i
    assert cards[best] // 13 in (led, trump)
    return best


def test_mnemonic_match_with_computer_players_recomputed_by_hand_from_its_record() -> None:
    t = DuplicateTable(PLAYERS, trays=6, mnemonic=True, declared_trump="H")
    kinds = ("heuristic", "random")
    bots = {n: find_player(kinds[i % 2])(seed=40 + i) for i, n in enumerate(PLAYERS)}
    rec = json.loads(json.dumps(play_sitting(t, bots, random.Random(5), seed=5)))
    assert len(rec["plays"]) == 12
    originals: dict[int, int] = {}
    overplays: dict[int, int] = {}
    hands_of: dict[int, dict[str, str]] = {}
    for p in rec["plays"]:
        trump = SUITS.index(p["trump"])
        seat_of = {}
        for letter, pbn in p["hands"].items():
            for c in CardSet.from_pbn(pbn):
                seat_of[c] = letter
        won = {"NS": 0, "EW": 0}
        leader = "NESW"[("NESW".index(p["dealer"]) + 1) % 4]
        for trick in p["tricks"]:
            cards = [parse_card(c) for c in trick["cards"]]
            assert seat_of[cards[0]] == leader  # the winner leads to the next trick
            winner = seat_of[cards[_trick_winner(cards, trump)]]
            assert winner == trick["winner"]
            won["NS" if winner in "NS" else "EW"] += 1
            leader = winner
        assert won == p["won"]  # no irregularities in strict mode
        if p["turned"]:
            # The second play holds exactly the exchanged hands (a quarter turn).
            first = hands_of[p["tray"]]
            assert {s: p["hands"]["NESW"[("NESW".index(s) + 1) % 4]] for s in "NESW"} == first
            overplays[p["tray"]] = won["NS"]  # pair X (N–S seats) with the original E–W cards
        else:
            hands_of[p["tray"]] = p["hands"]
            originals[p["tray"]] = won["EW"]  # pair Y (E–W) with the E–W cards
    y, x = sum(originals.values()), sum(overplays.values())
    c = rec["comparison"]
    assert (c["original_ew_tricks"], c["replay_tricks"]) == (y, x)
    assert c["margin"] == abs(x - y)
    assert c["winner"] == (None if x == y else "Ann & Cat" if x > y else "Bob & Dan")
    assert (c["original_pair"], c["replay_pair"]) == ("Bob & Dan", "Ann & Cat")


def test_mnemonic_order_deals_every_tray_then_replays_each_turned() -> None:
    t = DuplicateTable(PLAYERS, trays=3, mnemonic=True, declared_trump="H")
    rng = random.Random(9)
    while not t.is_over():
        random_step(t, rng)
    order = [(p["tray"], p["turned"], p["overplay"]) for p in t.record()["plays"]]
    originals = [(tray, False, False) for tray in (1, 2, 3)]
    assert order == [*originals, *[(tray, True, True) for tray in (1, 2, 3)]]
    assert [p["dealt"] for p in t.record()["plays"]] == [True] * 3 + [False] * 3
    assert sum(isinstance(a, Deal) for a in t.log) == 3  # each tray dealt once


# --- properties -----------------------------------------------------------------------------


def _run(seed: int, trays: int, mnemonic: bool, laws: bool) -> DuplicateTable:
    t = DuplicateTable(
        PLAYERS, laws=laws, trays=trays, mnemonic=mnemonic, declared_trump="D" if mnemonic else None
    )
    bots = {n: find_player("random")(seed=seed + i) for i, n in enumerate(PLAYERS)}
    play_sitting(t, bots, random.Random(seed))
    return t


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10**6), st.integers(1, 3), st.booleans(), st.booleans())
def test_properties_cards_tricks_replay_and_exchanged_hands(
    seed: int, trays: int, mnemonic: bool, laws: bool
) -> None:
    t = _run(seed, trays, mnemonic, laws)
    rec = t.record()
    assert len(rec["plays"]) == trays * (2 if mnemonic else 1)
    first: dict[int, dict[str, str]] = {}
    for p in rec["plays"]:
        assert len(p["tricks"]) == 13
        played = [parse_card(c) for tr in p["tricks"] for c in tr["cards"]]
        assert sorted(played) == list(range(52))  # cards conserved
        by_seat: dict[str, set[int]] = {s: set() for s in "NESW"}
        leader = "NESW"[("NESW".index(p["dealer"]) + 1) % 4]
        for tr in p["tricks"]:
            for k, c in enumerate(tr["cards"]):
                by_seat["NESW"[("NESW".index(leader) + k) % 4]].add(parse_card(c))
            leader = tr["winner"]
        for s in "NESW":
            assert by_seat[s] == set(CardSet.from_pbn(p["hands"][s]))
        assert p["won"]["NS"] + p["won"]["EW"] == 13
        if not p["turned"]:
            first[p["tray"]] = p["hands"]
        else:
            turned = {s: p["hands"]["NESW"[("NESW".index(s) + 1) % 4]] for s in "NESW"}
            assert turned == first[p["tray"]]
    config = json.loads(json.dumps(t.config()))
    again = find_variant(config["variant"]).replay(config, json.loads(json.dumps(t.log_json())))
    assert isinstance(again, DuplicateTable) and again.record() == rec
    assert [again.view(s).to_json() for s in (0, 1, 2, 3, None)] == [
        t.view(s).to_json() for s in (0, 1, 2, 3, None)
    ]


def test_replay_of_an_unfinished_session_gives_the_same_views() -> None:
    t = DuplicateTable(PLAYERS, trays=2, mnemonic=True, declared_trump="H")
    rng = random.Random(3)
    for _ in range(40):
        random_step(t, rng)
    again: Table = DuplicateTable.replay(t.config(), t.log_json())
    assert again.view(SOUTH).to_json() == t.view(SOUTH).to_json()
    assert again.view(SOUTH).hand.mask & t.view(NORTH).hand.mask == 0


def test_views_show_only_the_own_hand_and_the_cards_shown_to_the_table() -> None:
    t = DuplicateTable(PLAYERS, laws=True, trays=2, mnemonic=True, declared_trump="C")
    rng = random.Random(12)
    while not t.is_over():
        h = t.hand
        if h is not None:
            public = 0
            for tr in h.tricks:
                for card in tr.cards:
                    public |= 1 << card
            for card in h.trick:
                public |= 1 << card
            for mask in h.penalty_cards:
                public |= mask
            for seat in (*SEATS, None):
                own = h.hands[seat] if seat is not None else 0
                seen = t.view(seat).visible_cards().mask
                assert seen & ~(own | public) == 0
        random_step(t, rng)
