"""Duplicate Whist, SEC 4: one adversary's waiver of a revoke does not bar his partner's claim
(issue 13, point 13a; D-DU13), and a revoke waived by both is recorded as waived."""

from __future__ import annotations

import pytest

from vivant.actions import ChoosePenalty, ClaimRevoke, WaiveRevokes
from vivant.cards import NORTH, SOUTH
from vivant.duplicate.table import DuplicateTable
from vivant.errors import WrongSeatError
from vivant.records.sitting import export_pbn, import_pbn, sitting_deals
from vivant.table import CLAIMS, PENALTY

from helpers import play

PLAYERS = ("Ann", "Bob", "Cat", "Dan")
POWER = "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"


def duplicate_revoke() -> DuplicateTable:
    board = {"tray": 1, "dealer": "N", "trump": "D", "turn_up": None, "deal": POWER}
    t = DuplicateTable(PLAYERS, laws=True, boards=[board], program=[[1, False]])
    play(t, "ST", "S3", "H2", "SA", "SK")  # W renounces holding S2; N's lead establishes it
    n = len(t.hand_records)
    while t.phase == "play":
        seat = t.to_act()
        assert seat is not None
        t.apply(t.legal_actions(seat)[0])
    assert t.phase == CLAIMS and len(t.hand_records) == n
    return t


def test_duplicate_one_adversarys_waiver_leaves_the_revoke_to_his_partner() -> None:
    """SEC 4: "…or either adversary waives a penalty, none can be enforced except in case of a
    revoke": North's waiver is his alone; South may still claim, and the two tricks go over."""
    t = duplicate_revoke()
    t.apply(WaiveRevokes(NORTH))
    assert t.phase == CLAIMS and t.to_act() == SOUTH
    assert t.legal_actions(SOUTH) == [ClaimRevoke(SOUTH, 1), WaiveRevokes(SOUTH)]
    assert t.legal_actions(NORTH) == []
    with pytest.raises(WrongSeatError, match="N \\(Ann\\) has waived the revoke in trick 1"):
        t.apply(ClaimRevoke(NORTH, 1))
    with pytest.raises(WrongSeatError):
        t.apply(WaiveRevokes(NORTH))
    t.apply(ClaimRevoke(SOUTH, 1))
    assert t.phase == PENALTY
    t.apply(ChoosePenalty(SOUTH, 1, "T"))
    rec = t.hand_records[-1]
    played = rec["tricks_in_play"]
    assert rec["won"] == {"NS": played["NS"] + 2, "EW": played["EW"] - 2}
    (revoke,) = [i for i in rec["irregularities"] if i["kind"] == "revoke"]
    assert (revoke["offender"], revoke["election"], revoke["waived_by"]) == ("W", "T", ["N"])
    again = DuplicateTable.replay(t.config(), t.log_json())
    assert again.record() == t.record()


def test_duplicate_revoke_waived_only_when_both_adversaries_waive() -> None:
    t = duplicate_revoke()
    t.apply(WaiveRevokes(SOUTH))
    assert t.phase == CLAIMS and t.to_act() == NORTH
    t.apply(WaiveRevokes(NORTH))
    rec = t.hand_records[-1]
    assert rec["won"] == rec["tricks_in_play"]
    (revoke,) = [i for i in rec["irregularities"] if i["kind"] == "revoke"]
    assert (revoke["offender"], revoke["election"], revoke["waived_by"]) == (
        "W",
        "waived",
        ["S", "N"],
    )
    rows = [(i.kind, i.offender, i.trick, i.penalty) for i in sitting_deals(t)[-1].irregularities]
    assert ("revoke", 3, 1, "waived") in rows
    imported = import_pbn(export_pbn(t)).table
    assert imported is not None and imported.hand_records[-1]["won"] == rec["won"]
