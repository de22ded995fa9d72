"""The rule-based player's maxims for Boston, where one plays alone against three, and misères
are played to lose every trick (docs/rules/boston.md §4–5).

Bidding from a hand evaluation:

* **tricks** a suit would make as trumps: each trump honour (ace 1, king 0.8, queen 0.5), every
  trump beyond the third, and in the other suits the ace (1) and a guarded king (0.5);
* **risk** of a misère: in each suit the high cards (ten to ace) not covered by as many low ones
  (two to five); a little misère with no risk (its discard takes the worst card off), a grand
  misère with no risk and nothing above a queen, a little spread with nothing above a nine;
* the player calls the cheapest bid that outranks the current one and that his evaluation holds
  (a trick bid whose number his best suit class reaches, or the misère his risk allows), a
  player who has passed only a misère (D-BO2), and otherwise passes; a plain bidder names the
  plain suit worth most.

Card play: the single player of a trick bid draws trumps with the master trump, cashes masters,
wins each trick as cheaply as he can and otherwise throws his lowest card; his adversaries win a
trick from him as cheaply as they can and otherwise play low. A misère player (and everyone in
misère partout) plays to lose: the highest card that does not take the trick, his most dangerous
card when he cannot follow, low leads; the adversaries of a misère play their lowest cards so as
to leave him on top. The discard of the little bids is the highest card. Other choices are the
laws' customary ones (D-G2).
"""

from __future__ import annotations

from collections.abc import Sequence

from vivant.actions import Action, Discard, Elect, Play
from vivant.cards import ACE, KING, QUEEN, SUIT_LETTERS, SUIT_MASK, Card, Seat
from vivant.scoring.boston import BIDS_BY_NAME, CLASSES, TRICK_WORDS, Bid, trick_bid_value
from vivant.solver import InvalidPositionError, Position, Solver
from vivant.trick import trick_winner
from vivant.views import View

TEN, FIVE, NINE = 8, 3, 7
#: Value of a trump honour and of a side ace or guarded king, in tricks.
TRUMP_HONOURS = {ACE: 1.0, KING: 0.8, QUEEN: 0.5}
#: Trumps beyond this many make a trick each.
LONG_TRUMPS = 3


