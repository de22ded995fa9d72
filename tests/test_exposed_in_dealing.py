"""A card exposed in dealing and a misdeal, by who exposed it and who had touched his cards
(issue 13, point 12): WL-3.3, WL-3.4, WL-3.8 and WL-4.2's exception, in every game that uses the
whist laws, with Mort's M-5.3 and D-M17."""

from __future__ import annotations

import random

import pytest

from vivant.actions import Elect, ReportExposed, ReportMisdeal
from vivant.cards import EAST, NORTH, SOUTH, WEST, card_name, cards_of
from vivant.errors import InvalidActionError, WrongSeatError
from vivant.table import DEAL, PLAY, Table
from vivant.variants import VARIANTS, find_variant
from vivant.variants.mort import MortTable

from helpers import snapshot

LETTERS = "NESW"


def at_lead(variant: str, seed: int = 1) -> Table:
    """A laws-mode table of ``variant`` (its most players, up to four) at the opening lead of its
    first hand, every choice before it made by default."""
    cls = VARIANTS[variant]
    n = min(getattr(cls, "max_players", 4), 4)
    t = find_variant(variant)([f"P{i + 1}" for i in range(n)], laws=True)
    rng = random.Random(seed)
    while not (t.phase == PLAY and t.pending is None):
        t.apply(t.chance_action(rng) if t.awaiting_chance() else t.default_action())
    return t


class Seats:
    """The dealer (the player dealing), an adversary of his and a card of that adversary's."""

    def __init__(self, t: Table) -> None:
        h = t.hand
        assert h is not None
        self.dealer = t.controller(h.dealer)
        side = t.seat_sides[h.dealer]
        self.adversary = t.electors(1 - side)[0]
        self.card = max(c for c in cards_of(h.hands[self.adversary]) if c != h.turn_up)
        self.partners = [s for s in t.electors(side) if s != self.dealer]
        self.dealers_side = t.electors(side)
        self.adversaries = t.electors(1 - side)


# Every game that uses the whist laws for the deal between two sides (All Fours has its own,
# AF-1.7, D-AF11: tests/test_all_fours.py; Boston's players are each for himself, BO-2.5:
# tests/test_boston.py).
GAMES = sorted(v for v in VARIANTS if v not in ("all-fours", "boston"))


@pytest.mark.parametrize("variant", GAMES)
def test_a_card_the_dealer_exposes_lets_the_adversaries_claim_a_new_deal(variant: str) -> None:
    """WL-3.3 (Mort M-5.3): the adversary it was dealt to reports it; the adversaries elect."""
    t = at_lead(variant)
    s = Seats(t)
    dealer = t.dealer
    t.apply(ReportExposed(s.adversary, s.card, by=s.dealer))
    p = t.pending
    assert p is not None and p.electors == s.adversaries and p.offender == s.dealer
    assert p.rule == ("M-5.3" if variant == "mort" else "WL-3.3")
    assert {"stand", "redeal"} <= set(p.options)
    with pytest.raises(WrongSeatError):
        t.apply(Elect(s.dealer, "stand"))
    t.apply(Elect(s.adversary, "redeal"))
    assert t.phase == DEAL and t.dealer == dealer  # a new deal by the same dealer


@pytest.mark.parametrize("variant", GAMES)
def test_a_card_an_adversary_shows_of_his_own_lets_only_the_dealer_claim_a_new_deal(
    variant: str,
) -> None:
    """WL-3.4: before, the offending adversary was given the choice and could take a new deal.
    Mort's adversaries too (D-M17): no misdeal is open to the dealer's side."""
    t = at_lead(variant)
    s = Seats(t)
    t.apply(ReportExposed(s.adversary, s.card))
    p = t.pending
    assert p is not None and (p.rule, p.offender) == ("WL-3.4", s.adversary)
    assert p.electors == s.dealers_side and p.options == ("stand", "redeal")
    before = snapshot(t)
    with pytest.raises(WrongSeatError):
        t.apply(Elect(s.adversary, "redeal"))
    assert snapshot(t) == before
    t.apply(Elect(s.dealer, "stand"))
    h = t.hand
    assert t.phase == PLAY and h is not None and not any(h.penalty_cards)  # not liable to a call
    rec = t._hand_record(h)["irregularities"][-1]
    assert (rec["kind"], rec["offender"], rec["election"]) == (
        "exposed_in_deal",
        t.role(s.adversary),
        "stand",
    )
    assert rec["cards"] == [card_name(s.card)] and rec["holder"] == t.role(s.adversary)


