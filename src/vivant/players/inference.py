"""Inference from the other players' cards: how likely a sampled world makes what they played.

Principle (importance weighting, as the strong Skat programs do): a world drawn by
:func:`~vivant.players.sampling.sample_hands` agrees with every hard fact of the view — the
cards seen, the counts, the voids shown — but the cards a concealed hand chose to play say more.
A player who keeps the maxims plays **second hand low**, **covers an honour with an honour**,
plays **third hand high**, **discards from weakness** (Foster's *Complete Hoyle*, "Whist"; the
heuristic player's policy, :mod:`vivant.players.heuristic`). A world in which the king was
played second hand from K-x-x is less likely than one in which it was played from a bare king.

Each world's weight is the product, over every card a concealed hand has played this hand, of
the probability of that card under a model of play given the hand it held then in that world:
the model plays the heuristic player's card (or one equal to it: no card of another hand lies
between them) with probability ``1 - noise`` and otherwise any legal card at random, so a card
the maxims would not play is ``noise``-unlikely, not impossible (the others may not follow the
maxims, and every world keeps a weight). The hand a seat held when it played is its hand in the
world now plus the cards it has played since; the view it played from is rebuilt with the
hands exposed then. Cards played from hands the observer sees (its own, an exposed dummy) say
nothing new and are not weighed.

The weights only reweigh the sampled worlds (the averages of the Monte-Carlo player become
weighted averages); they never exclude a world the view allows.

What they are worth, where the others play as the model says (``benchmarks/strength.py``, Mort,
each player with and without the weights duelling the heuristic player on the same deals,
``docs/strength.md``): mc-fast's dd error 0.133 tricks a hand lower [0.089, 0.176] and +0.058
tricks a deal [+0.019, +0.096] over 889 deals (83a7eea); montecarlo's 0.165 lower [0.090, 0.239]
and +0.151 tricks a deal [+0.072, +0.231] over 185 deals (0ddeb1b). Against players who do not
follow the maxims (montecarlo against itself, seeds by side) they were not shown to help:
``docs/strength-ablations.md``.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from vivant.cards import SUIT_MASK, Card, CardSet, Seat, cards_of
from vivant.players.heuristic import GAME_MAXIMS, Position, choose_at
from vivant.players.sampling import knowledge
from vivant.variants import VARIANTS
from vivant.views import TrickView, View

#: The chance that a concealed hand plays other than the model's card (spread over its cards).
#: Tempered to 0.5 the weights leave more effective worlds (of 40 drawn, at 36 positions of
#: heuristic play: median 12.1 against 8.9) but play no better: montecarlo at 0.5 against 0.3
#: (seeds by side, Mort deals ``duel/2026/0..29``) dd error 0.717 against 0.700 a hand, paired
#: +0.017 [-0.093, +0.127], tricks -0.033 [-0.253, +0.187] a deal. Kept at 0.3.
#: Two tries at e5955ef, each duelling the heuristic player on the same Mort deals beside
#: mc-fast as it is (``benchmarks/strength.py``, an ablation entry made for the try, not kept),
#: neither adopted: the noise learnt from each hand's own play (its cards' chance averaged over
#: noises 0.02, 0.1, 0.3, 0.6 and 0.9, equally likely beforehand: about 5% fewer effective
#: worlds), dd error +0.000 [-0.028, +0.028] a hand, tricks +0.023 [-0.004, +0.051] a deal
#: over 383 deals; noise 0.02 with 8 batches drawn, +0.018 [-0.047, +0.083], -0.012 [-0.075,
#: +0.052] over 168. Against the very player it models, sharper weights find nothing more.
NOISE = 0.3


def _same_value(a: Card, b: Card, ours: int) -> bool:
    """Whether ``a`` and ``b`` are equal in play: the same suit, and every card between them in
    ``ours`` (the hand's own cards and the cards already played)."""
    if a // 13 != b // 13:
        return False
    lo, hi = min(a, b), max(a, b)
    between = ((1 << hi) - 1) & ~((1 << (lo + 1)) - 1)
    return between & ~ours == 0


def _legal(hand: int, trick: Sequence[Card], trump: int | None) -> int:
    """The cards ``hand`` may play to ``trick``, as a mask: the suit led if it holds any (or a
    trump where a trump may always be played, ``trump`` not ``None``), else any card."""
    if not trick:
        return hand
    led = trick[0] // 13
    suit = hand & SUIT_MASK << (13 * led)
    if not suit:
        return hand
    if trump is not None:
        suit |= hand & SUIT_MASK << (13 * trump)
    return suit


def _all_equal_to(c: Card, legal: int, ours: int) -> bool:
    """Whether every card of ``legal`` is equal in play to ``c`` (:func:`_same_value`), which is
    one of them: they lie in one suit and every card from the lowest to the highest is in
    ``ours``. Then the model's card, whichever it is, is worth the card played."""
    if not legal >> c & 1:
        return False
    lo, hi = (legal & -legal).bit_length() - 1, legal.bit_length() - 1
    span = ((1 << (hi + 1)) - 1) & ~((1 << lo) - 1)
    return lo // 13 == hi // 13 and span & ~ours == 0


class PlayModel:
    """The heuristic player's policy as a model of the others' play, with a cache of its choices
    (a hand's choice depends only on the cards it held and the tricks before it)."""

    def __init__(self, noise: float = NOISE) -> None:
        self.noise = noise
        self._cache: dict[tuple[int, int, int], Card] = {}
        #: The positions the others played from, without their hands, for the decision being
        #: weighed (by trick, card and seat; the exposed hands then are the same in every world).
        self._positions: dict[tuple[int, int, Seat], Position] = {}
        self._history: tuple[Card, ...] = ()
        self._shown: tuple[object, ...] = ()

    @staticmethod
    def applies(view: View) -> bool:
        """Whether the model knows how the game is played (the whist maxims: not All Fours)."""
        return view.variant not in GAME_MAXIMS

    def _reset_for(self, view: View) -> None:
        """Forget the choices made for another hand's play, or from a table that showed other
        cards (a dummy laid down since, a penalty card): the positions the choices were made
        from are rebuilt from the view, so they hold while the play goes on from them."""
        played = tuple(c for t in view.tricks for c in t.cards)
        if view.trick is not None:
            played += view.trick.cards
        shown = (tuple(sorted(view.exposed)), tuple(sorted(view.penalty_cards.items())))
        if played[: len(self._history)] != self._history or shown != self._shown:
            self._cache.clear()
        self._history = played
        self._shown = shown

    def log_weights(self, view: View, worlds: Sequence[Sequence[int]]) -> list[float]:
        """The log of each world's weight (see the module doc)."""
        if not self.applies(view):
            return [0.0] * len(worlds)
        self._reset_for(view)
        self._positions = {}
        hidden = set(knowledge(view).hidden)
        if view.seat is not None:
            hidden.discard(view.seat)
        tricks = list(view.tricks)
        if view.trick is not None and view.trick.cards:
            tricks.append(view.trick)
        cls = VARIANTS.get(view.variant)
        may_trump = view.trump if cls is not None and cls.follow_or_trump else None
        return [self._log_weight(view, tricks, hidden, list(w), may_trump) for w in worlds]

    def _log_weight(
        self,
        view: View,
        tricks: list[TrickView],
        hidden: set[Seat],
        hands: list[int],
        may_trump: int | None,
    ) -> float:
        """Walk the play backwards, giving each hand back the cards it played, and weigh every
        card a concealed hand played against the model's choice from the hand it held then."""
        total = 0.0
        played_before = 0
        for t in tricks:
            for c in t.cards:
                played_before |= 1 << c
        for ti in range(len(tricks) - 1, -1, -1):
            t = tricks[ti]
            for i in range(len(t.cards) - 1, -1, -1):
                s, c = t.seats[i], t.cards[i]
                played_before &= ~(1 << c)
                hands[s] |= 1 << c
                if s not in hidden:
                    continue
                legal = _legal(hands[s], t.cards[:i], may_trump)
                n = legal.bit_count()
                if n < 2:
                    continue
                ours = hands[s] | played_before
                p = self.noise / n
                if _all_equal_to(c, legal, ours) or _same_value(
                    self._choice(view, tricks, ti, i, hands, s, legal), c, ours
                ):
                    p += 1.0 - self.noise
                total += math.log(p)
        return total

    def _choice(
        self,
        view: View,
        tricks: list[TrickView],
        ti: int,
        i: int,
        hands: list[int],
        s: Seat,
        legal: int,
    ) -> Card:
        """The model's card for seat ``s`` at card ``i`` of trick ``ti``, holding ``hands[s]``:
        the heuristic's choice in the position the seat played from, rebuilt once for every
        world of a decision (:meth:`Position.around
        <vivant.players.heuristic.Position.around>`) and given each world's hand. A follower's
        choice reads nothing of his hand but his cards of the suit led (the maxims of following
        weigh them against the cards that may lie against him in that suit), so it is kept by
        those cards alone, for every world in which he held them; any other by the whole hand."""
        led = SUIT_MASK << (13 * (tricks[ti].cards[0] // 13))
        key = (ti, i, legal if i and not legal & ~led else hands[s])
        got = self._cache.get(key)
        if got is not None:
            return got
        at = self._positions.get((ti, i, s))
        if at is None:
            t = tricks[ti]
            then = view._replace(
                seat=s,
                hand=CardSet(),
                controls=(s,),
                exposed={e: CardSet(hands[e]) for e in view.exposed if e != s},
                trick=TrickView(t.leader, t.cards[:i], None, t.seats[:i]) if i else None,
                tricks=tuple(tricks[:ti]),
                to_play=s,
                to_act=s,
            )
            at = self._positions[(ti, i, s)] = Position.around(then, s)
        got = choose_at(at.holding(hands[s]), cards_of(legal))
        self._cache[key] = got
        return got


def weights(log_weights: Sequence[float]) -> list[float]:
    """The weights from their logs, scaled so that the largest is 1."""
    top = max(log_weights, default=0.0)
    return [math.exp(x - top) for x in log_weights]


__all__ = ["NOISE", "PlayModel", "weights"]
