"""Computer players: legal choices only, decisions from the view alone, the maxims of play, and
the heuristic player's edge over the random one."""

from __future__ import annotations

import contextlib
import random
from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from vivant.actions import (
    Action,
    CallCard,
    ChooseDeal,
    ChoosePenalty,
    ClaimRevoke,
    CorrectRevoke,
    Deal,
    Elect,
    Play,
    PlayTogether,
    ReportExposed,
    ReportMisdeal,
    WaiveRevokes,
)
from vivant.cards import EAST, NORTH, SOUTH, WEST, CardSet, card_name, parse_card
from vivant.deal import deal_hands, pack_for_hands
from vivant.errors import InvalidActionError, InvalidNotationError
from vivant.players import (
    HeuristicPlayer,
    Player,
    RandomPlayer,
    customary_default,
    find_player,
    penalty_calls,
    play_sitting,
    player_kinds,
    step,
    who_acts,
)
from vivant.table import Table
from vivant.trick import trick_winner
from vivant.variants.mort import MortTable
from vivant.views import View

from helpers import mort_at, pbn_hands, play

# Deal A (clubs trumps when Mort deals with CJ turned): V = N, R = E, M = S, L = W.
DEAL_A = "N:K73.AQ5.962.8432 QJT.K84.AKQ4.765 A9852.J3.JT.AKQJ 64.T9762.8753.T9"
# Deal B (hearts trumps, Mort deals with H8 turned): V holds neither spades nor hearts.
DEAL_B = "N:..AKQ7654.KQJ832 AKQJT9.765.83.AT .AKQJT98.JT9.654 8765432.432.2.97"


class Checked:
    """Wraps a player and asserts that every action it returns is among the legal ones."""

    def __init__(self, inner: Player) -> None:
        self.inner = inner
        self.kind = inner.kind
        self.decisions: dict[str, int] = {}

    def choose(self, view: View, legal: Sequence[Action], default: Action | None = None) -> Action:
        action = self.inner.choose(view, legal, default)
        assert action in legal, (action, legal)
        if default is not None:
            assert default in legal
        name = type(action).__name__
        self.decisions[name] = self.decisions.get(name, 0) + 1
        return action


def decide(t: Table, player: Player | None = None) -> Action:
    """The heuristic player's choice for the seat the table waits for, from its view."""
    turn = who_acts(t)
    assert turn is not None
    seat = turn[0]
    legal = t.legal_actions(seat)
    chooser = player or HeuristicPlayer(seed=0)
    action = chooser.choose(t.view(seat), legal, customary_default(t, legal))
    assert action in legal
    return action


def card_of(action: Action) -> str:
    assert isinstance(action, Play)
    return card_name(action.card)


# --- registry ---------------------------------------------------------------------------------


def test_registry_finds_every_kind() -> None:
    assert player_kinds()[:2] == ("random", "heuristic")
    assert {"montecarlo", "dd"} <= set(player_kinds())
    for kind in player_kinds():
        p = find_player(kind.upper())(seed=1)
        assert p.kind == kind
        assert isinstance(p, Player)


def test_unknown_kind_names_the_input() -> None:
    with pytest.raises(InvalidNotationError, match="'clever'"):
        find_player("clever")


# --- legal choices only -----------------------------------------------------------------------


@pytest.mark.parametrize("kind", ["random", "heuristic"])
@pytest.mark.parametrize("n", [3, 4])
@pytest.mark.parametrize("laws", [False, True])
def test_players_return_legal_actions_over_whole_sittings(kind: str, n: int, laws: bool) -> None:
    names = [f"P{i}" for i in range(n)]
    for seed in range(3):
        players = {p: Checked(find_player(kind)(seed=seed * 10 + i)) for i, p in enumerate(names)}
        t = MortTable(names, laws=laws)
        record = play_sitting(t, players, random.Random(seed), seed=seed)
        assert len(record["games"]) == n
        assert sum(record["settlement"].values()) == 0
        counts: dict[str, int] = {}
        for p in players.values():
            for k, v in p.decisions.items():
                counts[k] = counts.get(k, 0) + v
        assert counts["Play"] >= 52 * 3 and counts["ChooseDeal"] == n


