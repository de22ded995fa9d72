"""The core's words (issue 14, point 3): ``vivant.describe`` says every event and decision of every
game for a viewer, never naming a card that viewer may not see, and in each game's own numbers
(Duplicate Whist's revoke moves two tricks, D-DU2; Mort's three, M-6.2)."""

from __future__ import annotations

import random
import re

import pytest

from server_helpers import Oracle
from vivant.actions import Action, ChoosePenalty, Deal, Play, PlayTogether
from vivant.cards import CardSet, card_name, cards_of, parse_card
from vivant.describe import Narrator, decision_words, penalty_words
from vivant.players.montecarlo import estimate_words, reach_words
from vivant.table import PLAY, Table
from vivant.variants import VARIANTS, find_variant

#: Every game with the fewest and the most players it is played by.
GAMES = sorted(
    {
        (v, n)
        for v, cls in VARIANTS.items()
        for n in (min(cls.info.player_counts), max(cls.info.player_counts))
    }
)
CARD_IN_TEXT = re.compile(r"\b[SHDC][2-9TJQKA]\b")
MAX_ACTIONS = 700


def cards_named(lines: list[str]) -> int:
    mask = 0
    for line in lines:
        for name in CARD_IN_TEXT.findall(line):
            mask |= 1 << parse_card(name)
    return mask


def irregular_step(t: Table, rng: random.Random) -> Action:
    """A random action, a fifth of the cards being any card the hand holds (revokes) or two
    cards played together, so that the laws' events and decisions come up."""
    if t.awaiting_chance():
        return t.chance_action(rng)
    seat = t.to_act()
    assert seat is not None
    h = t.hand
    if t.phase == PLAY and t.pending is None and h is not None:
        nxt = t.seat_order[h.leader][len(h.trick)]
        held = cards_of(h.hands[nxt])
        roll = rng.random()
        if t.controller(nxt) == seat and held and roll < 0.15:
            return Play(nxt, rng.choice(held))
        if t.controller(nxt) == seat and len(held) >= 2 and roll < 0.2:
            return PlayTogether(nxt, tuple(rng.sample(held, 2)))
    return rng.choice(t.legal_actions(seat))


@pytest.mark.parametrize(("game", "n"), GAMES)
def test_words_never_name_a_card_the_viewer_may_not_see(game: str, n: int) -> None:
    names = [f"P{i + 1}" for i in range(n)]
    t = find_variant(game)(names, laws=True)
    config = t.config()
    viewers: list[str | None] = [None, *names]
    narrators = {v: Narrator(t, v) for v in viewers}
    rng = random.Random(f"{game}-{n}")
    actions: list[dict[str, object]] = []
    said: list[tuple[int, str | None, list[str], int]] = []
    shown = 0  # the cards played face up in this deal
    scored = 0  # those of the hand scored last, which its summary recalls
    kinds: set[str] = set()
    while not t.is_over() and len(actions) < MAX_ACTIONS:
        action = irregular_step(t, rng)
        for narrator in narrators.values():
            narrator.remember_names()
        try:
            events = t.apply(action)
        except Exception:  # an irregular card the laws refuse here: try another action
            continue
        actions.append(action.to_json())
        seq = len(actions)
        if isinstance(action, Deal):
            shown = 0
        if isinstance(action, Play | PlayTogether):
            shown |= sum(
                1 << c for c in ((action.card,) if isinstance(action, Play) else action.cards)
            )
        kinds |= {e.kind for e in events}
        if any(e.kind == "hand_scored" for e in events):
            scored = shown
        for viewer, narrator in narrators.items():
            lines = [x.text for x in narrator.choice_said(action, events)]
            for e in events:
                told = [x.text for x in narrator.event_lines(e, events)]
                if e.kind == "hand_scored":  # how the hand was scored: its cards recalled
                    said.append((seq, viewer, told, scored))
                else:
                    lines += told
            said.append((seq, viewer, lines, shown))  # cards played face up this deal
            summary = narrator.hand_summary()
            if summary is not None:  # a finished hand: its cards were all played face up
                summary_lines = [*summary.lines, *(p.words for p in summary.penalties)]
                said.append((seq, viewer, summary_lines, scored))
        for s in range(4):
            viewer = t.seat_player(s)
            if viewer is None or t.is_over():
                continue
            legal = t.legal_actions(s)
            words = decision_words(narrators[viewer], legal, t.view(s))
            said.append((seq, viewer, [words["question"], *words["labels"]], 0))
    oracle = Oracle(game, config, actions)
    for seq, viewer, lines, shown in said:
        leaked = cards_named(lines) & ~(oracle.allowed(seq, viewer) | shown)
        assert not leaked, (game, seq, viewer, CardSet(leaked), lines)
    assert said and {"played", "trick", "hand_scored"} <= kinds
    assert kinds & {"irregularity", "revoke_claimed", "elected", "point"}, kinds  # the laws spoke


