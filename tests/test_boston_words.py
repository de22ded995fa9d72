"""Boston in its own words (issue 17): the auction's question and every call as the ladder of
BO-4.2 names it, the preferences and trumps (BO-3.2, BO-4.6), who won the auction and what he
must make, the misère discard (BO-5.2), the spread laid face up (BO-5.3), the settlement in
counters (BO-6) and the pool (BO-6.5..6.9), as the core's :class:`~vivant.describe.Narrator`
says them to every front end. Positions come from tests/test_boston.py: P1..P4 sit N E S W, North
deals first, East is the eldest; hands are dealt from explicit pack orders."""

from __future__ import annotations

from collections.abc import Iterable

from test_boston import (
    E,
    N,
    S,
    W,
    calls,
    deal,
    formed,
    play_first_legal,
    play_revoke_hand,
    revoke_deal,
)
from vivant.actions import Action, Cut, CutPack, Deal, Elect, Play
from vivant.cards import cards_of, parse_card
from vivant.describe import Narrator, decision_words
from vivant.scoring import boston as sc
from vivant.table import EXCHANGE
from vivant.variants.boston import BostonTable

from helpers import narrated

#: What Boston must never be told in: the whist tables' words and the engine's raw codes.
FOREIGN = (
    "to be declared by the dealer",
    "as the laws allow",
    "the deal passes to the left",
    "little-misere",
    "six-colour",
    "Discard down to six",
    "Dummy",
)


def said(t: BostonTable, you: str, actions: Iterable[Action]) -> list[str]:
    """Apply ``actions`` and return the lines ``you`` reads for their events."""
    narrator = Narrator(t, you)
    lines: list[str] = []
    for a in actions:
        narrator.remember_names()
        events = t.apply(a)
        lines += [line.text for e in events for line in narrator.event_lines(e, events)]
    return lines


def asked(t: BostonTable, you: str) -> dict[str, object]:
    """The decision ``you`` faces now, in words, with the header's trump line."""
    seat = next(s for s in range(4) if t.seat_player(s) == you)
    narrator = Narrator(t, you)
    view = t.view(seat)
    words = decision_words(narrator, t.legal_actions(seat), view)
    words["trumps"] = narrator.trump_line(view)
    return words


def no_foreign_words(*texts: object) -> None:
    text = repr(texts)
    assert not [w for w in FOREIGN if w in text], text


def test_the_auction_is_asked_and_called_in_bostons_words() -> None:
    t = formed(shuffle_each_deal=True)
    deal(t, {}, turned="H9")
    first = asked(t, "P2")
    assert first["question"] == "Your call: bid or pass? No one has bid yet."
    assert first["labels"] == [
        "pass",
        "Boston — take five tricks or more",
        "six — take six tricks or more",
        "seven — take seven tricks or more",
        "little misère — lose every trick after everyone discards one card, no trumps",
        "eight — take eight tricks or more",
        "nine — take nine tricks or more",
        "grand misère — lose all thirteen tricks, no trumps",
        "ten — take ten tricks or more",
        "eleven — take eleven tricks or more",
        "little spread — a little misère with your hand laid face up after the first card",
        "twelve — take twelve tricks or more",
        "grand spread — a grand misère with your hand laid face up after the first card",
        "grand slam — take all thirteen tricks",
    ]
    assert first["trumps"] == (
        "none yet — the auction decides (hearts first preference, diamonds second, spades and "
        "clubs plain; dealt by N; the pool holds 5)"
    )
    lines = said(t, "P1", [Elect(E, "six")])
    assert lines == []  # the number of a trick bid; its suit class follows
    step = asked(t, "P2")
    assert step["question"] == (
        "Six: in which suit? A plain suit (you name the trump after the auction) ranks below "
        "colour, colour below preference."
    )
    assert step["labels"] == [
        "in a plain suit — spades or clubs trumps, as you name",
        "in colour — diamonds trumps",
        "in preference — hearts trumps",
    ]
    lines += said(t, "P1", [Elect(E, "colour"), Elect(S, "seven-pref"), Elect(W, "pass")])
    lines += said(t, "P1", [Elect(N, "pass")])
    again = asked(t, "P2")
    assert again["question"] == (
        "Your call: bid or pass? The highest bid is seven in preference, by S (P3)."
    )
    lines += said(t, "P2", [Elect(E, "pass")])
    assert lines == [
        "E (P2) bids six in colour.",
        "S (P3) bids seven in preference.",
        "W (P4) passes.",
        "N (P1) pass.",
        "E (P2) pass.",
        "S (P3) wins the auction with seven in preference: he plays alone against the other "
        "three, to take seven tricks or more.",
        "Hearts are trumps, the first preference.",
    ]
    assert asked(t, "P1")["trumps"] == (
        "♥ hearts — S (P3) plays seven in preference, to take seven tricks or more (hearts "
        "first preference, diamonds second, spades and clubs plain; dealt by N; the pool holds 5)"
    )
    no_foreign_words(first, step, again, lines)


