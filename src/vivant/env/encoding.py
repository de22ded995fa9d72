"""The observation tensor and the action numbering of the environments.

Seats are *relative* to the observer: 0 is his own seat, 1 the seat on his left (the next to
play after him), 2 his partner's (or the hand opposite), 3 the seat on his right. A player who
sits out a game of Mort observes from the North seat. Everything comes from the seat's
:class:`~vivant.views.View`, so the tensor holds no card the seat may not see.

========  ======  =============================================================================
offset    length  meaning (1 where true, else 0)
========  ======  =============================================================================
0         52      the observer's own hand
52        156     the hands shown to him at relative seats 1, 2, 3 (Mort, a dummy, a discarded
                  Humbug hand, penalty cards): 52 a seat
208       208     the current trick: the card each relative seat 0–3 has played to it
416       208     earlier tricks: every card each relative seat 0–3 has played this hand
624       5       trumps: spades, hearts, diamonds, clubs, none (no-trump or not yet known)
629       4       the dealer, by relative seat
633       4       the hand to play a card now (his own or one he plays for), by relative seat
637       52      the turn-up card, while it is known
689       2       tricks won this hand by his side and by the other side (counts, 0–13)
691       1       1 when the decision is a card to play, 0 for any other decision
========  ======  =============================================================================

Actions are numbered ``0``–``51`` for the card of that number (``vivant.cards``: ``13·suit +
rank``), played from the hand whose turn it is, and ``52 + k`` for the ``k``-th of the other
decisions the table offers now, in the table's own order (``infos[agent]["options"]`` names
them in words). ``action_mask`` marks the numbers legal now.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from vivant.actions import Action, Play
from vivant.cards import Seat
from vivant.views import View

CARDS = 52
#: Slots for decisions other than a card; no game of the registry offers more at once.
OPTION_SLOTS = 16
ACTIONS = CARDS + OPTION_SLOTS
OBSERVATION_SIZE = 692

_SHOWN, _TRICK, _PLAYED, _TRUMP, _DEALER, _TO_PLAY, _TURN_UP, _WON, _IS_CARD = (
    52,
    208,
    416,
    624,
    629,
    633,
    637,
    689,
    691,
)


def relative(observer: Seat, seat: Seat) -> int:
    """``seat`` counted clockwise from ``observer`` (0 himself, 1 his left, 2 opposite, 3 right)."""
    return (seat - observer) % 4


def encode(view: View, own_side: str | None, legal: Sequence[Action]) -> npt.NDArray[np.int8]:
    """The observation tensor of ``view`` (see the module's table); ``own_side`` names the
    observer's side in ``view.won``."""
    obs = np.zeros(OBSERVATION_SIZE, dtype=np.int8)
    me = view.seat if view.seat is not None else 0
    obs[list(view.hand)] = 1
    for seat, cards in (*view.exposed.items(), *view.penalty_cards.items()):
        r = relative(me, seat)
        if r:
            obs[[_SHOWN + 52 * (r - 1) + c for c in cards]] = 1
    if view.trick is not None:
        for seat, card in zip(view.trick.seats, view.trick.cards, strict=True):
            obs[_TRICK + 52 * relative(me, seat) + card] = 1
    for trick in view.tricks:
        for seat, card in zip(trick.seats, trick.cards, strict=True):
            obs[_PLAYED + 52 * relative(me, seat) + card] = 1
    obs[_TRUMP + (view.trump if view.trump is not None else 4)] = 1
    if view.dealer is not None:
        obs[_DEALER + relative(me, view.dealer)] = 1
    if view.to_play is not None:
        obs[_TO_PLAY + relative(me, view.to_play)] = 1
    if view.turn_up is not None:
        obs[_TURN_UP + view.turn_up] = 1
    _tricks_won(obs, view, own_side)
    obs[_IS_CARD] = int(bool(legal) and isinstance(legal[0], Play))
    return obs


def _tricks_won(obs: npt.NDArray[np.int8], view: View, own_side: str | None) -> None:
    ours = view.won.get(own_side, 0) if own_side is not None else 0
    theirs = sum(n for side, n in view.won.items() if side != own_side)
    obs[_WON], obs[_WON + 1] = ours, theirs


def numbered(legal: Sequence[Action]) -> dict[int, Action]:
    """The legal actions by their numbers (cards ``0``–``51``, other decisions ``52 + k``)."""
    out: dict[int, Action] = {}
    options = 0
    for action in legal:
        if isinstance(action, Play):
            out[action.card] = action
            continue
        if options == OPTION_SLOTS:
            raise ValueError(f"more than {OPTION_SLOTS} decisions offered at once: {legal!r}")
        out[CARDS + options] = action
        options += 1
    return out


def mask(actions: dict[int, Action]) -> npt.NDArray[np.int8]:
    """``action_mask``: 1 at the number of every legal action."""
    out = np.zeros(ACTIONS, dtype=np.int8)
    out[list(actions)] = 1
    return out
