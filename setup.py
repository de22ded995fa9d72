"""Build of the C extensions ``vivant.solver._dd`` and ``vivant.playout._playout`` (everything else
is in pyproject.toml)."""

from __future__ import annotations

import os
import platform

from setuptools import Extension, setup

_SOLVER = os.path.join("src", "vivant", "solver")

_ARGS = ["-std=c11", "-O3", "-fno-strict-aliasing"]
if os.environ.get("VIVANT_NATIVE") == "1":
    _ARGS.append("-march=native")
elif platform.machine() in ("x86_64", "AMD64"):
    # The hardware population count is in every x86-64 CPU of the last fifteen years; the search
    # counts cards with it at every node (about 10 % of the time without it).
    try:
        with open("/proc/cpuinfo") as f:
            _FLAGS = f.read()
    except OSError:
        _FLAGS = ""
    if " popcnt" in _FLAGS:
        _ARGS.append("-mpopcnt")
    # Bit scans and bit clears without flags dependencies (BMI1/2, LZCNT, since 2013): ~1.5 %.
    if all(f" {flag}" in _FLAGS for flag in ("bmi1", "bmi2", "abm")):
        _ARGS += ["-mbmi", "-mbmi2", "-mlzcnt"]

# The solver: without Python's -fwrapv (its search needs no wrapping signed arithmetic; the
# compiler may then reason about its int counters and indices), and without straight-line
# vectorisation (GCC joins a node's four 16-bit rank sets into one 64-bit load right after a 16-bit
# store to one of them, a load that waits for the store to reach the cache).  Side by side: the
# Monte-Carlo workload 4-5% faster, full deals ~1%.  (Clang takes the second flag as its
# -fno-slp-vectorize.)
_DD_ARGS = _ARGS + ["-fno-wrapv", "-fno-tree-slp-vectorize"]

setup(
    ext_modules=[
        Extension(
            "vivant.solver._dd",
            sources=[os.path.join(_SOLVER, "_dd.c"), os.path.join(_SOLVER, "dd_core.c")],
            depends=[os.path.join(_SOLVER, "dd_core.h")],
            extra_compile_args=_DD_ARGS,
        ),
        Extension(
            "vivant.playout._playout",
            sources=[os.path.join("src", "vivant", "playout", "_playout.c")],
            extra_compile_args=_ARGS,
        ),
    ],
)