def _irregular(t: MortTable, rng: random.Random) -> Action | None:
    """An irregular action the laws record (laws mode), chosen at random where one is open."""
    turn = who_acts(t)
    if turn is None or t.phase != "play" or t.pending is not None or t.hand is None:
        return None
    view = t.view(None)
    legal = t.legal_actions(turn[0])
    if not legal or not isinstance(legal[0], Play):
        return None
    seat = legal[0].seat
    hand = t.hand.hands[seat]
    cards = [c for c in range(52) if hand >> c & 1]
    legal_cards = {a.card for a in legal if isinstance(a, Play)}
    started = bool(view.trick and view.trick.cards) or bool(view.tricks)
    roll = rng.random()
    if roll < 0.3:
        revokes = [c for c in cards if c not in legal_cards]
        if revokes:
            return Play(seat, rng.choice(revokes))
    if roll < 0.45 and len(cards) >= 2:
        return PlayTogether(seat, tuple(rng.sample(cards, 2)))
    if roll < 0.6 and not (view.trick and view.trick.cards):
        # A lead out of turn from another hand.
        other = rng.choice([s for s in range(4) if s != seat and t.hand.hands[s]])
        held = [c for c in range(52) if t.hand.hands[other] >> c & 1]
        return Play(other, rng.choice(held))
    if roll < 0.7 and not started:
        return ReportMisdeal(EAST, rng.choice(["deal", "wrong_cut"]))
    if roll < 0.8 and not started:
        dealt = [c for c in range(52) if any(h >> c & 1 for h in t.hand.hands)]
        return ReportExposed(WEST, rng.choice(dealt))
    return None


def test_players_handle_every_election_legally() -> None:
    """Laws mode with irregularities injected: the bots meet elections, revoke claims, penalty
    choices, suit calls and corrections, and always answer with a legal action."""
    names = ["A", "B", "C", "D"]
    seen: dict[str, int] = {}
    for seed in range(12):
        rng = random.Random(seed)
        players = {p: Checked(HeuristicPlayer(seed=i)) for i, p in enumerate(names)}
        t = MortTable(names, laws=True)
        steps = 0
        while not t.is_over() and steps < 4000:
            steps += 1
            if rng.random() < 0.08:
                irregular = _irregular(t, rng)
                if irregular is not None:
                    with contextlib.suppress(InvalidActionError):
                        t.apply(irregular)
                    continue
            step(t, players, rng)
        assert t.is_over()
        for p in players.values():
            for k, v in p.decisions.items():
                seen[k] = seen.get(k, 0) + v
        # D-G7: the revoke claims are made for every player kind by the driver
        claims = sum(isinstance(a, ClaimRevoke) for a in t.log)
        seen["ClaimRevoke"] = seen.get("ClaimRevoke", 0) + claims
    for kind in ("Play", "Elect", "ClaimRevoke", "ChoosePenalty", "ChooseDeal", "ChooseSeats"):
        assert seen.get(kind, 0) > 0, (kind, seen)
    assert "WaiveRevokes" not in seen  # every revoke is claimed


def test_driver_refuses_a_player_choice_that_is_not_legal() -> None:
    class Cheat:
        kind = "cheat"

        def choose(
            self, view: View, legal: Sequence[Action], default: Action | None = None
        ) -> Action:
            return ChooseDeal(EAST, True)

    t = MortTable(["A", "B", "C"])
    rng = random.Random(1)
    while t.awaiting_chance():
        step(t, {}, rng)
    before = (t.phase, len(t.log))
    cheats: dict[str, Player] = {n: Cheat() for n in t.players}
    with pytest.raises(InvalidActionError, match="cheat player"):
        step(t, cheats, rng)
    assert (t.phase, len(t.log)) == before


# --- decisions from the view alone --------------------------------------------------------------


