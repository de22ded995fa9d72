"""Issue 13, point 13: computer players claim every irregularity their own view proves (D-G7).

Mort's revoke is corrected only if it is claimed before the trick is quitted (M-6.1), and the
adversaries see Mort's cards: they claim it at once. Any other revoke is left to be established
(the penalty is worth more than a correction) and claimed when the hand is played; a revoke is
never claimed from a concealed card, only once the claimant's view proves it. Every game is
driven in laws mode by computer players of each kind; the revoke itself is the one irregular
move the test makes.
"""

from __future__ import annotations

import random
import time
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from server_helpers import SyncClient, pick
from vivant.actions import AskRenounce, CallCard, ClaimRevoke, CorrectRevoke, Play
from vivant.cards import EAST, NORTH, SOUTH, SUIT_MASK, WEST, cards_of, parse_card
from vivant.duplicate.table import DuplicateTable
from vivant.laws import revokes_in_view
from vivant.players import Player, find_player, offer_claims, step
from vivant.players.dd import DoubleDummyPlayer
from vivant.server import create_app
from vivant.server.store import Store
from vivant.table import PLAY, Table
from vivant.variants import VARIANTS
from vivant.variants.mort import MortTable

from helpers import last_hand, mort_at, play

# V = N, R = E, M = S, L = W; Vivant deals for himself (spades turned), R leads.
POWER = "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"


def c(text: str) -> int:
    return parse_card(text)


def bots(t: Table, kind: str = "heuristic", *, but: tuple[str, ...] = ()) -> dict[str, Player]:
    """Computer players of ``kind`` for the players not named in ``but``; the double-dummy
    player is given the table's hands, as ``vivant play --opponents dd`` does."""
    factory = find_player(kind)
    out = {n: factory(seed=i) for i, n in enumerate(t.players) if n not in but}
    for p in out.values():
        if isinstance(p, DoubleDummyPlayer):
            p.attach(t)
    return out


def vivant(t: MortTable) -> str:
    name = t.seat_player(NORTH)
    assert name is not None
    return name


# --- Mort: the adversaries see Mort's cards -----------------------------------------------------


def test_an_adversary_bot_claims_morts_revoke_before_the_trick_is_quitted() -> None:
    t = mort_at(POWER, "SA", laws=True)
    players = bots(t, but=(vivant(t),))  # Vivant is a person; L and R are computer players
    play(t, "HJ", "S6")  # Vivant plays a spade from Mort, who holds hearts
    done = step(t, players, random.Random(0))  # L's turn: an adversary first claims
    assert done.action in (ClaimRevoke(EAST, 1), ClaimRevoke(WEST, 1))
    assert t.to_act() == NORTH and t.pending is None  # Mort is corrected without penalty
    t.apply(CorrectRevoke(SOUTH, c("H8")))
    rec = t.hand.irregularities[-1]  # type: ignore[union-attr]
    assert (rec.kind, rec.rule) == ("revoke_corrected", "M-6.1")


def test_morts_revoke_with_vivant_to_lead_next_is_claimed_before_he_leads() -> None:
    """The revoke is the last card of the trick and Vivant (a person) leads next: the bots speak
    before his lead quits the trick."""
    t = mort_at(POWER, "SA", laws=True)
    players = bots(t, but=(vivant(t),))
    play(t, "ST", "H8", "S2", "SA")  # Mort's heart on a spade lead: a revoke
    assert t.to_act() == NORTH  # Vivant won the trick with the ace and leads
    done = offer_claims(t, players)
    assert done is not None and done.action in (ClaimRevoke(EAST, 1), ClaimRevoke(WEST, 1))
    assert t.hand is not None and len(t.hand.trick) == 4  # the trick taken back up
    assert t.to_act() == NORTH and t.view(NORTH).to_play == SOUTH


def test_a_concealed_hands_revoke_is_claimable_only_once_the_view_proves_it() -> None:
    t = mort_at(POWER, "SA", laws=True)
    players = bots(t)
    play(t, "HJ", "H8")
    t.apply(Play(WEST, c("D2")))  # L revokes: he holds hearts, which nobody can see yet
    play(t, "HA")
    assert t.hand is not None and t.hand.revokes
    assert t.revoke_claims(NORTH) == []  # Vivant's view shows nothing
    assert offer_claims(t, players) is None
    rng = random.Random(1)
    proved = False
    while t.phase == PLAY:
        assert bool(t.revoke_claims(NORTH)) == proved
        done = step(t, players, rng)
        assert not isinstance(done.action, ClaimRevoke)  # left to be established, then claimed
        proved = proved or (1, WEST) in revokes_in_view(t.view(NORTH))
        if (
            isinstance(done.action, Play)
            and done.action.seat == WEST
            and done.action.card // 13 == 1
        ):
            assert proved  # L has shown a heart since
    assert proved and t.phase == "claims"
    done = step(t, players, rng)  # the hand is played: the revoke is claimed
    assert done.action == ClaimRevoke(NORTH, 1)


