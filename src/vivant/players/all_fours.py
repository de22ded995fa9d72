"""The rule-based player's maxims for All Fours, where tricks count only for the points in them.

Card play (the issue's "save the Ten, take the Jack, trump to protect Game"; AF-4.1..4.4):

* a trick holding counting cards (a Ten above all, or the Jack of trumps) is **taken** whenever
  the hand can win it — as cheaply as it can, by trumping if need be (follow suit *or trump*,
  AF-3.2); a partner's winning trick is left to him and **fattened** with the best counting card
  that is not a trump honour;
* a trick the hand cannot win gets its **least valuable** card: never the Ten, nor the Jack or a
  high trump, while a card of no count can be played;
* the Jack and the Ten of trumps are played when they win the trick and cannot be overtaken;
* leads: the master trump when the Jack of trumps is still out in another hand (to catch it),
  otherwise a low card of no count from a suit without the Ten.

Decisions before play: the eldest stands with two trumps or a trump honour (A K J) and begs
otherwise; the dealer gives on the same terms (else runs); two players bunch a new trump they
hold none of; discards keep trumps and counting cards, losing the lowest plain cards first. Other
choices are the laws' customary ones (D-G2).
"""

from __future__ import annotations

from collections.abc import Sequence

from vivant.actions import Action, Discard, Elect, Play
from vivant.cards import ACE, JACK, KING, Card, Seat, cards_of, partner_of, suit_mask, suit_of
from vivant.scoring.all_fours import CARD_POINTS
from vivant.trick import playable_mask, trick_winner
from vivant.views import View

#: Trumps that make a hand worth standing on (with fewer, a trump honour).
STAND_TRUMPS = 2


def _value(c: Card, trump: int | None) -> tuple[int, int, int]:
    """How much a card is worth keeping: a trump honour most, then count, then rank."""
    is_trump = trump is not None and suit_of(c) == trump
    honour = is_trump and c % 13 in (ACE, KING, JACK)
    return (honour, CARD_POINTS.get(c % 13, 0) + 5 * is_trump, c % 13)


def _played(view: View) -> int:
    mask = 0
    for t in (*view.tricks, *([view.trick] if view.trick else [])):
        for c in t.cards:
            mask |= 1 << c
    return mask


def _strong(view: View) -> bool:
    """Two trumps, or one trump honour, in the hand (the turned suit)."""
    if view.trump is None:
        return False
    trumps = [c for c in view.hand if suit_of(c) == view.trump]
    return len(trumps) >= STAND_TRUMPS or any(c % 13 in (ACE, KING, JACK) for c in trumps)


def choose(view: View, legal: Sequence[Action], default: Action | None) -> Action:
    """The maxims' choice among ``legal`` (a non-empty list) from ``view``."""
    first = legal[0]
    if isinstance(first, Play):
        plays = [a for a in legal if isinstance(a, Play)]
        c = choose_card(view, first.seat, [a.card for a in plays])
        return next(a for a in plays if a.card == c)
    if isinstance(first, Discard):
        discards = [a for a in legal if isinstance(a, Discard)]
        return min(discards, key=lambda a: _value(a.card, view.trump))
    if isinstance(first, Elect) and view.pending is not None:
        options = {a.option: a for a in legal if isinstance(a, Elect)}
        kind = view.pending.get("kind")
        pick = {
            "beg": "stand" if _strong(view) else "beg",
            "give": "give" if _strong(view) else "run",
            "bunch": "play" if _strong(view) or view.trump is None else "bunch",
            "agree_bunch": "refuse" if _strong(view) else "agree",
        }.get(str(kind))
        if pick in options:
            return options[pick]
    if default is not None and default in legal:
        return default
    return first


def choose_card(view: View, me: Seat, legal: Sequence[Card]) -> Card:
    """The card to play (see the module doc)."""
    trump = view.trump
    trick = view.trick
    if trick is None or not trick.cards:
        return _lead(view, legal)
    cards = list(trick.cards)
    best = trick_winner(cards, trump)
    partners = len(view.names) == 4
    partner_wins = partners and trick.seats[best] == partner_of(me)
    players = max(len(view.names), 2)
    last = len(cards) == players - 1
    count = sum(CARD_POINTS.get(c % 13, 0) for c in cards)
    jack_in = trump is not None and any(suit_of(c) == trump and c % 13 == JACK for c in cards)
    winners = [c for c in legal if trick_winner([*cards, c], trump) == len(cards)]
    if partner_wins and (last or _is_master(view, cards[best])):
        return max(legal, key=lambda c: (not _honour(c, trump), CARD_POINTS.get(c % 13, 0)))
    if winners and not partner_wins and (count or jack_in or last):
        # Take the points: the cheapest card that wins (the Ten or Jack only when it must).
        return min(winners, key=lambda c: (_value(c, trump)[0], suit_of(c) == trump, c % 13))
    for c in winners:  # the Jack or Ten of trumps, when it wins for sure
        if _honour_to_bring_home(c, trump) and (last or _is_master(view, c)):
            return c
    return min(legal, key=lambda c: _value(c, trump))


