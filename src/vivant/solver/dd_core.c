/* Double-dummy search core: see dd_core.h.
 *
 * Method (see shared/research/solver.md):
 *  - zero-window alpha-beta searches "can the side to move at the root take >= t tricks?",
 *    driven up or down from a guess (MTD(f)-like; the guess a least-squares fit of high cards
 *    and trump length to DDS's results), the table carrying bounds between them;
 *  - a transposition table consulted at every trick start (two cards a hand or more), keyed on
 *    the suit lengths of every hand and the leader, each entry a *class* of positions: in each
 *    suit only the owners of the cards that won a trick by rank in the subtree (the winning card
 *    and the cards equivalent to it in its hand), and of all cards above them, are pinned, in
 *    relative ranks, so lower cards are interchangeable "x"s (partition search); a suit's bottom
 *    run (its lowest cards, all in one hand) is never pinned, as the lengths fix it.  An entry
 *    holds for every position of its class and strain whatever the deal, so the table could be
 *    kept between any solves (keyed on the strain: no-trump once no trump is left, shared by
 *    every strain); it is kept within a deal, and for another deal only while it is small (the
 *    entries of other deals cost more in memory time than they save in nodes);
 *  - sure-trick cut-offs at trick start (top winners the leader, or through an entry his
 *    partner, can cash at once, both added up when no trump is against them, the top two split
 *    between them counted by crossing to the short hand and back; top trumps either side holds,
 *    and the side's after the leader's cashes in the side suits; the partner's ruff, or the
 *    second-best trump guarded behind the best, when one trick is enough; a sure trick for the
 *    other side when the side on lead needs every one, and in no-trump the other side's cashes
 *    when it tops every suit the leader holds) and at second hand (his side surely wins the
 *    trick, and in no-trump, or holding every trump left, cashes on, and that is enough; in a
 *    trump contract, a side suit led, the trick won by rank or by a ruff and then the side's top
 *    trumps);
 *  - equivalent cards (a run with no outstanding card between) searched once, by the highest;
 *    once a card searched without a cut-off proves lower than every rank that mattered, the
 *    lower cards of its suit are not searched (Kuijf's rule);
 *  - move ordering by whist heuristics (after the published DDS weights for leads and for the
 *    second hand following suit; third hand beats the winning card rather than ducks, or forces
 *    out the fourth hand's top), the table's best lead and a history of the leads' cut-offs,
 *    kept from solve to solve and halved at each (a killer among the followers' cards
 *    costs ~8x nodes: the card that refuted one trick is seldom right in the next, so
 *    followers have none); before all these, the card that last
 *    made a cut-off in the same context (the cut-off cache: for a lead the cards of the
 *    leader's side, for a follower his side's hands and the trick), searched before the
 *    weights are found, which they are only if it makes no cut-off.
 * Other games (dd_position.sides and .misere): any partition of the seats into two sides, and
 * misere, where each side plays for the fewest tricks of its own, searched as the most tricks of
 * the other side.  The sure-trick cut-offs reason about partners opposite cashing winners, so
 * they run only in the whist game; the table (emptied when the game changes), equivalent cards
 * and Kuijf's rule hold in every game, and misere turns the move ordering round.
 */
#ifndef _DEFAULT_SOURCE
#define _DEFAULT_SOURCE /* madvise's advice names under -std=c11 */
#endif
#include "dd_core.h"

#include <stdlib.h>
#include <string.h>
#if defined(__linux__)
#include <sys/mman.h> /* madvise (huge pages for the table: table_alloc) */
#endif
#ifdef __BMI2__
#include <immintrin.h>
#endif
#ifdef DD_VERIFY
#include <stdio.h>
#endif

typedef uint64_t u64;
typedef uint32_t u32;
typedef uint16_t u16;
typedef uint8_t u8;

#define ALWAYS_INLINE static inline __attribute__((always_inline))

ALWAYS_INLINE int popc(u64 x) { return __builtin_popcountll(x); }
ALWAYS_INLINE int popc16(u32 x) { return __builtin_popcount(x); }
ALWAYS_INLINE int top_bit(u32 x) { return 31 - __builtin_clz(x); } /* x != 0 */
ALWAYS_INLINE int low_bit(u32 x) { return __builtin_ctz(x); }      /* x != 0 */
ALWAYS_INLINE u16 suit_of_hand(u64 h, int s) { return (u16)((h >> (16 * s)) & 0x1FFF); }
ALWAYS_INLINE u16 above_mask(int r) { return (u16)(0x1FFF & ~((2u << r) - 1)); } /* ranks > r */

/* ------------------------------------------------------------------------------------------ */
/* Transposition table */

typedef struct {
    u64 own[2];   /* owners of the pinned cards: 2 bits per card, highest first, 32 bits a suit */
    u8 pins[2];   /* pinned cards of each suit (the top npin of those left), 4 bits a suit: suits
                     0 and 1 in pins[0], 2 and 3 in pins[1]; which bits of own are pinned follows
                     (pin_mask) */
    int8_t lb, ub;   /* bounds on the tricks the leader's side takes from this trick on */
    u8 best_suit;    /* best lead found here: suit (0xFF none) */
    u8 best_rel;     /* and how many remaining cards of that suit rank above it */
#ifdef DD_VERIFY
    u64 dbg[4];
    int dbgres, dbgtl;
#endif
} __attribute__((packed)) tt_entry; /* 22 bytes: two fit in a bucket's cache line */

/* The bits of an entry's own word pinned by its pins byte (the top k cards of a suit: its low
 * 2k bits).  The mask is not stored: 22 bytes an entry rather than 40, 5 to a chunk, 2 to a
 * bucket. */
#define PM1(a) ((a) >= 13 ? 0x3FFFFFFull : ((1ull << (2 * (a))) - 1))
#define PM2(a, b) (PM1(a) | PM1(b) << 32)
#define PM16(b)                                                                                    \
    PM2(0, b), PM2(1, b), PM2(2, b), PM2(3, b), PM2(4, b), PM2(5, b), PM2(6, b), PM2(7, b),        \
        PM2(8, b), PM2(9, b), PM2(10, b), PM2(11, b), PM2(12, b), PM2(13, b), PM2(14, b), PM2(15, b)
static const u64 pin_mask[256] = {PM16(0),  PM16(1),  PM16(2),  PM16(3), PM16(4),  PM16(5),
                                  PM16(6),  PM16(7),  PM16(8),  PM16(9), PM16(10), PM16(11),
                                  PM16(12), PM16(13), PM16(14), PM16(15)};

/* A bucket's two newest entries live in the bucket itself, in its cache line (most buckets hold
 * one or two: the lookup that finds the bucket finds them without another miss); older ones in
 * chunks of a few contiguous entries (two cache lines), newest chunk first, so that a lookup walks
 * memory in order rather than a linked list of scattered entries.  Entries are walked newest
 * first: the bucket's two, then the chunks'. */
#ifndef TT_CHUNK
#define TT_CHUNK 5
#endif
typedef struct {
    int32_t next;
    int32_t n;
    tt_entry e[TT_CHUNK];
} __attribute__((aligned(64))) tt_chunk;

typedef struct {
    u64 key;   /* suit lengths of every hand, 4 bits each */
    u32 gen;   /* generation stamp: stale buckets are empty */
    int32_t head; /* newest chunk of the older entries (-1 none) */
    u32 meta;  /* the leader key (bits 0-18, bucket_leader_key), the entries in e (bits 19-20),
                  and the entries in all (bits 21 up, saturating) */
    tt_entry e[2]; /* the newest entries, newest first */
} __attribute__((aligned(64))) tt_bucket;
#ifndef DD_VERIFY
_Static_assert(sizeof(tt_bucket) == 64, "a bucket is one cache line");
#endif
#define TT_LK_MASK 0x7FFFFu
ALWAYS_INLINE u32 tt_nin(const tt_bucket *b) { return b->meta >> 19 & 3; }
ALWAYS_INLINE u32 tt_count(const tt_bucket *b) { return b->meta >> 21; }

#define TT_PROBES 8
/* The entries a table may hold and still be kept for another deal (tt_same_deal) */
#ifndef TT_KEEP_ENTRIES
#define TT_KEEP_ENTRIES 10000
#endif
#ifndef TT_MIN_TRICKS
#define TT_MIN_TRICKS 1
#endif

/* The cut-off cache: the card that last made a cut-off in a context, searched first when the
 * context comes again (in the driver's next search, or in a like position).  The context of a
 * lead is the cards of the leader's side (both hands, the leader, the trump): the opponents' cards
 * are left out, so one lead serves the positions that differ only in how they lie (10% fewer
 * nodes than the whole position as the key, which adds nothing to the table's own best lead).  A
 * follower's is his hand and his partner's, the cards on the table and the led suit's cards left.
 * One word an entry: a 40-bit tag, the low 16 bits of the table's generation (so emptying the
 * table empties the cache; it is really emptied when those bits wrap), the card. */
#ifndef CUT_BITS
#define CUT_BITS 14
#endif

/* A store into the table: the entry's fields, and its bucket's key and hash. */
typedef struct {
    u64 key, own[2];
    u32 h, line;
    int lk;
    u8 pins[2];
    int8_t R, tL;
    u8 ge, bs, br, wild;
#ifdef DD_VERIFY
    u64 dbg[4];
    int dbgres;
#endif
} tt_store;

typedef struct {
    tt_bucket *buckets;
    u32 bmask;
    tt_chunk *entries;
    u32 nentries, used; /* chunks */
    u32 stored;         /* entries made since the last clear */
    u32 gen;
    size_t bytes;
    /* A one-bit-per-slot filter of the (lengths, leader, tops) bucket keys stored since the last
     * clear: most lookups try bucket keys that were never stored, and the filter answers those
     * from cache instead of a miss in the bucket array.  Words set are logged so that a small
     * solve clears only them. */
    u64 *filter;
    u32 fmask;   /* bit index mask */
    u32 *flog;
    u32 nflog;
    int foverflow;
    size_t fbytes;
    u64 *cut; /* the cut-off cache, 1 << CUT_BITS words (in the filter's block, with flog) */
    tt_store pend; /* a store not yet made (tt_defer), if npend */
    int npend;
} tt_table;

#define FLOG_MAX 4096
#define HUGE_PAGE ((size_t)2 << 20)

/* Memory for one of the table's arrays, cache-line aligned; a large one in huge pages where the
 * system gives them on request (Linux's transparent huge pages in "madvise" mode).  Lookups land
 * at random in the bucket array (then half the table): in 4 KB pages, the buckets holding entries
 * (and so larger) made the Monte-Carlo workload 3-4% slower rather than 7% faster; the chunks in
 * huge pages, full deals 4% faster.  An array of half a huge page or more takes a whole one: the
 * filter with the cut-off cache, 1.1 MB for a table of 32 MB or more, in 4 KB pages made both
 * workloads ~1.5% slower (a lookup's filter line and a node's cut-off cache slot are found at
 * random in them). */
static void *table_alloc(size_t bytes) {
    if (bytes < HUGE_PAGE / 2) return aligned_alloc(64, (bytes + 63) & ~(size_t)63);
    const size_t n = (bytes + HUGE_PAGE - 1) & ~(HUGE_PAGE - 1);
    void *p = aligned_alloc(HUGE_PAGE, n);
#ifdef MADV_HUGEPAGE
    if (p) madvise(p, n, MADV_HUGEPAGE);
#endif
    return p;
}

static int tt_init(tt_table *t, size_t bytes) {
    if (bytes < ((size_t)1 << 20)) bytes = (size_t)1 << 20;
    /* a bucket for every 512 bytes or more (an eighth of the memory), a power of two: a table
     * holds one deal's entries (tt_same_deal), which 2^17 buckets of a 64 MB table hold as well as
     * 2^19 (0.01% more nodes), in a quarter of the memory, so that more lookups find their
     * bucket in the cache (Monte-Carlo workload 2.4% faster, full deals 1.9%; 2^16: 0.3-0.5% more
     * nodes and 1% slower than 2^17).  (Filled deal after deal, as the table was before, 2^18
     * buckets filled to the last: a lookup that missed probed all 8, a store evicted one.) */
    size_t nb = 1024;
    while (nb * 2 * 512 <= bytes) nb <<= 1;
    size_t bbytes = nb * sizeof(tt_bucket);
    size_t fb = (size_t)1 << 15;
    while (fb * 2 <= bytes / 32 && fb < ((size_t)1 << 20)) fb <<= 1;
    const size_t cbytes = ((size_t)1 << CUT_BITS) * sizeof(u64);
    size_t ne = (bytes - bbytes - fb - FLOG_MAX * sizeof(u32) - cbytes) / sizeof(tt_chunk);
    if (ne > 0x7FFFFFF0u) ne = 0x7FFFFFF0u;
    t->buckets = (tt_bucket *)table_alloc(bbytes);
    if (t->buckets) memset(t->buckets, 0, bbytes);
    t->entries = (tt_chunk *)table_alloc(ne * sizeof(tt_chunk));
    /* the filter (one filter line = one cache line), the cut-off cache and the filter's log in
     * one block */
    t->filter = (u64 *)table_alloc(fb + cbytes + FLOG_MAX * sizeof(u32));
    if (t->filter) {
        memset(t->filter, 0, fb + cbytes);
        t->cut = t->filter + fb / sizeof(u64);
        t->flog = (u32 *)(t->cut + ((size_t)1 << CUT_BITS));
    }
    if (!t->buckets || !t->entries || !t->filter) {
        free(t->buckets);
        free(t->entries);
        free(t->filter);
        t->buckets = NULL;
        t->entries = NULL;
        t->filter = NULL;
        t->flog = NULL;
        t->cut = NULL;
        return -1;
    }
    t->fmask = (u32)(fb * 8 - 1);
    t->nflog = 0;
    t->foverflow = 0;
    t->fbytes = fb + FLOG_MAX * sizeof(u32);
    t->bmask = (u32)(nb - 1);
    t->nentries = (u32)ne;
    t->used = 0;
    t->gen = 1;
    t->bytes = bbytes + ne * sizeof(tt_chunk) + t->fbytes + cbytes;
    return 0;
}

static void tt_clear(tt_table *t) {
    if (t->foverflow) {
        memset(t->filter, 0, ((size_t)t->fmask + 1) / 8);
    } else {
        for (u32 i = 0; i < t->nflog; i++) t->filter[t->flog[i]] = 0;
    }
    t->nflog = 0;
    t->foverflow = 0;
    t->used = 0;
    t->stored = 0;
    t->npend = 0;
    t->gen++;
    if (t->gen == 0) { /* wrapped: really clear */
        memset(t->buckets, 0, ((size_t)t->bmask + 1) * sizeof(tt_bucket));
        t->gen = 1;
    }
    if ((t->gen & 0xFFFF) <= 1) memset(t->cut, 0, ((size_t)1 << CUT_BITS) * sizeof(u64));
}

/* Hashes of a bucket key (suit lengths, and the leader with the tops or wildcards): the lengths
 * are mixed once a lookup (tt_base), then each wildcard mix costs one multiplication. */
ALWAYS_INLINE u64 tt_base(u64 key) { return key * 0xD6E8FEB86659FD93ull; }
ALWAYS_INLINE u32 tt_mix(u64 base, int lk) {
    return (u32)((base ^ ((u64)(lk + 1) * 0x9E3779B97F4A7C15ull)) >> 32);
}

/* The filter bit of a bucket key of hash h: its 64-byte line is chosen by the lengths and the
 * leader only (line = tt_mix(base, leader)), so that the bucket keys one lookup tries (every
 * wildcard mix) cost one cache line.  The line's first word holds instead, in one of four 16-bit
 * lanes, which wildcard patterns were stored under it, so that a lookup tries those only. */
ALWAYS_INLINE u32 tt_line_word(const tt_table *t, u32 line) {
    return (line & (t->fmask >> 9)) << 3;
}
/* (the bit within its line: one of the 448 after the first word) */
ALWAYS_INLINE u32 tt_line_bit(u32 h) { return 64 + (u32)(((u64)(h >> 7 & 0xFFFF) * 448) >> 16); }
ALWAYS_INLINE u32 tt_filter_bit(const tt_table *t, u32 line, u32 h) {
    return tt_line_word(t, line) << 6 | tt_line_bit(h);
}

