"""What a revoke bars, claimed or waived, in every game (issue 13, point 11).

Each game's law says whether a disability follows from the revoke itself or from the penalty the
other side claims: Mort's and Bridge for Three's slam belongs to the revoke (D-M16, D-B10); the
English games' "cannot win the game" and Bridge for Three's 28 below belong to the penalty
(D-W4, D-M16, D-B10, D-ED6, D-DD5, D-H8). Every revoke, claimed or waived, is in the hand's
record, in the event log and in the PBN profile. (Duplicate Whist's revoke waiver, D-DU13:
test_duplicate_revoke_waiver.py.)
"""

from __future__ import annotations

from typing import Any

import pytest

from vivant.actions import (
    ChoosePenalty,
    ClaimRevoke,
    Deal,
    Declare,
    Exchange,
    Pass,
    Play,
    WaiveRevokes,
)
from vivant.cards import EAST, NORTH, SOUTH, WEST, parse_card
from vivant.records.log import dumps_log, parse_log, table_record
from vivant.records.sitting import export_pbn, import_pbn, sitting_deals
from vivant.scoring.mort import score_hand
from vivant.table import CLAIMS, Table
from vivant.variants.bridge_for_three import BridgeForThreeTable
from vivant.variants.double_dummy import DoubleDummyTable
from vivant.variants.english_dummy import EnglishDummyTable
from vivant.variants.humbug import HumbugTable
from vivant.variants.mort import MortTable
from vivant.variants.thirteen import ThirteenTable

from helpers import deal, finish_hand, formed, last_hand, mort_at, play

# Mort, Vivant dealing for Mort (hearts turned at Mort's place), L leads. V: S2 and twelve
# clubs; R: thirteen diamonds; M: thirteen hearts; L: the rest. V–M win every trick.
V_REVOKES = "N:2...AKQJT9876543 ..AKQJT98765432. .AKQJT98765432.. AKQJT9876543...2"
# Mort holds SA SK and eleven trumps, V the other two trumps and eleven clubs: L leads a spade,
# Mort trumps it holding two spades, and V–M win every trick.
MORT_REVOKES = "N:.32..AKQJT987654 ..AKQJT98765432. AK.AKQJT987654.. QJT98765432...32"


def c(text: str) -> int:
    return parse_card(text)


def revokes_in(hand: dict[str, Any]) -> list[tuple[str, str, int, str | None]]:
    return [
        (i["kind"], i["offender"], i["trick"], i["election"])
        for i in hand["irregularities"]
        if i["kind"] == "revoke"
    ]


def settle_revoke(t: Table, seat: int, option: str) -> None:
    """At the end of the hand ``seat``'s side claims the revoke in trick 1 and takes ``option``,
    or (``"waived"``) waives it."""
    assert t.phase == CLAIMS and t.to_act() == seat
    if option == "waived":
        t.apply(WaiveRevokes(seat))
    else:
        t.apply(ClaimRevoke(seat, 1))
        t.apply(ChoosePenalty(seat, 1, option))


def in_every_record(t: Table, revoke: tuple[str, str, int, str]) -> None:
    """The revoke is in the hand's record, the saved event log and the PBN profile."""
    assert revoke in revokes_in(last_hand(t))
    logged = parse_log(dumps_log(t)).table
    assert revoke in revokes_in(last_hand(logged))
    assert pbn_revoke(t, revoke)
    imported = import_pbn(export_pbn(t)).table
    assert imported is not None and table_record(imported) == table_record(t)


def pbn_revoke(t: Table, revoke: tuple[str, str, int, str]) -> bool:
    """Whether the last deal of the PBN profile lists the revoke with the option elected."""
    kind, offender, trick, election = revoke
    seat = t.role_letters.index(offender)
    rows = sitting_deals(t)[-1].irregularities
    return (kind, seat, trick, election) in [(i.kind, i.offender, i.trick, i.penalty) for i in rows]


# --- Mort: the slam belongs to the revoke, the game to the penalty (D-M16) -------------------


def v_revokes_and_takes_every_trick() -> MortTable:
    t = mort_at(V_REVOKES, "H2", for_mort=True, laws=True)
    play(t, "SA", "C3", "D2", "H2")  # V holds S2 and ruffs: a revoke
    finish_hand(t)
    return t


