"""Driving a sitting with computer players: one decision at a time, or the whole tournée.

The loop is the table's own contract (DESIGN §2): when chance is due (a cut, a deal) the driver
draws it from the sitting's seeded generator; otherwise the seat the table waits for
(``to_act``, the controller of a dummy acting for it) receives its view and the legal actions,
and its player chooses. A front end reuses :func:`step` for the computer players' turns and asks
its human for the rest (:func:`who_acts` says whose turn it is).

In laws mode a computer player also speaks out of turn (D-G7): before every move each one claims
the revokes its own view proves (Mort's and a dummy's at once, the others when the hand is
played), asks its partner "having none?" when it sees he holds the suit he renounced, and may
call a person's exposed card before he plays (:func:`offer_claims`). A front end calls
:func:`offer_claims` before every move, its human's too, so that nothing is let pass because a
person was to play next.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from vivant import claims as tricks_claims
from vivant.actions import Action, AskRenounce, CallCard, Claim, ClaimRevoke, Concede, Elect, Play
from vivant.cards import SEAT_LETTERS, Seat
from vivant.errors import InvalidActionError
from vivant.laws import ProvenRevoke
from vivant.players.base import Player
from vivant.table import CLAIMS, PLAY, Event, Table


@dataclass(frozen=True, slots=True)
class Step:
    """What one call of :func:`step` did: ``seat``/``player`` acting (``None`` for chance), the
    action applied and the public events it caused."""

    seat: Seat | None
    player: str | None
    action: Action
    events: list[Event] = field(default_factory=list)


def who_acts(table: Table) -> tuple[Seat, str] | None:
    """The seat the table waits for and the name of the player sitting there, or ``None`` when
    chance is due or the sitting is over."""
    if table.is_over():
        return None
    return _turn(table)


def _turn(table: Table) -> tuple[Seat, str] | None:
    """:func:`who_acts` of a sitting not over."""
    if table.awaiting_chance():
        return None
    seat = table.to_act()
    if seat is None:
        raise InvalidActionError(f"the table waits for nobody in phase {table.phase!r}")
    name = table.seat_player(table.controller(seat))
    if name is None:
        raise InvalidActionError(f"no player sits at seat {SEAT_LETTERS[seat]} to act")
    return seat, name


def customary_default(table: Table, legal: list[Action]) -> Action | None:
    """The laws' customary choice (D-G2) for a decision other than playing a card, else None."""
    if table.pending is None and table.phase == PLAY and legal and isinstance(legal[0], Play):
        return None
    try:
        return table.default_action()
    except InvalidActionError:
        return None


def step(table: Table, players: Mapping[str, Player], rng: random.Random) -> Step:
    """Make the next move of the sitting: a chance action drawn from ``rng``, or the choice of
    the computer player (``players`` by name) whose decision is due. A player's action that is
    not among the legal ones is refused with :class:`InvalidActionError`."""
    if table.is_over():
        raise InvalidActionError("the sitting is over; there is no next move")
    turn = _turn(table)
    if turn is None:
        action = table.chance_action(rng)
        return Step(None, None, action, table.apply(action))
    claimed = offer_claims(table, players)
    if claimed is not None:
        return claimed
    seat, name = turn
    player = players.get(name)
    if player is None:
        raise InvalidActionError(f"no computer player is given for {name!r}")
    said = claim_move(table, seat, lambda n: n not in players)
    if said is not None:  # D-TC4, D-TC5: a claim answered, or every trick claimed
        return Step(seat, name, said, table.apply(said))
    legal = table.legal_actions(seat)
    view = table.view(seat)
    if legal and isinstance(legal[0], Play) and legal[0].seat in view.penalty_cards:
        called = offer_calls(table, players, seat)
        if called is not None:
            return called
    action = player.choose(view, legal, customary_default(table, legal))
    if not _among(action, legal):
        raise InvalidActionError(
            f"the {player.kind} player for {name!r} chose {action!r}, which is not legal now"
        )
    return Step(seat, name, action, table.apply(action))


def _among(action: Action, legal: list[Action]) -> bool:
    """Whether ``action`` is one of ``legal``: as ``action in legal``, the player's choice most
    often being one of the very objects listed, found without comparing the others to it."""
    for a in legal:
        if a is action:
            return True
    return action in legal


#: The most tricks left from which a computer player looks for a claim to make (D-TC5): its
#: proof searches every deal of the cards it cannot see, too long a search further out.
CLAIM_FROM = 3

#: The one searcher of the claims computer players make (D-TC5), made when first needed.
_PROVER: list[Any] = []


