"""What the catalog reads stays inside the library, in every output and command.

- Folders the walk skips (``.git``, ``node_modules``, ``__pycache__``, ``.hg``, ``.svn``, a site
  skill-catalog built) are outside the boundary for links too: a link into one is reported
  (``SC041``) and nothing behind it reaches a page, a copy, a zip, ``show``, ``files``,
  ``file``, ``catalog.json`` or the search index.
- Reads open a path component by component (``safe_fs.open_inside``): a folder swapped for a
  link out of the root after the walk, even at the very moment of the read, gives nothing.
- A marker file hides a folder only when the folder is a site this tool built here; every
  folder left out is named (``SC042``), and an untrusted marker is reported (``SC043``).
- ``file``'s folder rule (SKILL.md, scripts/, references/, assets/) holds for where a file
  really is, not only for the path asked for.
"""

from __future__ import annotations

import os
import shutil
import zipfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

import skill_catalog
from skill_catalog.cli import cli
from skill_catalog.config import Config, config_from_mapping
from skill_catalog.discovery import library as discovery_library
from skill_catalog.fs import safe_fs
from skill_catalog.fs.safe_fs import (
    LeavesFolder,
    SkippedFolder,
    UnsafeFile,
    folders_kept_open,
    open_inside,
)
from skill_catalog.site import build as site_build
from skill_catalog.site.publish.archive import SourceError
from skill_catalog.skill_access import FileRefused
from tests.helpers.libraries import write_skill
from tests.helpers.reads import recording_reads
from tests.helpers.rules import diagnostic_lines

CANARY = "CANARY-skipped-folder-3e1d"
"""Held by every file that must never be published."""


def every_output(site: Path) -> Iterator[tuple[str, bytes]]:
    """Every file of ``site`` and every member of its zips, with their bytes."""
    for folder, _dirs, files in os.walk(site):
        for name in files:
            path = Path(folder) / name
            data = path.read_bytes()
            yield path.relative_to(site).as_posix(), data
            if name.endswith(".zip"):
                with zipfile.ZipFile(path) as archive:
                    for member in archive.namelist():
                        yield f"{path.name}:{member}", archive.read(member)


def leaks(site: Path, secret: str = CANARY) -> list[str]:
    return [name for name, data in every_output(site) if secret.encode() in data]


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args))
    return result.exit_code, result.stdout, result.stderr


def build_site(library: Path, site: Path, config: Config | None = None) -> None:
    site_build.build(config or Config(), roots=[library], output=site)


# --- Links into the folders the walk skips ------------------------------------------------------


@pytest.fixture
def checkout(tmp_path: Path) -> Path:
    """A checkout whose .git, node_modules and __pycache__ hold the canary, and a skill with a
    link into each: to a file, to the folder itself, to a folder below; a link to a folder
    that holds a .git of its own; a skill whose SKILL.md is a link into .git."""
    root = tmp_path / "checkout"
    git = root / ".git"
    (git / "hooks").mkdir(parents=True)
    (git / "config").write_text(f'[http]\n\textraheader = "AUTHORIZATION: {CANARY}"\n')
    (git / "hooks" / "pre-commit").write_text(f"#!/bin/sh\n# {CANARY}\n")
    (git / "SKILL.md").write_text(f"---\nname: in-git\ndescription: {CANARY}\n---\n{CANARY}\n")
    (root / "node_modules" / "pkg").mkdir(parents=True)
    (root / "node_modules" / "pkg" / "index.js").write_text(f"// {CANARY}\n")
    (root / "pkg" / "__pycache__").mkdir(parents=True)
    (root / "pkg" / "__pycache__" / "m.cpython-311.pyc").write_text(CANARY)
    (root / "vendor" / ".git").mkdir(parents=True)
    (root / "vendor" / ".git" / "config").write_text(CANARY)
    (root / "vendor" / "README.md").write_text("# Vendor\n\nPublished.\n")
    skill = write_skill(root, "skills/linker", files={"references/own.md": "# Own\n"})
    refs = skill / "references"
    links = {
        "references/gitconfig": "../../../.git/config",
        "references/git": "../../../.git",
        "references/hooks": "../../../.git/hooks",
        "references/modules.js": "../../../node_modules/pkg/index.js",
        "references/modules": "../../../node_modules",
        "references/vendor": "../../../vendor",
        "assets": "../../pkg/__pycache__",
    }
    for rel, target in links.items():
        os.symlink(target, skill / rel)
    assert (refs / "gitconfig").read_text().startswith("[http]")
    (root / "skills" / "from-git").mkdir()
    os.symlink("../../.git/SKILL.md", root / "skills" / "from-git" / "SKILL.md")
    return root


