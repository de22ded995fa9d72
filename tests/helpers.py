"""Setting up tables through public notation: PBN deals, cards in notation, explicit cuts."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, TypeVar

from hypothesis import strategies as st

from vivant.actions import (
    Action,
    ChooseDeal,
    ChoosePenalty,
    ChooseSeats,
    ClaimRevoke,
    Cut,
    Deal,
    Play,
)
from vivant.cards import EAST, NORTH, CardSet, parse_card, parse_seat
from vivant.deal import pack_for_hands
from vivant.describe import Narrator
from vivant.errors import VivantError
from vivant.events import Event
from vivant.table import Table
from vivant.variants.mort import MortTable

PLAYERS4 = ("P1", "P2", "P3", "P4")

T = TypeVar("T", bound=Table)


def pbn_hands(deal: str) -> list[int]:
    """Masks per compass seat from a PBN deal string ``"N:... ... ... ..."``."""
    first, rest = deal.split(":", 1)
    start = parse_seat(first)
    hands = [0, 0, 0, 0]
    for i, text in enumerate(rest.split()):
        hands[(start + i) % 4] = CardSet.from_pbn(text).mask
    return hands


def formed_mort(players: tuple[str, ...] = PLAYERS4, laws: bool = False) -> MortTable:
    """A Mort table whose players cut in the order given (lowest first, no ties)."""
    t = MortTable(list(players), laws=laws)
    for i, card in enumerate(("CA", "D2", "H3", "S4", "C5", "D6", "H7", "S8")[: len(players)]):
        t.apply(Cut(player=i, card=parse_card(card)))
    return t


def mort_at(deal: str, turn_up: str, *, for_mort: bool = False, laws: bool = False) -> MortTable:
    """A four-player Mort table at the opening lead of game 1 with the given deal (seats N E S W
    are V R M L), dealt by Vivant for himself (or for Mort)."""
    t = formed_mort(laws=laws)
    t.apply(ChooseSeats(EAST, 1))
    t.apply(ChooseDeal(NORTH, for_mort))
    dealer = 2 if for_mort else 0
    t.apply(Deal(order=pack_for_hands(pbn_hands(deal), dealer, parse_card(turn_up))))
    return t


def attempt(t: Table, action: Action | None) -> bool:
    """Offers ``action`` (an irregularity or a demand the laws may refuse): whether the table
    recorded it. A refusal is a typed error, and the table plays on unchanged."""
    if action is None:
        return False
    try:
        t.apply(action)
    except VivantError:
        return False
    return True


def play(t: Table, *cards: str) -> None:
    """Play cards in notation, each from the hand that holds it."""
    for text in cards:
        c = parse_card(text)
        assert t.hand is not None
        seat = next(s for s in range(4) if t.hand.hands[s] >> c & 1)
        t.apply(Play(seat, c))


def formed(cls: type[T], n: int, *, laws: bool = False, **options: object) -> T:
    """A table of ``cls`` whose ``n`` players P1..Pn cut in that order (lowest first)."""
    t = cls([f"P{i + 1}" for i in range(n)], laws=laws, **options)
    for i, card in enumerate(("CA", "D2", "H3", "S4")[:n]):
        t.apply(Cut(player=i, card=parse_card(card)))
    return t


def deal(t: Table, deal: str, turn_up: str | None = None) -> None:
    """Deal the PBN ``deal`` from the table's dealer, turning up ``turn_up`` (the dealer's last
    card; any of his cards when None)."""
    hands = pbn_hands(deal)
    up = parse_card(turn_up) if turn_up else max(CardSet(hands[t.dealer]))
    t.apply(Deal(order=pack_for_hands(hands, t.dealer, up)))


def auto(t: T, seed: int = 0) -> T:
    """Finish a sitting with random correct play and default decisions."""
    rng = random.Random(seed)
    while not t.is_over():
        if t.awaiting_chance():
            t.apply(t.chance_action(rng))
            continue
        seat = t.to_act()
        assert seat is not None
        if t.phase == "play" and t.pending is None:
            t.apply(rng.choice(t.legal_actions(seat)))
        else:
            t.apply(t.default_action())
    return t


def finish_hand(t: Table) -> None:
    """Play the rest of the hand with the first correct card each time."""
    while t.phase == "play" and t.pending is None:
        seat = t.to_act()
        assert seat is not None
        t.apply(t.legal_actions(seat)[0])


def snapshot(t: Table) -> object:
    """Everything observable about a table, to check a refused action changed nothing."""
    views = [t.view(s).to_json() for s in (0, 1, 2, 3, None)]
    return (len(t.log), t.phase, views, t.record())


def last_hand(t: Table) -> dict[str, Any]:
    """The record of the last hand scored, whether or not it ended a game."""
    records: list[dict[str, Any]] = t.hand_records
    if records:
        return records[-1]
    games: list[dict[str, Any]] = t.games  # type: ignore[attr-defined]
    return games[-1]["hands"][-1]  # type: ignore[no-any-return]


def south_revoke_penalised(t: Table) -> dict[str, Any]:
    """Two-hand games: after S's revoke in trick 1, play the hand out; N claims it and takes the
    only penalty, three tricks (all S has if fewer), first (HU-4.4, TO-5). Returns the hand."""
    finish_hand(t)
    assert t.phase == "claims" and t.to_act() == NORTH
    t.apply(ClaimRevoke(NORTH, 1))
    assert [a.option for a in t.legal_actions(NORTH)] == ["T"]  # type: ignore[attr-defined]
    t.apply(ChoosePenalty(NORTH, 1, "T"))
    hand = last_hand(t)
    played = hand["tricks_in_play"]
    moved = min(3, played["S"])
    assert hand["won"] == {"N": played["N"] + moved, "S": played["S"] - moved}
    assert hand["irregularities"][0]["election"] == "T"
    return hand


def damage(lines: list[str], data: st.DataObject) -> list[str]:
    """A PBN file's lines damaged one to four times: a line dropped, two swapped, or a token
    replaced by another token of the file (for the never-crash import tests)."""
    tokens = sorted({tok for line in lines for tok in line.split()})
    for _ in range(data.draw(st.integers(1, 4))):
        i = data.draw(st.integers(0, len(lines) - 1))
        action = data.draw(st.sampled_from(["drop", "swap", "token"]))
        if action == "drop":
            del lines[i]
        elif action == "swap":
            j = data.draw(st.integers(0, len(lines) - 1))
            lines[i], lines[j] = lines[j], lines[i]
        elif lines[i].split():
            words = lines[i].split(" ")
            k = data.draw(st.integers(0, len(words) - 1))
            words[k] = data.draw(st.sampled_from(tokens))
            lines[i] = " ".join(words)
    return lines


def narrated(t: Table, you: str, run: Callable[[], object]) -> list[str]:
    """The lines ``you`` reads while ``run`` applies actions to ``t`` (test helpers that apply
    them themselves)."""
    narrator = Narrator(t, you)
    lines: list[str] = []
    apply = t.apply

    def told(a: Action) -> list[Event]:
        narrator.remember_names()
        events = apply(a)
        lines.extend(line.text for e in events for line in narrator.event_lines(e, events))
        return events

    setattr(t, "apply", told)  # noqa: B010 (the helpers call t.apply themselves)
    try:
        run()
    finally:
        delattr(t, "apply")
    return lines
