"""``vivant play GAME``: a sitting of any game in the terminal, or bots only with ``--auto``.

Interactive play (issue 2, deliverable 5): the table is formed by the cut (``--seat`` puts you in
the role you ask for in the first game), computer players take the other places, and you type
your cards in notation (``SA``, ``h10``). Mort is always shown face up (D-M15); as Vivant you play
Mort's cards too (M-4.1). A bad or illegal card gets the engine's precise message and the game
goes on. Your other decisions — seats, the deal for yourself or for Mort, the laws' elections,
revoke claims and penalties — are offered as numbered choices with the customary default
(D-G2) taken on an empty line. With ``--laws`` any card may be played, in or out of turn, and
the laws' irregularities are commands at every prompt, with a moment to act before each
computer player's card (:mod:`vivant.cli.laws`).

``--auto`` plays bots only: ``--json`` prints one JSON record of the whole tournée (DESIGN §4,
plus ``seed`` and each person's player ``kinds``); the same seed gives byte-identical output.
Without ``--json`` a readable summary of each game and the score sheet is printed.

Input is read line by line from standard input, so a script can be piped in; end of input
leaves the game cleanly.
"""

from __future__ import annotations

import argparse
import json
import random
import signal
import sys
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import IO, Any

from rich.cells import cell_len
from rich.console import Console, Group, RenderableType
from rich.table import Table as RichTable
from rich.text import Text

from vivant.actions import (
    PLAYS,
    Action,
    AnswerUndo,
    AskUndo,
    ChoosePenalty,
    Claim,
    ClaimRevoke,
    Concede,
    CorrectRevoke,
    Cut,
    Play,
    WaiveRevokes,
)
from vivant.cards import (
    RANK_LETTERS,
    SUIT_LETTERS,
    SUIT_SYMBOLS,
    SUITS,
    CardSet,
    Seat,
    card_name,
    parse_card,
)
from vivant.claims import remaining as tricks_left
from vivant.cli import laws as table_laws
from vivant.conventions import Sitting
from vivant.describe import Line, Narrator, choice_keys, irregularity_note, without_rule_ids
from vivant.errors import VivantError
from vivant.info import GameInfo
from vivant.players import (
    Player,
    customary_default,
    find_player,
    offer_claims,
    play_sitting,
    player_kinds,
    step,
    who_acts,
)
from vivant.players.dd import DoubleDummyPlayer
from vivant.players.driver import sitting_record
from vivant.players.montecarlo import (
    DEFAULT_LEVEL,
    LEVELS,
    MonteCarloPlayer,
    estimate_words,
    reach_words,
)
from vivant.records.log import save_log
from vivant.table import DECLARE, Event, Table
from vivant.variants import VARIANTS, find_variant
from vivant.views import View

HUMAN = "You"
BOT_NAMES = ("Ada", "Bea", "Cyd")
#: How the terminal shows each tone of the core's words (:class:`vivant.describe.Line`).
TONES: dict[str, str | None] = {"plain": None, "heading": "bold", "warning": "yellow"}

#: ``help``: paragraphs (an empty command) and commands with their words, drawn by :func:`help_view`
#: at the terminal's width.
HELP: tuple[tuple[str, str], ...] = (
    (
        "",
        "Type a card to play it: suit letter then rank, e.g. SA, HK, DT (or D10), c2 — case does "
        "not matter. A ten is shown as T. When you control a dummy you are asked for its card "
        "when it is to play.",
    ),
    ("", "Commands, at every prompt:"),
    ("help", "this text"),
    ("show", "show the table again"),
    ("sheet", "the score sheet so far"),
    ("hint", "the Monte-Carlo player's choice for you (for a card, with its estimate)"),
    ("quit", "leave the game (you are asked to confirm)"),
    ("undo", "take back your last card (not with --laws; the computer players agree)"),
    (
        "claim",
        "claim the rest of the tricks, showing your hand (not with --laws; between tricks): the "
        "other side accepts, or disputes and the solver adjudicates",
    ),
    (
        "claim N",
        "claim N of the remaining tricks (with --laws it claims the revoke in trick N, and claim "
        "tricks N claims tricks where the game's own laws allow it)",
    ),
    ("concede", "give up the rest of the tricks to the other side"),
    (
        "",
        "In a numbered choice type the number, the suit letter where trumps are named, or the "
        "start of the choice's words; an empty line takes the default.",
    ),
)


def help_view(parts: Sequence[tuple[str, str]]) -> Group:
    """``help`` drawn at any width: paragraphs wrap, and each command's words wrap beside it."""
    out: list[RenderableType] = []
    rows: RichTable | None = None
    for command, words in parts:
        if not command:
            rows = None
            out.append(Text(words))
            continue
        if rows is None:
            rows = RichTable.grid(padding=(0, 2), pad_edge=True)
            rows.add_column(no_wrap=True)
            rows.add_column()
            out.append(rows)
        rows.add_row(command, words)
    return Group(*out)