def test_links_into_skipped_folders_are_reported_and_never_read(checkout: Path) -> None:
    with recording_reads() as opened:
        catalog = skill_catalog.load([checkout])
    assert [s.relpath for s in catalog.skills] == ["skills/linker"]
    (skill,) = catalog.skills
    assert [f.relpath for f in skill.files] == ["SKILL.md", "references/own.md"]
    found = diagnostic_lines(catalog, checkout)
    assert [line for line in found if line.startswith("SC041")] == sorted([
        "SC041 skills/from-git/SKILL.md",
        "SC041 skills/linker/assets",
        "SC041 skills/linker/references/git",
        "SC041 skills/linker/references/gitconfig",
        "SC041 skills/linker/references/hooks",
        "SC041 skills/linker/references/modules",
        "SC041 skills/linker/references/modules.js",
    ])
    by_file = {d.file: d for d in catalog.all_diagnostics}
    message = by_file[checkout / "skills/linker/references/gitconfig"].message
    assert "points to ../../../.git/config" in message  # the link's target, as written
    assert ".git is never searched" in message  # and why
    assert "pkg/__pycache__ is never searched" in by_file[checkout / "skills/linker/assets"].message
    # The skipped folders are named, the vendored one's .git too.
    assert [line for line in found if line.startswith("SC042")] == [
        "SC042 .git", "SC042 node_modules", "SC042 pkg/__pycache__", "SC042 vendor/.git"]
    skipped = [os.path.realpath(checkout / name)
               for name in (".git", "node_modules", "pkg/__pycache__", "vendor/.git")]
    assert [p for p in opened if any(p == s or p.startswith(s + os.sep) for s in skipped)] == []


def test_nothing_in_a_skipped_folder_reaches_any_output(checkout: Path, tmp_path: Path) -> None:
    site = tmp_path / "site"
    build_site(checkout, site)
    assert (site / "skills" / "linker" / "index.html").is_file()
    assert leaks(site) == []
    names = [name for name, _data in every_output(site)]
    assert not any("gitconfig" in name or "modules.js" in name for name in names)
    # The command-line tools: show, files, file (even with --any-path).
    for args in (["show", "linker"], ["files", "linker"], ["files", "linker", "-f", "json"]):
        code, out, _err = run(*args, str(checkout))
        assert code == 0
        assert CANARY not in out
        assert "gitconfig" not in out
    for relpath in ("references/gitconfig", "references/git/config",
                    "references/hooks/pre-commit",
                    "references/modules.js", "references/modules/pkg/index.js",
                    "assets/m.cpython-311.pyc", "references/vendor/.git/config"):
        for extra in ([], ["--any-path"]):
            code, out, _err = run("file", "linker", relpath, str(checkout), *extra)
            assert (code, CANARY in out) == (1, False), (relpath, extra)


def test_a_skill_holding_its_own_git_folder_never_gives_it_out(tmp_path: Path) -> None:
    """A skill that is a checkout itself: its .git is skipped by the walk and refused by
    ``file``, also through a link inside the skill and with --any-path."""
    root = tmp_path / "lib"
    skill = write_skill(root, "own-repo")
    (skill / ".git").mkdir()
    (skill / ".git" / "config").write_text(CANARY)
    (skill / "references").mkdir()
    os.symlink("../.git/config", skill / "references" / "config")
    # A submodule's (or worktree's) .git is a file pointing to its repository: Git's too.
    submodule = write_skill(root, "submodule")
    (submodule / ".git").write_text(f"gitdir: /home/runner/{CANARY}/.git/modules/submodule\n")
    catalog = skill_catalog.load([root])
    assert [f.relpath for f in catalog.get("own-repo").files] == ["SKILL.md"]
    assert [f.relpath for f in catalog.get("submodule").files] == ["SKILL.md"]
    assert diagnostic_lines(catalog, root) == ["SC041 own-repo/references/config",
                                               "SC042 own-repo/.git"]
    with pytest.raises(FileRefused, match="never read"):
        catalog.read_file("submodule", ".git", any_path=True)
    for relpath in (".git/config", "references/config"):
        with pytest.raises(FileRefused, match="never read"):
            catalog.read_file("own-repo", relpath, any_path=True)
    with pytest.raises(SkippedFolder):
        open_inside(skill, "references/config")


