"""``vivant rules GAME``: a short summary of a game's rules as the program plays them.

``vivant rules`` alone lists the games. The text is each variant's
:meth:`~vivant.table.Table.rules_summary`.
"""

from __future__ import annotations

import argparse


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``rules`` to the ``vivant`` parser."""
    parser = subparsers.add_parser(
        "rules",
        help="print a short summary of a game's rules",
        description="Print the rules of a game as the program plays them.",
    )
    parser.add_argument("game", nargs="?", help="the game (omit to list the games)")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from vivant.variants import VARIANTS, find_variant

    if args.game is None:
        for name in sorted(VARIANTS):
            first = VARIANTS[name].rules_summary().splitlines()[:1]
            print(f"{name:18} {first[0] if first else ''}")
        return 0
    print(find_variant(args.game).rules_summary(), end="")
    return 0
