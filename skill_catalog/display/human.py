"""Text shown to people, in one form wherever it appears (the command line, the site, the
MkDocs adapter): sizes, shortened text and frontmatter values."""

from __future__ import annotations

import datetime as dt
import difflib
import json
from collections.abc import Iterable
from typing import Any

NBSP = "\u00a0"
MAX_VALUE = 2_000
"""Characters of a frontmatter value shown before it is shortened."""


def size(n_bytes: int, *, nbsp: bool = False) -> str:
    """``12 B``, ``1.5 KB``, ``3.0 MB`` (units of 1,024); with ``nbsp`` the number and its
    unit are joined by a no-break space (never on two lines of a page)."""
    space = NBSP if nbsp else " "
    if n_bytes < 1024:
        return f"{n_bytes}{space}B"
    if n_bytes < 1024 * 1024:
        return f"{n_bytes / 1024:.1f}{space}KB"
    return f"{n_bytes / 1024 / 1024:.1f}{space}MB"


def shorten(text: str, limit: int) -> str:
    """``text``, or its first ``limit - 1`` characters and an ellipsis."""
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def value(item: Any, limit: int = MAX_VALUE) -> str:
    """A frontmatter value as one line of text (escaped by whoever shows it): a string as it
    is, a date in ISO form, a list of scalars joined by commas, anything else as JSON."""
    if isinstance(item, str):
        return shorten(item, limit)
    if isinstance(item, dt.date | dt.datetime | dt.time):
        return item.isoformat()
    if isinstance(item, list) and all(isinstance(v, str | int | float) for v in item):
        return shorten(", ".join(str(v) for v in item), limit)
    return shorten(json.dumps(item, ensure_ascii=False, default=str), limit)


def count(n: int, word: str) -> str:
    """``1 skill``, ``2 skills``, ``0 errors``: ``n`` and ``word``, plural unless ``n`` is 1
    (the words of reports take an ``s``)."""
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def did_you_mean(value: str, choices: Iterable[str]) -> str:
    """`` (did you mean 'x'?)`` for the closest of ``choices`` to a mistyped ``value``
    (difflib's ratio, else a choice it starts or is part of), or nothing: the one way every
    message (options, configuration keys and values, rule codes, formats, tools) says it."""
    options = [str(c) for c in choices]
    close = difflib.get_close_matches(value, options, 1, cutoff=0.5)
    if not close:
        folded = value.casefold()
        close = [c for c in options if folded and (c.casefold().startswith(folded)
                                                   or folded in c.casefold())][:1]
    return f" (did you mean {close[0]!r}?)" if close else ""
