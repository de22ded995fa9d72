/* Python binding of the double-dummy core (dd_core.c): the type _dd.Engine.
 *
 * An Engine owns one transposition table of bounded size.  Its solve methods release the GIL while
 * searching, so several engines can search at once from several threads; one engine refuses to be
 * entered by a second thread while it is busy.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "dd_core.h"

typedef struct {
    PyObject_HEAD
    dd_engine *eng;
    int busy;
} EngineObject;

static int Engine_init(EngineObject *self, PyObject *args, PyObject *kwds) {
    static char *kwlist[] = {"tt_bytes", NULL};
    Py_ssize_t tt_bytes = 64 * 1024 * 1024;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "|n", kwlist, &tt_bytes)) return -1;
    if (tt_bytes <= 0) {
        PyErr_SetString(PyExc_ValueError, "tt_bytes must be positive");
        return -1;
    }
    if (self->eng) {
        PyErr_SetString(PyExc_RuntimeError, "Engine already initialised");
        return -1;
    }
    dd_engine *e;
    Py_BEGIN_ALLOW_THREADS
    e = dd_engine_new((size_t)tt_bytes);
    Py_END_ALLOW_THREADS
    if (!e) {
        PyErr_NoMemory();
        return -1;
    }
    self->eng = e;
    self->busy = 0;
    return 0;
}

static void Engine_dealloc(EngineObject *self) {
    dd_engine_free(self->eng);
    self->eng = NULL;
    Py_TYPE(self)->tp_free((PyObject *)self);
}

/* Reads a sequence of at most `cap` non-negative ints into out[]; returns the count or -1. */
static Py_ssize_t read_ints(PyObject *seq, const char *what, uint64_t *out, Py_ssize_t cap) {
    PyObject *fast = PySequence_Fast(seq, what);
    if (!fast) return -1;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(fast);
    if (n > cap) {
        Py_DECREF(fast);
        PyErr_Format(PyExc_ValueError, "%s: at most %zd items, got %zd", what, cap, n);
        return -1;
    }
    PyObject **items = PySequence_Fast_ITEMS(fast);
    for (Py_ssize_t i = 0; i < n; i++) {
        unsigned long long v = PyLong_AsUnsignedLongLong(items[i]);
        if (v == (unsigned long long)-1 && PyErr_Occurred()) {
            Py_DECREF(fast);
            PyErr_Clear();
            PyErr_Format(PyExc_ValueError, "%s: items must be non-negative ints", what);
            return -1;
        }
        out[i] = (uint64_t)v;
    }
    Py_DECREF(fast);
    return n;
}

static int enter(EngineObject *self) {
    if (!self->eng) {
        PyErr_SetString(PyExc_RuntimeError, "Engine not initialised");
        return -1;
    }
    if (self->busy) {
        PyErr_SetString(PyExc_RuntimeError, "Engine is in use by another thread");
        return -1;
    }
    self->busy = 1;
    return 0;
}

static PyObject *Engine_solve(EngineObject *self, PyObject *args) {
    PyObject *hands_o, *trick_o;
    int trump, leader, all_cards, sides = DD_SIDES_PARTNERS, misere = 0;
    unsigned long long node_limit = 0, only = 0;
    if (!PyArg_ParseTuple(args, "OiiOp|ipKK", &hands_o, &trump, &leader, &trick_o, &all_cards,
                          &sides, &misere, &node_limit, &only))
        return NULL;
    dd_position p;
    memset(&p, 0, sizeof p);
    uint64_t tmp[DD_MAX_HANDS];
    Py_ssize_t nh = read_ints(hands_o, "hands", tmp, DD_MAX_HANDS);
    if (nh < 0) return NULL;
    p.nhands = (int)nh;
    for (Py_ssize_t i = 0; i < nh; i++) p.hands[i] = tmp[i];
    Py_ssize_t nt = read_ints(trick_o, "trick", tmp, DD_MAX_HANDS - 1);
    if (nt < 0) return NULL;
    p.ntrick = (int)nt;
    for (Py_ssize_t i = 0; i < nt; i++) {
        if (tmp[i] >= 52) {
            PyErr_SetString(PyExc_ValueError, dd_error_message(DD_ERR_CARD));
            return NULL;
        }
        p.trick[i] = (int)tmp[i];
    }
    p.trump = trump;
    p.leader = leader;
    p.sides = sides;
    p.misere = misere;
    int rc = dd_check_position(&p);
    if (rc != DD_OK) {
        PyErr_SetString(PyExc_ValueError, dd_error_message(rc));
        return NULL;
    }
    if (enter(self) < 0) return NULL;
    int tricks = 0;
    int values[52];
    Py_BEGIN_ALLOW_THREADS
    rc = dd_solve_within(self->eng, &p, &tricks, all_cards ? values : NULL, (uint64_t)only,
                         (uint64_t)node_limit);
    Py_END_ALLOW_THREADS
    self->busy = 0;
    if (rc == DD_ERR_BUDGET) Py_RETURN_NONE;
    if (rc != DD_OK) {
        PyErr_SetString(PyExc_ValueError, dd_error_message(rc));
        return NULL;
    }
    if (!all_cards) return Py_BuildValue("(iO)", tricks, Py_None);
    PyObject *d = PyDict_New();
    if (!d) return NULL;
    for (int c = 0; c < 52; c++) {
        if (values[c] < 0) continue;
        PyObject *k = PyLong_FromLong(c), *v = PyLong_FromLong(values[c]);
        if (!k || !v || PyDict_SetItem(d, k, v) < 0) {
            Py_XDECREF(k);
            Py_XDECREF(v);
            Py_DECREF(d);
            return NULL;
        }
        Py_DECREF(k);
        Py_DECREF(v);
    }
    PyObject *res = Py_BuildValue("(iO)", tricks, d);
    Py_DECREF(d);
    return res;
}

