"""What a simulation found: per line-up, the sittings' settlements by player kind and the games'
values, each mean with a 95% interval; and the rows themselves as CSV or Parquet files.

Figures are rounded to six decimals, so that the summary of the same rows is the same text
whichever executor produced them.
"""

from __future__ import annotations

import csv
import json
import math
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from vivant.errors import VivantError

#: z for a two-sided 95% interval (normal approximation).
Z95 = 1.959963984540054

FORMATS: tuple[str, ...] = ("csv", "parquet")


def describe(values: Sequence[float]) -> dict[str, Any]:
    """Count, minimum, maximum, mean and the half-width of its 95% interval."""
    n = len(values)
    if n == 0:
        return {"n": 0}
    mean = math.fsum(values) / n
    var = math.fsum((v - mean) ** 2 for v in values) / (n - 1) if n > 1 else 0.0
    return {
        "n": n,
        "min": min(values),
        "max": max(values),
        "mean": round(mean, 6),
        "ci95": round(Z95 * math.sqrt(var / n), 6),
    }


def summarise(results: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """The summary of :func:`vivant.sim.executors.run`'s results, line-up by line-up."""
    lineups: dict[int, list[dict[str, Any]]] = {}
    for result in results:
        lineups.setdefault(result["sitting"]["lineup"], []).append(result)
    return {"lineups": [_lineup(k, lineups[k]) for k in sorted(lineups)]}


def _lineup(index: int, results: list[dict[str, Any]]) -> dict[str, Any]:
    sittings = [r["sitting"] for r in results]
    games = [g for r in results for g in r["games"]]
    places = sorted(k[len("kind_") :] for k in sittings[0] if k.startswith("kind_"))
    by_kind: dict[str, list[float]] = {}
    for row in sittings:
        for place in places:
            by_kind.setdefault(row[f"kind_{place}"], []).append(row[f"settle_{place}"])
    values = [g["value"] for g in games if g["value"] is not None]
    return {
        "lineup": index,
        "game": sittings[0]["game"],
        "players": [sittings[0][f"kind_{p}"] for p in places],
        "sittings": len(sittings),
        "games": len(games),
        "hands": sum(row["hands"] for row in sittings),
        "settlement_by_kind": {kind: describe(v) for kind, v in sorted(by_kind.items())},
        "game_value": describe(values),
    }


def write_rows(results: Sequence[dict[str, Any]], out: Path, fmt: str) -> list[Path]:
    """Write ``sittings.FMT`` and ``games.FMT`` under ``out``; the paths written."""
    if fmt not in FORMATS:
        raise VivantError(f"unknown format {fmt!r}: choose csv or parquet")
    out.mkdir(parents=True, exist_ok=True)
    tables = {
        "sittings": [r["sitting"] for r in results],
        "games": [g for r in results for g in r["games"]],
    }
    written = []
    for name, rows in tables.items():
        path = out / f"{name}.{fmt}"
        (_write_parquet if fmt == "parquet" else _write_csv)(rows, path)
        written.append(path)
    return written


def _write_csv(rows: list[dict[str, Any]], path: Path) -> None:
    with path.open("w", newline="", encoding="utf-8") as f:
        writer = csv.DictWriter(f, fieldnames=list(rows[0]) if rows else [])
        writer.writeheader()
        writer.writerows(rows)


def _write_parquet(rows: list[dict[str, Any]], path: Path) -> None:
    try:
        import pyarrow as pa
        import pyarrow.parquet as pq
    except ImportError as exc:  # pragma: no cover - depends on the installed extras
        raise VivantError("Parquet output needs pyarrow: pip install 'vivant[sim]'") from exc
    pq.write_table(pa.Table.from_pylist(rows), path)


def summary_text(summary: dict[str, Any]) -> str:
    """The summary as canonical JSON text (sorted keys), the same for the same rows."""
    return json.dumps(summary, sort_keys=True, indent=2) + "\n"
