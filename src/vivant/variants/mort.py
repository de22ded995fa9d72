"""Mort — Whist à trois, or French Dummy: three or four players, one of them with a dead partner.

Rules (seed 000, Foster's *Complete Hoyle*, "MORT. WHIST À TROIS; OR FRENCH DUMMY"; mort.md):

* Roles **V** (Vivant), **R**, **M** (Mort, laid face up and played by Vivant), **L**, clockwise;
  compass seats V = N, R = E, M = S, L = W (M-1.4). Adversaries are R and L.
* The table cuts (ace low, ties re-cut among themselves); with three players each is Vivant once
  in cutting order, with four the highest cutter sits out the first game and each Vivant sits
  out the next: the tournée is three or four games (M-2.2, M-2.3, M-2.6 with D-M1).
* Each game's first hand is dealt by its Vivant, for himself or for Mort (M-3.1 to M-3.5); the
  deal then passes to the left. Mort's cards are exposed once dealt (D-M15).
* Tricks over book count one point; game is 5, the deciding hand played out and every point
  counting; a slam is 20 on the score sheet and no game points (M-7); no honours (M-4.2).
* The score sheet: markers + triple/double/simple + 4 consolation − the losers' points and
  extras; Vivant pays or receives double, the player sitting out nothing (M-8).
* Irregularities (M-5, M-6): misdeals at the opponents' election, a card exposed in dealing
  (by the dealer's side M-5.3; by an adversary WL-3.4, D-M17),
  revokes with three penalty options (never below one trick, Mort never liable), leads out of
  turn by V or M, two cards played at once. A side that revoked scores no slam that hand, the
  revoke claimed or waived; the penalty claimed also stops it at 4 (D-M16, D-M7).
"""

from __future__ import annotations

from typing import Any, ClassVar

from vivant.actions import Action, ChooseDeal, ChooseSeats
from vivant.cards import EAST, NORTH, SOUTH, WEST, Card, Seat, partner_of
from vivant.decisions import decision, refused
from vivant.errors import InvalidActionError
from vivant.events import EventKind, GameOverData, HandScoredData
from vivant.info import GameInfo, declare_seats, declare_sides, laws_paragraph
from vivant.laws import Election, Revoke
from vivant.scoring.mort import game_value, score_hand, settle
from vivant.table import CHOOSE, DEAL, OVER, Event, HandState, side_of
from vivant.variants.sitting import CuttingTable
from vivant.views import ViewExtra

VM, LR = 0, 1

SUMMARY = """\
Mort (Whist à trois, French Dummy) — three or four players (seed 000).
Roles V (Vivant), R, M (Mort, the dead hand), L, clockwise; Vivant plays Mort's cards.
The players cut (ace low, ties re-cut); each is Vivant once in cutting order: a tournée of three
games (three players) or four (four players, one sitting out each game).
Each game's first hand is dealt by Vivant, for himself or for Mort; then the deal passes left.
Mort's thirteen cards are laid face up once dealt. Whist play: follow suit, highest trump wins.
Each trick over six is a point; game is 5 and its last hand is played out, every point counting;
a slam is 20 on the score sheet; no honours.
Score sheet: markers + triple/double/simple + 4 − the losers' points; Vivant pays or receives
double, the player sitting out nothing.
Laws: misdeals, and cards the dealer's side exposes in dealing, at the dealer's opponents'
election; a card an opponent shows of his own, at the dealer's side's; revoke: three tricks,
three points off, or three points to the claimants (never below one trick; Mort never liable:
his revoke is corrected only if claimed before the trick is quitted, and the computer
adversaries claim it), and a side that revoked, claimed or waived, scores no slam that hand; a
revoke corrected in time: the adversaries have the card exposed or the highest or lowest of the
suit played; an adversary who calls attention to the trick before his partner has played lets
Vivant direct the partner (highest, lowest, win or lose); a partner may ask "having none?";
leads out of turn by V or M taken back or accepted; two cards at once.
"""


