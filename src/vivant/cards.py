"""Cards, card sets and seats: the small value types everything else is built on.

A card is an ``int`` from 0 to 51: ``suit * 13 + rank``, where suits run spades, hearts, diamonds,
clubs (``S H D C``, the order double-dummy solvers use) and ranks run two (0) up to ace (12), the
playing order at whist (rules README, "Card notation"; seed 000: "ranking as at whist for cutting
and playing"). A set of cards is a 52-bit mask, bit ``card`` set when the card is present, so one
suit of a hand is ``(mask >> 13 * suit) & 0x1FFF`` with the ace in the top bit.

>>> parse_card("H10")  # hearts (suit 1) * 13 + ten (rank 8)
21
>>> card_name(parse_card("h10"))
'HT'
>>> hand = CardSet.parse("SA SK HT D2")
>>> str(hand), len(hand)
('SA SK HT D2', 4)
>>> hand.pbn()
'AK.T.2.'
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Final, TypeAlias, TypeGuard

from vivant.errors import InvalidNotationError

Card: TypeAlias = int
Suit: TypeAlias = int
Seat: TypeAlias = int

SPADES: Final = 0
HEARTS: Final = 1
DIAMONDS: Final = 2
CLUBS: Final = 3
SUITS: Final = (SPADES, HEARTS, DIAMONDS, CLUBS)
SUIT_LETTERS: Final = "SHDC"
SUIT_SYMBOLS: Final = "♠♥♦♣"
SUIT_NAMES: Final = ("spades", "hearts", "diamonds", "clubs")

RANK_LETTERS: Final = "23456789TJQKA"
#: The ranks in words, two to ace (as players name them: "six for Low", AF-4.10).
RANK_WORDS: Final = (
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "jack",
    "queen",
    "king",
    "ace",
)
TWO: Final = 0
TEN: Final = 8
JACK: Final = 9
QUEEN: Final = 10
KING: Final = 11
ACE: Final = 12

NORTH: Final = 0
EAST: Final = 1
SOUTH: Final = 2
WEST: Final = 3
SEATS: Final = (NORTH, EAST, SOUTH, WEST)
SEAT_LETTERS: Final = "NESW"

SUIT_MASK: Final = 0x1FFF
FULL_PACK_MASK: Final = (1 << 52) - 1


def card(suit: Suit, rank: int) -> Card:
    """The card of ``suit`` (0..3) and ``rank`` (0 = two .. 12 = ace)."""
    return suit * 13 + rank


def suit_of(c: Card) -> Suit:
    """The suit of a card (0 spades .. 3 clubs)."""
    return c // 13


def rank_of(c: Card) -> int:
    """The playing rank of a card: 0 for the two up to 12 for the ace."""
    return c % 13


def cutting_rank(c: Card) -> int:
    """Rank for cutting: ace lowest, then two .. king (WL-1.2). Returns 1 (ace) .. 13 (king)."""
    r = c % 13
    return 1 if r == ACE else r + 2


def card_name(c: Card) -> str:
    """Two-character notation, suit first: ``SA``, ``HT``, ``D2``."""
    return SUIT_LETTERS[c // 13] + RANK_LETTERS[c % 13]


#: ``card_name`` of every card, by card.
CARD_NAMES: Final = tuple(SUIT_LETTERS[c // 13] + RANK_LETTERS[c % 13] for c in range(52))


def parse_suit(text: str) -> Suit:
    """A suit from its letter, symbol or name (``S``, ``♠``, ``spades``)."""
    t = text.strip()
    if len(t) == 1:
        i = SUIT_LETTERS.find(t.upper())
        if i < 0:
            i = SUIT_SYMBOLS.find(t)
        if i >= 0:
            return i
    elif t.lower() in SUIT_NAMES:
        return SUIT_NAMES.index(t.lower())
    raise InvalidNotationError(f"invalid suit {text!r}: expected one of S H D C")


def parse_rank(text: str) -> int:
    """A rank from ``A K Q J T 9 .. 2``; ``10`` is accepted for the ten."""
    t = text.strip().upper()
    if t == "10":
        return TEN
    if len(t) == 1:
        i = RANK_LETTERS.find(t)
        if i >= 0:
            return i
    raise InvalidNotationError(f"invalid rank {text!r}: expected one of A K Q J T 9 8 7 6 5 4 3 2")


def parse_card(text: str) -> Card:
    """Parse a card in suit-rank notation, case-insensitive, ``10`` for ``T``.

    Rank-suit order (``AS``, ``10H``) and suit symbols (``♠A``) are accepted too, since people type
    them; output is always the two-character suit-first form.
    """
    t = text.strip()
    if len(t) < 2 or len(t) > 3:
        raise InvalidNotationError(
            f"invalid card {text!r}: expected suit then rank, e.g. SA, HT, H10, D2"
        )
    head, tail = t[0], t[1:]
    if head.upper() in SUIT_LETTERS or head in SUIT_SYMBOLS:
        try:
            return parse_suit(head) * 13 + parse_rank(tail)
        except InvalidNotationError:
            pass
    head, tail = t[:-1], t[-1]
    if tail.upper() in SUIT_LETTERS or tail in SUIT_SYMBOLS:
        try:
            return parse_suit(tail) * 13 + parse_rank(head)
        except InvalidNotationError:
            pass
    raise InvalidNotationError(
        f"invalid card {text!r}: expected suit then rank, e.g. SA, HT, H10, D2"
    )


def parse_seat(text: str) -> Seat:
    """A compass seat from ``N E S W``."""
    i = SEAT_LETTERS.find(text.strip().upper()) if len(text.strip()) == 1 else -1
    if i < 0:
        raise InvalidNotationError(f"invalid seat {text!r}: expected one of N E S W")
    return i


def is_seat(value: object) -> TypeGuard[Seat]:
    """Whether ``value`` is a seat: an int 0..3 (N E S W), never a bool."""
    return type(value) is int and 0 <= value < 4


def left_of(seat: Seat, n: int = 4) -> Seat:
    """The next seat clockwise (the player to one's left; play and deal go this way)."""
    return (seat + 1) % n


def right_of(seat: Seat, n: int = 4) -> Seat:
    """The previous seat clockwise (the player to one's right, e.g. the dealer's pone)."""
    return (seat - 1) % n


def partner_of(seat: Seat) -> Seat:
    """The seat opposite in a four-seat table."""
    return (seat + 2) % 4


def suit_mask(suit: Suit) -> int:
    """The 52-bit mask of all thirteen cards of a suit."""
    return SUIT_MASK << (13 * suit)


_BITCOUNT = int.bit_count


class CardSet:
    """An immutable set of cards over a 52-bit mask (``mask`` bit ``c`` set when card ``c`` is in).

    It behaves as a set of ints, iterates in display order (spades first, high cards first), and
    exposes the mask for the bit arithmetic the solver and the engine use.
    """

    __slots__ = ("mask",)

    mask: int

    def __init__(self, cards: Iterable[Card] | int = 0) -> None:
        if isinstance(cards, int):
            if cards < 0 or cards > FULL_PACK_MASK:
                raise ValueError(f"card mask out of range: {cards:#x}")
            object.__setattr__(self, "mask", cards)
            return
        mask = 0
        for c in cards:
            if not 0 <= c < 52:
                raise ValueError(f"not a card: {c!r}")
            mask |= 1 << c
        object.__setattr__(self, "mask", mask)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("CardSet is immutable")

    @classmethod
    def full_pack(cls) -> CardSet:
        """All 52 cards."""
        return cls(FULL_PACK_MASK)

    @classmethod
    def parse(cls, text: str) -> CardSet:
        """Cards separated by spaces or commas: ``"SA HT H10 D2"``. Duplicates are an error."""
        mask = 0
        for token in text.replace(",", " ").split():
            c = parse_card(token)
            if mask >> c & 1:
                raise InvalidNotationError(f"card {card_name(c)} listed twice in {text!r}")
            mask |= 1 << c
        return cls(mask)

    @classmethod
    def from_pbn(cls, text: str) -> CardSet:
        """A hand in PBN form, ``spades.hearts.diamonds.clubs``: ``"AKQ2.T98..5432"``."""
        parts = text.strip().split(".")
        if len(parts) != 4:
            raise InvalidNotationError(
                f"invalid PBN hand {text!r}: expected four suits separated by dots"
            )
        mask = 0
        for suit, ranks in enumerate(parts):
            for ch in ranks:
                r = RANK_LETTERS.find(ch.upper())
                if r < 0:
                    raise InvalidNotationError(f"invalid rank {ch!r} in PBN hand {text!r}")
                bit = 1 << (suit * 13 + r)
                if mask & bit:
                    raise InvalidNotationError(
                        f"card {card_name(suit * 13 + r)} listed twice in PBN hand {text!r}"
                    )
                mask |= bit
        return cls(mask)

    def pbn(self) -> str:
        """The PBN form of this set: suits spades to clubs, high card first, dots between."""
        return ".".join(
            "".join(RANK_LETTERS[r] for r in range(12, -1, -1) if self.mask >> (13 * s + r) & 1)
            for s in SUITS
        )

    def suit(self, suit: Suit) -> CardSet:
        """The cards of one suit."""
        return CardSet(self.mask & (SUIT_MASK << (13 * suit)))

    def count_suit(self, suit: Suit) -> int:
        """How many cards of ``suit`` this set holds."""
        return _BITCOUNT(self.mask >> (13 * suit) & SUIT_MASK)

    def has_suit(self, suit: Suit) -> bool:
        return bool(self.mask >> (13 * suit) & SUIT_MASK)

    def highest(self) -> Card:
        """The highest-ranking card within the set's top suit bits (use on one suit)."""
        if not self.mask:
            raise ValueError("highest() of an empty card set")
        return self.mask.bit_length() - 1

    def lowest(self) -> Card:
        """The lowest card by index (use on one suit)."""
        if not self.mask:
            raise ValueError("lowest() of an empty card set")
        return (self.mask & -self.mask).bit_length() - 1

    def __iter__(self) -> Iterator[Card]:
        m = self.mask
        for s in SUITS:
            sm = m >> (13 * s) & SUIT_MASK
            while sm:
                top = sm.bit_length() - 1
                yield 13 * s + top
                sm ^= 1 << top

    def __len__(self) -> int:
        return _BITCOUNT(self.mask)

    def __bool__(self) -> bool:
        return bool(self.mask)

    def __contains__(self, c: object) -> bool:
        return isinstance(c, int) and 0 <= c < 52 and bool(self.mask >> c & 1)

    def __or__(self, other: CardSet) -> CardSet:
        return CardSet(self.mask | other.mask)

    def __and__(self, other: CardSet) -> CardSet:
        return CardSet(self.mask & other.mask)

    def __sub__(self, other: CardSet) -> CardSet:
        return CardSet(self.mask & ~other.mask)

    def __xor__(self, other: CardSet) -> CardSet:
        return CardSet(self.mask ^ other.mask)

    def add(self, c: Card) -> CardSet:
        """A new set with ``c`` added."""
        return CardSet(self.mask | 1 << c)

    def remove(self, c: Card) -> CardSet:
        """A new set without ``c`` (which must be present)."""
        if not self.mask >> c & 1:
            raise KeyError(card_name(c))
        return CardSet(self.mask ^ 1 << c)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, CardSet) and other.mask == self.mask

    def __hash__(self) -> int:
        return hash(self.mask)

    def __le__(self, other: CardSet) -> bool:
        return self.mask & ~other.mask == 0

    def __str__(self) -> str:
        return " ".join(card_name(c) for c in self)

    def __repr__(self) -> str:
        return f"CardSet.parse({str(self)!r})"


def cards_of(mask: int) -> list[Card]:
    """The cards of a mask, lowest index first (fast path for the engine)."""
    out: list[Card] = []
    append = out.append
    while mask:
        low = mask & -mask
        append(low.bit_length() - 1)
        mask ^= low
    return out
