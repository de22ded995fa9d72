"""English Dummy at the table: cutting and the tournée (ED-2), dealing (ED-3), play, scoring
through English whist, the continuous-dummy option, and the laws of ED-6 (EDV-* vectors)."""

from __future__ import annotations

import pytest

from vivant.actions import (
    AfterTournee,
    CallSuit,
    ChoosePenalty,
    ChooseSeatsAndPack,
    Claim,
    ClaimRevoke,
    CorrectRevoke,
    Cut,
    Deal,
    Elect,
    Play,
    PlayTogether,
    WaiveRevokes,
    action_from_json,
)
from vivant.cards import EAST, NORTH, SOUTH, WEST, CardSet, parse_card
from vivant.errors import IllegalPlayError, InvalidActionError, OutOfTurnError, WrongSeatError
from vivant.variants import find_variant
from vivant.variants.english_dummy import EnglishDummyTable

from helpers import auto, deal, finish_hand, formed, pbn_hands, play, snapshot

# Dummy (N) holds every master; spades trumps when N's SA is turned.
POWER = "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"
# DP (S) holds the masters instead.
DP_POWER = "N:6543.876.876.876 T987.JT9.JT9.JT9 AKQJ.AKQ.AKQ.AKQ 2.5432.5432.5432"
# Dummy: thirteen hearts. E: S3 and twelve diamonds. DP: S2 and twelve clubs. W: the rest.
DP_REVOKES = "N:.AKQJT98765432.. 3..AKQJT9876543. 2...AKQJT9876543 AKQJT987654..2.2"


def c(text: str) -> int:
    return parse_card(text)


def seated(laws: bool = False, **options: object) -> EnglishDummyTable:
    """P1, P2, P3 cut in that order; P1 takes the default seats and pack (ED-2.3, D-G2)."""
    t = formed(EnglishDummyTable, 3, laws=laws, **options)
    assert t.phase == "choose" and t.default_action() == ChooseSeatsAndPack(SOUTH, 1, 1)
    t.apply(t.default_action())
    return t


def at_first_deal(board: str, turn_up: str, laws: bool = False) -> EnglishDummyTable:
    t = seated(laws=laws)
    assert t.dealer == NORTH and t.phase == "deal"
    deal(t, board, turn_up)
    return t


def test_registered_and_summary() -> None:
    assert find_variant("English Dummy") is EnglishDummyTable
    assert "tournée" in EnglishDummyTable.rules_summary()


def test_three_players_exactly() -> None:
    for names in (["A", "B"], ["A", "B", "C", "D"]):
        with pytest.raises(InvalidActionError, match="played by three"):
            EnglishDummyTable(names)


def test_edv_1_dummy_taken_in_cutting_order() -> None:
    """EDV-1: cuts P1 = 3, P2 = 8, P3 = K: P1 has dummy in rubber 1, P2 in 2, P3 in 3."""
    t = EnglishDummyTable(["P3", "P1", "P2"])
    for player, card in ((0, "SK"), (1, "H3"), (2, "D8")):
        t.apply(Cut(player, c(card)))
    assert t.seat_player(SOUTH) == "P1" and t.seat_player(NORTH) is None
    rec = auto(t, seed=1).record()
    assert rec["players"] == ["P1", "P2", "P3"]
    assert [r["roles"]["S"] for r in rec["rubbers"]] == ["P1", "P2", "P3"]
    for r in rec["rubbers"]:
        # The adversaries sit E and W in cutting order; dummy's first deal opens every rubber.
        others = [p for p in rec["players"] if p != r["roles"]["S"]]
        assert [r["roles"]["E"], r["roles"]["W"]] == others
        assert rec["games"][r["games"][0] - 1]["hands"][0]["dealer"] == "N"


def test_ties_recut_among_themselves() -> None:
    t = EnglishDummyTable(["A", "B", "C"])
    for player, card in enumerate(["S3", "H3", "DK"]):
        t.apply(Cut(player, c(card)))
    assert t.phase == "cut"
    t.apply(Cut(1, c("S2")))
    t.apply(Cut(0, c("S9")))
    assert t.roles() == {"S": "B", "E": "A", "W": "C"}


