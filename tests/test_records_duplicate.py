"""Duplicate Whist sittings as whist-profile PBN and back, and their event logs.

Every play of a tray is a PBN game with ``Board`` the tray number and ``WhistTray`` saying how its
hands came (dealt, recorded, an overplay; turned); the duplicate laws' irregularities (DL-1
directions, DL-3 questions, DL-4 cancellations, DL-5 failures, DL-6 winning cards, SD-4 new
deals) travel in the irregularity table. Event log → PBN → event log must give the same sitting.
"""

from __future__ import annotations

import functools
import json
import random
from collections import Counter
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from test_records_sitting import assert_same_sitting, round_trip
from vivant.actions import (
    Action,
    AskRenounce,
    CallCard,
    CorrectRevoke,
    DrawAttention,
    Elect,
    Play,
    PlayTogether,
    ReportMisdeal,
)
from vivant.cards import SUIT_MASK, CardSet, cards_of
from vivant.cli import main
from vivant.duplicate.movements import generate
from vivant.duplicate.table import DuplicateTable, deal_trays, event_sessions
from vivant.errors import InvalidActionError
from vivant.players import find_player, step
from vivant.records import format_deal, read_whist_pbn
from vivant.records.log import load_log, save_log, table_record
from vivant.records.sitting import export_pbn, import_pbn, sitting_deals
from vivant.table import PLAY, Table
from vivant.variants import VARIANTS, find_variant

from helpers import attempt, damage

PLAYERS = ["Ann", "Bob", "Cyd", "Dee"]


def disobey(t: DuplicateTable, rng: random.Random) -> Action | None:
    """DL-5: the hand directed (DL-1) or bound to win (DL-6) plays a card the direction forbids
    though it follows suit."""
    h = t.hand
    seat = t.to_act()
    if h is None or seat is None or t.phase != PLAY or t.pending is not None or not h.trick:
        return None
    if not any(
        h.notes.get(k, {}).get("trick") == len(h.tricks) + 1 for k in ("direction", "win_due")
    ):
        return None
    led = h.trick[0] // 13
    follow = h.hands[seat] & (SUIT_MASK << (13 * led)) or h.hands[seat]
    wrong = cards_of(follow & ~t.playable(seat))
    return Play(seat, rng.choice(wrong)) if wrong else None


def ask_partner(t: DuplicateTable) -> Action | None:
    """DL-3: a player whose partner did not follow suit to the open trick asks him."""
    h = t.hand
    if h is None or t.phase != PLAY or t.pending is not None or len(h.trick) < 2:
        return None
    seat, card = h.trick_seats[-1], h.trick[-1]
    if card // 13 == h.trick[0] // 13 or h.notes.get("inquiries"):
        return None
    return AskRenounce((seat + 2) % 4)


def irregular(t: DuplicateTable, rng: random.Random) -> Action | None:
    """Some irregularity of the duplicate laws, or a plain whist one."""
    h = t.hand
    if h is None:
        return None
    seat = rng.randrange(4)
    kind = rng.randrange(7)
    if kind == 0:
        return DrawAttention(seat)
    if kind == 1:
        return AskRenounce(seat)
    if kind == 2 and not h.trick and not h.tricks:
        return ReportMisdeal(seat, "deal")
    if kind == 3:
        return disobey(t, rng)
    cards = list(CardSet(h.hands[seat]))
    if not cards:
        return None
    if kind == 4 and len(cards) >= 2:
        return PlayTogether(seat, tuple(rng.sample(cards, 2)))
    if kind == 5 and h.trick and seat in h.trick_seats:
        # DL-6: a second card led before the partner has played; winners where there are any
        return Play(seat, max(cards))
    return Play(seat, rng.choice(cards))


