"""Portable Bridge Notation 2.1: a forgiving reader and a strict writer.

The reader accepts PBN *import format* (PBN §2.1): any tag order, free white space, native line
ends, tag pairs spanning lines, ``;`` and ``{}`` comments (§3.8), ``%`` escape lines (§2.4), tag
value inheritance with ``#`` and ``##`` (§4.8), unknown tags and supplemental sections (§4.9, §5).
It never raises on bad input: every problem becomes a :class:`PbnError` carrying the line number
and what is wrong, and reading goes on with the next token, tag or game.

The writer produces *export format* (§2.1, §2.3, §3.4): CRLF line ends, no tabs, lines of at most
255 characters, the 15 mandatory tags in the standard order (missing ones as ``"?"``), then the
supplemental tags alphabetically, then the auction and play sections, then the supplemental
sections alphabetically (§3.1). It refuses anything it cannot write faithfully with a
:class:`PbnWriteError` naming the game, the tag and the reason.

The data model is plain frozen dataclasses: a :class:`PbnGame` keeps its tags in reading order, the
Deal as four :class:`~vivant.cards.CardSet` by seat, the Play section as :class:`PbnTrick` rows
(one per trick, a card per seat) and the comments with their anchors. The auction is not modelled;
an Auction section read from a file is kept as raw rows and written back unchanged.

>>> result = read_pbn('[Dealer "N"]\\n[Deal "N:AK... Q... - AJ..."]')
>>> [str(e) for e in result.errors if not e.warning]
['line 2: Deal: card SA is in both hand N and hand W; no card may appear twice']
>>> game = read_pbn('[Dealer "S"]\\n[Deal "N:AK... Q... - J..."]').games[0]
>>> print(write_pbn([game]).splitlines()[12])
[Deal "S:- J... AK... Q..."]
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Final

from vivant.cards import (
    SEAT_LETTERS,
    SUIT_LETTERS,
    Card,
    CardSet,
    Seat,
    Suit,
    card_name,
)
from vivant.deal import read_deal
from vivant.errors import InvalidNotationError
from vivant.trick import winning_seat

__all__ = [
    "MANDATORY_TAGS",
    "NO_GAME",
    "PbnComment",
    "PbnError",
    "PbnGame",
    "PbnResult",
    "PbnTag",
    "PbnTrick",
    "PbnWriteError",
    "format_deal",
    "parse_deal",
    "pbn_string",
    "read_pbn",
    "tag_value_problem",
    "trick_winner",
    "write_pbn",
]

#: The Mandatory Tag Set in export order (PBN §3.4).
MANDATORY_TAGS: Final = (
    "Event",
    "Site",
    "Date",
    "Board",
    "West",
    "North",
    "East",
    "South",
    "Dealer",
    "Vulnerable",
    "Deal",
    "Scoring",
    "Declarer",
    "Contract",
    "Result",
)

#: Tags that may not use ``#`` / ``##`` inheritance (PBN §4.8).
NO_INHERITANCE: Final = frozenset(
    {"Dealer", "Vulnerable", "Deal", "Declarer", "Contract", "Auction", "Play", "Note"}
)

#: Tags whose data lines are the standard's auction and play sections (PBN §3.5, §3.6).
SECTION_TAGS: Final = frozenset({"Auction", "Play"})

#: What the reader says of an input without a game (a warning; an error to the whist readers).
NO_GAME: Final = 'no game: no tag pair such as [Deal "..."] in the input (PBN §3)'
MAX_LINE: Final = 255  # characters including CRLF (PBN §2.3)
_PLAY_SUFFIX_NAG: Final = {"!": 7, "?": 8, "!!": 9, "??": 10, "!?": 11, "?!": 12}  # PBN §3.6.3
_VULNERABLE_EXPORT: Final = {
    "None": "None",
    "Love": "None",
    "-": "None",
    "NS": "NS",
    "EW": "EW",
    "All": "All",
    "Both": "All",
}
_DATE_RE: Final = re.compile(r"[0-9?]{4}\.[0-9?]{2}\.[0-9?]{2}")
_CONTRACT_RE: Final = re.compile(r"(?:([1-7])(S|H|D|C|NT)(X|XX)?|(S|H|D|C|NT)|(Pass))", re.I)
_RESULT_RE: Final = re.compile(r"\^?(?:(\d{1,2})|(NS|EW) (\d{1,2})(?: (NS|EW) (\d{1,2}))?)")
_NAME_RE: Final = re.compile(r"[A-Za-z0-9_]+")
_SECTION_TOKEN_RE: Final = re.compile(r"[!#$&'()*+,\-./0-9:<=>?@A-Z\\^_`a-z|~]+")
#: A Play-section word's parts: an irregularity mark, a suffix, a note reference, a NAG, the end
#: mark, the continuation mark, and what is left between them, one card place each (PBN §3.6).
_PLAY_TOKEN_RE: Final = re.compile(r"\^[A-Za-z]|[!?]{1,2}|=\d+=|\$\d+|\*|\+|[^\^!?=$*+]+|.")
_CONTROL_RE: Final = re.compile("[\x00-\x08\x0c-\x1f\x7f-\x9f]")  # not \t \n \v (PBN §2.2)
_FORBIDDEN_RE: Final = re.compile(_CONTROL_RE.pattern + "|[^\x00-\xff]")  # and beyond Latin-1
_TAG_STOP_RE: Final = re.compile(r"[\]\n]")  # where a broken tag pair is skipped to
#: The usual tag pair, on one line with one space, its value free of escapes and tabs: read at
#: once (any other form goes through the careful reader of §3.3, with its reports).
_PLAIN_TAG_RE: Final = re.compile(r'\[([A-Z][A-Za-z0-9_]*) "([^"\\\t\n]*)"\]')
#: A string free of escapes on one line (PBN §3.2), likewise.
_PLAIN_STRING_RE: Final = re.compile(r'"([^"\\\n]*)"')
#: Every spelling of a card in the play section (a suit letter and a rank, either case, "10" for
#: the ten; PBN §3.6.1), and the card it names.
_CARD_TOKENS: Final = {
    f"{s}{r}": suit * 13 + rank
    for suit, letter in enumerate("SHDC")
    for rank, rank_letter in enumerate("23456789TJQKA")
    for s in (letter, letter.lower())
    for r in (rank_letter, rank_letter.lower(), *(("10",) if rank_letter == "T" else ()))
}


def _place(tricks_done: int, seat: Seat) -> str:
    """Where a card token stands, for an error about it: "trick 3, E's card"."""
    return f"trick {tricks_done + 1}, {SEAT_LETTERS[seat]}'s card"


class PbnWriteError(InvalidNotationError):
    """Data the strict PBN writer refuses; the message names the game, the item and the rule."""


@dataclass(frozen=True)
class PbnError:
    """One problem found while reading: the 1-based line and what is wrong there.

    ``warning`` marks things the standard tolerates in import format (a missing mandatory tag, a
    repeated tag, bytes decoded as ISO 8859-1) but a careful user wants to know about.
    """

    line: int
    message: str
    warning: bool = False

    def __str__(self) -> str:
        return f"line {self.line}: {'warning: ' if self.warning else ''}{self.message}"


@dataclass(frozen=True)
class PbnTag:
    """A tag pair (PBN §3.3) with the data rows of the section it opens, if any (§5.1).

    ``rows`` holds the section elements line by line as written (string elements keep their
    quotes). For ``Note`` tags ``section`` says whether it belongs to the Auction or the Play
    section (§3.5.5, §3.6.5).
    """

    name: str
    value: str
    rows: tuple[tuple[str, ...], ...] = ()
    section: str = ""
    line: int = field(default=0, compare=False)


@dataclass(frozen=True)
class PbnComment:
    """A comment (PBN §3.8) and what it refers to.

    ``anchor`` is the name of the tag it follows (``""`` for a comment before any tag); inside
    the Play section ``index`` is the number of the trick (0-based) whose row it follows.
    """

    text: str
    anchor: str = ""
    index: int | None = None
    line: int = field(default=0, compare=False)


@dataclass(frozen=True)
class PbnTrick:
    """One row of the Play section (PBN §3.6): the card each seat contributed, by seat N E S W.

    ``None`` stands for ``-`` (unknown, not played, or a seat that takes no part). ``leader`` is
    the seat that led, worked out from the trump and the previous trick (or ``None`` when it
    cannot be known); ``lead_out_of_turn`` marks an accepted lead out of turn (``^L``, §3.9)
    and ``revokes`` the seats whose card here is a revoke (``^R``). ``annotations`` keeps the
    suffixes, note references and NAGs that followed a seat's card (§3.6.2).
    """

    cards: tuple[Card | None, Card | None, Card | None, Card | None]
    leader: Seat | None = None
    lead_out_of_turn: bool = False
    revokes: frozenset[Seat] = frozenset()
    annotations: tuple[tuple[Seat, str], ...] = ()
    line: int = field(default=0, compare=False)

    def played(self) -> list[tuple[Seat, Card]]:
        """The known cards in playing order, starting with the leader (seat order if unknown)."""
        start = self.leader if self.leader is not None else 0
        out = []
        for i in range(4):
            seat = (start + i) % 4
            c = self.cards[seat]
            if c is not None:
                out.append((seat, c))
        return out


@dataclass(frozen=True)
class PbnGame:
    """One PBN game (PBN §3): its tags in order, the parsed Deal and Play, and its comments.

    Tag values are stored resolved (``#`` inheritance applied). ``deal`` is ``None`` when the game
    has no usable Deal tag; a hand given as ``-`` is ``None``. ``play_seat`` is the Play tag's
    seat (the first column of the Play section) and ``play_ended`` records a closing ``*``.
    """

    tags: tuple[PbnTag, ...] = ()
    deal: tuple[CardSet | None, CardSet | None, CardSet | None, CardSet | None] | None = None
    play_seat: Seat | None = None
    play: tuple[PbnTrick, ...] = ()
    play_ended: bool = False
    comments: tuple[PbnComment, ...] = ()
    line: int = field(default=0, compare=False)

    def tag(self, name: str) -> str | None:
        """The value of the first tag called ``name``, or ``None``."""
        for t in self.tags:
            if t.name == name:
                return t.value
        return None

    def tag_entry(self, name: str) -> PbnTag | None:
        """The first tag pair called ``name`` (with its section rows), or ``None``."""
        for t in self.tags:
            if t.name == name:
                return t
        return None

    @property
    def tag_values(self) -> dict[str, str]:
        """Tag name to value (the first of each name; ``Note`` tags are not unique)."""
        out: dict[str, str] = {}
        for t in self.tags:
            out.setdefault(t.name, t.value)
        return out

    @property
    def dealer(self) -> Seat | None:
        """The Dealer tag as a seat, or ``None`` when absent or not a direction."""
        return _seat_or_none(self.tag("Dealer") or "")

    @property
    def trump(self) -> tuple[bool, Suit | None]:
        """``(known, suit)``: the trump from a ``Trump`` tag, else the Contract's denomination.

        ``suit`` is ``None`` for no trumps. The whist profile's ``Trump`` tag takes precedence;
        a bridge game's trump is its contract's denomination (§3.4.14; §3.10 for end positions).
        """
        found = _denomination(self.tag("Trump")) or _denomination(self.tag("Contract"))
        return found if found is not None else (False, None)

    @property
    def is_end_position(self) -> bool:
        """True when every given hand holds fewer than 13 cards (PBN §3.10)."""
        if self.deal is None:
            return False
        return all(len(h) < 13 for h in self.deal if h is not None)


@dataclass(frozen=True)
class PbnResult:
    """What :func:`read_pbn` found: the games it could read and every problem, in file order."""

    games: tuple[PbnGame, ...]
    errors: tuple[PbnError, ...]

    @property
    def ok(self) -> bool:
        """True when nothing worse than warnings was found."""
        return not any(not e.warning for e in self.errors)

    @property
    def warnings(self) -> tuple[PbnError, ...]:
        return tuple(e for e in self.errors if e.warning)


# --------------------------------------------------------------------------------------------
# Small helpers shared by reader and writer


def _inherits(value: str) -> bool:
    """True for the tag values PBN §4.8 reserves for inheritance: ``#`` and ``##…``."""
    return value == "#" or value.startswith("##")


def _seat_or_none(text: str) -> Seat | None:
    t = text.strip().upper()
    return SEAT_LETTERS.index(t) if len(t) == 1 and t in SEAT_LETTERS else None


def _denomination(value: str | None) -> tuple[bool, Suit | None] | None:
    """The denomination of a Trump or Contract value, ``None`` when it names none."""
    if value is None:
        return None
    m = _CONTRACT_RE.fullmatch(value.strip())
    if not m or m.group(5):
        return None
    denom = (m.group(2) or m.group(4)).upper()
    return (True, None) if denom == "NT" else (True, SUIT_LETTERS.index(denom))


def trick_winner(
    cards: Mapping[Seat, Card] | tuple[Card | None, ...], leader: Seat, trump: Suit | None
) -> Seat | None:
    """The seat that wins a trick: highest trump, else highest card of the suit led (rules T3,
    :func:`vivant.trick.winning_seat`).

    ``cards`` maps seats to the cards they played (missing seats took no part). Returns ``None``
    when the leader's card is unknown.
    """
    by_seat: dict[Seat, Card] = (
        dict(cards)
        if isinstance(cards, Mapping)
        else {s: c for s, c in enumerate(cards) if c is not None}
    )
    if leader not in by_seat:
        return None
    return winning_seat(by_seat, leader, trump)


#: A Deal tag value as four hands by seat and the problems found (PBN §3.4.11): the project's
#: one deal parser, :func:`vivant.deal.read_deal`.
parse_deal: Final = read_deal


def format_deal(
    hands: tuple[CardSet | None, CardSet | None, CardSet | None, CardSet | None], first: Seat
) -> str:
    """The export-format Deal value (PBN §3.4.11): hands clockwise from ``first``; ``-``: absent."""
    return (
        SEAT_LETTERS[first]
        + ":"
        + " ".join("-" if (h := hands[(first + i) % 4]) is None else h.pbn() for i in range(4))
    )


# --------------------------------------------------------------------------------------------
# Reader: scanner


@dataclass
class _Token:
    kind: str  # "tag", "comment", "word", "string", "boundary", "escape"
    text: str
    line: int
    value: str = ""


def _decode(data: str | bytes, encoding: str | None, errors: list[PbnError]) -> str:
    if isinstance(data, str):
        return data
    try:
        return data.decode(encoding or "utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        errors.append(
            PbnError(
                line,
                "bytes that are not UTF-8; the file was decoded as ISO 8859-1 (Latin-1), the "
                "PBN character set (PBN §2.2)",
                warning=True,
            )
        )
        return data.decode("latin-1")


def _clean(text: str, errors: list[PbnError]) -> str:
    """Normalise line ends and replace characters PBN does not allow (PBN §2.2) by spaces.

    Control characters other than tab and vertical tab are errors, characters beyond ISO 8859-1
    warnings; one report a line. A regular expression finds them, and the line number is
    counted on from the previous one, so this is one pass over the text.
    """
    if text.startswith("\ufeff"):
        text = text[1:]
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    line, counted, reported_line = 1, 0, 0
    for m in _FORBIDDEN_RE.finditer(text):
        line += text.count("\n", counted, m.start())
        counted = m.start()
        if reported_line == line:
            continue
        reported_line = line
        ch = m.group(0)
        if ord(ch) > 255:
            message = f"character {ch!r} is outside ISO 8859-1, the PBN character set (PBN §2.2)"
            errors.append(PbnError(line, message, warning=True))
        else:
            message = f"control character U+{ord(ch):04X} is not allowed (PBN §2.2)"
            errors.append(PbnError(line, message))
    return _CONTROL_RE.sub(" ", text)


def _scan(text: str, errors: list[PbnError]) -> Iterator[_Token]:
    """Split PBN text into tokens (PBN §2.4, §3.2, §3.3, §3.8), reporting lexical errors."""
    n = len(text)
    pos = 0
    line = 1
    at_line_start = True
    while pos < n:
        if at_line_start:
            at_line_start = False
            if text[pos] == "%":  # escape line (§2.4)
                end = text.find("\n", pos)
                end = n if end < 0 else end
                yield _Token("escape", text[pos:end], line)
                pos = end
                continue
            j = pos
            while j < n and text[j] in " \t\v":
                j += 1
            if j >= n or text[j] == "\n":  # semi-empty line: a game boundary (§3)
                yield _Token("boundary", "", line)
                pos = j
                continue
        c = text[pos]
        if c == "\n":
            line += 1
            pos += 1
            at_line_start = True
        elif c in " \t\v":
            pos += 1
        elif c == ";":
            end = text.find("\n", pos)
            end = n if end < 0 else end
            yield _Token("comment", text[pos + 1 : end].strip(), line)
            pos = end
        elif c == "{":
            end = text.find("}", pos)
            if end < 0:
                errors.append(PbnError(line, "brace comment '{' is never closed with '}'"))
                end = n
            body = text[pos + 1 : end]
            yield _Token("comment", body.strip(), line)
            line += body.count("\n")
            pos = end + 1
        elif c == "[":
            tok, pos, line = _scan_tag(text, pos, line, errors)
            if tok is not None:
                yield tok
        elif c == '"':
            end, value, ok = _scan_string(text, pos)
            if not ok:
                errors.append(PbnError(line, "string is not closed before the end of the line"))
            yield _Token("string", text[pos:end], line, value)
            pos = end
        elif c in "]}":
            opening = "[" if c == "]" else "{"
            errors.append(PbnError(line, f"{c!r} without a matching {opening!r}"))
            pos += 1
        else:
            j = pos
            while j < n and text[j] not in ' \t\v\n[]{};"':
                j += 1
            yield _Token("word", text[pos:j], line)
            pos = j


def _scan_string(text: str, pos: int) -> tuple[int, str, bool]:
    """Read a string token starting at the quote at ``pos`` (PBN §3.2).

    Returns the position after it, its unescaped value and whether it was closed on its line.
    """
    plain = _PLAIN_STRING_RE.match(text, pos)
    if plain:
        return plain.end(), plain.group(1), True
    out = []
    j = pos + 1
    n = len(text)
    while j < n:
        ch = text[j]
        if ch == "\\" and j + 1 < n and text[j + 1] in '"\\':
            out.append(text[j + 1])
            j += 2
        elif ch == '"':
            return j + 1, "".join(out), True
        elif ch == "\n":
            return j, "".join(out), False
        else:
            out.append(ch)
            j += 1
    return j, "".join(out), False


def _scan_tag(
    text: str, pos: int, line: int, errors: list[PbnError]
) -> tuple[_Token | None, int, int]:
    """Read a tag pair starting at the ``[`` at ``pos`` (PBN §3.3); returns (token, pos, line).

    Import format allows white space, even line breaks, between the four tokens. On a syntax
    error the rest of the broken tag (up to a ``]`` on the same line) is skipped.
    """
    plain = _PLAIN_TAG_RE.match(text, pos)
    if plain:
        return _Token("tag", plain.group(1), line, plain.group(2)), plain.end(), line
    start_line = line
    n = len(text)

    def give_up(message: str, p: int) -> tuple[_Token | None, int, int]:
        errors.append(PbnError(start_line, message))
        stop = _TAG_STOP_RE.search(text, p)  # looks no further than it skips: linear
        if stop is None:
            return None, n, line
        return None, (stop.end() if stop.group(0) == "]" else stop.start()), line

    pos, line = _skip_ws(text, pos + 1, line)
    m = _NAME_RE.match(text, pos)
    if not m:
        return give_up("expected a tag name after '[' (PBN §3.3)", pos)
    name = m.group(0)
    pos, line = _skip_ws(text, m.end(), line)
    if pos >= n or text[pos] != '"':
        return give_up(f"tag {name}: expected a quoted value after the name (PBN §3.3)", pos)
    end, value, closed = _scan_string(text, pos)
    if not closed:
        return give_up(f"tag {name}: the value's closing quote is missing (PBN §3.2)", pos)
    if "\t" in value:
        errors.append(PbnError(line, f"tag {name}: tab character inside the value (PBN §2.3)"))
        value = value.replace("\t", " ")
    pos, line = _skip_ws(text, end, line)
    if pos >= n or text[pos] != "]":
        return give_up(f"tag {name}: expected ']' after the value (PBN §3.3)", pos)
    if not name[0].isupper():
        errors.append(
            PbnError(start_line, f"tag name {name!r} must begin with an upper-case letter (§3.3)")
        )
    return _Token("tag", name, start_line, value), pos + 1, line


def _skip_ws(text: str, pos: int, line: int) -> tuple[int, int]:
    n = len(text)
    while pos < n and text[pos] in " \t\v\n":
        if text[pos] == "\n":
            line += 1
        pos += 1
    return pos, line


# --------------------------------------------------------------------------------------------
# Reader: games


@dataclass
class _RawTag:
    name: str
    value: str
    line: int
    section: str = ""
    rows: list[list[str]] = field(default_factory=list)
    row_lines: list[int] = field(default_factory=list)


@dataclass
class _RawComment:
    text: str
    anchor: str
    play_pos: int | None
    line: int


@dataclass
class _RawRow:
    cards: list[Card | None]
    line: int
    lol: Seat | None = None
    revokes: set[Seat] = field(default_factory=set)
    annotations: list[tuple[Seat, str]] = field(default_factory=list)


_IGNORED: Final = -1


class _GameBuilder:
    """Collects one game's tokens, then checks and converts them (PBN §3, §4.8)."""

    def __init__(self, line: int, errors: list[PbnError]) -> None:
        self.line = line
        self.errors = errors
        self.tags: list[_RawTag] = []
        self.names: set[str] = set()
        self.current: int | None = None
        self.comments: list[_RawComment] = []
        self.play_tokens: list[tuple[str, int]] = []
        self.stray_lines: set[int] = set()
        self.open_section = ""

    @property
    def has_tags(self) -> bool:
        return bool(self.tags)

    def error(self, line: int, message: str, warning: bool = False) -> None:
        self.errors.append(PbnError(line, message, warning))

    def add_tag(self, tok: _Token, previous: Mapping[str, str], header: dict[str, str]) -> None:
        name, value = tok.text, tok.value
        if _inherits(value) and name in NO_INHERITANCE:
            self.error(tok.line, f"tag {name} may not inherit a value with '#' (PBN §4.8)")
        elif value.startswith("##"):
            value = value[2:]
            header[name] = value
        elif value == "#":
            value = previous.get(name, "")
        if name != "Note" and name in self.names:
            self.error(
                tok.line, f"tag {name} repeated; the repeat is ignored (PBN §3.4)", warning=True
            )
            self.current = _IGNORED
            return
        self.names.add(name)
        section = ""
        if name == "Note":
            section = self.open_section
        elif name in SECTION_TAGS:
            self.open_section = name
        self.tags.append(_RawTag(name, value, tok.line, section))
        self.current = len(self.tags) - 1

    def add_comment(self, tok: _Token) -> None:
        if self.current is None or self.current == _IGNORED:
            anchor = "" if self.current is None else self.tags[-1].name
            self.comments.append(_RawComment(tok.text, anchor, None, tok.line))
            return
        tag = self.tags[self.current]
        pos = len(self.play_tokens) if tag.name == "Play" else None
        self.comments.append(_RawComment(tok.text, tag.name, pos, tok.line))

    def add_data(self, tok: _Token) -> None:
        if tok.kind == "word" and not tok.text.isascii():
            self.error(
                tok.line,
                f"non-ASCII text {tok.text!r} outside a string or comment (PBN §2.2)",
            )
        if self.current is None:
            if tok.line not in self.stray_lines:
                self.stray_lines.add(tok.line)
                self.error(
                    tok.line,
                    f"unexpected {tok.text[:20]!r} before the first tag pair; expected "
                    "'[Name \"value\"]' (PBN §3.3)",
                )
            return
        if self.current == _IGNORED:
            return
        tag = self.tags[self.current]
        if tag.name in MANDATORY_TAGS or tag.name == "Note":
            if tok.line not in self.stray_lines:
                self.stray_lines.add(tok.line)
                self.error(
                    tok.line,
                    f"unexpected {tok.text[:20]!r} after tag {tag.name}, which opens no section "
                    "(PBN §3.1, §5.1)",
                )
            return
        if tag.name == "Play" and tok.kind == "word":
            for m in _PLAY_TOKEN_RE.finditer(tok.text):
                self.play_tokens.append((m.group(0), tok.line))
            return
        if tag.row_lines and tag.row_lines[-1] == tok.line:
            tag.rows[-1].append(tok.text)
        else:
            tag.rows.append([tok.text])
            tag.row_lines.append(tok.line)

    # ---- finishing

    def finish(self, header: Mapping[str, str], leading: list[_RawComment]) -> PbnGame:
        for name, value in header.items():
            if name not in self.names:
                self.tags.append(_RawTag(name, value, self.line))
                self.names.add(name)
        missing = [t for t in MANDATORY_TAGS if t not in self.names]
        if "Deal" in missing:
            self.error(self.line, "game has no Deal tag (PBN §3.4.11)")
        if missing:
            self.error(
                self.line,
                "missing mandatory tag"
                + ("s " if len(missing) > 1 else " ")
                + ", ".join(missing)
                + " (PBN §3.4; export writes them as '?')",
                warning=True,
            )
        by_name = {t.name: t for t in reversed(self.tags)}
        for t in self.tags:
            self._check_value(t)
        deal = None
        if "Deal" in by_name and by_name["Deal"].value not in ("", "?"):
            hands, problems = read_deal(by_name["Deal"].value)
            for p in problems:
                self.error(by_name["Deal"].line, p)
            if not problems:
                deal = hands
        tags = tuple(
            PbnTag(
                t.name,
                t.value,
                tuple(tuple(r) for r in t.rows),
                t.section,
                line=t.line,
            )
            for t in self.tags
        )
        game = PbnGame(tags=tags, deal=deal, line=self.line)
        known, trump = game.trump
        play_seat: Seat | None = None
        tricks: tuple[PbnTrick, ...] = ()
        ended = False
        row_of_token: list[int] = []
        if "Play" in by_name:
            play_tag = by_name["Play"]
            play_seat = _seat_or_none(play_tag.value)
            if play_seat is None:
                self.error(
                    play_tag.line,
                    f"Play tag value {play_tag.value!r} is not a direction W N E S; the play "
                    "section is skipped (PBN §3.6)",
                )
            else:
                if deal is None and "Deal" not in missing:
                    self.error(play_tag.line, "the play section needs a valid Deal (PBN §3.1)")
                tricks, ended, row_of_token = self._parse_play(
                    play_seat, deal, known, trump, play_tag.line
                )
        comments = []
        for c in leading + self.comments:
            index = None
            if c.play_pos and row_of_token:
                index = min(row_of_token[min(c.play_pos, len(row_of_token)) - 1], len(tricks) - 1)
                index = index if index >= 0 else None
            comments.append(PbnComment(c.text, c.anchor, index, line=c.line))
        return PbnGame(
            tags=tags,
            deal=deal,
            play_seat=play_seat,
            play=tricks,
            play_ended=ended,
            comments=tuple(comments),
            line=self.line,
        )

    def _check_value(self, t: _RawTag) -> None:
        v = t.value
        if _inherits(v) and t.name in NO_INHERITANCE:
            return  # already reported as forbidden inheritance
        problem = tag_value_problem(t.name, v)
        if problem:
            self.error(t.line, problem)

    def _parse_play(
        self,
        play_seat: Seat,
        deal: tuple[CardSet | None, ...] | None,
        known: bool,
        trump: Suit | None,
        tag_line: int,
    ) -> tuple[tuple[PbnTrick, ...], bool, list[int]]:
        """Read the play section's tokens (PBN §3.6, §3.9) into one row per trick."""
        rows: list[_RawRow] = []
        row: _RawRow | None = None
        col = 0
        pending = ""
        ended = False
        after_end_reported = False
        last: tuple[_RawRow, Seat] | None = None
        seen: dict[Card, int] = {}
        row_of_token: list[int] = []
        for tok, line in self.play_tokens:
            row_of_token.append(len(rows))
            if ended:
                if not after_end_reported:
                    self.error(
                        line, f"{tok!r} after '*': nothing may follow the end of play (PBN §3.6)"
                    )
                    after_end_reported = True
                continue
            c = _CARD_TOKENS.get(tok)
            if tok == "*":
                ended = True
            elif tok == "+" or tok[0] not in "^!?=$":  # a card place (PBN §3.6, §3.6.1)
                if row is None:
                    row = _RawRow([None, None, None, None], line)
                seat = (play_seat + col) % 4
                if c is None and set(tok) == {"-"} and len(tok) > 1:
                    self.error(
                        line,
                        f"{_place(len(rows), seat)}: {tok!r} is not a card token; read as '-', "
                        "a card unknown or not played (PBN §3.6.1)",
                        warning=True,
                    )
                elif c is None and tok not in ("-", "+"):
                    self.error(
                        line,
                        f"{_place(len(rows), seat)}: {tok!r} is not a card; expected e.g. SA or "
                        "HT, or '-' (PBN §3.6.1)",
                    )
                elif c is not None:
                    trick_no = len(rows) + 1
                    if c in seen:
                        self.error(
                            line,
                            f"trick {trick_no}: {card_name(c)} was already played in trick "
                            f"{seen[c]}",
                        )
                    elif deal is not None and (held := deal[seat]) is not None and c not in held:
                        self.error(
                            line,
                            f"trick {trick_no}: {SEAT_LETTERS[seat]} plays {card_name(c)}, which "
                            f"is not in {SEAT_LETTERS[seat]}'s hand in the Deal",
                        )
                    else:
                        seen[c] = trick_no
                        row.cards[seat] = c
                if pending == "L":
                    row.lol = seat
                elif pending == "R":
                    row.revokes.add(seat)
                pending = ""
                last = (row, seat)
                col += 1
                if col == 4:
                    rows.append(row)
                    row, col = None, 0
            elif tok.startswith("^"):
                kind = tok[1:].upper()
                if kind in ("R", "L"):
                    pending = kind
                elif kind in ("I", "S"):
                    self.error(line, f"{tok} marks an auction irregularity, not a card (PBN §3.9)")
                else:
                    self.error(line, f"unknown irregularity token {tok!r} (PBN §3.9: ^R or ^L)")
            elif _annotation_problem(tok) is None or tok[0] in "!?=$":
                problem = _annotation_problem(tok)
                if problem:
                    self.error(line, problem)
                elif last is None:
                    self.error(line, f"annotation {tok!r} does not follow a card (PBN §3.6.2)")
                else:
                    last[0].annotations.append((last[1], tok))
            else:
                self.error(
                    line,
                    f"invalid token {tok!r} in the play section: expected a card such as SA, "
                    "'-', '+', '*', ^R, ^L or an annotation (PBN §3.6)",
                )
        if row is not None:
            rows.append(row)
        if pending:
            self.error(tag_line, f"^{pending} at the end of the play section marks no card")
        if len(rows) > 13:
            self.error(rows[13].line, f"{len(rows)} tricks in the play section; at most 13")
            rows = rows[:13]
        tricks = []
        winner: Seat | None = None
        for i, r in enumerate(rows):
            if r.lol is not None:
                leader: Seat | None = r.lol
            elif i == 0:
                leader = play_seat
            else:
                leader = winner
            cards = (r.cards[0], r.cards[1], r.cards[2], r.cards[3])
            winner = trick_winner(cards, leader, trump) if leader is not None and known else None
            tricks.append(
                PbnTrick(
                    cards,
                    leader if known or i == 0 or r.lol is not None else None,
                    r.lol is not None,
                    frozenset(r.revokes),
                    tuple(r.annotations),
                    line=r.line,
                )
            )
        return tuple(tricks), ended, row_of_token


def _annotation_problem(tok: str) -> str | None:
    """Why ``tok`` is not a valid play annotation (PBN §3.6.2–3.6.4, §3.7), or ``None``."""
    if tok in _PLAY_SUFFIX_NAG:
        return None
    if tok.startswith("=") and tok.endswith("=") and tok[1:-1].isdigit():
        n = int(tok[1:-1])
        return None if 1 <= n <= 32 else f"note reference {tok} out of range 1..32 (PBN §3.6.4)"
    if tok.startswith("$") and tok[1:].isdigit():
        n = int(tok[1:])
        if not 0 <= n <= 255:
            return f"NAG {tok} out of range $0..$255 (PBN §3.7)"
        if 1 <= n <= 6 or n == 13:
            return f"NAG {tok} is for calls, not cards (PBN §3.7)"
        return None
    return f"invalid annotation {tok!r} (PBN §3.6.2)"


def tag_value_problem(name: str, v: str) -> str | None:
    """Why a mandatory tag's (or the profile's Trump) value is malformed, else ``None`` (§3.4)."""
    if v in ("", "?") and name in MANDATORY_TAGS:
        return None
    if name == "Dealer" and _seat_or_none(v) is None:
        return f"Dealer {v!r} is not a direction W N E S (PBN §3.4.9)"
    if name == "Vulnerable" and v not in _VULNERABLE_EXPORT:
        return f"Vulnerable {v!r}: expected None, NS, EW or All (PBN §3.4.10)"
    if name == "Date" and not _DATE_RE.fullmatch(v):
        return f"Date {v!r}: expected YYYY.MM.DD, '?' for unknown digits (PBN §3.4.3)"
    if name == "Board" and not (v.isdigit() and int(v) > 0):
        return f"Board {v!r} is not a positive integer (PBN §3.4.4)"
    if name == "Declarer" and _seat_or_none(v.removeprefix("^")) is None:
        return f"Declarer {v!r}: expected W N E S, or ^ and a direction (PBN §3.4.13)"
    if name == "Contract" and not _CONTRACT_RE.fullmatch(v):
        return f"Contract {v!r}: expected Pass or <1-7><S|H|D|C|NT><|X|XX> (PBN §3.4.14)"
    if name == "Result":
        m = _RESULT_RE.fullmatch(v)
        if not m or any(int(g) > 13 for g in m.groups() if g and g.isdigit()):
            return f"Result {v!r}: expected tricks 0..13, e.g. '9' or 'NS 7 EW 6' (PBN §3.4.15)"
    if name == "Trump" and v.strip().upper() not in ("S", "H", "D", "C", "NT"):
        return f"Trump {v!r}: expected a denomination S H D C or NT (whist profile)"
    return None


def read_pbn(data: str | bytes, *, encoding: str | None = None) -> PbnResult:
    """Read PBN import format (PBN §2–§5) without ever raising: games plus every problem found.

    ``data`` may be text, or bytes: decoded with ``encoding`` when given (``"latin-1"`` is the
    PBN character set, §2.2), else as UTF-8 (what most tools write today), falling back to
    ISO 8859-1 with a warning naming the first line that is not UTF-8.
    Games are separated by semi-empty lines (§3); ``%`` lines are escapes (§2.4); ``#`` and
    ``##`` tag values are inherited (§4.8); unknown tags and sections are kept (§4.9).
    """
    errors: list[PbnError] = []
    text = _clean(_decode(data, encoding, errors), errors)
    games: list[PbnGame] = []
    previous: dict[str, str] = {}
    header: dict[str, str] = {}
    leading: list[_RawComment] = []
    builder: _GameBuilder | None = None

    def close() -> None:
        nonlocal builder, leading
        if builder is None:
            return
        if builder.has_tags:
            game = builder.finish(header, leading)
            games.append(game)
            previous.update({t.name: t.value for t in game.tags if t.name != "Note"})
            leading = []
        else:
            leading.extend(builder.comments)
        builder = None

    for tok in _scan(text, errors):
        if tok.kind == "boundary":
            close()
            continue
        if tok.kind == "escape":
            continue
        if builder is None:
            builder = _GameBuilder(tok.line, errors)
        if tok.kind == "tag":
            builder.add_tag(tok, previous, header)
        elif tok.kind == "comment":
            builder.add_comment(tok)
        else:
            builder.add_data(tok)
    close()
    if not games and text.strip():
        errors.append(PbnError(1, NO_GAME, warning=True))
    errors.sort(key=lambda e: e.line)
    return PbnResult(tuple(games), tuple(errors))


# --------------------------------------------------------------------------------------------
# Writer


def _printable(text: str) -> str | None:
    """The first character export format cannot carry in a string or comment (§2.2), or None."""
    for ch in text:
        o = ord(ch)
        if not (32 <= o <= 126 or 160 <= o <= 255):
            return ch
    return None


def pbn_string(value: str) -> str:
    """``value`` as a PBN string token (PBN §3.2): quoted, ``"`` escaped as ``\\"``.

    A backslash is doubled only where a reader would otherwise take it as an escape (before a
    quote, a backslash or the closing quote), so column widths such as ``Result\\2R`` in table
    headers (§5.2) are written as the standard's examples show them. The reader accepts both.
    """
    out = []
    for i, ch in enumerate(value):
        if ch == '"':
            out.append('\\"')
        elif ch == "\\" and (i + 1 == len(value) or value[i + 1] in '"\\'):
            out.append("\\\\")
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


def _comment_lines(text: str, fail: _Fail) -> list[str]:
    for part in text.split("\n"):
        bad = _printable(part)
        if bad is not None:
            fail(f"comment {text[:30]!r}: character {bad!r} is not allowed (PBN §2.2, §2.3)")
    if "}" not in text:
        return ("{" + text + "}").split("\n")  # may span lines, even semi-empty ones (PBN §3)
    if "\n" not in text:
        return ["; " + text]
    fail(f"comment {text[:30]!r} holds both '}}' and a line break; PBN cannot write it (§3.8)")
    return []


class _Fail:
    def __init__(self, where: str) -> None:
        self.where = where

    def __call__(self, message: str) -> None:
        raise PbnWriteError(f"{self.where}: {message}")


def _export_value(name: str, value: str, game: PbnGame, fail: _Fail) -> str:
    """Check a mandatory tag value and put it in export form (PBN §3.4, §3.11)."""
    problem = tag_value_problem(name, value)
    if problem:
        fail(problem)
    if value in ("", "?"):
        return value
    if name in ("Dealer",):
        return value.upper()
    if name == "Declarer":
        return value.upper()
    if name == "Vulnerable":
        return _VULNERABLE_EXPORT[value]
    if name == "Contract":
        m = _CONTRACT_RE.fullmatch(value)
        assert m is not None
        if m.group(5):
            return "Pass"
        if m.group(4) and not game.is_end_position:
            fail(
                f"Contract {value!r}: a bare denomination is only for end positions "
                "(PBN §3.10); this deal has full hands"
            )
        return value.upper()
    return value


def _export_play(game: PbnGame, fail: _Fail) -> list[str]:
    """The Play section in export form (PBN §3.6, §3.7, §3.9), checked against the Deal."""
    seat = game.play_seat
    if seat is None:
        fail("the play section needs a Play seat (PBN §3.6)")
        return []
    if game.deal is None:
        fail("the play section needs a Deal (PBN §3.1)")
        return []
    if len(game.play) > 13:
        fail(f"{len(game.play)} tricks; a play section holds at most 13 (PBN §3.6)")
    known, trump = game.trump
    seen: dict[Card, int] = {}
    expected: Seat | None = seat
    lines = [f'[Play "{SEAT_LETTERS[seat]}"]']
    play_comments: dict[int, list[str]] = {}
    for comment in game.comments:
        if comment.anchor == "Play" and comment.index is not None:
            play_comments.setdefault(comment.index, []).append(comment.text)
    for i, trick in enumerate(game.play):
        no = i + 1
        for s, c in enumerate(trick.cards):
            if c is None:
                continue
            if c in seen:
                fail(f"trick {no}: {card_name(c)} was already played in trick {seen[c]}")
            hand = game.deal[s]
            if hand is not None and c not in hand:
                fail(f"trick {no}: {SEAT_LETTERS[s]} plays {card_name(c)}, not in that hand")
            seen[c] = no
        leader = trick.leader
        if trick.lead_out_of_turn and leader is None:
            fail(f"trick {no}: a lead out of turn needs the leader's seat")
        if leader is not None:
            if trick.cards[leader] is None:
                fail(f"trick {no}: the leader {SEAT_LETTERS[leader]} has no card")
            if known and expected is not None and leader != expected and not trick.lead_out_of_turn:
                fail(
                    f"trick {no}: {SEAT_LETTERS[leader]} leads but {SEAT_LETTERS[expected]} is "
                    "on lead; mark an accepted lead out of turn with lead_out_of_turn (^L, PBN "
                    "§3.9)"
                )
        for s in trick.revokes:
            if trick.cards[s] is None:
                fail(f"trick {no}: revoke marked for {SEAT_LETTERS[s]}, who has no card")
        expected = (
            trick_winner(trick.cards, leader, trump) if known and leader is not None else None
        )
        notes: dict[Seat, tuple[list[str], list[int]]] = {}
        for s, tok in trick.annotations:
            problem = _annotation_problem(tok)
            if problem:
                fail(f"trick {no}: {problem}")
            if trick.cards[s] is None:
                fail(f"trick {no}: annotation {tok} for {SEAT_LETTERS[s]}, who has no card")
            refs, nags = notes.setdefault(s, ([], []))
            if tok in _PLAY_SUFFIX_NAG:
                nags.append(_PLAY_SUFFIX_NAG[tok])
            elif tok.startswith("="):
                refs.append(tok)
            else:
                nags.append(int(tok[1:]))
        cells = []
        for k in range(4):
            s = (seat + k) % 4
            c = trick.cards[s]
            cell = "-" if c is None else card_name(c)
            if trick.lead_out_of_turn and s == leader:
                cell = "^L " + cell
            if s in trick.revokes:
                cell = "^R " + cell
            if s in notes:
                refs, nags = notes[s]
                if len(refs) > 1:
                    fail(f"trick {no}: {SEAT_LETTERS[s]}'s card has two note references")
                cell = " ".join([cell, *refs, *(f"${n}" for n in sorted(nags))])
            cells.append(cell)
        lines.append(" ".join(cells))
        for text in play_comments.get(i, []):
            lines.extend(_comment_lines(text, fail))
    if game.play_ended:
        lines.append("*")
    return lines


def _export_rows(tag: PbnTag, fail: _Fail) -> list[str]:
    out = []
    for row in tag.rows:
        for el in row:
            if el.startswith('"'):
                end, _, closed = _scan_string(el, 0)
                if not closed or end != len(el) or _printable(el) is not None:
                    fail(f"section {tag.name}: bad string element {el!r} (PBN §5.1)")
            elif not _SECTION_TOKEN_RE.fullmatch(el):
                fail(f"section {tag.name}: {el!r} is not a section token (PBN §3.2, §5.1)")
        out.append(" ".join(row))
    return out


def _export_game(game: PbnGame, number: int) -> list[str]:
    board = game.tag("Board")
    fail = _Fail(f"game {number}" + (f" (Board {board})" if board not in (None, "", "?") else ""))
    names: set[str] = set()
    for t in game.tags:
        if not _NAME_RE.fullmatch(t.name) or not t.name[0].isupper():
            fail(f"tag name {t.name!r}: letters, digits and '_', starting upper-case (PBN §3.3)")
        if t.name != "Note" and t.name in names:
            fail(f"tag {t.name} appears twice; export format allows each tag once (PBN §3.4)")
        names.add(t.name)
        bad = _printable(t.value)
        if bad is not None:
            fail(f"tag {t.name}: character {bad!r} is not allowed in a value (PBN §2.2, §3.2)")
        if _inherits(t.value):
            fail(f"tag {t.name}: the value {t.value[:20]!r} would be read as inheritance (§4.8)")
    values = game.tag_values
    comments_after: dict[str, list[str]] = {}
    lead: list[str] = []
    for c in game.comments:
        if c.anchor == "Play" and c.index is not None:
            continue
        if c.anchor and c.anchor in names:
            comments_after.setdefault(c.anchor, []).append(c.text)
        else:
            lead.append(c.text)
    lines: list[str] = []
    for text in lead:
        lines.extend(_comment_lines(text, fail))

    def emit(name: str, value: str) -> None:
        lines.append(f"[{name} {pbn_string(value)}]")
        for text in comments_after.get(name, []):
            lines.extend(_comment_lines(text, fail))

    dealer = game.dealer
    for name in MANDATORY_TAGS:
        value = values.get(name, "?")
        if name == "Deal":
            hands = game.deal
            if hands is None and value not in ("", "?"):
                parsed, problems = read_deal(value)
                if problems:
                    fail(problems[0])
                hands = parsed
            if hands is not None:
                if dealer is None:
                    fail("a Deal needs a Dealer: export format starts it with the dealer (§3.4.11)")
                    return []
                text = format_deal(hands, dealer)
                problems = read_deal(text)[1]
                if problems:
                    fail(problems[0])
                value = text
            emit(name, value)
        else:
            emit(name, _export_value(name, value, game, fail))
    if "Trump" in values and tag_value_problem("Trump", values["Trump"]):
        fail(str(tag_value_problem("Trump", values["Trump"])))
    supplemental = (
        t
        for t in game.tags
        if not t.rows and t.name not in MANDATORY_TAGS and t.name not in SECTION_TAGS
    )
    for t in sorted(supplemental, key=lambda t: t.name):
        if t.name != "Note":
            emit(t.name, t.value)
    notes = [t for t in game.tags if t.name == "Note"]
    auction = game.tag_entry("Auction")
    has_play = bool(game.play) or "Play" in values
    if auction is not None:
        if dealer is None:
            fail("an Auction section needs a Dealer (PBN §3.1)")
        emit("Auction", auction.value)
        lines.extend(_export_rows(auction, fail))
        for t in notes:
            if t.section == "Auction" or (not t.section and not has_play):
                emit("Note", t.value)
    if has_play:
        lines.extend(_export_play(game, fail))
        for text in comments_after.get("Play", []):
            lines.extend(_comment_lines(text, fail))
        for t in notes:
            if t.section == "Play" or (not t.section):
                emit("Note", t.value)
    elif auction is None and notes:
        fail("Note tags belong to an Auction or Play section (PBN §3.5.5, §3.6.5)")
    for t in sorted(
        (t for t in game.tags if t.rows and t.name not in SECTION_TAGS), key=lambda t: t.name
    ):
        if t.name in MANDATORY_TAGS:
            fail(f"mandatory tag {t.name} cannot open a section")
        emit(t.name, t.value)
        lines.extend(_export_rows(t, fail))
    for ln in lines:
        if len(ln) + 2 > MAX_LINE:
            fail(f"line {ln[:30]!r}... is {len(ln) + 2} characters with CRLF; at most 255 (§2.3)")
        if "\t" in ln:
            fail(f"line {ln[:30]!r} holds a tab (PBN §2.3)")
    return lines


def write_pbn(games: Iterable[PbnGame]) -> str:
    """Write games in PBN 2.1 export format (PBN §2.1, §2.3, §2.4, §3), CRLF line ends.

    The file starts with the ``% PBN 2.1`` and ``% EXPORT`` escape lines; games are separated by
    an empty line. Raises :class:`PbnWriteError` on anything export format cannot carry.
    """
    lines = ["% PBN 2.1", "% EXPORT"]
    for i, game in enumerate(games):
        if i:
            lines.append("")
        lines.extend(_export_game(game, i + 1))
    return "\r\n".join(lines) + "\r\n"
