"""What the games of the dummy family share beyond the trick machinery of :mod:`vivant.table`.

* :class:`CuttingTable` — a sitting that begins by cutting for the table: everyone draws from the
  spread pack, ace low, and the tied cut again only to order themselves (WL-1.2..WL-1.4, D-G4).
  Mort, English Dummy, Double Dummy, Humbug, Thirteen and the Odd and Bridge for Three all begin
  so; each says what the cutting order decides (:meth:`CuttingTable._table_formed`).
* :class:`EnglishRubberTable` — hands scored by English short whist into rubbers (ES-1..ES-8
  through :mod:`vivant.scoring.english`): English Dummy, Double Dummy, Humbug and Thirteen and the
  Odd differ only in the settings of their :class:`~vivant.scoring.english.EnglishRules`, the
  seating of each rubber and the settlement of its stakes.
* :class:`TwoHandTable` — the settings of a table where only two hands play, tricks of two cards
  between North and South (Humbug, Thirteen and the Odd).
* :func:`lead_from_the_wrong_hand` — the dummy games' law of a lead out of turn by a hand whose
  side had the lead (ED-6.4, DD-3.4).
"""

from __future__ import annotations

import random
from abc import abstractmethod
from collections.abc import Sequence
from typing import Any, ClassVar

from vivant.actions import Action, ChooseSeat, Claim, Cut, Elect
from vivant.cards import (
    EAST,
    NORTH,
    SEAT_LETTERS,
    SOUTH,
    SUIT_LETTERS,
    WEST,
    Card,
    CardSet,
    Seat,
    Suit,
    card_name,
    cutting_rank,
    is_seat,
)
from vivant.deal import rank_cuts
from vivant.decisions import decision, refused
from vivant.errors import InvalidActionError, WrongSeatError
from vivant.events import CutData, ElectedData, EventKind, HandScoredData, TableFormedData
from vivant.laws import Election, Revoke
from vivant.scoring.english import (
    ENGLISH_WHIST,
    EnglishRubber,
    EnglishRules,
    HandResult,
    HandScore,
    PenalizedRevoke,
    RevokePenalty,
    RubberResult,
    side_honours,
    two_player_settlement,
)
from vivant.table import (
    CHOOSE,
    CUT,
    DEAL,
    OVER,
    PLAY,
    Event,
    Handlers,
    HandState,
    Table,
)
from vivant.views import ViewExtra