def test_edv_2_first_deal_of_a_rubber() -> None:
    """EDV-2: DP deals for dummy: W cuts; the cards go E, S, W, N; N's last card is trumps;
    E leads. Dummy is exposed to all before the opening lead (D-M15)."""
    t = seated()
    order = tuple(range(52))
    t.apply(Deal(order=order))
    h = t.hand
    assert h is not None
    for i, seat in enumerate((EAST, SOUTH, WEST, NORTH)):
        assert h.hands[seat] >> i & 1
    v = t.view(WEST)
    assert v.dealer == NORTH and v.turn_up == 51 and v.trump == 3
    assert v.turn_up in v.exposed[NORTH] and set(v.exposed) == {NORTH}
    assert v.extra["cutter"] == "W" and v.to_play == EAST and t.to_act() == EAST


def test_ed_2_3_the_lowest_cutter_chooses_seats_and_pack() -> None:
    """ED-2.3: the lowest cutter (P1, DP of rubber 1) chooses who sits on his right and which
    pack is dealt first; by default (D-G2) the adversary who cut lower, P2, and pack 1."""
    t = formed(EnglishDummyTable, 3)
    assert t.phase == "choose" and t.to_act() == SOUTH and t.seat_player(SOUTH) == "P1"
    assert t.legal_actions(SOUTH) == [
        ChooseSeatsAndPack(SOUTH, 1, 1),
        ChooseSeatsAndPack(SOUTH, 1, 2),
        ChooseSeatsAndPack(SOUTH, 2, 1),
        ChooseSeatsAndPack(SOUTH, 2, 2),
    ]
    assert all(t.legal_actions(s) == [] for s in (NORTH, EAST, WEST))
    assert t.default_action() == ChooseSeatsAndPack(SOUTH, 1, 1)
    assert t.view(EAST).extra["pack"] is None
    before = snapshot(t)
    for action, error, match in (
        (ChooseSeatsAndPack(EAST, 2, 1), WrongSeatError, "the lowest cutter, P1 \\(S\\)"),
        (ChooseSeatsAndPack(SOUTH, 0, 1), InvalidActionError, "player 0 is not an adversary"),
        (ChooseSeatsAndPack(SOUTH, 7, 1), InvalidActionError, "one of 1 \\(P2\\), 2 \\(P3\\)"),
        (ChooseSeatsAndPack(SOUTH, 2, 3), InvalidActionError, "the pack is 1 or 2"),
        (Deal.from_seed(1), InvalidActionError, "no deal is due"),
        (Play(EAST, c("SA")), InvalidActionError, "no hand is being played"),
    ):
        with pytest.raises(error, match=match):
            t.apply(action)
        assert snapshot(t) == before
    data = ChooseSeatsAndPack(SOUTH, 2, 2).to_json()
    assert data == {"type": "ChooseSeatsAndPack", "seat": "S", "right": 2, "pack": 2}
    events = t.apply(action_from_json(data))
    assert [(e.kind, e.data) for e in events] == [
        ("seats", {"S": "P1", "E": "P3", "W": "P2", "pack": 2})
    ]
    assert t.phase == "deal" and t.dealer == NORTH and t.view(None).extra["pack"] == 2
    with pytest.raises(InvalidActionError, match="chosen once"):
        t.apply(ChooseSeatsAndPack(SOUTH, 1, 1))
    # P3, on DP's right, is the eldest hand at dummy's deal: he leads; P2 (W) cut the pack.
    t.apply(Deal(order=tuple(range(52))))
    assert t.to_act() == EAST and t.seat_player(EAST) == "P3"
    assert t.view(EAST).extra["cutter"] == "W" and t.seat_player(WEST) == "P2"
    rec = auto(t, seed=3).record()
    assert rec["rubbers"][0]["roles"] == {"S": "P1", "E": "P3", "W": "P2"}
    # Rubbers 2 and 3: the adversaries in cutting order, the lower at E (no further choice).
    assert rec["rubbers"][1]["roles"] == {"S": "P2", "E": "P1", "W": "P3"}
    assert rec["rubbers"][2]["roles"] == {"S": "P3", "E": "P1", "W": "P2"}
    # The packs alternate from the one chosen, deal after deal, through the tournée.
    hands = [h for g in rec["games"] for h in g["hands"]]
    assert [h["pack"] for h in hands] == [2 if i % 2 == 0 else 1 for i in range(len(hands))]
    again = EnglishDummyTable.replay(t.config(), t.log_json())
    assert again.record() == rec and again.log == t.log


