"""The terminal as its players meet it (issue 13, points 14 to 22): nothing typed ends the
program, every decision is shown with the hand it is made on and said in the game's words, the
screen tells how each hand was scored and who sits out, the log is never lost, and no command
prints a traceback for bad input. The real ``vivant`` command is run through pipes and signals;
the in-process driver of ``test_cli_play`` types what a person looking at the screen would."""

from __future__ import annotations

import json
import math
import os
import re
import select
import signal
import subprocess
import time
from pathlib import Path
from typing import Any

import pytest

from test_cli_play import VIVANT, Policy, legal_card, scripted
from vivant.actions import Action, Declare, Exchange, Pass, Play
from vivant.cards import card_name
from vivant.cli import COMMANDS, main
from vivant.cli.play import player_count
from vivant.cli.words import without_rule_ids
from vivant.records.log import load_log
from vivant.table import Table
from vivant.variants import find_variant

#: Anything a player might type at a prompt that is not a card or a choice.
ODD_LINES = (
    "claim",
    "claim x",
    "claim 99999999999999999999999",
    "claim -1",
    "claim 0",
    "two",
    "two SA",
    "two SA SA",
    "two XX YY",
    "SA SK SQ",
    "0",
    "-1",
    "99999999999999999999",
    "1e9",
    "٣",
    "é" * 300,
    "\t",
    "NT",
    "H",
)

#: Rule IDs and source jargon a player must not read (IDs belong in ``vivant rules``).
JARGON = re.compile(
    r"\((?:[A-Z][A-Z0-9]{0,3}-[A-Z]{0,3}\d)|\b(?:WL|M|HU|B3|BW|ED|DD|TO|DL|SD|MV|D)-[A-Z]{0,3}\d"
    r"|seed 0\d\d|the seed\b"
)

#: The engine's raw values that once reached the screen (point 16).
RAW = re.compile(r"\b(?:True|False|None)\b|take_back|call_card|call_suit|step \d|PlayTogether")


def played(
    policy: Policy, *, game: str = "mort", seed: int, seat: str | None = None, **kw: Any
) -> str:
    """The screen of a sitting of ``game`` with its own number of players, typed by ``policy``."""
    players = kw.pop("players", None) or player_count(find_variant(game), None)
    return scripted(policy, seed=seed, seat=seat, game=game, players=players, **kw)[1]


def run(args: list[str], stdin: str = "", timeout: float = 120) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(VIVANT), *args], input=stdin, capture_output=True, text=True, timeout=timeout
    )


class OddLinesFirst:
    """At the first prompt of each kind (a card, a numbered choice) types every odd line, then
    ``hint``, then plays legal cards and takes the defaults; ``quit`` after ``stop_after``
    prompts (confirmed)."""

    def __init__(self, stop_after: int | None = None) -> None:
        self.pending: dict[str, list[str]] = {}
        self.prompts = 0
        self.stop_after = stop_after
        self.quitting = False

    def __call__(self, t: Table, seat: int, legal: list[Action]) -> str:
        if self.quitting:
            return "y"
        kind = "card" if isinstance(legal[0], Play) else type(legal[0]).__name__
        queue = self.pending.setdefault(kind, [*ODD_LINES, "hint"])
        if queue:
            return queue.pop(0)
        self.prompts += 1
        if self.stop_after is not None and self.prompts > self.stop_after:
            self.quitting = True
            return "quit"
        return legal_card(t, seat, legal)


# --- point 14: nothing typed at a prompt ends the program ------------------------------------


@pytest.mark.parametrize("laws", [False, True])
def test_no_line_typed_at_a_card_prompt_ends_the_program(laws: bool, tmp_path: Path) -> None:
    log = tmp_path / "sitting.json"
    lines = ["2", *ODD_LINES, "hint", "quit", "y"]  # deal for Mort, then the first card prompt
    proc = run(
        ["play", "mort", "--seed", "4", "--seat", "V", "--save", str(log)]
        + (["--laws"] if laws else []),
        "\n".join(lines) + "\n",
    )
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == ""
    if laws:
        assert "claim N — N is the number of the trick with the revoke" in proc.stdout
    else:  # D-TC4: at a casual table "claim" claims tricks
        assert "claim — the rest of the tricks; claim N — N of the remaining" in proc.stdout
    assert "two C1 C2 — two different cards played together" in proc.stdout
    assert "Hint: " in proc.stdout and "You leave the table" in proc.stdout
    assert not load_log(log).is_over()  # the log is there, the sitting unfinished


