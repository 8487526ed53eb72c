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
import subprocess
import unicodedata
from collections.abc import Iterable, Sequence
from pathlib import Path

from skill_catalog.catalog import Catalog
from skill_catalog.discovery.library import SKILL_FILE_NAMES
from skill_catalog.model import Skill
from skill_catalog.validate.registry import RULES, load_rules

GIT_TIMEOUT = 60
"""Seconds one git command may take."""


class ChangesError(Exception):
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
    try:
        done = subprocess.run(["git", "-C", str(cwd), *args], capture_output=True, text=True,
                              timeout=GIT_TIMEOUT, check=False)
    except FileNotFoundError:
        raise ChangesError("git is not installed; --changed-since needs it") from None
    except subprocess.TimeoutExpired:
        raise ChangesError(f"git {' '.join(args)} took more than {GIT_TIMEOUT} s") from None
    if done.returncode != 0:
        detail = done.stderr.strip().splitlines()
        raise ChangesError(f"git {' '.join(args)} failed: {detail[-1] if detail else 'no detail'}")
    return done.stdout


def repository_top(cwd: Path) -> Path:
    """The top folder of the git work tree holding ``cwd``."""
    return Path(_git(["rev-parse", "--show-toplevel"], cwd).strip())


def changed_paths(ref: str, cwd: Path | None = None, *, working_tree: bool = True) -> set[Path]:
    """Absolute paths of every file changed since ``ref`` (see :func:`change_queries`).

    :raises ChangesError: outside a repository, for an unknown ref, or when git fails.
    """
    folder = (cwd or Path.cwd()).absolute()
    top = repository_top(folder)
    _git(["rev-parse", "--verify", "--quiet", f"{ref}^{{commit}}"], folder)
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
    """The catalog reduced to the skills changed since ``ref`` (see :func:`with_partners`);
    diagnostics that belong to no skill are kept.

    :raises ChangesError: when git cannot answer.
    """
    changed = changed_skills(catalog.skills, changed_paths(ref, cwd))
    return dc.replace(catalog, skills=tuple(with_partners(catalog.skills, changed)))


def _name_key(skill: Skill) -> str | None:
    return unicodedata.normalize("NFKC", skill.name) if skill.name else None


def with_partners(skills: Sequence[Skill], changed: Sequence[Skill]) -> list[Skill]:
    """The changed skills, plus the library-rule findings that concern them.

    The catalog was loaded (and its library rules run) over the whole library. A library rule
    reports a pair once, on the later skill: when a new skill takes the name of an existing
    one that comes after it, the warning sits on the unchanged skill. Such an unchanged skill
    that shares a name with a changed one is kept, with only its library-rule diagnostics.
    """
    load_rules()
    chosen = {id(skill) for skill in changed}
    names = {_name_key(skill) for skill in changed} - {None}
    kept: list[Skill] = []
    for skill in skills:
        if id(skill) in chosen:
            kept.append(skill)
        elif _name_key(skill) in names:
            library = [d for d in skill.diagnostics
                       if d.code in RULES and RULES[d.code].stage == "library"]
            if library:
                kept.append(dc.replace(skill, diagnostics=library))
    return kept


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


def skill_folders(paths: Iterable[Path]) -> list[Path]:
    """:func:`skill_folder_of` for each path, without repeats or files outside any skill."""
    seen: dict[str, Path] = {}
    for path in paths:
        folder = skill_folder_of(path)
        if folder is not None:
            seen.setdefault(os.path.realpath(folder), folder)
    return list(seen.values())
