"""Claims in the terminal (D-TC4, issue 16 point 2): the real ``vivant play`` in a
pseudo-terminal, a person typing as he reads the screen. At his first lead he claims one of the
remaining tricks (his side holds at least one sure trick: the computer players, who accept
exactly what the solver proves, accept it), and the hand is scored with the tricks credited. In
the next hand he takes back a card he played (``undo``, D-TC1: the computer players agree), then
claims the rest, more than the cards prove: the computer players dispute it and the solver
adjudicates (D-TC5)."""

from __future__ import annotations

import os
import pty
import re
import select
import subprocess
import time

from test_cli_play import VIVANT, legal_card, scripted
from vivant.actions import Action, Play
from vivant.table import Table

ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
PROMPT = re.compile(r"(Choose [^\n]*?|(?:Lead|Play) from [^\n]*?|Leave the table\?[^\n]*?) > $")


def test_claims_accepted_and_disputed_and_an_undo_typed_in_the_terminal() -> None:
    main, sub = pty.openpty()
    proc = subprocess.Popen(
        [str(VIVANT), "play", "mort", "--seed", "3", "--seat", "V"],
        stdin=sub,
        stdout=sub,
        stderr=sub,
        env={**os.environ, "COLUMNS": "120", "TERM": "dumb"},
    )
    os.close(sub)
    screen = ""
    claimed = undone = disputed = False
    cards_after = 0  # the cards the person played after his claim was accepted
    last = ""
    deadline = time.monotonic() + 60
    try:
        while time.monotonic() < deadline:
            ready, _, _ = select.select([main], [], [], 5)
            if not ready:
                continue
            try:
                chunk = os.read(main, 65536).decode("utf-8", "replace")
            except OSError:
                break
            screen += ANSI.sub("", chunk).replace("\r", "")
            prompt = PROMPT.search(screen)
            if prompt is None:
                continue
            asked = prompt.group(1)
            after = screen.split("The claim is accepted", 1)[1] if claimed else ""
            if "The claim is disputed" in after or asked.startswith("Leave"):
                line = "y" if asked.startswith("Leave") else "quit"
            elif asked.startswith("Choose"):
                line = ""
            elif asked.startswith("Lead") and not claimed:
                line, claimed = "claim 1", True
            elif after and not undone and cards_after >= 2 and last != "hint":
                line, undone = "undo", True
            elif "Taken back" in after and asked.startswith("Lead") and not disputed:
                line, disputed = "claim", True  # the rest: more than the cards prove
            elif last == "hint":  # a card to follow: the one the hint names (a correct card)
                line = re.findall(r"Hint: ([SHDC][2-9TJQKA])", screen)[-1]
            else:
                line = "hint"
            if after and re.fullmatch(r"[SHDC][2-9TJQKA]", line):
                cards_after += 1
            last = line
            screen += "\n"
            os.write(main, (line + "\n").encode())
        proc.wait(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
        os.close(main)
    assert "claim 1" in screen
    said = re.search(r"\(You\) claim 1 of the (\d+) remaining tricks, showing ([^.]+)\.", screen)
    assert said is not None, screen[-3000:]
    assert len(said.group(2).split()) == int(said.group(1))  # the hand shown, every card
    assert "The claim is accepted: credited Vivant & Mort 1 trick, the adversaries" in screen
    assert re.search(r"Hand over: tricks VM \d+, LR \d+\.", screen)
    # In the next hand he takes a card back (D-TC1), the computer players agreeing, then claims
    # the rest, which they dispute: the solver adjudicates it (D-TC5).
    later = screen.split("The claim is accepted", 1)[1]
    assert undone and "Taken back, the computer players agreeing:" in later, later[-3000:]
    assert "Play again." in later.split("Taken back, the computer players agreeing:", 1)[1]
    assert disputed and "The claim is disputed; the solver adjudicates it" in later, later[-3000:]
    assert "Traceback" not in screen


def test_undo_at_a_lead_takes_the_card_back_and_claims_nothing() -> None:
    """Between tricks a person is offered claims as well as taking his card back: ``undo``
    takes the card back (D-TC1), and no claim nor concession is made (D-TC4, D-TC6)."""
    asked = {"undo": False}

    def policy(t: Table, seat: int, legal: list[Action]) -> str:
        hand = t.hand
        leading = hand is not None and not hand.trick and len(hand.tricks) >= 3
        if not asked["undo"] and isinstance(legal[0], Play) and leading:
            asked["undo"] = True
            return "undo"
        return legal_card(t, seat, legal)

    typed, out = scripted(policy, seed=16)
    assert "undo" in typed
    taken = out.split("Taken back, the computer players agreeing:", 1)
    assert len(taken) == 2
    assert "Play again." in taken[1].splitlines()[0]
    assert "(You) concede" not in out and "(You) claim" not in out
