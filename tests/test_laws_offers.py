"""What the laws leave open to a seat at a laws-mode table (issue 16, point 1;
:mod:`vivant.laws_offers`): every offer is one the engine records, the law a card out of turn
falls under is the engine's (D-M9, M-6.7, M-6.8), nothing is offered in strict mode or while an
election waits, and no offer depends on a card the seat may not see (D-W11, D-W13): two deals
that differ only in a hidden hand give the same offers."""

from __future__ import annotations

import copy
import random
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from server_helpers import SyncClient
from vivant.actions import Action, Play, PlayTogether, action_from_json
from vivant.cards import EAST, NORTH, SOUTH, WEST, parse_card
from vivant.cli.play import player_count
from vivant.describe import LAWS_ACTION_WORDS
from vivant.errors import InvalidActionError
from vivant.laws_offers import laws_offers, out_of_turn
from vivant.server import create_app
from vivant.table import Table
from vivant.variants import VARIANTS, find_variant

from helpers import mort_at

#: V (N) R (E) M (S) L (W); Vivant deals for himself, turn-up C2; R leads.
DEAL = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"
#: The same but L holds no spade (his spades are Mort's, Mort's clubs his): Mort's hand lies
#: face up, so the two deals differ for R and for V only in L's hand, which they do not see.
NO_SPADE = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765432.432.AKQJ. .AKQJ.T98.T98765"


def offers(t: Table, seat: int) -> list[dict[str, Any]]:
    return [o.to_json() for o in laws_offers(t, seat, t.seat_player(seat))]


def kinds(t: Table, seat: int) -> list[str]:
    return [o["type"] for o in offers(t, seat)]


def made(offer: dict[str, Any]) -> dict[str, Any]:
    """The offer's action with the first value of every field chosen."""
    action = dict(offer["action"])
    for c in offer["choose"]:
        values = c.get("cards") or [o["value"] for o in c["options"]]
        action[c["field"]] = values[: c["count"]] if c["count"] > 1 else values[0]
    return action


def test_before_the_opening_lead() -> None:
    t = mort_at(DEAL, "C2", laws=True)
    assert kinds(t, NORTH) == ["ReportMisdeal", "ReportExposed"]
    assert kinds(t, EAST) == ["PlayTogether", "ReportMisdeal", "ReportExposed"]
    assert kinds(t, SOUTH) == []  # Mort: a dummy offers nothing (Vivant acts for it)
    for o in offers(t, EAST):
        assert o["words"] == LAWS_ACTION_WORDS[o["type"]]
        trial = copy.deepcopy(t)
        trial.apply(action_from_json(made(o)))  # the engine records every offer as made
        assert trial.pending is not None
    # Vivant's lead from either hand when R should lead is withdrawn (D-M9); L's lead out of
    # turn is whist's, Vivant electing (M-6.8).
    v = out_of_turn(t, NORTH, t.seat_player(NORTH))
    assert set(v) == {NORTH, SOUTH}
    assert all("a lead out of turn (D-M9): it is taken back." in w for w in v.values())
    assert "from the hand of M (Mort)" in v[SOUTH] and "from your hand" in v[NORTH]
    (words,) = out_of_turn(t, WEST, t.seat_player(WEST)).values()
    assert words.startswith("It is R (P2)'s turn to lead.")
    assert "(M-6.8): V (P1) then chooses: accept the card as played" in words
    assert out_of_turn(t, EAST) == {}  # R is to lead: his card is in turn


def test_a_wrong_hand_lead_and_an_election_waiting() -> None:
    t = mort_at(DEAL, "C2", laws=True)
    for card in ("S8", "S5", "S4", "SA"):  # trick 1 to V; V leads next
        t.apply(Play(t.view(None).to_play or 0, parse_card(card)))
    assert t.view(None).to_play == NORTH
    (words,) = out_of_turn(t, NORTH, "P1").values()  # Mort's card, when V should lead
    assert "from the hand of M (Mort) is a lead out of turn (M-6.7)" in words
    assert (
        "R (P2) or L (P3) then choose: accept the card as played, or have the card taken back"
        in words
    )
    t.apply(PlayTogether(NORTH, (parse_card("SK"), parse_card("SQ"))))
    assert t.pending is not None
    for seat in range(4):  # only the election may be made now (the adversaries')
        assert offers(t, seat) == [] and out_of_turn(t, seat) == {}


