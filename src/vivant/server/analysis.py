"""What the solver and the Monte-Carlo player say about a position, for the browser (issue 15).

* :func:`replay_card_values`: in a finished sitting (every hand may be shown), the double-dummy
  solver's value of every legal card at one point of the replay, as a hand viewer shows it
  beside each card: the tricks the side to play takes from there on, the current trick included,
  with best play by everyone; in a game with a measure of its own (All Fours' points, Boston's
  sides), that measure, within its reach.
* :func:`hint`: for a person at a casual table (never in laws mode), the Monte-Carlo player's
  choice from that person's own view only (it samples the hidden hands; it is never shown
  them), with the tricks it expects for the person's side.
"""

from __future__ import annotations

from typing import Any

from vivant.actions import Play
from vivant.cards import SEAT_LETTERS, Card, Seat, card_name
from vivant.errors import VivantError
from vivant.players import customary_default
from vivant.players.dd import DD_MEASURES, TRICKS_EXPLAINED, DoubleDummyPlayer
from vivant.players.montecarlo import (
    DEFAULT_LEVEL,
    LEVELS,
    MonteCarloPlayer,
    estimate_words,
    reach_words,
)
from vivant.solver import InvalidPositionError
from vivant.table import Table


def replay_card_values(table: Table) -> dict[str, Any]:
    """The solver's value of each legal card of the hand to play in ``table`` (a finished
    sitting replayed to some event): ``{"seat", "values": {card: tricks}, "best"}``, or
    ``{"seat": None}`` where no card is due (or the laws left a revoke in the trick)."""
    view_all = table.view(None)
    seat = view_all.to_play
    if view_all.phase != "play" or seat is None:
        return {"seat": None, "values": {}, "best": []}
    player = table.controller(seat)
    legal = [a for a in table.legal_actions(player) if isinstance(a, Play) and a.seat == seat]
    if not legal:
        return {"seat": None, "values": {}, "best": []}
    values = _values(table, player)
    if values is None:
        return {"seat": None, "values": {}, "best": []}
    shown = {card_name(a.card): values[a.card] for a in legal if a.card in values}
    top = max(shown.values(), default=0)
    measure = DD_MEASURES.get(table.variant)
    return {
        "seat": SEAT_LETTERS[seat],
        "values": shown,
        "best": sorted(c for c, v in shown.items() if v == top),
        "explains": TRICKS_EXPLAINED if measure is None else measure.explains,
    }


def _values(table: Table, player: Seat) -> dict[Card, int] | None:
    """The values of the cards of the hand to play (:meth:`DoubleDummyPlayer.card_values`), or
    ``None`` where they cannot be had (beyond the reach of the game's own search)."""
    try:
        return DoubleDummyPlayer().attach(table).card_values(table.view(player))
    except (InvalidPositionError, VivantError):
        return None


def hint(table: Table, seat: Seat, seed: int) -> dict[str, Any]:
    """The Monte-Carlo player's choice for the person at ``seat``, from that seat's view:
    ``{"action", "card", "tricks", "counts", "samples", "others"}`` (``card`` and ``tricks``
    for a card it estimated, ``counts`` saying in words what that estimate counts; ``others``:
    the other cards' estimates; ``reach``, for a card the maxims chose, from when it samples)."""
    legal = table.legal_actions(seat)
    if not legal:
        raise VivantError("nothing is asked of you now")
    adviser = MonteCarloPlayer(seed, kind=DEFAULT_LEVEL)
    choice = adviser.choose(table.view(seat), legal, customary_default(table, legal))
    out: dict[str, Any] = {"action": choice.to_json(), "card": None, "tricks": None}
    est = adviser.last
    if isinstance(choice, Play):
        out["card"] = card_name(choice.card)
        if est is None:  # the maxims' card, before the player samples
            out["reach"] = reach_words(table.view(seat), LEVELS[DEFAULT_LEVEL].max_cards)
        elif choice.card in est.averages:
            out["tricks"] = round(est.averages[choice.card], 2)
            out["counts"] = estimate_words(table.view(seat))
            out["samples"] = est.samples
            out["others"] = {
                card_name(c): round(v, 2) for c, v in est.averages.items() if c != choice.card
            }
    return out