def test_a_link_into_a_skill_the_configuration_leaves_out_publishes_nothing(
        tmp_path: Path) -> None:
    """``exclude`` keeps a skill out of the catalog; a link from a published skill into its
    folder does not bring its files back. A skill kept inside a left-out one keeps its own."""
    root = tmp_path / "lib"
    write_skill(root, "internal/secret", files={"notes.md": f"{CANARY}\n"})
    write_skill(root, "internal/secret/public-child", files={"references/own.md": "# Own\n"})
    public = write_skill(root, "skills/public", files={"references/guide.md": "# Guide\n"})
    os.symlink("../../../internal/secret/notes.md", public / "references" / "notes.md")
    os.symlink("../../../internal/secret", public / "references" / "secret")
    config = config_from_mapping({"exclude": ["internal/secret"]})
    catalog = skill_catalog.load([root], config)
    assert [s.relpath for s in catalog.skills] == ["internal/secret/public-child",
                                                   "skills/public"]
    assert [f.relpath for f in catalog.get("public").files] == [
        "SKILL.md", "references/guide.md"]
    assert [f.relpath for f in catalog.get("public-child").files] == [
        "SKILL.md", "references/own.md"]
    assert diagnostic_lines(catalog, root) == [
        "SC034 skills/public/references/secret",  # the folder itself: walked where it lies
        "SC041 skills/public/references/notes.md",
        "SC302 internal/secret/public-child/SKILL.md:1"]  # nested in another skill's folder
    assert "internal/secret: the configuration leaves its skill out" in next(
        d.message for d in catalog.all_diagnostics if d.code == "SC041")
    site = tmp_path / "site"
    site_build.build(config, roots=[root], output=site)
    assert leaks(site) == []


# --- Reads that a swap cannot lead out of the root ----------------------------------------------


def _layout(base: Path) -> tuple[Path, Path]:
    """A library with skill ``swap`` (references/doc.md, a file page, a raw copy, zips...) and,
    outside it, a folder of the same layout holding the canary."""
    library = base / "library"
    write_skill(library, "swap", files={"references/doc.md": "# Doc\n\nHarmless.\n"})
    write_skill(library, "other")
    outside = base / "outside"
    (outside / "references").mkdir(parents=True)
    (outside / "references" / "doc.md").write_text(f"# Doc\n\n{CANARY}\n")
    (outside / "SKILL.md").write_text(
        f"---\nname: swap\ndescription: Swapped. Use when x.\n---\n{CANARY}\n")
    return library, outside


def _swap(folder: Path, target: Path) -> None:
    """Replace ``folder`` by a symbolic link to ``target`` (as an attacker racing the build)."""
    moved = folder.with_name(folder.name + ".moved")
    folder.rename(moved)
    os.symlink(target, folder)


@pytest.fixture
def swap_at_open(monkeypatch: pytest.MonkeyPatch) -> Callable[[Path, Path], None]:
    """Arm a swap of ``folder`` for a link to ``target`` that happens inside ``os.open``, just
    before the first open of a path below ``folder``, or of its name alone (an open relative to
    its parent's descriptor): after every check a reader makes by path, at the last moment."""

    def arm(folder: Path, target: Path) -> None:
        real_open = os.open
        done: list[bool] = []

        def racing_open(path: Any, *args: Any, **kwargs: Any) -> int:
            name = os.fsdecode(path)
            if not done and (name == folder.name or name.startswith(f"{folder}{os.sep}")):
                done.append(True)
                _swap(folder, target)
            return real_open(path, *args, **kwargs)

        monkeypatch.setattr(os, "open", racing_open)

    return arm


