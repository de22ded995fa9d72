"""``vivant play mort``: bots-only records (``--auto --json``), the readable summary, and the
interactive game driven through standard input — bad and illegal cards, choices, the laws."""

from __future__ import annotations

import io
import json
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

from vivant.actions import Action, CorrectRevoke, Play
from vivant.cards import card_name
from vivant.cli import main
from vivant.cli.laws import person_decides
from vivant.cli.play import HUMAN, Session, make_console, player_count
from vivant.players import who_acts
from vivant.table import Table
from vivant.variants import VARIANTS, find_variant

VIVANT = Path(sys.executable).with_name("vivant")

Policy = Callable[[Table, int, list[Action]], str]


def run_main(argv: list[str], capsys: pytest.CaptureFixture[str], stdin: str = "") -> str:
    old = sys.stdin
    sys.stdin = io.StringIO(stdin)
    try:
        assert main(argv) == 0
    finally:
        sys.stdin = old
    return capsys.readouterr().out


def auto_json(capsys: pytest.CaptureFixture[str], *extra: str) -> dict[str, Any]:
    out = run_main(["play", "mort", "--auto", "--json", *extra], capsys)
    assert out.count("\n") == 1
    record: dict[str, Any] = json.loads(out)
    return record


# --- bots only --------------------------------------------------------------------------------


def test_auto_json_four_players_follows_the_rotation_and_sums_to_zero(
    capsys: pytest.CaptureFixture[str],
) -> None:
    record = auto_json(capsys, "--players", "4", "--seed", "7")
    assert list(record)[:5] == ["game", "seed", "laws", "players", "kinds"]
    assert {"game", "seed", "players", "games", "settlement"} <= set(record)
    assert record["game"] == "mort" and record["seed"] == 7
    players = record["players"]
    assert len(players) == 4 and record["kinds"] == {p: "heuristic" for p in players}
    games = record["games"]
    assert len(games) == 4
    total = dict.fromkeys(players, 0)
    for k, game in enumerate(games):
        # M-2.6 with D-M1: game k has V = player k in cutting order, R = k+1, L = k+2, out = k+3.
        assert game["roles"] == {
            "V": players[k],
            "R": players[(k + 1) % 4],
            "L": players[(k + 2) % 4],
            "out": players[(k + 3) % 4],
        }
        assert game["kinds"] == {
            "V": "heuristic",
            "R": "heuristic",
            "L": "heuristic",
            "out": "heuristic",
        }
        assert list(game)[:2] == ["roles", "kinds"]
        assert sum(game["settlement"].values()) == 0
        assert game["settlement"][players[(k + 3) % 4]] == 0
        assert set(game) >= {"roles", "hands", "points", "extras", "winner", "value"}
        assert max(game["points"].values()) >= 5
        for hand in game["hands"]:
            assert set(hand) >= {"dealer", "trump", "turn_up", "tricks", "won", "irregularities"}
            assert len(hand["tricks"]) == 13
            assert sum(hand["won"].values()) == 13
            for trick in hand["tricks"]:
                assert set(trick) == {"leader", "cards", "winner"} and len(trick["cards"]) == 4
        for p, v in game["settlement"].items():
            total[p] += v
    assert record["settlement"] == total
    assert sum(record["settlement"].values()) == 0


def test_auto_json_is_byte_identical_across_runs() -> None:
    argv = [str(VIVANT), "play", "mort", "--auto", "--players", "4", "--seed", "7", "--json"]
    first = subprocess.run(argv, capture_output=True, check=True, timeout=60)
    second = subprocess.run(argv, capture_output=True, check=True, timeout=60)
    assert first.stdout == second.stdout
    assert first.stderr == b"" and len(first.stdout) > 1000
    assert json.loads(first.stdout)["seed"] == 7


