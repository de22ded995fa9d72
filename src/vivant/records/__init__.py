"""Records of play: PBN 2.1 with the whist profile (and, later, the JSON event log and SVG).

This layer imports the core (:mod:`vivant.cards`, :mod:`vivant.errors`); nothing in the core
imports it. See ``docs/pbn-whist-profile.md`` for the profile.
"""

from vivant.records.pbn import (
    MANDATORY_TAGS,
    PbnComment,
    PbnError,
    PbnGame,
    PbnResult,
    PbnTag,
    PbnTrick,
    PbnWriteError,
    format_deal,
    parse_deal,
    read_pbn,
    trick_winner,
    write_pbn,
)
from vivant.records.pbn_whist import (
    PROFILE_TAGS,
    PbnProfileError,
    WhistDeal,
    WhistIrregularity,
    WhistReadResult,
    WhistTrick,
    check_whist_deal,
    deal_only_pbn,
    read_whist_pbn,
    whist_from_pbn,
    whist_to_pbn,
    write_whist_pbn,
)

__all__ = [
    "MANDATORY_TAGS",
    "PROFILE_TAGS",
    "PbnComment",
    "PbnError",
    "PbnGame",
    "PbnProfileError",
    "PbnResult",
    "PbnTag",
    "PbnTrick",
    "PbnWriteError",
    "WhistDeal",
    "WhistIrregularity",
    "WhistReadResult",
    "WhistTrick",
    "check_whist_deal",
    "deal_only_pbn",
    "format_deal",
    "parse_deal",
    "read_pbn",
    "read_whist_pbn",
    "trick_winner",
    "whist_from_pbn",
    "whist_to_pbn",
    "write_pbn",
    "write_whist_pbn",
]
