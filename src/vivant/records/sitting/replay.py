"""Replay: re-enacting the deals of a file, in order, on a table of their game.

For each deal the sitting's form brings the table to it (:mod:`vivant.records.sitting.form`:
the choices before the deal, or the tray's turn in the programme); :func:`pack_for` finds a pack
order the table deals into the deal's hands and turn-up; :class:`DealReplay` makes the decisions
before the play the game declares (its ``prelude``, :mod:`vivant.prelude`) so that they come to
what the deal records, plays every card with the irregularities re-enacted where they happened,
and the revoke claims and penalties at the end of the hand.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from vivant.actions import (
    Action,
    AskRenounce,
    CallSuit,
    ChoosePenalty,
    Claim,
    ClaimRevoke,
    Concede,
    CorrectRevoke,
    Deal,
    DrawAttention,
    Elect,
    Play,
    PlayTogether,
    ReportExposed,
    ReportMisdeal,
    WaiveRevokes,
)
from vivant.cards import SEAT_LETTERS, SUIT_LETTERS, Card, Seat, card_name, parse_card
from vivant.errors import InvalidNotationError, VivantError
from vivant.prelude import Prelude, PreludeDecision
from vivant.records.pbn import PbnError, PbnGame
from vivant.records.pbn_whist import WhistDeal, WhistIrregularity, WhistTrick
from vivant.records.sitting.common import (
    AFTER_PLAY,
    CHOICE_KINDS,
    CHOICES_TAG,
    DOUBLING_TAG,
    DOUBLINGS,
    MISERE_CLAIM,
    PACK_TAG,
    REVOKE_KINDS,
    STILL_CUT_TAG,
    STILL_PACK_TAG,
    TIMED_KINDS,
    Mismatch,
    SittingImportError,
    choice_text,
    denomination,
    extra_tag,
    note_cards,
    note_items,
    note_number,
    parse_cuts,
    parse_pack,
    penalty_option,
    phase_text,
    recorded_choices,
    scratch,
    variant_name,
)
from vivant.records.sitting.form import form_of
from vivant.table import BEFORE_PLAY, CLAIMS, DEAL, PENALTY, PLAY, HandState, Table

__all__ = ["DealReplay", "Lines", "TrickError", "enact", "pack_for"]

#: The irregularities of the deal, reported before the first card (no trick).
DEAL_KINDS: Final = frozenset({"misdeal", "exposed_in_deal"})


def choice_words(action: Action) -> str:
    return repr(choice_text(action))


def timed_card(ir: WhistIrregularity) -> Card:
    """The card a timed irregularity (:data:`TIMED_KINDS`, not ``direction``) put to the trick:
    the card played out of turn, the card exposed, or the second winner led (DL-1, DL-6)."""
    if ir.kind == "played_out_of_turn":
        return note_cards(ir)[0]
    if ir.kind == "card_exposed":
        return note_cards(ir)[-1]
    return note_cards(ir, 2)[1]


def taken_back(corrected: WhistIrregularity) -> list[Card]:
    """The cards the players after the revoker took back when his revoke was corrected, in
    order (``taken_back`` in the note, WL-7.4); none in a file without it."""
    return [parse_card(name) for name in note_items(corrected.note).get("taken_back", "").split()]


@dataclass(frozen=True)
class Correction:
    """A revoke corrected later than at once: when the card it is corrected with was put to the
    same trick by ``exposure``; with ``at`` cards in the trick (once the later players whose
    cards it took back had played, or when the question that found it was asked, DL-3,
    WL-7.3); else after a lead out of turn to the next trick."""

    trick: int
    seat: Seat
    card: Card
    record: WhistIrregularity
    exposure: WhistIrregularity | None = None
    at: int | None = None

    @property
    def after_lead(self) -> bool:
        return self.exposure is None and self.at is None


class TrickError(InvalidNotationError):
    """A trick that does not re-enact (its number, for the line of its Play row)."""

    def __init__(self, trick: int, message: str) -> None:
        super().__init__(message)
        self.trick = trick


def pack_for(table: Table, deal: WhistDeal, probes: dict[Seat, HandState]) -> tuple[Card, ...]:
    """A pack order that the table deals into ``deal``'s hands and turn-up: the pack recorded
    (``WhistPack``, the pack games), else one made from the hands."""
    recorded = extra_tag(deal, PACK_TAG)
    if recorded is not None:
        return parse_pack(PACK_TAG, recorded)
    probe = probes.get(deal.dealer)
    if probe is None:
        trial = scratch(table)
        trial.apply(Deal(tuple(range(52))))
        assert trial.hand is not None
        probe = probes[deal.dealer] = trial.hand
    order: list[Card | None] = [None] * 52
    for s in range(4):
        positions = [p for p in range(52) if probe.hands[s] >> p & 1]
        hand = deal.hands[s]
        wanted = sorted(hand) if hand is not None else []
        if len(wanted) != len(positions):
            raise InvalidNotationError(
                f"{variant_name(table)} deals {len(positions)} cards to {SEAT_LETTERS[s]}, "
                f"the deal gives {len(wanted)}"
            )
        if probe.turn_up is not None and probe.turn_up in positions and deal.turn_up in wanted:
            positions.remove(probe.turn_up)
            wanted.remove(deal.turn_up)
            order[probe.turn_up] = deal.turn_up
        for p, c in zip(positions, wanted, strict=True):
            order[p] = c
    if (probe.turn_up is None) != (deal.turn_up is None):
        turns = "turns no card" if probe.turn_up is None else "turns a card for trump"
        raise InvalidNotationError(
            f"{variant_name(table)} {turns}; "
            f"the deal has {'a' if deal.turn_up is not None else 'no'} turn-up"
        )
    if deal.turn_up is not None and order[probe.turn_up or 0] is None:
        order[probe.turn_up or 0] = deal.turn_up
    placed = set(order)
    rest = iter(c for c in range(52) if c not in placed)
    return tuple(c if c is not None else next(rest) for c in order)


class DealReplay:
    """Re-enacts one deal on a table (see the module docstring)."""

    def __init__(self, table: Table, deal: WhistDeal, last: bool) -> None:
        self.table, self.deal, self.last = table, deal, last
        self.state: HandState | None = None
        #: A revoke corrected only once its card was played again (:class:`Correction`).
        self.deferred: Correction | None = None
        self.irregular = list(deal.irregularities)
        self.suits = [
            note_items(ir.note).get("suit", "")
            for ir in self.irregular
            if ir.kind == "lead_out_of_turn" and ir.penalty == "call_suit"
        ]
        #: The choices between the deal and the first card, in order (the pack games).
        self.choices = recorded_choices(deal)
        #: Elections still to make for each revoke's recorded penalty (by the record's id).
        self.options: dict[int, list[str]] = {}
        doubling = extra_tag(deal, DOUBLING_TAG) or ""
        if doubling not in DOUBLINGS:
            raise InvalidNotationError(f"{DOUBLING_TAG} {doubling!r}: doubled or redoubled")
        self.doubling = DOUBLINGS.index(doubling)

    def take(self, kind: str, trick: int | None, **match: object) -> WhistIrregularity | None:
        """The first irregularity not yet re-enacted of ``kind`` at ``trick`` matching."""
        for ir in self.irregular:
            if (
                ir.kind == kind
                and ir.trick == trick
                and all(getattr(ir, k) == v for k, v in match.items())
            ):
                self.irregular.remove(ir)
                return ir
        return None

    def settle(self, ir: WhistIrregularity) -> None:
        """The election recorded for ``ir``: its option, or, where DL-4 cancelled the penalty,
        the demand that cancelled it, by the adversary who made it."""
        if ir.penalty != "cancelled":
            self.elect(penalty_option(ir.kind, ir.penalty))
            return
        items = note_items(ir.note)
        by, demand = items.get("by", ""), items.get("demand", "")
        if by not in SEAT_LETTERS or not demand:
            raise InvalidNotationError(
                f"{ir.kind} note {ir.note!r}: a cancelled penalty names 'by' and 'demand'"
            )
        if self.table.pending is None:
            raise InvalidNotationError(f"the laws give no choice here, yet {demand!r} is recorded")
        self.table.apply(Elect(SEAT_LETTERS.index(by), demand))

    def elect(self, option: str) -> None:
        t = self.table
        if t.pending is None:
            raise InvalidNotationError(f"the laws give no choice here, yet {option!r} is recorded")
        t.apply(Elect(t.pending.electors[0], option))

    def run(self, pack: tuple[Card, ...] | None) -> None:
        """Deal ``pack`` (``None``: the hands come from a Duplicate Whist tray) and play."""
        t, d = self.table, self.deal
        if pack is not None:
            t.apply(Deal(pack))
            if t.hand is None:  # thrown in as it was dealt: the pack not cut (BO-2.4) …
                for ir in [x for x in self.irregular if x.kind == "misdeal" and x.trick is None]:
                    self.irregular.remove(ir)  # … the misdeal the table itself recorded
                return  # … or the game won by the Jack turned up (AF-1.4)
            self.chance()
        if not self.before_play():
            return  # thrown in by a misdeal or a card exposed in dealing
        h = self.state = t.hand
        if h is None:
            return  # over before the play: the cards bunched (AF-2.6), the game won by a gift
        if self.choices:
            raise InvalidNotationError(
                f"{CHOICES_TAG}: {choice_words(self.choices[0])} is recorded after the play began"
            )
        if h.trump != d.trump:
            raise InvalidNotationError(
                f"the table's trump is {denomination(h.trump)}, "
                f"the deal says {denomination(d.trump)}"
            )
        for no, trick in enumerate(d.tricks, start=1):
            if not self.claim(no):
                break
            self.trick(no, trick)
        else:
            no = len(d.tricks) + 1
            if self.claim(no) and t.hand is h:  # the hand ended, or stopped, at this lead
                self.trick(no, WhistTrick(h.leader, ()))
        self.end_of_hand()

    def trick(self, no: int, trick: WhistTrick) -> None:
        """Trick ``no`` played (:meth:`play_trick`), an error in it a :class:`TrickError`. A
        trick without a card is what was done at its lead when the hand ended there: a lead out
        of turn taken back, then an error against a misère (BO-5.8), or a sitting stopped."""
        try:
            self.play_trick(no, trick)
        except TrickError:
            raise
        except VivantError as exc:
            raise TrickError(no, f"trick {no}: {exc}") from None

    def chance(self) -> None:
        """What chance still does once the pack is dealt, as the deal records it: the other
        pack's order when first used and its cut for the preference (Boston, D-BO11, BO-3.1)."""
        t, d = self.table, self.deal
        while t.hand is not None and t.pending is None and t.awaiting_chance():
            name = STILL_PACK_TAG if t.phase == DEAL else STILL_CUT_TAG
            text = extra_tag(d, name)
            if text is None and self.last and not d.tricks and not self.choices:
                return  # an unfinished sitting, stopped here
            if text is None:
                raise InvalidNotationError(
                    "a second pack is used: no " + name
                    if name == STILL_PACK_TAG
                    else f"the still pack is cut: no {name}"
                )
            if name == STILL_PACK_TAG:
                t.apply(Deal(parse_pack(name, text)))
                continue
            for cut in parse_cuts(name, text):
                t.apply(cut)

    def choose(self) -> bool:
        """The next recorded choice before the first card, made; whether there was one."""
        t = self.table
        if not self.choices or t.phase == PLAY or t.hand is None:
            return False
        if t.pending is not None and t.pending.kind not in CHOICE_KINDS:
            ir = self.take(t.pending.kind, t.hand.trick_number)  # e.g. BO-5.8's claim
            if ir is None:
                return False
            self.settle(ir)
            return True
        t.apply(self.choices.pop(0))
        return True

    def claim(self, no: int) -> bool:
        """Re-enact a claim made before trick ``no``; whether the play goes on."""
        t = self.table
        claim = self.take("claim", no)
        if claim is not None and claim.penalty == "concede":  # D-TC6: settled at once
            t.apply(Concede(claim.offender))
        elif claim is not None:
            t.apply(Claim(claim.offender, note_number(claim, "tricks")))
            self.elect(claim.penalty or "refuse")
        return t.hand is not None and t.phase == PLAY

    def deal_irregularities(self) -> bool:
        """Report the irregularities of the deal in the record's order, each as often as it is
        recorded (a card may be reported exposed twice); whether the hand stands. One that
        cannot be reported yet (:meth:`report`) waits, and those after it, for the next call."""
        t = self.table
        for ir in [x for x in self.irregular if x.kind in DEAL_KINDS and x.trick is None]:
            if not self.report(ir):
                break
            if ir.penalty or t.pending is not None:
                self.settle(ir)
            if t.hand is None:
                return False
        return True

    def report(self, ir: WhistIrregularity) -> bool:
        """The misdeal or card exposed in dealing ``ir`` reported, after the leads out of turn
        recorded before it; whether it could be now: not before the play when such a lead was
        made, nor before a player sees the card exposed."""
        t = self.table
        if self.leads_withdrawn(1, before=ir) and t.phase in BEFORE_PLAY:
            return False  # reported after a lead out of turn: once the play has begun
        items = note_items(ir.note)
        touched = items.get("touched", "")
        report: Action
        if ir.kind == "misdeal":
            reporter = next(s for s in range(4) if s not in t.dead_seats and s != ir.offender)
            report = ReportMisdeal(reporter, items.get("reason") or "deal", touched)
        else:
            card = note_cards(ir)[0]
            seen = [s for s in range(4) if s not in t.dead_seats and t.sees(s, card)]
            if not seen and t.phase in BEFORE_PLAY:
                return False  # reported once its holder has seen it (an eldest doubling unseen)
            if not seen:
                raise InvalidNotationError(f"{ir.kind}: no player sees {card_name(card)}")
            report = ReportExposed(seen[0], card, t.controller(ir.offender), touched)
        self.withdrawn_leads(1, before=ir)  # a lead out of turn made before the report
        self.called()
        self.irregular.remove(ir)
        t.apply(report)
        return True

    def before_play(self) -> bool:
        """The decisions the game makes before the play (exchanges, declaration, doubles: its
        ``prelude``), each chosen to come to what the deal records; the deal's irregularities
        are reported as soon as the hand is as the file shows it. Whether the hand is played:
        the last hand of an unfinished sitting, with no card played, stops there too."""
        t, d = self.table, self.deal
        wanted = Prelude(d.declared_by, denomination(d.trump), d.exchanges, self.doubling)
        made = Prelude()
        decisions = {k.phase: k for k in t.prelude}
        while (t.phase in BEFORE_PLAY and t.pending is None) or self.choices:
            if self.choose():
                continue
            if self.choices:
                raise InvalidNotationError(
                    f"{CHOICES_TAG}: {choice_words(self.choices[0])} is recorded, but the table "
                    f"does not ask for it now ({phase_text(t.phase)})"
                )
            ready = all(k.complete(wanted, made) for k in t.prelude)
            if ready and not self.deal_irregularities():
                return False
            if ready and self.last and not d.tricks and not self.irregular:
                return False
            seat = t.to_act()
            assert seat is not None and t.hand is not None
            legal = t.legal_actions(seat)
            decision = decisions.get(t.phase, PreludeDecision())
            chosen = next((a for a in legal if decision.fits(t, a, wanted, made)), None)
            if chosen is None:
                raise InvalidNotationError(
                    f"no decision of {SEAT_LETTERS[seat]} before the play fits the deal "
                    f"(he may {' or '.join(dict.fromkeys(map(decision.words, legal)))})"
                )
            before = list(t.hand.hands)
            t.apply(chosen)
            made = decision.note(t, chosen, before, made)
        return self.deal_irregularities()

    def play_trick(self, no: int, trick: WhistTrick) -> None:
        t = self.table
        if self.deferred is not None and self.deferred.after_lead:
            self.withdrawn_leads(no, before=self.deferred.record)
            self.correct_later(len(self.trick_of(self.deferred.trick).cards))
        self.withdrawn_leads(no)
        h = t.hand
        for k, c in enumerate(trick.cards):
            seat = t.seat_order[trick.leader][k]
            self.call_suit()
            self.timed(no, k, trick)
            self.asked(no, k)
            if not self.misere(no, k) or t.hand is not h:
                return
            self.play_card(no, seat, c)
        self.asked(no, len(trick.cards))
        self.misere(no, len(trick.cards))

    def asked(self, no: int, k: int) -> None:
        """The questions "having none?" asked with ``k`` cards in trick ``no`` (DL-3, WL-7.3),
        and a revoke so found corrected (:attr:`deferred`). A question about a revoke corrected
        otherwise later (:meth:`corrected_later`) is asked with its correction
        (:meth:`correct`)."""
        d = self.deferred
        for ir in [x for x in self.irregular if x.kind == "ask_renounce" and x.trick == no]:
            if note_items(ir.note).get("at") != str(k):
                continue
            if self.corrected_later(no, self.table.partner_of(ir.offender)):
                continue  # asked with the correction it led to (correct)
            self.irregular.remove(ir)
            self.table.apply(AskRenounce(ir.offender))
        if d is not None and d.at == k:
            self.correct_later(k)

    def corrected_later(self, no: int, seat: Seat | None) -> bool:
        """Whether a revoke by ``seat`` in trick ``no`` is still to be corrected: the revoke
        :attr:`deferred`, or one made with the card he plays to the trick again after that
        correction, the card he took back standing for it till then (WL-7.4)."""
        d = self.deferred
        if d is not None and d.trick == no and d.seat == seat:
            return True
        return d is not None and any(
            ir.kind == "revoke_corrected" and ir.trick == no and ir.offender == seat
            for ir in self.irregular
        )

    def misere(self, no: int, k: int) -> bool:
        """An adversary's error against a misère with ``k`` cards in trick ``no`` (BO-5.8): the
        card led out of turn, or the two played together, then the bidder's election. Whether
        the hand goes on."""
        t = self.table
        h = t.hand
        for ir in list(self.irregular):
            items = note_items(ir.note)
            if ir.kind != MISERE_CLAIM or ir.trick != no or items.get("at") != str(k):
                continue
            self.irregular.remove(ir)
            if items.get("offence") == "exposed":
                t.apply(PlayTogether(ir.offender, note_cards(ir, 2)[:2]))
            else:
                t.apply(Play(ir.offender, note_cards(ir)[0]))
            self.settle(ir)
            if t.hand is not h:
                return False
        return True

    def leads_withdrawn(
        self, no: int, before: WhistIrregularity | None = None
    ) -> list[WhistIrregularity]:
        """The leads out of turn to trick ``no`` taken back, withdrawn or penalised that are
        still to re-enact (``before``: only those recorded before that irregularity)."""
        order = self.deal.irregularities
        end = order.index(before) if before is not None else len(order)
        return [
            ir
            for ir in self.irregular
            if ir.kind == "lead_out_of_turn"
            and ir.trick == no
            and ir.penalty != "accept"
            and order.index(ir) < end
        ]

    def withdrawn_leads(self, no: int, before: WhistIrregularity | None = None) -> None:
        """Leads out of turn taken back, withdrawn or penalised (:meth:`leads_withdrawn`): they
        come before trick ``no``'s lead."""
        for ir in self.leads_withdrawn(no, before):
            self.irregular.remove(ir)
            self.call_suit()  # a suit called after an earlier lead out of turn comes first
            self.table.apply(Play(ir.offender, note_cards(ir)[0]))
            if ir.penalty:
                self.settle(ir)

    def timed(self, no: int, k: int, trick: WhistTrick) -> None:
        """Duplicate Whist's irregularities committed with ``k`` cards in trick ``no``: a card
        played out of turn (DL-1), attention drawn to the trick (DL-1), a card led again before
        the partner has played (DL-6, WL-5.1), each with the election that followed. A revoke
        corrected with a card so led again (:attr:`deferred`) is corrected after the
        irregularities recorded before the correction (the card may be led again twice)."""
        t = self.table
        for ir in list(self.irregular):
            if ir not in self.irregular or ir.trick != no or ir.kind not in TIMED_KINDS:
                continue
            if note_items(ir.note).get("at") != str(k):
                continue
            position = t.seat_order[trick.leader].index(ir.offender)
            if ir.kind == "winning_cards" and position >= k:
                continue  # cards played together in the offender's turn (play_card)
            d, order = self.deferred, self.deal.irregularities
            if d is not None and order.index(d.record) < order.index(ir):
                if d.at == k:
                    self.asked(no, k)  # the question, and the correction it led to, came first
                elif self.led_again(d):
                    self.correct_later(k)  # the correction came first
            self.irregular.remove(ir)
            self.enact_timed(no, ir)
        if self.deferred is not None and self.led_again(self.deferred):
            self.correct_later(k)

    def led_again(self, d: Correction) -> bool:
        """Whether the card ``d`` corrects a revoke with was put to the trick again (DL-1, DL-6:
        its :attr:`~Correction.exposure` re-enacted), so that the correction may be made."""
        return d.exposure is not None and d.exposure not in self.irregular

    def enact_timed(self, no: int, ir: WhistIrregularity) -> None:
        """One of :meth:`timed`'s irregularities, and the election that followed it."""
        t = self.table
        if ir.kind == "direction":
            t.apply(DrawAttention(ir.offender))
            self.settle(ir)
            return
        t.apply(Play(ir.offender, timed_card(ir)))
        if ir.kind == "played_out_of_turn":
            direction = next(
                (x for x in self.irregular if x.kind == "direction" and x.trick == no), None
            )
            if direction is None:
                raise InvalidNotationError("no direction follows the card played out of turn")
            self.irregular.remove(direction)
            self.settle(direction)
        elif ir.kind == "card_exposed" and ir.penalty != "cancelled":
            self.elect("call_card")  # D-DU17: the election follows, then the demand
        else:
            self.settle(ir)

    def play_card(self, no: int, seat: Seat, c: Card) -> None:
        """``seat``'s card ``c`` in trick ``no``: played alone or with another (two cards), and
        perhaps first a revoking card that was corrected (WL-7.4)."""
        t = self.table
        d = self.deferred
        if d is not None and d.trick == no:  # a later player's card before a revoke's late
            back = self.card_taken_back(d, seat)  # correction: taken back then, and played again,
            t.apply(Play(seat, c if back is None else back))  # with what it was, after the
            return  # correction (correct_later)
        corrected = self.take("revoke_corrected", no, offender=seat)
        first = note_cards(corrected)[0] if corrected is not None else c
        two = self.take("two_cards", no, offender=seat, penalty=card_name(first))
        if two is None:
            two = self.together(no, seat, first)
        if two is not None:
            t.apply(PlayTogether(seat, note_cards(two, 2)))
            self.settle(two)
        else:
            t.apply(Play(seat, first))
            p = t.pending
            if p is not None and p.kind == "lead_out_of_turn":
                if self.take("lead_out_of_turn", no, offender=seat, penalty="accept") is None:
                    raise InvalidNotationError(
                        f"{SEAT_LETTERS[seat]} leads out of turn, and no accepted lead out "
                        "of turn is recorded"
                    )
                self.elect("accept")
        if corrected is not None:
            later = self.found_later(no, seat, c, corrected)
            if later is not None:
                self.deferred = later
                return
        self.correct(no, seat, c, corrected)

    def found_later(
        self, no: int, seat: Seat, c: Card, corrected: WhistIrregularity
    ) -> Correction | None:
        """The correction of ``seat``'s revoke in trick ``no`` (with ``c``) where it was not made
        at once: found after a lead out of turn to the next trick, after ``c`` was put to the
        trick again, once later players had played (the cards they took back, ``taken_back``),
        or by the question recorded with its moment (``at``)."""
        if self.led_next(no, corrected):
            return Correction(no, seat, c, corrected)
        exposure = self.exposure(no, seat, c)
        if exposure is not None:
            return Correction(no, seat, c, corrected, exposure=exposure)
        back = taken_back(corrected)
        if back:  # corrected once the later players had played (the cards they took back)
            order = self.table.seat_order[self.trick_of(no).leader]
            return Correction(no, seat, c, corrected, at=order.index(seat) + 1 + len(back))
        for ir in self.irregular:
            at = note_items(ir.note).get("at", "")
            asks = ir.kind == "ask_renounce" and ir.trick == no
            if asks and at.isdigit() and self.table.partner_of(ir.offender) == seat:
                return Correction(no, seat, c, corrected, at=int(at))
        return None

    def card_taken_back(self, d: Correction, seat: Seat) -> Card | None:
        """The card ``seat``, after the revoker, had played to the trick before the revoke was
        corrected, as the correction's note records it (``taken_back``, WL-7.4); ``None`` in a
        file without it (the card played again stands for it)."""
        back = taken_back(d.record)
        order = self.table.seat_order[self.trick_of(d.trick).leader]
        k = order.index(seat) - order.index(d.seat) - 1
        return back[k] if 0 <= k < len(back) else None

    def trick_of(self, no: int) -> WhistTrick:
        return self.deal.tricks[no - 1]

    def led_next(self, no: int, corrected: WhistIrregularity) -> bool:
        """Whether a lead out of turn to the next trick (not accepted) came before the revoke of
        trick ``no`` was ``corrected`` (the record's order): the revoke was found after that
        lead and corrected then, perhaps with the card the lead exposed, if it was the
        revoker's (WL-7.4)."""
        order = self.deal.irregularities
        return any(
            ir.kind == "lead_out_of_turn"
            and ir.trick == no + 1
            and ir.penalty != "accept"
            and order.index(ir) < order.index(corrected)
            for ir in self.irregular
        )

    def exposure(self, no: int, seat: Seat, c: Card) -> WhistIrregularity | None:
        """The irregularity by which ``seat`` played ``c``, the card he corrects his revoke in
        trick ``no`` with, to the same trick again before the revoke was found (DL-1, DL-6):
        the revoke is corrected with the card so played (WL-7.4)."""
        return next(
            (
                ir
                for ir in self.irregular
                if ir.kind in TIMED_KINDS - {"direction"}
                and ir.trick == no
                and ir.offender == seat
                and timed_card(ir) == c
            ),
            None,
        )

    def correct_later(self, upto: int) -> None:
        """The revoke :attr:`deferred` found and corrected now, before the ``upto``-th card of
        its trick; the players after the revoker who had played then play to it again, and the
        questions asked after each card played again are asked then (:meth:`asked`: a revoke
        made with it is found and corrected)."""
        d, self.deferred = self.deferred, None
        assert d is not None
        self.correct(d.trick, d.seat, d.card, d.record)
        t, h, trick = self.table, self.table.hand, self.trick_of(d.trick)
        order = t.seat_order[trick.leader]
        while h is not None and len(h.tricks) == d.trick - 1 and t.pending is None:
            k = len(h.trick)  # the next hand to play (a dummy's card is played as its own)
            if k >= upto or t.to_act() is None:
                break
            self.play_card(d.trick, order[k], trick.cards[k])
            self.asked(d.trick, k + 1)

    def correct(self, no: int, seat: Seat, c: Card, corrected: WhistIrregularity | None) -> None:
        """The partner's DL-3 questions after ``seat``'s card in trick ``no``, and a revoke so
        found (or seen by the revoker at once) corrected with ``c``."""
        t = self.table
        # a question with its moment recorded is asked then (:meth:`asked`), unless a revoke
        # it found is corrected now
        timed = corrected is not None
        while (asked := self.question(no, seat, timed)) is not None:
            t.apply(AskRenounce(asked.offender))
        if corrected is not None:
            h = t.hand
            if t.pending is None and h is not None and h.must_correct is None:
                t.apply(CorrectRevoke(seat, c))  # as if the revoker saw his error at once
            p = t.pending
            if p is not None and p.kind == "revoke_correction":  # WL-7.4: how it is corrected
                self.elect(corrected.penalty or p.default)
            if t.hand is not None and t.hand.must_correct == seat:
                t.apply(CorrectRevoke(seat, c))

    def question(self, no: int, seat: Seat, timed: bool) -> WhistIrregularity | None:
        """The next "having none?" recorded in trick ``no`` whose asker is ``seat``'s partner
        (:meth:`~vivant.table.Table.partner_of`: at Boston, one of three), WL-7.3, DL-3; one
        recorded with its moment (``at``) only if ``timed``."""
        for ir in self.irregular:
            if (
                ir.kind == "ask_renounce"
                and ir.trick == no
                and self.table.partner_of(ir.offender) == seat
                and (timed or "at" not in note_items(ir.note))
            ):
                self.irregular.remove(ir)
                return ir
        return None

    def together(self, no: int, seat: Seat, first: Card) -> WhistIrregularity | None:
        """Cards played together in ``seat``'s turn whose first card went to the trick: a DL-6
        election (winners) or a penalty cancelled under DL-4."""
        for ir in self.irregular:
            if ir.trick != no or ir.offender != seat:
                continue
            cancelled = ir.kind == "two_cards" and ir.penalty == "cancelled"
            at = note_items(ir.note).get("at")
            in_turn = at is None or (
                self.table.hand is not None and at == str(len(self.table.hand.trick))
            )
            if (cancelled and first in note_cards(ir, 2)) or (
                ir.kind == "winning_cards" and in_turn and note_cards(ir)[0] == first
            ):
                self.irregular.remove(ir)
                return ir
        return None

    def after_play(self, revoker: Seat) -> None:
        """The next election recorded for ``revoker``'s revoke after the play (AF-5.2): the
        revoke's ``Penalty`` words, one per side not at fault, in order."""
        for ir in self.deal.irregularities:
            if ir.kind not in REVOKE_KINDS or ir.offender != revoker or not ir.penalty:
                continue
            left = self.options.setdefault(id(ir), ir.penalty.split("-"))
            if left:
                self.elect(left.pop(0))
                return
        raise InvalidNotationError(
            f"no penalty is recorded for the revoke by {SEAT_LETTERS[revoker]}"
        )

    def called(self) -> None:
        """The suit called for a lead out of turn before the deal's irregularity was reported,
        where one is recorded (WL-6.1)."""
        if self.suits and self.suits[0]:
            self.call_suit()

    def call_suit(self) -> None:
        t = self.table
        seat = t.to_act()
        if seat is None or t.phase != PLAY or t.pending is not None:
            return
        calls = [a for a in t.legal_actions(seat) if isinstance(a, CallSuit)]
        if calls:
            letter = self.suits.pop(0) if self.suits else ""
            suit = SUIT_LETTERS.index(letter) if letter in tuple(SUIT_LETTERS) else calls[0].suit
            t.apply(CallSuit(seat, suit))

    def end_of_hand(self) -> None:
        t = self.table
        while t.pending is not None and t.pending.kind in AFTER_PLAY and t.hand is self.state:
            self.after_play(t.pending.offender)
        while t.phase in (CLAIMS, PENALTY) and t.pending is None:
            seat = t.to_act()
            assert seat is not None
            legal = t.legal_actions(seat)
            if t.phase == CLAIMS:
                chosen: Action = next(
                    (
                        a
                        for a in legal
                        if isinstance(a, ClaimRevoke)
                        and any(
                            ir.kind in REVOKE_KINDS
                            and ir.trick == a.trick
                            and ir.penalty not in ("", "waived")
                            for ir in self.irregular
                        )
                    ),
                    WaiveRevokes(seat),
                )
            else:
                rev = next(a for a in legal if isinstance(a, ChoosePenalty))
                ir = self.take("revoke", rev.trick) or self.take("failure_to_comply", rev.trick)
                if ir is None:
                    raise InvalidNotationError(
                        f"no penalty is recorded for the revoke in trick {rev.trick}"
                    )
                chosen = ChoosePenalty(seat, rev.trick, ir.penalty)
            t.apply(chosen)
        # (a Duplicate Whist table lays out the next play of a tray at once: a new hand)
        if t.hand is not None and t.hand is self.state and not self.last:
            raise InvalidNotationError(
                f"the hand is not over after the recorded play: {phase_text(t.phase)}"
            )


