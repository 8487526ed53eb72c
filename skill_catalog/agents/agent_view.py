"""What one agent tool would load: its roots walked with its own policy, its rejections, and its
rule for same-named skills. :func:`see` evaluates any profile; :func:`would_load` answers for one
skill of a library checked out as a project.
"""

from __future__ import annotations

import dataclasses as dc
import os
import re
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Literal

from skill_catalog.agents.launch import Launch, expand, folders_up, user_path
from skill_catalog.agents.skill_checks import rejection
from skill_catalog.agents.tool_profile import Duplicates, Profile, Root
from skill_catalog.fs.safe_fs import read_limited
from skill_catalog.fs.walk import FileEntry, is_within, walk
from skill_catalog.model import Skill, SkillFolder
from skill_catalog.observed import OBSERVED, Reading
from skill_catalog.observed.common import read_once
from skill_catalog.parse.skill import ParseLimits, parse_skill

Status = Literal["loaded", "shadowed", "rejected", "absent"]
UNBOUNDED_DEPTH = 32
"""How deep a "recursive" tool is followed here: far beyond any real skill library."""
_FRONTMATTER = re.compile(r"^---\r?\n([\s\S]*?)\r?\n---")
_KEY_LINE = re.compile(r"^([A-Za-z][\w-]*):\s*(.*?)\s*$")


@dc.dataclass(slots=True, frozen=True)
class SearchedRoot:
    path: Path
    scope: str
    scan_hidden: bool
    follow_links: bool
    skipped: str = ""
    """Why the tool does not read this folder after all (ShipMyAgent's external paths)."""


@dc.dataclass(slots=True, frozen=True)
class Loaded:
    name: str
    """The name the tool knows the skill by (frontmatter name or folder, per profile)."""
    path: Path
    """The skill folder."""
    scope: str
    root: Path
    skill_md: Path


@dc.dataclass(slots=True, frozen=True)
class Shadowed:
    name: str
    path: Path
    by: Path
    """The folder of the skill that wins."""
    reason: str
    skill_md: Path


@dc.dataclass(slots=True, frozen=True)
class Rejected:
    path: Path
    reason: str
    skill_md: Path


@dc.dataclass(slots=True)
class ToolView:
    """The skills a tool would load from one launch, and those it would not, with reasons."""

    profile: Profile
    launch: Launch
    roots: list[SearchedRoot]
    skills: list[Loaded]
    shadowed: list[Shadowed]
    rejected: list[Rejected]
    _index: dict[str, tuple[Status, Loaded | Shadowed | Rejected]] | None = None
    found_order: list[Loaded] = dc.field(default_factory=list)
    """The loaded skills in the order the tool found them (``skills`` is sorted by name)."""
    readings: dict[Path, Reading] = dc.field(default_factory=dict)
    """For an observed tool, each SKILL.md as the tool reads it."""

    def unlisted(self, skill_md: Path) -> str | None:
        """Why a loaded skill is kept out of the model's listing (None: it is listed)."""
        reading = self.readings.get(skill_md)
        return reading.unlisted if reading is not None else None

    def find(self, skill_md: Path, *, real: Callable[[Path], str] = os.path.realpath
             ) -> tuple[Status, Loaded | Shadowed | Rejected | None]:
        """The status of the SKILL.md at ``skill_md`` (compared by real path).

        :param real: what gives a path's real path; a caller judging many skills against
            several views passes one that remembers them (the file system must not change
            meanwhile).
        """
        if self._index is None:
            index: dict[str, tuple[Status, Loaded | Shadowed | Rejected]] = {}
            for rejected in self.rejected:
                index[os.path.realpath(rejected.skill_md)] = ("rejected", rejected)
            for shadowed in self.shadowed:
                index[os.path.realpath(shadowed.skill_md)] = ("shadowed", shadowed)
            for loaded in self.skills:
                index[os.path.realpath(loaded.skill_md)] = ("loaded", loaded)
            self._index = index
        found = self._index.get(real(skill_md)) if self._index else None
        return found if found is not None else ("absent", None)


@dc.dataclass(slots=True, frozen=True)
class ToolReading:
    """A SKILL.md as one tool reads it on its own."""

    key: str
    """The name the tool knows it by."""
    problem: str | None = None
    """Why the tool does not load it (None: it does)."""
    unlisted: str | None = None
    """Why a loaded skill is kept out of the model's listing."""
    observed: Reading | None = None
    """The observed tool's own reading (its name, description and label for the listing)."""