def random_sitting(
    seed: int, *, laws: bool = True, stop: int | None = None, **options: Any
) -> DuplicateTable:
    """A session by heuristic players; in laws mode irregularities are injected and elections
    are sometimes demanded by anyone (DL-4)."""
    rng = random.Random(seed)
    t = DuplicateTable(PLAYERS, laws=laws, **options)
    players = {p: find_player("heuristic")(seed=seed * 8 + i) for i, p in enumerate(PLAYERS)}
    while not t.is_over() and (stop is None or len(t.log) < stop):
        if laws and not t.awaiting_chance():
            if rng.random() < 0.5 and attempt(t, disobey(t, rng) or ask_partner(t)):
                continue
            if rng.random() < 0.1 and attempt(t, irregular(t, rng)):
                continue
            if t.pending is not None and rng.random() < 0.4:
                other = rng.randrange(4)
                choices = [*t.pending.options, "call_suit", "waive"]
                if attempt(t, Elect(other, rng.choice(choices))):
                    continue
        step(t, players, rng)
    assert isinstance(t, DuplicateTable)
    return t


def _unordered(value: Any) -> Any:
    """A record with every play's irregularities and DL-3 questions in a canonical order."""
    if isinstance(value, dict):
        return {
            k: (
                sorted(map(json.dumps, v))
                if k in ("irregularities", "inquiries") and isinstance(v, list)
                else _unordered(v)
            )
            for k, v in value.items()
        }
    if isinstance(value, list):
        return [_unordered(v) for v in value]
    return value


def assert_same_session(a: Table, b: Table) -> None:
    """As :func:`assert_same_sitting`, but the irregularities of a deal compared as a multiset:
    two committed at the same moment of a trick (the same card, or a question and a timed
    irregularity) may be re-enacted in either order (docs/pbn-whist-profile.md)."""
    da, db = sitting_deals(a), sitting_deals(b)
    assert [replace(d, irregularities=()) for d in db] == [
        replace(d, irregularities=()) for d in da
    ]
    assert [Counter(d.irregularities) for d in db] == [Counter(d.irregularities) for d in da]
    assert _unordered(table_record(b)) == _unordered(table_record(a))
    assert b.config() == a.config()
    assert b.phase == a.phase
    assert b.view(None).to_json() == a.view(None).to_json()


def kinds(t: DuplicateTable) -> set[tuple[str, str]]:
    return {(ir.kind, ir.penalty) for d in sitting_deals(t) for ir in d.irregularities}


