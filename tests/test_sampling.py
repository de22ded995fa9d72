"""The sampler deals the concealed hands consistently with a seat's view, and never gives up.

What a seat knows (players/sampling.py): its own hand, the hands exposed to it, every card played
and by which hand, the voids shown by failures to follow (rules README T2; only a preference in
laws mode, where a show-out may be a revoke, WL-7.1), where the turn-up lies (the dealer's hand,
WL-2.4; the hand a Humbug dealer discarded, HU-2.3; nobody's, Thirteen and the Odd, TO-2) and the
cards left undealt (the stock of Thirteen and the Odd, TO-2).
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from vivant.actions import Action, Deal, Exchange, Play
from vivant.cards import EAST, FULL_PACK_MASK, NORTH, SOUTH, SUIT_MASK, WEST, parse_card
from vivant.players.base import Player
from vivant.players.heuristic import HeuristicPlayer
from vivant.players.random import RandomPlayer
from vivant.players.sampling import consistent, knowledge, sample_hands
from vivant.table import PLAY
from vivant.variants import VARIANTS
from vivant.variants.humbug import HumbugTable
from vivant.variants.mort import MortTable
from vivant.variants.thirteen import ThirteenTable
from vivant.views import View

from helpers import deal, formed

SPADES = 0


def suit_mask(x: int) -> int:
    return SUIT_MASK << (13 * x)


def played_cards(view: View) -> list[tuple[int, int, int]]:
    """(seat, card, suit led) of every card the view shows played, in order."""
    out: list[tuple[int, int, int]] = []
    for t in (*view.tricks, *([view.trick] if view.trick and view.trick.cards else [])):
        out.extend((s, c, t.cards[0] // 13) for s, c in zip(t.seats, t.cards, strict=True))
    return out


def standing_voids(view: View) -> list[int]:
    """Suits each hand has shown out of and not played since (a later card of the suit proves a
    revoke, laws mode); a trump played where a trump may always be played shows nothing."""
    voids = [0, 0, 0, 0]
    trump = view.trump if VARIANTS[view.variant].follow_or_trump else None  # AF-3.2
    for s, c, led in played_cards(view):
        voids[s] &= ~(1 << (c // 13))
        if c // 13 != led and c // 13 != trump:
            voids[s] |= 1 << led
    return voids


def respects(hands: list[int], voids: list[int] | dict[int, int]) -> bool:
    return all(not hands[s] & suit_mask(x) for s in range(4) for x in range(4) if voids[s] >> x & 1)


def check_samples(view: View, truth: list[int], laws: bool, shown_out: dict[int, int]) -> None:
    """Every check of a sample against ``view`` and the true hands, stated directly (not through
    :func:`consistent`), then through :func:`consistent` too."""
    rng = random.Random(len(view.tricks))
    assert consistent(view, truth, strict=not laws)
    k = knowledge(view)
    played = 0
    for _, c, _ in played_cards(view):
        played |= 1 << c
    stock_size = 52 - played.bit_count() - sum(view.hand_sizes.values())
    for _ in range(2):
        sample = sample_hands(view, rng)  # never gives up: the true hands show it is consistent
        union = 0
        for s in range(4):
            assert sample[s].bit_count() == view.hand_sizes.get(s, 0)
            assert not sample[s] & union and not sample[s] & played
            union |= sample[s]
        if view.seat is not None:  # the seat's own hand exactly (once it has looked at it)
            own = view.hand.mask
            assert sample[view.seat] & own == own
            if own.bit_count() == view.hand_sizes.get(view.seat, 0):
                assert sample[view.seat] == truth[view.seat] == own
        for s, cs in view.exposed.items():
            assert sample[s] == cs.mask == truth[s]
        for s, cs in view.penalty_cards.items():
            assert sample[s] & cs.mask == cs.mask
        if view.turn_up is not None and not played >> view.turn_up & 1:
            # The turn-up lies where it truly lies, a hand or the stock (WL-2.4, HU-2.3, TO-2).
            true_owner = [s for s in range(4) if truth[s] >> view.turn_up & 1]
            assert [s for s in range(4) if sample[s] >> view.turn_up & 1] == true_owner
        # The cards no hand holds: the stock's count, the turn-up if it lies there (TO-2).
        assert (FULL_PACK_MASK & ~played & ~union).bit_count() == stock_size
        assert k.stock + k.out_of_play.bit_count() == stock_size
        if laws:
            assert consistent(view, sample, strict=False)
            voids = standing_voids(view)
            if respects(truth, voids):  # the voids can be met: the sampler meets them
                assert respects(sample, voids)
        else:
            assert respects(sample, shown_out)
            assert consistent(view, sample, strict=True)


def play_and_check(name: str, laws: bool, seed: int, max_actions: int = 160) -> int:
    """Random and heuristic players (revokes thrown in, laws mode) play part of a sitting of
    ``name``; at random points while a hand is on the table (before play too: an exchange, a
    declaration, the doubling) every seat's view and a spectator's are checked. Returns the
    number of checked positions."""
    cls = VARIANTS[name]
    n = getattr(cls, "min_players", 4)
    rng = random.Random(seed)
    t = cls([f"P{i}" for i in range(n)], laws=laws)
    players: dict[int, Player] = {
        s: (HeuristicPlayer(seed + s) if rng.random() < 0.5 else RandomPlayer(seed + s))
        for s in range(4)
    }
    checked = 0
    shown_out = [0, 0, 0, 0]
    record: list[tuple[int, int]] = []
    for _ in range(max_actions):
        if t.is_over():
            break
        if t.awaiting_chance():
            chance = t.chance_action(rng)
            if isinstance(chance, Deal):  # a new hand: nothing shown out, nothing played yet
                shown_out, record = [0, 0, 0, 0], []
            t.apply(chance)
            continue
        seat = t.to_act()
        assert seat is not None
        legal = t.legal_actions(seat)
        view = t.view(seat)
        try:
            default: Action | None = t.default_action()
        except ValueError:
            default = None
        action = players[seat].choose(view, legal, default) if legal else default
        assert action is not None
        if laws and isinstance(action, Play) and view.trick and view.trick.cards:
            shown = view.exposed.get(action.seat)
            hand = view.hand.mask if action.seat == view.seat else shown.mask if shown else 0
            led: int | None = view.trick.cards[0] // 13
            wrong = [c for c in range(52) if hand >> c & 1 and c // 13 != led]
            if wrong and rng.random() < 0.15:
                action = Play(action.seat, rng.choice(wrong))  # a revoke, recorded in laws mode
        if not laws and isinstance(action, Play) and t.phase == PLAY:
            trick = t.view(None).trick
            trumped = cls.follow_or_trump and action.card // 13 == t.view(None).trump
            led = trick.cards[0] // 13 if trick is not None and trick.cards else None
            if led is not None and action.card // 13 != led and not trumped:
                shown_out[action.seat] |= 1 << led
            record.append((action.seat, action.card))
        t.apply(action)
        if t.hand is None or rng.random() > 0.35:
            continue
        if not laws:  # the views name who played each card, as the players did
            assert [(s, c) for s, c, _ in played_cards(t.view(None))] == record
        truth = list(t.hand.hands)
        for s in (*range(4), None):
            check_samples(t.view(s), truth, laws, dict(enumerate(shown_out)))
        checked += 1
    return checked


@pytest.mark.parametrize("laws", [False, True], ids=["strict", "laws"])
@pytest.mark.parametrize("name", sorted(VARIANTS))
@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32))
def test_every_sample_agrees_with_every_seats_view(name: str, laws: bool, seed: int) -> None:
    """In every game, strict and laws mode, at random points of play: every sampled deal holds
    the seat's own hand and every card it has seen where it saw it, no card played, the turn-up
    in its owner's hand (or in no hand), the stock's count of cards in no hand, and respects the
    voids shown by failures to follow (strict; in laws mode whenever they can be met); the
    sampler never gives up."""
    assert play_and_check(name, laws, seed) > 0


def thirteen_at(adversary: list[int], dealer: list[int], turn_up: int) -> ThirteenTable:
    """Thirteen and the Odd, P1 dealing at South (TO-1), with the given hands and turn-up."""
    t = formed(ThirteenTable, 2)
    t.apply(t.default_action())  # the lowest cutter keeps South (D-H2)
    order = [x for pair in zip(adversary, dealer, strict=True) for x in pair] + [turn_up]
    t.apply(Deal(order=tuple(order + [x for x in range(52) if x not in order])))
    return t


def test_a_two_hand_show_out_is_the_other_live_hands() -> None:
    """TO-3: tricks of two cards between North and South. When North leads and South fails to
    follow, South is void — not East, the seat after North round the table, a hand that never
    plays. The stock holds the 25 unseen cards not dealt and the turn-up, nobody's (TO-2)."""
    spades = list(range(13))
    north = spades[:7] + list(range(13, 19))  # seven spades, six hearts
    south = list(range(26, 39))  # all diamonds
    t = thirteen_at(north, south, turn_up=39)
    t.apply(Play(NORTH, north[0]))
    t.apply(Play(SOUTH, south[0]))
    view = t.view(NORTH)
    assert view.tricks[0].seats == (NORTH, SOUTH)
    k = knowledge(view)
    assert k.voids[SOUTH] == 1 << SPADES and k.voids[EAST] == k.voids[WEST] == 0
    assert k.hidden == (SOUTH,) and k.out_of_play == 1 << 39
    assert k.stock == 25  # 37 unseen cards, 12 of them South's
    rng = random.Random(1)
    for _ in range(50):
        hands = sample_hands(view, rng)
        assert not hands[SOUTH] & suit_mask(SPADES)
        assert not (hands[NORTH] | hands[SOUTH]) >> 39 & 1
        assert hands[EAST] == hands[WEST] == 0
        assert consistent(view, hands)