@pytest.mark.parametrize(
    ("option", "markers", "extras"),
    [
        ("T", {"VM": 4, "LR": 0}, {"VM": 0, "LR": 0}),
        ("D", {"VM": 4, "LR": 0}, {"VM": 0, "LR": 0}),
        ("A", {"VM": 4, "LR": 0}, {"VM": 0, "LR": 3}),
        ("waived", {"VM": 7, "LR": 0}, {"VM": 0, "LR": 0}),
    ],
)
def test_mort_side_that_revoked_scores_no_slam_claimed_or_waived(
    option: str, markers: dict[str, int], extras: dict[str, int]
) -> None:
    """Seed 000: "Players cannot score a slam in a hand in which they have revoked" — whatever
    the adversaries do about the revoke. A claimed revoke also stops V–M at 4 (D-M7); a waived
    one carries no penalty, so their seven tricks over book win the game."""
    t = v_revokes_and_takes_every_trick()
    settle_revoke(t, EAST, option)
    hand = last_hand(t)
    assert hand["tricks_in_play"] == {"VM": 13, "LR": 0}
    assert "slam" not in hand
    assert hand["markers"] == markers
    game = t.games[-1] if t.games else None
    if option == "waived":
        assert game is not None and game["extras"] == extras and game["winner"] == "VM"
    else:
        assert game is None and t.view(EAST).extra["extras"] == extras
    in_every_record(t, ("revoke", "V", 1, option))


def test_mort_own_revoke_does_not_bar_vivants_slam() -> None:
    """M-6.1: Mort is never liable; his revoke, once the trick is quitted, stands "as if no
    revoke had occurred" — V–M's thirteen tricks are a slam."""
    t = mort_at(MORT_REVOKES, "H4", for_mort=True, laws=True)
    play(t, "SQ", "C4", "D2", "H4")  # Mort holds SA SK and ruffs
    finish_hand(t)
    assert t.phase == "deal"  # nothing to claim
    hand = last_hand(t)
    assert hand["tricks_in_play"] == {"VM": 13, "LR": 0}
    assert hand["slam"] == "VM"


def test_mort_adversaries_revoke_waived_vivant_keeps_his_slam() -> None:
    t = mort_at(
        "N:2...AKQJT9876543 3..AKQJT9876543. .AKQJT98765432.. AKQJT987654..2.2",
        "H2",
        for_mort=True,
        laws=True,
    )
    play(t, "SA", "S2", "D3", "H2")  # R holds S3: a revoke
    finish_hand(t)
    settle_revoke(t, NORTH, "waived")
    assert last_hand(t)["slam"] == "VM"
    in_every_record(t, ("revoke", "R", 1, "waived"))


def test_mort_score_hand_bars_the_slam_of_a_side_that_revoked_without_penalty() -> None:
    waived = score_hand((0, 0), (13, 0), revoked=(0,))
    assert (waived.slam, waived.credits, waived.markers) == (None, (0, 0), (7, 0))
    assert waived.game_over  # the cap of D-M7 follows the penalty: none was claimed
    assert score_hand((0, 0), (13, 0), revoked=(1,)).slam == 0
    claimed = score_hand((0, 0), (13, 0), [(0, "A")], revoked=(0,))
    assert (claimed.slam, claimed.markers) == (None, (4, 0))


# --- Bridge for Three: the slam belongs to the revoke, the 28 to the penalty (D-B10) ---------

# Hearts for the dealer (S): twelve trumps and SA; Dummy (N): H2 and twelve clubs; the pone (E):
# the diamonds; the eldest (W): twelve spades and C2. W leads a spade, the dealer ruffs it
# holding SA, and the dealer's side wins every trick.
DEALER_REVOKES = "N:.2..AKQJT9876543 ..AKQJT98765432. A.AKQJT9876543.. KQJT98765432...2"


@pytest.mark.parametrize(
    ("option", "won", "below", "game"),
    [("T", {"NS": 10, "EW": 3}, 28, False), ("waived", {"NS": 13, "EW": 0}, 56, True)],
)
def test_b3_revoking_dealer_scores_no_slam_claimed_or_waived(
    option: str, won: dict[str, int], below: int, game: bool
) -> None:
    """BW-7: a revoking side cannot score slam, claimed or waived (D-B10). BW-8's 28 below goes
    with the three tricks: a waived revoke leaves the dealer his seven odd tricks and his game."""
    t = formed(BridgeForThreeTable, 3, laws=True)
    deal(t, DEALER_REVOKES)
    t.apply(Declare(SOUTH, "H"))
    t.apply(Pass(WEST))
    play(t, "SK", "C3", "D2")
    t.apply(Play(SOUTH, c("H3")))  # the dealer holds SA: a revoke
    finish_hand(t)
    settle_revoke(t, EAST, option)
    hand = last_hand(t)
    assert hand["tricks_in_play"] == {"NS": 13, "EW": 0}
    assert hand["won"] == won
    assert hand["below"] == below and hand["game"] is game
    assert hand["dealer_above"] == 80  # five honours in one hand, no slam
    in_every_record(t, ("revoke", "S", 1, option))


