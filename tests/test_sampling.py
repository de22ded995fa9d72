"""The sampler deals the concealed hands consistently with a seat's view, and never gives up."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from vivant.actions import Play
from vivant.cards import SOUTH
from vivant.players.sampling import consistent, knowledge, sample_hands
from vivant.table import PLAY
from vivant.variants.mort import MortTable


def check_positions(seed: int, laws: bool, revoke_rate: float) -> int:
    """Random Mort play (laws mode with revokes); after every card, every seat's view is checked
    against the true hands and against fresh samples. Returns the number of cards played."""
    rng = random.Random(seed)
    t = MortTable(["A", "B", "C", "D"], laws=laws)
    out = 0
    while not t.is_over() and out < 60:
        if t.awaiting_chance():
            t.apply(t.chance_action(rng))
        elif t.phase == PLAY and t.pending is None and t.hand is not None:
            seat = t.to_act()
            assert seat is not None
            out += 1
            legal = t.legal_actions(seat)
            action = rng.choice(legal)
            h = t.hand
            nxt = (h.leader + len(h.trick)) % 4
            if laws and h.trick and rng.random() < revoke_rate:
                wrong = [
                    c for c in range(52) if h.hands[nxt] >> c & 1 and c // 13 != h.trick[0] // 13
                ]
                if wrong:
                    action = Play(nxt, rng.choice(wrong))
            t.apply(action)
            # Check the view at this moment (the table object is reused).
            for s in range(4):
                if s == SOUTH:
                    continue
                view = t.view(s)
                if t.hand is None:
                    continue
                truth = list(t.hand.hands)
                assert consistent(view, truth, strict=not laws)
                sample = sample_hands(view, rng)
                assert consistent(view, sample, strict=not laws)
                if not laws:
                    assert consistent(view, sample, strict=True)
        else:
            t.apply(t.default_action())
    return out


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32), laws=st.booleans())
def test_samples_agree_with_the_view(seed: int, laws: bool) -> None:
    assert check_positions(seed, laws, revoke_rate=0.3) == 60


def test_knowledge_of_vivant_and_adversary() -> None:
    rng = random.Random(4)
    t = MortTable(["A", "B", "C"])
    while t.phase != PLAY:
        t.apply(t.chance_action(rng) if t.awaiting_chance() else t.default_action())
    v = knowledge(t.view(0))  # Vivant sees his hand and Mort's
    assert v.hidden == (1, 3)
    assert v.unseen.bit_count() == 26
    r = knowledge(t.view(1))  # R sees his own and Mort's; V's turn-up is known
    assert r.hidden == (0, 3)
    assert t.hand is not None and t.hand.turn_up is not None
    assert r.known[0] == 1 << t.hand.turn_up
    assert r.unseen.bit_count() == 25


def test_every_sample_differs_but_keeps_the_counts() -> None:
    rng = random.Random(9)
    t = MortTable(["A", "B", "C"])
    while t.phase != PLAY:
        t.apply(t.chance_action(rng) if t.awaiting_chance() else t.default_action())
    view = t.view(1)
    samples = {tuple(sample_hands(view, rng)) for _ in range(30)}
    assert len(samples) > 20
    for s in samples:
        assert consistent(view, list(s))
