"""Laws at the table in the terminal (issue 16, point 1): the real ``vivant play`` on a pseudo
terminal, typed at as a person does. In laws mode the person leads out of turn at the moment
before a computer player's card and the side the laws name elects (M-6.8: Vivant); he revokes
and the computer players claim it and choose the penalty (M-6.2); he plays two cards at once
(M-6.6); he reports a card exposed in dealing and makes the election himself, his side being
the one the laws name (M-5.3). In strict mode every one of these is refused in words and the
computer players' cards follow without a pause. No command or refusal names a card the person
may not see: its words are the same wherever a hidden card lies (D-W11, D-W13).

Positions no computer player's play leads to (a computer player never revokes) are set up
through public notation and played in the terminal's own session, typed at line by line: the
person claims a revoke and chooses the penalty, elects how a revoke found in time is corrected,
calls an exposed card; and every game takes the laws commands at every prompt."""

from __future__ import annotations

import io
import os
import pty
import random
import re
import select
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from test_boston import E, calls, deal, exposed_spade_hand, formed
from test_cli_terminal import JARGON, RAW
from vivant.actions import (
    Action,
    AskRenounce,
    ChooseDeal,
    ChooseSeats,
    CorrectRevoke,
    Deal,
    DirectExposed,
    DrawAttention,
    Elect,
    Play,
)
from vivant.cards import EAST, NORTH, SOUTH, WEST, card_name, parse_card
from vivant.cli import laws as table_laws
from vivant.cli.play import HUMAN, Session, make_console, player_count
from vivant.deal import pack_for_hands
from vivant.describe import Narrator
from vivant.errors import InvalidActionError
from vivant.players import who_acts
from vivant.table import PLAY, Table
from vivant.variants import VARIANTS, find_variant
from vivant.variants.mort import MortTable

from helpers import formed_mort, pbn_hands

VIVANT = Path(sys.executable).with_name("vivant")
#: What the terminal sends that is not text: colours, cursor moves, carriage returns.
CONTROL = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\r")
#: The prompt of the person's own card, and of the moment before a computer player's card.
OWN = r"(?:Lead|Play) from your hand \(R\) > $"
PAUSE = r"to play · a card or a command acts first \(Enter lets it be played; help\) > $"
CHOICE = r"Choose 1–\d \[\d\] > $"
#: The cards a refusal could name: a card in notation, standing alone.
CARD = re.compile(r"(?<![A-Za-z0-9])[SHDC](?:[2-9TJQKA]|10)(?![A-Za-z0-9])")


class Terminal:
    """``vivant`` on a pseudo terminal: :meth:`expect` waits for what the screen shows next
    (a prompt ends the text read so far), :meth:`type` types a line as at the keyboard."""

    def __init__(self, *args: str) -> None:
        env = {**os.environ, "COLUMNS": "220", "TERM": "dumb"}
        self.pid, self.fd = pty.fork()
        if self.pid == 0:  # the child: the real command, its stdin a terminal
            os.execve(str(VIVANT), [str(VIVANT), *args], env)
        self.raw = b""
        self.pos = 0

    @property
    def screen(self) -> str:
        return CONTROL.sub("", self.raw.decode(errors="replace"))

    def expect(self, pattern: str, timeout: float = 20.0) -> str:
        """The screen from the last match to the end of the next match of ``pattern`` (a
        prompt is matched at the end of what was shown, the program waiting there)."""
        rx = re.compile(pattern, re.MULTILINE)
        deadline = time.monotonic() + timeout
        while True:
            text = self.screen
            m = rx.search(text, self.pos)
            if m is not None and (not pattern.endswith("$") or m.end() == len(text)):
                shown, self.pos = text[self.pos : m.end()], m.end()
                return shown
            assert time.monotonic() < deadline, f"no {pattern!r} on: {text[-2000:]}"
            ready, _, _ = select.select([self.fd], [], [], 0.2)
            if ready:
                try:
                    chunk = os.read(self.fd, 65536)
                except OSError:  # the program ended (the terminal's other end is closed)
                    chunk = b""
                assert chunk, f"the program ended before {pattern!r}: {text[-2000:]}"
                self.raw += chunk

    def type(self, line: str) -> None:
        os.write(self.fd, (line + "\n").encode())

    def answer(self, line: str, pattern: str) -> str:
        """Type ``line`` and return what the program says to it, up to ``pattern`` (the
        line's echo by the terminal left out)."""
        self.type(line)
        shown = self.expect(pattern)
        return shown.split("\n", 1)[1] if "\n" in shown else ""

    def close(self) -> None:
        try:
            os.kill(self.pid, 9)
            os.waitpid(self.pid, 0)
        except OSError:
            pass
        os.close(self.fd)