def test_ed_2_3_a_new_deal_by_the_same_dealer_keeps_the_pack() -> None:
    """A misdeal passes the deal and the next pack with it; an exposed card's new deal is made
    by the same dealer with the same pack."""
    from vivant.actions import ReportExposed, ReportMisdeal

    t = at_first_deal(POWER, "SA", laws=True)
    assert t.view(None).extra["pack"] == 1
    t.apply(ReportExposed(EAST, c("SK"), by=SOUTH))  # DP dealt dummy's king face up
    t.apply(Elect(EAST, "redeal"))
    assert t.dealer == NORTH and t.view(None).extra["pack"] == 1
    deal(t, POWER, "SA")
    t.apply(ReportMisdeal(EAST, "deal"))
    t.apply(t.default_action())
    assert t.dealer == EAST and t.view(None).extra["pack"] == 2


def tournee_played(seed: int = 4) -> EnglishDummyTable:
    t = auto(seated(), seed=seed)
    assert t.is_over() and t.phase == "tournee_over" and len(t.rubber_records) == 3
    return t


def test_ed_2_5_after_a_tournee_the_table_breaks_up_by_default() -> None:
    """ED-2.5 with D-G2: the tournée played out completes the sitting; the players, in cutting
    order, may stay or retire; by default the first retires and, nobody taking his place, the
    table breaks up."""
    t = tournee_played()
    p1 = next(s for s in (EAST, SOUTH, WEST) if t.seat_player(s) == "P1")
    assert t.to_act() == p1
    assert t.legal_actions(p1) == [AfterTournee(p1, False), AfterTournee(p1, True)]
    assert all(t.legal_actions(s) == [] for s in range(4) if s != p1)
    assert t.default_action() == AfterTournee(p1, False)
    rec = t.record()
    assert rec["tournees"] == [{"players": ["P1", "P2", "P3"], "rubbers": [1, 2, 3], "retired": {}}]
    events = t.apply(t.default_action())
    assert [(e.kind, e.data) for e in events] == [("table_broken_up", {"retired": "P1"})]
    assert t.phase == "over" and t.record() == rec
    with pytest.raises(InvalidActionError, match="the sitting is over"):
        t.apply(AfterTournee(p1, True))


def test_ed_2_5_a_player_retires_a_newcomer_takes_his_place_and_all_cut_afresh() -> None:
    """ED-2.5: P2 retires and Dora takes his place; all cut afresh and earlier position gives no
    rights: Dora, cutting lowest, takes dummy first and chooses seats and cards (ED-2.3)."""
    t = tournee_played()
    seat_of = {t.seat_player(s): s for s in (EAST, SOUTH, WEST)}
    t.apply(AfterTournee(seat_of["P1"], True))
    assert t.to_act() == seat_of["P2"] and t.phase == "tournee_over"
    before = snapshot(t)
    for action, error, match in (
        (AfterTournee(seat_of["P3"], True), WrongSeatError, "P2 \\([ESW]\\) says now"),
        (AfterTournee(seat_of["P2"], True, "Dora"), InvalidActionError, "stays names no"),
        (AfterTournee(seat_of["P2"], False, "P3"), InvalidActionError, "already played"),
        (AfterTournee(seat_of["P2"], False, "  "), InvalidActionError, "not only spaces"),
        (AfterTournee(seat_of["P2"], False, "x" * 41), InvalidActionError, "1 to 40"),
        (Cut(1, c("CA")), InvalidActionError, "already been formed"),
        (Deal.from_seed(1), InvalidActionError, "no deal is due"),
    ):
        with pytest.raises(error, match=match):
            t.apply(action)
        assert snapshot(t) == before
    data = AfterTournee(seat_of["P2"], False, "Dora").to_json()
    assert data == {
        "type": "AfterTournee",
        "seat": "NESW"[seat_of["P2"]],
        "stay": False,
        "newcomer": "Dora",
    }
    events = t.apply(action_from_json(data))
    assert [e.kind for e in events] == ["retires"]
    with pytest.raises(InvalidActionError, match="taking another place"):
        t.apply(AfterTournee(seat_of["P3"], False, "Dora"))
    events = t.apply(AfterTournee(seat_of["P3"], True))
    assert [(e.kind, e.data) for e in events] == [
        ("stays", {"player": "P3", "newcomer": ""}),
        ("new_tournee", {"players": ["P1", "Dora", "P3"]}),
    ]
    assert t.phase == "cut" and not t.is_over() and t.players[3] == "Dora"
    assert t.awaiting_chance() and t.to_act() is None and t.view(None).extra["tournee"] == 1
    assert t.view(SOUTH).names == {} and "roles" not in t.view(SOUTH).extra
    with pytest.raises(WrongSeatError, match="does not cut now"):
        t.apply(Cut(1, c("CA")))  # P2 has retired
    for player, card in ((3, "CA"), (2, "D2"), (0, "H3")):
        t.apply(Cut(player, c(card)))
        snapshot(t)  # every view and the record can be built while the table cuts
    assert t.phase == "choose" and t.seat_player(SOUTH) == "Dora"
    assert t.default_action() == ChooseSeatsAndPack(SOUTH, 2, 1)
    assert t.view(None).extra["tournee"] == 2 and t.view(None).extra["pack"] is None
    auto(t, seed=5)
    rec = t.record()
    assert rec["tournees"][0]["retired"] == {"P2": "Dora"}
    assert rec["tournees"][1] == {
        "players": ["Dora", "P3", "P1"],
        "rubbers": [4, 5, 6],
        "retired": {},
    }
    assert [r["roles"]["S"] for r in rec["rubbers"]] == ["P1", "P2", "P3", "Dora", "P3", "P1"]
    assert rec["players"] == ["Dora", "P3", "P1", "P2"]
    # P2 settled his three rubbers; the sitting stays zero-sum with the newcomer.
    first = sum(r["settlement"].get("P2", 0) for r in rec["rubbers"][:3])
    assert rec["settlement"]["P2"] == first and sum(rec["settlement"].values()) == 0
    assert t.config()["players"] == ["P1", "P2", "P3"]
    again = EnglishDummyTable.replay(t.config(), t.log_json())
    assert again.record() == rec and again.phase == t.phase


