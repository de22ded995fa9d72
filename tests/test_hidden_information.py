"""No action reveals a card its actor may not see, by acceptance or by refusal (issue 13,
point 2; D-W11, D-W13, D-W14).

For every game in laws mode, at the opening lead and in the play, each player probes the hidden
cards through every action he may send: a card reported exposed in dealing, revoke claims,
calls of exposed cards, claims of tricks, plays, cards played together, corrections, suit calls.
The same probes are made against a twin table whose deal differs only in cards that player
cannot see (two hidden cards swapped between hidden places: another concealed hand, a dead hand,
the stock), his view being the same: every response — the public events and his view after an
accepted action, or the error type and text of a refusal — must be the same at both tables.
Duplicate Whist's cards played together and second cards led before the partner has played
(DL-6) are probed too: the election offered is the same whether or not the adversaries hold a
better card (D-DU17). Not probed: the partner's question "having none?" (WL-7.3, Duplicate
DL-3), which the laws have answered aloud, and the demands themselves, whose outcome the laws
make public (DL-4).
"""

from __future__ import annotations

import copy
import itertools
import random
from collections.abc import Iterator

import pytest

from vivant.actions import (
    Action,
    CallCard,
    CallSuit,
    Claim,
    ClaimRevoke,
    CorrectRevoke,
    Deal,
    DrawAttention,
    Elect,
    Play,
    PlayTogether,
    ReportExposed,
    WaiveRevokes,
)
from vivant.cards import EAST, NORTH, SUIT_MASK, WEST, card_name, cards_of, parse_card
from vivant.duplicate.table import DuplicateTable
from vivant.errors import VivantError
from vivant.table import PLAY, Table
from vivant.variants import VARIANTS, find_variant

from helpers import mort_at, play

POWER = "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"

#: Every game, with the fewest and the most players it takes (up to four).
GAMES = sorted(
    {
        (v, n)
        for v, cls in VARIANTS.items()
        for n in (getattr(cls, "min_players", 4), min(getattr(cls, "max_players", 4), 4))
    }
)

Response = tuple[object, ...]


def position(variant: str, n: int, seed: int, tricks: int) -> Table:
    """A laws-mode table of ``variant`` in its first hand once ``tricks`` tricks are played (at
    the opening lead for 0, else with a card or two of the next trick), reached by random play
    in which a third of the cards are any card the hand holds (revokes) and some cards are played
    two together; every other decision by default. Nobody corrects or claims a revoke."""
    t = find_variant(variant)([f"P{i + 1}" for i in range(n)], laws=True)
    rng = random.Random(seed)
    while True:
        h = t.hand
        if t.awaiting_chance():
            t.apply(t.chance_action(rng))
            continue
        if t.pending is not None or t.phase != PLAY or h is None:
            t.apply(t.default_action())
            continue
        # A hand of fewer cards (All Fours' six) stops a trick before its last.
        played = len(h.tricks) * t.trick_size + len(h.trick)
        size = (played + sum(x.bit_count() for x in h.hands)) // t.trick_size
        goal = min(tricks, size - 1)
        if len(h.tricks) >= goal and (
            goal == 0 or len(h.trick) >= min(1 + seed % 2, t.trick_size - 1)
        ):
            return t
        seat = t.to_act()
        assert seat is not None
        nxt = t.seat_order[h.leader][len(h.trick)]
        held = cards_of(h.hands[nxt])
        roll = rng.random()
        if t.controller(nxt) == seat and roll < 0.35:
            t.apply(Play(nxt, rng.choice(held)))
        elif t.controller(nxt) == seat and roll < 0.45 and len(held) >= 2:
            t.apply(PlayTogether(nxt, tuple(rng.sample(held, 2))))
        else:
            t.apply(rng.choice(t.legal_actions(seat)))


