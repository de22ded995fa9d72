"""``vivant play GAME``: a sitting of any game in the terminal, or bots only with ``--auto``.

Interactive play (issue 2, deliverable 5): the table is formed by the cut (``--seat`` puts you in
the role you ask for in the first game), computer players take the other places, and you type
your cards in notation (``SA``, ``h10``). Mort is always shown face up (D-M15); as Vivant you play
Mort's cards too (M-4.1). A bad or illegal card gets the engine's precise message and the game
goes on. Your other decisions — seats, the deal for yourself or for Mort, the laws' elections,
revoke claims and penalties — are offered as numbered choices with the customary default
(D-G2) taken on an empty line. With ``--laws`` a revoking card is accepted and recorded, and
``claim N`` and ``two C1 C2`` record a revoke claim and two cards played together.

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

from rich.console import Console
from rich.table import Table as RichTable
from rich.text import Text

from vivant.actions import (
    Action,
    AfterTournee,
    AnswerUndo,
    CallCard,
    CallSuit,
    ChooseDeal,
    ChoosePenalty,
    ChoosePosition,
    ChooseSeat,
    ChooseSeats,
    ChooseSeatsAndPack,
    Claim,
    ClaimRevoke,
    CorrectRevoke,
    Cut,
    Declare,
    Discard,
    Double,
    Elect,
    Exchange,
    Pass,
    Play,
    PlayTogether,
    Redouble,
    WaiveRevokes,
)
from vivant.cards import (
    RANK_LETTERS,
    SUIT_LETTERS,
    SUIT_NAMES,
    SUIT_SYMBOLS,
    SUITS,
    CardSet,
    Seat,
    card_name,
    parse_card,
)
from vivant.cli.words import (
    CHOICE_TITLES,
    DOUBLING_WORDS,
    FORCED_WORDS,
    HONOURS_WORDS,
    IRREGULARITY_WORDS,
    KIND_WORDS,
    PENALTY_WORDS,
    SCORE_ITEM_WORDS,
    SEAT_WORDS,
    in_words,
    trump_words,
    without_rule_ids,
)
from vivant.conventions import Sitting
from vivant.errors import VivantError
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
from vivant.players.montecarlo import DEFAULT_LEVEL, LEVELS, MonteCarloPlayer
from vivant.records.log import save_log
from vivant.table import DECLARE, Event, Table
from vivant.variants import VARIANTS, MortTable, find_variant
from vivant.variants.bridge_for_three import ROLE_SEATS, BridgeForThreeTable
from vivant.variants.humbug import SURE_TRICKS_TO_KEEP, HumbugTable
from vivant.views import TrickView, View

HUMAN = "You"
BOT_NAMES = ("Ada", "Bea", "Cyd")
#: Mort's roles in words (M-2.1); Bridge for Three's come from the core (``ROLE_SEATS``).
ROLE_NAMES = {"V": "Vivant, with Mort", "R": "Mort's right", "L": "Mort's left"}

HELP = """\
Type a card to play it: suit letter then rank, e.g. SA, HK, DT (or D10), c2 — case does not matter.
A ten is shown as T. When you control a dummy (as Vivant, Mort) you are asked for its card when
it is to play.
Commands, at every prompt:
  help         this text
  show         show the table again
  sheet        the score sheet so far
  hint         the Monte-Carlo player's choice for you (for a card, with its estimated tricks)
  quit         leave the game (you are asked to confirm)
  undo         take back your last card (not with --laws; the computer players agree)