class CuttingTable(Table):
    """A sitting whose players first cut for the table (WL-1.3, WL-1.4 with D-G4).

    ``min_players``/``max_players`` bound the sitting; ``players_rule`` says so in errors.
    ``order`` is the cutting order, lowest first; ``seating`` maps the variant's role letters to
    player indices for the game in progress; ``totals`` accumulates each player's settlement.
    """

    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    players_rule: ClassVar[str] = ""

    def __init__(self, players: Sequence[str], *, laws: bool = False) -> None:
        names = tuple(players)
        if not self.min_players <= len(names) <= self.max_players:
            n = len(names)
            raise InvalidActionError(f"{self.players_rule}; got {n} player{'' if n == 1 else 's'}")
        if len(set(names)) != len(names):
            raise InvalidActionError(f"player names must differ: {list(names)}")
        super().__init__(names, laws=laws)
        self.phase = CUT
        self.cut_groups: list[list[int]] = [list(range(len(names)))]
        self.draws: dict[int, Card] = {}
        self.order: list[int] = []
        self.seating: dict[str, int] = {}
        self.totals: dict[str, int] = {n: 0 for n in names}
        self.games: list[dict[str, Any]] = []

    def record(self) -> dict[str, Any]:
        """The record of the sitting in DESIGN §4's shape: players in cutting order, each game
        as the game keeps it, and each player's settlement."""
        return {
            "game": self.variant,
            "laws": self.laws,
            "players": self.players_in_cutting_order(),
            "games": self.games,
            "settlement": dict(self.totals),
        }

    def _cut_group(self) -> list[int] | None:
        return next((g for g in self.cut_groups if len(g) > 1), None)

    def chance_action(self, rng: random.Random) -> Action:
        if self.phase == CUT:
            group = self._cut_group()
            assert group is not None
            player = next(p for p in group if p not in self.draws)
            spread = [c for c in range(52) if c not in self.draws.values()]
            return Cut(player=player, card=rng.choice(spread))
        return super().chance_action(rng)

    def _cut(self, action: Cut) -> list[Event]:
        group = self._cut_group()
        if self.phase != CUT or group is None:
            raise InvalidActionError("the table has already been formed; no cut is due")
        if action.player not in group:
            raise WrongSeatError(
                f"player {action.player} does not cut now; the cut is for players {group}"
            )
        if action.player in self.draws:
            raise InvalidActionError(f"{self.players[action.player]} has already cut")
        if not 0 <= action.card < 52 or action.card in self.draws.values():
            raise InvalidActionError(f"{action.card!r} is not in the spread pack")
        self.draws[action.player] = action.card
        events = [
            Event(
                EventKind.CUT,
                CutData(player=self.players[action.player], card=card_name(action.card)),
            )
        ]
        if len(self.draws) == len(group):
            # WL-1.4 (D-G4): the tied cut again, only to order themselves.
            i = self.cut_groups.index(group)
            self.cut_groups[i : i + 1] = rank_cuts(self.draws, self._cutting_rank)
            self.draws = {}
            if self._cut_group() is None:
                self.order = [g[0] for g in self.cut_groups]
                events.append(
                    Event(
                        EventKind.TABLE_FORMED,
                        TableFormedData(order=[self.players[p] for p in self.order]),
                    )
                )
                self._table_formed()
        return events

    handlers: ClassVar[Handlers] = ((Cut, "_cut"),)

    def _cutting_rank(self, c: Card) -> int:
        """The rank of a card in cutting: ace low (WL-1.2); a game may rank the ace high."""
        return cutting_rank(c)

    @abstractmethod
    def _table_formed(self) -> None:
        """The cut is complete (``order`` is set): seat the players for the first game."""

    def seat_player(self, seat: Seat) -> str | None:
        p = self.seating.get(self.role_letters[seat])
        return None if p is None else self.players[p]

    def role_of_player(self, name: str) -> str | None:
        """The role letter the named player holds in the current game (``out`` or None)."""
        if name not in self.players:
            raise InvalidActionError(f"no player named {name!r}")
        idx = self.players.index(name)
        return next((r for r, p in self.seating.items() if p == idx), None)

    def roles(self) -> dict[str, str]:
        """The players by role letter in the game in progress."""
        return {r: self.players[p] for r, p in self.seating.items()}

    def players_in_cutting_order(self) -> list[str]:
        order = self.order + [p for p in range(len(self.players)) if p not in self.order]
        return [self.players[p] for p in order]

    def _cut_view(self) -> ViewExtra:
        if self.phase == CUT:
            return {"cuts": {self.players[p]: card_name(c) for p, c in self.draws.items()}}
        return {}


def lead_from_the_wrong_hand(
    table: Table, seat: Seat, c: Card, due: Seat, rule: str
) -> Election | None:
    """ED-6.4, DD-3.4: a hand leads out of turn when the lead belonged to the other hand of its
    side (a player and his dummy): the adversaries may call a suit from the hand that should
    have led (default), have the card taken back, or let the lead stand. When the lead belonged
    to neither hand of the offender's side the card is withdrawn without penalty (``None``)."""
    side = table.seat_sides[seat]
    if table.seat_sides[due] != side:
        return None
    return Election(
        "lead_out_of_turn",
        rule,
        seat,
        table.electors(1 - side),
        ("call_suit", "take_back", "accept"),
        "call_suit",
        (c,),
    )


def parse_trump(text: object, *, no_trumps: bool) -> Suit | None:
    """A declared trump: ``"S" "H" "D" "C"`` (a suit), or ``"NT"`` (``None``) where the game
    allows no trumps (Bridge for Three B3-3; not Humbug's variation, D-H7)."""
    letters = [*SUIT_LETTERS, "NT"] if no_trumps else list(SUIT_LETTERS)
    if not isinstance(text, str) or text.upper() not in letters:
        raise InvalidActionError(f"a declaration is one of {' '.join(letters)}, not {text!r}")
    key = text.upper()
    return None if key == "NT" else SUIT_LETTERS.index(key)


