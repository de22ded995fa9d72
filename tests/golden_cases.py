"""The command lines whose ``--json`` records are kept in ``tests/data/golden/`` (issue 14).

Each case is a file name and the argument list given to ``vivant``. The records were made before
the core learnt to describe its games; ``test_golden_records.py`` proves that they still come out
byte for byte. ``python tests/golden_cases.py`` writes them anew (only when a change of the
records is intended and explained in its commit).
"""

from __future__ import annotations

import contextlib
import io
import sys
from pathlib import Path

GOLDEN = Path(__file__).parent / "data" / "golden"

_PLAYS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("mort", ()),
    ("mort", ("--players", "4")),
    ("mort", ("--laws", "--opponents", "random")),
    ("english-dummy", ()),
    ("english-dummy", ("--laws", "--opponents", "random")),
    ("double-dummy", ()),
    ("double-dummy", ("--laws", "--opponents", "random")),
    ("bridge-for-three", ()),
    ("bridge-for-three", ("--laws", "--opponents", "random")),
    ("humbug", ()),
    ("humbug-declared", ("--laws", "--opponents", "random")),
    ("thirteen", ()),
    ("thirteen", ("--laws", "--opponents", "random")),
    ("all-fours", ("--players", "2")),
    ("all-fours", ("--players", "3")),
    ("all-fours", ("--players", "4", "--laws", "--opponents", "random")),
)


def _name(game: str, extra: tuple[str, ...], seed: int) -> str:
    tail = "-".join(part.lstrip("-") for part in extra)
    return f"{game}-{tail or 'plain'}-{seed}"


_DUPLICATES: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("duplicate-howell-1", ("--tables", "2", "--trays", "2")),
    ("duplicate-mnemonic-1", ("--tables", "1", "--mnemonic", "--trays", "2")),
)

CASES: tuple[tuple[str, tuple[str, ...]], ...] = (
    *(
        (_name(game, extra, seed), ("play", game, *extra, "--auto", "--json", "--seed", str(seed)))
        for game, extra in _PLAYS
        for seed in (1, 2)
    ),
    *(
        (name, ("duplicate", "play", *extra, "--auto", "--json", "--seed", "1"))
        for name, extra in _DUPLICATES
    ),
)


def run(argv: tuple[str, ...], save: Path) -> dict[str, str]:
    """What ``vivant ARGV --save SAVE`` prints and saves, run in this process: the record under
    ``NAME.json`` and each saved event log under its own file name."""
    from vivant.cli import main

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = main([*argv, "--save", str(save)])
    if code != 0:
        raise RuntimeError(f"vivant {' '.join(argv)} exited with {code}")
    files = sorted(save.rglob("*")) if save.is_dir() else [save]
    saved = {f.name: f.read_text(encoding="utf-8") for f in files if f.is_file()}
    return {"record.json": out.getvalue(), **saved}


def outputs(name: str, argv: tuple[str, ...], scratch: Path) -> dict[str, str]:
    """The golden files of one case: ``NAME.json`` for the record, ``NAME.SAVED`` for each log."""
    target = scratch / name / ("logs" if argv[0] == "duplicate" else "log.json")
    target.parent.mkdir(parents=True, exist_ok=True)
    return {
        name + (".json" if key == "record.json" else "." + key): text
        for key, text in run(argv, target).items()
    }


if __name__ == "__main__":
    import tempfile

    GOLDEN.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        for name, argv in CASES:
            for file, text in outputs(name, argv, Path(tmp)).items():
                (GOLDEN / file).write_text(text, encoding="utf-8")
                print(file, file=sys.stderr)
