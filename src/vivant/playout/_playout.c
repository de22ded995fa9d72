/* Fast strict-mode playouts of one hand: the trick rules T1-T4 over card masks.
 *
 * A game is described by its metadata, passed in from Python (vivant.playout): the seats that
 * play to a trick led by each seat, in order (Table.seat_order), the number of cards to a trick,
 * and each seat's side.  A position is four hands (52-bit masks, card = 13 * suit + rank), the
 * trump (0-3, or 4 for no trump) and the leader.  Play is random among the legal cards: the
 * leader any card (T1), the others a card of the suit led if they hold one (T2) -- or, under the
 * rule flag FOLLOW_OR_TRUMP (All Fours, AF-3.2, Table.follow_or_trump), a trump instead; the highest
 * trump wins, else the highest card of the suit led (T3); the winner leads next (T4).
 *
 * trace()        one hand, the k-th legal card chosen at each step from given picks: every legal
 *                mask, every card and trick winner (for the differential test against the core);
 * random_hands() n hands dealt from a shuffled pack through the game's deal map and played out
 *                at random: tricks and trump honours per side, 4 bytes a hand.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

#define SUIT(c) ((c) / 13)
#define SUIT_BITS 0x1FFFULL

/* Rule flags (the flags argument): a trump may always be played instead of following suit. */
#define FOLLOW_OR_TRUMP 1

typedef struct {
    int trick_size;
    int follow_or_trump;
    int order[4][4]; /* order[leader][k]: the seat playing the k-th card; -1 if none */
    int side[4];
} rules_t;

typedef struct {
    uint64_t s[2];
} rng_t;

