"""What a game is, declared once on its table class: :class:`GameInfo` (issue 14, point 1).

Every table class holds ``info``, a frozen :class:`GameInfo`: its title and aliases, how many
may play (and how many by default), its four compass seats with their letters and roles, its
sides, what a whole sitting is called (a tournée, a rubber, a match), what the laws mode adds,
and its rules summary. The terminal, the server, the lobby and the records read it; none of them
keeps its own list of games (DESIGN §1: the core knows the games, the front ends show them).

>>> from vivant.variants import MortTable
>>> MortTable.info.title, MortTable.info.player_counts, MortTable.info.unit
('Mort', (3, 4), 'tournée')
>>> [s.letter for s in MortTable.info.seats]
['V', 'R', 'M', 'L']
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from vivant.cards import Seat

#: What a seat holds: a player's hand, a dummy's (exposed, played by its partner: Mort, Dummy)
#: or a dead hand (dealt, never played: Humbug, Thirteen and the Odd), or nothing.
SeatKind = Literal["player", "dummy", "dead", "empty"]


@dataclass(frozen=True, slots=True)
class SeatInfo:
    """One compass seat of a game: ``letter`` the game's own letter for it (Mort's V R M L),
    ``role`` the role in words (``"Mort's right"``), ``kind`` what the seat holds."""

    seat: Seat
    letter: str
    role: str
    kind: SeatKind


@dataclass(frozen=True, slots=True)
class SideInfo:
    """A side of the score: its key in views and records (``"VM"``) and its name in words."""

    key: str
    name: str


@dataclass(frozen=True, slots=True)
class TableSetting:
    """A setting of the table a person chooses when he sets it up (a keyword option of the
    table's constructor, :attr:`vivant.table.Table.options`): its ``name``, what it means in
    ``words``, its ``kind`` — ``"bool"``, ``"int"`` (``minimum`` … ``maximum``) or ``"choice"``
    (``choices``: value and words each; the value ``""`` means none) — and its ``default``."""

    name: str
    words: str
    kind: Literal["bool", "int", "choice"]
    default: bool | int | str
    minimum: int = 0
    maximum: int = 0
    choices: tuple[tuple[str, str], ...] = ()

    def to_json(self) -> dict[str, object]:
        return {
            "name": self.name,
            "words": self.words,
            "kind": self.kind,
            "default": self.default,
            "minimum": self.minimum,
            "maximum": self.maximum,
            "choices": [{"value": v, "words": w} for v, w in self.choices],
        }

    def value(self, raw: object) -> bool | int | str | None:
        """``raw`` checked against the setting (``None`` for a choice of none); a
        :class:`ValueError` saying what is wrong otherwise."""
        if self.kind == "bool":
            if not isinstance(raw, bool):
                raise ValueError(f"{self.name} is true or false, not {raw!r}")
            return raw
        if self.kind == "int":
            if type(raw) is not int or not self.minimum <= raw <= self.maximum:
                raise ValueError(
                    f"{self.name} is a whole number from {self.minimum} to {self.maximum}, "
                    f"not {raw!r}"
                )
            return raw
        values = [v for v, _ in self.choices]
        if raw not in values:
            raise ValueError(f"{self.name} is one of {values}, not {raw!r}")
        assert isinstance(raw, str)
        return raw or None


@dataclass(frozen=True, slots=True)
class GameInfo:
    """The declared metadata of one game.

    ``name`` is the registry name (``vivant play NAME``), ``title`` the game's name in words
    (also the PBN ``WhistVariant`` value), ``player_counts`` every number of players the game
    is played by here (``default_players`` among them) and ``cut_in`` how many may cut for the
    table (Mort: more than four may cut, four play, M-2.3). ``unit`` is what a whole sitting is
    called; ``dummy_name`` what a hand laid face up and played by its partner is called;
    ``score_title`` what the running score of a game is called; ``laws`` what the laws mode adds
    (``--laws``: irregular play recorded and the laws decide, DESIGN §3); ``summary`` the rules as
    the program plays them (``vivant rules GAME``). ``revoke_penalty`` is how many tricks (or
    points) a revoke's penalty moves (three at whist, WL-7; two at Duplicate Whist, D-DU2);
    ``honours`` whether honours score; ``scores`` what the play is worth, ``"tricks"`` or
    ``"points"`` (All Fours' High, Low, Jack and Game, AF-4); ``command`` the ``vivant`` command
    that plays a sitting (Duplicate Whist's trays are played as an event: ``duplicate play``);
    ``game_to`` the points that make a game (0 where a game is not a race to points);
    ``seat_choice`` the roles a person may ask for in the first game (Mort's V, R, L: the first,
    second and third cutters' places, M-2.2); ``claims`` why the game takes no claims of tricks
    (D-TC7), empty where it takes them (D-TC4)."""

    name: str
    title: str
    aliases: tuple[str, ...]
    player_counts: tuple[int, ...]
    default_players: int
    seats: tuple[SeatInfo, SeatInfo, SeatInfo, SeatInfo]
    sides: tuple[SideInfo, ...]
    unit: str
    laws: str
    summary: str
    dummy_name: str = "Dummy"
    score_title: str = "Score"
    cut_in: int = 0
    revoke_penalty: int = 3
    honours: bool = True
    scores: str = "tricks"
    command: str = "play"
    game_to: int = 0
    seat_choice: tuple[str, ...] = ()
    settings: tuple[TableSetting, ...] = ()
    #: Why the game takes no claims of tricks at a casual table (D-TC7), in words; ``""``
    #: where it takes them (D-TC4).
    claims: str = ""
    #: Each player plays for himself (Boston, BO-1.1): the sides are the hand's, not fixed
    #: partnerships, so a duel may give a player some seats (``vivant duel --players``).
    each_for_himself: bool = False

    def __post_init__(self) -> None:
        if self.default_players not in self.player_counts:
            raise ValueError(f"{self.name}: default {self.default_players} not a player count")
        if [s.seat for s in self.seats] != [0, 1, 2, 3]:
            raise ValueError(f"{self.name}: seats must be N, E, S, W in order")

    @property
    def max_at_table(self) -> int:
        """How many may sit down to cut: ``cut_in`` or the largest player count."""
        return max(self.cut_in, *self.player_counts)

    @property
    def letters(self) -> tuple[str, ...]:
        """The game's letters for N, E, S, W."""
        return tuple(s.letter for s in self.seats)

    def seat_letter(self, seat: Seat) -> str:
        return self.seats[seat].letter

    def role(self, letter: str) -> str:
        """The role of the seat with ``letter``, in words; ``""`` for an unknown letter."""
        return next((s.role for s in self.seats if s.letter == letter), "")

    def side_name(self, key: str) -> str:
        """A side's name in words from its key (``"VM"`` → ``"Vivant and Mort"``)."""
        return next((s.name for s in self.sides if s.key == key), key)

    def plays(self, n: int) -> bool:
        """Whether the game is played by ``n`` here."""
        return n in self.player_counts

    def seats_at_table(self, n: int) -> bool:
        """Whether ``n`` may sit down at the table: a player count, or up to :attr:`cut_in`
        cutting for the places."""
        return self.plays(n) or min(self.player_counts) <= n <= self.max_at_table

    def players_words(self) -> str:
        """``"3 or 4"``: the player counts, for messages."""
        words = [str(n) for n in self.player_counts]
        if len(words) == 1:
            return words[0]
        return ", ".join(words[:-1]) + " or " + words[-1]

    def to_json(self) -> dict[str, object]:
        """The metadata as the server sends it (``/api/variants``)."""
        return {
            "name": self.name,
            "title": self.title,
            "aliases": list(self.aliases),
            "players": list(self.player_counts),
            "default_players": self.default_players,
            "seats": [
                {"seat": "NESW"[s.seat], "letter": s.letter, "role": s.role, "kind": s.kind}
                for s in self.seats
            ],
            "roles": list(self.letters),
            "sides": [{"key": s.key, "name": s.name} for s in self.sides],
            "unit": self.unit,
            "laws": self.laws,
            "dummy_name": self.dummy_name,
            "score_title": self.score_title,
            "revoke_penalty": self.revoke_penalty,
            "honours": self.honours,
            "scores": self.scores,
            "game_to": self.game_to,
            "rules": self.summary,
            "settings": [t.to_json() for t in self.settings],
        }


def declare_seats(
    letters: Sequence[str],
    roles: Sequence[str],
    *,
    dummies: Sequence[Seat] = (),
    dead: Sequence[Seat] = (),
    empty: Sequence[Seat] = (),
) -> tuple[SeatInfo, SeatInfo, SeatInfo, SeatInfo]:
    """The four seats from the game's letters and role words, N E S W."""

    def one(s: Seat) -> SeatInfo:
        kind: SeatKind = "player"
        if s in dummies:
            kind = "dummy"
        elif s in dead:
            kind = "dead"
        elif s in empty:
            kind = "empty"
        return SeatInfo(s, letters[s], roles[s], kind)

    return (one(0), one(1), one(2), one(3))


def declare_sides(*pairs: tuple[str, str]) -> tuple[SideInfo, ...]:
    return tuple(SideInfo(k, n) for k, n in pairs)


def laws_paragraph(summary: str) -> str:
    """The part of a rules summary that says what the laws mode adds: from ``Laws:`` to the end
    of its paragraph, on one line."""
    start = summary.find("Laws:")
    if start < 0:
        return ""
    text = summary[start + len("Laws:") :]
    end = text.find("\n\n")
    text = text if end < 0 else text[:end]
    return " ".join(text.split())