def register(subparsers: Any) -> None:
    p = subparsers.add_parser(
        "play",
        help="play a game in the terminal (or bots only with --auto)",
        description=(
            "Play a sitting of any game (a tournée of Mort by default) against computer "
            "players, typing cards in notation (SA, H10); or, with --auto, let bots play it "
            "and print the record."
        ),
    )
    p.add_argument("game", metavar="GAME", help="the game to play: " + ", ".join(sorted(VARIANTS)))
    p.add_argument(
        "--players",
        type=int,
        default=None,
        help="number of players where the game allows a choice (Mort: 3 or 4; default 3)",
    )
    p.add_argument(
        "--seat",
        choices=("V", "R", "L"),
        type=str.upper,
        default=None,
        help="Mort: your role in the first game (interactive; default: as the cut falls)",
    )
    p.add_argument("--seed", type=int, default=None, help="seed for the cut, deals and bots")
    p.add_argument(
        "--laws", action="store_true", help="laws mode: irregular play recorded, the laws decide"
    )
    p.add_argument(
        "--opponents",
        choices=player_kinds(),
        type=str.lower,
        default="heuristic",
        help=(
            "level of the computer players: random, heuristic, mc-fast, montecarlo, mc-strong "
            "(Monte-Carlo levels by sample count), or dd, the double-dummy player that sees "
            "every hand (default heuristic)"
        ),
    )
    p.add_argument(
        "--pause",
        metavar="SECONDS",
        type=table_laws.pause_setting,
        default=table_laws.PAUSE_AS_INPUT,
        help=(
            "with --laws: before each computer player's card, wait SECONDS for you to act "
            "first (a card out of turn, a report, a claim; Enter holds the play), or 'enter' "
            "to wait for Enter every time (default 1.5 on a terminal, 0 when input is piped)"
        ),
    )
    p.add_argument("--auto", action="store_true", help="bots only; print the result")
    p.add_argument("--json", action="store_true", help="with --auto: one JSON record")
    p.add_argument(
        "--save",
        metavar="LOG",
        default=None,
        help="write the sitting's event log (replays exactly; vivant replay / record read it)",
    )
    p.set_defaults(func=run)


def player_count(variant: type[Table], asked: int | None) -> int:
    """How many play: what was asked if the game allows it (its declared player counts), else
    the game's default (:attr:`~vivant.info.GameInfo.default_players`)."""
    info = variant.info
    if asked is None:
        return info.default_players
    if not info.plays(asked):
        raise VivantError(f"{info.name} is played by {info.players_words()} here, not {asked}")
    return asked


def run(args: argparse.Namespace) -> int:
    variant = find_variant(args.game)
    info = variant.info
    if info.command != "play":
        raise VivantError(f"{info.title} is played board by board: use vivant {info.command}")
    n_players = player_count(variant, args.players)
    if args.seat is not None and args.seat not in info.seat_choice:
        games = " or ".join(c.info.title for c in VARIANTS.values() if c.info.seat_choice)
        raise VivantError(f"--seat chooses a role in {games}; {info.name} seats by the cut")
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1 << 32)
    if args.json and not args.auto:
        print("vivant: error: --json needs --auto", file=sys.stderr)
        return 2
    if args.pause != table_laws.PAUSE_AS_INPUT and not args.laws:
        raise VivantError(
            "--pause is for laws mode (--laws): in strict mode no card is played out of turn"
        )
    if args.auto:
        return run_auto(
            variant, n_players, seed, args.laws, args.opponents, args.json, sys.stdout, args.save
        )
    console = make_console(sys.stdout)
    reconfigure = getattr(sys.stdin, "reconfigure", None)
    if reconfigure is not None:  # a line that is not UTF-8 is read, and refused, not fatal
        reconfigure(errors="replace")
    flag = StopFlag()
    lines = table_laws.Lines(sys.stdin)
    with stop_signals(flag):
        session = Session(
            stop=flag,
            console=console,
            read=lines.read,
            ready=lines.ready,
            pause=table_laws.pause_for(args.pause, sys.stdin.isatty()),
            echo=not sys.stdin.isatty(),
            variant=variant,
            n_players=n_players,
            seat=args.seat,
            seed=seed,
            laws=args.laws,
            opponents=args.opponents,
            save=args.save,
        )
        return session.play()


def make_console(out: IO[str]) -> Console:
    """A Rich console on ``out``; plain text when ``out`` is not a terminal. On a terminal long
    lines are wrapped between words (the terminal itself would break them mid-word); elsewhere,
    and on a dumb terminal, each line is written whole."""
    console = Console(file=out, highlight=False, soft_wrap=True, emoji=False)
    if console.is_terminal and not console.is_dumb_terminal:  # a dumb one is taken as 80 wide
        console.soft_wrap = False
    return console


def player_seed(seed: int, index: int) -> int:
    """Each computer player's own seed, derived from the sitting's seed and its place."""
    return seed * 16 + index + 1


# --- bots only ----------------------------------------------------------------------------------


def auto_record(
    variant: type[Table],
    n_players: int,
    seed: int,
    laws: bool,
    kind: str,
    save: str | None = None,
) -> dict[str, Any]:
    """Play a whole sitting (tournée or rubber) with computer players of ``kind``; its record.
    With ``save``, the sitting's event log is written there too."""
    names = [f"P{i + 1}" for i in range(n_players)]
    table = variant(names, laws=laws)
    players = make_bots(table, kind, seed, names)
    meta: dict[str, Any] = {"seed": seed, "kinds": dict.fromkeys(names, kind)}
    if save is not None:
        save_log(table, save, meta)  # a path that cannot be written is found before play
    record = play_sitting(table, players, random.Random(seed), seed=seed)
    if save is not None:
        save_log(table, save, {"seed": seed, "kinds": record.get("kinds", {})})
    return record


class StopFlag:
    """A signal to stop that came while the table was busy: it takes effect at the next
    prompt, so no action is ever cut in half; while the program waits for a line it takes
    effect at once. A second Ctrl-C takes effect at once in any case."""

    def __init__(self) -> None:
        self.reading = False
        self.requested: BaseException | None = None

    def handle(self, signum: int, frame: object) -> None:
        stop: BaseException = KeyboardInterrupt() if signum == signal.SIGINT else Quit("signal")
        if self.reading or (self.requested is not None and signum == signal.SIGINT):
            raise stop
        self.requested = stop

    def check(self) -> None:
        """Take effect now if a signal came while the table was busy."""
        if self.requested is not None:
            stop, self.requested = self.requested, None
            raise stop


@contextmanager
def stop_signals(flag: StopFlag) -> Iterator[None]:
    """While a person plays: Ctrl-C or a signal to stop (the terminal closed, ``kill``) leaves
    the game the way ``quit`` does, so the log is saved (issue 13, point 19)."""
    names = ("SIGINT", "SIGTERM", "SIGHUP")
    wanted = [getattr(signal, n) for n in names if hasattr(signal, n)]
    try:
        old = {s: signal.signal(s, flag.handle) for s in wanted}
    except ValueError:  # not the main thread (a test driving a session): leave them be
        yield
        return
    try:
        yield
    finally:
        for s, handler in old.items():
            signal.signal(s, handler)