def test_a_folder_swapped_for_a_link_while_the_site_is_written_publishes_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
    swap_at_open: Callable[[Path, Path], None],
) -> None:
    library, outside = _layout(tmp_path)
    real_load = site_build.load

    def load_then_arm(*args: Any, **kwargs: Any) -> Any:
        catalog = real_load(*args, **kwargs)  # the walk and parsing saw the real folder
        swap_at_open(library / "swap" / "references", outside / "references")
        return catalog

    monkeypatch.setattr(site_build, "load", load_then_arm)
    site = tmp_path / "site"
    result = site_build.build(Config(), roots=[library], output=site)
    assert (library / "swap" / "references").is_symlink()  # the swap did happen
    assert leaks(site) == []
    assert any("references/doc.md" in n.message for n in result.notes)  # and was reported


def test_a_skill_folder_swapped_for_a_link_gives_no_body(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
    swap_at_open: Callable[[Path, Path], None],
) -> None:
    """SKILL.md's body is read again when pages are written: a skill folder that became a
    link out of the root by then gives no body, on no page and in no copy."""
    library, outside = _layout(tmp_path)
    real_load = site_build.load

    def load_then_arm(*args: Any, **kwargs: Any) -> Any:
        catalog = real_load(*args, **kwargs)
        swap_at_open(library / "swap", outside)
        return catalog

    monkeypatch.setattr(site_build, "load", load_then_arm)
    site = tmp_path / "site"
    with pytest.raises(SourceError, match="cannot be read any more"):
        site_build.build(Config(), roots=[library], output=site)
    assert (library / "swap").is_symlink()
    # The build stopped before its site was swapped in, and left no temporary folder behind.
    assert sorted(p.name for p in tmp_path.iterdir()
                  if not p.name.startswith((".site.", ".skill-catalog"))) == ["library", "outside"]
    assert [p for p in tmp_path.rglob("*") if p.is_file() and "outside" not in p.parts
            and "swap.moved" not in p.parts and CANARY.encode() in p.read_bytes()] == []


@pytest.mark.parametrize("what", ["load", "file", "show"])
def test_a_swap_at_the_moment_of_reading_never_reads_outside(
    tmp_path: Path, what: str, swap_at_open: Callable[[Path, Path], None],
) -> None:
    library, outside = _layout(tmp_path)
    if what == "load":  # between the walk and the parse
        real_walk = discovery_library.walk

        def walk_then_arm(*args: Any, **kwargs: Any) -> Iterator[Any]:
            yield from real_walk(*args, **kwargs)
            swap_at_open(library / "swap" / "references", outside / "references")

        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(discovery_library, "walk", walk_then_arm)
            catalog = skill_catalog.load([library])
        assert (library / "swap" / "references").is_symlink()
        assert "SC036 swap/references/doc.md" in diagnostic_lines(catalog, library)
        return
    catalog = skill_catalog.load([library])
    if what == "file":
        swap_at_open(library / "swap" / "references", outside / "references")
        with pytest.raises(FileRefused, match="resolves outside the skill folder"):
            catalog.read_file("swap", "references/doc.md")
    else:
        swap_at_open(library / "swap", outside)
        _code, out, _err = run("show", "swap", str(library))
        assert CANARY not in out
    assert os.path.islink(library / "swap" / "references") or os.path.islink(library / "swap")