def test_duplicate_is_a_registered_game() -> None:
    assert VARIANTS["duplicate"] is DuplicateTable
    assert find_variant("Duplicate Whist") is DuplicateTable


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_strict_session_round_trip(seed: int) -> None:
    t = random_sitting(seed, laws=False, trays=3)
    assert t.is_over()
    deals = sitting_deals(t)
    assert [d.board for d in deals] == [1, 2, 3]
    assert {d.variant for d in deals} == {"Duplicate Whist"}
    assert all(dict(d.extra_tags)["WhistTray"] == "dealt" for d in deals)
    assert all(d.turn_up is not None and d.turn_up // 13 == d.trump for d in deals)
    assert_same_sitting(t, round_trip(t))


def test_mnemonic_match_round_trip_keeps_the_overplays_and_the_comparison() -> None:
    t = random_sitting(4, laws=False, trays=3, mnemonic=True, declared_trump="H")
    deals = sitting_deals(t)
    assert [d.board for d in deals] == [1, 2, 3, 1, 2, 3]
    assert [dict(d.extra_tags)["WhistTray"] for d in deals] == ["dealt"] * 3 + [
        "overplay turned"
    ] * 3
    for first, over in zip(deals[:3], deals[3:], strict=True):
        # SD-5, D-DU11: the tray's N hand is held at E on the overplay, and so on round
        assert [over.hands[(s + 1) % 4] for s in range(4)] == list(first.hands)
        assert over.trump == first.trump == 1 and over.turn_up is None
        assert over.declared_by == over.dealer
    text = export_pbn(t)
    assert '[WhistOptions "mnemonic trays=3 declared_trump=H"]' in text
    again = round_trip(t)
    assert_same_sitting(t, again)
    assert isinstance(again, DuplicateTable)
    assert again.mnemonic_result() == t.mnemonic_result() is not None


def test_declared_trump_with_a_card_turned_each_deal_round_trip() -> None:
    t = random_sitting(5, laws=False, trays=4, declared_trump="C", turn_trump_each_deal=True)
    deals = sitting_deals(t)
    assert all(d.trump == 3 and d.turn_up is not None for d in deals)
    assert_same_sitting(t, round_trip(t))


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("mnemonic", [False, True])
def test_laws_session_with_duplicate_irregularities_round_trip(seed: int, mnemonic: bool) -> None:
    t = random_sitting(
        100 + seed, trays=3, mnemonic=mnemonic, declared_trump="S" if mnemonic else None
    )
    assert t.is_over()
    assert_same_session(t, round_trip(t))


def test_the_laws_corpus_holds_every_duplicate_irregularity() -> None:
    found: set[tuple[str, str]] = set()
    for seed in range(6):
        for mnemonic in (False, True):
            t = random_sitting(
                100 + seed, trays=3, mnemonic=mnemonic, declared_trump="S" if mnemonic else None
            )
            found |= kinds(t)
    names = {k for k, _ in found}
    assert {
        "revoke",
        "revoke_corrected",
        "failure_to_comply",
        "lead_out_of_turn",
        "played_out_of_turn",
        "direction",
        "ask_renounce",
        "winning_cards",
        "card_exposed",
        "two_cards",
        "misdeal",
    } <= names, names
    assert any(p == "cancelled" for _, p in found)
    assert any(k == "direction" and "-" in p for k, p in found)


def test_sd4_new_deal_on_an_overplay_round_trip() -> None:
    """SD-4: a misdeal found on the overplay voids the tray's first play; both plays again."""
    rng = random.Random(8)
    t = DuplicateTable(PLAYERS, laws=True, trays=2, mnemonic=True, declared_trump="H")
    players = {p: find_player("heuristic")(seed=i) for i, p in enumerate(PLAYERS)}
    reported = False
    while not t.is_over():
        h = t.hand
        if not reported and h is not None and t.is_overplay() and not h.trick and not h.tricks:
            t.apply(ReportMisdeal(1, "deal"))
            reported = True
            continue
        step(t, players, rng)
    deals = sitting_deals(t)
    assert any(
        ir.kind == "misdeal" and ir.penalty == "new_deal" for d in deals for ir in d.irregularities
    )
    assert [d.board for d in deals] == [1, 2, 1, 1, 1, 2]
    assert_same_sitting(t, round_trip(t))


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10**6), st.booleans())
def test_random_laws_sessions_round_trip(seed: int, mnemonic: bool) -> None:
    t = random_sitting(seed, trays=2, mnemonic=mnemonic, declared_trump="D" if mnemonic else None)
    assert_same_session(t, round_trip(t))


def test_having_none_is_not_asked_again_while_the_revoke_waits_its_correction() -> None:
    """Seed 63297 (found by the random sessions): in tray 2's trick 1 W revokes, E asks him
    "having none?" (DL-3) and N elects how he corrects (WL-7.4); E's second question before the
    correction is refused (the answer stands: it once found the revoke again and asked N again,
    and the session's PBN did not read back), and the session round-trips."""
    t = random_sitting(63297, stop=64, trays=2, mnemonic=True, declared_trump="D")
    assert t.log[-2:] == [AskRenounce(1), Elect(0, "call_card")]
    with pytest.raises(InvalidActionError, match=r"W \(Dee\) must first correct the revoke"):
        t.apply(AskRenounce(1))
    assert t.legal_actions(3) and all(isinstance(a, CorrectRevoke) for a in t.legal_actions(3))
    whole = random_sitting(63297, trays=2, mnemonic=True, declared_trump="D")
    assert_same_session(whole, round_trip(whole))