@pytest.mark.parametrize("game", ["mort", "humbug", "humbug-declared", "bridge-for-three"])
def test_no_line_typed_at_any_prompt_ends_the_program(game: str) -> None:
    policy = OddLinesFirst(stop_after=30)
    screen = played(policy, seed=9, seat=None, game=game, laws=True)
    assert policy.quitting and "You leave the table" in screen
    assert "Traceback" not in screen


def test_a_line_that_is_not_utf8_is_refused_not_fatal() -> None:
    proc = subprocess.run(
        [str(VIVANT), "play", "mort", "--seed", "4", "--seat", "V"],
        input=b"\xff\xfe\n\xc3\n",
        capture_output=True,
        timeout=60,
    )
    assert proc.returncode == 0 and proc.stderr == b""
    assert b"is not one of the choices" in proc.stdout


# --- point 15: decisions show the hand and what they mean; hint everywhere --------------------


def _screen_before_first(screen: str, marker: str) -> str:
    return screen[: screen.index(marker)]


def test_humbug_exchange_shows_the_hand_and_what_it_means() -> None:
    typed: list[str] = []

    def policy(t: Table, seat: int, legal: list[Action]) -> str:
        """``hint`` at the exchange, then the default; ``quit`` (confirmed) at the first card."""
        if isinstance(legal[0], Exchange):
            line = "" if "hint" in typed else "hint"
        else:
            line = "y" if "quit" in typed else "quit"
        typed.append(line)
        return line

    screen = played(policy, seed=3, seat=None, game="humbug")
    before = _screen_before_first(screen, "1. keep your hand")
    assert re.search(r"Your hand \([NS]\): ♠S ", before)
    assert "exchange it for the dead hand on your right" in before
    assert "once, no going back" in before
    assert re.search(r"Hint: [12]\. (keep your hand|exchange for the dead hand)", screen)
    assert "Exchange: seat" not in screen


#: A seed at which you cut lowest, so deal first (HU-1.2, B3-1), at Humbug and Bridge for Three.
YOU_DEAL_FIRST = 1


def test_humbug_declared_trump_is_chosen_by_its_letter_with_the_hand_shown() -> None:
    proc = run(["play", "humbug-declared", "--seed", str(YOU_DEAL_FIRST)], "\nH\nquit\ny\n")
    assert "cutting order: You," in proc.stdout
    assert "You cut lowest: you deal first and choose your seat" in proc.stdout
    assert proc.returncode == 0, proc.stderr
    before = _screen_before_first(proc.stdout, "1. declare spades trumps")
    assert re.search(r"Your hand \([NS]\): ♠S ", before)
    assert "name the trumps from your own hand" in before
    assert re.search(r"[NS] \(You\) declare hearts trumps\.", proc.stdout)
    assert "Type a card to play it" not in proc.stdout  # H chose hearts, not help
    assert "  or type S, H, D or C\n" in proc.stdout  # how to, from the terminal, not the core


def test_bridge_for_three_declaration_is_shown_with_the_hand_and_its_meaning() -> None:
    proc = run(["play", "bridge-for-three", "--seed", str(YOU_DEAL_FIRST)], "hint\nP\nquit\ny\n")
    assert "cutting order: You," in proc.stdout
    assert proc.returncode == 0, proc.stderr
    before = _screen_before_first(proc.stdout, "1. declare spades trumps")
    assert re.search(r"Your hand \(S\): ♠S ", before)
    assert "Trumps: to be declared by the dealer (S)" in before
    assert "or pass and Dummy's hand decides them" in before
    assert "Your choice:" not in proc.stdout
    assert "  or type S, H, D, C, NT or P\n" in proc.stdout
    assert "Hint: " in proc.stdout
    assert re.search(r"The dealer passes; Dummy's hand declares .+ \(.+\)\.", proc.stdout)


