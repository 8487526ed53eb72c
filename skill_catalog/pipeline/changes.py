"""Which skills a change touches: for ``validate --changed-since REF`` and pre-commit.

A large library is checked in a pull request or a commit hook only where it changed: a skill is
*changed* when any file in its folder was added, modified, renamed (from or to) or deleted since
``REF`` (``git diff --name-only REF...HEAD``, the merge base as a pull request sees it), or is
modified, staged or untracked in the working tree. Skills whose folder is gone are not checked.
The whole library is still loaded, so library-level rules (duplicate names) see every skill.

The same module maps paths given on the command line to skill folders: pre-commit passes the
changed files (``skills/x/references/a.md``), which stand for the skill around them.
"""

from __future__ import annotations

import dataclasses as dc
import os
from collections.abc import Iterable, Sequence
from pathlib import Path

import yaml

from skill_catalog.catalog import Catalog
from skill_catalog.discovery.library import SKILL_FILE_NAMES
from skill_catalog.errors import SkillCatalogError
from skill_catalog.fs import safe_yaml
from skill_catalog.model import Skill, name_key, shared_names
from skill_catalog.parse.frontmatter import Split, split
from skill_catalog.process.git import run_git

GIT_TIMEOUT = 60
"""Seconds one git command may take."""


class ChangesError(SkillCatalogError):
    """git could not say what changed (not a repository, unknown ref, no git)."""


@dc.dataclass(slots=True, frozen=True)
class ChangeQuery:
    """One git command listing changed paths (``-z``: NUL-separated, relative to the top)."""

    purpose: str
    args: tuple[str, ...]


def change_queries(ref: str, *, working_tree: bool = True) -> list[ChangeQuery]:
    """The git commands whose union is "changed since ``ref``".

    ``--no-renames`` lists a rename as a deletion plus an addition, so both the skill a file left
    and the skill it joined count as changed.
    """
    queries = [ChangeQuery("committed since the merge base",
                           ("diff", "--name-only", "--no-renames", "-z", f"{ref}...HEAD", "--"))]
    if working_tree:
        queries += [
            ChangeQuery("staged or modified", ("diff", "--name-only", "--no-renames", "-z",
                                               "HEAD", "--")),
            ChangeQuery("untracked", ("ls-files", "--others", "--exclude-standard", "-z")),
        ]
    return queries


def _git(args: Sequence[str], cwd: Path) -> str:
    return run_git(args, cwd, error=ChangesError, needed_for="--changed-since",
                   timeout=GIT_TIMEOUT).decode("utf-8", "surrogateescape")


def repository_top(cwd: Path) -> Path:
    """The top folder of the git work tree holding ``cwd``."""
    return Path(_git(["rev-parse", "--show-toplevel"], cwd).strip())


def changed_paths(ref: str, cwd: Path | None = None, *, working_tree: bool = True) -> set[Path]:
    """Absolute paths of every file changed since ``ref`` (see :func:`change_queries`).

    :raises ChangesError: outside a repository, for an unknown ref, or when git fails.
    """
    folder = (cwd or Path.cwd()).absolute()
    top = repository_top(folder)
    try:
        _git(["rev-parse", "--verify", "--quiet", "--end-of-options", f"{ref}^{{commit}}"],
             folder)
    except ChangesError:
        raise ChangesError(
            f"--changed-since: unknown git ref '{ref}': no branch, tag or commit of that name "
            f"in the repository at {top} (a CI checkout may need the base branch fetched: "
            "actions/checkout with fetch-depth: 0)") from None
    paths: set[Path] = set()
    for query in change_queries(ref, working_tree=working_tree):
        output = _git(query.args, top)
        paths.update(top / name for name in output.split("\0") if name)
    return paths


def _real(path: Path) -> Path:
    return Path(os.path.realpath(path))


def changed_skills(skills: Iterable[Skill], paths: Iterable[Path]) -> list[Skill]:
    """The skills, in their order, holding at least one of ``paths`` in their folder.

    A path belongs to the deepest skill folder above it, so a change inside a nested skill
    does not re-check the skill around it. Paths are compared after resolving symbolic links
    (git prints real paths; a library may be reached through a link).
    """
    ordered = list(skills)
    by_dir = {_real(skill.dir): skill for skill in ordered}
    touched: set[int] = set()
    for path in paths:
        folder = _real(path).parent
        while True:
            owner = by_dir.get(folder)
            if owner is not None:
                touched.add(id(owner))
                break
            if folder.parent == folder:
                break
            folder = folder.parent
    return [skill for skill in ordered if id(skill) in touched]