def hidden_places(t: Table, actor: int) -> dict[int, str]:
    """Where each card ``actor`` cannot see lies: a hand (its seat letter) or the stock."""
    h = t.hand
    assert h is not None
    out: dict[int, str] = {}
    seen = t.view(actor).visible_cards().mask
    for c in range(52):
        if seen >> c & 1:
            continue
        holder = next((s for s in range(4) if h.hands[s] >> c & 1), None)
        if holder is not None:
            out[c] = "NESW"[holder]
        elif h.stock >> c & 1:
            out[c] = "stock"
    return out


def swapped(t: Table, actor: int, x: int, y: int) -> Table | None:
    """The table replayed with hidden cards ``x`` and ``y`` trading places in its deal, if that
    replays and leaves ``actor``'s view as it was."""
    i = max(k for k, a in enumerate(t.log) if isinstance(a, Deal))
    deal = t.log[i]
    assert isinstance(deal, Deal)
    order = list(deal.order)
    px, py = order.index(x), order.index(y)
    order[px], order[py] = y, x
    log = [*t.log[:i], Deal(order=tuple(order)), *t.log[i + 1 :]]
    try:
        twin = type(t).replay(t.config(), log)
    except VivantError:
        return None
    if twin.view(actor).to_json() != t.view(actor).to_json():  # type: ignore[attr-defined]
        return None
    return twin


