"""What the site publishes of each build's changes (its changes page and Atom feed,
docs/outputs.md): the previous site's ``catalog.json`` and the new one, compared by
:func:`~skill_catalog.diff.compare.compare` and said by
:func:`~skill_catalog.diff.render.changes_entry`, as ``skill-catalog diff`` says them.

The site sits below this package: the build is handed :func:`catalog_changes` (the command
line, ``serve`` and the MkDocs adapter do), and stores and shows what it returns."""

from __future__ import annotations

from typing import Any

from skill_catalog.diff.compare import compare
from skill_catalog.diff.render import changes_entry
from skill_catalog.diff.site_side import CatalogJsonError, snapshot_from_catalog_json
from skill_catalog.diff.snapshot import Snapshot


def catalog_changes(before: bytes | None, after: bytes) -> dict[str, Any] | None:
    """The entry of a build whose ``catalog.json`` is ``after``, the previous build's being
    ``before`` (None: there was none, or it cannot be read: a first build, every skill
    added); None when nothing changed."""
    new = snapshot_from_catalog_json(after, "this build", "site")
    old: Snapshot | None = None
    if before is not None:
        try:
            old = snapshot_from_catalog_json(before, "the previous build", "site")
        except CatalogJsonError:
            old = None
    diff = compare(old or Snapshot("no build", "site", (), None), new)
    if diff.empty:
        return None
    return changes_entry(diff, first=old is None)
