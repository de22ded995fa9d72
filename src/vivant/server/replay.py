"""A finished sitting, card by card: one frame per stored event.

Once a sitting is over every hand may be shown, so a frame lays all four hands open — each taken
from that seat's own view, as the engine gives it — with the trick on the table, the tricks won,
the score and what just happened.
"""

from __future__ import annotations

from typing import Any

from vivant.actions import action_from_json
from vivant.describe import Narrator
from vivant.variants import find_variant

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
        "hands": {"NESW"[s]: views[s].to_json()["hand"] for s in range(4)},
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
    table = find_variant(lt.row.variant).from_config(lt.row.config)
    words = Narrator(table)
    frames = [_frame(table, 0, None, None)]
    for r in rows:
        action = action_from_json(r.action)
        words.remember_names()
        events = table.apply(action)
        text = [line.text for line in words.choice_said(action, events)]
        for e in events:
            text += [line.text for line in words.event_lines(e, events)]
        frames.append(_frame(table, r.seq, r.actor, r.action, text))
    record = getattr(table, "record", None)
    return {
        "id": lt.id,
        "variant": lt.row.variant,
        "title": lt.row.title,
        "info": table.info.to_json(),
        "frames": frames,
        "record": record() if callable(record) else None,
    }
