"""One deal parser (issue 14, point 7): the PBN Deal notation (PBN §3.4.11) read the same way by
the records, the solver and Duplicate Whist's trays."""

from __future__ import annotations

import pytest

from vivant.cards import CardSet
from vivant.deal import parse_deal, read_deal
from vivant.duplicate.table import Tray
from vivant.errors import InvalidNotationError
from vivant.records import parse_deal as records_parse_deal
from vivant.solver import parse_deal as solver_parse_deal

FULL = "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"


def test_every_layer_reads_a_deal_with_the_same_parser() -> None:
    assert records_parse_deal is read_deal
    assert solver_parse_deal is parse_deal
    hands = parse_deal(FULL)
    assert read_deal(FULL) == (hands, [])
    tray = Tray.from_json({"tray": 1, "dealer": "N", "trump": "S", "turn_up": None, "deal": FULL})
    assert tray.hands == tuple(h.mask for h in hands)


def test_the_first_seat_names_the_first_hand_clockwise() -> None:
    """``E:`` gives East the first hand, then South, West and North (PBN §3.4.11)."""
    n, e, s, w = parse_deal(FULL)
    rotated = "e:" + " ".join(h.pbn() for h in (e, s, w, n))
    assert parse_deal(rotated) == (n, e, s, w)


def test_end_positions_and_hands_not_given() -> None:
    """A hand may be ``-`` in a record; the solver needs all four. End positions hold fewer than
    13 cards in every hand; a record refuses 13 beside 12, the solver does not count (§3.10)."""
    hands, problems = read_deal("N:AK... - QJ... -")
    assert problems == [] and hands[1] is None and hands[0] == CardSet.from_pbn("AK...")
    with pytest.raises(InvalidNotationError, match="every hand must be given"):
        parse_deal("N:AK... - QJ... -")
    uneven = "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.543"
    assert read_deal(uneven)[1] and "wrong card count" in read_deal(uneven)[1][0]
    assert len(parse_deal(uneven)[3]) == 12


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("AK... QJ... T9... 87...", "expected '<first>:<hand>"),
        ("N:AK... QJ... T9...", "expected 4 hands separated by spaces, found 3"),
        ("N:AK... AQ... T9... 87...", "card SA is in both hand N and hand E"),
        ("N:AZ... QJ... T9... 87...", "hand N: invalid rank 'Z'"),
    ],
)
def test_bad_deals_name_the_problem(text: str, problem: str) -> None:
    assert problem in read_deal(text)[1][0]
    with pytest.raises(InvalidNotationError, match=problem.replace("(", r"\(")):
        parse_deal(text)
