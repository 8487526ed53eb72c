"""What a change to a skill library does to what agents see: two snapshots compared.

A :class:`~skill_catalog.diff.snapshot.Snapshot` is what one side of a change says about its
skills, computed by the code every other output uses (the catalog's diagnostics and trust
status, the tool profiles' listings and budgets, the site's bundle digests); :func:`compare`
sets two side by side and :mod:`skill_catalog.diff.render` writes the result as JSON, text or
Markdown (docs/diff.md)."""

from __future__ import annotations

from skill_catalog.diff.compare import Diff, compare, failing_kinds
from skill_catalog.diff.render import FAIL_KINDS, diff_json, markdown, text
from skill_catalog.diff.sides import open_side
from skill_catalog.diff.snapshot import Snapshot, snapshot_of

__all__ = ["FAIL_KINDS", "Diff", "Snapshot", "compare", "diff_json", "failing_kinds",
           "markdown", "open_side", "snapshot_of", "text"]