def test_deal_passes_left_and_dp_cuts_for_dummy() -> None:
    """ED-3.2 with D-ED3: the deal goes N, E, S, W; when E deals, dummy is the pone and DP cuts."""
    t = formed(EnglishDummyTable, 3)
    assert [t.cutter(d) for d in (NORTH, EAST, SOUTH, WEST)] == [WEST, SOUTH, EAST, SOUTH]
    rec = auto(t, seed=5).record()
    for r in rec["rubbers"]:
        hands = [h for g in r["games"] for h in rec["games"][g - 1]["hands"]]
        for i, hand in enumerate(hands):
            assert hand["dealer"] == "NESW"[i % 4]
            assert hand["tricks"][0]["leader"] == "NESW"[(i + 1) % 4]


def test_dp_plays_for_dummy_and_dummy_cannot_act() -> None:
    t = at_first_deal(POWER, "SA")
    play(t, "HJ", "H8", "H5")
    assert t.to_act() == SOUTH
    assert t.legal_actions(NORTH) == []
    assert {a.card for a in t.legal_actions(SOUTH)} == {c("HA"), c("HK"), c("HQ")}  # type: ignore[attr-defined]


def test_hand_scored_with_dummys_honours_for_dp() -> None:
    """ED-5.1: DP's side wins every trick (13 − 6 = 7, capped at game 5); honours unscored
    because tricks made the game (ES-4); the next hand is a new game."""
    t = at_first_deal(POWER, "SA")
    finish_hand(t)
    hand = t.games[0]["hands"][0]
    assert hand["won"] == {"NS": 13, "EW": 0} and hand["honours"] == {"NS": 4, "EW": 0}
    assert hand["scored"] == [{"item": "tricks", "side": "NS", "points": 5}]
    assert t.games[0]["winner"] == "NS" and t.games[0]["value"] == 3
    assert t.phase == "deal" and t.dealer == EAST


def test_edv_3_and_rubber_structure() -> None:
    """EDV-3 at the table: DP receives the rubber value from each adversary (double); rubbers
    are two or three games, none after 2–0."""
    rec = auto(formed(EnglishDummyTable, 3), seed=7).record()
    assert len(rec["rubbers"]) == 3
    for r in rec["rubbers"]:
        roles = r["roles"]
        s = r["settlement"]
        sign = 1 if r["winner"] == "NS" else -1
        assert s[roles["S"]] == 2 * sign * r["value"]
        assert s[roles["E"]] == s[roles["W"]] == -sign * r["value"]
        winners = [rec["games"][g - 1]["winner"] for g in r["games"]]
        assert len(winners) in (2, 3) and winners.count(r["winner"]) == 2
        assert winners[-1] == r["winner"]
    assert sum(rec["settlement"].values()) == 0


