"""Issue 13, point 13b: the whist laws of play the engine modelled only at Duplicate Whist.

Calling attention to the trick (WL-6.9, D-W15), "having none?" (WL-7.3, D-W16), the adversaries'
call of the highest or lowest after a revoke corrected in time (WL-7.4, D-W17), each offered to
exactly the side the law names, in every game that uses the whist laws; and Duplicate Whist's
SEC 6 (DL-6, D-DU15): the partner must win a later trick only if one of the cards played
together goes to it. Positions are set up through public notation (PBN deal, cards played).
"""

from __future__ import annotations

import random

import pytest

from vivant.actions import (
    AskRenounce,
    ClaimRevoke,
    CorrectRevoke,
    DrawAttention,
    Elect,
    Play,
    PlayTogether,
)
from vivant.cards import EAST, NORTH, SOUTH, SUIT_MASK, WEST, CardSet, cards_of, parse_card
from vivant.duplicate.table import DuplicateTable
from vivant.errors import IllegalPlayError, InvalidActionError, WrongSeatError
from vivant.players import find_player, step
from vivant.table import ATTENTION_CALLS, CORRECTION_CALLS, PLAY, Table
from vivant.variants import VARIANTS
from vivant.variants.english_dummy import EnglishDummyTable

from helpers import deal, formed, mort_at, play, snapshot

# Mort, V = N, R = E, M = S, L = W; Vivant deals for himself (clubs turned), R leads.
# L holds HA H3 H2: over R's H5 and Mort's H4 he can win the trick or not.
SPLIT = "N:AKQ.KQJ.AKQ.AKQJ JT9.T985.JT9.T98 876.764.876.7654 5432.A32.5432.32"


def c(text: str) -> int:
    return parse_card(text)


def cards(t: Table, seat: int) -> set[int]:
    return {a.card for a in t.legal_actions(seat)}  # type: ignore[attr-defined]


def opening() -> Table:
    """SPLIT, R's H5 led, Mort's H4 played: L (West) to play third."""
    t = mort_at(SPLIT, "CA", laws=True)
    play(t, "H5", "H4")
    return t


# --- WL-6.9: calling attention to the trick ---------------------------------------------------


@pytest.mark.parametrize(
    ("option", "allowed"),
    [("highest", {"HA"}), ("lowest", {"H2"}), ("win", {"HA"}), ("lose", {"H3", "H2"})],
)
def test_wl69_vivant_directs_the_partner_of_an_adversary_who_calls_attention(
    option: str, allowed: set[str]
) -> None:
    t = opening()
    t.apply(DrawAttention(EAST))  # R claims the trick before his partner L has played
    p = t.pending
    assert p is not None and (p.kind, p.rule, p.electors) == ("direction", "WL-6.9", (NORTH,))
    assert p.options == ATTENTION_CALLS and p.default == "lowest"
    with pytest.raises(WrongSeatError):
        t.apply(Elect(WEST, option))  # the offending side does not choose
    t.apply(Elect(NORTH, option))
    assert cards(t, WEST) == {c(x) for x in allowed}
    wrong = next(x for x in ("HA", "H3", "H2") if x not in allowed)
    before = snapshot(t)
    with pytest.raises(IllegalPlayError, match="directed to"):
        t.apply(Play(WEST, c(wrong)))  # at whist a direction binds: the card is refused
    assert snapshot(t) == before
    play(t, sorted(allowed)[0])
    rec = t.hand.irregularities[-1]  # type: ignore[union-attr]
    assert (rec.kind, rec.rule, rec.offender, rec.election) == ("direction", "WL-6.9", EAST, option)
    assert "direction" not in t.hand.notes  # type: ignore[union-attr]


def test_wl69_vivant_cannot_call_attention_on_mort_nor_after_the_partner_has_played() -> None:
    t = opening()
    with pytest.raises(InvalidActionError, match="no partner playing his own cards"):
        t.apply(DrawAttention(NORTH))  # Mort's cards are Vivant's to play
    play(t, "H2")
    with pytest.raises(InvalidActionError, match="already played"):
        t.apply(DrawAttention(EAST))


def test_wl69_english_dummy_the_dummy_player_directs() -> None:
    t = formed(EnglishDummyTable, 3, laws=True)
    t.apply(t.default_action())  # seats and pack; dummy N, dealer N, E leads
    deal(t, SPLIT, "CA")
    play(t, "H5", "H4")  # E leads, DP (South) plays
    t.apply(DrawAttention(EAST))
    p = t.pending
    assert p is not None and p.electors == (SOUTH,) and p.rule == "WL-6.9"
    t.apply(Elect(SOUTH, "win"))
    assert cards(t, WEST) == {c("HA")}
    with pytest.raises(InvalidActionError):
        t.apply(Elect(SOUTH, "lowest"))  # nothing pending any more


