"""Finding skills: hidden folders, skipped folders, lowercase skill.md, nesting, roots given as
skill folders or files, symbolic links, special files, bounds and order."""

from __future__ import annotations

import os
import threading
from pathlib import Path

import pytest

import skill_catalog
from skill_catalog.catalog import Catalog
from skill_catalog.config import config_from_mapping
from tests.helpers.libraries import write_skill
from tests.helpers.reads import IS_ROOT, recording_reads, run_unprivileged, world_readable_tmp
from tests.helpers.rules import diagnostic_lines


def relpaths(catalog: Catalog) -> list[str]:
    return [s.relpath for s in catalog.skills]


def lines(catalog: Catalog, library: Path) -> list[str]:
    return diagnostic_lines(catalog, library)


def load_with_timeout(roots: list[Path], seconds: float = 60, **kwargs: object) -> Catalog:
    """Load in a thread, so that a walk that blocks (a FIFO opened, a loop followed) fails the
    test instead of hanging it."""
    result: list[Catalog] = []
    errors: list[BaseException] = []

    def run() -> None:
        try:
            result.append(skill_catalog.load(roots, **kwargs))  # type: ignore[arg-type]
        except BaseException as exc:
            errors.append(exc)

    worker = threading.Thread(target=run, daemon=True)
    worker.start()
    worker.join(timeout=seconds)
    assert not worker.is_alive(), "load() did not return: it blocked"
    if errors:
        raise errors[0]
    return result[0]


# Where skills are found ---------------------------------------------------------------------


def test_hidden_folders_are_searched(library: Path) -> None:
    write_skill(library, ".claude/skills/x")
    write_skill(library, ".github/skills/y")
    write_skill(library, "visible")
    catalog = skill_catalog.load([library])
    assert relpaths(catalog) == [".claude/skills/x", ".github/skills/y", "visible"]
    assert all(s.valid for s in catalog)


@pytest.mark.parametrize("skipped", [".git", "node_modules", ".hg", ".svn", "__pycache__"])
def test_tool_folders_are_skipped(library: Path, skipped: str) -> None:
    write_skill(library, f"{skipped}/hidden-skill")
    write_skill(library, f"pkg/{skipped}/deeper-skill")
    write_skill(library, "kept")
    catalog = skill_catalog.load([library])
    assert relpaths(catalog) == ["kept"]
    # Each folder left out is named, with the reason: nothing is hidden silently.
    assert lines(catalog, library) == sorted([f"SC042 pkg/{skipped}", f"SC042 {skipped}"])
    assert all(f"'{skipped}' folders are never searched" in d.message
               for d in catalog.all_diagnostics)


def test_a_repository_own_git_folder_is_skipped_without_a_note(library: Path) -> None:
    """Every checkout has one, and no pull request can add to it: only a .git that is not a
    repository's (no HEAD) is worth a note."""
    (library / ".git").mkdir()
    (library / ".git" / "HEAD").write_text("ref: refs/heads/main\n")
    write_skill(library, ".git/skills/inside")
    write_skill(library, "kept")
    catalog = skill_catalog.load([library])
    assert relpaths(catalog) == ["kept"]
    assert catalog.all_diagnostics == []


def test_lowercase_skill_md_is_accepted_with_a_warning(library: Path) -> None:
    folder = write_skill(library, "lower")
    (folder / "SKILL.md").rename(folder / "skill.md")
    catalog = skill_catalog.load([library])
    (skill,) = catalog.skills
    assert skill.skill_md.name == "skill.md"
    assert skill.valid
    assert lines(catalog, library) == ["SC001 lower/skill.md"]
    assert "name the file exactly SKILL.md" in skill.diagnostics[0].message


def test_skill_md_is_preferred_over_lowercase(library: Path) -> None:
    folder = write_skill(library, "both")
    (folder / "skill.md").write_text("---\nname: other\n---\n", encoding="utf-8")
    catalog = skill_catalog.load([library])
    (skill,) = catalog.skills
    assert skill.skill_md.name == "SKILL.md"
    assert skill.name == "both"
    assert lines(catalog, library) == []


