"""Invariants over random sittings, strict and laws mode (hypothesis).

Laws-mode sittings inject irregularities at random: revokes, leads out of turn, two cards at
once, misdeals and cards exposed in dealing; every choice then goes to its default (D-G2).
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from vivant.actions import Action, Play, PlayTogether, ReportExposed, ReportMisdeal
from vivant.cards import FULL_PACK_MASK, cards_of
from vivant.table import PLAY
from vivant.trick import is_revoke
from vivant.variants.mort import MortTable


def irregular_action(t: MortTable, rng: random.Random) -> Action | None:
    """Some irregular but recordable action of laws mode, or None."""
    h = t.hand
    assert h is not None
    nxt = (h.leader + len(h.trick)) % 4
    roll = rng.random()
    if roll < 0.05:
        led = h.trick[0] // 13 if h.trick else None
        revokes = [c for c in cards_of(h.hands[nxt]) if is_revoke(h.hands[nxt], led, c)]
        if revokes:
            return Play(nxt, rng.choice(revokes))
    elif roll < 0.07 and not h.trick:
        other = rng.choice([s for s in range(4) if s != nxt])
        return Play(other, rng.choice(cards_of(h.hands[other])))
    elif roll < 0.09 and len(cards_of(h.hands[nxt])) >= 2:
        return PlayTogether(nxt, tuple(rng.sample(cards_of(h.hands[nxt]), 2)))
    elif roll < 0.1 and not h.trick and not h.tricks:
        if rng.random() < 0.5:
            return ReportMisdeal(rng.randrange(4), rng.choice(["deal", "wrong_cut"]))
        return ReportExposed(rng.randrange(4), rng.choice(cards_of(h.hands[rng.randrange(4)])))
    return None


def run_sitting(seed: int, n: int, laws: bool) -> MortTable:
    rng = random.Random(seed)
    t = MortTable([f"P{i + 1}" for i in range(n)], laws=laws)
    while not t.is_over():
        if t.awaiting_chance():
            t.apply(t.chance_action(rng))
        elif t.phase == PLAY and t.pending is None and t.hand is not None:
            check_cards_conserved(t)
            seat = t.to_act()
            assert seat is not None
            action = irregular_action(t, rng) if laws else None
            if action is None:
                action = rng.choice(t.legal_actions(seat))
            t.apply(action)
        else:
            t.apply(t.default_action())
    return t


def check_cards_conserved(t: MortTable) -> None:
    h = t.hand
    assert h is not None
    mask = 0
    count = 0
    for hand in h.hands:
        assert mask & hand == 0
        mask |= hand
        count += hand.bit_count()
    for c in h.trick + [c for tr in h.tricks for c in tr.cards]:
        assert not mask >> c & 1
        mask |= 1 << c
        count += 1
    assert mask == FULL_PACK_MASK and count == 52


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32), n=st.sampled_from([3, 4]), laws=st.booleans())
def test_sitting_invariants(seed: int, n: int, laws: bool) -> None:
    t = run_sitting(seed, n, laws)
    rec = t.record()
    assert len(rec["games"]) == n
    for k, g in enumerate(rec["games"]):
        assert sum(g["settlement"].values()) == 0
        assert g["roles"]["V"] == rec["players"][k]
        if n == 4:
            out = rec["players"][(k + 3) % 4]
            assert g["roles"]["out"] == out and g["settlement"][out] == 0
        for hand in g["hands"]:
            if hand.get("abandoned"):
                continue
            assert len(hand["tricks"]) == 13
            played = [c for tr in hand["tricks"] for c in tr["cards"]]
            assert len(played) == 52 and len(set(played)) == 52
            assert sum(hand["won"].values()) == 13
    assert sum(rec["settlement"].values()) == 0
    # Replaying the log (through JSON) rebuilds exactly the same sitting.
    again = MortTable.replay(t.config(), t.log_json())
    assert again.record() == rec
    assert [again.view(s).to_json() for s in range(4)] == [t.view(s).to_json() for s in range(4)]


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**32), cut=st.integers(0, 400))
def test_replay_of_any_prefix_matches(seed: int, cut: int) -> None:
    t = run_sitting(seed, 4, True)
    prefix = t.log[: cut % len(t.log)]
    a = MortTable.replay(t.config(), prefix)
    b = MortTable.replay(t.config(), [x.to_json() for x in prefix])
    assert [a.view(s).to_json() for s in (0, 1, 2, 3, None)] == [
        b.view(s).to_json() for s in (0, 1, 2, 3, None)
    ]


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**32), laws=st.booleans())
def test_views_never_show_a_concealed_card(seed: int, laws: bool) -> None:
    """No seat (nor a spectator) receives a card of a hand it may not see."""
    import json

    from vivant.cards import card_name

    t = run_sitting(seed, 4, laws)
    replayed = MortTable(list(t.players), laws=laws)
    for action in t.log:
        replayed.apply(action)
        h = replayed.hand
        if h is None:
            continue
        for seat in (0, 1, 2, 3, None):
            text = json.dumps(replayed.view(seat).to_json())
            for other in range(4):
                if other in (seat, 2):  # own hand; Mort is exposed to all
                    continue
                hidden = h.hands[other] & ~h.penalty_cards[other]
                if h.turn_up is not None:
                    hidden &= ~(1 << h.turn_up)
                if replayed.pending is not None:  # cards shown face up by the irregularity
                    for shown in replayed.pending.cards:
                        hidden &= ~(1 << shown)
                for c in cards_of(hidden):
                    assert f'"{card_name(c)}"' not in text, (seat, other, card_name(c))
