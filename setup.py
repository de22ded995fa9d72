"""Build of the C extension ``vivant.solver._dd`` (everything else is in pyproject.toml)."""

from __future__ import annotations

import os

from setuptools import Extension, setup

_SOLVER = os.path.join("src", "vivant", "solver")

_ARGS = ["-std=c11", "-O3", "-fno-strict-aliasing"]
if os.environ.get("VIVANT_NATIVE") == "1":
    _ARGS.append("-march=native")

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
