"""The shared corpus with its symbolic links: discovery accounts for every link, and a build of
the whole corpus reads nothing outside it.

The corpus's 516 links (skill folders linked into ``.claude/skills``-like folders, SKILL.md
files linked from elsewhere, 276 of them broken) are restored by the session's ``corpus``
fixture; where shared/ itself is laid out without links (each a small file holding its
target's path), the same accounting holds on it with those files taken as files.
"""

from __future__ import annotations

import collections
import os
from pathlib import Path

import pytest

import skill_catalog
from skill_catalog.catalog import Catalog
from skill_catalog.config import Config
from skill_catalog.fs.walk import is_within
from skill_catalog.site.build import build
from tests.helpers.libraries import corpus_links, need_shared
from tests.helpers.reads import recording_reads


def _by_code(catalog: Catalog) -> dict[str, set[Path]]:
    found: dict[str, set[Path]] = collections.defaultdict(set)
    for diagnostic in catalog.all_diagnostics:
        if diagnostic.file is not None:
            found[diagnostic.code].add(diagnostic.file)
    return found


@pytest.mark.parametrize("layout", ["links restored", "as shared"])
def test_every_link_of_the_corpus_is_accounted_for(
        layout: str, request: pytest.FixtureRequest) -> None:
    """Each link is exactly one of: broken (SC032 names it), a folder reached a second time
    (SC034: its skills are listed once, where the folder really is), or a file that is read
    (a skill's SKILL.md, or a file of a skill). Where a link is a small file holding its
    target's path, a SKILL.md such file is an SC016 error on its skill. Nothing leaves the
    corpus (no SC031), loops (SC033) or cannot be read (SC036)."""
    restored = layout == "links restored"
    corpus = request.getfixturevalue("corpus") if restored else need_shared()
    catalog: Catalog = request.getfixturevalue("corpus_catalog" if restored else "shared_catalog")
    by_code = _by_code(catalog)
    skill_files = {skill.skill_md for skill in catalog.skills}
    for skill in catalog.skills:
        skill_files.update(skill.dir / item.relpath for item in skill.files)
    kinds: collections.Counter[str] = collections.Counter()
    for rel, target in corpus_links(need_shared()):
        path = corpus / rel
        if not path.is_symlink():  # a placeholder: a file holding the target's path
            assert layout == "as shared", f"{rel}: not restored as a link"
            assert path.read_text(encoding="utf-8").strip() == target
            if path.name == "SKILL.md":
                assert path in by_code["SC016"], rel
            kinds["placeholder"] += 1
        elif not path.exists():
            assert path in by_code["SC032"], rel
            kinds["broken"] += 1
        elif path.is_dir():
            assert path in by_code["SC034"], rel
            assert not any(s.dir == path or path in s.dir.parents for s in catalog.skills), rel
            kinds["folder"] += 1
        else:
            assert path in skill_files, rel
            kinds["file"] += 1
    if layout == "links restored":
        assert kinds["broken"] == len(by_code["SC032"]) > 200
        assert kinds["folder"] == len(by_code["SC034"]) > 200
        assert kinds["file"] > 20
        assert by_code["SC016"] == set()
    assert sum(kinds.values()) == len(corpus_links(need_shared()))
    for code in ("SC031", "SC033", "SC036", "SC041"):
        assert by_code[code] == set(), code


def test_skills_linked_into_tool_folders_are_listed_once(corpus_catalog: Catalog) -> None:
    """A skill folder linked into ``.codex/skills`` is the same skill as where it lies: the
    restored corpus lists each SKILL.md once, by its real folder, and never one that a broken
    link stands for."""
    catalog = corpus_catalog
    real_dirs = [os.path.realpath(skill.dir) for skill in catalog.skills]
    duplicated = [d for d, n in collections.Counter(real_dirs).items() if n > 1]
    # Only a SKILL.md linked into a folder of its own makes two skills of one file's folder.
    for folder in duplicated:
        twins = [s for s in catalog.skills if os.path.realpath(s.dir) == folder]
        assert sum(not s.skill_md.is_symlink() for s in twins) <= 1, folder
    assert all(skill.skill_md.exists() for skill in catalog.skills)


@pytest.mark.slow
def test_a_build_of_the_corpus_reads_and_publishes_nothing_from_outside(
        corpus: Path, tmp_path: Path) -> None:
    """The whole corpus, links and all, built through the API: no file outside it is opened
    (the site's own files, the package and the system's aside)."""
    site = tmp_path / "site"
    with recording_reads() as opened:
        result = build(Config(), roots=[corpus], output=site, workers=1)
    assert len(result.catalog.skills) > 1000
    real_corpus, real_site = os.path.realpath(corpus), os.path.realpath(tmp_path)
    package = os.path.realpath(Path(skill_catalog.__file__).parent.parent)
    outside = [p for p in opened if not (is_within(p, real_corpus) or is_within(p, real_site)
                                         or is_within(p, package) or p.startswith("/proc/"))
               and not p.startswith(("/usr/", "/etc/ssl/", "/dev/null"))]
    assert outside == [], outside[:10]
    assert (site / "index.html").is_file()
