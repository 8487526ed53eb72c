"""What a prompt format is: a name, a renderer, and how it spells one entry."""

from __future__ import annotations

import dataclasses as dc
from collections.abc import Callable

from skill_catalog.prompts.entry import Entry


@dc.dataclass(slots=True, frozen=True)
class Listing:
    """What a format renders: the entries left after any budget, and the line naming the
    skills a budget left out (Copilot's "Additional skills available ..."), if any."""

    entries: tuple[Entry, ...]
    overflow: str | None = None


@dc.dataclass(slots=True, frozen=True)
class Format:
    """One prompt shape. A new format is one module defining a ``FORMAT`` and one entry in
    :data:`skill_catalog.prompts.formats.FORMATS`."""

    name: str
    title: str
    """Who uses this shape, e.g. ``Claude Code``."""
    summary: str
    render: Callable[[Listing], str]
    """The whole fragment, ending with a newline. Never called with no entries."""
    entry: Callable[[Entry], str]
    """One entry as the tool counts it against its budget (without the newline after it)."""
    xml_root: str | None = None
    """The element holding the ``<skill>`` elements, for formats whose listing is XML."""
    uses_location: bool = True
    uses_overflow: bool = True
    """False when the shape has no place for the overflow line (it then goes unrendered and is
    only reported)."""
