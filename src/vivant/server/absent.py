"""Absent players (D-TC2): when a computer player stands in for a person, and when he is back.

A person who has taken a seat is *away* when no connection of his is open, and *slow* when the
table has waited for his decision without hearing from him. After the table's
:attr:`~vivant.server.store.TableSettings.absent_after` seconds of either, a computer player of
the table's chosen kind (:attr:`~vivant.server.store.TableSettings.stand_in`) plays his seat
until he is back: he connects again, or acts (or says ``back``) at the table. Each action a
stand-in makes is stored with its kind, so the record says who played each card.

Only the timing is here; the hub arms one timer per table at the earliest moment a stand-in
may be due (:func:`next_due`), and at that moment puts in the stand-ins that are due
(:func:`due_now`).
"""

from __future__ import annotations

from collections.abc import Iterator

from .live import LiveTable, Person


def _deadlines(lt: LiveTable) -> Iterator[tuple[Person, float]]:
    """Each seated person without a stand-in, with the moment one is due for him."""
    after = lt.row.settings.absent_after
    if after <= 0 or lt.table.is_over():
        return
    for person in lt.people.values():
        if not person.is_human or not person.claimed or person.stand_in is not None:
            continue
        moments = []
        if person.present == 0 and person.away_since is not None:
            moments.append(person.away_since + after)
        if lt.turn_of == person.name:
            moments.append(lt.turn_since + after)
        if moments:
            yield person, min(moments)


def next_due(lt: LiveTable) -> float | None:
    """The earliest moment (``time.monotonic()``) a stand-in may be due at ``lt``, if any."""
    return min((at for _, at in _deadlines(lt)), default=None)


def due_now(lt: LiveTable, now: float) -> list[Person]:
    """The people for whom a stand-in is due at ``now``."""
    return [person for person, at in _deadlines(lt) if at <= now]


def stand_in_words(person: Person, kind: str, present: bool) -> str:
    """What the table is told when a stand-in takes a seat."""
    why = "has not played for a while" if present else "has left the table"
    return (
        f"{person.name} {why}: a computer player ({kind}) plays for {person.name} until "
        f"{person.name} is back"
    )


def back_words(person: Person) -> str:
    """What the table is told when the person is back."""
    return f"{person.name} is back and plays again"
