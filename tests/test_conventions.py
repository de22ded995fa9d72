"""A card taken back with consent (D-TC1), in the core: :class:`vivant.conventions.Sitting`
over real tables of several games, checked against an independent oracle — the same game
replayed from the moves still in effect, as if the withdrawn cards had never been played."""

from __future__ import annotations

import random
from typing import Any

import pytest

from vivant.actions import Action, AnswerUndo, AskUndo, Play
from vivant.conventions import Sitting
from vivant.describe import Narrator
from vivant.errors import InvalidActionError
from vivant.table import PLAY
from vivant.variants import find_variant

GAMES = [
    ("mort", ["Ann", "Bea", "Cy"]),
    ("english-dummy", ["Ann", "Bea", "Cy"]),
    ("double-dummy", ["Ann", "Bea"]),
    ("humbug", ["Ann", "Bea"]),
    ("duplicate", ["Ann", "Bea", "Cy", "Dan"]),
    ("all-fours", ["Ann", "Bea", "Cy"]),
]


def into_play(variant: str, players: list[str], laws: bool = False, cards: int = 6) -> Sitting:
    """A sitting with ``cards`` cards of its first hand played (chance and defaults decide)."""
    sitting = Sitting(find_variant(variant)(players, laws=laws).config())
    rng = random.Random(11)
    played = 0
    while played < cards:
        t = sitting.table
        if t.awaiting_chance():
            action: Action = t.chance_action(rng)
        else:
            seat = t.to_act()
            assert seat is not None
            legal = t.legal_actions(seat)
            plays = [a for a in legal if isinstance(a, Play)]
            action = rng.choice(plays) if plays else legal[0]
        sitting.apply(action)
        played += isinstance(action, Play)
    assert sitting.table.phase == PLAY
    return sitting


@pytest.mark.parametrize(("variant", "players"), GAMES)
def test_a_card_agreed_back_leaves_the_game_as_if_never_played(
    variant: str, players: list[str]
) -> None:
    sitting = into_play(variant, players)
    moves_before = list(sitting.moves)
    last = moves_before[-1]
    assert isinstance(last, Play)
    asker = sitting.table.controller(last.seat)
    assert AskUndo(last.seat) in sitting.offers(asker)
    events = sitting.apply(AskUndo(last.seat))
    assert events[0].kind == "undo_asked"
    waiting = sitting.answerers(last.seat)
    assert asker not in waiting and waiting
    for seat in waiting:
        assert sitting.to_act() == seat or seat in sitting.undo.waiting  # type: ignore[union-attr]
        assert sitting.legal_actions(seat) == [AnswerUndo(seat, True), AnswerUndo(seat, False)]
        events = sitting.apply(AnswerUndo(seat, True))
    assert events[-1].kind == "cards_taken_back"
    oracle = find_variant(variant).replay(sitting.config, moves_before[:-1])
    for s in (None, 0, 1, 2, 3):
        assert sitting.table.view(s).to_json() == oracle.view(s).to_json()
    assert last in sitting.table.legal_actions(asker)  # the card is playable again


def test_a_refusal_leaves_the_card_where_it_lies_and_play_waits_for_the_answers() -> None:
    sitting = into_play("mort", ["Ann", "Bea", "Cy"])
    last = sitting.moves[-1]
    assert isinstance(last, Play)
    before = sitting.table.view(None).to_json()
    sitting.apply(AskUndo(last.seat))
    seat = sitting.table.to_act()
    assert seat is not None
    nxt = next(a for a in sitting.table.legal_actions(seat) if isinstance(a, Play))
    with pytest.raises(InvalidActionError, match="waits for the answers"):
        sitting.apply(nxt)
    first = sitting.answerers(last.seat)[0]
    events = sitting.apply(AnswerUndo(first, False))
    assert [e.kind for e in events] == ["undo_refused"]
    assert sitting.undo is None and sitting.table.view(None).to_json() == before
    sitting.apply(nxt)  # play goes on


def test_cards_played_after_it_go_back_with_it() -> None:
    sitting = into_play("mort", ["Ann", "Bea", "Cy"], cards=5)
    mine = sitting.moves[-2]
    assert isinstance(mine, Play)
    ask = AskUndo(mine.seat)
    assert ask in sitting.offers(sitting.table.controller(mine.seat))
    kept = sitting.moves[:-2]
    sitting.apply(ask)
    events: list[Any] = []
    for seat in sitting.answerers(mine.seat):
        events = sitting.apply(AnswerUndo(seat, True))
    assert events[-1].kind == "cards_taken_back"
    assert len(events[-1].data["cards"]) == 2
    assert events[-1].data["cards"][0] == mine.to_json()["card"]
    assert sitting.moves == kept