/* The wildcard patterns stored under a line (bit w: pattern w). */
ALWAYS_INLINE u32 tt_patterns(const tt_table *t, u32 line) {
    return (u32)(t->filter[tt_line_word(t, line)] >> (16 * (line >> 30)) & 0xFFFF);
}

ALWAYS_INLINE void tt_set(tt_table *t, u32 word, u64 bit) {
    u64 *w = &t->filter[word];
    if (!*w) {
        if (t->nflog < FLOG_MAX) t->flog[t->nflog++] = word;
        else t->foverflow = 1;
    }
    *w |= bit;
}

ALWAYS_INLINE void tt_mark(tt_table *t, u32 line, u32 h, u32 wild) {
    u32 b = tt_filter_bit(t, line, h);
    tt_set(t, b >> 6, 1ull << (b & 63));
    tt_set(t, tt_line_word(t, line), 1ull << (16 * (line >> 30) + wild));
}

static tt_bucket *tt_find(tt_table *t, u64 key, int leader, u32 i, int create) {
    tt_bucket *victim = NULL;
    for (int p = 0; p < TT_PROBES; p++) {
        tt_bucket *b = &t->buckets[(i + (u32)p) & t->bmask];
        if (b->gen != t->gen) {
            if (!create) return NULL;
            b->gen = t->gen;
            b->key = key;
            b->meta = (u32)leader;
            b->head = -1;
            return b;
        }
        if (b->key == key && (b->meta & TT_LK_MASK) == (u32)leader) return b;
        if (!victim || tt_count(b) < tt_count(victim)) victim = b;
    }
    if (!create) return NULL;
    victim->key = key;
    victim->meta = (u32)leader;
    victim->head = -1;
    return victim;
}

/* Room for a new entry in bucket b, as its newest (its fields to be written): the bucket's
 * second entry, if it has two, goes to the chunks as their newest (a new chunk when the head one
 * is full; the caller saw to it that one is free). */
static tt_entry *tt_new_entry(tt_table *t, tt_bucket *b) {
    const u32 nin = tt_nin(b);
    t->stored++;
    if (nin == 2) {
        tt_chunk *ch = b->head >= 0 ? &t->entries[b->head] : NULL;
        if (!ch || ch->n == TT_CHUNK) {
            const int ci = (int)t->used++;
            ch = &t->entries[ci];
            ch->n = 0;
            ch->next = b->head;
            b->head = ci;
        }
        ch->e[ch->n++] = b->e[1];
    }
    if (nin >= 1) b->e[1] = b->e[0];
    const u32 cnt = tt_count(b);
    b->meta = (b->meta & TT_LK_MASK) | (nin < 2 ? nin + 1 : 2) << 19 |
              (cnt < 0x7FF ? cnt + 1 : cnt) << 21;
    return &b->e[0];
}

/* The cut-off cache's slot for a context hash h, and the tag its entry must carry. */
ALWAYS_INLINE u64 *cut_slot(const tt_table *t, u64 h, u64 *tag) {
    *tag = (h & 0xFFFFFFFFFFull) << 24 | (u64)(t->gen & 0xFFFF) << 8;
    return &t->cut[h >> (64 - CUT_BITS)];
}

/* ------------------------------------------------------------------------------------------ */
/* Engine state */

typedef struct {
    int8_t card; /* 16 * suit + rank */
    int16_t w;
} move_t;

#define MAXDEPTH 128

struct dd_engine {
    tt_table tt;
    u64 nodes;
    /* position */
    int np, trump; /* np is 2 or 4: seat arithmetic masks with np - 1 */
    u64 hand[4];
    u16 rem[4];    /* cards not yet gone, per suit: the hands and the current trick */
    u8 owner[64];  /* seat that held each card (internal index) at the root */
    int tl, tn;    /* current trick leader and cards in it */
    int tc[4];
    int twi;       /* index in the current trick of the card winning it (kept card by card) */
    int tbeat;     /* and whether another card of its suit is in the trick (it wins by rank) */
    int pre;       /* cards of the current trick given in the position solved (not searched) */
    u32 pat[4];    /* owners of the cards of each suit not yet gone before this trick, 2 bits each,
                      highest first (kept up to date trick by trick) */
#ifdef __BMI2__
    /* pat unpacked: the owners of each suit's cards at the root, 2 bits a card at bit 2 (12 - r)
     * (rank r), and the two bits of every card not yet gone: pat is pfull's bits under pkeep,
     * packed (pext), a trick's end a pext a suit rather than a shift a card */
    u32 pfull[4], pkeep[4];
#endif
    u64 lkey;      /* the suit lengths of every hand, 4 bits each */
    /* The game: the sides, and whose tricks are counted.  side1 holds the seats on the side
     * without seat 0 (partners opposite: 0xA, so that a seat's side is seat & 1).  The side
     * to move at the root, maxside, plays for the most tricks of cntside: its own, or, in misere,
     * the other side's (fewest of its own).  plain: partners opposite (or 2 hands) and most
     * tricks, the game every sure-trick cut-off is written for. */
    int side1, misere, plain;
    int maxside;   /* side of the player to move at the root */
    int cntside;   /* the side whose tricks `won` counts: maxside, or the other in misere */
    int won;       /* tricks won by cntside since the root */
    int target;
    int killer[MAXDEPTH];
    u32 hist[64]; /* lead history: R * R for every cut-off a card made at a trick start, kept
                     from solve to solve (halved at each) until dd_engine_clear or a change of
                     game */
    int tt_live, tt_np, tt_side1, tt_misere; /* what the table's entries hold for (tt_live 0:
                                                nothing yet) */
    u64 deal[4];  /* the hands at the root of the last solve (tt_same_deal) */
    uint64_t node_limit; /* nodes a solve may visit (0: no limit), and whether it ran out */
    uint64_t node_stop;  /* the node count at which the search stops: node_limit, or never */
    int aborted;
#ifdef DD_VERIFY
    int nott;
#endif
};

dd_engine *dd_engine_new(size_t tt_bytes) {
    dd_engine *e = (dd_engine *)calloc(1, sizeof(dd_engine));
    if (!e) return NULL;
    if (tt_init(&e->tt, tt_bytes) != 0) {
        free(e);
        return NULL;
    }
    e->tt_live = 0;
    e->node_stop = UINT64_MAX;
    return e;
}

void dd_engine_free(dd_engine *e) {
    if (!e) return;
    free(e->tt.buckets);
    free(e->tt.entries);
    free(e->tt.filter); /* with the cut-off cache and the filter's log */
    free(e);
}

size_t dd_engine_tt_bytes(const dd_engine *e) { return e->tt.bytes; }
uint64_t dd_engine_nodes(const dd_engine *e) { return e->nodes; }

void dd_engine_clear(dd_engine *e) {
    tt_clear(&e->tt);
    e->tt_live = 0;
    memset(e->hist, 0, sizeof e->hist);
}

/* The side (0 or 1) of a seat: 0 for the side of seat 0. */
ALWAYS_INLINE int side_of(const dd_engine *e, int seat) { return e->side1 >> seat & 1; }

/* ------------------------------------------------------------------------------------------ */
/* Trick resolution */

/* Index in the trick of the card currently winning it (first n cards). */
ALWAYS_INLINE int trick_winner_index(const int *tc, int n, int trump) {
    int wi = 0;
    for (int i = 1; i < n; i++) {
        int c = tc[i], b = tc[wi];
        if ((c >> 4) == (b >> 4)) {
            if (c > b) wi = i;
        } else if ((c >> 4) == trump) {
            wi = i;
        }
    }
    return wi;
}

/* When the winning card had to beat other cards of its own suit, the best of those (the second
 * best card of the trick), else -1.  The trick's result depends on the ownership of every card
 * from that one up, which the table must therefore pin. */
ALWAYS_INLINE int rank_winner(const int *tc, int n, int wi) {
    for (int i = 0; i < n; i++)
        if (i != wi && (tc[i] >> 4) == (tc[wi] >> 4)) return tc[wi];
    return -1;
}

/* ------------------------------------------------------------------------------------------ */
/* Sure tricks for the side on lead at a trick start */

/* The i-th lowest card of the rank set m (i from 0), as a rank bit; 0 when m has i cards or
 * fewer.  (One parallel bit deposit where the CPU has it: with it rather than a loop clearing
 * bits one by one in the table's answers, the Monte-Carlo workload 6% faster side by side.) */
ALWAYS_INLINE u32 nth_low(u16 m, int i) {
#ifdef __BMI2__
    return _pdep_u32(1u << i, m);
#else
    u32 x = m;
    while (i-- > 0 && x) x &= x - 1;
    return x & -x;
#endif
}

/* Top k (>= 0) remaining cards of a suit, as rank bits (none for k = 0). */
ALWAYS_INLINE u16 top_k(u16 rem, int k) {
    const int drop = popc16(rem) - k;
    if (drop <= 0) return rem;
    return (u16)(rem & ~(nth_low(rem, drop) - 1));
}

/* The tricks the leader (cards l of a suit; his partner p, the opponents a and b) can cash in
 * the suit straight off, before any limit for ruffs, and in *topp the top cards the count relies
 * on (with `split`, also the top two cards split between him and his partner, crossing and
 * back). */
ALWAYS_INLINE int suit_cashes(u16 l, u16 p, u16 a, u16 b, int split, u16 *topp) {
    const u16 others = p | a | b;
    u16 top = others ? (u16)(l & above_mask(top_bit(others))) : l;
    /* no top card here, and the partner's top card is no start of a split pair: nothing to
     * cash in this suit (most suits; the counts below are not needed) */
    if (!top && !(split && (p >> top_bit(others) & 1))) return 0;
    const int la = popc16(a), lb = popc16(b), lp = popc16(p), ll = popc16(l);
    const int w = popc16(top);
    int cnt = w;
    if (w && w >= la && w >= lb && w >= lp) {
        cnt = ll;
    } else if (split && w <= 1 && lp >= 2 && ll >= 2) {
        /* the top two cards split between the leader and his partner, both guarded: the
         * side cashes both, the short hand's first, the leader ending on lead (after DDS);
         * and then the leader's long cards when his partner had two and the opponents are
         * out */
        const u16 all = (u16)(others | l);
        const int t1 = top_bit(all);
        const u16 all2 = (u16)(all & ~(1u << t1));
        const int t2 = all2 ? top_bit(all2) : -1;
        if (t2 >= 0 && (((l >> t1 & 1) && (p >> t2 & 1)) || ((p >> t1 & 1) && (l >> t2 & 1)))) {
            top = (u16)((1u << t1) | (1u << t2));
            cnt = 2;
            if (la <= 2 && lb <= 2 && lp == 2) cnt = ll;
        }
    }
    *topp = top;
    return cnt;
}

/* Tricks the leader can cash straight off from his own hand (with `split`, also the top two
 * cards split between him and his partner, crossing and back).  wr receives the cards the count
 * relies on (the top cards), to pin them in the table.  Below `stop`, every suit's count is
 * whole (a suit's pins are cut to the tricks still needed only when the count reaches it). */
static int quick_tricks(const dd_engine *e, int L, int stop, int split, u16 *wr) {
    const int np = e->np, tr = e->trump;
    const u64 hL = e->hand[L];
    const u64 hP = np == 4 ? e->hand[(L + 2) & 3] : 0;
    const u64 hA = e->hand[(L + 1) & (np - 1)];
    const u64 hB = np == 4 ? e->hand[(L + 3) & 3] : 0;
    int a_tr = 0, b_tr = 0, p_tr = 0, p_other = 0;
    if (tr < 4) {
        a_tr = suit_of_hand(hA, tr) != 0;
        b_tr = suit_of_hand(hB, tr) != 0;
        p_tr = suit_of_hand(hP, tr) != 0;
        p_other = popc(hP) - popc16(suit_of_hand(hP, tr)); /* the partner's cards besides trumps */
    }
    int total = 0;
    wr[0] = wr[1] = wr[2] = wr[3] = 0;
    /* only the suits whose top card the leader holds, or with `split` his partner, can count
     * (in any other an opponent's top card beats all of the leader's, and suit_cashes finds
     * nothing): their owners are at hand in pat (a trick start: nothing on the table) */
    const int P = np == 4 && split ? (L + 2) & 3 : L;
    u32 cand = 0;
    for (int s = 0; s < 4; s++) {
        const int o = (int)(e->pat[s] & 3);
        cand |= (u32)((o == L) | (o == P)) << s;
    }
    for (; cand && total < stop; cand &= cand - 1) {
        const int s = low_bit(cand);
        u16 l = suit_of_hand(hL, s);
        if (!l) continue;
        u16 p = suit_of_hand(hP, s), a = suit_of_hand(hA, s), b = suit_of_hand(hB, s);
        u16 top;
        int cnt = suit_cashes(l, p, a, b, split, &top);
        if (!cnt) continue;
        const int la = popc16(a), lb = popc16(b), lp = popc16(p), w = popc16(top);
        if (tr < 4 && s != tr) {
            if (a_tr && la < cnt) cnt = la;
            if (b_tr && lb < cnt) cnt = lb;
            /* a partner void in the suit might have to ruff and take the lead; not while he
             * has a card besides trumps to play: he plays one at each of the tricks counted so
             * far and of this suit's rounds, as long as they number no more than those cards.
             * (Only with trumps against the side: then the counts are never added to the
             * partner's own line, whose winners his throws might take.) */
            if (p_tr && lp < cnt && (!(a_tr | b_tr) || total + cnt > p_other)) cnt = lp;
        }
        if (cnt > 0) {
            /* pin only the top cards the count needs: k tricks from the k highest */
            const int k = stop - total;
            if (k < w) top = top_k(top, k);
            total += cnt;
            /* a suit nobody else holds needs no pin: the lengths say whose its cards are */
            wr[s] = p | a | b ? top : 0;
        }
    }
    return total;
}

/* The ranks w of suit s to pin at a trick start, with the suit's bottom run taken out: the
 * lowest cards of the suit held by one hand, up to the lowest card another hand holds.  An entry
 * pins the owners of a suit's cards from the top down to its lowest pinned rank, and each hand's
 * unpinned cards number its length less its pinned ones; so when every card above the bottom run
 * is pinned, the run's cards are the only ones unpinned and all belong to its hand, in every
 * position with those lengths and pins.  Pinning down to the card just above the run (nothing,
 * when one hand holds the whole suit) thus describes the same positions, and the nodes above,
 * where those cards may have other cards below them, need not pin them. */
ALWAYS_INLINE u16 above_bottom_run(const dd_engine *e, int s, u16 w) {
    const u16 rem = e->rem[s];
    const u16 hs = suit_of_hand(e->hand[e->owner[16 * s + low_bit(rem)]], s);
    const u16 others = (u16)(rem & ~hs);
    const u16 run = others ? (u16)(hs & ((1u << low_bit(others)) - 1)) : rem;
    if (!(w & run)) return w;
    return (u16)((w & ~run) | (others ? 1u << low_bit(others) : 0));
}

/* When the side on lead needs every remaining trick: does the other side surely take one?
 * (After the published DDS "later tricks" bounds, in our own formulation.)  Four hands only.
 *  - No trumps in play: a trick led in a suit whose top card the other side holds is won by it
 *    (its holder plays the top), so every trick must be led in a suit topped by the leader's
 *    side, and in such a suit the side takes at most as many tricks as its longer hand holds
 *    cards.  If those maxima sum to less than the tricks left, it fails.
 *  - Trumps, the top one the leader's side's, the second the other side's in a hand with two
 *    or more: if the top trump sits before that hand in play (to its right), the guarded second
 *    trump wins a trick, since its holder never has to play it under the top (he leads only
 *    after his side has taken a trick); so too when the other side also holds the third trump.
 * Returns 1 (and the ranks it relies on in wr) when the leader's side fails. */
