"""Loads of a watched library that trust the watcher's list of changed paths (``serve``, ``mcp``).

A process that watches its library (``serve``'s build process, ``skill-catalog mcp``) keeps a
:class:`Watched` on its :class:`~skill_catalog.pipeline.skill_cache.SkillCache`
(:attr:`~skill_catalog.pipeline.skill_cache.SkillCache.follow`) and tells it what its watcher
reported (:meth:`Watched.changed`). The next :func:`skill_catalog.api.load` with that cache then
walks and re-checks only the skill folders those paths fall in, instead of the whole library:

- each changed path is mapped to the skill folder that holds it (the nearest one above it, as
  discovery assigns files); that folder alone is walked again (the same bounded walk, its depth
  counted from the library root) and its skills parsed and checked again, through the cache
  (only the files whose size, times or inode changed are read);
- every other skill is the one the last load made when it parsed and checked it, handed on
  as it is (a frozen value the later stages never change: not restored from the cache's JSON,
  not fingerprinted); one whose rules looked up a path outside its files
  (:mod:`skill_catalog.validate.probes`) that now answers otherwise is checked again;
- the library rules, the configured severities and the trust acceptances then run over every
  skill as in any load; a skill's acceptances are taken from the last load while its content
  and findings are the same (reading the markers in its files is most of their cost).

Anything the fast path cannot vouch for makes the load walk the whole library (and reuse the
cache as any load does): the first load; a change outside every skill folder (a new or removed
skill folder, a rename, a SKILL.md made in a new folder, a file beside the skills, the
configuration, anything outside the roots); a skill folder that stops or starts holding a
skill (nested ones included); a symbolic or hard link met anywhere; a site marker or build
state; other roots, configuration, settings or cache than the last load's; a library near
``limits.max_entries``; and whenever :meth:`Watched.changed` is told ``None`` (the watcher
overflowed or failed, or a full walk was asked for). The result is the one a full load gives
(``tests/test_watched_load.py`` checks it after every kind of edit).
"""

from __future__ import annotations

import dataclasses as dc
import fnmatch
import os
import stat
import threading
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from skill_catalog.codes.registry import RuleContext
from skill_catalog.config import Config
from skill_catalog.discovery.library import Discovered, discover, leave_out_links
from skill_catalog.discovery.sites import LEGACY_SUFFIXES, SITE_MARKER, STATE_FOLDER
from skill_catalog.fs.walk import DEFAULT_SKIP_DIRS, is_within
from skill_catalog.model import Diagnostic, Skill, SkillFolder
from skill_catalog.parse.skill import ParseLimits
from skill_catalog.pipeline.checking import parse_and_check
from skill_catalog.pipeline.skill_cache import SkillCache
from skill_catalog.process.progress import FINDING, Progress
from skill_catalog.trust.accept import Acceptance, accept
from skill_catalog.validate.probes import unchanged

MAX_ENTRIES_SHARE = 4
"""The fast path is taken while the files and folders the last walk listed stay under this
share of ``limits.max_entries`` (the walk counts entries over the whole library, which a walk
of one folder cannot: near the limit, every load walks it all)."""
_LINK_ISSUES = frozenset({"link_outside", "link_broken", "link_loop", "alias", "link_skipped",
                          "count", "marker_refused"})
"""Walk issues that depend on more than the folder walked (where a link points, what the walk
met first, how many entries it counted before)."""


def selected(skill: SkillFolder, config: Config) -> bool:
    """Whether the config's ``include``/``exclude`` globs keep ``skill``."""
    rel = skill.relpath
    if config.include and not any(fnmatch.fnmatch(rel, g) for g in config.include):
        return False
    return not any(fnmatch.fnmatch(rel, g) for g in config.exclude)


def kept(found: Sequence[SkillFolder], config: Config) -> list[SkillFolder]:
    """The skill folders of ``found`` the configuration keeps (:func:`selected`), less the
    files they reach through a link into a folder it leaves out
    (:func:`~skill_catalog.discovery.library.leave_out_links`)."""
    folders = [f for f in found if selected(f, config)]
    left_out = [f for f in found if not selected(f, config)]
    return leave_out_links(left_out, folders)


