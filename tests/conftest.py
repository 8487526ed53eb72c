"""Shared test helpers: writing skills into a temporary library, locating the shared corpus."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

# One Chromium for the whole session: declared here so that every module shares it (importing
# the fixture into two modules would start two Playwright instances, which cannot coexist).
from tests.browser import browser, browser_page  # noqa: F401
from tests.environment import CORPUS, CORPUS_HISTORY, IN_CI, NO_SHARED, REPO, SHARED

# Where the tests run, for the test modules that import them from here.
__all__ = ["CORPUS", "CORPUS_HISTORY", "IN_CI", "NO_SHARED", "REPO", "SHARED"]


def need_shared() -> Path:
    """The shared corpus; CI must have it, a developer without it gets a skip that says why."""
    if not CORPUS.is_dir():
        if IN_CI and not NO_SHARED:
            pytest.fail(f"CI runs need ../shared beside the clone; {CORPUS} is missing")
        pytest.skip(f"the shared corpus is not at {CORPUS} (clone the project beside shared/)")
    return CORPUS


def write_skill(
    library: Path,
    folder: str,
    frontmatter: str | None = None,
    body: str = "# Title\n\nDo the thing.\n",
    files: dict[str, str | bytes] | None = None,
) -> Path:
    """Write ``library/folder/SKILL.md``; ``frontmatter`` is YAML text (dedented)."""
    skill_dir = library / folder
    skill_dir.mkdir(parents=True, exist_ok=True)
    if frontmatter is None:
        name = folder.rsplit("/", 1)[-1]
        frontmatter = f"name: {name}\ndescription: Does {name} things. Use when testing."
    content = f"---\n{textwrap.dedent(frontmatter).strip()}\n---\n{body}"
    (skill_dir / "SKILL.md").write_text(content, encoding="utf-8")
    for rel, data in (files or {}).items():
        target = skill_dir / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(data, bytes):
            target.write_bytes(data)
        else:
            target.write_text(data, encoding="utf-8")
    return skill_dir


@pytest.fixture
def library(tmp_path: Path) -> Path:
    root = tmp_path / "library"
    root.mkdir()
    return root


def make_checkout(root: Path) -> Path:
    """A library checked out as a project at ``root``: skills in a plain folder and in tool
    folders, one name in two tools' folders, a name that is not its folder's, a hidden one."""
    (root / ".git").mkdir(parents=True)
    write_skill(root, "skills/plain")
    write_skill(root, ".claude/skills/claude-one")
    write_skill(root, ".agents/skills/shared")
    write_skill(root, ".claude/skills/shared")
    write_skill(root, ".github/skills/misnamed", "name: other\ndescription: Misnamed. Use when x.")
    write_skill(root, ".agents/skills/.hidden/secret")
    return root
