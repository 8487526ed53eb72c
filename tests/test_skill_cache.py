"""The skill cache (``skill_catalog.pipeline.skill_cache``): a load from the cache equals a fresh
load, and any change a rule could see makes the skill be parsed and checked again."""

from __future__ import annotations

import datetime as dt
import os
import time
from pathlib import Path

import pytest

import skill_catalog
from skill_catalog.catalog import Catalog
from skill_catalog.config import Config, config_from_mapping
from skill_catalog.parse.outline import outline
from skill_catalog.pipeline import checking, skill_cache
from skill_catalog.pipeline.skill_cache import SkillCache
from tests.helpers.libraries import write_skill
from tests.helpers.reads import load_dump
from tests.helpers.rules import RULE_CASES, materialize
from tests.hostile_library import make_hostile_library


def assert_outlines(catalog: Catalog, fresh: Catalog) -> None:
    """Each skill of a load through the cache has the outline of the body a fresh load read
    (taken by the load that filled the cache, or restored from it)."""
    for skill, parsed in zip(catalog.skills, fresh.skills, strict=True):
        assert skill.outline == outline(parsed.body), skill.dir


def cached_load(roots: list[Path], config: Config | None, path: Path) -> tuple[Catalog, int]:
    """A load through the cache saved at ``path`` (then saved again); the skills restored."""
    cache = SkillCache.read(path)
    catalog = skill_catalog.load(roots, config, cache=cache)
    cache.write(path)
    return catalog, cache.hits


@pytest.mark.parametrize("case", RULE_CASES, ids=[c.name for c in RULE_CASES])
def test_rule_fixtures_load_the_same_from_the_cache(case: Path, tmp_path: Path) -> None:
    made = materialize(case, tmp_path / "case")
    try:
        fresh = skill_catalog.load(made.roots, made.config)
        store = tmp_path / "cache.json"
        filled, hits = cached_load(made.roots, made.config, store)
        assert hits == 0
        again, hits = cached_load(made.roots, made.config, store)
    finally:
        made.restore_permissions()
    assert load_dump(filled) == load_dump(fresh)
    assert load_dump(again) == load_dump(fresh)
    assert hits == len(SkillCache.read(store).entries)
    assert_outlines(filled, fresh)
    assert_outlines(again, fresh)


def test_hostile_library_loads_the_same_from_the_cache(
        tmp_path_factory: pytest.TempPathFactory, tmp_path: Path) -> None:
    library = make_hostile_library(tmp_path_factory.mktemp("h"), big=False)  # short socket paths
    fresh = skill_catalog.load([library])
    filled, _ = cached_load([library], None, tmp_path / "cache.json")
    again, hits = cached_load([library], None, tmp_path / "cache.json")
    assert load_dump(filled) == load_dump(fresh)
    assert load_dump(again) == load_dump(fresh)
    assert hits > 10
    assert_outlines(filled, fresh)
    assert_outlines(again, fresh)


def test_corpus_loads_the_same_from_the_cache(tmp_path: Path, corpus: Path,
                                              corpus_catalog: Catalog) -> None:
    fresh = corpus_catalog
    cached_load([corpus], None, tmp_path / "cache.json")
    again, hits = cached_load([corpus], None, tmp_path / "cache.json")
    assert load_dump(again) == load_dump(fresh)
    assert hits == len(fresh.skills)
    assert_outlines(again, fresh)


@pytest.fixture
def library(tmp_path: Path) -> Path:
    root = tmp_path / "library"
    write_skill(root, "dated", "name: dated\ndescription: Has dates.\nmetadata:\n  updated: "
                "2025-01-02\n  at: 2025-01-02 03:04:05+02:00", "# Dated\n\nBody.\n")
    windows = write_skill(root, "windows", "name: windows\ndescription: CRLF line endings.",
                          "# Windows\n\nBody.\n") / "SKILL.md"
    windows.write_bytes(windows.read_bytes().replace(b"\n", b"\r\n"))
    write_skill(root, "links", "name: links\ndescription: Links a reference.",
                "See [guide](references/guide.md) and [vendored](node_modules/x/README.md).\n",
                files={"references/guide.md": "# Guide\n"})
    write_skill(root, "broken", "name: broken\ndescription: [unclosed", "Body.\n")
    return root


def _reload(library: Path, store: Path, config: Config | None = None) -> tuple[Catalog, int]:
    catalog, hits = cached_load([library], config, store)
    assert load_dump(catalog) == load_dump(skill_catalog.load([library], config))
    return catalog, hits


