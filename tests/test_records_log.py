"""The JSON event log file: a lossless record of a sitting, and precise errors for broken files."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from test_records_sitting import GAMES, in_a_trick_after, laws_sitting, played_sitting
from vivant.records.log import (
    LOG_FORMAT,
    LOG_VERSION,
    LogError,
    dumps_log,
    load_log,
    log_document,
    parse_log,
    read_log,
    save_log,
    table_record,
)
from vivant.table import Table


def assert_same_table(a: Table, b: Table) -> None:
    assert b.config() == a.config()
    assert b.log == a.log
    assert b.phase == a.phase
    assert table_record(b) == table_record(a)
    assert [b.view(s).to_json() for s in (0, 1, 2, 3, None)] == [
        a.view(s).to_json() for s in (0, 1, 2, 3, None)
    ]


@pytest.mark.parametrize(("variant", "n"), GAMES)
def test_log_file_round_trip_for_every_game(variant: str, n: int, tmp_path: Path) -> None:
    for table in (played_sitting(variant, n, 1), laws_sitting(variant, n, 3)):
        path = tmp_path / f"{variant}.json"
        save_log(table, path, {"event": "Club night", "seed": 1})
        assert_same_table(table, load_log(path))
        assert read_log(path).meta == {"event": "Club night", "seed": 1}


def test_unfinished_sitting_loads_where_it_stopped(tmp_path: Path) -> None:
    table = played_sitting("english-dummy", 3, 2, stop=in_a_trick_after(300))
    assert not table.is_over()
    save_log(table, tmp_path / "half.json")
    again = load_log(tmp_path / "half.json")
    assert_same_table(table, again)
    assert again.to_act() == table.to_act()


def test_file_layout_is_json_with_one_action_per_line() -> None:
    table = played_sitting("humbug", 2, 4)
    text = dumps_log(table, {"seed": 4})
    doc = json.loads(text)
    assert list(doc) == ["format", "version", "config", "meta", "actions", "record"]
    assert doc["format"] == LOG_FORMAT and doc["version"] == LOG_VERSION
    assert doc == log_document(table, {"seed": 4})
    assert doc["record"] == table_record(table)
    lines = text.splitlines()
    start = lines.index('  "actions": [')
    assert len(lines) == start + len(table.log) + 4
    assert json.loads(lines[start + 1].rstrip(",")) == table.log[0].to_json()
    assert dumps_log(table, {"seed": 4}) == text  # deterministic


def test_the_record_is_derived_and_ignored_when_loading() -> None:
    table = played_sitting("mort", 3, 3)
    doc = json.loads(dumps_log(table))
    doc["record"] = {"edited": True}
    assert table_record(parse_log(json.dumps(doc)).table) == table_record(table)


# --- broken files -------------------------------------------------------------------------------


def good_doc() -> dict[str, object]:
    doc: dict[str, object] = json.loads(dumps_log(played_sitting("double-dummy", 2, 5)))
    return doc


def with_action(index: int, action: object) -> str:
    doc = good_doc()
    actions = doc["actions"]
    assert isinstance(actions, list)
    actions[index] = action
    return json.dumps(doc)


def broken_cases() -> list[tuple[str, str | bytes, str]]:
    text = json.dumps(good_doc())
    doc = good_doc()
    actions = doc["actions"]
    assert isinstance(actions, list)
    play = next(i for i, a in enumerate(actions) if a["type"] == "Play")
    refused = dict(actions[play])
    refused["card"] = next(
        a["card"]
        for a in actions[play + 1 :]
        if a["type"] == "Play" and a["seat"] != refused["seat"]
    )
    return [
        ("truncated", text[: len(text) // 2], "not valid JSON: .* \\(line 1, column \\d+\\)"),
        ("empty", "", "not valid JSON"),
        ("not an object", "[1, 2]", "a log is a JSON object, not list"),
        ("wrong format", json.dumps({**doc, "format": "other"}), "not a Vivant event log"),
        ("wrong version", json.dumps({**doc, "version": 2}), "log version 2 is not supported"),
        ("no config", json.dumps({k: v for k, v in doc.items() if k != "config"}), "no 'config'"),
        ("no actions", json.dumps({**doc, "actions": {}}), "no 'actions' list"),
        ("bad meta", json.dumps({**doc, "meta": 3}), "'meta' must be an object"),
        (
            "unknown variant",
            json.dumps({**doc, "config": {"variant": "piquet", "players": ["A", "B"]}}),
            "config: unknown game 'piquet'",
        ),
        (
            "bad players",
            json.dumps({**doc, "config": {"variant": "mort", "players": "AB"}}),
            "config: players 'AB' is not a list of names",
        ),
        (
            "wrong number of players",
            json.dumps({**doc, "config": {"variant": "mort", "players": ["A"]}}),
            "config: Mort is played by three or four",
        ),
        ("malformed action", with_action(0, {"type": "Fly"}), "action 0: unknown action type"),
        (
            "bad card",
            with_action(play, {**actions[play], "card": "Z9"}),
            f"action {play}: Play.card",
        ),
        ("refused action", with_action(play, refused), f"action {play} \\(Play .*\\) refused: "),
        ("not UTF-8", b'{"format": "vivant-log", "x": "\xe9"}', "not UTF-8 text"),
    ]


@pytest.mark.parametrize(("name", "data", "message"), broken_cases())
def test_broken_logs_give_precise_errors(name: str, data: str | bytes, message: str) -> None:
    with pytest.raises(LogError, match=message) as info:
        parse_log(data, "sitting.json")
    assert str(info.value).startswith("sitting.json: ")


def test_a_missing_file_is_a_log_error(tmp_path: Path) -> None:
    with pytest.raises(LogError, match="cannot read"):
        load_log(tmp_path / "nowhere.json")


def test_saving_replaces_the_file_whole(tmp_path: Path) -> None:
    path = tmp_path / "log.json"
    path.write_text("old", encoding="utf-8")
    save_log(played_sitting("humbug", 2, 1), path)
    assert [p.name for p in tmp_path.iterdir()] == ["log.json"]
    assert load_log(path).is_over()
    with pytest.raises(LogError, match="cannot write"):
        save_log(played_sitting("humbug", 2, 1), tmp_path / "no" / "such" / "dir.json")