@dc.dataclass(slots=True, frozen=True)
class _Folder:
    """One skill folder as the last load left it."""

    found: SkillFolder
    """As discovery found it (a kept one, as the selection left it)."""
    checked: Skill | None
    """As parsing and the skill rules made it (None: left out by the config, never parsed);
    the later stages (library rules, acceptances, trust) return new skills, never change it."""


@dc.dataclass(slots=True)
class _State:
    key: tuple[Any, ...]
    """What the load was of: roots, settings, configuration, cache."""
    roots: tuple[str, ...]
    folders: dict[str, _Folder]
    """Every skill folder found, in discovery's order."""
    diagnostics: tuple[Diagnostic, ...]
    """Discovery's problems that belong to no skill."""
    max_depth: int
    max_entries: int


@dc.dataclass(slots=True, frozen=True)
class _Accepted:
    fingerprint: str
    before: tuple[Diagnostic, ...]
    after: tuple[Diagnostic, ...]


class Watched:
    """What a watched library's loads keep for the next one: see the module docstring."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._pending: set[str] = set()
        self._rescan = True
        self._state: _State | None = None
        self._accepted: dict[str, _Accepted] = {}
        self._accept_key: tuple[Any, ...] | None = None
        self.last = ""
        """How the last load went: ``"walk"`` (the whole library) or ``"changed"`` (only the
        folders named), for logs and tests."""
        self.rechecked = 0
        """Skill folders the last load parsed and checked again (walked, for a ``"walk"``)."""

    def changed(self, paths: Iterable[str | os.PathLike[str]] | None) -> None:
        """Note paths the watcher reported changed since the last load (relative ones are
        taken from the working folder); ``None``: anything may have changed (the watcher
        overflowed or failed, or a full walk was asked for), and the next load walks the whole
        library."""
        with self._lock:
            if paths is None:
                self._rescan = True
            else:
                self._pending.update(os.path.abspath(os.fspath(p)) for p in paths)

    def _take(self) -> tuple[set[str], bool]:
        with self._lock:
            taken, rescan = self._pending, self._rescan
            self._pending, self._rescan = set(), False
        return taken, rescan

    def _give_back(self, taken: set[str]) -> None:
        """A load that failed: its paths count for the next one, which walks everything."""
        with self._lock:
            self._pending |= taken
            self._rescan = True

    # --- the load ---------------------------------------------------------------------

    def skills(self, paths: Sequence[Path], config: Config, limits: ParseLimits,
               context: RuleContext, cache: SkillCache, workers: int | None,
               progress: Progress | None) -> tuple[Discovered, list[Skill]]:
        """Discovery, selection, parsing and the skill rules of a load (what
        :func:`skill_catalog.api.load` does before the library rules): only the folders that
        changed when it can, else everything; the found library and the kept skills."""
        taken, rescan = self._take()
        try:
            key = (tuple(str(p.absolute()) for p in paths), cache.settings, config, id(cache))
            state = self._state
            done = None
            if not rescan and state is not None and state.key == key:
                done = self._changed(state, taken, config, cache, limits, context, progress)
            if done is None:
                done = self._walk(paths, key, config, limits, context, cache, workers, progress)
            return done
        except BaseException:
            self._state = None
            self._give_back(taken)
            raise

    def _walk(self, paths: Sequence[Path], key: tuple[Any, ...], config: Config,
              limits: ParseLimits, context: RuleContext, cache: SkillCache,
              workers: int | None, progress: Progress | None
              ) -> tuple[Discovered, list[Skill]]:
        """The whole library, as any load; remembered for the next."""
        self._state = None
        if progress is not None:
            progress(FINDING, 0, 0)
        config_limits = config.limits
        found = discover(paths, max_depth=config_limits.max_depth,
                         max_entries=config_limits.max_entries)
        folders = kept(found.skills, config)
        skills = parse_and_check(folders, limits, context, cache, workers, progress)
        self.last, self.rechecked = "walk", len(skills)
        if _fast_path_possible(paths, found, config_limits.max_entries):
            made = {str(f.dir): (f, skill) for f, skill in zip(folders, skills, strict=True)}
            held: dict[str, _Folder] = {}
            for folder in found.skills:
                kept_folder, skill = made.get(str(folder.dir), (folder, None))
                held[str(folder.dir)] = _Folder(kept_folder, skill)
            self._state = _State(
                key, tuple(str(p.absolute()) for p in paths), held, found.diagnostics,
                config_limits.max_depth, config_limits.max_entries)
        return found, skills

    def _changed(self, state: _State, changed: set[str], config: Config, cache: SkillCache,
                 limits: ParseLimits, context: RuleContext, progress: Progress | None
                 ) -> tuple[Discovered, list[Skill]] | None:
        """Only the folders ``changed`` falls in walked and checked again; None when that
        cannot give what a whole walk would."""
        regions = _regions(state, changed)
        if regions is None:
            return None
        if progress is not None:
            progress(FINDING, 0, 0)
        folders = dict(state.folders)
        for region in regions:
            walked = _walk_folder(state, region)
            if walked is None:
                return None
            folders.update(walked)
        redo: set[str] = set()
        for region in regions:
            redo.update(f for f in folders if f == region or is_within(f, region))
        for folder, held in folders.items():
            if held.checked is not None and folder not in redo:
                entry = cache.entries.get(folder)  # None: not cacheable, its probes unknown
                if entry is None or not unchanged(entry.probes):
                    redo.add(folder)
        slots: list[Skill | None] = []
        fresh: list[SkillFolder] = []
        at: list[int] = []
        for folder, held in folders.items():
            if held.checked is None:  # left out (the configuration is the last load's)
                continue
            if folder not in redo:
                slots.append(held.checked)
                cache.used.add(folder)
            else:
                at.append(len(slots))
                slots.append(None)
                fresh.append(held.found)
        made = parse_and_check(fresh, limits, context, cache, 1, progress)
        for index, skill in zip(at, made, strict=True):
            slots[index] = skill
            folder = str(skill.dir)
            folders[folder] = dc.replace(folders[folder], checked=skill)
        skills = [skill for skill in slots if skill is not None]
        found = Discovered(tuple(held.found for held in folders.values()), state.diagnostics)
        self._state = dc.replace(state, folders=folders)
        self.last, self.rechecked = "changed", len(fresh)
        return found, skills

    # --- acceptances ------------------------------------------------------------------

    def accept(self, skills: Sequence[Skill], accepted: Sequence[Acceptance],
               inline_accept: str) -> list[Skill]:
        """:func:`skill_catalog.trust.accept.accept` on ``skills``, taking a skill's result
        from the last load while its content (fingerprint), findings and the configuration's
        acceptances are the same."""
        key = (tuple(accepted), inline_accept)
        if key != self._accept_key:
            self._accepted, self._accept_key = {}, key
        memo: dict[str, _Accepted] = {}
        result: list[Skill] = []
        for skill in skills:
            folder = str(skill.dir)
            known = self._accepted.get(folder)
            if (known is not None and skill.fingerprint
                    and known.fingerprint == skill.fingerprint
                    and known.before == skill.diagnostics):
                result.append(skill if known.after == skill.diagnostics
                              else dc.replace(skill, diagnostics=known.after))
                memo[folder] = known
                continue
            [done] = accept([skill], accepted, inline_accept)
            if skill.fingerprint:
                memo[folder] = _Accepted(skill.fingerprint, skill.diagnostics, done.diagnostics)
            result.append(done)
        self._accepted = memo
        return result


def _fast_path_possible(paths: Sequence[Path], found: Discovered, max_entries: int) -> bool:
    """Whether a library so found can be followed folder by folder: roots that are folders and
    do not overlap, no link, no walk issue that depends on the rest of the library, well
    under the entry limit."""
    roots = [str(p.absolute()) for p in paths]
    for index, root in enumerate(roots):
        if not os.path.isdir(root) or os.path.islink(root):
            return False
        if any(is_within(root, other) or is_within(other, root)
               for other in roots[index + 1:]):
            return False
    listed = len(found.skills) + sum(len(s.entries) for s in found.skills)
    if listed * MAX_ENTRIES_SHARE > max_entries:
        return False
    if any(entry.is_link for s in found.skills for entry in s.entries):
        return False
    return not any(_depends_on_more(d) for d in found.diagnostics) and not any(
        _depends_on_more(d) for s in found.skills for d in s.diagnostics)


_WALK_CODES = {"SC031", "SC032", "SC033", "SC034", "SC038", "SC041", "SC043"}
"""Discovery's codes for the walk issues of :data:`_LINK_ISSUES`."""


