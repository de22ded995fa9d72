"""A finished sitting, card by card: one frame per stored event.

Once a sitting is over every hand may be shown, so a frame lays all four hands open — each taken
from that seat's own view, as the engine gives it — with the trick on the table, the tricks won,
the score and what just happened.
"""

from __future__ import annotations

from typing import Any

from vivant.actions import action_from_json
from vivant.cards import SEAT_LETTERS
from vivant.conventions import Sitting
from vivant.describe import Narrator

from .live import LiveTable, public_action
from .store import EventRow


def _frame(
    table: Any,
    seq: int,
    actor: str | None,
    action: dict[str, Any] | None,
    text: list[str] | None = None,
) -> dict[str, Any]:
    views = [table.view(s) for s in range(4)]
    v = views[0].to_json()
    return {
        "seq": seq,
        "actor": actor,
        "action": None if action is None else public_action(action),
        "text": text or [],
        "phase": v["phase"],
        "hands": {SEAT_LETTERS[s]: views[s].to_json()["hand"] for s in range(4)},
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
    words = Narrator(sitting.table)
    frames = [_frame(sitting.table, 0, None, None)]
    for r in rows:
        action = action_from_json(r.action)
        words.remember_names()
        events = sitting.apply(action)
        if words.table is not sitting.table:  # cards taken back: the table was rebuilt
            words = Narrator(sitting.table)
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
