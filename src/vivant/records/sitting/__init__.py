"""A played sitting as whist-profile PBN deals, and a PBN file back into a sitting.

Three modules: :mod:`~vivant.records.sitting.export` writes a sitting's deals,
:mod:`~vivant.records.sitting.importing` reads them back into a sitting, re-enacted deal by deal
by :mod:`~vivant.records.sitting.replay`. What they ask of a game is its sitting's form
(:mod:`~vivant.records.sitting.form`: the cut and the deal, or Duplicate Whist's trays) and the
decisions it declares before the play (its table class's ``prelude``, :mod:`vivant.prelude`).

**Export** (:func:`sitting_deals`): the sitting's action log is replayed on a fresh table of its
variant and every hand dealt becomes one :class:`~vivant.records.pbn_whist.WhistDeal`: the hands
as dealt (taken from the table right after the ``Deal`` action), the dealer, turn-up, trump and
who declared it, dummy and dead seats, Humbug's exchanges, the tricks as played, the tricks
counted after penalties, the points and honours the hand scored, the irregularities with the
option the other side elected, and the players at each seat (``"Mort"`` or ``"Dummy"`` for a
dummy, ``""`` for a dead hand). A hand thrown in by a misdeal is a deal without tricks. Board
numbers run 1, 2, … through the sitting.

Besides the profile's tags (docs/pbn-whist-profile.md), export writes these supplemental tags,
which PBN §4.9 lets other readers skip:

* ``WhistPlayers`` — the sitting's players in the order the table was made with, ``;``-separated
  (left out when a name holds a ``;``);
* ``WhistLaws`` — ``"yes"`` for laws mode, ``"no"`` for strict mode;
* ``WhistOptions`` — the variant's options that are on (``"continuous"`` for English Dummy's
  continuous dummy, ``"three_games_no_rubber"`` for Bridge for Three), space-separated;
* ``WhistDoubling`` — ``"doubled"`` or ``"redoubled"`` (Bridge for Three), when not undoubled.
* the pack games (:data:`PACK_GAMES`: All Fours, Boston), whose deals hang on the pack beyond
  the hands: ``WhistPack`` (the pack as dealt from), ``WhistCuts`` and ``WhistStillCut``
  (Boston's cuts before the deal and of the still pack, BO-2.1, BO-3.1), ``WhistStillPack`` (the
  other pack when first used, D-BO11) and ``WhistChoices`` (every choice between the deal and the
  first card as it was made: Boston's calls, All Fours' begging and running, the face-down
  discards), whose Deal holds every card each player received, discards included; All Fours'
  revoke penalty (AF-5.2) is the ``-``-separated choices of the sides not at fault, Boston's
  errors against a misère (BO-5.8) are ``misere_claim`` rows with ``offence`` and ``at``.

The irregularity table's ``Note`` carries what re-enacting an irregularity needs, as
``;``-separated ``key value`` items: ``rule`` (the law), ``cards`` (the cards concerned: the card
led out of turn, the two played together, the revoking card), ``suit`` (the suit called after a
lead out of turn), ``reason`` (a misdeal's reason), ``touched`` (the players who had touched
their cards during the deal, in order, for a misdeal or a card exposed in dealing, whose
offender is the player who exposed the card) and ``tricks`` (a claim). Besides the laws'
irregularities the table lists revokes that were waived (``Penalty`` ``waived``) or that stand
because the hand is never liable (a dummy's, ``Penalty`` ``-``), Double Dummy's claims (Kind
``claim``, Penalty ``admit`` or ``refuse``), and a casual table's claims and concessions (Kind
``claim``, Penalty ``accept_claim``, ``dispute_claim`` or ``concede``: D-TC4–D-TC6).

**Duplicate Whist** (:class:`~vivant.duplicate.table.DuplicateTable`): every play of a tray is
a deal, ``Board`` the tray number, also the plays whose hands come from the tray without a deal
(recorded trays, overplays). ``WhistTray`` says how the hands came (``dealt``, ``recorded``,
``overplay``, then ``turned``); ``WhistOptions`` adds ``trays=N``, ``declared_trump=H`` and
``program=1,2,1t,2t``; a session's declared suit is "declared by" the dealer. The duplicate laws'
rows: ``direction`` (DL-1, its Penalty the direction with ``-`` for ``/``), ``played_out_of_turn``,
``winning_cards`` and ``card_exposed`` (DL-6, re-enacted through the one election of D-DU17),
each with ``at`` (the cards in the trick when it happened) in the note; ``failure_to_comply``
(DL-5, claimed like a revoke); ``ask_renounce`` (DL-3, WL-7.3 in every game: the asker, and
``at`` the cards in the trick when he asked, all of them once it was complete; import asks it
then, and corrects a revoke it found then); a penalty DL-4 cancelled has
Penalty ``cancelled`` and ``by``/``demand`` in the note. Import seats the four players without a
cut and re-enacts each play at the point of the programme it belongs to.

**Import** (:func:`import_pbn`, :func:`table_from_deals`): the deals are re-applied, in order, to
a fresh table of the variant: a cut that seats the players as the first deals show them, the
choices before each deal that give its dealer and seats, a ``Deal`` whose pack gives the hands and
turn-up, the exchanges, declarations and doubles, then every card, with the irregularities
re-enacted where they happened, and the revoke claims and penalties at the end of the hand.
Finally the replayed sitting is exported again and must give the same tricks, scores and
irregularities as the file; every difference is an error with its line.

What the profile cannot carry, so that an imported sitting differs from the original log:

* **the cut**: the cards drawn are not kept; import draws one card per player (ace, two, three…)
  in a cutting order that seats the players as the deals show — ties and re-cuts are lost;
* **the pack order**: only the hands and the turn-up are kept; the order of the cards within each
  hand and of the cards not dealt (Thirteen and the Odd's stock) is lost;
* **who made each choice, and when**: an election is made by the first player entitled to it; a
  revoke claimed during the play is re-enacted as claimed at the end of the hand (a revoke
  corrected in time, as corrected by the revoker at once — or, when he corrects it with the
  card he then led out of turn to the next trick, just after that lead), a misdeal as reported
  by the first live seat other than the offender, a card exposed in dealing as reported by the
  first player who sees it, after the exchanges and declarations the file records (each report
  in the file's order, as often as it is recorded; once the play has begun when a lead out of
  turn is recorded before it); penalty-card
  calls (``CallCard``) are not kept — the cards played are, so the play and the scores are the
  same;
* the names of players never seated in a dealt hand, when ``WhistPlayers`` is missing, and the
  laws mode, when ``WhistLaws`` is missing (laws mode is then assumed only if the file records
  an irregularity);
* in the last hand of an unfinished sitting with no card played yet, the decisions that leave
  no mark (a Humbug player keeping his hand, a double not made) are not re-enacted: the sitting
  stops as soon as the hand is as the file shows it, unless it records what was done in the
  play (a lead out of turn taken back): then the play is reached and that is re-enacted;
* a sitting that does not begin with the first deal, or skips a deal, cannot be rebuilt;
* how a later player's card taken back at a revoke's correction was played (the card itself
  is in the correction's note, ``taken_back``; files without it play the card played again in
  its place); two irregularities of one moment of a trick may be re-enacted in either order;
* Duplicate Whist: recorded trays not played in the file are not kept (the others are kept in
  tray order), nor a programme longer than :data:`MAX_PROGRAM_TEXT` characters (the plays in the
  file are then the programme).
"""

from vivant.records.sitting.common import PACK_GAMES, SittingImportError, variant_name
from vivant.records.sitting.export import export_pbn, sitting_deals
from vivant.records.sitting.importing import SittingImport, import_pbn, table_from_deals
from vivant.records.sitting.trays import MAX_PROGRAM_TEXT, TRAY_TAG

__all__ = [
    "MAX_PROGRAM_TEXT",
    "PACK_GAMES",
    "TRAY_TAG",
    "SittingImport",
    "SittingImportError",
    "export_pbn",
    "import_pbn",
    "sitting_deals",
    "table_from_deals",
    "variant_name",
]
