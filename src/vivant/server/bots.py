"""Computer players at a served table, behind one small interface.

The server asks :func:`bot_action` for the move of a computer player whose decision is due. The
player sees only its seat's view and the legal actions (DESIGN §1); kinds come from
:mod:`vivant.players` (``random``, ``heuristic``, ...).

Every decision (a computer player's, or chance's cut or deal) gets a generator seeded from the
table's key (:attr:`~vivant.server.store.TableRow.key`, kept in the store) and the sequence number
of the event it will become, so a table resumed after a restart makes exactly the choices it
would have made. The key of a table with people is the server's secret, so nothing public (the
event numbers, the table id, the time) tells anyone what the next deal will be.
"""

from __future__ import annotations

import hashlib
import hmac
import random
from collections.abc import Callable

from vivant.actions import Action
from vivant.cards import SEAT_LETTERS, Seat
from vivant.errors import InvalidActionError
from vivant.players import Player, customary_default, find_player, player_kinds
from vivant.players.driver import claim_move, claims_worth_making
from vivant.table import Table


def bot_kinds() -> tuple[str, ...]:
    """The computer player kinds a table may seat (:func:`vivant.players.player_kinds`)."""
    return player_kinds()


def make_bot(kind: str, seed: int) -> Player:
    """A computer player of ``kind`` seeded with ``seed``."""
    return find_player(kind)(seed=seed)


def decision_seed(key: bytes, seq: int) -> int:
    """The seed of the decision that becomes event ``seq`` of the table keyed ``key``: the
    HMAC-SHA256 of the event number under the key, all 256 bits of it (a generator seeded with
    fewer could be searched for from the cards a player sees)."""
    digest = hmac.new(key, f"vivant-decision/{seq}".encode(), hashlib.sha256).digest()
    return int.from_bytes(digest, "big")


def bot_action(
    table: Table,
    seat: Seat,
    kind: str,
    key: bytes,
    seq: int,
    is_person: Callable[[str], bool] = lambda name: False,
) -> Action:
    """The action of the ``kind`` computer player deciding for ``seat`` as event ``seq``: first
    any claim it has to make out of turn (D-G7, :func:`claims_worth_making`), then its answer
    to a claim of tricks or its own claim against a person (``is_person``; D-TC5,
    :func:`claim_move`)."""
    claims = claims_worth_making(table, seat)
    if claims:
        return claims[0]
    said = claim_move(table, seat, is_person)
    if said is not None:
        return said
    legal = table.legal_actions(seat)
    if not legal:
        raise InvalidActionError(f"seat {SEAT_LETTERS[seat]} has nothing to do now")
    bot = make_bot(kind, decision_seed(key, seq))
    action = bot.choose(table.view(seat), legal, customary_default(table, legal))
    if action not in legal:
        raise InvalidActionError(f"the {kind} player chose {action!r}, which is not legal now")
    return action


def chance_action(table: Table, key: bytes, seq: int) -> Action:
    """The chance action (a cut or a deal) that becomes event ``seq`` of the table keyed
    ``key``."""
    return table.chance_action(random.Random(decision_seed(key, seq)))
