/* Double-dummy search core for whist-family trick games (4 hands, or 2 hands with 2-card tricks).
 *
 * Pure C11, no Python and no external libraries.  The Python binding lives in _dd.c.
 *
 * Cards inside the core are numbered 16 * suit + rank (rank 0 = two .. 12 = ace, suits 0..3 =
 * spades, hearts, diamonds, clubs), so that one suit of a hand is a 16-bit field of a 64-bit word.
 * The public functions below take and return the project's numbering, 13 * suit + rank.
 */
#ifndef VIVANT_DD_CORE_H
#define VIVANT_DD_CORE_H

#include <stddef.h>
#include <stdint.h>

#define DD_NOTRUMP 4
#define DD_MAX_HANDS 4
/* The partition of the seats into two sides (dd_position.sides): a mask of the seats on one side
 * (bit i: seat i).  0 stands for partners opposite, N-S v E-W (0x5); with 2 hands the only
 * partition is one player a side, and the bits of the absent seats 2 and 3 are ignored. */
#define DD_SIDES_PARTNERS 0

/* Errors from dd_check_position / dd_solve (0 means success). */
enum {
    DD_OK = 0,
    DD_ERR_PLAYERS = 1,   /* number of hands is not 2 or 4 */
    DD_ERR_TRUMP = 2,     /* trump not in 0..4 */
    DD_ERR_LEADER = 3,    /* leader not a seat */
    DD_ERR_CARD = 4,      /* a mask or card outside the 52-card pack */
    DD_ERR_OVERLAP = 5,   /* a card held twice, or both held and on the table */
    DD_ERR_TRICK = 6,     /* current trick too long, or a card repeated in it */
    DD_ERR_COUNT = 7,     /* hand sizes inconsistent with each other and the trick */
    DD_ERR_EMPTY = 8,     /* no card left to play */
    DD_ERR_MEMORY = 9,    /* the transposition table could not be allocated */
    DD_ERR_REVOKE = 10,   /* the current trick shows a revoke against the hands */
    DD_ERR_SIDES = 11,    /* sides not a partition of the seats into two non-empty sides */
    DD_ERR_BUDGET = 12    /* the search reached its node limit before the answer (dd_solve_within) */
};

typedef struct dd_engine dd_engine;

/* A position: hands[i] are 52-bit masks (bit 13 * suit + rank), trick[] the cards already on the
 * table in the current trick in play order, led by `leader`.  `sides` and `misere` say what game
 * is played: which seats play together, and whether each side plays to take as many tricks as it
 * can (0) or as few (misere: 1; then the other side, equivalently, plays to make it take as many
 * as it can, as the opponents of a misere bid do).  A zeroed tail is the whist game. */
typedef struct {
    int nhands;               /* 2 or 4 */
    int trump;                /* 0..3, or DD_NOTRUMP */
    int leader;               /* seat that led (or leads) the current trick */
    int ntrick;               /* cards already played to the current trick */
    int trick[DD_MAX_HANDS];  /* those cards, 13 * suit + rank */
    uint64_t hands[DD_MAX_HANDS];
    int sides;                /* seats of one side (mask), or DD_SIDES_PARTNERS */
    int misere;               /* 0: most tricks; 1: fewest tricks */
} dd_position;

/* Creates an engine whose transposition table uses at most tt_bytes (at least 1 MB is used).
 * Returns NULL when memory is short. */
dd_engine *dd_engine_new(size_t tt_bytes);

/* Frees an engine and its table. */
void dd_engine_free(dd_engine *e);

/* The table size in bytes actually reserved by the engine. */
size_t dd_engine_tt_bytes(const dd_engine *e);

/* Empties the transposition table, and the lead history kept with it: the next solve starts
 * cold.  (The table is otherwise kept between solves while the number of hands, the partition
 * into sides and the objective stay the same, and the deal too: a position whose hands are not
 * those of the last solve's root less cards played since, another deal, empties it, as its
 * entries would cost more time than they save; they are keyed on the strain in play, no-trump
 * once no trump is left.) */
void dd_engine_clear(dd_engine *e);

/* Search nodes visited by the last call on this engine. */
uint64_t dd_engine_nodes(const dd_engine *e);

/* Checks a position; returns DD_OK or one of the DD_ERR_* codes. */
int dd_check_position(const dd_position *p);

/* Solves a position.  *tricks receives the tricks the side to move takes from here (the current
 * trick included) with best play by both sides for the position's objective (in misere, the
 * fewest it can be held to).  When values is not NULL, values[card] (indexed 13*suit+rank,
 * 52 entries) receives the same figure if that card is played now, for every legal card, and -1
 * for every other card.  Returns DD_OK or an error code; nothing is written on error.
 * `only` (0: every card) limits the values to the legal cards whose run of equivalent cards
 * holds a card of `only` (bit 13*suit+rank); the others get -1, and *tricks is then the best
 * of the cards searched (-1 if none is legal).  Without values it is ignored. */
int dd_solve(dd_engine *e, const dd_position *p, int *tricks, int *values, uint64_t only);

/* dd_solve within a budget: when `node_limit` (0: none) search nodes are spent before the answer
 * is found, the search stops, the transposition table is emptied (entries stored while the
 * search was being cut short do not hold) and DD_ERR_BUDGET is returned, nothing written. */
int dd_solve_within(dd_engine *e, const dd_position *p, int *tricks, int *values,
                    uint64_t only, uint64_t node_limit);

/* For a 4-hand full deal (equal hands, no trick started), table[strain][leader] receives the
 * tricks won by the leader's side when `leader` leads, strains 0..3 then no-trump (4). */
int dd_lead_table(dd_engine *e, const uint64_t hands[4], int table[5][4]);

/* A short English description of an error code. */
const char *dd_error_message(int code);

#endif