def claim_move(
    table: Table, seat: Seat, is_person: Callable[[str], bool]
) -> Elect | Claim | Concede | None:
    """What the computer player deciding for ``seat`` says of claims of tricks now (D-TC5),
    whatever its kind: its answer to the open claim, accepting exactly what the solver proves;
    or, on its lead with two or three tricks to play (:data:`CLAIM_FROM`) and a person
    (``is_person`` of a name) among the other side, a claim of the rest when its own view
    proves every remaining trick its side's, a concession when it proves none can be won.
    ``None`` otherwise."""
    p = table.pending
    if p is not None:
        if p.kind == tricks_claims.CLAIM_KIND and seat in p.electors:
            return tricks_claims.answer(table, seat)
        return None
    h = table.hand
    # Ruled out cheaply first, as on nearly every move: a claim is made between tricks (D-TC4:
    # the refusal would say so), on its lead, with two or three tricks to play.
    if h is None or h.trick or table.controller(h.leader) != seat:
        return None
    if not 2 <= tricks_claims.remaining(h) <= CLAIM_FROM:
        return None
    if tricks_claims.refusal(table, seat) is not None:
        return None
    side = table.seat_sides[seat]
    names = [table.seat_player(s) for s in table.electors(1 - side)]
    if not any(n is not None and is_person(n) for n in names):
        return None
    if not _PROVER:
        from vivant.players.montecarlo import MonteCarloPlayer

        _PROVER.append(MonteCarloPlayer(0))
    view = table.view(seat)
    if view.to_play != h.leader:
        return None
    proved = _PROVER[0].claim(view)
    left = tricks_claims.remaining(h)
    if proved == left:
        return Claim(seat, left)
    if proved == 0:
        return Concede(seat)
    return None


def claims_worth_making(table: Table, seat: Seat) -> list[ClaimRevoke | AskRenounce]:
    """What the computer player at ``seat`` says out of turn now (D-G7), from its own view only:

    * a revoke by a hand never liable to penalty (Mort, a dummy) is claimed at once, before the
      trick is quitted: only then is it corrected (M-6.1, ED-6.1, DD-3.2);
    * any other revoke is let stand until it is established (WL-7.2), so that it costs the
      offenders the penalty (WL-7.6) rather than a mere correction (WL-7.4), and is claimed when
      the hand is played (WL-7.5: a claim stands until the cards are cut), where the tricks
      prove every revoke — whatever the player kind would choose there;
    * "having none?" is asked of its partner when it sees him hold the suit he renounced
      (WL-7.3, DL-3), so that his revoke is corrected in time.
    """
    at_the_end = table.phase == CLAIMS
    out: list[ClaimRevoke | AskRenounce] = [
        p.claim for p in _claims_in_order(table, seat) if at_the_end or not p.liable
    ]
    return [*out, *table.renounce_questions(seat)]


def _claims_in_order(table: Table, seat: Seat) -> list[ProvenRevoke]:
    """The revoke claims open to ``seat``, the earliest revoke first (trick, then place)."""
    return sorted(table.revoke_claims(seat), key=lambda p: (p.claim.trick, p.place))


def offer_claims(table: Table, players: Mapping[str, Player]) -> Step | None:
    """Let the computer players (``players`` by name) claim what they see (D-G7,
    :func:`claims_worth_making`): in the play the earliest revoke first, at the end of the hand
    the seat the table waits for first. Returns the step taken, or ``None`` when nobody speaks.
    Every player kind claims through here, so a claim never depends on the kind's card play.
    Before a person's hand with penalty cards plays, the computer opponents may call one
    (WL-5.2; :func:`step` asks them before a computer player's)."""
    if not table.laws or table.hand is None:
        return None
    called = _calls_before_a_person(table, players)
    if called is not None or not table.hand.revokes:
        return called
    first = table.to_act() if table.phase == CLAIMS else None  # the claims in the table's order
    chosen: tuple[tuple[int, int, int], Seat, str, ClaimRevoke | AskRenounce] | None = None
    for seat in sorted(range(4), key=lambda s: s != first):
        name = table.seat_player(seat)
        if name is None or name not in players:
            continue
        claims = claims_worth_making(table, seat)
        if not claims:
            continue
        if first is not None:
            return Step(seat, name, claims[0], table.apply(claims[0]))
        for claim in claims:
            key = _claim_order(table, seat, claim)
            if chosen is None or key < chosen[0]:
                chosen = (key, seat, name, claim)
    if chosen is None:
        return None
    _, seat, name, claim = chosen
    return Step(seat, name, claim, table.apply(claim))


