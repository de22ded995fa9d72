"""Laws at the table in the terminal (issue 16, point 1): what a person at a laws-mode table
may do besides playing his cards in turn, and the moment he is given to do it.

In laws mode a person may play any card he holds, in or out of turn — a revoke, a lead out of
turn, a card from the wrong one of the hands he plays (Vivant's or Mort's, his own or his
dummy's) — and the engine's laws then apply (DESIGN §2: legal vs recordable). The irregularities
only the laws know are commands, typed at any prompt (:data:`COMMANDS`, listed by ``help`` in
the core's words, :data:`vivant.describe.LAWS_ACTION_WORDS`):

* ``two C1 C2`` — two cards played together (WL-5.1, M-6.6);
* ``misdeal [REASON]`` — a misdeal, before the opening lead (WL-4, M-5);
* ``exposed C [by R]`` — a card exposed in dealing, by the dealer or by role ``R`` (WL-3.3/3.4);
* ``attention`` — attention called to the trick before the partner has played (WL-6.9, DL-1);
* ``none`` — "having none?" asked of the partner who did not follow suit (WL-7.3, DL-3);
* ``revoke N`` — a revoke by the other side in trick N claimed, before the trick is quitted
  (it is corrected, WL-7.4) or after (it is established, WL-7.5); ``claim N`` at a card prompt
  says the same (:meth:`vivant.cli.play.Session.card_action`);
* ``call C`` — an exposed card of the hand about to play called (WL-5.2);
* ``direct C forbid|highest|lowest`` — Boston's single player directs an adversary who has the
  exposed card C: not to play it, or to play his highest or lowest of the suit led (BO-5.7);
* ``law`` — the rule, by its ID, of the choice the laws give now.

To act when it is not his turn, the person is given a moment before each computer player's card
(:class:`Lines`, ``--pause``): a prompt that waits the set seconds for a line (Enter holds the
play for as long as he likes), or, with ``--pause enter``, waits for Enter every time. Every
election the laws then give goes to the side they name; a person of that side makes it, with
the irregularity in words (``law`` names its rule). In strict mode none of this is offered: each
command is refused in words, and the computer players' cards follow without a pause.

No command reveals a card the person may not see: the cards named in a command are his, and
every refusal depends only on what he sees (D-W11, D-W13).
"""

from __future__ import annotations

import dataclasses
import os
import select
from collections.abc import Callable
from dataclasses import dataclass
from typing import IO, TYPE_CHECKING

from vivant.actions import (
    Action,
    AskRenounce,
    CallCard,
    ClaimRevoke,
    DirectExposed,
    DrawAttention,
    Elect,
    Play,
    PlayTogether,
    ReportExposed,
    ReportMisdeal,
)
from vivant.cards import Seat, card_name, parse_card
from vivant.describe import IRREGULARITY_WORDS, LAWS_ACTION_WORDS, in_words
from vivant.errors import VivantError
from vivant.table import PLAY, Table

if TYPE_CHECKING:
    from vivant.cli.play import Session

#: ``--pause enter``: wait for Enter before each computer player's card.
ENTER = None


#: ``--pause`` not given: as the input is (:func:`pause_for`).
PAUSE_AS_INPUT = -1.0
#: The pause on a terminal when none is given: long enough to press Enter.
TERMINAL_PAUSE = 1.5


def pause_for(asked: float | None, terminal: bool) -> float | None:
    """The pause before each computer player's card: what was asked, else
    :data:`TERMINAL_PAUSE` when a person types at a terminal and none when the input is piped
    (a script answers the prompts it is shown, and no more)."""
    if asked != PAUSE_AS_INPUT:
        return asked
    return TERMINAL_PAUSE if terminal else 0.0


def pause_setting(text: str) -> float | None:
    """``--pause``: a number of seconds (0 to 60) or ``enter``."""
    if text.strip().lower() == "enter":
        return ENTER
    try:
        value = float(text)
    except ValueError:
        raise VivantError(f"--pause takes seconds (0 to 60) or 'enter', not {text!r}") from None
    if not 0 <= value <= 60:
        raise VivantError(f"--pause takes seconds (0 to 60) or 'enter', not {text!r}")
    return value