In a numbered choice type the number (or the suit letter, where trumps are named); an empty
line takes the default.
With --laws (the laws decide irregular play):
  a revoking card is accepted (the other side may claim it)
  claim N      claim that the other side revoked in trick N
  two C1 C2    two cards played together (the other side chooses which counts)"""


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
    """How many play: what was asked if the game allows it, else the game's own number (Mort:
    three or four, three by default)."""
    low = getattr(variant, "min_players", 3)
    high = min(getattr(variant, "max_players", low), 4)
    if asked is None:
        return low
    if not low <= asked <= high:
        allowed = str(low) if low == high else f"{low} to {high}"
        raise VivantError(f"{variant.variant} is played by {allowed} here, not {asked}")
    return asked


def run(args: argparse.Namespace) -> int:
    variant = find_variant(args.game)
    if variant.variant == "duplicate":
        raise VivantError("Duplicate Whist is played board by board: use vivant duplicate play")
    n_players = player_count(variant, args.players)
    if args.seat is not None and variant is not MortTable:
        raise VivantError(f"--seat chooses a role in Mort; {variant.variant} seats by the cut")
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1 << 32)
    if args.json and not args.auto:
        print("vivant: error: --json needs --auto", file=sys.stderr)
        return 2
    if args.auto:
        return run_auto(
            variant, n_players, seed, args.laws, args.opponents, args.json, sys.stdout, args.save
        )
    console = make_console(sys.stdout)
    reconfigure = getattr(sys.stdin, "reconfigure", None)
    if reconfigure is not None:  # a line that is not UTF-8 is read, and refused, not fatal
        reconfigure(errors="replace")
    flag = StopFlag()
    with stop_signals(flag):
        session = Session(
            stop=flag,
            console=console,
            read=_line_reader(sys.stdin),
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
    """A Rich console on ``out``; plain text when ``out`` is not a terminal."""
    return Console(file=out, highlight=False, soft_wrap=True, emoji=False)


def _line_reader(stream: IO[str]) -> Callable[[], str | None]:
    def read() -> str | None:
        line = stream.readline()
        return None if line == "" else line.rstrip("\r\n")

    return read


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
        console.print(game_summary(k, game))
    console.print(sheet_table(record["games"], record["players"], record["settlement"]))
    return 0


def _pair(values: Mapping[str, Any] | None) -> str:
    """``{"VM": 8, "LR": 5}`` as ``VM 8, LR 5``."""
    if not values:
        return ""
    return ", ".join(f"{k} {v}" for k, v in values.items())


def game_summary(number: int, game: Mapping[str, Any]) -> RichTable:
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
            notes.append(_irregularity_note(irr))
        after = hand.get("markers") or hand.get("score")
        t.add_row(
            str(n),
            hand["dealer"],
            trumps,
            _pair(hand.get("won")),
            _pair(after) if isinstance(after, Mapping) else str(after or ""),
            "; ".join(notes),
        )
    extras = game.get("extras") or {}
    points = game.get("points") or {}
    score = "–".join(str(v) for v in points.values()) if len(points) == 2 else _pair(points)
    caption = f"{game.get('winner', '?')} win {score}"
    if any(extras.values()):
        caption += f" (extras {_pair(extras)})"
    if "value" in game:
        caption += f": value {game['value']}"
    if game.get("settlement"):
        caption += "; " + ", ".join(f"{p} {v:+d}" for p, v in game["settlement"].items())
    t.caption = caption
    t.caption_justify = "left"
    return t


def _irregularity_note(irr: Mapping[str, Any]) -> str:
    """An irregularity of a hand's record in words: ``revoke by V in trick 3 (SA): penalty A,
    three added on the score sheet for the other side``."""
    cards = " ".join(irr.get("cards", ()))
    text = f"{in_words(irr['kind'], IRREGULARITY_WORDS)} by {irr['offender']}"
    if irr.get("trick"):
        text += f" in trick {irr['trick']}"
    if cards:
        text += f" ({cards})"
    election = str(irr.get("election") or "")
    if election in PENALTY_WORDS:
        text += f": penalty {election}, {PENALTY_WORDS[election]}"
    elif election:
        text += f": {in_words(election)}"
    return text


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
    parts = []
    for s in SUITS:
        shown = " ".join(RANK_LETTERS[c % 13] for c in cards.suit(s)) or "–"
        parts.append(f"{SUIT_SYMBOLS[s]}{SUIT_LETTERS[s]} {shown}")
    return "   ".join(parts)


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
    """One interactive tournée: the table, the human's place, the bots and the screen."""

    def __init__(
        self,
        *,
        console: Console,
        read: Callable[[], str | None],
        echo: bool,
        variant: type[Table] = MortTable,
        n_players: int,
        seat: str | None,
        seed: int,
        laws: bool,
        opponents: str,
        save: str | None = None,
        stop: StopFlag | None = None,
    ) -> None:
        self.console = console
        self.stop = stop or StopFlag()
        self.read = read
        self.echo = echo
        self.seed = seed
        self.laws = laws
        self.rng = random.Random(seed)
        self.save = save
        self.variant = variant
        self.table, cuts = self._form_table(n_players, seat, laws)
        self.bots = make_bots(
            self.table, opponents, seed, [n for n in self.table.players if n != HUMAN]
        )
        self.opponents = opponents
        self.names: dict[str, str] = {}
        self.trick_cards: list[tuple[str, str]] = []
        self.announced_roles: dict[str, str] = {}
        self.score_before: dict[str, int] = {}
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
        if seat and isinstance(scratch, MortTable):
            human = scratch.order["VRL".index(seat)]
        bots = iter(BOT_NAMES)
        names = [HUMAN if i == human else next(bots) for i in range(n_players)]
        return self.variant(names, laws=laws), cuts

    # --- output -----------------------------------------------------------------------------

    def say(self, text: str = "", style: str | None = None) -> None:
        self.console.print(Text(text, style=style or ""))

    def who(self, role: str) -> str:
        """A role with the name of the person who held it when the action was taken:
        ``R (Ada)``, ``M (Mort)``, ``N (dummy)``."""
        if role in self.dummies:
            return f"{role} ({'Mort' if isinstance(self.table, MortTable) else 'dummy'})"
        name = self.names.get(role)
        return f"{role} ({name})" if name else role

    @property
    def dummies(self) -> set[str]:
        return {self.table.role(s) for s in self.table.dummy_seats}

    def remember_names(self) -> None:
        """Note who holds each role before an action: the action may end the game, and the
        roles change with the next game (M-2.6)."""
        t = self.table
        self.names = {t.role(s): n for s in range(4) if (n := t.seat_player(s))}

    def narrate(self, events: Sequence[Event]) -> None:
        """Tell the public events of an action in the game's words: cuts, deals, tricks,
        scores, the laws. Every kind of event the games emit has its sentence
        (:data:`NARRATED`); none is printed as the engine's raw values (issue 13, point 16)."""
        for e in events:
            tell = getattr(self, "_tell_" + e.kind, None)
            if tell is not None:
                tell(e.data, events)
            elif "words" in e.data:  # an event that carries its own words (All Fours)
                d = e.data
                self.say(
                    f"{self.who(d['seat'])} {d['words']}." if "seat" in d else f"{d['words']}."
                )
            else:  # a kind added to the engine later: its name in words, never its values
                self.say(in_words(e.kind).capitalize() + ".")

    def _tell_cut(self, d: Mapping[str, Any], events: Sequence[Event]) -> None:
        self.say(f"{d['player']} {_verb(d['player'], 'cut')} {d['card']}.")

    def _tell_table_formed(self, d: Mapping[str, Any], events: Sequence[Event]) -> None:
        self.say(f"The table is formed; cutting order: {', '.join(d['order'])}.")

    def _tell_seats(self, d: Mapping[str, Any], events: Sequence[Event]) -> None:
        """The seats chosen: Mort's R and L (M-2.2), or the roles of the other games."""
        if "R" in d and "L" in d:
            self.say(
                f"{d['R']} {_verb(d['R'], 'sit')} R (Mort's right), "
                f"{d['L']} {_verb(d['L'], 'sit')} L (Mort's left)."
            )
        roles = {k: v for k, v in d.items() if k in self.table.role_letters and k not in "RL"}
        if "pack" in d:
            self.say(f"Pack {d['pack']} is dealt first.")
        if roles:
            self.say("Seats: " + ", ".join(f"{r} {n}" for r, n in roles.items()) + ".")
            self.announced_roles = self.current_roles()  # told here: not again at the deal
        else:
            self.announce_roles()

    def _tell_deal_for(self, d: Mapping[str, Any], events: Sequence[Event]) -> None:
        self.announce_roles()
        whom = "for Mort" if d["mort"] else "for himself"
        self.say(f"Vivant ({self.table.seat_player(0)}) deals the first hand {whom}.")

    def _tell_dealt(self, d: Mapping[str, Any], events: Sequence[Event]) -> None:
        self.announce_roles()
        if d.get("trump") and d.get("turn_up"):
            turned = f", turn-up {d['turn_up']}: {trump_words(d['trump'])} are trumps"
        else:
            turned = ""  # trumps are declared, not turned
        self.say(f"New hand: {self.who(d['dealer'])} deals{turned}.", "bold")
        self.score_before = dict(self.table.view(None).score)
        if self.sitting_out():
            self.show_table(self.table.view(None))

    def _tell_played(self, d: Mapping[str, Any], events: Sequence[Event]) -> None:
        self.trick_cards.append((d["seat"], d["card"]))  # told with its trick

    def _tell_trick(self, d: Mapping[str, Any], events: Sequence[Event]) -> None:
        cards = ", ".join(f"{r} {c}" for r, c in self.trick_cards)
        self.say(f"Trick {d['number']}: {cards} — won by {self.who(d['winner'])}")
        self.trick_cards = []

    def _tell_hand_scored(self, d: Mapping[str, Any], events: Sequence[Event]) -> None:
        score = d.get("markers", d.get("score"))
        self.say(f"Hand over: tricks {_pair(d['won'])}.", "bold")
        for line in self.scoring_words(d):
            self.say("  " + line)
        if isinstance(score, Mapping):
            title = "Game score (markers)" if isinstance(self.table, MortTable) else "Score"
            self.say(f"{title}: {_pair(score)}.", "bold")
        try:  # each hand is kept as soon as it is scored; a failure here does not end the game
            self.save_log(quiet=True)
        except VivantError as exc:
            self.say(f"The log could not be saved: {exc}; it is tried again at the end.", "red")

    def _tell_game_over(self, d: Mapping[str, Any], events: Sequence[Event]) -> None:
        self._tell_over("Game", d)
        self.show_sheet()
        if not self.table.is_over():
            self.announce_roles()  # the next game's roles, before its first decision

    def _tell_rubber_over(self, d: Mapping[str, Any], events: Sequence[Event]) -> None:
        self._tell_over("Rubber", d)
        if not any(x.kind == "game_over" for x in events):
            self.show_sheet()

    def _tell_over(self, what: str, d: Mapping[str, Any]) -> None:
        settlement = d.get("settlement") or {}
        self.say(
            f"{what} over"
            + (f": {d['winner']} win" if "winner" in d else "")
            + (f", value {d['value']}" if "value" in d else "")
            + ("; " if settlement else "")
            + ", ".join(f"{p} {v:+d}" for p, v in settlement.items()),
            "bold",
        )

    def _tell_irregularity(self, d: Mapping[str, Any], events: Sequence[Event]) -> None:
        choices = " or ".join(in_words(o) for o in d["options"])
        self.say(
            f"Irregularity: {self.irregularity_words(d)}; "
            f"{' or '.join(self.who(r) for r in d['electors'])} to choose: {choices}.",
            "yellow",
        )

    def _tell_elected(self, d: Mapping[str, Any], events: Sequence[Event]) -> None:
        self.say(f"For {in_words(d['kind'], IRREGULARITY_WORDS)}: {in_words(str(d['option']))}.")

    def _tell_exposed_in_deal(self, d: Mapping[str, Any], events: Sequence[Event]) -> None:
        self.say(
            f"{d['card']}, dealt to {self.who(d['holder'])}, was exposed by {self.who(d['by'])}; "
            "the deal stands, since a player who could have claimed had touched his cards.",
            "yellow",
        )

    def _tell_dealt_wrongly(self, d: Mapping[str, Any], events: Sequence[Event]) -> None:
        self.say(f"{self.who(d['seat'])} deals a wrong number of cards.", "yellow")

    def _tell_surplus_drawn(self, d: Mapping[str, Any], events: Sequence[Event]) -> None:
        self.say(f"A surplus card is drawn from {self.who(d['seat'])}'s hand, face down.")

    def _tell_renounce_confirmed(self, d: Mapping[str, Any], events: Sequence[Event]) -> None:
        self.say(f"{self.who(d['seat'])} has none of the suit led in trick {d['trick']}.")

    def _tell_revoke_claimed(self, d: Mapping[str, Any], events: Sequence[Event]) -> None:
        self.say(f"The revoke by {self.who(d['seat'])} in trick {d['trick']} is claimed.", "yellow")

    def _tell_revoke_to_correct(self, d: Mapping[str, Any], events: Sequence[Event]) -> None:
        self.say(f"{self.who(d['seat'])} must correct the revoke.", "yellow")

    def _tell_revoke_corrected(self, d: Mapping[str, Any], events: Sequence[Event]) -> None:
        self.say(f"{self.who(d['seat'])} takes back {d['card']}.")
        trick = self.table.view(None).trick
        self.trick_cards = [] if trick is None else self.trick_pairs(trick)

    def _tell_lead_withdrawn(self, d: Mapping[str, Any], events: Sequence[Event]) -> None:
        self.say(f"{self.who(d['seat'])}'s lead out of turn ({d['card']}) is withdrawn.")

    def _tell_card_called(self, d: Mapping[str, Any], events: Sequence[Event]) -> None:
        self.say(f"{d['card']} of {self.who(d['seat'])} is called.")

    def _tell_suit_called(self, d: Mapping[str, Any], events: Sequence[Event]) -> None:
        self.say(f"{trump_words(d['suit']).capitalize()} are called.")

    def _tell_exchange(self, d: Mapping[str, Any], events: Sequence[Event]) -> None:
        """Humbug (HU-2.1): a player keeps his hand or takes the dead hand on his right."""
        who = self.who(d["seat"])
        you = who.endswith(f"({HUMAN})")
        his = "your" if you else "his"
        if d["take"]:
            verb = "exchange" if you else "exchanges"
            self.say(f"{who} {verb} {his} hand for the dead hand on {his} right.")
        else:
            self.say(
                f"{who} {'keep' if you else 'keeps'} the hand dealt {'you' if you else 'him'}."
            )

    def _tell_declared(self, d: Mapping[str, Any], events: Sequence[Event]) -> None:
        """The trumps named: by the dealer (HU-5.1, B3-3), or Dummy's forced declaration from
        its cards, announced by the pone (B3-4)."""
        trumps = trump_words(d["trump"])
        named = "no trumps" if trumps == "no trumps" else f"{trumps} trumps"
        if d["by"] == "dummy":
            why = FORCED_WORDS.get(d.get("step", 0), "by the schedule")
            self.say(f"The dealer passes; Dummy's hand declares {named} ({why}).", "bold")
            return
        role = d["by"]
        if role not in self.table.role_letters:  # Bridge for Three names the dealer's role
            dealer = self.table.view(None).dealer
            role = self.table.role(dealer) if dealer is not None else role
        by = self.who(role)
        self.say(f"{by} {'declare' if by.endswith(f'({HUMAN})') else 'declares'} {named}.", "bold")

    def _tell_doubled(self, d: Mapping[str, Any], events: Sequence[Event]) -> None:
        level = DOUBLING_WORDS.get(int(d["doubling"]), "doubled")
        verb = "redouble" if level == "redoubled" else "double"
        who = self.who(d["seat"])
        verb += "" if who.endswith(f"({HUMAN})") else "s"
        self.say(f"{who} {verb}: each trick is worth {int(d['doubling'])} times its value.", "bold")

    def _tell_claim(self, d: Mapping[str, Any], events: Sequence[Event]) -> None:
        self.say(f"{self.who(d['seat'])} claims {d['tricks']} of the remaining tricks.")

    def _tell_stays(self, d: Mapping[str, Any], events: Sequence[Event]) -> None:
        self.say(f"{d['player']} {_verb(d['player'], 'stay')} for another tournée.")

    def _tell_retires(self, d: Mapping[str, Any], events: Sequence[Event]) -> None:
        newcomer = f"; {d['newcomer']} takes the place" if d.get("newcomer") else ""
        self.say(f"{d['player']} {_verb(d['player'], 'retire')}{newcomer}.")

    def _tell_table_broken_up(self, d: Mapping[str, Any], events: Sequence[Event]) -> None:
        self.say(f"{d['retired']} {_verb(d['retired'], 'retire')}: the table breaks up.")

    def _tell_new_tournee(self, d: Mapping[str, Any], events: Sequence[Event]) -> None:
        self.say(f"A new tournée: {', '.join(d['players'])}.", "bold")

    def trick_words(self, trick: TrickView) -> str:
        """A trick: ``V SA, R S2, M S5, L SK — won by L (Bea)`` (each card with the seat that
        played it, which need not follow round the table: HU-3.1)."""
        roles = self.table.view(None).roles
        cards = ", ".join(
            f"{roles[s]} {card_name(c)}" for s, c in zip(trick.seats, trick.cards, strict=False)
        )
        if trick.winner is None:
            return cards
        return f"{cards} — won by {self.who(roles[trick.winner])}"

    def trick_pairs(self, trick: TrickView) -> list[tuple[str, str]]:
        """The cards of a trick with the role letters that played them."""
        roles = self.table.view(None).roles
        return [(roles[s], card_name(c)) for s, c in zip(trick.seats, trick.cards, strict=False)]

    def irregularity_words(self, d: Mapping[str, Any]) -> str:
        """``a lead out of turn by M (Mort) — SA``: the kind in words, never its rule ID."""
        cards = " ".join(d.get("cards") or ())
        return f"{in_words(d['kind'], IRREGULARITY_WORDS)} by {self.who(d['offender'])}" + (
            f" — {cards}" if cards else ""
        )

    # --- how a hand was scored (issue 13, point 18) -----------------------------------------

    def scoring_words(self, d: Mapping[str, Any]) -> list[str]:
        """How the hand just finished was scored, item by item, from its record: the English
        games' items (revoke, tricks, honours: ES-3) and the honours held; Mort's points (M-7:
        a trick over six a point, no honours); Bridge for Three's points below and above the
        line (B3-7)."""
        record = last_hand_record(self.table)
        if record is None:
            return []
        if "below" in record:
            return self._bridge_words(record)
        lines: list[str] = []
        if "scored" in record:
            items = [
                f"{it['side']} {it['points']:+d} {in_words(it['item'], SCORE_ITEM_WORDS)}"
                for it in record["scored"]
            ]
            lines.append("Scored: " + (", ".join(items) if items else "nothing") + ".")
        elif "markers" in record:
            gained = {
                side: v - self.score_before.get(side, 0) for side, v in record["markers"].items()
            }
            scored = [f"{side} {v:+d}" for side, v in gained.items() if v]
            lines.append(
                "Scored: "
                + (", ".join(scored) if scored else "nothing")
                + " (a point for each trick over six)."
            )
        if "honours" in record:
            lines.append(
                f"Honours held ({HONOURS_WORDS}): {_pair(record['honours'])}"
                + (
                    "."
                    if any(it["item"] == "honours" for it in record.get("scored", ()))
                    else " — no score for honours this hand."
                )
            )
        elif isinstance(self.table, MortTable):
            lines.append("Honours do not count at Mort.")
        if record.get("slam"):
            lines.append(f"Slam by {record['slam']}: 20 on the score sheet.")
        for irr in record.get("irregularities", ()):
            note = _irregularity_note(irr)
            lines.append(note[:1].upper() + note[1:] + ".")
        return lines

    def _bridge_words(self, record: Mapping[str, Any]) -> list[str]:
        """Bridge for Three (B3-7): the dealer's points below the line toward game, then what
        goes above the line — to him, and to **each** of the eldest and the pone."""
        roles = record.get("roles") or {}
        dealer, eldest, pone = roles.get("S", "dealer"), roles.get("W"), roles.get("E")
        above = [f"{dealer} {record['dealer_above']}"]
        if eldest and pone:
            above.append(f"{eldest} {record['non_dealer_above']}")
            above.append(f"{pone} {record['non_dealer_above']}")
        lines = [
            f"Below the line: {dealer} (the dealer) {record['below']} toward game (30).",
            "Above the line: " + ", ".join(above) + ".",
        ]
        detail = bridge_detail(self.table)
        if detail:
            lines.append(detail)
        if record.get("game"):
            lines.append(f"{dealer} {_verb(dealer, 'win')} the game.")
        return lines

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
        """What the whole sitting is called: a tournée (Mort, English Dummy) or a rubber."""
        return "tournée" if self.variant.variant in ("mort", "english-dummy") else "rubber"

    def _kinds(self) -> dict[str, str]:
        return {n: ("human" if n == HUMAN else self.opponents) for n in self.table.players}

    def show_sheet(self) -> None:
        rec = sitting_record(self.table, self._kinds(), self.seed)
        self.console.print(sheet_table(rec["games"], rec["players"], rec["settlement"], rec))

    def sitting_out(self) -> bool:
        """Whether the human has no place in the game being played (four-player Mort: one
        player sits out each game, M-2.6)."""
        return HUMAN in self.table.players and all(
            self.table.seat_player(s) != HUMAN for s in range(4)
        )

    def current_roles(self) -> dict[str, str]:
        """Who holds each role of the game now, ``out`` for the one sitting out."""
        view = self.table.view(None)
        roles: dict[str, str] = view.extra.get("roles") or {
            view.roles[s]: n for s, n in view.names.items()
        }
        return dict(roles)

    def announce_roles(self) -> None:
        """When the roles change (a new game of the tournée, a new rubber, a new dealer in
        Bridge for Three), say who holds each and who sits out (issue 13, point 21)."""
        roles = self.current_roles()
        if roles == self.announced_roles:
            return
        self.announced_roles = roles
        extra = self.table.view(None).extra
        game = ""
        if "game" in extra and isinstance(self.table, MortTable):
            game = f"Game {extra['game']}" + (f" of {extra['games']}" if "games" in extra else "")
            game += ": "
        held = ", ".join(
            f"{r} {n}" + (f" ({self.role_word(r)})" if self.role_word(r) else "")
            for r, n in roles.items()
            if r != "out"
        )
        out = roles.get("out")
        self.say(
            f"{game}{held}" + (f"; {out} {_verb(out, 'sit')} out this game" if out else "") + ".",
            "bold",
        )
        if out == HUMAN:
            self.say(
                "You sit out: the others play this game; you see what the table sees "
                "(Mort's cards face up, the tricks)."
            )

    def role_word(self, letter: str) -> str:
        """What a role is, in words: Mort's V, R, L (M-2.1); Bridge for Three's dealer, eldest
        and pone (B3-1); empty where the letter says it all."""
        if isinstance(self.table, MortTable):
            return ROLE_NAMES.get(letter, "")
        if isinstance(self.table, BridgeForThreeTable) and letter in self.table.role_letters:
            word = ROLE_SEATS.get(self.table.role_letters.index(letter), "")
            return "dealer, with Dummy" if word == "dealer" else word
        return ""

    def show_table(self, view: View) -> None:
        """The table as the human's seat sees it: game, trumps, score, Mort's hand face up, the
        human's hand by suits, the last trick of this hand and the current trick."""
        extra = view.extra
        roles = extra.get("roles") or {view.roles[s]: n for s, n in view.names.items()}
        head = "" if isinstance(self.table, MortTable) else f"{self.variant.variant} · "
        if "game" in extra:
            head += f"Game {extra['game']}" + (f" of {extra['games']}" if "games" in extra else "")
            head += " · "
        head += ", ".join(f"{r} {n}" for r, n in roles.items() if r != "out")
        if roles.get("out"):
            head += f" · {roles['out']} {_verb(roles['out'], 'sit')} out"
        self.say(head, "bold")
        if view.dealer is not None and (view.hand_sizes or view.phase == DECLARE):
            self.say(f"Trumps: {self.trump_line(view)}")
        title = "Game score (markers)" if isinstance(self.table, MortTable) else "Score"
        if "above" in extra:
            title = "Below the line"
        self.say(
            f"{title}: {_pair(view.score)}"
            + (f" · above the line: {_pair(extra['above'])}" if "above" in extra else "")
            + (f" · games: {_pair(extra['games_won'])}" if "games_won" in extra else "")
            + (f" · tricks this hand: {_pair(view.won)}" if view.won else "")
        )
        for s, cs in view.exposed.items():
            self.say(f"{self.exposed_label(s, view)}: {suit_line(cs)}")
        if view.seat is not None and view.hand_sizes:
            if view.hand or not view.hand_sizes.get(view.seat):
                self.say(f"Your hand ({view.roles[view.seat]}): {suit_line(view.hand)}", "bold")
            else:
                self.say(f"Your hand ({view.roles[view.seat]}): not looked at yet", "bold")
        for s, cs in view.penalty_cards.items():
            self.say(f"Penalty cards of {self.who(view.roles[s])}: {cs}")
        if view.tricks:  # the last trick of this hand, never one of an earlier hand
            self.say(f"Last trick: {self.trick_words(view.tricks[-1])}")
        if view.trick is not None and view.trick.cards:
            self.say(f"This trick: {self.trick_words(view.trick)}")

    def trump_line(self, view: View) -> str:
        """``♥ hearts (turn-up H5, dealt by S)``, or what is still to be declared."""
        dealer = view.roles[view.dealer] if view.dealer is not None else "?"
        if view.phase == DECLARE:
            return f"to be declared by the dealer ({dealer})"
        trump = (
            "no trumps"
            if view.trump is None
            else f"{SUIT_SYMBOLS[view.trump]} {SUIT_NAMES[view.trump]}"
        )
        doubling = int(view.extra.get("doubling") or 1)
        if doubling > 1:
            trump += f", {DOUBLING_WORDS.get(doubling, 'doubled')}"
        turn_up = f"turn-up {card_name(view.turn_up)}, " if view.turn_up is not None else ""
        return f"{trump} ({turn_up}dealt by {dealer})"

    def exposed_label(self, seat: Seat, view: View) -> str:
        """What a hand shown face up is: Mort or Dummy, or a hand this seat alone has seen."""
        role = view.roles[seat]
        if seat in self.table.dead_seats:
            return f"The dead hand you discarded ({role}), which you remember"
        if isinstance(self.table, MortTable):
            return f"Mort ({role}), face up"
        if seat not in view.controls and not (view.trick or view.tricks):
            return f"Dummy ({role}), which you sorted to announce its declaration"
        return f"Dummy ({role}), face up"

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
            self.say(HELP)
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
            f"The {self.sitting_word} is over. "
            + ", ".join(f"{p} {v:+d}" for p, v in rec["settlement"].items())
            + ".",
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
                self.narrate(claimed.events)
                continue
            turn = who_acts(t)
            if turn is None or turn[1] != HUMAN:
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
        dummy = "Mort" if isinstance(self.table, MortTable) else "dummy"
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
            self.narrate(events)
            return

    def take_back(self, seat: Seat) -> bool:
        """``undo``: take back the last card of a hand the player plays, with every card played
        after it (D-TC1, never in laws mode); the computer players agree. True if it was."""
        sitting = Sitting(self.table.config(), self.table)
        asks = sitting.offers(seat)
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
        trick = self.table.view(seat).trick
        self.trick_cards = [] if trick is None else self.trick_pairs(trick)
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
        if verb in ("two", "both"):
            if len(words) != 3:
                raise _usage("two C1 C2 — two different cards played together, e.g. two SA SK")
            cards = (parse_card(words[1]), parse_card(words[2]))
            if cards[0] == cards[1]:
                raise _usage("two C1 C2 — two different cards played together, e.g. two SA SK")
            return PlayTogether(hand_seat, cards)
        if len(words) != 1:
            raise _usage(f"{text!r}: type one card (e.g. SA) or a command (help).")
        c = parse_card(words[0])
        if isinstance(first, CorrectRevoke):
            return CorrectRevoke(hand_seat, c)
        other = self._other_hand_holding(view, hand_seat, c)
        if other is not None and self.laws and not (view.trick and view.trick.cards):
            # M-6.7: a lead from the wrong one of Vivant's two hands is recorded and the
            # adversaries elect.
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
            if self._other_hand_holding(view, hand_seat, c) is not None:
                message += f"; {card_name(c)} is in the other hand"
        return message

    def show_hint(self, seat: Seat, legal: list[Action]) -> None:
        """The Monte-Carlo player's choice at its default level, from the view of ``seat``
        only: for a card, with the tricks it expects for the side from this trick on
        (averaged over its sampled deals); before its horizon, and for every other decision,
        the heuristic player's choice."""
        t = self.table
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
            level = LEVELS[DEFAULT_LEVEL]
            self.say(
                f"Hint: {name} (the maxims' card: the Monte-Carlo player samples and solves "
                f"once a hand holds {level.max_cards} cards or fewer)",
                "green",
            )
            return
        ranked = sorted(est.averages.items(), key=lambda kv: -kv[1])
        others = ", ".join(f"{card_name(c)} {v:.2f}" for c, v in ranked if c != choice.card)
        self.say(
            f"Hint: {name} — about {est.averages[choice.card]:.2f} tricks for your side from this "
            f"trick on (average over {est.samples} sampled deals)"
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

    def _claim(self, seat: Seat, words: list[str]) -> ClaimRevoke:
        if len(words) != 2 or not words[1].isdecimal():
            raise _usage("claim N — N is the number of the trick with the revoke, e.g. claim 3")
        if not self.laws:
            raise _usage("revokes are refused in strict mode; claims are for --laws games")
        return ClaimRevoke(seat, int(words[1]))

    def choice_turn(self, seat: Seat, legal: list[Action], view: View) -> None:
        """A decision other than a card: the hand it is made on, what it means, numbered
        options and the customary default on Enter (issue 13, point 15). A choice may also be
        typed by its name where it has one (a suit letter for the trumps)."""
        t = self.table
        default = customary_default(t, legal)
        if view.hand or view.phase == DECLARE:
            self.show_table(view)
        if view.pending:
            self.say(f"The laws give you a choice: {self.irregularity_words(view.pending)}.")
        self.say(self.choice_title(legal[0], view), "bold")
        default_index = legal.index(default) + 1 if default in legal else 1
        for i, a in enumerate(legal, start=1):
            mark = "  (default)" if i == default_index else ""
            self.say(f"  {i}. {self.describe(a)}{mark}")
        keys = {k: i for i, a in enumerate(legal, start=1) for k in choice_keys(a)}
        while True:
            text = self.ask(f"Choose 1–{len(legal)} [{default_index}]")
            if text.upper() in keys:
                index = keys[text.upper()]
            elif self.common_command(text, seat, legal):
                continue
            elif not text:
                index = default_index
            elif text.isdecimal() and 1 <= int(text) <= len(legal):
                index = int(text)
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

    def tell_choice(self, action: Action, events: Sequence[Event]) -> None:
        """Say what was chosen where the events do not: a revoke penalty, a revoke waived, a
        double or redouble declined (B3-5)."""
        seat = getattr(action, "seat", 0)
        who = self.who(self.table.role(seat))
        you = who.endswith(f"({HUMAN})")
        if isinstance(action, ChoosePenalty):
            self.say(
                f"{who} chooses the penalty for the revoke in trick {action.trick}: "
                f"{self.describe(action)}.",
                "yellow",
            )
        elif isinstance(action, WaiveRevokes):
            self.say(f"{who} waives the revoke claims.")
        elif isinstance(action, Pass) and not any(e.kind == "declared" for e in events):
            double = "redouble" if ROLE_SEATS.get(seat) == "dealer" else "double"
            self.say(f"{who} {'do' if you else 'does'} not {double}.")

    def choice_title(self, a: Action, view: View) -> str:
        """What the decision is, in the game's words."""
        if isinstance(a, ChooseSeats):
            roles = self.current_roles()
            out = f"; {roles['out']} {_verb(roles['out'], 'sit')} out" if "out" in roles else ""
            vivant = f"{roles['V']} {'are' if roles.get('V') == HUMAN else 'is'} Vivant{out}. "
            return vivant + "The adversaries choose their seats: who sits R, on Mort's right?"
        if isinstance(a, ChooseDeal):
            return (
                "You are Vivant: deal the first hand of the game for yourself or for Mort? "
                "(The dealer's hand takes the turn-up.)"
            )
        if isinstance(a, ClaimRevoke | WaiveRevokes):
            return "The hand is played. Revokes by the other side may be claimed:"
        if isinstance(a, ChoosePenalty):
            return f"Penalty for the revoke in trick {a.trick}:"
        if isinstance(a, CallSuit):
            return "Call the suit to be led:"
        if isinstance(a, Exchange):
            return self.exchange_title(view)
        if isinstance(a, Declare):
            return self.declare_title(view)
        if isinstance(a, Double | Redouble) or (isinstance(a, Pass) and view.phase != DECLARE):
            return self.double_title(a, view)
        if isinstance(a, ChooseSeat):
            return (
                "You cut lowest: you deal first and choose your seat; your adversary sits "
                "opposite you, and East and West hold the dead hands."
            )
        if isinstance(a, ChooseSeatsAndPack):
            return "You cut lowest: choose who sits on your right, and which pack is dealt first:"
        if isinstance(a, ChoosePosition):
            return "You cut lowest: choose your place, on your adversary's right or on his left:"
        if isinstance(a, AfterTournee):
            return "The tournée is over: stay for another, or retire?"
        if isinstance(a, Discard):
            return "Discard down to six, face down:"
        pending = self.table.pending
        if isinstance(a, Elect) and pending is not None and pending.kind in CHOICE_TITLES:
            return CHOICE_TITLES[pending.kind]
        if isinstance(a, Elect):
            return "Your choice, as the laws allow:"
        if isinstance(a, Claim):
            return "Claim some of the remaining tricks, or play on:"
        return "Your choice:"

    def exchange_title(self, view: View) -> str:
        """Humbug (HU-2.1 to HU-2.3): keep the hand or take the dead hand on the right."""
        seat = view.seat if view.seat is not None else 0
        right = view.roles[(seat - 1) % 4]
        text = (
            f"Keep the hand dealt you, or exchange it for the dead hand on your right ({right}), "
            "unseen: all thirteen cards, once, no going back."
        )
        if view.dealer == seat and view.turn_up is not None:
            text += " As dealer you would give up the turn-up; trumps stay the same."
        return text + (
            f" The default is Foster's advice: exchange a hand without {SURE_TRICKS_TO_KEEP} "
            "sure tricks."
        )

    def declare_title(self, view: View) -> str:
        """The dealer names the trumps from his own hand (HU-5.1; B3-3 with Dummy's schedule)."""
        if isinstance(self.table, HumbugTable):
            return (
                "You deal: name the trumps from your own hand — any suit (no trumps is not "
                "allowed). Type the number or the suit letter (S H D C)."
            )
        return (
            "You deal: declare the trumps from your own hand (a suit or no trumps), or pass "
            "and Dummy's hand decides them — three or four aces no trumps, else its longest "
            "suit. Type the number, a suit letter or NT, or P to pass."
        )

    def double_title(self, a: Action, view: View) -> str:
        """Bridge for Three (B3-5): only the eldest doubles, only the dealer redoubles."""
        declared = view.extra.get("declaration") or {}
        named = trump_words(declared.get("trump"))
        by = "Dummy's hand" if declared.get("by") == "dummy" else "the dealer"
        if isinstance(a, Redouble) or view.seat == view.dealer:
            return (
                f"The eldest doubles {named}: redouble (each trick worth four times its value) "
                "or not?"
            )
        unseen = (
            " You decide before looking at your own cards." if not view.hand and view.seat else ""
        )
        return (
            f"{by.capitalize()} declared {named}. You are the eldest hand: double (each trick "
            f"worth twice its value) or not?{unseen}"
        )

    def describe(self, a: Action) -> str:
        """A numbered choice in words."""
        if isinstance(a, ChooseSeats):
            name = self.table.players[a.right]
            return f"{name} {_verb(name, 'sit')} R"
        if isinstance(a, ChooseDeal):
            return "deal for Mort" if a.for_mort else "deal for yourself"
        if isinstance(a, ClaimRevoke):
            return f"claim the revoke in trick {a.trick}"
        if isinstance(a, WaiveRevokes):
            return "waive: score the hand without a claim"
        if isinstance(a, ChoosePenalty):
            return f"{a.option}: {in_words(a.option, PENALTY_WORDS)}"
        if isinstance(a, CallSuit):
            return f"call {SUIT_NAMES[a.suit]}"
        if isinstance(a, CallCard):
            return f"call {card_name(a.card)} of {self.who(self.table.role(a.target))}"
        if isinstance(a, Elect):
            pending = self.table.pending
            kind = pending.kind if pending is not None else ""
            if kind == "draw_surplus":
                return f"draw card {a.option}, face down"
            return KIND_WORDS.get((kind, a.option)) or in_words(a.option)
        if isinstance(a, Discard):
            return f"discard {card_name(a.card)}"
        return self.describe_setup(a)

    def describe_setup(self, a: Action) -> str:
        """The choices before play of the other games, in words."""
        players = self.table.players
        if isinstance(a, ChooseSeat):
            return f"sit {SEAT_WORDS[a.target]}"
        if isinstance(a, ChooseSeatsAndPack):
            name = players[a.right]
            return f"{name} on your right, pack {a.pack} dealt first"
        if isinstance(a, ChoosePosition):
            return "sit on your adversary's right" if a.right else "sit on his left"
        if isinstance(a, AfterTournee):
            if a.stay:
                return "stay for another tournée"
            return f"retire, {a.newcomer} taking your place" if a.newcomer else "retire"
        if isinstance(a, Exchange):
            return "exchange for the dead hand on your right" if a.take else "keep your hand"
        if isinstance(a, Declare):
            return f"declare {trump_words(a.trump)}" + (
                "" if a.trump.upper() == "NT" else " trumps"
            )
        if isinstance(a, Pass):
            if self.table.phase == DECLARE:
                return "pass: Dummy's hand declares by its schedule"
            dealer = self.table.view(None).dealer
            return "do not redouble" if self.table.to_act() == dealer else "do not double"
        if isinstance(a, Double):
            return "double"
        if isinstance(a, Redouble):
            return "redouble"
        if isinstance(a, Claim):
            return f"claim {a.tricks} of the remaining tricks"
        return type(a).__name__


def choice_keys(a: Action) -> tuple[str, ...]:
    """What a player may type for a choice besides its number: the trump's letter or name
    (``H``, ``hearts``, ``NT``), ``P`` for pass."""
    if isinstance(a, Declare):
        letter = a.trump.upper()
        return (letter, trump_words(letter).upper())
    if isinstance(a, Pass):
        return ("P", "PASS")
    return ()


def last_hand_record(table: Table) -> Mapping[str, Any] | None:
    """The record of the hand scored last (it moves to its game's record when the game ends)."""
    if table.hand_records:
        return table.hand_records[-1]
    games = table.record().get("games") or []
    hands = games[-1].get("hands") if games else None
    return hands[-1] if hands else None


def bridge_detail(table: Table) -> str:
    """Bridge for Three: what the points above the line are made of (B3-7: honours, chicane,
    slam per side), from the score sheet's last hand; empty for the other games."""
    sheet = getattr(table, "sheet", None)
    hands = getattr(sheet, "hands", None)
    if not hands:
        return ""
    detail = getattr(hands[-1].score, "detail", None)
    if detail is None or not hasattr(detail, "chicane"):
        return ""
    parts = []
    for label, values in (
        ("odd tricks", detail.trick_points),
        ("honours", detail.honours),
        ("chicane", detail.chicane),
        ("slam", detail.slam),
    ):
        if any(values):
            parts.append(f"{label} dealer's side {values[0]}, other side {values[1]}")
    return ("Made of: " + "; ".join(parts) + ".") if parts else ""


def _verb(name: str, verb: str) -> str:
    """``You cut`` but ``Ada cuts``."""
    return verb if name == HUMAN else verb + "s"


def _usage(message: str) -> VivantError:
    return VivantError(message)