def reading(skill: Skill, profile: Profile, found: dict[str, str | None] | None = None
            ) -> ToolReading:
    """How ``profile``'s tool reads ``skill``'s SKILL.md on its own, wherever it is: the
    observed reader of a tool whose real CLI was run, else the profile's frontmatter checks.
    Every answer about whether a tool loads a skill comes from here.

    :param found: answers of the frontmatter checks already run on this skill
        (:func:`~skill_catalog.agents.skill_checks.rejection`), shared between tools.
    """
    tool = OBSERVED.get(profile.observed) if profile.observed else None
    if tool is not None:
        read = tool.read(skill.skill_md)
        return ToolReading(read.name, read.problem,
                           read.unlisted if read.problem is None else None, read)
    return ToolReading(_key(skill, profile), rejection(skill, profile.rejects, found))


@dc.dataclass(slots=True, frozen=True)
class Verdict:
    loaded: bool
    reason: str


@dc.dataclass(slots=True)
class _Candidate:
    order: int
    key: str
    skill: Skill
    scope: str
    root: Path
    label: str = ""


SkillCache = dict[Path, Skill]


def plan_roots(
    profile: Profile, launch: Launch, extra_paths: Sequence[str | Path] = (),
    *, allow_external_paths: bool = False,
) -> list[SearchedRoot]:
    """The folders ``profile`` searches for ``launch``, in its search order, each once."""
    if extra_paths and profile.extra_template is None:
        raise ValueError(f"{profile.title} has no setting for extra skill folders")
    nearest = folders_up(launch.cwd, profile.walk_up, profile.no_git)
    planned: list[tuple[Path | None, Root]] = []
    group: list[Root] = []

    def flush() -> None:
        order = group[0].order or profile.walk_order if group else profile.walk_order
        folders = nearest[::-1] if order == "root-first" else nearest
        planned.extend((expand(r.template, launch, folder=f), r) for f in folders for r in group)
        group.clear()

    for root in profile.roots:
        if any(launch.env.get(name) for name in root.unless_env):
            continue
        if "{dir}" in root.template:
            if group and group[0].order != root.order:
                flush()
            group.append(root)
            continue
        flush()
        planned.append((expand(root.template, launch), root))
    flush()
    if profile.extra_template is not None:
        extra_root = Root(profile.extra_template, "extra")
        extras = [(expand(profile.extra_template, launch, extra=user_path(e, launch)), extra_root)
                  for e in extra_paths]
        planned = [*extras, *planned] if profile.extra_first else [*planned, *extras]
    result: list[SearchedRoot] = []
    seen: set[Path] = set()
    project = os.path.realpath(launch.cwd)
    for path, root in planned:
        if path is None:
            continue
        if profile.skills_layer and path.name != "skills" and (path / "skills").is_dir():
            path = path / "skills"
        if path in seen:
            continue
        seen.add(path)
        skipped = ""
        if (profile.project_only and not allow_external_paths
                and not is_within(os.path.realpath(path), project)):
            skipped = "outside the project, and external paths are not allowed"
        hidden = profile.scan_hidden if root.scan_hidden is None else root.scan_hidden
        follow = profile.follow_dir_links if root.follow_links is None else root.follow_links
        result.append(SearchedRoot(path, root.scope, hidden, follow, skipped))
    return result


def skill_files(root: Path, profile: Profile, *, hidden: bool, follow: bool) -> list[Path]:
    """The skill files under ``root`` that ``profile`` would open, in walk order.

    The bounded walk keeps loops and aliases safe; a tool that follows links follows them out
    of its root too (boundary ``/``), one that does not has its linked folders pruned.
    """
    if not root.is_dir():
        return []
    skip = profile.skip_dirs

    def skip_dir(name: str) -> bool:
        return name in skip or (not hidden and name.startswith("."))

    found: list[Path] = []
    for item in walk(
        root,
        boundary=Path(os.sep) if follow else None,
        max_depth=profile.max_depth if profile.max_depth is not None else UNBOUNDED_DEPTH,
        skip_dir=skip_dir,
        prune=None if follow else Path.is_symlink,
    ):
        if not isinstance(item, FileEntry) or item.name not in profile.file_names:
            continue
        if item.is_link and not profile.follow_file_links:
            continue
        if len(item.path.parent.relative_to(root).parts) >= profile.min_depth:
            found.append(item.path)
    return found


