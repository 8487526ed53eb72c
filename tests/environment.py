"""Where the tests run: the repository, the shared corpus beside it, and whether this is CI.

Its own module (re-exported by ``conftest``) so that ``tests.browser``, which ``conftest``
imports for its fixtures, can use these without importing ``conftest`` back.
"""

from __future__ import annotations

import os
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
SHARED = REPO.parent / "shared"
CORPUS = SHARED / "corpus"
CORPUS_HISTORY = SHARED / "corpus-history"
IN_CI = os.environ.get("CI", "").lower() in ("1", "true", "yes")
NO_SHARED = os.environ.get("SKILL_CATALOG_NO_SHARED", "").lower() in ("1", "true", "yes")
"""Set where CI has no shared/ beside the clone (GitHub Actions): corpus tests skip there too."""