def test_a_folder_swapped_while_the_walk_searches_it_is_not_listed(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The walk lists a folder through a descriptor checked to be the folder its parent
    listed: swapped for a link to a folder outside between the two, not one name from outside
    is listed, and the folder is reported."""
    library, outside = _layout(tmp_path)
    (outside / "references" / "id_rsa").write_text(CANARY)
    folder = library / "swap" / "references"
    real_open, real_scandir = os.open, os.scandir
    done: list[bool] = []

    def swap_first(path: Any) -> None:
        if not done and isinstance(path, str) and path == str(folder):
            done.append(True)
            _swap(folder, outside / "references")

    def racing_open(path: Any, *args: Any, **kwargs: Any) -> int:
        swap_first(path)
        return real_open(path, *args, **kwargs)

    def racing_scandir(path: Any = ".") -> Any:
        swap_first(path)
        return real_scandir(path)

    monkeypatch.setattr(os, "open", racing_open)
    monkeypatch.setattr(os, "scandir", racing_scandir)
    catalog = skill_catalog.load([library])
    assert done
    assert [f.relpath for f in catalog.get("swap").files] == ["SKILL.md"]
    assert diagnostic_lines(catalog, library) == ["SC036 swap/references"]
    assert "changed while it was being searched" in catalog.get("swap").diagnostics[0].message


@pytest.mark.parametrize("by_component", [True, False], ids=["openat", "no openat"])
def test_open_inside_follows_links_only_inside_the_root(
        tmp_path: Path, by_component: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    """Component by component, and (where a system has no ``openat``) by the real path
    checked and then opened without following the last link: the same answers."""
    monkeypatch.setattr(safe_fs, "_BY_COMPONENT", by_component)
    root = tmp_path / "root"
    (root / "a" / "b").mkdir(parents=True)
    (root / "a" / "b" / "f.txt").write_text("inside\n")
    (tmp_path / "out").mkdir()
    (tmp_path / "out" / "f.txt").write_text(CANARY)
    os.symlink("a/b", root / "rel")  # relative, inside
    os.symlink(root / "a", root / "abs")  # absolute, inside
    os.symlink("../root/a/b/f.txt", root / "back")  # out of the root and back in
    os.symlink("../out", root / "escape")
    os.symlink(tmp_path / "out" / "f.txt", root / "abs-escape")
    os.symlink("loop", root / "loop")
    for path, names in [("a/b/f.txt", ("a", "b", "f.txt")), ("rel/f.txt", ("a", "b", "f.txt")),
                        ("abs/b/f.txt", ("a", "b", "f.txt")), ("back", ("a", "b", "f.txt")),
                        ("rel/../b/f.txt", ("a", "b", "f.txt")),
                        (str(root / "rel" / "f.txt"), ("a", "b", "f.txt"))]:
        fd, found = open_inside(root, path)
        try:
            assert (os.read(fd, 100), found) == (b"inside\n", names), path
        finally:
            os.close(fd)
    for path in ("escape/f.txt", "abs-escape", "../out/f.txt", "a/../../out/f.txt",
                 str(tmp_path / "out" / "f.txt")):
        with pytest.raises(LeavesFolder):
            open_inside(root, path)
    with pytest.raises(OSError, match="symbolic links"):
        open_inside(root, "loop")
    with pytest.raises(UnsafeFile, match="folder"):
        open_inside(root, "a/b")
    with pytest.raises(FileNotFoundError):
        open_inside(root, "a/missing.txt")


def test_folders_kept_open_for_a_build_still_never_lead_outside(tmp_path: Path) -> None:
    """Within one load or build, the folders on the way are opened once and kept: a folder
    swapped for a link meanwhile still gives what it held, never what the link leads to; the
    next block opens afresh, and the descriptors are closed."""
    library, outside = _layout(tmp_path)
    skill = library / "swap"
    fds_before = len(os.listdir("/proc/self/fd"))

    def read(path: str) -> bytes:
        fd, _names = open_inside(library, path)
        try:
            return os.read(fd, 1000)
        finally:
            os.close(fd)

    with folders_kept_open():
        assert b"Harmless" in read("swap/references/doc.md")
        _swap(skill / "references", outside / "references")
        assert b"Harmless" in read("swap/references/doc.md")  # the folder first found
        assert CANARY.encode() not in read("swap/references/doc.md")
    with pytest.raises(LeavesFolder):
        read("swap/references/doc.md")
    assert len(os.listdir("/proc/self/fd")) == fds_before


# --- Markers: only a site built here is skipped --------------------------------------------------


def test_a_planted_marker_hides_nothing(tmp_path: Path) -> None:
    """A pull request that drops the site marker into a folder of skills (with the very text
    the build writes, and a build state beside it) hides none of them."""
    root = tmp_path / "lib"
    write_skill(root, ".claude/skills/evil")
    write_skill(root, "kept")
    marker = root / ".claude" / "skills" / ".skill-catalog-site"
    marker.write_text("This folder was written by skill-catalog build.\n")
    (root / ".claude" / ".skills.skill-catalog-state.json").write_text(
        '{"marker": [1, 2, 3, 49]}')
    catalog = skill_catalog.load([root])
    assert [s.relpath for s in catalog.skills] == [".claude/skills/evil", "kept"]
    assert diagnostic_lines(catalog, root) == ["SC043 .claude/skills/.skill-catalog-site"]
    assert "not a site skill-catalog built here" in catalog.diagnostics[0].message


def test_a_site_built_here_is_skipped_with_a_note_and_its_copies_are_not(tmp_path: Path) -> None:
    root = tmp_path / "lib"
    write_skill(root, "skills/one")
    site_build.build(Config(), roots=[root / "skills"], output=root / "site")
    assert (root / "site" / ".well-known" / "skills" / "one" / "SKILL.md").is_file()
    catalog = skill_catalog.load([root])
    assert [s.relpath for s in catalog.skills] == ["skills/one"]
    assert diagnostic_lines(catalog, root) == ["SC042 site"]
    assert "a site skill-catalog built" in catalog.diagnostics[0].message
    # A copy of that site (as a checkout or an archive would hold it) is not one built here.
    shutil.copytree(root / "site", root / "copy")
    catalog = skill_catalog.load([root])
    assert "copy/.well-known/skills/one" in [s.relpath for s in catalog.skills]
    assert "SC043 copy/.skill-catalog-site" in diagnostic_lines(catalog, root)
    # A marker whose status-change time moved is no longer the one the build recorded (an
    # archive unpacked with its times kept, on a file system reusing the inode number, is
    # told apart by that time alone, which no program can set).
    marker = root / "site" / ".skill-catalog-site"
    os.chmod(marker, os.stat(marker).st_mode)
    assert "SC043 site/.skill-catalog-site" in diagnostic_lines(skill_catalog.load([root]), root)
    site_build.build(Config(), roots=[root / "skills"], output=root / "site")
    assert "SC042 site" in diagnostic_lines(skill_catalog.load([root]), root)
    # A link into the site built here is a link into a skipped folder.
    os.symlink("../../site/catalog.json", root / "skills" / "one" / "catalog.json")
    catalog = skill_catalog.load([root])
    assert "SC041 skills/one/catalog.json" in diagnostic_lines(catalog, root)


# --- file: the folder rule holds through links ---------------------------------------------------


@pytest.fixture
def linked(tmp_path: Path) -> Path:
    root = tmp_path / "lib"
    write_skill(root, "other", files={"references/secret.md": f"{CANARY}\n"})
    skill = write_skill(root, "linked", files={"notes/private.md": f"{CANARY}\n",
                                               "references/guide.md": "# Guide\n",
                                               "scripts/run.sh": "echo run\n"})
    os.symlink("../../other/references/secret.md", skill / "references" / "other-secret.md")
    os.symlink("../notes/private.md", skill / "references" / "private.md")
    os.symlink("notes", skill / "assets")
    os.symlink("../scripts/run.sh", skill / "references" / "run.sh")
    return root


@pytest.mark.parametrize(("relpath", "reason"), [
    ("references/other-secret.md", "resolves outside the skill folder"),
    ("references/private.md", "symbolic link to notes/private.md, which is not SKILL.md or under"),
    ("assets/private.md", "symbolic link to notes/private.md"),
])
def test_file_folder_rule_holds_through_links(linked: Path, relpath: str, reason: str) -> None:
    code, out, err = run("file", "linked", relpath, str(linked))
    assert (code, out) == (1, "")
    assert reason in err
    assert run("file", "linked", relpath, str(linked), "--path")[0] == 1


def test_file_through_links_that_stay_in_the_allowed_folders(linked: Path) -> None:
    catalog = skill_catalog.load([linked])
    assert catalog.read_file("linked", "references/run.sh") == "echo run\n"
    # --any-path lifts the folder rule, not the skill folder's boundary.
    assert catalog.read_file("linked", "references/private.md", any_path=True) == f"{CANARY}\n"
    with pytest.raises(FileRefused, match="resolves outside the skill folder"):
        catalog.read_file("linked", "references/other-secret.md", any_path=True)