@dataclass(frozen=True)
class Lines:
    """Where each deal (and each of its tricks) is in the file, for messages (0: unknown)."""

    games: Sequence[PbnGame] = ()

    def line(self, deal: int, trick: int | None = None) -> int:
        if deal >= len(self.games):
            return 0
        game = self.games[deal]
        if trick is not None and 1 <= trick <= len(game.play) and game.play[trick - 1].line:
            return game.play[trick - 1].line
        return game.line


def enact(table: Table, deals: Sequence[WhistDeal], where: Lines) -> None:
    """Re-enact ``deals`` in order on ``table``: :class:`Mismatch` with the deal's index when the
    table never comes to a deal (another start may), else a :class:`SittingImportError` with the
    line of the deal (or its trick) that does not re-enact."""
    probes: dict[Seat, HandState] = {}
    form = form_of(type(table))
    for k, deal in enumerate(deals):
        try:
            table = form.reach(table, deal)
        except Mismatch:
            raise Mismatch(k) from None
        except VivantError as exc:
            raise SittingImportError([PbnError(where.line(k), f"deal {k + 1}: {exc}")]) from None
        try:
            pack = pack_for(table, deal, probes) if table.phase == DEAL else None
            DealReplay(table, deal, last=k == len(deals) - 1).run(pack)
        except TrickError as exc:
            line = where.line(k, exc.trick)
            raise SittingImportError([PbnError(line, f"deal {k + 1}, {exc}")]) from None
        except VivantError as exc:
            raise SittingImportError([PbnError(where.line(k), f"deal {k + 1}: {exc}")]) from None