# --- WL-7.3: "having none, partner?" ------------------------------------------------------------


def test_wl73_an_adversary_asks_his_partner_and_vivant_calls_the_lowest() -> None:
    t = opening()
    t.apply(Play(WEST, c("S2")))  # L renounces holding hearts: a revoke
    t.apply(AskRenounce(EAST))  # R: "having none?"
    p = t.pending  # the revoke is found: Vivant says how it is corrected (WL-7.4)
    assert p is not None and (p.kind, p.rule, p.electors) == ("revoke_correction", "WL-7.4", (0,))
    assert p.options == CORRECTION_CALLS and p.cards == (c("S2"),)
    t.apply(Elect(NORTH, "lowest"))
    assert t.legal_actions(WEST) == [CorrectRevoke(WEST, c("H2"))]
    before = snapshot(t)
    with pytest.raises(IllegalPlayError, match="called"):
        t.apply(CorrectRevoke(WEST, c("HA")))
    assert snapshot(t) == before
    t.apply(CorrectRevoke(WEST, c("H2")))
    h = t.hand
    assert h is not None and h.hands[WEST] >> c("S2") & 1  # back in hand, not exposed
    assert h.penalty_cards == [0, 0, 0, 0] and h.revokes == []
    assert h.notes["inquiries"] == [{"by": "R", "trick": 1, "rule": "WL-7.3"}]
    rec = h.irregularities[-1]
    assert (rec.kind, rec.rule, rec.election) == ("revoke_corrected", "WL-7.4", "lowest")


# As SPLIT, but L holds no diamond.
VOID = "N:AKQ.KQJ.AKQ.AKQJ JT9.T985.JT9.T98 876.764.8765432. 5432.A32..765432"


def test_wl73_a_true_renounce_is_confirmed_and_vivant_cannot_question_mort() -> None:
    t = mort_at(VOID, "CA", laws=True)
    play(t, "DJ", "D2", "C2")  # L renounces: he has no diamond
    events = t.apply(AskRenounce(EAST))
    assert [e.kind for e in events] == ["renounce_confirmed"] and t.pending is None
    u = mort_at(SPLIT, "CA", laws=True)
    play(u, "H5")
    u.apply(Play(SOUTH, c("S6")))  # Mort revokes
    for seat in (NORTH, SOUTH):  # Vivant plays Mort's cards himself; Mort asks nothing
        with pytest.raises(InvalidActionError, match="nobody to ask"):
            u.apply(AskRenounce(seat))


def test_wl73_two_hand_games_have_no_partner_to_ask() -> None:
    t = ready("humbug", 2, 5)
    lead_and_follow(t)
    seat = t.hand.trick_seats[0]  # type: ignore[union-attr]
    with pytest.raises(InvalidActionError, match="no partner"):
        t.apply(AskRenounce(seat))


# --- WL-7.4: a revoke corrected in time -------------------------------------------------------


@pytest.mark.parametrize("call", ["highest", "lowest"])
def test_wl74_the_adversaries_call_vivants_highest_or_lowest(call: str) -> None:
    t = opening()
    play(t, "H2")
    t.apply(Play(NORTH, c("SA")))  # Vivant revokes: he holds KQJ of hearts
    t.apply(CorrectRevoke(NORTH, c("HQ")))  # he finds it himself (a claim would wait, D-W13)
    p = t.pending
    assert p is not None and p.kind == "revoke_correction" and p.electors == (EAST, WEST)
    with pytest.raises(WrongSeatError):
        t.apply(Elect(NORTH, call))
    t.apply(Elect(EAST, call))
    want = c("HK") if call == "highest" else c("HJ")
    assert t.legal_actions(NORTH) == [CorrectRevoke(NORTH, want)]
    t.apply(CorrectRevoke(NORTH, want))
    assert t.view(EAST).penalty_cards == {}  # the card in error goes back unexposed
    assert t.hand is not None and t.hand.tricks[0].cards[-1] == want


def test_wl74_calling_the_card_leaves_it_exposed_and_the_offender_free_in_the_suit() -> None:
    t = opening()
    play(t, "H2")
    t.apply(Play(NORTH, c("SA")))
    t.apply(CorrectRevoke(NORTH, c("HK")))  # Vivant finds his revoke himself
    assert t.default_action() == Elect(EAST, "call_card")
    t.apply(t.default_action())
    assert cards(t, NORTH) == {c("HK"), c("HQ"), c("HJ")}
    t.apply(CorrectRevoke(NORTH, c("HQ")))
    assert t.view(WEST).penalty_cards == {NORTH: CardSet([c("SA")])}


