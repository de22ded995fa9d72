"""The settings a person chooses for a new table (``"options"`` of ``POST /api/tables``).

Which settings a game has, what each means and what values it takes are the game's own
declaration (:attr:`vivant.info.GameInfo.settings`); this module only checks a client's values
against it at the boundary and hands them to the table's constructor, whose own checks (say,
Duplicate Whist's Mnemonic form needing a declared trump, SD-2) come after.
"""

from __future__ import annotations

from typing import Any

from vivant.table import Table


class OptionError(ValueError):
    """A setting the game does not have, or a value it does not take."""


def table_options(variant: type[Table], raw: object) -> dict[str, Any]:
    """The keyword options for ``variant``'s constructor from a client's ``options`` object:
    every key one of the game's declared settings, every value one it takes; settings left out
    keep their defaults. :class:`OptionError` saying what is wrong otherwise."""
    if raw is None:
        return {}
    if not isinstance(raw, dict):
        raise OptionError(f"options must be an object of settings, not {raw!r}")
    declared = {s.name: s for s in variant.info.settings}
    out: dict[str, Any] = {}
    for key, value in raw.items():
        setting = declared.get(key)
        if setting is None:
            known = ", ".join(declared) or "none"
            raise OptionError(
                f"{variant.info.title} has no setting {key!r} (its settings: {known})"
            )
        try:
            checked = setting.value(value)
        except ValueError as exc:
            raise OptionError(str(exc)) from None
        if checked is not None:
            out[key] = checked
    return out
