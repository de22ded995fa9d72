"""Type stub of the C extension (see _dd.c)."""

from collections.abc import Sequence

class Engine:
    """A double-dummy search engine with its own bounded transposition table."""

    def __init__(self, tt_bytes: int = ...) -> None: ...
    @property
    def tt_bytes(self) -> int: ...
    @property
    def nodes(self) -> int: ...
    def solve(
        self,
        hands: Sequence[int],
        trump: int,
        leader: int,
        trick: Sequence[int],
        all_cards: bool,
        sides: int = ...,
        misere: bool = ...,
        node_limit: int = ...,
        only: int = ...,
        /,
    ) -> tuple[int, dict[int, int] | None] | None: ...
    def lead_table(self, hands: Sequence[int], /) -> tuple[tuple[int, int, int, int], ...]: ...
    def clear(self) -> None: ...