def test_duplicate_revoke_moves_two_tricks_in_words_and_mort_three() -> None:
    duplicate, mort = find_variant("duplicate").info, find_variant("mort").info
    assert penalty_words(duplicate, "T") == "two tricks taken from the revoking side"
    assert penalty_words(mort, "T") == "three tricks taken from the revoking side"
    t = find_variant("duplicate")(["A", "B", "C", "D"], laws=True)
    assert Narrator(t).action(ChoosePenalty(0, 1, "T")) == (
        "T: two tricks taken from the revoking side"
    )


@pytest.mark.parametrize("game", sorted(VARIANTS))
def test_every_legal_action_of_a_sitting_has_words(game: str) -> None:
    """No decision of any game is said as the engine's class name or raw values."""
    cls = find_variant(game)
    t = cls([f"P{i + 1}" for i in range(cls.info.default_players)], laws=True)
    rng = random.Random(game)
    narrator = Narrator(t)
    for _ in range(400):
        if t.is_over():
            break
        if t.awaiting_chance():
            t.apply(t.chance_action(rng))
            continue
        seat = t.to_act()
        assert seat is not None
        legal = t.legal_actions(seat)
        for a in legal:
            words = narrator.action(a, seat)
            assert words and words != type(a).__name__ and "=" not in words, (a, words)
        if not all(isinstance(a, Play) for a in legal):
            question = narrator.question(legal[0], t.view(seat))
            # The core's words serve the terminal and the browser alike: how to answer (type
            # a letter, click) is each front end's to say.
            assert question and not re.search(r"\b[Tt]ype\b", question), question
        t.apply(rng.choice(legal))


def test_all_fours_words_before_stand_or_beg() -> None:
    """All Fours (AF-2.2): before the eldest stands or begs the turn-up is named, never "to be
    declared by the dealer"; stand or beg is not an irregularity ("the laws give you a
    choice"); the hint counts points over the whole hand, not tricks from this trick on."""
    t = find_variant("all-fours")(["P1", "P2"])
    rng = random.Random(3)
    while t.pending is None or t.pending.kind != "beg":
        t.apply(t.chance_action(rng) if t.awaiting_chance() else t.default_action())
    seat = t.to_act()
    assert seat is not None
    view = t.view(seat)
    words = Narrator(t, "P1")
    assert view.turn_up is not None
    line = words.trump_line(view)
    assert "to be declared" not in line and card_name(view.turn_up) in line
    assert words.pending_words(view) is None
    assert words.question(t.legal_actions(seat)[0], view) == "Stand, or beg?"
    assert estimate_words(view).startswith("points of High, Low, Jack and Game")
    three = find_variant("all-fours")(["P1", "P2", "P3"])
    while three.phase != PLAY:
        three.apply(three.chance_action(rng) if three.awaiting_chance() else three.default_action())
    assert reach_words(three.view(0), 13) == (
        "once 12 cards or fewer are left in all the hands together (the last 4 tricks)"
    )
    assert estimate_words(find_variant("mort")(["a", "b", "c"]).view(0)) == (
        "tricks for your side from this trick on"
    )


