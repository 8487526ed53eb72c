"""Roots -> skill folders: every SKILL.md (or lowercase skill.md) below each root."""

from __future__ import annotations

import dataclasses as dc
import os
from collections.abc import Mapping, Sequence
from pathlib import Path

from skill_catalog.codes.registry import emit
from skill_catalog.discovery.sites import SITE_MARKER, built_here
from skill_catalog.fs.walk import FileEntry, WalkIssue, is_within, walk
from skill_catalog.model import Diagnostic, SkillFolder

SKILL_FILE_NAMES = ("SKILL.md", "skill.md")

_ISSUE_CODES = {
    "link_outside": ("SC031", "symbolic link leaves the library root ({detail}); it is not read"),
    "link_broken": ("SC032", "broken symbolic link ({detail}); remove it or fix its target"),
    "link_loop": ("SC033", "symbolic link loops back to a folder above it ({detail})"),
    "alias": ("SC034", "folder reached a second time through a link ({detail}); listed once"),
    "special": ("SC035", "{detail} is never opened; only regular files belong in a library"),
    "unreadable": ("SC036", "cannot be read ({detail}); check its permissions"),
    "depth": ("SC037", "not searched: {detail}; raise limits.max_depth in the config if needed"),
    "count": ("SC038", "search stopped: {detail}; raise limits.max_entries in the config"),
    "link_skipped": ("SC041", "symbolic link into a folder that is never searched ({detail}); "
                     "it is not read"),
    "skipped": ("SC042", "folder not searched for skills: {detail}"),
    "marker_refused": ("SC043", "{detail}; delete this file"),
}


@dc.dataclass(slots=True, frozen=True)
class Discovered:
    skills: tuple[SkillFolder, ...]
    """Every skill folder, with its regular files (nested skills' files excluded)."""
    diagnostics: tuple[Diagnostic, ...]
    """Problems that belong to no skill."""


def discover(
    roots: Sequence[Path], *, max_depth: int = 16, max_entries: int = 200_000
) -> Discovered:
    """Find every skill under ``roots``, in root order, then path order within a root."""
    result = _Found([], [])
    seen_files: set[Path] = set()
    for given in roots:
        root = Path(given).absolute()
        only: Path | None = None
        if root.is_file() or (root.name in SKILL_FILE_NAMES and not root.is_dir()):
            if root.name not in SKILL_FILE_NAMES:
                result.diagnostics.append(emit(
                    "SC030", f"the root '{root.name}' is a file, not a library folder, a skill "
                    "folder or a SKILL.md: give the folder that holds the skills", file=root))
                continue
            only, root = root.parent, root.parent
        elif not root.is_dir():
            result.diagnostics.append(emit(
                "SC030", f"the root '{root.name}' does not exist", file=root))
            continue
        entries: list[FileEntry] = []
        issues: list[WalkIssue] = []
        for item in walk(root, max_depth=max_depth, max_entries=max_entries,
                         prune_marker=SITE_MARKER, marker_counts=built_here,
                         skipped_are_outside=True):
            if isinstance(item, FileEntry):
                entries.append(item)
            else:
                issues.append(item)
        _collect(root, only, entries, issues, result, seen_files)
    return Discovered(tuple(result.skills), tuple(result.diagnostics))


@dc.dataclass(slots=True)
class _Found:
    """What :func:`discover` gathers, root by root, before it hands it on."""

    skills: list[SkillFolder]
    diagnostics: list[Diagnostic]


@dc.dataclass(slots=True)
class _Folder:
    """A skill folder while its root's walk is sorted out."""

    skill_md: FileEntry
    nested_in: Path | None
    files: list[FileEntry] = dc.field(default_factory=list)
    diagnostics: list[Diagnostic] = dc.field(default_factory=list)