@pytest.mark.parametrize("variant", GAMES)
def test_an_adversary_who_had_touched_his_cards_loses_the_claim_and_the_deal_stands(
    variant: str,
) -> None:
    """WL-3.3: the deal stands and the card may not be called."""
    t = at_lead(variant)
    s = Seats(t)
    leader = t.to_act()
    events = t.apply(ReportExposed(s.adversary, s.card, s.dealer, LETTERS[s.adversary]))
    assert t.pending is None and [e.kind for e in events] == ["exposed_in_deal"]
    assert events[0].data["stands"] is True and events[0].data["card"] == card_name(s.card)
    h = t.hand
    assert h is not None and not any(h.penalty_cards) and t.to_act() == leader
    rec = h.irregularities[-1]
    assert rec.election is None and rec.details["touched"] == LETTERS[s.adversary]


@pytest.mark.parametrize("variant", GAMES)
def test_touching_ones_cards_after_the_other_side_touched_first_keeps_the_claim(
    variant: str,
) -> None:
    """WL-3.8 (Club law 39): a player touched his cards during the deal; the adversaries may
    do the same without losing their claim."""
    t = at_lead(variant)
    s = Seats(t)
    touched = LETTERS[s.dealer] + LETTERS[s.adversary]
    t.apply(ReportExposed(s.adversary, s.card, s.dealer, touched))
    assert t.pending is not None and t.pending.electors == s.adversaries
    barred = at_lead(variant)
    barred.apply(ReportExposed(s.adversary, s.card, s.dealer, touched[::-1]))
    assert barred.pending is None


def dealt_by_an_adversary_of_vivant() -> MortTable:
    """Mort, the second hand of the first game: R deals, L is his partner."""
    t = at_lead("mort")
    assert isinstance(t, MortTable)
    rng = random.Random(3)
    while (t.hand is not None and t.hand.dealer != EAST) or t.phase != PLAY or t.pending:
        if t.awaiting_chance():
            t.apply(t.chance_action(rng))
        else:
            seat = t.to_act()
            assert seat is not None
            t.apply(t.legal_actions(seat)[0] if t.phase == PLAY else t.default_action())
    return t


@pytest.mark.parametrize("table", ["duplicate", "mort"])
def test_the_dealers_partner_who_had_touched_a_card_loses_the_dealers_claim(table: str) -> None:
    """WL-3.4: the dealer may claim a new deal only if his partner has not touched a card."""
    t = dealt_by_an_adversary_of_vivant() if table == "mort" else at_lead(table)
    s = Seats(t)
    assert s.partners
    partner = LETTERS[s.partners[0]]
    t.apply(ReportExposed(s.adversary, s.card, touched=partner))
    assert t.pending is None
    # The adversary had touched his own first: the partner's touch does not count (WL-3.8).
    again = dealt_by_an_adversary_of_vivant() if table == "mort" else at_lead(table)
    again.apply(ReportExposed(s.adversary, s.card, touched=LETTERS[s.adversary] + partner))
    assert again.pending is not None and again.pending.electors == s.dealers_side


def test_mort_vivant_exposing_a_card_gives_the_adversaries_three_choices() -> None:
    """M-5.3: even a card going to Mort; the dealer's opponents may also call it a misdeal."""
    t = at_lead("mort")
    h = t.hand
    assert h is not None and t.dealer == NORTH
    mort_card = max(c for c in cards_of(h.hands[SOUTH]) if c != h.turn_up)
    t.apply(ReportExposed(EAST, mort_card, by=NORTH))  # Mort's cards lie face up
    assert t.pending is not None and t.pending.options == ("stand", "redeal", "misdeal")
    t.apply(Elect(WEST, "misdeal"))
    assert t.phase == DEAL and t.dealer == EAST