static int other_side_sure_trick(const dd_engine *e, int L, int R, u16 *wr) {
    const int tr = e->trump;
    const int P = (L + 2) & 3;
    wr[0] = wr[1] = wr[2] = wr[3] = 0;
    if (tr == 4 || !e->rem[tr]) {
        int sum = 0;
        for (int s = 0; s < 4; s++) {
            const u16 rem = e->rem[s];
            if (!rem) continue;
            const int top = top_bit(rem);
            const int holder = e->owner[16 * s + top];
            if ((holder & 1) == (L & 1)) {
                const int a = popc16(suit_of_hand(e->hand[L], s)),
                          b = popc16(suit_of_hand(e->hand[P], s));
                sum += a > b ? a : b;
            } else if (rem != suit_of_hand(e->hand[holder], s)) {
                wr[s] = (u16)(1u << top); /* the class must keep this top with the other side */
            }
        }
        return sum < R;
    }
    const u16 rem = e->rem[tr];
    if (popc16(rem) < 2) return 0;
    const int t1 = top_bit(rem);
    const u16 rem2 = (u16)(rem & ~(1u << t1));
    const int t2 = top_bit(rem2);
    const int h1 = e->owner[16 * tr + t1], h2 = e->owner[16 * tr + t2];
    if ((h1 & 1) != (L & 1) || (h2 & 1) == (L & 1)) return 0;
    if (popc16(suit_of_hand(e->hand[h2], tr)) < 2) return 0;
    if (h1 == ((h2 + 3) & 3)) {
        wr[tr] = above_bottom_run(e, tr, (u16)(1u << t2));
        return 1;
    }
    const u16 rem3 = (u16)(rem2 & ~(1u << t2));
    if (!rem3) return 0;
    const int t3 = top_bit(rem3);
    if ((e->owner[16 * tr + t3] & 1) == (L & 1)) return 0;
    wr[tr] = above_bottom_run(e, tr, (u16)(1u << t3));
    return 1;
}

/* No trumps in play, the other side tops every suit the leader holds: whatever he leads, the
 * holder of that suit's top card wins the trick with it, and then, on lead, cashes every card of
 * the top runs he holds (the cards of a suit above all those of the other hands: each wins when
 * led, whatever trick 1 took from the others).  So the other side takes at least the smaller
 * count of top-run cards of the opponents who top one of the leader's suits.  Returns that count
 * (0 when the leader holds a suit his side tops) and the ranks it relies on in wr: the top runs
 * counted and each of the leader's suits' top card.  Four hands. */
static int other_side_cashes(const dd_engine *e, int L, u16 *wr) {
    u32 holders = 0; /* the opponents (bit per seat) topping one of the leader's suits */
    for (int s = 0; s < 4; s++) {
        if (!suit_of_hand(e->hand[L], s)) continue;
        const int h = (int)(e->pat[s] & 3);
        if ((h & 1) == (L & 1)) return 0;
        holders |= 1u << h;
    }
    int k = 99;
    u16 pin[4] = {0, 0, 0, 0};
    for (int h = 0; h < 4; h++) {
        if (!(holders >> h & 1)) continue;
        int cnt = 0;
        for (int s = 0; s < 4; s++) {
            const u16 rem = e->rem[s];
            const u16 mine = suit_of_hand(e->hand[h], s);
            if (!mine || !(mine >> top_bit(rem) & 1)) continue;
            const u16 others = (u16)(rem & ~mine);
            const u16 run = others ? (u16)(mine & above_mask(top_bit(others))) : mine;
            cnt += popc16(run);
            /* a suit nobody else holds needs no pin: the lengths say whose its cards are */
            if (others) pin[s] |= run;
        }
        if (cnt < k) k = cnt;
    }
    for (int s = 0; s < 4; s++) wr[s] = pin[s];
    return k;
}

/* Sure trump tricks of a side whose hands hold trumps t0 and t1, against the other side's
 * trumps `against`: each trump above all of those wins a trick if the trumps are in one hand;
 * top trumps in both hands, one of which holds two trumps or more, never fall together, so they
 * make two.  *pin receives the trump ranks the count relies on (none when the other side has no
 * trump: then every trump of the side wins). */
static int sure_trumps(u16 t0, u16 t1, u16 against, u16 *pin) {
    const u16 hi0 = against ? (u16)(t0 & above_mask(top_bit(against))) : t0;
    const u16 hi1 = against ? (u16)(t1 & above_mask(top_bit(against))) : t1;
    const int k0 = popc16(hi0), k1 = popc16(hi1);
    int k = k0 > k1 ? k0 : k1;
    *pin = k0 >= k1 ? hi0 : hi1;
    if (k < 2 && k0 && k1 && (popc16(t0) > 1 || popc16(t1) > 1)) {
        k = 2;
        *pin = (u16)(hi0 | hi1);
    }
    if (!against) *pin = 0;
    return k;
}

/* Does the leader's side surely take a trick by the partner's ruff?  The leader leads a side
 * suit his partner is void in; the partner ruffs, and no opponent overruffs: each follows suit,
 * holds no trump, or holds trumps only below the partner's best.  (After DDS's one-trick case.)
 * Four hands, trump contracts.  Returns 1 (and the trump rank it relies on in wr). */
static int partner_ruffs(const dd_engine *e, int L, u16 *wr) {
    const int tr = e->trump;
    if (tr == 4) return 0;
    const u64 hP = e->hand[(L + 2) & 3], hA = e->hand[(L + 1) & 3], hB = e->hand[(L + 3) & 3];
    const u16 pt = suit_of_hand(hP, tr);
    if (!pt) return 0;
    const u16 at = suit_of_hand(hA, tr), bt = suit_of_hand(hB, tr);
    for (int s = 0; s < 4; s++) {
        if (s == tr || !suit_of_hand(e->hand[L], s) || suit_of_hand(hP, s)) continue;
        const int a_ruffs = !suit_of_hand(hA, s) && at, b_ruffs = !suit_of_hand(hB, s) && bt;
        u16 over = 0;
        if (a_ruffs) over |= at;
        if (b_ruffs) over |= bt;
        if (over && top_bit(over) > top_bit(pt)) continue;
        wr[0] = wr[1] = wr[2] = wr[3] = 0;
        if (over) wr[tr] = (u16)(1u << top_bit(pt));
        return 1;
    }
    return 0;
}

/* Does the leader's side surely take a trick with its second-best trump?  It holds it in a hand
 * with another trump, the best trump sits with the opponent on that hand's right, who plays
 * before it in every trick but those the hand leads.  In a trick with the best trump already in
 * it, the hand plays a low trump (if it must play a trump) and the second is then the best; in a
 * trick without it, the hand that must play a trump plays the second, which only the best beats.
 * The hand leads only now (the leader: with a card outside trumps to lead, or three trumps, he
 * keeps the two) or after its side has taken a trick.  (After DDS's and macroxue's slow trump
 * tricks.)  Four hands, trumps in play.  Returns 1 (and the ranks it relies on in wr). */
static int second_trump_behind(const dd_engine *e, int L, u16 *wr) {
    const int tr = e->trump;
    const u16 rem = e->rem[tr];
    if (popc16(rem) < 3) return 0;
    const int t1 = top_bit(rem), t2 = top_bit((u16)(rem & ~(1u << t1)));
    const int h1 = e->owner[16 * tr + t1], h2 = e->owner[16 * tr + t2];
    if ((h2 & 1) != (L & 1) || h1 != ((h2 + 3) & 3)) return 0;
    const u16 t = suit_of_hand(e->hand[h2], tr);
    if (popc16(t) < 2) return 0;
    if (h2 == L && popc16(t) < 3 && !(e->hand[L] & ~((u64)0x1FFF << (16 * tr)))) return 0;
    wr[0] = wr[1] = wr[2] = wr[3] = 0;
    wr[tr] = (u16)(1u << t2);
    return 1;
}

/* ------------------------------------------------------------------------------------------ */
/* Move generation and ordering */

/* The highest card of each run of equivalent cards in `own` (one suit of one hand), given the
 * cards of that suit not yet gone (`rem`, which includes cards on the table): the card that
 * stands for its run (do_play records the lower cards of the run, so that when it wins a trick
 * the pinned ranks cover the whole run). */
ALWAYS_INLINE u16 run_reps(u16 own, u16 rem) {
#ifdef __BMI2__
    /* (own is part of rem.)  Among the cards not gone, packed together (pext), a run is a run of
     * bits, its highest card a bit whose next higher bit is clear; unpacked (pdep), those are the
     * cards.  (The same result as the loop below on all 3^13 (own, rem) pairs; no branch, where
     * the loop's were ~5% of the branches mispredicted.) */
    const u32 c = _pext_u32(own, rem);
    return (u16)_pdep_u32(c & ~(c >> 1), rem);
#else
    /* (own is part of rem.)  A carry added just above each card of `own` runs up through the
     * cards gone and lands on the next card not gone: where that is a card of `own`, the card
     * below it (the next not gone) is not the highest of its run.  (The same result as testing each
     * card's next higher card not gone: compared on all 3^13 (own, rem) pairs of a suit.) */
    const u32 gone = ~(u32)rem & 0x1FFF;
    const u32 land = (gone + ((u32)own << 1)) & own;
    u16 reps = own;
    for (u32 m = land; m; m &= m - 1)
        reps &= (u16)~(1u << top_bit(rem & ((1u << low_bit(m)) - 1)));
    return reps;
#endif
}

/* Can `seat` beat a card of rank `r` in the led suit `ls` (by following higher, or by ruffing
 * when void; `wtrump` tells whether the card to beat is itself a trump of rank r). */
ALWAYS_INLINE int can_beat(const dd_engine *e, int seat, int ls, int wsuit, int r) {
    u64 h = e->hand[seat];
    u16 f = suit_of_hand(h, ls);
    int tr = e->trump;
    if (wsuit == ls) {
        if (f) return (f & above_mask(r)) != 0;
        return tr < 4 && tr != ls && suit_of_hand(h, tr) != 0;
    }
    /* the winning card is a ruff */
    if (f) return 0;
    return (suit_of_hand(h, tr) & above_mask(r)) != 0;
}

/* Rank of card r among the cards of its suit not yet gone (rem): 1 for the top card. */
ALWAYS_INLINE int rel_rank(u16 rem, int r) { return popc16(rem & above_mask(r)) + 1; }

/* Does the holder of `own` also hold the next card below r not yet gone (r heads a sequence)? */
ALWAYS_INLINE int heads_sequence(u16 own, u16 rem, int r) {
    const u16 below = (u16)(rem & ((1u << r) - 1));
    return below && (own >> top_bit(below) & 1);
}

/* What the second hand's weights look at, the same for each of his cards: the card led, the
 * third and fourth hands' cards in its suit and their trumps. */
typedef struct {
    int ls, lr, max3, max4, min3, min4;
    u16 rem, f4, t4, lead_suit_led; /* the leader's cards left in the suit led */
    int third_no_ruff, overruff;    /* the third hand cannot ruff; the fourth overruffs him */
} second_view;

static void second_view_of(const dd_engine *e, int pl, second_view *v) {
    const int tr = e->trump, ls = e->tc[0] >> 4;
    const u16 f3 = suit_of_hand(e->hand[(pl + 1) & 3], ls);
    const u16 f4 = suit_of_hand(e->hand[(pl + 2) & 3], ls);
    const u16 t3 = tr < 4 ? suit_of_hand(e->hand[(pl + 1) & 3], tr) : 0;
    v->ls = ls;
    v->lr = e->tc[0] & 15;
    v->max3 = f3 ? top_bit(f3) : -1;
    v->max4 = f4 ? top_bit(f4) : -1;
    v->min3 = f3 ? low_bit(f3) : -1;
    v->min4 = f4 ? low_bit(f4) : -1;
    v->rem = e->rem[ls];
    v->f4 = f4;
    v->t4 = tr < 4 ? suit_of_hand(e->hand[(pl + 2) & 3], tr) : 0;
    v->lead_suit_led = suit_of_hand(e->hand[(pl + 3) & 3], ls);
    v->third_no_ruff = f3 || !t3;
    v->overruff = !f4 && v->t4 && (!t3 || top_bit(v->t4) > top_bit(t3));
}

/* Second hand following suit in a trump contract: after DDS's weights (its own formulation).
 * He wins the trick cheaply when his side can (by his card, his partner's, or his partner's ruff),
 * plays low under a card that wins anyway, and otherwise plays low or splits a sequence. */
static int second_hand_trumps(const second_view *v, int trump_led, int r, u16 fol) {
    const int lr = v->lr, max3 = v->max3, max4 = v->max4;
    const int rr = rel_rank(v->rem, r);
    const int in_seq = heads_sequence(fol, v->rem, r);
    const int pard_ruffs = !v->f4 && v->t4;
    int win;
    if (trump_led) {
        win = (max4 > lr && max4 > max3) || (r > lr && r > max3);
    } else if (r > lr && r > max3) {
        win = v->third_no_ruff || v->overruff;
    } else if (max4 > lr && max4 > max3) {
        win = v->third_no_ruff;
    } else if (lr > max4 && lr > max3 && lr > r) {
        win = pard_ruffs && (v->third_no_ruff || v->overruff);
    } else {
        win = pard_ruffs;
    }
    if (win) {
        if (v->min3 > r) return 40 + rr;
        if (max4 > lr && v->lead_suit_led > v->f4) return 41 + rr;
        if (r > lr) {
            if (r < max4) return 76 - r;
            if (r > max3) return 71 - r;
            return in_seq ? 60 - r : 47 - r;
        }
        return max4 >= 0 ? 45 - r : 38 - r;
    }
    if (r < v->min3 || r < v->min4) return -9 + rr;
    if (r < lr) return -16 + rr;
    return in_seq ? 20 - r : 8 - r;
}

/* Second hand following suit in no-trump (after DDS): low under his partner's sure winner; else
 * a card that beats the lead and the third hand; else low, or split a sequence. */
static int second_hand_nt(const second_view *v, int r, u16 fol) {
    if (v->max4 > v->lr && v->max4 > v->max3) return -r;
    const int rr = rel_rank(v->rem, r);
    if (r > v->lr && r > v->max3) return 79 - r;
    if (r < v->min3 || r < v->min4) return -3 + rr;
    if (r < v->lr) return -11 + rr;
    if (heads_sequence(fol, v->rem, r)) return 10 + rr;
    return 11 - r;
}

/* Third hand void in the suit led, trump contract (after DDS). */
static int third_hand_void_trumps(const dd_engine *e, int pl, int ls, int s, int r, u16 own) {
    const int tr = e->trump;
    const int len = popc16(own);
    const u16 f4 = suit_of_hand(e->hand[(pl + 1) & 3], ls);
    const u16 t4 = suit_of_hand(e->hand[(pl + 1) & 3], tr);
    const int max4 = f4 ? top_bit(f4) : -1;
    if (ls == tr || s != tr) return -r + (len << 6) / 40;
    const int lr = e->tc[0] & 15;
    const int c1 = e->tc[1];
    const int high1 = (c1 >> 4) == ls ? (c1 & 15) > lr : (c1 >> 4) == tr;
    if (!high1 && lr > max4 && (f4 || !t4)) return -r - 50;
    if ((c1 >> 4) == tr && r < (c1 & 15)) {
        return -32 + rel_rank(e->rem[tr], r) + (len << 6) / 40;
    }
    const int add = (len << 6) / 50;
    const int over4 = !t4 || r > top_bit(t4);
    if (!high1) {
        if (f4) {
            const u16 rem = e->rem[ls];
            const u16 rem2 = (u16)(rem & ~(1u << top_bit(rem)));
            const int second_leader = rem2 && e->owner[16 * ls + top_bit(rem2)] == ((pl + 2) & 3);
            return (second_leader ? 34 : 46) - r + add;
        }
        return over4 ? 46 - r + add : -14 - r + add;
    }
    if (f4) return 70 - r + add;
    return over4 ? 46 - r + add : 34 - r + add;
}

