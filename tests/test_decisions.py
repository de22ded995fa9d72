"""Decisions as declared objects (issue 14, point 2): every choice before or around the play is a
:class:`~vivant.decisions.Decision` the table class declares, and the table machinery
(``to_act``, ``legal_actions``, ``default_action``, ``apply``) walks them."""

from __future__ import annotations

import dataclasses
import random
import re
from pathlib import Path

import pytest

from vivant.actions import Action, ChooseDeal, ChooseSeat, ChooseSeats, Deal, Exchange
from vivant.cards import EAST, NORTH, SOUTH, WEST, Seat
from vivant.decisions import Decision
from vivant.errors import InvalidActionError, VivantError, WrongSeatError
from vivant.table import Phase, Table
from vivant.variants import VARIANTS, find_variant
from vivant.variants.mort import MortTable
from vivant.variants.thirteen import ThirteenTable

from helpers import formed, snapshot

ROOT = Path(__file__).resolve().parents[1]
RULE_TEXT = "\n".join(p.read_text() for p in (ROOT / "docs" / "rules").glob("*.md"))

#: A sitting of each game and the decisions it meets with default choices, no irregularity.
SITTINGS: tuple[tuple[str, int, frozenset[str]], ...] = (
    ("mort", 3, frozenset({"_choose_seats", "_choose_deal"})),
    ("mort", 4, frozenset({"_choose_seats", "_choose_deal"})),
    ("english-dummy", 3, frozenset({"_choose_seats_and_pack"})),
    ("double-dummy", 2, frozenset({"_choose_position"})),
    ("bridge-for-three", 3, frozenset({"_declare", "_double_or_pass"})),
    ("humbug", 2, frozenset({"_choose_seat", "_exchange"})),
    ("humbug-declared", 2, frozenset({"_choose_seat", "_declare", "_exchange"})),
    ("thirteen", 2, frozenset({"_choose_seat"})),
    ("all-fours", 2, frozenset()),
    ("boston", 4, frozenset({"_call_bid"})),
)


def test_every_game_declares_its_decisions_with_a_rule_and_a_question() -> None:
    for cls in VARIANTS.values():
        names = [d.name for d in cls.decisions()]
        assert len(names) == len(set(names)), cls
        for d in cls.decisions():
            assert isinstance(d, Decision)
            assert re.search(rf"\| {re.escape(d.rule)} \|", RULE_TEXT), (cls, d.rule)
            assert d.question.endswith("?") and d.question[0].isupper(), d
            assert d.phases and d.actions, d
    # The laws of play are every game's: the revoke claim and penalty, the suit called.
    assert {"_revoke_claim", "_choose_penalty", "_call_suit"} <= {d.name for d in Table.decisions()}
    assert [d.name for d in MortTable.decisions()][-2:] == ["_choose_seats", "_choose_deal"]


def test_the_four_hook_chain_is_gone() -> None:
    hooks = re.compile(r"_other_to_act|_other_actions|_default_other|_other_action|_elected_other")
    sources = (ROOT / "src" / "vivant").rglob("*.py")
    assert [p.name for p in sources if hooks.search(p.read_text())] == []


def walk(t: Table, rng: random.Random, seen: set[str]) -> None:
    """Play the sitting out, choosing at random among the options of every decision due, and
    check at each one that the machinery's answers are the decision's."""
    while not t.is_over():
        if t.awaiting_chance():
            t.apply(t.chance_action(rng))
            continue
        due = t.decision_due()
        seat = t.to_act()
        assert seat is not None
        if due is None:
            t.apply(rng.choice(t.legal_actions(seat)))
            continue
        decision, seats = due
        seen.add(decision.name)
        assert t.phase in decision.phases and seat == seats[0]
        options = decision.options(t, seat)
        assert t.legal_actions(seat) == options and options
        assert t.default_action() == decision.default(t, seat) and t.default_action() in options
        assert all(isinstance(a, decision.actions) for a in options)
        others = [s for s in (NORTH, EAST, SOUTH, WEST) if s not in seats]
        assert all(t.legal_actions(s) == [] for s in others)
        refuse_from_another_seat(t, decision, options[0], others)
        t.apply(rng.choice(options))


def refuse_from_another_seat(
    t: Table, decision: Decision, answer: Action, others: list[Seat]
) -> None:
    """The answer given by a seat that is not to decide is refused, the table unchanged."""
    if not others or not hasattr(answer, "seat"):
        return
    before = snapshot(t)
    wrong = dataclasses.replace(answer, seat=others[0])  # type: ignore[call-arg]
    with pytest.raises(VivantError):
        t.apply(wrong)
    assert snapshot(t) == before


@pytest.mark.parametrize(("game", "n", "expected"), SITTINGS)
def test_the_machinery_walks_the_declared_decisions(
    game: str, n: int, expected: frozenset[str]
) -> None:
    seen: set[str] = set()
    for seed in range(2):
        t = find_variant(game)([f"P{i + 1}" for i in range(n)])
        walk(t, random.Random(seed), seen)
    assert expected <= seen


def test_an_answer_out_of_its_time_is_refused_in_the_decisions_words() -> None:
    t = formed(MortTable, 3)
    assert t.phase == Phase.CHOOSE and t.decision_due() is not None
    before = snapshot(t)
    with pytest.raises(InvalidActionError, match="Vivant's choice of deal is not due now"):
        t.apply(ChooseDeal(NORTH, False))  # the adversaries choose their seats first
    with pytest.raises(WrongSeatError, match="the adversaries choose their seats, not V"):
        t.apply(ChooseSeats(NORTH, 1))
    assert snapshot(t) == before
    t.apply(t.default_action())
    t.apply(t.default_action())
    assert (str(t.phase), t.decision_due()) == ("deal", None)
    with pytest.raises(InvalidActionError, match="not open to choice now"):
        t.apply(ChooseSeats(EAST, 1))
    with pytest.raises(InvalidActionError, match="Exchange is not an action of mort"):
        t.apply(Exchange(EAST, True))
    t.apply(Deal.from_seed(3))
    assert str(t.phase) == "play"


def test_a_game_changes_a_decision_by_overriding_its_methods() -> None:
    """The methods of a decision are looked up on the table: a subclass's default (here the
    lowest cutter sitting North) is the one the machinery takes, with no new declaration."""

    class NorthFirst(ThirteenTable):
        variant = "thirteen-north-first"

        def _choose_seat_default(self, seat: Seat) -> Action:
            return ChooseSeat(SOUTH, NORTH)

    t = formed(NorthFirst, 2)
    assert t.default_action() == ChooseSeat(SOUTH, NORTH)
    assert [d.name for d in NorthFirst.decisions()] == [d.name for d in ThirteenTable.decisions()]
    t.apply(t.default_action())
    assert t.roles() == {"N": "P1", "S": "P2"} and t.dealer == NORTH


def test_a_decision_without_its_methods_is_refused_when_the_class_is_made() -> None:
    from vivant.decisions import decision

    with pytest.raises(TypeError, match="without _choose_nothing_deciders"):

        class Broken(ThirteenTable):  # pragma: no cover - refused at its creation
            @decision(Phase.CHOOSE, ChooseSeat, "HU-1.2", "Nothing?")
            def _choose_nothing(self, action: ChooseSeat) -> list[object]:
                return []
