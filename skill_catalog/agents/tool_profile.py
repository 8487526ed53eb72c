"""The shape of an agent tool profile: where a tool looks for skills and instruction files, how
it walks, what it rejects and which of two same-named skills it keeps.

A profile is data; :mod:`skill_catalog.agents.profiles` holds one entry per tool and
:mod:`~skill_catalog.agents.agent_view` / :mod:`~skill_catalog.agents.instructions`
evaluate any entry the same way. Folder templates are described in
:mod:`skill_catalog.agents.launch`.
"""

from __future__ import annotations

import dataclasses as dc
from typing import Literal

from skill_catalog.agents.launch import NoGit, WalkUp, is_project_template
from skill_catalog.model import Budget

Duplicates = Literal[
    "first-wins", "last-wins", "keep-all", "scope-precedence", "sorted-path-last-wins"
]
"""Which of two skills with the same key a tool keeps: the one found first, the one loaded last,
both, the one of the higher scope (``Profile.scope_order``), or - Crush - the one whose folder
path sorts last, case-insensitively."""
Key = Literal["name", "folder", "name-or-folder"]
"""What a tool calls a skill by: the frontmatter name, the folder name, or the name falling back
to the folder."""
Order = Literal["nearest-first", "root-first"]


@dc.dataclass(slots=True, frozen=True)
class Root:
    """One folder (template) a tool searches, with the scope it gives what it finds there."""

    template: str
    scope: str
    """``project``, ``personal``, ``managed``, ``repo``, ``user``, ``system``, ``admin``, ..."""
    unless_env: tuple[str, ...] = ()
    """Environment variables that switch this folder off when set (non-empty)."""
    scan_hidden: bool | None = None
    """Overrides ``Profile.scan_hidden`` for this folder."""
    follow_links: bool | None = None
    """Overrides ``Profile.follow_dir_links`` for this folder."""
    documented: bool = False
    """In a verified profile: this folder was not part of the runs (a system folder the harness
    cannot write), so it stays from documentation or source only."""
    order: Order | None = None
    """Overrides ``Profile.walk_order`` for this ``{dir}`` folder (Codex reads ``.codex/skills``
    nearest first but ``.agents/skills`` from the project root down)."""


@dc.dataclass(slots=True, frozen=True)
class InstructionRules:
    """Which instruction files (AGENTS.md, CLAUDE.md, ...) a tool reads, in its load order:
    global files first, then the project folders in ``order``."""

    global_files: tuple[Root, ...] = ()
    """Templates of global files (``*`` patterns allowed), in priority order."""
    global_pick: Literal["all", "first"] = "all"
    """Read every global file found, or only the first."""
    names: tuple[str, ...] = ()
    """Paths looked up in each project folder, in priority order (``*``/``**`` patterns)."""
    pick: Literal["all", "first-per-folder", "first-name-anywhere"] = "all"
    """Every match; the first name found in each folder (Codex); or every match of the first
    name found in any folder (OpenCode: any AGENTS.md suppresses every CLAUDE.md)."""
    walk_up: WalkUp = "none"
    no_git: NoGit = "cwd"
    order: Order = "root-first"
    """Load order of the project folders: farthest parent first, or the start folder first."""
    skip_empty: bool = False
    casefold_paths: bool = False
    """Crush: a path whose lower-cased form was already listed is skipped, even when that
    earlier file does not exist."""
    unless_env: tuple[str, ...] = ()
    """Environment variables that switch instruction files off altogether."""


@dc.dataclass(slots=True, frozen=True)
class Verified:
    """The release of a tool whose real behaviour a profile was checked against: the harness in
    ``tests/realtools`` runs that release against a model stub and compares what it sends."""

    package: str
    """The npm package, e.g. ``@anthropic-ai/claude-code``."""
    version: str
    """The release the harness installs first (the newest checked)."""
    also: tuple[str, ...] = ()
    """Older releases the harness runs the same checks against, newest first."""

    @property
    def versions(self) -> tuple[str, ...]:
        return (self.version, *self.also)


