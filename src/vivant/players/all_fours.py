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
from vivant.cards import ACE, JACK, KING, SUIT_MASK, Card, Seat
from vivant.scoring.all_fours import CARD_POINTS
from vivant.trick import trick_winner
from vivant.views import View

#: Trumps that make a hand worth standing on (with fewer, a trump honour).
STAND_TRUMPS = 2


def _value(c: Card, trump: int | None) -> tuple[int, int, int]:
    """How much a card is worth keeping: a trump honour most, then count, then rank."""
    is_trump = trump is not None and c // 13 == trump
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
    trumps = [c for c in view.hand if c // 13 == view.trump]
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
    partner_wins = partners and trick.seats[best] == (me + 2) % 4
    players = max(len(view.names), 2)
    last = len(cards) == players - 1
    count = sum(CARD_POINTS.get(c % 13, 0) for c in cards)
    jack_in = trump is not None and any(c // 13 == trump and c % 13 == JACK for c in cards)
    winners = [c for c in legal if trick_winner([*cards, c], trump) == len(cards)]
    if partner_wins and (last or _is_master(view, cards[best])):
        return max(legal, key=lambda c: (not _honour(c, trump), CARD_POINTS.get(c % 13, 0)))
    if winners and not partner_wins and (count or jack_in or last):
        # Take the points: the cheapest card that wins (the Ten or Jack only when it must).
        return min(winners, key=lambda c: (_value(c, trump)[0], c // 13 == trump, c % 13))
    for c in winners:  # the Jack or Ten of trumps, when it wins for sure
        if _honour_to_bring_home(c, trump) and (last or _is_master(view, c)):
            return c
    return min(legal, key=lambda c: _value(c, trump))


def _honour(c: Card, trump: int | None) -> bool:
    return trump is not None and c // 13 == trump and c % 13 in (ACE, KING, JACK)


def _honour_to_bring_home(c: Card, trump: int | None) -> bool:
    return trump is not None and c // 13 == trump and CARD_POINTS.get(c % 13, 0) in (1, 10)


def _is_master(view: View, c: Card) -> bool:
    """No card of its suit above it is still out (unplayed and not in this hand)."""
    suit = c // 13
    above = (SUIT_MASK << (13 * suit)) & ~((1 << (c + 1)) - 1)
    out = above & ~_played(view) & ~view.hand.mask
    return out == 0 and (view.trump is None or suit == view.trump)


def _lead(view: View, legal: Sequence[Card]) -> Card:
    trump = view.trump
    if trump is not None:
        jack = 13 * trump + JACK
        jack_out = not (_played(view) | view.hand.mask) >> jack & 1
        masters = [c for c in legal if c // 13 == trump and c > jack and _is_master(view, c)]
        if jack_out and masters:
            return max(masters)
    plain = [c for c in legal if c // 13 != trump]
    safe = [c for c in plain if not any(x // 13 == c // 13 and x % 13 == 8 for x in legal)]
    pool = safe or plain or list(legal)
    return min(pool, key=lambda c: (CARD_POINTS.get(c % 13, 0) > 0, c % 13))
