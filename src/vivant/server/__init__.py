"""The browser front end: an authoritative table server (DESIGN §1, research/ecosystem.md A3).

``create_app(db_url)`` builds the ASGI application (:mod:`vivant.server.app`); ``vivant serve``
runs it under uvicorn. Layers: :mod:`~vivant.server.store` (SQLAlchemy: SQLite or PostgreSQL,
the event log), :mod:`~vivant.server.live` (a table in memory and what each viewer is sent),
:mod:`~vivant.server.hub` (the accept-store-acknowledge-fan-out path, computer players),
:mod:`~vivant.server.cards_svg` (card faces) and ``static/`` (plain HTML, CSS, ES modules).
"""

from vivant.server.app import MAX_MESSAGE, create_app

__all__ = ["MAX_MESSAGE", "create_app"]