def test_edv_4_to_6_continuous_dummy() -> None:
    """ED-2.6 / D-ED4: one player keeps dummy and concedes a point a rubber."""
    t = seated(continuous=True)
    rec = auto(t, seed=2).record()
    assert rec["continuous"] and [r["roles"]["S"] for r in rec["rubbers"]] == ["P1"] * 3
    for r in rec["rubbers"]:
        net = r["value"] - 1 if r["winner"] == "NS" else -r["value"] - 1
        assert r["settlement"]["P1"] == 2 * net
    again = EnglishDummyTable.replay(t.config(), t.log_json())
    assert again.record() == rec


# --- the laws of ED-6 -----------------------------------------------------------------------------


def test_edv_7_dummy_revoke_stands_once_quitted() -> None:
    t = at_first_deal(POWER, "SA", laws=True)
    play(t, "HJ", "H8", "H5", "SK")  # dummy trumps while holding hearts, and wins
    play(t, "HA")  # dummy's next lead quits the trick
    before = snapshot(t)
    with pytest.raises(InvalidActionError, match="never liable to penalty"):
        t.apply(ClaimRevoke(EAST, 1))
    assert snapshot(t) == before
    finish_hand(t)
    hand = t.games[0]["hands"][0]
    assert hand["won"] == hand["tricks_in_play"] and hand["irregularities"] == []
    assert t.phase == "deal"  # no claims phase: dummy's revoke is never penalised


def test_d_ed1_dummy_revoke_corrected_without_penalty() -> None:
    t = at_first_deal(POWER, "SA", laws=True)
    play(t, "HJ", "H8", "H5", "SK")
    # Found before the trick is quitted: corrected; dummy's card goes back, no penalty card.
    t.apply(ClaimRevoke(WEST, 1))
    assert t.legal_actions(SOUTH) == [CorrectRevoke(NORTH, c(x)) for x in ("HQ", "HK", "HA")]
    t.apply(CorrectRevoke(NORTH, c("HA")))
    assert t.view(EAST).penalty_cards == {}
    last = t.view(EAST).tricks[-1]
    assert last.cards == (c("HJ"), c("H8"), c("H5"), c("HA")) and last.winner == NORTH
    assert t.hand is not None and t.hand.irregularities[-1].rule == "D-ED1"


def dp_revoke_hand() -> EnglishDummyTable:
    t = at_first_deal(DP_REVOKES, "H2", laws=True)
    play(t, "S3", "C3", "SA", "H2")  # DP holds S2 and revokes; dummy trumps
    finish_hand(t)
    assert t.phase == "claims" and t.to_act() == EAST
    assert t.legal_actions(EAST) == [ClaimRevoke(EAST, 1), WaiveRevokes(EAST)]
    t.apply(ClaimRevoke(EAST, 1))
    assert t.phase == "penalty"
    assert [a.option for a in t.legal_actions(WEST)] == ["T", "D", "A"]  # type: ignore[attr-defined]
    with pytest.raises(WrongSeatError, match="chosen by EW"):
        t.apply(ChoosePenalty(SOUTH, 1, "T"))
    return t


def test_edv_8_dp_revoke_three_tricks_and_no_game() -> None:
    """ED-6.2: DP's side loses three tricks and cannot win the game on that hand (WL-7.8)."""
    t = dp_revoke_hand()
    t.apply(ChoosePenalty(WEST, 1, "T"))
    hand = t.games[0]["hands"][0] if t.games else t.hand_records[0]
    assert hand["tricks_in_play"] == {"NS": 13, "EW": 0}
    assert hand["won"] == {"NS": 10, "EW": 3}
    assert hand["score"] == {"NS": 4, "EW": 0}  # 4 by cards, stopped at 4; honours barred
    assert hand["irregularities"][0]["election"] == "T"


@pytest.mark.parametrize(
    ("option", "score"), [("D", {"NS": 4, "EW": 0}), ("A", {"NS": 4, "EW": 3})]
)
def test_dp_revoke_points_options(option: str, score: dict[str, int]) -> None:
    t = dp_revoke_hand()
    t.apply(ChoosePenalty(EAST, 1, option))
    assert t.hand_records[0]["score"] == score


def test_dp_revoke_corrected_in_time_not_exposed() -> None:
    t = at_first_deal(DP_REVOKES, "H2", laws=True)
    play(t, "S3", "C3")
    t.apply(CorrectRevoke(SOUTH, c("S2")))  # DP sees his own error before the trick is quitted
    assert t.view(EAST).penalty_cards == {}  # ED-6.3: DP not penalised for a card shown
    assert t.hand is not None and t.hand.irregularities[-1].rule == "ED-6.3"


