"""Computer players over the core's per-seat views (DESIGN §1): random and rule-based.

``find_player("heuristic")(seed=3)`` makes a player; :func:`play_sitting` plays a whole sitting
with them; :func:`step` makes one move, for front ends that mix humans and bots.
"""

from vivant.players.base import PLAYER_KINDS, Player, find_player, player_kinds
from vivant.players.driver import (
    Step,
    customary_default,
    offer_calls,
    offer_claims,
    penalty_calls,
    play_sitting,
    sitting_record,
    step,
    who_acts,
)
from vivant.players.heuristic import HeuristicPlayer
from vivant.players.random import RandomPlayer

__all__ = [
    "PLAYER_KINDS",
    "HeuristicPlayer",
    "Player",
    "RandomPlayer",
    "Step",
    "customary_default",
    "find_player",
    "offer_calls",
    "offer_claims",
    "penalty_calls",
    "play_sitting",
    "player_kinds",
    "sitting_record",
    "step",
    "who_acts",
]