def make_bots(table: Table, kind: str, seed: int, names: Sequence[str]) -> dict[str, Player]:
    """Computer players of ``kind`` for ``names``, each with its own seed. The double-dummy
    player, asked for by name, is given the table's hands (it cheats, as its name says)."""
    factory = find_player(kind)
    bots: dict[str, Player] = {}
    for i, n in enumerate(table.players):
        if n not in names:
            continue
        bot = factory(seed=player_seed(seed, i))
        if isinstance(bot, DoubleDummyPlayer):
            bot.attach(table)
        bots[n] = bot
    return bots


def run_auto(
    variant: type[Table],
    n_players: int,
    seed: int,
    laws: bool,
    kind: str,
    as_json: bool,
    out: IO[str],
    save: str | None = None,
) -> int:
    record = auto_record(variant, n_players, seed, laws, kind, save)
    if as_json:
        out.write(json.dumps(record, ensure_ascii=False) + "\n")
        return 0
    console = make_console(out)
    console.print(
        f"{variant.variant}, {n_players} players ({kind}), seed {seed}"
        + (", laws mode" if laws else "")
        + f". Cutting order: {', '.join(record['players'])}."
    )
    for k, game in enumerate(record["games"], start=1):
        console.print(game_summary(k, game, variant.info))
    console.print(sheet_table(record["games"], record["players"], record["settlement"]))
    return 0


def _pair(values: Mapping[str, Any] | None) -> str:
    """``{"VM": 8, "LR": 5}`` as ``VM 8, LR 5``."""
    if not values:
        return ""
    return ", ".join(f"{k} {v}" for k, v in values.items())


def game_summary(number: int, game: Mapping[str, Any], info: GameInfo) -> RichTable:
    """One game of the sitting: its hands (dealer, trumps, tricks, score after) and its result."""
    roles = game.get("roles") or {}
    title = f"Game {number}" + (
        ": " + ", ".join(f"{r} {p}" for r, p in roles.items()) if roles else ""
    )
    t = RichTable(title=title, title_justify="left")
    for col in ("hand", "dealer", "trumps", "tricks", "score after", "notes"):
        t.add_column(col)
    n = 0
    for hand in game["hands"]:
        trumps = hand.get("turn_up") or hand.get("trump") or "NT"
        if hand.get("abandoned"):
            t.add_row("–", hand["dealer"], trumps, "", "", "thrown in")
            continue
        n += 1
        notes = []
        if hand.get("slam"):
            notes.append(f"slam {hand['slam']}")
        for irr in hand.get("irregularities", ()):
            notes.append(irregularity_note(info, irr))
        after = hand.get("markers") or hand.get("score") or hand.get("scores")
        seated = hand.get("roles") or {}  # where the seats change hands with the deal (B3-1)
        dealer = hand["dealer"]
        t.add_row(
            str(n),
            f"{dealer} ({seated[dealer]})" if dealer in seated else dealer,
            trumps,
            _pair(hand.get("won")),
            _pair(after) if isinstance(after, Mapping) else str(after or ""),
            "; ".join(notes),
        )
    extras = game.get("extras") or {}
    points = game.get("points") or {}
    settlement = game.get("settlement") or {}
    score = "–".join(str(v) for v in points.values()) if len(points) == 2 else _pair(points)
    winner = str(game.get("winner", "?"))
    seats = [roles, *(h.get("roles") or {} for h in game["hands"])]
    one = winner in settlement or any(winner in r or winner in r.values() for r in seats)
    caption = f"{winner} {'wins' if one else 'win'}"
    if points != settlement:  # a sitting paid in its own points says them once (Boston)
        caption += f" {score}"
    if any(extras.values()):
        caption += f" (extras {_pair(extras)})"
    if "value" in game:
        caption += f": value {game['value']}"
    if settlement:
        caption += "; " + ", ".join(f"{p} {v:+d}" for p, v in settlement.items())
    t.caption = caption
    t.caption_justify = "left"
    return t


def sheet_table(
    games: Sequence[Mapping[str, Any]],
    players: Sequence[str],
    totals: Mapping[str, int],
    record: Mapping[str, Any] | None = None,
) -> RichTable:
    """The score sheet (M-8, ES-7, B3-7): one row per game, one column per player, each cell
    filled from the moment the game is over — what the player won or paid, or where the money
    is settled only with the rubber, his side's points in the game — then each rubber's
    settlement, Bridge for Three's columns (below and above the line), and the totals."""
    t = RichTable(title="Score sheet", title_justify="left")
    t.add_column("game")
    t.add_column("result")
    for p in players:
        t.add_column(p, justify="right")
    rubbers = {g: r for r in (record or {}).get("rubbers", ()) for g in r.get("games", ())}
    for k, g in enumerate(games, start=1):
        result = f"{g.get('winner', '?')} won, {_pair(g.get('points'))}"
        if "value" in g:
            result += f", value {g['value']}"
        t.add_row(str(k), result, *(_game_cell(g, p) for p in players))
        rubber = rubbers.get(k)
        if rubber is not None and rubber.get("games", [])[-1:] == [k]:
            settlement = rubber.get("settlement") or {}
            t.add_row(
                "",
                f"rubber: {rubber['winner']} win, value {rubber['value']}",
                *(f"{settlement[p]:+d}" if p in settlement else "" for p in players),
            )
    sheet = (record or {}).get("sheet")
    if isinstance(sheet, Mapping):  # Bridge for Three's columns, per player
        for part in ("below", "above", "games"):
            label = {"below": "below the line", "above": "above the line"}.get(part, "games won")
            t.add_row("", label, *(str(sheet.get(p, {}).get(part, "")) for p in players))
    t.add_row("total", "", *(f"{totals.get(p, 0):+d}" for p in players), style="bold")
    return t


