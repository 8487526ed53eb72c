"""Agent tools as observed by running their real CLIs: how each reads and lists skills.

How each reads a SKILL.md and writes the listing its model sees, checked by
``tests/test_realtools.py`` against the pinned releases.

A profile (``skill_catalog.agents.profiles``) names its observed tool in ``observed``; the
tool view then reads skills with :attr:`ObservedTool.read` and ``prompt --as-seen-by`` prints
:attr:`ObservedTool.render`'s listing.
"""

from __future__ import annotations

from skill_catalog.observed import claude_code, codex, gemini_cli, opencode
from skill_catalog.observed.model import (
    Cuts,
    Item,
    Line,
    ObservedTool,
    Reading,
    Seen,
    Setting,
)

OBSERVED: dict[str, ObservedTool] = {t.profile: t for t in (
    claude_code.TOOL, codex.TOOL, gemini_cli.TOOL, opencode.TOOL)}
"""Observed tools by profile name."""

__all__ = ["OBSERVED", "Cuts", "Item", "Line", "ObservedTool", "Reading", "Seen", "Setting"]