def _depends_on_more(d: Diagnostic) -> bool:
    return d.code in _WALK_CODES or d.code == "SC030"


def _regions(state: _State, changed: set[str]) -> list[str] | None:
    """The skill folders to walk again for ``changed`` (none inside another), or None when a
    path is outside every skill folder or is something the fast path cannot follow."""
    found: set[str] = set()
    for path in changed:
        root = next((r for r in state.roots if is_within(path, r)), None)
        if root is None or path == root:
            return None
        parts = path[len(root.rstrip(os.sep)) + 1:].split(os.sep)
        ignored = any(name in DEFAULT_SKIP_DIRS for name in parts[:-1])
        if not ignored and any(_marks_a_site(name) for name in parts):
            return None
        try:
            info = os.lstat(path)
        except OSError:
            info = None
        if info is not None and (stat.S_ISLNK(info.st_mode)
                                 or (stat.S_ISREG(info.st_mode) and info.st_nlink > 1)):
            return None  # a link's target, a hard link's twin: changed elsewhere too
        owner = _owner(path, root, state.folders)
        if owner is None:
            if ignored:  # inside a folder no walk enters (.git, node_modules...) of no skill
                continue
            return None
        found.add(owner)  # inside a skipped folder too: the skill's notice says it is there
    return [f for f in sorted(found)
            if not any(other != f and is_within(f, other) for other in found)]


