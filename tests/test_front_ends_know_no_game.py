"""The front ends know no particular game (issue 14 acceptance): ``src/vivant/cli/`` and
``src/vivant/server/static/`` hold no game-specific wording tables and no branches on game names.
What counts as a game's own word is built from the registry's declared metadata (names, aliases,
titles, table classes, role words, dummy names, side names), and what counts as a wording table
from the codes the core's :mod:`vivant.describe` puts into words: the front ends print the
core's words and read the metadata instead.

``cli/duplicate.py`` is Duplicate Whist's own command (``vivant duplicate``: argument parsing and
the printing of an event's results, the event runner being the core's ``vivant.duplicate``); it is
about that game by definition and is not checked for the game's name, only for wording tables.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from vivant import describe
from vivant.info import GameInfo
from vivant.variants import VARIANTS

SRC = Path(__file__).parents[1] / "src" / "vivant"
PY = sorted((SRC / "cli").glob("*.py"))
JS = sorted((SRC / "server" / "static").glob("*.js")) + sorted(
    (SRC / "server" / "static").glob("*.html")
)
#: A game's own command, about that game by definition (see the module doc).
OWN_COMMANDS = {"duplicate.py"}
#: Words every whist game shares: not any one game's.
SHARED = {"north", "east", "south", "west", "dummy", "dead hand", "dealer", ""}


def infos() -> list[GameInfo]:
    return [cls.info for cls in VARIANTS.values()]


def game_words() -> set[str]:
    """Every word of the registry that names one game or a role of only some games."""
    words: set[str] = set()
    for info in infos():
        words |= {info.name, info.title, *info.aliases}
        words |= {w.replace("-", " ") for w in (info.name, *info.aliases)}
        words |= {s.role for s in info.seats} | {info.dummy_name}
        words |= {s.name for s in info.sides if len(s.key) == 2 and s.key not in ("NS", "EW")}
    words |= {w.split(",")[0] for w in words}  # "Vivant, with Mort" -> "Vivant"
    return {w.lower() for w in words if w.lower() not in SHARED | {PROGRAM} and " or " not in w}


def class_names() -> set[str]:
    names = set()
    for cls in VARIANTS.values():
        for klass in cls.__mro__:
            if klass.__module__.startswith(("vivant.variants", "vivant.duplicate")):
                names.add(klass.__name__)
    return names


def coded_words() -> set[str]:
    """The engine's codes that the core puts into words (elections, irregularities, choices)."""
    codes = set(describe.ELECTION_WORDS) | set(describe.IRREGULARITY_WORDS)
    codes |= {kind for kind, _ in describe.KIND_WORDS} | set(describe.CHOICE_TITLES)
    codes |= set(describe.MISDEAL_REASON_WORDS)
    return codes | {option for _, option in describe.KIND_WORDS}


def code_strings(path: Path) -> list[str]:
    """The string constants of a Python file's code; docstrings and the command line's help
    texts left out (they document the program, and may give a game as an example)."""
    tree = ast.parse(path.read_text())
    docs = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                docs.add(id(body[0].value))
        if isinstance(node, ast.keyword) and node.arg in ("help", "description", "epilog"):
            docs |= {id(n) for n in ast.walk(node.value)}
    return [
        n.value
        for n in ast.walk(tree)
        if isinstance(n, ast.Constant) and isinstance(n.value, str) and id(n) not in docs
    ]


JS_STRING = re.compile(r"\"(?:[^\"\\\n]|\\.)*\"|'(?:[^'\\\n]|\\.)*'|`(?:[^`\\]|\\.)*`")
JS_COMMENT = re.compile(r"//[^\n]*|/\*.*?\*/", re.S)


def js_strings(path: Path) -> list[str]:
    text = JS_COMMENT.sub("", path.read_text())
    return [m.group(0)[1:-1] for m in JS_STRING.finditer(text)]


#: The solver's adjective ("double-dummy tricks"), not the game of the same words.
NOT_GAMES = re.compile(r"double-dummy(?= \w)")
#: The program's own name (``vivant``, the brand "Vivant"), which is also Mort's first role: the
#: role is checked through Mort's other words ("Mort", "Mort's right"...).
PROGRAM = "vivant"
#: The ``vivant`` subcommands, by their module names (``"duplicate"`` is a command's name).
COMMANDS = {p.stem for p in PY}


def mentions(text: str, words: set[str]) -> set[str]:
    low = NOT_GAMES.sub("", text).lower()
    return {w for w in words if re.search(rf"(?<![\w-]){re.escape(w)}(?![\w-])", low)}


@pytest.mark.parametrize("path", [p for p in PY if p.name not in OWN_COMMANDS], ids=str)
def test_terminal_code_names_no_game(path: Path) -> None:
    words = game_words()
    strings = [s for s in code_strings(path) if s not in COMMANDS]
    found = {w for s in strings for w in mentions(s, words)}
    assert not found, f"{path.name} names games or their roles in its code: {sorted(found)}"
    tree = ast.parse(path.read_text())
    used = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)}
    used |= {n.attr for n in ast.walk(tree) if isinstance(n, ast.Attribute)}
    used |= {a.name for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) for a in n.names}
    assert not used & class_names(), f"{path.name} branches on game classes"


@pytest.mark.parametrize("path", PY, ids=str)
def test_terminal_keeps_no_wording_table(path: Path) -> None:
    codes = coded_words()
    tree = ast.parse(path.read_text())
    for node in ast.walk(tree):
        if isinstance(node, ast.Dict):
            keys = {k.value for k in node.keys if isinstance(k, ast.Constant)}
            assert not keys & codes, f"{path.name}:{node.lineno} words the engine's codes"


@pytest.mark.parametrize("path", JS, ids=str)
def test_browser_names_no_game_and_keeps_no_wording_table(path: Path) -> None:
    words = game_words()
    found = {w for s in js_strings(path) for w in mentions(s, words)}
    assert not found, f"{path.name} names games or their roles: {sorted(found)}"
    code = JS_COMMENT.sub("", path.read_text())
    keys = set(re.findall(r"[{,]\s*(\w+)\s*:", code)) | set(re.findall(r"case \"(\w+)\"", code))
    assert not keys & coded_words(), f"{path.name} words the engine's codes: {keys & coded_words()}"
    # a branch on a game's role letter (``v.roles[seat] === "M"``)
    letters = re.findall(r"roles?(?:\[[^\]]*\])?\s*===\s*\"([A-Z])\"", code)
    assert not letters, f"{path.name} branches on role letters {letters}"


def test_the_words_checked_are_the_registrys() -> None:
    words = game_words()
    assert {"mort", "mort's right", "humbug", "all fours", "seven-up", "duplicate whist"} <= words
    assert "north" not in words
    assert {"MortTable", "DuplicateTable", "AllFoursTable"} <= class_names()
    assert {"take_back", "lead_out_of_turn", "beg"} <= coded_words()