def test_a_passed_player_is_told_he_may_bid_only_a_misere() -> None:
    t = formed(shuffle_each_deal=True)
    deal(t, {}, turned="C2")
    calls(t, "pass", "boston-plain", "pass", "pass")
    words = asked(t, "P2")
    assert words["question"] == (
        "Your call: bid or pass? The highest bid is Boston in a plain suit, by S (P3). You have "
        "passed: you may now bid only a misère."
    )
    assert [str(x).split(" — ")[0] for x in words["labels"]] == [  # type: ignore[attr-defined]
        "pass",
        "little misère",
        "grand misère",
        "little spread",
        "grand spread",
    ]


def test_the_plain_bidder_names_his_trump_in_words() -> None:
    t = formed(shuffle_each_deal=True)
    deal(t, {}, turned="H9")
    calls(t, "six-plain", "pass", "pass")
    lines = said(t, "P2", [Elect(N, "pass")])
    assert lines == [
        "N (P1) passes.",
        "E (P2) win the auction with six in a plain suit: you play alone against the other "
        "three, to take six tricks or more.",
    ]
    words = asked(t, "P2")
    assert words["question"] == "You play six in a plain suit: name the trumps, spades or clubs."
    assert words["labels"] == ["spades trumps", "clubs trumps"]
    assert str(words["trumps"]).startswith(
        "to be named by E (P2), who plays six in a plain suit (hearts first preference"
    )
    assert said(t, "P1", [Elect(E, "C")]) == ["E (P2) names clubs trumps."]


def test_the_cuts_the_preference_and_the_first_stake_are_told() -> None:
    t = BostonTable(["P1", "P2", "P3", "P4"], shuffle_each_deal=True)
    lines = said(
        t, "P2", [Cut(player=i, card=parse_card(c)) for i, c in enumerate(["S2", "S3", "S4", "S5"])]
    )
    assert lines[-1] == "N (P1) puts 5 into the pool; the pool holds 5."
    lines = said(t, "P2", [CutPack(E, 0), CutPack(S, 12), CutPack(W, 0), CutPack(N, 4)])
    assert lines == [
        "E (P2) do not cut the pack.",
        "S (P3) cuts the pack at 12.",
        "W (P4) does not cut the pack.",
        "N (P1) cuts the pack at 4.",
    ]
    top = parse_card("SQ")
    lines = said(
        t,
        "P1",
        [Deal(order=tuple(range(52))), Deal(order=(top, *[c for c in range(52) if c != top]))],
    )
    lines += said(t, "P1", [CutPack(S, 0)])
    assert lines[-1] == (
        "S (P3) cuts the still pack; the eldest turns its top card, the queen of spades: spades "
        "are first preference, clubs second (colour), hearts and diamonds plain."
    )


def test_the_misere_discard_the_claim_and_the_pool_in_words() -> None:
    """BOV-21: A bids little misère; Y leads before B has discarded; A claims the pool and
    stakes, Y forfeits four red toward the next pool."""
    t = formed(laws=True, shuffle_each_deal=True)
    deal(t, {})
    lines = said(t, "P3", [Elect(E, "little-misere"), Elect(S, "pass"), Elect(W, "pass")])
    lines += said(t, "P3", [Elect(N, "pass")])
    assert lines[-1] == (
        "E (P2) wins the auction with little misère: he plays alone against the other three, to "
        "lose every trick, without trumps, after everyone discards one card face down."
    )
    assert t.phase == EXCHANGE
    words = asked(t, "P2")
    assert words["question"] == (
        "E (P2) play little misère: before the play everyone discards one card face down, dead "
        "and seen by nobody. Which card do you discard?"
    )
    assert asked(t, "P1")["trumps"] == (
        "no trumps — E (P2) plays little misère, to lose every trick (hearts first preference, "
        "diamonds second, spades and clubs plain; dealt by N; the pool holds 5)"
    )
    lines = said(t, "P1", [t.default_action()]) + said(t, "P1", [t.default_action()])
    assert lines == ["E (P2) discards a card face down.", "S (P3) discards a card face down."]
    h = t.hand
    assert h is not None
    lead = cards_of(h.hands[S])[0]
    lines = said(t, "P2", [Play(S, lead)])
    assert lines[0].startswith("Irregularity: an error against the misère by S (P3)")
    claim = asked(t, "P2")
    assert claim["question"] == (
        "An adversary of your misère has erred: claim the pool and stakes?"
    )
    assert claim["labels"] == [
        "claim the pool and stakes: the hand ends, the misère won",
        "let play go on: the card is taken back",
    ]
    lines = said(t, "P1", [Elect(E, "claim")])
    assert (
        "  E (P2) took no trick: little misère is won; each of the other three pays E 20 (60 "
        "in all)."
    ) in lines
    assert "  Counters this hand: N -20, E +60, S -20, W -20." in lines
    assert "E (P2) takes the pool of 5." in lines
    assert (
        "S (P3) forfeits four red counters (40) toward the next pool; the pool holds 40." in lines
    )
    assert "E (P2) puts 5 into the pool; the pool holds 45." in lines
    no_foreign_words(words, claim, lines)


