"""A person plays a whole game of All Fours and a whole sitting of Boston in a real terminal
(issue 17): the real ``vivant play`` command runs in a pseudo-terminal (so it sees a tty, as
it does for a person: no echo of its own, colours on), and the person reads only what the
screen shows — his hand, the trick so far, the numbered choices — and types his answers.

He follows suit when he can (a card of the suit led is always legal: at All Fours one may
follow suit *or trump*, AF-3.1; at Boston suit must be followed, BO-5.1), leads any card, and
answers a numbered choice with a number or with Enter for the default. The game ends on its
own rules: All Fours at 7 points (AF-4.6), Boston after its round of four deals (BO-7.1,
D-BO18). The saved log, replayed by the core, must hold the same result as the screen."""

from __future__ import annotations

import fcntl
import os
import random
import re
import select
import signal
import struct
import subprocess
import termios
import time
from pathlib import Path

import pytest

from test_cli_play import VIVANT
from vivant.records.log import load_log

pytestmark = pytest.mark.timeout(120)

#: Colour and cursor codes of the terminal, and the title sequences some terminals get.
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b\][^\x07]*\x07")
#: The two prompts of the terminal: a card (lead or play), or a numbered choice.
CARD_PROMPT = re.compile(r"(?:Lead|Play) from your hand \(([NESW])\) > $")
CHOICE_PROMPT = re.compile(r"Choose 1–(\d+) \[(\d+)\] > $")
#: "Your hand (E): ♠S 9 6 4 2   ♥H –   ♦D A 9 8 3   ♣C A 4 2"
HAND = re.compile(r"^Your hand \([NESW]\): (.*)$", re.M)
SUIT_GROUP = re.compile(r"[♠♥♦♣]([SHDC]) ((?:[AKQJT2-9] ?)*|–)")
THIS_TRICK = re.compile(r"^This trick: ([NESW]) ([SHDC])[AKQJT2-9]", re.M)


class Terminal:
    """``vivant ARGS`` in a pseudo-terminal of ``cols`` × ``rows``; what it shows is kept as
    text (colour codes taken out, the terminal's CR LF read as a newline)."""

    def __init__(self, args: list[str], cols: int = 100, rows: int = 40) -> None:
        master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
        env = {**os.environ, "TERM": "xterm-256color", "COLUMNS": str(cols), "LINES": str(rows)}
        self.proc = subprocess.Popen(
            [str(VIVANT), *args],
            stdin=slave,
            stdout=slave,
            stderr=slave,
            env=env,
            start_new_session=True,
        )
        os.close(slave)
        self.fd = master
        self.screen = ""
        self.eof = False

    def wait_for_prompt(self, timeout: float = 60) -> str:
        """Everything shown from now until the program waits for a line (its prompt ends the
        text) or ends; the text read is returned."""
        start = len(self.screen)
        deadline = time.monotonic() + timeout
        while not self.eof:
            tail = self.screen[start:]
            if tail.endswith("> ") and (CARD_PROMPT.search(tail) or CHOICE_PROMPT.search(tail)):
                break
            left = deadline - time.monotonic()
            assert left > 0, "no prompt in time; the screen ends:\n" + self.screen[-1500:]
            ready, _, _ = select.select([self.fd], [], [], min(left, 1.0))
            if not ready:
                continue
            try:
                chunk = os.read(self.fd, 65536)
            except OSError:  # EIO: the program ended and closed the terminal
                chunk = b""
            if not chunk:
                self.eof = True
                break
            self.screen += ANSI.sub("", chunk.decode("utf-8", "replace")).replace("\r\n", "\n")
        return self.screen[start:]

    def type(self, line: str) -> None:
        os.write(self.fd, (line + "\r").encode())  # Enter on a terminal sends CR

    def close(self) -> int:
        try:
            return self.proc.wait(timeout=30)
        finally:
            if self.proc.poll() is None:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait()
            os.close(self.fd)


def cards_in_hand(screen: str) -> list[str]:
    """The cards of the last "Your hand" line on the screen, in the notation one types."""
    lines = HAND.findall(screen)
    assert lines, "no hand on the screen:\n" + screen[-800:]
    return [
        suit + rank
        for suit, ranks in SUIT_GROUP.findall(lines[-1])
        for rank in ranks.split()
        if rank != "–"
    ]


def card_to_play(screen: str, rng: random.Random) -> str:
    """What the person plays, knowing only the screen since his hand was last shown: a card of
    the suit led if he has one, otherwise (and when he leads) any card."""
    shown = screen[screen.rindex("Your hand (") :]
    hand = cards_in_hand(shown)
    led = THIS_TRICK.search(shown)
    follow = [c for c in hand if led and c[0] == led.group(2)]
    return rng.choice(follow or hand)