def test_nothing_is_played_to_a_complete_trick_that_waits_for_a_revoke_correction() -> None:
    """Seed 311282 (found by the random sessions): N asks S "having none?" once trick 6 is
    complete (DL-3), the revoke is found and E elects how it is corrected (WL-7.4); the four
    cards stay in the trick until S corrects. Two cards played together, or an exposed card
    called, are refused in words (they once raised an IndexError from the table), and only the
    correction is open to S."""
    t = random_sitting(311282, stop=88, trays=2, mnemonic=True, declared_trump="D")
    h = t.hand
    assert h is not None and len(h.trick) == 4 and h.must_correct == 2
    refusal = r"trick 6 is complete: the revoke by S \(Cyd\) must first be corrected"
    with pytest.raises(InvalidActionError, match=refusal):
        t.apply(PlayTogether(3, tuple(cards_of(h.hands[3]))[:2]))
    with pytest.raises(InvalidActionError, match=refusal):
        t.apply(CallCard(1, 2, cards_of(h.hands[2])[0]))
    correct = t.legal_actions(2)
    assert correct and all(isinstance(a, CorrectRevoke) for a in correct)
    whole = random_sitting(311282, trays=2, mnemonic=True, declared_trump="D")
    assert_same_session(whole, round_trip(whole))


def test_a_question_after_another_irregularity_in_the_trick_keeps_the_order() -> None:
    """Seed 268: in trick 1 W leads again (a card exposed, DL-6, through D-DU17's election)
    and corrects a revoke, E having asked him (DL-3). The question's moment is recorded
    (``at``: the cards in the trick), so import asks it then and the revoke it found is
    corrected then: the rebuilt record lists every irregularity in the order played. (Before
    the moment was recorded the question was asked at once and the order differed.)"""
    t = random_sitting(268, trays=2, mnemonic=True, declared_trump="D")
    again = round_trip(t)
    assert_same_session(t, again)
    first = [ir for d in sitting_deals(t) for ir in d.irregularities]
    assert [ir for d in sitting_deals(again) for ir in d.irregularities] == first
    assert ("ask_renounce", 1, "rule DL-3; at 2") in [(ir.kind, ir.trick, ir.note) for ir in first]


def test_a_failure_to_comply_withdrawn_by_a_revoke_correction_round_trips() -> None:
    """Seed 121, trick 12 of the second play: E, directed to play his lowest (DL-1), plays DA
    (a failure, DL-5); N then corrects his revoke and E takes DA back (D-W17): the failure is
    no longer made, its note goes with it, so the re-enacted session matches."""
    t = random_sitting(121, trays=2, mnemonic=True, declared_trump="D")
    assert_same_session(t, round_trip(t))


def test_a_revoke_corrected_with_the_card_then_led_out_of_turn_round_trips() -> None:
    """Seed 141695, second play: in trick 11 E plays S9 and S7 together, S7 a revoke; he leads
    CJ out of turn to trick 12 (its card called), W then asks him (DL-3) and E corrects the
    revoke with CJ (WL-7.4), S and W playing to trick 11 again. Import re-enacts the correction
    after that lead, not at once (CJ would be gone before the lead it makes)."""
    t = random_sitting(141695, trays=2, mnemonic=False, declared_trump=None)
    kinds = {ir.kind for ir in sitting_deals(t)[1].irregularities}
    assert {"lead_out_of_turn", "revoke_corrected", "two_cards", "ask_renounce"} <= kinds
    assert_same_session(t, round_trip(t))