def test_the_sampler_never_gives_up_when_the_voids_leave_one_suit() -> None:
    """South shows out of spades, hearts and clubs (T2): his ten cards can only be the ten unseen
    diamonds, and the stock takes every unseen card of the other suits (TO-2). The one deal
    left is found every time."""
    north = [0, 1, 2, 13, 14, 15, 39, 40, 41, 42, 43, 44, 45]  # three spades, hearts; seven clubs
    south = list(range(26, 39))  # all diamonds
    t = thirteen_at(north, south, turn_up=12)
    for lead, reply in ((0, 26), (13, 27), (39, 28)):
        t.apply(Play(NORTH, lead))
        t.apply(Play(SOUTH, reply))
    view = t.view(NORTH)
    k = knowledge(view)
    assert k.voids[SOUTH] == 0b1011  # spades, hearts, clubs (suits 0, 1, 3)
    rng = random.Random(2)
    for _ in range(30):
        hands = sample_hands(view, rng)
        assert hands[SOUTH] == k.unseen & suit_mask(2) and hands[SOUTH].bit_count() == 10
        assert consistent(view, hands)
    assert k.stock == 25  # 35 unseen cards: South's ten places, the stock's 25


def test_a_humbug_dealer_who_exchanges_leaves_the_turn_up_in_the_dead_hand() -> None:
    """HU-2.3: a dealer who exchanges gives up the turn-up; it stays with the hand he discards
    (the dead hand on his right, East for South). North saw the exchange: every sample puts the
    turn-up in East's hand, never in South's."""
    t = formed(HumbugTable, 2)
    t.apply(t.default_action())
    # North all the spades, East the hearts, South (the dealer) the diamonds, West the clubs.
    deal(t, "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432", "D2")
    t.apply(Exchange(NORTH, False))
    t.apply(Exchange(SOUTH, True))
    view = t.view(NORTH)
    up = parse_card("D2")
    assert view.turn_up == up and view.turn_up_holder == EAST
    k = knowledge(view)
    assert k.known[EAST] == 1 << up and not k.known[SOUTH] >> up & 1
    rng = random.Random(3)
    for _ in range(20):
        hands = sample_hands(view, rng)
        assert hands[EAST] >> up & 1 and consistent(view, hands)
    assert t.hand is not None and consistent(view, list(t.hand.hands))


