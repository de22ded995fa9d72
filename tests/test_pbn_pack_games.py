"""The PBN whist profile for the pack games, All Fours and Boston (docs/pbn-whist-profile.md,
"Packs, cuts and choices"): a sitting played by ``vivant play GAME --auto`` exported, imported
back and replayed gives the very record ``--json`` printed, except the seed and the computer
players' kinds, which a PBN file does not hold; what each game adds to the profile is written
and read back; a file that does not re-enact says where and why."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from test_cli_terminal import run
from vivant.actions import Cut, CutPack, Deal
from vivant.cards import parse_card
from vivant.players import find_player, step
from vivant.records import read_pbn
from vivant.records.log import table_record
from vivant.records.pbn_whist import whist_from_pbn
from vivant.records.sitting import export_pbn, import_pbn, sitting_deals
from vivant.records.sitting.common import CHOICES_PER_TAG, choices_tags
from vivant.table import Table
from vivant.variants import find_variant
from vivant.variants.boston import BostonTable

#: What a ``--json`` record holds that no PBN file carries: the seed of the computer players and
#: their kinds (a PBN game names the players, not how they were played).
NOT_CARRIED = ("seed", "kinds")

#: ``vivant play`` arguments of the sittings exported: All Fours by two, and by four in laws
#: mode with its random players' irregularities; Boston in laws mode. (Every number of players
#: in both modes is round-tripped in process by tests/test_records_sitting.py.)
SITTINGS = [
    ["all-fours", "--players", "2", "--seed", "3"],
    ["all-fours", "--players", "4", "--seed", "2", "--laws", "--opponents", "random"],
    ["boston", "--seed", "5", "--laws"],
]


def without(record: dict[str, object]) -> dict[str, object]:
    """``record`` without what the profile does not carry, at the sitting and in each game."""
    out = {k: v for k, v in record.items() if k not in NOT_CARRIED}
    games = out.get("games")
    if isinstance(games, list):
        out["games"] = [{k: v for k, v in g.items() if k not in NOT_CARRIED} for g in games]
    return out


@pytest.mark.parametrize("argv", SITTINGS, ids=lambda a: "-".join(a))
def test_a_played_sitting_comes_back_from_pbn_as_its_json_record(
    argv: list[str], tmp_path: Path
) -> None:
    log, pbn, back = tmp_path / "log.json", tmp_path / "sitting.pbn", tmp_path / "back.json"
    printed = run(["play", *argv, "--auto", "--json", "--save", str(log)])
    assert printed.returncode == 0, printed.stderr
    exported = run(["record", "export", str(log)])
    assert exported.returncode == 0, exported.stderr
    pbn.write_text(exported.stdout)
    imported = run(["record", "import", str(pbn), "--log", str(back)])
    assert imported.returncode == 0, imported.stderr
    original, rebuilt = json.loads(log.read_text()), json.loads(back.read_text())
    assert json.dumps(rebuilt["record"]) == json.dumps(original["record"])
    assert json.dumps(rebuilt["record"]) == json.dumps(without(json.loads(printed.stdout)))


def played(variant: str, n: int, seed: int, *, laws: bool = False) -> Table:
    names = [f"P{i + 1}" for i in range(n)]
    table = find_variant(variant)(names, laws=laws)
    bots = {p: find_player("heuristic")(seed=seed * 16 + i) for i, p in enumerate(names)}
    rng = random.Random(seed)
    while not table.is_over():
        step(table, bots, rng)
    return table


def games_of(text: str) -> list[dict[str, str]]:
    return [dict(g.tag_values) for g in read_pbn(text).games]


def test_boston_deals_carry_the_packs_the_cuts_and_the_auction() -> None:
    """BO-2.1 (the cuts before the deal), D-BO11 (the packs not shuffled: the pack as dealt,
    the still pack on the first deal only), BO-3.1 (the still pack cut by Y), BO-4 (the calls
    in order), BO-5.2 (the little misère's discards), BO-6 (counters per player)."""
    table = played("boston", 4, 5)
    text = export_pbn(table)
    games = games_of(text)
    assert len(games) == 4
    first = games[0]
    assert first["WhistVariant"] == "Boston" and first["Scoring"] == "Boston"
    assert first["WhistCuts"] == "E 45 S 37 W 5 N 33"
    assert first["WhistStillCut"] == "S 31"
    assert len(first["WhistPack"].split()) == 52 == len(first["WhistStillPack"].split())
    assert all("WhistStillPack" not in g for g in games[1:])  # the other pack lies as gathered
    assert first["WhistChoices"] == (
        "E little-misere;S pass;W pass;N pass;E discard CA;S discard SA;W discard DA;N discard HA"
    )
    assert first["Trump"] == "NT"  # no trumps in a misère (BO-5.4, D-BO4)
    assert first["Result"] == ""  # four players each for himself: no two-sided result
    assert first["WhistTricks"] == "N 9 E 1 S 2 W 0"  # twelve tricks after the discards
    assert first["WhistPoints"] == "N 20 E -60 S 20 W 20"  # E lost his little misère: 20 each
    deals = sitting_deals(table)
    assert all(len(h) == 13 for d in deals for h in d.hands if h is not None)
    record = table.record()["games"][0]["hands"]
    for deal, hand in zip(deals, record, strict=True):
        assert dict(deal.points) == {k: v for k, v in hand["payments"].items() if v}
        assert sum(v for _, v in deal.points) == 0


def test_all_fours_deals_carry_hands_of_six_the_begging_and_the_runs() -> None:
    """AF-2.1 (six cards each), AF-2.2..AF-2.5 (stand, beg, give or run), AF-2.7 (the discards
    back to six after a run, held among the cards dealt), AF-4 (points marked per player)."""
    found_run = False
    for seed in range(1, 9):
        table = played("all-fours", 3, seed)
        for deal, game in zip(sitting_deals(table), games_of(export_pbn(table)), strict=True):
            choices = game.get("WhistChoices", "")
            drawn = deal.hand_size - 6  # three more each for every run (a suit turned again
            assert drawn % 3 == 0 and (drawn > 0) == (" run" in choices)  # runs again)
            assert game.get("WhistHandSize") == str(deal.hand_size)
            assert game["WhistDead"] == "W" and len(game["WhistPack"].split()) == 52
            discards = choices.count(" discard ")  # back to six, the cards over it
            assert 0 < discards <= 3 * drawn if drawn else discards == 0
            found_run |= drawn > 0
    assert found_run


def test_long_choices_go_on_in_numbered_tags_and_read_back() -> None:
    """PBN §2.3: a line holds 255 characters at most; the choices go on in ``WhistChoices2``."""
    items = [f"{'NESW'[k % 4]} discard {'SHDC'[k % 4]}{'23456789TJQKA'[k % 13]}" for k in range(40)]
    tags = choices_tags(items)
    assert [name for name, _ in tags] == ["WhistChoices", "WhistChoices2", "WhistChoices3"]
    assert all(len(value) <= CHOICES_PER_TAG for _, value in tags)
    assert ";".join(value for _, value in tags).split(";") == items


def test_a_changed_call_is_reported_with_its_line() -> None:
    table = played("boston", 4, 5)
    text = export_pbn(table).replace("E little-misere;", "E grand-misere;", 1)
    result = import_pbn(text)
    assert result.table is None
    (error,) = result.errors
    assert str(error) == (  # a grand misère has no discards (BO-5.2)
        "line 3: deal 1: WhistChoices: 'E discard CA' is recorded, but the table does not ask "
        "for it now (cards are still to be played)"
    )


def test_a_missing_cut_is_reported_in_words() -> None:
    table = played("boston", 4, 5)
    text = "\n".join(
        line for line in export_pbn(table).splitlines() if not line.startswith("[WhistCuts")
    )
    result = import_pbn(text)
    assert result.table is None
    assert "the pack is cut before this deal, and the deal gives no WhistCuts" in str(
        result.errors[0]
    )


def test_a_bad_pack_is_refused_in_words() -> None:
    table = played("all-fours", 2, 3)
    game = read_pbn(export_pbn(table)).games[0]
    pack = game.tag_values["WhistPack"]
    text = export_pbn(table).replace(pack, pack.replace("CA", "C2", 1), 1)
    result = import_pbn(text)
    assert result.table is None
    assert "WhistPack" in str(result.errors[0]) and "52 cards of a pack" in str(result.errors[0])
    assert whist_from_pbn(game).hand_size == 6


def test_a_boston_misdeal_at_the_cuts_round_trips() -> None:
    """BO-2.3, BO-2.4 (BOV-10): the dealer does not cut; the deal is thrown in as it is dealt,
    the dealer forfeits a red counter to the pool and deals the same pack again. The thrown-in
    deal is written with its cuts and pack; import re-enacts the same misdeal."""
    table = BostonTable(["P1", "P2", "P3", "P4"], laws=True)
    for i, c in enumerate(("S2", "S3", "S4", "S5")):
        table.apply(Cut(player=i, card=parse_card(c)))
    for seat in (1, 2, 3, 0):
        table.apply(CutPack(seat, 0))  # North, the dealer, does not cut
    table.apply(Deal(order=tuple(range(52))))
    assert table.hand_records[-1]["irregularities"][0]["election"] == "not_cut"
    bots = {p: find_player("heuristic")(seed=i) for i, p in enumerate(table.players)}
    rng = random.Random(1)
    while not table.is_over():
        step(table, bots, rng)
    text = export_pbn(table)
    first = games_of(text)[0]
    assert first["WhistCuts"] == "E 0 S 0 W 0 N 0" and first["Result"] == "?"
    assert "- N misdeal not_cut" in text
    result = import_pbn(text)
    assert not result.errors and result.table is not None
    assert table_record(result.table) == table_record(table)
