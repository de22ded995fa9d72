"""A person plays Duplicate Whist in a real terminal (issue 16, point 6): the real
``vivant duplicate play`` runs in a pseudo-terminal and the person reads only the screen.

* Single-table (Mnemonic) Duplicate of two boards (SD-5, SD-6): each board is played, then
  replayed turned. The screen's own tricks ("Trick n: … won by S (You)") give each play's result;
  the person's hand on the replay must be the cards East played on the first play (SD-1: "the
  second time playing a hand previously played by an adversary", D-DU11), and the comparison and
  totals shown must be :func:`~vivant.duplicate.scoring.fixed_pairs_mnemonic`'s.
* A two-table Howell event (Foster's four pairs, HO-*, SC-4 matches): the other table is played
  by computer players, reproduced here with the same seeds; the person's tricks are read off the
  screen; every running total and the final ranking shown must be the core's
  :func:`~vivant.duplicate.scoring.score_event` of those plays, and each board's comparison the
  trick difference with the pair that held the same cards."""

from __future__ import annotations

import random
import re

import pytest

from test_person_plays_terminal import CARD_PROMPT, Terminal, card_to_play
from vivant.duplicate import progress
from vivant.duplicate.movements import generate, plays
from vivant.duplicate.scoring import TrayResult, fixed_pairs_mnemonic, score_event
from vivant.duplicate.table import deal_trays, event_results, event_sessions
from vivant.players import find_player, play_sitting

pytestmark = pytest.mark.timeout(120)

TRICK = re.compile(r"^Trick \d+: (.*) — won by ([NESW]) ", re.M)


def play_through(args: list[str], seed: int, sheet_at: int | None = None) -> str:
    """The person plays every card asked of him (suit followed when he can) to the end; at his
    ``sheet_at``-th card he first asks for the sheet so far (``sheet``)."""
    # wide enough that no line of the program's is wrapped: the words are compared whole
    term = Terminal(["duplicate", "play", *args, "--seed", str(seed)], cols=400)
    rng = random.Random(seed)
    try:
        for i in range(400):
            shown = term.wait_for_prompt()
            if term.eof:
                break
            assert CARD_PROMPT.search(shown), shown[-600:]
            if i == sheet_at:
                term.type("sheet")
                shown = term.wait_for_prompt()
                assert "The session so far: 1 play of Duplicate Whist." in shown, shown[-600:]
                assert "Tricks in all: North–South " in shown, shown[-600:]
            term.type(card_to_play(term.screen, rng))
        else:
            raise AssertionError("the event did not end")
    finally:
        code = term.close()
    assert code == 0, term.screen[-1500:]
    assert "Traceback" not in term.screen
    return term.screen


def boards_on_screen(screen: str) -> list[tuple[int, bool, str]]:
    """Each play shown: the board number, whether turned, and the screen of that play."""
    starts = list(re.finditer(r"^Board (\d+): (?:dealt here|the hands taken)", screen, re.M))
    out = []
    for i, m in enumerate(starts):
        end = starts[i + 1].start() if i + 1 < len(starts) else len(screen)
        part = screen[m.start() : end]
        out.append((int(m.group(1)), "lies turned" in part, part))
    return out


def ns_tricks(part: str) -> int:
    winners = [w for _, w in TRICK.findall(part)]
    assert len(winners) == 13, part[-500:]
    return sum(w in "NS" for w in winners)


def cards_played_by(part: str, seat: str) -> set[str]:
    return {
        c.split()[1] for cards, _ in TRICK.findall(part) for c in cards.split(", ") if c[0] == seat
    }