def test_edv_9_lead_from_dummy_when_dp_had_the_lead() -> None:
    t = at_first_deal(DP_POWER, "S3", laws=True)
    play(t, "HJ", "HA", "H5", "H6")  # DP wins: DP's own hand leads
    assert t.to_act() == SOUTH and t.view(SOUTH).to_play == SOUTH
    t.apply(Play(NORTH, c("C6")))  # DP leads from dummy instead
    assert t.pending is not None and t.pending.rule == "ED-6.4"
    assert t.pending.electors == (EAST, WEST)
    assert t.pending.options == ("call_suit", "take_back", "accept")
    t.apply(Elect(WEST, "call_suit"))
    assert t.to_act() == WEST
    assert t.legal_actions(WEST) == [CallSuit(WEST, s) for s in range(4)]
    t.apply(CallSuit(WEST, 2))  # diamonds from DP's hand
    with pytest.raises(IllegalPlayError, match="diamonds were called"):
        t.apply(Play(SOUTH, c("SA")))
    assert {a.card for a in t.legal_actions(SOUTH)} == {c("DA"), c("DK"), c("DQ")}  # type: ignore[attr-defined]
    assert t.view(EAST).penalty_cards == {}  # the card from dummy went back


def test_edv_10_dp_leads_when_an_adversary_had_the_lead() -> None:
    t = at_first_deal(DP_POWER, "S3", laws=True)
    before_hand = CardSet(t.hand.hands[SOUTH])  # type: ignore[union-attr]
    t.apply(Play(SOUTH, c("SA")))  # E's lead
    assert t.pending is None and t.to_act() == EAST
    assert CardSet(t.hand.hands[SOUTH]) == before_hand  # type: ignore[union-attr]
    assert t.hand.irregularities[-1].rule == "ED-6.4"  # type: ignore[union-attr]


def test_ed_6_5_adversary_leads_out_of_turn_dp_elects() -> None:
    t = at_first_deal(DP_POWER, "S3", laws=True)
    t.apply(Play(WEST, c("S2")))  # E's lead
    assert t.pending is not None and t.pending.electors == (SOUTH,)
    assert t.pending.options == ("accept", "call_card", "call_suit")
    t.apply(Elect(SOUTH, "call_card"))
    assert t.view(NORTH).penalty_cards == {WEST: CardSet([c("S2")])}


def test_d_ed2_two_cards_by_dp_he_names_the_card() -> None:
    t = at_first_deal(DP_POWER, "S3", laws=True)
    play(t, "HJ")
    t.apply(PlayTogether(SOUTH, (c("HA"), c("HK"))))
    assert t.pending is not None and t.pending.electors == (SOUTH,)
    assert t.pending.rule == "ED-6.3"
    t.apply(Elect(SOUTH, "HK"))
    assert t.view(EAST).penalty_cards == {}
    assert t.hand is not None and t.hand.hands[SOUTH] >> c("HA") & 1


def test_two_cards_by_an_adversary_dp_chooses() -> None:
    t = at_first_deal(DP_POWER, "S3", laws=True)
    t.apply(PlayTogether(EAST, (c("HJ"), c("DJ"))))
    assert t.pending is not None and t.pending.electors == (SOUTH,)
    t.apply(Elect(SOUTH, "DJ"))
    assert t.view(SOUTH).penalty_cards == {EAST: CardSet([c("HJ")])}


def test_misdeal_passes_the_deal() -> None:
    from vivant.actions import ReportMisdeal

    t = at_first_deal(POWER, "SA", laws=True)
    t.apply(ReportMisdeal(EAST, "deal"))
    assert t.pending is not None and t.pending.electors == (EAST, WEST)
    t.apply(t.default_action())
    assert t.phase == "deal" and t.dealer == EAST


# --- bad input ------------------------------------------------------------------------------------


def test_bad_input_leaves_the_table_unchanged() -> None:
    t = at_first_deal(POWER, "SA")
    for action, error in (
        (Play(SOUTH, c("S6")), OutOfTurnError),
        (Play(EAST, c("SA")), IllegalPlayError),
        (Cut(0, 3), InvalidActionError),
        (Deal.from_seed(1), InvalidActionError),
        (Elect(EAST, "accept"), InvalidActionError),
        (Claim(SOUTH, 14), InvalidActionError),  # a claim is of the remaining tricks (D-TC4)
    ):
        before = snapshot(t)
        with pytest.raises(error):
            t.apply(action)
        assert snapshot(t) == before
    assert pbn_hands(POWER)[NORTH] == t.hand.hands[NORTH]  # type: ignore[union-attr]