def test_wl74_an_offender_who_finds_his_own_revoke_waits_for_the_adversaries_call() -> None:
    t = opening()
    play(t, "H2")
    t.apply(Play(NORTH, c("SA")))
    events = t.apply(CorrectRevoke(NORTH, c("HQ")))
    assert [e.kind for e in events] == ["revoke_to_correct", "irregularity"]
    assert t.pending is not None and t.pending.electors == (EAST, WEST)
    assert t.hand is not None and t.hand.trick[-1] == c("SA")  # nothing played yet
    t.apply(Elect(WEST, "lowest"))
    t.apply(CorrectRevoke(NORTH, c("HJ")))
    assert t.hand.tricks[0].cards[-1] == c("HJ")


def test_wl74_morts_revoke_is_corrected_with_no_choice_for_anyone() -> None:
    t = mort_at(SPLIT, "CA", laws=True)
    play(t, "H5")
    t.apply(Play(SOUTH, c("S6")))
    t.apply(ClaimRevoke(WEST, 1))
    assert t.pending is None and t.to_act() == NORTH  # M-6.1: no penalty, Vivant corrects
    assert cards(t, NORTH) == {c("H7"), c("H6"), c("H4")}


# --- every game that uses the whist laws --------------------------------------------------------

GAMES = [
    ("mort", 3),
    ("mort", 4),
    ("english-dummy", 3),
    ("double-dummy", 2),
    ("bridge-for-three", 3),
    ("humbug", 2),
    ("humbug-declared", 2),
    ("thirteen", 2),
    ("duplicate", 4),
]


def ready(game: str, n: int, seed: int) -> Table:
    """A table of ``game`` in laws mode at its first opening lead (choices by default)."""
    names = [f"P{i + 1}" for i in range(n)]
    t: Table
    if game == "duplicate":
        t = DuplicateTable(names, laws=True, trays=1)
    else:
        t = VARIANTS[game](names, laws=True)
    rng = random.Random(seed)
    while t.phase != PLAY or t.hand is None:
        t.apply(t.chance_action(rng) if t.awaiting_chance() else t.default_action())
    return t


def lead_and_follow(t: Table) -> None:
    """The opening lead, by a computer player."""
    players = {n: find_player("heuristic")(seed=1) for n in t.players}
    rng = random.Random(0)
    step(t, players, rng)
    h = t.hand
    assert h is not None and h.trick


def partner(t: Table, seat: int) -> int:
    return next(s for s in range(4) if s != seat and t.seat_sides[s] == t.seat_sides[seat])


@pytest.mark.parametrize(("game", "n"), GAMES)
def test_calling_attention_is_open_where_a_player_has_a_living_partner(game: str, n: int) -> None:
    t = ready(game, n, 11)
    lead_and_follow(t)
    h = t.hand
    assert h is not None
    leader = h.trick_seats[0]
    living = t.electors(t.seat_sides[leader])
    if leader not in living or partner(t, leader) not in living:  # a dummy, a dead hand
        with pytest.raises(InvalidActionError):
            t.apply(DrawAttention(leader))
        return
    t.apply(DrawAttention(leader))
    p = t.pending
    assert p is not None and p.kind == "direction"
    adversaries = t.electors(1 - t.seat_sides[leader])
    if game == "duplicate":  # DL-1: the adversary last to play to the trick
        last = [s for s in t.seat_order[h.leader] if s in adversaries][-1]
        assert p.electors == (last,) and p.rule == "DL-1"
    else:
        assert p.electors == adversaries and p.options == ATTENTION_CALLS


@pytest.mark.parametrize(("game", "n"), GAMES)
def test_a_revoke_corrected_in_time_gives_the_adversaries_the_call(game: str, n: int) -> None:
    t, seat, _, led = revoked(game, n)
    # No adversary sees the revoker's hand, so a claim would wait for the end of the hand
    # (D-W13): the revoker finds his error himself, before the trick is quitted.
    fix = cards_of(t.hand.hands[seat] & led)[0]  # type: ignore[union-attr]
    t.apply(CorrectRevoke(seat, fix))
    p = t.pending
    if game == "double-dummy" or (game == "english-dummy" and seat == SOUTH):
        # D-DD3, ED-6.3: no penalty for a card shown; the correction is made at once, freely
        assert p is None and fix in t.view(None).trick.cards  # type: ignore[union-attr]
        return
    assert p is not None and (p.kind, p.rule) == ("revoke_correction", "WL-7.4")
    assert p.electors == t.electors(1 - t.seat_sides[seat])
    t.apply(Elect(p.electors[-1], "highest"))
    top = cards_of(t.hand.hands[seat] & led)[-1]  # type: ignore[union-attr]
    assert [a.card for a in t.legal_actions(t.controller(seat))] == [top]  # type: ignore[attr-defined]


