"""The decisions before the play as each game declares them (vivant.prelude) and the records.

Every phase between the deal and the first card that a game's sitting passes through is declared
in its table class's ``prelude``, so that export writes what the decisions came to and import can
choose them back (docs/pbn-whist-profile.md; HU-2.1, B3-3, B3-5). The records ask nothing else of
a game but its sitting's form: Duplicate Whist's trays (DU-1.2), the cut and the deal otherwise.
"""

from __future__ import annotations

import pytest

from test_records_sitting import GAMES, played_sitting
from vivant.actions import Declare, Double, Exchange, Pass, Redouble
from vivant.duplicate.table import DuplicateTable
from vivant.prelude import DECLARATION, DOUBLING, EXCHANGES, Prelude
from vivant.records.sitting import PACK_GAMES, sitting_deals
from vivant.records.sitting.cutting import CUTTING
from vivant.records.sitting.form import form_of
from vivant.records.sitting.trays import TRAYS
from vivant.table import BEFORE_PLAY, Table
from vivant.variants import VARIANTS, find_variant


def phases_met(table: Table) -> set[str]:
    """The phases before the play that the sitting's log passes through."""
    fresh = type(table).from_config(table.config())
    met: set[str] = set()
    for action in table.log:
        if fresh.phase in BEFORE_PLAY:
            met.add(fresh.phase)
        fresh.apply(action)
    return met


#: The pack games write every choice before the play as it was made (``WhistChoices``: Boston's
#: auction, All Fours' begging and discards) and declare no prelude.
PRELUDE_GAMES = [(v, n) for v, n in GAMES if v not in PACK_GAMES]


@pytest.mark.parametrize(("variant", "n"), PRELUDE_GAMES)
def test_every_phase_before_the_play_is_declared(variant: str, n: int) -> None:
    table = played_sitting(variant, n, seed=7)
    declared = {d.phase for d in find_variant(variant).prelude}
    assert phases_met(table) <= declared
    assert len(declared) == len(find_variant(variant).prelude)  # one decision a phase


def test_the_games_with_decisions_before_the_play() -> None:
    """HU-2.1 (exchange), HU-5.1 (declared trump, then the adversary's exchange), B3-3 and B3-5
    (declaration, then doubles); the other games decide nothing between the deal and the lead."""
    with_prelude = {v: cls.prelude for v, cls in VARIANTS.items() if cls.prelude}
    assert with_prelude == {
        "humbug": (EXCHANGES,),
        "humbug-declared": (DECLARATION, EXCHANGES),
        "bridge-for-three": (DECLARATION, DOUBLING),
    }


def test_the_decisions_fit_only_the_recorded_hand() -> None:
    """Import picks among the legal actions the one leading to the record: a double only while
    fewer doubles are made than recorded, a pass once they are; a declaration only of the
    recorded trump by the recorded declarer; the exchange only by a recorded taker."""
    b3 = played_sitting("bridge-for-three", 3, seed=7)
    wanted = Prelude(declared_by=2, trump="NT", doubling=1)
    assert DOUBLING.fits(b3, Double(3), wanted, Prelude())
    assert not DOUBLING.fits(b3, Pass(3), wanted, Prelude())
    assert DOUBLING.fits(b3, Pass(2), wanted, Prelude(doubling=1))
    assert not DOUBLING.fits(b3, Redouble(2), wanted, Prelude(doubling=1))
    assert DOUBLING.complete(wanted, Prelude(doubling=1))
    assert not DECLARATION.complete(wanted, Prelude())
    assert not EXCHANGES.fits(b3, Exchange(0, True), Prelude(exchanges=((2, 3),)), Prelude())
    assert EXCHANGES.fits(b3, Exchange(2, True), Prelude(exchanges=((2, 3),)), Prelude())
    assert EXCHANGES.words(Exchange(2, False)) == "keep his hand"
    assert DECLARATION.words(Declare(2, "nt")) == "declare no trumps"


def test_bridge_for_three_declaration_and_doubles_are_written() -> None:
    """B3-3/B3-5: each hand's declarer, trump and doubling come from the decisions made."""
    table = played_sitting("bridge-for-three", 3, seed=5)
    deals = sitting_deals(table)
    assert deals and all(d.declared_by is not None for d in deals if d.tricks)


def test_only_duplicate_whist_plays_trays() -> None:
    for cls in VARIANTS.values():
        assert form_of(cls) is (TRAYS if issubclass(cls, DuplicateTable) else CUTTING)