class Lines:
    """Standard input, line by line, read from its file descriptor so that the program can wait
    a set time for a line (:meth:`ready`) without a buffered reader hiding what was typed. A
    stream without a descriptor (a test's ``StringIO``) is read as it is and never waited for."""

    def __init__(self, stream: IO[str]) -> None:
        self.stream = stream
        try:
            self.fd: int | None = stream.fileno()
        except (AttributeError, OSError, ValueError):
            self.fd = None
        self.buffer = b""
        self.ended = False

    def _fill(self, timeout: float | None) -> bool:
        """Read what is there (waiting up to ``timeout`` seconds; ``None``: until there is
        something); False if nothing came."""
        assert self.fd is not None
        if timeout is not None:
            ready, _, _ = select.select([self.fd], [], [], timeout)
            if not ready:
                return False
        chunk = os.read(self.fd, 65536)
        if not chunk:
            self.ended = True
        self.buffer += chunk
        return True

    def ready(self, timeout: float) -> bool:
        """Whether a whole line (or the end of input) comes within ``timeout`` seconds."""
        if self.fd is None:
            return False
        deadline = timeout
        while b"\n" not in self.buffer and not self.ended:
            if not self._fill(deadline):
                return False
            deadline = 0.05 if b"\n" not in self.buffer else deadline  # the rest of the line
        return True

    def read(self) -> str | None:
        """The next line without its end, or ``None`` at the end of input; a line that is not
        UTF-8 is read with replacement characters (and refused where it means nothing)."""
        if self.fd is None:
            line = self.stream.readline()
            return None if line == "" else line.rstrip("\r\n")
        while b"\n" not in self.buffer and not self.ended:
            self._fill(None)
        if b"\n" in self.buffer:
            raw, self.buffer = self.buffer.split(b"\n", 1)
        elif self.buffer:
            raw, self.buffer = self.buffer, b""
        else:
            return None
        return raw.decode("utf-8", errors="replace").rstrip("\r")


@dataclass(frozen=True, slots=True)
class Said:
    """Where a command is typed: ``seat`` is the person's (the one who speaks), ``hand`` the
    hand he is asked to play from (his own, or the dummy he plays, or at a pause his own)."""

    table: Table
    seat: Seat
    hand: Seat


def _usage(message: str) -> VivantError:
    return VivantError(message)


def _two(said: Said, words: list[str]) -> Action:
    usage = "two C1 C2 — two different cards played together, e.g. two SA SK"
    if len(words) != 3:
        raise _usage(usage)
    cards = (parse_card(words[1]), parse_card(words[2]))
    if cards[0] == cards[1]:
        raise _usage(usage)
    return PlayTogether(said.hand, cards)


def _revoke(said: Said, words: list[str]) -> Action:
    if len(words) != 2 or not words[1].isdecimal() or len(words[1]) > 3:
        raise _usage(
            f"{words[0].lower()} N — N is the number of the trick with the revoke, e.g. "
            f"{words[0].lower()} 3"
        )
    return ClaimRevoke(said.seat, int(words[1]))


def _misdeal(said: Said, words: list[str]) -> Action:
    reasons = type(said.table).misdeal_reasons
    usage = "misdeal [" + " | ".join(r.replace("_", "-") for r in reasons) + "]"
    if len(words) > 2:
        raise _usage(f"{usage} — a misdeal, before the opening lead, e.g. misdeal")
    reason = words[1].lower().replace("-", "_") if len(words) == 2 else reasons[0]
    if reason not in reasons:
        raise _usage(f"{usage} — {words[1]!r} is not a misdeal of this game")
    return ReportMisdeal(said.seat, reason)


def _exposed(said: Said, words: list[str]) -> Action:
    t = said.table
    letters = " ".join(dict.fromkeys(t.role(s) for s in range(4)))
    usage = (
        f"exposed C [by R] — card C exposed in dealing, by the dealer or by role R "
        f"(one of {letters}), e.g. exposed SA"
    )
    if len(words) not in (2, 4) or (len(words) == 4 and words[2].lower() != "by"):
        raise _usage(usage)
    card = parse_card(words[1])
    view = t.view(said.seat)
    if len(words) == 4:
        letter = words[3].upper()
        by = next((s for s in range(4) if t.role(s) == letter), None)
        if by is None:
            raise _usage(usage)
    elif view.dealer is not None:
        by = t.controller(view.dealer)
    else:
        by = said.seat
    return ReportExposed(said.seat, card, by)


