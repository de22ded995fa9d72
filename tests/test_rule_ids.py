"""Every rule ID the code and the tests cite is defined in the rules specification (docs/rules/).

A rule is defined by the first cell of a rules table (``| M-2.2 | …``), a decision by its bold
name (``**D-M1**``); a section number (``M-8``) by a numbered heading (``## 8. …``) in a file whose
rules carry that prefix, or by a rule of that section; a lettered part (``B3-7e``) by its rule.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT / "docs" / "rules"
_ID = r"(?:D-[A-Z]+[0-9]+|[A-Z][A-Z0-9]{0,3}-[0-9]+(?:\.[0-9]+)*)"


def _defined() -> set[str]:
    found: set[str] = set()
    for path in RULES.glob("*.md"):
        text = path.read_text(encoding="utf-8")
        found |= set(re.findall(rf"^\|\s*({_ID})\b", text, re.MULTILINE))
        found |= set(re.findall(rf"\*\*({_ID})\*\*", text))
        rows = re.findall(r"^\|\s*([A-Z][A-Z0-9]{0,3})-[0-9]", text, re.MULTILINE)
        sections = re.findall(r"^#+\s+([0-9]+)\.", text, re.MULTILINE)
        found |= {f"{prefix}-{number}" for prefix in set(rows) for number in sections}
    return found


def _prefixes(defined: set[str]) -> set[str]:
    return {rule.split("-")[0] for rule in defined if not rule.startswith("D-")}


def _cited(prefixes: set[str]) -> dict[str, list[str]]:
    alternatives = "|".join(sorted(prefixes, key=len, reverse=True))
    pattern = re.compile(
        rf"(?<![\w-])(D-[A-Z]+[0-9]+|(?:{alternatives})-[0-9]+(?:\.[0-9]+)*)[a-z]?(?![\w-])"
    )
    cited: dict[str, list[str]] = {}
    files = [*ROOT.joinpath("src").rglob("*.py"), *ROOT.joinpath("src").rglob("*.js")]
    files += ROOT.joinpath("tests").rglob("*.py")
    for path in files:
        if path.name == Path(__file__).name:
            continue
        for match in pattern.finditer(path.read_text(encoding="utf-8")):
            cited.setdefault(match.group(1).rstrip("."), []).append(path.name)
    return cited


def _is_defined(rule: str, defined: set[str]) -> bool:
    return rule in defined or any(d.startswith(rule + ".") for d in defined)


def test_every_cited_rule_id_is_defined_in_docs_rules() -> None:
    defined = _defined()
    cited = _cited(_prefixes(defined))
    assert len(cited) > 200, "the code cites the rules: the scan found too few IDs"
    missing = {rule: sorted(set(where)) for rule, where in cited.items()}
    missing = {r: w for r, w in missing.items() if not _is_defined(r, defined)}
    assert not missing, f"rule IDs cited but not defined under docs/rules/: {missing}"


def test_the_scan_finds_a_missing_id() -> None:
    """The check itself is not vacuous: an ID no file defines is reported as missing."""
    defined = _defined()
    assert _is_defined("M-2.2", defined)
    assert _is_defined("M-8", defined)
    assert not _is_defined("M-99.1", defined)
    assert not _is_defined("D-M999", defined)