def _marks_a_site(name: str) -> bool:
    return (name.lower() == SITE_MARKER or name == STATE_FOLDER
            or name.endswith(LEGACY_SUFFIXES))


def _owner(path: str, root: str, folders: dict[str, _Folder]) -> str | None:
    """The nearest skill folder at or above ``path``, below ``root``."""
    folder = path
    while True:
        if folder in folders:
            return folder
        if folder == root:
            return None
        parent = os.path.dirname(folder)
        if parent == folder:
            return None
        folder = parent


def _walk_folder(state: _State, region: str) -> dict[str, _Folder] | None:
    """Skill folder ``region`` (and the skills nested in it) as a whole walk would find them
    now, or None when that walk could see something else: the folder is gone or no longer a
    skill, a nested skill came or went, or the walk met a link or another issue that depends
    on more than this folder."""
    root = next(r for r in state.roots if is_within(region, r))
    depth = len(region[len(root.rstrip(os.sep)) + 1:].split(os.sep)) if region != root else 0
    if depth > state.max_depth:
        return None
    try:
        if not stat.S_ISDIR(os.lstat(region).st_mode):
            return None
    except OSError:
        return None
    found = discover([Path(region)], max_depth=state.max_depth - depth,
                     max_entries=state.max_entries)
    if found.diagnostics:
        return None  # the folder itself could not be read, or holds no skill now
    before = {f: held for f, held in state.folders.items() if f == region or is_within(f, region)}
    now = {str(s.dir): s for s in found.skills}
    if now.keys() != before.keys():
        return None
    result: dict[str, _Folder] = {}
    for folder, skill in now.items():
        entries = skill.entries
        if any(e.is_link for e in entries) or any(
                _depends_on_more(d) or d.code == "SC037" for d in skill.diagnostics):
            return None  # SC037 names the depth limit, which this walk counts from here
        old = before[folder]
        if skill.skill_md != old.found.skill_md:
            return None
        skill = dc.replace(skill, root=old.found.root,
                           nested_in=old.found.nested_in if folder == region else skill.nested_in)
        result[folder] = _Folder(skill, old.checked)
    return result


__all__ = ["Watched", "kept", "selected"]