def test_three_players_make_a_tournee_of_three_games(capsys: pytest.CaptureFixture[str]) -> None:
    record = auto_json(capsys, "--players", "3", "--seed", "11", "--opponents", "random")
    players = record["players"]
    assert len(record["games"]) == 3
    assert [g["roles"]["V"] for g in record["games"]] == players  # M-2.2: in cutting order
    assert record["kinds"] == {p: "random" for p in players}
    for game in record["games"]:
        assert "out" not in game["roles"]
        assert sum(game["settlement"].values()) == 0
    assert sum(record["settlement"].values()) == 0


def test_auto_summary_is_readable(capsys: pytest.CaptureFixture[str]) -> None:
    out = run_main(["play", "mort", "--auto", "--seed", "3"], capsys)
    assert "Game 1: V " in out and "Game 3: V " in out
    assert "Score sheet" in out and "total" in out
    assert re.search(r"(VM|LR) win \d+–\d+", out)


def hand_rows(out: str) -> list[list[str]]:
    """The cells of the hands' rows of ``--auto``'s summary tables (hand, dealer, trumps,
    tricks, score after, notes), a row's wrapped lines joined."""
    rows: list[list[str]] = []
    for line in out.split("Score sheet")[0].splitlines():
        cells = [c.strip() for c in line.strip("│").split("│")] if line.startswith("│") else []
        if len(cells) != 6:
            continue
        if cells[0].isdecimal():
            rows.append(cells)
        elif rows and not cells[0]:  # a wrapped line of the row above
            rows[-1] = [f"{a} {b}".strip() for a, b in zip(rows[-1], cells, strict=True)]
    return rows