def _honour(c: Card, trump: int | None) -> bool:
    return trump is not None and suit_of(c) == trump and c % 13 in (ACE, KING, JACK)


def _honour_to_bring_home(c: Card, trump: int | None) -> bool:
    return trump is not None and suit_of(c) == trump and CARD_POINTS.get(c % 13, 0) in (1, 10)


def _is_master(view: View, c: Card) -> bool:
    """No card of its suit above it is still out (unplayed and not in this hand)."""
    suit = suit_of(c)
    above = suit_mask(suit) & ~((1 << (c + 1)) - 1)
    out = above & ~_played(view) & ~view.hand.mask
    return out == 0 and (view.trump is None or suit == view.trump)


def _lead(view: View, legal: Sequence[Card]) -> Card:
    trump = view.trump
    if trump is not None:
        jack = 13 * trump + JACK
        jack_out = not (_played(view) | view.hand.mask) >> jack & 1
        masters = [c for c in legal if suit_of(c) == trump and c > jack and _is_master(view, c)]
        if jack_out and masters:
            return max(masters)
    plain = [c for c in legal if suit_of(c) != trump]
    safe = [c for c in plain if not any(suit_of(x) == suit_of(c) and x % 13 == 8 for x in legal)]
    pool = safe or plain or list(legal)
    return min(pool, key=lambda c: (CARD_POINTS.get(c % 13, 0) > 0, c % 13))


# --- exact search of the remaining play for the point objective (the Monte-Carlo player) -------

#: The most cards left in the hands for which the remaining play is searched exactly (all of a
#: two-player hand; the last four tricks of three, the last three of four).
SEARCH_CARDS = 12
#: The bounds of a position not yet searched: beyond any hand's points (four a side at most).
_OPEN = (-5, 5)

_Trick = tuple[tuple[Card, Seat], ...]
_State = tuple[object, ...]
_Window = tuple[int, int]