@pytest.mark.parametrize("deal", [DEAL, NO_SPADE])
def test_offers_rest_on_what_the_seat_sees(deal: str) -> None:
    """R leads a spade, Mort follows, L discards a heart: a revoke in one deal, a renounce in
    the other. R may ask "having none?" and claim a revoke in trick 1 in both, in the same
    words; attention is no longer open (his partner has played)."""
    t = mort_at(deal, "C2", laws=True)
    for card in ("S8", "S5", "HA"):
        t.apply(Play(t.view(None).to_play or 0, parse_card(card)))
    assert offers(t, EAST) == EXPECTED_R
    assert offers(t, NORTH) == EXPECTED_V


#: V's cards, as the offer lists them.
V_HAND = ["SJ", "SQ", "SK", "SA", "H8", "H9", "HT", "D5", "D6", "D7", "C2", "C3", "C4"]
EXPECTED_R: list[dict[str, Any]] = [
    {
        "type": "AskRenounce",
        "words": LAWS_ACTION_WORDS["AskRenounce"],
        "action": {"type": "AskRenounce", "seat": "E"},
        "choose": [],
    },
    {
        "type": "ClaimRevoke",
        "words": LAWS_ACTION_WORDS["ClaimRevoke"],
        "action": {"type": "ClaimRevoke", "seat": "E"},
        "choose": [
            {
                "field": "trick",
                "words": "the trick with the revoke",
                "count": 1,
                "options": [{"value": 1, "words": "trick 1, not yet quitted"}],
            }
        ],
    },
]
EXPECTED_V: list[dict[str, Any]] = [
    {
        "type": "PlayTogether",
        "words": LAWS_ACTION_WORDS["PlayTogether"],
        "action": {"type": "PlayTogether", "seat": "N"},
        "choose": [
            {
                "field": "cards",
                "words": "the two cards played together",
                "count": 2,
                "cards": [
                    "SJ",
                    "SQ",
                    "SK",
                    "SA",
                    "H8",
                    "H9",
                    "HT",
                    "D5",
                    "D6",
                    "D7",
                    "C2",
                    "C3",
                    "C4",
                ],
            }
        ],
    },
    EXPECTED_R[1] | {"action": {"type": "ClaimRevoke", "seat": "N"}},
]


def test_strict_mode_offers_nothing_and_refuses_in_words() -> None:
    t = mort_at(DEAL, "C2")
    for seat in range(4):
        assert offers(t, seat) == [] and out_of_turn(t, seat) == {}
    with pytest.raises(InvalidActionError, match="two cards played together are recorded in laws"):
        t.apply(PlayTogether(EAST, (parse_card("S8"), parse_card("S9"))))
    with pytest.raises(InvalidActionError, match=r"it is R .*'s turn, not"):
        t.apply(Play(WEST, parse_card("S2")))