def _line_frontmatter(path: Path) -> dict[str, str] | None:
    """``key: value`` lines of the frontmatter, read the way Gemini CLI's fallback parser does."""
    try:
        data, _ = read_limited(path, ParseLimits().max_skill_md_bytes)
    except OSError:
        return None
    match = _FRONTMATTER.match(data.decode("utf-8", errors="replace"))
    if match is None:
        return None
    fields: dict[str, str] = {}
    for line in match.group(1).splitlines():
        found = _KEY_LINE.match(line)
        if found and found.group(2):
            fields.setdefault(found.group(1), found.group(2).strip("'\""))
    return fields


def read_skill(skill_md: Path, root: Path, cache: SkillCache | None = None) -> Skill:
    """Parse one skill file with the library's parser (memoised in ``cache``)."""
    if cache is not None and skill_md in cache:
        return cache[skill_md]
    skill = parse_skill(SkillFolder(root=root, dir=skill_md.parent, skill_md=skill_md),
                        ParseLimits(), contained=False)  # as the tool reads it
    if cache is not None:
        cache[skill_md] = skill
    return skill


def _as_seen(skill: Skill, profile: Profile) -> Skill:
    if skill.parsed or not profile.yaml_fallback:
        return skill
    fields = _line_frontmatter(skill.skill_md)
    if not fields:
        return skill
    return dc.replace(skill, frontmatter=dict(fields), parsed=True, diagnostics=(),
                      verdict=None)


def _key(skill: Skill, profile: Profile) -> str:
    return skill.dir.name if profile.key == "folder" else (skill.name or skill.dir.name)


def see(
    profile: Profile,
    launch: Launch,
    extra_paths: Sequence[str | Path] = (),
    *,
    allow_external_paths: bool = False,
    cache: SkillCache | None = None,
) -> ToolView:
    """The skills ``profile``'s tool would load when started as ``launch`` describes.

    :param extra_paths: folders the user configured for the tool (``skills.paths``, ...).
    :param allow_external_paths: ShipMyAgent's ``allowExternalPaths``.
    :param cache: parsed skills shared between calls (``see_all`` passes one).
    """
    roots = plan_roots(profile, launch, extra_paths, allow_external_paths=allow_external_paths)
    view = ToolView(profile, launch, roots, [], [], [])
    candidates: list[_Candidate] = []
    seen_paths: set[Path] = set()
    first_real: dict[str, _Candidate] = {}
    tool = OBSERVED.get(profile.observed) if profile.observed else None
    for searched in roots:
        if searched.skipped:
            continue
        if tool is not None and tool.walk is not None:
            files = tool.walk(searched.path, searched.follow_links)
        else:
            files = skill_files(searched.path, profile, hidden=searched.scan_hidden,
                                follow=searched.follow_links)
            if tool is not None and tool.order is not None:
                files.sort(key=tool.order)
        for skill_md in files:
            if skill_md in seen_paths:
                continue
            seen_paths.add(skill_md)
            skill = _as_seen(read_skill(skill_md, searched.path, cache), profile)
            read = reading(skill, profile)
            if read.observed is not None:
                view.readings[skill_md] = read.observed
            problem, key = read.problem, read.key
            if problem is not None:
                view.rejected.append(Rejected(
                    skill.dir, f"{problem} ({profile.title} does not load it)", skill_md))
                continue
            candidate = _Candidate(len(candidates), key, skill, searched.scope, searched.path)
            if profile.same_file == "realpath":
                real = os.path.realpath(skill_md)
                if real in first_real:
                    by = first_real[real].skill.dir
                    view.shadowed.append(Shadowed(
                        candidate.key, skill.dir, by, f"the same SKILL.md as {by} (reached "
                        f"through a symbolic link); {profile.title} loads it once", skill_md))
                    continue
                first_real[real] = candidate
            candidates.append(candidate)
    _resolve(view, candidates)
    return view


def _pick_first(group: list[_Candidate], profile: Profile) -> _Candidate:
    return min(group, key=lambda c: c.order)


def _pick_last(group: list[_Candidate], profile: Profile) -> _Candidate:
    return max(group, key=lambda c: c.order)


def _pick_scope(group: list[_Candidate], profile: Profile) -> _Candidate:
    rank = {scope: i for i, scope in enumerate(profile.scope_order)}
    return min(group, key=lambda c: (rank.get(c.scope, len(rank)), c.order))


def _pick_sorted_path(group: list[_Candidate], profile: Profile) -> _Candidate:
    return max(group, key=lambda c: (str(c.skill.dir).lower(), c.key))


