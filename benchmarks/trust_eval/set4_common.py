"""The set4 category modules' helper: one skill as a plain dict, as set3's (set3_common.S)."""
from __future__ import annotations

from set3_common import S

__all__ = ["S"]