def play_until_scored(game: str, n: int, seed: int) -> Table:
    """A table of ``game`` played by random legal actions until its first hand is scored."""
    from vivant.describe import last_hand_record

    t = find_variant(game)([f"P{i + 1}" for i in range(n)])
    rng = random.Random(seed)
    while last_hand_record(t) is None:
        if t.awaiting_chance():
            t.apply(t.chance_action(rng))
        else:
            seat = t.to_act()
            assert seat is not None
            t.apply(rng.choice(t.legal_actions(seat)))
    return t


@pytest.mark.parametrize("n", [2, 3, 4])
def test_all_fours_hand_summary_says_who_took_high_low_jack_and_game(n: int) -> None:
    """AF-4, D-AF6: the summary names who took each point, in the order they count, with the
    points marked this hand and the score after it, as the hand's record has them."""
    from vivant.describe import last_hand_record

    for seed in range(4):
        t = play_until_scored("all-fours", n, seed)
        record = last_hand_record(t)
        assert record is not None
        summary = Narrator(t, "P1").hand_summary()
        assert summary is not None
        awards = {a.point: a.to for a in summary.awards}
        assert list(awards) == ["High", "Low", "Jack", "Game"]
        assert awards == {
            "High": record["high"],
            "Low": record["low"],
            "Jack": record["jack"],
            "Game": record["game"],
        }
        low = next(a for a in summary.awards if a.point == "Low")
        assert record["low_card"] is None or record["low_card"] in low.words
        marked: dict[str, int] = {}
        for m in record["marked"]:
            marked[m["to"]] = marked.get(m["to"], 0) + m["amount"]
        assert summary.points == marked
        assert summary.score == record["scores"]
        # the log says them too, in the same order
        said = [line.split(":")[0] for line in summary.lines]
        assert said[:4] == ["High", "Low", "Jack", "Game"], summary.lines
        # one order of the sides in every row: the tricks'
        assert [k for k in summary.tricks if k in summary.points] == list(summary.points)


def test_boston_hand_summary_lists_the_players_in_one_order() -> None:
    """BO-6: the tricks (per seat), the counters paid this hand and the running account (per
    player) are listed in the same order of the players, the seats'."""
    from vivant.describe import last_hand_record

    for seed in range(4):
        t = play_until_scored("boston", 4, seed)
        record = last_hand_record(t)
        assert record is not None
        summary = Narrator(t, "P1").hand_summary()
        assert summary is not None
        roles = {t.role(s): t.seat_player(s) for s in range(4)}
        assert list(summary.tricks) == list("NESW")
        assert summary.points == record["payments"]
        assert list(summary.points) == list(summary.tricks)
        assert list(summary.score) == [roles[r] for r in summary.tricks]
        assert summary.score == record["score"]
        # the side panel's boxes: each player's account in the same order
        assert list(t.view(0).score) == [roles[r] for r in "NESW"]


def test_boston_contract_in_words_names_the_bid_and_its_bidder() -> None:
    """BO-4, BO-5: once the auction is won, the table says what is played and by whom; no
    words before it, nor in a game without an auction."""
    from vivant.scoring.boston import BIDS_BY_NAME
    from vivant.variants.boston import PARTOUT

    t = find_variant("boston")(["P1", "P2", "P3", "P4"])
    rng = random.Random(5)
    said = None
    while said is None or t.view(0).extra.get("contract") is None:
        assert Narrator(t, "P1").contract_words(t.view(0)) is None
        if t.awaiting_chance():
            t.apply(t.chance_action(rng))
        else:
            seat = t.to_act()
            assert seat is not None
            t.apply(rng.choice(t.legal_actions(seat)))
        said = t.view(0).extra.get("contract")
    extra = t.view(0).extra
    words = Narrator(t, "P1").contract_words(t.view(0))
    assert words is not None
    if extra["contract"] == PARTOUT:
        assert words.startswith("Misère partout")
    else:
        bidder = extra["bidder"]
        seat = next(s for s in range(4) if t.role(s) == bidder)
        assert words.startswith(f"{bidder} ({t.seat_player(seat)}) play")
        assert BIDS_BY_NAME[extra["contract"]].words() in words
    mort = find_variant("mort")(["P1", "P2", "P3"])
    assert Narrator(mort, "P1").contract_words(mort.view(0)) is None