@pytest.mark.parametrize(("variant", "players"), GAMES[:3])
def test_never_in_laws_mode(variant: str, players: list[str]) -> None:
    sitting = into_play(variant, players, laws=True)
    last = sitting.moves[-1]
    assert isinstance(last, Play)
    assert sitting.offers(sitting.table.controller(last.seat)) == []
    with pytest.raises(InvalidActionError, match="laws mode"):
        sitting.apply(AskUndo(last.seat))


def test_nothing_to_take_back_once_a_new_hand_or_an_answer_is_due() -> None:
    sitting = Sitting(find_variant("mort")(["Ann", "Bea", "Cy"]).config())
    assert all(sitting.offers(s) == [] for s in range(4))
    with pytest.raises(InvalidActionError, match="no card to take back"):
        sitting.apply(AskUndo(0))
    with pytest.raises(InvalidActionError, match="no request"):
        sitting.apply(AnswerUndo(1, True))
    sitting = into_play("mort", ["Ann", "Bea", "Cy"])
    last = sitting.moves[-1]
    assert isinstance(last, Play)
    sitting.apply(AskUndo(last.seat))
    asker = sitting.table.controller(last.seat)
    with pytest.raises(InvalidActionError, match="no answer to give"):
        sitting.apply(AnswerUndo(asker, True))
    with pytest.raises(InvalidActionError, match="already being answered"):
        sitting.apply(AskUndo(last.seat))


def test_the_log_with_requests_and_answers_replays_exactly() -> None:
    sitting = into_play("english-dummy", ["Ann", "Bea", "Cy"])
    log = [m.to_json() for m in sitting.moves]
    last = sitting.moves[-1]
    assert isinstance(last, Play)
    for action in (
        AskUndo(last.seat),
        *[AnswerUndo(s, True) for s in sitting.answerers(last.seat)],
    ):
        sitting.apply(action)
        log.append(action.to_json())
    again = Sitting.replay(sitting.config, log)
    assert again.moves == sitting.moves
    assert again.table.view(None).to_json() == sitting.table.view(None).to_json()
    assert again.table.log_json() == sitting.table.log_json()


def test_the_pbn_of_a_sitting_with_a_card_taken_back_holds_the_moves_in_effect() -> None:
    """The whist profile cannot carry a request to take a card back (D-TC1): the PBN of the
    sitting is that of the moves still in effect (the withdrawn card is not in it), and it
    round-trips to them; the event log alone keeps the request and the answers."""
    from vivant.records.sitting import export_pbn, import_pbn

    sitting = into_play("mort", ["Ann", "Bea", "Cy"])
    last = sitting.moves[-1]
    assert isinstance(last, Play)
    sitting.apply(AskUndo(last.seat))
    for seat in sitting.answerers(last.seat):
        sitting.apply(AnswerUndo(seat, True))
    text = export_pbn(sitting.table)
    oracle = find_variant("mort").replay(sitting.config, [m.to_json() for m in sitting.moves])
    assert text == export_pbn(oracle)
    back = import_pbn(text)
    assert not back.errors and back.table is not None
    assert export_pbn(back.table) == text


@pytest.mark.parametrize(("variant", "players"), GAMES)
def test_the_offer_to_take_a_card_back_names_the_hand_in_the_games_words(
    variant: str, players: list[str]
) -> None:
    """The core words each offer (front ends hold no seat names): the asker's own card is "your
    last card"; a hand he plays for another (Mort, a dummy) is named as the game names it, never
    by the engine's seat letter; the open request names the person who asked."""
    others: set[str] = set()
    for cards in (5, 6, 7, 8):  # Mort's, a dummy's card among them (checked below)
        sitting = into_play(variant, players, cards=cards)
        last = sitting.moves[-1]
        assert isinstance(last, Play)
        asker = sitting.table.controller(last.seat)
        narrator = Narrator(sitting.table, sitting.table.seat_player(asker))
        said = narrator.action(AskUndo(last.seat), asker)
        if last.seat == asker:
            assert said == "take back your last card"
        else:
            role = sitting.table.role(last.seat)
            assert said == f"take back the last card of {narrator.who(role)}"
            assert f"({narrator.dummy_word()})" in said
            others.add(variant)
        sitting.apply(AskUndo(last.seat))
        undo = sitting.undo_json()
        assert undo is not None and undo["asker"] == sitting.table.seat_player(asker)
    if variant in ("mort", "english-dummy", "double-dummy"):
        assert variant in others