@pytest.mark.parametrize("game", ["mort", "humbug", "bridge-for-three"])
def test_hint_works_at_every_prompt(game: str) -> None:
    """``hint`` typed once at the first prompt of every kind (a card, each kind of choice)."""
    hinted: set[str] = set()

    def policy(t: Table, seat: int, legal: list[Action]) -> str:
        kind = "card" if isinstance(legal[0], Play) else type(legal[0]).__name__
        if kind not in hinted:
            hinted.add(kind)
            return "hint"
        return legal_card(t, seat, legal)

    screen = played(policy, seed=5, game=game)
    assert "'hint' is not one of the choices" not in screen
    assert screen.count("Hint: ") == len(hinted) >= 2


# --- point 16: the game's words, never the engine's values -----------------------------------


def _every_game_screen(seed: int, laws: bool) -> str:
    screens = []
    for game in ("mort", "english-dummy", "double-dummy", "humbug", "humbug-declared"):
        screens.append(played(legal_card, seed=seed, seat=None, game=game, laws=laws))
    screens.append(played(legal_card, seed=seed, seat=None, game="bridge-for-three"))
    screens.append(played(legal_card, seed=seed, seat=None, game="thirteen"))
    return "\n".join(screens)


def test_every_event_kind_of_the_games_has_its_words() -> None:
    from vivant.describe import Narrator  # the core's words, which the terminal prints
    from vivant.events import EventKind

    src = Path(__file__).parents[1] / "src" / "vivant"
    files = [src / "table.py", *(src / "variants").glob("*.py")]
    kinds = {
        EventKind[k].value
        for f in files
        # duplicate.py is played with vivant duplicate; All Fours' events carry their words
        # (Boston's are told by the narrator: tests/test_boston_words.py)
        if f.name not in ("duplicate.py", "all_fours.py")
        for k in re.findall(r"Event\(\s*EventKind\.(\w+)", f.read_text())
    }
    kinds |= {"played", "trick"}
    assert {"exchange", "declared", "doubled", "claim", "irregularity"} <= kinds
    assert not {k for k in kinds if not hasattr(Narrator, "_tell_" + k)}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_all_fours_event_is_said_in_words(players: int) -> None:
    """All Fours' events carry the core's own words, or the terminal has a sentence for them:
    whole games of computer players, in laws mode, never meet an event without either."""
    import random as random_

    from vivant.describe import Narrator
    from vivant.players import RandomPlayer, step
    from vivant.variants import find_variant

    for seed in range(3):
        names = [f"P{i + 1}" for i in range(players)]
        t = find_variant("all-fours")(names, laws=True)
        bots = {n: RandomPlayer(seed=seed * 10 + i) for i, n in enumerate(names)}
        rng = random_.Random(seed)
        while not t.is_over():
            for e in step(t, bots, rng).events:
                assert "words" in e.data or hasattr(Narrator, "_tell_" + e.kind), e


def test_screens_show_no_raw_values_of_the_engine() -> None:
    screen = _every_game_screen(seed=3, laws=True)
    assert not RAW.findall(screen), sorted(set(RAW.findall(screen)))
    assert "Exchange: " not in screen and "Declared: " not in screen


def test_two_same_cards_together_are_refused_in_words() -> None:
    proc = run(["play", "mort", "--seed", "4", "--seat", "V", "--laws"], "2\ntwo SA SA\n")
    assert "two C1 C2 — two different cards played together" in proc.stdout
    assert "PlayTogether" not in proc.stdout


def test_a_json_file_that_is_not_a_log_is_named_so(tmp_path: Path) -> None:
    f = tmp_path / "other.json"
    f.write_text('{"hello": 1}')
    proc = run(["replay", str(f), "--all"])
    assert proc.returncode == 2 and "not a Vivant event log" in proc.stderr
    assert "None" not in proc.stderr


# --- point 17: the last trick is this hand's ---------------------------------------------------


