"""Claims and concessions at a casual table (D-TC4..D-TC7, test vectors TCV-6..TCV-13), in the
core: real tables of every game that takes claims, played by random correct cards to a few
tricks from the end, a claim made and answered, checked against an independent oracle — an
exhaustive search of the remaining cards written here (not the C solver) — and against the same
hand played out."""

from __future__ import annotations

import copy
import random
from collections.abc import Callable
from functools import cache

import pytest

from vivant import claims
from vivant.actions import Action, Claim, Concede, Elect, Play
from vivant.cards import NORTH, SOUTH, cards_of, parse_card
from vivant.describe import Narrator
from vivant.errors import InvalidActionError, WrongSeatError
from vivant.players import step
from vivant.players.dd import DoubleDummyPlayer
from vivant.players.driver import claim_move
from vivant.table import PLAY, Table
from vivant.variants import find_variant

from helpers import last_hand, mort_at, snapshot

#: V (North) holds every spade, R every heart, M every diamond, L every club.
SUITS = "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"

GAMES = [
    ("mort", 3),
    ("english-dummy", 3),
    ("double-dummy", 2),
    ("bridge-for-three", 3),
    ("humbug", 2),
    ("thirteen", 2),
    ("duplicate", 4),
]


def near_the_end(variant: str, n: int, seed: int, left: int = 3) -> Table:
    """A casual table of ``variant`` with ``left`` tricks of its first hand to play, reached by
    random correct cards (chance from ``seed``, every other decision its default)."""
    t = find_variant(variant)([f"P{i + 1}" for i in range(n)])
    rng = random.Random(seed)
    while True:
        h = t.hand
        if t.phase == PLAY and h is not None and not h.trick and claims.remaining(h) == left:
            return t
        if t.awaiting_chance():
            t.apply(t.chance_action(rng))
            continue
        seat = t.to_act()
        assert seat is not None
        legal = t.legal_actions(seat)
        plays = [a for a in legal if isinstance(a, Play)]
        t.apply(rng.choice(plays) if plays else t.default_action())