def test_every_sentence_of_the_core_begins_with_a_capital() -> None:
    """Every line the narrator says for every game, and the events that carry their own
    words (All Fours' bunching, D-AF10; its new deal, D-AF11), begins as a sentence does."""
    from vivant.errors import VivantError
    from vivant.events import Event, EventKind

    t = find_variant("all-fours")(["P1", "P2"])
    n = Narrator(t, None)
    for kind, words in [
        (EventKind.BUNCHED, "the cards are bunched; the same dealer deals again"),
        (EventKind.NEW_DEAL, "a new deal by the same dealer"),
    ]:
        told = n.event_lines(Event(kind, {"rule": "D-AF10", "words": words}))
        assert told[0].text[0].isupper(), told[0].text
    for game, cls in sorted(VARIANTS.items()):
        for laws in (False, True):
            t = cls([f"P{i + 1}" for i in range(min(cls.info.player_counts))], laws=laws)
            n = Narrator(t, None)
            rng = random.Random(1)
            for _ in range(MAX_ACTIONS):
                if t.is_over():
                    break
                a = t.chance_action(rng) if t.awaiting_chance() else irregular_step(t, rng)
                n.remember_names()
                try:
                    events = t.apply(a)
                except VivantError:  # an irregular card the laws refuse here: another action
                    continue
                lines = [x.text.strip() for x in n.choice_said(a, events)]
                for e in events:
                    lines += [x.text.strip() for x in n.event_lines(e, events)]
                for line in lines:
                    assert not line[:1].islower(), (game, line)
                    assert not re.search(r"\b1 (games|tricks|points|counters)\b", line), line


def test_duplicate_session_result_in_words() -> None:
    """DU-4: at the end of a session of trays the core says each tray's tricks per side and
    the totals, as the record has them; before the end it says nothing, and its log ends with
    the result (not a bare 'Session over')."""
    t = find_variant("duplicate")(["P1", "P2", "P3", "P4"])
    n = Narrator(t, None)
    rng = random.Random(2)
    told: list[str] = []
    while not t.is_over():
        assert n.result_lines() == []
        if t.awaiting_chance():
            a = t.chance_action(rng)
        else:
            seat = t.to_act()
            assert seat is not None
            a = rng.choice(t.legal_actions(seat))
        events = t.apply(a)
        told = [x.text.strip() for e in events for x in n.event_lines(e, events)]
    record = t.record()
    lines = n.result_lines()
    plays = [p for p in record["plays"] if not p.get("abandoned")]
    assert lines[0] == f"The session is over: {len(plays)} plays of Duplicate Whist."
    assert len(lines) == 2 + len(plays)
    ns, ew = record["totals"]["NS"], record["totals"]["EW"]
    assert lines[-1] == f"Tricks in all: North–South {ns}, East–West {ew}."
    assert told[-len(lines) :] == lines
    mort = find_variant("mort")(["P1", "P2", "P3"])
    assert Narrator(mort).result_lines() == []


@pytest.mark.parametrize("game", sorted(VARIANTS))
def test_a_replays_words_say_every_card_as_it_is_played(game: str) -> None:
    """The replay's caption (``every_card``) says each card as it falls, by whom, then the trick
    with it; the table's words say the cards only with their trick."""
    cls = find_variant(game)
    names = [f"P{i + 1}" for i in range(min(cls.info.player_counts))]
    t = cls(names)
    replay, table = Narrator(t, every_card=True), Narrator(t)
    rng = random.Random(game)
    plays = 0
    while not t.is_over() and plays < 20:
        action = t.chance_action(rng) if t.awaiting_chance() else irregular_step(t, rng)
        replay.remember_names()
        table.remember_names()
        try:
            events = t.apply(action)
        except Exception:  # an irregular card the laws refuse: another action
            continue
        said = [x.text for e in events for x in replay.event_lines(e, events)]
        quiet = [x.text for e in events for x in table.event_lines(e, events)]
        if isinstance(action, Play):
            plays += 1
            role = t.role(action.seat)
            assert said[0] == f"{replay.who(role)} plays {card_name(action.card)}.", said
            assert said[1:] == quiet and not any(" plays " in line for line in quiet)
    assert plays == 20