def test_last_trick_is_never_one_of_an_earlier_hand() -> None:
    screen = played(legal_card, seed=2, seat="V", players=4)
    hands = screen.split("New hand: ")[1:]
    assert len(hands) >= 6
    for hand in hands:
        first_trick = hand.find("Trick 1:")
        shown = hand if first_trick < 0 else hand[:first_trick]
        assert "Last trick:" not in shown


# --- point 18: how each hand was scored ------------------------------------------------------


def test_each_hand_says_how_it_was_scored_with_the_honours() -> None:
    screen = played(legal_card, seed=3, seat=None, game="humbug")
    assert screen.count("Hand over:") == screen.count("Honours held (A K Q J of trumps):")
    assert re.search(r"Scored: [NS] \+\d for tricks", screen)
    assert re.search(r"[NS] \+\d for honours", screen)
    mort = played(legal_card, seed=3, seat="V")
    assert mort.count("Hand over:") == mort.count("Honours do not count at Mort.")
    assert re.search(r"Scored: (VM|LR) \+\d+ \(a point for each trick over six\)", mort)


def test_bridge_for_three_shows_the_points_above_the_line() -> None:
    screen = played(legal_card, seed=3, seat=None, game="bridge-for-three")
    assert screen.count("Hand over:") == screen.count("Above the line: ")
    assert re.search(r"Below the line: \w+ \(the dealer\) \d+ toward game", screen)
    assert re.search(r"above the line: \w+ \d+, \w+ \d+, \w+ \d+", screen)  # the table
    sheet = screen[screen.rindex("Score sheet") :]
    above = re.search(r"above the line\s*│\s*(\d+)\s*│\s*(\d+)\s*│\s*(\d+)", sheet)
    assert above is not None and sum(map(int, above.groups())) > 0


def test_score_sheet_rows_fill_each_players_cell_when_the_game_ends() -> None:
    screen = played(legal_card, seed=3, seat=None, game="humbug")
    first_sheet = screen[screen.index("Score sheet") :]
    row = re.search(r"│ 1\s+│[^│]+│([^│]*)│([^│]*)│", first_sheet)
    assert row is not None
    assert all(cell.strip().isdigit() for cell in row.groups()), row.group(0)


# --- point 19: the log is never lost --------------------------------------------------------


@pytest.mark.parametrize("auto", [False, True])
def test_an_unwritable_save_path_is_refused_before_play(auto: bool, tmp_path: Path) -> None:
    for bad in ("/nonexistent/dir/x.json", str(tmp_path)):
        start = time.monotonic()
        proc = run(["play", "mort", "--seed", "4", "--save", bad] + (["--auto"] if auto else []))
        assert proc.returncode == 2
        assert f"vivant: error: {bad}: cannot write" in proc.stderr
        assert "cuts" not in proc.stdout and "Traceback" not in proc.stderr
        assert time.monotonic() - start < 30