def test_knowledge_of_vivant_and_adversary() -> None:
    """Mort: Mort lies face up (M-1.2, D-M15); R sees his own hand, Mort's and the turn-up in
    Vivant's hand, the dealer's (WL-2.4). No card lies outside the hands."""
    rng = random.Random(4)
    t = MortTable(["A", "B", "C"])
    while t.phase != PLAY:
        t.apply(t.chance_action(rng) if t.awaiting_chance() else t.default_action())
    v = knowledge(t.view(0))  # Vivant sees his hand and Mort's
    assert v.hidden == (1, 3)
    assert v.unseen.bit_count() == 26 and v.stock == 0
    r = knowledge(t.view(1))  # R sees his own and Mort's; V's turn-up is known
    assert r.hidden == (0, 3)
    assert t.hand is not None and t.hand.turn_up is not None
    assert r.known[0] == 1 << t.hand.turn_up
    assert r.unseen.bit_count() == 25


def test_every_sample_differs_but_keeps_the_counts() -> None:
    """Samples are random deals of the unseen cards, each consistent with the view."""
    rng = random.Random(9)
    t = MortTable(["A", "B", "C"])
    while t.phase != PLAY:
        t.apply(t.chance_action(rng) if t.awaiting_chance() else t.default_action())
    view = t.view(1)
    samples = {tuple(sample_hands(view, rng)) for _ in range(30)}
    assert len(samples) > 20
    for s in samples:
        assert consistent(view, list(s))