class EnglishRubberTable(CuttingTable):
    """Hands scored by English short whist into rubbers (ES-1..ES-8, WL-7.6..7.10).

    Settings: ``rules`` (the :class:`~vivant.scoring.english.EnglishRules` of the game);
    ``claims`` (whether a living player may claim tricks that his adversary admits, DD-3.5).
    Hooks: :meth:`_seat_rubber` (who sits where and who deals first in rubber ``k``) and
    :meth:`_settle` (the stakes of a finished rubber). ``rubbers`` is the number of rubbers in
    the sitting (English Dummy's tournée three, the two-player games one).
    """

    rules: ClassVar[EnglishRules] = ENGLISH_WHIST
    claims: ClassVar[bool] = False

    def __init__(self, players: Sequence[str], *, laws: bool = False) -> None:
        super().__init__(players, laws=laws)
        self.rubbers = 1
        self.sheet = EnglishRubber(self.rules)
        self.rubber_records: list[dict[str, Any]] = []
        self.rubber_start = 0

    # --- rubbers --------------------------------------------------------------------------------

    def _table_formed(self) -> None:
        self._start_rubber()

    def _start_rubber(self) -> None:
        self.sheet = EnglishRubber(self.rules)
        self.hand_records = []
        self.rubber_start = len(self.games)
        self.phase = DEAL
        self._seat_rubber(len(self.rubber_records))

    @abstractmethod
    def _seat_rubber(self, k: int) -> None:
        """Seat the players for rubber ``k`` (0-based): ``seating`` and the first ``dealer``
        (and ``phase`` if a choice comes before the first deal)."""

    @abstractmethod
    def _settle(self, result: RubberResult) -> dict[str, int]:
        """What each player wins (+) or pays (−) for a finished rubber; zero-sum."""

    # --- the laws -------------------------------------------------------------------------------

    def _penalty_options(self, rev: Revoke) -> tuple[str, ...]:
        """WL-7.6: the options the game's rules offer, in the order T, D, A."""
        return tuple(p.value for p in RevokePenalty if p in self.rules.revoke_penalties)

    def _default_penalty(self, rev: Revoke) -> str:
        return self.rules.default_revoke_penalty.value

    # --- claims (DD-3.5) ------------------------------------------------------------------------

    def _claim(self, action: Claim) -> list[Event]:
        """A claim: at a casual table the card room's (D-TC4, :mod:`vivant.claims`); in laws
        mode the game's own law where it has one (DD-3.5), else none is offered."""
        if not self.laws:
            return self._claim_tricks(action)
        if not self.claims:
            raise InvalidActionError(
                f"claims are not offered in laws mode at {self.info.title}: its laws give none "
                "(D-TC4)"
            )
        h = self._require_hand()
        self._check_seat(action.seat)
        side = self.seat_sides[action.seat]
        if action.seat not in self.electors(side):
            raise WrongSeatError(f"{self._seat_label(action.seat)} cannot claim (a dummy)")
        if h.trick:
            raise InvalidActionError(
                f"a claim is made between tricks, not in the middle of one ({self._position(h)})"
            )
        remaining = 13 - len(h.tricks)
        if type(action.tricks) is not int or not 0 <= action.tricks <= remaining:
            raise InvalidActionError(
                f"a claim is of 0..{remaining} of the remaining tricks, not {action.tricks!r}"
            )
        self.pending = Election(
            "claim",
            "DD-3.5",
            action.seat,
            self.electors(1 - side),
            ("refuse", "admit"),
            "refuse",
        )
        h.notes.setdefault("claims", []).append(
            {"by": self.role(action.seat), "tricks": action.tricks, "trick": len(h.tricks) + 1}
        )
        return [Event(EventKind.CLAIM, {"seat": self.role(action.seat), "tricks": action.tricks})]

    handlers: ClassVar[Handlers] = ((Claim, "_claim"),)

    def _claim_elected(self, p: Election, action: Elect) -> list[Event]:
        """DD-3.5: the adversary admits the claim (the hand is scored as claimed) or refuses it
        (D-DD4: it is simply played out)."""
        h = self.hand
        assert h is not None
        claim = h.notes["claims"][-1]
        claim["admitted"] = action.option == "admit"
        events = [Event(EventKind.ELECTED, ElectedData(kind="claim", option=action.option))]
        if action.option == "refuse":
            return events  # D-DD4: a refused claim is simply played out
        side = self.seat_sides[p.offender]
        remaining = 13 - len(h.tricks)
        h.conceded[side] += claim["tricks"]
        h.conceded[1 - side] += remaining - claim["tricks"]
        for r in h.revokes:
            if not r.established:
                self._establish(r)
        return events + self._hand_played()

    elections = (("claim", "_claim_elected"),)

    # --- scoring --------------------------------------------------------------------------------

    def _honours(self, h: HandState) -> tuple[int, int]:
        """Honours held per side in the hands that went into play, a dummy's counting for its
        player (ES-2, ED-5.1, DD-4.1); dead hands never count (HU-4.2)."""
        hands: list[list[CardSet]] = [[], []]
        for s in range(4):
            if s not in self.dead_seats:
                hands[self.seat_sides[s]].append(CardSet(h.initial[s]))
        return side_honours(hands[0], hands[1], h.trump)

    def _finish_hand(self) -> list[Event]:
        """Score the hand (ES-4): only the revokes claimed carry their penalty and the bar on
        winning the game by this hand (WL-7.8; the bar goes with the penalty, D-W4, D-ED6,
        D-DD5, D-H8); a revoke waived costs nothing and stays in the hand's record."""
        h = self.hand
        assert h is not None
        won = h.taken
        revokes = tuple(
            PenalizedRevoke(self.seat_sides[r.seat], RevokePenalty(r.penalty))
            for r in h.revokes
            if r.claimed and r.penalty in ("T", "D", "A")
        )
        honours = self._honours(h)
        self.sheet = self.sheet.record(HandResult(won, honours, revokes))
        scored: HandScore = (self.sheet.hands or self.sheet.games[-1].hands)[-1]
        names = self.side_names
        record = self._hand_record(h)
        record.update(h.record_notes())
        record["won"] = {names[i]: scored.tricks[i] for i in (0, 1)}
        record["tricks_in_play"] = {names[i]: h.won[i] for i in (0, 1)}
        record["honours"] = {names[i]: honours[i] for i in (0, 1)}
        record["scored"] = [
            {"item": it.kind, "side": names[it.side], "points": it.applied} for it in scored.items
        ]
        record["score"] = {names[i]: scored.scores_after[i] for i in (0, 1)}
        self.hand_records.append(record)
        events = [
            Event(EventKind.HAND_SCORED, HandScoredData(won=record["won"], score=record["score"]))
        ]
        self.hand = None
        self._pass_deal(h.dealer)  # ES-8: the deal keeps rotating from game to game
        self.phase = DEAL
        if scored.winner is not None:
            events.append(self._finish_game())
        return events

    def _finish_game(self) -> Event:
        game = self.sheet.games[-1]
        names = self.side_names
        record: dict[str, Any] = {
            "rubber": len(self.rubber_records) + 1,
            "roles": self.roles(),
            "hands": self.hand_records,
            "points": {names[i]: game.scores[i] for i in (0, 1)},
            "winner": names[game.winner],
            "value": game.value,
        }
        self.games.append(record)
        self.hand_records = []
        data: dict[str, Any] = {"winner": record["winner"], "value": game.value}
        if self.sheet.finished:
            result = self.sheet.result()
            settlement = self._settle(result)
            for n, v in settlement.items():
                self.totals[n] += v
            self.rubber_records.append(
                {
                    "roles": self.roles(),
                    "games": list(range(self.rubber_start + 1, len(self.games) + 1)),
                    "winner": names[result.winner],
                    "game_points": {names[i]: result.game_points[i] for i in (0, 1)},
                    "rubber_points": result.rubber_points,
                    "value": result.value,
                    "settlement": settlement,
                }
            )
            data["settlement"] = settlement
            if len(self.rubber_records) >= self.rubbers:
                self.phase = OVER
            else:
                self._start_rubber()
        return Event(EventKind.GAME_OVER, data)

    def record(self) -> dict[str, Any]:
        """The record of the sitting in DESIGN §4's shape: ``games`` one per game (with its
        rubber number), ``rubbers`` with their values and settlements, players in cutting
        order."""
        return {
            "game": self.variant,
            "laws": self.laws,
            "players": self.players_in_cutting_order(),
            "games": self.games,
            "rubbers": self.rubber_records,
            "settlement": dict(self.totals),
        }

    # --- views ----------------------------------------------------------------------------------

    def _score_view(self) -> dict[str, int]:
        s = self.sheet.scores
        return {self.side_names[0]: s[0], self.side_names[1]: s[1]}

    def _view_extra(self, seat: Seat | None) -> ViewExtra:
        won = self.sheet.games_won
        extra: ViewExtra = {
            "rubber": min(len(self.rubber_records) + 1, self.rubbers),
            "rubbers": self.rubbers,
            "game": self.sheet.game_number,
            "games_won": {self.side_names[0]: won[0], self.side_names[1]: won[1]},
            "totals": dict(self.totals),
            **self._cut_view(),
        }
        if self.seating:
            extra["roles"] = self.roles()
        if self.hand is not None and self.phase == PLAY:
            extra["cutter"] = self.role(self.cutter(self.hand.dealer))
        return extra


