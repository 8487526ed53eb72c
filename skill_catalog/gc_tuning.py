"""The garbage collector's pace while a library is loaded or a site is built.

Both allocate millions of small objects that live to the end (skills, file records, the
previous build's records, page contexts), and CPython looks for cycles after every 700 net
allocations of container objects, each time walking the young objects and, every hundredth
time, every object alive. At 10,000 skills that took a fifth of an incremental build (see
docs/performance.md). Inside :func:`rare_collections` collections still happen, about 140
times less often, so cycles a rendered page leaves behind are still freed.
"""

from __future__ import annotations

import contextlib
import gc
from collections.abc import Iterator

GEN0_THRESHOLD = 100_000
"""Net container allocations between two youngest-generation collections (CPython: 700)."""


@contextlib.contextmanager
def rare_collections() -> Iterator[None]:
    """Collect garbage less often during the block; the previous thresholds come back after
    it. A collector switched off (threshold 0) stays off."""
    before = gc.get_threshold()
    if before[0]:
        gc.set_threshold(max(before[0], GEN0_THRESHOLD), *before[1:])
    try:
        yield
    finally:
        gc.set_threshold(*before)