@pytest.fixture
def terminal() -> Iterator[list[Terminal]]:
    opened: list[Terminal] = []
    yield opened
    for t in opened:
        t.close()


def start(opened: list[Terminal], *args: str, seat: str = "R") -> Terminal:
    """Mort, seed 4, the person sitting R (the eldest hand: he leads first, Vivant deals) or
    ``seat``."""
    t = Terminal("play", "mort", "--seed", "4", "--seat", seat, *args)
    opened.append(t)
    if seat == "R":  # the adversaries choose their seats (M-2.2): here the person
        shown = t.expect(CHOICE)
        choice = re.search(r"(\d)\. You sit R", shown)
        assert choice is not None, shown
        t.type(choice.group(1))
    return t


def hand_shown(shown: str, label: str = r"Your hand \(R\)") -> list[str]:
    """A hand in the last table shown, the person's by default (``Your hand (R): ♠S A J   ♥H K
    8 …``), highest first in each suit."""
    line = re.findall(label + r": (.*)", shown)[-1]
    cards = []
    for part in line.split("   "):
        symbol_letter, *ranks = part.split()
        cards += [symbol_letter[-1] + r for r in ranks if r != "–"]
    return cards


def led_suit(shown: str) -> str | None:
    """The suit led to the trick in play, from the table shown at the person's prompt."""
    after = shown.rsplit("Your hand (R):", 1)[1]
    m = re.search(r"This trick: \w+ ([SHDC])", after)
    return m.group(1) if m else None


def legal_or_revoke(shown: str, revoke: bool) -> tuple[str, bool]:
    """A card as a person reading the screen picks it: of the suit led (or a revoke, another
    suit while holding it, when ``revoke``), else the lowest. Whether it revokes."""
    hand = hand_shown(shown)
    led = led_suit(shown)
    following = [c for c in hand if c[0] == led]
    other = [c for c in hand if c[0] != led]
    if led is not None and revoke and following and other:
        return other[-1], True
    return (following or hand)[-1], False


def visible_cards(shown: str) -> set[str]:
    """Every card the table shown lets the person see: his hand, Mort's, the cards named."""
    mort = hand_shown(shown, r"Mort \(M\), face up")
    return {*CARD.findall(shown), *hand_shown(shown), *mort}


def test_a_lead_out_of_turn_at_the_pause_and_vivant_elects(terminal: list[Terminal]) -> None:
    t = start(terminal, "--laws", "--pause", "enter")
    shown = t.expect(OWN)
    t.type("H2")  # the lead; Mort, L and V follow, each after the person's moment
    for _ in range(3):
        t.expect(PAUSE)
        t.type("")
    shown = t.expect(PAUSE)  # V won the trick: his lead is due
    assert "Trick 1: R H2, M H5, L HA, V C6 — won by V (Ada)" in shown
    assert "V (Ada) to play" in shown
    said = t.answer("D5", PAUSE)  # R leads out of turn
    # M-6.8: an adversary's lead out of turn is punished as at whist, Vivant electing.
    assert "Irregularity: a lead out of turn by R (You) — D5; V (Ada) to choose:" in said
    assert re.search(r"For a lead out of turn: (accept|leave the card exposed|call a suit)", said)
    assert "Choose" not in said  # the election is Vivant's, never offered to the person
    said = t.answer("law", PAUSE)
    assert "The laws give no choice now" in said
    said = t.answer("hint", PAUSE)
    assert said.startswith("No hint now: it is not your turn")


