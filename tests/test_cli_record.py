"""``vivant record export|import|show`` and ``vivant replay``, through ``vivant.cli.main``."""

from __future__ import annotations

import contextlib
import io
import json
import re
from pathlib import Path

import pytest
from rich.console import Console

from test_records_sitting import laws_sitting, played_sitting
from vivant.cli import main
from vivant.records import format_deal, read_pbn, read_whist_pbn
from vivant.records.log import load_log, save_log, table_record
from vivant.records.sitting import export_pbn, sitting_deals

DATA = Path(__file__).parent / "data" / "pbn"
ERROR_LINE = re.compile(r"^.+:\d+: (error|warning): .+$")


@pytest.fixture
def mort_log(tmp_path: Path) -> Path:
    table = played_sitting("mort", 3, 2, names=("Zoë", "Bob", "Cy"))
    path = tmp_path / "mort.json"
    save_log(table, path, {"event": "Club night", "site": "Bath", "date": "2026.11.30"})
    return path


def test_export_import_round_trip(
    mort_log: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pbn, back = tmp_path / "mort.pbn", tmp_path / "back.json"
    assert main(["record", "export", str(mort_log), "--pbn", str(pbn)]) == 0
    deals = len(sitting_deals(load_log(mort_log)))
    assert capsys.readouterr().err == f"{pbn}: {deals} deals\n"
    raw = pbn.read_bytes()
    assert raw.startswith(b"% PBN 2.1\r\n% EXPORT\r\n")
    assert "Zoë".encode("latin-1") in raw  # ISO 8859-1, the PBN character set
    assert b'[Event "Club night"]' in raw
    assert main(["record", "import", str(pbn), "--log", str(back)]) == 0
    original, again = load_log(mort_log), load_log(back)
    assert capsys.readouterr().err.endswith(f"\n{back}: {deals} deals, {len(again.log)} actions\n")
    assert table_record(again) == table_record(original)
    assert sitting_deals(again) == sitting_deals(original)
    meta = json.loads(back.read_text(encoding="utf-8"))["meta"]
    assert meta == {"source": str(pbn), "event": "Club night", "site": "Bath", "date": "2026.11.30"}


def test_export_and_import_to_standard_output(
    mort_log: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["record", "export", str(mort_log)]) == 0
    text = capsys.readouterr().out
    assert text == export_pbn(
        load_log(mort_log), event="Club night", site="Bath", date="2026.11.30"
    )
    pbn = tmp_path / "out.pbn"
    pbn.write_bytes(text.encode("latin-1"))
    assert main(["record", "import", str(pbn)]) == 0
    captured = capsys.readouterr()
    doc = json.loads(captured.out)
    assert doc["format"] == "vivant-log" and doc["config"]["variant"] == "mort"
    # Read as ISO 8859-1 (not UTF-8): a warning, no error.
    assert "warning" in captured.err and "error:" not in captured.err


def test_deal_only_export_is_plain_pbn(mort_log: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["record", "export", str(mort_log), "--deal-only"]) == 0
    out = capsys.readouterr().out
    result = read_pbn(out)
    assert not [e for e in result.errors if not e.warning]
    deals = sitting_deals(load_log(mort_log))
    assert [g.deal for g in result.games] == [d.played_hands() for d in deals]
    assert "Whist" not in out and "[Play" not in out


def test_deal_only_export_is_read_by_endplay(
    mort_log: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from endplay.parsers import pbn as endplay_pbn

    assert main(["record", "export", str(mort_log), "--deal-only"]) == 0
    boards = endplay_pbn.loads(capsys.readouterr().out)
    deals = sitting_deals(load_log(mort_log))
    assert [b.board_num for b in boards] == [d.board for d in deals]
    assert [b.deal.to_pbn() for b in boards] == [format_deal(d.played_hands(), 0) for d in deals]


@pytest.mark.parametrize("name", sorted(p.name for p in DATA.iterdir()))
def test_import_of_the_malformed_corpus_lists_errors_and_never_crashes(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "out.json"
    code = main(["record", "import", str(DATA / name), "--log", str(out)])
    err = capsys.readouterr().err.splitlines()
    assert code in (0, 1)
    problems = [line for line in err if ERROR_LINE.match(line)]
    if code == 1:
        assert any(": error: " in line for line in problems)
        assert err[-1].endswith("no log written") and not out.exists()
    assert all(ERROR_LINE.match(line) or line.endswith(("written", "actions")) for line in err)


def test_import_reports_a_refused_card_at_its_trick(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    table = laws_sitting("english-dummy", 3, 4)
    text = export_pbn(table).replace('[WhistLaws "yes"]', '[WhistLaws "no"]')
    pbn = tmp_path / "strict.pbn"
    pbn.write_text(text, encoding="latin-1", newline="")
    assert main(["record", "import", str(pbn)]) == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    assert re.search(
        rf"^{re.escape(str(pbn))}:\d+: error: deal \d+, trick \d+: ", captured.err, re.M
    )


def test_import_of_a_truncated_sitting_file(
    mort_log: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = export_pbn(load_log(mort_log))
    pbn = tmp_path / "cut.pbn"
    pbn.write_bytes(text[: len(text) // 3].encode("latin-1"))
    code = main(["record", "import", str(pbn)])
    err = capsys.readouterr().err
    assert code == 1 and "Traceback" not in err
    assert all(ERROR_LINE.match(line) or "no log written" in line for line in err.splitlines())


def test_broken_logs_are_refused_with_their_reason(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    table = played_sitting("thirteen", 2, 1)
    doc = json.loads(json.dumps({"format": "vivant-log", "version": 1, "config": table.config()}))
    doc["actions"] = table.log_json()
    doc["actions"][5] = {"type": "Play", "seat": "E", "card": "SA"}
    cases = {
        "truncated.json": '{"format": "vivant-log", "version": 1, "config": {',
        "version.json": json.dumps({**doc, "version": 9}),
        "illegal.json": json.dumps(doc),
    }
    messages = {
        "truncated.json": "not valid JSON",
        "version.json": "log version 9 is not supported",
        "illegal.json": "action 5 (Play E SA) refused",
    }
    for name, text in cases.items():
        path = tmp_path / name
        path.write_text(text, encoding="utf-8")
        for command in (["record", "export"], ["record", "show"], ["replay"]):
            assert main([*command, str(path)]) == 2
            err = capsys.readouterr().err
            assert err.startswith(f"vivant: error: {path}: ") and messages[name] in err
    assert main(["record", "export", str(tmp_path / "missing.json")]) == 2
    assert "cannot read" in capsys.readouterr().err


def test_show_a_log(mort_log: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["record", "show", str(mort_log)]) == 0
    out = capsys.readouterr().out
    record = table_record(load_log(mort_log))
    assert record is not None
    assert "Mort" in out and "Event: Club night" in out
    assert "Players (cutting order): " + ", ".join(record["players"]) in out
    assert "Hands" in out and "Games" in out and "Settlement:" in out
    for name, value in record["settlement"].items():
        assert f"{name} {value:+d}" in out


@pytest.mark.parametrize("variant", ["bridge-for-three", "humbug", "double-dummy"])
def test_show_a_pbn_file_of_any_game(
    variant: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    table = laws_sitting(variant, 3 if variant == "bridge-for-three" else 2, 3)
    pbn = tmp_path / "sitting.pbn"
    pbn.write_bytes(export_pbn(table).encode("latin-1"))
    assert main(["record", "show", str(pbn)]) == 0
    out = capsys.readouterr().out
    deals = sitting_deals(table)
    assert f"— {len(deals)} deals (pbn)\nFile: {pbn}\n" in out
    assert "Settlement:" in out
    irregular = [ir for d in deals for ir in d.irregularities]
    assert ("Irregularities" in out) == bool(irregular)
    assert out.count("\n  Board ") == len(irregular)


def test_show_a_damaged_pbn_file(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["record", "show", str(DATA / "whist_bad.pbn")]) == 1
    captured = capsys.readouterr()
    assert ERROR_LINE.match(captured.err.splitlines()[0])
    assert "whist_bad.pbn" in captured.out


def replay(
    path: Path, keys: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> str:
    monkeypatch.setattr("sys.stdin", io.StringIO(keys))
    assert main(["replay", str(path)]) == 0
    return capsys.readouterr().out


def test_replay_all_prints_every_trick(mort_log: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(mort_log), "--all"]) == 0
    out = capsys.readouterr().out
    deals = sitting_deals(load_log(mort_log))
    assert out.count("Trick ") == sum(len(d.tricks) for d in deals)
    assert out.count("Board ") == len(deals)
    assert out.rstrip().endswith("End of the sitting.")


def test_replay_steps_forward_back_and_quits(
    mort_log: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    out = replay(mort_log, "\n\nb\nx\nq\n", capsys, monkeypatch)
    assert out.count("Trick 1:") == 2  # forward, forward, back to trick 1
    assert out.count("Trick 2:") == 1
    assert "Unknown key 'x'" in out
    assert "End of the sitting." not in out
    deal = sitting_deals(load_log(mort_log))[0]
    assert out.startswith(f"\nBoard 1 — Mort, dealer {'NESW'[deal.dealer]} (")


def test_replay_at_the_start_and_at_the_end_of_input(
    mort_log: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    out = replay(mort_log, "b\n\n", capsys, monkeypatch)
    assert "This is the start of the sitting." in out
    assert out.count("Trick 1:") == 1 and "Trick 2:" not in out


def test_replay_of_a_pbn_file_to_its_end(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    table = laws_sitting("thirteen", 2, 4)
    pbn = tmp_path / "t.pbn"
    pbn.write_bytes(export_pbn(table).encode("latin-1"))
    deals = read_whist_pbn(pbn.read_bytes()).deals
    steps = sum(len(d.tricks) + 1 for d in deals)
    out = replay(pbn, "\n" * steps, capsys, monkeypatch)
    assert out.count("Trick ") == sum(len(d.tricks) for d in deals)
    assert out.rstrip().endswith("End of the sitting.")
    assert "N (P" in out and "S (P" in out


def test_names_that_look_like_markup_are_printed_as_they_are(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    names = ("[b]Ann", "[/x]Bob", "Cy")
    path = tmp_path / "names.json"
    save_log(played_sitting("mort", 3, 1, names=names), path)
    assert main(["record", "show", str(path)]) == 0
    out = capsys.readouterr().out
    assert all(name in out for name in names)
    assert main(["replay", str(path), "--all"]) == 0
    assert "[/x]Bob" in capsys.readouterr().out
    pbn = tmp_path / "names.pbn"
    assert main(["record", "export", str(path), "--pbn", str(pbn)]) == 0
    assert main(["record", "show", str(pbn)]) == 0
    assert "[/x]Bob" in capsys.readouterr().out


def test_import_of_a_file_without_games_says_there_are_none(
    capsys: pytest.CaptureFixture[str],
) -> None:
    path = DATA / "escapes_only.pbn"
    assert main(["record", "import", str(path)]) == 1
    err = capsys.readouterr().err.splitlines()
    assert err == [
        f'{path}:1: error: no game: no tag pair such as [Deal "..."] in the input (PBN §3)',
        f"{path}: 1 error; no log written",
    ]
    assert main(["record", "show", str(path)]) == 1
    assert "no game" in capsys.readouterr().err


def test_problems_without_a_line_name_the_file_alone() -> None:
    from vivant.cli.record import report
    from vivant.records.pbn import PbnError

    err = io.StringIO()
    with contextlib.redirect_stderr(err):
        report([PbnError(0, "no deals to make a sitting of"), PbnError(3, "bad")], "x.pbn")
    assert err.getvalue().splitlines() == [
        "x.pbn: error: no deals to make a sitting of",
        "x.pbn:3: error: bad",
    ]


def test_the_hands_grid_is_drawn_as_rich_draws_its_tables() -> None:
    from rich.table import Table as RichTable

    from vivant.cli.grid import grid

    headers = ["board", "dealer", "tricks"]
    rows = [["1", "N Mort", "NS 8 EW 5"], ["12", "E Ann Lee", "thrown in"]]
    ours, theirs = (Console(file=io.StringIO(), width=80) for _ in range(2))
    ours.print(grid(ours, "Hands", headers, rows))
    table = RichTable(title="Hands", title_justify="left")
    for h in headers:
        table.add_column(h, no_wrap=True)
    for row in rows:
        table.add_row(*row)
    theirs.print(table)
    assert ours.file.getvalue() == theirs.file.getvalue()  # type: ignore[attr-defined]


def test_a_narrow_terminal_cuts_the_widest_cells_short() -> None:
    from vivant.cli.grid import grid

    console = Console(file=io.StringIO(), width=30, force_terminal=True, color_system=None)
    console.print(
        grid(console, "Hands", ["board", "dealer"], [["1", "N Mortimer Longname-Smythe"]])
    )
    lines = console.file.getvalue().splitlines()  # type: ignore[attr-defined]
    assert all(len(line) == 30 for line in lines[1:]), lines
    assert "┃ bo… ┃ dealer               ┃" in lines
    assert "│ 1   │ N Mortimer Longname… │" in lines


def test_a_narrow_terminal_gives_up_empty_columns_and_wide_headings_before_cells() -> None:
    """At 60 columns a Mort listing keeps every trick count whole: the columns empty in every
    row are left out and named below, and headings are cut before any cell is."""
    from vivant.cli.grid import grid

    headers = ["board", "dealer", "trump", "turn-up", "tricks", "points", "honours", "irr."]
    rows = [
        ["1", "S Mort", "C", "CJ", "NS 4 EW 9", "EW 3", "", ""],
        ["5", "N Ann Lee", "H", "HA", "NS 10 EW 3", "NS 4", "", ""],
    ]

    def drawn(width: int) -> list[str]:
        console = Console(file=io.StringIO(), width=width, force_terminal=True, color_system=None)
        console.print(grid(console, "Hands", headers, rows))
        return str(console.file.getvalue()).splitlines()  # type: ignore[attr-defined]

    at_60 = drawn(60)
    assert all(len(line) <= 60 for line in at_60), at_60
    assert "┃ board ┃ dealer    ┃ trump ┃ turn-… ┃ tricks     ┃ points ┃" in at_60
    assert "│ 5     │ N Ann Lee │ H     │ HA     │ NS 10 EW 3 │ NS 4   │" in at_60
    assert at_60[-1].rstrip() == "empty in every row, left out: honours, irr."
    at_52 = drawn(52)
    assert all(len(line) <= 52 for line in at_52), at_52
    assert "┃ bo… ┃ dealer    ┃ tr… ┃ tu… ┃ tricks     ┃ poin… ┃" in at_52
    assert "│ 5   │ N Ann Lee │ H   │ HA  │ NS 10 EW 3 │ NS 4  │" in at_52
    wide = Console(file=io.StringIO(), width=120, force_terminal=True, color_system=None)
    wide.print(grid(wide, "Hands", headers, rows))
    assert "honours" in wide.file.getvalue()  # type: ignore[attr-defined]


def test_one_deal_is_counted_in_the_singular(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A sitting left after its first deal: "1 deal", not "1 deals"."""
    table = played_sitting("mort", 4, 3, stop=lambda t: t.hand is not None and bool(t.hand.tricks))
    log, pbn = tmp_path / "one.json", tmp_path / "one.pbn"
    save_log(table, log, {})
    assert main(["record", "export", str(log), "--pbn", str(pbn)]) == 0
    assert capsys.readouterr().err == f"{pbn}: 1 deal\n"