class MortTable(CuttingTable):
    """A sitting of Mort: the cut, the tournée of three or four games, and its score sheet."""

    variant: ClassVar[str] = "mort"
    aliases: ClassVar[tuple[str, ...]] = ("french-dummy", "whist-a-trois")
    dummy_seats: tuple[Seat, ...] = (SOUTH,)
    side_names: ClassVar[tuple[str, str]] = ("VM", "LR")
    role_letters: ClassVar[tuple[str, str, str, str]] = ("V", "R", "M", "L")
    misdeal_reasons: ClassVar[tuple[str, ...]] = ("deal", "wrong_cut")
    min_players: ClassVar[int] = 3
    max_players: ClassVar[int] = 8
    players_rule: ClassVar[str] = "Mort is played by three or four (more may cut in)"
    summary: ClassVar[str] = SUMMARY
    info: ClassVar[GameInfo] = GameInfo(
        name=variant,
        title="Mort",
        aliases=aliases,
        player_counts=(3, 4),
        default_players=3,
        cut_in=max_players,
        seats=declare_seats(
            role_letters,
            ("Vivant, with Mort", "Mort's right", "Mort", "Mort's left"),
            dummies=dummy_seats,
        ),
        sides=declare_sides(("VM", "Vivant & Mort"), ("LR", "the adversaries")),
        unit="tournée",
        laws=laws_paragraph(SUMMARY),
        summary=SUMMARY,
        dummy_name="Mort",
        score_title="Game score (markers)",
        honours=False,
        game_to=5,
        seat_choice=("V", "R", "L"),
    )

    def __init__(self, players: list[str] | tuple[str, ...], *, laws: bool = False) -> None:
        super().__init__(players, laws=laws)
        self.game = 0
        self.seats_chosen = False
        self.markers = [0, 0]
        self.extras = [0, 0]

    # --- the cut and the tournée ----------------------------------------------------------------

    @property
    def n_games(self) -> int:
        """Three games make the tournée with three players, four with four (M-2.2, M-2.3)."""
        return min(len(self.players), 4)

    def _roles_for_game(self, k: int) -> dict[str, int]:
        """Who is V, R, L (and out) in game ``k`` (0-based), by cutting order (M-2.6, D-M1, D-M2).

        Four players move one seat each game, R → V → out → L → R; with three, the adversary who
        cut lower sits R.
        """
        o = self.order
        if self.n_games == 4:
            return {"V": o[k], "R": o[(k + 1) % 4], "L": o[(k + 2) % 4], "out": o[(k + 3) % 4]}
        adversaries = [p for p in o[:3] if p != o[k]]
        return {"V": o[k], "R": adversaries[0], "L": adversaries[1]}

    def _table_formed(self) -> None:
        self._start_game()

    def _start_game(self) -> None:
        self.seating = self._roles_for_game(self.game)
        self.seats_chosen = not (self.n_games == 3 or self.game == 0)
        self.markers = [0, 0]
        self.extras = [0, 0]
        self.hand_records = []
        self.phase = CHOOSE

    # --- choices before the first deal of a game --------------------------------------------------

    @decision(CHOOSE, ChooseSeats, "M-2.2", "Which adversary sits on Vivant's right (R)?")
    @refused(
        "the seats for this game are not open to choice now",
        "the adversaries choose their seats, not {role}",
    )
    def _choose_seats(self, action: ChooseSeats) -> list[Event]:
        """M-2.2: the adversaries choose which of them sits on Vivant's right (R)."""
        pair = (self.seating["R"], self.seating["L"])
        if action.right not in pair:
            raise InvalidActionError(
                f"player {action.right} is not an adversary in this game; one of {list(pair)}"
            )
        other = pair[1] if action.right == pair[0] else pair[0]
        self.seating["R"], self.seating["L"] = action.right, other
        self.seats_chosen = True
        return [Event(EventKind.SEATS, {"R": self.players[action.right], "L": self.players[other]})]

    def _choose_seats_deciders(self) -> tuple[Seat, ...]:
        return () if self.seats_chosen else (EAST, WEST)

    def _choose_seats_options(self, seat: Seat) -> list[Action]:
        return [ChooseSeats(seat, p) for p in sorted((self.seating["R"], self.seating["L"]))]

    def _choose_seats_default(self, seat: Seat) -> Action:
        """D-M2 / D-M1: the adversary who cut lower sits R."""
        lower = min((self.seating["R"], self.seating["L"]), key=self.order.index)
        return ChooseSeats(seat, lower)

    @decision(CHOOSE, ChooseDeal, "M-3.1", "Deal for yourself or for Mort?")
    @refused("Vivant's choice of deal is not due now", "Vivant chooses the deal, not {role}")
    def _choose_deal(self, action: ChooseDeal) -> list[Event]:
        """M-3.1 to M-3.5: Vivant deals the game's first hand for himself or for Mort."""
        self.dealer = SOUTH if action.for_mort else NORTH
        self.phase = DEAL
        return [Event(EventKind.DEAL_FOR, {"mort": action.for_mort})]

    def _choose_deal_deciders(self) -> tuple[Seat, ...]:
        return (NORTH,) if self.seats_chosen else ()

    def _choose_deal_options(self, seat: Seat) -> list[Action]:
        return [ChooseDeal(NORTH, False), ChooseDeal(NORTH, True)]

    # --- dealing --------------------------------------------------------------------------------

    def still_pack_shuffler(self, dealer: Seat) -> Seat:
        """Who gathers and shuffles the still pack (M-3.6, D-M5): when V deals (for himself or
        Mort) the adversary who is not cutting; when an adversary deals, his partner."""
        if dealer in (NORTH, SOUTH):
            return WEST if self.cutter(dealer) == EAST else EAST
        return partner_of(dealer)

    # --- the laws Mort changes ------------------------------------------------------------------

    def _misdeal_election(self, h: HandState, reason: str) -> Election:
        """M-5.1: the opponents may make the dealer deal again (default, D-M10) or take the deal
        from him; M-5.2: V dealing as if the other adversary had cut is a misdeal."""
        return Election(
            "misdeal",
            "M-5.2" if reason == "wrong_cut" else "M-5.1",
            h.dealer,
            self.electors(1 - side_of(h.dealer)),
            ("redeal", "pass"),
            "redeal",
        )

    def _exposed_in_deal_election(self, h: HandState, c: Card, by: Seat) -> Election:
        """M-5.3: a card exposed in dealing by the dealer's side (even one going to Mort): the
        deal stands, a new deal by the same dealer (default, D-M11), or a misdeal. D-M17: a card
        an adversary of the dealer exposes is the whist case (WL-3.4): the dealer's side may
        claim a new deal."""
        if side_of(by) != side_of(h.dealer):
            return super()._exposed_in_deal_election(h, c, by)
        return Election(
            "exposed_in_deal",
            "M-5.3",
            by,
            self.electors(1 - side_of(h.dealer)),
            ("stand", "redeal", "misdeal"),
            "redeal",
            (c,),
        )

    def _lead_out_of_turn_election(
        self, h: HandState, seat: Seat, c: Card, due: Seat
    ) -> Election | None:
        """M-6.7: V or M leading when the other should — the adversaries let it stand or have
        it taken back; when an adversary should lead, the card is withdrawn (D-M9). M-6.8: an
        adversary's lead out of turn is punished as at whist, Vivant electing (WL-6.1)."""
        if seat in (NORTH, SOUTH):
            if due in (NORTH, SOUTH):
                return Election(
                    "lead_out_of_turn",
                    "M-6.7",
                    seat,
                    (EAST, WEST),
                    ("accept", "take_back"),
                    "take_back",
                    (c,),
                )
            return None
        return Election(
            "lead_out_of_turn",
            "M-6.8",
            seat,
            (NORTH,),
            ("accept", "call_card", "call_suit"),
            "call_card",
            (c,),
        )

    def _two_cards_election(
        self, seat: Seat, cards: tuple[Card, ...], options: tuple[str, ...]
    ) -> Election:
        """M-6.6: if V or Mort plays two cards at once the adversaries choose which is played;
        the other goes back unpenalised. The adversaries' cards in error: whist penalties, V
        electing (the other card stays exposed, liable to be called)."""
        return Election(
            "two_cards",
            "M-6.6",
            seat,
            self.electors(1 - side_of(seat)),
            options,
            options[0],
            cards,
        )

    def _unpenalised_two_cards(self) -> tuple[Seat, ...]:
        return (NORTH, SOUTH)

    def _penalty_options(self, rev: Revoke) -> tuple[str, ...]:
        """M-6.2/M-6.3: take three tricks, deduct three, or add three; taking tricks is open only
        while the revoking side has more than one trick left to give."""
        h = self.hand
        assert h is not None
        side = side_of(rev.seat)
        tricks = h.won[side] - 3 * sum(
            1 for r in h.revokes if r.penalty == "T" and side_of(r.seat) == side
        )
        return ("T", "D", "A") if tricks > 1 else ("D", "A")

    def _default_penalty(self, rev: Revoke) -> str:
        """Bots' default: three tricks when the revoking side has four or more to give, else
        three points on the sheet (A), which no score can make worthless."""
        h = self.hand
        assert h is not None
        options = self._penalty_options(rev)
        return "T" if "T" in options and h.won[side_of(rev.seat)] >= 4 else "A"

    # --- scoring --------------------------------------------------------------------------------

    def _finish_hand(self) -> list[Event]:
        """Score the hand (M-7): the penalties claimed stop a side at 4 (D-M7); any established
        revoke of V, R or L, claimed or waived, bars that side's slam (seed 000, D-M16)."""
        h = self.hand
        assert h is not None
        penalties = [
            (side_of(r.seat), r.penalty)
            for r in h.revokes
            if r.claimed and r.penalty in ("T", "D", "A")
        ]
        result = score_hand(self.markers, h.taken, penalties, sorted(self._revoking_sides(h)))
        self.markers = list(result.markers)
        self.extras = [self.extras[0] + result.credits[0], self.extras[1] + result.credits[1]]
        record = self._hand_record(h)
        record["won"] = {"VM": result.won[0], "LR": result.won[1]}
        record["tricks_in_play"] = {"VM": h.won[0], "LR": h.won[1]}
        if result.slam is not None:
            record["slam"] = self.side_names[result.slam]
        record["markers"] = {"VM": result.markers[0], "LR": result.markers[1]}
        self.hand_records.append(record)
        events = [
            Event(
                EventKind.HAND_SCORED, HandScoredData(won=record["won"], markers=record["markers"])
            )
        ]
        self.hand = None
        if result.game_over:
            events.append(self._finish_game())
        else:
            self.dealer = (h.dealer + 1) % 4
            self.phase = DEAL
        return events

    def _finish_game(self) -> Event:
        value = game_value(self.markers, self.extras)
        names = {r: self.players[p] for r, p in self.seating.items()}
        settlement = {n: 0 for n in self.players}
        settlement.update(settle(value, names["V"], names["R"], names["L"]))
        for n, v in settlement.items():
            self.totals[n] += v
        record = {
            "roles": names,
            "hands": self.hand_records,
            "points": {"VM": self.markers[0], "LR": self.markers[1]},
            "extras": {"VM": self.extras[0], "LR": self.extras[1]},
            "winner": self.side_names[value.winner],
            "bonus": value.bonus,
            "value": value.value,
            "settlement": settlement,
        }
        self.games.append(record)
        self.game += 1
        if self.game >= self.n_games:
            self.phase = OVER
        else:
            self._start_game()
        return Event(
            EventKind.GAME_OVER,
            GameOverData(
                winner=self.side_names[value.winner], value=value.value, settlement=settlement
            ),
        )

    # --- views ----------------------------------------------------------------------------------

    def _score_view(self) -> dict[str, int]:
        return {"VM": self.markers[0], "LR": self.markers[1]}

    def _sheet(self) -> list[dict[str, Any]]:
        """The score sheet of the finished games (M-8), rebuilt only when a game ends."""
        cached: list[dict[str, Any]] | None = self.__dict__.get("_sheet_cache")
        if cached is None or len(cached) != len(self.games):
            cached = [
                {k: g[k] for k in ("roles", "points", "extras", "winner", "value", "settlement")}
                for g in self.games
            ]
            self.__dict__["_sheet_cache"] = cached
        return cached

    def _view_extra(self, seat: Seat | None) -> ViewExtra:
        extra: ViewExtra = {
            "game": self.game + 1,
            "games": self.n_games,
            "extras": {"VM": self.extras[0], "LR": self.extras[1]},
            "totals": dict(self.totals),
            "sheet": self._sheet(),
        }
        if self.seating:
            extra["roles"] = {r: self.players[p] for r, p in self.seating.items()}
        if self.hand is not None:
            extra["cutter"] = self.role(self.cutter(self.hand.dealer))
            extra["still_pack"] = self.role(self.still_pack_shuffler(self.hand.dealer))
        extra.update(self._cut_view())
        return extra