def test_a_revoke_corrected_with_the_card_then_played_again_to_the_trick_round_trips() -> None:
    """Seed 278183, second play: in trick 3 N plays C5 and SQ together, C5 a revoke; E plays,
    then N puts HJ to the trick before S has played (a card exposed, DL-6); S asks him (DL-3)
    and N corrects the revoke with HJ (WL-7.4), E playing to the trick again. Import re-enacts
    the correction after that exposure, not at once (HJ would be gone before it is exposed)."""
    t = random_sitting(278183, trays=2, mnemonic=True, declared_trump="D")
    trick_3 = [(ir.kind, ir.offender) for ir in sitting_deals(t)[1].irregularities if ir.trick == 3]
    assert trick_3 == [
        ("two_cards", 0),
        ("card_exposed", 0),
        ("revoke_corrected", 0),
        ("ask_renounce", 2),
    ]
    assert_same_session(t, round_trip(t))


def test_seed_404691_a_revoke_corrected_after_its_card_and_another_were_led_again() -> None:
    """Seed 404691, trick 9 of the overplay of tray 2: E revokes (HT), then leads C5 again
    before his partner has played (DL-6; S demands ``win_2``, cancelled under DL-4) and C8
    again (a card exposed, WL-5.1); W then asks him (DL-3) and E corrects with C5 (WL-7.4).
    Import corrects after both exposures, as recorded, not at once after C5's: corrected then,
    C5 and C8 were both winners and C8 was led again as ``winning_cards``."""
    t = random_sitting(404691, trays=2, mnemonic=True, declared_trump="D")
    trick_9 = [(ir.kind, ir.penalty) for ir in sitting_deals(t)[3].irregularities if ir.trick == 9]
    assert trick_9 == [
        ("card_exposed", "cancelled"),
        ("card_exposed", ""),
        ("revoke_corrected", "call_card"),
        ("ask_renounce", ""),
    ]
    assert_same_session(t, round_trip(t))


def test_a_question_asked_after_the_trick_was_played_is_asked_then_on_import() -> None:
    """Seed 1173, trick 10 of the first play: S revokes (CJ), draws attention to the trick and
    N is directed to play his lowest, no trump (DL-1); N plays, then asks S "having none?"
    (DL-3, ``at 4``) and S corrects with HT (WL-7.4): N plays again, free of the direction, a
    trump (D8). Import asks the question then, so N's first card is withdrawn with the
    direction's claim on it; asked at once, N's D8 was a failure to comply that never was."""
    t = random_sitting(1173, trays=2, mnemonic=False, declared_trump=None)
    rows = [(ir.kind, ir.offender, ir.note) for ir in sitting_deals(t)[0].irregularities]
    assert ("ask_renounce", 0, "rule DL-3; at 4") in rows
    assert not any(kind == "failure_to_comply" for kind, _, _ in rows)
    assert_same_session(t, round_trip(t))


def test_a_correction_before_a_card_exposed_at_the_same_moment_keeps_its_order() -> None:
    """Seed 310010, trick 6 of the second play: W revokes with HJ, E asks him (DL-3, ``at 2``),
    W corrects with S9 (WL-7.4), then leads D2 again before his partner has played (a card
    exposed, DL-6, its penalty waived): the correction comes before the exposure made at the
    same moment (the record's order), so the exposure's note shows S9 in the trick, not HJ."""
    t = random_sitting(310010, trays=2, mnemonic=True, declared_trump="D")
    notes = [ir.note for ir in sitting_deals(t)[1].irregularities if ir.trick == 6]
    assert any("cards S9 D2" in n for n in notes) and "rule DL-3; at 2" in notes
    assert_same_session(t, round_trip(t))


def test_a_suit_called_for_a_lead_out_of_turn_before_a_misdeal_is_reported_round_trips() -> None:
    """Seed 300950, the third play: N leads CJ out of turn, the suit is called (hearts, WL-6.1),
    and the misdeal is then reported (SD-4). Import calls the suit before the report, as played,
    not after (once the deal is thrown in the call is never made)."""
    t = random_sitting(300950, trays=2, mnemonic=True, declared_trump="D")
    kinds = [(ir.kind, ir.note) for ir in sitting_deals(t)[2].irregularities]
    assert kinds == [
        ("lead_out_of_turn", "rule WL-6.1; cards CJ; suit H"),
        ("misdeal", "rule SD-4; reason deal"),
    ]
    assert_same_session(t, round_trip(t))