def test_the_moment_before_a_computer_card_passes_or_is_held(terminal: list[Terminal]) -> None:
    """``--pause 0.4``: each computer player's card waits 0.4 s for the person, the prompt
    then taken off its line; Enter in time holds the play until he says."""
    t = start(terminal, "--laws", "--pause", "0.4")
    t.expect(OWN)
    t.type("H2")
    timed = r"M \(Mort\) to play · Enter holds the play > $"
    t.expect(timed)
    t.type("")  # in time: the play is held
    t.expect(r"M \(Mort\) to play · a card or a command acts first \(Enter lets it be played")
    start_wait = time.monotonic()
    time.sleep(0.6)  # held: nothing is played while he decides
    assert "Trick 1" not in t.screen and "L (Bea) to play" not in t.screen
    t.type("")
    shown = t.expect(OWN)  # L's and V's moments pass unanswered; V leads trick 2
    assert time.monotonic() - start_wait >= 0.6 + 2 * 0.4 + 0.4  # V's lead waited too
    assert "Trick 1: R H2, M H5, L HA, V C6 — won by V (Ada)" in shown
    assert "\x1b[K" in t.raw.decode()  # the moments that passed were taken off the screen


def test_a_card_from_morts_hand_out_of_turn_is_withdrawn(terminal: list[Terminal]) -> None:
    """As Vivant, before R's opening lead: a card of Mort's hand, or of his own, led when an
    adversary should lead is withdrawn without penalty (M-6.7 with D-M9)."""
    t = Terminal("play", "mort", "--seed", "4", "--seat", "V", "--laws", "--pause", "enter")
    terminal.append(t)
    t.expect(CHOICE)  # deal for himself or for Mort
    t.type("1")
    shown = t.expect(PAUSE)
    assert "R (Bea) to play" in shown
    mort = hand_shown(shown, r"Mort \(M\), face up")[0]
    own = hand_shown(shown, r"Your hand \(V\)")[0]
    said = t.answer(mort, PAUSE)
    assert said.startswith(f"M (Mort)'s lead out of turn ({mort}) is withdrawn.")
    said = t.answer(own, PAUSE)
    assert said.startswith(f"V (You)'s lead out of turn ({own}) is withdrawn.")
    t.type("")  # R leads
    shown = t.expect(r"Play from Mort's hand \(M\) > $")
    assert "This trick: R " in shown


def test_a_revoke_is_claimed_and_the_penalty_chosen_by_the_other_side(
    terminal: list[Terminal],
) -> None:
    t = start(terminal, "--laws", "--pause", "0")
    revoked = False
    for _ in range(13):
        shown = t.expect(OWN)
        card, revoking = legal_or_revoke(shown, not revoked)
        revoked |= revoking
        t.type(card)
    assert revoked
    shown = t.expect(OWN + "|" + CHOICE)
    claimed = re.search(r"The revoke by R \(You\) in trick (\d+) is claimed\.", shown)
    assert claimed is not None, shown
    # M-6.2: the adversaries of the revoking side choose the penalty; here Vivant.
    assert re.search(
        rf"V \(Ada\) chooses the penalty for the revoke in trick {claimed.group(1)}: [TDA]:",
        shown,
    )
    assert "Penalty for the revoke" not in shown  # never asked of the revoking person


def test_two_cards_at_once_the_other_side_says_which(terminal: list[Terminal]) -> None:
    t = start(terminal, "--laws", "--pause", "enter")
    t.expect(OWN)
    said = t.answer("two H2 H3", PAUSE)
    assert "Irregularity: two cards played together by R (You) — H2 H3; V (Ada) to choose:" in said
    chosen = re.search(r"For two cards played together: (H2|H3)\.", said)
    assert chosen is not None
    other = "H3" if chosen.group(1) == "H2" else "H2"
    assert f"This trick: R {chosen.group(1)} ·" in said
    said = t.answer("show", PAUSE)
    assert f"Penalty cards of R (You): {other}" in said  # WL-5.1: it stays exposed