def test_a_failed_trick_bid_doubles_the_pool_in_words() -> None:
    """BOV-23: the bidder of ten revokes; three tricks are taken from him; he pays each of the
    other three and doubles the pool."""
    t = formed(laws=True, shuffle_each_deal=True)
    revoke_deal(t)
    calls(t, "ten-pref", "pass", "pass", "pass")
    lines = narrated(t, "P1", lambda: play_revoke_hand(t, E))
    record = t.hand_records[-1]
    assert record["won"]["E"] == 12 and sc.trick_bid_value(10, 9) == -45  # 12 - 3 = 9
    assert (
        "  E (P2) took twelve tricks, counted as nine for the revokes: ten in preference is "
        "lost; E pays each of the other three 45 (135 in all)."
    ) in lines
    assert "  Counters this hand: N +45, E -135, S +45, W +45." in lines
    assert any(line.startswith("  A revoke by E in trick 2") for line in lines)
    assert "E (P2) doubles the pool, paying 5 into it; the pool holds 10." in lines
    assert "E (P2) puts 5 into the pool; the pool holds 15." in lines


def test_misere_partout_and_its_revoke_in_words() -> None:
    """BOV-22: all pass; W revokes: he pays five red to each and four red into the pool."""
    t = formed(laws=True, shuffle_each_deal=True)
    revoke_deal(t)
    lines = said(t, "P1", [Elect(E, "pass"), Elect(S, "pass"), Elect(W, "pass")])
    lines += said(t, "P1", [Elect(N, "pass")])
    assert lines[-1] == (
        "All four pass: misère partout, without trumps, each for himself; whoever takes most "
        "tricks pays each other player the difference in red counters."
    )
    assert asked(t, "P2")["trumps"] == (
        "no trumps — misère partout, each for himself (spades first preference, clubs second, "
        "hearts and diamonds plain; dealt by N; the pool holds 5)"
    )
    lines = narrated(t, "P1", lambda: play_revoke_hand(t, W))
    assert "  Misère partout, settled by the laws:" in lines  # the revoke, not the tricks
    assert "  Counters this hand: N +50, E +50, S +50, W -150." in lines
    assert "W (P4) forfeits four red counters (40) to the pool; the pool holds 45." in lines


def test_misere_partout_settled_by_the_tricks_in_words() -> None:
    """BO-6.4 (BOV-17 shape): the player with most tricks pays each the difference in red."""
    t = formed(shuffle_each_deal=True)
    deal(t, {})
    calls(t, "pass", "pass", "pass", "pass")
    lines = narrated(t, "P1", lambda: play_first_legal(t))
    record = t.hand_records[-1]
    payers = [r for r, v in record["payments"].items() if v < 0]
    top = max(record["won"].values())
    assert payers and all(record["won"][r] == top for r in payers)
    who = " and ".join(f"{r} (P{'NESW'.index(r) + 1})" for r in payers)
    verb = "pay" if len(payers) > 1 or "N" in payers else "pays"
    assert (
        f"  Misère partout: {who}, with most tricks, {verb} each player with fewer the "
        "difference in red counters (a red is ten white)."
    ) in lines


def test_a_misdeal_and_its_forfeit_in_words() -> None:
    """BOV-10: the dealer does not cut; a misdeal; he forfeits one red counter to the pool."""
    t = formed(laws=True)
    lines = said(t, "P2", [CutPack(E, 0), CutPack(S, 0), CutPack(W, 0), CutPack(N, 0)])
    lines += said(t, "P2", [Deal(order=tuple(range(52)))])
    assert lines[-2:] == [
        "N (P1) did not cut the pack: a misdeal; the hands are sorted and gathered, and the same "
        "dealer deals the same pack again.",
        "N (P1) forfeits one red counter (10) to the pool; the pool holds 15.",
    ]


def test_the_spread_hand_is_named_so() -> None:
    t = formed(shuffle_each_deal=True)
    deal(t, {})
    calls(t, "pass", "little-spread", "pass", "pass", "pass")
    for _ in range(4):
        t.apply(t.default_action())
    t.apply(t.legal_actions(E)[0])
    view = t.view(N)
    narrator = Narrator(t, "P1")
    assert narrator.exposed_label(S, view) == "The spread hand of S (P3), face up"
