"""``vivant serve``: the browser table, under uvicorn.

``vivant serve [--host 127.0.0.1] [--port 8000] [--db URL] [--bot-delay SECONDS]`` serves the
lobby and the tables at ``http://HOST:PORT``. Storage is SQLite in ``./vivant.db`` (WAL mode) by
default; ``--db postgresql+psycopg://user@host/dbname`` uses PostgreSQL. Tables whose sitting is
not over resume where they were, even after the server was killed.
"""

from __future__ import annotations

import argparse


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``serve`` to the ``vivant`` parser."""
    parser = subparsers.add_parser(
        "serve",
        help="serve the browser table (lobby, live tables, replays)",
        description="Serve the browser table: lobby, live tables and replays.",
    )
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on")
    parser.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    parser.add_argument(
        "--db",
        default="sqlite:///vivant.db",
        help="SQLAlchemy URL of the store (default sqlite:///vivant.db; "
        "e.g. postgresql+psycopg://user@127.0.0.1/vivant)",
    )
    parser.add_argument(
        "--bot-delay",
        type=float,
        default=0.6,
        help="seconds between computer players' moves (default 0.6)",
    )
    parser.add_argument("--log-level", default="info", help="uvicorn log level")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Start uvicorn with the application; returns when the server stops."""
    import uvicorn

    from vivant.server import MAX_MESSAGE, create_app

    app = create_app(args.db, bot_delay=max(0.0, args.bot_delay))
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
