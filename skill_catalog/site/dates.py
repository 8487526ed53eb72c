"""When each skill last changed, and the date a build stands for (docs/outputs.md, "Changes").

A build carries no wall-clock time, nor any file's modification time (a copy of the library
would give other bytes): the same inputs give the same bytes. Its date is
``SOURCE_DATE_EPOCH`` (reproducible-builds.org) when it is set, else the date of the newest
commit touching the library's roots when they are in a git repository; else it has none.

A skill's last change is the committer date of the last commit touching its folder, when the
library is in a git repository (read in one ``git log --name-only`` pass for every skill, from
the newest commit back until every skill is dated, bounded in time: never one process per
skill, and no checkout); otherwise, and for a skill no commit holds (untracked), the date of the
first build that saw its current content: the previous site's ``catalog.json`` records each
skill's bundle digest and date, and a skill whose digest is unchanged keeps its date; a new or
changed skill gets this build's date (none: the skill is undated, ``null``).
"""

from __future__ import annotations

import dataclasses as dc
import datetime as dt
import json
import os
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any, Literal

from skill_catalog.display.paths import git_top
from skill_catalog.errors import SkillCatalogError
from skill_catalog.fs.safe_fs import read_limited
from skill_catalog.model import Skill
from skill_catalog.process.git import stream_git
from skill_catalog.site.context import SiteSkill

GIT_TIMEOUT = 60
"""Seconds the one ``git log`` may take; past them the skills are dated as without git."""
MAX_PREVIOUS_BYTES = 1 << 30
"""The largest previous ``catalog.json`` read for the skills' dates."""

DateSource = Literal["SOURCE_DATE_EPOCH", "git", "none"]


class _GitDatesError(SkillCatalogError):
    """git could not date the skills (the build then dates them as without git)."""


def iso(seconds: int) -> str:
    """A time as the site writes it: ISO 8601, UTC, to the second."""
    stamp = dt.datetime.fromtimestamp(seconds, dt.UTC)
    return stamp.strftime("%Y-%m-%dT%H:%M:%SZ")


def source_date_epoch(environ: Mapping[str, str] | None = None) -> int | None:
    """``SOURCE_DATE_EPOCH`` as seconds, when it is set to a whole number of seconds."""
    value = (os.environ if environ is None else environ).get("SOURCE_DATE_EPOCH", "").strip()
    if not value.isdigit() or len(value) > 12:
        return None
    return int(value)


@dc.dataclass(slots=True, frozen=True)
class GitDates:
    """What one ``git log`` pass says: the newest commit touching the roots, and the date of
    the last commit touching each skill's folder (by the folder's absolute path)."""

    commit: str | None
    seconds: int | None
    folders: Mapping[str, int]


def _relative(path: str, top: str) -> str | None:
    if path == top:
        return ""
    return path[len(top) + 1:] if path.startswith(top.rstrip("/") + "/") else None


def git_dates(roots: Sequence[Path], skill_dirs: Iterable[Path],
              timeout: float = GIT_TIMEOUT) -> GitDates | None:
    """:class:`GitDates` for skills in ``roots``, or None when they are not in one git
    repository (or git fails, or takes longer than ``timeout``)."""
    # A real path is taken of each root, not of each skill folder (10,000 of them): a folder
    # reached through a link inside a root is then not found in git, and dated as without it.
    places = sorted(((os.path.abspath(root), os.path.realpath(root)) for root in roots),
                    key=lambda place: -len(place[0]))
    if not places:
        return None
    top_path = git_top(Path(places[0][1]))
    if top_path is None:
        return None
    top = os.path.realpath(top_path)
    specs = [_relative(real, top) for _absolute, real in places]
    if any(spec is None for spec in specs):
        return None  # the roots are not all in this repository
    pending: dict[str, str] = {}
    for folder in skill_dirs:
        absolute = os.path.abspath(folder)
        for root, real in places:
            below = _relative(absolute, root)
            if below is not None:
                inside = _relative(f"{real}/{below}" if below else real, top)
                if inside is not None:
                    pending[inside] = absolute
                break
    args = ["-c", "log.showSignature=false", "log", "-z", "--no-renames", "--no-ext-diff",
            "--no-textconv", "--no-color", "--format=%x1e%H %ct", "--name-only", "--",
            *(f":(literal){spec}" if spec else "." for spec in specs)]
    found: dict[str, int] = {}
    newest: tuple[str, int] | None = None
    left = b""
    try:
        for data in stream_git(args, Path(top), error=_GitDatesError,
                               needed_for="dating the skills", timeout=timeout):
            records = (left + data).split(b"\x1e")
            left = records.pop()
            for record in records:
                seen = _take(record, pending, found)
                newest = newest or seen
                if not pending and newest is not None:
                    break
            if not pending and newest is not None:
                break  # every skill is dated: git is stopped
        else:
            seen = _take(left, pending, found)
            newest = newest or seen
    except _GitDatesError:
        return None
    if newest is None:
        return GitDates(None, None, {})
    return GitDates(newest[0], newest[1], found)


