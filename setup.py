"""Build of the C extension ``vivant.solver._dd`` (everything else is in pyproject.toml)."""

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
            if " popcnt" in f.read():
                _ARGS.append("-mpopcnt")
    except OSError:
        pass

setup(
    ext_modules=[
        Extension(
            "vivant.solver._dd",
            sources=[os.path.join(_SOLVER, "_dd.c"), os.path.join(_SOLVER, "dd_core.c")],
            depends=[os.path.join(_SOLVER, "dd_core.h")],
            extra_compile_args=_ARGS,
        )
    ],
)