class _Search:
    """Minimax over the rest of one hand with every hand known (a sampled deal): the value of a
    position is the points of ``me``'s party less the other parties' among High, Low, Jack and
    Game (AF-4.1..4.7), counted over the whole hand.

    Alpha-beta: a position is searched within a window and stops at the first card that settles
    it; the memo keeps for each position the bounds found (:data:`_OPEN` where none is), so a
    position met again with a narrower window is not searched again. Within the full window the
    value is exact, as :func:`card_values` asks of each card (the same values as plain minimax,
    about a third of its positions)."""

    def __init__(self, view: View, hands: list[int]) -> None:
        assert view.seat is not None and view.trump is not None and view.dealer is not None
        self.trump = view.trump
        self.seats = sorted(view.names)
        self.four = len(self.seats) == 4
        self.me = self.party(view.seat)
        eldest = self.next(view.dealer)
        order = [eldest]
        while len(order) < len(self.seats):
            order.append(self.next(order[-1]))
        self.rotation = list(dict.fromkeys(self.party(s) for s in order))
        self.hands = hands
        self.memo: dict[tuple[object, ...], tuple[int, int]] = {}
        self.nodes = 0

    def party(self, seat: Seat) -> int:
        return seat % 2 if self.four else seat

    def next(self, seat: Seat) -> Seat:
        later = [s for s in self.seats if s > seat]
        return later[0] if later else self.seats[0]

    def start(self, view: View) -> tuple[object, ...]:
        """The points already fixed by the cards played: (high, low, jack, counts)."""
        high = low = None
        jack = None
        counts = dict.fromkeys(self.rotation, 0)
        for t in view.tricks:
            assert t.winner is not None
            w = self.party(t.winner)
            counts[w] += sum(CARD_POINTS.get(c % 13, 0) for c in t.cards)
            for c, s in zip(t.cards, t.seats, strict=True):
                high, low, jack = self._trump(c, s, w, high, low, jack)
        return (high, low, jack, tuple(counts[p] for p in self.rotation))

    def _trump(
        self,
        c: Card,
        seat: Seat,
        winner: int,
        high: tuple[Card, int] | None,
        low: tuple[Card, int] | None,
        jack: int | None,
    ) -> tuple[tuple[Card, int] | None, tuple[Card, int] | None, int | None]:
        if suit_of(c) != self.trump:
            return high, low, jack
        p = self.party(seat)
        if high is None or c > high[0]:
            high = (c, p)
        if low is None or c < low[0]:
            low = (c, p)
        if c % 13 == JACK:
            jack = winner
        return high, low, jack

    def score(self, state: tuple[object, ...]) -> int:
        high, low, jack, counts = state
        assert isinstance(counts, tuple)
        best = max(counts)
        game = self.rotation[counts.index(best)]
        made = [game, jack, *(x[1] for x in (high, low) if isinstance(x, tuple))]
        return sum((1 if p == self.me else -1) for p in made if p is not None)

    def value(self, leader: Seat, trick: _Trick, state: _State, window: _Window = _OPEN) -> int:
        """The position's value if it lies strictly within ``window`` (alpha, beta); otherwise
        a bound on the far side of the window (at most alpha, or at least beta)."""
        alpha, beta = window
        hands = self.hands
        seat = self.next(trick[-1][1]) if trick else leader
        if not trick and not hands[seat]:
            return self.score(state)
        key = (tuple(hands), leader, trick, state)
        low, high = self.memo.get(key, _OPEN)
        if low >= beta or low == high:
            return low
        if high <= alpha:
            return high
        a, b = max(alpha, low), min(beta, high)
        self.nodes += 1
        led = suit_of(trick[0][0]) if trick else None
        mine = self.party(seat) == self.me
        best = -_OPEN[1] if mine else _OPEN[1]
        for c in cards_of(playable_mask(hands[seat], led, self.trump)):
            hands[seat] &= ~(1 << c)
            v = self.after(leader, (*trick, (c, seat)), state, (a, b))
            hands[seat] |= 1 << c
            if mine and v > best:
                best, a = v, max(a, v)
            elif not mine and v < best:
                best, b = v, min(b, v)
            if a >= b:
                break
        if best <= max(alpha, low):
            high = best  # failed low: the value is at most this
        elif best >= min(beta, high):
            low = best  # failed high: at least this
        else:
            low = high = best
        self.memo[key] = (low, high)
        return best

    def after(self, leader: Seat, trick: _Trick, state: _State, window: _Window = _OPEN) -> int:
        if len(trick) < len(self.seats):
            return self.value(leader, trick, state, window)
        cards = [c for c, _ in trick]
        winner_seat = trick[trick_winner(cards, self.trump)][1]
        w = self.party(winner_seat)
        high, low, jack, counts = state
        assert isinstance(counts, tuple)
        for c, s in trick:
            high, low, jack = self._trump(c, s, w, high, low, jack)  # type: ignore[arg-type]
        i = self.rotation.index(w)
        gained = sum(CARD_POINTS.get(c % 13, 0) for c in cards)
        counts = (*counts[:i], counts[i] + gained, *counts[i + 1 :])
        return self.value(winner_seat, (), (high, low, jack, counts), window)


def estimate_words(view: View) -> str:
    """What :func:`card_values` counts, completing "about 1.50 ..." (AF-4.1..4.7)."""
    return "points of High, Low, Jack and Game for your side less the others', over the whole hand"


def reach_words(view: View, max_cards: int) -> str:
    """From when :func:`card_values` searches, completing "samples and searches ...": a hand
    never holds more than six cards, so the reach is the cards left in all the hands."""
    tricks = SEARCH_CARDS // max(len(view.names), 2)
    return (
        f"once {SEARCH_CARDS} cards or fewer are left in all the hands together (the last "
        f"{tricks} tricks)"
    )


def card_values(view: View, hands: list[int]) -> tuple[dict[Card, float], int] | None:
    """The exact value, for the point objective, of each card the seat to play may play, on a
    deal where every hand is known (``hands``, as sampled), with the search's node count; None
    beyond :data:`SEARCH_CARDS` cards or before the trump is fixed (Pitch's first lead)."""
    if view.seat is None or view.trump is None or view.dealer is None or view.to_play is None:
        return None
    if sum(h.bit_count() for h in hands) > SEARCH_CARDS:
        return None
    search = _Search(view, list(hands))
    trick = view.trick
    played = tuple(zip(trick.cards, trick.seats, strict=True)) if trick else ()
    leader = trick.leader if trick and trick.cards else view.to_play
    seat = view.to_play
    led = suit_of(played[0][0]) if played else None
    state = search.start(view)
    values: dict[Card, float] = {}
    for c in cards_of(playable_mask(hands[seat], led, view.trump)):
        search.hands[seat] &= ~(1 << c)
        values[c] = float(search.after(leader, (*played, (c, seat)), state))
        search.hands[seat] |= 1 << c
    return values, search.nodes