@dc.dataclass(slots=True, frozen=True)
class Profile:
    """Everything that decides which skills an agent tool loads, as one table entry.

    Facts come from ../shared/reference/agent-tools-discovery.md ([src] source, [doc] docs)
    and the seed design notes; ``notes`` says where a value is inferred ([inf]) or reverse
    engineered ([re]), and ``inferred`` names those fields so docs/agents.md can mark them.
    """

    name: str
    title: str
    source: str
    """Where the facts come from (repository@commit, docs, seed note)."""
    roots: tuple[Root, ...]
    """Skill folders in the tool's search order. Consecutive ``{dir}`` roots are expanded folder
    by folder (every root of the first folder, then of the next), in ``walk_order``."""
    walk_up: WalkUp = "none"
    no_git: NoGit = "fs-root"
    walk_order: Order = "nearest-first"
    extra_template: str | None = None
    """How a user-configured folder becomes a root (``{extra}``, or ``{extra}/.claude/skills``
    for ``--add-dir``); None when the tool has no such setting."""
    extra_setting: str = ""
    """The setting's name, for docs and help."""
    extra_first: bool = False
    """Configured folders come before the defaults (Crush) rather than after."""
    min_depth: int = 1
    """Depth of a skill folder below its root: 0 is the root itself, 1 is ``<root>/<name>``."""
    max_depth: int | None = 1
    """None: any depth (recursive)."""
    scan_hidden: bool = True
    skip_dirs: frozenset[str] = frozenset()
    follow_dir_links: bool = True
    follow_file_links: bool = True
    same_file: Literal["path", "realpath"] = "path"
    """When one SKILL.md is reached twice: loaded once per path, or once per real file."""
    file_names: tuple[str, ...] = ("SKILL.md",)
    """Exact (case-sensitive) names of the skill file."""
    key: Key = "name"
    key_casefold: bool = False
    duplicates: Duplicates = "first-wins"
    scope_order: tuple[str, ...] = ()
    """For ``scope-precedence``: scopes from strongest to weakest."""
    rejects: tuple[str, ...] = ()
    """Keys of :data:`skill_catalog.agents.skill_checks.CHECKS`, in the order applied."""
    yaml_fallback: bool = False
    """Gemini CLI: when the YAML does not parse, ``name:``/``description:`` lines are read."""
    skills_layer: bool = False
    """ShipMyAgent: a root not named ``skills`` that holds a ``skills/`` folder is read there."""
    project_only: bool = False
    """ShipMyAgent: roots outside the project (cwd) are skipped unless external paths are
    allowed (``allowExternalPaths``)."""
    budget: Budget | None = None
    """Room for the skill listing in the prompt; None when the tool sets no limit."""
    instructions: InstructionRules = InstructionRules()
    notes: tuple[str, ...] = ()
    inferred: frozenset[str] = frozenset()
    observed: str | None = None
    """Key of :data:`skill_catalog.observed.OBSERVED`: the tool's own reading of SKILL.md and its
    listing, as observed by running it. Then ``rejects``, ``key`` and ``yaml_fallback`` are not
    used: the observed reader decides."""
    unverified: frozenset[str] = frozenset()
    """Fields a verified profile still takes from documentation or source, not from a run (a
    system folder the harness cannot write, a setting it does not pass)."""
    verified: Verified | None = None
    """The release the rules were checked against by running it; None: from documentation
    (or source) only."""
    """Fields whose value is inferred or reverse engineered rather than read in source/docs."""

    @property
    def project_roots(self) -> tuple[Root, ...]:
        return tuple(r for r in self.roots if is_project_template(r.template))

    @property
    def global_roots(self) -> tuple[Root, ...]:
        return tuple(r for r in self.roots if not is_project_template(r.template))