@pytest.mark.parametrize("variant", GAMES)
def test_a_misdeal_after_an_adversary_touched_the_cards_first_does_not_lose_the_deal(
    variant: str,
) -> None:
    """WL-4.2's exception (Club law 45): an adversary touched the cards before the dealer's
    partner did: the same dealer deals again. Where the laws never take the deal away (Double
    Dummy, Duplicate) nothing changes."""
    t = at_lead(variant)
    s = Seats(t)
    plain = at_lead(variant)
    plain.apply(ReportMisdeal(s.adversary, "deal"))
    assert plain.pending is not None
    t.apply(ReportMisdeal(s.adversary, "deal", LETTERS[s.adversary]))
    p = t.pending
    assert p is not None and "pass" not in p.options
    if "pass" in plain.pending.options:
        assert (p.rule, p.options) == ("WL-4.2", ("redeal",))
    else:
        assert p.options == plain.pending.options
    dealer = t.dealer
    t.apply(t.default_action())
    assert t.phase == DEAL and t.dealer == dealer


def test_a_misdeal_after_the_dealers_partner_touched_first_loses_the_deal() -> None:
    t = dealt_by_an_adversary_of_vivant()
    t.apply(ReportMisdeal(NORTH, "deal", "WN"))  # L, the dealer's partner, touched first
    assert t.pending is not None and t.pending.options == ("redeal", "pass")


@pytest.mark.parametrize(
    ("report", "error"),
    [
        (lambda s: ReportExposed(s.adversary, s.card, touched="X"), "each player's seat once"),
        (lambda s: ReportExposed(s.adversary, s.card, touched="EE"), "each player's seat once"),
        (lambda s: ReportExposed(s.adversary, s.card, touched="S"), "each player's seat once"),
        (lambda s: ReportExposed(s.adversary, s.card, by=WEST), "exposed by the player dealing"),
        (lambda s: ReportMisdeal(s.adversary, "deal", "NESWN"), "up to four seats"),
    ],
)
def test_bad_reports_are_refused_precisely(report: object, error: str) -> None:
    """Mort, Vivant dealing: S is Mort (no player touches Mort's cards), W is not the holder."""
    t = at_lead("mort")
    s = Seats(t)
    before = snapshot(t)
    with pytest.raises(InvalidActionError, match=error):
        t.apply(report(s))  # type: ignore[operator]
    assert snapshot(t) == before


def test_the_turn_up_is_not_a_card_exposed_in_dealing() -> None:
    t = at_lead("english-dummy")
    h = t.hand
    assert h is not None and h.turn_up is not None
    with pytest.raises(InvalidActionError, match="turned up for trumps"):
        t.apply(ReportExposed(EAST, h.turn_up, by=t.controller(h.dealer)))


@pytest.mark.parametrize("variant", [*GAMES, "all-fours", "boston"])
def test_a_card_reported_once_gives_no_second_claim(variant: str) -> None:
    """A card exposed in dealing gives one claim of a new deal (WL-3.3, WL-3.4; AF-1.7 and
    BO-2.5 alike): once the deal stands on it, the same card reported again is refused in words,
    no election is opened and nothing is recorded; another card may still be reported."""
    t = at_lead(variant)
    h = t.hand
    assert h is not None
    dealing = t.controller(h.dealer)
    held = [c for c in cards_of(h.hands[dealing]) if c != h.turn_up]
    t.apply(ReportExposed(dealing, held[0], by=dealing))
    while t.pending is not None:
        t.apply(Elect(t.pending.electors[0], "stand"))
    assert t.phase == PLAY
    before = snapshot(t)
    with pytest.raises(InvalidActionError, match="reported exposed in dealing already"):
        t.apply(ReportExposed(dealing, held[0], by=dealing))
    assert snapshot(t) == before
    t.apply(ReportExposed(dealing, held[1], by=dealing))
    assert t.pending is not None or len(h.irregularities) == 2
