"""The JSON event log: the lossless record of a sitting (DESIGN §2, issue 7).

A sitting is a fold over its actions, so the log file keeps exactly what rebuilds it — the
table's :meth:`~vivant.table.Table.config` and its action log — plus the derived record for
readers that do not run the engine::

    {"format": "vivant-log", "version": 1,
     "config": {"variant": "mort", "players": [...], "laws": false, ...},
     "meta": {"event": "...", ...},          # optional, free JSON (event, site, date, seed)
     "actions": [{"type": "Cut", ...}, ...],  # table.log_json(), one action per line
     "record": {...}}                         # table.record(): derived, ignored when loading

:func:`load_log` rebuilds the table with ``Table.replay``-style application of every action to a
fresh table of the variant the config names. Any problem raises :class:`LogError` (an
:class:`~vivant.errors.InvalidNotationError`) naming the file and what is wrong: bad JSON (line
and column), a wrong format or version, an unknown variant, an action that does not parse or
that the engine refuses (its index, counted from 0, and the engine's own message). A table is
returned only when every action applied: never a half-loaded one.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

from vivant.actions import Action, action_from_json
from vivant.errors import InvalidNotationError, VivantError
from vivant.table import Table
from vivant.variants import find_variant

__all__ = [
    "LOG_FORMAT",
    "LOG_VERSION",
    "LogError",
    "SittingLog",
    "build_table",
    "dumps_log",
    "load_log",
    "log_document",
    "parse_log",
    "read_log",
    "save_log",
    "table_record",
]

LOG_FORMAT: Final = "vivant-log"
LOG_VERSION: Final = 1


class LogError(InvalidNotationError):
    """A log file that cannot be loaded; the message names the file and the problem."""


@dataclass
class SittingLog:
    """A loaded log: the rebuilt table and the file's ``meta`` (free JSON data)."""

    table: Table
    meta: dict[str, Any] = field(default_factory=dict)


def table_record(table: Table) -> dict[str, Any] | None:
    """The table's record of the sitting (DESIGN §4), or ``None`` for a table that keeps none."""
    record = getattr(table, "record", None)
    return record() if callable(record) else None


def log_document(table: Table, meta: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The log of ``table`` as JSON data (see the module docstring)."""
    doc: dict[str, Any] = {
        "format": LOG_FORMAT,
        "version": LOG_VERSION,
        "config": table.config(),
    }
    if meta:
        doc["meta"] = dict(meta)
    doc["actions"] = table.log_json()
    doc["record"] = table_record(table)
    return doc


def dumps_log(table: Table, meta: Mapping[str, Any] | None = None) -> str:
    """The log file's text: valid JSON with one action per line, so that a diff reads well."""
    doc = log_document(table, meta)
    actions = doc.pop("actions")
    record = doc.pop("record")

    def one(value: object) -> str:
        return json.dumps(value, ensure_ascii=False)

    lines = ["{", *(f"  {one(key)}: {one(value)}," for key, value in doc.items())]
    lines.append('  "actions": [')
    last = len(actions) - 1
    lines.extend(f"    {one(a)}{',' if i < last else ''}" for i, a in enumerate(actions))
    lines += ["  ],", f'  "record": {one(record)}', "}"]
    return "\n".join(lines) + "\n"


def save_log(table: Table, path: str | Path, meta: Mapping[str, Any] | None = None) -> None:
    """Write the log of ``table`` to ``path`` (UTF-8). The file is written beside the target
    and renamed over it, so an interrupted save never leaves a half-written log."""
    target = Path(path)
    if not target.name or target.is_dir():
        raise LogError(f"{target}: cannot write: it is a directory, not a file")
    partial = target.with_name(target.name + ".partial")
    try:
        partial.write_text(dumps_log(table, meta), encoding="utf-8")
        partial.replace(target)
    except OSError as exc:
        partial.unlink(missing_ok=True)
        raise LogError(f"{target}: cannot write: {exc.strerror}") from None


def _fail(source: str, message: str) -> LogError:
    return LogError(f"{source}: {message}")


def parse_log(text: str | bytes, source: str = "<log>") -> SittingLog:
    """Rebuild the sitting a log's text describes; raises :class:`LogError`."""
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise _fail(source, f"not UTF-8 text (byte {exc.start})") from None
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as exc:
        raise _fail(
            source, f"not valid JSON: {exc.msg} (line {exc.lineno}, column {exc.colno})"
        ) from None
    if not isinstance(doc, dict):
        raise _fail(source, f"a log is a JSON object, not {type(doc).__name__}")
    if doc.get("format") != LOG_FORMAT:
        raise _fail(source, f'not a Vivant event log (it has no "format": "{LOG_FORMAT}")')
    version = doc.get("version")
    if version != LOG_VERSION:
        raise _fail(
            source, f"log version {version!r} is not supported (this Vivant reads {LOG_VERSION})"
        )
    config, actions = doc.get("config"), doc.get("actions")
    if not isinstance(config, dict):
        raise _fail(source, "no 'config' object")
    if not isinstance(actions, list):
        raise _fail(source, "no 'actions' list")
    meta = doc.get("meta", {})
    if not isinstance(meta, dict):
        raise _fail(source, "'meta' must be an object")
    return SittingLog(build_table(config, actions, source), meta)


def build_table(config: dict[str, Any], actions: list[Any], source: str = "<log>") -> Table:
    """A fresh table of ``config``'s variant with every action of ``actions`` (JSON) applied."""
    variant = config.get("variant")
    if not isinstance(variant, str):
        raise _fail(source, f"config: variant {variant!r} is not a game name")
    players = config.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise _fail(source, f"config: players {players!r} is not a list of names")
    try:
        cls = find_variant(variant)
        table = cls.from_config(config)
    except (VivantError, TypeError) as exc:
        raise _fail(source, f"config: {exc}") from None
    for i, data in enumerate(actions):
        try:
            action: Action = action_from_json(data)
        except VivantError as exc:
            raise _fail(source, f"action {i}: {exc}") from None
        try:
            table.apply(action)
        except VivantError as exc:
            raise _fail(source, f"action {i} {_brief(data)} refused: {exc}") from None
    return table


def _brief(data: dict[str, Any]) -> str:
    if data.get("type") == "Deal":
        return "(Deal)"
    return "(" + " ".join(str(v) for v in data.values()) + ")"


def read_log(path: str | Path) -> SittingLog:
    """Load a log file: the rebuilt table and the file's ``meta``; raises :class:`LogError`."""
    p = Path(path)
    try:
        data = p.read_bytes()
    except OSError as exc:
        raise LogError(f"{p}: cannot read: {exc.strerror}") from None
    return parse_log(data, str(p))


def load_log(path: str | Path) -> Table:
    """The table a log file rebuilds (every action replayed); raises :class:`LogError`."""
    return read_log(path).table