def best_for(t: Table, side: int) -> int:
    """The oracle: the most tricks ``side`` takes from here against any defence, every card
    known, by exhaustive search of the remaining cards (follow suit, trumps win, T1-T3)."""
    h = t.hand
    assert h is not None
    seats = tuple(t.seat_order[0]) if t.trick_size == 2 else (0, 1, 2, 3)
    order = {s: tuple(t.seat_order[s]) for s in seats}
    trump = h.trump

    def winner(cards: tuple[int, ...]) -> int:
        best = 0
        for i, c in enumerate(cards[1:], start=1):
            b = cards[best]
            if (c // 13 == b // 13 and c > b) or (c // 13 == trump and b // 13 != trump):
                best = i
        return best

    @cache
    def value(hands: tuple[int, ...], leader: int, cards: tuple[int, ...]) -> int:
        seq = order[leader]
        if len(cards) == len(seq):
            w = seq[winner(cards)]
            return (t.seat_sides[w] == side) + value(hands, w, ())
        seat = seq[len(cards)]
        i = seats.index(seat)
        if not hands[i]:
            return 0
        follow = [c for c in cards_of(hands[i]) if cards and c // 13 == cards[0] // 13]
        values = []
        for c in follow or cards_of(hands[i]):
            nxt = list(hands)
            nxt[i] &= ~(1 << c)
            values.append(value(tuple(nxt), leader, (*cards, c)))
        return max(values) if t.seat_sides[seat] == side else min(values)

    return value(tuple(h.hands[s] for s in seats), h.leader, ())


def claimers(t: Table) -> list[int]:
    """The seats that may claim: the players of both sides (not dummies nor dead hands)."""
    return [*t.electors(0), *t.electors(1)]


@pytest.mark.parametrize(("variant", "n"), GAMES)
def test_tcv7_tcv8_a_claim_answered_as_the_solver_proves_and_adjudicated(
    variant: str, n: int
) -> None:
    for seed in (1, 2):
        t = near_the_end(variant, n, seed)
        h = t.hand
        assert h is not None
        rng = random.Random(seed)
        seat = rng.choice(claimers(t))
        side = t.seat_sides[seat]
        oracle = best_for(t, side)
        assert claims.certain_tricks(t, side) == oracle
        tricks = rng.randint(1, 3)
        in_play = h.won[:]
        t.apply(Claim(seat, tricks))
        p = t.pending
        assert p is not None and p.kind == claims.CLAIM_KIND
        assert p.electors == t.electors(1 - side)
        answer = claims.answer(t, p.electors[0])
        assert answer.option == ("accept_claim" if oracle >= tricks else "dispute_claim")
        events = t.apply(Elect(p.electors[0], "dispute_claim"))  # TCV-7: adjudicated
        credited = next(e for e in events if e.kind == "tricks_credited").data["credited"]
        names = t.side_names
        assert credited == {
            names[side]: min(tricks, oracle),
            names[1 - side]: 3 - min(tricks, oracle),
        }
        hand = last_hand(t)
        assert hand["tricks_in_play"] == {names[i]: in_play[i] for i in (0, 1)}
        won = {names[side]: in_play[side] + min(tricks, oracle)}
        won[names[1 - side]] = in_play[1 - side] + 3 - min(tricks, oracle)
        assert hand["tricks_claimed"][0]["settled"] == "adjudicated"
        if variant != "bridge-for-three":  # its record keeps the declarer's tricks
            assert hand["won"] == won
        # Tricks credited by a claim are taken, not moved by a penalty: said once.
        summary = Narrator(t).hand_summary()
        assert summary is not None and summary.before_penalty == {}


@pytest.mark.parametrize(("variant", "n"), GAMES)
def test_tcv6_a_proved_claim_accepted_is_scored_as_if_played_out(variant: str, n: int) -> None:
    t = near_the_end(variant, n, 5)
    h = t.hand
    assert h is not None
    seat = t.controller(h.leader)
    side = t.seat_sides[seat]
    proved = claims.certain_tricks(t, side)
    out = copy.deepcopy(t)  # the oracle: the same hand played out by double-dummy players
    players = {name: DoubleDummyPlayer() for name in t.players}
    for player in players.values():
        player.attach(out)
    rng = random.Random(0)
    start = out.hand
    while out.hand is start:
        step(out, players, rng)
    if proved == 0:
        t.apply(Concede(seat))
    else:
        t.apply(Claim(seat, proved))
        p = t.pending
        assert p is not None
        answer = claims.answer(t, p.electors[0])
        assert answer.option == "accept_claim"
        t.apply(answer)
    claimed, played = last_hand(t), last_hand(out)
    for key in ("won", "score", "markers", "below", "tray"):
        assert claimed.get(key) == played.get(key), key


def test_tcv9_a_concession_gives_the_rest_at_once() -> None:
    t = near_the_end("mort", 3, 3, left=4)
    h = t.hand
    assert h is not None
    in_play = list(h.won)
    seat = t.electors(1)[0]
    events = t.apply(Concede(seat))
    assert [e.kind for e in events[:2]] == ["conceded", "tricks_credited"]
    assert events[1].data == {
        "side": "LR",
        "claimed": 0,
        "credited": {"LR": 0, "VM": 4},
        "how": "conceded",
    }
    hand = last_hand(t)
    assert hand["won"] == {"VM": in_play[0] + 4, "LR": in_play[1]}


def test_tcv10_the_claimers_hand_is_seen_by_all_only_once_claimed() -> None:
    t = near_the_end("english-dummy", 3, 4, left=5)
    h = t.hand
    assert h is not None
    seat = t.electors(1)[0]
    hand = h.hands[seat]
    others = [s for s in (0, 1, 2, 3, None) if s != seat]
    for s in others:
        v = t.view(s)
        assert seat not in v.exposed
        assert all(not t.sees(s, c) for c in cards_of(hand)) if s is not None else True
    events = t.apply(Claim(seat, 2))
    assert {parse_card(c) for c in events[0].data["hand"]} == set(cards_of(hand))
    for s in others:
        v = t.view(s)
        assert v.exposed[seat].mask == hand
        if s is not None:
            assert all(t.sees(s, c) for c in cards_of(hand))
    t.apply(claims.answer(t, t.electors(0)[0]))
    assert t.hand is None or t.hand is not h


@pytest.mark.parametrize(("variant", "n"), [("bridge-for-three", 3), ("double-dummy", 2)])
def test_the_claimers_shown_hand_is_named_as_his_not_a_dummys(variant: str, n: int) -> None:
    """In Bridge for Three the terminal called the dealer's hand shown with his claim "Dummy
    (S), face up": it is the claimer's own hand (D-TC4); the dummy keeps its name."""
    from vivant.describe import Narrator

    t = near_the_end(variant, n, 5, left=4)
    seat = next(s for s in claimers(t) if t.controller(s) == s and s not in t.dummy_seats)
    t.apply(Claim(seat, 1))
    viewer = next(s for s in claimers(t) if t.seat_sides[s] != t.seat_sides[seat])
    view = t.view(viewer)
    words = Narrator(t, t.seat_player(viewer))
    role, name = view.roles[seat], view.names[seat]
    assert words.exposed_label(seat, view) == f"The hand of {role} ({name}), shown with the claim"
    for d in t.dummy_seats:
        assert words.exposed_label(d, view).startswith(f"{t.info.dummy_name} (")


def test_tcv11_games_without_claims_and_laws_mode() -> None:
    for variant, n in (("all-fours", 2), ("boston", 4)):
        t = find_variant(variant)([f"P{i + 1}" for i in range(n)])
        msg = "claims are not taken at " + t.info.title
        with pytest.raises(InvalidActionError, match=msg):
            t.apply(Claim(0, 1))
        with pytest.raises(InvalidActionError, match=msg):
            t.apply(Concede(0))
    t = mort_at(
        "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432", "S2", laws=True
    )
    before = snapshot(t)
    with pytest.raises(InvalidActionError, match="not offered in laws mode at Mort"):
        t.apply(Claim(NORTH, 13))
    assert snapshot(t) == before
    # Casual: a dummy cannot claim; a claim is between tricks and of 1..the rest.
    t = mort_at(SUITS, "S2")
    for action, error, match in (
        (Claim(SOUTH, 3), WrongSeatError, "a dummy's player claims for it"),
        (Claim(NORTH, 14), InvalidActionError, r"1\.\.13"),
        (Claim(NORTH, 0), InvalidActionError, "concede"),
    ):
        before = snapshot(t)
        with pytest.raises(error, match=match):
            t.apply(action)
        assert snapshot(t) == before
    t.apply(Play(1, parse_card("HA")))
    with pytest.raises(InvalidActionError, match="between tricks"):
        t.apply(Claim(NORTH, 13))


def test_tcv11_double_dummy_keeps_its_law_in_laws_mode() -> None:
    t = near_the_end("double-dummy", 2, 7)
    laws = find_variant("double-dummy")(list(t.players), laws=True)
    for a in t.log:
        laws.apply(a)
    seat = laws.electors(0)[0]
    laws.apply(Claim(seat, 2))
    assert laws.pending is not None and laws.pending.kind == "claim"
    assert laws.pending.options == ("refuse", "admit")


def test_tcv13_a_settled_claim_replays_exactly() -> None:
    t = near_the_end("humbug", 2, 9)
    seat = t.electors(0)[0]
    t.apply(Claim(seat, 3))
    t.apply(Elect(t.electors(1)[0], "dispute_claim"))
    again = type(t).replay(t.config(), [a.to_json() for a in t.log])
    assert again.record() == t.record()
    assert [a.to_json() for a in again.log] == [a.to_json() for a in t.log]


def test_computer_players_claim_every_trick_theirs_against_a_person() -> None:
    # V (North) holds every trump: from the second trick on he leads and wins every trick.
    t = mort_at(SUITS, "S2")
    assert t.seat_player(NORTH) is not None
    rng = random.Random(1)
    while t.hand is not None and (claims.remaining(t.hand) > 3 or t.hand.trick):
        seat = t.to_act()
        assert seat is not None
        t.apply(rng.choice(t.legal_actions(seat)))
    person = t.seat_player(1)
    assert claim_move(t, NORTH, lambda name: False) is None  # nobody to spare the play
    said = claim_move(t, NORTH, lambda name: name == person)
    assert said == Claim(NORTH, 3)
    t.apply(said)
    answer = claim_move(t, 1, lambda name: False)
    assert answer == Elect(1, "accept_claim")


def test_offers_and_words() -> None:
    from vivant.conventions import Sitting
    from vivant.describe import Narrator

    t = near_the_end("mort", 3, 3, left=2)
    sitting = Sitting(t.config(), t)
    seat = t.electors(0)[0]
    offers: list[Action] = sitting.offers(seat)
    assert [a for a in offers if isinstance(a, Claim | Concede)] == [
        Claim(seat, 1),
        Claim(seat, 2),
        Concede(seat),
    ]
    words = Narrator(t, t.seat_player(seat))
    assert [words.action(a, seat) for a in offers if isinstance(a, Claim | Concede)] == [
        "claim 1 of the 2 remaining tricks, showing your hand",
        "claim the rest (2 tricks), showing your hand",
        "concede the rest",
    ]


def casual_claim(dispute: bool) -> Callable[[Table], Action | None]:
    """Before the tenth trick of each hand North's side claims the rest; the other side
    accepts, or disputes it."""

    def hook(t: Table) -> Action | None:
        h = t.hand
        if t.pending is not None and t.pending.kind == claims.CLAIM_KIND:
            return Elect(t.pending.electors[0], "dispute_claim" if dispute else "accept_claim")
        if h is None or t.phase != PLAY or t.pending is not None or h.trick:
            return None
        if len(h.tricks) != 9 or h.notes.get(claims.NOTE):
            return None
        return Claim(t.electors(0)[0], 4)

    return hook


@pytest.mark.parametrize("dispute", [False, True])
def test_casual_claims_round_trip_through_pbn(dispute: bool) -> None:
    """The whist profile carries a claim accepted or disputed as a ``claim`` irregularity
    (``accept_claim``/``dispute_claim``); replayed, the dispute is adjudicated again."""
    from test_records_sitting import assert_same_sitting, played_sitting, round_trip
    from vivant.records.sitting import sitting_deals

    table = played_sitting("english-dummy", 3, 4, hook=casual_claim(dispute))
    deals = sitting_deals(table)
    made = [ir for d in deals for ir in d.irregularities if ir.kind == "claim"]
    assert made and all(ir.trick == 10 and "tricks 4" in ir.note for ir in made)
    assert {ir.penalty for ir in made} == {"dispute_claim" if dispute else "accept_claim"}
    assert_same_sitting(table, round_trip(table))


def concession_before_the_eleventh_trick(t: Table) -> Action | None:
    """Before the eleventh trick of each hand North's side concedes the rest (D-TC6)."""
    h = t.hand
    if h is None or t.phase != PLAY or t.pending is not None or h.trick:
        return None
    if len(h.tricks) != 10 or h.notes.get(claims.NOTE):
        return None
    return Concede(t.electors(0)[0])


def test_a_concession_round_trips_through_pbn() -> None:
    """D-TC6 in the whist profile: a concession is a ``claim`` row whose Penalty is
    ``concede`` (its trick the first not played); import concedes again at that trick, and the
    sitting is the same (deals, credited tricks, scores, record). Before, the file held the
    tricks played only and import refused it ("the hand is not over after the recorded
    play")."""
    from test_records_sitting import assert_same_sitting, played_sitting, round_trip
    from vivant.records.sitting import sitting_deals

    table = played_sitting("mort", 4, 4, hook=concession_before_the_eleventh_trick)
    assert sum(isinstance(a, Concede) for a in table.log) >= 5
    made = [ir for d in sitting_deals(table) for ir in d.irregularities if ir.kind == "claim"]
    assert made and all(ir.penalty == "concede" and ir.trick == 11 for ir in made)
    assert_same_sitting(table, round_trip(table))
