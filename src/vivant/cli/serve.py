"""``vivant serve``: the browser table, under uvicorn.

``vivant serve [--host 127.0.0.1] [--port 8000] [--db URL] [--bot-delay SECONDS]`` serves the
lobby and the tables at ``http://HOST:PORT``. Storage is SQLite in ``./vivant.db`` (WAL mode) by
default; ``--db postgresql+psycopg://user@host/dbname`` uses PostgreSQL. Tables whose sitting is
not over resume where they were, even after the server was killed.
"""

from __future__ import annotations

import argparse
import math

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


def seconds(text: str) -> float:
    """``--bot-delay``: a finite number of seconds, not negative."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not math.isfinite(value) or value < 0:
        raise argparse.ArgumentTypeError(f"{text!r}: give a number of seconds, 0 or more")
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
        "e.g. postgresql+psycopg://user@127.0.0.1/vivant)",
    )
    parser.add_argument(
        "--bot-delay",
        type=seconds,
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
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Start uvicorn with the application; returns when the server stops."""
    import uvicorn
    from sqlalchemy.exc import SQLAlchemyError

    from vivant.errors import VivantError
    from vivant.server import MAX_MESSAGE, create_app

    try:
        app = create_app(args.db, bot_delay=args.bot_delay)
    except (SQLAlchemyError, OSError) as exc:  # a store that cannot be opened: say which
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
    )
    return 0


def _safe(url: str) -> str:
    """The URL without a password."""
    if "@" in url and "://" in url:
        scheme, rest = url.split("://", 1)
        creds, host = rest.rsplit("@", 1)
        return f"{scheme}://{creds.split(':', 1)[0]}@{host}"
    return url