/* The moves sorted best first, ties in the order generated (a stable sort by weight).  Each
 * move becomes one int, its weight, then its place in the order generated (so that no two are
 * equal), then its card, so that a compare-exchange is a max and a min without a branch, and any
 * sorting network gives the stable order.  Two to eight moves (all but 2% of the sorts on the
 * Monte-Carlo workload: a follower's are mostly two or three, a lead's four to six) by a network,
 * more by an insertion sort.  (The insertion sort of every length, moving a field at a time,
 * mispredicted its branches: with the networks both workloads ~2% faster side by side.)  Only the
 * cards are written back: nothing reads the weights after. */
#define CX(a, b)                                                                                   \
    do {                                                                                           \
        const int hi_ = k##a > k##b ? k##a : k##b, lo_ = k##a > k##b ? k##b : k##a;                 \
        k##a = hi_;                                                                                \
        k##b = lo_;                                                                                \
    } while (0)
ALWAYS_INLINE int move_key(const move_t *m, int i) {
    return (m->w * 16 + (15 - i)) * 256 | (u8)m->card;
}
ALWAYS_INLINE void sort_moves(move_t *mv, int n) {
    if (n <= 1) return;
    if (n <= 4) {
        int k0 = move_key(&mv[0], 0), k1 = move_key(&mv[1], 1);
        if (n == 2) {
            CX(0, 1);
            mv[0].card = (int8_t)k0;
            mv[1].card = (int8_t)k1;
        } else if (n == 3) {
            int k2 = move_key(&mv[2], 2);
            CX(1, 2);
            CX(0, 2);
            CX(0, 1);
            mv[0].card = (int8_t)k0;
            mv[1].card = (int8_t)k1;
            mv[2].card = (int8_t)k2;
        } else {
            int k2 = move_key(&mv[2], 2), k3 = move_key(&mv[3], 3);
            CX(0, 1);
            CX(2, 3);
            CX(0, 2);
            CX(1, 3);
            CX(1, 2);
            mv[0].card = (int8_t)k0;
            mv[1].card = (int8_t)k1;
            mv[2].card = (int8_t)k2;
            mv[3].card = (int8_t)k3;
        }
        return;
    }
    if (n <= 8) {
        /* five to eight: the network of eight (19 compare-exchanges, depth 6; Knuth), the
         * missing moves below every move */
        int k[8];
        for (int i = 0; i < 8; i++) k[i] = i < n ? move_key(&mv[i], i) : INT32_MIN;
        int k0 = k[0], k1 = k[1], k2 = k[2], k3 = k[3], k4 = k[4], k5 = k[5], k6 = k[6], k7 = k[7];
        CX(0, 2);
        CX(1, 3);
        CX(4, 6);
        CX(5, 7);
        CX(0, 4);
        CX(1, 5);
        CX(2, 6);
        CX(3, 7);
        CX(0, 1);
        CX(2, 3);
        CX(4, 5);
        CX(6, 7);
        CX(2, 4);
        CX(3, 5);
        CX(1, 4);
        CX(3, 6);
        CX(1, 2);
        CX(3, 4);
        CX(5, 6);
        k[0] = k0, k[1] = k1, k[2] = k2, k[3] = k3, k[4] = k4, k[5] = k5, k[6] = k6, k[7] = k7;
        for (int i = 0; i < n; i++) mv[i].card = (int8_t)k[i];
        return;
    }
    int k[16];
    for (int i = 0; i < n; i++) k[i] = move_key(&mv[i], i);
    for (int i = 1; i < n; i++) {
        const int x = k[i];
        int j = i - 1;
        while (j >= 0 && k[j] < x) {
            k[j + 1] = k[j];
            j--;
        }
        k[j + 1] = x;
    }
    for (int i = 0; i < n; i++) mv[i].card = (int8_t)k[i];
}
#undef CX

ALWAYS_INLINE int gen_moves_at(const dd_engine *e, int pl, move_t *mv, int depth, int best_card,
                               int pos) {
    const int np = e->np, tr = e->trump;
    const u64 h = e->hand[pl];
    int n = 0;
    /* in misere every player wants to lose the trick: the weights, written for winning it, are
     * turned round, and the killer and the table's best lead put first (in the whist game the
     * killer has no weight: the cut-off cache's card, put first after the weights, knows better,
     * and a killer's weight beside it costs 2% more nodes) */
    const int best_in = best_card;
    if (e->misere) best_card = -1;

    if (pos == 0) {
        /* leads: weights after the published DDS heuristics (suit shape, who can win by rank,
         * tenaces), in our own formulation */
        const int pa = np == 4 ? (pl + 2) & 3 : -1;
        const int lho = (pl + 1) & (np - 1), rho = np == 4 ? (pl + 3) & 3 : -1;
        const int R = popc(h);
        const u16 z = 0;
        for (int s = 0; s < 4; s++) {
            u16 own = suit_of_hand(h, s);
            if (!own) continue;
            const u16 rem = e->rem[s];
            const u16 pf = pa >= 0 ? suit_of_hand(e->hand[pa], s) : z;
            const u16 lf = suit_of_hand(e->hand[lho], s);
            const u16 rf = rho >= 0 ? suit_of_hand(e->hand[rho], s) : z;
            const int cl = lf ? popc16(lf) : R + 1, cr = rho < 0 ? 0 : (rf ? popc16(rf) : R + 1);
            const int t1 = top_bit(rem);
            const u16 rem2 = (u16)(rem & ~(1u << t1));
            const int t2 = rem2 ? top_bit(rem2) : -1;
            const int own1 = e->owner[16 * s + t1], own2 = t2 >= 0 ? e->owner[16 * s + t2] : -1;
            const u16 rem3 = t2 >= 0 ? (u16)(rem2 & ~(1u << t2)) : 0;
            const int own3 = rem3 ? e->owner[16 * s + top_bit(rem3)] : -1;
            const int l_tr = tr < 4 && s != tr && !lf && suit_of_hand(e->hand[lho], tr);
            const int r_tr = tr < 4 && s != tr && rho >= 0 && !rf && suit_of_hand(e->hand[rho], tr);
            const int p_tr = tr < 4 && s != tr && pa >= 0 && !pf && suit_of_hand(e->hand[pa], tr);
            int sw;
            if (tr == 4) {
                sw = -(((cl + cr) * 4) << 5) / 19;
                if (pa >= 0 && !pf) sw -= 9;
            } else {
                sw = -(((cl + cr) * 4) << 5) / 13;
                if (l_tr || r_tr) sw -= 12;
                if (p_tr && rf) sw += 17;
                if (rho >= 0 && (own1 == rho || own2 == rho)) {
                    if (cr != 1) sw -= 12;
                } else if (own1 == lho && pa >= 0 && own2 == pa && popc16(pf) != 1) {
                    sw += 27;
                }
            }
            /* an opponent's top card is bare */
            const int bare_top =
                (own1 == lho && popc16(lf) == 1) || (rho >= 0 && own1 == rho && popc16(rf) == 1);
            /* the side holds the second and third cards: 2 when the partner holds both, 1 when
             * they are split between leader and a guarded partner */
            int next_round = 0;
            if (pa >= 0 && own2 == pa && own3 == pa)
                next_round = 2;
            else if (pa >= 0 && popc16(pf) > 1 &&
                     ((own2 == pl && own3 == pa) || (own2 == pa && own3 == pl)))
                next_round = 1;
            /* partner's best beats both opponents' */
            const int opp_top = (lf | rf) ? top_bit((u16)(lf | rf)) : -1;
            const int pard_wins = pf && top_bit(pf) > opp_top && !l_tr && !r_tr;
            /* trumps: the side wins a round of the suit if no opponent ruffs it or the partner,
             * void too, overruffs every opponent who does */
            int trick_safe = !l_tr && !r_tr;
            if (p_tr) {
                const int ptop = top_bit(suit_of_hand(e->hand[pa], tr));
                const u16 lt = suit_of_hand(e->hand[lho], tr), rt = suit_of_hand(e->hand[rho], tr);
                trick_safe = (!l_tr || ptop > top_bit(lt)) && (!r_tr || ptop > top_bit(rt));
            }
            for (u16 m = run_reps(own, rem); m; m &= (u16)(m - 1)) {
                const int r = low_bit(m);
                const int rr = rel_rank(rem, r); /* 1 = top card */
                const int in_seq = heads_sequence(own, rem, r);
                const int c = 16 * s + r;
                int w;
                const int wins_rank = (rr == 1 && !l_tr && !r_tr) || pard_wins;
                if (tr == 4) {
                    if (wins_rank) {
                        int adj = 0;
                        if (rho >= 0 && own2 == rho && popc16(rf) > 1) adj -= 1;
                        if (own2 == lho) adj += popc16(lf) > 1 ? 22 : 16;
                        /* less when an opponent keeps the second-best card guarded */
                        const int guarded2 = (own2 == lho && popc16(lf) > 1) ||
                                             (rho >= 0 && own2 == rho && popc16(rf) > 1);
                        w = sw + adj + (guarded2 ? 18 : 45) + rr;
                        if (c == best_card) w += 32;
                    } else {
                        int adj = 0;
                        if (rho >= 0 && (own1 == rho || own2 == rho)) {
                            if (popc16(rf) > 1) adj -= 10;
                        } else if (own1 == lho && pa >= 0 && own2 == pa && popc16(pf) > 1) {
                            adj += 31;
                        }
                        adj += next_round == 2 ? 35 : next_round ? 25 : 0;
                        if (bare_top)
                            w = 28 + rr;
                        else if (own1 == pl)
                            w = -17 + rr;
                        else if (!in_seq)
                            w = 12 + rr;
                        else if (t2 >= 0 && r >= t2)
                            w = 48;
                        else
                            w = 29 - rr;
                        w += sw + adj;
                        if (c == best_card) w += 19;
                    }
                } else {
                    if ((rr == 1 || pard_wins || p_tr) && trick_safe) {
                        if (bare_top)
                            w = 35 + rr;
                        else if (own1 == pl)
                            w = own2 == pa && pa >= 0 ? 48 + rr : (rr == 1 ? 31 : -3 + rr);
                        else if (pa >= 0 && own1 == pa)
                            w = own2 == pl ? 42 + rr : 28 + rr;
                        else if (in_seq && t2 >= 0 && r >= t2)
                            w = 40;
                        else if (in_seq)
                            w = 22 + rr;
                        else
                            w = 11 + rr;
                        if (c == best_card) w += 18;
                    } else {
                        const int d = next_round == 2 ? 20 : next_round ? 13 : 0;
                        if (bare_top)
                            w = d + rr + 2;
                        else if (own1 == pl)
                            w = d + (pa >= 0 && own2 == pa ? 33 + rr : (rr == 1 ? 38 : -14 + rr));
                        else if (pa >= 0 && own1 == pa)
                            w = d + 34 + rr;
                        else if (in_seq && t2 >= 0 && r == t2)
                            w = d + 35;
                        else
                            w = d + 15 - r;
                    }
                    w += sw;
                }
                mv[n].card = (int8_t)c;
                mv[n].w = (int16_t)w;
                n++;
            }
        }
    } else if (pos == 1 && np == 4 && suit_of_hand(h, e->tc[0] >> 4)) {
        /* second hand following suit: his own weights, from one view of the trick */
        const int ls = e->tc[0] >> 4;
        const u16 fol = suit_of_hand(h, ls);
        second_view v;
        second_view_of(e, pl, &v);
        for (u16 m = run_reps(fol, e->rem[ls]); m; m &= (u16)(m - 1)) {
            const int r = low_bit(m);
            mv[n].card = (int8_t)(16 * ls + r);
            mv[n].w = (int16_t)(tr < 4 ? second_hand_trumps(&v, ls == tr, r, fol)
                                       : second_hand_nt(&v, r, fol));
            n++;
        }
    } else {
        const int ls = e->tc[0] >> 4;
        const int wi = e->twi;
        const int wc = e->tc[wi];
        const int wsuit = wc >> 4, wr_ = wc & 15;
        const int wseat = (e->tl + wi) & (np - 1);
        const int pard_win = side_of(e, wseat) == side_of(e, pl);
        const int last = pos == np - 1;
        /* opponents still to play after pl in this trick */
        int later[3], nl = 0;
        for (int k = pos + 1; k < np; k++) {
            int seat = (e->tl + k) & (np - 1);
            if (side_of(e, seat) != side_of(e, pl)) later[nl++] = seat;
        }
        int pard_safe = pard_win;
        if (pard_win)
            for (int i = 0; i < nl; i++)
                if (can_beat(e, later[i], ls, wsuit, wr_)) pard_safe = 0;
        u16 fol = suit_of_hand(h, ls);
        /* second hand: the partner, last to play, surely beats the led card and the third hand */
        int cover = 0;
        if (pos == 1 && np == 4 && wsuit == ls) {
            const int third = (pl + 1) & 3, fourth = (pl + 2) & 3;
            const u16 f3 = suit_of_hand(e->hand[third], ls), f4 = suit_of_hand(e->hand[fourth], ls);
            const int third_ruffs = !f3 && tr < 4 && tr != ls && suit_of_hand(e->hand[third], tr);
            cover = f4 && !third_ruffs && top_bit(f4) > wr_ && (!f3 || top_bit(f4) > top_bit(f3));
        }
        /* third hand who cannot win the trick (the fourth hand follows with a card above all
         * of his and above the winning card): play low, but the cheapest card above the fourth
         * hand's second-best (forcing out his top), or, failing that while the second hand is
         * winning, above the winning card */
        const u16 tops = fol ? run_reps(fol, e->rem[ls]) : 0;
        int force = -1;
        if (pos == 2 && np == 4 && fol && wsuit == ls) {
            const u16 f4 = suit_of_hand(e->hand[(pl + 1) & 3], ls);
            if (f4 && top_bit(f4) > top_bit(fol) && top_bit(f4) > wr_) {
                /* the tops of his runs below his top run (his top card always heads one) */
                const u16 f4b = (u16)(run_reps(f4, e->rem[ls]) & ~(1u << top_bit(f4)));
                const int floor = f4b && top_bit(f4b) > wr_ ? top_bit(f4b) : (pard_win ? 13 : wr_);
                const u16 above = floor < 13 ? (u16)(fol & above_mask(floor)) : 0;
                force = 99;
                /* the move standing for the cheapest such card: the top of its run */
                if (above) force = low_bit((u16)(tops & ~((1u << low_bit(above)) - 1)));
            }
        }
        if (fol) {
            for (u16 m = tops; m; m &= (u16)(m - 1)) {
                int r = low_bit(m);
                int c = 16 * ls + r;
                int beats = wsuit == ls && r > wr_;
                int w;
                if (force >= 0) {
                    w = 10 - r + (r == force ? 20 : 0);
                } else if (cover) {
                    w = 60 - r;
                } else if (pard_win) {
                    if (pard_safe) {
                        w = 60 - r;
                    } else {
                        int sure = 1;
                        if (!beats) sure = 0;
                        for (int i = 0; i < nl && sure; i++)
                            if (can_beat(e, later[i], ls, ls, r)) sure = 0;
                        w = sure ? 55 - r : 30 - r;
                    }
                } else if (beats) {
                    int sure = 1;
                    for (int i = 0; i < nl && sure; i++)
                        if (can_beat(e, later[i], ls, ls, r)) sure = 0;
                    /* second and third hands beat the winning card rather than duck, even
                     * when a later hand may overtake (after DDS's second hand; together 11%
                     * fewer nodes) */
                    w = sure || last ? 75 - r : 60 - r;
                } else {
                    w = 45 - r;
                }
                mv[n].card = (int8_t)c;
                mv[n].w = (int16_t)w;
                n++;
            }
        } else {
            const int can_ruff = tr < 4 && tr != ls && suit_of_hand(h, tr);
            for (int s = 0; s < 4; s++) {
                u16 own = suit_of_hand(h, s);
                if (!own) continue;
                u16 rem = e->rem[s];
                u16 tops = run_reps(own, rem);
                int len = popc16(own);
                for (u16 m = tops; m; m &= (u16)(m - 1)) {
                    int r = low_bit(m);
                    int c = 16 * s + r;
                    int w;
                    if (pos == 2 && np == 4 && tr < 4) {
                        w = third_hand_void_trumps(e, pl, ls, s, r, own);
                    } else if (can_ruff && s == tr) {
                        if (wsuit == tr && r < wr_) {
                            w = -30 + r; /* underruff */
                        } else if (pard_safe || cover) {
                            w = 5 - r;
                        } else {
                            int sure = 1;
                            for (int i = 0; i < nl && sure; i++)
                                if (can_beat(e, later[i], ls, tr, r)) sure = 0;
                            /* ruff even where a later hand may overruff, rather than
                             * discard (after DDS) */
                            w = sure ? 80 - r : 70 - r;
                        }
                    } else {
                        int rel = popc16(rem & above_mask(r));
                        w = 20 + 3 * len + rel;
                        if (rel == 0) w -= 20;
                        /* nor from a guarded second-best card */
                        if (len == 2 && popc16(rem & above_mask(top_bit(own))) == 1) w -= 10;
                        if (s == tr) w -= 15;
                        if (pard_safe || cover || !can_ruff) w += 20;
                    }
                    mv[n].card = (int8_t)c;
                    mv[n].w = (int16_t)w;
                    n++;
                }
            }
        }
    }
    if (e->misere)
        for (int i = 0; i < n; i++) {
            const int c = mv[i].card;
            mv[i].w = (int16_t)(-mv[i].w + (c == best_in ? 2000 : 0) +
                                (pos == 0 && c == e->killer[depth] ? 1000 : 0));
        }
    /* leads: a point for every doubling of the card's cut-off history (the history heuristic;
     * 2% fewer nodes) */
    if (pos == 0)
        for (int i = 0; i < n; i++) {
            const u32 hv = e->hist[(int)mv[i].card];
            if (hv) mv[i].w = (int16_t)(mv[i].w + top_bit(hv));
        }
    sort_moves(mv, n);
    return n;
}