def _calls_before_a_person(table: Table, players: Mapping[str, Player]) -> Step | None:
    """WL-5.2: the exposed cards of a hand a person is about to play, offered to the computer
    players of the other side (:func:`offer_calls`)."""
    h = table.hand
    if table.phase != PLAY or table.pending is not None or h is None or not any(h.penalty_cards):
        return None
    seat = table.to_act()
    name = table.seat_player(seat) if seat is not None else None
    if seat is None or name is None or name in players:
        return None
    legal = table.legal_actions(seat)
    if not legal or not isinstance(legal[0], Play) or not h.penalty_cards[legal[0].seat]:
        return None
    return offer_calls(table, players, seat)


def _claim_order(
    table: Table, seat: Seat, claim: ClaimRevoke | AskRenounce
) -> tuple[int, int, int]:
    """In the play, the claim or question about the earliest revoke is made first: a
    correction takes back the later cards of its trick (WL-7.4)."""
    if isinstance(claim, ClaimRevoke):
        place = next(p.place for p in table.revoke_claims(seat) if p.claim == claim)
        return (claim.trick, place, seat)
    h = table.hand
    assert h is not None
    seats = h.trick_seats or (h.tricks[-1].seats if h.tricks else ())
    side = table.seat_sides[seat]
    partner = next(s for s in range(4) if s != seat and table.seat_sides[s] == side)
    trick = len(h.tricks) + (1 if h.trick_seats else 0)
    return (trick, list(seats).index(partner) if partner in seats else 4, seat)


def penalty_calls(table: Table, seat: Seat) -> list[CallCard]:
    """The exposed cards ``seat`` may call now from the hand about to play (WL-5.2)."""
    return [a for a in table.legal_actions(seat) if isinstance(a, CallCard)]


def offer_calls(table: Table, players: Mapping[str, Player], to_act: Seat) -> Step | None:
    """Before a hand with penalty cards plays, its opponents may call one of them (WL-5.2,
    WL-6.4). Each computer player of the other side that defines ``call_card(view, calls)``
    (returning a :class:`CallCard` or ``None``) is asked in turn; a front end asks its human
    itself. Returns the step taken, or ``None`` when nobody calls."""
    for seat in range(4):
        if seat == to_act:
            continue
        calls = penalty_calls(table, seat)
        if not calls:
            continue
        name = table.seat_player(seat)
        player = players.get(name) if name is not None else None
        chooser = getattr(player, "call_card", None)
        if player is None or chooser is None:
            continue
        choice = chooser(table.view(seat), calls)
        if choice is None:
            continue
        if choice not in calls:
            raise InvalidActionError(
                f"the {player.kind} player for {name!r} called {choice!r}, which is not open"
            )
        return Step(seat, name, choice, table.apply(choice))
    return None


def sitting_record(
    table: Table, players: Mapping[str, Player | str], seed: int | None
) -> dict[str, Any]:
    """The table's record (DESIGN §4) with ``seed`` and the player kinds added: ``kinds`` gives
    each person's (in the record's player order), and each game's ``kinds`` each role's (after
    its ``roles``). Keys keep a fixed order: game, seed, then the table's keys with ``kinds``
    after ``players``. The table's own record is not modified."""
    base: dict[str, Any] = table.record()
    kinds = {name: (p if isinstance(p, str) else p.kind) for name, p in players.items()}
    out: dict[str, Any] = {"game": base["game"], "seed": seed}
    for key, value in base.items():
        if key in ("game", "seed"):
            continue
        if key == "games":
            value = [_with_role_kinds(g, kinds) for g in value]
        out[key] = value
        if key == "players":
            out["kinds"] = {name: kinds[name] for name in value if name in kinds}
    return out


def _with_role_kinds(game: dict[str, Any], kinds: Mapping[str, str]) -> dict[str, Any]:
    """A copy of a game's record with ``kinds`` (role letter → player kind) after ``roles``."""
    out: dict[str, Any] = {}
    for key, value in game.items():
        out[key] = value
        if key == "roles":
            out["kinds"] = {r: kinds[n] for r, n in value.items() if n in kinds}
    return out


def play_sitting(
    table: Table,
    players: Mapping[str, Player],
    rng: random.Random,
    *,
    seed: int | None = None,
) -> dict[str, Any]:
    """Play the whole sitting (a tournée of Mort) with computer players and return its record
    (see :func:`sitting_record`)."""
    while not table.is_over():
        step(table, players, rng)
    return sitting_record(table, players, seed)