def _game_cell(game: Mapping[str, Any], player: str) -> str:
    """A player's cell in a game's row: his settlement if the game is settled (Mort), else
    the points of his side (or his own, Bridge for Three) in the game."""
    settlement = game.get("settlement") or {}
    if player in settlement:
        return f"{settlement[player]:+d}"
    points = game.get("points") or {}
    if player in points:
        return str(points[player])
    role = next((r for r, n in (game.get("roles") or {}).items() if n == player), None)
    side = next((k for k in points if role is not None and role in k), None)
    return "" if side is None else str(points[side])


# --- interactive --------------------------------------------------------------------------------


def suit_line(cards: CardSet) -> str:
    """A hand sorted by suits: ``♠S A K 4   ♥H T 9   ♦D –   ♣C Q``. A ten is ``T`` here as in
    every card the terminal shows (``HT``), one notation everywhere (issue 13, point 22)."""
    return "   ".join(suit_parts(cards))


def suit_parts(cards: CardSet) -> list[str]:
    """A hand's four suits, each as :func:`suit_line` writes it."""
    parts = []
    for s in SUITS:
        shown = " ".join(RANK_LETTERS[c % 13] for c in cards.suit(s)) or "–"
        parts.append(f"{SUIT_SYMBOLS[s]}{SUIT_LETTERS[s]} {shown}")
    return parts


def hand_lines(label: str, cards: CardSet, width: int) -> list[str]:
    """``label: ♠S …   ♥H …`` in lines of at most ``width`` cells, broken between suits, never
    inside one: the suits that do not fit go on under the first, lined up with it where there is
    room."""
    first, *rest = suit_parts(cards)
    lines = [f"{label}: {first}"]
    aligned = cell_len(label) + 2 + max(cell_len(p) for p in (first, *rest)) <= width
    indent = " " * (cell_len(label) + 2 if aligned else 2)
    for part in rest:
        if cell_len(lines[-1]) + 3 + cell_len(part) > width:
            lines.append(indent + part)
        else:
            lines[-1] += "   " + part
    return lines


class Quit(Exception):
    """The player left: ``quit`` confirmed, the input ended, or a signal to stop."""


#: What is said when the game is left before its end, by the way it was left.
LEAVING = {
    "end of input": "End of input: the game is left unfinished.",
    "quit": "You leave the table; the game is left unfinished.",
    "interrupted": "Interrupted: the game is left unfinished.",
    "signal": "Stopped: the game is left unfinished.",
}