static PyObject *Engine_lead_table(EngineObject *self, PyObject *args) {
    PyObject *hands_o;
    if (!PyArg_ParseTuple(args, "O", &hands_o)) return NULL;
    uint64_t hands[4];
    Py_ssize_t nh = read_ints(hands_o, "hands", hands, 4);
    if (nh < 0) return NULL;
    if (nh != 4) {
        PyErr_SetString(PyExc_ValueError, "a lead table needs 4 hands");
        return NULL;
    }
    dd_position p;
    memset(&p, 0, sizeof p);
    p.nhands = 4;
    for (int i = 0; i < 4; i++) p.hands[i] = hands[i];
    int rc = dd_check_position(&p);
    if (rc != DD_OK) {
        PyErr_SetString(PyExc_ValueError, dd_error_message(rc));
        return NULL;
    }
    if (enter(self) < 0) return NULL;
    int table[5][4];
    Py_BEGIN_ALLOW_THREADS
    rc = dd_lead_table(self->eng, hands, table);
    Py_END_ALLOW_THREADS
    self->busy = 0;
    if (rc != DD_OK) {
        PyErr_SetString(PyExc_ValueError, dd_error_message(rc));
        return NULL;
    }
    return Py_BuildValue("((iiii)(iiii)(iiii)(iiii)(iiii))", table[0][0], table[0][1],
                         table[0][2], table[0][3], table[1][0], table[1][1], table[1][2],
                         table[1][3], table[2][0], table[2][1], table[2][2], table[2][3],
                         table[3][0], table[3][1], table[3][2], table[3][3], table[4][0],
                         table[4][1], table[4][2], table[4][3]);
}

static PyObject *Engine_get_tt_bytes(EngineObject *self, void *closure) {
    (void)closure;
    if (!self->eng) return PyLong_FromLong(0);
    return PyLong_FromSize_t(dd_engine_tt_bytes(self->eng));
}

static PyObject *Engine_get_nodes(EngineObject *self, void *closure) {
    (void)closure;
    if (!self->eng) return PyLong_FromLong(0);
    return PyLong_FromUnsignedLongLong(dd_engine_nodes(self->eng));
}

static PyObject *Engine_clear(EngineObject *self, PyObject *unused) {
    (void)unused;
    if (self->eng) dd_engine_clear(self->eng);
    Py_RETURN_NONE;
}

static PyMethodDef Engine_methods[] = {
    {"clear", (PyCFunction)Engine_clear, METH_NOARGS,
     "clear() -> None: empties the transposition table (the next solve starts cold)."},
    {"solve", (PyCFunction)Engine_solve, METH_VARARGS,
     "solve(hands, trump, leader, trick, all_cards, sides=0, misere=False, node_limit=0, "
     "only=0)\n"
     "    -> (tricks, {card: tricks} | None), or None when node_limit nodes were spent first\n\n"
     "Solves one position: hands are 2 or 4 52-bit masks, trump 0..3 or 4 (no-trump), leader the\n"
     "seat that led the current trick, trick the cards already played to it; sides the mask of\n"
     "the seats of one side (0: partners opposite), misere whether each side plays for the\n"
     "fewest tricks; only (0: every card) a mask of cards (bit 13*suit+rank): the values are\n"
     "those of the legal cards whose run of equivalent cards holds one of them."},
    {"lead_table", (PyCFunction)Engine_lead_table, METH_VARARGS,
     "lead_table(hands) -> 5 x 4 tuple: tricks for the leader's side, per strain and leader."},
    {NULL, NULL, 0, NULL}};

static PyGetSetDef Engine_getset[] = {
    {"tt_bytes", (getter)Engine_get_tt_bytes, NULL, "bytes reserved for the table", NULL},
    {"nodes", (getter)Engine_get_nodes, NULL, "nodes searched by the last solve", NULL},
    {NULL, NULL, NULL, NULL, NULL}};

static PyTypeObject EngineType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "vivant.solver._dd.Engine",
    .tp_doc = "A double-dummy search engine with its own bounded transposition table.",
    .tp_basicsize = sizeof(EngineObject),
    .tp_itemsize = 0,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Engine_init,
    .tp_dealloc = (destructor)Engine_dealloc,
    .tp_methods = Engine_methods,
    .tp_getset = Engine_getset,
};

static struct PyModuleDef ddmodule = {
    PyModuleDef_HEAD_INIT, "_dd", "Double-dummy search core (C11).", -1, NULL, NULL, NULL, NULL,
    NULL};

PyMODINIT_FUNC PyInit__dd(void) {
    if (PyType_Ready(&EngineType) < 0) return NULL;
    PyObject *m = PyModule_Create(&ddmodule);
    if (!m) return NULL;
    Py_INCREF(&EngineType);
    if (PyModule_AddObject(m, "Engine", (PyObject *)&EngineType) < 0) {
        Py_DECREF(&EngineType);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