def _attention(said: Said, words: list[str]) -> Action:
    if len(words) != 1:
        raise _usage("attention — call attention to the trick, with nothing after it")
    return DrawAttention(said.seat)


def _none(said: Said, words: list[str]) -> Action:
    if len(words) != 1:
        raise _usage('none — ask your partner "having none?", with nothing after it')
    return AskRenounce(said.seat)


def _call(said: Said, words: list[str]) -> Action:
    if len(words) != 2:
        raise _usage("call C — call the exposed card C of the hand about to play, e.g. call SK")
    card = parse_card(words[1])
    view = said.table.view(said.seat)
    target = next((s for s, cs in view.penalty_cards.items() if card in cs), None)
    if target is None and said.table.laws:  # the exposed cards are in every view
        raise VivantError(
            f"{card_name(card)} is not an exposed card: only an exposed card of the hand about "
            "to play may be called"
        )
    return CallCard(said.seat, said.seat if target is None else target, card)


DEMANDS = ("forbid", "highest", "lowest")


def _direct(said: Said, words: list[str]) -> Action:
    usage = "direct C forbid|highest|lowest — direct the adversary with exposed card C"
    if len(words) != 3 or words[2].lower() not in DEMANDS:
        raise _usage(f"{usage}, e.g. direct SK forbid")
    card = parse_card(words[1])
    view = said.table.view(said.seat)
    target = next((s for s, cs in view.penalty_cards.items() if card in cs), None)
    if target is None:
        raise VivantError(
            f"{card_name(card)} is not an exposed card: only an adversary's exposed card may be "
            "directed"
        )
    return DirectExposed(said.seat, target, card, words[2].lower())


@dataclass(frozen=True, slots=True)
class Command:
    """One laws command: the words typed (``names``, the first shown), how it is typed
    (``usage``), the action it makes (by class name: its words are the core's,
    :data:`~vivant.describe.LAWS_ACTION_WORDS`) and how. In strict mode the engine refuses the
    action in its own words; ``strict`` is the refusal where the engine has none for the mode
    (a claim it would examine, a call of a card no strict game exposes)."""

    names: tuple[str, ...]
    usage: str
    action: str
    build: Callable[[Said, list[str]], Action]
    strict: str = ""


#: The laws commands, in the order ``help`` lists them (a command table: another command is
#: one more row).
COMMANDS: tuple[Command, ...] = (
    Command(("two", "both"), "two C1 C2", "PlayTogether", _two),
    Command(
        ("revoke",),
        "revoke N",
        "ClaimRevoke",
        _revoke,
        "revokes are refused in strict mode; claims are for --laws games",
    ),
    Command(("none", "none?"), "none", "AskRenounce", _none),
    Command(("attention",), "attention", "DrawAttention", _attention),
    Command(("misdeal",), "misdeal", "ReportMisdeal", _misdeal),
    Command(("exposed",), "exposed C [by R]", "ReportExposed", _exposed),
    Command(
        ("call",),
        "call C",
        "CallCard",
        _call,
        "no card lies exposed in strict mode; calls are for --laws games",
    ),
    Command(
        ("direct",),
        "direct C forbid|highest|lowest",
        "DirectExposed",
        _direct,
        "no card lies exposed in strict mode; directions are for --laws games",
    ),
)
_BY_NAME = {name: c for c in COMMANDS for name in c.names}


def how_to_type(actions: list[Action]) -> str:
    """How the person types the laws actions offered to him before a card (calls, directions)."""
    kinds = {type(a).__name__ for a in actions}
    return " or ".join(c.usage for c in COMMANDS if c.action in kinds) or "the command"