def play_as_a_person(args: list[str], seed: int, log: Path) -> tuple[str, str, int]:
    """The person plays the sitting to its end. Returns the screen, the person's seat letter
    and how many cards he played."""
    term = Terminal(["play", *args, "--seed", str(seed), "--save", str(log)])
    rng = random.Random(seed)
    seat = ""
    plays = choices = 0
    card = ""
    try:
        for _ in range(2000):
            shown = term.wait_for_prompt()
            if card:  # the card he typed is taken: it shows in the trick at his seat
                assert f"{seat} {card}" in shown, (card, shown[-800:])
            if term.eof:
                break
            prompt = CARD_PROMPT.search(shown)
            if prompt:
                seat = prompt.group(1)
                card = line = card_to_play(term.screen, rng)
                plays += 1
            else:
                choice = CHOICE_PROMPT.search(shown)
                assert choice is not None
                # The first choice of the sitting is not the default (a bid, begging…); later
                # ones are the default (Enter) or, one time in three, any number offered.
                n = int(choice.group(1))
                if choices == 0:
                    line = "2"
                elif rng.random() < 1 / 3:
                    line = str(rng.randint(1, n))
                else:
                    line = ""
                choices += 1
                card = ""
            term.type(line)
        else:
            raise AssertionError("the sitting did not end")
    finally:
        code = term.close()
    assert code == 0, term.screen[-1500:]
    assert "Traceback" not in term.screen
    return term.screen, seat, plays


def _last(pattern: str, screen: str) -> dict[str, int]:
    """The figures of the last line matching ``pattern`` ("Score: N 7, S 6.") by name."""
    lines = re.findall(pattern, screen, re.M)
    assert lines, pattern
    return {name: int(value) for name, value in re.findall(r"(\w+) (-?\d+)", lines[-1])}


def sheet_totals(screen: str) -> dict[str, int]:
    """The score sheet's total row, by the names of its header: "┃ game ┃ result ┃ Ada ┃ …"."""
    sheet = screen[screen.rindex("Score sheet") :]
    header = next(line for line in sheet.splitlines() if line.startswith("┃"))
    total = next(line for line in sheet.splitlines() if line.startswith("│ total"))
    names = [cell.strip() for cell in header.strip("┃").split("┃")][2:]
    figures = [int(cell) for cell in total.strip("│").split("│")[2:]]
    return dict(zip(names, figures, strict=True))


@pytest.mark.parametrize("players", [2, 4])
def test_a_person_plays_a_whole_game_of_all_fours_in_the_terminal(
    players: int, tmp_path: Path
) -> None:
    log = tmp_path / "all-fours.json"
    screen, seat, plays = play_as_a_person(
        ["all-fours", "--players", str(players)], seed=5, log=log
    )
    assert "Score sheet" in screen and "Game over" in screen
    assert plays >= 6 and seat  # a hand's six cards at least
    table = load_log(log)
    assert table.is_over()
    (game,) = table.record()["games"]
    assert max(game["points"].values()) == 7  # game at 7, play ends when it is reached (AF-4.6)
    assert _last(r"^Score: (.*)\.$", screen) == game["points"]
    settlement = table.record()["settlement"]
    assert sheet_totals(screen) == settlement and sum(settlement.values()) == 0


def test_a_person_plays_a_whole_sitting_of_boston_in_the_terminal(tmp_path: Path) -> None:
    log = tmp_path / "boston.json"
    screen, seat, plays = play_as_a_person(["boston"], seed=3, log=log)
    assert "Score sheet" in screen
    table = load_log(log)
    assert table.is_over()
    record = table.record()
    (game,) = record["games"]
    played = [h for h in game["hands"] if not h.get("abandoned")]
    assert len(played) == 4  # one round of four deals, each player dealing once (BO-7.1)
    assert plays >= 13  # every card of a hand at least
    # He made a call of his own (his first choice, not the default) besides the defaults.
    his_calls = {c["call"] for h in played for c in h["calls"] if c["seat"] == seat}
    assert len(his_calls) >= 2, his_calls
    # The score sheet's totals are the core's settlement (the last counters and the pool).
    assert sheet_totals(screen) == record["settlement"] != {}
    assert sum(record["settlement"].values()) == 0


def test_long_lines_are_wrapped_between_words_to_the_terminals_width() -> None:
    """On a narrow terminal the program wraps its long lines (Boston's trump line, the suit
    question) between words itself: left to the terminal they were broken mid-word."""
    term = Terminal(["play", "boston", "--seed", "5"], cols=60)
    try:
        shown = term.wait_for_prompt()
        term.type("quit")
        term.type("y")
    finally:
        term.close()
    lines = shown.splitlines()
    assert max(len(line) for line in lines) <= 60, shown
    joined = " ".join(line.rstrip() for line in lines)
    assert "the auction decides (spades first preference, clubs second" in joined, shown