def test_a_person_plays_single_table_mnemonic_duplicate() -> None:
    screen = play_through(["--mnemonic", "--trays", "2"], seed=5, sheet_at=13)
    shown = boards_on_screen(screen)
    assert [(t, turned) for t, turned, _ in shown] == [(1, False), (2, False), (1, True), (2, True)]
    first: dict[int, str] = {}
    originals, replays = [], []
    for tray, turned, part in shown:
        ns = ns_tricks(part)
        if not turned:
            first[tray] = part
            assert (
                f"Board {tray}, first play: N–S (Ada & You) {ns}, E–W (Bea & Cyd) {13 - ns} tricks"
            ) in part
            originals.append(13 - ns)
            continue
        # SD-1, D-DU11: on the replay South holds the cards East played the first time
        hand_line = re.search(r"^Your hand \(S\): (.*)$", part, re.M)
        assert hand_line is not None
        hand = {
            s + r
            for s, ranks in re.findall(r"[♠♥♦♣]([SHDC]) ((?:[AKQJT2-9] ?)*|–)", hand_line.group(1))
            for r in ranks.split()
            if r != "–"
        }
        assert hand == cards_played_by(first[tray], "E")
        assert "you hold the tray's E hand, the cards Bea (E) held on the first play" in part
        replays.append(ns)
        d = ns - originals[tray - 1]
        sign = f"{d:+d} to Ada & You" if d else "level"
        assert (
            f"Board {tray}, comparison: with the same cards Ada & You took {ns} on the "
            f"replay, Bea & Cyd {originals[tray - 1]} on the first play: {sign}."
        ) in part
        total = fixed_pairs_mnemonic(
            originals[: len(replays)], replays, original_pair="Bea & Cyd", replay_pair="Ada & You"
        )
        assert (
            f"Totals after {len(replays)} board{'s' if len(replays) > 1 else ''} compared: "
            + progress.result_words(total)
        ) in part
    final = fixed_pairs_mnemonic(originals, replays, "Bea & Cyd", "Ada & You")
    assert f"The match is over: {progress.result_words(final, final=True)}" in screen


def test_a_person_plays_a_two_table_howell_event_to_the_final_ranking() -> None:
    seed = 3
    screen = play_through(["--tables", "2", "--movement", "howell", "--trays", "2"], seed=seed)
    schedule = generate("howell", 2, 2)
    trays = {t.tray: t for t in deal_trays(seed, 6)}
    sessions = event_sessions(schedule)
    pair = sessions[0].ns
    factory = find_player("heuristic")
    shown = iter(boards_on_screen(screen))
    results: list[TrayResult] = []
    boards = 0
    for rnd in range(1, schedule.rounds + 1):
        here = [s for s in sessions if s.round == rnd]
        ours = next(s for s in here if pair in (s.ns, s.ew))
        for s in here:  # the other table, as the program plays it with computer players
            if s is not ours:
                table = s.table_for(trays)
                bots = {n: factory(seed=seed * 1024 + i) for i, n in enumerate(table.players)}
                play_sitting(table, bots, random.Random(seed))
                results.extend(event_results(s, table))
        for tray, turned in ours.program:
            got, got_turned, part = next(shown)
            assert (got, got_turned) == (tray, turned)
            boards += 1
            play = TrayResult(tray, ours.ns, ours.ew, ns_tricks(part), turned, rnd, ours.table)
            results.append(play)
            # the tray's travel (D-MV3): where it comes from and goes to, as the movement says
            move = next(
                p for p in plays(schedule) if (p.tray, p.round, p.table) == (tray, rnd, ours.table)
            )
            came, went = progress.travel_words(schedule, move)
            assert came in part and went in part
            c = progress.board_comparison(results, play, pair)
            assert len(c.others) == 1  # the pair that held the same cards at the other table
            assert progress.comparison_words(c) in part
            standings = progress.standings_so_far(schedule, results)
            block = "\n".join(
                "  " + w for w in progress.standing_words(schedule.scoring, standings)
            )
            assert f"Running totals (matches):\n{block}" in part
    assert next(shown, None) is None and boards == 6
    final = score_event(schedule, results)
    ranking = "\n".join("  " + w for w in progress.standing_words(final.method, final.standings))
    assert f"The event is over. Final ranking (matches):\n{ranking}" in screen