/* The moves of a trick start, of a follower, and of either (the root): gen_moves_at compiled for
 * each, a follower's without the leads' code. */
static int gen_leads(const dd_engine *e, int pl, move_t *mv, int depth, int best_card) {
    return gen_moves_at(e, pl, mv, depth, best_card, 0);
}
static int gen_follows(const dd_engine *e, int pl, move_t *mv, int depth, int best_card) {
    const int pos = e->tn;
    if (pos <= 0) __builtin_unreachable();
    return gen_moves_at(e, pl, mv, depth, best_card, pos);
}
static int gen_moves(const dd_engine *e, int pl, move_t *mv, int depth, int best_card) {
    return e->tn == 0 ? gen_leads(e, pl, mv, depth, best_card)
                      : gen_follows(e, pl, mv, depth, best_card);
}

/* Puts the cut-off cache's card for this slot and tag, if it is among the n moves, first. */
ALWAYS_INLINE void cut_first(move_t *mv, int n, u64 slot, u64 tag) {
    if ((slot & ~0xFFull) != tag) return;
    const int c = (int)(slot & 0xFF);
    for (int i = 1; i < n; i++)
        if (mv[i].card == c) {
            const move_t x = mv[i];
            for (int j = i; j > 0; j--) mv[j] = mv[j - 1];
            mv[0] = x;
            return;
        }
}

/* ------------------------------------------------------------------------------------------ */
/* Playing and unplaying */

typedef struct {
    int tl, tn, won;
    int twi, tbeat;
    int completed;
    int tc[4];
    int pre;
    u16 rem[4];
    u32 pat[4];
#ifdef __BMI2__
    u32 pkeep[4];
#endif
} undo_t;

/* Plays card c for the player to move; completes the trick when it is full.  Returns, for a
 * completed trick won by rank, the winning card (internal index), else -1. */
ALWAYS_INLINE int do_play_k(dd_engine *e, int c, undo_t *u, int ends, int pl) {
    /* (pl: the player to move, whom the caller knows; the leader and the tricks won change only
     * at a trick's end, so a play known to end none leaves them to undo as they are) */
    u->tn = e->tn;
    u->twi = e->twi;
    u->tbeat = e->tbeat;
    if (ends != 0) {
        u->tl = e->tl;
        u->won = e->won;
        u->completed = 0;
    }
    if (e->tn == 0) {
        e->twi = 0;
        e->tbeat = 0;
    } else {
        /* c wins the trick if it beats the winning card in its suit or is the first trump; a
         * card of the winner's suit, above or below, makes the trick one won by rank */
        const int b = e->tc[e->twi];
        if ((c >> 4) == (b >> 4)) {
            if (c > b) e->twi = e->tn;
            e->tbeat = 1;
        } else if ((c >> 4) == e->trump) {
            e->twi = e->tn;
            e->tbeat = 0;
        }
    }
    e->hand[pl] &= ~(1ull << c);
    e->lkey -= 1ull << (4 * (4 * pl + (c >> 4)));
    e->tc[e->tn++] = c;
    /* (ends: 1 when the caller knows c ends the trick, 0 when it knows it does not, -1 not
     * known) */
    if (ends == 0 || (ends < 0 && e->tn < e->np)) return -1;
    const int wi = e->twi;
    const int ws = (e->tl + wi) & (e->np - 1);
    {
        /* the table's filter line that the next trick start asks first (search_lead), fetched
         * while the trick is put away (the strain as before the trick: wrong only when the trick
         * takes the last trumps, and then only the fetch is wasted) */
        const int strain = e->trump < 4 && e->rem[e->trump] ? e->trump : 4;
        const u32 line = tt_mix(tt_base(e->lkey), ws | strain << 16);
        __builtin_prefetch(&e->tt.filter[tt_line_word(&e->tt, line)]);
    }
    int winc = -1;
    if (e->tbeat) {
        /* the winning card, and when it was searched as the highest of its run, the cards of the
         * run below it: those not yet gone down to the highest one another hand holds (or on the
         * table; the same now as when it was played, as only a trick's end changes rem) */
        const int s = e->tc[wi] >> 4, r = e->tc[wi] & 15;
        u16 seq = 0;
        if (wi >= e->pre) {
            const u16 below = (u16)(e->rem[s] & ((1u << r) - 1));
            const u16 other = (u16)(below & ~suit_of_hand(e->hand[ws], s));
            seq = other ? (u16)(below & above_mask(top_bit(other))) : below;
        }
        winc = (s << 16) | (1 << r) | seq;
    }
    u->completed = 1;
    u->pre = e->pre;
    e->pre = 0;
    memcpy(u->pat, e->pat, sizeof u->pat);
    memcpy(u->rem, e->rem, sizeof u->rem);
    memcpy(u->tc, e->tc, sizeof u->tc);
#ifdef __BMI2__
    memcpy(u->pkeep, e->pkeep, sizeof u->pkeep);
    for (int i = 0; i < e->np; i++) {
        const int tcs = e->tc[i] >> 4, tcr = e->tc[i] & 15;
        e->pkeep[tcs] &= ~(3u << (2 * (12 - tcr)));
        e->rem[tcs] &= (u16) ~(1u << tcr);
    }
    for (int s = 0; s < 4; s++) e->pat[s] = _pext_u32(e->pfull[s], e->pkeep[s]);
#else
    for (int i = 0; i < e->np; i++) {
        const int tcs = e->tc[i] >> 4, tcr = e->tc[i] & 15;
        const int k = 2 * popc16(e->rem[tcs] & above_mask(tcr));
        const u32 p = e->pat[tcs];
        e->pat[tcs] = (p & ((1u << k) - 1)) | ((p >> (k + 2)) << k);
        e->rem[tcs] &= (u16) ~(1u << tcr);
    }
#endif
    if (side_of(e, ws) == e->cntside) e->won++;
    e->tl = ws;
    e->tn = 0;
    return winc;
}

ALWAYS_INLINE void undo_play_k(dd_engine *e, int c, const undo_t *u, int ends, int pl) {
    if (ends > 0 || (ends < 0 && u->completed)) {
        /* whole arrays, fixed sizes: a copy of np entries would be a call to memcpy */
        memcpy(e->tc, u->tc, sizeof e->tc);
        e->pre = u->pre;
        memcpy(e->rem, u->rem, sizeof e->rem);
        memcpy(e->pat, u->pat, sizeof e->pat);
#ifdef __BMI2__
        memcpy(e->pkeep, u->pkeep, sizeof e->pkeep);
#endif
    }
    if (ends != 0) {
        e->tl = u->tl;
        e->won = u->won;
    }
    e->tn = u->tn;
    e->twi = u->twi;
    e->tbeat = u->tbeat;
    e->hand[pl] |= 1ull << c;
    e->lkey += 1ull << (4 * (4 * pl + (c >> 4)));
}

ALWAYS_INLINE int do_play(dd_engine *e, int c, undo_t *u) {
    return do_play_k(e, c, u, -1, (e->tl + e->tn) & (e->np - 1));
}
ALWAYS_INLINE void undo_play(dd_engine *e, int c, const undo_t *u) {
    undo_play_k(e, c, u, -1, (u->tl + u->tn) & (e->np - 1));
}

/* ------------------------------------------------------------------------------------------ */
/* Search */

/* Owners of the remaining cards of each suit, highest first, 2 bits a card, suits 0/1 in word 0
 * and 2/3 in word 1; and the suit-length key. */
static void position_key(const dd_engine *e, u64 own[2], u64 *key) {
    own[0] = (u64)e->pat[0] | (u64)e->pat[1] << 32;
    own[1] = (u64)e->pat[2] | (u64)e->pat[3] << 32;
    *key = e->lkey;
}

/* The ranks a search result relies on travel as one word, 16 bits a suit (suit s in bits 16s
 * up): written and read whole, never a suit at a time in memory, which made the next whole-word
 * read wait for the narrow write to reach the cache (a store the CPU cannot forward). */
ALWAYS_INLINE u64 pack_ranks(const u16 w[4]) {
    return (u64)w[0] | (u64)w[1] << 16 | (u64)w[2] << 32 | (u64)w[3] << 48;
}
ALWAYS_INLINE u16 suit_ranks(u64 w, int s) { return (u16)(w >> (16 * s)); }

static int search(dd_engine *e, int depth, u64 *wr);

/* After card c was searched without a cut-off: its pinned ranks join the node's, and if c lies
 * below every rank that mattered in its suit, the lower cards of that suit need no search
 * (Kuijf's rule, decided at the first card of the suit to fail: *skip receives the cards not to
 * search, 16 bits a suit, and *set the suits decided). */
ALWAYS_INLINE void failed_move(u64 *acc, u64 cw, u64 *skip, u32 *set, int c) {
    *acc |= cw;
    const int s = c >> 4;
    /* (without branches) */
    const u16 a = suit_ranks(*acc, s);
    const int low = low_bit(a | 0x8000u); /* 15 when a is empty */
    const int now = !(*set >> s & 1) & ((c & 15) < low);
    *set |= (u32)now << s;
    *skip |= ((u64)((1u << low) - 1) << (16 * s)) & -(u64)now;
}

/* A bucket's leader key: the leader and strain (lead_key), and per suit s, in bits 2 + 3s up, the
 * owner of its top card (tops_key) or, for a suit in `wild`, the wildcard 4. */
ALWAYS_INLINE int bucket_leader_key(int lead_key, int tops_key, u32 wild) {
    /* the three-bit fields of the suits of each wildcard set, and their wildcard values */
    static const int field[16] = {
        0x0000, 0x001C, 0x00E0, 0x00FC, 0x0700, 0x071C, 0x07E0, 0x07FC,
        0x3800, 0x381C, 0x38E0, 0x38FC, 0x3F00, 0x3F1C, 0x3FE0, 0x3FFC,
    };
    const int f = field[wild & 15];
    return lead_key | (tops_key & ~f) | (f & 0x2490); /* 0x2490: bit 2 of every field */
}

/* Does entry x hold for the position (its pinned owners the same)?  If so and its bounds answer
 * "leader's side >= tL?", 1; else 0, having taken its best lead, when none is known yet and the
 * leader holds that card, into *best_card. */
ALWAYS_INLINE int tt_entry_answers(const dd_engine *e, const tt_entry *x, const u64 own[2], int tL,
                                   int L, int *best_card) {
    if ((((own[0] ^ x->own[0]) & pin_mask[x->pins[0]]) |
         ((own[1] ^ x->own[1]) & pin_mask[x->pins[1]])) != 0)
        return 0;
    if (x->lb >= tL || x->ub < tL) return 1;
    if (*best_card < 0 && x->best_suit < 4) {
        const int s = x->best_suit;
        const u16 own_s = suit_of_hand(e->hand[L], s);
        if (own_s) {
            /* the card best_rel below the top */
            const u16 rm = e->rem[s];
            const int i = popc16(rm) - 1 - x->best_rel;
            const u32 b = i >= 0 ? nth_low(rm, i) : 0;
            if (own_s & b) *best_card = 16 * s + low_bit(b);
        }
    }
    return 0;
}

/* The first entry of bucket b, newest first, that holds for the position and answers (NULL
 * none). */
ALWAYS_INLINE const tt_entry *tt_walk(const dd_engine *e, const tt_bucket *b, const u64 own[2],
                                      int tL, int L, int *best_card) {
    const int nin = (int)tt_nin(b);
    for (int j = 0; j < nin; j++)
        if (tt_entry_answers(e, &b->e[j], own, tL, L, best_card)) return &b->e[j];
    for (int ci = b->head; ci >= 0; ci = e->tt.entries[ci].next) {
        const tt_chunk *ch = &e->tt.entries[ci];
        /* both lines of the chunk at once (its count is in the first, its newest entries in the
         * second) */
        __builtin_prefetch((const char *)ch + 64);
        for (int j = ch->n - 1; j >= 0; j--)
            if (tt_entry_answers(e, &ch->e[j], own, tL, L, best_card)) return &ch->e[j];
    }
    return NULL;
}

/* Stores st: the bounds it proves join those of an entry with the same pins and owners among
 * the bucket's own two (the newest), or a new entry is made for it.  The older entries, in the
 * chunks, are not searched for one: a lookup walks on past an entry of its class that does not
 * answer, so two entries of one class answer what one with both bounds would, and the walk through
 * the chunks waited on their cache lines (the same nodes to 0.02%; side by side both workloads ~1%
 * faster). */
static void tt_put(tt_table *t, const tt_store *st) {
    if (t->used >= t->nentries) {
        tt_clear(t);
        tt_mark(t, st->line, st->h, st->wild);
    }
    tt_bucket *bb = tt_find(t, st->key, st->lk, st->h, 1);
    tt_entry *x = NULL;
    for (u32 j = 0; j < tt_nin(bb); j++) {
        tt_entry *y = &bb->e[j];
        if (y->pins[0] == st->pins[0] && y->pins[1] == st->pins[1] && y->own[0] == st->own[0] &&
            y->own[1] == st->own[1]) {
            x = y;
            break;
        }
    }
    if (!x) {
        x = tt_new_entry(t, bb);
        x->own[0] = st->own[0];
        x->own[1] = st->own[1];
        x->pins[0] = st->pins[0];
        x->pins[1] = st->pins[1];
        x->lb = 0;
        x->ub = st->R;
        x->best_suit = 0xFF;
        x->best_rel = 0;
    }
    const int tL = st->tL;
#ifdef DD_VERIFY
    if ((st->ge && x->lb < tL) || (!st->ge && x->ub > tL - 1)) {
        for (int h = 0; h < 4; h++) x->dbg[h] = st->dbg[h];
        x->dbgres = st->dbgres;
        x->dbgtl = tL;
    }
#endif
    if (st->ge) {
        if (x->lb < tL) x->lb = (int8_t)tL;
    } else {
        if (x->ub > tL - 1) x->ub = (int8_t)(tL - 1);
    }
    if (st->bs != 0xFF) {
        x->best_suit = st->bs;
        x->best_rel = st->br;
    }
}

