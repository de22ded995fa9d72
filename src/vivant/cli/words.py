"""The terminal's helpers for the engine's messages. The games' words are the core's
(:mod:`vivant.describe`); this module only re-exports what the terminal needs to show the
engine's refusals without their rule IDs."""

from __future__ import annotations

from vivant.describe import without_rule_ids

__all__ = ["without_rule_ids"]
