"""Export: a played sitting as whist-profile PBN deals (the package docstring says what each
tag and note holds).

:func:`sitting_deals` replays the sitting's action log on a fresh table of its variant and turns
every hand into one :class:`~vivant.records.pbn_whist.WhistDeal`; the decisions before the play
are written as the game declares them (its ``prelude``, :mod:`vivant.prelude`), the board numbers
and tags of a hand as its sitting's form says (:mod:`vivant.records.sitting.form`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from vivant.actions import (
    AskRenounce,
    CallSuit,
    CutPack,
    Deal,
    Discard,
    Elect,
    Play,
    PlayTogether,
    ReportMisdeal,
)
from vivant.cards import SEAT_LETTERS, SUIT_LETTERS, CardSet, Seat, card_name
from vivant.prelude import Prelude
from vivant.records.pbn import write_pbn
from vivant.records.pbn_whist import (
    Scores,
    WhistDeal,
    WhistIrregularity,
    WhistTrick,
    deal_only_pbn,
    write_whist_pbn,
)
from vivant.records.sitting.common import (
    AFTER_PLAY,
    CHOICE_KINDS,
    CUTS_TAG,
    DOUBLING_TAG,
    DOUBLINGS,
    LAWS_TAG,
    MISERE_CLAIM,
    OPTIONS_TAG,
    PACK_GAMES,
    PACK_TAG,
    PLAYERS_TAG,
    REVOKE_KINDS,
    STILL_CUT_TAG,
    STILL_PACK_TAG,
    TIMED_KINDS,
    cards_text,
    choice_text,
    choices_tags,
    cuts_text,
    note_text,
    penalty_word,
    variant_name,
)
from vivant.records.sitting.form import form_of
from vivant.table import PLAY, HandState, Table

__all__ = ["export_pbn", "sitting_deals"]


@dataclass
class _Hand:
    """What the replay learns about one hand beyond its :class:`HandState`."""

    state: HandState
    dealt: tuple[int, ...]
    players: tuple[str, str, str, str]
    dummies: frozenset[Seat]
    score_before: dict[str, int]
    #: What the decisions before the play came to (:mod:`vivant.prelude`).
    prelude: Prelude = field(default_factory=Prelude)
    suits_called: list[int] = field(default_factory=list)
    misdeal_reasons: list[str] = field(default_factory=list)
    record: dict[str, Any] | None = None
    #: The board number the sitting's form gives the hand (``None``: numbered through), and its
    #: own tags (Duplicate Whist's ``WhistTray``).
    board: int | None = None
    tags: tuple[tuple[str, str], ...] = ()
    #: The cards in the trick when each of ``state.irregularities`` was committed, and when
    #: each "having none?" was asked (DL-3, WL-7.3; the trick's every card once it is complete).
    at: list[int] = field(default_factory=list)
    asked_at: list[int] = field(default_factory=list)
    #: The pack games (:data:`PACK_GAMES`): the pack as dealt and the still pack first used, the
    #: cuts before the deal and of the still pack, the choices before the first card, the hands
    #: at the first card with the cards each discarded face down before it.
    pack: tuple[int, ...] = ()
    still_pack: tuple[int, ...] = ()
    cuts: list[CutPack] = field(default_factory=list)
    still_cuts: list[CutPack] = field(default_factory=list)
    choices: list[str] = field(default_factory=list)
    held: tuple[int, ...] | None = None
    discarded: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    #: The options each non-revoker elected for a revoke after the play (All Fours: add or
    #: deduct, AF-5.2), by the revoker's seat and trick.
    penalties: dict[tuple[int, int], list[str]] = field(default_factory=dict)
    penalty_due: int | None = None


def _seat_names(table: Table) -> tuple[str, str, str, str]:
    def name(s: Seat) -> str:
        if s in table.dead_seats:
            return ""
        if s in table.dummy_seats:
            return table.info.dummy_name
        return table.seat_player(s) or "?"

    return (name(0), name(1), name(2), name(3))


def _new_hand(table: Table, state: HandState | None = None) -> _Hand:
    state = state or table.hand
    assert state is not None
    form = form_of(type(table))
    return _Hand(
        state,
        tuple(state.hands),
        _seat_names(table),
        frozenset(table.dummy_seats),
        dict(table.view(None).score),
        board=form.board(table),
        tags=form.hand_tags(table),
    )


def _watched(cls: type[Table]) -> type[Table]:
    """``cls`` keeping the last hand it laid out in ``dealt_last``: a deal may end the sitting
    as it is dealt (All Fours: a Jack turned up gives the dealer his seventh point, AF-1.4), and
    the hands dealt are still to be written."""

    def get(self: Table) -> HandState | None:
        hand: HandState | None = self.__dict__.get("_watched_hand")
        return hand

    def put(self: Table, hand: HandState | None) -> None:
        if hand is not None:
            self.__dict__["dealt_last"] = hand
        self.__dict__["_watched_hand"] = hand

    watched: type[Table] = type(cls.__name__, (cls,), {"hand": property(get, put)})
    return watched


def _track(table: Table) -> tuple[Table, list[_Hand]]:
    """Replay ``table``'s log on a fresh table, following every hand dealt (and every play of a
    Duplicate Whist tray, whose hands come from the tray without a deal)."""
    packs = table.variant in PACK_GAMES
    fresh = (_watched(type(table)) if packs else type(table)).from_config(table.config())
    decisions = {d.phase: d for d in fresh.prelude}
    hands: list[_Hand] = []
    if fresh.hand is not None:  # a recorded tray laid out when the table is made
        hands.append(_new_hand(fresh))
    records, seen = fresh.hand_records, 0
    cuts: list[CutPack] = []
    for action in table.log:
        phase, h, pending = fresh.phase, fresh.hand, fresh.pending
        before = list(h.hands) if h is not None else []
        known = len(h.irregularities) if h is not None else 0
        in_trick = len(h.trick) if h is not None else 0
        # DL-3: a question about the trick just complete is asked with all its cards
        asked_at = in_trick or (len(h.tricks[-1].cards) if h is not None and h.tricks else 0)
        cur = hands[-1] if hands else None
        if (
            packs
            and cur is not None
            and cur.state is h
            and isinstance(action, Play | PlayTogether)
            and cur.held is None
            and h is not None
            and not h.tricks
            and not h.trick
        ):
            cur.held = tuple(m | d for m, d in zip(h.hands, cur.discarded, strict=True))
        events = fresh.apply(action)
        if cur is not None and cur.state is h:
            cur.at.extend([in_trick] * (len(cur.state.irregularities) - known))
            if isinstance(action, AskRenounce) and h is not None:
                cur.asked_at.append(asked_at)
            if pending is not None and pending.kind in AFTER_PLAY and cur.penalty_due is not None:
                assert isinstance(action, Elect)
                due = (pending.offender, cur.penalty_due)
                cur.penalties.setdefault(due, []).append(action.option)
            for e in events:
                if e.kind == "irregularity" and e.data.get("kind") in AFTER_PLAY:
                    cur.penalty_due = int(e.data["trick"])
        if packs and isinstance(action, CutPack):
            if h is not None and cur is not None and cur.state is h:
                cur.still_cuts.append(action)  # the still pack cut for the preference
            else:
                cuts.append(action)
        elif packs and isinstance(action, Deal) and cur is not None and fresh.hand is cur.state:
            cur.still_pack = tuple(action.order or ())  # Boston's other pack, first used
        elif isinstance(action, Deal):
            state = fresh.hand or (fresh.__dict__.get("dealt_last") if packs else None)
            assert state is not None and state is not h  # a deal lays out a new hand
            cur = _new_hand(fresh, state)
            hands.append(cur)
            if packs:
                cur.pack, cur.cuts, cuts = tuple(action.order or ()), cuts, []
        elif (
            packs
            and cur is not None
            and cur.state is h
            and phase != PLAY
            and (
                (
                    isinstance(action, Elect | Discard)
                    and (pending is None or pending.kind in CHOICE_KINDS)
                )
                or (isinstance(action, Play) and phase != PLAY)  # BO-5.8: led before the discards
            )
        ):
            cur.choices.append(choice_text(action))
            if isinstance(action, Discard):
                cur.discarded[action.seat] |= 1 << action.card
        elif cur is None:
            pass
        elif isinstance(action, CallSuit):
            cur.suits_called.append(action.suit)
        elif isinstance(action, ReportMisdeal):
            cur.misdeal_reasons.append(action.reason)
        elif phase in decisions:  # a decision before the play, as the game declares it
            cur.prelude = decisions[phase].note(fresh, action, before, cur.prelude)
        new = records[seen:]
        if fresh.hand_records is not records:
            records = fresh.hand_records
            new = new + records
        seen = len(records)
        if new and cur is not None:
            cur.record = new[-1]
        if fresh.hand is not None and cur is not None and fresh.hand is not cur.state:
            hands.append(_new_hand(fresh))  # the next play of a tray, laid out from the tray
    return fresh, hands


def _side_letters(table: Table) -> tuple[str, str]:
    def side(i: int) -> str:
        return "".join(
            SEAT_LETTERS[s]
            for s in range(4)
            if table.seat_sides[s] == i and s not in table.dead_seats
        )

    return side(0), side(1)


def _by_side(table: Table, values: dict[str, int], keep_zero: bool = False) -> Scores:
    letters = _side_letters(table)
    return tuple(
        (letters[i], values[name])
        for i, name in enumerate(table.side_names)
        if name in values and (keep_zero or values[name])
    )


def _scores(table: Table, hand: _Hand) -> tuple[Scores, Scores, Scores]:
    """Tricks counted after penalties, points and honour points the hand scored, per side."""
    rec = hand.record
    if rec is None or rec.get("abandoned"):
        return (), (), ()
    if "marked" in rec or "payments" in rec:
        # All Fours (AF-4: High, Low, Jack, Game marked to a player or a side) and Boston (BO-6:
        # counters paid and received by each player): the record's keys are already the seats'
        # or the sides' letters.
        marked: dict[str, int] = dict(rec.get("payments") or {})
        for item in rec.get("marked") or ():
            marked[item["to"]] = marked.get(item["to"], 0) + item["amount"]
        return (
            tuple((k, int(v)) for k, v in rec["won"].items()),
            tuple((k, v) for k, v in marked.items() if v),
            (),
        )
    won = _by_side(table, rec.get("won", {}), keep_zero=True)
    points: dict[str, int] = {}
    honours: dict[str, int] = {}
    if "scored" in rec:  # English short whist and its relatives
        for item in rec["scored"]:
            into = honours if item["item"] == "honours" else points
            into[item["side"]] = into.get(item["side"], 0) + item["points"]
    elif "markers" in rec:  # Mort: the markers moved by the hand
        points = {k: v - hand.score_before.get(k, 0) for k, v in rec["markers"].items()}
    elif "below" in rec:  # Bridge for Three: the dealer's side, then each non-dealer
        names = table.side_names
        points = {
            names[0]: rec["below"] + rec["dealer_above"],
            names[1]: rec["non_dealer_above"],
        }
    return won, _by_side(table, points), _by_side(table, honours)


def _irregularities(table: Table, hand: _Hand) -> tuple[WhistIrregularity, ...]:
    h = hand.state
    out: list[WhistIrregularity] = []
    suits = iter(hand.suits_called)
    reasons = iter(hand.misdeal_reasons)
    for i, r in enumerate(h.irregularities):
        suit = reason = at = by = demand = None
        election = r.election or ""
        if not election and r.kind in REVOKE_KINDS:  # elected after the play (AF-5.2)
            election = "-".join(hand.penalties.get((r.offender, r.trick), ()))
        if r.kind == "lead_out_of_turn" and r.election == "call_suit":
            called = next(suits, None)
            suit = None if called is None else SUIT_LETTERS[called]
        if r.kind == "misdeal":
            reason = next(reasons, None)
        touched = r.details.get("touched") if r.kind in ("misdeal", "exposed_in_deal") else None
        # WL-7.4: the cards the later players took back when the revoke was corrected
        back = " ".join(r.details.get("taken_back", ())) if r.kind == "revoke_corrected" else None
        offence = r.details.get("offence") if r.kind == MISERE_CLAIM else None
        if (r.kind in TIMED_KINDS or offence) and i < len(hand.at):
            at = hand.at[i]
        if r.election == "cancelled":  # DL-4: who demanded what
            who = r.details.get("by")
            if isinstance(who, str) and who in table.role_letters:
                by = SEAT_LETTERS[table.role_letters.index(who)]
            demand, reason = r.details.get("demand"), r.details.get("reason")
        out.append(
            WhistIrregularity(
                r.kind,
                r.offender,
                r.trick or None,
                penalty_word(election),
                note_text(
                    rule=r.rule,
                    cards=cards_text(r.cards),
                    suit=suit,
                    reason=reason,
                    at=at,
                    by=by,
                    demand=demand,
                    touched=touched,
                    offence=offence,
                    taken_back=back,
                ),
            )
        )
    recorded = {(r.kind, r.trick, r.offender) for r in h.irregularities if r.kind in REVOKE_KINDS}
    for rev in h.revokes:
        if (rev.kind, rev.trick, rev.seat) in recorded:
            continue
        penalty = "waived" if rev.penalty == "waived" else ""
        out.append(
            WhistIrregularity(
                rev.kind,
                rev.seat,
                rev.trick,
                penalty,
                note_text(
                    rule=rev.rule if rev.kind != "revoke" else None, cards=card_name(rev.card)
                ),
            )
        )
    for claim in h.notes.get("claims", ()):
        seat = table.role_letters.index(claim["by"])
        option = {True: "admit", False: "refuse"}.get(claim.get("admitted"), "")
        out.append(
            WhistIrregularity(
                "claim", seat, claim["trick"], option, note_text(tricks=claim["tricks"])
            )
        )
    for claim in h.notes.get("tricks_claimed", ()):  # D-TC4; a concession (D-TC6) as "concede"
        answer = {
            "accepted": "accept_claim",
            "adjudicated": "dispute_claim",
            "conceded": "concede",
        }.get(claim.get("settled", ""))
        if answer is not None:
            seat = table.role_letters.index(claim["by"])
            text = note_text(tricks=claim["tricks"])
            out.append(WhistIrregularity("claim", seat, claim["trick"], answer, text))
    asked = iter(hand.asked_at)
    for ask in h.notes.get("inquiries", ()):  # DL-3: "none of that suit, partner?"
        seat = table.role_letters.index(ask["by"])
        text = note_text(rule=ask.get("rule", "DL-3"), at=next(asked, None))
        out.append(WhistIrregularity("ask_renounce", seat, ask["trick"], "", text))
    return tuple(out)


def _config_tags(table: Table, hand: _Hand) -> tuple[tuple[str, str], ...]:
    tags = [(LAWS_TAG, "yes" if table.laws else "no")]
    if not any(";" in p for p in table.players):  # else the players come from the seats
        tags.append((PLAYERS_TAG, ";".join(table.players)))
    on = form_of(type(table)).options(table)
    if on:
        tags.append((OPTIONS_TAG, " ".join(on)))
    if hand.prelude.doubling:
        tags.append((DOUBLING_TAG, DOUBLINGS[min(hand.prelude.doubling, 2)]))
    if table.variant in PACK_GAMES:
        for name, value in (
            (PACK_TAG, cards_text(hand.pack)),
            (STILL_PACK_TAG, cards_text(hand.still_pack)),
            (CUTS_TAG, cuts_text(hand.cuts)),
            (STILL_CUT_TAG, cuts_text(hand.still_cuts)),
        ):
            if value:
                tags.append((name, value))
        tags.extend(choices_tags(hand.choices))
    return (*tags, *hand.tags)


def _held_unplayed(table: Table, hand: _Hand) -> tuple[int, ...]:
    """The hands of a deal whose play never began, as :attr:`_Hand.held` has them for a deal
    played: the cards held when it ended with those discarded before (All Fours: a deal thrown
    in after the cards were run and discarded from, AF-1.7), else as they were dealt."""
    h = hand.state
    now = h.hands if table.variant in PACK_GAMES and not h.tricks and not h.trick else hand.dealt
    return tuple(m | d for m, d in zip(now, hand.discarded, strict=True))


def sitting_deals(
    table: Table, *, event: str = "?", site: str = "?", date: str = "?"
) -> list[WhistDeal]:
    """Every hand dealt in ``table``'s sitting (its log replayed) as a :class:`WhistDeal`."""
    fresh, hands = _track(table)
    form = form_of(type(fresh))
    deals = []
    for board, hand in enumerate(hands, start=1):
        h = hand.state
        tricks = [WhistTrick(t.leader, t.cards) for t in h.tricks]
        if h.trick:
            tricks.append(WhistTrick(h.trick_seats[0], tuple(h.trick)))
        won, points, honours = _scores(fresh, hand)
        declared_by = form.declared_by(fresh, h, hand.prelude.declared_by)
        held = hand.held if hand.held is not None else _held_unplayed(fresh, hand)
        sizes = {m.bit_count() for s, m in enumerate(held) if s not in fresh.dead_seats}
        for fewer in (  # All Fours' cards run three times or more (AF-2.5): more than 13
            tuple(m & ~d for m, d in zip(held, hand.discarded, strict=True)),  # as played from
            hand.dealt,  # as first dealt (the deal thrown in, the cards bunched: D-AF10)
        ):
            if max(sizes, default=0) > 13:
                held = fewer
                sizes = {m.bit_count() for s, m in enumerate(held) if s not in fresh.dead_seats}
        deals.append(
            WhistDeal(
                variant=variant_name(fresh),
                dealer=h.dealer,
                hands=tuple(  # type: ignore[arg-type]
                    None if s in fresh.dead_seats and not m else CardSet(m)
                    for s, m in enumerate(held)
                ),
                trump=h.trump,
                turn_up=h.turn_up,
                declared_by=declared_by,
                dummies=hand.dummies,
                dead=frozenset(fresh.dead_seats),
                exchanges=hand.prelude.exchanges,
                tricks=tuple(tricks),
                tricks_won=won,
                points=points,
                honours=honours,
                irregularities=_irregularities(fresh, hand),
                event=event,
                site=site,
                date=date,
                board=hand.board if hand.board is not None else board,
                players=hand.players,
                scoring=variant_name(fresh),
                extra_tags=_config_tags(fresh, hand),
                hand_size=max(sizes) if sizes else 13,
            )
        )
    return deals


def export_pbn(
    table: Table, *, event: str = "?", site: str = "?", date: str = "?", deal_only: bool = False
) -> str:
    """The sitting as a whist-profile PBN file (or, ``deal_only``, the bare deals for bridge
    tools: the hands as held in play and the mandatory tags)."""
    deals = sitting_deals(table, event=event, site=site, date=date)
    if deal_only:
        return write_pbn(deal_only_pbn(d) for d in deals)
    return write_whist_pbn(deals)