def suit_cards(hand: Sequence[Card], suit: int) -> list[Card]:
    return sorted(c for c in hand if c // 13 == suit)


def trick_estimate(hand: Sequence[Card], trump: int) -> float:
    """The tricks ``hand`` should make with ``trump`` as trumps (see the module doc)."""
    total = 0.0
    for suit in range(4):
        cards = suit_cards(hand, suit)
        ranks = {c % 13 for c in cards}
        if suit == trump:
            total += sum(v for r, v in TRUMP_HONOURS.items() if r in ranks)
            total += max(0, len(cards) - LONG_TRUMPS)
        else:
            total += (ACE in ranks) + 0.5 * (KING in ranks and len(cards) >= 2)
    return total


def misere_risk(hand: Sequence[Card]) -> int:
    """High cards not covered by low ones, over the suits (see the module doc)."""
    risk = 0
    for suit in range(4):
        ranks = [c % 13 for c in suit_cards(hand, suit)]
        high = sum(r >= TEN for r in ranks)
        low = sum(r <= FIVE for r in ranks)
        risk += max(0, high - low)
    return risk


def class_suits(view: View) -> dict[str, int]:
    """The trump each suit class gives (BO-3.2, D-BO3): the plain class its better suit."""
    pref = view.extra.get("preference")
    first = SUIT_LETTERS.index(pref["first"] if pref else "S")
    second = SUIT_LETTERS.index(pref["second"] if pref else "C")
    plain = [s for s in range(4) if s not in (first, second)]
    hand = list(view.hand)
    best_plain = max(plain, key=lambda s: (trick_estimate(hand, s), -s))
    return {"pref": first, "colour": second, "plain": best_plain}


def wanted_bids(view: View) -> list[Bid]:
    """Every bid the hand's evaluation holds, cheapest first."""
    hand = list(view.hand)
    out: list[Bid] = []
    for klass, suit in class_suits(view).items():
        reach = int(trick_estimate(hand, suit))
        out += [Bid(tricks=n, klass=klass) for n in range(5, min(reach, 13) + 1)]
    risk = misere_risk(hand)
    top = max((c % 13 for c in hand), default=0)
    if risk == 0:
        out.append(Bid(misere="little-misere"))
        if top < KING:
            out.append(Bid(misere="grand-misere"))
        if top <= NINE:
            out.append(Bid(misere="little-spread"))
    return sorted(out, key=Bid.rank)


def current_bid(view: View) -> Bid | None:
    bids = [BIDS_BY_NAME[c["call"]] for c in view.extra.get("calls", ()) if c["call"] != "pass"]
    return bids[-1] if bids else None


def _call(view: View, legal: Sequence[Elect]) -> Elect:
    options = {a.option: a for a in legal}
    current = current_bid(view)
    wanted = [b for b in wanted_bids(view) if b.outranks(current)]
    number = view.extra.get("number")
    if number is not None:  # a number called: the best suit class the hand holds at it
        klasses = {b.klass for b in wanted if b.tricks and TRICK_WORDS[b.tricks] == number}
        pick = next((k for k in CLASSES[::-1] if k in klasses and k in options), None)
        return options[pick] if pick is not None else legal[-1]
    for bid in wanted:
        word = bid.misere or TRICK_WORDS[bid.tricks]
        if word in options:
            return options[word]
    return options.get("pass", legal[0])


def _played(view: View) -> int:
    mask = 0
    for t in (*view.tricks, *([view.trick] if view.trick else [])):
        for c in t.cards:
            mask |= 1 << c
    return mask


def _is_master(c: Card, view: View) -> bool:
    """No higher card of its suit is still out of the tricks and the hand."""
    gone = _played(view) | view.hand.mask
    above = (SUIT_MASK << (13 * (c // 13))) & ~((1 << (c + 1)) - 1)
    return above & ~gone == 0


def _winners(view: View, cards: Sequence[Card]) -> list[Card]:
    trick = tuple(view.trick.cards) if view.trick else ()
    return [c for c in cards if trick_winner((*trick, c), view.trump) == len(trick)]


def _to_lose(view: View, cards: Sequence[Card]) -> Card:
    """Misère play: the highest card that does not take the trick, else the highest."""
    trick = view.trick.cards if view.trick else ()
    if not trick:
        return min(cards, key=lambda c: (c % 13, c))
    losers = [c for c in cards if c not in _winners(view, cards)]
    return max(losers or cards, key=lambda c: (c % 13, c))


def _to_win(view: View, cards: Sequence[Card], single: bool) -> Card:
    """Trick play: lead masters (trumps first for the single player), win cheaply, else low."""
    trump = view.trump
    trick = view.trick.cards if view.trick else ()

    def cheap(c: Card) -> tuple[int, int]:
        return (c // 13 == trump, c % 13)

    if not trick:
        masters = [c for c in cards if _is_master(c, view)]
        if single:
            masters.sort(key=lambda c: (c // 13 != trump, -(c % 13)))
        if masters:
            return masters[0]
        return min(cards, key=cheap)
    winners = _winners(view, cards)
    if winners:
        return min(winners, key=cheap)
    return min(cards, key=cheap)


def _misere(view: View) -> bool:
    """Whether the hand is played to lose: a misère-type bid, or misère partout (BO-5)."""
    contract = view.extra.get("contract", "misere-partout")
    return contract == "misere-partout" or BIDS_BY_NAME[contract].is_misere


def _play(view: View, plays: Sequence[Play]) -> Play:
    cards = [a.card for a in plays]
    me = plays[0].seat
    contract = view.extra.get("contract", "misere-partout")
    bidder = view.extra.get("bidder")
    mine = bidder is not None and "NESW"[me] == bidder
    misere = _misere(view)
    if misere and (mine or contract == "misere-partout"):
        c = _to_lose(view, cards)
    elif misere:
        c = min(cards, key=lambda c: (c % 13, c))
    elif not mine and view.trick and view.trick.cards:
        winner = view.trick.seats[trick_winner(tuple(view.trick.cards), view.trump)]
        c = _to_win(view, cards, False)
        if "NESW"[winner] != bidder:
            c = min(cards, key=lambda c: (c // 13 == view.trump, c % 13))
    else:
        c = _to_win(view, cards, mine)
    return next(a for a in plays if a.card == c)


def choose(view: View, legal: Sequence[Action], default: Action | None) -> Action:
    """The maxims' choice among ``legal`` (a non-empty list) from ``view``."""
    first = legal[0]
    if isinstance(first, Play):
        return _play(view, [a for a in legal if isinstance(a, Play)])
    if isinstance(first, Discard):
        discards = [a for a in legal if isinstance(a, Discard)]
        return max(discards, key=lambda a: (a.card % 13, a.card))
    elects = [a for a in legal if isinstance(a, Elect)]
    if view.phase == "declare" and elects and view.pending is None:
        return _call(view, elects)
    if view.phase == "name_trump" and elects:
        hand = list(view.hand)
        suits = {SUIT_LETTERS.index(a.option): a for a in elects}
        return suits[max(suits, key=lambda s: (trick_estimate(hand, s), -s))]
    return default if default is not None and default in legal else first


# --- the Monte-Carlo player's search: one against three, misères to lose ------------------------

#: Cards a hand may hold for a sample to be searched: misère searches cost far more (no sure-trick
#: cut-offs), so their horizon is shorter; before it the heuristic plays. Measured on the first
#: searched decisions of 12 seeded deals (CPU): from 8 cards in trick bids 0.07 s median (0.21
#: max), from 10 cards 0.35 s (2.4 max); in misères from 5 cards 0.01 s (0.03), from 7 cards
#: 0.12 s (0.6). A whole one-against-three hand can take a billion nodes in one sample.
MISERE_HORIZON = 7
TRICK_HORIZON = 10
#: The transposition table of the samples' solver, MB (the Monte-Carlo player's size).
SOLVER_TT_MB = 16.0
_SOLVER: list[tuple[tuple[int, bool], Solver]] = []


def solver_for(game: tuple[int, bool]) -> Solver:
    """One solver for Boston's samples; its table is cleared when the partition into sides or
    the objective changes (its entries hold for one of each)."""
    if not _SOLVER:
        _SOLVER.append((game, Solver(SOLVER_TT_MB)))
    last, solver = _SOLVER[0]
    if last != game:
        solver.clear()
        _SOLVER[0] = (game, solver)
    return solver


def trick_values(view: View, hands: list[int]) -> tuple[dict[Card, float], int] | None:
    """Each legal card's value on a sampled deal in tricks, higher better for the seat to play:
    the solver's tricks for its side with the single player alone against three (the solver's
    sides partition), negated in a misère, where the side to play wants the fewest; in misère
    partout the seat to play alone against the others, to lose. ``None`` beyond the horizon
    (more cards in the hand than :data:`MISERE_HORIZON` or :data:`TRICK_HORIZON`) or when the
    position cannot be solved (a revoke standing in the trick, laws mode)."""
    from vivant.players.dd import solver_position  # dd imports the heuristic, which imports us

    misere = _misere(view)
    to_play = view.to_play
    horizon = MISERE_HORIZON if misere else TRICK_HORIZON
    if to_play is None or view.hand_sizes.get(to_play, 0) > horizon:
        return None
    single = _single(view, to_play)
    try:
        base = solver_position(view, hands)
        pos = Position(base.hands, base.trump, base.leader, base.trick, 1 << single, misere)
        solver = solver_for((1 << single, misere))
        values = solver.card_values(pos)
    except InvalidPositionError:
        return None
    sign = -1.0 if misere else 1.0
    return {c: sign * v for c, v in values.items()}, solver.nodes


def _single(view: View, to_play: Seat) -> Seat:
    """The single player; in misère partout the seat to play, alone against the others."""
    bidder = view.extra.get("bidder")
    return "NESW".index(bidder) if bidder is not None else to_play


def estimate_words(view: View) -> str:
    """What :func:`card_values` counts, for the seat to play, completing "about 2.50 ...": the
    counters each adversary pays the single player of a trick bid (BO-6.1, BO-6.2), the chance
    that a misère is lost (BO-6.3), or in misère partout the tricks taken, counted negative."""
    contract = view.extra.get("contract", "misere-partout")
    if contract == "misere-partout" or view.to_play is None:
        return "tricks you take from this trick on, counted negative (fewer is better)"
    mine = view.to_play == _single(view, view.to_play)
    if BIDS_BY_NAME[contract].is_misere:
        return (
            "chance that your misère is lost, counted negative"
            if mine
            else "chance that the misère is lost"
        )
    if mine:
        return "counters each adversary pays you for the hand (negative: you pay each of them)"
    return "counters the single player pays each of you for the hand (negative: you pay him)"


def reach_words(view: View, max_cards: int) -> str:
    """From when :func:`card_values` searches, completing "samples and searches ...": the
    solver's horizon for the contract (:data:`TRICK_HORIZON`, :data:`MISERE_HORIZON`) or the
    level's, the smaller."""
    cards = min(max_cards, MISERE_HORIZON if _misere(view) else TRICK_HORIZON)
    return f"once a hand holds {cards} cards or fewer"


def card_values(view: View, hands: list[int]) -> tuple[dict[Card, float], int] | None:
    """Each legal card's worth on a sampled deal for the seat to play, by what the hand settles
    (the Monte-Carlo player's objective): in a trick bid what each adversary pays the single
    player, W(bid, tricks) or L(bid, short) (BO-6.1, BO-6.2), the single player's worth and its
    negation his adversaries'; in a misère-type bid, lost by one trick (BO-5.2, BO-6.3), minus
    one for the single player if he takes a trick (plus one for his adversaries); in misère
    partout each for himself the tricks he saves (:func:`trick_values`). Maximising the tricks
    instead would trade a sure misère for fewer tricks on average where it fails, and a made
    contract for over-tricks. ``None`` as :func:`trick_values`."""
    found = trick_values(view, hands)
    contract = view.extra.get("contract", "misere-partout")
    if found is None or contract == "misere-partout":
        return found
    values, nodes = found
    to_play = view.to_play
    assert to_play is not None
    single = _single(view, to_play)
    mine = to_play == single
    bid = BIDS_BY_NAME[contract]
    left = view.hand_sizes.get(to_play, 0)
    taken = view.won.get("NESW"[single], 0)
    sign = 1.0 if mine else -1.0
    out: dict[Card, float] = {}
    for c, v in values.items():
        side = -v if bid.is_misere else v  # the tricks the side to play takes from here
        future = side if mine else left - side  # the single player's
        if bid.is_misere:
            out[c] = sign * -float(taken + future > 0)
        else:
            out[c] = sign * trick_bid_value(bid.tricks, int(taken + future))
    return out, nodes