def _alternative_deal(t: MortTable, seat: int, rng: random.Random) -> Deal | None:
    """The current hand's deal with the cards still concealed from ``seat`` redistributed among
    the hands that hold them, respecting every suit those hands have shown out of and the
    turn-up in the dealer's hand: a deal that ``seat`` cannot tell from the real one."""
    deal = next(a for a in reversed(t.log) if isinstance(a, Deal))
    view = t.view(None)
    assert view.dealer is not None and view.turn_up is not None
    dealer = view.dealer
    original = deal_hands(deal.order, dealer)
    played = [0, 0, 0, 0]
    shown_out: set[tuple[int, int]] = set()
    tricks = [*view.tricks, *([view.trick] if view.trick and view.trick.cards else [])]
    for tr in tricks:
        for i, c in enumerate(tr.cards):
            s = (tr.leader + i) % 4
            played[s] |= 1 << c
            if c // 13 != tr.cards[0] // 13:
                shown_out.add((s, tr.cards[0] // 13))
    controlled = {seat, SOUTH} if seat == NORTH else {seat}
    hidden = [s for s in range(4) if s not in controlled and s != SOUTH]
    fixed = (
        {view.turn_up}
        if dealer in hidden and not any(p >> view.turn_up & 1 for p in played)
        else set()
    )
    pool = [c for s in hidden for c in range(52) if (original[s] & ~played[s]) >> c & 1]
    pool = [c for c in pool if c not in fixed]
    for _ in range(300):
        rng.shuffle(pool)
        hands = list(original)
        i = 0
        for s in hidden:
            keep = played[s] | sum(1 << c for c in fixed if s == dealer)
            need = 13 - keep.bit_count()
            take = pool[i : i + need]
            i += need
            hands[s] = keep | sum(1 << c for c in take)
        if hands == original:
            continue
        if any(
            hands[s] >> (13 * suit) & 0x1FFF & ~played[s] >> (13 * suit) for s, suit in shown_out
        ):
            continue
        return Deal(order=pack_for_hands(hands, dealer, view.turn_up))
    return None


@pytest.mark.parametrize("kind", ["heuristic", "random"])
def test_choice_depends_only_on_what_the_view_shows(kind: str) -> None:
    """Same view, different concealed cards: the same choice. The alternative table differs only
    in cards the deciding seat cannot see, its view is identical, and so is the decision."""
    compared = 0
    for seed in range(40):
        rng = random.Random(seed)
        names = ["A", "B", "C"]
        players = {n: HeuristicPlayer(seed=i) for i, n in enumerate(names)}
        t = MortTable(names)
        while t.phase != "play":
            step(t, players, rng)
        for _ in range(seed % 40):
            step(t, players, rng)
            if t.phase != "play":
                break
        if t.phase != "play":
            continue
        turn = who_acts(t)
        assert turn is not None
        seat = turn[0]
        alt = _alternative_deal(t, seat, rng)
        if alt is None:
            continue
        log = list(t.log)
        k = max(i for i, a in enumerate(log) if isinstance(a, Deal))
        other = MortTable.replay(t.config(), [*log[:k], alt, *log[k + 1 :]])
        assert isinstance(other, MortTable)
        assert other.view(seat) == t.view(seat)
        assert alt != log[k]
        a = find_player(kind)(seed=seed).choose(t.view(seat), t.legal_actions(seat))
        b = find_player(kind)(seed=seed).choose(other.view(seat), other.legal_actions(seat))
        assert a == b
        if isinstance(a, Play):
            mine = t.view(seat)
            assert a.card in mine.hand or a.card in mine.exposed.get(SOUTH, ())
        compared += 1
    assert compared >= 25


# --- the maxims ---------------------------------------------------------------------------------


def test_second_hand_low() -> None:
    t = mort_at(DEAL_A, "CJ", for_mort=True)  # L leads
    play(t, "H6")
    assert card_of(decide(t)) == "H5"  # V holds A Q 5 and plays low


def test_third_hand_beats_the_exposed_fourth_hand_cheaply() -> None:
    t = mort_at(DEAL_A, "CJ", for_mort=True)
    play(t, "H6", "H5")
    # R holds K 8 4; Mort, fourth and face up, holds J 3: the king is needed and enough.
    assert card_of(decide(t)) == "HK"


def test_fourth_hand_wins_as_cheaply_as_possible() -> None:
    t = mort_at(DEAL_A, "C8")  # V deals for himself: R leads
    play(t, "H8", "H3", "H2")
    assert card_of(decide(t)) == "HQ"  # A Q 5: the queen wins


def test_fourth_hand_plays_lowest_when_it_cannot_win() -> None:
    t = mort_at(DEAL_A, "CJ", for_mort=True)
    play(t, "H6", "H5", "HK")
    assert card_of(decide(t)) == "H3"


def test_third_hand_high_plays_the_lowest_of_equal_cards() -> None:
    t = mort_at(DEAL_A, "C8")  # R leads, L is third hand with T 9 7 6 2
    play(t, "H4", "H3")
    assert card_of(decide(t)) == "H9"


def test_cover_an_honour_with_an_honour() -> None:
    t = mort_at(DEAL_A, "C8")
    play(t, "ST", "S2", "S4", "SK")  # V wins the first trick
    play(t, "HQ")  # V leads the queen; R, second hand, holds K 8 4
    assert card_of(decide(t)) == "HK"


def test_mort_plays_low_second_hand_when_vivant_holds_the_master_behind() -> None:
    t = mort_at(DEAL_A, "C8")
    play(t, "SQ")  # R leads the queen; Mort holds A 9 8 5 2, V holds K behind it
    assert card_of(decide(t)) == "S2"


def test_return_partners_lead() -> None:
    t = mort_at(DEAL_A, "CJ", for_mort=True)
    play(t, "H6", "H5", "HK", "H3")  # L led hearts, R won with the king
    assert card_of(decide(t)) == "H8"  # the higher of two remaining


def test_discard_from_weakness_and_ruff_low() -> None:
    t = mort_at(DEAL_B, "H8", for_mort=True)  # hearts trumps, L leads
    play(t, "S2")
    # V has no spade and no trump: he keeps his master diamonds and throws a club.
    assert card_of(decide(t)) == "C2"
    play(t, "C2")
    assert card_of(decide(t)) == "S9"  # R: the lowest of A K Q J T 9, all equal
    play(t, "S9")
    assert card_of(decide(t)) == "H8"  # Mort ruffs with his lowest trump


def test_trump_lead_with_five_trumps() -> None:
    t = mort_at(DEAL_B, "H8", for_mort=True)
    play(t, "S2", "C2", "S9", "H8")  # Mort ruffs and leads
    assert card_of(decide(t)) == "HA"


def test_lead_from_the_long_suit() -> None:
    t = mort_at(DEAL_A, "CJ", for_mort=True)
    # L: S 6 4, H T 9 7 6 2, D 8 7 5 3, C T 9: hearts, the fourth best.
    assert card_of(decide(t)) == "H6"


def test_vivant_deals_for_himself() -> None:
    t = MortTable(["A", "B", "C"])
    rng = random.Random(3)
    while t.phase != "choose" or t.to_act() != NORTH:
        step(t, {n: HeuristicPlayer() for n in t.players}, rng)
    assert decide(t) == ChooseDeal(NORTH, False)


# --- revokes: claims and penalties ----------------------------------------------------------


def _revoke_hand(penalty_for: str) -> MortTable:
    """Deal A in laws mode; R revokes in trick 1 (a diamond on a heart lead while holding hearts)
    and the heuristic plays the rest of the hand for everybody."""
    t = mort_at(DEAL_A, "CJ", for_mort=True, laws=True)
    play(t, "H6", "H5")
    t.apply(Play(EAST, parse_card("D4")))  # R holds K 8 4 of hearts: a revoke
    players = {n: HeuristicPlayer(seed=1) for n in t.players}
    rng = random.Random(0)
    while t.phase == "play":
        step(t, players, rng)
    assert t.phase in ("claims", "penalty"), penalty_for
    return t


def test_every_revoke_is_claimed_and_a_sensible_penalty_chosen() -> None:
    t = _revoke_hand("V")
    assert t.phase == "claims"
    claim = decide(t)
    assert claim == ClaimRevoke(NORTH, 1)
    assert WaiveRevokes(NORTH) in t.legal_actions(NORTH)
    t.apply(claim)
    assert t.phase == "penalty"
    view = t.view(NORTH)
    vm, lr = view.won["VM"], view.won["LR"]
    moved = max(0, min(3, lr - 1))
    worth = {
        "T": (max(0, vm + moved - 6) - max(0, vm - 6)) + (max(0, lr - 6) - max(0, lr - moved - 6)),
        "D": min(3, view.score["LR"]),
        "A": 3,
    }
    choice = decide(t)
    assert isinstance(choice, ChoosePenalty)
    options = [a.option for a in t.legal_actions(NORTH) if isinstance(a, ChoosePenalty)]
    best = max(worth[o] for o in options)
    assert worth[choice.option] == best
    if "T" in options and worth["T"] >= 3:
        assert choice.option == "T"


def test_two_cards_together_the_worse_one_for_the_offender_is_chosen() -> None:
    t = mort_at(DEAL_A, "CJ", for_mort=True, laws=True)
    play(t, "H6")
    t.apply(PlayTogether(NORTH, (parse_card("HA"), parse_card("H5"))))
    assert t.pending is not None
    choice = decide(t)  # the adversaries (R) choose: the five, which does not win the trick
    assert choice == Elect(EAST, "H5")


# --- the heuristic beats the random player -----------------------------------------------------


def _one_hand(deal_seed: int, vm_kind: str, lr_kind: str) -> int:
    """Tricks Vivant and Mort take in play on a seeded deal, with ``vm_kind`` playing V (and
    Mort) and ``lr_kind`` the adversaries."""
    t = MortTable(["A", "B", "C"])
    rng = random.Random(deal_seed)
    setup = {n: HeuristicPlayer() for n in t.players}
    while t.phase != "deal":
        step(t, setup, rng)
    t.apply(Deal.from_seed(deal_seed))
    players: dict[str, Player] = {}
    for n in t.players:
        kind = vm_kind if t.role_of_player(n) == "V" else lr_kind
        players[n] = find_player(kind)(seed=deal_seed)
    while t.phase == "play":
        step(t, players, rng)
    hands = t.hand_records or t.record()["games"][-1]["hands"]
    return int(hands[-1]["tricks_in_play"]["VM"])


def test_heuristic_takes_more_tricks_than_random() -> None:
    """Each of 200 deals is played twice, the heuristic player on either side: it must take
    clearly more than half of the 5,200 tricks (it takes about 63%)."""
    heuristic = 0
    total = 0
    for d in range(200):
        vm = _one_hand(d, "heuristic", "random")
        lr = 13 - _one_hand(d, "random", "heuristic")
        heuristic += vm + lr
        total += 26
    assert heuristic / total > 0.58, heuristic / total


def test_the_same_seed_gives_the_same_sitting() -> None:
    def run(kind: str) -> dict[str, object]:
        names = ["A", "B", "C", "D"]
        players = {n: find_player(kind)(seed=i) for i, n in enumerate(names)}
        return play_sitting(MortTable(names), players, random.Random(5), seed=5)

    for kind in ("random", "heuristic"):
        first, second = run(kind), run(kind)
        assert first == second
        assert list(first)[:5] == ["game", "seed", "laws", "players", "kinds"]
        assert first["seed"] == 5
        assert first["kinds"] == {n: kind for n in first["players"]}  # type: ignore[attr-defined]


def test_random_player_is_uniform_and_seeded() -> None:
    t = mort_at(DEAL_A, "C8")
    view = t.view(EAST)
    legal = t.legal_actions(EAST)
    picks = [RandomPlayer(seed=s).choose(view, legal) for s in range(400)]
    counts = {a: picks.count(a) for a in legal}
    assert set(counts) == set(legal)
    assert min(counts.values()) > 400 / len(legal) / 3
    assert RandomPlayer(seed=9).choose(view, legal) == RandomPlayer(seed=9).choose(view, legal)
    assert pbn_hands(DEAL_A)[EAST] == t.view(EAST).hand.mask


# --- penalty cards (WL-5.2) -------------------------------------------------------------------


def _exposed_ace_of_diamonds() -> MortTable:
    """Deal A in laws mode: R revokes with the DA in trick 1, sees his error before the trick
    is quitted and corrects with a heart; the DA lies exposed as a penalty card (WL-7.4)."""
    t = mort_at(DEAL_A, "CJ", for_mort=True, laws=True)
    play(t, "H6", "H5")
    t.apply(Play(EAST, parse_card("DA")))
    t.apply(CorrectRevoke(EAST, parse_card("H4")))  # R finds his error himself
    t.apply(Elect(NORTH, "call_card"))  # WL-7.4: Vivant has the card exposed
    t.apply(CorrectRevoke(EAST, parse_card("H4")))
    assert t.view(NORTH).penalty_cards == {EAST: CardSet.parse("DA")}
    return t


class CallsAlways(HeuristicPlayer):
    """The heuristic player, except that it calls the first exposed card it may."""

    kind = "calls-always"

    def call_card(self, view: View, calls: Sequence[CallCard]) -> CallCard | None:
        assert calls and all(c.target != view.seat for c in calls)
        return calls[0]


def test_driver_offers_penalty_cards_to_the_opponents() -> None:
    t = _exposed_ace_of_diamonds()
    players: dict[str, Player] = {n: CallsAlways() for n in t.players}
    rng = random.Random(0)
    da = parse_card("DA")
    binding = 0
    for _ in range(120):
        done = step(t, players, rng)
        if not isinstance(done.action, CallCard):
            continue
        assert done.action.target == EAST and done.action.card == da
        assert t.view(None).to_act == EAST
        h = t.hand
        assert h is not None
        led = h.trick[0] // 13 if h.trick else None
        follow = [c for c in CardSet(h.hands[EAST]) if c // 13 == led]
        if led != da // 13 and follow:
            # WL-6.4: playing the DA would be a revoke, so the call does not bind this trick.
            assert set(t.legal_actions(EAST)) == {Play(EAST, c) for c in follow}
            continue
        # The called card must be played now: it is the only legal play.
        assert t.legal_actions(EAST) == [Play(EAST, da)]
        assert step(t, players, rng).action == Play(EAST, da)
        binding += 1
        break
    assert binding == 1


def test_heuristic_calls_an_exposed_honour_only_when_it_cannot_win() -> None:
    t = _exposed_ace_of_diamonds()
    players: dict[str, Player] = {n: HeuristicPlayer(seed=2) for n in t.players}
    rng = random.Random(0)
    offered = 0
    while t.phase == "play":
        turn = who_acts(t)
        assert turn is not None
        legal = t.legal_actions(turn[0])
        if isinstance(legal[0], Play) and legal[0].seat == EAST:
            for seat in (NORTH,):
                calls = penalty_calls(t, seat)
                if calls:
                    offered += 1
                    view = t.view(seat)
                    choice = HeuristicPlayer().call_card(view, calls)
                    trick = view.trick.cards if view.trick else ()
                    cannot_win = bool(trick) and trick_winner(
                        (*trick, calls[0].card), view.trump
                    ) != len(trick)
                    assert (choice is not None) == cannot_win
        step(t, players, rng)
    assert offered > 0


@settings(max_examples=15, deadline=None)
@given(
    seed=st.integers(min_value=0, max_value=2**32 - 1),
    n=st.sampled_from([3, 4]),
    laws=st.booleans(),
    kinds=st.lists(st.sampled_from(["random", "heuristic"]), min_size=4, max_size=4),
)
def test_any_seed_and_mix_of_players_plays_a_legal_zero_sum_tournee(
    seed: int, n: int, laws: bool, kinds: list[str]
) -> None:
    names = [f"P{i}" for i in range(n)]
    players = {p: Checked(find_player(kinds[i])(seed=seed + i)) for i, p in enumerate(names)}
    record = play_sitting(MortTable(names, laws=laws), players, random.Random(seed), seed=seed)
    assert len(record["games"]) == n
    assert record["kinds"] == {p: kinds[names.index(p)] for p in record["players"]}
    for g in record["games"]:
        assert g["kinds"] == {r: record["kinds"][name] for r, name in g["roles"].items()}
    assert all(sum(g["settlement"].values()) == 0 for g in record["games"])
    assert sum(record["settlement"].values()) == 0
