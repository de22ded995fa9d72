"""``vivant serve``: the browser table, under uvicorn.

``vivant serve [--host 127.0.0.1] [--port 8000] [--db URL] [--bot-delay SECONDS]`` serves the
lobby and the tables at ``http://HOST:PORT``. Storage is SQLite in ``./vivant.db`` (WAL mode) by
default; ``--db postgresql+psycopg://user@host/dbname`` uses PostgreSQL. Tables whose sitting is
not over resume where they were, even after the server was killed.

What one client may do is bounded (:mod:`vivant.server.limits`): a request's headers must arrive
within ``--header-timeout`` seconds and its body within ``--body-timeout``; a kept-alive
connection idle for ``--keep-alive`` seconds is closed; the server holds at most
``--max-connections`` connections (dropping the oldest half-sent request first); a client
address creates at most ``--new-tables`` tables per ``--new-tables-window`` seconds; a table
abandoned for ``--abandon-after`` seconds (not over, nobody connected, no action) is removed.
Seat tokens in query strings never reach the log.
"""

from __future__ import annotations

import argparse
import copy
import math
from typing import Any

from vivant.server.limits import Limits

DEFAULT = Limits()

#: uvicorn's log levels.
LOG_LEVELS = ("critical", "error", "warning", "info", "debug", "trace")


def port(text: str) -> int:
    """``--port``: 0 to 65535 (0: any free port)."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a port number") from None
    if not 0 <= value <= 65535:
        raise argparse.ArgumentTypeError(f"{value}: a port is 0 to 65535")
    return value


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``serve`` to the ``vivant`` parser."""
    parser = subparsers.add_parser(
        "serve",
        help="serve the browser table (lobby, live tables, replays)",
        description="Serve the browser table: lobby, live tables and replays.",
    )
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on")
    parser.add_argument("--port", type=port, default=8000, help="port (default 8000)")
    parser.add_argument(
        "--db",
        default="sqlite:///vivant.db",
        help="SQLAlchemy URL of the store (default sqlite:///vivant.db; "
        "e.g. postgresql+psycopg://user@127.0.0.1/vivant; on SQLite ?timeout=S sets the "
        "seconds a write waits for another process's lock, default 5)",
    )
    parser.add_argument(
        "--bot-delay",
        type=_non_negative,
        default=0.6,
        help="seconds between computer players' moves (default 0.6)",
    )
    parser.add_argument(
        "--log-level",
        default="info",
        type=str.lower,
        choices=LOG_LEVELS,
        help="uvicorn log level (default info)",
    )
    limits = parser.add_argument_group("limits", "what one client may do (0 where said: none)")
    limits.add_argument(
        "--header-timeout",
        metavar="SECONDS",
        type=_positive,
        default=10.0,
        help="seconds a client has to send a request's line and headers, on a new connection "
        "or after the previous answer; then the connection is closed (default 10)",
    )
    limits.add_argument(
        "--body-timeout",
        metavar="SECONDS",
        type=_positive,
        default=10.0,
        help="seconds a client has to send a request's whole body (at most 64 KiB); then it "
        "is answered 408 (default 10)",
    )
    limits.add_argument(
        "--keep-alive",
        metavar="SECONDS",
        type=_positive,
        default=5.0,
        help="seconds an idle kept-alive HTTP connection stays open (default 5)",
    )
    limits.add_argument(
        "--max-connections",
        metavar="N",
        type=int,
        default=1000,
        help="connections the server holds at once, websockets included; past it the oldest "
        "connection still sending its headers is dropped, or the new one answered 503 "
        "(default 1000)",
    )
    limits.add_argument(
        "--new-tables",
        metavar="N",
        type=int,
        default=DEFAULT.new_tables,
        help=f"tables one client address may create per --new-tables-window (default "
        f"{DEFAULT.new_tables}; 0: no limit)",
    )
    limits.add_argument(
        "--new-tables-window",
        metavar="SECONDS",
        type=_positive,
        default=DEFAULT.new_tables_window,
        help=f"seconds of that window (default {DEFAULT.new_tables_window:g})",
    )
    limits.add_argument(
        "--abandon-after",
        metavar="SECONDS",
        type=_non_negative,
        default=DEFAULT.abandon_after,
        help="seconds after which an abandoned table is removed: its sitting not over, nobody "
        f"connected (player or spectator), no action for that long (default "
        f"{DEFAULT.abandon_after:g}, a day; 0: never)",
    )
    parser.set_defaults(func=run)


def _non_negative(text: str) -> float:
    """Seconds: a finite number, 0 or more."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not math.isfinite(value) or value < 0:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds (0 or more)")
    return value


def _positive(text: str) -> float:
    """Seconds: a finite number, more than 0."""
    value = _non_negative(text)
    if value == 0:
        raise argparse.ArgumentTypeError(f"{text!r} is not a positive number of seconds")
    return value


def run(args: argparse.Namespace) -> int:
    """Start uvicorn with the application; returns when the server stops."""
    import uvicorn
    from sqlalchemy.exc import SQLAlchemyError

    from vivant.errors import VivantError
    from vivant.server import MAX_MESSAGE, create_app
    from vivant.server.limits import guarded_http

    if args.max_connections < 1:
        raise SystemExit("vivant serve: --max-connections must be at least 1")
    limits = Limits(
        body_timeout=args.body_timeout,
        new_tables=max(0, args.new_tables),
        new_tables_window=args.new_tables_window,
        abandon_after=args.abandon_after,
    )
    try:
        app = create_app(args.db, bot_delay=args.bot_delay, limits=limits)
    except (SQLAlchemyError, OSError, ValueError) as exc:  # a store that cannot be opened
        reason = str(getattr(exc, "orig", None) or exc).splitlines()[0]
        raise VivantError(f"cannot open the store {_safe(args.db)}: {reason}") from None
    print(f"Vivant: serving on http://{args.host}:{args.port}  (store: {_safe(args.db)})")
    uvicorn.run(
        app,
        host=args.host,
        port=args.port,
        log_level=args.log_level,
        ws_max_size=16 * MAX_MESSAGE,
        # Table messages are small; compressing each one costs more CPU than it saves.
        ws_per_message_deflate=False,
        ws_ping_interval=20.0,
        ws_ping_timeout=20.0,
        timeout_graceful_shutdown=3,
        http=guarded_http(args.header_timeout, args.max_connections),
        timeout_keep_alive=args.keep_alive,
        log_config=_log_config(),
    )
    return 0


def _log_config() -> dict[str, Any]:
    """uvicorn's logging, with seat tokens hidden from every line it writes."""
    from uvicorn.config import LOGGING_CONFIG

    config = copy.deepcopy(LOGGING_CONFIG)
    config["filters"] = {"tokens": {"()": "vivant.server.limits.RedactTokens"}}
    for handler in config["handlers"].values():
        handler["filters"] = ["tokens"]
    return config


def _safe(url: str) -> str:
    """The URL without a password."""
    if "@" in url and "://" in url:
        scheme, rest = url.split("://", 1)
        creds, host = rest.rsplit("@", 1)
        return f"{scheme}://{creds.split(':', 1)[0]}@{host}"
    return url
