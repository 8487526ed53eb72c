"""Shared test helpers: writing skills into a temporary library, locating the shared corpus."""

from __future__ import annotations

import fnmatch
import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from skill_catalog.catalog import Catalog

# One Chromium for the whole session: declared here so that every module shares it (importing
# the fixture into two modules would start two Playwright instances, which cannot coexist).
from tests.browser import browser, browser_page  # noqa: F401
from tests.environment import CORPUS, CORPUS_HISTORY, IN_CI, NO_SHARED, REPO, SHARED

# Where the tests run, for the test modules that import them from here.
__all__ = ["CORPUS", "CORPUS_HISTORY", "IN_CI", "NO_SHARED", "REPO", "SHARED"]


def need_shared() -> Path:
    """The shared corpus as it lies beside the clone; CI must have it, a developer without it
    gets a skip that says why. Where shared/ is laid out without symbolic links, each of the
    corpus's links is a small file holding its target's path there: tests of real libraries
    take the :func:`corpus` fixture, a copy with the links restored."""
    if not CORPUS.is_dir():
        if IN_CI and not NO_SHARED:
            pytest.fail(f"CI runs need ../shared beside the clone; {CORPUS} is missing")
        pytest.skip(f"the shared corpus is not at {CORPUS} (clone the project beside shared/)")
    return CORPUS


@pytest.fixture(scope="session")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The shared corpus with its symbolic links (skill folders linked into tool folders,
    SKILL.md files linked from elsewhere, broken ones), as the upstream repositories hold them:
    ``restore_links.py`` copies it once per session into a temporary folder (a few seconds).
    The same whether shared/ holds the links or small files standing for them."""
    shared = need_shared()
    dest = tmp_path_factory.mktemp("corpus") / "corpus"
    done = subprocess.run([sys.executable, str(shared / "restore_links.py"), str(dest)],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    links = corpus_links(shared)
    assert links, "MANIFEST.jsonl lists no symbolic link"
    assert all((dest / path).is_symlink() for path, _target in links), "links not restored"
    return dest


@pytest.fixture(scope="session")
def corpus_catalog(corpus: Path) -> Catalog:
    """The restored corpus as ``skill_catalog.load`` reads it (default workers), loaded once
    for the tests that only read the catalog (a load is about 15 s on a busy machine): never
    change it."""
    import skill_catalog

    return skill_catalog.load([corpus])


@pytest.fixture(scope="session")
def shared_catalog() -> Catalog:
    """The corpus as shared/ lays it out (links may be small files standing for them), loaded
    once, read only."""
    import skill_catalog

    return skill_catalog.load([need_shared()])


def corpus_links(corpus: Path) -> list[tuple[str, str]]:
    """Every symbolic link of the corpus (``MANIFEST.jsonl``), as (path in the corpus folder,
    target)."""
    found = []
    for line in (corpus / "MANIFEST.jsonl").read_text(encoding="utf-8").splitlines():
        entry = json.loads(line)
        if entry.get("kind") == "symlink":
            folder = entry["repo"].replace("/", "__")
            found.append((f"{folder}/{entry['path']}", entry["target"]))
    return found


def corpus_files(corpus: Path, pattern: str) -> list[Path]:
    """The files of ``corpus`` whose name matches ``pattern`` (``fnmatch``), in path order:
    regular files, and links that lead to one (a broken link or a link to a folder is not a
    file; folders reached through a link are not entered, as they are reached where they
    really are)."""
    found = []
    for folder, _dirs, names in os.walk(corpus):
        for name in names:
            path = Path(folder) / name
            if fnmatch.fnmatchcase(name, pattern) and path.is_file():
                found.append(path)
    return sorted(found)


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
