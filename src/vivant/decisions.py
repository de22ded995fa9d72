"""Decisions as declared objects: every choice a game asks of a player besides playing a card.

A :class:`Decision` says in one place what the questions about a choice are — *who* decides
now, *what* he may answer, *what* is answered for him when the choice is made automatically (the
defaults of D-G2), *how* the answer changes the table — with the rule that gives the choice and
its question in words, for the front ends to show.

A table class declares a decision on the method that applies its answer::

    @decision(CHOOSE, ChooseSeat, "HU-1.2", "Where do you sit, South or North?")
    @refused("the seats are not open to choice now", "the lowest cutter chooses, not {seat}")
    def _choose_seat(self, action: ChooseSeat) -> list[Event]: ...

and beside it the methods named after it: ``_choose_seat_deciders()`` (the seats that may decide
now, the first of them the one the game waits for; empty: not due), ``_choose_seat_options(seat)``
(the actions open to that seat) and, unless the first option is the default,
``_choose_seat_default(seat)`` (the action taken for him when the choice is made automatically).
They are looked up on the table, so a subclass changes any of them by overriding it.

:class:`vivant.table.Table` collects the decisions of a class and its bases and walks them by
phase: :meth:`~vivant.table.Table.to_act`, :meth:`~vivant.table.Table.legal_actions` and
:meth:`~vivant.table.Table.default_action` ask the decision due now, and
:meth:`~vivant.table.Table.apply` hands it the actions it takes after the checks every decision
shares (:meth:`Decision.take`): an answer given when the decision is not due, or by a seat that
is not to decide, is refused in the decision's words (:func:`refused`) and the table is left
unchanged.

Elections (the choices the laws give after an irregularity, :class:`vivant.laws.Election`) are
pending objects made when the irregularity happens; what their answer does is declared by kind
in a table class's ``elections``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

from vivant.errors import InvalidActionError, WrongSeatError

if TYPE_CHECKING:
    from vivant.actions import Action
    from vivant.cards import Seat
    from vivant.table import Event, Table

Apply = TypeVar("Apply", bound=Callable[..., Any])

#: The attributes a declaration leaves on the method that applies a decision's answer.
_DECISION, _REFUSED = "__decision__", "__refused__"


@dataclass(frozen=True, slots=True)
class Decision:
    """One kind of decision of a game.

    ``name`` is the name of the table's method that applies an answer (``_choose_seat``);
    ``phases`` the phases in which the decision may be due and ``actions`` the action classes
    that answer it; ``rule`` the rule ID that gives the choice; ``question`` the question in
    words, as a front end puts it to the player deciding.

    ``not_due`` is the refusal (an :class:`~vivant.errors.InvalidActionError`) of an answer
    given when the decision is not due, ``wrong_seat`` of one given by another seat (a
    :class:`~vivant.errors.WrongSeatError`); both are templates with the fields ``phase`` (the
    table's phase), ``seat`` and ``due`` (the labels of the seat that answered and of the one
    due), ``role`` and ``due_role`` (their role letters) and ``player`` (the name of the player
    due). An empty ``not_due`` means that the method applying the answer also takes it outside
    the decision's turn (a revoke claim is made during the play too) and checks everything
    itself; an empty ``wrong_seat`` that it checks the seat itself, in the words of its law.
    """

    name: str
    phases: tuple[str, ...]
    actions: tuple[type[Action], ...]
    rule: str
    question: str
    not_due: str = ""
    wrong_seat: str = ""

    def deciders(self, table: Table) -> Sequence[Seat]:
        """The seats that may decide now, the first the one the game waits for (empty: the
        decision is not due)."""
        seats: Sequence[Seat] = getattr(table, self.name + "_deciders")()
        return seats

    def options(self, table: Table, seat: Seat) -> list[Action]:
        """The answers open to ``seat``, one of the deciders."""
        actions: list[Action] = getattr(table, self.name + "_options")(seat)
        return actions

    def default(self, table: Table, seat: Seat) -> Action:
        """The answer made for ``seat`` when the choice is made automatically (D-G2): the
        table's ``_default`` method of the decision, or else the first of the options."""
        default = getattr(table, self.name + "_default", None)
        action: Action = self.options(table, seat)[0] if default is None else default(seat)
        return action

    def take(self, table: Table, action: Action) -> list[Event]:
        """Apply ``action``, an answer to this decision, after the checks every decision shares:
        it is due now (``not_due``) and ``action.seat`` is one of its deciders (``wrong_seat``).
        """
        seat = getattr(action, "seat", None)
        if self.not_due:
            seats = self.deciders(table) if table.phase in self.phases else ()
            if not seats or table.pending is not None:
                raise InvalidActionError(self._words(self.not_due, table, seat, None))
            if self.wrong_seat and seat not in seats:
                table._check_seat(seat)
                raise WrongSeatError(self._words(self.wrong_seat, table, seat, seats[0]))
        events: list[Event] = getattr(table, self.name)(action)
        return events

    @staticmethod
    def _words(template: str, table: Table, seat: object, due: Seat | None) -> str:
        s = seat if type(seat) is int and 0 <= seat < 4 else None
        return template.format(
            phase=repr(str(table.phase)),
            seat=repr(seat) if s is None else table._seat_label(s),
            due="" if due is None else table._seat_label(due),
            role=repr(seat) if s is None else table.role(s),
            due_role="" if due is None else table.role(due),
            player="" if due is None else table.seat_player(due) or "",
        )


def decision(
    phases: str | tuple[str, ...],
    actions: type[Action] | tuple[type[Action], ...],
    rule: str,
    question: str,
) -> Callable[[Apply], Apply]:
    """Declare the decorated method as the one applying the answers to a decision (see the
    module's text); put :func:`refused` below it."""

    def declare(method: Apply) -> Apply:
        setattr(
            method,
            _DECISION,
            Decision(
                method.__name__,
                phases if isinstance(phases, tuple) else (phases,),
                actions if isinstance(actions, tuple) else (actions,),
                rule,
                question,
                *getattr(method, _REFUSED, ("", "")),
            ),
        )
        return method

    return declare


def refused(not_due: str, wrong_seat: str = "") -> Callable[[Apply], Apply]:
    """The words refusing an answer given when the decision is not due, and one given by a seat
    not to decide (:attr:`Decision.not_due`, :attr:`Decision.wrong_seat`); put it below
    :func:`decision`."""

    def keep(method: Apply) -> Apply:
        setattr(method, _REFUSED, (not_due, wrong_seat))
        return method

    return keep


def declared(namespace: Mapping[str, Any]) -> list[Decision]:
    """The decisions declared in a class's namespace, in the order of their methods."""
    return [d for v in namespace.values() if isinstance(d := getattr(v, _DECISION, None), Decision)]
