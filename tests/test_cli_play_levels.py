"""``vivant play``: ``--opponents`` takes every registered level, and ``hint`` shows the
Monte-Carlo player's card with its estimated tricks."""

from __future__ import annotations

import io
import json
import sys

import pytest

from vivant.actions import Play
from vivant.cards import card_name
from vivant.cli import main
from vivant.cli.play import HUMAN, Session, make_console
from vivant.players import player_kinds, who_acts
from vivant.variants import find_variant


def test_every_registered_kind_is_an_opponents_level(capsys: pytest.CaptureFixture[str]) -> None:
    for kind in ("mc-fast", "dd"):
        assert kind in player_kinds()
        argv = ["play", "thirteen", "--auto", "--json", "--seed", "2", "--opponents", kind]
        old = sys.stdin
        sys.stdin = io.StringIO("")
        try:
            assert main(argv) == 0
        finally:
            sys.stdin = old
        record = json.loads(capsys.readouterr().out)
        assert set(record["kinds"].values()) == {kind}


def test_hint_names_a_legal_card_and_its_estimated_tricks() -> None:
    """A scripted game of Thirteen and the Odd (a two-hand game, solved from the first trick):
    the human asks for a hint before each of his first cards, then plays the card hinted."""
    out = io.StringIO()
    holder: dict[str, Session] = {}
    hints: list[str] = []
    state = {"asked": False, "cards": 0}

    def read() -> str | None:
        t = holder["s"].table
        turn = who_acts(t)
        if state["cards"] >= 4 or turn is None or turn[1] != HUMAN:
            return None
        legal = t.legal_actions(turn[0])
        if not isinstance(legal[0], Play):
            return ""
        if not state["asked"]:
            state["asked"] = True
            return "hint"
        state["asked"] = False
        state["cards"] += 1
        text = out.getvalue().rsplit("Hint: ", 1)[1]
        hints.append(text)
        card = text.split()[0]
        assert card in {card_name(a.card) for a in legal if isinstance(a, Play)}
        return card

    session = Session(
        console=make_console(out),
        read=read,
        echo=True,
        variant=find_variant("thirteen"),
        n_players=2,
        seat=None,
        seed=5,
        laws=False,
        opponents="mc-fast",
    )
    holder["s"] = session
    assert session.play() == 0
    assert len(hints) == 4
    estimated = [h for h in hints if "tricks for your side" in h and "sampled deals" in h]
    assert estimated, hints
    assert all(h in estimated or "the only correct card" in h for h in hints), hints