static uint64_t splitmix(uint64_t *x) {
    uint64_t z = (*x += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

static void rng_seed(rng_t *r, uint64_t seed) {
    r->s[0] = splitmix(&seed);
    r->s[1] = splitmix(&seed);
}

static uint64_t rng_next(rng_t *r) { /* xorshift128+ */
    uint64_t a = r->s[0], b = r->s[1];
    r->s[0] = b;
    a ^= a << 23;
    r->s[1] = a ^ b ^ (a >> 17) ^ (b >> 26);
    return r->s[1] + b;
}

static uint32_t rng_below(rng_t *r, uint32_t n) {
    return (uint32_t)(((rng_next(r) >> 32) * (uint64_t)n) >> 32);
}

/* The k-th set bit of m (k from 0). */
static int nth_bit(uint64_t m, int k) {
    while (k-- > 0) m &= m - 1;
    return __builtin_ctzll(m);
}

static uint64_t legal_mask(const rules_t *R, uint64_t hand, int led, int trump) {
    if (led < 0) return hand;
    uint64_t follow = hand & (SUIT_BITS << (13 * led));
    if (follow && R->follow_or_trump && trump < 4) follow |= hand & (SUIT_BITS << (13 * trump));
    return follow ? follow : hand;
}

/* Index in cards[] of the card that wins the trick (T3). */
static int winner_of(const int *cards, int n, int trump) {
    int best = 0, best_card = cards[0], best_suit = SUIT(cards[0]);
    for (int i = 1; i < n; i++) {
        int c = cards[i], s = SUIT(c);
        if (s == best_suit) {
            if (c > best_card) best = i, best_card = c;
        } else if (s == trump) {
            best = i, best_card = c, best_suit = s;
        }
    }
    return best;
}

/* Plays the hand out.  picks (or, if NULL, rng) chooses among the legal cards; when masks_out,
 * cards_out and winners_out are given they receive every step's legal mask, every card and each
 * trick's winning seat.  won[side] receives the tricks. */
static void play_hand(const rules_t *R, uint64_t hands[4], int trump, int leader,
                      const uint8_t *picks, Py_ssize_t n_picks, rng_t *rng, uint64_t *masks_out,
                      uint8_t *cards_out, uint8_t *winners_out, int won[2]) {
    int step = 0, trick = 0;
    won[0] = won[1] = 0;
    for (;;) {
        int first = R->order[leader][0];
        if (first < 0 || hands[first] == 0) break;
        int cards[4], led = -1;
        for (int k = 0; k < R->trick_size; k++) {
            int seat = R->order[leader][k];
            uint64_t legal = legal_mask(R, hands[seat], led, trump);
            int count = __builtin_popcountll(legal);
            int pick = picks ? (step < n_picks ? picks[step] % count : 0) : (int)rng_below(rng, (uint32_t)count);
            int card = nth_bit(legal, pick);
            if (masks_out) masks_out[step] = legal;
            if (cards_out) cards_out[step] = (uint8_t)card;
            hands[seat] &= ~(1ULL << card);
            cards[k] = card;
            if (k == 0) led = SUIT(card);
            step++;
        }
        int w = R->order[leader][winner_of(cards, R->trick_size, trump)];
        if (winners_out) winners_out[trick] = (uint8_t)w;
        won[R->side[w]]++;
        leader = w;
        trick++;
    }
}

static int read_rules(PyObject *order_obj, PyObject *sides_obj, int trick_size, int flags,
                      rules_t *R) {
    Py_buffer order, sides;
    if (PyObject_GetBuffer(order_obj, &order, PyBUF_SIMPLE) < 0) return -1;
    if (PyObject_GetBuffer(sides_obj, &sides, PyBUF_SIMPLE) < 0) {
        PyBuffer_Release(&order);
        return -1;
    }
    int ok = order.len == 16 && sides.len == 4 && (trick_size == 2 || trick_size == 4) &&
             (flags & ~FOLLOW_OR_TRUMP) == 0;
    if (ok) {
        const uint8_t *o = order.buf, *s = sides.buf;
        R->trick_size = trick_size;
        R->follow_or_trump = (flags & FOLLOW_OR_TRUMP) != 0;
        for (int l = 0; l < 4; l++)
            for (int k = 0; k < 4; k++) R->order[l][k] = o[4 * l + k] == 255 ? -1 : o[4 * l + k];
        for (int i = 0; i < 4; i++) R->side[i] = s[i] & 1;
    }
    PyBuffer_Release(&order);
    PyBuffer_Release(&sides);
    if (!ok) {
        PyErr_SetString(PyExc_ValueError, "rules: 16 order bytes, 4 side bytes, tricks of 2 or 4, known flags");
        return -1;
    }
    return 0;
}

static int check_position(const rules_t *R, uint64_t hands[4], int trump, int leader) {
    uint64_t all = 0;
    for (int i = 0; i < 4; i++) {
        if (hands[i] >> 52 || (hands[i] & all)) {
            PyErr_SetString(PyExc_ValueError, "hands must be disjoint sets of cards 0-51");
            return -1;
        }
        all |= hands[i];
    }
    if (trump < 0 || trump > 4 || leader < 0 || leader > 3 || R->order[leader][0] < 0) {
        PyErr_SetString(PyExc_ValueError, "trump is 0-4 and the leader a seat that leads");
        return -1;
    }
    int size = __builtin_popcountll(hands[R->order[leader][0]]);
    for (int k = 1; k < R->trick_size; k++)
        if (__builtin_popcountll(hands[R->order[leader][k]]) != size) {
            PyErr_SetString(PyExc_ValueError, "the hands that play hold different numbers of cards");
            return -1;
        }
    return 0;
}

static PyObject *py_trace(PyObject *self, PyObject *args) {
    PyObject *order, *sides;
    int trick_size, flags, trump, leader;
    unsigned long long h[4];
    Py_buffer picks;
    if (!PyArg_ParseTuple(args, "OOii(KKKK)iiy*", &order, &sides, &trick_size, &flags, &h[0], &h[1],
                          &h[2], &h[3], &trump, &leader, &picks))
        return NULL;
    rules_t R;
    uint64_t hands[4] = {h[0], h[1], h[2], h[3]};
    if (read_rules(order, sides, trick_size, flags, &R) < 0 ||
        check_position(&R, hands, trump, leader) < 0) {
        PyBuffer_Release(&picks);
        return NULL;
    }
    uint64_t masks[52];
    uint8_t cards[52], winners[13];
    int won[2];
    play_hand(&R, hands, trump, leader, picks.buf, picks.len, NULL, masks, cards, winners, won);
    PyBuffer_Release(&picks);
    int steps = 0;
    for (int t = 0; t < 13 && steps < 52; t++) steps += R.trick_size;
    steps = (won[0] + won[1]) * R.trick_size;
    PyObject *mask_list = PyList_New(steps);
    if (!mask_list) return NULL;
    for (int i = 0; i < steps; i++) PyList_SET_ITEM(mask_list, i, PyLong_FromUnsignedLongLong(masks[i]));
    return Py_BuildValue("Ny#y#(ii)", mask_list, (const char *)cards, (Py_ssize_t)steps,
                         (const char *)winners, (Py_ssize_t)(won[0] + won[1]), won[0], won[1]);
}

static PyObject *py_random_hands(PyObject *self, PyObject *args) {
    PyObject *order, *sides;
    int trick_size, flags, turn_up_pos, trump_given, leader;
    Py_buffer deal_map;
    Py_ssize_t n;
    unsigned long long seed;
    if (!PyArg_ParseTuple(args, "OOiiy*iiinK", &order, &sides, &trick_size, &flags, &deal_map,
                          &turn_up_pos, &trump_given, &leader, &n, &seed))
        return NULL;
    rules_t R;
    int bad = read_rules(order, sides, trick_size, flags, &R) < 0;
    if (!bad && (deal_map.len != 52 || turn_up_pos < -1 || turn_up_pos > 51 || trump_given < -1 ||
                 trump_given > 4 || leader < 0 || leader > 3 || n < 0)) {
        PyErr_SetString(PyExc_ValueError, "random_hands: bad deal map, turn-up, trump, leader or n");
        bad = 1;
    }
    if (bad) {
        PyBuffer_Release(&deal_map);
        return NULL;
    }
    uint8_t map[52];
    memcpy(map, deal_map.buf, 52);
    PyBuffer_Release(&deal_map);
    int live[4] = {0, 0, 0, 0};
    for (int l = 0; l < 4; l++)
        for (int k = 0; k < R.trick_size; k++)
            if (R.order[l][k] >= 0) live[R.order[l][k]] = 1;
    PyObject *out = PyBytes_FromStringAndSize(NULL, 4 * n);
    if (!out) return NULL;
    uint8_t *res = (uint8_t *)PyBytes_AS_STRING(out);
    Py_BEGIN_ALLOW_THREADS
    rng_t rng;
    rng_seed(&rng, seed);
    int pack[52];
    for (int i = 0; i < 52; i++) pack[i] = i;
    for (Py_ssize_t h = 0; h < n; h++) {
        for (int i = 51; i > 0; i--) { /* Fisher-Yates */
            int j = (int)rng_below(&rng, (uint32_t)(i + 1));
            int t = pack[i];
            pack[i] = pack[j];
            pack[j] = t;
        }
        uint64_t hands[4] = {0, 0, 0, 0};
        for (int i = 0; i < 52; i++)
            if (map[i] < 4) hands[map[i]] |= 1ULL << pack[i];
        int trump = trump_given >= 0 ? trump_given : (turn_up_pos >= 0 ? SUIT(pack[turn_up_pos]) : 4);
        int honours[2] = {0, 0};
        if (trump < 4)
            for (int s = 0; s < 4; s++)
                if (live[s])
                    honours[R.side[s]] += __builtin_popcountll(hands[s] & (0xFULL << (13 * trump + 9)));
        int won[2];
        play_hand(&R, hands, trump, leader, NULL, 0, &rng, NULL, NULL, NULL, won);
        res[4 * h] = (uint8_t)won[0];
        res[4 * h + 1] = (uint8_t)won[1];
        res[4 * h + 2] = (uint8_t)honours[0];
        res[4 * h + 3] = (uint8_t)honours[1];
    }
    Py_END_ALLOW_THREADS
    return out;
}

static PyMethodDef methods[] = {
    {"trace", py_trace, METH_VARARGS,
     "trace(order, sides, trick_size, flags, hands, trump, leader, picks) -> (masks, cards, winners, "
     "won)"},
    {"random_hands", py_random_hands, METH_VARARGS,
     "random_hands(order, sides, trick_size, flags, deal_map, turn_up_pos, trump, leader, n, seed) "
     "-> "
     "bytes: tricks side 0, tricks side 1, honours side 0, honours side 1, per hand"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_playout", NULL, -1, methods};

PyMODINIT_FUNC PyInit__playout(void) { return PyModule_Create(&module); }
