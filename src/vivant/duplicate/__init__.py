"""Duplicate Whist, all in one package (rules duplicate.md, movements.md; seed 003).

- :mod:`vivant.duplicate.table` — :class:`DuplicateTable`, one table's programme of trays: the
  trays dealt once and replayed, every trick counting (DU-1.6), the laws of Duplicate Whist.
- :mod:`vivant.duplicate.movements` — the multi-table movements (Mitchell, Howell, the team
  system, Foster's six pairs, Mnemonic replays) as schedules, and their validator (MV-1.*).
- :mod:`vivant.duplicate.scoring` — comparing the plays of a tray: pars, equating, matches,
  teams, Single-table and individual Mnemonic Duplicate (SC-*, EQ-*, MN-*, SD-*).
- :mod:`vivant.duplicate.event` — a whole event played by computer players, the same for the
  terminal (``vivant duplicate play``) and the server.
"""

from vivant.duplicate.event import play_event, play_individuals, schedule_json
from vivant.duplicate.movements import (
    KINDS,
    Schedule,
    TrayPlay,
    Validation,
    generate,
    plays,
    validate,
)
from vivant.duplicate.scoring import EventResult, TrayResult, score_event
from vivant.duplicate.table import (
    DuplicateTable,
    Session,
    Tray,
    deal_trays,
    event_results,
    event_sessions,
)

__all__ = [
    "KINDS",
    "DuplicateTable",
    "EventResult",
    "Schedule",
    "Session",
    "Tray",
    "TrayPlay",
    "TrayResult",
    "Validation",
    "deal_trays",
    "event_results",
    "event_sessions",
    "generate",
    "play_event",
    "play_individuals",
    "plays",
    "schedule_json",
    "score_event",
    "validate",
]
