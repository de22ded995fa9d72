"""A finished sitting, card by card: one frame per stored event.

Once a sitting is over every hand may be shown, so a frame lays all four hands open — each taken
from that seat's own view, as the engine gives it, or from the deal where its player had not yet
looked at it — with the trick on the table, the tricks won, the score and what just happened
(every card said as it is played).
"""

from __future__ import annotations

from typing import Any

from vivant.actions import action_from_json
from vivant.cards import SEAT_LETTERS, CardSet, card_name
from vivant.conventions import Sitting
from vivant.describe import Narrator

from .live import LiveTable, public_action
from .store import EventRow


def _unlooked(table: Any, hands: dict[str, list[str]]) -> dict[str, list[str]]:
    """The hands whose players have not yet looked at them (All Fours' third player before
    trumps are settled, AF-2.1): their own views show no cards, but the sitting is over and the
    replay lays every hand open, so their cards, by seat letter."""
    h = table.hand
    if h is None:
        return {}
    return {
        SEAT_LETTERS[s]: [card_name(c) for c in CardSet(h.hands[s])]
        for s in range(4)
        if h.hands[s] and not hands[SEAT_LETTERS[s]]
    }


def _frame(
    table: Any,
    seq: int,
    actor: str | None,
    action: dict[str, Any] | None,
    text: list[str] | None = None,
) -> dict[str, Any]:
    views = [table.view(s) for s in range(4)]
    v = views[0].to_json()
    hands = {SEAT_LETTERS[s]: views[s].to_json()["hand"] for s in range(4)}
    unlooked = _unlooked(table, hands)
    for letter, cards in unlooked.items():
        hands[letter] = cards
    return {
        "seq": seq,
        "actor": actor,
        "action": None if action is None else public_action(action),
        "text": text or [],
        "phase": v["phase"],
        "hands": hands,
        "unlooked": sorted(unlooked),
        "roles": v["roles"],
        "names": v["names"],
        "dealer": v["dealer"],
        "trump": v["trump"],
        "turn_up": v["turn_up"],
        "trick": v["trick"],
        "last_trick": v["tricks"][-1] if v["tricks"] else None,
        "won": v["won"],
        "score": v["score"],
        "game": v["extra"].get("game"),
        "sheet": v["extra"].get("sheet", []),
        # Duplicate Whist: the tray in play and whether it lies turned (None for other games)
        "tray": v["extra"].get("tray"),
        "turned": v["extra"].get("turned"),
    }


def replay_frames(lt: LiveTable, rows: list[EventRow]) -> dict[str, Any]:
    """Every frame of the sitting, from the empty table to the final score sheet."""
    sitting = Sitting(lt.row.config)  # a card taken back (D-TC1) replays too
    words = Narrator(sitting.table, every_card=True)
    frames = [_frame(sitting.table, 0, None, None)]
    for r in rows:
        action = action_from_json(r.action)
        words.remember_names()
        events = sitting.apply(action)
        if words.table is not sitting.table:  # cards taken back: the table was rebuilt
            words = Narrator(sitting.table, every_card=True)
        text = [line.text for line in words.choice_said(action, events)]
        for e in events:
            text += [line.text for line in words.event_lines(e, events)]
        # stand_in: the kind of computer player that played for the absent person ``actor``.
        frame = _frame(sitting.table, r.seq, r.actor, r.action, text)
        frames.append({**frame, "stand_in": r.stand_in})
    record = getattr(sitting.table, "record", None)
    return {
        "id": lt.id,
        "variant": lt.row.variant,
        "title": lt.row.title,
        "info": sitting.table.info.to_json(),
        "frames": frames,
        "record": record() if callable(record) else None,
    }