def test_nested_skills_are_marked_and_left_out_of_the_parent(library: Path) -> None:
    write_skill(library, "outer", files={"references/guide.md": "# Guide\n"})
    write_skill(library, "outer/tools/inner", files={"scripts/run.sh": "#!/bin/sh\n"})
    os.chmod(library / "outer/tools/inner/scripts/run.sh", 0o755)
    write_skill(library, "outer/tools/inner/deepest")
    catalog = skill_catalog.load([library])
    by_path = {s.relpath: s for s in catalog}
    assert list(by_path) == ["outer", "outer/tools/inner", "outer/tools/inner/deepest"]
    outer, inner, deepest = by_path.values()
    assert outer.nested_in is None
    assert inner.nested_in == outer.dir
    assert deepest.nested_in == inner.dir
    assert [f.relpath for f in outer.files] == ["SKILL.md", "references/guide.md"]
    assert [f.relpath for f in inner.files] == ["SKILL.md", "scripts/run.sh"]
    assert [f.relpath for f in deepest.files] == ["SKILL.md"]
    assert lines(catalog, library) == [
        "SC302 outer/tools/inner/SKILL.md:1", "SC302 outer/tools/inner/deepest/SKILL.md:1"]


def test_a_root_given_as_a_skill_folder(library: Path) -> None:
    folder = write_skill(library, "solo", files={"references/a.md": "# A\n"})
    write_skill(library, "solo/inner")
    write_skill(library, "sibling")
    catalog = skill_catalog.load([folder])
    assert relpaths(catalog) == [".", "inner"]
    solo = catalog.skills[0]
    assert solo.dir == folder
    assert solo.name == "solo"
    assert solo.valid
    assert [f.relpath for f in solo.files] == ["SKILL.md", "references/a.md"]


@pytest.mark.parametrize("file_name", ["SKILL.md", "skill.md"])
def test_a_root_given_as_a_skill_md_file(library: Path, file_name: str) -> None:
    folder = write_skill(library, "solo", files={"references/a.md": "# A\n"})
    (folder / "SKILL.md").rename(folder / file_name)
    write_skill(library, "sibling")
    catalog = skill_catalog.load([folder / file_name])
    assert relpaths(catalog) == ["."]
    (skill,) = catalog.skills
    assert skill.skill_md == folder / file_name
    assert skill.name == "solo"
    assert sorted(f.relpath for f in skill.files) == sorted([file_name, "references/a.md"])


def test_the_same_root_twice_lists_each_skill_once(library: Path) -> None:
    write_skill(library, "one")
    catalog = skill_catalog.load([library, library, library / "one"])
    assert relpaths(catalog) == ["one"]
    assert lines(catalog, library) == []


def test_a_missing_root_is_reported_and_the_others_still_load(library: Path) -> None:
    write_skill(library, "one")
    catalog = skill_catalog.load([library / "nope", library])
    assert relpaths(catalog) == ["one"]
    assert lines(catalog, library) == ["SC030 nope"]


# Symbolic links -----------------------------------------------------------------------------


def test_a_linked_skill_folder_is_followed_once(library: Path) -> None:
    write_skill(library, "real-skill", files={"references/a.md": "# A\n"})
    (library / "zz-link").symlink_to("real-skill")
    (library / "group").mkdir()
    (library / "group" / "again").symlink_to("../real-skill")
    catalog = skill_catalog.load([library])
    assert relpaths(catalog) == ["real-skill"]
    assert catalog.skills[0].valid
    assert lines(catalog, library) == ["SC034 group/again", "SC034 zz-link"]


def test_a_linked_skill_md_inside_the_root_is_read(library: Path) -> None:
    write_skill(library, "store/shared", "name: linked\ndescription: Shared. Use when testing.")
    (library / "linked").mkdir()
    (library / "linked" / "SKILL.md").symlink_to("../store/shared/SKILL.md")
    catalog = skill_catalog.load([library])
    by_path = {s.relpath: s for s in catalog}
    assert set(by_path) == {"linked", "store/shared"}
    assert by_path["linked"].name == "linked"
    # Two folders claim the name (the second holds other files than the first could): SC301.
    assert [d.code for d in by_path["linked"].diagnostics] == ["SC301"]


