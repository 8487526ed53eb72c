"""Paths the rules look up on disk beyond a skill's own file list.

A rule that asks whether some path exists (a link to a file the walk did not list, e.g. in a
skipped folder) depends on more than the skill's files. Those questions go through
:func:`exists`, which records them while :func:`recording` is active, so that a cached result
(:mod:`skill_catalog.pipeline.skill_cache`) is reused only while every answer is still the same.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator

Probe = tuple[str, bool]
_RECORDERS: list[list[Probe]] = []


def _lexists(path: str) -> bool:
    try:
        return os.path.lexists(path)
    except (OSError, ValueError):
        return False


def exists(path: str) -> bool:
    """Like ``os.path.lexists``, but an unreadable folder on the way is "no", not an error."""
    found = _lexists(path)
    if _RECORDERS:
        _RECORDERS[-1].append((path, found))
    return found


@contextlib.contextmanager
def recording() -> Iterator[list[Probe]]:
    """Collect every :func:`exists` call made inside the block, with its answer."""
    probes: list[Probe] = []
    _RECORDERS.append(probes)
    try:
        yield probes
    finally:
        _RECORDERS.pop()


def unchanged(probes: list[Probe]) -> bool:
    """True when every recorded path would get the same answer now."""
    return all(_lexists(path) is found for path, found in probes)
