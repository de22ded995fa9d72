"""What the terminal says to a player: the games' words for the engine's values, in one place.

The engine speaks in codes (``take_back``, ``step 2``, ``True``, rule IDs such as ``WL-6.1``);
a player reads words. Each concept has one table or function here, shared by every game, so the
same thing is always said the same way (issue 13, points 16 and 22). Rule IDs belong in
``vivant rules`` and in docstrings; :func:`without_rule_ids` takes them out of the engine's
messages before a player reads them.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from vivant.cards import SUIT_LETTERS, SUIT_NAMES

#: The laws' elections (WL-3 to WL-6, M-6, DD-3.5) in words.
ELECTION_WORDS: Mapping[str, str] = {
    "redeal": "redeal: the same dealer deals again",
    "pass": "pass: the deal passes to the left",
    "stand": "stand: the deal stands",
    "misdeal": "misdeal: the deal passes",
    "accept": "accept the card as played",
    "take_back": "have the card taken back",
    "call_card": "leave the card exposed, to be called",
    "call_suit": "call a suit from the leader",
    "refuse": "refuse the claim: the hand is played out",
    "admit": "admit the claim",
}

#: The irregularities the laws give a choice for, in words.
IRREGULARITY_WORDS: Mapping[str, str] = {
    "misdeal": "a misdeal",
    "exposed_in_deal": "a card exposed in dealing",
    "lead_out_of_turn": "a lead out of turn",
    "two_cards": "two cards played together",
    "cards_together": "cards played together or led again",
    "claim": "a claim of the remaining tricks",
    "revoke": "a revoke",
    "exposed": "a card exposed",
    "played_out_of_turn": "a card played out of turn",
}

#: The revoke penalties (M-6.2, WL-7) in words.
PENALTY_WORDS: Mapping[str, str] = {
    "T": "three tricks taken from the revoking side",
    "D": "three deducted from the revoking side's game score",
    "A": "three added on the score sheet for the other side",
}

#: All Fours' choices before play and after a revoke, by (kind, option) (AF-1.7, AF-2, AF-5.2).
KIND_WORDS: Mapping[tuple[str, str], str] = {
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

#: The heading of an All Fours choice, by its kind (AF-1.7, AF-2, AF-5.2, D-AF11).
CHOICE_TITLES: Mapping[str, str] = {
    "beg": "Stand, or beg?",
    "give": "The eldest begs: give a point, or run the cards?",
    "bunch": "A new trump: play with it, or propose to bunch?",
    "agree_bunch": "Your adversary proposes to bunch the cards:",
    "wrong_number": "A wrong number of cards was dealt:",
    "draw_surplus": "Draw the surplus card, face down:",
    "revoke_penalty": "Penalty for the revoke:",
}

#: Compass seats, for the games whose players choose one.
SEAT_WORDS = ("North", "East", "South", "West")

#: Doubling levels by their multiplier on the tricks' value (Bridge for Three, B3-5, BW-2).
DOUBLING_WORDS: Mapping[int, str] = {1: "undoubled", 2: "doubled", 4: "redoubled"}

#: The items of an English hand's score (ES-3: revoke first, then tricks, then honours).
SCORE_ITEM_WORDS: Mapping[str, str] = {
    "revoke": "for the revoke",
    "tricks": "for tricks",
    "honours": "for honours",
}


def in_words(code: str, table: Mapping[str, str] = ELECTION_WORDS) -> str:
    """``code`` in words from ``table``; a code not in it with its underscores as spaces."""
    return table.get(code, code.replace("_", " "))


def trump_words(letter: str | None) -> str:
    """``"H"`` as ``hearts``, ``"NT"`` (or none) as ``no trumps``."""
    if not letter or letter.upper() == "NT":
        return "no trumps"
    return SUIT_NAMES[SUIT_LETTERS.index(letter.upper())]


_RULE_ID = r"(?:[A-Z][A-Z0-9]{0,3}-[A-Z]{0,3}\d+(?:\.\d+)*[a-z]?|seeds? \d{3}(?: [A-Z§][\w.§–-]*)?)"
_ONLY_IDS = re.compile(rf"\s*\((?:{_RULE_ID}(?:,\s*|;\s*|\s+and\s+)?)+\)")
_ID_ITEM = re.compile(rf"(?:,\s*{_RULE_ID}(?=[),;])|{_RULE_ID},\s*)")


def without_rule_ids(message: str) -> str:
    """A message of the engine without the rule IDs it cites: ``(WL-6.1)`` goes, ``(trick 3,
    card 1, WL-5.2)`` keeps ``(trick 3, card 1)``; the rule is said in the words around it."""
    text = _ONLY_IDS.sub("", message)
    return _ID_ITEM.sub("", text)


#: Why Dummy's forced declaration is what it is: the step of its schedule (B3-4, D-B7).
FORCED_WORDS: Mapping[int, str] = {
    1: "it holds three or four aces",
    2: "its longest suit",
    3: "of its longest suits, the one with the more pips",
    4: "its longest suits being equal in pips, the more valuable",
}

#: The honours of whist (ES-2, HU-4.1).
HONOURS_WORDS = "A K Q J of trumps"