def _take(record: bytes, pending: dict[str, str], found: dict[str, int]
          ) -> tuple[str, int] | None:
    """Date the pending folders one commit's record touches; returns the commit and its
    time (None for an empty record)."""
    head, _sep, rest = record.partition(b"\0")
    parts = head.split()
    if len(parts) != 2:
        return None
    commit, seconds = parts[0].decode("ascii", "replace"), int(parts[1])
    for raw in rest.lstrip(b"\n").split(b"\0"):
        if not raw or not pending:
            continue
        path = raw.decode("utf-8", "surrogateescape")
        while True:
            path = path.rpartition("/")[0]
            real = pending.pop(path, None)
            if real is not None:
                found[real] = seconds
            if not path:
                break
    return commit, seconds


def previous_catalog(site: Path) -> bytes | None:
    """The previous site's ``catalog.json`` (None: none, or it cannot be read)."""
    try:
        data, truncated = read_limited(site / "catalog.json", MAX_PREVIOUS_BYTES, follow=False)
    except OSError:
        return None
    return None if truncated else data


def parsed(data: bytes | None) -> dict[str, Any] | None:
    """A ``catalog.json`` as JSON (None: none, or not a JSON object)."""
    try:
        document = json.loads(data) if data is not None else None
    except (ValueError, RecursionError):
        return None
    return document if isinstance(document, dict) else None


def previous_dates(document: Mapping[str, Any] | None) -> dict[str, tuple[str, str]]:
    """Each skill's bundle digest and last change as a previous ``catalog.json`` records them,
    by slug (entries that do not hold both are left out)."""
    skills = document.get("skills") if document is not None else None
    dates: dict[str, tuple[str, str]] = {}
    for entry in skills if isinstance(skills, list) else ():
        if not isinstance(entry, dict):
            continue
        slug, changed = entry.get("slug"), entry.get("last_changed")
        digest = entry.get("digest")
        skill = digest.get("skill") if isinstance(digest, dict) else None
        if isinstance(slug, str) and isinstance(changed, str) and isinstance(skill, str):
            dates[slug] = (skill, changed)
    return dates


@dc.dataclass(slots=True, frozen=True)
class Dates:
    """The build's date and each skill's last change (see the module)."""

    build: str | None
    """This build's date (ISO 8601, UTC); None: it has none (no ``SOURCE_DATE_EPOCH``, no
    git)."""
    source: DateSource
    commit: str | None = None
    """The newest commit touching the library, when it is in a git repository."""
    git: Mapping[str, int] = dc.field(default_factory=dict)
    """The date of the last commit touching each skill folder, by its absolute path."""
    previous: Mapping[str, tuple[str, str]] = dc.field(default_factory=dict)
    """The previous build's bundle digest and date of each skill, by slug."""

    @classmethod
    def create(cls, skills: Sequence[Skill], roots: Sequence[Path],
               previous: Mapping[str, Any] | None = None, *,
               environ: Mapping[str, str] | None = None, use_git: bool = True) -> Dates:
        """The dates of a build of ``skills`` (in ``roots``), given the previous site's
        ``catalog.json`` (``previous``)."""
        history = git_dates(roots, (s.dir for s in skills)) if use_git else None
        known = previous_dates(previous)
        commit = history.commit if history is not None else None
        folders = history.folders if history is not None else {}
        epoch = source_date_epoch(environ)
        if epoch is not None:
            return cls(iso(epoch), "SOURCE_DATE_EPOCH", commit, folders, known)
        if history is not None and history.seconds is not None:
            return cls(iso(history.seconds), "git", commit, folders, known)
        return cls(None, "none", commit, folders, known)

    def from_git(self, site_skill: SiteSkill) -> str | None:
        """The date of the last commit touching the skill's folder (None: none, or no git)."""
        seconds = self.git.get(os.path.abspath(site_skill.skill.dir)) if self.git else None
        return iso(seconds) if seconds is not None else None

    def last_changed(self, site_skill: SiteSkill, digest: str | None) -> str | None:
        """When the skill last changed: its last commit; else the date the previous build
        gave it when its bundle ``digest`` is the one it had then; else this build's date
        (None: it has none)."""
        committed = self.from_git(site_skill)
        if committed is not None:
            return committed
        before = self.previous.get(site_skill.slug)
        if before is not None and digest is not None and before[0] == digest:
            return before[1]
        return self.build