def _collect(
    root: Path,
    only: Path | None,
    entries: list[FileEntry],
    issues: list[WalkIssue],
    result: _Found,
    seen_files: set[Path],
) -> None:
    # Folders are handled as strings: a Path per file costs more than the walk's system calls.
    top = str(root)
    by_dir: dict[str, FileEntry] = {}
    for entry in entries:
        if entry.name in SKILL_FILE_NAMES:
            folder = _parent(entry.location)
            current = by_dir.get(folder)
            if current is None or entry.name == "SKILL.md":
                by_dir[folder] = entry
    skills: dict[str, _Folder] = {}
    for folder in sorted(by_dir, key=_parts):
        skill_md = by_dir[folder]
        nested_in = _owner(_parent(folder), skills, top, {})
        found = _Folder(skill_md, None if nested_in is None else Path(nested_in))
        if skill_md.name != "SKILL.md":
            found.diagnostics.append(emit(
                "SC001", f"found '{skill_md.name}': name the file exactly SKILL.md (several agent "
                "tools match the name case-sensitively)", file=skill_md.path))
        skills[folder] = found
    owners: dict[str, str | None] = {}
    for entry in entries:
        owner = _owner(_parent(entry.location), skills, top, owners)
        if owner is not None:
            skills[owner].files.append(entry)
    explained = False
    for issue in issues:
        code, template = _ISSUE_CODES[issue.kind]
        owner = _owner(str(issue.path.parent), skills, top, owners)
        diagnostic = emit(code, template.format(detail=_shown(issue.detail, root)),
                          file=issue.path)
        if owner is not None:
            skills[owner].diagnostics.append(diagnostic)
        elif only is None or issue.path.parent == only:
            result.diagnostics.append(diagnostic)
            explained = True
    if only is not None:  # a SKILL.md given as the root: that skill alone
        kept = skills.get(str(only))
        skills = {str(only): kept} if kept is not None else {}
        if not skills and not explained:
            result.diagnostics.append(emit(
                "SC030", f"no skill at '{only.name}/SKILL.md', given as a root", file=only))
    for folder, found in skills.items():
        if found.skill_md.path not in seen_files:  # the same skill under two roots: listed once
            seen_files.add(found.skill_md.path)
            result.skills.append(SkillFolder(root, Path(folder), found.skill_md.path,
                                             tuple(found.files), found.nested_in,
                                             tuple(found.diagnostics)))


def leave_out_links(left_out: Sequence[SkillFolder], kept: Sequence[SkillFolder]
                    ) -> list[SkillFolder]:
    """The kept skill folders less the files that lie, by their real path, in the folder of a
    skill the configuration leaves out (``include``/``exclude``), reached through a link:
    such a skill is not published, through a link either. Each gets an ``SC041`` on its
    folder. A file counts as the skill's whose folder holds it most closely, so a kept skill
    nested in a left-out one keeps its own files."""
    if not left_out:
        return list(kept)
    out = [(os.path.realpath(s.dir), s) for s in left_out]
    kept_dirs: list[str] | None = None
    result: list[SkillFolder] = []
    for skill in kept:
        keep: list[FileEntry] = []
        notes: list[Diagnostic] = []
        for entry in skill.entries:
            real = os.path.realpath(entry.location)
            inside = [(f, s) for f, s in out if is_within(real, f)]
            if inside:
                folder, owner = max(inside, key=lambda item: len(item[0]))
                if kept_dirs is None:
                    kept_dirs = [os.path.realpath(k.dir) for k in kept]
                if not any(is_within(real, k) and len(k) > len(folder) for k in kept_dirs):
                    notes.append(emit(
                        "SC041", "symbolic link into a folder that is never published ("
                        f"{owner.relpath}: the configuration leaves its skill out); it is not "
                        "read", file=entry.path))
                    continue
            keep.append(entry)
        result.append(dc.replace(skill, entries=tuple(keep),
                                 diagnostics=skill.diagnostics + tuple(notes))
                      if notes else skill)
    return result


_DETAIL_PREFIXES = ("points to ", "resolves to ", "same folder as ", "")


def _shown(detail: str | None, root: Path) -> str:
    """A walk issue's detail as published: a path in it that shares more than ``/`` with the
    root (a target beside the library, in the same checkout) is given relative to the root,
    so that no output names the folder the library was built in; others (``/etc``) stay."""
    if not detail:
        return "no detail"
    for prefix in _DETAIL_PREFIXES:
        path = detail[len(prefix):]
        if detail.startswith(prefix) and os.path.isabs(path):
            for base in (str(root), os.path.realpath(root)):
                if os.path.commonpath([path, base]) != os.sep:
                    return prefix + os.path.relpath(path, base)
            return detail
    return detail


def _parent(location: str) -> str:
    """The folder of ``location``, as ``os.path.dirname`` gives it for the absolute, normalised
    paths of a walk (and as ``Path.parent`` prints it), without dirname's general-case work."""
    head = location[: location.rfind(os.sep)]
    return head if head and not head.endswith(os.sep) else os.path.dirname(location)


def _parts(folder: str) -> list[str]:
    """Sorts like ``Path.parts``: name by name, so "a/b" comes before "a-b"."""
    return folder.split(os.sep)


def _owner(
    folder: str, skills: Mapping[str, object], root: str, known: dict[str, str | None]
) -> str | None:
    """The nearest skill folder at or above ``folder`` (stopping at ``root``).

    ``known`` remembers the answers for folders already asked about (``skills`` must not
    change while it is in use)."""
    asked: list[str] = []
    found: str | None = None
    while True:
        if folder in known:
            found = known[folder]
            break
        asked.append(folder)
        if folder in skills:
            found = folder
            break
        parent = os.path.dirname(folder)
        if folder == root or parent == folder:
            break
        folder = parent
    for name in asked:
        known[name] = found
    return found