@pytest.mark.parametrize("game", sorted(set(VARIANTS) - {"duplicate"}))
def test_every_game_offers_what_its_engine_records(game: str) -> None:
    """Every game in laws mode, played at random with now and then an offer made or a card
    played out of turn: at every moment each seat's offers are in the core's words, each one
    made with its first choices is recorded by the engine (a revoke claim excepted: the engine
    examines it, D-W13), and each hand offered out of turn takes any of its cards."""
    variant = find_variant(game)
    n = player_count(variant, None)
    t = variant([f"P{i + 1}" for i in range(n)], laws=True)
    rng = random.Random(game)
    made_offers = 0
    for _ in range(100):
        if t.is_over():
            break
        if t.awaiting_chance():
            t.apply(t.chance_action(rng))
            continue
        extra: list[Action] = []
        for seat in range(4):
            if t.seat_player(seat) is None:
                continue
            for o in offers(t, seat):
                assert o["words"] == LAWS_ACTION_WORDS[o["type"]]
                action = action_from_json(made(o))
                if o["type"] != "ClaimRevoke":
                    copy.deepcopy(t).apply(action)
                    extra.append(action)
            for hand in out_of_turn(t, seat):
                card = rng.choice(
                    list(t.view(seat).hand if hand == seat else t.view(seat).exposed[hand])
                )
                copy.deepcopy(t).apply(Play(hand, card))
                extra.append(Play(hand, card))
        if extra and rng.random() < 0.1:
            t.apply(rng.choice(extra))
            made_offers += 1
            continue
        due = t.to_act()
        assert due is not None
        legal = t.legal_actions(due)
        t.apply(rng.choice(legal) if legal else t.default_action())
    assert made_offers or game in NEVER_OFFERED, game


#: Games whose random play above gives no moment for an offer (none known).
NEVER_OFFERED: frozenset[str] = frozenset()


@pytest.mark.parametrize("laws", [True, False])
def test_the_server_sends_the_laws_to_the_seated_in_laws_mode(tmp_path: Path, laws: bool) -> None:
    """The server's state carries the laws' offers to a person seated at a laws-mode table
    (Ann, Vivant, dealing: a misdeal, a card exposed, either hand out of turn), never to a
    spectator; at a strict table none, and a laws action sent anyway is refused in the
    engine's words."""
    app = create_app(f"sqlite:///{tmp_path / 'laws.db'}", bot_delay=0.0)
    with TestClient(app) as client:
        r = client.post(
            "/api/tables",
            json={
                "variant": "mort",
                "players": [
                    {"name": "Ann", "kind": "human"},
                    {"name": "Bea", "kind": "human"},
                    {"name": "Cal", "kind": "heuristic"},
                ],
                "seed": 1,
                "laws": laws,
            },
        )
        table = r.json()
        tok = {i["name"]: i["token"] for i in table["invites"]}
        with (
            client.websocket_connect(f"/ws/{table['id']}") as a,
            client.websocket_connect(f"/ws/{table['id']}") as b,
            client.websocket_connect(f"/ws/{table['id']}") as w,
        ):
            ann, bea, watcher = SyncClient(a, "Ann"), SyncClient(b, "Bea"), SyncClient(w, None)
            ann.hello(tok["Ann"], accept_seed=1)
            bea.hello(tok["Bea"], accept_seed=1)
            watcher.hello(None)
            for c, kind in ((bea, "ChooseSeats"), (ann, "ChooseDeal")):
                for _ in range(200):
                    c.sync()
                    assert c.state is not None
                    choices = [x for x in c.state["legal"] if x["type"] == kind]
                    if choices:
                        break
                else:
                    raise AssertionError(f"{c.name} was never asked to {kind}")
                pick = choices[-1]  # Ann deals for herself; Bea sits L, the eldest hand
                assert c.act(pick)["type"] == "ack"
            for c in (ann, bea, watcher):
                c.sync()
            assert ann.state is not None and watcher.state is not None
            assert "laws" not in watcher.state
            if laws:
                # The table waits for Bea's opening lead: no card has been played yet.
                for _ in range(200):
                    if ann.state["waiting_for"] == "Bea":
                        break
                    ann.sync()
                assert ann.state["waiting_for"] == "Bea", ann.state["waiting_for"]
                sent = ann.state["laws"]
                assert [o["type"] for o in sent["actions"]] == ["ReportMisdeal", "ReportExposed"]
                assert set(sent["out_of_turn"]) == {"N", "S"}
                return
            assert "laws" not in ann.state
            hand = ann.state["view"]["hand"]
            reply = ann.act({"type": "PlayTogether", "seat": "N", "cards": hand[:2]})
            assert reply["type"] == "error", reply
            assert reply["message"] == "two cards played together are recorded in laws mode only"
