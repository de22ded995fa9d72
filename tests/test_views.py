"""The views a table keeps parts of are the views it would build afresh (DESIGN §2).

:meth:`Table.view` shares what no card played changes between the views of a hand's play, and
keeps the card sets and the trick it built. The oracle is the table rebuilt from its log
(:meth:`Table.replay`, which builds no view): at every step of two hands of every game, with
the fewest and the most players it takes, in strict mode and in laws mode (where a tenth of the
cards are any card the hand holds, so revokes and their elections come up), each seat's view and
a spectator's are the same at both tables, as objects and as JSON.
"""

from __future__ import annotations

import copy
import pickle
import random

import pytest

from vivant.actions import Play
from vivant.cards import cards_of
from vivant.table import PLAY, Table
from vivant.variants import VARIANTS, find_variant

#: Every game, with the fewest and the most players it takes (up to four).
GAMES = sorted(
    {
        (v, n)
        for v, cls in VARIANTS.items()
        for n in (getattr(cls, "min_players", 4), min(getattr(cls, "max_players", 4), 4))
    }
)


def next_action(t: Table, rng: random.Random, laws: bool) -> None:
    """One random move: chance, an election's default, any card held (laws mode, a tenth of
    the time) or a legal action."""
    if t.awaiting_chance():
        t.apply(t.chance_action(rng))
        return
    h = t.hand
    seat = t.to_act()
    assert seat is not None
    if laws and t.pending is None and t.phase == PLAY and h is not None and rng.random() < 0.1:
        nxt = t.seat_order[h.leader][len(h.trick)]
        if t.controller(nxt) == seat and h.must_correct is None and h.hands[nxt]:
            t.apply(Play(nxt, rng.choice(cards_of(h.hands[nxt]))))
            return
    legal = t.legal_actions(seat)
    t.apply(rng.choice(legal) if legal else t.default_action())


def assert_views_afresh(t: Table) -> None:
    fresh = type(t).replay(t.config(), t.log)
    for seat in (None, 0, 1, 2, 3):
        kept, built = t.view(seat), fresh.view(seat)
        assert kept == built, f"{t.variant}, seat {seat}, action {len(t.log)}"
        assert kept.to_json() == built.to_json()


@pytest.mark.parametrize("laws", [False, True])
@pytest.mark.parametrize(("variant", "n"), GAMES)
def test_a_view_is_the_view_built_afresh(variant: str, n: int, laws: bool) -> None:
    t = find_variant(variant)([f"P{i + 1}" for i in range(n)], laws=laws)
    rng = random.Random(f"{variant}/{n}/{laws}")
    while not t.is_over() and len(t.hand_records) < 2:
        assert_views_afresh(t)
        next_action(t, rng, laws)
    assert len(t.hand_records) == 2 or t.is_over()
    assert_views_afresh(t)


def test_a_copy_or_a_pickle_of_a_table_builds_the_same_views() -> None:
    """What the views share stays with the table: a copy and a pickle start without it."""
    t = find_variant("mort")(["P1", "P2", "P3", "P4"])
    rng = random.Random(5)
    while t.hand is None or len(t.hand.tricks) < 3:
        t.view(t.to_act())
        next_action(t, rng, False)
    for twin in (copy.deepcopy(t), pickle.loads(pickle.dumps(t))):
        for seat in (None, 0, 1, 2, 3):
            assert twin.view(seat) == t.view(seat)
