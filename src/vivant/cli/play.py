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
import sys
from collections.abc import Callable, Mapping, Sequence
from typing import IO, Any

from rich.console import Console
from rich.table import Table as RichTable
from rich.text import Text

from vivant.actions import (
    Action,
    AfterTournee,
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
from vivant.errors import VivantError
from vivant.players import (
    Player,
    customary_default,
    find_player,
    play_sitting,
    player_kinds,
    step,
    who_acts,
)
from vivant.players.dd import DoubleDummyPlayer
from vivant.players.driver import sitting_record
from vivant.players.montecarlo import DEFAULT_LEVEL, LEVELS, MonteCarloPlayer
from vivant.records.log import save_log
from vivant.table import Event, Table
from vivant.variants import VARIANTS, MortTable, find_variant
from vivant.views import View

HUMAN = "You"
BOT_NAMES = ("Ada", "Bea", "Cyd")
ROLE_NAMES = {"V": "Vivant", "R": "R (Mort's right)", "M": "Mort", "L": "L (Mort's left)"}

HELP = """\
Type a card to play it: suit letter then rank, e.g. SA, HK, D10 (or DT), c2 — case does not matter.
When you control a dummy (as Vivant, Mort) you are asked for its card when it is to play.
Commands:
  help         this text
  show         show the table again
  sheet        the score sheet so far
  hint         the Monte-Carlo player's card for you, with its estimated tricks
  quit         leave the game
In a numbered choice type the number; an empty line takes the default.
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
    session = Session(
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
    record = play_sitting(table, players, random.Random(seed), seed=seed)
    if save is not None:
        save_log(table, save, {"seed": seed, "kinds": record.get("kinds", {})})
    return record


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
    cards = " ".join(irr.get("cards", ()))
    text = f"{irr['kind'].replace('_', ' ')} by {irr['offender']}"
    if irr.get("trick"):
        text += f" in trick {irr['trick']}"
    if cards:
        text += f" ({cards})"
    if irr.get("election"):
        text += f": {irr['election']}"
    return text


def sheet_table(
    games: Sequence[Mapping[str, Any]], players: Sequence[str], totals: Mapping[str, int]
) -> RichTable:
    """The score sheet (M-8): one row per game, one column per player, and the totals."""
    t = RichTable(title="Score sheet", title_justify="left")
    t.add_column("game")
    t.add_column("result")
    for p in players:
        t.add_column(p, justify="right")
    for k, g in enumerate(games, start=1):
        result = f"{g.get('winner', '?')} won, {_pair(g.get('points'))}"
        if "value" in g:
            result += f", value {g['value']}"
        settlement = g.get("settlement") or {}
        t.add_row(
            str(k),
            result,
            *(f"{settlement[p]:+d}" if p in settlement else "" for p in players),
        )
    t.add_row("total", "", *(f"{totals.get(p, 0):+d}" for p in players), style="bold")
    return t


# --- interactive --------------------------------------------------------------------------------


def suit_line(cards: CardSet) -> str:
    """A hand sorted by suits: ``♠ A K 4  ♥ 10 9  ♦ –  ♣ Q``."""
    parts = []
    for s in SUITS:
        ranks = [RANK_LETTERS[c % 13] for c in cards.suit(s)]
        shown = " ".join("10" if r == "T" else r for r in ranks) or "–"
        parts.append(f"{SUIT_SYMBOLS[s]}{SUIT_LETTERS[s]} {shown}")
    return "   ".join(parts)


class Quit(Exception):
    """The player typed ``quit`` or the input ended."""


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
    ) -> None:
        self.console = console
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
        self.last_trick: str | None = None
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
        """Tell the public events of an action: cuts, deals, tricks, scores, the laws."""
        for e in events:
            d = e.data
            if e.kind == "cut":
                self.say(f"{d['player']} {_verb(d['player'], 'cut')} {d['card']}.")
            elif e.kind == "table_formed":
                self.say(f"The table is formed; cutting order: {', '.join(d['order'])}.")
            elif e.kind == "seats" and "R" in d:
                self.say(
                    f"{d['R']} {_verb(d['R'], 'sit')} R (Mort's right), "
                    f"{d['L']} {_verb(d['L'], 'sit')} L (Mort's left)."
                )
            elif e.kind == "deal_for":
                whom = "for Mort" if d["mort"] else "for himself"
                self.say(f"Vivant ({self.table.seat_player(0)}) deals the first hand {whom}.")
            elif e.kind == "dealt":
                if d.get("trump") and d.get("turn_up"):
                    trump = SUIT_NAMES[SUIT_LETTERS.index(d["trump"])]
                    turned = f", turn-up {d['turn_up']}: {trump} are trumps"
                else:
                    turned = ""  # trumps are declared, not turned
                self.say(f"New hand: {self.who(d['dealer'])} deals{turned}.", "bold")
            elif e.kind == "played":
                self.trick_cards.append((d["seat"], d["card"]))
            elif e.kind == "trick":
                cards = ", ".join(f"{r} {c}" for r, c in self.trick_cards)
                self.last_trick = f"{cards} — won by {self.who(d['winner'])}"
                self.say(f"Trick {d['number']}: {self.last_trick}")
                self.trick_cards = []
            elif e.kind == "hand_scored":
                score = d.get("markers", d.get("score", d.get("below")))
                self.say(
                    f"Hand over: tricks {_pair(d['won'])}. "
                    + (f"Points: {d['words']}. " if "words" in d else "")
                    + (f"Score: {_pair(score)}." if isinstance(score, Mapping) else ""),
                    "bold",
                )
            elif e.kind in ("game_over", "rubber_over"):
                settlement = d.get("settlement") or {}
                self.say(
                    f"{'Game' if e.kind == 'game_over' else 'Rubber'} over"
                    + (f": {d['winner']} win" if "winner" in d else "")
                    + (f", value {d['value']}" if "value" in d else "")
                    + ("; " if settlement else "")
                    + ", ".join(f"{p} {v:+d}" for p, v in settlement.items()),
                    "bold",
                )
                if e.kind == "game_over" or not any(x.kind == "game_over" for x in events):
                    self.show_sheet()
            elif e.kind == "irregularity":
                self.say(
                    f"Irregularity: {d['kind'].replace('_', ' ')} by {d['offender']} "
                    f"({d['rule']}){' — ' + ' '.join(d['cards']) if d['cards'] else ''}; "
                    f"{' or '.join(d['electors'])} to choose: {', '.join(d['options'])}.",
                    "yellow",
                )
            elif e.kind == "elected":
                self.say(f"Elected for the {d['kind'].replace('_', ' ')}: {d['option']}.")
            elif e.kind == "revoke_claimed":
                self.say(f"Revoke claimed: {self.who(d['seat'])} in trick {d['trick']}.", "yellow")
            elif e.kind == "revoke_to_correct":
                self.say(f"{self.who(d['seat'])} must correct the revoke.", "yellow")
            elif e.kind == "revoke_corrected":
                self.say(f"{self.who(d['seat'])} takes back {d['card']}.")
                self.trick_cards = self._current_trick_cards()
            elif e.kind == "lead_withdrawn":
                self.say(f"{self.who(d['seat'])}'s lead out of turn ({d['card']}) is withdrawn.")
            elif e.kind == "card_called":
                self.say(f"{d['card']} of {self.who(d['seat'])} is called.")
            elif e.kind == "suit_called":
                self.say(f"{SUIT_NAMES[SUIT_LETTERS.index(d['suit'])].capitalize()} are called.")
            elif "words" in d:  # an event that carries its own words (All Fours)
                self.say(
                    f"{self.who(d['seat'])} {d['words']}." if "seat" in d else f"{d['words']}."
                )
            elif e.kind not in ("deal_for", "seats"):
                details = ", ".join(f"{k} {v}" for k, v in d.items())
                self.say(f"{e.kind.replace('_', ' ').capitalize()}: {details}.")

    def _current_trick_cards(self) -> list[tuple[str, str]]:
        v = self.table.view(None)
        if v.trick is None:
            return []
        return [(self.table.role(s), card_name(c)) for s, c in self._trick_seats(v)]

    def _trick_seats(self, v: View) -> list[tuple[Seat, int]]:
        """The current trick's cards with the seats that played them (in turn order)."""
        assert v.trick is not None
        order = self.table.seat_order[v.trick.leader]
        return list(zip(order, v.trick.cards, strict=False))

    def save_log(self) -> None:
        """Write the event log (finished or not) where ``--save`` asked; nothing is lost."""
        if self.save is not None:
            save_log(self.table, self.save, {"seed": self.seed, "kinds": self._kinds()})
            self.say(f"The sitting's log is saved in {self.save}.")

    @property
    def sitting_word(self) -> str:
        """What the whole sitting is called: a tournée (Mort, English Dummy) or a rubber."""
        return "tournée" if self.variant.variant in ("mort", "english-dummy") else "rubber"

    def _kinds(self) -> dict[str, str]:
        return {n: ("human" if n == HUMAN else self.opponents) for n in self.table.players}

    def show_sheet(self) -> None:
        rec = sitting_record(self.table, self._kinds(), self.seed)
        self.console.print(sheet_table(rec["games"], rec["players"], rec["settlement"]))

    def show_table(self, view: View) -> None:
        """The table as the human's seat sees it: game, trumps, score, Mort's hand face up, the
        human's hand by suits, the last and the current trick, whose turn it is."""
        extra = view.extra
        roles = extra.get("roles") or {view.roles[s]: n for s, n in view.names.items()}
        trump = (
            "no trumps"
            if view.trump is None
            else f"{SUIT_SYMBOLS[view.trump]} {SUIT_NAMES[view.trump]}"
        )
        head = "" if isinstance(self.table, MortTable) else f"{self.variant.variant} · "
        if "game" in extra:
            head += f"Game {extra['game']}" + (f" of {extra['games']}" if "games" in extra else "")
            head += " · "
        head += ", ".join(f"{r} {n}" for r, n in roles.items())
        self.say(head, "bold")
        if view.dealer is not None and view.hand_sizes:
            dealer = view.roles[view.dealer]
            turn_up = f"turn-up {card_name(view.turn_up)}, " if view.turn_up is not None else ""
            self.say(f"Trumps: {trump} ({turn_up}dealt by {dealer})")
        title = "Game score (markers)" if isinstance(self.table, MortTable) else "Score"
        self.say(
            f"{title}: {_pair(view.score)}"
            + (f" · tricks this hand: {_pair(view.won)}" if view.won else "")
        )
        label = "Mort" if isinstance(self.table, MortTable) else "Dummy"
        for s, cs in view.exposed.items():
            self.say(f"{label} ({view.roles[s]}), face up: {suit_line(cs)}")
        if view.seat is not None and view.hand_sizes:
            self.say(f"Your hand ({view.roles[view.seat]}): {suit_line(view.hand)}", "bold")
        for s, cs in view.penalty_cards.items():
            self.say(f"Penalty cards of {self.who(view.roles[s])}: {cs}")
        if self.last_trick:
            self.say(f"Last trick: {self.last_trick}")
        if view.trick is not None and view.trick.cards:
            cards = ", ".join(
                f"{self.table.role(s)} {card_name(c)}" for s, c in self._trick_seats(view)
            )
            self.say(f"This trick: {cards}")

    # --- input ------------------------------------------------------------------------------

    def ask(self, prompt: str) -> str:
        self.console.print(Text(prompt + " > ", style="cyan"), end="")
        self.console.file.flush()
        line = self.read()
        if line is None:
            self.console.print()
            raise Quit("end of input")
        if self.echo:
            self.console.print(Text(line))
        return line.strip()

    def common_command(self, text: str, view: View) -> bool:
        """``help``, ``show``, ``sheet``, ``quit``: handled here, True if it was one."""
        word = text.lower()
        if word in ("help", "?", "h"):
            self.say(HELP)
        elif word in ("show", "table", "t"):
            self.show_table(view)
        elif word in ("sheet", "score"):
            self.show_sheet()
        elif word in ("quit", "exit", "q"):
            raise Quit("quit")
        else:
            return False
        return True

    # --- the game ---------------------------------------------------------------------------

    def play(self) -> int:
        t = self.table
        self.say(
            f"{self.variant.variant}, {len(t.players)} players, you against {self.opponents} "
            "computer players "
            f"(seed {self.seed}{', laws mode' if self.laws else ''}). Type help for help.",
            "bold",
        )
        try:
            for cut in self._cuts:
                self.narrate(t.apply(cut))
            while not t.is_over():
                self.remember_names()
                turn = who_acts(t)
                if turn is None or turn[1] != HUMAN:
                    done = step(t, self.bots, self.rng)
                    self.tell_choice(done.action)
                    self.narrate(done.events)
                    continue
                self.human_turn(turn[0])
        except Quit as q:
            self.say(
                "End of input: the game is left unfinished."
                if str(q) == "end of input"
                else "You leave the table; the game is left unfinished."
            )
            self.save_log()
            return 0
        self.save_log()
        rec = sitting_record(t, self._kinds(), self.seed)
        self.say(
            f"The {self.sitting_word} is over. "
            + ", ".join(f"{p} {v:+d}" for p, v in rec["settlement"].items())
            + ".",
            "bold",
        )
        return 0

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
        t = self.table
        first = legal[0]
        assert isinstance(first, Play | CorrectRevoke)
        hand_seat = first.seat
        correcting = isinstance(first, CorrectRevoke)
        dummy = "Mort" if isinstance(t, MortTable) else "dummy"
        whose = "your hand" if hand_seat == seat else f"{dummy}'s hand"
        if correcting:
            prompt = f"Correct the revoke: a card of the suit led from {whose}"
        else:
            lead = view.trick is None or not view.trick.cards
            prompt = f"{'Lead' if lead else 'Play'} from {whose} ({view.roles[hand_seat]})"
        while True:
            text = self.ask(prompt)
            if not text:
                continue
            if text.lower() == "hint":
                self.show_hint(seat, legal)
                continue
            if self.common_command(text, t.view(seat)):
                continue
            words = text.split()
            try:
                action: Action
                if words[0].lower() == "claim":
                    action = self._claim(seat, words)
                elif words[0].lower() in ("two", "both"):
                    if len(words) != 3:
                        self.say("Usage: two C1 C2 — e.g. two SA SK", "red")
                        continue
                    action = PlayTogether(hand_seat, (parse_card(words[1]), parse_card(words[2])))
                elif len(words) == 1:
                    c = parse_card(words[0])
                    other = self._other_hand_holding(view, hand_seat, c)
                    if correcting:
                        action = CorrectRevoke(hand_seat, c)
                    elif other is not None and self.laws and not (view.trick and view.trick.cards):
                        # M-6.7: a lead from the wrong one of Vivant's two hands is recorded and
                        # the adversaries elect.
                        action = Play(other, c)
                    else:
                        action = Play(hand_seat, c)
                else:
                    self.say(f"{text!r}: type one card (e.g. SA) or a command (help).", "red")
                    continue
                events = t.apply(action)
            except VivantError as exc:
                message = str(exc)
                if len(words) == 1 and not message.startswith("invalid card"):
                    other = self._other_hand_holding(view, hand_seat, parse_card(words[0]))
                    if other is not None:
                        message += f"; {card_name(parse_card(words[0]))} is in the other hand"
                self.say(message, "red")
                continue
            self.narrate(events)
            return

    def show_hint(self, seat: Seat, legal: list[Action]) -> None:
        """The Monte-Carlo player's card at its default level, from the view of ``seat`` only,
        with the tricks it expects for the side from this trick on (averaged over its sampled
        deals); before its horizon it names the heuristic's card instead."""
        t = self.table
        view = t.view(seat)
        turn = len(view.tricks) * 4 + (len(view.trick.cards) if view.trick else 0)
        adviser = MonteCarloPlayer(player_seed(self.seed, 100 + turn), kind=DEFAULT_LEVEL)
        choice = adviser.choose(view, legal)
        est = adviser.last
        if not isinstance(choice, Play | CorrectRevoke):
            self.say(f"Hint: {self.describe(choice)}", "green")
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
        if len(words) != 2 or not words[1].isdigit():
            raise _usage("claim N — N is the number of the trick with the revoke, e.g. claim 3")
        if not self.laws:
            raise _usage("revokes are refused in strict mode; claims are for --laws games")
        return ClaimRevoke(seat, int(words[1]))

    def choice_turn(self, seat: Seat, legal: list[Action], view: View) -> None:
        """A decision other than a card: numbered options, the customary default on Enter."""
        t = self.table
        default = customary_default(t, legal)
        if view.pending:
            p = view.pending
            self.say(
                f"The laws give you a choice: {p['kind'].replace('_', ' ')} by {p['offender']} "
                f"({p['rule']}){' — ' + ' '.join(p['cards']) if p['cards'] else ''}.",
                "yellow",
            )
        self.say(self.choice_title(legal[0]), "bold")
        default_index = legal.index(default) + 1 if default in legal else 1
        for i, a in enumerate(legal, start=1):
            mark = "  (default)" if i == default_index else ""
            self.say(f"  {i}. {self.describe(a)}{mark}")
        while True:
            text = self.ask(f"Choose 1–{len(legal)} [{default_index}]")
            if self.common_command(text, view):
                continue
            if not text:
                index = default_index
            elif text.isdigit() and 1 <= int(text) <= len(legal):
                index = int(text)
            else:
                self.say(f"{text!r} is not one of the choices 1–{len(legal)}.", "red")
                continue
            try:
                events = t.apply(legal[index - 1])
            except VivantError as exc:  # the table refused: say so and ask again
                self.say(str(exc), "red")
                continue
            self.tell_choice(legal[index - 1])
            self.narrate(events)
            return

    def tell_choice(self, action: Action) -> None:
        """Say what was chosen where the events do not: a revoke penalty, a revoke waived."""
        if isinstance(action, ChoosePenalty):
            self.say(
                f"{self.who(self.table.role(action.seat))} chooses the penalty for the revoke "
                f"in trick {action.trick}: {self.describe(action)}.",
                "yellow",
            )
        elif isinstance(action, WaiveRevokes):
            self.say(f"{self.who(self.table.role(action.seat))} waives the revoke claims.")

    def choice_title(self, a: Action) -> str:
        if isinstance(a, ChooseSeats):
            return "The adversaries choose their seats (M-2.2): who sits R, on Mort's right?"
        if isinstance(a, ChooseDeal):
            return "You are Vivant: deal the first hand for yourself or for Mort (M-3.1)?"
        if isinstance(a, ClaimRevoke | WaiveRevokes):
            return "The hand is played. Revokes by the other side may be claimed (WL-7):"
        if isinstance(a, ChoosePenalty):
            return f"Penalty for the revoke in trick {a.trick} (M-6.2):"
        if isinstance(a, CallSuit):
            return "Call the suit to be led (WL-6.1):"
        if isinstance(a, Discard):
            return "Discard down to six, face down (AF-2.7):"
        pending = self.table.pending
        if isinstance(a, Elect) and pending is not None and pending.kind in CHOICE_TITLES:
            return CHOICE_TITLES[pending.kind]
        return "Your choice:"

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
            return {
                "T": "T: three tricks taken from the revoking side",
                "D": "D: three deducted from the revoking side's game score",
                "A": "A: three added on the score sheet for the other side",
            }.get(a.option, a.option)
        if isinstance(a, CallSuit):
            return f"call {SUIT_NAMES[a.suit]}"
        if isinstance(a, CallCard):
            return f"call {card_name(a.card)} of {self.who(self.table.role(a.target))}"
        if isinstance(a, Elect):
            pending = self.table.pending
            kind = pending.kind if pending is not None else ""
            if kind == "draw_surplus":
                return f"draw card {a.option}, face down"
            return KIND_WORDS.get((kind, a.option)) or ELECTION_WORDS.get(a.option, a.option)
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
            return f"declare {a.trump}"
        if isinstance(a, Pass):
            return "pass: Dummy's declaration is made for him"
        if isinstance(a, Double):
            return "double"
        if isinstance(a, Redouble):
            return "redouble"
        if isinstance(a, Claim):
            return f"claim {a.tricks} of the remaining tricks"
        return repr(a)


SEAT_WORDS = ("North", "East", "South", "West")

#: All Fours' choices before play and after a revoke, by (kind, option) (AF-1.7, AF-2, AF-5.2).
KIND_WORDS = {
    ("beg", "stand"): "stand: the turned suit is trumps",
    ("beg", "beg"): "beg: the dealer gives a point or runs the cards",
    ("give", "give"): "give a point; the turned suit stays trumps",
    ("give", "run"): "run the cards: three more each and a new card turned",
    ("bunch", "play"): "play with this trump",
    ("bunch", "bunch"): "propose to bunch the cards",
    ("agree_bunch", "agree"): "agree: the cards are bunched and dealt again",
    ("agree_bunch", "refuse"): "refuse: play with this trump",
    ("wrong_number", "new_deal"): "new deal by the same dealer",
    ("wrong_number", "draw"): "draw the surplus card from the hand",
    ("revoke_penalty", "add"): "add the penalty to your score",
    ("revoke_penalty", "deduct"): "deduct the penalty from the revoker's score",
}

CHOICE_TITLES = {
    "beg": "Stand, or beg (AF-2.2)?",
    "give": "The eldest begs: give a point, or run the cards (AF-2.2, AF-2.3)?",
    "bunch": "A new trump: play with it, or propose to bunch (AF-2.6)?",
    "agree_bunch": "Your adversary proposes to bunch the cards (AF-2.6):",
    "wrong_number": "A wrong number of cards was dealt (AF-1.7):",
    "draw_surplus": "Draw the surplus card, face down (D-AF11):",
    "revoke_penalty": "Penalty for the revoke (AF-5.2):",
}

ELECTION_WORDS = {
    "redeal": "redeal: the same dealer deals again",
    "pass": "pass: the deal passes to the left",
    "stand": "stand: the deal stands",
    "misdeal": "misdeal: the deal passes",
    "accept": "accept the card as played",
    "take_back": "have the card taken back",
    "call_card": "leave the card exposed, to be called",
    "call_suit": "call a suit from the leader",
}


def _verb(name: str, verb: str) -> str:
    """``You cut`` but ``Ada cuts``."""
    return verb if name == HUMAN else verb + "s"


def _usage(message: str) -> VivantError:
    return VivantError(message)
