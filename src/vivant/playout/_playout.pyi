def trace(
    order: bytes,
    sides: bytes,
    trick_size: int,
    flags: int,
    hands: tuple[int, int, int, int],
    trump: int,
    leader: int,
    picks: bytes,
) -> tuple[list[int], bytes, bytes, tuple[int, int]]: ...
def random_hands(
    order: bytes,
    sides: bytes,
    trick_size: int,
    flags: int,
    deal_map: bytes,
    turn_up_pos: int,
    trump: int,
    leader: int,
    n: int,
    seed: int,
) -> bytes: ...