# --- the English games: "cannot win the game" belongs to the penalty (D-W4) ------------------

# English and Double Dummy: N (a dummy) hearts; E: S3 and twelve diamonds; S: S2 and twelve
# clubs; W: the rest. S revokes on W's spade lead, N ruffs, N–S win every trick.
S_REVOKES = "N:.AKQJT98765432.. 3..AKQJT9876543. 2...AKQJT9876543 AKQJT987654..2.2"
# Humbug, hearts: N leads SA; S holds S2 and twelve trumps and ruffs; S wins twelve tricks.
HUMBUG_REVOKES = "N:AKQJT9876543...2 .2.KQJT98765432. 2.AKQJT9876543.. ..A.AKQJT9876543"


def english_dummy() -> Table:
    t = formed(EnglishDummyTable, 3, laws=True)
    t.apply(t.default_action())  # the lowest cutter takes the default seats and pack
    deal(t, S_REVOKES, "H2")
    play(t, "S3", "C3", "SA", "H2")
    return t


def double_dummy() -> Table:
    t = formed(DoubleDummyTable, 2, laws=True)
    t.apply(t.default_action())
    deal(t, S_REVOKES, "H2")
    play(t, "S3", "C3", "SA", "H2")
    return t


def humbug() -> Table:
    t = formed(HumbugTable, 2, laws=True)
    t.apply(t.default_action())
    deal(t, HUMBUG_REVOKES, "H3")
    t.apply(Exchange(NORTH, False))
    t.apply(Exchange(SOUTH, False))
    play(t, "SA")
    t.apply(Play(SOUTH, c("HA")))
    return t


@pytest.mark.parametrize(
    ("setup", "claimant", "option", "score", "winner"),
    [
        (english_dummy, EAST, "A", {"NS": 4, "EW": 3}, None),
        (english_dummy, EAST, "waived", {"NS": 5, "EW": 0}, "NS"),
        (double_dummy, WEST, "A", {"NS": 4, "EW": 3}, None),
        (double_dummy, WEST, "waived", {"NS": 5, "EW": 0}, "NS"),
        (humbug, NORTH, "T", {"N": 0, "S": 4}, None),
        (humbug, NORTH, "waived", {"N": 0, "S": 5}, "S"),
    ],
    ids=["ed-claimed", "ed-waived", "dd-claimed", "dd-waived", "hu-claimed", "hu-waived"],
)
def test_english_revoking_side_cannot_win_the_game_only_when_the_penalty_is_claimed(
    setup: Any, claimant: int, option: str, score: dict[str, int], winner: str | None
) -> None:
    """WL-7.8 with D-W4: "In whatever way the penalty be enforced" the revoking side stops at 4;
    a revoke waived carries no penalty, and its tricks (and honours) may win the game."""
    t = setup()
    finish_hand(t)
    settle_revoke(t, claimant, option)
    hand = last_hand(t)
    assert hand["score"] == score
    games: list[dict[str, Any]] = t.games
    assert (games[-1]["winner"] if games else None) == winner
    offender = t.role(SOUTH)
    in_every_record(t, ("revoke", offender, 1, option))


def test_thirteen_revoke_claimed_costs_three_tricks_waived_costs_nothing() -> None:
    """TO-5 with D-H8: the same filter as Humbug — three tricks only when claimed."""
    for option, won in (("T", {"N": 4, "S": 9}), ("waived", {"N": 1, "S": 12})):
        t = formed(ThirteenTable, 2, laws=True)
        t.apply(t.default_action())
        # N: S3..SA and C2; S: S2, H3..HA and C3; hearts turned (H2, in nobody's hand).
        n = [*range(1, 13), c("C2")]
        s = [0, *range(15, 26), c("C3")]
        order = [x for pair in zip(n, s, strict=True) for x in pair] + [c("H2")]
        t.apply(Deal(order=tuple(order + [x for x in range(52) if x not in order])))
        play(t, "SA")
        t.apply(Play(SOUTH, c("HA")))  # S holds S2: a revoke
        finish_hand(t)
        settle_revoke(t, NORTH, option)
        assert last_hand(t)["won"] == won
        in_every_record(t, ("revoke", "S", 1, option))


def test_whist_one_partners_waiver_settles_the_revoke_for_both() -> None:
    """Outside Duplicate Whist partners consult on a revoke penalty (WL-8.1): the side waives."""
    t = v_revokes_and_takes_every_trick()
    t.apply(WaiveRevokes(WEST))
    assert t.phase != CLAIMS
    with pytest.raises(ValueError):
        t.apply(ClaimRevoke(EAST, 1))