def help_text(laws: bool, table: Table | None = None) -> tuple[tuple[str, str], ...]:
    """The laws part of ``help`` (paragraphs have an empty command): the commands of
    ``table``'s game (those whose action it knows) in the core's words, or, in strict mode,
    that they are for laws mode."""
    if not laws:
        return (
            (
                "",
                "With --laws the laws decide irregular play: any card may be played, in or out "
                "of turn, and two cards at once, a misdeal, an exposed card, attention called, "
                '"having none?" and revoke claims are commands (see help in such a game).',
            ),
        )
    return (
        ("", "With --laws (the laws decide irregular play), at any prompt:"),
        ("a card", LAWS_ACTION_WORDS["Play"]),
        *(
            (c.usage, LAWS_ACTION_WORDS[c.action])
            for c in COMMANDS
            if table is None or table.knows(c.action)
        ),
        ("law", "the rule that gives the choice the laws give now"),
        (
            "",
            "Before each computer player's card the program waits a moment (--pause): type a "
            "card or a command then to act out of turn, or Enter to hold the play while you "
            "decide.",
        ),
    )


def is_command(text: str) -> bool:
    """Whether ``text`` is one of the laws commands (well typed or not)."""
    words = text.split()
    return bool(words) and words[0].lower() in _BY_NAME


def parse(text: str, said: Said, laws: bool) -> Action | None:
    """The action a laws command asks for; ``None`` if ``text`` is not one; a
    :class:`VivantError` saying how to type it, or, where the engine would not say so, that it
    is for laws mode only."""
    words = text.split()
    if not words:
        return None
    command = _BY_NAME.get(words[0].lower())
    if command is None:
        return None
    action = command.build(said, words)  # bad usage is told first, in any mode
    if not laws and command.strict:
        raise VivantError(command.strict)
    return action  # in strict mode the engine refuses the others in its words


def law_words(table: Table) -> str:
    """``law``: the rule that gives the choice due now, by its ID, with the choice in words."""
    p = table.pending
    if p is not None:
        options = " or ".join(in_words(o) for o in p.options)
        return (
            f"The law: {p.rule}, for {in_words(p.kind, IRREGULARITY_WORDS)}: the choice is "
            f"{options} (vivant rules {table.variant} gives the laws as this program plays them)."
        )
    due = table.decision_due()
    if due is not None:
        return f"The law: {due[0].rule} — {due[0].question}"
    return "The laws give no choice now: play goes on."


def person_seat(table: Table, name: str) -> Seat | None:
    """The seat at which the person ``name`` sits now (not a dummy he plays; ``None`` when he
    sits out)."""
    for s in range(4):
        if s not in table.dummy_seats and table.seat_player(s) == name:
            return s
    return None


def person_decides(table: Table, name: str) -> Seat | None:
    """The person's seat when the laws' election pending now (:class:`~vivant.laws.Election`)
    is his side's, even where the table would wait first for his computer partner: the side
    the laws name elects, and a person of it speaks for it. (The other decisions are made in
    the table's order.)"""
    seat = person_seat(table, name)
    if seat is None or table.pending is None:
        return None
    return seat if seat in table.pending.electors and table.to_act() != seat else None


def default_for(seat: Seat, default: Action | None) -> Action | None:
    """The customary default (D-G2) made by ``seat`` (a default is given for the first
    elector; a person of the same side takes it in his own name)."""
    if isinstance(default, Elect) and default.seat != seat:
        return dataclasses.replace(default, seat=seat)
    return default


def card_due(table: Table, seat: Seat) -> bool:
    """Whether the move due now from ``seat`` is a card of the play (the moment before which a
    person is given a pause)."""
    if table.phase != PLAY or table.pending is not None or table.hand is None:
        return False
    legal = table.legal_actions(seat)
    return bool(legal) and isinstance(legal[0], Play)


def pause_prompt(session: Session, seat: Seat, timed: bool) -> str:
    """The prompt of the moment before a computer player's card: the trick so far and whose
    card is next; a timed one short (it is taken off the screen when the moment passes)."""
    t = session.table
    who = session.who(t.role(seat))
    trick = t.view(None).trick
    so_far = (
        f"This trick: {session.narrator.trick_words(trick)} · " if trick and trick.cards else ""
    )
    if timed:
        return f"{so_far}{who} to play · Enter holds the play"
    return f"{so_far}{who} to play · a card or a command acts first (Enter lets it be played; help)"