@pytest.mark.parametrize("stop", [30, 75, 160])
def test_unfinished_session_round_trip(stop: int) -> None:
    t = random_sitting(7, trays=2, mnemonic=True, declared_trump="H", stop=stop)
    assert not t.is_over()
    again = round_trip(t)
    assert sitting_deals(again) == sitting_deals(t)
    assert again.view(None).to_json() == t.view(None).to_json()


def test_an_event_session_with_recorded_and_turned_trays_round_trip() -> None:
    """A table of an event plays trays dealt beforehand, some turned (MV-1.5)."""
    schedule = generate("howell", 2, replay=True)
    sessions = event_sessions(schedule)
    trays = {tr.tray: tr for tr in deal_trays(9, max(t for s in sessions for t, _ in s.program))}
    session = next(s for s in sessions if any(turned for _, turned in s.program))
    t = session.table_for(trays, laws=True)
    rng = random.Random(3)
    players = {p: find_player("heuristic")(seed=i) for i, p in enumerate(t.players)}
    while not t.is_over():
        step(t, players, rng)
    deals = sitting_deals(t)
    assert [d.board for d in deals] == [tr for tr, _ in session.program]
    ways = [dict(d.extra_tags)["WhistTray"].split()[0] for d in deals]
    assert set(ways) <= {"recorded", "overplay"} and ways[0] == "recorded"
    again = round_trip(t)
    assert_same_sitting(t, again)
    assert again.config()["boards"] == t.config()["boards"]


def test_exported_session_is_valid_profile_pbn() -> None:
    t = random_sitting(104, trays=3)
    text = export_pbn(t, event="Club", site="Bath", date="2026.11.30")
    result = read_whist_pbn(text)
    assert not result.errors
    assert list(result.deals) == sitting_deals(t, event="Club", site="Bath", date="2026.11.30")
    assert "[Board " in text and '[WhistVariant "Duplicate Whist"]' in text


def test_a_play_of_the_wrong_tray_is_refused_with_its_line() -> None:
    t = random_sitting(6, laws=False, trays=3)
    text = export_pbn(t)
    tampered = text.replace('[Board "2"]', '[Board "3"]', 1)
    result = import_pbn(tampered)
    assert result.table is None
    assert any("tray 3" in e.message and e.line > 0 for e in result.errors), result.errors