@pytest.mark.parametrize("game", ["all-fours", "boston", "mort", "humbug"])
def test_auto_summary_gives_every_hands_score(
    game: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Every hand's row says the score after it, whatever the game keeps its score in (All
    Fours' was left empty)."""
    rows = hand_rows(run_main(["play", game, "--auto", "--seed", "3"], capsys))
    assert rows and all(re.fullmatch(r"(\S+ -?\d+, )+\S+ -?\d+", r[4]) for r in rows), rows


def test_auto_summary_of_bridge_for_three_names_each_dealer(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """At Bridge for Three the dealer always sits South (B3-1), so his row names him, and the
    winner of a game, a player, wins."""
    out = run_main(["play", "bridge-for-three", "--auto", "--seed", "3"], capsys)
    dealers = {r[1] for r in hand_rows(out)}
    assert dealers == {"S (P1)", "S (P2)", "S (P3)"}
    assert re.search(r"^P\d wins P1 \d+, P2 \d+, P3 \d+$", out, re.M)


def test_auto_summary_of_boston_says_the_counters_once(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Boston's game is settled in its counters: the caption says them once, signed."""
    out = run_main(["play", "boston", "--auto", "--seed", "3"], capsys)
    assert re.search(r"^P\d wins; (P\d [+-]\d+, ){3}P\d [+-]\d+$", out, re.M)


def test_json_needs_auto(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "mort", "--json"]) == 2
    assert "--json needs --auto" in capsys.readouterr().err


# --- the interactive game -------------------------------------------------------------------


def scripted(
    policy: Policy,
    *,
    seed: int,
    players: int = 3,
    seat: str | None = "V",
    laws: bool = False,
    game: str = "mort",
) -> tuple[list[str], str]:
    """Play the interactive game in-process, typing what ``policy`` answers for each prompt
    (it sees the table, the human's seat and the legal actions, as a person looking at the
    screen would know them). Returns the lines typed and the screen output."""
    out = io.StringIO()
    typed: list[str] = []
    holder: dict[str, Session] = {}

    def read() -> str | None:
        t = holder["s"].table
        # The person answers for his side where it elects (a claim of tricks, D-TC4).
        mine = person_decides(t, HUMAN)
        if mine is None:
            turn = who_acts(t)
            assert turn is not None and turn[1] == HUMAN
            mine = turn[0]
        line = policy(t, mine, t.legal_actions(mine))
        typed.append(line)
        return None if line == "<EOF>" else line

    session = Session(
        console=make_console(out),
        read=read,
        echo=True,
        variant=find_variant(game),
        n_players=players,
        seat=seat,
        seed=seed,
        laws=laws,
        opponents="heuristic",
    )
    holder["s"] = session
    assert session.play() == 0
    return typed, out.getvalue()


def legal_card(t: Table, seat: int, legal: list[Action]) -> str:
    """The first legal card, or Enter (the default) for a numbered choice."""
    first = legal[0]
    if isinstance(first, Play | CorrectRevoke):
        return card_name(first.card)
    return ""


def revoke_card(t: Table, legal: list[Action]) -> str | None:
    """A card of the hand to play that would be a revoke now, if there is one."""
    first = legal[0]
    if not isinstance(first, Play) or first.seat != t.to_act():
        return None  # from one's own hand: Mort is never liable to a penalty (M-6.1)
    view = t.view(t.controller(first.seat))
    if view.trick is None or not view.trick.cards:
        return None
    led = view.trick.cards[0] // 13
    hand = view.hand if first.seat == view.seat else view.exposed[first.seat]
    if not hand.has_suit(led):
        return None
    other = [c for c in hand if c // 13 != led]
    return card_name(other[0]) if other else None


class BadThenRevokeThenLegal:
    """Types ``XX`` at the first card prompt, a revoking card at the first chance, then plays
    legal cards (and takes the defaults) to the end."""

    def __init__(self, extra: list[str] | None = None) -> None:
        self.bad_done = False
        self.revoke: str | None = None
        self.extra = list(extra or [])

    def __call__(self, t: Table, seat: int, legal: list[Action]) -> str:
        if isinstance(legal[0], Play):
            if not self.bad_done:
                self.bad_done = True
                return "XX"
            if self.extra:
                return self.extra.pop(0)
            if self.revoke is None:
                card = revoke_card(t, legal)
                if card is not None:
                    self.revoke = card
                    return card
        return legal_card(t, seat, legal)


def test_piped_game_reports_bad_and_illegal_cards_and_plays_to_the_end() -> None:
    policy = BadThenRevokeThenLegal(extra=["help", "sheet", "show", "SA SK"])
    typed, screen = scripted(policy, seed=21)
    assert policy.revoke is not None
    assert "The tournée is over." in screen
    # The same lines through a pipe to the real command.
    script = "\n".join(typed) + "\n"
    proc = subprocess.run(
        [str(VIVANT), "play", "mort", "--seed", "21", "--seat", "V"],
        input=script,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout
    assert "invalid card 'XX': expected suit then rank" in out
    assert re.search(rf"{policy.revoke} would be a revoke: \w \(\w+\) holds \w+ \(trick \d+", out)
    assert "'SA SK': type one card (e.g. SA) or a command (help)." in out
    assert "Type a card to play it" in out  # help
    assert "Score sheet" in out
    assert out.count("Hand over:") >= 6
    assert "The tournée is over." in out
    assert out.count("Game over:") == 3


def test_end_of_input_leaves_cleanly(capsys: pytest.CaptureFixture[str]) -> None:
    out = run_main(["play", "mort", "--seed", "4", "--seat", "V"], capsys, stdin="\nSA\n")
    assert "End of input: the game is left unfinished." in out
    proc = subprocess.run(
        [str(VIVANT), "play", "mort", "--seed", "4"],
        input="",
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode == 0 and "End of input" in proc.stdout and proc.stderr == ""


def test_quit_leaves_the_table(capsys: pytest.CaptureFixture[str]) -> None:
    out = run_main(["play", "mort", "--seed", "4", "--seat", "V"], capsys, stdin="quit\ny\n")
    assert "Leave the table? The game is left unfinished." in out
    assert "You leave the table" in out


def test_numbered_choice_with_default_and_a_bad_answer(capsys: pytest.CaptureFixture[str]) -> None:
    out = run_main(["play", "mort", "--seed", "8", "--seat", "V"], capsys, stdin="9\nx\n2\n")
    assert "1. deal for yourself  (default)" in out
    assert "'9' is not one of the choices 1–2." in out
    assert "'x' is not one of the choices 1–2." in out
    assert "deals the first hand for Mort" in out
    assert "New hand: M (Mort) deals" in out


def test_vivant_is_asked_for_morts_cards(capsys: pytest.CaptureFixture[str]) -> None:
    _typed, screen = scripted(lambda t, s, legal: legal_card(t, s, legal), seed=2, seat="V")
    assert "Play from Mort's hand (M)" in screen or "Lead from Mort's hand (M)" in screen
    assert "Mort (M), face up: ♠S" in screen
    assert "Your hand (V): ♠S" in screen
    assert "Game score (markers): VM" in screen and "Last trick:" in screen


@pytest.mark.parametrize("seat", ["R", "L"])
def test_seat_option_gives_the_role_in_the_first_game(
    seat: str, capsys: pytest.CaptureFixture[str]
) -> None:
    out = run_main(["play", "mort", "--seed", "5", "--seat", seat], capsys, stdin="show\n")
    head = re.search(r"Game 1 of 3 · V (\w+), R (\w+), L (\w+)", out)
    assert head is not None
    assert dict(zip("VRL", head.groups(), strict=True))[seat] == HUMAN


def test_revoke_claims_are_for_laws_mode_and_trick_claims_for_casual_tables() -> None:
    policy = BadThenRevokeThenLegal(extra=["claim 1", "claim x", "two SA SK"])
    _, proc_out = scripted(policy, seed=6)
    assert "The tournée is over." in proc_out
    # At a casual table "claim" claims tricks (D-TC4); a revoke is claimed only with --laws.
    assert "claim — the rest of the tricks; claim N — N of the remaining tricks" in proc_out
    assert "claim N — N is the number of the trick with the revoke" not in proc_out
    assert "two cards played together are recorded in laws mode only" in proc_out


def test_laws_mode_revoke_is_accepted_then_claimed_and_punished() -> None:
    policy = BadThenRevokeThenLegal(extra=["claim 1"])
    _typed, screen = scripted(policy, seed=11, laws=True)
    assert policy.revoke is not None
    # Laws mode: a claim the cards seen do not prove is refused, in the same words whether or
    # not there was a revoke (D-W13), and play goes on.
    assert "shows a revoke by LR in trick 1: the tricks are examined" in screen
    assert "would be a revoke" not in screen  # the revoking card was accepted
    trick = re.search(r"The revoke by V \(You\) in trick (\d+) is claimed\.", screen)
    assert trick is not None
    assert re.search(
        rf"[RL] \(\w+\) chooses the penalty for the revoke in trick {trick.group(1)}: [TDA]:",
        screen,
    )
    assert "(You) chooses the penalty" not in screen  # the adversaries choose (M-6.2)
    assert "The tournée is over." in screen


def test_laws_mode_two_cards_together_the_adversaries_choose() -> None:
    state: dict[str, bool] = {"done": False}

    def policy(t: Table, seat: int, legal: list[Action]) -> str:
        first = legal[0]
        if isinstance(first, Play) and not state["done"] and len(legal) >= 2:
            state["done"] = True
            a, b = legal[0], legal[1]
            assert isinstance(a, Play) and isinstance(b, Play)
            return f"two {card_name(a.card)} {card_name(b.card)}"
        if not state["done"]:
            return legal_card(t, seat, legal)
        state["quit"] = not state.get("quit")
        return "quit" if state["quit"] else "y"  # and confirm

    _typed, screen = scripted(policy, seed=12, laws=True)
    assert state["done"]
    assert re.search(r"Irregularity: two cards played together by [VM] \(\w+\) — \w\w \w\w", screen)
    assert re.search(r"For two cards played together: \w\w\.", screen)
    assert "You leave the table" in screen


class LeadFromTheWrongHand:
    """As Vivant, when his own hand is to lead, types one of Mort's cards once; then plays
    legal cards and takes the defaults."""

    def __init__(self) -> None:
        self.card: str | None = None

    def __call__(self, t: Table, seat: int, legal: list[Action]) -> str:
        first = legal[0]
        if self.card is None and isinstance(first, Play) and first.seat == seat:
            view = t.view(seat)
            if not (view.trick and view.trick.cards) and view.exposed:
                self.card = card_name(next(iter(view.exposed[2])))
                return self.card
        return legal_card(t, seat, legal)


def test_lead_from_the_wrong_hand_in_laws_mode_goes_to_the_adversaries() -> None:
    policy = LeadFromTheWrongHand()
    _typed, screen = scripted(policy, seed=31, laws=True)
    assert policy.card is not None
    assert re.search(
        rf"Irregularity: a lead out of turn by M \(Mort\) — {policy.card}; "
        r"R \(\w+\) or L \(\w+\) to choose: accept the card as played or have the card taken "
        r"back\.",
        screen,
    )
    # the default (M-6.7)
    assert "For a lead out of turn: have the card taken back." in screen
    assert "The tournée is over." in screen


def test_lead_from_the_wrong_hand_in_strict_mode_is_refused_with_a_hint() -> None:
    policy = LeadFromTheWrongHand()
    _typed, screen = scripted(policy, seed=31)
    assert policy.card is not None
    assert re.search(
        rf"{policy.card} is not in the hand of V \(\w+\) \(trick \d+, card 1\); "
        rf"{policy.card} is in the hand of M \(Mort\)",
        screen,
    )
    assert "The tournée is over." in screen


# --- every game -------------------------------------------------------------------------------

# Duplicate Whist is played as an event of boards: `vivant duplicate play`.
OTHER_GAMES = sorted(set(VARIANTS) - {"mort", "duplicate"})


@pytest.mark.parametrize("name", ["duplicate", "Duplicate Whist"])
def test_duplicate_is_sent_to_vivant_duplicate_play(
    name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert "duplicate" in VARIANTS
    assert main(["play", name, "--auto", "--json"]) == 2
    assert "use vivant duplicate play" in capsys.readouterr().err


@pytest.mark.parametrize("game", OTHER_GAMES)
def test_every_game_auto_json_is_deterministic(
    game: str, capsys: pytest.CaptureFixture[str]
) -> None:
    first = run_main(["play", game, "--auto", "--json", "--seed", "3"], capsys)
    again = run_main(["play", game, "--auto", "--json", "--seed", "3"], capsys)
    assert first == again and first.count("\n") == 1
    record = json.loads(first)
    assert record["game"] == game and record["seed"] == 3
    assert record["games"] and sum(record["settlement"].values()) == 0
    for g in record["games"]:
        for hand in g["hands"]:
            if not hand.get("abandoned"):
                due = hand.get("hand_tricks", getattr(VARIANTS[game], "hand_tricks", 13))
                assert len(hand["tricks"]) == due  # a game may say per hand (Boston, BO-5.2)


@pytest.mark.parametrize("game", OTHER_GAMES)
def test_every_game_interactive_to_the_end(game: str) -> None:
    """A person plays the whole sitting of each game, typing a bad card first, then the
    first legal card (and the default of every choice)."""
    policy = BadThenRevokeThenLegal()
    players = player_count(find_variant(game), None)
    typed, screen = scripted(policy, seed=5, seat=None, game=game, players=players)
    assert "XX" in typed
    assert "invalid card 'XX'" in screen
    assert "is over." in screen and "Score sheet" in screen
    assert "(seat=" not in screen  # every choice is described in words


def test_player_count_is_checked(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "humbug", "--auto", "--players", "4"]) == 2
    assert "humbug is played by 2 here, not 4" in capsys.readouterr().err
    assert main(["play", "thirteen", "--seat", "V"]) == 2
    assert "--seat chooses a role in Mort" in capsys.readouterr().err


def test_save_writes_a_log_that_replays(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from vivant.records.log import load_log

    log = tmp_path / "sitting.json"
    out = run_main(["play", "mort", "--auto", "--json", "--seed", "4", "--save", str(log)], capsys)
    record = json.loads(out)
    table = load_log(log)
    assert table.is_over()
    assert [g["settlement"] for g in table.record()["games"]] == [
        g["settlement"] for g in record["games"]
    ]
    # An interactive sitting left unfinished is saved too.
    part = tmp_path / "part.json"
    run_main(["play", "mort", "--seed", "4", "--save", str(part)], capsys, stdin="quit\ny\n")
    assert not load_log(part).is_over()


# --- a card taken back (D-TC1, issue 16 point 3) ---------------------------------------------


def undo_once(laws: bool) -> tuple[list[str], str]:
    """Play legal cards, typing ``undo`` once, at a card prompt after a few tricks."""
    asked = {"undo": False}

    def policy(t: Table, seat: int, legal: list[Action]) -> str:
        hand = t.hand
        if (
            not asked["undo"]
            and isinstance(legal[0], Play)
            and hand is not None
            and len(hand.tricks) >= 3
        ):
            asked["undo"] = True
            return "undo"
        return legal_card(t, seat, legal)

    return scripted(policy, seed=16, laws=laws)


def test_undo_in_the_terminal_takes_a_card_back_and_play_goes_on() -> None:
    typed, out = undo_once(laws=False)
    assert "undo" in typed
    assert "Taken back, the computer players agreeing:" in out
    after = out.split("Taken back, the computer players agreeing:", 1)[1]
    assert "Play again." in after.splitlines()[0]
    assert "is over. " in after  # the sitting went on to its end


def test_undo_is_refused_in_words_with_the_laws() -> None:
    typed, out = undo_once(laws=True)
    assert "undo" in typed
    assert "Nothing to take back now" in out and "Taken back" not in out


def test_a_choice_may_be_typed_by_the_start_of_its_words_where_that_is_unambiguous() -> None:
    from vivant.cli.play import _by_words

    words = ["stand: the turned suit is trumps", "beg: the dealer gives a point or runs the cards"]
    assert _by_words("beg", words) == [2]
    assert _by_words("  STAND ", words) == [1]
    assert _by_words("b", words) == []  # one letter is too little to be sure
    assert _by_words("bog", words) == []
    both = ["play with this trump", "play it out"]
    assert _by_words("play", both) == [1, 2]  # ambiguous: the person is told so
    assert _by_words("play w", both) == [1]


def test_help_fits_a_narrow_terminal_with_each_command_beside_its_words() -> None:
    from vivant.cli import laws as table_laws
    from vivant.cli.play import HELP, help_view

    console = Console(file=io.StringIO(), width=60, color_system=None)
    console.print(help_view(HELP + table_laws.help_text(True)))
    lines = console.file.getvalue().splitlines()  # type: ignore[attr-defined]
    assert all(len(line) <= 60 for line in lines), lines
    claim = next(i for i, line in enumerate(lines) if line.startswith("  claim    claim the rest"))
    assert lines[claim + 1].startswith(" " * 11) and lines[claim + 1][11] != " "
    assert any(line.startswith("  revoke N") for line in lines), lines


def test_a_hand_too_wide_for_the_terminal_breaks_between_suits_never_inside_one() -> None:
    from vivant.cards import CardSet, parse_card
    from vivant.cli.play import hand_lines, suit_line

    cards = "SA SQ ST S2 HJ H9 H3 D7 D5 D4 CA CK CT C5 C3"
    hand = CardSet(parse_card(c) for c in cards.split(" "))
    assert hand_lines("Your hand (N)", hand, 80) == [f"Your hand (N): {suit_line(hand)}"]
    assert hand_lines("Your hand (N)", hand, 60) == [
        "Your hand (N): ♠S A Q T 2   ♥H J 9 3   ♦D 7 5 4",
        "               ♣C A K T 5 3",
    ]
    narrow = hand_lines("Your hand (N)", hand, 25)
    assert narrow == ["Your hand (N): ♠S A Q T 2", "  ♥H J 9 3   ♦D 7 5 4", "  ♣C A K T 5 3"]
