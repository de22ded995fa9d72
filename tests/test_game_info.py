"""Every game's declared metadata (issue 14, point 1), checked from the registry against what its
table does: the player counts it accepts, its seats' letters and kinds, its sides, and that the
terminal, the server and the records read the same declaration."""

from __future__ import annotations

import pytest

from vivant.cli.play import player_count
from vivant.errors import VivantError
from vivant.info import GameInfo
from vivant.records.sitting import variant_name
from vivant.server.app import _player_range
from vivant.table import Table
from vivant.variants import ALIASES, VARIANTS, find_variant

GAMES = sorted(VARIANTS)


def names(n: int) -> list[str]:
    return [f"P{i + 1}" for i in range(n)]


@pytest.mark.parametrize("game", GAMES)
def test_declared_metadata_is_the_games_own(game: str) -> None:
    cls = VARIANTS[game]
    info = cls.info
    assert isinstance(info, GameInfo)
    assert info.name == cls.variant == game
    assert info.aliases == tuple(getattr(cls, "aliases", ()))
    assert all(ALIASES[a] == game for a in info.aliases)
    assert find_variant(info.title) is cls  # the display name reads back
    assert info.summary == cls.rules_summary() and info.summary.strip()
    assert info.laws.strip()
    assert info.unit in ("tournée", "rubber", "match")
    assert info.default_players in info.player_counts
    assert list(info.player_counts) == sorted(set(info.player_counts))


@pytest.mark.parametrize("game", GAMES)
def test_every_declared_count_makes_a_table_and_no_other_plays(game: str) -> None:
    cls = VARIANTS[game]
    info = cls.info
    for n in range(1, 10):
        if info.seats_at_table(n):
            table: Table = cls(names(n))
            assert len(table.players) == n
        else:
            with pytest.raises(VivantError):
                cls(names(n))


@pytest.mark.parametrize("game", GAMES)
def test_seats_letters_and_kinds_match_the_table(game: str) -> None:
    cls = VARIANTS[game]
    info = cls.info
    table = cls(names(info.default_players))
    assert info.letters == tuple(table.role(s) for s in range(4))
    for s in info.seats:
        if s.kind == "dummy":
            assert s.seat in table.dummy_seats
        if s.kind in ("dead", "empty"):
            assert s.seat in table.dead_seats
        if s.kind == "player":
            assert s.seat not in table.dead_seats and s.seat not in table.dummy_seats
    keys = {s.key for s in info.sides}
    assert set(table.side_names) <= keys
    assert set(table.view(None).score) <= keys | set(table.players)


@pytest.mark.parametrize("game", GAMES)
def test_every_front_end_reads_the_declaration(game: str) -> None:
    cls = VARIANTS[game]
    info = cls.info
    assert player_count(cls, None) == info.default_players
    assert _player_range(cls) == list(info.player_counts)
    for n in range(1, 10):
        if info.plays(n):
            assert player_count(cls, n) == n
        else:
            with pytest.raises(VivantError, match=f"played by {info.players_words()}"):
                player_count(cls, n)
    table = cls(names(info.default_players))
    assert variant_name(table) == info.title


def test_mort_is_played_by_three_or_four_and_more_may_cut() -> None:
    info = find_variant("mort").info
    assert info.player_counts == (3, 4) and info.cut_in == 8
    assert info.role("M") == "Mort" and info.dummy_name == "Mort"
    assert info.side_name("VM") == "Vivant & Mort" and info.game_to == 5