@pytest.mark.parametrize("how", ["SIGINT", "SIGTERM", "SIGHUP"])
def test_a_signal_saves_the_log(how: str, tmp_path: Path) -> None:
    log = tmp_path / "sitting.json"
    proc = subprocess.Popen(
        [str(VIVANT), "play", "mort", "--seed", "4", "--seat", "V", "--save", str(log)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        bufsize=0,
    )
    assert proc.stdin is not None and proc.stdout is not None
    proc.stdin.write("2\n")
    proc.stdin.flush()
    seen = b""
    fd = proc.stdout.fileno()
    deadline = time.monotonic() + 60
    while b"Lead from" not in seen and b"Play from" not in seen:  # the prompt has no newline
        assert time.monotonic() < deadline, seen[-500:]
        ready, _, _ = select.select([fd], [], [], 1.0)
        if ready:
            chunk = os.read(fd, 65536)
            assert chunk, "the game ended before its first card prompt"
            seen += chunk
    log.unlink()  # whatever was saved so far: the signal must write it again
    proc.send_signal(getattr(signal, how))
    out, err = proc.communicate(timeout=60)
    out = seen.decode() + out
    assert "Traceback" not in err
    assert proc.returncode == (130 if how == "SIGINT" else 0), out[-300:]
    assert "left unfinished" in out and f"log is saved in {log}" in out
    table = load_log(log)
    assert not table.is_over() and table.hand is not None


def test_quit_asks_for_confirmation(tmp_path: Path) -> None:
    log = tmp_path / "s.json"
    proc = run(["play", "mort", "--seed", "4", "--seat", "V", "--save", str(log)], "q\nn\nQUIT\n")
    assert proc.stdout.count("Leave the table? The game is left unfinished") == 2
    assert "You stay at the table." in proc.stdout
    assert "End of input" in proc.stdout  # the second was never confirmed
    assert log.exists()


# --- point 20: no traceback for bad input, any command ---------------------------------------

DEAL = "N:AKQJ.AKQ.AKQ.AKQ 5432.5432.432.32 T987.T987.T98.T9 6.J6.J765.J87654"

BAD_ARGUMENTS = [
    *(["solve", DEAL, "--tt-mb", v] for v in ("0", "-1", "nan", "inf", "100000", "x")),
    ["solve", "--file", "/nonexistent/deals"],
    ["solve", "--file", "/"],
    ["solve", DEAL, "--trump", "X"],
    ["solve", DEAL, "--leader", "Q"],
    ["solve", "bogus"],
    ["solve"],
    ["play", "mort", "--players", "0"],
    ["play", "mort", "--players", "x"],
    ["play", "mort", "--seat", "M"],
    ["play", "mort", "--seed", "x"],
    ["play", "mort", "--opponents", "foo"],
    ["play", "piquet"],
    ["play", "mort", "--json"],
    ["play", "mort", "--auto", "--save", "/"],
    ["rules", "piquet"],
    ["record", "show", "/nonexistent"],
    ["record", "show", "/"],
    ["record", "export", "/nonexistent"],
    ["record", "import", "/nonexistent"],
    ["replay", "/nonexistent"],
    ["replay", "/"],
    ["duel", "mort", "--a", "foo", "--b", "heuristic"],
    ["duel", "mort", "--a", "heuristic", "--b", "heuristic", "--deals", "0"],
    ["duel", "mort", "--a", "heuristic", "--b", "heuristic", "--deals", "x"],
    ["duel", "piquet", "--a", "heuristic", "--b", "heuristic"],
    ["duplicate", "movement", "--tables", "0"],
    ["duplicate", "movement", "--tables", "3", "--kind", "foo"],
    ["duplicate", "movement", "--tables", "3", "--trays", "0"],
    ["duplicate", "play", "--tables", "2", "--player", "foo", "--auto"],
    ["duplicate", "play", "--tables", "2", "--trump", "X", "--auto"],
    ["duplicate", "play", "--tables", "2", "--kind", "snow", "--auto"],
    ["duplicate", "play", "--tables", "2", "--save", "/dev/null/x", "--auto"],
    ["serve", "--port", "70000"],
    ["serve", "--port", "x"],
    ["serve", "--bot-delay", "nan"],
    ["serve", "--bot-delay", "-1"],
    ["serve", "--log-level", "foo"],
    ["serve", "--db", "nonsense://x"],
    ["serve", "--db", "sqlite:////nonexistent/dir/x.db"],
]


@pytest.mark.parametrize("argv", BAD_ARGUMENTS, ids=" ".join)
def test_no_command_prints_a_traceback_for_bad_input(argv: list[str]) -> None:
    proc = run(argv, timeout=60)
    assert "Traceback" not in proc.stderr, proc.stderr
    assert proc.returncode == 2, (proc.returncode, proc.stderr)
    assert re.search(r"^vivant( \w+)*: error: ", proc.stderr, re.M), proc.stderr
    assert not JARGON.search(proc.stderr), proc.stderr


def test_tt_mb_bounds_are_checked_before_any_allocation(capsys: pytest.CaptureFixture[str]) -> None:
    from vivant.cli.solve import TT_MB_RANGE, megabytes

    assert megabytes("1") == 1 and megabytes(str(TT_MB_RANGE[1])) == TT_MB_RANGE[1]
    assert main(["solve", DEAL, "--trump", "S", "--leader", "N", "--json", "--tt-mb", "1"]) == 0
    assert json.loads(capsys.readouterr().out)["tricks"] >= 0
    assert not math.isnan(megabytes("64"))


# --- point 21: four-player Mort tells who sits out --------------------------------------------


def test_four_player_mort_tells_who_sits_out_and_shows_the_table_to_him() -> None:
    screen = played(legal_card, seed=2, seat="V", players=4)
    announced = re.findall(
        r"Game (\d) of 4: V \w+ \(Vivant, with Mort\), R \w+ \(Mort's right\), "
        r"L \w+ \(Mort's left\); (\w+) sits? out this game\.",
        screen,
    )
    assert [g for g, _ in announced] == ["1", "2", "3", "4"]
    outs = [who for _, who in announced]
    assert len(set(outs)) == 4 and "You" in outs
    mine = screen.split(f"Game {outs.index('You') + 1} of 4:")[1].split("Game over")[0]
    assert "You sit out: the others play this game" in mine
    assert re.search(r"Game \d of 4 · V \w+, R \w+, L \w+ · You sit out", mine)
    assert "Mort (M), face up: ♠S" in mine and "Trumps: " in mine
    assert "Your hand" not in mine


# --- point 22: no rule IDs for the player; one card notation; the help texts ------------------


def test_prompts_and_messages_name_no_rule_ids() -> None:
    screen = _every_game_screen(seed=5, laws=True)
    policy = OddLinesFirst(stop_after=60)
    screen += played(policy, seed=11, seat="V", laws=True)
    found = sorted(set(JARGON.findall(screen)))
    assert not found, found


def test_rule_ids_are_taken_out_of_the_engines_messages() -> None:
    assert without_rule_ids("must first call a suit for the lead (WL-6.1)") == (
        "must first call a suit for the lead"
    )
    assert without_rule_ids("SA would be a revoke (trick 3, card 1, WL-5.2)") == (
        "SA would be a revoke (trick 3, card 1)"
    )
    assert without_rule_ids("the choice for the misdeal (M-5.1) belongs to R") == (
        "the choice for the misdeal belongs to R"
    )
    assert without_rule_ids("its revoke stands (M-6.1)") == "its revoke stands"


def test_rules_of_humbug_declared_do_not_contradict_themselves(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["rules", "humbug-declared"]) == 0
    out = capsys.readouterr().out
    assert "No card is turned" in out and "turned for trumps" not in out
    assert "turn-up" not in out


def test_duel_help_prints_a_single_percent() -> None:
    proc = run(["duel", "--help"])
    assert "95% interval" in proc.stdout.replace("\n", " ") and "%%" not in proc.stdout


@pytest.mark.parametrize("command", COMMANDS)
def test_every_commands_help_prints_a_single_percent(
    command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """A description is printed as written (argparse formats only the arguments' help), so a
    doubled percent sign there reached the screen (``vivant study --help``: "95%% intervals")."""
    with pytest.raises(SystemExit) as done:
        main([command, "--help"])
    assert done.value.code == 0
    out = capsys.readouterr().out
    assert out.startswith(f"usage: vivant {command}") and "%%" not in out


def test_one_card_notation_everywhere_a_player_reads_cards() -> None:
    screen = played(legal_card, seed=3, seat="V")
    hands = [line for line in screen.splitlines() if "face up:" in line or "Your hand" in line]
    assert hands and not any(re.search(r"\b10\b", line) for line in hands)
    assert re.search(r"[♠♥♦♣][SHDC] (?:[AKQJ] )*T\b", "\n".join(hands))
    assert re.search(r"Trick \d+: .*\b[SHDC]T\b", screen)
    assert not re.search(r"\b[SHDC]10\b", screen)


def test_declared_choices_can_be_typed_by_name() -> None:
    from vivant.describe import choice_keys  # what vivant.cli.play types choices by

    assert choice_keys(Declare(0, "H")) == ("H", "HEARTS")
    assert choice_keys(Declare(0, "NT")) == ("NT", "NO TRUMPS")
    assert choice_keys(Pass(0)) == ("P", "PASS")
    assert card_name(8) == "ST"