def test_links_leaving_the_root_are_reported_and_never_read(tmp_path: Path) -> None:
    library = tmp_path / "library"
    outside = tmp_path / "outside"
    write_skill(outside, "secret", "name: secret\ndescription: OUTSIDE-SECRET. Use when never.",
                body="OUTSIDE-SECRET body\n")
    (outside / "notes.md").write_text("OUTSIDE-SECRET notes\n", encoding="utf-8")
    write_skill(library, "inside")
    (library / "secret").symlink_to(outside / "secret")
    (library / "inside" / "references").mkdir()
    (library / "inside" / "references" / "notes.md").symlink_to("../../../outside/notes.md")
    (library / "copy").mkdir()
    (library / "copy" / "SKILL.md").symlink_to(outside / "secret" / "SKILL.md")
    with recording_reads() as read:
        catalog = skill_catalog.load([library])
    assert relpaths(catalog) == ["inside"]
    assert [f.relpath for f in catalog.skills[0].files] == ["SKILL.md"]
    assert lines(catalog, library) == [
        "SC031 copy/SKILL.md", "SC031 inside/references/notes.md", "SC031 secret"]
    real_outside = os.path.realpath(outside)
    assert not [p for p in read if p.startswith(real_outside + os.sep)]
    assert os.path.realpath(library / "inside" / "SKILL.md") in read
    for skill in catalog:
        assert "OUTSIDE-SECRET" not in repr(skill.frontmatter) + skill.body


def test_a_root_that_is_itself_a_link_is_read(tmp_path: Path) -> None:
    real = tmp_path / "real-library"
    write_skill(real, "one")
    (tmp_path / "library").symlink_to(real)
    catalog = skill_catalog.load([tmp_path / "library"])
    assert relpaths(catalog) == ["one"]
    assert catalog.skills[0].dir == tmp_path / "library" / "one"


def test_broken_links_are_reported(library: Path) -> None:
    write_skill(library, "one")
    (library / "one" / "gone.md").symlink_to("missing.md")
    (library / "dangling").symlink_to("no-such-folder")
    catalog = skill_catalog.load([library])
    assert relpaths(catalog) == ["one"]
    assert lines(catalog, library) == ["SC032 dangling", "SC032 one/gone.md"]
    assert catalog.skills[0].valid  # a warning only


def test_link_loops_do_not_hang(library: Path) -> None:
    write_skill(library, "one")
    (library / "one" / "up").symlink_to("..")
    (library / "one" / "top").symlink_to("../one")
    (library / "self").symlink_to("self")
    (library / "ping").symlink_to("pong")
    (library / "pong").symlink_to("ping")
    catalog = load_with_timeout([library])
    assert relpaths(catalog) == ["one"]
    assert lines(catalog, library) == [
        "SC033 one/top", "SC033 one/up", "SC033 ping", "SC033 pong", "SC033 self"]


# Special files ------------------------------------------------------------------------------


def test_a_fifo_named_skill_md_is_reported_and_never_opened(library: Path) -> None:
    (library / "piped").mkdir()
    os.mkfifo(library / "piped" / "SKILL.md")
    write_skill(library, "one")
    os.mkfifo(library / "one" / "stream")
    with recording_reads() as read:
        catalog = load_with_timeout([library])
    assert relpaths(catalog) == ["one"]
    assert lines(catalog, library) == ["SC035 one/stream", "SC035 piped/SKILL.md"]
    assert "FIFO" in catalog.diagnostics[0].message
    assert os.path.realpath(library / "piped" / "SKILL.md") not in read
    assert os.path.realpath(library / "one" / "stream") not in read
    assert os.path.realpath(library / "one" / "SKILL.md") in read


def test_a_fifo_given_as_the_root_file_is_not_opened(library: Path) -> None:
    (library / "piped").mkdir()
    os.mkfifo(library / "piped" / "SKILL.md")
    catalog = load_with_timeout([library / "piped" / "SKILL.md"])
    assert relpaths(catalog) == []
    assert lines(catalog, library) == ["SC035 piped/SKILL.md", "SC303 piped/SKILL.md"]


# Bounds -------------------------------------------------------------------------------------


def test_depth_bound(library: Path) -> None:
    write_skill(library, "a/shallow", files={"references/deep.md": "# Deep\n"})
    write_skill(library, "a/b/deep")
    config = config_from_mapping({"limits": {"max_depth": 2}})
    catalog = skill_catalog.load([library], config)
    assert relpaths(catalog) == ["a/shallow"]
    # The folder past the limit inside a skill is not scanned either: the trust scan says so.
    assert lines(catalog, library) == ["SC037 a/b/deep", "SC037 a/shallow/references",
                                       "ST044 a/shallow/references:1"]
    assert "deeper than 2 levels" in catalog.diagnostics[0].message
    assert [f.relpath for f in catalog.skills[0].files] == ["SKILL.md"]