def twins(t: Table, actor: int, rng: random.Random) -> Iterator[Table]:
    """Tables that ``actor`` cannot tell from ``t``: random swaps of two hidden cards, and for
    each revoke by a hand concealed from him, swaps that take the suit it failed to follow out
    of that hand (so that at the twin there was no revoke)."""
    h = t.hand
    assert h is not None
    places = hidden_places(t, actor)
    pairs = [(x, y) for x in places for y in places if x < y and places[x] != places[y]]
    chosen = rng.sample(pairs, min(3, len(pairs)))
    for r in h.revokes:
        where = "NESW"[r.seat]
        trick = h.tricks[r.trick - 1].cards if r.trick <= len(h.tricks) else h.trick
        suit = SUIT_MASK << (13 * (trick[0] // 13))
        mine = [c for c, p in places.items() if p == where and 1 << c & suit]
        other = [c for c, p in places.items() if p != where and not 1 << c & suit]
        if mine and len(other) >= len(mine):
            chosen.append((-1, r.seat))  # marks a many-card swap, below
    for x, y in chosen:
        twin = swapped(t, actor, x, y) if x >= 0 else without_suit(t, actor, y, places)
        if twin is not None:
            yield twin


def without_suit(t: Table, actor: int, seat: int, places: dict[int, str]) -> Table | None:
    """The twin at which the revoking hand at ``seat`` never held the suit of its revoke."""
    h = t.hand
    assert h is not None
    r = next(r for r in h.revokes if r.seat == seat)
    trick = h.tricks[r.trick - 1].cards if r.trick <= len(h.tricks) else h.trick
    suit = SUIT_MASK << (13 * (trick[0] // 13))
    where = "NESW"[seat]
    mine = [c for c, p in places.items() if p == where and 1 << c & suit]
    other = [c for c, p in places.items() if p != where and not 1 << c & suit]
    twin: Table | None = t
    for x, y in zip(mine, other, strict=False):
        twin = swapped(twin, actor, x, y) if twin is not None else None
    return twin


def probes(t: Table, actor: int) -> Iterator[Action]:
    """Every action of the kinds that might probe hidden cards, as ``actor`` may send them."""
    return all_probes(t, actor)


def all_probes(t: Table, actor: int) -> Iterator[Action]:
    own = [s for s in range(4) if t.controller(s) == actor]
    for c in range(52):
        for by in (None, 0, 1, 2, 3):
            yield ReportExposed(actor, c, by)
        for target in range(4):
            yield CallCard(actor, target, c)
        for s in own:
            yield CorrectRevoke(s, c)
            yield Play(s, c)
            yield PlayTogether(s, (c, (c + 1) % 52))
    for k in range(1, 14):
        yield ClaimRevoke(actor, k)
    for k in range(14):
        yield Claim(actor, k)
    for suit in range(4):
        yield CallSuit(actor, suit)
    yield WaiveRevokes(actor)
    yield DrawAttention(actor)
    h = t.hand
    assert h is not None
    for s in own:
        held = cards_of(h.hands[s])
        for a, b in itertools.pairwise(held):
            yield PlayTogether(s, (a, b))


def respond(t: Table, action: Action, actor: int) -> tuple[Response, bool]:
    """The response to ``action`` as ``actor`` receives it, and whether it changed the table."""
    try:
        events = t.apply(action)
    except VivantError as exc:
        return (type(exc).__name__, str(exc)), False
    seen = [(e.kind, e.data) for e in events]
    offered = [a.to_json() for a in t.legal_actions(actor)]
    return ("accepted", seen, t.view(actor).to_json(), offered), True  # type: ignore[attr-defined]


def responses(t: Table, actor: int, actions: list[Action]) -> list[Response]:
    pristine = copy.deepcopy(t)
    out = []
    for action in actions:
        response, changed = respond(t, action, actor)
        out.append(response)
        if changed:
            t = copy.deepcopy(pristine)
    return out


def assert_same_responses(a: Table, b: Table, actor: int) -> None:
    """The same responses to every probe, and the same actions offered to ``actor``."""
    assert a.legal_actions(actor) == b.legal_actions(actor)
    actions = list(probes(a, actor))
    for action, ra, rb in zip(
        actions, responses(a, actor, actions), responses(b, actor, actions), strict=True
    ):
        assert ra == rb, f"{action} tells {'NESW'[actor]} a hidden card: {ra} / {rb}"


@pytest.mark.parametrize(("variant", "n"), GAMES)
@pytest.mark.parametrize(("tricks", "seed"), [(0, 1), (2, 2), (4, 3), (7, 4)])
def test_no_action_tells_a_player_where_a_hidden_card_lies(
    variant: str, n: int, tricks: int, seed: int
) -> None:
    t = position(variant, n, seed, tricks)
    rng = random.Random(seed)
    uncertain = checked = 0
    for actor in sorted(set(t.electors(0) + t.electors(1))):
        # With every hidden card in one place (Double Dummy: the other player's hand) there is
        # nothing to find out.
        uncertain += len(set(hidden_places(t, actor).values())) > 1
        for twin in twins(t, actor, rng):
            assert_same_responses(copy.deepcopy(t), twin, actor)
            checked += 1
    assert checked >= uncertain


def test_reporting_a_hidden_card_exposed_learns_nothing_at_thirteen_and_the_odd() -> None:
    """The issue's probe: a player names, one by one, the cards he cannot see as exposed in
    dealing; whether each lies in his adversary's hand or in the stock, the refusal is the same
    (before, "H6 was not dealt" told the stock from the hand)."""
    t = position("thirteen", 2, 5, 0)
    h = t.hand
    assert h is not None
    for actor in (0, 2):
        places = hidden_places(t, actor)
        assert set(places.values()) == {"NESW"[2 - actor], "stock"}
        refusals = set()
        for c in places:
            response, changed = respond(t, ReportExposed(actor, c), actor)
            assert not changed
            assert isinstance(response[1], str)
            refusals.add(response[1].replace(card_name(c), "?"))
        assert len(refusals) == 1


def test_calling_an_exposed_card_does_not_tell_whether_its_holder_can_follow() -> None:
    """D-W14: R's exposed DJ may be called by Vivant whether or not R holds the suit led (before,
    the call was open only when he was void); the call binds only where playing it is no revoke
    (WL-6.4). Vivant cannot tell the two tables apart, nor by any action."""
    t = mort_at(POWER, "SA", laws=True)
    t.apply(PlayTogether(EAST, (parse_card("ST"), parse_card("DJ"))))  # R leads two cards
    t.apply(Elect(NORTH, "ST"))  # Vivant elects: the DJ lies exposed
    play(t, "S3", "S2", "SA", "HA")  # Vivant wins and leads a heart; R holds JT9 of hearts
    hearts, clubs = ("HJ", "HT", "H9"), ("C5", "C4", "C3")  # L's clubs, as hidden from V
    twin: Table | None = t
    for x, y in zip(hearts, clubs, strict=True):
        assert twin is not None
        twin = swapped(twin, NORTH, parse_card(x), parse_card(y))
    assert twin is not None  # R void in hearts at the twin
    dj = CallCard(NORTH, EAST, parse_card("DJ"))
    for table in (t, twin):
        assert dj in table.legal_actions(NORTH)
    assert_same_responses(copy.deepcopy(t), copy.deepcopy(twin), NORTH)
    for table, must in ((t, {"HJ", "HT", "H9"}), (twin, {"DJ"})):
        table.apply(dj)
        assert {card_name(a.card) for a in table.legal_actions(EAST)} == must  # type: ignore[attr-defined]


# North's HQ HJ beat every heart East and West hold (South holds HA HK): DL-6's case.
OVERTAKE = "N:AKQJ.QJ.AKQ.AKQT T987.T98.JT9.J54 6543.AK2.76.9876 2.76543.85432.32"
# The same but for South's HK and West's D8 (for North and East) or East's D9 (for West):
# an adversary holds a better heart, whist's case (WL-5.1).
HK_WITH_WEST = "N:AKQJ.QJ.AKQ.AKQT T987.T98.JT9.J54 6543.A2.876.9876 2.K76543.5432.32"
HK_WITH_EAST = "N:AKQJ.QJ.AKQ.AKQT T987.KT98.JT.J54 6543.A2.976.9876 2.76543.85432.32"


def tray_table(deal: str, *plays: str) -> DuplicateTable:
    board = {"tray": 1, "dealer": "N", "trump": "D", "turn_up": None, "deal": deal}
    t = DuplicateTable(["A", "B", "C", "D"], laws=True, boards=[board], program=[[1, False]])
    play(t, "ST", "S3", "S2", "SA", *plays)  # North wins trick 1 and leads
    return t


@pytest.mark.parametrize("led", [(), ("HQ",)], ids=["together", "led_again"])
@pytest.mark.parametrize(
    ("actor", "twin"), [(NORTH, HK_WITH_WEST), (EAST, HK_WITH_WEST), (WEST, HK_WITH_EAST)]
)
def test_dl6_cards_together_or_led_again_tell_nobody_whether_the_adversaries_can_beat_them(
    led: tuple[str, ...], actor: int, twin: str
) -> None:
    """D-DU17 (issue 13, point 2): North plays HQ HJ together, or leads HJ after HQ before
    South has played. Whether East and West can beat them decides DL-6 against WL-5.1, yet
    every response to every probe, the election shown to each seat and the actions offered
    to each are the same at two tables that agree on the actor's view."""
    winners, beaten = tray_table(OVERTAKE, *led), tray_table(twin, *led)
    assert winners.view(actor).to_json() == beaten.view(actor).to_json()  # type: ignore[attr-defined]
    assert_same_responses(copy.deepcopy(winners), copy.deepcopy(beaten), actor)
    action: Action = (
        Play(NORTH, parse_card("HJ"))
        if led
        else PlayTogether(NORTH, (parse_card("HQ"), parse_card("HJ")))
    )
    for t in (winners, beaten):
        t.apply(action)
    assert winners.pending is not None and beaten.pending is not None
    assert winners.pending.details != beaten.pending.details  # the true case differs, hidden
    assert winners.view(actor).to_json() == beaten.view(actor).to_json()  # type: ignore[attr-defined]
    for seat in range(4):
        assert winners.view(seat).pending == beaten.view(seat).pending
        assert winners.legal_actions(seat) == beaten.legal_actions(seat)
    assert winners.default_action() == beaten.default_action()