class Session:
    """One interactive sitting: the table, the human's place, the bots and the screen. ``table``
    is a table made ready elsewhere (a Duplicate tray, a test's position), played as it stands."""

    def __init__(
        self,
        *,
        console: Console,
        read: Callable[[], str | None],
        echo: bool,
        variant: type[Table] | None = None,
        n_players: int,
        seat: str | None,
        seed: int,
        laws: bool,
        opponents: str,
        save: str | None = None,
        stop: StopFlag | None = None,
        table: Table | None = None,
        ready: Callable[[float], bool] | None = None,
        pause: float | None = 0.0,
    ) -> None:
        self.console = console
        self.stop = stop or StopFlag()
        self.read = read
        #: Whether a line comes within so many seconds (the pause before a computer's card).
        self.ready = ready
        #: Laws mode: seconds to wait before each computer player's card, or ``None`` to wait
        #: for Enter (:mod:`vivant.cli.laws`).
        self.pause = pause
        self._hand_shown: object = None  # the hand whose table was shown at a pause
        self.echo = echo
        self.seed = seed
        self.laws = laws
        self.rng = random.Random(seed)
        self.save = save
        self.variant: type[Table] = variant or next(iter(VARIANTS.values()))  # the first game
        cuts: list[Cut] = []
        if table is not None:  # a table made ready elsewhere (a tray of an event, a position)
            self.variant, self.table = type(table), table
        else:
            self.table, cuts = self._form_table(n_players, seat, laws)
        self.bots = make_bots(
            self.table, opponents, seed, [n for n in self.table.players if n != HUMAN]
        )
        self.opponents = opponents
        self.narrator = Narrator(self.table, HUMAN)
        self._cuts = cuts

    def _form_table(self, n_players: int, seat: str | None, laws: bool) -> tuple[Table, list[Cut]]:
        """Cut for the table (WL-1.4) and, in Mort, if a role was asked for, give the human the
        place in the cutting order that holds it in game 1 (M-2.2, M-2.6: V, R, L = the first,
        second and third cutters)."""
        scratch = self.variant([f"#{i}" for i in range(n_players)], laws=laws)
        cuts: list[Cut] = []
        while scratch.phase == "cut":
            action = scratch.chance_action(self.rng)
            assert isinstance(action, Cut)
            scratch.apply(action)
            cuts.append(action)
        human = 0
        if seat and seat in self.variant.info.seat_choice:
            order: Sequence[int] = getattr(scratch, "order")  # noqa: B009 (the cutting order)
            human = order[self.variant.info.seat_choice.index(seat)]
        bots = iter(BOT_NAMES)
        names = [HUMAN if i == human else next(bots) for i in range(n_players)]
        return self.variant(names, laws=laws), cuts

    # --- output -----------------------------------------------------------------------------

    def say(self, text: str = "", style: str | None = None) -> None:
        self.console.print(Text(text, style=style or ""))

    def who(self, role: str) -> str:
        """A role with the name of the person who held it when the action was taken."""
        return self.narrator.who(role)

    def remember_names(self) -> None:
        """Note who holds each role before an action (the core's narrator keeps them)."""
        self.narrator.remember_names()

    def print_lines(self, lines: Sequence[Line]) -> None:
        for line in lines:
            self.say(line.text, TONES[line.tone])

    def narrate(self, events: Sequence[Event]) -> None:
        """Print the core's words for the public events of an action (:mod:`vivant.describe`),
        and what the terminal shows besides: the table when a hand is dealt while you sit out,
        the log kept after each hand, the score sheet after a game or rubber."""
        for e in events:
            self.print_lines(self.narrator.event_lines(e, events))
            self.after_event(e, events)

    def after_event(self, e: Event, events: Sequence[Event]) -> None:
        if e.kind == "dealt" and self.narrator.sitting_out():
            self.show_table(self.table.view(None))
        elif e.kind == "hand_scored":
            try:  # each hand is kept as soon as it is scored; a failure does not end the game
                self.save_log(quiet=True)
            except VivantError as exc:
                self.say(f"The log could not be saved: {exc}; it is tried again at the end.", "red")
        elif e.kind == "game_over":
            self.show_sheet()
            if not self.table.is_over():
                self.announce_roles()  # the next game's roles, before its first decision
        elif e.kind == "rubber_over" and not any(x.kind == "game_over" for x in events):
            self.show_sheet()

    def save_log(self, *, quiet: bool = False) -> None:
        """Write the event log (finished or not) where ``--save`` asked; nothing is lost. It is
        written at the start (so a path that cannot be written is found before any card is
        played), after every hand, and on every way out (issue 13, point 19)."""
        if self.save is None:
            return
        save_log(self.table, self.save, {"seed": self.seed, "kinds": self._kinds()})
        if not quiet:
            self.say(f"The sitting's log is saved in {self.save}.")

    @property
    def sitting_word(self) -> str:
        """What the whole sitting is called: the game's declared unit (a tournée, a rubber)."""
        return self.variant.info.unit

    def _kinds(self) -> dict[str, str]:
        return {n: ("human" if n == HUMAN else self.opponents) for n in self.table.players}

    def show_sheet(self) -> None:
        """The score sheet of the games so far; a session played tray by tray has no games:
        the core's lines of its plays and totals instead."""
        rec = sitting_record(self.table, self._kinds(), self.seed)
        if "games" not in rec:
            for line in Narrator(self.table, HUMAN).session_lines():
                self.say(without_rule_ids(line))
            return
        self.console.print(sheet_table(rec["games"], rec["players"], rec["settlement"], rec))

    def announce_roles(self) -> None:
        """When the roles change, say who holds each and who sits out (the core's words)."""
        self.print_lines(self.narrator.announce_roles())

    def show_table(self, view: View) -> None:
        """The table as the human's seat sees it: game, trumps, score, Mort's hand face up, the
        human's hand by suits, the last trick of this hand and the current trick."""
        extra = view.extra
        roles = extra.get("roles") or {view.roles[s]: n for s, n in view.names.items()}
        words = self.narrator
        game = words.game_heading(view)
        head = f"{self.variant.info.title} · " + (f"{game} · " if game else "")
        head += ", ".join(f"{r} {n}" for r, n in roles.items() if r != "out")
        if roles.get("out"):
            head += f" · {roles['out']} {words.verb(roles['out'], 'sit')} out"
        self.say(head, "bold")
        if view.dealer is not None and (view.hand_sizes or view.phase == DECLARE):
            self.say(f"Trumps: {words.trump_line(view)}")
        title = self.variant.info.score_title
        if "above" in extra:
            title = "Below the line"
        self.say(
            f"{title}: {_pair(view.score)}"
            + (f" · above the line: {_pair(extra['above'])}" if "above" in extra else "")
            + (f" · games: {_pair(extra['games_won'])}" if "games_won" in extra else "")
            + (f" · tricks this hand: {_pair(view.won)}" if view.won else "")
        )
        width = self.console.width
        for s, cs in view.exposed.items():
            self.say("\n".join(hand_lines(words.exposed_label(s, view), cs, width)))
        if view.seat is not None and view.hand_sizes:
            if view.hand or not view.hand_sizes.get(view.seat):
                label = f"Your hand ({view.roles[view.seat]})"
                self.say("\n".join(hand_lines(label, view.hand, width)), "bold")
            else:
                self.say(f"Your hand ({view.roles[view.seat]}): not looked at yet", "bold")
        for s, cs in view.penalty_cards.items():
            self.say(f"Penalty cards of {self.who(view.roles[s])}: {cs}")
        if view.tricks:  # the last trick of this hand, never one of an earlier hand
            self.say(f"Last trick: {words.trick_words(view.tricks[-1])}")
        if view.trick is not None and view.trick.cards:
            self.say(f"This trick: {words.trick_words(view.trick)}")

    # --- input ------------------------------------------------------------------------------

    def ask(self, prompt: str) -> str:
        """A line typed at ``prompt``; :class:`Quit` at the end of input. A signal to stop
        that came while the table was busy takes effect here, before or after the read."""
        self.stop.check()
        self.stop.reading = True
        try:
            self.console.print(Text(prompt + " > ", style="cyan"), end="")
            self.console.file.flush()
            line = self.read()
        finally:
            self.stop.reading = False
        return self._typed(line)

    def _typed(self, line: str | None) -> str:
        """The line typed at the prompt just shown (``None``: the input ended)."""
        self.stop.check()
        if line is None:
            self.console.print()
            raise Quit("end of input")
        if self.echo:
            self.console.print(Text(line))
        return line.strip()

    def common_command(self, text: str, seat: Seat, legal: list[Action]) -> bool:
        """``help``, ``show``, ``sheet``, ``hint``, ``quit``: handled at every prompt, True if
        ``text`` was one of them."""
        word = text.lower()
        view = self.table.view(seat)
        if word in ("help", "?"):
            self.console.print(help_view(HELP + table_laws.help_text(self.laws, self.table)))
        elif word == "law":
            self.say(table_laws.law_words(self.table))
        elif word in ("show", "table"):
            self.show_table(view)
        elif word in ("sheet", "score"):
            self.show_sheet()
        elif word == "hint":
            self.show_hint(seat, legal)
        elif word in ("quit", "exit", "q"):
            self.confirm_quit()
        else:
            return False
        return True

    def confirm_quit(self) -> None:
        """Leave only when the player says so: the game is left unfinished."""
        kept = f"; its log is saved in {self.save}" if self.save else ""
        answer = self.ask(f"Leave the table? The game is left unfinished{kept}. Leave (y/n)")
        if answer.lower() in ("y", "yes"):
            raise Quit("quit")
        self.say("You stay at the table.")

    # --- the game ---------------------------------------------------------------------------

    def play(self) -> int:
        """The sitting to its end or until the player leaves; the log is saved on every way
        out: the end, quit, end of input, Ctrl-C, a signal to stop, an error."""
        t = self.table
        self.save_log(quiet=True)  # the path is tried before the first card
        self.say(
            f"{self.variant.variant}, {len(t.players)} players, you against {self.opponents} "
            "computer players "
            f"(seed {self.seed}{', laws mode' if self.laws else ''}). Type help for help.",
            "bold",
        )
        try:
            self.play_to_the_end()
        except (Quit, KeyboardInterrupt) as q:
            why = str(q) if isinstance(q, Quit) else "interrupted"
            if why in ("interrupted", "signal"):
                self.say()  # off the prompt's line
            self.say(LEAVING.get(why, why))
            self.save_log()
            return 130 if isinstance(q, KeyboardInterrupt) else 0
        except BaseException:
            self.save_log()
            raise
        self.save_log()
        t = self.table
        rec = sitting_record(t, self._kinds(), self.seed)
        self.say(
            f"The {self.sitting_word} is over."
            + "".join(f" {p} {v:+d}," for p, v in (rec.get("settlement") or {}).items())[:-1]
            + ("." if rec.get("settlement") else ""),
            "bold",
        )
        return 0

    def play_to_the_end(self) -> None:
        t = self.table
        for cut in self._cuts:
            self.narrate(t.apply(cut))
        while not t.is_over():
            t = self.table  # a card taken back (undo) rebuilds the table
            self.stop.check()
            self.remember_names()
            claimed = offer_claims(t, self.bots)  # D-G7: a bot claims what it sees
            if claimed is not None:
                self.tell_choice(claimed.action, claimed.events)
                self.narrate(claimed.events)
                continue
            mine = table_laws.person_decides(t, HUMAN)  # his side's choice: he makes it
            if mine is not None:
                self.choice_turn(mine, t.legal_actions(mine), t.view(mine))
                continue
            turn = who_acts(t)
            if turn is None or turn[1] != HUMAN:
                if turn is not None and self.before_computer_card(turn[0]):
                    continue  # the person acted first: the table is looked at again
                done = step(t, self.bots, self.rng)
                self.tell_choice(done.action, done.events)
                self.narrate(done.events)
                continue
            self.human_turn(turn[0])

    def human_turn(self, seat: Seat) -> None:
        """Ask the human for the decision due at ``seat`` until one is accepted."""
        t = self.table
        legal = t.legal_actions(seat)
        view = t.view(seat)
        if legal and isinstance(legal[0], Play | CorrectRevoke):
            self.show_table(view)
            self.card_turn(seat, legal, view)
        else:
            self.choice_turn(seat, legal, view)

    def card_turn(self, seat: Seat, legal: list[Action], view: View) -> None:
        """A card from the hand to play, or a command; nothing typed here ends the program:
        every refusal is said and the prompt comes again (issue 13, point 14)."""
        first = legal[0]
        assert isinstance(first, Play | CorrectRevoke)
        hand_seat = first.seat
        dummy = self.narrator.dummy_word()
        whose = "your hand" if hand_seat == seat else f"{dummy}'s hand"
        if isinstance(first, CorrectRevoke):
            prompt = f"Correct the revoke: a card of the suit led from {whose}"
        else:
            lead = view.trick is None or not view.trick.cards
            prompt = f"{'Lead' if lead else 'Play'} from {whose} ({view.roles[hand_seat]})"
        while True:
            text = self.ask(prompt)
            if text.lower() == "undo":
                if self.take_back(seat):
                    return
                continue
            if not text or self.common_command(text, seat, legal):
                continue
            try:
                action = self.card_action(seat, text, first, view)
                events = self.table.apply(action)
            except VivantError as exc:
                self.say(self.refusal(exc, text, view, hand_seat), "red")
                continue
            self.tell_choice(action, events)
            self.narrate(events)
            return

    def take_back(self, seat: Seat) -> bool:
        """``undo``: take back the last card of a hand the player plays, with every card played
        after it (D-TC1, never in laws mode); the computer players agree. True if it was."""
        sitting = Sitting(self.table.config(), self.table)
        asks = [a for a in sitting.offers(seat) if isinstance(a, AskUndo)]  # not a claim
        if not asks:
            self.say(
                "Nothing to take back now: only your last card of the hand in play, with "
                "nothing but cards played since, and never with --laws.",
                "red",
            )
            return False
        events = sitting.apply(asks[-1])
        while sitting.undo is not None:  # the computer players agree
            events += sitting.apply(AnswerUndo(sitting.undo.waiting[0], True))
        self.table = sitting.table
        for bot in self.bots.values():
            if isinstance(bot, DoubleDummyPlayer):
                bot.attach(self.table)
        cards = next(e.data["cards"] for e in events if e.kind == "cards_taken_back")
        self.say(f"Taken back, the computer players agreeing: {', '.join(cards)}. Play again.")
        self.narrator = Narrator(self.table, HUMAN)  # it follows the rebuilt table
        return True

    def card_action(self, seat: Seat, text: str, first: Action, view: View) -> Action:
        """The action a line typed at a card prompt asks for; a :class:`VivantError` saying
        what is wrong with it otherwise."""
        assert isinstance(first, Play | CorrectRevoke)
        hand_seat = first.seat
        words = text.split()
        verb = words[0].lower()
        if verb == "claim":
            return self._claim(seat, words)
        if verb == "concede" and len(words) == 1:
            return Concede(seat)  # D-TC6
        said = table_laws.Said(self.table, seat, hand_seat)
        command = table_laws.parse(text, said, self.laws)  # two C1 C2 and the laws' others
        if command is not None:
            return command
        if len(words) != 1:
            raise _usage(f"{text!r}: type one card (e.g. SA) or a command (help).")
        c = parse_card(words[0])
        if isinstance(first, CorrectRevoke):
            return CorrectRevoke(hand_seat, c)
        other = self._other_hand_holding(view, hand_seat, c)
        if other is not None and self.laws:
            # A card from the other hand the person plays is recorded as that hand's card out
            # of turn, and the laws apply (M-6.7: a lead from the wrong one of Vivant's two
            # hands, the adversaries electing; a card played to the trick out of turn is
            # refused in the engine's words).
            return Play(other, c)
        return Play(hand_seat, c)

    def refusal(self, exc: VivantError, text: str, view: View, hand_seat: Seat) -> str:
        """The engine's refusal in the player's words, with where the card is if it is in the
        other hand the player controls."""
        message = without_rule_ids(str(exc))
        words = text.split()
        if len(words) == 1:
            try:
                c = parse_card(words[0])
            except VivantError:
                return message
            other = self._other_hand_holding(view, hand_seat, c)
            if other is not None:
                message += f"; {card_name(c)} is in the hand of {self.who(view.roles[other])}"
        return message

    def show_hint(self, seat: Seat, legal: list[Action]) -> None:
        """The Monte-Carlo player's choice at its default level, from the view of ``seat``
        only: for a card, with what it expects (averaged over its sampled deals; the tricks for
        the side from this trick on, or the game's own objective: ``estimate_words``); before
        its horizon, and for every other decision,
        the heuristic player's choice."""
        t = self.table
        if not legal:  # the moment before a computer player's card: nothing is his to choose
            self.say("No hint now: it is not your turn; a hint is for your own cards and choices.")
            return
        view = t.view(seat)
        turn = len(view.tricks) * 4 + (len(view.trick.cards) if view.trick else 0)
        adviser = MonteCarloPlayer(player_seed(self.seed, 100 + turn), kind=DEFAULT_LEVEL)
        choice = adviser.choose(view, legal, customary_default(t, legal))
        est = adviser.last
        if not isinstance(choice, Play | CorrectRevoke):
            number = f"{legal.index(choice) + 1}. " if choice in legal else ""
            self.say(f"Hint: {number}{self.describe(choice)}", "green")
            return
        name = card_name(choice.card)
        if len(legal) == 1:
            self.say(f"Hint: {name} (the only correct card)", "green")
            return
        if est is None:
            reach = reach_words(view, LEVELS[DEFAULT_LEVEL].max_cards)
            self.say(
                f"Hint: {name} (the maxims' card: the Monte-Carlo player samples and searches "
                f"{reach})",
                "green",
            )
            return
        ranked = sorted(est.averages.items(), key=lambda kv: -kv[1])
        others = ", ".join(f"{card_name(c)} {v:.2f}" for c, v in ranked if c != choice.card)
        self.say(
            f"Hint: {name} — about {est.averages[choice.card]:.2f} {estimate_words(view)} "
            f"(average over {est.samples} sampled deals)"
            + (f"; others: {others}" if others else ""),
            "green",
        )

    @staticmethod
    def _other_hand_holding(view: View, hand_seat: Seat, c: int) -> Seat | None:
        """The other hand the human controls (Vivant's or Mort's) if it holds ``c``."""
        for s in view.controls:
            if s == hand_seat:
                continue
            held = view.hand if s == view.seat else view.exposed.get(s)
            if held is not None and c in held:
                return s
        return None

    def _claim(self, seat: Seat, words: list[str]) -> ClaimRevoke | Claim:
        """``claim``/``claim N``: tricks at a casual table (D-TC4); with --laws ``claim N``
        claims a revoke in trick N, and ``claim tricks N`` tricks where the laws allow it."""
        if len(words) == 3 and words[1].lower() == "tricks" and words[2].isdecimal():
            return Claim(seat, int(words[2]))
        if self.laws:
            if len(words) != 2 or not words[1].isdecimal():
                raise _usage("claim N — N is the number of the trick with the revoke, e.g. claim 3")
            return ClaimRevoke(seat, int(words[1]))
        h = self.table.hand
        if len(words) == 1 and h is not None:
            return Claim(seat, tricks_left(h))
        if len(words) == 2 and words[1].isdecimal():
            return Claim(seat, int(words[1]))
        raise _usage(
            "claim — the rest of the tricks; claim N — N of the remaining tricks (your hand "
            "is shown); concede — give up the rest"
        )

    def choice_turn(self, seat: Seat, legal: list[Action], view: View) -> None:
        """A decision other than a card: the hand it is made on, what it means, numbered
        options and the customary default on Enter (issue 13, point 15). A choice may also be
        typed by its name where it has one (a suit letter for the trumps), or by the start of
        its words where no other choice's words start so."""
        t = self.table
        default = table_laws.default_for(seat, customary_default(t, legal))
        if view.hand or view.phase == DECLARE:
            self.show_table(view)
        about = self.narrator.pending_words(view)
        if about is not None:
            self.say(f"The laws give you a choice: {about}. (Type law for the rule.)")
        question = self.narrator.question(legal[0], view)
        if about is None and isinstance(legal[0], ChoosePenalty | ClaimRevoke | WaiveRevokes):
            question += " (Type law for the rule.)"  # the laws' choices after a revoke
        self.say(question, "bold")
        default_index = legal.index(default) + 1 if default in legal else 1
        for i, a in enumerate(legal, start=1):
            mark = "  (default)" if i == default_index else ""
            self.say(f"  {i}. {self.describe(a)}{mark}")
        keys = {k: i for i, a in enumerate(legal, start=1) for k in choice_keys(a)}
        named = [choice_keys(a)[0] for a in legal if choice_keys(a)]
        if len(named) > 1:  # the trumps by letter (the core's question says nothing of typing)
            self.say(f"  or type {', '.join(named[:-1])} or {named[-1]}")
        while True:
            text = self.ask(f"Choose 1–{len(legal)} [{default_index}]")
            if text.upper() in keys:
                index = keys[text.upper()]
            elif self.common_command(text, seat, legal):
                continue
            elif self.laws_command(text, seat, seat):
                return
            elif not text:
                index = default_index
            elif text.isdecimal() and 1 <= int(text) <= len(legal):
                index = int(text)
            elif len(found := _by_words(text, [self.describe(a) for a in legal])) == 1:
                index = found[0]
            elif found:
                numbers = ", ".join(map(str, found))
                self.say(f"{text!r} starts several choices ({numbers}): type its number.", "red")
                continue
            else:
                self.say(f"{text!r} is not one of the choices 1–{len(legal)}.", "red")
                continue
            try:
                events = t.apply(legal[index - 1])
            except VivantError as exc:  # the table refused: say so and ask again
                self.say(without_rule_ids(str(exc)), "red")
                continue
            self.tell_choice(legal[index - 1], events)
            self.narrate(events)
            return

    # --- the laws at the table (issue 16, point 1; vivant.cli.laws) ----------------------------

    def laws_command(self, text: str, seat: Seat, hand: Seat) -> bool:
        """A laws command typed at a prompt other than a card's: applied (True) or refused in
        words (True: it was one); False if ``text`` is not one."""
        if self.table.pending is not None and table_laws.is_command(text):
            self.say("The choice the laws give comes first: type its number (law names its rule).")
            return True
        try:
            action = table_laws.parse(text, table_laws.Said(self.table, seat, hand), self.laws)
            if action is None:
                return False
            events = self.table.apply(action)
        except VivantError as exc:
            self.say(without_rule_ids(str(exc)), "red")
            return True
        self.tell_choice(action, events)
        self.narrate(events)
        return True

    def before_computer_card(self, turn: Seat) -> bool:
        """Laws mode: the moment before a computer player's card, for the person to act out of
        turn — a card from a hand he plays (a lead out of turn, the laws then apply), or a
        command (:mod:`vivant.cli.laws`). It waits ``pause`` seconds (Enter holds the play), or
        for Enter. True if the person did something that changed the table."""
        t = self.table
        seat = table_laws.person_seat(t, HUMAN)
        if not self.laws or seat is None or not table_laws.card_due(t, turn):
            return False
        calls = [a for a in t.legal_actions(seat) if not isinstance(a, Play)]
        timed = self.pause is not None and not calls
        if timed and (not self.pause or self.ready is None):
            return False
        first = t.legal_actions(turn)[0]
        assert isinstance(first, Play)
        view = t.view(seat)
        opening = not view.tricks and not (view.trick and view.trick.cards)
        if opening and self._hand_shown is not t.hand:  # the hand he may report on (WL-3, WL-4)
            self._hand_shown = t.hand
            self.show_table(view)
        prompt = table_laws.pause_prompt(self, first.seat, timed)
        if calls:  # WL-5.2: an exposed card of the hand about to play may be called
            self.say(
                f"You may {' or '.join(self.describe(a) for a in calls)} before the card is "
                f"played: type {table_laws.how_to_type(calls)}, or Enter to let it be played."
            )
        while True:
            if timed:
                text = self.ask_within(prompt, self.pause or 0.0)
                if text is None:
                    return False
                timed = False
                prompt = table_laws.pause_prompt(self, first.seat, False)
                if not text:
                    continue  # Enter holds the play: the prompt waits now
            else:
                text = self.ask(prompt)
            if not text:
                return False
            if self.common_command(text, seat, []):
                continue
            try:
                # his own hand is the one he plays from here (a card of another he plays is
                # found in it by card_action)
                action = self.card_action(seat, text, PLAYS[seat][0], t.view(seat))
                events = self.table.apply(action)
            except VivantError as exc:
                self.say(self.refusal(exc, text, t.view(seat), seat), "red")
                continue
            self.tell_choice(action, events)
            self.narrate(events)
            return True

    def ask_within(self, prompt: str, seconds: float) -> str | None:
        """A line typed at ``prompt`` within ``seconds``, or ``None`` (the prompt is taken off
        the screen); :class:`Quit` at the end of input."""
        assert self.ready is not None
        self.stop.check()
        self.stop.reading = True
        try:
            self.console.print(Text(prompt + " > ", style="cyan"), end="")
            self.console.file.flush()
            came = self.ready(seconds)
            line = self.read() if came else None
        finally:
            self.stop.reading = False
        if not came:
            if self.console.is_terminal:  # the prompt is taken off its line(s)
                rows = (len(prompt) + 2) // max(1, self.console.width)
                self.console.file.write("\r\x1b[K" + "\x1b[1A\x1b[K" * rows)
            else:
                self.console.print()
            return None
        return self._typed(line)

    def tell_choice(self, action: Action, events: Sequence[Event]) -> None:
        """Say what was chosen where the events do not (the core's words)."""
        self.print_lines(self.narrator.choice_said(action, events))

    def describe(self, a: Action) -> str:
        """A numbered choice in words (the core's)."""
        return self.narrator.action(a, getattr(a, "seat", None))


def _by_words(text: str, words: Sequence[str]) -> list[int]:
    """The numbers of the choices whose words start with ``text`` (two letters at least, any
    case): one is the choice meant, several are ambiguous."""
    typed = " ".join(text.lower().split())
    if len(typed) < 2:
        return []
    return [i for i, w in enumerate(words, start=1) if w.lower().startswith(typed)]


def _usage(message: str) -> VivantError:
    return VivantError(message)