#: Two hands in play, North and South; a trick is two cards.
TWO_HAND_ORDER: tuple[tuple[Seat, ...], ...] = ((NORTH, SOUTH), (), (SOUTH, NORTH), ())


class TwoHandTable(EnglishRubberTable):
    """Two players opposite each other, North and South; the hands at East and West (if dealt)
    are dead. Tricks of two cards; the deal alternates; the dealer's adversary leads (HU-3.1,
    TO-3).

    Seats are cut for "in the usual manner" (seed 003, Humbug; Thirteen and the Odd is Humbug
    without the discard): the lowest cutter deals first and chooses his seat (HU-1.2 with D-H0,
    WL-1.5, TO-1) by :class:`~vivant.actions.ChooseSeat`, North or South, his adversary sitting
    opposite; the default (D-G2) is South, the engine seat of D-H2. There is no choice of pack:
    these games are played with one pack (HU-1.1). The seats stay with the players for the
    rubber, so the hand on South's right is East and on North's right West.
    """

    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    dead_seats: ClassVar[tuple[Seat, ...]] = (EAST, WEST)
    side_names: ClassVar[tuple[str, str]] = ("N", "S")
    seat_sides: ClassVar[tuple[int, int, int, int]] = (0, 1, 1, 0)
    seat_order: ClassVar[tuple[tuple[Seat, ...], ...]] = TWO_HAND_ORDER
    trick_size: ClassVar[int] = 2
    deal_step: ClassVar[int] = 2

    def _seat_rubber(self, k: int) -> None:
        """HU-1.2 (D-H0): the lowest cutter, who deals first, is at South until he has chosen
        his seat."""
        self.seating = {"S": self.order[0], "N": self.order[1]}
        self.dealer = SOUTH
        self.phase = CHOOSE

    # --- the lowest cutter's choice of seat (HU-1.2, D-H0, TO-1) ------------------------------

    @decision(CHOOSE, ChooseSeat, "HU-1.2", "Where do you sit, South or North?")
    @refused(
        "the seats are not open to choice now: the lowest cutter chose before the "
        "first deal (HU-1.2)",
        "the lowest cutter, {player} (S), chooses the seat, not {seat}",
    )
    def _choose_seat(self, action: ChooseSeat) -> list[Event]:
        """HU-1.2 (D-H0): the lowest cutter sits North or South and deals first."""
        target = action.target
        if type(target) is not int or target not in (NORTH, SOUTH):
            where = SEAT_LETTERS[target] if is_seat(target) else repr(target)
            raise InvalidActionError(
                f"the two players sit North and South (East and West are dead hands), not {where}"
            )
        if target == NORTH:
            self.seating = {"N": self.seating["S"], "S": self.seating["N"]}
            self.dealer = NORTH  # D-H0: the lowest cutter deals first, wherever he sits
        self.phase = DEAL
        return [Event(EventKind.SEATS, {"lowest": SEAT_LETTERS[target], **self.roles()})]

    def _choose_seat_deciders(self) -> tuple[Seat, ...]:
        return (SOUTH,)

    def _choose_seat_options(self, seat: Seat) -> list[Action]:
        return [ChooseSeat(SOUTH, SOUTH), ChooseSeat(SOUTH, NORTH)]

    def _new_hand(self, pack: tuple[Card, ...], dealer: Seat) -> HandState:
        h = super()._new_hand(pack, dealer)
        h.leader = (dealer + 2) % 4  # HU-3.1, TO-3: the dealer's adversary leads
        return h

    def cutter(self, dealer: Seat) -> Seat:
        """Between two players the dealer's adversary cuts (whist laws, HU-1.5)."""
        return (dealer + 2) % 4

    def _settle(self, result: RubberResult) -> dict[str, int]:
        """HU-4.5 as DD-4.3: the two players settle with each other, nothing doubled."""
        names = (self.players[self.seating["N"]], self.players[self.seating["S"]])
        return two_player_settlement(result, names)