def only_changed(catalog: Catalog, ref: str, cwd: Path | None = None) -> Catalog:
    """The catalog reduced to the skills changed since ``ref``; diagnostics that belong to no
    skill are kept.

    The library was loaded (and its rules run) over every skill, so a name claimed by two
    folders (SC301) is known whichever of them changed. Here the error stays only on the
    claimants the change brought to the name (added, moved or renamed into it): a claimant
    whose SKILL.md declared that name at the same path at the merge base is the established
    one, and loses its SC301, unless every claimant is established (the clash is older than
    the change) or none is (both new: both keep it).

    :raises ChangesError: when git cannot answer.
    """
    folder = (cwd or Path.cwd()).absolute()
    changed = changed_skills(catalog.skills, changed_paths(ref, folder))
    shared = shared_names(catalog.skills)
    involved = {name_key(skill.name) for skill in changed
                if skill.name is not None and name_key(skill.name) in shared}
    established: set[int] = set()
    if involved:
        top = repository_top(folder)
        base = _git(["merge-base", ref, "HEAD"], top).strip()
        for name in involved:
            claimants = shared[name]
            old = {id(skill) for skill in claimants if _declared_at(base, skill, top) == name}
            if 0 < len(old) < len(claimants):
                established |= old
    kept = [_without_duplicate_name(skill) if id(skill) in established else skill
            for skill in changed]
    return dc.replace(catalog, skills=tuple(kept))


def _without_duplicate_name(skill: Skill) -> Skill:
    return dc.replace(skill, diagnostics=tuple(d for d in skill.diagnostics
                                                  if d.code != "SC301"))


def _declared_at(commit: str, skill: Skill, top: Path) -> str | None:
    """The name (:func:`name_key`) that ``skill``'s SKILL.md, at the same path, declared at
    ``commit``; None when the file was not there or declared no readable name."""
    real = os.path.realpath(skill.skill_md)
    relative = os.path.relpath(real, os.path.realpath(top))
    if relative.startswith(".."):
        return None
    try:
        text = _git(["show", f"{commit}:{Path(relative).as_posix()}"], top)
    except ChangesError:
        return None
    parts = split(text.lstrip("\ufeff").replace("\r\n", "\n").replace("\r", "\n"))
    if not isinstance(parts, Split):
        return None
    try:
        value = safe_yaml.load(parts.frontmatter).value
    except (safe_yaml.YamlProblem, yaml.YAMLError, ValueError):  # unreadable: not established
        return None
    name = value.get("name") if isinstance(value, dict) else None
    return name_key(name.strip()) if isinstance(name, str) and name.strip() else None


def skill_folder_of(path: Path) -> Path | None:
    """The skill folder a path given on the command line stands for.

    Folders and SKILL.md files stand for themselves. Any other file (``skills/x/references/a.md``,
    as pre-commit passes them) stands for the nearest folder above it that holds a SKILL.md;
    None when there is none (a file that belongs to no skill).
    """
    if path.is_dir() or path.name in SKILL_FILE_NAMES:
        return path
    folder = path.absolute().parent
    while True:
        if any((folder / name).is_file() for name in SKILL_FILE_NAMES):
            return folder
        if folder.parent == folder:
            return None
        folder = folder.parent


def belongs_to_no_skill(paths: Iterable[Path]) -> list[Path]:
    """The files among ``paths`` that stand for no skill (:func:`skill_folder_of` is None)."""
    return [path for path in paths if skill_folder_of(path) is None]


def skill_folders(paths: Iterable[Path]) -> list[Path]:
    """:func:`skill_folder_of` for each path, without repeats or files outside any skill."""
    seen: dict[str, Path] = {}
    for path in paths:
        folder = skill_folder_of(path)
        if folder is not None:
            seen.setdefault(os.path.realpath(folder), folder)
    return list(seen.values())