def _why_first(winner: _Candidate, loser: _Candidate, profile: Profile) -> str:
    if winner.scope != loser.scope and profile.duplicates == "scope-precedence":
        return f"{winner.scope} beats {loser.scope} in {profile.title}"
    if winner.root != loser.root:
        return f"{profile.title} reads {winner.root} first and keeps the first '{winner.key}'"
    return f"found first in {winner.root}; {profile.title} keeps the first '{winner.key}'"


def _why_last(winner: _Candidate, loser: _Candidate, profile: Profile) -> str:
    where = f"reads {winner.root} later" if winner.root != loser.root else "finds it later"
    return f"{profile.title} {where} and the last '{winner.key}' loaded wins"


def _why_sorted(winner: _Candidate, loser: _Candidate, profile: Profile) -> str:
    return (f"{profile.title} sorts skill folders by lower-cased path and keeps the last "
            f"'{winner.key}'")


_Pick = Callable[[list[_Candidate], Profile], _Candidate]
_Why = Callable[[_Candidate, _Candidate, Profile], str]
_POLICIES: dict[Duplicates, tuple[_Pick, _Why] | None] = {
    "first-wins": (_pick_first, _why_first),
    "last-wins": (_pick_last, _why_last),
    "scope-precedence": (_pick_scope, _why_first),
    "sorted-path-last-wins": (_pick_sorted_path, _why_sorted),
    "keep-all": None,
}


def _resolve(view: ToolView, candidates: list[_Candidate]) -> None:
    profile = view.profile
    policy = _POLICIES[profile.duplicates]
    groups: dict[str, list[_Candidate]] = {}
    for candidate in candidates:
        key = candidate.key.casefold() if profile.key_casefold else candidate.key
        groups.setdefault(key, []).append(candidate)
    winners: list[_Candidate] = []
    # Where a winner is listed: the first place of its name (Gemini CLI overrides a skill in
    # place; for every other rule the winner is the first found anyway).
    place: dict[int, int] = {}
    for group in groups.values():
        if policy is None or len(group) == 1:
            winners.extend(group)
            continue
        pick, why = policy
        winner = pick(group, profile)
        winners.append(winner)
        place[id(winner)] = min(c.order for c in group)
        for loser in sorted(group, key=lambda c: c.order):
            if loser is winner:
                continue
            reason = why(winner, loser, profile)
            if loser.key != winner.key:
                reason += f"; '{loser.key}' and '{winner.key}' match ignoring case"
            view.shadowed.append(Shadowed(loser.key, loser.skill.dir, winner.skill.dir,
                                          f"shadowed by {winner.skill.dir} ({reason})",
                                          loser.skill.skill_md))
    rank = {scope: i for i, scope in enumerate(profile.scope_order)}
    if profile.duplicates == "keep-all" and rank:
        winners.sort(key=lambda c: (rank.get(c.scope, len(rank)), c.key, str(c.skill.dir)))
    else:
        winners.sort(key=lambda c: (c.key.casefold(), str(c.skill.dir)))
    view.skills = [Loaded(c.key, c.skill.dir, c.scope, c.root, c.skill.skill_md)
                   for c in winners]
    by_order = sorted(winners, key=lambda c: place.get(id(c), c.order))
    view.found_order = [Loaded(c.key, c.skill.dir, c.scope, c.root, c.skill.skill_md)
                        for c in by_order]


def see_all(
    profiles: Iterable[Profile], launch: Launch, *, cache: SkillCache | None = None
) -> dict[str, ToolView]:
    """The view of every profile from the same launch, parsing each skill file once (and
    reading it once for every observed tool)."""
    shared: SkillCache = {} if cache is None else cache
    with read_once():
        return {p.name: see(p, launch, cache=shared) for p in profiles}


def project_views(profiles: Iterable[Profile], project_root: Path) -> dict[str, ToolView]:
    """Each profile's :func:`project_view` of ``project_root``, the observed tools reading
    each skill file once for all of them."""
    with read_once():
        return {p.name: project_view(p, project_root) for p in profiles}


def project_view(profile: Profile, project_root: Path, cache: SkillCache | None = None
                 ) -> ToolView:
    """The tool's view of a checkout alone: started in ``project_root`` with an empty
    environment, reading only its project folders (no home, system or managed folder)."""
    launch = Launch(cwd=Path(os.path.realpath(project_root)), home=None, env={})
    return see(dc.replace(profile, roots=profile.project_roots), launch, cache=cache)