/* A store waits until the next one (or the end of the search: tt_flush) before it is made, its
 * bucket's cache line fetched meanwhile: made at once, it waited on that line, which the search
 * of the node's subtree had mostly pushed out of the cache (perf: 12% of search_lead's samples,
 * the most of any instruction).  Its filter bits are set at once, and a lookup of its bucket in
 * between makes it first, so lookups find what they found before (the nodes differ only by the
 * order of stores into other buckets, which may choose other victims: 100 full deals x 5 -0.004%;
 * a store left waiting through such a lookup, +4.5% nodes: the next trick start, a sibling's,
 * often falls in the class just stored). */
ALWAYS_INLINE void tt_defer(tt_table *t, const tt_store *st) {
    __builtin_prefetch(&t->buckets[st->h & t->bmask]);
    if (t->npend) {
        const tt_store prev = t->pend;
        tt_put(t, &prev);
    }
    /* marked after the store before it is made, which may empty a full table (and its filter) */
    tt_mark(t, st->line, st->h, st->wild);
    t->pend = *st;
    t->npend = 1;
}

/* Makes the store still waiting, if any. */
static void tt_flush(tt_table *t) {
    if (!t->npend) return;
    const tt_store st = t->pend;
    t->npend = 0;
    tt_put(t, &st);
}

/* Trick-start node. */
static int search_lead(dd_engine *e, int depth, u64 *wr) {
    const int L = e->tl;
    const int R = popc(e->hand[L]);
    const int need = e->target - e->won;
    *wr = 0;
    if (need <= 0) return 1;
    if (need > R) return 0;
    const int mine = side_of(e, L) == e->maxside; /* the leader plays for the target */
    const int lc = side_of(e, L) == e->cntside;   /* his tricks are the ones counted */
    if (R == 1) {
        int tc[4];
        for (int i = 0; i < e->np; i++) {
            int seat = (L + i) & (e->np - 1);
            u64 h = e->hand[seat];
            int bit = __builtin_ctzll(h);
            tc[i] = bit;
        }
        int wi = trick_winner_index(tc, e->np, e->trump);
        int sb = rank_winner(tc, e->np, wi);
        if (sb >= 0) *wr = 1ull << (16 * (sb >> 4) + (sb & 15));
        int ws = (L + wi) & (e->np - 1);
        return side_of(e, ws) == e->cntside;
    }
    /* Transposition table: bounds on the leader's side's tricks.  It is asked before the
     * sure-trick cut-offs below: nearly half the trick starts are answered by it, and the
     * cut-offs' counts (quick_tricks alone was 15% of the instructions) are then not needed.  An
     * answer from the table pins more than a cut-off would, so the nodes above store narrower
     * entries (3-4% more nodes), but the time falls (full deals 2-5%, the Monte-Carlo workload
     * 10-12%, measured side by side in one process). */
    const int tL = lc ? need : R - need + 1; /* the question: leader's side >= tL ? */
    u64 own[2], key;
    position_key(e, own, &key);
    const u64 base = tt_base(key);
    /* Entries are keyed on the strain too: the trump, or no-trump once no trump is left in play
     * (the play is then exactly a no-trump play, so those entries serve every strain's search,
     * e.g. the other strains of a 20-result table). */
    const int strain = e->trump < 4 && e->rem[e->trump] ? e->trump : 4;
    const int lead_key = L | strain << 16;
    const u32 line = tt_mix(base, lead_key);
    int best_card = -1;
    /* Buckets are keyed also on, per suit, the owner of its top remaining card when the entry
     * pins that suit, or a wildcard (4) when it pins none of it: a lookup tries every mix. */
#ifdef __BMI2__
    /* (each suit's two bits gathered (pext), then spread to bits 2 + 3s (pdep): 40 instructions
     * a lookup as the loop below) */
    const int tops_key = (int)_pdep_u32(
        (u32)(_pext_u64(own[0], 0x300000003ull) | _pext_u64(own[1], 0x300000003ull) << 4), 0x1B6C);
#else
    int tops_key = 0;
    for (int s = 0; s < 4; s++)
        tops_key |= (int)((own[s >> 1] >> (32 * (s & 1))) & 3) << (2 + 3 * s);
#endif
    /* the suits with a card left (in some hand: the lengths' four nibbles of each suit or'ed,
     * then bits 0, 4, 8, 12 of the nonzero ones gathered by a multiplication) */
    u64 lens = key | key >> 16 | key >> 32 | key >> 48;
    lens = (lens | lens >> 1 | lens >> 2 | lens >> 3) & 0x1111;
    const u32 avail = (u32)((lens * 0x1248) >> 12) & 15;
    /* the last trick is found directly; from two cards a hand on the table answers (at two,
     * with the cut-off cache and the unpinned bottom runs, 1.5% fewer instructions than
     * searching) */
    const int use_tt = R > TT_MIN_TRICKS;
    /* the most general mixes first: an entry found there pins fewer cards, so the nodes above
     * store more general entries in turn (4% fewer nodes than the most specific first) */
    /* only the patterns stored under this line (those that pin a suit with no card left never
     * match) */
    u32 pats = use_tt ? tt_patterns(&e->tt, line) : 0;
#ifndef DD_VERIFY
    /* the line's filter words, found once for every mix rather than from the whole filter at
     * each (1% of the search's instructions) */
    const u64 *const fline = &e->tt.filter[tt_line_word(&e->tt, line)];
#endif
    while (pats) {
    const u32 wild = (u32)top_bit(pats);
    pats ^= 1u << wild;
    if ((~avail & 15u & ~wild) != 0) continue;
    const int lk = bucket_leader_key(lead_key, tops_key, wild);
#ifdef DD_VERIFY
    if (!e->nott && e->tt.npend && e->tt.pend.h == tt_mix(base, lk)) tt_flush(&e->tt);
    tt_bucket *b = e->nott ? NULL : tt_find(&e->tt, key, lk, tt_mix(base, lk), 0);
#else
    const u32 h = tt_mix(base, lk);
    tt_bucket *b = NULL;
    const u32 fbit = tt_line_bit(h);
    if (fline[fbit >> 6] >> (fbit & 63) & 1) { /* (the filter bit: maybe stored) */
        /* a store waiting for this bucket is made first */
        if (e->tt.npend && e->tt.pend.h == h) tt_flush(&e->tt);
        b = tt_find(&e->tt, key, lk, h, 0);
    }
#endif
    const tt_entry *x = b ? tt_walk(e, b, own, tL, L, &best_card) : NULL;
    if (x) {
        const int res = x->lb >= tL;
        u64 w = 0;
        for (int s = 0; s < 4; s++) {
            const int k = x->pins[s >> 1] >> (4 * (s & 1)) & 15;
            w |= (u64)top_k(e->rem[s], k) << (16 * s);
        }
        *wr = w;
#ifdef DD_VERIFY
        if (!e->nott) {
            e->nott = 1;
            u64 w2;
            int truth = search_lead(e, depth, &w2);
            e->nott = 0;
            if (truth != (lc ? res : !res)) {
                fprintf(stderr, "BAD HIT L=%d R=%d need=%d tL=%d lb=%d ub=%d mine=%d\n", L, R, need, tL, x->lb, x->ub, mine);
                for (int h = 0; h < e->np; h++) { for (int s2 = 0; s2 < 4; s2++) fprintf(stderr, "%04x ", suit_of_hand(e->hand[h], s2)); fprintf(stderr, "| "); }
                fprintf(stderr, "\nmask %016llx %016llx own %016llx %016llx cur %016llx %016llx\n", (unsigned long long)pin_mask[x->pins[0]], (unsigned long long)pin_mask[x->pins[1]], (unsigned long long)x->own[0], (unsigned long long)x->own[1], (unsigned long long)own[0], (unsigned long long)own[1]);
                fprintf(stderr, "stored from (res %d tL %d): ", x->dbgres, x->dbgtl);
                for (int h = 0; h < e->np; h++) { for (int s2 = 0; s2 < 4; s2++) fprintf(stderr, "%04x ", suit_of_hand(x->dbg[h], s2)); fprintf(stderr, "| "); }
                fprintf(stderr, "\n");
                abort();
            }
        }
#endif
        return lc ? res : !res;
    }
    }

    /* the cut-off cache's slot, fetched while the sure tricks are counted */
    u64 ctag;
    u64 *const slot =
        cut_slot(&e->tt,
                 ((e->hand[L] ^ (u64)(L | e->trump << 2) << 58) * 0x9E3779B97F4A7C15ull) ^
                     (e->hand[(L + 2) & (e->np - 1)] * 0xC4CEB9FE1A85EC53ull),
                 &ctag);
    __builtin_prefetch(slot);
    /* sure tricks for the leader's side: every cut-off below assumes partners opposite and a
     * side that cashes its winners, so other games search without them */
    if (e->plain) {
        u16 q[4];
        const int stop = mine ? need : R - need + 1; /* enough sure tricks for a cut-off */
        int qt = quick_tricks(e, L, stop, 1, q);
        int own = 1; /* q and qt are still the leader's own count */
        if (e->np == 4 && !(mine ? qt >= need : R - qt < need)) {
            /* Or the partner's: when the leader can reach him at once by leading a suit in which
             * the partner's top cards count (his top card takes the first round whoever
             * follows, exactly as if he had led it), the partner's cashing line is the side's. */
            const int P = (L + 2) & 3;
            u16 qp[4];
            /* (his line ends in his hand: no crossing back, as his count assumes he is on lead
             * from the first round of the entry suit) */
            u32 reach = 0; /* suits the leader holds whose top card the partner holds */
            for (int s = 0; s < 4; s++)
                reach |= (u32)((suit_of_hand(e->hand[L], s) != 0) & ((int)(e->pat[s] & 3) == P))
                         << s;
            const int qtp = reach ? quick_tricks(e, P, stop, 0, qp) : 0;
            int entry = 0; /* one of them counts in his line (no opponent ruffs it) */
            for (int s = 0; s < 4 && qtp; s++) entry |= (reach >> s & 1) && qp[s];
            if (entry) {
                const int tr = e->trump;
                const int opp_trumps = tr < 4 && (suit_of_hand(e->hand[(L + 1) & 3], tr) |
                                                  suit_of_hand(e->hand[(L + 3) & 3], tr));
                const int overlap =
                    (q[0] & qp[0]) | (q[1] & qp[1]) | (q[2] & qp[2]) | (q[3] & qp[3]);
                if (!opp_trumps && !overlap) {
                    /* With no trumps against them, both lines add up: the leader cashes his own
                     * winners (his partner follows with cards he does not need, having at most
                     * R - qtp winners to keep), then crosses in the entry suit, which nobody can
                     * ruff, and the partner cashes his.  Neither count reached the cut-off, so
                     * each is whole, and they count no card twice. */
                    int both = qt + qtp;
                    qt = both < R ? both : R;
                    for (int s = 0; s < 4; s++) q[s] |= qp[s];
                    own = 0;
                } else if (qtp > qt) {
                    qt = qtp;
                    q[0] = qp[0];
                    q[1] = qp[1];
                    q[2] = qp[2];
                    q[3] = qp[3];
                    own = 0;
                }
            }
        }
        if (mine ? qt >= need : R - qt < need) {
            *wr = pack_ranks(q);
            return mine;
        }
        /* trumps higher than every trump of the other side each win a trick */
        if (e->trump < 4 && e->rem[e->trump]) {
            const int tr = e->trump;
            const u64 m0 = e->hand[L], m1 = e->np == 4 ? e->hand[(L + 2) & 3] : 0;
            const u64 o0 = e->hand[(L + 1) & (e->np - 1)];
            const u64 o1 = e->np == 4 ? e->hand[(L + 3) & 3] : 0;
            const u16 ot = suit_of_hand(o0, tr), ot1 = suit_of_hand(o1, tr);
            const u16 lt = (u16)(suit_of_hand(m0, tr) | suit_of_hand(m1, tr));
            /* the other side's sure trump tricks: other side >= k, so leader's side <= R - k */
            u16 pin;
            int k = sure_trumps(ot, ot1, lt, &pin);
            if (k > 0 && (mine ? R - k < need : k >= need)) {
                *wr = (u64)pin << (16 * tr);
                return !mine;
            }
            /* the same for the leader's side */
            k = sure_trumps(suit_of_hand(m0, tr), suit_of_hand(m1, tr), (u16)(ot | ot1), &pin);
            if (k > 0 && (mine ? k >= need : R - k < need)) {
                *wr = (u64)pin << (16 * tr);
                return mine;
            }
            /* Or those trumps after the leader's cashes in the side suits (his count less its
             * trump tricks, whole as it fell short of the stop): quick_tricks counts no more
             * rounds of a side suit than an opponent holding trumps, or the partner holding
             * trumps, can follow, so those cashes touch nobody's trumps, and the trumps counted
             * still win a trick each afterwards. */
            if (k > 0 && own && qt + k >= stop) {
                const u16 t0 = suit_of_hand(m0, tr);
                u16 ttop;
                const int tq = t0 ? suit_cashes(t0, suit_of_hand(m1, tr), ot, ot1, 1, &ttop) : 0;
                if (qt - tq + k >= stop) {
                    q[tr] = pin;
                    *wr = pack_ranks(q);
                    return mine;
                }
            }
        }
    }
    /* no trumps in play: the other side tops every suit the leader holds, and cashes enough */
    u16 sw[4]; /* the ranks the cut-offs below rely on */
    if (e->np == 4 && e->plain && (e->trump == 4 || !e->rem[e->trump])) {
        const int tS = mine ? need : R - need + 1; /* the leader's side needs tS */
        if (tS > 1) {
            const int k = other_side_cashes(e, L, sw);
            if (k > 0 && R - k < tS) {
                *wr = pack_ranks(sw);
                return !mine;
            }
        }
    }
    /* the leader's side needs one trick, and the partner ruffs a suit the leader leads */
    if (e->np == 4 && e->plain && (mine ? need == 1 : need == R) && partner_ruffs(e, L, sw)) {
        *wr = pack_ranks(sw);
        return mine;
    }
    /* or holds the second-best trump, guarded, behind the best */
    if (e->np == 4 && e->plain && (mine ? need == 1 : need == R) && e->trump < 4 &&
        second_trump_behind(e, L, sw)) {
        *wr = pack_ranks(sw);
        return mine;
    }
    /* the leader's side needs every trick left, and the other side surely takes one */
    if (e->np == 4 && e->plain && (mine ? need == R : need == 1) &&
        other_side_sure_trick(e, L, R, sw)) {
        *wr = pack_ranks(sw);
        return !mine;
    }
    /* search the leads, the cut-off cache's first */
    move_t mv[16];
    int n;
    /* the cut-off cache's card, when the leader holds it heading its run, is searched before
     * the weights are found (they are found only if it makes no cut-off) */
    const u64 sv = *slot;
    const int c0 = (int)(sv & 0xFF);
    u64 lazy = 0;
    if ((sv & ~0xFFull) == ctag && c0 < 64 && (e->hand[L] >> c0 & 1) &&
        (run_reps(suit_of_hand(e->hand[L], c0 >> 4), e->rem[c0 >> 4]) >> (c0 & 15) & 1)) {
        mv[0].card = (int8_t)c0;
        n = 1;
        lazy = sv;
    } else {
        n = gen_leads(e, L, mv, depth, best_card);
        cut_first(mv, n, sv, ctag);
    }
    const int maxnode = mine;
    u64 acc = 0;
    int result = !maxnode;
    int cut_card = -1;
    u64 skip = 0; /* Kuijf: cards that need no search */
    u32 skip_set = 0;
    for (int i = 0; i < n; i++) {
        undo_t u;
        int c = mv[i].card;
        if (skip >> c & 1) continue;
        do_play_k(e, c, &u, 0, L); /* (a lead ends no trick: two hands or more) */
        u64 cw;
        int r = search(e, depth + 1, &cw);
        undo_play_k(e, c, &u, 0, L);
        if (r == maxnode) {
            result = r;
            acc = cw;
            cut_card = c;
            e->killer[depth] = c;
            e->hist[c] += (u32)(R * R);
            *slot = ctag | (u64)c;
            break;
        }
        failed_move(&acc, cw, &skip, &skip_set, c);
        if (lazy) {
            n = gen_leads(e, L, mv, depth, best_card);
            cut_first(mv, n, lazy, ctag);
            lazy = 0;
        }
    }
    *wr = acc;

    /* store */
#ifdef DD_VERIFY
    if (!e->nott)
#endif
    if (use_tt) {
        u8 pins[2] = {0, 0};
        for (int s = 0; s < 4; s++) {
            /* (none when no rank of the suit matters: low_bit 15, above every card) */
            const u16 a = suit_ranks(acc, s);
            int k = popc16(e->rem[s] & (u16) ~((1u << low_bit(a | 0x8000u)) - 1));
            pins[s >> 1] |= (u8)(k << (4 * (s & 1)));
        }
        const u64 mask[2] = {pin_mask[pins[0]], pin_mask[pins[1]]};
        u64 mo0 = own[0] & mask[0], mo1 = own[1] & mask[1];
        int leader_ge = lc ? result : !result; /* leader's side >= tL ? */
        u8 bs = 0xFF, br = 0;
        if (cut_card >= 0) {
            bs = (u8)(cut_card >> 4);
            br = (u8)popc16(e->rem[bs] & above_mask(cut_card & 15));
        }
        u32 wild = 0;
        for (int s = 0; s < 4; s++)
            wild |= (u32)(((mask[s >> 1] >> (32 * (s & 1))) & 3) == 0) << s;
        const int lk = bucket_leader_key(lead_key, tops_key, wild);
        tt_store st;
        st.key = key;
        st.own[0] = mo0;
        st.own[1] = mo1;
        st.h = tt_mix(base, lk);
        st.line = line;
        st.lk = lk;
        st.pins[0] = pins[0];
        st.pins[1] = pins[1];
        st.R = (int8_t)R;
        st.tL = (int8_t)tL;
        st.ge = (u8)leader_ge;
        st.bs = bs;
        st.br = br;
        st.wild = (u8)wild;
#ifdef DD_VERIFY
        for (int h = 0; h < 4; h++) st.dbg[h] = e->hand[h];
        st.dbgres = result;
#endif
        tt_defer(&e->tt, &st);
    }
    return result;
}