@pytest.mark.parametrize(("game", "n"), GAMES)
def test_having_none_is_asked_by_a_living_partner_only(game: str, n: int) -> None:
    t, seat, number, _ = revoked(game, n)
    asker = partner(t, seat)
    living = t.electors(t.seat_sides[seat])
    if asker not in living or seat not in living:  # Mort's, a dummy's or a dead hand's partner
        before = snapshot(t)
        with pytest.raises(InvalidActionError, match="nobody to ask"):
            t.apply(AskRenounce(asker))
        assert snapshot(t) == before
        return
    events = t.apply(AskRenounce(asker))
    assert events[0].kind == "revoke_to_correct"
    assert t.hand is not None and t.hand.must_correct == seat
    p = t.pending  # WL-7.4: the adversaries say how it is corrected
    assert p is not None and p.kind == "revoke_correction"
    assert p.electors == t.electors(1 - t.seat_sides[seat])
    rule = "DL-3" if game == "duplicate" else "WL-7.3"
    assert t.hand.notes["inquiries"] == [{"by": t.role(asker), "trick": number, "rule": rule}]


def revoked(game: str, n: int) -> tuple[Table, int, int, int]:
    """A table of ``game`` where a living hand has just revoked: correct play by computer
    players until such a hand, holding the suit led and another, is to play; it plays the
    other. Returns the table, the revoking seat, the trick number and the suit led (mask)."""
    t = ready(game, n, 11)
    players = {name: find_player("heuristic")(seed=1) for name in t.players}
    rng = random.Random(0)
    for _ in range(60):
        h = t.hand
        assert h is not None
        seat = t.view(None).to_play
        assert seat is not None
        if h.trick and seat not in t.dummy_seats:
            led = SUIT_MASK << (13 * (h.trick[0] // 13))
            other = h.hands[seat] & ~led
            if h.hands[seat] & led and other:
                number = len(h.tricks) + 1
                t.apply(Play(seat, cards_of(other)[0]))
                return t, seat, number, led
        step(t, players, rng)
    raise AssertionError("no revoke could be made")


# --- Duplicate Whist SEC 6 (DL-6): the trick to which one of the cards goes ------------------

# North deals, East leads. North's HQ HJ beat every heart East and West hold; South holds HA
# HK and can win a club lead with CA CK, or lose it with C4.
TOGETHER = "N:AKQJT.QJ.65432.3 98765.5432.AK.65 432.AK76.QJT.AK4 .T98.987.QJT9872"


def together_win_2() -> DuplicateTable:
    board = {"tray": 1, "dealer": "N", "trump": "S", "turn_up": None, "deal": TOGETHER}
    t = DuplicateTable(
        ["Ann", "Bob", "Cat", "Dan"], laws=True, boards=[board], program=[[1, False]]
    )
    play(t, "H2", "H6", "H8")
    t.apply(PlayTogether(NORTH, (c("HQ"), c("HJ"))))
    assert t.pending is not None and t.pending.kind == "cards_together"  # D-DU17
    t.apply(Elect(EAST, "win_2"))  # South must win the second trick
    assert t.hand is not None and len(t.hand.tricks) == 1  # HQ won trick 1; HJ lies exposed
    assert t.view(EAST).penalty_cards == {NORTH: CardSet([c("HJ")])}
    return t


def test_dl6_the_second_trick_binds_when_one_of_the_cards_goes_to_it() -> None:
    t = together_win_2()
    play(t, "HJ", "H3")  # North leads his exposed HJ to trick 2
    assert cards(t, SOUTH) == {c("HA"), c("HK")}


def test_dl6_the_second_trick_does_not_bind_when_none_of_the_cards_goes_to_it() -> None:
    t = together_win_2()
    play(t, "C3", "C5")  # North leads a club; HJ is not played to trick 2
    assert cards(t, SOUTH) == {c("CA"), c("CK"), c("C4")}
    play(t, "C4")  # South lets the trick go: no failure (DL-5) is recorded
    h = t.hand
    assert h is not None and "failures" not in h.notes and "win_due" not in h.notes