def test_entry_bound(library: Path) -> None:
    for name in ("a", "b", "c", "d"):
        write_skill(library, name)
    config = config_from_mapping({"limits": {"max_entries": 6}})
    catalog = skill_catalog.load([library], config)
    # Four folders, then a/SKILL.md and b/SKILL.md: the seventh entry stops the walk.
    assert relpaths(catalog) == ["a", "b"]
    assert lines(catalog, library) == ["SC038 c"]


def test_file_bound(library: Path) -> None:
    write_skill(library, "many", files={f"references/{i}.md": "# x\n" for i in range(5)})
    config = config_from_mapping({"limits": {"max_files_per_skill": 3}})
    catalog = skill_catalog.load([library], config)
    (skill,) = catalog.skills
    assert skill.files_truncated
    assert [f.relpath for f in skill.files] == ["SKILL.md", "references/0.md", "references/1.md"]
    # The files past the limit are not scanned either: the trust scan says so (ST044).
    assert lines(catalog, library) == ["SC039 many", "ST044 many/SKILL.md:1"]


# Order --------------------------------------------------------------------------------------


def test_order_is_deterministic(library: Path) -> None:
    for name in ("zeta", "alpha", "Mid", "beta/inner", ".hidden/x", "alpha/nested", "a-b", "a"):
        write_skill(library, name)
    first = skill_catalog.load([library])
    second = skill_catalog.load([library])
    assert relpaths(first) == relpaths(second)
    assert relpaths(first) == [
        ".hidden/x", "Mid", "a", "a-b", "alpha", "alpha/nested", "beta/inner", "zeta"]
    assert [d for s in first for d in s.diagnostics] == [d for s in second for d in s.diagnostics]


def test_roots_keep_their_order(tmp_path: Path) -> None:
    write_skill(tmp_path / "z-lib", "one")
    write_skill(tmp_path / "a-lib", "two")
    catalog = skill_catalog.load([tmp_path / "z-lib", tmp_path / "a-lib"])
    assert [s.name for s in catalog] == ["one", "two"]


# Permissions ---------------------------------------------------------------------------------


def _unreadable_library(tmp: Path) -> Path:
    library = tmp / "library"
    write_skill(library, "locked", files={"references/guide.md": "# Guide\n"})
    write_skill(library, "fine")
    (library / "locked" / "references").chmod(0)
    return library


def test_an_unreadable_folder(tmp_path: Path) -> None:
    """Root reads the folder anyway; an ordinary user gets SC036 and the skill is invalid."""
    with world_readable_tmp() as tmp:
        library = _unreadable_library(tmp)

        def observe() -> tuple[list[str], list[str]]:
            catalog = skill_catalog.load([library])
            return lines(catalog, library), [f.relpath for f in catalog.skills[1].files]

        try:
            as_root = observe() if IS_ROOT else None
            unprivileged = run_unprivileged(observe) if IS_ROOT else observe()
        finally:
            (library / "locked" / "references").chmod(0o755)
    if as_root is not None:
        assert as_root == ([], ["SKILL.md", "references/guide.md"])
    assert unprivileged == (["SC036 locked/references"], ["SKILL.md"])


def test_a_path_mentioned_inside_an_unreadable_folder_does_not_crash() -> None:
    with world_readable_tmp() as tmp:
        library = tmp / "library"
        write_skill(library, "locked", body="# Locked\n\nRead references/guide.md first.\n",
                    files={"references/guide.md": "# Guide\n"})
        (library / "locked" / "references").chmod(0)

        def observe() -> list[str]:
            return lines(skill_catalog.load([library]), library)

        try:
            seen = run_unprivileged(observe) if IS_ROOT else observe()
        finally:
            (library / "locked" / "references").chmod(0o755)
    assert "SC036 locked/references" in seen


# Known misfires, kept as strict expected failures so that fixing them is noticed -----------


def test_the_real_folder_wins_over_a_link_that_sorts_first(library: Path) -> None:
    write_skill(library, "z-real")
    (library / "a-link").symlink_to("z-real")
    catalog = skill_catalog.load([library])
    assert relpaths(catalog) == ["z-real"]
    assert lines(catalog, library) == ["SC034 a-link"]


def test_a_link_through_a_file_is_a_broken_link(library: Path) -> None:
    write_skill(library, "one")
    (library / "one" / "odd").symlink_to("SKILL.md/x")
    catalog = skill_catalog.load([library])
    assert lines(catalog, library) == ["SC032 one/odd"]