# --- every game, every player kind ----------------------------------------------------------------

GAMES: list[tuple[str, int]] = [
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


def table_of(game: str, n: int) -> Table:
    names = [f"P{i + 1}" for i in range(n)]
    if game == "duplicate":
        return DuplicateTable(names, laws=True, trays=2)
    return VARIANTS[game](names, laws=True)


def revoke_now(t: Table, dummies_only: bool) -> Play | None:
    """A revoke the hand to play can make now (it holds the suit led and another), preferring
    an exposed hand never liable to penalty where the game has one."""
    h = t.hand
    if t.phase != PLAY or h is None or not h.trick or t.pending is not None or h.must_correct:
        return None
    seat = t.view(None).to_play
    assert seat is not None
    if dummies_only and seat not in t.dummy_seats:
        return None
    led = SUIT_MASK << (13 * (h.trick[0] // 13))
    other = h.hands[seat] & ~led
    if not h.hands[seat] & led or not other:
        return None
    return Play(seat, cards_of(other)[0])


def drive_with_one_revoke(t: Table, players: dict[str, Player], seed: int) -> dict[str, Any]:
    """Play with computer players; make one revoke (the test's only irregular move); return what
    happened: the revoke, the claim and the step at which the claimants' view first proved it."""
    rng = random.Random(seed)
    dummies = bool(t.dummy_seats)
    made: Play | None = None
    trick = 0
    proved_at = claimed_at = None
    claim = None
    phase = None
    for i in range(3000):
        if t.is_over() or claim is not None:
            break
        if made is None and (revoke := revoke_now(t, dummies)) is not None:
            assert t.hand is not None
            trick = len(t.hand.tricks) + 1
            t.apply(revoke)
            made = revoke
            continue
        if made is not None and proved_at is None:
            side = t.seat_sides[made.seat]
            if any(
                (trick, made.seat) in revokes_in_view(t.view(s))
                for s in range(4)
                if t.seat_sides[s] != side and s in t.electors(1 - side)
            ):
                proved_at = i
        phase = t.phase
        done = step(t, players, rng)
        if isinstance(done.action, ClaimRevoke):
            claim, claimed_at = done, i
    return {
        "revoke": made,
        "trick": trick,
        "claim": claim,
        "proved_at": proved_at,
        "claimed_at": claimed_at,
        "phase": phase,
    }


@pytest.mark.parametrize(("game", "n"), GAMES)
@pytest.mark.parametrize("kind", ["random", "heuristic", "mc-fast", "dd"])
def test_every_computer_player_claims_the_revokes_its_view_proves(
    game: str, n: int, kind: str
) -> None:
    t = table_of(game, n)
    players = bots(t, kind)
    got = drive_with_one_revoke(t, players, seed=7)
    made, claim = got["revoke"], got["claim"]
    assert made is not None, "no revoke could be made"
    assert claim is not None, f"{kind} players never claimed {made}"
    assert claim.player in players
    assert t.seat_sides[claim.seat] != t.seat_sides[made.seat]  # the other side claims
    assert claim.action == ClaimRevoke(claim.seat, got["trick"])
    assert got["proved_at"] is not None and got["claimed_at"] >= got["proved_at"]
    h = t.hand
    if made.seat in t.dummy_seats:  # never liable: claimed at once, corrected in time
        assert got["claimed_at"] == got["proved_at"] and got["phase"] == PLAY
        assert h is not None and h.must_correct == made.seat and t.pending is None
        return
    assert got["phase"] == "claims"  # left to be established, claimed when the hand is played
    rng = random.Random(3)
    while t.hand is h and not t.is_over():
        step(t, players, rng)
    kinds = [(i["kind"], i["trick"]) for i in last_hand(t)["irregularities"]]
    assert ("revoke", got["trick"]) in kinds  # in the record, claimed by the computer player


def test_a_bot_asks_its_partner_having_none_when_it_sees_him_hold_the_suit() -> None:
    """Duplicate Whist: West's penalty card (a heart) lies face up; he renounces to a heart
    lead. East sees it and asks him (DL-3); the revoke is corrected in time."""
    board = {
        "tray": 1,
        "dealer": "N",
        "trump": "D",
        "turn_up": None,
        "deal": "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432",
    }
    t = DuplicateTable(
        ["Ann", "Bob", "Cat", "Dan"], laws=True, boards=[board], program=[[1, False]]
    )
    t.apply(Play(WEST, c("H2")))  # West leads out of turn (East's lead)
    t.apply(t.default_action())  # the card is called: exposed, face up
    assert t.view(EAST).penalty_cards[WEST]
    play(t, "HJ", "H6")
    t.apply(Play(WEST, c("S2")))  # West renounces though his H2 lies before him
    players = bots(t)
    done = offer_claims(t, players)
    assert done is not None and done.action == AskRenounce(EAST)
    assert t.pending is not None and t.pending.kind == "revoke_correction"
    assert t.pending.electors == (NORTH, SOUTH)


# --- at a served table --------------------------------------------------------------------------


def test_the_servers_computer_players_claim_morts_revoke_made_by_a_person(
    tmp_path: Path,
) -> None:
    """A person is Vivant at a served Mort table (laws mode) and plays a card of another suit
    from Mort, who holds the suit led: a computer adversary claims it before the trick is
    quitted, and the person is asked to correct it."""
    players = [{"name": "Ann", "kind": "human"}]
    players += [{"name": f"Bot{i}", "kind": "heuristic"} for i in (1, 2)]
    with TestClient(create_app(f"sqlite:///{tmp_path / 'v.db'}", bot_delay=0.0)) as client:
        r = client.post(
            "/api/tables", json={"variant": "mort", "players": players, "seed": 5, "laws": True}
        )
        assert r.status_code == 201, r.text
        table = r.json()
        rng = random.Random(0)
        with client.websocket_connect(f"/ws/{table['id']}") as ws:
            ann = SyncClient(ws, "Ann")
            ann.hello(table["invites"][0]["token"], accept_seed=5)
            revoked = None
            for _ in range(5000):
                ann.sync()
                state = ann.state
                assert state is not None and state["status"] != "over"
                if state["waiting_for"] != "Ann" or not state["legal"]:
                    time.sleep(0.001)
                    continue
                if revoked is not None:
                    break
                revoked = _revoke_from_mort(state)
                reply = ann.act(revoked or pick(state["legal"], rng))
                assert reply["type"] == "ack", reply
            assert revoked is not None, "Ann never played Mort's cards"
            assert {a["type"] for a in state["legal"]} == {"CorrectRevoke"}
        store: Store = client.app.state.store  # type: ignore[attr-defined]
        rows = store.load_events(table["id"])
        claim = next(r for r in rows if r.action["type"] == "ClaimRevoke")
        assert claim.actor in ("Bot1", "Bot2") and claim.seq == rows[-1].seq


def _revoke_from_mort(state: dict[str, Any]) -> dict[str, Any] | None:
    """A revoking card from Mort's hand, when the person is to play Mort's card and may."""
    view = state["view"]
    mort = next(s for s, r in view["roles"].items() if r == "M")
    plays = [a for a in state["legal"] if a["type"] == "Play" and a["seat"] == mort]
    trick = (view["trick"] or {}).get("cards") or []
    if not plays or not trick:
        return None
    led = trick[0][0]
    other = [c for c in view["exposed"][mort] if c[0] != led]
    if not other or all(c[0] != led for c in view["exposed"][mort]):
        return None
    return {"type": "Play", "seat": mort, "card": other[0]}


# L holds no diamond; V = N, R = E, M = S, L = W; Vivant deals (clubs turned), R leads.
VOID = "N:AKQ.KQJ.AKQ.AKQJ JT9.T985.JT9.T98 876.764.8765432. 5432.A32..765432"


def test_a_bot_calls_a_persons_exposed_card_before_he_plays() -> None:
    """WL-5.2: L, a person, led his HA out of turn and it lies exposed; on a diamond lead (L has
    none) Vivant's computer player calls it, since it cannot win the trick."""
    t = mort_at(VOID, "CA", laws=True)
    t.apply(Play(WEST, c("HA")))  # R's lead
    t.apply(t.default_action())  # Vivant has the card called: it lies face up
    play(t, "DJ", "D2")
    person = t.seat_player(WEST)
    players = bots(t, but=(person,) if person else ())
    done = offer_claims(t, players)
    assert done is not None and done.action == CallCard(NORTH, WEST, c("HA"))
    assert t.legal_actions(WEST) == [Play(WEST, c("HA"))]