def test_event_log_round_trip_and_cli(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    t = random_sitting(102, trays=2, mnemonic=True, declared_trump="H")
    log = tmp_path / "dup.json"
    save_log(t, log)
    loaded = load_log(log)
    assert table_record(loaded) == table_record(t)
    pbn = tmp_path / "dup.pbn"
    assert main(["record", "export", str(log), "--pbn", str(pbn)]) == 0
    back = tmp_path / "back.json"
    assert main(["record", "import", str(pbn), "--log", str(back)]) == 0
    again = load_log(back)
    assert table_record(again) == table_record(t)
    assert json.loads(back.read_text())["config"] == t.config()
    capsys.readouterr()
    assert main(["record", "show", str(log)]) == 0
    shown = capsys.readouterr().out
    assert "Duplicate" in shown or "duplicate" in shown
    assert main(["record", "show", str(pbn)]) == 0
    assert main(["replay", str(log), "--all"]) == 0
    out = capsys.readouterr().out
    assert "tray" in out.lower() or "board" in out.lower()


@pytest.mark.parametrize(
    "argv",
    [
        ["--tables", "2", "--kind", "howell", "--trays", "2"],
        ["--tables", "1", "--mnemonic", "--trays", "3"],
        ["--tables", "1", "--mnemonic", "--individuals", "--trays", "1"],
    ],
)
def test_duplicate_play_saves_every_table_session(
    argv: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``vivant duplicate play --save DIR``: one event log per table session, each rebuilt by
    the engine, exported to PBN and imported back unchanged, and holding the plays the event's
    own output reports."""
    folder = tmp_path / "logs"
    assert (
        main(["duplicate", "play", *argv, "--auto", "--seed", "5", "--json", "--save", str(folder)])
        == 0
    )
    event = json.loads(capsys.readouterr().out)
    logs = sorted(folder.iterdir())
    assert logs
    plays: list[tuple[int, bool, int]] = []
    for log in logs:
        table = load_log(log)
        assert isinstance(table, DuplicateTable) and table.is_over()
        assert json.loads(log.read_text())["meta"]["seed"] == 5
        again = round_trip(table)
        assert_same_sitting(table, again)
        plays += [(r["tray"], r["turned"], r["won"]["NS"]) for r in table.results()]
    if "sessions" in event:
        assert len(logs) == len(event["sessions"])
        expected = [
            (p["tray"], p["turned"], p["won"]["NS"]) for s in event["sessions"] for p in s["plays"]
        ]
    elif "blocks" in event:
        assert len(logs) == len(event["blocks"])
        expected = [
            (p["tray"], p["turned"], p["won"]["NS"]) for b in event["blocks"] for p in b["plays"]
        ]
    else:
        assert [log.name for log in logs] == ["match.json"]
        expected = [(p["tray"], p["turned"], p["won"]["NS"]) for p in event["plays"]]
    assert sorted(plays) == sorted(expected)


@functools.cache
def sample_lines(event: bool = False) -> tuple[str, ...]:
    """A laws-mode mnemonic match, or a table of an event playing recorded trays, some turned."""
    if not event:
        t = random_sitting(103, trays=2, mnemonic=True, declared_trump="H")
        return tuple(export_pbn(t).split("\r\n"))
    sessions = event_sessions(generate("howell", 2, replay=True))
    trays = {tr.tray: tr for tr in deal_trays(4, max(t for s in sessions for t, _ in s.program))}
    table = sessions[-1].table_for(trays, laws=True)
    rng = random.Random(1)
    players = {p: find_player("heuristic")(seed=i) for i, p in enumerate(table.players)}
    while not table.is_over():
        step(table, players, rng)
    return tuple(export_pbn(table).split("\r\n"))


@settings(max_examples=80, deadline=None)
@given(st.data(), st.booleans())
def test_damaged_duplicate_files_never_crash_the_import(data: st.DataObject, event: bool) -> None:
    """Lines dropped, swapped or with a token replaced by another from the file (tray tags,
    options, the duplicate laws' rows and notes among them): problems reported, never a crash."""
    lines = damage(list(sample_lines(event)), data)
    result = import_pbn("\r\n".join(lines))
    assert result.table is not None or result.errors


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ('[WhistTray "dealt"]', '[WhistTray "sideways"]', "WhistTray"),
        ("trays=2", "trays=two", "trays="),
        ("declared_trump=H", "declared_trump=X", "declared_trump"),
        (
            '[WhistOptions "mnemonic trays=2 declared_trump=H"]',
            '[WhistOptions "program=1,x"]',
            "program",
        ),
    ],
)
def test_bad_duplicate_tags_are_reported(old: str, new: str, message: str) -> None:
    text = "\r\n".join(sample_lines())
    assert old in text
    result = import_pbn(text.replace(old, new))
    assert result.table is None
    assert any(message in e.message for e in result.errors), result.errors


def test_deal_only_export_of_a_mnemonic_match_is_read_by_endplay() -> None:
    """Every play of a tray, the overplays' turned hands as held, numbered by tray."""
    from endplay.parsers import pbn as endplay_pbn

    t = random_sitting(9, laws=False, trays=2, mnemonic=True, declared_trump="S")
    boards = endplay_pbn.loads(export_pbn(t, deal_only=True))
    deals = sitting_deals(t)
    assert [b.board_num for b in boards] == [1, 2, 1, 2]
    assert [b.deal.to_pbn() for b in boards] == [format_deal(d.played_hands(), 0) for d in deals]