def test_an_exposed_card_reported_the_persons_side_elects(terminal: list[Terminal]) -> None:
    """The person sits L: R, a computer player, is to lead, and the table waits for him first;
    the election is the adversaries' side's (M-5.3), and the person makes it."""
    t = start(terminal, "--laws", "--pause", "enter", seat="L")
    shown = t.expect(PAUSE)  # before R's opening lead, with the person's hand shown
    assert "R (Bea) to play" in shown
    card = hand_shown(shown, r"Your hand \(L\)")[0]
    said = t.answer(f"exposed {card}", CHOICE)  # exposed by the dealer, V
    assert (
        f"Irregularity: a card exposed in dealing by V (Ada) — {card}; R (Bea) or L (You) to "
        "choose: stand: the deal stands or redeal: the same dealer deals again or misdeal: the "
        "deal passes." in said
    )
    assert f"The laws give you a choice: a card exposed in dealing by V (Ada) — {card}." in said
    assert "2. redeal: the same dealer deals again  (default)" in said
    said = t.answer("law", CHOICE)
    assert "The law: M-5.3, for a card exposed in dealing" in said
    said = t.answer("2", PAUSE)
    assert "For a card exposed in dealing: redeal: the same dealer deals again." in said
    assert "New hand: V (Ada) deals" in said


#: In strict mode each laws command is refused: in the engine's words, or where the engine has
#: no word for the mode, the terminal's.
STRICT_LINES = {
    "two H2 H3": "two cards played together are recorded in laws mode only",
    "revoke 1": "revokes are refused in strict mode; claims are for --laws games",
    "none": "irregularities are recorded in laws mode only",
    "attention": "irregularities are recorded in laws mode only",
    "misdeal": "irregularities of the deal are recorded in laws mode only",
    "exposed SA": "irregularities of the deal are recorded in laws mode only",
    "call SA": "no card lies exposed in strict mode; calls are for --laws games",
}


def test_strict_mode_offers_none_of_the_laws(terminal: list[Terminal]) -> None:
    proc = subprocess.run(
        [str(VIVANT), "play", "mort", "--pause", "1"], capture_output=True, text=True, timeout=60
    )
    assert proc.returncode == 2 and proc.stderr == (
        "vivant: error: --pause is for laws mode (--laws): in strict mode no card is played out "
        "of turn\n"
    )
    t = start(terminal)  # strict: the default
    shown = t.expect(OWN)
    for line, refusal in STRICT_LINES.items():
        said = t.answer(line, OWN)
        assert said.rsplit("\n", 1)[0] == refusal, line  # then the prompt again
    said = t.answer("law", OWN)
    assert said.startswith("The laws give no choice now: play goes on.")
    said = t.answer("help", OWN)
    assert "With --laws the laws decide irregular play" in said
    assert "revoke N" not in said
    for _ in range(2):  # the computer players' cards follow at once: no moment, no prompt
        t.type(legal_or_revoke(shown, False)[0])
        shown = t.expect(OWN)
    assert re.search(r"Trick 2: .* — won by", shown)
    assert "to play · a card or a command" not in t.screen
    assert "Irregularity" not in t.screen


def test_no_command_names_a_card_the_person_may_not_see(terminal: list[Terminal]) -> None:
    """Every command naming a card the person does not see is refused in words that do not
    depend on where that card lies (V's hand or L's), and names no other hidden card."""
    t = start(terminal, "--laws", "--pause", "enter")
    shown = t.expect(OWN)
    seen = visible_cards(shown)
    hidden = sorted(
        (card_name(c) for c in range(52) if card_name(c) not in seen),
        key=parse_card,
    )
    assert len(hidden) == 26 - 1  # V's and L's hands, less the turn-up (C9, seen)
    own = hand_shown(shown)
    templates: dict[str, set[str]] = {}
    for x in hidden:
        for line in (
            f"{x}",
            f"exposed {x}",
            f"exposed {x} by L",
            f"exposed {x} by V",
            f"two {x} {own[0]}",
            f"two {own[0]} {x}",
            f"call {x}",
        ):
            said = t.answer(line, OWN)
            named = set(CARD.findall(said)) - {x}
            assert not named & set(hidden), (line, said)
            templates.setdefault(line.replace(x, "X"), set()).add(said.replace(x, "X"))
    for line, answers in templates.items():
        assert len(answers) == 1, (line, answers)  # the same words for every hidden card
    for line in ("revoke 1", "revoke 0", "none", "attention", "law"):
        said = t.answer(line, OWN)
        assert said.strip() and not set(CARD.findall(said)) & set(hidden), (line, said)


