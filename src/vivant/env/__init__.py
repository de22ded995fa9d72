"""Environments for research: PettingZoo AEC for every game (``pip install 'vivant[env]'``).

>>> from vivant.env import env
>>> table = env("humbug")
>>> table.reset(seed=3)
"""

from vivant.env.aec import VivantEnv, env, raw_env

__all__ = ["VivantEnv", "env", "raw_env"]
