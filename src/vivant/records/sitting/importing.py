"""Import: a whist-profile PBN file back into a sitting (the package docstring says what the
profile cannot carry).

:func:`table_from_deals` makes a fresh table of the deals' game with the options the file keeps,
re-enacts the deals on it (:mod:`vivant.records.sitting.replay`) from each start the sitting's
form offers (every cutting order, or Duplicate Whist's fixed seats), and exports the replayed
sitting again: it must give the same hands, play, tricks, scores and irregularities as the file,
every difference an error with its line. :func:`import_pbn` reads the file first and never raises
for bad input.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Final

from vivant.cards import SEAT_LETTERS, card_name
from vivant.errors import InvalidNotationError, VivantError
from vivant.records.pbn import PbnError, PbnGame, read_pbn
from vivant.records.pbn_whist import Scores, WhistDeal, WhistIrregularity, whist_games
from vivant.records.sitting.common import (
    LAWS_TAG,
    OPTIONS_TAG,
    PLAYERS_TAG,
    Mismatch,
    SittingImportError,
    cards_text,
    denomination,
    extra_tag,
)
from vivant.records.sitting.export import sitting_deals
from vivant.records.sitting.form import form_of
from vivant.records.sitting.replay import Lines, enact
from vivant.table import Table
from vivant.variants import find_variant

__all__ = ["SittingImport", "import_pbn", "table_from_deals"]


@dataclass(frozen=True)
class SittingImport:
    """What :func:`import_pbn` made of a file: the deals read, the rebuilt table (``None`` when
    there were errors) and every problem, reader's, profile's and re-enactment's, by line."""

    deals: tuple[WhistDeal, ...]
    table: Table | None
    errors: tuple[PbnError, ...]

    @property
    def ok(self) -> bool:
        """Whether the sitting was rebuilt and nothing worse than a warning was found."""
        return self.table is not None and not any(not e.warning for e in self.errors)


def _config(deals: Sequence[WhistDeal]) -> tuple[type[Table], dict[str, Any]]:
    first = deals[0]
    for k, d in enumerate(deals):
        if d.variant != first.variant:
            raise InvalidNotationError(
                f"deal {k + 1} is {d.variant!r}; a sitting is one game ({first.variant!r})"
            )
    cls = find_variant(first.variant)
    listed = extra_tag(first, PLAYERS_TAG)
    if listed is not None:
        players = [p for p in listed.split(";") if p]
    else:
        players = []
        for d in deals:
            for s, name in enumerate(d.players):
                if s in d.dummies or s in d.dead or name in ("", "?") or name in players:
                    continue
                players.append(name)
    laws_text = extra_tag(first, LAWS_TAG)
    # A claim admitted or refused is Double Dummy's law (DD-3.5), in laws mode; one accepted or
    # disputed is a casual table's (D-TC4).
    irregular = any(
        ir.kind != "claim" or ir.penalty in ("admit", "refuse")
        for d in deals
        for ir in d.irregularities
    )
    laws = irregular if laws_text is None else laws_text == "yes"
    on = (extra_tag(first, OPTIONS_TAG) or "").split()
    config: dict[str, Any] = {"variant": cls.variant, "players": players, "laws": laws}
    config.update(form_of(cls).config(cls, deals, on))
    return cls, config


def _scores_words(scores: Scores) -> str:
    return " ".join(f"{side} {n}" for side, n in scores) or "none"


#: What :func:`_compare` checks of each deal: a field, its name in messages, and its value in
#: the file's own notation.
_COMPARED: Final[tuple[tuple[str, str, Callable[[WhistDeal], str]], ...]] = (
    ("hands", "hands N E S W", lambda d: " ".join("-" if h is None else h.pbn() for h in d.hands)),
    ("trump", "trump", lambda d: denomination(d.trump)),
    ("turn_up", "turn-up", lambda d: "none" if d.turn_up is None else card_name(d.turn_up)),
    ("tricks", "play", lambda d: "; ".join(cards_text(t.cards) for t in d.tricks) or "none"),
    ("tricks_won", "tricks", lambda d: _scores_words(d.tricks_won)),
    ("points", "points", lambda d: _scores_words(d.points)),
    ("honours", "honours", lambda d: _scores_words(d.honours)),
)


def _compare(table: Table, deals: Sequence[WhistDeal], where: Lines) -> list[PbnError]:
    """Differences between the deals and the replayed sitting's own export."""
    problems = []
    again = sitting_deals(table)
    for k, (d, e) in enumerate(zip(deals, again, strict=False)):
        for f, label, text in _COMPARED:
            if getattr(d, f) != getattr(e, f):
                problems.append(
                    PbnError(
                        where.line(k),
                        f"deal {k + 1}: {label} in the file {text(d)}, replayed {text(e)}",
                    )
                )
        recorded, replayed = (
            Counter(map(_irr_key, d.irregularities)),
            Counter(map(_irr_key, e.irregularities)),
        )
        if recorded != replayed:
            missing = ", ".join(_irr_text(k) for k in (recorded - replayed).elements())
            extra = ", ".join(_irr_text(k) for k in (replayed - recorded).elements())
            problems.append(
                PbnError(
                    where.line(k),
                    f"deal {k + 1}: the irregularities do not re-enact as recorded"
                    + (f"; not re-enacted: {missing}" if missing else "")
                    + (f"; re-enacted but not in the file: {extra}" if extra else ""),
                )
            )
    if len(again) != len(deals):
        problems.append(
            PbnError(where.line(0), f"{len(deals)} deals in the file, {len(again)} replayed")
        )
    return problems


def _irr_key(ir: WhistIrregularity) -> tuple[str, int, int, str]:
    return (ir.kind, ir.offender, ir.trick or 0, ir.penalty)


def _irr_text(key: tuple[str, int, int, str]) -> str:
    kind, offender, trick, penalty = key
    return f"{kind} by {SEAT_LETTERS[offender]} in trick {trick or '-'} ({penalty or '-'})"


def table_from_deals(deals: Sequence[WhistDeal], games: Sequence[PbnGame] = ()) -> Table:
    """A fresh table of the deals' variant with the deals re-applied in order (the module
    docstring says how). ``games``, the PBN games the deals were read from, place the errors.

    Raises :class:`SittingImportError` listing the problems, each with its line.
    """
    where = Lines(games)
    if not deals:
        raise SittingImportError([PbnError(0, "no deals to make a sitting of")])
    try:
        cls, config = _config(deals)
        cls.from_config(config)
    except (VivantError, TypeError) as exc:
        raise SittingImportError([PbnError(where.line(0), f"deal 1: {exc}")]) from None
    form = form_of(cls)
    furthest = 0
    for table in form.starts(cls, config, where.line(0)):
        try:
            enact(table, deals, where)
        except Mismatch as exc:
            furthest = max(furthest, exc.deal)
            continue
        problems = _compare(table, deals, where)
        if problems:
            raise SittingImportError(problems)
        return table
    message = form.unplayable(cls, config, deals, furthest)
    raise SittingImportError([PbnError(where.line(furthest), message)])


def import_pbn(data: str | bytes, *, encoding: str | None = None) -> SittingImport:
    """Read a whist-profile PBN file and rebuild the sitting; never raises for bad input."""
    deals, games, errors = whist_games(read_pbn(data, encoding=encoding))
    table: Table | None = None
    if deals and not any(not e.warning for e in errors):
        try:
            table = table_from_deals(deals, games)
        except SittingImportError as exc:
            errors.extend(exc.problems)
    errors.sort(key=lambda e: e.line)
    return SittingImport(tuple(deals), table, tuple(errors))