def would_load(skill: Skill, profile: Profile, project_root: Path,
               view: ToolView | None = None, *,
               real: Callable[[Path], str] = os.path.realpath) -> Verdict:
    """Whether ``profile``'s tool, started in ``project_root`` (the library checked out as a
    project), loads ``skill`` - and if not, why. Pass ``view`` (from :func:`project_view`) to
    judge many skills against one walk, and ``real`` as for :meth:`ToolView.find`."""
    view = view or project_view(profile, project_root)
    _status, item = view.find(skill.skill_md, real=real)
    if isinstance(item, Loaded):
        return Verdict(True, f"{profile.title} loads it as '{item.name}' from "
                             f"{_shown(item.root, view.launch.cwd)} ({item.scope})")
    if isinstance(item, Shadowed):
        return Verdict(False, item.reason)
    if isinstance(item, Rejected):
        return Verdict(False, f"rejected: {item.reason}")
    return Verdict(False, _absent_reason(skill, profile, view))


def _shown(path: Path, base: Path) -> str:
    try:
        return path.relative_to(base).as_posix() or "."
    except ValueError:
        return str(path)


def layout(profile: Profile, launch: Launch) -> str:
    """Where the tool looks in a project, in words: ``.claude/skills/<name>/SKILL.md one level
    deep (in the cwd and its parents up to the git root)``."""
    folders: list[str] = []
    for root in profile.project_roots:
        path = expand(root.template, launch, folder=launch.cwd)
        if path is not None and (shown := _shown(path, launch.cwd)) not in folders:
            folders.append(shown)
    file_name = profile.file_names[0]
    if profile.max_depth is None:
        patterns, depth = [f"{f}/**/{file_name}" for f in folders], "at any depth"
    elif profile.min_depth == profile.max_depth == 1:
        patterns, depth = [f"{f}/<name>/{file_name}" for f in folders], "one level deep"
    elif profile.max_depth == 1:
        patterns = [f"{f}/{file_name} or {f}/<name>/{file_name}" for f in folders]
        depth = "one level deep"
    else:
        patterns = [f"{f}/**/{file_name}" for f in folders]
        depth = f"up to {profile.max_depth} levels deep"
    where = {"none": "", "git-root": " (in the cwd and its parents up to the git root)",
             "fs-root": " (in the cwd and every parent)"}[profile.walk_up]
    return f"{', '.join(patterns)} {depth}{where}"


def _absent_reason(skill: Skill, profile: Profile, view: ToolView) -> str:
    cwd = view.launch.cwd
    real_dir = Path(os.path.realpath(skill.dir))
    at = _shown(real_dir, cwd)
    if not profile.project_roots:
        globals_ = ", ".join(r.template for r in profile.global_roots)
        return (f"{profile.title} reads no skills from a project folder, only from {globals_}; "
                f"this skill is at {at}")
    if skill.skill_md.name not in profile.file_names:
        return (f"{profile.title} opens only {' or '.join(profile.file_names)}; this skill's "
                f"file is {skill.skill_md.name}")
    for searched in view.roots:
        root = Path(os.path.realpath(searched.path))
        if not is_within(str(real_dir), str(root)):
            continue
        if searched.skipped:
            return f"{profile.title} does not read {searched.path}: {searched.skipped}"
        problem = _why_not_found(skill, real_dir.relative_to(root).parts, profile, searched)
        if problem:
            return f"{profile.title} {problem}; this skill is at {at}"
    return f"{profile.title} reads only {layout(profile, view.launch)}; this skill is at {at}"


def _why_not_found(skill: Skill, parts: tuple[str, ...], profile: Profile,
                   searched: SearchedRoot) -> str:
    """What keeps a skill below a searched root out, when its depth is right."""
    if len(parts) < profile.min_depth or (profile.max_depth is not None
                                          and len(parts) > profile.max_depth):
        return ""
    for part in parts:
        if part in profile.skip_dirs:
            return f"skips '{part}' folders"
        if part.startswith(".") and not searched.scan_hidden:
            return f"skips hidden folders such as '{part}'"
    if skill.skill_md.is_symlink() and not profile.follow_file_links:
        return "ignores a SKILL.md that is a symbolic link"
    linked = [p for p in (skill.dir, *skill.dir.parents) if p.is_symlink()]
    if linked and not searched.follow_links:
        return f"does not follow the symbolic link {linked[0]}"
    return ""
