"""The ``vivant`` command: one subcommand per module in this package.

Each command module has ``register(subparsers)``, which adds its parser and sets ``func`` to the
function that runs it (returning the process exit code). Heavy imports happen inside those
functions, so ``vivant --help`` stays fast.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

from vivant.cli.words import without_rule_ids
from vivant.errors import VivantError

#: Command modules, in the order ``vivant --help`` lists them.
COMMANDS: tuple[str, ...] = (
    "play",
    "rules",
    "record",
    "replay",
    "duplicate",
    "duel",
    "simulate",
    "study",
    "serve",
    "solve",
)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="vivant",
        description="The dummy games of whist, as Foster's Complete Hoyle lays them down.",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sub.required = True
    for name in COMMANDS:
        importlib.import_module(f"vivant.cli.{name}").register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        code: int = args.func(args)
    except VivantError as exc:
        print(f"vivant: error: {without_rule_ids(str(exc))}", file=sys.stderr)
        return 2
    except OSError as exc:  # a file named on the command line: never a traceback (point 20)
        where = f"{exc.filename}: " if exc.filename else ""
        print(f"vivant: error: {where}{exc.strerror or exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("\nvivant: interrupted", file=sys.stderr)
        return 130
    return code