/* A follower's moves mv[0..n) searched in turn (ends: whether they end the trick, see
 * do_play_k). */
ALWAYS_INLINE int follow_moves(dd_engine *e, int depth, u64 *wr, move_t *mv, int n, int pl,
                               int maxnode, u64 *cslot, u64 ctag, u64 lazy, int ends) {
    u64 acc = 0;
    u64 skip = 0; /* Kuijf: cards that need no search */
    u32 skip_set = 0;
    for (int i = 0; i < n; i++) {
        undo_t u;
        int c = mv[i].card;
        if (skip >> c & 1) continue;
        int winc = do_play_k(e, c, &u, ends, pl);
        u64 cw;
        int r = search(e, depth + 1, &cw);
        undo_play_k(e, c, &u, ends, pl);
        if (ends) cw |= ((u64)(winc & 0x1FFF) << (16 * ((winc >> 16) & 3))) & -(u64)(winc >= 0);
        if (r == maxnode) {
            if (cslot) *cslot = ctag | (u64)c;
            *wr = cw;
            return r;
        }
        failed_move(&acc, cw, &skip, &skip_set, c);
        if (lazy) {
            /* the cache's card failed: the other moves, in their weights' order */
            n = gen_follows(e, pl, mv, depth, -1);
            cut_first(mv, n, lazy, ctag);
            lazy = 0;
        }
    }
    *wr = acc;
    return !maxnode;
}

static int search(dd_engine *e, int depth, u64 *wr) {
    e->nodes++;
    if (e->nodes >= e->node_stop) {
        /* unwound at once: every result from here on is discarded (the count only grows, so
         * every later node stops here too) */
        e->aborted = 1;
        return 0;
    }
    if (e->tn == 0) return search_lead(e, depth, wr);
    const int pl = (e->tl + e->tn) & (e->np - 1);
    const int maxnode = side_of(e, pl) == e->maxside;
    /* the moves: a follower with one run of cards in the suit led has one (no weights to find: a
     * third of the followers' nodes); the last hand following suit needs no weights either;
     * otherwise the cut-off cache's slot is fetched before the sure-trick checks below */
    const int ls = e->tc[0] >> 4;
    const u16 fol = suit_of_hand(e->hand[pl], ls);
    const u16 reps = fol ? run_reps(fol, e->rem[ls]) : 0;
    u64 *cslot = NULL, ctag = 0; /* the cut-off cache's, when the moves are weighed */
    if (!(reps && !(reps & (reps - 1))) && !(reps && e->tn == e->np - 1 && !e->misere)) {
        const u64 pard = e->np == 4 ? e->hand[(pl + 2) & 3] : 0;
        /* the cards on the table, 8 bits each (those past tn masked off: no loop to leave after
         * a varying count) */
        const u32 tcw = ((u32)e->tc[0] | (u32)e->tc[1] << 8 | (u32)e->tc[2] << 16) &
                        ((1u << (8 * e->tn)) - 1);
        const u64 tcs = (u64)e->rem[ls] << 24 | tcw;
        cslot = cut_slot(&e->tt,
                         ((e->hand[pl] ^ (u64)(pl | e->tn << 2 | e->trump << 4) << 57) *
                          0x9E3779B97F4A7C15ull) ^
                             (pard * 0xC4CEB9FE1A85EC53ull) ^ (tcs * 0xFF51AFD7ED558CCDull),
                         &ctag);
        __builtin_prefetch(cslot);
    }
    if (e->tn == 1 && e->np == 4 && depth > 0 && e->plain) {
        /* second hand: can his side surely win this trick, and is that enough?  In no-trump,
         * or when it holds every trump left, the hand that wins it (by its top card) then
         * leads, and cashes its second-best card in the suit if it holds the two top ones, and
         * its top card in every other suit (or every card of a suit nobody else holds): enough
         * with those?  (After DDS's no-trump case.) */
        const int R = popc(e->hand[pl]);
        const int needq = maxnode ? e->target - e->won : e->won + R - e->target + 1;
        const int tr = e->trump;
        const int third = (pl + 1) & 3, fourth = (pl + 2) & 3;
        /* no trump can interfere with the cashing when one hand of the side holds them all */
        const u16 trumps = tr < 4 ? e->rem[tr] : 0;
        const int all_trumps_pl = !(trumps & ~suit_of_hand(e->hand[pl], tr & 3));
        const int all_trumps_4th = !(trumps & ~suit_of_hand(e->hand[fourth], tr & 3));
        if (needq <= 1 || ((all_trumps_pl || all_trumps_4th) && needq <= R)) {
            const int lc = e->tc[0], ls = lc >> 4;
            const u16 f3 = suit_of_hand(e->hand[third], ls);
            const int third_ruffs = !f3 && tr < 4 && tr != ls && suit_of_hand(e->hand[third], tr);
            if (!third_ruffs) {
                const u16 f2 = suit_of_hand(e->hand[pl], ls), f4 = suit_of_hand(e->hand[fourth], ls);
                const u16 ours = (u16)(f2 | f4);
                const u16 theirs = (u16)(f3 | (1u << (lc & 15)));
                int q = 0;
                u16 sw[4] = {0, 0, 0, 0};
                if (ours && top_bit(ours) > top_bit(theirs)) {
                    q = 1;
                    sw[ls] = (u16)(1u << top_bit(ours));
                    const int hh = f2 >> top_bit(ours) & 1 ? pl : fourth;
                    if (q < needq && (hh == pl ? all_trumps_pl : all_trumps_4th)) {
                        const u16 mine_ls = suit_of_hand(e->hand[hh], ls);
                        const u16 rest = (u16)(e->rem[ls] & ~(1u << top_bit(ours)));
                        if (rest && (mine_ls >> top_bit(rest) & 1)) {
                            q++;
                            sw[ls] |= (u16)(1u << top_bit(rest));
                        }
                        for (int s = 0; s < 4 && q < needq; s++) {
                            const u16 own_s = suit_of_hand(e->hand[hh], s);
                            if (s == ls || !own_s) continue;
                            if (own_s == e->rem[s]) {
                                q += popc16(own_s);
                            } else if (own_s >> top_bit(e->rem[s]) & 1) {
                                q++;
                                sw[s] = (u16)(1u << top_bit(e->rem[s]));
                            }
                        }
                    }
                } else if (tr < 4 && tr != ls &&
                           ((!f2 && suit_of_hand(e->hand[pl], tr)) ||
                            (!f4 && suit_of_hand(e->hand[fourth], tr)))) {
                    q = 1;
                }
                if (q >= needq) {
                    *wr = pack_ranks(sw);
                    return maxnode;
                }
            }
        } else if (tr < 4 && tr != e->tc[0] >> 4 && trumps) {
            /* In a trump contract, a side suit led, the third hand unable to ruff: when the
             * second hand's side surely wins this trick, by rank (its top card in the suit led
             * beats the opponents') or by a ruff (with the ruffer's lowest trump), the other hand
             * of the side following suit or throwing a card besides trumps, its trumps above all
             * of the opponents' each win a later trick, counted as sure_trumps does: enough with
             * those? */
            const int ls = e->tc[0] >> 4;
            const u64 h2 = e->hand[pl], h4 = e->hand[fourth], h3 = e->hand[third];
            const u16 f3 = suit_of_hand(h3, ls);
            const u16 t2 = suit_of_hand(h2, tr), t4 = suit_of_hand(h4, tr);
            const u16 against = (u16)(suit_of_hand(e->hand[e->tl], tr) | suit_of_hand(h3, tr));
            /* (sure_trumps counts no more than the side's trumps above all of the opponents') */
            const u16 t24 = (u16)(t2 | t4);
            const u16 hi = against ? (u16)(t24 & above_mask(top_bit(against))) : t24;
            if (popc16(hi) + 1 >= needq && (f3 || !suit_of_hand(h3, tr))) {
                const u16 f2 = suit_of_hand(h2, ls), f4 = suit_of_hand(h4, ls);
                const u64 tmask = (u64)0x1FFF << (16 * tr);
                const int keep2 = f2 || (h2 & ~tmask), keep4 = f4 || (h4 & ~tmask);
                const u16 ours = (u16)(f2 | f4);
                int best = -1;
                u16 bpin = 0, bls = 0, pin;
                if (ours && keep2 && keep4 &&
                    top_bit(ours) > top_bit((u16)(f3 | (1u << (e->tc[0] & 15))))) {
                    best = sure_trumps(t2, t4, against, &bpin);
                    bls = (u16)(1u << top_bit(ours));
                }
                if (best + 1 < needq && !f2 && t2 && keep4) {
                    const int k = sure_trumps((u16)(t2 & (t2 - 1)), t4, against, &pin);
                    if (k > best) best = k, bpin = pin, bls = 0;
                }
                if (best + 1 < needq && !f4 && t4 && keep2) {
                    const int k = sure_trumps(t2, (u16)(t4 & (t4 - 1)), against, &pin);
                    if (k > best) best = k, bpin = pin, bls = 0;
                }
                if (best + 1 >= needq) {
                    /* (tr differs from ls) */
                    *wr = (u64)bls << (16 * ls) | (u64)bpin << (16 * tr);
                    return maxnode;
                }
            }
        }
    }
    move_t mv[16];
    int n;
    u64 lazy = 0; /* the cut-off cache's word, when its card is searched before any weighing */
    if (reps && !(reps & (reps - 1))) {
        mv[0].card = (int8_t)(16 * ls + low_bit(reps));
        n = 1;
    } else if (!cslot) {
        /* the last hand following suit: the cheapest card that beats an opponent's winning
         * card and the cards above it, then the cards below, each lowest first (the order
         * gen_moves's weights give, for less) */
        const int wi = e->twi;
        const int wc = e->tc[wi], wseat = (e->tl + wi) & (e->np - 1);
        u16 first = 0;
        if ((wc >> 4) == ls && side_of(e, wseat) != side_of(e, pl))
            first = (u16)(reps & above_mask(wc & 15));
        n = 0;
        for (u16 m = first; m; m &= (u16)(m - 1)) mv[n++].card = (int8_t)(16 * ls + low_bit(m));
        for (u16 m = (u16)(reps & ~first); m; m &= (u16)(m - 1))
            mv[n++].card = (int8_t)(16 * ls + low_bit(m));
    } else {
        /* The cut-off cache's card, when it is one of the moves gen_moves would give (a card of
         * the suit led, or of any suit when void, heading its run), comes first whatever the
         * weights: it is searched before they are found, and they are found only if it makes no
         * cut-off (the same search: a follower's weights depend on nothing the search below
         * changes). */
        const u64 sv = *cslot;
        const int c0 = (int)(sv & 0xFF);
        if ((sv & ~0xFFull) == ctag && c0 < 64 && (e->hand[pl] >> c0 & 1) &&
            (!fol || c0 >> 4 == ls) &&
            (run_reps(suit_of_hand(e->hand[pl], c0 >> 4), e->rem[c0 >> 4]) >> (c0 & 15) & 1)) {
            mv[0].card = (int8_t)c0;
            n = 1;
            lazy = sv;
        } else {
            n = gen_follows(e, pl, mv, depth, -1);
            cut_first(mv, n, sv, ctag);
        }
    }
    /* the last hand's moves end the trick, the others' do not: the loop compiled for each */
    if (e->tn == e->np - 1)
        return follow_moves(e, depth, wr, mv, n, pl, maxnode, cslot, ctag, lazy, 1);
    return follow_moves(e, depth, wr, mv, n, pl, maxnode, cslot, ctag, lazy, 0);
}

/* The answers of a card-values solve, kept for Kuijf's rule across its cards (dd_solve): each
 * search's suit, target, answer and the lowest rank of the suit it relied on; and the card
 * searched now (its suit and rank) with the winner's ranks of a trick it completes (winc). */
typedef struct {
    int8_t suit[64], target[64], ok[64], low[64];
    int n;
    int cs, cr, winc;
} kept_t;

/* Keep a search's answer (ok at target t, relying on the ranks wr) when the card searched lies
 * below every rank of its suit that the answer relied on. */
static void keep_answer(kept_t *k, int ok, int t, u64 wr) {
    if (k->winc >= 0) wr |= (u64)(k->winc & 0x1FFF) << (16 * (k->winc >> 16));
    const u16 a = suit_ranks(wr, k->cs);
    const int low = a ? low_bit(a) : 15;
    if (k->cr < low && k->n < 64) {
        k->suit[k->n] = (int8_t)k->cs;
        k->target[k->n] = (int8_t)t;
        k->ok[k->n] = (int8_t)ok;
        k->low[k->n] = (int8_t)low;
        k->n++;
    }
}

/* Exact tricks for cntside (counted in e->won terms: since the root) of the current state, known
 * to lie in [lo, hi], starting from guess g; each answer kept in k (NULL: none). */
static int mtd(dd_engine *e, int lo, int hi, int g, kept_t *k) {
    if (g < lo) g = lo;
    if (g > hi) g = hi;
    while (lo < hi) {
        int t = g;
        if (t <= lo) t = lo + 1;
        if (t > hi) t = hi;
        e->target = t;
        u64 wr;
        int ok = search(e, 0, &wr);
        tt_flush(&e->tt);
        if (e->aborted) return lo;
        if (k) keep_answer(k, ok, t, wr);
        if (ok) {
            lo = t;
            g = t + 1;
        } else {
            hi = t - 1;
            g = t - 1;
        }
    }
    return lo;
}

/* ------------------------------------------------------------------------------------------ */
/* Public entry points */