def test_boston_having_none_and_attention_need_a_partner_of_ones_own_side() -> None:
    """A bug the terminal found (a person revoking at Boston crashed the program, the computer
    players' look for "having none?" raising StopIteration): the single player at Boston has no
    partner (BO-5.9), so "having none?" (WL-7.3) and attention called (WL-6.9) are refused in
    words and never offered (D-W15)."""
    t = formed(laws=True, shuffle_each_deal=True)  # cut for the table
    deal(t, {}, turned="H9")
    calls(t, "six-plain", "pass", "pass", "pass")  # East alone against three (BO-3)
    t.apply(Elect(E, "C"))
    sides = t.seat_sides
    assert t.phase == PLAY and [sides.count(sides[s]) for s in range(4)] == [3, 1, 3, 3]
    single = E
    assert t.renounce_questions(single) == []
    for action in (AskRenounce(single), DrawAttention(single)):
        with pytest.raises(InvalidActionError, match="has no partner playing his own cards"):
            t.apply(action)


# --- a position set up through public notation, played in the terminal's own session ----------

#: V (N) holds one club, the king; R (E), the person, leads clubs (PBN, North first).
POSITION = "N:AK2.5432.65432.K 3.876.987.AQJT98 654.JT9.KQJT.542 QJT987.AKQ.A.763"


def revoked_position() -> MortTable:
    """Mort with three players, Ada Vivant and You R (Mort's right), Vivant dealing for himself,
    spades trumps; trick 1: R CA, M C2, L C3 and V H2 — a revoke, V holding CK."""
    t = formed_mort(("Ada", HUMAN, "Bea"), laws=True)
    t.apply(ChooseSeats(EAST, 1))
    t.apply(ChooseDeal(NORTH, False))
    t.apply(Deal(order=pack_for_hands(pbn_hands(POSITION), NORTH, parse_card("S2"))))
    for seat, card in ((EAST, "CA"), (SOUTH, "C2"), (WEST, "C3"), (NORTH, "H2")):
        t.apply(Play(seat, parse_card(card)))
    return t


def typed_in_session(
    table: Table, answer: Callable[[Session], str | None], n_players: int = 3
) -> str:
    """The screen of the terminal's session played from ``table``, ``answer`` typing each line
    from what the session shows (the table as the person sees it; ``None``: the input ends)."""
    out = io.StringIO()
    holder: dict[str, Session] = {}
    typed = 0

    def read() -> str | None:
        nonlocal typed
        typed += 1
        assert typed < 200
        return answer(holder["s"])

    holder["s"] = Session(
        console=make_console(out),
        read=read,
        echo=True,
        n_players=n_players,
        seat=None,
        seed=1,
        laws=True,
        opponents="heuristic",
        table=table,
    )
    assert holder["s"].play() == 0
    return out.getvalue()


def test_bostons_single_player_directs_an_exposed_card() -> None:
    """BO-5.7: the person, Boston's single player (S), sees W's exposed S5 before W plays to the
    spade led and directs him to play his highest spade: W plays SK."""
    said: list[str] = []

    def answer(s: Session) -> str:
        if not said:
            said.append("direct")
            return "direct S5 highest"
        said.append("quit")
        return "quit" if said.count("quit") == 1 else "y"

    table = exposed_spade_hand(names=("Ada", "Bea", HUMAN, "Cyd"))
    screen = typed_in_session(table, answer, n_players=4)
    assert "type call C or direct C forbid|highest|lowest" in screen, screen
    directed = table.log.index(DirectExposed(SOUTH, WEST, parse_card("S5"), "highest"))
    assert table.log[directed + 1] == Play(WEST, parse_card("SK")), screen
    help_mort = table_laws.help_text(True, formed_mort(("Ada", HUMAN, "Bea"), laws=True))
    help_exposed = table_laws.help_text(True, table)
    assert not any("direct" in command for command, _ in help_mort)
    assert any(command.startswith("direct") for command, _ in help_exposed)