def test_unchanged_skills_are_restored_with_their_dates(library: Path, tmp_path: Path) -> None:
    store = tmp_path / "cache.json"
    _reload(library, store)
    catalog, hits = _reload(library, store)
    assert hits == 4
    dated = next(s for s in catalog if s.key == "dated")
    assert dated.frontmatter["metadata"]["updated"] == dt.date(2025, 1, 2)
    assert isinstance(dated.frontmatter["metadata"]["at"], dt.datetime)


def test_an_edit_keeping_size_and_mtime_is_seen(library: Path, tmp_path: Path) -> None:
    store = tmp_path / "cache.json"
    _reload(library, store)
    skill_md = library / "dated" / "SKILL.md"
    before = skill_md.stat()
    skill_md.write_bytes(skill_md.read_bytes().replace(b"Body.", b"Edit."))
    os.utime(skill_md, ns=(before.st_atime_ns, before.st_mtime_ns))
    catalog, hits = _reload(library, store)
    assert hits == 3
    assert next(s for s in catalog if s.key == "dated").body.endswith("Edit.\n")


def test_files_rewritten_with_the_same_bytes_are_not_parsed_again(
        library: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Content decides (a checkout, an editor saving unchanged text, ``touch``): new times and
    inodes with the same bytes and mode restore the skill; the new identities are kept, so the
    next load reads nothing again."""
    store = tmp_path / "cache.json"
    _reload(library, store)
    for path in sorted(p for p in library.rglob("*") if p.is_file()):
        data, mode = path.read_bytes(), path.stat().st_mode
        path.unlink()
        path.write_bytes(data)
        path.chmod(mode)  # a new inode, new times
    later = time.time_ns() + 2 * skill_cache.RACY_NS  # the files are no longer new
    monkeypatch.setattr(skill_cache.time, "time_ns", lambda: later)
    _, hits = _reload(library, store)
    assert hits == 4
    reads: list[str] = []
    monkeypatch.setattr(skill_cache, "sha256_inside", lambda root, path: reads.append(path) or "")
    _, hits = cached_load([library], None, store)
    assert hits == 4
    assert reads == []


def test_restored_bodies_are_read_when_asked_for(
        library: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A rebuild restores every unchanged skill and shows the bodies of the changed ones only:
    the others' SKILL.md is not read again unless its body is asked for; the skill (a frozen
    value) keeps none, so each time it is asked for it is read (a build asks once, for the
    skill's page)."""
    store = tmp_path / "cache.json"
    _reload(library, store)
    reads: list[Path] = []
    real_read = skill_cache.read_limited_inside

    def counted(root: str, path: Path, limit: int) -> tuple[bytes, bool]:
        reads.append(path)
        return real_read(root, path, limit)

    monkeypatch.setattr(skill_cache, "read_limited_inside", counted)
    catalog, hits = cached_load([library], None, store)
    assert hits == 4
    assert reads == []
    windows = next(s for s in catalog if s.key == "windows")  # CRLF: decoded again
    assert windows.body == "# Windows\n\nBody.\n"
    assert reads == [windows.skill_md]
    assert windows.body == "# Windows\n\nBody.\n"
    assert reads == [windows.skill_md] * 2
    assert isinstance(windows.held_body, skill_cache.DeferredBody)


@pytest.mark.parametrize("workers", [1, 4])
def test_a_load_that_fills_the_cache_keeps_no_body(
        library: Path, tmp_path: Path, workers: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """A build's load (the one that fills the cache) leaves each parsed body in SKILL.md, as
    restored skills do: 10,000 skills hold about 95 MB of bodies, which a build needs one at a
    time. Asked for, a body is what the parse gave, CRLF and broken frontmatter included;
    ``read_body`` gives it without keeping it (a pass over every skill). Forked children
    (``workers``) send the skills back without their bodies."""
    monkeypatch.setattr(checking, "MIN_SKILLS_PER_PROCESS", 1)
    fresh = skill_catalog.load([library])
    catalog = skill_catalog.load([library], cache=SkillCache(), workers=workers)
    with_body = [s.key for s in fresh if s.body_utf8]
    assert with_body == ["broken", "dated", "links", "windows"]
    for skill, parsed in zip(catalog, fresh, strict=True):
        assert isinstance(skill.held_body, skill_cache.DeferredBody), skill.key
        assert skill.read_body() == parsed.body
        assert isinstance(skill.held_body, skill_cache.DeferredBody)
        assert skill.body == parsed.body
        assert isinstance(skill.held_body, skill_cache.DeferredBody)  # never kept
    assert load_dump(catalog) == load_dump(fresh)
    assert_outlines(catalog, fresh)  # taken while the body was at hand, in the child too
    assert [s.outline for s in fresh] == [None] * len(fresh.skills)  # no cache: not taken


def test_a_body_edited_after_the_load_is_read_as_it_is_now(
        library: Path, tmp_path: Path) -> None:
    """An edit between the load and the first use of a restored body (while the site is
    written) gives the body the file now holds; the next load parses it again."""
    store = tmp_path / "cache.json"
    _reload(library, store)
    catalog, hits = cached_load([library], None, store)
    assert hits == 4
    for key, edit in (("dated", b"Longer body now.\n"), ("links", b"")):
        skill = next(s for s in catalog if s.key == key)
        text = skill.skill_md.read_bytes()
        skill.skill_md.write_bytes(text[: text.rindex(b"---") + 4] + edit)
        assert skill.body_utf8 == edit
    broken = next(s for s in catalog if s.key == "windows")
    broken.skill_md.unlink()
    assert broken.body == ""
    _, hits = _reload(library, store)
    assert hits == 1


@pytest.mark.parametrize("restored", [False, True])
def test_a_body_read_later_never_comes_from_outside_the_library(
        library: Path, tmp_path: Path, restored: bool) -> None:
    """A SKILL.md replaced, after the load, by a link to a file outside the library (the
    same frontmatter and a body of the same size, so that only the place differs) gives no
    body: nothing outside the roots reaches a page, however long after the walk it is read."""
    store = tmp_path / "cache.json"
    if restored:
        _reload(library, store)
    catalog, hits = cached_load([library], None, store)
    assert hits == (4 if restored else 0)
    skill = next(s for s in catalog if s.key == "dated")
    assert skill.read_body() == "# Dated\n\nBody.\n"
    text = skill.skill_md.read_bytes()
    secret = tmp_path / "secret.md"
    secret.write_bytes(text.replace(b"# Dated\n\nBody.", b"# Taken\n\nMine."))
    skill.skill_md.unlink()
    skill.skill_md.symlink_to(secret)
    assert skill.read_body() == ""
    assert skill.body == ""


def _encoded_afresh(store: Path, tmp_path: Path) -> bytes:
    """The cache saved at ``store`` written again with every entry encoded anew."""
    cache = SkillCache.read(store)
    cache.used = set(cache.entries)
    for entry in cache.entries.values():
        entry.span = None
    cache.write(tmp_path / "afresh.json")
    return (tmp_path / "afresh.json").read_bytes()


def test_unchanged_entries_are_written_again_as_they_were_read(
        library: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """An entry restored with the same file records is copied from the file it was read from
    (encoding is most of the cost of saving the cache); an entry whose files were parsed
    again, or whose records changed (new inodes and times for the same bytes), is encoded
    anew. The file is the same either way."""
    store = tmp_path / "cache.json"
    later = time.time_ns() + 2 * skill_cache.RACY_NS  # the fixture's files are not new
    monkeypatch.setattr(skill_cache.time, "time_ns", lambda: later)
    _reload(library, store)
    cache = SkillCache.read(store)
    assert all(entry.span is not None for entry in cache.entries.values())
    catalog = skill_catalog.load([library], cache=cache)
    assert cache.hits == 4
    assert all(entry.span is not None for entry in cache.entries.values())
    cache.write(store)
    assert store.read_bytes() == _encoded_afresh(store, tmp_path)

    skill_md = library / "links" / "SKILL.md"
    skill_md.write_text(skill_md.read_text(encoding="utf-8") + "More.\n", encoding="utf-8")
    guide = library / "links" / "references" / "guide.md"
    data = guide.read_bytes()
    guide.unlink()
    guide.write_bytes(data)  # a new inode, the same bytes
    (library / "windows" / "SKILL.md").touch()
    cache = SkillCache.read(store)
    catalog = skill_catalog.load([library], cache=cache)
    assert cache.hits == 3
    kept = {Path(folder).name: entry.span is not None for folder, entry in cache.entries.items()}
    assert kept == {"links": False, "windows": False, "dated": True, "broken": True}
    cache.write(store)
    assert store.read_bytes() == _encoded_afresh(store, tmp_path)
    again, hits = cached_load([library], None, store)
    assert hits == 4
    assert load_dump(again) == load_dump(catalog)


def test_files_changed_just_before_a_load_are_read_again_next_time(
        library: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A file written within the clock tick of its stat could be written again without any of
    its times changing (git's "racily clean" entries): its record is not trusted, and the next
    load reads it again. Once its times are older, its record is trusted."""
    store = tmp_path / "cache.json"
    _reload(library, store)  # every file of the fixture was written a moment ago
    files = sorted(str(p) for p in library.rglob("*") if p.is_file())
    reads: list[str] = []
    real = skill_cache.sha256_inside
    monkeypatch.setattr(skill_cache, "sha256_inside",
                        lambda root, path: reads.append(path) or real(root, path))
    later = time.time_ns() + 2 * skill_cache.RACY_NS
    monkeypatch.setattr(skill_cache.time, "time_ns", lambda: later)
    _, hits = cached_load([library], None, store)
    assert hits == 4  # the same bytes: restored all the same
    assert sorted(reads) == files
    reads.clear()
    _, hits = cached_load([library], None, store)
    assert hits == 4
    assert reads == []


def test_a_file_made_executable_is_seen(library: Path, tmp_path: Path) -> None:
    store = tmp_path / "cache.json"
    _reload(library, store)
    os.chmod(library / "links" / "references" / "guide.md", 0o755)
    _, hits = _reload(library, store)
    assert hits == 3


def test_a_changed_reference_is_checked_again(library: Path, tmp_path: Path) -> None:
    store = tmp_path / "cache.json"
    catalog, _ = _reload(library, store)
    assert "SC204" not in {d.code for d in catalog.all_diagnostics}
    extra = library / "links" / "references" / "extra.md"
    extra.write_text("More.\n")
    (library / "links" / "references" / "guide.md").write_text("# Guide\n\n[on](extra.md)\n")
    catalog, hits = _reload(library, store)
    assert hits == 3
    assert "SC204" in {d.code for d in catalog.all_diagnostics}


def test_a_path_looked_up_outside_the_file_list_is_checked_again(
        library: Path, tmp_path: Path) -> None:
    """node_modules is never walked; SC203 asks the disk whether the linked file is there."""
    store = tmp_path / "cache.json"

    def missing(catalog: Catalog) -> list[str]:
        return [d.message for d in catalog.all_diagnostics if d.code == "SC203"]

    catalog, _ = _reload(library, store)
    assert len(missing(catalog)) == 1
    vendored = library / "links" / "node_modules" / "x"
    vendored.mkdir(parents=True)
    (vendored / "README.md").write_text("Vendored.\n")
    catalog, hits = _reload(library, store)
    assert missing(catalog) == []
    assert hits == 3


def test_other_settings_empty_the_cache(library: Path, tmp_path: Path) -> None:
    store = tmp_path / "cache.json"
    _reload(library, store)
    config = config_from_mapping({"limits": {"body_max_lines": 1}})
    catalog, hits = _reload(library, store, config)
    assert hits == 0
    assert "SC201" in {d.code for d in catalog.all_diagnostics}
    _, hits = _reload(library, store, config)
    assert hits == 4


def test_removed_skills_leave_the_cache(library: Path, tmp_path: Path) -> None:
    store = tmp_path / "cache.json"
    _reload(library, store)
    (library / "broken" / "SKILL.md").unlink()
    _reload(library, store)
    assert sorted(Path(f).name for f in SkillCache.read(store).entries) == [
        "dated", "links", "windows"]


@pytest.mark.parametrize("content", [
    b"", b"not json", b"[]", b'{"format": 1, "settings": "x", "skills": {"a": 1}}',
    b'{"format": 1, "settings": "x", "skills": {"a": ["p", [], {}]}}',
])
def test_a_broken_cache_file_only_costs_time(library: Path, tmp_path: Path,
                                             content: bytes) -> None:
    store = tmp_path / "cache.json"
    store.write_bytes(content)
    _, hits = _reload(library, store)
    assert hits == 0
    _, hits = _reload(library, store)
    assert hits == 4


@pytest.mark.parametrize("field", ['"files": [', '"outline": "'])
def test_a_tampered_entry_is_not_trusted_beyond_its_fingerprint(
        library: Path, tmp_path: Path, field: str) -> None:
    """An entry whose fields are wrong in shape is parsed again instead."""
    store = tmp_path / "cache.json"
    _reload(library, store)
    text = store.read_text()
    assert text.count(field) == 4
    store.write_text(text.replace(field, field.replace(": ", ': 7, "other": ')))
    catalog, hits = _reload(library, store)
    assert hits == 0
    assert all(isinstance(s.outline, str) for s in catalog)