const char *dd_error_message(int code) {
    switch (code) {
    case DD_OK: return "ok";
    case DD_ERR_PLAYERS: return "a position has 2 or 4 hands";
    case DD_ERR_TRUMP: return "trump must be a suit (0..3) or no-trump (4)";
    case DD_ERR_LEADER: return "the leader is not a seat at this table";
    case DD_ERR_CARD: return "a card outside the 52-card pack";
    case DD_ERR_OVERLAP: return "a card is held twice, or both held and on the table";
    case DD_ERR_TRICK: return "the current trick is too long or repeats a card";
    case DD_ERR_COUNT: return "hand sizes do not fit each other and the current trick";
    case DD_ERR_EMPTY: return "no card is left to play";
    case DD_ERR_MEMORY: return "out of memory for the transposition table";
    case DD_ERR_REVOKE: return "the current trick shows a revoke: a player did not follow suit";
    case DD_ERR_SIDES: return "the sides must split the seats into two sides, each with a seat";
    case DD_ERR_BUDGET: return "the search reached its node limit";
    default: return "unknown error";
    }
}

int dd_check_position(const dd_position *p) {
    if (!p) return DD_ERR_PLAYERS;
    const int np = p->nhands;
    if (np != 2 && np != 4) return DD_ERR_PLAYERS;
    if (p->trump < 0 || p->trump > 4) return DD_ERR_TRUMP;
    if (p->leader < 0 || p->leader >= np) return DD_ERR_LEADER;
    if (p->ntrick < 0 || p->ntrick >= np) return DD_ERR_TRICK;
    if (p->sides != DD_SIDES_PARTNERS) {
        const int seats = p->sides & ((1 << np) - 1);
        if (p->sides < 0 || p->sides > 15 || seats == 0 || seats == (1 << np) - 1)
            return DD_ERR_SIDES;
    }
    const u64 full = (1ull << 52) - 1;
    u64 seen = 0;
    for (int i = 0; i < np; i++) {
        if (p->hands[i] & ~full) return DD_ERR_CARD;
        if (p->hands[i] & seen) return DD_ERR_OVERLAP;
        seen |= p->hands[i];
    }
    for (int i = 0; i < p->ntrick; i++) {
        int c = p->trick[i];
        if (c < 0 || c >= 52) return DD_ERR_CARD;
        if (seen >> c & 1) return DD_ERR_OVERLAP;
        seen |= 1ull << c;
    }
    const int to_move = (p->leader + p->ntrick) % np;
    const int n = popc(p->hands[to_move]);
    const int maxn = np == 4 ? 13 : 26;
    if (n > maxn) return DD_ERR_COUNT;
    for (int i = 0; i < np; i++) {
        int seat = (p->leader + i) % np;
        int want = i < p->ntrick ? n - 1 : n;
        if (popc(p->hands[seat]) != want) return DD_ERR_COUNT;
    }
    if (n == 0) return DD_ERR_EMPTY;
    if (p->ntrick > 0) {
        int ls = p->trick[0] / 13;
        for (int i = 1; i < p->ntrick; i++) {
            int seat = (p->leader + i) % np;
            int cs = p->trick[i] / 13;
            if (cs != ls && ((p->hands[seat] >> (13 * ls)) & 0x1FFF)) return DD_ERR_REVOKE;
        }
    }
    return DD_OK;
}

ALWAYS_INLINE u64 to_internal(u64 m) {
    u64 r = 0;
    for (int s = 0; s < 4; s++) r |= ((m >> (13 * s)) & 0x1FFF) << (16 * s);
    return r;
}

ALWAYS_INLINE int card_to_internal(int c) { return 16 * (c / 13) + c % 13; }
ALWAYS_INLINE int card_to_external(int c) { return 13 * (c >> 4) + (c & 15); }

/* Forgets the move-ordering memory (killer leads, lead history). */
static void forget_ordering(dd_engine *e) {
    memset(e->killer, 0xFF, sizeof e->killer);
    memset(e->hist, 0, sizeof e->hist);
}

/* The move-ordering memory a solve starts from: no killer leads, and the lead history of the
 * solves since dd_engine_clear or a change of game, halved (the newest weigh most, and it stays
 * bounded); a new deal (tt_same_deal) empties the table but keeps it.
 * The samples of one decision are solved in a row on a warm table, and the leads that made
 * cut-offs in one world mostly make them in the next (Monte-Carlo workload 1.4% fewer nodes than
 * a history forgotten at every solve; a solve after emptying the table starts as before). */
static void age_ordering(dd_engine *e) {
    memset(e->killer, 0xFF, sizeof e->killer);
    for (int i = 0; i < 64; i++) e->hist[i] >>= 1;
}

/* Loads a checked position into the engine. */
static void load(dd_engine *e, const dd_position *p) {
    e->np = p->nhands;
    e->trump = p->trump;
    memset(e->rem, 0, sizeof e->rem);
    memset(e->owner, 0, sizeof e->owner);
    for (int i = 0; i < 4; i++) e->hand[i] = 0;
    for (int i = 0; i < e->np; i++) {
        u64 h = to_internal(p->hands[i]);
        e->hand[i] = h;
        for (u64 m = h; m; m &= m - 1) e->owner[__builtin_ctzll(m)] = (u8)i;
        for (int s = 0; s < 4; s++) e->rem[s] |= suit_of_hand(h, s);
    }
    e->tl = p->leader;
    e->tn = p->ntrick;
    e->pre = p->ntrick;
    for (int i = 0; i < p->ntrick; i++) {
        int c = card_to_internal(p->trick[i]);
        e->tc[i] = c;
        e->owner[c] = (u8)((p->leader + i) % e->np);
        e->rem[c >> 4] |= (u16)(1u << (c & 15));
    }
    e->twi = e->tn ? trick_winner_index(e->tc, e->tn, e->trump) : 0;
    e->tbeat = e->tn ? rank_winner(e->tc, e->tn, e->twi) >= 0 : 0;
    for (int s = 0; s < 4; s++) {
        u32 pat = 0;
        int i = 0;
        for (u32 m = e->rem[s]; m; i++) {
            int r = top_bit(m);
            pat |= (u32)e->owner[16 * s + r] << (2 * i);
            m ^= 1u << r;
        }
        e->pat[s] = pat;
#ifdef __BMI2__
        u32 full = 0, keep = 0;
        for (u32 m = e->rem[s]; m; m &= m - 1) {
            const int r = low_bit(m);
            full |= (u32)e->owner[16 * s + r] << (2 * (12 - r));
            keep |= 3u << (2 * (12 - r));
        }
        e->pfull[s] = full;
        e->pkeep[s] = keep;
#endif
    }
    e->lkey = 0;
    for (int h = 0; h < e->np; h++)
        for (int s = 0; s < 4; s++)
            e->lkey += (u64)popc16(suit_of_hand(e->hand[h], s)) << (4 * (4 * h + s));
    /* the side without seat 0 */
    const int seats = (1 << e->np) - 1;
    const int side0 = p->sides == DD_SIDES_PARTNERS ? 0x5 & seats : p->sides & seats;
    e->side1 = side0 & 1 ? seats & ~side0 : side0;
    e->misere = p->misere != 0;
    e->plain = !e->misere && (e->np == 2 || e->side1 == 0xA);
    e->won = 0;
    e->nodes = 0;
}

/* The root's side to move plays for the target: the most tricks of its own, or in misere the
 * most of the other side's. */
static void set_root(dd_engine *e, int pl) {
    e->maxside = side_of(e, pl);
    e->cntside = e->misere ? !e->maxside : e->maxside;
}

/* Readies the table for a search with this number of hands, partition and objective.  An entry
 * states a fact about every position of its strain with its suit lengths and pinned owners,
 * whatever the deal or the cards already played, so the table may be kept from one solve to the
 * next while those three stay the same (the positions of one deal, the strains of a table:
 * entries are keyed on the strain in play, see search_lead; for another deal see tt_same_deal);
 * an entry of one game never answers for another (its bounds are on the leader's side's tricks
 * in that game). */
static void tt_ready(dd_engine *e) {
    if (!e->tt_live || e->tt_np != e->np || e->tt_side1 != e->side1 ||
        e->tt_misere != e->misere) {
        tt_clear(&e->tt);
        memset(e->hist, 0, sizeof e->hist);
        e->tt_live = 1;
        e->tt_np = e->np;
        e->tt_side1 = e->side1;
        e->tt_misere = e->misere;
    }
}

/* Empties the table when the position to solve is not of the deal the last solve's was (a hand
 * holds a card it did not hold at that root), another sampled world of a Monte-Carlo decision
 * say, unless it holds few entries (TT_KEEP_ENTRIES).  The entries of another deal still hold,
 * but few of them answer here, and a table filled by deal after deal spreads every lookup over
 * more memory: on the Monte-Carlo workload (32 worlds a decision) the entries kept from world to
 * world saved 5.6% of the nodes and made a node 11.8% dearer, so it is 6.8% faster emptied.  A
 * small table costs little to keep, and its entries save more there: the decisions at 4 and 7
 * cards a hand were 17% slower emptied at every world, as fast with up to 10,000 entries kept
 * (3,000: the same; 30,000: the 10- and 13-card decisions 1% slower).  Positions later in the
 * same deal (cards played since) keep it, as do the strains and leaders of one deal's table. */
static void tt_same_deal(dd_engine *e) {
    int other = 0;
    for (int i = 0; i < e->np; i++) other |= (e->hand[i] & ~e->deal[i]) != 0;
    if (other && e->tt.stored > TT_KEEP_ENTRIES) tt_clear(&e->tt);
    for (int i = 0; i < 4; i++) e->deal[i] = e->hand[i];
}

/* A first guess of the tricks for the side to move: its sure tricks, plus half of the rest. */
static int first_guess(const dd_engine *e, int R) {
    static const int hcp[13] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 3, 4};
    const int pl = (e->tl + e->tn) % e->np;
    int mine = 0, all = 0, tmine = 0, tall = 0;
    for (int h = 0; h < e->np; h++) {
        for (int s = 0; s < 4; s++) {
            u16 m = suit_of_hand(e->hand[h], s);
            int v = 0;
            for (u32 x = m; x; x &= x - 1) v += hcp[low_bit(x)];
            all += v;
            if (side_of(e, h) == side_of(e, pl)) mine += v;
            if (s == e->trump) {
                tall += popc16(m);
                if (side_of(e, h) == side_of(e, pl)) tmine += popc16(m);
            }
        }
    }
    /* least squares over DDS's results on 100 deals x 20 (the vector file's second half, not
     * the deals the benchmark times): the side on lead takes about half the tricks, a little
     * more in no-trump, plus 0.44 a high-card point over half and 1.05 a trump over half */
    double g = R / 2.0 + (e->trump < 4 ? 0.19 : 0.53) * R / 13.0;
    if (all > 0) g += (mine - all / 2.0) * 1.35 * R / (double)all;
    if (e->trump < 4) g += 1.05 * (tmine - tall / 2.0);
    int gi = (int)(g + 0.5);
    if (gi < 0) gi = 0;
    if (gi > R) gi = R;
    return e->misere ? R - gi : gi; /* misere counts the other side's tricks */
}

int dd_solve_within(dd_engine *e, const dd_position *p, int *tricks, int *values,
                    uint64_t only, uint64_t node_limit) {
    int t = 0, vals[52];
    e->node_limit = node_limit;
    e->node_stop = node_limit ? node_limit : UINT64_MAX;
    e->aborted = 0;
    int rc = dd_solve(e, p, &t, values ? vals : NULL, only);
    const int aborted = e->aborted;
    e->node_limit = 0;
    e->node_stop = UINT64_MAX;
    e->aborted = 0;
    if (rc != DD_OK) return rc;
    if (aborted) {
        dd_engine_clear(e);
        return DD_ERR_BUDGET;
    }
    *tricks = t;
    if (values) memcpy(values, vals, sizeof vals);
    return DD_OK;
}

/* The cards of the run of equivalent cards headed by c among the legal cards `legal`, as
 * external card bits (13*suit+rank). */
static uint64_t run_external(const dd_engine *e, u64 legal, int c) {
    const int s = c >> 4;
    const u16 own = suit_of_hand(legal, s), rem = e->rem[s];
    uint64_t run = 1ull << card_to_external(c);
    for (int q = (c & 15) - 1; q >= 0; q--) {
        if (!(rem >> q & 1)) continue;
        if (!(own >> q & 1)) break;
        run |= 1ull << card_to_external(16 * s + q);
    }
    return run;
}

int dd_solve(dd_engine *e, const dd_position *p, int *tricks, int *values, uint64_t only) {
    int rc = dd_check_position(p);
    if (rc != DD_OK) return rc;
    load(e, p);
    age_ordering(e);
    tt_ready(e);
    tt_same_deal(e);
    const int pl = (e->tl + e->tn) % e->np;
    set_root(e, pl);
    const int R = popc(e->hand[pl]); /* tricks still to be won, the current one included */
    /* the search counts cntside's tricks: in misere, the other side's, R less the side's own */
    if (!values) {
        int v = mtd(e, 0, R, first_guess(e, R), NULL);
        *tricks = e->misere ? R - v : v;
        return DD_OK;
    }
    for (int i = 0; i < 52; i++) values[i] = -1;
    /* legal cards, grouped into runs of equivalent cards */
    u64 h = e->hand[pl];
    u64 legal = h;
    if (e->tn > 0) {
        int ls = e->tc[0] >> 4;
        u64 f = h & (0x1FFFull << (16 * ls));
        if (f) legal = f;
    }
    /* Each card's own search, in the move order, from the best value so far (the first from
     * the guess): a card's value takes a search that succeeds at it and one that fails above
     * it, and a first search of the maximum over every card would only add the failing search
     * of every card above the best (9% fewer instructions on the Monte-Carlo workload).
     * Kuijf's rule across the cards: a search's answer for card c relies on the ranks it
     * returns, and when c lies below every rank of its suit among them, any other card of that
     * suit below them all gets the same answer at that target (the two positions are of one
     * class); so each search's answer is kept with the lowest rank of c's suit it relied on, and
     * a later card of the suit starts from the bounds those answers give it (often its value:
     * 13% of the cards of the Monte-Carlo workload are not searched). */
    const int guess = first_guess(e, R);
    int best = -1;
    move_t mv[16];
    int n = gen_moves(e, pl, mv, 0, -1);
    kept_t kept;
    kept.n = 0;
    for (int i = 0; i < n; i++) {
        int c = mv[i].card;
        const uint64_t run = run_external(e, legal, c); /* every card of the run headed by c */
        if (only && !(run & only)) continue;
        kept.cs = c >> 4;
        kept.cr = c & 15;
        int lo = 0, hi = R; /* c's value lies in [lo, hi] */
        for (int f = 0; f < kept.n; f++) {
            if (kept.suit[f] != kept.cs || kept.cr >= kept.low[f]) continue;
            if (kept.ok[f]) {
                if (kept.target[f] > lo) lo = kept.target[f];
            } else if (kept.target[f] - 1 < hi) {
                hi = kept.target[f] - 1;
            }
        }
        undo_t u;
        kept.winc = do_play(e, c, &u); /* (a trick c completes: its winner's ranks) */
        const int v = mtd(e, lo, hi, best >= 0 ? best : guess, &kept);
        undo_play(e, c, &u);
        if (v > best) best = v;
        const int mv_v = e->misere ? R - v : v;
        for (uint64_t b = run; b; b &= b - 1) values[__builtin_ctzll(b)] = mv_v;
    }
    *tricks = best < 0 ? -1 : e->misere ? R - best : best;
    return DD_OK;
}

int dd_lead_table(dd_engine *e, const uint64_t hands[4], int table[5][4]) {
    dd_position p;
    memset(&p, 0, sizeof p);
    p.nhands = 4;
    for (int i = 0; i < 4; i++) p.hands[i] = hands[i];
    p.trump = 0;
    p.leader = 0;
    int rc = dd_check_position(&p);
    if (rc != DD_OK) return rc;
    for (int s = 0; s < 5; s++) {
        int prev = -1;
        for (int l = 0; l < 4; l++) {
            p.trump = s;
            p.leader = l;
            load(e, &p);
            forget_ordering(e);
            tt_ready(e);
            tt_same_deal(e);
            set_root(e, l);
            int R = popc(e->hand[l]);
            int g = prev >= 0 ? R - prev : first_guess(e, R);
            int v = mtd(e, 0, R, g, NULL);
            table[s][l] = v;
            prev = v;
        }
    }
    return DD_OK;
}