def test_the_person_claims_an_established_revoke_and_chooses_the_penalty() -> None:
    """R leads CQ to trick 2, V follows with CK: the tricks now prove his revoke in trick 1
    (D-W13), established (WL-7.2); R claims it, the penalty is his side's to choose at the end
    of the hand (M-6.2, WL-7.6), and he takes three tricks."""
    said: list[str] = []

    def answer(s: Session) -> str:
        t = s.table
        h = t.hand
        if t.phase == "penalty":
            said.append("penalty")
            return "1"  # T: three tricks
        if h is None or t.phase != PLAY:  # the hand is scored: leave (and confirm)
            said.append("quit")
            return "quit" if said.count("quit") == 1 else "y"
        if len(h.tricks) == 1 and not h.trick:
            return "CQ"
        if len(h.tricks) >= 2 and "claimed" not in said:
            said.append("claimed")
            return "revoke 1"
        legal = t.legal_actions(t.to_act() or 0)
        first = legal[0]
        assert isinstance(first, Play)
        return card_name(first.card)

    screen = typed_in_session(revoked_position(), answer)
    assert "Trick 2: R CQ, M C4, L C6, V CK — won by V (Ada)" in screen
    assert "The revoke by V (Ada) in trick 1 is claimed." in screen
    assert "Penalty for the revoke in trick 1: (Type law for the rule.)" in screen
    assert "1. T: three tricks taken from the revoking side" in screen
    assert "R (You) chooses the penalty for the revoke in trick 1: T: three tricks" in screen
    assert said.count("penalty") == 1


def test_a_revoke_found_before_the_trick_is_quitted_the_person_elects_the_correction() -> None:
    """The person is Vivant. L led C3 out of turn and Vivant had it left exposed (M-6.8, WL-6.1);
    then L, holding it face up, plays HA to R's club lead. Before the trick is quitted his
    partner R, a computer player who sees the revoke as the person does, asks "having none?"
    (WL-7.3, D-G7) — before the person's claim, which is told to wait: L must correct it, and
    Vivant, the side the laws name, says how (WL-7.4, D-W17): L's highest club. Later Vivant
    calls the exposed C3 at the moment before L's card (WL-5.2)."""
    t = formed_mort((HUMAN, "Ada", "Bea"), laws=True)
    t.apply(ChooseSeats(EAST, 1))
    t.apply(ChooseDeal(NORTH, False))
    t.apply(Deal(order=pack_for_hands(pbn_hands(POSITION), NORTH, parse_card("S2"))))
    t.apply(Play(WEST, parse_card("C3")))  # a lead out of turn: R is the eldest
    t.apply(Elect(NORTH, "call_card"))
    for seat, card in ((EAST, "CA"), (SOUTH, "C2"), (WEST, "HA")):
        t.apply(Play(seat, parse_card(card)))
    typed = iter(["revoke 1", "law", "2", "CK", "HJ", "call C3"])  # R asks "having none?" first
    screen = typed_in_session(t, lambda s: next(typed, None))  # then the input ends
    assert "Penalty cards of L (Bea): C3" in screen
    assert 'R (Ada) asks his partner: "having none?"\nL (Bea) must correct the revoke.' in screen
    assert "The choice the laws give comes first: type its number" in screen
    assert (
        "The laws give you a choice: a revoke found in time, to be corrected by L (Bea) — HA."
        in screen
    )
    assert "The law: WL-7.4, for a revoke found in time, to be corrected" in screen
    assert "2. his highest card of the suit led" in screen
    assert "For a revoke found in time, to be corrected: his highest card of the suit led." in (
        screen
    )
    assert "Trick 1: R CA, M C2, L C7, V CK" in screen  # L's highest club, then Vivant's
    # WL-5.2: before L plays to trick 2, the exposed C3 is Vivant's to call; it does not bind
    # L, who would revoke with it (WL-6.4), and L follows suit.
    assert "You may call C3 of L (Bea) before the card is played" in screen
    assert "C3 of L (Bea) is called." in screen
    assert re.search(r"This trick: R H6, M HJ, L H[AKQ]\n", screen)


