"""PBN 2.1 reader and writer, and the whist profile (docs/pbn-whist-profile.md)."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from vivant.cards import (
    CLUBS,
    EAST,
    HEARTS,
    NORTH,
    SEAT_LETTERS,
    SEATS,
    SOUTH,
    SPADES,
    WEST,
    Card,
    CardSet,
    Seat,
    Suit,
    parse_card,
    rank_of,
    suit_of,
)
from vivant.records import (
    MANDATORY_TAGS,
    PbnComment,
    PbnError,
    PbnGame,
    PbnTag,
    PbnTrick,
    PbnWriteError,
    WhistDeal,
    WhistIrregularity,
    WhistTrick,
    check_whist_deal,
    deal_only_pbn,
    format_deal,
    read_pbn,
    read_whist_pbn,
    whist_from_pbn,
    whist_to_pbn,
    write_pbn,
    write_whist_pbn,
)

DATA = Path(__file__).parent / "data" / "pbn"
FULL_DEAL = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"
PRINTABLE_LATIN1 = [chr(o) for o in range(32, 127)] + [chr(o) for o in range(160, 256)]
VARIANTS = [
    "Mort",
    "English Dummy",
    "Double Dummy",
    "Humbug",
    "Thirteen and the Odd",
    "Bridge for Three",
    "Duplicate Whist",
]


# --------------------------------------------------------------------------------------------
# Strategies


def winner(cards: dict[Seat, Card], leader: Seat, trump: Suit | None) -> Seat:
    """Trick winner computed independently of the library (rules T3)."""
    led = suit_of(cards[leader])
    trumps = [s for s, c in cards.items() if trump is not None and suit_of(c) == trump]
    pool = trumps or [s for s, c in cards.items() if suit_of(c) == led]
    return max(pool, key=lambda s: rank_of(cards[s]))


def next_live(seat: Seat, dead: frozenset[Seat]) -> Seat:
    seat = (seat + 1) % 4
    while seat in dead:
        seat = (seat + 1) % 4
    return seat


text_values = st.text(alphabet=PRINTABLE_LATIN1, max_size=24).filter(
    lambda t: t != "#" and not t.startswith("##")
)
scores = st.lists(
    st.tuples(st.sampled_from(["NS", "EW", "N", "E", "S", "W"]), st.integers(-50, 300)),
    max_size=3,
    unique_by=lambda pair: pair[0],
).map(tuple)
irregularities = st.lists(
    st.builds(
        WhistIrregularity,
        kind=st.sampled_from(["revoke", "lead_out_of_turn", "exposed_card", "misdeal"]),
        offender=st.sampled_from(SEATS),
        trick=st.none() | st.integers(1, 13),
        penalty=st.sampled_from(["", "tricks", "points", "deduct", "call_suit"]),
        note=text_values,
    ),
    max_size=3,
).map(tuple)
extra_tags = st.lists(
    st.tuples(st.sampled_from(["Room", "Generator", "DealId", "Zeta_2"]), text_values),
    max_size=2,
    unique_by=lambda pair: pair[0],
).map(tuple)


@st.composite
def whist_deals(draw: st.DrawFn) -> WhistDeal:
    """Random deals of every shape the profile carries, with random (even irregular) play."""
    order = draw(st.permutations(range(52)))
    dealt: list[CardSet | None] = [CardSet(order[13 * i : 13 * i + 13]) for i in range(4)]
    dealer = draw(st.sampled_from(SEATS))
    two_handed = draw(st.booleans())
    dead = frozenset({(dealer + 1) % 4, (dealer + 3) % 4}) if two_handed else frozenset()
    live = [s for s in SEATS if s not in dead]
    exchanges: list[tuple[Seat, Seat]] = []
    if two_handed and draw(st.booleans()):
        for s in dead:  # Thirteen and the Odd: the other hands are not dealt
            dealt[s] = None
    elif two_handed:
        exchanges = [(s, (s + 3) % 4) for s in live if draw(st.booleans())]  # Humbug
    dummies = frozenset() if two_handed else draw(st.frozensets(st.sampled_from(SEATS)))
    owned = {c for h in dealt if h is not None for c in h}
    turn_up: Card | None = None
    declared_by: Seat | None = None
    if draw(st.booleans()):
        declared_by = draw(st.sampled_from(live))
        trump = draw(st.sampled_from([SPADES, HEARTS, 2, CLUBS, None]))
    else:
        hand = dealt[dealer]
        assert hand is not None
        candidates = sorted(hand) + sorted(set(range(52)) - owned)
        turn_up = draw(st.sampled_from(candidates))
        trump = suit_of(turn_up)
    held = list(dealt)
    for a, b in exchanges:
        held[a], held[b] = held[b], held[a]
    remaining = [set(h) if h is not None else set() for h in held]
    tricks = []
    leader = next_live(dealer, dead)
    n = draw(st.integers(0, 13))
    for t in range(n):
        if draw(st.integers(0, 9)) == 0:
            leader = draw(st.sampled_from(live))  # an accepted lead out of turn
        count = len(live) if t < n - 1 else draw(st.integers(1, len(live)))
        cards = []
        seat = leader
        for _ in range(count):
            c = draw(st.sampled_from(sorted(remaining[seat])))
            remaining[seat].discard(c)
            cards.append(c)
            seat = next_live(seat, dead)
        tricks.append(WhistTrick(leader, tuple(cards)))
        if count == len(live):
            by_seat = {}
            seat = leader
            for c in cards:
                by_seat[seat] = c
                seat = next_live(seat, dead)
            leader = winner(by_seat, leader, trump)
    return WhistDeal(
        variant=draw(st.sampled_from(VARIANTS)),
        dealer=dealer,
        hands=(dealt[0], dealt[1], dealt[2], dealt[3]),
        trump=trump,
        turn_up=turn_up,
        declared_by=declared_by,
        dummies=dummies,
        dead=dead,
        exchanges=tuple(exchanges),
        tricks=tuple(tricks),
        tricks_won=draw(scores),
        points=draw(scores),
        honours=draw(scores),
        irregularities=draw(irregularities),
        event=draw(text_values),
        site=draw(text_values),
        date=draw(st.sampled_from(["?", "2026.11.30", "1897.??.??"])),
        board=draw(st.none() | st.integers(1, 99)),
        players=(draw(text_values), draw(text_values), draw(text_values), draw(text_values)),
        scoring=draw(text_values),
        extra_tags=draw(extra_tags),
    )


def simple_deal(**changes: object) -> WhistDeal:
    """A fixed four-hand deal (FULL_DEAL), South dealing, clubs turned up."""
    hands = read_pbn(f'[Dealer "N"][Deal "{FULL_DEAL}"]').games[0].deal
    assert hands is not None
    base = WhistDeal(
        variant="Mort",
        dealer=SOUTH,
        hands=hands,
        trump=CLUBS,
        turn_up=parse_card("C8"),
        dummies=frozenset({NORTH}),
    )
    fields = {**base.__dict__, **changes}
    return WhistDeal(**fields)


# --------------------------------------------------------------------------------------------
# Whist profile round trips


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(whist_deals())
def test_whist_deal_pbn_whist_deal_round_trip(deal: WhistDeal) -> None:
    assert check_whist_deal(deal) == []
    text = write_whist_pbn([deal])
    result = read_whist_pbn(text)
    assert result.errors == ()
    assert result.deals == (deal,)


@settings(max_examples=25, deadline=None)
@given(st.lists(whist_deals(), min_size=2, max_size=4))
def test_several_deals_in_one_file(deals: list[WhistDeal]) -> None:
    text = write_whist_pbn(deals)
    assert text.count("\r\n\r\n") == len(deals) - 1  # one empty line between games (§3)
    data = text.encode("latin-1")  # what a PBN file holds on disk (§2.2)
    result = read_whist_pbn(data)
    assert all("decoded as ISO 8859-1" in e.message for e in result.errors)
    assert result.deals == tuple(deals)
    assert read_whist_pbn(data, encoding="latin-1") == read_whist_pbn(text)


@settings(max_examples=60, deadline=None)
@given(whist_deals())
def test_export_format_rules(deal: WhistDeal) -> None:
    text = write_whist_pbn([deal])
    assert text.startswith("% PBN 2.1\r\n% EXPORT\r\n")
    body = text.split("\r\n")
    assert all(len(line) + 2 <= 255 and "\t" not in line and "\n" not in line for line in body)
    text.encode("latin-1")  # the PBN character set (§2.2)
    tags = [line[1 : line.index(" ")] for line in body if line.startswith("[")]
    assert tags[:15] == list(MANDATORY_TAGS)
    supplemental = [t for t in tags[15:] if t not in ("Play", "WhistIrregularityTable")]
    assert supplemental == sorted(supplemental)
    game = read_pbn(text).games[0]
    values = game.tag_values
    assert values["Vulnerable"] == values["Declarer"] == values["Contract"] == ""
    assert "Auction" not in values
    assert values["Trump"] in ("S", "H", "D", "C", "NT")
    assert values["Deal"].startswith(SEAT_LETTERS[deal.dealer] + ":")
    if deal.tricks:
        assert game.play_seat == next_live(deal.dealer, deal.dead)
        assert [t.leader for t in game.play] == [t.leader for t in deal.tricks]
    if deal.dead:
        assert values["Result"] == ""
    elif deal.tricks:
        assert values["Result"].startswith("NS ")


def test_profile_example_reads_as_documented() -> None:
    text = (DATA / "whist_profile_example.pbn").read_text("latin-1")
    result = read_whist_pbn(text)
    assert result.errors == ()
    (deal,) = result.deals
    assert deal.variant == "Mort"
    assert deal.dealer == SOUTH and deal.trump == CLUBS and deal.turn_up == parse_card("CQ")
    assert deal.dummies == frozenset({NORTH})
    assert deal.tricks[0] == WhistTrick(WEST, tuple(map(parse_card, ["ST", "SK", "S7", "SA"])))
    assert deal.tricks[1].leader == SOUTH
    assert dict(deal.tricks_won) == {"NS": 7, "EW": 6}
    assert deal.irregularities == (WhistIrregularity("revoke", EAST, 2, "tricks", "three tricks"),)
    assert write_whist_pbn([deal]) == text.replace("\n", "\r\n")


def test_humbug_exchange_keeps_played_hands_in_deal_tag() -> None:
    base = simple_deal()
    deal = simple_deal(
        variant="Humbug",
        dummies=frozenset(),
        dead=frozenset({EAST, WEST}),
        exchanges=((SOUTH, EAST),),
        turn_up=parse_card("C8"),
        tricks=(WhistTrick(NORTH, (parse_card("SA"), parse_card("ST"))),),
    )
    game = whist_to_pbn(deal)
    assert game.deal is not None and base.hands[EAST] is not None
    assert game.deal[SOUTH] == base.hands[EAST]  # South took up the hand on his right
    assert game.tag("WhistExchange") == "S:E"
    assert game.play[0].cards == (parse_card("SA"), None, parse_card("ST"), None)
    assert whist_from_pbn(read_pbn(write_pbn([game])).games[0]) == deal


def test_lead_out_of_turn_is_marked_and_read_back() -> None:
    cards = tuple(map(parse_card, ["HT", "H7", "H4", "HA"]))
    deal = simple_deal(tricks=(WhistTrick(NORTH, cards),))  # West should lead
    text = write_whist_pbn([deal])
    assert '[Play "W"]\r\nHA ^L HT H7 H4\r\n' in text
    game = read_pbn(text).games[0]
    assert game.play[0].lead_out_of_turn and game.play[0].leader == NORTH
    assert read_whist_pbn(text).deals == (deal,)


# --------------------------------------------------------------------------------------------
# Deal-only export and endplay


@settings(max_examples=15, deadline=None)
@given(st.permutations(range(52)), st.sampled_from(SEATS), st.integers(1, 32))
def test_deal_only_export_is_read_by_endplay(order: list[int], dealer: Seat, board: int) -> None:
    from endplay.parsers import pbn as endplay_pbn

    hands = tuple(CardSet(order[13 * i : 13 * i + 13]) for i in range(4))
    deal = WhistDeal("Mort", dealer, (hands[0], hands[1], hands[2], hands[3]), HEARTS, board=board)
    text = write_pbn([deal_only_pbn(deal)])
    assert "Trump" not in text and "Whist" not in text and "[Play" not in text
    (read_back,) = endplay_pbn.loads(text)
    assert read_back.deal.to_pbn() == format_deal(deal.hands, NORTH)
    # endplay takes the Dealer tag only when a contract is known; the Deal starts with the dealer
    assert (
        f'[Deal "{SEAT_LETTERS[dealer]}:' in text and f'[Dealer "{SEAT_LETTERS[dealer]}"]' in text
    )
    assert read_back.board_num == board
    assert read_back.contract is None  # "?": not bid at bridge
    values = read_pbn(text).games[0].tag_values
    assert list(values) == list(MANDATORY_TAGS)
    assert (values["Declarer"], values["Contract"], values["Result"]) == ("?", "?", "?")
    assert values["Vulnerable"] == ""


# --------------------------------------------------------------------------------------------
# Malformed corpus: precise errors, never a crash


CORPUS: dict[str, list[tuple[int, bool, str]]] = {
    "missing_tags.pbn": [
        (
            2,
            True,
            "missing mandatory tags Event, Site, Date, Board, West, North, East, South, "
            "Scoring, Declarer, Contract, Result",
        ),
        (6, False, "game has no Deal tag"),
        (6, True, "missing mandatory tags Site, Date, West, North, East, South, Vulnerable, Deal"),
        (8, False, "Board '0' is not a positive integer"),
    ],
    "bad_deal.pbn": [
        (1, True, "missing mandatory tags"),
        (2, False, "with <first> one of W N E S"),
        (4, True, "missing mandatory tags"),
        (5, False, "expected 4 hands separated by spaces, found 3"),
        (7, True, "missing mandatory tags"),
        (8, False, "hand N: invalid rank 'Z'"),
        (10, True, "missing mandatory tags"),
        (11, False, "hand N: invalid PBN hand 'AKQJ.T98.765': expected four suits"),
        (13, True, "missing mandatory tags"),
        (13, False, "Dealer 'Q' is not a direction"),
    ],
    "wrong_counts.pbn": [
        (1, True, "missing mandatory tags"),
        (2, False, "wrong card count: N has 12 while another hand has 13"),
        (4, True, "missing mandatory tags"),
        (5, False, "card CA is in both hand E and hand W"),
        (7, True, "missing mandatory tags"),
        (8, False, "hand N has 14 cards"),
        (10, True, "missing mandatory tags"),
        (14, False, "trick 1, E's card: 'J' is not a card"),
    ],
    "comment_only.pbn": [],
    "unknown_tags.pbn": [],
    "truncated.pbn": [
        (1, False, "game has no Deal tag"),
        (1, True, "missing mandatory tags"),
        (3, False, "tag Deal: the value's closing quote is missing"),
    ],
    "unclosed_comment.pbn": [
        (1, False, "game has no Deal tag"),
        (1, True, "missing mandatory tags"),
        (3, False, "brace comment '{' is never closed"),
    ],
    "bad_play.pbn": [
        (1, True, "missing mandatory tags"),
        (9, False, "trick 3: HA was already played in trick 1"),
        (9, False, "trick 3, N's card: 'XY' is not a card"),
        (9, False, "^I marks an auction irregularity"),
        (10, False, "NAG $3 is for calls, not cards"),
        (11, False, "'SA' after '*': nothing may follow"),
    ],
    "inheritance.pbn": [
        (1, True, "missing mandatory tags Date"),
        (6, True, "missing mandatory tags Date"),
        (7, False, "tag Dealer may not inherit a value with '#'"),
    ],
    "escapes_only.pbn": [(1, True, 'no game: no tag pair such as [Deal "..."] in the input')],
    "latin1.pbn": [
        (1, True, "decoded as ISO 8859-1"),
        (1, True, "missing mandatory tags Site"),
    ],
    "garbage.bin": [
        (1, True, "decoded as ISO 8859-1"),
        (1, False, "control character U+0000"),
        (1, False, "non-ASCII text 'ÿ' outside a string or comment"),
        (1, False, "unexpected 'ÿ' before the first tag pair"),
        (1, False, "expected a tag name after '['"),
        (1, True, "no game: no tag pair"),
        (2, False, "control character U+0001"),
        (2, False, "tag Deal: the value's closing quote is missing"),
        (3, False, "control character U+0080"),
        (3, False, "brace comment '{' is never closed"),
        (6, False, "control character U+001B"),
    ],
}


@pytest.mark.parametrize("name", sorted(CORPUS))
def test_corpus_file_gives_precise_errors(name: str) -> None:
    result = read_pbn((DATA / name).read_bytes())
    got = [(e.line, e.warning, e.message) for e in result.errors]
    expected = CORPUS[name]
    assert len(got) == len(expected), "\n".join(map(str, result.errors))
    for (line, warning, message), (e_line, e_warning, fragment) in zip(got, expected, strict=True):
        assert (line, warning) == (e_line, e_warning), message
        assert fragment in message


def test_every_corpus_file_is_covered() -> None:
    on_disk = {p.name for p in DATA.iterdir()} - {"whist_profile_example.pbn", "whist_bad.pbn"}
    assert on_disk == set(CORPUS)


def test_whist_profile_problems_point_at_their_tags() -> None:
    result = read_whist_pbn((DATA / "whist_bad.pbn").read_bytes())
    assert result.deals == ()
    got = [(e.line, e.message) for e in result.errors if not e.warning]
    assert got == [
        (1, "not a whist-profile game: no WhistVariant tag"),
        (4, "Trump 'Z': expected a denomination S H D C or NT (whist profile)"),
        (5, "WhistDummy 'NN': expected seat letters W N E S, each once"),
        (6, "WhistTricks 'NS seven': expected '<side> <n>' pairs, sides NS EW N E S W"),
        (7, "WhistTurnUp: invalid card 'C1': expected suit then rank, e.g. SA, HT, H10, D2"),
        (14, "the turn-up SK is in N's hand; it belongs to the dealer or to nobody"),
    ]


def test_comments_are_kept_with_their_anchors() -> None:
    game = read_pbn((DATA / "comment_only.pbn").read_text()).games[0]
    assert [(c.anchor, c.text) for c in game.comments] == [
        ("", "a file comment on its own line"),
        ("", "another one"),
        ("", "a brace comment\n\n  spanning a blank line"),
        ("Event", "about the event"),
        ("South", "a comment-only line between tags"),
        ("Result", "trailing comment-only line"),
    ]
    again = read_pbn(write_pbn([game]))
    assert again.errors == ()
    assert [(c.anchor, c.text) for c in again.games[0].comments] == [
        (c.anchor, c.text) for c in game.comments
    ]


def test_unknown_tags_and_sections_are_kept_and_written_back() -> None:
    game = read_pbn((DATA / "unknown_tags.pbn").read_text()).games[0]
    assert game.tag("FutureTag") == "some value" and game.tag("AnotherOne") == "x"
    assert game.tag("Zebra") == "a tag pair spanning lines"
    table = game.tag_entry("MyOwnTable")
    assert table is not None and table.rows == (("a", "1"), ('"b c"', "22"))
    text = write_pbn([game])
    assert (
        '[AnotherOne "x"]\r\n[FutureTag "some value"]\r\n[Zebra "a tag pair spanning lines"]'
        in (text)
    )
    assert text.endswith('[MyOwnTable "Col1;Col2\\2R"]\r\na 1\r\n"b c" 22\r\n')
    again = read_pbn(text)
    assert again.errors == ()
    assert again.games[0].tag_values == game.tag_values  # same tags, now in export order
    assert write_pbn(again.games) == text


def test_latin1_text_is_decoded() -> None:
    game = read_pbn((DATA / "latin1.pbn").read_bytes()).games[0]
    assert game.tag("Event") == "Tournoi d'été"
    assert game.tag("South") == "Müller, Jürgen"
    assert game.comments[0].text == "café crème"
    assert "Müller".encode("latin-1") in write_pbn([game]).encode("latin-1")


def test_inheritance_resolves_hash_and_double_hash() -> None:
    first, second = read_pbn((DATA / "inheritance.pbn").read_text()).games
    assert first.tag("Event") == "Club night"
    assert second.tag("Event") == "Club night"  # "##" header (§4.8)
    assert second.tag("Site") == "London"  # "#" (§4.8)
    assert second.deal is not None and second.dealer is None


def test_escaped_strings_and_repeated_tags() -> None:
    text = '[Event "a \\"b\\" \\\\ c"]\n[Event "again"]\n[Dealer "N"]\n[Deal "' + FULL_DEAL + '"]'
    result = read_pbn(text)
    assert result.games[0].tag("Event") == 'a "b" \\ c'
    assert [str(e) for e in result.errors if "repeated" in e.message] == [
        "line 2: warning: tag Event repeated; the repeat is ignored (PBN §3.4)"
    ]
    written = write_pbn(result.games)
    assert '[Event "a \\"b\\" \\ c"]' in written  # backslash doubled only where needed
    assert read_pbn(written).games[0].tag("Event") == 'a "b" \\ c'


def test_bridge_play_leaders_follow_the_contract() -> None:
    text = (
        f'[Dealer "N"][Deal "{FULL_DEAL}"][Declarer "S"][Contract "4H"]\n'
        '[Play "W"]\nHA H8 H5 H2\nS4 SA ST S7\nHK H9 H6 H3\n'
    )
    game = read_pbn(text).games[0]
    assert [t.leader for t in game.play] == [WEST, WEST, NORTH]
    assert game.play[1].played() == [
        (WEST, parse_card("S4")),
        (NORTH, parse_card("SA")),
        (EAST, parse_card("ST")),
        (SOUTH, parse_card("S7")),
    ]


def test_end_position_with_bare_denomination() -> None:
    text = '[Dealer "N"][Deal "N:AK... Q... - -"][Contract "NT"][Play "N"]\nSA SQ'
    result = read_pbn(text)
    assert [e for e in result.errors if not e.warning] == []
    game = result.games[0]
    assert game.is_end_position and game.trump == (True, None)
    assert '[Contract "NT"]' in write_pbn([game])


# --------------------------------------------------------------------------------------------
# The strict writer refuses what export format cannot carry


def game_with(**tags: str) -> PbnGame:
    values = {"Dealer": "N", "Deal": FULL_DEAL, **tags}
    return PbnGame(tags=tuple(PbnTag(k, v) for k, v in values.items()))


@pytest.mark.parametrize(
    ("game", "fragment"),
    [
        (game_with(Dealer=""), "a Deal needs a Dealer"),
        (game_with(Contract="4Z"), "Contract '4Z'"),
        (game_with(Contract="H"), "a bare denomination is only for end positions"),
        (game_with(Result="14"), "Result '14'"),
        (game_with(Date="2026-11-30"), "Date '2026-11-30'"),
        (game_with(Board="-1"), "Board '-1' is not a positive integer"),
        (game_with(Vulnerable="Some"), "Vulnerable 'Some'"),
        (game_with(Event="#"), "read as inheritance"),
        (game_with(Event="##x"), "read as inheritance"),
        (game_with(Event="#1 night"), None),
        (game_with(Event="tab\there"), "character '\\t' is not allowed"),
        (game_with(Event="line\nbreak"), "character '\\n' is not allowed"),
        (game_with(Event="♠"), "character '♠' is not allowed"),
        (game_with(Event="x" * 260), "at most 255"),
        (game_with(Deal="N:AKQ... - - -", Dealer="N"), None),
        (PbnGame(tags=(PbnTag("Event", "a"), PbnTag("Event", "b"))), "appears twice"),
        (PbnGame(tags=(PbnTag("bad name", "a"),)), "tag name 'bad name'"),
        (PbnGame(tags=(PbnTag("Note", "1:x"),)), "Note tags belong to an Auction or Play"),
        (PbnGame(tags=(PbnTag("Tbl", "A"), PbnTag("Tbl", "B"))), "appears twice"),
        (
            PbnGame(tags=(PbnTag("MyTable", "A", (("a;b",),)),)),
            "'a;b' is not a section token",
        ),
        (PbnGame(comments=(PbnComment("both } and\nbreak"),)), "holds both '}' and a line break"),
    ],
)
def test_writer_refuses_invalid_games(game: PbnGame, fragment: str | None) -> None:
    if fragment is None:  # a partial deal is fine: the contrast case
        assert "[Deal" in write_pbn([game])
        return
    with pytest.raises(PbnWriteError) as info:
        write_pbn([game])
    assert fragment in str(info.value)
    assert str(info.value).startswith("game 1")


def play_game(*rows: PbnTrick, contract: str = "4H") -> PbnGame:
    game = read_pbn(f'[Dealer "N"][Deal "{FULL_DEAL}"][Contract "{contract}"]').games[0]
    return PbnGame(tags=game.tags, deal=game.deal, play_seat=WEST, play=rows)


def row(cards: str, leader: Seat | None = WEST, out_of_turn: bool = False) -> PbnTrick:
    by_seat = [None if t == "-" else parse_card(t) for t in cards.split()]  # N E S W
    return PbnTrick((by_seat[0], by_seat[1], by_seat[2], by_seat[3]), leader, out_of_turn)


@pytest.mark.parametrize(
    ("game", "fragment"),
    [
        (play_game(row("H8 H5 H2 SK")), "W plays SK, not in that hand"),
        (play_game(row("H8 H5 H2 HA"), row("H9 H6 H3 HA")), "HA was already played in trick 1"),
        (play_game(row("H8 H5 H2 HA", leader=NORTH)), "N leads but W is on lead"),
        (play_game(row("H8 H5 H2 -")), "the leader W has no card"),
        (play_game(row("H8 H5 H2 HA", leader=None, out_of_turn=True)), "needs the leader"),
        (play_game(*[row("- - - -", leader=None)] * 14), "14 tricks"),
        (
            PbnGame(tags=game_with().tags, play_seat=WEST, play=(row("H8 H5 H2 HA"),)),
            "the play section needs a Deal",
        ),
    ],
)
def test_writer_refuses_inconsistent_play(game: PbnGame, fragment: str) -> None:
    with pytest.raises(PbnWriteError) as info:
        write_pbn([game])
    assert fragment in str(info.value)


def test_writer_accepts_marked_lead_out_of_turn() -> None:
    game = play_game(row("H8 H5 H2 HA", leader=NORTH, out_of_turn=True))
    text = write_pbn([game])
    assert "HA ^L H8 H5 H2" in text
    assert read_pbn(text).games[0].play == game.play


@pytest.mark.parametrize(
    ("changes", "fragment"),
    [
        ({"turn_up": parse_card("SA")}, "the turn-up SA is in N's hand"),
        ({"turn_up": parse_card("D2")}, "is not the suit of the turn-up D2"),
        ({"dead": frozenset({SOUTH})}, "the dealer S cannot be a dead seat"),
        ({"dead": frozenset({NORTH, EAST})}, "both dummy and dead"),
        ({"exchanges": ((SOUTH, SOUTH),)}, "exchange S:S repeats a seat"),
        ({"tricks_won": (("NS", 7), ("NS", 6))}, "tricks sides"),
        ({"irregularities": (WhistIrregularity("two words", NORTH),)}, "irregularity kind"),
        ({"variant": " "}, "the variant name is empty"),
        (
            {"tricks": (WhistTrick(WEST, (parse_card("HA"),)), WhistTrick(WEST, ()))},
            "trick 1 is incomplete but is not the last trick",
        ),
        ({"tricks": (WhistTrick(WEST, (parse_card("SA"),)),)}, "W plays SA, not in hand"),
        ({"extra_tags": (("Trump", "S"),)}, "extra tag Trump clashes"),
    ],
)
def test_profile_writer_refuses_inconsistent_deals(
    changes: dict[str, object], fragment: str
) -> None:
    with pytest.raises(PbnWriteError) as info:
        write_whist_pbn([simple_deal(**changes)])
    assert fragment in str(info.value)


# --------------------------------------------------------------------------------------------
# Fuzz: nothing but collected errors, whatever the input


PBN_PIECES = [
    "[", "]", '"', '\\"', "{", "}", ";", "%", "\n", "\r\n", " ", "\t", "#", "##", "^R", "^L", "*",
    "+", "-", "=1=", "$7", "!?", "Event", "Deal", "Dealer", "Play", "Trump", "Contract", "Note",
    "WhistVariant", "WhistIrregularityTable", "N:", "AKQ.", "T98", "SA", "h2", "N", "E", "NT", "4H",
    "Trick;Offender;Kind", "1 N revoke", "é", "\x00", "\x85",
]  # fmt: skip


def check_never_raises(data: str | bytes) -> None:
    result = read_pbn(data)
    assert all(isinstance(e, PbnError) and e.line >= 1 and e.message for e in result.errors)
    whist = read_whist_pbn(data)
    assert len(whist.deals) <= len(result.games)
    for game in result.games:
        try:
            text = write_pbn([game])
        except PbnWriteError:
            continue
        again = read_pbn(text)  # whatever the strict writer accepts reads back cleanly
        assert again.ok, [str(e) for e in again.errors]
        assert write_pbn(again.games) == text


@settings(max_examples=300, deadline=None)
@given(st.text())
def test_arbitrary_text_never_raises(text: str) -> None:
    check_never_raises(text)


@settings(max_examples=150, deadline=None)
@given(st.binary())
def test_arbitrary_bytes_never_raise(data: bytes) -> None:
    check_never_raises(data)


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(PBN_PIECES), max_size=60).map("".join))
def test_pbn_like_token_soup_never_raises(text: str) -> None:
    check_never_raises(text)


@settings(max_examples=60, deadline=None)
@given(whist_deals(), st.data())
def test_damaged_profile_files_never_raise(deal: WhistDeal, data: st.DataObject) -> None:
    text = write_whist_pbn([deal])
    cut = data.draw(st.integers(0, len(text)))
    junk = data.draw(st.sampled_from(PBN_PIECES))
    check_never_raises(text[:cut])
    check_never_raises(text[:cut] + junk + text[cut:])


# --------------------------------------------------------------------------------------------
# Sections the model does not interpret are kept


def test_auction_section_and_notes_pass_through() -> None:
    text = (
        '[Event "x"]\n[Dealer "N"]\n[Deal "' + FULL_DEAL + '"]\n[Declarer "S"]\n'
        '[Contract "4H"]\n[Auction "N"]\n1H Pass 4H =1= AP\n[Note "1:game raise"]\n'
        '[Play "W"]\nHA H8 H5 H2 ; ace first\nHK H9 H6 H3\n*\n[Note "2:unused"]\n'
    )
    result = read_pbn(text)
    assert [e for e in result.errors if not e.warning] == []
    game = result.games[0]
    auction = game.tag_entry("Auction")
    assert auction is not None and auction.rows == (("1H", "Pass", "4H", "=1=", "AP"),)
    assert [(t.value, t.section) for t in game.tags if t.name == "Note"] == [
        ("1:game raise", "Auction"),
        ("2:unused", "Play"),
    ]
    assert game.comments == (PbnComment("ace first", "Play", 0),)
    written = write_pbn([game])
    assert (
        '[Auction "N"]\r\n1H Pass 4H =1= AP\r\n[Note "1:game raise"]\r\n[Play "W"]\r\n'
        'HA H8 H5 H2\r\n{ace first}\r\nHK H9 H6 H3\r\n*\r\n[Note "2:unused"]\r\n'
    ) in written
    again = read_pbn(written).games[0]
    assert again.play == game.play and again.comments == game.comments


def test_double_hash_header_fills_later_games() -> None:
    deal = f'[Dealer "N"][Deal "{FULL_DEAL}"]'
    first, second, third = read_pbn(
        f'[Site "##Bath"]{deal}\n\n{deal}\n\n[Site "Wells"]{deal}'
    ).games
    assert (first.tag("Site"), second.tag("Site"), third.tag("Site")) == ("Bath", "Bath", "Wells")


# --------------------------------------------------------------------------------------------
# Messages that say what is wrong, and where (issue 13, point 24)

BRIDGE_GAME = f'[Dealer "N"]\n[Deal "{FULL_DEAL}"]\n[Contract "4H"]\n[Play "W"]\n'


def test_a_double_dash_in_a_play_row_is_one_column_not_two() -> None:
    """``--`` is no PBN card token (§3.6.1 has only ``-``): read as ``-``, in its own column."""
    result = read_pbn(BRIDGE_GAME + "HA -- H5 H2\nHK H9 H6 H3\n")
    (game,) = result.games
    assert [
        (e.line, e.warning, e.message) for e in result.errors if "mandatory" not in e.message
    ] == [
        (
            5,
            True,
            "trick 1, N's card: '--' is not a card token; read as '-', a card unknown or "
            "not played (PBN §3.6.1)",
        )
    ]
    assert game.play[0].cards == (None, parse_card("H5"), parse_card("H2"), parse_card("HA"))
    assert game.play[1].cards == tuple(parse_card(c) for c in ("H9", "H6", "H3", "HK"))


def test_a_word_that_is_not_a_card_takes_one_column() -> None:
    result = read_pbn(BRIDGE_GAME + "HA S- H5 H2\n")
    errors = [str(e) for e in result.errors if not e.warning]
    assert errors == [
        "line 5: trick 1, N's card: 'S-' is not a card; expected e.g. SA or HT, or '-' (PBN §3.6.1)"
    ]
    assert result.games[0].play[0].cards == (
        None,
        parse_card("H5"),
        parse_card("H2"),
        parse_card("HA"),
    )


def test_a_whist_game_without_a_dealer_tag_says_the_dealer_is_missing() -> None:
    text = f'[Deal "{FULL_DEAL}"]\n[Trump "H"]\n[WhistVariant "Mort"]\n'
    result = read_whist_pbn(text)
    errors = [str(e) for e in result.errors if not e.warning]
    assert errors == ["line 1: no Dealer tag: a whist-profile game names its dealer, W N E S"]
    assert "None" not in " ".join(str(e) for e in result.errors)


def test_a_bad_dealer_is_reported_once_in_the_readers_words() -> None:
    text = f'[Dealer "Q"]\n[Deal "{FULL_DEAL}"]\n[Trump "H"]\n[WhistVariant "Mort"]\n'
    errors = [str(e) for e in read_whist_pbn(text).errors if not e.warning]
    assert errors == ["line 1: Dealer 'Q' is not a direction W N E S (PBN §3.4.9)"]


@pytest.mark.parametrize("text", ["", "% PBN 2.1\n% EXPORT\n", "; a comment\n{ another }\n"])
def test_a_file_without_games_is_an_error_for_the_whist_reader(text: str) -> None:
    result = read_whist_pbn(text)
    assert [(e.line, e.warning, e.message) for e in result.errors] == [
        (1, False, 'no game: no tag pair such as [Deal "..."] in the input (PBN §3)')
    ]


def test_a_trump_with_a_level_is_refused_once_in_words() -> None:
    text = f'[Dealer "N"]\n[Deal "{FULL_DEAL}"]\n[Trump "4S"]\n[WhistVariant "Mort"]\n'
    errors = [str(e) for e in read_whist_pbn(text).errors if not e.warning]
    assert errors == ["line 3: Trump '4S': expected a denomination S H D C or NT (whist profile)"]
