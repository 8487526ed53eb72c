"""The garbage collector's pace while a library is loaded or a site is built.

Both allocate millions of small objects that live to the end (skills, file records, the
previous build's records, page contexts), and CPython looks for cycles after every 700 net
allocations of container objects, each time walking the young objects and, every hundredth
time, every object alive. At 10,000 skills that took a fifth of an incremental build (see
docs/performance.md). Inside :func:`rare_collections` collections still happen, about 140
times less often; :func:`paused_collections` stops them for work that only adds objects that
stay (the search index's postings); :func:`frozen_heap` hides what a forked worker inherits.
Writing pages is the exception (:func:`usual_thresholds`): a rendered page leaves cycles
holding its large strings behind, and keeping 100,000 allocations' worth of them raised a
10,000-skill build's peak memory by 30 MB.
"""

from __future__ import annotations

import contextlib
import gc
from collections.abc import Iterator

GEN0_THRESHOLD = 100_000
"""Net container allocations between two youngest-generation collections (CPython: 700)."""

_outer: list[tuple[int, int, int]] = []
"""The thresholds each active :func:`rare_collections` block found, outermost first."""


@contextlib.contextmanager
def rare_collections() -> Iterator[None]:
    """Collect garbage less often during the block; the previous thresholds come back after
    it. A collector switched off (threshold 0) stays off."""
    before = gc.get_threshold()
    _outer.append(before)
    if before[0]:
        gc.set_threshold(max(before[0], GEN0_THRESHOLD), *before[1:])
    try:
        yield
    finally:
        gc.set_threshold(*before)
        _outer.pop()


def usual_thresholds() -> tuple[int, int, int]:
    """The thresholds in effect outside every :func:`rare_collections` block."""
    return _outer[0] if _outer else gc.get_threshold()


@contextlib.contextmanager
def usual_collections() -> Iterator[None]:
    """The usual pace again for the block (inside a :func:`rare_collections` one)."""
    before = gc.get_threshold()
    gc.set_threshold(*usual_thresholds())
    try:
        yield
    finally:
        gc.set_threshold(*before)


def use_usual_thresholds() -> None:
    """For a worker process forked inside a :func:`rare_collections` block."""
    gc.set_threshold(*usual_thresholds())


@contextlib.contextmanager
def paused_collections() -> Iterator[None]:
    """No automatic collection during the block, for work that allocates many objects that
    all stay and form no cycles; the next collection after it sees them once."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


@contextlib.contextmanager
def frozen_heap() -> Iterator[None]:
    """Keep every object alive now out of the garbage collector's sight during the block
    (``gc.freeze``): a process forked inside it then never writes to the pages it inherited
    when it collects. A freeze the caller made is left as it is."""
    outer = gc.get_freeze_count() > 0
    gc.freeze()
    try:
        yield
    finally:
        if not outer:
            gc.unfreeze()