def test_the_trick_told_after_a_revoke_corrected_without_a_claim() -> None:
    """Mort revokes with H9 to R's CA and, the trick complete but not quitted, Vivant corrects
    it with C2 (M-6.1, WL-7.4): the later cards go back to their hands (D-W17) and the trick is
    told as played again, each card once."""
    t = formed_mort(("Ada", HUMAN, "Bea"), laws=True)
    t.apply(ChooseSeats(EAST, 1))
    t.apply(ChooseDeal(NORTH, False))
    t.apply(Deal(order=pack_for_hands(pbn_hands(POSITION), NORTH, parse_card("S2"))))
    narrator = Narrator(t, HUMAN)
    told: list[str] = []

    def act(action: Action) -> None:
        narrator.remember_names()
        for event in (events := t.apply(action)):
            told.extend(line.text for line in narrator.event_lines(event, events))

    for seat, card in ((EAST, "CA"), (SOUTH, "H9"), (WEST, "C3"), (NORTH, "CK")):
        act(Play(seat, parse_card(card)))
    assert "Trick 1: R CA, M H9, L C3, V CK — won by R (You)" in told
    act(CorrectRevoke(SOUTH, parse_card("C2")))
    assert "M (Mort) takes back H9." in told
    for seat, card in ((WEST, "C3"), (NORTH, "CK")):
        act(Play(seat, parse_card(card)))
    assert told[-1] == "Trick 1: R CA, M C2, L C3, V CK — won by R (You)"


@pytest.mark.parametrize("game", sorted(set(VARIANTS) - {"duplicate"}))
def test_every_game_takes_the_laws_commands_at_every_prompt(game: str) -> None:
    """Every game in laws mode, the person waiting for Enter before each computer player's card
    and typing there and at his own prompts, now and then, a laws command, a card of the pack
    or a card of his hand: the sitting goes on (each line is applied or refused in words), no
    raw value of the engine and no rule ID is shown but by ``law``, which names the rule."""
    rng = random.Random(game)
    out = io.StringIO()
    holder: dict[str, Session] = {}
    pack = [card_name(c) for c in range(52)]
    commands = ["revoke 1", "revoke 2", "none", "attention", "misdeal", "law", "show", "help"]
    typed = 0

    def read() -> str | None:
        nonlocal typed
        typed += 1
        if typed > 600:
            return None  # the input ends: the sitting is left where it is
        t = holder["s"].table
        seat = next((s for s in range(4) if t.seat_player(s) == HUMAN), None)
        hand = list(t.view(seat).hand) if seat is not None else []
        r = rng.random()
        if r < 0.08:
            return rng.choice(commands)
        if r < 0.12:
            return rng.choice([f"exposed {rng.choice(pack)}", f"call {rng.choice(pack)}"])
        if r < 0.16:
            return f"two {rng.choice(pack)} {rng.choice(pack)}"
        if r < 0.22:
            return rng.choice(pack if not hand or r < 0.19 else [card_name(c) for c in hand])
        turn = who_acts(t)
        if turn is not None and turn[1] == HUMAN:
            legal = t.legal_actions(turn[0])
            if legal and isinstance(legal[0], Play | CorrectRevoke):
                return card_name(legal[0].card)
        return ""  # Enter: the computer player plays, or the default is taken

    variant = find_variant(game)
    holder["s"] = Session(
        console=make_console(out),
        read=read,
        echo=True,
        variant=variant,
        n_players=player_count(variant, None),
        seat=None,
        seed=7,
        laws=True,
        opponents="heuristic",
        pause=None,
    )
    assert holder["s"].play() == 0
    screen = out.getvalue()
    shown = "\n".join(line for line in screen.splitlines() if not line.startswith("The law:"))
    assert not RAW.findall(shown), sorted(set(RAW.findall(shown)))
    assert not JARGON.findall(shown), sorted(set(JARGON.findall(shown)))
    assert "to play · a card or a command acts first" in screen  # the moments were given
